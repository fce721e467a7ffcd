//! EXTUUID (docs/spec §5): `polyid::extuuid` over plain values. The JavaScript layer is
//! `bindings-js/extuuid.js`.

use napi::{Env, Result};
use napi_derive::napi;
use polyid::extuuid::{self, Field};

use crate::conv::{OrThrow, Text, Val};

/// `extuuid::encode_text`: printed form -> `8-4-4-4-12` UUID text.
#[napi(catch_unwind, js_name = "extuuid_encode")]
pub fn extuuid_encode(env: Env, text: Text) -> Result<String> {
    text.with(extuuid::encode_text)?.or_throw(&env)
}

/// `extuuid::decode_text`: UUID text -> canonical printed form.
#[napi(catch_unwind, js_name = "extuuid_decode")]
pub fn extuuid_decode(env: Env, uuid: Text) -> Result<String> {
    uuid.with(extuuid::decode_text)?.or_throw(&env)
}

/// A field value: integers as bigints (exact), floats as numbers, lists as arrays.
fn field(f: &Field) -> Val {
    match f {
        Field::Text(s) => Val::from(s.as_str()),
        Field::Int(i) => Val::Int(*i),
        Field::Float(x) => Val::Num(*x),
        Field::Bool(b) => Val::Bool(*b),
        Field::Ints(list) => Val::Arr(list.iter().map(|&i| Val::Int(i)).collect()),
        Field::Floats(list) => Val::Arr(list.iter().map(|&x| Val::Num(x)).collect()),
        // `Field` is non-exhaustive: a kind of value this binding does not know yet.
        _ => Val::Undef,
    }
}

/// `extuuid::inspect`: `[uuid, text, kind, [name, value, name, value, ...]]`.
#[napi(catch_unwind, js_name = "extuuid_inspect")]
pub fn extuuid_inspect(env: Env, input: Text) -> Result<Vec<Val>> {
    let inspection = input.with(extuuid::inspect)?.or_throw(&env)?;
    let mut fields = Vec::with_capacity(inspection.fields.len() * 2);
    for (name, value) in &inspection.fields {
        fields.push(Val::from(&**name));
        fields.push(field(value));
    }
    Ok(vec![
        Val::from(inspection.uuid.as_str()),
        Val::from(inspection.text.as_str()),
        Val::from(inspection.kind),
        Val::Arr(fields),
    ])
}
