//! EUID: 128-bit sortable IDs with an extension and a check symbol (docs/spec §4). An EUID
//! travels as its u128 value (`bigint`).

use std::sync::Arc;

use napi::bindgen_prelude::Uint8Array;
use napi::{Env, Result};
use napi_derive::napi;
use polyid::clock::SystemClock;
use polyid::euid::{Euid, EuidGenerator};

use crate::conv::{Ascii, OrThrow, Text, Val, U128, U64};
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

/// What an EUID's accessors read: `[text, textNoCheck, unixMs, extension or null, padding,
/// checkmod]`.
#[napi(catch_unwind, js_name = "euid_read")]
pub fn euid_read(value: U128) -> Vec<Val> {
    let e = Euid::from_u128(value.0);
    vec![
        Val::ascii(&e.encode_bytes(true)),
        Val::ascii(&e.encode_bytes(false)),
        Val::Num(e.unix_ms() as f64),
        Val::or_null(e.extension()),
        Val::from(e.padding()),
        Val::from(e.checkmod()),
    ]
}

/// An EUID's text with its check symbol.
#[napi(catch_unwind, js_name = "euid_text")]
pub fn euid_text(value: U128) -> Ascii<27> {
    Ascii(Euid::from_u128(value.0).encode_bytes(true))
}

/// The 16 big-endian bytes (a new `Buffer`).
#[napi(catch_unwind, js_name = "euid_bytes")]
pub fn euid_bytes(value: U128) -> Val {
    Val::Bytes(Euid::from_u128(value.0).to_bytes().to_vec())
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
#[napi]
pub struct EuidGen(EuidGenerator<Clk>);

#[napi]
impl EuidGen {
    /// `EuidGenerator::with_options(clock, extension, options)` (or `resume_with` after the
    /// EUID of value `resume`; a node is the core's INVALID_ARGUMENT).
    #[napi(constructor, catch_unwind)]
    #[allow(clippy::too_many_arguments)]
    pub fn new(
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
        let c = Arc::clone(&clock.0);
        let g = match resume {
            Some(v) => EuidGenerator::resume_with(c, extension, options, Euid::from_u128(v.0)),
            None => EuidGenerator::with_options(c, extension, options),
        };
        g.or_throw(&env).map(EuidGen)
    }

    /// The next EUID's value.
    #[napi(catch_unwind)]
    pub fn next(&self, env: Env) -> Result<Val> {
        self.0.next().or_throw(&env).map(value)
    }

    /// The next EUID's text.
    #[napi(catch_unwind, js_name = "next_string")]
    pub fn next_string(&self, env: Env) -> Result<Ascii<27>> {
        Ok(Ascii(self.0.next().or_throw(&env)?.encode_bytes(true)))
    }

    /// The values of the next `count` EUIDs (under one lock and one clock read).
    #[napi(catch_unwind, js_name = "next_many")]
    pub fn next_many(&self, env: Env, count: u32) -> Result<Vec<Val>> {
        let list = self.0.next_many(count as usize).or_throw(&env)?;
        Ok(list.into_iter().map(value).collect())
    }

    /// The texts of the next `count` EUIDs, back to back (27 characters each).
    #[napi(catch_unwind, js_name = "next_many_packed")]
    pub fn next_many_packed(&self, env: Env, count: u32) -> Result<Val> {
        let list = self.0.next_many(count as usize).or_throw(&env)?;
        Ok(Val::Ascii(
            list.iter().flat_map(|e| e.encode_bytes(true)).collect(),
        ))
    }

    /// `[extension or undefined, undefined, leadMs, maxLeadMs, onClockBehind]`.
    #[napi(catch_unwind)]
    pub fn info(&self) -> Vec<Val> {
        let g = &self.0;
        info(
            Val::opt(g.extension()),
            Val::Undef,
            g.lead_ms(),
            g.max_lead_ms(),
            g.on_clock_behind(),
        )
    }
}
