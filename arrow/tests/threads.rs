//! Long columns, which the kernels cut into ranges computed on several threads, against the
//! core row by row: every value, every null, every error code, and with `OnError::Raise` the
//! first invalid row even when a later range fails too. The inputs mix valid and invalid
//! values and nulls, so that every range holds each kind of row.

use arrow_array::cast::AsArray;
use arrow_array::types::{Int64Type, UInt64Type};
use arrow_array::{
    Array, ArrayRef, Int16Array, Int32Array, Int64Array, Int8Array, StringArray, UInt16Array,
    UInt32Array, UInt64Array, UInt8Array,
};
use polyid::euid::Euid;
use polyid::tid::Tid;
use polyid::xid::Xid;
use polyid::{wdp, Profile};
use polyid_arrow::{euid, tid, xid, OnError, Output};

/// Enough rows for several ranges on any machine with two or more cores.
const ROWS: usize = 300_007;

/// Row `i` of a column over `pool`: null every 11th row.
fn column(pool: &[&str]) -> StringArray {
    (0..ROWS)
        .map(|i| (i % 11 != 5).then(|| pool[i % pool.len()]))
        .collect()
}

fn errors(out: &Output) -> Vec<Option<String>> {
    let e = out
        .errors
        .as_ref()
        .expect("OnError::Null gives an error column");
    let e = e.as_string::<i32>();
    (0..e.len())
        .map(|i| e.is_valid(i).then(|| e.value(i).to_owned()))
        .collect()
}

/// Checks every row of `out` against `expect` (the core's answer for row `i`: `None` for a
/// null row, else its value or error code), with `value` reading row `i` of the values.
fn check<T: PartialEq + std::fmt::Debug>(
    input: &StringArray,
    out: &Output,
    value: impl Fn(&ArrayRef, usize) -> T,
    expect: impl Fn(&str) -> Result<T, polyid::Error>,
) {
    let errors = errors(out);
    assert_eq!((out.values.len(), errors.len()), (ROWS, ROWS));
    for (i, error) in errors.iter().enumerate() {
        if input.is_null(i) {
            assert!(
                out.values.is_null(i) && error.is_none(),
                "row {i}: null in, null out"
            );
            continue;
        }
        match expect(input.value(i)) {
            Ok(v) => {
                assert!(out.values.is_valid(i), "row {i}");
                assert_eq!(value(&out.values, i), v, "row {i}");
                assert_eq!(*error, None, "row {i}");
            }
            Err(e) => {
                assert!(out.values.is_null(i), "row {i}");
                assert_eq!(error.as_deref(), Some(e.code().as_str()), "row {i}");
            }
        }
    }
}

const CODES: [&str; 7] = [
    "E.AUTH.TOKEN.001",
    "E.Auth.Token.MISSING",
    "E.AUTH.TOKEN.000",
    "w.cache.data.018",
    "B.API.RATELIMIT.007",
    "X.BAD.SEVERITY.001",
    "  I.PADDED.CODE.042  ",
];

#[test]
fn compact_ids_on_threads_match_the_core() {
    let input = column(&CODES);
    let out = polyid_arrow::wdp::compact_ids(&input, None, Profile::Polyid, OnError::Null).unwrap();
    check(
        &input,
        &out,
        |v, i| v.as_string::<i32>().value(i).to_owned(),
        |code| wdp::compact_id(code).map(String::from),
    );
    // docs/spec §1.2: the compact ID of E.AUTH.TOKEN.001 (row 0).
    assert_eq!(out.values.as_string::<i32>().value(0), "V6a0B");
}

#[test]
fn normalize_codes_on_threads_match_the_core() {
    // Variable-size rows: each range pushed into a column of its own, appended in order.
    let input = column(&CODES);
    let out = polyid_arrow::wdp::normalize_codes(&input, None, OnError::Null).unwrap();
    check(
        &input,
        &out,
        |v, i| v.as_string::<i32>().value(i).to_owned(),
        wdp::normalize,
    );
    assert_eq!(out.values.as_string::<i32>().value(1), "E.AUTH.TOKEN.001");
    let e = polyid_arrow::wdp::normalize_codes(&input, None, OnError::Raise).unwrap_err();
    assert_eq!((e.row(), e.code().as_str()), (Some(2), "INVALID_SEQUENCE"));
}

