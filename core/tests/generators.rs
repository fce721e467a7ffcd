//! Generators: uniqueness and per-thread order under sharing, injected clocks that step
//! backwards, fork behaviour, and the edges of each family's time range.

use std::collections::HashSet;
use std::sync::Arc;

use polyid::clock::{Clock, ManualClock};
use polyid::euid::{self, Euid, EuidGenerator};
use polyid::tid::{self, Tid, TidGenerator};
use polyid::xid::{self, Xid, XidGenerator};
use polyid::ErrorCode;

const PER_THREAD: usize = 500_000;

#[test]
fn tid_two_threads_unique_and_increasing() {
    let generator = Arc::new(TidGenerator::new());
    let handles: Vec<_> = (0..2)
        .map(|_| {
            let g = Arc::clone(&generator);
            std::thread::spawn(move || {
                let mut out = Vec::with_capacity(PER_THREAD);
                for _ in 0..PER_THREAD {
                    out.push(g.next().unwrap());
                }
                out
            })
        })
        .collect();
    let mut all = HashSet::with_capacity(2 * PER_THREAD);
    for h in handles {
        let ids = h.join().unwrap();
        assert!(ids.windows(2).all(|w| w[0] < w[1]), "per-thread order");
        for id in ids {
            assert!(all.insert(id), "duplicate {id}");
        }
    }
    assert_eq!(all.len(), 2 * PER_THREAD);
}

/// Two generators on the system clock with the same clock id, used at once from two threads
/// each: they share one counter, so no TID repeats (before, each generator counted for itself
/// and two calls in the same microsecond gave the same TID).
#[test]
fn tid_generators_with_one_clock_id_never_meet() {
    let a = Arc::new(TidGenerator::with_clock_id(611).unwrap());
    let b = Arc::new(TidGenerator::with_clock_id(611).unwrap());
    let handles: Vec<_> = [&a, &b, &a, &b]
        .into_iter()
        .map(|g| {
            let g = Arc::clone(g);
            std::thread::spawn(move || {
                let mut out = Vec::with_capacity(PER_THREAD / 2);
                for i in 0..PER_THREAD / 2 {
                    if i % 2 == 0 {
                        out.push(g.next().unwrap());
                    } else {
                        out.extend(g.next_many(3).unwrap());
                    }
                }
                out
            })
        })
        .collect();
    let mut all = HashSet::new();
    for h in handles {
        let ids = h.join().unwrap();
        assert!(ids.windows(2).all(|w| w[0] < w[1]), "per-thread order");
        for id in ids {
            assert_eq!(id.clock_id(), 611);
            assert!(all.insert(id), "duplicate {id}");
        }
    }
    // The same in one thread, alternating, where both see the same microsecond most of the
    // time; and with a generator behind a reference or an Arc to the system clock.
    let c = TidGenerator::with_clock(&polyid::clock::SystemClock, Some(612)).unwrap();
    let d = TidGenerator::with_clock(Arc::new(polyid::clock::SystemClock), Some(612)).unwrap();
    let e = TidGenerator::with_clock_id(612).unwrap();
    let mut seen = HashSet::new();
    for _ in 0..100_000 {
        for g in [c.next(), d.next(), e.next()] {
            assert!(seen.insert(g.unwrap()));
        }
    }
}

/// Generators on a clock of their own (a test's manual clock) do not share: each is
/// deterministic.
#[test]
fn tid_generators_on_a_manual_clock_count_for_themselves() {
    let clock = Arc::new(ManualClock::new(1_000_000));
    let a = TidGenerator::with_clock(Arc::clone(&clock), Some(613)).unwrap();
    let b = TidGenerator::with_clock(Arc::clone(&clock), Some(613)).unwrap();
    assert_eq!(a.next().unwrap().micros(), 1_000_000);
    assert_eq!(b.next().unwrap().micros(), 1_000_000);
    assert_eq!(a.next().unwrap().micros(), 1_000_001);
    assert!(!clock.is_process_time());
    assert!(polyid::clock::SystemClock.is_process_time());
}

