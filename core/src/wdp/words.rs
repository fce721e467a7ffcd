//! The code hash of a scanned code computed from the code's own bytes, without writing its
//! normalized form anywhere.
//!
//! xxh3 reads a text of 9 to 64 bytes as a few 8-byte words at fixed places from its start
//! and its end. The normalized form of a code is the code's bytes up to the sequence,
//! uppercased, followed by three digits; so each word xxh3 reads can be loaded from the
//! input, uppercased in a register, and, for a word that reaches the digits, shifted with
//! the digits put above it. A code with lowercase letters or a named sequence then costs
//! what an already normalized one costs, and nothing is stored and read back (writing a
//! normalized copy and hashing it stalls on reads that span several of the writes).
//! `tests` compares every length against the `xxhash-rust` crate over the written form.

use super::hash::CODE_SEED;

/// The first 64 bytes of xxh3's default secret (the only ones a text of up to 64 bytes
/// meets), as little-endian words.
const SECRET: [u64; 8] = {
    const BYTES: [u8; 64] = [
        0xb8, 0xfe, 0x6c, 0x39, 0x23, 0xa4, 0x4b, 0xbe, 0x7c, 0x01, 0x81, 0x2c, 0xf7, 0x21, 0xad,
        0x1c, 0xde, 0xd4, 0x6d, 0xe9, 0x83, 0x90, 0x97, 0xdb, 0x72, 0x40, 0xa4, 0xa4, 0xb7, 0xb3,
        0x67, 0x1f, 0xcb, 0x79, 0xe6, 0x4e, 0xcc, 0xc0, 0xe5, 0x78, 0x82, 0x5a, 0xd0, 0x7d, 0xcc,
        0xff, 0x72, 0x21, 0xb8, 0x08, 0x46, 0x74, 0xf7, 0x43, 0x24, 0x8e, 0xe0, 0x35, 0x90, 0xe6,
        0x81, 0x3a, 0x26, 0x4c,
    ];
    let mut words = [0u64; 8];
    let mut i = 0;
    while i < 8 {
        let mut w = [0u8; 8];
        let mut j = 0;
        while j < 8 {
            w[j] = BYTES[8 * i + j];
            j += 1;
        }
        words[i] = u64::from_le_bytes(w);
        i += 1;
    }
    words
};

const PRIME64_1: u64 = 0x9E37_79B1_85EB_CA87;

/// The secret words with the seed added (even places) or subtracted (odd places), as xxh3
/// mixes them with the input: constants, since the seed is.
const KEY: [u64; 8] = {
    let mut k = [0u64; 8];
    let mut i = 0;
    while i < 8 {
        k[i] = if i % 2 == 0 {
            SECRET[i].wrapping_add(CODE_SEED)
        } else {
            SECRET[i].wrapping_sub(CODE_SEED)
        };
        i += 1;
    }
    k
};
const FLIP_LO: u64 = (SECRET[3] ^ SECRET[4]).wrapping_add(CODE_SEED);
const FLIP_HI: u64 = (SECRET[5] ^ SECRET[6]).wrapping_sub(CODE_SEED);

#[inline(always)]
fn fold(a: u64, b: u64) -> u64 {
    let p = u128::from(a) * u128::from(b);
    (p as u64) ^ (p >> 64) as u64
}

/// xxh3's mix of 16 bytes with the key words at `k` and `k + 1`.
#[inline(always)]
fn mix(lo: u64, hi: u64, k: usize) -> u64 {
    fold(lo ^ KEY[k], hi ^ KEY[k + 1])
}

#[inline(always)]
fn avalanche(mut h: u64) -> u64 {
    h ^= h >> 37;
    h = h.wrapping_mul(0x1656_6791_9E37_79F9);
    h ^ (h >> 32)
}

/// xxh3-64 with the code seed of a text of `n` bytes (9 to 64) whose word at byte `at` is
/// `word(at)`.
#[inline(always)]
fn xxh3(n: usize, word: impl Fn(usize) -> u64) -> u64 {
    debug_assert!((9..=64).contains(&n));
    let len = n as u64;
    if n <= 16 {
        let lo = word(0) ^ FLIP_LO;
        let hi = word(n - 8) ^ FLIP_HI;
        return avalanche(
            len.wrapping_add(lo.swap_bytes())
                .wrapping_add(hi)
                .wrapping_add(fold(lo, hi)),
        );
    }
    let mut acc = len.wrapping_mul(PRIME64_1);
    acc =
        acc.wrapping_add(mix(word(0), word(8), 0))
            .wrapping_add(mix(word(n - 16), word(n - 8), 2));
    if n > 32 {
        acc = acc
            .wrapping_add(mix(word(16), word(24), 4))
            .wrapping_add(mix(word(n - 32), word(n - 24), 6));
    }
    avalanche(acc)
}

