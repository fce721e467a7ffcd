//! What the generator classes share: the options object (docs/spec §6.5), the clock a
//! generator runs on (the real one, or a manual one its caller moves), and the module-level
//! process node (`setNode`, `node`, `setNodeRequired`, `nodeRequired`).
//!
//! Only type translation happens here: the rules, limits and messages are the core's.

use std::ops::Deref;
use std::ptr;
use std::sync::Arc;

use napi::bindgen_prelude::FromNapiValue;
use napi::{sys, Env, Error as NapiError, Result, Status};
use napi_derive::napi;
use polyid::clock::{EitherClock, SystemClock};
use polyid::node::MAX_NODE;
use polyid::policy::{OnClockBehind, MAX_LEAD_MS};
use polyid::{Node, Options};

use crate::conv::{throw_id, throw_type, type_name, typeof_, with_str, Bool, Int, OrThrow};

/// A generator's clock: the system clock, or a manual one (`clockMicros`, `setClockMicros`).
pub type GenClock = Arc<EitherClock<SystemClock>>;

/// A core generator on a [`GenClock`], with that clock, so that `setClockMicros` can move it.
pub struct Gen<G> {
    pub clock: GenClock,
    pub inner: G,
}

impl<G> Deref for Gen<G> {
    type Target = G;
    #[inline(always)]
    fn deref(&self) -> &G {
        &self.inner
    }
}

impl<G> Gen<G> {
    /// A generator built by `make` on the clock that `options` asks for.
    pub(crate) fn build(
        options: &GenOptions,
        make: impl FnOnce(GenClock) -> polyid::Result<G>,
    ) -> polyid::Result<Gen<G>> {
        let clock = Arc::new(EitherClock::new(SystemClock, options.clock_micros));
        let inner = make(Arc::clone(&clock))?;
        Ok(Gen { clock, inner })
    }

    /// Moves a manual clock (`INVALID_ARGUMENT` on the real clock, from the core).
    pub(crate) fn set_clock_micros(&self, env: &Env, micros: Int) -> Result<()> {
        let m = micros.get::<i64>("clock_micros").or_throw(env)?;
        self.clock.set_micros(m).or_throw(env)
    }
}

/// The options object of a generator constructor or `resume`: `{ node, seed, maxLeadMs,
/// onClockBehind, clockMicros }`, each optional (`undefined` and `null` mean the default).
/// Another own key is a `TypeError`, so that a misspelt option is not silently ignored.
#[derive(Default)]
pub struct GenOptions {
    pub options: Options,
    pub clock_micros: Option<i64>,
}

const KEYS: [&str; 5] = ["node", "seed", "maxLeadMs", "onClockBehind", "clockMicros"];

impl GenOptions {
    /// `options`, or the defaults when it was omitted.
    pub(crate) fn or_default(options: Option<GenOptions>) -> GenOptions {
        options.unwrap_or_default()
    }
}

/// Property `key` of `obj`, `None` when it is `undefined` or `null`.
unsafe fn property(
    env: sys::napi_env,
    obj: sys::napi_value,
    key: &std::ffi::CStr,
) -> Result<Option<sys::napi_value>> {
    let mut value = ptr::null_mut();
    if sys::napi_get_named_property(env, obj, key.as_ptr(), &mut value) != sys::Status::napi_ok {
        // A getter or proxy trap threw: that exception stays pending.
        return Err(NapiError::new(
            Status::PendingException,
            "options".to_owned(),
        ));
    }
    Ok(match typeof_(env, value) {
        sys::ValueType::napi_undefined | sys::ValueType::napi_null => None,
        _ => Some(value),
    })
}

/// An integer option: a bigint or a safe-integer number.
unsafe fn int_option(env: sys::napi_env, value: sys::napi_value, key: &str) -> Result<Int> {
    match typeof_(env, value) {
        sys::ValueType::napi_bigint => Int::from_napi_value(env, value),
        sys::ValueType::napi_number => {
            let mut n = 0f64;
            sys::napi_get_value_double(env, value, &mut n);
            if n.is_finite() && n.fract() == 0.0 && n.abs() <= 9_007_199_254_740_991.0 {
                Int::from_napi_value(env, value)
            } else {
                Err(throw_type(
                    env,
                    &format!("{key}: expected a safe integer or a bigint, got {n}"),
                ))
            }
        }
        _ => Err(throw_type(
            env,
            &format!(
                "{key}: expected an integer (bigint or number), got {}",
                type_name(env, value)
            ),
        )),
    }
}

