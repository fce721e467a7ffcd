//! The columns of a kernel of several columns read in step (`polyid_arrow::stream::ZipChunks`,
//! what the Python binding runs `full_ids` with a namespace column, `tid_from_parts` and the
//! other functions of several columns with when an input is a stream): a namespace column and
//! a code column for `wdp::full_ids_per_row`, each a stream that polyid's own export hands out
//! (chunks of any length, empty ones too) or a whole array, with null rows, columns of equal
//! or different lengths, and at most one malformed text chunk (an offset moved back, a byte
//! that is not UTF-8).
//!
//! Properties, against the kernel run once on each column whole: the output type is the
//! kernel's; without a malformed chunk, `collect` gives the kernel's rows, in chunks that are
//! never empty, or the kernel's error (a row's, counted from the start, with its input; or the
//! columns' different lengths); with one, `INVALID_ARGUMENT` without a row.
//!
//! Input: a byte of flags (bit 0 the mode `Raise`; bit 1 the namespaces and bit 2 the codes as
//! a whole array rather than a stream; bit 3 a malformed chunk); the malformed chunk's byte
//! (bit 0 the column, bit 1 the kind, the rest its index modulo the column's chunks); then the
//! namespaces' rows, 0xFD, the codes' rows: chunks separated by 0xFF, each other byte a row,
//! 0xFE null, any other a text of [`NAMESPACES`] or [`CODES`].

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{make_array, Array, ArrayRef, StringArray};
use arrow_buffer::Buffer;
use arrow_data::ArrayData;
use arrow_schema::DataType;
use polyid::{ErrorCode, Profile};
use polyid_arrow::stream::{
    export_stream, read_type, Chunks, Column, ManyChunkKernel, ReadError, StreamReader, ZipChunks,
};
use polyid_arrow::{wdp, ColumnError, OnError, Output};

/// Namespaces a row may hold: valid ones and invalid ones (uppercase, too long, empty).
const NAMESPACES: [&str; 8] = [
    "auth_lib",
    "a",
    "Auth",
    "billing-api",
    "",
    "x_y_z_w_v",
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    "ns\u{e9}",
];

/// Codes a row may hold: valid ones of several shapes and invalid ones.
const CODES: [&str; 16] = [
    "E.Auth.Token.MISSING",
    "E.AUTH.TOKEN.001",
    "e.auth.token.UNDERFLOW",
    " W.A.B.999 ",
    "E.AUTH.TOKEN.000",
    "E.A.B",
    "",
    "X.A.B.001",
    "E.AUTHENTICATION.TOKENVALIDATOR.042",
    "E.A.B.OVERFLOW",
    "E.A.B.NOT_A_NAME",
    "\u{e9}.A.B.001",
    "I.Db.Pool.TIMEOUT",
    "E.A.B.001",
    "C.Net.Conn.CLOSED",
    "E..B.001",
];

/// One column's rows: chunks of rows, `None` a null.
type Rows = Vec<Vec<Option<u8>>>;

fn rows(bytes: &[u8]) -> Rows {
    bytes
        .split(|&b| b == 0xFF)
        .map(|chunk| chunk.iter().map(|&b| (b != 0xFE).then_some(b)).collect())
        .collect()
}

/// A text column of `rows` (`None`: null), malformed with `fault`: over its rows from `start`,
/// `len` of them, kind 0 sets the offset after the first to the last's (an offset moved
/// back), kind 1 makes their first text byte a continuation byte.
fn texts_of(texts: &[&str], rows: &[Option<u8>], fault: Option<(usize, usize, u8)>) -> ArrayRef {
    let mut values = Vec::new();
    let mut offsets = vec![0i32];
    for &b in rows {
        if let Some(b) = b {
            values.extend_from_slice(texts[usize::from(b) % texts.len()].as_bytes());
        }
        offsets.push(values.len() as i32);
    }
    match fault {
        Some((start, len, 0)) if len >= 2 => offsets[start + 1] = offsets[start + len],
        Some((start, len, _)) if offsets[start + len] > offsets[start] => {
            values[offsets[start] as usize] = 0x80
        }
        _ => {}
    }
    let builder = ArrayData::builder(DataType::Utf8)
        .len(rows.len())
        .buffers(vec![Buffer::from_vec(offsets), Buffer::from_vec(values)])
        .null_bit_buffer(Some(Buffer::from_iter(rows.iter().map(Option::is_some))));
    // SAFETY: every buffer is as long as the rows say (a fault moves an offset inside the
    // text or changes a byte, nothing a reader could read past); the consumer validates it.
    make_array(unsafe { builder.build_unchecked() })
}

