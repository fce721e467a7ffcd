//! The `catalog` target: the properties in `shared/catalog.rs`, which
//! `core/tests/fuzz_seeds.rs` also runs on the committed seeds in `make test`.

#![no_main]

#[path = "shared/catalog.rs"]
mod catalog;

libfuzzer_sys::fuzz_target!(|data: &[u8]| catalog::check(data));
