//! What the TID, xid and EUID kernels share: a column of IDs read either as text (parsed by
//! the core) or as values (integers, or 16 bytes for EUIDs).

use arrow_array::Array;
use arrow_schema::DataType;
use polyid::euid::Euid;
use polyid::tid::Tid;
use polyid::xid::Xid;
use polyid::{Profile, Reading};

use crate::error::{ColumnError, OnError, Output};
use crate::input::{bytes16, narrow, with_ints, with_texts, wrong_type, Ints};
use crate::rows::{run, Bytes16Column, Rows, TextColumn};
use crate::sink::Sink;

/// An ID family whose columns hold text or values.
pub(crate) trait Family: Sized {
    /// The column named in a type error.
    const CONTEXT: &'static str;
    /// The column types the family reads.
    const EXPECTED: &'static str;
    /// What a profile is asked to read for the family's text (`None`: the family has one
    /// reading and takes no profile).
    const READING: Option<Reading>;
    fn parse(text: &str, profile: Profile) -> polyid::Result<Self>;
    /// The ID of an integer value (`None`: the family has no integer values).
    fn from_int(value: i128) -> Option<polyid::Result<Self>>;
    /// The ID of 16 big-endian bytes (`None`: the family has no 16-byte values).
    fn from_bytes16(bytes: &[u8]) -> Option<Self>;
}

impl Family for Tid {
    const CONTEXT: &'static str = "TID column";
    const EXPECTED: &'static str =
        "expected TID text (utf8, large_utf8, utf8_view) or TID values (an integer column)";
    const READING: Option<Reading> = Some(Reading::Tid);
    fn parse(text: &str, profile: Profile) -> polyid::Result<Tid> {
        Tid::parse_as(text, profile)
    }
    fn from_int(value: i128) -> Option<polyid::Result<Tid>> {
        Some(narrow::<i64>(value, "TID value").and_then(Tid::from_i64))
    }
    fn from_bytes16(_: &[u8]) -> Option<Tid> {
        None
    }
}

impl Family for Xid {
    const CONTEXT: &'static str = "xid column";
    const EXPECTED: &'static str =
        "expected xid text (utf8, large_utf8, utf8_view) or xid values (an integer column)";
    const READING: Option<Reading> = None;
    fn parse(text: &str, _: Profile) -> polyid::Result<Xid> {
        Xid::parse(text)
    }
    fn from_int(value: i128) -> Option<polyid::Result<Xid>> {
        Some(narrow::<u64>(value, "xid value").map(Xid::from_u64))
    }
    fn from_bytes16(_: &[u8]) -> Option<Xid> {
        None
    }
}

impl Family for Euid {
    const CONTEXT: &'static str = "EUID column";
    const EXPECTED: &'static str =
        "expected EUID text (utf8, large_utf8, utf8_view) or EUID values (fixed_size_binary(16))";
    const READING: Option<Reading> = Some(Reading::Euid);
    fn parse(text: &str, profile: Profile) -> polyid::Result<Euid> {
        Euid::parse_as(text, profile)
    }
    fn from_int(_: i128) -> Option<polyid::Result<Euid>> {
        None
    }
    fn from_bytes16(bytes: &[u8]) -> Option<Euid> {
        Euid::from_slice(bytes).ok()
    }
}

/// Runs `f` over the IDs of `column` (text parsed as `profile` reads it, or values), into
/// `sink`: nulls stay null, invalid rows follow `mode`. A profile that does not define the
/// family fails the call before any row, whatever the column holds: the profile is the
/// caller's argument, and values would otherwise pass under a reading it does not have.
pub(crate) fn map_ids<F: Family, S: Sink>(
    column: &dyn Array,
    profile: Profile,
    mode: OnError,
    sink: S,
    f: impl Fn(F) -> Option<S::Item> + Sync,
) -> Result<Output, ColumnError> {
    if let Some(reading) = F::READING {
        profile.check(reading)?;
    }
    let rows = column.len();
    let nulls = column.nulls();
    with_texts!(
        column,
        |t| run(
            Rows::new(TextColumn(t), |s: &&str| F::parse(s, profile).map(&f)),
            rows,
            nulls,
            mode,
            sink,
        ),
        map_values(column, mode, sink, f)
    )
}

/// [`map_ids`] over a column of values.
fn map_values<F: Family, S: Sink>(
    column: &dyn Array,
    mode: OnError,
    sink: S,
    f: impl Fn(F) -> Option<S::Item> + Sync,
) -> Result<Output, ColumnError> {
    let rows = column.len();
    let nulls = column.nulls();
    if let DataType::FixedSizeBinary(16) = column.data_type() {
        let b = bytes16(column, F::CONTEXT, F::EXPECTED)?;
        if F::from_bytes16(&[0; 16]).is_some() {
            return run(
                Rows::new(Bytes16Column(b), |v: &&[u8]| {
                    Ok(F::from_bytes16(v).and_then(&f))
                }),
                rows,
                nulls,
                mode,
                sink,
            );
        }
    }
    if F::from_int(0).is_some() {
        let ints = Ints::of(column, None, F::CONTEXT, F::EXPECTED)?;
        let compute = |&v: &i128| match F::from_int(v) {
            Some(id) => id.map(&f),
            None => Ok(None),
        };
        return with_ints!(&ints, |c| run(
            Rows::new(c, compute),
            rows,
            nulls,
            mode,
            sink
        ));
    }
    Err(wrong_type(F::CONTEXT, F::EXPECTED))
}
