//! The text kernels of `polyid-arrow` (WDP `compact_ids`, `normalize_codes`,
//! `validate_codes`; TID, xid and EUID `parse`) on text arrays made from the input's bytes,
//! repeated codes and malformed buffers included, against the plain paths: arrow-rs's
//! `validate_full` for whether the array is well formed, and the core's per-text functions
//! for every row of one that is.
//!
//! Input: a flags byte, a layout byte, then a pool of texts separated by `\n`, a 0 byte, and
//! a schedule: each schedule byte is a row, 0xFF a null row, any other the pool text it picks
//! (modulo the pool's size). The schedule is repeated (flags bits 4-6: 1 to 8 times), so that
//! a code's later rows meet the seen-codes table and long inputs cross a block of rows.
//! Flags: bit 0 `large_utf8` offsets; bit 1 an extra named sequence; bit 2 the waddling
//! profile (without the extra name, which only polyid's profile takes); bit 3 the array
//! sliced from its second row; bit 7 one fault put in, read from the schedule's first three
//! bytes. Layout (modulo 3): the rows' texts after offsets (the fault: an offset moved back or
//! forward, set to -1, or a value byte made a continuation byte); `utf8_view` (a byte of the
//! views changed); or a dictionary of `int32` keys over the pool (a key set to -1 or past the
//! pool), decoded as the bindings decode one before the kernels read it, and computed once per
//! value (`polyid_arrow::per_value`, as Python's `polyid.arrow` computes a dictionary array).

use std::fmt::Debug;

use arrow_array::builder::BinaryViewBuilder;
use arrow_array::cast::AsArray;
use arrow_array::types::{Int32Type, Int64Type, UInt64Type};
use arrow_array::{make_array, Array};
use arrow_buffer::Buffer;
use arrow_data::ArrayData;
use arrow_schema::DataType;
use polyid::euid::Euid;
use polyid::tid::Tid;
use polyid::wdp::{self, NamedSequences};
use polyid::xid::Xid;
use polyid::{ErrorCode, Profile};
use polyid_arrow::{wdp as kernels, ColumnError, OnError, Output};

/// Enough rows to cross the kernels' first block (4,096 rows), few enough to keep a run fast.
const MAX_ROWS: usize = 10_000;

/// The array the input describes, built without checks (malformed ones are the point).
pub fn column(data: &[u8]) -> Option<(ArrayData, u8)> {
    let (&flags, rest) = data.split_first()?;
    let (&layout, rest) = rest.split_first()?;
    let split = rest.iter().position(|&b| b == 0)?;
    let (pool, schedule) = (&rest[..split], &rest[split + 1..]);
    let pool: Vec<&[u8]> = pool.split(|&b| b == b'\n').take(64).collect();
    let times = 1 + usize::from(flags >> 4 & 7);
    // Each row's pool text (`None`: a null row).
    let mut rows: Vec<Option<usize>> = Vec::new();
    'fill: for _ in 0..times {
        for &s in schedule {
            if rows.len() == MAX_ROWS {
                break 'fill;
            }
            rows.push((s != 0xFF).then(|| usize::from(s) % pool.len()));
        }
    }
    let fault = (flags & 0x80 != 0 && schedule.len() >= 3 && !rows.is_empty()).then(|| {
        let at = usize::from(schedule[1]) << 8 | usize::from(schedule[2]);
        (schedule[0], at)
    });
    let valid = Buffer::from_iter(rows.iter().map(Option::is_some));
    let builder = match layout % 3 {
        0 => {
            let texts = rows.iter().map(|r| r.map_or(&b""[..], |k| pool[k]));
            let (data_type, offsets, values) = offsets_and_values(texts, flags & 1 != 0, fault);
            ArrayData::builder(data_type)
                .len(rows.len())
                .add_buffer(offsets)
                .add_buffer(values)
                .null_bit_buffer(Some(valid))
        }
        1 => {
            let mut views = BinaryViewBuilder::with_capacity(rows.len());
            for r in &rows {
                views.append_option(r.map(|k| pool[k]));
            }
            let data = views.finish().into_data();
            let mut buffers = data.buffers().to_vec();
            if let Some((kind, at)) = fault {
                // One byte of the views (a length, prefix, buffer index or offset) changed.
                let mut bytes = buffers[0].as_slice().to_vec();
                let j = at % bytes.len();
                bytes[j] = kind;
                buffers[0] = Buffer::from_vec(bytes);
            }
            ArrayData::builder(DataType::Utf8View)
                .len(rows.len())
                .buffers(buffers)
                .nulls(data.nulls().cloned())
        }
        _ => {
            let mut keys: Vec<i32> = rows.iter().map(|r| r.unwrap_or(0) as i32).collect();
            if let Some((kind, at)) = fault {
                let i = at % keys.len();
                keys[i] = if kind % 2 == 0 {
                    -1
                } else {
                    (pool.len() + usize::from(kind >> 1) % 3) as i32
                };
            }
            let (data_type, offsets, values) =
                offsets_and_values(pool.iter().copied(), flags & 1 != 0, None);
            // SAFETY: as the column's below: validated before any kernel reads it.
            let values = unsafe {
                ArrayData::builder(data_type.clone())
                    .len(pool.len())
                    .add_buffer(offsets)
                    .add_buffer(values)
                    .build_unchecked()
            };
            ArrayData::builder(DataType::Dictionary(
                Box::new(DataType::Int32),
                Box::new(data_type),
            ))
            .len(rows.len())
            .add_buffer(Buffer::from_vec(keys))
            .add_child_data(values)
            .null_bit_buffer(Some(valid))
        }
    };
    // SAFETY: the array is validated before any kernel reads it, as the bindings do with a
    // received array: `validate_for_kernels` and then the kernels' own block checks.
    let array = unsafe { builder.build_unchecked() };
    if flags & 8 != 0 && !rows.is_empty() {
        return Some((array.slice(1, rows.len() - 1), flags));
    }
    Some((array, flags))
}

