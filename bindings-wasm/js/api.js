// polyid-wasm: the public API (the camelCase API of the Node package `polyid`).
//
// This file is the body of both builds: `tools/package.mjs` puts it behind an import of the
// web build (`raw` = the wasm-bindgen module for browsers, ES module) and behind a require of
// the Node build (CommonJS). `raw` holds the core's operations compiled to WebAssembly
// (src/lib.rs).
//
// Nothing about identifiers is computed here. This layer only translates JavaScript values,
// with the helpers of `js/common.js` (which tools/package.mjs puts in front of this text): it
// checks argument types (TypeError, code INVALID_ARGUMENT) and integer ranges of the Rust
// parameters (OUT_OF_RANGE), turns numbers into the bigints the wasm ABI wants, and wraps the
// values the core returns in classes whose accessors ask the core again.

// ----------------------------------------------------------------------------------------------
// The families' ranges

/** The families' ranges, from the core (set by `ready()`), for OUT_OF_RANGE messages. */
let LIMITS;

const clockIdArg = (v) => u16(v, 'TID clock_id', LIMITS.clockId);
const extensionArg = (v) => (absent(v) ? undefined : u16(v, 'EUID extension', LIMITS.extension));
// A batch count, within the core's MAX_BATCH before anything is allocated on either side.
const countArg = (v) => Number(ranged(v, 'count', ...LIMITS.batch));

/** The core's standard named-sequence table, made once. */
let standardNames;

/**
 * Calls `f` with the core's named-sequence table for `{NAME: number}` (the standard table when
 * absent), freeing a table made for this call afterwards.
 */
function withNames(v, f) {
  if (absent(v)) return f((standardNames ??= new raw.Names()));
  if (typeof v !== 'object' || Array.isArray(v)) {
    const got = Array.isArray(v) ? 'array' : typeName(v);
    throw typeError(`namedSequences: expected an object { NAME: number }, got ${got}`);
  }
  const table = new raw.Names();
  try {
    for (const name of Object.keys(v)) {
      const number = v[name];
      if (typeof number !== 'number' && typeof number !== 'bigint') {
        throw typeError(`namedSequences[${debugStr(name)}]: expected a number, got ${typeName(number)}`);
      }
      table.insert(name, u16(number, 'named sequence', [1n, 999n]));
    }
    return f(table);
  } finally {
    table.free();
  }
}

/** A pair the core returned (`[lo, hi]`), or `null` for none. */
const pair = (r) => (r === undefined ? null : [r[0], r[1]]);

function noConstructor(name) {
  return typeError(
    `new ${name}() is not available: use ${name}.parse(), ${name}.fromParts(), ` +
      `${name}.fromBigInt(), ${name}.fromDate() or ${name}.generate()`,
  );
}

/**
 * Once the module is instantiated: registers the error factory, reads the families' ranges,
 * and returns every stable error code (frozen), all from the core.
 */
function ready() {
  raw.set_error_factory(polyidError);
  const [
    minMicros, maxMicros, maxClockId, xidEpoch, xidMaxMs, xidMaxRandom, euidMaxMs, maxExtension, maxBatch,
    maxNode, maxLeadMs,
  ] = raw.limits();
  LIMITS = {
    micros: [minMicros, maxMicros],
    clockId: [0n, maxClockId],
    xidMs: [xidEpoch, xidMaxMs],
    xidRandom: [0n, xidMaxRandom],
    euidMs: [0n, euidMaxMs],
    extension: [0n, maxExtension],
    batch: [0n, maxBatch],
    node: [0n, maxNode],
    maxLead: [0n, maxLeadMs],
  };
  return Object.freeze(raw.error_codes());
}

// ----------------------------------------------------------------------------------------------
// Generators: options and the process node (docs/spec §6)

const OPTION_KEYS = ['node', 'seed', 'maxLeadMs', 'onClockBehind', 'clockMicros'];

