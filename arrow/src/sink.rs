//! Building the output columns, and the row loop every row-wise kernel runs.

use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use arrow_array::types::ArrowPrimitiveType;
use arrow_array::{
    Array, ArrayRef, FixedSizeBinaryArray, PrimitiveArray, StringArray, StructArray,
};
use arrow_buffer::{
    BooleanBufferBuilder, Buffer, NullBuffer, NullBufferBuilder, OffsetBuffer, ScalarBuffer,
};
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

/// One output column.
///
/// Columns of fixed-size rows (IDs' text, integers, 16-byte values) are cut into [`Part`]s,
/// one per range of rows, that threads fill in place: joining them copies nothing. Columns of
/// variable-size rows ([`Push`]) are filled in order on the calling thread.
pub(crate) trait Sink: Sized {
    type Item;
    /// Computes every row of `job` into the column: the ranges' outcomes in row order.
    fn fill<I, R, C>(&mut self, job: &Job<'_, R, C>) -> Vec<Range>
    where
        R: Fn(usize) -> I + Sync,
        C: Rows<I, Self::Item>;
    fn finish(self, nulls: Option<NullBuffer>) -> Result<ArrayRef, Error>;
}

/// A column of variable-size rows, filled in order.
pub(crate) trait Push {
    type Item;
    fn push(&mut self, item: Self::Item);
    /// The placeholder of a null row (its validity bit is set by the caller).
    fn push_null(&mut self);
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
/// unset keeps its placeholder.
pub(crate) trait Part {
    type Item;
    fn set(&mut self, row: usize, item: Self::Item);
    /// Called once after the range's rows are set, on the thread that set them.
    fn done(&mut self) {}
}

/// `Sink` for a fixed-size column: its rows computed range by range on up to
/// [`max_threads`] threads.
macro_rules! split_sink {
    ($item:ty) => {
        type Item = $item;
        fn fill<I, R, C>(&mut self, job: &Job<'_, R, C>) -> Vec<Range>
        where
            R: Fn(usize) -> I + Sync,
            C: Rows<I, $item>,
        {
            in_parts(self, job)
        }
    };
}

/// `Sink` for a variable-size column: its rows pushed in order.
macro_rules! push_sink {
    ($item:ty) => {
        type Item = $item;
        fn fill<I, R, C>(&mut self, job: &Job<'_, R, C>) -> Vec<Range>
        where
            R: Fn(usize) -> I + Sync,
            C: Rows<I, $item>,
        {
            // Rows come in order: the index is not needed.
            vec![job.range(0..job.rows, |_, item| match item {
                Some(v) => self.push(v),
                None => self.push_null(),
            })]
        }
    };
}

/// A `utf8` column of `W`-byte ASCII texts (the IDs' text forms). Row `i` is written at
/// `i * W` and ends at offset `(i + 1) * W`; `finish` drops the bytes of null rows.
///
/// The column is assembled without arrow-rs's checks of its offsets and UTF-8, two passes
/// over the whole column on one thread after the kernel's threads are done: the offsets are
/// the multiples of `W` by construction, and each part checks on its own thread that its
/// bytes are ASCII (`finish` refuses the column otherwise).
pub(crate) struct Text<const W: usize> {
    values: Vec<u8>,
    /// One more than the rows; `offsets[0]` is 0.
    offsets: Vec<i32>,
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
            values: vec![0; rows * W],
            offsets: vec![0; rows + 1],
            not_ascii: AtomicBool::new(false),
        })
    }

