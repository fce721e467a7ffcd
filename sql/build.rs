//! Compiles the SQLite side (src/sqlite.c) against the system's `sqlite3ext.h` (Debian's
//! libsqlite3-dev; `make sql-build` installs it when missing).

fn main() {
    println!("cargo:rerun-if-changed=src/sqlite.c");
    cc::Build::new()
        .file("src/sqlite.c")
        .warnings(true)
        .extra_warnings(true)
        .flag_if_supported("-Werror")
        .compile("polyid_sqlite");
}
