//! xid and uid11 columns (docs/spec §2): text, values (`uint64`), timestamps and random
//! bits.
//!
//! A column of xids is either text (`utf8`, `large_utf8`, `utf8_view`: 11 Base58 symbols)
//! or values (any integer column).

use arrow_array::types::{TimestampMillisecondType, UInt32Type, UInt64Type};
use arrow_array::{Array, ArrayRef};
use arrow_schema::{DataType, TimeUnit};
use polyid::clock::Clock;
use polyid::error::in_range;
use polyid::uid11;
use polyid::xid::{self, Xid, XidGenerator};
use polyid::Profile;

use crate::error::{ColumnError, OnError, Output};
use crate::ids::map_ids;
use crate::input::{narrow, same_len, union_nulls, with_ints, with_texts, wrong_type, Ints};
use crate::rows::{checked, run, Cells, Rows, TextColumn};
use crate::sink::{Prim, Text};

/// The text of every xid (`utf8`, 11 symbols).
pub fn encode(column: &dyn Array, mode: OnError) -> Result<Output, ColumnError> {
    let sink = Text::<{ uid11::LEN }>::new(column.len())?;
    map_ids(column, Profile::Polyid, mode, sink, |x: Xid| {
        Some(x.to_bytes())
    })
}

/// The value of every xid (`uint64`).
pub fn parse(column: &dyn Array, mode: OnError) -> Result<Output, ColumnError> {
    let sink = Prim::<UInt64Type>::new(column.len());
    map_ids(column, Profile::Polyid, mode, sink, |x: Xid| {
        Some(x.value())
    })
}

/// The timestamp of every xid (`timestamp[ms, UTC]`).
pub fn timestamps(column: &dyn Array, mode: OnError) -> Result<Output, ColumnError> {
    let sink = Prim::<TimestampMillisecondType>::with_type(
        column.len(),
        DataType::Timestamp(TimeUnit::Millisecond, Some("UTC".into())),
    );
    // Every xid time is below 2^43 ms: it fits an i64.
    map_ids(column, Profile::Polyid, mode, sink, |x: Xid| {
        Some(x.unix_ms() as i64)
    })
}

/// The 22 random bits of every xid (`uint32`).
pub fn randoms(column: &dyn Array, mode: OnError) -> Result<Output, ColumnError> {
    let sink = Prim::<UInt32Type>::new(column.len());
    map_ids(column, Profile::Polyid, mode, sink, |x: Xid| {
        Some(x.random())
    })
}

/// The xid values (`uint64`) of a Unix-milliseconds column (an integer column or
/// `timestamp[ms]`) and a random-bits column ([`Xid::from_parts`]).
pub fn from_parts(
    unix_ms: &dyn Array,
    randoms: &dyn Array,
    mode: OnError,
) -> Result<Output, ColumnError> {
    let rows = same_len(&[unix_ms, randoms], "xid parts")?;
    let ms = Ints::of(
        unix_ms,
        Some(TimeUnit::Millisecond),
        "xid unix_ms",
        "expected an integer or timestamp[ms] column",
    )?;
    let r = Ints::of(randoms, None, "xid random", "expected an integer column")?;
    let nulls = union_nulls(&[unix_ms, randoms]);
    let cells = Cells {
        read: |i| (ms.get(i), r.get(i)),
        check: checked,
        describe: |(ms, r): &(i128, i128)| format!("unix_ms={ms}, random={r}"),
    };
    let compute = |&(ms, r): &(i128, i128)| {
        let ms = in_range(ms, "xid unix_ms", xid::EPOCH_MS, xid::MAX_UNIX_MS)?;
        let x = Xid::from_parts(ms, in_range(r, "xid random", 0, xid::MAX_RANDOM)?)?;
        Ok(Some(x.value()))
    };
    run(
        Rows::new(cells, compute),
        rows,
        nulls.as_ref(),
        mode,
        Prim::<UInt64Type>::new(rows),
    )
}

/// `count` new xids from `generator` as text (`utf8`, 11 symbols).
pub fn generate<C: Clock>(
    generator: &XidGenerator<C>,
    count: u64,
) -> Result<ArrayRef, ColumnError> {
    let count = polyid::batch::check_count(count)?;
    let xids = generator.next_many(count)?;
    Text::<{ uid11::LEN }>::new(count)?.filled(xids.iter().map(|x| x.to_bytes()))
}

/// The uid11 text of every integer (`utf8`, 11 symbols; [`uid11::encode`]). Any integer
/// column; a value outside `u64` is `OUT_OF_RANGE`.
pub fn uid11_encode(values: &dyn Array, mode: OnError) -> Result<Output, ColumnError> {
    let rows = values.len();
    let ints = Ints::of(values, None, "uid11 value", "expected an integer column")?;
    let encode = |&v: &i128| {
        let mut out = [0; uid11::LEN];
        uid11::encode_into(narrow(v, "uid11 value")?, &mut out);
        Ok(Some(out))
    };
    let sink = Text::<{ uid11::LEN }>::new(rows)?;
    with_ints!(&ints, |c| run(
        Rows::new(c, encode),
        rows,
        values.nulls(),
        mode,
        sink
    ))
}

/// The value of every uid11 text (`uint64`; [`uid11::decode`]).
pub fn uid11_decode(texts: &dyn Array, mode: OnError) -> Result<Output, ColumnError> {
    let rows = texts.len();
    with_texts!(
        texts,
        |t| run(
            Rows::new(TextColumn(t), |s: &&str| uid11::decode(s).map(Some)),
            rows,
            texts.nulls(),
            mode,
            Prim::<UInt64Type>::new(rows),
        ),
        Err(wrong_type(
            "uid11 text",
            "expected a utf8, large_utf8 or utf8_view column"
        ))
    )
}
