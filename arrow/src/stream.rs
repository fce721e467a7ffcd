//! The Arrow C Stream Interface boundary that every binding shares: a caller's
//! `struct ArrowArrayStream` read a chunk at a time, each chunk checked as [`crate::ffi`]
//! checks an array; a kernel mapped over those chunks with the rows of its errors counted
//! from the start of the stream; and the export of a stream of computed chunks.
//!
//! A binding keeps its own pointers or capsules, and the wording of its errors about the
//! caller's stream ([`StreamFailure`]): everything between the structs and the kernels is
//! here, so that a stream is read the same way from C and from Python.

#![allow(unsafe_code)]

use core::ffi::{c_char, c_int, c_void, CStr};
use core::fmt;
use core::ptr;
use std::ffi::CString;
use std::panic::{catch_unwind, AssertUnwindSafe};

use arrow_array::cast::AsArray;
use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema};
use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_array::{new_empty_array, Array, ArrayRef};
use arrow_data::ArrayData;
use arrow_schema::{ArrowError, DataType, Field};
use polyid::{Detail, Error, ErrorCode};

use crate::dictionary::per_value;
use crate::error::{ColumnError, OnError, Output};
use crate::ffi::MAX_MESSAGE_BYTES;
use crate::ffi::{bounded, export_array, export_schema, import_chunk, import_type};
use crate::input::{check_column, decode_dictionary};

/// `errno`'s EINVAL: the code of a stream callback that polyid fails (a row, a malformed
/// chunk, a bad argument); a caller's stream's own code is passed on.
pub const EINVAL: c_int = 22;

/// A callback of a caller's stream that returned non-zero: which one, its code (an `errno`
/// value), and the stream's last error, bounded (it may quote the data).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StreamFailure {
    /// `"get_schema"` or `"get_next"`.
    pub call: &'static str,
    /// What the callback returned.
    pub code: c_int,
    /// The stream's `get_last_error`, when it gave one.
    pub detail: Option<String>,
}

impl StreamFailure {
    /// `": <detail>"`, or nothing without one: the end of a binding's message.
    pub fn suffix(&self) -> String {
        self.detail
            .as_ref()
            .map(|d| format!(": {d}"))
            .unwrap_or_default()
    }
}

/// Why a chunk could not be read or computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The caller's stream failed a callback; the binding words it.
    Stream(StreamFailure),
    /// A malformed schema or chunk, a type the kernel does not read, or a row's error.
    Column(ColumnError),
}

impl From<ColumnError> for ReadError {
    fn from(e: ColumnError) -> ReadError {
        ReadError::Column(e)
    }
}

/// `INVALID_ARGUMENT` named `context`.
#[cold]
fn refused(context: &'static str, message: String) -> ColumnError {
    ColumnError::new(Error::new(
        ErrorCode::InvalidArgument,
        context,
        Detail::Message(message.into()),
    ))
}

/// The failure of `call` on `stream`, which returned `code`.
fn failure(stream: &mut FFI_ArrowArrayStream, call: &'static str, code: c_int) -> ReadError {
    let detail = stream.get_last_error.and_then(|get_last_error| {
        // SAFETY: `stream` is live; the string (or NULL) stays valid until the next call on
        // the stream, and is copied here before any.
        let message = unsafe { get_last_error(stream) };
        (!message.is_null()).then(|| {
            // SAFETY: non-NULL: a NUL-terminated string owned by the stream.
            let text = unsafe { CStr::from_ptr(message) }.to_string_lossy();
            bounded(&text, MAX_MESSAGE_BYTES)
        })
    });
    ReadError::Stream(StreamFailure { call, code, detail })
}

/// The type of a caller's stream: its `get_schema` called, the schema checked before
/// arrow-rs reads it ([`import_type`]), then released. The stream is only borrowed, so a
/// binding may refuse the type before it takes the stream over. A released stream (one
/// without its callbacks, e.g. a capsule's stream moved out before) is `INVALID_ARGUMENT`
/// named `context`.
///
/// # Safety
/// `stream` is a `struct ArrowArrayStream` (live or released), whose schema is what the C
/// Data Interface says it is.
pub unsafe fn read_type(
    stream: &mut FFI_ArrowArrayStream,
    context: &'static str,
) -> Result<DataType, ReadError> {
    let (Some(get_schema), Some(_), Some(_)) = (stream.get_schema, stream.get_next, stream.release)
    else {
        return Err(refused(context, "the stream is released".to_owned()).into());
    };
    let mut schema = FFI_ArrowSchema::empty();
    // SAFETY: a live stream and a released schema struct it may write to.
    let rc = unsafe { get_schema(stream, &mut schema) };
    if rc != 0 {
        return Err(failure(stream, "get_schema", rc));
    }
    // SAFETY: the schema the stream wrote, checked before arrow-rs reads it.
    Ok(unsafe { import_type(&schema, context) }?)
}

