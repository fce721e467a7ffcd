//! A `polyid conform` adapter over the `euid` crate: each request becomes a call of the
//! crate's public API, each answer the protocol's shape (tests/vectors/README.md,
//! "Conformance protocol"). Nothing about EUIDs is computed here. Copy it as the template for
//! an adapter over your own Rust code.
//!
//!   polyid conform --profile euid -- target/interop/release/polyid-interop-euid
use std::io::{BufRead, Write};
use std::str::FromStr;

use euid::EUID;
use serde_json::{json, Value};

/// The reading the vectors expect, from the crate's own accessors and encoder.
fn reading(e: EUID) -> Value {
    let v = u128::from(e);
    json!({"value": v.to_string(), "hex": format!("{v:032x}"), "text": e.encode(true),
           "text_nocheck": e.encode(false), "unix_ms": e.timestamp(), "extension": e.extension()})
}

/// The crate's error in its own vocabulary (its enum variant), with the facts it carries.
fn error(e: euid::Error) -> Value {
    match e {
        euid::Error::InvalidLength(found, expected) => json!({"error": "InvalidLength",
            "message": format!("{e:?}"), "detail": {"found": found, "expected": expected}}),
        euid::Error::InvalidCharacter(c) => json!({"error": "InvalidCharacter",
            "message": format!("{e:?}"), "detail": {"character": c.to_string()}}),
        euid::Error::InvalidCheckmod(found, expected) => json!({"error": "InvalidCheckmod",
            "message": format!("{e:?}"), "detail": {"found": found, "expected": expected}}),
    }
}

fn respond(op: &str, input: &Value) -> Value {
    let text = |k: &str| input[k].as_str().unwrap_or_default().to_owned();
    match op {
        "euid_parse" => {
            EUID::from_str(&text("text")).map_or_else(error, |e| json!({"output": reading(e)}))
        }
        "euid_encode" => match text("value").parse::<u128>() {
            // The crate takes a u128: a value outside it cannot be asked (a type error here).
            Err(_) => json!({"error": "NotU128", "message": "value is not a u128"}),
            Ok(v) => {
                json!({"output": EUID::from(v).encode(input["checkmod"].as_bool().unwrap_or(true))})
            }
        },
        "euid_from_bytes" => {
            let hex = text("hex");
            let bytes: Option<Vec<u8>> = (0..hex.len())
                .step_by(2)
                .map(|i| {
                    hex.get(i..i + 2)
                        .and_then(|b| u8::from_str_radix(b, 16).ok())
                })
                .collect();
            // `From<[u8; 16]>` is the crate's only constructor from bytes.
            match bytes.and_then(|b| <[u8; 16]>::try_from(b).ok()) {
                Some(b) => json!({"output": reading(EUID::from(b))}),
                None => json!({"error": "NotSixteenBytes", "message": "not 16 bytes"}),
            }
        }
        "euid_from_parts" => json!({"skip": "the euid crate has no public constructor from parts"}),
        other => json!({"skip": format!("the euid crate has no {other}")}),
    }
}

fn main() {
    let mut out = std::io::stdout().lock();
    for line in std::io::stdin().lock().lines() {
        let request: Value = serde_json::from_str(&line.expect("stdin")).expect("a JSON request");
        let response = respond(
            request["op"].as_str().unwrap_or_default(),
            &request["input"],
        );
        writeln!(out, "{response}")
            .and_then(|_| out.flush())
            .expect("stdout");
    }
}
