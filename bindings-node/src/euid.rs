//! EUID: 128-bit sortable IDs with an extension field and a check symbol.

use std::rc::Rc;

use napi::bindgen_prelude::This;
use napi::{Env, Result};
use napi_derive::napi;
use polyid::euid::{MAX_EXTENSION, MAX_UNIX_MS};

use crate::batch;
use crate::conv::{Ascii, BigU128, Bool, BytesArg, DateArg, DateOut, Int, OrThrow, Text};
use crate::gen::{Gen, GenClock, GenOptions};
use crate::object::{generator_class, inspect_value, members, Class, IdArg, Kind, RawValue, Val};

fn extension(env: &Env, ext: Option<Int>) -> Result<Option<u16>> {
    match ext {
        Some(e) => Ok(Some(
            e.get_within::<u16>("EUID extension", 0, MAX_EXTENSION as i128)
                .or_throw(env)?,
        )),
        None => Ok(None),
    }
}

/// An EUID: a 128-bit value (45-bit Unix milliseconds, an optional 0-32767 extension, random
/// bits) written as 27 symbols with a check symbol (`1HF7YAT0007ZG0938NKRKAYDXXB`).
///
/// Create one with `Euid.generate()`, `new EuidGenerator().next()`, `Euid.fromParts()`,
/// `Euid.fromDate()`, `Euid.parse()`, `Euid.fromBigInt()` or `Euid.fromBytes()`;
/// `new Euid()` is not available.
#[napi]
#[repr(C)]
#[derive(Clone, Copy)]
pub struct Euid {
    kind: Kind,
    inner: polyid::Euid,
}

// SAFETY: `#[repr(C)]`, `kind` first and always `Kind::Euid`.
unsafe impl Class for Euid {
    const KIND: Kind = Kind::Euid;
    const JS_NAME: &'static str = "Euid\0";
}

impl crate::object::Value for Euid {
    const SLOT: usize = 2;
    fn to_words(&self) -> [u64; 2] {
        let v = self.inner.value();
        [v as u64, (v >> 64) as u64]
    }
    fn from_words(words: [u64; 2]) -> Option<Self> {
        Some(Euid {
            kind: Kind::Euid,
            inner: polyid::Euid::from_u128(u128::from(words[1]) << 64 | u128::from(words[0])),
        })
    }
}

fn wrap(inner: polyid::Euid) -> Val<Euid> {
    Val(Euid {
        kind: Kind::Euid,
        inner,
    })
}

