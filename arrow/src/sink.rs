//! Building the output columns, and the row loop every row-wise kernel runs.

use std::marker::PhantomData;
use std::sync::Arc;

use arrow_array::types::ArrowPrimitiveType;
use arrow_array::{
    Array, ArrayRef, FixedSizeBinaryArray, PrimitiveArray, StringArray, StructArray,
};
use arrow_buffer::{Buffer, NullBuffer, NullBufferBuilder, OffsetBuffer, ScalarBuffer};
use arrow_schema::{ArrowError, DataType, Field, Fields};
use polyid::{Detail, Error, ErrorCode};

use crate::error::{ColumnError, OnError, Output};

/// An Arrow constructor refused buffers the kernel built: a bug, reported as the core's
/// `INTERNAL_ERROR` rather than a panic.
#[cold]
pub(crate) fn internal(e: ArrowError) -> Error {
    Error::new(
        ErrorCode::InternalError,
        "Arrow column",
        Detail::Message(e.to_string().into()),
    )
}

/// `OUT_OF_RANGE` for a column whose text would not fit 32-bit offsets.
#[cold]
fn too_many_rows(rows: usize, max: usize) -> Error {
    Error::new(
        ErrorCode::OutOfRange,
        "rows in one Arrow array",
        Detail::Range {
            found: rows as i128,
            min: 0,
            max: max as i128,
        },
    )
}

/// One output column, filled row by row.
pub(crate) trait Sink {
    type Item;
    fn push(&mut self, item: Self::Item);
    /// The placeholder of a null row (its validity bit is cleared by the caller).
    fn push_null(&mut self);
    fn finish(self, nulls: Option<NullBuffer>) -> Result<ArrayRef, Error>;
}

/// A `utf8` column of `W`-byte ASCII texts (the IDs' text forms).
pub(crate) struct Text<const W: usize> {
    values: Vec<u8>,
    offsets: Vec<i32>,
}

impl<const W: usize> Text<W> {
    pub(crate) fn new(rows: usize) -> Result<Self, ColumnError> {
        let max = i32::MAX as usize / W;
        if rows > max {
            return Err(ColumnError::new(too_many_rows(rows, max)));
        }
        let mut offsets = Vec::with_capacity(rows + 1);
        offsets.push(0);
        Ok(Text {
            values: Vec::with_capacity(rows * W),
            offsets,
        })
    }
}

impl<const W: usize> Sink for Text<W> {
    type Item = [u8; W];
    #[inline]
    fn push(&mut self, item: [u8; W]) {
        self.values.extend_from_slice(&item);
        self.offsets.push(self.values.len() as i32);
    }
    #[inline]
    fn push_null(&mut self) {
        self.offsets.push(self.values.len() as i32);
    }
    fn finish(self, nulls: Option<NullBuffer>) -> Result<ArrayRef, Error> {
        let offsets = OffsetBuffer::new(ScalarBuffer::from(self.offsets));
        let array = StringArray::try_new(offsets, Buffer::from_vec(self.values), nulls)
            .map_err(internal)?;
        Ok(Arc::new(array))
    }
}

/// A `utf8` column of texts of any length (normalized codes, catalog codes and messages).
pub(crate) struct VarText<T> {
    values: Vec<u8>,
    offsets: Vec<i32>,
    overflow: bool,
    /// The rows whose text fits 32-bit offsets, once it no longer does.
    fitting: usize,
    item: PhantomData<T>,
}

impl<T> VarText<T> {
    pub(crate) fn new(rows: usize) -> Self {
        let mut offsets = Vec::with_capacity(rows + 1);
        offsets.push(0);
        VarText {
            values: Vec::new(),
            offsets,
            overflow: false,
            fitting: 0,
            item: PhantomData,
        }
    }
}

