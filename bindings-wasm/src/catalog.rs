//! The catalog module's exports (feature `catalog`): `polyid::wdp::catalog` over plain values.
//! Built into `pkg/*/polyid_catalog_bg.wasm`, the `polyid-wasm/catalog` entry (serde_json and
//! ed25519-dalek live there, not in the ID-only module). The JavaScript layer is
//! `bindings-js/catalog.js`.

use polyid::wdp::catalog::{self, Catalog, CatalogEntry, Entry, Expansion, Form, KeyPair};
use wasm_bindgen::prelude::*;

use crate::error::{JsResult, Throw};

/// An expansion as `[id, code, severity letter, message]`.
fn expansion(e: &Expansion<'_>) -> js_sys::Array {
    [
        JsValue::from_str(e.id),
        JsValue::from_str(e.code),
        JsValue::from_str(e.severity.letter_str()),
        JsValue::from_str(&e.message),
    ]
    .iter()
    .collect()
}

fn strings(list: &[String]) -> js_sys::Array {
    list.iter().map(|s| JsValue::from_str(s)).collect()
}

fn optional(s: Option<&str>) -> JsValue {
    s.map_or(JsValue::NULL, JsValue::from_str)
}

/// An entry as `[id, code, severity letter, message, description|null, hints, tags, fields,
/// docsUrl|null]`.
fn entry(e: &CatalogEntry) -> js_sys::Array {
    [
        JsValue::from_str(e.id()),
        JsValue::from_str(e.code()),
        JsValue::from_str(e.severity().letter_str()),
        JsValue::from_str(e.message()),
        optional(e.description()),
        strings(e.hints()).into(),
        strings(e.tags()).into(),
        strings(e.fields()).into(),
        optional(e.docs_url()),
    ]
    .iter()
    .collect()
}

/// The entries of a catalog to build (`catalog::Entry`), added one by one.
#[wasm_bindgen]
#[derive(Default)]
pub struct CatalogEntries(Vec<Entry>);

#[wasm_bindgen]
impl CatalogEntries {
    /// No entries.
    #[wasm_bindgen(constructor)]
    pub fn new() -> CatalogEntries {
        CatalogEntries::default()
    }

    /// Adds one `Entry`.
    pub fn add(
        &mut self,
        code: String,
        message: String,
        description: Option<String>,
        hints: Vec<String>,
        tags: Vec<String>,
        docs_url: Option<String>,
    ) {
        self.0.push(Entry {
            code,
            message,
            description,
            hints,
            tags,
            docs_url,
        });
    }

    /// `Catalog::build_in` (a namespace or none), `generated` read from the JavaScript clock;
    /// the entries are used up.
    pub fn build(&mut self, namespace: Option<String>) -> JsResult<Cat> {
        let entries = std::mem::take(&mut self.0);
        Catalog::build_in(&crate::clock::JsClock, namespace.as_deref(), entries)
            .js()
            .map(Cat)
    }
}

/// A loaded or built catalog.
#[wasm_bindgen]
pub struct Cat(Catalog);

#[wasm_bindgen]
impl Cat {
    /// `Catalog::from_json` (any of the three forms, verified).
    pub fn from_json(text: &str) -> JsResult<Cat> {
        Catalog::from_json(text).js().map(Cat)
    }

    /// `Catalog::to_json` in the form named `full`, `compact` or `minimal`.
    pub fn to_json(&self, form: &str) -> JsResult<String> {
        form.parse::<Form>().js().map(|f| self.0.to_json(f))
    }

    /// `Catalog::canonical_bytes`.
    pub fn canonical_bytes(&self) -> Vec<u8> {
        self.0.canonical_bytes()
    }

    /// `Catalog::expand_json`: the fields as the text of a JSON object (`""`: no fields).
    pub fn expand(&self, id: &str, fields: &str) -> JsResult<js_sys::Array> {
        self.0.expand_json(id, fields).js().map(|e| expansion(&e))
    }

    /// `Catalog::expand_payload`: one `[id, code, severity, message]` per ID of the payload.
    pub fn expand_payload(&self, payload: &str) -> JsResult<js_sys::Array> {
        let list = self.0.expand_payload(payload).js()?;
        Ok(list.iter().map(|e| JsValue::from(expansion(e))).collect())
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether the catalog has no entries.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether `Catalog::get` finds the ID.
    pub fn has(&self, id: &str) -> bool {
        self.0.get(id).is_some()
    }

    /// The IDs, sorted.
    pub fn ids(&self) -> js_sys::Array {
        self.0.ids().map(JsValue::from_str).collect()
    }

    /// `Catalog::get`, as [`entry`]'s array, or `undefined`.
    pub fn get(&self, id: &str) -> Option<js_sys::Array> {
        self.0.get(id).map(entry)
    }

    /// `[version, generated, namespace|null, namespaceHash|null]`.
    pub fn meta(&self) -> js_sys::Array {
        [
            JsValue::from_str(self.0.version()),
            JsValue::from_str(self.0.generated()),
            optional(self.0.namespace()),
            self.0
                .namespace_hash()
                .map_or(JsValue::NULL, |h| JsValue::from_str(h.as_str())),
        ]
        .iter()
        .collect()
    }

    /// `Catalog::sign` with the key pair of a 32-byte secret key (`INVALID_LENGTH` otherwise):
    /// the 64-byte signature.
    pub fn sign(&self, secret_key: &[u8]) -> JsResult<Vec<u8>> {
        let key = KeyPair::from_secret(secret_key).js()?;
        Ok(self.0.sign(&key).to_vec())
    }

    /// `Catalog::verify` (`INVALID_SIGNATURE` when it does not verify).
    pub fn verify(&self, public_key: &[u8], signature: &[u8]) -> JsResult<()> {
        self.0.verify(public_key, signature).js()
    }
}

/// A key pair as `[secret key, public key]` (32 bytes each).
fn key_pair(key: &KeyPair) -> js_sys::Array {
    js_sys::Array::of2(
        &js_sys::Uint8Array::from(&key.secret_key()[..]),
        &js_sys::Uint8Array::from(&key.public_key()[..]),
    )
}

/// `KeyPair::generate` (randomness from `crypto.getRandomValues`).
#[wasm_bindgen]
pub fn catalog_generate_key_pair() -> JsResult<js_sys::Array> {
    KeyPair::generate().js().map(|k| key_pair(&k))
}

/// `KeyPair::from_secret` (`INVALID_LENGTH` unless 32 bytes).
#[wasm_bindgen]
pub fn catalog_key_pair_from_secret(secret_key: &[u8]) -> JsResult<js_sys::Array> {
    KeyPair::from_secret(secret_key).js().map(|k| key_pair(&k))
}

/// `catalog::collisions`: `[[id, [codes...]], ...]`.
#[wasm_bindgen]
pub fn catalog_collisions(codes: Vec<String>) -> JsResult<js_sys::Array> {
    let groups = catalog::collisions(&codes).js()?;
    Ok(groups
        .iter()
        .map(|g| {
            JsValue::from(js_sys::Array::of2(
                &JsValue::from_str(g.id.as_str()),
                &strings(&g.codes),
            ))
        })
        .collect())
}

/// `catalog::expected_collisions` and `collision_probability` of `n` codes.
#[wasm_bindgen]
pub fn catalog_collision_odds(n: u64) -> Vec<f64> {
    vec![
        catalog::expected_collisions(n),
        catalog::collision_probability(n),
    ]
}
