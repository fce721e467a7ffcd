//! WDP compact IDs, normalized codes, parsed codes, namespace hashes and full IDs.

use core::ffi::c_char;

use polyid::wdp::{self, NamedSequences, StructuredCode};

use crate::ffi::*;
use crate::profile::{to_profile, POLYID};

/// Bytes for a compact ID or a namespace hash (5 base62 symbols) and its NUL.
pub const POLYID_COMPACT_ID_LEN: usize = 6;
/// Bytes for a full ID `nsh-compact` (11 characters) and its NUL.
pub const POLYID_FULL_ID_LEN: usize = 12;
/// Bytes for the longest normalized code (39 characters: `S.` + 16 + `.` + 16 + `.` + 3
/// digits) and its NUL.
pub const POLYID_NORMALIZED_LEN: usize = 40;
/// Bytes for the longest component or primary (16 characters) and its NUL.
pub const POLYID_FIELD_LEN: usize = 17;
/// Bytes for the longest severity meaning ("Completed") and its NUL, with room to spare.
pub const POLYID_MEANING_LEN: usize = 16;

const _: () = {
    assert!(POLYID_COMPACT_ID_LEN == wdp::COMPACT_LEN + 1);
    assert!(POLYID_FULL_ID_LEN == wdp::FULL_ID_LEN + 1);
    assert!(POLYID_NORMALIZED_LEN == wdp::MAX_NORMALIZED_LEN + 1);
    assert!(POLYID_FIELD_LEN == wdp::MAX_FIELD_LEN + 1);
};

/// A table of named sequences: the standard WDP names (MISSING = 001, ...) plus the
/// caller's own. Opaque: create it with `polyid_named_sequences_new()`, add names with
/// `polyid_named_sequences_insert()`, free it with `polyid_named_sequences_free()`.
///
/// Reading it from several threads at once is safe; inserting needs exclusive access.
pub struct polyid_named_sequences(NamedSequences);

/// A parsed structured code (`polyid_parse_code()`); every string is NUL-terminated.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct polyid_code {
    /// The severity letter, uppercase: one of 'E' 'B' 'C' 'W' 'H' 'S' 'K' 'I' 'T'.
    pub severity: c_char,
    /// The severity's priority, 0 (trace) to 8 (error).
    pub priority: u8,
    /// Whether the severity blocks (E and B).
    pub blocking: bool,
    /// The sequence number, 1-999 (a named sequence resolved).
    pub sequence: u16,
    /// The severity's meaning, e.g. "Error".
    pub meaning: [c_char; POLYID_MEANING_LEN],
    /// The component, uppercase.
    pub component: [c_char; POLYID_FIELD_LEN],
    /// The primary, uppercase.
    pub primary: [c_char; POLYID_FIELD_LEN],
    /// The normalized code, e.g. "E.AUTH.TOKEN.001".
    pub normalized: [c_char; POLYID_NORMALIZED_LEN],
    /// The compact ID, e.g. "V6a0B".
    pub compact_id: [c_char; POLYID_COMPACT_ID_LEN],
}

/// The two halves of a full ID (`polyid_parse_full_id()`), NUL-terminated.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct polyid_full_id_parts {
    /// The namespace hash, e.g. "05o5h".
    pub namespace_hash: [c_char; POLYID_COMPACT_ID_LEN],
    /// The compact ID, e.g. "V6a0B".
    pub compact_id: [c_char; POLYID_COMPACT_ID_LEN],
}

pub(crate) unsafe fn names<'a>(names: *const polyid_named_sequences) -> Res<&'a NamedSequences> {
    non_null(names, "names")?;
    Ok(&(*names).0)
}

// ---------------------------------------------------------------------------------------
// Compact ID

