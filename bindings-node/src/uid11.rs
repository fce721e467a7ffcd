//! uid11: 64-bit values as 11 Base58 symbols, and prefix ranges (docs/spec §2).

use napi::{Env, Result};
use napi_derive::napi;
use polyid::uid11;

use crate::conv::{Ascii, BigU64, OrThrow, Text, Val, U64};

/// `uid11::encode_into`.
#[napi(catch_unwind, js_name = "uid11_encode")]
pub fn uid11_encode(value: U64) -> Ascii<11> {
    let mut out = [0u8; 11];
    uid11::encode_into(value.0, &mut out);
    Ascii(out)
}

/// `uid11::decode`.
#[napi(catch_unwind, js_name = "uid11_decode")]
pub fn uid11_decode(env: Env, text: Text) -> Result<BigU64> {
    Ok(BigU64(text.with(uid11::decode)?.or_throw(&env)?))
}

/// `uid11::prefix_range`: `[lo, hi]` or `undefined`.
#[napi(catch_unwind, js_name = "uid11_prefix_range")]
pub fn uid11_prefix_range(env: Env, prefix: Text) -> Result<Option<Vec<Val>>> {
    let range = prefix.with(uid11::prefix_range)?.or_throw(&env)?;
    Ok(range.map(|(lo, hi)| vec![Val::Int(lo.into()), Val::Int(hi.into())]))
}
