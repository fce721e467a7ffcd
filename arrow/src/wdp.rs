//! WDP columns: compact IDs, namespace hashes, full IDs, normalized codes and their
//! validation, and catalog lookups (docs/spec §1).
//!
//! Every column of codes or namespaces may be `utf8`, `large_utf8` or `utf8_view`.

use arrow_array::{Array, ArrayRef, StringArray};
use polyid::wdp::catalog::Catalog;
use polyid::wdp::{
    self, FullId, NamedSequences, StructuredCode, COMPACT_LEN, FULL_ID_LEN, MAX_NORMALIZED_LEN,
};
use polyid::{Profile, Reading};
use std::sync::Arc;

use crate::error::{ColumnError, OnError, Output};
use crate::input::{same_len, union_nulls, with_texts, wrong_type, Texts};
use crate::rows::{run, Cells, Rows, TextColumn};
use crate::seen::{CompactIds, FullIds, NormalizedCodes};
use crate::sink::{Pair, Text, VarText};

const TEXTS: &str = "expected a utf8, large_utf8 or utf8_view column";

/// The compact ID of every code (`utf8`, 5 characters), as `profile` computes it
/// ([`wdp::compact_id_as_with`]); `names` are the caller's named sequences (`None`: the
/// standard table). A profile without WDP codes, or names with another profile than
/// polyid's, fails the call before any row ([`wdp::check_profile`]), as in every kernel
/// here. A code already met in the same range of rows is recognized by its bytes and gets
/// the ID computed for it then: a column of codes repeats few distinct codes.
///
/// ```
/// use std::sync::Arc;
/// use arrow_array::{Array, StringArray, cast::AsArray};
/// use polyid_arrow::{wdp, OnError};
/// let codes = StringArray::from(vec![Some("E.Auth.Token.MISSING"), None, Some("E.AUTH.TOKEN.000")]);
/// let out = wdp::compact_ids(&codes, None, polyid::Profile::Polyid, OnError::Null)?;
/// let ids = out.values.as_string::<i32>();
/// assert_eq!(ids.value(0), "V6a0B");                       // docs/spec §1.2
/// assert!(ids.is_null(1) && ids.is_null(2));
/// assert_eq!(out.errors.unwrap().as_string::<i32>().value(2), "INVALID_SEQUENCE");
/// # Ok::<(), polyid_arrow::ColumnError>(())
/// ```
pub fn compact_ids(
    codes: &dyn Array,
    names: Option<&NamedSequences>,
    profile: Profile,
    mode: OnError,
) -> Result<Output, ColumnError> {
    wdp::check_profile(profile, names)?;
    let rows = codes.len();
    let sink = Text::<COMPACT_LEN>::new(rows)?;
    with_texts!(
        codes,
        |t| run(
            Rows::new(TextColumn(t), CompactIds { names, profile }),
            rows,
            codes.nulls(),
            mode,
            sink,
        ),
        Err(wrong_type("WDP codes", TEXTS))
    )
}

/// The namespace hash of every namespace (`utf8`, 5 characters), as `profile` computes it
/// ([`wdp::namespace_hash_as`]).
pub fn namespace_hashes(
    namespaces: &dyn Array,
    profile: Profile,
    mode: OnError,
) -> Result<Output, ColumnError> {
    profile.check(Reading::WdpNamespace)?;
    let rows = namespaces.len();
    let sink = Text::<COMPACT_LEN>::new(rows)?;
    with_texts!(
        namespaces,
        |t| run(
            Rows::new(TextColumn(t), |s: &&str| {
                Ok(Some(*wdp::namespace_hash_as(s, profile)?.as_bytes()))
            }),
            rows,
            namespaces.nulls(),
            mode,
            sink,
        ),
        Err(wrong_type("WDP namespaces", TEXTS))
    )
}

/// The full ID `<namespace hash>-<compact id>` of every code in one namespace (`utf8`, 11
/// characters). The namespace is checked once, before any row: an invalid namespace is an
/// error of the call (no row), in both modes.
pub fn full_ids(
    namespace: &str,
    codes: &dyn Array,
    names: Option<&NamedSequences>,
    profile: Profile,
    mode: OnError,
) -> Result<Output, ColumnError> {
    let namespace_hash = wdp::namespace_hash_as(namespace, profile)?;
    wdp::check_profile(profile, names)?;
    let rows = codes.len();
    let sink = Text::<FULL_ID_LEN>::new(rows)?;
    with_texts!(
        codes,
        |t| run(
            Rows::new(
                TextColumn(t),
                FullIds {
                    namespace_hash,
                    ids: CompactIds { names, profile },
                },
            ),
            rows,
            codes.nulls(),
            mode,
            sink,
        ),
        Err(wrong_type("WDP codes", TEXTS))
    )
}

