//! WDP catalogs (`polyid::wdp::catalog`): build, load (three JSON forms), expand, canonical
//! bytes, Ed25519 signatures, collision groups.
//!
//! Type translation only: Python entries (an `Entry`, a mapping, or a `CatalogEntry` read
//! back) become core `Entry` values; placeholder values become either `&str` pairs (all
//! values are `str`) or a `serde_json` object, which the core renders with its own
//! `Fields` implementation (a string as its text, anything else as its JSON text).

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyFloat, PyInt, PyList, PyMapping, PyString, PyTuple};
use serde_json::{Map, Number, Value};

use polyid::clock::SystemClock;
use polyid::wdp::catalog::{
    self as core, Catalog as CoreCatalog, CatalogEntry as CoreCatalogEntry,
    CollisionGroup as CoreGroup, Entry as CoreEntry, Expansion as CoreExpansion, Form,
    KeyPair as CoreKeyPair, MAX_FIELD_DEPTH,
};
use polyid::wdp::Severity;
use polyid::ErrorCode;

use crate::args::CoreResult;
use crate::args::{bytes_arg, int, mapping_items, type_error, Text};
use crate::errors::{binding_err, out_of_range, with_item};
use crate::layout::ascii;

// ---------------------------------------------------------------------------------------
// Helpers

/// A `str` argument, with the usual `TypeError` / `INVALID_UTF8`.
fn text_of<'a>(obj: &'a Bound<'_, PyAny>) -> PyResult<&'a str> {
    let t: Text<'a> = obj.as_borrowed().extract()?;
    Ok(t.0)
}

/// A list of `str` (any iterable of `str`, not a `str` itself).
fn strings(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<String>> {
    if obj.is_instance_of::<PyString>() {
        return Err(type_error(
            obj,
            &format!("an iterable of str for {what} (not a str)"),
        ));
    }
    obj.try_iter()?
        .map(|item| Ok(text_of(&item?)?.to_owned()))
        .collect()
}

fn optional_text(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<String>> {
    let obj = obj.filter(|o| !o.is_none());
    obj.map(|o| Ok(text_of(o)?.to_owned())).transpose()
}

fn optional_strings(obj: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Vec<String>> {
    let obj = obj.filter(|o| !o.is_none());
    obj.map_or(Ok(Vec::new()), |o| strings(o, what))
}

// ---------------------------------------------------------------------------------------
// Entry (input)

/// One diagnostic to put in a catalog (the input of `Catalog.build`).
#[pyclass(module = "polyid", name = "Entry", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct Entry(CoreEntry);

#[pymethods]
impl Entry {
    #[new]
    #[pyo3(signature = (code, message, description = None, hints = None, tags = None, docs_url = None))]
    fn new(
        code: Text<'_>,
        message: Text<'_>,
        description: Option<&Bound<'_, PyAny>>,
        hints: Option<&Bound<'_, PyAny>>,
        tags: Option<&Bound<'_, PyAny>>,
        docs_url: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        Ok(Entry(CoreEntry {
            code: code.0.to_owned(),
            message: message.0.to_owned(),
            description: optional_text(description)?,
            hints: optional_strings(hints, "hints")?,
            tags: optional_strings(tags, "tags")?,
            docs_url: optional_text(docs_url)?,
        }))
    }

    /// The structured code as given.
    #[getter]
    fn code(&self) -> &str {
        &self.0.code
    }

    /// The message template (`{{field}}` placeholders).
    #[getter]
    fn message(&self) -> &str {
        &self.0.message
    }

    /// The longer description, or None.
    #[getter]
    fn description(&self) -> Option<&str> {
        self.0.description.as_deref()
    }

    /// The hints, a tuple of str.
    #[getter]
    fn hints<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.0.hints)
    }

    /// The tags, a tuple of str.
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.0.tags)
    }

    /// The documentation URL, or None.
    #[getter]
    fn docs_url(&self) -> Option<&str> {
        self.0.docs_url.as_deref()
    }

    fn __repr__(&self) -> String {
        format!(
            "Entry(code={:?}, message={:?})",
            self.0.code, self.0.message
        )
    }
}

const ENTRY_KEYS: [&str; 6] = [
    "code",
    "message",
    "description",
    "hints",
    "tags",
    "docs_url",
];

