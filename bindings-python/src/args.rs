//! Argument and result translation: Python `str` <-> `&str`, Python `int` -> Rust integers
//! (with `OUT_OF_RANGE` instead of a wrap or an `OverflowError`), lists.

use std::os::raw::c_char;
use std::sync::atomic::{AtomicUsize, Ordering};

use pyo3::exceptions::{PyTypeError, PyUnicodeEncodeError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

use polyid::ErrorCode;

use crate::errors::{binding_err, is_overflow, out_of_range};
use crate::portable::{off, Path};

unsafe extern "C" {
    // Part of the stable ABI since Python 3.10 and exported by every CPython 3 before that
    // (as regular API), so an abi3-py39 module can call it on every supported version. PyO3
    // only offers the allocating `PyUnicode_AsUTF8String` route on abi3 < 3.10. It returns
    // the string's cached UTF-8 form (for ASCII strings: the string's own buffer).
    fn PyUnicode_AsUTF8AndSize(
        unicode: *mut ffi::PyObject,
        size: *mut ffi::Py_ssize_t,
    ) -> *const c_char;

    // PEP 393's constructor, public API of every CPython since 3.3 (not in the limited API,
    // but exported by every CPython 3 the abi3-py39 wheel runs on): a new, uninitialized
    // string of `size` characters up to `maxchar`; with `maxchar` 127 a compact ASCII string
    // whose characters are one byte each, right after the object header.
    fn PyUnicode_New(size: ffi::Py_ssize_t, maxchar: u32) -> *mut ffi::PyObject;
}

/// A `profile=` argument: `None` is polyid's own reading; a name is read by the core
/// (`INVALID_ARGUMENT` for an unknown one); anything else is a `TypeError`.
pub fn profile(value: Option<&Bound<'_, PyAny>>) -> PyResult<polyid::Profile> {
    match value {
        None => Ok(polyid::Profile::Polyid),
        Some(v) if v.is_none() => Ok(polyid::Profile::Polyid),
        Some(v) => {
            let name: Text<'_> = v
                .extract()
                .map_err(|_| type_error(v, "a profile name (str) or None"))?;
            polyid::Profile::parse(name.0).map_err(crate::errors::core_err)
        }
    }
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
            let ptr = PyUnicode_AsUTF8AndSize(obj.as_ptr(), &mut size);
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

/// The bounds of a Rust integer parameter, for `OUT_OF_RANGE` messages.
pub trait Bounds {
    const MIN: &'static str;
    const MAX: &'static str;
}

macro_rules! bounds {
    ($($t:ty => $min:literal, $max:literal;)*) => {$(
        impl Bounds for $t {
            const MIN: &'static str = $min;
            const MAX: &'static str = $max;
        }
    )*};
}

bounds! {
    u16 => "0", "65535";
    u32 => "0", "4294967295";
    u64 => "0", "18446744073709551615";
    usize => "0", "18446744073709551615";
    i64 => "-9223372036854775808", "9223372036854775807";
    u128 => "0", "340282366920938463463374607431768211455";
}

/// A Python int (or an object with `__index__`) as `T`: `TypeError` for other types,
/// `PolyIdError(OUT_OF_RANGE)` when it does not fit `T`.
#[inline]
pub fn int<'py, T>(obj: &Bound<'py, PyAny>, context: &str) -> PyResult<T>
where
    T: for<'a> FromPyObject<'a, 'py, Error = PyErr> + Bounds,
{
    match obj.extract::<T>() {
        Ok(v) => Ok(v),
        Err(e) if is_overflow(obj.py(), &e) => Err(out_of_range(obj, context, T::MIN, T::MAX)),
        Err(e) if e.is_instance_of::<PyTypeError>(obj.py()) => {
            Err(type_error(obj, &format!("int for {context}")))
        }
        Err(e) => Err(e),
    }
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

/// Where the characters of a compact ASCII string start, counted from the object's address
/// (the size of CPython's `PyASCIIObject`: 48 bytes on 64-bit CPython 3.9-3.11, 40 from
/// 3.12), learnt once from the running interpreter; 0 when it could not be confirmed.
static ASCII_DATA_OFFSET: AtomicUsize = AtomicUsize::new(usize::MAX);

/// Probes [`ASCII_DATA_OFFSET`]: has CPython make an ASCII string (as `PyUnicode_New(n, 127)`
/// does for every ASCII text) and asks for its UTF-8 buffer, which for a compact ASCII string
/// is the string's own character array; the offset counts only if that buffer holds the text.
#[cold]
fn probe_ascii_offset() -> usize {
    const PROBE: &[u8; 8] = b"polyid!?";
    if off(Path::Ascii) {
        ASCII_DATA_OFFSET.store(0, Ordering::Relaxed);
        return 0;
    }
    // SAFETY: called with the thread attached (every caller holds a `Python` token); every
    // pointer is checked before use, the buffer is read within the reported size, and the
    // probe string is released.
    let offset = unsafe {
        let s = ffi::PyUnicode_FromStringAndSize(PROBE.as_ptr().cast::<c_char>(), 8);
        if s.is_null() {
            ffi::PyErr_Clear();
            0
        } else {
            let mut size: ffi::Py_ssize_t = 0;
            let data = PyUnicode_AsUTF8AndSize(s, &mut size);
            let offset = if data.is_null() {
                ffi::PyErr_Clear();
                0
            } else {
                (data as usize).wrapping_sub(s as usize)
            };
            // A plausible header size and the text itself at that place: anything else means
            // an interpreter this shortcut does not know, which keeps the portable path.
            let ok = size == 8
                && (24..=128).contains(&offset)
                && std::slice::from_raw_parts(s.cast::<u8>().add(offset), 8) == PROBE;
            ffi::Py_DECREF(s);
            if ok {
                offset
            } else {
                0
            }
        }
    };
    ASCII_DATA_OFFSET.store(offset, Ordering::Relaxed);
    offset
}

/// An ASCII byte string (every text polyid produces) as a Python `str`.
#[inline]
pub fn ascii<'py>(py: Python<'py>, bytes: &[u8]) -> PyResult<Bound<'py, PyString>> {
    let mut offset = ASCII_DATA_OFFSET.load(Ordering::Relaxed);
    if offset == usize::MAX {
        offset = probe_ascii_offset();
    }
    if offset != 0 && bytes.is_ascii() {
        // SAFETY: `PyUnicode_New(len, 127)` returns a new compact ASCII string (or NULL with
        // an error set) whose `len` one-byte characters, followed by a NUL, start `offset`
        // bytes after the object (confirmed by the probe on this interpreter). The bytes are
        // ASCII, as the string's kind promises, and are written before the string is shared,
        // which is how CPython itself fills the strings it makes.
        unsafe {
            let s = PyUnicode_New(bytes.len() as ffi::Py_ssize_t, 127);
            if !s.is_null() {
                std::ptr::copy_nonoverlapping(
                    bytes.as_ptr(),
                    s.cast::<u8>().add(offset),
                    bytes.len(),
                );
            }
            return Ok(Bound::from_owned_ptr_or_err(py, s)?.cast_into_unchecked());
        }
    }
    // CPython checks the bytes itself (ASCII fast path); `PyString::new` would first run
    // `str::from_utf8` over them as well.
    // SAFETY: a valid pointer/length pair; the call returns a new str, or NULL with an error
    // set (out of memory), which `from_owned_ptr_or_err` turns into a PyErr.
    unsafe {
        let ptr = ffi::PyUnicode_FromStringAndSize(
            bytes.as_ptr().cast::<c_char>(),
            bytes.len() as ffi::Py_ssize_t,
        );
        Ok(Bound::from_owned_ptr_or_err(py, ptr)?.cast_into_unchecked())
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
        Ok(t) => crate::errors::CoreResult::py(parse(t.0)),
        Err(_) if !obj.is_instance_of::<PyString>() => Err(type_error(obj, expected)),
        Err(e) => Err(e),
    }
}

