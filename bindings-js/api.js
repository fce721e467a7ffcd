// polyid's JavaScript API (the ID families): the classes and functions of the npm packages
// `polyid` (over the napi engine) and `polyid-wasm` (over the WebAssembly engine).
//
// `raw` is the engine: flat functions and small classes over primitives, the same names and
// calling conventions in both (bindings-js/README.md lists them). The packages assemble this
// text behind their engine's import (bindings-js/assemble.mjs), after `common.js`.
//
// Nothing about identifiers is computed here. This layer checks JavaScript argument types
// (TypeError, code INVALID_ARGUMENT) and integer ranges of the engine's parameters
// (OUT_OF_RANGE, with the families' ranges read from the core; a call's parts in the order of
// its parameters), turns numbers into the bigints
// the engines take, moves batches as one string each way, and wraps values in classes.

// ----------------------------------------------------------------------------------------------
// The families' ranges

/** The families' ranges, from the core (set by `readyIds()`), for OUT_OF_RANGE messages. */
let LIMITS;

/** The text lengths, from the core (set by `readyIds()`). */
let WIDTH;

const clockIdArg = (v) => u16(v, 'TID clock_id', LIMITS.clockId);
const extensionArg = (v) => (absent(v) ? undefined : u16(v, 'EUID extension', LIMITS.extension));
// The padding beside an extension of L bits has 15 - L bits (docs/spec §4.1; L >= 1).
const maxPadding = (ext) =>
  ext === undefined ? LIMITS.extension[1] : (1n << BigInt(15 - Math.max(1, ext.toString(2).length))) - 1n;
// A batch count, within the core's MAX_BATCH before anything is allocated on either side.
const countArg = (v) => Number(ranged(v, 'count', ...LIMITS.batch));

/** The core's standard named-sequence table, made once. */
let standardNames;

/**
 * Calls `f` with the core's named-sequence table for `{NAME: number}` or a Map of the same
 * (as Python takes any mapping; the standard table when absent), freeing a table made for
 * this call afterwards.
 */
function withNames(v, f) {
  if (absent(v)) return f((standardNames ??= raw.names_new()));
  if (typeof v !== 'object' || Array.isArray(v) || v instanceof Set) {
    const got = Array.isArray(v) ? 'array' : v instanceof Set ? 'Set' : typeName(v);
    throw typeError(`namedSequences: expected an object { NAME: number } or a Map, got ${got}`);
  }
  const entries = v instanceof Map ? [...v] : Object.keys(v).map((name) => [name, v[name]]);
  const table = raw.names_new();
  try {
    for (const [name, number] of entries) {
      if (typeof name !== 'string') {
        throw typeError(`namedSequences: a Map key must be a string, got ${typeName(name)}`);
      }
      if (typeof number !== 'number' && typeof number !== 'bigint') {
        throw typeError(`namedSequences[${debugStr(name)}]: expected a number, got ${typeName(number)}`);
      }
      // The core checks the number after the name (INVALID_SEQUENCE); here only that it is an i64.
      raw.names_insert(table, name, ranged(number, 'named sequence', I64_MIN, I64_MAX, [1n, 999n]));
    }
    return f(table);
  } finally {
    table.free?.(); // wasm-bindgen objects hold module memory until freed
  }
}

/** A pair the core returned (`[lo, hi]`), or `null` for none. */
const pair = (r) => (r == null ? null : [r[0], r[1]]);

function noConstructor(name) {
  return typeError(
    `new ${name}() is not available: use ${name}.parse(), ${name}.fromParts(), ` +
      `${name}.fromBigInt(), ${name}.fromDate(), ${name}.from() or ${name}.generate()`,
  );
}

