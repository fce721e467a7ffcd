//! Columns of repeated WDP codes, the case the compact-ID and normalizing kernels keep a table
//! of seen codes for, against the core row by row: random pools of valid, invalid, long and
//! short codes, random runs of nulls whose rows still hold a code's bytes, sliced arrays, and
//! lengths that end blocks and ranges at every kind of row. Both error modes.

use arrow_array::cast::AsArray;
use arrow_array::{Array, StringArray};
use arrow_buffer::NullBuffer;
use polyid::{wdp, Profile};
use polyid_arrow::{ColumnError, OnError, Output};

/// xorshift64: the same columns on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A code from one of several shapes: plain, mixed case, named sequence, too long for the
/// table, short, invalid in one of several ways.
fn code(rng: &mut Rng) -> String {
    const LETTERS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let word = |rng: &mut Rng, len: usize| -> String {
        (0..len)
            .map(|_| char::from(LETTERS[rng.below(LETTERS.len())]))
            .collect()
    };
    let (a, b) = (1 + rng.below(12), 1 + rng.below(12));
    let (c, p) = (word(rng, a), word(rng, b));
    let n = 1 + rng.below(999);
    match rng.below(10) {
        0 => format!("e.{}.{}.{n:03}", c.to_lowercase(), p),
        1 => format!("W.{c}.{p}.MISSING"),
        2 => format!("E.{c}LONGERCOMPONENT.{p}PRIMARY.{n:03}"),
        3 => format!("E.{}.{}.{n:03}", &c[..1], &p[..1]),
        4 => format!("E.{c}.{p}.000"),
        5 => format!("Q.{c}.{p}.{n:03}"),
        6 => format!("E.{c}.{p}.{n}"),
        _ => format!("E.{c}.{p}.{n:03}"),
    }
}

/// One random column: its texts (every row holds one), its validity, and a slice of it.
fn column(rng: &mut Rng) -> StringArray {
    let pool: Vec<String> = (0..1 + rng.below(40)).map(|_| code(rng)).collect();
    // Half the columns long enough to be cut into ranges for two threads.
    let rows = 1 + rng.below(140_000);
    let texts = StringArray::from_iter_values((0..rows).map(|_| &pool[rng.below(pool.len())]));
    // No nulls, a few, or many; a null row keeps its code's bytes.
    let every = [0, 997, 7][rng.below(3)];
    let nulls = (every > 0).then(|| {
        let start = rng.below(rows);
        NullBuffer::from_iter((0..rows).map(|i| i < start || i % every != 0))
    });
    let column = StringArray::new(texts.offsets().clone(), texts.values().clone(), nulls);
    let offset = rng.below(rows.min(5_000));
    let len = rng.below(rows - offset + 1);
    column.slice(offset, len)
}

#[test]
fn compact_ids_of_repeated_codes_match_the_core() {
    matches_the_core(
        |codes, mode| polyid_arrow::wdp::compact_ids(codes, None, Profile::Polyid, mode),
        |code| wdp::compact_id(code).map(String::from),
    );
}

#[test]
fn normalized_repeated_codes_match_the_core() {
    // Variable-size rows: a column of its own per range, appended in row order.
    matches_the_core(
        |codes, mode| polyid_arrow::wdp::normalize_codes(codes, None, mode),
        wdp::normalize,
    );
}

/// `kernel` over random columns against `core` row by row, in both error modes.
fn matches_the_core(
    kernel: impl Fn(&StringArray, OnError) -> Result<Output, ColumnError>,
    core: impl Fn(&str) -> polyid::Result<String>,
) {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    // Rounds where OnError::Raise succeeded and where it failed: both must occur.
    let mut raised = [0, 0];
    for round in 0..40 {
        let codes = column(&mut rng);
        let expect: Vec<Option<Result<String, &str>>> = (0..codes.len())
            .map(|i| {
                codes
                    .is_valid(i)
                    .then(|| core(codes.value(i)).map_err(|e| e.code().as_str()))
            })
            .collect();

        let out = kernel(&codes, OnError::Null).unwrap();
        let ids = out.values.as_string::<i32>();
        let errors = out.errors.unwrap();
        let errors = errors.as_string::<i32>();
        for (i, want) in expect.iter().enumerate() {
            let got = match (ids.is_valid(i), errors.is_valid(i)) {
                (false, false) => None,
                (true, false) => Some(Ok(ids.value(i).to_owned())),
                (false, true) => Some(Err(errors.value(i))),
                (true, true) => panic!("round {round}, row {i}: a value and an error"),
            };
            assert_eq!(&got, want, "round {round}, row {i} of {}", codes.len());
        }

        let first_invalid = expect.iter().position(|r| matches!(r, Some(Err(_))));
        match kernel(&codes, OnError::Raise) {
            Ok(out) => {
                raised[0] += 1;
                assert_eq!(first_invalid, None, "round {round}");
                let ids = out.values.as_string::<i32>();
                for (i, want) in expect.iter().enumerate() {
                    let got = ids.is_valid(i).then(|| Ok(ids.value(i).to_owned()));
                    assert_eq!(&got, want, "round {round}, row {i}");
                }
            }
            Err(e) => {
                raised[1] += 1;
                let row = first_invalid.expect("an invalid row");
                assert_eq!(
                    (e.row(), e.input(), e.code().as_str()),
                    (
                        Some(row),
                        Some(codes.value(row)),
                        *expect[row].as_ref().unwrap().as_ref().unwrap_err()
                    ),
                    "round {round}"
                );
            }
        }
    }
    assert!(raised[0] > 0 && raised[1] > 0, "{raised:?}");
}

