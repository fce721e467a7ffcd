//! The committed `include/polyid.h` must be exactly what cbindgen generates from the
//! current sources (build.rs writes the fresh copy to `$OUT_DIR/polyid.h`).

#[test]
fn committed_header_is_fresh() {
    let fresh = include_str!(concat!(env!("OUT_DIR"), "/polyid.h"));
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/include/polyid.h");
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    if fresh != committed {
        let line = fresh
            .lines()
            .zip(committed.lines())
            .position(|(a, b)| a != b)
            .map_or_else(
                || fresh.lines().count().min(committed.lines().count()) + 1,
                |i| i + 1,
            );
        panic!(
            "bindings-c/include/polyid.h is stale (first difference at line {line}); \
             regenerate it with `make c-header` and commit it"
        );
    }
}
