//! Named sequences: the standard table of WDP part 4, extensible by the caller.

use crate::error::{Error, ErrorCode, Result};

/// Longest accepted sequence name.
pub const MAX_NAME_LEN: usize = 32;

/// The standard table: (name, number).
pub const STANDARD: [(&str, u16); 29] = [
    ("MISSING", 1),
    ("MISMATCH", 2),
    ("INVALID", 3),
    ("OVERFLOW", 4),
    ("UNDERFLOW", 5),
    ("OUT_OF_BOUNDS", 6),
    ("DUPLICATE", 7),
    ("DENIED", 8),
    ("UNSUPPORTED", 9),
    ("DEPRECATED", 10),
    ("UNINITIALIZED", 11),
    ("ALREADY_INIT", 12),
    ("CLOSED", 13),
    ("CANCELLED", 14),
    ("IN_PROGRESS", 15),
    ("NOT_READY", 16),
    ("TIMEOUT", 17),
    ("STALE", 18),
    ("NOT_FOUND", 21),
    ("ALREADY_EXISTS", 22),
    ("CONFLICT", 23),
    ("LOCKED", 24),
    ("CORRUPTED", 25),
    ("EXHAUSTED", 26),
    ("UNAVAILABLE", 27),
    ("UNREACHABLE", 28),
    ("DISCONNECTED", 29),
    ("PARTIAL", 998),
    ("COMPLETE", 999),
];

/// Looks up an uppercase name in the standard table.
#[inline]
pub fn standard_number(upper: &[u8]) -> Option<u16> {
    // A `match` on byte strings compiles to a length switch and a few compares.
    Some(match upper {
        b"MISSING" => 1,
        b"MISMATCH" => 2,
        b"INVALID" => 3,
        b"OVERFLOW" => 4,
        b"UNDERFLOW" => 5,
        b"OUT_OF_BOUNDS" => 6,
        b"DUPLICATE" => 7,
        b"DENIED" => 8,
        b"UNSUPPORTED" => 9,
        b"DEPRECATED" => 10,
        b"UNINITIALIZED" => 11,
        b"ALREADY_INIT" => 12,
        b"CLOSED" => 13,
        b"CANCELLED" => 14,
        b"IN_PROGRESS" => 15,
        b"NOT_READY" => 16,
        b"TIMEOUT" => 17,
        b"STALE" => 18,
        b"NOT_FOUND" => 21,
        b"ALREADY_EXISTS" => 22,
        b"CONFLICT" => 23,
        b"LOCKED" => 24,
        b"CORRUPTED" => 25,
        b"EXHAUSTED" => 26,
        b"UNAVAILABLE" => 27,
        b"UNREACHABLE" => 28,
        b"DISCONNECTED" => 29,
        b"PARTIAL" => 998,
        b"COMPLETE" => 999,
        _ => return None,
    })
}

/// The standard name of a number, if it has one.
pub fn standard_name(number: u16) -> Option<&'static str> {
    STANDARD
        .iter()
        .find(|(_, n)| *n == number)
        .map(|(name, _)| *name)
}

/// Whether `name` is a well-formed sequence name: `[A-Za-z][A-Za-z0-9_]{0,31}`.
pub fn is_well_formed(name: &[u8]) -> bool {
    !name.is_empty()
        && name.len() <= MAX_NAME_LEN
        && name[0].is_ascii_alphabetic()
        && name.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'_')
}

/// The standard named sequences plus the caller's own.
///
/// ```
/// use polyid::wdp::{NamedSequences, compact_id_with};
/// let table = NamedSequences::standard().with("RATE_LIMITED", 31)?;
/// assert_eq!(compact_id_with("E.Api.Quota.RATE_LIMITED", &table)?,
///            compact_id_with("E.API.QUOTA.031", &table)?);
/// # Ok::<(), polyid::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NamedSequences {
    /// Extra names, uppercase, sorted for binary search.
    extra: Vec<(Box<str>, u16)>,
}

impl NamedSequences {
    /// The standard table only.
    pub const fn standard() -> NamedSequences {
        NamedSequences { extra: Vec::new() }
    }

    /// Adds `name` (case-insensitive) for `number` (1-999).
    ///
    /// Fails with `INVALID_SEQUENCE` for a malformed name, a number outside 1-999, or a
    /// standard name given another number. Adding a name again replaces its number.
    pub fn insert(&mut self, name: &str, number: u16) -> Result<()> {
        const CONTEXT: &str = "named sequence";
        if !is_well_formed(name.as_bytes()) {
            return Err(Error::new(
                ErrorCode::InvalidSequence,
                CONTEXT,
                crate::error::Detail::Text(name.into()),
            ));
        }
        if !(1..=999).contains(&number) {
            return Err(Error::new(
                ErrorCode::InvalidSequence,
                CONTEXT,
                crate::error::Detail::Range {
                    found: number.into(),
                    min: 1,
                    max: 999,
                },
            ));
        }
        let upper = name.to_ascii_uppercase();
        match standard_number(upper.as_bytes()) {
            Some(n) if n == number => return Ok(()),
            Some(_) => {
                return Err(Error::reason(
                    ErrorCode::InvalidSequence,
                    CONTEXT,
                    "a standard name cannot be given another number",
                ))
            }
            None => {}
        }
        match self.extra.binary_search_by(|(n, _)| (**n).cmp(&upper)) {
            Ok(i) => self.extra[i].1 = number,
            Err(i) => self.extra.insert(i, (upper.into_boxed_str(), number)),
        }
        Ok(())
    }

    /// Builder form of [`NamedSequences::insert`].
    pub fn with(mut self, name: &str, number: u16) -> Result<NamedSequences> {
        self.insert(name, number)?;
        Ok(self)
    }

    /// The number of an uppercase name.
    #[inline]
    pub fn lookup(&self, upper: &[u8]) -> Option<u16> {
        if let Some(n) = standard_number(upper) {
            return Some(n);
        }
        if self.extra.is_empty() {
            return None;
        }
        self.extra
            .binary_search_by(|(n, _)| n.as_bytes().cmp(upper))
            .ok()
            .map(|i| self.extra[i].1)
    }

    /// The caller's extra names (uppercase) and numbers.
    pub fn extra(&self) -> impl Iterator<Item = (&str, u16)> {
        self.extra.iter().map(|(n, v)| (&**n, *v))
    }
}
