//! SQLite: the entry point `sqlite3_polyid_init` and the call of one function. The API calls
//! are the wrappers of `sqlite.c` (the one file that sees SQLite's function table).

use core::ffi::{c_char, c_int, c_void};
use std::panic::{catch_unwind, AssertUnwindSafe};

use polyid::Error;

use crate::functions::{self, Arg, Function, Out, Ty, FUNCTIONS};

/// `sqlite3_context`, `sqlite3_value` and `sqlite3`: opaque to Rust.
#[repr(C)]
pub struct Context {
    _private: [u8; 0],
}
#[repr(C)]
pub struct Value {
    _private: [u8; 0],
}
#[repr(C)]
pub struct Db {
    _private: [u8; 0],
}

const SQLITE_INTEGER: c_int = 1;
const SQLITE_FLOAT: c_int = 2;
const SQLITE_TEXT: c_int = 3;
const SQLITE_BLOB: c_int = 4;
const SQLITE_NULL: c_int = 5;

extern "C" {
    fn polyid_sqlite_init(db: *mut Db, err: *mut *mut c_char, api: *const c_void) -> c_int;
    fn polyid_sqlite_value_type(v: *mut Value) -> c_int;
    fn polyid_sqlite_value_text(v: *mut Value) -> *const u8;
    fn polyid_sqlite_value_blob(v: *mut Value) -> *const c_void;
    fn polyid_sqlite_value_bytes(v: *mut Value) -> c_int;
    fn polyid_sqlite_value_int64(v: *mut Value) -> i64;
    fn polyid_sqlite_result_text(ctx: *mut Context, text: *const c_char, len: c_int);
    fn polyid_sqlite_result_blob(ctx: *mut Context, bytes: *const c_void, len: c_int);
    fn polyid_sqlite_result_int64(ctx: *mut Context, v: i64);
    fn polyid_sqlite_result_null(ctx: *mut Context);
    fn polyid_sqlite_result_error(ctx: *mut Context, message: *const c_char, len: c_int);
    fn polyid_sqlite_result_error_nomem(ctx: *mut Context);
}

/// The extension's entry point under its own name, for hosts that name the entry point.
///
/// # Safety
/// Called by SQLite's `load_extension` with its connection, error slot and function table.
#[no_mangle]
pub unsafe extern "C" fn sqlite3_polyid_init(
    db: *mut Db,
    err: *mut *mut c_char,
    api: *const c_void,
) -> c_int {
    // SAFETY: the arguments are SQLite's, passed on unchanged.
    unsafe { polyid_sqlite_init(db, err, api) }
}

/// The entry point SQLite derives from the file's name, `polyid_sqlite.so` (the letters of
/// its name before the first dot). The file is not called `polyid.so`: in a folder on
/// Python's path, `import polyid` would take that name for the Python package.
///
/// # Safety
/// As [`sqlite3_polyid_init`].
#[no_mangle]
pub unsafe extern "C" fn sqlite3_polyidsqlite_init(
    db: *mut Db,
    err: *mut *mut c_char,
    api: *const c_void,
) -> c_int {
    // SAFETY: the arguments are SQLite's, passed on unchanged.
    unsafe { polyid_sqlite_init(db, err, api) }
}

/// The number of functions (for `sqlite.c`).
#[no_mangle]
pub extern "C" fn polyid_sql_count() -> c_int {
    FUNCTIONS.len() as c_int
}

/// The NUL-terminated name of function `index`.
#[no_mangle]
pub extern "C" fn polyid_sql_name(index: c_int) -> *const c_char {
    crate::names()[index as usize].as_ptr()
}

/// The number of arguments of function `index`.
#[no_mangle]
pub extern "C" fn polyid_sql_nargs(index: c_int) -> c_int {
    FUNCTIONS[index as usize].params.len() as c_int
}

/// Whether function `index` is deterministic.
#[no_mangle]
pub extern "C" fn polyid_sql_deterministic(index: c_int) -> c_int {
    c_int::from(FUNCTIONS[index as usize].deterministic)
}

