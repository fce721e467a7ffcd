//! WDP compact IDs, structured codes, namespaces and full IDs.

use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};

use polyid::wdp::{self, NamedSequences, StructuredCode as CoreCode};

use crate::args::CoreResult;
use crate::args::{int_of_type, list_from, list_map, mapping_items, type_error, Text, Untracked};
use crate::errors::with_item;
use crate::layout::ascii;

/// The standard table plus the caller's `{name: number}` mapping.
pub(crate) fn names(mapping: Option<&Bound<'_, PyAny>>) -> PyResult<Option<NamedSequences>> {
    let Some(mapping) = mapping.filter(|m| !m.is_none()) else {
        return Ok(None);
    };
    let mut table = NamedSequences::standard();
    let expected = "a mapping of sequence names to numbers, or None";
    for (k, v) in mapping_items(mapping, expected)? {
        let name: Text<'_> = k.extract()?;
        let number: i64 = int_of_type(&v, "named sequence", 1, 999)?;
        table.insert(name.0, number).py()?;
    }
    Ok(Some(table))
}

/// The 5-character compact ID of a structured code, e.g. "E.Auth.Token.001" -> "V6a0B".
///
/// named_sequences: optional mapping of extra sequence names to numbers (1-999).
/// profile: None or "polyid", or "waddling" (as waddling-errors-hash computes it: any text,
/// trimmed and upper-cased, names hashed as written; docs/spec §1.5).
/// Raises PolyIdError (INVALID_FORMAT, NON_ASCII, INVALID_SEVERITY, INVALID_COMPONENT,
/// INVALID_PRIMARY, INVALID_SEQUENCE, UNKNOWN_NAMED_SEQUENCE, INVALID_ARGUMENT) and TypeError.
#[pyfunction]
#[pyo3(signature = (code, named_sequences = None, *, profile = None))]
pub fn compact_id<'py>(
    py: Python<'py>,
    code: &Bound<'py, PyAny>,
    named_sequences: Option<&Bound<'py, PyAny>>,
    profile: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyString>> {
    let code: Text<'_> = code.extract()?;
    let id = match (names(named_sequences)?, profile) {
        (None, None) => wdp::compact_id(code.0),
        (table, Some(p)) => {
            wdp::compact_id_as_with(code.0, table.as_ref(), crate::args::profile(Some(p))?)
        }
        (Some(table), None) => wdp::compact_id_with(code.0, &table),
    };
    ascii(py, id.py()?.as_bytes())
}

/// The compact IDs of many codes (a list in, a list out, in order).
#[pyfunction]
#[pyo3(signature = (codes, named_sequences = None))]
pub fn compact_ids<'py>(
    py: Python<'py>,
    codes: &Bound<'py, PyAny>,
    named_sequences: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    let table = names(named_sequences)?.unwrap_or_default();
    let table = &table;
    let one = |i: usize, item: Borrowed<'_, 'py, PyAny>| -> PyResult<Bound<'py, PyAny>> {
        let code: Text<'_> = item.extract().map_err(|e| with_item(py, e, i))?;
        match wdp::compact_id_with(code.0, table) {
            Ok(id) => Ok(ascii(py, id.as_bytes())?.into_any()),
            Err(e) => Err(with_item(py, crate::errors::core_err(e), i)),
        }
    };
    if let Ok(list) = codes.cast::<PyList>() {
        // Nothing in `one` runs Python code that could resize the list.
        return list_map(list, one);
    }
    if let Ok(tuple) = codes.cast::<PyTuple>() {
        return list_from(py, tuple.len(), |i| one(i, tuple.get_borrowed_item(i)?));
    }
    if codes.is_instance_of::<PyString>() {
        return Err(type_error(codes, "a list of str (not a str)"));
    }
    let mut out = Vec::new();
    for (i, item) in codes.try_iter()?.enumerate() {
        out.push(one(i, item?.as_borrowed())?);
    }
    PyList::new(py, out)
}

/// The normalized code: trimmed, uppercase, named sequence resolved ("E.AUTH.TOKEN.001").
#[pyfunction]
#[pyo3(signature = (code, named_sequences = None))]
pub fn normalize_code<'py>(
    py: Python<'py>,
    code: Text<'_>,
    named_sequences: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyString>> {
    let table = names(named_sequences)?;
    let code = CoreCode::parse_in(code.0, table.as_ref()).py()?;
    ascii(py, code.as_bytes())
}

