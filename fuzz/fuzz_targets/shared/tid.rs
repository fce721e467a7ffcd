//! TID: `Tid::parse` (13 symbols or the dashed display form), `Display`, `display()`,
//! `from_parts`, `from_i64`, `tid::prefix_range`.
//!
//! Properties (a failure panics), against an independent reading of docs/spec §3:
//! - `Tid::parse(s)` accepts exactly: 13 symbols of `234567abcdefghijklmnopqrstuvwxyz`, or
//!   the display form `SSSS-SSS-SSSS-SS`; first symbol not `c`-`r`; timestamp not -2^53.
//!   Then micros and clock id equal the oracle's (55-bit two's complement, 2 clock symbols),
//!   `to_string()` is the 13 symbols of `s`, `display()` the dashed form, and
//!   `from_parts(micros, clock_id)` / `from_i64(value)` rebuild it;
//! - `prefix_range(p)`: accepted iff every byte is a symbol or a `-` at byte 4 or 8 (the
//!   rule the shared vectors pin: `3kxn-lhr3gxq` yes, `3kxnlhr-3gxq` no) and at most 11
//!   symbols; the range equals the oracle's (block of 55-bit values, signed, clamped to
//!   ±(2^53-1), `None` when empty), and a TID at either bound prints with those symbols;
//! - `from_parts(micros, clock)` for numbers from the input: Ok iff in range, and it
//!   round-trips through both text forms.

use polyid::tid::{self, Tid};

const ALPHABET: &str = "234567abcdefghijklmnopqrstuvwxyz";
const MAX: i64 = (1 << 53) - 1;

fn digit(c: u8) -> Option<u64> {
    ALPHABET.bytes().position(|a| a == c).map(|d| d as u64)
}

/// 55-bit two's complement.
fn signed55(raw: u64) -> i64 {
    if raw >> 54 == 1 {
        raw as i64 - (1i64 << 55)
    } else {
        raw as i64
    }
}

/// The 13 symbols of a strictly valid TID text, or None.
fn strict_symbols(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let symbols: String = match b.len() {
        13 => s.to_owned(),
        16 => {
            if b[4] != b'-' || b[8] != b'-' || b[13] != b'-' {
                return None;
            }
            [&s[..4], &s[5..8], &s[9..13], &s[14..]].concat()
        }
        _ => return None,
    };
    if !symbols.bytes().all(|c| digit(c).is_some()) {
        return None;
    }
    if ('c'..='r').contains(&(symbols.as_bytes()[0] as char)) || symbols.starts_with("s2222222222")
    {
        return None;
    }
    Some(symbols)
}

/// Index (in characters) and character of the first character `valid` refuses: what a
/// character error must report.
fn first_bad(s: &str, valid: impl Fn(usize, char) -> bool) -> Option<(usize, char)> {
    s.chars().enumerate().find(|&(i, c)| !valid(i, c))
}

fn check_tid(t: Tid) {
    let text = t.to_string();
    let display = t.display();
    assert_eq!(text.len(), 13);
    assert_eq!(
        display,
        format!(
            "{}-{}-{}-{}",
            &text[..4],
            &text[4..7],
            &text[7..11],
            &text[11..]
        )
    );
    assert_eq!(Tid::parse(&text), Ok(t), "parse({text:?})");
    assert_eq!(Tid::parse(&display), Ok(t), "parse({display:?})");
    assert_eq!(Tid::from_parts(t.micros(), t.clock_id()), Ok(t));
    assert_eq!(Tid::from_i64(t.value()), Ok(t));
    assert_eq!(t.value(), (t.micros() << 10) | t.clock_id() as i64);
}

