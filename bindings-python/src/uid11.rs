//! uid11: a u64 as 11 Base58 symbols.

use pyo3::prelude::*;
use pyo3::types::PyString;

use polyid::uid11;

use crate::args::CoreResult;
use crate::args::{int, Text};
use crate::layout::ascii;

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
