//! Structured codes `SEVERITY.COMPONENT.PRIMARY.SEQUENCE`: parsing, validation and
//! normalization in one pass over the bytes, into an inline buffer (no allocation).

use core::fmt;

use super::hash::{self, load, CompactId};
use super::sequence::{self, NamedSequences};
use super::severity::Severity;
use crate::error::{first_bad_char, Detail, Error, ErrorCode, Result};

/// Longest component or primary.
pub const MAX_FIELD_LEN: usize = 16;
/// Longest normalized code: `S.` + 16 + `.` + 16 + `.` + 3 digits.
pub const MAX_NORMALIZED_LEN: usize = 39;

/// A validated structured code, held in normalized (uppercase, numeric sequence) form.
///
/// On x86_64 the fields are laid out in order in 48 bytes (asserted beside `from_shape`), so
/// that the fast parser writes a code with three 16-byte stores: a copy of the value (every return and every
/// caller's move) then reads each 16 bytes from one store, where a copy of a value written a
/// byte or a word at a time waits for those stores to reach the cache.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    all(target_arch = "x86_64", target_feature = "sse2"),
    repr(C, align(16))
)]
pub struct StructuredCode {
    buf: [u8; MAX_NORMALIZED_LEN],
    len: u8,
    component_end: u8,
    primary_end: u8,
    sequence: u16,
    severity: Severity,
}

/// The six ASCII characters with the Unicode `White_Space` property, which is what the
/// reference's `str::trim` removes from ASCII text (`\v` included).
#[inline]
fn is_trim_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// `b` without the white space [`is_trim_ws`] removes at either end. A code without any
/// costs one test of its first and last bytes. (WebAssembly leaves such codes to the
/// precise parser, for the module's size.)
#[cfg(target_arch = "wasm32")]
#[inline(always)]
fn trimmed(b: &[u8]) -> &[u8] {
    b
}

#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
fn trimmed(b: &[u8]) -> &[u8] {
    // The six bytes as bits of a mask over 0..64 (all are below 64).
    const WS: u64 = 1 << b' ' | 1 << b'\t' | 1 << b'\n' | 1 << 0x0b | 1 << 0x0c | 1 << b'\r';
    let ws = |c: u8| c < 64 && WS >> c & 1 != 0;
    // Every white space byte is at most b' ': a code that starts and ends above it has none
    // to trim, whatever its other bytes.
    match b {
        [first, .., last] if *first > b' ' && *last > b' ' => b,
        _ => trim_slow(b, ws),
    }
}

#[cfg(not(target_arch = "wasm32"))]
#[cold]
fn trim_slow(b: &[u8], ws: impl Fn(u8) -> bool) -> &[u8] {
    let start = b.iter().position(|&c| !ws(c)).unwrap_or(b.len());
    let end = b.iter().rposition(|&c| !ws(c)).map_or(start, |i| i + 1);
    &b[start..end]
}

#[inline]
fn is_field_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric()
}

impl StructuredCode {
    /// Parses and validates a code with the standard named sequences.
    #[inline]
    pub fn parse(code: &str) -> Result<StructuredCode> {
        StructuredCode::parse_with(code, NamedSequences::standard_ref())
    }

    /// [`parse_with`](Self::parse_with) the caller's named sequences, or [`parse`](Self::parse)
    /// with `None`: for a caller whose table is optional.
    #[inline]
    pub fn parse_in(code: &str, names: Option<&NamedSequences>) -> Result<StructuredCode> {
        match names {
            Some(names) => StructuredCode::parse_with(code, names),
            None => StructuredCode::parse(code),
        }
    }

    /// Parses and validates a code with the caller's named sequences.
    #[inline]
    pub fn parse_with(code: &str, names: &NamedSequences) -> Result<StructuredCode> {
        if let Some(parsed) = parse_fast(code.as_bytes(), names) {
            return Ok(parsed);
        }
        StructuredCode::parse_precise(code, names)
    }

    /// The careful parser: trims, and on failure says exactly what is wrong. It accepts
    /// exactly what [`parse_fast`] accepts, plus the inputs the fast path leaves to it
    /// (surrounding white space, lowercase `_` names). Tests compare the two.
    #[cold]
    fn parse_precise(code: &str, names: &NamedSequences) -> Result<StructuredCode> {
        let bytes = code.as_bytes();
        if !code.is_ascii() {
            return Err(first_bad_char(
                code,
                ErrorCode::NonAscii,
                "WDP code",
                |_| true,
            ));
        }
        // Trim the ASCII white space at both ends; `start` keeps indexes relative to `code`.
        let mut start = 0;
        let mut end = bytes.len();
        while start < end && is_trim_ws(bytes[start]) {
            start += 1;
        }
        while end > start && is_trim_ws(bytes[end - 1]) {
            end -= 1;
        }
        let t = &bytes[start..end];

        // Exactly three dots.
        let mut dots = [0usize; 3];
        let mut found = 0;
        for (i, &b) in t.iter().enumerate() {
            if b == b'.' {
                if found == 3 {
                    return Err(Error::reason(
                        ErrorCode::InvalidFormat,
                        "WDP code",
                        "expected four dot-separated fields, found more",
                    ));
                }
                dots[found] = i;
                found += 1;
            }
        }
        if found != 3 {
            return Err(Error::reason(
                ErrorCode::InvalidFormat,
                "WDP code",
                "expected four dot-separated fields SEVERITY.COMPONENT.PRIMARY.SEQUENCE",
            ));
        }

        // Severity: exactly one letter.
        let severity = match (dots[0], t.first()) {
            (1, Some(&letter)) => Severity::from_letter(letter),
            _ => None,
        };
        let Some(severity) = severity else {
            return Err(Error::new(
                ErrorCode::InvalidSeverity,
                "WDP severity",
                Detail::Text(ascii_text(&t[..dots[0]])),
            ));
        };

        let mut out = StructuredCode {
            buf: [0; MAX_NORMALIZED_LEN],
            len: 0,
            component_end: 0,
            primary_end: 0,
            sequence: 0,
            severity,
        };
        out.buf[0] = severity.letter() as u8;
        out.buf[1] = b'.';
        let mut pos = 2;

        let component = &t[dots[0] + 1..dots[1]];
        pos = copy_field(
            component,
            start + dots[0] + 1,
            &mut out.buf,
            pos,
            ErrorCode::InvalidComponent,
            "WDP component",
        )?;
        out.component_end = pos as u8;
        out.buf[pos] = b'.';
        pos += 1;

        let primary = &t[dots[1] + 1..dots[2]];
        pos = copy_field(
            primary,
            start + dots[1] + 1,
            &mut out.buf,
            pos,
            ErrorCode::InvalidPrimary,
            "WDP primary",
        )?;
        out.primary_end = pos as u8;
        out.buf[pos] = b'.';
        pos += 1;

        let seq = &t[dots[2] + 1..];
        let number = parse_sequence(seq, start + dots[2] + 1, names)?;
        out.sequence = number;
        out.buf[pos] = b'0' + (number / 100) as u8;
        out.buf[pos + 1] = b'0' + (number / 10 % 10) as u8;
        out.buf[pos + 2] = b'0' + (number % 10) as u8;
        out.len = (pos + 3) as u8;
        Ok(out)
    }

