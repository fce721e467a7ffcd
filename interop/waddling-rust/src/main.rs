//! A `polyid conform` adapter over `waddling-errors-hash`: each request becomes a call of the
//! crate's `wdp` functions, each answer the protocol's shape (tests/vectors/README.md,
//! "Conformance protocol"). Nothing about WDP is computed here. Copy it as the template for an
//! adapter over your own Rust code.
//!
//!   polyid conform --profile waddling -- target/interop/release/polyid-interop-waddling
use std::io::{BufRead, Write};

use serde_json::{json, Value};
use waddling_errors_hash::wdp;

fn respond(op: &str, input: &Value) -> Value {
    let text = |k: &str| input[k].as_str().unwrap_or_default().to_owned();
    if input.get("named_sequences").is_some() {
        return json!({"skip": "waddling-errors-hash has no caller sequence names"});
    }
    match op {
        // The crate validates nothing: every text gets a hash.
        "compact_id" => json!({"output": wdp::compute_wdp_hash(&text("code"))}),
        "namespace_hash" => json!({"output": wdp::compute_wdp_namespace_hash(&text("namespace"))}),
        "full_id" => json!({"output": wdp::compute_wdp_full_id(&text("namespace"), &text("code"))}),
        "parse_full_id" => match wdp::parse_wdp_full_id(&text("id")) {
            // A bare compact ID comes back with an empty namespace hash: null in the protocol.
            Some((ns, id)) => json!({"output": {"namespace_hash": (!ns.is_empty()).then_some(ns),
                                                 "compact_id": id}}),
            None => json!({"error": "None", "message": "parse_wdp_full_id returned None"}),
        },
        other => json!({"skip": format!("waddling-errors-hash has no {other}")}),
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
