//! TID (a TID travels as its i64 value).

use std::sync::Arc;

use polyid::tid;
use wasm_bindgen::prelude::*;

use super::generator::{info, node_value, options, Clk, Clock};
#[cfg(feature = "profiles")]
use super::profile;
use super::text;
use crate::error::{JsResult, Throw};

fn tid_of(value: i64) -> JsResult<tid::Tid> {
    tid::Tid::from_i64(value).js()
}

/// `Tid::from_parts`.
#[wasm_bindgen]
pub fn tid_from_parts(micros: i64, clock_id: u16) -> JsResult<i64> {
    tid::Tid::from_parts(micros, clock_id)
        .js()
        .map(tid::Tid::value)
}

/// `Tid::from_i64`.
#[wasm_bindgen]
pub fn tid_from_i64(value: i64) -> JsResult<i64> {
    tid_of(value).map(tid::Tid::value)
}

/// `Tid::parse_as` (docs/spec §3.5), the profile by name.
#[cfg(feature = "profiles")]
#[wasm_bindgen]
pub fn tid_parse_as(text: &str, profile_name: &str) -> JsResult<i64> {
    tid::Tid::parse_as(text, profile(profile_name)?)
        .js()
        .map(tid::Tid::value)
}

/// `Tid::parse`.
#[wasm_bindgen]
pub fn tid_parse(text: &str) -> JsResult<i64> {
    tid::Tid::parse(text).js().map(tid::Tid::value)
}

/// A TID's text.
#[wasm_bindgen]
pub fn tid_text(value: i64) -> JsResult<JsValue> {
    Ok(text(&tid_of(value)?.to_bytes()))
}

/// A TID's dashed display form.
#[wasm_bindgen]
pub fn tid_display(value: i64) -> JsResult<JsValue> {
    Ok(text(&tid_of(value)?.display_bytes()))
}

/// A TID's microseconds since 1970.
#[wasm_bindgen]
pub fn tid_micros(value: i64) -> JsResult<i64> {
    Ok(tid_of(value)?.micros())
}

/// A TID's clock id.
#[wasm_bindgen]
pub fn tid_clock_id(value: i64) -> JsResult<u16> {
    Ok(tid_of(value)?.clock_id())
}

/// A TID's time in Unix milliseconds (microseconds floored), for `Date`.
#[wasm_bindgen]
pub fn tid_unix_ms(value: i64) -> JsResult<f64> {
    Ok(tid_of(value)?.micros().div_euclid(1000) as f64)
}

/// A monotonic TID generator (`TidGenerator`).
#[wasm_bindgen]
pub struct TidGen(tid::TidGenerator<Clk>);

/// `TidGenerator::with_options(clock, options, clock_id)` (or `resume` after the TID of
/// value `resume`), the options as [`options`] takes them.
#[wasm_bindgen]
pub fn tid_gen_new(
    clock: &Clock,
    clock_id: Option<u16>,
    node: Option<u64>,
    seed: Option<u64>,
    max_lead_ms: Option<u64>,
    wait: bool,
    resume: Option<i64>,
) -> JsResult<TidGen> {
    let options = options(node, seed, max_lead_ms, wait)?;
    let c = Arc::clone(&clock.0);
    let g = match resume {
        Some(v) => tid::TidGenerator::resume(c, options, clock_id, tid_of(v)?),
        None => tid::TidGenerator::with_options(c, options, clock_id),
    };
    g.js().map(TidGen)
}

/// The next TID's value.
#[wasm_bindgen]
pub fn tid_gen_next(gen: &TidGen) -> JsResult<i64> {
    gen.0.next().js().map(tid::Tid::value)
}

/// The next TID's text (the `nextString` accelerator, as `xid_gen_next_string`).
#[wasm_bindgen]
pub fn tid_gen_next_string(gen: &TidGen) -> JsResult<JsValue> {
    Ok(text(&gen.0.next().js()?.to_bytes()))
}

/// The values of the next `count` TIDs (consecutive microseconds, one clock read).
#[wasm_bindgen]
pub fn tid_gen_next_many(gen: &TidGen, count: usize) -> JsResult<js_sys::Array> {
    let tids = gen.0.next_many(count).js()?;
    Ok(tids.into_iter().map(|t| JsValue::from(t.value())).collect())
}

/// `[node or undefined, clockId, leadMs, maxLeadMs, onClockBehind]`.
#[wasm_bindgen]
pub fn tid_gen_info(gen: &TidGen) -> JsResult<js_sys::Array> {
    let g = &gen.0;
    Ok(info(
        node_value(g.node().js()?),
        g.try_clock_id().js()?.into(),
        g.lead_ms(),
        g.max_lead_ms(),
        g.on_clock_behind(),
    ))
}

/// `tid::prefix_range`: `[min_micros, max_micros]` or `undefined`.
#[wasm_bindgen]
pub fn tid_prefix_range(prefix: &str) -> JsResult<Option<Vec<i64>>> {
    Ok(tid::prefix_range(prefix).js()?.map(|(lo, hi)| vec![lo, hi]))
}
