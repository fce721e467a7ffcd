//! WDP compact IDs, namespaces and full IDs.

use napi::{sys, Env, JsValue, Result};
use napi_derive::napi;
use polyid::wdp::{self, StructuredCode, COMPACT_LEN};

use crate::batch;
use crate::conv::{
    throw_id, throw_type, with_str, ArrayArg, Ascii, AsciiString, Names, OrThrow, Text,
};

#[inline]
fn parse(code: &str, names: Option<&Names>) -> polyid::Result<StructuredCode> {
    match names {
        None => StructuredCode::parse(code),
        Some(n) => StructuredCode::parse_with(code, &n.0),
    }
}

/// The compact ID of `code`.
#[inline]
fn compact_of(code: &str, names: Option<&Names>) -> polyid::Result<[u8; COMPACT_LEN]> {
    let names = match names {
        None => &wdp::NamedSequences::standard(),
        Some(n) => &n.0,
    };
    Ok(*wdp::compact(code, names)?.as_bytes())
}

/// Appends the compact ID of `code` to `out`.
#[inline]
fn compact_into(code: &str, names: Option<&Names>, out: &mut Vec<u8>) -> polyid::Result<()> {
    out.extend_from_slice(&compact_of(code, names)?);
    Ok(())
}

/// The 5-character compact ID of a structured code `SEVERITY.COMPONENT.PRIMARY.SEQUENCE`,
/// e.g. `compactId("E.Auth.Token.001") === "V6a0B"`.
///
/// `namedSequences` adds sequence names to the standard table, e.g. `{ RATE_LIMITED: 42 }`.
/// Throws `INVALID_FORMAT`, `NON_ASCII`, `INVALID_SEVERITY`, `INVALID_COMPONENT`,
/// `INVALID_PRIMARY`, `INVALID_SEQUENCE` or `UNKNOWN_NAMED_SEQUENCE`.
#[napi(
    catch_unwind,
    ts_args_type = "code: string, namedSequences?: Record<string, number> | null",
    ts_return_type = "string"
)]
pub fn compact_id(env: &Env, code: Text, named_sequences: Option<Names>) -> Result<Ascii<5>> {
    let names = named_sequences.as_ref();
    let id = code
        .with(|c| parse(c, names).map(|p| *p.compact_id().as_bytes()))?
        .or_throw(env)?;
    Ok(Ascii(id))
}

/// The compact IDs of many codes in one call: `compactIds(["E.A.B.001", ...])`.
///
/// Throws the error of the first invalid code, with `item` set to its position in `codes`
/// (a `TypeError` when an element is not a string).
#[napi(
    catch_unwind,
    ts_args_type = "codes: string[], namedSequences?: Record<string, number> | null",
    ts_return_type = "string[]"
)]
pub fn compact_ids(
    env: &Env,
    codes: ArrayArg,
    named_sequences: Option<Names>,
) -> Result<napi::bindgen_prelude::Unknown<'_>> {
    let ids = ids_of(env, &codes, named_sequences.as_ref())?;
    batch::fixed_strings(env, &ids, COMPACT_LEN)
}

