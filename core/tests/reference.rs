//! Differential checks against the reference crates on random inputs:
//! `euid` 0.1.7 (encode, decode and every decode error) and `waddling-errors-hash`
//! (compact IDs and namespace hashes).

use std::str::FromStr;

use polyid::euid::Euid;
use polyid::{wdp, ErrorCode};
use rand::{Rng, RngExt, SeedableRng};

const N: usize = 100_000;

fn rng() -> rand::rngs::StdRng {
    rand::rngs::StdRng::seed_from_u64(0x9e37_79b9_7f4a_7c15)
}

#[test]
fn euid_encode_matches_reference() {
    let mut r = rng();
    for i in 0..N {
        let v: u128 = match i {
            0 => 0,
            1 => u128::MAX,
            _ => ((r.next_u64() as u128) << 64) | r.next_u64() as u128,
        };
        let theirs = euid::EUID::from(v);
        let ours = Euid::from_u128(v);
        assert_eq!(ours.encode(true), theirs.encode(true), "{v:#x}");
        assert_eq!(ours.encode(false), theirs.encode(false), "{v:#x}");
        assert_eq!(ours.extension(), theirs.extension(), "{v:#x}");
        assert_eq!(ours.unix_ms(), theirs.timestamp(), "{v:#x}");
    }
}

const SYMBOLS: &[u8] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyzIiLlOoUu@}{ ";

#[test]
fn euid_decode_matches_reference_including_errors() {
    let mut r = rng();
    let (mut ok, mut len, mut chr, mut chk) = (0, 0, 0, 0);
    for i in 0..N {
        // Mostly valid texts with mutations, plus random lengths.
        let v = ((r.next_u64() as u128) << 64) | r.next_u64() as u128;
        let mut text = Euid::from_u128(v).encode(i % 3 != 0).into_bytes();
        match i % 7 {
            0 => text[r.random_range(0..27)] = SYMBOLS[r.random_range(0..SYMBOLS.len())],
            1 => {
                let n = r.random_range(0..40);
                text = (0..n)
                    .map(|_| SYMBOLS[r.random_range(0..SYMBOLS.len())])
                    .collect();
            }
            2 => text[26] = SYMBOLS[r.random_range(0..32)],
            3 => text.make_ascii_lowercase(),
            _ => {}
        }
        let text = String::from_utf8(text).unwrap();
        let theirs = euid::EUID::from_str(&text);
        let ours = Euid::parse(&text);
        match (&ours, &theirs) {
            (Ok(a), Ok(b)) => {
                ok += 1;
                assert_eq!(a.value(), u128::from(*b), "{text}");
            }
            (Err(e), Err(euid::Error::InvalidLength(found, expected))) => {
                len += 1;
                assert_eq!(e.code(), ErrorCode::InvalidLength, "{text}");
                assert_eq!(e.found_expected(), Some((*found, *expected)), "{text}");
            }
            (Err(e), Err(euid::Error::InvalidCharacter(c))) => {
                chr += 1;
                assert_eq!(e.code(), ErrorCode::InvalidCharacter, "{text}");
                assert_eq!(e.offending_char(), Some(*c), "{text}");
            }
            (Err(e), Err(euid::Error::InvalidCheckmod(found, expected))) => {
                chk += 1;
                assert_eq!(e.code(), ErrorCode::InvalidCheckmod, "{text}");
                assert_eq!(e.found_expected(), Some((*found, *expected)), "{text}");
            }
            _ => panic!("{text}: ours {ours:?}, reference {theirs:?}"),
        }
    }
    // Every outcome was exercised.
    assert!(
        ok > 1000 && len > 1000 && chr > 1000 && chk > 1000,
        "{ok} {len} {chr} {chk}"
    );
}

#[test]
fn wdp_matches_reference() {
    let mut r = rng();
    let alnum = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let field = |r: &mut rand::rngs::StdRng| -> String {
        let n = r.random_range(1..=16);
        let mut s = String::new();
        s.push(alnum[r.random_range(0..52)] as char);
        for _ in 1..n {
            s.push(alnum[r.random_range(0..62)] as char);
        }
        s
    };
    for _ in 0..N {
        let sev = b"EWCBSKITHewcbskith"[r.random_range(0..18)] as char;
        let code = format!(
            "{sev}.{}.{}.{:03}",
            field(&mut r),
            field(&mut r),
            r.random_range(1..=999)
        );
        assert_eq!(
            wdp::compact_id(&code).unwrap(),
            waddling_errors_hash::wdp::compute_wdp_hash(&code),
            "{code}"
        );
    }
    let ns_chars = b"abcdefghijklmnopqrstuvwxyz0123456789_";
    for _ in 0..N {
        let n = r.random_range(1..=16);
        let mut ns = String::new();
        ns.push(ns_chars[r.random_range(0..26)] as char);
        for _ in 1..n {
            ns.push(ns_chars[r.random_range(0..ns_chars.len())] as char);
        }
        assert_eq!(
            wdp::namespace_hash(&ns).unwrap(),
            waddling_errors_hash::wdp::compute_wdp_namespace_hash(&ns),
            "{ns}"
        );
    }
}

/// The waddling profile (docs/spec §1.5) computes and reads as `waddling-errors-hash` does, for
/// any text: codes and namespaces of random characters (ASCII, white space, non-ASCII letters
/// whose upper case differs in length) and full IDs of every shape.
#[test]
fn waddling_profile_matches_reference_on_any_text() {
    use polyid::Profile;
    let w = Profile::Waddling;
    const CHARS: &[&str] = &[
        "E", "e", "W", ".", ".", "A", "z", "0", "9", "_", "-", " ", "\t", "\n", "\u{a0}",
        "\u{3000}", "ß", "ﬁ", "é", "ǅ", "😀", "MISSING", "001", "000",
    ];
    let mut r = rng();
    for _ in 0..N {
        let n = r.random_range(0..24);
        let text: String = (0..n)
            .map(|_| CHARS[r.random_range(0..CHARS.len())])
            .collect();
        assert_eq!(
            wdp::compact_id_as(&text, w).unwrap().as_str(),
            waddling_errors_hash::wdp::compute_wdp_hash(&text),
            "{text:?}"
        );
        assert_eq!(
            wdp::namespace_hash_as(&text, w).unwrap().as_str(),
            waddling_errors_hash::wdp::compute_wdp_namespace_hash(&text),
            "{text:?}"
        );
        let ns = text.split('.').next().unwrap_or_default();
        assert_eq!(
            wdp::full_id_as(ns, &text, w).unwrap().to_text(),
            waddling_errors_hash::wdp::compute_wdp_full_id(ns, &text),
            "{ns:?} {text:?}"
        );
    }
    const ID_CHARS: &[u8] = b"0aZ9-_ .";
    for i in 0..N {
        let n = [5, 11, r.random_range(0..14)][i % 3];
        let mut text: Vec<u8> = (0..n)
            .map(|_| ID_CHARS[r.random_range(0..ID_CHARS.len())])
            .collect();
        if n == 11 && i % 2 == 0 {
            text[5] = b'-';
        }
        let text = String::from_utf8(text).unwrap();
        let ours = wdp::parse_full_id_as(&text, w).ok().map(|(ns, id)| {
            (
                ns.map_or(String::new(), |n| n.as_str().to_owned()),
                id.as_str().to_owned(),
            )
        });
        let theirs = waddling_errors_hash::wdp::parse_wdp_full_id(&text)
            .map(|(ns, id)| (ns.to_owned(), id.to_owned()));
        assert_eq!(ours, theirs, "{text:?}");
    }
}