    /// A column of the given texts (generated IDs: no nulls).
    pub(crate) fn filled(
        mut self,
        items: impl IntoIterator<Item = [u8; W]>,
    ) -> Result<ArrayRef, ColumnError> {
        let rows = self.offsets.len() - 1;
        // One part of every row (none for no rows).
        if let Some(mut part) = self.parts(rows.max(1)).pop() {
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
    values: &'a mut [u8],
    /// The end offsets of the part's rows.
    ends: &'a mut [i32],
    start: usize,
    not_ascii: &'a AtomicBool,
}

impl<const W: usize> Part for TextRows<'_, W> {
    type Item = [u8; W];
    #[inline]
    fn set(&mut self, row: usize, item: [u8; W]) {
        self.values[row * W..row * W + W].copy_from_slice(&item);
    }
    fn done(&mut self) {
        // Every row W bytes (null rows too, until `finish`): multiples of W, below
        // i32::MAX (`Text::new`).
        for (i, end) in self.ends.iter_mut().enumerate() {
            *end = ((self.start + i + 1) * W) as i32;
        }
        if !self.values.is_ascii() {
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
            .chunks_mut(chunk * W)
            .zip(self.offsets[1..].chunks_mut(chunk))
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
        if let Some(nulls) = nulls.as_ref().filter(|n| n.null_count() > 0) {
            // Null rows take no bytes: the valid rows move down over them, in order, a run
            // of valid rows at a time.
            let rows = self.offsets.len() - 1;
            let (mut end, mut next) = (0, 0);
            for (start, stop) in nulls.inner().set_slices().chain([(rows, rows)]) {
                // Rows `next..start` are null: they end where the last valid row did.
                self.offsets[next + 1..start + 1].fill(end as i32);
                self.values.copy_within(start * W..stop * W, end);
                for (i, offset) in self.offsets[start + 1..stop + 1].iter_mut().enumerate() {
                    *offset = (end + (i + 1) * W) as i32;
                }
                end += (stop - start) * W;
                next = stop;
            }
            self.values.truncate(end);
        }
        if *self.not_ascii.get_mut() {
            return Err(internal(ArrowError::InvalidArgumentError(
                "an ID's text is not ASCII".into(),
            )));
        }
        text_array(self.offsets, self.values, nulls)
    }
}

/// The `utf8` column of a [`Text`]'s or the error codes' offsets and bytes.
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
    // adds W bytes or none: `done`, and `finish` for null rows; an error-code row its code's
    // length or none: `error_codes`), ending at the length of the values (checked above); every
    // byte of the values is ASCII (each part of a `Text` checked its own and `finish` refused
    // the column otherwise; `error_codes` checked its codes), so the whole is UTF-8 and every
    // offset falls between two characters. Those are the conditions arrow-rs's checked
    // constructors verify, with a pass over every row.
    let array = unsafe {
        let offsets = OffsetBuffer::new_unchecked(ScalarBuffer::from(offsets));
        StringArray::new_unchecked(offsets, Buffer::from_vec(values), nulls)
    };
    Ok(Arc::new(array))
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

impl<T: AsRef<str>> Push for VarText<T> {
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
}

impl<T: AsRef<str>> Sink for VarText<T> {
    push_sink!(T);
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
        Prim::with_type(rows, T::DATA_TYPE)
    }

    pub(crate) fn with_type(rows: usize, data_type: DataType) -> Self {
        Prim {
            values: vec![T::Native::default(); rows],
            data_type,
        }
    }
}

/// Rows of a [`Prim`] column.
pub(crate) struct Values<'a, N>(&'a mut [N]);

impl<N> Part for Values<'_, N> {
    type Item = N;
    #[inline]
    fn set(&mut self, row: usize, item: N) {
        self.0[row] = item;
    }
}

impl<T: ArrowPrimitiveType> Split for Prim<T> {
    type Item = T::Native;
    type Part<'a> = Values<'a, T::Native>;
    fn parts(&mut self, chunk: usize) -> Vec<Values<'_, T::Native>> {
        self.values.chunks_mut(chunk).map(Values).collect()
    }
}

impl<T: ArrowPrimitiveType> Sink for Prim<T> {
    split_sink!(T::Native);
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
            values: vec![0; rows * 16],
        }
    }
}

/// Rows of a [`Bytes16`] column.
pub(crate) struct Rows16<'a>(&'a mut [u8]);

