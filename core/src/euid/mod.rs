//! EUID: 128-bit sortable IDs with an extension field and a check symbol, bit- and
//! text-identical to the `euid` 0.1.7 reference crate.
//!
//! | bits | field |
//! |---|---|
//! | 127..83 | Unix milliseconds (45 bits) |
//! | 82..68 | 15 bits: random padding above `L` bits of extension |
//! | 67..64 | `L`, the extension's bit length (0 = none) |
//! | 63..0 | random (`next()` increments bits 63..32) |
//!
//! ```
//! use polyid::euid::Euid;
//! let e = Euid::from_parts(1_700_000_000_000, Some(255), 0, 0x0123456789abcdef)?;
//! assert_eq!(e.to_string(), "1HF7YAT0007ZG0938NKRKAYDXXB");
//! assert_eq!(e.extension(), Some(255));
//! assert_eq!("1hf7yat0007zg0938nkrkaydxxb".parse::<Euid>()?, e);
//! # Ok::<(), polyid::Error>(())
//! ```

mod generator;
mod text;

use core::fmt;

pub use generator::{default_generator, EuidGenerator};
pub use text::{ALPHABET, LEN, NO_CHECK};

use crate::clock::{Clock, SystemClock};
use crate::error::{Error, ErrorCode, Result};
use crate::profile::Profile;
use crate::rng;

/// Largest timestamp: 2^45-1 ms (year 3084).
pub const MAX_UNIX_MS: u64 = (1 << 45) - 1;
/// Largest extension value.
pub const MAX_EXTENSION: u16 = 0x7fff;

/// An EUID.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Euid(u128);

/// The extension's bit length `L`: at least 1, so that 0 is distinguishable from "none".
#[inline]
const fn ext_len(ext: u16) -> u32 {
    if ext == 0 {
        1
    } else {
        16 - ext.leading_zeros()
    }
}

/// The largest padding [`Euid::from_parts`] takes beside `extension`: `2^(15 - L) - 1` for an
/// extension of `L` bits, `MAX_EXTENSION` without one. An extension above `MAX_EXTENSION`
/// leaves no room (0); `from_parts` refuses it before it reads the padding.
#[inline]
pub const fn max_padding(extension: Option<u16>) -> u16 {
    match extension {
        None => MAX_EXTENSION,
        Some(ext) if ext > MAX_EXTENSION => 0,
        Some(ext) => (1 << (15 - ext_len(ext))) - 1,
    }
}

impl Euid {
    /// Builds an EUID from its fields.
    ///
    /// `padding` is the random padding of the 15-bit field above the extension: it has
    /// `15 - L` bits (15 without an extension). `random` is the low 64 bits.
    pub fn from_parts(
        unix_ms: u64,
        extension: Option<u16>,
        padding: u16,
        random: u64,
    ) -> Result<Euid> {
        if unix_ms > MAX_UNIX_MS {
            return Err(Error::range("EUID unix_ms", unix_ms, 0, MAX_UNIX_MS));
        }
        if let Some(ext) = extension.filter(|&e| e > MAX_EXTENSION) {
            return Err(Error::range("EUID extension", ext, 0, MAX_EXTENSION));
        }
        let max = max_padding(extension);
        if padding > max {
            return Err(Error::range("EUID padding", padding, 0, max));
        }
        let len = match extension {
            Some(ext) => ext_len(ext),
            None => 0,
        };
        let field = ((padding as u64) << len) | extension.unwrap_or(0) as u64;
        let hi = (unix_ms << 19) | (field << 4) | len as u64;
        Ok(Euid(((hi as u128) << 64) | random as u128))
    }

    /// A new EUID for the current time, with fresh random bits.
    #[inline]
    pub fn generate(extension: Option<u16>) -> Result<Euid> {
        Euid::generate_with(&SystemClock, extension)
    }

    /// A new EUID for the time of `clock`.
    #[inline]
    pub fn generate_with(clock: &impl Clock, extension: Option<u16>) -> Result<Euid> {
        let ms = clock.now_millis();
        let ms = u64::try_from(ms).map_err(|_| Error::range("EUID unix_ms", ms, 0, MAX_UNIX_MS))?;
        Euid::generate_at(ms, extension)
    }

    /// A new EUID for `unix_ms`, with fresh random bits.
    #[inline]
    pub fn generate_at(unix_ms: u64, extension: Option<u16>) -> Result<Euid> {
        Euid::with_random(unix_ms, extension, rng::u128())
    }

    /// An EUID for `unix_ms` whose padding and low half come from `r`.
    #[inline]
    pub(crate) fn with_random(unix_ms: u64, extension: Option<u16>, r: u128) -> Result<Euid> {
        // The padding's bits are the low ones of its largest value (all ones).
        let padding = ((r >> 64) as u16) & max_padding(extension);
        Euid::from_parts(unix_ms, extension, padding, r as u64)
    }

    /// The EUID of a 128-bit value (every value is one).
    pub const fn from_u128(value: u128) -> Euid {
        Euid(value)
    }

    /// The EUID of its 16 big-endian bytes.
    pub const fn from_bytes(bytes: [u8; 16]) -> Euid {
        Euid(u128::from_be_bytes(bytes))
    }

    /// The EUID of a byte slice, which must hold exactly 16 bytes.
    pub fn from_slice(bytes: &[u8]) -> Result<Euid> {
        let array: [u8; 16] = bytes
            .try_into()
            .map_err(|_| Error::length("EUID bytes", bytes.len(), 16))?;
        Ok(Euid::from_bytes(array))
    }

