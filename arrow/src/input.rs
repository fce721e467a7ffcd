//! Reading the input columns: text of any of Arrow's three string layouts, integers of any
//! width, timestamps of the family's unit, 16-byte binary.
//!
//! The only messages written here are about Arrow types (which column types a parameter
//! takes); everything about the identifiers comes from the core.

use arrow_array::cast::AsArray;
use arrow_array::types::{
    Int16Type, Int32Type, Int64Type, Int8Type, UInt16Type, UInt32Type, UInt64Type, UInt8Type,
};
use arrow_array::{
    Array, ArrayRef, FixedSizeBinaryArray, GenericStringArray, OffsetSizeTrait, StringViewArray,
};
use arrow_buffer::NullBuffer;
use arrow_data::ArrayData;
use arrow_schema::{ArrowError, DataType, TimeUnit};
use polyid::{Detail, Error, ErrorCode};

use crate::error::ColumnError;
use crate::threads::{on_threads, threads_for};

/// `INVALID_ARGUMENT` for a column whose Arrow type the parameter does not take.
#[cold]
pub(crate) fn wrong_type(context: &'static str, expected: &'static str) -> ColumnError {
    ColumnError::new(Error::reason(ErrorCode::InvalidArgument, context, expected))
}

/// `INVALID_ARGUMENT` for columns of different lengths.
#[cold]
pub(crate) fn length_mismatch(context: &'static str) -> ColumnError {
    ColumnError::new(Error::reason(
        ErrorCode::InvalidArgument,
        context,
        "the columns have different lengths",
    ))
}

/// Runs `$body` with `$t` bound to the string array behind `$array` (utf8, large_utf8 or
/// utf8_view), so that each layout gets its own monomorphized loop; `$other` otherwise.
macro_rules! with_texts {
    ($array:expr, |$t:ident| $body:expr, $other:expr) => {{
        let array: &dyn ::arrow_array::Array = $array;
        match array.data_type() {
            ::arrow_schema::DataType::Utf8 => {
                let $t = ::arrow_array::cast::AsArray::as_string::<i32>(array);
                $body
            }
            ::arrow_schema::DataType::LargeUtf8 => {
                let $t = ::arrow_array::cast::AsArray::as_string::<i64>(array);
                $body
            }
            ::arrow_schema::DataType::Utf8View => {
                let $t = ::arrow_array::cast::AsArray::as_string_view(array);
                $body
            }
            _ => $other,
        }
    }};
}
pub(crate) use with_texts;

/// Runs `$body` with `$c` bound to a [`Column`](crate::rows::Column) of the integers `$ints`
/// (an [`Ints`]): the widths IDs are stored in (`int64`, `uint64`) each get their own
/// monomorphized loop, which reads the values in place; the other widths share one loop,
/// which reads each value through the width's `match`.
macro_rules! with_ints {
    ($ints:expr, |$c:ident| $body:expr) => {{
        let ints: &$crate::input::Ints<'_> = $ints;
        match ints {
            $crate::input::Ints::I64(v) => {
                let $c = $crate::rows::IntSlice(v);
                $body
            }
            $crate::input::Ints::U64(v) => {
                let $c = $crate::rows::IntSlice(v);
                $body
            }
            _ => {
                let $c = $crate::rows::IntColumn(ints);
                $body
            }
        }
    }};
}
pub(crate) use with_ints;