/** An integer option: a bigint or a safe-integer number (messages name the option). */
function intOption(v, key) {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number') {
    if (Number.isSafeInteger(v)) return BigInt(v);
    throw typeError(`${key}: expected a safe integer or a bigint, got ${rustFloat(v)}`);
  }
  throw typeError(`${key}: expected an integer (bigint or number), got ${typeName(v)}`);
}

/** The wasm ABI's node: a u64 (the core checks 0-959). */
const nodeArg = (v) => ranged(v, 'node', 0n, U64_MAX, LIMITS.node);

/**
 * A generator's options object (`{ node, seed, maxLeadMs, onClockBehind, clockMicros }`, each
 * optional; `undefined`/`null` for the default) as the wasm constructors take them:
 * `[clockMicros, node, seed, maxLeadMs, wait]`. Another own key is a TypeError.
 *
 * `onClockBehind` is read here: a text other than "fail" or "wait" throws the core's
 * INVALID_ARGUMENT with the core's message (`OnClockBehind::from_str`), written here because
 * the core formats it with `{:?}`, which would bring Rust's formatting machinery into the
 * module (the size budget; src/error.rs does the same for every message).
 */
function generatorOptions(o) {
  if (absent(o)) return [undefined, undefined, undefined, undefined, false];
  if (typeof o !== 'object' || Array.isArray(o)) {
    const got = Array.isArray(o) ? 'array' : typeName(o);
    throw typeError(`options: expected an object { node, seed, maxLeadMs, onClockBehind, clockMicros }, got ${got}`);
  }
  for (const key of Object.keys(o)) {
    if (!OPTION_KEYS.includes(key)) {
      throw typeError(
        `options: unknown option ${debugStr(key)} (the options are node, seed, maxLeadMs, onClockBehind and clockMicros)`,
      );
    }
  }
  const { node, seed, maxLeadMs, onClockBehind, clockMicros } = o;
  const n = absent(node) ? undefined : nodeArg(intOption(node, 'node'));
  const sd = absent(seed) ? undefined : u64(intOption(seed, 'seed'), 'seed');
  const lead = absent(maxLeadMs)
    ? undefined
    : ranged(intOption(maxLeadMs, 'maxLeadMs'), 'max_lead_ms', 0n, U64_MAX, LIMITS.maxLead);
  let wait = false;
  if (!absent(onClockBehind)) {
    if (typeof onClockBehind !== 'string') {
      throw typeError(`onClockBehind: expected "fail" or "wait", got ${typeName(onClockBehind)}`);
    }
    if (onClockBehind === 'wait') wait = true;
    else if (onClockBehind !== 'fail') {
      throw polyidError(
        'INVALID_ARGUMENT',
        'on_clock_behind',
        'reason',
        `expected "fail" or "wait", found ${debugStr(onClockBehind)}`,
      );
    }
  }
  const clock = absent(clockMicros) ? undefined : i64(intOption(clockMicros, 'clockMicros'), 'clock_micros');
  return [clock, n, sd, lead, wait];
}

/**
 * `resume`'s `last`: an instance of the ID class (`valueOf` gives its value) or its text
 * (parsed by `parse` after the options are read, as the Node package does).
 */
function lastArg(last, valueOf, name) {
  if (typeof last !== 'string' && valueOf(last) === undefined) {
    throw typeError(`expected a ${name} or its text, got ${typeName(last)}`);
  }
  return (parse) => (typeof last === 'string' ? parse(last) : valueOf(last));
}

/**
 * A wasm generator of class `Gen` from options read by `generatorOptions` (`[clockMicros,
 * ...options]`), with `first` (clock id or extension, for TID and EUID) and the value of the
 * last ID for `resume`: `[generator, its clock]`.
 */
