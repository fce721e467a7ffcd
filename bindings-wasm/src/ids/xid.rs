//! xid (an xid travels as its u64 value).

use std::sync::Arc;

use polyid::xid;
use wasm_bindgen::prelude::*;

use super::generator::{info, node_value, options, Clk, Clock};
use super::text;
use crate::error::{JsResult, Throw};

/// An xid generator (`XidGenerator`).
#[wasm_bindgen]
pub struct XidGen(xid::XidGenerator<Clk>);

/// `XidGenerator::with_options` on `clock` (or `resume` after the xid of value `resume`),
/// the options as [`options`] takes them.
#[wasm_bindgen]
pub fn xid_gen_new(
    clock: &Clock,
    node: Option<u64>,
    seed: Option<u64>,
    max_lead_ms: Option<u64>,
    wait: bool,
    resume: Option<u64>,
) -> JsResult<XidGen> {
    let options = options(node, seed, max_lead_ms, wait)?;
    let c = Arc::clone(&clock.0);
    let g = match resume {
        Some(v) => xid::XidGenerator::resume(c, options, xid::Xid::from_u64(v)),
        None => xid::XidGenerator::with_options(c, options),
    };
    g.js().map(XidGen)
}

/// The next xid's value.
#[wasm_bindgen]
pub fn xid_gen_next(gen: &XidGen) -> JsResult<u64> {
    gen.0.next().js().map(xid::Xid::value)
}

/// The next xid's text: one call instead of `xid_gen_next` + `xid_text` (the JavaScript
/// layer's `nextString` accelerator; a BigInt round trip less).
#[wasm_bindgen]
pub fn xid_gen_next_string(gen: &XidGen) -> JsResult<JsValue> {
    Ok(text(&gen.0.next().js()?.to_bytes()))
}

/// The values of the next `count` xids (consecutive, one clock read).
#[wasm_bindgen]
pub fn xid_gen_next_many(gen: &XidGen, count: usize) -> JsResult<Vec<u64>> {
    let list = gen.0.next_many(count).js()?;
    Ok(list.into_iter().map(xid::Xid::value).collect())
}

/// `[node or undefined, lane, leadMs, maxLeadMs, onClockBehind]`.
#[wasm_bindgen]
pub fn xid_gen_info(gen: &XidGen) -> JsResult<js_sys::Array> {
    let g = &gen.0;
    Ok(info(
        node_value(g.node().js()?),
        g.lane().js()?.into(),
        g.lead_ms(),
        g.max_lead_ms(),
        g.on_clock_behind(),
    ))
}

/// `Xid::generate_at` (fresh random bits).
#[wasm_bindgen]
pub fn xid_generate_at(unix_ms: u64) -> JsResult<u64> {
    xid::Xid::generate_at(unix_ms).js().map(xid::Xid::value)
}

/// `Xid::from_parts`.
#[wasm_bindgen]
pub fn xid_from_parts(unix_ms: u64, random: u32) -> JsResult<u64> {
    xid::Xid::from_parts(unix_ms, random)
        .js()
        .map(xid::Xid::value)
}

/// `Xid::parse`.
#[wasm_bindgen]
pub fn xid_parse(text: &str) -> JsResult<u64> {
    xid::Xid::parse(text).js().map(xid::Xid::value)
}

/// An xid's text.
#[wasm_bindgen]
pub fn xid_text(value: u64) -> JsValue {
    text(&xid::Xid::from_u64(value).to_bytes())
}

/// An xid's Unix time in milliseconds.
#[wasm_bindgen]
pub fn xid_unix_ms(value: u64) -> f64 {
    xid::Xid::from_u64(value).unix_ms() as f64
}

/// An xid's 22 low bits.
#[wasm_bindgen]
pub fn xid_random(value: u64) -> u32 {
    xid::Xid::from_u64(value).random()
}

/// `xid::prefix_time_range`: `[min_ms, max_ms]` or `undefined`.
#[wasm_bindgen]
pub fn xid_prefix_time_range(prefix: &str) -> JsResult<Option<Vec<f64>>> {
    Ok(xid::prefix_time_range(prefix)
        .js()?
        .map(|(lo, hi)| vec![lo as f64, hi as f64]))
}
