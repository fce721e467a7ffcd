//! WDP catalogs: compact ID -> structured code, severity and message, so a receiver can
//! expand compact IDs offline (seed part 5 §1.2; docs/spec §1.4).
//!
//! ```
//! use polyid::wdp::catalog::{Catalog, Entry};
//! use std::collections::HashMap;
//!
//! let catalog = Catalog::build([
//!     Entry::new("E.Auth.Token.001", "token missing for {{user}}"),
//!     Entry::new("W.Database.Connection.027", "slow connection"),
//! ])?;
//! assert_eq!(catalog.ids().collect::<Vec<_>>(), ["KF52S", "V6a0B"]);
//!
//! let fields = HashMap::from([("user", "ada")]);
//! let e = catalog.expand("V6a0B", &fields)?;
//! assert_eq!((e.code, e.severity.letter()), ("E.AUTH.TOKEN.001", 'E'));
//! assert_eq!(e.message, "token missing for ada");
//!
//! // The same catalog in the three JSON forms, each read back and verified.
//! use polyid::wdp::catalog::Form;
//! for form in [Form::Full, Form::Compact, Form::Minimal] {
//!     let again = Catalog::from_json(&catalog.to_json(form))?;
//!     assert_eq!(again.expand_id("KF52S")?.message, "slow connection");
//! }
//! # Ok::<(), polyid::Error>(())
//! ```
//!
//! # JSON forms
//!
//! - full: `{"version","generated","namespace"?,"namespace_hash"?,"diags":{ID:{"code",
//!   "severity","message","description"?,"hints"?,"tags"?,"fields"?,"docs_url"?}}}`
//! - compact: `{"v","g"?,"ns"?,"nsh"?,"wd":{ID:{"c","s","m","d"?,"h"?,"t"?,"f"?,"u"?}}}`
//! - minimal: `{ID:[code, message]}`
//!
//! The version is a string, or an integer of 64 bits (no fraction, no exponent) read as its
//! digits; the other members of the top are strings, and `null` is a member left out.
//!
//! `severity` is written as the meaning (`"Error"`) in the full form and as the letter
//! (`"E"`) in the compact one; either is read in both. An ID is the compact ID of the code,
//! or the full ID `<namespace hash>-<compact id>` when the catalog has a namespace.
//! Loading verifies every entry (see [`Catalog::from_json`]). A member repeated in one object,
//! or one that the form does not define, is refused: what is read is what is verified.
//!
//! # Canonical bytes (what a signature covers)
//!
//! [`Catalog::canonical_bytes`] is the compact form, UTF-8, with no whitespace, the keys of
//! every object sorted by their UTF-8 bytes, optional members omitted when absent or empty,
//! `s` the severity letter, `c` the normalized code, and strings escaped as JSON requires
//! and no more: `"` `\` and the short escapes `\b \f \n \r \t`, other control characters
//! below U+0020 as `\u00xx` (lowercase hex), everything else (including non-ASCII) as is.
//! This equals Python's `json.dumps(obj, sort_keys=True, separators=(",", ":"),
//! ensure_ascii=False).encode()`. The generation time is covered too (`g`, when not empty):
//! a verified catalog returns nothing that its signature does not cover.

mod json;
mod sign;
mod strict;
mod value_text;

pub use json::{json_array, Form};
pub use sign::{
    from_hex, hex, verify_bytes, KeyPair, PUBLIC_KEY_LEN, SECRET_KEY_LEN, SIGNATURE_LEN,
};

use std::borrow::{Borrow, Cow};
use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};

use super::{CompactId, FullId, NamedSequences, Severity, StructuredCode};
use crate::error::{list_bounded, quote, Detail, Error, ErrorCode, Result};

/// The context string of catalog errors.
pub(crate) const CONTEXT: &str = "WDP catalog";

pub(crate) fn err(code: ErrorCode, message: String) -> Error {
    Error::new(code, CONTEXT, Detail::Message(message.into_boxed_str()))
}

