//! The `euid` target: the properties in `shared/euid.rs`, which
//! `core/tests/fuzz_seeds.rs` also runs on the committed seeds in `make test`.

#![no_main]

#[path = "shared/euid.rs"]
mod euid;

libfuzzer_sys::fuzz_target!(|data: &[u8]| euid::check(data));
