//! The parse kernels against the core's per-ID loop over the same texts: prints ns per row
//! for each and their ratio (`make arrow-bench`; the rows count is the first argument). When
//! the environment variable `BENCH_MD` names a file, the rows are appended to it as a Markdown
//! table (`make arrow-bench-write`).

use std::hint::black_box;
use std::time::Instant;

use arrow_array::StringArray;
use polyid::euid::Euid;
use polyid::tid::Tid;
use polyid::xid::Xid;
use polyid::Profile;
use polyid_arrow::{euid, tid, xid, OnError};

fn best<T>(runs: usize, mut f: impl FnMut() -> T) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..runs {
        let t = Instant::now();
        black_box(f());
        best = best.min(t.elapsed().as_secs_f64());
    }
    best
}

fn report(name: &str, rows: usize, core: f64, kernel: f64) {
    let (c, k) = (core * 1e9 / rows as f64, kernel * 1e9 / rows as f64);
    println!("{name:5} parse, {rows} rows: core loop {c:.1} ns/ID, kernel {k:.1} ns/row, kernel/core {:.2}", k / c);
    if let Ok(path) = std::env::var("BENCH_MD") {
        use std::io::Write;
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(path)
            .expect("BENCH_MD is writable");
        if name == "TID" {
            writeln!(
                f,
                "Parse kernels against the core's per-ID loop, {rows} texts, best of 3:\n"
            )
            .unwrap();
            writeln!(f, "| parse | kernel | core loop | kernel / core | target |").unwrap();
            writeln!(f, "|---|---:|---:|---:|---|").unwrap();
        }
        let met = if k / c <= 2.0 { "met" } else { "**not met**" };
        writeln!(
            f,
            "| {name} | {k:.1} ns/row | {c:.1} ns/ID | {:.2}x | <= 2x: {met} |",
            k / c
        )
        .unwrap();
        if name == "EUID" {
            writeln!(f).unwrap();
        }
    }
}

fn main() {
    let rows: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(10_000_000);
    let g = polyid::tid::TidGenerator::new();
    let tids: Vec<String> = g
        .next_many(rows.min(polyid::MAX_BATCH))
        .unwrap()
        .iter()
        .map(|t| t.to_string())
        .collect();
    let col = StringArray::from_iter_values(&tids);
    let core = best(3, || {
        tids.iter()
            .map(|t| Tid::parse(t).unwrap().value())
            .fold(0i64, |a, v| a ^ v)
    });
    let kernel = best(3, || {
        tid::parse(&col, Profile::Polyid, OnError::Raise).unwrap()
    });
    report("TID", rows, core, kernel);
    drop((tids, col));

    let xids: Vec<String> = (0..rows)
        .map(|i| Xid::from_u64(i as u64 * 0x9e37_79b9).to_string())
        .collect();
    let col = StringArray::from_iter_values(&xids);
    let core = best(3, || {
        xids.iter()
            .map(|t| Xid::parse(t).unwrap().value())
            .fold(0u64, |a, v| a ^ v)
    });
    let kernel = best(3, || xid::parse(&col, OnError::Raise).unwrap());
    report("xid", rows, core, kernel);
    drop((xids, col));

    let euids: Vec<String> = (0..rows)
        .map(|i| {
            Euid::from_parts(
                1_700_000_000_000 + i as u64,
                None,
                0,
                i as u64 * 0x9e37_79b9_7f4a_7c15,
            )
            .unwrap()
            .to_string()
        })
        .collect();
    let col = StringArray::from_iter_values(&euids);
    let core = best(3, || {
        euids
            .iter()
            .map(|t| Euid::parse(t).unwrap().value())
            .fold(0u128, |a, v| a ^ v)
    });
    let kernel = best(3, || {
        euid::parse(&col, Profile::Polyid, OnError::Raise).unwrap()
    });
    report("EUID", rows, core, kernel);
}
