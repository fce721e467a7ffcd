//! Load: 4 threads sharing one TID generator and one EUID generator, 10,000,000 IDs in
//! total. Zero duplicates, every thread's sequence strictly increasing; prints throughput.
//! (Meant for `cargo test --release`; in a debug build it still passes, slowly.)

use std::sync::Arc;
use std::time::Instant;

use polyid::{EuidGenerator, TidGenerator};

const THREADS: usize = 4;
const PER_THREAD: usize = 10_000_000 / THREADS / 2; // half TIDs, half EUIDs

fn run<T: Ord + Copy + Send + 'static>(
    name: &str,
    next: impl Fn() -> T + Send + Sync + 'static,
) -> Vec<T> {
    let next = Arc::new(next);
    let start = Instant::now();
    let handles: Vec<_> = (0..THREADS)
        .map(|_| {
            let next = Arc::clone(&next);
            std::thread::spawn(move || (0..PER_THREAD).map(|_| next()).collect::<Vec<T>>())
        })
        .collect();
    let per_thread: Vec<Vec<T>> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    let elapsed = start.elapsed();
    for ids in &per_thread {
        assert!(
            ids.windows(2).all(|w| w[0] < w[1]),
            "{name}: a thread went backwards"
        );
    }
    let total = THREADS * PER_THREAD;
    println!(
        "{name}: {total} IDs from {THREADS} threads sharing one generator in {:.2?} \
         ({:.1} M IDs/s)",
        elapsed,
        total as f64 / elapsed.as_secs_f64() / 1e6
    );
    let mut all: Vec<T> = per_thread.into_iter().flatten().collect();
    all.sort_unstable();
    let before = all.len();
    all.dedup();
    assert_eq!(all.len(), before, "{name}: duplicates");
    all
}

#[test]
fn four_threads_ten_million_ids() {
    let tids = Arc::new(TidGenerator::new());
    let t = Arc::clone(&tids);
    run("TID", move || t.next().unwrap());
    let euids = Arc::new(EuidGenerator::new());
    let e = Arc::clone(&euids);
    run("EUID", move || e.next().unwrap());
}
