//! The output columns a kernel's rows are written into: fixed-size texts, integers and
//! 16-byte values cut into parts that threads fill in place, variable-size texts and pairs
//! of them filled in order (one part per thread, appended), and the error-code column. The
//! row loop that fills them is in [`crate::rows`]; a column only says which of the two ways
//! it is filled ([`Sink::fill`]). A fixed-size column's storage is a [`Slots`]: each part
//! writes its own range, placeholders first, on its own thread.

use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use arrow_array::types::ArrowPrimitiveType;
use arrow_array::{
    Array, ArrayRef, FixedSizeBinaryArray, PrimitiveArray, StringArray, StructArray,
};
use arrow_buffer::{BooleanBufferBuilder, Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_schema::{ArrowError, DataType, Field, Fields};
use polyid::{Detail, Error, ErrorCode};

use crate::error::ColumnError;
use crate::slots::{self, Slots};
use crate::threads::on_threads;

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

/// One output column.
///
/// Columns of fixed-size rows (IDs' text, integers, 16-byte values) are cut into [`Part`]s,
/// one per range of rows, that threads fill in place: joining them copies nothing. Columns of
/// variable-size rows ([`Push`]) are filled in order, one column per range of rows on a
/// thread of its own, then appended one after the other.
pub(crate) trait Sink: Sized {
    type Item;
    /// Hands the column to `fill` as the kind of column it is: [`Fill::parts`] for a
    /// [`Split`] column, [`Fill::ordered`] for a [`Push`] one.
    fn fill<F: Fill<Self::Item>>(&mut self, fill: F) -> F::Done;
    fn finish(self, nulls: Option<NullBuffer>) -> Result<ArrayRef, Error>;
}

/// What fills a [`Sink`] (the row loop), for either kind of column.
pub(crate) trait Fill<Item> {
    type Done;
    fn parts<S: Split<Item = Item>>(self, sink: &mut S) -> Self::Done;
    fn ordered<S: Push<Item = Item> + Send>(self, sink: &mut S) -> Self::Done;
}

/// A column of variable-size rows, filled in order.
pub(crate) trait Push: Sized {
    type Item;
    fn push(&mut self, item: Self::Item);
    /// The placeholder of a null row (its validity bit is set by the caller).
    fn push_null(&mut self);
    /// An empty column of the same kind for `rows` rows, filled apart and then appended.
    fn part(&self, rows: usize) -> Self;
    /// Called once after the column's or a part's rows are pushed, on the thread that pushed
    /// them (before any part is appended).
    fn done(&mut self) {}
    /// Appends the rows of `part`.
    fn append(&mut self, part: Self);
}

/// A column of fixed-size rows whose storage is cut into parts.
pub(crate) trait Split {
    type Item;
    type Part<'a>: Part<Item = Self::Item> + Send
    where
        Self: 'a;
    /// The storage cut into parts of `chunk` rows (the last may be shorter).
    fn parts(&mut self, chunk: usize) -> Vec<Self::Part<'_>>;
}

/// The rows of one range of a fixed-size column, by index within the range; a row left
/// unset keeps its placeholder (written by `begin`).
pub(crate) trait Part {
    type Item;
    /// Called once before any row is set, on the thread that sets them: writes the range's
    /// placeholders.
    fn begin(&mut self) {}
    fn set(&mut self, row: usize, item: Self::Item);
    /// Called once after the range's rows are set, on the thread that set them.
    fn done(&mut self) {}
}

/// `Sink` for a fixed-size column: filled in parts, on up to
/// [`max_threads`](crate::max_threads) threads.
macro_rules! split_sink {
    ($item:ty) => {
        type Item = $item;
        fn fill<F: Fill<$item>>(&mut self, fill: F) -> F::Done {
            fill.parts(self)
        }
    };
}

/// `Sink` for a variable-size column: its rows pushed in order, in parts on up to
/// [`max_threads`](crate::max_threads) threads.
macro_rules! push_sink {
    ($item:ty) => {
        type Item = $item;
        fn fill<F: Fill<$item>>(&mut self, fill: F) -> F::Done {
            fill.ordered(self)
        }
    };
}

/// A `utf8` column of `W`-byte ASCII texts (the IDs' text forms). Row `i` is written at
/// `i * W` and ends at offset `(i + 1) * W`, a null row too: its bytes (zeros) are not
/// read, as Arrow allows, so no pass moves the rows after it.
///
/// The column is assembled without arrow-rs's checks of its offsets and UTF-8, two passes
/// over the whole column on one thread after the kernel's threads are done: the offsets are
/// the multiples of `W` by construction, and each part checks on its own thread that its
/// bytes are ASCII (`finish` refuses the column otherwise).
pub(crate) struct Text<const W: usize> {
    rows: usize,
    values: Slots<u8>,
    /// One more than the rows; `offsets[0]` is 0.
    offsets: Slots<i32>,
    /// Set by a part whose bytes are not all ASCII.
    not_ascii: AtomicBool,
}

impl<const W: usize> Text<W> {
    pub(crate) fn new(rows: usize) -> Result<Self, ColumnError> {
        let max = i32::MAX as usize / W;
        if rows > max {
            return Err(ColumnError::new(too_many_rows(rows, max)));
        }
        Ok(Text {
            rows,
            values: Slots::new(&[], rows * W),
            offsets: Slots::new(&[0], rows + 1),
            not_ascii: AtomicBool::new(false),
        })
    }

    /// A column of the given texts (generated IDs: no nulls).
    pub(crate) fn filled(
        mut self,
        items: impl IntoIterator<Item = [u8; W]>,
    ) -> Result<ArrayRef, ColumnError> {
        // One part of every row (none for no rows).
        if let Some(mut part) = self.parts(self.rows.max(1)).pop() {
            part.begin();
            for (row, item) in items.into_iter().enumerate() {
                part.set(row, item);
            }
            part.done();
        }
        Ok(self.finish(None)?)
    }
}

/// Rows of a [`Text`] column, from row `start`.
pub(crate) struct TextRows<'a, const W: usize> {
    values: slots::Range<'a, u8>,
    /// The end offsets of the part's rows.
    ends: slots::Range<'a, i32>,
    start: usize,
    not_ascii: &'a AtomicBool,
}

