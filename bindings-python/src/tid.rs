//! TID: signed microseconds << 10 | clock id, in 13 base32-sortable symbols.

use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

use polyid::tid::{self, Tid as CoreTid, TidGenerator as CoreGenerator};

use crate::args::{ascii, int, list_from, opt_int, Maker, Text, Untracked};
use crate::dt;
use crate::errors::CoreResult;
use pyo3::sync::PyOnceLock;

/// The inclusive (min_micros, max_micros) range of the TIDs whose timestamp text starts with
/// `prefix` (up to 11 symbols, dashes allowed where the display form has them), or None.
#[pyfunction]
pub fn tid_prefix_range(prefix: Text<'_>) -> PyResult<Option<(i64, i64)>> {
    tid::prefix_range(prefix.0).py()
}

/// A TID: a timestamp in signed microseconds since the Unix epoch and a 10-bit clock id, as
/// one 64-bit value shown as 13 symbols (immutable, ordered by value = by time).
#[pyclass(module = "polyid", name = "Tid", frozen, eq, ord, hash)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tid(CoreTid);

#[pymethods]
impl Tid {
    /// Parses the 13-symbol or dashed display form (same as `Tid.parse(text)`).
    #[new]
    fn new(text: Text<'_>) -> PyResult<Self> {
        Tid::parse(text).map(|u| u.0)
    }

    /// The TID of `micros` (-(2**53-1) to 2**53-1) and `clock_id` (0-1023).
    #[staticmethod]
    #[pyo3(signature = (micros, clock_id = None))]
    fn from_parts(
        micros: &Bound<'_, PyAny>,
        clock_id: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Untracked<Tid>> {
        let m: i64 = int(micros, "TID micros")?;
        let c: u16 = opt_int(clock_id, "TID clock_id")?.unwrap_or(0);
        CoreTid::from_parts(m, c).py().map(|v| Untracked(Tid(v)))
    }

    /// The TID of an aware datetime (exact to the microsecond) and a clock id.
    #[staticmethod]
    #[pyo3(signature = (dt, clock_id = None))]
    fn from_datetime(
        dt: &Bound<'_, PyAny>,
        clock_id: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Untracked<Tid>> {
        let m = dt::to_micros(dt)?;
        let c: u16 = opt_int(clock_id, "TID clock_id")?.unwrap_or(0);
        CoreTid::from_parts(m, c).py().map(|v| Untracked(Tid(v)))
    }

    /// Parses the 13-symbol form or the dashed display form (lowercase only).
    #[staticmethod]
    fn parse(text: Text<'_>) -> PyResult<Untracked<Tid>> {
        CoreTid::parse(text.0).py().map(|v| Untracked(Tid(v)))
    }

    /// The TID of its 64-bit signed value (`micros << 10 | clock_id`).
    #[staticmethod]
    fn from_int(value: &Bound<'_, PyAny>) -> PyResult<Untracked<Tid>> {
        CoreTid::from_i64(int(value, "TID value")?)
            .py()
            .map(|v| Untracked(Tid(v)))
    }

    /// A new TID from the process-wide generator (random clock id 0-31).
    #[staticmethod]
    fn generate() -> PyResult<Untracked<Tid>> {
        CoreTid::generate().py().map(|v| Untracked(Tid(v)))
    }

    /// The 64-bit signed value.
    #[getter]
    fn value(&self) -> i64 {
        self.0.value()
    }

    /// Microseconds since the Unix epoch (negative before it).
    #[getter]
    fn micros(&self) -> i64 {
        self.0.micros()
    }

    /// The clock id, 0-1023.
    #[getter]
    fn clock_id(&self) -> u16 {
        self.0.clock_id()
    }

    /// The time as an aware datetime in UTC (exact to the microsecond).
    #[getter]
    fn datetime<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        dt::from_micros(py, self.0.micros())
    }

    /// The dashed display form `STTT-TTT-TTTT-CC`.
    fn display<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        ascii(py, &self.0.display_bytes())
    }

    fn __str__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        ascii(py, &self.0.to_bytes())
    }

    fn __repr__(&self) -> String {
        format!("Tid('{}')", self.0)
    }

    fn __int__(&self) -> i64 {
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

/// The batch object maker of `Tid` (see [`Maker`]).
fn maker(py: Python<'_>) -> PyResult<&'static Maker<Tid>> {
    static MAKER: PyOnceLock<Maker<Tid>> = PyOnceLock::new();
    MAKER.get_or_try_init(py, || {
        Maker::new(
            py,
            Tid(CoreTid::from_i64(1).py()?),
            Tid(CoreTid::from_i64(-2).py()?),
        )
    })
}

/// A monotonic TID generator (thread-safe; a random clock id is re-picked in a forked child).
#[pyclass(module = "polyid", name = "TidGenerator", frozen)]
pub struct TidGenerator(CoreGenerator);

#[pymethods]
impl TidGenerator {
    /// A generator with the given clock id (0-1023), or a random one in 0-31.
    #[new]
    #[pyo3(signature = (clock_id = None))]
    fn new(clock_id: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        match opt_int::<u16>(clock_id, "TID clock_id")? {
            Some(id) => CoreGenerator::with_clock_id(id).py().map(TidGenerator),
            None => Ok(TidGenerator(CoreGenerator::new())),
        }
    }

    /// The next TID, greater than every TID this generator issued before.
    fn next(&self) -> PyResult<Untracked<Tid>> {
        self.0.next().py().map(|v| Untracked(Tid(v)))
    }

    /// The next TID as its 13-symbol text (skips the Tid object).
    fn next_str<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        let t = self.0.next().py()?;
        ascii(py, &t.to_bytes())
    }

    /// The next `n` TIDs (consecutive microseconds, one clock read).
    fn next_many<'py>(
        &self,
        py: Python<'py>,
        n: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyList>> {
        let n: usize = int(n, "count")?;
        let tids = self.0.next_many(n).py()?;
        let maker = maker(py)?;
        list_from(py, tids.len(), |i| maker.make(py, Tid(tids[i])))
    }

    /// The next `n` TIDs as 13-symbol texts.
    fn next_many_str<'py>(
        &self,
        py: Python<'py>,
        n: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyList>> {
        let n: usize = int(n, "count")?;
        let tids = self.0.next_many(n).py()?;
        list_from(py, tids.len(), |i| {
            Ok(ascii(py, &tids[i].to_bytes())?.into_any())
        })
    }

    /// The clock id of the TIDs this generator issues now.
    #[getter]
    fn clock_id(&self) -> u16 {
        self.0.clock_id()
    }

    fn __repr__(&self) -> String {
        format!("TidGenerator(clock_id={})", self.0.clock_id())
    }
}
