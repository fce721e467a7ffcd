//! Python binding of polyid (`polyid._polyid`, re-exported by the `polyid` package).
//!
//! Thin by rule: every function translates Python types to the core's, calls the core, and
//! translates the result or the error back. Nothing about an identifier is computed here.

mod alloc;
mod args;
mod arrow;
mod arrow_capsules;
mod catalog;
mod dt;
mod errors;
mod euid;
mod extuuid;
mod layout;
mod node;
mod tid;
mod uid11;
mod wdp;
mod xid;

use pyo3::prelude::*;

// The extension module `polyid._polyid`, and in it the column functions in their own module
// object `polyid.arrow`, so that they carry their public names beside the scalar functions of
// the same names (`polyid/arrow.py` re-exports them).
#[pymodule]
mod _polyid {
    use pyo3::prelude::*;
    use pyo3::types::PyTuple;

    #[pymodule_export]
    use crate::{
        arrow_capsules::{ArrowArray, ArrowChunkedArray},
        catalog::{collision_probability, collisions, expected_collisions, generate_keypair},
        catalog::{Catalog, CatalogEntry, CollisionGroup, Entry, Expansion, KeyPair},
        errors::PolyIdError,
        euid::{Euid, EuidGenerator},
        extuuid::{extuuid_decode, extuuid_encode, extuuid_inspect},
        node::{node, node_required, set_node, set_node_required},
        tid::{tid_prefix_range, Tid, TidGenerator},
        uid11::{uid11_decode, uid11_encode, uid11_prefix_range},
        wdp::{compact_id, compact_ids, full_id, namespace_hash, normalize_code, parse_code},
        wdp::{parse_full_id, StructuredCode},
        xid::{xid_prefix_range, Xid, XidGenerator},
    };

    #[pymodule]
    #[pyo3(module = "polyid")]
    mod arrow {
        #[pymodule_export]
        use crate::arrow::{
            catalog_lookup, compact_ids, euid_encode, euid_extensions, euid_from_parts,
            euid_generate, euid_parse, euid_timestamps, full_ids, namespace_hashes,
            normalize_codes, tid_clock_ids, tid_encode, tid_from_parts, tid_generate, tid_parse,
            tid_timestamps, uid11_decode, uid11_encode, validate_codes, xid_encode, xid_from_parts,
            xid_generate, xid_parse, xid_randoms, xid_timestamps,
        };
    }

    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        // Register the core's fork handler now, before any fork can happen.
        let _ = polyid::__fork::generation();
        crate::alloc::init();
        m.add("__version__", env!("CARGO_PKG_VERSION"))?;
        let codes: Vec<&str> = polyid::ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
        m.add("ERROR_CODES", PyTuple::new(m.py(), codes)?)?;
        crate::layout::init(m)
    }
}
