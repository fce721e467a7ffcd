//! The Rust peer of `bench.c`: the same calls made directly on the core, so that the
//! difference is the C ABI (argument checks, UTF-8 validation, error struct, panic guard).
//! Prints "op ns_per_call" lines. Run with `make c-bench`.

use std::hint::black_box;
use std::time::Instant;

use polyid::euid::{Euid, EuidGenerator};
use polyid::extuuid;
use polyid::tid::{Tid, TidGenerator};
use polyid::wdp::catalog::Catalog;
use polyid::xid::Xid;
use polyid::{uid11, wdp};

const N: u64 = 2_000_000;
const ROUNDS: usize = 5;

fn bench(name: &str, mut body: impl FnMut(u64)) {
    let mut best = f64::MAX;
    for _ in 0..ROUNDS {
        let t0 = Instant::now();
        for i in 0..N {
            body(black_box(i));
        }
        best = best.min(t0.elapsed().as_nanos() as f64 / N as f64);
    }
    println!("{name} {best:.2}");
}

fn main() {
    // The timed loop outruns one TID per microsecond: the largest lead bound keeps it on the
    // success path (as the C side does).
    let tg = TidGenerator::with_options(
        polyid::clock::SystemClock,
        polyid::Options {
            max_lead_ms: polyid::policy::MAX_LEAD_MS,
            ..polyid::Options::default()
        },
        Some(1023),
    )
    .unwrap();
    let eg = EuidGenerator::new();
    let e = Euid::parse("C8ZM14GR4JXG0MQXVY18S8TJNA6").unwrap();
    let mut out = [0u8; 5];
    bench("compact_id", |_| {
        let _ = wdp::compact_id_into(black_box("E.Auth.Token.001"), &mut out);
        black_box(out);
    });
    bench("compact_id_error", |_| {
        black_box(wdp::compact_id_into(black_box("X.Auth.Token.001"), &mut out).is_err());
    });
    let mut text = [0u8; 11];
    bench("uid11_encode", |i| {
        uid11::encode_into(i.wrapping_mul(0x9e3779b97f4a7c15), &mut text);
        black_box(text);
    });
    bench("uid11_decode", |_| {
        black_box(uid11::decode(black_box("jpXCZedGfVQ")).ok());
    });
    bench("tid_parse", |_| {
        black_box(Tid::parse(black_box("3kxnlhr3gxq23")).ok());
    });
    bench("tid_generator_next", |_| {
        black_box(tg.next().ok());
    });
    bench("euid_parse", |_| {
        black_box(Euid::parse(black_box("C8ZM14GR4JXG0MQXVY18S8TJNA6")).ok());
    });
    bench("euid_encode", |_| {
        black_box(black_box(e).encode_bytes(true));
    });
    bench("euid_generator_next", |_| {
        black_box(eg.next().ok());
    });
    bench("xid_generate", |_| {
        black_box(Xid::generate().ok());
    });
    let cat = Catalog::from_json(
        r#"{"V6a0B": ["E.AUTH.TOKEN.001", "token missing for {{user}}"],
            "KF52S": ["W.DATABASE.CONNECTION.027", "slow connection"]}"#,
    )
    .unwrap();
    let fields = [("user", "ada")];
    bench("catalog_expand", |_| {
        black_box(cat.expand(black_box("V6a0B"), &fields[..]).ok());
    });
    bench("catalog_expand_no_fields", |_| {
        black_box(cat.expand_id(black_box("KF52S")).ok());
    });
    bench("extuuid_encode", |_| {
        black_box(extuuid::encode_text(black_box("fixedB4:GBP$:222.31")).ok());
    });
    bench("extuuid_decode", |_| {
        black_box(extuuid::decode_text(black_box("49083027-d200-8000-8000-00000021ebfc")).ok());
    });
}
