//! WDP structured codes: `StructuredCode::parse` / `parse_with`, `compact_id`,
//! `compact_id_into`, `normalize`, `StructuredCode::from_parts`.
//!
//! Properties (a failure panics):
//! - accepted iff an independent checker of docs/spec §1.1 (written below, no core code)
//!   accepts, and then the normalized form equals the checker's;
//! - every entry point agrees (parse, compact_id, compact_id_into, normalize: all Ok or all
//!   the same error code);
//! - the compact ID equals an independent computation (xxh3 with the WDP seed, low 40 bits,
//!   mod 62^5, base62) of the checker's normalized form, and `compact_id(s)` equals
//!   `compact_id(normalize(s))`;
//! - `normalize` is idempotent; `from_parts(severity, component, primary, sequence)` rebuilds
//!   the same code; accessors match the checker's fields;
//! - with extra named sequences (`parse_with`), the same against the checker's extended table.

use polyid::wdp::{self, NamedSequences, StructuredCode};

/// The standard named sequences as docs/spec §1.1 lists them (copied from the spec, not from
/// the core, so that a wrong entry in the core's table shows up as a disagreement).
const STANDARD: [(&str, u16); 29] = [
    ("MISSING", 1),
    ("MISMATCH", 2),
    ("INVALID", 3),
    ("OVERFLOW", 4),
    ("UNDERFLOW", 5),
    ("OUT_OF_BOUNDS", 6),
    ("DUPLICATE", 7),
    ("DENIED", 8),
    ("UNSUPPORTED", 9),
    ("DEPRECATED", 10),
    ("UNINITIALIZED", 11),
    ("ALREADY_INIT", 12),
    ("CLOSED", 13),
    ("CANCELLED", 14),
    ("IN_PROGRESS", 15),
    ("NOT_READY", 16),
    ("TIMEOUT", 17),
    ("STALE", 18),
    ("NOT_FOUND", 21),
    ("ALREADY_EXISTS", 22),
    ("CONFLICT", 23),
    ("LOCKED", 24),
    ("CORRUPTED", 25),
    ("EXHAUSTED", 26),
    ("UNAVAILABLE", 27),
    ("UNREACHABLE", 28),
    ("DISCONNECTED", 29),
    ("PARTIAL", 998),
    ("COMPLETE", 999),
];

/// Extra names for the `parse_with` half (mixed case on purpose: names are
/// case-insensitive).
const EXTRA: [(&str, u16); 3] = [("RATE_LIMITED", 31), ("a", 500), ("Zz_9", 999)];

struct Checked {
    normalized: String,
    severity: char,
    component: String,
    primary: String,
    sequence: u16,
}

