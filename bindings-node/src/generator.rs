//! What the generators share (docs/spec §6): their clock, their options, the process node.
//!
//! Generators and their clocks are external handles: `*_gen_new` takes a [`Clock`] made first
//! by the JavaScript layer (so `setClockMicros` reaches the generator's own clock) and the
//! options as separate primitives: the node and the seed as given (the node's range is the core's,
//! `Node::new`), `max_lead_ms`, and `wait` for `onClockBehind: "wait"` (the JavaScript layer
//! reads the text).

use std::sync::Arc;

use napi::bindgen_prelude::External;
use napi::{Env, Result};
use napi_derive::napi;
use polyid::clock::{EitherClock, SystemClock};
use polyid::policy::{OnClockBehind, Options};
use polyid::{node, Node};

use crate::conv::{OrThrow, Val, I64, U64};

/// Every generator's clock: the system clock, or a manual one (`clockMicros`).
pub type Clk = Arc<EitherClock<SystemClock>>;

/// A generator's clock (shared with the generator), held by JavaScript as an external handle.
pub type Clock = External<Clk>;

/// `EitherClock::new(SystemClock, micros)`: the system clock, or a manual one at `micros`.
#[napi(catch_unwind, js_name = "clock_new")]
pub fn clock_new(micros: Option<I64>) -> Clock {
    External::new(Arc::new(EitherClock::new(SystemClock, micros.map(|m| m.0))))
}

/// `EitherClock::set_micros` (`INVALID_ARGUMENT` on the system clock).
#[napi(catch_unwind, js_name = "clock_set")]
pub fn clock_set(env: Env, clock: &Clock, micros: I64) -> Result<()> {
    clock.set_micros(micros.0).or_throw(&env)
}

/// The core's options from the JavaScript layer's translation.
pub fn options(
    env: &Env,
    node: Option<U64>,
    seed: Option<U64>,
    max_lead_ms: Option<U64>,
    wait: bool,
) -> Result<Options> {
    let mut options = Options::default();
    if let Some(n) = node {
        options.node = Some(Node::new(n.0).or_throw(env)?);
    }
    options.seed = seed.map(|s| s.0);
    if let Some(ms) = max_lead_ms {
        options.max_lead_ms = ms.0;
    }
    if wait {
        options.on_clock_behind = OnClockBehind::Wait;
    }
    Ok(options)
}

/// What a generator's getters read: `[a, b, leadMs, maxLeadMs, onClockBehind]`, `a` and `b`
/// the family's (xid: node or `undefined`, lane; TID: node or `undefined`, clock id; EUID:
/// extension or `undefined`).
pub fn info(a: Val, b: Val, lead_ms: u64, max_lead_ms: u64, policy: OnClockBehind) -> Vec<Val> {
    vec![
        a,
        b,
        Val::Num(lead_ms as f64),
        Val::Num(max_lead_ms as f64),
        Val::from(policy.as_str()),
    ]
}

/// A node as `info` gives it: its number, or `undefined`.
pub fn node_value(node: Option<Node>) -> Val {
    Val::opt(node.map(Node::get))
}

/// `node::set_process_node`: `undefined` withdraws the node.
#[napi(catch_unwind, js_name = "set_node")]
pub fn set_node(env: Env, node: Option<U64>) -> Result<()> {
    let node = match node {
        Some(n) => Some(Node::new(n.0).or_throw(&env)?),
        None => None,
    };
    node::set_process_node(node).or_throw(&env)
}

/// `node::process_node`, or `undefined`.
#[napi(catch_unwind, js_name = "process_node")]
pub fn process_node(env: Env) -> Result<Option<u16>> {
    Ok(node::process_node().or_throw(&env)?.map(Node::get))
}

/// `node::set_node_required`.
#[napi(catch_unwind, js_name = "set_node_required")]
pub fn set_node_required(required: bool) {
    node::set_node_required(required)
}

/// `node::node_required`.
#[napi(catch_unwind, js_name = "node_required")]
pub fn node_required() -> bool {
    node::node_required()
}
