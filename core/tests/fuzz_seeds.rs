//! The committed seeds of the core's fuzz targets (fuzz/corpus/<target>), each run through its
//! target's own properties (fuzz/fuzz_targets/shared/<target>.rs): the independent readings of
//! docs/spec, the round trips, the error codes. `make fuzz` explores from these seeds; here
//! they hold on every `make test`, the `regress-*` seeds of past findings among them.

// Catalogs are a feature of the crate (on by default), as in tests/catalog.rs.
#[cfg(feature = "catalog")]
#[path = "../../fuzz/fuzz_targets/shared/catalog.rs"]
mod catalog;
#[path = "../../fuzz/fuzz_targets/shared/euid.rs"]
mod euid;
#[path = "../../fuzz/fuzz_targets/shared/extuuid_text.rs"]
mod extuuid_text;
#[path = "../../fuzz/fuzz_targets/shared/extuuid_uuid.rs"]
mod extuuid_uuid;
#[path = "../../fuzz/fuzz_targets/shared/full_id.rs"]
mod full_id;
#[path = "../../fuzz/fuzz_targets/shared/tid.rs"]
mod tid;
#[path = "../../fuzz/fuzz_targets/shared/uid11.rs"]
mod uid11;
#[path = "../../fuzz/fuzz_targets/shared/wdp_code.rs"]
mod wdp_code;
#[path = "../../fuzz/fuzz_targets/shared/xid.rs"]
mod xid;

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
fn the_wdp_code_seeds_hold() {
    replay("wdp_code", 150, wdp_code::check);
}

#[test]
fn the_full_id_seeds_hold() {
    replay("full_id", 45, full_id::check);
}

#[test]
fn the_uid11_seeds_hold() {
    replay("uid11", 60, uid11::check);
}

#[test]
fn the_xid_seeds_hold() {
    replay("xid", 50, xid::check);
}

#[test]
fn the_tid_seeds_hold() {
    replay("tid", 110, tid::check);
}

#[test]
fn the_euid_seeds_hold() {
    replay("euid", 70, euid::check);
}

#[cfg(feature = "catalog")]
#[test]
fn the_catalog_seeds_hold() {
    replay("catalog", 65, catalog::check);
}

#[test]
fn the_extuuid_text_seeds_hold() {
    replay("extuuid_text", 180, extuuid_text::check);
}

#[test]
fn the_extuuid_uuid_seeds_hold() {
    replay("extuuid_uuid", 180, extuuid_uuid::check);
}
