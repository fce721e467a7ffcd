//! WDP catalogs: compact ID -> code, severity and message, loaded from JSON or built from
//! entries, expanded, written in the three JSON forms, signed and verified (Ed25519).

use core::ffi::c_char;
use core::ptr;

use polyid::wdp::catalog::{
    self, json_array, Catalog, CollisionGroup, Entry, Expansion, Form, KeyPair,
};
use polyid::{Detail, Error, ErrorCode};

use crate::ffi::*;
use crate::wdp::{POLYID_FULL_ID_LEN, POLYID_NORMALIZED_LEN};

/// Bytes of an Ed25519 secret key (the seed).
pub const POLYID_SECRET_KEY_LEN: usize = 32;
/// Bytes of an Ed25519 public key.
pub const POLYID_PUBLIC_KEY_LEN: usize = 32;
/// Bytes of an Ed25519 signature.
pub const POLYID_SIGNATURE_LEN: usize = 64;

const _: () = {
    assert!(POLYID_SECRET_KEY_LEN == catalog::SECRET_KEY_LEN);
    assert!(POLYID_PUBLIC_KEY_LEN == catalog::PUBLIC_KEY_LEN);
    assert!(POLYID_SIGNATURE_LEN == catalog::SIGNATURE_LEN);
};

/// A WDP catalog (opaque): from `polyid_catalog_load()`, `polyid_catalog_build()` or
/// `polyid_catalog_build_namespaced()`; free it with `polyid_catalog_free()`.
///
/// A catalog never changes once made: any number of threads may use one handle at once;
/// only `polyid_catalog_free()` needs exclusive access.
pub struct polyid_catalog(Catalog);

/// The JSON forms of a catalog (the `form` argument of `polyid_catalog_to_json()`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum polyid_catalog_form {
    /// `{"version","generated","namespace"?,"namespace_hash"?,"diags":{ID:{"code",
    /// "severity","message",...}}}`
    POLYID_CATALOG_FULL = 0,
    /// `{"v","ns"?,"nsh"?,"wd":{ID:{"c","s","m",...}}}`
    POLYID_CATALOG_COMPACT = 1,
    /// `{ID:[code, message]}`
    POLYID_CATALOG_MINIMAL = 2,
}

/// One diagnostic to put in a catalog (`polyid_catalog_build()`). Every string is
/// NUL-terminated UTF-8. `code` and `message` are required; the other members are optional:
/// NULL (or a count of 0) means absent, so `{ "E.Auth.Token.001", "token missing" }` with
/// the rest zeroed is a complete entry.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct polyid_catalog_entry {
    /// The structured code, e.g. "E.Auth.Token.001" (normalized in the catalog).
    pub code: *const c_char,
    /// The message template, with `{{field}}` placeholders.
    pub message: *const c_char,
    /// A longer description, or NULL.
    pub description: *const c_char,
    /// `hints_len` hint strings (NULL when `hints_len` is 0).
    pub hints: *const *const c_char,
    /// The number of hints.
    pub hints_len: usize,
    /// `tags_len` tag strings (NULL when `tags_len` is 0).
    pub tags: *const *const c_char,
    /// The number of tags.
    pub tags_len: usize,
    /// The documentation URL, or NULL.
    pub docs_url: *const c_char,
}

/// The fixed-size part of an expansion (`polyid_catalog_expand()`); the message goes to
/// a separate buffer. Every string is NUL-terminated.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct polyid_catalog_expansion {
    /// The catalog's ID of the entry: its compact ID, or its full ID in a namespaced
    /// catalog (also when the bare compact ID was asked for).
    pub id: [c_char; POLYID_FULL_ID_LEN],
    /// The normalized structured code, e.g. "E.AUTH.TOKEN.001".
    pub code: [c_char; POLYID_NORMALIZED_LEN],
    /// The severity letter, uppercase: one of 'E' 'B' 'C' 'W' 'H' 'S' 'K' 'I' 'T'.
    pub severity: c_char,
}

pub(crate) unsafe fn handle<'a>(catalog: *const polyid_catalog) -> Res<&'a Catalog> {
    non_null(catalog, "catalog")?;
    Ok(&(*catalog).0)
}

