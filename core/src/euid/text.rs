//! The 27-symbol EUID text: `value << 7 | check` (135 bits) in Crockford-style base32.

use crate::error::{first_bad_char, Detail, Error, ErrorCode, Result};

/// The encoding alphabet (no I, L, O, U).
pub const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// Length of the text.
pub const LEN: usize = 27;
/// The check value that means "no check".
pub const NO_CHECK: u8 = 127;

const INVALID: u8 = 0xff;
/// Case-insensitive; `I i L l` -> 1, `O o` -> 0; `U u` invalid, as in the reference.
const DECODE: [u8; 256] = {
    let mut t = [INVALID; 256];
    let mut i = 0;
    while i < 32 {
        let c = ALPHABET[i];
        t[c as usize] = i as u8;
        t[c.to_ascii_lowercase() as usize] = i as u8;
        i += 1;
    }
    t[b'I' as usize] = 1;
    t[b'i' as usize] = 1;
    t[b'L' as usize] = 1;
    t[b'l' as usize] = 1;
    t[b'O' as usize] = 0;
    t[b'o' as usize] = 0;
    t
};

/// `value mod 127`.
#[inline]
pub const fn checkmod(value: u128) -> u8 {
    #[cfg(not(target_arch = "wasm32"))]
    {
        checkmod_pieces(value)
    }
    #[cfg(target_arch = "wasm32")]
    {
        checkmod_halves(value)
    }
}

/// [`checkmod`]: 2^56 = (2^7)^8 = 1 mod 127, so the value's 56-bit pieces (bits 55..0,
/// 111..56 and 127..112) have the value's remainder as their sum, which fits a `u64`: one
/// 64-bit remainder instead of three (or a 128-bit division call). The pieces are cut from the
/// two halves rather than from the `u128`, which the compiler would read from memory at an
/// offset that straddles the halves just written (a load that store forwarding cannot serve).
#[cfg(not(target_arch = "wasm32"))]
#[inline]
const fn checkmod_pieces(value: u128) -> u8 {
    const LOW_56: u64 = (1 << 56) - 1;
    let (hi, lo) = ((value >> 64) as u64, value as u64);
    let sum = (lo & LOW_56) + (lo >> 56) + ((hi << 8) & LOW_56) + (hi >> 48);
    (sum % 127) as u8
}

/// [`checkmod`] from the two 64-bit halves (2^64 = 2 mod 127): three remainders, which
/// WebAssembly computes in one instruction each, in less code than the pieces' shifts.
#[cfg(any(test, target_arch = "wasm32"))]
#[inline]
const fn checkmod_halves(value: u128) -> u8 {
    let hi = (value >> 64) as u64 % 127;
    let lo = value as u64 % 127;
    ((hi * 2 + lo) % 127) as u8
}

/// Every pair of symbols, indexed by its 10 bits: the text is written two symbols per lookup.
/// The browser module keeps to one symbol per lookup, where the table's size counts for more
/// than the time saved.
#[cfg(not(target_arch = "wasm32"))]
const PAIRS: [[u8; 2]; 1024] = {
    let mut t = [[0u8; 2]; 1024];
    let mut i = 0;
    while i < 1024 {
        t[i] = [ALPHABET[i >> 5], ALPHABET[i & 31]];
        i += 1;
    }
    t
};

/// The 27 symbols of `value << 7 | check` (135 bits), 5 bits each from the top.
#[inline]
pub fn encode(value: u128, with_check: bool) -> [u8; LEN] {
    let check = if with_check {
        checkmod(value)
    } else {
        NO_CHECK
    };
    #[cfg(not(target_arch = "wasm32"))]
    {
        encode_pairs(value, check)
    }
    #[cfg(target_arch = "wasm32")]
    {
        encode_symbols(value, check)
    }
}

/// [`encode`] one symbol at a time: the plain form, which [`encode_pairs`] is tested against.
#[cfg(any(test, target_arch = "wasm32"))]
#[inline]
fn encode_symbols(value: u128, check: u8) -> [u8; LEN] {
    let mut out = [0u8; LEN];
    // Symbols 0..25 carry bits 127..3 of the value.
    for (i, slot) in out[..25].iter_mut().enumerate() {
        *slot = ALPHABET[((value >> (123 - 5 * i)) & 31) as usize];
    }
    out[25] = ALPHABET[((((value & 7) as u8) << 2) | (check >> 5)) as usize];
    out[26] = ALPHABET[(check & 31) as usize];
    out
}

