//! WDP catalogs (docs/spec §1.4): `polyid::wdp::catalog` over plain values. The JavaScript
//! layer is `bindings-js/catalog.js`.

use napi::bindgen_prelude::{ObjectFinalize, Uint8Array};
use napi::{Env, Result};
use napi_derive::napi;
use polyid::clock::SystemClock;
use polyid::wdp::catalog::{self, CatalogEntry, Entry, Expansion, Form, KeyPair};

use crate::conv::{OrThrow, Text, Val};

/// An expansion as `[id, code, severity letter, message]`.
fn expansion(e: &Expansion<'_>) -> Val {
    Val::Arr(vec![
        Val::from(e.id),
        Val::from(e.code),
        Val::from(e.severity.letter_str()),
        Val::from(&*e.message),
    ])
}

fn strings(list: &[String]) -> Val {
    Val::Arr(list.iter().map(|s| Val::from(s.as_str())).collect())
}

/// An entry as `[id, code, severity letter, message, description|null, hints, tags, fields,
/// docsUrl|null]`.
fn entry(e: &CatalogEntry) -> Vec<Val> {
    vec![
        Val::from(e.id()),
        Val::from(e.code()),
        Val::from(e.severity().letter_str()),
        Val::from(e.message()),
        Val::or_null(e.description()),
        strings(e.hints()),
        strings(e.tags()),
        strings(e.fields()),
        Val::or_null(e.docs_url()),
    ]
}

/// The entries of a catalog to build, added one by one.
#[napi]
#[derive(Default)]
pub struct CatalogEntries(Vec<Entry>);

#[napi]
impl CatalogEntries {
    /// No entries.
    #[napi(constructor, catch_unwind)]
    pub fn new() -> CatalogEntries {
        CatalogEntries::default()
    }

    /// Adds one `Entry`.
    #[napi(catch_unwind)]
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

    /// `Catalog::build_in` (a namespace or none) on the system clock; the entries are used
    /// up.
    #[napi(catch_unwind)]
    pub fn build(&mut self, env: Env, namespace: Option<String>) -> Result<Cat> {
        let entries = std::mem::take(&mut self.0);
        let built = catalog::Catalog::build_in(&SystemClock, namespace.as_deref(), entries);
        Cat::new(&env, built.or_throw(&env)?)
    }
}

/// A loaded or built catalog. V8 is told the memory it holds, so that a program making many
/// catalogs collects them in time.
#[napi(custom_finalize)]
pub struct Cat {
    inner: catalog::Catalog,
    size: i64,
}

impl Cat {
    fn new(env: &Env, inner: catalog::Catalog) -> Result<Cat> {
        let size = i64::try_from(std::mem::size_of::<catalog::Catalog>() + inner.heap_size())
            .unwrap_or(i64::MAX);
        env.adjust_external_memory(size)?;
        Ok(Cat { inner, size })
    }
}

impl ObjectFinalize for Cat {
    fn finalize(self, env: Env) -> Result<()> {
        env.adjust_external_memory(-self.size)?;
        Ok(())
    }
}

#[napi]
impl Cat {
    /// `Catalog::from_json` (any of the three forms, verified).
    #[napi(factory, catch_unwind, js_name = "from_json")]
    pub fn from_json(env: Env, text: String) -> Result<Cat> {
        let inner = catalog::Catalog::from_json(&text).or_throw(&env)?;
        Cat::new(&env, inner)
    }

    /// `Catalog::to_json` in the form named `full`, `compact` or `minimal` (`Form: FromStr`).
    #[napi(catch_unwind, js_name = "to_json")]
    pub fn to_json(&self, env: Env, form: String) -> Result<String> {
        let form = form.parse::<Form>().or_throw(&env)?;
        Ok(self.inner.to_json(form))
    }

    /// `Catalog::canonical_bytes`.
    #[napi(catch_unwind, js_name = "canonical_bytes")]
    pub fn canonical_bytes(&self) -> Val {
        Val::Bytes(self.inner.canonical_bytes())
    }

    /// `Catalog::expand_json`: the fields as the text of a JSON object (`""`: no fields).
    #[napi(catch_unwind)]
    pub fn expand(&self, env: Env, id: Text, fields: String) -> Result<Val> {
        id.with(|i| self.inner.expand_json(i, &fields).map(|e| expansion(&e)))?
            .or_throw(&env)
    }

