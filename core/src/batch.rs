//! How many IDs one call makes at most.
//!
//! Every batch entry point, in every runtime, reaches [`check_count`] before it allocates: a
//! larger count is an `OUT_OF_RANGE` error that names the limit, and an allocation that still
//! fails (less memory free than the count needs) is an `OUT_OF_RANGE` error as well, never an
//! abort. The limit keeps one batch's text (27 bytes an EUID) well under the longest string a
//! JavaScript engine makes.

use crate::error::{Error, ErrorCode, Result};

/// The most IDs one batch call makes (10,000,000).
pub const MAX_BATCH: usize = 10_000_000;

/// `count` as a length, or `OUT_OF_RANGE` when it is above [`MAX_BATCH`].
pub fn check_count(count: u64) -> Result<usize> {
    if count > MAX_BATCH as u64 {
        return Err(Error::range("count", count, 0, MAX_BATCH as u64));
    }
    Ok(count as usize)
}

/// A vector of `count` copies of `value`, after [`check_count`], reserved without aborting
/// when memory runs out.
pub(crate) fn filled<T: Clone>(count: usize, value: T) -> Result<Vec<T>> {
    let count = check_count(count as u64)?;
    let mut out = Vec::new();
    out.try_reserve_exact(count).map_err(|_| {
        Error::reason(
            ErrorCode::OutOfRange,
            "count",
            "not enough memory for this many IDs",
        )
    })?;
    out.resize(count, value);
    Ok(out)
}

/// The `next_many` of every generator: `count` IDs written by `fill` (the generator's own)
/// into [`filled`]'s vector of `zero`s.
pub(crate) fn many<T: Clone>(
    count: usize,
    zero: T,
    fill: impl FnOnce(&mut [T]) -> Result<()>,
) -> Result<Vec<T>> {
    let mut out = filled(count, zero)?;
    fill(&mut out)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_above_the_limit_are_out_of_range() {
        assert_eq!(check_count(0).unwrap(), 0);
        assert_eq!(check_count(MAX_BATCH as u64).unwrap(), MAX_BATCH);
        for count in [MAX_BATCH as u64 + 1, 1 << 31, 1 << 40, u64::MAX] {
            let e = check_count(count).unwrap_err();
            assert_eq!(e.code(), ErrorCode::OutOfRange);
            assert!(e.to_string().contains("10000000"), "{e}");
        }
        assert_eq!(
            filled(usize::MAX, 0u8).unwrap_err().code(),
            ErrorCode::OutOfRange
        );
        assert_eq!(filled(3, 7u8).unwrap(), vec![7, 7, 7]);
    }
}
