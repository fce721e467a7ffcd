//! The Arrow PyCapsule interface of `polyid.arrow`, on the C Data Interface structs of
//! arrow-rs (`arrow_array::ffi`, `arrow_array::ffi_stream`) and pyo3's public `PyCapsule`.
//!
//! In: any object with `__arrow_c_array__` (a `(schema, array)` pair of capsules named
//! `arrow_schema` and `arrow_array`) or `__arrow_c_stream__` (one `arrow_array_stream`
//! capsule), called with `requested_schema=None`. The array struct is moved out of its
//! capsule (the capsule's destructor then finds it released) and read in place: its buffers
//! stay the producer's, released when the last column that reads them is dropped. The
//! structs (and each chunk of a stream) are checked by `polyid_arrow::ffi` before arrow-rs
//! reads them: a malformed one is a `PolyIdError` (`INVALID_ARGUMENT`), never a panic.
//!
//! Out: [`ArrowArray`] (an array: `__arrow_c_array__`, `__arrow_c_schema__`, and
//! `__arrow_c_stream__` as a one-chunk stream) and [`ArrowChunkedArray`] (`__arrow_c_stream__`
//! and `__arrow_c_schema__`). Each capsule owns a struct whose destructor calls the struct's
//! release callback unless a consumer moved it out, as the interface requires; every release
//! callback (the array's, the schema's, the stream's, and their children's) may be called
//! twice (`polyid_arrow::ffi::export_array`).

use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::sync::Arc;

use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema};
use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_array::{Array, ArrayRef};
use arrow_schema::{ArrowError, DataType, Field, FieldRef};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyTuple};

use polyid::ErrorCode;
use polyid_arrow::ffi::{bounded, export_array, export_schema, MAX_MESSAGE_BYTES};

use crate::errors::{binding_err, column_err};

const SCHEMA: &CStr = c"arrow_schema";
const ARRAY: &CStr = c"arrow_array";
const STREAM: &CStr = c"arrow_array_stream";

/// An input column: an array, or the chunks of a stream with the stream's type.
pub enum Column {
    Array(ArrayRef),
    Chunks(Vec<ArrayRef>, DataType),
}

/// The context of the errors about a producer's structs: "Arrow column: <what is wrong>".
const CONTEXT: &str = "Arrow column";

/// `INVALID_ARGUMENT`: what the producer handed over is not a valid Arrow column.
fn invalid(py: Python<'_>, message: String) -> PyErr {
    binding_err(py, ErrorCode::InvalidArgument, message)
}

pub(crate) fn arrow_err(py: Python<'_>, e: ArrowError) -> PyErr {
    invalid(py, format!("Arrow column: {e}"))
}

impl<'a, 'py> FromPyObject<'a, 'py> for Column {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Column> {
        let py = obj.py();
        if let Some(method) = obj.getattr_opt(intern!(py, "__arrow_c_array__"))? {
            let pair = method.call1((py.None(),))?;
            return import_array(py, &pair).map(Column::Array);
        }
        if let Some(method) = obj.getattr_opt(intern!(py, "__arrow_c_stream__"))? {
            let capsule = method.call1((py.None(),))?;
            let (chunks, data_type) = import_stream(py, &capsule)?;
            return Ok(Column::Chunks(chunks, data_type));
        }
        let type_name = obj
            .get_type()
            .name()
            .map(|n| n.to_string())
            .unwrap_or_default();
        Err(invalid(
            py,
            format!(
                "expected an Arrow column (an object with __arrow_c_array__ or \
                 __arrow_c_stream__), not {type_name}"
            ),
        ))
    }
}

/// The capsule named `name` in `obj`, and the pointer it holds.
fn capsule_pointer<'py, T>(
    py: Python<'py>,
    obj: &Bound<'py, PyAny>,
    name: &CStr,
) -> PyResult<std::ptr::NonNull<T>> {
    let capsule = obj.cast::<PyCapsule>().map_err(|_| {
        invalid(
            py,
            format!("Arrow PyCapsule interface: expected a capsule named {name:?}"),
        )
    })?;
    capsule
        .pointer_checked(Some(name))
        .map(|p| p.cast::<T>())
        .map_err(|_| {
            invalid(
                py,
                format!("Arrow PyCapsule interface: expected a capsule named {name:?}"),
            )
        })
}

