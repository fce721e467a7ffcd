//! Catalogs: build, the three JSON forms, verification on load, expansion, signatures,
//! collisions. Expected IDs come from docs/spec §1.2/§1.3; the colliding pairs were found
//! with an independent Python script (python `xxhash` package, docs/spec's steps).
#![cfg(feature = "catalog")]

use std::collections::{BTreeMap, HashMap};

use polyid::wdp::catalog::{
    collisions, expected_collisions, from_hex, hex, Catalog, Entry, Form, KeyPair, MAX_FIELD_DEPTH,
};
use polyid::ErrorCode;

fn sample() -> Catalog {
    Catalog::build([
        Entry::new(
            "E.Auth.Token.001",
            "token missing for {{user}} from {{ ip }}",
        )
        .description("The request had no bearer token.")
        .hint("send an Authorization header")
        .hint("check the \"proxy\"\n config")
        .tag("auth")
        .docs_url("https://example.com/E.AUTH.TOKEN.001"),
        Entry::new("W.DATABASE.CONNECTION.027", "slow connection"),
        Entry::new("E.A.B.001", "minimal é ü"),
        Entry::new("T.Profiler.Timer.999", "timer {{name}} took {{ms}} ms"),
    ])
    .unwrap()
}

#[test]
fn build_computes_spec_ids() {
    let c = sample();
    assert_eq!(c.len(), 4);
    // docs/spec §1.2 vectors, sorted by ID bytes.
    assert_eq!(
        c.ids().collect::<Vec<_>>(),
        ["KF52S", "V6a0B", "fnOQk", "l3i4I"]
    );
    let e = c.get("V6a0B").unwrap();
    assert_eq!(e.code(), "E.AUTH.TOKEN.001");
    assert_eq!(e.fields(), ["user", "ip"]);
    assert_eq!(e.severity().letter(), 'E');
    assert_eq!(c.get("l3i4I").unwrap().code(), "E.A.B.001");
    assert!(c.get("zzzzz").is_none());
    assert!(c.get("05o5h-V6a0B").is_none(), "not a namespaced catalog");
}

#[test]
fn named_sequences_resolve() {
    let c = Catalog::build([Entry::new("E.AUTH.TOKEN.MISSING", "m")]).unwrap();
    assert_eq!(c.ids().collect::<Vec<_>>(), ["V6a0B"]);
    assert_eq!(c.get("V6a0B").unwrap().code(), "E.AUTH.TOKEN.001");
}

#[test]
fn namespaced_catalog_uses_full_ids() {
    let c = Catalog::build_namespaced("auth_lib", [Entry::new("E.Auth.Token.001", "token {{x}}")])
        .unwrap();
    assert_eq!(c.ids().collect::<Vec<_>>(), ["05o5h-V6a0B"]);
    assert_eq!(c.namespace(), Some("auth_lib"));
    assert_eq!(c.namespace_hash().unwrap().as_str(), "05o5h");
    let f = [("x", "1")];
    assert_eq!(c.expand("05o5h-V6a0B", &f[..]).unwrap().message, "token 1");
    assert_eq!(c.expand("V6a0B", &f[..]).unwrap().code, "E.AUTH.TOKEN.001");
    assert_eq!(c.expand("V6a0B", &f[..]).unwrap().id, "05o5h-V6a0B");
    assert_eq!(
        c.expand("oFN7q-V6a0B", &f[..]).unwrap_err().code(),
        ErrorCode::NotFound
    );
    for form in [Form::Full, Form::Compact, Form::Minimal] {
        let again = Catalog::from_json(&c.to_json(form)).unwrap();
        assert_eq!(again.ids().collect::<Vec<_>>(), ["05o5h-V6a0B"], "{form:?}");
    }
    let user = Catalog::build_namespaced(
        "user_service",
        [Entry::new("E.Database.Connection.021", "db")],
    )
    .unwrap();
    assert_eq!(user.ids().collect::<Vec<_>>(), ["oFN7q-gjyGQ"]);
    assert_eq!(
        Catalog::build_namespaced("Bad", [Entry::new("E.A.B.001", "m")])
            .unwrap_err()
            .code(),
        ErrorCode::InvalidNamespace
    );
}

