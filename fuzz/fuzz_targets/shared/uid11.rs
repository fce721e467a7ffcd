//! uid11: `decode` (strict), `prefix_range` (prefix-aware), `encode`, `encode_into`.
//!
//! Properties (a failure panics), against an independent Base58 decoder in u128:
//! - `decode(s)` accepts exactly 11 alphabet symbols whose value is below 2^64; the value is
//!   the oracle's, and `encode(value) == s`; a refusal has the oracle's error code
//!   (length, then character, then overflow);
//! - `prefix_range(p)`: errors iff more than 11 bytes or a non-alphabet symbol; `None` iff
//!   the lower bound is 2^64 or more; else `(lo, hi)` equals the docs/spec §2 formula, the
//!   text of `lo` starts with `p`, and so does the text of `hi` unless it was clamped to
//!   2^64-1; `decode(encode(lo)) == lo`;
//! - for a u64 taken from the input: `decode(encode(v)) == v`, `encode_into` agrees, and
//!   text order equals numeric order for two such values.

use polyid::uid11;

const ALPHABET: &str = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

fn digit(c: u8) -> Option<u128> {
    ALPHABET.bytes().position(|a| a == c).map(|d| d as u128)
}

/// Value of a run of symbols (at most 11: fits in u128 since 58^11 < 2^65).
fn value(s: &str) -> Option<u128> {
    s.bytes()
        .try_fold(0u128, |acc, c| Some(acc * 58 + digit(c)?))
}

/// Index (in characters) and character of the first character `valid` refuses: what a
/// character error must report.
fn first_bad(s: &str, valid: impl Fn(usize, char) -> bool) -> Option<(usize, char)> {
    s.chars().enumerate().find(|&(i, c)| !valid(i, c))
}

fn check_value(v: u64) {
    let text = uid11::encode(v);
    assert_eq!(text.len(), 11);
    assert_eq!(uid11::decode(&text), Ok(v), "decode(encode({v}))");
    let mut buf = [0u8; 11];
    uid11::encode_into(v, &mut buf);
    assert_eq!(&buf[..], text.as_bytes());
    assert_eq!(value(&text), Some(v as u128));
}

pub fn check(data: &[u8]) {
    // Numbers from the raw bytes.
    if data.len() >= 16 {
        let a = u64::from_le_bytes(data[..8].try_into().unwrap());
        let b = u64::from_le_bytes(data[8..16].try_into().unwrap());
        check_value(a);
        check_value(b);
        assert_eq!(
            a.cmp(&b),
            uid11::encode(a).cmp(&uid11::encode(b)),
            "order of {a} {b}"
        );
    }

    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };

    // Strict decode.
    let oracle = if s.len() != 11 {
        Err("INVALID_LENGTH")
    } else {
        match value(s) {
            None => Err("INVALID_CHARACTER"),
            Some(v) if v > u64::MAX as u128 => Err("OVERFLOW"),
            Some(v) => Ok(v as u64),
        }
    };
    match uid11::decode(s) {
        Ok(v) => {
            assert_eq!(Ok(v), oracle, "decode({s:?})");
            assert_eq!(uid11::encode(v), s, "encode(decode({s:?}))");
        }
        Err(e) => {
            assert_eq!(Err(e.code().as_str()), oracle, "decode({s:?}): {e}");
            if oracle == Err("INVALID_CHARACTER") {
                let bad = first_bad(s, |_, c| c.is_ascii() && digit(c as u8).is_some());
                assert_eq!(e.index().zip(e.offending_char()), bad, "decode({s:?}): {e}");
            }
        }
    }

    // Prefix-aware decode.
    let oracle = if s.len() > 11 {
        Err("INVALID_LENGTH")
    } else {
        match value(s) {
            None => Err("INVALID_CHARACTER"),
            Some(v) => {
                let scale = 58u128.pow(11 - s.len() as u32);
                let lo = v * scale;
                if lo > u64::MAX as u128 {
                    Ok(None)
                } else {
                    let hi = (lo + scale - 1).min(u64::MAX as u128);
                    Ok(Some((lo as u64, hi as u64)))
                }
            }
        }
    };
    match uid11::prefix_range(s) {
        Ok(r) => {
            assert_eq!(Ok(r), oracle, "prefix_range({s:?})");
            if let Some((lo, hi)) = r {
                assert!(lo <= hi);
                assert!(uid11::encode(lo).starts_with(s), "lo of {s:?}");
                let clamped = hi == u64::MAX && !uid11::encode(hi).starts_with(s);
                assert!(clamped || uid11::encode(hi).starts_with(s), "hi of {s:?}");
                if lo > 0 {
                    assert!(
                        !uid11::encode(lo - 1).starts_with(s),
                        "range of {s:?} starts late"
                    );
                }
                if hi < u64::MAX {
                    assert!(
                        !uid11::encode(hi + 1).starts_with(s),
                        "range of {s:?} ends late"
                    );
                }
            }
        }
        Err(e) => {
            assert_eq!(Err(e.code().as_str()), oracle, "prefix_range({s:?}): {e}");
            if oracle == Err("INVALID_CHARACTER") {
                let bad = first_bad(s, |_, c| c.is_ascii() && digit(c as u8).is_some());
                assert_eq!(
                    e.index().zip(e.offending_char()),
                    bad,
                    "prefix_range({s:?}): {e}"
                );
            }
        }
    }
}
