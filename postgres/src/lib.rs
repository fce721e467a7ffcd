//! polyid's PostgreSQL extension, the Rust side: every computation the C glue
//! (`src/polyid.c`) needs, as C functions that return a status and write a message, never
//! raising anything themselves. The glue turns a status into `ereport(ERROR)` after the call
//! has returned, so PostgreSQL's longjmp never crosses a Rust frame, and every call runs under
//! a panic guard, so no panic unwinds into the server.
//!
//! - `call.rs`: the SQL functions shared with the SQLite/DuckDB extensions (one table).
//! - `types.rs`: the `uid11`, `xid`, `tid` and `euid` types: text, bytes, numbers, fields,
//!   time bounds, typed generators.
//! - `node.rs`: the node each backend claims from the `polyid.node` range before it generates.

use std::panic::{catch_unwind, AssertUnwindSafe};

pub mod call;
pub mod node;
pub mod types;

/// Success.
pub const OK: i32 = 0;
/// Text that does not parse: SQLSTATE 22P02 (invalid_text_representation).
pub const INVALID_TEXT: i32 = 1;
/// A value out of range, or a generator that cannot issue: SQLSTATE 22023
/// (invalid_parameter_value).
pub const INVALID_VALUE: i32 = 2;
/// A defect (a panic caught at the boundary): SQLSTATE XX000.
pub const INTERNAL: i32 = 3;

/// Room for a message: they are bounded by the core (each input quoted at most 64
/// characters), so this is never the limit in practice; a longer one is cut at a character.
pub const MESSAGE_CAP: usize = 1024;

/// A message for the glue's `ereport`, written by a failing call.
#[repr(C)]
pub struct Message {
    /// Bytes of `text` in use (UTF-8, no NUL).
    pub len: usize,
    pub text: [u8; MESSAGE_CAP],
}

/// A failed call: the status and the message.
pub struct Failure {
    pub status: i32,
    pub message: String,
}

impl Failure {
    pub fn text(message: String) -> Failure {
        Failure {
            status: INVALID_TEXT,
            message,
        }
    }

    pub fn value(message: String) -> Failure {
        Failure {
            status: INVALID_VALUE,
            message,
        }
    }
}

/// Runs `f` under a panic guard, writing a failure's message into `msg`.
///
/// # Safety
/// `msg` points to a writable [`Message`].
pub(crate) unsafe fn guard(msg: *mut Message, f: impl FnOnce() -> Result<(), Failure>) -> i32 {
    let failure = match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(())) => return OK,
        Ok(Err(failure)) => failure,
        Err(_) => Failure {
            status: INTERNAL,
            message: "INTERNAL_ERROR: a defect stopped this polyid call (please report it)"
                .to_owned(),
        },
    };
    let mut end = failure.message.len().min(MESSAGE_CAP);
    while !failure.message.is_char_boundary(end) {
        end -= 1;
    }
    // SAFETY: the caller gives a writable Message; `end` <= MESSAGE_CAP.
    unsafe {
        let msg = &mut *msg;
        msg.text[..end].copy_from_slice(&failure.message.as_bytes()[..end]);
        msg.len = end;
    }
    failure.status
}

/// The bytes at `ptr` (`len` of them; any pointer when `len` is 0).
///
/// # Safety
/// `ptr` points to `len` readable bytes that outlive the call.
pub(crate) unsafe fn bytes<'a>(ptr: *const u8, len: usize) -> &'a [u8] {
    if len == 0 {
        &[]
    } else {
        // SAFETY: as the contract says.
        unsafe { core::slice::from_raw_parts(ptr, len) }
    }
}
