//! uid11: a u64 as 11 Base58 symbols.

use core::ffi::c_char;

use polyid::uid11;

use crate::ffi::*;

/// Bytes for a uid11 text (11 Base58 symbols) and its NUL.
pub const POLYID_UID11_LEN: usize = 12;

const _: () = assert!(POLYID_UID11_LEN == uid11::LEN + 1);

/// The 11-symbol uid11 text of `value`, e.g. 18446744073709551615 -> "jpXCZedGfVQ".
///
/// `out`: at least `POLYID_UID11_LEN` (12) bytes.
///
/// Errors: `POLYID_NULL_POINTER` (out), `POLYID_BUFFER_TOO_SMALL`. On failure `out` holds
/// "" (when out != NULL and out_cap > 0).
#[no_mangle]
pub unsafe extern "C" fn polyid_uid11_encode(
    value: u64,
    out: *mut c_char,
    out_cap: usize,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let out = OutStr::new(out, out_cap, "out");
        out.check(POLYID_UID11_LEN)?;
        let mut text = [0u8; uid11::LEN];
        uid11::encode_into(value, &mut text);
        out.write(&text)
    })
}

with_n_twin! {
    /// Decodes exactly 11 Base58 symbols into `*out`, e.g. "11111111121" -> 58.
    ///
    /// `text`: NUL-terminated UTF-8. `out`: written only on success.
    ///
    /// Errors: `POLYID_NULL_POINTER` (text, out), `POLYID_INVALID_UTF8`, `POLYID_INVALID_LENGTH`
    /// (not 11 bytes; `found`/`expected`), `POLYID_INVALID_CHARACTER` (`index`/`character`),
    /// `POLYID_OVERFLOW` (value >= 2^64, i.e. above "jpXCZedGfVQ").
    fn polyid_uid11_decode;
    /// `polyid_uid11_decode()` for a text given as `text_len` bytes.
    fn polyid_uid11_decode_n;
    (
        text / text_len: str,
        out: *mut u64,
        err: *mut polyid_error,
    ) -> polyid_status {
        parse_to(text, out, err, |t| Ok(uid11::decode(t)?))
    }
}

/// Writes an optional inclusive range: `*found` says whether there is one.
pub(crate) unsafe fn range_out<T: Copy>(
    range: Option<(T, T)>,
    lo: Out<T>,
    hi: Out<T>,
    found: Out<bool>,
) -> Res<()> {
    match range {
        Some((a, b)) => {
            lo.set(a);
            hi.set(b);
            found.set(true);
        }
        None => found.set(false),
    }
    Ok(())
}

with_n_twin! {
    /// The inclusive range `[*lo, *hi]` of the values whose uid11 text starts with `prefix`
    /// (0 to 11 symbols); "" gives the whole range 0..2^64-1.
    ///
    /// `*found` is set to false (and `lo`/`hi` are left alone) when no 64-bit value has that
    /// prefix (e.g. "k": above "jpXCZedGfVQ"), which is not an error.
    ///
    /// Errors: `POLYID_NULL_POINTER` (prefix, lo, hi, found), `POLYID_INVALID_UTF8`,
    /// `POLYID_INVALID_LENGTH` (more than 11 bytes), `POLYID_INVALID_CHARACTER`.
    fn polyid_uid11_prefix_range;
    /// `polyid_uid11_prefix_range()` for a prefix given as `prefix_len` bytes.
    fn polyid_uid11_prefix_range_n;
    (
        prefix / prefix_len: str,
        lo: *mut u64,
        hi: *mut u64,
        found: *mut bool,
        err: *mut polyid_error,
    ) -> polyid_status {
        run(err, || {
            let prefix = prefix()?;
            let (lo, hi) = (Out::new(lo, "lo")?, Out::new(hi, "hi")?);
            let found = Out::new(found, "found")?;
            range_out(uid11::prefix_range(prefix)?, lo, hi, found)
        })
    }
}
