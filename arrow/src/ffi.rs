//! The Arrow C Data Interface boundary that every binding shares: the import of a caller's
//! `struct ArrowSchema` and `struct ArrowArray`, checked before arrow-rs reads them, and the
//! export of a column whose `release` callbacks may be called twice.
//!
//! arrow-rs's import trusts the structs: a NULL `format`, `buffers` or child pointer makes it
//! panic, and a `null_count` or dictionary the interface forbids is read as if it were
//! valid. Here every field that arrow-rs would follow is checked first, without trusting
//! any of them, recursively through children and dictionaries: a violation is
//! `INVALID_ARGUMENT` with the path of the field (`array.children[1].buffers[0] is NULL`).
//! arrow-rs then reads the structs under a panic guard, so that a malformed array it still
//! rejects by panicking is refused the same way; then the values are validated
//! ([`validate_for_kernels`]).
//!
//! Pointers are only checked for NULL: the interface gives no sizes, so a buffer shorter than
//! its array, or a pointer into freed memory, cannot be seen by any consumer.

#![allow(unsafe_code)]

use core::ffi::{c_char, CStr};
use core::fmt;
use core::ptr;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::OnceLock;

use arrow_array::ffi::{from_ffi_and_data_type, FFI_ArrowArray, FFI_ArrowSchema};
use arrow_array::{make_array, ArrayRef};
use arrow_data::{layout, ArrayData, BufferSpec};
use arrow_schema::{ArrowError, DataType, Field};
use polyid::{Detail, Error, ErrorCode};

use crate::error::ColumnError;
use crate::input::validate_for_kernels;

/// How deeply types may nest (children and dictionaries) in an imported schema or array: a
/// hostile struct that points to itself, or nests without end, is refused at this depth
/// instead of exhausting the stack. Arrow's IPC format has the same limit.
pub const MAX_DEPTH: usize = 64;

/// How many types (the schema or array itself, its children and dictionaries, at every
/// depth) one imported schema or array may have: children that point to shared nodes make
/// a tree whose size doubles with each level, which would otherwise be walked for ever.
pub const MAX_NODES: usize = 1 << 20;

/// The longest `format` string read: the longest real ones (a union of 128 type ids, a time
/// zone name) are a few hundred bytes.
const MAX_FORMAT_BYTES: usize = 1024;

/// The most bytes of a caller's string (a format) quoted in a message.
const QUOTE_BYTES: usize = 32;

/// The most bytes of a message from arrow-rs or a producer kept in an error: such messages
/// may quote the input.
pub const MAX_MESSAGE_BYTES: usize = 256;

// ---------------------------------------------------------------------------------------
// Import

/// The column in a caller's `ArrowArray` and `ArrowSchema`, checked ([`check_schema`],
/// then the array against the schema's type) before arrow-rs reads them, then validated
/// for the kernels. The array is taken over: dropping it (on failure, or with the column)
/// calls its release callback. Errors are `INVALID_ARGUMENT`, named `context`.
///
/// # Safety
/// Every non-NULL pointer in `array` and `schema` (and in their children and dictionaries)
/// points to what the C Data Interface says it does, of the size the structs describe.
pub unsafe fn import_array(
    array: FFI_ArrowArray,
    schema: &FFI_ArrowSchema,
    context: &'static str,
) -> Result<ArrayRef, ColumnError> {
    // SAFETY: the caller's contract.
    let data_type = unsafe { import_type(schema, context) }?;
    // SAFETY: the caller's contract.
    unsafe { import_chunk(array, &data_type, context) }
}

/// The type a caller's `ArrowSchema` describes (a stream's schema, or a column's), its
/// fields checked first: `format` not NULL and one of Arrow's, `n_children` and `children`
/// as the format requires, names and metadata well formed, a dictionary's index type an
/// integer, nothing released.
///
/// # Safety
/// As for [`import_array`].
pub unsafe fn import_type(
    schema: &FFI_ArrowSchema,
    context: &'static str,
) -> Result<DataType, ColumnError> {
    let mut walk = Walk::new(context);
    // SAFETY: the caller's contract.
    unsafe { walk.schema(schema, &mut Path::new("schema")) }?;
    match catch_unwind(AssertUnwindSafe(|| DataType::try_from(schema))) {
        Ok(Ok(data_type)) => Ok(data_type),
        Ok(Err(e)) => Err(refused(context, format!("schema: {}", arrow_message(&e)))),
        Err(panic) => Err(refused(
            context,
            format!(
                "schema: arrow-rs cannot read it ({})",
                panic_message(&*panic)
            ),
        )),
    }
}