impl<const W: usize> Part for TextRows<'_, W> {
    type Item = [u8; W];
    fn begin(&mut self) {
        // A null row's bytes: never read, but a column's bytes are all written.
        self.values.fill(|_| 0);
    }
    #[inline]
    fn set(&mut self, row: usize, item: [u8; W]) {
        self.values.set(row * W, item);
    }
    fn done(&mut self) {
        // Every row W bytes, null rows too: multiples of W, below i32::MAX (`Text::new`).
        let start = self.start;
        self.ends.fill(|i| ((start + i + 1) * W) as i32);
        if !self.values.written().is_some_and(<[u8]>::is_ascii) {
            self.not_ascii.store(true, Ordering::Relaxed);
        }
    }
}

impl<const W: usize> Split for Text<W> {
    type Item = [u8; W];
    type Part<'a> = TextRows<'a, W>;
    fn parts(&mut self, chunk: usize) -> Vec<TextRows<'_, W>> {
        let not_ascii = &self.not_ascii;
        self.values
            .ranges(chunk * W)
            .into_iter()
            .zip(self.offsets.ranges(chunk))
            .enumerate()
            .map(|(k, (values, ends))| TextRows {
                values,
                ends,
                start: k * chunk,
                not_ascii,
            })
            .collect()
    }
}

impl<const W: usize> Sink for Text<W> {
    split_sink!([u8; W]);
    fn finish(mut self, nulls: Option<NullBuffer>) -> Result<ArrayRef, Error> {
        if *self.not_ascii.get_mut() {
            return Err(internal(ArrowError::InvalidArgumentError(
                "an ID's text is not ASCII".into(),
            )));
        }
        text_array(written(self.offsets)?, written(self.values)?, nulls)
    }
}

/// The elements of a column's storage, every one written.
fn written<T: Copy>(slots: Slots<T>) -> Result<Vec<T>, Error> {
    slots.into_vec().ok_or_else(|| {
        internal(ArrowError::InvalidArgumentError(
            "a part of the column was not written".into(),
        ))
    })
}

