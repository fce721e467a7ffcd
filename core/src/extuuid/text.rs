//! The printed form: parsing and canonical printing (grammar in `docs/extuuid.md` §8).

use super::quant::{format_f64, format_unit, parse_f64, parse_unit};
use super::scheme::{Scheme, AUTO_ORDER};
use super::time::{format_instant, parse_instant};
use super::{fixed, symserial, vector, Value};
use crate::error::{Error, ErrorCode, Result};

const CONTEXT: &str = "EXTUUID text";

/// Longest printed form accepted, in bytes.
pub const MAX_TEXT: usize = 1024;

fn bad(reason: &'static str) -> Error {
    Error::reason(ErrorCode::InvalidFormat, CONTEXT, reason)
}

/// The canonical printed form of a value.
pub fn format(value: &Value) -> String {
    let mut out = String::from("extuuid:");
    match value {
        Value::Symbol { scheme, name } => {
            out.push_str("sym");
            out.push(scheme.letter());
            out.push(':');
            out.push_str(name);
        }
        Value::Serial {
            scheme,
            name,
            number,
        } => {
            out.push_str(&format!("serial{}:{name}:{number}", scheme.letter()));
        }
        Value::Fixed {
            scheme,
            name,
            places,
            amount,
        } => {
            out.push_str(&format!("fixed{}{places}:{name}:", scheme.letter()));
            out.push_str(&format_fixed(*amount, *places));
        }
        Value::Int(v) => out.push_str(&format!("int:{v}")),
        Value::Quant {
            context,
            value,
            unit,
        } => {
            out.push_str("quant");
            if *context != 0 {
                out.push_str(&context.to_string());
            }
            out.push(':');
            out.push_str(&format_f64(*value));
            format_unit(unit, &mut out);
        }
        Value::Float(f) => {
            out.push_str("f:");
            out.push_str(&super::float::format(f));
        }
        Value::IntVector {
            signed,
            bits,
            context,
            values,
        } => {
            let kind = if *signed { "int" } else { "uint" };
            out.push_str(&format!("{kind}/{}*{bits}:{context}:", values.len()));
            let items: Vec<String> = values.iter().map(|v| v.to_string()).collect();
            out.push_str(&items.join(","));
        }
        Value::FloatVector {
            format,
            context,
            values,
        } => {
            out.push_str(format.keyword());
            out.push(':');
            out.push_str(&super::stdfloat::format_body(*format, context, values));
        }
        Value::GenericFloatVector {
            shape,
            context,
            elements,
        } => {
            out.push_str(&format!("f/{}*{}*{}:{context}:", shape.n, shape.l, shape.e));
            let items: Vec<String> = elements
                .iter()
                .map(|&b| super::genfloat::format_elem(*shape, b))
                .collect();
            out.push_str(&items.join(","));
        }
        Value::X87 { context, bits } => {
            out.push_str("f80:");
            out.push_str(&super::x87::format_body(context, *bits));
        }
        Value::Time(t) => {
            out.push('t');
            if t.bits != 0 {
                out.push_str(&format!("/{}", t.bits));
            }
            out.push(':');
            format_instant(t, &mut out);
        }
    }
    out
}

fn format_fixed(amount: i128, places: u8) -> String {
    let mut out = String::new();
    if amount < 0 {
        out.push('-');
    }
    let digits = amount.unsigned_abs().to_string();
    let places = places as usize;
    let (int, frac) = if digits.len() > places {
        digits.split_at(digits.len() - places)
    } else {
        ("0", digits.as_str())
    };
    out.push_str(int);
    let frac = format!("{frac:0>places$}");
    let frac = frac.trim_end_matches('0');
    if !frac.is_empty() {
        out.push('.');
        out.push_str(frac);
    }
    out
}

/// Splits a head like `fixedB4` after `keyword` into an optional scheme and the rest.
fn scheme_suffix(tail: &str) -> Result<(Option<Scheme>, &str)> {
    match tail.as_bytes().first() {
        Some(c) if c.is_ascii_uppercase() => Ok((Some(Scheme::from_letter(*c)?), &tail[1..])),
        _ => Ok((None, tail)),
    }
}

fn small_number(text: &str, max: u32) -> Result<u32> {
    if text.is_empty() || text.len() > 3 || !text.bytes().all(|c| c.is_ascii_digit()) {
        return Err(bad("expected a small decimal number"));
    }
    let v: u32 = text.parse().map_err(|_| bad("expected a number"))?;
    if v > max {
        return Err(Error::range(CONTEXT, v, 0, max));
    }
    Ok(v)
}

