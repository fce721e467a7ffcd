//! Profiles: another ecosystem's reading of a family's text, so a service can accept exactly
//! what a peer accepts (docs/spec §3.5 AT Protocol, §4.4 `euid`, §1.5 `waddling-errors-hash`).
//!
//! A profile is chosen by name (`"polyid"`, `"atproto"`, `"euid"`, `"waddling"`) in every
//! runtime and passed to the family functions that take one: [`crate::Tid::parse_as`],
//! [`crate::Euid::parse_as`], [`crate::wdp::compact_id_as`], [`crate::wdp::namespace_hash_as`],
//! [`crate::wdp::full_id_as`] and [`crate::wdp::parse_full_id_as`]. `Polyid` is polyid's own
//! reading (the functions without a profile). A profile defines only its ecosystem's
//! families; asking it for another family fails with `INVALID_ARGUMENT`, because silently
//! falling back to polyid's reading would claim a compatibility nobody checked.
//!
//! ```
//! use polyid::{Profile, Tid};
//! let p: Profile = "atproto".parse()?;
//! assert!(Tid::parse_as("3kxn-lhr-3gxq-23", p).is_err()); // the AT Protocol has no display form
//! assert_eq!(Tid::parse_as("3kxnlhr3gxq23", p)?.clock_id(), 1);
//! # Ok::<(), polyid::Error>(())
//! ```

use core::fmt;

use crate::error::{Detail, Error, ErrorCode, Result};

/// An ecosystem's reading of identifier text (see the module documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Profile {
    /// polyid's own reading of every family (docs/spec §1-§5).
    #[default]
    Polyid,
    /// TIDs as the AT Protocol defines them (docs/spec §3.5).
    Atproto,
    /// EUIDs as the `euid` crate reads them (docs/spec §4.4).
    Euid,
    /// WDP compact IDs, namespace hashes and full IDs as the `waddling-errors-hash` crate
    /// computes and reads them (docs/spec §1.5).
    Waddling,
}

/// What a profile may be asked to read: a family's text, or one of WDP's kinds of text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reading {
    /// TIDs ([`crate::Tid::parse_as`]).
    Tid,
    /// EUIDs ([`crate::Euid::parse_as`]).
    Euid,
    /// WDP codes ([`crate::wdp::compact_id_as`]).
    WdpCode,
    /// WDP namespaces ([`crate::wdp::namespace_hash_as`]).
    WdpNamespace,
    /// WDP full IDs ([`crate::wdp::parse_full_id_as`]).
    WdpFullId,
}

impl Reading {
    /// Every reading.
    pub const ALL: [Reading; 5] = [
        Reading::Tid,
        Reading::Euid,
        Reading::WdpCode,
        Reading::WdpNamespace,
        Reading::WdpFullId,
    ];

    /// The reading as the profile errors name it.
    const fn noun(self) -> &'static str {
        match self {
            Reading::Tid => "TIDs",
            Reading::Euid => "EUIDs",
            Reading::WdpCode => "WDP codes",
            Reading::WdpNamespace => "WDP namespaces",
            Reading::WdpFullId => "WDP full IDs",
        }
    }
}

/// The families a profile defines, for messages.
const FAMILIES: [(Profile, &str); 4] = [
    (Profile::Polyid, "every family"),
    (Profile::Atproto, "TIDs only"),
    (Profile::Euid, "EUIDs only"),
    (
        Profile::Waddling,
        "WDP compact IDs, namespace hashes and full IDs only",
    ),
];

impl Profile {
    /// Every profile, in the order of the documentation.
    pub const ALL: [Profile; 4] = [
        Profile::Polyid,
        Profile::Atproto,
        Profile::Euid,
        Profile::Waddling,
    ];

