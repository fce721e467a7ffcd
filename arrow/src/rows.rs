//! The row loop every row-wise kernel runs: a kernel ([`Kernel`]: read a row, check a block
//! of rows, compute a row, describe a row for its error) over a column's rows, null rows
//! skipped, invalid rows raised or made null, long columns cut into spans computed on
//! threads. The output columns it fills are in [`crate::sink`].

use arrow_array::FixedSizeBinaryArray;
use arrow_buffer::{BooleanBufferBuilder, NullBuffer, NullBufferBuilder};
use polyid::{Error, ErrorCode};

use crate::error::{ColumnError, OnError, Output};
use crate::input::{Ints, Texts};
use crate::sink::{error_codes, Fill, Part, Push, Sink, Split};
use crate::threads::{on_threads, threads_for};

/// A row-wise kernel: what the row loop ([`run`]) asks of it. Most kernels are a column
/// reader ([`Column`]) and a computation ([`Compute`]) put together by [`Rows`].
pub(crate) trait Kernel: Sync {
    /// One row's input (a code's text, an integer, a tuple of cells).
    type Input;
    /// One row's value in the output column.
    type Item;
    /// State a span of rows keeps between its rows (a seen-codes table); `()` for none.
    type Scratch;
    /// Row `i`'s input.
    fn read(&self, i: usize) -> Self::Input;
    /// Whether rows `rows` of the input are well formed as far as reading them goes (a text
    /// column: its offsets), asked before any of them is read; a block it refuses is the
    /// error of the call. What it leaves ([`Kernel::check_row`]) is asked of each row that
    /// the kernel computes or that is null.
    fn check(&self, rows: core::ops::Range<usize>) -> Result<(), Error>;
    /// Whether row `i` is well formed beyond [`Kernel::check`] (a text row: its UTF-8).
    fn check_row(&self, i: usize) -> Result<(), Error>;
    /// Row `i`'s input once [`Kernel::check_row`] passes.
    fn read_checked(&self, i: usize) -> Result<Self::Input, Error>;
    /// Both checks over rows `rows` at once (rows no kernel reads: after an invalid row).
    fn check_all(&self, rows: core::ops::Range<usize>) -> Result<(), Error>;
    /// An input as text, for the error of its row (only on failure).
    fn describe(&self, input: &Self::Input) -> String;
    /// A fresh scratch state for a span of `rows` rows.
    fn scratch(&self, rows: usize) -> Self::Scratch;
    /// A block of `rows` rows begins (the span's first block too).
    fn block(&self, scratch: &mut Self::Scratch, rows: usize);
    /// Whether the scratch state may give rows ([`Kernel::known`]): the rows it gives are
    /// byte for byte rows computed before, so only the others need [`Kernel::check_row`].
    fn answers(&self, scratch: &Self::Scratch) -> bool;
    /// The core's result for one row: `Ok(None)` is a valid row whose value is absent (an
    /// EUID without an extension).
    fn compute(
        &self,
        scratch: &mut Self::Scratch,
        input: &Self::Input,
    ) -> Result<Option<Self::Item>, Error>;
    /// Row `i`'s bytes, for [`Kernel::known`] (empty for an input that is not text).
    fn bytes(&self, i: usize) -> &[u8];
    /// See [`Compute::known`].
    fn known<'r>(
        &self,
        scratch: &mut Self::Scratch,
        rows: core::ops::Range<usize>,
        read: &impl Fn(usize) -> &'r [u8],
        give: &mut impl FnMut(usize, Result<Self::Item, ErrorCode>),
        errors: bool,
    ) -> usize;
}

