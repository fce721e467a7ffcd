//! RFC 3339 in UTC, through the `time` crate: parsing `--at` instants and printing the
//! timestamps the core returns. No calendar arithmetic is done here.

use polyid::quote;
use time::format_description::well_known::Rfc3339;
use time::macros::format_description;
use time::{OffsetDateTime, UtcOffset};

use crate::fail::Failure;

/// Parses an RFC 3339 instant (any offset, any fraction) into microseconds since the Unix
/// epoch, floored (the TID resolution; xid and EUID floor again to milliseconds through
/// the core's clock).
pub fn parse_micros(text: &str) -> Result<i64, Failure> {
    let t = OffsetDateTime::parse(text, &Rfc3339).map_err(|e| {
        Failure::usage(format!(
            "--at {} is not an RFC 3339 time ({e}); example: 2024-07-19T16:40:46.480310Z",
            quote(text)
        ))
    })?;
    let micros = t.unix_timestamp_nanos().div_euclid(1000);
    // Years 0000-9999 (all RFC 3339 can write) are within +-2^58 microseconds.
    i64::try_from(micros)
        .map_err(|_| Failure::usage(format!("--at {} is out of range", quote(text))))
}

fn utc(nanos: i128) -> Option<OffsetDateTime> {
    OffsetDateTime::from_unix_timestamp_nanos(nanos)
        .ok()
        .map(|t| t.to_offset(UtcOffset::UTC))
}

/// `2024-07-19T16:40:46.480Z` for Unix milliseconds (`None` outside years -9999..=9999).
pub fn millis(ms: i128) -> Option<String> {
    let f =
        format_description!("[year]-[month]-[day]T[hour]:[minute]:[second].[subsecond digits:3]Z");
    utc(ms * 1_000_000)?.format(&f).ok()
}

/// `2024-07-19T16:40:46.480310Z` for Unix microseconds.
pub fn micros(us: i128) -> Option<String> {
    let f =
        format_description!("[year]-[month]-[day]T[hour]:[minute]:[second].[subsecond digits:6]Z");
    utc(us * 1_000)?.format(&f).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_and_parses() {
        // docs/spec §3 (erratum): 1721407246480310 us = 2024-07-19T16:40:46.480310Z.
        assert_eq!(
            micros(1_721_407_246_480_310).unwrap(),
            "2024-07-19T16:40:46.480310Z"
        );
        assert_eq!(
            parse_micros("2024-07-19T16:40:46.480310Z").unwrap(),
            1_721_407_246_480_310
        );
        assert_eq!(
            parse_micros("2024-07-19T18:40:46.480310+02:00").unwrap(),
            1_721_407_246_480_310
        );
        // docs/spec §2: the xid epoch and its last instant.
        assert_eq!(
            millis(1_321_009_871_111).unwrap(),
            "2011-11-11T11:11:11.111Z"
        );
        assert_eq!(
            millis(1_321_009_871_111 + (1 << 42) - 1).unwrap(),
            "2151-03-25T18:46:22.214Z"
        );
        assert_eq!(micros(-1).unwrap(), "1969-12-31T23:59:59.999999Z");
        assert_eq!(parse_micros("1969-12-31T23:59:59.9999995Z").unwrap(), -1);
        assert!(parse_micros("2024-07-19 16:40").is_err());
    }
}
