//! Monotonic, thread-safe TID generation.
//!
//! A TID's clock id (10 bits) keeps generators apart. The TID draft splits its range: 0-31 are
//! "best effort" (chosen at random), 32-991 are assigned per deployment, 992-1023 are
//! registered. A generator takes its clock id from, in order: an explicit clock id; its node
//! (`32 + node`, see [`crate::node`]); the process node; or, with none, a random id in 0-31,
//! drawn once per process (AT Protocol's practice). Two hosts that drew the same random id
//! issue the same TIDs whenever they generate in the same microsecond: random clock ids are
//! unique within a process, not across hosts (`docs/uniqueness.md` has the odds).
//!
//! Timestamps are `max(now, last + 1)`: one TID per microsecond per clock id. A burst or a
//! clock that steps back makes the TIDs run ahead of the clock, by at most `max_lead_ms`
//! ([`crate::policy`]).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

use super::{Tid, MAX_CLOCK_ID, MAX_MICROS, MIN_MICROS};
use crate::clock::{Clock, SystemClock};
use crate::error::{Error, ErrorCode, Result};
use crate::node::{self, InProcess, Node};
use crate::policy::{self, OnClockBehind, Options};
use crate::{fork, rng};

/// Random clock ids come from the "best effort" range 0-31 of the TID draft.
const RANDOM_CLOCK_IDS: u64 = 32;
/// A forked child without a node moves to `32 + slot` with a slot among these.
const CHILD_SLOTS: u64 = 960;

/// The last microsecond issued with each clock id by the generators on the process's own
/// clock ([`Clock::is_process_time`]), in the `Last` encoding. Sharing it per clock id is what
/// keeps two such generators with the same clock id (two random picks that met, a caller's
/// choice, a node given twice) from issuing the same TID. All zero at start, so it costs no
/// bytes in the binary (8 KiB of zeroed memory; the wasm module has a size budget).
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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Spec {
    /// The process node (`32 + node`), or a random best-effort id when it has none.
    Process,
    /// A node given to this generator.
    Fixed(Node),
    /// A clock id chosen by the caller (kept in a forked child: keeping it apart is the
    /// caller's part), or drawn from a seed.
    ClockId(u16),
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
    spec: Spec,
    rand: rng::Source,
    max_lead_ms: u64,
    on_clock_behind: OnClockBehind,
    /// The fork generation the generator was built in (a fixed node is not inherited).
    born: u64,
    /// The last microsecond issued, when `clock` is not the process's time (otherwise
    /// `LAST_BY_CLOCK_ID` holds it).
    last: AtomicU64,
    shared: bool,
    /// `(fork generation + 1) << 16 | clock id`, 0 until resolved.
    clock_id: AtomicU64,
}

impl TidGenerator<SystemClock> {
    /// A generator with the default options: the process node's clock id if there is one
    /// (resolved at the first TID), a random one in 0-31 otherwise.
    pub fn new() -> TidGenerator {
        TidGenerator::build(SystemClock, Options::default(), None)
    }

    /// A generator with the given clock id (0-1023).
    pub fn with_clock_id(clock_id: u16) -> Result<TidGenerator> {
        TidGenerator::with_clock(SystemClock, Some(clock_id))
    }
}

impl Default for TidGenerator<SystemClock> {
    fn default() -> Self {
        TidGenerator::new()
    }
}

fn check_clock_id(id: u16) -> Result<u16> {
    if id > MAX_CLOCK_ID {
        return Err(Error::range("TID clock_id", id, 0, MAX_CLOCK_ID));
    }
    Ok(id)
}

impl<C: Clock> TidGenerator<C> {
    /// A generator on `clock` with the given clock id, or (`None`) the default choice: the
    /// process node's clock id, else a random one in 0-31 (resolved at the first TID).
    pub fn with_clock(clock: C, clock_id: Option<u16>) -> Result<TidGenerator<C>> {
        let clock_id = clock_id.map(check_clock_id).transpose()?;
        Ok(TidGenerator::build(clock, Options::default(), clock_id))
    }