/// The offsets (`i64` when `large`, else `i32`) and bytes of `texts` one after the other,
/// with the fault, if any: an offset moved back or forward or set to -1, or a byte made a
/// continuation byte.
fn offsets_and_values<'a>(
    texts: impl Iterator<Item = &'a [u8]>,
    large: bool,
    fault: Option<(u8, usize)>,
) -> (DataType, Buffer, Buffer) {
    let mut values = Vec::new();
    let mut offsets = vec![0i64];
    for text in texts {
        values.extend_from_slice(text);
        offsets.push(values.len() as i64);
    }
    if let Some((kind, at)) = fault {
        let i = at % offsets.len();
        match kind % 4 {
            0 => offsets[i] -= 1 + i64::from(kind >> 2) % 5,
            1 => offsets[i] += 1 + i64::from(kind >> 2) % 3,
            2 => offsets[i] = -1,
            _ if !values.is_empty() => {
                let j = at % values.len();
                values[j] = 0x80 | (kind >> 2 & 0x3F);
            }
            _ => {}
        }
    }
    if large {
        (
            DataType::LargeUtf8,
            Buffer::from_vec(offsets),
            Buffer::from_vec(values),
        )
    } else {
        let narrow: Vec<i32> = offsets.iter().map(|&o| o as i32).collect();
        (
            DataType::Utf8,
            Buffer::from_vec(narrow),
            Buffer::from_vec(values),
        )
    }
}

/// Each row's text as arrow-rs reads it (`None`: null), whatever the layout; a dictionary's
/// row is its key's value (null where the key or the value is).
fn texts_of(column: &dyn Array) -> Vec<Option<&str>> {
    match column.data_type() {
        DataType::LargeUtf8 => column.as_string::<i64>().iter().collect(),
        DataType::Utf8View => column.as_string_view().iter().collect(),
        DataType::Dictionary(_, value_type) => {
            let dict = column.as_dictionary::<Int32Type>();
            let values = dict.values();
            (0..dict.len())
                .map(|i| {
                    let k = dict.keys().value(i) as usize;
                    if dict.is_null(i) || values.is_null(k) {
                        return None;
                    }
                    Some(match value_type.as_ref() {
                        DataType::LargeUtf8 => values.as_string::<i64>().value(k),
                        _ => values.as_string::<i32>().value(k),
                    })
                })
                .collect()
        }
        _ => column.as_string::<i32>().iter().collect(),
    }
}

