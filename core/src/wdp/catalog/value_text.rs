//! The text a field value that is JSON but not a string is substituted as (docs/spec §1.4):
//! compact JSON, members in the byte order of their names, numbers as ECMAScript writes them
//! (`JSON.stringify`), so that every runtime, and every version of the JSON library, gives
//! one text for one value.

use std::io;

use serde::Serialize;
use serde_json::ser::Formatter;
use serde_json::Value;

/// Compact JSON with ECMAScript's numbers.
struct EcmaNumbers;

impl Formatter for EcmaNumbers {
    fn write_f64<W: ?Sized + io::Write>(&mut self, w: &mut W, v: f64) -> io::Result<()> {
        w.write_all(number(v).as_bytes())
    }
}

/// `v` as compact JSON text with ECMAScript's numbers.
pub(super) fn json_text(v: &Value) -> String {
    let mut out = Vec::new();
    v.serialize(&mut serde_json::Serializer::with_formatter(
        &mut out,
        EcmaNumbers,
    ))
    .expect("a JSON value always serializes");
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

/// ECMAScript's `Number::toString` of a finite double (JSON has no other): the shortest
/// digits that read back as `v`, written as an integer below 10^21, as a decimal down to
/// 10^-6, else with an exponent (`1e+21`, `5.960464477539063e-8`); zero is `0`.
fn number(v: f64) -> String {
    if v == 0.0 {
        return "0".into();
    }
    // serde_json writes the shortest digits that read back as the value (in a form of its
    // own: `1e21`, `100.0`, `1e-7`); its digits and exponent are read back from that text,
    // which keeps a second float formatter out of the binary.
    let text = serde_json::Number::from_f64(v.abs())
        .expect("a JSON number is finite")
        .to_string();
    let (mantissa, exp) = text.split_once(['e', 'E']).unwrap_or((&text, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let all = format!("{int}{frac}");
    let digits = all.trim_start_matches('0');
    // The value is 0.digits x 10^n.
    let n = int.len() as i32 - (all.len() - digits.len()) as i32 + exp;
    let digits = digits.trim_end_matches('0');
    let k = digits.len() as i32;
    let sign = if v < 0.0 { "-" } else { "" };
    if k <= n && n <= 21 {
        format!("{sign}{digits}{}", "0".repeat((n - k) as usize))
    } else if 0 < n && n <= 21 {
        let (int, frac) = digits.split_at(n as usize);
        format!("{sign}{int}.{frac}")
    } else if -6 < n && n <= 0 {
        format!("{sign}0.{}{digits}", "0".repeat(n.unsigned_abs() as usize))
    } else {
        let (first, rest) = digits.split_at(1);
        let point = if rest.is_empty() { "" } else { "." };
        let e = n - 1;
        let e_sign = if e < 0 { '-' } else { '+' };
        format!("{sign}{first}{point}{rest}e{e_sign}{}", e.unsigned_abs())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The texts are those of `JSON.stringify` (ECMA-262 Number::toString), written here
    /// from the standard's examples and boundaries.
    #[test]
    fn numbers_as_ecmascript_writes_them() {
        for (v, text) in [
            (0.0, "0"),
            (-0.0, "0"),
            (1.0, "1"),
            (100.0, "100"),
            (-2.5, "-2.5"),
            (0.1 + 0.2, "0.30000000000000004"),
            (123_456_789.123_456_78, "123456789.12345678"),
            (1e20, "100000000000000000000"),
            (1e21, "1e+21"),
            (1.5e21, "1.5e+21"),
            (1e-6, "0.000001"),
            (1.5e-6, "0.0000015"),
            (1e-7, "1e-7"),
            (2f64.powi(-24), "5.960464477539063e-8"),
            (5e-324, "5e-324"),
            (f64::MAX, "1.7976931348623157e+308"),
            (-f64::MAX, "-1.7976931348623157e+308"),
            (2f64.powi(53) + 2.0, "9007199254740994"),
        ] {
            assert_eq!(number(v), text, "{v:e}");
        }
    }

    /// Over doubles of every magnitude: the text reads back as the same double, with as many
    /// significant digits as Rust's shortest form (`{:e}`).
    #[test]
    fn numbers_read_back_with_the_shortest_digits() {
        let mut bits: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..200_000 {
            bits = bits
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let v = f64::from_bits(bits);
            if !v.is_finite() || v == 0.0 {
                continue;
            }
            let text = number(v);
            assert_eq!(
                text.parse::<f64>().unwrap().to_bits(),
                v.to_bits(),
                "{text}"
            );
            let shortest = format!("{:e}", v.abs());
            let want = shortest.split('e').next().unwrap().replace('.', "").len();
            let mantissa = text
                .trim_start_matches('-')
                .split('e')
                .next()
                .unwrap()
                .replace('.', "");
            let got = mantissa.trim_start_matches('0').trim_end_matches('0').len();
            assert_eq!(got, want, "{v:e}: {text}");
        }
    }

    #[test]
    fn compact_json_with_sorted_members() {
        let v: Value = serde_json::from_str(
            r#"{"b": [1, 1.0, 1e21, -0.0, "é\u0001"], "a": {"z": null, "y": true}}"#,
        )
        .unwrap();
        assert_eq!(
            json_text(&v),
            r#"{"a":{"y":true,"z":null},"b":[1,1,1e+21,0,"é\u0001"]}"#
        );
    }
}
