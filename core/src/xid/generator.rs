//! Monotonic, thread-safe xid generation, with or without a node.
//!
//! An xid has 22 bits below its millisecond. Fresh random bits in every ID would repeat within
//! a millisecond, so a generator keeps state, as monotonic ULID factories do, and lays the 22
//! bits out in one of two ways:
//!
//! - **With a node** (`POLYID_NODE`, [`crate::node`]): `node (10 bits) | counter (12 bits)`.
//!   Each millisecond's counter starts at 0, so a node issues up to 4,096 xids per millisecond,
//!   and processes with distinct nodes can never issue the same xid.
//! - **Without a node**: `lane (6 bits) | counter (16 bits)`. The lane is `(pid + host salt)
//!   mod 64` (see [`crate::node::process_slot`]): distinct for processes with distinct pids in
//!   one PID namespace, independent between containers and hosts. Each millisecond's counter
//!   starts at a random point below 32,768, so at least 32,768 xids fit in a millisecond.
//!   Two hosts share a lane with probability 1/64, and a pair that does can collide whenever
//!   both generate in the same millisecond: without a node, xids are unique within a host,
//!   not across hosts (`docs/uniqueness.md` has the odds).
//!
//! When a millisecond is full, or the clock steps back, the generator borrows the following
//! milliseconds: its xids run ahead of the clock, by at most `max_lead_ms`
//! ([`crate::policy`]). The counter never wraps.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

use super::{Xid, EPOCH_MS, MAX_DELTA_MS, MAX_UNIX_MS, RANDOM_BITS};
use crate::clock::{Clock, SystemClock};
use crate::error::{Error, ErrorCode, Result};
use crate::node::{self, InProcess, Node, NODES};
use crate::policy::{self, OnClockBehind, Options};
use crate::{fork, rng};

/// Bits of the random field that hold the process lane (generators without a node).
pub const LANE_BITS: u32 = 6;
/// Bits of the random field that hold the node (generators with a node).
pub const NODE_BITS: u32 = 10;
const LANES: u64 = 1 << LANE_BITS;
const LANE_SEQ_BITS: u32 = RANDOM_BITS - LANE_BITS;
/// A lane's millisecond run starts below this, leaving at least as many xids of headroom.
const START_SPAN: u64 = 1 << (LANE_SEQ_BITS - 1);
const NODE_SEQ_BITS: u32 = RANDOM_BITS - NODE_BITS;
/// xids per millisecond per node.
pub const NODE_CAPACITY_PER_MS: u64 = 1 << NODE_SEQ_BITS;

/// The last position issued in each lane and each node by the generators on the process's own
/// clock: two generators of one process with the same lane or node count on one counter, so
/// they never issue the same xid. Zeroed statics: no bytes in the binary.
static LAST_BY_LANE: [AtomicU64; LANES as usize] = [const { AtomicU64::new(0) }; LANES as usize];
static LAST_BY_NODE: [AtomicU64; NODES] = [const { AtomicU64::new(0) }; NODES];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Spec {
    /// The process node, or uncoordinated lanes when the process has none.
    Process,
    /// A node given to this generator.
    Fixed(Node),
    /// A seeded generator without a node: its lane came from the seed.
    Seeded(u64),
}

/// The resolved layout of the 22 bits: a node or a lane in the top bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Layout {
    node: bool,
    id: u64,
}

impl Layout {
    const fn of_node(n: Node) -> Layout {
        Layout {
            node: true,
            id: n.get() as u64,
        }
    }

    #[inline]
    const fn seq_bits(self) -> u32 {
        if self.node {
            NODE_SEQ_BITS
        } else {
            LANE_SEQ_BITS
        }
    }

    /// Packed with the fork generation it was resolved in (`+ 1`, so that 0 is "not yet").
    #[inline]
    const fn pack(self, generation: u64) -> u64 {
        ((generation + 1) << 16) | ((self.node as u64) << 15) | self.id
    }

    #[inline]
    const fn unpack(state: u64) -> Layout {
        Layout {
            node: state & (1 << 15) != 0,
            id: state & 0x3ff,
        }
    }
}

