//! Type `10`: the subtype field (bits 2-4) and subtype `000`, one signed integer
//! (sign bit 5, magnitude 6-121).
//!
//! Subtypes `100` and `101` (integer vectors) are here too; `110` and `111` (float vectors)
//! are laid out in `docs/extuuid.md` but not implemented yet: decoding them fails with
//! `INVALID_FORMAT` ("subtype not implemented").

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
    /// Signed integer vector.
    pub const INT_VECTOR: u8 = 4;
    /// Unsigned integer vector.
    pub const UINT_VECTOR: u8 = 5;
    /// Generic float vector.
    pub const GENERIC_FLOAT_VECTOR: u8 = 6;
    /// Standard float vector.
    pub const STD_FLOAT_VECTOR: u8 = 7;
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

const VCONTEXT: &str = "EXTUUID integer vector";

/// Bits shared by context and elements in subtypes `100` and `101`.
pub const INT_VECTOR_BITS: u32 = 103;

fn vec_range(reason: &'static str) -> Error {
    Error::reason(ErrorCode::OutOfRange, VCONTEXT, reason)
}

fn check_shape(n: usize, l: u32) -> Result<u32> {
    if n == 0 || l == 0 || n > 127 || l > 127 || n as u32 * l > INT_VECTOR_BITS {
        return Err(vec_range(
            "need 1 <= n, 1 <= l and n × l <= 103 (n and l are 7-bit fields)",
        ));
    }
    Ok(INT_VECTOR_BITS - n as u32 * l)
}

/// The payload of an int (`signed`) or uint vector; `values` are `i128` for both (uint
/// values must be non-negative).
pub fn encode_vector(signed: bool, l: u8, context: u128, values: &[i128]) -> Result<u128> {
    let l32 = l as u32;
    let zbits = check_shape(values.len(), l32)?;
    if context > mask(zbits) {
        return Err(vec_range("context does not fit in 103 - n × l bits"));
    }
    let mut p = (0b10u128 << 120) | ((if signed { 0b100u128 } else { 0b101 }) << 117);
    put(&mut p, 5, 7, values.len() as u128);
    put(&mut p, 12, 7, l as u128);
    put(&mut p, 19, zbits, context);
    let mut at = 19 + zbits;
    for &v in values {
        let field = if signed {
            let m = v.unsigned_abs();
            if m > mask(l32 - 1) {
                return Err(vec_range(
                    "element does not fit in l bits (sign and magnitude)",
                ));
            }
            (((v < 0) as u128) << (l32 - 1)) | m
        } else {
            if v < 0 || v as u128 > mask(l32) {
                return Err(vec_range("element does not fit in l bits"));
            }
            v as u128
        };
        put(&mut p, at, l32, field);
        at += l32;
    }
    Ok(p)
}

/// `(l, context, values)` of an int or uint vector payload.
pub fn decode_vector(p: u128, signed: bool) -> Result<(u8, u128, Vec<i128>)> {
    let n = get(p, 5, 7) as usize;
    let l = get(p, 12, 7) as u32;
    let zbits = check_shape(n, l)?;
    let context = get(p, 19, zbits);
    let mut values = Vec::with_capacity(n);
    for i in 0..n as u32 {
        let field = get(p, 19 + zbits + i * l, l);
        if signed {
            let negative = field >> (l - 1) == 1;
            let m = (field & mask(l - 1)) as i128;
            if negative && m == 0 {
                return Err(Error::reason(
                    ErrorCode::ReservedBits,
                    VCONTEXT,
                    "negative zero element",
                ));
            }
            values.push(if negative { -m } else { m });
        } else {
            values.push(field as i128);
        }
    }
    Ok((l as u8, context, values))
}

/// The smallest element width for `values`.
pub fn min_width(signed: bool, values: &[i128]) -> u32 {
    let widest = values
        .iter()
        .map(|v| 128 - v.unsigned_abs().leading_zeros())
        .max()
        .unwrap_or(0);
    if signed {
        widest + 1
    } else {
        widest.max(1)
    }
}
