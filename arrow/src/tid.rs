//! TID columns (docs/spec §3): text, values (`int64`, `micros << 10 | clock_id`),
//! timestamps and clock ids.
//!
//! A column of TIDs is either text (`utf8`, `large_utf8`, `utf8_view`: the 13-symbol or
//! dashed display form, read as the profile reads it) or values (any integer column).

use arrow_array::types::{Int64Type, TimestampMicrosecondType, UInt16Type};
use arrow_array::{Array, ArrayRef};
use arrow_schema::{DataType, TimeUnit};
use polyid::clock::Clock;
use polyid::error::in_range;
use polyid::tid::{Tid, TidGenerator, DISPLAY_LEN, LEN, MAX_CLOCK_ID, MAX_MICROS, MIN_MICROS};
use polyid::Profile;

use crate::error::{ColumnError, OnError, Output};
use crate::ids::map_ids;
use crate::input::{same_len, union_nulls, Ints};
use crate::rows::{checked, run, Cells, Rows};
use crate::sink::{Prim, Text};

/// The text of every TID (`utf8`): the 13-symbol form, or the dashed display form with
/// `display`.
///
/// ```
/// use arrow_array::{Int64Array, cast::AsArray};
/// use polyid_arrow::{tid, OnError};
/// let values = Int64Array::from(vec![Some(1_762_721_020_395_837_441), None]);
/// let out = tid::encode(&values, false, OnError::Raise)?;
/// assert_eq!(out.values.as_string::<i32>().value(0), "3kxnlhr3gxq23"); // docs/spec §3
/// # Ok::<(), polyid_arrow::ColumnError>(())
/// ```
pub fn encode(column: &dyn Array, display: bool, mode: OnError) -> Result<Output, ColumnError> {
    let rows = column.len();
    if display {
        let sink = Text::<DISPLAY_LEN>::new(rows)?;
        map_ids(column, Profile::Polyid, mode, sink, |t: Tid| {
            Some(t.display_bytes())
        })
    } else {
        let sink = Text::<LEN>::new(rows)?;
        map_ids(column, Profile::Polyid, mode, sink, |t: Tid| {
            Some(t.to_bytes())
        })
    }
}

/// The value of every TID (`int64`).
pub fn parse(column: &dyn Array, profile: Profile, mode: OnError) -> Result<Output, ColumnError> {
    let sink = Prim::<Int64Type>::new(column.len());
    map_ids(column, profile, mode, sink, |t: Tid| Some(t.value()))
}

/// The timestamp of every TID (`timestamp[us, UTC]`).
pub fn timestamps(
    column: &dyn Array,
    profile: Profile,
    mode: OnError,
) -> Result<Output, ColumnError> {
    let sink = Prim::<TimestampMicrosecondType>::with_type(
        column.len(),
        DataType::Timestamp(TimeUnit::Microsecond, Some("UTC".into())),
    );
    map_ids(column, profile, mode, sink, |t: Tid| Some(t.micros()))
}

/// The clock id of every TID (`uint16`, 0-1023).
pub fn clock_ids(
    column: &dyn Array,
    profile: Profile,
    mode: OnError,
) -> Result<Output, ColumnError> {
    let sink = Prim::<UInt16Type>::new(column.len());
    map_ids(column, profile, mode, sink, |t: Tid| Some(t.clock_id()))
}

/// The TID values (`int64`) of a microseconds column (an integer column or
/// `timestamp[us]`) and a clock-id column ([`Tid::from_parts`]).
pub fn from_parts(
    micros: &dyn Array,
    clock_ids: &dyn Array,
    mode: OnError,
) -> Result<Output, ColumnError> {
    let rows = same_len(&[micros, clock_ids], "TID parts")?;
    let m = Ints::of(
        micros,
        Some(TimeUnit::Microsecond),
        "TID micros",
        "expected an integer or timestamp[us] column",
    )?;
    let c = Ints::of(
        clock_ids,
        None,
        "TID clock_id",
        "expected an integer column",
    )?;
    let nulls = union_nulls(&[micros, clock_ids]);
    let cells = Cells {
        read: |i| (m.get(i), c.get(i)),
        check: checked,
        describe: |(m, c): &(i128, i128)| format!("micros={m}, clock_id={c}"),
    };
    let compute = |&(m, c): &(i128, i128)| {
        let m = in_range(m, "TID micros", MIN_MICROS, MAX_MICROS)?;
        let t = Tid::from_parts(m, in_range(c, "TID clock_id", 0, MAX_CLOCK_ID)?)?;
        Ok(Some(t.value()))
    };
    run(
        Rows::new(cells, compute),
        rows,
        nulls.as_ref(),
        mode,
        Prim::<Int64Type>::new(rows),
    )
}

/// `count` new TIDs from `generator` as text (`utf8`, 13 symbols), in increasing order.
pub fn generate<C: Clock>(
    generator: &TidGenerator<C>,
    count: u64,
) -> Result<ArrayRef, ColumnError> {
    let count = polyid::batch::check_count(count)?;
    let tids = generator.next_many(count)?;
    Text::<LEN>::new(count)?.filled(tids.iter().map(|t| t.to_bytes()))
}
