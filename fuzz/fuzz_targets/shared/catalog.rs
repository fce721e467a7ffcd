//! WDP catalogs: `Catalog::from_json` (all three forms) on arbitrary bytes, `to_json`,
//! `canonical_bytes`, `get` / `expand` / `expand_payload`, `Catalog::build` from lines,
//! and the message templates (`placeholders`, `fill`).
//!
//! Properties (a failure panics):
//! - `from_json` never panics; an error is `INVALID_CATALOG` or `TAMPERED`;
//! - an accepted catalog: every ID is the (namespace hash +) compact ID of its entry's code,
//!   the code is normalized, `get(id)` finds it; `to_json(Full)` reloads equal (`==`);
//!   `to_json(Compact)` reloads with the same compact text and canonical bytes;
//!   `to_json(Minimal)` reloads with the same IDs, codes and messages; each form is a fixed
//!   point (write, read, write = the same text); `canonical_bytes` is valid JSON of the
//!   compact form, reloads, and is the same for every reloaded copy;
//! - `Catalog::build` of `code<TAB>message` lines: Ok iff every code parses and no two codes
//!   normalize alike or share an ID; then the same round trips;
//! - `placeholders`/`fill` equal a naive reference implementation (first `{{`, first `}}`
//!   after it, trimmed name; unterminated `{{` is text); `fill` reports missing fields as
//!   `MISSING_FIELD`;
//! - `expand_payload` on a fixed catalog never panics; an error is `INVALID_ARGUMENT`,
//!   `NOT_FOUND` or `MISSING_FIELD`.

use std::collections::{BTreeMap, HashSet};
use std::sync::OnceLock;

use polyid::wdp::catalog::{fill, from_hex, hex, placeholders, Catalog, Entry, Form, KeyPair};
use polyid::wdp::{self, StructuredCode};

fn code_str(e: &polyid::Error) -> &'static str {
    e.code().as_str()
}

/// The reference reading of a template: text and field parts.
fn naive_parts(template: &str) -> Vec<(bool, String)> {
    let mut parts = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find("{{") {
        let after = &rest[open + 2..];
        let Some(close) = after.find("}}") else {
            break;
        };
        if open > 0 {
            parts.push((false, rest[..open].to_owned()));
        }
        parts.push((true, after[..close].trim().to_owned()));
        rest = &after[close + 2..];
    }
    if !rest.is_empty() {
        parts.push((false, rest.to_owned()));
    }
    parts
}

fn check_template(template: &str) {
    let parts = naive_parts(template);
    let mut names: Vec<String> = Vec::new();
    for (is_field, t) in &parts {
        if *is_field && !names.contains(t) {
            names.push(t.clone());
        }
    }
    assert_eq!(
        placeholders(template),
        names,
        "placeholders of {template:?}"
    );
    // Every field given: each becomes `<name>`.
    let all: BTreeMap<String, String> = names
        .iter()
        .map(|n| (n.clone(), format!("<{n}>")))
        .collect();
    let want: String = parts
        .iter()
        .map(|(f, t)| if *f { format!("<{t}>") } else { t.clone() })
        .collect();
    assert_eq!(
        fill(template, &all).as_deref(),
        Ok(want.as_str()),
        "fill {template:?}"
    );
    // No fields.
    match fill(template, &()) {
        Ok(t) => {
            assert!(names.is_empty(), "fill without fields of {template:?}");
            assert_eq!(t, template);
        }
        Err(e) => {
            assert!(!names.is_empty());
            assert_eq!(code_str(&e), "MISSING_FIELD");
        }
    }
}

