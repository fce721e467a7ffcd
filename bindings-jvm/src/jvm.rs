//! What every native function shares: the panic and error boundary, Java strings in and
//! out, and host integers checked against the parameter's type.

use std::panic::{catch_unwind, AssertUnwindSafe};

use jni::objects::{JByteArray, JLongArray, JObject, JString, JThrowable, JValue};
use jni::sys::{jint, jlong, jlongArray, jstring};
use jni::JNIEnv;
use polyid::{Detail, Error, ErrorCode};

/// Why a native function did not return a value.
pub enum Fail {
    /// A core error, thrown as `PolyIdException`.
    Core(Error),
    /// A JNI call failed; a Java exception (e.g. `OutOfMemoryError`) is usually pending.
    Jni(jni::errors::Error),
}

impl From<Error> for Fail {
    fn from(e: Error) -> Fail {
        Fail::Core(e)
    }
}

impl From<jni::errors::Error> for Fail {
    fn from(e: jni::errors::Error) -> Fail {
        Fail::Jni(e)
    }
}

pub type Res<T> = Result<T, Fail>;

const EXCEPTION: &str = "io/polyid/PolyIdException";
const EXCEPTION_CTOR: &str = "(Ljava/lang/String;Ljava/lang/String;JLjava/lang/String;ZJJZJJ)V";

/// Runs `f`; on failure throws and returns `fallback` (which Java never sees, since the
/// method completes with the pending exception).
pub fn call<'l, T>(
    env: &mut JNIEnv<'l>,
    fallback: T,
    f: impl FnOnce(&mut JNIEnv<'l>) -> Res<T>,
) -> T {
    match catch_unwind(AssertUnwindSafe(|| f(env))) {
        Ok(Ok(v)) => v,
        Ok(Err(Fail::Core(e))) => {
            throw(env, &e);
            fallback
        }
        Ok(Err(Fail::Jni(e))) => {
            if !env.exception_check().unwrap_or(true) {
                let e = Error::new(
                    ErrorCode::InternalError,
                    "JNI",
                    Detail::Message(e.to_string().into()),
                );
                throw(env, &e);
            }
            fallback
        }
        Err(_) => {
            // A panic is a bug in polyid; the JVM gets an exception instead of an abort.
            let _ = env.exception_clear();
            let e = Error::reason(
                ErrorCode::InternalError,
                "polyid",
                "a Rust panic was caught at the JNI boundary",
            );
            throw(env, &e);
            fallback
        }
    }
}

/// Throws `PolyIdException(code, message, index, character, hasFoundExpected, found,
/// expected)`; if even that fails, the JVM's own pending exception stands.
fn throw(env: &mut JNIEnv, e: &Error) {
    let _ = try_throw(env, e);
}

fn try_throw(env: &mut JNIEnv, e: &Error) -> jni::errors::Result<()> {
    let code = env.new_string(e.code().as_str())?;
    let message = env.new_string(e.message())?;
    let (index, character) = match (e.index(), e.offending_char()) {
        (Some(i), Some(c)) => (i as jlong, env.new_string(c.to_string())?),
        _ => (-1, JString::from(JObject::null())),
    };
    // Range details as C and Go give them: 64-bit, saturated (the message has the exact
    // values).
    let sat = |v: i128| v.clamp(jlong::MIN.into(), jlong::MAX.into()) as jlong;
    let (has, mut found, expected) = match e.found_expected() {
        Some((f, x)) => (true, f as jlong, x as jlong),
        None => (false, 0, 0),
    };
    let (has_range, min, max) = match *e.detail() {
        Detail::Range { found: f, min, max } => {
            found = sat(f);
            (true, sat(min), sat(max))
        }
        _ => (false, 0, 0),
    };
    let obj = env.new_object(
        EXCEPTION,
        EXCEPTION_CTOR,
        &[
            JValue::Object(&code),
            JValue::Object(&message),
            JValue::Long(index),
            JValue::Object(&character),
            JValue::Bool(has.into()),
            JValue::Long(found),
            JValue::Long(expected),
            JValue::Bool(has_range.into()),
            JValue::Long(min),
            JValue::Long(max),
        ],
    )?;
    env.throw(JThrowable::from(obj))
}

