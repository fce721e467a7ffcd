//! The `uid11` target: the properties in `shared/uid11.rs`, which
//! `core/tests/fuzz_seeds.rs` also runs on the committed seeds in `make test`.

#![no_main]

#[path = "shared/uid11.rs"]
mod uid11;

libfuzzer_sys::fuzz_target!(|data: &[u8]| uid11::check(data));