/// Parses and validates a structured code.
#[pyfunction]
#[pyo3(signature = (code, named_sequences = None))]
pub fn parse_code(
    code: Text<'_>,
    named_sequences: Option<&Bound<'_, PyAny>>,
) -> PyResult<Untracked<StructuredCode>> {
    let table = names(named_sequences)?;
    let code = CoreCode::parse_in(code.0, table.as_ref()).py()?;
    Ok(Untracked(StructuredCode(code)))
}

/// The 5-character hash of a namespace, e.g. "auth_lib" -> "05o5h".
///
/// profile: None or "polyid" (the namespace is validated), or "waddling" (any text hashed as
/// given, docs/spec §1.5).
#[pyfunction]
#[pyo3(signature = (namespace, *, profile = None))]
pub fn namespace_hash<'py>(
    py: Python<'py>,
    namespace: Text<'_>,
    profile: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyString>> {
    let id = wdp::namespace_hash_as(namespace.0, crate::args::profile(profile)?).py()?;
    ascii(py, id.as_bytes())
}

/// The full ID "<namespace hash>-<compact id>", e.g. ("auth_lib", "E.Auth.Token.001") ->
/// "05o5h-V6a0B".
///
/// profile: None or "polyid", or "waddling" (docs/spec §1.5), as for compact_id.
#[pyfunction]
#[pyo3(signature = (namespace, code, named_sequences = None, *, profile = None))]
pub fn full_id<'py>(
    py: Python<'py>,
    namespace: Text<'_>,
    code: Text<'_>,
    named_sequences: Option<&Bound<'py, PyAny>>,
    profile: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyString>> {
    let table = names(named_sequences)?;
    let p = crate::args::profile(profile)?;
    let id = wdp::full_id_as_with(namespace.0, code.0, table.as_ref(), p).py()?;
    Ok(PyString::new(py, &id.to_text()))
}

/// Splits a full ID into (namespace_hash, compact_id).
///
/// profile: None or "polyid" (exactly "XXXXX-YYYYY"), or "waddling" (also a bare 5-symbol
/// compact ID, whose namespace_hash is then None; docs/spec §1.5).
#[pyfunction]
#[pyo3(signature = (full_id, *, profile = None))]
pub fn parse_full_id<'py>(
    py: Python<'py>,
    full_id: Text<'_>,
    profile: Option<&Bound<'py, PyAny>>,
) -> PyResult<(Option<Bound<'py, PyString>>, Bound<'py, PyString>)> {
    let (ns, id) = wdp::parse_full_id_as(full_id.0, crate::args::profile(profile)?).py()?;
    let ns = ns.map(|n| ascii(py, n.as_bytes())).transpose()?;
    Ok((ns, ascii(py, id.as_bytes())?))
}

/// A validated structured code `SEVERITY.COMPONENT.PRIMARY.SEQUENCE` (immutable).
#[pyclass(module = "polyid", name = "StructuredCode", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct StructuredCode(CoreCode);

crate::args::id_pymethods! {
    text = |c| c.normalized().as_bytes();
    impl StructuredCode {
        /// Parses `code` (same as `parse_code(code)`).
        #[new]
        #[pyo3(signature = (code, named_sequences = None))]
        fn new(code: Text<'_>, named_sequences: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
            parse_code(code, named_sequences).map(|u| u.0)
        }

        /// The severity letter, uppercase (one of E W C B S K I T H).
        #[getter]
        fn severity<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
            ascii(py, &[self.0.severity().letter() as u8])
        }

        /// The severity's meaning, e.g. "Error".
        #[getter]
        fn meaning(&self) -> &'static str {
            self.0.severity().meaning()
        }

        /// The severity's priority, 0 (Trace) to 8 (Error).
        #[getter]
        fn priority(&self) -> u8 {
            self.0.severity().priority()
        }

        /// Whether the severity blocks (E and B).
        #[getter]
        fn blocking(&self) -> bool {
            self.0.severity().is_blocking()
        }

        /// The component, uppercase.
        #[getter]
        fn component(&self) -> &str {
            self.0.component()
        }

        /// The primary, uppercase.
        #[getter]
        fn primary(&self) -> &str {
            self.0.primary()
        }

        /// The sequence number, 1-999.
        #[getter]
        fn sequence(&self) -> u16 {
            self.0.sequence()
        }

        /// The standard name of the sequence number, or None.
        #[getter]
        fn sequence_name(&self) -> Option<&'static str> {
            self.0.sequence_name()
        }

        /// The normalized code, e.g. "E.AUTH.TOKEN.001".
        #[getter]
        fn normalized(&self) -> &str {
            self.0.normalized()
        }

        /// The compact ID, e.g. "V6a0B".
        #[getter]
        fn compact_id<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
            ascii(py, self.0.compact_id().as_bytes())
        }
    }
}
