//! Value translation between N-API and Rust, and the errors the engine throws.
//!
//! The JavaScript layer (`bindings-js/`) has already checked every argument's type and range
//! by the time a value arrives here, so these conversions only read what the engine contract
//! says a parameter is (a string, a `bigint` for u64/i64/u128, a number for smaller integers,
//! a `Uint8Array`). A value of another type is still refused with a `TypeError` rather than
//! read wrongly: the native functions are reachable by anyone who loads the addon directly.
//!
//! Core errors are thrown as `Error`s made here with the core's own message (`Display`) and
//! the detail fields; napi-rs then receives `Status::PendingException` and leaves the thrown
//! object in place.

use std::ffi::{c_char, CStr};
use std::ptr;

use napi::bindgen_prelude::{FromNapiValue, ToNapiValue};
use napi::{sys, Error as NapiError, Result, Status};
use polyid::{Detail, Error as IdError, ErrorCode};

macro_rules! check {
    ($e:expr) => {{
        let status = $e;
        if status != sys::Status::napi_ok {
            return Err(napi::Error::new(
                napi::Status::from(status),
                "N-API call failed",
            ));
        }
    }};
}

// ----------------------------------------------------------------------------------------------
// Errors

fn pending(reason: &str) -> NapiError {
    NapiError::new(Status::PendingException, reason.to_owned())
}

unsafe fn js_string(env: sys::napi_env, s: &str) -> sys::napi_value {
    let mut out = ptr::null_mut();
    sys::napi_create_string_utf8(env, s.as_ptr().cast(), s.len() as isize, &mut out);
    out
}

unsafe fn js_number(env: sys::napi_env, n: f64) -> sys::napi_value {
    let mut out = ptr::null_mut();
    sys::napi_create_double(env, n, &mut out);
    out
}

/// An integer detail: a `number` when it is a safe integer (every range but the widest
/// parameters'), else a `bigint`, so that it is always exact.
unsafe fn js_int(env: sys::napi_env, v: i128) -> sys::napi_value {
    const SAFE: i128 = (1 << 53) - 1;
    if (-SAFE..=SAFE).contains(&v) {
        return js_number(env, v as f64);
    }
    let m = v.unsigned_abs();
    let words = [m as u64, (m >> 64) as u64];
    let mut out = ptr::null_mut();
    sys::napi_create_bigint_words(env, (v < 0).into(), 2, words.as_ptr(), &mut out);
    out
}

unsafe fn set(env: sys::napi_env, obj: sys::napi_value, key: &CStr, value: sys::napi_value) {
    if !value.is_null() {
        sys::napi_set_named_property(env, obj, key.as_ptr(), value);
    }
}

/// The `Error` of a core error: `.code`, the core's message, and the detail fields
/// (`index` + `character`, `found` + `expected`, or `found` + `min` + `max`). Null if N-API
/// cannot make one.
pub(crate) unsafe fn error_object(env: sys::napi_env, err: &IdError) -> sys::napi_value {
    let message = err.to_string();
    let code = js_string(env, err.code().as_str());
    let msg = js_string(env, &message);
    let mut obj = ptr::null_mut();
    if sys::napi_create_error(env, code, msg, &mut obj) != sys::Status::napi_ok {
        return ptr::null_mut();
    }
    match err.detail() {
        Detail::Character { index, character } => {
            set(env, obj, c"index", js_number(env, *index as f64));
            let mut buf = [0u8; 4];
            set(
                env,
                obj,
                c"character",
                js_string(env, character.encode_utf8(&mut buf)),
            );
        }
        Detail::Range { found, min, max } => {
            set(env, obj, c"found", js_int(env, *found));
            set(env, obj, c"min", js_int(env, *min));
            set(env, obj, c"max", js_int(env, *max));
        }
        _ => {
            if let Some((found, expected)) = err.found_expected() {
                set(env, obj, c"found", js_number(env, found as f64));
                set(env, obj, c"expected", js_number(env, expected as f64));
            }
        }
    }
    obj
}

/// Throws a core error (see [`error_object`]).
#[cold]
pub(crate) fn throw_id(env: sys::napi_env, err: &IdError) -> NapiError {
    unsafe {
        let obj = error_object(env, err);
        if obj.is_null() {
            return NapiError::new(Status::GenericFailure, err.to_string());
        }
        sys::napi_throw(env, obj);
    }
    pending(err.code().as_str())
}

/// Throws a `TypeError` (code `INVALID_ARGUMENT`) for a value of the wrong JS type.
#[cold]
pub(crate) fn throw_type(env: sys::napi_env, message: &str) -> NapiError {
    unsafe {
        let code = js_string(env, ErrorCode::InvalidArgument.as_str());
        let msg = js_string(env, message);
        let mut obj = ptr::null_mut();
        if sys::napi_create_type_error(env, code, msg, &mut obj) != sys::Status::napi_ok {
            return NapiError::new(Status::InvalidArg, message.to_owned());
        }
        sys::napi_throw(env, obj);
    }
    pending(message)
}

