//! EUID: 128-bit sortable IDs with an extension and a check symbol.

use core::ffi::c_char;

use polyid::euid::{self, Euid, EuidGenerator};

use crate::ffi::*;
use crate::generation::*;
use crate::profile::to_profile;

/// Bytes for an EUID text (27 symbols) and its NUL.
pub const POLYID_EUID_LEN: usize = 28;
/// Bytes of an EUID value (`polyid_euid.bytes`).
pub const POLYID_EUID_BYTES: usize = 16;
/// The largest EUID timestamp, 2^45-1 Unix milliseconds (year 3084).
pub const POLYID_EUID_MAX_UNIX_MS: u64 = 35184372088831;
/// The largest EUID extension (15 bits).
pub const POLYID_EUID_MAX_EXTENSION: u16 = 32767;

const _: () = {
    assert!(POLYID_EUID_LEN == euid::LEN + 1);
    assert!(POLYID_EUID_MAX_UNIX_MS == euid::MAX_UNIX_MS);
    assert!(POLYID_EUID_MAX_EXTENSION == euid::MAX_EXTENSION);
};

/// An EUID: its 128-bit value as 16 big-endian bytes (so `memcmp` order is EUID order).
/// Every 16-byte value is an EUID. Plain data: copy it, compare it, store it freely.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct polyid_euid {
    /// The value, most significant byte first.
    pub bytes: [u8; POLYID_EUID_BYTES],
}

impl From<Euid> for polyid_euid {
    fn from(e: Euid) -> polyid_euid {
        polyid_euid {
            bytes: e.to_bytes(),
        }
    }
}

impl From<polyid_euid> for Euid {
    fn from(e: polyid_euid) -> Euid {
        Euid::from_bytes(e.bytes)
    }
}

fn extension(has_extension: bool, extension: i64) -> Res<Option<u16>> {
    if !has_extension {
        return Ok(None);
    }
    int(extension, "EUID extension", 0, euid::MAX_EXTENSION).map(Some)
}

/// Builds an EUID from its fields.
///
/// `unix_ms`: 0 to `POLYID_EUID_MAX_UNIX_MS`. `has_extension`: false for an EUID without
/// extension (`extension` is then ignored), true for one with `extension` (0-32767).
/// `padding`: the random bits of the 15-bit field above the extension, 0 to
/// 2^(15 - L) - 1 where L is the extension's bit length (L = 1 for extension 0; 0 to 32767
/// without extension). `random`: the low 64 bits. `out`: written only on success.
///
/// Errors: `POLYID_NULL_POINTER` (out), `POLYID_OUT_OF_RANGE` (any field; `found`, `min`,
/// `max`).
#[no_mangle]
pub unsafe extern "C" fn polyid_euid_from_parts(
    unix_ms: i64,
    has_extension: bool,
    extension: i64,
    padding: i64,
    random: u64,
    out: *mut polyid_euid,
    err: *mut polyid_error,
) -> polyid_status {
    write_out(out, err, || {
        let ms: u64 = int(unix_ms, "EUID unix_ms", 0, euid::MAX_UNIX_MS)?;
        let ext = self::extension(has_extension, extension)?;
        let padding: u16 = int(padding, "EUID padding", 0, euid::max_padding(ext))?;
        Ok(Euid::from_parts(ms, ext, padding, random)?.into())
    })
}

/// The EUID of its high and low 64-bit halves. Never fails.
#[no_mangle]
pub extern "C" fn polyid_euid_from_halves(hi: u64, lo: u64) -> polyid_euid {
    guard(polyid_euid::default(), || Euid::from_halves(hi, lo).into())
}

/// The EUID of `len` big-endian bytes, which must be exactly 16.
///
/// Errors: `POLYID_NULL_POINTER` (bytes, out), `POLYID_INVALID_LENGTH` (len != 16;
/// `found`/`expected`).
#[no_mangle]
pub unsafe extern "C" fn polyid_euid_from_bytes(
    bytes: *const u8,
    len: usize,
    out: *mut polyid_euid,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let b = self::bytes(bytes, len, "bytes")?;
        let out = Out::new(out, "out")?;
        out.set(Euid::from_slice(b)?.into());
        Ok(())
    })
}

/// A new EUID for the current time with fresh random bits, with the extension as in
/// `polyid_euid_from_parts()`.
///
/// Errors: `POLYID_NULL_POINTER` (out), `POLYID_OUT_OF_RANGE` (extension, or the system
/// clock outside the EUID range).
#[no_mangle]
pub unsafe extern "C" fn polyid_euid_generate(
    has_extension: bool,
    extension: i64,
    out: *mut polyid_euid,
    err: *mut polyid_error,
) -> polyid_status {
    write_out(out, err, || {
        let ext = self::extension(has_extension, extension)?;
        Ok(Euid::generate(ext)?.into())
    })
}

