//! Subtype `001`: a binary64 value with an SI unit (seven rational exponents).
//!
//! Bits: type 0-1, subtype 2-4, context 5-8, exponents `x0..x6` at 9-57 (7 bits each:
//! sign, 3-bit numerator, 3-bit denominator), value 58-121.

use super::carrier::{get, put};
use crate::error::{Error, ErrorCode, Result};

const CONTEXT: &str = "EXTUUID quant";

/// The seven SI base units, in field order.
pub const UNIT_NAMES: [&str; 7] = ["m", "kg", "s", "A", "K", "cd", "mol"];

/// A rational power `num / den` of one base unit, reduced (`den >= 1`; zero is `0/1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Power {
    num: i8,
    den: u8,
}

const fn gcd(a: u8, b: u8) -> u8 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

impl Power {
    /// No unit.
    pub const ZERO: Power = Power { num: 0, den: 1 };

    /// `num / den`, reduced; `|num|` and `den` after reduction must be at most 7.
    pub fn new(num: i32, den: i32) -> Result<Power> {
        if den <= 0 {
            return Err(bad_unit("power denominator must be 1-7"));
        }
        if num == 0 {
            return Ok(Power::ZERO);
        }
        let (n, d) = (num.unsigned_abs(), den.unsigned_abs());
        if n > 49 || d > 49 {
            return Err(bad_unit("power numerator and denominator must be 1-7"));
        }
        let g = gcd(n as u8, d as u8);
        let (n, d) = (n as u8 / g, d as u8 / g);
        if n > 7 || d > 7 {
            return Err(bad_unit("power numerator and denominator must be 1-7"));
        }
        Ok(Power {
            num: if num < 0 { -(n as i8) } else { n as i8 },
            den: d,
        })
    }

    /// The signed numerator.
    pub fn num(self) -> i8 {
        self.num
    }

    /// The denominator (1 for integer powers).
    pub fn den(self) -> u8 {
        self.den
    }

    fn field(self) -> u128 {
        if self.num == 0 {
            return 0;
        }
        let s = (self.num < 0) as u128;
        (s << 6) | ((self.num.unsigned_abs() as u128) << 3) | self.den as u128
    }

    fn from_field(f: u128) -> Result<Power> {
        if f == 0 {
            return Ok(Power::ZERO);
        }
        let (s, n, d) = ((f >> 6) & 1, ((f >> 3) & 7) as u8, (f & 7) as u8);
        if n == 0 || d == 0 || gcd(n, d) != 1 {
            return Err(bad_unit(
                "exponent field is not canonical (needs 1 <= n, d <= 7, gcd 1, or all zero)",
            ));
        }
        let _ = s;
        Ok(Power {
            num: if s == 1 { -(n as i8) } else { n as i8 },
            den: d,
        })
    }
}

/// A unit: the powers of m, kg, s, A, K, cd, mol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Unit(pub [Power; 7]);

impl Default for Power {
    fn default() -> Power {
        Power::ZERO
    }
}

fn bad_unit(reason: &'static str) -> Error {
    Error::reason(ErrorCode::InvalidUnit, CONTEXT, reason)
}

/// The payload of a quant.
pub fn encode(context: u8, value: f64, unit: &Unit) -> Result<u128> {
    if context > 15 {
        return Err(Error::range(CONTEXT, context, 0, 15));
    }
    if !value.is_finite() {
        return Err(Error::reason(
            ErrorCode::OutOfRange,
            CONTEXT,
            "value must be finite",
        ));
    }
    let mut p = (0b10u128 << 120) | (0b001u128 << 117);
    put(&mut p, 5, 4, context as u128);
    for (i, power) in unit.0.iter().enumerate() {
        put(&mut p, 9 + 7 * i as u32, 7, power.field());
    }
    put(&mut p, 58, 64, value.to_bits() as u128);
    Ok(p)
}

/// Context, value and unit of a quant payload.
pub fn decode(p: u128) -> Result<(u8, f64, Unit)> {
    let context = get(p, 5, 4) as u8;
    let mut unit = Unit::default();
    for (i, power) in unit.0.iter_mut().enumerate() {
        *power = Power::from_field(get(p, 9 + 7 * i as u32, 7))?;
    }
    let value = f64::from_bits(get(p, 58, 64) as u64);
    if !value.is_finite() {
        return Err(Error::reason(
            ErrorCode::OutOfRange,
            CONTEXT,
            "value must be finite (NaN and infinities are not stored)",
        ));
    }
    Ok((context, value, unit))
}

/// The canonical unit text: positive powers first, then negative, each in field order.
pub fn format_unit(unit: &Unit, out: &mut String) {
    for negative in [false, true] {
        for (i, power) in unit.0.iter().enumerate() {
            if power.num == 0 || (power.num < 0) != negative {
                continue;
            }
            out.push(if negative { '/' } else { '*' });
            out.push_str(UNIT_NAMES[i]);
            let n = power.num.unsigned_abs();
            if power.den != 1 {
                out.push_str(&format!("{n}/{}", power.den));
            } else if n != 1 {
                out.push_str(&n.to_string());
            }
        }
    }
}

