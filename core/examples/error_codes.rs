//! Prints the core's error codes and message forms as JSON: `codes`, in `ErrorCode::ALL`
//! order, one object per code with its stable string and its one-line description; `messages`,
//! the forms of `Error`'s `Display` (`polyid::MESSAGE_FORMS`). `tools/error_codes.py` writes
//! and checks every list of codes in the repository (C enum, TypeScript unions, documentation
//! tables) and the WebAssembly package's message table from this output.
//!
//! `cargo run -p polyid --example error_codes`

use polyid::{ErrorCode, MESSAGE_FORMS};

fn main() {
    let codes: Vec<serde_json::Value> = ErrorCode::ALL
        .iter()
        .map(|code| {
            serde_json::json!({
                "code": code.as_str(),
                "description": code.description(),
            })
        })
        .collect();
    let messages: Vec<serde_json::Value> = MESSAGE_FORMS
        .iter()
        .map(|f| {
            serde_json::json!({
                "kind": f.kind,
                "code": f.code.map(ErrorCode::as_str),
                "fields": f.fields,
                "form": f.form,
            })
        })
        .collect();
    let table = serde_json::json!({ "codes": codes, "messages": messages });
    println!(
        "{}",
        serde_json::to_string_pretty(&table).expect("JSON of strings")
    );
}
