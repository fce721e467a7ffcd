//! Generators' shared parts: clocks, options, the process node.

use std::sync::Arc;

use polyid::clock::EitherClock;
use polyid::policy::{OnClockBehind, Options};
use polyid::{node, Node};
use wasm_bindgen::prelude::*;

use crate::clock::JsClock;
use crate::error::{JsResult, Throw};

//
// Each generator class has four entry points (`new`, `next`, `next_many`, `info`) and its
// clock is a separate object (`Clock`), so that the module carries one `set_micros` and one
// `info` per class rather than a function per getter (the size budget). The default
// generators behind `Xid.generate()` and `Tid.generate()` are instances of these classes
// with default options, made by the JavaScript layer at their first use.

/// Every generator's clock: the JavaScript clock, or a manual one (`clockMicros`). One clock
/// type for all generators of the module, so that each generator's code is in the module once.
pub(crate) type Clk = Arc<EitherClock<JsClock>>;

/// A generator's clock, shared with the generator: `setClockMicros` moves it.
#[wasm_bindgen]
pub struct Clock(pub(crate) Clk);

/// `EitherClock::new(JsClock, micros)`: the JavaScript clock, or a manual one at `micros`.
#[wasm_bindgen]
pub fn clock_new(micros: Option<i64>) -> Clock {
    Clock(Arc::new(EitherClock::new(JsClock, micros)))
}

/// `EitherClock::set_micros` (`INVALID_ARGUMENT` on the real clock).
#[wasm_bindgen]
pub fn clock_set(clock: &Clock, micros: i64) -> JsResult<()> {
    clock.0.set_micros(micros).js()
}

/// The core's options from the JavaScript layer's translation: the node and the seed as
/// given (the node's range is the core's: `Node::new`), `max_lead_ms` (checked by the core's
/// constructors), and `wait` for `on_clock_behind = "wait"` (the JavaScript layer reads the
/// text, so that the core's `FromStr`, which formats its message with `{:?}`, stays out of
/// the module: see bindings-js/api.js).
pub(crate) fn options(
    node: Option<u64>,
    seed: Option<u64>,
    max_lead_ms: Option<u64>,
    wait: bool,
) -> JsResult<Options> {
    let mut options = Options::default();
    if let Some(n) = node {
        options.node = Some(Node::new(n).js()?);
    }
    options.seed = seed;
    if let Some(ms) = max_lead_ms {
        options.max_lead_ms = ms;
    }
    if wait {
        options.on_clock_behind = OnClockBehind::Wait;
    }
    Ok(options)
}

/// What a generator's getters read: `[a, b, leadMs, maxLeadMs, onClockBehind]`, `a` and `b`
/// the family's (xid: node or `undefined`, lane; TID: node or `undefined`, clock id; EUID:
/// extension or `undefined`).
#[inline(never)]
pub(crate) fn info(
    a: JsValue,
    b: JsValue,
    lead_ms: u64,
    max_lead_ms: u64,
    policy: OnClockBehind,
) -> js_sys::Array {
    [
        a,
        b,
        JsValue::from_f64(lead_ms as f64),
        JsValue::from_f64(max_lead_ms as f64),
        JsValue::from_str(policy.as_str()),
    ]
    .iter()
    .collect()
}

/// A node as `info` gives it: its number, or `undefined`.
pub(crate) fn node_value(node: Option<Node>) -> JsValue {
    node.map_or(JsValue::UNDEFINED, |n| n.get().into())
}

/// `node::set_process_node`: `undefined` withdraws the node.
#[wasm_bindgen]
pub fn set_node(node: Option<u64>) -> JsResult<()> {
    let node = match node {
        Some(n) => Some(Node::new(n).js()?),
        None => None,
    };
    node::set_process_node(node).js()
}

/// `node::process_node`, or `undefined`.
#[wasm_bindgen]
pub fn process_node() -> JsResult<Option<u16>> {
    Ok(node::process_node().js()?.map(Node::get))
}

/// `node::set_node_required`.
#[wasm_bindgen]
pub fn set_node_required(required: bool) {
    node::set_node_required(required)
}

/// `node::node_required`.
#[wasm_bindgen]
pub fn node_required() -> bool {
    node::node_required()
}