/// Reads `*name[n[/d]]` and `/name[n[/d]]` items (any order, each unit once).
pub fn parse_unit(text: &str) -> Result<Unit> {
    let b = text.as_bytes();
    let mut unit = Unit::default();
    let mut i = 0;
    while i < b.len() {
        let negative = match b[i] {
            b'*' => false,
            b'/' => true,
            _ => return Err(bad_unit("each unit starts with '*' or '/'")),
        };
        i += 1;
        let start = i;
        while i < b.len() && b[i].is_ascii_alphabetic() {
            i += 1;
        }
        let name = &text[start..i];
        let index = UNIT_NAMES
            .iter()
            .position(|&u| u == name)
            .ok_or_else(|| bad_unit("unknown unit (m, kg, s, A, K, cd, mol)"))?;
        let mut num = 1i32;
        let mut den = 1i32;
        if i < b.len() && b[i].is_ascii_digit() {
            num = (b[i] - b'0') as i32;
            i += 1;
            if i + 1 < b.len() && b[i] == b'/' && b[i + 1].is_ascii_digit() {
                den = (b[i + 1] - b'0') as i32;
                i += 2;
            }
            if i < b.len() && b[i].is_ascii_digit() {
                return Err(bad_unit("a power is one digit (or digit/digit)"));
            }
        }
        if num == 0 {
            return Err(bad_unit("a power of 0 is written by leaving the unit out"));
        }
        if unit.0[index] != Power::ZERO {
            return Err(bad_unit("a unit appears twice"));
        }
        unit.0[index] = Power::new(if negative { -num } else { num }, den)?;
    }
    Ok(unit)
}

/// The canonical text of a binary64: shortest round-trip digits, plain notation when the
/// decimal exponent is in -7..=20, else `<digits>e<exp>`.
pub fn format_f64(v: f64) -> String {
    let exp_form = format!("{v:e}");
    let exp: i32 = exp_form
        .rsplit('e')
        .next()
        .and_then(|e| e.parse().ok())
        .unwrap_or(0);
    if v == 0.0 || (-7..=20).contains(&exp) {
        format!("{v}")
    } else {
        exp_form
    }
}

/// Reads `["-"] digits ["." digits] [("e"|"E") ["+"|"-"] digits]` as a finite binary64.
pub fn parse_f64(text: &str) -> Result<f64> {
    let b = text.as_bytes();
    let mut i = 0;
    if i < b.len() && b[i] == b'-' {
        i += 1;
    }
    let digits = |i: &mut usize| {
        let s = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i > s
    };
    let mut ok = digits(&mut i);
    if ok && i < b.len() && b[i] == b'.' {
        i += 1;
        ok = digits(&mut i);
    }
    if ok && i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            i += 1;
        }
        ok = digits(&mut i);
    }
    if !ok || i != b.len() {
        return Err(Error::reason(
            ErrorCode::InvalidFormat,
            CONTEXT,
            "not a decimal number",
        ));
    }
    let v: f64 = text
        .parse()
        .map_err(|_| Error::reason(ErrorCode::InvalidFormat, CONTEXT, "not a number"))?;
    if !v.is_finite() {
        return Err(Error::reason(
            ErrorCode::OutOfRange,
            CONTEXT,
            "number beyond binary64",
        ));
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(fields: [u128; 7]) -> Unit {
        let mut u = Unit::default();
        for (p, f) in u.0.iter_mut().zip(fields) {
            *p = Power::from_field(f).unwrap();
        }
        u
    }

    #[test]
    fn draft_examples() {
        let joule = unit([0b0010001, 0b0001001, 0b1010001, 0, 0, 0, 0]);
        let mut s = String::new();
        format_unit(&joule, &mut s);
        assert_eq!(s, "*m2*kg/s2");
        let watt = unit([0b0010001, 0b0001001, 0b1011001, 0, 0, 0, 0]);
        s.clear();
        format_unit(&watt, &mut s);
        assert_eq!(s, "*m2*kg/s3");
        let root = unit([0b1001010, 0, 0, 0, 0, 0, 0]);
        s.clear();
        format_unit(&root, &mut s);
        assert_eq!(s, "/m1/2");
        assert_eq!(parse_unit("/m1/2").unwrap(), root);
        assert_eq!(parse_unit("*kg*m2/s2").unwrap(), joule);
        assert_eq!(parse_unit("/s3*kg1*m2").unwrap(), watt);
    }

    #[test]
    fn bad_units() {
        for bad in ["*g", "*m0", "*m*m", "*m8", "*m1/8", "m", "*m12", "*m1/0"] {
            assert_eq!(
                parse_unit(bad).unwrap_err().code(),
                ErrorCode::InvalidUnit,
                "{bad}"
            );
        }
        assert_eq!(parse_unit("*m2/4").unwrap(), parse_unit("*m1/2").unwrap());
        for f in [0b0000001u128, 0b1000000, 0b0010000, 0b0010010] {
            assert_eq!(
                Power::from_field(f).unwrap_err().code(),
                ErrorCode::InvalidUnit
            );
        }
    }

    #[test]
    fn floats() {
        for (v, s) in [
            (22.4, "22.4"),
            (1.0, "1"),
            (-0.0, "-0"),
            (1e21, "1e21"),
            (1e20, "100000000000000000000"),
            (1.5e-7, "0.00000015"),
            (1.5e-8, "1.5e-8"),
        ] {
            assert_eq!(format_f64(v), s);
            assert_eq!(parse_f64(s).unwrap().to_bits(), v.to_bits());
        }
        for bad in ["", "-", "1.", ".5", "inf", "NaN", "1e", "1x"] {
            assert!(parse_f64(bad).is_err(), "{bad}");
        }
        assert_eq!(
            parse_f64("1e999").unwrap_err().code(),
            ErrorCode::OutOfRange
        );
    }
}
