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
#[cfg(not(target_arch = "wasm32"))]
mod words;

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
use crate::profile::Profile;

/// The compact ID of a structured code, e.g. `E.AUTH.TOKEN.001` -> `V6a0B`: a
/// [`CompactId`], five bytes held by value (no allocation), which prints and compares as
/// its text (`String::from(id)` or `id.to_string()` when a `String` is wanted).
#[inline]
pub fn compact_id(code: &str) -> Result<CompactId> {
    compact_id_with(code, NamedSequences::standard_ref())
}

/// The compact ID with the caller's named sequences.
#[inline]
pub fn compact_id_with(code: &str, names: &NamedSequences) -> Result<CompactId> {
    match code::hash_fast(code, names) {
        Some(h) => Ok(CompactId::from_hash(h)),
        None => compact_precise(code, names),
    }
}

/// What the fast path left: out of line, so that its frame and error building stay off the
/// fast path's (inlined in WebAssembly, where the module's size counts more).
#[cold]
#[cfg_attr(not(target_arch = "wasm32"), inline(never))]
fn compact_precise(code: &str, names: &NamedSequences) -> Result<CompactId> {
    Ok(StructuredCode::parse_with(code, names)?.compact_id())
}

/// The compact ID written into a caller's buffer (no allocation).
#[inline]
pub fn compact_id_into(code: &str, out: &mut [u8; COMPACT_LEN]) -> Result<()> {
    let names = NamedSequences::standard_ref();
    // The fast path's ID goes straight to `out`, not through a `Result` on the stack.
    *out = *match code::hash_fast(code, names) {
        Some(h) => CompactId::from_hash(h),
        None => compact_precise(code, names)?,
    }
    .as_bytes();
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

/// The namespace hash, e.g. `auth_lib` -> `05o5h` (a [`CompactId`]).
pub fn namespace_hash(namespace: &str) -> Result<CompactId> {
    hash::namespace_hash_id(namespace)
}

/// The full ID `<namespace hash>-<compact id>`, e.g. `05o5h-V6a0B`: a [`FullId`], held by
/// value, which prints and compares as its text.
pub fn full_id(namespace: &str, code: &str) -> Result<FullId> {
    full_id_with(namespace, code, NamedSequences::standard_ref())
}

/// The full ID with the caller's named sequences.
pub fn full_id_with(namespace: &str, code: &str, names: &NamedSequences) -> Result<FullId> {
    Ok(FullId {
        namespace_hash: hash::namespace_hash_id(namespace)?,
        compact_id: compact_id_with(code, names)?,
    })
}

/// Parses a full ID back into its namespace hash and compact ID.
pub fn parse_full_id(text: &str) -> Result<FullId> {
    FullId::parse(text)
}

/// A code read as `waddling-errors-hash` reads it (docs/spec §1.5): Rust's `str::trim` and
/// `str::to_uppercase`, then hashed as written (no validation, names not resolved).
fn waddling_compact(code: &str) -> CompactId {
    CompactId::from_hash(code_hash(code.trim().to_uppercase().as_bytes()))
}

/// The compact ID of `code` as `profile` computes it: [`Profile::Polyid`] validates the code
/// and resolves named sequences ([`compact_id`]); [`Profile::Waddling`] computes what
/// `waddling-errors-hash`'s `compute_wdp_hash` does, for any text (docs/spec §1.5). Other
/// profiles define no WDP codes (`INVALID_ARGUMENT`).
#[inline]
pub fn compact_id_as(code: &str, profile: Profile) -> Result<CompactId> {
    match profile {
        Profile::Polyid => compact_id(code),
        Profile::Waddling => Ok(waddling_compact(code)),
        other => Err(other.undefined("WDP codes")),
    }
}

/// [`compact_id_as`] with the caller's named sequences (`None`: the standard table). Only
/// polyid's reading has caller names: with another profile, `Some` names fail with
/// `INVALID_ARGUMENT` rather than being ignored.
#[inline]
pub fn compact_id_as_with(
    code: &str,
    names: Option<&NamedSequences>,
    profile: Profile,
) -> Result<CompactId> {
    match (profile, names) {
        (Profile::Polyid, Some(names)) => compact_id_with(code, names),
        (_, None) => compact_id_as(code, profile),
        (other, Some(_)) => Err(no_caller_names(other)),
    }
}

/// [`full_id_as`] with the caller's named sequences, as [`compact_id_as_with`] takes them.
pub fn full_id_as_with(
    namespace: &str,
    code: &str,
    names: Option<&NamedSequences>,
    profile: Profile,
) -> Result<FullId> {
    let namespace_hash = namespace_hash_as(namespace, profile)?;
    let compact_id = compact_id_as_with(code, names, profile)?;
    Ok(FullId {
        namespace_hash,
        compact_id,
    })
}

/// `Ok` when [`compact_id_as_with`] reads codes with `profile` and `names`; else the
/// `INVALID_ARGUMENT` it returns for every code with them (a profile without WDP codes, or
/// caller names with another reading than polyid's). A caller with many codes checks its
/// arguments once, before it reads any.
pub fn check_profile(profile: Profile, names: Option<&NamedSequences>) -> Result<()> {
    match (profile, names) {
        (Profile::Polyid, _) => Ok(()),
        (other, None) => other.check(crate::Reading::WdpCode),
        (other, Some(_)) => Err(no_caller_names(other)),
    }
}

#[cold]
fn no_caller_names(profile: Profile) -> crate::Error {
    if profile != Profile::Waddling {
        return profile.undefined("WDP codes");
    }
    crate::Error::reason(
        crate::ErrorCode::InvalidArgument,
        "WDP named sequences",
        "the waddling profile hashes sequence names as written and has no caller names",
    )
}

/// The namespace hash as `profile` computes it: [`Profile::Polyid`] validates the namespace
/// first ([`namespace_hash`]); [`Profile::Waddling`] hashes any text as given, as
/// `compute_wdp_namespace_hash` does (docs/spec §1.5).
pub fn namespace_hash_as(namespace: &str, profile: Profile) -> Result<CompactId> {
    match profile {
        Profile::Polyid => hash::namespace_hash_id(namespace),
        Profile::Waddling => Ok(CompactId::from_hash(xxhash_rust::xxh3::xxh3_64_with_seed(
            namespace.as_bytes(),
            NAMESPACE_SEED,
        ))),
        other => Err(other.undefined("WDP namespaces")),
    }
}

/// The full ID as `profile` computes it: the namespace hash and the compact ID, each as
/// [`namespace_hash_as`] and [`compact_id_as`] compute them (polyid validates the namespace
/// first, then the code).
pub fn full_id_as(namespace: &str, code: &str, profile: Profile) -> Result<FullId> {
    let namespace_hash = namespace_hash_as(namespace, profile)?;
    let compact_id = compact_id_as(code, profile)?;
    Ok(FullId {
        namespace_hash,
        compact_id,
    })
}

/// Reads a full ID as `profile` does: the namespace hash (`None` when the profile accepts a
/// bare compact ID and the text is one) and the compact ID. [`Profile::Polyid`] accepts only
/// `XXXXX-YYYYY` ([`parse_full_id`]); [`Profile::Waddling`] also accepts a bare 5-symbol
/// compact ID, as `parse_wdp_full_id` does (docs/spec §1.5). Errors are polyid's:
/// `INVALID_LENGTH` (expected 11) or `INVALID_CHARACTER` with its index.
pub fn parse_full_id_as(text: &str, profile: Profile) -> Result<(Option<CompactId>, CompactId)> {
    match profile {
        Profile::Polyid => FullId::parse(text).map(|f| (Some(f.namespace_hash), f.compact_id)),
        Profile::Waddling if text.len() == COMPACT_LEN => {
            CompactId::parse(text).map(|id| (None, id))
        }
        Profile::Waddling => FullId::parse(text).map(|f| (Some(f.namespace_hash), f.compact_id)),
        other => Err(other.undefined("WDP full IDs")),
    }
}

#[cfg(test)]
mod profile_tests {
    use super::*;
    use crate::ErrorCode;

    #[test]
    fn polyid_profile_is_the_default_reading() {
        // docs/spec §1.2 and §1.3 vectors.
        let p = Profile::Polyid;
        assert_eq!(
            compact_id_as("E.Auth.Token.MISSING", p).unwrap().as_str(),
            "V6a0B"
        );
        assert_eq!(namespace_hash_as("auth_lib", p).unwrap().as_str(), "05o5h");
        assert_eq!(
            full_id_as("auth_lib", "E.Auth.Token.001", p)
                .unwrap()
                .to_text(),
            "05o5h-V6a0B"
        );
        let e = compact_id_as("E.AUTH.TOKEN.000", p).unwrap_err();
        assert_eq!(e.code(), ErrorCode::InvalidSequence);
        let e = parse_full_id_as("V6a0B", p).unwrap_err();
        assert_eq!(e.found_expected(), Some((5, 11)));
    }

    #[test]
    fn check_profile_refuses_what_compact_id_as_with_refuses_for_every_code() {
        let names = NamedSequences::standard().with("RATE_LIMITED", 31).unwrap();
        for p in Profile::ALL {
            for n in [None, Some(&names)] {
                // A valid code: any error is the arguments', none the code's.
                let whole = compact_id_as_with("E.AUTH.TOKEN.001", n, p).err();
                assert_eq!(
                    check_profile(p, n).err(),
                    whole,
                    "{p} names {}",
                    n.is_some()
                );
            }
        }
    }

    #[test]
    fn waddling_reading() {
        let w = Profile::Waddling;
        // Valid codes without names: the same IDs as polyid (docs/spec §1.2).
        assert_eq!(
            compact_id_as("  e.auth.token.001\t", w).unwrap().as_str(),
            "V6a0B"
        );
        // docs/spec §1.5 (values from Python xxhash): names are hashed as written, not resolved.
        assert_eq!(
            compact_id_as("E.Auth.Token.MISSING", w).unwrap().as_str(),
            "hPdQW"
        );
        // docs/spec §1.5: nothing is validated.
        assert_eq!(
            compact_id_as("E.AUTH.TOKEN.000", w).unwrap().as_str(),
            "Uo8Uh"
        );
        assert_eq!(namespace_hash_as("Auth-Lib", w).unwrap().as_str(), "C6uO5");
        assert_eq!(
            full_id_as("auth_lib", "E.Auth.Token.001", w)
                .unwrap()
                .to_text(),
            "05o5h-V6a0B"
        );
        let (ns, id) = parse_full_id_as("V6a0B", w).unwrap();
        assert_eq!((ns, id.as_str()), (None, "V6a0B"));
        let (ns, id) = parse_full_id_as("05o5h-V6a0B", w).unwrap();
        assert_eq!(
            (ns.map(|n| n.as_str().to_owned()), id.as_str()),
            (Some("05o5h".into()), "V6a0B")
        );
        let e = parse_full_id_as("V6a0", w).unwrap_err();
        assert_eq!(
            (e.code(), e.found_expected()),
            (ErrorCode::InvalidLength, Some((4, 11)))
        );
        let e = parse_full_id_as("V6-0B", w).unwrap_err();
        assert_eq!(
            (e.code(), e.index()),
            (ErrorCode::InvalidCharacter, Some(2))
        );
    }

    #[test]
    fn caller_names_only_in_polyid_reading() {
        let mut names = NamedSequences::standard();
        names.insert("RATE_LIMITED", 31).unwrap();
        // docs/spec §1.1: a caller name resolves to its number (E.AUTH.TOKEN.031).
        assert_eq!(
            compact_id_as_with("E.AUTH.TOKEN.RATE_LIMITED", Some(&names), Profile::Polyid).unwrap(),
            compact_id_as("E.AUTH.TOKEN.031", Profile::Polyid).unwrap()
        );
        let e = compact_id_as_with("E.A.B.001", Some(&names), Profile::Waddling).unwrap_err();
        assert_eq!(e.code(), ErrorCode::InvalidArgument);
        assert!(e.to_string().contains("no caller names"), "{e}");
        let e = full_id_as_with("a", "E.A.B.001", Some(&names), Profile::Atproto).unwrap_err();
        assert_eq!(e.code(), ErrorCode::InvalidArgument);
        assert_eq!(
            full_id_as_with("auth_lib", "E.Auth.Token.001", None, Profile::Waddling)
                .unwrap()
                .to_text(),
            "05o5h-V6a0B"
        );
    }

    #[test]
    fn other_profiles_define_no_wdp() {
        for p in [Profile::Atproto, Profile::Euid] {
            assert_eq!(
                compact_id_as("E.A.B.001", p).unwrap_err().code(),
                ErrorCode::InvalidArgument
            );
            assert_eq!(
                namespace_hash_as("a", p).unwrap_err().code(),
                ErrorCode::InvalidArgument
            );
            assert_eq!(
                parse_full_id_as("V6a0B", p).unwrap_err().code(),
                ErrorCode::InvalidArgument
            );
        }
    }
}
