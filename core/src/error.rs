//! One error type for every family.
//!
//! An [`Error`] carries a stable [`ErrorCode`] (the same SCREAMING_SNAKE string in every
//! runtime), the thing that was being read (`context`), and the facts that make the failure
//! precise: the offending character and its index, the found and expected length or check
//! value. The human message is built only when it is displayed, so the failure path of a
//! parser costs no allocation unless the caller asks for the text.

use core::fmt;

/// Stable error codes shared by every polyid runtime.
///
/// The string form ([`ErrorCode::as_str`]) is part of the public contract: it is what Python's
/// `PolyIdError.code`, JavaScript's `error.code` and C's `polyid_status_code()` return.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorCode {
    /// A WDP code is not exactly four dot-separated fields.
    InvalidFormat,
    /// A WDP code or namespace contains a non-ASCII character.
    NonAscii,
    /// The severity is not one of `E W C B S K I T H`.
    InvalidSeverity,
    /// The component is not `[A-Za-z][A-Za-z0-9]{0,15}`.
    InvalidComponent,
    /// The primary is not `[A-Za-z][A-Za-z0-9]{0,15}`.
    InvalidPrimary,
    /// The sequence is neither `001`-`999` nor a well-formed name.
    InvalidSequence,
    /// A well-formed sequence name that is not in the table.
    UnknownNamedSequence,
    /// A namespace is not `[a-z][a-z0-9_]{0,15}`.
    InvalidNamespace,
    /// Text of the wrong length (counted in UTF-8 bytes).
    InvalidLength,
    /// A symbol outside the family's alphabet.
    InvalidCharacter,
    /// uid11 text whose value does not fit in 64 bits.
    Overflow,
    /// A number or timestamp outside the family's range.
    OutOfRange,
    /// An EUID check value that does not match the value.
    InvalidCheckmod,
    /// EUID `next()` with its random high part at the maximum.
    Exhausted,
    /// A required pointer was NULL (C binding).
    NullPointer,
    /// A caller's output buffer is too small (C binding).
    BufferTooSmall,
    /// Input bytes are not valid UTF-8 (C binding).
    InvalidUtf8,
    /// An argument of the wrong kind (bindings).
    InvalidArgument,
    /// A bug caught at a language boundary (a panic that was stopped there); never expected.
    InternalError,
    /// A catalog has no entry for the ID.
    NotFound,
    /// A message placeholder `{{field}}` with no value in the fields given.
    MissingField,
    /// Two codes of a catalog have the same (compact or full) ID.
    Collision,
    /// A code appears twice in a catalog.
    DuplicateCode,
    /// Catalog text that is not JSON of a catalog form (or a bad wire payload).
    InvalidCatalog,
    /// A catalog entry whose ID is not the ID computed from its code.
    Tampered,
    /// An Ed25519 signature that does not verify (or a malformed key or signature).
    InvalidSignature,
    /// A UUID that is not version 8 with variant `10` (EXTUUID).
    NotUuidV8,
    /// A reserved EXTUUID type, scheme code or format.
    ReservedType,
    /// A non-zero reserved bit or a non-canonical EXTUUID encoding.
    ReservedBits,
    /// An EXTUUID character scheme that polyid does not support (E, EBCDIC-6).
    UnsupportedScheme,
    /// An unknown SI unit or an invalid unit exponent (EXTUUID quant).
    InvalidUnit,
    /// A generator needs a node id and has none: none assigned while one is required, or one
    /// inherited across `fork()` (a node belongs to one process).
    NodeRequired,
    /// A node id another process on this host already holds, or a process node that can no
    /// longer change because generators use it.
    NodeInUse,
    /// The clock is behind the generator's last ID by more than the allowed lead.
    ClockBehind,
}

impl ErrorCode {
    /// Every code, in declaration order (for tables and bindings).
    pub const ALL: [ErrorCode; 34] = [
        ErrorCode::InvalidFormat,
        ErrorCode::NonAscii,
        ErrorCode::InvalidSeverity,
        ErrorCode::InvalidComponent,
        ErrorCode::InvalidPrimary,
        ErrorCode::InvalidSequence,
        ErrorCode::UnknownNamedSequence,
        ErrorCode::InvalidNamespace,
        ErrorCode::InvalidLength,
        ErrorCode::InvalidCharacter,
        ErrorCode::Overflow,
        ErrorCode::OutOfRange,
        ErrorCode::InvalidCheckmod,
        ErrorCode::Exhausted,
        ErrorCode::NullPointer,
        ErrorCode::BufferTooSmall,
        ErrorCode::InvalidUtf8,
        ErrorCode::InvalidArgument,
        ErrorCode::InternalError,
        ErrorCode::NotFound,
        ErrorCode::MissingField,
        ErrorCode::Collision,
        ErrorCode::DuplicateCode,
        ErrorCode::InvalidCatalog,
        ErrorCode::Tampered,
        ErrorCode::InvalidSignature,
        ErrorCode::NotUuidV8,
        ErrorCode::ReservedType,
        ErrorCode::ReservedBits,
        ErrorCode::UnsupportedScheme,
        ErrorCode::InvalidUnit,
        ErrorCode::NodeRequired,
        ErrorCode::NodeInUse,
        ErrorCode::ClockBehind,
    ];

