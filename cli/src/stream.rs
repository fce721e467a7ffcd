//! Buffered, locked stdout (with a closed pipe ending the command quietly) and the inputs of
//! the batch commands: the arguments, or the lines of stdin.

use std::io::{self, BufRead, BufWriter, Read, StdoutLock, Write};

use polyid::wdp::{MAX_FIELD_LEN, MAX_NAME_LEN};
use serde_json::Value;

use crate::fail::{Failure, Quoted, EXIT_REJECTED};

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

/// How long a line of stdin may be, and why no valid input of the command is longer.
#[derive(Clone, Copy)]
pub struct LineLimit {
    /// The most bytes a line may have (without its `\n` or `\r\n`).
    pub max: usize,
    /// Why, in the error of a longer line.
    pub why: &'static str,
}

/// The longest structured code: a severity letter, a component and a primary of
/// `MAX_FIELD_LEN`, a sequence name of `MAX_NAME_LEN` and three dots. IDs are shorter.
pub const LONGEST_CODE: usize = 1 + 2 * MAX_FIELD_LEN + MAX_NAME_LEN + 3;

/// Lines of codes and IDs (`compact`, `inspect`, `catalog collisions`): far beyond the longest
/// code, the rest being room for the white space the core trims around a code.
pub const CODE_LINES: LineLimit = LineLimit {
    max: 1024,
    why: "no structured code or ID is longer",
};
const _: () = assert!(CODE_LINES.max >= 8 * LONGEST_CODE);

/// Lines of `extuuid`: the core refuses any EXTUUID text longer than its `MAX_TEXT`
/// (docs/extuuid.md §7), and a UUID is shorter.
pub const EXTUUID_LINES: LineLimit = LineLimit {
    max: polyid::extuuid::MAX_TEXT,
    why: "no EXTUUID text is longer",
};

/// Lines of the conform protocol, requests (`conform-serve`) and responses (`conform`): far
/// beyond any request or response of the shared vectors.
pub const PROTOCOL_LINES: LineLimit = LineLimit {
    max: 1 << 20,
    why: "far beyond any request or response of the vectors",
};

/// Bytes of a line kept at once while the rest of a line too long is read and dropped.
const SKIP_CHUNK: u64 = 1 << 16;

