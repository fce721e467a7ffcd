//! Subtype `011`: an instant, seconds since 1582-10-15T00:00:00Z with `l` fraction bits.
//!
//! Bits: type 0-1, subtype 2-4, `l` 5-11, sign 12, whole seconds `S` 13..(121-l), fraction
//! `F` the last `l` bits. The instant is `±S + F / 2^l`: sign and `S` give its floor.

use super::carrier::{get, mask, put};
use crate::error::{Error, ErrorCode, Result};

const CONTEXT: &str = "EXTUUID time";

/// Largest number of fraction bits.
pub const MAX_BITS: u8 = 109;

/// Days from 1970-01-01 to 1582-10-15.
const EPOCH_DAYS: i128 = -141_427;

/// An instant: `seconds` (floor, from 1582-10-15) plus `fraction / 2^bits`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Instant {
    /// Fraction bits `l`, 0-109.
    pub bits: u8,
    /// Whole seconds from 1582-10-15T00:00:00Z, rounded down.
    pub seconds: i128,
    /// Fraction of a second in units of `2^-bits`.
    pub fraction: u128,
}

fn range_err(reason: &'static str) -> Error {
    Error::reason(ErrorCode::OutOfRange, CONTEXT, reason)
}

/// The payload of an instant.
pub fn encode(t: &Instant) -> Result<u128> {
    let l = t.bits as u32;
    if t.bits > MAX_BITS {
        return Err(Error::range(CONTEXT, t.bits, 0, MAX_BITS));
    }
    if t.fraction > mask(l) {
        return Err(range_err("fraction does not fit its bits"));
    }
    let whole = t.seconds.unsigned_abs();
    if whole > mask(109 - l) {
        return Err(range_err(
            "instant too far from 1582-10-15 for this many fraction bits",
        ));
    }
    let mut p = (0b10u128 << 120) | (0b011u128 << 117);
    put(&mut p, 5, 7, l as u128);
    put(&mut p, 12, 1, (t.seconds < 0) as u128);
    put(&mut p, 13, 109 - l, whole);
    put(&mut p, 122 - l, l, t.fraction);
    Ok(p)
}

/// The instant of a time payload.
pub fn decode(p: u128) -> Result<Instant> {
    let l = get(p, 5, 7) as u32;
    if l > MAX_BITS as u32 {
        return Err(Error::range(CONTEXT, l, 0, MAX_BITS));
    }
    let negative = get(p, 12, 1) == 1;
    let whole = get(p, 13, 109 - l) as i128;
    if negative && whole == 0 {
        return Err(Error::reason(
            ErrorCode::ReservedBits,
            CONTEXT,
            "negative zero seconds",
        ));
    }
    Ok(Instant {
        bits: l as u8,
        seconds: if negative { -whole } else { whole },
        fraction: get(p, 122 - l, l),
    })
}

fn days_from_civil(y: i128, m: i128, d: i128) -> i128 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = if m > 2 { m - 3 } else { m + 9 };
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn civil_from_days(z: i128) -> (i128, i128, i128) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + (m <= 2) as i128, m, d)
}

