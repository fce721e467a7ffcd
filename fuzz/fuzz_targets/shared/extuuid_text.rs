//! EXTUUID printed form: `Extuuid::parse`, `Display`, `encode_text`, `decode_text`,
//! `inspect` (text inputs), `Extuuid::encode(value)`.
//!
//! Properties (a failure panics):
//! - `Extuuid::parse(s)` ok => with `t = to_string()`: `parse(t)` is the same UUID and
//!   `to_string()` of that is `t` (canonical text is a fixed point); `t` is ASCII, starts
//!   with `extuuid:` and is at most 1024 bytes; the UUID is version 8 / variant 10 and
//!   `decode(uuid)` gives a value whose `encode` is the UUID again;
//!   `parse_uuid(uuid_string())` is the same; `encode_text(s)` is the UUID text and
//!   `decode_text(uuid text)` is `t`;
//! - `inspect(s)` never panics; for input not shaped like a UUID it is Ok iff `parse(s)` is,
//!   with the same UUID and canonical text, and its `to_json()` is JSON naming them;
//! - refusals use the documented codes only.

use polyid::extuuid::{self, inspect, Extuuid};

const CODES: &[&str] = &[
    "INVALID_FORMAT",
    "INVALID_LENGTH",
    "INVALID_CHARACTER",
    "OUT_OF_RANGE",
    "INVALID_UNIT",
    "UNSUPPORTED_SCHEME",
    "NOT_UUID_V8",
    "RESERVED_TYPE",
    "RESERVED_BITS",
];

fn looks_like_uuid(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 36 && [8, 13, 18, 23].iter().all(|&i| b[i] == b'-')
}

pub fn check_extuuid(u: Extuuid, from: &str) {
    let v = u.as_u128();
    assert_eq!((v >> 76) & 0xf, 8, "version of {from:?}");
    assert_eq!((v >> 62) & 0b11, 0b10, "variant of {from:?}");
    let t = u.to_string();
    assert!(
        t.is_ascii() && t.starts_with("extuuid:") && t.len() <= 1024,
        "{t:?}"
    );
    let again =
        Extuuid::parse(&t).unwrap_or_else(|e| panic!("{from:?} prints {t:?}, which fails: {e}"));
    assert_eq!(
        again, u,
        "{from:?} prints {t:?}, which parses to another UUID"
    );
    assert_eq!(
        again.to_string(),
        t,
        "canonical text of {from:?} is not a fixed point"
    );
    let value = extuuid::decode(v).unwrap_or_else(|e| panic!("decode of {from:?}: {e}"));
    assert_eq!(Extuuid::encode(&value), Ok(u), "encode(decode) of {from:?}");
    assert_eq!(u.value(), value);
    let uuid = u.uuid_string();
    assert_eq!(Extuuid::parse_uuid(&uuid), Ok(u));
    assert_eq!(Extuuid::parse_uuid(&uuid.to_ascii_uppercase()), Ok(u));
    assert_eq!(extuuid::decode_text(&uuid).as_deref(), Ok(t.as_str()));
    assert_eq!(extuuid::encode_text(&t).as_deref(), Ok(uuid.as_str()));
    assert_eq!(Extuuid::from_u128(v), Ok(u));
    assert_eq!(u.to_bytes(), v.to_be_bytes());
    for input in [&uuid, &t] {
        let i = inspect(input).unwrap_or_else(|e| panic!("inspect({input:?}): {e}"));
        assert_eq!(
            (i.uuid.as_str(), i.text.as_str()),
            (uuid.as_str(), t.as_str())
        );
        let j: serde_json::Value = serde_json::from_str(&i.to_json()).unwrap_or_else(|e| {
            panic!("inspect to_json of {t:?} is not JSON: {e}\n{}", i.to_json())
        });
        assert_eq!(j["uuid"].as_str(), Some(uuid.as_str()), "{}", i.to_json());
        assert_eq!(j["text"].as_str(), Some(t.as_str()), "{}", i.to_json());
        assert_eq!(j["kind"].as_str(), Some(i.kind));
    }
}

pub fn check(data: &[u8]) {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let parsed = Extuuid::parse(s);
    match &parsed {
        Ok(u) => {
            check_extuuid(*u, s);
            assert_eq!(extuuid::encode_text(s), Ok(u.uuid_string()));
        }
        Err(e) => {
            assert!(
                CODES.contains(&e.code().as_str()),
                "parse({s:?}): {} {e}",
                e.code().as_str()
            );
            assert_eq!(extuuid::encode_text(s).map_err(|e| e.code()), Err(e.code()));
        }
    }
    match inspect(s) {
        Ok(i) => {
            let u = if looks_like_uuid(s) {
                Extuuid::parse_uuid(s).expect("inspect took it as a UUID")
            } else {
                parsed.clone().expect("inspect took it as text")
            };
            assert_eq!(i.uuid, u.uuid_string());
            assert_eq!(i.text, u.to_string());
        }
        Err(e) => {
            assert!(CODES.contains(&e.code().as_str()), "inspect({s:?}): {e}");
            if !looks_like_uuid(s) {
                assert!(
                    parsed.is_err(),
                    "inspect refused {s:?} ({e}) but parse took it"
                );
            }
        }
    }
}