/// A caller's stream, taken over (dropping the reader releases it), read a chunk at a time.
pub struct StreamReader {
    stream: FFI_ArrowArrayStream,
    data_type: DataType,
    context: &'static str,
}

impl StreamReader {
    /// Reads `stream`, whose type [`read_type`] gave as `data_type`; errors about its
    /// schema and chunks are named `context`.
    ///
    /// # Safety
    /// `stream` is a live stream whose every chunk has `data_type` and is what the C Data
    /// Interface says it is (each is checked field by field before arrow-rs reads it).
    pub unsafe fn new(
        stream: FFI_ArrowArrayStream,
        data_type: DataType,
        context: &'static str,
    ) -> StreamReader {
        StreamReader {
            stream,
            data_type,
            context,
        }
    }

    /// The type of every chunk.
    pub fn data_type(&self) -> &DataType {
        &self.data_type
    }

    /// The next chunk, checked and validated for the kernels; `None` at the end.
    pub fn next_chunk(&mut self) -> Result<Option<ArrayRef>, ReadError> {
        let Some(get_next) = self.stream.get_next else {
            return Err(refused(self.context, "the stream is released".to_owned()).into());
        };
        let mut chunk = FFI_ArrowArray::empty();
        // SAFETY: a live stream this reader owns; `chunk` a released struct it may write to.
        let rc = unsafe { get_next(&mut self.stream, &mut chunk) };
        if rc != 0 {
            return Err(failure(&mut self.stream, "get_next", rc));
        }
        if chunk.is_released() {
            return Ok(None);
        }
        // SAFETY: `new`'s contract: the chunk has the stream's type; `import_chunk` checks
        // the struct against it, then validates the data.
        Ok(Some(unsafe {
            import_chunk(chunk, &self.data_type, self.context)
        }?))
    }
}

/// What a mapped stream computes from each chunk's column (as it is read: a dictionary
/// stays encoded; [`chunk_kernel`] computes one once per value).
pub type ChunkKernel<'k> = Box<dyn FnMut(&ArrayRef) -> Result<ArrayRef, ColumnError> + Send + 'k>;

/// The chunk kernel of a one-column kernel in `mode`: each chunk through [`per_value`] (a
/// dictionary chunk computed once per value), its output packed as `mode` returns it
/// ([`Output::packed`]).
pub fn chunk_kernel<'k>(
    mode: OnError,
    kernel: impl Fn(&dyn Array, OnError) -> Result<Output, ColumnError> + Send + 'k,
) -> ChunkKernel<'k> {
    Box::new(move |a| per_value(a, mode, &kernel).and_then(Output::packed))
}

/// A kernel over the chunks of a stream, one output chunk per input chunk, computed as the
/// chunks are read: a stream of any length is held a chunk at a time.
pub struct MapChunks<'k> {
    input: StreamReader,
    /// With a stream of record batches: the index of the column the kernel reads.
    field: Option<usize>,
    output_type: DataType,
    kernel: ChunkKernel<'k>,
    /// The rows of the chunks read so far.
    rows: usize,
}

/// The column of a stream of type `input_type` that a kernel reads: the stream's arrays
/// (`column` None), or the field named `column` of its record batches; its index, and its
/// type. Errors are `INVALID_ARGUMENT` named `column`.
pub fn column_of(
    input_type: &DataType,
    column: Option<&str>,
) -> Result<(Option<usize>, DataType), ColumnError> {
    let Some(name) = column else {
        return Ok((None, input_type.clone()));
    };
    let DataType::Struct(fields) = input_type else {
        return Err(refused(
            "column",
            format!("a column name needs a stream of record batches (struct), not {input_type}"),
        ));
    };
    let Some((i, f)) = fields.find(name) else {
        return Err(refused(
            "column",
            format!("the batches have no column {name:?}"),
        ));
    };
    Ok((Some(i), f.data_type().clone()))
}

/// The type of a kernel's output on a column of `column_type`: its result on an empty
/// column, which also refuses a type the kernel does not read before any chunk is.
pub fn output_type(
    kernel: &mut ChunkKernel<'_>,
    column_type: &DataType,
) -> Result<DataType, ColumnError> {
    Ok(kernel(&new_empty_array(column_type))?.data_type().clone())
}

/// `kernel` mapped over a caller's stream, over the column `column` names ([`column_of`]).
/// The stream's type is read and refused, if it must be, before the stream is taken over: on
/// failure it is still the caller's; on success it is moved out, leaving `stream` marked
/// released. A released stream is `INVALID_ARGUMENT` named `context`.
///
/// # Safety
/// `stream` is a `struct ArrowArrayStream` whose chunks have the type its schema gives (the
/// interface's contract; each is checked as it is read).
pub unsafe fn map_stream<'k>(
    stream: &mut FFI_ArrowArrayStream,
    column: Option<&str>,
    mut kernel: ChunkKernel<'k>,
    context: &'static str,
) -> Result<MapChunks<'k>, ReadError> {
    // SAFETY: the function's contract (a released stream is refused), only borrowed.
    let input_type = unsafe { read_type(stream, context) }?;
    let (field, column_type) = column_of(&input_type, column)?;
    let output_type = output_type(&mut kernel, &column_type)?;
    // SAFETY: moves the caller's stream out, leaving it marked released.
    let reader =
        unsafe { StreamReader::new(FFI_ArrowArrayStream::from_raw(stream), input_type, context) };
    Ok(MapChunks::new(reader, field, output_type, kernel))
}