fn days_in_month(y: i128, m: i128) -> i128 {
    match m {
        2 if (y.rem_euclid(4) == 0 && y.rem_euclid(100) != 0) || y.rem_euclid(400) == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// The shortest decimal digits of `fraction / 2^bits` that read back to it.
fn fraction_digits(bits: u32, fraction: u128) -> String {
    let mut out = String::new();
    if fraction == 0 {
        return out;
    }
    let mut r = fraction;
    let mut pow10: u128 = 1;
    loop {
        let x = r * 10;
        let digit = (x >> bits) as u8;
        r = x & mask(bits);
        out.push((b'0' + digit) as char);
        pow10 = pow10.saturating_mul(10);
        let half = 1u128 << bits; // 2 r < 10^k  <=>  error below half a unit
        let down = r.saturating_mul(2) < pow10;
        let up = (half - r).saturating_mul(2) < pow10;
        if down && (!up || r <= half - r) {
            return out;
        }
        if up {
            // round the digits up by one in the last place (never carries past the point)
            let mut digits = out.into_bytes();
            let mut i = digits.len();
            while i > 0 {
                i -= 1;
                if digits[i] == b'9' {
                    digits[i] = b'0';
                } else {
                    digits[i] += 1;
                    break;
                }
            }
            while digits.last() == Some(&b'0') {
                digits.pop();
            }
            return String::from_utf8(digits).unwrap_or_default();
        }
    }
}

/// The canonical instant text: `yyyy-MM-ddThh:mm:ss[.f]Z`.
pub fn format_instant(t: &Instant, out: &mut String) {
    let unix = t.seconds + EPOCH_DAYS * 86_400;
    let days = unix.div_euclid(86_400);
    let secs = unix.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    if (0..=9999).contains(&y) {
        out.push_str(&format!("{y:04}"));
    } else {
        out.push_str(&format!("{y:+05}"));
    }
    out.push_str(&format!(
        "-{m:02}-{d:02}T{:02}:{:02}:{:02}",
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    ));
    let f = fraction_digits(t.bits as u32, t.fraction);
    if !f.is_empty() {
        out.push('.');
        out.push_str(&f);
    }
    out.push('Z');
}

/// Rounds the decimal fraction `digits` to `bits` binary places (ties to even); returns the
/// fraction and a carry into the seconds.
fn round_fraction(digits: &[u8], bits: u32) -> (u128, bool) {
    let mut d: Vec<u8> = digits.iter().map(|c| c - b'0').collect();
    let double = |d: &mut Vec<u8>| {
        let mut carry = 0;
        for x in d.iter_mut().rev() {
            let v = *x * 2 + carry;
            *x = v % 10;
            carry = v / 10;
        }
        carry
    };
    let mut f = 0u128;
    for _ in 0..bits {
        f = (f << 1) | double(&mut d) as u128;
    }
    let half_or_more = double(&mut d) == 1;
    let above_half = half_or_more && d.iter().any(|&x| x != 0);
    if above_half || (half_or_more && f & 1 == 1) {
        f += 1;
        if f > mask(bits) {
            return (0, true);
        }
    }
    (f, false)
}

/// Smallest `l` with `2^l >= 10^k`.
fn bits_for_digits(k: usize) -> u32 {
    let mut l = 0u32;
    let mut p = 1u128;
    let mut ten = 1u128;
    for _ in 0..k {
        ten = match ten.checked_mul(10) {
            Some(t) => t,
            None => return 128,
        };
    }
    while p < ten {
        p <<= 1;
        l += 1;
    }
    l
}

fn num(b: &[u8], i: &mut usize, n: usize) -> Option<i128> {
    if *i + n > b.len() || !b[*i..*i + n].iter().all(u8::is_ascii_digit) {
        return None;
    }
    let v = b[*i..*i + n]
        .iter()
        .fold(0i128, |a, &c| a * 10 + (c - b'0') as i128);
    *i += n;
    Some(v)
}

fn bad_format() -> Error {
    Error::reason(
        ErrorCode::InvalidFormat,
        CONTEXT,
        "expected yyyy-MM-ddThh:mm:ss[.f]Z (or seconds with a decimal point)",
    )
}

/// Reads an instant: RFC 3339-style UTC, the draft's `yyyy[-/]MM[-/]dd;hh:mm:ss.n` (trailing
/// parts optional), or seconds since 1582-10-15 with a decimal point. `bits` is `l`, or
/// `None` for the default.
pub fn parse_instant(text: &str, bits: Option<u8>) -> Result<Instant> {
    let b = text.as_bytes();
    let (whole, frac): (i128, &[u8]) =
        if !b.is_empty() && b.contains(&b'.') && b.iter().all(|&c| c.is_ascii_digit() || c == b'.')
        {
            let dot = b.iter().position(|&c| c == b'.').unwrap_or(0);
            let (w, f) = (&b[..dot], &b[dot + 1..]);
            if w.is_empty() || f.contains(&b'.') || w.len() > 36 {
                return Err(bad_format());
            }
            let mut i = 0;
            (num(w, &mut i, w.len()).ok_or_else(bad_format)?, f)
        } else {
            let mut i = 0;
            let negative = match b.first() {
                Some(b'-') => {
                    i += 1;
                    true
                }
                Some(b'+') => {
                    i += 1;
                    false
                }
                _ => false,
            };
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            let ylen = i - start;
            if !(4..=30).contains(&ylen) || (start == 0 && ylen != 4) {
                return Err(bad_format());
            }
            i = start;
            let mut y = num(b, &mut i, ylen).ok_or_else(bad_format)?;
            if negative {
                y = -y;
            }
            let (mut mo, mut d, mut h, mut mi, mut s) = (1, 1, 0, 0, 0);
            let mut frac: &[u8] = &[];
            let sep = |i: &mut usize, set: &[u8]| {
                if *i < b.len() && set.contains(&b[*i]) {
                    *i += 1;
                    true
                } else {
                    false
                }
            };
            if sep(&mut i, b"-/") {
                mo = num(b, &mut i, 2).ok_or_else(bad_format)?;
                if sep(&mut i, b"-/") {
                    d = num(b, &mut i, 2).ok_or_else(bad_format)?;
                    if sep(&mut i, b"T; ") {
                        h = num(b, &mut i, 2).ok_or_else(bad_format)?;
                        if sep(&mut i, b":") {
                            mi = num(b, &mut i, 2).ok_or_else(bad_format)?;
                            if sep(&mut i, b":") {
                                s = num(b, &mut i, 2).ok_or_else(bad_format)?;
                                if sep(&mut i, b".") {
                                    let st = i;
                                    while i < b.len() && b[i].is_ascii_digit() {
                                        i += 1;
                                    }
                                    if i == st {
                                        return Err(bad_format());
                                    }
                                    frac = &b[st..i];
                                }
                            }
                        }
                    }
                }
            }
            sep(&mut i, b"Z");
            if i != b.len() {
                return Err(bad_format());
            }
            if !(1..=12).contains(&mo) {
                return Err(Error::range(CONTEXT, mo, 1, 12));
            }
            let dim = days_in_month(y, mo);
            if !(1..=dim).contains(&d) {
                return Err(Error::range(CONTEXT, d, 1, dim));
            }
            if h > 23 || mi > 59 || s > 59 {
                return Err(range_err("hour, minute or second out of range"));
            }
            let days = days_from_civil(y, mo, d) - EPOCH_DAYS;
            (days * 86_400 + h * 3600 + mi * 60 + s, frac)
        };
    if frac.len() > 400 {
        return Err(range_err("too many fraction digits"));
    }
    let room = 109u32.saturating_sub(128 - whole.unsigned_abs().leading_zeros());
    let l = match bits {
        Some(l) if l > MAX_BITS => return Err(Error::range(CONTEXT, l, 0, MAX_BITS)),
        Some(l) => l as u32,
        None => bits_for_digits(frac.len()).min(room),
    };
    let (fraction, carry) = round_fraction(frac, l);
    let t = Instant {
        bits: l as u8,
        seconds: whole + carry as i128,
        fraction,
    };
    encode(&t)?; // range check
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(t: &Instant) -> String {
        let mut s = String::new();
        format_instant(t, &mut s);
        s
    }

    #[test]
    fn epoch_and_unix() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(1582, 10, 15), EPOCH_DAYS);
        assert_eq!(EPOCH_DAYS * 86_400, -12_219_292_800); // the UUIDv1 offset
        let t = parse_instant("1582-10-15T00:00:00Z", None).unwrap();
        assert_eq!((t.seconds, t.bits, t.fraction), (0, 0, 0));
        let t = parse_instant("1970-01-01", None).unwrap();
        assert_eq!(t.seconds, 12_219_292_800);
        assert_eq!(show(&t), "1970-01-01T00:00:00Z");
    }

    #[test]
    fn fractions() {
        let t = parse_instant("2024-02-29;12:34:56.5", None).unwrap();
        assert_eq!((t.bits, t.fraction), (4, 8));
        assert_eq!(show(&t), "2024-02-29T12:34:56.5Z");
        let t = parse_instant("2024/02/29;12:34:56.1", Some(4)).unwrap();
        assert_eq!(t.fraction, 2); // 0.1 * 16 = 1.6
        assert_eq!(show(&t), "2024-02-29T12:34:56.1Z");
        let t = parse_instant("2024-02-29T12:34:56.123456789Z", None).unwrap();
        assert_eq!(t.bits, 30);
        assert_eq!(show(&t), "2024-02-29T12:34:56.123456789Z");
        let t = parse_instant("2024-02-29T12:34:56.99", Some(1)).unwrap();
        assert_eq!((t.fraction, show(&t).as_str()), (0, "2024-02-29T12:34:57Z"));
        let t = parse_instant("2024-02-29T12:34:56.25", Some(1)).unwrap();
        assert_eq!(t.fraction, 0); // tie to even
        let t = parse_instant("2024-02-29T12:34:56.75", Some(1)).unwrap();
        assert_eq!((t.fraction, show(&t).as_str()), (0, "2024-02-29T12:34:57Z"));
    }

    #[test]
    fn before_1582() {
        let t = parse_instant("1582-10-14T23:59:59.5Z", None).unwrap();
        assert_eq!((t.seconds, t.fraction, t.bits), (-1, 8, 4));
        assert_eq!(show(&t), "1582-10-14T23:59:59.5Z");
        let p = encode(&t).unwrap();
        assert_eq!(decode(p).unwrap(), t);
        let t = parse_instant("-0044-03-15", None).unwrap();
        assert_eq!(show(&t), "-0044-03-15T00:00:00Z");
    }

    #[test]
    fn rejects() {
        for bad in [
            "2024-1-01",
            "2024-01-01X",
            "24-01-01",
            "2024-01-01T",
            "1.2.3",
            "",
        ] {
            assert!(parse_instant(bad, None).is_err(), "{bad}");
        }
        assert_eq!(
            parse_instant("2023-02-29", None).unwrap_err().code(),
            ErrorCode::OutOfRange
        );
        assert_eq!(
            parse_instant("2023-01-01", Some(80)).unwrap_err().code(),
            ErrorCode::OutOfRange
        );
    }
}
