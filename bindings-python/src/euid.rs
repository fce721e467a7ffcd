//! EUID: 128-bit sortable IDs with an extension field and a check symbol.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use polyid::euid::{self, Euid as CoreEuid, EuidGenerator as CoreGenerator};

use crate::args::CoreResult;
use crate::args::{bytes_arg, int, int_in, opt_int, opt_int_in, Text, Untracked};
use crate::dt;
use crate::layout::ascii;
use crate::node::{self, GenArgs, GenClock};
use crate::xid::millis_u64;

/// An EUID: 45 bits of Unix milliseconds, an optional 0-32767 extension, random bits and a
/// check symbol in its 27-symbol text (immutable, ordered by value = by time).
#[pyclass(module = "polyid", name = "Euid", frozen, eq, ord, hash)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Euid(CoreEuid);

crate::args::id_pymethods! {
    text = |e| &e.encode_bytes(true), int = u128, "The 128-bit value.";
    impl Euid {
        /// Parses the 27-symbol text (same as `Euid.parse(text)`).
        #[new]
        fn new(text: Text<'_>) -> PyResult<Self> {
            Euid::parse(text, None).map(|u| u.0)
        }

        /// A new EUID for the current time with fresh random bits.
        #[staticmethod]
        #[pyo3(signature = (extension = None))]
        fn generate(extension: Option<&Bound<'_, PyAny>>) -> PyResult<Untracked<Euid>> {
            let ext: Option<u16> = opt_int_in(extension, "EUID extension", 0, euid::MAX_EXTENSION)?;
            CoreEuid::generate(ext).py_object(Euid)
        }

        /// The EUID of its fields: Unix milliseconds (< 2**45), extension (0-32767 or None),
        /// padding (the 15 - L random bits above the extension) and the low 64 random bits.
        #[staticmethod]
        #[pyo3(signature = (unix_ms, extension = None, padding = None, random = None))]
        fn from_parts(
            unix_ms: &Bound<'_, PyAny>,
            extension: Option<&Bound<'_, PyAny>>,
            padding: Option<&Bound<'_, PyAny>>,
            random: Option<&Bound<'_, PyAny>>,
        ) -> PyResult<Untracked<Euid>> {
            let ms: u64 = int_in(unix_ms, "EUID unix_ms", 0, euid::MAX_UNIX_MS)?;
            let ext: Option<u16> = opt_int_in(extension, "EUID extension", 0, euid::MAX_EXTENSION)?;
            let pad: u16 = opt_int_in(padding, "EUID padding", 0, euid::max_padding(ext))?.unwrap_or(0);
            let r: u64 = opt_int(random, "EUID random")?.unwrap_or(0);
            CoreEuid::from_parts(ms, ext, pad, r).py_object(Euid)
        }

        /// The EUID of an aware datetime (milliseconds, floored) with fresh random bits.
        #[staticmethod]
        #[pyo3(signature = (dt, extension = None))]
        fn from_datetime(
            dt: &Bound<'_, PyAny>,
            extension: Option<&Bound<'_, PyAny>>,
        ) -> PyResult<Untracked<Euid>> {
            let ms = millis_u64(dt::to_millis(dt)?, "EUID unix_ms", 0, euid::MAX_UNIX_MS)?;
            let ext: Option<u16> = opt_int_in(extension, "EUID extension", 0, euid::MAX_EXTENSION)?;
            CoreEuid::generate_at(ms, ext).py_object(Euid)
        }

        /// Parses the 27-symbol text (case-insensitive; I and L read as 1, O as 0).
        ///
        /// profile: None, "polyid" or "euid" (the euid crate's reading, the same, docs/spec
        /// §4.4); other profiles define no EUIDs.
        #[staticmethod]
        #[pyo3(signature = (text, *, profile = None))]
        fn parse(text: Text<'_>, profile: Option<&Bound<'_, PyAny>>) -> PyResult<Untracked<Euid>> {
            let p = crate::args::profile(profile)?;
            CoreEuid::parse_as(text.0, p).py_object(Euid)
        }

        /// The EUID of its 128-bit value (every int in 0..2**128-1 is one).
        #[staticmethod]
        fn from_int(value: &Bound<'_, PyAny>) -> PyResult<Untracked<Euid>> {
            let v: u128 = int(value, "EUID value")?;
            Ok(Untracked(Euid(CoreEuid::from_u128(v))))
        }

        /// The EUID of its 16 big-endian bytes (bytes or bytearray).
        #[staticmethod]
        fn from_bytes(data: &Bound<'_, PyAny>) -> PyResult<Untracked<Euid>> {
            CoreEuid::from_slice(&bytes_arg(data, "bytes or bytearray")?).py_object(Euid)
        }

        /// The 16 big-endian bytes.
        #[getter]
        fn bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
            PyBytes::new(py, &self.0.to_bytes())
        }

        /// Unix time in milliseconds.
        #[getter]
        fn unix_ms(&self) -> u64 {
            self.0.unix_ms()
        }

        /// The extension (0-32767), or None.
        #[getter]
        fn extension(&self) -> Option<u16> {
            self.0.extension()
        }

        /// The random padding above the extension (15 - L bits).
        #[getter]
        fn padding(&self) -> u16 {
            self.0.padding()
        }

        /// The check value: the value mod 127.
        #[getter]
        fn checkmod(&self) -> u8 {
            self.0.checkmod()
        }

        /// The time as an aware datetime in UTC (millisecond precision).
        #[getter]
        fn datetime<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
            dt::from_millis(py, self.0.unix_ms())
        }

        /// The 27-symbol text, with the check symbol or with 127 ("no check").
        #[pyo3(signature = (checkmod = true))]
        fn encode<'py>(&self, py: Python<'py>, checkmod: bool) -> PyResult<Bound<'py, PyString>> {
            ascii(py, &self.0.encode_bytes(checkmod))
        }

        /// The next EUID as the reference computes it (same millisecond: random high half + 1 and
        /// a fresh low half, EXHAUSTED at the maximum; otherwise a fresh EUID, same extension).
        fn next(&self) -> PyResult<Untracked<Euid>> {
            self.0.next().py_object(Euid)
        }

        fn __bytes__<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
            PyBytes::new(py, &self.0.to_bytes())
        }
    }
}

