//! The operations of `tests/vectors/*.json`, run on the core. Shared by the vectors test
//! and the matrix adapter (`examples/matrix_adapter.rs`), so both read cases the same way.
#![allow(dead_code)]

use polyid::clock::ManualClock;
use polyid::euid::{Euid, EuidGenerator};
use polyid::extuuid;
use polyid::node::Node;
use polyid::policy::Options;
use polyid::tid::TidGenerator;
use polyid::tid::{self, Tid};
use polyid::wdp::catalog::{from_hex, hex, Catalog, Entry, Expansion, KeyPair};
use polyid::wdp::{self, NamedSequences, StructuredCode};
use polyid::xid::XidGenerator;
use polyid::xid::{self, Xid};
use polyid::{uid11, Error, ErrorCode, Profile};
use serde_json::{json, Map, Value};

/// Why a case could not produce a value: a polyid error, or an input the harness could not
/// convert to the operation's parameter types (reported as the code a binding would raise).
pub enum Failure {
    Polyid(Error),
    Convert(&'static str),
}

impl From<Error> for Failure {
    fn from(e: Error) -> Failure {
        Failure::Polyid(e)
    }
}

pub type R = Result<Value, Failure>;

fn field<'a>(input: &'a Value, key: &str) -> Result<&'a Value, String> {
    input
        .get(key)
        .ok_or_else(|| format!("input has no {key:?}"))
}

fn text<'a>(input: &'a Value, key: &str) -> Result<&'a str, String> {
    field(input, key)?
        .as_str()
        .ok_or_else(|| format!("input {key:?} is not a string"))
}

/// An integer parameter given as a JSON number or a decimal string, converted to `T` the way
/// a binding converts a host integer: out of the type's range is `OUT_OF_RANGE`.
fn int<T: TryFrom<i128>>(input: &Value, key: &str) -> Result<Result<T, Failure>, String> {
    let v = field(input, key)?;
    let wide: i128 = match v {
        Value::Number(n) => match n.as_i64() {
            Some(i) => i.into(),
            None => match n.as_u64() {
                Some(u) => u.into(),
                None => return Err(format!("input {key:?} is not an integer")),
            },
        },
        Value::String(s) => match s.parse::<i128>() {
            Ok(i) => i,
            // Wider than i128 still is "out of range" for every parameter type.
            Err(_)
                if s.trim_start_matches('-')
                    .bytes()
                    .all(|b| b.is_ascii_digit()) =>
            {
                return Ok(Err(Failure::Convert("OUT_OF_RANGE")))
            }
            Err(_) => return Err(format!("input {key:?} is not a decimal string")),
        },
        _ => return Err(format!("input {key:?} is not an integer")),
    };
    Ok(T::try_from(wide).map_err(|_| Failure::Convert("OUT_OF_RANGE")))
}

/// Same as [`int`] but for u128 values given as decimal strings (beyond i128).
fn u128_param(input: &Value, key: &str) -> Result<Result<u128, Failure>, String> {
    let s = text(input, key)?;
    if s.starts_with('-') {
        return Ok(Err(Failure::Convert("OUT_OF_RANGE")));
    }
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("input {key:?} is not a decimal string"));
    }
    Ok(s.parse::<u128>()
        .map_err(|_| Failure::Convert("OUT_OF_RANGE")))
}

fn names(input: &Value) -> Result<Result<NamedSequences, Failure>, String> {
    let mut table = NamedSequences::standard();
    if let Some(extra) = input.get("named_sequences") {
        let extra = extra
            .as_object()
            .ok_or_else(|| String::from("named_sequences is not an object"))?;
        for (name, number) in extra {
            let number = number
                .as_i64()
                .ok_or_else(|| String::from("named sequence number is not an integer"))?;
            if let Err(e) = table.insert(name, number) {
                return Ok(Err(e.into()));
            }
        }
    }
    Ok(Ok(table))
}

macro_rules! tri {
    ($e:expr) => {
        match $e? {
            Ok(v) => v,
            Err(f) => return Ok(Err(f)),
        }
    };
}

pub fn xid_json(x: Xid) -> Value {
    json!({"text": x.to_string(), "value": x.value().to_string(),
           "unix_ms": x.unix_ms(), "random": x.random()})
}

pub fn tid_json(t: Tid) -> Value {
    json!({"text": t.to_string(), "display": t.display(), "value": t.value().to_string(),
           "micros": t.micros().to_string(), "clock_id": t.clock_id()})
}

pub fn euid_json(e: Euid) -> Value {
    json!({"value": e.value().to_string(), "hex": format!("{:032x}", e.value()),
           "text": e.encode(true), "text_nocheck": e.encode(false),
           "unix_ms": e.unix_ms(), "extension": e.extension()})
}