/// One item of `Catalog.build(entries)`: an `Entry`, a `CatalogEntry`, or a mapping with
/// the keys code, message and optionally description, hints, tags, docs_url.
fn entry_of(item: &Bound<'_, PyAny>) -> PyResult<CoreEntry> {
    if let Ok(e) = item.cast::<Entry>() {
        return Ok(e.get().0.clone());
    }
    if let Ok(e) = item.cast::<CatalogEntry>() {
        return Ok(CoreEntry::from(&e.get().0));
    }
    let items = mapping_items(item, "an Entry or a mapping with 'code' and 'message'")?;
    let mut slots: [Option<Bound<'_, PyAny>>; 6] = Default::default();
    for (k, v) in items {
        let key = text_of(&k)?;
        let Some(i) = ENTRY_KEYS.iter().position(|n| *n == key) else {
            return Err(PyTypeError::new_err(format!(
                "unexpected catalog entry key {} (expected {})",
                polyid::quote(key),
                ENTRY_KEYS.join(", ")
            )));
        };
        slots[i] = Some(v);
    }
    let required = |i: usize| -> PyResult<String> {
        match &slots[i] {
            Some(v) => Ok(text_of(v)?.to_owned()),
            None => Err(PyTypeError::new_err(format!(
                "a catalog entry needs {:?}",
                ENTRY_KEYS[i]
            ))),
        }
    };
    Ok(CoreEntry {
        code: required(0)?,
        message: required(1)?,
        description: optional_text(slots[2].as_ref())?,
        hints: optional_strings(slots[3].as_ref(), "hints")?,
        tags: optional_strings(slots[4].as_ref(), "tags")?,
        docs_url: optional_text(slots[5].as_ref())?,
    })
}

// ---------------------------------------------------------------------------------------
// CatalogEntry and Expansion (outputs)

/// One diagnostic of a built or loaded catalog (immutable).
#[pyclass(module = "polyid", name = "CatalogEntry", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct CatalogEntry(CoreCatalogEntry);

#[pymethods]
impl CatalogEntry {
    /// The ID: the compact ID, or the full ID in a namespaced catalog.
    #[getter]
    fn id(&self) -> &str {
        self.0.id()
    }

    /// The normalized structured code.
    #[getter]
    fn code(&self) -> &str {
        self.0.code()
    }

    /// The severity letter (E W C B S K I T H).
    #[getter]
    fn severity(&self) -> &'static str {
        self.0.severity().letter_str()
    }

    /// The severity's meaning, e.g. "Error".
    #[getter]
    fn meaning(&self) -> &'static str {
        self.0.severity().meaning()
    }

    /// The message template.
    #[getter]
    fn message(&self) -> &str {
        self.0.message()
    }

    /// The longer description, or None.
    #[getter]
    fn description(&self) -> Option<&str> {
        self.0.description()
    }

    /// The hints, a tuple of str.
    #[getter]
    fn hints<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.0.hints())
    }

    /// The tags, a tuple of str.
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.0.tags())
    }

    /// The placeholder names of the message, in order of first use.
    #[getter]
    fn fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.0.fields())
    }

    /// The documentation URL, or None.
    #[getter]
    fn docs_url(&self) -> Option<&str> {
        self.0.docs_url()
    }

    fn __repr__(&self) -> String {
        format!(
            "CatalogEntry(id={:?}, code={:?}, message={:?})",
            self.0.id(),
            self.0.code(),
            self.0.message()
        )
    }
}

/// An expanded ID: the entry's ID, code, severity and the filled-in message (immutable).
#[pyclass(module = "polyid", name = "Expansion", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct Expansion {
    /// The catalog's ID of the entry (a full ID in a namespaced catalog).
    #[pyo3(get)]
    id: String,
    /// The normalized structured code.
    #[pyo3(get)]
    code: String,
    severity: Severity,
    /// The message with every `{{field}}` filled in.
    #[pyo3(get)]
    message: String,
}

impl Expansion {
    fn of(e: CoreExpansion<'_>) -> Expansion {
        Expansion {
            id: e.id.to_owned(),
            code: e.code.to_owned(),
            severity: e.severity,
            message: e.message.into_owned(),
        }
    }
}

#[pymethods]
impl Expansion {
    /// The severity letter (E W C B S K I T H).
    #[getter]
    fn severity(&self) -> &'static str {
        self.severity.letter_str()
    }

    /// The severity's meaning, e.g. "Error".
    #[getter]
    fn meaning(&self) -> &'static str {
        self.severity.meaning()
    }

    fn __repr__(&self) -> String {
        format!(
            "Expansion(id={:?}, code={:?}, severity={:?}, message={:?})",
            self.id,
            self.code,
            self.severity.letter().to_string(),
            self.message
        )
    }
}

