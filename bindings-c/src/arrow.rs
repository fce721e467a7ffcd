//! Arrow columns through the Arrow C Data Interface: a `struct ArrowArray` and its
//! `struct ArrowSchema` in, a new array and schema out, computed by the column kernels of
//! `polyid-arrow` (the same kernels as Python's `polyid.arrow`).

use core::ffi::{c_char, c_void};
use core::ptr;

use arrow_array::ffi::{from_ffi, FFI_ArrowArray, FFI_ArrowSchema};
use arrow_array::{make_array, Array, ArrayRef, StructArray};
use arrow_data::ArrayData;
use arrow_schema::{DataType, Field, Fields};
use polyid::{Detail, Error, ErrorCode, Profile};
use polyid_arrow::{euid, tid, wdp, xid, ColumnError, OnError, Output};
use std::sync::Arc;

use crate::ffi::*;

/// What an Arrow function does with a row that polyid rejects.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum polyid_arrow_on_error {
    /// The first invalid row fails the call with its error; the message starts with
    /// `row N ("input"): ` and no output is written.
    POLYID_ARROW_RAISE = 0,
    /// An invalid row becomes null, and the output is a struct column
    /// `{value, error}`: the values, and a string column of each invalid row's error code
    /// (`polyid_status_code()` strings; null for valid and null rows).
    POLYID_ARROW_NULL = 1,
}

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

fn profile(v: i32) -> Res<Profile> {
    Ok(Profile::from_index(v.into())?)
}

fn invalid(context: &'static str, message: String) -> Fail {
    Fail::Core(Error::new(
        ErrorCode::InvalidArgument,
        context,
        Detail::Message(message.into()),
    ))
}

fn column_fail(e: ColumnError) -> Fail {
    if e.row().is_some() {
        Fail::Row(e)
    } else {
        Fail::Core(e.error().clone())
    }
}

/// The layout of `struct ArrowArray` (the C Data Interface), with public fields: used only
/// to make the borrowed copy that [`borrow`] imports.
#[repr(C)]
struct RawArray {
    length: i64,
    null_count: i64,
    offset: i64,
    n_buffers: i64,
    n_children: i64,
    buffers: *mut *const c_void,
    children: *mut *mut RawArray,
    dictionary: *mut RawArray,
    release: Option<unsafe extern "C" fn(*mut RawArray)>,
    private_data: *mut c_void,
}

const _: () = assert!(core::mem::size_of::<RawArray>() == core::mem::size_of::<FFI_ArrowArray>());

/// The layout of `struct ArrowSchema`, to read its release callback.
#[repr(C)]
struct RawSchema {
    format: *const c_char,
    name: *const c_char,
    metadata: *const c_char,
    flags: i64,
    n_children: i64,
    children: *mut *mut RawSchema,
    dictionary: *mut RawSchema,
    release: Option<unsafe extern "C" fn(*mut RawSchema)>,
    private_data: *mut c_void,
}

const _: () = assert!(core::mem::size_of::<RawSchema>() == core::mem::size_of::<FFI_ArrowSchema>());

/// The release callback of a borrowed copy: the caller's array stays the caller's.
unsafe extern "C" fn release_borrowed(array: *mut RawArray) {
    if !array.is_null() {
        // SAFETY: `array` is the live copy made by `borrow` (the only holder of this
        // callback); marking it released is all a release callback must do here.
        unsafe { (*array).release = None };
    }
}

