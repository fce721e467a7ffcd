//! `polyid conform` end to end: the protocol against the core (`polyid conform-serve`), the
//! Python package (`conform_python.py`, skipped with its reason when `polyid` cannot be
//! imported), and broken implementations (wrong answers, silence, noise, crashes).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use libtest_mimic::{Arguments, Failed, Trial};
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_polyid");

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Number of cases in tests/vectors/*.json, counted here (not by the binary).
fn case_count() -> usize {
    let mut n = 0;
    for e in std::fs::read_dir(root().join("tests/vectors")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "json") {
            let doc: Value = serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
            n += doc["cases"].as_array().unwrap().len();
        }
    }
    n
}

/// The number of distinct family/op rows in the vector files.
fn row_count() -> usize {
    let mut rows = std::collections::HashSet::new();
    for e in std::fs::read_dir(root().join("tests/vectors")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "json") {
            let doc: Value = serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
            for c in doc["cases"].as_array().unwrap() {
                rows.insert(format!("{}/{}", doc["family"], c["op"]));
            }
        }
    }
    rows.len()
}

/// Runs `polyid conform ARGS -- COMMAND...`.
fn conform(args: &[&str], command: &[&str]) -> Output {
    Command::new(BIN)
        .arg("conform")
        .args(args)
        .arg("--")
        .args(command)
        .current_dir(root())
        .env("POLYID", BIN)
        .output()
        .unwrap()
}

fn sh(script: &str) -> Vec<String> {
    vec!["sh".into(), "-c".into(), script.into()]
}

fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn expect(cond: bool, what: &str, o: &Output) -> Result<(), Failed> {
    if cond {
        Ok(())
    } else {
        Err(format!(
            "{what}\nstatus: {:?}\nstdout:\n{}\nstderr:\n{}",
            o.status.code(),
            text(o),
            String::from_utf8_lossy(&o.stderr)
        )
        .into())
    }
}

fn last_line(o: &Output) -> String {
    text(o).lines().last().unwrap_or_default().to_owned()
}

/// The interpreter for the Python adapter: $POLYID_PYTHON, the repo's .venv, or python3.
fn python() -> String {
    if let Ok(p) = std::env::var("POLYID_PYTHON") {
        return p;
    }
    let venv = root().join(".venv/bin/python3");
    if venv.exists() {
        return venv.display().to_string();
    }
    "python3".into()
}

/// Why the Python adapter cannot run, if it cannot.
fn python_unavailable() -> Option<String> {
    let py = python();
    match Command::new(&py).args(["-c", "import polyid"]).output() {
        Ok(o) if o.status.success() => None,
        Ok(o) => {
            Some(format!(
            "{py} cannot import the Python package polyid (build it with `make python-build`): {}",
            String::from_utf8_lossy(&o.stderr).lines().last().unwrap_or("")
        ))
        }
        Err(e) => Some(format!("{py} cannot be run: {e}")),
    }
}

fn all_pass(o: &Output, n: usize) -> Result<(), Failed> {
    expect(o.status.success(), "exit status 0", o)?;
    expect(
        last_line(o) == format!("{n} passed, 0 failed"),
        &format!("last line \"{n} passed, 0 failed\""),
        o,
    )?;
    // The matrix row: every family/op of the vectors, each fully passed.
    for row in [
        "wdp/compact_id",
        "wdp/parse_full_id",
        "uid11/uid11_prefix_range",
        "xid/xid_prefix_range",
        "tid/tid_parse",
        "euid/euid_from_bytes",
        "catalog/catalog_verify",
        "extuuid/extuuid_inspect",
    ] {
        let line = text(o)
            .lines()
            .find(|l| l.starts_with(row))
            .map(str::to_owned);
        let ok = line.as_deref().is_some_and(|l| {
            let cell = l[row.len()..].trim();
            let (p, t) = cell.split_once('/').unwrap_or(("", "-"));
            p == t
        });
        expect(ok, &format!("row {row} fully passed"), o)?;
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let n = case_count();
    let mut trials = vec![
        Trial::test("conform/core-serve-all-pass", move || {
            all_pass(&conform(&["--name", "core"], &[BIN, "conform-serve"]), n)
        }),
        Trial::test("conform/vectors-dir-same-as-built-in", move || {
            let o = conform(&["--vectors", "tests/vectors"], &[BIN, "conform-serve"]);
            all_pass(&o, n)
        }),
        Trial::test("conform/json-report", move || {
            let o = conform(&["--json", "--name", "core"], &[BIN, "conform-serve"]);
            expect(o.status.success(), "exit 0", &o)?;
            let r: Value = serde_json::from_slice(&o.stdout).map_err(|e| e.to_string())?;
            let ok = r["passed"] == n
                && r["failed"] == 0
                && r["skipped"] == 0
                && r["implementation"] == "core"
                && r["protocol_error"].is_null()
                && r["rows"]
                    .as_array()
                    .is_some_and(|rows| rows.len() == row_count());
            expect(ok, "report counts", &o)
        }),
        Trial::test("conform/answers-only-after-eof", move || {
            // Buffers every response until stdin closes: allowed by the protocol.
            // (`tac | tac` writes nothing before its input ends.)
            let cmd = sh("$POLYID conform-serve | tac | tac");
            let o = conform(&[], &cmd.iter().map(String::as_str).collect::<Vec<_>>());
            all_pass(&o, n)
        }),
        Trial::test("conform/wrong-answers-fail", move || {
            let cmd = sh(r#"while read -r l; do echo '{"error": "NOPE"}'; done"#);
            let o = conform(&[], &cmd.iter().map(String::as_str).collect::<Vec<_>>());
            expect(o.status.code() == Some(1), "exit status 1", &o)?;
            expect(
                last_line(&o) == format!("0 passed, {n} failed"),
                "all failed",
                &o,
            )?;
            expect(text(&o).contains("FAIL catalog/"), "FAIL lines", &o)?;
            expect(
                text(&o).contains("more failures"),
                "failures capped at 50",
                &o,
            )
        }),
        Trial::test("conform/wrong-detail-fails", move || {
            // The core's answers with every error index shifted by 100.
            let cmd = sh(r#"$POLYID conform-serve | sed 's/"index":\([0-9]*\)/"index":1\1/'"#);
            let o = conform(&[], &cmd.iter().map(String::as_str).collect::<Vec<_>>());
            expect(o.status.code() == Some(1), "exit status 1", &o)?;
            expect(text(&o).contains("INVALID_CHARACTER"), "names the case", &o)
        }),
        Trial::test("conform/no-detail-checks-code-only", move || {
            let cmd = sh(r#"$POLYID conform-serve | sed 's/"detail":{[^}]*},//'"#);
            let o = conform(&[], &cmd.iter().map(String::as_str).collect::<Vec<_>>());
            all_pass(&o, n)?;
            expect(
                text(&o).contains("checked on the code only"),
                "code-only note",
                &o,
            )
        }),
        Trial::test("conform/error-levels", move || {
            // Details shifted: exact fails, code passes.
            let shifted = sh(r#"$POLYID conform-serve | sed 's/"index":\([0-9]*\)/"index":1\1/'"#);
            let shifted: Vec<&str> = shifted.iter().map(String::as_str).collect();
            let o = conform(&["--errors", "code"], &shifted);
            all_pass(&o, n)?;
            expect(
                text(&o).contains("errors compared: code"),
                "level named",
                &o,
            )?;
            // Codes of its own (top-level errors, which carry a message; a generator step's
            // error inside an output stays part of the output): exact and code fail, reject
            // passes.
            let renamed = sh(
                r#"$POLYID conform-serve | sed 's/"error":"[A-Z_0-9]*","id":\("[^"]*"\),"message"/"error":"E_OWN","id":\1,"message"/'"#,
            );
            let renamed: Vec<&str> = renamed.iter().map(String::as_str).collect();
            let o = conform(&["--errors", "code"], &renamed);
            expect(o.status.code() == Some(1), "code level: exit 1", &o)?;
            let o = conform(&["--errors", "reject", "--json"], &renamed);
            let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap_or_default();
            expect(
                report["errors"] == "reject" && report["failed"] == 0 && report["passed"] == n,
                "reject level: every case passes",
                &o,
            )?;
            // An error where an output is expected fails at every level.
            let all_errors = sh(r#"while read -r l; do echo '{"error": "E_OWN"}'; done"#);
            let all_errors: Vec<&str> = all_errors.iter().map(String::as_str).collect();
            let o = conform(&["--errors", "reject", "--json"], &all_errors);
            let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap_or_default();
            expect(
                report["failed"].as_u64() > Some(0),
                "outputs still compared",
                &o,
            )?;
            let o = conform(&["--errors", "loose"], &all_errors);
            expect(o.status.code() == Some(2), "unknown level: usage error", &o)
        }),
        Trial::test("conform/atproto-profile", move || {
            // The reference answering as the AT Protocol reads TIDs: every case passes.
            let o = conform(&["--profile", "atproto", "--json"], &[BIN, "conform-serve"]);
            let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap_or_default();
            let rows: Vec<&str> = report["rows"]
                .as_array()
                .map(|r| r.iter().filter_map(|x| x["row"].as_str()).collect())
                .unwrap_or_default();
            expect(
                o.status.success()
                    && report["profile"] == "atproto"
                    && report["failed"] == 0
                    && rows == ["tid/tid_from_parts", "tid/tid_parse"],
                "atproto: only TID building and parsing, all passing",
                &o,
            )?;
            // polyid's own reading (the profile stripped from the requests) disagrees where the
            // AT Protocol does: negative timestamps and the display form.
            let polyid_reading = sh(r#"sed -u 's/,"profile":"atproto"//' | $POLYID conform-serve"#);
            let polyid_reading: Vec<&str> = polyid_reading.iter().map(String::as_str).collect();
            let o = conform(
                &["--profile", "atproto", "--errors", "reject"],
                &polyid_reading,
            );
            expect(o.status.code() == Some(1), "exit status 1", &o)?;
            expect(text(&o).contains("FAIL tid/"), "names the TID cases", &o)?;
            let o = conform(&["--profile", "bluesky"], &[BIN, "conform-serve"]);
            expect(
                o.status.code() == Some(2),
                "unknown profile: usage error",
                &o,
            )
        }),
        Trial::test("conform/euid-and-waddling-profiles", move || {
            // Each profile sends its ecosystem's subset; the core answering as the profile reads
            // passes every case.
            for (profile, want) in [
                (
                    "euid",
                    &[
                        "euid/euid_encode",
                        "euid/euid_parse",
                        "euid/euid_from_bytes",
                    ][..],
                ),
                (
                    "waddling",
                    &[
                        "wdp/compact_id",
                        "wdp/namespace_hash",
                        "wdp/full_id",
                        "wdp/parse_full_id",
                    ][..],
                ),
            ] {
                let o = conform(&["--profile", profile, "--json"], &[BIN, "conform-serve"]);
                let report: Value = serde_json::from_slice(&o.stdout).unwrap_or_default();
                let mut rows: Vec<&str> = report["rows"]
                    .as_array()
                    .map(|r| r.iter().filter_map(|x| x["row"].as_str()).collect())
                    .unwrap_or_default();
                rows.sort();
                let mut want = want.to_vec();
                want.sort();
                expect(
                    o.status.success()
                        && report["profile"] == profile
                        && report["failed"] == 0
                        && rows == want,
                    &format!("{profile}: its rows, all passing"),
                    &o,
                )?;
            }
            // The waddling reading differs from polyid's (docs/spec §1.5): names are hashed as
            // written and nothing is validated, so polyid's own answers fail there.
            let polyid_reading =
                sh(r#"sed -u 's/,"profile":"waddling"//' | $POLYID conform-serve"#);
            let polyid_reading: Vec<&str> = polyid_reading.iter().map(String::as_str).collect();
            let o = conform(
                &["--profile", "waddling", "--errors", "reject"],
                &polyid_reading,
            );
            expect(o.status.code() == Some(1), "exit status 1", &o)?;
            // E.Auth.Token.MISSING: polyid V6a0B, waddling-errors-hash hPdQW (Python xxhash of
            // "E.AUTH.TOKEN.MISSING").
            expect(text(&o).contains("hPdQW"), "the name hashed as written", &o)
        }),
        Trial::test("conform/validator-responses", move || {
            // {"valid": true} from a validator: passes where an output is expected, fails where
            // an error is; the report counts the cases checked on acceptance only.
            let cmd = sh(r#"while read -r l; do echo '{"valid": true}'; done"#);
            let cmd: Vec<&str> = cmd.iter().map(String::as_str).collect();
            let o = conform(&["--profile", "atproto", "--json"], &cmd);
            let r: Value = serde_json::from_slice(&o.stdout).unwrap_or_default();
            let expected_outputs = {
                let o = conform(&["--profile", "atproto", "--json"], &[BIN, "conform-serve"]);
                let all: Value = serde_json::from_slice(&o.stdout).unwrap_or_default();
                all["passed"].as_u64().unwrap_or(0)
            };
            expect(
                o.status.code() == Some(1)
                    && r["accepted_only"].as_u64().is_some_and(|n| n > 0)
                    && r["passed"] == r["accepted_only"]
                    && r["passed"].as_u64().unwrap_or(0) + r["failed"].as_u64().unwrap_or(0)
                        == expected_outputs,
                "acceptance passes outputs, fails errors",
                &o,
            )?;
            let cmd = sh(r#"while read -r l; do echo '{"valid": false}'; done"#);
            let cmd: Vec<&str> = cmd.iter().map(String::as_str).collect();
            let o = conform(&["--profile", "atproto"], &cmd);
            expect(
                text(&o).contains("\"valid\" must be true"),
                "valid: false is malformed",
                &o,
            )
        }),
        Trial::test("conform/readme-minimal-adapter", || {
            // tests/vectors/README.md, "Writing an adapter in any language in under 50 lines":
            // the block is the file, under 50 lines, and passes every uid11 encode and decode
            // case at the exact level (counted here from the vector file).
            let readme = std::fs::read_to_string(root().join("tests/vectors/README.md")).unwrap();
            let section = readme
                .split("### Writing an adapter in any language in under 50 lines")
                .nth(1)
                .unwrap_or_default();
            let block = section
                .split("```python\n")
                .nth(1)
                .and_then(|b| b.split("```").next())
                .unwrap_or_default();
            let file = "interop/minimal-python/adapter.py";
            let source = std::fs::read_to_string(root().join(file)).unwrap();
            if block != source || source.lines().count() >= 50 {
                return Err(
                    format!("the README block differs from {file} or is 50 lines or more").into(),
                );
            }
            let doc: Value = serde_json::from_str(
                &std::fs::read_to_string(root().join("tests/vectors/uid11.json")).unwrap(),
            )
            .unwrap();
            let uid11 = doc["cases"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|c| c["op"] == "uid11_encode" || c["op"] == "uid11_decode")
                .count();
            let o = conform(&["--json"], &["python3", file]);
            let r: Value = serde_json::from_slice(&o.stdout).unwrap_or_default();
            expect(
                o.status.success()
                    && r["passed"] == uid11
                    && r["failed"] == 0
                    && r["code_only"] == 0,
                &format!("{uid11} uid11 cases passed with details, the rest skipped"),
                &o,
            )
        }),
        Trial::test("conform/skips-are-counted-not-failed", move || {
            let cmd = sh(r#"while read -r l; do echo '{"skip": "not here"}'; done"#);
            let o = conform(&[], &cmd.iter().map(String::as_str).collect::<Vec<_>>());
            expect(o.status.success(), "exit 0", &o)?;
            expect(text(&o).contains(&format!("{n} skipped")), "skip count", &o)?;
            expect(text(&o).contains("SKIP catalog/"), "skipped by name", &o)?;
            expect(last_line(&o) == "0 passed, 0 failed", "summary", &o)
        }),
        Trial::test("conform/silent-implementation-is-a-protocol-error", || {
            let cmd = sh("cat > /dev/null");
            let o = conform(&[], &cmd.iter().map(String::as_str).collect::<Vec<_>>());
            expect(o.status.code() == Some(3), "exit status 3", &o)?;
            expect(
                text(&o).contains("closed its stdout after 0 of"),
                "says why",
                &o,
            )
        }),
        Trial::test("conform/non-json-is-a-protocol-error", || {
            let cmd = sh("while read -r l; do echo hello; done");
            let o = conform(&[], &cmd.iter().map(String::as_str).collect::<Vec<_>>());
            expect(o.status.code() == Some(3), "exit status 3", &o)?;
            expect(text(&o).contains("is not JSON"), "says why", &o)
        }),
        Trial::test("conform/extra-responses-are-a-protocol-error", || {
            let cmd = sh(r#"$POLYID conform-serve; echo '{"output": 1}'"#);
            let o = conform(&[], &cmd.iter().map(String::as_str).collect::<Vec<_>>());
            expect(o.status.code() == Some(3), "exit status 3", &o)?;
            expect(
                text(&o).contains("more responses than requests"),
                "says why",
                &o,
            )
        }),
        Trial::test("conform/crash-is-a-protocol-error", || {
            let cmd = sh("head -n 3 | $POLYID conform-serve; exit 7");
            let o = conform(&[], &cmd.iter().map(String::as_str).collect::<Vec<_>>());
            expect(o.status.code() == Some(3), "exit status 3", &o)?;
            expect(text(&o).contains("after 3 of"), "says how far it got", &o)
        }),
        Trial::test(
            "conform/a-response-line-too-long-is-a-protocol-error",
            || {
                // 3 MB on one line: read with a bound (1 MiB) and refused, the rest not held.
                let cmd = sh("read -r l; head -c 3000000 /dev/zero | tr '\\0' x; echo");
                let o = conform(
                    &["--timeout", "20"],
                    &cmd.iter().map(String::as_str).collect::<Vec<_>>(),
                );
                expect(o.status.code() == Some(3), "exit status 3", &o)?;
                expect(
                text(&o).contains(
                    "its line 1 is 3000000 bytes, longer than the 1048576 bytes a response may have",
                ),
                "says why",
                &o,
            )?;
                expect(text(&o).len() < 20_000, "a bounded report", &o)?;
                // After the last response, too.
                let cmd = sh("$POLYID conform-serve; head -c 2000000 /dev/zero | tr '\\0' x");
                let o = conform(&[], &cmd.iter().map(String::as_str).collect::<Vec<_>>());
                expect(o.status.code() == Some(3), "exit status 3", &o)?;
                expect(
                    text(&o).contains("is 2000000 bytes, longer than the 1048576 bytes"),
                    "says why",
                    &o,
                )
            },
        ),
        Trial::test("conform/responses-are-shown-bounded-on-one-line", || {
            // Long wrong answers and skip reasons with line breaks: each failure and skip is
            // one line of the report, its response cut.
            let cmd = sh(r#"big=$(head -c 20000 /dev/zero | tr '\0' x); n=0
                while read -r l; do n=$((n+1))
                  if [ $((n % 2)) = 0 ]; then printf '{"output": "%s"}\n' "$big"
                  else printf '%s\n' '{"skip": "a\nerror[OK]: forged\r"}'; fi
                done"#);
            let o = conform(
                &["--verbose"],
                &cmd.iter().map(String::as_str).collect::<Vec<_>>(),
            );
            expect(o.status.code() == Some(1), "exit status 1", &o)?;
            let report = text(&o);
            expect(
                !report
                    .split(['\n', '\r'])
                    .any(|l| l.starts_with("error[OK]")),
                "no forged line",
                &o,
            )?;
            expect(report.contains(r"SKIP "), "skips listed", &o)?;
            expect(
                report.contains(r#": a\nerror[OK]: forged\r"#),
                "escaped",
                &o,
            )?;
            let fails: Vec<&str> = report.lines().filter(|l| l.starts_with("FAIL ")).collect();
            expect(!fails.is_empty(), "failures listed", &o)?;
            expect(
                fails
                    .iter()
                    .all(|l| l.len() < 2000 && l.ends_with("... (20013 bytes)")),
                "each failure's response cut, with its length",
                &o,
            )
        }),
        Trial::test("conform/timeout", || {
            let cmd = sh("exec sleep 5");
            let o = conform(
                &["--timeout", "1"],
                &cmd.iter().map(String::as_str).collect::<Vec<_>>(),
            );
            expect(o.status.code() == Some(3), "exit status 3", &o)?;
            expect(text(&o).contains("no response within 1s"), "says why", &o)
        }),
        Trial::test("conform/missing-command", || {
            let o = conform(&["--json"], &["/nonexistent/adapter"]);
            expect(o.status.code() == Some(3), "exit status 3", &o)?;
            let e: Value = serde_json::from_slice(&o.stderr).map_err(|e| e.to_string())?;
            expect(e["error"]["code"] == "IO_ERROR", "IO_ERROR on stderr", &o)
        }),
        Trial::test("conform/bad-vectors-dir", || {
            let o = conform(&["--vectors", "/nonexistent"], &[BIN, "conform-serve"]);
            expect(o.status.code() == Some(2), "exit status 2", &o)?;
            let err = String::from_utf8_lossy(&o.stderr);
            expect(err.contains("error[INVALID_ARGUMENT]"), "usage error", &o)
        }),
        Trial::test("conform/no-command", || {
            let o = Command::new(BIN).arg("conform").output().unwrap();
            expect(o.status.code() == Some(2), "exit status 2", &o)
        }),
        Trial::test("conform-serve/bad-requests", || {
            let mut child = Command::new(BIN)
                .arg("conform-serve")
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .spawn()
                .unwrap();
            {
                use std::io::Write;
                let mut i = child.stdin.take().unwrap();
                writeln!(i, "not json").unwrap();
                writeln!(i, r#"{{"id": 7, "op": "frobnicate", "input": {{}}}}"#).unwrap();
                writeln!(i, r#"{{"op": "compact_id", "input": {{}}}}"#).unwrap();
                writeln!(i).unwrap();
                writeln!(
                    i,
                    r#"{{"op": "compact_id", "input": {{"code": "E.A.B.001"}}}}"#
                )
                .unwrap();
                writeln!(i, r#"{{"op": "uid11_encode", "input": {{"value": "-1"}}}}"#).unwrap();
            }
            let o = child.wait_with_output().unwrap();
            let lines: Vec<Value> = text(&o)
                .lines()
                .map(|l| serde_json::from_str(l).unwrap())
                .collect();
            let ok = lines.len() == 5
                && lines[0]["error"] == "INVALID_ARGUMENT"
                && lines[1]["skip"].is_string()
                && lines[1]["id"] == 7
                && lines[2]["error"] == "INVALID_ARGUMENT"
                && lines[3]["output"] == "l3i4I" // docs/spec §1.2
                && lines[4]["error"] == "OUT_OF_RANGE";
            expect(ok && o.status.success(), "responses", &o)
        }),
    ];
    let python_trial = Trial::test("conform/python-package", move || {
        let py = python();
        let o = conform(&["--name", "python"], &[&py, "cli/tests/conform_python.py"]);
        all_pass(&o, n)?;
        // The Python binding exposes error details: no case is checked on the code only.
        expect(!text(&o).contains("code only"), "details compared", &o)?;
        // Its profile= option reads every profile's cases as the core does.
        for profile in ["atproto", "euid", "waddling"] {
            let o = conform(
                &["--profile", profile, "--json"],
                &[&py, "cli/tests/conform_python.py"],
            );
            let r: Value = serde_json::from_slice(&o.stdout).unwrap_or_default();
            expect(
                o.status.success()
                    && r["failed"] == 0
                    && r["skipped"] == 0
                    && r["code_only"] == 0
                    && r["passed"].as_u64().is_some_and(|n| n > 0),
                &format!("python: every {profile} case passed with details"),
                &o,
            )?;
        }
        Ok(())
    });
    match python_unavailable() {
        None => trials.push(python_trial),
        Some(reason) => {
            eprintln!("conform/python-package: skipped: {reason}");
            trials.push(python_trial.with_ignored_flag(true));
        }
    }
    libtest_mimic::run(&args, trials).exit();
}
