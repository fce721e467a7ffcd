//! The `extuuid_uuid` target: the properties in `shared/extuuid_uuid.rs`, which
//! `core/tests/fuzz_seeds.rs` also runs on the committed seeds in `make test`.

#![no_main]

#[path = "shared/extuuid_uuid.rs"]
mod extuuid_uuid;

libfuzzer_sys::fuzz_target!(|data: &[u8]| extuuid_uuid::check(data));
