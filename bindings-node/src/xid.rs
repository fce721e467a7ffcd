//! xid: the timestamped uid11 profile.

use std::rc::Rc;

use napi::bindgen_prelude::This;
use napi::{Env, Result};
use napi_derive::napi;
use polyid::xid::{EPOCH_MS, MAX_RANDOM, MAX_UNIX_MS};

use crate::batch;
use crate::conv::{Ascii, BigU64, DateArg, DateOut, Int, OrThrow, Text};
use crate::gen::{Gen, GenClock, GenOptions};
use crate::object::{generator_class, inspect_value, members, Class, IdArg, Kind, RawValue, Val};

/// An xid: a 64-bit value whose top 42 bits are milliseconds since 2011-11-11T11:11:11.111Z
/// and whose low 22 bits are random, written as 11 Base58 symbols (uid11).
///
/// Create one with `Xid.generate()`, `new XidGenerator().next()`, `Xid.fromParts()`,
/// `Xid.fromDate()`, `Xid.parse()` or `Xid.fromBigInt()`; `new Xid()` is not available.
#[napi]
#[repr(C)]
#[derive(Clone, Copy)]
pub struct Xid {
    kind: Kind,
    inner: polyid::Xid,
}

// SAFETY: `#[repr(C)]`, `kind` first and always `Kind::Xid`.
unsafe impl Class for Xid {
    const KIND: Kind = Kind::Xid;
    const JS_NAME: &'static str = "Xid\0";
}

impl crate::object::Value for Xid {
    const SLOT: usize = 0;
    fn to_words(&self) -> [u64; 2] {
        [self.inner.value(), 0]
    }
    fn from_words(words: [u64; 2]) -> Option<Self> {
        (words[1] == 0).then(|| Xid {
            kind: Kind::Xid,
            inner: polyid::Xid::from_u64(words[0]),
        })
    }
}

impl Xid {
    fn wrap(inner: polyid::Xid) -> Val<Xid> {
        Val(Xid {
            kind: Kind::Xid,
            inner,
        })
    }
}

#[napi]
impl Xid {
    /// A new xid from the process-wide generator: greater than every xid this process
    /// generated before (so never a repeat), for the current millisecond (ahead of it only
    /// under bursts of more than 4,096 per millisecond with a node, 32,768 without). It
    /// carries the process node (`setNode`, `POLYID_NODE`) when there is one.
    ///
    /// Throws `NODE_REQUIRED`, `NODE_IN_USE` (docs/spec §6.1), `CLOCK_BEHIND` (§6.4).
    #[napi(catch_unwind, ts_return_type = "Xid")]
    pub fn generate(env: &Env) -> Result<Val<Xid>> {
        Ok(Xid::wrap(polyid::Xid::generate().or_throw(env)?))
    }

    /// `count` new xids, consecutive, from the process-wide generator in one step (one clock
    /// read): all distinct and in increasing order.
    #[napi(catch_unwind, ts_args_type = "count: number", ts_return_type = "Xid[]")]
    pub fn generate_many(env: &Env, count: Int) -> Result<Vec<Val<Xid>>> {
        let n = count.get::<usize>("count").or_throw(env)?;
        let xids = polyid::Xid::generate_many(n).or_throw(env)?;
        Ok(xids.into_iter().map(Xid::wrap).collect())
    }

    /// The text of a new xid (faster than `Xid.generate().toString()`).
    #[napi(catch_unwind, ts_return_type = "string")]
    pub fn generate_string(env: &Env) -> Result<Ascii<11>> {
        Ok(Ascii(polyid::Xid::generate().or_throw(env)?.to_bytes()))
    }