    /// The stable SCREAMING_SNAKE string of this code.
    pub const fn as_str(self) -> &'static str {
        match self {
            ErrorCode::InvalidFormat => "INVALID_FORMAT",
            ErrorCode::NonAscii => "NON_ASCII",
            ErrorCode::InvalidSeverity => "INVALID_SEVERITY",
            ErrorCode::InvalidComponent => "INVALID_COMPONENT",
            ErrorCode::InvalidPrimary => "INVALID_PRIMARY",
            ErrorCode::InvalidSequence => "INVALID_SEQUENCE",
            ErrorCode::UnknownNamedSequence => "UNKNOWN_NAMED_SEQUENCE",
            ErrorCode::InvalidNamespace => "INVALID_NAMESPACE",
            ErrorCode::InvalidLength => "INVALID_LENGTH",
            ErrorCode::InvalidCharacter => "INVALID_CHARACTER",
            ErrorCode::Overflow => "OVERFLOW",
            ErrorCode::OutOfRange => "OUT_OF_RANGE",
            ErrorCode::InvalidCheckmod => "INVALID_CHECKMOD",
            ErrorCode::Exhausted => "EXHAUSTED",
            ErrorCode::NullPointer => "NULL_POINTER",
            ErrorCode::BufferTooSmall => "BUFFER_TOO_SMALL",
            ErrorCode::InvalidUtf8 => "INVALID_UTF8",
            ErrorCode::InvalidArgument => "INVALID_ARGUMENT",
            ErrorCode::InternalError => "INTERNAL_ERROR",
            ErrorCode::NotFound => "NOT_FOUND",
            ErrorCode::MissingField => "MISSING_FIELD",
            ErrorCode::Collision => "COLLISION",
            ErrorCode::DuplicateCode => "DUPLICATE_CODE",
            ErrorCode::InvalidCatalog => "INVALID_CATALOG",
            ErrorCode::Tampered => "TAMPERED",
            ErrorCode::InvalidSignature => "INVALID_SIGNATURE",
            ErrorCode::NotUuidV8 => "NOT_UUID_V8",
            ErrorCode::ReservedType => "RESERVED_TYPE",
            ErrorCode::ReservedBits => "RESERVED_BITS",
            ErrorCode::UnsupportedScheme => "UNSUPPORTED_SCHEME",
            ErrorCode::InvalidUnit => "INVALID_UNIT",
            ErrorCode::NodeRequired => "NODE_REQUIRED",
            ErrorCode::NodeInUse => "NODE_IN_USE",
            ErrorCode::ClockBehind => "CLOCK_BEHIND",
        }
    }

    /// A one-line description of when this code is raised, in every runtime (Markdown: code
    /// and names in backticks). The error tables of the documentation and the bindings are
    /// written from it (`cargo run -p polyid --example error_codes`, `tools/error_codes.py`).
    pub const fn description(self) -> &'static str {
        match self {
            ErrorCode::InvalidFormat => "a WDP code is not exactly four dot-separated fields",
            ErrorCode::NonAscii => "a WDP code or namespace contains a non-ASCII character",
            ErrorCode::InvalidSeverity => "the severity is not one of `E W C B S K I T H`",
            ErrorCode::InvalidComponent => "the component is not `[A-Za-z][A-Za-z0-9]{0,15}`",
            ErrorCode::InvalidPrimary => "the primary is not `[A-Za-z][A-Za-z0-9]{0,15}`",
            ErrorCode::InvalidSequence => "the sequence is neither `001`-`999` nor a well-formed name; a bad extra name",
            ErrorCode::UnknownNamedSequence => "a well-formed sequence name that is not in the table",
            ErrorCode::InvalidNamespace => "a namespace is not `[a-z][a-z0-9_]{0,15}`",
            ErrorCode::InvalidLength => "text of the wrong length (UTF-8 bytes), with found and expected",
            ErrorCode::InvalidCharacter => "a symbol outside the alphabet, with the character and its index",
            ErrorCode::Overflow => "uid11 text whose value is 2^64 or more",
            ErrorCode::OutOfRange => "a number or time outside the family's range (also host integers too wide for the parameter)",
            ErrorCode::InvalidCheckmod => "an EUID check symbol that does not match, with found and expected",
            ErrorCode::Exhausted => "EUID `next()` in the same millisecond with the random high half at its maximum",
            ErrorCode::NullPointer => "C: a required pointer was NULL",
            ErrorCode::BufferTooSmall => "C: an output buffer is too small",
            ErrorCode::InvalidUtf8 => "C: input bytes are not UTF-8",
            ErrorCode::InvalidArgument => "bindings: an argument of the right type but unusable value",
            ErrorCode::InternalError => "a bug stopped at a language boundary (a caught panic); please report it",
            ErrorCode::NotFound => "catalogs: no entry for the ID",
            ErrorCode::MissingField => "catalogs: a message placeholder with no value (every missing field is named)",
            ErrorCode::Collision => "catalogs: two codes with one ID (both codes and the ID are named)",
            ErrorCode::DuplicateCode => "catalogs: two entries with the same normalized code",
            ErrorCode::InvalidCatalog => "catalogs: text that is not JSON of a catalog form, or an entry with an invalid code",
            ErrorCode::Tampered => "catalogs: an entry whose ID is not its code's ID (or a wrong severity / namespace hash)",
            ErrorCode::InvalidSignature => "catalogs: an Ed25519 signature or key that is malformed or does not verify",
            ErrorCode::NotUuidV8 => "EXTUUID: a UUID that is not version 8 with variant `10`",
            ErrorCode::ReservedType => "EXTUUID: a reserved type, subtype, scheme or format value",
            ErrorCode::ReservedBits => "EXTUUID: reserved bits that are not zero, or a packed field beyond its alphabet",
            ErrorCode::UnsupportedScheme => "EXTUUID: character scheme E (EBCDIC-6), which polyid does not implement",
            ErrorCode::InvalidUnit => "EXTUUID: a quantity unit outside the 7 SI base units and powers that fit their fields",
            ErrorCode::NodeRequired => "generators: a node is required (`POLYID_NODE_REQUIRED`) and none is assigned, or one was inherited across `fork()`",
            ErrorCode::NodeInUse => "generators: another process on this host holds the node, `set_node` after generators took the process node, or another copy of polyid in this process holds the xid lane or every TID clock id",
            ErrorCode::ClockBehind => "generators: the next ID would run further ahead of the clock than `max_lead_ms`",
        }
    }

    /// The code for a stable string, if there is one.
    pub fn from_str_code(s: &str) -> Option<ErrorCode> {
        ErrorCode::ALL.into_iter().find(|c| c.as_str() == s)
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The facts behind an error, for callers that want more than the message.
#[allow(missing_docs)] // the fields are named for what they hold
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Detail {
    /// Nothing beyond the code and context.
    None,
    /// The first offending character and its index (in characters, which equals the byte
    /// index because everything before it was ASCII).
    Character { index: usize, character: char },
    /// A length (in UTF-8 bytes) that is not the one expected.
    Length { found: usize, expected: usize },
    /// An EUID check value (0-126, or 127 for "no check") that does not match.
    Checkmod { found: u8, expected: u8 },
    /// A number outside its inclusive range.
    Range { found: i128, min: i128, max: i128 },
    /// A text field (e.g. an unknown sequence name): a bounded excerpt of it, for the message.
    Text(Excerpt),
    /// A fixed explanation.
    Reason(&'static str),
    /// A built explanation, shown as is (catalog errors: the codes, IDs and fields involved).
    Message(Box<str>),
    /// A generator's lead over the clock that would exceed its bound (`CLOCK_BEHIND`), in
    /// `unit` (`"ms"` or `"us"`).
    Lead {
        lead: u64,
        max: u64,
        unit: &'static str,
    },
}

/// At most this many characters of an input are quoted in a message.
pub const EXCERPT_CHARS: usize = 64;

/// Writes `text` as messages quote it, in ASCII only: printable ASCII as is, `\` and the
/// enclosing `quote` after a backslash, `\0 \t \r \n`, and every other character (controls,
/// DEL, everything outside ASCII) as `\u{hex}`. Rust's own debug quoting would leave some
/// non-ASCII as is by the Unicode tables of the compiler that built polyid; this rule needs no
/// table, so every runtime (the JavaScript layer, the pure-SQL tier) writes it alike whatever
/// Unicode version it has, and no input can start a line or turn text around in a log.
pub fn write_quoted(f: &mut impl fmt::Write, text: &str, quote: char) -> fmt::Result {
    f.write_char(quote)?;
    for c in text.chars() {
        match c {
            '\0' => f.write_str("\\0")?,
            '\t' => f.write_str("\\t")?,
            '\r' => f.write_str("\\r")?,
            '\n' => f.write_str("\\n")?,
            '\\' => f.write_str("\\\\")?,
            c if c == quote => {
                f.write_char('\\')?;
                f.write_char(c)?;
            }
            ' '..='~' => f.write_char(c)?,
            c => write!(f, "\\u{{{:x}}}", u32::from(c))?,
        }
    }
    f.write_char(quote)
}

/// A character as messages show it: in single quotes, written as [`write_quoted`] writes.
struct QuotedChar(char);

impl fmt::Display for QuotedChar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_quoted(f, self.0.encode_utf8(&mut [0; 4]), '\'')
    }
}

