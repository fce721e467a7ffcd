//! Dictionary-encoded text columns computed once per dictionary value.
//!
//! A dictionary column (a categorical column of pandas or Polars, an ENUM of DuckDB, a
//! Parquet column read with its dictionary) repeats few values over many rows: a kernel
//! computes each value once, and every row takes its value's result by its key, instead of
//! the column being decoded to one text per row first.

use arrow_array::cast::AsArray;
use arrow_array::types::{
    ArrowDictionaryKeyType, Int16Type, Int32Type, Int64Type, Int8Type, UInt16Type, UInt32Type,
    UInt64Type, UInt8Type,
};
use arrow_array::{
    make_array, new_null_array, Array, ArrayRef, PrimitiveArray, StringArray, UInt64Array,
};
use arrow_buffer::{
    ArrowNativeType, BooleanBuffer, Buffer, NullBuffer, OffsetBuffer, ScalarBuffer,
};
use arrow_schema::DataType;
use polyid::{Error, ErrorCode};

use crate::error::{ColumnError, OnError, Output};
use crate::input::decode_dictionary;

/// A kernel of one column: its rows' values, and with [`OnError::Null`] their error codes.
pub type ColumnKernel<'k> = dyn Fn(&dyn Array, OnError) -> Result<Output, ColumnError> + 'k;

/// `kernel` over `column` in `mode`, a dictionary-encoded text column (keys of any integer
/// type; values `utf8`, `large_utf8` or `utf8_view`) read as the text it stands for. Such a
/// column's values are computed once each and its rows take their value's result: the same
/// output, the same first invalid row (with [`OnError::Raise`]) and the same errors as
/// `kernel` over [`decode_dictionary`]'s column, which is what any other column gets (and a
/// dictionary without values, or with more values than rows, where computing each value
/// would cost more).
///
/// ```
/// use std::sync::Arc;
/// use arrow_array::{Array, ArrayRef, DictionaryArray, types::Int8Type, cast::AsArray};
/// use polyid_arrow::{per_value, wdp, OnError};
/// let codes: DictionaryArray<Int8Type> =
///     vec![Some("E.Auth.Token.MISSING"), None, Some("E.Auth.Token.MISSING")].into_iter().collect();
/// let codes: ArrayRef = Arc::new(codes);
/// let out = per_value(&codes, OnError::Raise, &|a, m| {
///     wdp::compact_ids(a, None, polyid::Profile::Polyid, m)
/// })?;
/// let ids = out.values.as_string::<i32>();
/// assert_eq!((ids.value(0), ids.is_null(1), ids.value(2)), ("V6a0B", true, "V6a0B")); // docs/spec §1.2
/// # Ok::<(), polyid_arrow::ColumnError>(())
/// ```
pub fn per_value(
    column: &ArrayRef,
    mode: OnError,
    kernel: &ColumnKernel<'_>,
) -> Result<Output, ColumnError> {
    let Some(dict) = column.as_any_dictionary_opt() else {
        return kernel(column.as_ref(), mode);
    };
    let values = dict.values();
    let text = matches!(
        values.data_type(),
        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View
    );
    if !text || values.is_empty() || values.len() > column.len() {
        return kernel(decode_dictionary(column)?.as_ref(), mode);
    }
    let out = kernel(values.as_ref(), OnError::Null)?;
    let keys = dict.keys();
    if mode == OnError::Raise {
        if let Some(errors) = &out.errors {
            let at = dict.normalized_keys();
            let first =
                (0..column.len()).find(|&row| keys.is_valid(row) && errors.is_valid(at[row]));
            if let Some(row) = first {
                // The value's own error, in full, at the row's index.
                let value = values.slice(at[row], 1);
                return Err(match kernel(value.as_ref(), OnError::Raise) {
                    Err(e) => e.shifted(row),
                    Ok(_) => internal("a value failed once and not again"),
                });
            }
        }
    }
    // A text result (the usual kind: IDs, normalized codes, error codes) is gathered by the
    // keys themselves; any other through the keys as indices without nulls, and a copy of
    // their validity: `take` would hand a null key's validity back in the output, which must
    // not share a buffer with the input (a caller may release it first: `stream::owned`).
    let take_text = |a: &ArrayRef| a.as_string_opt::<i32>().and_then(|t| gather(t, keys));
    if let Some(values) = take_text(&out.values) {
        let errors = match (mode, &out.errors) {
            (OnError::Null, Some(errors)) if errors.null_count() == errors.len() => {
                Some(new_null_array(errors.data_type(), column.len()))
            }
            (OnError::Null, Some(errors)) => match take_text(errors) {
                Some(e) => Some(e),
                None => return Err(internal("an error column that is not text")),
            },
            _ => None,
        };
        return Ok(Output { values, errors });
    }
    let at = dict.normalized_keys();
    let indices = UInt64Array::from_iter_values(at.into_iter().map(|k| k as u64));
    let key_nulls = keys.nulls().map(|n| {
        let bits = n.inner();
        NullBuffer::new(BooleanBuffer::new(
            Buffer::from_slice_ref(bits.inner().as_slice()),
            bits.offset(),
            bits.len(),
        ))
    });
    let take = |a: &ArrayRef| -> Result<ArrayRef, ColumnError> {
        let taken = arrow_select::take::take(a.as_ref(), &indices, None)
            .map_err(|e| internal_owned(e.to_string()))?;
        let Some(key_nulls) = &key_nulls else {
            return Ok(taken);
        };
        let nulls = NullBuffer::union(taken.nulls(), Some(key_nulls));
        let data = taken.to_data().into_builder().nulls(nulls).build();
        Ok(make_array(data.map_err(|e| internal_owned(e.to_string()))?))
    };
    Ok(Output {
        values: take(&out.values)?,
        errors: match (mode, &out.errors) {
            // No value failed (the common case): no row has an error.
            (OnError::Null, Some(errors)) if errors.null_count() == errors.len() => {
                Some(new_null_array(errors.data_type(), column.len()))
            }
            (OnError::Null, Some(errors)) => Some(take(errors)?),
            _ => None,
        },
    })
}

