//! The three JSON forms of a catalog, read and written, and the canonical bytes.

use serde_json::{Map, Value};

use super::{err, placeholders, strict, Catalog, CatalogEntry, CollisionGroup, Expansion};
use crate::error::{list_bounded, quote, Detail, Error, ErrorCode, Result};
use crate::wdp::{CompactId, NamedSequences, Severity, StructuredCode};

/// A JSON form of a catalog.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Form {
    /// `{"version","generated","namespace"?,"namespace_hash"?,"diags":{ID:{...}}}`
    Full,
    /// `{"v","ns"?,"nsh"?,"wd":{ID:{"c","s","m",...}}}`
    Compact,
    /// `{ID:[code, message]}`
    Minimal,
}

impl Form {
    /// `"full"`, `"compact"` or `"minimal"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Form::Full => "full",
            Form::Compact => "compact",
            Form::Minimal => "minimal",
        }
    }

    /// The form named `"full"`, `"compact"` or `"minimal"`.
    pub fn from_name(name: &str) -> Option<Form> {
        [Form::Full, Form::Compact, Form::Minimal]
            .into_iter()
            .find(|f| f.as_str() == name)
    }
}

/// Parses a form name (`"full"`, `"compact"` or `"minimal"`); another name is
/// `INVALID_ARGUMENT`, e.g. `catalog form: "xml" is not 'full', 'compact' or 'minimal'` (the
/// error every runtime gives for an unknown form).
impl core::str::FromStr for Form {
    type Err = Error;

    fn from_str(name: &str) -> Result<Form> {
        Form::from_name(name).ok_or_else(|| {
            Error::new(
                ErrorCode::InvalidArgument,
                "catalog form",
                Detail::Message(
                    format!("{} is not 'full', 'compact' or 'minimal'", quote(name))
                        .into_boxed_str(),
                ),
            )
        })
    }
}

/// Offending entries named in one message; the count says how many there are in all.
const LISTED: usize = 10;

fn invalid(message: String) -> crate::Error {
    err(ErrorCode::InvalidCatalog, message)
}

/// Member names of the full and compact forms.
struct Keys {
    form: &'static str,
    version: &'static str,
    generated: &'static str,
    namespace: &'static str,
    namespace_hash: &'static str,
    diags: &'static str,
    code: &'static str,
    severity: &'static str,
    message: &'static str,
    description: &'static str,
    hints: &'static str,
    tags: &'static str,
    fields: &'static str,
    docs_url: &'static str,
}

const FULL: Keys = Keys {
    form: "full",
    version: "version",
    generated: "generated",
    namespace: "namespace",
    namespace_hash: "namespace_hash",
    diags: "diags",
    code: "code",
    severity: "severity",
    message: "message",
    description: "description",
    hints: "hints",
    tags: "tags",
    fields: "fields",
    docs_url: "docs_url",
};

const COMPACT: Keys = Keys {
    form: "compact",
    version: "v",
    generated: "g",
    namespace: "ns",
    namespace_hash: "nsh",
    diags: "wd",
    code: "c",
    severity: "s",
    message: "m",
    description: "d",
    hints: "h",
    tags: "t",
    fields: "f",
    docs_url: "u",
};

impl Keys {
    fn top(&self) -> [&'static str; 5] {
        [
            self.version,
            self.generated,
            self.namespace,
            self.namespace_hash,
            self.diags,
        ]
    }

    fn entry(&self) -> [&'static str; 8] {
        [
            self.code,
            self.severity,
            self.message,
            self.description,
            self.hints,
            self.tags,
            self.fields,
            self.docs_url,
        ]
    }
}

/// Refuses a member that the form does not define: whatever a catalog holds is read, checked
/// and covered by its signature, so nothing can ride along unverified.
fn only_known(obj: &Map<String, Value>, known: &[&str], at: &str, form: &str) -> Result<()> {
    match obj.keys().find(|key| !known.contains(&key.as_str())) {
        None => Ok(()),
        Some(key) => Err(invalid(format!(
            "{at}: unknown member {} (the {form} form's members there are {})",
            quote(key),
            known.join(", ")
        ))),
    }
}

