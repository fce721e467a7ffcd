//! Profiles: parse and hash exactly as another ecosystem does (docs/spec §1.5 waddling,
//! §3.5 atproto, §4.4 euid). Each `_as` function is its plain counterpart with a profile;
//! the readings and their errors are the core's (`Tid::parse_as`, `Euid::parse_as`,
//! `wdp::*_as`).

use core::ffi::c_char;

use polyid::euid::Euid;
use polyid::tid::Tid;
use polyid::{wdp, Profile};

use crate::euid::polyid_euid;
use crate::ffi::*;
use crate::tid::polyid_tid;
use crate::wdp::{polyid_full_id_parts, POLYID_COMPACT_ID_LEN, POLYID_FULL_ID_LEN};

/// An ecosystem's reading of identifier text (the `profile` argument of the `_as`
/// functions; `polyid_profile_from_name()` reads the names every runtime uses).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum polyid_profile {
    /// "polyid": polyid's own reading (the functions without `_as`).
    POLYID_PROFILE_POLYID = 0,
    /// "atproto": TIDs as the AT Protocol defines them (13 symbols, no negative timestamps).
    POLYID_PROFILE_ATPROTO = 1,
    /// "euid": EUIDs as the euid crate reads them (the same as polyid's reading).
    POLYID_PROFILE_EUID = 2,
    /// "waddling": WDP hashes and full IDs as waddling-errors-hash computes and reads them
    /// (any text hashed, names not resolved, bare compact IDs accepted as full IDs).
    POLYID_PROFILE_WADDLING = 3,
}

/// The profile of a C `int` argument: the core's numbering, so any other value is the core's
/// `INVALID_ARGUMENT` rather than an invalid enum in Rust.
fn to_profile(p: i32) -> Res<Profile> {
    Ok(Profile::from_index(p.into())?)
}

/// The profile named `name` ("polyid", "atproto", "euid" or "waddling"), e.g. from a
/// configuration file.
///
/// Errors: `POLYID_NULL_POINTER` (name, out), `POLYID_INVALID_UTF8`,
/// `POLYID_INVALID_ARGUMENT` (an unknown name).
#[no_mangle]
pub unsafe extern "C" fn polyid_profile_from_name(
    name: *const c_char,
    out: *mut polyid_profile,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let name = cstr(name, "name")?;
        let out = Out::new(out, "out")?;
        out.set(match Profile::parse(name)? {
            Profile::Polyid => polyid_profile::POLYID_PROFILE_POLYID,
            Profile::Atproto => polyid_profile::POLYID_PROFILE_ATPROTO,
            Profile::Euid => polyid_profile::POLYID_PROFILE_EUID,
            Profile::Waddling => polyid_profile::POLYID_PROFILE_WADDLING,
        });
        Ok(())
    })
}

/// `polyid_tid_parse()` as `profile` reads a TID: `POLYID_PROFILE_POLYID` or
/// `POLYID_PROFILE_ATPROTO` (13 symbols only: `POLYID_INVALID_LENGTH`; first symbol 2-7 or
/// a-j, else `POLYID_INVALID_CHARACTER` at index 0; c-j `POLYID_OUT_OF_RANGE`).
///
/// Errors: those of `polyid_tid_parse()`, and `POLYID_INVALID_ARGUMENT` for a profile that
/// is not a `polyid_profile` or defines no TIDs.
#[no_mangle]
pub unsafe extern "C" fn polyid_tid_parse_as(
    text: *const c_char,
    profile: i32,
    out: *mut polyid_tid,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let text = cstr(text, "text")?;
        let out = Out::new(out, "out")?;
        out.set(Tid::parse_as(text, to_profile(profile)?)?.value());
        Ok(())
    })
}

/// `polyid_euid_parse()` as `profile` reads an EUID: `POLYID_PROFILE_POLYID` or
/// `POLYID_PROFILE_EUID` (the same reading).
///
/// Errors: those of `polyid_euid_parse()`, and `POLYID_INVALID_ARGUMENT` for a profile that
/// is not a `polyid_profile` or defines no EUIDs.
#[no_mangle]
pub unsafe extern "C" fn polyid_euid_parse_as(
    text: *const c_char,
    profile: i32,
    out: *mut polyid_euid,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let text = cstr(text, "text")?;
        let out = Out::new(out, "out")?;
        out.set(Euid::parse_as(text, to_profile(profile)?)?.into());
        Ok(())
    })
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
    run(err, || {
        let out = OutStr::new(out, out_cap, "out");
        let code = cstr(code, "code")?;
        out.check(POLYID_COMPACT_ID_LEN)?;
        out.write(wdp::compact_id_as(code, to_profile(profile)?)?.as_bytes())
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
    run(err, || {
        let out = OutStr::new(out, out_cap, "out");
        let namespace = cstr(namespace, "namespace")?;
        out.check(POLYID_COMPACT_ID_LEN)?;
        out.write(wdp::namespace_hash_as(namespace, to_profile(profile)?)?.as_bytes())
    })
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
    run(err, || {
        let out = OutStr::new(out, out_cap, "out");
        let namespace = cstr(namespace, "namespace")?;
        let code = cstr(code, "code")?;
        out.check(POLYID_FULL_ID_LEN)?;
        let id = wdp::full_id_as(namespace, code, to_profile(profile)?)?;
        out.write(id.to_text().as_bytes())
    })
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
    run(err, || {
        let text = cstr(text, "text")?;
        let out = Out::new(out, "out")?;
        let (ns, id) = wdp::parse_full_id_as(text, to_profile(profile)?)?;
        let mut r = polyid_full_id_parts {
            namespace_hash: [0; POLYID_COMPACT_ID_LEN],
            compact_id: [0; POLYID_COMPACT_ID_LEN],
        };
        if let Some(ns) = ns {
            fill(&mut r.namespace_hash, ns.as_bytes());
        }
        fill(&mut r.compact_id, id.as_bytes());
        out.set(r);
        Ok(())
    })
}
