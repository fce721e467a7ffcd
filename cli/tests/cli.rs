//! The `polyid` binary, run as a user runs it: values from docs/spec and from the shared vectors
//! (tests/vectors/*.json), bad input, stdin, JSON output and errors, exit statuses.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::{json, Value};

fn polyid() -> Command {
    Command::cargo_bin("polyid").unwrap()
}

struct Run {
    code: i32,
    out: String,
    err: String,
}

fn run(args: &[&str], stdin: Option<&[u8]>) -> Run {
    let mut c = polyid();
    c.args(args);
    if let Some(input) = stdin {
        c.write_stdin(input.to_vec());
    }
    let o = c.output().unwrap();
    Run {
        code: o.status.code().unwrap_or(-1),
        out: String::from_utf8(o.stdout).unwrap(),
        err: String::from_utf8(o.stderr).unwrap(),
    }
}

fn json_lines(s: &str) -> Vec<Value> {
    s.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// Cases of one vector file with the given op.
fn vectors(file: &str, op: &str) -> Vec<Value> {
    let path: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/vectors")
        .join(file);
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let cases: Vec<Value> = doc["cases"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["op"] == op)
        .cloned()
        .collect();
    assert!(!cases.is_empty(), "no {op} cases in {file}");
    cases
}

// ---------------------------------------------------------------------------------------
// compact

#[test]
fn compact_spec_vectors() {
    // docs/spec §1.2.
    polyid()
        .args([
            "compact",
            "E.AUTH.TOKEN.001",
            "E.Auth.Token.MISSING",
            "  E.Auth.Token.001\t",
        ])
        .args([
            "W.DATABASE.CONNECTION.027",
            "E.A.B.001",
            "B.API.RATELIMIT.007",
        ])
        .assert()
        .success()
        .stdout("V6a0B\nV6a0B\nV6a0B\nKF52S\nl3i4I\n00BVL\n")
        .stderr("");
}

#[test]
fn compact_full_ids() {
    // docs/spec §1.3.
    polyid()
        .args(["compact", "--namespace", "auth_lib", "E.Auth.Token.001"])
        .assert()
        .success()
        .stdout("05o5h-V6a0B\n");
    polyid()
        .args([
            "compact",
            "--namespace",
            "user_service",
            "E.Database.Connection.021",
        ])
        .assert()
        .success()
        .stdout("oFN7q-gjyGQ\n");
}

#[test]
fn compact_every_vector_case() {
    for case in vectors("wdp.json", "compact_id")
        .into_iter()
        .chain(vectors("wdp.json", "full_id"))
    {
        let input = &case["input"];
        let mut args = vec!["compact".to_owned(), "--json".to_owned()];
        if let Some(ns) = input["namespace"].as_str() {
            args.extend(["--namespace".to_owned(), ns.to_owned()]);
        }
        if let Some(names) = input["named_sequences"].as_object() {
            for (name, number) in names {
                args.extend(["--sequence".to_owned(), format!("{name}={number}")]);
            }
        }
        let code = input["code"].as_str().unwrap();
        // A NUL cannot be an argument: such codes go through stdin (one line).
        let stdin = code.contains('\0').then(|| format!("{code}\n"));
        if stdin.is_none() {
            args.extend(["--".to_owned(), code.to_owned()]);
        }
        let argv: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = run(&argv, stdin.as_deref().map(str::as_bytes));
        let name = &case["name"];
        if let Some(want) = case["output"].as_str() {
            assert_eq!(r.code, 0, "{name}: {}", r.err);
            let got = &json_lines(&r.out)[0];
            let key = if case["op"] == "full_id" {
                "full_id"
            } else {
                "compact_id"
            };
            assert_eq!(got[key], want, "{name}");
        } else {
            let want = case["error"].as_str().unwrap();
            assert_eq!(r.code, 1, "{name}: {}", r.out);
            // A bad namespace or --sequence fails the whole command (stderr); a bad code
            // fails its line (stdout, in place).
            let line = if r.out.is_empty() { &r.err } else { &r.out };
            let got = &json_lines(line)[0]["error"];
            assert_eq!(got["code"], want, "{name}: {got}");
            assert!(!got["message"].as_str().unwrap().is_empty());
            if let Some(detail) = case["detail"].as_object() {
                for (k, v) in detail {
                    assert_eq!(&got[k], v, "{name}: detail {k}");
                }
            }
        }
    }
}

#[test]
fn compact_explain_matches_parse_code_vectors() {
    for case in vectors("wdp.json", "parse_code")
        .into_iter()
        .chain(vectors("wdp.json", "normalize_code"))
    {
        let input = &case["input"];
        let mut args = vec!["compact".to_owned(), "--json".into(), "--explain".into()];
        if let Some(names) = input["named_sequences"].as_object() {
            for (name, number) in names {
                args.extend(["--sequence".to_owned(), format!("{name}={number}")]);
            }
        }
        args.extend(["--".to_owned(), input["code"].as_str().unwrap().to_owned()]);
        let argv: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = run(&argv, None);
        let got = &json_lines(&r.out)[0];
        let name = &case["name"];
        match (&case["output"], case["op"].as_str().unwrap()) {
            (Value::Null, _) => assert_eq!(got["error"]["code"], case["error"], "{name}"),
            (Value::Object(want), _) => {
                for (k, v) in want {
                    assert_eq!(&got[k], v, "{name}: {k}");
                }
            }
            (want, _) => assert_eq!(&got["normalized"], want, "{name}"),
        }
    }
}

/// Base62 of `v mod 62^5`, written here from docs/spec §1.2 (not taken from polyid).
fn base62_5(v: u64) -> String {
    const A: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    let mut v = v % 916_132_832;
    let mut s = [0u8; 5];
    for slot in s.iter_mut().rev() {
        *slot = A[(v % 62) as usize];
        v /= 62;
    }
    String::from_utf8(s.to_vec()).unwrap()
}

#[test]
fn compact_explain_shows_hash_and_40_bit_value() {
    let r = run(
        &["compact", "--json", "--explain", "E.Auth.Token.MISSING"],
        None,
    );
    assert_eq!(r.code, 0);
    let e = &json_lines(&r.out)[0];
    assert_eq!(e["normalized"], "E.AUTH.TOKEN.001");
    assert_eq!(e["severity"], "E");
    assert_eq!(e["meaning"], "Error");
    assert_eq!(e["priority"], 8);
    assert_eq!(e["blocking"], true);
    assert_eq!(e["sequence"], 1);
    assert_eq!(e["sequence_name"], "MISSING");
    let hash: u64 = e["hash"].as_str().unwrap().parse().unwrap();
    assert_eq!(e["hash_hex"], format!("{hash:016x}"));
    let v40 = e["value40"].as_u64().unwrap();
    assert_eq!(v40, hash % (1 << 40));
    assert_eq!(base62_5(v40), "V6a0B");
    assert_eq!(e["compact_id"], "V6a0B");

    polyid()
        .args([
            "compact",
            "--explain",
            "--namespace",
            "auth_lib",
            "E.Auth.Token.MISSING",
        ])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("normalized      E.AUTH.TOKEN.001")
                .and(predicate::str::contains("E = Error (priority 8, blocking)"))
                .and(predicate::str::contains("sequence        001 (MISSING)"))
                .and(predicate::str::contains(format!("{hash:#018x} = {hash}")))
                .and(predicate::str::contains(format!(
                    "40-bit value    {v40:#012x} = {v40}"
                )))
                .and(predicate::str::contains("compact id      V6a0B"))
                .and(predicate::str::contains("full id         05o5h-V6a0B")),
        );
}

#[test]
fn compact_stdin() {
    // CRLF, empty lines skipped, surrounding white space trimmed by the core.
    polyid()
        .arg("compact")
        .write_stdin("E.AUTH.TOKEN.001\r\n\n  W.Cache.Data.018 \nB.API.RATELIMIT.007")
        .assert()
        .success()
        .stdout("V6a0B\n0yRgf\n00BVL\n");
    polyid()
        .args(["compact", "-"])
        .write_stdin("E.A.B.001\n")
        .assert()
        .success()
        .stdout("l3i4I\n");
}

