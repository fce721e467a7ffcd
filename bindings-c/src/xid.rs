//! xid: the timestamped uid11 profile (42-bit milliseconds since the xid epoch, 22 bits).

use core::ffi::c_char;

use polyid::xid::{self, Xid, XidGenerator};

use crate::ffi::*;
use crate::generation::*;
use crate::uid11::range_out;

/// Bytes for an xid text (11 Base58 symbols) and its NUL.
pub const POLYID_XID_LEN: usize = 12;
/// The xid epoch, 2011-11-11T11:11:11.111Z, in Unix milliseconds (the smallest xid time).
pub const POLYID_XID_EPOCH_MS: u64 = 1321009871111;
/// The last xid instant, 2151-03-25T18:46:22.214Z, in Unix milliseconds.
pub const POLYID_XID_MAX_UNIX_MS: u64 = 5719056382214;
/// The largest xid random part (22 bits).
pub const POLYID_XID_MAX_RANDOM: u32 = 4194303;

const _: () = {
    assert!(POLYID_XID_LEN == polyid::uid11::LEN + 1);
    assert!(POLYID_XID_EPOCH_MS == xid::EPOCH_MS);
    assert!(POLYID_XID_MAX_UNIX_MS == xid::MAX_UNIX_MS);
    assert!(POLYID_XID_MAX_RANDOM == xid::MAX_RANDOM);
};

/// An xid: a 64-bit value whose top 42 bits are milliseconds since the xid epoch and whose
/// low 22 bits are random. Every uint64_t is an xid.
pub type polyid_xid = u64;

fn xid_unix_ms(unix_ms: i64) -> Res<u64> {
    int(unix_ms, "xid unix_ms", xid::EPOCH_MS, xid::MAX_UNIX_MS)
}

/// Builds an xid from a Unix time in milliseconds and a 22-bit random part.
///
/// `unix_ms`: `POLYID_XID_EPOCH_MS` to `POLYID_XID_MAX_UNIX_MS`. `random`: 0 to
/// `POLYID_XID_MAX_RANDOM`. `out`: written only on success.
///
/// Errors: `POLYID_NULL_POINTER` (out), `POLYID_OUT_OF_RANGE` (either part; `found`, `min`,
/// `max`).
#[no_mangle]
pub unsafe extern "C" fn polyid_xid_from_parts(
    unix_ms: i64,
    random: i64,
    out: *mut polyid_xid,
    err: *mut polyid_error,
) -> polyid_status {
    write_out(out, err, || {
        let ms = xid_unix_ms(unix_ms)?;
        let random: u32 = int(random, "xid random", 0, xid::MAX_RANDOM)?;
        Ok(Xid::from_parts(ms, random)?.value())
    })
}

/// A new xid from the process-wide generator: the current time, and low bits that count
/// up within a millisecond, so every xid is greater than the ones this process generated
/// before (on any thread). With a process node (`polyid_set_node()` or `POLYID_NODE`) the
/// node is in bits 21-12 and a counter from 0 below it (4,096 per millisecond); without one,
/// processes on one host are kept apart by a lane ((pid + host salt) mod 64) in bits 21-16.
/// When a millisecond is full its time borrows the next ones (at most 60 s ahead).
///
/// Errors: `POLYID_NULL_POINTER` (out), `POLYID_OUT_OF_RANGE` (the system clock is outside
/// the xid range), the process node's errors (`POLYID_NODE_REQUIRED`, `POLYID_NODE_IN_USE`,
/// a bad `POLYID_NODE`: see `polyid_process_node()`), `POLYID_CLOCK_BEHIND`.
#[no_mangle]
pub unsafe extern "C" fn polyid_xid_generate(
    out: *mut polyid_xid,
    err: *mut polyid_error,
) -> polyid_status {
    write_out(out, err, || Ok(Xid::generate()?.value()))
}

/// Writes `count` consecutive xids from the process-wide generator (as
/// `polyid_xid_generate()`) to `out[0..count)`, in increasing order.
///
/// Errors: `POLYID_NULL_POINTER` (out), `POLYID_OUT_OF_RANGE` (the system clock is outside
/// the xid range, or `count` exceeds `POLYID_MAX_BATCH`), and those of
/// `polyid_xid_generate()`. `out` is written only on success.
#[no_mangle]
pub unsafe extern "C" fn polyid_xid_generate_many(
    out: *mut polyid_xid,
    count: usize,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        non_null(out, "out")?;
        polyid::batch::check_count(count as u64)?;
        let xids = Xid::generate_many(count)?;
        for (i, x) in xids.iter().enumerate() {
            out.add(i).write(x.value());
        }
        Ok(())
    })
}

