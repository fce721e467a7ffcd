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

/// The real-time clock's reading as whole seconds and nanoseconds (0 to 999,999,999) since the
/// epoch, the seconds negative before it: `clock_gettime(CLOCK_REALTIME)`, which is what
/// `SystemTime::now()` reads on Linux, without `SystemTime`'s conversion to a `Duration` on
/// either side of the epoch (an out-of-line subtraction and a branch for the sign).
#[cfg(target_os = "linux")]
#[inline]
fn realtime() -> (i64, i64) {
    let mut ts = core::mem::MaybeUninit::<libc::timespec>::uninit();
    // SAFETY: `ts` is valid for writes of a `timespec` for the call's duration, and
    // `clock_gettime` writes nothing else; it fills the whole `timespec` when it returns 0,
    // which is checked before `assume_init`. (Left uninitialised rather than zeroed: the
    // zeroing is a store that a generator's compare-and-swap would wait for.)
    // `float_tests::realtime_is_system_time` compares the reading with `SystemTime::now()`.
    #[allow(unsafe_code)]
    let ts = unsafe {
        if libc::clock_gettime(libc::CLOCK_REALTIME, ts.as_mut_ptr()) != 0 {
            // Never seen (CLOCK_REALTIME always exists): read the clock as std does.
            return realtime_std();
        }
        ts.assume_init()
    };
    #[allow(clippy::unnecessary_cast)] // `time_t` and `c_long` are 32 bits on some targets
    (ts.tv_sec as i64, ts.tv_nsec as i64)
}

#[cfg(not(target_os = "linux"))]
#[inline]
fn realtime() -> (i64, i64) {
    realtime_std()
}

/// [`realtime`] through `SystemTime`.
#[cold]
fn realtime_std() -> (i64, i64) {
    reading_of(SystemTime::now())
}

/// A time as floored seconds since the epoch and the nanoseconds above them.
fn reading_of(t: SystemTime) -> (i64, i64) {
    match t.duration_since(UNIX_EPOCH) {
        Ok(d) => (d.as_secs() as i64, i64::from(d.subsec_nanos())),
        Err(e) => {
            let d = e.duration();
            let (secs, nanos) = (d.as_secs() as i64, i64::from(d.subsec_nanos()));
            if nanos == 0 {
                (-secs, 0)
            } else {
                (-secs - 1, 1_000_000_000 - nanos)
            }
        }
    }
}

/// Whole units of a reading, `per_second` to the second (`1_000_000` for microseconds),
/// floored: the nanoseconds are never negative, so dividing them floors on either side of the
/// epoch, and dividing them unsigned spares the signed division's corrections.
#[inline]
const fn floor_units((secs, nanos): (i64, i64), per_second: i64) -> i64 {
    let below = nanos as u64 / (1_000_000_000 / per_second) as u64;
    secs.saturating_mul(per_second).saturating_add(below as i64)
}

impl Clock for SystemClock {
    #[inline]
    fn is_process_time(&self) -> bool {
        true
    }

    #[inline]
    fn now_micros(&self) -> i64 {
        floor_units(realtime(), 1_000_000)
    }

    #[inline]
    fn now_millis(&self) -> i64 {
        floor_units(realtime(), 1_000)
    }
}

/// A clock reading for a generator to make before its other work, which then runs while the
/// clock is read; `None` in the browser module, where the generator reads the clock in one
/// place only (less code).
#[inline(always)]
pub(crate) fn early(read: impl FnOnce() -> i64) -> Option<i64> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        Some(read())
    }
    #[cfg(target_arch = "wasm32")]
    {
        let _ = read;
        None
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

    /// The reading as `SystemTime` gives it: floored microseconds and milliseconds, on either
    /// side of the epoch (the form `SystemClock` had before it read `clock_gettime` itself).
    fn std_units(t: SystemTime, per_second: u128) -> i64 {
        let per_nano = 1_000_000_000 / per_second;
        match t.duration_since(UNIX_EPOCH) {
            Ok(d) => (d.as_nanos() / per_nano) as i64,
            Err(e) => -(e.duration().as_nanos().div_ceil(per_nano) as i64),
        }
    }

    #[test]
    fn realtime_is_system_time() {
        for _ in 0..1000 {
            let before = SystemTime::now();
            let ours = realtime();
            let after = SystemTime::now();
            assert!((0..1_000_000_000).contains(&ours.1), "{ours:?}");
            for per_second in [1_000, 1_000_000, 1_000_000_000] {
                let units = floor_units(ours, per_second as i64);
                assert!(std_units(before, per_second) <= units, "{ours:?}");
                assert!(units <= std_units(after, per_second), "{ours:?}");
            }
            let std = realtime_std();
            assert!(floor_units(ours, 1_000_000_000) <= floor_units(std, 1_000_000_000));
        }
    }

    #[test]
    fn floors_on_both_sides_of_the_epoch() {
        let d = |s: u64, n: u32| std::time::Duration::new(s, n);
        for (secs, nanos) in [
            (0, 0),
            (0, 1),
            (0, 999),
            (0, 1_000),
            (1, 999_999_999),
            (1_721_407_246, 480_310_999),
        ] {
            for t in [UNIX_EPOCH + d(secs, nanos), UNIX_EPOCH - d(secs, nanos)] {
                let reading = reading_of(t);
                let total = match t.duration_since(UNIX_EPOCH) {
                    Ok(x) => x.as_nanos() as i128,
                    Err(e) => -(e.duration().as_nanos() as i128),
                };
                assert_eq!(
                    reading,
                    (
                        total.div_euclid(1_000_000_000) as i64,
                        total.rem_euclid(1_000_000_000) as i64
                    )
                );
                for per_second in [1_000u128, 1_000_000] {
                    assert_eq!(
                        floor_units(reading, per_second as i64),
                        std_units(t, per_second),
                        "{t:?}"
                    );
                }
            }
        }
    }

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
