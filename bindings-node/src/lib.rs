//! # polyid for Node.js: the napi engine
//!
//! This crate is one of the two engines under the package's JavaScript layer
//! (`bindings-js/`, shared with the WebAssembly package): it exports the core's operations as
//! flat functions and a few small classes over primitives (strings, `bigint`s for u64 / i64 /
//! u128, numbers, `Uint8Array`s). The JavaScript layer gives them the public API (the `Xid`,
//! `Tid` and `Euid` value classes, the generators, batch transport, argument checks); the
//! engine contract, the same for both engines, is written down in `bindings-js/README.md`.
//!
//! Everything about identifiers is computed by the core. This crate only translates values
//! and turns a core error into a thrown `Error` with the core's message and `.code`
//! (`conv`). Its modules follow the core's: `wdp`, `uid11`, `xid`, `tid`, `euid`, `catalog`,
//! `extuuid`, with `generator` holding the clocks, options and node identity they share.
#![deny(clippy::all)]
// napi-rs registers the exported functions only outside cfg(test): a test build (`cargo
// clippy --all-targets`) sees them, and what only they use, as dead code. The package is
// tested from JavaScript (test/).
#![cfg_attr(test, allow(dead_code))]

mod catalog;
mod conv;
mod euid;
mod extuuid;
mod generator;
mod tid;
mod uid11;
mod wdp;
mod xid;

use napi_derive::napi;

use conv::Val;

/// Every stable error code, from the core, in its order.
#[napi(catch_unwind, js_name = "error_codes")]
pub fn error_codes() -> Vec<&'static str> {
    polyid::ErrorCode::ALL.iter().map(|c| c.as_str()).collect()
}

/// The families' ranges, for the JavaScript layer's OUT_OF_RANGE messages on values that do
/// not fit a parameter's type: `[TID min micros, TID max micros, TID max clock id, xid epoch
/// ms, xid max ms, xid max random, EUID max ms, EUID max extension, max batch, max node, max
/// lead ms, compact ID length, xid/uid11 text length, TID text length, EUID text length]`
/// (bigints).
#[napi(catch_unwind)]
pub fn limits() -> Vec<Val> {
    use polyid::{euid, node, policy, tid, uid11, wdp, xid};
    [
        i128::from(tid::MIN_MICROS),
        i128::from(tid::MAX_MICROS),
        i128::from(tid::MAX_CLOCK_ID),
        i128::from(xid::EPOCH_MS),
        i128::from(xid::MAX_UNIX_MS),
        i128::from(xid::MAX_RANDOM),
        i128::from(euid::MAX_UNIX_MS),
        i128::from(euid::MAX_EXTENSION),
        polyid::MAX_BATCH as i128,
        i128::from(node::MAX_NODE),
        i128::from(policy::MAX_LEAD_MS),
        wdp::COMPACT_LEN as i128,
        uid11::LEN as i128,
        tid::LEN as i128,
        euid::LEN as i128,
    ]
    .into_iter()
    .map(Val::Int)
    .collect()
}

/// The name of this engine, for messages and tests.
#[napi(catch_unwind)]
pub fn engine() -> &'static str {
    "napi"
}
