//! `polyid.arrow`: the column kernels of `polyid-arrow` over any Arrow producer, through the
//! Arrow PyCapsule interface (src/arrow_capsules.rs).
//!
//! An object with `__arrow_c_array__` gives an array back; one with only
//! `__arrow_c_stream__` (a chunked array, a Polars Series, a stream) gives a chunked array
//! back, one output chunk per input chunk, the stream read a chunk at a time (for a function
//! of several columns, one output chunk per piece of rows that every input's chunk covers).
//! The input buffers are read in place; the kernels run without the GIL. With
//! `on_error="null"` the result is a struct column `{value, error}`: the values with nulls
//! for invalid rows, and their error codes.

use arrow_array::{new_empty_array, Array, ArrayRef};
use pyo3::prelude::*;

use polyid::ErrorCode;
use polyid_arrow::stream::{self, output_type, ManyChunkKernel, MapChunks, ReadError, ZipChunks};
use polyid_arrow::{euid, per_value, tid, wdp, xid, ColumnError, OnError, Output};

use crate::args::{profile, Text};
use crate::arrow_capsules::{read_err, ArrowArray, ArrowChunkedArray, Column};
use crate::catalog::Catalog;
use crate::errors::{binding_err, column_err};

/// An `on_error=` argument.
fn on_error(py: Python<'_>, value: &str) -> PyResult<OnError> {
    OnError::from_name(value).ok_or_else(|| {
        binding_err(
            py,
            ErrorCode::InvalidArgument,
            format!(
                "on_error: expected \"raise\" or \"null\", not {}",
                polyid::quote(value)
            ),
        )
    })
}

/// Runs a kernel over checked columns. A panic in it is a bug in polyid: it becomes
/// `INTERNAL_ERROR` (a `PolyIdError`, as the C binding reports it), not the
/// `PanicException` pyo3 would raise, which `except Exception` does not catch.
fn guarded<T, E: From<ColumnError>>(kernel: impl FnOnce() -> Result<T, E>) -> Result<T, E> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(kernel)).unwrap_or_else(|_| {
        Err(ColumnError::new(polyid::Error::reason(
            ErrorCode::InternalError,
            "Arrow column",
            "a kernel panicked: a bug in polyid, please report it",
        ))
        .into())
    })
}

/// A row-wise kernel over several columns of one row set.
type ManyKernel<'k> = dyn Fn(&[ArrayRef], OnError) -> Result<Output, ColumnError> + Sync + 'k;

/// A row-wise kernel over one column.
type Kernel<'k> = dyn Fn(&dyn Array, OnError) -> Result<Output, ColumnError> + Sync + 'k;

/// Runs `kernel` over an array (an array back) or over every chunk of a stream (a chunked
/// array back), the stream read and computed a chunk at a time.
fn apply(py: Python<'_>, input: Column, mode: OnError, kernel: &Kernel<'_>) -> PyResult<Py<PyAny>> {
    match input {
        Column::Array(array) => {
            let out = py
                .detach(|| guarded(|| per_value(&array, mode, kernel).and_then(Output::packed)))
                .map_err(|e| column_err(py, e))?;
            Ok(Py::new(py, ArrowArray::new(out))?.into_any())
        }
        Column::Stream(reader) => {
            let mut chunk_kernel = stream::chunk_kernel(mode, kernel);
            let (chunks, data_type) = py
                .detach(|| {
                    guarded(|| {
                        let out_type = output_type(&mut chunk_kernel, reader.data_type())?;
                        let mapped = MapChunks::new(reader, None, out_type.clone(), chunk_kernel);
                        Ok::<_, ReadError>((mapped.collect()?, out_type))
                    })
                })
                .map_err(|e| read_err(py, e))?;
            Ok(Py::new(py, ArrowChunkedArray::new(chunks, &data_type))?.into_any())
        }
    }
}