#[napi]
impl Euid {
    /// A new EUID for the current time with fresh random bits, carrying `extension`
    /// (0-32767) if given.
    ///
    /// Throws `OUT_OF_RANGE`.
    #[napi(
        ts_return_type = "Euid",
        catch_unwind,
        ts_args_type = "extension?: number | null"
    )]
    pub fn generate(env: &Env, extension_: Option<Int>) -> Result<Val<Euid>> {
        let ext = extension(env, extension_)?;
        Ok(wrap(polyid::Euid::generate(ext).or_throw(env)?))
    }

    /// The text of a new EUID (faster than `Euid.generate().toString()`).
    #[napi(
        catch_unwind,
        ts_args_type = "extension?: number | null",
        ts_return_type = "string"
    )]
    pub fn generate_string(env: &Env, extension_: Option<Int>) -> Result<Ascii<27>> {
        let ext = extension(env, extension_)?;
        Ok(Ascii(
            polyid::Euid::generate(ext)
                .or_throw(env)?
                .encode_bytes(true),
        ))
    }

    /// The EUID of its fields: Unix milliseconds (0 to 2^45-1), extension (0-32767 or
    /// `null`/omitted for none), padding (the random bits above the extension:
    /// `15 - L` bits, 15 without extension; default 0) and the low 64 random bits
    /// (default `0n`).
    ///
    /// Throws `OUT_OF_RANGE`.
    #[napi(
        ts_return_type = "Euid",
        catch_unwind,
        ts_args_type = "unixMs: number, extension?: number | null, padding?: number, random?: bigint | number"
    )]
    pub fn from_parts(
        env: &Env,
        unix_ms: Int,
        extension_: Option<Int>,
        padding: Option<Int>,
        random: Option<Int>,
    ) -> Result<Val<Euid>> {
        let ms = unix_ms
            .get_within::<u64>("EUID unix_ms", 0, MAX_UNIX_MS as i128)
            .or_throw(env)?;
        let ext = extension(env, extension_)?;
        let pad = match padding {
            Some(p) => p
                .get_within::<u16>("EUID padding", 0, MAX_EXTENSION as i128)
                .or_throw(env)?,
            None => 0,
        };
        let rnd = match random {
            Some(r) => r.get::<u64>("EUID random").or_throw(env)?,
            None => 0,
        };
        Ok(wrap(
            polyid::Euid::from_parts(ms, ext, pad, rnd).or_throw(env)?,
        ))
    }

    /// The EUID of a `Date`, with fresh random bits and `extension` if given.
    ///
    /// Throws `OUT_OF_RANGE`.
    #[napi(
        ts_return_type = "Euid",
        catch_unwind,
        ts_args_type = "date: Date, extension?: number | null"
    )]
    pub fn from_date(env: &Env, date: DateArg, extension_: Option<Int>) -> Result<Val<Euid>> {
        let ms = Int::from_i64(date.0)
            .get_within::<u64>("EUID unix_ms", 0, MAX_UNIX_MS as i128)
            .or_throw(env)?;
        let ext = extension(env, extension_)?;
        Ok(wrap(polyid::Euid::generate_at(ms, ext).or_throw(env)?))
    }

    /// Parses the 27-symbol text (case-insensitive; `I`/`L` read as 1, `O` as 0).
    ///
    /// Throws `INVALID_LENGTH`, `INVALID_CHARACTER` or `INVALID_CHECKMOD` (with `found` and
    /// `expected`).
    #[napi(ts_return_type = "Euid", catch_unwind, ts_args_type = "text: string")]
    pub fn parse(env: &Env, text: Text) -> Result<Val<Euid>> {
        Ok(wrap(text.with(polyid::Euid::parse)?.or_throw(env)?))
    }

    /// The EUID of a 128-bit value (every value in `0..2^128-1` is one).
    ///
    /// Throws `OUT_OF_RANGE`.
    #[napi(
        ts_return_type = "Euid",
        catch_unwind,
        js_name = "fromBigInt",
        ts_args_type = "value: bigint | number"
    )]
    pub fn from_big_int(env: &Env, value: Int) -> Result<Val<Euid>> {
        Ok(wrap(polyid::Euid::from_u128(
            value.u128("EUID value").or_throw(env)?,
        )))
    }

    /// The EUID of its 16 big-endian bytes (`Uint8Array`, `Buffer` or `ArrayBuffer`).
    ///
    /// Throws `INVALID_LENGTH`.
    #[napi(
        ts_return_type = "Euid",
        catch_unwind,
        ts_args_type = "bytes: Uint8Array | ArrayBuffer"
    )]
    pub fn from_bytes(env: &Env, bytes: BytesArg) -> Result<Val<Euid>> {
        Ok(wrap(polyid::Euid::from_slice(&bytes.0).or_throw(env)?))
    }
}

/// A strictly monotonic EUID generator: every EUID it returns is greater than the one before,
/// also when the clock steps back.
#[napi]
#[repr(C)]
pub struct EuidGenerator {
    kind: Kind,
    inner: Rc<Gen<polyid::EuidGenerator<GenClock>>>,
    /// Handle in `GENERATORS` (see `object::Table`).
    handle: u64,
}

// SAFETY: `#[repr(C)]`, `kind` first and always `Kind::EuidGenerator`.
unsafe impl Class for EuidGenerator {
    const KIND: Kind = Kind::EuidGenerator;
    const JS_NAME: &'static str = "EuidGenerator\0";
}

generator_class!(EuidGenerator, Gen<polyid::EuidGenerator<GenClock>>, 1);

fn build_euid_generator(
    env: &Env,
    extension_: Option<Int>,
    options: Option<GenOptions>,
    last: Option<IdArg<Euid>>,
) -> Result<Gen<polyid::EuidGenerator<GenClock>>> {
    let ext = extension(env, extension_)?;
    let o = GenOptions::or_default(options);
    let last = match last {
        Some(IdArg::Value(e)) => Some(e.inner),
        Some(IdArg::Text(t)) => Some(t.with(polyid::Euid::parse)?.or_throw(env)?),
        None => None,
    };
    Gen::build(&o, |clock| match last {
        Some(last) => polyid::EuidGenerator::resume_with(clock, ext, o.options, last),
        None => polyid::EuidGenerator::with_options(clock, ext, o.options),
    })
    .or_throw(env)
}

