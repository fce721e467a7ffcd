//! Runs every case of every `tests/vectors/*.json` file as its own named test
//! (`<family>/<name>`), checking outputs, error codes and error details.

use std::path::{Path, PathBuf};

mod support;

use libtest_mimic::{Arguments, Failed, Trial};
use serde_json::Value;

fn vectors_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/vectors")
}

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(vectors_dir())
        .expect("tests/vectors exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no vector files in tests/vectors");
    for path in files {
        let doc: Value = serde_json::from_str(&std::fs::read_to_string(&path).expect("readable"))
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let family = doc["family"].as_str().expect("family").to_owned();
        for case in doc["cases"].as_array().expect("cases") {
            let name = format!(
                "{family}/{}",
                case["name"].as_str().expect("every case has a name")
            );
            let case = case.clone();
            trials.push(Trial::test(name, move || {
                support::check_case(&case).map_err(Failed::from)
            }));
        }
    }
    libtest_mimic::run(&args, trials).exit();
}