/// The body of `polyid_compact_id()`, its `_with` and `_n` twins, and
/// `polyid_compact_id_as()` (src/profile.rs): `profile` a C `polyid_profile` value.
unsafe fn compact_id_impl<'a>(
    code: impl FnOnce() -> Res<&'a str>,
    table: Option<*const polyid_named_sequences>,
    profile: i32,
    out: *mut c_char,
    out_cap: usize,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let out = OutStr::new(out, out_cap, "out");
        let code = code()?;
        let table = table.map(|t| names(t)).transpose()?;
        out.check(POLYID_COMPACT_ID_LEN)?;
        // The core's fused path (scan and hash, no normalized copy), as every binding uses.
        let id = wdp::compact_id_as_with(code, table, to_profile(profile)?)?;
        out.write(id.as_str().as_bytes())
    })
}

with_n_twin! {
    /// The WDP compact ID of a structured code `SEVERITY.COMPONENT.PRIMARY.SEQUENCE`, e.g.
    /// "E.Auth.Token.001" (or "E.Auth.Token.MISSING") -> "V6a0B".
    ///
    /// `code`: NUL-terminated UTF-8 (surrounding ASCII whitespace is ignored, case does not
    /// matter). `out`: at least `POLYID_COMPACT_ID_LEN` (6) bytes, `out_cap` its size; receives
    /// the 5 symbols and a NUL.
    ///
    /// Errors: `POLYID_NULL_POINTER` (code, out), `POLYID_INVALID_UTF8`,
    /// `POLYID_BUFFER_TOO_SMALL` (out_cap < 6), and the WDP code errors `POLYID_NON_ASCII`,
    /// `POLYID_INVALID_FORMAT`, `POLYID_INVALID_SEVERITY`, `POLYID_INVALID_COMPONENT`,
    /// `POLYID_INVALID_PRIMARY`, `POLYID_INVALID_SEQUENCE`, `POLYID_UNKNOWN_NAMED_SEQUENCE`.
    /// On any failure `out` holds "" (when out != NULL and out_cap > 0).
    fn polyid_compact_id;
    /// `polyid_compact_id()` for a code given as `code_len` bytes.
    fn polyid_compact_id_n;
    (
        code / code_len: str,
        out: *mut c_char,
        out_cap: usize,
        err: *mut polyid_error,
    ) -> polyid_status {
        compact_id_impl(code, None, POLYID, out, out_cap, err)
    }
}

with_n_twin! {
    /// `polyid_compact_id()` with the caller's named sequences `names` (from
    /// `polyid_named_sequences_new()`; not NULL).
    ///
    /// Same buffers and errors as `polyid_compact_id()`, and `POLYID_NULL_POINTER` for `names`.
    fn polyid_compact_id_with;
    /// `polyid_compact_id_with()` for a code given as `code_len` bytes.
    fn polyid_compact_id_with_n;
    (
        code / code_len: str,
        names: *const polyid_named_sequences,
        out: *mut c_char,
        out_cap: usize,
        err: *mut polyid_error,
    ) -> polyid_status {
        compact_id_impl(code, Some(names), POLYID, out, out_cap, err)
    }
}

/// `polyid_compact_id()` as `profile` computes it: `POLYID_PROFILE_POLYID` (the code is
/// validated) or `POLYID_PROFILE_WADDLING` (any UTF-8 text, trimmed and upper-cased, sequence
/// names hashed as written; no error of its own).
///
/// `out`: at least `POLYID_COMPACT_ID_LEN` (6) bytes. Errors: those of
/// `polyid_compact_id()`, and `POLYID_INVALID_ARGUMENT` for a profile that is not a
/// `polyid_profile` or defines no WDP codes. On any failure `out` holds "".
#[no_mangle]
pub unsafe extern "C" fn polyid_compact_id_as(
    code: *const c_char,
    profile: i32,
    out: *mut c_char,
    out_cap: usize,
    err: *mut polyid_error,
) -> polyid_status {
    compact_id_impl(|| cstr(code, "code"), None, profile, out, out_cap, err)
}

// ---------------------------------------------------------------------------------------
// Normalize

