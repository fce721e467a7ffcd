//! EUID: 128-bit sortable IDs with an extension and a check symbol (docs/spec §4). An EUID
//! travels as its u128 value (`bigint`).

use std::sync::Arc;

use napi::bindgen_prelude::{External, Uint8Array, Unknown};
use napi::JsValue;
use napi::{Env, Result};
use napi_derive::napi;
use polyid::clock::SystemClock;
use polyid::euid::{Euid, EuidGenerator};

use crate::conv::{typed_bytes, Ascii, OrThrow, Text, Val, U128, U64};
use crate::generator::{info, options, Clk, Clock};

fn value(e: Euid) -> Val {
    Val::U128(e.value())
}

/// `Euid::generate_with(SystemClock, extension)`.
#[napi(catch_unwind, js_name = "euid_generate")]
pub fn euid_generate(env: Env, extension: Option<u16>) -> Result<Val> {
    Euid::generate_with(&SystemClock, extension)
        .or_throw(&env)
        .map(value)
}

/// The text of `Euid::generate_with(SystemClock, extension)`.
#[napi(catch_unwind, js_name = "euid_generate_string")]
pub fn euid_generate_string(env: Env, extension: Option<u16>) -> Result<Ascii<27>> {
    let e = Euid::generate_with(&SystemClock, extension).or_throw(&env)?;
    Ok(Ascii(e.encode_bytes(true)))
}

/// `Euid::generate_at` (fresh random bits).
#[napi(catch_unwind, js_name = "euid_generate_at")]
pub fn euid_generate_at(env: Env, unix_ms: U64, extension: Option<u16>) -> Result<Val> {
    Euid::generate_at(unix_ms.0, extension)
        .or_throw(&env)
        .map(value)
}

/// `Euid::from_parts`.
#[napi(catch_unwind, js_name = "euid_from_parts")]
pub fn euid_from_parts(
    env: Env,
    unix_ms: U64,
    extension: Option<u16>,
    padding: u16,
    random: U64,
) -> Result<Val> {
    Euid::from_parts(unix_ms.0, extension, padding, random.0)
        .or_throw(&env)
        .map(value)
}

/// `Euid::from_slice`.
#[napi(catch_unwind, js_name = "euid_from_bytes")]
pub fn euid_from_bytes(env: Env, bytes: Uint8Array) -> Result<Val> {
    Euid::from_slice(&bytes).or_throw(&env).map(value)
}

/// `Euid::parse`.
#[napi(catch_unwind, js_name = "euid_parse")]
pub fn euid_parse(env: Env, text: Text) -> Result<Val> {
    text.with(Euid::parse)?.or_throw(&env).map(value)
}

/// `Euid::parse_as` (docs/spec §4.4), the profile by name.
#[napi(catch_unwind, js_name = "euid_parse_as")]
pub fn euid_parse_as(env: Env, text: Text, profile: String) -> Result<Val> {
    let p = polyid::Profile::parse(&profile).or_throw(&env)?;
    text.with(|t| Euid::parse_as(t, p))?
        .or_throw(&env)
        .map(value)
}

/// An EUID's 27-symbol text, with the check symbol or "no check".
#[napi(catch_unwind, js_name = "euid_text")]
pub fn euid_text(value: U128, check: bool) -> Ascii<27> {
    Ascii(Euid::from_u128(value.0).encode_bytes(check))
}

/// An EUID's Unix time in milliseconds.
#[napi(catch_unwind, js_name = "euid_unix_ms")]
pub fn euid_unix_ms(value: U128) -> f64 {
    Euid::from_u128(value.0).unix_ms() as f64
}

/// An EUID's extension, or `null`.
#[napi(catch_unwind, js_name = "euid_extension")]
pub fn euid_extension(value: U128) -> Val {
    Val::or_null(Euid::from_u128(value.0).extension())
}

/// An EUID's random padding bits above the extension.
#[napi(catch_unwind, js_name = "euid_padding")]
pub fn euid_padding(value: U128) -> u32 {
    u32::from(Euid::from_u128(value.0).padding())
}

/// An EUID's check value.
#[napi(catch_unwind, js_name = "euid_checkmod")]
pub fn euid_checkmod(value: U128) -> u32 {
    u32::from(Euid::from_u128(value.0).checkmod())
}