#[test]
fn compact_bad_codes_keep_going_and_fail() {
    let r = run(
        &["compact"],
        Some(b"E.AUTH.TOKEN.001\nX.Auth.Token.001\nE.A.B.000\nE.A.B.001\n"),
    );
    assert_eq!(r.code, 1);
    assert_eq!(r.out, "V6a0B\nl3i4I\n");
    assert!(
        r.err
            .contains(r#"error[INVALID_SEVERITY]: "X.Auth.Token.001""#),
        "{}",
        r.err
    );
    assert!(r.err.contains(r#"error[INVALID_SEQUENCE]: "E.A.B.000""#));

    // --json: one line per input, errors in place.
    let r = run(
        &["compact", "--json", "E.A.B.001", "E.A.B", "E.A.B.001"],
        None,
    );
    assert_eq!(r.code, 1);
    let lines = json_lines(&r.out);
    assert_eq!(lines.len(), 3);
    assert_eq!(
        lines[0],
        json!({"input": "E.A.B.001", "compact_id": "l3i4I"})
    );
    assert_eq!(lines[1]["error"]["code"], "INVALID_FORMAT");
    assert_eq!(lines[1]["error"]["input"], "E.A.B");
    assert_eq!(lines[2]["compact_id"], "l3i4I");
    assert_eq!(r.err, "");
}

#[test]
fn compact_non_utf8_stdin() {
    let r = run(
        &["compact", "--json"],
        Some(b"E.A.B.001\nE.\xff.B.001\nE.A.B.001\n"),
    );
    assert_eq!(r.code, 1);
    let lines = json_lines(&r.out);
    assert_eq!(lines[1]["error"]["code"], "INVALID_UTF8");
    assert_eq!(lines[2]["compact_id"], "l3i4I");
}

#[test]
fn compact_bad_options() {
    let r = run(&["compact", "--namespace", "Auth", "E.A.B.001"], None);
    assert_eq!(r.code, 1);
    assert!(r.err.contains("error[INVALID_NAMESPACE]"), "{}", r.err);
    assert_eq!(r.out, "");

    let r = run(
        &["compact", "--sequence", "RATE_LIMITED", "E.A.B.001"],
        None,
    );
    assert_eq!(r.code, 2);
    assert!(r.err.contains("error[INVALID_ARGUMENT]"), "{}", r.err);

    let r = run(
        &["compact", "--json", "--sequence", "X=70000", "E.A.B.X"],
        None,
    );
    assert_eq!(r.code, 1);
    let e = &json_lines(&r.err)[0]["error"];
    // Outside 1-999 whatever integer it is, as 0 and 1000 are.
    assert_eq!(e["code"], "INVALID_SEQUENCE");
    assert_eq!(e["found"], 70000);
    let r = run(
        &[
            "compact",
            "--json",
            "--sequence",
            "X=9223372036854775808",
            "E.A.B.X",
        ],
        None,
    );
    assert_eq!(json_lines(&r.err)[0]["error"]["code"], "OUT_OF_RANGE");
}

// ---------------------------------------------------------------------------------------
// generation

#[test]
fn tid_at_spec_instants() {
    // docs/spec §3: (1721407246480310 us, clock 1) -> 3kxnlhr3gxq23 = 2024-07-19T16:40:46.480310Z;
    // (0, 0) -> 2222222222222; (-1, 0) -> zzzzzzzzzzz22.
    polyid()
        .args([
            "tid",
            "--at",
            "2024-07-19T16:40:46.480310Z",
            "--clock-id",
            "1",
        ])
        .assert()
        .success()
        .stdout("3kxnlhr3gxq23\n");
    polyid()
        .args([
            "tid",
            "--at",
            "2024-07-19T09:40:46.480310-07:00",
            "--clock-id",
            "1",
            "--display",
        ])
        .assert()
        .success()
        .stdout("3kxn-lhr-3gxq-23\n");
    polyid()
        .args(["tid", "--at", "1970-01-01T00:00:00Z", "--clock-id", "0"])
        .assert()
        .success()
        .stdout("2222222222222\n");
    polyid()
        .args(["tid", "--at", "1969-12-31T23:59:59.999999Z", "--clock-id=0"])
        .assert()
        .success()
        .stdout("zzzzzzzzzzz22\n");
}

#[test]
fn tid_at_many_are_consecutive_microseconds() {
    let r = run(
        &[
            "tid",
            "--json",
            "-n",
            "3",
            "--at",
            "2024-07-19T16:40:46.480310Z",
            "--clock-id",
            "1",
        ],
        None,
    );
    assert_eq!(r.code, 0);
    let ids: Vec<&str> = r.out.lines().collect();
    assert_eq!(ids[0], "3kxnlhr3gxq23");
    let r = run(&[&["inspect", "--json"][..], &ids].concat(), None);
    let micros: Vec<String> = json_lines(&r.out)
        .iter()
        .map(|l| l["readings"][0]["micros"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        micros,
        ["1721407246480310", "1721407246480311", "1721407246480312"]
    );
}

fn assert_sorted_unique(lines: &[&str]) {
    for w in lines.windows(2) {
        assert!(w[0] < w[1], "{} !< {}", w[0], w[1]);
    }
}

#[test]
fn generation_counts_and_order() {
    for (cmd, len) in [("tid", 13), ("euid", 27), ("xid", 11)] {
        let r = run(&[cmd, "-n", "20000"], None);
        assert_eq!(r.code, 0);
        let lines: Vec<&str> = r.out.lines().collect();
        assert_eq!(lines.len(), 20000, "{cmd}");
        assert!(lines.iter().all(|l| l.len() == len), "{cmd}");
        if cmd != "xid" {
            assert_sorted_unique(&lines);
        }
    }
    polyid()
        .args(["tid", "-n", "0"])
        .assert()
        .success()
        .stdout("");
    polyid()
        .arg("xid")
        .assert()
        .success()
        .stdout(predicate::str::is_match("^[1-9A-HJ-NP-Za-km-z]{11}\n$").unwrap());
}

#[test]
fn tid_chunks_continue_monotonic() {
    // More than one batch of the generator (65,536) at a fixed instant.
    let r = run(
        &[
            "tid",
            "-n",
            "70000",
            "--at",
            "2024-07-19T16:40:46Z",
            "--clock-id",
            "5",
        ],
        None,
    );
    let lines: Vec<&str> = r.out.lines().collect();
    assert_eq!(lines.len(), 70000);
    assert_sorted_unique(&lines);
}

#[test]
fn xid_at() {
    // docs/spec §2: xid epoch 2011-11-11T11:11:11.111Z; 1 ms after it with random r is
    // 4194304 + r, i.e. between 1111111NVpb (r = 0) and the next millisecond.
    let r = run(
        &["xid", "-n", "50", "--at", "2011-11-11T11:11:11.112Z"],
        None,
    );
    assert_eq!(r.code, 0);
    let ids: Vec<&str> = r.out.lines().collect();
    let r = run(&[&["inspect", "--json"][..], &ids].concat(), None);
    for l in json_lines(&r.out) {
        let x = l["readings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["family"] == "xid")
            .unwrap()
            .clone();
        assert_eq!(x["unix_ms"], 1321009871112u64);
        assert!(x["random"].as_u64().unwrap() < 1 << 22);
        assert!(x["text"].as_str().unwrap() >= "1111111NVpb");
    }
    // Before the epoch: the core's OUT_OF_RANGE, with its bounds.
    let r = run(&["xid", "--json", "--at", "2011-11-11T11:11:11.110Z"], None);
    assert_eq!(r.code, 1);
    assert_eq!(r.out, "");
    let e = &json_lines(&r.err)[0]["error"];
    assert_eq!(e["code"], "OUT_OF_RANGE");
    assert_eq!(e["min"], 1321009871111u64);
    assert_eq!(e["found"], 1321009871110u64);
}

#[test]
fn euid_at_and_extension() {
    // docs/spec §4: at 1700000000000 ms every EUID starts with the 9 timestamp symbols
    // 1HF7YAT00 (45 bits).
    let r = run(
        &[
            "euid",
            "-n",
            "5",
            "--at",
            "2023-11-14T22:13:20Z",
            "--extension",
            "255",
        ],
        None,
    );
    assert_eq!(r.code, 0, "{}", r.err);
    let ids: Vec<&str> = r.out.lines().collect();
    assert_eq!(ids.len(), 5);
    assert_sorted_unique(&ids);
    assert!(ids.iter().all(|t| t.starts_with("1HF7YAT00")));
    let r = run(&[&["inspect", "--json"][..], &ids].concat(), None);
    for l in json_lines(&r.out) {
        let e = &l["readings"][0];
        assert_eq!(e["extension"], 255);
        assert_eq!(e["extension_bits"], 8);
        assert_eq!(e["unix_ms"], 1700000000000u64);
    }
    // --no-check prints the check-127 form, which parses to the same ID.
    let r = run(
        &["euid", "--no-check", "--at", "2023-11-14T22:13:20Z"],
        None,
    );
    let t = r.out.trim();
    let r = run(&["inspect", "--json", t], None);
    assert_eq!(json_lines(&r.out)[0]["readings"][0]["text_nocheck"], t);
}

#[test]
fn generation_bad_options() {
    // Core ranges, with the core's bounds; never a wrapped value.
    for (args, found, max) in [
        (vec!["tid", "--clock-id", "1024"], 1024, 1023),
        (vec!["tid", "--clock-id", "65537"], 65537, 1023),
        (vec!["tid", "--clock-id", "-1"], -1, 1023),
        (vec!["euid", "--extension", "32768"], 32768, 32767),
        (vec!["euid", "--extension", "-5"], -5, 32767),
    ] {
        let r = run(&[&["--json"][..], &args].concat(), None);
        assert_eq!(r.code, 1, "{args:?}");
        assert_eq!(r.out, "");
        let e = &json_lines(&r.err)[0]["error"];
        assert_eq!(e["code"], "OUT_OF_RANGE", "{args:?}");
        assert_eq!(e["found"], found, "{args:?}");
        assert_eq!(e["max"], max, "{args:?}");
    }
    let r = run(&["euid", "--at", "1969-12-31T23:59:59Z"], None);
    assert_eq!(r.code, 1);
    assert!(r.err.contains("error[OUT_OF_RANGE]"), "{}", r.err);
    // Malformed command lines: exit 2, INVALID_ARGUMENT.
    for args in [
        vec!["tid", "--at", "yesterday"],
        vec!["tid", "--at", "2024-07-19"],
        vec!["tid", "--clock-id", "one"],
        vec!["tid", "-n", "-3"],
        vec!["xid", "-n", "many"],
        vec!["euid", "--bogus"],
    ] {
        let r = run(&args, None);
        assert_eq!(r.code, 2, "{args:?}");
        assert!(
            r.err.contains("error[INVALID_ARGUMENT]"),
            "{args:?}: {}",
            r.err
        );
        let r = run(&[&args[..], &["--json"]].concat(), None);
        assert_eq!(r.code, 2, "{args:?}");
        assert_eq!(json_lines(&r.err)[0]["error"]["code"], "INVALID_ARGUMENT");
    }
}

#[test]
fn closed_pipe_is_quiet() {
    // `polyid tid -n 100000000 | head -1`: the reader goes away; polyid stops, exit 0.
    let o = std::process::Command::new("bash")
        .args(["-c", "set -o pipefail; \"$0\" tid -n 100000000 | head -n 1"])
        .arg(env!("CARGO_BIN_EXE_polyid"))
        .output()
        .unwrap();
    assert!(o.status.success());
    assert_eq!(o.stdout.len(), 14);
    let o = std::process::Command::new("bash")
        .args([
            "-c",
            "set -o pipefail; \"$0\" euid -n 100000000 | head -n 2 >/dev/null",
        ])
        .arg(env!("CARGO_BIN_EXE_polyid"))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(o.stderr.is_empty());
}

// ---------------------------------------------------------------------------------------
// inspect

fn reading<'a>(line: &'a Value, family: &str) -> &'a Value {
    line["readings"]
        .as_array()
        .unwrap_or_else(|| panic!("no readings: {line}"))
        .iter()
        .find(|r| r["family"] == family)
        .unwrap_or_else(|| panic!("no {family} reading: {line}"))
}

#[test]
fn inspect_every_parse_vector() {
    for (file, op, family) in [
        ("tid.json", "tid_parse", "tid"),
        ("xid.json", "xid_parse", "xid"),
        ("uid11.json", "uid11_decode", "uid11"),
        ("euid.json", "euid_parse", "euid"),
        ("wdp.json", "parse_full_id", "full_id"),
    ] {
        let cases = vectors(file, op);
        let key = if family == "full_id" { "id" } else { "text" };
        let texts: Vec<&str> = cases
            .iter()
            .map(|c| c["input"][key].as_str().unwrap())
            .collect();
        // A NUL cannot be an argument: such texts go through stdin, one run each.
        let args: Vec<&str> = texts
            .iter()
            .copied()
            .filter(|t| !t.contains('\0'))
            .collect();
        let r = run(&[&["inspect", "--json", "--"][..], &args].concat(), None);
        let mut batch = json_lines(&r.out).into_iter();
        let any_error = cases.iter().any(|c| c.get("error").is_some());
        assert_eq!(r.code, if any_error { 1 } else { 0 }, "{op}");
        let lines: Vec<Value> = texts
            .iter()
            .map(|t| match t.contains('\0') {
                false => batch.next().unwrap(),
                true => {
                    let r = run(&["inspect", "--json"], Some(format!("{t}\n").as_bytes()));
                    json_lines(&r.out).remove(0)
                }
            })
            .collect();
        for (case, line) in cases.iter().zip(&lines) {
            let name = &case["name"];
            assert_eq!(
                line.get("input").or(line["error"].get("input")),
                Some(&case["input"][key])
            );
            match (&case["output"], case["error"].as_str()) {
                (Value::Object(want), _) => {
                    let got = reading(line, family);
                    for (k, v) in want {
                        assert_eq!(&got[k], v, "{op} {name}: {k}");
                    }
                }
                (Value::String(want), _) => {
                    assert_eq!(&reading(line, family)["value"], want, "{op} {name}")
                }
                (_, Some(_)) if line.get("readings").is_some() => {
                    // The text is valid in another family (e.g. 11111-11111 is a full ID).
                    let fams = line["readings"].as_array().unwrap();
                    assert!(
                        fams.iter().all(|r| r["family"] != family),
                        "{op} {name}: {line}"
                    );
                }
                (_, Some(code)) => {
                    // This family's own error when several were tried, else the only one.
                    let tried = line["error"]["tried"].as_array();
                    let e = tried
                        .and_then(|t| t.iter().find(|t| t["family"] == family))
                        .unwrap_or(&line["error"]);
                    assert_eq!(e["code"], code, "{op} {name}: {e}");
                    if let Some(detail) = case["detail"].as_object() {
                        for (k, v) in detail {
                            // A length of no family lists every family's length.
                            if let Value::Array(lengths) = &e[k] {
                                assert!(lengths.contains(v), "{op} {name}: detail {k}: {e}");
                                continue;
                            }
                            assert_eq!(&e[k], v, "{op} {name}: detail {k}: {e}");
                        }
                    }
                }
                _ => panic!("{name}: neither output nor error"),
            }
        }
    }
}

#[test]
fn inspect_spec_fields_and_times() {
    let r = run(
        &[
            "inspect",
            "--json",
            "3kxn-lhr-3gxq-23",
            "1113M2EhCbG",
            "C8EE934SR007G5Q94QKKXFRFV8B",
            "jpXCZedGfVQ",
            "05o5h-V6a0B",
            "V6a0B",
            "e.auth.token.missing",
        ],
        None,
    );
    assert_eq!(r.code, 0, "{}", r.err);
    let l = json_lines(&r.out);
    // docs/spec §3 erratum.
    let t = reading(&l[0], "tid");
    assert_eq!(t["micros"], "1721407246480310");
    assert_eq!(t["clock_id"], 1);
    assert_eq!(t["time"], "2024-07-19T16:40:46.480310Z");
    assert_eq!(t["text"], "3kxnlhr3gxq23");
    // docs/spec §2: delta 1234567 ms, random 0x3FFFFF; both readings of 11 Base58 symbols.
    assert_eq!(l[1]["readings"].as_array().unwrap().len(), 2);
    let x = reading(&l[1], "xid");
    assert_eq!(x["unix_ms"], 1321009871111u64 + 1234567);
    assert_eq!(x["random"], 0x3FFFFF);
    assert_eq!(x["time"], "2011-11-11T11:31:45.678Z");
    assert_eq!(reading(&l[1], "uid11")["value"], x["value"]);
    // docs/spec §4: extension 7 (L = 8).
    let e = reading(&l[2], "euid");
    assert_eq!(e["hex"], "621ce48c99c0007816e925e73ebf0fda");
    assert_eq!(e["extension"], 7);
    assert_eq!(e["extension_bits"], 8);
    assert!(e["time"].as_str().unwrap().ends_with('Z'));
    assert_eq!(e["checkmod"].as_u64().unwrap(), {
        // value mod 127, computed here from the hex.
        let v = u128::from_str_radix(e["hex"].as_str().unwrap(), 16).unwrap();
        (v % 127) as u64
    });
    assert_eq!(reading(&l[3], "uid11")["value"], "18446744073709551615");
    assert_eq!(reading(&l[3], "xid")["time"], "2151-03-25T18:46:22.214Z");
    let f = reading(&l[4], "full_id");
    assert_eq!(f["namespace_hash"], "05o5h");
    assert_eq!(f["compact_id"], "V6a0B");
    assert_eq!(reading(&l[5], "compact_id")["compact_id"], "V6a0B");
    let c = reading(&l[6], "wdp_code");
    assert_eq!(c["normalized"], "E.AUTH.TOKEN.001");
    assert_eq!(c["compact_id"], "V6a0B");
}

#[test]
fn inspect_text_output() {
    polyid()
        .args(["inspect", "3kxnlhr3gxq23", "11111111112"])
        .assert()
        .success()
        .stdout(
            predicate::str::starts_with("3kxnlhr3gxq23: tid\n")
                .and(predicate::str::contains(
                    "  time            2024-07-19T16:40:46.480310Z\n",
                ))
                .and(predicate::str::contains("  clock id        1\n"))
                .and(predicate::str::contains(
                    "11111111112: 2 readings (uid11, xid)\n",
                ))
                .and(predicate::str::contains(
                    "    time            2011-11-11T11:11:11.111Z\n",
                )),
        );
}

#[test]
fn inspect_bad_input() {
    let r = run(
        &[
            "inspect",
            "3KXNLHR3GXQ23",
            "3kxnlhr3gxq23",
            "abc",
            "C8ZM14GR4JXG0MQXVY18S8TJNA7",
            "cccccccccccc2",
        ],
        None,
    );
    assert_eq!(r.code, 1);
    assert!(r.out.starts_with("3kxnlhr3gxq23: tid\n"), "{}", r.out);
    let errs: Vec<&str> = r.err.lines().collect();
    assert_eq!(errs.len(), 4, "{}", r.err);
    assert!(errs[0].contains(
        r#"error[INVALID_CHARACTER]: "3KXNLHR3GXQ23": TID: invalid character 'K' at index 1"#
    ));
    assert!(errs[1].contains(r#"error[INVALID_LENGTH]: "abc""#));
    assert!(errs[2].contains("error[INVALID_CHECKMOD]"));
    assert!(errs[3].contains("error[OUT_OF_RANGE]"));

    let r = run(
        &[
            "inspect",
            "--json",
            "C8ZM14GR4JXG0MQXVY18S8TJNA7",
            "1113M2EhCb0",
        ],
        None,
    );
    let l = json_lines(&r.out);
    // docs/spec §4: found 71, expected 70.
    assert_eq!(l[0]["error"]["code"], "INVALID_CHECKMOD");
    assert_eq!(l[0]["error"]["found"], 71);
    assert_eq!(l[0]["error"]["expected"], 70);
    assert_eq!(l[1]["error"]["code"], "INVALID_CHARACTER");
    assert_eq!(l[1]["error"]["index"], 10);
    assert_eq!(l[1]["error"]["character"], "0");
    let tried: Vec<&Value> = l[1]["error"]["tried"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| &t["family"])
        .collect();
    assert_eq!(tried, ["uid11", "xid", "full_id"]);
}

#[test]
fn inspect_stdin() {
    let r = run(&["inspect", "--json"], Some(b"3kxnlhr3gxq23\r\n\nV6a0B\n"));
    assert_eq!(r.code, 0);
    let l = json_lines(&r.out);
    assert_eq!(l.len(), 2);
    assert_eq!(l[0]["input"], "3kxnlhr3gxq23");
    assert_eq!(l[1]["readings"][0]["family"], "compact_id");
}

// ---------------------------------------------------------------------------------------
// range

#[test]
fn range_every_prefix_vector() {
    for (file, op, family) in [
        ("uid11.json", "uid11_prefix_range", "uid11"),
        ("xid.json", "xid_prefix_range", "xid"),
        ("tid.json", "tid_prefix_range", "tid"),
    ] {
        for case in vectors(file, op) {
            let prefix = case["input"]["prefix"].as_str().unwrap();
            let r = run(&["range", "--json", "--family", family, "--", prefix], None);
            let name = &case["name"];
            if let Some(code) = case["error"].as_str() {
                assert_eq!(r.code, 1, "{name}");
                let e = &json_lines(&r.err)[0]["error"];
                assert_eq!(e["code"], code, "{name}");
                if let Some(detail) = case["detail"].as_object() {
                    for (k, v) in detail {
                        assert_eq!(&e[k], v, "{name}: {k}");
                    }
                }
                continue;
            }
            assert_eq!(r.code, 0, "{name}: {}", r.err);
            let got = &json_lines(&r.out)[0];
            assert_eq!(got["family"], family);
            let range = &got["range"];
            match &case["output"] {
                Value::Null => assert!(range.is_null(), "{name}"),
                Value::Array(pair) if family == "uid11" => {
                    assert_eq!(range["min_value"], pair[0], "{name}");
                    assert_eq!(range["max_value"], pair[1], "{name}");
                }
                Value::Array(pair) => {
                    assert_eq!(range["min_micros"], pair[0], "{name}");
                    assert_eq!(range["max_micros"], pair[1], "{name}");
                }
                Value::Object(want) => {
                    assert_eq!(range["min_unix_ms"], want["min_unix_ms"], "{name}");
                    assert_eq!(range["max_unix_ms"], want["max_unix_ms"], "{name}");
                }
                other => panic!("{name}: {other}"),
            }
        }
    }
}

#[test]
fn range_spec_values_and_text() {
    // docs/spec §2: "i" -> [17662972482875638784, 18093776689775044607]; "k" -> nothing.
    polyid()
        .args(["range", "i", "--family", "uid11"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("min value       17662972482875638784\n").and(
                predicate::str::contains("max value       18093776689775044607\n"),
            ),
        );
    polyid()
        .args(["range", "k", "--family", "uid11"])
        .assert()
        .success()
        .stdout(predicate::str::contains("empty"));
    // The whole xid range ends at docs/spec §2's last instant.
    let r = run(&["range", "--json", "", "--family", "xid"], None);
    let g = &json_lines(&r.out)[0]["range"];
    assert_eq!(g["min_time"], "2011-11-11T11:11:11.111Z");
    assert_eq!(g["max_time"], "2151-03-25T18:46:22.214Z");
    assert_eq!(g["first"], "11111111111");
    assert_eq!(g["last"], "jpXCZedGfVQ");
    // A TID prefix covers its first and last TIDs.
    let r = run(&["range", "--json", "3kxn-lhr", "--family", "tid"], None);
    let g = &json_lines(&r.out)[0]["range"];
    assert_eq!(g["first"], "3kxnlhr222222");
    assert_eq!(g["last"], "3kxnlhrzzzzzz");
    assert!(g["min_time"].as_str().unwrap() <= "2024-07-19T16:40:46.480310Z");
    assert!(g["max_time"].as_str().unwrap() >= "2024-07-19T16:40:46.480310Z");
}

#[test]
fn range_bad_input() {
    let r = run(&["range", "3k!", "--family", "tid"], None);
    assert_eq!(r.code, 1);
    assert!(
        r.err.contains(
            r#"error[INVALID_CHARACTER]: "3k!": TID prefix: invalid character '!' at index 2"#
        ),
        "{}",
        r.err
    );
    let r = run(&["range", "3kxn", "--family", "euid"], None);
    assert_eq!(r.code, 2);
    let r = run(&["range", "3kxn"], None);
    assert_eq!(r.code, 2);
    assert!(r.err.contains("--family"), "{}", r.err);
}

// ---------------------------------------------------------------------------------------
// help

#[test]
fn help_on_every_command_has_examples() {
    for cmd in [
        "compact", "xid", "tid", "euid", "inspect", "range", "conform",
    ] {
        polyid().args([cmd, "--help"]).assert().success().stdout(
            predicate::str::contains("Examples:").and(predicate::str::contains("$ polyid")),
        );
    }
    polyid()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("Exit status"));
    polyid().assert().code(2);
    polyid().arg("--version").assert().success();
}

// ---------------------------------------------------------------------------------------
// extuuid

/// Every case of one extuuid op, all inputs on stdin in one run, read back line by line.
fn extuuid_op(op: &str, flag: Option<&str>, key: &str) {
    let cases = vectors("extuuid.json", op);
    let stdin: String = cases
        .iter()
        .map(|c| format!("{}\n", c["input"][key].as_str().unwrap()))
        .collect();
    let mut args = vec!["--json", "extuuid"];
    args.extend(flag);
    let r = run(&args, Some(stdin.as_bytes()));
    let lines = json_lines(&r.out);
    assert_eq!(lines.len(), cases.len(), "{}", r.err);
    let mut errors = 0;
    for (case, got) in cases.iter().zip(&lines) {
        match (&case["output"], &case["error"]) {
            (Value::Object(want), _) => {
                for (k, v) in want {
                    assert_eq!(&got[k], v, "{}: {k}", case["name"]);
                }
            }
            (_, Value::String(code)) => {
                errors += 1;
                assert_eq!(&got["error"]["code"], code, "{}", case["name"]);
            }
            _ => panic!("case without output or error"),
        }
    }
    assert_eq!(r.code, if errors > 0 { 1 } else { 0 });
}

#[test]
fn extuuid_every_vector_case() {
    extuuid_op("extuuid_encode", None, "text");
    extuuid_op("extuuid_decode", Some("--decode"), "uuid");
    extuuid_op("extuuid_inspect", Some("--inspect"), "input");
}

#[test]
fn extuuid_text_output() {
    let r = run(&["extuuid", "fixedB4:GBP$:222.31"], None);
    assert_eq!(r.out, "49083027-d200-8000-8000-00000021ebfc\n");
    let r = run(
        &[
            "extuuid",
            "--decode",
            "49083027-d200-8000-8000-00000021ebfc",
        ],
        None,
    );
    assert_eq!(r.out, "extuuid:fixedB4:GBP$:222.31\n");
    let r = run(&["extuuid", "--inspect", "int:-42"], None);
    assert!(r.out.contains("kind      int\n") && r.out.contains("value     -42\n"));
    let r = run(&["extuuid", "sym:é", "int:1"], None);
    assert_eq!(r.code, 1);
    assert!(r.err.contains("error[INVALID_CHARACTER]"), "{}", r.err);
    assert_eq!(r.out, "80000000-0000-8000-8000-000000000001\n");
}

// ---------------------------------------------------------------------------------------
// catalog

fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("polyid-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn catalog_build_check_expand_convert() {
    let entries = r#"[{"code": "E.Auth.Token.001", "message": "token missing for {{user}}"},
                      {"code": "W.DATABASE.CONNECTION.027", "message": "slow"}]"#;
    let e = temp_file("entries.json", entries);
    let r = run(
        &["catalog", "build", "--form", "compact", e.to_str().unwrap()],
        None,
    );
    assert_eq!(r.code, 0, "{}", r.err);
    let built: Value = serde_json::from_str(&r.out).unwrap();
    // IDs from docs/spec §1.2/§1.3
    assert_eq!(built["wd"]["V6a0B"]["c"], "E.AUTH.TOKEN.001");
    assert_eq!(built["wd"]["KF52S"]["c"], "W.DATABASE.CONNECTION.027");
    let c = temp_file("catalog.json", &r.out);
    let c = c.to_str().unwrap();
    let r = run(&["--json", "catalog", "check", c], None);
    assert_eq!(json_lines(&r.out)[0]["count"], 2);
    let r = run(&["catalog", "expand", c, "V6a0B", "user=ada"], None);
    assert_eq!(r.out, "V6a0B E.AUTH.TOKEN.001 token missing for ada\n");
    let r = run(&["catalog", "expand", c, "V6a0B"], None);
    assert_eq!(r.code, 1);
    assert!(r.err.contains("error[MISSING_FIELD]"), "{}", r.err);
    let r = run(&["catalog", "expand", c, "zzzzz"], None);
    assert!(r.err.contains("error[NOT_FOUND]"), "{}", r.err);
    let r = run(&["catalog", "convert", "--form", "minimal", c], None);
    let minimal: Value = serde_json::from_str(&r.out).unwrap();
    assert_eq!(
        minimal["KF52S"],
        json!(["W.DATABASE.CONNECTION.027", "slow"])
    );
    // the same catalog in another namespace: full IDs (docs/spec: auth_lib -> 05o5h)
    let r = run(
        &[
            "catalog",
            "build",
            "--namespace",
            "auth_lib",
            e.to_str().unwrap(),
        ],
        None,
    );
    assert!(r.out.contains("\"05o5h-V6a0B\""), "{}", r.out);
    // a tampered entry is rejected
    let tampered = temp_file("tampered.json", r#"{"V6a0B": ["E.AUTH.TOKEN.002", "m"]}"#);
    let r = run(&["catalog", "check", tampered.to_str().unwrap()], None);
    assert_eq!(r.code, 1);
    assert!(r.err.contains("error[TAMPERED]"), "{}", r.err);
}

#[test]
fn catalog_sign_and_verify_vectors() {
    for case in vectors("catalog.json", "catalog_sign") {
        let c = temp_file("sign.json", case["input"]["json"].as_str().unwrap());
        let key = case["input"]["secret_key"].as_str().unwrap();
        let r = run(
            &[
                "--json",
                "catalog",
                "sign",
                "--secret-key",
                key,
                c.to_str().unwrap(),
            ],
            None,
        );
        let got = &json_lines(&r.out)[0];
        assert_eq!(got["signature"], case["output"]["signature"]);
        assert_eq!(got["public_key"], case["output"]["public_key"]);
    }
    for case in vectors("catalog.json", "catalog_verify") {
        let c = temp_file("verify.json", case["input"]["json"].as_str().unwrap());
        let i = &case["input"];
        let r = run(
            &[
                "catalog",
                "verify",
                "--public-key",
                i["public_key"].as_str().unwrap(),
                "--signature",
                i["signature"].as_str().unwrap(),
                c.to_str().unwrap(),
            ],
            None,
        );
        match case["error"].as_str() {
            None => assert_eq!(r.code, 0, "{}: {}", case["name"], r.err),
            Some(code) => {
                assert_eq!(r.code, 1, "{}", case["name"]);
                assert!(r.err.contains(&format!("error[{code}]")), "{}", r.err);
            }
        }
    }
}

#[test]
fn catalog_collisions() {
    // pairs found by an independent birthday search (tests/vectors/README.md, "Catalogs")
    let r = run(
        &["catalog", "collisions"],
        Some(b"C.AUTH.READ.974\nS.AUTH.READ.898\nE.AUTH.TOKEN.001\nB.AUTH.TIMEOUT.757\nT.AUTH.KEY.288\n"),
    );
    assert_eq!(r.code, 1);
    assert_eq!(
        r.out,
        "xv0cV C.AUTH.READ.974 S.AUTH.READ.898\nyrmLL B.AUTH.TIMEOUT.757 T.AUTH.KEY.288\n"
    );
    let r = run(&["catalog", "collisions", "E.AUTH.TOKEN.001"], None);
    assert_eq!((r.code, r.out.as_str()), (0, ""));
}

/// The generator cases of tests/vectors/generators.json (an independent model of docs/spec §6)
/// through the CLI's options: a node, a manual clock (--at), a resumed ID.
#[test]
fn generators_with_a_node_follow_the_vectors() {
    for case in vectors("generators.json", "xid_sequence")
        .into_iter()
        .chain(vectors("generators.json", "tid_sequence"))
    {
        let input = &case["input"];
        let o = &input["options"];
        let steps = input["steps"].as_array().unwrap();
        // One invocation is one step: only single-step cases without extra options map onto it.
        if steps.len() != 1 || steps[0].get("clock_micros").is_some() {
            continue;
        }
        let micros: i64 = o["clock_micros"].as_str().unwrap().parse().unwrap();
        let at = time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(micros) * 1000)
            .unwrap()
            .format(&time::format_description::well_known::Rfc3339)
            .unwrap();
        let family = if case["op"] == "xid_sequence" {
            "xid"
        } else {
            "tid"
        };
        let n = steps[0]["count"].to_string();
        let mut args = vec![family.to_string(), "--at".into(), at, "-n".into(), n];
        if let Some(node) = o.get("node").and_then(Value::as_u64) {
            args.extend(["--node".into(), node.to_string()]);
        }
        if let Some(lead) = o.get("max_lead_ms").and_then(Value::as_u64) {
            args.extend(["--max-lead-ms".into(), lead.to_string()]);
        }
        if let Some(policy) = o.get("on_clock_behind").and_then(Value::as_str) {
            args.extend(["--on-clock-behind".into(), policy.to_string()]);
        }
        if let Some(id) = input.get("clock_id").and_then(Value::as_u64) {
            args.extend(["--clock-id".into(), id.to_string()]);
        }
        if let Some(last) = input.get("resume").and_then(Value::as_str) {
            args.extend(["--resume".into(), last.to_string()]);
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = run(&args, None);
        let name = case["name"].as_str().unwrap();
        match (case.get("output"), case.get("error")) {
            (Some(out), _) => {
                let want: Vec<String> = match &out[0] {
                    Value::Array(texts) => texts
                        .iter()
                        .map(|t| format!("{}\n", t.as_str().unwrap()))
                        .collect(),
                    _ => continue, // a step error: exercised by the core's vectors
                };
                assert_eq!((r.code, r.out), (0, want.concat()), "{name}: {}", r.err);
            }
            (None, Some(code)) => {
                assert_eq!(r.code, 1, "{name}");
                assert!(r.err.contains(code.as_str().unwrap()), "{name}: {}", r.err);
            }
            _ => unreachable!(),
        }
    }
}

#[test]
fn node_from_the_environment() {
    let o = polyid()
        .args(["--json", "node"])
        .env("POLYID_NODE", "17")
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        v,
        json!({"node": 17, "required": false, "tid_clock_id": 49})
    );
    let o = polyid()
        .arg("node")
        .env_remove("POLYID_NODE")
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(o.stdout).unwrap(), "none\n");
    for (value, code) in [
        ("960", "OUT_OF_RANGE"),
        ("1a", "INVALID_CHARACTER"),
        ("", "INVALID_LENGTH"),
    ] {
        let o = polyid()
            .args(["--json", "tid"])
            .env("POLYID_NODE", value)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(1), "{value:?}");
        let e: Value = serde_json::from_slice(&o.stderr).unwrap();
        assert_eq!(e["error"]["code"], code, "{value:?}");
    }
    // POLYID_NODE=3: TIDs carry clock id 35, xids node 3 in bits 21-12.
    let o = polyid()
        .args(["tid", "-n", "3"])
        .env("POLYID_NODE", "3")
        .output()
        .unwrap();
    for line in String::from_utf8(o.stdout).unwrap().lines() {
        assert!(line.ends_with("35"), "{line}"); // 35 = "35" in base32lex: 1*32 + 3
    }
    let o = polyid()
        .args(["tid"])
        .env_remove("POLYID_NODE")
        .env("POLYID_NODE_REQUIRED", "1")
        .output()
        .unwrap();
    assert!(String::from_utf8(o.stderr)
        .unwrap()
        .contains("NODE_REQUIRED"));
    // An explicit --node wins over the environment; an EUID takes none.
    let o = polyid()
        .args(["--json", "euid", "--node", "1"])
        .output()
        .unwrap();
    let e: Value = serde_json::from_slice(&o.stderr).unwrap();
    assert_eq!(e["error"]["code"], "INVALID_ARGUMENT");
}

#[test]
fn seeded_runs_repeat_and_the_lead_is_bounded() {
    let args = [
        "xid",
        "--seed",
        "42",
        "--at",
        "2023-11-14T22:13:20Z",
        "-n",
        "3",
    ];
    let (a, b) = (run(&args, None), run(&args, None));
    assert_eq!(a.code, 0);
    assert_eq!(a.out, b.out);
    // 5,000 xids at one instant with a node need a lead of 1 ms (4,096 per millisecond).
    let r = run(
        &[
            "xid",
            "--node",
            "1",
            "--at",
            "2023-11-14T22:13:20Z",
            "-n",
            "5000",
            "--max-lead-ms",
            "0",
        ],
        None,
    );
    assert_eq!(r.code, 1);
    assert!(r.err.contains("CLOCK_BEHIND"), "{}", r.err);
    let r = run(&["xid", "--on-clock-behind", "later"], None);
    assert!(r.err.contains("INVALID_ARGUMENT"), "{}", r.err);
    let r = run(&["tid", "--max-lead-ms", "86400001"], None);
    assert!(r.err.contains("OUT_OF_RANGE"), "{}", r.err);
}

#[test]
fn simulate_agrees_with_its_closed_form() {
    let r = run(
        &[
            "--json", "simulate", "--family", "tid", "--hosts", "2", "--rate", "100", "--trials",
            "300",
        ],
        None,
    );
    assert_eq!(r.code, 0, "{}", r.err);
    let v: Value = serde_json::from_str(&r.out).unwrap();
    // Two processes, each drawing a clock id from 32, certain to collide if they share one.
    assert!((v["probability"].as_f64().unwrap() - 1.0 / 32.0).abs() < 1e-6);
    assert_eq!(v["monte_carlo"]["agree"], true);
    let r = run(
        &[
            "--json", "simulate", "--family", "xid", "--hosts", "10", "--node", "assigned",
            "--trials", "3",
        ],
        None,
    );
    let v: Value = serde_json::from_str(&r.out).unwrap();
    assert_eq!(v["probability"], 0.0);
    assert_eq!(v["monte_carlo"]["observed"], 0.0);
    let r = run(
        &["simulate", "--family", "euid", "--node", "assigned"],
        None,
    );
    assert_eq!(r.code, 2);
}

#[test]
fn inspect_profiles() {
    // docs/spec §3.5: the AT Protocol reads 13 symbols only, and no negative timestamps.
    let r = run(
        &["inspect", "--json", "--profile", "atproto", "3kxnlhr3gxq23"],
        None,
    );
    assert_eq!(r.code, 0, "{}", r.err);
    let l = json_lines(&r.out);
    assert_eq!(l[0]["readings"][0]["micros"], "1721407246480310");
    for (text, code) in [
        ("3kxn-lhr-3gxq-23", "INVALID_LENGTH"),
        ("skxnlhr3gxq23", "INVALID_CHARACTER"),
        ("ckxnlhr3gxq23", "OUT_OF_RANGE"),
    ] {
        let r = run(&["inspect", "--json", "--profile", "atproto", text], None);
        assert_eq!(r.code, 1, "{text}");
        assert_eq!(json_lines(&r.out)[0]["error"]["code"], code, "{text}");
    }
    // docs/spec §1.5: waddling-errors-hash reads a bare compact ID as a full ID without a
    // namespace; polyid's reading of 5 symbols is the compact ID too.
    let r = run(
        &[
            "inspect",
            "--json",
            "--profile",
            "waddling",
            "V6a0B",
            "05o5h-V6a0B",
        ],
        None,
    );
    assert_eq!(r.code, 0, "{}", r.err);
    let l = json_lines(&r.out);
    assert_eq!(l[0]["readings"][0]["family"], "compact_id");
    assert_eq!(l[1]["readings"][0]["namespace_hash"], "05o5h");
    // docs/spec §4.2 read under the euid profile; a TID is not an EUID there.
    let r = run(
        &[
            "inspect",
            "--json",
            "--profile",
            "euid",
            "C8ZMi4GR4JXGoMQXVYl8S8TJNA6",
            "3kxnlhr3gxq23",
        ],
        None,
    );
    let l = json_lines(&r.out);
    assert_eq!(
        l[0]["readings"][0]["hex"],
        "623f40921824bb0052fddf828ca352aa"
    );
    assert_eq!(l[1]["error"]["code"], "INVALID_LENGTH");
    let r = run(&["inspect", "--profile", "bluesky", "x"], None);
    assert_eq!(r.code, 2);
    assert!(r.err.contains("error[INVALID_ARGUMENT]"), "{}", r.err);
}

#[test]
fn compact_waddling_profile() {
    // docs/spec §1.5 (values from Python xxhash over the crate's trimmed, upper-cased text).
    let r = run(
        &[
            "compact",
            "--profile",
            "waddling",
            "E.Auth.Token.MISSING",
            "E.AUTH.TOKEN.000",
        ],
        None,
    );
    assert_eq!((r.code, r.out.as_str()), (0, "hPdQW\nUo8Uh\n"), "{}", r.err);
    let r = run(
        &[
            "compact",
            "--profile",
            "waddling",
            "--namespace",
            "Auth-Lib",
            "E.Auth.Token.001",
        ],
        None,
    );
    assert_eq!(r.out, "C6uO5-V6a0B\n", "{}", r.err);
    // polyid's own reading of the same inputs.
    let r = run(
        &["compact", "E.Auth.Token.MISSING", "E.AUTH.TOKEN.000"],
        None,
    );
    assert_eq!((r.code, r.out.as_str()), (1, "V6a0B\n"));
    assert!(r.err.contains("error[INVALID_SEQUENCE]"), "{}", r.err);
    // No structured code to explain, and no caller names.
    let r = run(
        &["compact", "--profile", "waddling", "--explain", "E.A.B.001"],
        None,
    );
    assert_eq!(r.code, 2);
    let r = run(
        &[
            "compact",
            "--profile",
            "waddling",
            "--sequence",
            "RATE=9",
            "E.A.B.RATE",
        ],
        None,
    );
    assert_eq!(r.code, 1);
    assert!(r.err.contains("error[INVALID_ARGUMENT]"), "{}", r.err);
    let r = run(&["compact", "--profile", "atproto", "E.A.B.001"], None);
    assert!(r.err.contains("does not define WDP codes"), "{}", r.err);
}

// ---------------------------------------------------------------------------------------
// inputs in errors: bounded and escaped; stdin read with a bound

/// At most 600 bytes of `text`, for an assertion's message (a failing run may print a lot).
fn short(text: &str) -> &str {
    let mut end = text.len().min(600);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// Whether some line of `text` starts with `error[OK]` (a line an input wrote).
fn forged_line(text: &str) -> bool {
    text.split(['\n', '\r']).any(|l| l.starts_with("error[OK]"))
}

/// A catalog and an entries file for the commands that read one.
fn catalog_files() -> (String, String) {
    let entries = temp_file(
        "bounded-entries.json",
        r#"[{"code": "E.Auth.Token.001", "message": "token missing for {{user}}"}]"#,
    );
    let r = run(&["catalog", "build", entries.to_str().unwrap()], None);
    assert_eq!(r.code, 0, "{}", short(&r.err));
    let catalog = temp_file("bounded-catalog.json", &r.out);
    (
        catalog.to_str().unwrap().to_owned(),
        entries.to_str().unwrap().to_owned(),
    )
}

/// Every place a command takes a value from its user, with `x` as that value; each of them
/// fails for the values the tests give.
fn every_input(x: &str, catalog: &str, entries: &str) -> Vec<Vec<String>> {
    let table: Vec<Vec<&str>> = vec![
        vec!["compact", x],
        vec!["compact", "--explain", x],
        vec!["compact", "--namespace", x, "E.A.B.001"],
        vec!["compact", "--sequence", x, "E.A.B.001"],
        vec!["compact", "--profile", x, "E.A.B.001"],
        vec!["inspect", x],
        vec!["inspect", "--profile", "atproto", x],
        vec!["inspect", "--profile", x, "a"],
        vec!["range", x, "--family", "tid"],
        vec!["extuuid", x],
        vec!["extuuid", "--decode", x],
        vec!["extuuid", "--inspect", x],
        vec!["tid", "--at", x],
        vec!["tid", "--resume", x],
        vec!["tid", "--clock-id", x],
        vec!["tid", "--node", x],
        vec!["xid", "--seed", x],
        vec!["xid", "--on-clock-behind", x],
        vec!["euid", "--extension", x],
        vec!["euid", "--node", x],
        vec!["simulate", "--family", x],
        vec!["simulate", "--family", "tid", "--node", x],
        vec!["simulate", "--family", "tid", "--trials", x],
        vec!["catalog", "check", x],
        vec!["catalog", "expand", catalog, x],
        vec!["catalog", "expand", catalog, "V6a0B", x],
        vec!["catalog", "expand", catalog, "--payload", x],
        vec!["catalog", "sign", "--secret-key", x, catalog],
        vec![
            "catalog",
            "verify",
            "--public-key",
            x,
            "--signature",
            "00",
            catalog,
        ],
        vec!["catalog", "build", "--namespace", x, entries],
        vec!["catalog", "convert", "--form", x, catalog],
        vec!["catalog", "collisions", x],
        vec!["conform", "--errors", x, "--", "true"],
        vec!["conform", "--profile", x, "--", "true"],
        vec!["conform", "--", x],
        vec![x],
    ];
    table
        .into_iter()
        .map(|args| args.into_iter().map(str::to_owned).collect())
        .collect()
}

fn run_owned(args: &[String], stdin: Option<&[u8]>) -> Run {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    run(&args, stdin)
}

/// The error object of a `--json` run: on stderr, or in place on stdout.
fn json_error(r: &Run) -> Value {
    let lines: Vec<Value> = json_lines(&r.err)
        .into_iter()
        .chain(json_lines(&r.out))
        .filter(|v| v.get("error").is_some())
        .collect();
    assert_eq!(
        lines.len(),
        1,
        "one error: {} {}",
        short(&r.out),
        short(&r.err)
    );
    lines[0]["error"].clone()
}

#[test]
fn a_long_input_is_quoted_bounded_with_its_length() {
    // The longest argument Linux passes is 128 KiB; stdin lines below go to a megabyte.
    let huge = "A".repeat(100_000);
    let (catalog, entries) = catalog_files();
    for args in every_input(&huge, &catalog, &entries) {
        let r = run_owned(&args, None);
        let shown: Vec<&str> = args.iter().map(|a| &a[..a.len().min(20)]).collect();
        assert!(
            r.code == 1 || r.code == 2 || r.code == 3,
            "{shown:?}: {}",
            r.code
        );
        assert!(
            r.err.len() < 600,
            "{shown:?}: {} bytes: {}",
            r.err.len(),
            r.err
        );
        let first = r.err.lines().next().unwrap_or_default();
        assert!(
            first.starts_with("polyid: error["),
            "{shown:?}: {}",
            short(&r.err)
        );
        assert!(
            first.contains("... (100000 bytes)"),
            "{shown:?}: {}",
            short(first)
        );

        let r = run_owned(&[&["--json".to_owned()][..], &args].concat(), None);
        let e = json_error(&r);
        assert!(
            r.err.len() + r.out.len() < 600,
            "{shown:?}: {}",
            short(&r.err)
        );
        let quoted = e["message"]
            .as_str()
            .unwrap()
            .contains("... (100000 bytes)");
        match e.get("input") {
            Some(input) => {
                assert_eq!(input.as_str().unwrap(), &huge[..64], "{shown:?}");
                assert_eq!(e["input_len"], 100_000, "{shown:?}");
            }
            None => assert!(quoted, "{shown:?}: {e}"),
        }
    }
    // A megabyte-long line of stdin: refused by the reader, the next lines still read.
    let mut input = format!("E.A.B.001\n{}\r\nE.A.B.001\n", "E".repeat(1 << 20)).into_bytes();
    let r = run(&["compact"], Some(&input));
    assert_eq!((r.code, r.out.as_str()), (1, "l3i4I\nl3i4I\n"));
    assert!(r.err.len() < 400, "{}", short(&r.err));
    assert_eq!(r.err.lines().count(), 1, "{}", short(&r.err));
    assert!(
        r.err.starts_with(&format!(
            "polyid: error[INVALID_LENGTH]: \"{}\"... (1048576 bytes): stdin line 2 is 1048576 \
             bytes, longer than the 1024 bytes",
            "E".repeat(64)
        )),
        "{}",
        short(&r.err)
    );
    let r = run(&["--json", "inspect"], Some(&input));
    let lines = json_lines(&r.out);
    assert_eq!(lines.len(), 3, "{}", short(&r.out));
    let e = &lines[1]["error"];
    assert_eq!(e["code"], "INVALID_LENGTH");
    assert_eq!(e["input"], "E".repeat(64));
    assert_eq!(
        (&e["input_len"], &e["line"], &e["found"], &e["max"]),
        (&json!(1 << 20), &json!(2), &json!(1 << 20), &json!(1024))
    );
    assert_eq!(lines[2]["readings"][0]["family"], "wdp_code");
    // A line the core reads (within the bound) and rejects is quoted by the core, bounded too.
    input = format!("{}E.A.B.001\n", " ".repeat(1000)).into_bytes();
    assert_eq!(run(&["compact"], Some(&input)).out, "l3i4I\n");
    input = format!("E.{}.B.001\n", "A".repeat(1000)).into_bytes();
    let r = run(&["compact"], Some(&input));
    assert!(
        r.err.len() < 400 && r.err.contains("(1008 bytes)"),
        "{}",
        short(&r.err)
    );
    // `catalog collisions` stops at a bad line, as it does for one that is not UTF-8.
    input = format!("E.A.B.001\n{}\nE.A.B.002\n", "E".repeat(2000)).into_bytes();
    let r = run(&["catalog", "collisions"], Some(&input));
    assert_eq!((r.code, r.out.as_str()), (1, ""));
    assert!(r.err.contains("error[INVALID_LENGTH]"), "{}", short(&r.err));
}

#[test]
fn the_line_bounds_are_the_longest_inputs() {
    // 1024 bytes reach the core (white space it trims, then a code), 1025 do not; "\r\n" is
    // no part of the line.
    let at = |n: usize, end: &str| format!("{}E.A.B.001{end}", " ".repeat(n - 9)).into_bytes();
    assert_eq!(run(&["compact"], Some(&at(1024, "\r\n"))).out, "l3i4I\n");
    assert_eq!(run(&["compact"], Some(&at(1024, ""))).out, "l3i4I\n");
    for (n, end) in [(1025, "\n"), (1025, "\r\n"), (1025, ""), (1026, "\n")] {
        let r = run(&["--json", "compact"], Some(&at(n, end)));
        let e = &json_lines(&r.out)[0]["error"];
        assert_eq!(
            (&e["code"], &e["found"]),
            (&json!("INVALID_LENGTH"), &json!(n))
        );
    }
    // EXTUUID: the core's own limit, 1024 bytes, whether the text is an argument or a line.
    let text = |n: usize| format!("int:{}", "1".repeat(n - 4));
    let r = run(&["--json", "extuuid", &text(1025)], None);
    let e = &json_lines(&r.out)[0]["error"];
    assert_eq!(
        (&e["code"], &e["found"]),
        (&json!("INVALID_LENGTH"), &json!(1025))
    );
    let r = run(
        &["--json", "extuuid"],
        Some(format!("{}\n", text(1025)).as_bytes()),
    );
    let e = &json_lines(&r.out)[0]["error"];
    assert_eq!(
        (&e["code"], &e["line"]),
        (&json!("INVALID_LENGTH"), &json!(1))
    );
    let r = run(
        &["--json", "extuuid"],
        Some(format!("{}\n", text(1024)).as_bytes()),
    );
    let e = &json_lines(&r.out)[0]["error"];
    assert_ne!(e["code"], "INVALID_LENGTH", "{e}");
}

#[test]
fn an_input_with_line_breaks_stays_on_one_line() {
    let forged = "E.A.B\nerror[OK]: forged\r";
    let (catalog, entries) = catalog_files();
    for args in every_input(forged, &catalog, &entries) {
        let r = run_owned(&args, None);
        assert!(
            r.code == 1 || r.code == 2 || r.code == 3,
            "{args:?}: {}",
            r.code
        );
        assert!(
            !forged_line(&r.err) && !forged_line(&r.out),
            "{args:?}: {}",
            r.err
        );
        assert!(!r.err.contains('\r'), "{args:?}: {}", short(&r.err));
        let first = r.err.lines().next().unwrap_or_default();
        assert!(
            first.contains(r"\nerror[OK]: forged\r"),
            "{args:?}: {first}"
        );
        if r.code != 2 {
            // Usage errors add clap's usage lines; every other failure is one line.
            assert_eq!(r.err.lines().count(), 1, "{args:?}: {}", short(&r.err));
        }

        let r = run_owned(&[&["--json".to_owned()][..], &args].concat(), None);
        assert!(!r.err.contains('\r') && !r.out.contains('\r'), "{args:?}");
        let e = json_error(&r);
        match e.get("input") {
            Some(input) => assert_eq!(input, forged, "{args:?}"),
            None => assert!(e["message"]
                .as_str()
                .unwrap()
                .contains(r"\nerror[OK]: forged\r")),
        }
    }
    // The same input as a line of stdin ("\r\n" ends it; a lone "\r" is in it).
    let r = run(&["compact"], Some(b"E.A.B\rerror[OK]: forged\r\n"));
    assert_eq!(r.err.lines().count(), 1, "{}", short(&r.err));
    assert!(
        r.err.contains(r#""E.A.B\rerror[OK]: forged""#),
        "{}",
        short(&r.err)
    );
}

#[test]
fn catalog_values_cannot_forge_a_line() {
    let forge = r"\nerror[OK]: forged";
    let files = [
        format!(r#"{{"V6a0B": ["E.AUTH.TOKEN.001{forge}", "m"]}}"#),
        format!(
            r#"{{"version": "1", "generated": "t", "diags": {{"V6a0B": {{"code":
            "E.AUTH.TOKEN.001", "severity": "X{forge}", "message": "m"}}}}}}"#
        ),
        format!(
            r#"{{"version": "1", "generated": "t", "diags": {{"V6a0B": {{"code":
            "E.AUTH.TOKEN.001", "message": "m", "x{forge}": 1}}}}}}"#
        ),
        format!(r#"{{"V6a0B{forge}": ["E.AUTH.TOKEN.001", "m"]}}"#),
    ];
    for (i, text) in files.iter().enumerate() {
        let file = temp_file(&format!("forged-{i}.json"), text);
        let file = file.to_str().unwrap();
        for args in [
            vec!["catalog", "check", file],
            vec!["catalog", "expand", file, "V6a0B"],
            vec![
                "catalog",
                "verify",
                "--public-key",
                "00",
                "--signature",
                "00",
                file,
            ],
            vec!["catalog", "convert", file],
        ] {
            let r = run(&args, None);
            assert_eq!(r.code, 1, "{args:?}");
            assert_eq!(r.err.lines().count(), 1, "{args:?}: {}", short(&r.err));
            assert!(!forged_line(&r.err), "{args:?}: {}", short(&r.err));
            assert!(r.err.contains(forge), "{args:?}: {}", short(&r.err));
        }
    }
    // A file name is quoted in what succeeds too.
    let (catalog, _) = catalog_files();
    let dir = Path::new(&catalog)
        .parent()
        .unwrap()
        .join("x\nerror[OK]: forged");
    std::fs::create_dir_all(&dir).unwrap();
    let named = dir.join("c.json");
    std::fs::copy(&catalog, &named).unwrap();
    let r = run(&["catalog", "check", named.to_str().unwrap()], None);
    assert_eq!(r.code, 0, "{}", short(&r.err));
    assert_eq!(r.out.lines().count(), 1, "{}", short(&r.out));
    assert!(!forged_line(&r.out), "{}", short(&r.out));
    assert!(
        r.out.ends_with(": 1 entry, its ID matches its code\n"),
        "{}",
        r.out
    );
}

