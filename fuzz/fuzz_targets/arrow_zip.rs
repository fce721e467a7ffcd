//! The `arrow_zip` target: the properties in `shared/arrow_zip.rs`, which
//! `arrow/tests/fuzz_seeds.rs` also runs on the committed seeds in `make test`.

#![no_main]

#[path = "shared/arrow_zip.rs"]
mod arrow_zip;

libfuzzer_sys::fuzz_target!(|data: &[u8]| arrow_zip::check(data));
