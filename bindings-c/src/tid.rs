//! TID: signed microseconds << 10 | clock id, in 13 base32-sortable symbols.

use core::ffi::c_char;

use polyid::tid::{self, Tid, TidGenerator};

use crate::ffi::*;
use crate::generation::*;
use crate::profile::to_profile;
use crate::uid11::range_out;

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

/// An optional clock id argument: -1 is none.
fn opt_clock_id(v: i64) -> Res<Option<u16>> {
    if v == -1 {
        return Ok(None);
    }
    clock_id(v).map(Some)
}

fn clock_id(v: i64) -> Res<u16> {
    int(v, "TID clock_id", 0, tid::MAX_CLOCK_ID)
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
    write_out(out, err, || {
        let micros = int(micros, "TID micros", tid::MIN_MICROS, tid::MAX_MICROS)?;
        let clock = self::clock_id(clock_id)?;
        Ok(Tid::from_parts(micros, clock)?.value())
    })
}

/// Checks a TID clock id without using it: `POLYID_OK` for 0-`POLYID_TID_MAX_CLOCK_ID`, else
/// `POLYID_OUT_OF_RANGE` (`found`, `min`, `max`). Here -1 is a number like any other, not
/// "no clock id" as in `polyid_tid_generator_new_with()`: a binding whose own API has no
/// "none" value checks a clock id with it.
///
/// Errors: `POLYID_OUT_OF_RANGE`.
#[no_mangle]
pub unsafe extern "C" fn polyid_tid_clock_id_check(
    clock_id: i64,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || self::clock_id(clock_id).map(drop))
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
    write_out(out, err, || Ok(Tid::from_i64(value)?.value()))
}

with_n_twin! {
    /// Parses a TID: the 13-symbol form "3kxnlhr3gxq23" or the display form
    /// "3kxn-lhr-3gxq-23" (lowercase only).
    ///
    /// Errors: `POLYID_NULL_POINTER` (text, out), `POLYID_INVALID_UTF8`, `POLYID_INVALID_LENGTH`
    /// (neither 13 nor 16 bytes), `POLYID_INVALID_CHARACTER` (`index`/`character`),
    /// `POLYID_OUT_OF_RANGE` (first symbol c-r, or timestamp -2^53).
    fn polyid_tid_parse;
    /// `polyid_tid_parse()` for a text given as `text_len` bytes.
    fn polyid_tid_parse_n;
    (
        text / text_len: str,
        out: *mut polyid_tid,
        err: *mut polyid_error,
    ) -> polyid_status {
        parse_to(text, out, err, |t| Ok(Tid::parse(t)?.value()))
    }
}