#[test]
fn catalogs_are_read_strictly_one_line_each() {
    let (catalog, _) = catalog_files();
    let full: Value = serde_json::from_str(&std::fs::read_to_string(&catalog).unwrap()).unwrap();
    let message = full["diags"]["V6a0B"]["message"].as_str().unwrap();
    let repeated = std::fs::read_to_string(&catalog).unwrap().replacen(
        &format!("\"message\":{}", json!(message)),
        &format!("\"message\":\"forged\",\n\"message\":{}", json!(message)),
        1,
    );
    assert_ne!(repeated, std::fs::read_to_string(&catalog).unwrap());
    let unknown = r#"{"version": "1", "generated": "t",
        "diags": {"V6a0B": {"code": "E.AUTH.TOKEN.001", "message": "m", "colour": "red"}}}"#;
    let repeated = temp_file("repeated.json", &repeated);
    let unknown = temp_file("unknown.json", unknown);
    for (file, said) in [
        (
            &repeated,
            r#"member "message" appears twice in one object at line "#,
        ),
        (&unknown, r#"entry "V6a0B": unknown member "colour""#),
    ] {
        let file = file.to_str().unwrap();
        for args in [
            vec!["catalog", "check", file],
            vec!["catalog", "expand", file, "V6a0B", "user=ada"],
            vec![
                "catalog",
                "verify",
                "--public-key",
                "00",
                "--signature",
                "00",
                file,
            ],
        ] {
            let r = run(&args, None);
            assert_eq!(r.code, 1, "{args:?}");
            assert_eq!(r.err.lines().count(), 1, "{args:?}: {}", short(&r.err));
            assert!(
                r.err.starts_with("polyid: error[INVALID_CATALOG]: "),
                "{}",
                r.err
            );
            assert!(r.err.contains(said), "{args:?}: {}", short(&r.err));
            let r = run(&[&["--json"][..], &args].concat(), None);
            let e = json_error(&r);
            assert_eq!(e["code"], "INVALID_CATALOG");
            assert!(e["message"].as_str().unwrap().contains(said), "{e}");
        }
    }
}