/// An xid generator: strictly increasing xids, safe to share between threads (`next` takes
/// `&self` and is one compare-and-swap).
#[derive(Debug)]
pub struct XidGenerator<C: Clock = SystemClock> {
    clock: C,
    spec: Spec,
    rand: rng::Source,
    max_lead_ms: u64,
    on_clock_behind: OnClockBehind,
    shared: bool,
    /// The fork generation the generator was built in (a fixed node is not inherited).
    born: u64,
    /// One past the position of the last xid issued (`(delta_ms << seq_bits | counter) + 1`;
    /// 0: none yet, so that position 0, the epoch's first xid, can be issued), when `clock` is
    /// not the process's time (otherwise the shared tables hold it).
    last: AtomicU64,
    /// [`Layout::pack`], 0 until resolved.
    layout: AtomicU64,
}

impl XidGenerator<SystemClock> {
    /// A generator on the system clock with the default options: the process node if there is
    /// one (resolved at the first ID), uncoordinated lanes otherwise.
    pub fn new() -> XidGenerator {
        XidGenerator::with_clock(SystemClock)
    }
}

impl Default for XidGenerator<SystemClock> {
    fn default() -> Self {
        XidGenerator::new()
    }
}

impl<C: Clock> XidGenerator<C> {
    /// A generator on `clock` with the default options (the node is resolved at the first ID).
    pub fn with_clock(clock: C) -> XidGenerator<C> {
        XidGenerator::build(clock, Options::default())
    }

    fn build(clock: C, options: Options) -> XidGenerator<C> {
        let rand = rng::Source::new(options.seed);
        let spec = match (options.node, options.seed) {
            (Some(node), _) => Spec::Fixed(node),
            (None, Some(_)) => Spec::Seeded(rand.u64() % LANES),
            (None, None) => Spec::Process,
        };
        XidGenerator {
            shared: clock.is_process_time() && !rand.is_seeded(),
            clock,
            spec,
            rand,
            max_lead_ms: options.max_lead_ms,
            on_clock_behind: options.on_clock_behind,
            born: fork::generation(),
            last: AtomicU64::new(0),
            layout: AtomicU64::new(0),
        }
    }

    /// A generator on `clock` built from `options`. The node is resolved now, so a missing
    /// required node (`NODE_REQUIRED`), a bad `POLYID_NODE` or a node held by another process
    /// (`NODE_IN_USE`) fails here.
    pub fn with_options(clock: C, options: Options) -> Result<XidGenerator<C>> {
        options.validate()?;
        let g = XidGenerator::build(clock, options);
        g.layout()?;
        Ok(g)
    }

    /// A generator that continues after `last` (an xid issued before, e.g. persisted across a
    /// restart): every xid it returns is greater than `last`, whatever its clock says.
    pub fn resume(clock: C, options: Options, last: Xid) -> Result<XidGenerator<C>> {
        let g = XidGenerator::with_options(clock, options)?;
        let layout = g.layout()?;
        let bits = layout.seq_bits();
        let low = u64::from(last.random());
        let ms = last.value() >> RANDOM_BITS;
        let (theirs, counter) = (low >> bits, low & ((1 << bits) - 1));
        // One past the last position taken (what the cells store).
        let next = match theirs.cmp(&layout.id) {
            // Same node or lane: continue its counter.
            core::cmp::Ordering::Equal => ((ms << bits) | counter) + 1,
            // Ours sorts above theirs in the same millisecond: any counter will do.
            core::cmp::Ordering::Less => ms << bits,
            // Ours sorts below: start in the next millisecond.
            core::cmp::Ordering::Greater => (ms + 1) << bits,
        };
        g.cell(layout).fetch_max(next, Ordering::AcqRel);
        Ok(g)
    }

    /// The node written into this generator's xids, `None` when it has none (lanes).
    pub fn node(&self) -> Result<Option<Node>> {
        let layout = self.layout()?;
        Ok(if layout.node {
            Node::new(layout.id).ok()
        } else {
            None
        })
    }

    /// The top 6 of the 22 low bits: the lane without a node (`node >> 4` with one).
    pub fn lane(&self) -> Result<u8> {
        let layout = self.layout()?;
        // A lane's sequence is the wider: a node's id drops the bits its counter has less.
        Ok((layout.id >> (LANE_SEQ_BITS - layout.seq_bits())) as u8)
    }

