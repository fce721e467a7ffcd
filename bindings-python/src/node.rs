//! Node identity (docs/spec §6.1) and the options every generator is built from (§6.5).
//!
//! Translation only: the process node, its rules and every limit are the core's
//! (`polyid::node`, `polyid::policy`); this module turns Python arguments into `Options` and a
//! clock, and the core's answers back into Python values.

use std::sync::Arc;

use pyo3::prelude::*;

use polyid::clock::EitherClock;
use polyid::node::{self as core_node, Node, MAX_NODE};
use polyid::policy::{OnClockBehind, Options, DEFAULT_MAX_LEAD_MS, MAX_LEAD_MS};

use crate::args::CoreResult;
use crate::args::{int_in, opt_int, opt_int_in, Text};

/// A generator's clock: the real one or a manual one (`clock_micros`). The binding keeps a
/// second handle to move a manual clock (`set_clock_micros`).
pub type GenClock = Arc<EitherClock>;

/// Assigns this process's node (0-959), or withdraws it with None; overrides `POLYID_NODE`.
/// `NODE_IN_USE` once generators took a different process node, or when another process on
/// this host holds the node.
#[pyfunction]
#[pyo3(signature = (node))]
pub fn set_node(node: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
    core_node::set_process_node(node_arg(node)?).py()
}

/// This process's node (set in code or read from `POLYID_NODE`), or None.
#[pyfunction]
pub fn node() -> PyResult<Option<u16>> {
    Ok(core_node::process_node().py()?.map(Node::get))
}

/// Makes a node required (or not) for every xid and TID generator of this process, as
/// `POLYID_NODE_REQUIRED=1` does.
#[pyfunction]
pub fn set_node_required(required: bool) {
    core_node::set_node_required(required)
}

/// Whether xid and TID generators without a node fail with `NODE_REQUIRED`.
#[pyfunction]
pub fn node_required() -> bool {
    core_node::node_required()
}

/// A node argument (None: absent). An int outside 0..=959 is `OUT_OF_RANGE` (the core's error
/// for one that fits u64; the same words for one that does not).
pub fn node_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Node>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(None);
    };
    int_in::<u64>(obj, "node", 0, MAX_NODE)
        .and_then(|n| Node::new(n).py())
        .map(Some)
}

/// The keyword options of a generator constructor, as given (None: the default).
pub struct GenArgs<'a, 'py> {
    pub node: Option<&'a Bound<'py, PyAny>>,
    pub seed: Option<&'a Bound<'py, PyAny>>,
    pub max_lead_ms: Option<&'a Bound<'py, PyAny>>,
    pub on_clock_behind: Option<&'a Bound<'py, PyAny>>,
    pub clock_micros: Option<&'a Bound<'py, PyAny>>,
}

impl GenArgs<'_, '_> {
    /// The core's options and the generator's clock. The core validates the options when the
    /// generator is built (`max_lead_ms` above its bound, a node where none is taken).
    pub fn build(&self) -> PyResult<(Options, GenClock)> {
        let options = Options {
            node: node_arg(self.node)?,
            seed: opt_int(self.seed, "seed")?,
            max_lead_ms: opt_int_in(self.max_lead_ms, "max_lead_ms", 0, MAX_LEAD_MS)?
                .unwrap_or(DEFAULT_MAX_LEAD_MS),
            on_clock_behind: match self.on_clock_behind.filter(|o| !o.is_none()) {
                None => OnClockBehind::default(),
                Some(o) => o.extract::<Text<'_>>()?.0.parse::<OnClockBehind>().py()?,
            },
        };
        let micros: Option<i64> = opt_int(self.clock_micros, "clock_micros")?;
        let clock = Arc::new(EitherClock::new(Default::default(), micros));
        Ok((options, clock))
    }
}