    /// The profile's name, as every runtime spells it.
    pub const fn as_str(self) -> &'static str {
        match self {
            Profile::Polyid => "polyid",
            Profile::Atproto => "atproto",
            Profile::Euid => "euid",
            Profile::Waddling => "waddling",
        }
    }

    /// The profile of a name; `INVALID_ARGUMENT` naming the known profiles otherwise. The
    /// name travels as the error's text (no formatting here: the WebAssembly module builds
    /// the message from the parts, without Rust's formatting code).
    pub fn parse(name: &str) -> Result<Profile> {
        Profile::ALL
            .into_iter()
            .find(|p| p.as_str() == name)
            .ok_or_else(|| {
                Error::new(
                    ErrorCode::InvalidArgument,
                    "profile (one of polyid, atproto, euid, waddling)",
                    Detail::Text(name.into()),
                )
            })
    }

    /// The profile at `index` of [`Profile::ALL`] (0 polyid, 1 atproto, 2 euid, 3 waddling):
    /// the number bindings without strings use (the C enum `polyid_profile`);
    /// `INVALID_ARGUMENT` for any other number.
    pub fn from_index(index: i64) -> Result<Profile> {
        usize::try_from(index)
            .ok()
            .and_then(|i| Profile::ALL.get(i).copied())
            .ok_or_else(|| {
                Error::new(
                    ErrorCode::InvalidArgument,
                    "profile",
                    Detail::Message(
                        format!(
                            "{index} is not a profile (0 polyid, 1 atproto, 2 euid, 3 waddling)"
                        )
                        .into(),
                    ),
                )
            })
    }

    /// Whether this profile defines `reading` (docs/spec §1.5, §3.5, §4.4).
    pub const fn defines(self, reading: Reading) -> bool {
        matches!(
            (self, reading),
            (Profile::Polyid, _)
                | (Profile::Atproto, Reading::Tid)
                | (Profile::Euid, Reading::Euid)
                | (
                    Profile::Waddling,
                    Reading::WdpCode | Reading::WdpNamespace | Reading::WdpFullId
                )
        )
    }

    /// `Ok` when this profile defines `reading`, else the `INVALID_ARGUMENT` that each
    /// function of that reading returns for every text with this profile. A caller with many
    /// texts (a column, a batch) refuses the profile once, before it reads any: the profile is
    /// the caller's argument, not a fault of one text.
    pub fn check(self, reading: Reading) -> Result<()> {
        if self.defines(reading) {
            Ok(())
        } else {
            Err(self.undefined(reading.noun()))
        }
    }

    /// `INVALID_ARGUMENT` for a family this profile does not define (`family` as in the
    /// message, e.g. `"TIDs"`).
    #[cold]
    pub(crate) fn undefined(self, family: &'static str) -> Error {
        let covers = FAMILIES
            .iter()
            .find(|(p, _)| *p == self)
            .map_or("", |(_, c)| c);
        Error::new(
            ErrorCode::InvalidArgument,
            "profile",
            // Joined, not formatted: this is reachable from the WebAssembly module, which
            // keeps Rust's formatting code out.
            Detail::Message(
                [
                    "the ",
                    self.as_str(),
                    " profile does not define ",
                    family,
                    " (it defines ",
                    covers,
                    ")",
                ]
                .concat()
                .into(),
            ),
        )
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl core::str::FromStr for Profile {
    type Err = Error;
    fn from_str(s: &str) -> Result<Profile> {
        Profile::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_names_are_invalid_arguments() {
        for p in Profile::ALL {
            assert_eq!(Profile::parse(p.as_str()).unwrap(), p);
        }
        let e = Profile::parse("bluesky").unwrap_err();
        assert_eq!(e.code(), ErrorCode::InvalidArgument);
        assert!(e.to_string().contains("\"bluesky\""), "{e}");
        // Names are exact: the spelling every runtime documents.
        assert!(Profile::parse("ATPROTO").is_err());
        assert_eq!(Profile::default(), Profile::Polyid);
    }

    #[test]
    fn indexes_are_the_documented_numbers() {
        // The numbering docs/spec §1.5 and the C header document.
        assert_eq!(Profile::from_index(0).unwrap(), Profile::Polyid);
        assert_eq!(Profile::from_index(1).unwrap(), Profile::Atproto);
        assert_eq!(Profile::from_index(2).unwrap(), Profile::Euid);
        assert_eq!(Profile::from_index(3).unwrap(), Profile::Waddling);
        for bad in [-1, 4, i64::MAX, i64::MIN] {
            let e = Profile::from_index(bad).unwrap_err();
            assert_eq!(e.code(), ErrorCode::InvalidArgument);
            assert!(
                e.to_string().contains(&format!("{bad} is not a profile")),
                "{e}"
            );
        }
    }

    #[test]
    fn check_refuses_exactly_what_each_reading_refuses() {
        use crate::wdp;
        for p in Profile::ALL {
            for r in Reading::ALL {
                let refused = match r {
                    Reading::Tid => crate::Tid::parse_as("3kxnlhr3gxq23", p).err(),
                    Reading::Euid => crate::Euid::parse_as("x", p).err(),
                    Reading::WdpCode => wdp::compact_id_as("E.AUTH.TOKEN.001", p).err(),
                    Reading::WdpNamespace => wdp::namespace_hash_as("auth_lib", p).err(),
                    Reading::WdpFullId => wdp::parse_full_id_as("05o5h-V6a0B", p).err(),
                }
                .filter(|e| e.to_string().starts_with("profile: "));
                match p.check(r) {
                    Ok(()) => assert!(refused.is_none(), "{p} {r:?}: {refused:?}"),
                    Err(e) => assert_eq!(Some(e), refused, "{p} {r:?}"),
                }
            }
        }
        assert!(Profile::Atproto.defines(Reading::Tid));
        assert!(!Profile::Atproto.defines(Reading::Euid));
        assert!(!Profile::Waddling.defines(Reading::Tid));
    }

    #[test]
    fn a_family_outside_the_profile_is_refused_with_its_reason() {
        let e = Profile::Euid.undefined("TIDs");
        assert_eq!(e.code(), ErrorCode::InvalidArgument);
        assert_eq!(
            e.to_string(),
            "profile: the euid profile does not define TIDs (it defines EUIDs only)"
        );
    }
}
