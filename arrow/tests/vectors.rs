//! Every shared vector (`tests/vectors/*.json`) of an operation the kernels have, run
//! through the Arrow kernels as columns: the cases of one operation (and one set of scalar
//! arguments) form one column, after a null row, and run with `OnError::Null`; each failing
//! case runs again alone with `OnError::Raise`, which must name row 0, its input, and the
//! vector's error code and detail. Each case is one named test (`<family>/<name>`); cases of
//! operations the kernels do not have, and inputs no Arrow column of the parameter's type can
//! hold, are listed as ignored with the reason.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::types::{
    Int64Type, TimestampMicrosecondType, TimestampMillisecondType, UInt16Type, UInt32Type,
    UInt64Type,
};
use arrow_array::{
    Array, ArrayRef, FixedSizeBinaryArray, Int64Array, LargeStringArray, StringArray,
    StringViewArray, UInt64Array,
};
use libtest_mimic::{Arguments, Failed, Trial};
use polyid::wdp::NamedSequences;
use polyid::Profile;
use polyid_arrow::{euid, tid, wdp, xid, ColumnError, OnError, Output};
use serde_json::{json, Value};

fn vectors_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/vectors")
}

/// A case's expected result: its output, or its error code and detail.
struct Case {
    key: String,
    op: String,
    input: Value,
    output: Option<Value>,
    error: Option<String>,
    detail: Option<Value>,
}

