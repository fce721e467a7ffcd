//! EUID columns (docs/spec §4): text, values (`fixed_size_binary(16)`, big-endian),
//! timestamps and extensions.
//!
//! A column of EUIDs is either text (`utf8`, `large_utf8`, `utf8_view`: 27 symbols, read
//! as the profile reads them) or values (`fixed_size_binary(16)`).

use arrow_array::types::{TimestampMillisecondType, UInt16Type};
use arrow_array::{Array, ArrayRef};
use arrow_buffer::NullBuffer;
use arrow_schema::{DataType, TimeUnit};
use polyid::clock::Clock;
use polyid::error::in_range;
use polyid::euid::{self, Euid, EuidGenerator, LEN};
use polyid::Profile;

use crate::error::{ColumnError, OnError, Output};
use crate::ids::map_ids;
use crate::input::{same_len, union_nulls, Ints};
use crate::rows::{checked, run, Cells, Rows};
use crate::sink::{Bytes16, Prim, Text};

/// The text of every EUID (`utf8`, 27 symbols): with its check symbol, or with the
/// no-check symbol when `checkmod` is false.
pub fn encode(column: &dyn Array, checkmod: bool, mode: OnError) -> Result<Output, ColumnError> {
    let sink = Text::<LEN>::new(column.len())?;
    map_ids(column, Profile::Polyid, mode, sink, |e: Euid| {
        Some(e.encode_bytes(checkmod))
    })
}

/// The value of every EUID (`fixed_size_binary(16)`, big-endian).
pub fn parse(column: &dyn Array, profile: Profile, mode: OnError) -> Result<Output, ColumnError> {
    let sink = Bytes16::new(column.len());
    map_ids(column, profile, mode, sink, |e: Euid| Some(e.to_bytes()))
}

/// The timestamp of every EUID (`timestamp[ms, UTC]`).
pub fn timestamps(
    column: &dyn Array,
    profile: Profile,
    mode: OnError,
) -> Result<Output, ColumnError> {
    let sink = Prim::<TimestampMillisecondType>::with_type(
        column.len(),
        DataType::Timestamp(TimeUnit::Millisecond, Some("UTC".into())),
    );
    // An EUID time has 45 bits: it fits an i64.
    map_ids(column, profile, mode, sink, |e: Euid| {
        Some(e.unix_ms() as i64)
    })
}

/// The extension of every EUID (`uint16`), null for an EUID without one (the error column
/// of [`OnError::Null`] tells that apart from an invalid row).
pub fn extensions(
    column: &dyn Array,
    profile: Profile,
    mode: OnError,
) -> Result<Output, ColumnError> {
    let sink = Prim::<UInt16Type>::new(column.len());
    map_ids(column, profile, mode, sink, |e: Euid| e.extension())
}

/// The EUID values (`fixed_size_binary(16)`) of their fields ([`Euid::from_parts`]): Unix
/// milliseconds (an integer column or `timestamp[ms]`), the extension (`None`, or a null
/// cell: no extension), the padding (`None`: 0) and the low 64 random bits.
pub fn from_parts(
    unix_ms: &dyn Array,
    extensions: Option<&dyn Array>,
    paddings: Option<&dyn Array>,
    randoms: &dyn Array,
    mode: OnError,
) -> Result<Output, ColumnError> {
    let mut columns = vec![unix_ms, randoms];
    columns.extend(extensions);
    columns.extend(paddings);
    let rows = same_len(&columns, "EUID parts")?;
    let ms = Ints::of(
        unix_ms,
        Some(TimeUnit::Millisecond),
        "EUID unix_ms",
        "expected an integer or timestamp[ms] column",
    )?;
    let random = Ints::of(randoms, None, "EUID random", "expected an integer column")?;
    let ext = extensions
        .map(|a| Ints::of(a, None, "EUID extension", "expected an integer column"))
        .transpose()?;
    let ext_nulls: Option<&NullBuffer> = extensions.and_then(|a| a.nulls());
    let pad = paddings
        .map(|a| Ints::of(a, None, "EUID padding", "expected an integer column"))
        .transpose()?;
    // A null extension is "no extension", not a null row.
    let mut row_columns = vec![unix_ms, randoms];
    row_columns.extend(paddings);
    let nulls = union_nulls(&row_columns);
    let read = |i| {
        let e = match (&ext, ext_nulls) {
            (Some(_), Some(n)) if n.is_null(i) => None,
            (Some(e), _) => Some(e.get(i)),
            (None, _) => None,
        };
        (
            ms.get(i),
            e,
            pad.as_ref().map_or(0, |p| p.get(i)),
            random.get(i),
        )
    };
    let describe = |(ms, e, p, r): &(i128, Option<i128>, i128, i128)| match e {
        Some(e) => format!("unix_ms={ms}, extension={e}, padding={p}, random={r}"),
        None => format!("unix_ms={ms}, extension=null, padding={p}, random={r}"),
    };
    let compute = |&(ms, e, p, r): &(i128, Option<i128>, i128, i128)| {
        let ms = in_range(ms, "EUID unix_ms", 0, euid::MAX_UNIX_MS)?;
        let e = e.map(|e| in_range(e, "EUID extension", 0, euid::MAX_EXTENSION));
        let e = e.transpose()?;
        let p = in_range(p, "EUID padding", 0, euid::max_padding(e))?;
        let id = Euid::from_parts(ms, e, p, in_range(r, "EUID random", 0, u64::MAX)?)?;
        Ok(Some(id.to_bytes()))
    };
    let cells = Cells {
        read,
        check: checked,
        describe,
    };
    run(
        Rows::new(cells, compute),
        rows,
        nulls.as_ref(),
        mode,
        Bytes16::new(rows),
    )
}

/// `count` new EUIDs from `generator` as text (`utf8`, 27 symbols with the check symbol),
/// in increasing order.
pub fn generate<C: Clock>(
    generator: &EuidGenerator<C>,
    count: u64,
) -> Result<ArrayRef, ColumnError> {
    let count = polyid::batch::check_count(count)?;
    let euids = generator.next_many(count)?;
    Text::<LEN>::new(count)?.filled(euids.iter().map(|e| e.encode_bytes(true)))
}
