//! EUID (docs/spec §4): 128-bit values, held in Java as two `long` halves (`hi`, `lo`) and
//! returned by writing them into a `long[2]` the Java caller passes (a Java allocation costs
//! less than an array made through JNI).

use jni::objects::{JByteArray, JClass, JLongArray, JString};
use jni::sys::{jboolean, jint, jlong};
use jni::JNIEnv;
use polyid::clock::SystemClock;
use polyid::euid::{self, Euid};

use crate::jvm::{arg, ascii_into, call, longs_into, opt_arg, profile, with_str, Res};

/// An optional extension argument (`Long.MIN_VALUE`: none).
fn extension_arg(v: jlong) -> Res<Option<u16>> {
    opt_arg(v, "EUID extension", 0, euid::MAX_EXTENSION)
}

fn of(hi: jlong, lo: jlong) -> Euid {
    Euid::from_halves(hi as u64, lo as u64)
}

pub fn halves(env: &mut JNIEnv, out: &JLongArray, e: Euid) -> Res<()> {
    longs_into(env, out, &[e.hi() as i64, e.lo() as i64])
}

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_euidFromParts(
    mut env: JNIEnv,
    _c: JClass,
    unix_ms: jlong,
    extension: jlong,
    padding: jint,
    random: jlong,
    out: JLongArray,
) {
    call(&mut env, (), |env| {
        let ms = arg(unix_ms, "EUID unix_ms", 0, euid::MAX_UNIX_MS)?;
        let ext = extension_arg(extension)?;
        let padding = arg(padding, "EUID padding", 0, euid::max_padding(ext))?;
        let e = Euid::from_parts(ms, ext, padding, random as u64)?;
        halves(env, &out, e)
    })
}

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_euidFromBytes(
    mut env: JNIEnv,
    _c: JClass,
    bytes: JByteArray,
    out: JLongArray,
) {
    call(&mut env, (), |env| {
        let bytes = env.convert_byte_array(&bytes)?;
        let e = Euid::from_slice(&bytes)?;
        halves(env, &out, e)
    })
}

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_euidParse(
    mut env: JNIEnv,
    _c: JClass,
    text: JString,
    out: JLongArray,
) {
    call(&mut env, (), |env| {
        let e = with_str(env, &text, Euid::parse)??;
        halves(env, &out, e)
    })
}

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_euidParseAs(
    mut env: JNIEnv,
    _c: JClass,
    text: JString,
    profile_name: JString,
    out: JLongArray,
) {
    call(&mut env, (), |env| {
        let p = profile(env, &profile_name)?;
        let e = with_str(env, &text, |t| Euid::parse_as(t, p))??;
        halves(env, &out, e)
    })
}

/// The 27-symbol text, with the check symbol or the "no check" one.
#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_euidText(
    mut env: JNIEnv,
    _c: JClass,
    hi: jlong,
    lo: jlong,
    check: jboolean,
    out: JByteArray,
) -> jint {
    call(&mut env, 0, |env| {
        ascii_into(env, &out, &of(hi, lo).encode_bytes(check != 0))
    })
}

/// The check value (the value mod 127).
#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_euidCheckmod(
    mut env: JNIEnv,
    _c: JClass,
    hi: jlong,
    lo: jlong,
) -> jint {
    call(&mut env, 0, |_| Ok(jint::from(of(hi, lo).checkmod())))
}

/// `Euid::generate(extension)`.
#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_euidGenerate(
    mut env: JNIEnv,
    _c: JClass,
    extension: jlong,
    out: JLongArray,
) {
    call(&mut env, (), |env| {
        let e = Euid::generate_with(&SystemClock, extension_arg(extension)?)?;
        halves(env, &out, e)
    })
}

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_euidGenerateAt(
    mut env: JNIEnv,
    _c: JClass,
    unix_ms: jlong,
    extension: jlong,
    out: JLongArray,
) {
    call(&mut env, (), |env| {
        let e = Euid::generate_at(
            arg(unix_ms, "EUID unix_ms", 0, euid::MAX_UNIX_MS)?,
            extension_arg(extension)?,
        )?;
        halves(env, &out, e)
    })
}

/// `Euid::next_with(SystemClock)`.
#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_euidNext(
    mut env: JNIEnv,
    _c: JClass,
    hi: jlong,
    lo: jlong,
    out: JLongArray,
) {
    call(&mut env, (), |env| {
        let e = of(hi, lo).next_with(&SystemClock)?;
        halves(env, &out, e)
    })
}
