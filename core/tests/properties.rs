//! Property tests over the whole value space of every family.

use polyid::euid::Euid;
use polyid::tid::{self, Tid};
use polyid::xid::{self, Xid};
use polyid::{uid11, wdp};
use proptest::prelude::*;

const TS_ALPHABET: &str = "234567abcdefghijklmnopqrstuvwxyz";

fn tid_micros() -> impl Strategy<Value = i64> {
    tid::MIN_MICROS..=tid::MAX_MICROS
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    #[test]
    fn uid11_round_trip(v in any::<u64>()) {
        let s = uid11::encode(v);
        prop_assert_eq!(s.len(), 11);
        prop_assert_eq!(uid11::decode(&s).unwrap(), v);
    }

    #[test]
    fn uid11_order(a in any::<u64>(), b in any::<u64>()) {
        prop_assert_eq!(a.cmp(&b), uid11::encode(a).cmp(&uid11::encode(b)));
    }

    #[test]
    fn uid11_prefix_contains_exactly(v in any::<u64>(), n in 0usize..=11, w in any::<u64>()) {
        let s = uid11::encode(v);
        let (lo, hi) = uid11::prefix_range(&s[..n]).unwrap().unwrap();
        prop_assert!(lo <= v && v <= hi);
        // Any other value is in the range exactly when its text has the same prefix.
        let in_range = lo <= w && w <= hi;
        prop_assert_eq!(in_range, uid11::encode(w).starts_with(&s[..n]));
        // The bounds themselves carry the prefix, and their neighbours outside do not.
        prop_assert!(uid11::encode(lo).starts_with(&s[..n]));
        prop_assert!(uid11::encode(hi).starts_with(&s[..n]));
        if lo > 0 { prop_assert!(!uid11::encode(lo - 1).starts_with(&s[..n]) || n == 0); }
        if hi < u64::MAX { prop_assert!(!uid11::encode(hi + 1).starts_with(&s[..n]) || n == 0); }
    }

    #[test]
    fn xid_round_trip(delta in 0u64..=xid::MAX_DELTA_MS, r in 0u32..=xid::MAX_RANDOM) {
        let x = Xid::from_parts(xid::EPOCH_MS + delta, r).unwrap();
        let back: Xid = x.to_string().parse().unwrap();
        prop_assert_eq!(back, x);
        prop_assert_eq!((back.unix_ms(), back.random()), (xid::EPOCH_MS + delta, r));
        let n = (delta % 12) as usize;
        let (lo, hi) = xid::prefix_time_range(&x.to_string()[..n]).unwrap().unwrap();
        prop_assert!(lo <= x.unix_ms() && x.unix_ms() <= hi);
    }

    #[test]
    fn tid_round_trip(m in tid_micros(), c in 0u16..=1023) {
        let t = Tid::from_parts(m, c).unwrap();
        prop_assert_eq!((t.micros(), t.clock_id()), (m, c));
        prop_assert_eq!(Tid::parse(&t.to_string()).unwrap(), t);
        prop_assert_eq!(Tid::parse(&t.display()).unwrap(), t);
        prop_assert_eq!(Tid::from_i64(t.value()).unwrap(), t);
    }

    #[test]
    fn tid_order_non_negative(a in 0..=tid::MAX_MICROS, b in 0..=tid::MAX_MICROS, c in 0u16..=1023, d in 0u16..=1023) {
        let x = Tid::from_parts(a, c).unwrap();
        let y = Tid::from_parts(b, d).unwrap();
        prop_assert_eq!(x.cmp(&y), x.to_string().cmp(&y.to_string()));
    }

    #[test]
    fn tid_prefix_contains_exactly(m in tid_micros(), n in 0usize..=11, w in tid_micros()) {
        let s = Tid::from_parts(m, 0).unwrap().to_string();
        let (lo, hi) = tid::prefix_range(&s[..n]).unwrap().unwrap();
        prop_assert!(lo <= m && m <= hi);
        let ws = Tid::from_parts(w, 0).unwrap().to_string();
        prop_assert_eq!(lo <= w && w <= hi, ws.starts_with(&s[..n]));
        prop_assert!(Tid::from_parts(lo, 0).unwrap().to_string().starts_with(&s[..n]));
        prop_assert!(Tid::from_parts(hi, 0).unwrap().to_string().starts_with(&s[..n]));
    }

    #[test]
    fn tid_rejects_what_it_cannot_print(s in "[2-7a-z]{13}") {
        // Strict syntax: a parse either fails or round-trips to the same text.
        if let Ok(t) = Tid::parse(&s) {
            prop_assert_eq!(t.to_string(), s);
        } else {
            let first = TS_ALPHABET.find(s.as_bytes()[0] as char).unwrap();
            prop_assert!((8..24).contains(&first) || s.starts_with("s2222222222"));
        }
    }

    #[test]
    fn euid_round_trip(v in any::<u128>()) {
        let e = Euid::from_u128(v);
        prop_assert_eq!(Euid::parse(&e.encode(true)).unwrap(), e);
        prop_assert_eq!(Euid::parse(&e.encode(false)).unwrap(), e);
        prop_assert_eq!(Euid::parse(&e.encode(true).to_lowercase()).unwrap(), e);
        prop_assert_eq!(Euid::from_bytes(e.to_bytes()), e);
        prop_assert_eq!(e.checkmod() as u128, v % 127);
    }

    #[test]
    fn euid_order(a in any::<u128>(), b in any::<u128>()) {
        let (x, y) = (Euid::from_u128(a), Euid::from_u128(b));
        prop_assert_eq!(a.cmp(&b), x.encode(false).cmp(&y.encode(false)));
    }

    #[test]
    fn euid_parts(ms in 0u64..=polyid::euid::MAX_UNIX_MS, ext in proptest::option::of(0u16..=0x7fff),
                  pad in any::<u16>(), r in any::<u64>()) {
        let bits = match ext { None => 15, Some(0) => 14, Some(e) => 15 - (16 - e.leading_zeros()) };
        let pad = pad & ((1u16 << bits) - 1);
        let e = Euid::from_parts(ms, ext, pad, r).unwrap();
        prop_assert_eq!((e.unix_ms(), e.extension(), e.padding(), e.lo()), (ms, ext, pad, r));
    }

    #[test]
    fn euid_max_padding_is_the_largest_accepted(ext in proptest::option::of(0u16..=0x7fff),
                                                pad in any::<u16>()) {
        // The padding has the 15 - L bits above an extension of L bits (L >= 1), or 15.
        let bits = match ext { None => 15, Some(0) => 14, Some(e) => 15 - (16 - e.leading_zeros()) };
        let max = (1u16 << bits) - 1;
        prop_assert_eq!(polyid::euid::max_padding(ext), max);
        prop_assert_eq!(Euid::from_parts(0, ext, pad, 0).is_ok(), pad <= max);
    }

    #[test]
    fn wdp_case_and_names(c in "[A-Za-z][A-Za-z0-9]{0,15}", p in "[A-Za-z][A-Za-z0-9]{0,15}",
                          i in 0usize..29) {
        let (name, n) = wdp::STANDARD_SEQUENCES[i];
        let upper = format!("E.{}.{}.{:03}", c.to_uppercase(), p.to_uppercase(), n);
        let lower = format!(" e.{}.{}.{} ", c.to_lowercase(), p.to_lowercase(), name.to_lowercase());
        prop_assert_eq!(wdp::normalize(&lower).unwrap(), upper.clone());
        prop_assert_eq!(wdp::compact_id(&lower).unwrap(), wdp::compact_id(&upper).unwrap());
        let mut buf = [0u8; 5];
        wdp::compact_id_into(&upper, &mut buf).unwrap();
        prop_assert_eq!(std::str::from_utf8(&buf).unwrap(), wdp::compact_id(&upper).unwrap());
    }

    #[test]
    fn wdp_never_panics(s in "\\PC{0,48}") {
        let _ = wdp::compact_id(&s);
        let _ = wdp::parse_full_id(&s);
        let _ = wdp::namespace_hash(&s);
        let _ = uid11::decode(&s);
        let _ = uid11::prefix_range(&s);
        let _ = Tid::parse(&s);
        let _ = tid::prefix_range(&s);
        let _ = Euid::parse(&s);
    }
}
