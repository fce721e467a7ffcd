//! `polyid conform -- COMMAND...`: runs every shared vector case against another
//! implementation through the line protocol of tests/vectors/README.md ("Conformance
//! protocol") and prints its matrix row.
//!
//! A case passes with the same semantics as the core's vector tests
//! (core/tests/support/mod.rs `check_case`): the output equals `output` (JSON equality), or the
//! error code equals `error` and, where the response carries `detail`, every key of the case's
//! `detail` has the same value there.

use std::collections::BTreeMap;
use std::io::{BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use polyid::{quote, Profile};
use serde_json::{json, Map, Value};

use crate::fail::{
    one_line, plural, CliResult, Failure, Quoted, EXIT_OK, EXIT_PROTOCOL, EXIT_REJECTED, IO_ERROR,
};
use crate::stream::{BoundedLines, Line, Out, PROTOCOL_LINES};

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/vectors.rs"));
}

const EXAMPLES: &str = "\
Examples:
  $ polyid conform -- python3 cli/tests/conform_python.py
  $ polyid conform --name my-service -- ./my-adapter --flag
  $ polyid conform --vectors tests/vectors --json -- node adapter.js > report.json
  $ polyid conform --profile waddling --errors reject -- ./waddling-adapter

The implementation reads one JSON request per line on stdin and writes one JSON response
per line on stdout, in order:
  -> {\"id\": \"tid/spec-zero\", \"op\": \"tid_from_parts\", \"input\": {\"micros\": \"0\", \"clock_id\": 0}}
  <- {\"output\": {\"text\": \"2222222222222\", ...}}
  <- {\"error\": \"INVALID_CHARACTER\", \"message\": \"...\", \"detail\": {\"index\": 1, \"character\": \"K\"}}
  <- {\"valid\": true}   (a validator that accepts the input without computing the result)
  <- {\"skip\": \"why this implementation cannot run the op\"}
The full protocol is in tests/vectors/README.md (\"Conformance protocol\").
Exit status: 0 every case passed (skips allowed); 1 a case failed; 3 the implementation
could not be started or broke the protocol.";

#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// Read the vector files (*.json) from this directory instead of the ones built in
    #[arg(long, value_name = "DIR")]
    vectors: Option<PathBuf>,

    /// Seconds to wait for each response
    #[arg(long, value_name = "SECONDS", default_value_t = 30)]
    timeout: u64,

    /// Name of the implementation in the report (default: the command)
    #[arg(long)]
    name: Option<String>,

    /// List every failing case (default: the first 50)
    #[arg(long, short = 'v')]
    verbose: bool,

    /// How errors are compared: exact (code and detail), code (code only), reject (any error
    /// for a case that expects one). Outputs are always compared exactly.
    #[arg(long, value_name = "LEVEL", default_value = "exact")]
    errors: String,

    /// Read the vectors as another ecosystem does: polyid (all of them, as written), atproto
    /// (TIDs as the AT Protocol defines them, docs/spec §3.5), euid (EUID text, bytes and
    /// encoding as the euid crate has them, docs/spec §4.4) or waddling (WDP hashes and full IDs
    /// as waddling-errors-hash computes and reads them, docs/spec §1.5)
    #[arg(long, value_name = "PROFILE", default_value = "polyid")]
    profile: String,

    /// The implementation's command and its arguments (after `--`)
    #[arg(last = true, required = true, value_name = "COMMAND")]
    command: Vec<String>,
}

/// One vector case.
struct Case {
    key: String,
    family: String,
    op: String,
    input: Value,
    output: Option<Value>,
    error: Option<String>,
    detail: Option<Map<String, Value>>,
}

fn bad_vectors(msg: String) -> Failure {
    Failure::usage(format!("vectors: {msg}"))
}

fn parse_file(name: &str, text: &str, cases: &mut Vec<Case>) -> Result<(), Failure> {
    // Names from a user's directory and its files, quoted in messages as every input is.
    let name = quote(name);
    let doc: Value = serde_json::from_str(text).map_err(|e| bad_vectors(format!("{name}: {e}")))?;
    let family = doc["family"]
        .as_str()
        .ok_or_else(|| bad_vectors(format!("{name}: no \"family\"")))?;
    let list = doc["cases"]
        .as_array()
        .ok_or_else(|| bad_vectors(format!("{name}: no \"cases\" array")))?;
    for case in list {
        let (Some(case_name), Some(op)) = (case["name"].as_str(), case["op"].as_str()) else {
            return Err(bad_vectors(format!("{name}: a case without name or op")));
        };
        let key = format!("{family}/{case_name}");
        let output = case.get("output").cloned();
        let error = match case.get("error") {
            None => None,
            Some(Value::String(code)) => Some(code.clone()),
            Some(_) => {
                let why = format!("{}: \"error\" is not a string", quote(&key));
                return Err(bad_vectors(why));
            }
        };
        if output.is_some() == error.is_some() {
            return Err(bad_vectors(format!(
                "{key}: a case needs exactly one of output and error"
            )));
        }
        let detail = match case.get("detail") {
            None => None,
            Some(Value::Object(d)) => Some(d.clone()),
            Some(_) => {
                let why = format!("{}: \"detail\" is not an object", quote(&key));
                return Err(bad_vectors(why));
            }
        };
        cases.push(Case {
            key,
            family: family.to_owned(),
            op: op.to_owned(),
            input: case.get("input").cloned().unwrap_or(Value::Null),
            output,
            error,
            detail,
        });
    }
    Ok(())
}

/// Whether a profile sends a case: each profile is the subset of the vectors its ecosystem
/// can be asked (docs/spec §1.5, §3.5, §4.4).
fn in_profile(profile: Profile, case: &Case) -> bool {
    let input = &case.input;
    match (profile, case.family.as_str(), case.op.as_str()) {
        (Profile::Polyid, _, _) => true,
        // AT Protocol TIDs have no prefix ranges and no negative timestamps.
        (Profile::Atproto, "tid", "tid_parse") => true,
        (Profile::Atproto, "tid", "tid_from_parts") => !match input.get("micros") {
            Some(Value::String(m)) => m.starts_with('-'),
            Some(Value::Number(n)) => n.as_i64().is_some_and(|m| m < 0),
            _ => false,
        },
        // The euid crate has no public constructor from parts (it builds only from the clock).
        (Profile::Euid, "euid", op) => op != "euid_from_parts",
        // waddling-errors-hash has no normalizer or parser of codes, and no caller names.
        (
            Profile::Waddling,
            "wdp",
            "compact_id" | "namespace_hash" | "full_id" | "parse_full_id",
        ) => input.get("named_sequences").is_none(),
        _ => false,
    }
}

/// A profile's reading of the vectors: the cases it sends, each expected to answer as the
/// core reads it under that profile (`Tid::parse_as`, `Euid::parse_as`, `wdp::*_as`); ops a
/// profile reads as polyid does keep the case's own expectation.
fn profile_cases(cases: Vec<Case>, profile: Profile) -> Vec<Case> {
    if profile == Profile::Polyid {
        return cases;
    }
    let mut out = Vec::new();
    for mut case in cases.into_iter().filter(|c| in_profile(profile, c)) {
        match crate::support::run_profile(&case.op, &case.input, profile) {
            Ok(Ok(output)) => {
                case.output = Some(output);
                case.error = None;
                case.detail = None;
            }
            Ok(Err(crate::support::Failure::Polyid(e))) => {
                let mut d = Map::new();
                if let (Some(i), Some(c)) = (e.index(), e.offending_char()) {
                    d.insert("index".into(), i.into());
                    d.insert("character".into(), c.to_string().into());
                }
                if let Some((found, expected)) = e.found_expected() {
                    d.insert("found".into(), found.into());
                    d.insert("expected".into(), expected.into());
                }
                case.output = None;
                case.error = Some(e.code().as_str().to_owned());
                case.detail = (!d.is_empty()).then_some(d);
            }
            // A conversion error, or an input the core's harness cannot read: the case as
            // written (the default reading's expectation).
            Ok(Err(crate::support::Failure::Convert(_))) | Err(_) => {}
        }
        out.push(case);
    }
    out
}

/// Every case of every `*.json` file (sorted by file name), and where they came from.
fn load(dir: Option<&Path>) -> Result<(Vec<Case>, String), Failure> {
    let mut cases = Vec::new();
    let mut names = Vec::new();
    match dir {
        None => {
            if embedded::EMBEDDED.is_empty() {
                return Err(Failure::usage(
                    "no vectors were built into this polyid; give --vectors DIR",
                ));
            }
            for (name, text) in embedded::EMBEDDED {
                parse_file(name, text, &mut cases)?;
                names.push(*name);
            }
            Ok((
                cases,
                format!("vectors built into polyid ({})", names.join(", ")),
            ))
        }
        Some(dir) => {
            let entries = std::fs::read_dir(dir)
                .map_err(|e| bad_vectors(format!("{}: {e}", quote(&dir.display().to_string()))))?;
            let mut files: Vec<PathBuf> = entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .collect();
            files.sort();
            if files.is_empty() {
                return Err(bad_vectors(format!(
                    "no *.json files in {}",
                    quote(&dir.display().to_string())
                )));
            }
            for path in &files {
                let text = std::fs::read_to_string(path).map_err(|e| {
                    bad_vectors(format!("{}: {e}", quote(&path.display().to_string())))
                })?;
                parse_file(&path.display().to_string(), &text, &mut cases)?;
            }
            Ok((
                cases,
                format!(
                    "{} ({})",
                    quote(&dir.display().to_string()),
                    plural(files.len(), "file", "files")
                ),
            ))
        }
    }
}

/// How an expected error is compared with the implementation's answer.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ErrorLevel {
    /// The code, and the `detail` fields the response carries.
    Exact,
    /// The code only (an implementation with its own details, or none).
    Code,
    /// Any error: the implementation rejects what polyid rejects, in its own vocabulary.
    Reject,
}

impl ErrorLevel {
    fn parse(s: &str) -> Result<ErrorLevel, Failure> {
        match s {
            "exact" => Ok(ErrorLevel::Exact),
            "code" => Ok(ErrorLevel::Code),
            "reject" => Ok(ErrorLevel::Reject),
            other => Err(Failure::usage(format!(
                "--errors {}: expected exact, code or reject",
                quote(other)
            ))),
        }
    }

    fn name(self) -> &'static str {
        match self {
            ErrorLevel::Exact => "exact",
            ErrorLevel::Code => "code",
            ErrorLevel::Reject => "reject",
        }
    }
}

enum Verdict {
    Pass,
    /// The error code matched; the response carried no `detail` to compare.
    PassCodeOnly,
    /// A validator accepted an input that has an expected output (`{"valid": true}`).
    PassAccepted,
    Skip(String),
    Fail(String),
}

fn expected_text(case: &Case) -> String {
    match (&case.output, &case.error, &case.detail) {
        (Some(o), _, _) => format!("output {o}"),
        (_, Some(e), Some(d)) => format!("error {e} {}", Value::Object(d.clone())),
        (_, Some(e), None) => format!("error {e}"),
        _ => String::new(),
    }
}

/// Characters of a response shown in a report: enough for an error's `detail`.
const SHOWN_CHARS: usize = 256;

/// Text of the implementation as a report shows it: on one line, cut after [`SHOWN_CHARS`]
/// characters with its length, whatever it wrote.
fn shown_text(text: &str) -> String {
    let kept = match text.char_indices().nth(SHOWN_CHARS) {
        None => text,
        Some((i, _)) => &text[..i],
    };
    let mut s = one_line(kept).into_owned();
    if kept.len() < text.len() {
        s.push_str(&format!("... ({} bytes)", text.len()));
    }
    s
}

/// A response as a report shows it: its JSON, bounded (see [`shown_text`]).
fn shown(response: &Value) -> String {
    shown_text(&response.to_string())
}

/// Judges one response (see the module documentation) at error level `level`.
fn judge(case: &Case, response: &Value, level: ErrorLevel) -> Verdict {
    let line = shown(response);
    let fail = || Verdict::Fail(format!("expected {}, got {line}", expected_text(case)));
    let Some(r) = response.as_object() else {
        return Verdict::Fail(format!("response is not a JSON object: {line}"));
    };
    let keys = ["output", "error", "skip", "valid"]
        .iter()
        .filter(|k| r.contains_key(**k))
        .count();
    if keys != 1 {
        return Verdict::Fail(format!(
            "a response needs exactly one of output, error, valid, skip: {line}"
        ));
    }
    if let Some(valid) = r.get("valid") {
        // A validator accepts or rejects without computing the result: acceptance passes
        // where an output is expected and fails where an error is.
        return match (valid, &case.output) {
            (Value::Bool(true), Some(_)) => Verdict::PassAccepted,
            (Value::Bool(true), None) => fail(),
            _ => Verdict::Fail(format!("\"valid\" must be true: {line}")),
        };
    }
    if let Some(reason) = r.get("skip") {
        return Verdict::Skip(shown_text(
            &reason
                .as_str()
                .map_or_else(|| reason.to_string(), str::to_owned),
        ));
    }
    if let Some(got) = r.get("output") {
        return match &case.output {
            Some(want) if want == got => Verdict::Pass,
            _ => fail(),
        };
    }
    let Some(code) = r.get("error").and_then(Value::as_str) else {
        return Verdict::Fail(format!("\"error\" is not a string: {line}"));
    };
    if case.error.is_none() {
        return fail();
    }
    if level == ErrorLevel::Reject {
        return Verdict::Pass;
    }
    if case.error.as_deref() != Some(code) {
        return fail();
    }
    if level == ErrorLevel::Code {
        return Verdict::Pass;
    }
    let (Some(want), Some(got)) = (&case.detail, r.get("detail")) else {
        return if case.detail.is_some() {
            Verdict::PassCodeOnly
        } else {
            Verdict::Pass
        };
    };
    let Some(got) = got.as_object() else {
        return Verdict::Fail(format!("\"detail\" is not an object: {line}"));
    };
    for (key, value) in want {
        if got.get(key).unwrap_or(&Value::Null) != value {
            return fail();
        }
    }
    Verdict::Pass
}

/// Per (family, op): passed, failed, skipped — in the order the ops first appear.
#[derive(Default)]
struct Row {
    passed: usize,
    failed: usize,
    skipped: usize,
}

impl Row {
    fn cell(&self) -> String {
        let total = self.passed + self.failed + self.skipped;
        let mut c = format!("{}/{total}", self.passed);
        if self.skipped > 0 {
            c.push_str(&format!(" ({} skip)", self.skipped));
        }
        if self.failed > 0 {
            c.push_str(" FAIL");
        }
        c
    }
}

/// Waits for the child up to `limit`, then kills it (it is ours: we started it).
fn finish(child: &mut Child, limit: Duration) -> Option<std::process::ExitStatus> {
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(status),
            Ok(None) if start.elapsed() < limit => thread::sleep(Duration::from_millis(10)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return None;
            }
        }
    }
}

pub fn run(a: &Args, json: bool) -> CliResult {
    let level = ErrorLevel::parse(&a.errors)?;
    let (cases, source) = load(a.vectors.as_deref())?;
    let chosen = Profile::parse(&a.profile).map_err(|_| {
        Failure::usage(format!(
            "--profile {}: expected polyid, atproto, euid or waddling",
            quote(&a.profile)
        ))
    })?;
    let cases = profile_cases(cases, chosen);
    let profile = a.profile.clone();
    let name = shown_text(&a.name.clone().unwrap_or_else(|| a.command.join(" ")));
    let timeout = Duration::from_secs(a.timeout.max(1));
    let mut child = Command::new(&a.command[0])
        .args(&a.command[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| {
            Failure::other(
                IO_ERROR,
                format!("cannot start {}: {e}", quote(&a.command[0])),
                EXIT_PROTOCOL,
            )
        })?;

    // Requests are written by one thread and responses read by another, so an
    // implementation may answer line by line or only after reading everything.
    let requests: Vec<String> = cases
        .iter()
        .map(|c| {
            let mut r = json!({"id": c.key, "op": c.op, "input": c.input});
            if profile != "polyid" {
                r["profile"] = Value::from(profile.as_str());
            }
            r.to_string()
        })
        .collect();
    let stdin = child.stdin.take().expect("piped stdin");
    let writer = thread::spawn(move || {
        let mut w = BufWriter::new(stdin);
        for r in requests {
            if writeln!(w, "{r}").is_err() {
                return; // the implementation stopped reading; the reader reports it
            }
        }
        let _ = w.flush();
        // Dropping `w` closes stdin: end of requests.
    });
    let stdout = child.stdout.take().expect("piped stdout");
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        // Responses are read with a bound: an implementation writing a line without end is a
        // protocol error, not a process that grows until it is killed.
        let mut lines = BoundedLines::new(BufReader::new(stdout), PROTOCOL_LINES.max);
        loop {
            let line = match lines.next_line() {
                Ok(None) => return,
                Ok(Some((_, Line::Text(text)))) => String::from_utf8(text.to_vec())
                    .map_err(|e| format!("a response is not UTF-8 ({})", e.utf8_error())),
                Ok(Some((number, Line::TooLong { start, len }))) => Err(format!(
                    "its line {number} is {len} bytes, longer than the {} bytes a response may \
                     have ({}): {}",
                    PROTOCOL_LINES.max,
                    PROTOCOL_LINES.why,
                    Quoted::of_bytes(start, len)
                )),
                Err(e) => Err(format!("reading its stdout failed: {e}")),
            };
            let stop = line.is_err();
            if tx.send(line).is_err() || stop {
                return;
            }
        }
    });
    let next_line = |answered: usize| -> Result<String, String> {
        loop {
            return match rx.recv_timeout(timeout) {
                Ok(Ok(line)) if line.trim().is_empty() => continue,
                Ok(Ok(line)) => Ok(line),
                Ok(Err(why)) => Err(why),
                Err(RecvTimeoutError::Timeout) => Err(format!(
                    "no response within {}s after {}",
                    timeout.as_secs(),
                    plural(answered, "response", "responses")
                )),
                Err(RecvTimeoutError::Disconnected) => Err(format!(
                    "it closed its stdout after {answered} of {}",
                    plural(cases.len(), "response", "responses")
                )),
            };
        }
    };

    let mut rows: Vec<((String, String), Row)> = Vec::new();
    let mut row_index: BTreeMap<(String, String), usize> = BTreeMap::new();
    let mut failures: Vec<Value> = Vec::new();
    let mut skips: Vec<Value> = Vec::new();
    let mut code_only = 0usize;
    let mut accepted_only = 0usize;
    let mut protocol: Option<String> = None;
    for (i, case) in cases.iter().enumerate() {
        let key = (case.family.clone(), case.op.clone());
        let idx = *row_index.entry(key.clone()).or_insert_with(|| {
            rows.push((key, Row::default()));
            rows.len() - 1
        });
        let verdict = if protocol.is_some() {
            Verdict::Fail("not answered (protocol error)".into())
        } else {
            match next_line(i) {
                Ok(line) => match serde_json::from_str::<Value>(&line) {
                    Ok(response) => judge(case, &response, level),
                    Err(e) => {
                        protocol = Some(format!(
                            "response {} is not JSON ({e}): {}",
                            i + 1,
                            quote(&line)
                        ));
                        Verdict::Fail("response is not JSON".into())
                    }
                },
                Err(msg) => {
                    protocol = Some(msg);
                    Verdict::Fail("not answered (protocol error)".into())
                }
            }
        };
        let row = &mut rows[idx].1;
        match verdict {
            Verdict::Pass => row.passed += 1,
            Verdict::PassCodeOnly => {
                row.passed += 1;
                code_only += 1;
            }
            Verdict::PassAccepted => {
                row.passed += 1;
                accepted_only += 1;
            }
            Verdict::Skip(reason) => {
                row.skipped += 1;
                skips.push(json!({"case": case.key, "op": case.op, "reason": reason}));
            }
            Verdict::Fail(why) => {
                row.failed += 1;
                failures.push(json!({"case": case.key, "op": case.op, "why": why}));
            }
        }
    }
    if protocol.is_none() {
        // Anything after the last response is a protocol error too.
        match rx.recv_timeout(timeout) {
            Ok(Ok(line)) if !line.trim().is_empty() => {
                protocol = Some(format!(
                    "more responses than requests ({}), e.g. {}",
                    plural(cases.len(), "request", "requests"),
                    quote(&line)
                ))
            }
            Ok(Err(why)) => protocol = Some(why),
            Err(RecvTimeoutError::Timeout) => {
                protocol = Some(format!(
                    "it did not close its stdout within {}s after the last response",
                    timeout.as_secs()
                ))
            }
            _ => {}
        }
    }
    let status = finish(&mut child, timeout);
    if protocol.is_none() {
        // Otherwise the writer may still be blocked on a pipe held open by a grandchild of
        // the implementation; it ends with this process.
        let _ = writer.join();
    }
    if protocol.is_none() {
        match status {
            Some(s) if s.success() => {}
            Some(s) => protocol = Some(format!("it exited with {s}")),
            None => protocol = Some(format!("it did not exit within {}s", timeout.as_secs())),
        }
    }

    let passed: usize = rows.iter().map(|r| r.1.passed).sum();
    let failed: usize = rows.iter().map(|r| r.1.failed).sum();
    let skipped: usize = rows.iter().map(|r| r.1.skipped).sum();
    let mut out = Out::new();
    if json {
        let rows: Vec<Value> = rows
            .iter()
            .map(|((f, op), r)| {
                json!({"row": format!("{f}/{op}"), "cell": r.cell(), "passed": r.passed,
                       "failed": r.failed, "skipped": r.skipped,
                       "total": r.passed + r.failed + r.skipped})
            })
            .collect();
        out.json(&json!({
            "implementation": name, "vectors": source, "cases": cases.len(),
            "errors": level.name(), "profile": a.profile,
            "rows": rows, "passed": passed, "failed": failed, "skipped": skipped,
            "code_only": code_only, "accepted_only": accepted_only, "protocol_error": protocol, "failures": failures, "skips": skips,
        }))?;
    } else {
        out.text(&format!(
            "conform: {name}: {} from {source}; errors compared: {}{}",
            plural(cases.len(), "case", "cases"),
            level.name(),
            if a.profile == "polyid" {
                String::new()
            } else {
                format!("; profile: {}", a.profile)
            }
        ))?;
        let mut table = vec![("family/op".to_owned(), name.clone())];
        table.extend(
            rows.iter()
                .map(|((f, op), r)| (one_line(&format!("{f}/{op}")).into_owned(), r.cell())),
        );
        let width = table.iter().map(|r| r.0.len()).max().unwrap_or(0);
        for (label, cell) in &table {
            out.text(&format!("{label:<width$}  {cell}"))?;
        }
        let shown = if a.verbose { usize::MAX } else { 50 };
        for s in skips.iter().take(shown) {
            out.text(&format!(
                "SKIP {} ({}): {}",
                one_line(s["case"].as_str().unwrap_or_default()),
                one_line(s["op"].as_str().unwrap_or_default()),
                s["reason"].as_str().unwrap_or_default()
            ))?;
        }
        if skips.len() > shown {
            out.text(&format!(
                "... {} more skips (--verbose lists them all)",
                skips.len() - shown
            ))?;
        }
        for f in failures.iter().take(shown) {
            out.text(&format!(
                "FAIL {} ({}): {}",
                one_line(f["case"].as_str().unwrap_or_default()),
                one_line(f["op"].as_str().unwrap_or_default()),
                f["why"].as_str().unwrap_or_default()
            ))?;
        }
        if failures.len() > shown {
            out.text(&format!(
                "... {} more failures (--verbose lists them all)",
                failures.len() - shown
            ))?;
        }
        if let Some(p) = &protocol {
            out.text(&format!("PROTOCOL ERROR: {name}: {p}"))?;
        }
        if code_only > 0 {
            out.text(&format!(
                "note: {} checked on the code only (the responses carried no \"detail\")",
                plural(code_only, "error case was", "error cases were")
            ))?;
        }
        if accepted_only > 0 {
            out.text(&format!(
                "note: {} with an expected output checked on acceptance only (the responses \
                 were {{\"valid\": true}})",
                plural(accepted_only, "case was", "cases were")
            ))?;
        }
        if skipped > 0 {
            out.text(&format!("{skipped} skipped"))?;
        }
        out.text(&format!("{passed} passed, {failed} failed"))?;
    }
    out.flush()?;
    Ok(if protocol.is_some() {
        EXIT_PROTOCOL
    } else if failed > 0 {
        EXIT_REJECTED
    } else {
        EXIT_OK
    })
}
