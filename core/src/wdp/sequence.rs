//! Named sequences: the standard table of WDP part 4, extensible by the caller.

use crate::error::{Error, ErrorCode, Result};

/// Longest accepted sequence name.
pub const MAX_NAME_LEN: usize = 32;

/// The standard table: (name, number).
pub const STANDARD: [(&str, u16); 29] = [
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

/// Looks up an uppercase name in the standard table: one hash of the name picks the only
/// entry it can be, then one comparison. Smaller than a `match` over the names (which the
/// WebAssembly module's size budget counts), and no search.
#[inline]
pub fn standard_number(upper: &[u8]) -> Option<u16> {
    if !(SHORTEST..=LONGEST).contains(&upper.len()) {
        return None;
    }
    let (name, number) = STANDARD[SLOTS[slot(upper)] as usize];
    same_short(name.as_bytes(), upper).then_some(number)
}

/// `a == b` for texts of SHORTEST..=LONGEST bytes (`b` of that length): two overlapping
/// words of each, instead of a call to `memcmp` for a few bytes.
#[inline(always)]
fn same_short(a: &[u8], b: &[u8]) -> bool {
    let n = b.len();
    debug_assert!(n >= SHORTEST);
    if a.len() != n {
        return false;
    }
    if n >= 8 {
        let w = |t: &[u8], at: usize| u64::from_le_bytes(t[at..at + 8].try_into().unwrap());
        w(a, 0) == w(b, 0) && w(a, n - 8) == w(b, n - 8)
    } else {
        let w = |t: &[u8], at: usize| u32::from_le_bytes(t[at..at + 4].try_into().unwrap());
        w(a, 0) == w(b, 0) && w(a, n - 4) == w(b, n - 4)
    }
}

/// The lengths of the shortest and the longest standard name.
const SHORTEST: usize = 5;
const LONGEST: usize = 14;

/// The slot of a name of SHORTEST..=LONGEST bytes: its first four bytes, its length and its
/// last byte, mixed by one multiplication; the multiplier was searched for so that the 29
/// standard names land in 29 different slots of 64 (checked at compile time below).
const fn slot(name: &[u8]) -> usize {
    let word = u32::from_le_bytes([name[0], name[1], name[2], name[3]])
        ^ ((name.len() as u32) << 24)
        ^ ((name[name.len() - 1] as u32) << 16);
    (word.wrapping_mul(0x601e_48cb) >> 26) as usize
}

/// For each slot, the index in STANDARD of the name that lands there. An empty slot holds 0:
/// MISSING lands in a slot of its own, so a text that lands in an empty slot never equals it.
const SLOTS: [u8; 64] = {
    let mut slots = [u8::MAX; 64];
    let mut i = 0;
    while i < STANDARD.len() {
        let name = STANDARD[i].0.as_bytes();
        assert!(name.len() >= SHORTEST && name.len() <= LONGEST);
        let s = slot(name);
        assert!(slots[s] == u8::MAX, "two standard names share a slot");
        slots[s] = i as u8;
        i += 1;
    }
    let mut s = 0;
    while s < slots.len() {
        if slots[s] == u8::MAX {
            slots[s] = 0;
        }
        s += 1;
    }
    slots
};

/// A standard name as [`standard_digits`] compares it: its first eight bytes (all of it,
/// zero-extended, when shorter), its last eight, its length, and its number's three digits
/// (the first in the low byte). An empty place has length 0, which no text it is compared
/// with has.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Copy)]
struct NameWords {
    first: u64,
    last: u64,
    len: usize,
    digits: u32,
}

/// The standard names by slot (as [`SLOTS`] places them), so that a lookup is one load
/// after the slot's computation, not two.
#[cfg(not(target_arch = "wasm32"))]
const NAME_WORDS: [NameWords; 64] = {
    let mut out = [NameWords {
        first: 0,
        last: 0,
        len: 0,
        digits: 0,
    }; 64];
    let mut i = 0;
    while i < STANDARD.len() {
        let (name, n) = STANDARD[i];
        let b = name.as_bytes();
        let mut first = [0u8; 8];
        let mut last = [0u8; 8];
        let mut j = 0;
        while j < 8 {
            if j < b.len() {
                first[j] = b[j];
            }
            if b.len() >= 8 {
                last[j] = b[b.len() - 8 + j];
            }
            j += 1;
        }
        let digits = [
            b'0' + (n / 100) as u8,
            b'0' + (n / 10 % 10) as u8,
            b'0' + (n % 10) as u8,
            0,
        ];
        out[slot(b)] = NameWords {
            first: u64::from_le_bytes(first),
            last: if b.len() >= 8 {
                u64::from_le_bytes(last)
            } else {
                u64::from_le_bytes(first)
            },
            len: b.len(),
            digits: u32::from_le_bytes(digits),
        };
        i += 1;
    }
    out
};

/// The digits of a standard name given as words, for a scan that holds the uppercased name
/// in registers: `first` is its first eight bytes (all of it, zero-extended, when shorter),
/// `last` its last eight (`first` again when shorter), `len` its length. The same slot and
/// one comparison as [`standard_number`], with no copy of the name.
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
pub(super) fn standard_digits(first: u64, last: u64, len: usize) -> Option<u32> {
    if !(SHORTEST..=LONGEST).contains(&len) {
        return None;
    }
    let last_byte = if len >= 8 {
        (last >> 56) as u32
    } else {
        (first >> (8 * (len - 1))) as u32 & 0xff
    };
    let word = (first as u32) ^ ((len as u32) << 24) ^ (last_byte << 16);
    let entry = NAME_WORDS[(word.wrapping_mul(0x601e_48cb) >> 26) as usize];
    (entry.first == first && entry.last == last && entry.len == len).then_some(entry.digits)
}

/// The standard name of a number, if it has one.
pub fn standard_name(number: u16) -> Option<&'static str> {
    STANDARD
        .iter()
        .find(|(_, n)| *n == number)
        .map(|(name, _)| *name)
}

