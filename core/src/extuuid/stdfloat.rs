//! Subtype `111`: standard float vectors (format in bits 5-7, a 104-bit body at 8-111, bits
//! 112-121 reserved zero). Formats `001`-`110` are here; `000` (x87 80-bit) is in `x87.rs`,
//! `111` is reserved (`RESERVED_TYPE`).
//!
//! Elements are held as the `f64` of the same exact value. Decimal input is rounded to the
//! nearest binary64 and then to the element format (ties to even); the printed form is the
//! shortest decimal that reads back to the element by that route.

use super::carrier::{get, put};
use super::quant::{format_f64, parse_f64};
use super::scheme::Scheme;
use crate::error::{Error, ErrorCode, Result};

const CONTEXT: &str = "EXTUUID float vector";

/// A standard float vector format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// `001`: 8 scheme-C characters, one binary64.
    F64,
    /// `010`: an 8-bit number, three binary32.
    F32x3,
    /// `011`: 8 scheme-C characters, two binary32.
    F32x2,
    /// `100`: 12 scheme-B characters, one binary32.
    F32,
    /// `101`: an 8-bit number, six binary16.
    F16x6,
    /// `110`: 1-4 binary16, then `floor((102 - 16 n) / 6)` scheme-B characters.
    F16,
}

/// The context field of a standard float vector.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Context {
    /// Formats `010` and `101`.
    Number(u8),
    /// The other formats: a fixed number of characters.
    Text(String),
}

#[derive(Clone, Copy, PartialEq)]
enum Elem {
    Half,
    Single,
    Double,
}

impl Format {
    /// The printed keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            Format::F64 => "f64",
            Format::F32x3 => "f32x3",
            Format::F32x2 => "f32x2",
            Format::F32 => "f32",
            Format::F16x6 => "f16x6",
            Format::F16 => "f16",
        }
    }

    /// The format of a keyword.
    pub fn from_keyword(k: &str) -> Option<Format> {
        [
            Format::F64,
            Format::F32x3,
            Format::F32x2,
            Format::F32,
            Format::F16x6,
            Format::F16,
        ]
        .into_iter()
        .find(|f| f.keyword() == k)
    }

    fn code(self) -> u128 {
        match self {
            Format::F64 => 1,
            Format::F32x3 => 2,
            Format::F32x2 => 3,
            Format::F32 => 4,
            Format::F16x6 => 5,
            Format::F16 => 6,
        }
    }

    fn elem(self) -> Elem {
        match self {
            Format::F64 => Elem::Double,
            Format::F32x3 | Format::F32x2 | Format::F32 => Elem::Single,
            Format::F16x6 | Format::F16 => Elem::Half,
        }
    }

    /// (scheme, characters) of a text context for `n` elements, or `None` for a number.
    fn text_context(self, n: usize) -> Option<(Scheme, u32)> {
        match self {
            Format::F64 | Format::F32x2 => Some((Scheme::C, 8)),
            Format::F32 => Some((Scheme::B, 12)),
            Format::F16 => Some((Scheme::B, (102 - 16 * n as u32) / 6)),
            Format::F32x3 | Format::F16x6 => None,
        }
    }

    /// Allowed element counts.
    fn counts(self) -> core::ops::RangeInclusive<usize> {
        match self {
            Format::F64 | Format::F32 => 1..=1,
            Format::F32x2 => 2..=2,
            Format::F32x3 => 3..=3,
            Format::F16x6 => 6..=6,
            Format::F16 => 1..=4,
        }
    }

    /// Draft bit of the first element and of the context.
    fn layout(self, n: usize) -> (u32, u32) {
        match self {
            Format::F64 | Format::F32x2 => (48, 8),
            Format::F32x3 | Format::F16x6 => (16, 8),
            Format::F32 => (80, 8),
            Format::F16 => (10, 10 + 16 * n as u32),
        }
    }
}

fn width(e: Elem) -> u32 {
    match e {
        Elem::Half => 16,
        Elem::Single => 32,
        Elem::Double => 64,
    }
}

fn not_finite() -> Error {
    Error::reason(
        ErrorCode::OutOfRange,
        CONTEXT,
        "elements must be finite (NaN and infinities are not stored)",
    )
}

