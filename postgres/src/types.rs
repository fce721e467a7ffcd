//! The extension's types: `uid11`, `xid` and `tid` hold their 64-bit value (pass by value,
//! the bits of a bigint), `euid` its 16 bytes (as `uuid` holds its). Family numbers, as the
//! glue passes them: 0 uid11, 1 xid, 2 tid.
//!
//! Messages name the code first, then what was converted and the input (quoted, bounded),
//! then the core's reason.

use polyid::clock::civil_from_days;
use polyid::error::{quote, Error, ErrorCode};
use polyid::{euid, tid, uid11, xid};

use crate::{bytes, guard, node, Failure, Message};

const UID11: u32 = 0;
const XID: u32 = 1;
const TID: u32 = 2;

fn type_name(family: u32) -> &'static str {
    match family {
        UID11 => "polyid_uid11",
        XID => "polyid_xid",
        _ => "polyid_tid",
    }
}

/// `CODE: <what> <shown>: <reason>`.
fn message(e: &Error, what: &str, shown: &dyn core::fmt::Display) -> String {
    format!("{}: {what} {shown}: {e}", e.code())
}

fn text_failure(e: &Error, what: &str, text: &str) -> Failure {
    Failure::text(message(e, what, &quote(text)))
}

/// The text of the bytes, or `INVALID_UTF8` (a database whose encoding is not UTF8).
fn utf8<'a>(b: &'a [u8], what: &str) -> Result<&'a str, Failure> {
    polyid_sql_functions::utf8(b)
        .map_err(|e| Failure::text(message(&e, what, &format_args!("<{} bytes>", b.len()))))
}

/// A TID's value checked: every i64 but the 1,024 with a timestamp of -2^53.
fn tid_value(v: i64, what: &str) -> Result<tid::Tid, Failure> {
    tid::Tid::from_i64(v).map_err(|e| Failure::value(message(&e, what, &v)))
}

/// Parses a type's text input.
///
/// # Safety
/// `text` points to `len` readable bytes; `out` and `msg` are writable.
#[no_mangle]
pub unsafe extern "C" fn polyid_pg_parse(
    family: u32,
    text: *const u8,
    len: usize,
    out: *mut u64,
    msg: *mut Message,
) -> i32 {
    // SAFETY: as the contract says.
    unsafe {
        guard(msg, || {
            let what = format!("{} input", type_name(family));
            let t = utf8(bytes(text, len), &what)?;
            let v = match family {
                UID11 => uid11::decode(t),
                XID => xid::Xid::parse(t).map(xid::Xid::value),
                _ => tid::Tid::parse(t).map(|x| x.value() as u64),
            }
            .map_err(|e| text_failure(&e, &what, t))?;
            *out = v;
            Ok(())
        })
    }
}

/// A type's canonical text (11 bytes for uid11 and xid, 13 for a TID), written to `out`;
/// returns its length, 0 for a value that is no TID (which the type's inputs never store).
///
/// # Safety
/// `out` has room for 16 bytes.
#[no_mangle]
pub unsafe extern "C" fn polyid_pg_format(family: u32, value: u64, out: *mut u8) -> usize {
    let text: [u8; 16] = match family {
        UID11 | XID => {
            let mut b = [0u8; uid11::LEN];
            uid11::encode_into(value, &mut b);
            pad(&b)
        }
        _ => match tid::Tid::from_i64(value as i64) {
            Ok(t) => pad(&t.to_bytes()),
            Err(_) => return 0,
        },
    };
    let n = if family == TID { tid::LEN } else { uid11::LEN };
    // SAFETY: `out` has room for 16 bytes; n <= 13.
    unsafe { core::ptr::copy_nonoverlapping(text.as_ptr(), out, n) };
    n
}

fn pad(b: &[u8]) -> [u8; 16] {
    let mut out = [0u8; 16];
    out[..b.len()].copy_from_slice(b);
    out
}

/// Checks a value arriving as bits (a bigint cast, binary input): only a TID can be invalid.
/// `what` names the conversion for the message.
///
/// # Safety
/// `what` points to `what_len` bytes; `msg` is writable.
#[no_mangle]
pub unsafe extern "C" fn polyid_pg_check(
    family: u32,
    value: u64,
    what: *const u8,
    what_len: usize,
    msg: *mut Message,
) -> i32 {
    // SAFETY: as the contract says.
    unsafe {
        guard(msg, || {
            if family == TID {
                let what = core::str::from_utf8(bytes(what, what_len)).unwrap_or("tid");
                tid_value(value as i64, what)?;
            }
            Ok(())
        })
    }
}

