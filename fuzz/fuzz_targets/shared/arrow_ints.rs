//! The value kernels of `polyid-arrow` (TID, xid and EUID values, timestamps, clock ids,
//! random bits and extensions; uid11 text and values; TID, xid and EUID from their parts) on
//! integer, timestamp, `fixed_size_binary(16)` and text columns made from the input's bytes,
//! malformed ones included, against the plain paths: arrow-rs's `validate_full` for whether a
//! column is well formed, and the core's per-value functions for every row of one that is.
//!
//! Properties: `validate_for_kernels` refuses a column only when `validate_full` does (with
//! its description), and lets a malformed one through only to the text kernels' own block
//! checks; a kernel refuses with `INVALID_ARGUMENT` and no row a malformed column, a column of
//! a type it does not read and columns of different lengths; a kernel given a profile that
//! does not define its family refuses it before any row, with the core's refusal of that
//! profile, whatever the column holds; otherwise, in `OnError::Null`
//! mode, each row's value or error code is what the core gives that row alone (an integer too
//! wide for the core's parameter type is `OUT_OF_RANGE`), null rows stay null, and
//! `OnError::Raise` stops at the first invalid row with its code and input, or gives the same
//! values.
//!
//! Input: nine header bytes, then records of nine bytes (the last one padded with zeros), at
//! least one: a tag byte and a 64-bit little-endian number.
//! - Bytes 0-3: the Arrow type of the columns A (the IDs; the micros or Unix milliseconds of
//!   `from_parts`), B (clock ids, random bits), C (EUID extensions) and D (EUID paddings),
//!   each one of sixteen ([`data_type`]); bit 7 of bytes 2 and 3 leaves C or D out.
//! - Byte 4, flags: bit 0 the columns sliced (byte 8: by 1 to 16 rows); bit 1 null rows (byte
//!   7: a mask of eight bits, each column's rows cycling through it at its own place); bit 2 the
//!   dashed display form of TIDs; bit 3 `euid::encode` with the check symbol; bits 4-5 the
//!   profile text is read as (polyid, atproto, euid, waddling); bit 6 column B one row longer
//!   than the others; bit 7 one fault, described by byte 5 ([`Fault`]).
//! - Byte 6: how many times the records are repeated: 1 to 8 (bits 0-2), times 64 when bit 7 is
//!   set (long columns are slow to check: most inputs stay short), at most [`MAX_ROWS`] rows.
//!
//! Row `i` of column `k` is the record `i + k` (modulo their number): as an integer, the value
//! [`shaped`] makes of it, cast to the column's type as `as` casts (wrapping); as 16 bytes, the
//! record's number and the next record's, big-endian; as text, the text of the family's ID of
//! that value (or of those 16 bytes), sometimes with one character changed or the text cut
//! short.

use std::fmt::Debug;

use arrow_array::builder::StringViewBuilder;
use arrow_array::cast::AsArray;
use arrow_array::types::{
    Int16Type, Int32Type, Int64Type, Int8Type, TimestampMicrosecondType, TimestampMillisecondType,
    TimestampNanosecondType, TimestampSecondType, UInt16Type, UInt32Type, UInt64Type, UInt8Type,
};
use arrow_array::{make_array, Array, ArrayRef};
use arrow_buffer::{BooleanBuffer, Buffer, NullBuffer};
use arrow_data::ArrayData;
use arrow_schema::{ArrowError, DataType, TimeUnit};
use polyid::euid::{self, Euid};
use polyid::tid::{Tid, MAX_MICROS, MIN_MICROS};
use polyid::xid::{self, Xid};
use polyid::{uid11, ErrorCode, Profile};
use polyid_arrow::{ColumnError, OnError, Output};

/// Enough rows to cross the kernels' first block of text rows (4,096), few enough to keep a
/// run fast.
const MAX_ROWS: usize = 5_000;

/// The header's length in bytes.
const HEADER: usize = 9;

/// The sixteen column types an input picks from: every integer type, timestamps of the two
/// units the kernels read (with and without a time zone), 16-byte binary and the three text
/// layouts.
fn data_type(selector: u8) -> DataType {
    match selector % 16 {
        0 => DataType::Int8,
        1 => DataType::Int16,
        2 => DataType::Int32,
        3 => DataType::Int64,
        4 => DataType::UInt8,
        5 => DataType::UInt16,
        6 => DataType::UInt32,
        7 => DataType::UInt64,
        8 => DataType::Timestamp(TimeUnit::Microsecond, None),
        9 => DataType::Timestamp(TimeUnit::Microsecond, Some("UTC".into())),
        10 => DataType::Timestamp(TimeUnit::Millisecond, None),
        11 => DataType::Timestamp(TimeUnit::Millisecond, Some("+05:30".into())),
        12 => DataType::FixedSizeBinary(16),
        13 => DataType::Utf8,
        14 => DataType::LargeUtf8,
        _ => DataType::Utf8View,
    }
}

const INTS: [DataType; 8] = [
    DataType::Int8,
    DataType::Int16,
    DataType::Int32,
    DataType::Int64,
    DataType::UInt8,
    DataType::UInt16,
    DataType::UInt32,
    DataType::UInt64,
];

fn is_int(t: &DataType) -> bool {
    INTS.contains(t)
}

fn is_text(t: &DataType) -> bool {
    matches!(t, DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View)
}

fn is_timestamp(t: &DataType, unit: TimeUnit) -> bool {
    matches!(t, DataType::Timestamp(u, _) if *u == unit)
}

