//! TID: microsecond timestamp << 10 | clock id, 13 base32-sortable symbols.

use std::rc::Rc;

use napi::bindgen_prelude::This;
use napi::{Env, Result};
use napi_derive::napi;
use polyid::tid::{MAX_CLOCK_ID, MAX_MICROS, MIN_MICROS};

use crate::batch;
use crate::conv::{Ascii, BigI64, DateArg, DateOut, Int, OrThrow, Pair, Text};
use crate::gen::{Gen, GenClock, GenOptions};
use crate::object::{generator_class, inspect_value, members, Class, IdArg, Kind, RawValue, Val};

/// A TID (AT Protocol timestamp identifier): a signed 64-bit value
/// `microseconds since 1970 << 10 | clockId`, written as 13 symbols (`3kxnlhr3gxq23`).
///
/// Create one with `Tid.generate()`, `new TidGenerator().next()`, `Tid.fromParts()`,
/// `Tid.fromDate()`, `Tid.parse()` or `Tid.fromBigInt()`; `new Tid()` is not available.
#[napi]
#[repr(C)]
#[derive(Clone, Copy)]
pub struct Tid {
    kind: Kind,
    inner: polyid::Tid,
}

// SAFETY: `#[repr(C)]`, `kind` first and always `Kind::Tid`.
unsafe impl Class for Tid {
    const KIND: Kind = Kind::Tid;
    const JS_NAME: &'static str = "Tid\0";
}

impl crate::object::Value for Tid {
    const SLOT: usize = 1;
    fn to_words(&self) -> [u64; 2] {
        [self.inner.value() as u64, 0]
    }
    fn from_words(words: [u64; 2]) -> Option<Self> {
        if words[1] != 0 {
            return None;
        }
        Some(Tid {
            kind: Kind::Tid,
            inner: polyid::Tid::from_i64(words[0] as i64).ok()?,
        })
    }
}

fn wrap(inner: polyid::Tid) -> Val<Tid> {
    Val(Tid {
        kind: Kind::Tid,
        inner,
    })
}

#[napi]
impl Tid {
    /// A new TID from the process-wide generator (monotonic; clock id `32 + node` with a
    /// process node, else a random one in 0-31).
    ///
    /// Throws `NODE_REQUIRED`, `NODE_IN_USE` (docs/spec §6.1), `CLOCK_BEHIND` (§6.4).
    #[napi(catch_unwind, ts_return_type = "Tid")]
    pub fn generate(env: &Env) -> Result<Val<Tid>> {
        Ok(wrap(polyid::Tid::generate().or_throw(env)?))
    }

    /// The text of a new TID from the process-wide generator.
    #[napi(catch_unwind, ts_return_type = "string")]
    pub fn generate_string(env: &Env) -> Result<Ascii<13>> {
        Ok(Ascii(polyid::Tid::generate().or_throw(env)?.to_bytes()))
    }

    /// The TID of microseconds since 1970 (`-(2^53-1)` to `2^53-1`) and a clock id
    /// (0-1023, default 0).
    ///
    /// Throws `OUT_OF_RANGE`.
    #[napi(
        ts_return_type = "Tid",
        catch_unwind,
        ts_args_type = "micros: bigint | number, clockId?: number"
    )]
    pub fn from_parts(env: &Env, micros: Int, clock_id: Option<Int>) -> Result<Val<Tid>> {
        let us = micros
            .get_within::<i64>("TID micros", MIN_MICROS as i128, MAX_MICROS as i128)
            .or_throw(env)?;
        let id = match clock_id {
            Some(c) => c
                .get_within::<u16>("TID clock_id", 0, MAX_CLOCK_ID as i128)
                .or_throw(env)?,
            None => 0,
        };
        Ok(wrap(polyid::Tid::from_parts(us, id).or_throw(env)?))
    }

    /// The TID of a `Date` (whole milliseconds) and a clock id (0-1023, default 0).
    ///
    /// Throws `OUT_OF_RANGE`.
    #[napi(
        catch_unwind,
        ts_args_type = "date: Date, clockId?: number",
        ts_return_type = "Tid"
    )]
    pub fn from_date(env: &Env, date: DateArg, clock_id: Option<Int>) -> Result<Val<Tid>> {
        // |ms| <= 8.64e15 for a valid Date, so the product fits in an i64.
        let us = date.0 * 1000;
        let id = match clock_id {
            Some(c) => c
                .get_within::<u16>("TID clock_id", 0, MAX_CLOCK_ID as i128)
                .or_throw(env)?,
            None => 0,
        };
        Ok(wrap(polyid::Tid::from_parts(us, id).or_throw(env)?))
    }

    /// Parses the 13-symbol text or the dashed display form (`3kxn-lhr-3gxq-23`).
    ///
    /// Throws `INVALID_LENGTH`, `INVALID_CHARACTER` or `OUT_OF_RANGE`.
    #[napi(catch_unwind, ts_args_type = "text: string", ts_return_type = "Tid")]
    pub fn parse(env: &Env, text: Text) -> Result<Val<Tid>> {
        Ok(wrap(text.with(polyid::Tid::parse)?.or_throw(env)?))
    }

    /// The TID of its signed 64-bit value.
    ///
    /// Throws `OUT_OF_RANGE`.
    #[napi(
        ts_return_type = "Tid",
        catch_unwind,
        js_name = "fromBigInt",
        ts_args_type = "value: bigint | number"
    )]
    pub fn from_big_int(env: &Env, value: Int) -> Result<Val<Tid>> {
        let v = value.get::<i64>("TID value").or_throw(env)?;
        Ok(wrap(polyid::Tid::from_i64(v).or_throw(env)?))
    }
}

