//! A lock that a forked child can always take.
//!
//! `fork()` copies the process with the calling thread only. A lock that another thread held
//! at that moment stays held in the child with no thread left to release it, and the child's
//! first use of it waits forever (`std::sync::Mutex` behaves so). [`ForkLock`] records the fork
//! generation ([`crate::fork::generation`]) of the thread that holds it. A thread that finds it
//! held by an earlier generation knows the holder does not exist in its process: it takes the
//! lock over and is told so ([`ForkGuard::taken_over`]), so that it can discard a value the
//! vanished thread may have left half-written.
//!
//! Holders are short (one ID or one batch): a waiter spins briefly, then yields its time slice.
//!
//! Why it is `unsafe` inside: the value lives in an `UnsafeCell` that only the holder of the
//! lock reads or writes.

use std::cell::UnsafeCell;
use std::ops::{Deref, DerefMut};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::fork;

/// Free, or held by a thread of fork generation `owner - 1`.
const FREE: u64 = 0;

pub(crate) struct ForkLock<T> {
    owner: AtomicU64,
    value: UnsafeCell<T>,
}

// SAFETY: the value is reached only through a `ForkGuard`, and at most one guard exists at a
// time in a process: `lock` hands one out only after moving `owner` from FREE (or from a
// generation whose threads are gone from this process) to its caller's generation with an
// acquire compare-and-swap, and the guard's drop frees it with a release store. `T: Send`
// because the value moves between the threads that hold the lock in turn.
#[allow(unsafe_code)]
unsafe impl<T: Send> Sync for ForkLock<T> {}

impl<T> ForkLock<T> {
    pub(crate) const fn new(value: T) -> ForkLock<T> {
        ForkLock {
            owner: AtomicU64::new(FREE),
            value: UnsafeCell::new(value),
        }
    }

    pub(crate) fn lock(&self) -> ForkGuard<'_, T> {
        let me = fork::generation() + 1;
        let mut spins = 0u32;
        loop {
            match self
                .owner
                .compare_exchange_weak(FREE, me, Ordering::Acquire, Ordering::Relaxed)
            {
                Ok(_) => {
                    return ForkGuard {
                        lock: self,
                        taken_over: false,
                    }
                }
                Err(FREE) => continue,
                Err(held) if held != me => {
                    // Held by a thread of the process this one was forked from: no such
                    // thread runs here, so nobody else will ever release it.
                    if self
                        .owner
                        .compare_exchange(held, me, Ordering::Acquire, Ordering::Relaxed)
                        .is_ok()
                    {
                        return ForkGuard {
                            lock: self,
                            taken_over: true,
                        };
                    }
                }
                Err(_) => {
                    spins += 1;
                    if spins < 64 {
                        std::hint::spin_loop();
                    } else {
                        std::thread::yield_now();
                    }
                }
            }
        }
    }

    pub(crate) fn get_mut(&mut self) -> &mut T {
        self.value.get_mut()
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for ForkLock<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ForkLock").finish_non_exhaustive()
    }
}

/// The lock, held; dropping it releases the lock.
pub(crate) struct ForkGuard<'a, T> {
    lock: &'a ForkLock<T>,
    /// The lock was taken from a thread of the parent process (this is a forked child).
    pub(crate) taken_over: bool,
}

impl<T> Deref for ForkGuard<'_, T> {
    type Target = T;
    fn deref(&self) -> &T {
        // SAFETY: this guard is the only one (see `unsafe impl Sync`), so no `&mut T` exists.
        #[allow(unsafe_code)]
        unsafe {
            &*self.lock.value.get()
        }
    }
}

impl<T> DerefMut for ForkGuard<'_, T> {
    fn deref_mut(&mut self) -> &mut T {
        // SAFETY: as in `deref`, and `&mut self` makes this the only reference through the guard.
        #[allow(unsafe_code)]
        unsafe {
            &mut *self.lock.value.get()
        }
    }
}

impl<T> Drop for ForkGuard<'_, T> {
    fn drop(&mut self) {
        self.lock.owner.store(FREE, Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn excludes_threads_of_one_process() {
        let lock = Arc::new(ForkLock::new(0u64));
        let threads: Vec<_> = (0..4)
            .map(|_| {
                let lock = Arc::clone(&lock);
                std::thread::spawn(move || {
                    for _ in 0..100_000 {
                        let mut g = lock.lock();
                        // A read-modify-write that a second holder would break.
                        let v = *g;
                        *g = v + 1;
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        assert_eq!(*lock.lock(), 400_000);
    }

    #[test]
    fn a_child_takes_over_a_lock_held_before_the_fork() {
        let lock = ForkLock::new(7u32);
        let held = lock.lock();
        assert!(!held.taken_over);
        // The holder "stays in the parent": the guard is never dropped here.
        std::mem::forget(held);
        fork::simulate_fork_in_child();
        let g = lock.lock();
        assert!(g.taken_over);
        assert_eq!(*g, 7);
        drop(g);
        assert!(!lock.lock().taken_over);
    }
}
