//! The stream mapping of `polyid-arrow` (`stream::map_stream`, what the C and Python bindings
//! run a kernel with over a caller's `struct ArrowArrayStream`), on streams of `int64`,
//! `uint32`, `utf8` or `large_utf8` chunks (or record batches holding them) that polyid's own
//! export hands out as a producer would: chunks of any length, null rows, at most one
//! malformed text chunk (an offset moved back, a byte that is not UTF-8) and at most one
//! `get_next` that fails.
//!
//! Properties, against the kernel run on each chunk alone: `map_stream` refuses a type the
//! kernel does not read and a column the batches do not have with `INVALID_ARGUMENT`, and then
//! leaves the stream with the caller, while it takes the stream over (marking it released)
//! when it accepts it. Read chunk by chunk (`next_chunk`), each output chunk equals the
//! kernel's output on that chunk; the first failure is the chunk's: the stream's own failure
//! (its call, code and message), `INVALID_ARGUMENT` without a row for a malformed chunk, or
//! the kernel's row error with the row counted from the start of the stream. `collect` gives
//! every chunk, or that failure, unless a later chunk's reading fails (or, after a row's
//! error, a later chunk is malformed): then that one. Exported again as the bindings export
//! it, the mapped stream gives the same chunks, fails with EINVAL (or the input's own code)
//! and the failure's message, and stays failed.
//!
//! Input: a byte that picks the kernel (bits 0-2), the mode (bit 3: `Raise`), text chunks
//! (bit 4), record batches (bit 5), a failing `get_next` (bit 6) and a malformed chunk (bit
//! 7); a byte of variants (bit 0 `large_utf8` or `uint32`; bit 1 the batches' column named
//! wrongly); the failing chunk's byte (its index, modulo the chunks and one more, and in its
//! top bits the code); the malformed chunk's byte (its index, in its top bits the kind);
//! then the rows, chunks separated by 0xFF, each byte a row: 0xFE null, any other a value of
//! [`VALUES`] or a text of [`TEXTS`].

use arrow_array::ffi::FFI_ArrowArray;
use arrow_array::{make_array, Array};
use arrow_buffer::Buffer;
use arrow_data::ArrayData;
use arrow_schema::ffi::FFI_ArrowSchema;
use arrow_schema::{DataType, Field, Fields};
use core::ffi::{c_int, CStr};
use polyid::{ErrorCode, Profile};
use polyid_arrow::stream::{
    chunk_kernel, export_stream, exported_failure, map_stream, ChunkKernel, ChunkSource, Fault,
    MapChunks, ReadError, StreamFailure, EINVAL,
};
use polyid_arrow::{ColumnError, OnError, Output};

/// The integers a row may hold: around the bounds of TID values, xid values and the types.
const VALUES: [i64; 16] = [
    0,
    1,
    1023,
    1024,
    1_762_721_020_395_837_441,
    -1,
    i64::MIN,
    i64::MAX,
    i64::MAX - 1023,
    i64::MIN + 1024,
    ((1 << 53) - 1) << 10 | 1023,
    -(((1 << 53) - 1) << 10),
    u32::MAX as i64,
    1 << 32,
    65535,
    4_194_303,
];

/// The texts a row may hold: valid and invalid TIDs, xids, EUIDs and WDP codes, and text that
/// is not ASCII.
const TEXTS: [&str; 16] = [
    "3kxnlhr3gxq23",
    "3kxn-lhr-3gxq-23",
    "s222222222222",
    "3kxnlhr3gxq2",
    "jpXCZedGfVQ",
    "jpXCZedGfVR",
    "11111111111",
    "C8ZM14GR4JXG0MQXVY18S8TJNA7",
    "ZZZZZZZZZZZZZZZZZZZZZZZZZZZ",
    "E.Auth.Token.MISSING",
    "E.AUTH.TOKEN.000",
    "é.A.B.001",
    "",
    "2222222222222",
    "0000000000000000000000000ZZ",
    "\u{1F600}xyz",
];

/// The field of record batches that holds the column.
const COLUMN: &str = "ids";