/// A value from the decimal text of a `numeric` (`numeric_out`'s form: digits, a sign, a
/// fraction): an integer in the type's range, unsigned for uid11 and xid, a TID's for tid.
///
/// # Safety
/// `text` points to `len` readable bytes; `out` and `msg` are writable.
#[no_mangle]
pub unsafe extern "C" fn polyid_pg_from_decimal(
    family: u32,
    text: *const u8,
    len: usize,
    out: *mut u64,
    msg: *mut Message,
) -> i32 {
    // SAFETY: as the contract says.
    unsafe {
        guard(msg, || {
            let what = format!("{} from numeric", type_name(family));
            let t = utf8(bytes(text, len), &what)?;
            let v =
                decimal(family, t).map_err(|e| Failure::value(message(&e, &what, &quote(t))))?;
            if family == TID {
                tid_value(v as i64, &what)?;
            }
            *out = v;
            Ok(())
        })
    }
}

fn decimal(family: u32, t: &str) -> Result<u64, Error> {
    let (negative, rest) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t),
    };
    let (int, frac) = rest.split_once('.').unwrap_or((rest, ""));
    let whole = !int.is_empty()
        && int.bytes().all(|b| b.is_ascii_digit())
        && frac.bytes().all(|b| b == b'0');
    if !whole {
        return Err(Error::reason(
            ErrorCode::InvalidArgument,
            "numeric",
            "not an integer",
        ));
    }
    let (min, max): (i128, i128) = if family == TID {
        (i128::from(i64::MIN), i128::from(i64::MAX))
    } else {
        (0, i128::from(u64::MAX))
    };
    let range = || {
        Error::new(
            ErrorCode::OutOfRange,
            "numeric",
            polyid::Detail::Message(format!("out of range {min}..={max}").into()),
        )
    };
    // At most 20 digits fit; more (after leading zeros) are out of range.
    let digits = int.trim_start_matches('0');
    if digits.len() > 20 {
        return Err(range());
    }
    let magnitude: i128 = digits.parse::<i128>().unwrap_or(0);
    let v = if negative { -magnitude } else { magnitude };
    if v < min || v > max {
        return Err(range());
    }
    Ok(v as u64)
}

/// A value from 8 bytes, big-endian (a `bytea` cast).
///
/// # Safety
/// `b` points to `len` readable bytes; `out` and `msg` are writable.
#[no_mangle]
pub unsafe extern "C" fn polyid_pg_from_bytes(
    family: u32,
    b: *const u8,
    len: usize,
    out: *mut u64,
    msg: *mut Message,
) -> i32 {
    // SAFETY: as the contract says.
    unsafe {
        guard(msg, || {
            let what = format!("{} from bytea", type_name(family));
            let b = bytes(b, len);
            let arr: [u8; 8] = b.try_into().map_err(|_| {
                let e = Error::new(
                    ErrorCode::InvalidLength,
                    type_name(family),
                    polyid::Detail::Length {
                        found: b.len(),
                        expected: 8,
                    },
                );
                Failure::value(message(&e, &what, &format_args!("<{} bytes>", b.len())))
            })?;
            let v = u64::from_be_bytes(arr);
            if family == TID {
                tid_value(v as i64, &what)?;
            }
            *out = v;
            Ok(())
        })
    }
}

/// Parses an EUID's text into its 16 bytes.
///
/// # Safety
/// `text` points to `len` readable bytes; `out` has room for 16 bytes; `msg` is writable.
#[no_mangle]
pub unsafe extern "C" fn polyid_pg_euid_parse(
    text: *const u8,
    len: usize,
    out: *mut u8,
    msg: *mut Message,
) -> i32 {
    // SAFETY: as the contract says.
    unsafe {
        guard(msg, || {
            let t = utf8(bytes(text, len), "polyid_euid input")?;
            let e = euid::Euid::parse(t).map_err(|e| text_failure(&e, "polyid_euid input", t))?;
            core::ptr::copy_nonoverlapping(e.to_bytes().as_ptr(), out, 16);
            Ok(())
        })
    }
}

/// An EUID's canonical text (27 bytes, with its check symbol) into `out`; returns the length.
///
/// # Safety
/// `value` points to 16 bytes; `out` has room for 32.
#[no_mangle]
pub unsafe extern "C" fn polyid_pg_euid_format(value: *const u8, out: *mut u8) -> usize {
    // SAFETY: as the contract says.
    let b: [u8; 16] = unsafe { *value.cast::<[u8; 16]>() };
    let text = euid::Euid::from_bytes(b).encode_bytes(true);
    // SAFETY: euid::LEN (27) <= 32.
    unsafe { core::ptr::copy_nonoverlapping(text.as_ptr(), out, text.len()) };
    text.len()
}