#[test]
fn duplicate_codes_are_reported() {
    let e = Catalog::build([
        Entry::new("E.Auth.Token.001", "a"),
        Entry::new("E.AUTH.TOKEN.MISSING", "b"),
    ])
    .unwrap_err();
    assert_eq!(e.code(), ErrorCode::DuplicateCode);
    assert!(e.to_string().contains("E.AUTH.TOKEN.001"), "{e}");
    assert!(e.to_string().contains("\"E.AUTH.TOKEN.MISSING\""), "{e}");
}

#[test]
fn collisions_name_both_codes_and_the_id() {
    // Found with the independent script: C.AUTH.READ.974 and S.AUTH.READ.898 -> xv0cV.
    let e = Catalog::build([
        Entry::new("C.AUTH.READ.974", "a"),
        Entry::new("E.A.B.001", "b"),
        Entry::new("S.AUTH.READ.898", "c"),
    ])
    .unwrap_err();
    assert_eq!(e.code(), ErrorCode::Collision);
    let text = e.to_string();
    for part in ["C.AUTH.READ.974", "S.AUTH.READ.898", "xv0cV"] {
        assert!(text.contains(part), "{text}");
    }
    let groups = collisions([
        "C.AUTH.READ.974",
        "B.AUTH.TIMEOUT.757",
        "S.AUTH.READ.898",
        "T.AUTH.KEY.288",
        "c.auth.read.974",
        "E.A.B.001",
    ])
    .unwrap();
    assert_eq!(groups.len(), 2);
    assert_eq!(groups[0].id.as_str(), "xv0cV");
    assert_eq!(groups[0].codes, ["C.AUTH.READ.974", "S.AUTH.READ.898"]);
    assert_eq!(groups[1].id.as_str(), "yrmLL");
    assert_eq!(groups[1].codes, ["B.AUTH.TIMEOUT.757", "T.AUTH.KEY.288"]);
    assert!((expected_collisions(10_000) - 0.054_574).abs() < 1e-5);
}