// ---------------------------------------------------------------------------------------
// Fields

/// A Python value as a JSON value: str, bool, int (i64/u64), float (finite), None, and
/// lists/tuples/mappings of those.
fn json_value(obj: &Bound<'_, PyAny>, depth: usize) -> PyResult<Value> {
    let py = obj.py();
    if depth > MAX_FIELD_DEPTH {
        return Err(binding_err(
            py,
            ErrorCode::InvalidArgument,
            format!("field value: nested more than {MAX_FIELD_DEPTH} levels"),
        ));
    }
    if obj.is_none() {
        return Ok(Value::Null);
    }
    if obj.is_instance_of::<PyString>() {
        return Ok(Value::String(text_of(obj)?.to_owned()));
    }
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if obj.is_instance_of::<PyInt>() {
        if let Ok(v) = obj.extract::<i64>() {
            return Ok(Value::Number(v.into()));
        }
        let v: u64 = obj
            .extract()
            .map_err(|_| out_of_range(obj, "field value", i64::MIN, u64::MAX))?;
        return Ok(Value::Number(v.into()));
    }
    if let Ok(f) = obj.cast::<PyFloat>() {
        let v = f.value();
        return Number::from_f64(v).map(Value::Number).ok_or_else(|| {
            binding_err(
                py,
                ErrorCode::InvalidArgument,
                format!("field value: {v} has no JSON form"),
            )
        });
    }
    if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        let items = obj.try_iter()?.map(|item| json_value(&item?, depth + 1));
        return Ok(Value::Array(items.collect::<PyResult<_>>()?));
    }
    if obj.is_instance_of::<PyDict>() || obj.is_instance_of::<PyMapping>() {
        let mut out = Map::new();
        for (k, v) in mapping_items(obj, "a mapping")? {
            out.insert(text_of(&k)?.to_owned(), json_value(&v, depth + 1)?);
        }
        return Ok(Value::Object(out));
    }
    Err(type_error(
        obj,
        "a field value of type str, int, float, bool, None, list or dict",
    ))
}

/// Expands `id` with the placeholder values of `fields` (None: no values).
fn expand_with(
    catalog: &CoreCatalog,
    id: &str,
    fields: Option<&Bound<'_, PyAny>>,
) -> PyResult<Expansion> {
    let Some(fields) = fields.filter(|f| !f.is_none()) else {
        return catalog.expand_id(id).py().map(Expansion::of);
    };
    let items = mapping_items(fields, "a mapping of field names to values, or None")?;
    let keys = items.iter().map(|(k, _)| text_of(k));
    let keys = keys.collect::<PyResult<Vec<_>>>()?;
    let pairs = keys.into_iter().zip(items.iter().map(|(_, v)| v));
    if items.iter().all(|(_, v)| v.is_instance_of::<PyString>()) {
        let pairs = pairs.map(|(k, v)| Ok((k, text_of(v)?)));
        let pairs = pairs.collect::<PyResult<Vec<(&str, &str)>>>()?;
        return catalog.expand(id, &pairs[..]).py().map(Expansion::of);
    }
    let map = pairs.map(|(k, v)| Ok((k.to_owned(), json_value(v, 0)?)));
    let map = map.collect::<PyResult<Map<_, _>>>()?;
    catalog.expand(id, &map).py().map(Expansion::of)
}

// ---------------------------------------------------------------------------------------
// KeyPair

/// An Ed25519 key pair for signing catalogs. Its repr never shows the secret key.
#[pyclass(module = "polyid", name = "KeyPair", frozen)]
pub struct KeyPair(CoreKeyPair);

#[pymethods]
impl KeyPair {
    /// The key pair of a 32-byte secret key (INVALID_LENGTH otherwise).
    #[new]
    fn new(secret_key: &Bound<'_, PyAny>) -> PyResult<Self> {
        KeyPair::from_secret(secret_key)
    }

    /// A new key pair from the operating system's random generator.
    #[staticmethod]
    fn generate() -> PyResult<KeyPair> {
        CoreKeyPair::generate().py().map(KeyPair)
    }