/// The column in a caller's `ArrowArray` of type `data_type` (a stream's chunk, or the
/// array of [`import_array`]), checked against the type before arrow-rs reads it, then
/// validated for the kernels ([`validate_for_kernels`]). The array is taken over, as in
/// [`import_array`].
///
/// # Safety
/// As for [`import_array`].
pub unsafe fn import_chunk(
    array: FFI_ArrowArray,
    data_type: &DataType,
    context: &'static str,
) -> Result<ArrayRef, ColumnError> {
    let mut walk = Walk::new(context);
    // SAFETY: the caller's contract.
    unsafe { walk.array(&array, data_type, &mut Path::new("array")) }?;
    if array.length == 0 {
        // No row to read. arrow-rs's import sizes a text array's data buffer from the offsets
        // of its rows, so an empty slice whose first offset is not 0 (valid: an array sliced
        // to no rows after its first) would come back as an array that arrow-rs then refuses.
        // The structs are checked above; `array` is released when dropped.
        return Ok(arrow_array::new_empty_array(data_type));
    }
    let read = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: checked above: every pointer arrow-rs follows is there, every count and
        // length is in range.
        let data = unsafe { from_ffi_and_data_type(array, data_type.clone()) }?;
        validate_for_kernels(&data)?;
        Ok::<_, ArrowError>(make_array(data))
    }));
    match read {
        Ok(Ok(column)) => Ok(column),
        Ok(Err(e)) => Err(refused(context, arrow_message(&e))),
        Err(panic) => Err(refused(
            context,
            format!(
                "array: arrow-rs cannot read it ({})",
                panic_message(&*panic)
            ),
        )),
    }
}

/// A caller's array read in place without taking it over, for a caller that keeps (and
/// releases) its array after the call: a copy of its top-level struct whose release does
/// nothing, so the buffers stay owned by the caller's struct. Checked and validated as
/// [`import_array`] does; a dictionary-encoded column comes back encoded (for
/// [`per_value`](crate::per_value), or [`decode_dictionary`](crate::decode_dictionary)). A
/// released array is `INVALID_ARGUMENT` named `context`.
///
/// # Safety
/// `array` and `schema` are a live `struct ArrowArray` and the `struct ArrowSchema` of its
/// type, only read, and alive while the column returned is.
pub unsafe fn borrow_array(
    array: &FFI_ArrowArray,
    schema: &FFI_ArrowSchema,
    context: &'static str,
) -> Result<ArrayRef, ColumnError> {
    if array.is_released() {
        return Err(refused(context, "the array is released".to_owned()));
    }
    // SAFETY: the copy shares the caller's buffers, children and private data; its own
    // release callback (set before anything can drop it) leaves them to the caller.
    let mut copy = unsafe { ptr::read(array) };
    copy.release = Some(release_borrowed);
    // SAFETY: the function's contract; `import_array` checks both structs first.
    unsafe { import_array(copy, schema, context) }
}

/// The release callback of a borrowed copy: the caller's array stays the caller's.
unsafe extern "C" fn release_borrowed(array: *mut FFI_ArrowArray) {
    if !array.is_null() {
        // SAFETY: the live copy made by `borrow_array` (the only holder of this callback);
        // marking it released is all a release callback must do here.
        unsafe { (*array).release = None };
    }
}

/// `INVALID_ARGUMENT` about a caller's Arrow struct.
#[cold]
fn refused(context: &'static str, message: String) -> ColumnError {
    ColumnError::new(Error::new(
        ErrorCode::InvalidArgument,
        context,
        Detail::Message(message.into()),
    ))
}

/// `text` cut to at most `max` bytes at a character boundary, marked `...` when cut.
pub fn bounded(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_owned();
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}...", &text[..end])
}

/// arrow-rs's description of an error, bounded: some quote the input (a format, a value).
fn arrow_message(e: &ArrowError) -> String {
    bounded(&e.to_string(), MAX_MESSAGE_BYTES)
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    let text = if let Some(s) = payload.downcast_ref::<&str>() {
        s
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.as_str()
    } else {
        "a panic"
    };
    bounded(text, MAX_MESSAGE_BYTES)
}

/// A short, quoted prefix of a caller's string.
fn quote(text: &str) -> String {
    if text.len() <= QUOTE_BYTES {
        return format!("{text:?}");
    }
    let mut end = QUOTE_BYTES;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{:?}...", &text[..end])
}

/// A short name of a type for messages (a struct's Display lists all of its fields).
fn type_name(data_type: &DataType) -> String {
    bounded(&data_type.to_string(), 48)
}

/// Where a field is: `array`, `array.children[1]`, `schema.dictionary`. Written in full up to
/// a few levels; a deeper path keeps its first and last steps.
struct Path {
    root: &'static str,
    steps: Vec<Step>,
}

#[derive(Clone, Copy)]
enum Step {
    Child(usize),
    Dictionary,
}

impl Path {
    fn new(root: &'static str) -> Path {
        Path {
            root,
            steps: Vec::new(),
        }
    }

    /// Runs `f` with `step` appended.
    fn with<T>(&mut self, step: Step, f: impl FnOnce(&mut Path) -> T) -> T {
        self.steps.push(step);
        let out = f(self);
        self.steps.pop();
        out
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Child(i) => write!(f, ".children[{i}]"),
            Step::Dictionary => f.write_str(".dictionary"),
        }
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const ENDS: usize = 3;
        f.write_str(self.root)?;
        let n = self.steps.len();
        if n <= 2 * ENDS + 1 {
            return self.steps.iter().try_for_each(|s| write!(f, "{s}"));
        }
        self.steps[..ENDS]
            .iter()
            .try_for_each(|s| write!(f, "{s}"))?;
        write!(f, "(...{} levels...)", n - 2 * ENDS)?;
        self.steps[n - ENDS..]
            .iter()
            .try_for_each(|s| write!(f, "{s}"))
    }
}

/// The children a format requires.
#[derive(Clone, Copy)]
enum Children {
    Exactly(usize),
    /// A struct: any number (its fields).
    Any,
}