    /// Builds a code from its parts (validated like a parsed code).
    pub fn from_parts(
        severity: Severity,
        component: &str,
        primary: &str,
        sequence: u16,
    ) -> Result<StructuredCode> {
        if !(1..=999).contains(&sequence) {
            return Err(Error::new(
                ErrorCode::InvalidSequence,
                "WDP sequence",
                Detail::Range {
                    found: sequence.into(),
                    min: 1,
                    max: 999,
                },
            ));
        }
        let text = format!("{}.{component}.{primary}.{sequence:03}", severity.letter());
        StructuredCode::parse(&text)
    }

    /// The severity.
    pub const fn severity(&self) -> Severity {
        self.severity
    }

    /// The component, uppercase.
    pub fn component(&self) -> &str {
        self.slice(2, self.component_end as usize)
    }

    /// The primary, uppercase.
    pub fn primary(&self) -> &str {
        self.slice(self.component_end as usize + 1, self.primary_end as usize)
    }

    /// The sequence number (1-999).
    pub const fn sequence(&self) -> u16 {
        self.sequence
    }

    /// The standard name of the sequence number, if it has one.
    pub fn sequence_name(&self) -> Option<&'static str> {
        sequence::standard_name(self.sequence)
    }

    /// The normalized code, e.g. `E.AUTH.TOKEN.001`.
    pub fn normalized(&self) -> &str {
        self.slice(0, self.len as usize)
    }

    /// The normalized code's bytes (what is hashed).
    pub fn as_bytes(&self) -> &[u8] {
        &self.buf[..self.len as usize]
    }

    /// The 64-bit xxh3 hash of the normalized code with the WDP seed.
    pub fn hash(&self) -> u64 {
        hash::code_hash(self.as_bytes())
    }

    /// The 40-bit value the compact ID is taken from (the hash's low 40 bits).
    pub fn value40(&self) -> u64 {
        hash::value40(self.hash())
    }

    /// The compact ID.
    #[inline]
    pub fn compact_id(&self) -> CompactId {
        CompactId::from_hash(hash::code_hash(self.as_bytes()))
    }

    fn slice(&self, from: usize, to: usize) -> &str {
        // Every byte in `buf` was checked to be ASCII when it was written.
        core::str::from_utf8(&self.buf[from..to]).unwrap_or_default()
    }
}

/// Longest text the fast path reads: the longest normalized code with a longest name.
const MAX_FAST_LEN: usize = MAX_NORMALIZED_LEN - 3 + sequence::MAX_NAME_LEN;

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// Per byte of `x` (all bytes < 0x80): high bit set where the byte is >= `c`. The sums
/// cannot carry into the next byte, so eight bytes are compared at once.
#[inline(always)]
const fn ge(x: u64, c: u8) -> u64 {
    x.wrapping_add((0x80 - c as u64) * ONES) & HIGH
}

/// Per byte of `x` (all bytes < 0x80): high bit set where the byte equals `c`.
#[inline(always)]
const fn eq(x: u64, c: u8) -> u64 {
    !(x ^ (c as u64 * ONES)).wrapping_add(0x7f * ONES) & HIGH
}

/// What one pass over a plain code found: small enough to live in registers.
#[derive(Clone, Copy)]
struct Shape {
    comp_end: usize,
    prim_end: usize,
    severity: Severity,
    /// Whether the sequence was a name.
    named: bool,
    /// The sequence's three digits (the first in the low byte).
    digits: u32,
    /// Whether the input had lowercase letters.
    lower: bool,
}

/// One pass over the bytes, eight at a time: classify and find the dots together
/// (uuid-rs style). Returns `None` for anything unusual, and the precise parser then
/// decides; so this may refuse valid input (surrounding white space) but never accepts
/// what [`StructuredCode::parse_precise`] rejects. Tests compare the two.
#[inline(always)]
fn scan(b: &[u8], names: &NamedSequences) -> Option<Shape> {
    let len = b.len();
    if !(9..=MAX_FAST_LEN).contains(&len) {
        return None;
    }
    // The code as overlapping vector windows, with no branch on the length's remainder: 32
    // bytes at a time where the CPU has AVX2 (one window for most codes), else 16; the
    // portable SWAR scan below (kept for longer codes and other architectures) takes 8 bytes
    // per step. Tests run each against the precise parser, and the two vector scans against
    // each other.
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    if len <= 64 {
        let (dots, underscores, lower) = if len > 16 && avx2::available() {
            // SAFETY: `avx2::classify` needs AVX2, which `available` found on this CPU.
            #[allow(unsafe_code)]
            unsafe {
                avx2::classify(b)
            }
        } else {
            sse2::classify(b)
        }?;
        return finish(b, names, dots, underscores, lower);
    }
    scan_swar(b, names)
}