/// What the kernels gave for a case.
enum Got {
    Output(Value),
    Error(String),
    Skip(&'static str),
}

/// Input strings go through the three string layouts in turn, so that every layout runs
/// every kind of case.
fn text_column(values: &[Option<&str>], layout: usize) -> ArrayRef {
    match layout % 3 {
        0 => Arc::new(StringArray::from(values.to_vec())),
        1 => Arc::new(LargeStringArray::from(values.to_vec())),
        _ => Arc::new(StringViewArray::from(values.to_vec())),
    }
}

/// An integer column holding every value: `int64` when they all fit, else `uint64`; `None`
/// when no integer column of Arrow holds them all.
fn int_column(values: &[Option<i128>]) -> Option<ArrayRef> {
    if values.iter().flatten().all(|&v| i64::try_from(v).is_ok()) {
        let v: Vec<Option<i64>> = values.iter().map(|v| v.map(|v| v as i64)).collect();
        return Some(Arc::new(Int64Array::from(v)));
    }
    if values.iter().flatten().all(|&v| u64::try_from(v).is_ok()) {
        let v: Vec<Option<u64>> = values.iter().map(|v| v.map(|v| v as u64)).collect();
        return Some(Arc::new(UInt64Array::from(v)));
    }
    None
}

fn int(v: &Value) -> Option<i128> {
    match v {
        Value::String(s) => s.parse().ok(),
        Value::Number(n) => n.as_i64().map(i128::from),
        _ => None,
    }
}

fn bytes16_column(values: &[Option<[u8; 16]>]) -> ArrayRef {
    let v: Vec<Option<&[u8]>> = values.iter().map(|b| b.as_ref().map(|b| &b[..])).collect();
    Arc::new(FixedSizeBinaryArray::try_from_sparse_iter_with_size(v.into_iter(), 16).unwrap())
}

/// The caller's named sequences of a case; the core's error for a table it refuses (the
/// error of the call, before any row).
fn names_of(input: &Value) -> Result<Option<NamedSequences>, polyid::Error> {
    let Some(table) = input.get("named_sequences").and_then(Value::as_object) else {
        return Ok(None);
    };
    let mut names = NamedSequences::standard();
    for (name, n) in table {
        let n = n.as_i64().expect("an i64 in the vectors");
        names.insert(name, n)?;
    }
    Ok(Some(names))
}

/// Reads row `i` (after the leading null row) of a kernel output.
fn texts(out: &Output) -> Vec<Option<String>> {
    let v = out.values.as_string::<i32>();
    (0..v.len())
        .map(|i| v.is_valid(i).then(|| v.value(i).to_owned()))
        .collect()
}

fn errors(out: &Output) -> Vec<Option<String>> {
    let e = out.errors.as_ref().expect("null mode has an error column");
    let e = e.as_string::<i32>();
    (0..e.len())
        .map(|i| e.is_valid(i).then(|| e.value(i).to_owned()))
        .collect()
}

/// The per-row results of the main kernel's output, with `fields` giving each valid row's
/// output value.
fn collect(out: &Output, n: usize, fields: impl Fn(usize) -> Value) -> Vec<Got> {
    let errs = errors(out);
    assert!(out.values.is_null(0), "the leading null row stays null");
    assert!(errs[0].is_none(), "a null row has no error code");
    (1..=n)
        .map(|row| match &errs[row] {
            Some(code) => {
                assert!(out.values.is_null(row), "an invalid row is null");
                Got::Error(code.clone())
            }
            None => Got::Output(fields(row)),
        })
        .collect()
}

fn ok(r: Result<Output, ColumnError>) -> Output {
    r.unwrap_or_else(|e| panic!("the call itself failed: {e}"))
}

/// The output of a whole column of one operation's cases, in order.
fn run_batch(op: &str, cases: &[&Case], layout: usize) -> Option<Vec<Got>> {
    let n = cases.len();
    let null = OnError::Null;
    let strs = |field: &str| -> Vec<Option<String>> {
        std::iter::once(None)
            .chain(
                cases
                    .iter()
                    .map(|c| c.input[field].as_str().map(str::to_owned)),
            )
            .collect()
    };
    let text_col = |field: &str| {
        let v = strs(field);
        let v: Vec<Option<&str>> = v.iter().map(|s| s.as_deref()).collect();
        text_column(&v, layout)
    };
    // `None` when a value fits no integer Arrow has.
    let ints = |field: &str| -> Option<Vec<Option<i128>>> {
        let mut v = vec![None];
        for c in cases {
            let x = &c.input[field];
            v.push(if x.is_null() { None } else { Some(int(x)?) });
        }
        Some(v)
    };
    let names = match names_of(&cases[0].input) {
        Ok(names) => names,
        Err(e) => {
            return Some(
                (0..n)
                    .map(|_| Got::Error(e.code().as_str().into()))
                    .collect(),
            )
        }
    };
    match op {
        "compact_id" => {
            let out = ok(wdp::compact_ids(
                &text_col("code"),
                names.as_ref(),
                Profile::Polyid,
                null,
            ));
            let t = texts(&out);
            Some(collect(&out, n, |r| json!(t[r])))
        }
        "normalize_code" => {
            let out = ok(wdp::normalize_codes(
                &text_col("code"),
                names.as_ref(),
                null,
            ));
            let t = texts(&out);
            Some(collect(&out, n, |r| json!(t[r])))
        }
        "namespace_hash" => {
            let out = ok(wdp::namespace_hashes(
                &text_col("namespace"),
                Profile::Polyid,
                null,
            ));
            let t = texts(&out);
            Some(collect(&out, n, |r| json!(t[r])))
        }
        "full_id" => {
            let ns = cases[0].input["namespace"].as_str().unwrap();
            match wdp::full_ids(ns, &text_col("code"), names.as_ref(), Profile::Polyid, null) {
                Ok(out) => {
                    let t = texts(&out);
                    Some(collect(&out, n, |r| json!(t[r])))
                }
                // The namespace is a scalar argument: its error is the call's, for every row.
                Err(e) => {
                    assert_eq!(e.row(), None, "a namespace error names no row");
                    Some(
                        (0..n)
                            .map(|_| Got::Error(e.code().as_str().into()))
                            .collect(),
                    )
                }
            }
        }
        "uid11_encode" => {
            let col = int_column(&ints("value")?)?;
            let out = ok(xid::uid11_encode(&col, null));
            let t = texts(&out);
            Some(collect(&out, n, |r| json!(t[r])))
        }
        "uid11_decode" => {
            let out = ok(xid::uid11_decode(&text_col("text"), null));
            let v = out.values.as_primitive::<UInt64Type>().clone();
            Some(collect(&out, n, |r| json!(v.value(r).to_string())))
        }
        "xid_parse" => Some(xid_fields(
            &text_col("text"),
            n,
            xid::parse(&text_col("text"), null),
        )),
        "xid_from_parts" => {
            let ms = int_column(&ints("unix_ms")?)?;
            let r = int_column(&ints("random")?)?;
            let out = ok(xid::from_parts(&ms, &r, null));
            Some(xid_fields(&out.values.clone(), n, Ok(out)))
        }
        "tid_parse" => Some(tid_fields(
            &text_col("text"),
            n,
            tid::parse(&text_col("text"), Profile::Polyid, null),
        )),
        "tid_from_parts" => {
            let m = int_column(&ints("micros")?)?;
            let c = int_column(&ints("clock_id")?)?;
            let out = ok(tid::from_parts(&m, &c, null));
            Some(tid_fields(&out.values.clone(), n, Ok(out)))
        }
        "euid_parse" => Some(euid_fields(
            &text_col("text"),
            n,
            euid::parse(&text_col("text"), Profile::Polyid, null),
        )),
        "euid_from_bytes" => {
            let mut v = vec![None];
            for c in cases {
                let hex = c.input["hex"].as_str().unwrap();
                let b: Vec<u8> = (0..hex.len() / 2)
                    .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap())
                    .collect();
                v.push(Some(<[u8; 16]>::try_from(b.as_slice()).ok()?));
            }
            let col = bytes16_column(&v);
            let out = ok(euid::parse(&col, Profile::Polyid, null));
            Some(euid_fields(&col, n, Ok(out)))
        }
        "euid_from_parts" => {
            let ms = int_column(&ints("unix_ms")?)?;
            let ext = int_column(&ints("extension")?)?;
            let pad = int_column(&ints("padding")?)?;
            let r = int_column(&ints("random")?)?;
            let out = ok(euid::from_parts(&ms, Some(&ext), Some(&pad), &r, null));
            Some(euid_fields(&out.values.clone(), n, Ok(out)))
        }
        "euid_encode" => {
            let mut v = vec![None];
            for c in cases {
                let value: u128 = c.input["value"].as_str().unwrap().parse().ok()?;
                v.push(Some(value.to_be_bytes()));
            }
            let checkmod = cases[0].input["checkmod"].as_bool().unwrap();
            let out = ok(euid::encode(&bytes16_column(&v), checkmod, null));
            let t = texts(&out);
            Some(collect(&out, n, |r| json!(t[r])))
        }
        _ => None,
    }
}

