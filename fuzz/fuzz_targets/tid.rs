//! The `tid` target: the properties in `shared/tid.rs`, which
//! `core/tests/fuzz_seeds.rs` also runs on the committed seeds in `make test`.

#![no_main]

#[path = "shared/tid.rs"]
mod tid;

libfuzzer_sys::fuzz_target!(|data: &[u8]| tid::check(data));
