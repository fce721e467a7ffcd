//! Subtype `110`: the generic float vector. `n` (bits 5-11), `l` (12-18), `E` (19-23), a
//! context of `98 - n l` bits from 24, then `n` elements of `l` bits: `E` exponent bits, one
//! sign bit, `l - E - 1` mantissa bits, read like IEEE 754 (bias `2^(E-1) - 1`, subnormals at
//! exponent 0; the all-ones exponent, infinities and NaNs, is not stored: `OUT_OF_RANGE`).
//!
//! Values are printed as the shortest decimal that reads back (through binary64) when the
//! element is exactly a binary64, else as `[-]<m>p<e>` (exact). Input is rounded to the
//! element format, ties to even (decimals through binary64 first).

use super::carrier::{get, mask, put};
use super::float::{exact_f64, BigFloat};
use super::quant::{format_f64, parse_f64};
use crate::error::{Error, ErrorCode, Result};

const CONTEXT: &str = "EXTUUID generic float vector";

/// Bits shared by context and elements.
pub const BITS: u32 = 98;

/// An element format: `e` exponent bits, `m` mantissa bits (`l = e + 1 + m`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    /// Number of elements.
    pub n: usize,
    /// Bits per element.
    pub l: u32,
    /// Exponent bits.
    pub e: u32,
}

fn range(reason: &'static str) -> Error {
    Error::reason(ErrorCode::OutOfRange, CONTEXT, reason)
}

impl Shape {
    /// Checks `1 <= n`, `2 <= e <= 31`, `e + 1 < l`, `n l <= 98`.
    pub fn check(self) -> Result<u32> {
        if self.n == 0
            || self.n > 127
            || self.l > 127
            || self.e < 2
            || self.e > 31
            || self.e + 1 >= self.l
            || self.n as u32 * self.l > BITS
        {
            return Err(range(
                "need n >= 1, 2 <= E <= 31, E + 1 < l and n × l <= 98",
            ));
        }
        Ok(BITS - self.n as u32 * self.l)
    }

    fn m(self) -> u32 {
        self.l - self.e - 1
    }

    fn bias(self) -> i64 {
        (1i64 << (self.e - 1)) - 1
    }

    /// Rounds `(-1)^neg × m × 2^exp` to an element's bits (ties to even).
    pub(crate) fn round(self, neg: bool, m: u128, exp: i64) -> Result<u128> {
        let mb = self.m();
        let sign = (neg as u128) << mb;
        if m == 0 {
            return Ok(sign);
        }
        let top = 127 - m.leading_zeros() as i64 + exp;
        let emin = 1 - self.bias();
        let q = if top < emin {
            emin - mb as i64
        } else {
            top - mb as i64
        };
        let n = if exp >= q {
            let shift = (exp - q) as u32; // < mb + 1 <= 96 because top >= exp
            m << shift
        } else {
            let shift = q - exp;
            if shift > 128 {
                0
            } else {
                let shift = shift as u32;
                let kept = if shift == 128 { 0 } else { m >> shift };
                let rem = if shift == 128 { m } else { m & mask(shift) };
                let half = 1u128 << (shift - 1);
                if rem > half || (rem == half && kept & 1 == 1) {
                    kept + 1
                } else {
                    kept
                }
            }
        };
        let field = if top < emin {
            n // a carry to 2^mb becomes exponent field 1, as it should
        } else {
            let (n, top) = if n >> (mb + 1) == 1 {
                (n >> 1, top + 1)
            } else {
                (n, top)
            };
            let ef = top + self.bias();
            if ef >= (1i64 << self.e) - 1 {
                return Err(range("element beyond the format's largest value"));
            }
            ((ef as u128) << mb) | (n & mask(mb))
        };
        let ef = field >> mb;
        if ef >= (1u128 << self.e) - 1 {
            return Err(range("element beyond the format's largest value"));
        }
        Ok((ef << (mb + 1)) | sign | (field & mask(mb)))
    }

    /// `(neg, m, exp)` of an element's bits, or `OUT_OF_RANGE` for infinities and NaNs.
    fn value(self, bits: u128) -> Result<(bool, u128, i64)> {
        let mb = self.m();
        let ef = bits >> (mb + 1);
        let neg = (bits >> mb) & 1 == 1;
        let frac = bits & mask(mb);
        if ef == (1u128 << self.e) - 1 {
            return Err(range("infinities and NaNs are not stored"));
        }
        Ok(if ef == 0 {
            (neg, frac, 1 - self.bias() - mb as i64)
        } else {
            (neg, frac | (1 << mb), ef as i64 - self.bias() - mb as i64)
        })
    }
}