/// Values near the bounds the kernels and the core check (xid's epoch and last millisecond,
/// TID micros and values, EUID milliseconds and extensions, the integer types' ends), so that
/// both sides of each bound come up often.
const ANCHORS: [i64; 16] = [
    0,
    xid::EPOCH_MS as i64,
    xid::MAX_UNIX_MS as i64,
    MAX_MICROS,
    MIN_MICROS,
    MAX_MICROS << 10,
    MIN_MICROS << 10,
    i64::MIN,
    i64::MAX,
    euid::MAX_UNIX_MS as i64,
    1 << 22,
    euid::MAX_EXTENSION as i64,
    u16::MAX as i64,
    u32::MAX as i64,
    i32::MIN as i64,
    (xid::MAX_DELTA_MS << 22) as i64,
];

/// The bytes of a record: a tag and a number.
const RECORD: usize = 9;

/// A record's number.
fn number(record: [u8; RECORD]) -> i64 {
    let mut bytes = [0; 8];
    bytes.copy_from_slice(&record[1..]);
    i64::from_le_bytes(bytes)
}

/// The integer a record stands for. Its tag picks how its number is read: as it is (any
/// `i64`), as a small number around 0, as a number near one of [`ANCHORS`], or as a
/// non-negative number shifted right by 0 to 31 bits, negated when the tag's bit 7 is set.
fn shaped(record: [u8; RECORD]) -> i64 {
    let tag = record[0];
    let number = number(record);
    let near = (number as u64 % 4096) as i64 - 2048;
    match tag & 3 {
        0 => number,
        1 => near,
        2 => ANCHORS[usize::from(tag >> 2) % ANCHORS.len()].wrapping_add(near),
        _ => {
            let v = (number as u64 >> 1 >> (tag >> 2 & 31)) as i64;
            if tag & 0x80 != 0 {
                -v
            } else {
                v
            }
        }
    }
}

/// The family whose text a text column holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Family {
    Tid,
    Xid,
    Euid,
}

/// The one fault an input may put into one of its columns (byte 5: bits 0-2 its kind, bits
/// 3-4 the column, bits 5-7 a parameter), made by building the column's `ArrayData` without
/// checks.
#[derive(Clone, Copy, Debug)]
struct Fault {
    kind: u8,
    column: usize,
    param: usize,
}

/// The columns an input describes.
struct Input {
    types: [DataType; 4],
    /// Whether C (extensions) and D (paddings) are given.
    given: [bool; 4],
    records: Vec<[u8; RECORD]>,
    /// The rows built, before the slice.
    rows: usize,
    /// The rows the slice leaves out.
    offset: usize,
    nulls: Option<u8>,
    display: bool,
    checkmod: bool,
    profile: Profile,
    longer_b: bool,
    fault: Option<Fault>,
}

impl Input {
    fn read(data: &[u8]) -> Option<Input> {
        if data.len() <= HEADER {
            return None;
        }
        let (h, body) = data.split_at(HEADER);
        let records: Vec<[u8; RECORD]> = body
            .chunks(RECORD)
            .map(|c| {
                let mut r = [0; RECORD];
                r[..c.len()].copy_from_slice(c);
                r
            })
            .collect();
        let flags = h[4];
        let long = if h[6] & 0x80 != 0 { 64 } else { 1 };
        let times = (1 + usize::from(h[6] & 7)) * long;
        let rows = (records.len() * times).min(MAX_ROWS);
        let offset = if flags & 1 != 0 {
            (1 + usize::from(h[8]) % 16).min(rows)
        } else {
            0
        };
        Some(Input {
            types: [
                data_type(h[0]),
                data_type(h[1]),
                data_type(h[2] & 0x7F),
                data_type(h[3] & 0x7F),
            ],
            given: [true, true, h[2] & 0x80 == 0, h[3] & 0x80 == 0],
            records,
            rows,
            offset,
            nulls: (flags & 2 != 0).then_some(h[7]),
            display: flags & 4 != 0,
            checkmod: flags & 8 != 0,
            profile: [
                Profile::Polyid,
                Profile::Atproto,
                Profile::Euid,
                Profile::Waddling,
            ][usize::from(flags >> 4 & 3)],
            longer_b: flags & 0x40 != 0,
            fault: (flags & 0x80 != 0).then_some(Fault {
                kind: h[5] & 7,
                column: usize::from(h[5] >> 3 & 3),
                param: usize::from(h[5] >> 5),
            }),
        })
    }

    fn record(&self, i: usize, k: usize) -> [u8; RECORD] {
        self.records[(i + k) % self.records.len()]
    }

    fn bytes16(&self, i: usize, k: usize) -> [u8; 16] {
        let mut b = [0; 16];
        b[..8].copy_from_slice(&number(self.record(i, k)).to_be_bytes());
        b[8..].copy_from_slice(&number(self.record(i + 1, k)).to_be_bytes());
        b
    }

    fn valid(&self, i: usize, k: usize) -> bool {
        self.nulls
            .is_none_or(|mask| mask >> ((i + 3 * k) % 8) & 1 == 0)
    }

    /// Row `i`'s text in column `k`: the family's text of the row's value (a TID's in either
    /// form, an EUID's with or without its check symbol), one in four with a character
    /// changed to an ASCII one, one in four cut short (as the record's tag says).
    fn text(&self, i: usize, k: usize, family: Family) -> String {
        let r = self.record(i, k);
        let v = shaped(r);
        // The tag's high bits: bit 6 the other form, bits 4-5 the change.
        let control = r[0] >> 4;
        let mut text = match family {
            Family::Tid => match Tid::from_i64(v) {
                Ok(t) if control & 4 == 0 => t.to_string(),
                Ok(t) => t.display(),
                Err(_) => v.to_string(),
            },
            Family::Xid => uid11::encode(v as u64),
            Family::Euid => Euid::from_bytes(self.bytes16(i, k)).encode(control & 4 == 0),
        }
        .into_bytes();
        let at = usize::from(r[2]) % text.len();
        match control & 3 {
            0 => text[at] = r[3] & 0x7F,
            1 => text.truncate(at),
            _ => {}
        }
        String::from_utf8(text).expect("ASCII")
    }

