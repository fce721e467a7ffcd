//! The process node (its own test binary: the state is process-wide, so the steps run in one
//! order in one test).

use polyid::node::{self, Node};
use polyid::{ErrorCode, TidGenerator, Xid, XidGenerator};

#[test]
fn process_node_lifecycle() {
    // Nothing assigned (the test runner's environment has no POLYID_NODE).
    assert_eq!(
        std::env::var("POLYID_NODE").ok(),
        None,
        "run without POLYID_NODE"
    );
    assert_eq!(node::process_node().unwrap(), None);
    assert!(!node::node_required());

    // Required without a node: generators refuse.
    node::set_node_required(true);
    let e = XidGenerator::new().next().unwrap_err();
    assert_eq!(e.code(), ErrorCode::NodeRequired);
    assert_eq!(
        TidGenerator::new().next().unwrap_err().code(),
        ErrorCode::NodeRequired
    );
    // An explicit clock id is the caller's own coordination: allowed.
    assert!(TidGenerator::with_clock_id(700).unwrap().next().is_ok());

    // Assign in code: the default generators take it.
    node::set_process_node(Some(Node::new(321).unwrap())).unwrap();
    assert_eq!(node::process_node().unwrap(), Some(Node::new(321).unwrap()));
    let x = Xid::generate().unwrap();
    assert_eq!((x.random() >> 12) & 1023, 321);
    assert_eq!(TidGenerator::new().next().unwrap().clock_id(), 32 + 321);

    // In use: it cannot change any more (the same value is fine).
    node::set_process_node(Some(Node::new(321).unwrap())).unwrap();
    let e = node::set_process_node(Some(Node::new(5).unwrap())).unwrap_err();
    assert_eq!(e.code(), ErrorCode::NodeInUse);

    // A forked child does not inherit it, then sets its own.
    polyid::__fork::simulate_fork_in_child();
    let e = Xid::generate().unwrap_err();
    assert_eq!(e.code(), ErrorCode::NodeRequired);
    assert!(e.to_string().contains("fork"), "{e}");
    node::set_process_node(Some(Node::new(322).unwrap())).unwrap();
    assert_eq!((Xid::generate().unwrap().random() >> 12) & 1023, 322);
    // The child closed the claim it inherited (node 321, the "parent's"): nothing of this
    // process holds it any more, so a generator with that node may claim it afresh.
    let options = polyid::Options {
        node: Some(Node::new(321).unwrap()),
        ..Default::default()
    };
    assert!(XidGenerator::with_options(polyid::clock::SystemClock, options).is_ok());
    node::set_node_required(false);
}