fn severity_from_text(s: &str) -> Option<Severity> {
    if s.len() == 1 {
        return Severity::from_letter(s.as_bytes()[0]);
    }
    Severity::ALL
        .into_iter()
        .find(|v| v.meaning().eq_ignore_ascii_case(s))
}

/// An entry as read, before verification.
struct Raw {
    id: String,
    code: String,
    severity: Option<String>,
    message: String,
    description: Option<String>,
    hints: Vec<String>,
    tags: Vec<String>,
    fields: Option<Vec<String>>,
    docs_url: Option<String>,
}

fn opt_str(obj: &Map<String, Value>, key: &str, at: &str) -> Result<Option<String>> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(_) => Err(invalid(format!("{at}: {key:?} is not a string"))),
    }
}

fn req_str(obj: &Map<String, Value>, key: &str, at: &str) -> Result<String> {
    opt_str(obj, key, at)?.ok_or_else(|| invalid(format!("{at}: \"{key}\" is missing")))
}

fn opt_list(obj: &Map<String, Value>, key: &str, at: &str) -> Result<Option<Vec<String>>> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| {
                v.as_str()
                    .map(str::to_owned)
                    .ok_or_else(|| invalid(format!("{at}: \"{key}\" has a non-string item")))
            })
            .collect::<Result<Vec<_>>>()
            .map(Some),
        Some(_) => Err(invalid(format!("{at}: \"{key}\" is not a list"))),
    }
}

impl Catalog {
    /// Reads a catalog in any of the three forms (recognised by their shape: `diags` ->
    /// full, `wd` -> compact, otherwise minimal) and verifies it.
    ///
    /// Every entry's ID must equal the ID computed from its code (with the catalog's
    /// namespace hash for full IDs), its severity (when given) must be the code's, and the
    /// namespace hash must be the namespace's: otherwise `TAMPERED`, listing every
    /// offending entry. Text that is not JSON of a catalog shape, or an entry whose code is
    /// not a valid structured code, is `INVALID_CATALOG`.
    ///
    /// A member repeated in one object, or a member the form does not define, is
    /// `INVALID_CATALOG` naming the member and where it is: the catalog read is exactly the
    /// catalog that its checks and its signature cover.
    pub fn from_json(text: &str) -> Result<Catalog> {
        let value = strict::parse(text).map_err(invalid)?;
        Catalog::from_value(&value)
    }

    /// Reads a catalog from a parsed JSON value (see [`Catalog::from_json`]).
    pub fn from_value(value: &Value) -> Result<Catalog> {
        let obj = value
            .as_object()
            .ok_or_else(|| invalid("a catalog is a JSON object".to_owned()))?;
        if obj.contains_key("diags") {
            Catalog::read_keyed(obj, &FULL)
        } else if obj.contains_key("wd") {
            Catalog::read_keyed(obj, &COMPACT)
        } else {
            Catalog::read_minimal(obj)
        }
    }