/// The longest string read onto the stack; longer ones are copied to the heap.
pub const STACK: usize = 128;

/// Calls `f` with the text of a Java string. An ASCII string of up to [`STACK`] characters
/// is read onto the stack (the common case: IDs and codes); any other is read as UTF-16 into
/// the heap, each lone surrogate becoming U+FFFD, which no alphabet accepts.
pub fn with_str<R>(env: &mut JNIEnv, s: &JString, f: impl FnOnce(&str) -> R) -> Res<R> {
    if s.is_null() {
        return Err(null_argument());
    }
    let raw = env.get_raw();
    let missing = || jni::errors::Error::NullPtr("JNI function table");
    // SAFETY: `raw` is the current thread's JNIEnv, `s` a live non-null local reference to a
    // java.lang.String, and `GetStringRegion` writes exactly `len` units into buffers of at
    // least `len` units.
    unsafe {
        let fns = &**raw;
        let get_len = fns.GetStringLength.ok_or_else(missing)?;
        let region = fns.GetStringRegion.ok_or_else(missing)?;
        let len = get_len(raw, s.as_raw()).max(0);
        let n = len as usize;
        if n <= STACK {
            let mut units = [0u16; STACK];
            region(raw, s.as_raw(), 0, len, units.as_mut_ptr());
            if units[..n].iter().all(|&u| u < 0x80) {
                let mut bytes = [0u8; STACK];
                for (b, &u) in bytes.iter_mut().zip(&units[..n]) {
                    *b = u as u8;
                }
                // Every byte is ASCII, so this is valid UTF-8.
                let text = std::str::from_utf8(&bytes[..n]).unwrap_or_default();
                return Ok(f(text));
            }
            return Ok(f(&String::from_utf16_lossy(&units[..n])));
        }
        let mut units = vec![0u16; n];
        region(raw, s.as_raw(), 0, len, units.as_mut_ptr());
        if env.exception_check()? {
            return Err(Fail::Jni(jni::errors::Error::JavaException));
        }
        Ok(f(&String::from_utf16_lossy(&units)))
    }
}

/// Calls `f` with `array[offset..offset + length]` (a range the Java caller has checked),
/// copied onto the stack when it is at most [`STACK`] bytes long, else into the heap.
pub fn with_bytes<R>(
    env: &mut JNIEnv,
    array: &JByteArray,
    offset: jint,
    length: jint,
    f: impl FnOnce(&[u8]) -> R,
) -> Res<R> {
    if array.is_null() {
        return Err(null_argument());
    }
    let n = usize::try_from(length).unwrap_or(0);
    let mut stack = [0u8; STACK];
    let mut heap = Vec::new();
    let buf = if n <= STACK {
        &mut stack[..n]
    } else {
        heap.resize(n, 0u8);
        &mut heap[..]
    };
    let raw = env.get_raw();
    // SAFETY: `raw` is the current thread's JNIEnv and `array` a live non-null local reference
    // to a byte[]; `GetByteArrayRegion` writes `length` bytes into `buf`, which holds `n` =
    // `length` bytes, or writes nothing and raises ArrayIndexOutOfBoundsException for a range
    // outside the array. Java checks the range first; were it wrong, the pending exception is
    // what Java sees when the native method returns, whatever `f` computed from the zeros.
    unsafe {
        let region = (**raw).GetByteArrayRegion.ok_or(table_missing())?;
        region(
            raw,
            array.as_raw(),
            offset,
            length.max(0),
            buf.as_mut_ptr().cast(),
        );
    }
    Ok(f(buf))
}