impl Part for Rows16<'_> {
    type Item = [u8; 16];
    #[inline]
    fn set(&mut self, row: usize, item: [u8; 16]) {
        self.0[row * 16..row * 16 + 16].copy_from_slice(&item);
    }
}

impl Split for Bytes16 {
    type Item = [u8; 16];
    type Part<'a> = Rows16<'a>;
    fn parts(&mut self, chunk: usize) -> Vec<Rows16<'_>> {
        self.values.chunks_mut(chunk * 16).map(Rows16).collect()
    }
}

impl Sink for Bytes16 {
    split_sink!([u8; 16]);
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
}

impl<A: Push + Sink, B: Push + Sink> Sink for Pair<A, B> {
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

/// The error-code column of [`OnError::Null`]: the failing rows, in order.
fn error_codes(rows: usize, failed: &[(usize, ErrorCode)]) -> Result<ArrayRef, Error> {
    if failed.is_empty() {
        return Ok(Arc::new(StringArray::new_null(rows)));
    }
    let mut values = Vec::new();
    let mut offsets = Vec::with_capacity(rows + 1);
    let mut valid = BooleanBufferBuilder::new(rows);
    offsets.push(0i32);
    // The rows between two failing rows, all at once: they are null and end where the last
    // code did.
    for &(row, code) in failed {
        let gap = row + 1 - offsets.len();
        valid.append_n(gap, false);
        let end = *offsets.last().unwrap_or(&0);
        offsets.resize(row + 1, end);
        values.extend_from_slice(code.as_str().as_bytes());
        valid.append(true);
        let end = i32::try_from(values.len())
            .map_err(|_| too_many_rows(rows, i32::MAX as usize / MAX_CODE_LEN))?;
        offsets.push(end);
    }
    valid.append_n(rows + 1 - offsets.len(), false);
    let end = *offsets.last().unwrap_or(&0);
    offsets.resize(rows + 1, end);
    if !values.is_ascii() {
        return Err(internal(ArrowError::InvalidArgumentError(
            "an error code is not ASCII".into(),
        )));
    }
    text_array(offsets, values, Some(NullBuffer::new(valid.finish())))
}

/// What one range of rows came to.
pub(crate) struct Range {
    valid: NullBufferBuilder,
    failed: Vec<(usize, ErrorCode)>,
    /// With [`OnError::Raise`]: the range's first invalid row and its error (the range
    /// stops there).
    stop: Option<(usize, Error)>,
    /// The input of the range is malformed (an error of the call, in either mode): the range
    /// stops at the first block whose check fails, before reading any of its rows.
    malformed: Option<Error>,
}

/// What a row-wise kernel computes for a row: `Ok(None)` is a valid row whose value is
/// absent (an EUID without an extension). Every range of rows starts with a fresh
/// `Scratch` for its number of rows, its own between rows (a closure has none), and is told
/// when each block of rows begins.
pub(crate) trait Rows<I, T>: Sync {
    type Scratch;
    fn scratch(&self, rows: usize) -> Self::Scratch;
    /// A block of `rows` rows begins (the range's first block too).
    #[inline]
    fn block(&self, _scratch: &mut Self::Scratch, _rows: usize) {}
    fn row(&self, scratch: &mut Self::Scratch, input: &I) -> Result<Option<T>, Error>;
    /// The rows of `rows` (none of them null) whose outcome the scratch state gives at once,
    /// in order from the first: each value is given to `store` with its row's index, and,
    /// when `fail` is given (errors become null rows), each error's code to `fail`. The loop
    /// stops at the first row it cannot give, which it returns (`rows.end`: every row); that
    /// row then takes the general path ([`Rows::row`]), which also computes a known error
    /// when `fail` is not given. A kernel that keeps no such state gives none.
    #[inline]
    fn known(
        &self,
        _scratch: &mut Self::Scratch,
        rows: core::ops::Range<usize>,
        _read: &impl Fn(usize) -> I,
        _store: &mut impl FnMut(usize, T),
        _fail: Option<&mut impl FnMut(usize, ErrorCode)>,
    ) -> usize {
        rows.start
    }
}

impl<I, T, F: Fn(&I) -> Result<Option<T>, Error> + Sync> Rows<I, T> for F {
    type Scratch = ();
    #[inline]
    fn scratch(&self, _: usize) {}
    #[inline]
    fn row(&self, _: &mut (), input: &I) -> Result<Option<T>, Error> {
        self(input)
    }
}

/// The rows of a row-wise kernel: `read` gives row `i`'s input, `compute` the core's result
/// for it.
pub(crate) struct Job<'a, R, C> {
    rows: usize,
    nulls: Option<&'a NullBuffer>,
    mode: OnError,
    read: R,
    compute: C,
    check: &'a Check<'a>,
}