impl<'k> MapChunks<'k> {
    /// `kernel` over `input`'s arrays (`field` None) or over field `field` of its record
    /// batches ([`column_of`]); every output chunk is of `output_type` ([`output_type`]).
    pub fn new(
        input: StreamReader,
        field: Option<usize>,
        output_type: DataType,
        kernel: ChunkKernel<'k>,
    ) -> MapChunks<'k> {
        MapChunks {
            input,
            field,
            output_type,
            kernel,
            rows: 0,
        }
    }

    /// The type of every output chunk.
    pub fn output_type(&self) -> &DataType {
        &self.output_type
    }

    /// The next chunk's column, as the kernel reads it.
    fn next_column(&mut self) -> Result<Option<ArrayRef>, ReadError> {
        let Some(chunk) = self.input.next_chunk()? else {
            return Ok(None);
        };
        let column = match self.field {
            None => chunk,
            Some(i) => {
                // The C Stream Interface carries record batches as struct arrays without
                // null rows.
                let batch = chunk.as_struct();
                if batch.null_count() > 0 {
                    return Err(refused(
                        self.input.context,
                        format!(
                            "a record batch has no null rows; this struct array has {}",
                            batch.null_count()
                        ),
                    )
                    .into());
                }
                batch.column(i).clone()
            }
        };
        Ok(Some(column))
    }

    /// The next output chunk, checked to share no buffer with its input ([`owned`]); `None`
    /// at the end. A row's error names the row counted from the start of the stream.
    pub fn next_chunk(&mut self) -> Result<Option<ArrayData>, ReadError> {
        let Some(column) = self.next_column()? else {
            return Ok(None);
        };
        let offset = self.rows;
        self.rows += column.len();
        let out = (self.kernel)(&column).map_err(|e| e.shifted(offset))?;
        Ok(Some(owned(&out, &[column])?))
    }

    /// Every output chunk, computed as the input is read. When a chunk fails, the chunks
    /// after it are still read, a chunk at a time, without being computed: a malformed one
    /// among them (its structs, its dictionary, or after a row's error its values too) is
    /// the error of the whole column, whatever row came before it.
    pub fn collect(mut self) -> Result<Vec<ArrayRef>, ReadError> {
        collect_chunks(&mut self)
    }
}

impl Mapped for MapChunks<'_> {
    fn next_chunk(&mut self) -> Result<Option<ArrayData>, ReadError> {
        MapChunks::next_chunk(self)
    }

    fn next_inputs(&mut self) -> Result<Option<Vec<ArrayRef>>, ReadError> {
        Ok(self.next_column()?.map(|c| vec![c]))
    }
}

/// A kernel mapped over the chunks of its inputs ([`MapChunks`], [`ZipChunks`]).
trait Mapped {
    /// The next output chunk; `None` at the end.
    fn next_chunk(&mut self) -> Result<Option<ArrayData>, ReadError>;
    /// The next input columns, read (and their structs checked) but not computed.
    fn next_inputs(&mut self) -> Result<Option<Vec<ArrayRef>>, ReadError>;
}

/// Every output chunk of `mapped`. After a chunk fails, the rest of the inputs is still read,
/// without being computed: a malformed chunk among it (its structs, its dictionary, or after
/// a row's error its values too) is the error of the whole call, whatever row came before.
fn collect_chunks(mapped: &mut impl Mapped) -> Result<Vec<ArrayRef>, ReadError> {
    let mut out = Vec::new();
    loop {
        match mapped.next_chunk() {
            Ok(Some(data)) => out.push(arrow_array::make_array(data)),
            Ok(None) => return Ok(out),
            Err(ReadError::Column(e)) => {
                let values = e.row().is_some();
                return Err(malformed_rest(mapped, values).unwrap_or(ReadError::Column(e)));
            }
            Err(e) => return Err(e),
        }
    }
}

/// The first error among the remaining inputs' reading (and with `values`, their full
/// validation), read to their end.
fn malformed_rest(mapped: &mut impl Mapped, values: bool) -> Option<ReadError> {
    loop {
        match mapped.next_inputs() {
            Ok(None) => return None,
            Ok(Some(columns)) if values => {
                for c in &columns {
                    if let Err(e) = check_column(c.as_ref()) {
                        return Some(e.into());
                    }
                }
            }
            Ok(Some(_)) => {}
            Err(e) => return Some(e),
        }
    }
}