    /// Column `k` (text of `family` when its type is text), with the fault when it is the
    /// fault's column.
    fn build(&self, k: usize, family: Family) -> ArrayData {
        let total = self.rows + usize::from(k == 1 && self.longer_b);
        let offset = self.offset;
        let len = total - offset;
        let mut data_type = self.types[k].clone();
        let bits = Buffer::from_iter((0..total).map(|i| self.valid(i, k)));
        let ints = || (0..total).map(|i| shaped(self.record(i, k)));
        let mut buffers = match &data_type {
            DataType::Int8 => vec![Buffer::from_iter(ints().map(|v| v as i8))],
            DataType::Int16 => vec![Buffer::from_iter(ints().map(|v| v as i16))],
            DataType::Int32 => vec![Buffer::from_iter(ints().map(|v| v as i32))],
            DataType::Int64 | DataType::Timestamp(..) => vec![Buffer::from_iter(ints())],
            DataType::UInt8 => vec![Buffer::from_iter(ints().map(|v| v as u8))],
            DataType::UInt16 => vec![Buffer::from_iter(ints().map(|v| v as u16))],
            DataType::UInt32 => vec![Buffer::from_iter(ints().map(|v| v as u32))],
            DataType::UInt64 => vec![Buffer::from_iter(ints().map(|v| v as u64))],
            DataType::FixedSizeBinary(_) => {
                vec![Buffer::from_iter(
                    (0..total).flat_map(|i| self.bytes16(i, k)),
                )]
            }
            DataType::Utf8View => {
                let mut views = StringViewBuilder::with_capacity(total);
                for i in 0..total {
                    if self.valid(i, k) {
                        views.append_value(self.text(i, k, family));
                    } else {
                        views.append_null();
                    }
                }
                views.finish().into_data().buffers().to_vec()
            }
            _ => {
                let mut values = Vec::new();
                let mut offsets = vec![0i64];
                for i in 0..total {
                    if self.valid(i, k) {
                        values.extend_from_slice(self.text(i, k, family).as_bytes());
                    }
                    offsets.push(values.len() as i64);
                }
                let offsets = if data_type == DataType::LargeUtf8 {
                    Buffer::from_vec(offsets)
                } else {
                    Buffer::from_iter(offsets.iter().map(|&o| o as i32))
                };
                vec![offsets, Buffer::from_vec(values)]
            }
        };
        let mut nulls = self
            .nulls
            .map(|_| NullBuffer::new(BooleanBuffer::new(bits.clone(), offset, len)));
        let mut array_offset = offset;
        if let Some(f) = self.fault.filter(|f| f.column == k) {
            // The buffer of the values: the views, the fixed-width values, or a text's bytes.
            let values = if matches!(data_type, DataType::Utf8 | DataType::LargeUtf8) {
                1
            } else {
                0
            };
            let p = f.param;
            match f.kind {
                // The values buffer a few bytes too short.
                0 => {
                    let b = &buffers[values];
                    buffers[values] = b.slice_with_length(0, b.len().saturating_sub(1 + p));
                }
                // The validity bitmap shorter than the column (with a null row, so that the
                // bitmap is kept).
                1 => {
                    let mut valid: Vec<bool> = (0..total).map(|i| self.valid(i, k)).collect();
                    if let Some(first) = valid.get_mut(offset) {
                        *first = false;
                    }
                    let bits = Buffer::from_iter(valid);
                    let short = len.saturating_sub(1 + p);
                    nulls = Some(NullBuffer::new(BooleanBuffer::new(bits, offset, short)));
                }
                // A null count other than the bitmap's.
                2 => {
                    let inner = BooleanBuffer::new(bits.clone(), offset, len);
                    let actual = len - inner.count_set_bits();
                    let claimed = if p % 2 == 1 && actual > 0 {
                        actual - 1
                    } else {
                        actual + 1 + p / 2
                    };
                    // SAFETY: not safe for readers that trust the count: the array is
                    // validated before any kernel reads it, which is the point.
                    nulls = Some(unsafe { NullBuffer::new_unchecked(inner, claimed) });
                }
                // The first buffer starting one byte later: misaligned for wider types.
                3 => buffers[0] = buffers[0].slice(1.min(buffers[0].len())),
                // Another type over the same buffers: another integer width, another
                // timestamp unit, another binary width, the other text offsets.
                4 => {
                    data_type = match data_type {
                        DataType::FixedSizeBinary(_) => {
                            DataType::FixedSizeBinary([15, 17, 8, 32][p % 4])
                        }
                        DataType::Timestamp(TimeUnit::Microsecond, tz) => {
                            DataType::Timestamp(TimeUnit::Millisecond, tz)
                        }
                        DataType::Timestamp(_, tz) => {
                            DataType::Timestamp([TimeUnit::Second, TimeUnit::Nanosecond][p % 2], tz)
                        }
                        DataType::Utf8 => DataType::LargeUtf8,
                        DataType::LargeUtf8 => DataType::Utf8,
                        DataType::Utf8View => DataType::Utf8,
                        other => {
                            let i = INTS.iter().position(|t| *t == other).unwrap_or(0);
                            INTS[(i + 1 + p) % INTS.len()].clone()
                        }
                    }
                }
                // A buffer missing, or one too many.
                5 => {
                    if p % 2 == 0 {
                        buffers.pop();
                    } else {
                        buffers.push(Buffer::from_vec(vec![0u8; 64]));
                    }
                }
                // A text offset moved forward (past the bytes at the end); any other column
                // without its values.
                6 => match data_type {
                    DataType::Utf8 | DataType::LargeUtf8 => {
                        let wide = data_type == DataType::LargeUtf8;
                        let width = if wide { 8 } else { 4 };
                        let mut bytes = buffers[0].as_slice().to_vec();
                        let slots = bytes.len() / width;
                        let at = (offset + p * 613) % slots.max(1) * width;
                        if slots > 0 {
                            // Little-endian: the low byte first.
                            bytes[at] = bytes[at].wrapping_add(1 + p as u8);
                        }
                        buffers[0] = Buffer::from_vec(bytes);
                    }
                    _ => buffers[values] = Buffer::from_vec(Vec::<u8>::new()),
                },
                // The slice starting past the rows built.
                _ => array_offset += 1 + p,
            }
        }
        let builder = ArrayData::builder(data_type)
            .len(len)
            .offset(array_offset)
            .buffers(buffers)
            .nulls(nulls);
        // SAFETY: the column is validated before any kernel reads it, as the bindings do with
        // a received column: `validate_for_kernels`, then the text kernels' block checks.
        unsafe { builder.build_unchecked() }
    }
}

