//! Status codes, the error out-parameter, and the helpers every exported function uses to
//! read C arguments and write C results.

use core::ffi::{c_char, CStr};
use core::fmt::{self, Write as _};
use core::ptr::{self, addr_of_mut};
use std::panic::{catch_unwind, AssertUnwindSafe};

use polyid::{Detail, Error, ErrorCode};

/// Bytes of `polyid_error.message`, including its terminating NUL (messages longer than
/// 255 bytes are cut at a UTF-8 character boundary).
pub const POLYID_ERROR_MESSAGE_LEN: usize = 256;
/// The most IDs one `_many` call makes (the core's `MAX_BATCH`); a larger `count` is
/// `POLYID_OUT_OF_RANGE` before anything is written.
pub const POLYID_MAX_BATCH: usize = 10000000;

const _: () = assert!(POLYID_MAX_BATCH == polyid::MAX_BATCH);

/// Bytes of `polyid_error.character_utf8`: one UTF-8 character (at most 4 bytes) and a NUL.
pub const POLYID_CHARACTER_LEN: usize = 5;

/// The result of every fallible polyid call: `POLYID_OK` (0) or one error code.
///
/// The values are part of the ABI and never change. Codes 1-33 are the error codes that
/// every polyid runtime shares (`polyid_status_code()` returns the same string that
/// Python's `PolyIdError.code` and JavaScript's `error.code` hold). `POLYID_INTERNAL_ERROR`
/// is C-only: it reports a bug in polyid (a Rust panic caught at the C boundary) and is
/// never expected.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum polyid_status {
    // error-codes: c-enum
    /// Success ("OK").
    POLYID_OK = 0,
    /// A WDP code is not exactly four dot-separated fields ("INVALID_FORMAT").
    POLYID_INVALID_FORMAT = 1,
    /// A WDP code or namespace contains a non-ASCII character ("NON_ASCII").
    POLYID_NON_ASCII = 2,
    /// The severity is not one of E W C B S K I T H ("INVALID_SEVERITY").
    POLYID_INVALID_SEVERITY = 3,
    /// The component is not [A-Za-z][A-Za-z0-9]{0,15} ("INVALID_COMPONENT").
    POLYID_INVALID_COMPONENT = 4,
    /// The primary is not [A-Za-z][A-Za-z0-9]{0,15} ("INVALID_PRIMARY").
    POLYID_INVALID_PRIMARY = 5,
    /// The sequence is neither 001-999 nor a well-formed name ("INVALID_SEQUENCE").
    POLYID_INVALID_SEQUENCE = 6,
    /// A well-formed sequence name that is not in the table ("UNKNOWN_NAMED_SEQUENCE").
    POLYID_UNKNOWN_NAMED_SEQUENCE = 7,
    /// A namespace is not [a-z][a-z0-9_]{0,15} ("INVALID_NAMESPACE").
    POLYID_INVALID_NAMESPACE = 8,
    /// Text of the wrong length, counted in UTF-8 bytes ("INVALID_LENGTH").
    POLYID_INVALID_LENGTH = 9,
    /// A symbol outside the family's alphabet ("INVALID_CHARACTER").
    POLYID_INVALID_CHARACTER = 10,
    /// uid11/xid text whose value does not fit in 64 bits ("OVERFLOW").
    POLYID_OVERFLOW = 11,
    /// A number or timestamp outside the family's range ("OUT_OF_RANGE").
    POLYID_OUT_OF_RANGE = 12,
    /// An EUID check value that does not match the value ("INVALID_CHECKMOD").
    POLYID_INVALID_CHECKMOD = 13,
    /// EUID next() with its random high part at the maximum ("EXHAUSTED").
    POLYID_EXHAUSTED = 14,
    /// A required pointer argument was NULL ("NULL_POINTER").
    POLYID_NULL_POINTER = 15,
    /// An output buffer's capacity is too small ("BUFFER_TOO_SMALL").
    POLYID_BUFFER_TOO_SMALL = 16,
    /// An input string is not valid UTF-8 ("INVALID_UTF8").
    POLYID_INVALID_UTF8 = 17,
    /// An argument of the wrong kind ("INVALID_ARGUMENT").
    POLYID_INVALID_ARGUMENT = 18,
    /// A catalog has no entry for the ID ("NOT_FOUND").
    POLYID_NOT_FOUND = 19,
    /// A message placeholder with no value in the fields given ("MISSING_FIELD").
    POLYID_MISSING_FIELD = 20,
    /// Two codes of a catalog have the same ID ("COLLISION").
    POLYID_COLLISION = 21,
    /// A code appears twice in a catalog ("DUPLICATE_CODE").
    POLYID_DUPLICATE_CODE = 22,
    /// Catalog text that is not a catalog ("INVALID_CATALOG").
    POLYID_INVALID_CATALOG = 23,
    /// A catalog entry whose ID is not computed from its code ("TAMPERED").
    POLYID_TAMPERED = 24,
    /// An Ed25519 signature that does not verify ("INVALID_SIGNATURE").
    POLYID_INVALID_SIGNATURE = 25,
    /// A UUID that is not version 8, variant 10 ("NOT_UUID_V8", EXTUUID).
    POLYID_NOT_UUID_V8 = 26,
    /// A reserved EXTUUID type, scheme code or format ("RESERVED_TYPE").
    POLYID_RESERVED_TYPE = 27,
    /// A non-zero reserved bit or non-canonical EXTUUID encoding ("RESERVED_BITS").
    POLYID_RESERVED_BITS = 28,
    /// An unsupported EXTUUID character scheme, E ("UNSUPPORTED_SCHEME").
    POLYID_UNSUPPORTED_SCHEME = 29,
    /// An unknown SI unit or invalid unit exponent ("INVALID_UNIT").
    POLYID_INVALID_UNIT = 30,
    /// A node is required and the generator has none, or its node was inherited across
    /// `fork()` ("NODE_REQUIRED").
    POLYID_NODE_REQUIRED = 31,
    /// Another process on this host holds the node, `polyid_set_node()` after generators
    /// took the process node, or another copy of polyid in this process (an SQL extension
    /// beside a language module) holds the xid lane or every TID clock id ("NODE_IN_USE").
    POLYID_NODE_IN_USE = 32,
    /// The next ID would run more than `max_lead_ms` ahead of the clock ("CLOCK_BEHIND").
    POLYID_CLOCK_BEHIND = 33,
    /// C only: a bug in polyid was caught at the C boundary ("INTERNAL_ERROR").
    POLYID_INTERNAL_ERROR = 99,
    // /error-codes
}