    fn read_keyed(obj: &Map<String, Value>, k: &Keys) -> Result<Catalog> {
        only_known(obj, &k.top(), "catalog", k.form)?;
        // A number is taken only when it is an integer of 64 bits, which every JSON reader
        // writes back as the same digits; a fraction or an exponent has no one text.
        let version = match obj.get(k.version) {
            Some(Value::String(s)) => s.clone(),
            Some(Value::Number(n)) if n.is_i64() || n.is_u64() => n.to_string(),
            None => return Err(invalid(format!("\"{}\" is missing", k.version))),
            Some(_) => {
                return Err(invalid(format!(
                    "\"{}\" is not a string or an integer",
                    k.version
                )))
            }
        };
        let generated = opt_str(obj, k.generated, "catalog")?.unwrap_or_default();
        let namespace = opt_str(obj, k.namespace, "catalog")?;
        let namespace_hash = opt_str(obj, k.namespace_hash, "catalog")?;
        let diags = obj
            .get(k.diags)
            .and_then(Value::as_object)
            .ok_or_else(|| invalid(format!("\"{}\" is not an object", k.diags)))?;
        let mut raws = Vec::with_capacity(diags.len());
        for (id, v) in diags {
            let at = format!("entry {}", quote(id));
            let e = v
                .as_object()
                .ok_or_else(|| invalid(format!("{at} is not an object")))?;
            only_known(e, &k.entry(), &at, k.form)?;
            raws.push(Raw {
                id: id.clone(),
                code: req_str(e, k.code, &at)?,
                severity: opt_str(e, k.severity, &at)?,
                message: req_str(e, k.message, &at)?,
                description: opt_str(e, k.description, &at)?,
                hints: opt_list(e, k.hints, &at)?.unwrap_or_default(),
                tags: opt_list(e, k.tags, &at)?.unwrap_or_default(),
                fields: opt_list(e, k.fields, &at)?,
                docs_url: opt_str(e, k.docs_url, &at)?,
            });
        }
        Catalog::verify_raw(version, generated, namespace, namespace_hash, raws)
    }

    fn read_minimal(obj: &Map<String, Value>) -> Result<Catalog> {
        let mut raws = Vec::with_capacity(obj.len());
        let mut nsh: Option<String> = None;
        for (id, v) in obj {
            let pair = v.as_array().filter(|a| a.len() == 2);
            let (code, message) = match pair.map(|a| (a[0].as_str(), a[1].as_str())) {
                Some((Some(c), Some(m))) => (c.to_owned(), m.to_owned()),
                _ => {
                    return Err(invalid(format!(
                        "entry {}: a minimal catalog maps IDs to [code, message] \
                         (or use the full form with \"diags\" or the compact one with \"wd\")",
                        quote(id)
                    )))
                }
            };
            // `get`: an 11-byte ID may have a multi-byte character across byte 5 (the entry
            // is then rejected by the ID check below, never sliced through).
            if let (11, None, Some(ns)) = (id.len(), &nsh, id.get(..5)) {
                nsh = Some(ns.to_owned());
            }
            raws.push(Raw {
                id: id.clone(),
                code,
                severity: None,
                message,
                description: None,
                hints: Vec::new(),
                tags: Vec::new(),
                fields: None,
                docs_url: None,
            });
        }
        Catalog::verify_raw("1".to_owned(), String::new(), None, nsh, raws)
    }