/// A kernel's rows in `OnError::Null` mode: each row's value (`value(i)`) or error code,
/// `None` for a null row, checked against `expected`, the core's outcome of each row alone.
fn same_rows<T: PartialEq + Debug>(
    kernel: &str,
    out: Output,
    value: impl Fn(&dyn Array, usize) -> T,
    expected: &[Option<Result<T, ErrorCode>>],
    texts: &[Option<&str>],
) {
    let codes = out.errors.expect("null mode");
    let codes = codes.as_string::<i32>();
    let values = out.values.as_ref();
    assert_eq!(values.len(), expected.len(), "{kernel}");
    for (i, want) in expected.iter().enumerate() {
        let got = match (values.is_valid(i), codes.is_valid(i)) {
            (true, false) => Some(Ok(value(values, i))),
            (false, true) => Some(Err(codes.value(i).to_owned())),
            (false, false) => None,
            (true, true) => panic!("{kernel} row {i}: a value and an error"),
        };
        let got = got.as_ref().map(|g| g.as_ref().map_err(String::as_str));
        let want = want.as_ref().map(|w| w.as_ref().map_err(|c| c.as_str()));
        assert_eq!(got, want, "{kernel} row {i}: {:?}", texts[i]);
    }
}

/// The core's outcome for each row alone (`None`: a null row): `f`'s value, or its error's
/// code.
fn outcomes<T>(
    texts: &[Option<&str>],
    f: impl Fn(&str) -> polyid::Result<T>,
) -> Vec<Option<Result<T, ErrorCode>>> {
    texts
        .iter()
        .map(|t| t.map(|t| f(t).map_err(|e| e.code())))
        .collect()
}

/// The core's outcome for one row: its compact ID, or its error's code.
fn core_id(
    text: &str,
    names: Option<&NamedSequences>,
    profile: Profile,
) -> Result<String, ErrorCode> {
    wdp::compact_id_as_with(text, names, profile)
        .map(|id| id.as_str().to_owned())
        .map_err(|e| e.code())
}