/// The portable scan: eight bytes at a time in a u64.
#[inline(always)]
fn scan_swar(b: &[u8], names: &NamedSequences) -> Option<Shape> {
    let len = b.len();
    if !(9..=MAX_FAST_LEN).contains(&len) {
        return None;
    }
    let mut dots = [0usize; 3];
    let mut ndots = 0;
    let mut first_underscore = usize::MAX;
    let mut any_lower = 0u64;
    let mut at = 0;
    while at < len {
        // Whole words straight from the input; the last one is the input's last 8 bytes
        // shifted down, with letters shifted in above the end (len >= 9, so it exists).
        let x = if at + 8 <= len {
            load(&b[at..at + 8])
        } else {
            let extra = (at + 8 - len) as u32 * 8;
            (load(&b[len - 8..]) >> extra) | (u64::from(b'A') * ONES) << (64 - extra)
        };
        if x & HIGH != 0 {
            return None; // non-ASCII
        }
        let lower = ge(x, b'a') & !ge(x, b'z' + 1);
        any_lower |= lower;
        let u = x - (lower >> 2); // 0x80 >> 2 = 0x20: 'a' - 'A'
        let dot = eq(u, b'.');
        let underscore = eq(u, b'_');
        let valid =
            (ge(u, b'0') & !ge(u, b'9' + 1)) | (ge(u, b'A') & !ge(u, b'Z' + 1)) | dot | underscore;
        if valid != HIGH {
            return None;
        }
        if underscore != 0 && first_underscore == usize::MAX {
            first_underscore = at + (underscore.trailing_zeros() / 8) as usize;
        }
        let mut d = dot;
        while d != 0 {
            if ndots == 3 {
                return None;
            }
            dots[ndots] = at + (d.trailing_zeros() / 8) as usize;
            ndots += 1;
            d &= d - 1;
        }
        at += 8;
    }
    let [sev_end, comp_end, prim_end] = dots;
    if ndots != 3 || sev_end != 1 || first_underscore < prim_end {
        return None;
    }
    let severity = Severity::from_letter(b[0])?;
    if !fields_fit(b, comp_end, prim_end) {
        return None;
    }
    let (named, digits) = sequence_of(b, prim_end + 1, names)?;
    Some(Shape {
        comp_end,
        prim_end,
        severity,
        named,
        digits,
        lower: any_lower != 0,
    })
}

/// The checks after classification, for the SSE2 path: `dots`, `underscores` and `lower`
/// are bit masks over the byte positions.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline(always)]
fn finish(
    b: &[u8],
    names: &NamedSequences,
    dots: u64,
    underscores: u64,
    lower: u64,
) -> Option<Shape> {
    // Exactly three dots, the first at index 1 (no POPCNT in the x86_64 baseline: clear the
    // lowest set bits instead).
    let rest = dots & dots.wrapping_sub(1); // without the severity's dot at index 1
    let last = rest & rest.wrapping_sub(1);
    if dots & 0b11 != 0b10 || rest == 0 || last == 0 || last & last.wrapping_sub(1) != 0 {
        return None;
    }
    let comp_end = rest.trailing_zeros() as usize;
    let prim_end = last.trailing_zeros() as usize;
    // No `_` before the sequence (`last` is the bit of its dot).
    if underscores & (last - 1) != 0 {
        return None;
    }
    let severity = Severity::from_letter(b[0])?;
    if !fields_fit(b, comp_end, prim_end) {
        return None;
    }
    let (named, digits) = sequence_of(b, prim_end + 1, names)?;
    Some(Shape {
        comp_end,
        prim_end,
        severity,
        named,
        digits,
        lower: lower != 0,
    })
}

/// Whether the component (bytes 2 to `comp_end`) and the primary (to `prim_end`) of a
/// scanned code are 1 to `MAX_FIELD_LEN` characters that begin with a letter. The scan
/// proved that the bytes before `prim_end` are letters, digits and the dots, and of those
/// the letters are exactly the bytes from `A` up. A length less one wraps to a large number
/// for an empty field, so one comparison bounds it on both sides.
#[inline(always)]
fn fields_fit(b: &[u8], comp_end: usize, prim_end: usize) -> bool {
    let comp_len_less_one = comp_end.wrapping_sub(3);
    let prim_len_less_one = prim_end.wrapping_sub(comp_end + 2);
    (comp_len_less_one < MAX_FIELD_LEN) & (prim_len_less_one < MAX_FIELD_LEN) & (b[2] >= b'A')
        && b[comp_end + 1] >= b'A'
}

/// The sequence field of a scanned code: three digits or a known name. Whether it was a
/// name, and its three digits (the first in the low byte).
#[inline(always)]
fn sequence_of(b: &[u8], at: usize, names: &NamedSequences) -> Option<(bool, u32)> {
    // The last four bytes as one word: a numbered field's dot and digits. The scan let
    // through letters, digits and `_` after the last dot; of those, digits are the bytes
    // below 0x40.
    let [.., w, x, y, z] = *b else { return None };
    let tail = u32::from_le_bytes([w, x, y, z]);
    let seq = &b[at..];
    match *seq {
        [_, _, _] if tail & 0xc0c0_c000 == 0 => {
            if tail == u32::from_le_bytes(*b".000") {
                return None;
            }
            Some((false, tail >> 8))
        }
        _ => {
            // A standard name is the whole field, and begins with a letter, whenever the
            // code ends with a dot and it (the scan found no dot after `at`).
            #[cfg(not(target_arch = "wasm32"))]
            if let Some(digits) = sequence::standard_digits_at_end(b) {
                return Some((true, digits));
            }
            let [first, ..] = *seq else { return None };
            if !first.is_ascii_alphabetic() || seq.len() > sequence::MAX_NAME_LEN {
                return None;
            }
            let mut upper = [0u8; sequence::MAX_NAME_LEN];
            let upper = &mut upper[..seq.len()];
            upper.copy_from_slice(seq);
            upper.make_ascii_uppercase();
            let n = names.lookup(upper)?;
            let digits = [
                b'0' + (n / 100) as u8,
                b'0' + (n / 10 % 10) as u8,
                b'0' + (n % 10) as u8,
                0,
            ];
            Some((true, u32::from_le_bytes(digits)))
        }
    }
}

