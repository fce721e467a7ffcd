//! Observed compact-ID collisions among N random WDP codes against the birthday bound
//! (seed part 5 §6.1): `cargo run --release -p polyid --example collisions [seed]`. When the
//! environment variable `BENCH_MD` names a file, the table is appended to it as Markdown
//! (`make bench-catalog-write`).

use polyid::wdp::catalog::{collision_probability, collisions, expected_collisions};
use rand::{RngExt, SeedableRng};

#[path = "../benches/support/bench_md.rs"]
mod bench_md;

/// A random valid code: severity, two alphanumeric words, a sequence 001-999.
fn random_code(rng: &mut impl rand::Rng) -> String {
    const SEV: &[u8] = b"EWCBSKITH";
    const UP: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const AN: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    let word = |rng: &mut dyn rand::Rng| {
        let len = rng.random_range(3..=12);
        let mut w = String::with_capacity(len);
        w.push(UP[rng.random_range(0..UP.len())] as char);
        for _ in 1..len {
            w.push(AN[rng.random_range(0..AN.len())] as char);
        }
        w
    };
    let sev = SEV[rng.random_range(0..SEV.len())] as char;
    let c = word(rng);
    let p = word(rng);
    format!("{sev}.{c}.{p}.{:03}", rng.random_range(1..=999))
}

fn main() {
    let seed: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    println!("compact IDs: 62^5 = 916,132,832; rng seed {seed}");
    println!("each row: T trials of N distinct random codes; pairs = colliding pairs");
    println!(
        "{:>7} {:>6} {:>12} {:>12} {:>13} {:>11}",
        "N", "T", "pairs/trial", "expected", "trials w/ >=1", "P(>=1)"
    );
    let mut md = vec![
        format!(
            "Collisions among N random distinct codes, `cargo run --release -p polyid --example \
             collisions` (seed {seed}; T trials per row; expected pairs = N(N-1) / (2 * 62^5)):"
        ),
        String::new(),
        "| N | trials | colliding pairs per trial | expected | trials with >= 1 | P(>= 1), birthday bound |"
            .to_string(),
        "|---|---|---|---|---|---|".to_string(),
    ];
    for (n, trials) in [
        (2_000usize, 1_000u32),
        (5_000, 400),
        (10_000, 200),
        (100_000, 20),
    ] {
        let mut total_pairs = 0usize;
        let mut with_collision = 0u32;
        let mut example = None;
        for _ in 0..trials {
            let mut codes = std::collections::HashSet::with_capacity(n);
            while codes.len() < n {
                codes.insert(random_code(&mut rng));
            }
            let groups = collisions(codes.iter()).expect("valid codes");
            let pairs: usize = groups
                .iter()
                .map(|g| g.codes.len() * (g.codes.len() - 1) / 2)
                .sum();
            total_pairs += pairs;
            with_collision += u32::from(pairs > 0);
            if example.is_none() {
                example = groups.into_iter().next();
            }
        }
        println!(
            "{:>7} {:>6} {:>12.4} {:>12.4} {:>12.2}% {:>10.2}%",
            n,
            trials,
            total_pairs as f64 / f64::from(trials),
            expected_collisions(n as u64),
            100.0 * f64::from(with_collision) / f64::from(trials),
            100.0 * collision_probability(n as u64)
        );
        let rate = 100.0 * f64::from(with_collision) / f64::from(trials);
        md.push(format!(
            "| {} | {} | {:.4} | {:.4} | {} | {:.2}% |",
            thousands(n),
            thousands(trials as usize),
            total_pairs as f64 / f64::from(trials),
            expected_collisions(n as u64),
            if rate == 100.0 {
                "100%".to_string()
            } else {
                format!("{rate:.2}%")
            },
            100.0 * collision_probability(n as u64)
        ));
        if let Some(g) = example {
            println!("        e.g. {} <- {}", g.id, g.codes.join(", "));
        }
    }
    bench_md::append(&md.join("\n"));
}

/// 100000 -> "100,000".
fn thousands(n: usize) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
