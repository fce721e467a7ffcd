//! Failures of the CLI: a core error (with its stable code and facts), a malformed command
//! line, or an I/O problem; how each is shown (text or JSON) and the exit status it leads to.

use std::borrow::Cow;
use std::io::{self, Write};

use polyid::{quote, Detail, Error};
use serde_json::{json, Map, Value};

/// Everything worked.
pub const EXIT_OK: u8 = 0;
/// An input (an argument, a line of stdin or an option's value) was rejected by the core,
/// or `conform` found at least one case the implementation got wrong.
pub const EXIT_REJECTED: u8 = 1;
/// The command line itself is malformed (unknown option, missing argument, a number or
/// time that does not parse).
pub const EXIT_USAGE: u8 = 2;
/// `conform`: the implementation could not be started or broke the protocol (exited early,
/// wrote a line that is not JSON, did not answer within the timeout).
pub const EXIT_PROTOCOL: u8 = 3;

/// The code of a malformed command line (a code shared by every runtime).
pub const INVALID_ARGUMENT: &str = "INVALID_ARGUMENT";
/// The code of an I/O failure (CLI only: no runtime of the core reads files).
pub const IO_ERROR: &str = "IO_ERROR";

/// An input as a failure quotes it: the core's excerpt of it (its first
/// [`polyid::error::EXCERPT_CHARS`] characters) and its whole length in bytes, so that no
/// input can grow a message or, its control characters escaped, start a line of its own.
#[derive(Clone, Debug)]
pub struct Quoted {
    head: String,
    len: usize,
    cut: bool,
}

impl Quoted {
    /// The quotation of a whole input.
    pub fn of(text: &str) -> Quoted {
        let e = quote(text);
        Quoted {
            head: e.head().to_owned(),
            len: e.input_len(),
            cut: e.is_cut(),
        }
    }

    /// The quotation of an input of `len` bytes of which only `start` was kept (a line too
    /// long to hold, or one that is not UTF-8: its invalid bytes shown as U+FFFD).
    pub fn of_bytes(start: &[u8], len: usize) -> Quoted {
        // Four bytes per kept character at most: enough to fill the excerpt.
        let kept = &start[..start.len().min(4 * polyid::error::EXCERPT_CHARS)];
        let e = quote(&String::from_utf8_lossy(kept));
        let head = e.head().to_owned();
        let cut = e.is_cut() || kept.len() < len;
        Quoted { head, len, cut }
    }

    /// The kept characters (all of the input when it was short).
    pub fn head(&self) -> &str {
        &self.head
    }

    /// The input's length in bytes, when characters were left out.
    pub fn cut_len(&self) -> Option<usize> {
        self.cut.then_some(self.len)
    }
}

/// The core's quotation (`"head"`, then `... (N bytes)` when cut).
impl std::fmt::Display for Quoted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", quote(&self.head))?;
        if self.cut {
            write!(f, "... ({} bytes)", self.len)?;
        }
        Ok(())
    }
}

/// A failure, ready to be shown.
#[derive(Debug)]
pub struct Failure {
    /// The stable SCREAMING_SNAKE code.
    pub code: String,
    /// What was wrong and where. Every value a user gave is quoted in it (bounded, escaped).
    pub message: String,
    /// The input it concerns, when there is one.
    pub input: Option<Quoted>,
    /// The facts (index, character, found, expected, min, max), as the core gives them.
    pub detail: Map<String, Value>,
    /// Exit status this failure leads to.
    pub exit: u8,
    /// The reader of stdout went away (EPIPE): stop quietly with status 0, like `head`'s
    /// writers do.
    pub broken_pipe: bool,
}

/// An integer as JSON: a number up to 2^53, a decimal string beyond (the vectors' rule).
pub fn int_json(v: i128) -> Value {
    const SAFE: i128 = (1 << 53) - 1;
    if (-SAFE..=SAFE).contains(&v) {
        Value::from(v as i64)
    } else {
        Value::from(v.to_string())
    }
}

/// The facts of a core error as JSON fields (type translation only).
pub fn detail_json(e: &Error) -> Map<String, Value> {
    let mut d = Map::new();
    if let Some(i) = e.index() {
        d.insert("index".into(), i.into());
    }
    if let Some(c) = e.offending_char() {
        d.insert("character".into(), c.to_string().into());
    }
    if let Some((found, expected)) = e.found_expected() {
        d.insert("found".into(), found.into());
        d.insert("expected".into(), expected.into());
    }
    if let Detail::Range { found, min, max } = e.detail() {
        d.insert("found".into(), int_json(*found));
        d.insert("min".into(), int_json(*min));
        d.insert("max".into(), int_json(*max));
    }
    d
}

impl Failure {
    /// A core error about `input`.
    pub fn core(e: &Error, input: Option<&str>) -> Failure {
        Failure {
            code: e.code().as_str().to_owned(),
            message: bounded(e.to_string()),
            input: input.map(Quoted::of),
            detail: detail_json(e),
            exit: EXIT_REJECTED,
            broken_pipe: false,
        }
    }

    /// A malformed command line.
    pub fn usage(message: impl Into<String>) -> Failure {
        Failure {
            code: INVALID_ARGUMENT.to_owned(),
            message: message.into(),
            input: None,
            detail: Map::new(),
            exit: EXIT_USAGE,
            broken_pipe: false,
        }
    }

    /// Any other failure with an explicit code and exit status.
    pub fn other(code: &str, message: impl Into<String>, exit: u8) -> Failure {
        Failure {
            code: code.to_owned(),
            message: message.into(),
            input: None,
            detail: Map::new(),
            exit,
            broken_pipe: false,
        }
    }

