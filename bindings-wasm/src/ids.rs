//! The ID-only module's exports (feature `ids`, the default): WDP compact IDs, uid11/xid, TID,
//! EUID. Built into `pkg/*/polyid_wasm_bg.wasm`, the module under the size budget.

use std::sync::Arc;

use polyid::clock::EitherClock;
use polyid::policy::{OnClockBehind, Options, MAX_LEAD_MS};
use polyid::wdp::{self, NamedSequences};
use polyid::{euid, node, tid, uid11, xid, Node};
use wasm_bindgen::prelude::*;

use crate::clock::JsClock;
use crate::error::{JsResult, Throw};

/// The core's ASCII text bytes (what the core's `Display` writes, without going through Rust's
/// formatting machinery) as a JavaScript string, passed by reference: no copy into a `String`.
fn text(bytes: &[u8]) -> JsValue {
    match core::str::from_utf8(bytes) {
        Ok(s) => JsValue::from_str(s),
        // Not reached: the core's texts are ASCII by construction. Each byte is then its
        // character, which is what an ASCII text means.
        Err(_) => JsValue::from_str(&bytes.iter().map(|&b| char::from(b)).collect::<String>()),
    }
}

/// The families' ranges, for the JavaScript layer's OUT_OF_RANGE messages on values that do
/// not fit a parameter's type: `[TID min micros, TID max micros, TID max clock id, xid epoch
/// ms, xid max ms, xid max random, EUID max ms, EUID max extension, max batch, max node, max
/// lead ms, compact ID length, xid/uid11 text length, TID text length, EUID text length]`
/// (bigints).
#[wasm_bindgen]
pub fn limits() -> js_sys::Array {
    [
        JsValue::from(tid::MIN_MICROS),
        JsValue::from(tid::MAX_MICROS),
        JsValue::from(u64::from(tid::MAX_CLOCK_ID)),
        JsValue::from(xid::EPOCH_MS),
        JsValue::from(xid::MAX_UNIX_MS),
        JsValue::from(u64::from(xid::MAX_RANDOM)),
        JsValue::from(euid::MAX_UNIX_MS),
        JsValue::from(u64::from(euid::MAX_EXTENSION)),
        JsValue::from(polyid::MAX_BATCH as u64),
        JsValue::from(u64::from(node::MAX_NODE)),
        JsValue::from(MAX_LEAD_MS),
        JsValue::from(wdp::COMPACT_LEN as u64),
        JsValue::from(uid11::LEN as u64),
        JsValue::from(tid::LEN as u64),
        JsValue::from(euid::LEN as u64),
    ]
    .iter()
    .collect()
}

// ---------------------------------------------------------------------------------------
// WDP

/// A named-sequence table: the standard names plus the caller's (the JavaScript layer keeps
/// one standard table for calls without extra names).
#[wasm_bindgen]
pub struct Names(NamedSequences);

/// A new table with the standard names (`names_new` in both engines).
#[wasm_bindgen]
pub fn names_new() -> Names {
    Names(NamedSequences::standard())
}

/// Adds `name` for `number` to a table.
#[wasm_bindgen]
pub fn names_insert(names: &mut Names, name: &str, number: u16) -> JsResult<()> {
    names.0.insert(name, number).js()
}

/// The one call of the core's code parser in this module.
///
/// The core inlines its fast parser into every caller; funnelling `compactId`,
/// `normalizeCode`, `parseCode` and `fullId` through this single non-inlined call keeps one
/// copy of it in the `.wasm` (the size budget), with the same results and errors as
/// `wdp::compact_id_with` / `normalize_with` (both are `StructuredCode::parse_with` underneath).
#[inline(never)]
fn parse(code: &str, names: &Names) -> JsResult<wdp::StructuredCode> {
    wdp::StructuredCode::parse_with(code, &names.0).js()
}

/// The compact IDs of the pieces of `text` split at `sep`, back to back (after a `sep` each
/// when `keep_sep`), or the index of the first invalid piece as a number: the JavaScript
/// layer then asks `compact_id` for that piece's precise error.
fn compact_pieces(text: &str, sep: char, keep_sep: bool, names: &Names) -> JsValue {
    let mut out = String::with_capacity(text.len() / 2 + wdp::COMPACT_LEN);
    for (i, code) in text.split(sep).enumerate() {
        if keep_sep && i > 0 {
            out.push(sep);
        }
        // Through the one parser call of the module (see `parse`).
        match parse(code, names) {
            Ok(p) => out.push_str(p.compact_id().as_str()),
            Err(_) => return JsValue::from_f64(i as f64),
        }
    }
    JsValue::from_str(&out)
}