/// Which detail fields of a `polyid_error` are set.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum polyid_detail {
    /// No detail beyond the status and the message.
    POLYID_DETAIL_NONE = 0,
    /// `index` (in characters, which equals the byte offset: every character before it is
    /// ASCII), `character` and `character_utf8`: the first offending character.
    POLYID_DETAIL_CHARACTER = 1,
    /// `found` and `expected`: a length in bytes. For `POLYID_BUFFER_TOO_SMALL`, `found` is
    /// the capacity given and `expected` the capacity needed (with the NUL).
    POLYID_DETAIL_LENGTH = 2,
    /// `found` and `expected`: an EUID check value (0-126; 127 means "no check").
    POLYID_DETAIL_CHECKMOD = 3,
    /// `found`, `min` and `max`: a number outside its inclusive range (saturated to the
    /// int64_t range).
    POLYID_DETAIL_RANGE = 4,
    /// `index`: the byte offset of the first byte that is not valid UTF-8
    /// (`POLYID_INVALID_UTF8`).
    POLYID_DETAIL_BYTE_OFFSET = 5,
}

/// The details of a failed call, written by every function that takes a `polyid_error *err`
/// argument (pass NULL when the status is enough).
///
/// The caller owns the struct (on the stack, typically); polyid keeps no error state of its
/// own, so calls on different threads never see each other's errors. Every call that is
/// given an `err` writes it: on success `status` is `POLYID_OK`, `detail` is
/// `POLYID_DETAIL_NONE` and `message` is the empty string.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct polyid_error {
    /// The status the call returned.
    pub status: polyid_status,
    /// Which of the fields below are meaningful.
    pub detail: polyid_detail,
    /// `POLYID_DETAIL_CHARACTER`: character index; `POLYID_DETAIL_BYTE_OFFSET`: byte offset.
    pub index: u64,
    /// `POLYID_DETAIL_CHARACTER`: the offending character as a Unicode scalar value.
    pub character: u32,
    /// `POLYID_DETAIL_CHARACTER`: the offending character as NUL-terminated UTF-8.
    pub character_utf8: [c_char; POLYID_CHARACTER_LEN],
    /// `POLYID_DETAIL_LENGTH`, `_CHECKMOD`, `_RANGE`: the value found (`POLYID_DETAIL_LENGTH`:
    /// -1 for a length above INT64_MAX, i.e. a `size_t` above PTRDIFF_MAX).
    pub found: i64,
    /// `POLYID_DETAIL_LENGTH`, `_CHECKMOD`: the value expected.
    pub expected: i64,
    /// `POLYID_DETAIL_RANGE`: the smallest accepted value.
    pub min: i64,
    /// `POLYID_DETAIL_RANGE`: the largest accepted value.
    pub max: i64,
    /// The human message (NUL-terminated UTF-8), e.g.
    /// `TID: invalid character 'K' at index 1`; empty on success.
    pub message: [c_char; POLYID_ERROR_MESSAGE_LEN],
}

