//! ns per row of the main kernels over seeded columns, one line per column: `NAME: X ns/row`
//! (best of 3). `make bench-paired-arrow BASE=rev` runs it for two commits in turns
//! (tools/bench_paired.py --arrow); the rows count is the first argument.
//!
//! The WDP codes come from `core/benches/support/codes.rs`, over the valid space as
//! `bindings-python/bench/codes.py` makes them: components of 1-16 characters in four cases, a
//! third of the sequences named, a tenth padded with white space, 2% invalid (errors become
//! null rows).

use std::hint::black_box;
use std::sync::Arc;
use std::time::Instant;

use arrow_array::types::Int32Type;
use arrow_array::{ArrayRef, DictionaryArray, Int32Array, StringArray};
use polyid::euid::Euid;
use polyid::tid::TidGenerator;
use polyid::xid::Xid;
use polyid::Profile;
use polyid_arrow::{euid, per_value, tid, wdp, xid, OnError};

#[path = "../../core/benches/support/codes.rs"]
mod codes;
use codes::{base36, code, Seeded};

fn best<T>(mut f: impl FnMut() -> T) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..3 {
        let t = Instant::now();
        black_box(f());
        best = best.min(t.elapsed().as_secs_f64());
    }
    best
}

fn report(name: &str, rows: usize, seconds: f64) {
    println!("{name}: {:.2} ns/row", seconds * 1e9 / rows as f64);
}

fn main() {
    let rows: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000_000);
    let mut r = Seeded(0x9e37_79b9_7f4a_7c15);

    let catalog: Vec<String> = (0..2000).map(|_| code(&mut r, "")).collect();
    let repeated =
        StringArray::from_iter_values((0..rows).map(|_| &catalog[r.below(2000) as usize]));
    // The row number (base 36) ending the primary keeps every code's bytes apart.
    let distinct = StringArray::from_iter_values((0..rows).map(|i| code(&mut r, &base36(i))));
    let canonical = StringArray::from_iter_values(
        (0..rows).map(|i| format!("E.AUTH.TOKEN{}.{:03}", i % 1000 / 10, 1 + i % 10)),
    );
    // A catalog numbered in its component, primary and sequence, in random order.
    let numbered = StringArray::from_iter_values((0..rows).map(|_| {
        let k = r.below(2000);
        format!(
            "E.SERVICE{:02}.OPERATION{:02}.{:03}",
            k / 200,
            k / 20 % 10,
            k % 20 + 1
        )
    }));
    // Numbered in its component and primary, with named sequences: the digits lie outside
    // the bytes that pick a code's set in the seen-codes table.
    let numbered_named = StringArray::from_iter_values((0..rows).map(|_| {
        let k = r.below(2000);
        let name = ["MISSING", "LOCKED", "TIMEOUT", "STALE"][(k % 4) as usize];
        format!("E.SERVICE{:02}.OPERATION{:02}.{name}", k / 20, k % 20)
    }));
    // A catalog of more codes than a block of the seen-codes table has rows.
    let large: Vec<String> = (0..5000).map(|_| code(&mut r, "")).collect();
    let large = StringArray::from_iter_values((0..rows).map(|_| &large[r.below(5000) as usize]));
    // The 2,000-code column with one row in a hundred null.
    let with_nulls: StringArray = (0..rows)
        .map(|i| (i % 100 != 37).then(|| repeated.value(i)))
        .collect();
    for (name, column) in [
        ("compact_ids canonical (1,000 codes)", &canonical),
        ("compact_ids numbered catalog (2,000 codes)", &numbered),
        (
            "compact_ids numbered catalog, named sequences (2,000 codes)",
            &numbered_named,
        ),
        ("compact_ids realistic repeated (2,000 codes)", &repeated),
        ("compact_ids realistic repeated (5,000 codes)", &large),
        (
            "compact_ids realistic repeated (2,000 codes), 1% null",
            &with_nulls,
        ),
        ("compact_ids realistic all distinct", &distinct),
    ] {
        let s = best(|| wdp::compact_ids(column, None, Profile::Polyid, OnError::Null).unwrap());
        report(name, rows, s);
    }
    // The 2,000-code column dictionary-encoded (a Polars `Categorical`): each value computed
    // once, its rows given their value's ID (`per_value`).
    let keys = Int32Array::from_iter_values((0..rows).map(|_| r.below(2000) as i32));
    let values = Arc::new(StringArray::from_iter_values(&catalog));
    let dictionary: ArrayRef =
        Arc::new(DictionaryArray::<Int32Type>::try_new(keys, values).unwrap());
    let s = best(|| {
        per_value(&dictionary, OnError::Null, &|a, m| {
            wdp::compact_ids(a, None, Profile::Polyid, m)
        })
        .unwrap()
    });
    report(
        "compact_ids realistic repeated (2,000 codes), dictionary-encoded",
        rows,
        s,
    );
    let s = best(|| wdp::normalize_codes(&repeated, None, OnError::Null).unwrap());
    report("normalize_codes realistic repeated", rows, s);

    let tids = TidGenerator::new().next_many(rows).unwrap();
    let texts = StringArray::from_iter_values(tids.iter().map(|t| t.to_string()));
    report(
        "tid parse",
        rows,
        best(|| tid::parse(&texts, Profile::Polyid, OnError::Raise).unwrap()),
    );
    let xids = StringArray::from_iter_values(
        (0..rows).map(|i| Xid::from_u64(i as u64 * 0x9e37_79b9).to_string()),
    );
    report(
        "xid parse",
        rows,
        best(|| xid::parse(&xids, OnError::Raise).unwrap()),
    );
    let euids = StringArray::from_iter_values((0..rows).map(|i| {
        Euid::from_parts(1_700_000_000_000 + i as u64, None, 0, i as u64)
            .unwrap()
            .to_string()
    }));
    report(
        "euid parse",
        rows,
        best(|| euid::parse(&euids, Profile::Polyid, OnError::Raise).unwrap()),
    );
    let values = tid::parse(&texts, Profile::Polyid, OnError::Raise)
        .unwrap()
        .values;
    report(
        "tid encode",
        rows,
        best(|| tid::encode(&values, false, OnError::Raise).unwrap()),
    );
    let values = xid::parse(&xids, OnError::Raise).unwrap().values;
    report(
        "xid encode",
        rows,
        best(|| xid::encode(&values, OnError::Raise).unwrap()),
    );
    report(
        "uid11 encode",
        rows,
        best(|| xid::uid11_encode(&values, OnError::Raise).unwrap()),
    );
    let values = euid::parse(&euids, Profile::Polyid, OnError::Raise)
        .unwrap()
        .values;
    report(
        "euid encode",
        rows,
        best(|| euid::encode(&values, true, OnError::Raise).unwrap()),
    );
}