/// The children a schema of `format` has, for a format arrow-rs reads (None otherwise).
fn children_of(format: &str) -> Option<Children> {
    const LEAVES: [&str; 32] = [
        "n", "b", "c", "C", "s", "S", "i", "I", "l", "L", "e", "f", "g", "vz", "z", "Z", "vu", "u",
        "U", "tdD", "tdm", "tts", "ttm", "ttu", "ttn", "tDs", "tDm", "tDu", "tDn", "tiM", "tiD",
        "tin",
    ];
    let size = |s: &str| s.parse::<i32>().is_ok_and(|n| n >= 0);
    Some(match format {
        "+l" | "+L" | "+vl" | "+vL" | "+m" => Children::Exactly(1),
        "+r" => Children::Exactly(2),
        "+s" => Children::Any,
        f if LEAVES.contains(&f) => Children::Exactly(0),
        f => {
            let (head, param) = f.split_once(':')?;
            match head {
                // A negative width is not a type (arrow-rs would panic on its layout).
                "w" if size(param) => Children::Exactly(0),
                "+w" if size(param) => Children::Exactly(1),
                "d" | "tss" | "tsm" | "tsu" | "tsn" => Children::Exactly(0),
                "+ud" | "+us" => Children::Exactly(param.split(',').count()),
                _ => return None,
            }
        }
    })
}

/// Whether `format` is an integer type: the index types a dictionary may have.
fn is_index_format(format: &str) -> bool {
    matches!(format, "c" | "C" | "s" | "S" | "i" | "I" | "l" | "L")
}

/// The bytes of a NUL-terminated string, read up to `max` bytes (None: no NUL by then).
///
/// # Safety
/// `p` points to a NUL-terminated string, or to at least `max` readable bytes.
unsafe fn bounded_cstr<'a>(p: *const c_char, max: usize) -> Option<&'a [u8]> {
    let p = p.cast::<u8>();
    // SAFETY: the function's contract: every byte up to the NUL (or to `max`) is readable.
    let len = (0..max).find(|&i| unsafe { *p.add(i) } == 0)?;
    // SAFETY: as above, `len` bytes before the NUL.
    Some(unsafe { core::slice::from_raw_parts(p, len) })
}

/// A little-endian-or-native `int32` of an ArrowSchema's metadata, at `pos`.
///
/// # Safety
/// `p + pos` points to 4 readable bytes.
unsafe fn metadata_i32(p: *const u8, pos: usize) -> i32 {
    // SAFETY: the function's contract.
    i32::from_ne_bytes(unsafe { ptr::read_unaligned(p.add(pos).cast::<[u8; 4]>()) })
}

/// The check of one import: its name in errors and the types seen so far.
struct Walk {
    context: &'static str,
    nodes: usize,
}

impl Walk {
    fn new(context: &'static str) -> Walk {
        Walk { context, nodes: 0 }
    }

    fn fail(&self, message: String) -> ColumnError {
        refused(self.context, message)
    }