/// An EUID from exactly 16 bytes (a `bytea` cast).
///
/// # Safety
/// `b` points to `len` readable bytes; `out` has room for 16 bytes; `msg` is writable.
#[no_mangle]
pub unsafe extern "C" fn polyid_pg_euid_from_bytes(
    b: *const u8,
    len: usize,
    out: *mut u8,
    msg: *mut Message,
) -> i32 {
    // SAFETY: as the contract says.
    unsafe {
        guard(msg, || {
            let b = bytes(b, len);
            let e = euid::Euid::from_slice(b).map_err(|e| {
                Failure::value(message(
                    &e,
                    "polyid_euid from bytea",
                    &format_args!("<{} bytes>", b.len()),
                ))
            })?;
            core::ptr::copy_nonoverlapping(e.to_bytes().as_ptr(), out, 16);
            Ok(())
        })
    }
}

/// An ID's fields: xid (unix_ms, random), tid (micros, clock_id); for an EUID see
/// [`polyid_pg_euid_fields`].
///
/// # Safety
/// `out` has room for two.
#[no_mangle]
pub unsafe extern "C" fn polyid_pg_fields(family: u32, value: u64, out: *mut i64) {
    let (a, b) = match family {
        XID => {
            let x = xid::Xid::from_u64(value);
            (x.unix_ms() as i64, i64::from(x.random()))
        }
        // Stored TIDs are checked on the way in; a value with no TID reads its raw parts.
        _ => ((value as i64) >> 10, (value & 1023) as i64),
    };
    // SAFETY: as the contract says.
    unsafe {
        *out = a;
        *out.add(1) = b;
    }
}

/// An EUID's fields: unix_ms, and the extension (-1 when it has none).
///
/// # Safety
/// `value` points to 16 bytes; `out` has room for two.
#[no_mangle]
pub unsafe extern "C" fn polyid_pg_euid_fields(value: *const u8, out: *mut i64) {
    // SAFETY: as the contract says.
    unsafe {
        let e = euid::Euid::from_bytes(*value.cast::<[u8; 16]>());
        *out = e.unix_ms() as i64;
        *out.add(1) = e.extension().map_or(-1, i64::from);
    }
}

/// `YYYY-MM-DD HH:MM:SS.ffffff+00` of Unix microseconds, for messages.
fn shown_time(micros: i64) -> String {
    let secs = micros.div_euclid(1_000_000);
    let rem = secs.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(secs.div_euclid(86_400));
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02}.{:06}+00",
        rem / 3600,
        rem / 60 % 60,
        rem % 60,
        micros.rem_euclid(1_000_000)
    )
}

/// The first (`upper` 0) or last (`upper` 1) ID of the instant's millisecond (xid, EUID) or
/// microsecond (TID): `id BETWEEN min(a) AND max(b)` holds the IDs made from `a` through `b`.
/// `name` is the SQL function, for the message.
///
/// # Safety
/// `name` points to `name_len` bytes; `out` has room for 16 bytes (8 written for xid and
/// tid, as a u64 in native order); `msg` is writable.
#[no_mangle]
pub unsafe extern "C" fn polyid_pg_bound(
    family: u32,
    unix_micros: i64,
    upper: i32,
    name: *const u8,
    name_len: usize,
    out: *mut u8,
    msg: *mut Message,
) -> i32 {
    // SAFETY: as the contract says.
    unsafe {
        guard(msg, || {
            let upper = upper != 0;
            let ms = unix_micros.div_euclid(1000);
            let fail = |e: Error| {
                let name = core::str::from_utf8(bytes(name, name_len)).unwrap_or("polyid");
                Failure::value(format!(
                    "{}: {name}({}): {e}",
                    e.code(),
                    shown_time(unix_micros)
                ))
            };
            match family {
                XID => {
                    // Before 1970 is before the xid epoch too: the message shows the instant's own
                    // milliseconds.
                    let ms = u64::try_from(ms).map_err(|_| {
                        let range = polyid::Detail::Range {
                            found: i128::from(ms),
                            min: i128::from(xid::EPOCH_MS),
                            max: i128::from(xid::MAX_UNIX_MS),
                        };
                        fail(Error::new(ErrorCode::OutOfRange, "xid unix_ms", range))
                    })?;
                    let random = if upper { xid::MAX_RANDOM } else { 0 };
                    let v = xid::Xid::from_parts(ms, random).map_err(fail)?.value();
                    out.cast::<u64>().write_unaligned(v);
                }
                TID => {
                    let clock = if upper { tid::MAX_CLOCK_ID } else { 0 };
                    let v = tid::Tid::from_parts(unix_micros, clock)
                        .map_err(fail)?
                        .value();
                    out.cast::<u64>().write_unaligned(v as u64);
                }
                _ => {
                    if !(0..=euid::MAX_UNIX_MS as i64).contains(&ms) {
                        let range = polyid::Detail::Range {
                            found: i128::from(ms),
                            min: 0,
                            max: i128::from(euid::MAX_UNIX_MS),
                        };
                        return Err(fail(Error::new(
                            ErrorCode::OutOfRange,
                            "EUID unix_ms",
                            range,
                        )));
                    }
                    let low = if upper { (1u128 << 83) - 1 } else { 0 };
                    let v = ((ms as u128) << 83) | low;
                    core::ptr::copy_nonoverlapping(v.to_be_bytes().as_ptr(), out, 16);
                }
            }
            Ok(())
        })
    }
}