/// Whether `name` is a well-formed sequence name: `[A-Za-z][A-Za-z0-9_]{0,31}`.
pub fn is_well_formed(name: &[u8]) -> bool {
    !name.is_empty()
        && name.len() <= MAX_NAME_LEN
        && name[0].is_ascii_alphabetic()
        && name.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'_')
}

/// The standard named sequences plus the caller's own.
///
/// ```
/// use polyid::wdp::{NamedSequences, compact_id_with};
/// let table = NamedSequences::standard().with("RATE_LIMITED", 31)?;
/// assert_eq!(compact_id_with("E.Api.Quota.RATE_LIMITED", &table)?,
///            compact_id_with("E.API.QUOTA.031", &table)?);
/// # Ok::<(), polyid::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NamedSequences {
    /// Extra names, uppercase, sorted for binary search.
    extra: Vec<(Box<str>, u16)>,
}

impl NamedSequences {
    /// The standard table only.
    pub const fn standard() -> NamedSequences {
        NamedSequences { extra: Vec::new() }
    }

    /// Adds `name` (case-insensitive) for `number` (1-999).
    ///
    /// Fails with `INVALID_SEQUENCE` for a malformed name, a number outside 1-999, or a
    /// standard name given another number. Adding a name again replaces its number. The
    /// number is any integer a binding passes (so that -1 and 70000 fail as 0 and 1000 do,
    /// after the name).
    pub fn insert(&mut self, name: &str, number: impl Into<i64>) -> Result<()> {
        const CONTEXT: &str = "named sequence";
        let number = number.into();
        if !is_well_formed(name.as_bytes()) {
            return Err(Error::new(
                ErrorCode::InvalidSequence,
                CONTEXT,
                crate::error::Detail::Text(name.into()),
            ));
        }
        if !(1..=999).contains(&number) {
            return Err(Error::new(
                ErrorCode::InvalidSequence,
                CONTEXT,
                crate::error::Detail::Range {
                    found: number.into(),
                    min: 1,
                    max: 999,
                },
            ));
        }
        // 1..=999: a u16.
        let number = number as u16;
        let upper = name.to_ascii_uppercase();
        match standard_number(upper.as_bytes()) {
            Some(n) if n == number => return Ok(()),
            Some(_) => {
                return Err(Error::reason(
                    ErrorCode::InvalidSequence,
                    CONTEXT,
                    "a standard name cannot be given another number",
                ))
            }
            None => {}
        }
        match self.extra.binary_search_by(|(n, _)| (**n).cmp(&upper)) {
            Ok(i) => self.extra[i].1 = number,
            Err(i) => self.extra.insert(i, (upper.into_boxed_str(), number)),
        }
        Ok(())
    }