/// Sixteen bytes at a time with SSE2 (part of every x86_64 CPU, so no run-time detection;
/// these intrinsics take no pointers and are safe to call). Built where the target enables
/// SSE2, as x86_64's baseline does, so that no function here needs a `target_feature` of its
/// own, which would rule out `#[inline(always)]`: the scan of a short code is then part of
/// the fast path, not a call that returns its masks through memory.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[allow(unsafe_code)]
mod sse2 {
    use core::arch::x86_64::*;
    use core::mem::MaybeUninit;

    use super::{load, Severity, StructuredCode};

    /// The structured code of the normalized text `text` (39 bytes and a zero byte, the
    /// bytes past its `len` zero) and the other fields, written as three 16-byte vectors.
    #[inline(always)]
    pub(super) fn assemble(
        text: [u64; 5],
        len: u8,
        ends: [u8; 2],
        sequence: u16,
        severity: Severity,
    ) -> StructuredCode {
        let rest = u64::from(ends[0])
            | u64::from(ends[1]) << 8
            | u64::from(sequence) << 16
            | u64::from(severity as u8) << 32;
        let mut out = MaybeUninit::<StructuredCode>::uninit();
        // SAFETY: `StructuredCode` is `repr(C, align(16))` with the offsets asserted beside
        // `from_shape`, so the three aligned stores write all of its 48 bytes: the text (any
        // bytes are a valid `[u8; 39]`), `len` in byte 39, the two ends, the sequence, the
        // severity's discriminant (`Severity` is `repr(u8)`, and the value is one of its
        // variants) and zero padding. The stores need SSE2 only, which this build enables.
        unsafe {
            let p = out.as_mut_ptr().cast::<__m128i>();
            _mm_store_si128(p, halves(text[0], text[1]));
            _mm_store_si128(p.add(1), halves(text[2], text[3]));
            _mm_store_si128(p.add(2), halves(text[4] | u64::from(len) << 56, rest));
            out.assume_init()
        }
    }

    /// The 16 bytes `b[at..at + 16]`.
    #[inline(always)]
    fn window(b: &[u8], at: usize) -> __m128i {
        halves(load(&b[at..at + 8]), load(&b[at + 8..at + 16]))
    }

    /// A vector of two words, `low` in bytes 0..8.
    #[inline(always)]
    fn halves(low: u64, high: u64) -> __m128i {
        // SAFETY: the intrinsic needs SSE2 only, which this build enables (the module's cfg).
        unsafe { _mm_set_epi64x(high as i64, low as i64) }
    }

    macro_rules! splat {
        ($c:expr) => {
            _mm_set1_epi8($c as i8)
        };
    }

    /// Per-byte masks of 16 bytes: (valid, dots, underscores, lowercase), where valid is a
    /// letter, digit, `.` or `_` (bytes >= 0x80 are negative and fail every range test).
    #[inline(always)]
    fn masks(x: __m128i) -> (u32, u32, u32, u32) {
        // SAFETY: the intrinsics need SSE2 only, which this build enables (the module's cfg).
        unsafe {
            let is_lower = _mm_and_si128(
                _mm_cmpgt_epi8(x, splat!(b'a' - 1)),
                _mm_cmplt_epi8(x, splat!(b'z' + 1)),
            );
            let u = _mm_sub_epi8(x, _mm_and_si128(is_lower, splat!(0x20)));
            let digit = _mm_and_si128(
                _mm_cmpgt_epi8(u, splat!(b'0' - 1)),
                _mm_cmplt_epi8(u, splat!(b'9' + 1)),
            );
            let alpha = _mm_and_si128(
                _mm_cmpgt_epi8(u, splat!(b'A' - 1)),
                _mm_cmplt_epi8(u, splat!(b'Z' + 1)),
            );
            let dot = _mm_cmpeq_epi8(u, splat!(b'.'));
            let under = _mm_cmpeq_epi8(u, splat!(b'_'));
            let valid = _mm_or_si128(_mm_or_si128(digit, alpha), _mm_or_si128(dot, under));
            (
                _mm_movemask_epi8(valid) as u32,
                _mm_movemask_epi8(dot) as u32,
                _mm_movemask_epi8(under) as u32,
                _mm_movemask_epi8(is_lower) as u32,
            )
        }
    }