/// One row of a column as arrow-rs reads it.
#[derive(Clone, Debug)]
enum Cell {
    Null,
    Int(i128),
    Bytes([u8; 16]),
    Text(String),
    /// A value of a type no kernel reads (binary of another width).
    Other,
}

impl Cell {
    /// The row as a kernel's error shows its input: the number, the text or the bytes in hex.
    fn shown(&self) -> String {
        match self {
            Cell::Null => "null".to_owned(),
            Cell::Int(v) => v.to_string(),
            Cell::Bytes(b) => b.iter().map(|b| format!("{b:02x}")).collect(),
            Cell::Text(t) => t.clone(),
            Cell::Other => "?".to_owned(),
        }
    }

    fn int(&self) -> i128 {
        match self {
            Cell::Int(v) => *v,
            other => panic!("an integer cell expected, not {other:?}"),
        }
    }
}

/// Every row of `array` as arrow-rs's typed arrays read it.
fn cells(array: &dyn Array) -> Vec<Cell> {
    let t = array.data_type();
    (0..array.len())
        .map(|i| {
            if array.is_null(i) {
                return Cell::Null;
            }
            let int = |v: i128| Cell::Int(v);
            match t {
                DataType::Int8 => int(array.as_primitive::<Int8Type>().value(i).into()),
                DataType::Int16 => int(array.as_primitive::<Int16Type>().value(i).into()),
                DataType::Int32 => int(array.as_primitive::<Int32Type>().value(i).into()),
                DataType::Int64 => int(array.as_primitive::<Int64Type>().value(i).into()),
                DataType::UInt8 => int(array.as_primitive::<UInt8Type>().value(i).into()),
                DataType::UInt16 => int(array.as_primitive::<UInt16Type>().value(i).into()),
                DataType::UInt32 => int(array.as_primitive::<UInt32Type>().value(i).into()),
                DataType::UInt64 => int(array.as_primitive::<UInt64Type>().value(i).into()),
                DataType::Timestamp(TimeUnit::Second, _) => {
                    int(array.as_primitive::<TimestampSecondType>().value(i).into())
                }
                DataType::Timestamp(TimeUnit::Millisecond, _) => int(array
                    .as_primitive::<TimestampMillisecondType>()
                    .value(i)
                    .into()),
                DataType::Timestamp(TimeUnit::Microsecond, _) => int(array
                    .as_primitive::<TimestampMicrosecondType>()
                    .value(i)
                    .into()),
                DataType::Timestamp(TimeUnit::Nanosecond, _) => int(array
                    .as_primitive::<TimestampNanosecondType>()
                    .value(i)
                    .into()),
                DataType::FixedSizeBinary(16) => Cell::Bytes(
                    array
                        .as_fixed_size_binary()
                        .value(i)
                        .try_into()
                        .expect("16 bytes"),
                ),
                DataType::Utf8 => Cell::Text(array.as_string::<i32>().value(i).to_owned()),
                DataType::LargeUtf8 => Cell::Text(array.as_string::<i64>().value(i).to_owned()),
                DataType::Utf8View => Cell::Text(array.as_string_view().value(i).to_owned()),
                _ => Cell::Other,
            }
        })
        .collect()
}

/// A column built from the input, with arrow-rs's verdict on it and, when the kernels'
/// validation lets it through, the array the kernels read.
struct Column {
    data: ArrayData,
    verdict: Result<(), ArrowError>,
    array: Option<ArrayRef>,
    /// The rows, when the column is well formed.
    cells: Vec<Cell>,
}

impl Column {
    /// Checks the column as a binding receives one: `validate_for_kernels` refuses it only
    /// when arrow-rs's `validate_full` does, with arrow-rs's description, and lets through a
    /// malformed column only when it is `utf8` or `large_utf8` (whose rows the text kernels
    /// check block by block).
    fn new(data: ArrayData) -> Column {
        let verdict = data.validate_full();
        let array = match polyid_arrow::validate_for_kernels(&data) {
            Err(e) => {
                let arrow = verdict.as_ref().expect_err("a well-formed column refused");
                assert!(e.to_string().contains(&arrow.to_string()), "{e} / {arrow}");
                None
            }
            Ok(()) => {
                if verdict.is_err() {
                    assert!(
                        matches!(data.data_type(), DataType::Utf8 | DataType::LargeUtf8),
                        "a malformed {} column let through: {verdict:?}",
                        data.data_type()
                    );
                }
                Some(make_array(data.clone()))
            }
        };
        let cells = match (&array, &verdict) {
            (Some(a), Ok(())) => cells(a.as_ref()),
            _ => Vec::new(),
        };
        Column {
            data,
            verdict,
            array,
            cells,
        }
    }