/// An input as error messages quote it: its first [`EXCERPT_CHARS`] characters and its
/// length in UTF-8 bytes, so that a message never grows with its input.
///
/// Its `Debug` form is the quotation: the kept characters in double quotes, written as
/// [`write_quoted`] writes (ASCII only: no input can start a line of its own), followed by
/// `... (N bytes)` when the input was longer, e.g. `"E.AUTHENTICATION"... (104857600 bytes)`.
/// `Display` writes the same.
#[derive(Clone, PartialEq, Eq)]
pub struct Excerpt {
    head: Box<str>,
    len: usize,
}

impl Excerpt {
    /// The excerpt of `text`.
    pub fn new(text: &str) -> Excerpt {
        let end = text
            .char_indices()
            .nth(EXCERPT_CHARS)
            .map_or(text.len(), |(i, _)| i);
        Excerpt {
            head: text[..end].into(),
            len: text.len(),
        }
    }

    /// The excerpt of bytes known to be ASCII (each byte its character), read no further
    /// than the excerpt keeps.
    pub(crate) fn of_ascii(bytes: &[u8]) -> Excerpt {
        let head = &bytes[..bytes.len().min(EXCERPT_CHARS)];
        Excerpt {
            head: head
                .iter()
                .map(|&b| char::from(b))
                .collect::<String>()
                .into(),
            len: bytes.len(),
        }
    }

