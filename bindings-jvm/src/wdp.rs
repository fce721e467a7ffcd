//! WDP compact IDs, named sequences, namespaces and full IDs (docs/spec §1). A table of
//! named sequences is a heap handle held by `io.polyid.NamedSequences` (0: the standard
//! table).

use jni::objects::{JByteArray, JClass, JObject, JString};
use jni::sys::{jboolean, jint, jlong, jobjectArray, jstring};
use jni::JNIEnv;
use polyid::wdp::{self, NamedSequences, StructuredCode};
use polyid::{Detail, Error, ErrorCode};

use crate::jvm::{ascii, call, null, profile, string, with_bytes, with_str, Res};

static STANDARD: NamedSequences = NamedSequences::standard();

fn table<'a>(handle: jlong) -> &'a NamedSequences {
    if handle == 0 {
        &STANDARD
    } else {
        // SAFETY: a non-zero handle comes from `namesNew` and is freed only by `namesFree`,
        // which the Java object calls once, after its last use.
        unsafe { &*(handle as *const NamedSequences) }
    }
}

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_namesNew(_env: JNIEnv, _c: JClass) -> jlong {
    Box::into_raw(Box::new(NamedSequences::standard())) as jlong
}

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_namesFree(_env: JNIEnv, _c: JClass, handle: jlong) {
    if handle != 0 {
        // SAFETY: see `table`; this is the handle's one release.
        drop(unsafe { Box::from_raw(handle as *mut NamedSequences) });
    }
}

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_namesInsert(
    mut env: JNIEnv,
    _c: JClass,
    handle: jlong,
    name: JString,
    number: jint,
) {
    call(&mut env, (), |env| {
        // SAFETY: see `table`; the Java object serializes its writes.
        let names = unsafe { &mut *(handle as *mut NamedSequences) };
        Ok(with_str(env, &name, |n| names.insert(n, number))??)
    })
}

/// The compact ID of a code with the standard names, its five ASCII bytes packed into a
/// `long` (byte i in bits 8i..8i+8), which Java turns into a `String` without a JNI string
/// call; -1 when the code is invalid, and then Java asks [`Java_io_polyid_Native_compactId`]
/// for the precise error (computed only on that path).
#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_compactIdPacked(
    mut env: JNIEnv,
    _c: JClass,
    code: JString,
) -> jlong {
    call(&mut env, -1, |env| {
        with_str(env, &code, |c| {
            wdp::compact_id_with(c, &STANDARD).map_or(-1, |id| packed(&id))
        })
    })
}

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_compactId(
    mut env: JNIEnv,
    _c: JClass,
    code: JString,
    names: jlong,
) -> jstring {
    call(&mut env, null(), |env| {
        let id = with_str(env, &code, |c| wdp::compact_id_with(c, table(names)))??;
        ascii(env, id.as_bytes())
    })
}

fn packed(id: &wdp::CompactId) -> jlong {
    let mut word = [0u8; 8];
    word[..wdp::COMPACT_LEN].copy_from_slice(id.as_bytes());
    i64::from_le_bytes(word)
}

/// The compact ID of UTF-8 bytes `code[offset..offset + length]` (the Java caller has checked
/// the range), packed as [`Java_io_polyid_Native_compactIdPacked`] packs it; -1 when the
/// bytes are not a valid code. With `precise`, an invalid code throws its error instead.
#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_compactIdUtf8(
    mut env: JNIEnv,
    _c: JClass,
    code: JByteArray,
    offset: jint,
    length: jint,
    precise: jboolean,
) -> jlong {
    call(&mut env, -1, |env| {
        with_bytes(env, &code, offset, length, |bytes| {
            let fail = |e: Error| if precise != 0 { Err(e) } else { Ok(-1) };
            let text = match std::str::from_utf8(bytes) {
                Ok(t) => t,
                Err(e) => {
                    return fail(Error::new(
                        ErrorCode::InvalidUtf8,
                        "WDP code",
                        Detail::Message(e.to_string().into()),
                    ))
                }
            };
            wdp::compact_id_with(text, &STANDARD)
                .map(|id| packed(&id))
                .or_else(fail)
        })?
        .map_err(Into::into)
    })
}

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_compactIdAs(
    mut env: JNIEnv,
    _c: JClass,
    code: JString,
    profile_name: JString,
    names: jlong,
) -> jstring {
    call(&mut env, null(), |env| {
        let p = profile(env, &profile_name)?;
        let id = with_str(env, &code, |c| {
            wdp::compact_id_as_with(c, (names != 0).then(|| table(names)), p)
        })??;
        ascii(env, id.as_bytes())
    })
}

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_normalizeCode(
    mut env: JNIEnv,
    _c: JClass,
    code: JString,
    names: jlong,
) -> jstring {
    call(&mut env, null(), |env| {
        let code = with_str(env, &code, |c| StructuredCode::parse_with(c, table(names)))??;
        string(env, code.normalized())
    })
}

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_namespaceHash(
    mut env: JNIEnv,
    _c: JClass,
    namespace: JString,
) -> jstring {
    call(&mut env, null(), |env| {
        let id = with_str(env, &namespace, wdp::namespace_hash)??;
        ascii(env, id.as_bytes())
    })
}

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_fullId(
    mut env: JNIEnv,
    _c: JClass,
    namespace: JString,
    code: JString,
    names: jlong,
) -> jstring {
    call(&mut env, null(), |env| {
        let ns = with_str(env, &namespace, |n| n.to_owned())?;
        let id = with_str(env, &code, |c| wdp::full_id_with(&ns, c, table(names)))??.to_text();
        string(env, &id)
    })
}

/// `[namespace hash, compact ID]`.
#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_parseFullId(
    mut env: JNIEnv,
    _c: JClass,
    text: JString,
) -> jobjectArray {
    call(&mut env, null(), |env| {
        let full = with_str(env, &text, wdp::parse_full_id)??;
        strings(
            env,
            &[full.namespace_hash.as_str(), full.compact_id.as_str()],
        )
    })
}

/// `[severity letter, meaning, priority, blocking ("true"/"false"), component, primary,
/// sequence, normalized, compact ID]`.
#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_parseCode(
    mut env: JNIEnv,
    _c: JClass,
    code: JString,
    names: jlong,
) -> jobjectArray {
    call(&mut env, null(), |env| {
        let c = with_str(env, &code, |c| StructuredCode::parse_with(c, table(names)))??;
        let s = c.severity();
        let id = c.compact_id();
        strings(
            env,
            &[
                &s.letter().to_string(),
                s.meaning(),
                &s.priority().to_string(),
                if s.is_blocking() { "true" } else { "false" },
                c.component(),
                c.primary(),
                &c.sequence().to_string(),
                c.normalized(),
                id.as_str(),
            ],
        )
    })
}

/// A Java `String[]` of `items`.
pub fn strings(env: &mut JNIEnv, items: &[&str]) -> Res<jobjectArray> {
    let array = env.new_object_array(items.len() as i32, "java/lang/String", JObject::null())?;
    for (i, item) in items.iter().enumerate() {
        let s = env.new_string(item)?;
        env.set_object_array_element(&array, i as i32, s)?;
    }
    Ok(array.into_raw())
}
