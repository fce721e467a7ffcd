//! EXTUUID (`polyid::extuuid`): typed values in UUIDv8 carriers.

use std::ptr;

use napi::bindgen_prelude::Unknown;
use napi::{sys, Env, Error as NapiError, Result, Status};
use napi_derive::napi;
use polyid::extuuid::{self, Field};
use polyid::{Error as IdError, ErrorCode};

use crate::conv::{throw_id, AsciiString, OrThrow, Text};

/// The UUID (`8-4-4-4-12`, lower case) of an EXTUUID printed form (`extuuid:` prefix
/// optional), e.g. `extuuidEncode("fixedB4:GBP$:222.31") ===
/// "49083027-d200-8000-8000-00000021ebfc"`.
///
/// Throws `INVALID_FORMAT`, `INVALID_CHARACTER`, `OUT_OF_RANGE`, `RESERVED_BITS`,
/// `UNSUPPORTED_SCHEME` or `INVALID_UNIT`.
#[napi(catch_unwind, ts_args_type = "text: string", ts_return_type = "string")]
pub fn extuuid_encode(env: &Env, text: Text) -> Result<AsciiString> {
    Ok(AsciiString(text.with(extuuid::encode_text)?.or_throw(env)?))
}

/// The canonical printed form (`extuuid:...`) of an EXTUUID given as `8-4-4-4-12` text
/// (either case).
///
/// Throws `INVALID_LENGTH`, `INVALID_CHARACTER`, `NOT_UUID_V8`, `RESERVED_TYPE`,
/// `RESERVED_BITS` or `UNSUPPORTED_SCHEME`.
#[napi(catch_unwind, ts_args_type = "uuid: string", ts_return_type = "string")]
pub fn extuuid_decode(env: &Env, uuid: Text) -> Result<String> {
    uuid.with(extuuid::decode_text)?.or_throw(env)
}

macro_rules! check {
    ($e:expr) => {{
        if $e != sys::Status::napi_ok {
            return Err(NapiError::new(Status::GenericFailure, "napi call failed"));
        }
    }};
}

unsafe fn js_str(env: sys::napi_env, s: &str) -> Result<sys::napi_value> {
    let mut out = ptr::null_mut();
    check!(sys::napi_create_string_utf8(
        env,
        s.as_ptr().cast(),
        s.len() as isize,
        &mut out
    ));
    Ok(out)
}

/// A `bigint` from an `i128` (sign and 128-bit magnitude).
unsafe fn big(env: sys::napi_env, v: i128) -> Result<sys::napi_value> {
    let m = v.unsigned_abs();
    let words = [m as u64, (m >> 64) as u64];
    let mut out = ptr::null_mut();
    check!(sys::napi_create_bigint_words(
        env,
        i32::from(v < 0),
        2,
        words.as_ptr(),
        &mut out
    ));
    Ok(out)
}

unsafe fn num(env: sys::napi_env, v: f64) -> Result<sys::napi_value> {
    let mut out = ptr::null_mut();
    check!(sys::napi_create_double(env, v, &mut out));
    Ok(out)
}

unsafe fn array<T: Copy>(
    env: sys::napi_env,
    items: &[T],
    make: unsafe fn(sys::napi_env, T) -> Result<sys::napi_value>,
) -> Result<sys::napi_value> {
    let mut arr = ptr::null_mut();
    check!(sys::napi_create_array_with_length(
        env,
        items.len(),
        &mut arr
    ));
    for (i, &x) in items.iter().enumerate() {
        check!(sys::napi_set_element(env, arr, i as u32, make(env, x)?));
    }
    Ok(arr)
}

/// The JS property name of a core field name: `exponent_bits` -> `exponentBits`.
fn camel(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut upper = false;
    for c in name.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.push(c.to_ascii_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// The inspection as `{ kind, uuid, text, ...fields }`.
unsafe fn inspection(env: sys::napi_env, i: &extuuid::Inspection) -> Result<sys::napi_value> {
    let mut obj = ptr::null_mut();
    check!(sys::napi_create_object(env, &mut obj));
    let set = |name: &str, value: sys::napi_value| -> Result<()> {
        let key = js_str(env, name)?;
        check!(sys::napi_set_property(env, obj, key, value));
        Ok(())
    };
    set("kind", js_str(env, i.kind)?)?;
    set("uuid", js_str(env, &i.uuid)?)?;
    set("text", js_str(env, &i.text)?)?;
    for (name, field) in &i.fields {
        let value = match field {
            // Integers are always bigint (never confused with the floats, which are numbers).
            Field::Int(v) => big(env, *v)?,
            Field::Float(v) => num(env, *v)?,
            Field::Bool(b) => {
                let mut out = ptr::null_mut();
                check!(sys::napi_get_boolean(env, *b, &mut out));
                out
            }
            Field::Text(s) => js_str(env, s)?,
            Field::Ints(v) => array(env, v, big)?,
            Field::Floats(v) => array(env, v, num)?,
            _ => {
                let e = IdError::reason(
                    ErrorCode::InternalError,
                    "EXTUUID inspect",
                    "a field type this binding does not know",
                );
                return Err(throw_id(env, &e, None));
            }
        };
        if name.contains('_') {
            set(&camel(name), value)?;
        } else {
            set(name, value)?;
        }
    }
    Ok(obj)
}

/// Reads an EXTUUID given as a UUID (36 characters with dashes at 8, 13, 18 and 23) or as a
/// printed form, and returns `{ kind, uuid, text, ...fields }`: the kind, the lower-case
/// UUID, the canonical printed form and the kind's fields (integers as `bigint`, floats as
/// `number`, flags as `boolean`, lists as arrays).
///
/// Throws like `extuuidDecode` (UUID input) or `extuuidEncode` (printed input).
#[napi(
    catch_unwind,
    ts_args_type = "input: string",
    ts_return_type = "ExtuuidInspection"
)]
pub fn extuuid_inspect<'env>(env: &'env Env, input: Text) -> Result<Unknown<'env>> {
    let raw = env.raw();
    let i = input.with(extuuid::inspect)?.or_throw(env)?;
    let value = unsafe { inspection(raw, &i)? };
    Ok(unsafe { Unknown::from_raw_unchecked(raw, value) })
}