/// `polyid::Result` -> a thrown JS error.
pub(crate) trait OrThrow<T> {
    fn or_throw(self, env: &napi::Env) -> Result<T>;
}

impl<T> OrThrow<T> for polyid::Result<T> {
    #[inline]
    fn or_throw(self, env: &napi::Env) -> Result<T> {
        self.map_err(|e| throw_id(env.raw(), &e))
    }
}

fn typeof_(env: sys::napi_env, value: sys::napi_value) -> i32 {
    let mut t = 0;
    unsafe { sys::napi_typeof(env, value, &mut t) };
    t
}

// ----------------------------------------------------------------------------------------------
// Strings in

const STACK: usize = 64;

/// A string argument, read by [`Text::with`] into a buffer on the caller's stack (on the heap
/// only when long): the hot paths take short strings and allocate nothing for them.
pub struct Text {
    env: sys::napi_env,
    value: sys::napi_value,
}

impl Text {
    /// Calls `f` with the string's text.
    #[inline(always)]
    pub fn with<R>(&self, f: impl FnOnce(&str) -> R) -> Result<R> {
        let mut buf = [std::mem::MaybeUninit::<u8>::uninit(); STACK];
        let mut len = 0usize;
        // SAFETY: `buf` has STACK writable bytes; napi writes at most that many.
        let status = unsafe {
            sys::napi_get_value_string_utf8(
                self.env,
                self.value,
                buf.as_mut_ptr().cast::<c_char>(),
                STACK,
                &mut len,
            )
        };
        if status != sys::Status::napi_ok {
            return Err(NapiError::new(Status::from(status), "cannot read string"));
        }
        // A string that may not have fitted (a UTF-8 sequence is at most 4 bytes) is read
        // again at its full length.
        if len + 4 >= STACK {
            return Ok(f(&self.owned()?));
        }
        // SAFETY: napi initialized the first `len` bytes.
        let bytes = unsafe { std::slice::from_raw_parts(buf.as_ptr().cast::<u8>(), len) };
        // napi writes valid UTF-8 (a lone surrogate becomes U+FFFD).
        Ok(f(std::str::from_utf8(bytes).unwrap_or("\u{fffd}")))
    }

    /// The length in UTF-16 units, which N-API gives without looking at the text.
    fn utf16_len(&self) -> Result<usize> {
        let mut units = 0usize;
        unsafe {
            check!(sys::napi_get_value_string_utf16(
                self.env,
                self.value,
                ptr::null_mut(),
                0,
                &mut units
            ));
        }
        Ok(units)
    }

    /// Calls `f` with the text when it is all ASCII, copied out as Latin-1 (a plain copy of
    /// V8's one-byte strings, where UTF-8 output would be encoded character by character);
    /// `None` when a unit is not ASCII, for the caller to read the text with [`Text::with`]
    /// instead. Batches use it: their text is long, and any non-ASCII character makes a code
    /// invalid.
    pub fn with_ascii<R>(&self, f: impl FnOnce(&str) -> R) -> Result<Option<R>> {
        let units = self.utf16_len()?;
        // The UTF-8 length equals the UTF-16 length exactly when every unit is ASCII (any
        // other unit, a lone surrogate included, takes two or more bytes).
        let mut utf8 = 0usize;
        unsafe {
            check!(sys::napi_get_value_string_utf8(
                self.env,
                self.value,
                ptr::null_mut(),
                0,
                &mut utf8
            ));
        }
        if utf8 != units {
            return Ok(None);
        }
        let mut bytes: Vec<u8> = Vec::with_capacity(units + 1);
        let mut copied = 0usize;
        unsafe {
            check!(sys::napi_get_value_string_latin1(
                self.env,
                self.value,
                bytes.as_mut_ptr().cast::<c_char>(),
                units + 1,
                &mut copied
            ));
            // SAFETY: napi initialized `copied` bytes.
            bytes.set_len(copied);
        }
        Ok(std::str::from_utf8(&bytes).ok().map(f))
    }