    /// The kept characters (all of the input when it was short).
    pub fn head(&self) -> &str {
        &self.head
    }

    /// The input's length in UTF-8 bytes.
    pub fn input_len(&self) -> usize {
        self.len
    }

    /// Whether characters were left out.
    pub fn is_cut(&self) -> bool {
        self.head.len() < self.len
    }
}

impl From<&str> for Excerpt {
    fn from(text: &str) -> Excerpt {
        Excerpt::new(text)
    }
}

impl From<&String> for Excerpt {
    fn from(text: &String) -> Excerpt {
        Excerpt::new(text)
    }
}

impl From<Box<str>> for Excerpt {
    fn from(text: Box<str>) -> Excerpt {
        Excerpt::new(&text)
    }
}

impl From<String> for Excerpt {
    fn from(text: String) -> Excerpt {
        Excerpt::new(&text)
    }
}

impl fmt::Debug for Excerpt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_quoted(f, &self.head, '"')?;
        if self.is_cut() {
            write!(f, "... ({} bytes)", self.len)?;
        }
        Ok(())
    }
}

impl fmt::Display for Excerpt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// The quotation of an input in a message (see [`Excerpt`]): `format!("{}", quote(x))`.
pub fn quote(text: &str) -> Excerpt {
    Excerpt::new(text)
}

/// `value` as the parameter type `T` when it lies in `min..=max`, the own range of one part of
/// an ID, else `OUT_OF_RANGE` with that range. Every binding reads a host integer for a part
/// through it, so that the parts of a call are checked in the order of its parameters whatever
/// the host's integer types hold (docs/spec, "Error codes").
#[inline]
pub fn in_range<T: TryFrom<i128>>(
    value: impl Into<i128>,
    context: &'static str,
    min: impl Into<i128>,
    max: impl Into<i128>,
) -> Result<T> {
    let (v, min, max) = (value.into(), min.into(), max.into());
    match T::try_from(v) {
        Ok(t) if (min..=max).contains(&v) => Ok(t),
        _ => Err(Error::range(context, v, min, max)),
    }
}

/// A value shown in a message without quotes when that is safe (a number, a type name): as is
/// when it is at most [`EXCERPT_CHARS`] characters with no control character, else its
/// quotation ([`quote`]), so that no value can grow a message or start a line.
pub fn shown(text: &str) -> std::borrow::Cow<'_, str> {
    let plain = text.len() <= 4 * EXCERPT_CHARS
        && text.chars().count() <= EXCERPT_CHARS
        && !text.chars().any(char::is_control);
    if plain {
        std::borrow::Cow::Borrowed(text)
    } else {
        std::borrow::Cow::Owned(quote(text).to_string())
    }
}