/// The inclusive microsecond range `[min, max]` of the TIDs whose text starts with `prefix`
/// (up to 11 timestamp symbols, dashes allowed where the display form has them), or `null`
/// when no TID does.
///
/// Throws `INVALID_LENGTH` or `INVALID_CHARACTER`.
#[napi(
    catch_unwind,
    ts_args_type = "prefix: string",
    ts_return_type = "[bigint, bigint] | null"
)]
pub fn tid_prefix_range(env: &Env, prefix: Text) -> Result<Option<Pair<BigI64>>> {
    Ok(prefix
        .with(polyid::tid::prefix_range)?
        .or_throw(env)?
        .map(|(lo, hi)| Pair(BigI64(lo), BigI64(hi))))
}

/// A monotonic TID generator: every TID it returns is greater than the one before
/// (`micros = max(now, last + 1)`), all with one clock id (docs/spec §6.3).
#[napi]
#[repr(C)]
pub struct TidGenerator {
    kind: Kind,
    inner: Rc<Gen<polyid::TidGenerator<GenClock>>>,
    /// Handle in `GENERATORS` (see `object::Table`).
    handle: u64,
}

// SAFETY: `#[repr(C)]`, `kind` first and always `Kind::TidGenerator`.
unsafe impl Class for TidGenerator {
    const KIND: Kind = Kind::TidGenerator;
    const JS_NAME: &'static str = "TidGenerator\0";
}

generator_class!(TidGenerator, Gen<polyid::TidGenerator<GenClock>>, 0);

fn build_tid_generator(
    env: &Env,
    clock_id: Option<Int>,
    options: Option<GenOptions>,
    last: Option<IdArg<Tid>>,
) -> Result<Gen<polyid::TidGenerator<GenClock>>> {
    let clock_id = match clock_id {
        Some(c) => Some(
            c.get_within::<u16>("TID clock_id", 0, MAX_CLOCK_ID as i128)
                .or_throw(env)?,
        ),
        None => None,
    };
    let o = GenOptions::or_default(options);
    let last = match last {
        Some(IdArg::Value(t)) => Some(t.inner),
        Some(IdArg::Text(t)) => Some(t.with(polyid::Tid::parse)?.or_throw(env)?),
        None => None,
    };
    Gen::build(&o, |clock| match last {
        Some(last) => polyid::TidGenerator::resume(clock, o.options, clock_id, last),
        None => polyid::TidGenerator::with_options(clock, o.options, clock_id),
    })
    .or_throw(env)
}

