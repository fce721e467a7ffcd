//! Arrow columns through the Arrow C Data Interface: a `struct ArrowArray` and its
//! `struct ArrowSchema` in, a new array and schema out, computed by the column kernels of
//! `polyid-arrow` (the same kernels as Python's `polyid.arrow`); and a
//! `struct ArrowArrayStream` in, a stream out that computes each chunk as it is read.
//!
//! Every function here translates arguments and results and calls one kernel: the rules,
//! the messages and the limits are the kernels' and the core's.

use core::ffi::{c_char, c_int};
use core::ptr;

use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema};
use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_array::{Array, ArrayRef};
use arrow_data::ArrayData;
use arrow_schema::DataType;
use polyid::wdp::NamedSequences;
use polyid::{Detail, Error, ErrorCode};
use polyid_arrow::ffi::{borrow_array, export_column};
use polyid_arrow::stream::{
    chunk_kernel, export_stream, exported_failure, owned, ChunkKernel, ChunkSource, Fault,
    MapChunks, ReadError, EINVAL,
};
use polyid_arrow::{
    decode_dictionary, euid, per_value, tid, wdp, xid, ColumnError, OnError, Output,
};

use crate::catalog::polyid_catalog;
use crate::euid::polyid_euid_generator;
use crate::ffi::*;
use crate::profile::to_profile;
use crate::tid::polyid_tid_generator;
use crate::wdp::polyid_named_sequences;
use crate::xid::polyid_xid_generator;

/// What an Arrow function does with a row that polyid rejects.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum polyid_arrow_on_error {
    /// The first invalid row fails the call with its error; the message starts with
    /// `row N ("input"): `, `*error_row` receives N, and no output is written.
    POLYID_ARROW_RAISE = 0,
    /// An invalid row becomes null, and the output is a struct column
    /// `{value, error}`: the values, and a string column of each invalid row's error code
    /// (`polyid_status_code()` strings; null for valid and null rows).
    POLYID_ARROW_NULL = 1,
}

/// The value of `*error_row` when no row failed: the call succeeded, or it failed for a
/// reason that is not one row's (an argument, the column's type, a malformed array).
pub const POLYID_ARROW_NO_ROW: i64 = -1;

fn on_error(v: i32) -> Res<OnError> {
    match v {
        0 => Ok(OnError::Raise),
        1 => Ok(OnError::Null),
        _ => Err(Fail::Core(Error::new(
            ErrorCode::InvalidArgument,
            "on_error",
            Detail::Range {
                found: v.into(),
                min: 0,
                max: 1,
            },
        ))),
    }
}

/// The caller's named sequences: NULL is the standard table.
unsafe fn opt_names<'a>(names: *const polyid_named_sequences) -> Res<Option<&'a NamedSequences>> {
    if names.is_null() {
        return Ok(None);
    }
    // SAFETY: the header's contract: a live table from polyid_named_sequences_new().
    Ok(Some(unsafe { crate::wdp::names(names)? }))
}

fn internal(message: &'static str) -> Fail {
    Fail::Core(Error::reason(
        ErrorCode::InternalError,
        "Arrow column",
        message,
    ))
}

fn column_fail(e: ColumnError) -> Fail {
    if e.row().is_some() {
        Fail::Row(e)
    } else {
        Fail::Core(e.error().clone())
    }
}

/// A kernel's result as the column its `on_error` mode returns.
fn packed(out: Result<Output, ColumnError>) -> Res<ArrayRef> {
    out.and_then(Output::packed).map_err(column_fail)
}

/// One input column argument: the caller's array and schema, and their names in errors.
#[derive(Clone, Copy)]
struct In {
    array: *const FFI_ArrowArray,
    schema: *const FFI_ArrowSchema,
    arg: &'static str,
    schema_arg: &'static str,
    /// Whether a NULL array means no column (its schema then unread).
    optional: bool,
    /// Whether dictionary-encoded text is decoded (else the body computes it with [`each`]).
    decode: bool,
}

/// The caller's input column, read in place without taking it over
/// (`polyid_arrow::ffi::borrow_array`: the caller keeps, and releases, its array), decoded if
/// `input.decode` says so; `None` for an optional column not given.
unsafe fn borrow(input: In) -> Res<Option<ArrayRef>> {
    if input.optional && input.array.is_null() {
        return Ok(None);
    }
    non_null(input.array, input.arg)?;
    non_null(input.schema, input.schema_arg)?;
    // SAFETY: the header's contract: an array and the schema of its type, only read.
    let column = unsafe { borrow_array(&*input.array, &*input.schema, input.arg) };
    let column = match column {
        Ok(c) if input.decode => decode_dictionary(&c),
        other => other,
    };
    column.map(Some).map_err(column_fail)
}