/// Up to `max` items of a list for a message, then how many more there were, so that a
/// message listing offending entries stays bounded.
pub fn list_bounded(items: &[String], max: usize, separator: &str) -> String {
    let mut out = items[..items.len().min(max)].join(separator);
    if items.len() > max {
        out.push_str(&format!("{separator}and {} more", items.len() - max));
    }
    out
}

/// A polyid error: a stable code, what was being read, and the precise detail.
///
/// One pointer wide: the details live behind a box that is only allocated on the failure
/// path, so `Result<T, Error>` stays small and cheap on the success path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error(Box<Inner>);

#[derive(Clone, Debug, PartialEq, Eq)]
struct Inner {
    code: ErrorCode,
    context: &'static str,
    detail: Detail,
}

/// `Result` with polyid's [`Error`].
pub type Result<T> = core::result::Result<T, Error>;

impl Error {
    /// An error with an explicit detail.
    #[cold]
    pub fn new(code: ErrorCode, context: &'static str, detail: Detail) -> Error {
        Error(Box::new(Inner {
            code,
            context,
            detail,
        }))
    }

    /// An error explained by a fixed sentence.
    pub fn reason(code: ErrorCode, context: &'static str, reason: &'static str) -> Error {
        Error::new(code, context, Detail::Reason(reason))
    }

    pub(crate) fn character(
        code: ErrorCode,
        context: &'static str,
        index: usize,
        character: char,
    ) -> Error {
        Error::new(code, context, Detail::Character { index, character })
    }

    pub(crate) fn length(context: &'static str, found: usize, expected: usize) -> Error {
        Error::new(
            ErrorCode::InvalidLength,
            context,
            Detail::Length { found, expected },
        )
    }

    /// `OUT_OF_RANGE`: `found` is outside `min..=max`.
    pub fn range(
        context: &'static str,
        found: impl Into<i128>,
        min: impl Into<i128>,
        max: impl Into<i128>,
    ) -> Error {
        Error::new(
            ErrorCode::OutOfRange,
            context,
            Detail::Range {
                found: found.into(),
                min: min.into(),
                max: max.into(),
            },
        )
    }

    /// The stable code.
    pub fn code(&self) -> ErrorCode {
        self.0.code
    }

    /// What was being read or built, e.g. `"TID"` or `"WDP component"`.
    pub fn context(&self) -> &'static str {
        self.0.context
    }

    /// The precise facts.
    pub fn detail(&self) -> &Detail {
        &self.0.detail
    }

    /// The offending character's index, where there is one.
    pub fn index(&self) -> Option<usize> {
        match self.0.detail {
            Detail::Character { index, .. } => Some(index),
            _ => None,
        }
    }

    /// The offending character, where there is one.
    pub fn offending_char(&self) -> Option<char> {
        match self.0.detail {
            Detail::Character { character, .. } => Some(character),
            _ => None,
        }
    }

    /// Found and expected values (lengths or check values), where they apply.
    pub fn found_expected(&self) -> Option<(usize, usize)> {
        match self.0.detail {
            Detail::Length { found, expected } => Some((found, expected)),
            Detail::Checkmod { found, expected } => Some((found as usize, expected as usize)),
            _ => None,
        }
    }

    /// The human message (the same text as `Display`).
    pub fn message(&self) -> String {
        self.to_string()
    }
}

/// One message form of [`Error`]'s `Display`: what follows `"{context}: "` for a kind of
/// [`Detail`], with the detail's fields in braces (`{x:?}`: the quotation of a character or
/// text, [`write_quoted`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MessageForm {
    /// The detail's kind: `char`, `length`, `checkmod`, `range`, `text`, `reason` (a fixed or a
    /// built explanation), `lead`, `none`.
    pub kind: &'static str,
    /// The code this form is for, or `None` for every other code of the kind.
    pub code: Option<ErrorCode>,
    /// The detail's fields, in the order of the [`Detail`] variant's fields. A text's fields
    /// are its kept characters (`text`) and, when it was cut, its length in bytes (`len`):
    /// `{text:?}` quotes it as [`Excerpt`] does.
    pub fields: &'static [&'static str],
    /// The form.
    pub form: &'static str,
}