#[test]
fn catalog_lookup_on_threads_matches_the_core() {
    // A pair of variable-size columns, each range's appended in order.
    let entries = ["E.AUTH.TOKEN.001", "W.CACHE.DATA.018"].map(|code| wdp::catalog::Entry {
        code: code.to_owned(),
        message: format!("message of {code}"),
        ..Default::default()
    });
    let catalog = wdp::catalog::Catalog::build(entries.to_vec()).unwrap();
    let ids: Vec<String> = CODES
        .iter()
        .map(|c| wdp::compact_id(c).map_or_else(|_| "zzzzz".to_owned(), String::from))
        .collect();
    let pool: Vec<&str> = ids.iter().map(String::as_str).collect();
    let input = column(&pool);
    let out = polyid_arrow::wdp::catalog_lookup(&catalog, &input, OnError::Null).unwrap();
    check(
        &input,
        &out,
        |v, i| {
            let pair = v.as_struct();
            let text = |k: usize| pair.column(k).as_string::<i32>().value(i).to_owned();
            (text(0), text(1))
        },
        |id| {
            let e = catalog.expand_id(id)?;
            Ok((e.code.to_string(), format!("message of {}", e.code)))
        },
    );
}

#[test]
fn a_long_column_without_nulls_keeps_every_row_in_place() {
    // No null row: the offsets are the ones the threads wrote.
    let valid = [CODES[0], CODES[1], CODES[3], CODES[4]];
    let input: StringArray = (0..ROWS).map(|i| Some(valid[i % valid.len()])).collect();
    let out =
        polyid_arrow::wdp::compact_ids(&input, None, Profile::Polyid, OnError::Raise).unwrap();
    let ids = out.values.as_string::<i32>();
    assert_eq!((ids.len(), ids.null_count()), (ROWS, 0));
    for i in 0..ROWS {
        assert_eq!(
            ids.value(i),
            wdp::compact_id(input.value(i)).unwrap(),
            "row {i}"
        );
    }
}

#[test]
fn raise_names_the_first_invalid_row_of_a_long_column() {
    // Valid rows but for two invalid ones, the second far into a later range.
    let late = ROWS - 3;
    let early = ROWS / 2 - 1;
    let codes: StringArray = (0..ROWS)
        .map(|i| match i {
            i if i == early => Some("E.AUTH.TOKEN.1000"),
            i if i == late => Some("E.AUTH.TOKEN.000"),
            _ => Some(CODES[i % 2]),
        })
        .collect();
    let e =
        polyid_arrow::wdp::compact_ids(&codes, None, Profile::Polyid, OnError::Raise).unwrap_err();
    assert_eq!(
        (e.row(), e.input(), e.code().as_str()),
        (Some(early), Some("E.AUTH.TOKEN.1000"), "INVALID_SEQUENCE")
    );
}

#[test]
fn xid_parse_on_threads_matches_the_core() {
    let pool = [
        "11111111111",
        "1111111NVpb",
        "113q8KFkAEs",
        "1111111111l",
        "jpXCZedGfVQ",
        "too short",
        "zzzzzzzzzzz",
    ];
    let input = column(&pool);
    let out = xid::parse(&input, OnError::Null).unwrap();
    check(
        &input,
        &out,
        |v, i| v.as_primitive::<UInt64Type>().value(i),
        |s| Xid::parse(s).map(Xid::value),
    );
}

#[test]
fn tid_and_euid_parse_on_threads_match_the_core() {
    let tids = [
        "2222222222222",
        "2222-222-2222-23",
        "6222222222222",
        "zzzzzzzzzzzzz",
        "1222222222222",
    ];
    let input = column(&tids);
    let out = tid::parse(&input, Profile::Polyid, OnError::Null).unwrap();
    check(
        &input,
        &out,
        |v, i| v.as_primitive::<Int64Type>().value(i),
        |s| Tid::parse(s).map(Tid::value),
    );

    let euids = [
        "C8ZM14GR4JXG0MQXVY18S8TJNA6",
        "c8zm14gr4jxg0mqxvy18s8tjna6",
        "C8ZM14GR4JXG0MQXVY18S8TJNA7",
        "not an euid",
        "ZZZZZZZZZZZZZZZZZZZZZZZZZW3",
    ];
    let input = column(&euids);
    let out = euid::parse(&input, Profile::Polyid, OnError::Null).unwrap();
    check(
        &input,
        &out,
        |v, i| v.as_fixed_size_binary().value(i).to_vec(),
        |s| Euid::parse(s).map(|e| e.to_bytes().to_vec()),
    );
}