/// Picks the scheme: the one named, or the first of A, B, C, D, F that `fits`.
fn choose(
    named: Option<Scheme>,
    name: &str,
    offset: usize,
    fits: impl Fn(Scheme) -> bool,
) -> Result<Scheme> {
    if let Some(s) = named {
        if let Err(e) = s.pack(name) {
            return Err(shift(e, offset));
        }
        return Ok(s);
    }
    if let Some(s) = AUTO_ORDER.into_iter().find(|&s| fits(s)) {
        return Ok(s);
    }
    for (index, character) in name.chars().enumerate() {
        if !character.is_ascii() || !AUTO_ORDER.iter().any(|s| s.accepts(&character.to_string())) {
            return Err(Error::character(
                ErrorCode::InvalidCharacter,
                CONTEXT,
                offset + index,
                character,
            ));
        }
    }
    Err(Error::reason(
        ErrorCode::OutOfRange,
        CONTEXT,
        "no scheme holds this symbol (and number) in the UUID",
    ))
}

/// Moves a character error's index from the field to the whole text.
fn shift(e: Error, offset: usize) -> Error {
    match (e.index(), e.offending_char()) {
        (Some(i), Some(c)) => Error::character(e.code(), CONTEXT, offset + i, c),
        _ => e,
    }
}

/// Reads `DIGIT *(DIGIT / "-" / "_")`, separators ignored.
fn serial_number(text: &str) -> Result<u128> {
    if !text.as_bytes().first().is_some_and(u8::is_ascii_digit) {
        return Err(bad("a serial number starts with a digit"));
    }
    let mut v = 0u128;
    for c in text.bytes() {
        match c {
            b'0'..=b'9' => {
                v = v
                    .checked_mul(10)
                    .and_then(|v| v.checked_add((c - b'0') as u128))
                    .ok_or_else(|| {
                        Error::reason(ErrorCode::OutOfRange, CONTEXT, "serial number too large")
                    })?;
            }
            b'-' | b'_' => {}
            _ => return Err(bad("a serial number holds digits, '-' and '_'")),
        }
    }
    Ok(v)
}

/// Reads `["-"] 1*DIGIT ["." 1*DIGIT]` into (negative, integer digits, fraction digits).
fn decimal(text: &str) -> Result<(bool, &str, &str)> {
    let (neg, body) = match text.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, text),
    };
    let (int, frac) = match body.split_once('.') {
        Some((i, f)) => (i, f),
        None => (body, ""),
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit());
    if !digits(int) || (body.contains('.') && !digits(frac)) {
        return Err(bad("expected a decimal number"));
    }
    Ok((neg, int, frac))
}

fn too_big() -> Error {
    Error::reason(ErrorCode::OutOfRange, CONTEXT, "number too large")
}

fn digits_to_i128(s: &str) -> Result<i128> {
    s.bytes().try_fold(0i128, |a, c| {
        a.checked_mul(10)
            .and_then(|a| a.checked_add((c - b'0') as i128))
            .ok_or_else(too_big)
    })
}