/// The check of a block of the input's rows ([`crate::input::Texts::check`]), made before
/// any of them is read.
pub(crate) type Check<'a> = dyn Fn(core::ops::Range<usize>) -> Result<(), Error> + Sync + 'a;

/// The check of an input that needs none (its values were checked when it was received).
pub(crate) fn checked(_: core::ops::Range<usize>) -> Result<(), Error> {
    Ok(())
}

/// The rows checked at a time: few enough that a block's text is still in the CPU's cache
/// when its rows are computed, so the check costs no second read of the column from memory.
const BLOCK: usize = 4096;

impl<R, C> Job<'_, R, C> {
    /// The rows of `range`: `store` receives each row's index and value (`None`: null), in
    /// order.
    #[inline]
    fn range<I, T>(
        &self,
        range: core::ops::Range<usize>,
        mut store: impl FnMut(usize, Option<T>),
    ) -> Range
    where
        R: Fn(usize) -> I,
        C: Rows<I, T>,
    {
        let mut valid = Validity::new(range.clone());
        let mut failed = Vec::new();
        let mut scratch = self.compute.scratch(range.len());
        let end = range.end;
        let mut checked_to = range.start;
        // The end of the rows the kernel may give from its scratch state: the current
        // block's, when none of its rows is null.
        let mut known_to = range.start;
        // The rows of known errors in one call of `known`, kept between calls.
        let mut known_nulls = Vec::new();
        let mut i = range.start;
        while i < end {
            if i == checked_to {
                checked_to = end.min(i + BLOCK);
                if let Err(e) = (self.check)(i..checked_to) {
                    return Range {
                        valid: valid.bits,
                        failed,
                        stop: None,
                        malformed: Some(e),
                    };
                }
                let rows = checked_to - i;
                self.compute.block(&mut scratch, rows);
                if self
                    .nulls
                    .is_none_or(|n| n.inner().slice(i, rows).count_set_bits() == rows)
                {
                    known_to = checked_to;
                }
            }
            if i < known_to {
                let mut set = |row, v| store(row, Some(v));
                i = match self.mode {
                    OnError::Raise => self.compute.known(
                        &mut scratch,
                        i..known_to,
                        &self.read,
                        &mut set,
                        None::<&mut fn(usize, ErrorCode)>,
                    ),
                    OnError::Null => {
                        // The rows of a known error are null, their codes in `failed`; their
                        // validity is written when the known rows end.
                        known_nulls.clear();
                        let mut fail = |row, code| {
                            failed.push((row, code));
                            known_nulls.push(row);
                        };
                        let end = self.compute.known(
                            &mut scratch,
                            i..known_to,
                            &self.read,
                            &mut set,
                            Some(&mut fail),
                        );
                        for &row in &known_nulls {
                            store(row, None);
                            valid.null(row);
                        }
                        end
                    }
                };
                if i == known_to {
                    continue;
                }
            }
            if self.nulls.is_some_and(|n| n.is_null(i)) {
                store(i, None);
                valid.null(i);
                i += 1;
                continue;
            }
            match self.compute.row(&mut scratch, &(self.read)(i)) {
                Ok(Some(v)) => store(i, Some(v)),
                Ok(None) => {
                    store(i, None);
                    valid.null(i);
                }
                Err(e) => match self.mode {
                    OnError::Raise => {
                        // The rows after it are not computed, but still checked (at once:
                        // none of them is read): a malformed input is the error of the call
                        // even after an invalid row.
                        let malformed = (self.check)(checked_to..end).err();
                        return Range {
                            valid: valid.bits,
                            failed,
                            stop: Some((i, e)),
                            malformed,
                        };
                    }
                    OnError::Null => {
                        failed.push((i, e.code()));
                        store(i, None);
                        valid.null(i);
                    }
                },
            }
            i += 1;
        }
        Range {
            valid: valid.finish(),
            failed,
            stop: None,
            malformed: None,
        }
    }
}

