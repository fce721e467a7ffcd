//! A simulated fork (its own test binary: the fork generation is process-wide, and a
//! generator used by another test's threads at that moment would see it too).

use std::collections::HashSet;

use polyid::TidGenerator;

#[test]
fn fork_repicks_random_clock_id_and_reseeds() {
    let g = TidGenerator::new();
    let before = g.clock_id();
    let r1 = polyid::rng::u64();
    polyid::__fork::simulate_fork_in_child();
    let after = g.clock_id();
    assert_ne!(
        before, after,
        "a child must not keep the parent's random clock id"
    );
    assert_eq!(u64::from(after), 32 + polyid::node::process_slot(960));
    let fixed = TidGenerator::with_clock_id(700).unwrap();
    // Two random generators in a child both move to `32 + pid mod 960`; they share its
    // counter, so they still never issue the same TID, and each continues upwards.
    let (x, y) = (TidGenerator::new(), TidGenerator::new());
    let (x0, y0) = (x.next().unwrap(), y.next().unwrap());
    polyid::__fork::simulate_fork_in_child();
    assert_eq!(x.clock_id(), y.clock_id());
    let mut seen = HashSet::new();
    for _ in 0..50_000 {
        let (tx, ty) = (x.next().unwrap(), y.next().unwrap());
        assert!(
            tx > x0 && ty > y0,
            "each generator keeps increasing across the fork"
        );
        assert!(seen.insert(tx) && seen.insert(ty), "duplicate");
    }
    assert_eq!(fixed.clock_id(), 700, "a chosen clock id is kept");
    assert_ne!(polyid::rng::u64(), r1);
}
