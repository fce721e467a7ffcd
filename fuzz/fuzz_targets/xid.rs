//! The `xid` target: the properties in `shared/xid.rs`, which
//! `core/tests/fuzz_seeds.rs` also runs on the committed seeds in `make test`.

#![no_main]

#[path = "shared/xid.rs"]
mod xid;

libfuzzer_sys::fuzz_target!(|data: &[u8]| xid::check(data));