    /// The xid of a Unix time in milliseconds (2011-11-11T11:11:11.111Z to
    /// 2151-03-25T18:46:22.214Z) and 22 random bits (0 to 4194303).
    ///
    /// Throws `OUT_OF_RANGE`.
    #[napi(
        catch_unwind,
        ts_args_type = "unixMs: number, random: number",
        ts_return_type = "Xid"
    )]
    pub fn from_parts(env: &Env, unix_ms: Int, random: Int) -> Result<Val<Xid>> {
        let ms = unix_ms
            .get_within::<u64>("xid unix_ms", EPOCH_MS as i128, MAX_UNIX_MS as i128)
            .or_throw(env)?;
        let r = random
            .get_within::<u32>("xid random", 0, MAX_RANDOM as i128)
            .or_throw(env)?;
        Ok(Xid::wrap(polyid::Xid::from_parts(ms, r).or_throw(env)?))
    }

    /// The xid of a `Date`, with the given random bits or fresh ones.
    ///
    /// Throws `OUT_OF_RANGE`.
    #[napi(
        catch_unwind,
        ts_args_type = "date: Date, random?: number",
        ts_return_type = "Xid"
    )]
    pub fn from_date(env: &Env, date: DateArg, random: Option<Int>) -> Result<Val<Xid>> {
        let ms = Int::from_i64(date.0)
            .get_within::<u64>("xid unix_ms", EPOCH_MS as i128, MAX_UNIX_MS as i128)
            .or_throw(env)?;
        let x = match random {
            Some(r) => polyid::Xid::from_parts(
                ms,
                r.get_within::<u32>("xid random", 0, MAX_RANDOM as i128)
                    .or_throw(env)?,
            ),
            None => polyid::Xid::generate_at(ms),
        };
        Ok(Xid::wrap(x.or_throw(env)?))
    }

    /// Parses the 11-symbol text.
    ///
    /// Throws `INVALID_LENGTH`, `INVALID_CHARACTER` or `OVERFLOW`.
    #[napi(catch_unwind, ts_args_type = "text: string", ts_return_type = "Xid")]
    pub fn parse(env: &Env, text: Text) -> Result<Val<Xid>> {
        Ok(Xid::wrap(text.with(polyid::Xid::parse)?.or_throw(env)?))
    }

    /// The xid of a 64-bit value (every value in `0..2^64-1` is one).
    ///
    /// Throws `OUT_OF_RANGE`.
    #[napi(
        ts_return_type = "Xid",
        catch_unwind,
        js_name = "fromBigInt",
        ts_args_type = "value: bigint | number"
    )]
    pub fn from_big_int(env: &Env, value: Int) -> Result<Val<Xid>> {
        let v = value.get::<u64>("xid value").or_throw(env)?;
        Ok(Xid::wrap(polyid::Xid::from_u64(v)))
    }
}

/// The time range of an xid prefix.
#[napi(object)]
pub struct XidTimeRange {
    /// Earliest Unix millisecond of an xid with the prefix.
    pub min_unix_ms: f64,
    /// Latest Unix millisecond of an xid with the prefix.
    pub max_unix_ms: f64,
}

/// The inclusive Unix-millisecond range of the xids whose text starts with `prefix`
/// (0-11 symbols), or `null` when no xid does.
///
/// Throws `INVALID_LENGTH` or `INVALID_CHARACTER`.
#[napi(catch_unwind, ts_args_type = "prefix: string")]
pub fn xid_prefix_range(env: &Env, prefix: Text) -> Result<Option<XidTimeRange>> {
    Ok(prefix
        .with(polyid::xid::prefix_time_range)?
        .or_throw(env)?
        .map(|(lo, hi)| XidTimeRange {
            min_unix_ms: lo as f64,
            max_unix_ms: hi as f64,
        }))
}

/// A monotonic xid generator (docs/spec §6.2): every xid it returns is greater than the one
/// before. With a node (its own, or the process node), its xids carry the node in bits 21-12
/// and a counter from 0 below it; without one, a lane in bits 21-16 and a counter from a
/// random start.
#[napi]
#[repr(C)]
pub struct XidGenerator {
    kind: Kind,
    inner: Rc<Gen<polyid::XidGenerator<GenClock>>>,
    /// Handle in `GENERATORS` (see `object::Table`).
    handle: u64,
}

// SAFETY: `#[repr(C)]`, `kind` first and always `Kind::XidGenerator`.
unsafe impl Class for XidGenerator {
    const KIND: Kind = Kind::XidGenerator;
    const JS_NAME: &'static str = "XidGenerator\0";
}

generator_class!(XidGenerator, Gen<polyid::XidGenerator<GenClock>>, 2);

fn build_xid_generator(
    env: &Env,
    options: Option<GenOptions>,
    last: Option<IdArg<Xid>>,
) -> Result<Gen<polyid::XidGenerator<GenClock>>> {
    let o = GenOptions::or_default(options);
    let last = match last {
        Some(IdArg::Value(x)) => Some(x.inner),
        Some(IdArg::Text(t)) => Some(t.with(polyid::Xid::parse)?.or_throw(env)?),
        None => None,
    };
    Gen::build(&o, |clock| match last {
        Some(last) => polyid::XidGenerator::resume(clock, o.options, last),
        None => polyid::XidGenerator::with_options(clock, o.options),
    })
    .or_throw(env)
}

