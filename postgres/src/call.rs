//! The SQL functions of the SQLite/DuckDB extensions' table (`polyid_sql_functions`), called
//! by one C function that every one of them is declared with: the glue finds a function by
//! its SQL name once per call site, checks the declared types against the table, then hands
//! each row's arguments here.
//!
//! Types as the pure-SQL tier declares them (`polyid--plpgsql.sql`), so that a query runs
//! unchanged on either tier: text, bigint (an unsigned value keeps its 64 bits), bytea (16
//! bytes), timestamptz.

use polyid_sql_functions::{self as functions, Arg, Function, Out, Text, Ty, FUNCTIONS, MAX_ARGS};

use crate::{bytes, guard, node, Failure, Message};

/// An argument: `kind` 0 text (`ptr`, `len`), 1 bigint (`int`), 2 bytea (`ptr`, `len`), 3 NULL
/// (for a bigint-or-NULL parameter).
#[repr(C)]
pub struct PgArg {
    pub kind: u32,
    pub ptr: *const u8,
    pub len: usize,
    pub int: i64,
}

/// A result: `kind` 0 NULL, 1 text (`len` bytes in `inline`, or at `heap` when longer, freed
/// with [`polyid_pg_free`]), 2 bigint (`int`), 3 16 bytes (`inline`), 4 a timestamp (`int`,
/// microseconds since 1970).
#[repr(C)]
pub struct PgOut {
    pub kind: u32,
    pub len: usize,
    pub int: i64,
    pub inline: [u8; OUT_INLINE],
    pub heap: *mut u8,
}

/// Text results up to this length come back inline.
pub const OUT_INLINE: usize = 48;

/// A type as the glue checks it: 0 text, 1 bigint, 2 bytea, 3 timestamptz, 4 bigint or NULL
/// (the glue passes its NULL on).
fn pg_type(ty: Ty) -> u32 {
    match ty {
        Ty::Text => 0,
        Ty::Int | Ty::UInt => 1,
        Ty::Bytes16 => 2,
        Ty::Timestamp => 3,
        Ty::IntOrNull => 4,
    }
}

/// The table index of the function named `name`, or -1.
///
/// # Safety
/// `name` points to `len` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn polyid_pg_find(name: *const u8, len: usize) -> i32 {
    // SAFETY: as the contract says.
    let name = unsafe { bytes(name, len) };
    FUNCTIONS
        .iter()
        .position(|f| f.name.as_bytes() == name)
        .map_or(-1, |i| i as i32)
}

/// Function `index`'s declared types ([`pg_type`] codes): `params` gets up to `MAX_ARGS`,
/// the count is returned; `ret` the result's; `volatile` 1 for a generator.
///
/// # Safety
/// `index` came from [`polyid_pg_find`]; the pointers are writable.
#[no_mangle]
pub unsafe extern "C" fn polyid_pg_signature(
    index: i32,
    params: *mut u32,
    ret: *mut u32,
    volatile: *mut i32,
) -> usize {
    let f = &FUNCTIONS[index as usize];
    // SAFETY: as the contract says (MAX_ARGS entries of `params`, as the glue declares).
    unsafe {
        for (i, &ty) in f.params.iter().enumerate() {
            *params.add(i) = pg_type(ty);
        }
        *ret = pg_type(f.ret);
        *volatile = i32::from(!f.deterministic);
    }
    f.params.len()
}

/// One call of function `index` with `args` (none NULL but a bigint-or-NULL one's). A
/// generator first claims this backend's node from `node_range` (the `polyid.node` setting).
///
/// # Safety
/// `index` came from [`polyid_pg_find`]; `args` holds the function's arguments, each pointing
/// to live bytes; `node_range` points to `node_len` bytes; `out` and `msg` are writable.
#[no_mangle]
pub unsafe extern "C" fn polyid_pg_call(
    index: i32,
    args: *const PgArg,
    node_range: *const u8,
    node_len: usize,
    out: *mut PgOut,
    msg: *mut Message,
) -> i32 {
    let f = &FUNCTIONS[index as usize];
    // SAFETY: as the contract says.
    unsafe {
        guard(msg, || {
            if !f.deterministic {
                node::claim(bytes(node_range, node_len)).map_err(|e| failure(f, &[], &e))?;
            }
            let args = core::slice::from_raw_parts(args, f.params.len());
            run(f, args, &mut *out)
        })
    }
}

/// Frees a text result's `heap` bytes.
///
/// # Safety
/// `ptr` and `len` came from one [`PgOut`] of [`polyid_pg_call`], not freed before.
#[no_mangle]
pub unsafe extern "C" fn polyid_pg_free(ptr: *mut u8, len: usize) {
    if !ptr.is_null() {
        // SAFETY: made by Box::into_raw of a boxed slice of `len` bytes in `run`.
        drop(unsafe { Box::from_raw(core::ptr::slice_from_raw_parts_mut(ptr, len)) });
    }
}

/// # Safety
/// Each argument's pointer is live for `len` bytes.
unsafe fn run(f: &Function, pg: &[PgArg], out: &mut PgOut) -> Result<(), Failure> {
    let mut args = [Arg::Int(0); MAX_ARGS];
    for (i, a) in pg.iter().enumerate() {
        // SAFETY: as the contract says.
        let b = unsafe { bytes(a.ptr, a.len) };
        args[i] = match a.kind {
            0 => match functions::utf8(b) {
                Ok(t) => Arg::Text(t),
                // A database in another encoding than UTF8 can hand any bytes.
                Err(e) => return Err(failure(f, &args[..i], &e)),
            },
            2 => Arg::Bytes(b),
            3 => Arg::Null,
            _ => Arg::Int(a.int),
        };
    }
    let args = &args[..pg.len()];
    out.heap = core::ptr::null_mut();
    match functions::run(f, args) {
        Ok(Out::Null) => out.kind = 0,
        Ok(Out::Text(Text::Heap(s))) if s.len() > OUT_INLINE => {
            out.kind = 1;
            out.len = s.len();
            out.heap = Box::into_raw(s.into_bytes().into_boxed_slice()).cast::<u8>();
        }
        Ok(Out::Text(t)) => {
            let b = t.as_bytes();
            out.kind = 1;
            out.len = b.len();
            out.inline[..b.len()].copy_from_slice(b);
        }
        Ok(Out::Int(v)) => (out.kind, out.int) = (2, v),
        Ok(Out::UInt(v)) => (out.kind, out.int) = (2, v as i64),
        Ok(Out::Bytes16(b)) => {
            out.kind = 3;
            out.len = 16;
            out.inline[..16].copy_from_slice(&b);
        }
        Ok(Out::Micros(m)) => (out.kind, out.int) = (4, m),
        Err(e) => return Err(failure(f, args, &e)),
    }
    Ok(())
}

/// The SQLite/DuckDB extensions' message; SQLSTATE 22P02 when the function reads text (the
/// text did not parse), 22023 when it reads values or none (a value out of range, a
/// generator that cannot issue), as the pure-SQL tier raises them.
fn failure(f: &Function, args: &[Arg<'_>], e: &polyid::Error) -> Failure {
    let message = functions::message(f, args, e);
    if f.params.contains(&Ty::Text) {
        Failure::text(message)
    } else {
        Failure::value(message)
    }
}
