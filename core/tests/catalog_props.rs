//! Properties: every form round-trips, canonical bytes survive a change of form, and the
//! canonical text is what serde_json writes for the same value with sorted keys.
#![cfg(feature = "catalog")]

use polyid::wdp::catalog::{Catalog, Entry, Form};
use proptest::prelude::*;

fn code() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!['E', 'W', 'C', 'B', 'S', 'K', 'I', 'T', 'H']),
        "[A-Za-z][A-Za-z0-9]{0,6}",
        "[A-Za-z][A-Za-z0-9]{0,6}",
        1u16..=999,
    )
        .prop_map(|(s, c, p, n)| format!("{s}.{c}.{p}.{n:03}"))
}

fn entry() -> impl Strategy<Value = Entry> {
    (
        code(),
        "\\PC{0,12}(\\{\\{[a-z]{1,4}\\}\\})?[\\x00-\\x7f]{0,6}",
        prop::option::of("[ -~é\\n\"\\\\]{0,10}"),
        prop::collection::vec("\\PC{0,5}", 0..3),
    )
        .prop_map(|(code, message, description, hints)| {
            let mut e = Entry::new(code, message);
            e.description = description;
            e.hints = hints;
            e
        })
}

fn sorted(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::Object(m) => {
            let mut keys: Vec<&String> = m.keys().collect();
            keys.sort();
            let items: Vec<String> = keys
                .into_iter()
                .map(|k| format!("{}:{}", serde_json::to_string(k).unwrap(), sorted(&m[k])))
                .collect();
            format!("{{{}}}", items.join(","))
        }
        serde_json::Value::Array(a) => {
            format!("[{}]", a.iter().map(sorted).collect::<Vec<_>>().join(","))
        }
        other => serde_json::to_string(other).unwrap(),
    }
}

proptest! {
    #[test]
    fn forms_round_trip(entries in prop::collection::vec(entry(), 0..12)) {
        let mut seen = std::collections::HashSet::new();
        let entries: Vec<Entry> = entries
            .into_iter()
            .filter(|e| seen.insert(polyid::wdp::compact_id(&e.code).unwrap()))
            .collect();
        let c = Catalog::build(entries).unwrap();
        let full = Catalog::from_json(&c.to_json(Form::Full)).unwrap();
        prop_assert_eq!(&full, &c);
        let compact = Catalog::from_json(&c.to_json(Form::Compact)).unwrap();
        prop_assert_eq!(compact.entries(), c.entries());
        prop_assert_eq!(compact.canonical_bytes(), c.canonical_bytes());
        let minimal = Catalog::from_json(&c.to_json(Form::Minimal)).unwrap();
        prop_assert_eq!(minimal.ids().collect::<Vec<_>>(), c.ids().collect::<Vec<_>>());
        // The canonical text is serde_json's text of the same value with sorted keys.
        let canonical = String::from_utf8(c.canonical_bytes()).unwrap();
        let v: serde_json::Value = serde_json::from_str(&canonical).unwrap();
        prop_assert_eq!(sorted(&v), canonical);
    }
}
