//! Argument and result translation: Python `str` <-> `&str`, Python `int` -> Rust integers
//! (with `OUT_OF_RANGE` instead of a wrap or an `OverflowError`), lists, and core results
//! as Python results and objects ([`CoreResult`], [`Untracked`]). The exceptions themselves
//! are made in `errors.rs`, which uses nothing of this module.

use std::borrow::Cow;

use pyo3::exceptions::{PyTypeError, PyUnicodeEncodeError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyList, PyMapping, PyString};

use polyid::ErrorCode;

use crate::errors::{binding_err, core_err, is_overflow, out_of_range};

/// A `profile=` argument: `None` is polyid's own reading; a name is read by the core
/// (`INVALID_ARGUMENT` for an unknown one); anything else is a `TypeError`.
pub fn profile(value: Option<&Bound<'_, PyAny>>) -> PyResult<polyid::Profile> {
    let Some(v) = value.filter(|v| !v.is_none()) else {
        return Ok(polyid::Profile::Polyid);
    };
    let name: Text<'_> = v
        .extract()
        .map_err(|_| type_error(v, "a profile name (str) or None"))?;
    polyid::Profile::parse(name.0).map_err(crate::errors::core_err)
}

/// A Python `str` argument borrowed as `&str` without copying.
pub struct Text<'a>(pub &'a str);

impl<'a, 'py> FromPyObject<'a, 'py> for Text<'a> {
    type Error = PyErr;

    #[inline]
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        // SAFETY: `obj` is a live object; `PyUnicode_AsUTF8AndSize` returns a pointer to a
        // UTF-8 buffer owned by the str object, valid while the object is (lifetime `'a`), or
        // NULL with an exception set (TypeError for a non-str, UnicodeEncodeError for lone
        // surrogates).
        unsafe {
            let mut size: ffi::Py_ssize_t = 0;
            let ptr = ffi::PyUnicode_AsUTF8AndSize(obj.as_ptr(), &mut size);
            if ptr.is_null() {
                return Err(not_text(&obj));
            }
            let bytes = std::slice::from_raw_parts(ptr.cast::<u8>(), size as usize);
            Ok(Text(std::str::from_utf8_unchecked(bytes)))
        }
    }
}

/// Why `PyUnicode_AsUTF8AndSize` failed: not a str at all (`TypeError`), or a str with lone
/// surrogates, which has no UTF-8 form (`PolyIdError(INVALID_UTF8)`, chained to Python's
/// `UnicodeEncodeError`).
#[cold]
fn not_text(obj: &Borrowed<'_, '_, PyAny>) -> PyErr {
    let py = obj.py();
    let cause = PyErr::take(py);
    // SAFETY: a live object.
    if unsafe { ffi::PyUnicode_Check(obj.as_ptr()) } == 0 {
        return type_error(obj, "str");
    }
    match cause {
        Some(cause) if cause.is_instance_of::<PyUnicodeEncodeError>(py) => {
            let err = binding_err(
                py,
                ErrorCode::InvalidUtf8,
                format!("text cannot be encoded as UTF-8: {cause}"),
            );
            err.set_cause(py, Some(cause));
            err
        }
        Some(other) => other,
        None => PyTypeError::new_err("expected str"),
    }
}

/// `TypeError: expected <what>, got <type>`.
#[cold]
pub fn type_error(obj: &Bound<'_, PyAny>, what: &str) -> PyErr {
    let got = obj
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".into());
    PyTypeError::new_err(format!(
        "expected {what}, got {}",
        polyid::error::shown(&got)
    ))
}

/// The bytes of a `bytes` (borrowed) or a `bytearray` (copied); anything else is a
/// `TypeError` naming `expected`.
pub fn bytes_arg<'a>(obj: &'a Bound<'_, PyAny>, expected: &str) -> PyResult<Cow<'a, [u8]>> {
    if let Ok(b) = obj.cast::<PyBytes>() {
        Ok(Cow::Borrowed(b.as_bytes()))
    } else if let Ok(b) = obj.cast::<PyByteArray>() {
        Ok(Cow::Owned(b.to_vec()))
    } else {
        Err(type_error(obj, expected))
    }
}

