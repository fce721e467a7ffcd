//! The `arrow_ints` target: the properties in `shared/arrow_ints.rs`.

#![no_main]

#[path = "shared/arrow_ints.rs"]
mod arrow_ints;

libfuzzer_sys::fuzz_target!(|data: &[u8]| arrow_ints::check(data));
