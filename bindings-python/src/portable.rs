//! The switch that forces the portable path: `POLYID_PYTHON_PORTABLE`, read once when the
//! module is imported.
//!
//! The fast paths of this binding depend on CPython's object layout or on PyO3 internals
//! (each is checked at run time and falls back to the portable API by itself where the check
//! fails). The switch turns them off regardless, so the test suite can run the portable path
//! on an interpreter where the fast one works:
//!
//! - unset, empty or `0`: every fast path that passes its check is taken;
//! - `1` or `all`: none is;
//! - a comma-separated list of path names turns off those paths only (for A/B measurements):
//!   `fastcall` (`compact_id` registered by hand as a `METH_FASTCALL` function),
//!   `ascii` (result texts written into the buffer of `PyUnicode_New`),
//!   `alloc` (batch ID objects allocated with the class's `tp_alloc`).
//!
//! Any other value makes the import fail with a `ValueError` naming it.

use std::sync::atomic::{AtomicU8, Ordering};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// A fast path that the switch can turn off.
#[derive(Clone, Copy)]
pub enum Path {
    Fastcall = 1,
    Ascii = 2,
    Alloc = 4,
}

const NAMES: [(&str, Path); 3] = [
    ("fastcall", Path::Fastcall),
    ("ascii", Path::Ascii),
    ("alloc", Path::Alloc),
];

/// The paths turned off, one bit per [`Path`].
static OFF: AtomicU8 = AtomicU8::new(0);

/// Whether `path` is turned off by the switch.
#[inline]
pub fn off(path: Path) -> bool {
    OFF.load(Ordering::Relaxed) & path as u8 != 0
}

/// Parses a value of `POLYID_PYTHON_PORTABLE` into the bits of the paths it turns off.
fn parse(value: &str) -> Result<u8, String> {
    match value.trim() {
        "" | "0" => return Ok(0),
        "1" | "all" => return Ok(NAMES.iter().fold(0, |bits, (_, p)| bits | *p as u8)),
        _ => {}
    }
    let mut bits = 0;
    for name in value.split(',').map(str::trim) {
        match NAMES.iter().find(|(n, _)| *n == name) {
            Some((_, p)) => bits |= *p as u8,
            None => {
                return Err(format!(
                    "POLYID_PYTHON_PORTABLE: unknown value {} (expected 0, 1, all, or a \
                     comma-separated list of fastcall, ascii, alloc)",
                    polyid::quote(name)
                ))
            }
        }
    }
    Ok(bits)
}

/// Reads the switch and adds `_portable_paths` (the names of the paths turned off, a tuple)
/// to the module.
pub fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let value = match std::env::var("POLYID_PYTHON_PORTABLE") {
        Ok(value) => value,
        Err(std::env::VarError::NotPresent) => String::new(),
        Err(std::env::VarError::NotUnicode(_)) => {
            return Err(PyValueError::new_err(
                "POLYID_PYTHON_PORTABLE: the value is not valid Unicode",
            ))
        }
    };
    let bits = parse(&value).map_err(PyValueError::new_err)?;
    OFF.store(bits, Ordering::Relaxed);
    let names: Vec<&str> = NAMES
        .iter()
        .filter(|(_, p)| off(*p))
        .map(|(n, _)| *n)
        .collect();
    m.add("_portable_paths", PyTuple::new(m.py(), names)?)
}