function makeGenerator(Gen, opts, first, last) {
  const [micros, ...rest] = opts;
  const clock = new raw.Clock(micros);
  const args = Gen === raw.XidGen ? [clock, ...rest, last] : [clock, first, ...rest, last];
  return [new Gen(...args), clock];
}

/** A generator's getters (src/ids.rs `info`): `[a, b, leadMs, maxLeadMs, onClockBehind]`. */
const infoOf = (inner, i) => inner.info()[i];

/**
 * Assigns this module instance's node (0-959), or withdraws it (`null`). Call it before the
 * first ID of a generator that uses the process node (`Xid.generate()`, `Tid.generate()`,
 * generators built without a `node`): afterwards another value throws NODE_IN_USE.
 */
export function setNode(node) {
  raw.set_node(absent(node) ? undefined : nodeArg(node));
}

/** This module instance's node, or `null` (there is no environment: only `setNode` sets it). */
export function node() {
  return raw.process_node() ?? null;
}

/** Makes a node required (or not) for every xid and TID generator of this module instance. */
export function setNodeRequired(required) {
  raw.set_node_required(boolean(required));
}

/** Whether xid and TID generators without a node throw NODE_REQUIRED. */
export function nodeRequired() {
  return raw.node_required();
}

// ----------------------------------------------------------------------------------------------
// WDP

/** The 5-character compact ID of a structured code, e.g. `compactId("E.Auth.Token.001")`. */
export function compactId(code, namedSequences) {
  const text = string(code);
  return withNames(namedSequences, (t) => raw.compact_id(text, t));
}

/** The compact IDs of many codes; an error carries `item`, the failing position. */
export function compactIds(codes, namedSequences) {
  if (!Array.isArray(codes)) throw typeError(`expected an array, got ${typeName(codes)}`);
  return withNames(namedSequences, (t) => {
    const out = new Array(codes.length);
    for (let i = 0; i < codes.length; i++) {
      if (typeof codes[i] !== 'string') throw typeError(`codes[${i}]: expected a string`);
      try {
        out[i] = raw.compact_id(codes[i], t);
      } catch (e) {
        e.item = i;
        throw e;
      }
    }
    return out;
  });
}

/** The normalized code (trimmed, uppercase, named sequence resolved). */
export function normalizeCode(code, namedSequences) {
  const text = string(code);
  return withNames(namedSequences, (t) => raw.normalize_code(text, t));
}

/** Parses a structured code into its fields. */
export function parseCode(code, namedSequences) {
  const text = string(code);
  const f = withNames(namedSequences, (t) => raw.parse_code(text, t));
  return {
    severity: f[0],
    meaning: f[1],
    priority: f[2],
    blocking: f[3],
    component: f[4],
    primary: f[5],
    sequence: f[6],
    normalized: f[7],
    compactId: f[8],
  };
}

/** The 5-character hash of a namespace, e.g. `"auth_lib"` -> `"05o5h"`. */
export function namespaceHash(namespace) {
  return raw.namespace_hash(string(namespace));
}

/** The full ID `<namespace hash>-<compact id>`, e.g. `"05o5h-V6a0B"`. */
export function fullId(namespace, code, namedSequences) {
  const ns = string(namespace);
  const text = string(code);
  return withNames(namedSequences, (t) => raw.full_id(ns, text, t));
}

/** Splits a full ID into `{namespaceHash, compactId}`. */
export function parseFullId(id) {
  const [namespaceHash, compactId] = raw.parse_full_id(string(id));
  return { namespaceHash, compactId };
}

// ----------------------------------------------------------------------------------------------
// uid11 and prefix ranges

/** Encodes a 64-bit value as 11 Base58 symbols. */
export function uid11Encode(value) {
  return raw.uid11_encode(u64(value, 'uid11 value'));
}

/** Decodes 11 Base58 symbols to their 64-bit value. */
export function uid11Decode(text) {
  return raw.uid11_decode(string(text));
}