/// A kernel of several columns of one row set.
pub type ManyChunkKernel<'k> =
    Box<dyn FnMut(&[ArrayRef]) -> Result<ArrayRef, ColumnError> + Send + 'k>;

/// A column of a kernel of several columns: a whole array, or a caller's stream.
pub enum Column {
    /// An array, read a piece at a time in step with the streams beside it.
    Array(ArrayRef),
    /// A stream, read a chunk at a time.
    Stream(StreamReader),
}

/// One column of [`ZipChunks`] and the rows of it read so far.
struct Place {
    column: Column,
    /// The current chunk (the whole array for [`Column::Array`]) and the rows of it taken.
    chunk: Option<ArrayRef>,
    taken: usize,
}

impl Place {
    /// The rows of the current chunk not yet taken, reading the next non-empty chunk of a
    /// stream when they are none; 0 at the end of the column.
    fn left(&mut self) -> Result<usize, ReadError> {
        loop {
            if let Some(chunk) = &self.chunk {
                if self.taken < chunk.len() {
                    return Ok(chunk.len() - self.taken);
                }
            }
            // The chunk read through is let go before the next is read: a stream's producer
            // then holds one chunk of it at a time.
            self.chunk = None;
            self.taken = 0;
            let next = match &mut self.column {
                Column::Array(_) => None,
                Column::Stream(reader) => reader.next_chunk()?,
            };
            match next {
                Some(chunk) => self.chunk = Some(chunk),
                None => return Ok(0),
            }
        }
    }

    /// The type of the column's rows.
    fn data_type(&self) -> DataType {
        match &self.column {
            Column::Array(a) => a.data_type().clone(),
            Column::Stream(reader) => reader.data_type().clone(),
        }
    }
}

/// A piece of a column as a kernel reads it: dictionary-encoded text decoded with `decode`.
fn prepared(piece: ArrayRef, decode: bool) -> Result<ArrayRef, ColumnError> {
    if decode {
        decode_dictionary(&piece)
    } else {
        Ok(piece)
    }
}

/// A kernel of several columns over arrays and streams of one row set, read in step: each
/// output chunk is the kernel's result on the rows that the current chunk of every stream
/// covers (a chunk cut where another stream's ends, an array sliced alongside), so that no
/// stream is held whole, whatever its chunks' lengths. A row's error names the row counted
/// from the start of the row set.
pub struct ZipChunks<'k> {
    places: Vec<Place>,
    decode: bool,
    kernel: ManyChunkKernel<'k>,
    /// The rows computed so far.
    rows: usize,
}

impl<'k> ZipChunks<'k> {
    /// `kernel` over `columns` in step, dictionary-encoded text decoded first with `decode`.
    pub fn new(columns: Vec<Column>, decode: bool, kernel: ManyChunkKernel<'k>) -> ZipChunks<'k> {
        let places = columns
            .into_iter()
            .map(|column| {
                let chunk = match &column {
                    Column::Array(a) => Some(a.clone()),
                    Column::Stream(_) => None,
                };
                Place {
                    column,
                    chunk,
                    taken: 0,
                }
            })
            .collect();
        ZipChunks {
            places,
            decode,
            kernel,
            rows: 0,
        }
    }

    /// The type of every output chunk: the kernel's result on empty columns of the inputs'
    /// types, which also refuses a type the kernel does not read before any chunk is read.
    pub fn output_type(&mut self) -> Result<DataType, ColumnError> {
        let empty = self.empty_columns()?;
        Ok((self.kernel)(&empty)?.data_type().clone())
    }

    fn empty_columns(&self) -> Result<Vec<ArrayRef>, ColumnError> {
        self.places
            .iter()
            .map(|p| prepared(new_empty_array(&p.data_type()), self.decode))
            .collect()
    }

    /// The next rows of every column, as many as every current chunk still holds; `None` at
    /// the end. Columns that end at different rows are the kernel's own error for columns of
    /// different lengths.
    fn next_pieces(&mut self) -> Result<Option<Vec<ArrayRef>>, ReadError> {
        let mut left = Vec::with_capacity(self.places.len());
        for place in &mut self.places {
            left.push(place.left()?);
        }
        let rows = left.iter().copied().min().unwrap_or(0);
        if rows == 0 {
            if left.iter().all(|&n| n == 0) {
                return Ok(None);
            }
            return Err(self.length_mismatch(&left).into());
        }
        let mut pieces = Vec::with_capacity(self.places.len());
        for place in &mut self.places {
            let chunk = place.chunk.as_ref().expect("rows left in the chunk");
            let piece = chunk.slice(place.taken, rows);
            place.taken += rows;
            pieces.push(prepared(piece, self.decode)?);
        }
        Ok(Some(pieces))
    }

    /// The kernel's error for columns of different lengths: an empty column for each that
    /// ended, one row of each other.
    #[cold]
    fn length_mismatch(&mut self, left: &[usize]) -> ColumnError {
        let columns: Result<Vec<ArrayRef>, ColumnError> = self
            .places
            .iter()
            .zip(left)
            .map(|(p, &n)| match (&p.chunk, n) {
                (Some(chunk), 1..) => prepared(chunk.slice(p.taken, 1), self.decode),
                _ => prepared(new_empty_array(&p.data_type()), self.decode),
            })
            .collect();
        match columns.and_then(|c| (self.kernel)(&c)) {
            Err(e) => e,
            Ok(_) => crate::input::length_mismatch("Arrow column"),
        }
    }

    /// The next output chunk, checked to share no buffer with its inputs ([`owned`]); `None`
    /// at the end.
    pub fn next_chunk(&mut self) -> Result<Option<ArrayData>, ReadError> {
        let Some(pieces) = self.next_pieces()? else {
            return Ok(None);
        };
        let offset = self.rows;
        self.rows += pieces[0].len();
        let out = (self.kernel)(&pieces).map_err(|e| e.shifted(offset))?;
        Ok(Some(owned(&out, &pieces)?))
    }

    /// Every output chunk, computed as the inputs are read; after a failing piece the rest
    /// is read as [`MapChunks::collect`] reads it (columns of different lengths are then the
    /// error of the whole call too).
    pub fn collect(mut self) -> Result<Vec<ArrayRef>, ReadError> {
        collect_chunks(&mut self)
    }
}

impl Mapped for ZipChunks<'_> {
    fn next_chunk(&mut self) -> Result<Option<ArrayData>, ReadError> {
        ZipChunks::next_chunk(self)
    }