/// [`encode`] two symbols at a time, on the value's 64-bit halves: pairs 0..5 are bits 63..4
/// of the high half, pair 6 straddles the halves, pairs 7..11 are bits 57..8 of the low half,
/// pair 12 is the low half's last 8 bits and the check's top 2, and the last symbol is the
/// check's low 5 bits.
#[cfg(not(target_arch = "wasm32"))]
#[inline]
fn encode_pairs(value: u128, check: u8) -> [u8; LEN] {
    let (hi, lo) = ((value >> 64) as u64, value as u64);
    let mut out = [0u8; LEN];
    let mut put = |k: usize, bits: u64| {
        out[2 * k..2 * k + 2].copy_from_slice(&PAIRS[(bits & 0x3ff) as usize]);
    };
    for k in 0..6 {
        put(k, hi >> (54 - 10 * k));
    }
    put(6, (hi << 6) | (lo >> 58));
    for k in 7..12 {
        put(k, lo >> (118 - 10 * k));
    }
    put(12, (lo << 2) | (check >> 5) as u64);
    out[26] = ALPHABET[(check & 31) as usize];
    out
}

/// The text as a `String`.
#[inline]
pub fn encode_string(value: u128, with_check: bool) -> String {
    // The buffer is allocated before the symbols are computed: computed first, they would be
    // held (on the stack) across the allocator's call.
    let mut bytes = Vec::with_capacity(LEN);
    bytes.extend_from_slice(&encode(value, with_check));
    // SAFETY: `encode` writes bytes of `ALPHABET` only (through `PAIRS`, built from it, or
    // directly), which are ASCII, hence valid UTF-8. The checked conversion would re-validate
    // the 27 bytes on every call; `tests::encode_string_is_checked_utf8` compares both.
    #[allow(unsafe_code)]
    unsafe {
        String::from_utf8_unchecked(bytes)
    }
}

/// Parses the 27 symbols into the value.
#[inline]
pub fn decode(text: &str) -> Result<u128> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        decode_halves(text)
    }
    #[cfg(target_arch = "wasm32")]
    {
        decode_symbols(text)
    }
}

/// [`decode`] one symbol at a time into a `u128`: the plain form, which [`decode_halves`] is
/// tested against, and the browser module's (less code).
#[cfg(any(test, target_arch = "wasm32"))]
#[inline]
fn decode_symbols(text: &str) -> Result<u128> {
    let b = text.as_bytes();
    if b.len() != LEN {
        return Err(Error::length("EUID", b.len(), LEN));
    }
    let mut acc: u128 = 0;
    let mut bad = 0u8;
    for &c in &b[..25] {
        let d = DECODE[c as usize];
        bad |= d;
        acc = (acc << 5) | (d & 31) as u128;
    }
    let d25 = DECODE[b[25] as usize];
    let d26 = DECODE[b[26] as usize];
    if (bad | d25 | d26) & 0x80 != 0 {
        return Err(first_bad_char(
            text,
            ErrorCode::InvalidCharacter,
            "EUID",
            |c| DECODE[c as usize] != INVALID,
        ));
    }
    checked((acc << 3) | (d25 >> 2) as u128, ((d25 & 3) << 5) | d26)
}

/// The error of a text with a byte that is not a symbol: its first such character.
#[cfg(not(target_arch = "wasm32"))]
#[cold]
fn bad_character(text: &str) -> Error {
    first_bad_char(text, ErrorCode::InvalidCharacter, "EUID", |c| {
        DECODE[c as usize] != INVALID
    })
}

/// `value` when `check` is its check value or "no check".
#[inline]
fn checked(value: u128, check: u8) -> Result<u128> {
    if check != NO_CHECK {
        let expected = checkmod(value);
        if check != expected {
            return Err(Error::new(
                ErrorCode::InvalidCheckmod,
                "EUID",
                Detail::Checkmod {
                    found: check,
                    expected,
                },
            ));
        }
    }
    Ok(value)
}

/// Twelve symbols as 60 bits, with bit 63 set when one of them is not a symbol.
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
fn decode_12(b: &[u8]) -> u64 {
    let mut acc = 0u64;
    let mut bad = 0u8;
    for &c in b {
        let d = DECODE[c as usize];
        bad |= d;
        acc = (acc << 5) | u64::from(d);
    }
    // Valid symbols leave bit 63 clear; invalid ones leave garbage that is never read.
    acc | u64::from(bad >> 7) << 63
}