/// A new xid for `unix_ms` (as in `polyid_xid_from_parts()`), with fresh random bits.
///
/// Errors: `POLYID_NULL_POINTER` (out), `POLYID_OUT_OF_RANGE`.
#[no_mangle]
pub unsafe extern "C" fn polyid_xid_generate_at(
    unix_ms: i64,
    out: *mut polyid_xid,
    err: *mut polyid_error,
) -> polyid_status {
    write_out(out, err, || {
        Ok(Xid::generate_at(xid_unix_ms(unix_ms)?)?.value())
    })
}

with_n_twin! {
    /// Parses the 11-symbol xid text into `*out`.
    ///
    /// Errors: `POLYID_NULL_POINTER` (text, out), `POLYID_INVALID_UTF8`,
    /// `POLYID_INVALID_LENGTH`, `POLYID_INVALID_CHARACTER`, `POLYID_OVERFLOW` (as
    /// `polyid_uid11_decode()`).
    fn polyid_xid_parse;
    /// `polyid_xid_parse()` for a text given as `text_len` bytes.
    fn polyid_xid_parse_n;
    (
        text / text_len: str,
        out: *mut polyid_xid,
        err: *mut polyid_error,
    ) -> polyid_status {
        parse_to(text, out, err, |t| Ok(Xid::parse(t)?.value()))
    }
}

/// The 11-symbol text of an xid (every uint64_t is one).
///
/// `out`: at least `POLYID_XID_LEN` (12) bytes.
///
/// Errors: `POLYID_NULL_POINTER` (out), `POLYID_BUFFER_TOO_SMALL`. On failure `out` holds
/// "" (when out != NULL and out_cap > 0).
#[no_mangle]
pub unsafe extern "C" fn polyid_xid_format(
    xid: polyid_xid,
    out: *mut c_char,
    out_cap: usize,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let out = OutStr::new(out, out_cap, "out");
        out.check(POLYID_XID_LEN)?;
        out.write(&Xid::from_u64(xid).to_bytes())
    })
}

/// The Unix time of an xid in milliseconds. Never fails.
#[no_mangle]
pub extern "C" fn polyid_xid_unix_ms(xid: polyid_xid) -> u64 {
    guard(0, || Xid::from_u64(xid).unix_ms())
}

/// The 22-bit random part of an xid. Never fails.
#[no_mangle]
pub extern "C" fn polyid_xid_random(xid: polyid_xid) -> u32 {
    guard(0, || Xid::from_u64(xid).random())
}

with_n_twin! {
    /// The inclusive Unix-millisecond range `[*min_unix_ms, *max_unix_ms]` of the xids whose
    /// text starts with `prefix` (0 to 11 symbols). `*found` is false (and the bounds are left
    /// alone) when no xid has that prefix.
    ///
    /// Errors: `POLYID_NULL_POINTER` (prefix, min_unix_ms, max_unix_ms, found),
    /// `POLYID_INVALID_UTF8`, `POLYID_INVALID_LENGTH`, `POLYID_INVALID_CHARACTER`.
    fn polyid_xid_prefix_range;
    /// `polyid_xid_prefix_range()` for a prefix given as `prefix_len` bytes.
    fn polyid_xid_prefix_range_n;
    (
        prefix / prefix_len: str,
        min_unix_ms: *mut u64,
        max_unix_ms: *mut u64,
        found: *mut bool,
        err: *mut polyid_error,
    ) -> polyid_status {
        run(err, || {
            let prefix = prefix()?;
            let lo = Out::new(min_unix_ms, "min_unix_ms")?;
            let hi = Out::new(max_unix_ms, "max_unix_ms")?;
            let found = Out::new(found, "found")?;
            range_out(xid::prefix_time_range(prefix)?, lo, hi, found)
        })
    }
}

// ---------------------------------------------------------------------------------------
// xid generator