/// The `utf8` column of a [`Text`]'s, an ASCII [`VarText`]'s or the error codes' offsets and
/// bytes.
#[allow(unsafe_code)]
fn text_array(
    offsets: Vec<i32>,
    values: Vec<u8>,
    nulls: Option<NullBuffer>,
) -> Result<ArrayRef, Error> {
    let rows = offsets.len() - 1;
    if values.len() != offsets[rows] as usize || nulls.as_ref().is_some_and(|n| n.len() != rows) {
        return Err(internal(ArrowError::InvalidArgumentError(
            "a text column's buffers do not match its rows".into(),
        )));
    }
    // SAFETY: the offsets start at 0 and never fall from one row to the next (a `Text` row
    // adds W bytes: `done`; an error-code row its code's length or none: `error_codes`; a
    // `VarText`'s were checked in its `finish`), ending at the length of the values (checked
    // above); every byte of the values is ASCII (each part of a `Text` checked its own and
    // `finish` refused the column otherwise; `error_codes` checked its codes; a `VarText` and
    // each part appended to it checked theirs in `done`), so the whole is UTF-8 and every
    // offset falls between two characters. Those are the conditions arrow-rs's checked
    // constructors verify, with a pass over every row.
    let array = unsafe {
        let offsets = OffsetBuffer::new_unchecked(ScalarBuffer::from(offsets));
        StringArray::new_unchecked(offsets, Buffer::from_vec(values), nulls)
    };
    Ok(Arc::new(array))
}

/// A `utf8` column of texts of any length (normalized codes, catalog codes and messages),
/// given as their bytes; `finish` checks that the column is UTF-8.
pub(crate) struct VarText<T> {
    values: Vec<u8>,
    offsets: Vec<i32>,
    overflow: bool,
    /// The rows whose text fits 32-bit offsets, once it no longer does.
    fitting: usize,
    /// The bytes reserved per row, in this column and in its parts.
    row_bytes: usize,
    /// Whether every byte is ASCII, as `done` found it (in this column and in every part
    /// appended): the column is then assembled without arrow-rs's UTF-8 check.
    ascii: bool,
    item: PhantomData<T>,
}

impl<T> VarText<T> {
    pub(crate) fn new(rows: usize) -> Self {
        VarText::with_row_bytes(rows, 0)
    }

    /// A column with room for `rows` texts of `row_bytes` bytes, so that a column of texts of
    /// about that size (normalized codes: their input's) is not moved as it grows.
    pub(crate) fn with_row_bytes(rows: usize, row_bytes: usize) -> Self {
        let mut offsets = Vec::with_capacity(rows + 1);
        // At most what `i32` offsets reach: a column past it is refused in `finish` anyway.
        let values = Vec::with_capacity(rows.saturating_mul(row_bytes).min(i32::MAX as usize));
        crate::pages::advise(&offsets);
        crate::pages::advise(&values);
        offsets.push(0);
        VarText {
            values,
            offsets,
            overflow: false,
            fitting: 0,
            row_bytes,
            ascii: false,
            item: PhantomData,
        }
    }
}

impl<T: AsRef<[u8]>> Push for VarText<T> {
    type Item = T;
    #[inline]
    fn push(&mut self, item: T) {
        self.values.extend_from_slice(item.as_ref());
        self.push_null();
    }
    #[inline]
    fn push_null(&mut self) {
        self.push_end(self.values.len());
    }
    fn part(&self, rows: usize) -> Self {
        VarText::with_row_bytes(rows, self.row_bytes)
    }
    fn done(&mut self) {
        self.ascii = self.values.is_ascii();
    }
    fn append(&mut self, part: Self) {
        self.ascii &= part.ascii;
        let base = self.values.len();
        self.values.extend_from_slice(&part.values);
        let ends = &part.offsets[1..];
        // A part past 32-bit offsets on its own has zeros from its first row that does not fit.
        let fit = if part.overflow {
            part.fitting
        } else {
            ends.len()
        };
        for &end in &ends[..fit] {
            self.push_end(base + end as usize);
        }
        for _ in fit..ends.len() {
            self.push_end(usize::MAX);
        }
    }
}

