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

#[path = "../../fuzz/fuzz_targets/shared/replay.rs"]
mod replay;
use replay::replay;

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