/// `compactIds` transport: NUL-joined codes in, IDs back to back out (or a failing index).
#[wasm_bindgen]
pub fn compact_ids_packed(text: &str, names: &Names) -> JsValue {
    compact_pieces(text, '\0', false, names)
}

/// `compactIdsJoined`: lines in, lines out (or the index of the first invalid line).
#[wasm_bindgen]
pub fn compact_ids_lines(text: &str, names: &Names) -> JsValue {
    if text.is_empty() {
        return JsValue::from_str("");
    }
    compact_pieces(text, '\n', true, names)
}

/// The core's `BUFFER_TOO_SMALL` for `compactIdsInto`, thrown.
#[wasm_bindgen]
pub fn buffer_too_small(found: usize, expected: usize) -> JsResult<()> {
    Err(crate::error::core_error(polyid::Error::new(
        polyid::ErrorCode::BufferTooSmall,
        "compactIdsInto",
        polyid::Detail::Length { found, expected },
    )))
}

/// The compact ID (`StructuredCode::compact_id`).
#[wasm_bindgen]
pub fn compact_id(code: &str, names: &Names) -> JsResult<String> {
    Ok(parse(code, names)?.compact_id().as_str().to_owned())
}

/// The normalized code (`StructuredCode::normalized`).
#[wasm_bindgen]
pub fn normalize_code(code: &str, names: &Names) -> JsResult<String> {
    Ok(parse(code, names)?.normalized().to_owned())
}

/// `StructuredCode::parse_with`, as `[severity, meaning, priority, blocking, component,
/// primary, sequence, normalized, compactId]`.
#[wasm_bindgen]
pub fn parse_code(code: &str, names: &Names) -> JsResult<js_sys::Array> {
    let parsed = parse(code, names)?;
    let severity = parsed.severity();
    let mut letter = [0u8; 4];
    let fields: [JsValue; 9] = [
        JsValue::from_str(severity.letter().encode_utf8(&mut letter)),
        severity.meaning().into(),
        severity.priority().into(),
        severity.is_blocking().into(),
        parsed.component().into(),
        parsed.primary().into(),
        parsed.sequence().into(),
        parsed.normalized().into(),
        parsed.compact_id().as_str().into(),
    ];
    Ok(fields.iter().collect())
}

/// `wdp::namespace_hash`.
#[wasm_bindgen]
pub fn namespace_hash(namespace: &str) -> JsResult<String> {
    wdp::namespace_hash(namespace).js()
}

/// The full ID, composed as `wdp::full_id_with` does (namespace checked first, then the
/// code) from the core's pieces, so that the code parser stays a single copy (see [`parse`]);
/// the text is the core's `FullId::to_text`.
#[wasm_bindgen]
pub fn full_id(namespace: &str, code: &str, names: &Names) -> JsResult<String> {
    let namespace_hash = wdp::namespace_hash_id(namespace).js()?;
    let compact_id = parse(code, names)?.compact_id();
    Ok(wdp::FullId {
        namespace_hash,
        compact_id,
    }
    .to_text())
}

// Profiles (docs/spec §1.5, §3.5, §4.4): the same calls read as another ecosystem reads them;
// the profile travels as its name (`Profile::parse` refuses an unknown one).

#[cfg(feature = "profiles")]
fn profile(name: &str) -> JsResult<polyid::Profile> {
    polyid::Profile::parse(name).js()
}

/// `wdp::compact_id_as_with` without caller names.
#[cfg(feature = "profiles")]
#[wasm_bindgen]
pub fn compact_id_as(code: &str, profile_name: &str) -> JsResult<String> {
    let id = wdp::compact_id_as_with(code, None, profile(profile_name)?).js()?;
    Ok(id.as_str().to_owned())
}

/// `wdp::compact_id_as_with` with the caller's names.
#[cfg(feature = "profiles")]
#[wasm_bindgen]
pub fn compact_id_as_with(code: &str, names: &Names, profile_name: &str) -> JsResult<String> {
    let id = wdp::compact_id_as_with(code, Some(&names.0), profile(profile_name)?).js()?;
    Ok(id.as_str().to_owned())
}