/** `[lo, hi]` of the values whose text starts with `prefix`, or `null`. */
export function uid11PrefixRange(prefix) {
  return pair(raw.uid11_prefix_range(string(prefix)));
}

/** `{minUnixMs, maxUnixMs}` of the xids whose text starts with `prefix`, or `null`. */
export function xidPrefixRange(prefix) {
  const r = raw.xid_prefix_time_range(string(prefix));
  return r === undefined ? null : { minUnixMs: r[0], maxUnixMs: r[1] };
}

/** `[minMicros, maxMicros]` of the TIDs whose text starts with `prefix`, or `null`. */
export function tidPrefixRange(prefix) {
  return pair(raw.tid_prefix_range(string(prefix)));
}

// ----------------------------------------------------------------------------------------------
// xid

/** The value of an Xid, or `undefined` for anything else (set by the class). */
let xidValue;

/**
 * The generator behind `Xid.generate()`: default options (the process node, else a lane),
 * made at its first use (so that `setNode` before it counts), one per module instance.
 */
let defaultXids;
const xids = () => (defaultXids ??= makeGenerator(raw.XidGen, generatorOptions())[0]);

/** An xid: 42 bits of milliseconds since 2011-11-11T11:11:11.111Z and 22 random bits. */
export class Xid {
  #value;
  #read; // [text, unixMs, random], from the core on first use