/// Writes an EUID's 16 big-endian bytes into `out`, a new 16-byte array of the JavaScript
/// layer's (a pooled `Buffer` in Node: N-API's own Buffer creation is far slower).
#[napi(catch_unwind, js_name = "euid_bytes_into")]
pub fn euid_bytes_into(env: Env, value: U128, out: Unknown<'_>) -> Result<()> {
    let bytes = Euid::from_u128(value.0).to_bytes();
    // The array's memory, found without the reference napi-rs's typed-array argument makes.
    let (data, len) = unsafe { typed_bytes(env.raw(), out.raw())? };
    if len < bytes.len() {
        return Err(napi::Error::from_reason(
            "euid_bytes_into: expected 16 bytes",
        ));
    }
    // SAFETY: `data` points to `len >= 16` writable bytes of the typed array, and no JavaScript
    // runs while they are written.
    unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), data, bytes.len()) };
    Ok(())
}

/// `Euid::next_with(SystemClock)`.
#[napi(catch_unwind, js_name = "euid_next")]
pub fn euid_next(env: Env, v: U128) -> Result<Val> {
    Euid::from_u128(v.0)
        .next_with(&SystemClock)
        .or_throw(&env)
        .map(value)
}

/// A strictly monotonic EUID generator (`EuidGenerator`).
/// A generator, held by JavaScript as an external handle.
pub type EuidGen = External<EuidGenerator<Clk>>;

/// `EuidGenerator::with_options(clock, extension, options)` (or `resume_with` after the
/// EUID of value `resume`; a node is the core's INVALID_ARGUMENT).
#[napi(catch_unwind, js_name = "euid_gen_new")]
#[allow(clippy::too_many_arguments)]
pub fn euid_gen_new(
    env: Env,
    clock: &Clock,
    extension: Option<u16>,
    node: Option<U64>,
    seed: Option<U64>,
    max_lead_ms: Option<U64>,
    wait: bool,
    resume: Option<U128>,
) -> Result<EuidGen> {
    let options = options(&env, node, seed, max_lead_ms, wait)?;
    let c = Arc::clone(clock);
    let g = match resume {
        Some(v) => EuidGenerator::resume_with(c, extension, options, Euid::from_u128(v.0)),
        None => EuidGenerator::with_options(c, extension, options),
    };
    g.or_throw(&env).map(External::new)
}

/// The next EUID's value.
#[napi(catch_unwind, js_name = "euid_gen_next")]
pub fn euid_gen_next(gen: &EuidGen, env: Env) -> Result<Val> {
    gen.next().or_throw(&env).map(value)
}

/// The next EUID's text.
#[napi(catch_unwind, js_name = "euid_gen_next_string")]
pub fn euid_gen_next_string(gen: &EuidGen, env: Env) -> Result<Ascii<27>> {
    Ok(Ascii(gen.next().or_throw(&env)?.encode_bytes(true)))
}

/// The values of the next `count` EUIDs (under one lock and one clock read).
#[napi(catch_unwind, js_name = "euid_gen_next_many")]
pub fn euid_gen_next_many(gen: &EuidGen, env: Env, count: u32) -> Result<Vec<Val>> {
    let list = gen.next_many(count as usize).or_throw(&env)?;
    Ok(list.into_iter().map(value).collect())
}

/// The texts of the next `count` EUIDs, back to back (27 characters each).
#[napi(catch_unwind, js_name = "euid_gen_next_many_packed")]
pub fn euid_gen_next_many_packed(gen: &EuidGen, env: Env, count: u32) -> Result<Val> {
    let list = gen.next_many(count as usize).or_throw(&env)?;
    Ok(Val::Ascii(
        list.iter().flat_map(|e| e.encode_bytes(true)).collect(),
    ))
}

/// `[extension or undefined, undefined, leadMs, maxLeadMs, onClockBehind]`.
#[napi(catch_unwind, js_name = "euid_gen_info")]
pub fn euid_gen_info(gen: &EuidGen) -> Vec<Val> {
    let g = &**gen;
    info(
        Val::opt(g.extension()),
        Val::Undef,
        g.lead_ms(),
        g.max_lead_ms(),
        g.on_clock_behind(),
    )
}