/// The answer of `op` read as `profile` reads it (docs/spec §1.5, §3.5, §4.4): the ops whose
/// reading a profile changes go through the core's `*_as` functions, every other op as
/// [`run`]. Used by `polyid conform --profile` for the expected answers and by
/// `polyid conform-serve` for requests that carry a `profile`.
pub fn run_profile(op: &str, input: &Value, profile: Profile) -> Result<R, String> {
    if profile == Profile::Polyid {
        return run(op, input);
    }
    let out: R = match op {
        "tid_parse" => Tid::parse_as(text(input, "text")?, profile)
            .map(tid_json)
            .map_err(Into::into),
        "euid_parse" => Euid::parse_as(text(input, "text")?, profile)
            .map(euid_json)
            .map_err(Into::into),
        "compact_id" => wdp::compact_id_as(text(input, "code")?, profile)
            .map(|c| Value::from(c.as_str()))
            .map_err(Into::into),
        "namespace_hash" => wdp::namespace_hash_as(text(input, "namespace")?, profile)
            .map(|c| Value::from(c.as_str()))
            .map_err(Into::into),
        "full_id" => wdp::full_id_as(text(input, "namespace")?, text(input, "code")?, profile)
            .map(|f| Value::from(f.to_text()))
            .map_err(Into::into),
        "parse_full_id" => wdp::parse_full_id_as(text(input, "id")?, profile)
            .map(|(ns, id)| {
                json!({"namespace_hash": ns.map(|n| n.as_str().to_owned()),
                       "compact_id": id.as_str()})
            })
            .map_err(Into::into),
        _ => return run(op, input),
    };
    Ok(out)
}

pub fn run(op: &str, input: &Value) -> Result<R, String> {
    let out: R = match op {
        "compact_id" => {
            let names = tri!(names(input));
            wdp::compact_id_with(text(input, "code")?, &names)
                .map(|id| Value::from(String::from(id)))
                .map_err(Into::into)
        }
        "normalize_code" => {
            let names = tri!(names(input));
            wdp::normalize_with(text(input, "code")?, &names)
                .map(Value::from)
                .map_err(Into::into)
        }
        "parse_code" => {
            let names = tri!(names(input));
            StructuredCode::parse_with(text(input, "code")?, &names)
                .map(|c| {
                    let s = c.severity();
                    json!({"severity": s.letter().to_string(), "meaning": s.meaning(),
                       "priority": s.priority(), "blocking": s.is_blocking(),
                       "component": c.component(), "primary": c.primary(),
                       "sequence": c.sequence(), "normalized": c.normalized(),
                       "compact_id": c.compact_id().as_str()})
                })
                .map_err(Into::into)
        }
        "namespace_hash" => wdp::namespace_hash(text(input, "namespace")?)
            .map(|id| Value::from(String::from(id)))
            .map_err(Into::into),
        "full_id" => {
            let names = tri!(names(input));
            wdp::full_id_with(text(input, "namespace")?, text(input, "code")?, &names)
                .map(|id| Value::from(String::from(id)))
                .map_err(Into::into)
        }
        "parse_full_id" => wdp::parse_full_id(text(input, "id")?)
            .map(|f| {
                json!({"namespace_hash": f.namespace_hash.as_str(),
                       "compact_id": f.compact_id.as_str()})
            })
            .map_err(Into::into),
        "uid11_encode" => {
            let v: u64 = tri!(int(input, "value"));
            Ok(Value::from(uid11::encode(v)))
        }
        "uid11_decode" => uid11::decode(text(input, "text")?)
            .map(|v| Value::from(v.to_string()))
            .map_err(Into::into),
        "uid11_prefix_range" => uid11::prefix_range(text(input, "prefix")?)
            .map(|r| match r {
                Some((lo, hi)) => json!([lo.to_string(), hi.to_string()]),
                None => Value::Null,
            })
            .map_err(Into::into),
        "xid_from_parts" => {
            let ms: u64 = tri!(int(input, "unix_ms"));
            let random: u32 = tri!(int(input, "random"));
            Xid::from_parts(ms, random)
                .map(xid_json)
                .map_err(Into::into)
        }
        "xid_parse" => Xid::parse(text(input, "text")?)
            .map(xid_json)
            .map_err(Into::into),
        "xid_prefix_range" => xid::prefix_time_range(text(input, "prefix")?)
            .map(|r| match r {
                Some((lo, hi)) => json!({"min_unix_ms": lo, "max_unix_ms": hi}),
                None => Value::Null,
            })
            .map_err(Into::into),
        "tid_from_parts" => {
            let micros: i64 = tri!(int(input, "micros"));
            let clock: u16 = tri!(int(input, "clock_id"));
            Tid::from_parts(micros, clock)
                .map(tid_json)
                .map_err(Into::into)
        }
        "tid_parse" => Tid::parse(text(input, "text")?)
            .map(tid_json)
            .map_err(Into::into),
        "tid_prefix_range" => tid::prefix_range(text(input, "prefix")?)
            .map(|r| match r {
                Some((lo, hi)) => json!([lo.to_string(), hi.to_string()]),
                None => Value::Null,
            })
            .map_err(Into::into),
        "euid_from_parts" => {
            let ms: u64 = tri!(int(input, "unix_ms"));
            let ext: Option<u16> = match field(input, "extension")? {
                Value::Null => None,
                _ => Some(tri!(int(input, "extension"))),
            };
            let padding: u16 = tri!(int(input, "padding"));
            let random: u64 = tri!(int(input, "random"));
            Euid::from_parts(ms, ext, padding, random)
                .map(euid_json)
                .map_err(Into::into)
        }
        "euid_encode" => {
            let v = tri!(u128_param(input, "value"));
            let check = field(input, "checkmod")?
                .as_bool()
                .ok_or_else(|| String::from("checkmod is not a bool"))?;
            Ok(Value::from(Euid::from_u128(v).encode(check)))
        }
        "euid_parse" => Euid::parse(text(input, "text")?)
            .map(euid_json)
            .map_err(Into::into),
        "euid_from_bytes" => {
            let hex = text(input, "hex")?;
            let bytes = decode_hex(hex).ok_or_else(|| String::from("hex is not hex"))?;
            Euid::from_slice(&bytes).map(euid_json).map_err(Into::into)
        }
        op if op.starts_with("catalog_") => catalog(op, input)?.map_err(Into::into),
        "extuuid_encode" => extuuid::Extuuid::parse(text(input, "text")?)
            .map(|u| json!({"uuid": u.uuid_string(), "text": u.to_string()}))
            .map_err(Into::into),
        "extuuid_decode" => extuuid::decode_text(text(input, "uuid")?)
            .map(|t| json!({ "text": t }))
            .map_err(Into::into),
        "extuuid_inspect" => extuuid::inspect(text(input, "input")?)
            .map(|i| serde_json::from_str(&i.to_json()).unwrap_or(Value::Null))
            .map_err(Into::into),
        "xid_sequence" | "tid_sequence" | "euid_sequence" => sequence(op, input)?,
        other => return Err(format!("unknown op {other:?}")),
    };
    Ok(out)
}