    /// The key pair of a 32-byte secret key (INVALID_LENGTH otherwise).
    #[staticmethod]
    fn from_secret(secret_key: &Bound<'_, PyAny>) -> PyResult<KeyPair> {
        let secret = bytes_arg(secret_key, "bytes or bytearray for the secret key")?;
        CoreKeyPair::from_secret(&secret).py().map(KeyPair)
    }

    /// The 32-byte public key.
    #[getter]
    fn public_key<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.0.public_key())
    }

    /// The 32-byte secret key (the seed).
    #[getter]
    fn secret_key<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.0.secret_key())
    }

    fn __repr__(&self) -> String {
        format!("KeyPair(public_key={})", core::hex(&self.0.public_key()))
    }
}

/// A new Ed25519 key pair (same as `KeyPair.generate()`).
#[pyfunction]
pub fn generate_keypair() -> PyResult<KeyPair> {
    KeyPair::generate()
}

// ---------------------------------------------------------------------------------------
// Collisions

/// Codes that share one compact ID.
#[pyclass(module = "polyid", name = "CollisionGroup", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct CollisionGroup(CoreGroup);

#[pymethods]
impl CollisionGroup {
    /// The shared compact ID.
    #[getter]
    fn id<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        ascii(py, self.0.id.as_bytes())
    }

    /// The normalized codes, sorted.
    #[getter]
    fn codes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, &self.0.codes)
    }

    fn __repr__(&self) -> String {
        format!(
            "CollisionGroup(id={:?}, codes={:?})",
            self.0.id.as_str(),
            self.0.codes
        )
    }
}

/// Every group of two or more distinct codes with one compact ID, sorted by ID.
#[pyfunction]
pub fn collisions(py: Python<'_>, codes: &Bound<'_, PyAny>) -> PyResult<Vec<CollisionGroup>> {
    if codes.is_instance_of::<PyString>() {
        return Err(type_error(codes, "an iterable of str (not a str)"));
    }
    let held = codes.try_iter()?.collect::<PyResult<Vec<_>>>()?;
    let texts = held
        .iter()
        .enumerate()
        .map(|(i, item)| text_of(item).map_err(|e| with_item(py, e, i)));
    let texts = texts.collect::<PyResult<Vec<_>>>()?;
    let groups = core::collisions(&texts).py()?;
    Ok(groups.into_iter().map(CollisionGroup).collect())
}

/// The birthday-bound expected number of colliding pairs among `n` random codes.
#[pyfunction]
pub fn expected_collisions(n: &Bound<'_, PyAny>) -> PyResult<f64> {
    Ok(core::expected_collisions(int(n, "count")?))
}

/// The probability of at least one collision among `n` random codes.
#[pyfunction]
pub fn collision_probability(n: &Bound<'_, PyAny>) -> PyResult<f64> {
    Ok(core::collision_probability(int(n, "count")?))
}

// ---------------------------------------------------------------------------------------
// Catalog

/// A catalog of diagnostics keyed by compact ID (or full ID with a namespace), immutable.
#[pyclass(module = "polyid", name = "Catalog", frozen, eq)]
#[derive(PartialEq)]
pub struct Catalog(pub(crate) CoreCatalog);

#[pymethods]
impl Catalog {
    /// Builds a catalog from entries (`Entry`, `CatalogEntry` or mappings), with full IDs
    /// when `namespace` is given.
    #[staticmethod]
    #[pyo3(signature = (entries, namespace = None))]
    fn build(entries: &Bound<'_, PyAny>, namespace: Option<Text<'_>>) -> PyResult<Catalog> {
        let py = entries.py();
        if entries.is_instance_of::<PyString>() || entries.is_instance_of::<PyDict>() {
            return Err(type_error(entries, "an iterable of catalog entries"));
        }
        let list = (entries.try_iter()?.enumerate())
            .map(|(i, item)| entry_of(&item?).map_err(|e| with_item(py, e, i)))
            .collect::<PyResult<Vec<_>>>()?;
        CoreCatalog::build_in(&SystemClock, namespace.map(|ns| ns.0), list)
            .py()
            .map(Catalog)
    }

    /// Reads a catalog in any of the three JSON forms and verifies every entry.
    #[staticmethod]
    fn load(py: Python<'_>, text: Text<'_>) -> PyResult<Catalog> {
        // Other Python threads run meanwhile (a catalog can be large).
        py.detach(|| CoreCatalog::from_json(text.0))
            .py()
            .map(Catalog)
    }