    /// One more type at `path`, at depth `path.steps.len()`: refused past the limits.
    fn enter(&mut self, path: &Path) -> Result<(), ColumnError> {
        if path.steps.len() > MAX_DEPTH {
            return Err(self.fail(format!("{path}: types nest deeper than {MAX_DEPTH} levels")));
        }
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return Err(self.fail(format!(
                "{}: more than {MAX_NODES} nested types (children and dictionaries)",
                path.root
            )));
        }
        Ok(())
    }

    /// Checks `s` and everything under it.
    ///
    /// # Safety
    /// As for [`import_array`].
    unsafe fn schema(&mut self, s: &FFI_ArrowSchema, path: &mut Path) -> Result<(), ColumnError> {
        if s.release.is_none() {
            return Err(self.fail(format!("{path} is released")));
        }
        self.enter(path)?;
        if s.format.is_null() {
            return Err(self.fail(format!("{path}.format is NULL")));
        }
        // SAFETY: a non-NULL format is a NUL-terminated string (the interface's contract).
        let Some(bytes) = (unsafe { bounded_cstr(s.format, MAX_FORMAT_BYTES) }) else {
            return Err(self.fail(format!(
                "{path}.format is longer than {MAX_FORMAT_BYTES} bytes"
            )));
        };
        let Ok(format) = core::str::from_utf8(bytes) else {
            return Err(self.fail(format!("{path}.format is not UTF-8")));
        };
        let Some(children) = children_of(format) else {
            return Err(self.fail(format!(
                "{path}.format {} is not an Arrow format",
                quote(format)
            )));
        };
        if !s.name.is_null() {
            // SAFETY: a non-NULL name is a NUL-terminated string (the interface's contract).
            if unsafe { CStr::from_ptr(s.name) }.to_str().is_err() {
                return Err(self.fail(format!("{path}.name is not UTF-8")));
            }
        }
        if !s.metadata.is_null() {
            // SAFETY: non-NULL metadata is the interface's encoding of key-value pairs.
            unsafe { self.metadata(s.metadata.cast::<u8>(), path) }?;
        }
        let n = s.n_children;
        let expected = match children {
            Children::Exactly(k) => Some(k),
            Children::Any => None,
        };
        if n < 0 || expected.is_some_and(|k| k as i64 != n) {
            let takes = match expected {
                Some(1) => "1 child".to_owned(),
                Some(k) => format!("{k} children"),
                None => "0 or more children".to_owned(),
            };
            return Err(self.fail(format!(
                "{path}: format {} takes {takes}, found n_children = {n}",
                quote(format)
            )));
        }
        if n > 0 && s.children.is_null() {
            return Err(self.fail(format!("{path}.children is NULL (n_children = {n})")));
        }
        for i in 0..n as usize {
            // SAFETY: `children` holds `n_children` pointers (the interface's contract).
            let child = unsafe { ptr::read_unaligned(s.children.add(i)) };
            path.with(Step::Child(i), |path| {
                if child.is_null() {
                    return Err(self.fail(format!("{path} is NULL")));
                }
                // SAFETY: a non-NULL child is an ArrowSchema (the interface's contract).
                unsafe { self.schema(&*child, path) }
            })?;
        }
        if !s.dictionary.is_null() {
            if !is_index_format(format) {
                return Err(self.fail(format!(
                    "{path}: a dictionary's index type must be an integer, not format {}",
                    quote(format)
                )));
            }
            path.with(Step::Dictionary, |path| {
                // SAFETY: a non-NULL dictionary is an ArrowSchema (the interface's contract).
                unsafe { self.schema(&*s.dictionary, path) }
            })?;
        }
        Ok(())
    }

    /// Checks the metadata of the schema at `path`: each length non-negative, each key and
    /// value UTF-8 (arrow-rs reserves room for the entry count before reading any).
    ///
    /// # Safety
    /// `p` is the metadata of an ArrowSchema (the interface's encoding).
    unsafe fn metadata(&self, p: *const u8, path: &Path) -> Result<(), ColumnError> {
        // SAFETY (every read below): the encoding's int32 counts and lengths, each followed
        // by the bytes it counts (the function's contract).
        let entries = unsafe { metadata_i32(p, 0) };
        if entries < 0 {
            return Err(self.fail(format!(
                "{path}.metadata has a negative number of entries ({entries})"
            )));
        }
        let mut pos = 4usize;
        for k in 0..entries {
            for part in ["key", "value"] {
                let len = unsafe { metadata_i32(p, pos) };
                pos += 4;
                if len < 0 {
                    return Err(self.fail(format!(
                        "{path}.metadata entry {k}: the {part}'s length is negative ({len})"
                    )));
                }
                let bytes = unsafe { core::slice::from_raw_parts(p.add(pos), len as usize) };
                if core::str::from_utf8(bytes).is_err() {
                    return Err(self.fail(format!(
                        "{path}.metadata entry {k}: the {part} is not UTF-8"
                    )));
                }
                pos += len as usize;
            }
        }
        Ok(())
    }

    /// Checks `a`, of type `data_type`, and everything under it.
    ///
    /// # Safety
    /// As for [`import_array`].
    unsafe fn array(
        &mut self,
        a: &FFI_ArrowArray,
        data_type: &DataType,
        path: &mut Path,
    ) -> Result<(), ColumnError> {
        if a.release.is_none() {
            return Err(self.fail(format!("{path} is released")));
        }
        self.enter(path)?;
        let (length, offset, null_count) = (a.length, a.offset, a.null_count);
        if length < 0 {
            return Err(self.fail(format!("{path}.length is negative ({length})")));
        }
        if offset < 0 {
            return Err(self.fail(format!("{path}.offset is negative ({offset})")));
        }
        let Some(end) = length.checked_add(offset) else {
            return Err(self.fail(format!(
                "{path}: offset + length overflows ({offset} + {length})"
            )));
        };
        if null_count < -1 || null_count > length {
            return Err(self.fail(format!(
                "{path}.null_count is {null_count}: it must be -1 (not computed) or 0 to the \
                 length ({length})"
            )));
        }
        let shape = layout(data_type);
        let has_validity = shape.can_contain_null_mask;
        let fixed = shape.buffers.len() + usize::from(has_validity);
        let n = a.n_buffers;
        let name = type_name(data_type);
        if shape.variadic {
            // The views, the variadic data buffers, then one buffer of their lengths.
            if n < fixed as i64 + 1 {
                return Err(self.fail(format!(
                    "{path}: an array of type {name} has at least {} buffers (validity, views, data \
                     lengths), found n_buffers = {n}",
                    fixed + 1
                )));
            }
        } else if n != fixed as i64 {
            let plural = if fixed == 1 { "" } else { "s" };
            return Err(self.fail(format!(
                "{path}: an array of type {name} has {fixed} buffer{plural}, found n_buffers = {n}"
            )));
        }
        if n > 0 && a.buffers.is_null() {
            return Err(self.fail(format!("{path}.buffers is NULL (n_buffers = {n})")));
        }
        // SAFETY: `buffers` holds `n_buffers` pointers (the interface's contract), checked
        // non-NULL above when there are any; `i` is below `n_buffers` at every call.
        let buffer = |i: usize| unsafe { ptr::read_unaligned(a.buffers.add(i)) };
        if has_validity && null_count > 0 && buffer(0).is_null() {
            return Err(self.fail(format!(
                "{path}.buffers[0] (validity) is NULL, but null_count is {null_count}"
            )));
        }
        if !has_validity && null_count > 0 && *data_type != DataType::Null {
            return Err(self.fail(format!(
                "{path}: an array of type {name} has no validity buffer, so its null_count \
                 must be 0 or -1, found {null_count}"
            )));
        }
        // The offsets of a variable-size type hold length + 1 values: never empty.
        let offsets_first = matches!(
            data_type,
            DataType::Utf8
                | DataType::LargeUtf8
                | DataType::Binary
                | DataType::LargeBinary
                | DataType::List(_)
                | DataType::LargeList(_)
                | DataType::Map(..)
        );
        // arrow-rs computes each buffer's size from offset + length without checking for
        // overflow: a length whose buffers could not fit in memory is refused here.
        let too_large = shape
            .buffers
            .iter()
            .enumerate()
            .any(|(k, spec)| match spec {
                BufferSpec::FixedWidth { byte_width, .. } => {
                    let values = end as u128 + u128::from(k == 0 && offsets_first);
                    values * *byte_width as u128 > isize::MAX as u128
                }
                _ => false,
            });
        if too_large {
            return Err(self.fail(format!(
                "{path}: offset + length ({end}) is too large for an array of type {name}: \
                 its buffers would not fit in memory"
            )));
        }
        for (k, spec) in shape.buffers.iter().enumerate() {
            let i = k + usize::from(has_validity);
            let needed = match spec {
                BufferSpec::FixedWidth { byte_width, .. } => {
                    *byte_width > 0 && (end > 0 || (k == 0 && offsets_first))
                }
                BufferSpec::BitMap => end > 0,
                // The text of a string array: its size is the last offset, which arrow-rs
                // reads (and a NULL buffer with a non-zero size is its error).
                BufferSpec::VariableWidth | BufferSpec::AlwaysNull => false,
            };
            if needed && buffer(i).is_null() {
                return Err(self.fail(format!("{path}.buffers[{i}] is NULL")));
            }
        }
        if shape.variadic {
            let lengths_at = (n - 1) as usize;
            let data = lengths_at - fixed;
            let lengths = buffer(lengths_at).cast::<i64>();
            if data > 0 && lengths.is_null() {
                return Err(self.fail(format!(
                    "{path}.buffers[{lengths_at}] (the data buffers' lengths) is NULL"
                )));
            }
            for j in 0..data {
                // SAFETY: the lengths buffer holds one int64 per data buffer.
                let len = unsafe { ptr::read_unaligned(lengths.add(j)) };
                if len < 0 {
                    return Err(self.fail(format!(
                        "{path}.buffers[{}] has a negative length ({len})",
                        fixed + j
                    )));
                }
                if len > 0 && buffer(fixed + j).is_null() {
                    return Err(self.fail(format!("{path}.buffers[{}] is NULL", fixed + j)));
                }
            }
        }
        let children: Vec<&DataType> = match data_type {
            DataType::List(f)
            | DataType::LargeList(f)
            | DataType::ListView(f)
            | DataType::LargeListView(f)
            | DataType::FixedSizeList(f, _)
            | DataType::Map(f, _) => vec![f.data_type()],
            DataType::Struct(fields) => fields.iter().map(|f| f.data_type()).collect(),
            DataType::Union(fields, _) => fields.iter().map(|(_, f)| f.data_type()).collect(),
            DataType::RunEndEncoded(ends, values) => vec![ends.data_type(), values.data_type()],
            _ => Vec::new(),
        };
        let m = a.n_children;
        if m != children.len() as i64 {
            let k = children.len();
            let plural = if k == 1 { "child" } else { "children" };
            return Err(self.fail(format!(
                "{path}: an array of type {name} has {k} {plural}, found n_children = {m}"
            )));
        }
        if m > 0 && a.children.is_null() {
            return Err(self.fail(format!("{path}.children is NULL (n_children = {m})")));
        }
        for (i, child_type) in children.into_iter().enumerate() {
            // SAFETY: `children` holds `n_children` pointers (the interface's contract).
            let child = unsafe { ptr::read_unaligned(a.children.add(i)) };
            path.with(Step::Child(i), |path| {
                if child.is_null() {
                    return Err(self.fail(format!("{path} is NULL")));
                }
                // SAFETY: a non-NULL child is an ArrowArray (the interface's contract).
                unsafe { self.array(&*child, child_type, path) }
            })?;
        }
        match (data_type, a.dictionary.is_null()) {
            (DataType::Dictionary(_, values), false) => path.with(Step::Dictionary, |path| {
                // SAFETY: a non-NULL dictionary is an ArrowArray (the interface's contract).
                unsafe { self.array(&*a.dictionary, values, path) }
            }),
            (DataType::Dictionary(..), true) => Err(self.fail(format!(
                "{path}.dictionary is NULL, but the type is dictionary-encoded"
            ))),
            (_, false) => Err(self.fail(format!(
                "{path}.dictionary is set, but type {name} is not dictionary-encoded"
            ))),
            (_, true) => Ok(()),
        }
    }
}