/// A `utf8` array over raw buffers, unchecked (it may be malformed), with `nulls`.
fn raw_utf8(offsets: Vec<i32>, values: Vec<u8>, nulls: Option<NullBuffer>) -> StringArray {
    let builder = arrow_data::ArrayData::builder(arrow_schema::DataType::Utf8)
        .len(offsets.len() - 1)
        .add_buffer(arrow_buffer::Buffer::from_vec(offsets))
        .add_buffer(arrow_buffer::Buffer::from_vec(values))
        .nulls(nulls);
    // SAFETY: the kernels check what they read; arrow-rs's verdict is compared below.
    StringArray::from(unsafe { builder.build_unchecked() })
}

/// A table of seen codes answers a row by its bytes before its text is checked as UTF-8.
/// A malformed row among repeated codes (a byte that is not UTF-8, a row cut inside a
/// character, offsets out of order) is still the error of the call, with arrow-rs's
/// description, wherever it is: in the first block, in a later block whose other rows the
/// table answers, after an invalid code, among null rows; in both error modes.
#[test]
fn malformed_rows_among_repeated_codes_are_refused() {
    let pool = [
        "E.AUTH.TOKEN.001",
        "W.Db.Pool.MISSING",
        "Q.BAD.SEVERITY.001",
        "E.\u{e9}.X.001",
    ];
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut refused = 0;
    for round in 0..200 {
        let rows = [50, 5_000, 9_000, 20_000][rng.below(4)];
        let mut values = Vec::new();
        let mut offsets = vec![0i32];
        for _ in 0..rows {
            values.extend_from_slice(pool[rng.below(pool.len())].as_bytes());
            offsets.push(values.len() as i32);
        }
        let at = [0, rows / 2, rows - 1, rng.below(rows)][rng.below(4)];
        match rng.below(4) {
            // A byte never found in UTF-8, inside a row.
            0 => values[offsets[at] as usize + 1] = 0xFF,
            // A row that ends inside the two bytes of 'é' (the next row starts there).
            1 => {
                let start = offsets[at] as usize;
                let row = "E.\u{e9}.X.001";
                values.splice(start..offsets[at + 1] as usize, row.bytes());
                let shift = row.len() as i32 - (offsets[at + 1] - offsets[at]);
                for o in &mut offsets[at + 1..] {
                    *o += shift;
                }
                offsets[at + 1] = start as i32 + 3;
            }
            // Offsets out of order.
            2 if at > 0 => offsets[at] = offsets[at - 1] - 1,
            // Well formed.
            _ => {}
        }
        let nulls =
            (rng.below(3) == 0).then(|| NullBuffer::from_iter((0..rows).map(|i| i % 13 != 5)));
        let codes = raw_utf8(offsets, values, nulls);
        let verdict = codes.to_data().validate_full();
        refused += usize::from(verdict.is_err());
        for mode in [OnError::Null, OnError::Raise] {
            let out = polyid_arrow::wdp::compact_ids(&codes, None, Profile::Polyid, mode);
            match (&verdict, out) {
                (Err(want), Err(e)) => {
                    assert_eq!(e.code().as_str(), "INVALID_ARGUMENT", "round {round}");
                    assert_eq!(e.row(), None, "round {round}");
                    assert!(
                        e.to_string().contains(&want.to_string()),
                        "round {round}: {e}"
                    );
                }
                (Ok(()), Ok(_)) => {}
                // An invalid code raised (the pool has two), the input being well formed.
                (Ok(()), Err(e)) if mode == OnError::Raise && e.row().is_some() => {}
                (verdict, out) => panic!(
                    "round {round}, {mode:?}: arrow-rs {verdict:?}, polyid {:?}",
                    out.map(|_| ())
                ),
            }
        }
    }
    assert!((50..150).contains(&refused), "{refused} refused");
}
