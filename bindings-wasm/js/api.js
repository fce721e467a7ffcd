// polyid-wasm: the public API (the camelCase API of the Node package `polyid`).
//
// This file is the body of both builds: `tools/package.mjs` puts it behind an import of the
// web build (`raw` = the wasm-bindgen module for browsers, ES module) and behind a require of
// the Node build (CommonJS). `raw` holds the core's operations compiled to WebAssembly
// (src/lib.rs).
//
// Nothing about identifiers is computed here. This layer only translates JavaScript values:
// it checks argument types (TypeError, code INVALID_ARGUMENT) and integer ranges of the Rust
// parameters (OUT_OF_RANGE), turns numbers into the bigints the wasm ABI wants, and wraps the
// values the core returns in classes whose accessors ask the core again.

// ----------------------------------------------------------------------------------------------
// Argument translation (the same rules and messages as the Node package)

const U16_MAX = 0xffffn;
const U32_MAX = 0xffff_ffffn;
const U64_MAX = 0xffff_ffff_ffff_ffffn;
const I64_MIN = -0x8000_0000_0000_0000n;
const I64_MAX = 0x7fff_ffff_ffff_ffffn;
const U128_MAX = (1n << 128n) - 1n;
const I128_MIN = -(1n << 127n);
const I128_MAX = (1n << 127n) - 1n;
const USIZE_MAX = U32_MAX; // wasm32

function typeName(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

function typeError(message) {
  const e = new TypeError(message);
  e.code = 'INVALID_ARGUMENT';
  return e;
}

function rangeError(context, message) {
  const e = new Error(`${context}: ${message}`);
  e.code = 'OUT_OF_RANGE';
  return e;
}

/** An integer argument: a bigint, or a number that is a safe integer. */
function integer(v) {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number') {
    if (Number.isSafeInteger(v)) return BigInt(v);
    if (Number.isInteger(v)) {
      throw typeError(`${v} is not a safe integer: pass a bigint for values beyond 2^53-1`);
    }
    throw typeError(`expected an integer, got ${v}`);
  }
  throw typeError(`expected an integer (bigint or number), got ${typeName(v)}`);
}

/** `v` as a bigint in `min..=max` (the Rust parameter's type), else OUT_OF_RANGE. */
function ranged(v, context, min, max) {
  const n = integer(v);
  if (n >= min && n <= max) return n;
  if (n < I128_MIN || n > I128_MAX) {
    throw rangeError(context, "the integer does not fit the parameter's type");
  }
  throw rangeError(context, `${n} is out of range ${min}..=${max}`);
}

const u16 = (v, context) => Number(ranged(v, context, 0n, U16_MAX));
const u32 = (v, context) => Number(ranged(v, context, 0n, U32_MAX));
const usize = (v, context) => Number(ranged(v, context, 0n, USIZE_MAX));
const u64 = (v, context) => ranged(v, context, 0n, U64_MAX);
const i64 = (v, context) => ranged(v, context, I64_MIN, I64_MAX);

function u128(v, context) {
  const n = integer(v);
  if (n < 0n || n > U128_MAX) throw rangeError(context, 'not in 0..=2^128-1');
  return n;
}

/** `null`/`undefined` -> `undefined` (the wasm ABI's "none"), else a u16. */
function optionalU16(v, context) {
  return v === null || v === undefined ? undefined : u16(v, context);
}

function string(v) {
  if (typeof v !== 'string') throw typeError(`expected a string, got ${typeName(v)}`);
  return v;
}

function boolean(v) {
  if (typeof v !== 'boolean') throw typeError(`expected a boolean, got ${typeName(v)}`);
  return v;
}

/** Unix milliseconds of a `Date` (an invalid Date is OUT_OF_RANGE). */
function dateMs(v) {
  if (Object.prototype.toString.call(v) !== '[object Date]') {
    throw typeError(`expected a Date, got ${typeName(v)}`);
  }
  const ms = v.getTime();
  if (!Number.isFinite(ms)) throw rangeError('Date', 'Invalid Date');
  return ms;
}