    /// Per-byte masks (dots, underscores; lowercase letters, not in place) of 9 to 64 bytes,
    /// or `None` when a byte is not a letter, digit, `.` or `_` (non-ASCII included).
    /// Windows at 0, 16 and 32 and one ending at the end cover a text of more than 16 bytes,
    /// so that no length needs padding or a loop: the masks of the last are shifted to the
    /// positions its bytes have in `b`. One window holds a shorter text, as two overlapping
    /// halves.
    #[inline(always)]
    pub(super) fn classify(b: &[u8]) -> Option<(u64, u64, u64)> {
        let len = b.len();
        if len > 16 {
            let (mut v, d, u, l) = masks(window(b, 0));
            let (mut d, mut u, mut l) = (u64::from(d), u64::from(u), u64::from(l));
            let mut add = |at: usize| {
                let (vi, di, ui, li) = masks(window(b, at));
                v &= vi;
                d |= u64::from(di) << at;
                u |= u64::from(ui) << at;
                // Only whether there is a lowercase letter matters, not where.
                l |= u64::from(li);
            };
            if len > 32 {
                add(16);
                if len > 48 {
                    add(32);
                }
            }
            add(len - 16);
            if v != 0xffff {
                return None;
            }
            Some((d, u, l))
        } else {
            // Bytes 0..8 in the low half, bytes len-8..len in the high half.
            let (v, d, u, l) = masks(halves(load(&b[..8]), load(&b[len - 8..])));
            if v != 0xffff {
                return None;
            }
            let place = |m: u32| u64::from(m & 0xff) | u64::from(m >> 8) << (len - 8);
            // Only whether there is a lowercase letter matters, not where.
            Some((place(d), place(u), u64::from(l)))
        }
    }
}

/// Thirty-two bytes at a time with AVX2, on CPUs that have it (asked at run time, so that one
/// build serves every x86_64 CPU): a code of 17 to 32 bytes is one window of two overlapping
/// 16-byte halves, a longer one two overlapping 32-byte windows. The same masks as
/// [`sse2::classify`], from half as many vector operations.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod avx2 {
    use core::arch::x86_64::*;

    use super::load;

    /// Whether the CPU has AVX2 (std asks the CPU once and keeps the answer).
    #[inline(always)]
    pub(super) fn available() -> bool {
        std::arch::is_x86_feature_detected!("avx2")
    }

    /// The 16 bytes `b[lo..lo + 16]` in the low half and `b[hi..hi + 16]` in the high half.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn window(b: &[u8], lo: usize, hi: usize) -> __m256i {
        _mm256_set_epi64x(
            load(&b[hi + 8..hi + 16]) as i64,
            load(&b[hi..hi + 8]) as i64,
            load(&b[lo + 8..lo + 16]) as i64,
            load(&b[lo..lo + 8]) as i64,
        )
    }

    macro_rules! splat {
        ($c:expr) => {
            _mm256_set1_epi8($c as i8)
        };
    }

    /// Per-byte masks of 32 bytes: (valid, dots, underscores, lowercase), as
    /// `sse2::masks` computes them for 16.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn masks(x: __m256i) -> (u32, u32, u32, u32) {
        let is_lower = _mm256_and_si256(
            _mm256_cmpgt_epi8(x, splat!(b'a' - 1)),
            _mm256_cmpgt_epi8(splat!(b'z' + 1), x),
        );
        let u = _mm256_sub_epi8(x, _mm256_and_si256(is_lower, splat!(0x20)));
        let digit = _mm256_and_si256(
            _mm256_cmpgt_epi8(u, splat!(b'0' - 1)),
            _mm256_cmpgt_epi8(splat!(b'9' + 1), u),
        );
        let alpha = _mm256_and_si256(
            _mm256_cmpgt_epi8(u, splat!(b'A' - 1)),
            _mm256_cmpgt_epi8(splat!(b'Z' + 1), u),
        );
        let dot = _mm256_cmpeq_epi8(u, splat!(b'.'));
        let under = _mm256_cmpeq_epi8(u, splat!(b'_'));
        let valid = _mm256_or_si256(_mm256_or_si256(digit, alpha), _mm256_or_si256(dot, under));
        (
            _mm256_movemask_epi8(valid) as u32,
            _mm256_movemask_epi8(dot) as u32,
            _mm256_movemask_epi8(under) as u32,
            _mm256_movemask_epi8(is_lower) as u32,
        )
    }

    /// `sse2::classify` of 17 to 64 bytes.
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(super) fn classify(b: &[u8]) -> Option<(u64, u64, u64)> {
        let len = b.len();
        debug_assert!((17..=64).contains(&len));
        if len <= 32 {
            let (v, d, u, l) = masks(window(b, 0, len - 16));
            if v != u32::MAX {
                return None;
            }
            let place = |m: u32| u64::from(m & 0xffff) | u64::from(m >> 16) << (len - 16);
            return Some((place(d), place(u), u64::from(l)));
        }
        let (v0, d0, u0, l0) = masks(window(b, 0, 16));
        let (v1, d1, u1, l1) = masks(window(b, len - 32, len - 16));
        if v0 & v1 != u32::MAX {
            return None;
        }
        let at = len - 32;
        Some((
            u64::from(d0) | u64::from(d1) << at,
            u64::from(u0) | u64::from(u1) << at,
            u64::from(l0 | l1),
        ))
    }
}

/// Writes the normalized form of a scanned code into `out` and returns its length.
#[inline(always)]
fn normalize_into(b: &[u8], shape: Shape, out: &mut [u8; MAX_NORMALIZED_LEN]) -> usize {
    let at = shape.prim_end + 1;
    // Uppercase eight bytes at a time (the scan proved they are ASCII letters, digits,
    // dots), the last eight ending at `at` and overlapping the word before: uppercasing a
    // byte twice gives the same byte, and no byte past `at` is written.
    let upper = |i: usize, out: &mut [u8; MAX_NORMALIZED_LEN]| {
        let x = load(&b[i..i + 8]);
        let u = x - ((ge(x, b'a') & !ge(x, b'z' + 1)) >> 2);
        out[i..i + 8].copy_from_slice(&u.to_le_bytes());
    };
    if at >= 8 {
        let mut i = 0;
        while i + 8 < at {
            upper(i, out);
            i += 8;
        }
        upper(at - 8, out);
    } else {
        for (o, c) in out[..at].iter_mut().zip(&b[..at]) {
            *o = c.to_ascii_uppercase();
        }
    }
    out[at..at + 3].copy_from_slice(&shape.digits.to_le_bytes()[..3]);
    at + 3
}

