//! The native half of polyid's JVM binding: `static native` methods of `io.polyid.Native`
//! over Java primitives, strings and arrays, each calling the core once. Every function runs
//! inside [`call`], which turns a core error into a `io.polyid.PolyIdException` with the
//! core's code and message and a caught panic into one with `INTERNAL_ERROR`, so nothing
//! unwinds into the JVM. The Java classes hold every value as primitives (an EUID as two
//! `long` halves) and decode the fields the core documents as plain bit fields themselves.

mod catalog;
mod euid;
mod extuuid;
mod gen;
mod ids;
mod jvm;
mod wdp;

use jni::objects::JClass;
use jni::JNIEnv;

/// An empty native call: the benchmark's floor (the cost of crossing into the library and
/// back, which every call pays once).
#[no_mangle]
pub extern "system" fn Java_io_polyid_Native_noop(_env: JNIEnv, _class: JClass) {}