fn xid_fields(col: &ArrayRef, n: usize, main: Result<Output, ColumnError>) -> Vec<Got> {
    let main = ok(main);
    let text = texts(&ok(xid::encode(col, OnError::Null)));
    let ms = ok(xid::timestamps(col, OnError::Null));
    let ms = ms.values.as_primitive::<TimestampMillisecondType>().clone();
    assert_eq!(ms.timezone(), Some("UTC"));
    let rnd = ok(xid::randoms(col, OnError::Null));
    let rnd = rnd.values.as_primitive::<UInt32Type>().clone();
    let v = main.values.as_primitive::<UInt64Type>().clone();
    collect(&main, n, |r| {
        json!({"text": text[r], "value": v.value(r).to_string(),
               "unix_ms": ms.value(r), "random": rnd.value(r)})
    })
}

fn tid_fields(col: &ArrayRef, n: usize, main: Result<Output, ColumnError>) -> Vec<Got> {
    let main = ok(main);
    let text = texts(&ok(tid::encode(col, false, OnError::Null)));
    let display = texts(&ok(tid::encode(col, true, OnError::Null)));
    let us = ok(tid::timestamps(col, Profile::Polyid, OnError::Null));
    let us = us.values.as_primitive::<TimestampMicrosecondType>().clone();
    assert_eq!(us.timezone(), Some("UTC"));
    let clk = ok(tid::clock_ids(col, Profile::Polyid, OnError::Null));
    let clk = clk.values.as_primitive::<UInt16Type>().clone();
    let v = main.values.as_primitive::<Int64Type>().clone();
    collect(&main, n, |r| {
        json!({"text": text[r], "display": display[r], "value": v.value(r).to_string(),
               "micros": us.value(r).to_string(), "clock_id": clk.value(r)})
    })
}

fn euid_fields(col: &ArrayRef, n: usize, main: Result<Output, ColumnError>) -> Vec<Got> {
    let main = ok(main);
    let text = texts(&ok(euid::encode(col, true, OnError::Null)));
    let nocheck = texts(&ok(euid::encode(col, false, OnError::Null)));
    let ms = ok(euid::timestamps(col, Profile::Polyid, OnError::Null));
    let ms = ms.values.as_primitive::<TimestampMillisecondType>().clone();
    let ext = ok(euid::extensions(col, Profile::Polyid, OnError::Null));
    let ext = ext.values.as_primitive::<UInt16Type>().clone();
    let v = main.values.as_fixed_size_binary().clone();
    collect(&main, n, |r| {
        let b: [u8; 16] = v.value(r).try_into().unwrap();
        let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
        json!({"value": u128::from_be_bytes(b).to_string(), "hex": hex,
               "text": text[r], "text_nocheck": nocheck[r], "unix_ms": ms.value(r),
               "extension": if ext.is_valid(r) { json!(ext.value(r)) } else { Value::Null }})
    })
}

