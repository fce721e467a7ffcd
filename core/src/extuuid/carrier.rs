//! The UUIDv8 carrier: where the 122 payload bits go, and the `8-4-4-4-12` text form.
//!
//! The payload is held as a `u128` below `2^122`; draft bit `i` (0 = most significant) is bit
//! `121 - i` of it.

use crate::error::{Error, ErrorCode, Result};

const CONTEXT: &str = "EXTUUID";

/// Number of payload bits.
pub const PAYLOAD_BITS: u32 = 122;

/// `2^n - 1` for `n <= 128`.
pub(crate) const fn mask(n: u32) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// Reads `width` bits starting at draft position `start`.
pub(crate) fn get(payload: u128, start: u32, width: u32) -> u128 {
    if width == 0 {
        return 0;
    }
    (payload >> (PAYLOAD_BITS - start - width)) & mask(width)
}

/// Writes `value` (which must fit) into `width` bits starting at draft position `start`.
pub(crate) fn put(payload: &mut u128, start: u32, width: u32, value: u128) {
    if width == 0 {
        return;
    }
    debug_assert!(value <= mask(width));
    *payload |= (value & mask(width)) << (PAYLOAD_BITS - start - width);
}

/// Places a payload into a version 8, variant `10` UUID.
pub fn payload_to_uuid(payload: u128) -> u128 {
    let p = payload & mask(PAYLOAD_BITS);
    let high48 = p >> 74;
    let mid12 = (p >> 62) & 0xfff;
    let low62 = p & mask(62);
    (high48 << 80) | (0x8 << 76) | (mid12 << 64) | (0b10 << 62) | low62
}

/// Takes the payload out of a UUID, rejecting anything but version 8, variant `10`.
pub fn uuid_to_payload(uuid: u128) -> Result<u128> {
    if (uuid >> 76) & 0xf != 0x8 || (uuid >> 62) & 0b11 != 0b10 {
        return Err(Error::reason(
            ErrorCode::NotUuidV8,
            CONTEXT,
            "not a version 8, variant 10 UUID",
        ));
    }
    let high48 = uuid >> 80;
    let mid12 = (uuid >> 64) & 0xfff;
    let low62 = uuid & mask(62);
    Ok((high48 << 74) | (mid12 << 62) | low62)
}

/// The `8-4-4-4-12` lower-case hexadecimal form of a UUID.
pub fn uuid_to_string(uuid: u128) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(36);
    for i in 0..32 {
        if matches!(i, 8 | 12 | 16 | 20) {
            out.push('-');
        }
        let nibble = (uuid >> (124 - 4 * i)) & 0xf;
        out.push(HEX[nibble as usize] as char);
    }
    out
}

/// Reads the `8-4-4-4-12` form (either case).
pub fn uuid_from_str(text: &str) -> Result<u128> {
    const CTX: &str = "UUID";
    if text.len() != 36 {
        return Err(Error::length(CTX, text.len(), 36));
    }
    let mut value = 0u128;
    for (index, character) in text.chars().enumerate() {
        if matches!(index, 8 | 13 | 18 | 23) {
            if character != '-' {
                return Err(Error::character(
                    ErrorCode::InvalidCharacter,
                    CTX,
                    index,
                    character,
                ));
            }
            continue;
        }
        let digit = character
            .to_digit(16)
            .ok_or_else(|| Error::character(ErrorCode::InvalidCharacter, CTX, index, character))?;
        value = (value << 4) | digit as u128;
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placement() {
        let all = mask(122);
        assert_eq!(payload_to_uuid(all), !(0x7 << 76) & !(1 << 62));
        assert_eq!(
            payload_to_uuid(0),
            0x0000_0000_0000_8000_8000_0000_0000_0000
        );
        // payload bit 0 is the UUID's most significant bit
        assert_eq!(
            payload_to_uuid(1 << 121),
            (1 << 127) | (0x8 << 76) | (0b10 << 62)
        );
        // payload bit 48 is the first bit after the version nibble
        assert_eq!(
            payload_to_uuid(1 << 73) & !(0x8 << 76) & !(0b10 << 62),
            1 << 75
        );
        // payload bit 60 is the first bit after the variant
        assert_eq!(
            payload_to_uuid(1 << 61) & !(0x8 << 76) & !(0b10 << 62),
            1 << 61
        );
        for p in [0, all, 0x0123_4567_89ab_cdef_0123_4567_89ab_cdef & all] {
            assert_eq!(uuid_to_payload(payload_to_uuid(p)).unwrap(), p);
        }
    }

    #[test]
    fn rejects_other_versions() {
        let v4 = 0x1234_5678_9abc_4def_8123_4567_89ab_cdefu128;
        assert_eq!(
            uuid_to_payload(v4).unwrap_err().code(),
            ErrorCode::NotUuidV8
        );
        let v8_bad_variant = 0x1234_5678_9abc_8def_c123_4567_89ab_cdefu128;
        assert_eq!(
            uuid_to_payload(v8_bad_variant).unwrap_err().code(),
            ErrorCode::NotUuidV8
        );
    }

    #[test]
    fn text() {
        let u = 0x0123_4567_89ab_8def_8123_4567_89ab_cdefu128;
        let s = uuid_to_string(u);
        assert_eq!(s, "01234567-89ab-8def-8123-456789abcdef");
        assert_eq!(uuid_from_str(&s).unwrap(), u);
        assert_eq!(uuid_from_str(&s.to_uppercase()).unwrap(), u);
        assert_eq!(
            uuid_from_str("01234567-89ab-8def-8123-456789abcde")
                .unwrap_err()
                .code(),
            ErrorCode::InvalidLength
        );
        let e = uuid_from_str("01234567-89ab-8def-8123_456789abcdef").unwrap_err();
        assert_eq!(
            (e.code(), e.index()),
            (ErrorCode::InvalidCharacter, Some(23))
        );
        let e = uuid_from_str("0123456g-89ab-8def-8123-456789abcdef").unwrap_err();
        assert_eq!(e.index(), Some(7));
        assert_eq!(
            uuid_from_str("01234567-89ab-8def-8123-456789abcdeé")
                .unwrap_err()
                .code(),
            ErrorCode::InvalidLength
        );
    }
}