#[test]
fn euid_two_threads_unique_and_increasing() {
    let generator = Arc::new(EuidGenerator::with_extension(Some(7)).unwrap());
    let handles: Vec<_> = (0..2)
        .map(|_| {
            let g = Arc::clone(&generator);
            std::thread::spawn(move || {
                let mut out = Vec::with_capacity(PER_THREAD);
                for _ in 0..PER_THREAD {
                    out.push(g.next().unwrap());
                }
                out
            })
        })
        .collect();
    let mut all = HashSet::with_capacity(2 * PER_THREAD);
    for h in handles {
        let ids = h.join().unwrap();
        assert!(ids.windows(2).all(|w| w[0] < w[1]), "per-thread order");
        for id in ids {
            assert_eq!(id.extension(), Some(7));
            assert!(all.insert(id), "duplicate {id}");
        }
    }
    assert_eq!(all.len(), 2 * PER_THREAD);
}

#[test]
fn tid_clock_steps_back() {
    let clock = Arc::new(ManualClock::new(1_000_000));
    let g = TidGenerator::with_clock(Arc::clone(&clock), Some(5)).unwrap();
    let a = g.next().unwrap();
    assert_eq!((a.micros(), a.clock_id()), (1_000_000, 5));
    let b = g.next().unwrap(); // same instant: last + 1
    assert_eq!(b.micros(), 1_000_001);
    clock.set_micros(10); // backwards
    let c = g.next().unwrap();
    assert_eq!(c.micros(), 1_000_002);
    clock.set_micros(2_000_000);
    assert_eq!(g.next().unwrap().micros(), 2_000_000);
    let batch = g.next_many(3).unwrap();
    let micros: Vec<i64> = batch.iter().map(|t| t.micros()).collect();
    assert_eq!(micros, [2_000_001, 2_000_002, 2_000_003]);
}

#[test]
fn tid_negative_and_edges() {
    let clock = Arc::new(ManualClock::new(-5));
    let g = TidGenerator::with_clock(Arc::clone(&clock), Some(0)).unwrap();
    assert_eq!(g.next().unwrap().micros(), -5);
    clock.set_micros(tid::MAX_MICROS);
    assert_eq!(g.next().unwrap().micros(), tid::MAX_MICROS);
    // last + 1 would pass 2^53-1: a clear error, never a wrapped TID.
    let e = g.next().unwrap_err();
    assert_eq!(e.code(), ErrorCode::OutOfRange);
    let low = TidGenerator::with_clock(ManualClock::new(tid::MIN_MICROS - 1), None).unwrap();
    assert_eq!(low.next().unwrap_err().code(), ErrorCode::OutOfRange);
    assert_eq!(
        TidGenerator::with_clock(ManualClock::new(0), Some(1024))
            .unwrap_err()
            .code(),
        ErrorCode::OutOfRange
    );
}

#[test]
fn tid_random_clock_id_in_best_effort_range() {
    for _ in 0..200 {
        assert!(TidGenerator::new().clock_id() < 32);
    }
    assert!(Tid::generate().unwrap().clock_id() < 32);
}

#[test]
fn euid_clock_steps_back_stays_monotonic() {
    let clock = Arc::new(ManualClock::new(0));
    clock.set_millis(1_700_000_000_000);
    let g = EuidGenerator::with_clock(Arc::clone(&clock), None).unwrap();
    let a = g.next().unwrap();
    let b = g.next().unwrap();
    assert!(b > a);
    assert_eq!(b.hi(), a.hi(), "same millisecond keeps the high half");
    assert_eq!(b.lo() >> 32, (a.lo() >> 32) + 1, "random high half + 1");
    clock.set_millis(1_600_000_000_000); // ~3 years back: beyond the default lead of 60 s
    assert_eq!(g.next().unwrap_err().code(), ErrorCode::ClockBehind);
    clock.set_millis(1_699_999_970_000); // 30 s back: within it, the EUIDs run ahead
    let c = g.next().unwrap();
    assert!(c > b);
    assert_eq!(c.unix_ms(), 1_700_000_000_000);
    assert_eq!(g.lead_ms(), 30_000);
    clock.set_millis(1_700_000_000_001);
    let d = g.next().unwrap();
    assert!(d > c);
    assert_eq!(d.unix_ms(), 1_700_000_000_001);
    let many = g.next_many(1000).unwrap();
    assert!(many.windows(2).all(|w| w[0] < w[1]) && many[0] > d);
}

