//! Monotonic, thread-safe TID generation.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

use super::{Tid, MAX_CLOCK_ID, MAX_MICROS, MIN_MICROS};
use crate::clock::{Clock, SystemClock};
use crate::error::{Error, Result};
use crate::{fork, rng};

/// Random clock ids come from the "best effort" range 0-31 of the TID draft.
const RANDOM_CLOCK_IDS: u64 = 32;

/// The last microsecond issued with each clock id by the generators on the process's own
/// clock ([`Clock::is_process_time`]), in the `Last` encoding. Sharing it per clock id is what
/// keeps two such generators with the same clock id (two random picks that met, a caller's
/// choice, or two generators moved to `32 + pid mod 960` in a forked child) from issuing the
/// same TID. All zero at start, so it costs no bytes in the binary (8 KiB of zeroed memory;
/// the wasm module has a size budget).
static LAST_BY_CLOCK_ID: [AtomicU64; MAX_CLOCK_ID as usize + 1] =
    [const { AtomicU64::new(0) }; MAX_CLOCK_ID as usize + 1];

/// A last microsecond as stored: the sign bit flipped, which maps `i64` order onto `u64`
/// order (so `fetch_max` works) and "nothing issued yet" (`i64::MIN`) onto 0.
#[inline]
const fn encode(micros: i64) -> u64 {
    (micros as u64) ^ (1 << 63)
}

#[inline]
const fn decode(stored: u64) -> i64 {
    (stored ^ (1 << 63)) as i64
}

/// A TID generator: strictly increasing timestamps (`max(now, last + 1)`) with one clock id.
///
/// `next` takes `&self` and is lock-free (one compare-and-swap), so one generator can be
/// shared between threads. On the system clock, all generators of a process with the same
/// clock id take their microseconds from one shared counter, so no two of them ever issue
/// the same TID (on another clock, e.g. a [`ManualClock`](crate::clock::ManualClock), each
/// generator counts for itself). A generator whose clock id was chosen at random moves, in a
/// forked child, to `32 + pid mod 960`, so that parent and children never issue the same
/// TID; a clock id chosen by the caller is kept (keeping it apart from other processes' is
/// then the caller's part).
#[derive(Debug)]
pub struct TidGenerator<C: Clock = SystemClock> {
    clock: C,
    /// The last microsecond issued, when `clock` is not the process's time (otherwise
    /// `LAST_BY_CLOCK_ID` holds it).
    last: AtomicU64,
    shared: bool,
    /// `fork generation << 16 | clock id`.
    clock_id: AtomicU64,
    random_clock_id: bool,
}

impl TidGenerator<SystemClock> {
    /// A generator with a random clock id in 0-31.
    pub fn new() -> TidGenerator {
        TidGenerator::with_clock(SystemClock, None).unwrap_or_else(|_| unreachable_generator())
    }

    /// A generator with the given clock id (0-1023).
    pub fn with_clock_id(clock_id: u16) -> Result<TidGenerator> {
        TidGenerator::with_clock(SystemClock, Some(clock_id))
    }
}

// `with_clock(_, None)` cannot fail; this keeps `new()` free of unwrap.
#[cold]
fn unreachable_generator() -> TidGenerator {
    TidGenerator {
        clock: SystemClock,
        last: AtomicU64::new(0),
        shared: true,
        clock_id: AtomicU64::new(0),
        random_clock_id: true,
    }
}

impl Default for TidGenerator<SystemClock> {
    fn default() -> Self {
        TidGenerator::new()
    }
}

impl<C: Clock> TidGenerator<C> {
    /// A generator on `clock` with the given clock id, or a random one in 0-31.
    pub fn with_clock(clock: C, clock_id: Option<u16>) -> Result<TidGenerator<C>> {
        let (id, random) = match clock_id {
            Some(id) if id > MAX_CLOCK_ID => {
                return Err(Error::range("TID clock_id", id, 0, MAX_CLOCK_ID))
            }
            Some(id) => (id as u64, false),
            None => (rng::u64() % RANDOM_CLOCK_IDS, true),
        };
        Ok(TidGenerator {
            shared: clock.is_process_time(),
            clock,
            last: AtomicU64::new(0),
            clock_id: AtomicU64::new((fork::generation() << 16) | id),
            random_clock_id: random,
        })
    }

    /// The clock id of the TIDs this generator issues now.
    #[inline]
    pub fn clock_id(&self) -> u16 {
        let state = self.clock_id.load(Ordering::Relaxed);
        if self.random_clock_id && state >> 16 != fork::generation() {
            return self.repick_clock_id(state);
        }
        (state & 0xffff) as u16
    }