/// A polyid value object (Xid, Tid, Euid, StructuredCode) on its way to Python, untracked by
/// the cycle collector.
///
/// PyO3 makes every class garbage-collectable. These objects hold plain integers and no
/// reference to any other object, so they can never be part of a reference cycle; leaving
/// them tracked only makes every collection walk them (a batch of 1,000 new TIDs triggers
/// one, and a program holding a million IDs pays for them in every full collection). This is
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

/// Makes many objects of one frozen pyclass holding plain data (`Xid`, `Tid`, `Euid`) faster
/// than `Bound::new`, for the batch calls.
///
/// PyO3 makes every object by calling the base type's `tp_new` (`object.__new__` with an
/// empty argument tuple, found through `PyType_GetSlot` each time), which then calls
/// `tp_alloc`. For a frozen class whose object holds nothing but the Copy value (no borrow
/// flag, no thread checker, no `__dict__`, no weak references), the object's contents are
/// plain bytes, so a batch can call `tp_alloc` itself and write the same bytes PyO3 writes.
/// That is not assumed but checked, once per class, against two objects made by PyO3: the
/// layout (`__basicsize__`, the value's place) is learnt from them, and the bytes outside the
/// value must be identical in both (no per-object state). When a check fails, `make` falls
/// back to `Bound::new`.
pub struct Maker<T> {
    ty: Py<pyo3::types::PyType>,
    alloc: Option<ffi::allocfunc>,
    /// The bytes of a PyO3-made object from the end of the object header to
    /// `__basicsize__`; the value's bytes are overwritten for each new object.
    template: Vec<u8>,
    value_offset: usize,
    _value: std::marker::PhantomData<T>,
}