/** Once the engine is ready: reads the families' ranges from the core. */
function readyIds() {
  const [
    minMicros, maxMicros, maxClockId, xidEpoch, xidMaxMs, xidMaxRandom, euidMaxMs, maxExtension, maxBatch,
    maxNode, maxLeadMs, compactLen, xidLen, tidLen, euidLen,
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
  // The lengths of the texts, for the batch transport's fixed-width cuts.
  WIDTH = { compact: Number(compactLen), xid: Number(xidLen), tid: Number(tidLen), euid: Number(euidLen) };
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

/** A node: 0-959, checked here so that the options fail in their order (docs/spec §6.5). */
const nodeArg = (v) => part(v, 'node', 0n, U64_MAX, LIMITS.node);

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
    : part(intOption(maxLeadMs, 'maxLeadMs'), 'max_lead_ms', 0n, U64_MAX, LIMITS.maxLead);
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
 * The value of `resume`'s `last`: what the ID class's `from` takes (an instance, whose value
 * `valueOf` gives; its clone; its text, read by `parse`). Read before the options, as in every
 * runtime (docs/spec §6.5).
 */
function lastValue(last, valueOf, name, parse) {
  const value = valueOf(last);
  return value !== undefined ? value : parse(cloneText(last, name));
}

/**
 * The engine's functions for each family's generators; a generator is an opaque handle the
 * engine made (`*_gen_new`) and takes back as the first argument. `text` is the family's text
 * of a value. The texts of new IDs come from the engine in one call where it has the
 * accelerators `*_gen_next_string` (both engines) and `*_gen_next_many_packed` (the napi
 * engine); otherwise from the values.
 */
/**
 * An accelerator of the engine, or `undefined`. Looked up by a computed name: bundlers
 * (webpack) refuse a static reference to an export a module does not have.
 */
const accelerator = (name) => (typeof raw[name] === 'function' ? raw[name] : undefined);

function family(prefix, text, name) {
  const next = raw[`${prefix}_gen_next`];
  const nextMany = raw[`${prefix}_gen_next_many`];
  return {
    // What a DataCloneError says of a generator of this family (`uncloneable`).
    noClone: Symbol(`polyid: a ${name} holds engine state and cannot be cloned; make one where the IDs are needed`),
    make: raw[`${prefix}_gen_new`],
    next,
    nextMany,
    info: raw[`${prefix}_gen_info`],
    nextString: accelerator(`${prefix}_gen_next_string`) ?? ((g) => text(next(g))),
    nextManyPacked:
      accelerator(`${prefix}_gen_next_many_packed`) ?? ((g, n) => Array.from(nextMany(g, n), text).join('')),
    width: () => WIDTH[prefix],
  };
}
const XIDS = family('xid', (v) => raw.xid_text(v), 'XidGenerator');
const TIDS = family('tid', (v) => raw.tid_text(v), 'TidGenerator');
const EUIDS = family('euid', (v) => raw.euid_text(v, true), 'EuidGenerator');

/**
 * An engine generator of `family` from options read by `generatorOptions` (`[clockMicros,
 * ...options]`), with `first` (clock id or extension, for TID and EUID) and the value of the
 * last ID for `resume`: `[generator, its clock]` (both handles).
 */
function makeGenerator(family, opts, first, last) {
  const [micros, ...rest] = opts;
  const clock = raw.clock_new(micros);
  const args = family === XIDS ? [clock, ...rest, last] : [clock, first, ...rest, last];
  return [family.make(...args), clock];
}


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
export function compactId(code, namedSequences, options) {
  const text = string(code);
  if (options !== undefined) {
    const profile = profileOption(options);
    if (profile !== undefined) {
      if (absent(namedSequences)) return profiled('compact_id_as')(text, profile);
      return withNames(namedSequences, (t) => profiled('compact_id_as_with')(text, t, profile));
    }
  }
  if (absent(namedSequences)) return raw.compact_id(text, (standardNames ??= raw.names_new()));
  return withNames(namedSequences, (t) => raw.compact_id(text, t));
}

/**
 * An engine function of the profiles. polyid-wasm's ID-only module leaves them out (its size
 * budget); its `polyid-wasm/profiles` entry has them, and this says so.
 */
function profiled(name) {
  return (
    accelerator(name) ??
    (() => {
      const e = new Error('profile: this module has no profiles; they are in the "polyid-wasm/profiles" entry');
      e.code = 'INVALID_ARGUMENT';
      throw e;
    })
  );
}

/**
 * A call's options `{ profile }`: the name of a profile (docs/spec §1.5, §3.5, §4.4: another
 * ecosystem's reading of the same text), or `undefined` for polyid's own. The core checks the
 * name.
 */
function profileOption(o) {
  if (absent(o)) return undefined;
  if (typeof o !== 'object' || Array.isArray(o)) {
    throw typeError(`options: expected an object { profile }, got ${Array.isArray(o) ? 'array' : typeName(o)}`);
  }
  for (const key of Object.keys(o)) {
    if (key !== 'profile') throw typeError(`options: unknown option ${debugStr(key)} (the option is profile)`);
  }
  const p = o.profile;
  if (absent(p)) return undefined;
  if (typeof p !== 'string') throw typeError(`profile: expected a string, got ${typeName(p)}`);
  return p;
}

/**
 * The codes of an array, each read once (a getter runs once) and checked to be a string (a
 * TypeError names the first that is not), and their lengths: the snapshot the batch works on.
 */
function codeList(codes) {
  if (!Array.isArray(codes)) throw typeError(`expected an array, got ${typeName(codes)}`);
  const n = codes.length;
  const list = new Array(n);
  const lengths = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const code = codes[i];
    if (typeof code !== 'string') throw typeError(`codes[${i}]: expected a string`);
    list[i] = code;
    lengths[i] = code.length;
  }
  return { list, lengths };
}

/**
 * The error of `list[i]` with `item` set to `i`: the engine answers a batch with the index of
 * its first invalid piece, and the precise error is computed only on that failure path.
 */
function itemError(list, i, t) {
  try {
    raw.compact_id(list[i], t);
  } catch (e) {
    e.item = i;
    return e;
  }
  return new Error(`codes[${i}]: the engine refused a valid code`); // an engine defect
}

/** `compactIds` code by code (for a batch whose text is not all ASCII). */
function compactEach(list, t) {
  const out = new Array(list.length);
  for (let i = 0; i < list.length; i++) {
    try {
      out[i] = raw.compact_id(list[i], t);
    } catch (e) {
      e.item = i;
      throw e;
    }
  }
  return out;
}

/**
 * The compact IDs of many codes; an error carries `item`, the failing position. The codes go
 * to the engine as one string, laid end to end, with their lengths, and the IDs come back as
 * one string: two crossings of the boundary for the whole batch.
 */
export function compactIds(codes, namedSequences) {
  const { list, lengths } = codeList(codes);
  return withNames(namedSequences, (t) => {
    const packed = packedIds(list, lengths, t);
    return packed === null ? compactEach(list, t) : cut(packed, WIDTH.compact);
  });
}

/** Codes per `String.prototype.concat` call: far below any engine's limit on arguments. */
const CONCAT_CHUNK = 8192;

/** The strings of `list` end to end (`concat` builds the text faster than `join`). */
function concatAll(list) {
  if (list.length <= CONCAT_CHUNK) return ''.concat(...list);
  const parts = [];
  for (let i = 0; i < list.length; i += CONCAT_CHUNK) {
    parts.push(''.concat(...list.slice(i, i + CONCAT_CHUNK)));
  }
  return parts.join('');
}

/**
 * The IDs of `list` back to back (one engine call), or `null` when the codes' text is not all
 * ASCII (the caller then takes the codes one by one: a non-ASCII code is invalid, and this
 * finds the first invalid one); the error of the first invalid code, with `item`.
 */
function packedIds(list, lengths, t) {
  if (list.length === 0) return '';
  const r = raw.compact_ids_sized(concatAll(list), lengths, t);
  if (typeof r === 'number') throw itemError(list, r, t);
  return r;
}

/**
 * The compact IDs of codes given as one string joined by `"\n"`, returned the same way (`""`
 * is no codes); an error carries `item`, the failing line.
 */
export function compactIdsJoined(codes, namedSequences) {
  const text = string(codes);
  return withNames(namedSequences, (t) => {
    const r = raw.compact_ids_lines(text, t);
    if (typeof r === 'number') throw itemError(text.split('\n'), r, t);
    return r;
  });
}

/**
 * Writes the compact IDs of `codes` into `out` (their ASCII bytes back to back from offset 0) and returns
 * the number of codes. BUFFER_TOO_SMALL before any work when `out` is too short.
 */
export function compactIdsInto(codes, out, namedSequences) {
  if (!Array.isArray(codes)) throw typeError(`expected an array, got ${typeName(codes)}`);
  // The buffer is checked first: nothing is computed for a call that cannot succeed.
  if (!(out instanceof Uint8Array)) throw typeError(`out: expected a Uint8Array, got ${typeName(out)}`);
  const need = codes.length * WIDTH.compact;
  if (out.length < need) raw.buffer_too_small(out.length, need);
  const { list, lengths } = codeList(codes);
  const packed = withNames(namedSequences, (t) => packedIds(list, lengths, t) ?? compactEach(list, t).join(''));
  // ASCII: one byte per character.
  (asciiEncoder ??= new TextEncoder()).encodeInto(packed, out);
  return list.length;
}

let asciiEncoder;

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
export function namespaceHash(namespace, options) {
  const ns = string(namespace);
  const profile = profileOption(options);
  return profile === undefined ? raw.namespace_hash(ns) : profiled('namespace_hash_as')(ns, profile);
}

/** The full ID `<namespace hash>-<compact id>`, e.g. `"05o5h-V6a0B"`. */
export function fullId(namespace, code, namedSequences, options) {
  const ns = string(namespace);
  const text = string(code);
  const profile = profileOption(options);
  if (profile !== undefined) {
    if (absent(namedSequences)) return profiled('full_id_as')(ns, text, profile);
    return withNames(namedSequences, (t) => profiled('full_id_as_with')(ns, text, t, profile));
  }
  return withNames(namedSequences, (t) => raw.full_id(ns, text, t));
}

/**
 * Splits a full ID into `{namespaceHash, compactId}`; with the `waddling` profile a bare
 * compact ID is accepted and its `namespaceHash` is `null`.
 */
export function parseFullId(id, options) {
  const text = string(id);
  const profile = profileOption(options);
  const [namespaceHash, compactId] =
    profile === undefined ? raw.parse_full_id(text) : profiled('parse_full_id_as')(text, profile);
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
  return r == null ? null : { minUnixMs: r[0], maxUnixMs: r[1] };
}

/** `[minMicros, maxMicros]` of the TIDs whose text starts with `prefix`, or `null`. */
export function tidPrefixRange(prefix) {
  return pair(raw.tid_prefix_range(string(prefix)));
}

// ----------------------------------------------------------------------------------------------
// The ID value classes: frozen objects whose only own properties are `type` (the class name)
// and `text` (the canonical text), and whose value (a bigint) is a private field, which is also
// the class's brand: the accessors refuse any other receiver with a TypeError. Each accessor
// asks the engine for its field.
//
// The two properties are the object's clone. The structured clone algorithm (structuredClone,
// postMessage to a worker or a port, IndexedDB, BroadcastChannel, history.pushState) copies an
// ordinary object's own enumerable string-keyed properties and nothing else, so a clone is
// `{ type, text }`, which the class's `from` parses back to the same value (the canonical text
// of every value parses to that value). The same properties make `assert.deepStrictEqual`
// compare IDs by value. A data property filled on first use could not be frozen, so `text` is
// either written when the object is made or an own accessor (which the algorithm calls like
// any getter) asking the engine on first read; the package's assembler picks the cheaper for
// its engine (`TEXT_WHEN_MADE`): an N-API string costs less than defining an accessor on every
// object, a string out of WebAssembly (through TextDecoder) several times more.
//
// The generators (and catalogs, catalog.js) hold engine handles that mean nothing in another
// thread or page: `uncloneable` (common.js) makes cloning one throw a DataCloneError rather
// than give `{}`.

/**
 * The text an ID class's `from` parses: `v` when it is a string, else the `text` of a clone
 * `{ type: name, text }` (an instance of the class from another copy of the package, e.g.
 * another entry of polyid-wasm, has the same two properties). A TypeError (code
 * INVALID_ARGUMENT) for anything else: another type, another key (a clone has exactly these
 * two), a text that is not a string.
 */
function cloneText(v, name) {
  if (typeof v === 'string') return v;
  if (typeof v !== 'object' || v === null) {
    throw typeError(`expected a ${name}, a clone of one ({ type: "${name}", text }) or its text, got ${typeName(v)}`);
  }
  const { type, text } = v;
  if (type !== name) {
    const got = typeof type === 'string' ? debugStr(type) : typeName(type);
    throw typeError(`clone.type: expected "${name}", got ${got}`);
  }
  for (const key of Object.keys(v)) {
    if (key !== 'type' && key !== 'text') {
      throw typeError(`clone: unknown key ${debugStr(key)} (a ${name}'s clone has type and text)`);
    }
  }
  if (typeof text !== 'string') throw typeError(`clone.text: expected a string, got ${typeName(text)}`);
  return text;
}

/**
 * What the three generator classes share: the engine generator and its clock (private), the
 * getters of the options in force, the manual clock, and the four ways to take IDs. `wrap`
 * makes the family's ID object from a value; `width` is its text length (batch transport).
 */
class Generator {
  #family;
  #gen;
  #clock;
  #wrap;

  constructor(token, family, [gen, clock], wrap) {
    if (token !== NEW) throw typeError('a generator is made by its class');
    uncloneable(this, family.noClone);
    this.#family = family;
    this.#gen = gen;
    this.#clock = clock;
    this.#wrap = wrap;
  }

  static #of(o) {
    if (typeof o !== 'object' || o === null || !(#gen in o)) throw typeError('expected a generator');
    return o;
  }

  /** Member `i` of the engine's `info` of generator `o` (receiver checked). */
  static info(o, i) {
    const g = Generator.#of(o);
    return g.#family.info(g.#gen)[i];
  }

  /** How far the last ID is ahead of the clock, in milliseconds. */
  get leadMs() {
    return Generator.info(this, 2);
  }

  /** The bound on `leadMs`. */
  get maxLeadMs() {
    return Generator.info(this, 3);
  }

  /** `'fail'` or `'wait'`. */
  get onClockBehind() {
    return Generator.info(this, 4);
  }

  /** Moves the manual clock (INVALID_ARGUMENT on the real clock). */
  setClockMicros(micros) {
    raw.clock_set(Generator.#of(this).#clock, i64(micros, 'clock_micros'));
  }

  /** The next ID. */
  next() {
    const g = Generator.#of(this);
    return g.#wrap(g.#family.next(g.#gen));
  }

  /** The text of the next ID. */
  nextString() {
    const g = Generator.#of(this);
    return g.#family.nextString(g.#gen);
  }

  /** The next `count` IDs (consecutive, one clock read). */
  nextMany(count) {
    const g = Generator.#of(this);
    return Array.from(g.#family.nextMany(g.#gen, countArg(count)), g.#wrap);
  }

  /** The texts of the next `count` IDs. */
  nextManyStrings(count) {
    const g = Generator.#of(this);
    return cut(g.#family.nextManyPacked(g.#gen, countArg(count)), g.#family.width());
  }

  /**
   * Node's `util.inspect`: the class and its getters (the own property `uncloneable` is there
   * for the clone algorithm and says nothing about the generator).
   */
  [INSPECT](_depth, options, inspect) {
    const fields = {};
    for (let proto = Object.getPrototypeOf(Generator.#of(this)); proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
      for (const [key, d] of Object.entries(Object.getOwnPropertyDescriptors(proto))) {
        if (d.get !== undefined && !(key in fields)) fields[key] = this[key];
      }
    }
    return `${this.constructor.name} ${inspect(fields, options)}`;
  }
}

/** Fixed-width texts back to back -> an array of them (batch transport). */
function cut(packed, width) {
  const out = new Array(packed.length / width);
  for (let i = 0, at = 0; i < out.length; i++, at += width) out[i] = packed.slice(at, at + width);
  return out;
}

/** The default generators of `Xid.generate()` / `Tid.generate()`, made at their first use. */
let defaultXids;
let defaultTids;
const xids = () => (defaultXids ??= makeGenerator(XIDS, generatorOptions())[0]);
const tids = () => (defaultTids ??= makeGenerator(TIDS, generatorOptions())[0]);

// ----------------------------------------------------------------------------------------------
// xid

let xidValue;
let xidText;
let xidTextProperty;

/** The value of a Xid, or a TypeError (code INVALID_ARGUMENT) for anything else. */
function xidOf(o) {
  const v = xidValue(o);
  if (v === undefined) throw typeError('expected a Xid');
  return v;
}

/** An xid: 42 bits of milliseconds since 2011-11-11T11:11:11.111Z and 22 bits of node/counter. */
export class Xid {
  #value; // the engine's value (also the class's brand)
  #text; // the text, where it is made on first read (TEXT_WHEN_MADE false)

  static {
    xidValue = (o) => (typeof o === 'object' && o !== null && #value in o ? o.#value : undefined);
    // The text of a Xid (the receiver checked).
    xidText = (o) => {
      xidOf(o);
      return TEXT_WHEN_MADE ? o.text : (o.#text ??= raw.xid_text(o.#value));
    };
    xidTextProperty = {
      enumerable: true,
      get() {
        return xidText(this);
      },
    };
  }

  constructor(token, value) {
    if (token !== NEW) throw noConstructor('Xid');
    // The clone: own, enumerable, read-only once frozen (see "The ID value classes").
    this.type = 'Xid';
    if (TEXT_WHEN_MADE) this.text = raw.xid_text(value);
    else Object.defineProperty(this, 'text', xidTextProperty);
    this.#value = value;
    Object.freeze(this);
  }

  /**
   * The Xid of `value`: a Xid (returned as it is), its clone `{ type: 'Xid', text }` (what
   * structuredClone, postMessage and IndexedDB make of a Xid) or its text.
   */
  static from(value) {
    return xidValue(value) === undefined ? new Xid(NEW, raw.xid_parse(cloneText(value, 'Xid'))) : value;
  }

  /**
   * A new xid from this module's monotonic generator: the current time, after every xid it
   * made before; it carries the node set with `setNode`, if any.
   */
  static generate() {
    return new Xid(NEW, raw.xid_gen_next(xids()));
  }

  /** `count` new xids of the module's generator, increasing. */
  static generateMany(count) {
    return Array.from(raw.xid_gen_next_many(xids(), countArg(count)), (v) => new Xid(NEW, v));
  }

  /** The text of a new xid of the module's generator. */
  static generateString() {
    return XIDS.nextString(xids());
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
    return xidOf(this);
  }

  /** Unix time in milliseconds. */
  get unixMs() {
    return raw.xid_unix_ms(xidOf(this));
  }

  /** The 22 low bits. */
  get random() {
    return raw.xid_random(xidOf(this));
  }

  /** The time as a `Date`. */
  toDate() {
    return new Date(raw.xid_unix_ms(xidOf(this)));
  }

  /** Whether `other` (an Xid) holds the same value. */
  equals(other) {
    return xidOf(this) === xidOf(other);
  }

  /** -1, 0 or 1 as this value is less than, equal to or greater than `other`'s. */
  compare(other) {
    return order(xidOf(this), xidOf(other));
  }

  /** The 11-symbol text. */
  toString() {
    return xidText(this);
  }

  /** The 11-symbol text (for `JSON.stringify`). */
  toJSON() {
    return xidText(this);
  }

  [INSPECT]() {
    return `Xid(${xidText(this)})`;
  }
}

/** A monotonic xid generator (docs/spec §6.2): with a node, or with a lane. */
export class XidGenerator extends Generator {
  #xidGenerator = true; // this class's brand: its own getters refuse other generators

  static #own(o) {
    if (typeof o !== 'object' || o === null || !(#xidGenerator in o)) throw typeError('expected a XidGenerator');
    return o;
  }

  /** A generator built from `options` (docs/spec §6.5). */
  constructor(options, token, last) {
    // `resume` passes the options read already and the value of the last xid.
    const resuming = token === NEW;
    const opts = resuming ? options : generatorOptions(options);
    super(NEW, XIDS, makeGenerator(XIDS, opts, undefined, resuming ? last : undefined), (v) => new Xid(NEW, v));
  }

  /** A generator whose every xid is greater than `last` (what `Xid.from` takes). */
  static resume(last, options) {
    const value = lastValue(last, xidValue, 'Xid', (t) => raw.xid_parse(t));
    const opts = generatorOptions(options);
    return new XidGenerator(opts, NEW, value);
  }

  /** The node in this generator's xids (bits 21-12), or `null`. */
  get node() {
    return Generator.info(XidGenerator.#own(this), 0) ?? null;
  }

  /** The top 6 of the 22 low bits: the lane without a node (`node >> 4` with one). */
  get lane() {
    return Generator.info(XidGenerator.#own(this), 1);
  }
}

// ----------------------------------------------------------------------------------------------
// TID

let tidValue;
let tidText;
let tidTextProperty;

/** The value of a Tid, or a TypeError (code INVALID_ARGUMENT) for anything else. */
function tidOf(o) {
  const v = tidValue(o);
  if (v === undefined) throw typeError('expected a Tid');
  return v;
}

/** A TID: signed microseconds since 1970 << 10 | a clock id, as 13 base32 symbols. */
export class Tid {
  #value; // the engine's value (also the class's brand)
  #text; // the text, where it is made on first read (TEXT_WHEN_MADE false)

  static {
    tidValue = (o) => (typeof o === 'object' && o !== null && #value in o ? o.#value : undefined);
    // The text of a Tid (the receiver checked).
    tidText = (o) => {
      tidOf(o);
      return TEXT_WHEN_MADE ? o.text : (o.#text ??= raw.tid_text(o.#value));
    };
    tidTextProperty = {
      enumerable: true,
      get() {
        return tidText(this);
      },
    };
  }

  constructor(token, value) {
    if (token !== NEW) throw noConstructor('Tid');
    // The clone: own, enumerable, read-only once frozen (see "The ID value classes").
    this.type = 'Tid';
    if (TEXT_WHEN_MADE) this.text = raw.tid_text(value);
    else Object.defineProperty(this, 'text', tidTextProperty);
    this.#value = value;
    Object.freeze(this);
  }

  /**
   * The Tid of `value`: a Tid (returned as it is), its clone `{ type: 'Tid', text }` (what
   * structuredClone, postMessage and IndexedDB make of a Tid) or its text.
   */
  static from(value) {
    return tidValue(value) === undefined ? new Tid(NEW, raw.tid_parse(cloneText(value, 'Tid'))) : value;
  }

  /**
   * A new TID from this module's generator (monotonic; clock id `32 + node` with the node set
   * with `setNode`, else a random one in 0-31).
   */
  static generate() {
    return new Tid(NEW, raw.tid_gen_next(tids()));
  }

  /** The text of a new TID from this module's generator. */
  static generateString() {
    return TIDS.nextString(tids());
  }

  /** The TID of microseconds since 1970 (±(2^53-1)) and a clock id (0-1023, default 0). */
  static fromParts(micros, clockId) {
    const us = i64(micros, 'TID micros', LIMITS.micros);
    return new Tid(NEW, raw.tid_from_parts(us, absent(clockId) ? 0 : clockIdArg(clockId)));
  }

  /** The TID of a `Date` (whole milliseconds) and a clock id (0-1023, default 0). */
  static fromDate(date, clockId) {
    const us = i64(BigInt(dateMs(date)) * 1000n, 'TID micros', LIMITS.micros);
    return new Tid(NEW, raw.tid_from_parts(us, absent(clockId) ? 0 : clockIdArg(clockId)));
  }

  /**
   * Parses the 13-symbol text or the dashed display form; `{ profile: 'atproto' }` reads it
   * as the AT Protocol does (docs/spec §3.5).
   */
  static parse(text, options) {
    const t = string(text);
    const profile = profileOption(options);
    return new Tid(NEW, profile === undefined ? raw.tid_parse(t) : profiled('tid_parse_as')(t, profile));
  }

  /** The TID of its signed 64-bit value. */
  static fromBigInt(value) {
    return new Tid(NEW, raw.tid_from_i64(i64(value, 'TID value')));
  }

  /** Microseconds since 1970-01-01T00:00:00Z. */
  get micros() {
    return raw.tid_micros(tidOf(this));
  }

  /** The clock id, 0-1023. */
  get clockId() {
    return raw.tid_clock_id(tidOf(this));
  }

  /** The signed 64-bit value. */
  get value() {
    return tidOf(this);
  }

  /** The dashed display form, `3kxn-lhr-3gxq-23`. */
  display() {
    return raw.tid_display(tidOf(this));
  }

  /** The time as a `Date` (microseconds rounded down to the millisecond). */
  toDate() {
    return new Date(raw.tid_unix_ms(tidOf(this)));
  }

  /** Whether `other` (a Tid) holds the same value. */
  equals(other) {
    return tidOf(this) === tidOf(other);
  }

  /** -1, 0 or 1 as this value is less than, equal to or greater than `other`'s (time order). */
  compare(other) {
    return order(tidOf(this), tidOf(other));
  }

  /** The 13-symbol text. */
  toString() {
    return tidText(this);
  }

  /** The 13-symbol text (for `JSON.stringify`). */
  toJSON() {
    return tidText(this);
  }

  [INSPECT]() {
    return `Tid(${tidText(this)})`;
  }
}

/** A monotonic TID generator with one clock id (docs/spec §6.3). */
export class TidGenerator extends Generator {
  #tidGenerator = true; // this class's brand: its own getters refuse other generators

  static #own(o) {
    if (typeof o !== 'object' || o === null || !(#tidGenerator in o)) throw typeError('expected a TidGenerator');
    return o;
  }

  /**
   * A generator with the given clock id (0-1023), or else `32 + node` (the `node` option, else
   * the process node), or else a random one in 0-31; `options` as for `XidGenerator`.
   */
  constructor(clockId, options, token, last) {
    // `resume` passes the clock id and options read already and the value of the last TID.
    const resuming = token === NEW;
    // The options, then the clock id (docs/spec §6.5).
    const opts = resuming ? options : generatorOptions(options);
    const id = resuming || absent(clockId) ? (clockId ?? undefined) : clockIdArg(clockId);
    super(NEW, TIDS, makeGenerator(TIDS, opts, id, resuming ? last : undefined), (v) => new Tid(NEW, v));
  }

  /** A generator whose every TID is greater than `last` (what `Tid.from` takes). */
  static resume(last, clockId, options) {
    const value = lastValue(last, tidValue, 'Tid', (t) => raw.tid_parse(t));
    const opts = generatorOptions(options);
    const id = absent(clockId) ? undefined : clockIdArg(clockId);
    return new TidGenerator(id, opts, NEW, value);
  }

  /** The clock id of the TIDs this generator issues. */
  get clockId() {
    return Generator.info(TidGenerator.#own(this), 1);
  }

  /** The node behind the clock id, or `null`. */
  get node() {
    return Generator.info(TidGenerator.#own(this), 0) ?? null;
  }
}

// ----------------------------------------------------------------------------------------------
// EUID

/** The text of a new EUID: one engine call where the engine has the accelerator. */
const generateEuidString =
  accelerator('euid_generate_string') ?? ((ext) => raw.euid_text(raw.euid_generate(ext), true));
let euidValue;
let euidText;
let euidTextProperty;

/** The value of a Euid, or a TypeError (code INVALID_ARGUMENT) for anything else. */
function euidOf(o) {
  const v = euidValue(o);
  if (v === undefined) throw typeError('expected a Euid');
  return v;
}

/** An EUID: a 128-bit sortable ID with an optional extension, as 27 symbols with a check. */
export class Euid {
  #value; // the engine's value (also the class's brand)
  #text; // the text, where it is made on first read (TEXT_WHEN_MADE false)

  static {
    euidValue = (o) => (typeof o === 'object' && o !== null && #value in o ? o.#value : undefined);
    // The text of a Euid (the receiver checked).
    euidText = (o) => {
      euidOf(o);
      return TEXT_WHEN_MADE ? o.text : (o.#text ??= raw.euid_text(o.#value, true));
    };
    euidTextProperty = {
      enumerable: true,
      get() {
        return euidText(this);
      },
    };
  }

  constructor(token, value) {
    if (token !== NEW) throw noConstructor('Euid');
    // The clone: own, enumerable, read-only once frozen (see "The ID value classes").
    this.type = 'Euid';
    if (TEXT_WHEN_MADE) this.text = raw.euid_text(value, true);
    else Object.defineProperty(this, 'text', euidTextProperty);
    this.#value = value;
    Object.freeze(this);
  }

  /**
   * The Euid of `value`: a Euid (returned as it is), its clone `{ type: 'Euid', text }` (what
   * structuredClone, postMessage and IndexedDB make of a Euid) or its text.
   */
  static from(value) {
    return euidValue(value) === undefined ? new Euid(NEW, raw.euid_parse(cloneText(value, 'Euid'))) : value;
  }

  /** A new EUID for the current time, carrying `extension` (0-32767) if given. */
  static generate(extension) {
    return new Euid(NEW, raw.euid_generate(extensionArg(extension)));
  }

  /** The text of a new EUID. */
  static generateString(extension) {
    return generateEuidString(extensionArg(extension));
  }

  /** The EUID of its fields: Unix ms, extension (or none), padding (default 0), random. */
  static fromParts(unixMs, extension, padding, random) {
    const ms = u64(unixMs, 'EUID unix_ms', LIMITS.euidMs);
    const ext = extensionArg(extension);
    const pad = absent(padding) ? 0 : u16(padding, 'EUID padding', [0n, maxPadding(ext)]);
    const rnd = absent(random) ? 0n : u64(random, 'EUID random');
    return new Euid(NEW, raw.euid_from_parts(ms, ext, pad, rnd));
  }

  /** The EUID of a `Date`, with fresh random bits and `extension` if given. */
  static fromDate(date, extension) {
    const ms = u64(dateMs(date), 'EUID unix_ms', LIMITS.euidMs);
    return new Euid(NEW, raw.euid_generate_at(ms, extensionArg(extension)));
  }

  /**
   * Parses the 27-symbol text (case-insensitive; `I`/`L` read as 1, `O` as 0); `{ profile:
   * 'euid' }` reads it as the `euid` crate does (docs/spec §4.4).
   */
  static parse(text, options) {
    const t = string(text);
    const profile = profileOption(options);
    return new Euid(NEW, profile === undefined ? raw.euid_parse(t) : profiled('euid_parse_as')(t, profile));
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
    return euidOf(this);
  }

  /** The 16 big-endian bytes (a new `Uint8Array`, a `Buffer` in Node). */
  get bytes() {
    const out = newBytes(16);
    raw.euid_bytes_into(euidOf(this), out);
    return out;
  }

  /** Unix time in milliseconds. */
  get unixMs() {
    return raw.euid_unix_ms(euidOf(this));
  }

  /** The extension (0-32767), or `null` when the EUID has none. */
  get extension() {
    return raw.euid_extension(euidOf(this));
  }

  /** The random padding bits above the extension. */
  get padding() {
    return raw.euid_padding(euidOf(this));
  }

  /** The check value, `value mod 127`. */
  get checkmod() {
    return raw.euid_checkmod(euidOf(this));
  }

  /** The 27-symbol text, with the check symbol (default) or "no check" (`false`). */
  encode(checkmod) {
    const v = euidOf(this);
    return absent(checkmod) || boolean(checkmod) ? euidText(this) : raw.euid_text(v, false);
  }

  /** The next EUID after this one (`EXHAUSTED` at the end of a millisecond). */
  next() {
    return new Euid(NEW, raw.euid_next(euidOf(this)));
  }

  /** The time as a `Date`. */
  toDate() {
    return new Date(raw.euid_unix_ms(euidOf(this)));
  }

  /** Whether `other` (an Euid) holds the same value. */
  equals(other) {
    return euidOf(this) === euidOf(other);
  }

  /** -1, 0 or 1 as this value is less than, equal to or greater than `other`'s (time order). */
  compare(other) {
    return order(euidOf(this), euidOf(other));
  }

  /** The 27-symbol text with its check symbol. */
  toString() {
    return euidText(this);
  }

  /** The 27-symbol text (for `JSON.stringify`). */
  toJSON() {
    return euidText(this);
  }

  [INSPECT]() {
    return `Euid(${euidText(this)})`;
  }
}

/** A strictly monotonic EUID generator. */
export class EuidGenerator extends Generator {
  #euidGenerator = true; // this class's brand: its own getters refuse other generators

  static #own(o) {
    if (typeof o !== 'object' || o === null || !(#euidGenerator in o)) throw typeError('expected a EuidGenerator');
    return o;
  }

  /**
   * A generator whose EUIDs carry `extension` (0-32767), or none; `options` as for
   * `XidGenerator` without `node` (EUIDs take none: INVALID_ARGUMENT).
   */
  constructor(extension, options, token, last) {
    // `resume` passes the extension and options read already and the value of the last EUID.
    const resuming = token === NEW;
    // The options, then the extension (docs/spec §6.5).
    const opts = resuming ? options : generatorOptions(options);
    const ext = resuming ? extension : extensionArg(extension);
    super(NEW, EUIDS, makeGenerator(EUIDS, opts, ext, resuming ? last : undefined), (v) => new Euid(NEW, v));
  }

  /** A generator whose every EUID is greater than `last` (what `Euid.from` takes). */
  static resume(last, extension, options) {
    const value = lastValue(last, euidValue, 'Euid', (t) => raw.euid_parse(t));
    const opts = generatorOptions(options);
    const ext = extensionArg(extension);
    return new EuidGenerator(ext, opts, NEW, value);
  }

  /** The extension of the EUIDs this generator makes, or `null`. */
  get extension() {
    return Generator.info(EuidGenerator.#own(this), 0) ?? null;
  }
}
