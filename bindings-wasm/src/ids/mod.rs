//! The ID-only module's exports (feature `ids`, the default): WDP compact IDs, uid11, xid, TID,
//! EUID and their generators, one file per family as in the core. Built into
//! `pkg/*/polyid_wasm_bg.wasm`, the module under the size budget.

use polyid::policy::MAX_LEAD_MS;
use wasm_bindgen::prelude::*;

#[cfg(feature = "profiles")]
use crate::error::{JsResult, Throw};

mod euid;
mod generator;
mod tid;
mod uid11;
mod wdp;
mod xid;

pub use euid::*;
pub use generator::*;
pub use tid::*;
pub use uid11::*;
pub use wdp::*;
pub use xid::*;

/// The core's ASCII text bytes (what the core's `Display` writes, without going through Rust's
/// formatting machinery) as a JavaScript string, passed by reference: no copy into a `String`.
pub(crate) fn text(bytes: &[u8]) -> JsValue {
    match core::str::from_utf8(bytes) {
        Ok(s) => JsValue::from_str(s),
        // Not reached: the core's texts are ASCII by construction. Each byte is then its
        // character, which is what an ASCII text means.
        Err(_) => JsValue::from_str(&bytes.iter().map(|&b| char::from(b)).collect::<String>()),
    }
}

/// The families' ranges, for the JavaScript layer's OUT_OF_RANGE messages on values that do
/// not fit a parameter's type: `[TID min micros, TID max micros, TID max clock id, xid epoch
/// ms, xid max ms, xid max random, EUID max ms, EUID max extension, max batch, max node, max
/// lead ms, compact ID length, xid/uid11 text length, TID text length, EUID text length]`
/// (bigints).
#[wasm_bindgen]
pub fn limits() -> js_sys::Array {
    [
        JsValue::from(polyid::tid::MIN_MICROS),
        JsValue::from(polyid::tid::MAX_MICROS),
        JsValue::from(u64::from(polyid::tid::MAX_CLOCK_ID)),
        JsValue::from(polyid::xid::EPOCH_MS),
        JsValue::from(polyid::xid::MAX_UNIX_MS),
        JsValue::from(u64::from(polyid::xid::MAX_RANDOM)),
        JsValue::from(polyid::euid::MAX_UNIX_MS),
        JsValue::from(u64::from(polyid::euid::MAX_EXTENSION)),
        JsValue::from(polyid::MAX_BATCH as u64),
        JsValue::from(u64::from(polyid::node::MAX_NODE)),
        JsValue::from(MAX_LEAD_MS),
        JsValue::from(polyid::wdp::COMPACT_LEN as u64),
        JsValue::from(polyid::uid11::LEN as u64),
        JsValue::from(polyid::tid::LEN as u64),
        JsValue::from(polyid::euid::LEN as u64),
    ]
    .iter()
    .collect()
}

// Profiles (docs/spec §1.5, §3.5, §4.4): the same calls read as another ecosystem reads them;
// the profile travels as its name (`Profile::parse` refuses an unknown one).

#[cfg(feature = "profiles")]
pub(crate) fn profile(name: &str) -> JsResult<polyid::Profile> {
    polyid::Profile::parse(name).js()
}