/// `kernel` over `column` in the caller's `on_error` mode, a dictionary-encoded column's
/// values computed once each ([`per_value`]).
fn each(
    column: &ArrayRef,
    on_error: i32,
    kernel: impl Fn(&dyn Array, OnError) -> Result<Output, ColumnError>,
) -> Res<ArrayRef> {
    packed(per_value(column, self::on_error(on_error)?, &kernel))
}

/// Marks the caller's outputs released, so that a failed call leaves nothing to release.
unsafe fn clear(out: *mut FFI_ArrowArray, out_schema: *mut FFI_ArrowSchema) {
    if !out.is_null() {
        // SAFETY: a caller's output struct, overwritten without being read or dropped.
        unsafe { out.write(FFI_ArrowArray::empty()) };
    }
    if !out_schema.is_null() {
        // SAFETY: as above.
        unsafe { out_schema.write(FFI_ArrowSchema::empty()) };
    }
}

/// Runs `kernel` over the caller's input columns and moves the result into the caller's
/// output structs; `*error_row` (when not NULL) receives the failing row, or
/// `POLYID_ARROW_NO_ROW`.
unsafe fn compute(
    inputs: &[In],
    out: *mut FFI_ArrowArray,
    out_schema: *mut FFI_ArrowSchema,
    error_row: *mut i64,
    err: *mut polyid_error,
    kernel: impl FnOnce(&[Option<ArrayRef>]) -> Res<ArrayRef>,
) -> polyid_status {
    // SAFETY: output pointers are only written (NULL ones are skipped).
    unsafe { clear(out, out_schema) };
    let mut row = None;
    let status = run(err, || {
        let result = (|| {
            non_null(out, "out")?;
            non_null(out_schema, "out_schema")?;
            let arrays = inputs
                .iter()
                // SAFETY: the header's contract for every input array and schema.
                .map(|&i| unsafe { borrow(i) })
                .collect::<Res<Vec<_>>>()?;
            let result = kernel(&arrays)?;
            let given: Vec<ArrayRef> = arrays.into_iter().flatten().collect();
            let data = owned(&result, &given).map_err(column_fail)?;
            let (array, schema) =
                export_column(&data).map_err(|e| invalid("out_schema", e.to_string()))?;
            // SAFETY: both outputs are non-NULL (checked above) caller structs, released by
            // `clear`: they receive the new array and schema, which the caller releases.
            unsafe {
                out.write(array);
                out_schema.write(schema);
            }
            Ok(())
        })();
        if let Err(Fail::Row(e)) = &result {
            row = e.row();
        }
        result
    });
    // SAFETY: a caller's output (or NULL).
    unsafe { write_row(error_row, row) };
    status
}

/// Writes the row that failed a call (`None`: `POLYID_ARROW_NO_ROW`) to `*error_row`, unless
/// it is NULL.
unsafe fn write_row(error_row: *mut i64, row: Option<usize>) {
    if !error_row.is_null() {
        let r = row.map_or(POLYID_ARROW_NO_ROW, |r| {
            i64::try_from(r).unwrap_or(i64::MAX)
        });
        // SAFETY: a caller's output, written without being read.
        unsafe { error_row.write(r) };
    }
}

