//! Hostile printed forms: each must return (Ok or an error), never panic (run in debug builds,
//! where arithmetic overflow would panic).

use polyid::extuuid::Extuuid;

#[test]
fn hostile_texts_do_not_panic() {
    let cases: &[&str] = &[
        "t:-999999999999999999999999999999-01-01",
        "t:+999999999999999999999999999999-12-31T23:59:59.999999999",
        "t:999999999999999999999999999999999999.5",
        "t/109:1582-10-15T00:00:00.99999999999999999999999999999999999999999999999",
        "t/0:1582-10-14T23:59:59.9",
        "fixedA31:x:99999999999999999999999999999999999999.9",
        "fixedA:x:0.00000000000000000000000000000000000000000001",
        "fixed:x:-99999999999999999999999999999999999999999999",
        "f/1*98*31:0:1p-999999999999",
        "f/1*98*31:0:99999999999999999999999999999999999999p999999999999",
        "f/1*98*31:0:-1p-9999999999",
        "f/1*4*2:0:1e308",
        "f/1*4*2:0:5e-324",
        "f80:ABCD:1p-999999999999",
        "f80:ABCD:99999999999999999999999999999999999999p-16500",
        "int/1*103:0:-99999999999999999999999999999999999999",
        "uint/1*1:99999999999999999999999999999:0",
        "uint/1*1:999999999999999999999999999999999:0",
        "f:99999999999999999999999999999999999999p-999999",
        "f:340282366920938463463374607431768211455p0",
        "quant:1*m7/7*kg7/6/s1/7",
        "serial:x:340282366920938463463374607431768211456",
        "int:-170141183460469231731687303715884105728",
        "f16:AB:1,2,3,4,5,6,7",
        "f16:ABCDEFGHIJKLMNOP:1",
        "int/127*127:1",
        "t/",
        "t/:2024",
        "fixed99999:x:1",
        "uint/0:1",
        "f/0*0*0:0:1",
        "f/98*1*0:0:1",
    ];
    for text in cases {
        match Extuuid::parse(text) {
            Ok(x) => assert_eq!(Extuuid::parse(&x.to_string()).unwrap(), x, "{text}"),
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }
}

/// Found by `fuzz/` (extuuid_text): packing a long scheme D or F name overflowed u128
/// (a panic with overflow checks on, a wrapped value without). Now `OUT_OF_RANGE`.
#[test]
fn long_packed_names_are_out_of_range_not_overflow() {
    use polyid::extuuid::{Extuuid, Scheme};
    for text in [
        format!("symD:{}", "Z".repeat(28)),
        format!("symF:{}", "Z".repeat(25)),
        format!("fixedF2:{}:1", "Z".repeat(25)),
        format!("symA:{}", "z".repeat(30)),
    ] {
        let e = Extuuid::parse(&text).unwrap_err();
        assert_eq!(e.code().as_str(), "OUT_OF_RANGE", "{text}");
    }
    for (scheme, n) in [
        (Scheme::D, 40),
        (Scheme::F, 40),
        (Scheme::A, 40),
        (Scheme::C, 40),
    ] {
        let e = scheme.pack(&"Z".repeat(n)).unwrap_err();
        assert_eq!(e.code().as_str(), "OUT_OF_RANGE");
    }
}