/// One diagnostic to put in a catalog (the input of [`Catalog::build`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// The structured code, e.g. `E.Auth.Token.001` (normalized when the catalog is built).
    pub code: String,
    /// The message template, with `{{field}}` placeholders.
    pub message: String,
    /// A longer description.
    pub description: Option<String>,
    /// Hints for the reader.
    pub hints: Vec<String>,
    /// Free-form tags.
    pub tags: Vec<String>,
    /// The documentation URL.
    pub docs_url: Option<String>,
}

impl Entry {
    /// An entry with a code and a message template.
    pub fn new(code: impl Into<String>, message: impl Into<String>) -> Entry {
        Entry {
            code: code.into(),
            message: message.into(),
            ..Entry::default()
        }
    }

    /// With a description.
    pub fn description(mut self, description: impl Into<String>) -> Entry {
        self.description = Some(description.into());
        self
    }

    /// With one more hint.
    pub fn hint(mut self, hint: impl Into<String>) -> Entry {
        self.hints.push(hint.into());
        self
    }

    /// With one more tag.
    pub fn tag(mut self, tag: impl Into<String>) -> Entry {
        self.tags.push(tag.into());
        self
    }

    /// With a documentation URL.
    pub fn docs_url(mut self, url: impl Into<String>) -> Entry {
        self.docs_url = Some(url.into());
        self
    }
}

/// The input a built or loaded entry was made from (its code normalized), to build another
/// catalog with it.
impl From<&CatalogEntry> for Entry {
    fn from(e: &CatalogEntry) -> Entry {
        Entry {
            code: e.code.clone(),
            message: e.message.clone(),
            description: e.description.clone(),
            hints: e.hints.clone(),
            tags: e.tags.clone(),
            docs_url: e.docs_url.clone(),
        }
    }
}

/// One diagnostic of a built or loaded catalog.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CatalogEntry {
    id: String,
    code: String,
    severity: Severity,
    message: String,
    has_placeholders: bool,
    description: Option<String>,
    hints: Vec<String>,
    tags: Vec<String>,
    fields: Vec<String>,
    docs_url: Option<String>,
}

impl CatalogEntry {
    /// The bytes this entry owns on the heap (its strings and lists), for
    /// [`Catalog::heap_size`].
    fn heap_size(&self) -> usize {
        let strings = |v: &Vec<String>| {
            v.capacity() * core::mem::size_of::<String>()
                + v.iter().map(String::capacity).sum::<usize>()
        };
        self.id.capacity()
            + self.code.capacity()
            + self.message.capacity()
            + self.description.as_ref().map_or(0, String::capacity)
            + self.docs_url.as_ref().map_or(0, String::capacity)
            + strings(&self.hints)
            + strings(&self.tags)
            + strings(&self.fields)
    }

    /// The ID (compact, or full in a namespaced catalog).
    pub fn id(&self) -> &str {
        &self.id
    }
    /// The normalized structured code.
    pub fn code(&self) -> &str {
        &self.code
    }
    /// The severity (from the code's first field).
    pub fn severity(&self) -> Severity {
        self.severity
    }
    /// The message template.
    pub fn message(&self) -> &str {
        &self.message
    }
    /// The description, if any.
    pub fn description(&self) -> Option<&str> {
        self.description.as_deref()
    }
    /// The hints.
    pub fn hints(&self) -> &[String] {
        &self.hints
    }
    /// The tags.
    pub fn tags(&self) -> &[String] {
        &self.tags
    }
    /// The placeholder names of the message, in order of first use.
    pub fn fields(&self) -> &[String] {
        &self.fields
    }
    /// The documentation URL, if any.
    pub fn docs_url(&self) -> Option<&str> {
        self.docs_url.as_deref()
    }
}

/// The result of an expansion: the code, its severity and the filled-in message.
///
/// `message` borrows the catalog's template when it has no placeholders (no allocation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expansion<'a> {
    /// The catalog's ID of the entry (a full ID in a namespaced catalog, also when the bare
    /// compact ID was asked for).
    pub id: &'a str,
    /// The normalized structured code.
    pub code: &'a str,
    /// The severity.
    pub severity: Severity,
    /// The message with every `{{field}}` replaced.
    pub message: Cow<'a, str>,
}

