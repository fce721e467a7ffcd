//! `polyid_arrow::validate_full`, which reads the offsets and text of `utf8` / `large_utf8`
//! arrays itself (range by range, on the kernel threads), against arrow-rs's
//! `ArrayData::validate_full` on arrays made from raw buffers, malformed ones included: the
//! verdicts must agree on every array, and a refusal carries arrow-rs's description.

use arrow_buffer::Buffer;
use arrow_data::ArrayData;
use arrow_schema::DataType;

/// A small deterministic generator (xorshift64*): the cases are the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Pieces the values are made of: ASCII, a two-byte and a four-byte character, a lone
/// continuation byte and a byte never found in UTF-8.
const PIECES: [&[u8]; 6] = [
    b"E.A.B.001",
    b"x",
    "\u{e9}".as_bytes(),
    "\u{1F600}".as_bytes(),
    &[0x80],
    &[0xFF],
];

/// An array of `rows` strings from raw buffers, without any check; `faults` says how often a
/// fault is put in (a bad byte, offsets out of order, negative or past the end, an offset
/// inside a character).
fn raw_text(rng: &mut Rng, rows: usize, large: bool, faults: u64) -> ArrayData {
    let mut values = Vec::new();
    let mut offsets = vec![0i64];
    for _ in 0..rows {
        for _ in 0..rng.below(4) {
            // Mostly valid pieces; the last two are invalid alone.
            let piece = if rng.below(faults.max(1)) == 0 {
                rng.below(6)
            } else {
                rng.below(4)
            };
            values.extend_from_slice(PIECES[piece as usize]);
        }
        offsets.push(values.len() as i64);
    }
    if rows > 0 && rng.below(faults.max(1)) == 0 {
        let i = rng.below(rows as u64 + 1) as usize;
        match rng.below(4) {
            0 => offsets[i] = offsets[i].wrapping_sub(1 + rng.below(5) as i64),
            1 => offsets[i] += 1 + rng.below(3) as i64,
            2 => offsets[i] = -1,
            _ => offsets[rows] = values.len() as i64 + 1,
        }
    }
    let (data_type, offsets) = if large {
        (DataType::LargeUtf8, Buffer::from_vec(offsets))
    } else {
        let narrow: Vec<i32> = offsets.iter().map(|&o| o as i32).collect();
        (DataType::Utf8, Buffer::from_vec(narrow))
    };
    let builder = ArrayData::builder(data_type)
        .len(rows)
        .add_buffer(offsets)
        .add_buffer(Buffer::from_vec(values));
    // SAFETY: the array is only ever validated, never read: malformed arrays are the point.
    unsafe { builder.build_unchecked() }
}

fn same_verdict(data: &ArrayData) {
    let ours = polyid_arrow::validate_full(data);
    let arrow = data.validate_full();
    match (&ours, &arrow) {
        (Ok(()), Ok(())) => {}
        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
        _ => panic!("polyid {ours:?}, arrow-rs {arrow:?} for {data:?}"),
    }
}

#[test]
fn short_arrays_get_arrow_rs_verdicts() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut refused = 0;
    for case in 0..20_000 {
        let data = raw_text(&mut rng, (case % 17) as usize, case % 2 == 1, 3);
        refused += usize::from(data.validate_full().is_err());
        same_verdict(&data);
    }
    // Both kinds of arrays were met, many times.
    assert!((4_000..16_000).contains(&refused), "{refused} refused");
}

/// Arrays of more rows than the checker takes together once it meets a byte outside ASCII
/// (32): text outside ASCII in groups and between them, and offsets inside a character at
/// the ends of a group.
#[test]
fn rows_checked_in_groups_get_arrow_rs_verdicts() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    for case in 0..4_000 {
        let rows = 33 + (case % 131) as usize;
        let data = raw_text(&mut rng, rows, case % 2 == 1, 40);
        same_verdict(&data);
        if case % 8 == 0 {
            kernels_agree(&data);
        }
    }
    // Rows of one ASCII byte but two of a two-byte character, `gap` rows apart (a group
    // begins at the first and takes 32 rows: the second is in it, ends it or follows it);
    // then each offset at either end of such a row moved into its character.
    for gap in [1, 2, 30, 31, 32, 33, 34, 64] {
        for first in [0, 1, 5] {
            let wide = [first, first + gap];
            let rows = first + gap + 3;
            let mut values = Vec::new();
            let mut offsets = vec![0i32];
            for row in 0..rows {
                let text = if wide.contains(&row) { "\u{e9}" } else { "a" };
                values.extend_from_slice(text.as_bytes());
                offsets.push(values.len() as i32);
            }
            let data = utf8(&offsets, &values);
            polyid_arrow::validate_full(&data).expect("well formed");
            same_verdict(&data);
            for (at, by) in wide.iter().flat_map(|&w| [(w, 1), (w + 1, -1)]) {
                let mut moved = offsets.clone();
                moved[at] += by;
                let data = utf8(&moved, &values);
                assert!(polyid_arrow::validate_full(&data).is_err(), "{gap} {at}");
                same_verdict(&data);
                kernels_agree(&data);
            }
        }
    }
}

