//! How many threads a long column is cut for, and running work on them.

use std::sync::OnceLock;

/// Columns shorter than this are computed on the calling thread: below it, starting a
/// thread costs a visible share of the work.
const MIN_ROWS_PER_THREAD: usize = 32_768;

/// The most threads a kernel uses: `POLYID_ARROW_THREADS` when it is a positive integer,
/// else the parallelism the OS grants this process (its CPU affinity and cgroup quota).
/// Read once, at the first kernel call.
pub fn max_threads() -> usize {
    static MAX: OnceLock<usize> = OnceLock::new();
    *MAX.get_or_init(|| {
        std::env::var("POLYID_ARROW_THREADS")
            .ok()
            .and_then(|v| v.trim().parse::<usize>().ok())
            .filter(|&n| n > 0)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
    })
}

/// The threads a column of `rows` rows is cut for: one per [`MIN_ROWS_PER_THREAD`] rows, up
/// to [`max_threads`].
pub(crate) fn threads_for(rows: usize) -> usize {
    (rows / MIN_ROWS_PER_THREAD).clamp(1, max_threads())
}

/// `f` of each of `items`, each on a thread of its own, the results in the items' order; a
/// panic on one of the threads resumes on the caller's.
pub(crate) fn on_threads<P: Send, T: Send>(
    items: impl IntoIterator<Item = P>,
    f: impl Fn(P) -> T + Sync,
) -> Vec<T> {
    std::thread::scope(|scope| {
        let f = &f;
        let workers: Vec<_> = items
            .into_iter()
            .map(|item| scope.spawn(move || f(item)))
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    })
}
