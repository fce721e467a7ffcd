//! TID: `signed microseconds << 10 | clock_id` in 13 base32-sortable symbols, compatible with
//! AT Protocol TIDs.
//!
//! The text is 11 symbols of the timestamp as a 55-bit two's-complement number, then 2 of the
//! clock id. First symbol `2`-`b`: timestamp >= 0; `s`-`z`: negative; `c`-`r` would need more
//! than 54 bits and is rejected.
//!
//! ```
//! use polyid::tid::Tid;
//! let t = Tid::from_parts(1_721_407_246_480_310, 1)?;
//! assert_eq!(t.to_string(), "3kxnlhr3gxq23");
//! assert_eq!(t.display(), "3kxn-lhr-3gxq-23");
//! assert_eq!(Tid::parse("3kxn-lhr-3gxq-23")?, t);
//! # Ok::<(), polyid::Error>(())
//! ```

mod generator;

use core::fmt;

pub use generator::{default_generator, TidGenerator};

use crate::error::{first_bad_char, Error, ErrorCode, Result};
use crate::profile::Profile;

/// The base32lex alphabet: digits 2-7 then a-z, so that text order is numeric order.
pub const ALPHABET: &[u8; 32] = b"234567abcdefghijklmnopqrstuvwxyz";
/// Length of the plain text form.
pub const LEN: usize = 13;
/// Length of the display form `STTT-TTT-TTTT-CC`.
pub const DISPLAY_LEN: usize = 16;
/// Largest timestamp, 2^53-1 microseconds (2255-06-05T23:47:34.740991Z).
pub const MAX_MICROS: i64 = (1 << 53) - 1;
/// Smallest timestamp, -(2^53-1) microseconds (1684-07-28T00:12:25.259009Z).
pub const MIN_MICROS: i64 = -MAX_MICROS;
/// Largest clock id.
pub const MAX_CLOCK_ID: u16 = 1023;

const TS_SYMBOLS: usize = 11;
const MASK55: u64 = (1 << 55) - 1;
const INVALID: u8 = 0xff;
const DECODE: [u8; 256] = {
    let mut t = [INVALID; 256];
    let mut i = 0;
    while i < 32 {
        t[ALPHABET[i] as usize] = i as u8;
        i += 1;
    }
    t
};
/// Where the display form has its dashes.
const DASHES: [usize; 3] = [4, 8, 13];

/// A TID: a timestamp in signed microseconds and a 10-bit clock id, as one i64.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tid(i64);

impl Tid {
    /// Builds a TID; `micros` in [-(2^53-1), 2^53-1], `clock_id` in 0..=1023.
    #[inline]
    pub fn from_parts(micros: i64, clock_id: u16) -> Result<Tid> {
        if !(MIN_MICROS..=MAX_MICROS).contains(&micros) {
            return Err(Error::range("TID micros", micros, MIN_MICROS, MAX_MICROS));
        }
        if clock_id > MAX_CLOCK_ID {
            return Err(Error::range("TID clock_id", clock_id, 0, MAX_CLOCK_ID));
        }
        Ok(Tid((micros << 10) | clock_id as i64))
    }

    /// The TID of a 64-bit value (`micros << 10 | clock_id`); every i64 but those with a
    /// timestamp of -2^53 is one.
    pub fn from_i64(value: i64) -> Result<Tid> {
        Tid::from_parts(value >> 10, (value & 1023) as u16)
    }