impl<T: AsRef<str>> Sink for VarText<T> {
    type Item = T;
    #[inline]
    fn push(&mut self, item: T) {
        self.values.extend_from_slice(item.as_ref().as_bytes());
        self.push_null();
    }
    #[inline]
    fn push_null(&mut self) {
        match i32::try_from(self.values.len()) {
            Ok(end) => self.offsets.push(end),
            Err(_) => {
                if !self.overflow {
                    self.overflow = true;
                    self.fitting = self.offsets.len() - 1;
                }
                self.offsets.push(0);
            }
        }
    }
    fn finish(self, nulls: Option<NullBuffer>) -> Result<ArrayRef, Error> {
        if self.overflow {
            return Err(too_many_rows(self.offsets.len() - 1, self.fitting));
        }
        let offsets = OffsetBuffer::new(ScalarBuffer::from(self.offsets));
        let array = StringArray::try_new(offsets, Buffer::from_vec(self.values), nulls)
            .map_err(internal)?;
        Ok(Arc::new(array))
    }
}

/// A primitive column; `data_type` carries a timestamp's unit and time zone.
pub(crate) struct Prim<T: ArrowPrimitiveType> {
    values: Vec<T::Native>,
    data_type: DataType,
}

impl<T: ArrowPrimitiveType> Prim<T> {
    pub(crate) fn new(rows: usize) -> Self {
        Prim {
            values: Vec::with_capacity(rows),
            data_type: T::DATA_TYPE,
        }
    }

    pub(crate) fn with_type(rows: usize, data_type: DataType) -> Self {
        Prim {
            values: Vec::with_capacity(rows),
            data_type,
        }
    }
}

impl<T: ArrowPrimitiveType> Sink for Prim<T> {
    type Item = T::Native;
    #[inline]
    fn push(&mut self, item: T::Native) {
        self.values.push(item);
    }
    #[inline]
    fn push_null(&mut self) {
        self.values.push(T::Native::default());
    }
    fn finish(self, nulls: Option<NullBuffer>) -> Result<ArrayRef, Error> {
        let array = PrimitiveArray::<T>::try_new(ScalarBuffer::from(self.values), nulls)
            .map_err(internal)?;
        if !PrimitiveArray::<T>::is_compatible(&self.data_type) {
            return Err(internal(ArrowError::InvalidArgumentError(format!(
                "{} is not {}",
                self.data_type,
                T::DATA_TYPE
            ))));
        }
        Ok(Arc::new(array.with_data_type(self.data_type)))
    }
}

/// A `fixed_size_binary(16)` column (EUIDs, big-endian).
pub(crate) struct Bytes16 {
    values: Vec<u8>,
}

impl Bytes16 {
    pub(crate) fn new(rows: usize) -> Self {
        Bytes16 {
            values: Vec::with_capacity(rows * 16),
        }
    }
}

impl Sink for Bytes16 {
    type Item = [u8; 16];
    #[inline]
    fn push(&mut self, item: [u8; 16]) {
        self.values.extend_from_slice(&item);
    }
    #[inline]
    fn push_null(&mut self) {
        self.values.extend_from_slice(&[0; 16]);
    }
    fn finish(self, nulls: Option<NullBuffer>) -> Result<ArrayRef, Error> {
        let array = FixedSizeBinaryArray::try_new(16, Buffer::from_vec(self.values), nulls)
            .map_err(internal)?;
        Ok(Arc::new(array))
    }
}