/// The compact IDs of the strings of `codes`, 5 bytes each, back to back. Throws like
/// `compactIds`.
fn ids_of(env: &Env, codes: &ArrayArg, names: Option<&Names>) -> Result<Vec<u8>> {
    let raw = env.raw();
    let n = codes.len as usize;
    if n == 0 {
        return Ok(Vec::new());
    }
    let not_a_string = |i: usize| throw_type(raw, &format!("codes[{i}]: expected a string"));
    // 1. All of them in one string, each element read once (see `batch::strings_of`).
    if let Some(strings) = unsafe { batch::strings_of(raw, codes.value, codes.len)? } {
        if let batch::Strings::NotString(i) = strings {
            return Err(not_a_string(i as usize));
        }
        let mut out = vec![0u8; n * COMPACT_LEN];
        let mut slots = out.chunks_exact_mut(COMPACT_LEN);
        let mut failure = None;
        strings.for_each(|i, code| match compact_of(code, names) {
            Ok(id) => {
                if let Some(slot) = slots.next() {
                    slot.copy_from_slice(&id);
                }
                true
            }
            Err(e) => {
                failure = Some((i, e));
                false
            }
        });
        return match failure {
            Some((i, e)) => Err(throw_id(raw, &e, Some(i))),
            None => Ok(out),
        };
    }
    // Without the helpers: each element's type through N-API, then `join`.
    let mut position = 0usize;
    let mut not_string: Option<usize> = None;
    let mut check = |env: sys::napi_env, items: &[sys::napi_value]| -> bool {
        for &item in items {
            let mut t = 0;
            unsafe { sys::napi_typeof(env, item, &mut t) };
            if t != sys::ValueType::napi_string {
                not_string = Some(position);
                return false;
            }
            position += 1;
        }
        true
    };
    unsafe { batch::for_each_chunk(raw, codes.value, codes.len, &mut check)? };
    if let Some(i) = not_string {
        return Err(not_a_string(i));
    }
    let joined = unsafe { batch::join(raw, codes.value, "\0")? };
    // napi writes valid UTF-8; checked once for the whole text. NUL never occurs in a valid
    // code; if an element holds one (or a getter changed the array in between), the pieces
    // do not line up and the elements are read one by one instead.
    let joined = std::str::from_utf8(&joined).unwrap_or("\u{fffd}");
    if joined.bytes().filter(|&b| b == 0).count() + 1 == n {
        let mut out = Vec::with_capacity(n * COMPACT_LEN);
        for (i, code) in joined.split('\0').enumerate() {
            if let Err(e) = compact_into(code, names, &mut out) {
                return Err(throw_id(raw, &e, Some(i)));
            }
        }
        return Ok(out);
    }
    let mut out = Vec::with_capacity(n * COMPACT_LEN);
    // 2. One by one.
    let mut position = 0usize;
    // `Some(None)`: the element was no longer a string (a getter replaced it).
    let mut failure: Option<(usize, Option<polyid::Error>)> = None;
    let mut visit = |env: sys::napi_env, items: &[sys::napi_value]| -> bool {
        for &item in items {
            let id = unsafe {
                with_str(env, item, |c| {
                    parse(c, names).map(|p| *p.compact_id().as_bytes())
                })
            };
            match id {
                Ok(Ok(id)) => out.extend_from_slice(&id),
                Ok(Err(e)) => {
                    failure = Some((position, Some(e)));
                    return false;
                }
                Err(_) => {
                    failure = Some((position, None));
                    return false;
                }
            }
            position += 1;
        }
        true
    };
    unsafe { batch::for_each_chunk(raw, codes.value, codes.len, &mut visit)? };
    match failure {
        Some((i, Some(e))) => Err(throw_id(raw, &e, Some(i))),
        Some((i, None)) => Err(not_a_string(i)),
        // Every element gave an ID; anything else is an error, never a shorter result.
        None if out.len() == n * COMPACT_LEN => Ok(out),
        None => Err(napi::Error::new(
            napi::Status::GenericFailure,
            "codes changed while they were read",
        )),
    }
}

/// The compact IDs of many codes given as one string, joined by `"\n"`, returned the same
/// way: `compactIdsJoined("E.A.B.001\nE.Auth.Token.001") === "l3i4I\nV6a0B"`. The fastest
/// batch form: no JS string is created per code in either direction. `""` is no codes (and
/// gives `""`); a trailing `"\n"` is an empty last code (`INVALID_FORMAT`). Whitespace around
/// a code, including a `"\r"` of CRLF text, is trimmed like everywhere else.
///
/// Throws the error of the first invalid code with `item` set to its line (0-based).
#[napi(
    catch_unwind,
    ts_args_type = "codes: string, namedSequences?: Record<string, number> | null",
    ts_return_type = "string"
)]
pub fn compact_ids_joined(
    env: &Env,
    codes: Text,
    named_sequences: Option<Names>,
) -> Result<AsciiString> {
    let names = named_sequences.as_ref();
    let result = codes.with(|text| {
        let mut out: Vec<u8> = Vec::with_capacity(text.len() / 3 + COMPACT_LEN);
        if text.is_empty() {
            return Ok(out);
        }
        for (i, code) in text.split('\n').enumerate() {
            if i > 0 {
                out.push(b'\n');
            }
            compact_into(code, names, &mut out).map_err(|e| (i, e))?;
        }
        Ok(out)
    })?;
    match result {
        // SAFETY: only compact IDs (ASCII) and "\n".
        Ok(out) => Ok(AsciiString(unsafe { String::from_utf8_unchecked(out) })),
        Err((i, e)) => Err(throw_id(env.raw(), &e, Some(i))),
    }
}