    /// Parses a TID as the AT Protocol defines one (docs/spec §3.5): exactly 13 symbols (no
    /// display form), a first symbol allowed by the protocol's regular expression (`2`-`7`,
    /// `a`-`j`; others are `INVALID_CHARACTER` at index 0), and the top bit 0 of its prose
    /// (first symbol `c`-`j`: `OUT_OF_RANGE`). Every TID it accepts has a non-negative
    /// timestamp below 2^53 and parses to the same value with [`Tid::parse`].
    #[inline]
    pub fn parse_atproto(text: &str) -> Result<Tid> {
        const CONTEXT: &str = "TID (atproto)";
        let b = text.as_bytes();
        if b.len() != LEN {
            return Err(Error::length(CONTEXT, b.len(), LEN));
        }
        // `k` and beyond (polyid's negative timestamps among them) are outside the protocol's
        // first-symbol class; `c`-`j` are inside it, and `parse` refuses them as out of range.
        if matches!(DECODE[b[0] as usize], 16..=31) {
            return Err(Error::character(
                ErrorCode::InvalidCharacter,
                CONTEXT,
                0,
                char::from(b[0]),
            ));
        }
        Tid::parse(text)
    }

    /// Parses as `profile` reads a TID: [`Profile::Polyid`] is [`Tid::parse`],
    /// [`Profile::Atproto`] is [`Tid::parse_atproto`] (docs/spec §3.5); the other profiles
    /// define no TIDs (`INVALID_ARGUMENT`).
    pub fn parse_as(text: &str, profile: Profile) -> Result<Tid> {
        match profile {
            Profile::Polyid => Tid::parse(text),
            Profile::Atproto => Tid::parse_atproto(text),
            other => Err(other.undefined("TIDs")),
        }
    }

    /// Parses the 13-symbol form or the dashed display form (lowercase only).
    #[inline]
    pub fn parse(text: &str) -> Result<Tid> {
        let b = text.as_bytes();
        let mut sym = [0u8; LEN];
        match b.len() {
            LEN => sym.copy_from_slice(b),
            DISPLAY_LEN => {
                if b[4] != b'-' || b[8] != b'-' || b[13] != b'-' {
                    return Err(display_error(text));
                }
                sym[..4].copy_from_slice(&b[..4]);
                sym[4..7].copy_from_slice(&b[5..8]);
                sym[7..11].copy_from_slice(&b[9..13]);
                sym[11..].copy_from_slice(&b[14..]);
            }
            n => {
                return Err(Error::length("TID", n, LEN));
            }
        }
        let mut raw: u64 = 0;
        let mut bad = 0u8;
        for &c in &sym[..TS_SYMBOLS] {
            let d = DECODE[c as usize];
            bad |= d;
            raw = (raw << 5) | (d & 31) as u64;
        }
        let c0 = DECODE[sym[11] as usize];
        let c1 = DECODE[sym[12] as usize];
        bad |= c0 | c1;
        if bad & 0x80 != 0 {
            return Err(if b.len() == LEN {
                first_bad_char(text, ErrorCode::InvalidCharacter, "TID", |c| {
                    DECODE[c as usize] != INVALID
                })
            } else {
                display_error(text)
            });
        }
        let micros = raw_to_micros(raw).ok_or_else(|| out_of_range_text(sym[0]))?;
        let clock_id = ((c0 as i64) << 5) | c1 as i64;
        Ok(Tid((micros << 10) | clock_id))
    }

    /// A new TID from the process-wide default generator.
    #[inline]
    pub fn generate() -> Result<Tid> {
        default_generator().next()
    }

    /// The 64-bit value.
    pub const fn value(self) -> i64 {
        self.0
    }

    /// Microseconds since the Unix epoch (negative before it).
    pub const fn micros(self) -> i64 {
        self.0 >> 10
    }

    /// The clock id (0-1023).
    pub const fn clock_id(self) -> u16 {
        (self.0 & 1023) as u16
    }

    /// The 13 text bytes.
    #[inline]
    pub fn to_bytes(self) -> [u8; LEN] {
        let raw = (self.micros() as u64) & MASK55;
        let mut out = [0u8; LEN];
        for (i, slot) in out[..TS_SYMBOLS].iter_mut().enumerate() {
            *slot = ALPHABET[((raw >> (50 - 5 * i)) & 31) as usize];
        }
        let c = self.clock_id();
        out[11] = ALPHABET[(c >> 5) as usize];
        out[12] = ALPHABET[(c & 31) as usize];
        out
    }