#[napi]
impl XidGenerator {
    /// A generator built from `options` (docs/spec §6.5): `node` (0-959; default the process
    /// node), `seed` (a bigint or safe integer: a random source of its own, for replays),
    /// `maxLeadMs` (0-86400000, default 60000), `onClockBehind` (`'fail'`, the default, or
    /// `'wait'`), `clockMicros` (a manual clock standing there, moved with
    /// `setClockMicros`; default the real clock).
    ///
    /// Throws `OUT_OF_RANGE`, `INVALID_ARGUMENT`, `NODE_REQUIRED` or `NODE_IN_USE`.
    #[napi(
        constructor,
        catch_unwind,
        ts_args_type = "options?: GeneratorOptions | null"
    )]
    pub fn new(env: &Env, this: This, options: Option<GenOptions>) -> Result<XidGenerator> {
        let inner = build_xid_generator(env, options, None)?;
        let (inner, handle) = XidGenerator::register(env, &this, inner)?;
        Ok(XidGenerator {
            kind: Kind::XidGenerator,
            inner,
            handle,
        })
    }

    /// A generator that continues after `last` (an xid issued before, e.g. persisted across a
    /// restart; a `Xid` or its text): every xid it returns is greater than `last`.
    ///
    /// Throws what the constructor throws, and what `Xid.parse` throws for the text.
    #[napi(
        catch_unwind,
        ts_args_type = "last: Xid | string, options?: GeneratorOptions | null",
        ts_return_type = "XidGenerator"
    )]
    pub fn resume(env: &Env, last: IdArg<Xid>, options: Option<GenOptions>) -> Result<RawValue> {
        let inner = build_xid_generator(env, options, Some(last))?;
        XidGenerator::create(env, inner, |inner, handle| XidGenerator {
            kind: Kind::XidGenerator,
            inner,
            handle,
        })
    }
}

// The getters and methods of XidGenerator objects (see `object::member`; documented in
// dts-header.d.ts).
members! { pub(crate) mod xid_generator_members for XidGenerator;
    Getter "node" node |env, g, _| Ok(g.node().or_throw(env)?.map(|n| u32::from(n.get())));
    Getter "lane" lane |env, g, _| Ok(u32::from(g.lane().or_throw(env)?));
    Getter "leadMs" lead_ms |_, g, _| Ok(g.lead_ms() as f64);
    Getter "maxLeadMs" max_lead_ms |_, g, _| Ok(g.max_lead_ms() as f64);
    Getter "onClockBehind" on_clock_behind |_, g, _| Ok(g.on_clock_behind().as_str());
    Method "setClockMicros" set_clock_micros |env, g, micros| g.set_clock_micros(env, micros.get::<Int>()?);
    Method "next" next |env, g, _| Ok(Xid::wrap(g.next().or_throw(env)?));
    Method "nextString" next_string |env, g, _| Ok(Ascii(g.next().or_throw(env)?.to_bytes()));
    Method "nextMany" next_many |env, g, count| {
        let n = count.get::<Int>()?.get::<usize>("count").or_throw(env)?;
        Ok(g.next_many(n).or_throw(env)?.into_iter().map(Xid::wrap).collect::<Vec<_>>())
    };
    Method "nextManyStrings" next_many_strings |env, g, count| {
        let n = count.get::<Int>()?.get::<usize>("count").or_throw(env)?;
        let xids = g.next_many(n).or_throw(env)?;
        let mut text = Vec::with_capacity(n * polyid::uid11::LEN);
        for x in &xids {
            text.extend_from_slice(&x.to_bytes());
        }
        Ok(RawValue::from(batch::fixed_strings(env, &text, polyid::uid11::LEN)?))
    };
}

// The getters and methods of Xid objects (see `object::member`; documented in dts-header.d.ts).
members! { pub(crate) mod xid_members for Xid;
    Getter "value" value |_, me, _| Ok(BigU64(me.inner.value()));
    Getter "unixMs" unix_ms |_, me, _| Ok(me.inner.unix_ms() as f64);
    Getter "random" random |_, me, _| Ok(me.inner.random());
    Method "toDate" to_date |_, me, _| Ok(DateOut(me.inner.unix_ms() as f64));
    Same "equals" equals |_, me, other| Ok(me.inner == other.same::<Xid>()?.inner);
    Same "compare" compare |_, me, other| Ok(me.inner.cmp(&other.same::<Xid>()?.inner) as i32);
    Method "toString" to_js_string |_, me, _| Ok(Ascii(me.inner.to_bytes()));
    Method "toJSON" to_json |_, me, _| Ok(Ascii(me.inner.to_bytes()));
}

/// `util.inspect` of a Xid: `Xid(text)`.
pub(crate) unsafe extern "C" fn inspect(
    env: napi::sys::napi_env,
    info: napi::sys::napi_callback_info,
) -> napi::sys::napi_value {
    inspect_value::<Xid>(env, info, |x| x.inner.to_string())
}