/// The validity of a range's rows, written when a row is null: the valid rows before it are
/// appended then, all at once, so that a valid row costs the loop nothing here.
struct Validity {
    bits: NullBufferBuilder,
    range: core::ops::Range<usize>,
}

impl Validity {
    fn new(range: core::ops::Range<usize>) -> Self {
        Validity {
            bits: NullBufferBuilder::new(range.len()),
            range,
        }
    }

    /// Row `i` (of the range, after every row recorded so far) is null.
    fn null(&mut self, i: usize) {
        self.bits
            .append_n_non_nulls(i - self.range.start - self.bits.len());
        self.bits.append_null();
    }

    /// The validity of every row of the range (those after the last null are valid).
    fn finish(mut self) -> NullBufferBuilder {
        self.bits
            .append_n_non_nulls(self.range.len() - self.bits.len());
        self.bits
    }
}

/// Columns shorter than this are computed on the calling thread: below it, starting a
/// thread costs a visible share of the work.
const MIN_ROWS_PER_THREAD: usize = 32_768;

/// The most threads a kernel uses: `POLYID_ARROW_THREADS` when it is a positive integer,
/// else the parallelism the OS grants this process (its CPU affinity and cgroup quota).
/// Read once, at the first kernel call.
pub fn max_threads() -> usize {
    static MAX: OnceLock<usize> = OnceLock::new();
    *MAX.get_or_init(|| {
        std::env::var("POLYID_ARROW_THREADS")
            .ok()
            .and_then(|v| v.trim().parse::<usize>().ok())
            .filter(|&n| n > 0)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
    })
}

/// The threads a column of `rows` rows is cut for: one per [`MIN_ROWS_PER_THREAD`] rows, up
/// to [`max_threads`].
pub(crate) fn threads_for(rows: usize) -> usize {
    (rows / MIN_ROWS_PER_THREAD).clamp(1, max_threads())
}

/// The rows of `job` computed range by range into the parts of `sink`: one range on the
/// calling thread for a short column, else one thread per range.
fn in_parts<S, I, R, C>(sink: &mut S, job: &Job<'_, R, C>) -> Vec<Range>
where
    S: Split,
    R: Fn(usize) -> I + Sync,
    C: Rows<I, S::Item>,
{
    let rows = job.rows;
    let threads = threads_for(rows);
    let chunk = rows.div_ceil(threads).max(1);
    let fill = |k: usize, mut part: S::Part<'_>| -> Range {
        let start = k * chunk;
        let range = job.range(start..rows.min(start + chunk), |i, item| {
            if let Some(v) = item {
                part.set(i - start, v);
            }
        });
        part.done();
        range
    };
    let mut parts = sink.parts(chunk);
    if parts.len() <= 1 {
        return match parts.pop() {
            Some(part) => vec![fill(0, part)],
            // No rows: no part.
            None => vec![Range {
                valid: NullBufferBuilder::new(0),
                failed: Vec::new(),
                stop: None,
                malformed: None,
            }],
        };
    }
    on_threads(parts.into_iter().enumerate(), |(k, part)| fill(k, part))
}

