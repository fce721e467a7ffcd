//! Fork detection: a process-wide counter that a forked child sees incremented.
//!
//! On Unix a `pthread_atfork` child handler bumps [`generation`]. Readers compare it with the
//! value they last saw (one relaxed atomic load), which is how the random generators and the
//! TID clock ids learn that they live in a new process. The alternative, comparing
//! `getpid()` on every ID, is a system call per ID on glibc.
//!
//! Registering the handler is an FFI call, hence `unsafe` here; the handler itself only
//! performs an atomic increment and closes the node claims the child inherited
//! (`node::close_in_child`: atomics and `close`), which are async-signal-safe.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Once;

static GENERATION: AtomicU64 = AtomicU64::new(0);
static REGISTER: Once = Once::new();

/// The number of forks this process descends from (since polyid was first used).
#[inline]
pub fn generation() -> u64 {
    REGISTER.call_once(register);
    GENERATION.load(Ordering::Relaxed)
}

#[cfg(unix)]
extern "C" fn in_child() {
    GENERATION.fetch_add(1, Ordering::Relaxed);
    crate::node::close_in_child();
}

#[cfg(unix)]
#[allow(unsafe_code)]
fn register() {
    // SAFETY: `pthread_atfork` only stores the function pointers; `in_child` is a plain
    // `extern "C" fn` with no captured state that performs async-signal-safe work only. A non-zero
    // return (ENOMEM) leaves fork detection off, which `crate::rng::reseed` documents.
    unsafe {
        libc::pthread_atfork(None, None, Some(in_child));
    }
}

#[cfg(not(unix))]
fn register() {}

/// Simulates a fork for tests: bumps the generation as the child handler would.
#[doc(hidden)]
pub fn simulate_fork_in_child() {
    GENERATION.fetch_add(1, Ordering::Relaxed);
    crate::node::close_in_child();
}