unsafe fn normalize_impl<'a>(
    code: impl FnOnce() -> Res<&'a str>,
    table: Option<*const polyid_named_sequences>,
    out: *mut c_char,
    out_cap: usize,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let out = OutStr::new(out, out_cap, "out");
        let code = code()?;
        let table = table.map(|t| names(t)).transpose()?;
        out.check_ptr()?;
        out.write(
            StructuredCode::parse_in(code, table)?
                .normalized()
                .as_bytes(),
        )
    })
}

with_n_twin! {
    /// The normalized form of a structured code: trimmed, uppercase, named sequence resolved,
    /// e.g. " e.auth.token.missing " -> "E.AUTH.TOKEN.001".
    ///
    /// `code`: NUL-terminated UTF-8. `out`: `out_cap` bytes; the result needs its length + 1
    /// (at most 40), so `POLYID_NORMALIZED_LEN` (40) bytes always suffice.
    ///
    /// Errors: as `polyid_compact_id()`; `POLYID_BUFFER_TOO_SMALL` when the result and its NUL
    /// do not fit (`err->expected` says how many bytes are needed). On any failure `out` holds
    /// "" (when out != NULL and out_cap > 0).
    fn polyid_normalize_code;
    /// `polyid_normalize_code()` for a code given as `code_len` bytes.
    fn polyid_normalize_code_n;
    (
        code / code_len: str,
        out: *mut c_char,
        out_cap: usize,
        err: *mut polyid_error,
    ) -> polyid_status {
        normalize_impl(code, None, out, out_cap, err)
    }
}

with_n_twin! {
    /// `polyid_normalize_code()` with the caller's named sequences `names` (from
    /// `polyid_named_sequences_new()`; not NULL).
    ///
    /// Same buffers and errors as `polyid_normalize_code()`, and `POLYID_NULL_POINTER` for `names`.
    fn polyid_normalize_code_with;
    /// `polyid_normalize_code_with()` for a code given as `code_len` bytes.
    fn polyid_normalize_code_with_n;
    (
        code / code_len: str,
        names: *const polyid_named_sequences,
        out: *mut c_char,
        out_cap: usize,
        err: *mut polyid_error,
    ) -> polyid_status {
        normalize_impl(code, Some(names), out, out_cap, err)
    }
}

// ---------------------------------------------------------------------------------------
// Parse

unsafe fn parse_code_impl<'a>(
    code: impl FnOnce() -> Res<&'a str>,
    table: Option<*const polyid_named_sequences>,
    out: *mut polyid_code,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let code = code()?;
        let table = table.map(|t| names(t)).transpose()?;
        let out = Out::new(out, "out")?;
        let c = StructuredCode::parse_in(code, table)?;
        let s = c.severity();
        let mut r = polyid_code {
            severity: s.letter() as u8 as c_char,
            priority: s.priority(),
            blocking: s.is_blocking(),
            sequence: c.sequence(),
            meaning: zeroed(),
            component: zeroed(),
            primary: zeroed(),
            normalized: zeroed(),
            compact_id: zeroed(),
        };
        fill(&mut r.meaning, s.meaning().as_bytes());
        fill(&mut r.component, c.component().as_bytes());
        fill(&mut r.primary, c.primary().as_bytes());
        fill(&mut r.normalized, c.normalized().as_bytes());
        fill(&mut r.compact_id, c.compact_id().as_bytes());
        out.set(r);
        Ok(())
    })
}

with_n_twin! {
    /// Parses and validates a structured code into its parts (see `polyid_code`).
    ///
    /// `code`: NUL-terminated UTF-8. `out`: the caller's `polyid_code`, written only on
    /// success.
    ///
    /// Errors: `POLYID_NULL_POINTER` (code, out), `POLYID_INVALID_UTF8`, and the WDP code errors
    /// listed at `polyid_compact_id()`.
    fn polyid_parse_code;
    /// `polyid_parse_code()` for a code given as `code_len` bytes.
    fn polyid_parse_code_n;
    (
        code / code_len: str,
        out: *mut polyid_code,
        err: *mut polyid_error,
    ) -> polyid_status {
        parse_code_impl(code, None, out, err)
    }
}

