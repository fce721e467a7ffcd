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

use std::ffi::CStr;
use std::sync::Arc;

use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema};
use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_array::{Array, ArrayRef};
use arrow_schema::{ArrowError, DataType, Field, FieldRef};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyTuple};

use polyid::ErrorCode;
use polyid_arrow::ffi::{export_array, export_schema};
use polyid_arrow::stream::{export_stream, read_type, Chunks, ReadError, StreamReader};

use crate::errors::{binding_err, column_err};

const SCHEMA: &CStr = c"arrow_schema";
const ARRAY: &CStr = c"arrow_array";
const STREAM: &CStr = c"arrow_array_stream";

/// An input column: an array, or a stream, read a chunk at a time by the function.
pub enum Column {
    Array(ArrayRef),
    Stream(StreamReader),
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
            return import_stream(py, &capsule).map(Column::Stream);
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
    let capsule = obj.cast::<PyCapsule>().ok();
    match capsule.and_then(|c| c.pointer_checked(Some(name)).ok()) {
        Some(p) => Ok(p.cast::<T>()),
        None => Err(invalid(
            py,
            format!("Arrow PyCapsule interface: expected a capsule named {name:?}"),
        )),
    }
}

/// The array of a `__arrow_c_array__` result.
fn import_array(py: Python<'_>, pair: &Bound<'_, PyAny>) -> PyResult<ArrayRef> {
    let Some(pair) = pair.cast::<PyTuple>().ok().filter(|t| t.len() == 2) else {
        let what = "__arrow_c_array__ returned no (schema, array) pair";
        return Err(invalid(py, format!("Arrow PyCapsule interface: {what}")));
    };
    let schema = capsule_pointer::<FFI_ArrowSchema>(py, &pair.get_item(0)?, SCHEMA)?;
    let array = capsule_pointer::<FFI_ArrowArray>(py, &pair.get_item(1)?, ARRAY)?;
    // SAFETY: a capsule named "arrow_array" holds a C Data Interface ArrowArray (the
    // interface's contract, the name checked above). `from_raw` moves it out and leaves a
    // released struct behind, so the capsule's destructor does not release it again.
    let array = unsafe { FFI_ArrowArray::from_raw(array.as_ptr()) };
    // SAFETY: a capsule named "arrow_schema" holds an ArrowSchema, which stays valid while
    // `pair` (which owns the capsule) is alive and no Python code runs: it is only read here.
    let schema = unsafe { schema.as_ref() };
    // SAFETY: the producer's array and schema, checked by `import_array` before arrow-rs
    // reads them (a released array, e.g. of a capsule consumed before, is refused); the
    // buffers and values are then validated against the type, except the text of a string
    // array, which the kernels (the only readers of the array) check block by block before
    // reading it.
    unsafe { polyid_arrow::ffi::import_array(array, schema, CONTEXT) }
        .map_err(|e| column_err(py, e))
}

/// The stream of a `__arrow_c_stream__` result, its type read; its chunks are read by the
/// function, one at a time.
fn import_stream(py: Python<'_>, capsule: &Bound<'_, PyAny>) -> PyResult<StreamReader> {
    let raw = capsule_pointer::<FFI_ArrowArrayStream>(py, capsule, STREAM)?;
    // SAFETY: a capsule named "arrow_array_stream" holds an ArrowArrayStream; `from_raw`
    // moves it out (leaving a released one for the capsule's destructor), and dropping
    // `stream` (or the reader that takes it) releases it.
    let mut stream = unsafe { FFI_ArrowArrayStream::from_raw(raw.as_ptr()) };
    // SAFETY: a stream (a released one, e.g. of a capsule consumed before, is refused); its
    // schema is checked before arrow-rs reads it.
    let data_type = unsafe { read_type(&mut stream, CONTEXT) }.map_err(|e| read_err(py, e))?;
    // SAFETY: every array of a stream has the stream's schema (the interface's contract);
    // each chunk is checked against it as it is read, then its buffers and values (the text
    // of a string chunk by the kernel, block by block).
    Ok(unsafe { StreamReader::new(stream, data_type, CONTEXT) })
}

/// A failure to read a producer's stream as a `PolyIdError`.
pub(crate) fn read_err(py: Python<'_>, e: ReadError) -> PyErr {
    match e {
        ReadError::Stream(f) => {
            invalid(py, format!("Arrow stream: error {}{}", f.code, f.suffix()))
        }
        ReadError::Column(e) => column_err(py, e),
    }
}

// ---------------------------------------------------------------------------------------
// Export

/// The schema capsule of a column of type `field`.
fn schema_capsule<'py>(py: Python<'py>, field: &Field) -> PyResult<Bound<'py, PyCapsule>> {
    let schema = export_schema(field).map_err(|e| arrow_err(py, e))?;
    PyCapsule::new_with_value(py, schema, SCHEMA)
}

/// A stream capsule over `chunks`, each of type `field`'s.
fn stream_capsule<'py>(
    py: Python<'py>,
    field: &FieldRef,
    chunks: &[ArrayRef],
) -> PyResult<Bound<'py, PyCapsule>> {
    let stream = export_stream(Chunks::new(field.data_type().clone(), chunks.to_vec()));
    PyCapsule::new_with_value(py, stream, STREAM)
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