    /// The whole text as a `String`, read in one pass: the UTF-16 length (which N-API gives
    /// without looking at the text) bounds the UTF-8 length at three bytes per unit.
    #[cold]
    pub fn owned(&self) -> Result<String> {
        let units = self.utf16_len()?;
        let room = units * 3 + 1;
        let mut bytes: Vec<u8> = Vec::with_capacity(room);
        let mut written = 0usize;
        unsafe {
            check!(sys::napi_get_value_string_utf8(
                self.env,
                self.value,
                bytes.as_mut_ptr().cast::<c_char>(),
                room,
                &mut written
            ));
            // SAFETY: napi initialized `written` bytes (the NUL it adds is not counted).
            bytes.set_len(written);
        }
        Ok(String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
    }
}

impl FromNapiValue for Text {
    #[inline]
    unsafe fn from_napi_value(env: sys::napi_env, value: sys::napi_value) -> Result<Self> {
        if typeof_(env, value) != sys::ValueType::napi_string {
            return Err(throw_type(env, "expected a string"));
        }
        Ok(Text { env, value })
    }
}

// ----------------------------------------------------------------------------------------------
// Integers in (bigints; the JavaScript layer converted numbers and checked the range)

/// Reads a bigint as sign + up to two 64-bit words, or `None` for another value or a wider one.
unsafe fn bigint_words(env: sys::napi_env, value: sys::napi_value) -> Option<(bool, u128)> {
    if typeof_(env, value) != sys::ValueType::napi_bigint {
        return None;
    }
    // One call: `n` goes in as the room in `words` and comes back as the words the value needs.
    let mut sign = 0i32;
    let mut words = [0u64; 2];
    let mut n = 2usize;
    if sys::napi_get_value_bigint_words(env, value, &mut sign, &mut n, words.as_mut_ptr())
        != sys::Status::napi_ok
        || n > 2
    {
        return None;
    }
    Some((
        sign != 0,
        u128::from(words[0]) | (u128::from(words[1]) << 64),
    ))
}

macro_rules! bigint_arg {
    ($(#[$doc:meta])* $name:ident, $t:ty, $conv:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy)]
        pub struct $name(pub $t);

        impl FromNapiValue for $name {
            unsafe fn from_napi_value(env: sys::napi_env, value: sys::napi_value) -> Result<Self> {
                let conv: fn(bool, u128) -> Option<$t> = $conv;
                match bigint_words(env, value).and_then(|(neg, mag)| conv(neg, mag)) {
                    Some(v) => Ok($name(v)),
                    None => Err(throw_type(
                        env,
                        concat!("expected a bigint in the range of ", stringify!($t)),
                    )),
                }
            }
        }
    };
}

bigint_arg!(
    /// A `bigint` argument in `0..=2^64-1`.
    U64,
    u64,
    |neg, mag| if neg && mag != 0 { None } else { u64::try_from(mag).ok() }
);
bigint_arg!(
    /// A `bigint` argument in the range of `i64`.
    I64,
    i64,
    |neg, mag| if neg {
        if mag <= 1u128 << 63 { Some((mag as i128).wrapping_neg() as i64) } else { None }
    } else {
        i64::try_from(mag).ok()
    }
);
bigint_arg!(
    /// A `bigint` argument in `0..=2^128-1`.
    U128,
    u128,
    |neg, mag| if neg && mag != 0 { None } else { Some(mag) }
);

// ----------------------------------------------------------------------------------------------
// Values out

/// A value the engine returns: the few JavaScript types of the engine contract. Arrays of them
/// carry the multi-part results (`xid_read`, generator `info`, catalog entries).
pub enum Val {
    /// `undefined`.
    Undef,
    /// `null`.
    Null,
    /// A boolean.
    Bool(bool),
    /// A number.
    Num(f64),
    /// ASCII text (a one-byte string).
    Ascii(Vec<u8>),
    /// Any text.
    Str(String),
    /// A `bigint` of a signed value.
    Int(i128),
    /// A `bigint` of an unsigned 128-bit value.
    U128(u128),
    /// A new `Buffer` holding a copy of the bytes (a `Uint8Array` to any reader).
    Bytes(Vec<u8>),
    /// An array.
    Arr(Vec<Val>),
}

impl Val {
    /// Short ASCII text.
    pub fn ascii(bytes: &[u8]) -> Val {
        Val::Ascii(bytes.to_vec())
    }

    /// `None` -> `undefined`.
    pub fn opt<T: Into<Val>>(v: Option<T>) -> Val {
        v.map_or(Val::Undef, Into::into)
    }

    /// `None` -> `null`.
    pub fn or_null<T: Into<Val>>(v: Option<T>) -> Val {
        v.map_or(Val::Null, Into::into)
    }
}

impl From<&str> for Val {
    fn from(s: &str) -> Val {
        Val::Str(s.to_owned())
    }
}
impl From<String> for Val {
    fn from(s: String) -> Val {
        Val::Str(s)
    }
}
impl From<bool> for Val {
    fn from(b: bool) -> Val {
        Val::Bool(b)
    }
}
impl From<u16> for Val {
    fn from(n: u16) -> Val {
        Val::Num(f64::from(n))
    }
}
impl From<u32> for Val {
    fn from(n: u32) -> Val {
        Val::Num(f64::from(n))
    }
}
impl From<u8> for Val {
    fn from(n: u8) -> Val {
        Val::Num(f64::from(n))
    }
}
impl From<Vec<Val>> for Val {
    fn from(v: Vec<Val>) -> Val {
        Val::Arr(v)
    }
}

/// Creates a JS string from ASCII bytes.
#[inline]
pub(crate) unsafe fn ascii(env: sys::napi_env, bytes: &[u8]) -> Result<sys::napi_value> {
    let mut out = ptr::null_mut();
    check!(sys::napi_create_string_latin1(
        env,
        bytes.as_ptr().cast(),
        bytes.len() as isize,
        &mut out
    ));
    Ok(out)
}

impl ToNapiValue for Val {
    unsafe fn to_napi_value(env: sys::napi_env, val: Self) -> Result<sys::napi_value> {
        let mut out = ptr::null_mut();
        match val {
            Val::Undef => check!(sys::napi_get_undefined(env, &mut out)),
            Val::Null => check!(sys::napi_get_null(env, &mut out)),
            Val::Bool(b) => check!(sys::napi_get_boolean(env, b, &mut out)),
            Val::Num(n) => check!(sys::napi_create_double(env, n, &mut out)),
            Val::Ascii(b) => return ascii(env, &b),
            Val::Str(s) => {
                check!(sys::napi_create_string_utf8(
                    env,
                    s.as_ptr().cast(),
                    s.len() as isize,
                    &mut out
                ))
            }
            Val::Int(v) => {
                let mag = v.unsigned_abs();
                let words = [mag as u64, (mag >> 64) as u64];
                check!(sys::napi_create_bigint_words(
                    env,
                    i32::from(v < 0),
                    2,
                    words.as_ptr(),
                    &mut out
                ))
            }
            Val::U128(v) => {
                let words = [v as u64, (v >> 64) as u64];
                check!(sys::napi_create_bigint_words(
                    env,
                    0,
                    2,
                    words.as_ptr(),
                    &mut out
                ))
            }
            Val::Bytes(b) => {
                let mut data = ptr::null_mut();
                check!(sys::napi_create_buffer_copy(
                    env,
                    b.len(),
                    b.as_ptr().cast(),
                    &mut data,
                    &mut out
                ))
            }
            Val::Arr(items) => {
                check!(sys::napi_create_array_with_length(
                    env,
                    items.len(),
                    &mut out
                ));
                for (i, item) in items.into_iter().enumerate() {
                    let v = Val::to_napi_value(env, item)?;
                    check!(sys::napi_set_element(env, out, i as u32, v));
                }
            }
        }
        Ok(out)
    }
}

/// ASCII text of a fixed length (IDs), created without a heap allocation.
pub struct Ascii<const N: usize>(pub [u8; N]);

impl<const N: usize> ToNapiValue for Ascii<N> {
    #[inline]
    unsafe fn to_napi_value(env: sys::napi_env, val: Self) -> Result<sys::napi_value> {
        ascii(env, &val.0)
    }
}

/// A `bigint` from a `u64` (hot paths: no array, no allocation).
pub struct BigU64(pub u64);

impl ToNapiValue for BigU64 {
    #[inline]
    unsafe fn to_napi_value(env: sys::napi_env, val: Self) -> Result<sys::napi_value> {
        let mut out = ptr::null_mut();
        check!(sys::napi_create_bigint_uint64(env, val.0, &mut out));
        Ok(out)
    }
}

/// A `bigint` from an `i64`.
pub struct BigI64(pub i64);

impl ToNapiValue for BigI64 {
    #[inline]
    unsafe fn to_napi_value(env: sys::napi_env, val: Self) -> Result<sys::napi_value> {
        let mut out = ptr::null_mut();
        check!(sys::napi_create_bigint_int64(env, val.0, &mut out));
        Ok(out)
    }
}

// ----------------------------------------------------------------------------------------------
// Bytes out, into the caller's array

/// The data pointer and byte length of a `Uint8Array` (a `Buffer` included).
pub(crate) unsafe fn typed_bytes(
    env: sys::napi_env,
    value: sys::napi_value,
) -> Result<(*mut u8, usize)> {
    let mut is_typed = false;
    check!(sys::napi_is_typedarray(env, value, &mut is_typed));
    let mut kind = 0;
    let mut len = 0usize;
    let mut data = std::ptr::null_mut();
    let mut buffer = std::ptr::null_mut();
    let mut offset = 0usize;
    if is_typed {
        check!(sys::napi_get_typedarray_info(
            env,
            value,
            &mut kind,
            &mut len,
            &mut data,
            &mut buffer,
            &mut offset
        ));
    }
    if !is_typed || kind != sys::TypedarrayType::uint8_array {
        return Err(throw_type(env, "expected a Uint8Array or Buffer"));
    }
    Ok((data.cast(), len))
}
