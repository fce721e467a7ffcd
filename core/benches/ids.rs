//! polyid against its peers, side by side on the same inputs, in one run.
//!
//! `cargo bench -p polyid --bench ids` measures with criterion, then prints a summary table
//! of the mean time per operation and the ratio to each named peer (read back from
//! criterion's own estimates under `target/criterion`), with each target checked. When the
//! environment variable `BENCH_MD` names a file, the table is appended to it as Markdown
//! (`make bench-write` puts it in README.md).

use std::hint::black_box;
use std::str::FromStr;
use std::time::Duration;

#[path = "support/bench_md.rs"]
mod bench_md;
#[path = "support/codes.rs"]
mod codes;

use criterion::{Criterion, Throughput};
use polyid::clock::Clock;
use polyid::euid::{Euid, EuidGenerator};
use polyid::tid::{Tid, TidGenerator};
use polyid::xid::Xid;
use polyid::{uid11, wdp};

const CODE: &str = "E.AUTH.TOKEN.001"; // 16 bytes

/// Codes of each shape the fast path meets, beside the canonical one: mixed case, a named
/// sequence, surrounding white space, the longest fields.
const SHAPES: [(&str, &str); 4] = [
    ("mixed case", "e.Auth.Token.001"),
    ("named", "E.Auth.Token.MISSING"),
    ("padded", " E.AUTH.TOKEN.001\n"),
    ("long", "E.AUTHENTICATION.TOKENVALIDATOR.001"),
];

/// How many codes a mix holds (a power of two: the next code is an index mask away).
const MIX: usize = 4096;

/// Valid codes of every shape (`support/codes.rs`: every field length, four cases, named
/// sequences, white space), the same codes normalized, and, from the same generator, mixes
/// of the codes with a numbered sequence only and with a named one only. Met one after
/// another, as the rows of a column are, they cost what varied codes cost: a single code
/// timed again and again has its every branch predicted.
fn mixes() -> [Vec<String>; 4] {
    let mut r = codes::Seeded(0x9e37_79b9_7f4a_7c15);
    let valid: Vec<String> = (0..)
        .map(|i| codes::code(&mut r, &codes::base36(i)))
        .filter(|c| wdp::compact_id(c).is_ok())
        .take(4 * MIX)
        .collect();
    let mixed = valid[..MIX].to_vec();
    let normalized = mixed
        .iter()
        .map(|c| wdp::normalize(c).expect("a valid code"))
        .collect();
    let named = |c: &&String| !c.trim_end().ends_with(|b: char| b.is_ascii_digit());
    let numbered = valid
        .iter()
        .filter(|c| !named(c))
        .take(MIX)
        .cloned()
        .collect();
    let named = valid.iter().filter(named).take(MIX).cloned().collect();
    [mixed, normalized, numbered, named]
}

fn wdp_group(c: &mut Criterion) {
    let mut g = c.benchmark_group("wdp");
    g.bench_function("polyid compact_id_into", |b| {
        let mut out = [0u8; 5];
        b.iter(|| wdp::compact_id_into(black_box(CODE), &mut out).map(|_| out))
    });
    for (shape, code) in SHAPES {
        g.bench_function(format!("polyid compact_id_into {shape}"), |b| {
            let mut out = [0u8; 5];
            b.iter(|| wdp::compact_id_into(black_box(code), &mut out).map(|_| out))
        });
    }
    // The mixes after the single codes: run before them, they change what those rows time.
    let [mixed, normalized, numbered, named] = mixes();
    for (name, codes) in [
        ("mix", &mixed),
        ("mix normalized", &normalized),
        ("mix numbered", &numbered),
        ("mix named", &named),
    ] {
        assert_eq!(codes.len(), MIX, "{name}");
        g.bench_function(format!("polyid compact_id_into {name}"), |b| {
            let (mut out, mut i) = ([0u8; 5], 0usize);
            b.iter(|| {
                i = (i + 1) & (MIX - 1);
                wdp::compact_id_into(black_box(&codes[i]), &mut out).map(|_| out)
            })
        });
    }
    g.bench_function("polyid compact_id", |b| {
        b.iter(|| wdp::compact_id(black_box(CODE)))
    });
    g.bench_function("polyid compact_id named", |b| {
        b.iter(|| wdp::compact_id(black_box("E.Auth.Token.MISSING")))
    });
    g.bench_function("waddling compute_wdp_hash", |b| {
        b.iter(|| waddling_errors_hash::wdp::compute_wdp_hash(black_box(CODE)))
    });
    g.bench_function("xxh3 alone", |b| {
        b.iter(|| xxhash_rust::xxh3::xxh3_64_with_seed(black_box(CODE.as_bytes()), wdp::CODE_SEED))
    });
    // The compact ID made a `String`, as the peer returns it: the allocation a caller who
    // keeps a `String` pays on top of `compact_id`.
    g.bench_function("polyid compact_id as String", |b| {
        b.iter(|| wdp::compact_id(black_box(CODE)).map(String::from))
    });
    g.bench_function("polyid parse_code", |b| {
        b.iter(|| wdp::StructuredCode::parse(black_box(CODE)))
    });
    g.finish();
}

