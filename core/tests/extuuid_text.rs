//! EXTUUID printed forms: documented behaviours (docs/extuuid.md §8) checked one by one.

use polyid::extuuid::{self, Extuuid, Value};
use polyid::ErrorCode;

fn canon(text: &str) -> String {
    Extuuid::parse(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .to_string()
}

fn code(text: &str) -> ErrorCode {
    Extuuid::parse(text).unwrap_err().code()
}

#[test]
fn times() {
    assert_eq!(
        canon("t:12219292800.5"),
        "extuuid:t/4:1970-01-01T00:00:00.5Z"
    );
    assert_eq!(canon("t:2024"), "extuuid:t:2024-01-01T00:00:00Z");
    assert_eq!(canon("t:+12345-06-01"), "extuuid:t:+12345-06-01T00:00:00Z");
    assert_eq!(
        canon("t:-0044-03-15 12:00"),
        "extuuid:t:-0044-03-15T12:00:00Z"
    );
    assert_eq!(
        canon("t:2024-02-29T23:59"),
        "extuuid:t:2024-02-29T23:59:00Z"
    );
    assert_eq!(code("t:2024-13-01"), ErrorCode::OutOfRange);
    assert_eq!(code("t:2024-12-01T24:00"), ErrorCode::OutOfRange);
    assert_eq!(code("t:12345-01-01"), ErrorCode::InvalidFormat); // 5 digits need a sign
}

#[test]
fn errors_carry_positions() {
    let e = Extuuid::parse("extuuid:symA:ab-c").unwrap_err();
    assert_eq!(
        (e.code(), e.index(), e.offending_char()),
        (ErrorCode::InvalidCharacter, Some(15), Some('-'))
    );
    let e = Extuuid::parse("sym:a b").unwrap_err();
    assert_eq!(e.index(), Some(5));
}

#[test]
fn kinds() {
    assert_eq!(code("extuuid:"), ErrorCode::InvalidFormat);
    assert_eq!(code(""), ErrorCode::InvalidFormat);
    assert_eq!(code("symG:X"), ErrorCode::InvalidFormat);
    assert_eq!(code("fixedE2:X:1"), ErrorCode::UnsupportedScheme);
    assert_eq!(
        canon("22.4*m3".replace("22", "quant:22").as_str()),
        "extuuid:quant:22.4*m3"
    );
    assert_eq!(canon("q3:1/mol"), "extuuid:quant3:1/mol");
    assert_eq!(canon("int:007"), "extuuid:int:7");
}

#[test]
fn api() {
    let uuid = extuuid::encode_text("extuuid:int:212323232423").unwrap();
    assert_eq!(uuid, "80000000-0000-8000-8000-00316f736aa7");
    assert_eq!(
        extuuid::decode_text(&uuid).unwrap(),
        "extuuid:int:212323232423"
    );
    let x = Extuuid::parse_uuid(&uuid.to_uppercase()).unwrap();
    assert_eq!(x.value(), Value::Int(212_323_232_423));
    assert_eq!(x.to_bytes()[6] >> 4, 8);
    assert_eq!(Extuuid::from_u128(x.as_u128()).unwrap(), x);
}
