//! # libpolyid: the C ABI of polyid
//!
//! This crate exposes the `polyid` core through plain C functions. `make c-header` runs cbindgen
//! over these sources and writes `polyid.h`; the committed copy is
//! `bindings-c/include/polyid.h` (see `tests/header.rs`, which fails when it is stale).
//!
//! The crate only translates: C strings to `&str` (rejecting NULL and invalid UTF-8), C
//! integers to the core's parameter types (out of range: `POLYID_OUT_OF_RANGE`), results
//! to caller-provided buffers (too small: `POLYID_BUFFER_TOO_SMALL`), and `polyid::Error`
//! to a [`polyid_status`] plus an optional caller-owned [`polyid_error`]. Every exported
//! function runs inside `catch_unwind`, so no panic unwinds into C and no call aborts.
//!
//! Everything below that is `pub` and `extern "C"` (or `#[repr(C)]`) is part of the header,
//! so the doc comments are written for C programmers.
#![allow(non_camel_case_types)]
#![allow(clippy::missing_safety_doc)] // the safety contract is the header's pointer rules

// cbindgen writes the header in the order of these modules (kept apart so that rustfmt
// does not sort them).
#[macro_use]
mod ffi;

mod generation;

mod profile;

mod wdp;

mod catalog;

mod uid11;

mod xid;

mod tid;

mod euid;

mod extuuid;

mod arrow;

pub use arrow::*;
pub use catalog::*;
pub use euid::*;
pub use extuuid::*;
pub use ffi::*;
pub use generation::*;
pub use profile::*;
pub use tid::*;
pub use uid11::*;
pub use wdp::*;
pub use xid::*;