/// Values for message placeholders, looked up by name.
pub trait Fields {
    /// The text of the field `name`, if there is one.
    fn field(&self, name: &str) -> Option<Cow<'_, str>>;

    /// Whether the values can be substituted at all, asked before the ID is looked up: JSON
    /// values nest at most [`MAX_FIELD_DEPTH`] levels (docs/spec §1.4); text always can.
    fn check(&self) -> Result<()> {
        Ok(())
    }
}

/// No fields at all.
impl Fields for () {
    fn field(&self, _: &str) -> Option<Cow<'_, str>> {
        None
    }
}

impl<K: Borrow<str> + std::hash::Hash + Eq, V: AsRef<str>, S: std::hash::BuildHasher> Fields
    for HashMap<K, V, S>
{
    fn field(&self, name: &str) -> Option<Cow<'_, str>> {
        self.get(name).map(|v| Cow::Borrowed(v.as_ref()))
    }
}

impl<K: Borrow<str> + Ord, V: AsRef<str>> Fields for BTreeMap<K, V> {
    fn field(&self, name: &str) -> Option<Cow<'_, str>> {
        self.get(name).map(|v| Cow::Borrowed(v.as_ref()))
    }
}

impl<K: AsRef<str>, V: AsRef<str>> Fields for [(K, V)] {
    fn field(&self, name: &str) -> Option<Cow<'_, str>> {
        self.iter()
            .find(|(k, _)| k.as_ref() == name)
            .map(|(_, v)| Cow::Borrowed(v.as_ref()))
    }
}

/// JSON values: strings as their text, anything else as its compact JSON text (`42`, `true`,
/// `null`, `[1,"a"]`; numbers as ECMAScript writes them: [`value_text`]).
impl Fields for serde_json::Map<String, serde_json::Value> {
    fn field(&self, name: &str) -> Option<Cow<'_, str>> {
        self.get(name).map(|v| match v {
            serde_json::Value::String(s) => Cow::Borrowed(s.as_str()),
            other => Cow::Owned(value_text::json_text(other)),
        })
    }

    fn check(&self) -> Result<()> {
        check_depth(self)
    }
}

/// A JSON object (any other value has no fields).
impl Fields for serde_json::Value {
    fn field(&self, name: &str) -> Option<Cow<'_, str>> {
        self.as_object().and_then(|m| m.field(name))
    }

    fn check(&self) -> Result<()> {
        self.as_object().map_or(Ok(()), check_depth)
    }
}

impl<F: Fields + ?Sized> Fields for &F {
    fn field(&self, name: &str) -> Option<Cow<'_, str>> {
        (**self).field(name)
    }

    fn check(&self) -> Result<()> {
        (**self).check()
    }
}

/// Placeholder names of a template (`{{ name }}`, trimmed), in order of first use.
/// An unterminated `{{` is literal text.
pub fn placeholders(template: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for_each_part(template, |part| {
        if let Part::Field(name) = part {
            if !names.iter().any(|n| n == name) {
                names.push(name.to_owned());
            }
        }
    });
    names
}

