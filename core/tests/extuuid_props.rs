//! EXTUUID properties: no panic on any input, and the printed form and the UUID round-trip.

use polyid::extuuid::{self, carrier, Extuuid};
use proptest::prelude::*;

/// Every decodable UUID prints to a text that reads back to it, and that text is canonical.
fn check_uuid(u: u128) {
    if let Ok(x) = Extuuid::from_u128(u) {
        let text = x.to_string();
        let again = Extuuid::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(again, x, "{text}");
        assert_eq!(again.to_string(), text);
        assert_eq!(Extuuid::parse_uuid(&x.uuid_string()).unwrap(), x);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    #[test]
    fn any_u128_decodes_or_fails(u in any::<u128>()) {
        let _ = extuuid::decode(u);
        check_uuid(u);
    }

    #[test]
    fn any_payload_round_trips(p in any::<u128>()) {
        check_uuid(carrier::payload_to_uuid(p));
    }

    #[test]
    fn typed_payloads_round_trip(
        ty in 0u128..3, sub in prop::sample::select(vec![0u128, 1, 2, 3, 4, 5, 6, 7]),
        small in 0u128..32, rest in any::<u128>()
    ) {
        // steer into valid regions: type, subtype, then a small field, then anything
        let p = (ty << 120) | (sub << 117) | (small << 112) | (rest >> 16);
        check_uuid(carrier::payload_to_uuid(p));
        // quant with zero exponents and a random value
        let q = (0b10u128 << 120) | (1 << 117) | (rest & ((1 << 64) - 1));
        check_uuid(carrier::payload_to_uuid(q));
    }

    #[test]
    fn int_vector_payloads_round_trip(
        unsigned in any::<bool>(), n in 1u128..=20, l in 1u128..=103, rest in any::<u128>()
    ) {
        let l = l.min(103 / n).max(1);
        let p = (0b10u128 << 120) | ((4 + unsigned as u128) << 117) | (n << 110) | (l << 103)
            | (rest & ((1u128 << 103) - 1));
        let u = carrier::payload_to_uuid(p);
        if !unsigned {
            // only negative zero elements may fail
            if let Err(e) = Extuuid::from_u128(u) {
                prop_assert_eq!(e.code(), polyid::ErrorCode::ReservedBits);
            }
        } else {
            prop_assert!(Extuuid::from_u128(u).is_ok());
        }
        check_uuid(u);
    }

    #[test]
    fn std_float_payloads_round_trip(format in 0u128..=6, body in any::<u128>()) {
        // 104 random body bits, reserved bits zero
        let p = (0b10u128 << 120) | (7 << 117) | (format << 114) | ((body & ((1u128 << 104) - 1)) << 10);
        check_uuid(carrier::payload_to_uuid(p));
    }

    #[test]
    fn generic_float_payloads_round_trip(
        n in 1u128..=6, l in 4u128..=98, e in 2u128..=31, rest in any::<u128>()
    ) {
        let l = l.min(98 / n).max(4);
        let e = e.min(l - 2);
        let p = (0b10u128 << 120) | (6 << 117) | (n << 110) | (l << 103) | (e << 98)
            | (rest & ((1u128 << 98) - 1));
        check_uuid(carrier::payload_to_uuid(p));
    }

    #[test]
    fn any_string_parses_or_fails(s in ".{0,80}") {
        if let Ok(x) = Extuuid::parse(&s) {
            let canonical = x.to_string();
            prop_assert_eq!(Extuuid::parse(&canonical).unwrap(), x);
        }
        let _ = extuuid::decode_text(&s);
    }

    #[test]
    fn grammar_like_strings(
        head in prop::sample::select(vec![
            "sym", "symA", "symB", "symC", "symD", "symE", "symF", "serial", "serialC", "fixed",
            "fixedB4", "fixedA31", "int", "int/3*8", "uint", "uint/2", "f16", "f32x3", "f64", "f/2*16*5", "f/1*64*11", "f80", "quant", "q", "quant15", "t", "t/0", "t/64", "t/109",
        ]),
        body in "[-+*/:.0-9A-Za-z_$;TZ]{0,40}",
    ) {
        let s = format!("extuuid:{head}:{body}");
        if let Ok(x) = Extuuid::parse(&s) {
            let canonical = x.to_string();
            prop_assert_eq!(Extuuid::parse(&canonical).unwrap(), x);
            prop_assert_eq!(Extuuid::parse(&canonical).unwrap().to_string(), canonical);
        }
    }

    #[test]
    fn ints_round_trip(v in -((1i128 << 116) - 1)..=((1i128 << 116) - 1)) {
        let x = Extuuid::parse(&format!("int:{v}")).unwrap();
        prop_assert_eq!(x.to_string(), format!("extuuid:int:{v}"));
    }

    #[test]
    fn floats_round_trip(bits in any::<u64>()) {
        let v = f64::from_bits(bits);
        if v.is_finite() {
            let x = Extuuid::encode(&extuuid::Value::Quant {
                context: 0, value: v, unit: Default::default(),
            }).unwrap();
            let y = Extuuid::parse(&x.to_string()).unwrap();
            prop_assert_eq!(x, y);
        }
    }

    #[test]
    fn times_round_trip(secs in -(1i128 << 40)..(1i128 << 40), bits in 0u8..=60, frac in any::<u128>()) {
        let t = extuuid::Instant { bits, seconds: secs, fraction: frac & ((1u128 << bits) - 1) };
        let x = Extuuid::encode(&extuuid::Value::Time(t)).unwrap();
        let text = x.to_string();
        prop_assert_eq!(Extuuid::parse(&text).unwrap(), x, "{}", text);
    }
}
