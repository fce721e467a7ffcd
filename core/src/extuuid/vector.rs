//! Type `10`: the subtype field (bits 2-4) and subtype `000`, one signed integer
//! (sign bit 5, magnitude 6-121).
//!
//! Subtypes `100`-`111` (vectors) are laid out in `docs/extuuid.md` but not yet
//! implemented: decoding them fails with `INVALID_FORMAT` ("subtype not implemented").

use super::carrier::{get, mask, put};
use crate::error::{Error, ErrorCode, Result};

const CONTEXT: &str = "EXTUUID int";

/// Largest magnitude of an int: `2^116 - 1`.
pub const INT_MAX: i128 = (1i128 << 116) - 1;

/// Subtype codes.
pub mod subtype {
    /// One signed integer.
    pub const INT: u8 = 0;
    /// Quant.
    pub const QUANT: u8 = 1;
    /// One float.
    pub const FLOAT: u8 = 2;
    /// Instant.
    pub const TIME: u8 = 3;
}

/// The payload of an int.
pub fn encode_int(v: i128) -> Result<u128> {
    if !(-INT_MAX..=INT_MAX).contains(&v) {
        return Err(Error::reason(
            ErrorCode::OutOfRange,
            CONTEXT,
            "integer beyond ±(2^116 - 1)",
        ));
    }
    let mut p = 0b10u128 << 120;
    put(&mut p, 5, 1, (v < 0) as u128);
    put(&mut p, 6, 116, v.unsigned_abs() & mask(116));
    Ok(p)
}

/// The integer of an int payload.
pub fn decode_int(p: u128) -> Result<i128> {
    let negative = get(p, 5, 1) == 1;
    let m = get(p, 6, 116) as i128;
    if negative && m == 0 {
        return Err(Error::reason(
            ErrorCode::ReservedBits,
            CONTEXT,
            "negative zero",
        ));
    }
    Ok(if negative { -m } else { m })
}
