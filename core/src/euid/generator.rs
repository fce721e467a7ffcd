//! Strictly monotonic, thread-safe EUID generation.

use std::sync::OnceLock;

use super::{Euid, MAX_EXTENSION, MAX_UNIX_MS};
use crate::clock::{Clock, SystemClock};
use crate::error::ErrorCode;
use crate::error::{Error, Result};
use crate::forklock::{ForkGuard, ForkLock};
use crate::policy::{self, OnClockBehind, Options};
use crate::{fork, rng};

#[derive(Debug)]
struct State {
    last: Option<Euid>,
    generation: u64,
}

/// An EUID generator: every EUID it returns is greater than the one before, also when the
/// clock steps back.
///
/// In a new millisecond it makes a fresh EUID; otherwise (same millisecond, or a clock that
/// went back) it keeps the last EUID's time and extension, adds one to the random high half
/// and draws a fresh low half, like the reference's `next()`. When the high half would
/// overflow it moves on to the next millisecond instead of failing. In a forked child the
/// first step is a random jump rather than +1, so parent and child do not walk the same
/// sequence of high halves.
///
/// EUIDs need no node: every millisecond starts from 79 fresh random bits, so two hosts meet
/// only if they draw the same 79 bits in the same millisecond (`docs/uniqueness.md` has the
/// odds). A node would have to take bits from that random part and would buy nothing; the
/// constructors refuse one. Like the other generators, the EUIDs run ahead of a clock that
/// stepped back by at most `max_lead_ms` ([`crate::policy`]).
#[derive(Debug)]
pub struct EuidGenerator<C: Clock = SystemClock> {
    clock: C,
    extension: Option<u16>,
    rand: rng::Source,
    max_lead_ms: u64,
    on_clock_behind: OnClockBehind,
    state: ForkLock<State>,
}

impl EuidGenerator<SystemClock> {
    /// A generator without extension.
    pub fn new() -> EuidGenerator {
        EuidGenerator::build(SystemClock, None, Options::default())
    }

    /// A generator whose EUIDs carry `extension` (0-32767).
    pub fn with_extension(extension: Option<u16>) -> Result<EuidGenerator> {
        EuidGenerator::with_clock(SystemClock, extension)
    }
}

impl Default for EuidGenerator<SystemClock> {
    fn default() -> Self {
        EuidGenerator::new()
    }
}

impl<C: Clock> EuidGenerator<C> {
    /// A generator on `clock`.
    pub fn with_clock(clock: C, extension: Option<u16>) -> Result<EuidGenerator<C>> {
        EuidGenerator::with_options(clock, extension, Options::default())
    }

    fn build(clock: C, extension: Option<u16>, options: Options) -> EuidGenerator<C> {
        EuidGenerator {
            clock,
            extension,
            rand: rng::Source::new(options.seed),
            max_lead_ms: options.max_lead_ms,
            on_clock_behind: options.on_clock_behind,
            state: ForkLock::new(State {
                last: None,
                generation: fork::generation(),
            }),
        }
    }

    /// A generator on `clock` built from `options` (which must not name a node: see the type's
    /// docs).
    pub fn with_options(
        clock: C,
        extension: Option<u16>,
        options: Options,
    ) -> Result<EuidGenerator<C>> {
        // The options, then the extension, then how they combine (docs/spec §6.5).
        options.validate()?;
        if let Some(ext) = extension {
            if ext > MAX_EXTENSION {
                return Err(Error::range("EUID extension", ext, 0, MAX_EXTENSION));
            }
        }
        if options.node.is_some() {
            return Err(Error::reason(
                ErrorCode::InvalidArgument,
                "EUID generator",
                "EUIDs take no node (79 fresh random bits per millisecond keep hosts apart)",
            ));
        }
        Ok(EuidGenerator::build(clock, extension, options))
    }

    /// A generator that continues after `last` (an EUID issued before, e.g. persisted across
    /// a restart): everything it returns is greater than `last`.
    pub fn resume(clock: C, extension: Option<u16>, last: Euid) -> Result<EuidGenerator<C>> {
        EuidGenerator::resume_with(clock, extension, Options::default(), last)
    }

    /// [`resume`](Self::resume) with options.
    pub fn resume_with(
        clock: C,
        extension: Option<u16>,
        options: Options,
        last: Euid,
    ) -> Result<EuidGenerator<C>> {
        let mut g = EuidGenerator::with_options(clock, extension, options)?;
        g.state.get_mut().last = Some(last);
        Ok(g)
    }