/// Parses the printed form into a value.
pub fn parse(text: &str) -> Result<Value> {
    if text.len() > MAX_TEXT {
        return Err(Error::length(CONTEXT, text.len(), MAX_TEXT));
    }
    if let Some((index, character)) = text.chars().enumerate().find(|(_, c)| !c.is_ascii()) {
        return Err(Error::character(
            ErrorCode::InvalidCharacter,
            CONTEXT,
            index,
            character,
        ));
    }
    let (offset, body) = match text.strip_prefix("extuuid:") {
        Some(b) => (8, b),
        None => (0, text),
    };
    let (head, rest) = body
        .split_once(':')
        .ok_or_else(|| bad("expected <kind>:<value>"))?;
    let rest_at = offset + head.len() + 1;
    if let Some(tail) = head.strip_prefix("serial") {
        let (named, more) = scheme_suffix(tail)?;
        if !more.is_empty() {
            return Err(bad("unknown kind"));
        }
        let (name, number) = rest
            .rsplit_once(':')
            .ok_or_else(|| bad("expected serial:<name>:<number>"))?;
        let number = serial_number(number)?;
        let scheme = choose(named, name, rest_at, |s| symserial::fits(s, name, number))?;
        let name = scheme.canonical(name);
        if number == 0 {
            return Ok(Value::Symbol { scheme, name });
        }
        return Ok(Value::Serial {
            scheme,
            name,
            number,
        });
    }
    if let Some(tail) = head.strip_prefix("sym") {
        let (named, more) = scheme_suffix(tail)?;
        if !more.is_empty() {
            return Err(bad("unknown kind"));
        }
        let scheme = choose(named, rest, rest_at, |s| symserial::fits(s, rest, 0))?;
        return Ok(Value::Symbol {
            scheme,
            name: scheme.canonical(rest),
        });
    }
    if let Some(tail) = head.strip_prefix("fixed") {
        let (named, places) = scheme_suffix(tail)?;
        let places = if places.is_empty() {
            None
        } else {
            Some(small_number(places, fixed::MAX_PLACES as u32)? as usize)
        };
        let (name, number) = rest
            .rsplit_once(':')
            .ok_or_else(|| bad("expected fixed:<name>:<amount>"))?;
        let (neg, int, frac) = decimal(number)?;
        let frac_min = frac.trim_end_matches('0');
        let places = match places {
            Some(p) if frac_min.len() > p => {
                return Err(Error::reason(
                    ErrorCode::OutOfRange,
                    CONTEXT,
                    "more decimal places than the field's places",
                ))
            }
            Some(p) => p,
            None if frac_min.len() > fixed::MAX_PLACES as usize => {
                return Err(Error::range(CONTEXT, frac_min.len() as u32, 0, 31))
            }
            None => frac_min.len(),
        };
        let scaled = format!("{int}{frac_min:0<places$}");
        let trimmed = scaled.trim_start_matches('0');
        if trimmed.len() > 38 {
            return Err(too_big());
        }
        let mut q = digits_to_i128(trimmed)?;
        if neg {
            q = -q;
        }
        let scheme = choose(named, name, rest_at, |s| fixed::fits(s, name, q))?;
        return Ok(Value::Fixed {
            scheme,
            name: scheme.canonical(name),
            places: places as u8,
            amount: q,
        });
    }
    if head == "uint"
        || head.starts_with("uint/")
        || head.starts_with("int/")
        || (head == "int" && rest.contains([',', ':']))
    {
        return int_vector(head, rest);
    }
    if head == "int" {
        let (neg, digits) = match rest.strip_prefix('-') {
            Some(d) => (true, d),
            None => (false, rest),
        };
        let b = digits.as_bytes();
        if b.is_empty()
            || !b[0].is_ascii_digit()
            || !b[b.len() - 1].is_ascii_digit()
            || b.windows(2).any(|w| w == b"__")
            || !b.iter().all(|c| c.is_ascii_digit() || *c == b'_')
        {
            return Err(bad(
                "expected an integer (digits, single '_' between digits)",
            ));
        }
        let clean: String = digits.chars().filter(|&c| c != '_').collect();
        let clean = clean.trim_start_matches('0');
        if clean.len() > 36 {
            return Err(too_big());
        }
        let v = digits_to_i128(clean)?;
        if v > vector::INT_MAX {
            return Err(Error::reason(
                ErrorCode::OutOfRange,
                CONTEXT,
                "integer beyond ±(2^116 - 1)",
            ));
        }
        return Ok(Value::Int(if neg { -v } else { v }));
    }
    let quant_ctx = head
        .strip_prefix("quant")
        .or_else(|| head.strip_prefix('q'));
    if let Some(ctx) = quant_ctx {
        let context = if ctx.is_empty() {
            0
        } else {
            small_number(ctx, 15)? as u8
        };
        let split = rest.find(['*', '/']).unwrap_or(rest.len());
        let value = parse_f64(&rest[..split])?;
        let unit = parse_unit(&rest[split..])?;
        return Ok(Value::Quant {
            context,
            value,
            unit,
        });
    }
    if let Some(format) = super::stdfloat::Format::from_keyword(head) {
        let (context, values) = super::stdfloat::parse_body(format, rest)?;
        return Ok(Value::FloatVector {
            format,
            context,
            values,
        });
    }
    if head == super::x87::KEYWORD {
        let (context, bits) = super::x87::parse_body(rest)?;
        return Ok(Value::X87 { context, bits });
    }
    if let Some(dims) = head.strip_prefix("f/") {
        let parts: Vec<&str> = dims.split('*').collect();
        let [n, l, e] = parts[..] else {
            return Err(bad("expected f/<n>*<l>*<E>"));
        };
        let shape = super::genfloat::Shape {
            n: small_number(n, 127)? as usize,
            l: small_number(l, 127)?,
            e: small_number(e, 31)?,
        };
        let zbits = shape.check()?;
        let (z, list) = rest
            .split_once(':')
            .ok_or_else(|| bad("expected <context>:<values>"))?;
        if z.is_empty() || z.len() > 30 || !z.bytes().all(|c| c.is_ascii_digit()) {
            return Err(bad("the context is an unsigned decimal number"));
        }
        let context = digits_to_i128(z)? as u128;
        if zbits < 128 && context >> zbits != 0 {
            return Err(Error::reason(
                ErrorCode::OutOfRange,
                CONTEXT,
                "context does not fit in 98 - n × l bits",
            ));
        }
        let elements = list
            .split(',')
            .map(|v| super::genfloat::parse_elem(shape, v))
            .collect::<Result<Vec<_>>>()?;
        return Ok(Value::GenericFloatVector {
            shape,
            context,
            elements,
        });
    }
    if head == "f" {
        return Ok(Value::Float(super::float::parse(rest)?));
    }
    if let Some(tail) = head.strip_prefix('t') {
        let bits = match tail.strip_prefix('/') {
            Some(n) => Some(small_number(n, super::time::MAX_BITS as u32)? as u8),
            None if tail.is_empty() => None,
            None => return Err(bad("unknown kind")),
        };
        return Ok(Value::Time(parse_instant(rest, bits)?));
    }
    Err(bad(
        "unknown kind (sym, serial, fixed, int, quant, f, t; vectors not implemented yet)",
    ))
}

