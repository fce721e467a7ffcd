//! xxh3 + base62: compact IDs, namespace hashes and full IDs.

use core::fmt;

use xxhash_rust::xxh3::xxh3_64_with_seed;

use crate::error::{first_bad_char, Error, ErrorCode, Result};

/// Seed of code hashes: `"wdp-v1"` as a little-endian integer.
pub const CODE_SEED: u64 = 0x0000_3176_2D70_6477;
/// Seed of namespace hashes: `"wdpns-v1"` as a little-endian integer.
pub const NAMESPACE_SEED: u64 = 0x3176_2D73_6E70_6477;
/// The base62 alphabet.
pub const BASE62: &[u8; 62] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/// Length of a compact ID or namespace hash.
pub const COMPACT_LEN: usize = 5;
/// Length of a full ID `nsh-compact`.
pub const FULL_ID_LEN: usize = 11;
/// Longest namespace.
pub const MAX_NAMESPACE_LEN: usize = 16;

/// The xxh3 hash of a normalized code.
#[inline]
pub fn code_hash(normalized: &[u8]) -> u64 {
    xxh3(normalized, CODE_SEED)
}

/// xxh3 with a seed. Out of line in WebAssembly, where code and namespace hashes then share
/// one copy of it (the module's size budget); inlined elsewhere, where the call would cost
/// a visible share of a compact ID.
#[cfg_attr(target_arch = "wasm32", inline(never))]
#[cfg_attr(not(target_arch = "wasm32"), inline)]
fn xxh3(bytes: &[u8], seed: u64) -> u64 {
    xxh3_64_with_seed(bytes, seed)
}

/// The 40 bits of a hash that a compact ID is taken from: the low 40 (docs/spec §1.2).
#[inline]
pub const fn value40(hash: u64) -> u64 {
    hash & 0xFF_FFFF_FFFF
}

/// Five base62 symbols of a hash's low 40 bits (mod 62^5), most significant first: what
/// [`compact_id`](super::compact_id) and [`namespace_hash`](super::namespace_hash) return.
/// Held by value; it prints as its text (`Display`), compares with `str`, `&str` and
/// `String` from either side, and becomes a `String` by `String::from`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CompactId([u8; COMPACT_LEN]);

impl CompactId {
    /// The compact form of a 64-bit hash: the low 40 bits (docs/spec §1.2: the seed's prose
    /// says `>> 24`, its vectors and the reference take the low bits), mod 62^5, in base62.
    #[inline]
    pub const fn from_hash(hash: u64) -> CompactId {
        #[cfg(not(target_arch = "wasm32"))]
        return CompactId(base62_by_pairs(value40(hash)));
        #[cfg(target_arch = "wasm32")]
        return CompactId(base62_by_digits(value40(hash)));
    }

    /// Reads five base62 symbols.
    pub fn parse(text: &str) -> Result<CompactId> {
        let bytes = text.as_bytes();
        if bytes.len() != COMPACT_LEN {
            return Err(Error::length("compact ID", bytes.len(), COMPACT_LEN));
        }
        if !bytes.iter().all(u8::is_ascii_alphanumeric) {
            return Err(first_bad_char(
                text,
                ErrorCode::InvalidCharacter,
                "compact ID",
                |b| b.is_ascii_alphanumeric(),
            ));
        }
        let mut out = [0u8; COMPACT_LEN];
        out.copy_from_slice(bytes);
        Ok(CompactId(out))
    }

    /// The five ASCII bytes.
    pub const fn as_bytes(&self) -> &[u8; COMPACT_LEN] {
        &self.0
    }

    /// The text.
    #[inline]
    pub fn as_str(&self) -> &str {
        // SAFETY: every constructor writes ASCII only (`from_hash` takes bytes from the
        // BASE62 table, `parse` and `FullId::parse` copy bytes checked to be ASCII
        // alphanumeric), and the field is private, so the bytes are always valid UTF-8.
        // The checked `from_utf8` is an out-of-line call that re-validates five bytes on
        // every use, a visible share of `compact_id` under callgrind;
        // `tests::as_str_is_checked_utf8` compares both.
        #[allow(unsafe_code)]
        unsafe {
            core::str::from_utf8_unchecked(&self.0)
        }
    }
}

