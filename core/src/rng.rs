//! Per-thread random numbers, seeded from the OS and reseeded after `fork()`.
//!
//! Every generator draws from a thread-local ChaCha12 (`rand::rngs::StdRng`) seeded from the
//! operating system's generator, so that a draw never makes a system call (the `euid`
//! reference makes one `getrandom` call per ID).
//!
//! A forked child inherits the parent's memory, and with it the exact state of this
//! generator: without care, parent and child would produce the same "random" bits. The
//! [`crate::fork`] module counts forks; each thread's generator remembers the count it was
//! seeded under and reseeds itself from the OS when the count has moved.

use core::cell::RefCell;

use rand::rngs::{StdRng, SysRng};
use rand::{Rng, SeedableRng};

use crate::fork;

struct Local {
    rng: StdRng,
    generation: u64,
}

thread_local! {
    static LOCAL: RefCell<Option<Local>> = const { RefCell::new(None) };
}

fn seeded() -> StdRng {
    match StdRng::try_from_rng(&mut SysRng) {
        Ok(rng) => rng,
        // The OS generator failed (no /dev/urandom in a chroot, say). Fall back to std's
        // per-process random hash keys mixed with the time, rather than failing every ID.
        Err(_) => {
            use std::hash::{BuildHasher, Hasher};
            let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
            hasher.write_u128(crate::clock::system_time_nanos());
            hasher.write_u64(fork::generation());
            StdRng::seed_from_u64(hasher.finish())
        }
    }
}

/// Runs `f` with this thread's generator, reseeding it first if the process forked.
#[inline]
fn with_rng<T>(f: impl FnOnce(&mut StdRng) -> T) -> T {
    let generation = fork::generation();
    LOCAL.with(|cell| {
        let mut slot = cell.borrow_mut();
        match slot.as_mut() {
            Some(local) if local.generation == generation => f(&mut local.rng),
            _ => {
                let local = slot.insert(Local {
                    rng: seeded(),
                    generation,
                });
                f(&mut local.rng)
            }
        }
    })
}

/// 64 random bits.
#[inline]
pub fn u64() -> u64 {
    with_rng(|rng| rng.next_u64())
}

/// 32 random bits.
#[inline]
pub fn u32() -> u32 {
    with_rng(|rng| rng.next_u32())
}

/// 128 random bits.
#[inline]
pub fn u128() -> u128 {
    with_rng(|rng| ((rng.next_u64() as u128) << 64) | rng.next_u64() as u128)
}

/// Fills `out` with random words (one visit to the thread's generator).
#[inline]
pub fn fill(out: &mut [u64]) {
    with_rng(|rng| {
        for x in out.iter_mut() {
            *x = rng.next_u64();
        }
    })
}

/// Reseeds this thread's generator from the OS now.
///
/// Forks are detected automatically on Unix; call this after any other way of duplicating a
/// process image (a VM snapshot restored twice, say).
pub fn reseed() {
    let generation = fork::generation();
    LOCAL.with(|cell| {
        *cell.borrow_mut() = Some(Local {
            rng: seeded(),
            generation,
        })
    });
}

/// Where a generator's random bits come from: the thread's generator (the normal case), or a
/// generator of its own seeded by the caller, for replays that must give the same IDs in every
/// runtime. A seeded source is not reseeded after `fork()`: it is meant for tests and
/// simulations, not for IDs that must be unique.
#[derive(Debug)]
pub(crate) enum Source {
    Thread,
    Seeded(Box<SeededLock>),
}

/// A seeded source's lock. Where processes fork it is a `ForkLock`: a child forked while
/// another thread drew from the source takes the lock over instead of waiting forever (the
/// generator's state is plain numbers, so a half-made draw leaves a usable one). A browser's
/// module has no `fork()`: a plain lock.
#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
type SeededLock = crate::forklock::ForkLock<StdRng>;
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
type SeededLock = std::sync::Mutex<StdRng>;

#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
#[inline]
fn with_seeded<T>(lock: &SeededLock, f: impl FnOnce(&mut StdRng) -> T) -> T {
    f(&mut lock.lock())
}

#[cfg(all(target_family = "wasm", target_os = "unknown"))]
#[inline]
fn with_seeded<T>(lock: &SeededLock, f: impl FnOnce(&mut StdRng) -> T) -> T {
    f(&mut lock.lock().unwrap_or_else(|e| e.into_inner()))
}

impl Source {
    pub(crate) fn new(seed: Option<u64>) -> Source {
        match seed {
            None => Source::Thread,
            Some(seed) => Source::Seeded(Box::new(SeededLock::new(StdRng::seed_from_u64(seed)))),
        }
    }

    #[inline]
    pub(crate) fn is_seeded(&self) -> bool {
        matches!(self, Source::Seeded(_))
    }

    #[inline]
    fn with<T>(&self, f: impl FnOnce(&mut StdRng) -> T) -> T {
        match self {
            Source::Thread => with_rng(f),
            Source::Seeded(lock) => with_seeded(lock, f),
        }
    }

    #[inline]
    pub(crate) fn u64(&self) -> u64 {
        self.with(|rng| rng.next_u64())
    }

    #[inline]
    pub(crate) fn u128(&self) -> u128 {
        self.with(|rng| ((rng.next_u64() as u128) << 64) | rng.next_u64() as u128)
    }

    #[inline]
    pub(crate) fn fill(&self, out: &mut [u64]) {
        self.with(|rng| {
            for x in out.iter_mut() {
                *x = rng.next_u64();
            }
        })
    }
}
