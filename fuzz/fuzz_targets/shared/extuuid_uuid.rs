//! EXTUUID from UUIDs: `Extuuid::from_u128`, `decode`, `Extuuid::encode`, `Display`,
//! `parse_uuid` / `carrier::uuid_from_str` (the `8-4-4-4-12` text), `inspect_extuuid`.
//!
//! Properties (a failure panics):
//! - for 16 input bytes as a u128 (and the same bits forced to version 8 / variant 10, which
//!   random bytes rarely are): `from_u128(v)` is Ok iff `decode(v)` is; a UUID that is not
//!   version 8 / variant 10 is `NOT_UUID_V8`; when Ok, `encode(decode(v)) == v`,
//!   `parse(to_string())` is `v` again, the printed form is a fixed point, and `inspect`
//!   of both forms agrees (and never panics);
//! - the payload placement round-trips: `uuid_to_payload(payload_to_uuid(p)) == p`;
//! - UUID text: `uuid_from_str(s)` accepts exactly 36 bytes with `-` at 8, 13, 18, 23 and
//!   hex digits (either case) elsewhere, with the value an independent reader finds, and
//!   `uuid_to_string` gives `s` in lower case back.

use polyid::extuuid::{self, carrier, inspect, Extuuid};

fn check_uuid(v: u128) {
    let from = format!("{v:032x}");
    let r = Extuuid::from_u128(v);
    let d = extuuid::decode(v);
    let v8 = (v >> 76) & 0xf == 8 && (v >> 62) & 0b11 == 0b10;
    match (&r, &d) {
        (Ok(u), Ok(value)) => {
            assert!(v8, "{from} accepted, not a v8 UUID");
            assert_eq!(u.as_u128(), v);
            assert_eq!(Extuuid::encode(value), Ok(*u), "encode(decode({from}))");
            let t = u.to_string();
            let again = Extuuid::parse(&t)
                .unwrap_or_else(|e| panic!("{from} prints {t:?}, which fails: {e}"));
            assert_eq!(
                again.as_u128(),
                v,
                "{from} prints {t:?}, which parses to {:032x}",
                again.as_u128()
            );
            assert_eq!(
                again.to_string(),
                t,
                "printed form of {from} is not a fixed point"
            );
            let uuid = u.uuid_string();
            assert_eq!(uuid.replace('-', ""), from);
            let i = inspect(&uuid).unwrap_or_else(|e| panic!("inspect({uuid}): {e}"));
            let j = inspect(&t).unwrap_or_else(|e| panic!("inspect({t:?}): {e}"));
            assert_eq!(i, j);
            assert_eq!(i, extuuid::inspect_extuuid(*u));
            assert_eq!(
                (i.uuid.as_str(), i.text.as_str()),
                (uuid.as_str(), t.as_str())
            );
            let _ = i.to_json();
        }
        (Err(a), Err(b)) => {
            assert_eq!(a.code(), b.code());
            if !v8 {
                assert_eq!(a.code().as_str(), "NOT_UUID_V8", "{from}");
            }
            let uuid = carrier::uuid_to_string(v);
            assert_eq!(inspect(&uuid).map_err(|e| e.code()).err(), Some(a.code()));
        }
        _ => panic!("from_u128({from}) = {r:?} but decode = {d:?}"),
    }
}

fn hex(c: u8) -> Option<u128> {
    (c as char).to_digit(16).map(u128::from)
}

pub fn check(data: &[u8]) {
    if data.len() >= 16 {
        let v = u128::from_be_bytes(data[..16].try_into().unwrap());
        check_uuid(v);
        let p = v >> 6; // 122 bits
        let forced = carrier::payload_to_uuid(p);
        assert_eq!(carrier::uuid_to_payload(forced), Ok(p));
        check_uuid(forced);
    }

    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let b = s.as_bytes();
    let oracle = (b.len() == 36)
        .then(|| {
            b.iter().enumerate().try_fold(0u128, |acc, (i, &c)| {
                if matches!(i, 8 | 13 | 18 | 23) {
                    (c == b'-').then_some(acc)
                } else {
                    Some(acc << 4 | hex(c)?)
                }
            })
        })
        .flatten();
    match carrier::uuid_from_str(s) {
        Ok(v) => {
            assert_eq!(Some(v), oracle, "uuid_from_str({s:?})");
            assert_eq!(carrier::uuid_to_string(v), s.to_ascii_lowercase());
            match Extuuid::parse_uuid(s) {
                Ok(u) => assert_eq!(u.as_u128(), v),
                Err(e) => assert_eq!(Extuuid::from_u128(v).map_err(|e| e.code()), Err(e.code())),
            }
        }
        Err(e) => {
            assert_eq!(oracle, None, "uuid_from_str refused {s:?}: {e}");
            assert!(matches!(
                e.code().as_str(),
                "INVALID_LENGTH" | "INVALID_CHARACTER"
            ));
        }
    }
}