/// The number that three digits (the first in the low byte) write.
#[inline(always)]
fn number(digits: u32) -> u16 {
    let x = digits ^ 0x0030_3030;
    ((x & 0xff) * 100 + (x >> 8 & 0xff) * 10 + (x >> 16)) as u16
}

#[inline]
fn parse_fast(b: &[u8], names: &NamedSequences) -> Option<StructuredCode> {
    let b = trimmed(b);
    let shape = scan(b, names)?;
    Some(from_shape(b, shape))
}

/// The layout [`sse2::assemble`] writes: the text, then the other fields, in 48 bytes.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
const _: () = {
    use core::mem::{align_of, offset_of, size_of};
    assert!(size_of::<StructuredCode>() == 48 && align_of::<StructuredCode>() == 16);
    assert!(offset_of!(StructuredCode, buf) == 0 && MAX_NORMALIZED_LEN == 39);
    assert!(offset_of!(StructuredCode, len) == 39);
    assert!(offset_of!(StructuredCode, component_end) == 40);
    assert!(offset_of!(StructuredCode, primary_end) == 41);
    assert!(offset_of!(StructuredCode, sequence) == 42);
    assert!(offset_of!(StructuredCode, severity) == 44 && size_of::<Severity>() == 1);
};

/// The structured code of a scanned code, its normalized text computed eight bytes at a time
/// in registers: each word of the input uppercased and, for a named sequence, cut at the
/// sequence with its digits shifted in (as `words::code_hash` reads it), then written once.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline(always)]
fn from_shape(b: &[u8], shape: Shape) -> StructuredCode {
    let at = shape.prim_end + 1;
    // A numbered code's normalized text is the code itself uppercased: no sequence to cut
    // out and no digits to shift in.
    let words = if shape.named {
        let word = |o| text_word(b, o, at, shape.digits);
        [word(0), word(8), word(16), word(24), word(32)]
    } else {
        let word = |o| super::words::upper(input_word(b, o));
        [word(0), word(8), word(16), word(24), word(32)]
    };
    let len = at + 3;
    sse2::assemble(
        words,
        len as u8,
        [shape.comp_end as u8, shape.prim_end as u8],
        number(shape.digits),
        shape.severity,
    )
}

/// The normalized text's eight bytes from `o` of a scanned code `b` whose sequence begins at
/// `at`: the input's bytes uppercased up to `at`, then the sequence's three digits `digits`
/// (the first in the low byte), then zeros.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline(always)]
fn text_word(b: &[u8], o: usize, at: usize, digits: u32) -> u64 {
    let x = input_word(b, o);
    // The bytes before `at`, then the digits moved to byte `at - o` (below the word's first
    // byte when `o` is past `at`); a shift of 64 or more leaves none.
    let kept = !u64::MAX
        .checked_shl(8 * at.saturating_sub(o) as u32)
        .unwrap_or(0);
    let d = u64::from(digits);
    let sequence = if at >= o {
        d.checked_shl(8 * (at - o) as u32)
    } else {
        d.checked_shr(8 * (o - at) as u32)
    };
    (super::words::upper(x) & kept) | sequence.unwrap_or(0)
}

/// The eight bytes of a scanned code `b` from `o`, zeros past its end (it has at least 9).
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline(always)]
fn input_word(b: &[u8], o: usize) -> u64 {
    let n = b.len();
    if o + 8 <= n {
        load(&b[o..o + 8])
    } else if o < n {
        load(&b[n - 8..]) >> (8 * (o + 8 - n))
    } else {
        0
    }
}

/// The structured code of a scanned code (its normalized text written into the buffer).
#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
#[inline(always)]
fn from_shape(b: &[u8], shape: Shape) -> StructuredCode {
    let mut out = StructuredCode {
        buf: [0; MAX_NORMALIZED_LEN],
        len: 0,
        component_end: shape.comp_end as u8,
        primary_end: shape.prim_end as u8,
        sequence: number(shape.digits),
        severity: shape.severity,
    };
    out.len = normalize_into(b, shape, &mut out.buf) as u8;
    out
}

/// The code hash of a plain code without building a [`StructuredCode`]; `None` sends the
/// caller to the precise parser. The hash comes back rather than the ID: an `Option<u64>`
/// returns in two registers, where an `Option<CompactId>` is packed into one and unpacked
/// again by the caller.
#[inline]
pub(crate) fn hash_fast(code: &str, names: &NamedSequences) -> Option<u64> {
    let b = trimmed(code.as_bytes());
    let shape = scan(b, names)?;
    // Outside WebAssembly the normalized form is hashed from the input's own words, so case
    // and named sequences cost nothing extra; the module keeps the smaller written copy.
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(h) = super::words::code_hash(
        b,
        shape.prim_end + 1,
        shape.digits,
        shape.named,
        shape.lower,
    ) {
        return Some(h);
    }
    // Already normalized (the usual case in source code): hash the input itself.
    if !shape.named && !shape.lower {
        return Some(hash::code_hash(b));
    }
    let mut buf = [0u8; MAX_NORMALIZED_LEN];
    let len = normalize_into(b, shape, &mut buf);
    Some(hash::code_hash(&buf[..len]))
}

/// Validates a component or primary and appends its uppercase form to `buf` at `pos`.
#[inline]
fn copy_field(
    field: &[u8],
    offset: usize,
    buf: &mut [u8; MAX_NORMALIZED_LEN],
    pos: usize,
    code: ErrorCode,
    context: &'static str,
) -> Result<usize> {
    let ok = !field.is_empty()
        && field.len() <= MAX_FIELD_LEN
        && field[0].is_ascii_alphabetic()
        && field.iter().all(|&b| is_field_byte(b));
    if !ok {
        return Err(field_error(field, offset, code, context));
    }
    for (dst, &b) in buf[pos..pos + field.len()].iter_mut().zip(field) {
        *dst = b.to_ascii_uppercase();
    }
    Ok(pos + field.len())
}