// ---------------------------------------------------------------------------------------
// Export

type ArrayRelease = unsafe extern "C" fn(*mut FFI_ArrowArray);
type SchemaRelease = unsafe extern "C" fn(*mut FFI_ArrowSchema);

/// arrow-rs's release callbacks of the structs it exports, met on the first export.
static ARROW_ARRAY_RELEASE: OnceLock<ArrayRelease> = OnceLock::new();
static ARROW_SCHEMA_RELEASE: OnceLock<SchemaRelease> = OnceLock::new();

/// A new `ArrowArray` of `data` for a caller, whose `release` callbacks (its own, its
/// children's and its dictionary's) may be called more than once.
///
/// The C Data Interface marks a released struct by setting `release` to NULL, and Arrow C++
/// and nanoarrow make a second call of the same callback return at once. arrow-rs's callback
/// frees the struct's private data without looking at `release` first, so a consumer that
/// calls a saved `release` pointer twice (or drops a struct it released by hand) would free
/// it twice. Each callback in the exported tree is replaced by one that returns when
/// `release` is already NULL and otherwise calls arrow-rs's.
pub fn export_array(data: &ArrayData) -> FFI_ArrowArray {
    let mut array = FFI_ArrowArray::new(data);
    // SAFETY: a tree arrow-rs has just made and nothing else has seen.
    unsafe { guard_array(&mut array) };
    array
}

