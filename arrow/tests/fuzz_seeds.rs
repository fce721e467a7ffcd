//! The committed seeds of the `arrow_text` fuzz target (fuzz/corpus/arrow_text), run through
//! the target's own properties (fuzz/fuzz_targets/shared/arrow_text.rs): malformed arrays
//! refused exactly when arrow-rs refuses them, every other row what the core gives it alone.
//! `make fuzz` explores from these seeds; here they hold on every `make test`, among them the
//! seeds that fail when the seen-codes table mistakes two codes alike but for their middle,
//! or when a row may start inside a character.

#[path = "../../fuzz/fuzz_targets/shared/arrow_text.rs"]
mod arrow_text;

#[test]
fn the_fuzz_seeds_hold() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/corpus/arrow_text");
    let mut seeds: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a seed").path())
        .collect();
    seeds.sort();
    assert!(
        seeds.len() >= 20,
        "{} seeds in {}",
        seeds.len(),
        dir.display()
    );
    for seed in seeds {
        let data = std::fs::read(&seed).expect("a seed");
        let run = std::panic::catch_unwind(|| arrow_text::check(&data));
        assert!(run.is_ok(), "seed {} broke a property", seed.display());
    }
}
