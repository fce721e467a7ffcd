//! `include/polyid.h` is generated here, by cbindgen over this crate's sources, and the
//! committed copy must be exactly that: this test fails when it is stale, and
//! `make c-header` (`POLYID_C_UPDATE_HEADER=1`) writes it instead. The generation is a test,
//! not the build script, so that building the library needs neither cbindgen nor anything
//! unstable.

#[path = "header/expand.rs"]
mod expand;

use std::fs;
use std::path::Path;

fn generate() -> String {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    // cbindgen reads files: the crate's, the two macros' functions written out (expand.rs).
    let src = Path::new(env!("CARGO_TARGET_TMPDIR")).join("polyid-c-header");
    fs::create_dir_all(&src).unwrap();
    for entry in fs::read_dir(crate_dir.join("src")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") {
            let text = fs::read_to_string(&path).unwrap();
            let expanded =
                expand::expand_file(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            fs::write(src.join(path.file_name().unwrap()), expanded).unwrap();
        }
    }

    let mut config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml"))
        .expect("bindings-c/cbindgen.toml is valid");
    // The version macros come from Cargo (the workspace's one version), so that a C program
    // can check at compile time what polyid_version() reports at run time.
    config.after_includes = Some(format!(
        "\n/** The version of this header (the same as polyid_version() of the library it ships with). */\n\
         #define POLYID_VERSION \"{}\"\n\
         #define POLYID_VERSION_MAJOR {}\n\
         #define POLYID_VERSION_MINOR {}\n\
         #define POLYID_VERSION_PATCH {}\n{}",
        env!("CARGO_PKG_VERSION"),
        env!("CARGO_PKG_VERSION_MAJOR"),
        env!("CARGO_PKG_VERSION_MINOR"),
        env!("CARGO_PKG_VERSION_PATCH"),
        include_str!("../src/arrow_c_data_interface.h").trim_end(),
    ));
    let bindings = cbindgen::Builder::new()
        .with_src(src.join("lib.rs"))
        .with_config(config)
        .generate()
        .expect("cbindgen could not generate polyid.h");
    let mut out = Vec::new();
    bindings.write(&mut out);
    String::from_utf8(out).unwrap()
}

#[test]
fn committed_header_is_fresh() {
    let fresh = generate();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/include/polyid.h");
    if std::env::var_os("POLYID_C_UPDATE_HEADER").is_some_and(|v| v == "1") {
        fs::write(path, &fresh).unwrap();
        return;
    }
    let committed = fs::read_to_string(path).unwrap_or_default();
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