pub fn check(data: &[u8]) {
    if data.len() >= 10 {
        let micros = i64::from_le_bytes(data[..8].try_into().unwrap());
        let clock = u16::from_le_bytes(data[8..10].try_into().unwrap());
        // Half the time, fold into the valid range (and its edges).
        let micros = if micros & 1 == 0 {
            (micros >> 1) % (1 << 54)
        } else {
            micros
        };
        let clock = if clock & 1 == 0 {
            (clock >> 1) % 1100
        } else {
            clock
        };
        let valid = (-MAX..=MAX).contains(&micros) && clock <= 1023;
        match Tid::from_parts(micros, clock) {
            Ok(t) => {
                assert!(valid, "from_parts({micros}, {clock}) accepted");
                assert_eq!((t.micros(), t.clock_id()), (micros, clock));
                check_tid(t);
            }
            Err(e) => {
                assert!(!valid, "from_parts({micros}, {clock}) refused: {e}");
                assert_eq!(e.code().as_str(), "OUT_OF_RANGE");
            }
        }
        let _ = Tid::from_i64(i64::from_le_bytes(data[..8].try_into().unwrap())).map(check_tid);
    }

    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };

    match (Tid::parse(s), strict_symbols(s)) {
        (Ok(t), Some(symbols)) => {
            let d: Vec<u64> = symbols.bytes().map(|c| digit(c).unwrap()).collect();
            let raw = d[..11].iter().fold(0u64, |a, &x| a << 5 | x);
            assert_eq!(t.micros(), signed55(raw), "micros of {s:?}");
            assert_eq!(t.clock_id() as u64, d[11] * 32 + d[12], "clock of {s:?}");
            assert_eq!(t.to_string(), symbols, "Display of {s:?}");
            if s.len() == 16 {
                assert_eq!(t.display(), s, "display() of {s:?}");
            }
            check_tid(t);
        }
        (Err(e), None) => {
            let want: &[&str] = match s.len() {
                13 | 16 => &["INVALID_CHARACTER", "OUT_OF_RANGE"],
                _ => &["INVALID_LENGTH"],
            };
            assert!(want.contains(&e.code().as_str()), "parse({s:?}): {e}");
            if e.code().as_str() == "INVALID_CHARACTER" {
                let dashed = s.len() == 16;
                let bad = first_bad(s, |i, c| {
                    if dashed && matches!(i, 4 | 8 | 13) {
                        c == '-'
                    } else {
                        c.is_ascii() && digit(c as u8).is_some()
                    }
                });
                if let Some(i) = e.index() {
                    assert_eq!(
                        Some((i, e.offending_char().unwrap())),
                        bad,
                        "parse({s:?}): {e}"
                    );
                } else {
                    assert!(bad.is_none(), "parse({s:?}) names no character: {e}");
                }
            }
        }
        (Ok(t), None) => panic!("Tid::parse accepted {s:?} as {t:?}, not strict TID syntax"),
        (Err(e), Some(_)) => panic!("Tid::parse refused valid {s:?}: {e}"),
    }

    // Prefixes.
    let b = s.as_bytes();
    let syntax = b
        .iter()
        .enumerate()
        .all(|(i, &c)| digit(c).is_some() || (c == b'-' && (i == 4 || i == 8)));
    let symbols: Vec<u64> = b.iter().filter_map(|&c| digit(c)).collect();
    match tid::prefix_range(s) {
        Ok(r) => {
            assert!(syntax && symbols.len() <= 11, "prefix_range accepted {s:?}");
            let n = symbols.len() as u32;
            let v = symbols.iter().fold(0u64, |a, &x| a << 5 | x);
            let shift = 5 * (11 - n);
            let lo = signed55(v << shift);
            let hi = signed55((v << shift) | ((1u64 << shift) - 1));
            let (lo, hi) = (lo.max(-MAX), hi.min(MAX));
            // The empty prefix is every TID (the only block that spans the sign boundary).
            let want = if n == 0 {
                Some((-MAX, MAX))
            } else {
                (lo <= hi).then_some((lo, hi))
            };
            assert_eq!(r, want, "prefix_range({s:?})");
            if let Some((lo, hi)) = r {
                let plain: String = s.chars().filter(|&c| c != '-').collect();
                for m in [lo, hi] {
                    let text = Tid::from_parts(m, 0).unwrap().to_string();
                    assert!(
                        text.starts_with(&plain),
                        "{m} of prefix {s:?} prints {text}"
                    );
                }
            }
        }
        Err(e) => {
            let want = if !syntax {
                "INVALID_CHARACTER"
            } else {
                "INVALID_LENGTH"
            };
            assert_eq!(e.code().as_str(), want, "prefix_range({s:?}): {e}");
            if !syntax {
                let bad = first_bad(s, |i, c| {
                    (c == '-' && (i == 4 || i == 8)) || (c.is_ascii() && digit(c as u8).is_some())
                });
                assert_eq!(
                    e.index().zip(e.offending_char()),
                    bad,
                    "prefix_range({s:?}): {e}"
                );
            }
        }
    }
}