with_n_twin! {
    /// Parses the 27-symbol EUID text (case-insensitive; I and L read as 1, O as 0). A check
    /// symbol pair of 127 means "no check"; any other must match the value.
    ///
    /// Errors: `POLYID_NULL_POINTER` (text, out), `POLYID_INVALID_UTF8`,
    /// `POLYID_INVALID_LENGTH` (not 27 bytes; `found`/`expected`), `POLYID_INVALID_CHARACTER`
    /// (`index`/`character`), `POLYID_INVALID_CHECKMOD` (`found`/`expected` check values).
    fn polyid_euid_parse;
    /// `polyid_euid_parse()` for a text given as `text_len` bytes.
    fn polyid_euid_parse_n;
    (
        text / text_len: str,
        out: *mut polyid_euid,
        err: *mut polyid_error,
    ) -> polyid_status {
        parse_to(text, out, err, |t| Ok(Euid::parse(t)?.into()))
    }
}

/// `polyid_euid_parse()` as `profile` reads an EUID: `POLYID_PROFILE_POLYID` or
/// `POLYID_PROFILE_EUID` (the same reading).
///
/// Errors: those of `polyid_euid_parse()`, and `POLYID_INVALID_ARGUMENT` for a profile that
/// is not a `polyid_profile` or defines no EUIDs.
#[no_mangle]
pub unsafe extern "C" fn polyid_euid_parse_as(
    text: *const c_char,
    profile: i32,
    out: *mut polyid_euid,
    err: *mut polyid_error,
) -> polyid_status {
    let text = || cstr(text, "text");
    parse_to(text, out, err, |t| {
        Ok(Euid::parse_as(t, to_profile(profile)?)?.into())
    })
}

/// The 27-symbol text of an EUID (uppercase), with its check value (`checkmod` true: the
/// canonical form) or with 127, "no check" (`checkmod` false).
///
/// `out`: at least `POLYID_EUID_LEN` (28) bytes.
///
/// Errors: `POLYID_NULL_POINTER` (out), `POLYID_BUFFER_TOO_SMALL`. On failure `out` holds
/// "" (when out != NULL and out_cap > 0).
#[no_mangle]
pub unsafe extern "C" fn polyid_euid_encode(
    euid: polyid_euid,
    checkmod: bool,
    out: *mut c_char,
    out_cap: usize,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let out = OutStr::new(out, out_cap, "out");
        out.check(POLYID_EUID_LEN)?;
        out.write(&Euid::from(euid).encode_bytes(checkmod))
    })
}

/// The high 64 bits of an EUID. Never fails.
#[no_mangle]
pub extern "C" fn polyid_euid_hi(euid: polyid_euid) -> u64 {
    guard(0, || Euid::from(euid).hi())
}

/// The low 64 bits (the random part) of an EUID. Never fails.
#[no_mangle]
pub extern "C" fn polyid_euid_lo(euid: polyid_euid) -> u64 {
    guard(0, || Euid::from(euid).lo())
}

/// The Unix time of an EUID in milliseconds. Never fails.
#[no_mangle]
pub extern "C" fn polyid_euid_unix_ms(euid: polyid_euid) -> u64 {
    guard(0, || Euid::from(euid).unix_ms())
}

/// The extension of an EUID (0-32767), or -1 when it has none. Never fails.
#[no_mangle]
pub extern "C" fn polyid_euid_extension(euid: polyid_euid) -> i32 {
    guard(-1, || Euid::from(euid).extension().map_or(-1, i32::from))
}

/// The random padding above the extension (15 - L bits). Never fails.
#[no_mangle]
pub extern "C" fn polyid_euid_padding(euid: polyid_euid) -> u16 {
    guard(0, || Euid::from(euid).padding())
}

/// The check value of an EUID (its value mod 127, 0-126). Never fails.
#[no_mangle]
pub extern "C" fn polyid_euid_checkmod(euid: polyid_euid) -> u8 {
    guard(0, || Euid::from(euid).checkmod())
}

/// The next EUID after `euid`, as the EUID reference computes it: in the same millisecond
/// as `euid`, its random high half plus one and a fresh random low half; in another
/// millisecond, a fresh EUID with the same extension.
///
/// Errors: `POLYID_NULL_POINTER` (out), `POLYID_EXHAUSTED` (same millisecond and the random
/// high half at its maximum), `POLYID_OUT_OF_RANGE` (system clock outside the EUID range).
#[no_mangle]
pub unsafe extern "C" fn polyid_euid_next(
    euid: polyid_euid,
    out: *mut polyid_euid,
    err: *mut polyid_error,
) -> polyid_status {
    write_out(out, err, || Ok(Euid::from(euid).next()?.into()))
}

// ---------------------------------------------------------------------------------------
// Generator

