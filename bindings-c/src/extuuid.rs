//! EXTUUID: typed values (symbols, amounts, numbers, quantities, times, vectors) carried in
//! version 8 UUIDs, read and written in their printed form (`docs/extuuid.md`).

use core::ffi::c_char;

use polyid::extuuid;

use crate::ffi::*;

/// Bytes for a UUID text `8-4-4-4-12` (36 characters) and its NUL.
pub const POLYID_EXTUUID_LEN: usize = 37;
/// Bytes that always suffice for a canonical printed form and its NUL: every printed form
/// the core reads back is at most 1024 bytes, and every canonical form reads back.
pub const POLYID_EXTUUID_TEXT_LEN: usize = 1025;

with_n_twin! {
    /// The EXTUUID of a printed form (the `extuuid:` prefix is optional), e.g.
    /// "fixedB4:GBP$:222.31" -> "49083027-d200-8000-8000-00000021ebfc" (lower case).
    ///
    /// `text`: NUL-terminated UTF-8, at most 1024 bytes. `out`: at least `POLYID_EXTUUID_LEN`
    /// (37) bytes.
    ///
    /// Errors: `POLYID_NULL_POINTER` (text, out), `POLYID_INVALID_UTF8`,
    /// `POLYID_BUFFER_TOO_SMALL` (out_cap < 37), and the EXTUUID text errors
    /// `POLYID_INVALID_FORMAT`, `POLYID_INVALID_LENGTH`, `POLYID_INVALID_CHARACTER`,
    /// `POLYID_OUT_OF_RANGE`, `POLYID_INVALID_UNIT`, `POLYID_RESERVED_TYPE`,
    /// `POLYID_RESERVED_BITS`, `POLYID_UNSUPPORTED_SCHEME`. On any failure `out` holds ""
    /// (when out != NULL and out_cap > 0).
    fn polyid_extuuid_encode;
    /// `polyid_extuuid_encode()` for a text given as `text_len` bytes.
    fn polyid_extuuid_encode_n;
    (
        text / text_len: str,
        out: *mut c_char,
        out_cap: usize,
        err: *mut polyid_error,
    ) -> polyid_status {
        run(err, || {
            let out = OutStr::new(out, out_cap, "out");
            let text = text()?;
            out.check(POLYID_EXTUUID_LEN)?;
            out.write(extuuid::encode_text(text)?.as_bytes())
        })
    }
}

with_n_twin! {
    /// The canonical printed form of an EXTUUID, e.g. "49083027-d200-8000-8000-00000021ebfc"
    /// -> "extuuid:fixedB4:GBP$:222.31".
    ///
    /// `uuid`: NUL-terminated UTF-8, `8-4-4-4-12`, either case. `out`: `out_cap` bytes for the
    /// text and its NUL; `POLYID_EXTUUID_TEXT_LEN` (1025) always suffices, and the size needed
    /// is reported as `err->expected` with `POLYID_BUFFER_TOO_SMALL`.
    ///
    /// Errors: `POLYID_NULL_POINTER` (uuid, out), `POLYID_INVALID_UTF8`,
    /// `POLYID_INVALID_LENGTH` (not 36 bytes), `POLYID_INVALID_CHARACTER`,
    /// `POLYID_INVALID_FORMAT`, `POLYID_NOT_UUID_V8`, `POLYID_RESERVED_TYPE`,
    /// `POLYID_RESERVED_BITS`, `POLYID_UNSUPPORTED_SCHEME`, `POLYID_INVALID_UNIT`,
    /// `POLYID_OUT_OF_RANGE`, `POLYID_BUFFER_TOO_SMALL`. On any failure `out` holds "" (when
    /// out != NULL and out_cap > 0).
    fn polyid_extuuid_decode;
    /// `polyid_extuuid_decode()` for a UUID given as `uuid_len` bytes.
    fn polyid_extuuid_decode_n;
    (
        uuid / uuid_len: str,
        out: *mut c_char,
        out_cap: usize,
        err: *mut polyid_error,
    ) -> polyid_status {
        run(err, || {
            let out = OutStr::new(out, out_cap, "out");
            let uuid = uuid()?;
            out.check_ptr()?;
            out.write(extuuid::decode_text(uuid)?.as_bytes())
        })
    }
}

with_n_twin! {
    /// The typed fields of an EXTUUID as JSON text: `{"kind", "uuid", "text", <fields>...}`,
    /// no whitespace, integers as decimal strings (they reach 2^116), floats as JSON numbers
    /// (shortest round-trip digits), lists as lists. The fields of each kind are listed in
    /// docs/extuuid.md ("Inspect"), e.g. "int:42" ->
    /// `{"kind":"int","uuid":"...","text":"extuuid:int:42","value":"42"}`.
    ///
    /// `input`: NUL-terminated UTF-8, a UUID (36 characters with dashes at 8, 13, 18, 23) or a
    /// printed form. `out`: `out_cap` bytes for the text and its NUL; the size needed is
    /// reported as `err->expected` with `POLYID_BUFFER_TOO_SMALL`.
    ///
    /// Errors: `POLYID_NULL_POINTER` (input, out), `POLYID_INVALID_UTF8`, those of
    /// `polyid_extuuid_decode()` for a UUID and of `polyid_extuuid_encode()` for a printed
    /// form, `POLYID_BUFFER_TOO_SMALL`. On any failure `out` holds "" (when out != NULL and
    /// out_cap > 0).
    fn polyid_extuuid_inspect;
    /// `polyid_extuuid_inspect()` for an input given as `input_len` bytes.
    fn polyid_extuuid_inspect_n;
    (
        input / input_len: str,
        out: *mut c_char,
        out_cap: usize,
        err: *mut polyid_error,
    ) -> polyid_status {
        run(err, || {
            let out = OutStr::new(out, out_cap, "out");
            let input = input()?;
            out.check_ptr()?;
            out.write(extuuid::inspect(input)?.to_json().as_bytes())
        })
    }
}
