//! uid11 (a u64 as 11 Base58 symbols) and xid (the timestamped uid11 profile).

use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

use polyid::xid::{self, Xid as CoreXid};
use polyid::{uid11, ErrorCode};

use crate::args::{ascii, int, list_from, opt_int, Maker, Text, Untracked};
use crate::dt;
use crate::errors::{make, CoreResult, Fields};
use pyo3::sync::PyOnceLock;

/// The 11-symbol uid11 text of an int in 0..2**64-1.
#[pyfunction]
pub fn uid11_encode<'py>(value: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyString>> {
    let v: u64 = int(value, "uid11 value")?;
    let mut out = [0u8; uid11::LEN];
    uid11::encode_into(v, &mut out);
    ascii(value.py(), &out)
}

/// The int of an 11-symbol uid11 text.
#[pyfunction]
pub fn uid11_decode(text: Text<'_>) -> PyResult<u64> {
    uid11::decode(text.0).py()
}

/// The inclusive (lo, hi) range of the values whose text starts with `prefix`, or None
/// when no u64 does.
#[pyfunction]
pub fn uid11_prefix_range(prefix: Text<'_>) -> PyResult<Option<(u64, u64)>> {
    uid11::prefix_range(prefix.0).py()
}

/// The inclusive (min_unix_ms, max_unix_ms) range of the xids whose text starts with
/// `prefix`, or None when no xid does.
#[pyfunction]
pub fn xid_prefix_range(prefix: Text<'_>) -> PyResult<Option<(u64, u64)>> {
    xid::prefix_time_range(prefix.0).py()
}

/// Milliseconds as the core's u64, or OUT_OF_RANGE (a datetime before 1970).
pub fn millis_u64(py: Python<'_>, ms: i64, context: &str, min: u64, max: u64) -> PyResult<u64> {
    u64::try_from(ms).map_err(|_| {
        let mut f = Fields::new(
            ErrorCode::OutOfRange.as_str(),
            format!("{context}: {ms} is out of range {min}..={max}"),
        );
        f.found = ms.into_pyobject(py).ok().map(Bound::into_any);
        make(py, f)
    })
}

/// The batch object maker of `Xid` (see [`Maker`]).
fn maker(py: Python<'_>) -> PyResult<&'static Maker<Xid>> {
    static MAKER: PyOnceLock<Maker<Xid>> = PyOnceLock::new();
    MAKER.get_or_try_init(py, || {
        Maker::new(
            py,
            Xid(CoreXid::from_u64(1)),
            Xid(CoreXid::from_u64(u64::MAX)),
        )
    })
}

/// An xid: 42 bits of milliseconds since 2011-11-11T11:11:11.111Z and 22 random bits, shown
/// as 11 Base58 symbols (immutable, ordered by value = by time).
#[pyclass(module = "polyid", name = "Xid", frozen, eq, ord, hash)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Xid(CoreXid);

#[pymethods]
impl Xid {
    /// Parses the 11-symbol text (same as `Xid.parse(text)`).
    #[new]
    fn new(text: Text<'_>) -> PyResult<Self> {
        Xid::parse(text).map(|u| u.0)
    }

    /// A new xid from the process-wide generator: greater than every xid this process made
    /// before (a fresh random start each millisecond, then counting up; the process lane in
    /// the top 6 random bits).
    #[staticmethod]
    fn generate() -> PyResult<Untracked<Xid>> {
        CoreXid::generate().py().map(|v| Untracked(Xid(v)))
    }

    /// `n` new consecutive xids from the process-wide generator (one clock read).
    #[staticmethod]
    fn generate_many<'py>(py: Python<'py>, n: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
        let n: usize = int(n, "count")?;
        let xids = CoreXid::generate_many(n).py()?;
        let maker = maker(py)?;
        list_from(py, xids.len(), |i| maker.make(py, Xid(xids[i])))
    }

    /// The xid of a Unix time in milliseconds and 22 random bits.
    #[staticmethod]
    fn from_parts(
        unix_ms: &Bound<'_, PyAny>,
        random: &Bound<'_, PyAny>,
    ) -> PyResult<Untracked<Xid>> {
        let ms: u64 = int(unix_ms, "xid unix_ms")?;
        let r: u32 = int(random, "xid random")?;
        CoreXid::from_parts(ms, r).py().map(|v| Untracked(Xid(v)))
    }

    /// The xid of an aware datetime (milliseconds, floored) with the given or fresh random
    /// bits.
    #[staticmethod]
    #[pyo3(signature = (dt, random = None))]
    fn from_datetime(
        dt: &Bound<'_, PyAny>,
        random: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Untracked<Xid>> {
        let py = dt.py();
        let ms = millis_u64(
            py,
            dt::to_millis(dt)?,
            "xid unix_ms",
            xid::EPOCH_MS,
            xid::MAX_UNIX_MS,
        )?;
        match opt_int::<u32>(random, "xid random")? {
            Some(r) => CoreXid::from_parts(ms, r).py().map(|v| Untracked(Xid(v))),
            None => CoreXid::generate_at(ms).py().map(|v| Untracked(Xid(v))),
        }
    }

    /// Parses the 11-symbol text.
    #[staticmethod]
    fn parse(text: Text<'_>) -> PyResult<Untracked<Xid>> {
        CoreXid::parse(text.0).py().map(|v| Untracked(Xid(v)))
    }

    /// The xid of its 64-bit value (every u64 is one).
    #[staticmethod]
    fn from_int(value: &Bound<'_, PyAny>) -> PyResult<Untracked<Xid>> {
        Ok(Untracked(Xid(CoreXid::from_u64(int(value, "xid value")?))))
    }

    /// The 64-bit value.
    #[getter]
    fn value(&self) -> u64 {
        self.0.value()
    }

    /// Unix time in milliseconds.
    #[getter]
    fn unix_ms(&self) -> u64 {
        self.0.unix_ms()
    }

    /// The 22 random bits.
    #[getter]
    fn random(&self) -> u32 {
        self.0.random()
    }

    /// The time as an aware datetime in UTC (millisecond precision).
    #[getter]
    fn datetime<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        dt::from_millis(py, self.0.unix_ms())
    }

    fn __str__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        ascii(py, &self.0.to_bytes())
    }

    fn __repr__(&self) -> String {
        format!("Xid('{}')", self.0)
    }

    fn __int__(&self) -> u64 {
        self.0.value()
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyString>,))> {
        let py = slf.py();
        Ok((
            slf.get_type().into_any(),
            (ascii(py, &slf.get().0.to_bytes())?,),
        ))
    }

    fn __copy__(slf: Bound<'_, Self>) -> Bound<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: Bound<'py, Self>, _memo: &Bound<'py, PyAny>) -> Bound<'py, Self> {
        slf
    }
}