/// docs/spec §1.1, written from the text: trim, four dot-separated fields, severity letter,
/// `[A-Za-z][A-Za-z0-9]{0,15}` twice, `001`-`999` or a known name (case-insensitive).
/// Trimmed white space: the six ASCII characters Rust's `str::trim` removes (the reference
/// crate trims with it; this includes `\x0b`).
fn spec_check(code: &str, extra: &[(&str, u16)]) -> Option<Checked> {
    if !code.is_ascii() {
        return None;
    }
    let t = code.trim_matches(|c| matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r'));
    let fields: Vec<&str> = t.split('.').collect();
    let [sev, comp, prim, seq] = fields[..] else {
        return None;
    };
    let severity = match sev.to_ascii_uppercase().as_str() {
        s @ ("E" | "W" | "C" | "B" | "S" | "K" | "I" | "T" | "H") => s.chars().next()?,
        _ => return None,
    };
    let field_ok = |f: &str| {
        (1..=16).contains(&f.len())
            && f.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
            && f.chars().all(|c| c.is_ascii_alphanumeric())
    };
    if !field_ok(comp) || !field_ok(prim) {
        return None;
    }
    let sequence = if seq.len() == 3 && seq.chars().all(|c| c.is_ascii_digit()) {
        let n: u16 = seq.parse().ok()?;
        if n == 0 {
            return None;
        }
        n
    } else {
        let upper = seq.to_ascii_uppercase();
        STANDARD
            .iter()
            .chain(extra)
            .find(|(name, _)| name.to_ascii_uppercase() == upper)?
            .1
    };
    let component = comp.to_ascii_uppercase();
    let primary = prim.to_ascii_uppercase();
    Some(Checked {
        normalized: format!("{severity}.{component}.{primary}.{sequence:03}"),
        severity,
        component,
        primary,
        sequence,
    })
}

/// docs/spec §1.2 from the text: xxh3_64 with seed 0x000031762D706477, low 40 bits,
/// mod 62^5, five base62 digits.
fn spec_compact(normalized: &str) -> String {
    const B62: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    let h = xxhash_rust::xxh3::xxh3_64_with_seed(normalized.as_bytes(), 0x0000_3176_2D70_6477);
    let mut v = (h & 0xFF_FFFF_FFFF) % 916_132_832;
    let mut out = [b'0'; 5];
    for slot in out.iter_mut().rev() {
        *slot = B62[(v % 62) as usize];
        v /= 62;
    }
    String::from_utf8(out.to_vec()).unwrap()
}

fn check_code(code: &str, names: &NamedSequences, extra: &[(&str, u16)]) {
    let parsed = StructuredCode::parse_with(code, names);
    let compact = wdp::compact_id_with(code, names);
    let normalized = wdp::normalize_with(code, names);
    let oracle = spec_check(code, extra);

    match (&parsed, &oracle) {
        (Ok(p), Some(o)) => {
            assert_eq!(p.normalized(), o.normalized, "normalized form of {code:?}");
            assert_eq!(p.severity().letter(), o.severity, "{code:?}");
            assert_eq!(p.component(), o.component, "{code:?}");
            assert_eq!(p.primary(), o.primary, "{code:?}");
            assert_eq!(p.sequence(), o.sequence, "{code:?}");
            assert_eq!(p.to_string(), o.normalized, "{code:?}");
            let want = spec_compact(&o.normalized);
            assert_eq!(p.compact_id().as_str(), want, "compact ID of {code:?}");
            assert_eq!(
                compact.as_ref().map(|id| id.as_str()),
                Ok(want.as_str()),
                "{code:?}"
            );
            assert_eq!(normalized.as_deref(), Ok(o.normalized.as_str()), "{code:?}");
            // Idempotent, and the compact ID of the normalized form is the same.
            assert_eq!(
                wdp::normalize_with(&o.normalized, names).as_deref(),
                Ok(o.normalized.as_str())
            );
            assert_eq!(
                wdp::compact_id_with(&o.normalized, names).map(String::from),
                Ok(want.clone())
            );
            // Rebuilt from its parts.
            let rebuilt =
                StructuredCode::from_parts(p.severity(), p.component(), p.primary(), p.sequence());
            assert_eq!(rebuilt.as_ref(), Ok(p), "from_parts of {code:?}");
            assert_eq!(
                p.hash(),
                xxhash_rust::xxh3::xxh3_64_with_seed(
                    o.normalized.as_bytes(),
                    0x0000_3176_2D70_6477
                )
            );
            assert_eq!(p.value40(), p.hash() & 0xFF_FFFF_FFFF);
        }
        (Err(e), None) => {
            // Every entry point refuses with the same code.
            fn code_of<T>(r: &Result<T, polyid::Error>) -> Option<polyid::ErrorCode> {
                r.as_ref().err().map(|e| e.code())
            }
            assert_eq!(code_of(&compact), Some(e.code()), "compact_id of {code:?}");
            assert_eq!(
                code_of(&normalized),
                Some(e.code()),
                "normalize of {code:?}"
            );
            assert!(!e.to_string().is_empty());
        }
        (Ok(p), None) => panic!("accepted {code:?} as {p:?}, which fails the docs/spec syntax"),
        (Err(e), Some(o)) => panic!(
            "refused {code:?} ({} {e}), valid per docs/spec as {}",
            e.code().as_str(),
            o.normalized
        ),
    }
}

/// `NamedSequences::insert(name, number)`: Ok iff the name is SCREAMING_SNAKE-ish
/// (`[A-Za-z][A-Za-z0-9_]{0,31}`), the number is 1-999 and a standard name keeps its own
/// number; then codes with that name (any case) resolve to the number.
fn check_insert(text: &str) {
    let (name, number) = match text.rsplit_once('=') {
        Some((name, n)) => (name, n.parse::<u16>().unwrap_or(0)),
        None => (text, 42),
    };
    let well_formed = (1..=32).contains(&name.len())
        && name.as_bytes()[0].is_ascii_alphabetic()
        && name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_');
    let standard = STANDARD
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|p| p.1);
    let ok = well_formed && (1..=999).contains(&number) && standard.is_none_or(|n| n == number);
    let mut names = NamedSequences::standard();
    match names.insert(name, number) {
        Ok(()) => {
            assert!(ok, "insert({name:?}, {number}) accepted");
            for spelled in [
                name.to_owned(),
                name.to_ascii_lowercase(),
                name.to_ascii_uppercase(),
            ] {
                let code = format!("E.A.B.{spelled}");
                let parsed = StructuredCode::parse_with(&code, &names)
                    .unwrap_or_else(|e| panic!("{code:?} with {name:?}={number}: {e}"));
                assert_eq!(parsed.sequence(), number);
            }
        }
        Err(e) => {
            assert!(!ok, "insert({name:?}, {number}) refused: {e}");
            assert_eq!(e.code().as_str(), "INVALID_SEQUENCE");
        }
    }
}

pub fn check(data: &[u8]) {
    let Ok(code) = std::str::from_utf8(data) else {
        return;
    };
    check_code(code, &NamedSequences::standard(), &[]);

    // compact_id / compact_id_into / StructuredCode::parse with the standard names.
    let mut buf = [0u8; 5];
    let into = wdp::compact_id_into(code, &mut buf);
    let plain = wdp::compact_id(code);
    match (&into, &plain) {
        (Ok(()), Ok(id)) => assert_eq!(&buf[..], id.as_bytes(), "compact_id_into of {code:?}"),
        (Err(a), Err(b)) => assert_eq!(a.code(), b.code(), "{code:?}"),
        _ => panic!("compact_id_into and compact_id disagree on {code:?}: {into:?} {plain:?}"),
    }
    assert_eq!(StructuredCode::parse(code).map(|c| c.compact_id()), plain);

    check_insert(code);

    let mut names = NamedSequences::standard();
    for (name, number) in EXTRA {
        names.insert(name, number).unwrap();
    }
    check_code(code, &names, &EXTRA);
}
