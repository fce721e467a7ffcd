//! Type `00`: a symbol with an optional unsigned serial number.
//!
//! Bits: type 0-1, `c` 2-4, `l` 5-9, symbol from 10 (`S` bits), serial in the other
//! `112 - S` bits.

use super::carrier::{get, mask, put};
use super::scheme::Scheme;
use crate::error::{Error, ErrorCode, Result};

const CONTEXT: &str = "EXTUUID symserial";

/// Bits left for symbol and serial.
pub const BODY_BITS: u32 = 112;

/// Bits of the serial number for a symbol of `len` characters, if it fits.
pub fn serial_bits(scheme: Scheme, len: usize) -> Option<u32> {
    if len > 31 {
        return None;
    }
    BODY_BITS.checked_sub(scheme.bits(len as u32))
}

/// Whether `name` and `number` fit with `scheme`.
pub fn fits(scheme: Scheme, name: &str, number: u128) -> bool {
    scheme.accepts(name) && serial_bits(scheme, name.len()).is_some_and(|w| number <= mask(w))
}

/// The payload of a symserial.
pub fn encode(scheme: Scheme, name: &str, number: u128) -> Result<u128> {
    let w = serial_bits(scheme, name.len())
        .ok_or_else(|| Error::reason(ErrorCode::OutOfRange, CONTEXT, "symbol too long"))?;
    if number > mask(w) {
        return Err(Error::reason(
            ErrorCode::OutOfRange,
            CONTEXT,
            "serial number too large for the bits the symbol leaves",
        ));
    }
    let mut p = 0u128;
    put(&mut p, 2, 3, scheme.code() as u128);
    put(&mut p, 5, 5, name.len() as u128);
    scheme.write(&mut p, 10, name)?;
    put(&mut p, 122 - w, w, number);
    Ok(p)
}

/// Scheme, symbol and serial number of a symserial payload.
pub fn decode(p: u128) -> Result<(Scheme, String, u128)> {
    let scheme = Scheme::from_code(get(p, 2, 3) as u8)?;
    let len = get(p, 5, 5) as usize;
    let w = serial_bits(scheme, len).ok_or_else(|| {
        Error::reason(
            ErrorCode::OutOfRange,
            CONTEXT,
            "symbol length does not fit in the UUID",
        )
    })?;
    let name = scheme.unpack(p, 10, len as u32)?;
    Ok((scheme, name, get(p, 122 - w, w)))
}
