//! Type translation between JavaScript values and the core's Rust types, and the errors that
//! translation throws.
//!
//! Nothing here computes an identifier: it reads JS strings, numbers, bigints, Dates and byte
//! arrays into Rust values, writes Rust values back as JS values, and turns `polyid::Error` into
//! a thrown JS `Error` carrying `.code`.
//!
//! Errors are thrown here (with `napi_throw`) and then reported to napi-rs as
//! `Status::PendingException`, which napi-rs leaves in place. That is how the thrown object can
//! carry the extra fields (`index`, `character`, `found`, `expected`) and how type errors become
//! real `TypeError`s.

use std::ffi::{c_char, c_void, CStr};
use std::ptr;

use napi::bindgen_prelude::{FromNapiValue, ToNapiValue};
use napi::{sys, Env, Error as NapiError, Result, Status};
use polyid::{Detail, Error as IdError, ErrorCode, Result as IdResult};

/// Largest integer a JS number holds exactly.
const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

// ----------------------------------------------------------------------------------------------
// Throwing

/// The error napi-rs receives after we threw our own exception.
#[inline]
fn pending(reason: &str) -> NapiError {
    NapiError::new(Status::PendingException, reason.to_owned())
}

unsafe fn js_string(env: sys::napi_env, s: &str) -> sys::napi_value {
    let mut out = ptr::null_mut();
    sys::napi_create_string_utf8(env, s.as_ptr().cast(), s.len() as isize, &mut out);
    out
}

unsafe fn set(env: sys::napi_env, obj: sys::napi_value, key: &CStr, value: sys::napi_value) {
    if !value.is_null() {
        sys::napi_set_named_property(env, obj, key.as_ptr(), value);
    }
}

unsafe fn js_number(env: sys::napi_env, n: f64) -> sys::napi_value {
    let mut out = ptr::null_mut();
    sys::napi_create_double(env, n, &mut out);
    out
}

/// Throws `err` as a JS `Error` with `.code` (the stable string), the core's message, and the
/// detail fields where the error has them: `index` + `character`, or `found` + `expected`.
/// `item` is set by batch functions: the position of the failing element in the input array.
pub(crate) fn throw_id(env: sys::napi_env, err: &IdError, item: Option<usize>) -> NapiError {
    let message = err.to_string();
    unsafe {
        let code = js_string(env, err.code().as_str());
        let msg = js_string(env, &message);
        let mut obj = ptr::null_mut();
        if sys::napi_create_error(env, code, msg, &mut obj) != sys::Status::napi_ok {
            return NapiError::new(Status::GenericFailure, message);
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
            _ => {
                if let Some((found, expected)) = err.found_expected() {
                    set(env, obj, c"found", js_number(env, found as f64));
                    set(env, obj, c"expected", js_number(env, expected as f64));
                }
            }
        }
        if let Some(item) = item {
            set(env, obj, c"item", js_number(env, item as f64));
        }
        sys::napi_throw(env, obj);
    }
    pending(&message)
}

/// Throws a `TypeError` (code `INVALID_ARGUMENT`) for an argument of the wrong JS type.
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

/// `polyid::Result` -> thrown JS error.
pub(crate) trait OrThrow<T> {
    fn or_throw(self, env: &Env) -> Result<T>;
}

impl<T> OrThrow<T> for IdResult<T> {
    #[inline]
    fn or_throw(self, env: &Env) -> Result<T> {
        match self {
            Ok(v) => Ok(v),
            Err(e) => Err(throw_id(env.raw(), &e, None)),
        }
    }
}

pub(crate) fn type_name(env: sys::napi_env, value: sys::napi_value) -> &'static str {
    let mut t = 0;
    unsafe { sys::napi_typeof(env, value, &mut t) };
    match t {
        sys::ValueType::napi_undefined => "undefined",
        sys::ValueType::napi_null => "null",
        sys::ValueType::napi_boolean => "boolean",
        sys::ValueType::napi_number => "number",
        sys::ValueType::napi_string => "string",
        sys::ValueType::napi_symbol => "symbol",
        sys::ValueType::napi_object => "object",
        sys::ValueType::napi_function => "function",
        sys::ValueType::napi_bigint => "bigint",
        _ => "an unknown value",
    }
}

