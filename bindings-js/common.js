// polyid's JavaScript layer: what every entry shares (`api.js`, `catalog.js`, `extuuid.js`):
// translation of JavaScript arguments, and the errors.
//
// bindings-js/assemble.mjs puts this text in front of each entry's body, for each engine.
// Nothing about identifiers is computed here: it checks argument types (TypeError, code
// INVALID_ARGUMENT) and integer ranges of the engine's parameters (OUT_OF_RANGE). The napi
// engine throws core errors itself, with the core's message; the WebAssembly engine hands
// their parts to `polyidError` below, which writes the same message from a table generated
// from the core's message forms (the wasm module leaves Rust's formatting out for its size
// budget; the parity test compares both engines' errors).

// ----------------------------------------------------------------------------------------------
// Argument translation (the same rules and messages as the Node package)

const U16_MAX = 0xffffn;
const U32_MAX = 0xffff_ffffn;
const U64_MAX = 0xffff_ffff_ffff_ffffn;
const I64_MIN = -0x8000_0000_0000_0000n;
const I64_MAX = 0x7fff_ffff_ffff_ffffn;
const U128_MAX = (1n << 128n) - 1n;
const USIZE_MAX = U32_MAX; // the wasm32 engine's usize, also the napi engine's u32 counts

// A range's bounds and value as the napi engine gives them: a `number` when it is a safe
// integer, else a `bigint` (exact either way).
const SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const exactInt = (v) => (typeof v === 'bigint' && v >= -SAFE && v <= SAFE ? Number(v) : v);

/** What `typeof` says, with `null` named (as the Node package's messages do). */
const typeName = (v) => (v === null ? 'null' : typeof v);

function typeError(message) {
  const e = new TypeError(message);
  e.code = 'INVALID_ARGUMENT';
  return e;
}

/** OUT_OF_RANGE, with `found`, `min` and `max` when the value and its range are known. */
function rangeError(context, message, found, min, max) {
  const e = new Error(`${context}: ${message}`);
  e.code = 'OUT_OF_RANGE';
  if (found !== undefined) Object.assign(e, { found: exactInt(found), min: exactInt(min), max: exactInt(max) });
  return e;
}

/** A number as Rust's `Display` writes an f64: shortest digits, never an exponent. */
function rustFloat(n) {
  if (Number.isNaN(n)) return 'NaN';
  if (!Number.isFinite(n)) return n > 0 ? 'inf' : '-inf';
  const sign = n < 0 || Object.is(n, -0) ? '-' : '';
  const m = /^(\d)(?:\.(\d+))?e([+-])(\d+)$/.exec(String(Math.abs(n)));
  if (!m) return sign + String(Math.abs(n));
  const digits = m[1] + (m[2] ?? '');
  const exp = Number(m[4]);
  return m[3] === '+'
    ? sign + digits + '0'.repeat(exp - (digits.length - 1))
    : `${sign}0.${'0'.repeat(exp - 1)}${digits}`;
}

/** An integer argument: a bigint, or a number that is a safe integer. */
function integer(v) {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number') {
    if (Number.isSafeInteger(v)) return BigInt(v);
    if (Number.isInteger(v)) {
      throw typeError(`${rustFloat(v)} is not a safe integer: pass a bigint for values beyond 2^53-1`);
    }
    throw typeError(`expected an integer, got ${rustFloat(v)}`);
  }
  throw typeError(`expected an integer (bigint or number), got ${typeName(v)}`);
}

/**
 * `v` as a bigint in the Rust parameter's range `min..=max`, else OUT_OF_RANGE. The message
 * gives the family's range `[fmin, fmax]` when there is one (the core checks that range itself
 * for the values that fit the parameter).
 */
function ranged(v, context, min, max, family) {
  const n = integer(v);
  if (n >= min && n <= max) return n;
  const [lo, hi] = family ?? [min, max];
  // A bigint of any size: one of more than EXCERPT_CHARS digits is quoted, as every runtime
  // quotes it.
  const digits = String(n);
  const shown = digits.length <= EXCERPT_CHARS ? digits : debugStr(digits);
  throw rangeError(context, `${shown} is out of range ${lo}..=${hi}`, n, BigInt(lo), BigInt(hi));
}

/**
 * `v` in the parameter's Rust type `[min, max]` and, when `family` is given, in that range,
 * the part's own (within the type's): any other value is OUT_OF_RANGE here rather than in the
 * core, so that the parts of a call are checked in the order of its parameters (as every
 * runtime checks them).
 */
const part = (v, context, min, max, family) =>
  family ? ranged(v, context, ...family) : ranged(v, context, min, max);
const u16 = (v, context, family) => Number(part(v, context, 0n, U16_MAX, family));
const u32 = (v, context, family) => Number(part(v, context, 0n, U32_MAX, family));
const usize = (v, context) => Number(ranged(v, context, 0n, USIZE_MAX));
const u64 = (v, context, family) => part(v, context, 0n, U64_MAX, family);
const i64 = (v, context, family) => part(v, context, I64_MIN, I64_MAX, family);

const u128 = (v, context) => ranged(v, context, 0n, U128_MAX);

/** `null`/`undefined` -> `undefined` (the wasm ABI's "none"). */
const absent = (v) => v === null || v === undefined;

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

