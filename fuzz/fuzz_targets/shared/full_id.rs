//! WDP full IDs and namespaces: `parse_full_id`, `namespace_hash`, `validate_namespace`,
//! `full_id`, `CompactId::parse`.
//!
//! Properties (a failure panics):
//! - `parse_full_id(s)` accepts exactly the 11-byte `[0-9A-Za-z]{5}-[0-9A-Za-z]{5}` shape
//!   (checked independently), and `to_string()` of the result is `s` again; its two halves
//!   are `CompactId::parse` of the two 5-character halves;
//! - `CompactId::parse` accepts exactly 5 ASCII alphanumerics and re-formats to its input;
//! - the input split at the first `|` is (namespace, code): `namespace_hash(ns)` is accepted
//!   iff `ns` matches `[a-z][a-z0-9_]{0,15}` (docs/spec §1.3) and then equals an independent
//!   xxh3/base62 computation with the namespace seed; `full_id(ns, code)` is
//!   `namespace_hash(ns) + "-" + compact_id(code)` (or fails with one of their errors), and
//!   `parse_full_id` of it gives the two halves back.

use polyid::wdp::{self, CompactId};

fn base62_shape(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 11
        && b.iter().enumerate().all(|(i, &c)| {
            if i == 5 {
                c == b'-'
            } else {
                c.is_ascii_alphanumeric()
            }
        })
}

fn spec_namespace(ns: &str) -> bool {
    let b = ns.as_bytes();
    (1..=16).contains(&b.len())
        && b[0].is_ascii_lowercase()
        && b.iter()
            .all(|&c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'_')
}

fn spec_hash(bytes: &[u8], seed: u64) -> String {
    const B62: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    let h = xxhash_rust::xxh3::xxh3_64_with_seed(bytes, seed);
    let mut v = (h & 0xFF_FFFF_FFFF) % 916_132_832;
    let mut out = [b'0'; 5];
    for slot in out.iter_mut().rev() {
        *slot = B62[(v % 62) as usize];
        v /= 62;
    }
    String::from_utf8(out.to_vec()).unwrap()
}

pub fn check(data: &[u8]) {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };

    // Full ID text.
    match wdp::parse_full_id(s) {
        Ok(f) => {
            assert!(base62_shape(s), "accepted {s:?}, not ns5-compact5 base62");
            assert_eq!(f.to_string(), s, "re-format of {s:?}");
            assert_eq!(CompactId::parse(&s[..5]), Ok(f.namespace_hash));
            assert_eq!(CompactId::parse(&s[6..]), Ok(f.compact_id));
        }
        Err(e) => {
            assert!(!base62_shape(s), "refused {s:?} ({e})");
            let want = if s.len() != 11 {
                "INVALID_LENGTH"
            } else {
                "INVALID_CHARACTER"
            };
            assert_eq!(e.code().as_str(), want, "{s:?}");
        }
    }

    // A compact ID alone.
    let compact_shape = s.len() == 5 && s.bytes().all(|c| c.is_ascii_alphanumeric());
    match CompactId::parse(s) {
        Ok(c) => {
            assert!(compact_shape, "CompactId accepted {s:?}");
            assert_eq!(c.as_str(), s);
        }
        Err(_) => assert!(!compact_shape, "CompactId refused {s:?}"),
    }

    // Namespace | code.
    let (ns, code) = s.split_once('|').unwrap_or((s, "E.AUTH.TOKEN.001"));
    let nsh = wdp::namespace_hash(ns);
    assert_eq!(
        wdp::validate_namespace(ns).is_ok(),
        spec_namespace(ns),
        "validate_namespace({ns:?})"
    );
    match &nsh {
        Ok(h) => {
            assert!(spec_namespace(ns), "namespace {ns:?} accepted");
            assert_eq!(
                *h,
                spec_hash(ns.as_bytes(), 0x3176_2D73_6E70_6477),
                "hash of {ns:?}"
            );
        }
        Err(e) => {
            assert!(!spec_namespace(ns), "namespace {ns:?} refused ({e})");
            let want = if ns.is_ascii() {
                "INVALID_NAMESPACE"
            } else {
                "NON_ASCII"
            };
            assert_eq!(e.code().as_str(), want, "{ns:?}");
        }
    }
    let compact = wdp::compact_id(code);
    match (wdp::full_id(ns, code), &nsh, &compact) {
        (Ok(full), Ok(h), Ok(c)) => {
            assert_eq!(full, format!("{h}-{c}"));
            let f = wdp::parse_full_id(&full.to_text()).expect("a made full ID parses");
            assert_eq!(f, full);
            assert_eq!(
                (f.namespace_hash.as_str(), f.compact_id.as_str()),
                (h.as_str(), c.as_str())
            );
        }
        (Err(e), Err(ne), _) => assert_eq!(e.code(), ne.code()),
        (Err(e), Ok(_), Err(ce)) => assert_eq!(e.code(), ce.code()),
        (r, _, _) => panic!("full_id({ns:?}, {code:?}) = {r:?} against {nsh:?} and {compact:?}"),
    }
}