/// The five base62 digits of `v mod 62^5` (`v` under 2^40): digits 0..4 of `v` itself, so
/// the three groups (a pair, one, a pair) come from `v` side by side, each by its own
/// divisions by constants, rather than one after another from the reduced value. The pairs
/// are read from a table.
#[cfg(any(test, not(target_arch = "wasm32")))]
#[inline(always)]
const fn base62_by_pairs(v: u64) -> [u8; COMPACT_LEN] {
    // v / 62^3 and v / 62^2 are under 2^23 and 2^29: their remainders are 32-bit.
    let high = (v / 238_328) as u32 % 3_844; // digits 4 and 3
    let middle = (v / 3_844) as u32 % 62; // digit 2
    let low = (v % 3_844) as u32; // digits 1 and 0
    let [a, b] = pair(high);
    let [d, e] = pair(low);
    [a, b, BASE62[middle as usize], d, e]
}

/// The five base62 digits of `v mod 62^5` with no table (the WebAssembly module's size
/// budget): the digits of (v mod 62^5) are digits 0..4 of v itself, so each comes straight
/// from v, five independent divide-by-constant chains.
#[cfg(any(test, target_arch = "wasm32"))]
#[inline(always)]
const fn base62_by_digits(v: u64) -> [u8; COMPACT_LEN] {
    [
        BASE62[(v / 14_776_336 % 62) as usize], // 62^4
        BASE62[(v / 238_328 % 62) as usize],    // 62^3
        BASE62[(v / 3_844 % 62) as usize],      // 62^2
        BASE62[(v / 62 % 62) as usize],
        BASE62[(v % 62) as usize],
    ]
}

/// The two base62 symbols of a number under 62^2, from a table of every pair (one load
/// instead of a division and two loads).
#[cfg(any(test, not(target_arch = "wasm32")))]
#[inline(always)]
const fn pair(n: u32) -> [u8; 2] {
    const PAIRS: [[u8; 2]; 3_844] = {
        let mut t = [[0u8; 2]; 3_844];
        let mut i = 0;
        while i < 3_844 {
            t[i] = [BASE62[i / 62], BASE62[i % 62]];
            i += 1;
        }
        t
    };
    PAIRS[n as usize]
}

impl fmt::Display for CompactId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for CompactId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CompactId({:?})", self.as_str())
    }
}

impl AsRef<str> for CompactId {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl From<CompactId> for String {
    fn from(id: CompactId) -> String {
        id.as_str().to_owned()
    }
}

impl From<FullId> for String {
    fn from(id: FullId) -> String {
        id.to_text()
    }
}

/// Equality with text in both directions (`id == "V6a0B"`, `"V6a0B" == id`), so an ID
/// compares with a string without being written out first.
macro_rules! text_eq {
    ($id:ty, |$a:ident, $b:ident| $eq:expr) => {
        text_eq!(@one $id, str, $a, $b, $eq);
        text_eq!(@one $id, &str, $a, $b, $eq);
        text_eq!(@one $id, String, $a, $b, $eq);
    };
    (@one $id:ty, $text:ty, $a:ident, $b:ident, $eq:expr) => {
        impl PartialEq<$text> for $id {
            fn eq(&self, other: &$text) -> bool {
                let ($a, $b): (&$id, &[u8]) = (self, other.as_bytes());
                $eq
            }
        }
        impl PartialEq<$id> for $text {
            fn eq(&self, other: &$id) -> bool {
                other == self
            }
        }
    };
}
text_eq!(CompactId, |id, text| id.0 == *text);
text_eq!(FullId, |id, text| id.to_bytes() == *text);

/// Checks a namespace: `[a-z][a-z0-9_]{0,15}`.
pub fn validate_namespace(namespace: &str) -> Result<()> {
    let b = namespace.as_bytes();
    let ok = !b.is_empty()
        && b.len() <= MAX_NAMESPACE_LEN
        && b[0].is_ascii_lowercase()
        && b.iter()
            .all(|&c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'_');
    if ok {
        return Ok(());
    }
    Err(namespace_error(namespace))
}

#[cold]
fn namespace_error(namespace: &str) -> Error {
    const CONTEXT: &str = "WDP namespace";
    if !namespace.is_ascii() {
        return first_bad_char(namespace, ErrorCode::NonAscii, CONTEXT, |_| true);
    }
    let b = namespace.as_bytes();
    if b.is_empty() {
        return Error::reason(ErrorCode::InvalidNamespace, CONTEXT, "empty");
    }
    if !b[0].is_ascii_lowercase() {
        return Error::character(ErrorCode::InvalidNamespace, CONTEXT, 0, b[0] as char);
    }
    if let Some(i) = b
        .iter()
        .position(|&c| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'_'))
    {
        return Error::character(ErrorCode::InvalidNamespace, CONTEXT, i, b[i] as char);
    }
    Error::new(
        ErrorCode::InvalidNamespace,
        CONTEXT,
        crate::error::Detail::Length {
            found: b.len(),
            expected: MAX_NAMESPACE_LEN,
        },
    )
}