    /// How far the last xid issued is ahead of the clock, in milliseconds (0 when it is not).
    pub fn lead_ms(&self) -> u64 {
        let state = self.layout.load(Ordering::Relaxed);
        if state == 0 {
            return 0;
        }
        let layout = Layout::unpack(state);
        let stored = self.cell(layout).load(Ordering::Acquire);
        let now = self.clock.now_millis();
        let last_ms = (stored.wrapping_sub(1) >> layout.seq_bits()) + EPOCH_MS;
        if stored == 0 || now >= last_ms as i64 {
            0
        } else {
            (last_ms as i64 - now) as u64
        }
    }

    /// The bound on [`lead_ms`](Self::lead_ms).
    pub fn max_lead_ms(&self) -> u64 {
        self.max_lead_ms
    }

    /// What happens beyond the bound.
    pub fn on_clock_behind(&self) -> OnClockBehind {
        self.on_clock_behind
    }

    #[inline]
    fn layout(&self) -> Result<Layout> {
        let state = self.layout.load(Ordering::Relaxed);
        if state >> 16 == fork::generation() + 1 {
            return Ok(Layout::unpack(state));
        }
        self.resolve(state)
    }

    /// The first ID, or the first in a forked child: decide the node or lane. The process node
    /// and the process id are read only here.
    #[cold]
    fn resolve(&self, state: u64) -> Result<Layout> {
        let generation = fork::generation();
        let layout = match self.spec {
            Spec::Fixed(n) => {
                Layout::of_node(node::claim_given(n, self.born, generation, self.shared)?)
            }
            Spec::Seeded(lane) => Layout {
                node: false,
                id: lane,
            },
            Spec::Process => match node::take_process_node()? {
                Some(n) => Layout::of_node(n),
                // Generators on the process's clock count each lane in this copy of the core;
                // another copy in the process counts its own, so only one may use the lane.
                None if self.shared && !node::claim_in_process(InProcess::XidLane) => {
                    return Err(node::held_by_another_copy(
                        "xids without a node are generated by",
                    ))
                }
                None => Layout {
                    node: false,
                    id: node::process_slot(LANES),
                },
            },
        };
        let new = layout.pack(generation);
        if self
            .layout
            .compare_exchange(state, new, Ordering::AcqRel, Ordering::Relaxed)
            .is_ok()
            && state != 0
            && !self.shared
        {
            // A forked child: this generator's own counter belonged to the parent's layout.
            self.last.store(0, Ordering::Release);
        }
        Ok(Layout::unpack(self.layout.load(Ordering::Relaxed)))
    }

    #[inline]
    fn cell(&self, layout: Layout) -> &AtomicU64 {
        match (self.shared, layout.node) {
            (false, _) => &self.last,
            (true, true) => &LAST_BY_NODE[layout.id as usize % NODES],
            (true, false) => &LAST_BY_LANE[(layout.id % LANES) as usize],
        }
    }

    /// Reserves `count` consecutive positions and returns the first, from the clock reading
    /// `now` when the caller made one ([`crate::clock::early`]).
    ///
    /// The common case inline: a clock reading in range and one reservation within the lead.
    /// Anything else (a reading outside every xid, the end of the range, a lead beyond the
    /// bound and the policy's wait, another thread's reservation in between) is
    /// [`reserve_slow`](Self::reserve_slow), from the same reading; kept out of line, it leaves
    /// the caller's code small.
    #[inline]
    fn reserve(&self, layout: Layout, count: u64, now: Option<i64>) -> Result<u64> {
        // The browser module keeps the one path: there the size counts, not the call.
        #[cfg(not(target_arch = "wasm32"))]
        {
            let bits = layout.seq_bits();
            let cell = self.cell(layout);
            if let Some(now) =
                now.filter(|now| (EPOCH_MS as i64..=MAX_UNIX_MS as i64).contains(now))
            {
                let now_delta = now as u64 - EPOCH_MS;
                let now_pos = now_delta << bits;
                let stored = cell.load(Ordering::Relaxed);
                // `stored` is one past the last position: the next one unless the clock moved on.
                let first = if stored > now_pos {
                    stored
                } else {
                    now_pos | self.start(layout)
                };
                let end = first + (count - 1);
                let end_ms = end >> bits;
                if end_ms <= MAX_DELTA_MS
                    && end_ms - now_delta <= self.max_lead_ms
                    && cell
                        .compare_exchange(stored, end + 1, Ordering::AcqRel, Ordering::Relaxed)
                        .is_ok()
                {
                    return Ok(first);
                }
            }
        }
        self.reserve_slow(layout, count, now)
    }

