//! TID: signed microseconds << 10 | clock id, as 13 sortable base32 symbols (docs/spec §3).
//! A TID travels as its i64 value (`bigint`).

use std::sync::Arc;

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

/// What a TID's accessors read: `[text, display, micros, clockId, unixMs]` (`unixMs` is the
/// microseconds floored to the millisecond, for `Date`).
#[napi(catch_unwind, js_name = "tid_read")]
pub fn tid_read(env: Env, value: I64) -> Result<Vec<Val>> {
    let t = tid_of(&env, value)?;
    Ok(vec![
        Val::ascii(&t.to_bytes()),
        Val::ascii(&t.display_bytes()),
        Val::Int(t.micros().into()),
        Val::from(t.clock_id()),
        Val::Num(t.micros().div_euclid(1000) as f64),
    ])
}

/// A TID's text.
#[napi(catch_unwind, js_name = "tid_text")]
pub fn tid_text(env: Env, value: I64) -> Result<Ascii<13>> {
    Ok(Ascii(tid_of(&env, value)?.to_bytes()))
}

/// A monotonic TID generator (`TidGenerator`).
#[napi]
pub struct TidGen(TidGenerator<Clk>);

#[napi]
impl TidGen {
    /// `TidGenerator::with_options(clock, options, clock_id)` (or `resume` after the TID of
    /// value `resume`).
    #[napi(constructor, catch_unwind)]
    #[allow(clippy::too_many_arguments)]
    pub fn new(
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
        let c = Arc::clone(&clock.0);
        let g = match resume {
            Some(v) => TidGenerator::resume(c, options, clock_id, tid_of(&env, v)?),
            None => TidGenerator::with_options(c, options, clock_id),
        };
        g.or_throw(&env).map(TidGen)
    }

    /// The next TID's value.
    #[napi(catch_unwind)]
    pub fn next(&self, env: Env) -> Result<BigI64> {
        Ok(BigI64(self.0.next().or_throw(&env)?.value()))
    }

    /// The next TID's text.
    #[napi(catch_unwind, js_name = "next_string")]
    pub fn next_string(&self, env: Env) -> Result<Ascii<13>> {
        Ok(Ascii(self.0.next().or_throw(&env)?.to_bytes()))
    }

    /// The values of the next `count` TIDs (consecutive microseconds, one clock read).
    #[napi(catch_unwind, js_name = "next_many")]
    pub fn next_many(&self, env: Env, count: u32) -> Result<Vec<Val>> {
        let list = self.0.next_many(count as usize).or_throw(&env)?;
        Ok(list
            .into_iter()
            .map(|t| Val::Int(t.value().into()))
            .collect())
    }

    /// The texts of the next `count` TIDs, back to back (13 characters each).
    #[napi(catch_unwind, js_name = "next_many_packed")]
    pub fn next_many_packed(&self, env: Env, count: u32) -> Result<Val> {
        let list = self.0.next_many(count as usize).or_throw(&env)?;
        Ok(Val::Ascii(list.iter().flat_map(|t| t.to_bytes()).collect()))
    }

    /// `[node or undefined, clockId, leadMs, maxLeadMs, onClockBehind]`.
    #[napi(catch_unwind)]
    pub fn info(&self, env: Env) -> Result<Vec<Val>> {
        let g = &self.0;
        Ok(info(
            node_value(g.node().or_throw(&env)?),
            Val::from(g.try_clock_id().or_throw(&env)?),
            g.lead_ms(),
            g.max_lead_ms(),
            g.on_clock_behind(),
        ))
    }
}
