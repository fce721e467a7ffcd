//! EXTUUID exports (feature `extuuid`): `polyid::extuuid` over plain values. The JavaScript
//! layer (`extuuidEncode`, `extuuidDecode`, `extuuidInspect`) is in `bindings-js/extuuid.js`.

use polyid::extuuid::{self, Field};
use wasm_bindgen::prelude::*;

use crate::error::{JsResult, Throw};

/// `extuuid::encode_text`: printed form -> `8-4-4-4-12` UUID text.
#[wasm_bindgen]
pub fn extuuid_encode(text: &str) -> JsResult<String> {
    extuuid::encode_text(text).js()
}

/// `extuuid::decode_text`: UUID text -> canonical printed form.
#[wasm_bindgen]
pub fn extuuid_decode(uuid: &str) -> JsResult<String> {
    extuuid::decode_text(uuid).js()
}

/// A field value: integers as bigints (exact), floats as numbers, lists as arrays.
fn field(f: &Field) -> JsValue {
    match f {
        Field::Text(s) => JsValue::from_str(s),
        Field::Int(i) => JsValue::from(*i),
        Field::Float(x) => JsValue::from_f64(*x),
        Field::Bool(b) => JsValue::from_bool(*b),
        Field::Ints(list) => list
            .iter()
            .map(|&i| JsValue::from(i))
            .collect::<js_sys::Array>()
            .into(),
        Field::Floats(list) => list
            .iter()
            .map(|&x| JsValue::from_f64(x))
            .collect::<js_sys::Array>()
            .into(),
        // `Field` is non-exhaustive: a kind of value this binding does not know yet.
        _ => JsValue::UNDEFINED,
    }
}

/// `extuuid::inspect`: `[uuid, text, kind, [name, value, name, value, ...]]` (fields in the
/// core's order).
#[wasm_bindgen]
pub fn extuuid_inspect(input: &str) -> JsResult<js_sys::Array> {
    let inspection = extuuid::inspect(input).js()?;
    let fields = js_sys::Array::new();
    for (name, value) in &inspection.fields {
        fields.push(&JsValue::from_str(name));
        fields.push(&field(value));
    }
    Ok([
        JsValue::from_str(&inspection.uuid),
        JsValue::from_str(&inspection.text),
        JsValue::from_str(inspection.kind),
        fields.into(),
    ]
    .iter()
    .collect())
}
