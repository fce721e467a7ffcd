//! The `arrow_ffi` target: the properties in `shared/arrow_ffi.rs`, which
//! `arrow/tests/fuzz_seeds.rs` also runs on the committed seeds in `make test`.

#![no_main]

// The columns `shared/arrow_ffi.rs` exports (its `check` is `arrow_text`'s target, unused here).
#[path = "shared/arrow_text.rs"]
#[allow(dead_code)]
mod arrow_text;

#[path = "shared/arrow_ffi.rs"]
mod arrow_ffi;

libfuzzer_sys::fuzz_target!(|data: &[u8]| arrow_ffi::check(data));
