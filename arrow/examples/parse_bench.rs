//! The parse and encode kernels against the core's per-ID loop over the same IDs: prints ns
//! per row for each and their ratio (`make arrow-bench`; the rows count is the first
//! argument). The core's loop for an encode appends each ID's text to one buffer, as a hand
//! loop making a column would. When the environment variable `BENCH_MD` names a file, the rows
//! are appended to it as two Markdown tables (`make arrow-bench-write`).

use std::hint::black_box;
use std::time::Instant;

use arrow_array::{FixedSizeBinaryArray, Int64Array, StringArray, UInt64Array};
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

/// One row of a table: `op` is "parse" or "encode"; the first row of each (`first`) writes
/// the table's header.
fn report(op: &str, name: &str, first: bool, rows: usize, core: f64, kernel: f64) {
    let (c, k) = (core * 1e9 / rows as f64, kernel * 1e9 / rows as f64);
    println!("{name:5} {op}, {rows} rows: core loop {c:.1} ns/ID, kernel {k:.1} ns/row, kernel/core {:.2}", k / c);
    if let Ok(path) = std::env::var("BENCH_MD") {
        use std::io::Write;
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(path)
            .expect("BENCH_MD is writable");
        if first {
            let what = if op == "parse" {
                "Parse kernels against the core's per-ID loop, {rows} texts"
            } else {
                "Encode kernels against the core's per-ID loop (the texts appended to one buffer), {rows} values"
            };
            writeln!(
                f,
                "{}, best of 3:\n",
                what.replace("{rows}", &rows.to_string())
            )
            .unwrap();
            writeln!(f, "| {op} | kernel | core loop | kernel / core | target |").unwrap();
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
    report("parse", "TID", true, rows, core, kernel);
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
    report("parse", "xid", false, rows, core, kernel);
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
    report("parse", "EUID", false, rows, core, kernel);
    drop((euids, col));
    encode(rows);
}

/// `W` bytes of text per value, appended to one buffer: the core's loop of an encode.
fn texts<T: Copy, const W: usize>(values: &[T], text: impl Fn(T) -> [u8; W]) -> Vec<u8> {
    let mut out = Vec::with_capacity(values.len() * W);
    for &v in values {
        out.extend_from_slice(&text(v));
    }
    out
}

fn encode(rows: usize) {
    let values: Vec<i64> = (0..rows as i64)
        .map(|i| (1_721_407_246_480_310 + 37 * i) << 10 | (i & 1023))
        .collect();
    let col = Int64Array::from(values.clone());
    let core = best(3, || {
        texts(&values, |v| Tid::from_i64(v).unwrap().to_bytes())
    });
    let kernel = best(3, || tid::encode(&col, false, OnError::Raise).unwrap());
    report("encode", "TID", true, rows, core, kernel);
    drop((values, col));

    let values: Vec<u64> = (0..rows as u64)
        .map(|i| (1_700_000_000_000 + i) << 22 | ((i * 0x9e37) & 0x3f_ffff))
        .collect();
    let col = UInt64Array::from(values.clone());
    let core = best(3, || texts(&values, |v| Xid::from_u64(v).to_bytes()));
    let kernel = best(3, || xid::encode(&col, OnError::Raise).unwrap());
    report("encode", "xid", false, rows, core, kernel);
    let core = best(3, || {
        texts(&values, |v| {
            let mut out = [0; polyid::uid11::LEN];
            polyid::uid11::encode_into(v, &mut out);
            out
        })
    });
    let kernel = best(3, || xid::uid11_encode(&col, OnError::Raise).unwrap());
    report("encode", "uid11", false, rows, core, kernel);
    drop((values, col));

    let values: Vec<[u8; 16]> = (0..rows as u64)
        .map(|i| {
            Euid::from_parts(1_700_000_000_000 + i, None, 0, i * 0x9e37_79b9_7f4a_7c15)
                .unwrap()
                .to_bytes()
        })
        .collect();
    let col = FixedSizeBinaryArray::try_from_iter(values.iter()).unwrap();
    let core = best(3, || {
        texts(&values, |v| Euid::from_bytes(v).encode_bytes(true))
    });
    let kernel = best(3, || euid::encode(&col, true, OnError::Raise).unwrap());
    report("encode", "EUID", false, rows, core, kernel);
}
