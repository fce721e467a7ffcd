//! A profile is the caller's argument: every kernel that takes one refuses a profile that
//! does not define its family before it reads a row, in both modes and whatever the column
//! holds (text, or values that no profile reads), with the error each of the core's functions
//! of that family returns for the profile. Valid columns with a profile that defines the
//! family give values.

use std::sync::Arc;

use arrow_array::{
    Array, ArrayRef, FixedSizeBinaryArray, Int64Array, StringArray, StringViewArray,
};
use polyid::wdp::NamedSequences;
use polyid::{ErrorCode, Profile, Reading};
use polyid_arrow::{euid, tid, wdp, ColumnError, OnError, Output};

const MODES: [OnError; 2] = [OnError::Raise, OnError::Null];

/// `result` is the call's refusal of `profile` for `reading`, or, when the profile defines
/// it, a column without errors.
fn refused_iff_undefined(
    what: &str,
    profile: Profile,
    expected: polyid::Result<()>,
    result: Result<ArrayRef, ColumnError>,
) {
    match (expected, result) {
        (Ok(()), Ok(_)) => {}
        (Err(want), Err(got)) => {
            assert_eq!(got.code(), ErrorCode::InvalidArgument, "{what} {profile}");
            assert_eq!(got.row(), None, "{what} {profile}: a row was blamed");
            assert_eq!(got.error(), &want, "{what} {profile}");
        }
        (want, got) => panic!("{what} {profile}: expected {want:?}, got {got:?}"),
    }
}

/// The values of a kernel's output, which must hold no row error.
fn values(out: Result<Output, ColumnError>) -> Result<ArrayRef, ColumnError> {
    let out = out?;
    if let Some(errors) = &out.errors {
        assert_eq!(errors.null_count(), errors.len(), "a row failed");
    }
    Ok(out.values)
}

#[test]
fn tid_kernels_refuse_a_profile_without_tids_for_text_and_values() {
    let texts: ArrayRef = Arc::new(StringArray::from(vec![Some("3kxnlhr3gxq23"), None]));
    let views: ArrayRef = Arc::new(StringViewArray::from(vec!["3kxnlhr3gxq23"]));
    let ints: ArrayRef = Arc::new(Int64Array::from(vec![
        Some(1_762_721_020_395_837_441),
        None,
    ]));
    for p in Profile::ALL {
        let want = p.check(Reading::Tid);
        for column in [&texts, &views, &ints] {
            for m in MODES {
                let what = format!("{} {m:?}", column.data_type());
                refused_iff_undefined(&what, p, want.clone(), values(tid::parse(column, p, m)));
                refused_iff_undefined(
                    &what,
                    p,
                    want.clone(),
                    values(tid::timestamps(column, p, m)),
                );
                refused_iff_undefined(&what, p, want.clone(), values(tid::clock_ids(column, p, m)));
            }
        }
    }
}

#[test]
fn euid_kernels_refuse_a_profile_without_euids_for_text_and_values() {
    let text = polyid::euid::Euid::from_halves(1 << 60, 7).encode(true);
    let texts: ArrayRef = Arc::new(StringArray::from(vec![Some(text.as_str()), None]));
    let bytes: ArrayRef = Arc::new(
        FixedSizeBinaryArray::try_from_sparse_iter_with_size(
            [Some([7u8; 16]), None].into_iter(),
            16,
        )
        .unwrap(),
    );
    for p in Profile::ALL {
        let want = p.check(Reading::Euid);
        for column in [&texts, &bytes] {
            for m in MODES {
                let what = format!("{} {m:?}", column.data_type());
                refused_iff_undefined(&what, p, want.clone(), values(euid::parse(column, p, m)));
                refused_iff_undefined(
                    &what,
                    p,
                    want.clone(),
                    values(euid::timestamps(column, p, m)),
                );
                refused_iff_undefined(
                    &what,
                    p,
                    want.clone(),
                    values(euid::extensions(column, p, m)),
                );
            }
        }
    }
}

#[test]
fn wdp_kernels_refuse_a_profile_without_wdp_and_names_outside_polyid() {
    let codes = StringArray::from(vec![Some("E.AUTH.TOKEN.001"), None]);
    let namespaces = StringArray::from(vec![Some("auth_lib"), None]);
    let names = NamedSequences::standard().with("RATE_LIMITED", 31).unwrap();
    for p in Profile::ALL {
        let ns = p.check(Reading::WdpNamespace);
        for m in MODES {
            let what = format!("namespace_hashes {m:?}");
            refused_iff_undefined(
                &what,
                p,
                ns.clone(),
                values(wdp::namespace_hashes(&namespaces, p, m)),
            );
        }
        for n in [None, Some(&names)] {
            // The core's own verdict on these arguments, for any code.
            let code =
                wdp::compact_ids(&StringArray::from(Vec::<&str>::new()), n, p, OnError::Raise)
                    .map(drop)
                    .map_err(|e| e.error().clone());
            assert_eq!(code, polyid::wdp::check_profile(p, n));
            let what = format!("names {}", n.is_some());
            for m in MODES {
                refused_iff_undefined(
                    &what,
                    p,
                    code.clone(),
                    values(wdp::compact_ids(&codes, n, p, m)),
                );
                refused_iff_undefined(
                    &what,
                    p,
                    ns.clone().and(code.clone()),
                    values(wdp::full_ids("auth_lib", &codes, n, p, m)),
                );
                refused_iff_undefined(
                    &what,
                    p,
                    ns.clone().and(code.clone()),
                    values(wdp::full_ids_per_row(&namespaces, &codes, n, p, m)),
                );
            }
            refused_iff_undefined(&what, p, code.clone(), wdp::validate_codes(&codes, n, p));
        }
    }
}
