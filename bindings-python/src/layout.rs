//! The shortcuts that depend on CPython's object layout, outside the limited API, and the
//! switch that turns them off.
//!
//! Each shortcut checks the layout it relies on once, at run time, against objects CPython or
//! PyO3 made, and otherwise takes the portable API, its only fallback:
//!
//! - `ascii`: result texts written into the buffer of `PyUnicode_New` ([`ascii`]); the
//!   fallback is `PyUnicode_FromStringAndSize`;
//! - `alloc`: batch ID objects allocated with the class's `tp_alloc` ([`Maker`]); the fallback
//!   is PyO3's `Bound::new`.
//!
//! The switch, `POLYID_PYTHON_PORTABLE`, read once when the module is imported, forces the
//! fallback regardless, so the test suite runs it on an interpreter where the shortcuts work:
//!
//! - unset, empty or `0`: every shortcut that passes its check is taken;
//! - `1` or `all`: none is;
//! - a comma-separated list of the names above turns off those only (for A/B measurements).
//!
//! Any other value makes the import fail with a `ValueError` naming it. `make python-test` runs
//! the whole suite a second time with `POLYID_PYTHON_PORTABLE=1`, and `tests/test_portable.py`
//! checks that every value of the switch gives the same results.

use std::os::raw::c_char;
use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};

use pyo3::exceptions::PyValueError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

use crate::args::Untracked;

unsafe extern "C" {
    // PEP 393's constructor, public API of every CPython since 3.3 but outside the limited
    // API (so not in PyO3's abi3 bindings): a new, uninitialized string of `size` characters
    // up to `maxchar`; with `maxchar` 127 a compact ASCII string whose characters are one
    // byte each, right after the object header.
    fn PyUnicode_New(size: ffi::Py_ssize_t, maxchar: u32) -> *mut ffi::PyObject;
}

/// A shortcut that the switch can turn off.
#[derive(Clone, Copy)]
enum Path {
    Ascii = 1,
    Alloc = 2,
}

const NAMES: [(&str, Path); 2] = [("ascii", Path::Ascii), ("alloc", Path::Alloc)];

/// The paths turned off, one bit per [`Path`].
static OFF: AtomicU8 = AtomicU8::new(0);

/// Whether `path` is turned off by the switch.
#[inline]
fn off(path: Path) -> bool {
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
                     comma-separated list of ascii, alloc)",
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
    let value = std::env::var_os("POLYID_PYTHON_PORTABLE").unwrap_or_default();
    let value = value.into_string().map_err(|_| {
        PyValueError::new_err("POLYID_PYTHON_PORTABLE: the value is not valid Unicode")
    })?;
    let bits = parse(&value).map_err(PyValueError::new_err)?;
    OFF.store(bits, Ordering::Relaxed);
    let names: Vec<&str> = NAMES
        .iter()
        .filter(|(_, p)| off(*p))
        .map(|(n, _)| *n)
        .collect();
    m.add("_portable_paths", PyTuple::new(m.py(), names)?)
}

/// Where the characters of a compact ASCII string start, counted from the object's address
/// (the size of CPython's `PyASCIIObject`: which differs between
/// CPython versions), learnt once from the running interpreter; 0 when it could not be confirmed.
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
            let data = ffi::PyUnicode_AsUTF8AndSize(s, &mut size);
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

/// Where PyO3 keeps the Rust value inside `obj`, counted from the object's address. The
/// borrow ends before the object's bytes are read, so a class with a borrow flag shows it
/// unborrowed, as in a new object.
fn offset_of_value<T: pyo3::PyClass>(obj: &Bound<'_, T>) -> usize {
    let value = &*obj.borrow() as *const T as usize;
    value.wrapping_sub(obj.as_ptr() as usize)
}

impl<T> Maker<T>
where
    T: pyo3::PyClass + Into<pyo3::PyClassInitializer<T>> + Copy,
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
        let value_offset = offset_of_value(&oa);
        let size = std::mem::size_of::<T>();
        let fits = dict == 0
            && weak == 0
            && value_offset >= HEADER
            && value_offset + size <= basic
            && basic <= 256
            && offset_of_value(&ob) == value_offset;
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

/// `maker(py)`: the batch object maker of the pyclass `$class` (see [`Maker`]), learnt once
/// from the objects of `$class($a)` and `$class($b)`.
macro_rules! maker {
    ($class:ident, $a:expr, $b:expr) => {
        fn maker(py: Python<'_>) -> PyResult<&'static $crate::layout::Maker<$class>> {
            use $crate::layout::Maker;
            static MAKER: ::pyo3::sync::PyOnceLock<Maker<$class>> = ::pyo3::sync::PyOnceLock::new();
            MAKER.get_or_try_init(py, || Maker::new(py, $class($a), $class($b)))
        }
    };
}
pub(crate) use maker;
