//! Subtype `111`, format `000`: 4 scheme-B characters (bits 8-31) and one x87 80-bit
//! extended float (bits 32-111; sign, 15-bit exponent, 64-bit significand with an explicit
//! integer bit); bits 112-121 reserved zero.
//!
//! The canonical encodings only: the integer bit is set exactly when the exponent is not 0
//! (pseudo-denormals and unnormals: `RESERVED_BITS`); infinities and NaNs: `OUT_OF_RANGE`.
//! Values are rounded and printed like a generic float element with `E = 15`, `l = 79`
//! (the same numbers, the integer bit implicit).

use super::carrier::{get, mask, put};
use super::genfloat::{format_elem, parse_elem, Shape};
use super::scheme::Scheme;
use crate::error::{Error, ErrorCode, Result};

const CONTEXT: &str = "EXTUUID x87 float";

/// The keyword of the printed form.
pub const KEYWORD: &str = "f80";

const SHAPE: Shape = Shape { n: 1, l: 79, e: 15 };

/// 79-bit generic element (exponent, sign, 63 fraction bits) to the x87 80-bit pattern.
fn to_x87(g: u128) -> u128 {
    let ef = g >> 64;
    let sign = (g >> 63) & 1;
    let frac = g & mask(63);
    (sign << 79) | (ef << 64) | (((ef != 0) as u128) << 63) | frac
}

/// x87 pattern to the generic element, checking canonical form.
fn from_x87(x: u128) -> Result<u128> {
    let sign = (x >> 79) & 1;
    let ef = (x >> 64) & 0x7fff;
    let int_bit = (x >> 63) & 1;
    if ef == 0x7fff {
        return Err(Error::reason(
            ErrorCode::OutOfRange,
            CONTEXT,
            "infinities and NaNs are not stored",
        ));
    }
    if int_bit != (ef != 0) as u128 {
        return Err(Error::reason(
            ErrorCode::ReservedBits,
            CONTEXT,
            "non-canonical x87 value (pseudo-denormal or unnormal)",
        ));
    }
    Ok((ef << 64) | (sign << 63) | (x & mask(63)))
}

/// The payload.
pub fn encode(context: &str, x87: u128) -> Result<u128> {
    if context.len() != 4 {
        return Err(Error::length(CONTEXT, context.len(), 4));
    }
    if x87 > mask(80) {
        return Err(Error::reason(
            ErrorCode::OutOfRange,
            CONTEXT,
            "more than 80 bits",
        ));
    }
    from_x87(x87)?;
    let mut p = (0b10u128 << 120) | (0b111u128 << 117);
    Scheme::B.write(&mut p, 8, context)?;
    put(&mut p, 32, 80, x87);
    Ok(p)
}

/// Context and x87 pattern of a payload (format bits already read as `000`).
pub fn decode(p: u128) -> Result<(String, u128)> {
    if get(p, 112, 10) != 0 {
        return Err(Error::reason(
            ErrorCode::ReservedBits,
            CONTEXT,
            "reserved bits are not zero",
        ));
    }
    let x = get(p, 32, 80);
    from_x87(x)?;
    Ok((Scheme::B.unpack(p, 8, 4)?, x))
}

/// `<context>:<value>`.
pub fn format_body(context: &str, x87: u128) -> String {
    let g = from_x87(x87).unwrap_or(0);
    format!("{context}:{}", format_elem(SHAPE, g))
}

/// Reads `<context>:<value>`.
pub fn parse_body(text: &str) -> Result<(String, u128)> {
    let (z, v) = text.split_once(':').ok_or_else(|| {
        Error::reason(
            ErrorCode::InvalidFormat,
            CONTEXT,
            "expected <context>:<value>",
        )
    })?;
    Ok((Scheme::B.canonical(z), to_x87(parse_elem(SHAPE, v)?)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_patterns() {
        // 1.0 = 0x3fff 8000000000000000
        let (_, one) = parse_body("ABCD:1").unwrap();
        assert_eq!(one, 0x3fff_8000_0000_0000_0000);
        let (_, m) = parse_body("ABCD:-2.5").unwrap();
        assert_eq!(m, 0xc000_a000_0000_0000_0000);
        // smallest denormal 2^-16445
        let (_, d) = parse_body("ABCD:1p-16445").unwrap();
        assert_eq!(d, 1);
        assert_eq!(format_body("ABCD", d), "ABCD:1p-16445");
        assert_eq!(format_body("ABCD", one), "ABCD:1");
        // 64-bit significand beyond binary64
        let (_, w) = parse_body(&format!("ABCD:{}p0", (1u128 << 63) + 1)).unwrap();
        assert_eq!(
            format_body("ABCD", w),
            format!("ABCD:{}p0", (1u128 << 63) + 1)
        );
        assert_eq!(
            from_x87(0x3fff_0000_0000_0000_0000).unwrap_err().code(),
            ErrorCode::ReservedBits
        );
        assert_eq!(
            from_x87(0x7fff_8000_0000_0000_0000).unwrap_err().code(),
            ErrorCode::OutOfRange
        );
    }
}