    /// The 16 bytes of the display form `STTT-TTT-TTTT-CC`.
    pub fn display_bytes(self) -> [u8; DISPLAY_LEN] {
        let s = self.to_bytes();
        let mut out = [b'-'; DISPLAY_LEN];
        out[..4].copy_from_slice(&s[..4]);
        out[5..8].copy_from_slice(&s[4..7]);
        out[9..13].copy_from_slice(&s[7..11]);
        out[14..].copy_from_slice(&s[11..]);
        out
    }

    /// The display form `STTT-TTT-TTTT-CC`.
    pub fn display(self) -> String {
        crate::uid11::ascii_string(&self.display_bytes())
    }
}

/// 55-bit two's complement -> signed micros, `None` outside [-(2^53-1), 2^53-1].
#[inline]
fn raw_to_micros(raw: u64) -> Option<i64> {
    let micros = if raw >= 1 << 54 {
        raw as i64 - (1 << 55)
    } else {
        raw as i64
    };
    (MIN_MICROS..=MAX_MICROS)
        .contains(&micros)
        .then_some(micros)
}

#[cold]
fn out_of_range_text(first: u8) -> Error {
    if DECODE[first as usize] >= 8 && DECODE[first as usize] < 24 {
        Error::reason(
            ErrorCode::OutOfRange,
            "TID",
            "first symbol c-r is outside the 54-bit timestamp range (AT Protocol admits c-j, \
             which sets bit 63)",
        )
    } else {
        Error::reason(
            ErrorCode::OutOfRange,
            "TID",
            "timestamp -2^53 is outside the range -(2^53-1)..=2^53-1",
        )
    }
}

/// The first character of a 16-byte text that breaks `STTT-TTT-TTTT-CC`.
#[cold]
fn display_error(text: &str) -> Error {
    for (i, ch) in text.chars().enumerate() {
        let ok = if DASHES.contains(&i) {
            ch == '-'
        } else {
            ch.is_ascii() && DECODE[ch as usize] != INVALID
        };
        if !ok {
            return Error::character(ErrorCode::InvalidCharacter, "TID", i, ch);
        }
    }
    Error::reason(ErrorCode::InvalidCharacter, "TID", "invalid display form")
}

/// The inclusive microsecond range of the TIDs whose timestamp text starts with `prefix`.
///
/// `prefix` is up to 11 timestamp symbols, plain (`3kxnlhr`) or with dashes where the display
/// form has them (indexes 4 and 8, e.g. `3kxn-lhr`). `None` when no valid timestamp matches
/// (first symbol `c`-`r`). Characters are checked first, then the number of symbols.
pub fn prefix_range(prefix: &str) -> Result<Option<(i64, i64)>> {
    const CONTEXT: &str = "TID prefix";
    let mut raw: u64 = 0;
    let mut n = 0usize;
    for (i, &c) in prefix.as_bytes().iter().enumerate() {
        if c == b'-' && (i == 4 || i == 8) {
            continue;
        }
        let d = DECODE[c as usize];
        if d == INVALID {
            return Err(prefix_error(prefix));
        }
        if n < TS_SYMBOLS {
            raw = (raw << 5) | d as u64;
        }
        n += 1;
    }
    if n > TS_SYMBOLS {
        return Err(Error::length(CONTEXT, n, TS_SYMBOLS));
    }
    if n == 0 {
        return Ok(Some((MIN_MICROS, MAX_MICROS)));
    }
    let shift = 5 * (TS_SYMBOLS - n) as u32;
    let lo_raw = raw << shift;
    let hi_raw = lo_raw | ((1u64 << shift) - 1);
    // A block of one or more symbols never straddles the sign boundary at 2^54.
    let signed = |r: u64| {
        if r >= 1 << 54 {
            r as i64 - (1 << 55)
        } else {
            r as i64
        }
    };
    let lo = signed(lo_raw).max(MIN_MICROS);
    let hi = signed(hi_raw).min(MAX_MICROS);
    Ok((lo <= hi).then_some((lo, hi)))
}

