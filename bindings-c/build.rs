//! Generates `polyid.h` from this crate's sources with cbindgen.
//!
//! The header is written to `$OUT_DIR/polyid.h` on every build. The committed copy
//! `include/polyid.h` is what C programs compile against; `tests/header.rs` (run by
//! `make c-test`) fails when it differs from the fresh one. To refresh the committed copy,
//! build with `POLYID_C_UPDATE_HEADER=1` (`make c-header` does that).

use std::env;
use std::path::PathBuf;

fn main() {
    let crate_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let out_dir = PathBuf::from(env::var("OUT_DIR").expect("OUT_DIR"));
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=cbindgen.toml");
    println!("cargo:rerun-if-env-changed=POLYID_C_UPDATE_HEADER");

    let mut config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml"))
        .expect("bindings-c/cbindgen.toml is valid");
    // The version macros come from Cargo (the workspace's one version), so that a C program
    // can check at compile time what polyid_version() reports at run time.
    let version = env::var("CARGO_PKG_VERSION").expect("CARGO_PKG_VERSION");
    let part = |var: &str| env::var(var).expect("CARGO_PKG_VERSION_*");
    config.after_includes = Some(format!(
        "\n/** The version of this header (the same as polyid_version() of the library it ships with). */\n\
         #define POLYID_VERSION \"{version}\"\n\
         #define POLYID_VERSION_MAJOR {}\n\
         #define POLYID_VERSION_MINOR {}\n\
         #define POLYID_VERSION_PATCH {}\n{}",
        part("CARGO_PKG_VERSION_MAJOR"),
        part("CARGO_PKG_VERSION_MINOR"),
        part("CARGO_PKG_VERSION_PATCH"),
        include_str!("src/arrow_c_data_interface.h").trim_end(),
    ));
    // The header is read from the crate after macro expansion, so that functions a macro
    // writes (the `_n` twins) are declared like the others. cbindgen expands with
    // `cargo rustc -- -Zunpretty=expanded` in a target folder of its own under OUT_DIR;
    // RUSTC_BOOTSTRAP lets the stable compiler take that one unstable flag.
    config.parse.expand.crates = vec!["polyid-c".to_owned()];
    std::env::set_var("RUSTC_BOOTSTRAP", "1");
    let bindings = cbindgen::Builder::new()
        .with_crate(&crate_dir)
        .with_config(config)
        .generate()
        .expect("cbindgen could not generate polyid.h");
    bindings.write_to_file(out_dir.join("polyid.h"));
    if env::var_os("POLYID_C_UPDATE_HEADER").is_some_and(|v| v == "1") {
        bindings.write_to_file(crate_dir.join("include/polyid.h"));
    }

    // The shared library is installed as libpolyid.so.0 (see mk/c.mk), whatever the file
    // cargo writes is called.
    if env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libpolyid.so.0");
    }
}
