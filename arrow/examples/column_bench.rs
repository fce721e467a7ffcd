//! ns per row of the main kernels over seeded columns, one line per column: `NAME: X ns/row`
//! (best of 3). `make bench-paired-arrow BASE=rev` runs it for two commits in turns
//! (tools/bench_paired.py --arrow); the rows count is the first argument.
//!
//! The WDP codes cover the valid space as `bindings-python/bench/codes.py` does: components of
//! 1-16 characters in four cases, a third of the sequences named, a tenth padded with white
//! space, 2% invalid (errors become null rows).

use std::hint::black_box;
use std::time::Instant;

use arrow_array::StringArray;
use polyid::euid::Euid;
use polyid::tid::TidGenerator;
use polyid::xid::Xid;
use polyid::Profile;
use polyid_arrow::{euid, tid, wdp, xid, OnError};

/// xorshift64*: the same columns on every run and in both builds of a paired run.
struct Seeded(u64);

impl Seeded {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

const NAMES: [&str; 8] = [
    "MISSING",
    "MISMATCH",
    "INVALID",
    "TIMEOUT",
    "NOT_FOUND",
    "LOCKED",
    "CONFLICT",
    "STALE",
];

fn field(r: &mut Seeded) -> String {
    const ALNUM: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    let len = 1 + (r.below(8) + r.below(9)) as usize;
    let mut s = String::with_capacity(len);
    s.push((b'A' + r.below(26) as u8) as char);
    for _ in 1..len {
        s.push(ALNUM[r.below(ALNUM.len() as u64) as usize] as char);
    }
    match r.below(10) {
        0..=3 => s,
        4..=5 => s.to_lowercase(),
        6..=8 => s[..1].to_string() + &s[1..].to_lowercase(),
        _ => s
            .chars()
            .map(|c| {
                if r.below(2) == 0 {
                    c.to_ascii_lowercase()
                } else {
                    c
                }
            })
            .collect(),
    }
}

/// One code: valid, except 2% (a reserved sequence, five fields, or a non-ASCII component).
/// `tag` (letters and digits) ends the primary, which is cut to leave room for it.
fn code(r: &mut Seeded, tag: &str) -> String {
    let severity = ["E", "W", "C", "S", "K", "I", "T", "H", "B"][r.below(9) as usize];
    let sequence = if r.below(3) == 0 {
        NAMES[r.below(NAMES.len() as u64) as usize].to_string()
    } else {
        format!("{:03}", 1 + r.below(999))
    };
    let component = field(r);
    let mut primary = field(r);
    primary.truncate(16 - tag.len());
    primary.push_str(tag);
    let mut c = format!("{severity}.{component}.{primary}.{sequence}");
    if r.below(10) == 0 {
        c = format!(" {c}\t");
    }
    match r.below(150) {
        0 => c
            .rsplit_once('.')
            .map_or(c.clone(), |(a, _)| format!("{a}.000")),
        1 => c.replacen('.', "..", 1),
        2 => c.replacen('.', ".\u{e9}", 1),
        _ => c,
    }
}

fn base36(mut n: usize) -> String {
    let mut digits = Vec::new();
    loop {
        digits.push(b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[n % 36]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    digits.reverse();
    String::from_utf8(digits).unwrap_or_default()
}

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
    for (name, column) in [
        ("compact_ids canonical (1,000 codes)", &canonical),
        ("compact_ids realistic repeated (2,000 codes)", &repeated),
        ("compact_ids realistic all distinct", &distinct),
    ] {
        let s = best(|| wdp::compact_ids(column, None, Profile::Polyid, OnError::Null).unwrap());
        report(name, rows, s);
    }
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
}