/// The options of a generator case (docs/spec §6.5), with its manual clock's start.
fn gen_options(input: &Value) -> Result<Result<(Options, i64), Failure>, String> {
    let o = field(input, "options")?;
    let mut options = Options::default();
    if o.get("node").is_some_and(|v| !v.is_null()) {
        let n: u64 = tri!(int(o, "node"));
        options.node = Some(tri!(Ok::<_, String>(Node::new(n).map_err(Failure::from))));
    }
    if o.get("seed").is_some_and(|v| !v.is_null()) {
        options.seed = Some(tri!(int::<u64>(o, "seed")));
    }
    if o.get("max_lead_ms").is_some() {
        options.max_lead_ms = tri!(int::<u64>(o, "max_lead_ms"));
        // Checked before the policy is read: the options in their order (docs/spec §6.5).
        tri!(Ok::<_, String>(options.validate().map_err(Failure::from)));
    }
    if let Some(p) = o.get("on_clock_behind") {
        let p = p.as_str().ok_or("on_clock_behind is not a string")?;
        options.on_clock_behind = tri!(Ok::<_, String>(p.parse().map_err(Failure::from)));
    }
    let clock: i64 = tri!(int(o, "clock_micros"));
    Ok(Ok((options, clock)))
}

/// Runs a generator case: builds the generator on a manual clock (or resumes it), then one
/// `next_many` per step, each giving the canonical texts or `{"error": CODE}`.
fn sequence(op: &str, input: &Value) -> Result<R, String> {
    // The last ID is read before the options (docs/spec §6.5); it is parsed once more below,
    // where its type is known.
    let resume = input.get("resume").and_then(Value::as_str);
    if let Some(t) = resume {
        let read = match op {
            "xid_sequence" => Xid::parse(t).err(),
            "tid_sequence" => Tid::parse(t).err(),
            _ => Euid::parse(t).err(),
        };
        if let Some(e) = read {
            return Ok(Err(e.into()));
        }
    }
    let (options, start) = match gen_options(input)? {
        Ok(v) => v,
        Err(f) => return Ok(Err(f)),
    };
    let clock = ManualClock::new(start);
    type Step<'a> = Box<dyn Fn(usize) -> polyid::Result<Vec<String>> + 'a>;
    let step: Step<'_> = match op {
        "xid_sequence" => {
            let g = match resume {
                Some(t) => match Xid::parse(t) {
                    Ok(last) => XidGenerator::resume(&clock, options, last),
                    Err(e) => return Ok(Err(e.into())),
                },
                None => XidGenerator::with_options(&clock, options),
            };
            let g = match g {
                Ok(g) => g,
                Err(e) => return Ok(Err(e.into())),
            };
            Box::new(move |n| Ok(g.next_many(n)?.iter().map(Xid::to_string).collect()))
        }
        "tid_sequence" => {
            let clock_id = match input.get("clock_id") {
                Some(v) if !v.is_null() => Some(tri!(int::<u16>(input, "clock_id"))),
                _ => None,
            };
            let g = match resume {
                Some(t) => match Tid::parse(t) {
                    Ok(last) => TidGenerator::resume(&clock, options, clock_id, last),
                    Err(e) => return Ok(Err(e.into())),
                },
                None => TidGenerator::with_options(&clock, options, clock_id),
            };
            let g = match g {
                Ok(g) => g,
                Err(e) => return Ok(Err(e.into())),
            };
            Box::new(move |n| Ok(g.next_many(n)?.iter().map(Tid::to_string).collect()))
        }
        _ => {
            let extension = match input.get("extension") {
                Some(v) if !v.is_null() => Some(tri!(int::<u16>(input, "extension"))),
                _ => None,
            };
            let g = match resume {
                Some(t) => match Euid::parse(t) {
                    Ok(last) => EuidGenerator::resume_with(&clock, extension, options, last),
                    Err(e) => return Ok(Err(e.into())),
                },
                None => EuidGenerator::with_options(&clock, extension, options),
            };
            let g = match g {
                Ok(g) => g,
                Err(e) => return Ok(Err(e.into())),
            };
            Box::new(move |n| Ok(g.next_many(n)?.iter().map(|e| e.encode(true)).collect()))
        }
    };
    let mut out = Vec::new();
    for s in field(input, "steps")?
        .as_array()
        .ok_or("steps is not an array")?
    {
        if s.get("clock_micros").is_some() {
            let m: i64 = match int(s, "clock_micros")? {
                Ok(m) => m,
                Err(f) => return Ok(Err(f)),
            };
            clock.set_micros(m);
        }
        let n = s["count"].as_u64().ok_or("count is not a number")? as usize;
        out.push(match step(n) {
            Ok(texts) => json!(texts),
            Err(e) => json!({"error": e.code().as_str()}),
        });
    }
    Ok(Ok(Value::Array(out)))
}

