//! EXTUUID: a well-known value (symbol, serial number, fixed-point amount, integer, physical
//! quantity, instant) carried by one RFC 9562 version 8 UUID.
//!
//! The bit layout, the printed grammar and every decision taken where the 2012 draft is
//! incomplete are in `docs/extuuid.md`.
//!
//! ```
//! use polyid::extuuid::{Extuuid, Value};
//! let u = Extuuid::parse("extuuid:fixedB4:GBP$:222.31")?;
//! assert_eq!(u.to_string(), "extuuid:fixedB4:GBP$:222.31");
//! assert_eq!(Extuuid::parse_uuid(&u.uuid_string())?, u);
//! assert!(matches!(u.value(), Value::Fixed { amount: 2_223_100, places: 4, .. }));
//! # Ok::<(), polyid::Error>(())
//! ```

pub mod carrier;
mod fixed;
pub mod float;
pub mod genfloat;
mod inspect;
pub mod quant;
pub mod scheme;
pub mod stdfloat;
mod symserial;
mod text;

/// The longest EXTUUID text the parser reads (docs/extuuid.md §7): longer text is
/// `INVALID_LENGTH` before any of it is parsed.
pub use text::MAX_TEXT;
pub mod time;
mod vector;
pub mod x87;

use crate::error::{Error, ErrorCode, Result};
use core::fmt;

pub use float::BigFloat;
pub use inspect::{inspect, inspect_extuuid, Field, Inspection};
pub use quant::{Power, Unit};
pub use scheme::Scheme;
pub use time::Instant;

/// A decoded EXTUUID value (non-exhaustive: later revisions may add kinds).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Value {
    /// Type `00` with serial 0: just a symbol.
    Symbol {
        /// Character scheme.
        scheme: Scheme,
        /// The symbol (canonical case).
        name: String,
    },
    /// Type `00` with a serial number above 0.
    Serial {
        /// Character scheme.
        scheme: Scheme,
        /// The symbol (canonical case).
        name: String,
        /// The serial number (at least 1).
        number: u128,
    },
    /// Type `01`: `amount × 10^-places`.
    Fixed {
        /// Character scheme.
        scheme: Scheme,
        /// The symbol (canonical case).
        name: String,
        /// Decimal places `e`, 0-31.
        places: u8,
        /// The scaled amount `q`.
        amount: i128,
    },
    /// Type `10`, subtype `000`: one integer, `|v| <= 2^116 - 1`.
    Int(i128),
    /// Type `10`, subtype `001`: a binary64 with an SI unit.
    Quant {
        /// Context field, 0-15.
        context: u8,
        /// The value (finite).
        value: f64,
        /// The unit.
        unit: Unit,
    },
    /// Type `10`, subtype `010`: one float with a 100-bit mantissa.
    Float(BigFloat),
    /// Type `10`, subtype `011`: an instant.
    Time(Instant),
    /// Type `10`, subtype `100` (signed, sign-magnitude elements) or `101` (unsigned): `n`
    /// integers of `bits` bits each and a context number of `103 - n × bits` bits.
    IntVector {
        /// Subtype `100` when true, `101` when false.
        signed: bool,
        /// Bits per element `l` (1-103).
        bits: u8,
        /// Context field `z`.
        context: u128,
        /// The elements (non-negative when unsigned).
        values: Vec<i128>,
    },
    /// Type `10`, subtype `110`: a generic float vector (elements kept as their bits).
    GenericFloatVector {
        /// n, l and E.
        shape: genfloat::Shape,
        /// Context field `z` (`98 - n l` bits).
        context: u128,
        /// Each element's `l` bits: exponent, sign, mantissa.
        elements: Vec<u128>,
    },
    /// Type `10`, subtype `111`, format `000`: 4 scheme-B characters and an x87 80-bit float.
    X87 {
        /// The context (4 characters).
        context: String,
        /// The 80-bit x87 pattern (sign, exponent, explicit integer bit, fraction).
        bits: u128,
    },
    /// Type `10`, subtype `111`: a standard float vector (formats `001`-`110`).
    FloatVector {
        /// The format.
        format: stdfloat::Format,
        /// The context field.
        context: stdfloat::Context,
        /// The elements, as the binary64 of their exact values.
        values: Vec<f64>,
    },
}

/// An EXTUUID: a version 8 UUID whose payload is a valid [`Value`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Extuuid(u128);

const CONTEXT: &str = "EXTUUID";

impl Extuuid {
    /// Encodes a value (errors: `OUT_OF_RANGE`, `INVALID_CHARACTER`, `INVALID_UNIT`).
    pub fn encode(value: &Value) -> Result<Extuuid> {
        let payload = match value {
            Value::Symbol { scheme, name } => symserial::encode(*scheme, name, 0)?,
            Value::Serial {
                scheme,
                name,
                number,
            } => symserial::encode(*scheme, name, *number)?,
            Value::Fixed {
                scheme,
                name,
                places,
                amount,
            } => fixed::encode(*scheme, name, *places, *amount)?,
            Value::Int(v) => vector::encode_int(*v)?,
            Value::Quant {
                context,
                value,
                unit,
            } => quant::encode(*context, *value, unit)?,
            Value::Float(f) => float::encode(f)?,
            Value::Time(t) => time::encode(t)?,
            Value::IntVector {
                signed,
                bits,
                context,
                values,
            } => vector::encode_vector(*signed, *bits, *context, values)?,
            Value::FloatVector {
                format,
                context,
                values,
            } => stdfloat::encode(*format, context, values)?,
            Value::GenericFloatVector {
                shape,
                context,
                elements,
            } => genfloat::encode(*shape, *context, elements)?,
            Value::X87 { context, bits } => x87::encode(context, *bits)?,
        };
        Ok(Extuuid(carrier::payload_to_uuid(payload)))
    }