fn uid11_group(c: &mut Criterion) {
    let mut g = c.benchmark_group("uid11");
    g.bench_function("polyid encode_into", |b| {
        let mut out = [0u8; 11];
        b.iter(|| {
            uid11::encode_into(black_box(0x0123_4567_89ab_cdef), &mut out);
            out
        })
    });
    g.bench_function("polyid decode", |b| {
        b.iter(|| uid11::decode(black_box("1113M2EhCbG")))
    });
    g.bench_function("polyid xid parse", |b| {
        b.iter(|| Xid::parse(black_box("1113M2EhCbG")))
    });
    g.finish();
}

fn tid_group(c: &mut Criterion) {
    let mut g = c.benchmark_group("tid");
    g.bench_function("polyid parse", |b| {
        b.iter(|| Tid::parse(black_box("3kxnlhr3gxq23")))
    });
    g.bench_function("polyid parse display", |b| {
        b.iter(|| Tid::parse(black_box("3kxn-lhr-3gxq-23")))
    });
    let t = Tid::from_parts(1_721_407_246_480_310, 1).unwrap();
    g.bench_function("polyid to_bytes", |b| b.iter(|| black_box(t).to_bytes()));
    g.finish();
}

fn euid_group(c: &mut Criterion) {
    let mut g = c.benchmark_group("euid");
    let v = 0x623f_4092_1824_bb00_52fd_df82_8ca3_52aa_u128;
    let text = "C8ZM14GR4JXG0MQXVY18S8TJNA6";
    g.bench_function("polyid encode_bytes", |b| {
        b.iter(|| Euid::from_u128(black_box(v)).encode_bytes(true))
    });
    g.bench_function("polyid encode", |b| {
        b.iter(|| Euid::from_u128(black_box(v)).encode(true))
    });
    g.bench_function("euid 0.1.7 encode", |b| {
        b.iter(|| euid::EUID::from(black_box(v)).encode(true))
    });
    g.bench_function("polyid parse", |b| b.iter(|| Euid::parse(black_box(text))));
    g.bench_function("euid 0.1.7 decode", |b| {
        b.iter(|| euid::EUID::from_str(black_box(text)))
    });
    g.finish();
}

