//! The typed fields of an EXTUUID, for the bindings' `extuuid_inspect` and the CLI.
//!
//! One flat list of named fields per kind, so that every runtime can turn it into its own
//! record (a Python dict, a JS object) without knowing the kinds, and one JSON form
//! ([`Inspection::to_json`]) in the vectors' convention: integers are decimal strings (they
//! reach 2^116), floats are JSON numbers.

use super::{carrier, quant, stdfloat, text, Extuuid, Value};
use crate::error::Result;

/// One field value. Every integer is exact (`i128` holds all of them: the widest is a
/// 116-bit magnitude).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Field {
    /// Text: a scheme letter, a symbol, a unit, a format keyword.
    Text(String),
    /// An integer.
    Int(i128),
    /// A binary64 (quantities and standard float vectors; always finite).
    Float(f64),
    /// A flag.
    Bool(bool),
    /// A list of integers (vector elements).
    Ints(Vec<i128>),
    /// A list of binary64 values.
    Floats(Vec<f64>),
}

/// What [`inspect`] returns: the UUID, its canonical printed form, the kind and its fields.
#[derive(Clone, Debug, PartialEq)]
pub struct Inspection {
    /// `8-4-4-4-12`, lower case.
    pub uuid: String,
    /// The canonical printed form (`extuuid:...`).
    pub text: String,
    /// `symbol`, `serial`, `fixed`, `int`, `quant`, `float`, `time`, `int_vector`,
    /// `generic_float_vector`, `x87` or `float_vector`.
    pub kind: &'static str,
    /// The kind's fields, in a fixed order (see `docs/extuuid.md`, "Inspect").
    pub fields: Vec<(&'static str, Field)>,
}

/// Reads either form (an `8-4-4-4-12` UUID or a printed value) and lists its typed fields.
///
/// Errors are those of [`Extuuid::parse_uuid`] for text shaped like a UUID (36 characters with
/// dashes at 8, 13, 18 and 23) and those of [`Extuuid::parse`] otherwise.
pub fn inspect(input: &str) -> Result<Inspection> {
    let u = if looks_like_uuid(input) {
        Extuuid::parse_uuid(input)?
    } else {
        Extuuid::parse(input)?
    };
    Ok(inspect_extuuid(u))
}

fn looks_like_uuid(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 36 && [8, 13, 18, 23].iter().all(|&i| b[i] == b'-')
}

/// The fields of a (valid) EXTUUID.
pub fn inspect_extuuid(u: Extuuid) -> Inspection {
    use Field::{Bool, Float, Floats, Int, Ints, Text};
    let value = u.value();
    // Formatted before `value` is taken apart below: one decode serves both.
    let text = text::format(&value);
    let scheme = |s: super::Scheme| Text(s.letter().to_string());
    let (kind, fields): (&'static str, Vec<(&'static str, Field)>) = match value {
        Value::Symbol { scheme: s, name } => {
            ("symbol", vec![("scheme", scheme(s)), ("name", Text(name))])
        }
        Value::Serial {
            scheme: s,
            name,
            number,
        } => (
            "serial",
            vec![
                ("scheme", scheme(s)),
                ("name", Text(name)),
                ("number", Int(number as i128)),
            ],
        ),
        Value::Fixed {
            scheme: s,
            name,
            places,
            amount,
        } => (
            "fixed",
            vec![
                ("scheme", scheme(s)),
                ("name", Text(name)),
                ("places", Int(places.into())),
                ("amount", Int(amount)),
            ],
        ),
        Value::Int(v) => ("int", vec![("value", Int(v))]),
        Value::Quant {
            context,
            value,
            unit,
        } => {
            let mut text = String::new();
            quant::format_unit(&unit, &mut text);
            let text = text.strip_prefix('*').map(str::to_owned).unwrap_or(text);
            (
                "quant",
                vec![
                    ("context", Int(context.into())),
                    ("value", Float(value)),
                    ("unit", Text(text)),
                ],
            )
        }
        Value::Float(f) => (
            "float",
            vec![
                ("negative", Bool(f.negative)),
                ("mantissa", Int(f.mantissa as i128)),
                ("exponent", Int(f.exponent.into())),
            ],
        ),
        Value::Time(t) => (
            "time",
            vec![
                ("seconds", Int(t.seconds)),
                ("bits", Int(t.bits.into())),
                ("fraction", Int(t.fraction as i128)),
            ],
        ),
        Value::IntVector {
            signed,
            bits,
            context,
            values,
        } => (
            "int_vector",
            vec![
                ("signed", Bool(signed)),
                ("bits", Int(bits.into())),
                ("context", Int(context as i128)),
                ("values", Ints(values)),
            ],
        ),
        Value::GenericFloatVector {
            shape,
            context,
            elements,
        } => (
            "generic_float_vector",
            vec![
                ("n", Int(shape.n as i128)),
                ("bits", Int(shape.l.into())),
                ("exponent_bits", Int(shape.e.into())),
                ("context", Int(context as i128)),
                (
                    "elements",
                    Ints(elements.into_iter().map(|e| e as i128).collect()),
                ),
            ],
        ),
        Value::X87 { context, bits } => (
            "x87",
            vec![("context", Text(context)), ("pattern", Int(bits as i128))],
        ),
        Value::FloatVector {
            format,
            context,
            values,
        } => (
            "float_vector",
            vec![
                ("format", Text(format.keyword().to_owned())),
                (
                    "context",
                    match context {
                        stdfloat::Context::Number(n) => Int(n.into()),
                        stdfloat::Context::Text(t) => Text(t),
                    },
                ),
                ("values", Floats(values)),
            ],
        ),
    };
    Inspection {
        uuid: carrier::uuid_to_string(u.as_u128()),
        text,
        kind,
        fields,
    }
}

