//! The Markdown side of the benchmarks: `tools/bench_section.py` (the `make *-bench-write`
//! targets) names a file in `BENCH_MD`, and each bench appends its tables to it. Included by
//! path (`#[path]`) into the core's benches and examples and polyid-arrow's bench example.

/// Appends `md` and a newline to the file `BENCH_MD` names, when it is set.
pub fn append(md: &str) {
    if let Ok(path) = std::env::var("BENCH_MD") {
        use std::io::Write;
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(path)
            .expect("BENCH_MD is writable");
        writeln!(f, "{md}").expect("BENCH_MD is writable");
    }
}