/// Two columns filled together, returned as a struct column with the given field names
/// (the struct's nulls are the row's; each field keeps its own).
pub(crate) struct Pair<A, B> {
    pub(crate) a: A,
    pub(crate) b: B,
    pub(crate) names: [&'static str; 2],
}

impl<A: Sink, B: Sink> Sink for Pair<A, B> {
    type Item = (A::Item, B::Item);
    #[inline]
    fn push(&mut self, (a, b): (A::Item, B::Item)) {
        self.a.push(a);
        self.b.push(b);
    }
    #[inline]
    fn push_null(&mut self) {
        self.a.push_null();
        self.b.push_null();
    }
    fn finish(self, nulls: Option<NullBuffer>) -> Result<ArrayRef, Error> {
        let a = self.a.finish(nulls.clone())?;
        let b = self.b.finish(nulls.clone())?;
        let fields = Fields::from(vec![
            Field::new(self.names[0], a.data_type().clone(), true),
            Field::new(self.names[1], b.data_type().clone(), true),
        ]);
        let array = StructArray::try_new(fields, vec![a, b], nulls).map_err(internal)?;
        Ok(Arc::new(array))
    }
}

/// The longest stable error code, in bytes.
const MAX_CODE_LEN: usize = 22;

/// The error-code column of [`OnError::Null`]: the failing rows, in order.
fn error_codes(rows: usize, failed: &[(usize, ErrorCode)]) -> Result<ArrayRef, Error> {
    if failed.is_empty() {
        return Ok(Arc::new(StringArray::new_null(rows)));
    }
    let mut values = Vec::new();
    let mut offsets = Vec::with_capacity(rows + 1);
    let mut valid = NullBufferBuilder::new(rows);
    offsets.push(0i32);
    let mut next = failed.iter().peekable();
    for row in 0..rows {
        match next.peek() {
            Some(&&(i, code)) if i == row => {
                next.next();
                values.extend_from_slice(code.as_str().as_bytes());
                valid.append_non_null();
            }
            _ => valid.append_null(),
        }
        let end = i32::try_from(values.len())
            .map_err(|_| too_many_rows(rows, i32::MAX as usize / MAX_CODE_LEN))?;
        offsets.push(end);
    }
    let offsets = OffsetBuffer::new(ScalarBuffer::from(offsets));
    let array = StringArray::try_new(offsets, Buffer::from_vec(values), valid.finish())
        .map_err(internal)?;
    Ok(Arc::new(array))
}

/// The row loop of every row-wise kernel.
///
/// `rows` rows, null where `nulls` says so; `read` gives row `i`'s input, `compute` the
/// core's result for it (`Ok(None)`: a valid row whose value is absent, e.g. an EUID
/// without an extension), `describe` the input as text for an error (only on failure).
pub(crate) fn run<S, I>(
    rows: usize,
    nulls: Option<&NullBuffer>,
    mode: OnError,
    mut sink: S,
    read: impl Fn(usize) -> I,
    describe: impl Fn(&I) -> String,
    mut compute: impl FnMut(&I) -> Result<Option<S::Item>, Error>,
) -> Result<Output, ColumnError>
where
    S: Sink,
{
    let mut valid = NullBufferBuilder::new(rows);
    let mut failed: Vec<(usize, ErrorCode)> = Vec::new();
    for i in 0..rows {
        if nulls.is_some_and(|n| n.is_null(i)) {
            sink.push_null();
            valid.append_null();
            continue;
        }
        let input = read(i);
        match compute(&input) {
            Ok(Some(v)) => {
                sink.push(v);
                valid.append_non_null();
            }
            Ok(None) => {
                sink.push_null();
                valid.append_null();
            }
            Err(e) => match mode {
                OnError::Raise => return Err(ColumnError::at_row(e, i, &describe(&input))),
                OnError::Null => {
                    failed.push((i, e.code()));
                    sink.push_null();
                    valid.append_null();
                }
            },
        }
    }
    let values = sink.finish(valid.finish())?;
    let errors = match mode {
        OnError::Raise => None,
        OnError::Null => Some(error_codes(rows, &failed)?),
    };
    Ok(Output { values, errors })
}

/// A column of `rows` generated values (no input, no nulls).
pub(crate) fn filled<S: Sink>(
    mut sink: S,
    items: impl IntoIterator<Item = S::Item>,
) -> Result<ArrayRef, ColumnError> {
    for item in items {
        sink.push(item);
    }
    Ok(sink.finish(None)?)
}