/// `wdp::namespace_hash_as`.
#[cfg(feature = "profiles")]
#[wasm_bindgen]
pub fn namespace_hash_as(namespace: &str, profile_name: &str) -> JsResult<String> {
    let id = wdp::namespace_hash_as(namespace, profile(profile_name)?).js()?;
    Ok(id.as_str().to_owned())
}

/// `wdp::full_id_as_with` without caller names.
#[cfg(feature = "profiles")]
#[wasm_bindgen]
pub fn full_id_as(namespace: &str, code: &str, profile_name: &str) -> JsResult<String> {
    let p = profile(profile_name)?;
    Ok(wdp::full_id_as_with(namespace, code, None, p)
        .js()?
        .to_text())
}

/// `wdp::full_id_as_with` with the caller's names.
#[cfg(feature = "profiles")]
#[wasm_bindgen]
pub fn full_id_as_with(
    namespace: &str,
    code: &str,
    names: &Names,
    profile_name: &str,
) -> JsResult<String> {
    let p = profile(profile_name)?;
    Ok(wdp::full_id_as_with(namespace, code, Some(&names.0), p)
        .js()?
        .to_text())
}

/// `wdp::parse_full_id_as`, as `[namespaceHash or null, compactId]`.
#[cfg(feature = "profiles")]
#[wasm_bindgen]
pub fn parse_full_id_as(id: &str, profile_name: &str) -> JsResult<js_sys::Array> {
    let (ns, compact) = wdp::parse_full_id_as(id, profile(profile_name)?).js()?;
    let ns = ns.map_or(JsValue::NULL, |h| h.as_str().into());
    Ok(js_sys::Array::of2(&ns, &compact.as_str().into()))
}

/// `wdp::parse_full_id`, as `[namespaceHash, compactId]`.
#[wasm_bindgen]
pub fn parse_full_id(id: &str) -> JsResult<js_sys::Array> {
    let full = wdp::parse_full_id(id).js()?;
    Ok(js_sys::Array::of2(
        &full.namespace_hash.as_str().into(),
        &full.compact_id.as_str().into(),
    ))
}

// ---------------------------------------------------------------------------------------
// uid11 and prefix ranges

/// `uid11::encode`.
#[wasm_bindgen]
pub fn uid11_encode(value: u64) -> String {
    uid11::encode(value)
}

/// `uid11::decode`.
#[wasm_bindgen]
pub fn uid11_decode(text: &str) -> JsResult<u64> {
    uid11::decode(text).js()
}

/// `uid11::prefix_range`: `[lo, hi]` or `undefined`.
#[wasm_bindgen]
pub fn uid11_prefix_range(prefix: &str) -> JsResult<Option<Vec<u64>>> {
    Ok(uid11::prefix_range(prefix)
        .js()?
        .map(|(lo, hi)| vec![lo, hi]))
}

/// `xid::prefix_time_range`: `[min_ms, max_ms]` or `undefined`.
#[wasm_bindgen]
pub fn xid_prefix_time_range(prefix: &str) -> JsResult<Option<Vec<f64>>> {
    Ok(xid::prefix_time_range(prefix)
        .js()?
        .map(|(lo, hi)| vec![lo as f64, hi as f64]))
}

/// `tid::prefix_range`: `[min_micros, max_micros]` or `undefined`.
#[wasm_bindgen]
pub fn tid_prefix_range(prefix: &str) -> JsResult<Option<Vec<i64>>> {
    Ok(tid::prefix_range(prefix).js()?.map(|(lo, hi)| vec![lo, hi]))
}

// ---------------------------------------------------------------------------------------
// Generators: clocks, options, the process node
//
// Each generator class has four entry points (`new`, `next`, `next_many`, `info`) and its
// clock is a separate object (`Clock`), so that the module carries one `set_micros` and one
// `info` per class rather than a function per getter (the size budget). The default
// generators behind `Xid.generate()` and `Tid.generate()` are instances of these classes
// with default options, made by the JavaScript layer at their first use.

/// Every generator's clock: the JavaScript clock, or a manual one (`clockMicros`). One clock
/// type for all generators of the module, so that each generator's code is in the module once.
type Clk = Arc<EitherClock<JsClock>>;

