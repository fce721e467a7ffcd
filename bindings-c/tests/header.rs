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

/// Every declaration a C programmer reads (functions, types, constants) carries the doc
/// comment of its Rust item: a doc comment placed above the wrong item leaves a function
/// bare in the header while another one reads two texts, and nothing else notices.
#[test]
fn every_declaration_is_documented() {
    let header = fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/include/polyid.h"))
        .expect("bindings-c/include/polyid.h");
    let lines: Vec<&str> = header.lines().collect();
    let mut bare = Vec::new();
    let mut declarations = 0;
    for (i, line) in lines.iter().enumerate() {
        // The include guard and the version macros after the first (one comment for the
        // block) are not API of their own.
        let declares = line.starts_with("#define POLYID_")
            && !line.starts_with("#define POLYID_H")
            && !line.starts_with("#define POLYID_VERSION_")
            || line.starts_with("typedef ")
            || (line.starts_with("struct polyid_") || line.starts_with("enum polyid_"))
                && line.ends_with('{')
            || !line.starts_with(['#', '/', ' ', '*', '}'])
                && line.contains(" polyid_")
                && line.contains('(');
        if !declares {
            continue;
        }
        declarations += 1;
        if !i
            .checked_sub(1)
            .is_some_and(|p| lines[p].trim_end().ends_with("*/"))
        {
            bare.push(format!("line {}: {line}", i + 1));
        }
    }
    assert!(declarations > 200, "{declarations} declarations found");
    assert!(
        bare.is_empty(),
        "declarations without a doc comment:\n{}",
        bare.join("\n")
    );
}