/// The array of a `__arrow_c_array__` result.
fn import_array(py: Python<'_>, pair: &Bound<'_, PyAny>) -> PyResult<ArrayRef> {
    let pair = pair
        .cast::<PyTuple>()
        .ok()
        .filter(|t| t.len() == 2)
        .ok_or_else(|| {
            invalid(
                py,
                "Arrow PyCapsule interface: __arrow_c_array__ returned no (schema, array) pair"
                    .to_owned(),
            )
        })?;
    let schema = capsule_pointer::<FFI_ArrowSchema>(py, &pair.get_item(0)?, SCHEMA)?;
    let array = capsule_pointer::<FFI_ArrowArray>(py, &pair.get_item(1)?, ARRAY)?;
    // SAFETY: a capsule named "arrow_array" holds a C Data Interface ArrowArray (the
    // interface's contract, the name checked above). `from_raw` moves it out and leaves a
    // released struct behind, so the capsule's destructor does not release it again.
    let array = unsafe { FFI_ArrowArray::from_raw(array.as_ptr()) };
    if array.is_released() {
        return Err(invalid(
            py,
            "Arrow PyCapsule interface: the array capsule was already consumed".to_owned(),
        ));
    }
    // SAFETY: a capsule named "arrow_schema" holds an ArrowSchema, which stays valid while
    // `pair` (which owns the capsule) is alive and no Python code runs: it is only read here.
    let schema = unsafe { schema.as_ref() };
    // SAFETY: the producer's array and schema, checked by `import_array` before arrow-rs
    // reads them; the buffers and values are then validated against the type, except the
    // text of a string array, which the kernels (the only readers of the array) check block
    // by block before reading it.
    unsafe { polyid_arrow::ffi::import_array(array, schema, CONTEXT) }
        .map_err(|e| column_err(py, e))
}

/// The chunks and type of a `__arrow_c_stream__` result, read to its end.
fn import_stream(
    py: Python<'_>,
    capsule: &Bound<'_, PyAny>,
) -> PyResult<(Vec<ArrayRef>, DataType)> {
    let raw = capsule_pointer::<FFI_ArrowArrayStream>(py, capsule, STREAM)?;
    // SAFETY: a capsule named "arrow_array_stream" holds an ArrowArrayStream; `from_raw`
    // moves it out (leaving a released one for the capsule's destructor), and dropping
    // `stream` releases it.
    let mut stream = unsafe { FFI_ArrowArrayStream::from_raw(raw.as_ptr()) };
    let (Some(get_schema), Some(get_next)) = (stream.get_schema, stream.get_next) else {
        return Err(invalid(
            py,
            "Arrow PyCapsule interface: the stream capsule was already consumed".to_owned(),
        ));
    };
    let mut schema = FFI_ArrowSchema::empty();
    // SAFETY: `stream` is a live stream and `schema` a released struct it may write to.
    let rc = unsafe { get_schema(&mut stream, &mut schema) };
    if rc != 0 {
        return Err(stream_error(py, &mut stream, rc));
    }
    // SAFETY: the schema the stream wrote, checked before arrow-rs reads it.
    let data_type = unsafe { polyid_arrow::ffi::import_type(&schema, CONTEXT) }
        .map_err(|e| column_err(py, e))?;
    let mut chunks = Vec::new();
    loop {
        let mut array = FFI_ArrowArray::empty();
        // SAFETY: as for get_schema; a released `array` after a success is the stream's end.
        let rc = unsafe { get_next(&mut stream, &mut array) };
        if rc != 0 {
            return Err(stream_error(py, &mut stream, rc));
        }
        if array.is_released() {
            break;
        }
        // SAFETY: every array of a stream has the stream's schema (the interface's contract);
        // `import_chunk` checks the struct against it, then the buffers and values, as for
        // an array (the text of a string chunk is checked by the kernel, block by block, or
        // in full before chunks are joined, src/arrow.rs `concat`).
        let chunk = unsafe { polyid_arrow::ffi::import_chunk(array, &data_type, CONTEXT) }
            .map_err(|e| column_err(py, e))?;
        chunks.push(chunk);
    }
    Ok((chunks, data_type))
}