    fn next_inputs(&mut self) -> Result<Option<Vec<ArrayRef>>, ReadError> {
        self.next_pieces()
    }
}

/// Whether any buffer of `out` lies in memory of `input`.
fn shares_memory(out: &ArrayData, input: &ArrayData) -> bool {
    fn ranges(d: &ArrayData, acc: &mut Vec<(usize, usize)>) {
        for b in d.buffers() {
            acc.push((b.as_ptr() as usize, b.len()));
        }
        if let Some(n) = d.nulls() {
            let b = n.buffer();
            acc.push((b.as_ptr() as usize, b.len()));
        }
        for c in d.child_data() {
            ranges(c, acc);
        }
    }
    let (mut a, mut b) = (Vec::new(), Vec::new());
    ranges(out, &mut a);
    ranges(input, &mut b);
    a.iter()
        .any(|&(p, n)| n > 0 && b.iter().any(|&(q, m)| m > 0 && p < q + m && q < p + n))
}

/// The data of a kernel's output, checked to share no buffer with any of its inputs: an
/// exported output must not keep a caller's input alive, or read it after the caller
/// released it (the kernels build every output buffer anew; this keeps them to it).
pub fn owned(out: &ArrayRef, inputs: &[ArrayRef]) -> Result<ArrayData, ColumnError> {
    let data = out.to_data();
    if inputs.iter().any(|a| shares_memory(&data, &a.to_data())) {
        return Err(ColumnError::new(Error::reason(
            ErrorCode::InternalError,
            "Arrow column",
            "the output shares a buffer with the input",
        )));
    }
    Ok(data)
}

// ---------------------------------------------------------------------------------------
// Export

/// What an exported stream hands out, a chunk at a time.
pub trait ChunkSource {
    /// A failure, as the binding reports it ([`exported_failure`]).
    type Error: fmt::Display;

    /// The type of every chunk.
    fn data_type(&self) -> &DataType;

    /// The next chunk (`None` at the end), or the failure that stops the stream with its
    /// `errno` code.
    fn next_chunk(&mut self) -> Result<Option<ArrayData>, (Self::Error, c_int)>;

    /// A failure of the stream's own making.
    fn fault(fault: Fault) -> Self::Error;
}

/// A failure of an exported stream that is not its source's.
pub enum Fault {
    /// The consumer passed a NULL output struct.
    NullOut,
    /// arrow-rs could not export the schema.
    Schema(ArrowError),
    /// A callback (`"get_schema"`, `"get_next"`) panicked: a bug in polyid.
    Panic(&'static str),
}

/// The chunks of a computed column, exported as they are.
pub struct Chunks {
    data_type: DataType,
    chunks: Vec<ArrayRef>,
    next: usize,
}

impl Chunks {
    /// `chunks`, each of type `data_type`.
    pub fn new(data_type: DataType, chunks: Vec<ArrayRef>) -> Chunks {
        Chunks {
            data_type,
            chunks,
            next: 0,
        }
    }
}

impl ChunkSource for Chunks {
    type Error = String;

    fn data_type(&self) -> &DataType {
        &self.data_type
    }

