//! WDP compact IDs, named sequences, namespaces and full IDs (docs/spec §1).

use napi::bindgen_prelude::{External, Uint32Array};
use napi::{Env, Result};
use napi_derive::napi;
use polyid::wdp::{self, NamedSequences, StructuredCode, COMPACT_LEN};
use polyid::Profile;

use crate::conv::{throw_id, Ascii, OrThrow, Text, Val, I64};

/// A named-sequence table (the standard names plus the caller's), held by JavaScript as an
/// external handle.
pub type Names = External<NamedSequences>;

/// A new table with the standard names.
#[napi(catch_unwind, js_name = "names_new")]
pub fn names_new() -> Names {
    External::new(NamedSequences::standard())
}

/// Adds `name` for `number` to a table.
#[napi(catch_unwind, js_name = "names_insert")]
pub fn names_insert(env: Env, names: &mut Names, name: Text, number: I64) -> Result<()> {
    name.with(|n| names.insert(n, number.0))?.or_throw(&env)
}

/// The standard table, for calls without names of their own.
static STANDARD: NamedSequences = NamedSequences::standard();

fn table(names: Option<&Names>) -> &NamedSequences {
    match names {
        Some(n) => n,
        None => &STANDARD,
    }
}

/// The compact ID (`wdp::compact_id_with`); `names` absent is the standard table.
#[napi(catch_unwind, js_name = "compact_id")]
pub fn compact_id(env: Env, code: Text, names: Option<&Names>) -> Result<Ascii<COMPACT_LEN>> {
    let id = code.with(|c| wdp::compact_id_with(c, table(names)).map(|id| *id.as_bytes()))?;
    Ok(Ascii(id.or_throw(&env)?))
}

/// The compact IDs of the lines of `text`, each after a `"\n"` but the first, or the index of
/// the first line that is not a valid code (as a number): the JavaScript layer then asks
/// `compact_id` for that line's precise error, so the error is computed only on the failure
/// path.
fn compact_lines(text: &str, names: &NamedSequences) -> Val {
    let mut out = Vec::with_capacity(text.len() / 2 + COMPACT_LEN);
    let ends = memchr::memchr_iter(b'\n', text.as_bytes()).chain([text.len()]);
    let mut start = 0;
    for (i, end) in ends.enumerate() {
        if i > 0 {
            out.push(b'\n');
        }
        // "\n" is ASCII, so `start..end` are character boundaries.
        match wdp::compact_id_with(&text[start..end], names) {
            Ok(id) => out.extend_from_slice(id.as_bytes()),
            Err(_) => return Val::Num(i as f64),
        }
        start = end + 1;
    }
    Val::Ascii(out)
}

/// `compactIds` transport: the codes laid end to end in `text`, `lengths[i]` UTF-16 units
/// each, in; their IDs back to back out, or the index of the first invalid code (as a
/// number), or `null` when the text is not all ASCII (a non-ASCII code is invalid, and the
/// JavaScript layer then takes the codes one by one, for the first invalid one's error).
#[napi(catch_unwind, js_name = "compact_ids_sized")]
pub fn compact_ids_sized(text: Text, lengths: Uint32Array, names: Option<&Names>) -> Result<Val> {
    let names = table(names);
    let ids = text.with_ascii(|t| {
        // ASCII: a UTF-16 length is a byte length.
        if lengths.iter().map(|&n| n as u64).sum::<u64>() != t.len() as u64 {
            return Val::Null;
        }
        let mut out = Vec::with_capacity(lengths.len() * COMPACT_LEN);
        let mut start = 0;
        for (i, &n) in lengths.iter().enumerate() {
            let end = start + n as usize;
            match wdp::compact_id_with(&t[start..end], names) {
                Ok(id) => out.extend_from_slice(id.as_bytes()),
                Err(_) => return Val::Num(i as f64),
            }
            start = end;
        }
        Val::Ascii(out)
    })?;
    Ok(ids.unwrap_or(Val::Null))
}

/// `compactIdsJoined`: lines in, lines out (or the index of the first invalid line).
#[napi(catch_unwind, js_name = "compact_ids_lines")]
pub fn compact_ids_lines(text: Text, names: Option<&Names>) -> Result<Val> {
    let lines = |t: &str| {
        if t.is_empty() {
            Val::Ascii(Vec::new())
        } else {
            compact_lines(t, table(names))
        }
    };
    match text.with_ascii(lines)? {
        Some(ids) => Ok(ids),
        None => text.with(lines),
    }
}

/// The core's `BUFFER_TOO_SMALL` for `compactIdsInto` (`found` bytes where `expected` are
/// needed), thrown: the JavaScript layer checks a caller's buffer before any work.
#[napi(catch_unwind, js_name = "buffer_too_small")]
pub fn buffer_too_small(env: Env, found: f64, expected: f64) -> Result<()> {
    let e = polyid::Error::new(
        polyid::ErrorCode::BufferTooSmall,
        "compactIdsInto",
        polyid::Detail::Length {
            found: found as usize,
            expected: expected as usize,
        },
    );
    Err(throw_id(env.raw(), &e))
}

#[inline(never)]
fn parse(code: &str, names: Option<&Names>) -> polyid::Result<StructuredCode> {
    StructuredCode::parse_with(code, table(names))
}

/// The normalized code.
#[napi(catch_unwind, js_name = "normalize_code")]
pub fn normalize_code(env: Env, code: Text, names: Option<&Names>) -> Result<String> {
    code.with(|c| parse(c, names).map(|p| p.normalized().to_owned()))?
        .or_throw(&env)
}