/// Creates an xid generator from `opts` (NULL: the defaults of
/// `polyid_generator_options_init()`). Its node is the option's, else the process node, else
/// none (a lane); a seeded generator without a node draws its lane from the seed.
///
/// `out`: receives the handle; free it with `polyid_xid_generator_free()`.
///
/// Errors: `POLYID_NULL_POINTER` (out), `POLYID_OUT_OF_RANGE` (node, max_lead_ms),
/// `POLYID_INVALID_ARGUMENT` (on_clock_behind), `POLYID_NODE_REQUIRED`,
/// `POLYID_NODE_IN_USE`, a bad `POLYID_NODE` (see `polyid_process_node()`).
#[no_mangle]
pub unsafe extern "C" fn polyid_xid_generator_new(
    opts: *const polyid_generator_options,
    out: *mut *mut polyid_xid_generator,
    err: *mut polyid_error,
) -> polyid_status {
    new_generator_with(opts, out, err, |clock, options| {
        Ok(XidGenerator::with_options(clock, options)?)
    })
}

/// Creates an xid generator that continues after `last` (an xid issued before, e.g.
/// persisted across a restart): every xid it returns is greater than `last`, whatever its
/// clock says (if the clock is behind `last`, the generator starts with that lead).
///
/// Errors: those of `polyid_xid_generator_new()`.
#[no_mangle]
pub unsafe extern "C" fn polyid_xid_generator_resume(
    opts: *const polyid_generator_options,
    last: polyid_xid,
    out: *mut *mut polyid_xid_generator,
    err: *mut polyid_error,
) -> polyid_status {
    new_generator_with(opts, out, err, |clock, options| {
        Ok(XidGenerator::resume(clock, options, Xid::from_u64(last))?)
    })
}

generator_fns! {
    /// An xid generator (opaque), built from `polyid_generator_options`: strictly increasing
    /// xids with its node in bits 21-12 (or a lane in bits 21-16 without one; docs/spec §6.2).
    /// One handle may be used by several threads at once (it is lock-free); only
    /// `polyid_xid_generator_free()` needs exclusive access.
    struct polyid_xid_generator(XidGenerator) -> polyid_xid = |x: Xid| x.value();
    /// The next xid: strictly greater than every xid this generator issued before.
    ///
    /// Errors: `POLYID_NULL_POINTER` (generator, out), `POLYID_OUT_OF_RANGE` (the clock is
    /// outside the xid range), `POLYID_CLOCK_BEHIND` (more than `max_lead_ms` ahead of the
    /// clock), `POLYID_NODE_REQUIRED` (in a forked child, a node assigned before the fork).
    fn polyid_xid_generator_next = next;
    /// Writes `count` consecutive xids to `out[0..count]` (one clock read for all of them;
    /// the lead that counts is the last one's). `count` 0 writes nothing and succeeds.
    ///
    /// `out` must have room for `count` elements.
    ///
    /// Errors: `POLYID_NULL_POINTER` (generator, out), `POLYID_OUT_OF_RANGE` (the clock is
    /// outside the xid range, or `count` exceeds `POLYID_MAX_BATCH`), `POLYID_CLOCK_BEHIND`,
    /// `POLYID_NODE_REQUIRED`. On failure nothing is written.
    fn polyid_xid_generator_next_many = next_many;
    /// The node in this generator's xids (0-959), or -1 when it has none (a lane).
    ///
    /// Errors: `POLYID_NULL_POINTER` (generator, out), `POLYID_NODE_REQUIRED` (a forked child).
    fn polyid_xid_generator_node = node;
    /// How far the last xid issued is ahead of the clock, in milliseconds (0 when it is not).
    ///
    /// Errors: `POLYID_NULL_POINTER` (generator, out).
    fn polyid_xid_generator_lead_ms = lead_ms;
    /// The generator's `max_lead_ms`.
    ///
    /// Errors: `POLYID_NULL_POINTER` (generator, out).
    fn polyid_xid_generator_max_lead_ms = max_lead_ms;
    /// The generator's `on_clock_behind` (a `polyid_clock_behind` value).
    ///
    /// Errors: `POLYID_NULL_POINTER` (generator, out).
    fn polyid_xid_generator_on_clock_behind = on_clock_behind;
    /// Moves the manual clock of a generator built with `has_clock_micros` to `micros`
    /// (forwards or backwards).
    ///
    /// Errors: `POLYID_NULL_POINTER` (generator), `POLYID_INVALID_ARGUMENT` (the generator
    /// reads the real clock).
    fn polyid_xid_generator_set_clock_micros = set_clock_micros;
    /// Frees a generator. NULL is ignored. The handle must not be used afterwards (by any
    /// thread), nor freed twice.
    fn polyid_xid_generator_free = free;
}