impl<T> VarText<T> {
    /// The end offset of the next row: past `i32::MAX` the column is marked as not fitting
    /// (`finish` fails, naming the rows that fit).
    #[inline]
    fn push_end(&mut self, end: usize) {
        match i32::try_from(end) {
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
}

impl<T: AsRef<[u8]> + Send> Sink for VarText<T> {
    push_sink!(T);
    fn finish(self, nulls: Option<NullBuffer>) -> Result<ArrayRef, Error> {
        if self.overflow {
            return Err(too_many_rows(self.offsets.len() - 1, self.fitting));
        }
        // Offsets that fall would be a bug here; arrow-rs's constructor panics on them, so
        // they are refused first, as an error of the call.
        if !self.offsets.windows(2).all(|w| w[0] <= w[1]) {
            return Err(internal(ArrowError::InvalidArgumentError(
                "a text column's offsets fall".into(),
            )));
        }
        if self.ascii {
            return text_array(self.offsets, self.values, nulls);
        }
        let offsets = OffsetBuffer::new(ScalarBuffer::from(self.offsets));
        let array = StringArray::try_new(offsets, Buffer::from_vec(self.values), nulls)
            .map_err(internal)?;
        Ok(Arc::new(array))
    }
}

/// A primitive column; `data_type` carries a timestamp's unit and time zone.
pub(crate) struct Prim<T: ArrowPrimitiveType> {
    values: Slots<T::Native>,
    data_type: DataType,
}

impl<T: ArrowPrimitiveType> Prim<T> {
    pub(crate) fn new(rows: usize) -> Self {
        Prim::with_type(rows, T::DATA_TYPE)
    }

    pub(crate) fn with_type(rows: usize, data_type: DataType) -> Self {
        Prim {
            values: Slots::new(&[], rows),
            data_type,
        }
    }
}

/// Rows of a [`Prim`] column.
pub(crate) struct Values<'a, N>(slots::Range<'a, N>);

impl<N: Copy + Default> Part for Values<'_, N> {
    type Item = N;
    fn begin(&mut self) {
        self.0.fill(|_| N::default());
    }
    #[inline]
    fn set(&mut self, row: usize, item: N) {
        self.0.set(row, [item]);
    }
}

impl<T: ArrowPrimitiveType> Split for Prim<T> {
    type Item = T::Native;
    type Part<'a> = Values<'a, T::Native>;
    fn parts(&mut self, chunk: usize) -> Vec<Values<'_, T::Native>> {
        self.values.ranges(chunk).into_iter().map(Values).collect()
    }
}

impl<T: ArrowPrimitiveType> Sink for Prim<T> {
    split_sink!(T::Native);
    fn finish(self, nulls: Option<NullBuffer>) -> Result<ArrayRef, Error> {
        let values = written(self.values)?;
        let array =
            PrimitiveArray::<T>::try_new(ScalarBuffer::from(values), nulls).map_err(internal)?;
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
    values: Slots<u8>,
}

impl Bytes16 {
    pub(crate) fn new(rows: usize) -> Self {
        Bytes16 {
            values: Slots::new(&[], rows * 16),
        }
    }
}

/// Rows of a [`Bytes16`] column.
pub(crate) struct Rows16<'a>(slots::Range<'a, u8>);

impl Part for Rows16<'_> {
    type Item = [u8; 16];
    fn begin(&mut self) {
        self.0.fill(|_| 0);
    }
    #[inline]
    fn set(&mut self, row: usize, item: [u8; 16]) {
        self.0.set(row * 16, item);
    }
}

impl Split for Bytes16 {
    type Item = [u8; 16];
    type Part<'a> = Rows16<'a>;
    fn parts(&mut self, chunk: usize) -> Vec<Rows16<'_>> {
        self.values
            .ranges(chunk * 16)
            .into_iter()
            .map(Rows16)
            .collect()
    }
}