    fn next_chunk(&mut self) -> Result<Option<ArrayData>, (String, c_int)> {
        let chunk = self.chunks.get(self.next).map(|c| c.to_data());
        self.next += chunk.is_some() as usize;
        Ok(chunk)
    }

    fn fault(fault: Fault) -> String {
        match fault {
            Fault::NullOut => "out: NULL pointer where a value is required".to_owned(),
            Fault::Schema(e) => e.to_string(),
            Fault::Panic(call) => format!("internal error in polyid (please report): {call}"),
        }
    }
}

/// The private data of an exported stream.
struct Exported<S: ChunkSource> {
    source: S,
    /// The failure that stopped the stream: every later `get_next` returns its code.
    failure: Option<Stopped<S::Error>>,
}

struct Stopped<E> {
    error: E,
    code: c_int,
    message: CString,
}

impl<S: ChunkSource> Exported<S> {
    fn fail(&mut self, error: S::Error, code: c_int) -> c_int {
        let text = error.to_string().replace('\0', "\\0");
        self.failure = Some(Stopped {
            error,
            code,
            message: CString::new(text).unwrap_or_default(),
        });
        code
    }
}

/// A new stream over `source`. Its callbacks may be called after `release` (they then fail
/// with EINVAL) and `release` twice; a failure stops it for good, `get_last_error` giving
/// the message and [`exported_failure`] the binding's error.
pub fn export_stream<S: ChunkSource>(source: S) -> FFI_ArrowArrayStream {
    let state = Box::new(Exported {
        source,
        failure: None,
    });
    FFI_ArrowArrayStream {
        get_schema: Some(get_schema::<S>),
        get_next: Some(get_next::<S>),
        get_last_error: Some(get_last_error::<S>),
        release: Some(release::<S>),
        private_data: Box::into_raw(state).cast::<c_void>(),
    }
}

/// The failure of a stream made by [`export_stream`] with a source of type `S`: `None` when
/// `stream` is not such a live stream, `Some(None)` while it has not failed.
pub fn exported_failure<S: ChunkSource>(
    stream: &FFI_ArrowArrayStream,
) -> Option<Option<&S::Error>> {
    let ours: unsafe extern "C" fn(*mut FFI_ArrowArrayStream) = release::<S>;
    if !stream.release.is_some_and(|f| ptr::fn_addr_eq(f, ours)) || stream.private_data.is_null() {
        return None;
    }
    // SAFETY: checked above: a live stream made by export_stream::<S>, whose private data is
    // its `Exported<S>` box.
    let state = unsafe { &*stream.private_data.cast::<Exported<S>>() };
    Some(state.failure.as_ref().map(|f| &f.error))
}

/// The state of a stream made by [`export_stream`]; `None` for NULL or a released stream
/// (whose callbacks a consumer kept and called after `release`: the interface forbids it,
/// and they fail instead of reading freed memory).
///
/// # Safety
/// `stream` is NULL or a stream made by `export_stream::<S>`, used by one thread at a time.
unsafe fn state<'s, S: ChunkSource>(
    stream: *mut FFI_ArrowArrayStream,
) -> Option<&'s mut Exported<S>> {
    if stream.is_null() {
        return None;
    }
    // SAFETY: the function's contract: `private_data` is the box, or NULL once released.
    unsafe { (*stream).private_data.cast::<Exported<S>>().as_mut() }
}

unsafe extern "C" fn get_schema<S: ChunkSource>(
    stream: *mut FFI_ArrowArrayStream,
    out: *mut FFI_ArrowSchema,
) -> c_int {
    // SAFETY: the consumer calls a stream's callbacks with that stream.
    let Some(s) = (unsafe { state::<S>(stream) }) else {
        return EINVAL;
    };
    if out.is_null() {
        return s.fail(S::fault(Fault::NullOut), EINVAL);
    }
    let field = Field::new("", s.source.data_type().clone(), true);
    match catch_unwind(AssertUnwindSafe(|| export_schema(&field))) {
        Ok(Ok(schema)) => {
            // SAFETY: a consumer's struct (released or never initialised): overwritten
            // without being dropped.
            unsafe { out.write(schema) };
            0
        }
        Ok(Err(e)) => s.fail(S::fault(Fault::Schema(e)), EINVAL),
        Err(_) => s.fail(S::fault(Fault::Panic("get_schema")), EINVAL),
    }
}

unsafe extern "C" fn get_next<S: ChunkSource>(
    stream: *mut FFI_ArrowArrayStream,
    out: *mut FFI_ArrowArray,
) -> c_int {
    // SAFETY: as in get_schema.
    let Some(s) = (unsafe { state::<S>(stream) }) else {
        return EINVAL;
    };
    if let Some(f) = &s.failure {
        return f.code;
    }
    if out.is_null() {
        return s.fail(S::fault(Fault::NullOut), EINVAL);
    }
    match catch_unwind(AssertUnwindSafe(|| s.source.next_chunk())) {
        Ok(Ok(chunk)) => {
            let array = chunk.map_or_else(FFI_ArrowArray::empty, |d| export_array(&d));
            // SAFETY: as in get_schema; a released array marks the end of the stream.
            unsafe { out.write(array) };
            0
        }
        Ok(Err((error, code))) => s.fail(error, code),
        Err(_) => s.fail(S::fault(Fault::Panic("get_next")), EINVAL),
    }
}