/// Where a kernel's rows come from: row `i`'s input, the check of a block of rows, and an
/// input as text for an error.
pub(crate) trait Column: Sync {
    type Row;
    fn read(&self, i: usize) -> Self::Row;
    fn check(&self, rows: core::ops::Range<usize>) -> Result<(), Error>;
    #[inline]
    fn check_row(&self, _i: usize) -> Result<(), Error> {
        Ok(())
    }
    #[inline]
    fn read_checked(&self, i: usize) -> Result<Self::Row, Error> {
        Ok(self.read(i))
    }
    /// Row `i`'s bytes, for a kernel's state to recognize it ([`Compute::known`]); none for
    /// an input that is not text.
    #[inline]
    fn bytes(&self, _i: usize) -> &[u8] {
        &[]
    }
    #[inline]
    fn check_all(&self, rows: core::ops::Range<usize>) -> Result<(), Error> {
        self.check(rows)
    }
    fn describe(&self, row: &Self::Row) -> String;
}

/// A text column (any of Arrow's three string layouts), its blocks checked as
/// [`Texts::check`] says.
pub(crate) struct TextColumn<'a, A>(pub &'a A);

impl<'a, A: Texts + Sync> Column for TextColumn<'a, A> {
    type Row = &'a str;
    #[inline]
    fn read(&self, i: usize) -> &'a str {
        self.0.text(i)
    }
    #[inline]
    fn check(&self, rows: core::ops::Range<usize>) -> Result<(), Error> {
        self.0.check_offsets(rows)
    }
    #[inline]
    fn check_row(&self, i: usize) -> Result<(), Error> {
        self.0.check_row(i)
    }
    #[inline]
    fn read_checked(&self, i: usize) -> Result<&'a str, Error> {
        self.0.checked_text(i)
    }
    #[inline]
    fn bytes(&self, i: usize) -> &[u8] {
        self.0.bytes(i)
    }
    fn check_all(&self, rows: core::ops::Range<usize>) -> Result<(), Error> {
        self.0.check(rows)
    }
    fn describe(&self, row: &&'a str) -> String {
        row.to_string()
    }
}

/// An integer column of any width, checked when it was received.
pub(crate) struct IntColumn<'a>(pub &'a Ints<'a>);

/// An integer column of one width, read in place (see [`with_ints`](crate::input::with_ints)).
pub(crate) struct IntSlice<'a, T>(pub &'a [T]);

impl<T: Copy + Into<i128> + Sync> Column for IntSlice<'_, T> {
    type Row = i128;
    #[inline]
    fn read(&self, i: usize) -> i128 {
        self.0[i].into()
    }
    #[inline]
    fn check(&self, _: core::ops::Range<usize>) -> Result<(), Error> {
        Ok(())
    }
    fn describe(&self, row: &i128) -> String {
        row.to_string()
    }
}

impl Column for IntColumn<'_> {
    type Row = i128;
    #[inline]
    fn read(&self, i: usize) -> i128 {
        self.0.get(i)
    }
    #[inline]
    fn check(&self, _: core::ops::Range<usize>) -> Result<(), Error> {
        Ok(())
    }
    fn describe(&self, row: &i128) -> String {
        row.to_string()
    }
}

/// A `fixed_size_binary(16)` column, described in hex.
pub(crate) struct Bytes16Column<'a>(pub &'a FixedSizeBinaryArray);

impl<'a> Column for Bytes16Column<'a> {
    type Row = &'a [u8];
    #[inline]
    fn read(&self, i: usize) -> &'a [u8] {
        self.0.value(i)
    }
    #[inline]
    fn check(&self, _: core::ops::Range<usize>) -> Result<(), Error> {
        Ok(())
    }
    fn describe(&self, row: &&'a [u8]) -> String {
        row.iter().map(|b| format!("{b:02x}")).collect()
    }
}

/// A column of several input columns' cells per row (`read` gives the tuple), checked by
/// `check` and described by `describe`.
pub(crate) struct Cells<R, K, D> {
    pub read: R,
    pub check: K,
    pub describe: D,
}