/// [`decode`] into the value's 64-bit halves: symbols 0..11 are the high half's bits 63..4,
/// symbol 12 straddles the halves, symbols 13..24 are the low half's bits 62..3, symbol 25
/// holds the last 3 bits and the check's top 2, symbol 26 the check's low 5. Each run of
/// twelve is checked as soon as it is read (an invalid symbol reads as `INVALID`, which has
/// the top bit that no symbol has), so that its symbols need not stay in registers; the error
/// is worked out from the text only on that path.
#[cfg(not(target_arch = "wasm32"))]
#[inline]
fn decode_halves(text: &str) -> Result<u128> {
    let Ok(b) = <&[u8; LEN]>::try_from(text.as_bytes()) else {
        return Err(Error::length("EUID", text.len(), LEN));
    };
    let top = decode_12(&b[..12]);
    if top >> 63 != 0 {
        return Err(bad_character(text));
    }
    let bottom = decode_12(&b[13..25]);
    if bottom >> 63 != 0 {
        return Err(bad_character(text));
    }
    let (d12, d25, d26) = (
        DECODE[b[12] as usize],
        DECODE[b[25] as usize],
        DECODE[b[26] as usize],
    );
    if (d12 | d25 | d26) & 0x80 != 0 {
        return Err(bad_character(text));
    }
    let hi = (top << 4) | u64::from(d12 >> 1);
    let lo = u64::from(d12) << 63 | bottom << 3 | u64::from(d25 >> 2);
    checked(
        (u128::from(hi) << 64) | u128::from(lo),
        ((d25 & 3) << 5) | d26,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The pieces of [`encode`] and [`decode`] against their plain forms on the edges.
    #[test]
    fn edges() {
        for v in [
            0,
            1,
            126,
            127,
            128,
            u64::MAX as u128,
            1 << 64,
            1 << 127,
            u128::MAX,
        ] {
            check_value(v);
        }
        for shift in 0..128 {
            check_value(1 << shift);
            check_value(u128::MAX >> shift);
        }
    }

    fn check_value(v: u128) {
        assert_eq!(checkmod(v) as u128, v % 127, "{v:#x}");
        assert_eq!(checkmod_halves(v) as u128, v % 127, "{v:#x}");
        for check in [checkmod(v), NO_CHECK, 0] {
            #[cfg(not(target_arch = "wasm32"))]
            assert_eq!(encode_pairs(v, check), encode_symbols(v, check), "{v:#x}");
        }
        let text = encode_string(v, true);
        assert_eq!(text.as_bytes(), &encode_symbols(v, checkmod(v)));
        assert_eq!(decode(&text), Ok(v));
        assert_eq!(decode(&encode_string(v, false)), Ok(v));
    }

    #[test]
    fn encode_string_is_checked_utf8() {
        let mut h = 0x9E37_79B9_7F4A_7C15u128;
        for _ in 0..100_000 {
            h = h
                .wrapping_mul(0x2360_ED05_1FC6_5DA4_4385_DF64_9FCC_F645)
                .wrapping_add(0x5851_F42D_4C95_7F2D_1405_7B7E_F767_814F);
            for with_check in [true, false] {
                let text = encode_string(h, with_check);
                let bytes = encode(h, with_check);
                assert_eq!(Some(text.as_str()), core::str::from_utf8(&bytes).ok());
                assert!(bytes.iter().all(|c| ALPHABET.contains(c)));
            }
        }
    }

    proptest! {
        #[test]
        fn encode_and_decode_agree_with_the_plain_forms(v in any::<u128>()) {
            check_value(v);
        }

        /// Any 27 bytes decode as a plain symbol-by-symbol reading does, error for error.
        #[test]
        fn decode_agrees_with_the_plain_reading(
            text in proptest::collection::vec(
                proptest::sample::select(b"0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyzIiLlOoUu@ ~".to_vec()),
                LEN,
            ),
            at in 0..LEN,
            byte in any::<u8>(),
        ) {
            for text in [text.clone(), { let mut t = text; t[at] = byte; t }] {
                let Ok(text) = String::from_utf8(text) else { continue };
                prop_assert_eq!(decode(&text), plain_decode(&text));
                prop_assert_eq!(decode_symbols(&text), plain_decode(&text));
            }
        }
    }

    fn plain_decode(text: &str) -> Result<u128> {
        let b = text.as_bytes();
        if b.len() != LEN {
            return Err(Error::length("EUID", b.len(), LEN));
        }
        let mut big = 0u128;
        let mut last = 0u8;
        for (i, &c) in b.iter().enumerate() {
            let d = DECODE[c as usize];
            if d == INVALID {
                return Err(first_bad_char(
                    text,
                    ErrorCode::InvalidCharacter,
                    "EUID",
                    |c| DECODE[c as usize] != INVALID,
                ));
            }
            // 135 bits: keep the top 128 in `big` and the last 7 (the check) apart.
            if i < 25 {
                big = (big << 5) | d as u128;
            } else if i == 25 {
                big = (big << 3) | (d >> 2) as u128;
                last = (d & 3) << 5;
            } else {
                last |= d;
            }
        }
        if last != NO_CHECK && last as u128 != big % 127 {
            return Err(Error::new(
                ErrorCode::InvalidCheckmod,
                "EUID",
                Detail::Checkmod {
                    found: last,
                    expected: (big % 127) as u8,
                },
            ));
        }
        Ok(big)
    }
}