/// The namespace hash: the compact form of xxh3 over the namespace bytes as given.
pub fn namespace_hash_id(namespace: &str) -> Result<CompactId> {
    validate_namespace(namespace)?;
    Ok(CompactId::from_hash(xxh3(
        namespace.as_bytes(),
        NAMESPACE_SEED,
    )))
}

/// A full ID `<namespace hash>-<compact id>` as its two halves: what
/// [`full_id`](super::full_id) returns and [`parse_full_id`](super::parse_full_id) reads.
/// It prints as its text and compares with text as [`CompactId`] does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FullId {
    /// The namespace hash.
    pub namespace_hash: CompactId,
    /// The compact ID of the code.
    pub compact_id: CompactId,
}

impl FullId {
    /// Parses `XXXXX-YYYYY` (base62 halves).
    pub fn parse(text: &str) -> Result<FullId> {
        const CONTEXT: &str = "WDP full ID";
        let b = text.as_bytes();
        if b.len() != FULL_ID_LEN {
            return Err(Error::length(CONTEXT, b.len(), FULL_ID_LEN));
        }
        let valid = |i: usize, c: u8| {
            if i == 5 {
                c == b'-'
            } else {
                c.is_ascii_alphanumeric()
            }
        };
        if let Some(i) = b.iter().enumerate().position(|(i, &c)| !valid(i, c)) {
            let ch = text.chars().nth(i).unwrap_or('\u{fffd}');
            return Err(Error::character(
                ErrorCode::InvalidCharacter,
                CONTEXT,
                i,
                ch,
            ));
        }
        let mut ns = [0u8; COMPACT_LEN];
        let mut id = [0u8; COMPACT_LEN];
        ns.copy_from_slice(&b[..5]);
        id.copy_from_slice(&b[6..]);
        Ok(FullId {
            namespace_hash: CompactId(ns),
            compact_id: CompactId(id),
        })
    }
}

impl FullId {
    /// The text `<namespace hash>-<compact id>` (11 ASCII bytes), e.g. `05o5h-V6a0B`: the
    /// one place that writes a full ID (`wdp::full_id`, namespaced catalogs, `Display`, and
    /// every binding). Built without the formatting machinery, so the wasm module stays small.
    pub fn to_text(&self) -> String {
        let mut text = String::with_capacity(FULL_ID_LEN);
        text.push_str(self.namespace_hash.as_str());
        text.push('-');
        text.push_str(self.compact_id.as_str());
        text
    }
}

impl FullId {
    /// The text of [`FullId::to_text`] as its 11 ASCII bytes, for writers of bytes (the
    /// column kernels).
    pub fn to_bytes(&self) -> [u8; FULL_ID_LEN] {
        let mut out = [b'-'; FULL_ID_LEN];
        out[..COMPACT_LEN].copy_from_slice(self.namespace_hash.as_bytes());
        out[COMPACT_LEN + 1..].copy_from_slice(self.compact_id.as_bytes());
        out
    }
}

