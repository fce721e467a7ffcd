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
//!   bindings say; the stream exported again stays failed.

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

/// Runs `check` on every seed of `target`, then fails naming the target and each seed that
/// broke a property (the panic's own message, printed as it happens, says which). At least
/// `at_least` seeds: an emptied or misplaced corpus must fail, not pass with nothing run.
fn replay(target: &str, at_least: usize, check: fn(&[u8])) {
    let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent();
    let dir = repo
        .expect("the repository")
        .join("fuzz/corpus")
        .join(target);
    let mut seeds: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a seed").path())
        .collect();
    seeds.sort();
    assert!(
        seeds.len() >= at_least,
        "fuzz target {target}: {} seeds in {}, expected at least {at_least}",
        seeds.len(),
        dir.display()
    );
    let broken: Vec<String> = seeds
        .iter()
        .filter(|seed| {
            let data = std::fs::read(seed).expect("a seed");
            std::panic::catch_unwind(|| check(&data)).is_err()
        })
        .map(|seed| seed.display().to_string())
        .collect();
    assert!(
        broken.is_empty(),
        "fuzz target {target}: {} of {} seeds broke a property:\n{}",
        broken.len(),
        seeds.len(),
        broken.join("\n")
    );
}

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
