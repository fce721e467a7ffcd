//! WDP: compact IDs, normalized and parsed codes, namespaces and full IDs, named sequences.

use polyid::wdp::{self, NamedSequences};
use wasm_bindgen::prelude::*;

#[cfg(feature = "profiles")]
use super::profile;
use crate::error::{JsResult, Throw};

/// A named-sequence table: the standard names plus the caller's (the JavaScript layer keeps
/// one standard table for calls without extra names).
#[wasm_bindgen]
pub struct Names(NamedSequences);

/// A new table with the standard names (`names_new` in both engines).
#[wasm_bindgen]
pub fn names_new() -> Names {
    Names(NamedSequences::standard())
}

/// Adds `name` for `number` to a table.
#[wasm_bindgen]
pub fn names_insert(names: &mut Names, name: &str, number: i64) -> JsResult<()> {
    names.0.insert(name, number).js()
}

/// The one call of the core's code parser in this module.
///
/// The core inlines its fast parser into every caller; funnelling `compactId`,
/// `normalizeCode`, `parseCode` and `fullId` through this single non-inlined call keeps one
/// copy of it in the `.wasm` (the size budget), with the same results and errors as
/// `wdp::compact_id_with` / `normalize_with` (both are `StructuredCode::parse_with` underneath).
#[inline(never)]
fn parse(code: &str, names: &Names) -> JsResult<wdp::StructuredCode> {
    wdp::StructuredCode::parse_with(code, &names.0).js()
}

/// `compactIds` transport: the codes laid end to end in `text`, `lengths[i]` UTF-16 units
/// each, in; their IDs back to back out, or the index of the first invalid code (as a
/// number), or `null` when the text is not all ASCII (its UTF-8 length is then above the
/// lengths' sum; a non-ASCII code is invalid, and the JavaScript layer takes the codes one by
/// one, for the first invalid one's error).
#[wasm_bindgen]
pub fn compact_ids_sized(text: &str, lengths: &[u32], names: &Names) -> JsValue {
    if lengths.iter().map(|&n| n as u64).sum::<u64>() != text.len() as u64 {
        return JsValue::NULL;
    }
    let mut out = String::with_capacity(lengths.len() * wdp::COMPACT_LEN);
    let mut start = 0;
    for (i, &n) in lengths.iter().enumerate() {
        let end = start + n as usize;
        // All ASCII when the lengths are the codes' (UTF-8 length = UTF-16 length); lengths
        // that cut a character are not, and send the batch code by code too.
        let Some(code) = text.get(start..end) else {
            return JsValue::NULL;
        };
        match parse(code, names) {
            Ok(p) => out.push_str(p.compact_id().as_str()),
            Err(_) => return JsValue::from_f64(i as f64),
        }
        start = end;
    }
    JsValue::from_str(&out)
}

/// `compactIdsJoined`: lines in, lines out (or the index of the first invalid line, as a
/// number: the JavaScript layer then asks `compact_id` for that line's precise error).
#[wasm_bindgen]
pub fn compact_ids_lines(text: &str, names: &Names) -> JsValue {
    if text.is_empty() {
        return JsValue::from_str("");
    }
    let mut out = String::with_capacity(text.len() / 2 + wdp::COMPACT_LEN);
    for (i, code) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        // Through the one parser call of the module (see `parse`).
        match parse(code, names) {
            Ok(p) => out.push_str(p.compact_id().as_str()),
            Err(_) => return JsValue::from_f64(i as f64),
        }
    }
    JsValue::from_str(&out)
}

/// The core's `BUFFER_TOO_SMALL` for `compactIdsInto`, thrown.
#[wasm_bindgen]
pub fn buffer_too_small(found: usize, expected: usize) -> JsResult<()> {
    Err(crate::error::core_error(polyid::Error::new(
        polyid::ErrorCode::BufferTooSmall,
        "compactIdsInto",
        polyid::Detail::Length { found, expected },
    )))
}

/// The compact ID (`StructuredCode::compact_id`).
#[wasm_bindgen]
pub fn compact_id(code: &str, names: &Names) -> JsResult<String> {
    Ok(parse(code, names)?.compact_id().as_str().to_owned())
}

/// The normalized code (`StructuredCode::normalized`).
#[wasm_bindgen]
pub fn normalize_code(code: &str, names: &Names) -> JsResult<String> {
    Ok(parse(code, names)?.normalized().to_owned())
}