/// The excerpt of bytes that were checked to be ASCII: each byte is its character.
#[cold]
fn ascii_text(bytes: &[u8]) -> crate::error::Excerpt {
    crate::error::Excerpt::of_ascii(bytes)
}

#[cold]
fn field_error(field: &[u8], offset: usize, code: ErrorCode, context: &'static str) -> Error {
    if field.is_empty() {
        return Error::reason(code, context, "empty");
    }
    if !field[0].is_ascii_alphabetic() {
        return Error::character(code, context, offset, field[0] as char);
    }
    if let Some(i) = field.iter().position(|&b| !is_field_byte(b)) {
        return Error::character(code, context, offset + i, field[i] as char);
    }
    Error::new(
        code,
        context,
        Detail::Length {
            found: field.len(),
            expected: MAX_FIELD_LEN,
        },
    )
}

#[inline]
fn parse_sequence(seq: &[u8], offset: usize, names: &NamedSequences) -> Result<u16> {
    const CONTEXT: &str = "WDP sequence";
    match seq.first() {
        Some(b) if b.is_ascii_digit() => {
            if let [a @ b'0'..=b'9', b @ b'0'..=b'9', c @ b'0'..=b'9'] = *seq {
                let n = (a - b'0') as u16 * 100 + (b - b'0') as u16 * 10 + (c - b'0') as u16;
                if n != 0 {
                    return Ok(n);
                }
                return Err(Error::reason(
                    ErrorCode::InvalidSequence,
                    CONTEXT,
                    "000 is reserved; sequences are 001-999",
                ));
            }
            Err(Error::new(
                ErrorCode::InvalidSequence,
                CONTEXT,
                Detail::Text(ascii_text(seq)),
            ))
        }
        _ => {
            if !sequence::is_well_formed(seq) {
                return Err(
                    match seq
                        .iter()
                        .position(|&b| !(b.is_ascii_alphanumeric() || b == b'_'))
                    {
                        Some(i) if i == 0 || seq.len() <= sequence::MAX_NAME_LEN => {
                            Error::character(
                                ErrorCode::InvalidSequence,
                                CONTEXT,
                                offset + i,
                                seq[i] as char,
                            )
                        }
                        _ => Error::new(
                            ErrorCode::InvalidSequence,
                            CONTEXT,
                            Detail::Text(ascii_text(seq)),
                        ),
                    },
                );
            }
            let mut upper = [0u8; sequence::MAX_NAME_LEN];
            for (dst, &b) in upper.iter_mut().zip(seq) {
                *dst = b.to_ascii_uppercase();
            }
            names.lookup(&upper[..seq.len()]).ok_or_else(|| {
                Error::new(
                    ErrorCode::UnknownNamedSequence,
                    CONTEXT,
                    Detail::Text(ascii_text(&upper[..seq.len()])),
                )
            })
        }
    }
}

impl fmt::Display for StructuredCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.normalized())
    }
}

impl AsRef<[u8]> for StructuredCode {
    /// The normalized code's bytes ([`StructuredCode::as_bytes`]).
    fn as_ref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl fmt::Debug for StructuredCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("StructuredCode")
            .field(&self.normalized())
            .finish()
    }
}

