//! # polyid-arrow
//!
//! polyid's column kernels: an Apache Arrow array in, an Arrow array out, every value
//! computed by the core ([`polyid`]), with no per-row allocation on the success path.
//!
//! | family | module | kernels |
//! |---|---|---|
//! | WDP | [`wdp`] | compact IDs, namespace hashes, full IDs, normalized codes, validation, catalog lookup |
//! | TID | [`tid`] | text, values (`int64`), `timestamp[us, UTC]`, clock ids, from parts, generate |
//! | xid, uid11 | [`xid`] | text, values (`uint64`), `timestamp[ms, UTC]`, random bits, from parts, generate; uid11 text and values |
//! | EUID | [`euid`] | text, values (`fixed_size_binary(16)`), `timestamp[ms, UTC]`, extensions, from parts, generate |
//!
//! Text columns may be `utf8`, `large_utf8` or `utf8_view` (dictionary-encoded text through
//! [`per_value`], each value computed once, or [`decode_dictionary`]); the output text
//! columns are `utf8`. A null row gives a null row.
//! A row the core rejects either stops the kernel ([`OnError::Raise`]: a [`ColumnError`] with the row, its input and the core's error) or
//! becomes null with its stable error code in a second column ([`OnError::Null`]).
//!
//! Long columns of fixed-size results (IDs' text, integers, timestamps, 16-byte values) are
//! cut into ranges computed on up to [`max_threads`] threads (`POLYID_ARROW_THREADS`, else
//! the CPUs the process may use), each writing its rows in place; the output is the same as
//! from one thread, and with [`OnError::Raise`] the error is the first invalid row's.
//!
//! ```
//! use arrow_array::{StringArray, cast::AsArray};
//! use polyid_arrow::{wdp, OnError};
//! let codes = StringArray::from(vec!["E.Auth.Token.MISSING", "E.AUTH.TOKEN.000"]);
//! let e = wdp::compact_ids(&codes, None, polyid::Profile::Polyid, OnError::Raise).unwrap_err();
//! assert_eq!((e.row(), e.input(), e.code().as_str()), (Some(1), Some("E.AUTH.TOKEN.000"), "INVALID_SEQUENCE"));
//! ```
#![deny(unsafe_code)]
#![warn(missing_docs)]

mod dictionary;
mod error;
mod ids;
mod input;
mod pages;
mod rows;
mod seen;
mod sink;
mod slots;
mod threads;

pub mod euid;
#[cfg(feature = "ffi")]
pub mod ffi;
#[cfg(feature = "ffi")]
pub mod stream;
pub mod tid;
pub mod wdp;
pub mod xid;

pub use dictionary::{per_value, ColumnKernel};
pub use error::{ColumnError, OnError, Output, MAX_INPUT_BYTES};
pub use input::{check_column, decode_dictionary, validate_for_kernels, validate_full};
pub use threads::max_threads;