pub(crate) fn typeof_(env: sys::napi_env, value: sys::napi_value) -> i32 {
    let mut t = 0;
    unsafe { sys::napi_typeof(env, value, &mut t) };
    t
}

// ----------------------------------------------------------------------------------------------
// Strings in

const STACK: usize = 64;

/// A JS string argument (type-checked; its text is read by [`Text::with`]).
pub struct Text {
    env: sys::napi_env,
    value: sys::napi_value,
}

impl Text {
    /// Calls `f` with the string's text (read as UTF-8 into a buffer on this stack frame; on the
    /// heap only for long strings).
    #[inline(always)]
    pub fn with<R>(&self, f: impl FnOnce(&str) -> R) -> Result<R> {
        unsafe { with_str(self.env, self.value, f) }
    }
}

/// Reads the JS string `value` and calls `f` with its text. No copy of the text is moved
/// around: napi writes it into the buffer that `f` reads.
#[inline(always)]
pub(crate) unsafe fn with_str<R>(
    env: sys::napi_env,
    value: sys::napi_value,
    f: impl FnOnce(&str) -> R,
) -> Result<R> {
    let mut buf = [std::mem::MaybeUninit::<u8>::uninit(); STACK];
    let mut len = 0usize;
    let status = sys::napi_get_value_string_utf8(
        env,
        value,
        buf.as_mut_ptr().cast::<c_char>(),
        STACK,
        &mut len,
    );
    if status != sys::Status::napi_ok {
        return Err(NapiError::new(Status::from(status), "cannot read string"));
    }
    // A string that may not have fitted (a UTF-8 sequence is at most 4 bytes) is read again
    // at its full length.
    if len + 4 >= STACK {
        let long = read_long(env, value)?;
        return Ok(f(&long));
    }
    // SAFETY: napi initialized the first `len` bytes.
    let bytes = std::slice::from_raw_parts(buf.as_ptr().cast::<u8>(), len);
    // napi writes valid UTF-8 (a lone surrogate becomes U+FFFD).
    Ok(f(std::str::from_utf8(bytes).unwrap_or("\u{fffd}")))
}

