//! `compact_id` as a hand-registered `METH_FASTCALL | METH_KEYWORDS` function.
//!
//! With the `abi3-py39` feature PyO3 registers every function with arguments as
//! `METH_VARARGS | METH_KEYWORDS`, because `METH_FASTCALL` entered the *limited* API only in
//! Python 3.10. That builds an argument tuple on every call, a large share of a call as short
//! as `compact_id` (`make python-bench-paths` measures it). Every CPython this wheel supports
//! has `METH_FASTCALL` with the calling convention that 3.10 made stable (PEP 590), so this
//! one hot function is registered by hand with it; the
//! argument handling matches a PyO3 signature `(code, named_sequences=None, *, profile=None)`. Everything else
//! goes through PyO3.

use std::ffi::{c_int, CStr};

use pyo3::exceptions::PyTypeError;
use pyo3::ffi;
use pyo3::prelude::*;

use crate::args::Text;
use crate::wdp::compact_id_impl;

/// `METH_FASTCALL` (0x0080), the same value in every CPython this wheel supports.
const METH_FASTCALL: c_int = 0x0080;

type FastCallWithKeywords = unsafe extern "C" fn(
    *mut ffi::PyObject,
    *const *mut ffi::PyObject,
    ffi::Py_ssize_t,
    *mut ffi::PyObject,
) -> *mut ffi::PyObject;

const DOC: &CStr = c"compact_id(code, named_sequences=None, *, profile=None)
--

The 5-character compact ID of a structured code, e.g. \"E.Auth.Token.001\" -> \"V6a0B\".

named_sequences: optional mapping of extra sequence names to numbers (1-999).
profile: None or \"polyid\", or \"waddling\" (as waddling-errors-hash computes it: any text,
trimmed and upper-cased, names hashed as written; docs/spec §1.5).
Raises PolyIdError (INVALID_FORMAT, NON_ASCII, INVALID_SEVERITY, INVALID_COMPONENT,
INVALID_PRIMARY, INVALID_SEQUENCE, UNKNOWN_NAMED_SEQUENCE, INVALID_ARGUMENT) and TypeError.";

/// `(code, named_sequences, profile)` as passed (absent optional arguments are `None`).
type Arguments<'py> = (
    Bound<'py, PyAny>,
    Option<Bound<'py, PyAny>>,
    Option<Bound<'py, PyAny>>,
);

/// The arguments `(code, named_sequences=None, *, profile=None)` from a vectorcall.
///
/// # Safety
/// `args` holds `nargs` positional then `len(kwnames)` keyword values, all live.
unsafe fn arguments<'py>(
    py: Python<'py>,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> PyResult<Arguments<'py>> {
    // `profile` is keyword-only: at most two positional arguments fill slots 0 and 1.
    let mut slots: [Option<Bound<'py, PyAny>>; 3] = [None, None, None];
    if nargs > 2 {
        return Err(PyTypeError::new_err(format!(
            "compact_id() takes from 1 to 2 positional arguments but {nargs} were given"
        )));
    }
    for (i, slot) in slots.iter_mut().enumerate().take(nargs as usize) {
        *slot = Some(unsafe { Bound::from_borrowed_ptr(py, *args.add(i)) });
    }
    if !kwnames.is_null() {
        let names = unsafe { Bound::from_borrowed_ptr(py, kwnames) };
        for (k, name) in names.try_iter()?.enumerate() {
            let name = name?;
            let key: Text<'_> = name.extract()?;
            let index = match key.0 {
                "code" => 0,
                "named_sequences" => 1,
                "profile" => 2,
                other => {
                    // CPython's wording; a long or odd name as a bounded quotation.
                    let name = match polyid::error::shown(other) {
                        std::borrow::Cow::Borrowed(plain) => format!("'{plain}'"),
                        std::borrow::Cow::Owned(quoted) => quoted,
                    };
                    return Err(PyTypeError::new_err(format!(
                        "compact_id() got an unexpected keyword argument {name}"
                    )));
                }
            };
            if slots[index].is_some() {
                return Err(PyTypeError::new_err(format!(
                    "compact_id() got multiple values for argument '{}'",
                    key.0
                )));
            }
            let value = unsafe { *args.add(nargs as usize + k) };
            slots[index] = Some(unsafe { Bound::from_borrowed_ptr(py, value) });
        }
    }
    let [code, names, profile] = slots;
    let code = code.ok_or_else(|| {
        PyTypeError::new_err("compact_id() missing 1 required positional argument: 'code'")
    })?;
    Ok((code, names, profile))
}

/// The body of `compact_id`, run inside PyO3's own fastcall trampoline (see
/// [`add_compact_id`]).
///
/// # Safety
/// The vectorcall contract: `args` holds `nargs` positional then `len(kwnames)` keyword
/// values, all live.
unsafe fn compact_id_body(
    py: Python<'_>,
    _module: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> PyResult<*mut ffi::PyObject> {
    if nargs == 1 && kwnames.is_null() {
        // The common call `compact_id(code)`.
        // SAFETY: one live positional argument.
        let code = unsafe { Bound::from_borrowed_ptr(py, *args) };
        return Ok(compact_id_impl(py, code.extract()?, None, None)?.into_ptr());
    }
    // SAFETY: the vectorcall contract.
    let (code, names, profile) = unsafe { arguments(py, args, nargs, kwnames)? };
    Ok(compact_id_impl(py, code.extract()?, names.as_ref(), profile.as_ref())?.into_ptr())
}

/// Adds `compact_id` to the module.
pub fn add_compact_id(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    // PyO3's own trampoline for fastcall functions (what `#[pyfunction]` uses when it can):
    // it marks the thread as attached for PyO3 (so references dropped in the body, e.g. an
    // error's cause, are released at once instead of queueing in PyO3's deferred-release
    // pool, which only drains at the next PyO3 call, so memory would grow with every failing
    // call until then),
    // drains that pool, turns a PyErr into a raised exception and traps panics.
    let trampoline: FastCallWithKeywords = pyo3::impl_::trampoline::get_trampoline_function!(
        fastcall_cfunction_with_keywords,
        compact_id_body
    );
    let def = Box::leak(Box::new(ffi::PyMethodDef {
        ml_name: c"compact_id".as_ptr(),
        ml_meth: ffi::PyMethodDefPointer {
            // SAFETY: CPython casts the pointer back to the fastcall-with-keywords type
            // because of `ml_flags`, as C extensions do.
            PyCFunction: unsafe {
                std::mem::transmute::<FastCallWithKeywords, ffi::PyCFunction>(trampoline)
            },
        },
        ml_flags: METH_FASTCALL | ffi::METH_KEYWORDS,
        ml_doc: DOC.as_ptr(),
    }));
    let module_name = m.name()?;
    // SAFETY: `def` lives for the rest of the process; `PyCFunction_NewEx` returns a new
    // reference or NULL with an exception set.
    let func = unsafe {
        Bound::from_owned_ptr_or_err(
            py,
            ffi::PyCFunction_NewEx(def, std::ptr::null_mut(), module_name.as_ptr()),
        )?
    };
    m.add("compact_id", func)
}
