//! The calls that return an ID by value allocate nothing, whatever the code looks like: the
//! point of `CompactId` and `FullId` over a `String`. A counting allocator sees every
//! allocation this test binary makes on the measuring thread.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use polyid::wdp::{self, NamedSequences};

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: every call is passed to the system allocator unchanged; the count is a
// thread-local `Cell`, which allocates nothing.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        // SAFETY: the caller's layout, as `GlobalAlloc::alloc` requires.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` above with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        // SAFETY: as `GlobalAlloc::realloc` requires of its caller.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// How many allocations `f` makes on this thread.
fn allocations<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = ALLOCATIONS.with(Cell::get);
    let out = f();
    (out, ALLOCATIONS.with(Cell::get) - before)
}

/// Codes of every shape the fast path and the precise parser meet: canonical, mixed case,
/// named sequences (short and long names), white space, the longest fields, one-letter
/// fields with a name (which the fast path hands to the parser).
const CODES: [(&str, &str); 7] = [
    ("E.AUTH.TOKEN.001", "V6a0B"),
    ("e.Auth.Token.001", "V6a0B"),
    ("E.Auth.Token.MISSING", "V6a0B"),
    (" \tE.AUTH.TOKEN.001\n", "V6a0B"),
    ("E.AUTHENTICATION01.TOKENVALIDATOR1.999", ""),
    ("W.A.B.MISSING", ""),
    ("C.Db.Pool.out_of_bounds", ""),
];

#[test]
fn ids_by_value_allocate_nothing() {
    let names = NamedSequences::standard();
    let mut checked = 0;
    for (code, expected) in CODES {
        let (id, n) = allocations(|| wdp::compact_id(code));
        let id = id.unwrap_or_else(|e| panic!("{code:?}: {e}"));
        assert_eq!(n, 0, "compact_id({code:?}) allocated");
        if !expected.is_empty() {
            assert_eq!(id, expected, "{code:?}");
        }
        let (with, n) = allocations(|| wdp::compact_id_with(code, &names));
        assert_eq!((with.unwrap(), n), (id, 0), "compact_id_with({code:?})");
        let (full, n) = allocations(|| wdp::full_id("auth_lib", code));
        let full = full.unwrap();
        assert_eq!((full.compact_id, n), (id, 0), "full_id(auth_lib, {code:?})");
        checked += 1;
    }
    let (hash, n) = allocations(|| wdp::namespace_hash("auth_lib"));
    assert_eq!(
        (hash.unwrap(), n),
        (wdp::CompactId::parse("05o5h").unwrap(), 0)
    );
    assert_eq!(checked, CODES.len());
}

/// The counter counts: a `String` of the same ID is one allocation.
#[test]
fn a_string_of_the_id_is_counted() {
    let id = wdp::compact_id("E.AUTH.TOKEN.001").unwrap();
    let (text, n) = allocations(|| String::from(id));
    assert_eq!((text.as_str(), n), ("V6a0B", 1));
}