    fn verify_raw(
        version: String,
        generated: String,
        namespace: Option<String>,
        namespace_hash: Option<String>,
        raws: Vec<Raw>,
    ) -> Result<Catalog> {
        let mut tampered: Vec<String> = Vec::new();
        let computed_nsh = namespace
            .as_deref()
            .map(crate::wdp::namespace_hash)
            .transpose()
            .map_err(|e| invalid(format!("namespace: {e}")))?;
        let nsh: Option<CompactId> = match (&namespace_hash, computed_nsh) {
            (Some(given), Some(computed)) => {
                if given != computed.as_str() {
                    tampered.push(format!(
                        "namespace hash {} is not the hash of {} ({computed})",
                        quote(given),
                        quote(namespace.as_deref().unwrap_or_default())
                    ));
                }
                Some(computed)
            }
            (None, computed) => computed,
            (Some(given), None) => Some(
                CompactId::parse(given)
                    .map_err(|e| invalid(format!("namespace hash {}: {e}", quote(given))))?,
            ),
        };
        let names = NamedSequences::standard();
        let mut entries = Vec::with_capacity(raws.len());
        let mut invalid_codes = Vec::new();
        for r in raws {
            let parsed = match StructuredCode::parse_with(&r.code, &names) {
                Ok(p) => p,
                Err(e) => {
                    invalid_codes.push(format!("{}: {e}", quote(&r.id)));
                    continue;
                }
            };
            let want = match nsh {
                Some(h) => format!("{h}-{}", parsed.compact_id()),
                None => parsed.compact_id().as_str().to_owned(),
            };
            if r.id != want {
                tampered.push(format!(
                    "{} has code {} whose ID is {want}",
                    quote(&r.id),
                    parsed.normalized()
                ));
                continue;
            }
            if let Some(s) = &r.severity {
                if severity_from_text(s) != Some(parsed.severity()) {
                    tampered.push(format!(
                        "{} has severity {} but its code {} is {}",
                        quote(&r.id),
                        quote(s),
                        parsed.normalized(),
                        parsed.severity().meaning()
                    ));
                    continue;
                }
            }
            entries.push(CatalogEntry {
                id: r.id,
                code: parsed.normalized().to_owned(),
                severity: parsed.severity(),
                has_placeholders: r.message.contains("{{"),
                fields: r.fields.unwrap_or_else(|| placeholders(&r.message)),
                message: r.message,
                description: r.description,
                hints: r.hints,
                tags: r.tags,
                docs_url: r.docs_url,
            });
        }
        if !invalid_codes.is_empty() {
            return Err(invalid(format!(
                "invalid code in {} entr{}: {}",
                invalid_codes.len(),
                if invalid_codes.len() == 1 { "y" } else { "ies" },
                list_bounded(&invalid_codes, LISTED, "; ")
            )));
        }
        if !tampered.is_empty() {
            return Err(err(
                ErrorCode::Tampered,
                format!(
                    "{} {} not match their codes: {}",
                    tampered.len(),
                    if tampered.len() == 1 {
                        "entry does"
                    } else {
                        "entries do"
                    },
                    list_bounded(&tampered, LISTED, "; ")
                ),
            ));
        }
        entries.sort_by(|a, b| a.id.cmp(&b.id));
        Ok(Catalog::assemble(
            version, generated, namespace, nsh, entries,
        ))
    }

    /// Writes the catalog in a form, without whitespace, entries sorted by ID.
    pub fn to_json(&self, form: Form) -> String {
        let mut out = String::with_capacity(64 + self.entries.len() * 96);
        match form {
            Form::Full => self.write_keyed(&mut out, &FULL, false),
            Form::Compact => self.write_keyed(&mut out, &COMPACT, false),
            Form::Minimal => {
                out.push('{');
                for (i, e) in self.entries.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    string(&mut out, &e.id);
                    out.push_str(":[");
                    string(&mut out, &e.code);
                    out.push(',');
                    string(&mut out, &e.message);
                    out.push(']');
                }
                out.push('}');
            }
        }
        out
    }

    /// The bytes a signature covers: the compact form with sorted keys (see the module
    /// documentation).
    pub fn canonical_bytes(&self) -> Vec<u8> {
        let mut out = String::with_capacity(64 + self.entries.len() * 96);
        self.write_keyed(&mut out, &COMPACT, true);
        out.into_bytes()
    }

    /// Writes the full or compact form. `canonical` sorts every object's keys (the
    /// compact keys sorted are: entry `c d f h m s t u`, top `g ns nsh v wd`).
    fn write_keyed(&self, out: &mut String, k: &Keys, canonical: bool) {
        let full = k.version == "version";
        let mut top: Vec<(&str, String)> = Vec::new();
        let mut text = String::new();
        string(&mut text, &self.version);
        top.push((k.version, text));
        if full || !self.generated.is_empty() {
            let mut text = String::new();
            string(&mut text, &self.generated);
            top.push((k.generated, text));
        }
        if let Some(ns) = &self.namespace {
            let mut text = String::new();
            string(&mut text, ns);
            top.push((k.namespace, text));
        }
        if let Some(nsh) = &self.namespace_hash {
            let mut text = String::new();
            string(&mut text, nsh.as_str());
            top.push((k.namespace_hash, text));
        }
        let mut diags = String::with_capacity(self.entries.len() * 96);
        diags.push('{');
        for (i, e) in self.entries.iter().enumerate() {
            if i > 0 {
                diags.push(',');
            }
            string(&mut diags, &e.id);
            diags.push(':');
            let severity = if full {
                e.severity.meaning().to_owned()
            } else {
                e.severity.letter().to_string()
            };
            let mut members: Vec<(&str, String)> = Vec::with_capacity(8);
            let mut put = |key: &'static str, value: &str| {
                let mut t = String::new();
                string(&mut t, value);
                members.push((key, t));
            };
            put(k.code, &e.code);
            put(k.severity, &severity);
            put(k.message, &e.message);
            if let Some(d) = &e.description {
                put(k.description, d);
            }
            let mut list = |key: &'static str, items: &[String]| {
                if !items.is_empty() {
                    let mut t = String::from("[");
                    for (j, item) in items.iter().enumerate() {
                        if j > 0 {
                            t.push(',');
                        }
                        string(&mut t, item);
                    }
                    t.push(']');
                    members.push((key, t));
                }
            };
            list(k.hints, &e.hints);
            list(k.tags, &e.tags);
            list(k.fields, &e.fields);
            if let Some(u) = &e.docs_url {
                let mut t = String::new();
                string(&mut t, u);
                members.push((k.docs_url, t));
            }
            object(&mut diags, members, canonical);
        }
        diags.push('}');
        top.push((k.diags, diags));
        object(out, top, canonical);
    }
}