impl core::str::FromStr for StructuredCode {
    type Err = Error;
    fn from_str(s: &str) -> Result<StructuredCode> {
        StructuredCode::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn agree(code: &str, names: &NamedSequences) -> core::result::Result<(), TestCaseError> {
        let precise = StructuredCode::parse_precise(code, names);
        let fast = parse_fast(code.as_bytes(), names);
        // The fast path must take every valid code.
        if precise.is_ok() {
            prop_assert!(fast.is_some(), "fast path refused {:?}", code);
        }
        if let Some(fast) = fast {
            prop_assert_eq!(Ok(fast), precise.clone(), "{:?}", code);
        }
        // The portable scan must agree too (on x86_64 it only serves codes over 64 bytes).
        if let Some(shape) = scan_swar(code.as_bytes(), names) {
            let mut buf = [0u8; MAX_NORMALIZED_LEN];
            let n = normalize_into(code.as_bytes(), shape, &mut buf);
            let p = precise.as_ref().ok();
            prop_assert_eq!(Some(&buf[..n]), p.map(|c| c.as_bytes()), "{:?}", code);
        } else if precise.is_ok() && code.trim() == code {
            prop_assert!(false, "SWAR scan refused {:?}", code);
        }
        if let Some(id) = hash_fast(code, names).map(CompactId::from_hash) {
            prop_assert_eq!(
                Some(id),
                precise.as_ref().ok().map(|c| c.compact_id()),
                "{:?}",
                code
            );
        }
        prop_assert_eq!(StructuredCode::parse_with(code, names), precise);
        Ok(())
    }

    /// Every byte position of codes of every length the fast path takes (9 to 68 bytes: read
    /// as vector windows up to 64, by words above), with a byte no code may hold there.
    #[test]
    fn a_bad_byte_anywhere_is_refused() {
        for len in 9..=MAX_FAST_LEN {
            // E.<component>.<primary>.001, the fields sharing the `len - 7` bytes; past 39
            // bytes, two fields of 16 and a name of the rest.
            let (code, names) = if len <= MAX_NORMALIZED_LEN {
                let c = (len - 7) / 2;
                let code = format!("E.A{}.B{}.001", "C".repeat(c - 1), "D".repeat(len - 8 - c));
                (code, NamedSequences::standard())
            } else {
                let name = format!("N{}", "_".repeat(len - 37));
                let code = format!("E.A{}.B{}.{name}", "C".repeat(15), "d".repeat(15));
                (code, NamedSequences::standard().with(&name, 500).unwrap())
            };
            assert_eq!(code.len(), len);
            assert!(hash_fast(&code, &names).is_some(), "{code}");
            for at in 0..len {
                for bad in [
                    "\u{e9}", " ", "-", "\u{7f}", "\0", "\u{20ac}", "`", "{", "@", "[", "\u{1f}",
                    "!",
                ] {
                    let mut text = code.clone();
                    text.replace_range(at..at + 1, bad);
                    let precise = StructuredCode::parse_precise(&text, &names);
                    match hash_fast(&text, &names).map(CompactId::from_hash) {
                        Some(id) => assert_eq!(Ok(id), precise.map(|c| c.compact_id()), "{text:?}"),
                        None => assert_eq!(
                            StructuredCode::parse_with(&text, &names),
                            precise,
                            "{text:?}"
                        ),
                    }
                }
            }
        }
    }

    /// Every three-byte sequence field of digits, letters and `_` (`000` and mixes
    /// included), after fields that put it in each vector window: the fast path's digit test
    /// reads the field's last word, and must decide as the precise parser does.
    #[test]
    fn every_three_byte_sequence_as_the_precise_parser_reads_it() {
        let names = NamedSequences::standard();
        let bytes = b"019Az_";
        for prefix in ["E.A.B", "E.AUTH.TOKEN", "e.Authentication.TokenValidator"] {
            for &x in bytes {
                for &y in bytes {
                    for &z in bytes {
                        let code = format!("{prefix}.{}", String::from_utf8_lossy(&[x, y, z]));
                        let precise = StructuredCode::parse_precise(&code, &names);
                        assert_eq!(
                            hash_fast(&code, &names).map(CompactId::from_hash),
                            precise.as_ref().ok().map(|c| c.compact_id()),
                            "{code}"
                        );
                        let digits = [x, y, z].iter().all(u8::is_ascii_digit);
                        assert_eq!(precise.is_ok(), digits && [x, y, z] != *b"000", "{code}");
                    }
                }
            }
        }
    }

    #[test]
    fn surrounding_white_space_takes_the_fast_path() {
        let names = NamedSequences::standard();
        let spaces = [
            "", " ", "\t", "\n", "\u{b}", "\u{c}", "\r", " \t\r\n", "\u{a0}", "\u{2003}", "\0",
        ];
        for code in [
            "E.AUTH.TOKEN.001",
            "e.Auth.Token.missing",
            "W.A.B.LOCKED",
            "E.A.B.1",
        ] {
            for before in spaces {
                for after in spaces {
                    let text = format!("{before}{code}{after}");
                    let precise = StructuredCode::parse_precise(&text, &names);
                    let ascii_space =
                        |s: &str| s.chars().all(|c| c.is_ascii_whitespace() || c == '\u{b}');
                    assert_eq!(
                        parse_fast(text.as_bytes(), &names).is_some(),
                        precise.is_ok(),
                        "{text:?}"
                    );
                    assert_eq!(
                        precise.is_ok(),
                        code != "E.A.B.1" && ascii_space(before) && ascii_space(after),
                        "{text:?}"
                    );
                    assert_eq!(
                        hash_fast(&text, &names).map(CompactId::from_hash),
                        precise.as_ref().ok().map(|c| c.compact_id()),
                        "{text:?}"
                    );
                    assert_eq!(StructuredCode::parse_with(&text, &names), precise);
                }
            }
        }
    }

    /// The two vector scans give the same masks, or both refuse, for texts of every length
    /// from 17 to 64 bytes whose bytes are drawn from the valid ones and a few refused ones
    /// (white space, a byte past 0x7f, the neighbours of the valid ranges). Where the CPU has
    /// AVX2, the fast path takes it, and this is what runs the SSE2 scan on such codes.
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    #[test]
    #[allow(unsafe_code)]
    fn the_vector_scans_agree() {
        if !avx2::available() {
            eprintln!("no AVX2 on this CPU: the SSE2 scan is the one the fast path takes");
            return;
        }
        let alphabet = b"aAzZ09mM._.._/:@[`{ \x80\xff";
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for len in 17..=64 {
            for round in 0..2_000 {
                // Mostly valid bytes, so that the masks of valid texts are compared too.
                let b: Vec<u8> = (0..len)
                    .map(|_| {
                        let r = next();
                        let valid = round % 2 == 0 || r % 16 != 0;
                        let span = if valid { 10 } else { alphabet.len() as u64 };
                        alphabet[((r >> 8) % span) as usize]
                    })
                    .collect();
                // SAFETY: SSE2 is in every x86_64 CPU; AVX2 was found above.
                let (sse2, avx2) = unsafe { (sse2::classify(&b), avx2::classify(&b)) };
                // The lowercase mask says only whether there is one, not where.
                let seen = |m: Option<(u64, u64, u64)>| m.map(|(d, u, l)| (d, u, l != 0));
                assert_eq!(seen(sse2), seen(avx2), "{:?}", String::from_utf8_lossy(&b));
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(10_000))]
        #[test]
        fn fast_path_never_disagrees(
            code in "[ EWCBSKITHewxZ1._][.][A-Za-z0-9_.]{0,18}[.]?[A-Za-z0-9_.]{0,18}[.]?[A-Za-z0-9_.]{0,36}[ ]?"
        ) {
            let names = NamedSequences::standard().with("RATE_LIMITED", 31).unwrap();
            agree(&code, &names)?;
            agree(&code, &NamedSequences::standard())?;
        }

        #[test]
        fn fast_path_on_valid_codes(
            sev in "[EWCBSKITHewcbskith]", c in "[A-Za-z][A-Za-z0-9]{0,16}",
            p in "[A-Za-z][A-Za-z0-9]{0,16}", seq in "(00[0-9]|[0-9]{3}|missing|OUT_OF_BOUNDS|Not_Found|[A-Z_]{1,34})"
        ) {
            agree(&format!("{sev}.{c}.{p}.{seq}"), &NamedSequences::standard())?;
        }
    }
}