/// An integer column of any width (or a timestamp column of one unit), read as `i128` so
/// that every value of every width can be range-checked against the parameter.
pub(crate) enum Ints<'a> {
    I8(&'a [i8]),
    I16(&'a [i16]),
    I32(&'a [i32]),
    I64(&'a [i64]),
    U8(&'a [u8]),
    U16(&'a [u16]),
    U32(&'a [u32]),
    U64(&'a [u64]),
}

impl<'a> Ints<'a> {
    /// The integers of `array`; a `timestamp[unit]` column (any time zone) is read as its
    /// integers when `unit` is given.
    pub(crate) fn of(
        array: &'a dyn Array,
        unit: Option<TimeUnit>,
        context: &'static str,
        expected: &'static str,
    ) -> Result<Ints<'a>, ColumnError> {
        Ok(match array.data_type() {
            DataType::Int8 => Ints::I8(array.as_primitive::<Int8Type>().values()),
            DataType::Int16 => Ints::I16(array.as_primitive::<Int16Type>().values()),
            DataType::Int32 => Ints::I32(array.as_primitive::<Int32Type>().values()),
            DataType::Int64 => Ints::I64(array.as_primitive::<Int64Type>().values()),
            DataType::UInt8 => Ints::U8(array.as_primitive::<UInt8Type>().values()),
            DataType::UInt16 => Ints::U16(array.as_primitive::<UInt16Type>().values()),
            DataType::UInt32 => Ints::U32(array.as_primitive::<UInt32Type>().values()),
            DataType::UInt64 => Ints::U64(array.as_primitive::<UInt64Type>().values()),
            // Every timestamp unit stores i64: the values are read as they are, no cast.
            DataType::Timestamp(u, _) if Some(*u) == unit => Ints::I64(timestamp_values(array)),
            _ => return Err(wrong_type(context, expected)),
        })
    }

    /// The value of row `i`.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> i128 {
        match self {
            Ints::I8(v) => v[i] as i128,
            Ints::I16(v) => v[i] as i128,
            Ints::I32(v) => v[i] as i128,
            Ints::I64(v) => v[i] as i128,
            Ints::U8(v) => v[i] as i128,
            Ints::U16(v) => v[i] as i128,
            Ints::U32(v) => v[i] as i128,
            Ints::U64(v) => v[i] as i128,
        }
    }
}

/// The i64 values of a timestamp column of any unit.
fn timestamp_values(array: &dyn Array) -> &[i64] {
    use arrow_array::types::{
        TimestampMicrosecondType, TimestampMillisecondType, TimestampNanosecondType,
        TimestampSecondType,
    };
    match array.data_type() {
        DataType::Timestamp(TimeUnit::Second, _) => {
            array.as_primitive::<TimestampSecondType>().values()
        }
        DataType::Timestamp(TimeUnit::Millisecond, _) => {
            array.as_primitive::<TimestampMillisecondType>().values()
        }
        DataType::Timestamp(TimeUnit::Microsecond, _) => {
            array.as_primitive::<TimestampMicrosecondType>().values()
        }
        _ => array.as_primitive::<TimestampNanosecondType>().values(),
    }
}

/// `value` as the parameter's integer type, or the core's `OUT_OF_RANGE` error with the
/// type's bounds (a host integer too wide for the parameter, as in every binding).
#[inline]
pub(crate) fn narrow<T>(value: i128, context: &'static str) -> Result<T, Error>
where
    T: TryFrom<i128> + Bounded,
{
    T::try_from(value).map_err(|_| {
        Error::new(
            ErrorCode::OutOfRange,
            context,
            Detail::Range {
                found: value,
                min: T::MIN_I128,
                max: T::MAX_I128,
            },
        )
    })
}

/// The bounds of a parameter type, as `i128`.
pub(crate) trait Bounded {
    const MIN_I128: i128;
    const MAX_I128: i128;
}

macro_rules! bounded {
    ($($t:ty),*) => {$(
        impl Bounded for $t {
            const MIN_I128: i128 = <$t>::MIN as i128;
            const MAX_I128: i128 = <$t>::MAX as i128;
        }
    )*};
}
bounded!(u16, u32, u64, i64);

/// A `fixed_size_binary(16)` column (EUIDs, UUIDs).
pub(crate) fn bytes16<'a>(
    array: &'a dyn Array,
    context: &'static str,
    expected: &'static str,
) -> Result<&'a FixedSizeBinaryArray, ColumnError> {
    match array.data_type() {
        DataType::FixedSizeBinary(16) => Ok(array.as_fixed_size_binary()),
        _ => Err(wrong_type(context, expected)),
    }
}

/// The nulls of several columns of one row set: a row is null when any of its cells is.
pub(crate) fn union_nulls(arrays: &[&dyn Array]) -> Option<NullBuffer> {
    arrays.iter().fold(None, |acc, a| {
        NullBuffer::union(acc.as_ref(), a.logical_nulls().as_ref())
    })
}

/// Checks that every column has `len` rows.
pub(crate) fn same_len(arrays: &[&dyn Array], context: &'static str) -> Result<usize, ColumnError> {
    let len = arrays.first().map_or(0, |a| a.len());
    if arrays.iter().any(|a| a.len() != len) {
        return Err(length_mismatch(context));
    }
    Ok(len)
}

/// A dictionary-encoded text column (keys of any integer type; values `utf8`, `large_utf8`
/// or `utf8_view`) as the `large_utf8` column it stands for, null where the key or its value
/// is null; any other column is returned as it is. Every text kernel reads the result.
///
/// ```
/// use std::sync::Arc;
/// use arrow_array::{Array, ArrayRef, DictionaryArray, types::Int8Type, cast::AsArray};
/// use polyid_arrow::{decode_dictionary, wdp, OnError};
/// let codes: DictionaryArray<Int8Type> =
///     vec![Some("E.Auth.Token.MISSING"), None, Some("E.Auth.Token.MISSING")].into_iter().collect();
/// let plain = decode_dictionary(&(Arc::new(codes) as ArrayRef))?;
/// let out = wdp::compact_ids(plain.as_ref(), None, polyid::Profile::Polyid, OnError::Raise)?;
/// let ids = out.values.as_string::<i32>();
/// assert_eq!((ids.value(0), ids.is_null(1), ids.value(2)), ("V6a0B", true, "V6a0B")); // docs/spec §1.2
/// # Ok::<(), polyid_arrow::ColumnError>(())
/// ```
pub fn decode_dictionary(array: &ArrayRef) -> Result<ArrayRef, ColumnError> {
    use arrow_array::builder::LargeStringBuilder;
    let Some(dict) = array.as_any_dictionary_opt() else {
        return Ok(array.clone());
    };
    let values = dict.values();
    let rows = array.len();
    if values.is_empty() {
        // No value to point at: a valid array of this kind has only null rows.
        return Ok(arrow_array::new_null_array(&DataType::LargeUtf8, rows));
    }
    let nulls = array.logical_nulls();
    let keys = dict.normalized_keys();
    with_texts!(
        values.as_ref(),
        |t| {
            let mut out = LargeStringBuilder::with_capacity(rows, 0);
            for (i, &k) in keys.iter().enumerate() {
                if nulls.as_ref().is_some_and(|n| n.is_null(i)) {
                    out.append_null();
                } else {
                    out.append_value(t.value(k));
                }
            }
            Ok(std::sync::Arc::new(out.finish()) as ArrayRef)
        },
        Err(wrong_type(
            "dictionary column",
            "expected dictionary values of type utf8, large_utf8 or utf8_view",
        ))
    )
}

/// The check of a text column's rows that every kernel makes before reading them (see
/// [`validate_for_kernels`]).
pub(crate) trait Texts {
    /// The text of row `i`.
    fn text(&self, i: usize) -> &str;
    /// Whether rows `range` are well formed: their offsets in order and inside the data, and
    /// the text they span valid UTF-8 cut at character boundaries. A malformed range is
    /// `INVALID_ARGUMENT` with arrow-rs's description of the array's first fault.
    fn check(&self, range: core::ops::Range<usize>) -> Result<(), Error>;
    /// The part of [`Texts::check`] that reading rows `range` needs: their offsets in order
    /// and inside the data.
    fn check_offsets(&self, range: core::ops::Range<usize>) -> Result<(), Error>;
    /// The rest of [`Texts::check`] for row `i`, once its offsets are: its text is valid
    /// UTF-8. Rows that each pass it are well formed together (their texts meet at offsets).
    fn check_row(&self, i: usize) -> Result<(), Error> {
        self.checked_text(i).map(drop)
    }
    /// The text of row `i` once [`Texts::check_row`] passes.
    fn checked_text(&self, i: usize) -> Result<&str, Error>;
    /// The bytes of row `i`, once its offsets are checked (its UTF-8 need not be).
    fn bytes(&self, i: usize) -> &[u8];
    /// The bytes of text the rows hold, as the array says before any check (for sizing an
    /// output, not for reading).
    fn text_bytes(&self) -> usize;
}

impl<O: OffsetSizeTrait> Texts for GenericStringArray<O> {
    #[inline]
    fn text(&self, i: usize) -> &str {
        self.value(i)
    }
    fn check(&self, range: core::ops::Range<usize>) -> Result<(), Error> {
        if well_formed(
            &self.value_offsets()[range.start..=range.end],
            self.values(),
        ) {
            return Ok(());
        }
        Err(malformed(self.to_data().validate_full()))
    }
    fn check_offsets(&self, range: core::ops::Range<usize>) -> Result<(), Error> {
        let offsets = &self.value_offsets()[range.start..=range.end];
        let mut ordered = true;
        for pair in offsets.windows(2) {
            ordered &= pair[0] <= pair[1];
        }
        let inside = offsets[0].to_usize().is_some()
            && offsets[offsets.len() - 1]
                .to_usize()
                .is_some_and(|last| last <= self.values().len());
        if ordered && inside {
            return Ok(());
        }
        Err(malformed(self.to_data().validate_full()))
    }
    #[inline]
    fn bytes(&self, i: usize) -> &[u8] {
        let offsets = self.value_offsets();
        &self.values()[offsets[i].as_usize()..offsets[i + 1].as_usize()]
    }
    #[inline]
    fn checked_text(&self, i: usize) -> Result<&str, Error> {
        let text = self.bytes(i);
        if ascii(text) {
            // Its offsets were checked with its block, and its bytes are ASCII.
            return Ok(self.value(i));
        }
        core::str::from_utf8(text).map_err(|_| refused(self))
    }
    fn text_bytes(&self) -> usize {
        let offsets = self.value_offsets();
        let end = |o: Option<&O>| o.and_then(|o| o.to_usize()).unwrap_or(0);
        end(offsets.last()).saturating_sub(end(offsets.first()))
    }
}

impl Texts for StringViewArray {
    #[inline]
    fn text(&self, i: usize) -> &str {
        self.value(i)
    }
    /// Views and their buffers are checked in full when the array is received
    /// ([`validate_for_kernels`]).
    fn check(&self, _: core::ops::Range<usize>) -> Result<(), Error> {
        Ok(())
    }
    fn check_offsets(&self, _: core::ops::Range<usize>) -> Result<(), Error> {
        Ok(())
    }
    #[inline]
    fn checked_text(&self, i: usize) -> Result<&str, Error> {
        Ok(self.value(i))
    }
    #[inline]
    fn bytes(&self, i: usize) -> &[u8] {
        self.value(i).as_bytes()
    }
    fn text_bytes(&self) -> usize {
        self.total_bytes_len()
    }
}

/// [`malformed`] with arrow-rs's verdict on `array`.
#[cold]
#[inline(never)]
fn refused(array: &dyn Array) -> Error {
    malformed(array.to_data().validate_full())
}

/// `INVALID_ARGUMENT` for a malformed text column, with arrow-rs's description of it.
#[cold]
fn malformed(verdict: Result<(), ArrowError>) -> Error {
    let message = match verdict {
        Err(e) => e.to_string(),
        // Not reached: arrow-rs refuses every array with a malformed range.
        Ok(()) => "malformed text".to_owned(),
    };
    Error::new(
        ErrorCode::InvalidArgument,
        "Arrow column",
        Detail::Message(message.into()),
    )
}

/// [`validate_full`] of a column, refused as a kernel refuses a malformed block of it
/// (`INVALID_ARGUMENT`, arrow-rs's description): for a caller that must know whether a
/// column no kernel will read (the chunks of a stream after an invalid row) is malformed.
pub fn check_column(column: &dyn Array) -> Result<(), ColumnError> {
    validate_full(&column.to_data()).map_err(|e| ColumnError::new(malformed(Err(e))))
}

/// [`validate_full`] for an array that only this crate's kernels will read: the same checks,
/// except that the offsets and text of a top-level `utf8` / `large_utf8` array are left to the
/// kernels, which check each block of rows just before computing it, while its bytes are in
/// the CPU's cache (checking the whole column first reads it from memory twice), and the
/// UTF-8 of a row a kernel's table of rows met before answers not at all (it is byte for byte
/// a row checked before). Its buffers' sizes and nulls are checked here; any other array
/// (dictionary values, views, children of nested types) in full.
pub fn validate_for_kernels(data: &ArrayData) -> Result<(), ArrowError> {
    match data.data_type() {
        DataType::Utf8 | DataType::LargeUtf8 => {
            data.validate()?;
            data.validate_nulls()
        }
        _ => validate_full(data),
    }
}

/// Checks an array received through the Arrow C Data Interface in full before any kernel reads
/// it: the buffers' sizes, and the values themselves (offsets in order and inside the data,
/// the UTF-8 of text, views and their buffers, dictionary keys, children). The interface leaves
/// these checks to the consumer, and the kernels slice text at its offsets; a producer's bad
/// array is refused here with arrow-rs's description instead. A long array is checked in
/// parts, one per kernel thread ([`max_threads`](crate::max_threads)).
pub fn validate_full(data: &ArrayData) -> Result<(), ArrowError> {
    data.validate()?;
    match data.data_type() {
        DataType::Utf8 => return text_in_parts::<i32>(data),
        DataType::LargeUtf8 => return text_in_parts::<i64>(data),
        _ => {}
    }
    let rows = data.len();
    let threads = threads_for(rows);
    if threads == 1 {
        return data.validate_full();
    }
    in_parts(rows, threads, |start, len| {
        data.slice(start, len).validate_full()
    })
}

/// `check(start, len)` for the ranges of `rows` rows cut for `threads` threads, each on its
/// own thread; the first range's error first.
fn in_parts(
    rows: usize,
    threads: usize,
    check: impl Fn(usize, usize) -> Result<(), ArrowError> + Sync,
) -> Result<(), ArrowError> {
    let chunk = rows.div_ceil(threads);
    on_threads((0..rows).step_by(chunk), |start| {
        check(start, chunk.min(rows - start))
    })
    .into_iter()
    .collect()
}

/// [`validate_full`] of a `utf8` / `large_utf8` array (its sizes already checked). arrow-rs
/// checks the UTF-8 of the whole values buffer for any slice of it, so its check does not
/// divide among threads; this one reads each range's offsets and the bytes they span only,
/// and asks arrow-rs about the whole array (which names the row and the fault) only when a
/// range is malformed.
fn text_in_parts<O: OffsetSizeTrait>(data: &ArrayData) -> Result<(), ArrowError> {
    data.validate_nulls()?;
    let rows = data.len();
    if rows == 0 {
        return Ok(());
    }
    let offsets: &[O] = &data.buffer::<O>(0)[..=rows];
    let values = data.buffers()[1].as_slice();
    let check = |start: usize, len: usize| {
        if well_formed(&offsets[start..=start + len], values) {
            return Ok(());
        }
        data.validate_full()?;
        // Not reached: arrow-rs refuses every array with a malformed range.
        Err(ArrowError::InvalidArgumentError(format!(
            "malformed text in rows {start}..{}",
            start + len
        )))
    };
    match threads_for(rows) {
        1 => check(0, rows),
        threads => in_parts(rows, threads, check),
    }
}

/// Whether `offsets` are in order and inside `values`, and the text they span is valid UTF-8
/// cut at character boundaries.
fn well_formed<O: OffsetSizeTrait>(offsets: &[O], values: &[u8]) -> bool {
    let mut ordered = true;
    for pair in offsets.windows(2) {
        ordered &= pair[0] <= pair[1];
    }
    let (Some(first), Some(last)) = (offsets[0].to_usize(), offsets[offsets.len() - 1].to_usize())
    else {
        return false;
    };
    if !ordered || last > values.len() {
        return false;
    }
    // A group of rows is valid UTF-8 cut at character boundaries exactly when its text is
    // valid UTF-8 and each of its offsets is a character boundary in that text; ASCII text is,
    // and so is each offset in it. Only the group of rows from the one that holds a byte
    // outside ASCII is checked in full, and the search for such a byte goes on after it:
    // the groups and the ASCII stretches between them meet at offsets, so the rows are well
    // formed exactly when every group checked is.
    // `from` is `offsets[next]`: where the search goes on.
    let (mut from, mut next) = (first, 0);
    while let Some(byte) = first_non_ascii(&values[from..last]).map(|k| from + k) {
        // The row whose text holds `byte`: the last offset at or before it (every byte
        // before it is ASCII, so that offset is a character boundary unless it is `byte`).
        // Looked for among the next few rows first, where text outside ASCII is common.
        let rest = &offsets[next..];
        let after = match rest.iter().take(8).position(|o| o.as_usize() > byte) {
            Some(k) => k,
            None => rest.partition_point(|o| o.as_usize() <= byte),
        };
        let row = next + after - 1;
        let group = &offsets[row..offsets.len().min(row + UTF8_GROUP + 1)];
        let (start, end) = (group[0].as_usize(), group[group.len() - 1].as_usize());
        let whole = std::str::from_utf8(&values[start..end]).is_ok_and(|text| {
            group
                .iter()
                .all(|o| text.is_char_boundary(o.as_usize() - start))
        });
        if !whole {
            return false;
        }
        (from, next) = (end, row + group.len() - 1);
    }
    true
}

/// The rows [`well_formed`] checks in full from a row that holds a byte outside ASCII.
const UTF8_GROUP: usize = 32;

/// Whether every byte of `b` is ASCII: eight bytes at a time, the last word ending at the
/// end (overlapping the one before), so that a code's few dozen bytes take a few loads.
#[inline]
fn ascii(b: &[u8]) -> bool {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let n = b.len();
    if n < 8 {
        return b.is_ascii();
    }
    let word = |i: usize| {
        let mut w = [0u8; 8];
        w.copy_from_slice(&b[i..i + 8]);
        u64::from_le_bytes(w)
    };
    let mut any = word(n - 8);
    let mut at = 0;
    while at + 8 < n {
        any |= word(at);
        at += 8;
    }
    any & HIGH == 0
}

/// The place of the first byte of `b` outside ASCII, found 32 bytes at a time.
#[inline]
fn first_non_ascii(b: &[u8]) -> Option<usize> {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let word = |i: usize| {
        let mut w = [0u8; 8];
        w.copy_from_slice(&b[i..i + 8]);
        u64::from_le_bytes(w)
    };
    let mut at = 0;
    while at + 32 <= b.len() {
        if (word(at) | word(at + 8) | word(at + 16) | word(at + 24)) & HIGH != 0 {
            break;
        }
        at += 32;
    }
    b[at..].iter().position(|c| !c.is_ascii()).map(|k| at + k)
}