#[test]
fn node_option_follows_the_polyid_node_rule() {
    for (value, code, index) in [
        (" 5", "INVALID_CHARACTER", Some(0)),
        ("5 ", "INVALID_CHARACTER", Some(1)),
        ("+5", "INVALID_CHARACTER", Some(0)),
        ("", "INVALID_LENGTH", None),
        ("960", "OUT_OF_RANGE", None),
        ("99999999999999999999", "OUT_OF_RANGE", None),
    ] {
        let option = run(&["--json", "tid", "--node", value], None);
        let e = json_error(&option);
        assert_eq!((option.code, &e["code"]), (1, &json!(code)), "{value:?}");
        assert_eq!(
            e.get("index").and_then(Value::as_u64),
            index.map(|i| i as u64)
        );
        assert_eq!(e["input"], value, "the value given: {e}");
        let o = polyid()
            .args(["--json", "tid"])
            .env("POLYID_NODE", value)
            .output()
            .unwrap();
        let env: Value = serde_json::from_slice(&o.stderr).unwrap();
        assert_eq!(env["error"]["code"], e["code"], "{value:?}");
        assert_eq!(env["error"].get("index"), e.get("index"), "{value:?}");
    }
    let r = run(&["tid", "--node", "99999999999999999999"], None);
    assert!(
        r.err
            .starts_with("polyid: error[OUT_OF_RANGE]: \"99999999999999999999\": "),
        "{}",
        short(&r.err)
    );
    assert_eq!(run(&["tid", "--node", "007", "-n", "1"], None).code, 0);
    // The other integer options read digits as given too.
    for args in [
        ["tid", "--seed", " 5"],
        ["tid", "--clock-id", "5 "],
        ["euid", "--extension", " 5"],
        ["compact", "--sequence", "X= 31"],
    ] {
        let r = run(&args, None);
        assert_eq!(r.code, 2, "{args:?}: {}", short(&r.err));
        assert!(
            r.err.contains("is not an integer"),
            "{args:?}: {}",
            short(&r.err)
        );
    }
}