/// A computed column as the structs a consumer takes over: its array ([`export_array`]) and
/// the schema of an unnamed, nullable field of its type ([`export_schema`]).
pub fn export_column(data: &ArrayData) -> Result<(FFI_ArrowArray, FFI_ArrowSchema), ArrowError> {
    let schema = export_schema(&Field::new("", data.data_type().clone(), true))?;
    Ok((export_array(data), schema))
}

/// A new `ArrowSchema` of `field`, its `release` callbacks safe to call twice, as in
/// [`export_array`].
pub fn export_schema(field: &Field) -> Result<FFI_ArrowSchema, ArrowError> {
    let mut schema = FFI_ArrowSchema::try_from(field)?;
    // SAFETY: as in export_array.
    unsafe { guard_schema(&mut schema) };
    Ok(schema)
}

/// Replaces arrow-rs's release callback of `array` and of every struct under it.
///
/// # Safety
/// `array` is a live tree exported by arrow-rs: its children and dictionary pointers are its
/// own boxes.
unsafe fn guard_array(array: &mut FFI_ArrowArray) {
    if let Some(release) = array.release {
        let arrow = *ARROW_ARRAY_RELEASE.get_or_init(|| release);
        // Only arrow-rs's callback is known to be the one to call after the check.
        if ptr::fn_addr_eq(release, arrow) {
            array.release = Some(release_array_once);
        }
    }
    for i in 0..array.n_children.max(0) as usize {
        // SAFETY: the function's contract: `children` holds `n_children` live boxes.
        unsafe { guard_array(&mut **array.children.add(i)) };
    }
    if !array.dictionary.is_null() {
        // SAFETY: as above.
        unsafe { guard_array(&mut *array.dictionary) };
    }
}

/// As [`guard_array`], for a schema.
///
/// # Safety
/// As for [`guard_array`].
unsafe fn guard_schema(schema: &mut FFI_ArrowSchema) {
    if let Some(release) = schema.release {
        let arrow = *ARROW_SCHEMA_RELEASE.get_or_init(|| release);
        if ptr::fn_addr_eq(release, arrow) {
            schema.release = Some(release_schema_once);
        }
    }
    for i in 0..schema.n_children.max(0) as usize {
        // SAFETY: as in guard_array.
        unsafe { guard_schema(&mut **schema.children.add(i)) };
    }
    if !schema.dictionary.is_null() {
        // SAFETY: as above.
        unsafe { guard_schema(&mut *schema.dictionary) };
    }
}

/// The release callback of an exported array: nothing when it is already released,
/// otherwise arrow-rs's (which frees the private data, releases the children and
/// dictionary, and sets `release` to NULL).
unsafe extern "C" fn release_array_once(array: *mut FFI_ArrowArray) {
    // SAFETY: the consumer passes the struct whose callback this is (or NULL); it is only
    // reached through the raw pointer, which arrow-rs's callback also writes through.
    unsafe {
        if array.is_null() || (*array).release.is_none() {
            return;
        }
        if let Some(arrow) = ARROW_ARRAY_RELEASE.get() {
            arrow(array);
        }
        (*array).release = None;
        (*array).private_data = ptr::null_mut();
    }
}

