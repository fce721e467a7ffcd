//! The SQL functions: one table, read by every engine's glue (`sqlite.rs`, `duckdb.rs`), so
//! that each engine registers the same names, argument types, results and volatility, and
//! computes every value with the core.

use polyid::error::{in_range, quote, Error, ErrorCode};
use polyid::{euid, extuuid, tid, uid11, wdp, xid};

/// An SQL type of an argument or a result, mapped by each engine to its own type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    /// Text (SQLite TEXT, DuckDB VARCHAR).
    Text,
    /// A signed 64-bit integer (SQLite INTEGER, DuckDB BIGINT).
    Int,
    /// An unsigned 64-bit integer (SQLite INTEGER holding its bit pattern, DuckDB UBIGINT).
    UInt,
    /// 16 bytes (SQLite BLOB, DuckDB BLOB).
    Bytes16,
    /// An instant in UTC (SQLite text `YYYY-MM-DD HH:MM:SS.SSSSSS`, DuckDB TIMESTAMP).
    Timestamp,
    /// An integer or NULL, which the function reads as "none" (an EUID's extension, as
    /// `polyid_euid_extension` gives it): the one argument whose NULL does not make the result
    /// NULL (SQLite INTEGER, DuckDB BIGINT).
    IntOrNull,
}

/// An argument, read by the engine's glue as its function's declared type says.
#[derive(Clone, Copy, Debug)]
pub enum Arg<'a> {
    /// UTF-8 text (the glue checks it).
    Text(&'a str),
    /// A 64-bit integer; for a [`Ty::UInt`] parameter, the bits of the unsigned value.
    Int(i64),
    /// Bytes.
    Bytes(&'a [u8]),
    /// NULL, for a [`Ty::IntOrNull`] parameter.
    Null,
}

/// Text results: the IDs, codes and UUIDs are short, so they are kept inline (no allocation
/// per row); EXTUUID's text forms may be longer and go to the heap.
pub enum Text {
    /// Up to [`Inline::CAP`] bytes.
    Inline(Inline),
    /// Anything longer.
    Heap(String),
}

/// A short text result kept inline.
pub struct Inline {
    buf: [u8; Inline::CAP],
    len: u8,
}

impl Inline {
    /// The longest text kept inline (a normalized WDP code is at most 40 bytes).
    pub const CAP: usize = 48;

    fn new(bytes: &[u8]) -> Option<Inline> {
        let mut buf = [0u8; Inline::CAP];
        buf.get_mut(..bytes.len())?.copy_from_slice(bytes);
        Some(Inline {
            buf,
            len: bytes.len() as u8,
        })
    }
}

impl Text {
    fn of(text: &str) -> Text {
        Inline::new(text.as_bytes()).map_or_else(|| Text::Heap(text.to_owned()), Text::Inline)
    }

    /// The text's UTF-8 bytes.
    pub fn as_bytes(&self) -> &[u8] {
        match self {
            Text::Inline(t) => &t.buf[..usize::from(t.len)],
            Text::Heap(s) => s.as_bytes(),
        }
    }
}

/// A result.
pub enum Out {
    /// SQL NULL (a valid code for `polyid_validate_code`).
    Null,
    Text(Text),
    Int(i64),
    UInt(u64),
    Bytes16([u8; 16]),
    /// Microseconds since 1970-01-01T00:00:00Z.
    Micros(i64),
}

/// The most arguments a function takes: the engines' glue reads a row's arguments into
/// arrays of this size.
pub const MAX_ARGS: usize = 4;

/// One SQL function.
pub struct Function {
    /// The SQL name.
    pub name: &'static str,
    /// The declared argument types.
    pub params: &'static [Ty],
    /// The result type.
    pub ret: Ty,
    /// Pure: the same arguments always give the same result (SQLite `SQLITE_DETERMINISTIC |
    /// SQLITE_INNOCUOUS`; DuckDB's default). Generators are not.
    pub deterministic: bool,
    /// The computation. The glue calls it only when no argument is NULL (NULL in, NULL out).
    pub call: fn(&[Arg<'_>]) -> Result<Out, Error>,
    /// A generator's batch form, for an engine that asks for many rows at once: `rows` IDs,
    /// each passed to `emit(row, item)` in order (one reservation of the shared generator for
    /// the whole batch instead of one per row).
    pub batch: Option<Batch>,
    /// For a function of one text giving a text of at most 12 bytes, the same computation
    /// writing into the caller's buffer: an engine that stores such strings inline (DuckDB)
    /// runs it in a loop of its own, with no result value per row.
    pub short: Option<Short>,
}

/// See [`Function::short`]: the result's length.
pub type Short = fn(&str, &mut [u8; 12]) -> Result<usize, Error>;

/// See [`Function::batch`].
pub type Batch = fn(rows: usize, emit: &mut dyn FnMut(usize, Item<'_>)) -> Result<(), Error>;

/// One row of a batch, of the function's result type.
#[derive(Clone, Copy, Debug)]
pub enum Item<'a> {
    /// [`Ty::Text`].
    Text(&'a [u8]),
    /// [`Ty::Int`].
    Int(i64),
    /// [`Ty::UInt`].
    UInt(u64),
    /// [`Ty::Bytes16`].
    Bytes16(&'a [u8; 16]),
}

fn text<'a>(args: &[Arg<'a>], i: usize) -> &'a str {
    match args[i] {
        Arg::Text(t) => t,
        // The glue reads every argument as its declared type.
        _ => unreachable!("argument {i} is declared as text"),
    }
}

fn int(args: &[Arg<'_>], i: usize) -> i64 {
    match args[i] {
        Arg::Int(v) => v,
        _ => unreachable!("argument {i} is declared as an integer"),
    }
}

fn int_or_null(args: &[Arg<'_>], i: usize) -> Option<i64> {
    match args[i] {
        Arg::Int(v) => Some(v),
        Arg::Null => None,
        _ => unreachable!("argument {i} is declared as an integer or NULL"),
    }
}

fn bytes<'a>(args: &[Arg<'a>], i: usize) -> &'a [u8] {
    match args[i] {
        Arg::Bytes(b) => b,
        _ => unreachable!("argument {i} is declared as bytes"),
    }
}

fn ok_text(t: &str) -> Result<Out, Error> {
    Ok(Out::Text(Text::of(t)))
}

fn ms_to_micros(ms: u64) -> Out {
    // xid and EUID milliseconds fit 48 bits: far inside i64 microseconds.
    Out::Micros(ms as i64 * 1000)
}

/// The process's EUID generator, shared by the text and value functions as the TID and xid
/// functions share the core's default generators: the EUIDs of one process increase.
pub fn euid_generator() -> &'static euid::EuidGenerator {
    static GENERATOR: std::sync::OnceLock<euid::EuidGenerator> = std::sync::OnceLock::new();
    GENERATOR.get_or_init(euid::EuidGenerator::new)
}

use Ty::{Bytes16, Int, IntOrNull, Text as T, Timestamp, UInt};

/// Every function, in the order of the SQL engines page's table.
pub static FUNCTIONS: &[Function] = &[
    // WDP
    Function {
        name: "polyid_compact_id",
        params: &[T],
        ret: T,
        deterministic: true,
        call: |a| {
            let mut out = [0u8; wdp::COMPACT_LEN];
            wdp::compact_id_into(text(a, 0), &mut out)?;
            Ok(Out::Text(Text::Inline(Inline::new(&out).expect("5 bytes"))))
        },
        batch: None,
        short: Some(|code, out| {
            let mut id = [0u8; wdp::COMPACT_LEN];
            wdp::compact_id_into(code, &mut id)?;
            out[..wdp::COMPACT_LEN].copy_from_slice(&id);
            Ok(wdp::COMPACT_LEN)
        }),
    },
    Function {
        name: "polyid_full_id",
        params: &[T, T],
        ret: T,
        deterministic: true,
        call: |a| ok_text(&wdp::full_id(text(a, 0), text(a, 1))?.to_text()),
        batch: None,
        short: None,
    },
    Function {
        name: "polyid_normalize_code",
        params: &[T],
        ret: T,
        deterministic: true,
        call: |a| ok_text(wdp::StructuredCode::parse(text(a, 0))?.normalized()),
        batch: None,
        short: None,
    },
    Function {
        name: "polyid_validate_code",
        params: &[T],
        ret: T,
        deterministic: true,
        call: |a| match wdp::StructuredCode::parse(text(a, 0)) {
            Ok(_) => Ok(Out::Null),
            Err(e) => ok_text(e.code().as_str()),
        },
        batch: None,
        short: None,
    },
    Function {
        name: "polyid_namespace_hash",
        params: &[T],
        ret: T,
        deterministic: true,
        call: |a| ok_text(wdp::namespace_hash(text(a, 0))?.as_str()),
        batch: None,
        short: None,
    },
    // uid11
    Function {
        name: "polyid_uid11_encode",
        params: &[UInt],
        ret: T,
        deterministic: true,
        call: |a| {
            let mut out = [0u8; uid11::LEN];
            uid11::encode_into(int(a, 0) as u64, &mut out);
            Ok(Out::Text(Text::Inline(
                Inline::new(&out).expect("11 bytes"),
            )))
        },
        batch: None,
        short: None,
    },
    Function {
        name: "polyid_uid11_decode",
        params: &[T],
        ret: UInt,
        deterministic: true,
        call: |a| Ok(Out::UInt(uid11::decode(text(a, 0))?)),
        batch: None,
        short: None,
    },
    // xid
    Function {
        name: "polyid_xid_parse",
        params: &[T],
        ret: UInt,
        deterministic: true,
        call: |a| Ok(Out::UInt(xid::Xid::parse(text(a, 0))?.value())),
        batch: None,
        short: None,
    },
    Function {
        name: "polyid_xid_format",
        params: &[UInt],
        ret: T,
        deterministic: true,
        call: |a| {
            let bytes = xid::Xid::from_u64(int(a, 0) as u64).to_bytes();
            Ok(Out::Text(Text::Inline(
                Inline::new(&bytes).expect("11 bytes"),
            )))
        },
        batch: None,
        short: None,
    },
    Function {
        name: "polyid_xid_from_parts",
        params: &[Int, Int],
        ret: UInt,
        deterministic: true,
        call: |a| {
            let ms = in_range(int(a, 0), "xid unix_ms", xid::EPOCH_MS, xid::MAX_UNIX_MS)?;
            let random = in_range(int(a, 1), "xid random", 0, xid::MAX_RANDOM)?;
            Ok(Out::UInt(xid::Xid::from_parts(ms, random)?.value()))
        },
        batch: None,
        short: None,
    },
    Function {
        name: "polyid_xid_timestamp",
        params: &[T],
        ret: Timestamp,
        deterministic: true,
        call: |a| Ok(ms_to_micros(xid::Xid::parse(text(a, 0))?.unix_ms())),
        batch: None,
        short: None,
    },
    Function {
        name: "polyid_xid_unix_ms",
        params: &[T],
        ret: Int,
        deterministic: true,
        call: |a| Ok(Out::Int(xid::Xid::parse(text(a, 0))?.unix_ms() as i64)),
        batch: None,
        short: None,
    },
    Function {
        name: "polyid_xid_random",
        params: &[T],
        ret: Int,
        deterministic: true,
        call: |a| Ok(Out::Int(i64::from(xid::Xid::parse(text(a, 0))?.random()))),
        batch: None,
        short: None,
    },
    Function {
        name: "polyid_xid_generate",
        params: &[],
        ret: T,
        deterministic: false,
        call: |_| {
            let bytes = xid::Xid::generate()?.to_bytes();
            Ok(Out::Text(Text::Inline(
                Inline::new(&bytes).expect("11 bytes"),
            )))
        },
        batch: Some(|rows, emit| {
            let mut ids = vec![xid::Xid::from_u64(0); rows];
            xid::default_generator().fill(&mut ids)?;
            ids.iter()
                .enumerate()
                .for_each(|(i, x)| emit(i, Item::Text(&x.to_bytes())));
            Ok(())
        }),
        short: None,
    },
    Function {
        name: "polyid_xid_generate_value",
        params: &[],
        ret: Ty::UInt,
        deterministic: false,
        call: |_| Ok(Out::UInt(xid::Xid::generate()?.value())),
        batch: Some(|rows, emit| {
            let mut ids = vec![xid::Xid::from_u64(0); rows];
            xid::default_generator().fill(&mut ids)?;
            ids.iter()
                .enumerate()
                .for_each(|(i, x)| emit(i, Item::UInt(x.value())));
            Ok(())
        }),
        short: None,
    },
    // TID
    Function {
        name: "polyid_tid_parse",
        params: &[T],
        ret: Int,
        deterministic: true,
        call: |a| Ok(Out::Int(tid::Tid::parse(text(a, 0))?.value())),
        batch: None,
        short: None,
    },
    Function {
        name: "polyid_tid_format",
        params: &[Int],
        ret: T,
        deterministic: true,
        call: |a| {
            let bytes = tid::Tid::from_i64(int(a, 0))?.to_bytes();
            Ok(Out::Text(Text::Inline(
                Inline::new(&bytes).expect("13 bytes"),
            )))
        },
        batch: None,
        short: None,
    },
    Function {
        name: "polyid_tid_from_parts",
        params: &[Int, Int],
        ret: Int,
        deterministic: true,
        call: |a| {
            // The parts in the order of the parameters, as every runtime checks them.
            let micros = in_range(int(a, 0), "TID micros", tid::MIN_MICROS, tid::MAX_MICROS)?;
            let clock = in_range(int(a, 1), "TID clock_id", 0, tid::MAX_CLOCK_ID)?;
            Ok(Out::Int(tid::Tid::from_parts(micros, clock)?.value()))
        },
        batch: None,
        short: None,
    },
    Function {
        name: "polyid_tid_timestamp",
        params: &[T],
        ret: Timestamp,
        deterministic: true,
        call: |a| Ok(Out::Micros(tid::Tid::parse(text(a, 0))?.micros())),
        batch: None,
        short: None,
    },
    Function {
        name: "polyid_tid_micros",
        params: &[T],
        ret: Int,
        deterministic: true,
        call: |a| Ok(Out::Int(tid::Tid::parse(text(a, 0))?.micros())),
        batch: None,
        short: None,
    },
    Function {
        name: "polyid_tid_clock_id",
        params: &[T],
        ret: Int,
        deterministic: true,
        call: |a| Ok(Out::Int(i64::from(tid::Tid::parse(text(a, 0))?.clock_id()))),
        batch: None,
        short: None,
    },
    Function {
        name: "polyid_tid_generate",
        params: &[],
        ret: T,
        deterministic: false,
        call: |_| {
            let bytes = tid::Tid::generate()?.to_bytes();
            Ok(Out::Text(Text::Inline(
                Inline::new(&bytes).expect("13 bytes"),
            )))
        },
        batch: Some(|rows, emit| {
            let mut ids = vec![tid::Tid::from_i64(0)?; rows];
            tid::default_generator().fill(&mut ids)?;
            ids.iter()
                .enumerate()
                .for_each(|(i, t)| emit(i, Item::Text(&t.to_bytes())));
            Ok(())
        }),
        short: None,
    },
    Function {
        name: "polyid_tid_generate_value",
        params: &[],
        ret: Int,
        deterministic: false,
        call: |_| Ok(Out::Int(tid::Tid::generate()?.value())),
        batch: Some(|rows, emit| {
            let mut ids = vec![tid::Tid::from_i64(0)?; rows];
            tid::default_generator().fill(&mut ids)?;
            ids.iter()
                .enumerate()
                .for_each(|(i, t)| emit(i, Item::Int(t.value())));
            Ok(())
        }),
        short: None,
    },
    // EUID
    Function {
        name: "polyid_euid_parse",
        params: &[T],
        ret: Bytes16,
        deterministic: true,
        call: |a| Ok(Out::Bytes16(euid::Euid::parse(text(a, 0))?.to_bytes())),
        batch: None,
        short: None,
    },
    Function {
        name: "polyid_euid_format",
        params: &[Bytes16],
        ret: T,
        deterministic: true,
        call: |a| {
            let e = euid::Euid::from_slice(bytes(a, 0))?;
            Ok(Out::Text(Text::Inline(
                Inline::new(&e.encode_bytes(true)).expect("27 bytes"),
            )))
        },
        batch: None,
        short: None,
    },
    Function {
        name: "polyid_euid_timestamp",
        params: &[T],
        ret: Timestamp,
        deterministic: true,
        call: |a| Ok(ms_to_micros(euid::Euid::parse(text(a, 0))?.unix_ms())),
        batch: None,
        short: None,
    },
    Function {
        name: "polyid_euid_unix_ms",
        params: &[T],
        ret: Int,
        deterministic: true,
        call: |a| Ok(Out::Int(euid::Euid::parse(text(a, 0))?.unix_ms() as i64)),
        batch: None,
        short: None,
    },
    Function {
        name: "polyid_euid_extension",
        params: &[T],
        ret: Int,
        deterministic: true,
        call: |a| {
            Ok(match euid::Euid::parse(text(a, 0))?.extension() {
                Some(x) => Out::Int(i64::from(x)),
                None => Out::Null,
            })
        },
        batch: None,
        short: None,
    },
    Function {
        name: "polyid_euid_from_parts",
        params: &[Int, IntOrNull, Int, UInt],
        ret: Bytes16,
        deterministic: true,
        call: |a| {
            // The parts in the order of the parameters, each against its own range, as every
            // runtime checks them (the random bits: any 64-bit pattern).
            let ms = in_range(int(a, 0), "EUID unix_ms", 0, euid::MAX_UNIX_MS)?;
            let ext =
                int_or_null(a, 1).map(|x| in_range(x, "EUID extension", 0, euid::MAX_EXTENSION));
            let ext = ext.transpose()?;
            let pad = in_range(int(a, 2), "EUID padding", 0, euid::max_padding(ext))?;
            let e = euid::Euid::from_parts(ms, ext, pad, int(a, 3) as u64)?;
            Ok(Out::Bytes16(e.to_bytes()))
        },
        batch: None,
        short: None,
    },
    Function {
        name: "polyid_euid_generate",
        params: &[],
        ret: T,
        deterministic: false,
        call: |_| {
            let e = euid_generator().next()?;
            Ok(Out::Text(Text::Inline(
                Inline::new(&e.encode_bytes(true)).expect("27 bytes"),
            )))
        },
        batch: None,
        short: None,
    },
    Function {
        name: "polyid_euid_generate_value",
        params: &[],
        ret: Ty::Bytes16,
        deterministic: false,
        call: |_| Ok(Out::Bytes16(euid_generator().next()?.to_bytes())),
        batch: None,
        short: None,
    },
    // EXTUUID
    Function {
        name: "polyid_extuuid_encode",
        params: &[T],
        ret: T,
        deterministic: true,
        call: |a| ok_text(&extuuid::encode_text(text(a, 0))?),
        batch: None,
        short: None,
    },
    Function {
        name: "polyid_extuuid_decode",
        params: &[T],
        ret: T,
        deterministic: true,
        call: |a| ok_text(&extuuid::decode_text(text(a, 0))?),
        batch: None,
        short: None,
    },
];

/// The message of a failed call, as both engines raise it: the stable code first, then the
/// function and its arguments (each quoted bounded), then the core's message, e.g.
/// `INVALID_SEQUENCE: polyid_compact_id("E.A.B.000"): WDP sequence: ...`.
pub fn message(f: &Function, args: &[Arg<'_>], e: &Error) -> String {
    let shown: Vec<String> = args
        .iter()
        .map(|a| match a {
            Arg::Text(t) => quote(t).to_string(),
            Arg::Int(v) => v.to_string(),
            Arg::Bytes(b) => format!("<{} bytes>", b.len()),
            Arg::Null => "NULL".to_owned(),
        })
        .collect();
    format!("{}: {}({}): {e}", e.code(), f.name, shown.join(", "))
}

/// The error of an argument that is not of its declared type.
pub fn wrong_type(f: &Function, index: usize, want: Ty, got: &str) -> Error {
    let what = match want {
        Ty::Text => "text",
        Ty::Int | Ty::UInt | Ty::IntOrNull => "an integer",
        Ty::Bytes16 => "a blob",
        Ty::Timestamp => "a timestamp",
    };
    Error::new(
        ErrorCode::InvalidArgument,
        "SQL argument",
        polyid::Detail::Message(
            format!(
                "argument {} of {} is {got}, expected {what}",
                index + 1,
                f.name
            )
            .into(),
        ),
    )
}

/// Text of SQL bytes that must be UTF-8 (`INVALID_UTF8` otherwise).
pub fn utf8(bytes: &[u8]) -> Result<&str, Error> {
    core::str::from_utf8(bytes).map_err(|e| {
        Error::new(
            ErrorCode::InvalidUtf8,
            "SQL argument",
            polyid::Detail::Message(
                format!("not UTF-8 (invalid byte at {})", e.valid_up_to()).into(),
            ),
        )
    })
}

/// Runs a function. Each engine's glue runs its calls under one panic guard of its own (a
/// call in SQLite, a chunk of rows in DuckDB), so that no panic unwinds into the engine.
#[inline]
pub fn run(f: &Function, args: &[Arg<'_>]) -> Result<Out, Error> {
    (f.call)(args)
}

/// `YYYY-MM-DD HH:MM:SS.SSSSSS` (UTC) of microseconds since 1970, as SQLite's date functions
/// read it; years outside 0000-9999 have no such form (`OUT_OF_RANGE`).
pub fn sqlite_datetime(micros: i64) -> Result<String, Error> {
    let secs = micros.div_euclid(1_000_000);
    let frac = micros.rem_euclid(1_000_000);
    let rem = secs.rem_euclid(86_400);
    let (y, m, d) = polyid::clock::civil_from_days(secs.div_euclid(86_400));
    if !(0..=9999).contains(&y) {
        return Err(Error::new(
            ErrorCode::OutOfRange,
            "SQLite datetime",
            polyid::Detail::Message(
                format!("year {y} has no SQLite datetime text (0000-9999)").into(),
            ),
        ));
    }
    Ok(format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02}.{frac:06}",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn find(name: &str) -> &'static Function {
        FUNCTIONS.iter().find(|f| f.name == name).unwrap()
    }

    fn text_of(out: Out) -> String {
        match out {
            Out::Text(t) => String::from_utf8(t.as_bytes().to_vec()).unwrap(),
            _ => panic!("not text"),
        }
    }

    #[test]
    fn names_are_unique_and_follow_the_scheme() {
        let mut seen = std::collections::HashSet::new();
        for f in FUNCTIONS {
            assert!(seen.insert(f.name), "{} twice", f.name);
            assert!(f.name.starts_with("polyid_"), "{}", f.name);
            assert!(f.params.len() <= MAX_ARGS, "{}: grow MAX_ARGS", f.name);
            let generator = f.name.ends_with("_generate") || f.name.ends_with("_generate_value");
            assert_eq!(f.deterministic, !generator, "{}", f.name);
        }
    }

    /// docs/spec §1.2, §2, §3: values quoted in the spec.
    #[test]
    fn spec_values() {
        let f = find("polyid_compact_id");
        assert_eq!(
            text_of(run(f, &[Arg::Text("E.AUTH.TOKEN.001")]).unwrap()),
            "V6a0B"
        );
        let e = run(f, &[Arg::Text("E.A.B.000")]).err().unwrap();
        assert_eq!(e.code(), ErrorCode::InvalidSequence);
        assert!(message(f, &[Arg::Text("E.A.B.000")], &e)
            .starts_with("INVALID_SEQUENCE: polyid_compact_id(\"E.A.B.000\"): "));
        let v = find("polyid_validate_code");
        assert!(matches!(
            run(v, &[Arg::Text("E.AUTH.TOKEN.001")]).unwrap(),
            Out::Null
        ));
        assert_eq!(
            text_of(run(v, &[Arg::Text("Q.A.B.001")]).unwrap()),
            "INVALID_SEVERITY"
        );
        let huge = "Q".repeat(1 << 20);
        let e = run(f, &[Arg::Text(&huge)]).err().unwrap();
        assert!(message(f, &[Arg::Text(&huge)], &e).len() < 400);
    }

    #[test]
    fn sqlite_datetimes() {
        assert_eq!(sqlite_datetime(0).unwrap(), "1970-01-01 00:00:00.000000");
        assert_eq!(sqlite_datetime(-1).unwrap(), "1969-12-31 23:59:59.999999");
        // 2024-02-29T12:34:56.789012Z
        assert_eq!(
            sqlite_datetime(1_709_210_096_789_012).unwrap(),
            "2024-02-29 12:34:56.789012"
        );
        assert_eq!(
            sqlite_datetime(253_402_300_799_999_999).unwrap(),
            "9999-12-31 23:59:59.999999"
        );
        assert_eq!(
            sqlite_datetime(253_402_300_800_000_000).unwrap_err().code(),
            ErrorCode::OutOfRange
        );
    }
}