/// The `(key, value)` pairs of a mapping (`dict` fast path, else `.items()`); anything else
/// is a `TypeError` naming `expected`.
pub fn mapping_items<'py>(
    obj: &Bound<'py, PyAny>,
    expected: &str,
) -> PyResult<Vec<(Bound<'py, PyAny>, Bound<'py, PyAny>)>> {
    if let Ok(dict) = obj.cast::<PyDict>() {
        return Ok(dict.iter().collect());
    }
    if let Ok(map) = obj.cast::<PyMapping>() {
        return map.items()?.iter().map(|item| item.extract()).collect();
    }
    Err(type_error(obj, expected))
}

/// The bounds of a Rust integer parameter, for `OUT_OF_RANGE` messages.
pub trait Bounds {
    const MIN: i128;
    const MAX: u128;
}

macro_rules! bounds {
    ($($t:ty),*) => {$(
        impl Bounds for $t {
            const MIN: i128 = <$t>::MIN as i128;
            const MAX: u128 = <$t>::MAX as u128;
        }
    )*};
}

bounds!(u16, u32, u64, usize, i64, u128);

/// A Python int (or an object with `__index__`) as `T`: `TypeError` for other types,
/// `PolyIdError(OUT_OF_RANGE)` when it does not fit `T`.
#[inline]
pub fn int<'py, T>(obj: &Bound<'py, PyAny>, context: &str) -> PyResult<T>
where
    T: for<'a> FromPyObject<'a, 'py, Error = PyErr> + Bounds,
{
    int_of_type(obj, context, T::MIN, T::MAX)
}

/// [`int`] for a part whose valid values are `min..=max`: any other int is `OUT_OF_RANGE` with
/// that range, found here rather than by the core, so that the parts of a call are checked in
/// the order of its parameters whatever their Rust types hold (as every runtime checks them).
#[inline]
pub fn int_in<'py, T>(
    obj: &Bound<'py, PyAny>,
    context: &str,
    min: impl Into<i128>,
    max: impl Into<i128>,
) -> PyResult<T>
where
    T: for<'a> FromPyObject<'a, 'py, Error = PyErr> + Copy,
    i128: TryFrom<T>,
{
    let (min, max) = (min.into(), max.into());
    let v: T = int_of_type(obj, context, min, max)?;
    match i128::try_from(v) {
        Ok(w) if (min..=max).contains(&w) => Ok(v),
        _ => Err(out_of_range(obj, context, min, max)),
    }
}

/// `obj` as `T`, the parameter's Rust type, for a part whose range the core checks itself
/// with an error of its own (a named sequence's number: `INVALID_SEQUENCE`): an int that `T`
/// cannot hold is `OUT_OF_RANGE` (docs/spec), reported with the range `min..=max`.
#[inline]
pub fn int_of_type<'py, T, Min, Max>(
    obj: &Bound<'py, PyAny>,
    context: &str,
    min: Min,
    max: Max,
) -> PyResult<T>
where
    T: for<'a> FromPyObject<'a, 'py, Error = PyErr>,
    Min: std::fmt::Display + for<'a> IntoPyObject<'a>,
    Max: std::fmt::Display + for<'a> IntoPyObject<'a>,
{
    match obj.extract::<T>() {
        Ok(v) => Ok(v),
        Err(e) if is_overflow(obj.py(), &e) => Err(out_of_range(obj, context, min, max)),
        Err(e) if e.is_instance_of::<PyTypeError>(obj.py()) => {
            Err(type_error(obj, &format!("int for {context}")))
        }
        Err(e) => Err(e),
    }
}

/// The number of IDs a batch call makes: 0 to the core's `MAX_BATCH`.
#[inline]
pub fn count<'py, T>(obj: &Bound<'py, PyAny>) -> PyResult<T>
where
    T: for<'a> FromPyObject<'a, 'py, Error = PyErr> + Copy,
    i128: TryFrom<T>,
{
    int_in(obj, "count", 0, polyid::batch::MAX_BATCH as u64)
}

/// Like [`int`], for an optional argument where `None` means "absent".
#[inline]
pub fn opt_int<'py, T>(obj: Option<&Bound<'py, PyAny>>, context: &str) -> PyResult<Option<T>>
where
    T: for<'a> FromPyObject<'a, 'py, Error = PyErr> + Bounds,
{
    match obj {
        Some(o) if !o.is_none() => int(o, context).map(Some),
        _ => Ok(None),
    }
}