    fn data_type(&self) -> &DataType {
        self.data.data_type()
    }

    fn array(&self) -> &dyn Array {
        self.array.as_deref().expect("a column the kernels read")
    }
}

/// One row's outcome: a null row, a value (`None`: a valid row without one, an EUID without
/// an extension), or an error code.
#[derive(Clone, Debug, PartialEq)]
enum Want<T> {
    Null,
    Value(Option<T>),
    Error(ErrorCode),
}

/// The core's outcome for a row (`None`: a null row) made into the kernel's row with `f`.
fn want<X, T>(outcome: Option<Result<X, ErrorCode>>, f: impl FnOnce(X) -> Option<T>) -> Want<T> {
    match outcome {
        None => Want::Null,
        Some(Ok(x)) => Want::Value(f(x)),
        Some(Err(c)) => Want::Error(c),
    }
}

/// A row of an output as the two columns show it: empty (a null row, or a valid row without
/// a value), a value, or an error code.
#[derive(Debug, PartialEq)]
enum Shown<'a, T> {
    Empty,
    Value(T),
    Error(&'a str),
}

impl<T> Want<T> {
    fn shown(self) -> Shown<'static, T> {
        match self {
            Want::Null | Want::Value(None) => Shown::Empty,
            Want::Value(Some(v)) => Shown::Value(v),
            Want::Error(c) => Shown::Error(c.as_str()),
        }
    }
}

/// A kernel called on `columns` in both modes, checked row by row against `expected`. Nothing
/// is called when the kernels' validation refused a column (checked by [`Column::new`]). A
/// column of a type the kernel does not take (`accepted` false), or of another length than
/// the others, is `INVALID_ARGUMENT` without a row; so is a malformed one, with arrow-rs's
/// description. Otherwise `OnError::Null` gives each row's value or error code (`read`
/// reads a value of the output, of type `out_type`), and `OnError::Raise` stops at the first
/// invalid row with its code and its cells (`input`: as the error shows each) or gives the
/// same values. `expected` is the core's outcome of each row alone.
#[allow(clippy::too_many_arguments)]
fn check_kernel<T: PartialEq + Debug>(
    name: &str,
    columns: &[&Column],
    accepted: bool,
    kernel: impl Fn(OnError) -> Result<Output, ColumnError>,
    out_type: DataType,
    read: impl Fn(&dyn Array, usize) -> T,
    expected: impl Fn(usize) -> Want<T>,
    input: impl Fn(usize) -> Vec<String>,
) {
    if columns.iter().any(|c| c.array.is_none()) {
        return;
    }
    let rows = columns[0].array().len();
    let same_len = columns.iter().all(|c| c.array().len() == rows);
    let malformed = columns.iter().find_map(|c| c.verdict.as_ref().err());
    let null = kernel(OnError::Null);
    let raise = kernel(OnError::Raise);
    if !accepted || !same_len || malformed.is_some() {
        for (mode, out) in [("null", null), ("raise", raise)] {
            let e = match out {
                Err(e) => e,
                Ok(_) => panic!(
                    "{name} ({mode}): not refused: accepted {accepted}, same length \
                     {same_len}, malformed {malformed:?}"
                ),
            };
            assert_eq!(e.code(), ErrorCode::InvalidArgument, "{name} ({mode}): {e}");
            assert_eq!(e.row(), None, "{name} ({mode}): {e}");
            if let (true, true, Some(arrow)) = (accepted, same_len, malformed) {
                assert!(e.to_string().contains(&arrow.to_string()), "{e} / {arrow}");
            }
        }
        return;
    }
    let want: Vec<Want<T>> = (0..rows).map(expected).collect();
    let first = want.iter().position(|w| matches!(w, Want::Error(_)));
    match (raise, first) {
        (Ok(out), None) => {
            assert!(
                out.errors.is_none(),
                "{name}: an error column in raise mode"
            );
            let values = out.values.as_ref();
            assert_eq!(values.data_type(), &out_type, "{name} (raise)");
            assert_eq!(values.len(), rows, "{name} (raise)");
            for (i, w) in want.iter().enumerate() {
                let got = if values.is_valid(i) {
                    Shown::Value(read(values, i))
                } else {
                    Shown::Empty
                };
                let w = match w {
                    Want::Value(Some(v)) => Shown::Value(v),
                    _ => Shown::Empty,
                };
                assert!(
                    got.as_ref() == w,
                    "{name} (raise) row {i}: {got:?}, want {w:?}"
                );
            }
        }
        (Err(e), Some(i)) => {
            assert_eq!(e.row(), Some(i), "{name} (raise): {e}");
            assert_eq!(
                Want::Error(e.code()),
                want[i],
                "{name} (raise) row {i}: {e}"
            );
            let shown = e.input().expect("the row's input");
            let cells = input(i);
            if cells.len() == 1 {
                assert_eq!(shown, cells[0], "{name} (raise) row {i}");
            } else {
                // `name=value` pairs, one per cell, in order.
                let values: Vec<&str> = shown
                    .split(", ")
                    .map(|pair| pair.split_once('=').map_or(pair, |(_, v)| v))
                    .collect();
                assert_eq!(values, cells, "{name} (raise) row {i}: {shown}");
            }
        }
        (r, f) => panic!("{name} (raise): {r:?}, first invalid row {f:?}"),
    }
    let out = null.unwrap_or_else(|e| panic!("{name} (null): {e}"));
    let values = out.values.as_ref();
    assert_eq!(values.data_type(), &out_type, "{name} (null)");
    assert_eq!(values.len(), rows, "{name} (null)");
    let codes = out.errors.expect("an error column in null mode");
    assert_eq!(codes.data_type(), &DataType::Utf8, "{name} (null)");
    assert_eq!(codes.len(), rows, "{name} (null)");
    let codes = codes.as_string::<i32>();
    for (i, w) in want.into_iter().enumerate() {
        let got = match (values.is_valid(i), codes.is_valid(i)) {
            (true, false) => Shown::Value(read(values, i)),
            (false, true) => Shown::Error(codes.value(i)),
            (false, false) => Shown::Empty,
            (true, true) => panic!("{name} row {i}: a value and an error"),
        };
        let w = w.shown();
        assert!(got == w, "{name} row {i}: {got:?}, want {w:?}");
    }
}

