//! Large output buffers on huge pages where the kernel offers them for the asking.
//!
//! A column of millions of rows is written into buffers of tens of megabytes that the
//! allocator maps fresh for each call: the kernel then faults them in a 4 KiB page at a
//! time, on the threads that write them, and for a kernel of a few nanoseconds a row those
//! faults are a visible share of the time. Linux kernels set to give transparent huge pages
//! only to regions that ask (`/sys/kernel/mm/transparent_hugepage/enabled` is `madvise`, the
//! default of many distributions) fault such a buffer in 2 MiB at a time once it is marked.
//! Elsewhere, and for small buffers, nothing is done.

/// The smallest buffer marked: a few huge pages, so that the marked part is most of it.
const MIN_BYTES: usize = 8 << 20;

/// Marks the memory of `vec`'s capacity, before any of it is written, as wanted on huge
/// pages (Linux's `madvise(MADV_HUGEPAGE)`; advice only: a refusal changes nothing).
#[inline]
pub(crate) fn advise<T>(vec: &Vec<T>) {
    let bytes = vec.capacity().saturating_mul(core::mem::size_of::<T>());
    if bytes >= MIN_BYTES {
        huge(vec.as_ptr().cast(), bytes);
    }
}

#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn huge(start: *const u8, bytes: usize) {
    const PAGE: usize = 4096;
    // The whole pages inside the allocation (madvise takes a page-aligned start).
    let first = (start as usize).next_multiple_of(PAGE);
    let end = (start as usize + bytes) & !(PAGE - 1);
    if end > first {
        // SAFETY: the range lies inside one live allocation of this process, and
        // MADV_HUGEPAGE changes how its pages are backed, never what they hold or who may
        // use them.
        unsafe { libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE) };
    }
}

#[cfg(not(target_os = "linux"))]
fn huge(_: *const u8, _: usize) {}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    /// The flags of the mapping that holds `address`, from /proc/self/smaps.
    fn flags_at(address: usize) -> String {
        let smaps = std::fs::read_to_string("/proc/self/smaps").unwrap();
        let mut inside = false;
        for line in smaps.lines() {
            if let Some((range, _)) = line.split_once(' ').filter(|(r, _)| r.contains('-')) {
                let (lo, hi) = range.split_once('-').unwrap();
                let (lo, hi) = (
                    usize::from_str_radix(lo, 16).unwrap_or(usize::MAX),
                    usize::from_str_radix(hi, 16).unwrap_or(0),
                );
                inside = (lo..hi).contains(&address);
            } else if inside {
                if let Some(flags) = line.strip_prefix("VmFlags:") {
                    return flags.to_owned();
                }
            }
        }
        panic!("no mapping holds {address:#x}");
    }

    #[test]
    fn a_large_buffer_asks_for_huge_pages() {
        // Kernels built without transparent huge pages refuse the advice.
        if !std::path::Path::new("/sys/kernel/mm/transparent_hugepage/enabled").exists() {
            return;
        }
        let large: Vec<u8> = Vec::with_capacity(super::MIN_BYTES * 2);
        super::advise(&large);
        // A page in the middle: the advice covers the whole pages of the allocation.
        let middle = large.as_ptr() as usize + super::MIN_BYTES;
        assert!(
            flags_at(middle).split_whitespace().any(|f| f == "hg"),
            "{}",
            flags_at(middle)
        );
    }
}