/// The typed generators (`polyid_xid_new`, `polyid_tid_new`, `polyid_euid_new`): the same
/// generators as the text ones (one sequence per family and backend), after this backend's
/// node claim. `out` gets a u64 (xid, tid)
/// or 16 bytes (family 3, EUID).
///
/// # Safety
/// `node_range` points to `node_len` bytes; `out` has room for 16 bytes; `msg` is writable.
#[no_mangle]
pub unsafe extern "C" fn polyid_pg_generate(
    family: u32,
    node_range: *const u8,
    node_len: usize,
    out: *mut u8,
    msg: *mut Message,
) -> i32 {
    // SAFETY: as the contract says.
    unsafe {
        guard(msg, || {
            let fail =
                |name: &str, e: Error| Failure::value(format!("{}: {name}(): {e}", e.code()));
            match family {
                XID => {
                    node::claim(bytes(node_range, node_len))
                        .map_err(|e| fail("polyid_xid_new", e))?;
                    let v = xid::Xid::generate().map_err(|e| fail("polyid_xid_new", e))?;
                    out.cast::<u64>().write_unaligned(v.value());
                }
                TID => {
                    node::claim(bytes(node_range, node_len))
                        .map_err(|e| fail("polyid_tid_new", e))?;
                    let v = tid::Tid::generate().map_err(|e| fail("polyid_tid_new", e))?;
                    out.cast::<u64>().write_unaligned(v.value() as u64);
                }
                _ => {
                    let v = polyid_sql_functions::euid_generator()
                        .next()
                        .map_err(|e| fail("polyid_euid_new", e))?;
                    core::ptr::copy_nonoverlapping(v.to_bytes().as_ptr(), out, 16);
                }
            }
            Ok(())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals() {
        assert_eq!(decimal(UID11, "18446744073709551615").unwrap(), u64::MAX);
        assert_eq!(decimal(UID11, "000000000000000000000007.000").unwrap(), 7);
        assert_eq!(decimal(TID, "-5").unwrap(), (-5i64) as u64);
        assert_eq!(
            decimal(UID11, "18446744073709551616").unwrap_err().code(),
            ErrorCode::OutOfRange
        );
        assert_eq!(
            decimal(UID11, "-1").unwrap_err().code(),
            ErrorCode::OutOfRange
        );
        assert_eq!(
            decimal(TID, "9223372036854775808").unwrap_err().code(),
            ErrorCode::OutOfRange
        );
        assert_eq!(
            decimal(UID11, "1.5").unwrap_err().code(),
            ErrorCode::InvalidArgument
        );
        assert_eq!(
            decimal(UID11, "NaN").unwrap_err().code(),
            ErrorCode::InvalidArgument
        );
        assert_eq!(
            decimal(UID11, "").unwrap_err().code(),
            ErrorCode::InvalidArgument
        );
        assert_eq!(
            decimal(UID11, &"9".repeat(1000)).unwrap_err().code(),
            ErrorCode::OutOfRange
        );
    }

    #[test]
    fn times_in_messages() {
        assert_eq!(shown_time(0), "1970-01-01 00:00:00.000000+00");
        assert_eq!(shown_time(-1), "1969-12-31 23:59:59.999999+00");
    }
}