with_n_twin! {
    /// `polyid_parse_code()` with the caller's named sequences `names` (from
    /// `polyid_named_sequences_new()`; not NULL).
    ///
    /// Same buffers and errors as `polyid_parse_code()`, and `POLYID_NULL_POINTER` for `names`.
    fn polyid_parse_code_with;
    /// `polyid_parse_code_with()` for a code given as `code_len` bytes.
    fn polyid_parse_code_with_n;
    (
        code / code_len: str,
        names: *const polyid_named_sequences,
        out: *mut polyid_code,
        err: *mut polyid_error,
    ) -> polyid_status {
        parse_code_impl(code, Some(names), out, err)
    }
}

// ---------------------------------------------------------------------------------------
// Namespaces and full IDs

with_n_twin! {
    /// The namespace hash of a namespace `[a-z][a-z0-9_]{0,15}`, e.g. "auth_lib" -> "05o5h".
    ///
    /// `namespace`: NUL-terminated UTF-8, used as given (no trimming, no case folding).
    /// `out`: at least `POLYID_COMPACT_ID_LEN` (6) bytes.
    ///
    /// Errors: `POLYID_NULL_POINTER` (namespace, out), `POLYID_INVALID_UTF8`,
    /// `POLYID_BUFFER_TOO_SMALL`, `POLYID_NON_ASCII`, `POLYID_INVALID_NAMESPACE`. On any
    /// failure `out` holds "".
    fn polyid_namespace_hash;
    /// `polyid_namespace_hash()` for a namespace given as `namespace_len` bytes.
    fn polyid_namespace_hash_n;
    (
        namespace / namespace_len: str,
        out: *mut c_char,
        out_cap: usize,
        err: *mut polyid_error,
    ) -> polyid_status {
        namespace_hash_impl(namespace, POLYID, out, out_cap, err)
    }
}

/// The body of `polyid_namespace_hash()`, its `_n` twin and `polyid_namespace_hash_as()`.
unsafe fn namespace_hash_impl<'a>(
    namespace: impl FnOnce() -> Res<&'a str>,
    profile: i32,
    out: *mut c_char,
    out_cap: usize,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let out = OutStr::new(out, out_cap, "out");
        let namespace = namespace()?;
        out.check(POLYID_COMPACT_ID_LEN)?;
        out.write(wdp::namespace_hash_as(namespace, to_profile(profile)?)?.as_bytes())
    })
}

/// The body of `polyid_full_id()`, its `_with` and `_n` twins, and `polyid_full_id_as()`.
unsafe fn full_id_impl<'a>(
    namespace: impl FnOnce() -> Res<&'a str>,
    code: impl FnOnce() -> Res<&'a str>,
    table: Option<*const polyid_named_sequences>,
    profile: i32,
    out: *mut c_char,
    out_cap: usize,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let out = OutStr::new(out, out_cap, "out");
        let namespace = namespace()?;
        let code = code()?;
        let table = table.map(|t| names(t)).transpose()?;
        out.check(POLYID_FULL_ID_LEN)?;
        let id = wdp::full_id_as_with(namespace, code, table, to_profile(profile)?)?;
        out.write(id.to_text().as_bytes())
    })
}