#[test]
fn simulate_trials_are_bounded() {
    // Refused at once: an unbounded run would be killed by the timeout and fail here.
    polyid()
        .args(["simulate", "--family", "tid", "--trials", "1000000000000"])
        .timeout(std::time::Duration::from_secs(10))
        .assert()
        .code(2)
        .stdout("")
        .stderr("polyid: error[INVALID_ARGUMENT]: --trials 1000000000000: expected 0 to 10000\n");
    let r = run(
        &["--json", "simulate", "--family", "xid", "--trials", "10001"],
        None,
    );
    assert_eq!(json_error(&r)["code"], "INVALID_ARGUMENT");
    // The bound itself is accepted (EUIDs run no simulation, so this answers at once).
    let r = run(&["simulate", "--family", "euid", "--trials", "10000"], None);
    assert_eq!(r.code, 0, "{}", short(&r.err));
    for (args, said) in [
        (vec!["--hosts", "1"], "--hosts 1: expected 2 to 1000000"),
        (vec!["--rate", "0"], "--rate 0: expected more than 0"),
        (
            vec!["--years", "1001"],
            "--years 1001: expected more than 0 and at most 1000",
        ),
    ] {
        let r = run(
            &[&["simulate", "--family", "tid"][..], &args].concat(),
            None,
        );
        assert_eq!(r.code, 2, "{args:?}");
        assert!(r.err.contains(said), "{}", short(&r.err));
    }
    let r = run(
        &[
            "simulate", "--family", "tid", "--years", "1", "--trials", "0",
        ],
        None,
    );
    assert!(
        r.out.starts_with("2 hosts x 100 IDs/s x 1 year, no node:"),
        "{}",
        r.out
    );
}

