//! WDP compact IDs (WDP part 5) with structured-code validation, named sequences,
//! namespaces and full IDs (part 7).
//!
//! ```
//! use polyid::wdp;
//! assert_eq!(wdp::compact_id("E.Auth.Token.MISSING")?, "V6a0B");
//! assert_eq!(wdp::normalize("e.auth.token.001")?, "E.AUTH.TOKEN.001");
//! assert_eq!(wdp::full_id("auth_lib", "E.Auth.Token.001")?, "05o5h-V6a0B");
//! # Ok::<(), polyid::Error>(())
//! ```

mod code;
mod hash;
mod sequence;
mod severity;

#[cfg(feature = "catalog")]
pub mod catalog;

pub use code::{StructuredCode, MAX_FIELD_LEN, MAX_NORMALIZED_LEN};
pub use hash::{
    code_hash, validate_namespace, value40, CompactId, FullId, BASE62, CODE_SEED, COMPACT_LEN,
    FULL_ID_LEN, MAX_NAMESPACE_LEN, NAMESPACE_SEED,
};
pub use sequence::{standard_name, NamedSequences, MAX_NAME_LEN, STANDARD as STANDARD_SEQUENCES};
pub use severity::Severity;

use crate::error::Result;

/// The compact ID of a structured code, e.g. `E.AUTH.TOKEN.001` -> `V6a0B`.
#[inline]
pub fn compact_id(code: &str) -> Result<String> {
    Ok(compact(code, &NamedSequences::standard())?
        .as_str()
        .to_owned())
}

/// The compact ID as a [`CompactId`] (no allocation).
#[inline]
pub fn compact(code: &str, names: &NamedSequences) -> Result<CompactId> {
    match code::compact_fast(code, names) {
        Some(id) => Ok(id),
        None => Ok(StructuredCode::parse_with(code, names)?.compact_id()),
    }
}

/// The compact ID with the caller's named sequences.
pub fn compact_id_with(code: &str, names: &NamedSequences) -> Result<String> {
    Ok(compact(code, names)?.as_str().to_owned())
}

/// The compact ID written into a caller's buffer (no allocation).
#[inline]
pub fn compact_id_into(code: &str, out: &mut [u8; COMPACT_LEN]) -> Result<()> {
    *out = *compact(code, &NamedSequences::standard())?.as_bytes();
    Ok(())
}

/// The normalized form: uppercase, trimmed, named sequence resolved.
pub fn normalize(code: &str) -> Result<String> {
    Ok(StructuredCode::parse(code)?.normalized().to_owned())
}

/// The normalized form with the caller's named sequences.
pub fn normalize_with(code: &str, names: &NamedSequences) -> Result<String> {
    Ok(StructuredCode::parse_with(code, names)?
        .normalized()
        .to_owned())
}

/// The namespace hash, e.g. `auth_lib` -> `05o5h`.
pub fn namespace_hash(namespace: &str) -> Result<String> {
    Ok(hash::namespace_hash_id(namespace)?.as_str().to_owned())
}

/// The namespace hash as a [`CompactId`].
pub fn namespace_hash_id(namespace: &str) -> Result<CompactId> {
    hash::namespace_hash_id(namespace)
}

/// The full ID `<namespace hash>-<compact id>`, e.g. `05o5h-V6a0B`.
pub fn full_id(namespace: &str, code: &str) -> Result<String> {
    full_id_with(namespace, code, &NamedSequences::standard())
}

/// The full ID with the caller's named sequences.
pub fn full_id_with(namespace: &str, code: &str, names: &NamedSequences) -> Result<String> {
    let namespace_hash = hash::namespace_hash_id(namespace)?;
    let compact_id = StructuredCode::parse_with(code, names)?.compact_id();
    Ok(FullId {
        namespace_hash,
        compact_id,
    }
    .to_text())
}

/// Parses a full ID back into its namespace hash and compact ID.
pub fn parse_full_id(text: &str) -> Result<FullId> {
    FullId::parse(text)
}
