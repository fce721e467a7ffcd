//! Storage for an output column whose ranges are written on the threads that compute them,
//! without being zeroed first.
//!
//! Zeroing a column's buffers where they are allocated is a pass over all of them on the
//! calling thread, before the kernel's threads start; and an allocator that reuses the
//! memory of a column freed before (as the Python module's does) must write those zeros
//! itself. Here each range is written in full by the thread that fills it ([`Range::fill`]),
//! and the buffer becomes a `Vec` only when every range has been ([`Slots::into_vec`]).

use core::mem::MaybeUninit;
use std::sync::atomic::{AtomicUsize, Ordering};

/// `prefix` followed by `len - prefix.len()` elements not yet written.
pub(crate) struct Slots<T> {
    vec: Vec<T>,
    len: usize,
    /// The elements of the ranges written in full so far, each range counted once.
    written: AtomicUsize,
}

/// One range of a [`Slots`]: its elements, written by [`Range::fill`] (every one) and
/// [`Range::set`] (one).
pub(crate) struct Range<'a, T> {
    slots: &'a mut [MaybeUninit<T>],
    written: &'a AtomicUsize,
    filled: bool,
}

impl<T: Copy> Slots<T> {
    /// Storage for `len` elements (at least `prefix.len()`), the first of them `prefix`.
    pub(crate) fn new(prefix: &[T], len: usize) -> Self {
        let mut vec = Vec::with_capacity(len);
        crate::pages::advise(&vec);
        vec.extend_from_slice(prefix);
        Slots {
            vec,
            len,
            written: AtomicUsize::new(0),
        }
    }

    /// The elements after the prefix cut into ranges of `chunk` (the last may be shorter).
    /// Only the ranges of the last cut count: what the ranges of an earlier one wrote is
    /// forgotten.
    pub(crate) fn ranges(&mut self, chunk: usize) -> Vec<Range<'_, T>> {
        *self.written.get_mut() = 0;
        let written = &self.written;
        let rest = self.len - self.vec.len();
        self.vec.spare_capacity_mut()[..rest]
            .chunks_mut(chunk.max(1))
            .map(|slots| Range {
                slots,
                written,
                filled: false,
            })
            .collect()
    }

    /// The elements after the prefix cut into ranges of the lengths `lens` (in order; they
    /// add up to the elements after the prefix, or the last ranges are shorter or missing).
    pub(crate) fn ranges_of(&mut self, lens: impl IntoIterator<Item = usize>) -> Vec<Range<'_, T>> {
        *self.written.get_mut() = 0;
        let written = &self.written;
        let rest = self.len - self.vec.len();
        let mut left = &mut self.vec.spare_capacity_mut()[..rest];
        lens.into_iter()
            .map(|n| {
                let rest = core::mem::take(&mut left);
                let (slots, after) = rest.split_at_mut(n.min(rest.len()));
                left = after;
                Range {
                    slots,
                    written,
                    filled: false,
                }
            })
            .collect()
    }

    /// The elements, when every one has been written (every range filled); else `None`.
    #[allow(unsafe_code)]
    pub(crate) fn into_vec(mut self) -> Option<Vec<T>> {
        if self.vec.len() + *self.written.get_mut() != self.len {
            return None;
        }
        // SAFETY: the first `vec.len()` elements are the prefix; the ranges of the last cut
        // (`written` was reset by it) cut the rest into disjoint slices, and each added its
        // length to `written` once, after `fill` wrote every element of it. Their lengths add
        // up to the rest (checked above), so every one of the `len` elements is initialized,
        // within the capacity allocated in `new`.
        unsafe { self.vec.set_len(self.len) };
        Some(self.vec)
    }
}