impl fmt::Display for FullId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

/// The eight bytes of `bytes` (exactly eight) as a little-endian word: how the code scanner
/// and the code hash read a code.
#[inline(always)]
pub(super) fn load(bytes: &[u8]) -> u64 {
    let mut word = [0u8; 8];
    word.copy_from_slice(bytes);
    u64::from_le_bytes(word)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An ID equals exactly its own text, from either side, as `str`, `&str` and `String`.
    #[test]
    fn ids_compare_with_their_text() {
        /// `id == text` as `&str`, `str` and `String`, each asked from both sides, which must
        /// agree.
        fn equal<I>(id: I, text: &str) -> bool
        where
            I: PartialEq<str> + PartialEq<String> + for<'a> PartialEq<&'a str>,
            str: PartialEq<I>,
            String: PartialEq<I>,
            for<'a> &'a str: PartialEq<I>,
        {
            let owned = text.to_owned();
            let answers = [
                id == text,
                text == id,
                id == *text,
                *text == id,
                id == owned,
                owned == id,
            ];
            assert!(
                answers.iter().all(|&a| a == answers[0]),
                "{text:?}: {answers:?}"
            );
            answers[0]
        }
        let id = CompactId::parse("V6a0B").unwrap();
        let full = FullId::parse("05o5h-V6a0B").unwrap();
        assert!(equal(id, "V6a0B"));
        for other in ["V6a0b", "V6a0", "V6a0B ", "", "05o5h-V6a0B"] {
            assert!(!equal(id, other), "{other:?}");
        }
        assert!(equal(full, "05o5h-V6a0B"));
        for other in [
            "05o5h_V6a0B",
            "05o5h-V6a0b",
            "05o5H-V6a0B",
            "05o5h-V6a0",
            "V6a0B",
            "",
        ] {
            assert!(!equal(full, other), "{other:?}");
        }
        assert_eq!(String::from(id), "V6a0B");
        assert_eq!(String::from(full), "05o5h-V6a0B");
    }

    #[test]
    fn full_id_bytes_are_its_text() {
        // docs/spec §1: auth_lib and E.Auth.Token.MISSING.
        let id = FullId::parse("05o5h-V6a0B").unwrap();
        assert_eq!(&id.to_bytes(), b"05o5h-V6a0B");
        assert_eq!(id.to_text().as_bytes(), id.to_bytes());
    }
    use proptest::prelude::*;

    #[test]
    fn as_str_is_checked_utf8() {
        let mut h = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..100_000 {
            h = h
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let id = CompactId::from_hash(h);
            assert_eq!(Some(id.as_str()), core::str::from_utf8(id.as_bytes()).ok());
            assert!(id.as_bytes().iter().all(u8::is_ascii_alphanumeric));
        }
        assert_eq!(CompactId::parse("V6a0B").unwrap().as_str(), "V6a0B");
        let full = FullId::parse("05o5h-V6a0B").unwrap();
        assert_eq!(
            (full.namespace_hash.as_str(), full.compact_id.as_str()),
            ("05o5h", "V6a0B")
        );
        assert_eq!(full.to_text(), "05o5h-V6a0B");
        assert_eq!(full.to_string(), "05o5h-V6a0B");
        assert_eq!(FullId::parse(&full.to_text()), Ok(full));
    }

    proptest! {
        /// The digit-wise form equals the textbook one: reduce mod 62^5, then divide.
        #[test]
        fn from_hash_is_base62_of_low_40_bits_mod_62_pow_5(h in any::<u64>()) {
            let mut v = (h & 0xFF_FFFF_FFFF) % 916_132_832;
            let mut want = [0u8; 5];
            for slot in want.iter_mut().rev() {
                *slot = BASE62[(v % 62) as usize];
                v /= 62;
            }
            prop_assert_eq!(CompactId::from_hash(h).0, want);
            prop_assert_eq!(base62_by_pairs(h & 0xFF_FFFF_FFFF), want);
            prop_assert_eq!(base62_by_digits(h & 0xFF_FFFF_FFFF), want);
        }
    }
}
