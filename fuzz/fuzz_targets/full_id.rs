//! The `full_id` target: the properties in `shared/full_id.rs`, which
//! `core/tests/fuzz_seeds.rs` also runs on the committed seeds in `make test`.

#![no_main]

#[path = "shared/full_id.rs"]
mod full_id;

libfuzzer_sys::fuzz_target!(|data: &[u8]| full_id::check(data));
