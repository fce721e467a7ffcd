//! The `wdp_code` target: the properties in `shared/wdp_code.rs`, which
//! `core/tests/fuzz_seeds.rs` also runs on the committed seeds in `make test`.

#![no_main]

#[path = "shared/wdp_code.rs"]
mod wdp_code;

libfuzzer_sys::fuzz_target!(|data: &[u8]| wdp_code::check(data));
