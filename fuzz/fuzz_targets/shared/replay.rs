//! Replays a fuzz target's committed seeds (fuzz/corpus/<target>) through its properties:
//! the seed tests of the core (core/tests/fuzz_seeds.rs) and of polyid-arrow
//! (arrow/tests/fuzz_seeds.rs) include this file.

/// Runs `check` on every seed of `target`, then fails naming the target and each seed that
/// broke a property (the panic's own message, printed as it happens, says which). At least
/// `at_least` seeds: an emptied or misplaced corpus must fail, not pass with nothing run.
pub fn replay(target: &str, at_least: usize, check: fn(&[u8])) {
    let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent();
    let dir = repo
        .expect("the repository")
        .join("fuzz/corpus")
        .join(target);
    let mut seeds: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a seed").path())
        .collect();
    seeds.sort();
    assert!(
        seeds.len() >= at_least,
        "fuzz target {target}: {} seeds in {}, expected at least {at_least}",
        seeds.len(),
        dir.display()
    );
    let broken: Vec<String> = seeds
        .iter()
        .filter(|seed| {
            let data = std::fs::read(seed).expect("a seed");
            std::panic::catch_unwind(|| check(&data)).is_err()
        })
        .map(|seed| seed.display().to_string())
        .collect();
    assert!(
        broken.is_empty(),
        "fuzz target {target}: {} of {} seeds broke a property:\n{}",
        broken.len(),
        seeds.len(),
        broken.join("\n")
    );
}
