//! uid11: fixed-11 Base58 text of a u64.

use polyid::uid11;
use wasm_bindgen::prelude::*;

use crate::error::{JsResult, Throw};

/// `uid11::encode`.
#[wasm_bindgen]
pub fn uid11_encode(value: u64) -> String {
    uid11::encode(value)
}

/// `uid11::decode`.
#[wasm_bindgen]
pub fn uid11_decode(text: &str) -> JsResult<u64> {
    uid11::decode(text).js()
}

/// `uid11::prefix_range`: `[lo, hi]` or `undefined`.
#[wasm_bindgen]
pub fn uid11_prefix_range(prefix: &str) -> JsResult<Option<Vec<u64>>> {
    Ok(uid11::prefix_range(prefix)
        .js()?
        .map(|(lo, hi)| vec![lo, hi]))
}