/// Writes the compact IDs of `codes` into `out` (5 ASCII bytes each, back to back, from
/// offset 0) and returns the number of codes; no JS string is created for the IDs.
/// `out.subarray(5 * i, 5 * i + 5)` is the ID of `codes[i]` (`Buffer#toString('latin1', ...)`).
///
/// Throws like `compactIds`, and `BUFFER_TOO_SMALL` (`found`: `out.length`, `expected`:
/// `5 * codes.length`) before computing anything when `out` is too short.
#[napi(
    catch_unwind,
    ts_args_type = "codes: string[], out: Uint8Array, namedSequences?: Record<string, number> | null",
    ts_return_type = "number"
)]
pub fn compact_ids_into(
    env: &Env,
    codes: ArrayArg,
    out: napi::bindgen_prelude::Unknown<'_>,
    named_sequences: Option<Names>,
) -> Result<u32> {
    let raw = env.raw();
    let need = codes.len as usize * COMPACT_LEN;
    let room = unsafe { out_bytes(raw, out.raw())?.1 };
    if room < need {
        let e = polyid::Error::new(
            polyid::ErrorCode::BufferTooSmall,
            "compactIdsInto",
            polyid::Detail::Length {
                found: room,
                expected: need,
            },
        );
        return Err(throw_id(raw, &e, None));
    }
    let ids = ids_of(env, &codes, named_sequences.as_ref())?;
    // Looked up again after the elements were read: reading them can run JS (a proxy), which
    // could have detached or resized the buffer.
    let (data, room) = unsafe { out_bytes(raw, out.raw())? };
    if room < ids.len() {
        let e = polyid::Error::new(
            polyid::ErrorCode::BufferTooSmall,
            "compactIdsInto",
            polyid::Detail::Length {
                found: room,
                expected: ids.len(),
            },
        );
        return Err(throw_id(raw, &e, None));
    }
    if !ids.is_empty() {
        // SAFETY: `data` points to at least `room >= ids.len()` writable bytes.
        unsafe { std::ptr::copy_nonoverlapping(ids.as_ptr(), data, ids.len()) };
    }
    Ok(codes.len)
}

/// The data pointer and length of a `Uint8Array` (or `Buffer`), or a `TypeError`.
unsafe fn out_bytes(env: sys::napi_env, value: sys::napi_value) -> Result<(*mut u8, usize)> {
    let mut yes = false;
    sys::napi_is_typedarray(env, value, &mut yes);
    let mut kind = 0;
    let mut len = 0usize;
    let mut data: *mut std::ffi::c_void = std::ptr::null_mut();
    if yes {
        let mut ab = std::ptr::null_mut();
        let mut offset = 0usize;
        sys::napi_get_typedarray_info(
            env,
            value,
            &mut kind,
            &mut len,
            &mut data,
            &mut ab,
            &mut offset,
        );
    }
    if !yes || kind != sys::TypedarrayType::uint8_array {
        return Err(throw_type(env, "out: expected a Uint8Array or Buffer"));
    }
    Ok((data.cast(), len))
}

/// The normalized code: trimmed, uppercase, named sequence resolved
/// (`" e.auth.token.MISSING "` -> `"E.AUTH.TOKEN.001"`). Throws like `compactId`.
#[napi(
    catch_unwind,
    ts_args_type = "code: string, namedSequences?: Record<string, number> | null",
    ts_return_type = "string"
)]
pub fn normalize_code(
    env: &Env,
    code: Text,
    named_sequences: Option<Names>,
) -> Result<AsciiString> {
    let names = named_sequences.as_ref();
    let normalized = code
        .with(|c| parse(c, names).map(|p| p.normalized().to_owned()))?
        .or_throw(env)?;
    Ok(AsciiString(normalized))
}

