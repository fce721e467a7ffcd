//! Subtype `010`: one float `(-1)^s × m × 2^e` (sign bit 5, 100-bit mantissa 6-105, 16-bit
//! two's complement exponent 106-121). One encoding per value: `m` odd, or all zero.
//!
//! Printed as the shortest binary64 decimal when the value is exactly a binary64, otherwise
//! as `[-]<m>p<e>` (decimal mantissa and binary exponent). Decimal input is read as the
//! nearest binary64; `<m>p<e>` input is exact.

use super::carrier::{get, mask, put};
use super::quant::{format_f64, parse_f64};
use crate::error::{Error, ErrorCode, Result};

const CONTEXT: &str = "EXTUUID f";

/// A float with a 100-bit mantissa and a 16-bit binary exponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BigFloat {
    /// Sign (never set for zero).
    pub negative: bool,
    /// Mantissa, odd or zero, below `2^100`.
    pub mantissa: u128,
    /// Binary exponent (0 for zero).
    pub exponent: i16,
}

impl BigFloat {
    /// `(-1)^negative × mantissa × 2^exponent`, normalized (trailing zero bits moved into
    /// the exponent); `OUT_OF_RANGE` if it does not fit.
    pub fn new(negative: bool, mantissa: u128, exponent: i32) -> Result<BigFloat> {
        if mantissa == 0 {
            return Ok(BigFloat {
                negative: false,
                mantissa: 0,
                exponent: 0,
            });
        }
        let tz = mantissa.trailing_zeros();
        let (m, e) = (mantissa >> tz, exponent as i64 + tz as i64);
        if m > mask(100) || !(i16::MIN as i64..=i16::MAX as i64).contains(&e) {
            return Err(Error::reason(
                ErrorCode::OutOfRange,
                CONTEXT,
                "float needs more than 100 mantissa bits or a 16-bit exponent",
            ));
        }
        Ok(BigFloat {
            negative,
            mantissa: m,
            exponent: e as i16,
        })
    }

    /// The exact value of a finite binary64 (`-0` becomes `0`).
    pub fn from_f64(v: f64) -> BigFloat {
        let bits = v.to_bits();
        let negative = bits >> 63 == 1;
        let biased = ((bits >> 52) & 0x7ff) as i32;
        let frac = (bits & ((1 << 52) - 1)) as u128;
        let (m, e) = if biased == 0 {
            (frac, -1074)
        } else {
            (frac | (1 << 52), biased - 1075)
        };
        // a finite binary64 always fits
        BigFloat::new(negative, m, e).unwrap_or(BigFloat {
            negative: false,
            mantissa: 0,
            exponent: 0,
        })
    }

    /// The binary64 holding exactly this value, if there is one.
    pub fn to_f64(self) -> Option<f64> {
        exact_f64(self.negative, self.mantissa, self.exponent as i64)
    }
}

/// The binary64 equal to `(-1)^negative × m × 2^e`, if there is one (`-0` for a negative zero).
pub fn exact_f64(negative: bool, m: u128, e: i64) -> Option<f64> {
    if m == 0 {
        return Some(if negative { -0.0 } else { 0.0 });
    }
    let tz = m.trailing_zeros();
    let (m, e) = (m >> tz, e + tz as i64);
    let bits = 128 - m.leading_zeros() as i64;
    let top = e + bits - 1;
    if bits > 53 || e < -1074 || top > 1023 {
        return None;
    }
    let e = e as i32;
    let mf = m as f64; // exact: at most 53 bits
    let v = if e >= -1022 {
        mf * 2f64.powi(e)
    } else {
        // m × 2^(e + 1074) is an exact integer; one multiplication by 2^-1074 is exact
        // because the result is representable
        mf * 2f64.powi(e + 1074) * f64::from_bits(1)
    };
    Some(if negative { -v } else { v })
}

/// The payload of a float.
pub fn encode(f: &BigFloat) -> Result<u128> {
    let f = BigFloat::new(f.negative, f.mantissa, f.exponent as i32)?;
    let mut p = (0b10u128 << 120) | (0b010u128 << 117);
    put(&mut p, 5, 1, f.negative as u128);
    put(&mut p, 6, 100, f.mantissa);
    put(&mut p, 106, 16, f.exponent as u16 as u128);
    Ok(p)
}

/// The float of a payload.
pub fn decode(p: u128) -> Result<BigFloat> {
    let negative = get(p, 5, 1) == 1;
    let mantissa = get(p, 6, 100);
    let exponent = get(p, 106, 16) as u16 as i16;
    let canonical = if mantissa == 0 {
        !negative && exponent == 0
    } else {
        mantissa & 1 == 1
    };
    if !canonical {
        return Err(Error::reason(
            ErrorCode::ReservedBits,
            CONTEXT,
            "non-canonical float (mantissa even, or a zero with a sign or exponent)",
        ));
    }
    Ok(BigFloat {
        negative,
        mantissa,
        exponent,
    })
}

/// The canonical text.
pub fn format(f: &BigFloat) -> String {
    match f.to_f64() {
        Some(v) => format_f64(v),
        None => format!(
            "{}{}p{}",
            if f.negative { "-" } else { "" },
            f.mantissa,
            f.exponent
        ),
    }
}

/// Reads a decimal (through binary64) or `[-]<m>p<e>` (exact).
pub fn parse(text: &str) -> Result<BigFloat> {
    if let Some((m, e)) = text.split_once('p') {
        let (negative, m) = match m.strip_prefix('-') {
            Some(m) => (true, m),
            None => (false, m),
        };
        let bad = || Error::reason(ErrorCode::InvalidFormat, CONTEXT, "expected <m>p<e>");
        let digits =
            |s: &str| !s.is_empty() && s.len() <= 40 && s.bytes().all(|c| c.is_ascii_digit());
        let e_digits = e.strip_prefix('-').unwrap_or(e);
        if !digits(m) || !digits(e_digits) || e_digits.len() > 6 {
            return Err(bad());
        }
        let m: u128 = m.parse().map_err(|_| {
            Error::reason(ErrorCode::OutOfRange, CONTEXT, "mantissa beyond 100 bits")
        })?;
        let e: i32 = e.parse().map_err(|_| bad())?;
        return BigFloat::new(negative && m != 0, m, e);
    }
    Ok(BigFloat::from_f64(parse_f64(text)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_f64() {
        for v in [1.5, -22.4, 1e300, 5e-324, f64::MAX, f64::MIN_POSITIVE, 0.1] {
            let f = BigFloat::from_f64(v);
            assert_eq!(f.to_f64(), Some(v));
            assert_eq!(decode(encode(&f).unwrap()).unwrap(), f);
        }
        let f = BigFloat::new(false, (1 << 99) + 1, -5).unwrap();
        assert_eq!(f.to_f64(), None);
        assert_eq!(format(&f), format!("{}p-5", (1u128 << 99) + 1));
        assert_eq!(parse(&format(&f)).unwrap(), f);
        assert_eq!(parse("3p-1").unwrap().to_f64(), Some(1.5));
        assert_eq!(format(&parse("12p0").unwrap()), "12");
        assert_eq!(parse("1p40000").unwrap_err().code(), ErrorCode::OutOfRange);
    }
}
