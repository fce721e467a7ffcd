//! Python binding of polyid (`polyid._polyid`, re-exported by the `polyid` package).
//!
//! Thin by rule: every function translates Python types to the core's, calls the core, and
//! translates the result or the error back. Nothing about an identifier is computed here.

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

/// The allocator of the extension's Rust memory (Python objects keep Python's). The
/// `polyid.arrow` kernels allocate each output column in one piece, large for a long column;
/// glibc's malloc maps every block that large afresh from the OS and unmaps it on free, so
/// each call would pay a page fault and the zeroing of every page it writes. mimalloc keeps
/// freed blocks for reuse, as the allocators of Polars and pyarrow do.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use polyid::ErrorCode;

#[pymodule]
fn _polyid(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    // Register the core's fork handler now, before any fork can happen.
    let _ = polyid::__fork::generation();

    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("PolyIdError", py.get_type::<errors::PolyIdError>())?;
    let codes: Vec<&str> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
    m.add("ERROR_CODES", PyTuple::new(py, codes)?)?;

    layout::init(m)?;
    m.add_function(wrap_pyfunction!(wdp::compact_id, m)?)?;
    m.add_function(wrap_pyfunction!(wdp::compact_ids, m)?)?;
    m.add_function(wrap_pyfunction!(wdp::normalize_code, m)?)?;
    m.add_function(wrap_pyfunction!(wdp::parse_code, m)?)?;
    m.add_function(wrap_pyfunction!(wdp::namespace_hash, m)?)?;
    m.add_function(wrap_pyfunction!(wdp::full_id, m)?)?;
    m.add_function(wrap_pyfunction!(wdp::parse_full_id, m)?)?;
    m.add_class::<wdp::StructuredCode>()?;

    m.add_function(wrap_pyfunction!(uid11::uid11_encode, m)?)?;
    m.add_function(wrap_pyfunction!(uid11::uid11_decode, m)?)?;
    m.add_function(wrap_pyfunction!(uid11::uid11_prefix_range, m)?)?;
    m.add_function(wrap_pyfunction!(xid::xid_prefix_range, m)?)?;
    m.add_class::<xid::Xid>()?;
    m.add_class::<xid::XidGenerator>()?;

    m.add_function(wrap_pyfunction!(node::set_node, m)?)?;
    m.add_function(wrap_pyfunction!(node::node, m)?)?;
    m.add_function(wrap_pyfunction!(node::set_node_required, m)?)?;
    m.add_function(wrap_pyfunction!(node::node_required, m)?)?;

    m.add_function(wrap_pyfunction!(tid::tid_prefix_range, m)?)?;
    m.add_class::<tid::Tid>()?;
    m.add_class::<tid::TidGenerator>()?;

    m.add_class::<euid::Euid>()?;
    m.add_class::<euid::EuidGenerator>()?;

    m.add_class::<catalog::Catalog>()?;
    m.add_class::<catalog::Entry>()?;
    m.add_class::<catalog::CatalogEntry>()?;
    m.add_class::<catalog::Expansion>()?;
    m.add_class::<catalog::KeyPair>()?;
    m.add_class::<catalog::CollisionGroup>()?;
    m.add_function(wrap_pyfunction!(catalog::generate_keypair, m)?)?;
    m.add_function(wrap_pyfunction!(catalog::collisions, m)?)?;
    m.add_function(wrap_pyfunction!(catalog::expected_collisions, m)?)?;
    m.add_function(wrap_pyfunction!(catalog::collision_probability, m)?)?;

    m.add_function(wrap_pyfunction!(extuuid::extuuid_encode, m)?)?;
    m.add_function(wrap_pyfunction!(extuuid::extuuid_decode, m)?)?;
    m.add_function(wrap_pyfunction!(extuuid::extuuid_inspect, m)?)?;

    arrow::add(m)?;
    Ok(())
}