/// The rows of `values` that `keys` pick, as arrow-rs's `take` of the dictionary's decoded
/// column gives them (null where the key or its value is null), in one pass over the keys:
/// no index array is made. `None` for keys of a type no dictionary has, a valid key past the
/// values (which a dictionary never holds), or more text than `i32` offsets reach: the
/// caller's `take` then says what it makes of them.
fn gather(values: &StringArray, keys: &dyn Array) -> Option<ArrayRef> {
    macro_rules! by {
        ($($t:ty),*) => {
            match keys.data_type() {
                $(d if d == &<$t as arrow_array::types::ArrowPrimitiveType>::DATA_TYPE => {
                    gather_by::<$t>(values, keys.as_primitive::<$t>())
                })*
                _ => None,
            }
        };
    }
    by!(Int8Type, Int16Type, Int32Type, Int64Type, UInt8Type, UInt16Type, UInt32Type, UInt64Type)
}

/// [`gather`] by keys of type `K`.
fn gather_by<K: ArrowDictionaryKeyType>(
    values: &StringArray,
    keys: &PrimitiveArray<K>,
) -> Option<ArrayRef> {
    if keys.null_count() == 0 && values.null_count() == 0 {
        gather_rows::<K, false>(values, keys)
    } else {
        gather_rows::<K, true>(values, keys)
    }
}

/// [`gather_by`], `NULLS` being whether a key or a value is null.
fn gather_rows<K: ArrowDictionaryKeyType, const NULLS: bool>(
    values: &StringArray,
    keys: &PrimitiveArray<K>,
) -> Option<ArrayRef> {
    let (rows, count) = (keys.len(), values.len());
    let offsets = values.value_offsets();
    let text = values.value_data();
    // The bytes of the values an average row takes, as a first reservation.
    let base = offsets[0].as_usize();
    let per_row = (offsets[count].as_usize() - base) / count.max(1) + 1;
    // At most what `i32` offsets reach: past it the gather gives up anyway.
    let reserve = rows.saturating_mul(per_row).min(i32::MAX as usize);
    let mut bytes: Vec<u8> = Vec::with_capacity(reserve);
    let mut ends: Vec<i32> = Vec::with_capacity(rows + 1);
    crate::pages::advise(&bytes);
    crate::pages::advise(&ends);
    ends.push(0);
    // The validity, a word of 64 rows at a time.
    let mut bits: Vec<u64> = Vec::with_capacity(if NULLS { rows.div_ceil(64) } else { 0 });
    let mut word = 0u64;
    for (row, k) in keys.values().iter().enumerate() {
        let k = k.as_usize();
        let key_valid = !NULLS || keys.is_valid(row);
        if key_valid && k >= count {
            return None;
        }
        let valid = key_valid && (!NULLS || values.is_valid(k));
        if valid {
            bytes.extend_from_slice(&text[offsets[k].as_usize()..offsets[k + 1].as_usize()]);
        }
        ends.push(i32::try_from(bytes.len()).ok()?);
        if NULLS {
            word |= u64::from(valid) << (row % 64);
            if row % 64 == 63 {
                bits.push(word);
                word = 0;
            }
        }
    }
    let nulls = NULLS.then(|| {
        if rows % 64 != 0 {
            bits.push(word);
        }
        NullBuffer::new(BooleanBuffer::new(Buffer::from_vec(bits), 0, rows))
    });
    // No validity when no row is null (values with nulls that no key picks).
    let nulls = nulls.filter(|n| n.null_count() > 0);
    // SAFETY: `ends` starts at 0 and never falls (a row adds its value's bytes, or none), and
    // each row's bytes are one whole value of a `StringArray`: valid UTF-8, cut at character
    // boundaries. (`StringArray::try_new` would check the UTF-8 of every row again.)
    #[allow(unsafe_code)]
    let out = unsafe {
        StringArray::new_unchecked(
            OffsetBuffer::new_unchecked(ScalarBuffer::from(ends)),
            Buffer::from_vec(bytes),
            nulls,
        )
    };
    Some(std::sync::Arc::new(out))
}