impl Sink for Bytes16 {
    split_sink!([u8; 16]);
    fn finish(self, nulls: Option<NullBuffer>) -> Result<ArrayRef, Error> {
        let values = Buffer::from_vec(written(self.values)?);
        let array = FixedSizeBinaryArray::try_new(16, values, nulls).map_err(internal)?;
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

impl<A: Push, B: Push> Push for Pair<A, B> {
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
    fn part(&self, rows: usize) -> Self {
        Pair {
            a: self.a.part(rows),
            b: self.b.part(rows),
            names: self.names,
        }
    }
    fn done(&mut self) {
        self.a.done();
        self.b.done();
    }
    fn append(&mut self, part: Self) {
        self.a.append(part.a);
        self.b.append(part.b);
    }
}

impl<A: Push + Sink + Send, B: Push + Sink + Send> Sink for Pair<A, B> {
    push_sink!((<A as Push>::Item, <B as Push>::Item));
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

/// The error-code column of [`OnError::Null`](crate::OnError::Null): the failing rows of
/// each span of rows, in order (`spans` cut `0..rows` in order). Each span's rows are
/// written on a thread of its own (on the calling thread for one span): its offsets start
/// where the codes of the spans before it end, so that no pass over every row is left to one
/// thread.
pub(crate) fn error_codes(rows: usize, spans: &[Failed]) -> Result<ArrayRef, Error> {
    if spans.iter().all(|(_, failed)| failed.is_empty()) {
        return Ok(Arc::new(StringArray::new_null(rows)));
    }
    let bytes: Vec<usize> = spans
        .iter()
        .map(|(_, failed)| failed.iter().map(|(_, c)| c.as_str().len()).sum())
        .collect();
    let total: usize = bytes.iter().sum();
    if i32::try_from(total).is_err() {
        return Err(too_many_rows(rows, i32::MAX as usize / MAX_CODE_LEN));
    }
    let mut values = vec![0u8; total];
    crate::pages::advise(&values);
    let mut offsets = Slots::new(&[0i32], rows + 1);
    let mut valid = BooleanBufferBuilder::new(rows);
    valid.append_n(rows, false);
    // Each span's share of the values and of the end offsets (`offsets[1..]`).
    let mut parts = Vec::with_capacity(spans.len());
    let mut values_left = &mut values[..];
    let ends = offsets.ranges_of(spans.iter().map(|(range, _)| range.len()));
    let mut base = 0;
    for (((range, failed), &n), e) in spans.iter().zip(&bytes).zip(ends) {
        let (v, rest) = values_left.split_at_mut(n);
        values_left = rest;
        parts.push((range.start, failed.as_slice(), v, e, base));
        base += n;
        for &(row, _) in failed {
            valid.set_bit(row, true);
        }
    }
    let fill = |(start, failed, v, mut ends, base): Codes<'_>| {
        let mut at = 0;
        for &(_, code) in failed {
            let s = code.as_str().as_bytes();
            v[at..at + s.len()].copy_from_slice(s);
            at += s.len();
        }
        // Row i ends where the codes of the span's failing rows up to i do (the rows are in
        // order): the offsets change only at failing rows. Every offset is below `total`,
        // which fits i32 (checked above).
        let mut end = base;
        ends.fill_runs(
            base as i32,
            failed.iter().map(|&(row, code)| {
                end += code.as_str().len();
                (row - start, end as i32)
            }),
        );
    };
    if parts.len() == 1 {
        parts.into_iter().for_each(fill);
    } else {
        on_threads(parts, fill);
    }
    if !values.is_ascii() {
        return Err(internal(ArrowError::InvalidArgumentError(
            "an error code is not ASCII".into(),
        )));
    }
    text_array(
        written(offsets)?,
        values,
        Some(NullBuffer::new(valid.finish())),
    )
}

/// A span of rows and its failing rows, each with its error's code.
pub(crate) type Failed = (core::ops::Range<usize>, Vec<(usize, ErrorCode)>);

/// One span's share of the error-code column: its first row, its failing rows, its values
/// and end offsets, and where its values start in the column's.
type Codes<'a> = (
    usize,
    &'a [(usize, ErrorCode)],
    &'a mut [u8],
    slots::Range<'a, i32>,
    usize,
);

#[cfg(test)]
mod tests {
    use super::*;
    use arrow_array::cast::AsArray;

    /// The column built again by the checked constructor, which must accept it unchanged.
    fn rechecked(column: &StringArray) {
        let checked = StringArray::try_new(
            column.offsets().clone(),
            column.values().clone(),
            column.nulls().cloned(),
        )
        .unwrap();
        assert_eq!(&checked, column);
    }