impl<T, R, K, D> Column for Cells<R, K, D>
where
    R: Fn(usize) -> T + Sync,
    K: Fn(core::ops::Range<usize>) -> Result<(), Error> + Sync,
    D: Fn(&T) -> String + Sync,
{
    type Row = T;
    #[inline]
    fn read(&self, i: usize) -> T {
        (self.read)(i)
    }
    #[inline]
    fn check(&self, rows: core::ops::Range<usize>) -> Result<(), Error> {
        (self.check)(rows)
    }
    fn describe(&self, row: &T) -> String {
        (self.describe)(row)
    }
}

/// The check of cells whose columns were checked when they were received.
pub(crate) fn checked(_: core::ops::Range<usize>) -> Result<(), Error> {
    Ok(())
}

/// What a row-wise kernel computes for a row: `Ok(None)` is a valid row whose value is
/// absent (an EUID without an extension). Every span of rows starts with a fresh
/// `Scratch` for its number of rows, its own between rows (a closure has none), and is told
/// when each block of rows begins.
pub(crate) trait Compute<I, T>: Sync {
    type Scratch;
    fn scratch(&self, rows: usize) -> Self::Scratch;
    /// A block of `rows` rows begins (the span's first block too).
    #[inline]
    fn block(&self, _scratch: &mut Self::Scratch, _rows: usize) {}
    /// See [`Kernel::answers`].
    #[inline]
    fn answers(&self, _scratch: &Self::Scratch) -> bool {
        false
    }
    fn row(&self, scratch: &mut Self::Scratch, input: &I) -> Result<Option<T>, Error>;
    /// The rows of `rows` (none of them null) whose outcome the scratch state gives at once,
    /// in order from the first: each is given to `give` with its row's index, a value or,
    /// when `errors` is true (errors become null rows), an error's code. The loop stops at
    /// the first row it cannot give, which it returns (`rows.end`: every row); that row then
    /// takes the general path ([`Compute::row`]), which also computes a known error when
    /// `errors` is false. A computation that keeps no such state gives none.
    #[inline]
    fn known<'r>(
        &self,
        _scratch: &mut Self::Scratch,
        rows: core::ops::Range<usize>,
        _read: &impl Fn(usize) -> &'r [u8],
        _give: &mut impl FnMut(usize, Result<T, ErrorCode>),
        _errors: bool,
    ) -> usize {
        rows.start
    }
}

impl<I, T, F: Fn(&I) -> Result<Option<T>, Error> + Sync> Compute<I, T> for F {
    type Scratch = ();
    #[inline]
    fn scratch(&self, _: usize) {}
    #[inline]
    fn row(&self, _: &mut (), input: &I) -> Result<Option<T>, Error> {
        self(input)
    }
}

/// The kernel of a column's rows and a computation over each.
pub(crate) struct Rows<C, F, T> {
    column: C,
    compute: F,
    item: std::marker::PhantomData<fn() -> T>,
}

impl<C: Column, F: Compute<C::Row, T>, T> Rows<C, F, T> {
    pub(crate) fn new(column: C, compute: F) -> Self {
        Rows {
            column,
            compute,
            item: std::marker::PhantomData,
        }
    }
}