/// Reads argument `v` as the declared type `ty`: `Ok(None)` for NULL.
///
/// # Safety
/// `v` is a live argument of the current call.
unsafe fn read<'a>(
    f: &Function,
    i: usize,
    ty: Ty,
    v: *mut Value,
) -> Result<Option<Arg<'a>>, Error> {
    // SAFETY: `v` is live; the text and blob pointers stay valid until the call returns,
    // and `value_bytes` is read after them, as SQLite's documentation asks.
    unsafe {
        let kind = polyid_sqlite_value_type(v);
        let got = match kind {
            SQLITE_NULL if ty == Ty::IntOrNull => return Ok(Some(Arg::Null)),
            SQLITE_NULL => return Ok(None),
            SQLITE_INTEGER => "an integer",
            SQLITE_FLOAT => "a real",
            SQLITE_TEXT => "text",
            SQLITE_BLOB => "a blob",
            _ => "of an unknown type",
        };
        match (ty, kind) {
            (Ty::Text, SQLITE_TEXT) => {
                let p = polyid_sqlite_value_text(v);
                let n = polyid_sqlite_value_bytes(v);
                if p.is_null() {
                    return Err(nomem());
                }
                let bytes = core::slice::from_raw_parts(p, n.max(0) as usize);
                Ok(Some(Arg::Text(functions::utf8(bytes)?)))
            }
            (Ty::Int | Ty::UInt | Ty::IntOrNull, SQLITE_INTEGER) => {
                Ok(Some(Arg::Int(polyid_sqlite_value_int64(v))))
            }
            (Ty::Bytes16, SQLITE_BLOB) => {
                let p = polyid_sqlite_value_blob(v).cast::<u8>();
                let n = polyid_sqlite_value_bytes(v).max(0) as usize;
                Ok(Some(Arg::Bytes(if p.is_null() {
                    &[]
                } else {
                    core::slice::from_raw_parts(p, n)
                })))
            }
            _ => Err(functions::wrong_type(f, i, ty, got)),
        }
    }
}

fn nomem() -> Error {
    Error::reason(polyid::ErrorCode::InternalError, "SQLite", "out of memory")
}

/// One call of function `index` (from `sqlite.c`).
///
/// # Safety
/// SQLite's context and `argc` live argument values.
#[no_mangle]
pub unsafe extern "C" fn polyid_sqlite_call(
    ctx: *mut Context,
    index: c_int,
    argc: c_int,
    argv: *mut *mut Value,
) {
    // No panic may unwind into SQLite: a defect becomes an SQL error.
    let done = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: as this function's contract says.
        unsafe { call(ctx, index, argc, argv) }
    }));
    if done.is_err() {
        let m = "INTERNAL_ERROR: a defect stopped this polyid call (please report it)";
        // SAFETY: the context is live.
        unsafe { polyid_sqlite_result_error(ctx, m.as_ptr().cast(), m.len() as c_int) };
    }
}

unsafe fn call(ctx: *mut Context, index: c_int, argc: c_int, argv: *mut *mut Value) {
    let f = &FUNCTIONS[index as usize];
    let mut args = [Arg::Int(0); functions::MAX_ARGS];
    debug_assert!(f.params.len() <= args.len() && argc as usize == f.params.len());
    for (i, &ty) in f.params.iter().enumerate() {
        // SAFETY: SQLite passes `argc` (= the registered count) live values.
        match unsafe { read(f, i, ty, *argv.add(i)) } {
            Ok(Some(a)) => args[i] = a,
            // NULL in, NULL out.
            Ok(None) => return unsafe { polyid_sqlite_result_null(ctx) },
            Err(e) => return unsafe { error(ctx, &functions::message(f, &args[..i], &e)) },
        }
    }
    let args = &args[..f.params.len()];
    // SAFETY (every call below): the context is live; SQLite copies text and blobs
    // (SQLITE_TRANSIENT) before the call returns.
    unsafe {
        match functions::run(f, args) {
            Ok(Out::Null) => polyid_sqlite_result_null(ctx),
            Ok(Out::Text(t)) => {
                let b = t.as_bytes();
                polyid_sqlite_result_text(ctx, b.as_ptr().cast(), b.len() as c_int)
            }
            Ok(Out::Int(v)) => polyid_sqlite_result_int64(ctx, v),
            // SQLite integers are signed: an unsigned value keeps its 64 bits (values from
            // 2^63 read as negative), so that it round-trips through the `_format`/`_encode`
            // functions.
            Ok(Out::UInt(v)) => polyid_sqlite_result_int64(ctx, v as i64),
            Ok(Out::Bytes16(b)) => polyid_sqlite_result_blob(ctx, b.as_ptr().cast(), 16),
            Ok(Out::Micros(m)) => match functions::sqlite_datetime(m) {
                Ok(t) => polyid_sqlite_result_text(ctx, t.as_ptr().cast(), t.len() as c_int),
                Err(e) => error(ctx, &functions::message(f, args, &e)),
            },
            Err(e) if e.code() == polyid::ErrorCode::InternalError && e.context() == "SQLite" => {
                polyid_sqlite_result_error_nomem(ctx)
            }
            Err(e) => error(ctx, &functions::message(f, args, &e)),
        }
    }
}

unsafe fn error(ctx: *mut Context, message: &str) {
    // SAFETY: the context is live; SQLite copies the message.
    unsafe { polyid_sqlite_result_error(ctx, message.as_ptr().cast(), message.len() as c_int) }
}