#[cold]
unsafe fn read_long(env: sys::napi_env, value: sys::napi_value) -> Result<String> {
    let mut full = 0usize;
    sys::napi_get_value_string_utf8(env, value, ptr::null_mut(), 0, &mut full);
    let mut bytes = vec![0u8; full + 1];
    let mut written = 0usize;
    let status = sys::napi_get_value_string_utf8(
        env,
        value,
        bytes.as_mut_ptr().cast::<c_char>(),
        full + 1,
        &mut written,
    );
    if status != sys::Status::napi_ok {
        return Err(NapiError::new(Status::from(status), "cannot read string"));
    }
    bytes.truncate(written);
    Ok(String::from_utf8(bytes)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
}

impl FromNapiValue for Text {
    #[inline]
    unsafe fn from_napi_value(env: sys::napi_env, value: sys::napi_value) -> Result<Self> {
        if typeof_(env, value) != sys::ValueType::napi_string {
            return Err(throw_type(
                env,
                &format!("expected a string, got {}", type_name(env, value)),
            ));
        }
        Ok(Text { env, value })
    }
}

// ----------------------------------------------------------------------------------------------
// Integers in

/// An integer argument: a `bigint` (any size) or a `number` that is a safe integer.
#[derive(Clone, Copy, Debug)]
pub enum Int {
    /// Sign and magnitude, when the magnitude fits in 128 bits.
    Val { neg: bool, mag: u128 },
    /// A bigint wider than 128 bits.
    Huge,
}

impl Int {
    /// An `Int` holding `v` (used to range-check values that came in as other types).
    pub fn from_i64(v: i64) -> Int {
        Int::Val {
            neg: v < 0,
            mag: v.unsigned_abs() as u128,
        }
    }

    fn as_i128(self) -> Option<i128> {
        match self {
            Int::Val { neg, mag } => {
                let m = i128::try_from(mag).ok();
                if neg {
                    m.map(|m| -m).or((mag == 1u128 << 127).then_some(i128::MIN))
                } else {
                    m
                }
            }
            Int::Huge => None,
        }
    }

    fn as_u128(self) -> Option<u128> {
        match self {
            Int::Val { neg: false, mag } => Some(mag),
            Int::Val { neg: true, mag: 0 } => Some(0),
            _ => None,
        }
    }

    fn out_of_range(self, context: &'static str, min: i128, max: i128) -> IdError {
        match self.as_i128() {
            Some(found) => IdError::new(
                ErrorCode::OutOfRange,
                context,
                Detail::Range { found, min, max },
            ),
            None => IdError::reason(
                ErrorCode::OutOfRange,
                context,
                "the integer does not fit the parameter's type",
            ),
        }
    }

    /// The value as `T`, or `OUT_OF_RANGE` naming `context`.
    pub fn get<T: IntTarget>(self, context: &'static str) -> IdResult<T> {
        T::from_int(self).ok_or_else(|| self.out_of_range(context, T::MIN, T::MAX))
    }

    /// The value as `T`, or `OUT_OF_RANGE` reporting the family's range `min..=max` (the core
    /// checks that range itself for the values that fit `T`).
    pub fn get_within<T: IntTarget>(
        self,
        context: &'static str,
        min: i128,
        max: i128,
    ) -> IdResult<T> {
        T::from_int(self).ok_or_else(|| self.out_of_range(context, min, max))
    }

    /// The value as `u128` (every non-negative value below 2^128).
    pub fn u128(self, context: &'static str) -> IdResult<u128> {
        self.as_u128()
            .ok_or_else(|| IdError::reason(ErrorCode::OutOfRange, context, "not in 0..=2^128-1"))
    }

    unsafe fn read_bigint(env: sys::napi_env, value: sys::napi_value) -> Result<Int> {
        let mut lossless = false;
        let mut i = 0i64;
        sys::napi_get_value_bigint_int64(env, value, &mut i, &mut lossless);
        if lossless {
            return Ok(Int::Val {
                neg: i < 0,
                mag: i.unsigned_abs() as u128,
            });
        }
        let mut u = 0u64;
        sys::napi_get_value_bigint_uint64(env, value, &mut u, &mut lossless);
        if lossless {
            return Ok(Int::Val {
                neg: false,
                mag: u as u128,
            });
        }
        // With both `sign` and `words` null, napi reports the number of words needed.
        let mut count = 0usize;
        sys::napi_get_value_bigint_words(env, value, ptr::null_mut(), &mut count, ptr::null_mut());
        let mut sign = 0i32;
        if count > 2 {
            return Ok(Int::Huge);
        }
        let mut words = [0u64; 2];
        count = 2;
        sys::napi_get_value_bigint_words(env, value, &mut sign, &mut count, words.as_mut_ptr());
        Ok(Int::Val {
            neg: sign != 0,
            mag: words[0] as u128 | (words[1] as u128) << 64,
        })
    }
}

/// Rust integer types an [`Int`] converts into.
pub trait IntTarget: Sized {
    const MIN: i128;
    const MAX: i128;
    fn from_int(v: Int) -> Option<Self>;
}

macro_rules! int_target {
    ($($t:ty),*) => {$(
        impl IntTarget for $t {
            const MIN: i128 = <$t>::MIN as i128;
            const MAX: i128 = <$t>::MAX as i128;
            #[inline]
            fn from_int(v: Int) -> Option<$t> {
                match v {
                    Int::Val { neg: false, mag } => <$t>::try_from(mag).ok(),
                    _ => v.as_i128().and_then(|i| <$t>::try_from(i).ok()),
                }
            }
        }
    )*};
}
int_target!(u16, u32, u64, i64, usize);

impl FromNapiValue for Int {
    #[inline]
    unsafe fn from_napi_value(env: sys::napi_env, value: sys::napi_value) -> Result<Self> {
        match typeof_(env, value) {
            sys::ValueType::napi_bigint => Int::read_bigint(env, value),
            sys::ValueType::napi_number => {
                let mut n = 0f64;
                sys::napi_get_value_double(env, value, &mut n);
                if n.is_finite() && n.fract() == 0.0 && n.abs() <= MAX_SAFE {
                    Ok(Int::Val {
                        neg: n < 0.0,
                        mag: n.abs() as u128,
                    })
                } else if n.is_finite() && n.fract() == 0.0 {
                    Err(throw_type(
                        env,
                        &format!(
                            "{n} is not a safe integer: pass a bigint for values beyond 2^53-1"
                        ),
                    ))
                } else {
                    Err(throw_type(env, &format!("expected an integer, got {n}")))
                }
            }
            _ => Err(throw_type(
                env,
                &format!(
                    "expected an integer (bigint or number), got {}",
                    type_name(env, value)
                ),
            )),
        }
    }
}

/// A boolean argument (strict: only `true`/`false`).
pub struct Bool(pub bool);

impl FromNapiValue for Bool {
    unsafe fn from_napi_value(env: sys::napi_env, value: sys::napi_value) -> Result<Self> {
        if typeof_(env, value) != sys::ValueType::napi_boolean {
            return Err(throw_type(
                env,
                &format!("expected a boolean, got {}", type_name(env, value)),
            ));
        }
        let mut b = false;
        sys::napi_get_value_bool(env, value, &mut b);
        Ok(Bool(b))
    }
}

// ----------------------------------------------------------------------------------------------
// Dates, bytes, arrays, records in

/// A `Date` argument, as integer Unix milliseconds.
pub struct DateArg(pub i64);

impl FromNapiValue for DateArg {
    unsafe fn from_napi_value(env: sys::napi_env, value: sys::napi_value) -> Result<Self> {
        let mut is_date = false;
        sys::napi_is_date(env, value, &mut is_date);
        if !is_date {
            return Err(throw_type(
                env,
                &format!("expected a Date, got {}", type_name(env, value)),
            ));
        }
        let mut ms = 0f64;
        sys::napi_get_date_value(env, value, &mut ms);
        if !ms.is_finite() {
            let e = IdError::reason(ErrorCode::OutOfRange, "Date", "Invalid Date");
            return Err(throw_id(env, &e, None));
        }
        // A valid Date holds an integer in +-8.64e15.
        Ok(DateArg(ms as i64))
    }
}

/// A `Uint8Array` (including `Buffer`) or `ArrayBuffer` argument, copied.
pub struct BytesArg(pub Vec<u8>);

impl FromNapiValue for BytesArg {
    unsafe fn from_napi_value(env: sys::napi_env, value: sys::napi_value) -> Result<Self> {
        let mut yes = false;
        sys::napi_is_typedarray(env, value, &mut yes);
        let mut data: *mut c_void = ptr::null_mut();
        let mut len = 0usize;
        if yes {
            let mut kind = 0;
            let mut ab = ptr::null_mut();
            let mut offset = 0usize;
            sys::napi_get_typedarray_info(
                env,
                value,
                &mut kind,
                &mut len,
                &mut data,
                &mut ab,
                &mut offset,
            );
            if kind != sys::TypedarrayType::uint8_array {
                return Err(throw_type(
                    env,
                    "expected a Uint8Array or Buffer, got another typed array",
                ));
            }
        } else {
            sys::napi_is_arraybuffer(env, value, &mut yes);
            if !yes {
                return Err(throw_type(
                    env,
                    &format!(
                        "expected a Uint8Array or Buffer, got {}",
                        type_name(env, value)
                    ),
                ));
            }
            sys::napi_get_arraybuffer_info(env, value, &mut data, &mut len);
        }
        let bytes = if len == 0 || data.is_null() {
            Vec::new()
        } else {
            std::slice::from_raw_parts(data.cast::<u8>(), len).to_vec()
        };
        Ok(BytesArg(bytes))
    }
}

/// An array argument (its elements are read by the caller).
pub struct ArrayArg {
    pub value: sys::napi_value,
    pub len: u32,
}

impl FromNapiValue for ArrayArg {
    unsafe fn from_napi_value(env: sys::napi_env, value: sys::napi_value) -> Result<Self> {
        let mut yes = false;
        sys::napi_is_array(env, value, &mut yes);
        if !yes {
            return Err(throw_type(
                env,
                &format!("expected an array, got {}", type_name(env, value)),
            ));
        }
        let mut len = 0u32;
        sys::napi_get_array_length(env, value, &mut len);
        Ok(ArrayArg { value, len })
    }
}

/// `namedSequences`: a plain object `{ NAME: number }` of extra sequence names.
pub struct Names(pub polyid::wdp::NamedSequences);

impl FromNapiValue for Names {
    unsafe fn from_napi_value(env: sys::napi_env, value: sys::napi_value) -> Result<Self> {
        let mut is_array = false;
        sys::napi_is_array(env, value, &mut is_array);
        if typeof_(env, value) != sys::ValueType::napi_object || is_array {
            return Err(throw_type(
                env,
                &format!(
                    "namedSequences: expected an object {{ NAME: number }}, got {}",
                    if is_array {
                        "array"
                    } else {
                        type_name(env, value)
                    }
                ),
            ));
        }
        // A failing call here means a JS exception is pending (a throwing getter or proxy
        // trap): it propagates as it is.
        let pending = || NapiError::new(Status::PendingException, "namedSequences".to_owned());
        let mut keys = ptr::null_mut();
        if sys::napi_get_all_property_names(
            env,
            value,
            sys::KeyCollectionMode::own_only,
            sys::KeyFilter::enumerable | sys::KeyFilter::skip_symbols,
            sys::KeyConversion::numbers_to_strings,
            &mut keys,
        ) != sys::Status::napi_ok
        {
            return Err(pending());
        }
        let mut len = 0u32;
        sys::napi_get_array_length(env, keys, &mut len);
        let mut table = polyid::wdp::NamedSequences::standard();
        for i in 0..len {
            let mut key = ptr::null_mut();
            if sys::napi_get_element(env, keys, i, &mut key) != sys::Status::napi_ok {
                return Err(pending());
            }
            let name = with_str(env, key, str::to_owned)?;
            let mut number = ptr::null_mut();
            if sys::napi_get_property(env, value, key, &mut number) != sys::Status::napi_ok {
                return Err(pending());
            }
            if typeof_(env, number) != sys::ValueType::napi_number
                && typeof_(env, number) != sys::ValueType::napi_bigint
            {
                return Err(throw_type(
                    env,
                    &format!(
                        "namedSequences[{:?}]: expected a number, got {}",
                        name,
                        type_name(env, number)
                    ),
                ));
            }
            let n = Int::from_napi_value(env, number)?;
            let inserted = n
                .get_within::<u16>("named sequence", 1, 999)
                .and_then(|n| table.insert(&name, n));
            if let Err(e) = inserted {
                return Err(throw_id(env, &e, None));
            }
        }
        Ok(Names(table))
    }
}

// ----------------------------------------------------------------------------------------------
// Values out

macro_rules! check {
    ($e:expr) => {{
        let status = $e;
        if status != sys::Status::napi_ok {
            return Err(NapiError::new(Status::from(status), "napi call failed"));
        }
    }};
}

/// ASCII text of a fixed length, created as a one-byte JS string.
pub struct Ascii<const N: usize>(pub [u8; N]);

impl<const N: usize> ToNapiValue for Ascii<N> {
    #[inline]
    unsafe fn to_napi_value(env: sys::napi_env, val: Self) -> Result<sys::napi_value> {
        ascii(env, &val.0)
    }
}

/// ASCII text of any length.
pub struct AsciiString(pub String);

impl ToNapiValue for AsciiString {
    #[inline]
    unsafe fn to_napi_value(env: sys::napi_env, val: Self) -> Result<sys::napi_value> {
        ascii(env, val.0.as_bytes())
    }
}

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

/// A `bigint` from a `u64`.
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

/// A `bigint` from a `u128`.
pub struct BigU128(pub u128);

impl ToNapiValue for BigU128 {
    #[inline]
    unsafe fn to_napi_value(env: sys::napi_env, val: Self) -> Result<sys::napi_value> {
        let words = [val.0 as u64, (val.0 >> 64) as u64];
        let mut out = ptr::null_mut();
        check!(sys::napi_create_bigint_words(
            env,
            0,
            2,
            words.as_ptr(),
            &mut out
        ));
        Ok(out)
    }
}

/// A two-element array `[lo, hi]`.
pub struct Pair<T>(pub T, pub T);

impl<T: ToNapiValue> ToNapiValue for Pair<T> {
    unsafe fn to_napi_value(env: sys::napi_env, val: Self) -> Result<sys::napi_value> {
        let mut arr = ptr::null_mut();
        check!(sys::napi_create_array_with_length(env, 2, &mut arr));
        let a = T::to_napi_value(env, val.0)?;
        let b = T::to_napi_value(env, val.1)?;
        check!(sys::napi_set_element(env, arr, 0, a));
        check!(sys::napi_set_element(env, arr, 1, b));
        Ok(arr)
    }
}

/// A JS `Date` from Unix milliseconds.
pub struct DateOut(pub f64);

impl ToNapiValue for DateOut {
    unsafe fn to_napi_value(env: sys::napi_env, val: Self) -> Result<sys::napi_value> {
        let mut out = ptr::null_mut();
        check!(sys::napi_create_date(env, val.0, &mut out));
        Ok(out)
    }
}

/// A `Buffer` holding a copy of the bytes.
pub struct BufferOut<const N: usize>(pub [u8; N]);

impl<const N: usize> ToNapiValue for BufferOut<N> {
    unsafe fn to_napi_value(env: sys::napi_env, val: Self) -> Result<sys::napi_value> {
        let mut out = ptr::null_mut();
        let mut data = ptr::null_mut();
        check!(sys::napi_create_buffer_copy(
            env,
            N,
            val.0.as_ptr().cast(),
            &mut data,
            &mut out
        ));
        Ok(out)
    }
}

/// A `Buffer` holding a copy of bytes of any length.
pub struct BytesOut(pub Vec<u8>);

impl ToNapiValue for BytesOut {
    unsafe fn to_napi_value(env: sys::napi_env, val: Self) -> Result<sys::napi_value> {
        let mut out = ptr::null_mut();
        let mut data = ptr::null_mut();
        check!(sys::napi_create_buffer_copy(
            env,
            val.0.len(),
            val.0.as_ptr().cast(),
            &mut data,
            &mut out
        ));
        Ok(out)
    }
}

/// A frozen array of ASCII strings.
pub(crate) unsafe fn frozen_strings(env: sys::napi_env, items: &[&str]) -> Result<sys::napi_value> {
    let mut arr = ptr::null_mut();
    check!(sys::napi_create_array_with_length(
        env,
        items.len(),
        &mut arr
    ));
    for (i, s) in items.iter().enumerate() {
        let v = ascii(env, s.as_bytes())?;
        check!(sys::napi_set_element(env, arr, i as u32, v));
    }
    check!(sys::napi_object_freeze(env, arr));
    Ok(arr)
}