fn generate_group(c: &mut Criterion) {
    let mut g = c.benchmark_group("generate");
    g.throughput(Throughput::Elements(1));
    // A TID generator issues one TID per microsecond; a loop that asks for many more runs
    // ahead of the clock, and with the default lead bound it would soon be measuring the
    // CLOCK_BEHIND error path. The largest bound keeps the benchmark on the success path.
    let tids = TidGenerator::with_options(
        polyid::clock::SystemClock,
        polyid::Options {
            max_lead_ms: polyid::policy::MAX_LEAD_MS,
            ..polyid::Options::default()
        },
        None,
    )
    .expect("a generator with default options");
    // The clock each generator reads, alone: TIDs are microseconds, xids milliseconds. A
    // generator's time beyond this is its own work.
    let clock = polyid::clock::SystemClock;
    g.bench_function("clock read (SystemClock::now_micros)", |b| {
        b.iter(|| black_box(&clock).now_micros())
    });
    g.bench_function("clock read (SystemClock::now_millis)", |b| {
        b.iter(|| black_box(&clock).now_millis())
    });
    g.bench_function("polyid TidGenerator::next", |b| {
        b.iter(|| tids.next().expect("within the lead"))
    });
    g.bench_function("polyid Xid::generate", |b| b.iter(Xid::generate));
    let euids = EuidGenerator::new();
    g.bench_function("polyid EuidGenerator::next", |b| b.iter(|| euids.next()));
    g.bench_function("polyid Euid::generate", |b| b.iter(|| Euid::generate(None)));
    g.bench_function("euid 0.1.7 EUID::create", |b| b.iter(euid::EUID::create));
    g.bench_function("ulid Ulid::new", |b| b.iter(ulid::Ulid::new));
    g.bench_function("uuid now_v7", |b| b.iter(uuid::Uuid::now_v7));
    g.bench_function("uuid new_v4", |b| b.iter(uuid::Uuid::new_v4));
    g.finish();
}

/// Mean nanoseconds of one benchmark, from criterion's estimates file.
fn mean_ns(group: &str, name: &str) -> Option<f64> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../target/criterion")
        .join(group)
        .join(name.replace(['?', '"', '/', '\\', '*', '<', '>', ':', '|', '^'], "_"))
        .join("new/estimates.json");
    let text = std::fs::read_to_string(dir).ok()?;
    let v: serde_json::Value = serde_json::from_str(&text).ok()?;
    v["mean"]["point_estimate"].as_f64()
}