#[test]
fn expansion_fills_fields_and_reports_missing_ones() {
    let c = sample();
    let fields = HashMap::from([("user", "ada"), ("ip", "10.0.0.1")]);
    let e = c.expand("V6a0B", &fields).unwrap();
    assert_eq!(e.id, "V6a0B");
    assert_eq!(e.code, "E.AUTH.TOKEN.001");
    assert_eq!(e.severity.meaning(), "Error");
    assert_eq!(e.message, "token missing for ada from 10.0.0.1");

    let plain = c.expand_id("KF52S").unwrap();
    assert!(matches!(plain.message, std::borrow::Cow::Borrowed(_)));
    assert_eq!(plain.message, "slow connection");
    assert_eq!(plain.severity.letter(), 'W');

    let partial = BTreeMap::from([("user", "ada")]);
    let err = c.expand("V6a0B", &partial).unwrap_err();
    assert_eq!(err.code(), ErrorCode::MissingField);
    assert!(err.to_string().contains("ip"), "{err}");
    let err = c.expand_id("fnOQk").unwrap_err();
    assert_eq!(err.code(), ErrorCode::MissingField);
    assert!(err.to_string().contains(r#""name", "ms""#), "{err}");

    for unknown in ["35Jkp", "", "V6a0", "V6a0B-", "05o5h-V6a0B", "ÿÿÿ"] {
        assert_eq!(
            c.expand_id(unknown).unwrap_err().code(),
            ErrorCode::NotFound,
            "{unknown}"
        );
    }
}

/// A number in a payload's fields is written back as the double it names. Without exact
/// parsing these come back one unit in the last place off (2^-24 as 5.960464477539064e-8).
#[test]
fn payload_numbers_keep_their_value() {
    let c = sample();
    for x in [
        2f64.powi(-24),
        2.225_073_858_507_201e-308,
        0.1 + 0.2,
        1.797_693_134_862_315_7e308,
        5e-324,
        123_456_789.123_456_78,
        9.007_199_254_740_993e15,
    ] {
        let payload = format!(r#"{{"fnOQk": {{"f": {{"name": [{x:e}], "ms": {x:?}}}}}}}"#);
        let out = c.expand_payload(&payload).unwrap();
        let message = out[0].message.to_string();
        let rest = message.strip_prefix("timer [").unwrap();
        let (list, ms) = rest.split_once("] took ").unwrap();
        let ms = ms.strip_suffix(" ms").unwrap();
        for text in [list, ms] {
            let back: f64 = text.parse().unwrap();
            assert_eq!(back.to_bits(), x.to_bits(), "{x:e} came back as {text}");
        }
    }
}

#[test]
fn payload_expansion() {
    let c = sample();
    let out = c
        .expand_payload(r#"{"fnOQk": {"f": {"name": "db", "ms": 12}}, "KF52S": {}}"#)
        .unwrap();
    let mut ids: Vec<&str> = out.iter().map(|e| e.id).collect();
    ids.sort();
    assert_eq!(ids, ["KF52S", "fnOQk"]);
    let mut got: Vec<(&str, String)> = out
        .iter()
        .map(|e| (e.code, e.message.to_string()))
        .collect();
    got.sort();
    assert_eq!(
        got,
        [
            ("T.PROFILER.TIMER.999", "timer db took 12 ms".to_owned()),
            ("W.DATABASE.CONNECTION.027", "slow connection".to_owned()),
        ]
    );
    assert_eq!(
        c.expand_payload(r#"{"35Jkp": {}}"#).unwrap_err().code(),
        ErrorCode::NotFound
    );
    assert_eq!(
        c.expand_payload(r#"{"fnOQk": {"f": {"name": "db"}}}"#)
            .unwrap_err()
            .code(),
        ErrorCode::MissingField
    );
    for bad in ["[]", "{", r#"{"KF52S": 1}"#, r#"{"KF52S": {"f": 2}}"#] {
        assert_eq!(
            c.expand_payload(bad).unwrap_err().code(),
            ErrorCode::InvalidArgument,
            "{bad}"
        );
    }
}

/// `levels` arrays around `inner`: the value's deepest part is `levels` below it.
fn nested(levels: usize, inner: &str) -> String {
    format!("{}{inner}{}", "[".repeat(levels), "]".repeat(levels))
}

#[test]
fn field_values_nest_at_most_64_levels() {
    assert_eq!(MAX_FIELD_DEPTH, 64);
    let c = sample();
    let fields = |v: &str| format!(r#"{{"name": {v}, "ms": 1}}"#);
    let payload = |v: &str| format!(r#"{{"fnOQk": {{"f": {}}}}}"#, fields(v));
    // 64 levels: an integer inside 64 arrays, or 65 arrays of which the innermost is empty
    // (nothing lies 65 levels down).
    for ok in [nested(64, "7"), nested(65, "")] {
        let want = format!("timer {ok} took 1 ms");
        assert_eq!(c.expand_json("fnOQk", &fields(&ok)).unwrap().message, want);
        assert_eq!(c.expand_payload(&payload(&ok)).unwrap()[0].message, want);
    }
    // One level more, in an array or an object, is INVALID_ARGUMENT, whether or not the ID
    // is in the catalog: fields are read first.
    for deep in [
        nested(65, "7"),
        nested(64, r#"{"k":1}"#),
        nested(100, "null"),
    ] {
        let value: serde_json::Value = serde_json::from_str(&fields(&deep)).unwrap();
        for e in [
            c.expand_json("fnOQk", &fields(&deep)).unwrap_err(),
            c.expand_json("35Jkp", &fields(&deep)).unwrap_err(),
            c.expand_payload(&payload(&deep)).unwrap_err(),
            c.expand("fnOQk", &value).unwrap_err(),
            c.expand("35Jkp", value.as_object().unwrap()).unwrap_err(),
        ] {
            assert_eq!(e.code(), ErrorCode::InvalidArgument);
            assert_eq!(e.to_string(), "field value: nested more than 64 levels");
        }
    }
}

#[test]
fn three_forms_round_trip() {
    let c = sample();
    let full = c.to_json(Form::Full);
    let v: serde_json::Value = serde_json::from_str(&full).unwrap();
    assert_eq!(v["version"], "1");
    assert_eq!(v["diags"]["V6a0B"]["severity"], "Error");
    assert_eq!(
        v["diags"]["V6a0B"]["hints"][1],
        "check the \"proxy\"\n config"
    );
    assert_eq!(v["diags"]["V6a0B"]["fields"][1], "ip");
    let again = Catalog::from_json(&full).unwrap();
    assert_eq!(again, c);

    let compact = c.to_json(Form::Compact);
    let v: serde_json::Value = serde_json::from_str(&compact).unwrap();
    assert_eq!(v["wd"]["KF52S"]["s"], "W");
    assert_eq!(v["wd"]["KF52S"]["c"], "W.DATABASE.CONNECTION.027");
    assert_eq!(
        v["wd"]["V6a0B"]["u"],
        "https://example.com/E.AUTH.TOKEN.001"
    );
    let again = Catalog::from_json(&compact).unwrap();
    assert_eq!(again.entries(), c.entries());

    let minimal = c.to_json(Form::Minimal);
    let v: serde_json::Value = serde_json::from_str(&minimal).unwrap();
    assert_eq!(v["l3i4I"][0], "E.A.B.001");
    assert_eq!(v["l3i4I"][1], "minimal é ü");
    let again = Catalog::from_json(&minimal).unwrap();
    assert_eq!(again.len(), 4);
    assert_eq!(again.expand_id("l3i4I").unwrap().message, "minimal é ü");
}

#[test]
fn loading_rejects_tampered_and_malformed_catalogs() {
    // Two entries whose IDs are not their codes' IDs: both are listed.
    let e = Catalog::from_json(
        r#"{"V6a0B": ["E.AUTH.TOKEN.002", "m"], "KF52S": ["E.A.B.001", "m"], "l3i4I": ["E.A.B.001", "ok"]}"#,
    )
    .unwrap_err();
    assert_eq!(e.code(), ErrorCode::Tampered);
    let text = e.to_string();
    assert!(text.contains("2 entries"), "{text}");
    assert!(text.contains("V6a0B") && text.contains("35Jkp"), "{text}");
    assert!(text.contains("KF52S") && text.contains("l3i4I"), "{text}");

    // A severity that is not the code's.
    let e =
        Catalog::from_json(r#"{"v":"1","wd":{"V6a0B":{"c":"E.AUTH.TOKEN.001","s":"W","m":"x"}}}"#)
            .unwrap_err();
    assert_eq!(e.code(), ErrorCode::Tampered);

    // A namespace hash that is not the namespace's.
    let e = Catalog::from_json(
        r#"{"v":"1","ns":"auth_lib","nsh":"oFN7q","wd":{"oFN7q-V6a0B":{"c":"E.AUTH.TOKEN.001","s":"E","m":"x"}}}"#,
    )
    .unwrap_err();
    assert_eq!(e.code(), ErrorCode::Tampered);

    for bad in [
        "",
        "[]",
        "{",
        r#"{"V6a0B": "E.AUTH.TOKEN.001"}"#,
        r#"{"V6a0B": ["E.AUTH.TOKEN.001"]}"#,
        r#"{"v":"1","wd":[]}"#,
        r#"{"v":"1","wd":{"V6a0B":{"c":"E.AUTH.TOKEN.001","s":"E"}}}"#,
        r#"{"diags":{}}"#,
        r#"{"V6a0B": ["E.AUTH.TOKEN", "m"]}"#,
    ] {
        assert_eq!(
            Catalog::from_json(bad).unwrap_err().code(),
            ErrorCode::InvalidCatalog,
            "{bad}"
        );
    }
    assert!(Catalog::from_json("{}").unwrap().is_empty());
}

#[test]
fn signatures() {
    let c = sample();
    let key = KeyPair::generate().unwrap();
    let sig = c.sign(&key);
    c.verify(&key.public_key(), &sig).unwrap();

    // The canonical bytes do not depend on the form the catalog travelled in.
    for form in [Form::Full, Form::Compact] {
        let again = Catalog::from_json(&c.to_json(form)).unwrap();
        again.verify(&key.public_key(), &sig).unwrap();
    }
    // Another key, a flipped bit, a changed message: INVALID_SIGNATURE.
    let other = KeyPair::generate().unwrap();
    assert_ne!(other.public_key(), key.public_key());
    let fail = |r: polyid::Result<()>| r.unwrap_err().code();
    assert_eq!(
        fail(c.verify(&other.public_key(), &sig)),
        ErrorCode::InvalidSignature
    );
    let mut flipped = sig;
    flipped[10] ^= 1;
    assert_eq!(
        fail(c.verify(&key.public_key(), &flipped)),
        ErrorCode::InvalidSignature
    );
    assert_eq!(
        fail(c.verify(&key.public_key(), &sig[..63])),
        ErrorCode::InvalidSignature
    );
    assert_eq!(fail(c.verify(&[1, 2], &sig)), ErrorCode::InvalidSignature);
    let changed = Catalog::from_json(
        &c.to_json(Form::Compact)
            .replace("slow connection", "fast connection"),
    )
    .unwrap();
    assert_eq!(
        fail(changed.verify(&key.public_key(), &sig)),
        ErrorCode::InvalidSignature
    );

    // Deterministic for a fixed key (Ed25519), and the secret round-trips.
    let fixed = KeyPair::from_secret(&[7u8; 32]).unwrap();
    assert_eq!(c.sign(&fixed), c.sign(&fixed));
    let back = KeyPair::from_secret(&fixed.secret_key()).unwrap();
    assert_eq!(back.public_key(), fixed.public_key());
    assert_eq!(
        KeyPair::from_secret(&[0; 31]).unwrap_err().code(),
        ErrorCode::InvalidLength
    );
    assert_eq!(from_hex(&hex(&sig)).unwrap(), sig);
}

#[test]
fn canonical_bytes_are_sorted_compact_json() {
    let mut c =
        Catalog::build([Entry::new("E.A.B.001", "m \"q\" {{x}}").tag("t").hint("h")]).unwrap();
    // The time a catalog was generated is covered too (as `g`): a verified catalog returns
    // nothing its signature does not cover.
    assert!(!c.generated().is_empty());
    c.set_generated("");
    assert_eq!(
        String::from_utf8(c.canonical_bytes()).unwrap(),
        r#"{"v":"1","wd":{"l3i4I":{"c":"E.A.B.001","f":["x"],"h":["h"],"m":"m \"q\" {{x}}","s":"E","t":["t"]}}}"#
    );
    let ns = Catalog::build_namespaced("a", [Entry::new("E.A.B.001", "m")]).unwrap();
    assert_eq!(
        String::from_utf8(ns.canonical_bytes()).unwrap(),
        format!(
            r#"{{"g":"{}","ns":"a","nsh":"ECjXV","v":"1","wd":{{"ECjXV-l3i4I":{{"c":"E.A.B.001","m":"m","s":"E"}}}}}}"#,
            ns.generated()
        )
    );
}

/// A version must read as one text in every JSON reader: a string, or an integer of 64 bits
/// (its digits); a fraction, an exponent or a wider integer is refused, not rewritten.
#[test]
fn a_version_is_a_string_or_an_integer() {
    let with = |v: &str| {
        Catalog::from_json(&format!(
            r#"{{"v":{v},"wd":{{"V6a0B":{{"c":"E.AUTH.TOKEN.001","m":"ok"}}}}}}"#
        ))
    };
    for (v, read) in [
        (r#""1.5""#, "1.5"),
        ("7", "7"),
        ("-3", "-3"),
        ("18446744073709551615", "18446744073709551615"),
        ("-9223372036854775808", "-9223372036854775808"),
    ] {
        assert_eq!(with(v).unwrap().version(), read, "{v}");
    }
    for v in [
        "1.5",
        "1.0",
        "-0",
        "1e2",
        "18446744073709551616",
        "-9223372036854775809",
        "true",
        "null",
        "[]",
    ] {
        let e = with(v).unwrap_err();
        assert_eq!(e.code(), ErrorCode::InvalidCatalog, "{v}");
        assert_eq!(
            e.to_string(),
            r#"WDP catalog: "v" is not a string or an integer"#,
            "{v}"
        );
    }
}

#[test]
fn a_catalog_is_read_one_way_only() {
    let e = Catalog::from_json(
        r#"{"v":"1","wd":{"V6a0B":{"c":"E.AUTH.TOKEN.001","m":"EVIL","m":"ok"}}}"#,
    )
    .unwrap_err();
    assert_eq!(e.code(), ErrorCode::InvalidCatalog);
    assert_eq!(
        e.to_string(),
        r#"WDP catalog: member "m" appears twice in one object at line 1 column 61"#
    );
    let e =
        Catalog::from_json(r#"{"v":"1","wd":{"V6a0B":{"c":"E.AUTH.TOKEN.001","m":"ok","x\n":1}}}"#)
            .unwrap_err();
    assert_eq!(e.code(), ErrorCode::InvalidCatalog);
    assert_eq!(
        e.to_string(),
        r#"WDP catalog: entry "V6a0B": unknown member "x\n" (the compact form's members there are c, s, m, d, h, t, f, u)"#
    );
    let e = Catalog::from_json(r#"{"version":"1","diags":{},"wd":{}}"#).unwrap_err();
    assert_eq!(
        e.to_string(),
        "WDP catalog: catalog: unknown member \"wd\" (the full form's members there are \
         version, generated, namespace, namespace_hash, diags)"
    );
    // serde: the same reading.
    let e = serde_json::from_str::<Catalog>(
        r#"{"V6a0B":["E.AUTH.TOKEN.001","a"],"V6a0B":["E.AUTH.TOKEN.001","b"]}"#,
    )
    .unwrap_err();
    assert!(e.to_string().contains("appears twice"), "{e}");
    // A message listing offending entries stays bounded however many there are.
    let many: String = (0..10_000)
        .map(|i| format!("\"{:05}\":[\"E.A.B.{:03}\",\"m\"]", i, i % 999 + 1))
        .collect::<Vec<_>>()
        .join(",");
    let e = Catalog::from_json(&format!("{{{many}}}")).unwrap_err();
    assert_eq!(e.code(), ErrorCode::Tampered);
    assert!(e.to_string().len() < 1_000, "{}", e.to_string().len());
    assert!(e.to_string().ends_with("; and 9990 more"), "{e}");
}

#[test]
fn serde_round_trip() {
    let c = sample();
    let text = serde_json::to_string(&c).unwrap();
    let back: Catalog = serde_json::from_str(&text).unwrap();
    assert_eq!(back, c);
    let tampered = r#"{"V6a0B": ["E.AUTH.TOKEN.002", "m"]}"#;
    let e = serde_json::from_str::<Catalog>(tampered).unwrap_err();
    assert!(e.to_string().contains("35Jkp"), "{e}");
}

/// Found by `fuzz/` (catalog): an 11-byte minimal-form ID with a multi-byte character across
/// byte 5 was sliced through and panicked. Now the entry is rejected.
#[test]
fn minimal_id_with_multibyte_character_is_rejected() {
    let e = polyid::wdp::catalog::Catalog::from_json(r#"{"abcdéxxxxx":["E.A.B.001","m"]}"#)
        .unwrap_err();
    assert!(
        matches!(e.code().as_str(), "TAMPERED" | "INVALID_CATALOG"),
        "{e}"
    );
}

/// `build_with` takes `generated` from the caller's clock (wasm32 has no system clock).
#[test]
fn build_with_clock_sets_generated() {
    use polyid::clock::ManualClock;
    use polyid::wdp::catalog::{Catalog, Entry};
    // 2024-07-19T16:40:46Z (docs/spec's TID instant, whole seconds)
    let clock = ManualClock::new(1_721_407_246_480_310);
    let c = Catalog::build_with(&clock, [Entry::new("E.AUTH.TOKEN.001", "m")]).unwrap();
    assert_eq!(c.generated(), "2024-07-19T16:40:46Z");
    let c =
        Catalog::build_namespaced_with(&clock, "auth_lib", [Entry::new("E.A.B.001", "m")]).unwrap();
    assert_eq!(c.generated(), "2024-07-19T16:40:46Z");
    assert_eq!(c.namespace_hash().unwrap().as_str(), "05o5h");
}

#[test]
fn expected_collisions_of_fewer_than_two_is_plus_zero() {
    use polyid::wdp::catalog::{collision_probability, expected_collisions};
    for n in [0, 1] {
        assert!(expected_collisions(n) == 0.0 && expected_collisions(n).is_sign_positive());
        assert!(collision_probability(n) == 0.0);
    }
    // the seed's table: 10,000 codes -> 5.3% (docs/spec / wdp-part5 §1.2)
    assert!((collision_probability(10_000) - 0.0531).abs() < 0.0005);
}

#[test]
fn heap_size_counts_every_string_and_grows_with_the_entries() {
    let c = sample();
    let texts: usize = c
        .entries()
        .iter()
        .map(|e| {
            e.id().len()
                + e.code().len()
                + e.message().len()
                + e.description().map_or(0, str::len)
                + e.docs_url().map_or(0, str::len)
                + e.hints()
                    .iter()
                    .chain(e.tags())
                    .chain(e.fields())
                    .map(String::len)
                    .sum::<usize>()
        })
        .sum();
    let entry = std::mem::size_of::<polyid::wdp::catalog::CatalogEntry>();
    let size = c.heap_size();
    assert!(
        size >= texts + c.len() * entry,
        "{size} < {texts} + {}",
        c.len() * entry
    );
    // The entries, the index and the texts: well under 2x what they hold.
    assert!(size < 2 * (texts + c.len() * (entry + 64)) + 256, "{size}");

    let empty = Catalog::build(Vec::<Entry>::new()).unwrap();
    let long = Catalog::build([Entry::new("E.A.B.001", "x".repeat(10_000))]).unwrap();
    assert!(empty.heap_size() < 64, "{}", empty.heap_size());
    assert!(long.heap_size() >= 10_000 + entry);
    assert!(
        long.heap_size() < 10_000 + entry + 256,
        "{}",
        long.heap_size()
    );
}

/// The helpers the bindings share: `build_in` (an optional namespace), `expand_json` (fields
/// as JSON text, `""` for none), `Entry::from(&CatalogEntry)`, `Severity::letter_str`.
#[test]
fn shared_binding_helpers() {
    use polyid::clock::ManualClock;
    let clock = ManualClock::new(1_721_407_246_480_310);
    let entries = || [Entry::new("E.Auth.Token.001", "token {{x}}")];
    let bare = Catalog::build_in(&clock, None, entries()).unwrap();
    assert_eq!(bare, Catalog::build_with(&clock, entries()).unwrap());
    let ns = Catalog::build_in(&clock, Some("auth_lib"), entries()).unwrap();
    assert_eq!(
        ns,
        Catalog::build_namespaced_with(&clock, "auth_lib", entries()).unwrap()
    );

    let e = bare.expand_json("V6a0B", r#"{"x": 12}"#).unwrap();
    assert_eq!(
        (e.message.as_ref(), e.severity.letter_str()),
        ("token 12", "E")
    );
    let missing = bare.expand_json("V6a0B", "").unwrap_err();
    assert_eq!(missing.code(), ErrorCode::MissingField);
    let bad = bare.expand_json("V6a0B", "[1]").unwrap_err();
    assert_eq!(bad.code(), ErrorCode::InvalidArgument);

    let entry = bare.get("V6a0B").unwrap();
    let again = Catalog::build_in(&clock, None, [Entry::from(entry)]).unwrap();
    assert_eq!(again, bare);
}