/// The status as a stable string: "OK" for `POLYID_OK`, otherwise the error code shared by
/// every polyid runtime (e.g. "INVALID_CHARACTER"), or "UNKNOWN" for a value that is not
/// a `polyid_status`.
///
/// The string is static: never free it. Never fails, never returns NULL.
#[no_mangle]
pub extern "C" fn polyid_status_code(status: i32) -> *const c_char {
    let s: &'static CStr = match status {
        0 => c"OK",
        99 => c"INTERNAL_ERROR",
        n => match n
            .checked_sub(1)
            .and_then(|i| usize::try_from(i).ok())
            .and_then(|i| CODES.get(i))
        {
            Some((_, s)) => s,
            None => c"UNKNOWN",
        },
    };
    s.as_ptr()
}

/// The version of libpolyid, e.g. "0.1.0" (static; never free it).
#[no_mangle]
pub extern "C" fn polyid_version() -> *const c_char {
    const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), "\0");
    VERSION.as_ptr().cast()
}

/// Statuses 1-33 and their stable strings, in `polyid::ErrorCode::ALL` order (checked by a
/// test against `ErrorCode::as_str`).
pub(crate) const CODES: [(polyid_status, &CStr); 33] = {
    use polyid_status::*;
    [
        // error-codes: c-strings
        (POLYID_INVALID_FORMAT, c"INVALID_FORMAT"),
        (POLYID_NON_ASCII, c"NON_ASCII"),
        (POLYID_INVALID_SEVERITY, c"INVALID_SEVERITY"),
        (POLYID_INVALID_COMPONENT, c"INVALID_COMPONENT"),
        (POLYID_INVALID_PRIMARY, c"INVALID_PRIMARY"),
        (POLYID_INVALID_SEQUENCE, c"INVALID_SEQUENCE"),
        (POLYID_UNKNOWN_NAMED_SEQUENCE, c"UNKNOWN_NAMED_SEQUENCE"),
        (POLYID_INVALID_NAMESPACE, c"INVALID_NAMESPACE"),
        (POLYID_INVALID_LENGTH, c"INVALID_LENGTH"),
        (POLYID_INVALID_CHARACTER, c"INVALID_CHARACTER"),
        (POLYID_OVERFLOW, c"OVERFLOW"),
        (POLYID_OUT_OF_RANGE, c"OUT_OF_RANGE"),
        (POLYID_INVALID_CHECKMOD, c"INVALID_CHECKMOD"),
        (POLYID_EXHAUSTED, c"EXHAUSTED"),
        (POLYID_NULL_POINTER, c"NULL_POINTER"),
        (POLYID_BUFFER_TOO_SMALL, c"BUFFER_TOO_SMALL"),
        (POLYID_INVALID_UTF8, c"INVALID_UTF8"),
        (POLYID_INVALID_ARGUMENT, c"INVALID_ARGUMENT"),
        (POLYID_NOT_FOUND, c"NOT_FOUND"),
        (POLYID_MISSING_FIELD, c"MISSING_FIELD"),
        (POLYID_COLLISION, c"COLLISION"),
        (POLYID_DUPLICATE_CODE, c"DUPLICATE_CODE"),
        (POLYID_INVALID_CATALOG, c"INVALID_CATALOG"),
        (POLYID_TAMPERED, c"TAMPERED"),
        (POLYID_INVALID_SIGNATURE, c"INVALID_SIGNATURE"),
        (POLYID_NOT_UUID_V8, c"NOT_UUID_V8"),
        (POLYID_RESERVED_TYPE, c"RESERVED_TYPE"),
        (POLYID_RESERVED_BITS, c"RESERVED_BITS"),
        (POLYID_UNSUPPORTED_SCHEME, c"UNSUPPORTED_SCHEME"),
        (POLYID_INVALID_UNIT, c"INVALID_UNIT"),
        (POLYID_NODE_REQUIRED, c"NODE_REQUIRED"),
        (POLYID_NODE_IN_USE, c"NODE_IN_USE"),
        (POLYID_CLOCK_BEHIND, c"CLOCK_BEHIND"),
        // /error-codes
    ]
};

