//! # polyid-wasm (the wasm half)
//!
//! The `polyid` core compiled to WebAssembly with wasm-bindgen. This crate exports the core's
//! operations over plain values (strings, `bigint`s for u64/i64/u128, numbers); the package's
//! JavaScript layer (`bindings-js/api.js`, `bindings-js/catalog.js`, `bindings-js/extuuid.js` over `bindings-js/common.js`) gives
//! them the camelCase classes and functions of the Node package, checks JavaScript argument
//! types and integer ranges, and nothing else.
//!
//! One crate, one module per set of features (see Cargo.toml; `tools/build.sh` lists the
//! modules and builds each alone): `ids` (default; `src/ids/`: WDP, uid11, xid, TID, EUID —
//! the module under the size budget), `catalog` (WDP catalogs), `extuuid` (EXTUUID).
//!
//! Everything about the identifiers is computed by the core. This crate only:
//! - turns a core [`polyid::Error`] into a thrown `Error` with `.code` ([`error`]);
//! - supplies the time from JavaScript ([`clock::JsClock`]): `std::time::SystemTime` panics on
//!   `wasm32-unknown-unknown`, so no `SystemClock` path of the core is called here (except
//!   inside the core's `Catalog::build`, which the JavaScript layer reports, see
//!   `bindings-js/catalog.js`);
//! - randomness comes from `crypto.getRandomValues` (getrandom's `wasm_js` backend), seeding
//!   the core's generator.
//!
//! These exports are internal to the package (its `.d.ts` files do not list them): the public
//! API is the JavaScript layer.

pub mod clock;
pub mod error;

#[cfg(feature = "catalog")]
mod catalog;
#[cfg(feature = "extuuid")]
mod extuuid;
#[cfg(feature = "ids")]
mod ids;
#[cfg(feature = "ids")]
pub use ids::*;

// The ID-only module (size budget) uses lol_alloc's free list: far smaller than std's
// dlmalloc, and with one thread (wasm32-unknown-unknown without the atomics feature) it needs
// no lock. Its first-fit search walks every free block, which is fine for the few short-lived
// allocations of ID calls but grows with the number of live blocks: with a catalog of many
// entries every allocation would slow down and loading would turn quadratic. So the catalog
// and EXTUUID modules (no size budget) keep std's dlmalloc.
#[cfg(all(
    target_arch = "wasm32",
    not(target_feature = "atomics"),
    not(feature = "catalog"),
    not(feature = "extuuid")
))]
#[global_allocator]
// SAFETY: without the `atomics` target feature a wasm module instance has exactly one thread.
static ALLOCATOR: lol_alloc::AssumeSingleThreaded<lol_alloc::FreeListAllocator> =
    unsafe { lol_alloc::AssumeSingleThreaded::new(lol_alloc::FreeListAllocator::new()) };

use wasm_bindgen::prelude::*;

/// Every stable error code, from the core.
#[wasm_bindgen]
pub fn error_codes() -> js_sys::Array {
    polyid::ErrorCode::ALL
        .iter()
        .map(|c| JsValue::from_str(c.as_str()))
        .collect()
}
