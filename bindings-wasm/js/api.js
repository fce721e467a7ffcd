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
  const [minMicros, maxMicros, maxClockId, xidEpoch, xidMaxMs, xidMaxRandom, euidMaxMs, maxExtension, maxBatch] =
    raw.limits();
  LIMITS = {
    micros: [minMicros, maxMicros],
    clockId: [0n, maxClockId],
    xidMs: [xidEpoch, xidMaxMs],
    xidRandom: [0n, xidMaxRandom],
    euidMs: [0n, euidMaxMs],
    extension: [0n, maxExtension],
    batch: [0n, maxBatch],
  };
  return Object.freeze(raw.error_codes());
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

/** An xid: 42 bits of milliseconds since 2011-11-11T11:11:11.111Z and 22 random bits. */
export class Xid {
  #value;
  #read; // [text, unixMs, random], from the core on first use

  constructor(token, value) {
    if (token !== NEW) throw noConstructor('Xid');
    this.#value = value;
  }

  get #fields() {
    return (this.#read ??= raw.xid_read(this.#value));
  }

  /** A new xid from this module's monotonic generator: the current time, after every xid it made before. */
  static generate() {
    return new Xid(NEW, raw.xid_generate());
  }

  /** `count` new xids of the module's generator, increasing. */
  static generateMany(count) {
    return Array.from(raw.xid_generate_many(countArg(count)), (v) => new Xid(NEW, v));
  }

  /** The text of a new xid of the module's generator. */
  static generateString() {
    return new Xid(NEW, raw.xid_generate()).#fields[0];
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

// ----------------------------------------------------------------------------------------------
// TID

/** A TID: signed microseconds since 1970 << 10 | a clock id, as 13 base32 symbols. */
export class Tid {
  #value;
  #read; // [text, display, micros, clockId, unixMs], from the core on first use

  constructor(token, value) {
    if (token !== NEW) throw noConstructor('Tid');
    this.#value = value;
  }

  get #fields() {
    return (this.#read ??= raw.tid_read(this.#value));
  }

  /** A new TID from this module's generator (monotonic, random clock id 0-31). */
  static generate() {
    return new Tid(NEW, raw.tid_generate());
  }

  /** The text of a new TID from this module's generator. */
  static generateString() {
    return new Tid(NEW, raw.tid_generate()).#fields[0];
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

/** A monotonic TID generator with one clock id. */
export class TidGenerator {
  #inner;

  /** A generator with the given clock id (0-1023), or a random one in 0-31. */
  constructor(clockId) {
    this.#inner = new raw.TidGen(absent(clockId) ? undefined : clockIdArg(clockId));
  }

  /** The clock id of the TIDs this generator issues. */
  get clockId() {
    return this.#inner.clock_id();
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

/** An EUID: a 128-bit sortable ID with an optional extension, as 27 symbols with a check. */
export class Euid {
  #value;
  #read; // [text, textNoCheck, unixMs, extension, padding, checkmod], from the core on first use

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

  /** A generator whose EUIDs carry `extension` (0-32767), or none. */
  constructor(extension) {
    this.#inner = new raw.EuidGen(extensionArg(extension));
  }

  /** The extension of the EUIDs this generator makes, or `null`. */
  get extension() {
    return this.#inner.extension() ?? null;
  }

  /** The next EUID. */
  next() {
    return new Euid(NEW, this.#inner.next());
  }

  /** The text of the next EUID. */
  nextString() {
    return new Euid(NEW, this.#inner.next()).toString();
  }

  /** The next `count` EUIDs. */
  nextMany(count) {
    const n = countArg(count);
    const inner = this.#inner;
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = new Euid(NEW, inner.next());
    return out;
  }

  /** The texts of the next `count` EUIDs. */
  nextManyStrings(count) {
    const n = countArg(count);
    const inner = this.#inner;
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = new Euid(NEW, inner.next()).toString();
    return out;
  }
}
