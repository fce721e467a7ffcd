//! uid11: a u64 as exactly 11 Bitcoin-Base58 symbols, most significant first, padded with
//! `1`. Text order equals numeric order, and a prefix names a contiguous range.
//!
//! ```
//! use polyid::uid11;
//! assert_eq!(uid11::encode(58), "11111111121");
//! assert_eq!(uid11::decode("jpXCZedGfVQ")?, u64::MAX);
//! assert_eq!(uid11::prefix_range("k")?, None); // above 2^64-1
//! # Ok::<(), polyid::Error>(())
//! ```

use crate::error::{first_bad_char, Error, ErrorCode, Result};

/// The Bitcoin Base58 alphabet.
pub const ALPHABET: &[u8; 58] = b"123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
/// Length of the text form.
pub const LEN: usize = 11;

const INVALID: u8 = 0xff;

/// Symbol -> digit, `INVALID` for bytes outside the alphabet.
const DECODE: [u8; 256] = {
    let mut table = [INVALID; 256];
    let mut i = 0;
    while i < ALPHABET.len() {
        table[ALPHABET[i] as usize] = i as u8;
        i += 1;
    }
    table
};

/// 58^k for k = 0..=11 (58^11 > 2^64, hence u128).
const POW58: [u128; 12] = {
    let mut p = [1u128; 12];
    let mut i = 1;
    while i < 12 {
        p[i] = p[i - 1] * 58;
        i += 1;
    }
    p
};

/// Writes the 11 symbols of `value` into `out`.
#[inline]
pub fn encode_into(value: u64, out: &mut [u8; LEN]) {
    // Two halves keep the divisions in cheap 64-bit multiply-shift form: the low 6 digits
    // from `value % 58^6` and the high 5 from the quotient (58^6 fits in 36 bits).
    const P6: u64 = 38_068_692_544; // 58^6
    let mut hi = value / P6;
    let mut lo = value % P6;
    for slot in out[5..].iter_mut().rev() {
        *slot = ALPHABET[(lo % 58) as usize];
        lo /= 58;
    }
    for slot in out[..5].iter_mut().rev() {
        *slot = ALPHABET[(hi % 58) as usize];
        hi /= 58;
    }
}

/// The 11-symbol text of `value`.
pub fn encode(value: u64) -> String {
    let mut out = [0u8; LEN];
    encode_into(value, &mut out);
    ascii_string(&out)
}

/// An owned string of ASCII bytes (one allocation, no per-character pushes).
pub(crate) fn ascii_string(bytes: &[u8]) -> String {
    // Always ASCII by construction; the check is the word-at-a-time ASCII fast path.
    core::str::from_utf8(bytes).map_or_else(|_| String::new(), str::to_owned)
}

/// Decodes exactly 11 symbols; rejects other lengths, foreign symbols and values >= 2^64.
#[inline]
pub fn decode(text: &str) -> Result<u64> {
    decode_in(text, "uid11")
}

#[inline]
pub(crate) fn decode_in(text: &str, context: &'static str) -> Result<u64> {
    let b = text.as_bytes();
    if b.len() != LEN {
        return Err(Error::length(context, b.len(), LEN));
    }
    // The first ten digits fit in a u64 (58^10 < 2^59); only the last step can overflow.
    let mut acc: u64 = 0;
    let mut bad = 0u8;
    for &c in &b[..LEN - 1] {
        let d = DECODE[c as usize];
        bad |= d;
        acc = acc * 58 + d as u64;
    }
    let d = DECODE[b[LEN - 1] as usize];
    bad |= d;
    // Any INVALID (0xff) sets the top bit of `bad`; digits are < 64.
    if bad & 0x80 != 0 {
        return Err(first_bad_char(
            text,
            ErrorCode::InvalidCharacter,
            context,
            |c| DECODE[c as usize] != INVALID,
        ));
    }
    acc.checked_mul(58)
        .and_then(|v| v.checked_add(d as u64))
        .ok_or_else(|| {
            Error::reason(
                ErrorCode::Overflow,
                context,
                "value is 2^64 or more (the largest uid11 is jpXCZedGfVQ)",
            )
        })
}

/// The inclusive range of values whose text starts with `prefix` (0 to 11 symbols).
///
/// The upper bound is clamped to 2^64-1; `None` when even the lower bound is above it
/// (such a prefix matches no uid11, which is not an error).
pub fn prefix_range(prefix: &str) -> Result<Option<(u64, u64)>> {
    prefix_range_in(prefix, "uid11 prefix")
}

pub(crate) fn prefix_range_in(prefix: &str, context: &'static str) -> Result<Option<(u64, u64)>> {
    let b = prefix.as_bytes();
    if b.len() > LEN {
        return Err(Error::length(context, b.len(), LEN));
    }
    let mut value: u128 = 0;
    for &c in b {
        let d = DECODE[c as usize];
        if d == INVALID {
            return Err(first_bad_char(
                prefix,
                ErrorCode::InvalidCharacter,
                context,
                |c| DECODE[c as usize] != INVALID,
            ));
        }
        value = value * 58 + d as u128;
    }
    let scale = POW58[LEN - b.len()];
    let lo = value * scale;
    if lo > u64::MAX as u128 {
        return Ok(None);
    }
    let hi = (lo + scale - 1).min(u64::MAX as u128);
    Ok(Some((lo as u64, hi as u64)))
}

/// Whether `c` is a Base58 symbol.
pub fn is_symbol(c: u8) -> bool {
    DECODE[c as usize] != INVALID
}