#[test]
fn euid_edges() {
    let clock = ManualClock::new(0);
    clock.set_millis(euid::MAX_UNIX_MS as i64 + 1);
    assert_eq!(
        Euid::generate_with(&clock, None).unwrap_err().code(),
        ErrorCode::OutOfRange
    );
    clock.set_millis(-1);
    assert_eq!(
        Euid::generate_with(&clock, Some(3)).unwrap_err().code(),
        ErrorCode::OutOfRange
    );
    assert_eq!(
        EuidGenerator::with_extension(Some(32768))
            .unwrap_err()
            .code(),
        ErrorCode::OutOfRange
    );
    let clock = ManualClock::new(0);
    clock.set_millis(euid::MAX_UNIX_MS as i64);
    assert_eq!(
        Euid::generate_with(&clock, None).unwrap().unix_ms(),
        euid::MAX_UNIX_MS
    );
}

#[test]
fn euid_next_as_reference() {
    let clock = ManualClock::new(0);
    clock.set_millis(1_700_000_000_000);
    let e = Euid::from_parts(1_700_000_000_000, Some(9), 3, 0x0000_0005_ffff_ffff).unwrap();
    let n = e.next_with(&clock).unwrap();
    assert_eq!(n.hi(), e.hi());
    assert_eq!(n.lo() >> 32, 6);
    let full = Euid::from_parts(1_700_000_000_000, None, 0, 0xffff_ffff_0000_0000).unwrap();
    assert_eq!(
        full.next_with(&clock).unwrap_err().code(),
        ErrorCode::Exhausted
    );
    clock.set_millis(1_700_000_000_005);
    let fresh = e.next_with(&clock).unwrap();
    assert_eq!(
        (fresh.unix_ms(), fresh.extension()),
        (1_700_000_000_005, Some(9))
    );
}

#[test]
fn euid_generator_rolls_over_instead_of_exhausting() {
    let clock = ManualClock::new(0);
    clock.set_millis(1_000);
    let last = Euid::from_parts(1_000, Some(2), 1, 0xffff_fffe_0000_0000).unwrap();
    let g = EuidGenerator::resume(&clock, Some(2), last).unwrap();
    let a = g.next().unwrap();
    assert_eq!(
        (a.unix_ms(), a.lo() >> 32, a.hi()),
        (1_000, 0xffff_ffff, last.hi())
    );
    // The high half is spent: the generator moves to the next millisecond.
    let b = g.next().unwrap();
    assert!(b > a);
    assert_eq!((b.unix_ms(), b.extension()), (1_001, Some(2)));
    // At the end of time it fails instead of wrapping.
    let clock = ManualClock::new(0);
    clock.set_millis(euid::MAX_UNIX_MS as i64);
    let end = Euid::from_parts(euid::MAX_UNIX_MS, None, 0, 0xffff_ffff_0000_0000).unwrap();
    let g = EuidGenerator::resume(&clock, None, end).unwrap();
    assert_eq!(g.next().unwrap_err().code(), ErrorCode::OutOfRange);
}

#[test]
fn xid_edges() {
    let clock = ManualClock::new(0);
    clock.set_millis(xid::EPOCH_MS as i64 - 1);
    assert_eq!(
        Xid::generate_with(&clock).unwrap_err().code(),
        ErrorCode::OutOfRange
    );
    clock.set_millis(xid::MAX_UNIX_MS as i64);
    let x = Xid::generate_with(&clock).unwrap();
    assert_eq!(x.unix_ms(), xid::MAX_UNIX_MS);
    clock.set_millis(xid::MAX_UNIX_MS as i64 + 1);
    assert_eq!(
        Xid::generate_with(&clock).unwrap_err().code(),
        ErrorCode::OutOfRange
    );
    let now = Xid::generate().unwrap();
    let sys = polyid::clock::SystemClock.now_millis() as u64;
    assert!(sys.abs_diff(now.unix_ms()) < 5_000);
}

#[test]
fn fill_without_allocation() {
    let clock = Arc::new(ManualClock::new(5_000));
    let g = TidGenerator::with_clock(Arc::clone(&clock), Some(9)).unwrap();
    let mut tids = [Tid::from_parts(0, 0).unwrap(); 4];
    g.fill(&mut tids).unwrap();
    let micros: Vec<i64> = tids.iter().map(|t| t.micros()).collect();
    assert_eq!(micros, [5_000, 5_001, 5_002, 5_003]);
    assert!(tids.iter().all(|t| t.clock_id() == 9));
    let e = EuidGenerator::with_clock(Arc::clone(&clock), Some(3)).unwrap();
    let mut euids = [Euid::default(); 100];
    e.fill(&mut euids).unwrap();
    assert!(euids.windows(2).all(|w| w[0] < w[1]));
    assert!(euids
        .iter()
        .all(|x| x.extension() == Some(3) && x.unix_ms() == 5));
}

