//! The `arrow_text` target: the properties in `shared/arrow_text.rs`, which
//! `arrow/tests/fuzz_seeds.rs` also runs on the committed seeds in `make test`.

#![no_main]

#[path = "shared/arrow_text.rs"]
mod arrow_text;

libfuzzer_sys::fuzz_target!(|data: &[u8]| arrow_text::check(data));