impl Inspection {
    /// `{"kind", "uuid", "text", <fields>...}` with integers as decimal strings and floats as
    /// JSON numbers (shortest round-trip digits); no whitespace.
    pub fn to_json(&self) -> String {
        let mut out = String::with_capacity(128);
        out.push('{');
        push_key(&mut out, "kind");
        push_str(&mut out, self.kind);
        out.push(',');
        push_key(&mut out, "uuid");
        push_str(&mut out, &self.uuid);
        out.push(',');
        push_key(&mut out, "text");
        push_str(&mut out, &self.text);
        for (name, field) in &self.fields {
            out.push(',');
            push_key(&mut out, name);
            match field {
                Field::Text(t) => push_str(&mut out, t),
                Field::Int(v) => push_str(&mut out, &v.to_string()),
                Field::Float(v) => out.push_str(&float(*v)),
                Field::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
                Field::Ints(vs) => push_list(
                    &mut out,
                    vs.iter().map(|v| {
                        let mut s = String::new();
                        push_str(&mut s, &v.to_string());
                        s
                    }),
                ),
                Field::Floats(vs) => push_list(&mut out, vs.iter().map(|v| float(*v))),
            }
        }
        out.push('}');
        out
    }
}

fn float(v: f64) -> String {
    // `{:?}` is the shortest text that reads back to `v` ("22.4", "1.0", "1e300"), which
    // is also a valid JSON number; values are finite by construction.
    format!("{v:?}")
}

fn push_list(out: &mut String, items: impl Iterator<Item = String>) {
    out.push('[');
    for (i, item) in items.enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&item);
    }
    out.push(']');
}

fn push_key(out: &mut String, key: &str) {
    push_str(out, key);
    out.push(':');
}

fn push_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_fields_and_json() {
        let i = inspect("fixedB4:GBP$:222.31").unwrap();
        assert_eq!(i.kind, "fixed");
        assert_eq!(i.text, "extuuid:fixedB4:GBP$:222.31");
        assert_eq!(i.fields[3], ("amount", Field::Int(2_223_100)));
        let j = i.to_json();
        assert!(j.contains(r#""places":"4","amount":"2223100""#), "{j}");
        // the same through the UUID form
        assert_eq!(inspect(&i.uuid).unwrap(), i);
    }

    #[test]
    fn uuid_shaped_input_gets_uuid_errors() {
        let e = inspect("00000000-0000-4000-8000-000000000000").unwrap_err();
        assert_eq!(e.code().as_str(), "NOT_UUID_V8");
        let e = inspect("nonsense").unwrap_err();
        assert_ne!(e.code().as_str(), "NOT_UUID_V8");
    }

    #[test]
    fn quant_unit_text() {
        let i = inspect("q:1*kg*m2/s2").unwrap();
        assert_eq!(i.fields[2], ("unit", Field::Text("m2*kg/s2".into())));
        assert_eq!(i.fields[1], ("value", Field::Float(1.0)));
        assert!(i.to_json().contains(r#""value":1.0,"#));
        let i = inspect("quant:2/m1/2").unwrap();
        assert_eq!(i.fields[2], ("unit", Field::Text("/m1/2".into())));
    }
}