    fn build(clock: C, options: Options, clock_id: Option<u16>) -> TidGenerator<C> {
        let rand = rng::Source::new(options.seed);
        let spec = match (clock_id, options.node, options.seed) {
            (Some(id), _, _) => Spec::ClockId(id),
            (None, Some(node), _) => Spec::Fixed(node),
            (None, None, Some(_)) => Spec::ClockId((rand.u64() % RANDOM_CLOCK_IDS) as u16),
            (None, None, None) => Spec::Process,
        };
        TidGenerator {
            shared: clock.is_process_time() && !rand.is_seeded(),
            clock,
            spec,
            rand,
            max_lead_ms: options.max_lead_ms,
            on_clock_behind: options.on_clock_behind,
            born: fork::generation(),
            last: AtomicU64::new(0),
            clock_id: AtomicU64::new(0),
        }
    }

    /// A generator on `clock` built from `options`, with an explicit `clock_id` or (`None`)
    /// the one its node, the process node or chance gives. The clock id is resolved now, so a
    /// missing required node (`NODE_REQUIRED`), a bad `POLYID_NODE` or a node held by another
    /// process (`NODE_IN_USE`) fails here.
    pub fn with_options(
        clock: C,
        options: Options,
        clock_id: Option<u16>,
    ) -> Result<TidGenerator<C>> {
        // The options, then the clock id, then how they combine (docs/spec §6.5).
        options.validate()?;
        let clock_id = clock_id.map(check_clock_id).transpose()?;
        if clock_id.is_some() && options.node.is_some() {
            return Err(Error::reason(
                ErrorCode::InvalidArgument,
                "TID generator",
                "give a node or a clock id, not both (a node's clock id is 32 + node)",
            ));
        }
        let g = TidGenerator::build(clock, options, clock_id);
        g.try_clock_id()?;
        Ok(g)
    }

    /// A generator that continues after `last` (a TID issued before, e.g. persisted across a
    /// restart): every TID it returns is greater than `last`, whatever its clock says.
    pub fn resume(
        clock: C,
        options: Options,
        clock_id: Option<u16>,
        last: Tid,
    ) -> Result<TidGenerator<C>> {
        let g = TidGenerator::with_options(clock, options, clock_id)?;
        let id = g.try_clock_id()?;
        g.last_of(id)
            .fetch_max(encode(last.micros()), Ordering::AcqRel);
        Ok(g)
    }

    /// The clock id of the TIDs this generator issues now.
    ///
    /// # Panics
    /// Never in practice: when the clock id cannot be resolved (see
    /// [`try_clock_id`](Self::try_clock_id)) this returns 0; `next` reports the error.
    #[inline]
    pub fn clock_id(&self) -> u16 {
        self.try_clock_id().unwrap_or(0)
    }

    /// The clock id, or why there is none (`NODE_REQUIRED`, `NODE_IN_USE`, a bad
    /// `POLYID_NODE`).
    #[inline]
    pub fn try_clock_id(&self) -> Result<u16> {
        let state = self.clock_id.load(Ordering::Relaxed);
        if state >> 16 == fork::generation() + 1 {
            return Ok((state & 0xffff) as u16);
        }
        self.resolve(state)
    }

    /// The node behind this generator's clock id, if it has one.
    pub fn node(&self) -> Result<Option<Node>> {
        let id = self.try_clock_id()?;
        Ok(self.node_of(id))
    }

    fn node_of(&self, id: u16) -> Option<Node> {
        match self.spec {
            Spec::Fixed(n) => Some(n),
            Spec::Process => match node::process_node() {
                Ok(Some(n)) if n.tid_clock_id() == id => Some(n),
                _ => None,
            },
            Spec::ClockId(_) => None,
        }
    }

    /// How far the last TID issued is ahead of the clock, in whole milliseconds.
    pub fn lead_ms(&self) -> u64 {
        let state = self.clock_id.load(Ordering::Relaxed);
        if state == 0 {
            return 0;
        }
        let last = self
            .last_of((state & 0xffff) as u16)
            .load(Ordering::Acquire);
        if last == 0 {
            return 0;
        }
        let ahead = decode(last).saturating_sub(self.clock.now_micros());
        (ahead.max(0) / 1000) as u64
    }