#[test]
fn long_arrays_are_checked_in_every_range() {
    let mut rng = Rng(42);
    let rows = 300_007;
    for large in [false, true] {
        // Valid, non-ASCII text: accepted.
        let data = raw_text(&mut rng, rows, large, u64::MAX);
        data.validate_full().expect("a valid array");
        same_verdict(&data);
        // One fault near the end (in the last thread's range), then near the start.
        for at in [rows - 3, 2] {
            let mut offsets: Vec<i64> = (0..=rows as i64).map(|i| i * 9).collect();
            offsets[at] = offsets[at - 1] - 1;
            let values = b"E.A.B.001".repeat(rows);
            let offsets = if large {
                Buffer::from_vec(offsets)
            } else {
                Buffer::from_vec(offsets.iter().map(|&o| o as i32).collect::<Vec<_>>())
            };
            let data_type = if large {
                DataType::LargeUtf8
            } else {
                DataType::Utf8
            };
            let builder = ArrayData::builder(data_type)
                .len(rows)
                .add_buffer(offsets)
                .add_buffer(Buffer::from_vec(values));
            // SAFETY: only validated, never read.
            let data = unsafe { builder.build_unchecked() };
            assert!(polyid_arrow::validate_full(&data).is_err());
            same_verdict(&data);
        }
    }
}

/// A `utf8` array of the given offsets over `values`, unchecked.
fn utf8(offsets: &[i32], values: &[u8]) -> ArrayData {
    let builder = ArrayData::builder(DataType::Utf8)
        .len(offsets.len() - 1)
        .add_buffer(Buffer::from_vec(offsets.to_vec()))
        .add_buffer(Buffer::from_vec(values.to_vec()));
    // SAFETY: only validated, never read.
    unsafe { builder.build_unchecked() }
}

#[test]
fn each_fault_alone() {
    let e = "\u{e9}".as_bytes(); // two bytes
    let smile = "a\u{1F600}".as_bytes(); // one byte, then four
    let refused = [
        utf8(&[0, 1, 2], e),             // a boundary inside a character
        utf8(&[0, 3, 5], smile),         // inside the four-byte character
        utf8(&[0, 2, 1], b"ab"),         // out of order
        utf8(&[0, 1, 3], b"ab"),         // past the end
        utf8(&[-1, 1, 2], b"ab"),        // negative
        utf8(&[0, 1, 2], &[b'a', 0xFF]), // not UTF-8
        utf8(&[0, 1, 2], &[b'a', 0x80]), // a lone continuation byte
    ];
    for data in &refused {
        assert!(polyid_arrow::validate_full(data).is_err(), "{data:?}");
        same_verdict(data);
        kernels_agree(data);
    }
    let accepted = [
        utf8(&[0, 2, 2], e),
        utf8(&[0, 1, 5], smile),
        utf8(&[0, 0], b""),
    ];
    for data in &accepted {
        polyid_arrow::validate_full(data).expect("well formed");
        same_verdict(data);
        kernels_agree(data);
    }
}

/// `validate_for_kernels` and then a kernel, as the bindings read a received array: refused
/// exactly when arrow-rs refuses the array, in either mode, with `INVALID_ARGUMENT` and
/// arrow-rs's description; a refusal never depends on how the rows are cut into blocks.
fn kernels_agree(data: &ArrayData) {
    use polyid_arrow::{wdp, OnError};
    let arrow = data.validate_full();
    for mode in [OnError::Raise, OnError::Null] {
        let ours = polyid_arrow::validate_for_kernels(data)
            .map_err(|e| e.to_string())
            .and_then(|()| {
                let array = arrow_array::make_array(data.clone());
                wdp::compact_ids(array.as_ref(), None, polyid::Profile::Polyid, mode)
                    .map(|_| ())
                    .or_else(|e| match e.code() {
                        // A row the core refuses (with Raise) is not a malformed array.
                        polyid::ErrorCode::InvalidArgument => Err(e.to_string()),
                        _ => Ok(()),
                    })
            });
        match (&ours, &arrow) {
            (Ok(()), Ok(())) => {}
            (Err(a), Err(b)) => assert!(a.contains(&b.to_string()), "{a} / {b}"),
            _ => panic!("polyid {ours:?}, arrow-rs {arrow:?} for {data:?}"),
        }
    }
    // A column checked without a kernel (`check_column`) gets the kernels' verdict.
    if polyid_arrow::validate_for_kernels(data).is_ok() {
        let array = arrow_array::make_array(data.clone());
        match (polyid_arrow::check_column(array.as_ref()), &arrow) {
            (Ok(()), Ok(())) => {}
            (Err(e), Err(b)) => {
                assert_eq!(e.code(), polyid::ErrorCode::InvalidArgument);
                assert!(e.to_string().contains(&b.to_string()), "{e} / {b}");
            }
            (ours, _) => panic!("check_column {ours:?}, arrow-rs {arrow:?} for {data:?}"),
        }
    }
}