impl FromNapiValue for GenOptions {
    unsafe fn from_napi_value(env: sys::napi_env, value: sys::napi_value) -> Result<Self> {
        let mut is_array = false;
        sys::napi_is_array(env, value, &mut is_array);
        if typeof_(env, value) != sys::ValueType::napi_object || is_array {
            return Err(throw_type(
                env,
                &format!(
                    "options: expected an object {{ node, seed, maxLeadMs, onClockBehind, clockMicros }}, got {}",
                    if is_array { "array" } else { type_name(env, value) }
                ),
            ));
        }
        let pending = || NapiError::new(Status::PendingException, "options".to_owned());
        let mut keys = ptr::null_mut();
        if sys::napi_get_all_property_names(
            env,
            value,
            sys::KeyCollectionMode::own_only,
            sys::KeyFilter::enumerable | sys::KeyFilter::skip_symbols,
            sys::KeyConversion::numbers_to_strings,
            &mut keys,
        ) != sys::Status::napi_ok
        {
            return Err(pending());
        }
        let mut len = 0u32;
        sys::napi_get_array_length(env, keys, &mut len);
        for i in 0..len {
            let mut key = ptr::null_mut();
            if sys::napi_get_element(env, keys, i, &mut key) != sys::Status::napi_ok {
                return Err(pending());
            }
            let name = with_str(env, key, str::to_owned)?;
            if !KEYS.contains(&name.as_str()) {
                return Err(throw_type(
                    env,
                    &format!(
                        "options: unknown option {name:?} (the options are node, seed, maxLeadMs, onClockBehind and clockMicros)"
                    ),
                ));
            }
        }
        let id = |e: polyid::Error| throw_id(env, &e, None);
        let mut out = GenOptions::default();
        if let Some(v) = property(env, value, c"node")? {
            let n = int_option(env, v, "node")?
                .get_within::<u64>("node", 0, i128::from(MAX_NODE))
                .and_then(Node::new)
                .map_err(id)?;
            out.options.node = Some(n);
        }
        if let Some(v) = property(env, value, c"seed")? {
            out.options.seed = Some(int_option(env, v, "seed")?.get::<u64>("seed").map_err(id)?);
        }
        if let Some(v) = property(env, value, c"maxLeadMs")? {
            out.options.max_lead_ms = int_option(env, v, "maxLeadMs")?
                .get_within::<u64>("max_lead_ms", 0, i128::from(MAX_LEAD_MS))
                .map_err(id)?;
        }
        if let Some(v) = property(env, value, c"onClockBehind")? {
            if typeof_(env, v) != sys::ValueType::napi_string {
                return Err(throw_type(
                    env,
                    &format!(
                        "onClockBehind: expected \"fail\" or \"wait\", got {}",
                        type_name(env, v)
                    ),
                ));
            }
            out.options.on_clock_behind =
                with_str(env, v, str::parse::<OnClockBehind>)?.map_err(id)?;
        }
        if let Some(v) = property(env, value, c"clockMicros")? {
            out.clock_micros = Some(
                int_option(env, v, "clockMicros")?
                    .get::<i64>("clock_micros")
                    .map_err(id)?,
            );
        }
        Ok(out)
    }
}

// ----------------------------------------------------------------------------------------------
// The process node

/// Assigns this process's node (0-959), or withdraws it (`null`), overriding `POLYID_NODE`.
/// Call it before the first ID of a generator that uses the process node (`Xid.generate()`,
/// `Tid.generate()`, generators built without a `node`): afterwards a different value throws
/// `NODE_IN_USE`. On Linux the node is claimed on the host: `NODE_IN_USE` also when another
/// process holds it.
///
/// Throws `OUT_OF_RANGE` or `NODE_IN_USE`.
#[napi(catch_unwind, ts_args_type = "node: number | null")]
pub fn set_node(env: &Env, node: Option<Int>) -> Result<()> {
    let node = match node {
        Some(n) => Some(
            n.get_within::<u64>("node", 0, i128::from(MAX_NODE))
                .and_then(Node::new)
                .or_throw(env)?,
        ),
        None => None,
    };
    polyid::node::set_process_node(node).or_throw(env)
}

/// This process's node: set with `setNode`, or read once from `POLYID_NODE`; `null` when
/// there is none.
///
/// Throws what `POLYID_NODE` gives when it is not a number 0-959 (`INVALID_LENGTH`,
/// `INVALID_CHARACTER`, `OUT_OF_RANGE`).
#[napi(catch_unwind, ts_return_type = "number | null")]
pub fn node(env: &Env) -> Result<Option<u32>> {
    Ok(polyid::node::process_node()
        .or_throw(env)?
        .map(|n| u32::from(n.get())))
}

/// Makes a node required (or not) for every xid and TID generator of this process, as
/// `POLYID_NODE_REQUIRED=1` does: a generator that would have none throws `NODE_REQUIRED`.
#[napi(catch_unwind, ts_args_type = "required: boolean")]
pub fn set_node_required(required: Bool) {
    polyid::node::set_node_required(required.0)
}

/// Whether xid and TID generators without a node throw `NODE_REQUIRED`.
#[napi(catch_unwind)]
pub fn node_required() -> bool {
    polyid::node::node_required()
}
