//! Runs every case of `tests/vectors/catalog/*.json` as its own test (`catalog/<name>`).
//!
//! The catalog vectors live in a subfolder so that the runtimes that do not have catalogs
//! yet (every binding reads `tests/vectors/*.json` and fails on unknown ops) do not see
//! them; each binding picks the folder up when it gains catalogs.

use std::path::{Path, PathBuf};

use libtest_mimic::{Arguments, Failed, Trial};
use polyid::wdp::catalog::{from_hex, hex, Catalog, Entry, Expansion, KeyPair};
use polyid::Error;
use serde_json::{json, Value};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/vectors/catalog")
}

fn expansion(e: &Expansion<'_>) -> Value {
    json!({"code": e.code, "severity": e.severity.letter().to_string(), "message": e.message})
}

fn s<'a>(input: &'a Value, key: &str) -> &'a str {
    input[key]
        .as_str()
        .unwrap_or_else(|| panic!("input.{key} is a string"))
}

fn run(op: &str, input: &Value) -> Result<Value, Error> {
    if op == "catalog_build" {
        let entries = input["entries"]
            .as_array()
            .expect("entries")
            .iter()
            .map(|e| {
                let list = |k: &str| -> Vec<String> {
                    e[k].as_array()
                        .map(|a| a.iter().map(|v| v.as_str().unwrap().to_owned()).collect())
                        .unwrap_or_default()
                };
                Entry {
                    code: s(e, "code").to_owned(),
                    message: s(e, "message").to_owned(),
                    description: e["description"].as_str().map(str::to_owned),
                    hints: list("hints"),
                    tags: list("tags"),
                    docs_url: e["docs_url"].as_str().map(str::to_owned),
                }
            });
        let c = match input["namespace"].as_str() {
            Some(ns) => Catalog::build_namespaced(ns, entries)?,
            None => Catalog::build(entries)?,
        };
        return Ok(json!({"ids": c.ids().collect::<Vec<_>>()}));
    }
    let c = Catalog::from_json(s(input, "json"))?;
    Ok(match op {
        "catalog_load" => {
            let mut out = json!({"count": c.len(), "ids": c.ids().collect::<Vec<_>>()});
            if let Some(nsh) = c.namespace_hash() {
                out["namespace_hash"] = json!(nsh.as_str());
            }
            out
        }
        "catalog_expand" => {
            let fields = input.get("fields").cloned().unwrap_or(json!({}));
            expansion(&c.expand(s(input, "id"), &fields)?)
        }
        "catalog_expand_payload" => {
            let mut out: Vec<Value> = c
                .expand_payload(s(input, "payload"))?
                .iter()
                .map(expansion)
                .collect();
            // The order of a payload's expansions is not specified: compare sorted by code.
            out.sort_by(|a, b| a["code"].as_str().cmp(&b["code"].as_str()));
            Value::Array(out)
        }
        "catalog_canonical" => json!(String::from_utf8(c.canonical_bytes()).unwrap()),
        "catalog_sign" => {
            let key = KeyPair::from_secret(&from_hex(s(input, "secret_key"))?)?;
            json!({"public_key": hex(&key.public_key()), "signature": hex(&c.sign(&key))})
        }
        "catalog_verify" => {
            c.verify(
                &from_hex(s(input, "public_key"))?,
                &from_hex(s(input, "signature"))?,
            )?;
            json!(true)
        }
        other => panic!("unknown catalog op {other:?}"),
    })
}

fn check(case: &Value) -> Result<(), String> {
    let op = case["op"].as_str().ok_or("op")?;
    let got = run(op, &case["input"]);
    match (got, case.get("output"), case.get("error")) {
        (Ok(v), Some(want), None) if &v == want => Ok(()),
        (Err(e), None, Some(want)) if want.as_str() == Some(e.code().as_str()) => Ok(()),
        (got, want_out, want_err) => Err(format!(
            "got {:?}, want output {want_out:?} / error {want_err:?}",
            got.map_err(|e| format!("{}: {e}", e.code()))
        )),
    }
}

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir())
        .expect("tests/vectors/catalog exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(
        !files.is_empty(),
        "no vector files in tests/vectors/catalog"
    );
    for path in files {
        let doc: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let family = doc["family"].as_str().expect("family").to_owned();
        for case in doc["cases"].as_array().expect("cases") {
            let name = format!("{family}/{}", case["name"].as_str().expect("name"));
            let case = case.clone();
            trials.push(Trial::test(name, move || {
                check(&case).map_err(Failed::from)
            }));
        }
    }
    libtest_mimic::run(&args, trials).exit();
}
