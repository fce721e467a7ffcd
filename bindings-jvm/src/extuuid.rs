//! EXTUUID (docs/spec §5): `polyid::extuuid` over strings.

use jni::objects::{JClass, JString};
use jni::sys::{jobjectArray, jstring};
use jni::JNIEnv;
use polyid::extuuid::{self, Field};

use crate::jvm::{call, null, string, with_str};
use crate::wdp::strings;

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_extuuidEncode(
    mut env: JNIEnv,
    _c: JClass,
    text: JString,
) -> jstring {
    call(&mut env, null(), |env| {
        let uuid = with_str(env, &text, extuuid::encode_text)??;
        string(env, &uuid)
    })
}

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_extuuidDecode(
    mut env: JNIEnv,
    _c: JClass,
    uuid: JString,
) -> jstring {
    call(&mut env, null(), |env| {
        let text = with_str(env, &uuid, extuuid::decode_text)??;
        string(env, &text)
    })
}

/// A field as a kind tag and its text: integers in decimal (they may exceed 64 bits), floats
/// in Rust's shortest round-trip form, lists comma-separated.
fn field(f: &Field) -> (&'static str, String) {
    fn join<T: ToString>(items: &[T]) -> String {
        items.iter().map(T::to_string).collect::<Vec<_>>().join(",")
    }
    match f {
        Field::Text(s) => ("text", s.clone()),
        Field::Int(i) => ("int", i.to_string()),
        Field::Float(x) => ("float", x.to_string()),
        Field::Bool(b) => ("bool", b.to_string()),
        Field::Ints(list) => ("ints", join(list)),
        Field::Floats(list) => ("floats", join(list)),
        // `Field` is non-exhaustive: a kind this binding does not know yet.
        _ => ("unknown", String::new()),
    }
}

/// `[uuid, text, kind, name, tag, value, name, tag, value, ...]`.
#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_extuuidInspect(
    mut env: JNIEnv,
    _c: JClass,
    input: JString,
) -> jobjectArray {
    call(&mut env, null(), |env| {
        let x = with_str(env, &input, extuuid::inspect)??;
        let fields: Vec<(&str, &str, String)> = x
            .fields
            .iter()
            .map(|(name, f)| {
                let (tag, value) = field(f);
                (*name, tag, value)
            })
            .collect();
        let mut items: Vec<&str> = vec![&x.uuid, &x.text, x.kind];
        for (name, tag, value) in &fields {
            items.extend([*name, *tag, value.as_str()]);
        }
        strings(env, &items)
    })
}
