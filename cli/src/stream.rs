//! Buffered, locked stdout (with a closed pipe ending the command quietly) and the inputs of
//! the batch commands: the arguments, or the lines of stdin.

use std::io::{self, BufRead, BufWriter, StdoutLock, Write};

use serde_json::Value;

use crate::fail::{Failure, EXIT_REJECTED};

/// stdout, locked once and buffered: millions of lines cost one `write` per 64 KiB.
pub struct Out {
    w: BufWriter<StdoutLock<'static>>,
}

impl Out {
    pub fn new() -> Out {
        Out {
            w: BufWriter::with_capacity(1 << 16, io::stdout().lock()),
        }
    }

    /// Writes `bytes` and a newline.
    #[inline]
    pub fn line(&mut self, bytes: &[u8]) -> Result<(), Failure> {
        self.w.write_all(bytes)?;
        self.w.write_all(b"\n")?;
        Ok(())
    }

    /// Writes a string and a newline.
    #[inline]
    pub fn text(&mut self, s: &str) -> Result<(), Failure> {
        self.line(s.as_bytes())
    }

    /// Writes one JSON value on one line.
    pub fn json(&mut self, v: &Value) -> Result<(), Failure> {
        serde_json::to_writer(&mut self.w, v).map_err(io::Error::from)?;
        self.w.write_all(b"\n")?;
        Ok(())
    }

    /// Reports a rejected input of a batch command: in place on stdout as `{"error": ...}`
    /// with `--json`, else on stderr after what was printed so far.
    pub fn reject(&mut self, failure: &Failure, json: bool) -> Result<(), Failure> {
        if json {
            self.json(&serde_json::json!({ "error": failure.to_json() }))
        } else {
            self.flush()?;
            failure.report(false);
            Ok(())
        }
    }

    pub fn flush(&mut self) -> Result<(), Failure> {
        self.w.flush()?;
        Ok(())
    }
}

/// Calls `each` with every input: the arguments, or (when there are none, or the only one is
/// `-`) every non-empty line of stdin without its line ending (`\n` or `\r\n`). A line that is
/// not UTF-8 is passed as an `INVALID_UTF8` failure.
pub fn for_each_input(
    args: &[String],
    mut each: impl FnMut(Result<&str, Failure>) -> Result<(), Failure>,
) -> Result<(), Failure> {
    if !(args.is_empty() || args.len() == 1 && args[0] == "-") {
        for a in args {
            each(Ok(a))?;
        }
        return Ok(());
    }
    let mut stdin = io::stdin().lock();
    let mut buf = Vec::with_capacity(256);
    loop {
        buf.clear();
        if stdin.read_until(b'\n', &mut buf)? == 0 {
            return Ok(());
        }
        let mut line = &buf[..];
        if let Some(l) = line.strip_suffix(b"\n") {
            line = l.strip_suffix(b"\r").unwrap_or(l);
        }
        if line.is_empty() {
            continue;
        }
        match std::str::from_utf8(line) {
            Ok(s) => each(Ok(s))?,
            Err(e) => {
                let mut f = Failure::other(
                    "INVALID_UTF8",
                    format!("input line is not valid UTF-8 ({e})"),
                    EXIT_REJECTED,
                );
                f.input = Some(String::from_utf8_lossy(line).into_owned());
                each(Err(f))?
            }
        }
    }
}