/// Like [`int_in`], for an optional argument where `None` means "absent".
#[inline]
pub fn opt_int_in<'py, T>(
    obj: Option<&Bound<'py, PyAny>>,
    context: &str,
    min: impl Into<i128>,
    max: impl Into<i128>,
) -> PyResult<Option<T>>
where
    T: for<'a> FromPyObject<'a, 'py, Error = PyErr> + Copy,
    i128: TryFrom<T>,
{
    match obj {
        Some(o) if !o.is_none() => int_in(o, context, min, max).map(Some),
        _ => Ok(None),
    }
}

/// Builds a list of `len` items from `f(i)` (one allocation, no intermediate Vec).
///
/// While it is filled, the list is hidden from the garbage collector: `f` allocates, an
/// allocation can run a collection, and a `gc.callbacks` hook or `gc.get_objects()` would
/// otherwise hand Python code a list whose later slots are still NULL.
#[inline]
pub fn list_from<'py, F>(py: Python<'py>, len: usize, mut f: F) -> PyResult<Bound<'py, PyList>>
where
    F: FnMut(usize) -> PyResult<Bound<'py, PyAny>>,
{
    let n = ffi::Py_ssize_t::try_from(len)
        .map_err(|_| pyo3::exceptions::PyMemoryError::new_err("list too long"))?;
    // SAFETY: `PyList_New(n)` returns a new list with n NULL slots (or NULL with an error
    // set), tracked by the collector; it is untracked at once (before anything else can
    // allocate), so no collection and no `gc` function can reach it while its slots fill.
    // Every slot is filled exactly once by `PyList_SetItem`, which steals the item reference
    // (`i` is within the list's length). Only then is it tracked again and handed to Python.
    // On an error midway the untracked list (with NULL slots, which list_dealloc accepts,
    // untracking only a tracked object) is dropped.
    unsafe {
        let list = Bound::from_owned_ptr_or_err(py, ffi::PyList_New(n))?;
        ffi::PyObject_GC_UnTrack(list.as_ptr().cast());
        for i in 0..len {
            let item = f(i)?;
            ffi::PyList_SetItem(list.as_ptr(), i as ffi::Py_ssize_t, item.into_ptr());
        }
        ffi::PyObject_GC_Track(list.as_ptr().cast());
        Ok(list.cast_into_unchecked())
    }
}

/// A new list of `f(i, item)` for the items of `list`, in order. The length is read once:
/// `f` must not run Python code that could resize `list` (polyid's item conversions do not;
/// after an error nothing more is read).
#[inline]
pub fn list_map<'py, F>(list: &Bound<'py, PyList>, mut f: F) -> PyResult<Bound<'py, PyList>>
where
    F: FnMut(usize, Borrowed<'_, 'py, PyAny>) -> PyResult<Bound<'py, PyAny>>,
{
    let py = list.py();
    list_from(py, list.len(), |i| {
        // SAFETY: `PyList_GetItem` returns a borrowed item, alive while the list holds it, or
        // NULL with IndexError set (which `from_ptr_or_err` turns into an error).
        let item =
            unsafe { Borrowed::from_ptr_or_err(py, ffi::PyList_GetItem(list.as_ptr(), i as _))? };
        f(i, item)
    })
}

/// An ID given as an object of its pyclass `P` or as its text: `inner` reads the object,
/// `parse` the text; anything else is a `TypeError` naming `expected` (e.g. "Tid or str").
pub fn id_arg<P: pyo3::PyClass, T>(
    obj: &Bound<'_, PyAny>,
    inner: fn(&P) -> T,
    parse: fn(&str) -> polyid::Result<T>,
    expected: &str,
) -> PyResult<T> {
    if let Ok(id) = obj.cast::<P>() {
        return Ok(inner(&id.borrow()));
    }
    match obj.extract::<Text<'_>>() {
        Ok(t) => CoreResult::py(parse(t.0)),
        Err(_) if !obj.is_instance_of::<PyString>() => Err(type_error(obj, expected)),
        Err(e) => Err(e),
    }
}