/// Runs a kernel of several columns of one row set (dictionary-encoded text decoded first
/// with `decode`), the columns read in step a piece at a time (`ZipChunks`), so that no
/// stream is held whole: an array back when every input is an array (one piece), a chunked
/// array back when any is a stream.
fn apply_many(
    py: Python<'_>,
    inputs: Vec<Column>,
    mode: OnError,
    decode: bool,
    kernel: &ManyKernel<'_>,
) -> PyResult<Py<PyAny>> {
    let arrays = inputs.iter().all(|c| matches!(c, Column::Array(_)));
    let columns = inputs
        .into_iter()
        .map(|c| match c {
            Column::Array(a) => stream::Column::Array(a),
            Column::Stream(r) => stream::Column::Stream(r),
        })
        .collect();
    let many: ManyChunkKernel<'_> = Box::new(move |c| kernel(c, mode).and_then(Output::packed));
    let (chunks, data_type) = py
        .detach(|| {
            guarded(|| {
                let mut zip = ZipChunks::new(columns, decode, many);
                let out_type = zip.output_type()?;
                Ok::<_, ReadError>((zip.collect()?, out_type))
            })
        })
        .map_err(|e| read_err(py, e))?;
    if arrays {
        let out = chunks
            .into_iter()
            .next()
            .unwrap_or_else(|| new_empty_array(&data_type));
        return Ok(Py::new(py, ArrowArray::new(out))?.into_any());
    }
    Ok(Py::new(py, ArrowChunkedArray::new(chunks, &data_type))?.into_any())
}