    /// In a forked child: move to a clock id no sibling or parent uses.
    ///
    /// Random ids from 0-31 cannot keep many forked children apart (51 processes must share
    /// some of 32 ids), so a child takes `32 + pid mod 960` from the draft's
    /// context-dependent range: distinct for up to 960 consecutive process ids, and never
    /// the parent's best-effort id. The process id is read only here, once per fork.
    #[cold]
    fn repick_clock_id(&self, state: u64) -> u16 {
        let id = 32 + u64::from(std::process::id()) % 960;
        let new = (fork::generation() << 16) | id;
        match self
            .clock_id
            .compare_exchange(state, new, Ordering::Relaxed, Ordering::Relaxed)
        {
            Ok(_) => {
                // This generator's TIDs so far came from the old clock id's counter: the new
                // one continues from at least there, so the generator stays increasing even if
                // the clock stepped back.
                if self.shared {
                    let before = self
                        .last_of((state & 0xffff) as u16)
                        .load(Ordering::Acquire);
                    self.last_of(id as u16).fetch_max(before, Ordering::AcqRel);
                }
                id as u16
            }
            Err(current) => (current & 0xffff) as u16,
        }
    }

    /// The counter of the last microsecond issued with clock id `id`.
    #[inline]
    fn last_of(&self, id: u16) -> &AtomicU64 {
        if self.shared {
            &LAST_BY_CLOCK_ID[usize::from(id) & MAX_CLOCK_ID as usize]
        } else {
            &self.last
        }
    }

    /// Reserves `count` consecutive microseconds for clock id `id` and returns the first.
    #[inline]
    fn reserve(&self, id: u16, count: i64) -> Result<i64> {
        let cell = self.last_of(id);
        let now = self.clock.now_micros();
        // A reading outside every TID (NaN or infinity from a float clock saturates to the
        // ends of i64) is a broken clock, not one that stepped back: refuse it rather than
        // keep counting on the last TID.
        if !(MIN_MICROS..=MAX_MICROS).contains(&now) {
            return Err(Error::range("TID micros", now, MIN_MICROS, MAX_MICROS));
        }
        let mut stored = cell.load(Ordering::Relaxed);
        loop {
            let first = now.max(decode(stored).saturating_add(1));
            let end = first.saturating_add(count - 1);
            if first < MIN_MICROS || end > MAX_MICROS {
                return Err(Error::range(
                    "TID micros",
                    if first < MIN_MICROS { first } else { end },
                    MIN_MICROS,
                    MAX_MICROS,
                ));
            }
            match cell.compare_exchange_weak(
                stored,
                encode(end),
                Ordering::AcqRel,
                Ordering::Relaxed,
            ) {
                Ok(_) => return Ok(first),
                Err(actual) => stored = actual,
            }
        }
    }

    /// The next TID: strictly greater than every TID this generator issued before.
    #[inline]
    pub fn next(&self) -> Result<Tid> {
        let id = self.clock_id();
        let micros = self.reserve(id, 1)?;
        Ok(Tid((micros << 10) | id as i64))
    }

    /// Fills `out` with consecutive TIDs (one clock read and one compare-and-swap for all of
    /// them, no allocation).
    pub fn fill(&self, out: &mut [Tid]) -> Result<()> {
        if out.is_empty() {
            return Ok(());
        }
        let n = i64::try_from(out.len())
            .map_err(|_| Error::reason(crate::ErrorCode::OutOfRange, "TID count", "too many"))?;
        let id = self.clock_id();
        let first = self.reserve(id, n)?;
        for (i, slot) in (0..n).zip(out.iter_mut()) {
            *slot = Tid(((first + i) << 10) | id as i64);
        }
        Ok(())
    }

    /// `count` TIDs at once (one clock read and one compare-and-swap for all of them).
    pub fn next_many(&self, count: usize) -> Result<Vec<Tid>> {
        if count == 0 {
            return Ok(Vec::new());
        }
        let mut out = crate::batch::filled(count, Tid(0))?;
        self.fill(&mut out)?;
        Ok(out)
    }
}

/// The process-wide generator behind [`Tid::generate`] (random clock id 0-31, chosen once per
/// process; `32 + pid mod 960` in a forked child).
pub fn default_generator() -> &'static TidGenerator {
    static DEFAULT: OnceLock<TidGenerator> = OnceLock::new();
    DEFAULT.get_or_init(TidGenerator::new)
}