#[test]
fn kernels_refuse_what_arrow_rs_refuses() {
    let mut rng = Rng(0x51_7CC1_B727_220A);
    for case in 0..5_000 {
        let data = raw_text(&mut rng, (case % 17) as usize, case % 2 == 1, 3);
        kernels_agree(&data);
    }
    // Long arrays, several threads and many blocks: a fault at the end, at the start, or in
    // a block boundary's offset.
    let rows = 300_007;
    for at in [rows - 3, 2, 4096, 8192 + 1] {
        let mut offsets: Vec<i32> = (0..=rows as i32).map(|i| i * 9).collect();
        offsets[at] = offsets[at - 1] - 1;
        let data = utf8(&offsets, &b"E.A.B.001".repeat(rows));
        assert!(data.validate_full().is_err());
        kernels_agree(&data);
        // No row is a TID: the first row of each range stops the kernel, and the fault
        // further on is still the error of the call.
        let array = arrow_array::make_array(data);
        let e = polyid_arrow::tid::parse(
            array.as_ref(),
            polyid::Profile::Polyid,
            polyid_arrow::OnError::Raise,
        )
        .unwrap_err();
        assert_eq!(
            (e.code(), e.row()),
            (polyid::ErrorCode::InvalidArgument, None)
        );
    }
    // Long arrays of non-ASCII text, read as UTF-8 a group of rows at a time: valid ones, and
    // ones with a rare invalid piece (a bad byte, a piece cut inside a character) wherever it
    // falls among the groups.
    let mut refused = 0;
    for seed in 0..12 {
        let faults = if seed < 2 { u64::MAX } else { 30_000 };
        let data = raw_text(&mut Rng(seed + 1), 70_001, seed % 2 == 1, faults);
        refused += usize::from(data.validate_full().is_err());
        kernels_agree(&data);
    }
    assert!((3..=10).contains(&refused), "{refused} refused");
    let mut values = b"E.A.B.001".repeat(rows);
    values[9 * 200_000 + 4] = 0xFF;
    let offsets: Vec<i32> = (0..=rows as i32).map(|i| i * 9).collect();
    kernels_agree(&utf8(&offsets, &values));
    kernels_agree(&utf8(&offsets, &b"E.A.B.001".repeat(rows)));
}

/// While a range's table of codes met before answers rows, only the rows it does not answer
/// have their UTF-8 checked on their own: a malformed row among thousands of repeated codes
/// (after an invalid code too, and as a null row, whose bytes arrow-rs checks as well) is
/// still the error of the call, with arrow-rs's description.
#[test]
fn rows_the_table_does_not_answer_are_checked_on_their_own() {
    let codes = ["E.AUTH.TOKEN.001", "W.Db.Pool.MISSING", "E.AUTH.TOKEN.000"];
    let faults: [&[u8]; 3] = [
        b"E.AUTH.TOKEN.\xFF01",
        b"E.AUTH.TOKEN.0\xC3", // the first byte of a character, cut by the next row
        b"\xA9E.AUTH.TOKEN.001", // the rest of that character
    ];
    let rows = 3 * 4096 + 17;
    for (k, at) in [(0, 4096 + 7), (1, rows - 2), (0, 2 * 4096)]
        .into_iter()
        .enumerate()
    {
        for null in [false, true] {
            let mut values = Vec::new();
            let mut offsets = vec![0i32];
            for i in 0..rows {
                match i {
                    i if i == at.1 => values.extend_from_slice(faults[at.0]),
                    i if i == at.1 + 1 && at.0 == 1 => values.extend_from_slice(faults[2]),
                    i => values.extend_from_slice(codes[i % codes.len()].as_bytes()),
                }
                offsets.push(values.len() as i32);
            }
            let mut builder = ArrayData::builder(DataType::Utf8)
                .len(rows)
                .add_buffer(Buffer::from_vec(offsets))
                .add_buffer(Buffer::from_vec(values));
            if null {
                let valid: Vec<bool> = (0..rows).map(|i| i != at.1).collect();
                builder = builder.null_bit_buffer(Some(Buffer::from_iter(valid)));
            }
            // SAFETY: only validated, never read.
            let data = unsafe { builder.build_unchecked() };
            assert!(data.validate_full().is_err(), "case {k}");
            kernels_agree(&data);
        }
    }
}
