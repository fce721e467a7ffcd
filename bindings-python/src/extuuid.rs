//! EXTUUID (`polyid::extuuid`): typed values in version 8 UUIDs.
//!
//! Where a UUID is expected, a `str` (`8-4-4-4-12`) or a `uuid.UUID` is accepted; a
//! `uuid.UUID` is turned into its standard text by Python's own `str()` (type translation).

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyString, PyType};

use polyid::extuuid::{self, Field};

use crate::args::CoreResult;
use crate::args::{type_error, Text};

/// `uuid.UUID`, imported once.
fn uuid_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    static UUID: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    UUID.import(py, "uuid", "UUID")
}

/// The UUID text of a `str` or a `uuid.UUID`, kept alive in `holder`.
fn uuid_text<'a, 'py>(
    obj: &'a Bound<'py, PyAny>,
    holder: &'a mut Option<Bound<'py, PyString>>,
) -> PyResult<&'a str> {
    if obj.is_instance_of::<PyString>() {
        let t: Text<'a> = obj.as_borrowed().extract()?;
        return Ok(t.0);
    }
    if obj.is_instance(uuid_type(obj.py())?)? {
        let s = holder.insert(obj.str()?);
        let t: Text<'a> = s.as_any().as_borrowed().extract()?;
        return Ok(t.0);
    }
    Err(type_error(obj, "str or uuid.UUID"))
}

/// The UUID (`8-4-4-4-12`, lower case) of an EXTUUID printed form such as
/// "fixedB4:GBP$:222.31" (the "extuuid:" prefix is optional).
#[pyfunction]
pub fn extuuid_encode(text: Text<'_>) -> PyResult<String> {
    extuuid::encode_text(text.0).py()
}

/// The canonical printed form of an EXTUUID given as UUID text or a `uuid.UUID`.
#[pyfunction]
pub fn extuuid_decode(uuid: &Bound<'_, PyAny>) -> PyResult<String> {
    let mut holder = None;
    extuuid::decode_text(uuid_text(uuid, &mut holder)?).py()
}

/// The typed fields of an EXTUUID (a UUID, `uuid.UUID`, or a printed form):
/// `{"kind", "uuid", "text", <the kind's fields>}`.
#[pyfunction]
pub fn extuuid_inspect<'py>(
    py: Python<'py>,
    input: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let mut holder = None;
    let i = extuuid::inspect(uuid_text(input, &mut holder)?).py()?;
    let out = PyDict::new(py);
    out.set_item("kind", i.kind)?;
    out.set_item("uuid", &i.uuid)?;
    out.set_item("text", &i.text)?;
    for (name, field) in &i.fields {
        match field {
            Field::Text(t) => out.set_item(*name, t)?,
            Field::Int(v) => out.set_item(*name, *v)?,
            Field::Float(v) => out.set_item(*name, *v)?,
            Field::Bool(b) => out.set_item(*name, *b)?,
            Field::Ints(vs) => out.set_item(*name, PyList::new(py, vs)?)?,
            Field::Floats(vs) => out.set_item(*name, PyList::new(py, vs)?)?,
            // `Field` is non-exhaustive: a kind of field added to the core later.
            #[allow(unreachable_patterns)]
            other => {
                return Err(crate::errors::binding_err(
                    py,
                    polyid::ErrorCode::InternalError,
                    format!("extuuid_inspect: field {name} has a type this binding does not know: {other:?}"),
                ))
            }
        }
    }
    Ok(out)
}