unsafe extern "C" fn get_last_error<S: ChunkSource>(
    stream: *mut FFI_ArrowArrayStream,
) -> *const c_char {
    // SAFETY: as in get_schema.
    let Some(s) = (unsafe { state::<S>(stream) }) else {
        return ptr::null();
    };
    s.failure
        .as_ref()
        .map_or(ptr::null(), |f| f.message.as_ptr())
}

unsafe extern "C" fn release<S: ChunkSource>(stream: *mut FFI_ArrowArrayStream) {
    if stream.is_null() {
        return;
    }
    // SAFETY: a stream made by export_stream::<S>; its `private_data` is the box it was
    // given, freed here with the source it owns, or NULL when a saved `release` is called
    // again.
    let stream = unsafe { &mut *stream };
    if !stream.private_data.is_null() {
        drop(unsafe { Box::from_raw(stream.private_data.cast::<Exported<S>>()) });
    }
    stream.private_data = ptr::null_mut();
    stream.get_schema = None;
    stream.get_next = None;
    stream.get_last_error = None;
    stream.release = None;
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use arrow_array::StringArray;
    use polyid::Profile;

    use super::*;
    use crate::{wdp, OnError, Output};

    /// A stream of `chunks` of codes as a producer exports it, read back by a reader.
    fn reader(chunks: &[&[&str]]) -> StreamReader {
        let chunks = chunks
            .iter()
            .map(|c| Arc::new(StringArray::from(c.to_vec())) as ArrayRef)
            .collect();
        let mut stream = export_stream(Chunks::new(DataType::Utf8, chunks));
        // SAFETY: a stream exported just now.
        let data_type = unsafe { read_type(&mut stream, "input") }.unwrap();
        // SAFETY: as above.
        unsafe { StreamReader::new(stream, data_type, "input") }
    }

    #[test]
    fn a_stream_without_get_next_is_refused_as_released() {
        let mut stream = export_stream(Chunks::new(DataType::Utf8, Vec::new()));
        let get_next = stream.get_next.take();
        // SAFETY: a stream exported just now, one of its callbacks taken out.
        let Err(ReadError::Column(e)) = (unsafe { read_type(&mut stream, "input") }) else {
            panic!("a stream without get_next is released");
        };
        assert_eq!(e.to_string(), "input: the stream is released");
        stream.get_next = get_next;
    }

    fn compact_ids(mode: OnError) -> ChunkKernel<'static> {
        chunk_kernel(mode, |a, m| wdp::compact_ids(a, None, Profile::Polyid, m))
    }

    #[test]
    fn a_chunk_error_counts_its_row_from_the_start_of_the_stream() {
        let input = reader(&[
            &["E.Auth.Token.MISSING"],
            &["E.Auth.Token.001", "E.AUTH.TOKEN.000"],
        ]);
        let mut kernel = compact_ids(OnError::Raise);
        let out_type = output_type(&mut kernel, input.data_type()).unwrap();
        let mut mapped = MapChunks::new(input, None, out_type, kernel);
        let first = mapped.next_chunk().unwrap().unwrap();
        assert_eq!(
            arrow_array::make_array(first).as_string::<i32>().value(0),
            "V6a0B"
        );
        let Err(ReadError::Column(e)) = mapped.next_chunk() else {
            panic!("the second chunk has an invalid row");
        };
        assert_eq!((e.row(), e.input()), (Some(2), Some("E.AUTH.TOKEN.000")));
    }

    #[test]
    fn collect_gives_one_output_chunk_per_input_chunk() {
        let input = reader(&[&["E.Auth.Token.MISSING"], &[], &["E.AUTH.TOKEN.000"]]);
        let mut kernel = compact_ids(OnError::Null);
        let out_type = output_type(&mut kernel, input.data_type()).unwrap();
        let chunks = MapChunks::new(input, None, out_type.clone(), kernel)
            .collect()
            .unwrap();
        assert_eq!(
            chunks.iter().map(|c| c.len()).collect::<Vec<_>>(),
            [1, 0, 1]
        );
        assert!(chunks.iter().all(|c| c.data_type() == &out_type));
        let errors = chunks[2].as_struct().column(1).clone();
        assert_eq!(errors.as_string::<i32>().value(0), "INVALID_SEQUENCE");
    }

    /// `full_ids_per_row` as a kernel of several columns.
    fn full_ids(mode: OnError) -> ManyChunkKernel<'static> {
        Box::new(move |c| {
            wdp::full_ids_per_row(c[0].as_ref(), c[1].as_ref(), None, Profile::Polyid, mode)
                .and_then(Output::packed)
        })
    }

    fn texts(a: &ArrayRef) -> Vec<Option<String>> {
        let a = a.as_string::<i32>();
        (0..a.len())
            .map(|i| a.is_valid(i).then(|| a.value(i).to_owned()))
            .collect()
    }

    /// The rows of `chunks` in one array.
    fn whole(chunks: &[&[&str]]) -> ArrayRef {
        Arc::new(StringArray::from(chunks.concat()))
    }

    #[test]
    fn zip_chunks_reads_columns_in_step_whatever_their_chunks() {
        let namespaces: &[&[&str]] = &[&["auth_lib", "auth_lib"], &[], &["x", "auth_lib", "y"]];
        let codes: &[&[&str]] = &[
            &["E.A.B.001"],
            &["E.Auth.Token.MISSING", "E.A.B.002", "E.A.B.003"],
            &["E.A.B.004"],
        ];
        let expected = full_ids(OnError::Raise)(&[whole(namespaces), whole(codes)]).unwrap();
        // Two streams, a stream beside an array, and two arrays.
        let inputs = [
            vec![
                Column::Stream(reader(namespaces)),
                Column::Stream(reader(codes)),
            ],
            vec![
                Column::Array(whole(namespaces)),
                Column::Stream(reader(codes)),
            ],
            vec![
                Column::Array(whole(namespaces)),
                Column::Array(whole(codes)),
            ],
        ];
        for columns in inputs {
            let mut zip = ZipChunks::new(columns, true, full_ids(OnError::Raise));
            assert_eq!(zip.output_type().unwrap(), DataType::Utf8);
            let chunks = zip.collect().unwrap();
            assert!(chunks.iter().all(|c| !c.is_empty()));
            let rows: Vec<_> = chunks.iter().flat_map(texts).collect();
            assert_eq!(rows, texts(&expected));
        }
        // Cut where either stream's chunk ends: rows 0, 1, 2-3, 4.
        let zip = ZipChunks::new(
            vec![
                Column::Stream(reader(namespaces)),
                Column::Stream(reader(codes)),
            ],
            true,
            full_ids(OnError::Raise),
        );
        let lengths: Vec<_> = zip.collect().unwrap().iter().map(|c| c.len()).collect();
        assert_eq!(lengths, [1, 1, 2, 1]);
        let empty = ZipChunks::new(
            vec![Column::Stream(reader(&[])), Column::Stream(reader(&[&[]]))],
            true,
            full_ids(OnError::Raise),
        );
        assert!(empty.collect().unwrap().is_empty());
    }

    #[test]
    fn zip_chunks_errors_are_the_whole_columns_errors() {
        let namespaces: &[&[&str]] = &[&["a", "a"], &["a", "a", "a"]];
        let codes: &[&[&str]] = &[
            &["E.A.B.001", "E.A.B.002", "E.A.B.003"],
            &["E.A.B.000", "E.A.B.005"],
        ];
        let error = |columns: Vec<Column>| {
            let Err(ReadError::Column(e)) =
                ZipChunks::new(columns, true, full_ids(OnError::Raise)).collect()
            else {
                panic!("an error");
            };
            (e.code(), e.row(), e.to_string())
        };
        // A row's error counts its row from the start: as the kernel over whole columns.
        let Err(whole_error) = full_ids(OnError::Raise)(&[whole(namespaces), whole(codes)]) else {
            panic!("row 3 is invalid");
        };
        let streams = || {
            vec![
                Column::Stream(reader(namespaces)),
                Column::Stream(reader(codes)),
            ]
        };
        assert_eq!(
            error(streams()),
            (whole_error.code(), Some(3), whole_error.to_string())
        );
        // Columns of different lengths: the kernel's own error, after a row's error too.
        let short: &[&[&str]] = &[&["a", "a"], &["a", "a"]];
        let Err(mismatch) = full_ids(OnError::Raise)(&[whole(short), whole(codes)]) else {
            panic!("different lengths");
        };
        let expected = (mismatch.code(), None, mismatch.to_string());
        assert_eq!(
            error(vec![
                Column::Stream(reader(short)),
                Column::Stream(reader(codes))
            ]),
            expected
        );
        assert_eq!(
            error(vec![
                Column::Array(whole(codes)),
                Column::Stream(reader(short))
            ]),
            expected
        );
        // With null rows instead of errors, the invalid row is a null and its code.
        let chunks = ZipChunks::new(streams(), true, full_ids(OnError::Null))
            .collect()
            .unwrap();
        let errors: Vec<_> = chunks
            .iter()
            .flat_map(|c| {
                let e = c.as_struct().column(1).clone();
                texts(&e)
            })
            .collect();
        assert_eq!(
            errors,
            [None, None, None, Some("INVALID_SEQUENCE".to_owned()), None]
        );
    }
}
