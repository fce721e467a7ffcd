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

/// A standard name as [`standard_digits_at_end`] compares it with the end of a code: two
/// words that the code's last eight bytes (`tail`) and the eight bytes from `back` bytes
/// before its end (`head`) must match, byte by byte where the mask is 0xff and up to case
/// where it is 0xdf (the name's letters and `_`; the dot before the name is matched exactly).
/// A name of up to seven bytes is all in the tail with its dot (`back` is 8: the head is the
/// tail again); a longer one has the dot and its first seven bytes in the head. Then its
/// number's three digits (the first in the low byte), and the place of the name that shares
/// its place's key, if one does (`NO_NEXT`). An empty place wants a tail no ASCII text has.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Copy)]
#[repr(align(64))]
struct NameAtEnd {
    tail: u64,
    tail_mask: u64,
    head: u64,
    head_mask: u64,
    back: usize,
    digits: u32,
    next: u8,
}

#[cfg(not(target_arch = "wasm32"))]
const NO_NEXT: u8 = u8::MAX;

/// The place of the name that ends a code whose last eight bytes are `tail` (little-endian):
/// its last five bytes (every standard name has at least five), case folded, times a
/// multiplier searched for so that the 28 keys the 29 standard names give (OVERFLOW and
/// UNDERFLOW share theirs) land in 28 different places of 64 (checked at compile time
/// below). No dot, no length and no uppercasing stand between the code's last word and the
/// load of the only name it can end with.
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
const fn tail_slot(tail: u64) -> usize {
    (tail_key(tail).wrapping_mul(0x4cf0_398b_9f37_843d) >> 58) as usize
}

/// The last five bytes of `tail` in place, case folded, the others cleared.
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
const fn tail_key(tail: u64) -> u64 {
    tail & 0xdfdf_dfdf_df00_0000
}

/// The word and mask that eight bytes of a code must match where the code ends with a dot and
/// `name`, `end` bytes after the word's start (8 or more): the bytes of the dot and the name
/// inside the word, the name's up to case; bytes before the dot are free.
#[cfg(not(target_arch = "wasm32"))]
const fn pattern(name: &[u8], end: usize) -> (u64, u64) {
    let (mut word, mut mask) = ([0u8; 8], [0u8; 8]);
    let mut j = 0;
    while j < 8 {
        // Byte j of the word is the code's byte `from_end` bytes before its end.
        let from_end = end - j;
        if from_end <= name.len() {
            word[j] = name[name.len() - from_end];
            mask[j] = 0xdf;
        } else if from_end == name.len() + 1 {
            word[j] = b'.';
            mask[j] = 0xff;
        }
        j += 1;
    }
    (u64::from_le_bytes(word), u64::from_le_bytes(mask))
}

/// The standard names by [`tail_slot`]. A name whose place another name took first is kept in
/// a place no name has, which that name's `next` gives.
#[cfg(not(target_arch = "wasm32"))]
const NAMES_AT_END: [NameAtEnd; 64] = {
    let mut out = [NameAtEnd {
        tail: 0x8080_8080_8080_8080,
        tail_mask: u64::MAX,
        head: 0x8080_8080_8080_8080,
        head_mask: u64::MAX,
        back: 8,
        digits: 0,
        next: NO_NEXT,
    }; 64];
    let mut taken = [false; 64];
    let mut filled = [false; 64];
    // The place each name's key picks; the first name to pick a place gets it.
    let mut home = [0usize; STANDARD.len()];
    let mut i = 0;
    while i < STANDARD.len() {
        home[i] = tail_slot(pattern(STANDARD[i].0.as_bytes(), 8).0);
        taken[home[i]] = true;
        i += 1;
    }
    let mut spare = 0;
    let mut i = 0;
    while i < STANDARD.len() {
        let (name, n) = STANDARD[i];
        let b = name.as_bytes();
        let (tail, tail_mask) = pattern(b, 8);
        let back = if b.len() + 1 > 8 { b.len() + 1 } else { 8 };
        let (head, head_mask) = pattern(b, back);
        let entry = NameAtEnd {
            tail,
            tail_mask,
            head,
            head_mask,
            back,
            digits: u32::from_le_bytes([
                b'0' + (n / 100) as u8,
                b'0' + (n / 10 % 10) as u8,
                b'0' + (n % 10) as u8,
                0,
            ]),
            next: NO_NEXT,
        };
        let at = home[i];
        if !filled[at] {
            out[at] = entry;
            filled[at] = true;
        } else {
            // Its key is another name's: a place no key picks, named by that name.
            assert!(
                tail_key(out[at].tail) == tail_key(tail),
                "two standard names with different keys share a place"
            );
            while taken[spare] {
                spare += 1;
            }
            assert!(out[at].next == NO_NEXT, "three standard names share a key");
            out[at].next = spare as u8;
            out[spare] = entry;
            taken[spare] = true;
            filled[spare] = true;
        }
        i += 1;
    }
    out
};