/// Serializes as the full form (with serde_json, the same document as
/// `to_json(Form::Full)`).
impl serde::Serialize for Catalog {
    fn serialize<S: serde::Serializer>(
        &self,
        serializer: S,
    ) -> core::result::Result<S::Ok, S::Error> {
        let value: Value = serde_json::from_str(&self.to_json(Form::Full))
            .map_err(<S::Error as serde::ser::Error>::custom)?;
        value.serialize(serializer)
    }
}

/// Deserializes any of the three forms and verifies it, as [`Catalog::from_value`].
impl<'de> serde::Deserialize<'de> for Catalog {
    fn deserialize<D: serde::Deserializer<'de>>(
        deserializer: D,
    ) -> core::result::Result<Catalog, D::Error> {
        let value = strict::Strict::deserialize(deserializer)?.0;
        Catalog::from_value(&value).map_err(<D::Error as serde::de::Error>::custom)
    }
}

// The JSON text of single values, for a binding that hands them over as text (C): members in
// a fixed order, whatever a JSON map's order is, and no whitespace.

impl CatalogEntry {
    /// Everything the entry holds as JSON text: `{"id", "code", "severity" (its letter),
    /// "message" (the template), "description" (or null), "hints", "tags", "fields" (the
    /// placeholder names, in order of first use), "docs_url" (or null)}` in that order.
    pub fn to_json(&self) -> String {
        let opt = |s: Option<&str>| s.map_or_else(|| "null".to_owned(), text);
        let mut out = String::new();
        let members = vec![
            ("id", text(&self.id)),
            ("code", text(&self.code)),
            ("severity", text(self.severity.letter_str())),
            ("message", text(&self.message)),
            ("description", opt(self.description.as_deref())),
            ("hints", list(&self.hints)),
            ("tags", list(&self.tags)),
            ("fields", list(&self.fields)),
            ("docs_url", opt(self.docs_url.as_deref())),
        ];
        object(&mut out, members, false);
        out
    }
}

impl Expansion<'_> {
    /// The expansion as JSON text: `{"id", "code", "severity" (its letter), "message"}` in
    /// that order.
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        let members = vec![
            ("id", text(self.id)),
            ("code", text(self.code)),
            ("severity", text(self.severity.letter_str())),
            ("message", text(&self.message)),
        ];
        object(&mut out, members, false);
        out
    }
}

