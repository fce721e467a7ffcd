//! TID: signed microseconds << 10 | clock id, in 13 base32-sortable symbols.

use core::ffi::c_char;

use polyid::tid::{self, Tid, TidGenerator};

use crate::ffi::*;

/// Bytes for a TID text (13 symbols) and its NUL.
pub const POLYID_TID_LEN: usize = 14;
/// Bytes for a TID display form `STTT-TTT-TTTT-CC` (16 characters) and its NUL.
pub const POLYID_TID_DISPLAY_LEN: usize = 17;
/// The largest TID timestamp, 2^53-1 microseconds (2255-06-05T23:47:34.740991Z); the
/// smallest is its negation.
pub const POLYID_TID_MAX_MICROS: i64 = 9007199254740991;
/// The largest TID clock id.
pub const POLYID_TID_MAX_CLOCK_ID: u16 = 1023;

const _: () = {
    assert!(POLYID_TID_LEN == tid::LEN + 1);
    assert!(POLYID_TID_DISPLAY_LEN == tid::DISPLAY_LEN + 1);
    assert!(POLYID_TID_MAX_MICROS == tid::MAX_MICROS);
    assert!(-POLYID_TID_MAX_MICROS == tid::MIN_MICROS);
    assert!(POLYID_TID_MAX_CLOCK_ID == tid::MAX_CLOCK_ID);
};

/// A TID as its 64-bit value `micros << 10 | clock_id`. The values the polyid functions
/// return are always valid; `polyid_tid_from_i64()` checks one from elsewhere.
pub type polyid_tid = i64;

/// A TID generator (opaque). Each `next` is strictly greater than every TID the generator
/// issued before. One handle may be used by several threads at once (it is lock-free);
/// only `polyid_tid_generator_free()` needs exclusive access.
pub struct polyid_tid_generator(TidGenerator);

fn clock_id(v: i64) -> Res<u16> {
    int(v, "TID clock_id", 0, tid::MAX_CLOCK_ID.into())
}

/// Builds a TID from a timestamp in microseconds since the Unix epoch (negative before it)
/// and a clock id.
///
/// `micros`: -`POLYID_TID_MAX_MICROS` to `POLYID_TID_MAX_MICROS`. `clock_id`: 0-1023.
/// `out`: written only on success.
///
/// Errors: `POLYID_NULL_POINTER` (out), `POLYID_OUT_OF_RANGE` (`found`, `min`, `max`).
#[no_mangle]
pub unsafe extern "C" fn polyid_tid_from_parts(
    micros: i64,
    clock_id: i64,
    out: *mut polyid_tid,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let out = Out::new(out, "out")?;
        let clock = self::clock_id(clock_id)?;
        out.set(Tid::from_parts(micros, clock)?.value());
        Ok(())
    })
}

/// Checks a 64-bit TID value (`micros << 10 | clock_id`) and copies it to `*out`. Every
/// int64_t is a TID except those whose timestamp is -2^53.
///
/// Errors: `POLYID_NULL_POINTER` (out), `POLYID_OUT_OF_RANGE`.
#[no_mangle]
pub unsafe extern "C" fn polyid_tid_from_i64(
    value: i64,
    out: *mut polyid_tid,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let out = Out::new(out, "out")?;
        out.set(Tid::from_i64(value)?.value());
        Ok(())
    })
}

unsafe fn tid_parse_impl<'a>(
    text: impl FnOnce() -> Res<&'a str>,
    out: *mut polyid_tid,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let text = text()?;
        let out = Out::new(out, "out")?;
        out.set(Tid::parse(text)?.value());
        Ok(())
    })
}

/// Parses a TID: the 13-symbol form "3kxnlhr3gxq23" or the display form
/// "3kxn-lhr-3gxq-23" (lowercase only).
///
/// Errors: `POLYID_NULL_POINTER` (text, out), `POLYID_INVALID_UTF8`, `POLYID_INVALID_LENGTH`
/// (neither 13 nor 16 bytes), `POLYID_INVALID_CHARACTER` (`index`/`character`),
/// `POLYID_OUT_OF_RANGE` (first symbol c-r, or timestamp -2^53).
#[no_mangle]
pub unsafe extern "C" fn polyid_tid_parse(
    text: *const c_char,
    out: *mut polyid_tid,
    err: *mut polyid_error,
) -> polyid_status {
    tid_parse_impl(|| cstr(text, "text"), out, err)
}

/// `polyid_tid_parse()` for a text given as `text_len` bytes.
///
/// The string arguments are (pointer, length in bytes) pairs: not NUL-terminated, and a
/// NUL byte inside is an ordinary (invalid) character. Same buffers and errors as
/// `polyid_tid_parse()`.
#[no_mangle]
pub unsafe extern "C" fn polyid_tid_parse_n(
    text: *const c_char,
    text_len: usize,
    out: *mut polyid_tid,
    err: *mut polyid_error,
) -> polyid_status {
    tid_parse_impl(|| nstr(text, text_len, "text"), out, err)
}

