//! EUID: `Euid::parse`, `encode(check)`, `Display`, `from_bytes` / `from_slice` /
//! `from_halves` / `from_parts`, the field accessors.
//!
//! Properties (a failure panics), against an independent 135-bit reading of docs/spec §4:
//! - `Euid::parse(s)` accepts exactly: 27 bytes, each a symbol of
//!   `0123456789ABCDEFGHJKMNPQRSTVWXYZ` in either case or one of `I i L l` (= 1), `O o`
//!   (= 0), and a check that is 127 ("no check") or `value mod 127`; errors in the order
//!   length, character, checkmod (with found/expected);
//! - then the value is the oracle's, and the canonical text (upper case, aliases replaced)
//!   of the input is `encode(true)` (or `encode(false)` for a 127 check); `to_string()` is
//!   `encode(true)`, and both encodings parse back;
//! - for 16 input bytes as a value: both encodings parse back, `checkmod() == v mod 127`,
//!   `from_slice`/`from_halves` agree, and `from_parts(unix_ms, extension, padding, lo)`
//!   rebuilds every value whose extension length field is the extension's own length (or 0).

use polyid::euid::Euid;

const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

fn digit(c: u8) -> Option<u8> {
    let c = match c.to_ascii_uppercase() {
        b'I' | b'L' => b'1',
        b'O' => b'0',
        c => c,
    };
    ALPHABET.iter().position(|&a| a == c).map(|d| d as u8)
}

/// Index (in characters) and character of the first character `valid` refuses: what a
/// character error must report.
fn first_bad(s: &str, valid: impl Fn(usize, char) -> bool) -> Option<(usize, char)> {
    s.chars().enumerate().find(|&(i, c)| !valid(i, c))
}

fn check_value(e: Euid) {
    let v = e.value();
    let with = e.encode(true);
    let without = e.encode(false);
    assert_eq!(with.len(), 27);
    assert_eq!(Euid::parse(&with), Ok(e), "parse({with:?})");
    assert_eq!(Euid::parse(&without), Ok(e), "parse({without:?})");
    assert_eq!(Euid::parse(&with.to_ascii_lowercase()), Ok(e));
    assert_eq!(e.to_string(), with);
    assert_eq!(e.checkmod() as u128, v % 127);
    assert_eq!(&e.encode_bytes(true)[..], with.as_bytes());
    assert_eq!(Euid::from_slice(&e.to_bytes()), Ok(e));
    assert_eq!(Euid::from_halves(e.hi(), e.lo()), e);
    assert_eq!(Euid::from_u128(v), e);
    assert_eq!(e.unix_ms() as u128, v >> 83);
    let len = (v >> 64) & 0xf;
    assert_eq!(e.extension_len() as u128, len);
    let field = ((v >> 68) & 0x7fff) as u16;
    match e.extension() {
        None => {
            assert_eq!(len, 0);
            assert_eq!(e.padding(), field);
            assert_eq!(
                Euid::from_parts(e.unix_ms(), None, e.padding(), e.lo()),
                Ok(e)
            );
        }
        Some(ext) => {
            assert_eq!(ext as u128, field as u128 & ((1 << len) - 1));
            assert_eq!(e.padding() as u128, field as u128 >> len);
            let own = if ext == 0 {
                1
            } else {
                16 - ext.leading_zeros() as u128
            };
            if own == len {
                assert_eq!(
                    Euid::from_parts(e.unix_ms(), Some(ext), e.padding(), e.lo()),
                    Ok(e)
                );
            }
        }
    }
}

pub fn check(data: &[u8]) {
    if data.len() >= 16 {
        check_value(Euid::from_bytes(data[..16].try_into().unwrap()));
    }
    assert_eq!(
        Euid::from_slice(data).is_ok(),
        data.len() == 16,
        "from_slice of {} bytes",
        data.len()
    );

    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    // The oracle: 135 bits, value = top 128, check = low 7.
    let oracle: Result<(u128, u8), &str> = if s.len() != 27 {
        Err("INVALID_LENGTH")
    } else if let Some(digits) = s.bytes().map(digit).collect::<Option<Vec<u8>>>() {
        let mut bits = Vec::with_capacity(135);
        for d in digits {
            for k in (0..5).rev() {
                bits.push((d >> k) & 1);
            }
        }
        let value = bits[..128].iter().fold(0u128, |a, &b| a << 1 | b as u128);
        let check = bits[128..].iter().fold(0u8, |a, &b| a << 1 | b);
        if check != 127 && check as u128 != value % 127 {
            Err("INVALID_CHECKMOD")
        } else {
            Ok((value, check))
        }
    } else {
        Err("INVALID_CHARACTER")
    };
    match Euid::parse(s) {
        Ok(e) => {
            let Ok((value, check)) = oracle else {
                panic!("Euid::parse accepted {s:?}, oracle says {oracle:?}");
            };
            assert_eq!(e.value(), value, "value of {s:?}");
            let canonical: String = s
                .bytes()
                .map(|c| ALPHABET[digit(c).unwrap() as usize] as char)
                .collect();
            assert_eq!(e.encode(check != 127), canonical, "canonical text of {s:?}");
            check_value(e);
        }
        Err(err) => {
            assert_eq!(
                Err(err.code().as_str()),
                oracle.map(|_| ()),
                "Euid::parse({s:?}): {err}"
            );
            if err.code().as_str() == "INVALID_CHARACTER" {
                let bad = first_bad(s, |_, c| c.is_ascii() && digit(c as u8).is_some());
                assert_eq!(err.index().zip(err.offending_char()), bad, "{s:?}: {err}");
            }
            if err.code().as_str() == "INVALID_CHECKMOD" {
                let (found, expected) = err.found_expected().expect("checkmod detail");
                let check = digit(s.as_bytes()[25]).unwrap() as usize % 4 * 32
                    + digit(s.as_bytes()[26]).unwrap() as usize;
                assert_eq!(found, check);
                // The expected check is the value (the first 128 of the 135 bits) mod 127.
                let mut v: u128 = 0;
                for (i, c) in s.bytes().enumerate() {
                    let d = digit(c).unwrap() as u128;
                    v = if i < 25 {
                        v << 5 | d
                    } else if i == 25 {
                        v << 3 | d >> 2
                    } else {
                        v
                    };
                }
                assert_eq!(expected as u128, v % 127, "expected check of {s:?}");
                assert_ne!(expected, found);
            }
        }
    }
}