impl<C: Column, F: Compute<C::Row, T>, T> Kernel for Rows<C, F, T> {
    type Input = C::Row;
    type Item = T;
    type Scratch = F::Scratch;
    #[inline]
    fn read(&self, i: usize) -> C::Row {
        self.column.read(i)
    }
    #[inline]
    fn check(&self, rows: core::ops::Range<usize>) -> Result<(), Error> {
        self.column.check(rows)
    }
    #[inline]
    fn check_row(&self, i: usize) -> Result<(), Error> {
        self.column.check_row(i)
    }
    #[inline]
    fn read_checked(&self, i: usize) -> Result<C::Row, Error> {
        self.column.read_checked(i)
    }
    fn check_all(&self, rows: core::ops::Range<usize>) -> Result<(), Error> {
        self.column.check_all(rows)
    }
    fn describe(&self, input: &C::Row) -> String {
        self.column.describe(input)
    }
    #[inline]
    fn scratch(&self, rows: usize) -> F::Scratch {
        self.compute.scratch(rows)
    }
    #[inline]
    fn block(&self, scratch: &mut F::Scratch, rows: usize) {
        self.compute.block(scratch, rows)
    }
    #[inline]
    fn answers(&self, scratch: &F::Scratch) -> bool {
        self.compute.answers(scratch)
    }
    #[inline]
    fn compute(&self, scratch: &mut F::Scratch, input: &C::Row) -> Result<Option<T>, Error> {
        self.compute.row(scratch, input)
    }
    #[inline]
    fn bytes(&self, i: usize) -> &[u8] {
        self.column.bytes(i)
    }
    #[inline(always)]
    fn known<'r>(
        &self,
        scratch: &mut F::Scratch,
        rows: core::ops::Range<usize>,
        read: &impl Fn(usize) -> &'r [u8],
        give: &mut impl FnMut(usize, Result<T, ErrorCode>),
        errors: bool,
    ) -> usize {
        self.compute.known(scratch, rows, read, give, errors)
    }
}

/// A kernel over `rows` rows, null where `nulls` says so, invalid rows handled as `mode`
/// says.
pub(crate) struct Job<'a, K> {
    pub(crate) rows: usize,
    nulls: Option<&'a NullBuffer>,
    mode: OnError,
    kernel: K,
}

/// The rows checked at a time: few enough that a block's text is still in the CPU's cache
/// when its rows are computed, so the check costs no second read of the column from memory.
const BLOCK: usize = 4096;

/// What one span of rows came to.
pub(crate) struct Span {
    valid: NullBufferBuilder,
    failed: Vec<(usize, ErrorCode)>,
    /// With [`OnError::Raise`]: the span's first invalid row and its error (the span stops
    /// there).
    stop: Option<(usize, Error)>,
    /// The input of the span is malformed (an error of the call, in either mode): the span
    /// stops at the first block whose check fails, before reading any of its rows.
    malformed: Option<Error>,
}