/// The kernels a stream is mapped with, by number: its name and whether it reads integer
/// and text columns.
fn kernel(which: u8, mode: OnError) -> (&'static str, bool, bool, ChunkKernel<'static>) {
    let p = Profile::Polyid;
    let k = |f: fn(&dyn Array, OnError) -> Result<Output, ColumnError>| -> ChunkKernel<'static> {
        chunk_kernel(mode, f)
    };
    match which & 7 {
        0 => (
            "tid::timestamps",
            true,
            true,
            k(|a, m| polyid_arrow::tid::timestamps(a, Profile::Polyid, m)),
        ),
        1 => (
            "tid::encode",
            true,
            true,
            k(|a, m| polyid_arrow::tid::encode(a, false, m)),
        ),
        2 => ("xid::encode", true, true, k(polyid_arrow::xid::encode)),
        3 => (
            "xid::uid11_decode",
            false,
            true,
            k(polyid_arrow::xid::uid11_decode),
        ),
        4 => (
            "euid::parse",
            false,
            true,
            k(|a, m| polyid_arrow::euid::parse(a, Profile::Polyid, m)),
        ),
        5 => (
            "wdp::compact_ids",
            false,
            true,
            chunk_kernel(mode, move |a, m| {
                polyid_arrow::wdp::compact_ids(a, None, p, m)
            }),
        ),
        6 => (
            "xid::uid11_encode",
            true,
            false,
            k(polyid_arrow::xid::uid11_encode),
        ),
        _ => (
            "tid::clock_ids",
            true,
            true,
            k(|a, m| polyid_arrow::tid::clock_ids(a, Profile::Polyid, m)),
        ),
    }
}

/// A stream's chunks as its producer hands them out: each chunk's data (malformed ones
/// included), and the `get_next` that fails instead, with its code.
#[derive(Clone)]
struct Source {
    data_type: DataType,
    chunks: Vec<ArrayData>,
    fail_at: Option<(usize, c_int)>,
    next: usize,
}

/// The message of the producer's failing `get_next`.
const FAILED: &str = "the producer failed";

impl ChunkSource for Source {
    type Error = String;

    fn data_type(&self) -> &DataType {
        &self.data_type
    }

    fn next_chunk(&mut self) -> Result<Option<ArrayData>, (String, c_int)> {
        if let Some((at, code)) = self.fail_at.filter(|&(at, _)| at == self.next) {
            self.next = at + 1;
            return Err((FAILED.to_owned(), code));
        }
        let chunk = self.chunks.get(self.next).cloned();
        self.next += 1;
        Ok(chunk)
    }

    fn fault(fault: Fault) -> String {
        match fault {
            Fault::NullOut => "out: NULL".to_owned(),
            Fault::Schema(e) => e.to_string(),
            Fault::Panic(call) => format!("panic in {call}"),
        }
    }
}

/// A mapped stream exported again, as the C binding exports one.
struct Mapped(MapChunks<'static>);

/// A failure of [`Mapped`], shown as its debug form.
struct Failed(ReadError);

impl core::fmt::Display for Failed {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{:?}", self.0)
    }
}

impl ChunkSource for Mapped {
    type Error = Failed;

    fn data_type(&self) -> &DataType {
        self.0.output_type()
    }

    fn next_chunk(&mut self) -> Result<Option<ArrayData>, (Failed, c_int)> {
        self.0.next_chunk().map_err(|e| {
            let code = match &e {
                ReadError::Stream(f) => f.code,
                ReadError::Column(_) => EINVAL,
            };
            (Failed(e), code)
        })
    }

    fn fault(fault: Fault) -> Failed {
        Failed(ReadError::Column(ColumnError::new(polyid::Error::reason(
            ErrorCode::InternalError,
            "out",
            match fault {
                Fault::NullOut => "NULL",
                Fault::Schema(_) => "schema",
                Fault::Panic(_) => "panic",
            },
        ))))
    }
}