/// The 13-symbol text of a TID, e.g. "3kxnlhr3gxq23".
///
/// `out`: at least `POLYID_TID_LEN` (14) bytes.
///
/// Errors: `POLYID_NULL_POINTER` (out), `POLYID_BUFFER_TOO_SMALL`, `POLYID_OUT_OF_RANGE`
/// (`tid` is not a valid TID value). On failure `out` holds "".
#[no_mangle]
pub unsafe extern "C" fn polyid_tid_format(
    tid: polyid_tid,
    out: *mut c_char,
    out_cap: usize,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let out = OutStr::new(out, out_cap, "out");
        out.check(POLYID_TID_LEN)?;
        out.write(&Tid::from_i64(tid)?.to_bytes())
    })
}

/// The display form `STTT-TTT-TTTT-CC` of a TID, e.g. "3kxn-lhr-3gxq-23".
///
/// `out`: at least `POLYID_TID_DISPLAY_LEN` (17) bytes.
///
/// Errors: `POLYID_NULL_POINTER` (out), `POLYID_BUFFER_TOO_SMALL`, `POLYID_OUT_OF_RANGE`.
/// On failure `out` holds "".
#[no_mangle]
pub unsafe extern "C" fn polyid_tid_display(
    tid: polyid_tid,
    out: *mut c_char,
    out_cap: usize,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let out = OutStr::new(out, out_cap, "out");
        out.check(POLYID_TID_DISPLAY_LEN)?;
        out.write(&Tid::from_i64(tid)?.display_bytes())
    })
}

/// The timestamp (microseconds since the Unix epoch) and the clock id of a TID.
///
/// `micros`, `clock_id`: written only on success.
///
/// Errors: `POLYID_NULL_POINTER` (micros, clock_id), `POLYID_OUT_OF_RANGE` (`tid` is not a
/// valid TID value).
#[no_mangle]
pub unsafe extern "C" fn polyid_tid_parts(
    tid: polyid_tid,
    micros: *mut i64,
    clock_id: *mut u16,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let micros = Out::new(micros, "micros")?;
        let clock = Out::new(clock_id, "clock_id")?;
        let t = Tid::from_i64(tid)?;
        micros.set(t.micros());
        clock.set(t.clock_id());
        Ok(())
    })
}

/// The timestamp of a TID in microseconds since the Unix epoch. For a value that is not a
/// valid TID (see `polyid_tid_from_i64()`) it returns INT64_MIN; use `polyid_tid_parts()`
/// to get an error instead.
#[no_mangle]
pub extern "C" fn polyid_tid_micros(tid: polyid_tid) -> i64 {
    guard(i64::MIN, || {
        Tid::from_i64(tid).map_or(i64::MIN, Tid::micros)
    })
}

/// The clock id (0-1023) of a TID. For a value that is not a valid TID it returns
/// UINT16_MAX.
#[no_mangle]
pub extern "C" fn polyid_tid_clock_id(tid: polyid_tid) -> u16 {
    guard(u16::MAX, || {
        Tid::from_i64(tid).map_or(u16::MAX, Tid::clock_id)
    })
}

/// A new TID from the process-wide default generator (random clock id 0-31; 32 + pid mod
/// 960 in a forked child). Thread-safe.
///
/// Errors: `POLYID_NULL_POINTER` (out), `POLYID_OUT_OF_RANGE` (system clock outside the
/// TID range).
#[no_mangle]
pub unsafe extern "C" fn polyid_tid_generate(
    out: *mut polyid_tid,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let out = Out::new(out, "out")?;
        out.set(Tid::generate()?.value());
        Ok(())
    })
}

unsafe fn tid_prefix_range_impl<'a>(
    prefix: impl FnOnce() -> Res<&'a str>,
    min_micros: *mut i64,
    max_micros: *mut i64,
    found: *mut bool,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let prefix = prefix()?;
        let lo = Out::new(min_micros, "min_micros")?;
        let hi = Out::new(max_micros, "max_micros")?;
        let found = Out::new(found, "found")?;
        match tid::prefix_range(prefix)? {
            Some((a, b)) => {
                lo.set(a);
                hi.set(b);
                found.set(true);
            }
            None => found.set(false),
        }
        Ok(())
    })
}

/// The inclusive microsecond range `[*min_micros, *max_micros]` of the TIDs whose
/// timestamp text starts with `prefix`: up to 11 timestamp symbols, plain ("3kxnlhr") or
/// with the display form's dashes ("3kxn-lhr"). `*found` is false (and the bounds are left
/// alone) when no valid timestamp matches (first symbol c-r).
///
/// Errors: `POLYID_NULL_POINTER` (prefix, min_micros, max_micros, found),
/// `POLYID_INVALID_UTF8`, `POLYID_INVALID_LENGTH`, `POLYID_INVALID_CHARACTER`.
#[no_mangle]
pub unsafe extern "C" fn polyid_tid_prefix_range(
    prefix: *const c_char,
    min_micros: *mut i64,
    max_micros: *mut i64,
    found: *mut bool,
    err: *mut polyid_error,
) -> polyid_status {
    tid_prefix_range_impl(
        || cstr(prefix, "prefix"),
        min_micros,
        max_micros,
        found,
        err,
    )
}