fn summary() {
    // (group, ours, peer or "", target sentence)
    let rows: &[(&str, &str, &str, &str)] = &[
        ("wdp", "polyid compact_id_into", "xxh3 alone", "<= 12 ns"),
        (
            "wdp",
            "polyid compact_id_into mixed case",
            "polyid compact_id_into",
            "within 1.3x of peer",
        ),
        (
            "wdp",
            "polyid compact_id_into named",
            "polyid compact_id_into",
            "within 1.3x of peer",
        ),
        (
            "wdp",
            "polyid compact_id_into padded",
            "polyid compact_id_into",
            "within 1.3x of peer",
        ),
        (
            "wdp",
            "polyid compact_id_into long",
            "polyid compact_id_into",
            "",
        ),
        (
            "wdp",
            "polyid compact_id_into mix",
            "polyid compact_id_into mix normalized",
            "within 1.3x of peer",
        ),
        (
            "wdp",
            "polyid compact_id_into mix normalized",
            "polyid compact_id_into",
            "",
        ),
        (
            "wdp",
            "polyid compact_id_into mix named",
            "polyid compact_id_into mix numbered",
            "within 1.3x of peer",
        ),
        (
            "wdp",
            "polyid compact_id",
            "waddling compute_wdp_hash",
            ">= 3x faster",
        ),
        (
            "wdp",
            "polyid compact_id as String",
            "waddling compute_wdp_hash",
            "",
        ),
        (
            "wdp",
            "polyid compact_id named",
            "polyid compact_id",
            "within 1.3x of peer",
        ),
        ("wdp", "polyid parse_code", "", "<= 30 ns"),
        ("uid11", "polyid encode_into", "", "<= 25 ns"),
        ("uid11", "polyid decode", "", "<= 25 ns"),
        ("uid11", "polyid xid parse", "", "<= 30 ns"),
        ("tid", "polyid parse", "", "<= 30 ns"),
        ("tid", "polyid parse display", "", "<= 30 ns"),
        ("euid", "polyid encode_bytes", "euid 0.1.7 encode", "faster"),
        (
            "euid",
            "polyid encode",
            "euid 0.1.7 encode",
            ">= 2.5x faster",
        ),
        (
            "euid",
            "polyid parse",
            "euid 0.1.7 decode",
            ">= 3x faster, <= 30 ns",
        ),
        (
            "generate",
            "polyid TidGenerator::next",
            "euid 0.1.7 EUID::create",
            "<= 40 ns",
        ),
        (
            "generate",
            "polyid TidGenerator::next",
            "clock read (SystemClock::now_micros)",
            "within 1.3x of peer",
        ),
        (
            "generate",
            "polyid Xid::generate",
            "ulid Ulid::new",
            "faster, <= 40 ns",
        ),
        (
            "generate",
            "polyid Xid::generate",
            "clock read (SystemClock::now_millis)",
            "within 1.3x of peer",
        ),
        (
            "generate",
            "polyid EuidGenerator::next",
            "euid 0.1.7 EUID::create",
            ">= 5x faster",
        ),
        (
            "generate",
            "polyid Euid::generate",
            "euid 0.1.7 EUID::create",
            ">= 5x faster",
        ),
        (
            "generate",
            "polyid TidGenerator::next",
            "ulid Ulid::new",
            "faster",
        ),
        ("generate", "polyid EuidGenerator::next", "uuid now_v7", ""),
    ];
    let mut md = vec![
        "| operation | polyid | peer | peer time | peer / polyid | target | met |".to_string(),
        "|---|---:|---|---:|---:|---|---|".to_string(),
    ];
    let (mut met, mut targets) = (0, 0);
    for (group, ours, peer, target) in rows {
        let Some(t) = mean_ns(group, ours) else {
            continue;
        };
        let p = if peer.is_empty() {
            None
        } else {
            match mean_ns(group, peer) {
                Some(p) => Some(p),
                None => continue,
            }
        };
        let verdict = verdict(target, t, p);
        if let Some(ok) = verdict {
            targets += 1;
            met += usize::from(ok);
        }
        let verdict = match verdict {
            Some(true) => "yes",
            Some(false) => "**no**",
            None => "",
        };
        md.push(match p {
            None => format!("| {group}: {ours} | {t:.1} ns | | | | {target} | {verdict} |"),
            Some(p) => format!(
                "| {group}: {ours} | {t:.1} ns | {peer} | {p:.1} ns | {:.2}x | {target} | {verdict} |",
                p / t
            ),
        });
    }
    md.push(String::new());
    md.push(format!(
        "{met} of the {targets} targets checked are met (criterion's mean time per operation)."
    ));
    println!();
    for line in &md {
        println!("{line}");
    }
    bench_md::append(&md.join("\n"));
}

/// Whether a target of the table is met: `<= N ns`, `>= Nx faster` (the peer's time over
/// ours), `faster`, `within Nx of peer` (at most N times the peer's time: for a peer that is
/// a part of the operation, such as the clock read of a generator, or the same operation on
/// another input), and those joined by commas; `None` for a row without a checkable target
/// (`on par`, none).
fn verdict(target: &str, ours: f64, peer: Option<f64>) -> Option<bool> {
    let mut result = None;
    for part in target.split(',').map(str::trim) {
        let ok = if let Some(n) = part.strip_prefix("<= ").and_then(|r| r.strip_suffix(" ns")) {
            ours <= n.parse::<f64>().ok()?
        } else if let Some(n) = part
            .strip_prefix(">= ")
            .and_then(|r| r.strip_suffix("x faster"))
        {
            peer? / ours >= n.parse::<f64>().ok()?
        } else if let Some(n) = part
            .strip_prefix("within ")
            .and_then(|r| r.strip_suffix("x of peer"))
        {
            ours / peer? <= n.parse::<f64>().ok()?
        } else if part == "faster" {
            peer? > ours
        } else {
            continue;
        };
        result = Some(result.unwrap_or(true) && ok);
    }
    result
}

fn main() {
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .configure_from_args();
    wdp_group(&mut c);
    uid11_group(&mut c);
    tid_group(&mut c);
    euid_group(&mut c);
    generate_group(&mut c);
    c.final_summary();
    summary();
}
