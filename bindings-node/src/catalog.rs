//! WDP catalogs (`polyid::wdp::catalog`): build, load, write, expand, sign and verify.
//!
//! Everything is the core's; this module reads the JS arguments (entry objects, field values,
//! byte arrays) into the core's types and writes its results back as JS values.

use std::ffi::CStr;
use std::ptr;

use napi::bindgen_prelude::{This, Unknown};
use napi::{sys, Env, Error as NapiError, Result, Status};
use napi_derive::napi;
use polyid::wdp::catalog::{self as cat, Entry, Expansion, Form, KeyPair};

use crate::batch;
use crate::conv::{
    throw_id, throw_type, type_name, typeof_, with_str, ArrayArg, BufferOut, BytesArg, BytesOut,
    Int, OrThrow, Text,
};
use crate::object::{inspect_text, this_ref, Class, Kind, Obj};

/// A WDP catalog: diagnostics (code, message template, description, hints, tags, docs URL)
/// keyed by compact ID, or by full ID `<namespace hash>-<compact id>` with a namespace.
///
/// Create one with `Catalog.build()` or `Catalog.load()`; `new Catalog()` is not available.
#[napi]
#[repr(C)]
pub struct Catalog {
    kind: Kind,
    inner: cat::Catalog,
    /// Heap bytes reported to V8 while the object lives.
    size: i64,
}

// SAFETY: `#[repr(C)]`, `kind` first and always `Kind::Catalog`.
unsafe impl Class for Catalog {
    const KIND: Kind = Kind::Catalog;
    const JS_NAME: &'static str = "Catalog\0";
    #[inline(always)]
    fn external_size(&self) -> i64 {
        self.size
    }
}

fn wrap(inner: cat::Catalog) -> Obj<Catalog> {
    // The memory reported to V8 for this object: the catalog and what it owns on the heap.
    let size =
        i64::try_from(std::mem::size_of::<cat::Catalog>() + inner.heap_size()).unwrap_or(i64::MAX);
    Obj(Catalog {
        kind: Kind::Catalog,
        inner,
        size,
    })
}

// ----------------------------------------------------------------------------------------------
// Reading arguments

#[inline]
fn pending(what: &str) -> NapiError {
    NapiError::new(Status::PendingException, what.to_owned())
}

/// `obj[key]`; a throwing getter or proxy leaves its exception pending.
unsafe fn prop(env: sys::napi_env, obj: sys::napi_value, key: &CStr) -> Result<sys::napi_value> {
    let mut out = ptr::null_mut();
    if sys::napi_get_named_property(env, obj, key.as_ptr(), &mut out) != sys::Status::napi_ok {
        return Err(pending("property"));
    }
    Ok(out)
}

fn absent(t: i32) -> bool {
    t == sys::ValueType::napi_undefined || t == sys::ValueType::napi_null
}

/// A string value, or a `TypeError` naming `what`.
unsafe fn string(
    env: sys::napi_env,
    value: sys::napi_value,
    what: &dyn Fn() -> String,
) -> Result<String> {
    if typeof_(env, value) != sys::ValueType::napi_string {
        return Err(throw_type(
            env,
            &format!(
                "{}: expected a string, got {}",
                what(),
                type_name(env, value)
            ),
        ));
    }
    with_str(env, value, str::to_owned)
}

/// An optional string member (`undefined` and `null` are absent).
unsafe fn opt_string(
    env: sys::napi_env,
    obj: sys::napi_value,
    key: &CStr,
    what: &dyn Fn() -> String,
) -> Result<Option<String>> {
    let v = prop(env, obj, key)?;
    if absent(typeof_(env, v)) {
        return Ok(None);
    }
    string(env, v, what).map(Some)
}

/// The strings of an array value, or a `TypeError` naming `what`.
unsafe fn string_array(
    env: sys::napi_env,
    value: sys::napi_value,
    what: &dyn Fn() -> String,
) -> Result<Vec<String>> {
    let mut is_array = false;
    sys::napi_is_array(env, value, &mut is_array);
    if !is_array {
        return Err(throw_type(
            env,
            &format!(
                "{}: expected an array of strings, got {}",
                what(),
                type_name(env, value)
            ),
        ));
    }
    let mut len = 0u32;
    sys::napi_get_array_length(env, value, &mut len);
    let mut out = Vec::with_capacity(len as usize);
    for i in 0..len {
        let mut item = ptr::null_mut();
        if sys::napi_get_element(env, value, i, &mut item) != sys::Status::napi_ok {
            return Err(pending("element"));
        }
        out.push(string(env, item, &|| format!("{}[{i}]", what()))?);
    }
    Ok(out)
}