  static {
    xidValue = (o) => (typeof o === 'object' && o !== null && #value in o ? o.#value : undefined);
  }

  constructor(token, value) {
    if (token !== NEW) throw noConstructor('Xid');
    this.#value = value;
  }

  get #fields() {
    return (this.#read ??= raw.xid_read(this.#value));
  }

  /**
   * A new xid from this module's monotonic generator: the current time, after every xid it
   * made before; it carries the node set with `setNode`, if any.
   */
  static generate() {
    return new Xid(NEW, xids().next());
  }

  /** `count` new xids of the module's generator, increasing. */
  static generateMany(count) {
    const n = countArg(count);
    return Array.from(xids().next_many(n), (v) => new Xid(NEW, v));
  }

  /** The text of a new xid of the module's generator. */
  static generateString() {
    return new Xid(NEW, xids().next()).#fields[0];
  }

  /** The xid of a Unix time in milliseconds and 22 random bits. */
  static fromParts(unixMs, random) {
    const ms = u64(unixMs, 'xid unix_ms', LIMITS.xidMs);
    return new Xid(NEW, raw.xid_from_parts(ms, u32(random, 'xid random', LIMITS.xidRandom)));
  }

  /** The xid of a `Date`, with the given random bits or fresh ones. */
  static fromDate(date, random) {
    const ms = u64(dateMs(date), 'xid unix_ms', LIMITS.xidMs);
    if (absent(random)) return new Xid(NEW, raw.xid_generate_at(ms));
    return new Xid(NEW, raw.xid_from_parts(ms, u32(random, 'xid random', LIMITS.xidRandom)));
  }

  /** Parses the 11-symbol text. */
  static parse(text) {
    return new Xid(NEW, raw.xid_parse(string(text)));
  }

  /** The xid of a 64-bit value. */
  static fromBigInt(value) {
    return new Xid(NEW, u64(value, 'xid value'));
  }

  /** The 64-bit value. */
  get value() {
    return this.#value;
  }

  /** Unix time in milliseconds. */
  get unixMs() {
    return this.#fields[1];
  }

  /** The 22 random bits. */
  get random() {
    return this.#fields[2];
  }

  /** The time as a `Date`. */
  toDate() {
    return new Date(this.#fields[1]);
  }

  /** Whether `other` (an Xid) holds the same value. */
  equals(other) {
    return this.#value === same((o) => #value in o, (o) => o.#value, other, 'Xid');
  }

  /** -1, 0 or 1 as this value is less than, equal to or greater than `other`'s. */
  compare(other) {
    return order(this.#value, same((o) => #value in o, (o) => o.#value, other, 'Xid'));
  }

  /** The 11-symbol text. */
  toString() {
    return this.#fields[0];
  }

  /** The 11-symbol text (for `JSON.stringify`). */
  toJSON() {
    return this.#fields[0];
  }

  [INSPECT]() {
    return `Xid(${this.#fields[0]})`;
  }
}

/** A monotonic xid generator (docs/spec §6.2): with a node, or with a lane. */
export class XidGenerator {
  #inner;
  #clock;

  /** A generator built from `options` (docs/spec §6.5). */
  constructor(options, token, last) {
    // `resume` passes the options read already and the value of the last xid.
    const resuming = token === NEW;
    const opts = resuming ? options : generatorOptions(options);
    [this.#inner, this.#clock] = makeGenerator(raw.XidGen, opts, undefined, resuming ? last : undefined);
  }

  /** A generator whose every xid is greater than `last` (an Xid or its text). */
  static resume(last, options) {
    const value = lastArg(last, xidValue, 'Xid');
    const opts = generatorOptions(options);
    return new XidGenerator(opts, NEW, value((t) => raw.xid_parse(t)));
  }

  /** The node in this generator's xids (bits 21-12), or `null`. */
  get node() {
    return infoOf(this.#inner, 0) ?? null;
  }

  /** The top 6 of the 22 low bits: the lane without a node (`node >> 4` with one). */
  get lane() {
    return infoOf(this.#inner, 1);
  }

  /** How far the last xid is ahead of the clock, in milliseconds. */
  get leadMs() {
    return infoOf(this.#inner, 2);
  }

  /** The bound on `leadMs`. */
  get maxLeadMs() {
    return infoOf(this.#inner, 3);
  }

  /** `'fail'` or `'wait'`. */
  get onClockBehind() {
    return infoOf(this.#inner, 4);
  }

  /** Moves the manual clock (INVALID_ARGUMENT on the real clock). */
  setClockMicros(micros) {
    this.#clock.set(i64(micros, 'clock_micros'));
  }

  /** The next xid. */
  next() {
    return new Xid(NEW, this.#inner.next());
  }

  /** The text of the next xid. */
  nextString() {
    return new Xid(NEW, this.#inner.next()).toString();
  }

  /** The next `count` xids (consecutive, one clock read). */
  nextMany(count) {
    return Array.from(this.#inner.next_many(countArg(count)), (v) => new Xid(NEW, v));
  }

  /** The texts of the next `count` xids. */
  nextManyStrings(count) {
    return Array.from(this.#inner.next_many(countArg(count)), (v) => new Xid(NEW, v).toString());
  }
}

// ----------------------------------------------------------------------------------------------
// TID

/** The value of a Tid, or `undefined` for anything else (set by the class). */
let tidValue;

/**
 * The generator behind `Tid.generate()`: default options (the process node's clock id, else a
 * random one in 0-31), made at its first use, one per module instance.
 */
let defaultTids;
const tids = () => (defaultTids ??= makeGenerator(raw.TidGen, generatorOptions())[0]);

/** A TID: signed microseconds since 1970 << 10 | a clock id, as 13 base32 symbols. */
export class Tid {
  #value;
  #read; // [text, display, micros, clockId, unixMs], from the core on first use

  static {
    tidValue = (o) => (typeof o === 'object' && o !== null && #value in o ? o.#value : undefined);
  }

  constructor(token, value) {
    if (token !== NEW) throw noConstructor('Tid');
    this.#value = value;
  }

  get #fields() {
    return (this.#read ??= raw.tid_read(this.#value));
  }

  /**
   * A new TID from this module's generator (monotonic; clock id `32 + node` with the node set
   * with `setNode`, else a random one in 0-31).
   */
  static generate() {
    return new Tid(NEW, tids().next());
  }

  /** The text of a new TID from this module's generator. */
  static generateString() {
    return new Tid(NEW, tids().next()).#fields[0];
  }

  /** The TID of microseconds since 1970 (±(2^53-1)) and a clock id (0-1023, default 0). */
  static fromParts(micros, clockId) {
    const us = i64(micros, 'TID micros', LIMITS.micros);
    return new Tid(NEW, raw.tid_from_parts(us, absent(clockId) ? 0 : clockIdArg(clockId)));
  }

  /** The TID of a `Date` (whole milliseconds) and a clock id (0-1023, default 0). */
  static fromDate(date, clockId) {
    const us = BigInt(dateMs(date)) * 1000n;
    return new Tid(NEW, raw.tid_from_parts(us, absent(clockId) ? 0 : clockIdArg(clockId)));
  }

  /** Parses the 13-symbol text or the dashed display form. */
  static parse(text) {
    return new Tid(NEW, raw.tid_parse(string(text)));
  }

  /** The TID of its signed 64-bit value. */
  static fromBigInt(value) {
    return new Tid(NEW, raw.tid_from_i64(i64(value, 'TID value')));
  }

  /** Microseconds since 1970-01-01T00:00:00Z. */
  get micros() {
    return this.#fields[2];
  }

  /** The clock id, 0-1023. */
  get clockId() {
    return this.#fields[3];
  }

  /** The signed 64-bit value. */
  get value() {
    return this.#value;
  }

  /** The dashed display form, `3kxn-lhr-3gxq-23`. */
  display() {
    return this.#fields[1];
  }

  /** The time as a `Date` (microseconds rounded down to the millisecond). */
  toDate() {
    return new Date(this.#fields[4]);
  }

  /** Whether `other` (a Tid) holds the same value. */
  equals(other) {
    return this.#value === same((o) => #value in o, (o) => o.#value, other, 'Tid');
  }

  /** -1, 0 or 1 as this value is less than, equal to or greater than `other`'s (time order). */
  compare(other) {
    return order(this.#value, same((o) => #value in o, (o) => o.#value, other, 'Tid'));
  }

  /** The 13-symbol text. */
  toString() {
    return this.#fields[0];
  }

  /** The 13-symbol text (for `JSON.stringify`). */
  toJSON() {
    return this.#fields[0];
  }

  [INSPECT]() {
    return `Tid(${this.#fields[0]})`;
  }
}

/** A monotonic TID generator with one clock id (docs/spec §6.3). */
export class TidGenerator {
  #inner;
  #clock;

  /**
   * A generator with the given clock id (0-1023), or else `32 + node` (the `node` option, else
   * the process node), or else a random one in 0-31; `options` as for `XidGenerator`.
   */
  constructor(clockId, options, token, last) {
    // `resume` passes the clock id and options read already and the value of the last TID.
    const resuming = token === NEW;
    const id = resuming || absent(clockId) ? clockId : clockIdArg(clockId);
    const opts = resuming ? options : generatorOptions(options);
    [this.#inner, this.#clock] = makeGenerator(raw.TidGen, opts, id, resuming ? last : undefined);
  }

  /** A generator whose every TID is greater than `last` (a Tid or its text). */
  static resume(last, clockId, options) {
    const value = lastArg(last, tidValue, 'Tid');
    const id = absent(clockId) ? undefined : clockIdArg(clockId);
    const opts = generatorOptions(options);
    return new TidGenerator(id, opts, NEW, value((t) => raw.tid_parse(t)));
  }

  /** The clock id of the TIDs this generator issues. */
  get clockId() {
    return infoOf(this.#inner, 1);
  }

  /** The node behind the clock id, or `null`. */
  get node() {
    return infoOf(this.#inner, 0) ?? null;
  }

  /** How far the last TID is ahead of the clock, in whole milliseconds. */
  get leadMs() {
    return infoOf(this.#inner, 2);
  }

  /** The bound on `leadMs`. */
  get maxLeadMs() {
    return infoOf(this.#inner, 3);
  }

  /** `'fail'` or `'wait'`. */
  get onClockBehind() {
    return infoOf(this.#inner, 4);
  }

  /** Moves the manual clock (INVALID_ARGUMENT on the real clock). */
  setClockMicros(micros) {
    this.#clock.set(i64(micros, 'clock_micros'));
  }

  /** The next TID. */
  next() {
    return new Tid(NEW, this.#inner.next());
  }

  /** The text of the next TID. */
  nextString() {
    return new Tid(NEW, this.#inner.next()).toString();
  }

  /** The next `count` TIDs (consecutive microseconds, one clock read). */
  nextMany(count) {
    return Array.from(this.#inner.next_many(countArg(count)), (v) => new Tid(NEW, v));
  }

  /** The texts of the next `count` TIDs. */
  nextManyStrings(count) {
    return Array.from(this.#inner.next_many(countArg(count)), (v) => new Tid(NEW, v).toString());
  }
}

// ----------------------------------------------------------------------------------------------
// EUID

/** The value of a Euid, or `undefined` for anything else (set by the class). */
let euidValue;

/** An EUID: a 128-bit sortable ID with an optional extension, as 27 symbols with a check. */
export class Euid {
  #value;
  #read; // [text, textNoCheck, unixMs, extension, padding, checkmod], from the core on first use

  static {
    euidValue = (o) => (typeof o === 'object' && o !== null && #value in o ? o.#value : undefined);
  }

  constructor(token, value) {
    if (token !== NEW) throw noConstructor('Euid');
    this.#value = value;
  }

  get #fields() {
    return (this.#read ??= raw.euid_read(this.#value));
  }

  /** A new EUID for the current time, carrying `extension` (0-32767) if given. */
  static generate(extension) {
    return new Euid(NEW, raw.euid_generate(extensionArg(extension)));
  }

  /** The text of a new EUID. */
  static generateString(extension) {
    return new Euid(NEW, raw.euid_generate(extensionArg(extension))).#fields[0];
  }

  /** The EUID of its fields: Unix ms, extension (or none), padding (default 0), random. */
  static fromParts(unixMs, extension, padding, random) {
    const ms = u64(unixMs, 'EUID unix_ms', LIMITS.euidMs);
    const ext = extensionArg(extension);
    const pad = absent(padding) ? 0 : u16(padding, 'EUID padding', LIMITS.extension);
    const rnd = absent(random) ? 0n : u64(random, 'EUID random');
    return new Euid(NEW, raw.euid_from_parts(ms, ext, pad, rnd));
  }

  /** The EUID of a `Date`, with fresh random bits and `extension` if given. */
  static fromDate(date, extension) {
    const ms = u64(dateMs(date), 'EUID unix_ms', LIMITS.euidMs);
    return new Euid(NEW, raw.euid_generate_at(ms, extensionArg(extension)));
  }

  /** Parses the 27-symbol text (case-insensitive; `I`/`L` read as 1, `O` as 0). */
  static parse(text) {
    return new Euid(NEW, raw.euid_parse(string(text)));
  }

  /** The EUID of a 128-bit value. */
  static fromBigInt(value) {
    return new Euid(NEW, u128(value, 'EUID value'));
  }

  /** The EUID of its 16 big-endian bytes (`Uint8Array`, `Buffer` or `ArrayBuffer`). */
  static fromBytes(bytes) {
    return new Euid(NEW, raw.euid_from_bytes(bytesArg(bytes)));
  }

  /** The 128-bit value. */
  get value() {
    return this.#value;
  }

  /** The 16 big-endian bytes (a new `Uint8Array`, a `Buffer` in the Node build). */
  get bytes() {
    return asBytes(raw.euid_bytes(this.#value));
  }

  /** Unix time in milliseconds. */
  get unixMs() {
    return this.#fields[2];
  }

  /** The extension (0-32767), or `null` when the EUID has none. */
  get extension() {
    return this.#fields[3];
  }

  /** The random padding bits above the extension. */
  get padding() {
    return this.#fields[4];
  }

  /** The check value, `value mod 127`. */
  get checkmod() {
    return this.#fields[5];
  }

  /** The 27-symbol text, with the check symbol (default) or "no check" (`false`). */
  encode(checkmod) {
    const fields = this.#fields;
    return fields[absent(checkmod) || boolean(checkmod) ? 0 : 1];
  }

  /** The next EUID after this one (`EXHAUSTED` at the end of a millisecond). */
  next() {
    return new Euid(NEW, raw.euid_next(this.#value));
  }

  /** The time as a `Date`. */
  toDate() {
    return new Date(this.#fields[2]);
  }

  /** Whether `other` (an Euid) holds the same value. */
  equals(other) {
    return this.#value === same((o) => #value in o, (o) => o.#value, other, 'Euid');
  }

  /** -1, 0 or 1 as this value is less than, equal to or greater than `other`'s (time order). */
  compare(other) {
    return order(this.#value, same((o) => #value in o, (o) => o.#value, other, 'Euid'));
  }

  /** The 27-symbol text with its check symbol. */
  toString() {
    return this.#fields[0];
  }

  /** The 27-symbol text (for `JSON.stringify`). */
  toJSON() {
    return this.#fields[0];
  }

  [INSPECT]() {
    return `Euid(${this.#fields[0]})`;
  }
}

/** A strictly monotonic EUID generator. */
export class EuidGenerator {
  #inner;
  #clock;

  /**
   * A generator whose EUIDs carry `extension` (0-32767), or none; `options` as for
   * `XidGenerator` without `node` (EUIDs take none: INVALID_ARGUMENT).
   */
  constructor(extension, options, token, last) {
    // `resume` passes the extension and options read already and the value of the last EUID.
    const resuming = token === NEW;
    const ext = resuming ? extension : extensionArg(extension);
    const opts = resuming ? options : generatorOptions(options);
    [this.#inner, this.#clock] = makeGenerator(raw.EuidGen, opts, ext, resuming ? last : undefined);
  }

  /** A generator whose every EUID is greater than `last` (a Euid or its text). */
  static resume(last, extension, options) {
    const value = lastArg(last, euidValue, 'Euid');
    const ext = extensionArg(extension);
    const opts = generatorOptions(options);
    return new EuidGenerator(ext, opts, NEW, value((t) => raw.euid_parse(t)));
  }

  /** The extension of the EUIDs this generator makes, or `null`. */
  get extension() {
    return infoOf(this.#inner, 0) ?? null;
  }

  /** How far the last EUID is ahead of the clock, in milliseconds. */
  get leadMs() {
    return infoOf(this.#inner, 2);
  }

  /** The bound on `leadMs`. */
  get maxLeadMs() {
    return infoOf(this.#inner, 3);
  }

  /** `'fail'` or `'wait'`. */
  get onClockBehind() {
    return infoOf(this.#inner, 4);
  }

  /** Moves the manual clock (INVALID_ARGUMENT on the real clock). */
  setClockMicros(micros) {
    this.#clock.set(i64(micros, 'clock_micros'));
  }

  /** The next EUID. */
  next() {
    return new Euid(NEW, this.#inner.next());
  }

  /** The text of the next EUID. */
  nextString() {
    return new Euid(NEW, this.#inner.next()).toString();
  }

  /** The next `count` EUIDs (one clock read). */
  nextMany(count) {
    return Array.from(this.#inner.next_many(countArg(count)), (v) => new Euid(NEW, v));
  }

  /** The texts of the next `count` EUIDs. */
  nextManyStrings(count) {
    return Array.from(this.#inner.next_many(countArg(count)), (v) => new Euid(NEW, v).toString());
  }
}
