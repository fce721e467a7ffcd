//! Compiles the SQLite side (src/sqlite.c) against the system's `sqlite3ext.h` (Debian's
//! libsqlite3-dev; `make sql-build` installs it when missing), found in SQLITE3_INCLUDE_DIR or
//! /usr/include.

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=src/sqlite.c");
    println!("cargo:rerun-if-env-changed=SQLITE3_INCLUDE_DIR");
    let dir = PathBuf::from(
        std::env::var_os("SQLITE3_INCLUDE_DIR").unwrap_or_else(|| "/usr/include".into()),
    );
    if !dir.join("sqlite3ext.h").is_file() {
        panic!(
            "polyid-sql needs SQLite's sqlite3ext.h and sqlite3.h, not found in {}: install them \
             (Debian: apt install libsqlite3-dev) or set SQLITE3_INCLUDE_DIR",
            dir.display()
        );
    }
    let mut build = cc::Build::new();
    // After the compiler's own folders: a cross compiler (zig cc in `make dist`) keeps its
    // target's C library headers and takes only SQLite's from here. The headers hold no
    // machine-specific code.
    build.flag(format!("-idirafter{}", dir.display()));
    // -Werror without a probe, so that no compiler (zig cc in `make dist` included) can leave
    // it out silently.
    build
        .file("src/sqlite.c")
        .warnings(true)
        .extra_warnings(true)
        .warnings_into_errors(true)
        .compile("polyid_sqlite");
}
