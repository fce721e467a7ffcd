//! WDP catalogs (docs/spec §1.6): built from entries or loaded from JSON, read by ID,
//! expanded with fields, written in each JSON form, signed and verified. A catalog is a heap
//! handle held by `io.polyid.Catalog`, which never changes it after it is made, so any
//! number of threads may read one at once.

use jni::objects::{JByteArray, JClass, JObject, JObjectArray, JString};
use jni::sys::{jbyteArray, jint, jlong, jobjectArray, jstring};
use jni::JNIEnv;
use polyid::wdp::catalog::{self, Catalog, Entry, Expansion, Form, KeyPair};
use polyid::{Detail, Error, ErrorCode};

use crate::jvm::{call, null, string, with_str, Fail, Res};
use crate::wdp::strings;

fn handle<'a>(handle: jlong) -> Res<&'a Catalog> {
    if handle == 0 {
        return Err(Fail::Core(Error::reason(
            ErrorCode::NullPointer,
            "catalog",
            "the catalog was closed",
        )));
    }
    // SAFETY: a non-zero handle comes from `catalogLoad`/`catalogBuild` and is freed only by
    // `catalogFree`, which the Java object calls once, after every call that uses it.
    Ok(unsafe { &*(handle as *const Catalog) })
}

fn into_handle(c: Catalog) -> jlong {
    Box::into_raw(Box::new(c)) as jlong
}

fn invalid(what: &'static str, why: &str) -> Fail {
    Fail::Core(Error::new(
        ErrorCode::InvalidArgument,
        what,
        Detail::Message(why.to_owned().into()),
    ))
}

/// The text of a Java string (the heap copy: catalogs hold what they are given).
fn owned(env: &mut JNIEnv, s: &JString) -> Res<String> {
    with_str(env, s, str::to_owned)
}

/// The elements of a `String[]`; a null element is `None`.
fn string_array(env: &mut JNIEnv, array: &JObjectArray) -> Res<Vec<Option<String>>> {
    let n = env.get_array_length(array)?;
    let mut out = Vec::with_capacity(n as usize);
    for i in 0..n {
        let item = JString::from(env.get_object_array_element(array, i)?);
        out.push(if item.is_null() {
            None
        } else {
            Some(owned(env, &item)?)
        });
        env.delete_local_ref(item)?;
    }
    Ok(out)
}

/// A `String[]` whose elements are all required.
fn required(env: &mut JNIEnv, array: &JObjectArray, what: &'static str) -> Res<Vec<String>> {
    string_array(env, array)?
        .into_iter()
        .map(|s| s.ok_or_else(|| invalid(what, "an element is null")))
        .collect()
}

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_catalogLoad(
    mut env: JNIEnv,
    _c: JClass,
    json: JString,
) -> jlong {
    call(&mut env, 0, |env| {
        Ok(into_handle(with_str(env, &json, Catalog::from_json)??))
    })
}

/// `namespace` null: a catalog of compact IDs. The entry `i` is `codes[i]`, `messages[i]`,
/// `descriptions[i]` and `docsUrls[i]` (null: none), `hints[i]` and `tags[i]` (`String[]`).
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub extern "system" fn Java_io_polyid_Native_catalogBuild(
    mut env: JNIEnv,
    _c: JClass,
    namespace: JString,
    codes: JObjectArray,
    messages: JObjectArray,
    descriptions: JObjectArray,
    docs_urls: JObjectArray,
    hints: JObjectArray,
    tags: JObjectArray,
) -> jlong {
    call(&mut env, 0, |env| {
        let codes = required(env, &codes, "code")?;
        let messages = required(env, &messages, "message")?;
        let descriptions = string_array(env, &descriptions)?;
        let docs_urls = string_array(env, &docs_urls)?;
        let n = codes.len();
        if [messages.len(), descriptions.len(), docs_urls.len()] != [n; 3]
            || env.get_array_length(&hints)? as usize != n
            || env.get_array_length(&tags)? as usize != n
        {
            return Err(invalid("entries", "the entry arrays differ in length"));
        }
        let mut entries = Vec::with_capacity(n);
        for (i, (code, message)) in codes.into_iter().zip(messages).enumerate() {
            let mut e = Entry::new(code, message);
            if let Some(d) = &descriptions[i] {
                e = e.description(d.as_str());
            }
            if let Some(u) = &docs_urls[i] {
                e = e.docs_url(u.as_str());
            }
            let list = JObjectArray::from(env.get_object_array_element(&hints, i as i32)?);
            for h in required(env, &list, "hint")? {
                e = e.hint(h);
            }
            let list = JObjectArray::from(env.get_object_array_element(&tags, i as i32)?);
            for t in required(env, &list, "tag")? {
                e = e.tag(t);
            }
            entries.push(e);
        }
        let c = if namespace.is_null() {
            Catalog::build(entries)?
        } else {
            let ns = owned(env, &namespace)?;
            Catalog::build_namespaced(&ns, entries)?
        };
        Ok(into_handle(c))
    })
}

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_catalogFree(_env: JNIEnv, _c: JClass, h: jlong) {
    if h != 0 {
        // SAFETY: see `handle`; this is the handle's one release.
        drop(unsafe { Box::from_raw(h as *mut Catalog) });
    }
}

