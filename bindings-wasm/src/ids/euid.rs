//! EUID (an EUID travels as its u128 value).

use std::sync::Arc;

use polyid::euid;
use wasm_bindgen::prelude::*;

use super::generator::{info, options, Clk, Clock};
#[cfg(feature = "profiles")]
use super::profile;
use super::text;
use crate::clock::JsClock;
use crate::error::{JsResult, Throw};

/// `Euid::generate_with(JsClock, extension)`.
#[wasm_bindgen]
pub fn euid_generate(extension: Option<u16>) -> JsResult<u128> {
    euid::Euid::generate_with(&JsClock, extension)
        .js()
        .map(euid::Euid::value)
}

/// `Euid::generate_at` (fresh random bits).
#[wasm_bindgen]
pub fn euid_generate_at(unix_ms: u64, extension: Option<u16>) -> JsResult<u128> {
    euid::Euid::generate_at(unix_ms, extension)
        .js()
        .map(euid::Euid::value)
}

/// `Euid::from_parts`.
#[wasm_bindgen]
pub fn euid_from_parts(
    unix_ms: u64,
    extension: Option<u16>,
    padding: u16,
    random: u64,
) -> JsResult<u128> {
    euid::Euid::from_parts(unix_ms, extension, padding, random)
        .js()
        .map(euid::Euid::value)
}

/// `Euid::from_slice`.
#[wasm_bindgen]
pub fn euid_from_bytes(bytes: &[u8]) -> JsResult<u128> {
    euid::Euid::from_slice(bytes).js().map(euid::Euid::value)
}

/// `Euid::parse_as` (docs/spec §4.4), the profile by name.
#[cfg(feature = "profiles")]
#[wasm_bindgen]
pub fn euid_parse_as(text: &str, profile_name: &str) -> JsResult<u128> {
    euid::Euid::parse_as(text, profile(profile_name)?)
        .js()
        .map(euid::Euid::value)
}

/// `Euid::parse`.
#[wasm_bindgen]
pub fn euid_parse(text: &str) -> JsResult<u128> {
    euid::Euid::parse(text).js().map(euid::Euid::value)
}

/// An EUID's 27-symbol text, with the check symbol or "no check".
#[wasm_bindgen]
pub fn euid_text(value: u128, check: bool) -> JsValue {
    text(&euid::Euid::from_u128(value).encode_bytes(check))
}

/// An EUID's Unix time in milliseconds.
#[wasm_bindgen]
pub fn euid_unix_ms(value: u128) -> f64 {
    euid::Euid::from_u128(value).unix_ms() as f64
}

/// An EUID's extension, or `null`.
#[wasm_bindgen]
pub fn euid_extension(value: u128) -> JsValue {
    euid::Euid::from_u128(value)
        .extension()
        .map_or(JsValue::NULL, JsValue::from)
}

/// An EUID's random padding bits above the extension.
#[wasm_bindgen]
pub fn euid_padding(value: u128) -> u16 {
    euid::Euid::from_u128(value).padding()
}

/// An EUID's check value.
#[wasm_bindgen]
pub fn euid_checkmod(value: u128) -> u8 {
    euid::Euid::from_u128(value).checkmod()
}

/// Writes an EUID's 16 big-endian bytes into `out` (16 bytes).
#[wasm_bindgen]
pub fn euid_bytes_into(value: u128, out: &mut [u8]) {
    if let Some(dst) = out.get_mut(..16) {
        dst.copy_from_slice(&euid::Euid::from_u128(value).to_bytes());
    }
}

/// `Euid::next_with(JsClock)`.
#[wasm_bindgen]
pub fn euid_next(value: u128) -> JsResult<u128> {
    euid::Euid::from_u128(value)
        .next_with(&JsClock)
        .js()
        .map(euid::Euid::value)
}

/// A strictly monotonic EUID generator (`EuidGenerator`).
#[wasm_bindgen]
pub struct EuidGen(euid::EuidGenerator<Clk>);

/// `EuidGenerator::with_options(clock, extension, options)` (or `resume_with` after the
/// EUID of value `resume`), the options as [`options`] takes them (a node is the core's
/// INVALID_ARGUMENT).
#[wasm_bindgen]
pub fn euid_gen_new(
    clock: &Clock,
    extension: Option<u16>,
    node: Option<u64>,
    seed: Option<u64>,
    max_lead_ms: Option<u64>,
    wait: bool,
    resume: Option<u128>,
) -> JsResult<EuidGen> {
    let options = options(node, seed, max_lead_ms, wait)?;
    let c = Arc::clone(&clock.0);
    let g = match resume {
        Some(v) => {
            euid::EuidGenerator::resume_with(c, extension, options, euid::Euid::from_u128(v))
        }
        None => euid::EuidGenerator::with_options(c, extension, options),
    };
    g.js().map(EuidGen)
}

/// The next EUID's value.
#[wasm_bindgen]
pub fn euid_gen_next(gen: &EuidGen) -> JsResult<u128> {
    gen.0.next().js().map(euid::Euid::value)
}

/// The next EUID's text (the `nextString` accelerator, as `xid_gen_next_string`).
#[wasm_bindgen]
pub fn euid_gen_next_string(gen: &EuidGen) -> JsResult<JsValue> {
    Ok(text(&gen.0.next().js()?.encode_bytes(true)))
}

/// The values of the next `count` EUIDs (under one lock and one clock read).
#[wasm_bindgen]
pub fn euid_gen_next_many(gen: &EuidGen, count: usize) -> JsResult<js_sys::Array> {
    let euids = gen.0.next_many(count).js()?;
    Ok(euids
        .into_iter()
        .map(|e| JsValue::from(e.value()))
        .collect())
}

/// `[extension or undefined, undefined, leadMs, maxLeadMs, onClockBehind]`.
#[wasm_bindgen]
pub fn euid_gen_info(gen: &EuidGen) -> js_sys::Array {
    let g = &gen.0;
    info(
        g.extension().map_or(JsValue::UNDEFINED, JsValue::from),
        JsValue::UNDEFINED,
        g.lead_ms(),
        g.max_lead_ms(),
        g.on_clock_behind(),
    )
}