/// `StructuredCode::parse_with`, as `[severity, meaning, priority, blocking, component,
/// primary, sequence, normalized, compactId]`.
#[napi(catch_unwind, js_name = "parse_code")]
pub fn parse_code(env: Env, code: Text, names: Option<&Names>) -> Result<Vec<Val>> {
    let parsed = code.with(|c| parse(c, names))?.or_throw(&env)?;
    let severity = parsed.severity();
    let mut letter = [0u8; 4];
    Ok(vec![
        Val::from(&*severity.letter().encode_utf8(&mut letter)),
        Val::from(severity.meaning()),
        Val::from(severity.priority()),
        Val::from(severity.is_blocking()),
        Val::from(parsed.component()),
        Val::from(parsed.primary()),
        Val::from(parsed.sequence()),
        Val::from(parsed.normalized()),
        Val::ascii(parsed.compact_id().as_bytes()),
    ])
}

/// `wdp::namespace_hash`.
#[napi(catch_unwind, js_name = "namespace_hash")]
pub fn namespace_hash(env: Env, namespace: Text) -> Result<Ascii<COMPACT_LEN>> {
    let id = namespace.with(|n| wdp::namespace_hash(n).map(|h| *h.as_bytes()))?;
    Ok(Ascii(id.or_throw(&env)?))
}

/// `wdp::full_id_with` (the namespace checked first, then the code).
#[napi(catch_unwind, js_name = "full_id")]
pub fn full_id(env: Env, namespace: Text, code: Text, names: Option<&Names>) -> Result<String> {
    let namespace_hash = namespace.with(wdp::namespace_hash)?.or_throw(&env)?;
    let compact_id = code
        .with(|c| parse(c, names).map(|p| p.compact_id()))?
        .or_throw(&env)?;
    Ok(wdp::FullId {
        namespace_hash,
        compact_id,
    }
    .to_text())
}

/// `wdp::parse_full_id`, as `[namespaceHash, compactId]`.
#[napi(catch_unwind, js_name = "parse_full_id")]
pub fn parse_full_id(env: Env, id: Text) -> Result<Vec<Val>> {
    let full = id.with(wdp::parse_full_id)?.or_throw(&env)?;
    Ok(vec![
        Val::ascii(full.namespace_hash.as_bytes()),
        Val::ascii(full.compact_id.as_bytes()),
    ])
}

// ----------------------------------------------------------------------------------------------
// Profiles (docs/spec §1.5): the same calls read as another ecosystem reads them. The profile
// travels as its name; `Profile::parse` refuses an unknown one.

fn profile(env: &Env, name: &str) -> Result<Profile> {
    Profile::parse(name).or_throw(env)
}

/// `wdp::compact_id_as_with` without caller names.
#[napi(catch_unwind, js_name = "compact_id_as")]
pub fn compact_id_as(env: Env, code: Text, profile_name: String) -> Result<Ascii<COMPACT_LEN>> {
    let p = profile(&env, &profile_name)?;
    let id = code.with(|c| wdp::compact_id_as_with(c, None, p).map(|id| *id.as_bytes()))?;
    Ok(Ascii(id.or_throw(&env)?))
}

/// `wdp::compact_id_as_with` with the caller's names.
#[napi(catch_unwind, js_name = "compact_id_as_with")]
pub fn compact_id_as_with(
    env: Env,
    code: Text,
    names: &Names,
    profile_name: String,
) -> Result<Ascii<COMPACT_LEN>> {
    let p = profile(&env, &profile_name)?;
    let id = code.with(|c| wdp::compact_id_as_with(c, Some(names), p).map(|id| *id.as_bytes()))?;
    Ok(Ascii(id.or_throw(&env)?))
}

/// `wdp::namespace_hash_as`.
#[napi(catch_unwind, js_name = "namespace_hash_as")]
pub fn namespace_hash_as(
    env: Env,
    namespace: Text,
    profile_name: String,
) -> Result<Ascii<COMPACT_LEN>> {
    let p = profile(&env, &profile_name)?;
    let id = namespace.with(|n| wdp::namespace_hash_as(n, p).map(|h| *h.as_bytes()))?;
    Ok(Ascii(id.or_throw(&env)?))
}

/// `wdp::full_id_as_with` without caller names.
#[napi(catch_unwind, js_name = "full_id_as")]
pub fn full_id_as(
    env: Env,
    namespace: String,
    code: String,
    profile_name: String,
) -> Result<String> {
    let p = profile(&env, &profile_name)?;
    Ok(wdp::full_id_as_with(&namespace, &code, None, p)
        .or_throw(&env)?
        .to_text())
}

/// `wdp::full_id_as_with` with the caller's names.
#[napi(catch_unwind, js_name = "full_id_as_with")]
pub fn full_id_as_with(
    env: Env,
    namespace: String,
    code: String,
    names: &Names,
    profile_name: String,
) -> Result<String> {
    let p = profile(&env, &profile_name)?;
    Ok(wdp::full_id_as_with(&namespace, &code, Some(names), p)
        .or_throw(&env)?
        .to_text())
}

/// `wdp::parse_full_id_as`, as `[namespaceHash or null, compactId]`.
#[napi(catch_unwind, js_name = "parse_full_id_as")]
pub fn parse_full_id_as(env: Env, id: String, profile_name: String) -> Result<Vec<Val>> {
    let p = profile(&env, &profile_name)?;
    let (ns, compact) = wdp::parse_full_id_as(&id, p).or_throw(&env)?;
    Ok(vec![
        Val::or_null(ns.map(|h| Val::ascii(h.as_bytes()))),
        Val::ascii(compact.as_bytes()),
    ])
}