function bytesArg(v) {
  if (v instanceof Uint8Array) return v;
  if (v instanceof ArrayBuffer) return new Uint8Array(v);
  if (ArrayBuffer.isView(v)) {
    throw typeError('expected a Uint8Array or Buffer, got another typed array');
  }
  throw typeError(`expected a Uint8Array or Buffer, got ${typeName(v)}`);
}

/** `{NAME: number}` -> the core's named-sequence table (undefined for none). */
function names(v) {
  if (v === null || v === undefined) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) {
    throw typeError(`namedSequences: expected an object { NAME: number }, got ${typeName(v)}`);
  }
  const table = new raw.Names();
  try {
    for (const name of Object.keys(v)) {
      const number = v[name];
      if (typeof number !== 'number' && typeof number !== 'bigint') {
        throw typeError(
          `namedSequences[${JSON.stringify(name)}]: expected a number, got ${typeName(number)}`,
        );
      }
      table.insert(name, u16(number, 'named sequence'));
    }
  } catch (e) {
    table.free();
    throw e;
  }
  return table;
}

function wrap2(pair, f) {
  return pair === undefined ? null : [f(pair[0]), f(pair[1])];
}

const NEW = Symbol('polyid-wasm');

function noConstructor(name) {
  return typeError(
    `new ${name}() is not available: use ${name}.parse(), ${name}.fromParts(), ` +
      `${name}.fromBigInt(), ${name}.fromDate() or ${name}.generate()`,
  );
}

// ----------------------------------------------------------------------------------------------
// Errors

// Rust's `{:?}` for a char or a str: the quoting the core's messages use. A character is
// escaped as \u{hex} when Rust's `is_printable` says no (general categories Cc Cf Cs Co Cn Zl
// Zp Zs, except the space) or when it extends a grapheme.
const NON_PRINTABLE = /^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]$/u;
const GRAPHEME_EXTEND = /^\p{Grapheme_Extend}$/u;
const BACKSLASHED = { '\0': '\\0', '\t': '\\t', '\r': '\\r', '\n': '\\n', '\\': '\\\\' };

function escapeDebug(ch, quote) {
  if (ch in BACKSLASHED) return BACKSLASHED[ch];
  if (ch === quote) return `\\${ch}`;
  if (ch !== ' ' && (NON_PRINTABLE.test(ch) || GRAPHEME_EXTEND.test(ch))) {
    return `\\u{${ch.codePointAt(0).toString(16)}}`;
  }
  return ch;
}

const debugChar = (ch) => `'${escapeDebug(ch, "'")}'`;
const debugStr = (s) => `"${Array.from(s, (ch) => escapeDebug(ch, '"')).join('')}"`;

/**
 * The thrown `Error` for a core error, from its parts (src/error.rs): the message in the
 * core's `Display` format, `.code`, and the detail fields the Node package sets.
 */
function polyidError(code, context, kind, a, b, c) {
  let message;
  let detail = {};
  switch (kind) {
    case 'char':
      message = `${code === 'NON_ASCII' ? 'non-ASCII' : 'invalid'} character ${debugChar(b)} at index ${a}`;
      detail = { index: a, character: b };
      break;
    case 'length':
      message = `expected ${b} bytes, found ${a}`;
      detail = { found: a, expected: b };
      break;
    case 'checkmod':
      message = `check value ${a} does not match the value (expected ${b})`;
      detail = { found: a, expected: b };
      break;
    case 'range':
      message = `${a} is out of range ${b}..=${c}`;
      break;
    case 'text':
      message =
        code === 'UNKNOWN_NAMED_SEQUENCE' ? `unknown named sequence ${debugStr(a)}` : `invalid ${debugStr(a)}`;
      break;
    case 'reason':
      message = a;
      break;
    default:
      message = code;
  }
  return Object.assign(new Error(`${context}: ${message}`), { code }, detail);
}

/** Registers the error factory with the module; returns every stable error code. */
function ready() {
  raw.set_error_factory(polyidError);
  return Object.freeze(raw.error_codes());
}

