//! Monotonic, thread-safe xid generation.
//!
//! The xid profile has only 22 random bits per millisecond: 10,000 fresh random values drawn
//! in one millisecond repeat about 12 times (the seed's own collision table). A generator
//! therefore keeps state, as monotonic ULID factories do: the first xid of a millisecond
//! starts at a random point, the next ones count up from it, so one generator never repeats
//! itself and its xids sort in the order they were made.
//!
//! Processes are kept apart by the top [`LANE_BITS`] of the 22 bits: a process writes its
//! lane, `pid mod 64`, there (re-read in a forked child). Concurrent processes on one host
//! have distinct process ids, so up to 64 of them (forked workers are usually consecutive
//! ids) can never issue the same xid; across hosts the lane and the random start are as good
//! as 21 random bits. The low 16 bits are the counter: a millisecond's run starts below
//! 32,768, so at least 32,768 xids fit in every millisecond before the generator borrows the
//! next one (its xids then run ahead of the clock until the clock catches up).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

use super::{Xid, EPOCH_MS, MAX_DELTA_MS, MAX_UNIX_MS, RANDOM_BITS};
use crate::clock::{Clock, SystemClock};
use crate::error::{Error, ErrorCode, Result};
use crate::{fork, rng};

/// Bits of the random field that hold the process lane.
pub const LANE_BITS: u32 = 6;
const SEQ_BITS: u32 = RANDOM_BITS - LANE_BITS;
const SEQ_MASK: u64 = (1 << SEQ_BITS) - 1;
const LANES: u64 = 1 << LANE_BITS;
/// A millisecond's run starts below this, leaving at least as many xids of headroom.
const START_SPAN: u64 = 1 << (SEQ_BITS - 1);

/// An xid generator: strictly increasing xids, one process lane, safe to share between
/// threads (`next` takes `&self` and is one compare-and-swap).
#[derive(Debug)]
pub struct XidGenerator<C: Clock = SystemClock> {
    clock: C,
    /// Position of the last xid issued: `delta_ms << 16 | counter` (0: none yet).
    last: AtomicU64,
    /// `fork generation << 32 | process id` (the lane is `pid mod 64`).
    lane: AtomicU64,
}

impl XidGenerator<SystemClock> {
    /// A generator on the system clock.
    pub fn new() -> XidGenerator {
        XidGenerator::with_clock(SystemClock)
    }
}

impl Default for XidGenerator<SystemClock> {
    fn default() -> Self {
        XidGenerator::new()
    }
}

fn current_lane() -> u64 {
    (fork::generation() << 32) | u64::from(process_id())
}

/// The process id; on wasm32-unknown-unknown, which has none (`std::process::id()` aborts
/// there), a random number per module instance.
#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
fn process_id() -> u32 {
    std::process::id()
}

#[cfg(all(target_family = "wasm", target_os = "unknown"))]
fn process_id() -> u32 {
    rng::u32()
}

impl<C: Clock> XidGenerator<C> {
    /// A generator on `clock`.
    pub fn with_clock(clock: C) -> XidGenerator<C> {
        XidGenerator {
            clock,
            last: AtomicU64::new(0),
            lane: AtomicU64::new(current_lane()),
        }
    }

    /// The lane (`pid mod 64`) written into the top 6 random bits.
    #[inline]
    pub fn lane(&self) -> u8 {
        let state = self.lane.load(Ordering::Relaxed);
        if state >> 32 != fork::generation() {
            return self.relane(state);
        }
        (state % LANES) as u8
    }

    /// In a forked child: take this process's lane and forget the parent's last position
    /// (the child's xids live in its own lane, so they cannot meet the parent's). The process
    /// id is read only here, once per fork.
    #[cold]
    fn relane(&self, state: u64) -> u8 {
        let new = current_lane();
        if self
            .lane
            .compare_exchange(state, new, Ordering::AcqRel, Ordering::Relaxed)
            .is_ok()
            && (new as u32) != (state as u32)
        {
            self.last.store(0, Ordering::Release);
        }
        (self.lane.load(Ordering::Relaxed) % LANES) as u8
    }

