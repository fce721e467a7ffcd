//! `datetime` translation: Unix microseconds <-> timezone-aware `datetime.datetime`.
//!
//! Pure type translation, exact to the microsecond: a timestamp becomes
//! `1970-01-01T00:00:00+00:00 + timedelta(days, seconds, microseconds)` (in UTC), and an aware
//! datetime becomes the integer microseconds of `dt - epoch`. A naive datetime (no tzinfo) is
//! refused rather than guessed.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDateTime, PyDelta, PyDeltaAccess, PyTzInfo};

use polyid::ErrorCode;

use crate::args::type_error;
use crate::errors::binding_err;

const MICROS_PER_DAY: i64 = 86_400_000_000;

/// `datetime(1970, 1, 1, tzinfo=timezone.utc)`.
fn epoch(py: Python<'_>) -> PyResult<&Bound<'_, PyDateTime>> {
    static EPOCH: PyOnceLock<Py<PyDateTime>> = PyOnceLock::new();
    EPOCH
        .get_or_try_init(py, || {
            let utc = PyTzInfo::utc(py)?;
            PyDateTime::new(py, 1970, 1, 1, 0, 0, 0, 0, Some(&utc)).map(Bound::unbind)
        })
        .map(|e| e.bind(py))
}

/// The UTC datetime of `micros` microseconds since the Unix epoch.
pub fn from_micros(py: Python<'_>, micros: i64) -> PyResult<Bound<'_, PyAny>> {
    let days = micros.div_euclid(MICROS_PER_DAY);
    let rest = micros.rem_euclid(MICROS_PER_DAY);
    // |days| <= 2^63 / 8.64e10 ~ 1.07e8 fits i32; timedelta accepts up to 999999999 days.
    let delta = PyDelta::new(
        py,
        days as i32,
        (rest / 1_000_000) as i32,
        (rest % 1_000_000) as i32,
        false,
    )?;
    epoch(py)?.add(delta)
}

/// The UTC datetime of `ms` milliseconds since the Unix epoch.
pub fn from_millis(py: Python<'_>, ms: u64) -> PyResult<Bound<'_, PyAny>> {
    // Every millisecond count polyid returns (<= 2^45) fits in i64 microseconds.
    from_micros(py, (ms as i64).saturating_mul(1000))
}

/// The microseconds since the Unix epoch of an aware `datetime.datetime`.
pub fn to_micros(dt: &Bound<'_, PyAny>) -> PyResult<i64> {
    let py = dt.py();
    if !dt.is_instance_of::<PyDateTime>() {
        return Err(type_error(dt, "datetime.datetime"));
    }
    if dt.call_method0(pyo3::intern!(py, "utcoffset"))?.is_none() {
        return Err(binding_err(
            py,
            ErrorCode::InvalidArgument,
            format!(
                "datetime: {} is naive; give a timezone-aware datetime \
                 (e.g. tzinfo=datetime.timezone.utc)",
                dt.repr()?
            ),
        ));
    }
    let delta = dt.sub(epoch(py)?)?;
    let delta = delta.cast::<PyDelta>()?;
    // datetime spans years 1-9999: about +-2.5e17 microseconds, far inside i64.
    let micros = delta.get_days() as i64 * MICROS_PER_DAY
        + delta.get_seconds() as i64 * 1_000_000
        + delta.get_microseconds() as i64;
    Ok(micros)
}

/// Whole milliseconds (floored) of an aware datetime; the sub-millisecond part is dropped.
pub fn to_millis(dt: &Bound<'_, PyAny>) -> PyResult<i64> {
    Ok(to_micros(dt)?.div_euclid(1000))
}