/// An array of `len` NUL-terminated UTF-8 strings; NULL is accepted when `len` is 0.
unsafe fn str_array<'a>(
    p: *const *const c_char,
    len: usize,
    arg: &'static str,
) -> Res<Vec<&'a str>> {
    if len == 0 {
        return Ok(Vec::new());
    }
    non_null(p, arg)?;
    count_fits::<*const c_char>(len)?;
    (0..len).map(|i| cstr(*p.add(i), arg)).collect()
}

/// An optional NUL-terminated UTF-8 string (NULL: absent).
unsafe fn opt_str(p: *const c_char, arg: &'static str) -> Res<Option<String>> {
    if p.is_null() {
        Ok(None)
    } else {
        cstr(p, arg).map(|s| Some(s.to_owned()))
    }
}

/// A C byte array of a fixed size.
unsafe fn fixed_bytes<'a>(p: *const u8, len: usize, arg: &'static str) -> Res<&'a [u8]> {
    non_null(p, arg)?;
    Ok(core::slice::from_raw_parts(p, len))
}

/// Checks a fixed-size output byte array; `write_bytes` fills it.
fn out_bytes(p: *mut u8, arg: &'static str) -> Res<*mut u8> {
    non_null(p, arg)?;
    Ok(p)
}

unsafe fn write_bytes(p: *mut u8, b: &[u8]) {
    ptr::copy_nonoverlapping(b.as_ptr(), p, b.len());
}

unsafe fn store(out: *mut *mut polyid_catalog, c: Catalog) {
    out.write(Box::into_raw(Box::new(polyid_catalog(c))));
}

// ---------------------------------------------------------------------------------------
// Making and freeing

with_n_twin! {
    /// Loads a catalog from its JSON text in any of the three forms (full, compact, minimal;
    /// detected by shape) and verifies every entry.
    ///
    /// `json`: NUL-terminated UTF-8. `out`: receives the new handle (only on success); free it
    /// with `polyid_catalog_free()`.
    ///
    /// Errors: `POLYID_NULL_POINTER` (json, out), `POLYID_INVALID_UTF8`,
    /// `POLYID_INVALID_CATALOG` (not JSON, not a catalog shape, an entry whose code is not a
    /// valid structured code), `POLYID_TAMPERED` (an entry's ID is not the ID of its code, its
    /// severity is not its code's, or the namespace hash is not the namespace's),
    /// `POLYID_DUPLICATE_CODE`, `POLYID_COLLISION`.
    fn polyid_catalog_load;
    /// `polyid_catalog_load()` for a JSON text given as `json_len` bytes (e.g. a file read
    /// into memory; no NUL needed).
    fn polyid_catalog_load_n;
    (
        json / json_len: str,
        out: *mut *mut polyid_catalog,
        err: *mut polyid_error,
    ) -> polyid_status {
        run(err, || {
            let json = json()?;
            non_null(out, "out")?;
            store(out, Catalog::from_json(json)?);
            Ok(())
        })
    }
}

unsafe fn entries_of(entries: *const polyid_catalog_entry, count: usize) -> Res<Vec<Entry>> {
    if count == 0 {
        return Ok(Vec::new());
    }
    non_null(entries, "entries")?;
    count_fits::<polyid_catalog_entry>(count)?;
    let mut out = Vec::with_capacity(count);
    for i in 0..count {
        let e = &*entries.add(i);
        out.push(Entry {
            code: cstr(e.code, "entries[].code")?.to_owned(),
            message: cstr(e.message, "entries[].message")?.to_owned(),
            description: opt_str(e.description, "entries[].description")?,
            hints: str_array(e.hints, e.hints_len, "entries[].hints")?
                .into_iter()
                .map(str::to_owned)
                .collect(),
            tags: str_array(e.tags, e.tags_len, "entries[].tags")?
                .into_iter()
                .map(str::to_owned)
                .collect(),
            docs_url: opt_str(e.docs_url, "entries[].docs_url")?,
        });
    }
    Ok(out)
}