/// The one `#[pymethods]` block of a generator pyclass (fields `gen`, the core generator, and
/// `clock`, its [`GenClock`]): the constructor `new` and the classmethod `resume(last, ...)`
/// (the family's leading argument `lead`, if any, then the keyword options of [`GenArgs`];
/// `last` an object of `ids` or its text, read by `parse`; both built by the class's
/// `build(lead, args, last)`), the methods every generator of IDs of the pyclass `ids` has
/// (`next`, `next_many`, and with `text` also `next_str` and `next_many_str`, documented with
/// the family's `name` and its text's length), the methods given, then the clock methods
/// every generator shares, `lead_ms` documented by `lead_ms_doc`. (PyO3 takes one block per
/// class, so the shared methods are expanded into it.) The calling module provides `maker`
/// ([`crate::layout::maker`]).
macro_rules! generator_pymethods {
    (
        ids = $id:ident, name = $name:literal $(, text = $text:literal)?;
        lead_ms_doc = $lead_ms_doc:literal;
        $(#[doc = $new_doc:literal])*
        new($($lead:ident)?), text_signature = $new_sig:literal;
        $(#[doc = $resume_doc:literal])*
        resume(parse = $parse:path), text_signature = $resume_sig:literal;
        impl $ty:ident { $($methods:tt)* }
    ) => {
        #[::pyo3::pymethods]
        impl $ty {
            $(#[doc = $new_doc])*
            #[new]
            #[pyo3(
                signature = ($($lead = None,)? *, node = None, seed = None, max_lead_ms = None,
                             on_clock_behind = None, clock_micros = None),
                text_signature = $new_sig
            )]
            fn new(
                $($lead: Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,)?
                node: Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
                seed: Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
                max_lead_ms: Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
                on_clock_behind: Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
                clock_micros: Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
            ) -> ::pyo3::PyResult<Self> {
                let args = $crate::node::GenArgs {
                    node, seed, max_lead_ms, on_clock_behind, clock_micros,
                };
                $ty::build($($lead,)? args, None)
            }

            $(#[doc = $resume_doc])*
            #[classmethod]
            #[pyo3(
                signature = (last, $($lead = None,)? *, node = None, seed = None,
                             max_lead_ms = None, on_clock_behind = None, clock_micros = None),
                text_signature = $resume_sig
            )]
            #[allow(clippy::too_many_arguments)]
            fn resume(
                _cls: &::pyo3::Bound<'_, ::pyo3::types::PyType>,
                last: &::pyo3::Bound<'_, ::pyo3::PyAny>,
                $($lead: Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,)?
                node: Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
                seed: Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
                max_lead_ms: Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
                on_clock_behind: Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
                clock_micros: Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
            ) -> ::pyo3::PyResult<Self> {
                let expected = concat!(stringify!($id), " or str");
                let last = $crate::args::id_arg(last, |id: &$id| id.0, $parse, expected)?;
                let args = $crate::node::GenArgs {
                    node, seed, max_lead_ms, on_clock_behind, clock_micros,
                };
                $ty::build($($lead,)? args, Some(last))
            }

            #[doc = concat!("The next ", $name, ", greater than every ", $name, " this generator issued before.")]
            fn next(&self) -> ::pyo3::PyResult<$crate::args::Untracked<$id>> {
                self.gen.next().py().map(|v| $crate::args::Untracked($id(v)))
            }

            #[doc = concat!("The next `n` ", $name, "s (one reservation of the generator, one clock read).")]
            fn next_many<'py>(
                &self,
                py: ::pyo3::Python<'py>,
                n: &::pyo3::Bound<'py, ::pyo3::PyAny>,
            ) -> ::pyo3::PyResult<::pyo3::Bound<'py, ::pyo3::types::PyList>> {
                let n: usize = $crate::args::count(n)?;
                let ids = self.gen.next_many(n).py()?;
                let maker = maker(py)?;
                $crate::args::list_from(py, ids.len(), |i| maker.make(py, $id(ids[i])))
            }

            $(
            #[doc = concat!("The next ", $name, " as its ", $text, " text (skips the ", stringify!($id), " object).")]
            fn next_str<'py>(
                &self,
                py: ::pyo3::Python<'py>,
            ) -> ::pyo3::PyResult<::pyo3::Bound<'py, ::pyo3::types::PyString>> {
                $crate::layout::ascii(py, &self.gen.next().py()?.to_bytes())
            }

            #[doc = concat!("The next `n` ", $name, "s as ", $text, " texts.")]
            fn next_many_str<'py>(
                &self,
                py: ::pyo3::Python<'py>,
                n: &::pyo3::Bound<'py, ::pyo3::PyAny>,
            ) -> ::pyo3::PyResult<::pyo3::Bound<'py, ::pyo3::types::PyList>> {
                let n: usize = $crate::args::count(n)?;
                let ids = self.gen.next_many(n).py()?;
                $crate::args::list_from(py, ids.len(), |i| {
                    Ok($crate::layout::ascii(py, &ids[i].to_bytes())?.into_any())
                })
            }
            )?

            $($methods)*

            #[doc = $lead_ms_doc]
            #[getter]
            fn lead_ms(&self) -> u64 {
                self.gen.lead_ms()
            }

            /// The bound on `lead_ms`.
            #[getter]
            fn max_lead_ms(&self) -> u64 {
                self.gen.max_lead_ms()
            }

            /// "fail" or "wait": what happens beyond `max_lead_ms`.
            #[getter]
            fn on_clock_behind(&self) -> &'static str {
                self.gen.on_clock_behind().as_str()
            }

            /// Moves the manual clock to `micros` (`INVALID_ARGUMENT` on the real clock).
            fn set_clock_micros(
                &self,
                micros: &::pyo3::Bound<'_, ::pyo3::PyAny>,
            ) -> ::pyo3::PyResult<()> {
                self.clock.set_micros($crate::args::int(micros, "clock_micros")?).py()
            }
        }
    };
}
pub(crate) use generator_pymethods;