fn expansion(e: &Expansion<'_>) -> Value {
    json!({"code": e.code, "severity": e.severity.letter().to_string(), "message": e.message})
}

fn strings(v: &Value, key: &str) -> Result<Vec<String>, String> {
    match v.get(key) {
        None => Ok(Vec::new()),
        Some(Value::Array(a)) => a
            .iter()
            .map(|x| {
                x.as_str()
                    .map(str::to_owned)
                    .ok_or(format!("{key} holds a non-string"))
            })
            .collect(),
        Some(_) => Err(format!("{key} is not a list")),
    }
}

/// The `catalog_*` operations (see tests/vectors/README.md, "Catalogs").
fn catalog(op: &str, input: &Value) -> Result<Result<Value, Error>, String> {
    if op == "catalog_build" {
        let mut entries = Vec::new();
        for e in field(input, "entries")?
            .as_array()
            .ok_or("entries is not a list")?
        {
            entries.push(Entry {
                code: text(e, "code")?.to_owned(),
                message: text(e, "message")?.to_owned(),
                description: e
                    .get("description")
                    .and_then(Value::as_str)
                    .map(str::to_owned),
                hints: strings(e, "hints")?,
                tags: strings(e, "tags")?,
                docs_url: e.get("docs_url").and_then(Value::as_str).map(str::to_owned),
            });
        }
        let built = match input.get("namespace").and_then(Value::as_str) {
            Some(ns) => Catalog::build_namespaced(ns, entries),
            None => Catalog::build(entries),
        };
        return Ok(built.map(|c| json!({"ids": c.ids().collect::<Vec<_>>()})));
    }
    let c = match Catalog::from_json(text(input, "json")?) {
        Ok(c) => c,
        Err(e) => return Ok(Err(e)),
    };
    Ok(match op {
        "catalog_load" => {
            let mut out = json!({"count": c.len(), "ids": c.ids().collect::<Vec<_>>()});
            if let Some(nsh) = c.namespace_hash() {
                out["namespace_hash"] = json!(nsh.as_str());
            }
            Ok(out)
        }
        "catalog_expand" => {
            let fields = input.get("fields").cloned().unwrap_or(json!({}));
            c.expand(text(input, "id")?, &fields).map(|e| expansion(&e))
        }
        "catalog_expand_payload" => c.expand_payload(text(input, "payload")?).map(|list| {
            let mut out: Vec<Value> = list.iter().map(expansion).collect();
            // The order of a payload's expansions is not specified: compare sorted by code.
            out.sort_by(|a, b| a["code"].as_str().cmp(&b["code"].as_str()));
            Value::Array(out)
        }),
        "catalog_canonical" => Ok(json!(String::from_utf8_lossy(&c.canonical_bytes()))),
        "catalog_sign" => from_hex(text(input, "secret_key")?)
            .and_then(|secret| KeyPair::from_secret(&secret))
            .map(|key| json!({"public_key": hex(&key.public_key()), "signature": hex(&c.sign(&key))})),
        "catalog_verify" => {
            let (pk, sig) = (text(input, "public_key")?, text(input, "signature")?);
            from_hex(pk)
                .and_then(|pk| Ok((pk, from_hex(sig)?)))
                .and_then(|(pk, sig)| c.verify(&pk, &sig))
                .map(|()| json!(true))
        }
        other => return Err(format!("unknown op {other:?}")),
    })
}