/// The status of a core error code (`POLYID_INTERNAL_ERROR` for its own code, and for a
/// code added to the core after this binding was written: a test in this crate,
/// `every_core_code_has_a_status_with_its_string`, fails until `CODES` has it).
pub(crate) fn status_of(code: ErrorCode) -> polyid_status {
    let s = code.as_str().as_bytes();
    CODES
        .iter()
        .find(|(_, c)| c.to_bytes() == s)
        .map_or(polyid_status::POLYID_INTERNAL_ERROR, |&(status, _)| status)
}

/// Why a call failed, before it is written to the caller's `polyid_error`.
#[derive(Clone)]
pub(crate) enum Fail {
    /// A core error, or a binding error built as one (NULL pointer, buffer, range).
    Core(Error),
    /// An input string that is not UTF-8: the argument and the offset of the first bad byte.
    Utf8 { arg: &'static str, offset: usize },
    /// A panic caught at the boundary.
    Panic(String),
    /// A core error at one row of an Arrow column (src/arrow.rs): the kernels' error, whose
    /// message names the row and its input.
    Row(polyid_arrow::ColumnError),
}

impl From<Error> for Fail {
    fn from(e: Error) -> Fail {
        Fail::Core(e)
    }
}

pub(crate) type Res<T> = Result<T, Fail>;

impl Fail {
    fn status(&self) -> polyid_status {
        match self {
            Fail::Core(e) => status_of(e.code()),
            Fail::Row(e) => status_of(e.code()),
            Fail::Utf8 { .. } => polyid_status::POLYID_INVALID_UTF8,
            Fail::Panic(_) => polyid_status::POLYID_INTERNAL_ERROR,
        }
    }
}

impl fmt::Display for Fail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fail::Core(e) => write!(f, "{e}"),
            Fail::Utf8 { arg, offset } => {
                write!(f, "{arg}: invalid UTF-8 at byte offset {offset}")
            }
            Fail::Panic(msg) => write!(f, "internal error in polyid (please report): {msg}"),
            Fail::Row(e) => write!(f, "{e}"),
        }
    }
}

/// A `fmt::Write` into the caller's fixed message buffer (through a raw pointer: the
/// buffer may be uninitialized) that keeps room for the NUL and cuts at a character
/// boundary.
struct MessageWriter {
    buf: *mut u8,
    len: usize,
}

impl fmt::Write for MessageWriter {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let room = POLYID_ERROR_MESSAGE_LEN - 1 - self.len;
        let mut take = s.len().min(room);
        while !s.is_char_boundary(take) {
            take -= 1;
        }
        // SAFETY: `buf` points to POLYID_ERROR_MESSAGE_LEN bytes and len + take < that.
        unsafe { ptr::copy_nonoverlapping(s.as_ptr(), self.buf.add(self.len), take) };
        self.len += take;
        if take < s.len() {
            return Err(fmt::Error); // full: stop formatting
        }
        Ok(())
    }
}

fn sat(v: i128) -> i64 {
    v.clamp(i64::MIN as i128, i64::MAX as i128) as i64
}

fn sat_usize(v: usize) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