fn half_to_f64(h: u16) -> Option<f64> {
    let negative = h >> 15 == 1;
    let e = ((h >> 10) & 0x1f) as i32;
    let f = (h & 0x3ff) as f64;
    let v = match e {
        0 => f * 2f64.powi(-24),
        31 => return None,
        _ => (1024.0 + f) * 2f64.powi(e - 25),
    };
    Some(if negative { -v } else { v })
}

/// Rounds a finite binary64 to binary16 (ties to even); `None` on overflow.
fn f64_to_half(y: f64) -> Option<u16> {
    let sign = if y.is_sign_negative() { 0x8000u16 } else { 0 };
    let a = y.abs();
    if a < 2f64.powi(-14) {
        let q = (a * 2f64.powi(24)).round_ties_even() as u16; // <= 1024: exact encoding
        return Some(sign | q);
    }
    let mut e = ((a.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    let mut m = (a * 2f64.powi(10 - e)).round_ties_even();
    if m >= 2048.0 {
        m /= 2.0;
        e += 1;
    }
    if e > 15 {
        return None;
    }
    Some(sign | (((e + 15) as u16) << 10) | (m as u16 - 1024))
}

fn to_bits(e: Elem, v: f64) -> Option<u128> {
    match e {
        Elem::Double => Some(v.to_bits() as u128),
        Elem::Single => {
            let s = v as f32;
            s.is_finite().then_some(s.to_bits() as u128)
        }
        Elem::Half => f64_to_half(v).map(|h| h as u128),
    }
}

fn from_bits(e: Elem, b: u128) -> Option<f64> {
    let v = match e {
        Elem::Double => f64::from_bits(b as u64),
        Elem::Single => f32::from_bits(b as u32) as f64,
        Elem::Half => half_to_f64(b as u16)?,
    };
    v.is_finite().then_some(v)
}

/// Rounds a decimal's binary64 to the element format (exact value back as f64).
fn round_to(e: Elem, v: f64) -> Result<f64> {
    to_bits(e, v)
        .and_then(|b| from_bits(e, b))
        .ok_or_else(not_finite)
}

/// The payload of a standard float vector.
pub fn encode(format: Format, context: &Context, values: &[f64]) -> Result<u128> {
    let n = values.len();
    if !format.counts().contains(&n) {
        return Err(Error::reason(
            ErrorCode::InvalidFormat,
            CONTEXT,
            "wrong number of elements for this format",
        ));
    }
    let elem = format.elem();
    let w = width(elem);
    let (first, at) = format.layout(n);
    let mut p = (0b10u128 << 120) | (0b111u128 << 117);
    put(&mut p, 5, 3, format.code());
    if format == Format::F16 {
        put(&mut p, 8, 2, n as u128 - 1);
    }
    for (i, &v) in values.iter().enumerate() {
        let b = to_bits(elem, v).ok_or_else(not_finite)?;
        if from_bits(elem, b).map(f64::to_bits) != Some(v.to_bits()) {
            return Err(Error::reason(
                ErrorCode::OutOfRange,
                CONTEXT,
                "element is not exactly a value of the format",
            ));
        }
        put(&mut p, first + w * i as u32, w, b);
    }
    match (format.text_context(n), context) {
        (Some((scheme, len)), Context::Text(t)) => {
            if t.len() != len as usize {
                return Err(Error::length(CONTEXT, t.len(), len as usize));
            }
            scheme.write(&mut p, at, t)?;
        }
        (None, Context::Number(z)) => put(&mut p, at, 8, *z as u128),
        _ => {
            return Err(Error::reason(
                ErrorCode::InvalidFormat,
                CONTEXT,
                "context kind does not match the format",
            ))
        }
    }
    Ok(p)
}

/// Format, context and elements of a subtype `111` payload.
pub fn decode(p: u128) -> Result<(Format, Context, Vec<f64>)> {
    let format = match get(p, 5, 3) {
        1 => Format::F64,
        2 => Format::F32x3,
        3 => Format::F32x2,
        4 => Format::F32,
        5 => Format::F16x6,
        6 => Format::F16,
        0 => {
            return Err(Error::reason(
                ErrorCode::InvalidFormat,
                CONTEXT,
                "format 000 (x87 80-bit) is not implemented yet",
            ))
        }
        _ => {
            return Err(Error::reason(
                ErrorCode::ReservedType,
                CONTEXT,
                "standard float format 111 is reserved",
            ))
        }
    };
    let n = match format {
        Format::F16 => get(p, 8, 2) as usize + 1,
        f => *f.counts().start(),
    };
    let (first, at) = format.layout(n);
    let used_end = match format.text_context(n) {
        Some((scheme, len)) if format == Format::F16 => at + scheme.bits(len),
        _ => 112,
    };
    if get(p, used_end, 122 - used_end) != 0 {
        return Err(Error::reason(
            ErrorCode::ReservedBits,
            CONTEXT,
            "reserved bits are not zero",
        ));
    }
    let elem = format.elem();
    let w = width(elem);
    let values = (0..n as u32)
        .map(|i| from_bits(elem, get(p, first + w * i, w)).ok_or_else(not_finite))
        .collect::<Result<Vec<_>>>()?;
    let context = match format.text_context(n) {
        Some((scheme, len)) => Context::Text(scheme.unpack(p, at, len)?),
        None => Context::Number(get(p, at, 8) as u8),
    };
    Ok((format, context, values))
}

/// The shortest decimal that reads back (through binary64) to the element.
fn format_elem(e: Elem, v: f64) -> String {
    if e == Elem::Double {
        return format_f64(v);
    }
    let target = to_bits(e, v);
    for p in 0..17 {
        let cand = format!("{v:.p$e}");
        if let Ok(y) = cand.parse::<f64>() {
            if to_bits(e, y) == target {
                return format_f64(y);
            }
        }
    }
    format_f64(v)
}

/// The canonical text after the keyword: `<z>:<v>,<v>...`.
pub fn format_body(format: Format, context: &Context, values: &[f64]) -> String {
    let mut out = match context {
        Context::Number(z) => z.to_string(),
        Context::Text(t) => t.clone(),
    };
    out.push(':');
    let items: Vec<String> = values
        .iter()
        .map(|&v| format_elem(format.elem(), v))
        .collect();
    out.push_str(&items.join(","));
    out
}

/// Reads `<z>:<v>,<v>...` for a format.
pub fn parse_body(format: Format, text: &str) -> Result<(Context, Vec<f64>)> {
    let (z, list) = text.split_once(':').ok_or_else(|| {
        Error::reason(
            ErrorCode::InvalidFormat,
            CONTEXT,
            "expected <context>:<values>",
        )
    })?;
    let values = list
        .split(',')
        .map(|v| round_to(format.elem(), parse_f64(v)?))
        .collect::<Result<Vec<_>>>()?;
    let context = match format.text_context(values.len().clamp(1, 4)) {
        Some((scheme, _)) => Context::Text(scheme.canonical(z)),
        None => {
            if z.is_empty() || z.len() > 3 || !z.bytes().all(|c| c.is_ascii_digit()) {
                return Err(Error::reason(
                    ErrorCode::InvalidFormat,
                    CONTEXT,
                    "the context of this format is a number 0-255",
                ));
            }
            let n: u32 = z.parse().unwrap_or(256);
            if n > 255 {
                return Err(Error::range(CONTEXT, n, 0, 255));
            }
            Context::Number(n as u8)
        }
    };
    Ok((context, values))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves() {
        for (h, v) in [
            (0x3c00u16, 1.0),
            (0xc000, -2.0),
            (0x7bff, 65504.0),
            (0x0001, 2f64.powi(-24)),
            (0x0400, 2f64.powi(-14)),
            (0x3555, 0.333251953125),
        ] {
            assert_eq!(half_to_f64(h), Some(v));
            assert_eq!(f64_to_half(v), Some(h));
        }
        assert_eq!(f64_to_half(65520.0), None);
        assert_eq!(f64_to_half(65519.0), Some(0x7bff));
        assert_eq!(f64_to_half(1.0 + 2f64.powi(-11)), Some(0x3c00)); // tie to even
        assert_eq!(format_elem(Elem::Half, 0.333251953125), "0.3333");
        assert_eq!(format_elem(Elem::Single, 0.1f32 as f64), "0.1");
    }
}