/// Everything an accepted (or built) catalog must satisfy.
fn check_catalog(c: &Catalog) {
    let nsh = c.namespace_hash();
    let mut ids = HashSet::new();
    let mut prev: Option<&str> = None;
    for e in c.entries() {
        let id = e.id();
        assert!(
            prev.is_none_or(|p| p < id),
            "IDs not sorted/unique: {prev:?} {id:?}"
        );
        prev = Some(id);
        assert!(ids.insert(id.to_owned()));
        let parsed = StructuredCode::parse(e.code()).expect("a catalog code parses");
        assert_eq!(parsed.normalized(), e.code(), "catalog code is normalized");
        assert_eq!(parsed.severity(), e.severity());
        let compact = wdp::compact_id(e.code()).unwrap();
        let want = match nsh {
            Some(h) => format!("{h}-{compact}"),
            None => compact.to_string(),
        };
        assert_eq!(id, want, "ID of {}", e.code());
        assert_eq!(c.get(id).map(|g| g.id()), Some(id));
        if nsh.is_some() {
            assert_eq!(
                c.get(compact.as_str()).map(|g| g.id()),
                Some(id),
                "bare compact ID"
            );
        }
        match c.expand_id(id) {
            Ok(x) => {
                assert_eq!((x.id, x.code, x.severity), (id, e.code(), e.severity()));
                assert_eq!(x.message, e.message());
            }
            Err(err) => assert_eq!(code_str(&err), "MISSING_FIELD", "expand_id({id:?})"),
        }
        let all: BTreeMap<&str, &str> = e.fields().iter().map(|f| (f.as_str(), "x")).collect();
        let everything: BTreeMap<String, String> = placeholders(e.message())
            .into_iter()
            .map(|n| (n, "x".to_owned()))
            .collect();
        let _ = c.expand(id, &all);
        assert!(
            c.expand(id, &everything).is_ok(),
            "expand with every placeholder"
        );
    }
    assert_eq!(c.len(), ids.len());

    let full = c.to_json(Form::Full);
    let compact = c.to_json(Form::Compact);
    let minimal = c.to_json(Form::Minimal);
    let canonical = c.canonical_bytes();

    let f = Catalog::from_json(&full).unwrap_or_else(|e| panic!("full form reload: {e}\n{full}"));
    assert!(f == *c, "full form reloads different:\n{full}");
    assert_eq!(f.to_json(Form::Full), full, "full form fixed point");
    assert_eq!(f.canonical_bytes(), canonical);

    let k = Catalog::from_json(&compact)
        .unwrap_or_else(|e| panic!("compact form reload: {e}\n{compact}"));
    assert_eq!(
        k.to_json(Form::Compact),
        compact,
        "compact form fixed point"
    );
    assert_eq!(
        k.canonical_bytes(),
        canonical,
        "canonical bytes after the compact form"
    );
    assert_eq!(k.entries(), c.entries());

    let m = Catalog::from_json(&minimal)
        .unwrap_or_else(|e| panic!("minimal form reload: {e}\n{minimal}"));
    assert_eq!(
        m.to_json(Form::Minimal),
        minimal,
        "minimal form fixed point"
    );
    let triple = |c: &Catalog| {
        c.entries()
            .iter()
            .map(|e| {
                (
                    e.id().to_owned(),
                    e.code().to_owned(),
                    e.message().to_owned(),
                )
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(
        triple(&m),
        triple(c),
        "minimal form keeps IDs, codes, messages"
    );

    let text = std::str::from_utf8(&canonical).expect("canonical bytes are UTF-8");
    // The documented canonical form is serde_json's compact output of the same document
    // with sorted keys (its default map) and its escaping (short escapes, other controls as
    // \u00xx, everything else as is): parse it independently and write it again.
    let doc: serde_json::Value = serde_json::from_str(text)
        .unwrap_or_else(|e| panic!("canonical bytes are not JSON: {e}\n{text}"));
    assert_eq!(
        serde_json::to_string(&doc).unwrap(),
        text,
        "canonical bytes are not sorted/escaped canonically"
    );
    let r = Catalog::from_json(text).unwrap_or_else(|e| panic!("canonical reload: {e}\n{text}"));
    assert_eq!(
        r.canonical_bytes(),
        canonical,
        "canonical bytes fixed point"
    );
}

fn fixed() -> &'static Catalog {
    static C: OnceLock<Catalog> = OnceLock::new();
    C.get_or_init(|| {
        Catalog::build([
            Entry::new("E.Auth.Token.001", "token missing for {{user}}"),
            Entry::new("W.Database.Connection.027", "slow connection"),
            Entry::new("E.A.B.001", "{{ a }} and {{b}} and {{a}}"),
        ])
        .unwrap()
    })
}

/// Signatures (inputs starting with the byte 0xED, so that the slow Ed25519 work does not
/// slow down the JSON half): any bytes as key and signature never panic; a key from 32 input
/// bytes signs the fixed catalog and verifies; a changed bit does not.
fn check_signatures(data: &[u8]) {
    if data.len() >= 96 {
        match fixed().verify(&data[..32], &data[32..96]) {
            Ok(()) => {}
            Err(e) => assert_eq!(code_str(&e), "INVALID_SIGNATURE"),
        }
    }
    assert_eq!(KeyPair::from_secret(data).is_ok(), data.len() == 32);
    if data.len() >= 33 {
        let key = KeyPair::from_secret(&data[..32]).unwrap();
        assert_eq!(key.secret_key(), data[..32]);
        let mut sig = fixed().sign(&key);
        assert_eq!(fixed().verify(&key.public_key(), &sig), Ok(()));
        let bit = data[32] as usize % (8 * sig.len());
        sig[bit / 8] ^= 1 << (bit % 8);
        let e = fixed()
            .verify(&key.public_key(), &sig)
            .expect_err("a changed signature verifies");
        assert_eq!(code_str(&e), "INVALID_SIGNATURE");
    }
}

/// `from_hex` accepts exactly an even number of hex digits (either case); `hex` writes them
/// back in lower case; a bad digit is reported with its character index.
fn check_hex(s: &str) {
    let b = s.as_bytes();
    match from_hex(s) {
        Ok(bytes) => {
            assert!(
                b.len().is_multiple_of(2) && b.iter().all(u8::is_ascii_hexdigit),
                "from_hex({s:?})"
            );
            assert_eq!(hex(&bytes), s.to_ascii_lowercase());
        }
        Err(e) if !b.len().is_multiple_of(2) => assert_eq!(code_str(&e), "INVALID_LENGTH"),
        Err(e) => {
            assert_eq!(code_str(&e), "INVALID_CHARACTER");
            let bad = s.chars().enumerate().find(|(_, c)| !c.is_ascii_hexdigit());
            assert!(bad.is_some(), "from_hex refused {s:?}");
            assert_eq!(e.index().zip(e.offending_char()), bad, "from_hex({s:?})");
        }
    }
}

pub fn check(data: &[u8]) {
    if let Some((0xED, rest)) = data.split_first() {
        check_signatures(rest);
    }
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    check_hex(s);

    match Catalog::from_json(s) {
        Ok(c) => check_catalog(&c),
        Err(e) => assert!(
            matches!(code_str(&e), "INVALID_CATALOG" | "TAMPERED"),
            "from_json error {e}"
        ),
    }

    check_template(s);

    match fixed().expand_payload(s) {
        Ok(list) => {
            for x in list {
                assert!(fixed().get(x.id).is_some());
            }
        }
        Err(e) => assert!(
            matches!(
                code_str(&e),
                "INVALID_ARGUMENT" | "NOT_FOUND" | "MISSING_FIELD"
            ),
            "expand_payload error {e}"
        ),
    }
    let _ = fixed().get(s);

    // Build from `code<TAB>message` lines (an optional `namespace` first line `@ns`).
    if !s.starts_with('{') && !s.is_empty() {
        let mut lines = s.lines().peekable();
        let namespace = lines
            .peek()
            .and_then(|l| l.strip_prefix('@'))
            .map(str::to_owned);
        if namespace.is_some() {
            lines.next();
        }
        let entries: Vec<Entry> = lines
            .map(|l| {
                let (code, message) = l.split_once('\t').unwrap_or((l, "m"));
                Entry::new(code, message)
            })
            .collect();
        let codes: Vec<_> = entries
            .iter()
            .map(|e| StructuredCode::parse(&e.code))
            .collect();
        let built = match &namespace {
            Some(ns) => Catalog::build_namespaced(ns, entries),
            None => Catalog::build(entries),
        };
        match built {
            Ok(c) => {
                assert!(codes.iter().all(|c| c.is_ok()));
                assert_eq!(c.len(), codes.len());
                assert_eq!(c.namespace(), namespace.as_deref());
                check_catalog(&c);
            }
            Err(e) => {
                let ns_bad = namespace
                    .as_deref()
                    .is_some_and(|n| wdp::namespace_hash(n).is_err());
                let code_bad = codes.iter().any(|c| c.is_err());
                let normalized: HashSet<_> = codes.iter().flatten().copied().collect();
                let dup = normalized.len() < codes.len();
                assert!(
                    ns_bad || code_bad || dup || matches!(code_str(&e), "COLLISION"),
                    "build refused {s:?}: {e}"
                );
            }
        }
    }
}