/// Writes `fail` (or success, for `None`) into the caller's error struct.
unsafe fn write_error(err: *mut polyid_error, fail: Option<&Fail>) {
    if err.is_null() {
        return;
    }
    let status = fail.map_or(polyid_status::POLYID_OK, Fail::status);
    let mut detail = polyid_detail::POLYID_DETAIL_NONE;
    let (mut index, mut character, mut found, mut expected, mut min, mut max) =
        (0u64, 0u32, 0i64, 0i64, 0i64, 0i64);
    let mut utf8 = [0u8; POLYID_CHARACTER_LEN];
    let core = match fail {
        Some(Fail::Core(e)) => Some(e),
        Some(Fail::Row(c)) => Some(c.error()),
        _ => None,
    };
    match fail {
        Some(Fail::Core(_) | Fail::Row(_)) => match core.map_or(&Detail::None, Error::detail) {
            Detail::Character {
                index: i,
                character: c,
            } => {
                detail = polyid_detail::POLYID_DETAIL_CHARACTER;
                index = *i as u64;
                character = *c as u32;
                c.encode_utf8(&mut utf8[..4]);
            }
            Detail::Length {
                found: f,
                expected: x,
            } => {
                detail = polyid_detail::POLYID_DETAIL_LENGTH;
                // A length int64_t cannot hold (a size_t above PTRDIFF_MAX) is -1, so that it
                // never reads as equal to the PTRDIFF_MAX it exceeds.
                found = i64::try_from(*f).unwrap_or(-1);
                expected = sat_usize(*x);
            }
            Detail::Checkmod {
                found: f,
                expected: x,
            } => {
                detail = polyid_detail::POLYID_DETAIL_CHECKMOD;
                found = (*f).into();
                expected = (*x).into();
            }
            Detail::Range {
                found: f,
                min: lo,
                max: hi,
            } => {
                detail = polyid_detail::POLYID_DETAIL_RANGE;
                found = sat(*f);
                min = sat(*lo);
                max = sat(*hi);
            }
            _ => {}
        },
        Some(Fail::Utf8 { offset, .. }) => {
            detail = polyid_detail::POLYID_DETAIL_BYTE_OFFSET;
            index = *offset as u64;
        }
        Some(Fail::Panic(_)) | None => {}
    }
    addr_of_mut!((*err).status).write(status);
    addr_of_mut!((*err).detail).write(detail);
    addr_of_mut!((*err).index).write(index);
    addr_of_mut!((*err).character).write(character);
    addr_of_mut!((*err).character_utf8).write(utf8.map(|b| b as c_char));
    addr_of_mut!((*err).found).write(found);
    addr_of_mut!((*err).expected).write(expected);
    addr_of_mut!((*err).min).write(min);
    addr_of_mut!((*err).max).write(max);
    let dst = addr_of_mut!((*err).message).cast::<u8>();
    let mut w = MessageWriter { buf: dst, len: 0 };
    if let Some(fail) = fail {
        let _ = write!(w, "{fail}"); // Err only means "cut at 255 bytes"
    }
    dst.add(w.len).write(0);
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic".to_owned()
    }
}

/// Runs the body of an exported function: catches panics, writes `err`, returns the status.
#[inline]
pub(crate) fn run(err: *mut polyid_error, body: impl FnOnce() -> Res<()>) -> polyid_status {
    let outcome = catch_unwind(AssertUnwindSafe(body));
    let fail = match outcome {
        Ok(Ok(())) => None,
        Ok(Err(fail)) => Some(fail),
        Err(payload) => Some(Fail::Panic(panic_message(&*payload))),
    };
    match fail {
        None => {
            unsafe { write_error(err, None) };
            polyid_status::POLYID_OK
        }
        Some(fail) => {
            // Formatting the message runs code that could panic: keep it in the guard too.
            let written = catch_unwind(AssertUnwindSafe(|| unsafe {
                write_error(err, Some(&fail))
            }));
            match written {
                Ok(()) => fail.status(),
                Err(_) => polyid_status::POLYID_INTERNAL_ERROR,
            }
        }
    }
}

/// Runs a body that cannot fail through the same panic guard (for accessors without an
/// error channel): a panic yields `fallback`.
#[inline]
pub(crate) fn guard<T>(fallback: T, body: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(body)).unwrap_or(fallback)
}

// ---------------------------------------------------------------------------------------
// Reading arguments

/// `NULL_POINTER` for argument `arg`.
pub(crate) fn null(arg: &'static str) -> Fail {
    Fail::Core(Error::reason(
        ErrorCode::NullPointer,
        arg,
        "NULL pointer where a value is required",
    ))
}

/// `INVALID_ARGUMENT` for argument `arg`, saying why.
pub(crate) fn invalid(arg: &'static str, message: String) -> Fail {
    Fail::Core(Error::new(
        ErrorCode::InvalidArgument,
        arg,
        Detail::Message(message.into()),
    ))
}

/// Checks that a pointer argument is not NULL.
#[inline]
pub(crate) fn non_null<T>(p: *const T, arg: &'static str) -> Res<()> {
    if p.is_null() {
        Err(null(arg))
    } else {
        Ok(())
    }
}

fn utf8<'a>(bytes: &'a [u8], arg: &'static str) -> Res<&'a str> {
    core::str::from_utf8(bytes).map_err(|e| Fail::Utf8 {
        arg,
        offset: e.valid_up_to(),
    })
}

/// A NUL-terminated UTF-8 argument.
#[inline]
pub(crate) unsafe fn cstr<'a>(p: *const c_char, arg: &'static str) -> Res<&'a str> {
    non_null(p, arg)?;
    utf8(CStr::from_ptr(p).to_bytes(), arg)
}