#[test]
fn counts_agree_with_their_nouns() {
    let r = run(&["inspect", "a"], None);
    assert!(
        r.err.contains(": 1 byte matches no family"),
        "{}",
        short(&r.err)
    );
    let r = run(&["inspect", "ab"], None);
    assert!(
        r.err.contains(": 2 bytes match no family"),
        "{}",
        short(&r.err)
    );
    let (catalog, _) = catalog_files();
    let r = run(&["catalog", "check", &catalog], None);
    assert!(
        r.out.contains(": 1 entry, its ID matches its code"),
        "{}",
        r.out
    );
}

/// Runs polyid under `/usr/bin/time -v` with stdin written by a thread (`before`, `len` bytes
/// of `A` in 64 KiB writes, then `after`: never held whole), and returns the run with its
/// peak resident memory in KiB.
fn peak_rss(args: &[&str], before: &[u8], len: usize, after: &[u8]) -> (Run, u64) {
    use std::io::Write;
    use std::process::{Command as Process, Stdio};
    let time = Path::new("/usr/bin/time");
    assert!(
        time.exists(),
        "GNU time is needed at /usr/bin/time (make cli-test installs it: apt-get install time)"
    );
    let mut child = Process::new(time)
        .arg("-v")
        .arg(env!("CARGO_BIN_EXE_polyid"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let (before, after) = (before.to_vec(), after.to_vec());
    let writer = std::thread::spawn(move || {
        let chunk = vec![b'A'; 1 << 16];
        let _ = stdin.write_all(&before);
        let mut left = len;
        while left > 0 {
            let n = left.min(chunk.len());
            if stdin.write_all(&chunk[..n]).is_err() {
                return; // the command stopped reading (a capped document)
            }
            left -= n;
        }
        let _ = stdin.write_all(&after);
    });
    let o = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let err = String::from_utf8(o.stderr).unwrap();
    let stats_at = [
        "Command exited with non-zero status",
        "\tCommand being timed",
    ]
    .iter()
    .filter_map(|m| err.find(m))
    .min()
    .expect("time -v output");
    let (own, stats) = err.split_at(stats_at);
    let kib = stats
        .lines()
        .find_map(|l| {
            l.trim()
                .strip_prefix("Maximum resident set size (kbytes): ")
        })
        .expect("time -v: maximum resident set size")
        .parse()
        .unwrap();
    let code = stats
        .lines()
        .find_map(|l| l.trim().strip_prefix("Exit status: "))
        .expect("time -v: exit status")
        .parse()
        .unwrap();
    let run = Run {
        code,
        out: String::from_utf8(o.stdout).unwrap(),
        err: own.to_owned(),
    };
    (run, kib)
}

#[test]
fn a_line_without_end_keeps_memory_flat() {
    const LEN: usize = 500 << 20;
    // compact: the line is refused, the next one read.
    let (r, kib) = peak_rss(&["compact"], b"E.A.B.001\n", LEN, b"\nE.A.B.001\n");
    eprintln!("compact, a {LEN}-byte line: peak RSS {kib} KiB");
    assert_eq!(
        (r.code, r.out.as_str()),
        (1, "l3i4I\nl3i4I\n"),
        "{}",
        short(&r.err)
    );
    assert!(
        r.err.starts_with("polyid: error[INVALID_LENGTH]: ")
            && r.err
                .contains("... (524288000 bytes): stdin line 2 is 524288000 bytes")
            && r.err.lines().count() == 1,
        "{}",
        short(&r.err)
    );
    assert!(kib < 32 * 1024, "compact: peak RSS {kib} KiB");
    // No newline at all, to the end of input.
    let (r, kib) = peak_rss(&["--json", "inspect"], b"", LEN, b"");
    eprintln!("inspect, a {LEN}-byte line to EOF: peak RSS {kib} KiB");
    assert_eq!(
        json_lines(&r.out)[0]["error"]["input_len"],
        LEN,
        "{}",
        r.out
    );
    assert!(kib < 32 * 1024, "inspect: peak RSS {kib} KiB");
    // conform-serve answers the line with an error and the next request as ever.
    let (r, kib) = peak_rss(
        &["conform-serve"],
        b"",
        LEN,
        b"\n{\"op\": \"compact_id\", \"input\": {\"code\": \"E.A.B.001\"}}\n",
    );
    eprintln!("conform-serve, a {LEN}-byte line: peak RSS {kib} KiB");
    let lines = json_lines(&r.out);
    assert_eq!(lines.len(), 2, "{}", short(&r.out));
    assert_eq!(lines[0]["error"], "INVALID_LENGTH");
    assert_eq!(lines[1]["output"], "l3i4I");
    assert!(kib < 32 * 1024, "conform-serve: peak RSS {kib} KiB");
    // A catalog on stdin is read up to its cap, then refused.
    let (r, kib) = peak_rss(&["--json", "catalog", "check", "-"], b"", LEN, b"");
    eprintln!("catalog check -, {LEN} bytes: peak RSS {kib} KiB");
    let e = json_error(&r);
    assert_eq!(
        (&e["code"], &e["max"]),
        (&json!("INVALID_LENGTH"), &json!(64 << 20))
    );
    assert!(kib < 96 * 1024, "catalog check: peak RSS {kib} KiB");
}

#[test]
fn catalog_build_reads_entries_strictly() {
    for (text, said) in [
        (
            r#"[{"code": "E.A.B.001", "message": "m", "code": "E.A.B.002"}]"#,
            r#"entry 0: member "code" appears twice in one object at line 1 column "#,
        ),
        (
            r#"[{"code": "E.A.B.001", "message": "m"}, {"code": "E.A.B.002", "message": "m", "desciption": "d"}]"#,
            r#"entry 1: unknown member "desciption" (an entry's members are code, message, description, hints, tags, docs_url)"#,
        ),
        (
            r#"[{"code": "E.A.B.001", "message": "m", "hints": ["a", 1]}]"#,
            r#"entry 0: "hints" has an item that is not a string"#,
        ),
        (
            r#"[{"code": "E.A.B.001", "message": 7}]"#,
            r#"entry 0: "message" is not a string"#,
        ),
    ] {
        let file = temp_file("strict-entries.json", text);
        let r = run(&["catalog", "build", file.to_str().unwrap()], None);
        assert_eq!((r.code, r.out.as_str()), (2, ""), "{text}");
        assert_eq!(r.err.lines().count(), 1, "{}", r.err);
        assert!(r.err.contains(said), "{}", r.err);
    }
    // A string where an entry belongs is quoted bounded, as every input is.
    let file = temp_file("string-entry.json", &format!("[{:?}]", "E".repeat(100_000)));
    let r = run(&["catalog", "build", file.to_str().unwrap()], None);
    assert!(
        r.err.len() < 400 && r.err.contains("... (100000 bytes)"),
        "{}",
        short(&r.err)
    );
    // Optional members may be null; every member read.
    let file = temp_file(
        "full-entries.json",
        r#"[{"code": "E.A.B.001", "message": "m", "description": null, "hints": ["h"],
             "tags": ["t"], "docs_url": "https://example.com"}]"#,
    );
    let r = run(&["catalog", "build", file.to_str().unwrap()], None);
    assert_eq!(r.code, 0, "{}", r.err);
    let built: Value = serde_json::from_str(&r.out).unwrap();
    let e = &built["diags"]["l3i4I"];
    assert_eq!((&e["hints"], &e["tags"]), (&json!(["h"]), &json!(["t"])));
    assert_eq!(e["docs_url"], "https://example.com");
    assert_eq!(e.get("description"), None, "{e}");
}