impl<K: Kernel> Job<'_, K> {
    /// The first null row from `from` on, or `to` when none of `from..to` is null.
    #[inline]
    fn valid_to(&self, from: usize, to: usize) -> usize {
        match self.nulls {
            Some(nulls) if from < to => first_null(nulls, from, to),
            _ => to,
        }
    }

    /// The rows of `range`: `store` receives each row's index and value (`None`: null), in
    /// order.
    #[inline]
    pub(crate) fn span(
        &self,
        range: core::ops::Range<usize>,
        mut store: impl FnMut(usize, Option<K::Item>),
    ) -> Span {
        let mut valid = Validity::new(range.clone());
        let mut failed = Vec::new();
        let mut scratch = self.kernel.scratch(range.len());
        let end = range.end;
        let mut checked_to = range.start;
        // The end of the rows the kernel may give from its scratch state: the first null row
        // from `i` on, or the end of the current block.
        let mut known_to = range.start;
        let mut i = range.start;
        // Whether the current block's rows were checked only as far as reading them goes,
        // each row the kernel's state does not give then checked on its own.
        let mut deferred = false;
        while i < end {
            if i == checked_to {
                checked_to = end.min(i + BLOCK);
                self.kernel.block(&mut scratch, checked_to - i);
                deferred = self.kernel.answers(&scratch);
                let checked = if deferred {
                    self.kernel.check(i..checked_to)
                } else {
                    self.kernel.check_all(i..checked_to)
                };
                if let Err(e) = checked {
                    return Span {
                        valid: valid.bits,
                        failed,
                        stop: None,
                        malformed: Some(e),
                    };
                }
                known_to = self.valid_to(i, checked_to);
            }
            if i < known_to {
                // A known error (given only with OnError::Null) is a null row, its code in
                // `failed`.
                let mut give = |row, outcome| match outcome {
                    Ok(v) => store(row, Some(v)),
                    Err(code) => {
                        failed.push((row, code));
                        store(row, None);
                        valid.null(row);
                    }
                };
                let errors = self.mode == OnError::Null;
                // Only the bytes of rows not yet checked on their own (see `deferred`).
                let read = |i| self.kernel.bytes(i);
                i = self
                    .kernel
                    .known(&mut scratch, i..known_to, &read, &mut give, errors);
                if i == known_to {
                    continue;
                }
            }
            // A row the kernel's state did not give is read only once it is well formed (a
            // null row too: its bytes belong to the array): the rows given above equal, byte for
            // byte, rows that were checked here.
            if self.nulls.is_some_and(|n| n.is_null(i)) {
                if let Err(e) = if deferred {
                    self.kernel.check_row(i)
                } else {
                    Ok(())
                } {
                    return Span {
                        valid: valid.bits,
                        failed,
                        stop: None,
                        malformed: Some(e),
                    };
                }
                store(i, None);
                valid.null(i);
                i += 1;
                known_to = self.valid_to(i, checked_to);
                continue;
            }
            let input = match if deferred {
                self.kernel.read_checked(i)
            } else {
                Ok(self.kernel.read(i))
            } {
                Ok(input) => input,
                Err(e) => {
                    return Span {
                        valid: valid.bits,
                        failed,
                        stop: None,
                        malformed: Some(e),
                    }
                }
            };
            match self.kernel.compute(&mut scratch, &input) {
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
                        let malformed = self.kernel.check_all(i + 1..end).err();
                        return Span {
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
        Span {
            valid: valid.finish(),
            failed,
            stop: None,
            malformed: None,
        }
    }
}

/// The first null row of `from..to` (`from < to`), or `to`: a word of the bitmap at a time.
#[inline(never)]
fn first_null(nulls: &NullBuffer, from: usize, to: usize) -> usize {
    let bits = nulls.inner();
    let mut at = from;
    // Padded with zeros past `to`: a run of ones always ends in the last chunk.
    for chunk in bits
        .inner()
        .bit_chunks(bits.offset() + from, to - from)
        .iter_padded()
    {
        let ones = chunk.trailing_ones() as usize;
        if ones < 64 {
            return (at + ones).min(to);
        }
        at += 64;
    }
    to
}

/// The validity of a span's rows, written when a row is null: the valid rows before it are
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

    /// Row `i` (of the span, after every row recorded so far) is null.
    fn null(&mut self, i: usize) {
        self.bits
            .append_n_non_nulls(i - self.range.start - self.bits.len());
        self.bits.append_null();
    }

    /// The validity of every row of the span (those after the last null are valid).
    fn finish(mut self) -> NullBufferBuilder {
        self.bits
            .append_n_non_nulls(self.range.len() - self.bits.len());
        self.bits
    }
}

/// The rows of `job` computed span by span into the parts of `sink`: one span on the
/// calling thread for a short column, else one thread per span.
pub(crate) fn in_parts<S, K>(sink: &mut S, job: &Job<'_, K>) -> Vec<Span>
where
    S: Split,
    K: Kernel<Item = S::Item>,
{
    let rows = job.rows;
    let threads = threads_for(rows);
    let chunk = rows.div_ceil(threads).max(1);
    let fill = |k: usize, mut part: S::Part<'_>| -> Span {
        let start = k * chunk;
        part.begin();
        let span = job.span(start..rows.min(start + chunk), |i, item| {
            if let Some(v) = item {
                part.set(i - start, v);
            }
        });
        part.done();
        span
    };
    let mut parts = sink.parts(chunk);
    if parts.len() <= 1 {
        return match parts.pop() {
            Some(part) => vec![fill(0, part)],
            // No rows: no part.
            None => vec![Span {
                valid: NullBufferBuilder::new(0),
                failed: Vec::new(),
                stop: None,
                malformed: None,
            }],
        };
    }
    on_threads(parts.into_iter().enumerate(), |(k, part)| fill(k, part))
}

/// The rows of `job` pushed into `sink` in order. A long column is cut into spans: the first
/// is pushed into `sink` itself on the calling thread, each other one into a part of its own
/// on a thread of its own, appended in row order after the first (so that only the later
/// spans' rows are copied once).
pub(crate) fn in_order<S, K>(sink: &mut S, job: &Job<'_, K>) -> Vec<Span>
where
    S: Push + Send,
    K: Kernel<Item = S::Item>,
{
    let rows = job.rows;
    let threads = threads_for(rows);
    // Rows come in order: the index is not needed.
    let fill = |part: &mut S, range: core::ops::Range<usize>| {
        let span = job.span(range, |_, item| match item {
            Some(v) => part.push(v),
            None => part.push_null(),
        });
        part.done();
        span
    };
    let chunk = rows.div_ceil(threads).max(1);
    let mut later: Vec<(S, core::ops::Range<usize>)> = (1..threads)
        .map(|k| k * chunk..rows.min(k * chunk + chunk))
        .map(|range| (sink.part(range.len()), range))
        .collect();
    let spans = std::thread::scope(|scope| {
        let fill = &fill;
        let workers: Vec<_> = later
            .iter_mut()
            .map(|(part, range)| scope.spawn(move || fill(part, range.clone())))
            .collect();
        let mut spans = vec![fill(sink, 0..rows.min(chunk))];
        for w in workers {
            spans.push(w.join().unwrap_or_else(|p| std::panic::resume_unwind(p)));
        }
        spans
    });
    for (part, _) in later {
        sink.append(part);
    }
    spans
}

/// The row loop fills a column of either kind: in parts ([`in_parts`]) or in order
/// ([`in_order`]).
impl<K: Kernel> Fill<K::Item> for &Job<'_, K> {
    type Done = Vec<Span>;
    fn parts<S: Split<Item = K::Item>>(self, sink: &mut S) -> Vec<Span> {
        in_parts(sink, self)
    }
    fn ordered<S: Push<Item = K::Item> + Send>(self, sink: &mut S) -> Vec<Span> {
        in_order(sink, self)
    }
}

/// The validity of every row, from the spans' in order (`None`: no null row).
fn join_nulls(spans: &mut [Span], rows: usize) -> Option<NullBuffer> {
    let parts: Vec<(usize, Option<NullBuffer>)> = spans
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

/// The row loop of every row-wise kernel: `kernel` over `rows` rows into `sink`, null where
/// `nulls` says so, invalid rows raised or made null as `mode` says. The kernel's check is
/// asked about each block of rows before any of them is read (in full, or as far as reading
/// goes while the kernel's state answers rows, the other rows then checked one by one); what
/// it refuses is the error of the call. Long columns of fixed-size rows are computed on
/// several threads ([`max_threads`](crate::max_threads)); the result is the same as in one
/// pass (with [`OnError::Raise`], the first invalid row's error).
pub(crate) fn run<S: Sink, K: Kernel<Item = S::Item>>(
    kernel: K,
    rows: usize,
    nulls: Option<&NullBuffer>,
    mode: OnError,
    mut sink: S,
) -> Result<Output, ColumnError> {
    let job = Job {
        rows,
        // A validity bitmap without a null (producers often keep one) needs no look per row.
        nulls: nulls.filter(|n| n.null_count() > 0),
        mode,
        kernel,
    };
    let mut spans = sink.fill(&job);
    // A malformed input is an error of the call, whatever the rows before it came to.
    if let Some(e) = spans.iter_mut().find_map(|r| r.malformed.take()) {
        return Err(ColumnError::new(e));
    }
    if let Some((i, e)) = spans.iter_mut().find_map(|r| r.stop.take()) {
        let input = job.kernel.read(i);
        return Err(ColumnError::at_row(e, i, &job.kernel.describe(&input)));
    }
    // The spans cut the rows in order, each as long as its validity.
    let mut start = 0;
    let ranges: Vec<core::ops::Range<usize>> = spans
        .iter()
        .map(|r| {
            start += r.valid.len();
            start - r.valid.len()..start
        })
        .collect();
    let valid = join_nulls(&mut spans, rows);
    let failed: Vec<_> = ranges
        .into_iter()
        .zip(spans)
        .map(|(range, r)| (range, r.failed))
        .collect();
    let values = sink.finish(valid)?;
    let errors = match mode {
        OnError::Raise => None,
        OnError::Null => Some(error_codes(rows, &failed)?),
    };
    Ok(Output { values, errors })
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use arrow_buffer::NullBuffer;
    use polyid::{Error, ErrorCode};

    use super::{Job, Kernel, BLOCK};
    use crate::OnError;

    /// Row `i`'s value is `i`. `known` gives every row it is asked about except those
    /// `refuse` names, and `computed` counts the rows computed one by one.
    struct Counting {
        refuse: fn(usize) -> bool,
        computed: AtomicUsize,
    }

    impl Kernel for Counting {
        type Input = usize;
        type Item = usize;
        type Scratch = ();
        fn read(&self, i: usize) -> usize {
            i
        }
        fn check(&self, _: core::ops::Range<usize>) -> Result<(), Error> {
            Ok(())
        }
        fn check_row(&self, _: usize) -> Result<(), Error> {
            Ok(())
        }
        fn read_checked(&self, i: usize) -> Result<usize, Error> {
            Ok(i)
        }
        fn check_all(&self, _: core::ops::Range<usize>) -> Result<(), Error> {
            Ok(())
        }
        fn describe(&self, i: &usize) -> String {
            i.to_string()
        }
        fn scratch(&self, _: usize) {}
        fn block(&self, _: &mut (), _: usize) {}
        fn answers(&self, _: &()) -> bool {
            true
        }
        fn compute(&self, _: &mut (), i: &usize) -> Result<Option<usize>, Error> {
            self.computed.fetch_add(1, Ordering::Relaxed);
            Ok(Some(*i))
        }
        fn bytes(&self, _: usize) -> &[u8] {
            &[]
        }
        fn known<'r>(
            &self,
            _: &mut (),
            rows: core::ops::Range<usize>,
            _: &impl Fn(usize) -> &'r [u8],
            give: &mut impl FnMut(usize, Result<usize, ErrorCode>),
            _: bool,
        ) -> usize {
            for i in rows.clone() {
                if (self.refuse)(i) {
                    return i;
                }
                give(i, Ok(i));
            }
            rows.end
        }
    }

    #[test]
    fn the_rows_between_null_rows_are_given_from_the_scratch_state() {
        // A null row every 97 rows, and a run of nulls across a block's end: the rows that
        // `known` refuses are the only rows computed one by one, and every null row is null.
        let rows = 3 * BLOCK + 500;
        let null = |i: usize| i % 97 == 5 || (BLOCK - 3..BLOCK + 2).contains(&i);
        let nulls = NullBuffer::from_iter((0..rows).map(|i| !null(i)));
        let refusals: [fn(usize) -> bool; 2] = [|_| false, |i| i % 1000 == 999];
        for refuse in refusals {
            let job = Job {
                rows,
                nulls: Some(&nulls),
                mode: OnError::Null,
                kernel: Counting {
                    refuse,
                    computed: AtomicUsize::new(0),
                },
            };
            let mut values = vec![None; rows];
            let span = job.span(0..rows, |i, v| values[i] = v);
            for (i, v) in values.iter().enumerate() {
                assert_eq!(*v, (!null(i)).then_some(i), "row {i}");
            }
            assert_eq!(span.valid.finish_cloned(), Some(nulls.clone()));
            let refused = (0..rows).filter(|&i| !null(i) && refuse(i)).count();
            assert_eq!(job.kernel.computed.load(Ordering::Relaxed), refused);
        }
    }
}
