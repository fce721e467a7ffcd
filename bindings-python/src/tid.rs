//! TID: signed microseconds << 10 | clock id, in 13 base32-sortable symbols.

use pyo3::prelude::*;
use pyo3::types::PyString;

use polyid::tid::{self, Tid as CoreTid, TidGenerator as CoreGenerator};

use crate::args::CoreResult;
use crate::args::{int, int_in, opt_int_in, Text, Untracked};
use crate::dt;
use crate::layout::ascii;
use crate::node::{self, GenArgs, GenClock};

/// The inclusive (min_micros, max_micros) range of the TIDs whose timestamp text starts with
/// `prefix` (up to 11 symbols, dashes allowed where the display form has them), or None.
#[pyfunction]
pub fn tid_prefix_range(prefix: Text<'_>) -> PyResult<Option<(i64, i64)>> {
    tid::prefix_range(prefix.0).py()
}

/// An optional clock id argument (0-1023).
fn clock(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u16>> {
    opt_int_in(obj, "TID clock_id", 0, tid::MAX_CLOCK_ID)
}

/// A TID: a timestamp in signed microseconds since the Unix epoch and a 10-bit clock id, as
/// one 64-bit value shown as 13 symbols (immutable, ordered by value = by time).
#[pyclass(module = "polyid", name = "Tid", frozen, eq, ord, hash)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tid(CoreTid);

crate::args::id_pymethods! {
    text = |t| &t.to_bytes(), int = i64, "The 64-bit signed value.";
    impl Tid {
        /// Parses the 13-symbol or dashed display form (same as `Tid.parse(text)`).
        #[new]
        fn new(text: Text<'_>) -> PyResult<Self> {
            Tid::parse(text, None).map(|u| u.0)
        }

        /// The TID of `micros` (-(2**53-1) to 2**53-1) and `clock_id` (0-1023).
        #[staticmethod]
        #[pyo3(signature = (micros, clock_id = None))]
        fn from_parts(
            micros: &Bound<'_, PyAny>,
            clock_id: Option<&Bound<'_, PyAny>>,
        ) -> PyResult<Untracked<Tid>> {
            let m: i64 = int_in(micros, "TID micros", tid::MIN_MICROS, tid::MAX_MICROS)?;
            let c: u16 = clock(clock_id)?.unwrap_or(0);
            CoreTid::from_parts(m, c).py_object(Tid)
        }

        /// The TID of an aware datetime (exact to the microsecond) and a clock id.
        #[staticmethod]
        #[pyo3(signature = (dt, clock_id = None))]
        fn from_datetime(
            dt: &Bound<'_, PyAny>,
            clock_id: Option<&Bound<'_, PyAny>>,
        ) -> PyResult<Untracked<Tid>> {
            let m = dt::to_micros(dt)?;
            // The time is checked before the clock id, as `from_parts` checks its parts.
            if !(tid::MIN_MICROS..=tid::MAX_MICROS).contains(&m) {
                return CoreTid::from_parts(m, 0).py_object(Tid);
            }
            let c: u16 = clock(clock_id)?.unwrap_or(0);
            CoreTid::from_parts(m, c).py_object(Tid)
        }

        /// Parses the 13-symbol form or the dashed display form (lowercase only).
        ///
        /// profile: None or "polyid" (polyid's reading), or "atproto" (the AT Protocol's: 13
        /// symbols, first symbol 2-7 or a-b, docs/spec §3.5); other profiles define no TIDs.
        #[staticmethod]
        #[pyo3(signature = (text, *, profile = None))]
        fn parse(text: Text<'_>, profile: Option<&Bound<'_, PyAny>>) -> PyResult<Untracked<Tid>> {
            let p = crate::args::profile(profile)?;
            CoreTid::parse_as(text.0, p).py_object(Tid)
        }

        /// The TID of its 64-bit signed value (`micros << 10 | clock_id`).
        #[staticmethod]
        fn from_int(value: &Bound<'_, PyAny>) -> PyResult<Untracked<Tid>> {
            CoreTid::from_i64(int(value, "TID value")?).py_object(Tid)
        }

        /// A new TID from the process-wide generator (clock id 32 + the process node, else a
        /// random one in 0-31).
        #[staticmethod]
        fn generate() -> PyResult<Untracked<Tid>> {
            CoreTid::generate().py_object(Tid)
        }

        /// Microseconds since the Unix epoch (negative before it).
        #[getter]
        fn micros(&self) -> i64 {
            self.0.micros()
        }

        /// The clock id, 0-1023.
        #[getter]
        fn clock_id(&self) -> u16 {
            self.0.clock_id()
        }

        /// The time as an aware datetime in UTC (exact to the microsecond).
        #[getter]
        fn datetime<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
            dt::from_micros(py, self.0.micros())
        }

        /// The dashed display form `STTT-TTT-TTTT-CC`.
        fn display<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
            ascii(py, &self.0.display_bytes())
        }
    }
}

crate::layout::maker!(Tid, CoreTid::from_i64(1).py()?, CoreTid::from_i64(-2).py()?);

/// A monotonic TID generator (thread-safe; a random clock id is re-picked in a forked child).
#[pyclass(module = "polyid", name = "TidGenerator", frozen)]
pub struct TidGenerator {
    pub(crate) gen: CoreGenerator<GenClock>,
    clock: GenClock,
}

impl TidGenerator {
    fn build(
        clock_id: Option<&Bound<'_, PyAny>>,
        args: GenArgs<'_, '_>,
        last: Option<CoreTid>,
    ) -> PyResult<Self> {
        // The options, then the clock id (docs/spec §6.5).
        let (options, gen_clock) = args.build()?;
        let clock_id: Option<u16> = clock(clock_id)?;
        let gen = match last {
            Some(last) => CoreGenerator::resume(gen_clock.clone(), options, clock_id, last),
            None => CoreGenerator::with_options(gen_clock.clone(), options, clock_id),
        }
        .py()?;
        Ok(TidGenerator {
            gen,
            clock: gen_clock,
        })
    }
}

node::generator_pymethods! {
    ids = Tid, name = "TID", text = "13-symbol";
    lead_ms_doc = "How far the last TID issued is ahead of the clock, in whole milliseconds.";
    /// A generator with the given clock id (0-1023), else 32 + its node (`node`, default the
    /// process node), else a random one in 0-31; `seed`, `max_lead_ms`, `on_clock_behind`
    /// and `clock_micros` as for `XidGenerator`.
    new(clock_id), text_signature =
        "(clock_id=None, *, node=None, seed=None, max_lead_ms=60000, on_clock_behind='fail', \
         clock_micros=None)";
    /// A generator whose every TID is greater than `last` (a `Tid` or its text, e.g. the last
    /// TID persisted before a restart), with the same arguments as the constructor.
    resume(parse = CoreTid::parse), text_signature =
        "($cls, last, clock_id=None, *, node=None, seed=None, max_lead_ms=60000, \
         on_clock_behind='fail', clock_micros=None)";
    impl TidGenerator {
        /// The clock id of the TIDs this generator issues now.
        #[getter]
        fn clock_id(&self) -> PyResult<u16> {
            self.gen.try_clock_id().py()
        }

        /// The node behind the clock id (0-959), or None.
        #[getter]
        fn node(&self) -> PyResult<Option<u16>> {
            Ok(self.gen.node().py()?.map(|n| n.get()))
        }

        fn __repr__(&self) -> String {
            format!("TidGenerator(clock_id={})", self.gen.clock_id())
        }
    }
}