/// `f` of each of `items`, each on a thread of its own, the results in the items' order; a
/// panic on one of the threads resumes on the caller's.
pub(crate) fn on_threads<P: Send, T: Send>(
    items: impl IntoIterator<Item = P>,
    f: impl Fn(P) -> T + Sync,
) -> Vec<T> {
    std::thread::scope(|scope| {
        let f = &f;
        let workers: Vec<_> = items
            .into_iter()
            .map(|item| scope.spawn(move || f(item)))
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    })
}

/// The validity of every row, from the ranges' in order (`None`: no null row).
fn join_nulls(ranges: &mut [Range], rows: usize) -> Option<NullBuffer> {
    let parts: Vec<(usize, Option<NullBuffer>)> = ranges
        .iter_mut()
        .map(|r| (r.valid.len(), r.valid.finish()))
        .collect();
    if parts.iter().all(|(_, n)| n.is_none()) {
        return None;
    }
    let mut bits = BooleanBufferBuilder::new(rows);
    for (len, nulls) in &parts {
        match nulls {
            Some(n) => bits.append_buffer(n.inner()),
            None => bits.append_n(*len, true),
        }
    }
    Some(NullBuffer::new(bits.finish()))
}

/// The row loop of every row-wise kernel.
///
/// `rows` rows, null where `nulls` says so; `read` gives row `i`'s input, `compute` the
/// core's result for it (`Ok(None)`: a valid row whose value is absent, e.g. an EUID
/// without an extension), `describe` the input as text for an error (only on failure).
/// `check` is asked about each block of rows before any of them is read (the text of a
/// received column, [`crate::input::Texts`]; [`checked`] for an input that needs none); a
/// block it refuses is the error of the call. Long columns of fixed-size rows are computed
/// on several threads ([`max_threads`]); the result is the same as in one pass (with
/// [`OnError::Raise`], the first invalid row's error).
// Each argument is one part of the kernel, named at its call site; a struct of them would
// only move the names.
#[allow(clippy::too_many_arguments)]
pub(crate) fn run<S, I>(
    rows: usize,
    nulls: Option<&NullBuffer>,
    mode: OnError,
    sink: S,
    read: impl Fn(usize) -> I + Sync,
    check: &Check<'_>,
    describe: impl Fn(&I) -> String,
    compute: impl Fn(&I) -> Result<Option<S::Item>, Error> + Sync,
) -> Result<Output, ColumnError>
where
    S: Sink,
{
    run_rows(rows, nulls, mode, sink, read, check, describe, compute)
}

/// [`run`] with a computation that keeps scratch state per range of rows ([`Rows`]).
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_rows<S, I>(
    rows: usize,
    nulls: Option<&NullBuffer>,
    mode: OnError,
    mut sink: S,
    read: impl Fn(usize) -> I + Sync,
    check: &Check<'_>,
    describe: impl Fn(&I) -> String,
    compute: impl Rows<I, S::Item>,
) -> Result<Output, ColumnError>
where
    S: Sink,
{
    let job = Job {
        rows,
        // A validity bitmap without a null (producers often keep one) needs no look per row.
        nulls: nulls.filter(|n| n.null_count() > 0),
        mode,
        read,
        compute,
        check,
    };
    let mut ranges = sink.fill(&job);
    // A malformed input is an error of the call, whatever the rows before it came to.
    if let Some(e) = ranges.iter_mut().find_map(|r| r.malformed.take()) {
        return Err(ColumnError::new(e));
    }
    if let Some((i, e)) = ranges.iter_mut().find_map(|r| r.stop.take()) {
        return Err(ColumnError::at_row(e, i, &describe(&(job.read)(i))));
    }
    let valid = join_nulls(&mut ranges, rows);
    let failed: Vec<(usize, ErrorCode)> = ranges.into_iter().flat_map(|r| r.failed).collect();
    let values = sink.finish(valid)?;
    let errors = match mode {
        OnError::Raise => None,
        OnError::Null => Some(error_codes(rows, &failed)?),
    };
    Ok(Output { values, errors })
}

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
            let column = error_codes(rows, &failed).unwrap();
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
}