/// The column of one chunk: `rows` (`None`: null) as `int64`/`uint32` values or texts, with
/// the malformed chunk's fault (`kind` 0: an interior offset set to the last; 1: a byte made
/// a continuation byte).
fn column(data_type: &DataType, rows: &[Option<u8>], fault: Option<u8>) -> ArrayData {
    let valid = Buffer::from_iter(rows.iter().map(Option::is_some));
    let pick = |b: Option<u8>| usize::from(b.unwrap_or(0));
    let buffers = match data_type {
        DataType::Int64 => vec![Buffer::from_iter(
            rows.iter().map(|&b| VALUES[pick(b) % VALUES.len()]),
        )],
        DataType::UInt32 => vec![Buffer::from_iter(
            rows.iter().map(|&b| VALUES[pick(b) % VALUES.len()] as u32),
        )],
        _ => {
            let mut values = Vec::new();
            let mut offsets = vec![0i64];
            for &b in rows {
                if b.is_some() {
                    values.extend_from_slice(TEXTS[pick(b) % TEXTS.len()].as_bytes());
                }
                offsets.push(values.len() as i64);
            }
            match fault {
                Some(0) if rows.len() >= 2 => offsets[1] = offsets[rows.len()],
                Some(_) if !values.is_empty() => values[0] = 0x80,
                _ => {}
            }
            let offsets = if data_type == &DataType::LargeUtf8 {
                Buffer::from_vec(offsets)
            } else {
                Buffer::from_iter(offsets.iter().map(|&o| o as i32))
            };
            vec![offsets, Buffer::from_vec(values)]
        }
    };
    let builder = ArrayData::builder(data_type.clone())
        .len(rows.len())
        .buffers(buffers)
        .null_bit_buffer(Some(valid));
    // SAFETY: every buffer is as long as the rows say (a fault moves an offset inside the
    // text or changes a byte, nothing a reader could read past); the consumer validates it.
    unsafe { builder.build_unchecked() }
}

/// A record batch (a struct array without null rows) of the one column `column`.
fn batch(column: ArrayData) -> ArrayData {
    let field = Field::new(COLUMN, column.data_type().clone(), true);
    let builder = ArrayData::builder(DataType::Struct(Fields::from(vec![field])))
        .len(column.len())
        .add_child_data(column);
    // SAFETY: as its column's.
    unsafe { builder.build_unchecked() }
}

/// What reading and computing one chunk gives, as the kernel gives it on that chunk alone.
#[derive(Debug)]
enum Outcome {
    Chunk(ArrayData),
    /// The kernel's error (a row's, counted from the start of the stream, or the chunk's).
    Failed(ColumnError),
    /// The chunk is malformed and refused when it is read (a record batch's column).
    Refused,
    /// The producer's `get_next` failed.
    Stream(c_int),
}