/// Builds a catalog of compact IDs from `count` entries (codes are normalized; named
/// sequences such as MISSING are resolved).
///
/// `entries`: `count` entries (NULL when `count` is 0: an empty catalog). `out`: receives
/// the new handle (only on success); free it with `polyid_catalog_free()`.
///
/// Errors: `POLYID_NULL_POINTER` (entries, an entry's code or message, a hint or tag, out),
/// `POLYID_INVALID_UTF8`, `POLYID_OUT_OF_RANGE` (count beyond any C array), the WDP code
/// errors of `polyid_compact_id()` for an invalid code, `POLYID_DUPLICATE_CODE` (two
/// entries with one normalized code), `POLYID_COLLISION` (two codes with one ID; the
/// message names both).
#[no_mangle]
pub unsafe extern "C" fn polyid_catalog_build(
    entries: *const polyid_catalog_entry,
    count: usize,
    out: *mut *mut polyid_catalog,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let entries = entries_of(entries, count)?;
        non_null(out, "out")?;
        store(out, Catalog::build(entries)?);
        Ok(())
    })
}

/// `polyid_catalog_build()` for a catalog of full IDs `<namespace hash>-<compact id>`.
///
/// `namespace`: NUL-terminated UTF-8, `[a-z][a-z0-9_]{0,15}`.
///
/// Errors: those of `polyid_catalog_build()`, `POLYID_NULL_POINTER` (namespace) and the
/// namespace errors of `polyid_namespace_hash()` (`POLYID_NON_ASCII`,
/// `POLYID_INVALID_NAMESPACE`).
#[no_mangle]
pub unsafe extern "C" fn polyid_catalog_build_namespaced(
    namespace: *const c_char,
    entries: *const polyid_catalog_entry,
    count: usize,
    out: *mut *mut polyid_catalog,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let namespace = cstr(namespace, "namespace")?;
        let entries = entries_of(entries, count)?;
        non_null(out, "out")?;
        store(out, Catalog::build_namespaced(namespace, entries)?);
        Ok(())
    })
}

/// Frees a catalog. NULL is ignored. The handle must not be used afterwards (by any
/// thread), nor freed twice.
#[no_mangle]
pub unsafe extern "C" fn polyid_catalog_free(catalog: *mut polyid_catalog) {
    if !catalog.is_null() {
        guard((), || drop(Box::from_raw(catalog)));
    }
}

// ---------------------------------------------------------------------------------------
// Reading

/// The number of entries of a catalog.
///
/// Errors: `POLYID_NULL_POINTER` (catalog, out).
#[no_mangle]
pub unsafe extern "C" fn polyid_catalog_len(
    catalog: *const polyid_catalog,
    out: *mut usize,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let c = handle(catalog)?;
        let out = Out::new(out, "out")?;
        out.set(c.len());
        Ok(())
    })
}

/// The ID of entry `index` (0 to len - 1); the entries are sorted by ID, so index 0 to
/// len - 1 lists every ID in order.
///
/// `out`: at least `POLYID_FULL_ID_LEN` (12) bytes always suffice (a compact ID needs 6).
///
/// Errors: `POLYID_NULL_POINTER` (catalog, out), `POLYID_OUT_OF_RANGE` (index >= len;
/// `found`, `min`, `max`), `POLYID_BUFFER_TOO_SMALL`. On any failure `out` holds "" (when
/// out != NULL and out_cap > 0).
#[no_mangle]
pub unsafe extern "C" fn polyid_catalog_id(
    catalog: *const polyid_catalog,
    index: usize,
    out: *mut c_char,
    out_cap: usize,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let out = OutStr::new(out, out_cap, "out");
        let c = handle(catalog)?;
        out.check_ptr()?;
        let Some(e) = c.entries().get(index) else {
            return Err(Fail::Core(Error::new(
                ErrorCode::OutOfRange,
                "catalog index",
                Detail::Range {
                    found: index as i128,
                    min: 0,
                    max: c.len() as i128 - 1,
                },
            )));
        };
        out.write(e.id().as_bytes())
    })
}