/// The error of a stream callback that returned `rc` (an errno value).
fn stream_error(py: Python<'_>, stream: &mut FFI_ArrowArrayStream, rc: c_int) -> PyErr {
    let detail = stream.get_last_error.and_then(|get_last_error| {
        // SAFETY: `stream` is live; the returned string (or NULL) stays valid until the next
        // call on the stream, and is copied here before any.
        let message = unsafe { get_last_error(stream) };
        (!message.is_null()).then(|| {
            // SAFETY: non-NULL: a NUL-terminated string owned by the stream (see above).
            unsafe { CStr::from_ptr(message) }
                .to_string_lossy()
                .into_owned()
        })
    });
    invalid(
        py,
        format!(
            "Arrow stream: error {rc}{}",
            detail
                .map(|d| format!(": {}", bounded(&d, MAX_MESSAGE_BYTES)))
                .unwrap_or_default()
        ),
    )
}

// ---------------------------------------------------------------------------------------
// Export

/// The schema capsule of a column of type `field`.
fn schema_capsule<'py>(py: Python<'py>, field: &Field) -> PyResult<Bound<'py, PyCapsule>> {
    let schema = export_schema(field).map_err(|e| arrow_err(py, e))?;
    PyCapsule::new_with_value(py, schema, SCHEMA)
}

/// A stream capsule over `chunks`.
fn stream_capsule<'py>(
    py: Python<'py>,
    field: &FieldRef,
    chunks: &[ArrayRef],
) -> PyResult<Bound<'py, PyCapsule>> {
    let state = Box::new(Chunks {
        field: field.clone(),
        chunks: chunks.to_vec(),
        next: 0,
        last_error: None,
    });
    let stream = FFI_ArrowArrayStream {
        get_schema: Some(stream_get_schema),
        get_next: Some(stream_get_next),
        get_last_error: Some(stream_get_last_error),
        release: Some(stream_release),
        private_data: Box::into_raw(state).cast::<c_void>(),
    };
    PyCapsule::new_with_value(py, stream, STREAM)
}

/// The private data of an exported stream.
struct Chunks {
    field: FieldRef,
    chunks: Vec<ArrayRef>,
    next: usize,
    last_error: Option<CString>,
}

/// The state of a stream this module exported; `None` for NULL or a released stream (whose
/// callbacks a consumer kept and called after `release`: the interface forbids it, and they
/// fail with EINVAL instead of reading freed memory).
///
/// # Safety
/// `stream` is NULL or a stream made by [`stream_capsule`], used by one thread at a time.
unsafe fn state<'s>(stream: *mut FFI_ArrowArrayStream) -> Option<&'s mut Chunks> {
    if stream.is_null() {
        return None;
    }
    // SAFETY: see the function's contract: `private_data` is the `Chunks` box it was given,
    // or NULL once released.
    unsafe { (*stream).private_data.cast::<Chunks>().as_mut() }
}

/// `errno`'s EINVAL: the code of a failed callback.
const EINVAL: c_int = 22;

unsafe extern "C" fn stream_get_schema(
    stream: *mut FFI_ArrowArrayStream,
    out: *mut FFI_ArrowSchema,
) -> c_int {
    // SAFETY: the consumer calls a stream's callbacks with that stream.
    let Some(state) = (unsafe { state(stream) }) else {
        return EINVAL;
    };
    if out.is_null() {
        return EINVAL;
    }
    match export_schema(state.field.as_ref()) {
        Ok(schema) => {
            // SAFETY: `out` points to a struct the consumer owns and has released (or never
            // initialised): it is overwritten without being dropped.
            unsafe { out.write(schema) };
            0
        }
        Err(e) => {
            state.last_error = CString::new(e.to_string()).ok();
            EINVAL
        }
    }
}

unsafe extern "C" fn stream_get_next(
    stream: *mut FFI_ArrowArrayStream,
    out: *mut FFI_ArrowArray,
) -> c_int {
    // SAFETY: as in stream_get_schema.
    let Some(state) = (unsafe { state(stream) }) else {
        return EINVAL;
    };
    if out.is_null() {
        return EINVAL;
    }
    let array = match state.chunks.get(state.next) {
        Some(chunk) => {
            state.next += 1;
            export_array(&chunk.to_data())
        }
        None => FFI_ArrowArray::empty(),
    };
    // SAFETY: as in stream_get_schema; a released array marks the end of the stream.
    unsafe { out.write(array) };
    0
}