/// An optional array-of-strings member (absent: empty).
unsafe fn opt_strings(
    env: sys::napi_env,
    obj: sys::napi_value,
    key: &CStr,
    what: &dyn Fn() -> String,
) -> Result<Vec<String>> {
    let v = prop(env, obj, key)?;
    if absent(typeof_(env, v)) {
        return Ok(Vec::new());
    }
    string_array(env, v, what)
}

/// `entries`: an array of `{ code, message, description?, hints?, tags?, docsUrl? }`.
pub struct EntriesArg(Vec<Entry>);

impl napi::bindgen_prelude::FromNapiValue for EntriesArg {
    unsafe fn from_napi_value(env: sys::napi_env, value: sys::napi_value) -> Result<Self> {
        let arr = ArrayArg::from_napi_value(env, value)?;
        let mut entries = Vec::with_capacity(arr.len as usize);
        for i in 0..arr.len {
            let mut e = ptr::null_mut();
            if sys::napi_get_element(env, arr.value, i, &mut e) != sys::Status::napi_ok {
                return Err(pending("entries"));
            }
            if typeof_(env, e) != sys::ValueType::napi_object {
                return Err(throw_type(
                    env,
                    &format!(
                        "entries[{i}]: expected an object {{ code, message, ... }}, got {}",
                        type_name(env, e)
                    ),
                ));
            }
            let code = string(env, prop(env, e, c"code")?, &|| {
                format!("entries[{i}].code")
            })?;
            let message = string(env, prop(env, e, c"message")?, &|| {
                format!("entries[{i}].message")
            })?;
            entries.push(Entry {
                code,
                message,
                description: opt_string(env, e, c"description", &|| {
                    format!("entries[{i}].description")
                })?,
                hints: opt_strings(env, e, c"hints", &|| format!("entries[{i}].hints"))?,
                tags: opt_strings(env, e, c"tags", &|| format!("entries[{i}].tags"))?,
                docs_url: opt_string(env, e, c"docsUrl", &|| format!("entries[{i}].docsUrl"))?,
            });
        }
        Ok(EntriesArg(entries))
    }
}

/// `fields`: a plain object `{ name: value }`. Strings are used as they are, a `bigint` as
/// its decimal text, and any other JSON value as its JSON text — `JSON.stringify` read back
/// through `serde_json`, i.e. exactly the text the core substitutes for that JSON value
/// (`12`, `true`, `null`, `{"a":1}`). `undefined`, functions and symbols count as absent.
pub struct FieldsArg(Vec<(String, String)>);

impl napi::bindgen_prelude::FromNapiValue for FieldsArg {
    unsafe fn from_napi_value(env: sys::napi_env, value: sys::napi_value) -> Result<Self> {
        let mut is_array = false;
        sys::napi_is_array(env, value, &mut is_array);
        if typeof_(env, value) != sys::ValueType::napi_object || is_array {
            return Err(throw_type(
                env,
                &format!(
                    "fields: expected an object {{ name: value }}, got {}",
                    if is_array {
                        "array"
                    } else {
                        type_name(env, value)
                    }
                ),
            ));
        }
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
            return Err(pending("fields"));
        }
        let mut len = 0u32;
        sys::napi_get_array_length(env, keys, &mut len);
        let mut out = Vec::with_capacity(len as usize);
        for i in 0..len {
            let mut key = ptr::null_mut();
            if sys::napi_get_element(env, keys, i, &mut key) != sys::Status::napi_ok {
                return Err(pending("fields"));
            }
            let mut v = ptr::null_mut();
            if sys::napi_get_property(env, value, key, &mut v) != sys::Status::napi_ok {
                return Err(pending("fields"));
            }
            let text = match typeof_(env, v) {
                sys::ValueType::napi_string => with_str(env, v, str::to_owned)?,
                sys::ValueType::napi_undefined
                | sys::ValueType::napi_function
                | sys::ValueType::napi_symbol => continue,
                sys::ValueType::napi_bigint => {
                    let mut s = ptr::null_mut();
                    if sys::napi_coerce_to_string(env, v, &mut s) != sys::Status::napi_ok {
                        return Err(pending("fields"));
                    }
                    with_str(env, s, str::to_owned)?
                }
                _ => {
                    let json = batch::json_stringify(env, v)?;
                    if typeof_(env, json) != sys::ValueType::napi_string {
                        continue; // e.g. an object whose toJSON returns undefined
                    }
                    let json = with_str(env, json, str::to_owned)?;
                    match serde_json::from_str::<serde_json::Value>(&json) {
                        Ok(serde_json::Value::String(s)) => s,
                        Ok(other) => other.to_string(),
                        // JSON.stringify's text is JSON; kept as it is if serde_json disagrees.
                        Err(_) => json,
                    }
                }
            };
            out.push((with_str(env, key, str::to_owned)?, text));
        }
        Ok(FieldsArg(out))
    }
}