/// The full ID `<namespace hash>-<compact id>` of every row of a namespace column and a code
/// column of the same length (both text; `utf8`, 11 characters): a row is null when either
/// cell is, and an invalid namespace or code is that row's error.
///
/// ```
/// use arrow_array::{Array, StringArray, cast::AsArray};
/// use polyid_arrow::{wdp, OnError};
/// let namespaces = StringArray::from(vec![Some("auth_lib"), Some("Bad"), None]);
/// let codes = StringArray::from(vec!["E.Auth.Token.MISSING"; 3]);
/// let out = wdp::full_ids_per_row(&namespaces, &codes, None, polyid::Profile::Polyid, OnError::Null)?;
/// assert_eq!(out.values.as_string::<i32>().value(0), "05o5h-V6a0B"); // docs/spec §1
/// assert_eq!(out.errors.unwrap().as_string::<i32>().value(1), "INVALID_NAMESPACE");
/// assert!(out.values.is_null(2));
/// # Ok::<(), polyid_arrow::ColumnError>(())
/// ```
pub fn full_ids_per_row(
    namespaces: &dyn Array,
    codes: &dyn Array,
    names: Option<&NamedSequences>,
    profile: Profile,
    mode: OnError,
) -> Result<Output, ColumnError> {
    profile.check(Reading::WdpNamespace)?;
    wdp::check_profile(profile, names)?;
    let rows = same_len(&[namespaces, codes], "WDP full IDs")?;
    let nulls = union_nulls(&[namespaces, codes]);
    let sink = Text::<FULL_ID_LEN>::new(rows)?;
    let full = |(ns, s): &(&str, &str)| -> polyid::Result<Option<[u8; FULL_ID_LEN]>> {
        let id = FullId {
            namespace_hash: wdp::namespace_hash_as(ns, profile)?,
            compact_id: wdp::compact_id_as_with(s, names, profile)?,
        };
        Ok(Some(id.to_bytes()))
    };
    with_texts!(
        namespaces,
        |n| with_texts!(
            codes,
            |t| run(
                Rows::new(
                    Cells {
                        read: |i| (n.value(i), t.value(i)),
                        check: |r: core::ops::Range<usize>| n
                            .check(r.clone())
                            .and_then(|()| t.check(r)),
                        describe: |(ns, s): &(&str, &str)| format!("namespace={ns}, code={s}"),
                    },
                    full,
                ),
                rows,
                nulls.as_ref(),
                mode,
                sink,
            ),
            Err(wrong_type("WDP codes", TEXTS))
        ),
        Err(wrong_type("WDP namespaces", TEXTS))
    )
}

/// The normalized form of every code (`utf8`: uppercase, trimmed, named sequence resolved;
/// [`wdp::normalize_with`]). A code already met in the same range of rows gets the form
/// computed for it then, as in [`compact_ids`].
pub fn normalize_codes(
    codes: &dyn Array,
    names: Option<&NamedSequences>,
    mode: OnError,
) -> Result<Output, ColumnError> {
    let standard;
    let names = match names {
        Some(n) => n,
        None => {
            standard = NamedSequences::standard();
            &standard
        }
    };
    let rows = codes.len();
    with_texts!(
        codes,
        |t| run(
            Rows::new(TextColumn(t), NormalizedCodes { names }),
            rows,
            codes.nulls(),
            mode,
            // Room for each row's form: about its input's length (trimmed, a name made three
            // digits), never above MAX_NORMALIZED_LEN, which also bounds what the sizes of a
            // malformed array (refused when its rows are checked) can ask for.
            {
                let per_row = t.text_bytes().div_ceil(rows.max(1));
                VarText::<StructuredCode>::with_row_bytes(rows, per_row.min(MAX_NORMALIZED_LEN))
            },
        ),
        Err(wrong_type("WDP codes", TEXTS))
    )
}

/// The error code of every code (`utf8`): null where the code is valid (or null), else the
/// stable code of the core's error, as [`compact_ids`] with [`OnError::Null`] reports it.
pub fn validate_codes(
    codes: &dyn Array,
    names: Option<&NamedSequences>,
    profile: Profile,
) -> Result<ArrayRef, ColumnError> {
    let out = compact_ids(codes, names, profile, OnError::Null)?;
    Ok(out
        .errors
        .unwrap_or_else(|| Arc::new(StringArray::new_null(codes.len()))))
}

/// The catalog entry of every ID (a compact ID, or a full ID of the catalog's namespace):
/// a struct column `{code: utf8, message: utf8}`, the message as written in the catalog
/// (placeholders not filled). An ID the catalog does not have is the core's `NOT_FOUND`.
pub fn catalog_lookup(
    catalog: &Catalog,
    ids: &dyn Array,
    mode: OnError,
) -> Result<Output, ColumnError> {
    let rows = ids.len();
    let sink = Pair {
        a: VarText::<&str>::new(rows),
        b: VarText::<&str>::new(rows),
        names: ["code", "message"],
    };
    let look = |s: &str| match catalog.get(s) {
        Some(e) => Ok(Some((e.code(), e.message()))),
        // Only reached for an ID with no entry: the core's expansion names it (NOT_FOUND).
        None => catalog.expand_id(s).map(|_| None),
    };
    with_texts!(
        ids,
        |t| run(
            Rows::new(TextColumn(t), |s: &&str| look(s)),
            rows,
            ids.nulls(),
            mode,
            sink,
        ),
        Err(wrong_type("WDP IDs", TEXTS))
    )
}