    /// Reserves `count` consecutive positions and returns the first.
    #[inline]
    fn reserve(&self, count: u64) -> Result<u64> {
        let now = self.clock.now_millis();
        if !(EPOCH_MS as i64..=MAX_UNIX_MS as i64).contains(&now) {
            return Err(Error::range("xid unix_ms", now, EPOCH_MS, MAX_UNIX_MS));
        }
        let now_pos = (now as u64 - EPOCH_MS) << SEQ_BITS;
        let mut start = None;
        let mut last = self.last.load(Ordering::Relaxed);
        loop {
            let first = if last < now_pos {
                now_pos | *start.get_or_insert_with(|| rng::u64() % START_SPAN)
            } else {
                last + 1
            };
            let end = first + (count - 1);
            if end >> SEQ_BITS > MAX_DELTA_MS {
                return Err(Error::reason(
                    ErrorCode::OutOfRange,
                    "xid unix_ms",
                    "the generator would pass 2151-03-25T18:46:22.214Z",
                ));
            }
            match self
                .last
                .compare_exchange_weak(last, end, Ordering::AcqRel, Ordering::Relaxed)
            {
                Ok(_) => return Ok(first),
                Err(actual) => last = actual,
            }
        }
    }

    #[inline]
    fn xid(pos: u64, lane: u64) -> Xid {
        Xid(((pos >> SEQ_BITS) << RANDOM_BITS) | (lane << SEQ_BITS) | (pos & SEQ_MASK))
    }

    /// The next xid: greater than every xid this generator issued before.
    #[inline]
    pub fn next(&self) -> Result<Xid> {
        let lane = u64::from(self.lane());
        Ok(Self::xid(self.reserve(1)?, lane))
    }

    /// Fills `out` with consecutive xids (one clock read and one compare-and-swap).
    pub fn fill(&self, out: &mut [Xid]) -> Result<()> {
        if out.is_empty() {
            return Ok(());
        }
        let lane = u64::from(self.lane());
        let first = self.reserve(out.len() as u64)?;
        for (pos, slot) in (first..).zip(out.iter_mut()) {
            *slot = Self::xid(pos, lane);
        }
        Ok(())
    }

    /// `count` consecutive xids.
    pub fn next_many(&self, count: usize) -> Result<Vec<Xid>> {
        let mut out = crate::batch::filled(count, Xid(0))?;
        self.fill(&mut out)?;
        Ok(out)
    }
}

/// The process-wide generator behind [`Xid::generate`], [`Xid::fill`] and
/// [`Xid::generate_many`].
pub fn default_generator() -> &'static XidGenerator {
    static DEFAULT: OnceLock<XidGenerator> = OnceLock::new();
    DEFAULT.get_or_init(XidGenerator::new)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ManualClock;

    fn at(ms: u64) -> XidGenerator<ManualClock> {
        XidGenerator::with_clock(ManualClock::new(ms as i64 * 1000))
    }

    #[test]
    fn counts_up_within_a_millisecond_in_its_lane() {
        let g = at(EPOCH_MS + 5);
        let a = g.next().unwrap();
        let b = g.next().unwrap();
        assert_eq!(b.value(), a.value() + 1);
        assert_eq!(a.unix_ms(), EPOCH_MS + 5);
        assert_eq!(u64::from(a.random() >> SEQ_BITS), u64::from(g.lane()));
        assert!(u64::from(a.random()) & SEQ_MASK < START_SPAN);
    }

    #[test]
    fn a_full_millisecond_borrows_the_next() {
        let g = at(EPOCH_MS + 5);
        let v = g.next_many(70_000).unwrap();
        assert!(v.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(v[0].unix_ms(), EPOCH_MS + 5);
        assert_eq!(v[69_999].unix_ms(), EPOCH_MS + 6);
        let lane = u32::from(g.lane());
        assert!(v.iter().all(|x| x.random() >> SEQ_BITS == lane));
    }

    #[test]
    fn time_limits() {
        let before = at(EPOCH_MS - 1);
        assert_eq!(before.next().unwrap_err().code(), ErrorCode::OutOfRange);
        let last = at(MAX_UNIX_MS);
        let x = last.next().unwrap();
        assert_eq!(x.unix_ms(), MAX_UNIX_MS);
        // 70,000 more cannot fit in the last millisecond and there is no next one
        assert_eq!(
            last.next_many(70_000).unwrap_err().code(),
            ErrorCode::OutOfRange
        );
        let after = at(MAX_UNIX_MS + 1);
        assert_eq!(after.next().unwrap_err().code(), ErrorCode::OutOfRange);
    }

    #[test]
    fn clock_going_back_keeps_order() {
        let clock = ManualClock::new((EPOCH_MS as i64 + 100) * 1000);
        let g = XidGenerator::with_clock(&clock);
        let a = g.next().unwrap();
        clock.set_micros((EPOCH_MS as i64 + 50) * 1000);
        let b = g.next().unwrap();
        assert!(b > a);
    }
}
