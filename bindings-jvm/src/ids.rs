//! uid11, xid and TID (docs/spec §2, §3): 64-bit values, held in Java as a `long` (uid11 and
//! xid unsigned, TID signed).

use jni::objects::{JByteArray, JClass, JString};
use jni::sys::{jboolean, jint, jlong, jlongArray};
use jni::JNIEnv;
use polyid::tid::{self, Tid};
use polyid::uid11;
use polyid::xid::{self, Xid};

use crate::jvm::{arg, ascii_into, call, longs, null, profile, with_str, Res};

/// An xid's Unix milliseconds argument.
fn xid_ms(v: jlong) -> Res<u64> {
    arg(v, "xid unix_ms", xid::EPOCH_MS, xid::MAX_UNIX_MS)
}

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_uid11Encode(
    mut env: JNIEnv,
    _c: JClass,
    value: jlong,
    out: JByteArray,
) -> jint {
    call(&mut env, 0, |env| {
        let mut text = [0u8; uid11::LEN];
        uid11::encode_into(value as u64, &mut text);
        ascii_into(env, &out, &text)
    })
}

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_uid11Decode(
    mut env: JNIEnv,
    _c: JClass,
    text: JString,
) -> jlong {
    call(&mut env, 0, |env| {
        Ok(with_str(env, &text, uid11::decode)?? as jlong)
    })
}

/// `[lo, hi]` (unsigned bits), or null when no value has the prefix.
#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_uid11PrefixRange(
    mut env: JNIEnv,
    _c: JClass,
    prefix: JString,
) -> jlongArray {
    call(&mut env, null(), |env| {
        match with_str(env, &prefix, uid11::prefix_range)?? {
            Some((lo, hi)) => longs(env, &[lo as i64, hi as i64]),
            None => Ok(null()),
        }
    })
}

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_xidFromParts(
    mut env: JNIEnv,
    _c: JClass,
    unix_ms: jlong,
    random: jint,
) -> jlong {
    call(&mut env, 0, |_| {
        let x = Xid::from_parts(
            xid_ms(unix_ms)?,
            arg(random, "xid random", 0, xid::MAX_RANDOM)?,
        )?;
        Ok(x.value() as jlong)
    })
}

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_xidParse(
    mut env: JNIEnv,
    _c: JClass,
    text: JString,
) -> jlong {
    call(&mut env, 0, |env| {
        Ok(with_str(env, &text, Xid::parse)??.value() as jlong)
    })
}

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_xidGenerate(mut env: JNIEnv, _c: JClass) -> jlong {
    call(&mut env, 0, |_| Ok(Xid::generate()?.value() as jlong))
}

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_xidGenerateAt(
    mut env: JNIEnv,
    _c: JClass,
    unix_ms: jlong,
) -> jlong {
    call(&mut env, 0, |_| {
        Ok(Xid::generate_at(xid_ms(unix_ms)?)?.value() as jlong)
    })
}

/// `[min_unix_ms, max_unix_ms]`, or null when no xid has the prefix.
#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_xidPrefixTimeRange(
    mut env: JNIEnv,
    _c: JClass,
    prefix: JString,
) -> jlongArray {
    call(&mut env, null(), |env| {
        match with_str(env, &prefix, xid::prefix_time_range)?? {
            Some((lo, hi)) => longs(env, &[lo as i64, hi as i64]),
            None => Ok(null()),
        }
    })
}

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_tidFromParts(
    mut env: JNIEnv,
    _c: JClass,
    micros: jlong,
    clock_id: jint,
) -> jlong {
    call(&mut env, 0, |_| {
        let micros = arg(micros, "TID micros", tid::MIN_MICROS, tid::MAX_MICROS)?;
        Ok(Tid::from_parts(micros, arg(clock_id, "TID clock_id", 0, tid::MAX_CLOCK_ID)?)?.value())
    })
}

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_tidFromLong(
    mut env: JNIEnv,
    _c: JClass,
    value: jlong,
) -> jlong {
    call(&mut env, 0, |_| Ok(Tid::from_i64(value)?.value()))
}

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_tidParse(
    mut env: JNIEnv,
    _c: JClass,
    text: JString,
) -> jlong {
    call(&mut env, 0, |env| {
        Ok(with_str(env, &text, Tid::parse)??.value())
    })
}

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_tidParseAs(
    mut env: JNIEnv,
    _c: JClass,
    text: JString,
    profile_name: JString,
) -> jlong {
    call(&mut env, 0, |env| {
        let p = profile(env, &profile_name)?;
        Ok(with_str(env, &text, |t| Tid::parse_as(t, p))??.value())
    })
}

#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_tidGenerate(mut env: JNIEnv, _c: JClass) -> jlong {
    call(&mut env, 0, |_| Ok(Tid::generate()?.value()))
}

/// A TID's 13-symbol text (`display` false) or its dashed display form.
#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_tidText(
    mut env: JNIEnv,
    _c: JClass,
    value: jlong,
    display: jboolean,
    out: JByteArray,
) -> jint {
    call(&mut env, 0, |env| {
        let t = Tid::from_i64(value)?;
        if display != 0 {
            ascii_into(env, &out, &t.display_bytes())
        } else {
            ascii_into(env, &out, &t.to_bytes())
        }
    })
}

/// `[min_micros, max_micros]`, or null when no TID has the prefix.
#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_tidPrefixRange(
    mut env: JNIEnv,
    _c: JClass,
    prefix: JString,
) -> jlongArray {
    call(&mut env, null(), |env| {
        match with_str(env, &prefix, tid::prefix_range)?? {
            Some((lo, hi)) => longs(env, &[lo, hi]),
            None => Ok(null()),
        }
    })
}