/// A line as [`BoundedLines`] reads it.
pub enum Line<'a> {
    /// The line without its ending (`\n` or `\r\n`).
    Text(&'a [u8]),
    /// A line longer than the limit: its first bytes and its whole length. The rest of it was
    /// read and dropped, never held.
    TooLong { start: &'a [u8], len: usize },
}

/// The lines of a reader, none held beyond `max` bytes, whatever the input: memory stays
/// the same for a line of a gigabyte with no newline.
pub struct BoundedLines<R> {
    reader: R,
    max: usize,
    buf: Vec<u8>,
    scratch: Vec<u8>,
    number: u64,
}

impl<R: BufRead> BoundedLines<R> {
    pub fn new(reader: R, max: usize) -> BoundedLines<R> {
        BoundedLines {
            reader,
            max,
            buf: Vec::with_capacity(256),
            scratch: Vec::new(),
            number: 0,
        }
    }

    /// The next line and its number (from 1; empty lines count), or `None` at the end.
    pub fn next_line(&mut self) -> io::Result<Option<(u64, Line<'_>)>> {
        self.buf.clear();
        // The line, a `\r` and the `\n`: whatever is longer has more than `max` bytes.
        let limit = self.max as u64 + 2;
        let n = (&mut self.reader)
            .take(limit)
            .read_until(b'\n', &mut self.buf)?;
        if n == 0 {
            return Ok(None);
        }
        self.number += 1;
        let mut len = self.buf.len();
        let mut ended = self.buf.last() == Some(&b'\n');
        let mut before_end = if ended {
            self.buf.len().checked_sub(2).map(|i| self.buf[i])
        } else {
            None
        };
        if !ended && n as u64 == limit {
            // Too long: the rest is read in chunks and dropped, up to the line's end.
            let mut last = self.buf.last().copied();
            loop {
                self.scratch.clear();
                let m = (&mut self.reader)
                    .take(SKIP_CHUNK)
                    .read_until(b'\n', &mut self.scratch)?;
                if m == 0 {
                    break;
                }
                len += m;
                if self.scratch.last() == Some(&b'\n') {
                    ended = true;
                    before_end = if m >= 2 {
                        Some(self.scratch[m - 2])
                    } else {
                        last
                    };
                    break;
                }
                last = self.scratch.last().copied();
            }
        }
        if ended {
            len -= 1;
            if before_end == Some(b'\r') {
                len -= 1;
            }
        }
        let line = if len > self.max {
            Line::TooLong {
                start: &self.buf[..self.max.min(self.buf.len())],
                len,
            }
        } else {
            Line::Text(&self.buf[..len])
        };
        Ok(Some((self.number, line)))
    }
}

/// Calls `each` with every input: the arguments, or (when there are none, or the only one is
/// `-`) every non-empty line of stdin without its line ending (`\n` or `\r\n`). A line that is
/// not UTF-8 is passed as an `INVALID_UTF8` failure, a line longer than `limit` as an
/// `INVALID_LENGTH` failure (its start quoted, its length given; the line is not kept).
/// Arguments are not limited: the kernel bounds them, and the core's error for one is more
/// precise.
pub fn for_each_input(
    args: &[String],
    limit: LineLimit,
    mut each: impl FnMut(Result<&str, Failure>) -> Result<(), Failure>,
) -> Result<(), Failure> {
    if !(args.is_empty() || args.len() == 1 && args[0] == "-") {
        for a in args {
            each(Ok(a))?;
        }
        return Ok(());
    }
    let mut lines = BoundedLines::new(io::stdin().lock(), limit.max);
    while let Some((number, line)) = lines.next_line()? {
        match line {
            Line::Text(b"") => {}
            Line::Text(text) => match std::str::from_utf8(text) {
                Ok(s) => each(Ok(s))?,
                Err(e) => {
                    let f = Failure::other(
                        "INVALID_UTF8",
                        format!("stdin line {number} is not valid UTF-8 ({e})"),
                        EXIT_REJECTED,
                    );
                    each(Err(
                        with_line(f, number).with_input(Quoted::of_bytes(text, text.len()))
                    ))?
                }
            },
            Line::TooLong { start, len } => {
                let mut f = Failure::other(
                    "INVALID_LENGTH",
                    format!(
                        "stdin line {number} is {len} bytes, longer than the {} bytes a line of \
                         this command may have ({}); it was skipped",
                        limit.max, limit.why
                    ),
                    EXIT_REJECTED,
                );
                f.detail.insert("found".into(), len.into());
                f.detail.insert("max".into(), limit.max.into());
                each(Err(
                    with_line(f, number).with_input(Quoted::of_bytes(start, len))
                ))?
            }
        }
    }
    Ok(())
}

/// A failure of stdin line `number`: `line` among its facts.
fn with_line(mut f: Failure, number: u64) -> Failure {
    f.detail.insert("line".into(), number.into());
    f
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line read: its number, and its text or the start kept and the length of one too long.
    type Read = (u64, Result<String, (String, usize)>);

    /// Every line of `input` read with `max` through a reader of `capacity` bytes.
    fn lines(input: &[u8], max: usize, capacity: usize) -> Vec<Read> {
        let mut r = BoundedLines::new(io::BufReader::with_capacity(capacity, input), max);
        let mut out = Vec::new();
        while let Some((n, line)) = r.next_line().unwrap() {
            out.push(match line {
                Line::Text(t) => (n, Ok(String::from_utf8(t.to_vec()).unwrap())),
                Line::TooLong { start, len } => {
                    (n, Err((String::from_utf8(start.to_vec()).unwrap(), len)))
                }
            });
        }
        out
    }

    #[test]
    fn lines_up_to_the_bound_and_beyond() {
        for capacity in [1, 2, 3, 7, 8192] {
            let got = lines(b"abcd\r\nabcde\n\nabcd\rx\nab\r\r\nlast", 4, capacity);
            assert_eq!(
                got,
                [
                    (1, Ok("abcd".into())),
                    (2, Err(("abcd".into(), 5))),
                    (3, Ok("".into())),
                    (4, Err(("abcd".into(), 6))),
                    (5, Ok("ab\r".into())),
                    (6, Ok("last".into())),
                ],
                "capacity {capacity}"
            );
            // To the end without a newline; a trailing "\r" without "\n" is part of the line.
            assert_eq!(lines(b"abcde", 4, capacity), [(1, Err(("abcd".into(), 5)))]);
            assert_eq!(lines(b"abc\r", 4, capacity), [(1, Ok("abc\r".into()))]);
            assert_eq!(
                lines(b"abcd\r", 4, capacity),
                [(1, Err(("abcd".into(), 5)))]
            );
        }
        // A long line's "\r\n" split across the chunks it is skipped in.
        let mut long = vec![b'x'; SKIP_CHUNK as usize * 2 + 5];
        long.extend_from_slice(b"\r\nok\n");
        let got = lines(&long, 4, 8192);
        assert_eq!(
            got[0],
            (1, Err(("xxxx".into(), SKIP_CHUNK as usize * 2 + 5)))
        );
        assert_eq!(got[1], (2, Ok("ok".into())));
        assert!(lines(b"", 4, 8).is_empty());
    }
}