/// `$name(count, generator=None)`: `count` new IDs from the generator given, else from the
/// family's process-wide one (`$family::default_generator`), so that the IDs of successive
/// calls keep increasing.
macro_rules! generate_fn {
    ($(#[$doc:meta])* $name:ident, $family:ident, $generator:ty) => {
        $(#[$doc])*
        #[pyfunction]
        #[pyo3(signature = (count, generator = None))]
        pub fn $name(
            py: Python<'_>,
            count: &Bound<'_, PyAny>,
            generator: Option<&Bound<'_, $generator>>,
        ) -> PyResult<Py<PyAny>> {
            let count: u64 = crate::args::count(count)?;
            let r = match generator {
                Some(g) => {
                    let g = g.get();
                    py.detach(|| $family::generate(&g.gen, count))
                }
                None => {
                    let g = polyid::$family::default_generator();
                    py.detach(|| $family::generate(g, count))
                }
            };
            let out = r.map_err(|e| column_err(py, e))?;
            Ok(Py::new(py, ArrowArray::new(out))?.into_any())
        }
    };
}

/// A kernel that reads one column (keyword `$col`) and, when given, a `profile=` or one
/// keyword flag.
macro_rules! reader {
    ($(#[$doc:meta])* $name:ident($col:ident $(, $flag:ident = $default:tt)?) => $kernel:path) => {
        $(#[$doc])*
        #[pyfunction]
        #[pyo3(signature = ($col, * $(, $flag = $default)?, on_error = "raise"))]
        pub fn $name(
            py: Python<'_>,
            $col: Column,
            $($flag: bool,)?
            on_error: &str,
        ) -> PyResult<Py<PyAny>> {
            let mode = self::on_error(py, on_error)?;
            apply(py, $col, mode, &|a, m| $kernel(a, $($flag,)? m))
        }
    };
    ($(#[$doc:meta])* $name:ident($col:ident, profile) => $kernel:path) => {
        $(#[$doc])*
        #[pyfunction]
        #[pyo3(signature = ($col, *, profile = None, on_error = "raise"))]
        pub fn $name(
            py: Python<'_>,
            $col: Column,
            profile: Option<&Bound<'_, PyAny>>,
            on_error: &str,
        ) -> PyResult<Py<PyAny>> {
            let p = self::profile(profile)?;
            let mode = self::on_error(py, on_error)?;
            apply(py, $col, mode, &|a, m| $kernel(a, p, m))
        }
    };
}

/// A kernel of two columns of one row set (keywords `$a`, `$b`).
macro_rules! two_columns {
    ($(#[$doc:meta])* $name:ident, $a:ident, $b:ident, $kernel:path) => {
        $(#[$doc])*
        #[pyfunction]
        #[pyo3(signature = ($a, $b, *, on_error = "raise"))]
        pub fn $name(
            py: Python<'_>,
            $a: Column,
            $b: Column,
            on_error: &str,
        ) -> PyResult<Py<PyAny>> {
            let mode = self::on_error(py, on_error)?;
            apply_many(py, vec![$a, $b], mode, false, &|c, m| {
                $kernel(c[0].as_ref(), c[1].as_ref(), m)
            })
        }
    };
}

// ---------------------------------------------------------------------------------------
// WDP

/// The compact ID of every code: a string column of 5-character IDs.
#[pyfunction]
#[pyo3(signature = (codes, named_sequences = None, *, profile = None, on_error = "raise"))]
pub fn compact_ids(
    py: Python<'_>,
    codes: Column,
    named_sequences: Option<&Bound<'_, PyAny>>,
    profile: Option<&Bound<'_, PyAny>>,
    on_error: &str,
) -> PyResult<Py<PyAny>> {
    let names = crate::wdp::names(named_sequences)?;
    let p = self::profile(profile)?;
    let mode = self::on_error(py, on_error)?;
    apply(py, codes, mode, &|a, m| {
        wdp::compact_ids(a, names.as_ref(), p, m)
    })
}

reader!(
    /// The namespace hash of every namespace: a string column of 5-character hashes.
    namespace_hashes(namespaces, profile) => wdp::namespace_hashes);

/// The full ID "<namespace hash>-<compact id>" of every code: in one namespace (a str),
/// or in the namespace of its row (a text column of the same length).
#[pyfunction]
#[pyo3(signature = (namespace, codes, named_sequences = None, *, profile = None, on_error = "raise"))]
pub fn full_ids(
    py: Python<'_>,
    namespace: &Bound<'_, PyAny>,
    codes: Column,
    named_sequences: Option<&Bound<'_, PyAny>>,
    profile: Option<&Bound<'_, PyAny>>,
    on_error: &str,
) -> PyResult<Py<PyAny>> {
    let names = crate::wdp::names(named_sequences)?;
    let p = self::profile(profile)?;
    let mode = self::on_error(py, on_error)?;
    if let Ok(ns) = namespace.extract::<Text<'_>>() {
        let ns = ns.0.to_owned();
        return apply(py, codes, mode, &|a, m| {
            wdp::full_ids(&ns, a, names.as_ref(), p, m)
        });
    }
    // A namespace per row: a text column of the same length.
    let namespaces: Column = namespace.extract()?;
    let inputs = vec![namespaces, codes];
    apply_many(py, inputs, mode, true, &|c, m| {
        wdp::full_ids_per_row(c[0].as_ref(), c[1].as_ref(), names.as_ref(), p, m)
    })
}

/// The normalized form of every code (uppercase, trimmed, named sequence resolved).
#[pyfunction]
#[pyo3(signature = (codes, named_sequences = None, *, on_error = "raise"))]
pub fn normalize_codes(
    py: Python<'_>,
    codes: Column,
    named_sequences: Option<&Bound<'_, PyAny>>,
    on_error: &str,
) -> PyResult<Py<PyAny>> {
    let names = crate::wdp::names(named_sequences)?;
    let mode = self::on_error(py, on_error)?;
    apply(py, codes, mode, &|a, m| {
        wdp::normalize_codes(a, names.as_ref(), m)
    })
}

/// The error code of every code: null where the code is valid (or null).
#[pyfunction]
#[pyo3(signature = (codes, named_sequences = None, *, profile = None))]
pub fn validate_codes(
    py: Python<'_>,
    codes: Column,
    named_sequences: Option<&Bound<'_, PyAny>>,
    profile: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let names = crate::wdp::names(named_sequences)?;
    let p = self::profile(profile)?;
    apply(py, codes, OnError::Raise, &|a, _| {
        let errors = wdp::validate_codes(a, names.as_ref(), p)?;
        Ok(Output {
            values: errors,
            errors: None,
        })
    })
}

/// The catalog entry of every ID: a struct column {code, message} (message unexpanded).
#[pyfunction]
#[pyo3(signature = (catalog, ids, *, on_error = "raise"))]
pub fn catalog_lookup(
    py: Python<'_>,
    catalog: &Bound<'_, Catalog>,
    ids: Column,
    on_error: &str,
) -> PyResult<Py<PyAny>> {
    let mode = self::on_error(py, on_error)?;
    let c = &catalog.get().0;
    apply(py, ids, mode, &|a, m| wdp::catalog_lookup(c, a, m))
}

// ---------------------------------------------------------------------------------------
// TID

reader!(
    /// The text of every TID (13 symbols, or the dashed display form).
    tid_encode(tids, display = false) => tid::encode);
reader!(
    /// The value of every TID (int64).
    tid_parse(tids, profile) => tid::parse);
reader!(
    /// The timestamp of every TID (timestamp[us, UTC]).
    tid_timestamps(tids, profile) => tid::timestamps);
reader!(
    /// The clock id of every TID (uint16).
    tid_clock_ids(tids, profile) => tid::clock_ids);

two_columns!(
    /// TID values (int64) from microseconds (integers or timestamp[us]) and clock ids.
    tid_from_parts, micros, clock_ids, tid::from_parts);

generate_fn!(
    /// count new TIDs as a string column, in increasing order.
    tid_generate, tid, crate::tid::TidGenerator);

// ---------------------------------------------------------------------------------------
// xid and uid11

reader!(
    /// The text of every xid (11 symbols).
    xid_encode(xids) => xid::encode);
reader!(
    /// The value of every xid (uint64).
    xid_parse(xids) => xid::parse);
reader!(
    /// The timestamp of every xid (timestamp[ms, UTC]).
    xid_timestamps(xids) => xid::timestamps);
reader!(
    /// The 22 random bits of every xid (uint32).
    xid_randoms(xids) => xid::randoms);

reader!(
    /// The uid11 text of every integer (11 symbols).
    uid11_encode(values) => xid::uid11_encode);
reader!(
    /// The value of every uid11 text (uint64).
    uid11_decode(texts) => xid::uid11_decode);

two_columns!(
    /// xid values (uint64) from Unix milliseconds (integers or timestamp[ms]) and random bits.
    xid_from_parts, unix_ms, randoms, xid::from_parts);

generate_fn!(
    /// count new xids as a string column.
    xid_generate, xid, crate::xid::XidGenerator);

// ---------------------------------------------------------------------------------------
// EUID

reader!(
    /// The text of every EUID (27 symbols, with or without the check symbol).
    euid_encode(euids, checkmod = true) => euid::encode);
reader!(
    /// The value of every EUID (fixed_size_binary(16), big-endian).
    euid_parse(euids, profile) => euid::parse);
reader!(
    /// The timestamp of every EUID (timestamp[ms, UTC]).
    euid_timestamps(euids, profile) => euid::timestamps);
reader!(
    /// The extension of every EUID (uint16, null when it has none).
    euid_extensions(euids, profile) => euid::extensions);

/// EUID values (fixed_size_binary(16)) from their fields; a null extension is none.
///
/// A row's parts are checked in the order unix_ms, extension, padding, random (as every
/// runtime checks an EUID's), the first one out of its range naming the row's error.
#[pyfunction]
#[pyo3(signature = (unix_ms, randoms, *, extensions = None, paddings = None, on_error = "raise"))]
pub fn euid_from_parts(
    py: Python<'_>,
    unix_ms: Column,
    randoms: Column,
    extensions: Option<Column>,
    paddings: Option<Column>,
    on_error: &str,
) -> PyResult<Py<PyAny>> {
    let mode = self::on_error(py, on_error)?;
    let has_ext = extensions.is_some();
    let has_pad = paddings.is_some();
    let mut inputs = vec![unix_ms, randoms];
    inputs.extend(extensions);
    inputs.extend(paddings);
    apply_many(py, inputs, mode, false, &|c, m| {
        let ext = has_ext.then(|| c[2].as_ref());
        let pad = has_pad.then(|| c[2 + has_ext as usize].as_ref());
        euid::from_parts(c[0].as_ref(), ext, pad, c[1].as_ref(), m)
    })
}

generate_fn!(
    /// count new EUIDs as a string column (with the check symbol), in increasing order.
    euid_generate, euid, crate::euid::EuidGenerator);