/// Every ID, sorted.
#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_catalogIds(
    mut env: JNIEnv,
    _c: JClass,
    h: jlong,
) -> jobjectArray {
    call(&mut env, null(), |env| {
        let ids: Vec<&str> = handle(h)?.ids().collect();
        strings(env, &ids)
    })
}

/// The namespace hash, or null for a catalog of compact IDs.
#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_catalogNamespaceHash(
    mut env: JNIEnv,
    _c: JClass,
    h: jlong,
) -> jstring {
    call(&mut env, null(), |env| match handle(h)?.namespace_hash() {
        Some(nsh) => string(env, nsh.as_str()),
        None => Ok(null()),
    })
}

/// `[id, code, severity letter, message (the template), description or null, docs URL or
/// null]`, then the hints, tags and placeholder names as three more arrays.
#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_catalogEntry(
    mut env: JNIEnv,
    _c: JClass,
    h: jlong,
    id: JString,
) -> jobjectArray {
    call(&mut env, null(), |env| {
        let c = handle(h)?;
        let id = owned(env, &id)?;
        let Some(e) = c.get(&id) else {
            // The core's own NOT_FOUND error (expanding an ID the catalog lacks).
            return Err(c.expand(&id, &()).err().map_or_else(
                || invalid("id", "an ID without an entry expanded"),
                Fail::Core,
            ));
        };
        let outer = env.new_object_array(4, "[Ljava/lang/String;", JObject::null())?;
        let letter = e.severity().letter().to_string();
        let opt = |s: Option<&str>| s.map(str::to_owned);
        let head = [
            Some(e.id().to_owned()),
            Some(e.code().to_owned()),
            Some(letter),
            Some(e.message().to_owned()),
            opt(e.description()),
            opt(e.docs_url()),
        ];
        let first = env.new_object_array(head.len() as i32, "java/lang/String", JObject::null())?;
        for (i, item) in head.iter().enumerate() {
            if let Some(s) = item {
                let s = env.new_string(s)?;
                env.set_object_array_element(&first, i as i32, s)?;
            }
        }
        env.set_object_array_element(&outer, 0, first)?;
        for (i, list) in [e.hints(), e.tags(), e.fields()].into_iter().enumerate() {
            let items: Vec<&str> = list.iter().map(String::as_str).collect();
            // SAFETY: `strings` returns a new local reference to a String[].
            let array = unsafe { JObject::from_raw(strings(env, &items)?) };
            env.set_object_array_element(&outer, i as i32 + 1, array)?;
        }
        Ok(outer.into_raw())
    })
}

fn expansion_strings(list: &[Expansion<'_>]) -> Vec<String> {
    let mut out = Vec::with_capacity(list.len() * 4);
    for e in list {
        out.push(e.id.to_owned());
        out.push(e.code.to_owned());
        out.push(e.severity.letter().to_string());
        out.push(e.message.to_string());
    }
    out
}

fn expansion_array(env: &mut JNIEnv, list: &[Expansion<'_>]) -> Res<jobjectArray> {
    let flat = expansion_strings(list);
    let refs: Vec<&str> = flat.iter().map(String::as_str).collect();
    strings(env, &refs)
}

/// `[id, code, severity letter, message]`; the fields are `names[i]` = `values[i]`.
#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_catalogExpand(
    mut env: JNIEnv,
    _c: JClass,
    h: jlong,
    id: JString,
    names: JObjectArray,
    values: JObjectArray,
) -> jobjectArray {
    call(&mut env, null(), |env| {
        let c = handle(h)?;
        let id = owned(env, &id)?;
        let names = required(env, &names, "field name")?;
        let values = required(env, &values, "field value")?;
        if names.len() != values.len() {
            return Err(invalid("fields", "names and values differ in length"));
        }
        let fields: Vec<(String, String)> = names.into_iter().zip(values).collect();
        let x = c.expand(&id, fields.as_slice())?;
        expansion_array(env, std::slice::from_ref(&x))
    })
}

/// As `catalogExpand`, the fields as a JSON object (a string value as is, any other value
/// as its JSON text).
#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_catalogExpandJson(
    mut env: JNIEnv,
    _c: JClass,
    h: jlong,
    id: JString,
    fields: JString,
) -> jobjectArray {
    call(&mut env, null(), |env| {
        let c = handle(h)?;
        let id = owned(env, &id)?;
        let fields = with_str(env, &fields, catalog::parse_fields)??;
        let x = c.expand(&id, &fields)?;
        expansion_array(env, std::slice::from_ref(&x))
    })
}

