//! The Arrow C Data Interface import of `polyid-arrow` (`ffi::borrow_array`, what the C
//! binding calls with a caller's `struct ArrowArray` and `struct ArrowSchema`), on structs
//! that arrow-rs exports from the well-formed arrays of `arrow_text` (its faults left out)
//! and in which one field is then changed, as a faulty producer could: counts, lengths,
//! offsets and null counts out of range, NULL pointers, released structs, other formats, a
//! name that is not UTF-8.
//!
//! Only fields the import promises to check are changed. The interface gives no buffer
//! sizes, so a length or a count made larger (more than the producer allocated) or a format
//! whose buffers are wider is the producer's fault that no consumer can see, and is not
//! tried.
//!
//! Properties: the import never panics and never reads outside what the structs describe
//! (AddressSanitizer); it refuses with `INVALID_ARGUMENT` and a bounded message, and always
//! refuses a change that no valid struct has (a negative length or offset, a null count out
//! of range, NULL buffers or dictionary where the type needs them, a released struct, a NULL
//! format, a name that is not UTF-8); an unchanged pair is imported, unless its text is not
//! UTF-8 (refused by the import, or by the kernel that checks the rows); and a kernel runs
//! on whatever was imported without panicking.
//!
//! Input: a byte that picks the change (and, in its high bits, a buffer), then an input of
//! `arrow_text`.

use core::ffi::c_char;
use std::ptr;

use arrow_data::ffi::FFI_ArrowArray;
use arrow_schema::ffi::FFI_ArrowSchema;
use polyid::{ErrorCode, Profile};
use polyid_arrow::{wdp, OnError};

// Declared beside this module by the crates that include both (the fuzz target and the Arrow
// crate's test), so that each compiles it once.
use crate::arrow_text;

/// Formats put in place of the schema's: no format at all, not one of Arrow's, or one whose
/// buffers are no wider than any array `arrow_text` makes (a date32 is one 4-byte value per
/// row, as a dictionary's `int32` keys; the others have other buffer counts or children).
const FORMATS: [&[u8]; 5] = [b"\0", b"zzz\0", b"+s\0", b"+l\0", b"tdD\0"];

/// A field name that is not UTF-8.
const BAD_NAME: &[u8] = b"\xff\xfe\0";

/// The changes, by number: whether one always makes the pair invalid.
fn change(which: u8, array: &mut FFI_ArrowArray, schema: &mut FFI_ArrowSchema) -> Option<bool> {
    let pick = usize::from(which >> 5);
    Some(match which & 0x1F {
        0 => false,
        1 => {
            array.length = -1;
            true
        }
        2 if array.length > 0 => {
            array.length -= 1;
            false
        }
        3 => {
            array.offset = -1;
            true
        }
        4 => {
            array.null_count = -2;
            true
        }
        5 => {
            array.null_count = array.length + 1;
            true
        }
        6 if array.n_buffers > 0 => {
            array.n_buffers -= 1;
            false
        }
        7 if array.n_buffers > 0 => {
            array.buffers = ptr::null_mut();
            true
        }
        8 if array.n_buffers > 0 => {
            let k = pick % array.n_buffers as usize;
            // SAFETY: `buffers` holds `n_buffers` pointers (arrow-rs's export); restored below.
            unsafe { *array.buffers.add(k) = ptr::null() };
            false
        }
        9 if array.n_children > 0 => {
            array.n_children -= 1;
            false
        }
        10 if !array.dictionary.is_null() => {
            array.dictionary = ptr::null_mut();
            true
        }
        11 => {
            array.release = None;
            true
        }
        12 => {
            schema.format = ptr::null();
            true
        }
        13 => {
            schema.format = FORMATS[pick % FORMATS.len()].as_ptr().cast::<c_char>();
            false
        }
        14 if !schema.dictionary.is_null() => {
            schema.dictionary = ptr::null_mut();
            true
        }
        15 => {
            schema.release = None;
            true
        }
        16 => {
            schema.name = BAD_NAME.as_ptr().cast::<c_char>();
            true
        }
        _ => return None,
    })
}

