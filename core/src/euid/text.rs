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

/// `value mod 127`, from the two 64-bit halves (2^64 = 2 mod 127) so the compiler can use
/// 64-bit multiply-shift division instead of a 128-bit division call.
#[inline]
pub const fn checkmod(value: u128) -> u8 {
    let hi = (value >> 64) as u64 % 127;
    let lo = value as u64 % 127;
    ((hi * 2 + lo) % 127) as u8
}

#[inline]
pub fn encode(value: u128, with_check: bool) -> [u8; LEN] {
    let check = if with_check {
        checkmod(value)
    } else {
        NO_CHECK
    };
    let mut out = [0u8; LEN];
    // Symbols 0..25 carry bits 127..3 of the value.
    for (i, slot) in out[..25].iter_mut().enumerate() {
        *slot = ALPHABET[((value >> (123 - 5 * i)) & 31) as usize];
    }
    out[25] = ALPHABET[((((value & 7) as u8) << 2) | (check >> 5)) as usize];
    out[26] = ALPHABET[(check & 31) as usize];
    out
}

#[inline]
pub fn decode(text: &str) -> Result<u128> {
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
    let value = (acc << 3) | (d25 >> 2) as u128;
    let check = ((d25 & 3) << 5) | d26;
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
