//! Character schemes A, B, C, D (packed base 26) and F (packed base 38); E is unsupported.

use super::carrier::{get, put};
use crate::error::{Error, ErrorCode, Result};

const CONTEXT: &str = "EXTUUID symbol";

/// A character scheme (draft §3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scheme {
    /// 6 bits: `A-Z . _ 0-9 a-z`, case-sensitive.
    A,
    /// 6 bits: `A-Z . _ 0-9` and punctuation, any case (folded to upper).
    B,
    /// 5 bits: `A-Z . _ + - * /`, any case.
    C,
    /// Packed base 26: `A-Z`, any case.
    D,
    /// Packed base 38: `A-Z . _ 0-9`, any case.
    F,
}

const TABLE_A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ._0123456789abcdefghijklmnopqrstuvwxyz";
/// Value 59 is blank in the draft: unassigned (`\0` here, never matched).
const TABLE_B: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ._0123456789!@#$%^&+-*/\\~,'`<=>?|\0[]()";
const TABLE_C: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ._+-*/";

/// The order in which schemes are tried when the text names none (draft §3.7.2).
pub const AUTO_ORDER: [Scheme; 5] = [Scheme::A, Scheme::B, Scheme::C, Scheme::D, Scheme::F];

impl Scheme {
    /// The 3-bit code `c`; E (4) and 6-7 are not schemes polyid supports.
    pub const fn code(self) -> u8 {
        match self {
            Scheme::A => 0,
            Scheme::B => 1,
            Scheme::C => 2,
            Scheme::D => 3,
            Scheme::F => 5,
        }
    }

    /// The scheme of a 3-bit code: E is `UNSUPPORTED_SCHEME`, 6-7 `RESERVED_TYPE`.
    pub fn from_code(code: u8) -> Result<Scheme> {
        match code {
            0 => Ok(Scheme::A),
            1 => Ok(Scheme::B),
            2 => Ok(Scheme::C),
            3 => Ok(Scheme::D),
            5 => Ok(Scheme::F),
            4 => Err(unsupported()),
            _ => Err(Error::reason(
                ErrorCode::ReservedType,
                CONTEXT,
                "reserved scheme code",
            )),
        }
    }

    /// The scheme's letter.
    pub const fn letter(self) -> char {
        match self {
            Scheme::A => 'A',
            Scheme::B => 'B',
            Scheme::C => 'C',
            Scheme::D => 'D',
            Scheme::F => 'F',
        }
    }

    /// The scheme named by a letter (`E`: `UNSUPPORTED_SCHEME`).
    pub fn from_letter(letter: u8) -> Result<Scheme> {
        match letter {
            b'A' => Ok(Scheme::A),
            b'B' => Ok(Scheme::B),
            b'C' => Ok(Scheme::C),
            b'D' => Ok(Scheme::D),
            b'F' => Ok(Scheme::F),
            b'E' => Err(unsupported()),
            _ => Err(Error::reason(
                ErrorCode::InvalidFormat,
                CONTEXT,
                "unknown scheme letter",
            )),
        }
    }

    /// Bits taken by `len` characters: `6 len`, `5 len`, or `bitlen(base^len - 1)` packed.
    pub fn bits(self, len: u32) -> u32 {
        match self {
            Scheme::A | Scheme::B => 6 * len,
            Scheme::C => 5 * len,
            Scheme::D => packed_bits(26, len),
            Scheme::F => packed_bits(38, len),
        }
    }

    /// The value of one character, or `None` if the scheme cannot hold it.
    fn value_of(self, c: u8) -> Option<u8> {
        let folded = if self == Scheme::A {
            c
        } else {
            c.to_ascii_uppercase()
        };
        let table: &[u8] = match self {
            Scheme::A => &TABLE_A[..],
            Scheme::B => &TABLE_B[..],
            Scheme::C => &TABLE_C[..],
            Scheme::D => &TABLE_C[..26],
            Scheme::F => &TABLE_A[..38],
        };
        if folded == 0 {
            return None;
        }
        table.iter().position(|&t| t == folded).map(|p| p as u8)
    }

    /// The character of one value, or `None` for an unassigned value.
    fn char_of(self, v: u8) -> Option<char> {
        let c = match self {
            Scheme::A => TABLE_A.get(v as usize),
            Scheme::B => TABLE_B.get(v as usize),
            Scheme::C => TABLE_C.get(v as usize),
            Scheme::D => TABLE_C[..26].get(v as usize),
            Scheme::F => TABLE_A[..38].get(v as usize),
        };
        c.filter(|&&c| c != 0).map(|&c| c as char)
    }

    /// Whether every character of `name` is in this scheme.
    pub fn accepts(self, name: &str) -> bool {
        name.bytes().all(|c| self.value_of(c).is_some())
    }

    /// The canonical spelling of `name` in this scheme (upper case except in A).
    pub fn canonical(self, name: &str) -> String {
        if self == Scheme::A {
            name.to_string()
        } else {
            name.to_ascii_uppercase()
        }
    }