/// Checks the properties above on the stream `data` describes (nothing for an input that
/// describes none); a broken one panics.
pub fn check(data: &[u8]) {
    if data.len() < 4 {
        return;
    }
    let (h, body) = data.split_at(4);
    let mode = if h[0] & 8 != 0 {
        OnError::Raise
    } else {
        OnError::Null
    };
    let text = h[0] & 0x10 != 0;
    let batches = h[0] & 0x20 != 0;
    let column_type = match (text, h[1] & 1 != 0) {
        (true, false) => DataType::Utf8,
        (true, true) => DataType::LargeUtf8,
        (false, false) => DataType::Int64,
        (false, true) => DataType::UInt32,
    };
    let rows: Vec<Vec<Option<u8>>> = body
        .split(|&b| b == 0xFF)
        .take(64)
        .map(|c| c.iter().map(|&b| (b != 0xFE).then_some(b)).collect())
        .collect();
    let fail_at = (h[0] & 0x40 != 0).then(|| {
        let code = [5, EINVAL, 12, 1][usize::from(h[2] >> 6)];
        (usize::from(h[2] & 0x3F) % (rows.len() + 1), code)
    });
    let malformed =
        (h[0] & 0x80 != 0 && text).then(|| (usize::from(h[3] & 0x3F) % rows.len(), h[3] >> 7));
    let chunks: Vec<ArrayData> = rows
        .iter()
        .enumerate()
        .map(|(j, r)| {
            let fault = malformed.filter(|&(at, _)| at == j).map(|(_, kind)| kind);
            let c = column(&column_type, r, fault);
            if batches {
                batch(c)
            } else {
                c
            }
        })
        .collect();
    let stream_type = chunks[0].data_type().clone();
    let source = Source {
        data_type: stream_type.clone(),
        chunks,
        fail_at,
        next: 0,
    };
    let name = batches.then_some(if h[1] & 2 != 0 { "nope" } else { COLUMN });
    let (kernel_name, ints, texts, _) = kernel(h[0], mode);
    let accepted = if text { texts } else { ints } && !(batches && h[1] & 2 != 0);
    let map = |source: Source| {
        let mut stream = export_stream(source);
        // SAFETY: a stream exported just now by polyid, whose chunks have its type or are
        // refused by the checks of each chunk's structs.
        let mapped = unsafe { map_stream(&mut stream, name, kernel(h[0], mode).3, "input") };
        (stream, mapped)
    };
    let (stream, mapped) = map(source.clone());
    let mapped = match mapped {
        Err(ReadError::Column(e)) => {
            assert!(
                !accepted,
                "{kernel_name}: a {stream_type} stream refused: {e}"
            );
            assert_eq!(e.code(), ErrorCode::InvalidArgument, "{e}");
            assert_eq!(e.row(), None, "{e}");
            // Still the caller's: released when it is dropped.
            assert!(stream.release.is_some(), "a refused stream taken over");
            return;
        }
        Err(e) => panic!("{kernel_name}: the type read failed: {e:?}"),
        Ok(m) => {
            assert!(
                accepted,
                "{kernel_name}: a {stream_type} stream taken (column {name:?})"
            );
            assert!(
                stream.release.is_none(),
                "an accepted stream left with the caller"
            );
            m
        }
    };
    // Each chunk alone: what the stream should give for it.
    let mut outcomes = Vec::new();
    let mut start = 0;
    for (j, chunk) in source.chunks.iter().enumerate() {
        if let Some((_, code)) = fail_at.filter(|&(at, _)| at == j) {
            outcomes.push(Outcome::Stream(code));
        }
        let column = if batches {
            chunk.child_data()[0].clone()
        } else {
            chunk.clone()
        };
        let outcome = if chunk.validate_full().is_err() {
            if batches {
                Outcome::Refused
            } else {
                // The kernel's block check refuses it, in either mode.
                Outcome::Failed(ColumnError::new(polyid::Error::reason(
                    ErrorCode::InvalidArgument,
                    "input",
                    "malformed",
                )))
            }
        } else {
            let array = make_array(column.clone());
            match (kernel(h[0], mode).3)(&array) {
                Ok(out) => Outcome::Chunk(out.to_data()),
                Err(e) => Outcome::Failed(e.shifted(start)),
            }
        };
        start += column.len();
        outcomes.push(outcome);
    }
    if let Some((_, code)) = fail_at.filter(|&(at, _)| at == source.chunks.len()) {
        outcomes.push(Outcome::Stream(code));
    }
    let first = outcomes
        .iter()
        .position(|o| !matches!(o, Outcome::Chunk(_)));

    // Chunk by chunk through `collect`: every chunk, or the first failure unless a later
    // chunk's reading fails (after a row's error, a malformed chunk too).
    let want_collect = first.map(|f| {
        let row = matches!(&outcomes[f], Outcome::Failed(e) if e.row().is_some());
        let later = match &outcomes[f] {
            Outcome::Stream(_) => None,
            _ => outcomes[f + 1..].iter().find(|o| match o {
                Outcome::Stream(_) | Outcome::Refused => true,
                Outcome::Failed(e) => row && e.row().is_none(),
                Outcome::Chunk(_) => false,
            }),
        };
        later.unwrap_or(&outcomes[f])
    });
    match (mapped.collect(), want_collect) {
        (Ok(chunks), None) => {
            let want: Vec<&ArrayData> = outcomes
                .iter()
                .map(|o| match o {
                    Outcome::Chunk(d) => d,
                    other => unreachable!("{other:?}"),
                })
                .collect();
            assert_eq!(chunks.len(), want.len(), "{kernel_name}: chunks");
            for (j, (got, want)) in chunks.iter().zip(want).enumerate() {
                assert!(&got.to_data() == want, "{kernel_name}: chunk {j}");
            }
        }
        (Err(got), Some(want)) => same_failure(kernel_name, &got, want),
        (got, want) => panic!("{kernel_name}: collect {got:?}, want {want:?}"),
    }

    // Exported again: the same chunks up to the first failure, which stays.
    let (_, mapped) = map(source);
    let mapped = mapped.expect("accepted above");
    let output_type = mapped.output_type().clone();
    let mut out = export_stream(Mapped(mapped));
    let mut schema = FFI_ArrowSchema::empty();
    // SAFETY: a live stream of polyid's and a released schema for it to write.
    let rc = unsafe { out.get_schema.expect("live")(&mut out, &mut schema) };
    assert_eq!(rc, 0, "{kernel_name}: get_schema");
    let field = Field::try_from(&schema).expect("the exported schema");
    assert_eq!(
        field.data_type(),
        &output_type,
        "{kernel_name}: output type"
    );
    for (j, want) in outcomes.iter().enumerate() {
        let mut array = FFI_ArrowArray::empty();
        // SAFETY: as above.
        let rc = unsafe { out.get_next.expect("live")(&mut out, &mut array) };
        match want {
            Outcome::Chunk(want) => {
                assert_eq!(rc, 0, "{kernel_name}: chunk {j}");
                // SAFETY: the array polyid exported just now, of the stream's type.
                let got =
                    unsafe { arrow_array::ffi::from_ffi_and_data_type(array, output_type.clone()) }
                        .expect("an exported chunk");
                assert!(&got == want, "{kernel_name}: exported chunk {j}");
                continue;
            }
            Outcome::Stream(code) => assert_eq!(rc, *code, "{kernel_name}: chunk {j}"),
            _ => assert_eq!(rc, EINVAL, "{kernel_name}: chunk {j}"),
        }
        let Some(Some(Failed(got))) = exported_failure::<Mapped>(&out) else {
            panic!("{kernel_name}: chunk {j}: no failure kept");
        };
        let got = got.clone();
        same_failure(kernel_name, &got, want);
        // SAFETY: as above.
        let message = unsafe { out.get_last_error.expect("live")(&mut out) };
        assert!(!message.is_null(), "{kernel_name}: no last error");
        // SAFETY: a NUL-terminated string the stream keeps until its next call.
        let message = unsafe { CStr::from_ptr(message) }
            .to_string_lossy()
            .into_owned();
        assert_eq!(message, Failed(got).to_string());
        // Failed for good: the same code again, the same message.
        let mut again = FFI_ArrowArray::empty();
        // SAFETY: as above.
        let rc2 = unsafe { out.get_next.expect("live")(&mut out, &mut again) };
        assert_eq!(rc2, rc, "{kernel_name}: a failed stream went on");
        assert!(
            again.is_released(),
            "{kernel_name}: a chunk after the failure"
        );
        break;
    }
    if first.is_none() {
        let mut end = FFI_ArrowArray::empty();
        // SAFETY: as above.
        let rc = unsafe { out.get_next.expect("live")(&mut out, &mut end) };
        assert_eq!(rc, 0, "{kernel_name}: the end");
        assert!(end.is_released(), "{kernel_name}: a chunk after the last");
    }
    // Released twice: the second call does nothing.
    let release = out.release.expect("live");
    // SAFETY: polyid's stream, whose release may be called again.
    unsafe {
        release(&mut out);
        release(&mut out);
    }
}

/// Whether `got` is the failure `want` describes.
fn same_failure(kernel: &str, got: &ReadError, want: &Outcome) {
    match (got, want) {
        (ReadError::Stream(StreamFailure { call, code, detail }), Outcome::Stream(c)) => {
            assert_eq!((*call, code), ("get_next", c), "{kernel}");
            assert_eq!(detail.as_deref(), Some(FAILED), "{kernel}");
        }
        (ReadError::Column(e), Outcome::Refused) => {
            assert_eq!(
                (e.code(), e.row()),
                (ErrorCode::InvalidArgument, None),
                "{kernel}: {e}"
            );
        }
        (ReadError::Column(e), Outcome::Failed(w)) => {
            assert_eq!(
                (e.code(), e.row()),
                (w.code(), w.row()),
                "{kernel}: {e} / {w}"
            );
            if w.row().is_some() {
                assert_eq!(e.input(), w.input(), "{kernel}");
            }
        }
        (got, want) => panic!("{kernel}: {got:?}, want {want:?}"),
    }
}
