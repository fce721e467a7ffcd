//! The `extuuid_text` target: the properties in `shared/extuuid_text.rs`, which
//! `core/tests/fuzz_seeds.rs` also runs on the committed seeds in `make test`.

#![no_main]

#[path = "shared/extuuid_text.rs"]
mod extuuid_text;

libfuzzer_sys::fuzz_target!(|data: &[u8]| extuuid_text::check(data));