/** The token of the package's private constructors (`new Xid()` etc. are not public). */
const NEW = Symbol('polyid');

/** `other`'s value when it is an instance of the same class, else a TypeError. */
function same(has, get, other, name) {
  if (typeof other !== 'object' || other === null || !has(other)) {
    throw typeError(`expected a ${name}`);
  }
  return get(other);
}

const order = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/**
 * Makes the structured clone algorithm (structuredClone, postMessage, IndexedDB, ...) throw a
 * DataCloneError for `o`, an object holding engine handles that mean nothing in another thread
 * or page, instead of copying its (no) own properties into `{}`: the algorithm visits the own
 * enumerable property `uncloneable` and refuses its value, a symbol, whose description (`why`:
 * what to send instead) the error message shows. Read-only, so it cannot be taken away.
 */
function uncloneable(o, why) {
  Object.defineProperty(o, 'uncloneable', { value: why, enumerable: true });
}

// ----------------------------------------------------------------------------------------------
// Errors

// The core's quotation of a character or a text in a message (`polyid::error::write_quoted`):
// ASCII only, printable ASCII as is, the backslash and the enclosing quote after a backslash,
// \0 \t \r \n, and every other character as \u{hex}. No Unicode table is involved, so the
// engines' Unicode versions cannot make it differ from the core's.
const BACKSLASHED = { '\0': '\\0', '\t': '\\t', '\r': '\\r', '\n': '\\n', '\\': '\\\\' };

function escapeDebug(ch, quote) {
  if (ch in BACKSLASHED) return BACKSLASHED[ch];
  if (ch === quote) return `\\${ch}`;
  const c = ch.codePointAt(0);
  if (c >= 0x20 && c <= 0x7e) return ch;
  return `\\u{${c.toString(16)}}`;
}

const debugChar = (ch) => `'${escapeDebug(ch, "'")}'`;
// A text as the core quotes an input (`polyid::Excerpt`): at most EXCERPT_CHARS characters,
// then the input's length in UTF-8 bytes when it was longer. `len` is given when the core
// already cut the text (its kept characters come in `s`).
const EXCERPT_CHARS = 64;

function utf8Length(s) {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i += 1;
    } else n += 3; // a lone surrogate is sent as U+FFFD
  }
  return n;
}

function debugStr(s, len) {
  const chars = [];
  for (const ch of s) {
    if (chars.length === EXCERPT_CHARS) {
      len ??= utf8Length(s);
      break;
    }
    chars.push(escapeDebug(ch, '"'));
  }
  return `"${chars.join('')}"${len === undefined ? '' : `... (${len} bytes)`}`;
}

// The message of each kind of core error detail, from the detail's fields (in the order the
// WebAssembly engine passes them): written from the core's message forms
// (`polyid::MESSAGE_FORMS`) by tools/error_codes.py, a kind's form for one code before its
// general form.
const MESSAGES = {
  // error-codes: js-messages
  'char NON_ASCII': (index, character) => `non-ASCII character ${debugChar(character)} at index ${index}`,
  'char': (index, character) => `invalid character ${debugChar(character)} at index ${index}`,
  'length': (found, expected) => `expected ${expected} bytes, found ${found}`,
  'checkmod': (found, expected) => `check value ${found} does not match the value (expected ${expected})`,
  'range': (found, min, max) => `${found} is out of range ${min}..=${max}`,
  'text UNKNOWN_NAMED_SEQUENCE': (text, len) => `unknown named sequence ${debugStr(text, len)}`,
  'text': (text, len) => `invalid ${debugStr(text, len)}`,
  'reason': (reason) => `${reason}`,
  'lead': (lead, max, unit) => `the next ID would be ${lead} ${unit} ahead of the clock, more than the allowed lead of ${max} ${unit} (the clock stepped back, or IDs were requested faster than the family's capacity per tick)`,
  'none': (code) => `${code}`,
  // /error-codes
};

// The detail fields an Error carries as properties (as the napi engine's errors do).
const DETAIL_FIELDS = {
  char: ['index', 'character'],
  length: ['found', 'expected'],
  checkmod: ['found', 'expected'],
  range: ['found', 'min', 'max'],
};


/**
 * The thrown `Error` for a core error, from its parts (bindings-wasm/src/error.rs): the message
 * in the core's `Display` format, `.code`, and the detail fields the Node package sets.
 */
function polyidError(code, context, kind, a, b, c) {
  const write = MESSAGES[`${kind} ${code}`] ?? MESSAGES[kind];
  const message = write === undefined ? code : kind === 'none' ? write(code) : write(a, b, c);
  const detail = {};
  (DETAIL_FIELDS[kind] ?? []).forEach((name, i) => {
    const v = [a, b, c][i];
    detail[name] = kind === 'range' ? exactInt(v) : v;
  });
  return Object.assign(new Error(`${context}: ${message}`), { code }, detail);
}


/**
 * Once the engine is ready: lets it build errors with `polyidError` (an engine that throws
 * finished errors has no such hook) and returns every stable error code (frozen), from the core.
 */
function readyEngine() {
  raw.set_error_factory?.(polyidError);
  return Object.freeze(raw.error_codes());
}