// SAFETY: the raw parts are a type object (kept alive by `ty`) and an allocation function of
// the interpreter, used only with the thread attached.
unsafe impl<T> Send for Maker<T> {}
unsafe impl<T> Sync for Maker<T> {}

const HEADER: usize = std::mem::size_of::<ffi::PyObject>();

impl<T> Maker<T>
where
    T: pyo3::PyClass<Frozen = pyo3::pyclass::boolean_struct::True>
        + Into<pyo3::PyClassInitializer<T>>
        + Copy
        + Sync,
{
    /// Learns the layout from objects of `a` and `b` (two values whose bytes differ).
    pub fn new(py: Python<'_>, a: T, b: T) -> PyResult<Maker<T>> {
        let ty = py.get_type::<T>();
        let mut maker = Maker {
            ty: ty.clone().unbind(),
            alloc: None,
            template: Vec::new(),
            value_offset: 0,
            _value: std::marker::PhantomData,
        };
        if off(Path::Alloc) {
            return Ok(maker);
        }
        let basic: usize = ty.getattr("__basicsize__")?.extract()?;
        let dict: usize = ty.getattr("__dictoffset__")?.extract()?;
        let weak: usize = ty.getattr("__weakrefoffset__")?.extract()?;
        let oa = Bound::new(py, a)?;
        let ob = Bound::new(py, b)?;
        let base = oa.as_ptr() as usize;
        let value_offset = (oa.get() as *const T as usize).wrapping_sub(base);
        let size = std::mem::size_of::<T>();
        let fits = dict == 0
            && weak == 0
            && value_offset >= HEADER
            && value_offset + size <= basic
            && basic <= 256
            && (ob.get() as *const T as usize).wrapping_sub(ob.as_ptr() as usize) == value_offset;
        if !fits {
            return Ok(maker);
        }
        // SAFETY: both objects are live and `basic` bytes long.
        let (ba, bb) = unsafe {
            (
                std::slice::from_raw_parts(oa.as_ptr().cast::<u8>(), basic),
                std::slice::from_raw_parts(ob.as_ptr().cast::<u8>(), basic),
            )
        };
        let outside = |i: usize| i < value_offset || i >= value_offset + size;
        let same_outside = (HEADER..basic)
            .filter(|&i| outside(i))
            .all(|i| ba[i] == bb[i]);
        let differ_inside = (value_offset..value_offset + size).any(|i| ba[i] != bb[i]);
        if !same_outside || !differ_inside {
            return Ok(maker);
        }
        // SAFETY: a live type object; the slot is the type's allocation function.
        let alloc = unsafe { ffi::PyType_GetSlot(ty.as_ptr().cast(), ffi::Py_tp_alloc) };
        if alloc.is_null() {
            return Ok(maker);
        }
        maker.template = ba[HEADER..basic].to_vec();
        maker.value_offset = value_offset;
        // SAFETY: `Py_tp_alloc` holds an `allocfunc`.
        maker.alloc =
            Some(unsafe { std::mem::transmute::<*mut std::ffi::c_void, ffi::allocfunc>(alloc) });
        Ok(maker)
    }

    /// A new object holding `value`, untracked by the cycle collector (see [`Untracked`]).
    #[inline]
    pub fn make<'py>(&self, py: Python<'py>, value: T) -> PyResult<Bound<'py, PyAny>> {
        let Some(alloc) = self.alloc else {
            return Ok(Untracked(value).into_pyobject(py)?.into_any());
        };
        // SAFETY: `alloc` is the type's `tp_alloc`: a new, zeroed object with its header
        // (reference count, type) set, or NULL with an error set. The template, checked
        // against PyO3's own objects in `new`, fills the contents exactly as PyO3 would,
        // then the value goes to its place; the object is untracked before anyone sees it.
        unsafe {
            let obj = alloc(self.ty.as_ptr().cast(), 0);
            if obj.is_null() {
                return Err(PyErr::fetch(py));
            }
            let p = obj.cast::<u8>();
            std::ptr::copy_nonoverlapping(
                self.template.as_ptr(),
                p.add(HEADER),
                self.template.len(),
            );
            std::ptr::write_unaligned(p.add(self.value_offset).cast::<T>(), value);
            ffi::PyObject_GC_UnTrack(obj.cast());
            Ok(Bound::from_owned_ptr(py, obj))
        }
    }
}