/// `polyid_tid_parse()` as `profile` reads a TID: `POLYID_PROFILE_POLYID` or
/// `POLYID_PROFILE_ATPROTO` (13 symbols only: `POLYID_INVALID_LENGTH`; first symbol 2-7 or
/// a-j, else `POLYID_INVALID_CHARACTER` at index 0; c-j `POLYID_OUT_OF_RANGE`).
///
/// Errors: those of `polyid_tid_parse()`, and `POLYID_INVALID_ARGUMENT` for a profile that
/// is not a `polyid_profile` or defines no TIDs.
#[no_mangle]
pub unsafe extern "C" fn polyid_tid_parse_as(
    text: *const c_char,
    profile: i32,
    out: *mut polyid_tid,
    err: *mut polyid_error,
) -> polyid_status {
    let text = || cstr(text, "text");
    parse_to(text, out, err, |t| {
        Ok(Tid::parse_as(t, to_profile(profile)?)?.value())
    })
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

/// A new TID from the process-wide default generator. Thread-safe. Its clock id is
/// 32 + the process node (`polyid_set_node()` or `POLYID_NODE`), or without one a random id
/// in 0-31 (32 + (pid + host salt) mod 960 in a forked child).
///
/// Errors: `POLYID_NULL_POINTER` (out), `POLYID_OUT_OF_RANGE` (system clock outside the
/// TID range), the process node's errors (`POLYID_NODE_REQUIRED`, `POLYID_NODE_IN_USE`, a
/// bad `POLYID_NODE`: see `polyid_process_node()`), `POLYID_CLOCK_BEHIND`.
#[no_mangle]
pub unsafe extern "C" fn polyid_tid_generate(
    out: *mut polyid_tid,
    err: *mut polyid_error,
) -> polyid_status {
    write_out(out, err, || Ok(Tid::generate()?.value()))
}

with_n_twin! {
    /// The inclusive microsecond range `[*min_micros, *max_micros]` of the TIDs whose
    /// timestamp text starts with `prefix`: up to 11 timestamp symbols, plain ("3kxnlhr") or
    /// with the display form's dashes ("3kxn-lhr"). `*found` is false (and the bounds are left
    /// alone) when no valid timestamp matches (first symbol c-r).
    ///
    /// Errors: `POLYID_NULL_POINTER` (prefix, min_micros, max_micros, found),
    /// `POLYID_INVALID_UTF8`, `POLYID_INVALID_LENGTH`, `POLYID_INVALID_CHARACTER`.
    fn polyid_tid_prefix_range;
    /// `polyid_tid_prefix_range()` for a prefix given as `prefix_len` bytes.
    fn polyid_tid_prefix_range_n;
    (
        prefix / prefix_len: str,
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
            range_out(tid::prefix_range(prefix)?, lo, hi, found)
        })
    }
}

// ---------------------------------------------------------------------------------------
// Generator

/// Creates a TID generator with the default options: its clock id is 32 + the process node
/// (`polyid_set_node()` or `POLYID_NODE`), or without one a random id in 0-31, resolved at
/// the first TID. In a forked child a random id moves to 32 + (pid + host salt) mod 960, so
/// that parent and children never issue the same TID.
///
/// `out`: receives the handle; free it with `polyid_tid_generator_free()`.
///
/// Errors: `POLYID_NULL_POINTER` (out).
#[no_mangle]
pub unsafe extern "C" fn polyid_tid_generator_new(
    out: *mut *mut polyid_tid_generator,
    err: *mut polyid_error,
) -> polyid_status {
    new_generator(out, err, |clock| Ok(TidGenerator::with_clock(clock, None)?))
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
    new_generator(out, err, |clock| {
        let g = TidGenerator::with_clock(clock, Some(self::clock_id(clock_id)?))?;
        Ok(g)
    })
}

/// Creates a TID generator from `opts` (NULL: the defaults of
/// `polyid_generator_options_init()`) and an explicit `clock_id` (0-1023), or -1 for none.
/// The clock id is, in order: `clock_id`; 32 + the option's node; for a seeded generator, one
/// drawn from the seed in 0-31; 32 + the process node; a random one in 0-31. It is resolved
/// now, so the process node's errors surface here.
///
/// `out`: receives the handle; free it with `polyid_tid_generator_free()`.
///
/// Errors: `POLYID_NULL_POINTER` (out), `POLYID_OUT_OF_RANGE` (clock_id, node,
/// max_lead_ms), `POLYID_INVALID_ARGUMENT` (on_clock_behind, or a node together with a
/// clock id), `POLYID_NODE_REQUIRED`, `POLYID_NODE_IN_USE`, a bad `POLYID_NODE`.
#[no_mangle]
pub unsafe extern "C" fn polyid_tid_generator_new_with(
    opts: *const polyid_generator_options,
    clock_id: i64,
    out: *mut *mut polyid_tid_generator,
    err: *mut polyid_error,
) -> polyid_status {
    new_generator_with(opts, out, err, |clock, options| {
        let id = opt_clock_id(clock_id)?;
        Ok(TidGenerator::with_options(clock, options, id)?)
    })
}