enum Part<'a> {
    Text(&'a str),
    Field(&'a str),
}

/// The index of the first `cc` in `s` (a byte scan: cheaper than a substring searcher's
/// set-up for the short texts of messages).
#[inline]
fn find_pair(s: &str, c: u8) -> Option<usize> {
    let b = s.as_bytes();
    let mut i = 0;
    while i + 1 < b.len() {
        if b[i] == c {
            if b[i + 1] == c {
                return Some(i);
            }
            i += 1;
        } else {
            i += 2;
            if i < b.len() + 1 && b[i - 1] == c {
                i -= 1;
            }
        }
    }
    None
}

fn for_each_part<'a>(template: &'a str, mut f: impl FnMut(Part<'a>)) {
    let mut rest = template;
    while let Some(open) = find_pair(rest, b'{') {
        let after = &rest[open + 2..];
        let Some(close) = find_pair(after, b'}') else {
            break;
        };
        if open > 0 {
            f(Part::Text(&rest[..open]));
        }
        f(Part::Field(after[..close].trim()));
        rest = &after[close + 2..];
    }
    if !rest.is_empty() {
        f(Part::Text(rest));
    }
}

/// Fills a template's `{{field}}` placeholders; every missing field is reported
/// (`MISSING_FIELD`), never left blank.
pub fn fill<'t, F: Fields + ?Sized>(template: &'t str, fields: &F) -> Result<Cow<'t, str>> {
    if find_pair(template, b'{').is_none() {
        return Ok(Cow::Borrowed(template));
    }
    let mut out = String::with_capacity(template.len() + 16);
    let mut missing: Vec<&str> = Vec::new();
    for_each_part(template, |part| match part {
        Part::Text(t) => out.push_str(t),
        Part::Field(name) => match fields.field(name) {
            Some(v) => out.push_str(&v),
            None => {
                if !missing.contains(&name) {
                    missing.push(name);
                }
            }
        },
    });
    if missing.is_empty() {
        Ok(Cow::Owned(out))
    } else {
        Err(err(
            ErrorCode::MissingField,
            format!(
                "missing field(s) {} for {}",
                list_bounded(
                    &missing
                        .iter()
                        .map(|m| quote(m).to_string())
                        .collect::<Vec<_>>(),
                    LISTED,
                    ", "
                ),
                quote(template)
            ),
        ))
    }
}

/// A hasher for IDs packed into a `u64` (one multiply; the keys are already uniform).
#[derive(Default)]
struct IdHasher(u64);

impl Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 29)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = v.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

type IdMap = HashMap<u64, u32, BuildHasherDefault<IdHasher>>;

#[inline]
fn pack(id: &[u8; 5]) -> u64 {
    u64::from(id[0]) << 32
        | u64::from(id[1]) << 24
        | u64::from(id[2]) << 16
        | u64::from(id[3]) << 8
        | u64::from(id[4])
}

/// A catalog of diagnostics, keyed by compact ID (or full ID with a namespace).
#[derive(Clone, Debug)]
pub struct Catalog {
    version: String,
    generated: String,
    namespace: Option<String>,
    namespace_hash: Option<CompactId>,
    /// Sorted by ID.
    entries: Vec<CatalogEntry>,
    index: IdMap,
}

impl PartialEq for Catalog {
    fn eq(&self, other: &Catalog) -> bool {
        self.version == other.version
            && self.generated == other.generated
            && self.namespace == other.namespace
            && self.namespace_hash == other.namespace_hash
            && self.entries == other.entries
    }
}

/// A group of codes that share one compact ID.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CollisionGroup {
    /// The shared compact ID.
    pub id: CompactId,
    /// The normalized codes, sorted.
    pub codes: Vec<String>,
}

/// Every group of two or more distinct codes with the same compact ID, sorted by ID.
/// Codes that normalize to the same text count once. Fails on the first invalid code.
pub fn collisions<S: AsRef<str>>(
    codes: impl IntoIterator<Item = S>,
) -> Result<Vec<CollisionGroup>> {
    let names = NamedSequences::standard();
    let mut by_id: HashMap<CompactId, Vec<String>> = HashMap::new();
    for code in codes {
        let parsed = StructuredCode::parse_with(code.as_ref(), &names)?;
        let group = by_id.entry(parsed.compact_id()).or_default();
        if !group.iter().any(|c| c == parsed.normalized()) {
            group.push(parsed.normalized().to_owned());
        }
    }
    let mut groups: Vec<CollisionGroup> = by_id
        .into_iter()
        .filter(|(_, codes)| codes.len() > 1)
        .map(|(id, mut codes)| {
            codes.sort();
            CollisionGroup { id, codes }
        })
        .collect();
    groups.sort_by_key(|g| g.id);
    Ok(groups)
}

/// The number of compact IDs: 62^5.
pub const ID_SPACE: u64 = 916_132_832;

