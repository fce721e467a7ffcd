//! Profiles: parse and hash exactly as another ecosystem does (docs/spec §1.5 waddling,
//! §3.5 atproto, §4.4 euid). Each `_as` function is its plain counterpart with a profile;
//! the readings and their errors are the core's (`Tid::parse_as`, `Euid::parse_as`,
//! `wdp::*_as`).

use core::ffi::c_char;

use polyid::euid::Euid;
use polyid::tid::Tid;
use polyid::Profile;

use crate::euid::polyid_euid;
use crate::ffi::*;
use crate::tid::polyid_tid;
use crate::wdp::{
    compact_id_impl, full_id_impl, namespace_hash_impl, parse_full_id_impl, polyid_full_id_parts,
};

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

/// `POLYID_PROFILE_POLYID` as the plain functions pass it to the bodies they share with
/// their `_as` counterparts.
pub(crate) const POLYID: i32 = polyid_profile::POLYID_PROFILE_POLYID as i32;

/// The profile of a C `int` argument: the core's numbering, so any other value is the core's
/// `INVALID_ARGUMENT` rather than an invalid enum in Rust.
pub(crate) fn to_profile(p: i32) -> Res<Profile> {
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
    let text = || cstr(text, "text");
    parse_to(text, out, err, |t| {
        Ok(Tid::parse_as(t, to_profile(profile)?)?.value())
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
    let text = || cstr(text, "text");
    parse_to(text, out, err, |t| {
        Ok(Euid::parse_as(t, to_profile(profile)?)?.into())
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
    compact_id_impl(|| cstr(code, "code"), None, profile, out, out_cap, err)
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