crate::layout::maker!(Euid, CoreEuid::from_u128(1), CoreEuid::from_u128(u128::MAX));

/// A strictly monotonic EUID generator (thread-safe, fork-aware).
#[pyclass(module = "polyid", name = "EuidGenerator", frozen)]
pub struct EuidGenerator {
    pub(crate) gen: CoreGenerator<GenClock>,
    clock: GenClock,
}

impl EuidGenerator {
    fn build(
        extension: Option<&Bound<'_, PyAny>>,
        args: GenArgs<'_, '_>,
        last: Option<CoreEuid>,
    ) -> PyResult<Self> {
        // The options, then the extension (docs/spec §6.5).
        let (options, clock) = args.build()?;
        let ext: Option<u16> = opt_int_in(extension, "EUID extension", 0, euid::MAX_EXTENSION)?;
        let gen = match last {
            Some(last) => CoreGenerator::resume_with(clock.clone(), ext, options, last),
            None => CoreGenerator::with_options(clock.clone(), ext, options),
        }
        .py()?;
        Ok(EuidGenerator { gen, clock })
    }
}

node::generator_pymethods! {
    ids = Euid, name = "EUID";
    lead_ms_doc = "How far the last EUID issued is ahead of the clock, in milliseconds.";
    /// A generator whose EUIDs carry `extension` (0-32767), or none; `seed`, `max_lead_ms`,
    /// `on_clock_behind` and `clock_micros` as for `XidGenerator`. EUIDs take no node (a
    /// `node` is `INVALID_ARGUMENT`).
    new(extension), text_signature =
        "(extension=None, *, seed=None, max_lead_ms=60000, on_clock_behind='fail', \
         clock_micros=None, node=None)";
    /// A generator whose every EUID is greater than `last` (an `Euid` or its text), with the
    /// same arguments as the constructor.
    resume(parse = CoreEuid::parse), text_signature =
        "($cls, last, extension=None, *, seed=None, max_lead_ms=60000, on_clock_behind='fail', \
         clock_micros=None, node=None)";
    impl EuidGenerator {
        /// The extension of the EUIDs this generator makes, or None.
        #[getter]
        fn extension(&self) -> Option<u16> {
            self.gen.extension()
        }

        fn __repr__(&self) -> String {
            match self.gen.extension() {
                Some(e) => format!("EuidGenerator(extension={e})"),
                None => "EuidGenerator()".into(),
            }
        }
    }
}
