//! xid: 42 bits of milliseconds and 22 bits of node/counter or random (docs/spec §2). An xid
//! travels as its u64 value (`bigint`).

use std::sync::Arc;

use napi::bindgen_prelude::External;
use napi::{Env, Result};
use napi_derive::napi;
use polyid::xid::{self, Xid, XidGenerator};

use crate::conv::{Ascii, BigU64, OrThrow, Text, Val, U64};
use crate::generator::{info, node_value, options, Clk, Clock};

/// `xid::prefix_time_range`: `[min_ms, max_ms]` or `undefined`.
#[napi(catch_unwind, js_name = "xid_prefix_time_range")]
pub fn xid_prefix_time_range(env: Env, prefix: Text) -> Result<Option<Vec<f64>>> {
    let range = prefix.with(xid::prefix_time_range)?.or_throw(&env)?;
    Ok(range.map(|(lo, hi)| vec![lo as f64, hi as f64]))
}

/// An xid generator (`XidGenerator`).
/// A generator, held by JavaScript as an external handle.
pub type XidGen = External<XidGenerator<Clk>>;

/// `XidGenerator::with_options` on `clock` (or `resume` after the xid of value `resume`).
#[napi(catch_unwind, js_name = "xid_gen_new")]
pub fn xid_gen_new(
    env: Env,
    clock: &Clock,
    node: Option<U64>,
    seed: Option<U64>,
    max_lead_ms: Option<U64>,
    wait: bool,
    resume: Option<U64>,
) -> Result<XidGen> {
    let options = options(&env, node, seed, max_lead_ms, wait)?;
    let c = Arc::clone(clock);
    let g = match resume {
        Some(v) => XidGenerator::resume(c, options, Xid::from_u64(v.0)),
        None => XidGenerator::with_options(c, options),
    };
    g.or_throw(&env).map(External::new)
}

/// The next xid's value.
#[napi(catch_unwind, js_name = "xid_gen_next")]
pub fn xid_gen_next(gen: &XidGen, env: Env) -> Result<BigU64> {
    Ok(BigU64(gen.next().or_throw(&env)?.value()))
}

/// The next xid's text.
#[napi(catch_unwind, js_name = "xid_gen_next_string")]
pub fn xid_gen_next_string(gen: &XidGen, env: Env) -> Result<Ascii<11>> {
    Ok(Ascii(gen.next().or_throw(&env)?.to_bytes()))
}

/// The values of the next `count` xids (consecutive, one clock read).
#[napi(catch_unwind, js_name = "xid_gen_next_many")]
pub fn xid_gen_next_many(gen: &XidGen, env: Env, count: u32) -> Result<Vec<Val>> {
    let list = gen.next_many(count as usize).or_throw(&env)?;
    Ok(list
        .into_iter()
        .map(|x| Val::Int(x.value().into()))
        .collect())
}

/// The texts of the next `count` xids, back to back (11 characters each).
#[napi(catch_unwind, js_name = "xid_gen_next_many_packed")]
pub fn xid_gen_next_many_packed(gen: &XidGen, env: Env, count: u32) -> Result<Val> {
    let list = gen.next_many(count as usize).or_throw(&env)?;
    Ok(Val::Ascii(list.iter().flat_map(|x| x.to_bytes()).collect()))
}

/// `[node or undefined, lane, leadMs, maxLeadMs, onClockBehind]`.
#[napi(catch_unwind, js_name = "xid_gen_info")]
pub fn xid_gen_info(gen: &XidGen, env: Env) -> Result<Vec<Val>> {
    let g = &**gen;
    Ok(info(
        node_value(g.node().or_throw(&env)?),
        Val::from(g.lane().or_throw(&env)?),
        g.lead_ms(),
        g.max_lead_ms(),
        g.on_clock_behind(),
    ))
}

/// `Xid::generate_at` (fresh random bits).
#[napi(catch_unwind, js_name = "xid_generate_at")]
pub fn xid_generate_at(env: Env, unix_ms: U64) -> Result<BigU64> {
    Ok(BigU64(Xid::generate_at(unix_ms.0).or_throw(&env)?.value()))
}

/// `Xid::from_parts`.
#[napi(catch_unwind, js_name = "xid_from_parts")]
pub fn xid_from_parts(env: Env, unix_ms: U64, random: u32) -> Result<BigU64> {
    Ok(BigU64(
        Xid::from_parts(unix_ms.0, random).or_throw(&env)?.value(),
    ))
}

/// `Xid::parse`.
#[napi(catch_unwind, js_name = "xid_parse")]
pub fn xid_parse(env: Env, text: Text) -> Result<BigU64> {
    Ok(BigU64(text.with(Xid::parse)?.or_throw(&env)?.value()))
}

/// An xid's Unix time in milliseconds.
#[napi(catch_unwind, js_name = "xid_unix_ms")]
pub fn xid_unix_ms(value: U64) -> f64 {
    Xid::from_u64(value.0).unix_ms() as f64
}

/// An xid's 22 low bits.
#[napi(catch_unwind, js_name = "xid_random")]
pub fn xid_random(value: U64) -> u32 {
    Xid::from_u64(value.0).random()
}

/// An xid's text.
#[napi(catch_unwind, js_name = "xid_text")]
pub fn xid_text(value: U64) -> Ascii<11> {
    Ascii(Xid::from_u64(value.0).to_bytes())
}