/// Writes ASCII `bytes` to the start of the Java `byte[]` `out` (which Java sized for the
/// longest text) and returns their number, from which Java makes the `String`: cheaper than a
/// JNI string, which is built from modified UTF-8 in the VM. The JNI function table is called
/// directly here and in `with_bytes`: jni-rs's wrappers add a call per array access.
pub fn ascii_into(env: &mut JNIEnv, out: &JByteArray, bytes: &[u8]) -> Res<jint> {
    if out.is_null() {
        return Err(null_argument());
    }
    let raw = env.get_raw();
    // SAFETY: `raw` is the current thread's JNIEnv and `out` a live non-null local reference
    // to a byte[]; `SetByteArrayRegion` reads `bytes.len()` bytes from `bytes` (i8 and u8 have
    // one size and alignment), or raises ArrayIndexOutOfBoundsException (then pending, and
    // what Java sees) when the array is shorter.
    unsafe {
        let set = (**raw).SetByteArrayRegion.ok_or(table_missing())?;
        set(
            raw,
            out.as_raw(),
            0,
            bytes.len() as jint,
            bytes.as_ptr().cast(),
        );
    }
    Ok(bytes.len() as jint)
}

/// Writes `values` to the start of the Java `long[]` `out` (an EUID's halves).
pub fn longs_into(env: &mut JNIEnv, out: &JLongArray, values: &[i64]) -> Res<()> {
    if out.is_null() {
        return Err(null_argument());
    }
    let raw = env.get_raw();
    // SAFETY: as in `ascii_into`, for a long[] and `SetLongArrayRegion`.
    unsafe {
        let set = (**raw).SetLongArrayRegion.ok_or(table_missing())?;
        set(raw, out.as_raw(), 0, values.len() as jint, values.as_ptr());
    }
    Ok(())
}

fn table_missing() -> jni::errors::Error {
    jni::errors::Error::NullPtr("JNI function table")
}

/// A Java `String` of `text`.
pub fn string(env: &mut JNIEnv, text: &str) -> Res<jstring> {
    Ok(env.new_string(text)?.into_raw())
}

/// A Java `String` of ASCII bytes.
pub fn ascii(env: &mut JNIEnv, bytes: &[u8]) -> Res<jstring> {
    string(env, std::str::from_utf8(bytes).unwrap_or_default())
}

/// A Java `long[]` of `values`.
pub fn longs(env: &mut JNIEnv, values: &[i64]) -> Res<jlongArray> {
    let array = env.new_long_array(values.len() as i32)?;
    env.set_long_array_region(&array, 0, values)?;
    Ok(array.into_raw())
}

/// The null `jobject` of an absent result.
pub fn null<T>() -> *mut T {
    std::ptr::null_mut()
}

fn null_argument() -> Fail {
    Fail::Core(Error::reason(
        ErrorCode::NullPointer,
        "argument",
        "a required argument was null",
    ))
}

/// A Java integer as a part whose valid values are `min..=max` (`polyid::error::in_range`: the
/// parts of a call checked in the order of its parameters).
pub fn arg<T: TryFrom<i128>>(
    v: impl Into<i64>,
    context: &'static str,
    min: impl Into<i128>,
    max: impl Into<i128>,
) -> Res<T> {
    polyid::error::in_range(v.into(), context, min, max).map_err(Fail::Core)
}

/// [`arg`] for an optional parameter as Java passes it: a `long`, `Long.MIN_VALUE` when absent
/// (outside every `int` a caller can pass, so no value of theirs reads as "absent").
pub fn opt_arg<T: TryFrom<i128>>(
    v: jlong,
    context: &'static str,
    min: impl Into<i128>,
    max: impl Into<i128>,
) -> Res<Option<T>> {
    if v == jlong::MIN {
        Ok(None)
    } else {
        arg(v, context, min, max).map(Some)
    }
}

/// A profile by name (`Profile::parse`).
pub fn profile(env: &mut JNIEnv, name: &JString) -> Res<polyid::Profile> {
    Ok(with_str(env, name, polyid::Profile::parse)??)
}
