//! TID: signed microseconds << 10 | clock id, as 13 sortable base32 symbols (docs/spec §3).
//! A TID travels as its i64 value (`bigint`).

use std::sync::Arc;

use napi::bindgen_prelude::External;
use napi::{Env, Result};
use napi_derive::napi;
use polyid::tid::{self, Tid, TidGenerator};

use crate::conv::{Ascii, BigI64, OrThrow, Text, Val, I64};
use crate::generator::{info, node_value, options, Clk, Clock};

fn tid_of(env: &Env, value: I64) -> Result<Tid> {
    Tid::from_i64(value.0).or_throw(env)
}

/// `tid::prefix_range`: `[min_micros, max_micros]` or `undefined`.
#[napi(catch_unwind, js_name = "tid_prefix_range")]
pub fn tid_prefix_range(env: Env, prefix: Text) -> Result<Option<Vec<Val>>> {
    let range = prefix.with(tid::prefix_range)?.or_throw(&env)?;
    Ok(range.map(|(lo, hi)| vec![Val::Int(lo.into()), Val::Int(hi.into())]))
}

/// `Tid::from_parts`.
#[napi(catch_unwind, js_name = "tid_from_parts")]
pub fn tid_from_parts(env: Env, micros: I64, clock_id: u16) -> Result<BigI64> {
    Ok(BigI64(
        Tid::from_parts(micros.0, clock_id).or_throw(&env)?.value(),
    ))
}

/// `Tid::from_i64`.
#[napi(catch_unwind, js_name = "tid_from_i64")]
pub fn tid_from_i64(env: Env, value: I64) -> Result<BigI64> {
    Ok(BigI64(tid_of(&env, value)?.value()))
}

/// `Tid::parse`.
#[napi(catch_unwind, js_name = "tid_parse")]
pub fn tid_parse(env: Env, text: Text) -> Result<BigI64> {
    Ok(BigI64(text.with(Tid::parse)?.or_throw(&env)?.value()))
}

/// `Tid::parse_as` (docs/spec §3.5), the profile by name.
#[napi(catch_unwind, js_name = "tid_parse_as")]
pub fn tid_parse_as(env: Env, text: Text, profile: String) -> Result<BigI64> {
    let p = polyid::Profile::parse(&profile).or_throw(&env)?;
    Ok(BigI64(
        text.with(|t| Tid::parse_as(t, p))?.or_throw(&env)?.value(),
    ))
}

/// A TID's dashed display form.
#[napi(catch_unwind, js_name = "tid_display")]
pub fn tid_display(env: Env, value: I64) -> Result<Ascii<16>> {
    Ok(Ascii(tid_of(&env, value)?.display_bytes()))
}

/// A TID's microseconds since 1970.
#[napi(catch_unwind, js_name = "tid_micros")]
pub fn tid_micros(env: Env, value: I64) -> Result<BigI64> {
    Ok(BigI64(tid_of(&env, value)?.micros()))
}

/// A TID's clock id.
#[napi(catch_unwind, js_name = "tid_clock_id")]
pub fn tid_clock_id(env: Env, value: I64) -> Result<u16> {
    Ok(tid_of(&env, value)?.clock_id())
}

/// A TID's time in Unix milliseconds (microseconds floored), for `Date`.
#[napi(catch_unwind, js_name = "tid_unix_ms")]
pub fn tid_unix_ms(env: Env, value: I64) -> Result<f64> {
    Ok(tid_of(&env, value)?.micros().div_euclid(1000) as f64)
}

/// A TID's text.
#[napi(catch_unwind, js_name = "tid_text")]
pub fn tid_text(env: Env, value: I64) -> Result<Ascii<13>> {
    Ok(Ascii(tid_of(&env, value)?.to_bytes()))
}

/// A monotonic TID generator (`TidGenerator`).
/// A generator, held by JavaScript as an external handle.
pub type TidGen = External<TidGenerator<Clk>>;

/// `TidGenerator::with_options(clock, options, clock_id)` (or `resume` after the TID of
/// value `resume`).
#[napi(catch_unwind, js_name = "tid_gen_new")]
#[allow(clippy::too_many_arguments)]
pub fn tid_gen_new(
    env: Env,
    clock: &Clock,
    clock_id: Option<u16>,
    node: Option<crate::conv::U64>,
    seed: Option<crate::conv::U64>,
    max_lead_ms: Option<crate::conv::U64>,
    wait: bool,
    resume: Option<I64>,
) -> Result<TidGen> {
    let options = options(&env, node, seed, max_lead_ms, wait)?;
    let c = Arc::clone(clock);
    let g = match resume {
        Some(v) => TidGenerator::resume(c, options, clock_id, tid_of(&env, v)?),
        None => TidGenerator::with_options(c, options, clock_id),
    };
    g.or_throw(&env).map(External::new)
}

/// The next TID's value.
#[napi(catch_unwind, js_name = "tid_gen_next")]
pub fn tid_gen_next(gen: &TidGen, env: Env) -> Result<BigI64> {
    Ok(BigI64(gen.next().or_throw(&env)?.value()))
}

/// The next TID's text.
#[napi(catch_unwind, js_name = "tid_gen_next_string")]
pub fn tid_gen_next_string(gen: &TidGen, env: Env) -> Result<Ascii<13>> {
    Ok(Ascii(gen.next().or_throw(&env)?.to_bytes()))
}

/// The values of the next `count` TIDs (consecutive microseconds, one clock read).
#[napi(catch_unwind, js_name = "tid_gen_next_many")]
pub fn tid_gen_next_many(gen: &TidGen, env: Env, count: u32) -> Result<Vec<Val>> {
    let list = gen.next_many(count as usize).or_throw(&env)?;
    Ok(list
        .into_iter()
        .map(|t| Val::Int(t.value().into()))
        .collect())
}

/// The texts of the next `count` TIDs, back to back (13 characters each).
#[napi(catch_unwind, js_name = "tid_gen_next_many_packed")]
pub fn tid_gen_next_many_packed(gen: &TidGen, env: Env, count: u32) -> Result<Val> {
    let list = gen.next_many(count as usize).or_throw(&env)?;
    Ok(Val::Ascii(list.iter().flat_map(|t| t.to_bytes()).collect()))
}

/// `[node or undefined, clockId, leadMs, maxLeadMs, onClockBehind]`.
#[napi(catch_unwind, js_name = "tid_gen_info")]
pub fn tid_gen_info(gen: &TidGen, env: Env) -> Result<Vec<Val>> {
    let g = &**gen;
    Ok(info(
        node_value(g.node().or_throw(&env)?),
        Val::from(g.try_clock_id().or_throw(&env)?),
        g.lead_ms(),
        g.max_lead_ms(),
        g.on_clock_behind(),
    ))
}