/// Shorthand: `.map_err(core_err)`, and with `py_object(Class)` the value as a new object of
/// its pyclass, untracked by the cycle collector ([`Untracked`]).
pub trait CoreResult<T> {
    fn py(self) -> PyResult<T>;
    fn py_object<P>(self, class: fn(T) -> P) -> PyResult<Untracked<P>>;
}

impl<T> CoreResult<T> for polyid::Result<T> {
    #[inline]
    fn py(self) -> PyResult<T> {
        self.map_err(core_err)
    }

    #[inline]
    fn py_object<P>(self, class: fn(T) -> P) -> PyResult<Untracked<P>> {
        self.map(|v| Untracked(class(v))).map_err(core_err)
    }
}

/// A polyid value object (Xid, Tid, Euid, StructuredCode) on its way to Python, untracked by
/// the cycle collector.
///
/// PyO3 makes every class garbage-collectable. These objects hold plain integers and no
/// reference to any other object, so they can never be part of a reference cycle; leaving
/// them tracked only makes every collection walk them (a batch of new IDs can itself trigger
/// one, and a program holding many IDs would pay for them in every full collection). This is
/// what CPython does for its own atomic containers (tuples and dicts of atoms).
pub struct Untracked<T>(pub T);

impl<'py, T> IntoPyObject<'py> for Untracked<T>
where
    T: pyo3::PyClass + Into<pyo3::PyClassInitializer<T>>,
{
    type Target = T;
    type Output = Bound<'py, T>;
    type Error = PyErr;

    #[inline]
    fn into_pyobject(self, py: Python<'py>) -> PyResult<Bound<'py, T>> {
        let obj = Bound::new(py, self.0)?;
        // SAFETY: a live object of a GC type; untracking an object that holds no references
        // is always sound (PyO3's tp_dealloc untracks again, which is a no-op).
        unsafe { ffi::PyObject_GC_UnTrack(obj.as_ptr().cast()) };
        Ok(obj)
    }
}

/// The one `#[pymethods]` block of an immutable ID pyclass (a newtype over a core value whose
/// `Display` is its text): the methods given, then the protocol every such class shares:
/// `__str__` (the text, the bytes `text` reads from the value), `__repr__` (`Name('text')`),
/// `__int__` and the getter `value` (the value, of type `int`, with the doc given) when `int`
/// is given, `__reduce__` (pickled as the
/// class and its text, which the constructor parses back), and `__copy__` / `__deepcopy__`
/// (the object itself, as it is immutable). (PyO3 takes one block per class, so the shared
/// methods are expanded into it.)
macro_rules! id_pymethods {
    (
        text = |$v:ident| $text:expr $(, int = $int:ty, $value_doc:literal)?;
        impl $ty:ident { $($methods:tt)* }
    ) => {
        #[::pyo3::pymethods]
        impl $ty {
            $($methods)*

            fn __str__<'py>(
                &self,
                py: ::pyo3::Python<'py>,
            ) -> ::pyo3::PyResult<::pyo3::Bound<'py, ::pyo3::types::PyString>> {
                let $v = &self.0;
                $crate::layout::ascii(py, $text)
            }

            fn __repr__(&self) -> String {
                format!(concat!(stringify!($ty), "('{}')"), self.0)
            }

            $(
            fn __int__(&self) -> $int {
                self.0.value()
            }

            #[doc = $value_doc]
            #[getter]
            fn value(&self) -> $int {
                self.0.value()
            }
            )?

            fn __reduce__<'py>(
                slf: &::pyo3::Bound<'py, Self>,
            ) -> ::pyo3::PyResult<(
                ::pyo3::Bound<'py, ::pyo3::PyAny>,
                (::pyo3::Bound<'py, ::pyo3::types::PyString>,),
            )> {
                let $v = &slf.get().0;
                let text = $crate::layout::ascii(slf.py(), $text)?;
                Ok((slf.get_type().into_any(), (text,)))
            }

            fn __copy__(slf: ::pyo3::Bound<'_, Self>) -> ::pyo3::Bound<'_, Self> {
                slf
            }

            fn __deepcopy__<'py>(
                slf: ::pyo3::Bound<'py, Self>,
                _memo: &::pyo3::Bound<'py, ::pyo3::PyAny>,
            ) -> ::pyo3::Bound<'py, Self> {
                slf
            }
        }
    };
}
pub(crate) use id_pymethods;
