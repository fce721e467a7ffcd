//! The `arrow_stream` target: the properties in `shared/arrow_stream.rs`, which
//! `arrow/tests/fuzz_seeds.rs` also runs on the committed seeds in `make test`.

#![no_main]

#[path = "shared/arrow_stream.rs"]
mod arrow_stream;

libfuzzer_sys::fuzz_target!(|data: &[u8]| arrow_stream::check(data));