fn decode_hex(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok())
        .collect()
}

fn check_detail(err: &Error, detail: &Map<String, Value>) -> Result<(), String> {
    for (key, want) in detail {
        let got: Value = match key.as_str() {
            "index" => err.index().map(Value::from).unwrap_or(Value::Null),
            "character" => err
                .offending_char()
                .map(|c| Value::from(c.to_string()))
                .unwrap_or(Value::Null),
            "found" => err
                .found_expected()
                .map(|(f, _)| Value::from(f))
                .unwrap_or(Value::Null),
            "expected" => err
                .found_expected()
                .map(|(_, e)| Value::from(e))
                .unwrap_or(Value::Null),
            other => return Err(format!("unknown detail key {other:?}")),
        };
        if &got != want {
            return Err(format!(
                "detail {key}: expected {want}, got {got} (error: {err} [{}])",
                err.code()
            ));
        }
    }
    Ok(())
}

pub fn check_case(case: &Value) -> Result<(), String> {
    check_case_message(case).map(drop)
}

/// [`check_case`], and on an error case that passes, the error's message (the matrix
/// compares it across runtimes; `None` when the case's input does not fit the Rust types, so
/// no polyid call was made).
pub fn check_case_message(case: &Value) -> Result<Option<String>, String> {
    let op = case["op"].as_str().ok_or("case has no op")?;
    let input = &case["input"];
    let result = run(op, input)?;
    match (case.get("output"), case.get("error"), result) {
        (Some(want), None, Ok(got)) => {
            if &got == want {
                Ok(None)
            } else {
                Err(format!("expected {want}\n     got {got}"))
            }
        }
        (Some(want), None, Err(Failure::Polyid(e))) => {
            Err(format!("expected {want}, got error {} ({e})", e.code()))
        }
        (Some(want), None, Err(Failure::Convert(code))) => {
            Err(format!("expected {want}, got conversion error {code}"))
        }
        (None, Some(code), result) => {
            let want = code.as_str().ok_or("error is not a string")?;
            if ErrorCode::from_str_code(want).is_none() {
                return Err(format!("vector names unknown error code {want}"));
            }
            match result {
                Ok(got) => Err(format!("expected error {want}, got {got}")),
                Err(Failure::Convert(got)) if got == want => Ok(None),
                Err(Failure::Convert(got)) => {
                    Err(format!("expected error {want}, got conversion error {got}"))
                }
                Err(Failure::Polyid(e)) => {
                    if e.code().as_str() != want {
                        return Err(format!("expected error {want}, got {} ({e})", e.code()));
                    }
                    // Every error must explain itself.
                    if e.to_string().is_empty() {
                        return Err("empty error message".into());
                    }
                    match case.get("detail") {
                        Some(Value::Object(d)) => check_detail(&e, d)?,
                        Some(_) => return Err("detail is not an object".into()),
                        None => {}
                    }
                    Ok(Some(e.to_string()))
                }
            }
        }
        _ => Err("a case needs exactly one of output and error".into()),
    }
}