/// The eight bytes of `b` from `at`.
#[inline(always)]
fn load(b: &[u8], at: usize) -> u64 {
    super::hash::load(&b[at..at + 8])
}

/// The eight bytes of a word with `a`-`z` made `A`-`Z`, for bytes that are letters,
/// digits, `.` or `_` (as the scan proved): of those, the lowercase letters are exactly
/// the bytes from 0x61 up, and no byte carries into the next.
#[inline(always)]
pub(super) fn upper(x: u64) -> u64 {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    x - ((x.wrapping_add(0x1f1f_1f1f_1f1f_1f1f) & HIGH) >> 2)
}

/// The code hash of the normalized form of a scanned code `b` (its bytes letters, digits,
/// dots and `_`): when the sequence is three digits, the code itself uppercased (`lower`
/// says whether it has lowercase letters); when it is a name (`named`), `b[..at]`
/// uppercased and then the name's three digits `digits` (the first in the low byte).
/// `None` for a named code whose `at` is under 8 (codes of one-letter fields, which the
/// caller hashes from a written copy).
#[inline(always)]
pub(super) fn code_hash(b: &[u8], at: usize, digits: u32, named: bool, lower: bool) -> Option<u64> {
    if !named {
        return Some(if lower {
            xxh3(b.len(), |o| upper(load(b, o)))
        } else {
            xxh3(b.len(), |o| load(b, o))
        });
    }
    if at < 8 {
        return None;
    }
    // The word that ends at `at`: its top bytes move down to make room for the digits. The
    // last word of the normalized text begins 5 bytes before `at`; a word that begins 6 or
    // 7 bytes before it (read from the start of short texts) holds fewer digits.
    let tail = upper(load(b, at - 8));
    let digits = u64::from(digits);
    let word = |o: usize| {
        if o + 8 <= at {
            upper(load(b, o))
        } else {
            let shift = 8 * (o + 8 - at) as u32;
            (tail >> shift) | (digits << (64 - shift))
        }
    };
    Some(xxh3(at + 3, word))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use xxhash_rust::xxh3::xxh3_64_with_seed;

    /// The hash of the written normalized text, as the library computes it.
    fn written(b: &[u8], at: usize, digits: u32) -> u64 {
        let mut text = b[..at].to_ascii_uppercase();
        text.extend_from_slice(&digits.to_le_bytes()[..3]);
        xxh3_64_with_seed(&text, CODE_SEED)
    }

    /// Both forms of `b` against the library: named (the digits after `at`) and numbered
    /// (`b` itself, whose case `lower` must tell).
    fn agrees(b: &[u8], at: usize, digits: u32) {
        assert_eq!(
            code_hash(b, at, digits, true, true),
            Some(written(b, at, digits)),
            "{b:?} {at}"
        );
        if (9..=64).contains(&b.len()) {
            let lower = b.iter().any(u8::is_ascii_lowercase);
            assert_eq!(
                code_hash(b, 0, 0, false, lower),
                Some(xxh3_64_with_seed(&b.to_ascii_uppercase(), CODE_SEED)),
                "{b:?}"
            );
        }
    }

    #[test]
    fn every_length_against_the_library() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let alphabet = b"abcxyzABCXYZ0189._";
        for at in 8..=61 {
            for _ in 0..200 {
                let len = at + (next() % 8) as usize;
                let b: Vec<u8> = (0..len)
                    .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
                    .collect();
                let digits = u32::from_le_bytes([
                    b'0' + (next() % 10) as u8,
                    b'0' + (next() % 10) as u8,
                    b'0' + (next() % 10) as u8,
                    0,
                ]);
                agrees(&b, at, digits);
            }
        }
        assert_eq!(code_hash(b"E.A.B.MISSING", 6, 0, true, false), None);
    }

    proptest! {
        #[test]
        fn code_bytes_against_the_library(
            b in "[A-Za-z0-9._]{8,70}", cut in 0usize..70, d in "[0-9]{3}"
        ) {
            let b = b.as_bytes();
            let at = 8 + cut % (b.len().min(61) - 7);
            let d = d.as_bytes();
            agrees(b, at, u32::from_le_bytes([d[0], d[1], d[2], 0]));
        }
    }
}
