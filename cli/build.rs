//! Embeds the shared vectors (`tests/vectors/*.json`) into the binary, so that
//! `polyid conform` works from any directory (a CI job of another service has no copy of
//! this repository). `--vectors DIR` reads other files instead.

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;

fn main() {
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let dir = manifest.join("..").join("tests").join("vectors");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<PathBuf> = match fs::read_dir(&dir) {
        Ok(entries) => entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect(),
        // Outside the repository (e.g. a packaged crate): nothing embedded, and
        // `polyid conform` then needs `--vectors DIR`.
        Err(_) => Vec::new(),
    };
    files.sort();
    let mut code = String::from(
        "/// The shared vector files at build time: (file name, contents), sorted by name.\n\
         pub const EMBEDDED: &[(&str, &str)] = &[\n",
    );
    for path in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .expect("vector file names are UTF-8");
        let abs = fs::canonicalize(path).expect("vector file exists");
        writeln!(code, "    ({name:?}, include_str!({:?})),", abs.display()).unwrap();
    }
    code.push_str("];\n");
    let out = PathBuf::from(env::var("OUT_DIR").expect("set by cargo")).join("vectors.rs");
    fs::write(out, code).expect("OUT_DIR is writable");
}
