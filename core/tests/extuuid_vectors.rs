//! Runs every case of `tests/vectors/extuuid/extuuid.json` (written by
//! `tests/vectors/extuuid/independent.py` from the bit layout, not by polyid).

use polyid::extuuid::{self, Extuuid};
use serde_json::Value;

fn load() -> Vec<Value> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/vectors/extuuid/extuuid.json"
    );
    let text = std::fs::read_to_string(path).expect("read extuuid.json");
    let doc: Value = serde_json::from_str(&text).expect("parse extuuid.json");
    assert_eq!(doc["family"], "extuuid");
    doc["cases"].as_array().expect("cases").clone()
}

fn run(case: &Value) -> Result<(), String> {
    let input = &case["input"];
    let got: Result<Value, polyid::Error> = match case["op"].as_str() {
        Some("extuuid_encode") => {
            let text = input["text"].as_str().ok_or("text")?;
            Extuuid::parse(text)
                .map(|u| serde_json::json!({ "uuid": u.uuid_string(), "text": u.to_string() }))
        }
        Some("extuuid_decode") => {
            let uuid = input["uuid"].as_str().ok_or("uuid")?;
            extuuid::decode_text(uuid).map(|t| serde_json::json!({ "text": t }))
        }
        other => return Err(format!("unknown op {other:?}")),
    };
    match (got, case.get("output"), case.get("error")) {
        (Ok(v), Some(expected), None) if &v == expected => {
            // the printed form reads back to the same UUID
            if let Some(uuid) = expected.get("uuid") {
                let canonical = expected["text"].as_str().unwrap_or_default();
                let again = Extuuid::parse(canonical).map_err(|e| e.to_string())?;
                if again.uuid_string() != *uuid {
                    return Err(format!(
                        "canonical text reads back to {}",
                        again.uuid_string()
                    ));
                }
            }
            Ok(())
        }
        (Ok(v), Some(expected), None) => Err(format!("got {v}, expected {expected}")),
        (Err(e), None, Some(code)) if code == e.code().as_str() => Ok(()),
        (Err(e), _, _) => Err(format!("error {} ({e}), case {case}", e.code())),
        (Ok(v), _, _) => Err(format!("got {v}, expected an error: {case}")),
    }
}

#[test]
fn extuuid_vectors() {
    let cases = load();
    assert!(cases.len() >= 90);
    let mut failures = Vec::new();
    for case in &cases {
        let name = case["name"].as_str().unwrap_or("?");
        if let Err(why) = run(case) {
            failures.push(format!("extuuid/{name}: {why}"));
        }
    }
    println!(
        "extuuid vectors: {} cases, {} failed",
        cases.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
