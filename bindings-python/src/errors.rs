//! polyid errors as Python exceptions.
//!
//! Every core [`polyid::Error`] becomes a `polyid.PolyIdError` (a `ValueError`) carrying the
//! stable code string in `.code`, the core's message in `.message` (also `str(e)`), and the
//! core's details: `.index` / `.character` for a bad character, `.found` / `.expected` for a
//! length or check value, `.found` / `.min` / `.max` for a number outside its range. Integers
//! that do not fit the Rust parameter become `OUT_OF_RANGE` errors here, before the core is
//! called.

use pyo3::exceptions::{PyOverflowError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::IntoPyObjectExt;

use polyid::{Detail, ErrorCode};

pyo3::create_exception!(
    polyid,
    PolyIdError,
    PyValueError,
    "A polyid failure. `.code` is the stable error code shared by every polyid runtime\n\
     (e.g. \"INVALID_CHARACTER\"); `.message` (also `str(error)`) says what was wrong and\n\
     where; `.index`, `.character`, `.found`, `.expected`, `.min` and `.max` hold the\n\
     details where they apply (else None)."
);

/// The fields of a `PolyIdError`.
#[derive(Default)]
pub struct Fields<'py> {
    pub code: &'static str,
    pub message: String,
    pub index: Option<usize>,
    pub character: Option<char>,
    pub found: Option<Bound<'py, PyAny>>,
    pub expected: Option<Bound<'py, PyAny>>,
    pub min: Option<Bound<'py, PyAny>>,
    pub max: Option<Bound<'py, PyAny>>,
}

impl<'py> Fields<'py> {
    pub fn new(code: &'static str, message: String) -> Fields<'py> {
        Fields {
            code,
            message,
            ..Default::default()
        }
    }
}

/// Builds the exception instance with its attributes.
pub fn make(py: Python<'_>, fields: Fields<'_>) -> PyErr {
    let build = || -> PyResult<PyErr> {
        let exc = py
            .get_type::<PolyIdError>()
            .call1((fields.message.as_str(),))?;
        exc.setattr(intern!(py, "code"), fields.code)?;
        exc.setattr(intern!(py, "message"), fields.message.as_str())?;
        exc.setattr(intern!(py, "index"), fields.index)?;
        exc.setattr(intern!(py, "character"), fields.character)?;
        exc.setattr(intern!(py, "found"), fields.found)?;
        exc.setattr(intern!(py, "expected"), fields.expected)?;
        exc.setattr(intern!(py, "min"), fields.min)?;
        exc.setattr(intern!(py, "max"), fields.max)?;
        exc.setattr(intern!(py, "item"), py.None())?;
        exc.setattr(intern!(py, "input"), py.None())?;
        Ok(PyErr::from_value(exc))
    };
    build().unwrap_or_else(|e| e)
}

/// The fields of a core error: its code, message and details.
fn core_fields<'py>(py: Python<'py>, err: &polyid::Error) -> Fields<'py> {
    let mut f = Fields::new(err.code().as_str(), err.to_string());
    f.index = err.index();
    f.character = err.offending_char();
    let (found, expected, range) = match *err.detail() {
        Detail::Length { found, expected } => (Some(found as i128), Some(expected as i128), None),
        Detail::Checkmod { found, expected } => (Some(found.into()), Some(expected.into()), None),
        Detail::Range { found, min, max } => (Some(found), None, Some((min, max))),
        _ => (None, None, None),
    };
    let int = |v: i128| v.into_bound_py_any(py).ok();
    (f.found, f.expected) = (found.and_then(int), expected.and_then(int));
    (f.min, f.max) = (range.and_then(|r| int(r.0)), range.and_then(|r| int(r.1)));
    f
}

/// A core error as a `PolyIdError`.
#[cold]
pub fn core_err(err: polyid::Error) -> PyErr {
    Python::attach(|py| make(py, core_fields(py, &err)))
}

/// An Arrow kernel's error as a `PolyIdError`: the core's code and details; for a row-wise
/// failure, the message names the row and its input, `.item` is the row and `.input` the
/// input.
#[cold]
pub fn column_err(py: Python<'_>, err: polyid_arrow::ColumnError) -> PyErr {
    let mut f = core_fields(py, err.error());
    f.message = err.to_string();
    let exc = make(py, f);
    if let (Some(row), Some(input)) = (err.row(), err.input()) {
        let value = exc.value(py);
        let _ = value.setattr(intern!(py, "item"), row);
        let _ = value.setattr(intern!(py, "input"), input);
    }
    exc
}

/// An `OUT_OF_RANGE` error for a Python int that does not fit the Rust parameter, worded like
/// the core's own range errors.
#[cold]
pub fn out_of_range<Min, Max>(value: &Bound<'_, PyAny>, context: &str, min: Min, max: Max) -> PyErr
where
    Min: std::fmt::Display + for<'a> IntoPyObject<'a>,
    Max: std::fmt::Display + for<'a> IntoPyObject<'a>,
{
    let py = value.py();
    let text = value
        .str()
        .map(|s| s.to_string())
        .unwrap_or_else(|_| "?".into());
    // An int of any size: a huge one is shown as a bounded excerpt.
    let shown = polyid::error::shown(&text);
    let mut f = Fields::new(
        ErrorCode::OutOfRange.as_str(),
        format!("{context}: {shown} is out of range {min}..={max}"),
    );
    f.found = Some(value.clone());
    f.min = min.into_bound_py_any(py).ok();
    f.max = max.into_bound_py_any(py).ok();
    make(py, f)
}

/// A `PolyIdError` with a binding-level code (e.g. `INVALID_ARGUMENT`, `INVALID_UTF8`).
#[cold]
pub fn binding_err(py: Python<'_>, code: ErrorCode, message: String) -> PyErr {
    make(py, Fields::new(code.as_str(), message))
}

/// Records the position of a failing item on a batch call's error.
#[cold]
pub fn with_item(py: Python<'_>, err: PyErr, item: usize) -> PyErr {
    // A PolyIdError and a TypeError (an item that is not a str) alike: exception instances
    // take attributes, and a caller handles both the same way.
    let _ = err.value(py).setattr(intern!(py, "item"), item);
    err
}

/// Whether `err` is Python's `OverflowError` (raised by int conversions).
#[inline]
pub fn is_overflow(py: Python<'_>, err: &PyErr) -> bool {
    err.is_instance_of::<PyOverflowError>(py)
}