    /// Where a millisecond's run starts: 0 with a node, a random point below `START_SPAN` in
    /// a lane. Once a millisecond at most: out of line, so that the registers of the common
    /// case are not saved around the random source.
    #[cfg_attr(not(target_arch = "wasm32"), inline(never))]
    fn start(&self, layout: Layout) -> u64 {
        if layout.node {
            0
        } else {
            self.rand.u64() % START_SPAN
        }
    }

    /// [`reserve`](Self::reserve) with every case, from the clock reading `now` if there is one.
    #[cfg_attr(not(target_arch = "wasm32"), cold, inline(never))]
    fn reserve_slow(&self, layout: Layout, count: u64, mut now: Option<i64>) -> Result<u64> {
        let bits = layout.seq_bits();
        let cell = self.cell(layout);
        let mut previous_lead = u64::MAX;
        loop {
            let now = now.take().unwrap_or_else(|| self.clock.now_millis());
            if !(EPOCH_MS as i64..=MAX_UNIX_MS as i64).contains(&now) {
                return Err(Error::range("xid unix_ms", now, EPOCH_MS, MAX_UNIX_MS));
            }
            let now_delta = now as u64 - EPOCH_MS;
            let now_pos = now_delta << bits;
            let mut start = None;
            let mut stored = cell.load(Ordering::Relaxed);
            let lead = loop {
                // `stored` is one past the last position: the next one unless the clock moved on.
                let first = if stored <= now_pos {
                    now_pos | *start.get_or_insert_with(|| self.start(layout))
                } else {
                    stored
                };
                let end = first + (count - 1);
                let end_ms = end >> bits;
                if end_ms > MAX_DELTA_MS {
                    return Err(Error::reason(
                        ErrorCode::OutOfRange,
                        "xid unix_ms",
                        "the generator would pass 2151-03-25T18:46:22.214Z",
                    ));
                }
                let lead = end_ms - now_delta;
                if lead > self.max_lead_ms {
                    break lead;
                }
                match cell.compare_exchange_weak(
                    stored,
                    end + 1,
                    Ordering::AcqRel,
                    Ordering::Relaxed,
                ) {
                    Ok(_) => return Ok(first),
                    Err(actual) => stored = actual,
                }
            };
            policy::behind(
                self.on_clock_behind,
                "xid generator",
                lead,
                self.max_lead_ms,
                1,
                lead >= previous_lead,
            )?;
            previous_lead = lead;
        }
    }

    #[inline]
    fn xid(pos: u64, layout: Layout) -> Xid {
        let bits = layout.seq_bits();
        Xid(((pos >> bits) << RANDOM_BITS) | (layout.id << bits) | (pos & ((1 << bits) - 1)))
    }

    /// The next xid: greater than every xid this generator issued before.
    #[inline]
    pub fn next(&self) -> Result<Xid> {
        self.next_from(crate::clock::early(|| self.clock.now_millis()))
    }

    /// [`next`](Self::next) from the clock reading `now` when the caller made one.
    #[inline]
    pub(crate) fn next_from(&self, now: Option<i64>) -> Result<Xid> {
        let layout = self.layout()?;
        Ok(Self::xid(self.reserve(layout, 1, now)?, layout))
    }

    /// Fills `out` with consecutive xids (one clock read and one compare-and-swap).
    pub fn fill(&self, out: &mut [Xid]) -> Result<()> {
        if out.is_empty() {
            return Ok(());
        }
        let now = crate::clock::early(|| self.clock.now_millis());
        let layout = self.layout()?;
        let first = self.reserve(layout, out.len() as u64, now)?;
        for (pos, slot) in (first..).zip(out.iter_mut()) {
            *slot = Self::xid(pos, layout);
        }
        Ok(())
    }

    /// `count` consecutive xids.
    pub fn next_many(&self, count: usize) -> Result<Vec<Xid>> {
        crate::batch::many(count, Xid(0), |out| self.fill(out))
    }
}