// ----------------------------------------------------------------------------------------------
// Writing results

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

unsafe fn js_ascii(env: sys::napi_env, s: &[u8]) -> Result<sys::napi_value> {
    let mut out = ptr::null_mut();
    check!(sys::napi_create_string_latin1(
        env,
        s.as_ptr().cast(),
        s.len() as isize,
        &mut out
    ));
    Ok(out)
}

fn value_prop(name: &'static CStr, value: sys::napi_value) -> sys::napi_property_descriptor {
    sys::napi_property_descriptor {
        utf8name: name.as_ptr(),
        name: ptr::null_mut(),
        method: None,
        getter: None,
        setter: None,
        value,
        attributes: sys::PropertyAttributes::writable
            | sys::PropertyAttributes::enumerable
            | sys::PropertyAttributes::configurable,
        data: ptr::null_mut(),
    }
}

/// `{ id, code, severity, message }` (severity: the letter, like `parseCode().severity`).
unsafe fn expansion(env: sys::napi_env, e: &Expansion<'_>) -> Result<sys::napi_value> {
    let mut obj = ptr::null_mut();
    check!(sys::napi_create_object(env, &mut obj));
    let letter = [e.severity.letter() as u8];
    let props = [
        value_prop(c"id", js_ascii(env, e.id.as_bytes())?),
        value_prop(c"code", js_ascii(env, e.code.as_bytes())?),
        value_prop(c"severity", js_ascii(env, &letter)?),
        value_prop(c"message", js_str(env, &e.message)?),
    ];
    check!(sys::napi_define_properties(
        env,
        obj,
        props.len(),
        props.as_ptr()
    ));
    Ok(obj)
}

/// One entry of a catalog (`Catalog.get`).
#[napi(object)]
pub struct CatalogEntry {
    /// The ID: compact (`"V6a0B"`), or full (`"05o5h-V6a0B"`) in a namespaced catalog.
    pub id: String,
    /// The normalized structured code, e.g. `"E.AUTH.TOKEN.001"`.
    pub code: String,
    /// The severity letter, e.g. `"E"` (like `parseCode().severity`).
    pub severity: String,
    /// The message template, with `{{field}}` placeholders.
    pub message: String,
    /// The description, if any.
    pub description: Option<String>,
    /// The hints (possibly empty).
    pub hints: Vec<String>,
    /// The tags (possibly empty).
    pub tags: Vec<String>,
    /// The placeholder names of the message, in order of first use.
    pub fields: Vec<String>,
    /// The documentation URL, if any.
    pub docs_url: Option<String>,
}

/// Codes that share one compact ID (`Catalog.collisions`).
#[napi(object)]
pub struct CollisionGroup {
    /// The shared compact ID.
    pub id: String,
    /// The normalized codes, sorted.
    pub codes: Vec<String>,
}

/// An Ed25519 key pair for signing catalogs.
#[napi(object)]
pub struct CatalogKeyPair {
    /// The 32-byte secret key (the seed). Keep it secret.
    pub secret_key: napi::bindgen_prelude::Buffer,
    /// The 32-byte public key.
    pub public_key: napi::bindgen_prelude::Buffer,
}

fn key_pair(k: &KeyPair) -> CatalogKeyPair {
    CatalogKeyPair {
        secret_key: k.secret_key().to_vec().into(),
        public_key: k.public_key().to_vec().into(),
    }
}