/// `polyid_tid_prefix_range()` for a prefix given as `prefix_len` bytes.
///
/// The string arguments are (pointer, length in bytes) pairs: not NUL-terminated, and a
/// NUL byte inside is an ordinary (invalid) character. Same buffers and errors as
/// `polyid_tid_prefix_range()`.
#[no_mangle]
pub unsafe extern "C" fn polyid_tid_prefix_range_n(
    prefix: *const c_char,
    prefix_len: usize,
    min_micros: *mut i64,
    max_micros: *mut i64,
    found: *mut bool,
    err: *mut polyid_error,
) -> polyid_status {
    tid_prefix_range_impl(
        || nstr(prefix, prefix_len, "prefix"),
        min_micros,
        max_micros,
        found,
        err,
    )
}

// ---------------------------------------------------------------------------------------
// Generator

/// Creates a TID generator with a random clock id in 0-31. In a forked child the
/// generator moves to clock id 32 + pid mod 960, so that parent and children never issue
/// the same TID.
///
/// `out`: receives the handle; free it with `polyid_tid_generator_free()`.
///
/// Errors: `POLYID_NULL_POINTER` (out).
#[no_mangle]
pub unsafe extern "C" fn polyid_tid_generator_new(
    out: *mut *mut polyid_tid_generator,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let out = Out::new(out, "out")?;
        out.set(Box::into_raw(Box::new(polyid_tid_generator(
            TidGenerator::new(),
        ))));
        Ok(())
    })
}

/// Creates a TID generator with the given clock id (0-1023; keeping it unique among the
/// processes that share an ID space is the caller's part).
///
/// Errors: `POLYID_NULL_POINTER` (out), `POLYID_OUT_OF_RANGE` (clock_id).
#[no_mangle]
pub unsafe extern "C" fn polyid_tid_generator_with_clock_id(
    clock_id: i64,
    out: *mut *mut polyid_tid_generator,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let out = Out::new(out, "out")?;
        let g = TidGenerator::with_clock_id(self::clock_id(clock_id)?)?;
        out.set(Box::into_raw(Box::new(polyid_tid_generator(g))));
        Ok(())
    })
}

/// The next TID: strictly greater than every TID this generator issued before
/// (timestamp max(now, last + 1 µs)).
///
/// Errors: `POLYID_NULL_POINTER` (generator, out), `POLYID_OUT_OF_RANGE` (the timestamp
/// would leave the TID range).
#[no_mangle]
pub unsafe extern "C" fn polyid_tid_generator_next(
    generator: *const polyid_tid_generator,
    out: *mut polyid_tid,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        non_null(generator, "generator")?;
        let out = Out::new(out, "out")?;
        out.set((*generator).0.next()?.value());
        Ok(())
    })
}

/// Writes `count` consecutive TIDs to `out[0..count]` (one clock read for all of them).
/// `count` 0 writes nothing and succeeds.
///
/// `out` must have room for `count` elements.
///
/// Errors: `POLYID_NULL_POINTER` (generator, out), `POLYID_OUT_OF_RANGE` (the timestamps
/// would leave the range, or `count` exceeds `POLYID_MAX_BATCH`). On failure
/// nothing is written.
#[no_mangle]
pub unsafe extern "C" fn polyid_tid_generator_next_many(
    generator: *const polyid_tid_generator,
    out: *mut polyid_tid,
    count: usize,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        non_null(generator, "generator")?;
        non_null(out, "out")?;
        polyid::batch::check_count(count as u64)?;
        let tids = (*generator).0.next_many(count)?;
        for (i, t) in tids.iter().enumerate() {
            out.add(i).write(t.value());
        }
        Ok(())
    })
}

/// The clock id of the TIDs the generator issues now.
///
/// Errors: `POLYID_NULL_POINTER` (generator, out).
#[no_mangle]
pub unsafe extern "C" fn polyid_tid_generator_clock_id(
    generator: *const polyid_tid_generator,
    out: *mut u16,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        non_null(generator, "generator")?;
        let out = Out::new(out, "out")?;
        out.set((*generator).0.clock_id());
        Ok(())
    })
}

/// Frees a generator. NULL is ignored. The handle must not be used afterwards (by any
/// thread), nor freed twice.
#[no_mangle]
pub unsafe extern "C" fn polyid_tid_generator_free(generator: *mut polyid_tid_generator) {
    if !generator.is_null() {
        guard((), || drop(Box::from_raw(generator)));
    }
}