/// A parsed structured code.
#[napi(object)]
pub struct ParsedCode {
    /// Severity letter, uppercase: one of `E W C B S K I T H`.
    pub severity: String,
    /// Severity meaning, e.g. `"Error"`.
    pub meaning: String,
    /// Severity priority, 0 (Trace) to 8 (Error).
    pub priority: u32,
    /// Whether the severity blocks (`E` and `B`).
    pub blocking: bool,
    /// Component, uppercase.
    pub component: String,
    /// Primary, uppercase.
    pub primary: String,
    /// Sequence number, 1-999.
    pub sequence: u32,
    /// Normalized code, e.g. `"E.AUTH.TOKEN.001"`.
    pub normalized: String,
    /// Compact ID, e.g. `"V6a0B"`.
    pub compact_id: String,
}

/// Parses a structured code into its fields. Throws like `compactId`.
#[napi(
    catch_unwind,
    ts_args_type = "code: string, namedSequences?: Record<string, number> | null"
)]
pub fn parse_code(env: &Env, code: Text, named_sequences: Option<Names>) -> Result<ParsedCode> {
    let names = named_sequences.as_ref();
    let p = code.with(|c| parse(c, names))?.or_throw(env)?;
    let severity = p.severity();
    Ok(ParsedCode {
        severity: severity.letter().to_string(),
        meaning: severity.meaning().to_owned(),
        priority: severity.priority() as u32,
        blocking: severity.is_blocking(),
        component: p.component().to_owned(),
        primary: p.primary().to_owned(),
        sequence: p.sequence() as u32,
        normalized: p.normalized().to_owned(),
        compact_id: p.compact_id().as_str().to_owned(),
    })
}

/// The 5-character hash of a namespace (`[a-z][a-z0-9_]{0,15}`), e.g. `"auth_lib"` -> `"05o5h"`.
///
/// Throws `INVALID_NAMESPACE` or `NON_ASCII`.
#[napi(
    catch_unwind,
    ts_args_type = "namespace: string",
    ts_return_type = "string"
)]
pub fn namespace_hash(env: &Env, namespace: Text) -> Result<Ascii<5>> {
    let id = namespace.with(wdp::namespace_hash_id)?.or_throw(env)?;
    Ok(Ascii(*id.as_bytes()))
}

/// The full ID `<namespace hash>-<compact id>`, e.g.
/// `fullId("auth_lib", "E.Auth.Token.001") === "05o5h-V6a0B"`.
///
/// Throws like `namespaceHash` and `compactId`.
#[napi(
    catch_unwind,
    ts_args_type = "namespace: string, code: string, namedSequences?: Record<string, number> | null",
    ts_return_type = "string"
)]
pub fn full_id(
    env: &Env,
    namespace: Text,
    code: Text,
    named_sequences: Option<Names>,
) -> Result<AsciiString> {
    let id = namespace
        .with(|ns| {
            code.with(|c| match &named_sequences {
                None => wdp::full_id(ns, c),
                Some(n) => wdp::full_id_with(ns, c, &n.0),
            })
        })??
        .or_throw(env)?;
    Ok(AsciiString(id))
}

/// The two halves of a full ID.
#[napi(object)]
pub struct FullIdParts {
    /// The namespace hash (5 characters).
    pub namespace_hash: String,
    /// The compact ID (5 characters).
    pub compact_id: String,
}

/// Splits a full ID `XXXXX-YYYYY` into its namespace hash and compact ID.
///
/// Throws `INVALID_LENGTH` or `INVALID_CHARACTER`.
#[napi(catch_unwind, ts_args_type = "id: string")]
pub fn parse_full_id(env: &Env, id: Text) -> Result<FullIdParts> {
    let f = id.with(wdp::parse_full_id)?.or_throw(env)?;
    Ok(FullIdParts {
        namespace_hash: f.namespace_hash.as_str().to_owned(),
        compact_id: f.compact_id.as_str().to_owned(),
    })
}