// ----------------------------------------------------------------------------------------------
// WDP

/** The 5-character compact ID of a structured code, e.g. `compactId("E.Auth.Token.001")`. */
export function compactId(code, namedSequences) {
  return raw.compact_id(string(code), names(namedSequences));
}

/** The compact IDs of many codes; an error carries `item`, the failing position. */
export function compactIds(codes, namedSequences) {
  if (!Array.isArray(codes)) throw typeError(`expected an array, got ${typeName(codes)}`);
  const out = new Array(codes.length);
  for (let i = 0; i < codes.length; i++) {
    if (typeof codes[i] !== 'string') throw typeError(`codes[${i}]: expected a string`);
    try {
      out[i] = raw.compact_id(codes[i], names(namedSequences));
    } catch (e) {
      e.item = i;
      throw e;
    }
  }
  return out;
}

/** The normalized code (trimmed, uppercase, named sequence resolved). */
export function normalizeCode(code, namedSequences) {
  return raw.normalize_code(string(code), names(namedSequences));
}

/** Parses a structured code into its fields. */
export function parseCode(code, namedSequences) {
  const f = raw.parse_code(string(code), names(namedSequences));
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
  return raw.full_id(string(namespace), string(code), names(namedSequences));
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
  return wrap2(raw.uid11_prefix_range(string(prefix)), (x) => x);
}

/** `{minUnixMs, maxUnixMs}` of the xids whose text starts with `prefix`, or `null`. */
export function xidPrefixRange(prefix) {
  const r = raw.xid_prefix_time_range(string(prefix));
  return r === undefined ? null : { minUnixMs: r[0], maxUnixMs: r[1] };
}