/// Four strings per expansion, as `catalogExpand`.
#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_catalogExpandPayload(
    mut env: JNIEnv,
    _c: JClass,
    h: jlong,
    payload: JString,
) -> jobjectArray {
    call(&mut env, null(), |env| {
        let c = handle(h)?;
        let flat = with_str(env, &payload, |p| {
            c.expand_payload(p).map(|list| expansion_strings(&list))
        })??;
        let refs: Vec<&str> = flat.iter().map(String::as_str).collect();
        strings(env, &refs)
    })
}

/// `form`: 0 full, 1 compact, 2 minimal (`Catalog.Form`'s ordinals).
#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_catalogToJson(
    mut env: JNIEnv,
    _c: JClass,
    h: jlong,
    form: jint,
) -> jstring {
    call(&mut env, null(), |env| {
        let c = handle(h)?;
        let form = match form {
            0 => Form::Full,
            1 => Form::Compact,
            2 => Form::Minimal,
            _ => return Err(invalid("form", "not a catalog form")),
        };
        string(env, &c.to_json(form))
    })
}

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_catalogCanonical(
    mut env: JNIEnv,
    _c: JClass,
    h: jlong,
) -> jstring {
    call(&mut env, null(), |env| {
        let bytes = handle(h)?.canonical_bytes();
        // The canonical form is JSON text, which is UTF-8.
        string(env, &String::from_utf8_lossy(&bytes))
    })
}

fn bytes(env: &mut JNIEnv, array: &JByteArray) -> Res<Vec<u8>> {
    if array.is_null() {
        return Err(Fail::Core(Error::reason(
            ErrorCode::NullPointer,
            "argument",
            "a required argument was null",
        )));
    }
    Ok(env.convert_byte_array(array)?)
}

fn byte_array(env: &mut JNIEnv, b: &[u8]) -> Res<jbyteArray> {
    Ok(env.byte_array_from_slice(b)?.into_raw())
}

/// The Ed25519 signature of the canonical bytes with a 32-byte secret key.
#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_catalogSign(
    mut env: JNIEnv,
    _c: JClass,
    h: jlong,
    secret: JByteArray,
) -> jbyteArray {
    call(&mut env, null(), |env| {
        let c = handle(h)?;
        let key = KeyPair::from_secret(&bytes(env, &secret)?)?;
        byte_array(env, &c.sign(&key))
    })
}

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_catalogVerify(
    mut env: JNIEnv,
    _c: JClass,
    h: jlong,
    public_key: JByteArray,
    signature: JByteArray,
) {
    call(&mut env, (), |env| {
        let c = handle(h)?;
        let public_key = bytes(env, &public_key)?;
        let signature = bytes(env, &signature)?;
        Ok(c.verify(&public_key, &signature)?)
    })
}

/// A new key pair from the operating system's random generator: the secret key, then the
/// public key.
#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_catalogKeypair(
    mut env: JNIEnv,
    _c: JClass,
) -> jbyteArray {
    call(&mut env, null(), |env| {
        let key = KeyPair::generate()?;
        let mut both = key.secret_key().to_vec();
        both.extend_from_slice(&key.public_key());
        byte_array(env, &both)
    })
}

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_catalogPublicKey(
    mut env: JNIEnv,
    _c: JClass,
    secret: JByteArray,
) -> jbyteArray {
    call(&mut env, null(), |env| {
        let key = KeyPair::from_secret(&bytes(env, &secret)?)?;
        byte_array(env, &key.public_key())
    })
}