    /// Same as `Catalog.load(text)`.
    #[staticmethod]
    fn from_json(py: Python<'_>, text: Text<'_>) -> PyResult<Catalog> {
        Catalog::load(py, text)
    }

    /// The catalog as JSON: form "full", "compact" or "minimal" (no whitespace).
    #[pyo3(signature = (form = "full"))]
    fn to_json(&self, form: &str) -> PyResult<String> {
        Ok(self.0.to_json(form.parse::<Form>().py()?))
    }

    /// The bytes a signature covers (the compact form with sorted keys).
    fn canonical_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.0.canonical_bytes())
    }

    /// Expands an ID with the placeholder values of `fields` (a mapping; values str, or
    /// int/float/bool/None/list/dict substituted as their JSON text).
    #[pyo3(signature = (id, fields = None))]
    fn expand(&self, id: Text<'_>, fields: Option<&Bound<'_, PyAny>>) -> PyResult<Expansion> {
        expand_with(&self.0, id.0, fields)
    }

    /// Expands a wire payload `{"<id>": {"f": {...}}, ...}` (text); order not specified.
    fn expand_payload(&self, payload: Text<'_>) -> PyResult<Vec<Expansion>> {
        let list = self.0.expand_payload(payload.0).py()?;
        Ok(list.into_iter().map(Expansion::of).collect())
    }

    /// The entry of an ID, or None.
    fn get(&self, id: Text<'_>) -> Option<CatalogEntry> {
        self.0.get(id.0).cloned().map(CatalogEntry)
    }

    /// The IDs, sorted.
    fn ids<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.0.ids())
    }

    /// The entries, sorted by ID.
    fn entries(&self) -> Vec<CatalogEntry> {
        self.0.entries().iter().cloned().map(CatalogEntry).collect()
    }

    /// The detached Ed25519 signature (64 bytes) of the canonical bytes, with a 32-byte
    /// secret key or a KeyPair.
    fn sign<'py>(&self, py: Python<'py>, key: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyBytes>> {
        // Signing is a computation of its own: other Python threads run meanwhile.
        let sig = if let Ok(k) = key.cast::<KeyPair>() {
            let k = &k.get().0;
            py.detach(|| self.0.sign(k))
        } else {
            let secret = bytes_arg(key, "bytes or bytearray for the secret key (or a KeyPair)")?;
            let k = CoreKeyPair::from_secret(&secret).py()?;
            py.detach(|| self.0.sign(&k))
        };
        Ok(PyBytes::new(py, &sig))
    }

    /// Checks a detached signature; raises PolyIdError(INVALID_SIGNATURE) when it does not
    /// verify.
    fn verify(
        &self,
        py: Python<'_>,
        public_key: &Bound<'_, PyAny>,
        signature: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let pk = bytes_arg(public_key, "bytes or bytearray for the public key")?;
        let sig = bytes_arg(signature, "bytes or bytearray for the signature")?;
        // Verification is a computation of its own: other Python threads run meanwhile.
        py.detach(|| self.0.verify(&pk, &sig)).py()
    }

    /// The catalog version ("1" for a built catalog).
    #[getter]
    fn version(&self) -> &str {
        self.0.version()
    }

    /// When the catalog was generated (RFC 3339 UTC; as read, "" when the text had none).
    #[getter]
    fn generated(&self) -> &str {
        self.0.generated()
    }

    /// The namespace, or None.
    #[getter]
    fn namespace(&self) -> Option<&str> {
        self.0.namespace()
    }

    /// The namespace hash, or None.
    #[getter]
    fn namespace_hash<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyString>>> {
        self.0
            .namespace_hash()
            .map(|h| ascii(py, h.as_bytes()))
            .transpose()
    }

    fn __len__(&self) -> usize {
        self.0.len()
    }

    fn __contains__(&self, id: &Bound<'_, PyAny>) -> bool {
        let id = id.as_borrowed().extract::<Text<'_>>();
        id.is_ok_and(|t| self.0.get(t.0).is_some())
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(PyList::new(py, self.0.ids())?
            .as_any()
            .try_iter()?
            .into_any())
    }

    fn __repr__(&self) -> String {
        match self.0.namespace() {
            Some(ns) => format!(
                "<polyid.Catalog of {} entries, namespace {ns:?}>",
                self.0.len()
            ),
            None => format!("<polyid.Catalog of {} entries>", self.0.len()),
        }
    }
}