/// The namespace hash of a catalog of full IDs, e.g. "05o5h".
///
/// `*found` is set to false (and `out` holds "") when the catalog has compact IDs only,
/// which is not an error. `out`: at least `POLYID_COMPACT_ID_LEN` (6) bytes.
///
/// Errors: `POLYID_NULL_POINTER` (catalog, out, found), `POLYID_BUFFER_TOO_SMALL`. On any
/// failure `out` holds "" (when out != NULL and out_cap > 0).
#[no_mangle]
pub unsafe extern "C" fn polyid_catalog_namespace_hash(
    catalog: *const polyid_catalog,
    out: *mut c_char,
    out_cap: usize,
    found: *mut bool,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let out = OutStr::new(out, out_cap, "out");
        let c = handle(catalog)?;
        let found = Out::new(found, "found")?;
        out.check(crate::wdp::POLYID_COMPACT_ID_LEN)?;
        match c.namespace_hash() {
            Some(nsh) => {
                out.write(nsh.as_bytes())?;
                found.set(true);
            }
            None => found.set(false),
        }
        Ok(())
    })
}

with_n_twin! {
    /// Everything a catalog holds for an ID, as JSON text (no whitespace, members in this
    /// order): `{"id", "code", "severity" (letter), "message" (the template), "description"
    /// (string or null), "hints", "tags", "fields" (the placeholder names, in order of first
    /// use), "docs_url" (string or null)}`.
    ///
    /// `id`: NUL-terminated UTF-8, as in `polyid_catalog_expand()`. `out`: `out_cap` bytes for
    /// the text and its NUL; the size needed is reported as `err->expected` with
    /// `POLYID_BUFFER_TOO_SMALL`.
    ///
    /// Errors: `POLYID_NULL_POINTER` (catalog, id, out), `POLYID_INVALID_UTF8`,
    /// `POLYID_NOT_FOUND`, `POLYID_BUFFER_TOO_SMALL`. On any failure `out` holds "" (when
    /// out != NULL and out_cap > 0).
    fn polyid_catalog_entry_json;
    /// `polyid_catalog_entry_json()` for an ID given as `id_len` bytes.
    fn polyid_catalog_entry_json_n;
    (
        catalog: *const polyid_catalog,
        id / id_len: str,
        out: *mut c_char,
        out_cap: usize,
        err: *mut polyid_error,
    ) -> polyid_status {
        run(err, || {
            let out = OutStr::new(out, out_cap, "out");
            let c = handle(catalog)?;
            let id = id()?;
            out.check_ptr()?;
            match c.get(id) {
                Some(e) => out.write(e.to_json().as_bytes()),
                // The core's own NOT_FOUND error (expanding an ID the catalog lacks).
                None => Err(c.expand(id, &()).err().map_or_else(
                    || Fail::Panic("an ID without an entry expanded".to_owned()),
                    Fail::Core,
                )),
            }
        })
    }
}

/// Every group of two or more distinct codes (after normalization) that share one compact
/// ID, as JSON text: `[{"id": "xv0cV", "codes": ["C.AUTH.READ.974", "S.AUTH.READ.898"]},
/// ...]`, groups sorted by ID, codes sorted; `[]` when there is none. Checks a list of
/// codes before `polyid_catalog_build()` would fail with `POLYID_COLLISION`.
///
/// `codes`: `count` NUL-terminated UTF-8 codes (NULL when `count` is 0). `out`: `out_cap`
/// bytes for the text and its NUL; the size needed is reported as `err->expected` with
/// `POLYID_BUFFER_TOO_SMALL`.
///
/// Errors: `POLYID_NULL_POINTER` (codes or one of them, out), `POLYID_INVALID_UTF8`,
/// `POLYID_OUT_OF_RANGE` (count beyond any C array), the WDP code errors of
/// `polyid_compact_id()` (the first invalid code), `POLYID_BUFFER_TOO_SMALL`. On any
/// failure `out` holds "" (when out != NULL and out_cap > 0).
#[no_mangle]
pub unsafe extern "C" fn polyid_catalog_collisions(
    codes: *const *const c_char,
    count: usize,
    out: *mut c_char,
    out_cap: usize,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let out = OutStr::new(out, out_cap, "out");
        let codes = str_array(codes, count, "codes")?;
        out.check_ptr()?;
        let groups = catalog::collisions(codes)?;
        out.write(json_array(groups.iter().map(CollisionGroup::to_json)).as_bytes())
    })
}