/// The caller's input column, read in place without taking it over: a copy of its top-level
/// struct whose release does nothing, so the buffers stay owned by the caller's struct
/// (which the caller keeps, and releases, as before the call). The data is validated in
/// full (offsets, UTF-8, children) before any kernel reads it.
unsafe fn borrow(
    array: *const FFI_ArrowArray,
    schema: *const FFI_ArrowSchema,
    arg: &'static str,
) -> Res<ArrayRef> {
    non_null(array, arg)?;
    non_null(schema, "schema")?;
    // SAFETY: `array` points to a `struct ArrowArray` (the header's contract); RawArray has
    // its layout. The copy shares the caller's buffers, children and private data.
    let mut raw: RawArray = unsafe { ptr::read(array.cast::<RawArray>()) };
    if raw.release.is_none() {
        return Err(invalid(arg, "the array is released".to_owned()));
    }
    raw.release = Some(release_borrowed);
    // SAFETY: RawArray and FFI_ArrowArray are both the C struct (sizes checked above).
    let copy: FFI_ArrowArray = unsafe { core::mem::transmute::<RawArray, FFI_ArrowArray>(raw) };
    // SAFETY: `schema` points to the `struct ArrowSchema` of the array (the header's
    // contract), only read here; RawSchema has its layout.
    if unsafe { (*schema.cast::<RawSchema>()).release.is_none() } {
        return Err(invalid("schema", "the schema is released".to_owned()));
    }
    // SAFETY: as above.
    let schema = unsafe { &*schema };
    // SAFETY: the array and schema describe one array (the C Data Interface's contract);
    // `validate_full` checks every buffer against the type before any kernel reads it.
    let data = unsafe { from_ffi(copy, schema) }.map_err(|e| invalid(arg, e.to_string()))?;
    data.validate_full()
        .map_err(|e| invalid(arg, e.to_string()))?;
    polyid_arrow::decode_dictionary(&make_array(data)).map_err(column_fail)
}

/// Whether any buffer of `out` lies in memory of `input` (an output must not outlive the
/// caller's input through a shared buffer: the kernels build every output buffer anew).
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