pub fn check(data: &[u8]) {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    // `arrow_text`'s column without its fault: through the interface, which gives no buffer
    // sizes, an offset past the data cannot be told from a short buffer.
    let mut rest = rest.to_vec();
    if let Some(flags) = rest.first_mut() {
        *flags &= 0x7F;
    }
    let Some((array_data, _)) = arrow_text::column(&rest) else {
        return;
    };
    let Ok(mut schema) = FFI_ArrowSchema::try_from(array_data.data_type()) else {
        return;
    };
    let mut array = FFI_ArrowArray::new(&array_data);
    // What a change touches, to put back before the structs are released.
    let (saved_array, saved_schema) = (
        (
            array.length,
            array.null_count,
            array.offset,
            array.n_buffers,
            array.n_children,
        ),
        (schema.format, schema.name),
    );
    let (buffers, dictionaries, releases) = (
        array.buffers,
        (array.dictionary, schema.dictionary),
        (array.release, schema.release),
    );
    let first = (array.n_buffers > 0).then(|| {
        // SAFETY: arrow-rs's export: `n_buffers` pointers.
        (0..array.n_buffers as usize)
            .map(|k| unsafe { *array.buffers.add(k) })
            .collect::<Vec<_>>()
    });
    let Some(always_invalid) = change(which, &mut array, &mut schema) else {
        return;
    };
    // A broken property panics. The changed fields are put back before the panic goes on, so
    // that the structs are released as arrow-rs exported them: the seeds' replay in `make test`
    // catches the panic and goes on to the next seed (libFuzzer stops at the panic itself).
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        // SAFETY: the structs arrow-rs exported, changed only in fields the import checks, alive
        // (and their buffers with them) while the column is.
        let imported = unsafe { polyid_arrow::ffi::borrow_array(&array, &schema, "input") };
        // Without a change, the pair is what arrow-rs exported: its only possible fault is text
        // that is not UTF-8, refused by the import or, in `utf8` and `large_utf8` columns whose
        // rows the kernels check, by the kernel.
        // (An empty array has no text to read: it is imported as an empty column, whatever
        // arrow-rs says of the bytes of the array it was sliced from.)
        let sound =
            which & 0x1F != 0 || array_data.is_empty() || array_data.validate_full().is_ok();
        match &imported {
            Err(e) => {
                assert_eq!(e.code(), ErrorCode::InvalidArgument, "{e}");
                assert!(e.to_string().len() <= 1024, "an unbounded message: {e}");
                assert!(which & 0x1F != 0 || !sound, "a sound pair refused: {e}");
            }
            Ok(column) => {
                assert!(!always_invalid, "change {} accepted", which & 0x1F);
                // As the C functions of one column compute it: a dictionary once per value.
                let ids = polyid_arrow::per_value(column, OnError::Null, &|a, m| {
                    wdp::compact_ids(a, None, Profile::Polyid, m)
                });
                if !sound {
                    let e = ids.expect_err("text that is not UTF-8 computed");
                    assert_eq!(e.code(), ErrorCode::InvalidArgument, "{e}");
                }
            }
        }
    }));
    (
        array.length,
        array.null_count,
        array.offset,
        array.n_buffers,
        array.n_children,
    ) = saved_array;
    (schema.format, schema.name) = saved_schema;
    array.buffers = buffers;
    (array.dictionary, schema.dictionary) = dictionaries;
    (array.release, schema.release) = releases;
    if let Some(first) = first {
        for (k, p) in first.into_iter().enumerate() {
            // SAFETY: as above.
            unsafe { *array.buffers.add(k) = p };
        }
    }
    if let Err(panic) = outcome {
        std::panic::resume_unwind(panic);
    }
}
