//! xid: 42 bits of milliseconds and 22 bits of node/counter or random (docs/spec §2). An xid
//! travels as its u64 value (`bigint`).

use std::sync::Arc;

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
#[napi]
pub struct XidGen(XidGenerator<Clk>);

#[napi]
impl XidGen {
    /// `XidGenerator::with_options` on `clock` (or `resume` after the xid of value `resume`).
    #[napi(constructor, catch_unwind)]
    pub fn new(
        env: Env,
        clock: &Clock,
        node: Option<U64>,
        seed: Option<U64>,
        max_lead_ms: Option<U64>,
        wait: bool,
        resume: Option<U64>,
    ) -> Result<XidGen> {
        let options = options(&env, node, seed, max_lead_ms, wait)?;
        let c = Arc::clone(&clock.0);
        let g = match resume {
            Some(v) => XidGenerator::resume(c, options, Xid::from_u64(v.0)),
            None => XidGenerator::with_options(c, options),
        };
        g.or_throw(&env).map(XidGen)
    }

    /// The next xid's value.
    #[napi(catch_unwind)]
    pub fn next(&self, env: Env) -> Result<BigU64> {
        Ok(BigU64(self.0.next().or_throw(&env)?.value()))
    }

    /// The next xid's text.
    #[napi(catch_unwind, js_name = "next_string")]
    pub fn next_string(&self, env: Env) -> Result<Ascii<11>> {
        Ok(Ascii(self.0.next().or_throw(&env)?.to_bytes()))
    }

    /// The values of the next `count` xids (consecutive, one clock read).
    #[napi(catch_unwind, js_name = "next_many")]
    pub fn next_many(&self, env: Env, count: u32) -> Result<Vec<Val>> {
        let list = self.0.next_many(count as usize).or_throw(&env)?;
        Ok(list
            .into_iter()
            .map(|x| Val::Int(x.value().into()))
            .collect())
    }

    /// The texts of the next `count` xids, back to back (11 characters each).
    #[napi(catch_unwind, js_name = "next_many_packed")]
    pub fn next_many_packed(&self, env: Env, count: u32) -> Result<Val> {
        let list = self.0.next_many(count as usize).or_throw(&env)?;
        Ok(Val::Ascii(list.iter().flat_map(|x| x.to_bytes()).collect()))
    }

    /// `[node or undefined, lane, leadMs, maxLeadMs, onClockBehind]`.
    #[napi(catch_unwind)]
    pub fn info(&self, env: Env) -> Result<Vec<Val>> {
        let g = &self.0;
        Ok(info(
            node_value(g.node().or_throw(&env)?),
            Val::from(g.lane().or_throw(&env)?),
            g.lead_ms(),
            g.max_lead_ms(),
            g.on_clock_behind(),
        ))
    }
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

/// What an xid's accessors read: `[text, unixMs, random]`.
#[napi(catch_unwind, js_name = "xid_read")]
pub fn xid_read(value: U64) -> Vec<Val> {
    let x = Xid::from_u64(value.0);
    vec![
        Val::ascii(&x.to_bytes()),
        Val::Num(x.unix_ms() as f64),
        Val::from(x.random()),
    ]
}

/// An xid's text.
#[napi(catch_unwind, js_name = "xid_text")]
pub fn xid_text(value: U64) -> Ascii<11> {
    Ascii(Xid::from_u64(value.0).to_bytes())
}
