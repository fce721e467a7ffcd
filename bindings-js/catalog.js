// WDP catalogs (the core's `polyid::wdp::catalog`) — build, load (the three JSON forms),
// expand, canonical bytes, Ed25519 signatures, collision groups. In `polyid` part of the one
// entry; in `polyid-wasm` the `polyid-wasm/catalog` entry over a WebAssembly module of its own
// (bindings-wasm/src/catalog.rs), so that serde_json and ed25519-dalek never weigh on the
// ID-only module.
//
// Nothing about catalogs is computed here: this layer checks JavaScript argument types, turns
// objects into the JSON text or the arrays the core takes, and wraps what the core returns.

/** An array of strings (hints, tags, codes), with a TypeError naming the bad element. */
function stringList(v, what) {
  if (absent(v)) return [];
  if (!Array.isArray(v)) throw typeError(`${what}: expected an array of strings, got ${typeName(v)}`);
  for (let i = 0; i < v.length; i++) {
    if (typeof v[i] !== 'string') throw typeError(`${what}[${i}]: expected a string, got ${typeName(v[i])}`);
  }
  return v;
}

function optionalString(v, what) {
  if (absent(v)) return undefined;
  if (typeof v !== 'string') throw typeError(`${what}: expected a string, got ${typeName(v)}`);
  return v;
}