    /// Builder form of [`NamedSequences::insert`].
    pub fn with(mut self, name: &str, number: impl Into<i64>) -> Result<NamedSequences> {
        self.insert(name, number)?;
        Ok(self)
    }

    /// The number of an uppercase name.
    #[inline]
    pub fn lookup(&self, upper: &[u8]) -> Option<u16> {
        if let Some(n) = standard_number(upper) {
            return Some(n);
        }
        if self.extra.is_empty() {
            return None;
        }
        self.extra
            .binary_search_by(|(n, _)| n.as_bytes().cmp(upper))
            .ok()
            .map(|i| self.extra[i].1)
    }

    /// The caller's extra names (uppercase) and numbers.
    pub fn extra(&self) -> impl Iterator<Item = (&str, u16)> {
        self.extra.iter().map(|(n, v)| (&**n, *v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The standard table read the plain way: what `standard_number` must answer.
    fn search(upper: &[u8]) -> Option<u16> {
        STANDARD
            .iter()
            .find(|(name, _)| name.as_bytes() == upper)
            .map(|(_, n)| *n)
    }

    #[test]
    fn every_standard_name_and_no_near_miss() {
        for (name, number) in STANDARD {
            assert_eq!(standard_number(name.as_bytes()), Some(number), "{name}");
            let b = name.as_bytes();
            // Any one byte changed, one byte more, one byte less, lowercase.
            for at in 0..b.len() {
                let mut changed = b.to_vec();
                changed[at] ^= 1;
                assert_eq!(
                    standard_number(&changed),
                    search(&changed),
                    "{name} at {at}"
                );
            }
            assert_eq!(standard_number(&[b, b"X"].concat()), None);
            assert_eq!(standard_number(&b[..b.len() - 1]), None);
            assert_eq!(standard_number(name.to_lowercase().as_bytes()), None);
        }
        for short in [&b""[..], b"A", b"MISS", b"STAL"] {
            assert_eq!(standard_number(short), None);
        }
    }

    /// `standard_digits` of a name read as the scan reads it.
    fn digits_of(upper: &[u8]) -> Option<u16> {
        let n = upper.len();
        if n == 0 || n > 16 {
            return None;
        }
        let mut first = [0u8; 8];
        let k = n.min(8);
        first[..k].copy_from_slice(&upper[..k]);
        let first = u64::from_le_bytes(first);
        let last = if n >= 8 {
            u64::from_le_bytes(upper[n - 8..].try_into().unwrap())
        } else {
            first
        };
        standard_digits(first, last, n).map(|d| {
            let [a, b, c, _] = (d ^ 0x0030_3030).to_le_bytes();
            u16::from(a) * 100 + u16::from(b) * 10 + u16::from(c)
        })
    }

    #[test]
    fn standard_digits_are_the_table() {
        for (name, number) in STANDARD {
            assert_eq!(digits_of(name.as_bytes()), Some(number), "{name}");
            let b = name.as_bytes();
            for at in 0..b.len() {
                let mut changed = b.to_vec();
                changed[at] ^= 1;
                assert_eq!(digits_of(&changed), search(&changed), "{name} at {at}");
            }
            assert_eq!(digits_of(&[b, b"X"].concat()), None);
            assert_eq!(digits_of(&b[..b.len() - 1]), None);
        }
    }

    proptest! {
        #[test]
        fn standard_digits_of_any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..17)) {
            prop_assert_eq!(digits_of(&bytes), search(&bytes));
        }

        #[test]
        fn standard_digits_of_names(name in "[A-Z_]{0,16}") {
            prop_assert_eq!(digits_of(name.as_bytes()), search(name.as_bytes()));
        }

        #[test]
        fn standard_number_is_the_table(name in "[A-Z_]{0,16}") {
            prop_assert_eq!(standard_number(name.as_bytes()), search(name.as_bytes()));
        }

        #[test]
        fn standard_number_of_any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..20)) {
            prop_assert_eq!(standard_number(&bytes), search(&bytes));
        }
    }
}