#[cold]
fn prefix_error(prefix: &str) -> Error {
    for (i, ch) in prefix.chars().enumerate() {
        let ok =
            (ch == '-' && (i == 4 || i == 8)) || (ch.is_ascii() && DECODE[ch as usize] != INVALID);
        if !ok {
            return Error::character(ErrorCode::InvalidCharacter, "TID prefix", i, ch);
        }
    }
    Error::reason(ErrorCode::InvalidCharacter, "TID prefix", "invalid prefix")
}

impl fmt::Display for Tid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let b = self.to_bytes();
        f.write_str(core::str::from_utf8(&b).unwrap_or_default())
    }
}

impl fmt::Debug for Tid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tid({self})")
    }
}

impl core::str::FromStr for Tid {
    type Err = Error;
    fn from_str(s: &str) -> Result<Tid> {
        Tid::parse(s)
    }
}

impl From<Tid> for i64 {
    fn from(t: Tid) -> i64 {
        t.0
    }
}

#[cfg(test)]
mod atproto_tests {
    use super::*;

    #[test]
    fn the_atproto_reading() {
        // docs/spec §3.5: the spec's example value
        let t = Tid::parse_atproto("3kxnlhr3gxq23").unwrap();
        assert_eq!((t.micros(), t.clock_id()), (1_721_407_246_480_310, 1));
        let e = Tid::parse_atproto("3kxn-lhr-3gxq-23").unwrap_err();
        assert_eq!(
            (e.code(), e.found_expected()),
            (ErrorCode::InvalidLength, Some((16, 13)))
        );
        let e = Tid::parse_atproto("skxnlhr3gxq23").unwrap_err(); // negative in polyid
        assert_eq!(
            (e.code(), e.index(), e.offending_char()),
            (ErrorCode::InvalidCharacter, Some(0), Some('s'))
        );
        let e = Tid::parse_atproto("kkxnlhr3gxq23").unwrap_err();
        assert_eq!(e.code(), ErrorCode::InvalidCharacter);
        let e = Tid::parse_atproto("ckxnlhr3gxq23").unwrap_err(); // the regex's c-j: bit 63
        assert_eq!(e.code(), ErrorCode::OutOfRange);
        let e = Tid::parse_atproto("3kxnlhr3gxq2!").unwrap_err();
        assert_eq!(
            (e.code(), e.index()),
            (ErrorCode::InvalidCharacter, Some(12))
        );
        assert_eq!(
            Tid::parse_atproto("bzzzzzzzzzzzz").unwrap(),
            Tid::parse("bzzzzzzzzzzzz").unwrap()
        );
    }
}

#[cfg(test)]
mod profile_tests {
    use super::*;

    #[test]
    fn parse_as_each_profile() {
        // docs/spec §3.2 and §3.5: the display form is polyid's only.
        let t = Tid::from_parts(1_721_407_246_480_310, 1).unwrap();
        assert_eq!(
            Tid::parse_as("3kxn-lhr-3gxq-23", Profile::Polyid).unwrap(),
            t
        );
        assert_eq!(Tid::parse_as("3kxnlhr3gxq23", Profile::Atproto).unwrap(), t);
        let e = Tid::parse_as("3kxn-lhr-3gxq-23", Profile::Atproto).unwrap_err();
        assert_eq!(e.found_expected(), Some((16, 13)));
        for p in [Profile::Euid, Profile::Waddling] {
            let e = Tid::parse_as("3kxnlhr3gxq23", p).unwrap_err();
            assert_eq!(e.code(), ErrorCode::InvalidArgument);
        }
    }
}