/// The birthday-bound expected number of colliding pairs among `n` random codes:
/// n(n-1) / (2 * 62^5).
pub fn expected_collisions(n: u64) -> f64 {
    if n < 2 {
        return 0.0; // (not -0.0 from 0 * -1)
    }
    let n = n as f64;
    n * (n - 1.0) / (2.0 * ID_SPACE as f64)
}

/// The probability of at least one collision among `n` random codes:
/// 1 - exp(-n(n-1) / (2 * 62^5)).
pub fn collision_probability(n: u64) -> f64 {
    1.0 - (-expected_collisions(n)).exp()
}

impl Catalog {
    /// Builds a catalog of compact IDs. Fails with `DUPLICATE_CODE` when two entries have
    /// the same (normalized) code and `COLLISION` when two codes have one ID (the error
    /// names both codes and the ID); an invalid code fails with its own error.
    pub fn build(entries: impl IntoIterator<Item = Entry>) -> Result<Catalog> {
        Catalog::build_inner(&crate::clock::SystemClock, None, entries)
    }

    /// Builds a catalog of full IDs `<namespace hash>-<compact id>`.
    pub fn build_namespaced(
        namespace: &str,
        entries: impl IntoIterator<Item = Entry>,
    ) -> Result<Catalog> {
        Catalog::build_inner(&crate::clock::SystemClock, Some(namespace), entries)
    }

    /// [`Catalog::build`] with `generated` read from `clock` (targets without a system
    /// clock, such as wasm32-unknown-unknown, pass their own).
    pub fn build_with(
        clock: &impl crate::clock::Clock,
        entries: impl IntoIterator<Item = Entry>,
    ) -> Result<Catalog> {
        Catalog::build_inner(clock, None, entries)
    }

    /// [`Catalog::build_namespaced`] with `generated` read from `clock`.
    pub fn build_namespaced_with(
        clock: &impl crate::clock::Clock,
        namespace: &str,
        entries: impl IntoIterator<Item = Entry>,
    ) -> Result<Catalog> {
        Catalog::build_inner(clock, Some(namespace), entries)
    }

    /// [`Catalog::build_with`] without a namespace, [`Catalog::build_namespaced_with`] with
    /// one: for a binding whose namespace argument is optional.
    pub fn build_in(
        clock: &impl crate::clock::Clock,
        namespace: Option<&str>,
        entries: impl IntoIterator<Item = Entry>,
    ) -> Result<Catalog> {
        Catalog::build_inner(clock, namespace, entries)
    }