    #[test]
    fn the_error_code_column_is_what_the_checked_constructor_builds() {
        let failed = [
            (0, ErrorCode::InvalidSequence),
            (1, ErrorCode::NonAscii),
            (7, ErrorCode::InvalidFormat),
        ];
        for rows in [8, 9, 20] {
            let column = error_codes(rows, &[(0..rows, failed.to_vec())]).unwrap();
            let column = column.as_string::<i32>();
            rechecked(column);
            let rows_seen: Vec<Option<&str>> = column.iter().collect();
            let mut want = vec![None; rows];
            for (i, code) in failed {
                want[i] = Some(code.as_str());
            }
            assert_eq!(rows_seen, want);
        }
    }

    #[test]
    fn an_error_code_column_of_several_spans_is_the_one_of_one_span() {
        // Spans with failures at their edges, one without any, one empty.
        let failed = [
            (0, ErrorCode::InvalidSequence),
            (4, ErrorCode::NonAscii),
            (5, ErrorCode::InvalidFormat),
            (11, ErrorCode::OutOfRange),
            (12, ErrorCode::InvalidLength),
        ];
        let rows = 14;
        let whole = error_codes(rows, &[(0..rows, failed.to_vec())]).unwrap();
        let cuts = [0, 5, 5, 9, 12, 14];
        let spans: Vec<_> = cuts
            .windows(2)
            .map(|w| {
                let in_span = failed.iter().filter(|(r, _)| (w[0]..w[1]).contains(r));
                (w[0]..w[1], in_span.copied().collect())
            })
            .collect();
        let cut = error_codes(rows, &spans).unwrap();
        rechecked(cut.as_string::<i32>());
        assert_eq!(cut.as_string::<i32>(), whole.as_string::<i32>());
        assert_eq!(whole.as_string::<i32>().value(11), "OUT_OF_RANGE");
    }

    #[test]
    fn a_text_column_is_the_rows_written_and_refuses_bytes_that_are_not_ascii() {
        let ids = [*b"V6a0B", *b"05o5h", *b"zzzzz"];
        let column = Text::<5>::new(3).unwrap().filled(ids).unwrap();
        let column = column.as_string::<i32>();
        assert_eq!(
            column.iter().flatten().collect::<Vec<_>>(),
            ["V6a0B", "05o5h", "zzzzz"]
        );
        // The checked constructor agrees with the column built without its checks.
        rechecked(column);

        let e = Text::<5>::new(2)
            .unwrap()
            .filled([*b"V6a0B", *b"\xc5\x81abc"])
            .unwrap_err();
        assert_eq!(e.code(), ErrorCode::InternalError);
    }
    #[test]
    fn variable_text_parts_append_in_order_and_bad_offsets_are_an_error() {
        let mut column = VarText::<&str>::new(2);
        column.push("E.AUTH.TOKEN.001");
        column.push_null();
        column.done();
        let mut part = column.part(2);
        part.push("");
        part.push("W.CACHE.DATA.018");
        part.done();
        column.append(part);
        assert!(column.ascii);
        let array = column.finish(None).unwrap();
        let texts = array.as_string::<i32>();
        rechecked(texts);
        assert_eq!(
            texts.iter().flatten().collect::<Vec<_>>(),
            ["E.AUTH.TOKEN.001", "", "", "W.CACHE.DATA.018"]
        );

        // An ASCII column and a part that is not: checked by arrow-rs, and the same rows.
        let mut column = VarText::<&str>::new(1);
        column.push("E.AUTH.TOKEN.001");
        column.done();
        assert!(column.ascii);
        let mut part = column.part(1);
        part.push("message \u{e9}");
        part.done();
        column.append(part);
        assert!(!column.ascii);
        let array = column.finish(None).unwrap();
        rechecked(array.as_string::<i32>());
        assert_eq!(array.as_string::<i32>().value(1), "message \u{e9}");

        let mut column = VarText::<&str>::new(2);
        column.push("ab");
        column.push("c");
        column.offsets[1] = 4;
        let e = column.finish(None).unwrap_err();
        assert_eq!(e.code(), ErrorCode::InternalError);
    }
}