#[test]
fn xid_batches() {
    let clock = ManualClock::new(0);
    clock.set_millis(xid::EPOCH_MS as i64 + 77);
    let g = XidGenerator::with_clock(&clock);
    let mut out = [Xid::from_u64(0); 64];
    g.fill(&mut out).unwrap();
    assert!(out.iter().all(|x| x.unix_ms() == xid::EPOCH_MS + 77));
    assert!(out.windows(2).all(|w| w[1].value() == w[0].value() + 1));
    assert_eq!(Xid::generate_many(10).unwrap().len(), 10);
    clock.set_millis(xid::EPOCH_MS as i64 - 1);
    assert_eq!(g.fill(&mut out).unwrap_err().code(), ErrorCode::OutOfRange);
}

/// 10,000 stateless random xids in one millisecond repeat (22 random bits); the generator's
/// never do, from one call or many, from one thread or several.
#[test]
fn xid_generator_never_repeats() {
    let many = Xid::generate_many(100_000).unwrap();
    assert!(many.windows(2).all(|w| w[0] < w[1]));
    // Two threads on one generator and a third on the process-wide one, which counts in the
    // same lane (or node).
    let g = Arc::new(XidGenerator::new());
    let handles: Vec<_> = (0..3)
        .map(|i| {
            let g = Arc::clone(&g);
            std::thread::spawn(move || {
                let mut v = Vec::with_capacity(500_000);
                for _ in 0..500_000 {
                    v.push(if i < 2 { g.next() } else { Xid::generate() }.unwrap());
                }
                v
            })
        })
        .collect();
    let mut all = HashSet::new();
    for h in handles {
        let v = h.join().unwrap();
        assert!(v.windows(2).all(|w| w[0] < w[1]), "per-thread order");
        all.extend(v);
    }
    assert_eq!(all.len(), 1_500_000);
    let lane = u32::from(g.lane().unwrap());
    assert!(all.iter().all(|x| x.random() >> 16 == lane));
    assert_eq!(u64::from(lane), polyid::node::process_slot(64));
}

#[test]
fn value40_is_the_low_bits() {
    let c = polyid::wdp::StructuredCode::parse("E.AUTH.TOKEN.001").unwrap();
    assert_eq!(c.value40(), c.hash() % (1 << 40));
    assert_eq!(c.value40() % 916_132_832, {
        // V6a0B read back as a base62 number
        "V6a0B".bytes().fold(0u64, |acc, b| {
            acc * 62 + polyid::wdp::BASE62.iter().position(|&x| x == b).unwrap() as u64
        })
    });
}

/// A clock reading outside every ID (what a float clock's NaN or infinity saturates to) is
/// OUT_OF_RANGE for every generator, also after good readings, never an ID dated 1970 or one
/// counted on from the last.
#[test]
fn generators_refuse_clock_readings_outside_every_id() {
    let clock = Arc::new(ManualClock::new(1_700_000_000_000_000));
    let t = TidGenerator::with_clock(Arc::clone(&clock), Some(7)).unwrap();
    let e = EuidGenerator::with_clock(Arc::clone(&clock), None).unwrap();
    let x = XidGenerator::with_clock(Arc::clone(&clock));
    assert!(t.next().is_ok() && e.next().is_ok() && x.next().is_ok());
    for ms in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 1e300, -1e300] {
        clock.set_micros(polyid::clock::micros_from_f64(ms, 0));
        assert_eq!(
            t.next().unwrap_err().code(),
            ErrorCode::OutOfRange,
            "TID at {ms}"
        );
        assert_eq!(
            e.next().unwrap_err().code(),
            ErrorCode::OutOfRange,
            "EUID at {ms}"
        );
        assert_eq!(
            x.next().unwrap_err().code(),
            ErrorCode::OutOfRange,
            "xid at {ms}"
        );
    }
    clock.set_micros(1_700_000_000_000_000);
    assert!(t.next().is_ok() && e.next().is_ok() && x.next().is_ok());
}
