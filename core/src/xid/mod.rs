//! xid: the timestamped uid11 profile, `(unix_ms - EPOCH) << 22 | random22`.
//!
//! ```
//! use polyid::xid::{Xid, EPOCH_MS};
//! let x = Xid::from_parts(EPOCH_MS + 1234567, 0x3F_FFFF)?;
//! assert_eq!(x.to_string(), "1113M2EhCbG");
//! assert_eq!("1113M2EhCbG".parse::<Xid>()?, x);
//! # Ok::<(), polyid::Error>(())
//! ```

use core::fmt;

use crate::clock::{Clock, SystemClock};
use crate::error::{Error, Result};
use crate::{rng, uid11};

mod generator;
pub use generator::{default_generator, XidGenerator, LANE_BITS, NODE_BITS, NODE_CAPACITY_PER_MS};

/// The xid epoch: 2011-11-11T11:11:11.111Z in Unix milliseconds.
pub const EPOCH_MS: u64 = 1_321_009_871_111;
/// Bits of randomness.
pub const RANDOM_BITS: u32 = 22;
/// Largest random part.
pub const MAX_RANDOM: u32 = (1 << RANDOM_BITS) - 1;
/// Largest timestamp delta from the epoch (2^42 - 1 ms).
pub const MAX_DELTA_MS: u64 = (1 << 42) - 1;
/// Last representable instant, 2151-03-25T18:46:22.214Z.
pub const MAX_UNIX_MS: u64 = EPOCH_MS + MAX_DELTA_MS;

/// An xid: a u64 whose top 42 bits are milliseconds since [`EPOCH_MS`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Xid(u64);

impl Xid {
    /// Builds an xid from a Unix time in milliseconds and 22 random bits.
    #[inline]
    pub fn from_parts(unix_ms: u64, random: u32) -> Result<Xid> {
        if !(EPOCH_MS..=MAX_UNIX_MS).contains(&unix_ms) {
            return Err(Error::range("xid unix_ms", unix_ms, EPOCH_MS, MAX_UNIX_MS));
        }
        if random > MAX_RANDOM {
            return Err(Error::range("xid random", random, 0, MAX_RANDOM));
        }
        Ok(Xid(((unix_ms - EPOCH_MS) << RANDOM_BITS) | random as u64))
    }

    /// Every u64 is an xid.
    pub const fn from_u64(value: u64) -> Xid {
        Xid(value)
    }

    /// A new xid from the process-wide [`XidGenerator`]: greater than every xid this process
    /// generated before. With a process node (`POLYID_NODE`) never equal to one another
    /// process with another node generates; without one, apart from the other processes of
    /// this host's PID namespace, but not from other hosts (see the generator).
    #[inline]
    pub fn generate() -> Result<Xid> {
        // The process-wide generator reads the system clock: read first, the clock does not
        // wait for the look-up of the generator.
        let now = crate::clock::early(|| SystemClock.now_millis());
        default_generator().next_from(now)
    }

    /// A stateless xid for the time of `clock`: 22 fresh random bits, so two calls in the
    /// same millisecond can repeat (probability `1/2^22` per pair). Prefer an
    /// [`XidGenerator`] over your clock when xids must be unique.
    #[inline]
    pub fn generate_with(clock: &impl Clock) -> Result<Xid> {
        let ms = clock.now_millis();
        if ms < EPOCH_MS as i64 {
            return Err(Error::range("xid unix_ms", ms, EPOCH_MS, MAX_UNIX_MS));
        }
        Xid::from_parts(ms as u64, rng::u32() & MAX_RANDOM)
    }

    /// Fills `out` with consecutive xids from the process-wide generator.
    pub fn fill(out: &mut [Xid]) -> Result<()> {
        default_generator().fill(out)
    }

    /// `count` consecutive xids from the process-wide generator.
    pub fn generate_many(count: usize) -> Result<Vec<Xid>> {
        default_generator().next_many(count)
    }

    /// A new xid for `unix_ms` with fresh random bits.
    pub fn generate_at(unix_ms: u64) -> Result<Xid> {
        Xid::from_parts(unix_ms, rng::u32() & MAX_RANDOM)
    }

    /// Parses the 11-symbol text.
    #[inline]
    pub fn parse(text: &str) -> Result<Xid> {
        uid11::decode_in(text, "xid").map(Xid)
    }

    /// The 64-bit value.
    pub const fn value(self) -> u64 {
        self.0
    }

    /// Unix time in milliseconds.
    pub const fn unix_ms(self) -> u64 {
        (self.0 >> RANDOM_BITS) + EPOCH_MS
    }

    /// The 22 random bits.
    pub const fn random(self) -> u32 {
        (self.0 & MAX_RANDOM as u64) as u32
    }

    /// The 11 text bytes.
    #[inline]
    pub fn to_bytes(self) -> [u8; uid11::LEN] {
        let mut out = [0u8; uid11::LEN];
        uid11::encode_into(self.0, &mut out);
        out
    }
}

/// The inclusive Unix-millisecond range of the xids whose text starts with `prefix`;
/// `None` when no xid does.
pub fn prefix_time_range(prefix: &str) -> Result<Option<(u64, u64)>> {
    Ok(
        uid11::prefix_range_in(prefix, "xid prefix")?.map(|(lo, hi)| {
            (
                (lo >> RANDOM_BITS) + EPOCH_MS,
                (hi >> RANDOM_BITS) + EPOCH_MS,
            )
        }),
    )
}

impl fmt::Display for Xid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bytes = self.to_bytes();
        f.write_str(core::str::from_utf8(&bytes).unwrap_or_default())
    }
}

impl fmt::Debug for Xid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Xid({self})")
    }
}

impl core::str::FromStr for Xid {
    type Err = Error;
    fn from_str(s: &str) -> Result<Xid> {
        Xid::parse(s)
    }
}

impl From<Xid> for u64 {
    fn from(x: Xid) -> u64 {
        x.0
    }
}

impl From<u64> for Xid {
    fn from(v: u64) -> Xid {
        Xid(v)
    }
}