/// A (pointer, length) UTF-8 argument; it may contain NUL bytes.
#[inline]
pub(crate) unsafe fn nstr<'a>(p: *const c_char, len: usize, arg: &'static str) -> Res<&'a str> {
    utf8(bytes(p.cast(), len, arg)?, arg)
}

/// A (pointer, length) byte argument.
#[inline]
pub(crate) unsafe fn bytes<'a>(p: *const u8, len: usize, arg: &'static str) -> Res<&'a [u8]> {
    non_null(p, arg)?;
    if len > isize::MAX as usize {
        return Err(Fail::Core(Error::new(
            ErrorCode::InvalidLength,
            arg,
            Detail::Length {
                found: len,
                expected: isize::MAX as usize,
            },
        )));
    }
    Ok(core::slice::from_raw_parts(p, len))
}

/// A C integer as the core's parameter type when it lies in `min..=max`, the part's own range
/// (`polyid::error::in_range`: the parts of a call checked in the order of its parameters).
#[inline]
pub(crate) fn int<T: TryFrom<i128>>(
    v: i64,
    arg: &'static str,
    min: impl Into<i128>,
    max: impl Into<i128>,
) -> Res<T> {
    polyid::error::in_range(v, arg, min, max).map_err(Fail::Core)
}

/// Checks that `count` elements of `T` could exist in one C array (a larger count cannot
/// describe the caller's buffer): `OUT_OF_RANGE` otherwise, before anything is allocated.
#[inline]
pub(crate) fn count_fits<T>(count: usize) -> Res<()> {
    let max = isize::MAX as usize / core::mem::size_of::<T>().max(1);
    if count > max {
        return Err(Fail::Core(Error::new(
            ErrorCode::OutOfRange,
            "count",
            Detail::Range {
                found: count as i128,
                min: 0,
                max: max as i128,
            },
        )));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Writing results

/// A caller's output pointer, written only on success.
pub(crate) struct Out<T>(*mut T);

impl<T> Out<T> {
    #[inline]
    pub(crate) fn new(p: *mut T, arg: &'static str) -> Res<Out<T>> {
        non_null(p, arg)?;
        Ok(Out(p))
    }

    #[inline]
    pub(crate) unsafe fn set(&self, v: T) {
        self.0.write(v);
    }
}

/// The body of a function whose result is `*out`: checks `out`, then writes what `value`
/// returns to it (only on success).
#[inline]
pub(crate) unsafe fn write_out<T>(
    out: *mut T,
    err: *mut polyid_error,
    value: impl FnOnce() -> Res<T>,
) -> polyid_status {
    run(err, || {
        let out = Out::new(out, "out")?;
        out.set(value()?);
        Ok(())
    })
}

/// The body of a parse function: reads the string `text`, then checks `out` and writes what
/// `parse` makes of the text to it (only on success).
#[inline]
pub(crate) unsafe fn parse_to<'a, T>(
    text: impl FnOnce() -> Res<&'a str>,
    out: *mut T,
    err: *mut polyid_error,
    parse: impl FnOnce(&'a str) -> Res<T>,
) -> polyid_status {
    run(err, || {
        let text = text()?;
        let out = Out::new(out, "out")?;
        out.set(parse(text)?);
        Ok(())
    })
}

/// A caller's string buffer `(out, out_cap)`. Creating it empties the buffer (when it is
/// not NULL and `out_cap > 0`), so that on every failure the caller holds "".
pub(crate) struct OutStr {
    p: *mut c_char,
    cap: usize,
    arg: &'static str,
}

impl OutStr {
    #[inline]
    pub(crate) unsafe fn new(p: *mut c_char, cap: usize, arg: &'static str) -> OutStr {
        if !p.is_null() && cap > 0 {
            p.write(0);
        }
        OutStr { p, cap, arg }
    }

    /// Checks the pointer only (for results whose size is known later).
    #[inline]
    pub(crate) fn check_ptr(&self) -> Res<()> {
        non_null(self.p, self.arg)
    }

    /// Checks the pointer and that `need` bytes (with the NUL) fit.
    #[inline]
    pub(crate) fn check(&self, need: usize) -> Res<()> {
        non_null(self.p, self.arg)?;
        if self.cap < need {
            return Err(Fail::Core(Error::new(
                ErrorCode::BufferTooSmall,
                self.arg,
                Detail::Length {
                    found: self.cap,
                    expected: need,
                },
            )));
        }
        Ok(())
    }

    /// Writes `s` and a NUL.
    #[inline]
    pub(crate) unsafe fn write(&self, s: &[u8]) -> Res<()> {
        self.check(s.len() + 1)?;
        ptr::copy_nonoverlapping(s.as_ptr(), self.p.cast::<u8>(), s.len());
        self.p.add(s.len()).write(0);
        Ok(())
    }
}

/// Copies `s` and a NUL into a fixed array of a result struct (the array is sized for the
/// longest value, which the core guarantees).
#[inline]
pub(crate) fn fill<const N: usize>(dst: &mut [c_char; N], s: &[u8]) {
    let n = s.len().min(N - 1);
    for (d, &b) in dst.iter_mut().zip(&s[..n]) {
        *d = b as c_char;
    }
    dst[n] = 0;
}

/// A zeroed fixed array (for building result structs).
pub(crate) const fn zeroed<const N: usize>() -> [c_char; N] {
    [0; N]
}

// ---------------------------------------------------------------------------------------
// Functions with string arguments and their `_n` twins

/// Declares a function whose string arguments are NUL-terminated and its `_n` twin, which
/// takes each of them as a (pointer, length in bytes) pair, from one body.
///
/// A string argument is written `name / name_len: str`; in the body, `name` is a closure
/// that reads it (`cstr` in the first function, `nstr` in the twin, with the argument's name
/// as the error context). Every other argument is passed through as declared. Each function
/// keeps its own doc comment, which cbindgen copies into the header (tests/header/expand.rs
/// writes the two functions out for it, from this macro's input: keep the grammar, and the
/// paragraph the macro adds to the end of every twin's doc comment, in step).
macro_rules! with_n_twin {
    (
        $(#[doc = $doc:expr])*
        fn $name:ident;
        $(#[doc = $doc_n:expr])*
        fn $name_n:ident;
        ($($params:tt)*) -> $ret:ty $body:block
    ) => {
        with_n_twin!(@args [$(#[doc = $doc])*] $name [$(#[doc = $doc_n])*] $name_n $ret $body
            [] [] [] $($params)*);
    };
    // A string argument.
    (@args $docs:tt $name:ident $docs_n:tt $name_n:ident $ret:ty $body:block
        [$($c:tt)*] [$($n:tt)*] [$($s:tt)*] $p:ident / $len:ident : str $(, $($rest:tt)*)?) => {
        with_n_twin!(@args $docs $name $docs_n $name_n $ret $body
            [$($c)* $p: *const c_char,] [$($n)* $p: *const c_char, $len: usize,]
            [$($s)* ($p, $len)] $($($rest)*)?);
    };
    // Any other argument.
    (@args $docs:tt $name:ident $docs_n:tt $name_n:ident $ret:ty $body:block
        [$($c:tt)*] [$($n:tt)*] [$($s:tt)*] $p:ident : $t:ty $(, $($rest:tt)*)?) => {
        with_n_twin!(@args $docs $name $docs_n $name_n $ret $body
            [$($c)* $p: $t,] [$($n)* $p: $t,] [$($s)*] $($($rest)*)?);
    };
    // Every argument read: the two functions.
    (@args [$($docs:tt)*] $name:ident [$($docs_n:tt)*] $name_n:ident $ret:ty $body:block
        [$($c:tt)*] [$($n:tt)*] [$(($p:ident, $len:ident))*]) => {
        $($docs)*
        #[no_mangle]
        pub unsafe extern "C" fn $name($($c)*) -> $ret {
            $(let $p = || cstr($p, stringify!($p));)*
            $body
        }

        $($docs_n)*
        #[doc = ""]
        #[doc = " The string arguments are (pointer, length in bytes) pairs: not NUL-terminated, and a"]
        #[doc = " NUL byte inside is an ordinary (invalid) character. Same buffers and errors as"]
        #[doc = concat!(" `", stringify!($name), "()`.")]
        #[no_mangle]
        pub unsafe extern "C" fn $name_n($($n)*) -> $ret {
            $(let $p = || nstr($p, $len, stringify!($p));)*
            $body
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_core_code_has_a_status_with_its_string() {
        for (i, code) in ErrorCode::ALL.into_iter().enumerate() {
            let status = status_of(code);
            // INTERNAL_ERROR keeps its C value 99, apart from the others; the codes after it
            // in `ALL` continue the others' numbering where the codes before it stop, so that
            // every C value stays what it was when its code was published.
            let internal = ErrorCode::ALL
                .iter()
                .position(|c| *c == ErrorCode::InternalError)
                .unwrap();
            let want = if code == ErrorCode::InternalError {
                99
            } else if i > internal {
                i as i32
            } else {
                i as i32 + 1
            };
            assert_eq!(status as i32, want, "{code}");
            let s = unsafe { CStr::from_ptr(polyid_status_code(status as i32)) };
            assert_eq!(s.to_str().unwrap(), code.as_str());
        }
        let ok = unsafe { CStr::from_ptr(polyid_status_code(0)) };
        assert_eq!(ok.to_str().unwrap(), "OK");
        for unknown in [-1, 34, 98, 100, i32::MIN, i32::MAX] {
            let s = unsafe { CStr::from_ptr(polyid_status_code(unknown)) };
            assert_eq!(s.to_str().unwrap(), "UNKNOWN");
        }
    }

    fn blank() -> polyid_error {
        polyid_error {
            status: polyid_status::POLYID_OK,
            detail: polyid_detail::POLYID_DETAIL_NONE,
            index: 7,
            character: 7,
            character_utf8: [7; POLYID_CHARACTER_LEN],
            found: 7,
            expected: 7,
            min: 7,
            max: 7,
            message: [b'x' as c_char; POLYID_ERROR_MESSAGE_LEN],
        }
    }

    fn message(e: &polyid_error) -> String {
        let bytes: Vec<u8> = e.message.iter().map(|&c| c as u8).collect();
        CStr::from_bytes_until_nul(&bytes)
            .unwrap()
            .to_str()
            .unwrap()
            .to_owned()
    }

    #[test]
    fn a_panic_is_caught_and_reported() {
        let mut e = blank();
        let prev = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let status = run(&mut e, || panic!("boom"));
        std::panic::set_hook(prev);
        assert_eq!(status, polyid_status::POLYID_INTERNAL_ERROR);
        assert_eq!(e.status, polyid_status::POLYID_INTERNAL_ERROR);
        assert!(message(&e).contains("boom"), "{}", message(&e));
    }

    #[test]
    fn success_clears_the_error() {
        let mut e = blank();
        assert_eq!(run(&mut e, || Ok(())), polyid_status::POLYID_OK);
        assert_eq!(e.status, polyid_status::POLYID_OK);
        assert_eq!(e.detail, polyid_detail::POLYID_DETAIL_NONE);
        assert_eq!((e.index, e.found, e.expected), (0, 0, 0));
        assert_eq!(message(&e), "");
    }

    #[test]
    fn long_messages_are_cut_at_a_character_boundary() {
        for pad in 0..4 {
            let mut e = blank();
            // 'é' is two bytes: one of the pads ends the cut in the middle of one.
            let text: String = "a".repeat(pad) + &"é".repeat(300);
            let status = run(&mut e, || {
                Err(Fail::Core(Error::new(
                    ErrorCode::InvalidSequence,
                    "test",
                    Detail::Message(text.into()),
                )))
            });
            assert_eq!(status, polyid_status::POLYID_INVALID_SEQUENCE);
            let m = message(&e);
            assert!(
                m.len() < POLYID_ERROR_MESSAGE_LEN && m.len() >= 250,
                "{}",
                m.len()
            );
        }
    }

    #[test]
    fn details_are_translated() {
        let mut e = blank();
        let status = run(&mut e, || {
            Err(polyid::tid::Tid::parse("3KXNLHR3GXQ23").unwrap_err().into())
        });
        assert_eq!(status, polyid_status::POLYID_INVALID_CHARACTER);
        assert_eq!(e.detail, polyid_detail::POLYID_DETAIL_CHARACTER);
        assert_eq!((e.index, e.character), (1, 'K' as u32));
        assert_eq!(e.character_utf8[..2], [b'K' as c_char, 0]);
        let status = run(&mut e, || {
            Err(polyid::euid::Euid::parse("x").unwrap_err().into())
        });
        assert_eq!(status, polyid_status::POLYID_INVALID_LENGTH);
        assert_eq!(
            (e.detail, e.found, e.expected),
            (polyid_detail::POLYID_DETAIL_LENGTH, 1, 27)
        );
        let status = run(&mut e, || {
            Err(polyid::xid::Xid::from_parts(0, 0).unwrap_err().into())
        });
        assert_eq!(status, polyid_status::POLYID_OUT_OF_RANGE);
        assert_eq!(e.detail, polyid_detail::POLYID_DETAIL_RANGE);
        assert_eq!((e.found, e.min, e.max), (0, 1321009871111, 5719056382214));
    }
}