    /// The bound on [`lead_ms`](Self::lead_ms).
    pub fn max_lead_ms(&self) -> u64 {
        self.max_lead_ms
    }

    /// What happens beyond the bound.
    pub fn on_clock_behind(&self) -> OnClockBehind {
        self.on_clock_behind
    }

    /// The first TID, or the first in a forked child: decide the clock id. The process node
    /// and the process id are read only here.
    ///
    /// In a forked child without a node, random ids from 0-31 cannot keep many children apart
    /// (51 processes must share some of 32 ids), so a child takes `32 + (pid + host salt) mod
    /// 960` from the draft's deployment range: distinct for up to 960 consecutive process
    /// ids, and never the parent's best-effort id.
    #[cold]
    fn resolve(&self, state: u64) -> Result<u16> {
        let generation = fork::generation();
        let forked = state != 0;
        let id = match self.spec {
            Spec::ClockId(id) => id,
            Spec::Fixed(n) => {
                node::claim_given(n, self.born, generation, self.shared)?.tid_clock_id()
            }
            Spec::Process => match node::take_process_node()? {
                Some(n) => n.tid_clock_id(),
                None => {
                    let id = if forked {
                        (32 + node::process_slot(CHILD_SLOTS)) as u16
                    } else {
                        (self.rand.u64() % RANDOM_CLOCK_IDS) as u16
                    };
                    if self.shared {
                        self.free_clock_id(id)?
                    } else {
                        id
                    }
                }
            },
        };
        let new = ((generation + 1) << 16) | u64::from(id);
        match self
            .clock_id
            .compare_exchange(state, new, Ordering::Relaxed, Ordering::Relaxed)
        {
            Ok(_) => {
                // This generator's TIDs so far came from the old clock id's counter: the new
                // one continues from at least there, so the generator stays increasing even if
                // the clock stepped back.
                if forked {
                    let before = self
                        .last_of((state & 0xffff) as u16)
                        .load(Ordering::Acquire);
                    self.last_of(id).fetch_max(before, Ordering::AcqRel);
                }
                Ok(id)
            }
            Err(current) => Ok((current & 0xffff) as u16),
        }
    }