/// Every message form of [`Error`]'s `Display`, a form for one code before the general one of
/// its kind. A runtime that writes messages outside Rust (the WebAssembly package, whose size
/// budget leaves Rust's formatting out) generates its own table from this one
/// (`tools/error_codes.py`); a test checks that `Display` writes exactly these forms.
pub const MESSAGE_FORMS: [MessageForm; 10] = {
    const fn form(
        kind: &'static str,
        code: Option<ErrorCode>,
        fields: &'static [&'static str],
        form: &'static str,
    ) -> MessageForm {
        MessageForm {
            kind,
            code,
            fields,
            form,
        }
    }
    [
        form(
            "char",
            Some(ErrorCode::NonAscii),
            &["index", "character"],
            "non-ASCII character {character:?} at index {index}",
        ),
        form(
            "char",
            None,
            &["index", "character"],
            "invalid character {character:?} at index {index}",
        ),
        form(
            "length",
            None,
            &["found", "expected"],
            "expected {expected} bytes, found {found}",
        ),
        form(
            "checkmod",
            None,
            &["found", "expected"],
            "check value {found} does not match the value (expected {expected})",
        ),
        form(
            "range",
            None,
            &["found", "min", "max"],
            "{found} is out of range {min}..={max}",
        ),
        form(
            "text",
            Some(ErrorCode::UnknownNamedSequence),
            &["text", "len"],
            "unknown named sequence {text:?}",
        ),
        form("text", None, &["text", "len"], "invalid {text:?}"),
        form("reason", None, &["reason"], "{reason}"),
        form(
            "lead",
            None,
            &["lead", "max", "unit"],
            "the next ID would be {lead} {unit} ahead of the clock, more than the allowed lead of \
             {max} {unit} (the clock stepped back, or IDs were requested faster than the \
             family's capacity per tick)",
        ),
        form("none", None, &["code"], "{code}"),
    ]
};

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = self.0.context;
        match (&self.0.detail, self.0.code) {
            (Detail::Character { index, character }, ErrorCode::NonAscii) => write!(
                f,
                "{what}: non-ASCII character {} at index {index}",
                QuotedChar(*character)
            ),
            (Detail::Character { index, character }, _) => {
                write!(
                    f,
                    "{what}: invalid character {} at index {index}",
                    QuotedChar(*character)
                )
            }
            (Detail::Length { found, expected }, _) => {
                write!(f, "{what}: expected {expected} bytes, found {found}")
            }
            (Detail::Checkmod { found, expected }, _) => write!(
                f,
                "{what}: check value {found} does not match the value (expected {expected})"
            ),
            (Detail::Range { found, min, max }, _) => {
                write!(f, "{what}: {found} is out of range {min}..={max}")
            }
            (Detail::Text(text), ErrorCode::UnknownNamedSequence) => {
                write!(f, "{what}: unknown named sequence {text:?}")
            }
            (Detail::Text(text), _) => write!(f, "{what}: invalid {text:?}"),
            (Detail::Reason(reason), _) => write!(f, "{what}: {reason}"),
            (Detail::Message(message), _) => write!(f, "{what}: {message}"),
            (Detail::Lead { lead, max, unit }, _) => write!(
                f,
                "{what}: the next ID would be {lead} {unit} ahead of the clock, more than the \
                 allowed lead of {max} {unit} (the clock stepped back, or IDs were requested \
                 faster than the family's capacity per tick)"
            ),
            (Detail::None, code) => write!(f, "{what}: {code}"),
        }
    }
}

impl std::error::Error for Error {}

/// Scans `text` for the first character that `valid` rejects and reports it.
///
/// Only called on the failure path: the fast paths validate bytes with tables and call this
/// to turn "something was wrong" into "this character at this index".
pub(crate) fn first_bad_char(
    text: &str,
    code: ErrorCode,
    context: &'static str,
    valid: impl Fn(u8) -> bool,
) -> Error {
    for (index, character) in text.chars().enumerate() {
        if !character.is_ascii() || !valid(character as u8) {
            return Error::character(code, context, index, character);
        }
    }
    Error::reason(code, context, "invalid text")
}

#[cfg(test)]
mod tests {
    /// Writes a form with the given field values (`{x}`: Display, `{x:?}`: Debug, which the
    /// caller supplies as separate strings).
    fn render(form: &str, values: &[(&str, String, String)]) -> String {
        let mut rest = form.to_owned();
        let mut out = form.to_owned();
        for (name, shown, debug) in values {
            for (field, value) in [
                (format!("{{{name}:?}}"), debug),
                (format!("{{{name}}}"), shown),
            ] {
                rest = rest.replace(&field, "");
                out = out.replace(&field, value);
            }
        }
        assert!(!rest.contains('{'), "a field of {form:?} has no value");
        out
    }