    /// The symbol's bits (`self.bits(len)` wide), or `INVALID_CHARACTER`.
    pub fn pack(self, name: &str) -> Result<u128> {
        let mut values = Vec::with_capacity(name.len());
        for (index, character) in name.chars().enumerate() {
            let v = (character.is_ascii())
                .then(|| self.value_of(character as u8))
                .flatten()
                .ok_or_else(|| {
                    Error::character(ErrorCode::InvalidCharacter, CONTEXT, index, character)
                })?;
            values.push(v as u128);
        }
        let (base, width) = match self {
            Scheme::A | Scheme::B => (64, 6),
            Scheme::C => (32, 5),
            Scheme::D => (26, 0),
            Scheme::F => (38, 0),
        };
        // A name too long for 128 bits is refused here (not wrapped): every caller checks the
        // length against its field later, but `pack` is public and runs first.
        let too_long = || Error::reason(ErrorCode::OutOfRange, CONTEXT, "symbol too long");
        let mut out = 0u128;
        for v in values {
            out = if width > 0 {
                if out >> (128 - width) != 0 {
                    return Err(too_long());
                }
                (out << width) | v
            } else {
                out.checked_mul(base)
                    .and_then(|o| o.checked_add(v))
                    .ok_or_else(too_long)?
            };
        }
        Ok(out)
    }

    /// Reads `len` characters at draft position `start`.
    pub fn unpack(self, payload: u128, start: u32, len: u32) -> Result<String> {
        let bits = self.bits(len);
        let field = get(payload, start, bits);
        let mut values = vec![0u8; len as usize];
        match self {
            Scheme::A | Scheme::B | Scheme::C => {
                let w = if self == Scheme::C { 5 } else { 6 };
                for (i, v) in values.iter_mut().enumerate() {
                    *v = get(payload, start + w * i as u32, w) as u8;
                }
            }
            Scheme::D | Scheme::F => {
                let base = if self == Scheme::D { 26 } else { 38 };
                let mut rest = field;
                for v in values.iter_mut().rev() {
                    *v = (rest % base) as u8;
                    rest /= base;
                }
                if rest != 0 {
                    return Err(Error::reason(
                        ErrorCode::ReservedBits,
                        CONTEXT,
                        "packed symbol field holds a number beyond base^length",
                    ));
                }
            }
        }
        values
            .into_iter()
            .map(|v| {
                self.char_of(v).ok_or_else(|| {
                    Error::reason(
                        ErrorCode::ReservedBits,
                        CONTEXT,
                        "unassigned character value (scheme B 59)",
                    )
                })
            })
            .collect()
    }

    /// Writes `name`'s bits at `start` (the caller checked the width).
    pub fn write(self, payload: &mut u128, start: u32, name: &str) -> Result<()> {
        let bits = self.bits(name.len() as u32);
        put(payload, start, bits, self.pack(name)?);
        Ok(())
    }
}

fn unsupported() -> Error {
    Error::reason(
        ErrorCode::UnsupportedScheme,
        CONTEXT,
        "scheme E (EBCDIC-6) is not supported",
    )
}

/// `bitlen(base^len - 1)`: the smallest `m` with `base^len <= 2^m` (0 for `len = 0`).
/// Lengths beyond 31 are never asked for (5-bit field); saturates at 128.
fn packed_bits(base: u128, len: u32) -> u32 {
    let mut p: u128 = 1;
    for _ in 0..len {
        match p.checked_mul(base) {
            Some(n) => p = n,
            None => return 128,
        }
    }
    128 - (p - 1).leading_zeros()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(Scheme::D.bits(10), 48); // the draft says 47: 26^10 > 2^47
        assert_eq!(Scheme::F.bits(10), 53);
        assert_eq!(Scheme::D.bits(0), 0);
        assert_eq!(Scheme::D.bits(1), 5);
        assert_eq!(Scheme::F.bits(1), 6);
        assert_eq!(Scheme::D.bits(23), 109);
        assert_eq!(Scheme::F.bits(21), 111);
        assert_eq!(Scheme::C.bits(22), 110);
    }

    #[test]
    fn tables() {
        assert_eq!(Scheme::A.value_of(b'.'), Some(0x1a));
        assert_eq!(Scheme::A.value_of(b'0'), Some(0x1c));
        assert_eq!(Scheme::A.value_of(b'a'), Some(0x26));
        assert_eq!(Scheme::A.value_of(b'z'), Some(0x3f));
        assert_eq!(Scheme::B.value_of(b'$'), Some(0x29));
        assert_eq!(Scheme::B.value_of(b'|'), Some(0x3a));
        assert_eq!(Scheme::B.value_of(b'['), Some(0x3c));
        assert_eq!(Scheme::B.value_of(b')'), Some(0x3f));
        assert_eq!(Scheme::B.value_of(b'g'), Some(6));
        assert_eq!(Scheme::B.value_of(0), None);
        assert_eq!(Scheme::C.value_of(b'/'), Some(0x1f));
        assert_eq!(Scheme::D.value_of(b'.'), None);
        assert_eq!(Scheme::F.value_of(b'9'), Some(37));
        assert_eq!(Scheme::F.value_of(b'a'), Some(0));
    }

    #[test]
    fn round_trip() {
        for (s, name) in [
            (Scheme::A, "Hello_1.x"),
            (Scheme::B, "GBP$"),
            (Scheme::C, "M+-*/"),
            (Scheme::D, "ZZZZZZZZZZ"),
            (Scheme::F, "ISSN.9_"),
        ] {
            let mut p = 0u128;
            s.write(&mut p, 10, name).unwrap();
            assert_eq!(s.unpack(p, 10, name.len() as u32).unwrap(), name);
        }
    }
}
