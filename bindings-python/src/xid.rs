//! xid (the timestamped uid11 profile: 42-bit milliseconds and 22 bits).

use pyo3::prelude::*;
use pyo3::types::PyList;

use polyid::xid::{self, Xid as CoreXid, XidGenerator as CoreGenerator};

use crate::args::CoreResult;
use crate::args::{int, int_in, list_from, opt_int_in, Text, Untracked};
use crate::dt;
use crate::node::{self, GenArgs, GenClock};

/// The inclusive (min_unix_ms, max_unix_ms) range of the xids whose text starts with
/// `prefix`, or None when no xid does.
#[pyfunction]
pub fn xid_prefix_range(prefix: Text<'_>) -> PyResult<Option<(u64, u64)>> {
    xid::prefix_time_range(prefix.0).py()
}

/// Milliseconds of a datetime as the core's u64 when they lie in `min..=max`, else
/// OUT_OF_RANGE, checked before the call's later parts are read.
pub fn millis_u64(ms: i64, context: &'static str, min: u64, max: u64) -> PyResult<u64> {
    u64::try_from(ms)
        .ok()
        .filter(|v| (min..=max).contains(v))
        .ok_or_else(|| polyid::Error::range(context, ms, min, max))
        .py()
}

crate::layout::maker!(Xid, CoreXid::from_u64(1), CoreXid::from_u64(u64::MAX));

/// An xid: 42 bits of milliseconds since 2011-11-11T11:11:11.111Z and 22 random bits, shown
/// as 11 Base58 symbols (immutable, ordered by value = by time).
#[pyclass(module = "polyid", name = "Xid", frozen, eq, ord, hash)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Xid(CoreXid);

crate::args::id_pymethods! {
    text = |x| &x.to_bytes(), int = u64, "The 64-bit value.";
    impl Xid {
        /// Parses the 11-symbol text (same as `Xid.parse(text)`).
        #[new]
        fn new(text: Text<'_>) -> PyResult<Self> {
            Xid::parse(text).map(|u| u.0)
        }

        /// A new xid from the process-wide generator: greater than every xid this process made
        /// before (with the process node: the node in the top 10 of the 22 low bits and a counter
        /// from 0 each millisecond; without: the process lane in the top 6 and a counter from a
        /// random start).
        #[staticmethod]
        fn generate() -> PyResult<Untracked<Xid>> {
            CoreXid::generate().py_object(Xid)
        }

        /// `n` new consecutive xids from the process-wide generator (one clock read).
        #[staticmethod]
        fn generate_many<'py>(
            py: Python<'py>,
            n: &Bound<'py, PyAny>,
        ) -> PyResult<Bound<'py, PyList>> {
            let n: usize = crate::args::count(n)?;
            let xids = CoreXid::generate_many(n).py()?;
            let maker = maker(py)?;
            list_from(py, xids.len(), |i| maker.make(py, Xid(xids[i])))
        }

        /// The xid of a Unix time in milliseconds and 22 random bits.
        #[staticmethod]
        fn from_parts(
            unix_ms: &Bound<'_, PyAny>,
            random: &Bound<'_, PyAny>,
        ) -> PyResult<Untracked<Xid>> {
            let ms: u64 = int_in(unix_ms, "xid unix_ms", xid::EPOCH_MS, xid::MAX_UNIX_MS)?;
            let r: u32 = int_in(random, "xid random", 0, xid::MAX_RANDOM)?;
            CoreXid::from_parts(ms, r).py_object(Xid)
        }

        /// The xid of an aware datetime (milliseconds, floored) with the given or fresh random
        /// bits.
        #[staticmethod]
        #[pyo3(signature = (dt, random = None))]
        fn from_datetime(
            dt: &Bound<'_, PyAny>,
            random: Option<&Bound<'_, PyAny>>,
        ) -> PyResult<Untracked<Xid>> {
            let (min, max) = (xid::EPOCH_MS, xid::MAX_UNIX_MS);
            let ms = millis_u64(dt::to_millis(dt)?, "xid unix_ms", min, max)?;
            match opt_int_in::<u32>(random, "xid random", 0, xid::MAX_RANDOM)? {
                Some(r) => CoreXid::from_parts(ms, r).py_object(Xid),
                None => CoreXid::generate_at(ms).py_object(Xid),
            }
        }

        /// Parses the 11-symbol text.
        #[staticmethod]
        fn parse(text: Text<'_>) -> PyResult<Untracked<Xid>> {
            CoreXid::parse(text.0).py_object(Xid)
        }

        /// The xid of its 64-bit value (every u64 is one).
        #[staticmethod]
        fn from_int(value: &Bound<'_, PyAny>) -> PyResult<Untracked<Xid>> {
            Ok(Untracked(Xid(CoreXid::from_u64(int(value, "xid value")?))))
        }

        /// Unix time in milliseconds.
        #[getter]
        fn unix_ms(&self) -> u64 {
            self.0.unix_ms()
        }

        /// The 22 random bits.
        #[getter]
        fn random(&self) -> u32 {
            self.0.random()
        }

        /// The time as an aware datetime in UTC (millisecond precision).
        #[getter]
        fn datetime<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
            dt::from_millis(py, self.0.unix_ms())
        }
    }
}

/// An xid generator (thread-safe, fork-aware): strictly increasing xids with a node (the
/// node in the top 10 of the 22 low bits, a counter from 0 each millisecond) or without (the
/// process lane in the top 6, a counter from a random start).
#[pyclass(module = "polyid", name = "XidGenerator", frozen)]
pub struct XidGenerator {
    pub(crate) gen: CoreGenerator<GenClock>,
    clock: GenClock,
}

impl XidGenerator {
    fn build(args: GenArgs<'_, '_>, last: Option<CoreXid>) -> PyResult<Self> {
        let (options, clock) = args.build()?;
        let gen = match last {
            Some(last) => CoreGenerator::resume(clock.clone(), options, last),
            None => CoreGenerator::with_options(clock.clone(), options),
        }
        .py()?;
        Ok(XidGenerator { gen, clock })
    }
}

node::generator_pymethods! {
    ids = Xid, name = "xid", text = "11-symbol";
    lead_ms_doc = "How far the last xid issued is ahead of the clock, in milliseconds.";
    /// A generator with the given node (default: the process node, else none), `seed` (its
    /// own random source, for replays), `max_lead_ms`, `on_clock_behind` ("fail" or "wait")
    /// and `clock_micros` (a manual clock standing there; default: the real clock).
    new(), text_signature =
        "(*, node=None, seed=None, max_lead_ms=60000, on_clock_behind='fail', clock_micros=None)";
    /// A generator whose every xid is greater than `last` (an `Xid` or its text, e.g. the
    /// last xid persisted before a restart), with the same options as the constructor.
    resume(parse = CoreXid::parse), text_signature =
        "($cls, last, *, node=None, seed=None, max_lead_ms=60000, on_clock_behind='fail', \
         clock_micros=None)";
    impl XidGenerator {
        /// The node in this generator's xids (0-959), or None (lanes).
        #[getter]
        fn node(&self) -> PyResult<Option<u16>> {
            Ok(self.gen.node().py()?.map(|n| n.get()))
        }

        /// The top 6 of the 22 low bits: the lane without a node (`node >> 4` with one).
        #[getter]
        fn lane(&self) -> PyResult<u8> {
            self.gen.lane().py()
        }

        fn __repr__(&self) -> String {
            match self.gen.node() {
                Ok(Some(n)) => format!("XidGenerator(node={n})"),
                _ => "XidGenerator()".into(),
            }
        }
    }
}