#[napi]
impl EuidGenerator {
    /// A generator whose EUIDs carry `extension` (0-32767), or none. `options` as for
    /// `XidGenerator` (docs/spec §6.5) but without a node: EUIDs take none (`node` is
    /// `INVALID_ARGUMENT`).
    ///
    /// Throws `OUT_OF_RANGE` or `INVALID_ARGUMENT`.
    #[napi(
        constructor,
        catch_unwind,
        ts_args_type = "extension?: number | null, options?: EuidGeneratorOptions | null"
    )]
    pub fn new(
        env: &Env,
        this: This,
        extension_: Option<Int>,
        options: Option<GenOptions>,
    ) -> Result<EuidGenerator> {
        let inner = build_euid_generator(env, extension_, options, None)?;
        let (inner, handle) = EuidGenerator::register(env, &this, inner)?;
        Ok(EuidGenerator {
            kind: Kind::EuidGenerator,
            inner,
            handle,
        })
    }

    /// A generator that continues after `last` (an EUID issued before, e.g. persisted across
    /// a restart; a `Euid` or its text): everything it returns is greater than `last`.
    /// `extension` and `options` as for the constructor.
    ///
    /// Throws what the constructor throws, and what `Euid.parse` throws for the text.
    #[napi(
        catch_unwind,
        ts_args_type = "last: Euid | string, extension?: number | null, options?: EuidGeneratorOptions | null",
        ts_return_type = "EuidGenerator"
    )]
    pub fn resume(
        env: &Env,
        last: IdArg<Euid>,
        extension_: Option<Int>,
        options: Option<GenOptions>,
    ) -> Result<RawValue> {
        let inner = build_euid_generator(env, extension_, options, Some(last))?;
        EuidGenerator::create(env, inner, |inner, handle| EuidGenerator {
            kind: Kind::EuidGenerator,
            inner,
            handle,
        })
    }
}

// The getters and methods of EuidGenerator objects (see `object::member`; documented in
// dts-header.d.ts).
members! { pub(crate) mod euid_generator_members for EuidGenerator;
    Getter "extension" extension |_, g, _| Ok(g.extension().map(u32::from));
    Getter "leadMs" lead_ms |_, g, _| Ok(g.lead_ms() as f64);
    Getter "maxLeadMs" max_lead_ms |_, g, _| Ok(g.max_lead_ms() as f64);
    Getter "onClockBehind" on_clock_behind |_, g, _| Ok(g.on_clock_behind().as_str());
    Method "setClockMicros" set_clock_micros |env, g, micros| g.set_clock_micros(env, micros.get::<Int>()?);
    Method "next" next |env, g, _| Ok(wrap(g.next().or_throw(env)?));
    Method "nextString" next_string |env, g, _| Ok(Ascii(g.next().or_throw(env)?.encode_bytes(true)));
    Method "nextMany" next_many |env, g, count| {
        let n = count.get::<Int>()?.get::<usize>("count").or_throw(env)?;
        Ok(g.next_many(n).or_throw(env)?.into_iter().map(wrap).collect::<Vec<_>>())
    };
    Method "nextManyStrings" next_many_strings |env, g, count| {
        let n = count.get::<Int>()?.get::<usize>("count").or_throw(env)?;
        let euids = g.next_many(n).or_throw(env)?;
        let mut text = Vec::with_capacity(n * polyid::euid::LEN);
        for e in &euids {
            text.extend_from_slice(&e.encode_bytes(true));
        }
        Ok(RawValue::from(batch::fixed_strings(env, &text, polyid::euid::LEN)?))
    };
}

// The getters and methods of Euid objects (see `object::member`; documented in
// dts-header.d.ts).
members! { pub(crate) mod euid_members for Euid;
    Getter "value" value |_, me, _| Ok(BigU128(me.inner.value()));
    Bytes(16) "bytes" bytes |_, me, out| out.bytes(me.inner.to_bytes());
    Getter "unixMs" unix_ms |_, me, _| Ok(me.inner.unix_ms() as f64);
    Getter "extension" extension |_, me, _| Ok(me.inner.extension().map(u32::from));
    Getter "padding" padding |_, me, _| Ok(me.inner.padding() as u32);
    Getter "checkmod" checkmod |_, me, _| Ok(me.inner.checkmod() as u32);
    Method "encode" encode |_, me, checkmod| {
        let checkmod: Option<Bool> = checkmod.get()?;
        Ok(Ascii(me.inner.encode_bytes(checkmod.is_none_or(|b| b.0))))
    };
    Method "next" next |env, me, _| Ok(wrap(me.inner.next().or_throw(env)?));
    Method "toDate" to_date |_, me, _| Ok(DateOut(me.inner.unix_ms() as f64));
    Same "equals" equals |_, me, other| Ok(me.inner == other.same::<Euid>()?.inner);
    Same "compare" compare |_, me, other| Ok(me.inner.cmp(&other.same::<Euid>()?.inner) as i32);
    Method "toString" to_js_string |_, me, _| Ok(Ascii(me.inner.encode_bytes(true)));
    Method "toJSON" to_json |_, me, _| Ok(Ascii(me.inner.encode_bytes(true)));
}

/// `util.inspect` of a Euid: `Euid(text)`.
pub(crate) unsafe extern "C" fn inspect(
    env: napi::sys::napi_env,
    info: napi::sys::napi_callback_info,
) -> napi::sys::napi_value {
    inspect_value::<Euid>(env, info, |e| e.inner.to_string())
}