    /// The EUID of its high and low 64-bit halves.
    pub const fn from_halves(hi: u64, lo: u64) -> Euid {
        Euid(((hi as u128) << 64) | lo as u128)
    }

    /// Parses the 27-symbol text (case-insensitive, `I`/`L` read as 1 and `O` as 0).
    #[inline]
    pub fn parse(text: &str) -> Result<Euid> {
        text::decode(text).map(Euid)
    }

    /// Parses as `profile` reads an EUID: [`Profile::Polyid`] and [`Profile::Euid`] are
    /// [`Euid::parse`] (the `euid` crate reads every text as polyid does, docs/spec §4.4);
    /// the other profiles define no EUIDs (`INVALID_ARGUMENT`).
    pub fn parse_as(text: &str, profile: Profile) -> Result<Euid> {
        match profile {
            Profile::Polyid | Profile::Euid => Euid::parse(text),
            other => Err(other.undefined("EUIDs")),
        }
    }

    /// The 128-bit value.
    pub const fn value(self) -> u128 {
        self.0
    }

    /// The high 64 bits.
    pub const fn hi(self) -> u64 {
        (self.0 >> 64) as u64
    }

    /// The low 64 bits (the random part).
    pub const fn lo(self) -> u64 {
        self.0 as u64
    }

    /// The 16 big-endian bytes.
    pub const fn to_bytes(self) -> [u8; 16] {
        self.0.to_be_bytes()
    }

    /// Unix time in milliseconds.
    pub const fn unix_ms(self) -> u64 {
        self.hi() >> 19
    }

    /// The extension's bit length `L` (0 = no extension).
    pub const fn extension_len(self) -> u32 {
        (self.hi() & 0xf) as u32
    }

    /// The extension, `None` when `L` = 0.
    pub const fn extension(self) -> Option<u16> {
        let len = self.extension_len();
        if len == 0 {
            None
        } else {
            Some(((self.hi() >> 4) & ((1 << len) - 1)) as u16)
        }
    }

    /// The random padding above the extension (15 - L bits).
    pub const fn padding(self) -> u16 {
        ((self.hi() >> 4 & 0x7fff) >> self.extension_len()) as u16
    }

    /// The check value: the value mod 127.
    #[inline]
    pub const fn checkmod(self) -> u8 {
        text::checkmod(self.0)
    }

    /// The 27 text bytes, with the check value or with 127 ("no check").
    #[inline]
    pub fn encode_bytes(self, checkmod: bool) -> [u8; LEN] {
        text::encode(self.0, checkmod)
    }

    /// The 27-symbol text, with the check value or with 127 ("no check").
    #[inline]
    pub fn encode(self, checkmod: bool) -> String {
        text::encode_string(self.0, checkmod)
    }

    /// The next EUID as the reference computes it: in the same millisecond, the random high
    /// half plus one and a fresh random low half (`EXHAUSTED` when the high half is at its
    /// maximum); in another millisecond, a fresh EUID with the same extension.
    pub fn next(self) -> Result<Euid> {
        self.next_with(&SystemClock)
    }

    /// [`Euid::next`] on the time of `clock`.
    pub fn next_with(self, clock: &impl Clock) -> Result<Euid> {
        let ms = clock.now_millis();
        if ms == self.unix_ms() as i64 {
            let r_hi = self.lo() >> 32;
            if r_hi == 0xffff_ffff {
                return Err(Error::reason(
                    ErrorCode::Exhausted,
                    "EUID next",
                    "the random high half is at its maximum in this millisecond",
                ));
            }
            let lo = ((r_hi + 1) << 32) | rng::u32() as u64;
            Ok(Euid::from_halves(self.hi(), lo))
        } else {
            Euid::generate_with(clock, self.extension())
        }
    }
}

impl fmt::Display for Euid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let b = self.encode_bytes(true);
        f.write_str(core::str::from_utf8(&b).unwrap_or_default())
    }
}

impl fmt::Debug for Euid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Euid({self})")
    }
}

impl core::str::FromStr for Euid {
    type Err = Error;
    fn from_str(s: &str) -> Result<Euid> {
        Euid::parse(s)
    }
}

impl From<Euid> for u128 {
    fn from(e: Euid) -> u128 {
        e.0
    }
}

impl From<u128> for Euid {
    fn from(v: u128) -> Euid {
        Euid(v)
    }
}

impl From<[u8; 16]> for Euid {
    fn from(b: [u8; 16]) -> Euid {
        Euid::from_bytes(b)
    }
}

impl From<Euid> for [u8; 16] {
    fn from(e: Euid) -> [u8; 16] {
        e.to_bytes()
    }
}

#[cfg(test)]
mod profile_tests {
    use super::*;

    #[test]
    fn parse_as_each_profile() {
        // docs/spec §4.2: the euid crate's reading is polyid's, I/L/O included.
        for p in [Profile::Polyid, Profile::Euid] {
            let e = Euid::parse_as("C8ZMi4GR4JXGoMQXVYl8S8TJNA6", p).unwrap();
            assert_eq!(e.value(), 0x623f40921824bb0052fddf828ca352aa);
            let err = Euid::parse_as("C8ZM14GR4JXG0MQXVY18S8TJNA7", p).unwrap_err();
            assert_eq!(err.found_expected(), Some((71, 70)));
        }
        for p in [Profile::Atproto, Profile::Waddling] {
            let e = Euid::parse_as("C8ZM14GR4JXG0MQXVY18S8TJNA6", p).unwrap_err();
            assert_eq!(e.code(), ErrorCode::InvalidArgument);
        }
    }
}