    #[test]
    fn display_writes_the_message_forms() {
        fn v<T: std::fmt::Display>(name: &str, x: T) -> (&str, String, String) {
            let shown = x.to_string();
            let mut quoted = String::new();
            let quote = if name == "character" { '\'' } else { '"' };
            super::write_quoted(&mut quoted, &shown, quote).unwrap();
            (name, shown, quoted)
        }
        // An error and the values of its form's fields.
        type Case<'a> = (Error, Vec<(&'a str, String, String)>);
        let cases: Vec<Case> = vec![
            (
                Error::character(ErrorCode::NonAscii, "WDP code", 3, '\u{e9}'),
                vec![v("index", 3), v("character", '\u{e9}')],
            ),
            (
                Error::character(ErrorCode::InvalidPrimary, "WDP primary", 7, '\''),
                vec![v("index", 7), v("character", '\'')],
            ),
            (
                Error::length("xid", 4, 11),
                vec![v("found", 4), v("expected", 11)],
            ),
            (
                Error::new(
                    ErrorCode::InvalidCheckmod,
                    "EUID",
                    Detail::Checkmod {
                        found: 5,
                        expected: 9,
                    },
                ),
                vec![v("found", 5), v("expected", 9)],
            ),
            (
                Error::new(
                    ErrorCode::OutOfRange,
                    "TID clock_id",
                    Detail::Range {
                        found: -1,
                        min: 0,
                        max: 1023,
                    },
                ),
                vec![v("found", -1), v("min", 0), v("max", 1023)],
            ),
            (
                Error::new(
                    ErrorCode::UnknownNamedSequence,
                    "WDP sequence",
                    Detail::Text("NOPE\"x".into()),
                ),
                vec![v("text", "NOPE\"x"), v("len", "")],
            ),
            (
                Error::new(
                    ErrorCode::InvalidSequence,
                    "WDP sequence",
                    Detail::Text("1\t2".into()),
                ),
                vec![v("text", "1\t2"), v("len", "")],
            ),
            (
                Error::new(
                    ErrorCode::InvalidSequence,
                    "WDP sequence",
                    Detail::Text("\n9".repeat(50).into()),
                ),
                vec![
                    (
                        "text",
                        String::new(),
                        format!("{:?}... (100 bytes)", "\n9".repeat(32)),
                    ),
                    v("len", 100),
                ],
            ),
            (
                Error::reason(ErrorCode::InvalidFormat, "WDP code", "empty"),
                vec![v("reason", "empty")],
            ),
            (
                Error::new(
                    ErrorCode::InvalidFormat,
                    "catalog",
                    Detail::Message("built text".into()),
                ),
                vec![v("reason", "built text")],
            ),
            (
                Error::new(
                    ErrorCode::ClockBehind,
                    "TID generator",
                    Detail::Lead {
                        lead: 70,
                        max: 60,
                        unit: "ms",
                    },
                ),
                vec![v("lead", 70), v("max", 60), v("unit", "ms")],
            ),
            (
                Error::new(ErrorCode::NodeRequired, "xid generator", Detail::None),
                vec![v("code", ErrorCode::NodeRequired)],
            ),
        ];
        let mut used = [false; MESSAGE_FORMS.len()];
        for (e, values) in cases {
            // The form Display must use: the one for this code, else the kind's general one.
            let kind = match e.detail() {
                Detail::Character { .. } => "char",
                Detail::Length { .. } => "length",
                Detail::Checkmod { .. } => "checkmod",
                Detail::Range { .. } => "range",
                Detail::Text(_) => "text",
                Detail::Reason(_) | Detail::Message(_) => "reason",
                Detail::Lead { .. } => "lead",
                Detail::None => "none",
            };
            let at = MESSAGE_FORMS
                .iter()
                .position(|f| f.kind == kind && f.code == Some(e.code()))
                .or_else(|| {
                    MESSAGE_FORMS
                        .iter()
                        .position(|f| f.kind == kind && f.code.is_none())
                })
                .expect("a form for every kind");
            used[at] = true;
            let f = MESSAGE_FORMS[at];
            let names: Vec<&str> = values.iter().map(|(n, _, _)| *n).collect();
            assert_eq!(names, f.fields, "fields of {kind}");
            let want = format!("{}: {}", e.context(), render(f.form, &values));
            assert_eq!(e.to_string(), want);
        }
        assert!(used.iter().all(|&u| u), "every form is checked");
    }

    use super::{in_range, Detail, Error, ErrorCode, MESSAGE_FORMS};

    #[test]
    fn a_part_is_held_to_its_own_range_not_its_type() {
        let range = |e: Error| match e.detail() {
            Detail::Range { found, min, max } => (e.context(), *found, *min, *max),
            other => panic!("{other:?}"),
        };
        assert_eq!(in_range::<u16>(1023, "TID clock_id", 0, 1023), Ok(1023));
        assert_eq!(in_range::<i64>(-5, "TID micros", -9, 9), Ok(-5));
        // Inside the type, outside the part; and outside the type: the part's range both times.
        for v in [1024i128, 70_000, -1, i128::MAX] {
            let e = in_range::<u16>(v, "TID clock_id", 0, 1023).unwrap_err();
            assert_eq!(e.code(), ErrorCode::OutOfRange);
            assert_eq!(range(e), ("TID clock_id", v, 0, 1023));
        }
    }

    #[test]
    fn every_code_has_a_string_and_a_one_line_description() {
        let mut seen = std::collections::HashSet::new();
        for code in ErrorCode::ALL {
            let s = code.as_str();
            assert!(seen.insert(s), "{s} twice in ALL");
            assert!(s
                .bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_'));
            assert_eq!(ErrorCode::from_str_code(s), Some(code));
            let d = code.description();
            assert!(
                !d.is_empty() && !d.contains('\n') && !d.contains('|'),
                "{s}: {d:?}"
            );
        }
        assert_eq!(
            ErrorCode::ALL[0].description(),
            "a WDP code is not exactly four dot-separated fields"
        );
        assert_eq!(ErrorCode::from_str_code("NOT_A_CODE"), None);
    }

    /// Messages are ASCII whatever the input: no Unicode table decides what is escaped.
    #[test]
    fn a_quotation_is_ascii() {
        use super::{quote, write_quoted};
        let mut s = String::new();
        write_quoted(
            &mut s,
            "a\u{301}\u{307}\u{2066}\u{a0}\u{e000}\u{1f600}\u{7f}\0\"'\\~ ",
            '"',
        )
        .unwrap();
        assert_eq!(
            s,
            r#""a\u{301}\u{307}\u{2066}\u{a0}\u{e000}\u{1f600}\u{7f}\0\"'\\~ ""#
        );
        assert_eq!(
            Error::character(ErrorCode::NonAscii, "WDP code", 2, '\u{130}').to_string(),
            r"WDP code: non-ASCII character '\u{130}' at index 2"
        );
        assert_eq!(
            Error::character(ErrorCode::InvalidCharacter, "TID", 0, '\'').to_string(),
            r"TID: invalid character '\'' at index 0"
        );
        assert_eq!(
            Error::character(ErrorCode::InvalidCharacter, "TID", 0, '"').to_string(),
            r#"TID: invalid character '"' at index 0"#
        );
        assert!(quote("\u{202e}evil").to_string().is_ascii());
    }

    #[test]
    fn an_excerpt_is_bounded_and_escaped() {
        use super::{list_bounded, quote, EXCERPT_CHARS};
        let exact = "\u{e9}".repeat(EXCERPT_CHARS);
        let written = format!("\"{}\"", r"\u{e9}".repeat(EXCERPT_CHARS));
        assert_eq!(format!("{:?}", quote(&exact)), written);
        assert!(!quote(&exact).is_cut());
        let long = format!("{exact}x");
        let q = quote(&long);
        assert!(q.is_cut());
        assert_eq!(q.head(), exact);
        assert_eq!(q.input_len(), 2 * EXCERPT_CHARS + 1);
        assert_eq!(format!("{q}"), format!("{written}... (129 bytes)"));
        let forged = "ok\nerror[OK]: forged\r\u{1b}[2J";
        assert_eq!(
            quote(forged).to_string(),
            r#""ok\nerror[OK]: forged\r\u{1b}[2J""#
        );
        let huge = "A".repeat(100 << 20);
        let message = Error::new(
            ErrorCode::InvalidSequence,
            "WDP sequence",
            Detail::Text(huge.as_str().into()),
        )
        .to_string();
        assert_eq!(
            message,
            format!(
                "WDP sequence: invalid \"{}\"... (104857600 bytes)",
                "A".repeat(64)
            )
        );
        let items: Vec<String> = (0..5).map(|i| i.to_string()).collect();
        assert_eq!(list_bounded(&items, 3, "; "), "0; 1; 2; and 2 more");
        assert_eq!(list_bounded(&items, 5, ", "), "0, 1, 2, 3, 4");
        assert_eq!(super::shown("12345"), "12345");
        assert_eq!(super::shown("a\nb"), r#""a\nb""#);
        let digits = "9".repeat(100);
        assert_eq!(
            super::shown(&digits),
            format!("\"{}\"... (100 bytes)", &digits[..64])
        );
    }
}