/// The column an `on_error` mode returns: the values, or the struct `{value, error}`.
fn pack(out: Output) -> Res<ArrayRef> {
    let Some(errors) = out.errors else {
        return Ok(out.values);
    };
    let fields = Fields::from(vec![
        Field::new("value", out.values.data_type().clone(), true),
        Field::new("error", DataType::Utf8, true),
    ]);
    StructArray::try_new(fields, vec![out.values, errors], None)
        .map(|s| Arc::new(s) as ArrayRef)
        .map_err(|e| {
            Fail::Core(Error::new(
                ErrorCode::InternalError,
                "Arrow column",
                Detail::Message(e.to_string().into()),
            ))
        })
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

/// Runs `kernel` over the caller's input column and moves the result into the caller's
/// output structs.
unsafe fn column(
    input: *const FFI_ArrowArray,
    input_schema: *const FFI_ArrowSchema,
    arg: &'static str,
    out: *mut FFI_ArrowArray,
    out_schema: *mut FFI_ArrowSchema,
    err: *mut polyid_error,
    kernel: impl FnOnce(&dyn Array) -> Res<ArrayRef>,
) -> polyid_status {
    // SAFETY: output pointers are only written (NULL ones are skipped).
    unsafe { clear(out, out_schema) };
    run(err, || {
        non_null(out, "out")?;
        non_null(out_schema, "out_schema")?;
        // SAFETY: the header's contract for `input` and `input_schema`.
        let array = unsafe { borrow(input, input_schema, arg)? };
        let result = kernel(array.as_ref())?;
        let data = result.to_data();
        if shares_memory(&data, &array.to_data()) {
            return Err(Fail::Core(Error::reason(
                ErrorCode::InternalError,
                "Arrow column",
                "the output shares a buffer with the input",
            )));
        }
        let field = Field::new("", data.data_type().clone(), true);
        let schema = FFI_ArrowSchema::try_from(&field).map_err(|e| invalid(arg, e.to_string()))?;
        // SAFETY: both outputs are non-NULL (checked above) caller structs, released by
        // `clear`: they receive the new array and schema, which the caller releases.
        unsafe {
            out.write(FFI_ArrowArray::new(&data));
            out_schema.write(schema);
        }
        Ok(())
    })
}

/// The compact ID of every code of a string column (`utf8`, `large_utf8` or `utf8_view`;
/// Arrow formats "u", "U", "vu"; or dictionary-encoded text, read as the text it stands
/// for, as in every function here): a `utf8` column of 5-character IDs, computed as
/// `polyid_compact_id_as()` computes them with `profile` (a `polyid_profile`).
///
/// Every `polyid_arrow_*` function reads its input column in place and does not take it
/// over: `input` and `input_schema` stay the caller's (release them as usual, after the
/// call). It writes a new array and schema into `*out` and `*out_schema`, which the caller
/// releases with their `release` callbacks; on any failure both are left released
/// (`release == NULL`). Nulls give nulls. `on_error` is a `polyid_arrow_on_error`.
///
/// Errors: `POLYID_NULL_POINTER`; `POLYID_INVALID_ARGUMENT` for a column of another type,
/// a malformed array, a released input, or an `on_error` or `profile` out of range; with
/// `POLYID_ARROW_RAISE`, the first invalid row's error (its message names the row).
#[no_mangle]
pub unsafe extern "C" fn polyid_arrow_compact_ids(
    input: *const FFI_ArrowArray,
    input_schema: *const FFI_ArrowSchema,
    profile: i32,
    on_error: i32,
    out: *mut FFI_ArrowArray,
    out_schema: *mut FFI_ArrowSchema,
    err: *mut polyid_error,
) -> polyid_status {
    column(input, input_schema, "input", out, out_schema, err, |a| {
        let (p, m) = (self::profile(profile)?, self::on_error(on_error)?);
        pack(wdp::compact_ids(a, None, p, m).map_err(column_fail)?)
    })
}

/// The full ID ("<namespace hash>-<compact id>") of every code of a string column in the
/// namespace `namespace` (NUL-terminated UTF-8): a `utf8` column. As
/// `polyid_arrow_compact_ids()` otherwise; an invalid namespace fails the call.
#[no_mangle]
pub unsafe extern "C" fn polyid_arrow_full_ids(
    namespace: *const c_char,
    input: *const FFI_ArrowArray,
    input_schema: *const FFI_ArrowSchema,
    profile: i32,
    on_error: i32,
    out: *mut FFI_ArrowArray,
    out_schema: *mut FFI_ArrowSchema,
    err: *mut polyid_error,
) -> polyid_status {
    column(input, input_schema, "input", out, out_schema, err, |a| {
        // SAFETY: the header's contract for `namespace`.
        let ns = unsafe { cstr(namespace, "namespace")? };
        let (p, m) = (self::profile(profile)?, self::on_error(on_error)?);
        pack(wdp::full_ids(ns, a, None, p, m).map_err(column_fail)?)
    })
}

/// The error code of every code of a string column: a `utf8` column holding the
/// `polyid_status_code()` string of each invalid code, null where the code is valid (or
/// null). Input, outputs and errors as for `polyid_arrow_compact_ids()`.
#[no_mangle]
pub unsafe extern "C" fn polyid_arrow_validate_codes(
    input: *const FFI_ArrowArray,
    input_schema: *const FFI_ArrowSchema,
    profile: i32,
    out: *mut FFI_ArrowArray,
    out_schema: *mut FFI_ArrowSchema,
    err: *mut polyid_error,
) -> polyid_status {
    column(input, input_schema, "input", out, out_schema, err, |a| {
        wdp::validate_codes(a, None, self::profile(profile)?).map_err(column_fail)
    })
}

/// The value of every TID of a string column, as `profile` reads it: an `int64` column.
/// As `polyid_arrow_compact_ids()` otherwise.
#[no_mangle]
pub unsafe extern "C" fn polyid_arrow_tid_parse(
    input: *const FFI_ArrowArray,
    input_schema: *const FFI_ArrowSchema,
    profile: i32,
    on_error: i32,
    out: *mut FFI_ArrowArray,
    out_schema: *mut FFI_ArrowSchema,
    err: *mut polyid_error,
) -> polyid_status {
    column(input, input_schema, "input", out, out_schema, err, |a| {
        let (p, m) = (self::profile(profile)?, self::on_error(on_error)?);
        pack(tid::parse(a, p, m).map_err(column_fail)?)
    })
}

/// The text of every TID of an integer column (any integer type; values 0 to 2^63-1): a
/// `utf8` column of 13-symbol TIDs, or of the dashed display form when `display` is true.
/// As `polyid_arrow_compact_ids()` otherwise.
#[no_mangle]
pub unsafe extern "C" fn polyid_arrow_tid_encode(
    input: *const FFI_ArrowArray,
    input_schema: *const FFI_ArrowSchema,
    display: bool,
    on_error: i32,
    out: *mut FFI_ArrowArray,
    out_schema: *mut FFI_ArrowSchema,
    err: *mut polyid_error,
) -> polyid_status {
    column(input, input_schema, "input", out, out_schema, err, |a| {
        pack(tid::encode(a, display, self::on_error(on_error)?).map_err(column_fail)?)
    })
}

/// The value of every xid of a string column: a `uint64` column. As
/// `polyid_arrow_compact_ids()` otherwise.
#[no_mangle]
pub unsafe extern "C" fn polyid_arrow_xid_parse(
    input: *const FFI_ArrowArray,
    input_schema: *const FFI_ArrowSchema,
    on_error: i32,
    out: *mut FFI_ArrowArray,
    out_schema: *mut FFI_ArrowSchema,
    err: *mut polyid_error,
) -> polyid_status {
    column(input, input_schema, "input", out, out_schema, err, |a| {
        pack(xid::parse(a, self::on_error(on_error)?).map_err(column_fail)?)
    })
}

/// The text of every xid of an integer column: a `utf8` column of 11-symbol xids. As
/// `polyid_arrow_compact_ids()` otherwise.
#[no_mangle]
pub unsafe extern "C" fn polyid_arrow_xid_encode(
    input: *const FFI_ArrowArray,
    input_schema: *const FFI_ArrowSchema,
    on_error: i32,
    out: *mut FFI_ArrowArray,
    out_schema: *mut FFI_ArrowSchema,
    err: *mut polyid_error,
) -> polyid_status {
    column(input, input_schema, "input", out, out_schema, err, |a| {
        pack(xid::encode(a, self::on_error(on_error)?).map_err(column_fail)?)
    })
}

/// The value of every EUID of a string column, as `profile` reads it: a
/// `fixed_size_binary(16)` column (format "w:16", big-endian). As
/// `polyid_arrow_compact_ids()` otherwise.
#[no_mangle]
pub unsafe extern "C" fn polyid_arrow_euid_parse(
    input: *const FFI_ArrowArray,
    input_schema: *const FFI_ArrowSchema,
    profile: i32,
    on_error: i32,
    out: *mut FFI_ArrowArray,
    out_schema: *mut FFI_ArrowSchema,
    err: *mut polyid_error,
) -> polyid_status {
    column(input, input_schema, "input", out, out_schema, err, |a| {
        let (p, m) = (self::profile(profile)?, self::on_error(on_error)?);
        pack(euid::parse(a, p, m).map_err(column_fail)?)
    })
}

/// The text of every EUID of a `fixed_size_binary(16)` column: a `utf8` column of
/// 27-symbol EUIDs, with the check symbol, or the no-check symbol when `checkmod` is false.
/// As `polyid_arrow_compact_ids()` otherwise.
#[no_mangle]
pub unsafe extern "C" fn polyid_arrow_euid_encode(
    input: *const FFI_ArrowArray,
    input_schema: *const FFI_ArrowSchema,
    checkmod: bool,
    on_error: i32,
    out: *mut FFI_ArrowArray,
    out_schema: *mut FFI_ArrowSchema,
    err: *mut polyid_error,
) -> polyid_status {
    column(input, input_schema, "input", out, out_schema, err, |a| {
        pack(euid::encode(a, checkmod, self::on_error(on_error)?).map_err(column_fail)?)
    })
}