/// Checks the properties above on the column `data` describes (nothing for an input that
/// describes none); a broken one panics.
pub fn check(data: &[u8]) {
    let Some((array, flags)) = column(data) else {
        return;
    };
    let extra = NamedSequences::standard().with("RATE_LIMITED", 31).unwrap();
    let names = (flags & 2 != 0).then_some(&extra);
    let profile = if flags & 4 != 0 && names.is_none() {
        Profile::Waddling
    } else {
        Profile::Polyid
    };
    // Well formed for arrow-rs, or refused with its description, by every kernel and mode.
    let verdict = array.validate_full();
    let refused = |r: Result<(), ColumnError>| match r {
        Err(e) if e.code() == ErrorCode::InvalidArgument && e.row().is_none() => {
            let arrow = verdict.as_ref().expect_err("a well-formed array refused");
            assert!(e.to_string().contains(&arrow.to_string()), "{e} / {arrow}");
        }
        other => assert!(verdict.is_ok(), "malformed array not refused: {other:?}"),
    };
    if let Err(e) = polyid_arrow::validate_for_kernels(&array) {
        let arrow = verdict.as_ref().expect_err("a well-formed array refused");
        assert!(e.to_string().contains(&arrow.to_string()), "{e} / {arrow}");
        return;
    }
    let received = make_array(array.clone());
    // A dictionary's rows as the bindings pass them to the kernels: decoded to text.
    let decoded = polyid_arrow::decode_dictionary(&received).expect("a validated dictionary");
    let column = decoded.as_ref();
    let null = kernels::compact_ids(column, names, profile, OnError::Null);
    let raise = kernels::compact_ids(column, names, profile, OnError::Raise);
    let normalized = kernels::normalize_codes(column, names, OnError::Null);
    let validated = kernels::validate_codes(column, names, profile);
    let tids = polyid_arrow::tid::parse(column, Profile::Polyid, OnError::Null);
    let xids = polyid_arrow::xid::parse(column, OnError::Null);
    let euids = polyid_arrow::euid::parse(column, Profile::Polyid, OnError::Null);
    if verdict.is_err() {
        refused(null.map(drop));
        refused(raise.map(drop));
        refused(normalized.map(drop));
        refused(validated.map(drop));
        refused(tids.map(drop));
        refused(xids.map(drop));
        refused(euids.map(drop));
        return;
    }
    // Every row as arrow-rs reads it (a fault may have moved an offset and kept the array
    // well formed), and as the core computes it on its own.
    let texts = texts_of(received.as_ref());
    let expected: Vec<Option<Result<String, ErrorCode>>> = texts
        .iter()
        .map(|t| t.map(|t| core_id(t, names, profile)))
        .collect();
    let out = null.expect("a well-formed array");
    let ids = out.values.as_string::<i32>().clone();
    let text = |a: &dyn Array, i: usize| a.as_string::<i32>().value(i).to_owned();
    same_rows("compact_ids", out, text, &expected, &texts);
    // Raise: the first invalid row, or every value.
    let first = expected.iter().position(|w| matches!(w, Some(Err(_))));
    match (raise, first) {
        (Ok(out), None) => assert_eq!(out.values.as_string::<i32>(), &ids),
        (Err(e), Some(i)) => {
            assert_eq!(e.row(), Some(i));
            assert_eq!(
                Some(Err(e.code())),
                expected[i].clone().map(|w| w.map(drop))
            );
        }
        (r, f) => panic!("raise {r:?}, first invalid row {f:?}"),
    }
    // A dictionary computed once per value: the decoded column's output, or its error.
    if received.as_any_dictionary_opt().is_some() {
        let kernel = |a: &dyn Array, m| kernels::compact_ids(a, names, profile, m);
        for mode in [OnError::Null, OnError::Raise] {
            match (
                polyid_arrow::per_value(&received, mode, &kernel),
                kernel(column, mode),
            ) {
                (Ok(a), Ok(b)) => {
                    assert_eq!(a.values.as_ref(), b.values.as_ref());
                    assert_eq!(
                        a.errors.as_ref().map(|e| e.as_ref()),
                        b.errors.as_ref().map(|e| e.as_ref())
                    );
                }
                (a, b) => assert_eq!(a.err(), b.err()),
            }
        }
    }
    // Normalized forms and error codes, row by row.
    let out = normalized.expect("a well-formed array");
    let forms = out.values.as_string::<i32>();
    for (i, t) in texts.iter().enumerate() {
        let want = t.and_then(|t| {
            names
                .map_or_else(|| wdp::normalize(t), |n| wdp::normalize_with(t, n))
                .ok()
        });
        assert_eq!(
            forms.is_valid(i).then(|| forms.value(i)),
            want.as_deref(),
            "row {i}"
        );
    }
    let validated = validated.expect("a well-formed array");
    let validated = validated.as_string::<i32>();
    for (i, want) in expected.iter().enumerate() {
        let want = match want {
            Some(Err(c)) => Some(c.as_str()),
            _ => None,
        };
        assert_eq!(
            validated.is_valid(i).then(|| validated.value(i)),
            want,
            "row {i}"
        );
    }
    // The ID kernels on the same rows: each TID, xid and EUID as the core reads it alone.
    let want: Vec<Option<Result<i64, ErrorCode>>> =
        outcomes(&texts, |t| Tid::parse(t).map(|x| x.value()));
    let value = |a: &dyn Array, i: usize| a.as_primitive::<Int64Type>().value(i);
    same_rows(
        "tid::parse",
        tids.expect("a well-formed array"),
        value,
        &want,
        &texts,
    );
    let want: Vec<Option<Result<u64, ErrorCode>>> =
        outcomes(&texts, |t| Xid::parse(t).map(|x| x.value()));
    let value = |a: &dyn Array, i: usize| a.as_primitive::<UInt64Type>().value(i);
    same_rows(
        "xid::parse",
        xids.expect("a well-formed array"),
        value,
        &want,
        &texts,
    );
    let want: Vec<Option<Result<[u8; 16], ErrorCode>>> =
        outcomes(&texts, |t| Euid::parse(t).map(|e| e.to_bytes()));
    let value = |a: &dyn Array, i: usize| -> [u8; 16] {
        a.as_fixed_size_binary()
            .value(i)
            .try_into()
            .expect("16 bytes")
    };
    same_rows(
        "euid::parse",
        euids.expect("a well-formed array"),
        value,
        &want,
        &texts,
    );
}
