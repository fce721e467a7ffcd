//! Expansion of many IDs against a large catalog (the sizes and the target per expansion
//! without field substitution are in the code below and in the table it prints), plus
//! loading and signing costs.
//!
//! `cargo bench -p polyid --bench catalog`; when the environment variable `BENCH_MD` names a
//! file, the figures are appended to it as a Markdown table (`make bench-catalog-write`).

use std::collections::HashMap;
use std::hint::black_box;
use std::time::Instant;

#[path = "support/bench_md.rs"]
mod bench_md;

use polyid::wdp::catalog::{Catalog, Entry, Form, KeyPair};
use polyid::wdp::{compact_id_with, NamedSequences};
use rand::{RngExt, SeedableRng};

const ENTRIES: usize = 10_000;
const LOOKUPS: usize = 1_000_000;
const ROUNDS: usize = 7;

/// 10,000 codes with distinct compact IDs (a colliding code is skipped).
fn codes() -> Vec<String> {
    let names = NamedSequences::standard();
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::with_capacity(ENTRIES);
    let components = [
        "Auth", "Db", "Cache", "Api", "Net", "File", "Queue", "User", "Billing",
    ];
    'outer: for c in components {
        for p in 0..200 {
            for s in 1..=999 {
                let code = format!("E.{c}.P{p}.{s:03}");
                if seen.insert(compact_id_with(&code, &names).unwrap()) {
                    out.push(code);
                }
                if out.len() == ENTRIES {
                    break 'outer;
                }
                if s == 10 {
                    break;
                }
            }
        }
    }
    assert_eq!(out.len(), ENTRIES);
    out
}

/// Best of ROUNDS: nanoseconds per call of `f` over `n` calls.
fn best(n: usize, mut f: impl FnMut() -> usize) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..ROUNDS {
        let t = Instant::now();
        black_box(f());
        best = best.min(t.elapsed().as_nanos() as f64 / n as f64);
    }
    best
}

fn main() {
    // `cargo bench` passes --bench; `cargo test --benches` runs us with no flag: be quick.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let codes = codes();
    let plain = Catalog::build(codes.iter().map(|c| Entry::new(c, "a fixed message"))).unwrap();
    let templated = Catalog::build(
        codes
            .iter()
            .map(|c| Entry::new(c, "user {{user}} failed at {{step}}")),
    )
    .unwrap();
    let ids: Vec<String> = plain.ids().map(str::to_owned).collect();
    let mut rng = rand::rngs::StdRng::seed_from_u64(9);
    let queries: Vec<&str> = (0..LOOKUPS)
        .map(|_| ids[rng.random_range(0..ids.len())].as_str())
        .collect();
    let misses: Vec<String> = (0..LOOKUPS)
        .map(|i| format!("{:05}", i % 100_000))
        .filter(|id| plain.get(id).is_none())
        .collect();

    println!("catalog: {ENTRIES} entries, {LOOKUPS} random IDs, best of {ROUNDS} rounds");
    let mut md = vec![
        format!("Catalog of {ENTRIES} entries, {LOOKUPS} random IDs, best of {ROUNDS} rounds:"),
        String::new(),
        "| operation | time | target |".to_string(),
        "|---|---:|---|".to_string(),
    ];
    let ns = best(LOOKUPS, || {
        let mut n = 0;
        for id in &queries {
            n += plain.expand_id(black_box(id)).unwrap().message.len();
        }
        n
    });
    println!("expand (no fields, hit)          {ns:>8.1} ns/ID   target <= 100 ns");
    let met = if ns <= 100.0 { "met" } else { "**missed**" };
    md.push(format!(
        "| `expand_id`, no fields, known ID | {ns:.1} ns/ID | <= 100 ns: {met} |"
    ));
    let ns_get = best(LOOKUPS, || {
        let mut n = 0;
        for id in &queries {
            n += plain.get(black_box(id)).unwrap().code().len();
        }
        n
    });
    println!("get (lookup only)                {ns_get:>8.1} ns/ID");
    md.push(format!("| `get`, lookup only | {ns_get:.1} ns/ID | |"));
    let ns_miss = best(misses.len(), || {
        let mut n = 0;
        for id in &misses {
            n += usize::from(plain.expand_id(black_box(id)).is_err());
        }
        n
    });
    println!("expand (unknown ID -> NOT_FOUND) {ns_miss:>8.1} ns/ID");
    md.push(format!(
        "| `expand_id`, unknown ID (`NOT_FOUND`, error built) | {ns_miss:.1} ns/ID | |"
    ));
    let fields = HashMap::from([("user", "ada"), ("step", "login")]);
    let ns_fields = best(LOOKUPS, || {
        let mut n = 0;
        for id in &queries {
            n += templated
                .expand(black_box(id), &fields)
                .unwrap()
                .message
                .len();
        }
        n
    });
    println!("expand (2 fields substituted)    {ns_fields:>8.1} ns/ID");
    md.push(format!(
        "| `expand`, two fields substituted from a `HashMap` | {ns_fields:.1} ns/ID | |"
    ));

    let compact_json = plain.to_json(Form::Compact);
    let load = best(1, || Catalog::from_json(&compact_json).unwrap().len());
    println!(
        "load + verify compact JSON        {:>8.2} ms ({} KiB)",
        load / 1e6,
        compact_json.len() / 1024
    );
    md.push(format!(
        "| `Catalog::from_json`, load and verify the compact JSON ({} KiB) | {:.2} ms | |",
        compact_json.len() / 1024,
        load / 1e6
    ));
    let key = KeyPair::from_secret(&[7; 32]).unwrap();
    let sig = plain.sign(&key);
    let sign = best(1, || plain.sign(&key).len());
    let verify = best(1, || {
        usize::from(plain.verify(&key.public_key(), &sig).is_ok())
    });
    println!(
        "sign / verify 10k entries         {:>8.2} / {:.2} ms",
        sign / 1e6,
        verify / 1e6
    );
    md.push(format!(
        "| `sign` / `verify` the whole catalog (Ed25519) | {:.2} / {:.2} ms | |",
        sign / 1e6,
        verify / 1e6
    ));
    md.push(String::new());
    bench_md::append(&md.join("\n"));
}