    /// Checks a UUID: `NOT_UUID_V8`, `RESERVED_TYPE`, `RESERVED_BITS`, `UNSUPPORTED_SCHEME`,
    /// `INVALID_UNIT`, `OUT_OF_RANGE`, `INVALID_FORMAT` (a subtype polyid does not implement).
    pub fn from_u128(uuid: u128) -> Result<Extuuid> {
        decode(uuid)?;
        Ok(Extuuid(uuid))
    }

    /// Reads the `8-4-4-4-12` text form and checks it like [`Extuuid::from_u128`].
    pub fn parse_uuid(text: &str) -> Result<Extuuid> {
        Extuuid::from_u128(carrier::uuid_from_str(text)?)
    }

    /// Reads the printed form (`extuuid:int:42`, `sym:Hello`, ...); see `docs/extuuid.md`.
    pub fn parse(text: &str) -> Result<Extuuid> {
        Extuuid::encode(&text::parse(text)?)
    }

    /// The UUID as an integer.
    pub fn as_u128(self) -> u128 {
        self.0
    }

    /// The UUID's 16 bytes (big-endian).
    pub fn to_bytes(self) -> [u8; 16] {
        self.0.to_be_bytes()
    }

    /// The `8-4-4-4-12` lower-case form.
    pub fn uuid_string(self) -> String {
        carrier::uuid_to_string(self.0)
    }

    /// The value (always valid: checked when the `Extuuid` was made).
    pub fn value(self) -> Value {
        // `self.0` was validated on construction; decoding again cannot fail.
        decode(self.0).unwrap_or(Value::Int(0))
    }
}

/// Decodes a UUID into its value.
pub fn decode(uuid: u128) -> Result<Value> {
    let p = carrier::uuid_to_payload(uuid)?;
    match carrier::get(p, 0, 2) {
        0b00 => {
            let (scheme, name, number) = symserial::decode(p)?;
            Ok(if number == 0 {
                Value::Symbol { scheme, name }
            } else {
                Value::Serial {
                    scheme,
                    name,
                    number,
                }
            })
        }
        0b01 => {
            let (scheme, name, places, amount) = fixed::decode(p)?;
            Ok(Value::Fixed {
                scheme,
                name,
                places,
                amount,
            })
        }
        0b10 => match carrier::get(p, 2, 3) as u8 {
            vector::subtype::INT => Ok(Value::Int(vector::decode_int(p)?)),
            vector::subtype::QUANT => {
                let (context, value, unit) = quant::decode(p)?;
                Ok(Value::Quant {
                    context,
                    value,
                    unit,
                })
            }
            vector::subtype::FLOAT => Ok(Value::Float(float::decode(p)?)),
            vector::subtype::TIME => Ok(Value::Time(time::decode(p)?)),
            s @ (vector::subtype::INT_VECTOR | vector::subtype::UINT_VECTOR) => {
                let signed = s == vector::subtype::INT_VECTOR;
                let (bits, context, values) = vector::decode_vector(p, signed)?;
                Ok(Value::IntVector {
                    signed,
                    bits,
                    context,
                    values,
                })
            }
            vector::subtype::GENERIC_FLOAT_VECTOR => {
                let (shape, context, elements) = genfloat::decode(p)?;
                Ok(Value::GenericFloatVector {
                    shape,
                    context,
                    elements,
                })
            }
            vector::subtype::STD_FLOAT_VECTOR if carrier::get(p, 5, 3) == 0 => {
                let (context, bits) = x87::decode(p)?;
                Ok(Value::X87 { context, bits })
            }
            vector::subtype::STD_FLOAT_VECTOR => {
                let (format, context, values) = stdfloat::decode(p)?;
                Ok(Value::FloatVector {
                    format,
                    context,
                    values,
                })
            }
            _ => Err(Error::reason(
                ErrorCode::InvalidFormat,
                CONTEXT,
                "unknown vector subtype",
            )),
        },
        _ => Err(Error::reason(
            ErrorCode::ReservedType,
            CONTEXT,
            "type 11 is reserved",
        )),
    }
}

/// `extuuidEncode`: printed form to `8-4-4-4-12` UUID text.
pub fn encode_text(text: &str) -> Result<String> {
    Ok(Extuuid::parse(text)?.uuid_string())
}

/// `extuuidDecode`: `8-4-4-4-12` UUID text to canonical printed form.
pub fn decode_text(uuid: &str) -> Result<String> {
    Ok(Extuuid::parse_uuid(uuid)?.to_string())
}

impl fmt::Display for Extuuid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&text::format(&self.value()))
    }
}

impl core::str::FromStr for Extuuid {
    type Err = Error;
    fn from_str(s: &str) -> Result<Extuuid> {
        Extuuid::parse(s)
    }
}
