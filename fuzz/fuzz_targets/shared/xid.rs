//! xid: `Xid::parse`, `Display`, `from_parts`, `unix_ms`/`random`, `prefix_time_range`.
//!
//! Properties (a failure panics):
//! - `Xid::parse(s)` is `uid11::decode(s)` (same value or same error code) and `to_string()`
//!   gives `s` back; `from_parts(unix_ms(), random())` rebuilds it; `unix_ms()` and
//!   `random()` follow docs/spec §2 (`delta << 22 | random22`, epoch 1321009871111);
//! - `prefix_time_range(p)` is `uid11::prefix_range(p)` with both bounds shifted right 22
//!   bits plus the epoch (or the same error code);
//! - `from_parts(ms, r)` for numbers taken from the input: Ok iff `ms` is in
//!   [EPOCH_MS, MAX_UNIX_MS] and `r < 2^22`, and then it round-trips through its text.

use polyid::uid11;
use polyid::xid::{self, Xid};

const EPOCH: u64 = 1_321_009_871_111;

pub fn check(data: &[u8]) {
    if data.len() >= 12 {
        let ms = u64::from_le_bytes(data[..8].try_into().unwrap());
        let r = u32::from_le_bytes(data[8..12].try_into().unwrap());
        // Bias toward the valid range half of the time.
        let ms = if ms & 1 == 0 {
            EPOCH + (ms >> 1) % (1 << 43)
        } else {
            ms
        };
        let r = if r & 1 == 0 { (r >> 1) % (1 << 23) } else { r };
        let valid = (EPOCH..=EPOCH + (1 << 42) - 1).contains(&ms) && r < (1 << 22);
        match Xid::from_parts(ms, r) {
            Ok(x) => {
                assert!(valid, "from_parts({ms}, {r}) accepted");
                assert_eq!(x.value(), ((ms - EPOCH) << 22) | r as u64);
                assert_eq!((x.unix_ms(), x.random()), (ms, r));
                assert_eq!(Xid::parse(&x.to_string()), Ok(x));
                assert_eq!(x.to_string(), uid11::encode(x.value()));
            }
            Err(e) => {
                assert!(!valid, "from_parts({ms}, {r}) refused: {e}");
                assert_eq!(e.code().as_str(), "OUT_OF_RANGE");
            }
        }
    }

    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    match (Xid::parse(s), uid11::decode(s)) {
        (Ok(x), Ok(v)) => {
            assert_eq!(x.value(), v);
            assert_eq!(x.to_string(), s, "Display of Xid::parse({s:?})");
            assert_eq!(&x.to_bytes()[..], s.as_bytes());
            assert_eq!(x.unix_ms(), (v >> 22) + EPOCH);
            assert_eq!(x.random() as u64, v & 0x3F_FFFF);
            assert_eq!(Xid::from_parts(x.unix_ms(), x.random()), Ok(x));
            assert_eq!(Xid::from_u64(v), x);
        }
        (Err(a), Err(b)) => assert_eq!(a.code(), b.code(), "{s:?}"),
        (a, b) => panic!("Xid::parse({s:?}) = {a:?} but uid11::decode = {b:?}"),
    }
    match (xid::prefix_time_range(s), uid11::prefix_range(s)) {
        (Ok(t), Ok(r)) => {
            assert_eq!(
                t,
                r.map(|(lo, hi)| ((lo >> 22) + EPOCH, (hi >> 22) + EPOCH)),
                "{s:?}"
            );
        }
        (Err(a), Err(b)) => assert_eq!(a.code(), b.code(), "{s:?}"),
        (a, b) => panic!("prefix_time_range({s:?}) = {a:?} but uid11 = {b:?}"),
    }
}