/// The process-wide generator behind [`Xid::generate`], [`Xid::fill`] and
/// [`Xid::generate_many`]: default options, so it takes the process node at its first xid.
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

    /// The inline common case and the one path the browser module keeps (`reserve_slow`
    /// reading the clock itself) issue the same xids, through new milliseconds, runs within
    /// one, a clock that steps back within the lead and beyond it (an error either way).
    #[test]
    fn the_common_case_is_the_full_path() {
        let options = || Options {
            seed: Some(11),
            max_lead_ms: 2,
            on_clock_behind: OnClockBehind::Fail,
            ..Options::default()
        };
        let fast = with(EPOCH_MS + 5, options());
        let full = with(EPOCH_MS + 5, options());
        let steps: [i64; 12] = [5, 5, 5, 6, 9, 9, 8, 7, 6, 12, 12, 13];
        let mut outcomes = [0; 2]; // errors, successes
        for ms in steps {
            for g in [&fast, &full] {
                g.clock.set_millis((EPOCH_MS as i64) + ms);
            }
            for count in [1, 3, 70_000] {
                let a = fast.next_many(count);
                let b = full.layout().and_then(|layout| {
                    let first = full.reserve_slow(layout, count as u64, None)?;
                    Ok((first..first + count as u64)
                        .map(|pos| XidGenerator::<ManualClock>::xid(pos, layout))
                        .collect::<Vec<_>>())
                });
                assert_eq!(a, b, "at {ms} ms, {count}");
                outcomes[usize::from(a.is_ok())] += 1;
            }
        }
        assert!(outcomes[0] > 0 && outcomes[1] > 0, "{outcomes:?}");
    }

    fn with(ms: u64, options: Options) -> XidGenerator<ManualClock> {
        XidGenerator::with_options(ManualClock::new(ms as i64 * 1000), options).unwrap()
    }

    fn node(n: u64) -> Options {
        Options {
            node: Some(Node::new(n).unwrap()),
            ..Options::default()
        }
    }

    #[test]
    fn counts_up_within_a_millisecond_in_its_lane() {
        let g = at(EPOCH_MS + 5);
        let a = g.next().unwrap();
        let b = g.next().unwrap();
        assert_eq!(b.value(), a.value() + 1);
        assert_eq!(a.unix_ms(), EPOCH_MS + 5);
        assert_eq!(
            u64::from(a.random() >> LANE_SEQ_BITS),
            u64::from(g.lane().unwrap())
        );
        assert!(u64::from(a.random()) & ((1 << LANE_SEQ_BITS) - 1) < START_SPAN);
    }

    #[test]
    fn a_full_millisecond_borrows_the_next() {
        let g = at(EPOCH_MS + 5);
        let v = g.next_many(70_000).unwrap();
        assert!(v.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(v[0].unix_ms(), EPOCH_MS + 5);
        assert_eq!(v[69_999].unix_ms(), EPOCH_MS + 6);
        let lane = u32::from(g.lane().unwrap());
        assert!(v.iter().all(|x| x.random() >> LANE_SEQ_BITS == lane));
        assert_eq!(g.lead_ms(), 1);
    }

    #[test]
    fn a_node_writes_node_and_counter_from_zero() {
        let g = with(EPOCH_MS + 5, node(5));
        let v = g.next_many(4097).unwrap();
        assert_eq!(v[0].value(), (5 << 22) | (5 << 12));
        assert_eq!(v[4095].value(), (5 << 22) | (5 << 12) | 4095);
        // the 4,097th borrows the next millisecond, counter back to 0
        assert_eq!(v[4096].value(), (6 << 22) | (5 << 12));
        assert_eq!(g.node().unwrap(), Some(Node::new(5).unwrap()));
        assert_eq!(g.lane().unwrap(), 0);
        assert_eq!(g.lead_ms(), 1);
        // The lane is the top 6 of the 22 low bits: node 0b11_1011_0011 -> 0b11_1011.
        let g = with(EPOCH_MS + 5, node(0b11_1011_0011));
        assert_eq!(g.lane().unwrap(), 0b11_1011);
        assert_eq!(
            u32::from(g.lane().unwrap()),
            (g.next().unwrap().random()) >> LANE_SEQ_BITS
        );
    }

    #[test]
    fn distinct_nodes_never_meet() {
        let clock = ManualClock::new((EPOCH_MS as i64 + 1) * 1000);
        let gens: Vec<_> = (0..64)
            .map(|n| XidGenerator::with_options(&clock, node(n * 15)).unwrap())
            .collect();
        let mut all = std::collections::HashSet::new();
        for step in 0..50 {
            clock.set_millis(EPOCH_MS as i64 + 1 + step / 3);
            for g in &gens {
                for x in g.next_many(100).unwrap() {
                    assert!(all.insert(x));
                }
            }
        }
        assert_eq!(all.len(), 64 * 50 * 100);
    }

    #[test]
    fn the_lead_is_bounded() {
        let clock = ManualClock::new((EPOCH_MS as i64 + 100) * 1000);
        let opts = Options {
            max_lead_ms: 2,
            ..node(1)
        };
        let g = XidGenerator::with_options(&clock, opts).unwrap();
        g.next_many(3 * 4096).unwrap(); // ms 100, 101, 102: lead 2
        assert_eq!(g.lead_ms(), 2);
        let e = g.next().unwrap_err();
        assert_eq!(e.code(), ErrorCode::ClockBehind);
        // the clock steps back 1 s: the lead would be far beyond 2 ms
        clock.set_millis(EPOCH_MS as i64 - 1000 + 100);
        clock.set_millis(EPOCH_MS as i64 + 50);
        assert_eq!(g.next().unwrap_err().code(), ErrorCode::ClockBehind);
        // wait on a clock that does not move: fails instead of hanging
        let w = XidGenerator::with_options(
            &clock,
            Options {
                on_clock_behind: OnClockBehind::Wait,
                max_lead_ms: 0,
                ..node(2)
            },
        )
        .unwrap();
        w.next_many(4096).unwrap();
        assert_eq!(w.next().unwrap_err().code(), ErrorCode::ClockBehind);
        // the clock catches up: generation goes on
        clock.set_millis(EPOCH_MS as i64 + 103);
        assert!(g.next().unwrap().unix_ms() == EPOCH_MS + 103);
    }

    #[test]
    fn waits_for_the_system_clock() {
        let opts = Options {
            node: Some(Node::new(3).unwrap()),
            max_lead_ms: 0,
            on_clock_behind: OnClockBehind::Wait,
            seed: Some(1),
        };
        // a manual clock that is the system clock: seeded, so not shared
        struct Real;
        impl Clock for Real {
            fn now_micros(&self) -> i64 {
                SystemClock.now_micros()
            }
        }
        let g = XidGenerator::with_options(Real, opts).unwrap();
        let v = g.next_many(4096 * 2).unwrap_err();
        assert_eq!(v.code(), ErrorCode::ClockBehind); // one batch alone needs a lead of 1
        let a = g.next_many(4096).unwrap();
        let b = g.next().unwrap(); // the millisecond is full: waits for the next one
        assert!(b > a[4095]);
        assert_eq!(g.lead_ms(), 0);
    }

    #[test]
    fn resume_never_reissues() {
        // persisted last xid far ahead of a clock that is behind after a restart
        let last = Xid::from_parts(EPOCH_MS + 500, (7 << 12) | 9).unwrap();
        let cases = [
            (7, (500 << 22) | (7 << 12) | 10, 20),
            (8, (500 << 22) | (8 << 12), 20),
            (6, (501 << 22) | (6 << 12), 21),
        ];
        for (n, want, lead) in cases {
            let clock = ManualClock::new((EPOCH_MS as i64 + 480) * 1000);
            let g = XidGenerator::resume(clock, node(n), last).unwrap();
            let x = g.next().unwrap();
            assert!(x > last);
            assert_eq!(x.value(), want, "node {n}");
            assert_eq!(g.lead_ms(), lead);
        }
    }

    #[test]
    fn seeded_generators_repeat_exactly() {
        let run = || {
            let g = with(
                EPOCH_MS + 9,
                Options {
                    seed: Some(42),
                    ..Options::default()
                },
            );
            g.next_many(5).unwrap()
        };
        let (a, b) = (run(), run());
        assert_eq!(a, b);
        assert!(a.windows(2).all(|w| w[1].value() == w[0].value() + 1));
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
        assert_eq!(g.lead_ms(), 50);
    }
}