/// A generator's clock, shared with the generator: `setClockMicros` moves it.
#[wasm_bindgen]
pub struct Clock(Clk);

/// `EitherClock::new(JsClock, micros)`: the JavaScript clock, or a manual one at `micros`.
#[wasm_bindgen]
pub fn clock_new(micros: Option<i64>) -> Clock {
    Clock(Arc::new(EitherClock::new(JsClock, micros)))
}

/// `EitherClock::set_micros` (`INVALID_ARGUMENT` on the real clock).
#[wasm_bindgen]
pub fn clock_set(clock: &Clock, micros: i64) -> JsResult<()> {
    clock.0.set_micros(micros).js()
}

/// The core's options from the JavaScript layer's translation: the node and the seed as
/// given (the node's range is the core's: `Node::new`), `max_lead_ms` (checked by the core's
/// constructors), and `wait` for `on_clock_behind = "wait"` (the JavaScript layer reads the
/// text, so that the core's `FromStr`, which formats its message with `{:?}`, stays out of
/// the module: see bindings-js/api.js).
fn options(
    node: Option<u64>,
    seed: Option<u64>,
    max_lead_ms: Option<u64>,
    wait: bool,
) -> JsResult<Options> {
    let mut options = Options::default();
    if let Some(n) = node {
        options.node = Some(Node::new(n).js()?);
    }
    options.seed = seed;
    if let Some(ms) = max_lead_ms {
        options.max_lead_ms = ms;
    }
    if wait {
        options.on_clock_behind = OnClockBehind::Wait;
    }
    Ok(options)
}

/// What a generator's getters read: `[a, b, leadMs, maxLeadMs, onClockBehind]`, `a` and `b`
/// the family's (xid: node or `undefined`, lane; TID: node or `undefined`, clock id; EUID:
/// extension or `undefined`).
#[inline(never)]
fn info(
    a: JsValue,
    b: JsValue,
    lead_ms: u64,
    max_lead_ms: u64,
    policy: OnClockBehind,
) -> js_sys::Array {
    [
        a,
        b,
        JsValue::from_f64(lead_ms as f64),
        JsValue::from_f64(max_lead_ms as f64),
        JsValue::from_str(policy.as_str()),
    ]
    .iter()
    .collect()
}

/// A node as `info` gives it: its number, or `undefined`.
fn node_value(node: Option<Node>) -> JsValue {
    node.map_or(JsValue::UNDEFINED, |n| n.get().into())
}

/// `node::set_process_node`: `undefined` withdraws the node.
#[wasm_bindgen]
pub fn set_node(node: Option<u64>) -> JsResult<()> {
    let node = match node {
        Some(n) => Some(Node::new(n).js()?),
        None => None,
    };
    node::set_process_node(node).js()
}

/// `node::process_node`, or `undefined`.
#[wasm_bindgen]
pub fn process_node() -> JsResult<Option<u16>> {
    Ok(node::process_node().js()?.map(Node::get))
}

/// `node::set_node_required`.
#[wasm_bindgen]
pub fn set_node_required(required: bool) {
    node::set_node_required(required)
}

/// `node::node_required`.
#[wasm_bindgen]
pub fn node_required() -> bool {
    node::node_required()
}

// ---------------------------------------------------------------------------------------
// xid (an xid travels as its u64 value)

/// An xid generator (`XidGenerator`).
#[wasm_bindgen]
pub struct XidGen(xid::XidGenerator<Clk>);

/// `XidGenerator::with_options` on `clock` (or `resume` after the xid of value `resume`),
/// the options as [`options`] takes them.
#[wasm_bindgen]
pub fn xid_gen_new(
    clock: &Clock,
    node: Option<u64>,
    seed: Option<u64>,
    max_lead_ms: Option<u64>,
    wait: bool,
    resume: Option<u64>,
) -> JsResult<XidGen> {
    let options = options(node, seed, max_lead_ms, wait)?;
    let c = Arc::clone(&clock.0);
    let g = match resume {
        Some(v) => xid::XidGenerator::resume(c, options, xid::Xid::from_u64(v)),
        None => xid::XidGenerator::with_options(c, options),
    };
    g.js().map(XidGen)
}

