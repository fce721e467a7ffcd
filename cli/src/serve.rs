//! `polyid conform-serve` (hidden): answers the conform protocol (tests/vectors/README.md,
//! "Conformance protocol") with the core, through the core's own vector-test support code.
//! It is the reference implementation the protocol and `polyid conform` are tested with.

use std::io::{self, Write};

use serde_json::{json, Map, Value};

use crate::fail::{CliResult, Failure, Quoted, EXIT_OK, EXIT_REJECTED, INVALID_ARGUMENT};
use crate::stream::{BoundedLines, Line, PROTOCOL_LINES};
use crate::support;
use polyid::Profile;

/// The response to one request line.
pub fn respond(line: &str) -> Value {
    let request: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => {
            return json!({"error": INVALID_ARGUMENT, "message": format!("request is not JSON: {e}")})
        }
    };
    let Some(op) = request.get("op").and_then(Value::as_str) else {
        return json!({"error": INVALID_ARGUMENT, "message": "request has no \"op\" string"});
    };
    let input = request.get("input").unwrap_or(&Value::Null);
    // A request's profile reads the ops it changes as that ecosystem does (docs/spec §1.5,
    // §3.5, §4.4); an unknown profile is the core's INVALID_ARGUMENT.
    let profile = match request.get("profile").and_then(Value::as_str) {
        None => Profile::Polyid,
        Some(name) => match Profile::parse(name) {
            Ok(p) => p,
            Err(e) => return json!({"error": e.code().as_str(), "message": e.to_string()}),
        },
    };
    let result = support::run_profile(op, input, profile);
    let mut response = match result {
        Ok(Ok(output)) => json!({ "output": output }),
        Ok(Err(support::Failure::Polyid(e))) => {
            let mut r = json!({"error": e.code().as_str(), "message": e.to_string()});
            // The facts the vectors' `detail` names, read as the core's vector tests read them.
            let mut d = Map::new();
            if let Some(i) = e.index() {
                d.insert("index".into(), i.into());
            }
            if let Some(c) = e.offending_char() {
                d.insert("character".into(), c.to_string().into());
            }
            if let Some((found, expected)) = e.found_expected() {
                d.insert("found".into(), found.into());
                d.insert("expected".into(), expected.into());
            }
            if !d.is_empty() {
                r["detail"] = Value::Object(d);
            }
            r
        }
        Ok(Err(support::Failure::Convert(code))) => json!({
            "error": code,
            "message": "an integer input is outside the range of the operation's parameter type",
        }),
        Err(reason) if reason.starts_with("unknown op") => json!({ "skip": reason }),
        Err(reason) => json!({"error": INVALID_ARGUMENT, "message": reason}),
    };
    if let Some(id) = request.get("id") {
        response["id"] = id.clone();
    }
    response
}

pub fn run() -> CliResult {
    let mut lines = BoundedLines::new(io::stdin().lock(), PROTOCOL_LINES.max);
    let mut out = io::stdout().lock();
    while let Some((number, line)) = lines.next_line()? {
        let response = match line {
            Line::Text(text) => {
                let Ok(text) = std::str::from_utf8(text) else {
                    let f = Failure::other(
                        "INVALID_UTF8",
                        format!("stdin line {number} is not valid UTF-8"),
                        EXIT_REJECTED,
                    );
                    return Err(f.with_input(Quoted::of_bytes(text, text.len())));
                };
                if text.trim().is_empty() {
                    continue;
                }
                respond(text)
            }
            // Answered as a request that is not JSON is: the driver learns which one failed.
            Line::TooLong { start, len } => json!({
                "error": "INVALID_LENGTH",
                "message": format!(
                    "request line {number} is {len} bytes, longer than the {} bytes a request \
                     may have ({}): {}",
                    PROTOCOL_LINES.max,
                    PROTOCOL_LINES.why,
                    Quoted::of_bytes(start, len)
                ),
            }),
        };
        // One line per request, flushed at once: a driver may wait for each answer.
        writeln!(out, "{response}")?;
        out.flush()?;
    }
    Ok(EXIT_OK)
}