with_n_twin! {
    /// The full ID `<namespace hash>-<compact id>`, e.g. ("auth_lib", "E.Auth.Token.001") ->
    /// "05o5h-V6a0B".
    ///
    /// `namespace`, `code`: NUL-terminated UTF-8. `out`: at least `POLYID_FULL_ID_LEN` (12)
    /// bytes.
    ///
    /// Errors: `POLYID_NULL_POINTER` (namespace, code, out), `POLYID_INVALID_UTF8`,
    /// `POLYID_BUFFER_TOO_SMALL`, the namespace errors of `polyid_namespace_hash()` and the
    /// code errors of `polyid_compact_id()`. On any failure `out` holds "".
    fn polyid_full_id;
    /// `polyid_full_id()` for a namespace and a code given as (pointer, length) pairs.
    fn polyid_full_id_n;
    (
        namespace / namespace_len: str,
        code / code_len: str,
        out: *mut c_char,
        out_cap: usize,
        err: *mut polyid_error,
    ) -> polyid_status {
        full_id_impl(namespace, code, None, POLYID, out, out_cap, err)
    }
}

with_n_twin! {
    /// `polyid_full_id()` with the caller's named sequences `names` (from
    /// `polyid_named_sequences_new()`; not NULL).
    ///
    /// Same buffers and errors as `polyid_full_id()`, and `POLYID_NULL_POINTER` for `names`.
    fn polyid_full_id_with;
    /// `polyid_full_id_with()` for a namespace and a code given as (pointer, length) pairs.
    fn polyid_full_id_with_n;
    (
        namespace / namespace_len: str,
        code / code_len: str,
        names: *const polyid_named_sequences,
        out: *mut c_char,
        out_cap: usize,
        err: *mut polyid_error,
    ) -> polyid_status {
        full_id_impl(namespace, code, Some(names), POLYID, out, out_cap, err)
    }
}

with_n_twin! {
    /// Splits a full ID "XXXXX-YYYYY" (two runs of 5 base62 symbols) into its namespace hash
    /// and compact ID.
    ///
    /// `text`: NUL-terminated UTF-8. `out`: written only on success.
    ///
    /// Errors: `POLYID_NULL_POINTER` (text, out), `POLYID_INVALID_UTF8`, `POLYID_INVALID_LENGTH`
    /// (not 11 bytes; `found`/`expected`), `POLYID_INVALID_CHARACTER` (`index`/`character`).
    fn polyid_parse_full_id;
    /// `polyid_parse_full_id()` for a text given as `text_len` bytes.
    fn polyid_parse_full_id_n;
    (
        text / text_len: str,
        out: *mut polyid_full_id_parts,
        err: *mut polyid_error,
    ) -> polyid_status {
        parse_full_id_impl(text, POLYID, out, err)
    }
}

/// The body of `polyid_parse_full_id()`, its `_n` twin and `polyid_parse_full_id_as()`
/// (`namespace_hash` "" for a bare compact ID, which only the waddling profile accepts).
unsafe fn parse_full_id_impl<'a>(
    text: impl FnOnce() -> Res<&'a str>,
    profile: i32,
    out: *mut polyid_full_id_parts,
    err: *mut polyid_error,
) -> polyid_status {
    parse_to(text, out, err, |text| {
        let (ns, id) = wdp::parse_full_id_as(text, to_profile(profile)?)?;
        let mut r = polyid_full_id_parts {
            namespace_hash: zeroed(),
            compact_id: zeroed(),
        };
        if let Some(ns) = ns {
            fill(&mut r.namespace_hash, ns.as_bytes());
        }
        fill(&mut r.compact_id, id.as_bytes());
        Ok(r)
    })
}

/// `polyid_namespace_hash()` as `profile` computes it: `POLYID_PROFILE_POLYID` (validated)
/// or `POLYID_PROFILE_WADDLING` (any UTF-8 text, hashed as given).
///
/// `out`: at least `POLYID_COMPACT_ID_LEN` (6) bytes. Errors: those of
/// `polyid_namespace_hash()`, and `POLYID_INVALID_ARGUMENT` as for
/// `polyid_compact_id_as()`. On any failure `out` holds "".
#[no_mangle]
pub unsafe extern "C" fn polyid_namespace_hash_as(
    namespace: *const c_char,
    profile: i32,
    out: *mut c_char,
    out_cap: usize,
    err: *mut polyid_error,
) -> polyid_status {
    namespace_hash_impl(|| cstr(namespace, "namespace"), profile, out, out_cap, err)
}