/// A column as the kernel reads it: the whole array of its chunks' rows, or a stream of its
/// chunks exported by polyid; with the fault in the chunk `fault` names. Also the whole
/// array with that fault (what the kernel reads at once), and whether the fault made the
/// column malformed (as arrow-rs's full validation says; an offset moved back onto an equal
/// one only moves text from one row to another).
fn column(
    texts: &[&str],
    chunks: &Rows,
    fault: Option<(usize, u8)>,
    whole: bool,
) -> (Column, ArrayRef, bool) {
    let all: Vec<Option<u8>> = chunks.concat();
    let global = fault.map(|(at, kind)| {
        let start = chunks[..at].iter().map(Vec::len).sum();
        (start, chunks[at].len(), kind)
    });
    let array = texts_of(texts, &all, global);
    let malformed = array.to_data().validate_full().is_err();
    if whole {
        return (Column::Array(array.clone()), array, malformed);
    }
    let arrays: Vec<ArrayRef> = chunks
        .iter()
        .enumerate()
        .map(|(i, rows)| {
            let fault = fault
                .filter(|&(at, _)| at == i)
                .map(|(_, kind)| (0, rows.len(), kind));
            texts_of(texts, rows, fault)
        })
        .collect();
    let mut stream = export_stream(Chunks::new(DataType::Utf8, arrays));
    // SAFETY: a stream exported just now, whose chunks are utf8 as its schema says.
    let data_type = unsafe { read_type(&mut stream, "input") }.expect("polyid's own stream");
    // SAFETY: as above.
    let reader = unsafe { StreamReader::new(stream, data_type, "input") };
    (Column::Stream(reader), array, malformed)
}

fn kernel(mode: OnError) -> ManyChunkKernel<'static> {
    Box::new(move |c| {
        wdp::full_ids_per_row(c[0].as_ref(), c[1].as_ref(), None, Profile::Polyid, mode)
            .and_then(Output::packed)
    })
}

/// The rows of a kernel's output: the full ID, or the struct's value and error.
fn out_rows(out: &dyn Array) -> Vec<(Option<String>, Option<String>)> {
    let texts = |a: &dyn Array| -> Vec<Option<String>> {
        let a = a.as_string::<i32>();
        (0..a.len())
            .map(|i| a.is_valid(i).then(|| a.value(i).to_owned()))
            .collect()
    };
    match out.data_type() {
        DataType::Struct(_) => {
            let s = out.as_struct();
            let errors = texts(s.column(1).as_ref());
            texts(s.column(0).as_ref())
                .into_iter()
                .zip(errors)
                .collect()
        }
        _ => texts(out).into_iter().map(|v| (v, None)).collect(),
    }
}

/// Checks the properties above on the columns `data` describes (nothing for an input that
/// describes none); a broken one panics.
pub fn check(data: &[u8]) {
    if data.len() < 2 {
        return;
    }
    let (flags, fault_byte, body) = (data[0], data[1], &data[2..]);
    let mode = if flags & 1 != 0 {
        OnError::Raise
    } else {
        OnError::Null
    };
    let (ns_bytes, code_bytes) = match body.iter().position(|&b| b == 0xFD) {
        Some(at) => (&body[..at], &body[at + 1..]),
        None => (body, &[][..]),
    };
    let (ns_rows, code_rows) = (rows(ns_bytes), rows(code_bytes));
    let fault = (flags & 8 != 0).then(|| {
        let which = fault_byte & 1;
        let chunks = if which == 0 { &ns_rows } else { &code_rows };
        (
            which,
            usize::from(fault_byte >> 2) % chunks.len(),
            (fault_byte >> 1) & 1,
        )
    });
    let fault_in = |which: u8| {
        fault
            .filter(|f| f.0 == which)
            .map(|(_, at, kind)| (at, kind))
    };
    let (namespaces, ns_whole, ns_bad) = column(&NAMESPACES, &ns_rows, fault_in(0), flags & 2 != 0);
    let (codes, codes_whole, codes_bad) = column(&CODES, &code_rows, fault_in(1), flags & 4 != 0);
    let malformed = ns_bad || codes_bad;

    let mut zip = ZipChunks::new(vec![namespaces, codes], false, kernel(mode));
    let empty: Vec<ArrayRef> = (0..2)
        .map(|_| Arc::new(StringArray::from(Vec::<&str>::new())) as ArrayRef)
        .collect();
    let out_type = zip.output_type().expect("the kernel reads text columns");
    assert_eq!(&out_type, kernel(mode)(&empty).unwrap().data_type());
    let got = zip.collect();

    if malformed {
        let Err(ReadError::Column(e)) = &got else {
            panic!("a malformed chunk, yet {got:?}");
        };
        assert_eq!(
            (e.code(), e.row()),
            (ErrorCode::InvalidArgument, None),
            "{e}"
        );
        return;
    }
    let want = kernel(mode)(&[ns_whole, codes_whole]);
    match (got, want) {
        (Ok(chunks), Ok(want)) => {
            assert!(
                chunks.iter().all(|c| !c.is_empty()),
                "an empty output chunk"
            );
            assert!(chunks.iter().all(|c| c.data_type() == &out_type));
            let rows: Vec<_> = chunks.iter().flat_map(|c| out_rows(c.as_ref())).collect();
            assert_eq!(rows, out_rows(want.as_ref()));
        }
        (Err(ReadError::Column(e)), Err(w)) => same(&e, &w),
        (got, want) => panic!("in step {got:?}, whole {want:?}"),
    }
}

fn same(got: &ColumnError, want: &ColumnError) {
    assert_eq!(
        (got.code(), got.row(), got.input(), got.to_string()),
        (want.code(), want.row(), want.input(), want.to_string())
    );
}