impl<T: Copy> Range<'_, T> {
    /// Writes every element of the range: element `i` (from the range's start) is `f(i)`.
    #[inline]
    pub(crate) fn fill(&mut self, mut f: impl FnMut(usize) -> T) {
        for (i, slot) in self.slots.iter_mut().enumerate() {
            slot.write(f(i));
        }
        self.count_filled();
    }

    /// Writes every element of the range as runs of one value: `first` up to the first
    /// step, then each step's value from its index (from the range's start) up to the next
    /// step's. The steps' indexes are in order; one at or beyond the range's end ends it.
    #[inline]
    pub(crate) fn fill_runs(&mut self, first: T, steps: impl IntoIterator<Item = (usize, T)>) {
        let (mut from, mut value) = (0, first);
        for (at, next) in steps {
            let at = at.clamp(from, self.slots.len());
            self.slots[from..at].fill(MaybeUninit::new(value));
            (from, value) = (at, next);
        }
        self.slots[from..].fill(MaybeUninit::new(value));
        self.count_filled();
    }

    /// Every element has been written: the range counts toward [`Slots::into_vec`], once.
    fn count_filled(&mut self) {
        if !self.filled {
            self.filled = true;
            self.written.fetch_add(self.slots.len(), Ordering::Relaxed);
        }
    }

    /// Writes `values` from element `at` of the range (as one array: one store).
    #[inline]
    pub(crate) fn set<const N: usize>(&mut self, at: usize, values: [T; N]) {
        let slots: &mut [MaybeUninit<T>; N] = (&mut self.slots[at..at + N])
            .try_into()
            .expect("a range of N elements");
        *slots = values.map(MaybeUninit::new);
    }

    /// The elements, once [`Range::fill`] has written them all.
    pub(crate) fn written(&self) -> Option<&[T]> {
        self.filled.then(|| {
            let slots: &[MaybeUninit<T>] = self.slots;
            // SAFETY: every element was written by `fill` (`filled`), and `MaybeUninit<T>` is
            // `repr(transparent)` over `T`.
            #[allow(unsafe_code)]
            unsafe {
                &*(slots as *const [MaybeUninit<T>] as *const [T])
            }
        })
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.slots.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_buffer_is_a_vec_only_when_every_range_is_filled() {
        let mut s = Slots::new(&[7u32], 10);
        let mut ranges = s.ranges(4);
        assert_eq!(ranges.iter().map(Range::len).collect::<Vec<_>>(), [4, 4, 1]);
        ranges[0].fill(|i| i as u32);
        ranges[0].fill(|i| i as u32 + 10); // a second fill counts once
        ranges[1].fill(|_| 0);
        ranges[1].set(2, [5, 6]);
        assert_eq!(ranges[1].written(), Some(&[0, 0, 5, 6][..]));
        assert_eq!(ranges[2].written(), None);
        drop(ranges);
        assert!(s.into_vec().is_none(), "a range left unwritten");

        // A range filled under an earlier cut does not count for a later one.
        let mut s = Slots::new(&[], 4);
        s.ranges(2)[0].fill(|_| 1u8);
        s.ranges(2)[1].fill(|_| 2);
        assert!(
            s.into_vec().is_none(),
            "the first range of the second cut was not filled"
        );

        let mut s = Slots::new(&[7u32], 10);
        for (k, mut r) in s.ranges_of([2, 5, 2]).into_iter().enumerate() {
            r.fill(|i| (10 * k + i) as u32);
        }
        assert_eq!(s.into_vec().unwrap(), [7, 0, 1, 10, 11, 12, 13, 14, 20, 21]);
    }

    #[test]
    fn runs_fill_every_element() {
        let mut s = Slots::new(&[9u32], 9);
        let mut ranges = s.ranges_of([5, 3]);
        // Steps at the start, twice at one index, and past the end.
        ranges[0].fill_runs(1, [(0, 2), (3, 4), (3, 5), (7, 6)]);
        assert_eq!(ranges[0].written(), Some(&[2, 2, 2, 5, 5][..]));
        ranges[1].fill_runs(8, []);
        drop(ranges);
        assert_eq!(s.into_vec().unwrap(), [9, 2, 2, 2, 5, 5, 8, 8, 8]);
    }

    #[test]
    fn ranges_of_lengths_beyond_the_buffer_are_cut() {
        let mut s = Slots::<u8>::new(&[], 3);
        let ranges = s.ranges_of([2, 5, 4]);
        assert_eq!(ranges.iter().map(Range::len).collect::<Vec<_>>(), [2, 1, 0]);
    }
}