impl<'a, T> Shown<'a, T> {
    fn as_ref(&self) -> Shown<'a, &T> {
        match self {
            Shown::Empty => Shown::Empty,
            Shown::Value(v) => Shown::Value(v),
            Shown::Error(c) => Shown::Error(c),
        }
    }
}

fn text(a: &dyn Array, i: usize) -> String {
    a.as_string::<i32>().value(i).to_owned()
}

fn bytes16(a: &dyn Array, i: usize) -> [u8; 16] {
    a.as_fixed_size_binary()
        .value(i)
        .try_into()
        .expect("16 bytes")
}

fn utc(unit: TimeUnit) -> DataType {
    DataType::Timestamp(unit, Some("UTC".into()))
}

fn code(e: polyid::Error) -> ErrorCode {
    e.code()
}

/// `v` as the core's parameter type `T`, or `OUT_OF_RANGE` (a value wider than the parameter
/// is out of its range).
fn narrow<T: TryFrom<i128>>(v: i128) -> Result<T, ErrorCode> {
    T::try_from(v).map_err(|_| ErrorCode::OutOfRange)
}

/// A kernel given a profile that does not define its family: refused in both modes before
/// any row, whatever its columns hold, with `refusal` (what the core's reading of that
/// family returns for the profile). Nothing is called when the kernels' validation refused
/// a column, as in [`check_kernel`].
fn refuses_profile(
    name: &str,
    columns: &[&Column],
    refusal: &polyid::Error,
    kernel: impl Fn(OnError) -> Result<Output, ColumnError>,
) {
    if columns.iter().any(|c| c.array.is_none()) {
        return;
    }
    for mode in [OnError::Null, OnError::Raise] {
        match kernel(mode) {
            Err(e) => {
                assert_eq!(e.row(), None, "{name} ({mode:?}): {e}");
                assert_eq!(e.error(), refusal, "{name} ({mode:?})");
            }
            Ok(_) => panic!("{name} ({mode:?}): {refusal} not refused"),
        }
    }
}

/// The TID of a row: an integer as `i64` (`Tid::from_i64`), text as `profile` reads it.
fn tid_of(cell: &Cell, profile: Profile) -> Option<Result<Tid, ErrorCode>> {
    Some(match cell {
        Cell::Null => return None,
        Cell::Int(v) => narrow(*v).and_then(|v| Tid::from_i64(v).map_err(code)),
        Cell::Text(t) => Tid::parse_as(t, profile).map_err(code),
        other => panic!("a TID kernel took {other:?}"),
    })
}

/// The xid of a row: an integer as `u64`, text as `Xid::parse` reads it.
fn xid_of(cell: &Cell) -> Option<Result<Xid, ErrorCode>> {
    Some(match cell {
        Cell::Null => return None,
        Cell::Int(v) => narrow(*v).map(Xid::from_u64),
        Cell::Text(t) => Xid::parse(t).map_err(code),
        other => panic!("an xid kernel took {other:?}"),
    })
}

/// The EUID of a row: 16 bytes as they are, text as `profile` reads it.
fn euid_of(cell: &Cell, profile: Profile) -> Option<Result<Euid, ErrorCode>> {
    Some(match cell {
        Cell::Null => return None,
        Cell::Bytes(b) => Ok(Euid::from_bytes(*b)),
        Cell::Text(t) => Euid::parse_as(t, profile).map_err(code),
        other => panic!("an EUID kernel took {other:?}"),
    })
}

