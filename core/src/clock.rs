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

    /// Whether this clock is the process's real time, the same for every generator on it.
    /// Generators on such a clock coordinate through process-wide state (two TID generators
    /// with one clock id never issue the same TID); generators on any other clock (a
    /// [`ManualClock`] in a test) keep their state to themselves, so they stay deterministic.
    fn is_process_time(&self) -> bool {
        false
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
    fn is_process_time(&self) -> bool {
        true
    }

    #[inline]
    fn now_micros(&self) -> i64 {
        // Seconds and sub-second parts in 64-bit arithmetic (`as_micros` goes through u128).
        match SystemTime::now().duration_since(UNIX_EPOCH) {
            Ok(d) => (d.as_secs() as i64)
                .saturating_mul(1_000_000)
                .saturating_add(d.subsec_micros() as i64),
            Err(e) => {
                let d = e.duration();
                let floor = (d.as_secs() as i64)
                    .saturating_mul(1_000_000)
                    .saturating_add(d.subsec_micros() as i64);
                // Floor towards the past: 0.5 us before the epoch is microsecond -1.
                if d.subsec_nanos() % 1_000 == 0 {
                    -floor
                } else {
                    -floor - 1
                }
            }
        }
    }

    #[inline]
    fn now_millis(&self) -> i64 {
        match SystemTime::now().duration_since(UNIX_EPOCH) {
            Ok(d) => (d.as_secs() as i64)
                .saturating_mul(1_000)
                .saturating_add(d.subsec_millis() as i64),
            Err(e) => {
                let d = e.duration();
                let floor = (d.as_secs() as i64)
                    .saturating_mul(1_000)
                    .saturating_add(d.subsec_millis() as i64);
                if d.subsec_nanos() % 1_000_000 == 0 {
                    -floor
                } else {
                    -floor - 1
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
    fn is_process_time(&self) -> bool {
        (**self).is_process_time()
    }
}

impl<C: Clock + ?Sized> Clock for std::sync::Arc<C> {
    fn now_micros(&self) -> i64 {
        (**self).now_micros()
    }
    fn now_millis(&self) -> i64 {
        (**self).now_millis()
    }
    fn is_process_time(&self) -> bool {
        (**self).is_process_time()
    }
}

/// A generator's clock in the bindings: the real one, or a manual one set by the caller (for
/// replays that must give the same IDs in every runtime, and for tests).
#[derive(Debug)]
pub enum EitherClock<C = SystemClock> {
    /// The runtime's real time.
    Real(C),
    /// A clock set by hand.
    Manual(ManualClock),
}

impl<C: Clock> EitherClock<C> {
    /// The real clock, or a manual one standing at `micros`.
    pub fn new(real: C, manual_micros: Option<i64>) -> EitherClock<C> {
        match manual_micros {
            Some(m) => EitherClock::Manual(ManualClock::new(m)),
            None => EitherClock::Real(real),
        }
    }

    /// Moves a manual clock to `micros`; a real clock cannot be set (`INVALID_ARGUMENT`).
    pub fn set_micros(&self, micros: i64) -> crate::Result<()> {
        match self {
            EitherClock::Manual(m) => {
                m.set_micros(micros);
                Ok(())
            }
            EitherClock::Real(_) => Err(crate::Error::reason(
                crate::ErrorCode::InvalidArgument,
                "clock",
                "this generator reads the real clock; only a generator built with a manual \
                 clock (clock_micros) can be set",
            )),
        }
    }
}

impl<C: Clock> Clock for EitherClock<C> {
    #[inline]
    fn now_micros(&self) -> i64 {
        match self {
            EitherClock::Real(c) => c.now_micros(),
            EitherClock::Manual(m) => m.now_micros(),
        }
    }
    #[inline]
    fn now_millis(&self) -> i64 {
        match self {
            EitherClock::Real(c) => c.now_millis(),
            EitherClock::Manual(m) => m.now_millis(),
        }
    }
    #[inline]
    fn is_process_time(&self) -> bool {
        match self {
            EitherClock::Real(c) => c.is_process_time(),
            EitherClock::Manual(_) => false,
        }
    }
}

/// Whole milliseconds from a floating-point clock reading such as JavaScript's `Date.now()`.
///
/// A reading that is not a number, infinite or beyond `i64` becomes `i64::MIN` (NaN, and
/// anything below) or `i64::MAX`: outside every family's range, so a generator refuses it with
/// `OUT_OF_RANGE` instead of dating an ID 1970 (what a plain `as` conversion makes of NaN) or
/// wrapping a product. Fractions are dropped toward negative infinity.
pub fn millis_from_f64(ms: f64) -> i64 {
    if ms.is_nan() {
        i64::MIN
    } else {
        // `as` saturates at the ends of i64 (and infinities with them).
        ms.floor() as i64
    }
}

/// Microseconds from a floating-point millisecond reading plus a sub-millisecond part in
/// microseconds (0-999), saturating like [`millis_from_f64`].
pub fn micros_from_f64(ms: f64, sub_ms_micros: i64) -> i64 {
    match millis_from_f64(ms) {
        end @ (i64::MIN | i64::MAX) => end,
        ms => ms
            .saturating_mul(1000)
            .saturating_add(sub_ms_micros.clamp(0, 999)),
    }
}

/// The proleptic Gregorian date `(year, month, day)` of a count of days since 1970-01-01
/// (Howard Hinnant's `civil_from_days`), for the places that write a date as text.
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m as u32, d as u32)
}

#[cfg(test)]
mod float_tests {
    use super::*;

    #[test]
    fn float_readings_outside_the_clock_saturate() {
        assert_eq!(millis_from_f64(1_721_407_246_480.0), 1_721_407_246_480);
        assert_eq!(millis_from_f64(-0.5), -1);
        assert_eq!(millis_from_f64(f64::NAN), i64::MIN);
        assert_eq!(millis_from_f64(f64::INFINITY), i64::MAX);
        assert_eq!(millis_from_f64(f64::NEG_INFINITY), i64::MIN);
        assert_eq!(millis_from_f64(1e300), i64::MAX);
        assert_eq!(
            micros_from_f64(1_721_407_246_480.0, 310),
            1_721_407_246_480_310
        );
        assert_eq!(micros_from_f64(1e300, 999), i64::MAX);
        assert_eq!(micros_from_f64(f64::NAN, 5), i64::MIN);
        assert_eq!(micros_from_f64(-1e300, 0), i64::MIN);
    }
}