/// The reason a case has no Arrow form, or `None`.
fn unsupported(op: &str) -> Option<&'static str> {
    match op {
        "compact_id" | "normalize_code" | "namespace_hash" | "full_id" | "uid11_encode"
        | "uid11_decode" | "xid_parse" | "xid_from_parts" | "tid_parse" | "tid_from_parts"
        | "euid_parse" | "euid_from_bytes" | "euid_from_parts" | "euid_encode" => None,
        _ => Some("no column kernel for this operation"),
    }
}

/// Runs a case alone with `OnError::Raise`: the error must name row 0, the input, and the
/// vector's code and detail.
fn check_raise(case: &Case, got_code: &str) -> Result<(), String> {
    let one = [case];
    let err = raise_one(&one).ok_or("raise mode did not stop")?;
    if err.code().as_str() != got_code {
        return Err(format!(
            "raise mode: {} (null mode: {got_code})",
            err.code()
        ));
    }
    // A scalar argument's error (a namespace, a named-sequence table) is the call's.
    let scalar = case.op == "full_id" || case.input.get("named_sequences").is_some();
    if err.row().is_none() && !scalar {
        return Err("raise mode names no row".into());
    }
    if err.row().is_some() {
        if err.row() != Some(0) {
            return Err(format!("raise mode names row {:?}, not 0", err.row()));
        }
        let input = err.input().unwrap_or_default();
        if let Some(text) = case
            .input
            .get("text")
            .or(case.input.get("code"))
            .and_then(Value::as_str)
        {
            if input != text {
                return Err(format!("raise mode names input {input:?}, not {text:?}"));
            }
        }
    }
    if let Some(detail) = &case.detail {
        let e = err.error();
        if let Some(i) = detail.get("index") {
            if e.index().map(|x| x as u64) != i.as_u64() {
                return Err(format!("index {:?}, expected {i}", e.index()));
            }
        }
        if let Some(c) = detail.get("character").and_then(Value::as_str) {
            if e.offending_char().map(String::from).as_deref() != Some(c) {
                return Err(format!(
                    "character {:?}, expected {c:?}",
                    e.offending_char()
                ));
            }
        }
        if let (Some(f), Some(x)) = (detail.get("found"), detail.get("expected")) {
            if e.found_expected().map(|(a, b)| (a as u64, b as u64)) != f.as_u64().zip(x.as_u64()) {
                return Err(format!(
                    "found/expected {:?}, expected {f}/{x}",
                    e.found_expected()
                ));
            }
        }
    }
    Ok(())
}

/// The main kernel of one case's operation, alone, in raise mode: the error it stops with.
fn raise_one(cases: &[&Case]) -> Option<ColumnError> {
    let c = cases[0];
    let raise = OnError::Raise;
    let text = |f: &str| -> ArrayRef { Arc::new(StringArray::from(vec![c.input[f].as_str()])) };
    let ints = |f: &str| {
        let x = &c.input[f];
        int_column(&[if x.is_null() { None } else { Some(int(x)?) }])
    };
    let names = match names_of(&c.input) {
        Ok(names) => names,
        Err(e) => return Some(ColumnError::new(e)),
    };
    let r = match c.op.as_str() {
        "compact_id" => wdp::compact_ids(&text("code"), names.as_ref(), Profile::Polyid, raise),
        "normalize_code" => wdp::normalize_codes(&text("code"), names.as_ref(), raise),
        "namespace_hash" => wdp::namespace_hashes(&text("namespace"), Profile::Polyid, raise),
        "full_id" => wdp::full_ids(
            c.input["namespace"].as_str()?,
            &text("code"),
            names.as_ref(),
            Profile::Polyid,
            raise,
        ),
        "uid11_encode" => xid::uid11_encode(&ints("value")?, raise),
        "uid11_decode" => xid::uid11_decode(&text("text"), raise),
        "xid_parse" => xid::parse(&text("text"), raise),
        "xid_from_parts" => xid::from_parts(&ints("unix_ms")?, &ints("random")?, raise),
        "tid_parse" => tid::parse(&text("text"), Profile::Polyid, raise),
        "tid_from_parts" => tid::from_parts(&ints("micros")?, &ints("clock_id")?, raise),
        "euid_parse" => euid::parse(&text("text"), Profile::Polyid, raise),
        "euid_from_parts" => euid::from_parts(
            &ints("unix_ms")?,
            Some(&ints("extension")?),
            Some(&ints("padding")?),
            &ints("random")?,
            raise,
        ),
        _ => return None,
    };
    r.err()
}