    /// `id`, or when another copy of the core in this process uses it (it counts that clock
    /// id's microseconds on its own), one of 0-31 that no other copy uses, from a random start.
    fn free_clock_id(&self, id: u16) -> Result<u16> {
        if node::claim_in_process(InProcess::TidClockId(id)) {
            return Ok(id);
        }
        let start = self.rand.u64();
        (0..RANDOM_CLOCK_IDS)
            .map(|k| (start.wrapping_add(k) % RANDOM_CLOCK_IDS) as u16)
            .find(|&id| node::claim_in_process(InProcess::TidClockId(id)))
            .ok_or_else(|| {
                node::held_by_another_copy("TID clock ids 0-31 are all taken by generators of")
            })
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

    /// Reserves `count` consecutive microseconds for clock id `id` and returns the first, from
    /// the clock reading `now` when the caller made one ([`crate::clock::early`]).
    ///
    /// The common case inline: one clock reading in range and a reservation within the lead.
    /// Anything else (a reading outside every TID, the end of the range, a lead beyond the
    /// bound and the policy's wait) is [`reserve_slow`](Self::reserve_slow), from the same
    /// reading; kept out of line, it leaves the caller's code small.
    #[inline]
    fn reserve(&self, id: u16, count: i64, now: Option<i64>) -> Result<i64> {
        // The browser module keeps the one path: there the size counts, not the call.
        #[cfg(not(target_arch = "wasm32"))]
        {
            let cell = self.last_of(id);
            let max_lead = self.max_lead_ms as i64 * 1000;
            if let Some(now) = now.filter(|now| (MIN_MICROS..=MAX_MICROS).contains(now)) {
                let mut stored = cell.load(Ordering::Relaxed);
                loop {
                    let first = now.max(decode(stored).saturating_add(1));
                    let end = first.saturating_add(count - 1);
                    if first < MIN_MICROS || end > MAX_MICROS || end - now > max_lead {
                        break;
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
        }
        self.reserve_slow(id, count, now)
    }

    /// [`reserve`](Self::reserve) with every case, from the clock reading `now` if there is one.
    #[cfg_attr(not(target_arch = "wasm32"), cold, inline(never))]
    fn reserve_slow(&self, id: u16, count: i64, mut now: Option<i64>) -> Result<i64> {
        let cell = self.last_of(id);
        let max_lead = self.max_lead_ms as i64 * 1000;
        let mut previous_lead = i64::MAX;
        loop {
            let now = now.take().unwrap_or_else(|| self.clock.now_micros());
            // A reading outside every TID (NaN or infinity from a float clock saturates to the
            // ends of i64) is a broken clock, not one that stepped back: refuse it rather than
            // keep counting on the last TID.
            if !(MIN_MICROS..=MAX_MICROS).contains(&now) {
                return Err(Error::range("TID micros", now, MIN_MICROS, MAX_MICROS));
            }
            let mut stored = cell.load(Ordering::Relaxed);
            let lead = loop {
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
                // The last TID of this reservation is at most `max_lead` ahead of the clock
                // (a batch fills consecutive microseconds from `now`).
                let lead = end - now;
                if lead > max_lead {
                    if count - 1 > max_lead {
                        // The batch alone spans more than the lead allows: no wait helps.
                        return Err(policy::behind_error(
                            "TID generator",
                            lead as u64,
                            max_lead as u64,
                            1000,
                        ));
                    }
                    break lead;
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
            };
            policy::behind(
                self.on_clock_behind,
                "TID generator",
                lead as u64,
                max_lead as u64,
                1000,
                lead >= previous_lead,
            )?;
            previous_lead = lead;
        }
    }

    /// The next TID: strictly greater than every TID this generator issued before.
    #[inline]
    pub fn next(&self) -> Result<Tid> {
        let now = crate::clock::early(|| self.clock.now_micros());
        let id = self.try_clock_id()?;
        let micros = self.reserve(id, 1, now)?;
        Ok(Tid((micros << 10) | id as i64))
    }

    /// Fills `out` with consecutive TIDs (one clock read and one compare-and-swap for all of
    /// them, no allocation).
    pub fn fill(&self, out: &mut [Tid]) -> Result<()> {
        if out.is_empty() {
            return Ok(());
        }
        let n = i64::try_from(out.len())
            .map_err(|_| Error::reason(ErrorCode::OutOfRange, "TID count", "too many"))?;
        let now = crate::clock::early(|| self.clock.now_micros());
        let id = self.try_clock_id()?;
        let first = self.reserve(id, n, now)?;
        for (i, slot) in (0..n).zip(out.iter_mut()) {
            *slot = Tid(((first + i) << 10) | id as i64);
        }
        Ok(())
    }

    /// `count` TIDs at once (one clock read and one compare-and-swap for all of them).
    pub fn next_many(&self, count: usize) -> Result<Vec<Tid>> {
        crate::batch::many(count, Tid(0), |out| self.fill(out))
    }
}

/// The process-wide generator behind [`Tid::generate`]: default options (the process node's
/// clock id, else a random one in 0-31 chosen once per process).
pub fn default_generator() -> &'static TidGenerator {
    static DEFAULT: OnceLock<TidGenerator> = OnceLock::new();
    DEFAULT.get_or_init(TidGenerator::new)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ManualClock;

    fn node(n: u64) -> Options {
        Options {
            node: Some(Node::new(n).unwrap()),
            ..Options::default()
        }
    }

    /// The inline common case and the one path the browser module keeps (`reserve_slow`
    /// reading the clock itself) issue the same TIDs, through a clock that moves on, stands
    /// still, steps back within the lead and beyond it (an error either way).
    #[test]
    fn the_common_case_is_the_full_path() {
        let options = || Options {
            max_lead_ms: 2,
            on_clock_behind: OnClockBehind::Fail,
            ..node(3)
        };
        let fast = TidGenerator::with_options(ManualClock::new(0), options(), None).unwrap();
        let full = TidGenerator::with_options(ManualClock::new(0), options(), None).unwrap();
        let steps: [i64; 10] = [
            1_000_000, 1_000_000, 1_000_005, 999_000, 998_500, 990_000, 1_004_000, 1_004_000,
            1_010_000, 1_010_001,
        ];
        let mut outcomes = [0; 2]; // errors, successes
        for micros in steps {
            for g in [&fast, &full] {
                g.clock.set_micros(micros);
            }
            for count in [1, 2, 1500, 2500] {
                let a = fast.next_many(count);
                let b = full.try_clock_id().and_then(|id| {
                    let first = full.reserve_slow(id, count as i64, None)?;
                    Ok((first..first + count as i64)
                        .map(|m| Tid((m << 10) | i64::from(id)))
                        .collect::<Vec<_>>())
                });
                assert_eq!(a, b, "at {micros} us, {count}");
                outcomes[usize::from(a.is_ok())] += 1;
            }
        }
        assert!(outcomes[0] > 0 && outcomes[1] > 0, "{outcomes:?}");
    }

    #[test]
    fn a_node_is_clock_id_32_plus_node() {
        let clock = ManualClock::new(1_000_000);
        let g = TidGenerator::with_options(&clock, node(7), None).unwrap();
        assert_eq!(g.try_clock_id().unwrap(), 39);
        assert_eq!(g.node().unwrap(), Some(Node::new(7).unwrap()));
        let v = g.next_many(3).unwrap();
        assert_eq!(v[0], Tid::from_parts(1_000_000, 39).unwrap());
        assert_eq!(v[2], Tid::from_parts(1_000_002, 39).unwrap());
        let both = TidGenerator::with_options(&clock, node(7), Some(3));
        assert_eq!(both.unwrap_err().code(), ErrorCode::InvalidArgument);
    }

    #[test]
    fn the_lead_is_bounded_and_visible() {
        let clock = ManualClock::new(10_000_000);
        let opts = Options {
            max_lead_ms: 1,
            ..node(1)
        };
        let g = TidGenerator::with_options(&clock, opts, None).unwrap();
        g.next_many(1001).unwrap(); // up to 10,001,000: lead 1,000 us
        assert_eq!(g.lead_ms(), 1);
        assert_eq!(g.next().unwrap_err().code(), ErrorCode::ClockBehind);
        // one batch that alone needs more than the lead
        clock.set_micros(20_000_000);
        let e = g.next_many(1002).unwrap_err();
        assert_eq!(e.code(), ErrorCode::ClockBehind);
        assert!(e.to_string().contains("1001 us ahead"), "{e}");
        // a clock 5 s back: far beyond the lead
        g.next().unwrap();
        clock.set_micros(15_000_000);
        assert_eq!(g.next().unwrap_err().code(), ErrorCode::ClockBehind);
        assert_eq!(g.lead_ms(), 5000);
    }

    #[test]
    fn resume_never_reissues() {
        let last = Tid::from_parts(5_000_000, 39).unwrap();
        let clock = ManualClock::new(4_000_000);
        let g = TidGenerator::resume(&clock, node(7), None, last).unwrap();
        assert_eq!(g.next().unwrap(), Tid::from_parts(5_000_001, 39).unwrap());
        assert_eq!(g.lead_ms(), 1000);
    }

    #[test]
    fn seeded_generators_repeat_exactly() {
        let run = || {
            let opts = Options {
                seed: Some(7),
                ..Options::default()
            };
            let g = TidGenerator::with_options(ManualClock::new(99), opts, None).unwrap();
            (g.try_clock_id().unwrap(), g.next_many(3).unwrap())
        };
        let (a, b) = (run(), run());
        assert_eq!(a, b);
        assert!(a.0 < 32);
    }
}