    fn build_inner(
        clock: &impl crate::clock::Clock,
        namespace: Option<&str>,
        entries: impl IntoIterator<Item = Entry>,
    ) -> Result<Catalog> {
        let namespace_hash = namespace.map(super::namespace_hash).transpose()?;
        let names = NamedSequences::standard();
        let mut built = Vec::new();
        let mut given = Vec::new();
        for e in entries {
            let parsed = StructuredCode::parse_with(&e.code, &names)?;
            given.push(e.code.clone());
            built.push((
                parsed.compact_id(),
                CatalogEntry {
                    id: String::new(),
                    code: parsed.normalized().to_owned(),
                    severity: parsed.severity(),
                    has_placeholders: find_pair(&e.message, b'{').is_some(),
                    fields: placeholders(&e.message),
                    message: e.message,
                    description: e.description,
                    hints: e.hints,
                    tags: e.tags,
                    docs_url: e.docs_url,
                },
            ));
        }
        let mut seen: HashMap<&str, usize> = HashMap::new();
        for (i, (_, e)) in built.iter().enumerate() {
            if let Some(&first) = seen.get(e.code.as_str()) {
                return Err(err(
                    ErrorCode::DuplicateCode,
                    format!(
                        "duplicate code {} (entries {first} and {i}, given as {} and {})",
                        e.code,
                        quote(&given[first]),
                        quote(&given[i])
                    ),
                ));
            }
            seen.insert(&e.code, i);
        }
        drop(seen);
        let mut with_ids = Vec::with_capacity(built.len());
        for (compact, mut e) in built {
            e.id = match namespace_hash {
                Some(namespace_hash) => FullId {
                    namespace_hash,
                    compact_id: compact,
                }
                .to_text(),
                None => compact.as_str().to_owned(),
            };
            with_ids.push((compact, e));
        }
        with_ids.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.code.cmp(&b.1.code)));
        let mut problems = Vec::new();
        for pair in with_ids.windows(2) {
            if pair[0].0 == pair[1].0 {
                problems.push(format!(
                    "{} and {} both have ID {}",
                    pair[0].1.code, pair[1].1.code, pair[0].1.id
                ));
            }
        }
        if !problems.is_empty() {
            return Err(err(
                ErrorCode::Collision,
                format!("collision: {}", list_bounded(&problems, LISTED, "; ")),
            ));
        }
        Ok(Catalog::assemble(
            "1".to_owned(),
            rfc3339(clock.now_millis().div_euclid(1000).max(0) as u64),
            namespace.map(str::to_owned),
            namespace_hash,
            with_ids.into_iter().map(|(_, e)| e).collect(),
        ))
    }

    /// Indexes entries already verified and sorted by ID.
    fn assemble(
        version: String,
        generated: String,
        namespace: Option<String>,
        namespace_hash: Option<CompactId>,
        entries: Vec<CatalogEntry>,
    ) -> Catalog {
        let mut index = IdMap::with_capacity_and_hasher(entries.len(), Default::default());
        for (i, e) in entries.iter().enumerate() {
            let compact = &e.id.as_bytes()[e.id.len() - 5..];
            index.insert(pack(compact.try_into().expect("5 bytes")), i as u32);
        }
        Catalog {
            version,
            generated,
            namespace,
            namespace_hash,
            entries,
            index,
        }
    }

    /// The catalog version (`"1"` for a built catalog unless set).
    pub fn version(&self) -> &str {
        &self.version
    }

    /// Sets the version.
    pub fn set_version(&mut self, version: impl Into<String>) {
        self.version = version.into();
    }

    /// When the catalog was generated (RFC 3339 UTC for a built catalog; as read otherwise,
    /// empty when the text had none).
    pub fn generated(&self) -> &str {
        &self.generated
    }

    /// Sets the generation time text.
    pub fn set_generated(&mut self, generated: impl Into<String>) {
        self.generated = generated.into();
    }

    /// The namespace, if the catalog has one.
    pub fn namespace(&self) -> Option<&str> {
        self.namespace.as_deref()
    }

    /// The namespace hash, if the catalog has full IDs.
    pub fn namespace_hash(&self) -> Option<CompactId> {
        self.namespace_hash
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the catalog has no entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The bytes this catalog owns on the heap: the capacity of its strings and vectors and of
    /// its ID index (one slot and one control byte per entry it can hold), without the
    /// allocator's own overhead. For runtimes that report a catalog's memory to their garbage
    /// collector; it does not include `size_of::<Catalog>()` itself.
    pub fn heap_size(&self) -> usize {
        let entries = self.entries.capacity() * core::mem::size_of::<CatalogEntry>()
            + self
                .entries
                .iter()
                .map(CatalogEntry::heap_size)
                .sum::<usize>();
        let index = self.index.capacity() * (core::mem::size_of::<(u64, u32)>() + 1);
        self.version.capacity()
            + self.generated.capacity()
            + self.namespace.as_ref().map_or(0, String::capacity)
            + entries
            + index
    }

    /// The entries, sorted by ID.
    pub fn entries(&self) -> &[CatalogEntry] {
        &self.entries
    }

    /// The IDs, sorted.
    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|e| e.id.as_str())
    }

    /// The entry for an ID: a compact ID, or a full ID whose namespace hash is the
    /// catalog's. A namespaced catalog also accepts the bare compact ID.
    #[inline]
    pub fn get(&self, id: &str) -> Option<&CatalogEntry> {
        let b = id.as_bytes();
        let compact: &[u8; 5] = match b.len() {
            5 => b.try_into().ok()?,
            11 => {
                let nsh = self.namespace_hash?;
                if b[5] != b'-' || &b[..5] != nsh.as_bytes() {
                    return None;
                }
                b[6..].try_into().ok()?
            }
            _ => return None,
        };
        let &i = self.index.get(&pack(compact))?;
        let e = &self.entries[i as usize];
        // The packed key covers the five bytes exactly, so this only guards non-ID text.
        (e.id.as_bytes()[e.id.len() - 5..] == compact[..]).then_some(e)
    }

    /// Expands an ID: code, severity and message with `{{field}}` placeholders filled.
    /// `INVALID_ARGUMENT` for fields that [`Fields::check`] refuses (before the ID is looked
    /// up); `NOT_FOUND` for an ID the catalog does not have; `MISSING_FIELD` (naming every
    /// missing field) when a placeholder has no value.
    #[inline]
    pub fn expand<F: Fields + ?Sized>(&self, id: &str, fields: &F) -> Result<Expansion<'_>> {
        fields.check()?;
        let Some(e) = self.get(id) else {
            return Err(not_found(id));
        };
        let message = if e.has_placeholders {
            fill(&e.message, fields).map_err(|m| {
                err(
                    ErrorCode::MissingField,
                    format!("{} ({}): {}", e.id, e.code, detail_text(&m)),
                )
            })?
        } else {
            Cow::Borrowed(e.message.as_str())
        };
        Ok(Expansion {
            id: &e.id,
            code: &e.code,
            severity: e.severity,
            message,
        })
    }

    /// Expands an ID without fields (a message with placeholders fails with
    /// `MISSING_FIELD`).
    #[inline]
    pub fn expand_id(&self, id: &str) -> Result<Expansion<'_>> {
        self.expand(id, &())
    }

    /// Expands an ID with the fields of a JSON object text ([`parse_fields`]; `""`: no
    /// fields), as the bindings that take fields as text do: a non-string value is
    /// substituted as its JSON text.
    pub fn expand_json(&self, id: &str, fields: &str) -> Result<Expansion<'_>> {
        if fields.is_empty() {
            return self.expand_id(id);
        }
        self.expand(id, &parse_fields(fields)?)
    }

    /// Expands a wire payload `{"<id>": {"f": {...}}, ...}` (`"f"` optional). The order
    /// of the results is not specified (by ID with serde_json's default map, in the
    /// payload's order when its `preserve_order` feature is on). The first failing ID fails
    /// the call; a payload that is not such an object, or whose fields hold a value nested
    /// deeper than [`MAX_FIELD_DEPTH`], is `INVALID_ARGUMENT`.
    pub fn expand_payload(&self, payload: &str) -> Result<Vec<Expansion<'_>>> {
        let bad = |why: &str| {
            Error::new(
                ErrorCode::InvalidArgument,
                "WDP payload",
                Detail::Message(why.into()),
            )
        };
        let value = strict::parse(payload).map_err(|e| bad(&e))?;
        let obj = value
            .as_object()
            .ok_or_else(|| bad("expected an object {\"<id>\": {\"f\": {...}}}"))?;
        let mut out = Vec::with_capacity(obj.len());
        for (id, body) in obj {
            let body = body
                .as_object()
                .ok_or_else(|| bad(&format!("the value of {} is not an object", quote(id))))?;
            if let Some(other) = body.keys().find(|k| *k != "f") {
                return Err(bad(&format!(
                    "the value of {} has a member {} (only \"f\", the fields, is read)",
                    quote(id),
                    quote(other)
                )));
            }
            let expansion = match body.get("f") {
                None | Some(serde_json::Value::Null) => self.expand(id, &())?,
                Some(serde_json::Value::Object(f)) => {
                    let e = self.expand(id, f)?;
                    Expansion {
                        message: Cow::Owned(e.message.into_owned()),
                        ..e
                    }
                }
                Some(_) => return Err(bad(&format!("\"f\" of {} is not an object", quote(id)))),
            };
            out.push(expansion);
        }
        Ok(out)
    }
}

