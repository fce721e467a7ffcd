//! The allocator of the extension's Rust memory (Python objects keep Python's).
//!
//! The `polyid.arrow` kernels allocate each output column in one piece, large for a long
//! column. glibc's malloc maps every block that large afresh from the OS and unmaps it on
//! free, so each call would pay a page fault and the zeroing of every page it writes. mimalloc
//! keeps freed blocks for reuse, as the allocators of Polars and pyarrow do.

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `mi_option_purge_delay`, as mimalloc's header `mimalloc.h` numbers its options (the same
/// in both versions that libmimalloc-sys builds, v2 and v3; the crate names only some
/// options). tests/test_arrow.py's `test_freed_columns_are_kept` fails when this is not the
/// option that keeps freed memory.
const PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// The variables by which mimalloc reads this option from the environment (the second is its
/// older name).
const PURGE_DELAY_VARIABLES: [&str; 2] = ["MIMALLOC_PURGE_DELAY", "MIMALLOC_RESET_DELAY"];

/// Keeps freed memory ten seconds before it goes back to the OS, as jemalloc (the allocator of
/// Polars and pyarrow) does by default, unless the environment sets mimalloc's own variable.
/// With mimalloc's default of one second, a loop of calls that frees a column and allocates
/// the next one in the same pages has them returned every second, and the next call faults
/// each page in again and zeroes it.
pub(crate) fn init() {
    if PURGE_DELAY_VARIABLES
        .iter()
        .any(|v| std::env::var_os(v).is_some())
    {
        return;
    }
    // SAFETY: `mi_option_set` stores one option's value, which mimalloc reads when it next
    // schedules the return of freed memory; every value is valid for this option.
    #[allow(unsafe_code)]
    unsafe {
        libmimalloc_sys::mi_option_set(PURGE_DELAY, 10_000)
    };
}
