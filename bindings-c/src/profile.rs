//! Profiles: parse and hash exactly as another ecosystem does (docs/spec §1.5 waddling,
//! §3.5 atproto, §4.4 euid). Each family's `_as` functions are in its own module, each its
//! plain counterpart with a profile; the readings and their errors are the core's
//! (`Tid::parse_as`, `Euid::parse_as`, `wdp::*_as`).

use core::ffi::c_char;

use polyid::Profile;

use crate::ffi::*;

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
