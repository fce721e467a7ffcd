//! The committed seeds of the Arrow fuzz targets (fuzz/corpus/<target>), each run through its
//! target's own properties (fuzz/fuzz_targets/shared/<target>.rs). `make fuzz` explores from
//! these seeds; here they hold on every `make test`:
//! - `arrow_text`: malformed arrays refused exactly when arrow-rs refuses them, every other
//!   row what the core gives it alone; among its seeds those that fail when the seen-codes
//!   table mistakes two codes alike but for their middle, or when a row may start inside a
//!   character;
//! - `arrow_ffi` (with the `ffi` feature, as `make workspace-test` builds the crate): the C
//!   Data Interface import refuses every changed field that no valid struct has, and imports
//!   an unchanged pair;
//! - `arrow_ints`: integer, timestamp, 16-byte and text columns (malformed ones too) through
//!   the value kernels (TID, xid, uid11 and EUID values, fields and `from_parts`), refused
//!   exactly when arrow-rs refuses them or the kernel does not read their type, every other
//!   row what the core gives it alone;
//! - `arrow_stream` (with the `ffi` feature): a kernel mapped over a stream's chunks gives each
//!   chunk what it gives that chunk alone, its rows' errors counted from the start of the
//!   stream; a later failing or malformed chunk is the error of the whole column as the
//!   bindings say; the stream exported again stays failed;
//! - `arrow_zip` (with the `ffi` feature): the columns of a kernel of several columns, streams
//!   and arrays, read in step give the kernel's rows or error on the whole columns, and a
//!   malformed chunk is `INVALID_ARGUMENT`.

// Also the source of `arrow_ffi`'s columns.
#[path = "../../fuzz/fuzz_targets/shared/arrow_text.rs"]
mod arrow_text;

#[cfg(feature = "ffi")]
#[path = "../../fuzz/fuzz_targets/shared/arrow_ffi.rs"]
mod arrow_ffi;

#[path = "../../fuzz/fuzz_targets/shared/arrow_ints.rs"]
mod arrow_ints;

#[cfg(feature = "ffi")]
#[path = "../../fuzz/fuzz_targets/shared/arrow_stream.rs"]
mod arrow_stream;

#[cfg(feature = "ffi")]
#[path = "../../fuzz/fuzz_targets/shared/arrow_zip.rs"]
mod arrow_zip;

#[path = "../../fuzz/fuzz_targets/shared/replay.rs"]
mod replay;
use replay::replay;

#[test]
fn the_arrow_text_seeds_hold() {
    replay("arrow_text", 20, arrow_text::check);
}

#[cfg(feature = "ffi")]
#[test]
fn the_arrow_ffi_seeds_hold() {
    replay("arrow_ffi", 60, arrow_ffi::check);
}

#[test]
fn the_arrow_ints_seeds_hold() {
    replay("arrow_ints", 90, arrow_ints::check);
}

#[cfg(feature = "ffi")]
#[test]
fn the_arrow_stream_seeds_hold() {
    replay("arrow_stream", 150, arrow_stream::check);
}

#[cfg(feature = "ffi")]
#[test]
fn the_arrow_zip_seeds_hold() {
    replay("arrow_zip", 70, arrow_zip::check);
}