/// As [`release_array_once`], for a schema.
unsafe extern "C" fn release_schema_once(schema: *mut FFI_ArrowSchema) {
    // SAFETY: as in release_array_once.
    unsafe {
        if schema.is_null() || (*schema).release.is_none() {
            return;
        }
        if let Some(arrow) = ARROW_SCHEMA_RELEASE.get() {
            arrow(schema);
        }
        (*schema).release = None;
        (*schema).private_data = ptr::null_mut();
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use arrow_array::cast::AsArray;
    use arrow_array::{Array, Int64Array, StringArray, StructArray};

    use super::*;

    fn field_of(array: &dyn Array) -> Field {
        Field::new("", array.data_type().clone(), true)
    }

    /// An exported pair, as a producer hands it over.
    fn exported(array: &dyn Array) -> (FFI_ArrowArray, FFI_ArrowSchema) {
        let schema = export_schema(&field_of(array)).unwrap();
        (export_array(&array.to_data()), schema)
    }

    /// The message of an import refused with INVALID_ARGUMENT.
    fn refused(result: Result<ArrayRef, ColumnError>) -> String {
        let e = result.expect_err("accepted");
        assert_eq!(e.code(), ErrorCode::InvalidArgument, "{e}");
        e.to_string()
    }

    fn codes() -> StringArray {
        StringArray::from(vec![Some("E.Auth.Token.MISSING"), None])
    }

    #[test]
    fn a_sound_pair_is_imported_as_it_was_exported() {
        let (array, schema) = exported(&codes());
        // SAFETY: structs arrow-rs exported just now.
        let column = unsafe { import_array(array, &schema, "input") }.unwrap();
        assert_eq!(column.as_string::<i32>(), &codes());
    }

    /// An empty slice past a row of text: its offsets start at that row's end, not at 0, and
    /// arrow-rs's own import of it gives an array that arrow-rs refuses.
    #[test]
    fn an_empty_slice_past_the_first_row_is_an_empty_column() {
        let large = arrow_array::LargeStringArray::from(vec!["E.A.B.001", "E.A.B.002"]);
        let texts: [&dyn Array; 2] = [&codes().slice(1, 0), &large.slice(2, 0)];
        for text in texts {
            assert!(text.to_data().validate_full().is_ok());
            let (array, schema) = exported(text);
            // SAFETY: structs arrow-rs exported just now.
            let column = unsafe { import_array(array, &schema, "input") }.unwrap();
            assert_eq!((column.len(), column.data_type()), (0, text.data_type()));
            let ids = crate::wdp::compact_ids(
                column.as_ref(),
                None,
                polyid::Profile::Polyid,
                crate::OnError::Raise,
            );
            assert_eq!(ids.unwrap().values.len(), 0);
        }
    }

    unsafe extern "C" fn release_no_array(a: *mut FFI_ArrowArray) {
        // SAFETY: called with the struct whose callback this is.
        unsafe { (*a).release = None };
    }

    unsafe extern "C" fn release_nothing(s: *mut FFI_ArrowSchema) {
        // SAFETY: called with the struct whose callback this is.
        unsafe { (*s).release = None };
    }

    /// Imports the export of `source` after `breaking` it. `breaking` gets copies of the
    /// top-level structs, with their own buffer and child pointer arrays and a release
    /// callback that does nothing: what it breaks never reaches arrow-rs's release callbacks,
    /// which free the export afterwards.
    fn broken(
        source: &dyn Array,
        breaking: impl FnOnce(&mut FFI_ArrowArray, &mut FFI_ArrowSchema),
    ) -> String {
        let (array, schema) = exported(source);
        // SAFETY: reads of the export's top-level structs and of their pointer arrays (of
        // `n_buffers` and `n_children` entries).
        let (mut a, mut s, mut buffers, mut children, mut fields) = unsafe {
            (
                ptr::read(&array),
                ptr::read(&schema),
                (0..array.n_buffers as usize)
                    .map(|i| *array.buffers.add(i))
                    .collect::<Vec<_>>(),
                (0..array.n_children as usize)
                    .map(|i| *array.children.add(i))
                    .collect::<Vec<_>>(),
                (0..schema.n_children as usize)
                    .map(|i| *schema.children.add(i))
                    .collect::<Vec<_>>(),
            )
        };
        a.release = Some(release_no_array);
        s.release = Some(release_nothing);
        a.buffers = buffers.as_mut_ptr();
        a.children = children.as_mut_ptr();
        s.children = fields.as_mut_ptr();
        breaking(&mut a, &mut s);
        // SAFETY: broken fields are NULL, out of range, or pointers to live structs.
        let message = refused(unsafe { import_array(a, &s, "input") });
        drop(s);
        message
    }

    #[test]
    fn each_broken_field_is_named_by_its_path() {
        let s = codes();
        let cases: Vec<(String, &str)> = vec![
            (
                broken(&s, |_, sc| sc.format = ptr::null()),
                "input: schema.format is NULL",
            ),
            (
                broken(&s, |a, _| a.buffers = ptr::null_mut()),
                "input: array.buffers is NULL (n_buffers = 3)",
            ),
            (
                // SAFETY: the exported buffers array holds 3 pointers.
                broken(&s, |a, _| unsafe { *a.buffers.add(1) = ptr::null() }),
                "input: array.buffers[1] is NULL",
            ),
            (
                broken(&s, |a, _| a.n_buffers = 2),
                "input: array: an array of type Utf8 has 3 buffers, found n_buffers = 2",
            ),
            (
                // SAFETY: as above.
                broken(&s, |a, _| unsafe { *a.buffers = ptr::null() }),
                "input: array.buffers[0] (validity) is NULL, but null_count is 1",
            ),
            (
                broken(&s, |a, _| a.null_count = 3),
                "input: array.null_count is 3: it must be -1 (not computed) or 0 to the length (2)",
            ),
            (
                broken(&s, |a, _| a.null_count = -2),
                "input: array.null_count is -2: it must be -1 (not computed) or 0 to the length (2)",
            ),
            (
                broken(&s, |a, _| a.offset = i64::MAX),
                "input: array: offset + length overflows (9223372036854775807 + 2)",
            ),
            (
                // The offsets would take 4 * (2^62 + 1) bytes.
                broken(&s, |a, _| a.length = 1 << 62),
                "input: array: offset + length (4611686018427387904) is too large for an array \
                 of type Utf8: its buffers would not fit in memory",
            ),
        ];
        for (got, want) in cases {
            assert_eq!(got, want);
        }
        let record = StructArray::from(vec![(
            Arc::new(Field::new("code", DataType::Utf8, true)),
            Arc::new(codes()) as ArrayRef,
        )]);
        let nested: Vec<(String, &str)> = vec![
            (
                broken(&record, |a, _| a.children = ptr::null_mut()),
                "input: array.children is NULL (n_children = 1)",
            ),
            (
                // SAFETY: the exported children array holds 1 pointer.
                broken(&record, |a, _| unsafe { *a.children = ptr::null_mut() }),
                "input: array.children[0] is NULL",
            ),
            (
                broken(&record, |_, sc| sc.children = ptr::null_mut()),
                "input: schema.children is NULL (n_children = 1)",
            ),
            (
                broken(&record, |a, _| a.n_children = 2),
                "input: array: an array of type Struct(\"code\": Utf8) has 1 child, found \
                 n_children = 2",
            ),
        ];
        for (got, want) in nested {
            assert_eq!(got, want);
        }
    }

    #[test]
    fn a_type_without_validity_buffer_has_no_nulls() {
        let union = arrow_array::UnionArray::try_new(
            [(0, Arc::new(Field::new("n", DataType::Int64, false)))]
                .into_iter()
                .collect(),
            vec![0i8, 0].into(),
            None,
            vec![Arc::new(Int64Array::from(vec![1, 2])) as ArrayRef],
        )
        .unwrap();
        assert_eq!(
            broken(&union, |a, _| a.null_count = 1),
            "input: array: an array of type Union(Sparse, 0: (\"n\": non-null Int64)) has no validity \
             buffer, so its null_count must be 0 or -1, found 1"
        );
    }

    #[test]
    fn a_released_child_is_refused() {
        let record = StructArray::from(vec![(
            Arc::new(Field::new("n", DataType::Int64, false)),
            Arc::new(Int64Array::from(vec![1, 2])) as ArrayRef,
        )]);
        let (other, _) = exported(&record);
        // SAFETY: a copy of another export's child, marked released (never freed through it).
        let mut released = unsafe { ptr::read(*other.children) };
        released.release = None;
        let message = broken(&record, |a, _| {
            // SAFETY: the copy's own child pointer array, of one entry.
            unsafe { *a.children = &mut released };
        });
        assert_eq!(message, "input: array.children[0] is released");
    }

    #[test]
    fn hostile_nesting_stops_at_the_depth_limit() {
        // A list type that is its own child: without a limit, the check (and arrow-rs after
        // it) would recurse until the stack overflows.
        let mut looped = FFI_ArrowSchema::empty();
        looped.format = c"+l".as_ptr();
        looped.n_children = 1;
        looped.release = Some(release_nothing);
        let mut children = [&mut looped as *mut FFI_ArrowSchema];
        looped.children = children.as_mut_ptr();
        // SAFETY: a schema whose one child is itself.
        let e = unsafe { import_type(&looped, "input") }.unwrap_err();
        assert_eq!(
            e.to_string(),
            "input: schema.children[0].children[0].children[0](...59 levels...).children[0]\
             .children[0].children[0]: types nest deeper than 64 levels"
        );
        looped.release = None;
    }

    #[test]
    fn a_format_is_quoted_only_in_part() {
        let long = format!("{}\0", "x".repeat(200));
        let mut schema = FFI_ArrowSchema::empty();
        schema.format = long.as_ptr().cast();
        schema.release = Some(release_nothing);
        // SAFETY: a schema with a NUL-terminated format.
        let e = unsafe { import_type(&schema, "input") }.unwrap_err();
        assert_eq!(
            e.to_string(),
            format!(
                "input: schema.format \"{}\"... is not an Arrow format",
                "x".repeat(32)
            )
        );
        schema.release = None;
    }

    #[test]
    fn the_formats_arrow_rs_reads_and_their_children() {
        let exactly = |f: &str| match children_of(f) {
            Some(Children::Exactly(k)) => Some(k),
            _ => None,
        };
        for (format, want) in [
            ("u", Some(0)),
            ("tsu:UTC", Some(0)),
            ("w:16", Some(0)),
            ("d:38,10", Some(0)),
            ("+l", Some(1)),
            ("+w:4", Some(1)),
            ("+r", Some(2)),
            ("+ud:0,1,5", Some(3)),
            ("w:-1", None),
            ("+w:-4", None),
            ("?!", None),
            ("", None),
        ] {
            assert_eq!(exactly(format), want, "{format}");
        }
        assert!(matches!(children_of("+s"), Some(Children::Any)));
    }

    #[test]
    fn exported_release_callbacks_may_be_called_twice() {
        let record = StructArray::from(vec![(
            Arc::new(Field::new("code", DataType::Utf8, true)),
            Arc::new(codes()) as ArrayRef,
        )]);
        let (mut array, mut schema) = exported(&record);
        // SAFETY: the exported child, alive with its parent.
        let child = unsafe { &mut **array.children };
        let child_release = child.release.unwrap();
        let array_release = array.release.unwrap();
        let schema_release = schema.release.unwrap();
        // SAFETY: each callback called with its own struct, twice: the second call must find
        // the struct released and do nothing (the sanitizer and the allocator would see a
        // second free).
        unsafe {
            child_release(child);
            child_release(child);
            array_release(&mut array);
            array_release(&mut array);
            schema_release(&mut schema);
            schema_release(&mut schema);
            array_release(ptr::null_mut());
            schema_release(ptr::null_mut());
        }
        assert!(array.release.is_none() && schema.release.is_none());
        assert!(array.private_data.is_null() && schema.private_data.is_null());
    }
}