unsafe extern "C" fn stream_get_last_error(stream: *mut FFI_ArrowArrayStream) -> *const c_char {
    // SAFETY: as in stream_get_schema.
    let Some(state) = (unsafe { state(stream) }) else {
        return std::ptr::null();
    };
    state
        .last_error
        .as_ref()
        .map_or(std::ptr::null(), |e| e.as_ptr())
}

unsafe extern "C" fn stream_release(stream: *mut FFI_ArrowArrayStream) {
    if stream.is_null() {
        return;
    }
    // SAFETY: `stream` is a stream made by stream_capsule; its `private_data` is the box it
    // was given, freed here, or NULL when a saved `release` is called again.
    let stream = unsafe { &mut *stream };
    if !stream.private_data.is_null() {
        drop(unsafe { Box::from_raw(stream.private_data.cast::<Chunks>()) });
    }
    stream.private_data = std::ptr::null_mut();
    stream.get_schema = None;
    stream.get_next = None;
    stream.get_last_error = None;
    stream.release = None;
}

/// The field every exported column has: no name, nullable.
fn field_of(data_type: &DataType) -> FieldRef {
    Arc::new(Field::new("", data_type.clone(), true))
}

/// An Arrow array computed by polyid. It exports the Arrow PyCapsule interface
/// (`__arrow_c_array__`, `__arrow_c_schema__`, and `__arrow_c_stream__` as one chunk): read
/// it with `pyarrow.array(a)`, `polars.Series(a)` or any other consumer, without a copy.
#[pyclass(module = "polyid.arrow", name = "Array", frozen)]
pub struct ArrowArray {
    array: ArrayRef,
    field: FieldRef,
}

impl ArrowArray {
    pub fn new(array: ArrayRef) -> ArrowArray {
        let field = field_of(array.data_type());
        ArrowArray { array, field }
    }
}

#[pymethods]
impl ArrowArray {
    /// The `(schema, array)` capsules of the array; `requested_schema` is not applied (the
    /// type is the one the function documents).
    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_array__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let _ = requested_schema;
        let schema = schema_capsule(py, &self.field)?;
        let array = PyCapsule::new_with_value(py, export_array(&self.array.to_data()), ARRAY)?;
        PyTuple::new(py, [schema, array])
    }

    /// The schema capsule of the array's type.
    fn __arrow_c_schema__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyCapsule>> {
        schema_capsule(py, &self.field)
    }

    /// The array as a stream of one chunk.
    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_stream__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        let _ = requested_schema;
        stream_capsule(py, &self.field, std::slice::from_ref(&self.array))
    }

    fn __len__(&self) -> usize {
        self.array.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "polyid.arrow.Array({}, {} rows)",
            self.array.data_type(),
            self.array.len()
        )
    }
}

/// A chunked Arrow array computed by polyid, one chunk per input chunk. It exports the Arrow
/// PyCapsule interface (`__arrow_c_stream__`, `__arrow_c_schema__`): read it with
/// `pyarrow.chunked_array(c)`, `polars.Series(c)` or any other consumer, without a copy.
#[pyclass(module = "polyid.arrow", name = "ChunkedArray", frozen)]
pub struct ArrowChunkedArray {
    chunks: Vec<ArrayRef>,
    field: FieldRef,
}

impl ArrowChunkedArray {
    pub fn new(chunks: Vec<ArrayRef>, data_type: &DataType) -> ArrowChunkedArray {
        ArrowChunkedArray {
            chunks,
            field: field_of(data_type),
        }
    }
}

#[pymethods]
impl ArrowChunkedArray {
    /// The stream capsule of the chunks; `requested_schema` is not applied (the type is the
    /// one the function documents).
    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_stream__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        let _ = requested_schema;
        stream_capsule(py, &self.field, &self.chunks)
    }

    /// The schema capsule of the chunks' type.
    fn __arrow_c_schema__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyCapsule>> {
        schema_capsule(py, &self.field)
    }

    fn __len__(&self) -> usize {
        self.chunks.iter().map(|c| c.len()).sum()
    }

    /// The number of chunks.
    #[getter]
    fn num_chunks(&self) -> usize {
        self.chunks.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "polyid.arrow.ChunkedArray({}, {} rows in {} chunks)",
            self.field.data_type(),
            self.__len__(),
            self.chunks.len()
        )
    }
}