// ---------------------------------------------------------------------------------------
// Expanding

/// Writes an expansion: the message to its buffer (the capacity checked last), then the
/// fixed part.
unsafe fn write_expansion(
    e: &Expansion<'_>,
    out: Out<polyid_catalog_expansion>,
    message: &OutStr,
) -> Res<()> {
    message.write(e.message.as_bytes())?;
    let mut r = polyid_catalog_expansion {
        id: zeroed(),
        code: zeroed(),
        severity: e.severity.letter() as u8 as c_char,
    };
    fill(&mut r.id, e.id.as_bytes());
    fill(&mut r.code, e.code.as_bytes());
    out.set(r);
    Ok(())
}

with_n_twin! {
    /// Expands an ID: the entry's code and severity, and its message with every `{{name}}`
    /// placeholder replaced by the value of the field `name`.
    ///
    /// `id`: NUL-terminated UTF-8, a compact ID or a full ID (a namespaced catalog also
    /// accepts the bare compact ID). `field_names`, `field_values`: `field_count` parallel
    /// NUL-terminated UTF-8 strings (both NULL when `field_count` is 0; when a name appears
    /// twice the first one counts). `out`: the code, severity and ID, written only on success.
    /// `message`: `message_cap` bytes for the message and its NUL; the size needed is
    /// reported as `err->expected` with `POLYID_BUFFER_TOO_SMALL`.
    ///
    /// Errors: `POLYID_NULL_POINTER` (catalog, id, the arrays when field_count > 0 or one of
    /// their strings, out, message), `POLYID_INVALID_UTF8`, `POLYID_OUT_OF_RANGE` (field_count
    /// beyond any C array), `POLYID_NOT_FOUND` (an ID the catalog does not have, or not an
    /// ID), `POLYID_MISSING_FIELD` (a placeholder without a value; the message names every
    /// missing field), `POLYID_BUFFER_TOO_SMALL`. On any failure `message` holds "" (when
    /// message != NULL and message_cap > 0).
    fn polyid_catalog_expand;
    /// `polyid_catalog_expand()` for an ID given as `id_len` bytes (the field names and values
    /// stay NUL-terminated).
    fn polyid_catalog_expand_n;
    (
        catalog: *const polyid_catalog,
        id / id_len: str,
        field_names: *const *const c_char,
        field_values: *const *const c_char,
        field_count: usize,
        out: *mut polyid_catalog_expansion,
        message: *mut c_char,
        message_cap: usize,
        err: *mut polyid_error,
    ) -> polyid_status {
        run(err, || {
            let message = OutStr::new(message, message_cap, "message");
            let c = handle(catalog)?;
            let id = id()?;
            let names = str_array(field_names, field_count, "field_names")?;
            let values = str_array(field_values, field_count, "field_values")?;
            let out = Out::new(out, "out")?;
            message.check_ptr()?;
            let fields: Vec<(&str, &str)> = names.into_iter().zip(values).collect();
            write_expansion(&c.expand(id, fields.as_slice())?, out, &message)
        })
    }
}

with_n_twin! {
    /// `polyid_catalog_expand()` with the fields given as the text of a JSON object, e.g.
    /// `{"user": "ada", "ms": 12}`: a string value is substituted as is, any other value as its
    /// JSON text (`12`, `true`, `null`, ...). `fields`: NUL-terminated UTF-8 (`"{}"` for none).
    ///
    /// Errors: those of `polyid_catalog_expand()`, `POLYID_NULL_POINTER` (fields) and
    /// `POLYID_INVALID_ARGUMENT` (fields is not JSON, not an object, or holds a value nested
    /// more than 64 levels).
    fn polyid_catalog_expand_json;
    /// `polyid_catalog_expand_json()` for an ID and fields given as (pointer, length) pairs.
    fn polyid_catalog_expand_json_n;
    (
        catalog: *const polyid_catalog,
        id / id_len: str,
        fields / fields_len: str,
        out: *mut polyid_catalog_expansion,
        message: *mut c_char,
        message_cap: usize,
        err: *mut polyid_error,
    ) -> polyid_status {
        run(err, || {
            let message = OutStr::new(message, message_cap, "message");
            let c = handle(catalog)?;
            let id = id()?;
            let fields = fields()?;
            let out = Out::new(out, "out")?;
            message.check_ptr()?;
            let fields = polyid::wdp::catalog::parse_fields(fields)?;
            write_expansion(&c.expand(id, &fields)?, out, &message)
        })
    }
}

