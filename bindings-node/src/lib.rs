//! polyid for Node.js: a thin napi-rs binding over the polyid core.
//!
//! Everything is computed by the core crate; this crate only translates JavaScript values to
//! Rust values and back, and core errors to thrown JavaScript errors (see `conv`).
#![deny(clippy::all)]
// napi-rs registers the exported functions only outside cfg(test): a test build (`cargo
// clippy --all-targets`) sees them, and what only they use, as dead code. The package is
// tested from JavaScript (test/).
#![cfg_attr(test, allow(dead_code))]

mod batch;
mod catalog;
mod conv;
mod euid;
mod extuuid;
mod gen;
mod object;
mod tid;
mod wdp;
mod xid;

use napi::bindgen_prelude::Object;
use napi::{Env, JsValue, Result};
use napi_derive::napi;

pub use catalog::Catalog;
pub use euid::{Euid, EuidGenerator};
pub use tid::{Tid, TidGenerator};
pub use xid::{Xid, XidGenerator};

use conv::{Ascii, BigU64, Int, OrThrow, Pair, Text};

/// Adds `ERROR_CODES` (every stable error code, frozen) to the exports, the getters and
/// methods of the ID value classes, and `util.inspect` support to the ID classes.
#[napi(module_exports)]
pub fn init(exports: Object, env: Env) -> Result<()> {
    // This copy's class constructors, before anything below looks one up.
    unsafe { object::register_env(env.raw(), exports.raw())? };
    let codes: Vec<&str> = polyid::ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
    let value = unsafe { conv::frozen_strings(env.raw(), &codes)? };
    let status = unsafe {
        napi::sys::napi_set_named_property(env.raw(), exports.raw(), c"ERROR_CODES".as_ptr(), value)
    };
    if status != napi::sys::Status::napi_ok {
        return Err(napi::Error::from_reason("cannot export ERROR_CODES"));
    }
    unsafe {
        object::install_members::<xid::Xid>(env.raw(), xid::xid_members::MEMBERS)?;
        object::install_members::<tid::Tid>(env.raw(), tid::tid_members::MEMBERS)?;
        object::install_members::<euid::Euid>(env.raw(), euid::euid_members::MEMBERS)?;
        object::install_members::<tid::TidGenerator>(
            env.raw(),
            tid::tid_generator_members::MEMBERS,
        )?;
        object::install_members::<euid::EuidGenerator>(
            env.raw(),
            euid::euid_generator_members::MEMBERS,
        )?;
        object::install_members::<xid::XidGenerator>(
            env.raw(),
            xid::xid_generator_members::MEMBERS,
        )?;
        object::add_inspect(
            env.raw(),
            &[
                ("Xid\0", xid::inspect),
                ("Tid\0", tid::inspect),
                ("Euid\0", euid::inspect),
                ("Catalog\0", catalog::inspect),
            ],
        )
    }
}

// ----------------------------------------------------------------------------------------------
// uid11

/// Encodes a 64-bit value as 11 Base58 symbols, e.g. `2n ** 64n - 1n` -> `"jpXCZedGfVQ"`.
///
/// `value` is a `bigint` (or a safe-integer `number`); outside `0..2^64-1` it throws
/// `OUT_OF_RANGE`.
#[napi(
    catch_unwind,
    ts_args_type = "value: bigint | number",
    ts_return_type = "string"
)]
pub fn uid11_encode(env: &Env, value: Int) -> Result<Ascii<11>> {
    let v = value.get::<u64>("uid11 value").or_throw(env)?;
    let mut out = [0u8; 11];
    polyid::uid11::encode_into(v, &mut out);
    Ok(Ascii(out))
}

/// Decodes 11 Base58 symbols to their 64-bit value.
///
/// Throws `INVALID_LENGTH`, `INVALID_CHARACTER` (with `index` and `character`) or `OVERFLOW`
/// (a value >= 2^64).
#[napi(catch_unwind, ts_args_type = "text: string", ts_return_type = "bigint")]
pub fn uid11_decode(env: &Env, text: Text) -> Result<BigU64> {
    Ok(BigU64(text.with(polyid::uid11::decode)?.or_throw(env)?))
}

/// The inclusive range `[lo, hi]` of the values whose text starts with `prefix` (0-11
/// symbols), or `null` when no 64-bit value does (e.g. `"k"`).
///
/// Throws `INVALID_LENGTH` (more than 11 symbols) or `INVALID_CHARACTER`.
#[napi(
    catch_unwind,
    ts_args_type = "prefix: string",
    ts_return_type = "[bigint, bigint] | null"
)]
pub fn uid11_prefix_range(env: &Env, prefix: Text) -> Result<Option<Pair<BigU64>>> {
    Ok(prefix
        .with(polyid::uid11::prefix_range)?
        .or_throw(env)?
        .map(|(lo, hi)| Pair(BigU64(lo), BigU64(hi))))
}