#[cfg(not(target_arch = "wasm32"))]
impl NameAtEnd {
    /// Whether the code `b` (scanned: letters, digits, dots and `_`, whose case the masks
    /// can ignore; at least eight bytes), whose last eight bytes are `tail`, ends with a dot
    /// and this name.
    #[inline(always)]
    fn ends(&self, b: &[u8], tail: u64) -> bool {
        let Some(at) = b.len().checked_sub(self.back) else {
            return false;
        };
        let head = super::hash::load(&b[at..at + 8]);
        ((tail ^ self.tail) & self.tail_mask) | ((head ^ self.head) & self.head_mask) == 0
    }
}

/// The digits of the standard name that ends the code `b` (scanned: letters, digits, dots and
/// `_`, at least nine bytes), if its sequence field is one. Found from the code's last word
/// and checked against its bytes (the name's, and the dot before it), never against where a
/// scan found the dots, so that finding the digits does not wait for the scan. The scan must
/// still accept the code; the dot before the name is then the last one, and the name is the
/// whole sequence field.
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
pub(super) fn standard_digits_at_end(b: &[u8]) -> Option<u32> {
    let tail = super::hash::load(&b[b.len() - 8..]);
    let entry = &NAMES_AT_END[tail_slot(tail)];
    if entry.ends(b, tail) {
        return Some(entry.digits);
    }
    if entry.next == NO_NEXT {
        return None;
    }
    next_digits_at_end(b, tail, entry.next)
}

/// The digits of the name in the place `next`, when the name in a code's place was another
/// with the same key. Out of line: a call, which the optimizer cannot fold into a choice
/// between the two places' digits (that choice would wait for the comparison of the first).
#[cfg(not(target_arch = "wasm32"))]
#[inline(never)]
fn next_digits_at_end(b: &[u8], tail: u64, next: u8) -> Option<u32> {
    let entry = &NAMES_AT_END[usize::from(next)];
    entry.ends(b, tail).then_some(entry.digits)
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

    /// The standard table, as a shared value: the calls that take no table borrow it
    /// instead of building an empty one on their stack for every code.
    pub(crate) fn standard_ref() -> &'static NamedSequences {
        static STANDARD_TABLE: NamedSequences = NamedSequences::standard();
        &STANDARD_TABLE
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

    /// What `standard_digits_at_end` finds at the end of `prefix.seq` (a scanned code of at
    /// least nine bytes), as a number.
    #[cfg(not(target_arch = "wasm32"))]
    fn at_end(prefix: &str, seq: &[u8]) -> Option<u16> {
        let code = [prefix.as_bytes(), b".", seq].concat();
        assert!(code.len() >= 9);
        standard_digits_at_end(&code).map(|d| {
            let [a, b, c, _] = (d ^ 0x0030_3030).to_le_bytes();
            u16::from(a) * 100 + u16::from(b) * 10 + u16::from(c)
        })
    }

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn standard_digits_at_end_are_the_table() {
        for prefix in ["E.A.B", "E.AUTH.TOKEN", "E.A.B1", "W.ABCDEFGH.X9_Q"] {
            for (name, number) in STANDARD {
                let b = name.as_bytes();
                assert_eq!(at_end(prefix, b), Some(number), "{prefix} {name}");
                let lower = name.to_ascii_lowercase();
                assert_eq!(at_end(prefix, lower.as_bytes()), Some(number), "{lower}");
                for at in 0..b.len() {
                    let mut changed = b.to_vec();
                    changed[at] ^= 1;
                    if changed[at] == b'.' || !changed[at].is_ascii_alphanumeric() {
                        continue; // not a scanned sequence field
                    }
                    let upper = changed.to_ascii_uppercase();
                    assert_eq!(at_end(prefix, &changed), search(&upper), "{name} at {at}");
                }
                assert_eq!(at_end(prefix, &[b, b"X"].concat()), None);
                assert_eq!(at_end(prefix, &[b"X", b].concat()), None);
                assert_eq!(at_end(prefix, &[b"_", b].concat()), None);
                assert_eq!(at_end(prefix, &b[1..]), None);
                assert_eq!(at_end(prefix, &b[..b.len() - 1]), None);
            }
        }
    }

    proptest! {
        #[cfg(not(target_arch = "wasm32"))]
        #[test]
        fn standard_digits_at_end_of_codes(
            prefix in "[A-Z]\\.[A-Za-z0-9]{3,9}\\.[A-Za-z0-9]{1,9}",
            seq in "[A-Za-z0-9_]{1,16}",
        ) {
            let upper = seq.to_ascii_uppercase();
            prop_assert_eq!(at_end(&prefix, seq.as_bytes()), search(upper.as_bytes()));
        }

        #[cfg(not(target_arch = "wasm32"))]
        #[test]
        fn standard_digits_at_end_of_names(
            prefix in "[A-Z]\\.[A-Z]{1,3}\\.[A-Z]{1,3}",
            i in 0usize..29,
            cut in 0usize..3,
            extra in "[A-Z_]{0,2}",
        ) {
            // A standard name, cut short at either end or grown, after short fields.
            let name = STANDARD[i].0;
            let seq = [&name[cut.min(1)..name.len() - cut / 2], &extra].concat();
            prop_assert_eq!(at_end(&prefix, seq.as_bytes()), search(seq.as_bytes()));
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