/// `polyid_full_id()` as `profile` computes it (the namespace hash and the compact ID as
/// `polyid_namespace_hash_as()` and `polyid_compact_id_as()` compute them).
///
/// `out`: at least `POLYID_FULL_ID_LEN` (12) bytes. Errors: those of `polyid_full_id()`,
/// and `POLYID_INVALID_ARGUMENT` as for `polyid_compact_id_as()`. On any failure `out`
/// holds "".
#[no_mangle]
pub unsafe extern "C" fn polyid_full_id_as(
    namespace: *const c_char,
    code: *const c_char,
    profile: i32,
    out: *mut c_char,
    out_cap: usize,
    err: *mut polyid_error,
) -> polyid_status {
    let (namespace, code) = (|| cstr(namespace, "namespace"), || cstr(code, "code"));
    full_id_impl(namespace, code, None, profile, out, out_cap, err)
}

/// `polyid_parse_full_id()` as `profile` reads a full ID: `POLYID_PROFILE_POLYID`
/// ("XXXXX-YYYYY" only) or `POLYID_PROFILE_WADDLING` (also a bare 5-symbol compact ID; its
/// `namespace_hash` is then "").
///
/// Errors: those of `polyid_parse_full_id()`, and `POLYID_INVALID_ARGUMENT` as for
/// `polyid_compact_id_as()`. `out` is written only on success.
#[no_mangle]
pub unsafe extern "C" fn polyid_parse_full_id_as(
    text: *const c_char,
    profile: i32,
    out: *mut polyid_full_id_parts,
    err: *mut polyid_error,
) -> polyid_status {
    parse_full_id_impl(|| cstr(text, "text"), profile, out, err)
}

// ---------------------------------------------------------------------------------------
// Named sequences

/// Creates an empty table of extra named sequences (the standard names are always known).
///
/// `out`: receives the new handle; free it with `polyid_named_sequences_free()`.
///
/// Errors: `POLYID_NULL_POINTER` (out).
#[no_mangle]
pub unsafe extern "C" fn polyid_named_sequences_new(
    out: *mut *mut polyid_named_sequences,
    err: *mut polyid_error,
) -> polyid_status {
    write_out(out, err, || {
        Ok(Box::into_raw(Box::new(polyid_named_sequences(
            NamedSequences::standard(),
        ))))
    })
}

with_n_twin! {
    /// Adds the sequence name `name` (case-insensitive, `[A-Za-z][A-Za-z0-9_]{0,31}`) for
    /// `number` (1-999) to `names`. Adding a name again replaces its number; a standard name
    /// may only be given its own number.
    ///
    /// `names`: a handle from `polyid_named_sequences_new()`, not shared with other threads
    /// during the call. `name`: NUL-terminated UTF-8.
    ///
    /// Errors: `POLYID_NULL_POINTER` (names, name), `POLYID_INVALID_UTF8`,
    /// `POLYID_INVALID_SEQUENCE` (malformed name, then any number outside 1-999, or a
    /// standard name given another number).
    fn polyid_named_sequences_insert;
    /// `polyid_named_sequences_insert()` for a name given as `name_len` bytes.
    fn polyid_named_sequences_insert_n;
    (
        names: *mut polyid_named_sequences,
        name / name_len: str,
        number: i64,
        err: *mut polyid_error,
    ) -> polyid_status {
        run(err, || {
            non_null(names, "names")?;
            let name = name()?;
            (*names).0.insert(name, number)?;
            Ok(())
        })
    }
}

/// Frees a table from `polyid_named_sequences_new()`. NULL is ignored. The handle must not
/// be used afterwards, nor freed twice.
#[no_mangle]
pub unsafe extern "C" fn polyid_named_sequences_free(names: *mut polyid_named_sequences) {
    if !names.is_null() {
        guard((), || drop(Box::from_raw(names)));
    }
}