with_n_twin! {
    /// Expands a wire payload `{"<id>": {"f": {...}}, ...}` (`"f"` optional; its values as in
    /// `polyid_catalog_expand_json()`) into the JSON text of a list, one object per ID:
    /// `[{"id": "V6a0B", "code": "E.AUTH.TOKEN.001", "severity": "E", "message": "..."}, ...]`
    /// (no whitespace; the order of the list is not specified).
    ///
    /// `payload`: NUL-terminated UTF-8. `out`: `out_cap` bytes for the text and its NUL; the
    /// size needed is reported as `err->expected` with `POLYID_BUFFER_TOO_SMALL`.
    ///
    /// Errors: `POLYID_NULL_POINTER` (catalog, payload, out), `POLYID_INVALID_UTF8`,
    /// `POLYID_INVALID_ARGUMENT` (a payload that is not such an object), `POLYID_NOT_FOUND`,
    /// `POLYID_MISSING_FIELD` (the first failing ID fails the call), `POLYID_BUFFER_TOO_SMALL`.
    /// On any failure `out` holds "" (when out != NULL and out_cap > 0).
    fn polyid_catalog_expand_payload;
    /// `polyid_catalog_expand_payload()` for a payload given as `payload_len` bytes.
    fn polyid_catalog_expand_payload_n;
    (
        catalog: *const polyid_catalog,
        payload / payload_len: str,
        out: *mut c_char,
        out_cap: usize,
        err: *mut polyid_error,
    ) -> polyid_status {
        run(err, || {
            let out = OutStr::new(out, out_cap, "out");
            let c = handle(catalog)?;
            let payload = payload()?;
            out.check_ptr()?;
            let list = c.expand_payload(payload)?;
            out.write(json_array(list.iter().map(Expansion::to_json)).as_bytes())
        })
    }
}

// ---------------------------------------------------------------------------------------
// Writing

/// The catalog as JSON text in a form (a `polyid_catalog_form` value), without whitespace,
/// entries sorted by ID. Every form loads back with `polyid_catalog_load()`.
///
/// `out`: `out_cap` bytes for the text and its NUL; the size needed is reported as
/// `err->expected` with `POLYID_BUFFER_TOO_SMALL` (call once with `out_cap` 0 to learn it).
///
/// Errors: `POLYID_NULL_POINTER` (catalog, out), `POLYID_INVALID_ARGUMENT` (form is not a
/// `polyid_catalog_form`), `POLYID_BUFFER_TOO_SMALL`. On any failure `out` holds "" (when
/// out != NULL and out_cap > 0).
#[no_mangle]
pub unsafe extern "C" fn polyid_catalog_to_json(
    catalog: *const polyid_catalog,
    form: i32,
    out: *mut c_char,
    out_cap: usize,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let out = OutStr::new(out, out_cap, "out");
        let c = handle(catalog)?;
        let form = match form {
            0 => Form::Full,
            1 => Form::Compact,
            2 => Form::Minimal,
            n => {
                return Err(invalid(
                    "form",
                    format!("{n} is not a polyid_catalog_form (0 full, 1 compact, 2 minimal)"),
                ))
            }
        };
        out.check_ptr()?;
        out.write(c.to_json(form).as_bytes())
    })
}

/// The canonical bytes of the catalog (what a signature covers): the compact form with
/// every object's keys sorted, no whitespace, UTF-8 (see bindings-c/README.md). They
/// hold no NUL byte, so the text is a C string.
///
/// `out`: `out_cap` bytes for the text and its NUL; the size needed is reported as
/// `err->expected` with `POLYID_BUFFER_TOO_SMALL`.
///
/// Errors: `POLYID_NULL_POINTER` (catalog, out), `POLYID_BUFFER_TOO_SMALL`. On any failure
/// `out` holds "" (when out != NULL and out_cap > 0).
#[no_mangle]
pub unsafe extern "C" fn polyid_catalog_canonical(
    catalog: *const polyid_catalog,
    out: *mut c_char,
    out_cap: usize,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let out = OutStr::new(out, out_cap, "out");
        let c = handle(catalog)?;
        out.check_ptr()?;
        out.write(&c.canonical_bytes())
    })
}