/// `StructuredCode::parse_with`, as `[severity, meaning, priority, blocking, component,
/// primary, sequence, normalized, compactId]`.
#[wasm_bindgen]
pub fn parse_code(code: &str, names: &Names) -> JsResult<js_sys::Array> {
    let parsed = parse(code, names)?;
    let severity = parsed.severity();
    let mut letter = [0u8; 4];
    let fields: [JsValue; 9] = [
        JsValue::from_str(severity.letter().encode_utf8(&mut letter)),
        severity.meaning().into(),
        severity.priority().into(),
        severity.is_blocking().into(),
        parsed.component().into(),
        parsed.primary().into(),
        parsed.sequence().into(),
        parsed.normalized().into(),
        parsed.compact_id().as_str().into(),
    ];
    Ok(fields.iter().collect())
}

/// `wdp::namespace_hash`.
#[wasm_bindgen]
pub fn namespace_hash(namespace: &str) -> JsResult<String> {
    Ok(hash_namespace(namespace)?.as_str().to_owned())
}

/// The one call of the core's namespace hash in this module (`namespaceHash` and `fullId`),
/// kept out of line as [`parse`] is: one copy of it in the `.wasm`.
#[inline(never)]
fn hash_namespace(namespace: &str) -> JsResult<wdp::CompactId> {
    wdp::namespace_hash(namespace).js()
}

/// The full ID, composed as `wdp::full_id_with` does (namespace checked first, then the
/// code) from the core's pieces, so that the code parser stays a single copy (see [`parse`]);
/// the text is the core's `FullId::to_text`.
#[wasm_bindgen]
pub fn full_id(namespace: &str, code: &str, names: &Names) -> JsResult<String> {
    let namespace_hash = hash_namespace(namespace)?;
    let compact_id = parse(code, names)?.compact_id();
    Ok(wdp::FullId {
        namespace_hash,
        compact_id,
    }
    .to_text())
}

// Profiles (docs/spec §1.5, §3.5, §4.4): the same calls read as another ecosystem reads them;
// the profile travels as its name (`Profile::parse` refuses an unknown one).

/// `wdp::compact_id_as_with` without caller names.
#[cfg(feature = "profiles")]
#[wasm_bindgen]
pub fn compact_id_as(code: &str, profile_name: &str) -> JsResult<String> {
    let id = wdp::compact_id_as_with(code, None, profile(profile_name)?).js()?;
    Ok(id.as_str().to_owned())
}

/// `wdp::compact_id_as_with` with the caller's names.
#[cfg(feature = "profiles")]
#[wasm_bindgen]
pub fn compact_id_as_with(code: &str, names: &Names, profile_name: &str) -> JsResult<String> {
    let id = wdp::compact_id_as_with(code, Some(&names.0), profile(profile_name)?).js()?;
    Ok(id.as_str().to_owned())
}

/// `wdp::namespace_hash_as`.
#[cfg(feature = "profiles")]
#[wasm_bindgen]
pub fn namespace_hash_as(namespace: &str, profile_name: &str) -> JsResult<String> {
    let id = wdp::namespace_hash_as(namespace, profile(profile_name)?).js()?;
    Ok(id.as_str().to_owned())
}

/// `wdp::full_id_as_with` without caller names.
#[cfg(feature = "profiles")]
#[wasm_bindgen]
pub fn full_id_as(namespace: &str, code: &str, profile_name: &str) -> JsResult<String> {
    let p = profile(profile_name)?;
    Ok(wdp::full_id_as_with(namespace, code, None, p)
        .js()?
        .to_text())
}

/// `wdp::full_id_as_with` with the caller's names.
#[cfg(feature = "profiles")]
#[wasm_bindgen]
pub fn full_id_as_with(
    namespace: &str,
    code: &str,
    names: &Names,
    profile_name: &str,
) -> JsResult<String> {
    let p = profile(profile_name)?;
    Ok(wdp::full_id_as_with(namespace, code, Some(&names.0), p)
        .js()?
        .to_text())
}

/// `wdp::parse_full_id_as`, as `[namespaceHash or null, compactId]`.
#[cfg(feature = "profiles")]
#[wasm_bindgen]
pub fn parse_full_id_as(id: &str, profile_name: &str) -> JsResult<js_sys::Array> {
    let (ns, compact) = wdp::parse_full_id_as(id, profile(profile_name)?).js()?;
    let ns = ns.map_or(JsValue::NULL, |h| h.as_str().into());
    Ok(js_sys::Array::of2(&ns, &compact.as_str().into()))
}

/// `wdp::parse_full_id`, as `[namespaceHash, compactId]`.
#[wasm_bindgen]
pub fn parse_full_id(id: &str) -> JsResult<js_sys::Array> {
    let full = wdp::parse_full_id(id).js()?;
    Ok(js_sys::Array::of2(
        &full.namespace_hash.as_str().into(),
        &full.compact_id.as_str().into(),
    ))
}
