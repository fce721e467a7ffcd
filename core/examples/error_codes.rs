//! Prints the core's error codes as JSON, in `ErrorCode::ALL` order: one object per code with
//! its stable string and its one-line description. `tools/error_codes.py` writes and checks
//! every list of codes in the repository (C enum, TypeScript unions, documentation tables)
//! from this output.
//!
//! `cargo run -p polyid --example error_codes`

use polyid::ErrorCode;

fn main() {
    let table: Vec<serde_json::Value> = ErrorCode::ALL
        .iter()
        .map(|code| {
            serde_json::json!({
                "code": code.as_str(),
                "description": code.description(),
            })
        })
        .collect();
    println!(
        "{}",
        serde_json::to_string_pretty(&table).expect("a JSON array of strings")
    );
}