// ---------------------------------------------------------------------------------------
// Signatures

/// A new Ed25519 key pair from the operating system's random generator.
///
/// `secret_key`: receives `POLYID_SECRET_KEY_LEN` (32) bytes, keep it secret.
/// `public_key`: receives `POLYID_PUBLIC_KEY_LEN` (32) bytes. Both are written only on
/// success.
///
/// Errors: `POLYID_NULL_POINTER` (secret_key, public_key), `POLYID_INTERNAL_ERROR` (the OS
/// generator failed).
#[no_mangle]
pub unsafe extern "C" fn polyid_catalog_keypair_generate(
    secret_key: *mut u8,
    public_key: *mut u8,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let sk = out_bytes(secret_key, "secret_key")?;
        let pk = out_bytes(public_key, "public_key")?;
        let key = KeyPair::generate()?;
        write_bytes(sk, &key.secret_key());
        write_bytes(pk, &key.public_key());
        Ok(())
    })
}

/// The Ed25519 public key of a secret key.
///
/// `secret_key`: `POLYID_SECRET_KEY_LEN` (32) bytes. `public_key`: receives
/// `POLYID_PUBLIC_KEY_LEN` (32) bytes (only on success).
///
/// Errors: `POLYID_NULL_POINTER` (secret_key, public_key).
#[no_mangle]
pub unsafe extern "C" fn polyid_catalog_public_key(
    secret_key: *const u8,
    public_key: *mut u8,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let sk = fixed_bytes(secret_key, POLYID_SECRET_KEY_LEN, "secret_key")?;
        let pk = out_bytes(public_key, "public_key")?;
        write_bytes(pk, &KeyPair::from_secret(sk)?.public_key());
        Ok(())
    })
}

/// The detached Ed25519 signature of the catalog's canonical bytes (deterministic: one key
/// and one catalog give one signature).
///
/// `secret_key`: `POLYID_SECRET_KEY_LEN` (32) bytes. `signature`: receives
/// `POLYID_SIGNATURE_LEN` (64) bytes (only on success).
///
/// Errors: `POLYID_NULL_POINTER` (catalog, secret_key, signature).
#[no_mangle]
pub unsafe extern "C" fn polyid_catalog_sign(
    catalog: *const polyid_catalog,
    secret_key: *const u8,
    signature: *mut u8,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let c = handle(catalog)?;
        let sk = fixed_bytes(secret_key, POLYID_SECRET_KEY_LEN, "secret_key")?;
        let sig = out_bytes(signature, "signature")?;
        write_bytes(sig, &c.sign(&KeyPair::from_secret(sk)?));
        Ok(())
    })
}

/// Verifies a detached Ed25519 signature of the catalog's canonical bytes (strict
/// verification). `POLYID_OK` means the signature is valid.
///
/// `public_key`: `POLYID_PUBLIC_KEY_LEN` (32) bytes. `signature`: `signature_len` bytes (a
/// valid one has `POLYID_SIGNATURE_LEN`, 64).
///
/// Errors: `POLYID_NULL_POINTER` (catalog, public_key, signature),
/// `POLYID_INVALID_SIGNATURE` (a signature of the wrong length, a public key that is not an
/// Ed25519 point, or a signature that does not verify), `POLYID_INVALID_LENGTH`
/// (signature_len > PTRDIFF_MAX).
#[no_mangle]
pub unsafe extern "C" fn polyid_catalog_verify(
    catalog: *const polyid_catalog,
    public_key: *const u8,
    signature: *const u8,
    signature_len: usize,
    err: *mut polyid_error,
) -> polyid_status {
    run(err, || {
        let c = handle(catalog)?;
        let pk = fixed_bytes(public_key, POLYID_PUBLIC_KEY_LEN, "public_key")?;
        let sig = bytes(signature, signature_len, "signature")?;
        c.verify(pk, sig)?;
        Ok(())
    })
}