    /// How far the last EUID issued is ahead of the clock, in milliseconds.
    pub fn lead_ms(&self) -> u64 {
        let last = self.lock().last;
        match (last, u64::try_from(self.clock.now_millis())) {
            (Some(last), Ok(now)) => last.unix_ms().saturating_sub(now),
            (Some(last), Err(_)) => last.unix_ms(),
            (None, _) => 0,
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

    /// The extension of the EUIDs this generator makes.
    pub fn extension(&self) -> Option<u16> {
        self.extension
    }

    /// The next EUID.
    #[inline]
    pub fn next(&self) -> Result<Euid> {
        let mut previous_lead = u64::MAX;
        loop {
            let now = self.now()?;
            let mut state = self.lock();
            let id = self.step(&mut state, now, None, fork::generation())?;
            let lead = id.unix_ms().saturating_sub(now);
            if lead <= self.max_lead_ms {
                state.last = Some(id);
                return Ok(id);
            }
            drop(state);
            self.behind(lead, previous_lead)?;
            previous_lead = lead;
        }
    }

    #[cold]
    fn behind(&self, lead: u64, previous_lead: u64) -> Result<()> {
        policy::behind(
            self.on_clock_behind,
            "EUID generator",
            lead,
            self.max_lead_ms,
            1,
            lead >= previous_lead,
        )
    }

    /// `count` EUIDs at once, under one lock and one clock read.
    pub fn next_many(&self, count: usize) -> Result<Vec<Euid>> {
        crate::batch::many(count, Euid::default(), |out| self.fill(out))
    }

    /// Fills `out` with increasing EUIDs, under one lock and one clock read (no allocation).
    /// On an error the slots already written hold valid, issued EUIDs.
    pub fn fill(&self, out: &mut [Euid]) -> Result<()> {
        let mut done = 0;
        let mut previous_lead = u64::MAX;
        while done < out.len() {
            let now = self.now()?;
            let mut state = self.lock();
            let generation = fork::generation();
            // One random word per ID (a same-millisecond step needs 32 bits; the rare fresh
            // EUID draws its own 79), 64 IDs per visit to the random source.
            let mut random = [0u64; 64];
            let mut behind = None;
            'chunks: for chunk in out[done..].chunks_mut(64) {
                self.rand.fill(&mut random[..chunk.len()]);
                for (slot, &r) in chunk.iter_mut().zip(&random) {
                    let id = self.step(&mut state, now, Some(r), generation)?;
                    let lead = id.unix_ms().saturating_sub(now);
                    if lead > self.max_lead_ms {
                        behind = Some(lead);
                        break 'chunks;
                    }
                    state.last = Some(id);
                    *slot = id;
                    done += 1;
                }
            }
            drop(state);
            if let Some(lead) = behind {
                self.behind(lead, previous_lead)?;
                previous_lead = lead;
            }
        }
        Ok(())
    }

    /// The state, locked. In a forked child whose parent had a thread inside this generator
    /// at the fork, that thread's lock is taken over and its possibly half-written last EUID
    /// dropped: the child starts with a fresh EUID (79 random bits), which keeps it apart from
    /// the parent.
    #[inline]
    fn lock(&self) -> ForkGuard<'_, State> {
        let mut state = self.state.lock();
        if state.taken_over {
            state.last = None;
        }
        state
    }

    #[inline]
    fn now(&self) -> Result<u64> {
        let ms = self.clock.now_millis();
        u64::try_from(ms)
            .ok()
            .filter(|&ms| ms <= MAX_UNIX_MS)
            .ok_or_else(|| Error::range("EUID unix_ms", ms, 0, MAX_UNIX_MS))
    }

    #[inline]
    /// One step; `r` is a random word drawn ahead (batches) for a same-millisecond step
    /// (which needs 32 bits, and 20 more after a fork), or `None` to draw it here. A fresh
    /// EUID draws its own 79 bits. `generation` is the caller's `fork::generation()`.
    fn step(&self, state: &mut State, now: u64, r: Option<u64>, generation: u64) -> Result<Euid> {
        let fresh = |ms| Euid::with_random(ms, self.extension, self.rand.u128());
        let Some(last) = state.last else {
            return fresh(now);
        };
        if now > last.unix_ms() {
            return fresh(now);
        }
        let r = r.unwrap_or_else(|| self.rand.u64());
        let step = if generation != state.generation {
            state.generation = generation;
            1 + ((r >> 32) & 0xf_ffff) // up to 2^20: leaves the high half most of its room
        } else {
            1
        };
        let r_hi = (last.lo() >> 32) + step;
        if r_hi > 0xffff_ffff {
            // The high half is spent for this millisecond: continue in the next one.
            let next_ms = last.unix_ms() + 1;
            if next_ms > MAX_UNIX_MS {
                return Err(Error::range("EUID unix_ms", next_ms, 0, MAX_UNIX_MS));
            }
            return fresh(next_ms);
        }
        Ok(Euid::from_halves(
            last.hi(),
            (r_hi << 32) | (r as u32) as u64,
        ))
    }
}

/// A process-wide generator with default options (no extension), for the batch calls of the
/// bindings made without a generator of their own: the EUIDs of successive calls keep
/// increasing.
pub fn default_generator() -> &'static EuidGenerator {
    static DEFAULT: OnceLock<EuidGenerator> = OnceLock::new();
    DEFAULT.get_or_init(EuidGenerator::new)
}