fn main() {
    let args = Arguments::from_args();
    let mut files: Vec<PathBuf> = std::fs::read_dir(vectors_dir())
        .expect("tests/vectors exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let mut cases = Vec::new();
    for path in files {
        let doc: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let family = doc["family"].as_str().unwrap().to_owned();
        for c in doc["cases"].as_array().unwrap() {
            cases.push(Case {
                key: format!("{family}/{}", c["name"].as_str().unwrap()),
                op: c["op"].as_str().unwrap().to_owned(),
                input: c["input"].clone(),
                output: c.get("output").cloned(),
                error: c.get("error").and_then(Value::as_str).map(str::to_owned),
                detail: c.get("detail").cloned(),
            });
        }
    }
    // One column per operation and per set of scalar arguments (named sequences, namespace,
    // checkmod); a column whose inputs no single Arrow type holds runs case by case.
    let mut groups: BTreeMap<(String, String), Vec<usize>> = BTreeMap::new();
    for (i, c) in cases.iter().enumerate() {
        if unsupported(&c.op).is_some() {
            continue;
        }
        let scalars = json!([
            c.input.get("named_sequences"),
            if c.op == "full_id" {
                c.input.get("namespace")
            } else {
                None
            },
            c.input.get("checkmod")
        ]);
        groups
            .entry((c.op.clone(), scalars.to_string()))
            .or_default()
            .push(i);
    }
    let mut got: BTreeMap<usize, Got> = BTreeMap::new();
    for (layout, ((op, _), members)) in groups.iter().enumerate() {
        let refs: Vec<&Case> = members.iter().map(|&i| &cases[i]).collect();
        if let Some(results) = run_batch(op, &refs, layout) {
            got.extend(members.iter().copied().zip(results));
            continue;
        }
        for &i in members {
            let one = run_batch(op, &[&cases[i]], layout).and_then(|mut v| v.pop());
            got.insert(
                i,
                one.unwrap_or(Got::Skip(
                    "no Arrow column of the parameter's type holds this input",
                )),
            );
        }
    }
    let mut trials = Vec::new();
    for (i, c) in cases.iter().enumerate() {
        let name = c.key.clone();
        let result = match unsupported(&c.op) {
            Some(reason) => Got::Skip(reason),
            None => got.remove(&i).unwrap_or(Got::Skip("not run")),
        };
        let trial = match result {
            Got::Skip(reason) => {
                let trial = Trial::test(name, || Ok(())).with_ignored_flag(true);
                trial.with_kind(reason)
            }
            Got::Output(v) => {
                let expected = c.output.clone();
                let error = c.error.clone();
                Trial::test(name, move || match (expected, error) {
                    (Some(e), _) if e == v => Ok(()),
                    (Some(e), _) => Err(Failed::from(format!("expected {e}, got {v}"))),
                    (None, err) => Err(Failed::from(format!("expected {err:?}, got {v}"))),
                })
            }
            Got::Error(code) => {
                let case = Case {
                    key: c.key.clone(),
                    op: c.op.clone(),
                    input: c.input.clone(),
                    output: c.output.clone(),
                    error: c.error.clone(),
                    detail: c.detail.clone(),
                };
                Trial::test(name, move || {
                    if case.error.as_deref() != Some(code.as_str()) {
                        return Err(Failed::from(format!(
                            "expected {:?}, got error {code}",
                            case.output
                                .as_ref()
                                .map(|o| o.to_string())
                                .or(case.error.clone())
                        )));
                    }
                    check_raise(&case, &code).map_err(Failed::from)
                })
            }
        };
        trials.push(trial);
    }
    libtest_mimic::run(&args, trials).exit();
}
