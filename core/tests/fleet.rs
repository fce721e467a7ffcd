//! A fleet of generators in one process (its own test binary: other tests simulate a fork,
//! which a generator with a node must refuse to survive).

use std::collections::HashSet;
use std::sync::Arc;

use polyid::clock::ManualClock;
use polyid::TidGenerator;

/// A fleet in one process: 960 xid and 960 TID generators, one per node, on injected clocks
/// that step forwards and back within the lead, never issue one ID twice.
#[test]
fn every_node_of_a_fleet_is_apart() {
    use polyid::node::{Node, NODES};
    use polyid::{Options, XidGenerator};
    let clock = Arc::new(ManualClock::new(1_700_000_000_000_000));
    let options = |n: usize| Options {
        node: Some(Node::new(n as u64).unwrap()),
        ..Options::default()
    };
    let xids: Vec<_> = (0..NODES)
        .map(|n| XidGenerator::with_options(Arc::clone(&clock), options(n)).unwrap())
        .collect();
    let tids: Vec<_> = (0..NODES)
        .map(|n| TidGenerator::with_options(Arc::clone(&clock), options(n), None).unwrap())
        .collect();
    let (mut seen_x, mut seen_t) = (HashSet::new(), HashSet::new());
    for (step, offset) in [0i64, 1, 1, -3, 2, 5, -1].into_iter().enumerate() {
        clock.set_micros(1_700_000_000_000_000 + offset * 1000);
        for g in &xids {
            for x in g.next_many(40 + step * 700).unwrap() {
                assert!(seen_x.insert(x), "xid {x} twice");
            }
        }
        for g in &tids {
            for t in g.next_many(30).unwrap() {
                assert!(seen_t.insert(t), "TID {t} twice");
            }
        }
    }
    let per_node: usize = (0..7).map(|s| 40 + s * 700).sum();
    assert_eq!(seen_x.len(), NODES * per_node);
    assert_eq!(seen_t.len(), NODES * 7 * 30);
}