fn internal(message: &'static str) -> ColumnError {
    ColumnError::new(Error::reason(
        ErrorCode::InternalError,
        "dictionary column",
        message,
    ))
}

fn internal_owned(message: String) -> ColumnError {
    ColumnError::new(Error::new(
        ErrorCode::InternalError,
        "dictionary column",
        polyid::Detail::Message(message.into()),
    ))
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use arrow_array::types::{Int16Type, Int8Type, UInt32Type};
    use arrow_array::{
        Array, ArrayRef, DictionaryArray, Int16Array, Int32Array, LargeStringArray, PrimitiveArray,
        StringArray, StringViewArray,
    };
    use arrow_buffer::ArrowNativeType;
    use polyid::Profile;

    use super::per_value;
    use crate::input::decode_dictionary;
    use crate::{euid, tid, wdp, xid, ColumnError, OnError, Output};

    type Kernel = fn(&dyn arrow_array::Array, OnError) -> Result<Output, ColumnError>;

    const KERNELS: [Kernel; 6] = [
        |a, m| wdp::compact_ids(a, None, Profile::Polyid, m),
        |a, m| wdp::normalize_codes(a, None, m),
        |a, m| wdp::namespace_hashes(a, Profile::Polyid, m),
        |a, m| tid::parse(a, Profile::Polyid, m),
        |a, m| xid::parse(a, m),
        |a, m| euid::parse(a, Profile::Polyid, m),
    ];

    /// Every kernel in both modes, through `per_value` and over the decoded column: the same
    /// values and errors, or the same error.
    fn agrees(column: &ArrayRef) {
        for kernel in KERNELS {
            for mode in [OnError::Null, OnError::Raise] {
                let decoded = decode_dictionary(column).and_then(|d| kernel(d.as_ref(), mode));
                let direct = per_value(column, mode, &kernel);
                match (direct, decoded) {
                    (Ok(a), Ok(b)) => {
                        // Nothing of the input in the output (a C caller releases its input
                        // after the call).
                        #[cfg(feature = "ffi")]
                        for out in std::iter::once(&a.values).chain(&a.errors) {
                            crate::stream::owned(out, std::slice::from_ref(column)).unwrap();
                        }
                        assert_eq!(a.values.as_ref(), b.values.as_ref());
                        assert_eq!(a.errors.is_some(), b.errors.is_some());
                        if let (Some(x), Some(y)) = (a.errors, b.errors) {
                            assert_eq!(x.as_ref(), y.as_ref());
                        }
                    }
                    (a, b) => assert_eq!(a.err(), b.err()),
                }
            }
        }
    }

    fn values() -> [Option<&'static str>; 9] {
        [
            Some("E.Auth.Token.MISSING"),
            Some(" e.auth.token.001 "),
            None,
            Some("E.AUTH.TOKEN.000"),
            Some("3kxnlhr3gxq23"),
            Some("abcdefghijk"),
            Some(""),
            Some("01HV6BY4Z9A8G6F9E3G5P7M2R7K"),
            Some("auth_lib"),
        ]
    }

    #[test]
    fn each_value_once_is_the_decoded_column() {
        // Keys over every value, null keys, values no row uses; each text layout; sliced.
        let keys: Vec<Option<i16>> = (0..300)
            .map(|i| (i % 17 != 3).then_some(((i * 7) % 9) as i16))
            .collect();
        let layouts: [ArrayRef; 3] = [
            Arc::new(StringArray::from(values().to_vec())),
            Arc::new(LargeStringArray::from(values().to_vec())),
            Arc::new(StringViewArray::from(values().to_vec())),
        ];
        for values in layouts {
            let dict =
                DictionaryArray::<Int16Type>::try_new(Int16Array::from(keys.clone()), values)
                    .unwrap();
            let dict: ArrayRef = Arc::new(dict);
            agrees(&dict);
            agrees(&dict.slice(5, 200));
            // Rows before the first invalid one all valid: the raised row is not the first.
            agrees(&dict.slice(0, 0));
        }
        // Only valid codes (no row fails in either mode), and null keys: the output's only
        // nulls are the keys'.
        let valid: DictionaryArray<Int8Type> = (0..100)
            .map(|i| (i % 7 != 0).then_some(["E.A.B.001", "W.Cache.Data.MISSING"][i % 2]))
            .collect();
        agrees(&(Arc::new(valid) as ArrayRef));
    }

    /// `gather` against arrow-rs's `take` of the decoded rows, keys of every integer type.
    #[test]
    fn gathered_text_is_the_taken_text() {
        use arrow_array::types::*;

        fn check<K: super::ArrowDictionaryKeyType>(values: &StringArray, keys: &[Option<u8>]) {
            let keys: PrimitiveArray<K> = keys
                .iter()
                .map(|k| k.map(|k| K::Native::from_usize(usize::from(k)).unwrap()))
                .collect();
            for (start, len) in [(0, keys.len()), (3, keys.len() - 5)] {
                let keys = keys.slice(start, len);
                let got = super::gather(values, &keys).expect("gathered");
                let want = arrow_select::take::take(values, &keys, None).unwrap();
                assert_eq!(got.as_ref(), want.as_ref(), "{}", K::DATA_TYPE);
                assert_eq!(got.null_count(), want.null_count(), "{}", K::DATA_TYPE);
                assert_eq!(got.nulls().is_some(), got.null_count() > 0);
            }
        }
        let long = "E.ServiceWithALongName.OperationThatIsLong.MISMATCH";
        let all = StringArray::from(vec![Some("V6a0B"), Some(""), Some(long), Some("é€"), None]);
        // Values with and without nulls, sliced too; keys with and without nulls.
        let with_null = all.slice(0, 5);
        let without = all.slice(0, 4);
        let sliced = all.slice(1, 3);
        let keys: Vec<Option<u8>> = (0..40u8).map(|i| (i % 9 != 4).then_some(i % 3)).collect();
        let dense: Vec<Option<u8>> = (0..40u8).map(|i| Some(i % 4 * 7 % 4)).collect();
        for values in [&with_null, &without] {
            for keys in [&keys, &dense] {
                check::<Int8Type>(values, keys);
                check::<Int16Type>(values, keys);
                check::<Int32Type>(values, keys);
                check::<Int64Type>(values, keys);
                check::<UInt8Type>(values, keys);
                check::<UInt16Type>(values, keys);
                check::<UInt32Type>(values, keys);
                check::<UInt64Type>(values, keys);
            }
        }
        check::<Int32Type>(&sliced, &keys);
        // With nulls in the values, and a null row every 64 rows and more.
        let many: Vec<Option<u8>> = (0..300u16)
            .map(|i| (i % 64 != 5).then_some((i % 5) as u8))
            .collect();
        check::<UInt16Type>(&with_null, &many);
        // A valid key past the values: no gather (the caller's `take` reports it).
        let past = PrimitiveArray::<Int32Type>::from(vec![0, 7]);
        assert!(super::gather(&without, &past).is_none());
    }

    #[test]
    fn other_dictionaries_are_decoded_first() {
        // More values than rows: the rows are decoded, with the same results.
        let many: Vec<String> = (0..50).map(|i| format!("E.A.B{i}.001")).collect();
        let dict = DictionaryArray::<UInt32Type>::try_new(
            PrimitiveArray::from(vec![3u32, 7, 3]),
            Arc::new(StringArray::from(many)),
        )
        .unwrap();
        agrees(&(Arc::new(dict) as ArrayRef));
        // No values: every row null (keys null), or no row, as a stream's empty chunk.
        for keys in [vec![None, None], vec![]] {
            let empty = DictionaryArray::<Int16Type>::try_new(
                Int16Array::from(keys),
                Arc::new(StringArray::from(Vec::<&str>::new())),
            )
            .unwrap();
            agrees(&(Arc::new(empty) as ArrayRef));
        }
        // Values that are not text: the error of the decoded column.
        let ints = DictionaryArray::<Int16Type>::try_new(
            Int16Array::from(vec![0, 1, 0]),
            Arc::new(Int32Array::from(vec![5, 6])),
        )
        .unwrap();
        let ints: ArrayRef = Arc::new(ints);
        let e = per_value(&ints, OnError::Null, &KERNELS[0]).unwrap_err();
        assert_eq!(Some(e), decode_dictionary(&ints).err());
    }
}