/// Creates a TID generator (as `polyid_tid_generator_new_with()`) that continues after
/// `last` (a TID issued before, e.g. persisted across a restart): every TID it returns is
/// greater than `last`, whatever its clock says.
///
/// Errors: those of `polyid_tid_generator_new_with()`, and `POLYID_OUT_OF_RANGE` (`last` is
/// not a valid TID value).
#[no_mangle]
pub unsafe extern "C" fn polyid_tid_generator_resume(
    opts: *const polyid_generator_options,
    clock_id: i64,
    last: polyid_tid,
    out: *mut *mut polyid_tid_generator,
    err: *mut polyid_error,
) -> polyid_status {
    new_generator_with(opts, out, err, |clock, options| {
        let id = opt_clock_id(clock_id)?;
        let last = Tid::from_i64(last)?;
        Ok(TidGenerator::resume(clock, options, id, last)?)
    })
}

generator_fns! {
    /// A TID generator (opaque). Each `next` is strictly greater than every TID the generator
    /// issued before. One handle may be used by several threads at once (it is lock-free);
    /// only `polyid_tid_generator_free()` needs exclusive access.
    struct polyid_tid_generator(TidGenerator) -> polyid_tid = |t: Tid| t.value();
    /// The next TID: strictly greater than every TID this generator issued before
    /// (timestamp max(now, last + 1 µs)).
    ///
    /// Errors: `POLYID_NULL_POINTER` (generator, out), `POLYID_OUT_OF_RANGE` (the timestamp
    /// would leave the TID range), `POLYID_CLOCK_BEHIND` (more than `max_lead_ms` ahead of the
    /// clock), the process node's errors for a generator that takes it.
    fn polyid_tid_generator_next = next;
    /// Writes `count` consecutive TIDs to `out[0..count]` (one clock read for all of them).
    /// `count` 0 writes nothing and succeeds.
    ///
    /// `out` must have room for `count` elements.
    ///
    /// Errors: `POLYID_NULL_POINTER` (generator, out), `POLYID_OUT_OF_RANGE` (the timestamps
    /// would leave the range, or `count` exceeds `POLYID_MAX_BATCH`), `POLYID_CLOCK_BEHIND`,
    /// the process node's errors. On failure nothing is written.
    fn polyid_tid_generator_next_many = next_many;
    /// The clock id of the TIDs the generator issues now.
    ///
    /// Errors: `POLYID_NULL_POINTER` (generator, out), the process node's errors for a
    /// generator that takes it (`POLYID_NODE_REQUIRED`, `POLYID_NODE_IN_USE`, a bad
    /// `POLYID_NODE`).
    fn polyid_tid_generator_clock_id = get(u16, |g| g.try_clock_id()?);
    /// The node behind the generator's clock id (clock id 32 + node), or -1 when it has none
    /// (an explicit or random clock id).
    ///
    /// Errors: `POLYID_NULL_POINTER` (generator, out), the process node's errors.
    fn polyid_tid_generator_node = node;
    /// How far the last TID issued is ahead of the clock, in whole milliseconds.
    ///
    /// Errors: `POLYID_NULL_POINTER` (generator, out).
    fn polyid_tid_generator_lead_ms = lead_ms;
    /// The generator's `max_lead_ms`.
    ///
    /// Errors: `POLYID_NULL_POINTER` (generator, out).
    fn polyid_tid_generator_max_lead_ms = max_lead_ms;
    /// The generator's `on_clock_behind` (a `polyid_clock_behind` value).
    ///
    /// Errors: `POLYID_NULL_POINTER` (generator, out).
    fn polyid_tid_generator_on_clock_behind = on_clock_behind;
    /// Moves the manual clock of a generator built with `has_clock_micros` to `micros`
    /// (forwards or backwards).
    ///
    /// Errors: `POLYID_NULL_POINTER` (generator), `POLYID_INVALID_ARGUMENT` (the generator
    /// reads the real clock).
    fn polyid_tid_generator_set_clock_micros = set_clock_micros;
    /// Frees a generator. NULL is ignored. The handle must not be used afterwards (by any
    /// thread), nor freed twice.
    fn polyid_tid_generator_free = free;
}