/** `[minMicros, maxMicros]` of the TIDs whose text starts with `prefix`, or `null`. */
export function tidPrefixRange(prefix) {
  return wrap2(raw.tid_prefix_range(string(prefix)), (x) => x);
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

  /** A new xid for the current time with fresh random bits. */
  static generate() {
    return new Xid(NEW, raw.xid_generate());
  }

  /** `count` new xids. */
  static generateMany(count) {
    const n = usize(count, 'count');
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = new Xid(NEW, raw.xid_generate());
    return out;
  }

  /** The text of a new xid. */
  static generateString() {
    return Xid.generate().toString();
  }

  /** The xid of a Unix time in milliseconds and 22 random bits. */
  static fromParts(unixMs, random) {
    return new Xid(NEW, raw.xid_from_parts(u64(unixMs, 'xid unix_ms'), u32(random, 'xid random')));
  }

  /** The xid of a `Date`, with the given random bits or fresh ones. */
  static fromDate(date, random) {
    const ms = u64(dateMs(date), 'xid unix_ms');
    if (random === undefined || random === null) return new Xid(NEW, raw.xid_generate_at(ms));
    return new Xid(NEW, raw.xid_from_parts(ms, u32(random, 'xid random')));
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

  get #fields() {
    return (this.#read ??= raw.xid_read(this.#value));
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
    return new Date(this.unixMs);
  }

  /** The 11-symbol text. */
  toString() {
    return this.#fields[0];
  }

  /** The 11-symbol text (for `JSON.stringify`). */
  toJSON() {
    return this.toString();
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

  /** A new TID from this module's generator (monotonic, random clock id 0-31). */
  static generate() {
    return new Tid(NEW, raw.tid_generate());
  }

  /** The text of a new TID from this module's generator. */
  static generateString() {
    return Tid.generate().toString();
  }

  /** The TID of microseconds since 1970 (±(2^53-1)) and a clock id (0-1023, default 0). */
  static fromParts(micros, clockId) {
    const micros_ = i64(micros, 'TID micros');
    const id = clockId === undefined || clockId === null ? 0 : u16(clockId, 'TID clock_id');
    return new Tid(NEW, raw.tid_from_parts(micros_, id));
  }

  /** The TID of a `Date` (whole milliseconds) and a clock id (0-1023, default 0). */
  static fromDate(date, clockId) {
    const micros = BigInt(dateMs(date)) * 1000n;
    const id = clockId === undefined || clockId === null ? 0 : u16(clockId, 'TID clock_id');
    return new Tid(NEW, raw.tid_from_parts(micros, id));
  }

  /** Parses the 13-symbol text or the dashed display form. */
  static parse(text) {
    return new Tid(NEW, raw.tid_parse(string(text)));
  }

  /** The TID of its signed 64-bit value. */
  static fromBigInt(value) {
    return new Tid(NEW, raw.tid_from_i64(i64(value, 'TID value')));
  }

  get #fields() {
    return (this.#read ??= raw.tid_read(this.#value));
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

  /** The 13-symbol text. */
  toString() {
    return this.#fields[0];
  }

  /** The 13-symbol text (for `JSON.stringify`). */
  toJSON() {
    return this.toString();
  }
}

/** A monotonic TID generator with one clock id. */
export class TidGenerator {
  #inner;

  /** A generator with the given clock id (0-1023), or a random one in 0-31. */
  constructor(clockId) {
    this.#inner = new raw.TidGen(optionalU16(clockId, 'TID clock_id'));
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
    return this.next().toString();
  }

  /** The next `count` TIDs. */
  nextMany(count) {
    const n = usize(count, 'count');
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = this.next();
    return out;
  }

  /** The texts of the next `count` TIDs. */
  nextManyStrings(count) {
    return this.nextMany(count).map(String);
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

  /** A new EUID for the current time, carrying `extension` (0-32767) if given. */
  static generate(extension) {
    return new Euid(NEW, raw.euid_generate(optionalU16(extension, 'EUID extension')));
  }

  /** The text of a new EUID. */
  static generateString(extension) {
    return Euid.generate(extension).toString();
  }

  /** The EUID of its fields: Unix ms, extension (or none), padding (default 0), random. */
  static fromParts(unixMs, extension, padding, random) {
    return new Euid(
      NEW,
      raw.euid_from_parts(
        u64(unixMs, 'EUID unix_ms'),
        optionalU16(extension, 'EUID extension'),
        padding === undefined || padding === null ? 0 : u16(padding, 'EUID padding'),
        random === undefined || random === null ? 0n : u64(random, 'EUID random'),
      ),
    );
  }

  /** The EUID of a `Date`, with fresh random bits and `extension` if given. */
  static fromDate(date, extension) {
    const ms = u64(dateMs(date), 'EUID unix_ms');
    return new Euid(NEW, raw.euid_generate_at(ms, optionalU16(extension, 'EUID extension')));
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

  /** The 16 big-endian bytes (a new `Uint8Array` on every access). */
  get bytes() {
    return raw.euid_bytes(this.#value);
  }

  get #fields() {
    return (this.#read ??= raw.euid_read(this.#value));
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
    const check = checkmod === undefined || checkmod === null ? true : boolean(checkmod);
    return this.#fields[check ? 0 : 1];
  }

  /** The next EUID after this one (`EXHAUSTED` at the end of a millisecond). */
  next() {
    return new Euid(NEW, raw.euid_next(this.#value));
  }

  /** The time as a `Date`. */
  toDate() {
    return new Date(this.unixMs);
  }

  /** The 27-symbol text with its check symbol. */
  toString() {
    return this.#fields[0];
  }

  /** The 27-symbol text (for `JSON.stringify`). */
  toJSON() {
    return this.toString();
  }
}

/** A strictly monotonic EUID generator. */
export class EuidGenerator {
  #inner;

  /** A generator whose EUIDs carry `extension` (0-32767), or none. */
  constructor(extension) {
    this.#inner = new raw.EuidGen(optionalU16(extension, 'EUID extension'));
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
    return this.next().toString();
  }

  /** The next `count` EUIDs. */
  nextMany(count) {
    const n = usize(count, 'count');
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = this.next();
    return out;
  }

  /** The texts of the next `count` EUIDs. */
  nextManyStrings(count) {
    return this.nextMany(count).map(String);
  }
}