/// The next xid's value.
#[wasm_bindgen]
pub fn xid_gen_next(gen: &XidGen) -> JsResult<u64> {
    gen.0.next().js().map(xid::Xid::value)
}

/// The next xid's text: one call instead of `xid_gen_next` + `xid_text` (the JavaScript
/// layer's `nextString` accelerator; a BigInt round trip less).
#[wasm_bindgen]
pub fn xid_gen_next_string(gen: &XidGen) -> JsResult<JsValue> {
    Ok(text(&gen.0.next().js()?.to_bytes()))
}

/// The values of the next `count` xids (consecutive, one clock read).
#[wasm_bindgen]
pub fn xid_gen_next_many(gen: &XidGen, count: usize) -> JsResult<Vec<u64>> {
    let list = gen.0.next_many(count).js()?;
    Ok(list.into_iter().map(xid::Xid::value).collect())
}

/// `[node or undefined, lane, leadMs, maxLeadMs, onClockBehind]`.
#[wasm_bindgen]
pub fn xid_gen_info(gen: &XidGen) -> JsResult<js_sys::Array> {
    let g = &gen.0;
    Ok(info(
        node_value(g.node().js()?),
        g.lane().js()?.into(),
        g.lead_ms(),
        g.max_lead_ms(),
        g.on_clock_behind(),
    ))
}

/// `Xid::generate_at` (fresh random bits).
#[wasm_bindgen]
pub fn xid_generate_at(unix_ms: u64) -> JsResult<u64> {
    xid::Xid::generate_at(unix_ms).js().map(xid::Xid::value)
}

/// `Xid::from_parts`.
#[wasm_bindgen]
pub fn xid_from_parts(unix_ms: u64, random: u32) -> JsResult<u64> {
    xid::Xid::from_parts(unix_ms, random)
        .js()
        .map(xid::Xid::value)
}

/// `Xid::parse`.
#[wasm_bindgen]
pub fn xid_parse(text: &str) -> JsResult<u64> {
    xid::Xid::parse(text).js().map(xid::Xid::value)
}

/// An xid's text.
#[wasm_bindgen]
pub fn xid_text(value: u64) -> JsValue {
    text(&xid::Xid::from_u64(value).to_bytes())
}

/// An xid's Unix time in milliseconds.
#[wasm_bindgen]
pub fn xid_unix_ms(value: u64) -> f64 {
    xid::Xid::from_u64(value).unix_ms() as f64
}

/// An xid's 22 low bits.
#[wasm_bindgen]
pub fn xid_random(value: u64) -> u32 {
    xid::Xid::from_u64(value).random()
}

// ---------------------------------------------------------------------------------------
// TID (a TID travels as its i64 value)

fn tid_of(value: i64) -> JsResult<tid::Tid> {
    tid::Tid::from_i64(value).js()
}

/// `Tid::from_parts`.
#[wasm_bindgen]
pub fn tid_from_parts(micros: i64, clock_id: u16) -> JsResult<i64> {
    tid::Tid::from_parts(micros, clock_id)
        .js()
        .map(tid::Tid::value)
}

/// `Tid::from_i64`.
#[wasm_bindgen]
pub fn tid_from_i64(value: i64) -> JsResult<i64> {
    tid_of(value).map(tid::Tid::value)
}

/// `Tid::parse_as` (docs/spec §3.5), the profile by name.
#[cfg(feature = "profiles")]
#[wasm_bindgen]
pub fn tid_parse_as(text: &str, profile_name: &str) -> JsResult<i64> {
    tid::Tid::parse_as(text, profile(profile_name)?)
        .js()
        .map(tid::Tid::value)
}

/// `Tid::parse`.
#[wasm_bindgen]
pub fn tid_parse(text: &str) -> JsResult<i64> {
    tid::Tid::parse(text).js().map(tid::Tid::value)
}

/// A TID's text.
#[wasm_bindgen]
pub fn tid_text(value: i64) -> JsResult<JsValue> {
    Ok(text(&tid_of(value)?.to_bytes()))
}

/// A TID's dashed display form.
#[wasm_bindgen]
pub fn tid_display(value: i64) -> JsResult<JsValue> {
    Ok(text(&tid_of(value)?.display_bytes()))
}

/// A TID's microseconds since 1970.
#[wasm_bindgen]
pub fn tid_micros(value: i64) -> JsResult<i64> {
    Ok(tid_of(value)?.micros())
}