    /// `Catalog::expand_payload`: one `[id, code, severity, message]` per ID of the payload.
    #[napi(catch_unwind, js_name = "expand_payload")]
    pub fn expand_payload(&self, env: Env, payload: String) -> Result<Vec<Val>> {
        let list = self.inner.expand_payload(&payload).or_throw(&env)?;
        Ok(list.iter().map(expansion).collect())
    }

    /// The number of entries.
    #[napi(catch_unwind)]
    pub fn len(&self) -> u32 {
        self.inner.len() as u32
    }

    /// Whether `Catalog::get` finds the ID.
    #[napi(catch_unwind)]
    pub fn has(&self, id: Text) -> Result<bool> {
        id.with(|i| self.inner.get(i).is_some())
    }

    /// The IDs, sorted.
    #[napi(catch_unwind)]
    pub fn ids(&self) -> Vec<&str> {
        self.inner.ids().collect()
    }

    /// `Catalog::get`, as [`entry`]'s array, or `undefined`.
    #[napi(catch_unwind)]
    pub fn get(&self, id: Text) -> Result<Option<Vec<Val>>> {
        id.with(|i| self.inner.get(i).map(entry))
    }

    /// `[version, generated, namespace|null, namespaceHash|null]`.
    #[napi(catch_unwind)]
    pub fn meta(&self) -> Vec<Val> {
        vec![
            Val::from(self.inner.version()),
            Val::from(self.inner.generated()),
            Val::or_null(self.inner.namespace()),
            Val::or_null(self.inner.namespace_hash().map(|h| h.as_str().to_owned())),
        ]
    }

    /// `Catalog::sign` with the key pair of a 32-byte secret key: the 64-byte signature.
    #[napi(catch_unwind)]
    pub fn sign(&self, env: Env, secret_key: Uint8Array) -> Result<Val> {
        let key = KeyPair::from_secret(&secret_key).or_throw(&env)?;
        Ok(Val::Bytes(self.inner.sign(&key).to_vec()))
    }

    /// `Catalog::verify` (`INVALID_SIGNATURE` when it does not verify).
    #[napi(catch_unwind)]
    pub fn verify(&self, env: Env, public_key: Uint8Array, signature: Uint8Array) -> Result<()> {
        self.inner.verify(&public_key, &signature).or_throw(&env)
    }
}

/// A key pair as `[secret key, public key]` (32 bytes each).
fn key_pair(key: &KeyPair) -> Vec<Val> {
    vec![
        Val::Bytes(key.secret_key().to_vec()),
        Val::Bytes(key.public_key().to_vec()),
    ]
}

/// `KeyPair::generate`.
#[napi(catch_unwind, js_name = "catalog_generate_key_pair")]
pub fn catalog_generate_key_pair(env: Env) -> Result<Vec<Val>> {
    KeyPair::generate().or_throw(&env).map(|k| key_pair(&k))
}

/// `KeyPair::from_secret` (`INVALID_LENGTH` unless 32 bytes).
#[napi(catch_unwind, js_name = "catalog_key_pair_from_secret")]
pub fn catalog_key_pair_from_secret(env: Env, secret_key: Uint8Array) -> Result<Vec<Val>> {
    KeyPair::from_secret(&secret_key)
        .or_throw(&env)
        .map(|k| key_pair(&k))
}

/// `catalog::collisions`: `[[id, [codes...]], ...]`.
#[napi(catch_unwind, js_name = "catalog_collisions")]
pub fn catalog_collisions(env: Env, codes: Vec<String>) -> Result<Vec<Val>> {
    let groups = catalog::collisions(&codes).or_throw(&env)?;
    Ok(groups
        .iter()
        .map(|g| Val::Arr(vec![Val::from(g.id.as_str()), strings(&g.codes)]))
        .collect())
}

/// `catalog::expected_collisions` and `collision_probability` of `n` codes.
#[napi(catch_unwind, js_name = "catalog_collision_odds")]
pub fn catalog_collision_odds(n: crate::conv::U64) -> Vec<f64> {
    vec![
        catalog::expected_collisions(n.0),
        catalog::collision_probability(n.0),
    ]
}