/** A plain object (not an array, not null), for fields and JSON documents. */
function isRecord(v) {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** How far below itself a field value may nest (docs/spec §1.4). */
const MAX_FIELD_LEVELS = 64;
/** How deep the core's JSON reader reads; a deeper document is refused here first. */
const MAX_JSON_LEVELS = 128;

/** INVALID_ARGUMENT for a value nested deeper than its limit (the core's message). */
function nestedTooDeep(context, limit) {
  const e = new Error(`${context}: nested more than ${limit} levels`);
  e.code = 'INVALID_ARGUMENT';
  return e;
}

/** INVALID_ARGUMENT for NaN or an infinity, which JSON cannot hold, in Python's words. */
function noJson(context, x) {
  const e = new Error(`${context}: ${rustFloat(x)} has no JSON form`);
  e.code = 'INVALID_ARGUMENT';
  return e;
}

/** A Map as an object with the same members (a key that is not a string is a TypeError). */
function mapObject(map, context) {
  for (const key of map.keys()) {
    if (typeof key !== 'string') throw typeError(`${context}: a Map key must be a string, got ${typeName(key)}`);
  }
  return Object.fromEntries(map);
}

/**
 * The JSON text of the usual fields, a plain object whose values are strings, finite numbers,
 * booleans or null (undefined: left out), as JSON.stringify writes it, each value read once;
 * `undefined` for anything else, which `jsonText` reads with its checks.
 */
function flatJson(v) {
  if (Object.getPrototypeOf(v) !== Object.prototype || typeof v.toJSON === 'function') return undefined;
  let out = '';
  for (const k in v) {
    if (!Object.hasOwn(v, k)) return undefined;
    const x = v[k];
    let text;
    if (typeof x === 'string' || (typeof x === 'number' && Number.isFinite(x))) text = JSON.stringify(x);
    else if (typeof x === 'boolean' || x === null) text = String(x);
    else if (x === undefined) continue;
    else return undefined;
    out += `${out ? ',' : ''}${JSON.stringify(k)}:${text}`;
  }
  return `{${out}}`;
}

/**
 * JSON text of an object the caller gave (catalog document, payload, fields), as
 * JSON.stringify writes it, except where it would change or drop a value without a word,
 * which Python refuses too: a bigint is a JSON integer, its digits when it is in the 64-bit
 * types' range (-2^63 to 2^64-1), which the core keeps exactly, else OUT_OF_RANGE; NaN and
 * the infinities (which JSON.stringify writes as null) are INVALID_ARGUMENT; a function or a
 * symbol (which it leaves out) and a Set (which it writes as `{}`) a TypeError. A Map is an
 * object, as a Python mapping is a dict. `what` names the argument; a field's is
 * `field value`, as in every runtime's message.
 */
function jsonText(v, what) {
  const flat = flatJson(v);
  if (flat !== undefined) return flat;
  const context = what === 'fields' ? 'field value' : what;
  // Each bigint is stood in for by a string mark, then the quoted marks by the digits. When
  // some string or key of the caller's holds the mark, the second pass takes a mark with a
  // run of U+0000 longer than any of theirs, which none can hold: two passes at most.
  let mark = '\u0000polyid bigint\u0000';
  for (;;) {
    let longestRun = 0;
    const runs = (t) => {
      if (t.includes('\u0000')) for (const r of t.match(/\u0000+/g)) longestRun = Math.max(longestRun, r.length);
    };
    const digits = [];
    const levels = new WeakMap();
    let clash = false;
    let text;
    try {
      text = JSON.stringify(v, function (k, x) {
        // The level of `x` below the root (0), checked before JSON.stringify goes deeper: a
        // field value holds at most MAX_FIELD_LEVELS, as the core and Python hold it, and any
        // other argument no more than the core's JSON reader takes.
        const level = (levels.get(this) ?? -1) + 1;
        if (what === 'fields' ? level > MAX_FIELD_LEVELS + 1 : level > MAX_JSON_LEVELS) {
          throw what === 'fields'
            ? nestedTooDeep('field value', MAX_FIELD_LEVELS)
            : nestedTooDeep(what, MAX_JSON_LEVELS);
        }
        if (x instanceof Map) x = mapObject(x, context);
        if (x instanceof Set) throw typeError(`${context}: a Set is not a JSON value (use an array)`);
        if (typeof x === 'object' && x !== null) levels.set(x, level);
        if (k.includes(mark) || (typeof x === 'string' && x.includes(mark))) clash = true;
        runs(k);
        if (typeof x === 'string') runs(x);
        if (typeof x === 'number' && !Number.isFinite(x)) throw noJson(context, x);
        if (typeof x === 'function' || typeof x === 'symbol') {
          throw typeError(`${context}: a ${typeof x} is not a JSON value`);
        }
        if (typeof x !== 'bigint') return x;
        digits.push(String(ranged(x, context, I64_MIN, U64_MAX)));
        return mark;
      });
    } catch (e) {
      // What JSON.stringify refuses (a cycle) is the caller's argument; an exception thrown by
      // the caller's own getter or toJSON, or one of the errors above, passes through as it is.
      if (e instanceof TypeError && e.code === undefined) {
        throw typeError(`${what}: not convertible to JSON (${e.message})`);
      }
      throw e;
    }
    if (clash) {
      mark = `${'\u0000'.repeat(longestRun + 1)}polyid bigint`;
      continue;
    }
    if (digits.length === 0) return text;
    return text.split(JSON.stringify(mark)).reduce((out, part, i) => out + digits[i - 1] + part);
  }
}

/** Bytes in (keys, signatures): a `Uint8Array`/`Buffer`/`ArrayBuffer`, named in the TypeError. */
function bytesIn(v, what) {
  try {
    return bytesArg(v);
  } catch (e) {
    e.message = `${what}: ${e.message}`;
    throw e;
  }
}

/** An expansion from `[id, code, severity, message]`. */
const expansionOf = (r) => ({ id: r[0], code: r[1], severity: r[2], message: r[3] });

/** An entry from the core's array (src/catalog.rs `entry`); absent texts are left out. */
function entryOf(r) {
  const e = { id: r[0], code: r[1], severity: r[2], message: r[3] };
  if (r[4] !== null) e.description = r[4];
  e.hints = r[5];
  e.tags = r[6];
  e.fields = r[7];
  if (r[8] !== null) e.docsUrl = r[8];
  return e;
}

/** A key pair `{secretKey, publicKey}` from `[secret, public]`. */
const keyPairOf = (r) => ({ secretKey: asBytes(r[0]), publicKey: asBytes(r[1]) });

/**
 * What a DataCloneError says of a catalog (`uncloneable`): its JSON text is what carries it to
 * another thread or page.
 */
const NO_CLONE = Symbol('polyid: a Catalog holds engine memory and cannot be cloned; send catalog.toJson() and Catalog.load() it');

/**
 * A WDP catalog: diagnostics (code, message template, description, hints, tags, docs URL)
 * keyed by compact ID, or by full ID `<namespace hash>-<compact id>` with a namespace.
 */
export class Catalog {
  #inner;

  constructor(token, inner) {
    if (token !== NEW) {
      throw typeError('new Catalog() is not available: use Catalog.build() or Catalog.load()');
    }
    uncloneable(this, NO_CLONE);
    this.#inner = inner;
  }

  /**
   * Builds a catalog from entries `{code, message, description?, hints?, tags?, docsUrl?}`;
   * with a namespace its IDs are full IDs. `DUPLICATE_CODE`, `COLLISION`, or the code's own
   * WDP error.
   */
  static build(entries, namespace) {
    if (!Array.isArray(entries)) throw typeError(`entries: expected an array, got ${typeName(entries)}`);
    const ns = optionalString(namespace, 'namespace');
    const list = new raw.CatalogEntries();
    try {
      for (let i = 0; i < entries.length; i++) {
        const e = entries[i];
        const what = `entries[${i}]`;
        if (!isRecord(e)) throw typeError(`${what}: expected an object {code, message, ...}, got ${typeName(e)}`);
        if (typeof e.code !== 'string') throw typeError(`${what}.code: expected a string, got ${typeName(e.code)}`);
        if (typeof e.message !== 'string') {
          throw typeError(`${what}.message: expected a string, got ${typeName(e.message)}`);
        }
        list.add(
          e.code,
          e.message,
          optionalString(e.description, `${what}.description`),
          stringList(e.hints, `${what}.hints`),
          stringList(e.tags, `${what}.tags`),
          optionalString(e.docsUrl, `${what}.docsUrl`),
        );
      }
      return new Catalog(NEW, list.build(ns));
    } finally {
      list.free?.(); // wasm-bindgen objects hold module memory until freed
    }
  }

  /**
   * Reads a catalog in any of the three JSON forms (full, compact, minimal; detected by
   * shape), as text or as the parsed object, verifying every entry (`INVALID_CATALOG`,
   * `TAMPERED`).
   */
  static load(json) {
    if (typeof json === 'string') return new Catalog(NEW, raw.Cat.from_json(json));
    if (isRecord(json)) return new Catalog(NEW, raw.Cat.from_json(jsonText(json, 'catalog')));
    throw typeError(`expected catalog JSON text or object, got ${typeName(json)}`);
  }

  /**
   * Every group of two or more distinct codes with the same compact ID, sorted by ID:
   * `[{id, codes}]` (codes normalized and sorted). Fails on the first invalid code.
   */
  static collisions(codes) {
    const list = stringList(codes, 'codes');
    return Array.from(raw.catalog_collisions(list), (g) => ({ id: g[0], codes: g[1] }));
  }

  /** The expected number of colliding pairs among `n` random codes: n(n-1) / (2 * 62^5). */
  static expectedCollisions(n) {
    return raw.catalog_collision_odds(u64(n, 'n'))[0];
  }

  /** The probability of at least one collision among `n` random codes. */
  static collisionProbability(n) {
    return raw.catalog_collision_odds(u64(n, 'n'))[1];
  }

  /** A new Ed25519 key pair `{secretKey, publicKey}` (randomness from `crypto.getRandomValues`). */
  static generateKeyPair() {
    return keyPairOf(raw.catalog_generate_key_pair());
  }

  /** The key pair `{secretKey, publicKey}` of a 32-byte secret key (`INVALID_LENGTH` otherwise). */
  static keyPairFromSecret(secretKey) {
    return keyPairOf(raw.catalog_key_pair_from_secret(bytesIn(secretKey, 'secretKey')));
  }

  /** The number of entries. */
  get size() {
    return this.#inner.len();
  }

  /** The catalog version (`"1"` for a built catalog). */
  get version() {
    return this.#inner.meta()[0];
  }

  /** When the catalog was generated (as read; `""` when the text had none). */
  get generated() {
    return this.#inner.meta()[1];
  }

  /** The namespace, or `null`. */
  get namespace() {
    return this.#inner.meta()[2];
  }

  /** The namespace hash, or `null` (catalogs of compact IDs). */
  get namespaceHash() {
    return this.#inner.meta()[3];
  }

  /** Whether the catalog has the ID (compact, or full with this catalog's namespace hash). */
  has(id) {
    return this.#inner.has(string(id));
  }

  /** The IDs, sorted. */
  ids() {
    return this.#inner.ids();
  }

  /** The entry of an ID, or `null`. */
  get(id) {
    const r = this.#inner.get(string(id));
    return r == null ? null : entryOf(r);
  }

  /**
   * Expands an ID (a namespaced catalog also takes the bare compact ID):
   * `{id, code, severity, message}` with every `{{field}}` filled from `fields` (an object or
   * a Map; strings as they are, other JSON values as their JSON text, a bigint as a JSON
   * integer, a Map an object). `NOT_FOUND`, `MISSING_FIELD`; `OUT_OF_RANGE` for a bigint
   * beyond 64 bits, `INVALID_ARGUMENT` for NaN, an infinity or a value nested more than 64
   * levels, a TypeError for a function, a symbol, a Set or a Map key that is not a string.
   */
  expand(id, fields) {
    const key = string(id);
    if (absent(fields)) return expansionOf(this.#inner.expand(key, ''));
    if (fields instanceof Map) fields = mapObject(fields, 'fields');
    if (!isRecord(fields)) {
      const got = Array.isArray(fields) ? 'array' : typeName(fields);
      throw typeError(`fields: expected an object { name: value }, got ${got}`);
    }
    return expansionOf(this.#inner.expand(key, jsonText(fields, 'fields')));
  }

  /**
   * Expands a wire payload `{"<id>": {"f": {...}}, ...}` (text or object): one expansion per
   * ID, in no specified order (match them by `id`). `INVALID_ARGUMENT` for a payload of
   * another shape, `NOT_FOUND`, `MISSING_FIELD`.
   */
  expandPayload(payload) {
    let text;
    if (typeof payload === 'string') text = payload;
    else if (isRecord(payload)) text = jsonText(payload, 'payload');
    else throw typeError(`expected payload JSON text or object, got ${typeName(payload)}`);
    return Array.from(this.#inner.expand_payload(text), expansionOf);
  }

  /** The catalog as JSON text in the form `'full'` (default), `'compact'` or `'minimal'`. */
  toJson(form) {
    return this.#inner.to_json(absent(form) ? 'full' : string(form));
  }

  /** The bytes a signature covers: the compact form, sorted keys, no whitespace (UTF-8). */
  canonicalBytes() {
    return asBytes(this.#inner.canonical_bytes());
  }

  /** The detached Ed25519 signature (64 bytes) of the canonical bytes, with a 32-byte secret key. */
  sign(secretKey) {
    return asBytes(this.#inner.sign(bytesIn(secretKey, 'secretKey')));
  }

  /** Verifies a detached signature of the canonical bytes: returns nothing, or throws `INVALID_SIGNATURE`. */
  verify(publicKey, signature) {
    this.#inner.verify(bytesIn(publicKey, 'publicKey'), bytesIn(signature, 'signature'));
  }

  /** Frees the catalog's WebAssembly memory now (otherwise the garbage collector does). */
  free() {
    this.#inner.free?.();
  }

  [INSPECT]() {
    const n = this.#inner.len();
    return `Catalog(${n} ${n === 1 ? 'entry' : 'entries'})`;
  }
}