/// A TID's clock id.
#[wasm_bindgen]
pub fn tid_clock_id(value: i64) -> JsResult<u16> {
    Ok(tid_of(value)?.clock_id())
}

/// A TID's time in Unix milliseconds (microseconds floored), for `Date`.
#[wasm_bindgen]
pub fn tid_unix_ms(value: i64) -> JsResult<f64> {
    Ok(tid_of(value)?.micros().div_euclid(1000) as f64)
}

/// A monotonic TID generator (`TidGenerator`).
#[wasm_bindgen]
pub struct TidGen(tid::TidGenerator<Clk>);

/// `TidGenerator::with_options(clock, options, clock_id)` (or `resume` after the TID of
/// value `resume`), the options as [`options`] takes them.
#[wasm_bindgen]
pub fn tid_gen_new(
    clock: &Clock,
    clock_id: Option<u16>,
    node: Option<u64>,
    seed: Option<u64>,
    max_lead_ms: Option<u64>,
    wait: bool,
    resume: Option<i64>,
) -> JsResult<TidGen> {
    let options = options(node, seed, max_lead_ms, wait)?;
    let c = Arc::clone(&clock.0);
    let g = match resume {
        Some(v) => tid::TidGenerator::resume(c, options, clock_id, tid_of(v)?),
        None => tid::TidGenerator::with_options(c, options, clock_id),
    };
    g.js().map(TidGen)
}

/// The next TID's value.
#[wasm_bindgen]
pub fn tid_gen_next(gen: &TidGen) -> JsResult<i64> {
    gen.0.next().js().map(tid::Tid::value)
}

/// The next TID's text (the `nextString` accelerator, as `xid_gen_next_string`).
#[wasm_bindgen]
pub fn tid_gen_next_string(gen: &TidGen) -> JsResult<JsValue> {
    Ok(text(&gen.0.next().js()?.to_bytes()))
}

/// The values of the next `count` TIDs (consecutive microseconds, one clock read).
#[wasm_bindgen]
pub fn tid_gen_next_many(gen: &TidGen, count: usize) -> JsResult<js_sys::Array> {
    let tids = gen.0.next_many(count).js()?;
    Ok(tids.into_iter().map(|t| JsValue::from(t.value())).collect())
}

/// `[node or undefined, clockId, leadMs, maxLeadMs, onClockBehind]`.
#[wasm_bindgen]
pub fn tid_gen_info(gen: &TidGen) -> JsResult<js_sys::Array> {
    let g = &gen.0;
    Ok(info(
        node_value(g.node().js()?),
        g.try_clock_id().js()?.into(),
        g.lead_ms(),
        g.max_lead_ms(),
        g.on_clock_behind(),
    ))
}

// ---------------------------------------------------------------------------------------
// EUID (an EUID travels as its u128 value)

/// `Euid::generate_with(JsClock, extension)`.
#[wasm_bindgen]
pub fn euid_generate(extension: Option<u16>) -> JsResult<u128> {
    euid::Euid::generate_with(&JsClock, extension)
        .js()
        .map(euid::Euid::value)
}

/// `Euid::generate_at` (fresh random bits).
#[wasm_bindgen]
pub fn euid_generate_at(unix_ms: u64, extension: Option<u16>) -> JsResult<u128> {
    euid::Euid::generate_at(unix_ms, extension)
        .js()
        .map(euid::Euid::value)
}

/// `Euid::from_parts`.
#[wasm_bindgen]
pub fn euid_from_parts(
    unix_ms: u64,
    extension: Option<u16>,
    padding: u16,
    random: u64,
) -> JsResult<u128> {
    euid::Euid::from_parts(unix_ms, extension, padding, random)
        .js()
        .map(euid::Euid::value)
}

/// `Euid::from_slice`.
#[wasm_bindgen]
pub fn euid_from_bytes(bytes: &[u8]) -> JsResult<u128> {
    euid::Euid::from_slice(bytes).js().map(euid::Euid::value)
}

/// `Euid::parse_as` (docs/spec §4.4), the profile by name.
#[cfg(feature = "profiles")]
#[wasm_bindgen]
pub fn euid_parse_as(text: &str, profile_name: &str) -> JsResult<u128> {
    euid::Euid::parse_as(text, profile(profile_name)?)
        .js()
        .map(euid::Euid::value)
}

