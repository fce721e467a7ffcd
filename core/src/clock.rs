//! Time sources. Generators take a [`Clock`] so tests can drive time by hand (a clock that
//! steps backwards, the edges of a family's range) without waiting or mocking the OS.

use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// A source of the current time in microseconds since the Unix epoch (negative before it).
pub trait Clock: Send + Sync {
    /// Microseconds since 1970-01-01T00:00:00Z.
    fn now_micros(&self) -> i64;

    /// Milliseconds since 1970-01-01T00:00:00Z (floored).
    fn now_millis(&self) -> i64 {
        self.now_micros().div_euclid(1000)
    }
}

/// The system's real-time clock (`clock_gettime(CLOCK_REALTIME)` through the vDSO on Linux:
/// no system call).
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

pub(crate) fn system_time_nanos() -> u128 {
    match SystemTime::now().duration_since(UNIX_EPOCH) {
        Ok(d) => d.as_nanos(),
        Err(_) => 0,
    }
}

impl Clock for SystemClock {
    #[inline]
    fn now_micros(&self) -> i64 {
        match SystemTime::now().duration_since(UNIX_EPOCH) {
            Ok(d) => i64::try_from(d.as_micros()).unwrap_or(i64::MAX),
            Err(e) => i64::try_from(e.duration().as_micros()).map_or(i64::MIN, |m| -m),
        }
    }

    #[inline]
    fn now_millis(&self) -> i64 {
        match SystemTime::now().duration_since(UNIX_EPOCH) {
            Ok(d) => i64::try_from(d.as_millis()).unwrap_or(i64::MAX),
            Err(e) => {
                let d = e.duration();
                // Floor towards the past: -0.5 ms is millisecond -1.
                let ms = i64::try_from(d.as_millis()).unwrap_or(i64::MAX);
                if d.as_nanos() % 1_000_000 == 0 {
                    -ms
                } else {
                    -ms - 1
                }
            }
        }
    }
}

/// A clock set by hand, for tests and deterministic replays.
#[derive(Debug, Default)]
pub struct ManualClock {
    micros: AtomicI64,
}

impl ManualClock {
    /// A clock standing at `micros`.
    pub const fn new(micros: i64) -> ManualClock {
        ManualClock {
            micros: AtomicI64::new(micros),
        }
    }

    /// Moves the clock to `micros` (forwards or backwards).
    pub fn set_micros(&self, micros: i64) {
        self.micros.store(micros, Ordering::SeqCst);
    }

    /// Moves the clock to `millis` milliseconds.
    pub fn set_millis(&self, millis: i64) {
        self.set_micros(millis.saturating_mul(1000));
    }
}

impl Clock for ManualClock {
    fn now_micros(&self) -> i64 {
        self.micros.load(Ordering::SeqCst)
    }
}

impl<C: Clock + ?Sized> Clock for &C {
    fn now_micros(&self) -> i64 {
        (**self).now_micros()
    }
    fn now_millis(&self) -> i64 {
        (**self).now_millis()
    }
}

impl<C: Clock + ?Sized> Clock for std::sync::Arc<C> {
    fn now_micros(&self) -> i64 {
        (**self).now_micros()
    }
    fn now_millis(&self) -> i64 {
        (**self).now_millis()
    }
}
