//! JSON text read with one reading only: an object that repeats a member is refused.
//!
//! serde_json keeps the last copy of a repeated member, while a person, a diff or another
//! JSON reader may take the first; a signed catalog must mean one thing to all of them. Every
//! JSON text the catalog module reads (catalogs, wire payloads, fields) goes through here.

use core::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};

use crate::error::quote;

/// A [`Value`] whose objects had no repeated member.
pub(crate) struct Strict(pub(crate) Value);

impl<'de> Deserialize<'de> for Strict {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Strict, D::Error> {
        deserializer.deserialize_any(StrictVisitor).map(Strict)
    }
}

struct StrictVisitor;

impl<'de> Visitor<'de> for StrictVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        Strict::deserialize(d).map(|s| s.0)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(Strict(item)) = seq.next_element()? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut members = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if members.contains_key(&key) {
                // serde_json appends the position (" at line L column C") to this text.
                return Err(de::Error::custom(format_args!(
                    "member {} appears twice in one object",
                    quote(&key)
                )));
            }
            let Strict(value) = map.next_value()?;
            members.insert(key, value);
        }
        Ok(Value::Object(members))
    }
}

/// Parses JSON text, refusing an object with a repeated member. The error says why with the
/// line and column: `not JSON: EOF while parsing an object at line 1 column 1`, or `member
/// "m" appears twice in one object at line 1 column 40`.
pub(crate) fn parse(text: &str) -> Result<Value, String> {
    serde_json::from_str::<Strict>(text)
        .map(|s| s.0)
        .map_err(|e| {
            if e.is_data() {
                e.to_string()
            } else {
                format!("not JSON: {e}")
            }
        })
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn a_repeated_member_is_refused_with_its_position() {
        let e = parse(r#"{"c":"E.AUTH.TOKEN.001","m":"EVIL","m":"ok"}"#).unwrap_err();
        assert_eq!(
            e,
            r#"member "m" appears twice in one object at line 1 column 38"#
        );
        let e = parse("{\"a\":{\"x\":1,\n\"x\":1}}").unwrap_err();
        assert!(e.ends_with("at line 2 column 3"), "{e}");
        assert_eq!(
            parse("{").unwrap_err(),
            "not JSON: EOF while parsing an object at line 1 column 1"
        );
        // The same name in two objects is not a repetition.
        let v = parse(r#"{"a":{"x":1},"b":{"x":[1,{"x":2}]}}"#).unwrap();
        assert_eq!(v["b"]["x"][1]["x"], 2);
        // A member name is quoted, bounded and escaped.
        let key = format!("{}\n", "k".repeat(1000));
        let text = format!("{{\"{0}\\n\":1,\"{0}\\n\":2}}", "k".repeat(1000));
        let e = parse(&text).unwrap_err();
        assert!(
            e.starts_with(&format!("member {:?}... (1001 bytes)", &key[..64])),
            "{e}"
        );
    }

    #[test]
    fn reads_what_serde_json_reads() {
        for text in [
            r#"{"v":1,"f":1.5,"n":-3,"big":18446744073709551615,"s":"\u00e9\n","z":null}"#,
            r#"[true,false,[],{}]"#,
            "\"x\"",
        ] {
            assert_eq!(
                parse(text).unwrap(),
                serde_json::from_str::<serde_json::Value>(text).unwrap()
            );
        }
        assert!(parse("{").is_err());
        assert!(parse(&"[".repeat(10_000)).is_err());
    }
}