// ----------------------------------------------------------------------------------------------
// The class

#[napi]
impl Catalog {
    /// Builds a catalog from entries `{ code, message, description?, hints?, tags?, docsUrl? }`;
    /// with a `namespace` its IDs are full IDs (`"05o5h-V6a0B"`).
    ///
    /// Throws `DUPLICATE_CODE` (two entries normalize to one code), `COLLISION` (two codes
    /// have one ID; the message names both), the WDP error of an invalid code
    /// (`INVALID_FORMAT`, ...) or namespace (`INVALID_NAMESPACE`), and a `TypeError` for an
    /// entry that is not such an object.
    #[napi(
        catch_unwind,
        ts_args_type = "entries: CatalogEntryInput[], namespace?: string | null",
        ts_return_type = "Catalog"
    )]
    pub fn build(env: &Env, entries: EntriesArg, namespace: Option<Text>) -> Result<Obj<Catalog>> {
        let built = match namespace {
            None => cat::Catalog::build(entries.0),
            Some(ns) => ns.with(|ns| cat::Catalog::build_namespaced(ns, entries.0))?,
        };
        Ok(wrap(built.or_throw(env)?))
    }

    /// Reads a catalog in any of its three JSON forms (full, compact, minimal; detected by
    /// shape).
    ///
    /// Throws `INVALID_CATALOG` (not JSON, not a catalog, an invalid code) or `TAMPERED` (an
    /// ID that is not its code's, a severity that is not its code's, a namespace hash that is
    /// not the namespace's).
    #[napi(
        catch_unwind,
        ts_args_type = "text: string",
        ts_return_type = "Catalog"
    )]
    pub fn load(env: &Env, text: Text) -> Result<Obj<Catalog>> {
        Ok(wrap(text.with(cat::Catalog::from_json)?.or_throw(env)?))
    }

    /// Every group of two or more distinct codes with the same compact ID, sorted by ID
    /// (codes that normalize to the same text count once).
    ///
    /// Throws the WDP error of the first invalid code, and a `TypeError` for a non-string.
    #[napi(
        catch_unwind,
        ts_args_type = "codes: string[]",
        ts_return_type = "CollisionGroup[]"
    )]
    pub fn collisions(env: &Env, codes: ArrayArg) -> Result<Vec<CollisionGroup>> {
        let codes = unsafe { string_array(env.raw(), codes.value, &|| "codes".to_owned())? };
        let groups = cat::collisions(&codes).or_throw(env)?;
        Ok(groups
            .into_iter()
            .map(|g| CollisionGroup {
                id: g.id.as_str().to_owned(),
                codes: g.codes,
            })
            .collect())
    }

    /// The expected number of colliding pairs among `n` random codes: n(n-1) / (2 * 62^5).
    ///
    /// Throws `OUT_OF_RANGE` for a negative `n`.
    #[napi(catch_unwind, ts_args_type = "n: number | bigint")]
    pub fn expected_collisions(env: &Env, n: Int) -> Result<f64> {
        Ok(cat::expected_collisions(n.get::<u64>("n").or_throw(env)?))
    }

    /// The probability of at least one collision among `n` random codes.
    ///
    /// Throws `OUT_OF_RANGE` for a negative `n`.
    #[napi(catch_unwind, ts_args_type = "n: number | bigint")]
    pub fn collision_probability(env: &Env, n: Int) -> Result<f64> {
        Ok(cat::collision_probability(n.get::<u64>("n").or_throw(env)?))
    }

    /// A new Ed25519 key pair from the operating system's random generator.
    ///
    /// Throws `INTERNAL_ERROR` only if the OS generator fails.
    #[napi(catch_unwind)]
    pub fn generate_key_pair(env: &Env) -> Result<CatalogKeyPair> {
        Ok(key_pair(&KeyPair::generate().or_throw(env)?))
    }

    /// The key pair of a 32-byte secret key (its public key is `.publicKey`).
    ///
    /// Throws `INVALID_LENGTH` when `secretKey` is not 32 bytes.
    #[napi(catch_unwind, ts_args_type = "secretKey: Uint8Array | ArrayBuffer")]
    pub fn key_pair_from_secret(env: &Env, secret_key: BytesArg) -> Result<CatalogKeyPair> {
        Ok(key_pair(
            &KeyPair::from_secret(&secret_key.0).or_throw(env)?,
        ))
    }

    /// The number of entries.
    #[napi(getter, catch_unwind, ts_return_type = "number")]
    pub fn size(env: &Env, this: This) -> Result<u32> {
        Ok(this_ref::<Catalog>(env, &this)?.inner.len() as u32)
    }

    /// The catalog version (`"1"` for a built catalog).
    #[napi(getter, catch_unwind, ts_return_type = "string")]
    pub fn version(env: &Env, this: This) -> Result<String> {
        Ok(this_ref::<Catalog>(env, &this)?.inner.version().to_owned())
    }

    /// When the catalog was generated: RFC 3339 UTC for a built catalog; as read for a loaded
    /// one (`""` when the text had none).
    #[napi(getter, catch_unwind, ts_return_type = "string")]
    pub fn generated(env: &Env, this: This) -> Result<String> {
        Ok(this_ref::<Catalog>(env, &this)?
            .inner
            .generated()
            .to_owned())
    }

    /// The namespace, or `null`.
    #[napi(getter, catch_unwind, ts_return_type = "string | null")]
    pub fn namespace(env: &Env, this: This) -> Result<Option<String>> {
        Ok(this_ref::<Catalog>(env, &this)?
            .inner
            .namespace()
            .map(str::to_owned))
    }

    /// The namespace hash (the first half of every full ID), or `null` for compact IDs.
    #[napi(getter, catch_unwind, ts_return_type = "string | null")]
    pub fn namespace_hash(env: &Env, this: This) -> Result<Option<String>> {
        Ok(this_ref::<Catalog>(env, &this)?
            .inner
            .namespace_hash()
            .map(|h| h.as_str().to_owned()))
    }

    /// Whether the catalog has an entry for `id` (a compact ID, or a full ID with this
    /// catalog's namespace hash; a namespaced catalog also accepts the bare compact ID).
    #[napi(catch_unwind, ts_args_type = "id: string")]
    pub fn has(&self, id: Text) -> Result<bool> {
        id.with(|i| self.inner.get(i).is_some())
    }

    /// The IDs, sorted.
    #[napi(catch_unwind, ts_return_type = "string[]")]
    pub fn ids<'env>(&self, env: &'env Env) -> Result<Unknown<'env>> {
        let mut text = Vec::with_capacity(self.inner.len() * 12);
        for id in self.inner.ids() {
            text.extend_from_slice(id.as_bytes());
            text.push(b',');
        }
        batch::strings(env, &text)
    }

    /// The entry for `id`, or `null` when the catalog has none.
    #[napi(catch_unwind, ts_args_type = "id: string")]
    pub fn get(&self, id: Text) -> Result<Option<CatalogEntry>> {
        id.with(|i| {
            self.inner.get(i).map(|e| CatalogEntry {
                id: e.id().to_owned(),
                code: e.code().to_owned(),
                severity: e.severity().letter().to_string(),
                message: e.message().to_owned(),
                description: e.description().map(str::to_owned),
                hints: e.hints().to_vec(),
                tags: e.tags().to_vec(),
                fields: e.fields().to_vec(),
                docs_url: e.docs_url().map(str::to_owned),
            })
        })
    }

    /// Expands an ID: `{ id, code, severity, message }` with every `{{field}}` of the message
    /// replaced by `fields[field]` (strings as they are, `bigint`s as decimal text, other
    /// JSON values as their JSON text).
    ///
    /// Throws `NOT_FOUND` (an ID the catalog does not have, or not an ID) or `MISSING_FIELD`
    /// (a placeholder without a value; the message names every missing field).
    #[napi(
        catch_unwind,
        ts_args_type = "id: string, fields?: Record<string, unknown> | null",
        ts_return_type = "CatalogExpansion"
    )]
    pub fn expand<'env>(
        &self,
        env: &'env Env,
        id: Text,
        fields: Option<FieldsArg>,
    ) -> Result<Unknown<'env>> {
        let raw = env.raw();
        let value = id.with(|i| {
            let e = match &fields {
                None => self.inner.expand(i, &()),
                Some(f) => self.inner.expand(i, f.0.as_slice()),
            };
            match e {
                Ok(e) => unsafe { expansion(raw, &e) },
                Err(e) => Err(throw_id(raw, &e, None)),
            }
        })??;
        Ok(unsafe { Unknown::from_raw_unchecked(raw, value) })
    }

    /// Expands a wire payload `{"<id>": {"f": {...}}, ...}` (`"f"` optional): one
    /// `{ id, code, severity, message }` per ID (in no specified order; match them by `id`).
    ///
    /// Throws `INVALID_ARGUMENT` (not such an object), `NOT_FOUND` or `MISSING_FIELD` (the
    /// first failing ID).
    #[napi(
        catch_unwind,
        ts_args_type = "payload: string",
        ts_return_type = "CatalogExpansion[]"
    )]
    pub fn expand_payload<'env>(&self, env: &'env Env, payload: Text) -> Result<Unknown<'env>> {
        let raw = env.raw();
        let value = payload.with(|p| match self.inner.expand_payload(p) {
            Ok(list) => unsafe {
                let mut arr = ptr::null_mut();
                check!(sys::napi_create_array_with_length(
                    raw,
                    list.len(),
                    &mut arr
                ));
                for (i, e) in list.iter().enumerate() {
                    check!(sys::napi_set_element(
                        raw,
                        arr,
                        i as u32,
                        expansion(raw, e)?
                    ));
                }
                Ok(arr)
            },
            Err(e) => Err(throw_id(raw, &e, None)),
        })??;
        Ok(unsafe { Unknown::from_raw_unchecked(raw, value) })
    }

    /// The catalog as JSON text in a form: `'full'` (default), `'compact'` or `'minimal'`.
    ///
    /// Throws `INVALID_ARGUMENT` for another form name.
    #[napi(
        catch_unwind,
        js_name = "toJson",
        ts_args_type = "form?: 'full' | 'compact' | 'minimal' | null",
        ts_return_type = "string"
    )]
    pub fn to_json_text(&self, env: &Env, form: Option<Text>) -> Result<String> {
        let form = match form {
            None => Form::Full,
            Some(f) => f.with(str::parse::<Form>)?.or_throw(env)?,
        };
        Ok(self.inner.to_json(form))
    }

    /// The canonical bytes (what a signature covers): the compact form with sorted keys and
    /// no whitespace, UTF-8. `generated` is not covered.
    #[napi(catch_unwind, ts_return_type = "Buffer")]
    pub fn canonical_bytes(&self) -> BytesOut {
        BytesOut(self.inner.canonical_bytes())
    }

    /// The detached Ed25519 signature (64 bytes) of the canonical bytes, with a 32-byte
    /// secret key.
    ///
    /// Throws `INVALID_LENGTH` when `secretKey` is not 32 bytes.
    #[napi(
        catch_unwind,
        ts_args_type = "secretKey: Uint8Array | ArrayBuffer",
        ts_return_type = "Buffer"
    )]
    pub fn sign(&self, env: &Env, secret_key: BytesArg) -> Result<BufferOut<64>> {
        let key = KeyPair::from_secret(&secret_key.0).or_throw(env)?;
        Ok(BufferOut(self.inner.sign(&key)))
    }

    /// Verifies a detached signature of the canonical bytes; returns nothing when it holds.
    ///
    /// Throws `INVALID_SIGNATURE` (a key or signature that is malformed or does not verify).
    #[napi(
        catch_unwind,
        ts_args_type = "publicKey: Uint8Array | ArrayBuffer, signature: Uint8Array | ArrayBuffer",
        ts_return_type = "void"
    )]
    pub fn verify(&self, env: &Env, public_key: BytesArg, signature: BytesArg) -> Result<()> {
        self.inner.verify(&public_key.0, &signature.0).or_throw(env)
    }
}

/// `util.inspect` of a Catalog: `Catalog(2 entries)` or `Catalog(2 entries, namespace auth_lib)`.
pub(crate) unsafe extern "C" fn inspect(
    env: sys::napi_env,
    info: sys::napi_callback_info,
) -> sys::napi_value {
    inspect_text::<Catalog>(env, info, |c| {
        let n = c.inner.len();
        let entries = if n == 1 { "entry" } else { "entries" };
        match c.inner.namespace() {
            Some(ns) => format!("{n} {entries}, namespace {ns}"),
            None => format!("{n} {entries}"),
        }
    })
}
