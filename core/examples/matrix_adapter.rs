//! The Rust column of the cross-language matrix (`tests/matrix/PROTOCOL.md`):
//! `matrix_adapter vectors DIR | generate N | read | demo | replay FILE`, and the
//! reference's own `outcomes FILE`.

#[path = "../tests/support/mod.rs"]
mod support;

use std::io::Read;

use polyid::euid::{Euid, EuidGenerator};
use polyid::tid::{Tid, TidGenerator};
use polyid::wdp::catalog::Catalog;
use polyid::xid::Xid;
use polyid::{uid11, wdp};
use rand::{Rng, RngExt};
use serde_json::{json, Value};

fn vectors(dir: &str) -> Result<(), String> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| format!("{dir}: {e}"))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    for path in files {
        let text = std::fs::read_to_string(&path).map_err(|e| e.to_string())?;
        let doc: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
        let family = doc["family"].as_str().unwrap_or("?");
        for case in doc["cases"].as_array().into_iter().flatten() {
            let name = format!("{family}/{}", case["name"].as_str().unwrap_or("?"));
            let op = case["op"].clone();
            let line = match support::check_case_message(case) {
                Ok(None) => json!({"case": name, "op": op, "status": "pass"}),
                Ok(Some(message)) => {
                    json!({"case": name, "op": op, "status": "pass", "message": message})
                }
                Err(why) => json!({"case": name, "op": op, "status": "fail", "got": why}),
            };
            println!("{line}");
        }
    }
    Ok(())
}

/// `outcomes FILE`: the vectors document FILE with each case's outcome, as this runtime
/// computes it (`output`, or `error` and its code), for the cases no model judges (the
/// matrix holds every other runtime to them).
fn outcomes(file: &str) -> Result<Value, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let mut doc: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    for case in doc["cases"].as_array_mut().into_iter().flatten() {
        let op = case["op"].as_str().ok_or("case has no op")?.to_owned();
        match support::run(&op, &case["input"])? {
            Ok(output) => case["output"] = output,
            Err(support::Failure::Polyid(e)) => case["error"] = json!(e.code().as_str()),
            Err(support::Failure::Convert(code)) => case["error"] = json!(code),
        }
    }
    Ok(doc)
}

/// A random valid structured code (test input, not an identifier computation).
fn random_code(r: &mut impl Rng) -> String {
    const ALNUM: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let field = |r: &mut dyn FnMut(usize) -> usize| {
        let n = 1 + r(16);
        let mut s = String::new();
        s.push(ALNUM[r(52)] as char);
        for _ in 1..n {
            s.push(ALNUM[r(62)] as char);
        }
        s
    };
    let mut pick = |n: usize| r.random_range(0..n);
    let sev = b"EWCBSKITH"[pick(9)] as char;
    let comp = field(&mut pick);
    let prim = field(&mut pick);
    let seq = 1 + pick(999);
    format!("{sev}.{comp}.{prim}.{seq:03}")
}

fn generate(n: usize) -> Result<Value, polyid::Error> {
    let tids = TidGenerator::new();
    let euids = EuidGenerator::new();
    let mut r = rand::rng();
    let (mut xid, mut tid, mut euid, mut euid_ext, mut codes) =
        (vec![], vec![], vec![], vec![], vec![]);
    for i in 0..n {
        xid.push(Xid::generate()?.to_string());
        tid.push(tids.next()?.to_string());
        euid.push(euids.next()?.to_string());
        let ext = (i as u16).wrapping_mul(7919) & 0x7fff;
        euid_ext.push(Euid::generate(Some(ext))?.to_string());
        let code = random_code(&mut r);
        let id = wdp::compact_id(&code)?;
        codes.push(json!([code, id.as_str()]));
    }
    Ok(json!({"xid": xid, "tid": tid, "euid": euid, "euid_ext": euid_ext, "wdp": codes}))
}