/// Reads the fields of an expansion from the text of a JSON object (`{"user": "ada", "ms":
/// 12}`), as every binding that takes fields as text does: a member given twice, text that is
/// not JSON, JSON that is not an object, or a value nested deeper than [`MAX_FIELD_DEPTH`]
/// is `INVALID_ARGUMENT`.
pub fn parse_fields(text: &str) -> Result<serde_json::Map<String, serde_json::Value>> {
    let bad = |why: String| {
        Error::new(
            ErrorCode::InvalidArgument,
            "WDP catalog fields",
            Detail::Message(why.into()),
        )
    };
    match strict::parse(text).map_err(bad)? {
        serde_json::Value::Object(fields) => {
            check_depth(&fields)?;
            Ok(fields)
        }
        _ => Err(bad(
            "expected a JSON object {\"name\": value, ...}".to_owned()
        )),
    }
}

/// The most levels a field value nests (docs/spec §1.4): the value is at level 0, the
/// elements of an array and the members of an object one level below it.
pub const MAX_FIELD_DEPTH: usize = 64;

/// `INVALID_ARGUMENT` when a field value holds anything below [`MAX_FIELD_DEPTH`], the limit
/// every runtime holds values to, whether it reads them as text or as its own objects.
fn check_depth(fields: &serde_json::Map<String, serde_json::Value>) -> Result<()> {
    // The recursion stops one level past the limit, however deep the value goes.
    fn deeper(v: &serde_json::Value, level: usize) -> bool {
        level > MAX_FIELD_DEPTH
            || match v {
                serde_json::Value::Array(a) => a.iter().any(|x| deeper(x, level + 1)),
                serde_json::Value::Object(o) => o.values().any(|x| deeper(x, level + 1)),
                _ => false,
            }
    }
    if fields.values().any(|v| deeper(v, 0)) {
        return Err(Error::new(
            ErrorCode::InvalidArgument,
            "field value",
            Detail::Message(format!("nested more than {MAX_FIELD_DEPTH} levels").into_boxed_str()),
        ));
    }
    Ok(())
}