/// The payload (elements given as their bits).
pub fn encode(shape: Shape, context: u128, elements: &[u128]) -> Result<u128> {
    let zbits = shape.check()?;
    if elements.len() != shape.n {
        return Err(Error::reason(
            ErrorCode::InvalidFormat,
            CONTEXT,
            "the vector has not n elements",
        ));
    }
    if context > mask(zbits) {
        return Err(range("context does not fit in 98 - n × l bits"));
    }
    let mut p = (0b10u128 << 120) | (0b110u128 << 117);
    put(&mut p, 5, 7, shape.n as u128);
    put(&mut p, 12, 7, shape.l as u128);
    put(&mut p, 19, 5, shape.e as u128);
    put(&mut p, 24, zbits, context);
    for (i, &b) in elements.iter().enumerate() {
        if b > mask(shape.l) {
            return Err(range("element bits wider than l"));
        }
        shape.value(b)?;
        put(&mut p, 24 + zbits + shape.l * i as u32, shape.l, b);
    }
    Ok(p)
}

/// Shape, context and element bits of a payload.
pub fn decode(p: u128) -> Result<(Shape, u128, Vec<u128>)> {
    let shape = Shape {
        n: get(p, 5, 7) as usize,
        l: get(p, 12, 7) as u32,
        e: get(p, 19, 5) as u32,
    };
    let zbits = shape.check()?;
    let context = get(p, 24, zbits);
    let elements = (0..shape.n as u32)
        .map(|i| {
            let b = get(p, 24 + zbits + shape.l * i, shape.l);
            shape.value(b).map(|_| b)
        })
        .collect::<Result<Vec<_>>>()?;
    Ok((shape, context, elements))
}

/// The canonical text of one element.
pub fn format_elem(shape: Shape, bits: u128) -> String {
    let Ok((neg, m, exp)) = shape.value(bits) else {
        return String::new();
    };
    if let Some(v) = exact_f64(neg, m, exp) {
        for p in 0..17 {
            let cand = format!("{v:.p$e}");
            if let Ok(y) = cand.parse::<f64>() {
                let b = BigFloat::from_f64(y);
                let again = shape.round(y.is_sign_negative(), b.mantissa, b.exponent as i64);
                if again.ok() == Some(bits) {
                    return format_f64(y);
                }
            }
        }
        return format_f64(v);
    }
    let tz = if m == 0 { 0 } else { m.trailing_zeros() };
    format!(
        "{}{}p{}",
        if neg { "-" } else { "" },
        m >> tz,
        exp + tz as i64
    )
}

/// Reads one element: a decimal (through binary64) or `[-]<m>p<e>`.
pub fn parse_elem(shape: Shape, text: &str) -> Result<u128> {
    if let Some((m, e)) = text.split_once('p') {
        let (neg, m) = match m.strip_prefix('-') {
            Some(m) => (true, m),
            None => (false, m),
        };
        let bad = || Error::reason(ErrorCode::InvalidFormat, CONTEXT, "expected <m>p<e>");
        let e_digits = e.strip_prefix('-').unwrap_or(e);
        let ok = |s: &str, max: usize| {
            !s.is_empty() && s.len() <= max && s.bytes().all(|c| c.is_ascii_digit())
        };
        if !ok(m, 38) || !ok(e_digits, 12) {
            return Err(bad());
        }
        let m: u128 = m.parse().map_err(|_| bad())?;
        let e: i64 = e.parse().map_err(|_| bad())?;
        return shape.round(neg, m, e);
    }
    let v = parse_f64(text)?;
    let b = BigFloat::from_f64(v);
    shape.round(v.is_sign_negative(), b.mantissa, b.exponent as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn like_ieee() {
        // E = 5, l = 16 is binary16 with the sign moved after the exponent
        let s = Shape { n: 1, l: 16, e: 5 };
        let one = parse_elem(s, "1").unwrap();
        assert_eq!(one, 15 << 11);
        assert_eq!(format_elem(s, one), "1");
        let neg_two = parse_elem(s, "-2").unwrap();
        assert_eq!(neg_two, (16 << 11) | (1 << 10));
        assert_eq!(parse_elem(s, "65504").unwrap(), (30 << 11) | 0x3ff);
        assert_eq!(format_elem(s, (30 << 11) | 0x3ff), "65500");
        assert_eq!(
            parse_elem(s, "65520").unwrap_err().code(),
            ErrorCode::OutOfRange
        );
        assert_eq!(parse_elem(s, "5.960464477539063e-8").unwrap(), 1);
        assert_eq!(parse_elem(s, "1p-25").unwrap(), 0); // tie to even: 0
        assert_eq!(parse_elem(s, "3p-26").unwrap(), 1); // 0.75 ulp rounds up
                                                        // E = 20, 60-bit mantissa: beyond binary64
        let w = Shape { n: 1, l: 81, e: 20 };
        let x = parse_elem(w, &format!("{}p0", (1u128 << 60) + 1)).unwrap();
        assert_eq!(format_elem(w, x), format!("{}p0", (1u128 << 60) + 1));
    }
}