/// Declares one `polyid_arrow_*` column function from its doc comment, its name, its own
/// parameters and its kernel call, so that the outputs every such function ends with
/// (`out`, `out_schema`, `error_row`, `err`) and their handling ([`compute`]) are written
/// once, here.
///
/// An input column is written `name / name_schema: column`: the C function takes a
/// `struct ArrowArray *` and its `struct ArrowSchema *` (errors name them), and in the body
/// `name` is the column they hold, validated (see [`borrow`]), as an `&ArrayRef` whose
/// dictionary stays encoded, for [`each`] to compute once per value. One written
/// `name / name_schema: decoded_column` is a `&dyn Array`, dictionary-encoded text decoded
/// (for kernels of several columns); one written `name / name_schema: optional_column` an
/// `Option<&dyn Array>`, decoded too, `None` when the array pointer is NULL (its schema then
/// unread).
/// Every other parameter is passed through as declared, in
/// the order written (a column need not come first). The body returns the output column
/// (`Res<ArrayRef>`). A function declared `without error_row` has no `error_row` parameter:
/// no row can fail it (a generator has no input; a validation reports each row's error in
/// its output). Each function keeps its own doc comment, which cbindgen copies into the
/// header (tests/header/expand.rs writes the function out for it, from this macro's input:
/// keep the grammar in step).
macro_rules! arrow_fn {
    (
        $(#[doc = $doc:expr])*
        fn $name:ident($($params:tt)*) without error_row $body:block
    ) => {
        arrow_fn!(@args [$(#[doc = $doc])*] $name [] [ptr::null_mut()] $body
            [] [] $($params)*);
    };
    (
        $(#[doc = $doc:expr])*
        fn $name:ident($($params:tt)*) $body:block
    ) => {
        arrow_fn!(@args [$(#[doc = $doc])*] $name [error_row: *mut i64,] [error_row] $body
            [] [] $($params)*);
    };
    // An input column: its two pointers.
    (@args $docs:tt $name:ident $row_param:tt $row:tt $body:block
        [$($c:tt)*] [$($cols:tt)*] $p:ident / $s:ident : $kind:ident $(, $($rest:tt)*)?) => {
        arrow_fn!(@args $docs $name $row_param $row $body
            [$($c)* $p: *const FFI_ArrowArray, $s: *const FFI_ArrowSchema,]
            [$($cols)* ($p, $s, $kind)] $($($rest)*)?);
    };
    // Any other parameter.
    (@args $docs:tt $name:ident $row_param:tt $row:tt $body:block
        [$($c:tt)*] [$($cols:tt)*] $p:ident : $t:ty $(, $($rest:tt)*)?) => {
        arrow_fn!(@args $docs $name $row_param $row $body
            [$($c)* $p: $t,] [$($cols)*] $($($rest)*)?);
    };
    // Every parameter read: the function.
    (@args [$($docs:tt)*] $name:ident [$($row_param:tt)*] [$row:expr] $body:block
        [$($c:tt)*] [$(($p:ident, $s:ident, $kind:ident))*]) => {
        $($docs)*
        #[no_mangle]
        pub unsafe extern "C" fn $name(
            $($c)*
            out: *mut FFI_ArrowArray,
            out_schema: *mut FFI_ArrowSchema,
            $($row_param)*
            err: *mut polyid_error,
        ) -> polyid_status {
            let inputs: &[In] = &[$(In {
                array: $p,
                schema: $s,
                arg: stringify!($p),
                schema_arg: stringify!($s),
                optional: arrow_fn!(@optional $kind),
                decode: arrow_fn!(@decode $kind),
            }),*];
            compute(inputs, out, out_schema, $row, err, |columns| {
                // `compute` passes one column per input, in order.
                let [$($p),*] = columns else {
                    return Err(internal("a column is missing"));
                };
                $(let $p = arrow_fn!(@column $kind $p);)*
                $body
            })
        }
    };
    (@optional optional_column) => { true };
    (@optional $kind:ident) => { false };
    (@decode column) => { false };
    (@decode $kind:ident) => { true };
    (@column column $p:ident) => {
        $p.as_ref().ok_or_else(|| internal("a column is missing"))?
    };
    (@column decoded_column $p:ident) => {
        $p.as_deref().ok_or_else(|| internal("a column is missing"))?
    };
    (@column optional_column $p:ident) => { $p.as_deref() };
}

// ---------------------------------------------------------------------------------------
// WDP

arrow_fn! {
    /// The compact ID of every code of a string column (`utf8`, `large_utf8` or `utf8_view`;
    /// Arrow formats "u", "U", "vu"; or dictionary-encoded text, read as the text it stands
    /// for, as in every function here): a `utf8` column of 5-character IDs, computed as
    /// `polyid_compact_id_as()` computes them with `profile` (a `polyid_profile`) and `names`
    /// (NULL: the standard named sequences; else a table from `polyid_named_sequences_new()`).
    ///
    /// Every `polyid_arrow_*` function reads its input columns in place and does not take them
    /// over: each input array and its schema stay the caller's (release them as usual, after
    /// the call). It writes a new array and schema into `*out` and `*out_schema`, which the
    /// caller releases with their `release` callbacks (a second call of any of them, or of a
    /// child's, does nothing); on any failure both are left released (`release == NULL`).
    /// Nulls give nulls. `on_error` is a `polyid_arrow_on_error`.
    /// `error_row` (may be NULL) receives the index of the row that failed the call (counted
    /// from the array's first row, its `offset` not included), or `POLYID_ARROW_NO_ROW` (-1)
    /// when the call succeeded or failed for another reason; `err` has the same row in its
    /// message.
    ///
    /// Errors: `POLYID_NULL_POINTER`; `POLYID_INVALID_ARGUMENT` for a column of another type,
    /// a malformed array or schema (checked before anything reads it: its message names the
    /// field at fault, e.g. `input: array.children[1].buffers[0] is NULL`), a released input,
    /// an `on_error` or `profile` out of range, a profile that does not define the family (for
    /// every column, values included) or `names` with a profile other than
    /// `POLYID_PROFILE_POLYID`; with `POLYID_ARROW_RAISE`, the first invalid row's error (its
    /// message names the row).
    fn polyid_arrow_compact_ids(
        input / input_schema: column,
        names: *const polyid_named_sequences,
        profile: i32,
        on_error: i32,
    ) {
        let names = opt_names(names)?;
        let p = to_profile(profile)?;
        each(input, on_error, |a, m| wdp::compact_ids(a, names, p, m))
    }
}

arrow_fn! {
    /// The namespace hash of every namespace of a string column, as `profile` computes it: a
    /// `utf8` column of 5-character hashes. As `polyid_arrow_compact_ids()` otherwise.
    fn polyid_arrow_namespace_hashes(input / input_schema: column, profile: i32, on_error: i32) {
        let p = to_profile(profile)?;
        each(input, on_error, |a, m| wdp::namespace_hashes(a, p, m))
    }
}

arrow_fn! {
    /// The full ID ("<namespace hash>-<compact id>") of every code of a string column in the
    /// namespace `namespace` (NUL-terminated UTF-8): a `utf8` column. As
    /// `polyid_arrow_compact_ids()` otherwise; an invalid namespace fails the call (no row).
    fn polyid_arrow_full_ids(
        namespace: *const c_char,
        input / input_schema: column,
        names: *const polyid_named_sequences,
        profile: i32,
        on_error: i32,
    ) {
        // SAFETY: the header's contract for `namespace`.
        let ns = unsafe { cstr(namespace, "namespace")? };
        let names = opt_names(names)?;
        let p = to_profile(profile)?;
        each(input, on_error, |a, m| wdp::full_ids(ns, a, names, p, m))
    }
}

arrow_fn! {
    /// The full ID of every row of a namespace column and a code column of the same length
    /// (both text): a `utf8` column, null where either cell is null; an invalid namespace or
    /// code is that row's error. As `polyid_arrow_compact_ids()` otherwise.
    fn polyid_arrow_full_ids_per_row(
        namespaces / namespaces_schema: decoded_column,
        codes / codes_schema: decoded_column,
        names: *const polyid_named_sequences,
        profile: i32,
        on_error: i32,
    ) {
        let names = opt_names(names)?;
        let (p, m) = (to_profile(profile)?, self::on_error(on_error)?);
        packed(wdp::full_ids_per_row(namespaces, codes, names, p, m))
    }
}

arrow_fn! {
    /// The normalized form of every code of a string column (uppercase, trimmed, named sequence
    /// resolved with `names`, NULL: the standard table): a `utf8` column. As
    /// `polyid_arrow_compact_ids()` otherwise.
    fn polyid_arrow_normalize_codes(
        input / input_schema: column,
        names: *const polyid_named_sequences,
        on_error: i32,
    ) {
        let names = opt_names(names)?;
        each(input, on_error, |a, m| wdp::normalize_codes(a, names, m))
    }
}

arrow_fn! {
    /// The error code of every code of a string column: a `utf8` column holding the
    /// `polyid_status_code()` string of each invalid code, null where the code is valid (or
    /// null). No row fails the call. Input, outputs and errors as for
    /// `polyid_arrow_compact_ids()`.
    fn polyid_arrow_validate_codes(
        input / input_schema: decoded_column,
        names: *const polyid_named_sequences,
        profile: i32,
    ) without error_row {
        let names = opt_names(names)?;
        wdp::validate_codes(input, names, to_profile(profile)?).map_err(column_fail)
    }
}

arrow_fn! {
    /// The catalog entry of every ID of a string column (compact IDs, or full IDs of the
    /// catalog's namespace) in `catalog` (from `polyid_catalog_load()` or
    /// `polyid_catalog_build()`): a struct column ("+s") `{code: utf8, message: utf8}`, the
    /// message as the catalog has it (placeholders not filled). An ID the catalog does not have
    /// is that row's `POLYID_NOT_FOUND`. As `polyid_arrow_compact_ids()` otherwise.
    fn polyid_arrow_catalog_lookup(
        catalog: *const polyid_catalog,
        input / input_schema: column,
        on_error: i32,
    ) {
        // SAFETY: the header's contract for `catalog`.
        let c = unsafe { crate::catalog::handle(catalog)? };
        each(input, on_error, |a, m| wdp::catalog_lookup(c, a, m))
    }
}

// ---------------------------------------------------------------------------------------
// Streams

/// A stream made by a `polyid_arrow_*_stream` function: a kernel over the caller's stream,
/// its failures as the C functions report them.
struct CStream(MapChunks<'static>);

impl ChunkSource for CStream {
    type Error = Fail;

    fn data_type(&self) -> &DataType {
        self.0.output_type()
    }

    fn next_chunk(&mut self) -> Result<Option<ArrayData>, (Fail, c_int)> {
        self.0.next_chunk().map_err(|e| {
            let code = match &e {
                ReadError::Stream(f) => f.code,
                ReadError::Column(_) => EINVAL,
            };
            (read_fail(e), code)
        })
    }

    fn fault(fault: Fault) -> Fail {
        match fault {
            Fault::NullOut => null("out"),
            Fault::Schema(e) => invalid("out_schema", e.to_string()),
            Fault::Panic(call) => Fail::Panic(call.to_owned()),
        }
    }
}

/// A failure to read the caller's stream: its callback's code and last error, or the
/// column's error.
fn read_fail(e: ReadError) -> Fail {
    match e {
        ReadError::Stream(f) => invalid(
            "input",
            format!(
                "the stream's {} failed with error {}{}",
                f.call,
                f.code,
                f.suffix()
            ),
        ),
        ReadError::Column(e) => column_fail(e),
    }
}

/// Takes the caller's input stream over into a new output stream whose chunks are
/// `kernel`'s results, one per input chunk. The input's type is read and checked (the
/// kernel run on an empty column of it) before anything is taken: on failure the input
/// stays the caller's, untouched.
unsafe fn map_stream(
    input: *mut FFI_ArrowArrayStream,
    column: *const c_char,
    out: *mut FFI_ArrowArrayStream,
    err: *mut polyid_error,
    make: impl FnOnce() -> Res<ChunkKernel<'static>>,
) -> polyid_status {
    if !out.is_null() {
        // SAFETY: a caller's output struct, overwritten without being read or dropped.
        unsafe { out.write(FFI_ArrowArrayStream::empty()) };
    }
    run(err, || {
        non_null(input, "input")?;
        non_null(out, "out")?;
        let kernel = make()?;
        let name = if column.is_null() {
            None
        } else {
            // SAFETY: a NUL-terminated string (the header's contract).
            Some(unsafe { cstr(column, "column") }?)
        };
        // SAFETY: `input` points to a `struct ArrowArrayStream` (the header's contract), moved
        // out only on success.
        let mapped =
            unsafe { polyid_arrow::stream::map_stream(&mut *input, name, kernel, "input") }
                .map_err(read_fail)?;
        // SAFETY: `out` is a non-NULL caller struct (checked above), cleared above.
        unsafe { out.write(export_stream(CStream(mapped))) };
        Ok(())
    })
}

/// `polyid_arrow_compact_ids()` over a stream, computed lazily: a new stream in `*out` whose
/// `get_next` reads the next chunk of `input` and returns its compact IDs (or the struct
/// `{value, error}` with `POLYID_ARROW_NULL`), one output chunk per input chunk, and a
/// released array after the last one. With `column` NULL the input's arrays are the codes
/// (any text type, or dictionary-encoded text; one type for the whole stream, as the stream
/// interface says); otherwise the input is a stream of record batches (struct arrays without
/// null rows, as an Arrow C++, nanoarrow, ADBC or DuckDB result stream carries them) and the
/// codes are their column of that name (a NUL-terminated UTF-8 string, read during the call).
///
/// On success the input stream is taken over: `*input` is marked released (`release ==
/// NULL`) and polyid releases the stream itself when `*out` is released. `names` is copied:
/// it may be freed after the call. The output chunks are the caller's, each released on its
/// own, and may outlive the stream. A second call of the `release` of the stream, of a
/// schema or of a chunk it handed out does nothing. On failure `*out` is left released and
/// `*input` is untouched (still the caller's).
///
/// The call reads the input's schema and checks its type (`POLYID_INVALID_ARGUMENT` for
/// another type, no column of that name, or when the input's `get_schema` fails;
/// `POLYID_NULL_POINTER`; a released stream, an `on_error` or `profile` out of range, a
/// profile without WDP codes, or `names` with another profile than `POLYID_PROFILE_POLYID`).
/// A chunk that fails (its first invalid row with `POLYID_ARROW_RAISE`, a malformed chunk,
/// a batch with null rows, the input's own `get_next` failing) makes `get_next` return an
/// `errno` code (EINVAL, or the input's own) with
/// `get_last_error` giving the message, whose row is counted from the start of the stream;
/// `polyid_arrow_stream_error()` gives the same failure as a status, `polyid_error` and row.
/// The stream stays failed: only `get_last_error` and `release` remain useful.
#[no_mangle]
pub unsafe extern "C" fn polyid_arrow_compact_ids_stream(
    input: *mut FFI_ArrowArrayStream,
    column: *const c_char,
    names: *const polyid_named_sequences,
    profile: i32,
    on_error: i32,
    out: *mut FFI_ArrowArrayStream,
    err: *mut polyid_error,
) -> polyid_status {
    map_stream(input, column, out, err, || {
        let names = opt_names(names)?.cloned();
        let (p, m) = (to_profile(profile)?, self::on_error(on_error)?);
        Ok(chunk_kernel(m, move |a, m| {
            wdp::compact_ids(a, names.as_ref(), p, m)
        }))
    })
}

/// The failure of a stream made by a `polyid_arrow_*_stream` function, after its
/// `get_schema` or `get_next` returned non-zero: returns its status (`POLYID_OK` while the
/// stream has not failed) and writes it into `err` as any failed call would (status,
/// message, details), and the failing row, counted from the start of the stream, into
/// `*error_row` (`POLYID_ARROW_NO_ROW` when the failure is not one row's). `err` and
/// `error_row` may be NULL.
///
/// Errors: `POLYID_NULL_POINTER` (stream), `POLYID_INVALID_ARGUMENT` for a stream that
/// polyid did not make or that is released (nothing else is written then).
#[no_mangle]
pub unsafe extern "C" fn polyid_arrow_stream_error(
    stream: *const FFI_ArrowArrayStream,
    err: *mut polyid_error,
    error_row: *mut i64,
) -> polyid_status {
    let mut row = None;
    let status = run(err, || {
        non_null(stream, "stream")?;
        // SAFETY: `stream` points to a `struct ArrowArrayStream` (the header's contract).
        let stream = unsafe { &*stream };
        match exported_failure::<CStream>(stream) {
            None => Err(invalid(
                "stream",
                "not a live stream made by a polyid_arrow_*_stream function".to_owned(),
            )),
            Some(None) => Ok(()),
            Some(Some(fail)) => {
                if let Fail::Row(e) = fail {
                    row = e.row();
                }
                Err(fail.clone())
            }
        }
    });
    // SAFETY: a caller's output (or NULL).
    unsafe { write_row(error_row, row) };
    status
}

// ---------------------------------------------------------------------------------------
// TID

arrow_fn! {
    /// The value of every TID of a string column, as `profile` reads it: an `int64` column.
    /// As `polyid_arrow_compact_ids()` otherwise.
    fn polyid_arrow_tid_parse(input / input_schema: column, profile: i32, on_error: i32) {
        let p = to_profile(profile)?;
        each(input, on_error, |a, m| tid::parse(a, p, m))
    }
}

arrow_fn! {
    /// The text of every TID of an integer column (any integer type; values 0 to 2^63-1) or a
    /// string column of TIDs: a `utf8` column of 13-symbol TIDs, or of the dashed display form
    /// when `display` is true. As `polyid_arrow_compact_ids()` otherwise.
    fn polyid_arrow_tid_encode(input / input_schema: column, display: bool, on_error: i32) {
        each(input, on_error, |a, m| tid::encode(a, display, m))
    }
}

arrow_fn! {
    /// The timestamp of every TID of a string column (read as `profile` reads it) or an
    /// integer column of TID values: a `timestamp[us, UTC]` column (format "tsu:UTC",
    /// microseconds since the Unix epoch). As `polyid_arrow_compact_ids()` otherwise.
    fn polyid_arrow_tid_timestamps(input / input_schema: column, profile: i32, on_error: i32) {
        let p = to_profile(profile)?;
        each(input, on_error, |a, m| tid::timestamps(a, p, m))
    }
}

arrow_fn! {
    /// The clock id (0-1023) of every TID of a string or integer column: a `uint16` column
    /// (format "S"). As `polyid_arrow_tid_timestamps()` otherwise.
    fn polyid_arrow_tid_clock_ids(input / input_schema: column, profile: i32, on_error: i32) {
        let p = to_profile(profile)?;
        each(input, on_error, |a, m| tid::clock_ids(a, p, m))
    }
}

arrow_fn! {
    /// The TID values (`int64`) of a microseconds column (any integer type, or
    /// `timestamp[us]`, any time zone) and a clock-id column (any integer type) of the same
    /// length, as `polyid_tid_from_parts()` computes them: null where either cell is null; a
    /// value out of range is that row's `POLYID_OUT_OF_RANGE`. As `polyid_arrow_compact_ids()`
    /// otherwise (`POLYID_INVALID_ARGUMENT` also for columns of different lengths).
    fn polyid_arrow_tid_from_parts(
        micros / micros_schema: decoded_column,
        clock_ids / clock_ids_schema: decoded_column,
        on_error: i32,
    ) {
        packed(tid::from_parts(micros, clock_ids, self::on_error(on_error)?))
    }
}

arrow_fn! {
    /// `count` new TIDs as a `utf8` column of 13-symbol texts, in increasing order, from
    /// `generator` (a handle from `polyid_tid_generator_new()`; NULL: the process-wide
    /// default generator of `polyid_tid_generate()`). `count` 0 gives an empty column. The
    /// outputs are the caller's to release, as for `polyid_arrow_compact_ids()`.
    ///
    /// Errors: `POLYID_NULL_POINTER` (out, out_schema), `POLYID_OUT_OF_RANGE` (`count` above
    /// `POLYID_MAX_BATCH`, or the timestamps would leave the TID range), `POLYID_CLOCK_BEHIND`,
    /// the process node's errors, as for `polyid_tid_generator_next_many()`.
    fn polyid_arrow_tid_generate(
        generator: *const polyid_tid_generator,
        count: usize,
    ) without error_row {
        let column = if generator.is_null() {
            tid::generate(polyid::tid::default_generator(), count as u64)
        } else {
            // SAFETY: the header's contract for `generator`.
            let g = unsafe { crate::generation::core(generator)? };
            tid::generate(g, count as u64)
        };
        column.map_err(column_fail)
    }
}

// ---------------------------------------------------------------------------------------
// xid and uid11

arrow_fn! {
    /// The value of every xid of a string column: a `uint64` column. As
    /// `polyid_arrow_compact_ids()` otherwise.
    fn polyid_arrow_xid_parse(input / input_schema: column, on_error: i32) {
        each(input, on_error, |a, m| xid::parse(a, m))
    }
}

arrow_fn! {
    /// The text of every xid of an integer column (or a string column of xids): a `utf8`
    /// column of 11-symbol xids. As `polyid_arrow_compact_ids()` otherwise.
    fn polyid_arrow_xid_encode(input / input_schema: column, on_error: i32) {
        each(input, on_error, |a, m| xid::encode(a, m))
    }
}

arrow_fn! {
    /// The timestamp of every xid of a string or integer column: a `timestamp[ms, UTC]` column
    /// (format "tsm:UTC", milliseconds since the Unix epoch). As `polyid_arrow_compact_ids()`
    /// otherwise.
    fn polyid_arrow_xid_timestamps(input / input_schema: column, on_error: i32) {
        each(input, on_error, |a, m| xid::timestamps(a, m))
    }
}

arrow_fn! {
    /// The 22 random bits of every xid of a string or integer column: a `uint32` column
    /// (format "I"). As `polyid_arrow_compact_ids()` otherwise.
    fn polyid_arrow_xid_randoms(input / input_schema: column, on_error: i32) {
        each(input, on_error, |a, m| xid::randoms(a, m))
    }
}

arrow_fn! {
    /// The xid values (`uint64`) of a Unix-milliseconds column (any integer type, or
    /// `timestamp[ms]`) and a random-bits column (any integer type) of the same length, as
    /// `polyid_xid_from_parts()` computes them. As `polyid_arrow_tid_from_parts()` otherwise.
    fn polyid_arrow_xid_from_parts(
        unix_ms / unix_ms_schema: decoded_column,
        randoms / randoms_schema: decoded_column,
        on_error: i32,
    ) {
        packed(xid::from_parts(unix_ms, randoms, self::on_error(on_error)?))
    }
}

arrow_fn! {
    /// `count` new xids as a `utf8` column of 11-symbol texts from `generator` (a handle from
    /// `polyid_xid_generator_new()`; NULL: the process-wide default generator of
    /// `polyid_xid_generate()`). As `polyid_arrow_tid_generate()` otherwise.
    fn polyid_arrow_xid_generate(
        generator: *const polyid_xid_generator,
        count: usize,
    ) without error_row {
        let column = if generator.is_null() {
            xid::generate(polyid::xid::default_generator(), count as u64)
        } else {
            // SAFETY: the header's contract for `generator`.
            let g = unsafe { crate::generation::core(generator)? };
            xid::generate(g, count as u64)
        };
        column.map_err(column_fail)
    }
}

arrow_fn! {
    /// The uid11 text of every integer of an integer column (any integer type; a value outside
    /// 0 to 2^64-1 is that row's `POLYID_OUT_OF_RANGE`): a `utf8` column of 11-symbol texts, as
    /// `polyid_uid11_encode()` writes them. As `polyid_arrow_compact_ids()` otherwise.
    fn polyid_arrow_uid11_encode(input / input_schema: column, on_error: i32) {
        each(input, on_error, |a, m| xid::uid11_encode(a, m))
    }
}

arrow_fn! {
    /// The value of every uid11 text of a string column: a `uint64` column, as
    /// `polyid_uid11_decode()` reads them. As `polyid_arrow_compact_ids()` otherwise.
    fn polyid_arrow_uid11_decode(input / input_schema: column, on_error: i32) {
        each(input, on_error, |a, m| xid::uid11_decode(a, m))
    }
}

// ---------------------------------------------------------------------------------------
// EUID

arrow_fn! {
    /// The value of every EUID of a string column, as `profile` reads it: a
    /// `fixed_size_binary(16)` column (format "w:16", big-endian). As
    /// `polyid_arrow_compact_ids()` otherwise.
    fn polyid_arrow_euid_parse(input / input_schema: column, profile: i32, on_error: i32) {
        let p = to_profile(profile)?;
        each(input, on_error, |a, m| euid::parse(a, p, m))
    }
}

arrow_fn! {
    /// The text of every EUID of a `fixed_size_binary(16)` column (or a string column of
    /// EUIDs): a `utf8` column of 27-symbol EUIDs, with the check symbol, or the no-check
    /// symbol when `checkmod` is false. As `polyid_arrow_compact_ids()` otherwise.
    fn polyid_arrow_euid_encode(input / input_schema: column, checkmod: bool, on_error: i32) {
        each(input, on_error, |a, m| euid::encode(a, checkmod, m))
    }
}

arrow_fn! {
    /// The timestamp of every EUID of a string column (read as `profile` reads it) or a
    /// `fixed_size_binary(16)` column: a `timestamp[ms, UTC]` column (format "tsm:UTC"). As
    /// `polyid_arrow_compact_ids()` otherwise.
    fn polyid_arrow_euid_timestamps(input / input_schema: column, profile: i32, on_error: i32) {
        let p = to_profile(profile)?;
        each(input, on_error, |a, m| euid::timestamps(a, p, m))
    }
}

arrow_fn! {
    /// The extension of every EUID of a string or `fixed_size_binary(16)` column: a `uint16`
    /// column (format "S"), null for an EUID without an extension (with `POLYID_ARROW_NULL`,
    /// the error column tells such a row, whose error is null, from an invalid one). As
    /// `polyid_arrow_euid_timestamps()` otherwise.
    fn polyid_arrow_euid_extensions(input / input_schema: column, profile: i32, on_error: i32) {
        let p = to_profile(profile)?;
        each(input, on_error, |a, m| euid::extensions(a, p, m))
    }
}

arrow_fn! {
    /// The EUID values (`fixed_size_binary(16)`) of their field columns, all of one length, as
    /// `polyid_euid_from_parts()` computes them: Unix milliseconds (any integer type, or
    /// `timestamp[ms]`), the extensions (NULL array: none; a null cell: no extension for that
    /// row), the paddings (NULL array: 0) and the low 64 random bits (any integer type; a
    /// `uint64` column holds them all). A row is null where its milliseconds, padding or random
    /// cell is. An optional column's schema is read only when its array is given. As
    /// `polyid_arrow_tid_from_parts()` otherwise.
    fn polyid_arrow_euid_from_parts(
        unix_ms / unix_ms_schema: decoded_column,
        extensions / extensions_schema: optional_column,
        paddings / paddings_schema: optional_column,
        randoms / randoms_schema: decoded_column,
        on_error: i32,
    ) {
        let m = self::on_error(on_error)?;
        packed(euid::from_parts(unix_ms, extensions, paddings, randoms, m))
    }
}

arrow_fn! {
    /// `count` new EUIDs (without extension) as a `utf8` column of 27-symbol texts with the
    /// check symbol, in increasing order, from `generator` (a handle from
    /// `polyid_euid_generator_new()`; NULL: one generator per process, shared by the calls
    /// without one). As `polyid_arrow_tid_generate()` otherwise (`POLYID_EXHAUSTED` when the
    /// random part would overflow).
    fn polyid_arrow_euid_generate(
        generator: *const polyid_euid_generator,
        count: usize,
    ) without error_row {
        let column = if generator.is_null() {
            euid::generate(polyid::euid::default_generator(), count as u64)
        } else {
            // SAFETY: the header's contract for `generator`.
            let g = unsafe { crate::generation::core(generator)? };
            euid::generate(g, count as u64)
        };
        column.map_err(column_fail)
    }
}