/// Offending items named in one message; the message says how many more there are.
const LISTED: usize = 10;

fn detail_text(e: &Error) -> String {
    match e.detail() {
        Detail::Message(m) => m.to_string(),
        _ => e.to_string(),
    }
}

#[cold]
fn not_found(id: &str) -> Error {
    err(
        ErrorCode::NotFound,
        format!("no entry for ID {}", quote(id)),
    )
}

/// The current time as RFC 3339 UTC with seconds, e.g. `2026-11-21T01:02:03Z`.
#[cfg(test)]
fn now_rfc3339() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    rfc3339(secs)
}

fn rfc3339(secs: u64) -> String {
    let rem = secs % 86_400;
    let (y, m, d) = crate::clock::civil_from_days((secs / 86_400) as i64);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates() {
        assert_eq!(placeholders("a {{x}} b {{ y }} {{x}} {{"), ["x", "y"]);
        let f = [("x", "1"), ("y", "2")];
        assert_eq!(fill("a {{x}}-{{ y }} {{", &f[..]).unwrap(), "a 1-2 {{");
        assert!(matches!(
            fill("plain", &()).unwrap(),
            Cow::Borrowed("plain")
        ));
        let e = fill("{{a}} {{b}} {{a}}", &()).unwrap_err();
        assert_eq!(e.code(), ErrorCode::MissingField);
        assert!(
            e.to_string()
                .contains(r#"missing field(s) "a", "b" for "{{a}}"#),
            "{e}"
        );
    }

    #[test]
    fn find_pair_is_find() {
        for s in [
            "", "{", "{{", "a{{", "ab{{", "abc{{", "a{b{{", "}{{", "{a{", "ab{{c", "x{", "{x{{",
            "é{{", "{{{", "a{",
        ] {
            assert_eq!(find_pair(s, b'{'), s.find("{{"), "{s:?}");
        }
    }

    #[test]
    fn rfc3339_shape() {
        let t = now_rfc3339();
        assert_eq!(t.len(), 20, "{t}");
        assert!(t.starts_with("20") && t.ends_with('Z'));
    }
}