fn read(input: &Value) -> Value {
    let texts = |k: &str| -> Vec<String> {
        input[k]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|v| v.as_str().map(str::to_owned))
            .collect()
    };
    let err = |e: polyid::Error| json!({"error": e.code().as_str()});
    json!({
        "xid": texts("xid").iter().map(|t| Xid::parse(t).map_or_else(err, support::xid_json)).collect::<Vec<_>>(),
        "tid": texts("tid").iter().map(|t| Tid::parse(t).map_or_else(err, support::tid_json)).collect::<Vec<_>>(),
        "euid": texts("euid").iter().map(|t| Euid::parse(t).map_or_else(err, |e| {
            json!({"text": e.to_string(), "value": e.value().to_string(),
                   "unix_ms": e.unix_ms(), "extension": e.extension()})
        })).collect::<Vec<_>>(),
        "wdp": texts("wdp").iter().map(|c| wdp::compact_id(c).map_or_else(err, |id| Value::from(id.as_str()))).collect::<Vec<_>>(),
    })
}

fn demo() -> Result<Value, polyid::Error> {
    Ok(json!({
        "compact_id": wdp::compact_id("E.Auth.Token.MISSING")?.as_str(),
        "full_id": wdp::full_id("auth_lib", "E.Auth.Token.001")?.to_text(),
        "uid11": uid11::encode(u64::MAX),
        "xid": Xid::from_parts(1_700_000_000_000, 4660)?.to_string(),
        "tid": Tid::from_parts(1_721_407_246_480_310, 1)?.display(),
        "euid": Euid::from_parts(1_700_000_000_000, Some(255), 0, 0x0123_4567_89ab_cdef)?.to_string(),
        "euid_nocheck": Euid::from_parts(1_700_000_000_000, None, 0, 0x0123_4567_89ab_cdef)?.encode(false),
        "extuuid": polyid::extuuid::encode_text("fixedB4:GBP$:222.31")?,
        "catalog": Catalog::from_json(r#"{"V6a0B": ["E.AUTH.TOKEN.001", "token missing for {{user}}"]}"#)?
            .expand("V6a0B", &[("user", "ada")][..])?
            .message,
    }))
}

/// Runs every seeded generator case of `path` and returns `{name: output or {"error"}}`.
fn replay(path: &str) -> Result<Value, String> {
    let doc: Value =
        serde_json::from_str(&std::fs::read_to_string(path).map_err(|e| e.to_string())?)
            .map_err(|e| e.to_string())?;
    let mut out = serde_json::Map::new();
    for case in doc["cases"].as_array().ok_or("no cases")? {
        let name = case["name"].as_str().ok_or("case without name")?;
        let op = case["op"].as_str().ok_or("case without op")?;
        let got = match support::run(op, &case["input"])? {
            Ok(v) => v,
            Err(support::Failure::Polyid(e)) => json!({"error": e.code().as_str()}),
            Err(support::Failure::Convert(code)) => json!({ "error": code }),
        };
        out.insert(name.to_owned(), got);
    }
    Ok(Value::Object(out))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("vectors") => vectors(args.get(1).map_or("tests/vectors", String::as_str)),
        Some("generate") => {
            let n = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
            generate(n)
                .map(|v| println!("{v}"))
                .map_err(|e| e.to_string())
        }
        Some("read") => {
            let mut s = String::new();
            std::io::stdin()
                .read_to_string(&mut s)
                .map_err(|e| e.to_string())
                .and_then(|_| serde_json::from_str::<Value>(&s).map_err(|e| e.to_string()))
                .map(|v| println!("{}", read(&v)))
        }
        Some("outcomes") => match args.get(1) {
            Some(file) => outcomes(file).map(|v| println!("{v}")),
            None => Err("usage: matrix_adapter outcomes FILE".into()),
        },
        Some("demo") => demo().map(|v| println!("{v}")).map_err(|e| e.to_string()),
        Some("replay") => replay(
            args.get(1)
                .map_or("tests/matrix/replay.json", String::as_str),
        )
        .map(|v| println!("{v}")),
        _ => Err(
            "usage: matrix_adapter vectors DIR | generate N | read | demo | replay FILE \
                 | outcomes FILE"
                .into(),
        ),
    };
    if let Err(e) = result {
        eprintln!("matrix_adapter: {e}");
        std::process::exit(2);
    }
}