/// Reads one integer: `["-"] DIGIT *(["_"] DIGIT)`.
fn integer(text: &str) -> Result<i128> {
    let (neg, digits) = match text.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, text),
    };
    let b = digits.as_bytes();
    if b.is_empty()
        || !b[0].is_ascii_digit()
        || !b[b.len() - 1].is_ascii_digit()
        || b.windows(2).any(|w| w == b"__")
        || !b.iter().all(|c| c.is_ascii_digit() || *c == b'_')
    {
        return Err(bad(
            "expected an integer (digits, single '_' between digits)",
        ));
    }
    let clean: String = digits.chars().filter(|&c| c != '_').collect();
    let clean = clean.trim_start_matches('0');
    if clean.len() > 38 {
        return Err(too_big());
    }
    let v = digits_to_i128(clean)?;
    Ok(if neg { -v } else { v })
}

/// `int/n*l:z:v,...`, `uint/n*l:z:v,...` (n, l, z optional), `int:v,v`.
fn int_vector(head: &str, rest: &str) -> Result<Value> {
    let (kind, dims) = head.split_once('/').unwrap_or((head, ""));
    let signed = kind == "int";
    let (n, l) = if dims.is_empty() {
        (None, None)
    } else {
        let (n, l) = match dims.split_once('*') {
            Some((n, l)) => (n, Some(l)),
            None => (dims, None),
        };
        let n = small_number(n, 127)? as usize;
        let l = l.map(|l| small_number(l, 127)).transpose()?;
        (Some(n), l)
    };
    let (context, list) = match rest.split_once(':') {
        Some((z, list)) => {
            if !z.bytes().all(|c| c.is_ascii_digit()) || z.is_empty() || z.len() > 32 {
                return Err(bad("the context is an unsigned decimal number"));
            }
            (digits_to_i128(z)? as u128, list)
        }
        None => (0, rest),
    };
    let values = list.split(',').map(integer).collect::<Result<Vec<_>>>()?;
    if !signed && values.iter().any(|&v| v < 0) {
        return Err(Error::reason(
            ErrorCode::OutOfRange,
            CONTEXT,
            "uint elements are not negative",
        ));
    }
    if n.is_some_and(|n| n != values.len()) {
        return Err(bad("the vector has not n elements"));
    }
    let bits = match l {
        Some(l) => l,
        None => vector::min_width(signed, &values),
    };
    if bits == 0 || bits > 103 {
        return Err(Error::range(CONTEXT, bits, 1, 103));
    }
    Ok(Value::IntVector {
        signed,
        bits: bits as u8,
        context,
        values,
    })
}