/// Creates an EUID generator whose EUIDs carry no extension (`has_extension` false) or
/// `extension` (0-32767).
///
/// `out`: receives the handle; free it with `polyid_euid_generator_free()`.
///
/// Errors: `POLYID_NULL_POINTER` (out), `POLYID_OUT_OF_RANGE` (extension).
#[no_mangle]
pub unsafe extern "C" fn polyid_euid_generator_new(
    has_extension: bool,
    extension: i64,
    out: *mut *mut polyid_euid_generator,
    err: *mut polyid_error,
) -> polyid_status {
    new_generator(out, err, |clock| {
        let g = EuidGenerator::with_clock(clock, self::extension(has_extension, extension)?)?;
        Ok(g)
    })
}

/// Creates an EUID generator from `opts` (NULL: the defaults of
/// `polyid_generator_options_init()`) with the extension as in `polyid_euid_generator_new()`.
/// EUIDs take no node (79 fresh random bits per millisecond keep hosts apart): `opts->node`
/// must be -1. `seed`, `max_lead_ms`, `on_clock_behind` and the manual clock apply.
///
/// `out`: receives the handle; free it with `polyid_euid_generator_free()`.
///
/// Errors: `POLYID_NULL_POINTER` (out), `POLYID_OUT_OF_RANGE` (extension, max_lead_ms,
/// node outside -1..959), `POLYID_INVALID_ARGUMENT` (a node, on_clock_behind).
#[no_mangle]
pub unsafe extern "C" fn polyid_euid_generator_new_with(
    opts: *const polyid_generator_options,
    has_extension: bool,
    extension: i64,
    out: *mut *mut polyid_euid_generator,
    err: *mut polyid_error,
) -> polyid_status {
    new_generator_with(opts, out, err, |clock, options| {
        let ext = self::extension(has_extension, extension)?;
        Ok(EuidGenerator::with_options(clock, ext, options)?)
    })
}

/// Creates an EUID generator (as `polyid_euid_generator_new_with()`) that continues after
/// `last` (an EUID issued before, e.g. persisted across a restart): everything it returns
/// is greater than `last`.
///
/// Errors: those of `polyid_euid_generator_new_with()`.
#[no_mangle]
pub unsafe extern "C" fn polyid_euid_generator_resume_with(
    opts: *const polyid_generator_options,
    has_extension: bool,
    extension: i64,
    last: polyid_euid,
    out: *mut *mut polyid_euid_generator,
    err: *mut polyid_error,
) -> polyid_status {
    new_generator_with(opts, out, err, |clock, options| {
        let ext = self::extension(has_extension, extension)?;
        let g = EuidGenerator::resume_with(clock, ext, options, last.into())?;
        Ok(g)
    })
}

generator_fns! {
    /// An EUID generator (opaque): every EUID it returns is greater than the one before, also
    /// when the clock steps back. One handle may be used by several threads at once; only
    /// `polyid_euid_generator_free()` needs exclusive access.
    struct polyid_euid_generator(EuidGenerator) -> polyid_euid = |e: Euid| polyid_euid::from(e);
    /// The next EUID: greater than every EUID this generator returned before.
    ///
    /// Errors: `POLYID_NULL_POINTER` (generator, out), `POLYID_OUT_OF_RANGE` (clock outside
    /// the EUID range), `POLYID_CLOCK_BEHIND` (more than `max_lead_ms` ahead of the clock).
    fn polyid_euid_generator_next = next;
    /// Writes `count` increasing EUIDs to `out[0..count]` (one lock and one clock read for
    /// all of them). `count` 0 writes nothing and succeeds.
    ///
    /// `out` must have room for `count` elements.
    ///
    /// Errors: `POLYID_NULL_POINTER` (generator, out), `POLYID_OUT_OF_RANGE` (the timestamps
    /// would leave the range, or `count` exceeds `POLYID_MAX_BATCH`), `POLYID_CLOCK_BEHIND`.
    /// On failure nothing is written.
    fn polyid_euid_generator_next_many = next_many;
    /// How far the last EUID issued is ahead of the clock, in milliseconds.
    ///
    /// Errors: `POLYID_NULL_POINTER` (generator, out).
    fn polyid_euid_generator_lead_ms = lead_ms;
    /// The generator's `max_lead_ms`.
    ///
    /// Errors: `POLYID_NULL_POINTER` (generator, out).
    fn polyid_euid_generator_max_lead_ms = max_lead_ms;
    /// The generator's `on_clock_behind` (a `polyid_clock_behind` value).
    ///
    /// Errors: `POLYID_NULL_POINTER` (generator, out).
    fn polyid_euid_generator_on_clock_behind = on_clock_behind;
    /// Moves the manual clock of a generator built with `has_clock_micros` to `micros`
    /// (forwards or backwards).
    ///
    /// Errors: `POLYID_NULL_POINTER` (generator), `POLYID_INVALID_ARGUMENT` (the generator
    /// reads the real clock).
    fn polyid_euid_generator_set_clock_micros = set_clock_micros;
    /// Frees a generator. NULL is ignored. The handle must not be used afterwards (by any
    /// thread), nor freed twice.
    fn polyid_euid_generator_free = free;
}