#[napi]
impl TidGenerator {
    /// A generator with the given clock id (0-1023), or (`null`/omitted) the one its node
    /// gives (`32 + node`: the `node` option, else the process node), else a random one in
    /// 0-31. `options` as for `XidGenerator` (docs/spec §6.5); a clock id and a `node` together
    /// are `INVALID_ARGUMENT`.
    ///
    /// Throws `OUT_OF_RANGE`, `INVALID_ARGUMENT`, `NODE_REQUIRED` or `NODE_IN_USE`.
    #[napi(
        constructor,
        catch_unwind,
        ts_args_type = "clockId?: number | null, options?: GeneratorOptions | null"
    )]
    pub fn new(
        env: &Env,
        this: This,
        clock_id: Option<Int>,
        options: Option<GenOptions>,
    ) -> Result<TidGenerator> {
        let inner = build_tid_generator(env, clock_id, options, None)?;
        let (inner, handle) = TidGenerator::register(env, &this, inner)?;
        Ok(TidGenerator {
            kind: Kind::TidGenerator,
            inner,
            handle,
        })
    }

    /// A generator that continues after `last` (a TID issued before, e.g. persisted across a
    /// restart; a `Tid` or its text): every TID it returns is greater than `last`. `clockId`
    /// and `options` as for the constructor.
    ///
    /// Throws what the constructor throws, and what `Tid.parse` throws for the text.
    #[napi(
        catch_unwind,
        ts_args_type = "last: Tid | string, clockId?: number | null, options?: GeneratorOptions | null",
        ts_return_type = "TidGenerator"
    )]
    pub fn resume(
        env: &Env,
        last: IdArg<Tid>,
        clock_id: Option<Int>,
        options: Option<GenOptions>,
    ) -> Result<RawValue> {
        let inner = build_tid_generator(env, clock_id, options, Some(last))?;
        TidGenerator::create(env, inner, |inner, handle| TidGenerator {
            kind: Kind::TidGenerator,
            inner,
            handle,
        })
    }
}

// The getters and methods of TidGenerator objects (see `object::member`; documented in
// dts-header.d.ts).
members! { pub(crate) mod tid_generator_members for TidGenerator;
    Getter "clockId" clock_id |env, g, _| Ok(u32::from(g.try_clock_id().or_throw(env)?));
    Getter "node" node |env, g, _| Ok(g.node().or_throw(env)?.map(|n| u32::from(n.get())));
    Getter "leadMs" lead_ms |_, g, _| Ok(g.lead_ms() as f64);
    Getter "maxLeadMs" max_lead_ms |_, g, _| Ok(g.max_lead_ms() as f64);
    Getter "onClockBehind" on_clock_behind |_, g, _| Ok(g.on_clock_behind().as_str());
    Method "setClockMicros" set_clock_micros |env, g, micros| g.set_clock_micros(env, micros.get::<Int>()?);
    Method "next" next |env, g, _| Ok(wrap(g.next().or_throw(env)?));
    Method "nextString" next_string |env, g, _| Ok(Ascii(g.next().or_throw(env)?.to_bytes()));
    Method "nextMany" next_many |env, g, count| {
        let n = count.get::<Int>()?.get::<usize>("count").or_throw(env)?;
        Ok(g.next_many(n).or_throw(env)?.into_iter().map(wrap).collect::<Vec<_>>())
    };
    Method "nextManyStrings" next_many_strings |env, g, count| {
        let n = count.get::<Int>()?.get::<usize>("count").or_throw(env)?;
        let tids = g.next_many(n).or_throw(env)?;
        let mut text = Vec::with_capacity(n * polyid::tid::LEN);
        for t in &tids {
            text.extend_from_slice(&t.to_bytes());
        }
        Ok(RawValue::from(batch::fixed_strings(env, &text, polyid::tid::LEN)?))
    };
}

// The getters and methods of Tid objects (see `object::member`; documented in dts-header.d.ts).
members! { pub(crate) mod tid_members for Tid;
    Getter "micros" micros |_, me, _| Ok(BigI64(me.inner.micros()));
    Getter "clockId" clock_id |_, me, _| Ok(me.inner.clock_id() as u32);
    Getter "value" value |_, me, _| Ok(BigI64(me.inner.value()));
    Method "display" display |_, me, _| Ok(Ascii(me.inner.display_bytes()));
    Method "toDate" to_date |_, me, _| Ok(DateOut(me.inner.micros().div_euclid(1000) as f64));
    Same "equals" equals |_, me, other| Ok(me.inner == other.same::<Tid>()?.inner);
    Same "compare" compare |_, me, other| Ok(me.inner.cmp(&other.same::<Tid>()?.inner) as i32);
    Method "toString" to_js_string |_, me, _| Ok(Ascii(me.inner.to_bytes()));
    Method "toJSON" to_json |_, me, _| Ok(Ascii(me.inner.to_bytes()));
}

/// `util.inspect` of a Tid: `Tid(text)`.
pub(crate) unsafe extern "C" fn inspect(
    env: napi::sys::napi_env,
    info: napi::sys::napi_callback_info,
) -> napi::sys::napi_value {
    inspect_value::<Tid>(env, info, |t| t.inner.to_string())
}
