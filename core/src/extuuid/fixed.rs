//! Type `01`: a symbol with a signed fixed-point decimal amount `q × 10^-e`.
//!
//! Bits: type 0-1, `c` 2-4, `l` 5-9, `e` 10-14, symbol from 15 (`S` bits), `q` two's
//! complement in the other `107 - S` bits.

use super::carrier::{get, mask, put};
use super::scheme::Scheme;
use crate::error::{Error, ErrorCode, Result};

const CONTEXT: &str = "EXTUUID fixed";

/// Bits left for symbol and amount.
pub const BODY_BITS: u32 = 107;

/// Largest number of decimal places (5 bits).
pub const MAX_PLACES: u8 = 31;

/// Bits of the amount for a symbol of `len` characters, if it fits.
pub fn amount_bits(scheme: Scheme, len: usize) -> Option<u32> {
    if len > 31 {
        return None;
    }
    BODY_BITS.checked_sub(scheme.bits(len as u32))
}

/// Whether `q` fits in `w` bits of two's complement.
pub fn amount_fits(q: i128, w: u32) -> bool {
    if w == 0 {
        return q == 0;
    }
    let max = (1i128 << (w - 1)) - 1;
    q >= -max - 1 && q <= max
}

/// Whether `name` and `q` fit with `scheme`.
pub fn fits(scheme: Scheme, name: &str, q: i128) -> bool {
    scheme.accepts(name) && amount_bits(scheme, name.len()).is_some_and(|w| amount_fits(q, w))
}

/// The payload of a fixed amount.
pub fn encode(scheme: Scheme, name: &str, places: u8, q: i128) -> Result<u128> {
    if places > MAX_PLACES {
        return Err(Error::range(CONTEXT, places, 0, MAX_PLACES));
    }
    let w = amount_bits(scheme, name.len())
        .ok_or_else(|| Error::reason(ErrorCode::OutOfRange, CONTEXT, "symbol too long"))?;
    if !amount_fits(q, w) {
        return Err(Error::reason(
            ErrorCode::OutOfRange,
            CONTEXT,
            "amount too large for the bits the symbol leaves",
        ));
    }
    let mut p = 1u128 << 120;
    put(&mut p, 2, 3, scheme.code() as u128);
    put(&mut p, 5, 5, name.len() as u128);
    put(&mut p, 10, 5, places as u128);
    scheme.write(&mut p, 15, name)?;
    put(&mut p, 122 - w, w, (q as u128) & mask(w));
    Ok(p)
}

/// Scheme, symbol, places and `q` of a fixed payload.
pub fn decode(p: u128) -> Result<(Scheme, String, u8, i128)> {
    let scheme = Scheme::from_code(get(p, 2, 3) as u8)?;
    let len = get(p, 5, 5) as usize;
    let places = get(p, 10, 5) as u8;
    let w = amount_bits(scheme, len).ok_or_else(|| {
        Error::reason(
            ErrorCode::OutOfRange,
            CONTEXT,
            "symbol length does not fit in the UUID",
        )
    })?;
    let name = scheme.unpack(p, 15, len as u32)?;
    let raw = get(p, 122 - w, w);
    let q = if w > 0 && raw >> (w - 1) == 1 {
        (raw as i128) - (1i128 << w)
    } else {
        raw as i128
    };
    Ok((scheme, name, places, q))
}