    /// The failure about `input` (already quoted).
    pub fn with_input(mut self, input: Quoted) -> Failure {
        self.input = Some(input);
        self
    }

    /// The failure as a JSON object: `{"code", "message", "input"?, "input_len"?, facts...}`.
    /// `input` is the quotation's kept characters: the whole input when it is short, else its
    /// start, and then `input_len` is the whole input's length in bytes.
    pub fn to_json(&self) -> Value {
        let mut o = Map::new();
        o.insert("code".into(), self.code.clone().into());
        o.insert("message".into(), self.message.clone().into());
        if let Some(input) = &self.input {
            o.insert("input".into(), input.head().into());
            if let Some(len) = input.cut_len() {
                o.insert("input_len".into(), len.into());
            }
        }
        for (k, v) in &self.detail {
            o.insert(k.clone(), v.clone());
        }
        Value::Object(o)
    }

    /// The failure as one human line: `error[CODE]: "input": message`, the input quoted.
    pub fn to_text(&self) -> String {
        let message = one_line(&self.message);
        match &self.input {
            Some(input) => format!("error[{}]: {input}: {message}", self.code),
            None => format!("error[{}]: {message}", self.code),
        }
    }

    /// Writes the failure to stderr (`{"error": {...}}` with `--json`).
    pub fn report(&self, json: bool) {
        let mut err = io::stderr().lock();
        let _ = if json {
            writeln!(err, "{}", json!({ "error": self.to_json() }))
        } else {
            writeln!(err, "polyid: {}", self.to_text())
        };
    }
}

/// The most characters of a core message shown: more than any message of the core has (its
/// quotations and lists are bounded), so that one that is not cannot flood a terminal or a log.
const MAX_MESSAGE_CHARS: usize = 4096;

/// `message`, cut after [`MAX_MESSAGE_CHARS`] characters with its length.
fn bounded(mut message: String) -> String {
    if let Some((end, _)) = message.char_indices().nth(MAX_MESSAGE_CHARS) {
        let len = message.len();
        message.truncate(end);
        message.push_str(&format!("... ({len} bytes)"));
    }
    message
}

/// `n` and the noun that agrees with it: `1 entry`, `2 entries`.
pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `text` with its control characters escaped as Rust escapes them (`\n`, `\u{1b}`): messages
/// quote every input, and this keeps a failure on one line even where one was missed.
pub fn one_line(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .map(|c| {
                if c.is_control() {
                    c.escape_debug().to_string()
                } else {
                    c.to_string()
                }
            })
            .collect(),
    )
}

impl From<Error> for Failure {
    fn from(e: Error) -> Failure {
        Failure::core(&e, None)
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        let mut f = Failure::other(IO_ERROR, e.to_string(), EXIT_REJECTED);
        f.broken_pipe = e.kind() == io::ErrorKind::BrokenPipe;
        f
    }
}

/// Result of the CLI's functions: the exit status, or a failure that ends the command.
pub type CliResult = Result<u8, Failure>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotations_are_the_cores() {
        let long = "é".repeat(100);
        assert_eq!(Quoted::of(&long).to_string(), quote(&long).to_string());
        assert_eq!(Quoted::of("a\nb").to_string(), "\"a\\nb\"");
        assert_eq!(Quoted::of("a\nb").cut_len(), None);
        // A kept start of a longer input: cut, with the whole length.
        let q = Quoted::of_bytes(b"AB\r", 1000);
        assert_eq!(q.to_string(), "\"AB\\r\"... (1000 bytes)");
        assert_eq!((q.head(), q.cut_len()), ("AB\r", Some(1000)));
        // Bytes that are not UTF-8 are shown as U+FFFD; a whole short line is not cut.
        let q = Quoted::of_bytes(b"x\xff", 2);
        assert_eq!((q.head(), q.cut_len()), ("x\u{fffd}", None));
        let start = vec![b'A'; 5000];
        let q = Quoted::of_bytes(&start, 5000);
        assert_eq!(q.head().len(), polyid::error::EXCERPT_CHARS);
        assert_eq!(q.cut_len(), Some(5000));
    }

    #[test]
    fn a_failure_is_one_line_whatever_its_message() {
        let f = Failure::usage("a\nb\r\u{1b}[2J").with_input(Quoted::of("x\ny"));
        assert_eq!(
            f.to_text(),
            r#"error[INVALID_ARGUMENT]: "x\ny": a\nb\r\u{1b}[2J"#
        );
        let long = "m".repeat(MAX_MESSAGE_CHARS + 10);
        assert_eq!(
            bounded(long.clone()),
            format!("{}... ({} bytes)", &long[..MAX_MESSAGE_CHARS], long.len())
        );
        assert_eq!(bounded("short".into()), "short");
        let j = Failure::usage("m")
            .with_input(Quoted::of(&"A".repeat(100)))
            .to_json();
        assert_eq!(j["input"], "A".repeat(64));
        assert_eq!(j["input_len"], 100);
        let j = Failure::usage("m").with_input(Quoted::of("A")).to_json();
        assert_eq!(j.get("input_len"), None);
    }

    #[test]
    fn counts_agree_with_nouns() {
        assert_eq!(plural(1, "entry", "entries"), "1 entry");
        assert_eq!(plural(0, "entry", "entries"), "0 entries");
        assert_eq!(plural(2, "case was", "cases were"), "2 cases were");
    }
}