impl CollisionGroup {
    /// The group as JSON text: `{"id", "codes"}` in that order.
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        object(
            &mut out,
            vec![("id", text(self.id.as_str())), ("codes", list(&self.codes))],
            false,
        );
        out
    }
}

/// JSON texts as the text of one JSON array.
pub fn json_array(items: impl IntoIterator<Item = String>) -> String {
    format!("[{}]", items.into_iter().collect::<Vec<_>>().join(","))
}

fn text(s: &str) -> String {
    let mut out = String::new();
    string(&mut out, s);
    out
}

fn list(items: &[String]) -> String {
    json_array(items.iter().map(|s| text(s)))
}

fn object(out: &mut String, mut members: Vec<(&str, String)>, sorted: bool) {
    if sorted {
        members.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    }
    out.push('{');
    for (i, (key, value)) in members.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        string(out, key);
        out.push(':');
        out.push_str(value);
    }
    out.push('}');
}

/// A JSON string with the minimal escapes (the canonical form's rule).
pub(crate) fn string(out: &mut String, s: &str) {
    out.push('"');
    let mut start = 0;
    for (i, b) in s.bytes().enumerate() {
        let esc: &str = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x08 => "\\b",
            0x0c => "\\f",
            0..=0x1f => "",
            _ => continue,
        };
        out.push_str(&s[start..i]);
        if esc.is_empty() {
            out.push_str(&format!("\\u{:04x}", b));
        } else {
            out.push_str(esc);
        }
        start = i + 1;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_as_json_keep_their_member_order() {
        let entry = super::super::Entry::new("E.Auth.Token.001", "token \"{{user}}\" missing")
            .hint("log in")
            .docs_url("https://x.test/a");
        let c = Catalog::build([entry]).unwrap();
        let e = &c.entries()[0];
        assert_eq!(
            e.to_json(),
            r#"{"id":"V6a0B","code":"E.AUTH.TOKEN.001","severity":"E","message":"token \"{{user}}\" missing","description":null,"hints":["log in"],"tags":[],"fields":["user"],"docs_url":"https://x.test/a"}"#
        );
        let x = c.expand("V6a0B", &[("user", "ada\n")][..]).unwrap();
        assert_eq!(
            json_array([x.to_json()]),
            r#"[{"id":"V6a0B","code":"E.AUTH.TOKEN.001","severity":"E","message":"token \"ada\n\" missing"}]"#
        );
        let groups = super::super::collisions(["C.AUTH.READ.974", "S.AUTH.READ.898"]).unwrap();
        assert_eq!(
            groups[0].to_json(),
            r#"{"id":"xv0cV","codes":["C.AUTH.READ.974","S.AUTH.READ.898"]}"#
        );
        assert_eq!(json_array(Vec::new()), "[]");
    }

    #[test]
    fn escapes_like_serde_json() {
        for s in [
            "plain",
            "q\"b\\s/",
            "\n\r\t\u{8}\u{c}\u{1}\u{1f}\u{7f}",
            "é ü 日本",
        ] {
            let mut out = String::new();
            string(&mut out, s);
            assert_eq!(out, serde_json::to_string(s).unwrap());
        }
    }

    #[test]
    fn form_from_str() {
        for form in [Form::Full, Form::Compact, Form::Minimal] {
            assert_eq!(form.as_str().parse::<Form>(), Ok(form));
        }
        let e = "Full".parse::<Form>().unwrap_err();
        assert_eq!(e.code(), ErrorCode::InvalidArgument);
        assert_eq!(
            e.to_string(),
            r#"catalog form: "Full" is not 'full', 'compact' or 'minimal'"#
        );
        let e = "x\"\n".parse::<Form>().unwrap_err();
        assert_eq!(
            e.to_string(),
            r#"catalog form: "x\"\n" is not 'full', 'compact' or 'minimal'"#
        );
    }
}