/// Checks the properties above on the columns `data` describes (nothing for an input that
/// describes none); a broken one panics.
pub fn check(data: &[u8]) {
    let Some(input) = Input::read(data) else {
        return;
    };
    let profile = input.profile;
    let a_type = input.types[0].clone();
    // Text columns hold each family's text; other columns are the same for every family.
    let a_tid = Column::new(input.build(0, Family::Tid));
    let a_other = |family| is_text(&a_type).then(|| Column::new(input.build(0, family)));
    let (a_xid, a_euid) = (a_other(Family::Xid), a_other(Family::Euid));
    let a_xid = a_xid.as_ref().unwrap_or(&a_tid);
    let a_euid = a_euid.as_ref().unwrap_or(&a_tid);
    let b = Column::new(input.build(1, Family::Tid));
    let c = input.given[2].then(|| Column::new(input.build(2, Family::Tid)));
    let d = input.given[3].then(|| Column::new(input.build(3, Family::Tid)));

    // TIDs of integers or text.
    let a = &a_tid;
    let ids = is_int(a.data_type()) || is_text(a.data_type());
    let one = |i: usize| vec![a.cells[i].shown()];
    let display = input.display;
    check_kernel(
        "tid::encode",
        &[a],
        ids,
        |mode| polyid_arrow::tid::encode(a.array(), display, mode),
        DataType::Utf8,
        text,
        |i| {
            want(tid_of(&a.cells[i], Profile::Polyid), |t| {
                Some(if display { t.display() } else { t.to_string() })
            })
        },
        one,
    );
    // A profile is the caller's argument: one without TIDs fails the call before any row,
    // also for a column of values, with what the core's TID reading returns for it.
    if matches!(profile, Profile::Polyid | Profile::Atproto) {
        check_kernel(
            "tid::parse",
            &[a],
            ids,
            |mode| polyid_arrow::tid::parse(a.array(), profile, mode),
            DataType::Int64,
            |v, i| v.as_primitive::<Int64Type>().value(i),
            |i| want(tid_of(&a.cells[i], profile), |t| Some(t.value())),
            one,
        );
        check_kernel(
            "tid::timestamps",
            &[a],
            ids,
            |mode| polyid_arrow::tid::timestamps(a.array(), profile, mode),
            utc(TimeUnit::Microsecond),
            |v, i| v.as_primitive::<TimestampMicrosecondType>().value(i),
            |i| want(tid_of(&a.cells[i], profile), |t| Some(t.micros())),
            one,
        );
        check_kernel(
            "tid::clock_ids",
            &[a],
            ids,
            |mode| polyid_arrow::tid::clock_ids(a.array(), profile, mode),
            DataType::UInt16,
            |v, i| v.as_primitive::<UInt16Type>().value(i),
            |i| want(tid_of(&a.cells[i], profile), |t| Some(t.clock_id())),
            one,
        );
    } else {
        let refusal = Tid::parse_as("", profile).expect_err("a profile without TIDs");
        refuses_profile("tid::parse", &[a], &refusal, |mode| {
            polyid_arrow::tid::parse(a.array(), profile, mode)
        });
        refuses_profile("tid::timestamps", &[a], &refusal, |mode| {
            polyid_arrow::tid::timestamps(a.array(), profile, mode)
        });
        refuses_profile("tid::clock_ids", &[a], &refusal, |mode| {
            polyid_arrow::tid::clock_ids(a.array(), profile, mode)
        });
    }

    // xids of integers or text, and uid11.
    let a = a_xid;
    let ids = is_int(a.data_type()) || is_text(a.data_type());
    let one = |i: usize| vec![a.cells[i].shown()];
    check_kernel(
        "xid::encode",
        &[a],
        ids,
        |mode| polyid_arrow::xid::encode(a.array(), mode),
        DataType::Utf8,
        text,
        |i| want(xid_of(&a.cells[i]), |x| Some(x.to_string())),
        one,
    );
    check_kernel(
        "xid::parse",
        &[a],
        ids,
        |mode| polyid_arrow::xid::parse(a.array(), mode),
        DataType::UInt64,
        |v, i| v.as_primitive::<UInt64Type>().value(i),
        |i| want(xid_of(&a.cells[i]), |x| Some(x.value())),
        one,
    );
    check_kernel(
        "xid::timestamps",
        &[a],
        ids,
        |mode| polyid_arrow::xid::timestamps(a.array(), mode),
        utc(TimeUnit::Millisecond),
        |v, i| v.as_primitive::<TimestampMillisecondType>().value(i),
        |i| {
            want(xid_of(&a.cells[i]), |x| {
                Some(i64::try_from(x.unix_ms()).expect("43 bits"))
            })
        },
        one,
    );
    check_kernel(
        "xid::randoms",
        &[a],
        ids,
        |mode| polyid_arrow::xid::randoms(a.array(), mode),
        DataType::UInt32,
        |v, i| v.as_primitive::<UInt32Type>().value(i),
        |i| want(xid_of(&a.cells[i]), |x| Some(x.random())),
        one,
    );
    check_kernel(
        "xid::uid11_encode",
        &[a],
        is_int(a.data_type()),
        |mode| polyid_arrow::xid::uid11_encode(a.array(), mode),
        DataType::Utf8,
        text,
        |i| match &a.cells[i] {
            Cell::Null => Want::Null,
            cell => want(Some(narrow::<u64>(cell.int())), |v| Some(uid11::encode(v))),
        },
        one,
    );
    check_kernel(
        "xid::uid11_decode",
        &[a],
        is_text(a.data_type()),
        |mode| polyid_arrow::xid::uid11_decode(a.array(), mode),
        DataType::UInt64,
        |v, i| v.as_primitive::<UInt64Type>().value(i),
        |i| match &a.cells[i] {
            Cell::Text(t) => want(Some(uid11::decode(t).map_err(code)), Some),
            _ => Want::Null,
        },
        one,
    );

    // EUIDs of 16 bytes or text.
    let a = a_euid;
    let ids = a.data_type() == &DataType::FixedSizeBinary(16) || is_text(a.data_type());
    let one = |i: usize| vec![a.cells[i].shown()];
    let checkmod = input.checkmod;
    check_kernel(
        "euid::encode",
        &[a],
        ids,
        |mode| polyid_arrow::euid::encode(a.array(), checkmod, mode),
        DataType::Utf8,
        text,
        |i| {
            want(euid_of(&a.cells[i], Profile::Polyid), |e| {
                Some(e.encode(checkmod))
            })
        },
        one,
    );
    if matches!(profile, Profile::Polyid | Profile::Euid) {
        check_kernel(
            "euid::parse",
            &[a],
            ids,
            |mode| polyid_arrow::euid::parse(a.array(), profile, mode),
            DataType::FixedSizeBinary(16),
            bytes16,
            |i| want(euid_of(&a.cells[i], profile), |e| Some(e.to_bytes())),
            one,
        );
        check_kernel(
            "euid::timestamps",
            &[a],
            ids,
            |mode| polyid_arrow::euid::timestamps(a.array(), profile, mode),
            utc(TimeUnit::Millisecond),
            |v, i| v.as_primitive::<TimestampMillisecondType>().value(i),
            |i| {
                want(euid_of(&a.cells[i], profile), |e| {
                    Some(i64::try_from(e.unix_ms()).expect("45 bits"))
                })
            },
            one,
        );
        check_kernel(
            "euid::extensions",
            &[a],
            ids,
            |mode| polyid_arrow::euid::extensions(a.array(), profile, mode),
            DataType::UInt16,
            |v, i| v.as_primitive::<UInt16Type>().value(i),
            |i| want(euid_of(&a.cells[i], profile), |e| e.extension()),
            one,
        );
    } else {
        let refusal = Euid::parse_as("", profile).expect_err("a profile without EUIDs");
        refuses_profile("euid::parse", &[a], &refusal, |mode| {
            polyid_arrow::euid::parse(a.array(), profile, mode)
        });
        refuses_profile("euid::timestamps", &[a], &refusal, |mode| {
            polyid_arrow::euid::timestamps(a.array(), profile, mode)
        });
        refuses_profile("euid::extensions", &[a], &refusal, |mode| {
            polyid_arrow::euid::extensions(a.array(), profile, mode)
        });
    }

    // From parts: A the time (integers, or timestamps of the family's unit), B the clock id or
    // random bits, C and D an EUID's extension and padding.
    let a = &a_tid;
    let ints = |col: &Column| is_int(col.data_type());
    let time = |unit| is_int(a.data_type()) || is_timestamp(a.data_type(), unit);
    // A row of several cells is null when one of them is (an EUID's extension aside).
    let null_row =
        |cols: &[&Column], i: usize| cols.iter().any(|c| matches!(c.cells[i], Cell::Null));
    check_kernel(
        "tid::from_parts",
        &[a, &b],
        time(TimeUnit::Microsecond) && ints(&b),
        |mode| polyid_arrow::tid::from_parts(a.array(), b.array(), mode),
        DataType::Int64,
        |v, i| v.as_primitive::<Int64Type>().value(i),
        |i| {
            if null_row(&[a, &b], i) {
                return Want::Null;
            }
            let parts = narrow::<i64>(a.cells[i].int())
                .and_then(|m| Ok((m, narrow::<u16>(b.cells[i].int())?)));
            want(
                Some(parts.and_then(|(m, c)| Tid::from_parts(m, c).map_err(code))),
                |t| Some(t.value()),
            )
        },
        |i| vec![a.cells[i].shown(), b.cells[i].shown()],
    );
    check_kernel(
        "xid::from_parts",
        &[a, &b],
        time(TimeUnit::Millisecond) && ints(&b),
        |mode| polyid_arrow::xid::from_parts(a.array(), b.array(), mode),
        DataType::UInt64,
        |v, i| v.as_primitive::<UInt64Type>().value(i),
        |i| {
            if null_row(&[a, &b], i) {
                return Want::Null;
            }
            let parts = narrow::<u64>(a.cells[i].int())
                .and_then(|ms| Ok((ms, narrow::<u32>(b.cells[i].int())?)));
            want(
                Some(parts.and_then(|(ms, r)| Xid::from_parts(ms, r).map_err(code))),
                |x| Some(x.value()),
            )
        },
        |i| vec![a.cells[i].shown(), b.cells[i].shown()],
    );
    let mut columns = vec![a, &b];
    columns.extend(c.as_ref());
    columns.extend(d.as_ref());
    let mut row_columns = vec![a, &b];
    row_columns.extend(d.as_ref());
    check_kernel(
        "euid::from_parts",
        &columns,
        time(TimeUnit::Millisecond) && columns[1..].iter().all(|c| ints(c)),
        |mode| {
            let (c, d) = (c.as_ref().map(Column::array), d.as_ref().map(Column::array));
            polyid_arrow::euid::from_parts(a.array(), c, d, b.array(), mode)
        },
        DataType::FixedSizeBinary(16),
        bytes16,
        |i| {
            if null_row(&row_columns, i) {
                return Want::Null;
            }
            // A null extension is no extension; no padding column is a padding of 0.
            let ext = match c.as_ref().map(|c| &c.cells[i]) {
                None | Some(Cell::Null) => Ok(None),
                Some(cell) => narrow::<u16>(cell.int()).map(Some),
            };
            let pad = d
                .as_ref()
                .map_or(Ok(0), |d| narrow::<u16>(d.cells[i].int()));
            let parts = (|| {
                Ok((
                    narrow::<u64>(a.cells[i].int())?,
                    ext?,
                    pad?,
                    narrow::<u64>(b.cells[i].int())?,
                ))
            })();
            let id = parts.and_then(|(ms, e, p, r)| Euid::from_parts(ms, e, p, r).map_err(code));
            want(Some(id), |e| Some(e.to_bytes()))
        },
        |i| {
            let ext = c.as_ref().map_or("null".to_owned(), |c| c.cells[i].shown());
            let pad = d.as_ref().map_or("0".to_owned(), |d| d.cells[i].shown());
            vec![a.cells[i].shown(), ext, pad, b.cells[i].shown()]
        },
    );
}