/// `Euid::parse`.
#[wasm_bindgen]
pub fn euid_parse(text: &str) -> JsResult<u128> {
    euid::Euid::parse(text).js().map(euid::Euid::value)
}

/// An EUID's 27-symbol text, with the check symbol or "no check".
#[wasm_bindgen]
pub fn euid_text(value: u128, check: bool) -> JsValue {
    text(&euid::Euid::from_u128(value).encode_bytes(check))
}

/// An EUID's Unix time in milliseconds.
#[wasm_bindgen]
pub fn euid_unix_ms(value: u128) -> f64 {
    euid::Euid::from_u128(value).unix_ms() as f64
}

/// An EUID's extension, or `null`.
#[wasm_bindgen]
pub fn euid_extension(value: u128) -> JsValue {
    euid::Euid::from_u128(value)
        .extension()
        .map_or(JsValue::NULL, JsValue::from)
}

/// An EUID's random padding bits above the extension.
#[wasm_bindgen]
pub fn euid_padding(value: u128) -> u16 {
    euid::Euid::from_u128(value).padding()
}

/// An EUID's check value.
#[wasm_bindgen]
pub fn euid_checkmod(value: u128) -> u8 {
    euid::Euid::from_u128(value).checkmod()
}

/// Writes an EUID's 16 big-endian bytes into `out` (16 bytes).
#[wasm_bindgen]
pub fn euid_bytes_into(value: u128, out: &mut [u8]) {
    if let Some(dst) = out.get_mut(..16) {
        dst.copy_from_slice(&euid::Euid::from_u128(value).to_bytes());
    }
}

/// `Euid::next_with(JsClock)`.
#[wasm_bindgen]
pub fn euid_next(value: u128) -> JsResult<u128> {
    euid::Euid::from_u128(value)
        .next_with(&JsClock)
        .js()
        .map(euid::Euid::value)
}

/// A strictly monotonic EUID generator (`EuidGenerator`).
#[wasm_bindgen]
pub struct EuidGen(euid::EuidGenerator<Clk>);

/// `EuidGenerator::with_options(clock, extension, options)` (or `resume_with` after the
/// EUID of value `resume`), the options as [`options`] takes them (a node is the core's
/// INVALID_ARGUMENT).
#[wasm_bindgen]
pub fn euid_gen_new(
    clock: &Clock,
    extension: Option<u16>,
    node: Option<u64>,
    seed: Option<u64>,
    max_lead_ms: Option<u64>,
    wait: bool,
    resume: Option<u128>,
) -> JsResult<EuidGen> {
    let options = options(node, seed, max_lead_ms, wait)?;
    let c = Arc::clone(&clock.0);
    let g = match resume {
        Some(v) => {
            euid::EuidGenerator::resume_with(c, extension, options, euid::Euid::from_u128(v))
        }
        None => euid::EuidGenerator::with_options(c, extension, options),
    };
    g.js().map(EuidGen)
}

/// The next EUID's value.
#[wasm_bindgen]
pub fn euid_gen_next(gen: &EuidGen) -> JsResult<u128> {
    gen.0.next().js().map(euid::Euid::value)
}

/// The next EUID's text (the `nextString` accelerator, as `xid_gen_next_string`).
#[wasm_bindgen]
pub fn euid_gen_next_string(gen: &EuidGen) -> JsResult<JsValue> {
    Ok(text(&gen.0.next().js()?.encode_bytes(true)))
}

/// The values of the next `count` EUIDs (under one lock and one clock read).
#[wasm_bindgen]
pub fn euid_gen_next_many(gen: &EuidGen, count: usize) -> JsResult<js_sys::Array> {
    let euids = gen.0.next_many(count).js()?;
    Ok(euids
        .into_iter()
        .map(|e| JsValue::from(e.value()))
        .collect())
}

/// `[extension or undefined, undefined, leadMs, maxLeadMs, onClockBehind]`.
#[wasm_bindgen]
pub fn euid_gen_info(gen: &EuidGen) -> js_sys::Array {
    let g = &gen.0;
    info(
        g.extension().map_or(JsValue::UNDEFINED, JsValue::from),
        JsValue::UNDEFINED,
        g.lead_ms(),
        g.max_lead_ms(),
        g.on_clock_behind(),
    )
}