#[test]
fn uid11_encode_on_threads_matches_the_core() {
    let values: UInt64Array = (0..ROWS as u64)
        .map(|i| (i % 13 != 3).then(|| i.wrapping_mul(0x9E37_79B9_7F4A_7C15)))
        .collect();
    let out = xid::uid11_encode(&values, OnError::Raise).unwrap();
    let texts = out.values.as_string::<i32>();
    for i in 0..ROWS {
        if values.is_null(i) {
            assert!(texts.is_null(i), "row {i}");
        } else {
            assert_eq!(
                texts.value(i),
                polyid::uid11::encode(values.value(i)),
                "row {i}"
            );
        }
    }
}

/// Row `i` of a column of `T`: null every 7th row, else a value spread over the whole width
/// (negative, and beyond `i64`, where the type has such values).
fn ints<T>(wrap: impl Fn(u64) -> T) -> Vec<Option<T>> {
    (0..ROWS as u64)
        .map(|i| (i % 7 != 2).then(|| wrap(i.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ i)))
        .collect()
}

/// Every row of a text column made from an integer column: null for a null row, else
/// `expect`'s text or error code.
fn check_texts(
    values: &dyn Array,
    value: impl Fn(usize) -> i128,
    out: &Output,
    expect: impl Fn(i128) -> Result<String, polyid::Error>,
) {
    let errors = errors(out);
    let texts = out.values.as_string::<i32>();
    assert_eq!(texts.len(), ROWS);
    for (i, error) in errors.iter().enumerate() {
        if values.is_null(i) {
            assert!(
                texts.is_null(i) && error.is_none(),
                "row {i}: null in, null out"
            );
            continue;
        }
        match expect(value(i)) {
            Ok(t) => assert_eq!(
                (texts.value(i), error.as_deref()),
                (t.as_str(), None),
                "row {i}"
            ),
            Err(e) => {
                assert!(texts.is_null(i), "row {i}");
                assert_eq!(error.as_deref(), Some(e.code().as_str()), "row {i}");
            }
        }
    }
}

/// The encode kernels read `int64` and `uint64` columns in loops of their own and the other
/// widths through one shared loop: every width gives the core's text or error for every row.
#[test]
fn encodes_of_every_integer_width_match_the_core() {
    macro_rules! each_width {
        ($($array:ty = $wrap:expr;)*) => {$({
            let values = <$array>::from(ints($wrap));
            let value = |i: usize| i128::from(values.value(i));
            let tid = |v: i128| {
                let t = i64::try_from(v).map_err(|_| {
                    polyid::Error::range("TID value", v, i64::MIN, i64::MAX)
                })?;
                Tid::from_i64(t)
            };
            let out = tid::encode(&values, false, OnError::Null).unwrap();
            check_texts(&values, value, &out, |v| tid(v).map(|t| t.to_string()));
            let out = tid::encode(&values, true, OnError::Null).unwrap();
            check_texts(&values, value, &out, |v| tid(v).map(Tid::display));
            let xid = |v: i128| {
                u64::try_from(v)
                    .map_err(|_| polyid::Error::range("xid value", v, 0, u64::MAX))
            };
            let out = xid::encode(&values, OnError::Null).unwrap();
            check_texts(&values, value, &out, |v| xid(v).map(|x| Xid::from_u64(x).to_string()));
            let out = xid::uid11_encode(&values, OnError::Null).unwrap();
            check_texts(&values, value, &out, |v| xid(v).map(polyid::uid11::encode));
        })*};
    }
    each_width! {
        Int8Array = |v| v as i8;
        Int16Array = |v| v as i16;
        Int32Array = |v| v as i32;
        Int64Array = |v| v as i64;
        UInt8Array = |v| v as u8;
        UInt16Array = |v| v as u16;
        UInt32Array = |v| v as u32;
        UInt64Array = |v| v;
    }
}
