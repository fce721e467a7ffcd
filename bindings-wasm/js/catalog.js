// polyid-wasm/catalog: WDP catalogs (the core's `polyid::wdp::catalog`) — build, load (the three
// JSON forms), expand, canonical bytes, Ed25519 signatures, collision groups.
//
// A second WebAssembly module (`polyid_catalog_bg.wasm`, src/catalog.rs: the crate built with
// its `catalog` feature), so that serde_json and ed25519-dalek never weigh on the ID-only
// module. `tools/package.mjs` puts `js/common.js` and this text behind an import of that
// module's web build and a require of its Node build.
//
// Nothing about catalogs is computed here: this layer checks JavaScript argument types, turns
// objects into the JSON text or the arrays the core takes, and wraps what the core returns.

/**
 * Once the module is instantiated: registers the error factory and returns every stable error
 * code (frozen), from the core.
 */
function ready() {
  raw.set_error_factory(polyidError);
  return Object.freeze(raw.error_codes());
}

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

/**
 * JSON text of an object the caller gave (catalog document, payload, fields). A bigint is
 * written as its decimal digits in a string: the core substitutes a string as its text and an
 * integer as its JSON text, which are the same digits.
 */
function jsonText(v, what) {
  try {
    return JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x));
  } catch (e) {
    throw typeError(`${what}: not convertible to JSON (${e.message})`);
  }
}

/** Bytes out: a `Uint8Array` (a `Buffer` in the Node build). */
const bytesOut = (b) => asBytes(b);

/** Key bytes in: a `Uint8Array`/`Buffer`/`ArrayBuffer`. */
function keyBytes(v, what) {
  try {
    return bytesArg(v);
  } catch (e) {
    e.message = `${what}: ${e.message}`;
    throw e;
  }
}

/** An expansion from `[id, code, severity, meaning, message]`. */
const expansionOf = (r) => ({ id: r[0], code: r[1], severity: r[2], meaning: r[3], message: r[4] });

/** An entry from the core's array (src/catalog.rs `entry`). */
const entryOf = (r) => ({
  id: r[0],
  code: r[1],
  severity: r[2],
  meaning: r[3],
  message: r[4],
  description: r[5],
  hints: r[6],
  tags: r[7],
  fields: r[8],
  docsUrl: r[9],
});

/** The wasm key pair of a KeyPair, or `undefined` for anything else (set by KeyPair). */
let keyOf;

/** An Ed25519 key pair for signing catalogs. */
export class KeyPair {
  #inner;

  constructor(token, inner) {
    if (token !== NEW) {
      throw typeError('new KeyPair() is not available: use KeyPair.generate() or KeyPair.fromSecret()');
    }
    this.#inner = inner;
  }

  /** A new key pair (randomness from `crypto.getRandomValues`). */
  static generate() {
    return new KeyPair(NEW, raw.Keys.generate());
  }

  /** The key pair of a 32-byte secret key (`INVALID_LENGTH` otherwise). */
  static fromSecret(secretKey) {
    return new KeyPair(NEW, raw.Keys.from_secret(keyBytes(secretKey, 'secret key')));
  }

  /** The 32-byte public key (a new array on every access). */
  get publicKey() {
    return bytesOut(this.#inner.public_key());
  }

  /** The 32-byte secret key (a new array on every access). */
  get secretKey() {
    return bytesOut(this.#inner.secret_key());
  }

  /** The detached Ed25519 signature (64 bytes) of any bytes. */
  signBytes(bytes) {
    return bytesOut(raw.catalog_sign_bytes(this.#inner, keyBytes(bytes, 'bytes')));
  }

  /** Frees the key's WebAssembly memory now (otherwise the garbage collector does). */
  free() {
    this.#inner.free();
  }

  static {
    keyOf = (v) => (typeof v === 'object' && v !== null && #inner in v ? v.#inner : undefined);
  }

  [INSPECT]() {
    return `KeyPair { publicKey: ${raw.catalog_hex(this.#inner.public_key())} }`;
  }
}

/** A new Ed25519 key pair (the same as `KeyPair.generate()`). */
export function generateKeyPair() {
  return KeyPair.generate();
}

/** A WDP catalog: ID -> structured code, severity and message template. */
export class Catalog {
  #inner;

  constructor(token, inner) {
    if (token !== NEW) {
      throw typeError('new Catalog() is not available: use Catalog.build() or Catalog.load()');
    }
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
    let trapped = false;
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
    } catch (e) {
      // The core's `Catalog::build` stamps `generated` from `SystemTime::now()`, which aborts
      // on wasm32-unknown-unknown (no clock there): the module traps after every check has
      // passed. Until the core can build with a given clock, that trap is reported as a
      // polyid error instead of a bare RuntimeError (README.md, "Catalogs").
      if (!(e instanceof WebAssembly.RuntimeError)) throw e;
      trapped = true;
      throw Object.assign(
        new Error(
          'WDP catalog: Catalog.build is not available in polyid-wasm yet: the core reads the ' +
            'system clock, which WebAssembly does not have (load a catalog built elsewhere)',
        ),
        { code: 'INTERNAL_ERROR' },
      );
    } finally {
      try {
        list.free();
      } catch (e) {
        // After a trap the entries stay borrowed by the aborted call (their memory is lost).
        if (!trapped) throw e;
      }
    }
  }

  /**
   * Loads a catalog in any of the three JSON forms (full, compact, minimal; detected by
   * shape), as text or as the parsed object, and verifies every entry (`INVALID_CATALOG`,
   * `TAMPERED`).
   */
  static load(json) {
    if (typeof json === 'string') return new Catalog(NEW, raw.Cat.from_json(json));
    if (isRecord(json)) return new Catalog(NEW, raw.Cat.from_json(jsonText(json, 'catalog')));
    throw typeError(`expected catalog JSON text or object, got ${typeName(json)}`);
  }

  /** Loads catalog JSON text (any form); the same as `Catalog.load(text)`. */
  static fromJson(text) {
    return new Catalog(NEW, raw.Cat.from_json(string(text)));
  }

  /** The catalog as JSON text in the form `"full"` (default), `"compact"` or `"minimal"`. */
  toJson(form) {
    return this.#inner.to_json(absent(form) ? 'full' : string(form));
  }

  /** The bytes a signature covers: the compact form, sorted keys, no whitespace (UTF-8). */
  canonicalBytes() {
    return bytesOut(this.#inner.canonical_bytes());
  }

  /**
   * Expands an ID (compact, or full in a namespaced catalog, which also takes the bare
   * compact ID): `{id, code, severity, meaning, message}` with every `{{field}}` filled from
   * `fields` (non-string values as their JSON text). `NOT_FOUND`, `MISSING_FIELD`.
   */
  expand(id, fields) {
    const key = string(id);
    if (absent(fields)) return expansionOf(this.#inner.expand(key, ''));
    if (fields instanceof Map) fields = Object.fromEntries(fields);
    if (!isRecord(fields)) throw typeError(`fields: expected an object, got ${typeName(fields)}`);
    return expansionOf(this.#inner.expand(key, jsonText(fields, 'fields')));
  }

  /**
   * Expands a wire payload `{"<id>": {"f": {...}}, ...}` (text or object): one expansion per
   * ID, in no specified order. `INVALID_ARGUMENT` for a payload of another shape.
   */
  expandPayload(payload) {
    let text;
    if (typeof payload === 'string') text = payload;
    else if (isRecord(payload)) text = jsonText(payload, 'payload');
    else throw typeError(`expected payload JSON text or object, got ${typeName(payload)}`);
    return Array.from(this.#inner.expand_payload(text), expansionOf);
  }

  /** The number of entries. */
  get size() {
    return this.#inner.len();
  }

  /** Whether the catalog has the ID (compact or full). */
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
    return r === undefined ? null : entryOf(r);
  }

  /** Every entry, sorted by ID. */
  entries() {
    return Array.from(this.#inner.entries(), entryOf);
  }

  [Symbol.iterator]() {
    return this.entries()[Symbol.iterator]();
  }

  /** The catalog version (`"1"` for a built catalog). */
  get version() {
    return this.#inner.meta()[0];
  }

  /** When the catalog was generated (as read; empty when the text had none). */
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

  /** The detached Ed25519 signature (64 bytes) of the canonical bytes, with a KeyPair or a 32-byte secret key. */
  sign(key) {
    const inner = keyOf(key);
    if (inner !== undefined) return bytesOut(this.#inner.sign(inner));
    const pair = raw.Keys.from_secret(keyBytes(key, 'key'));
    try {
      return bytesOut(this.#inner.sign(pair));
    } finally {
      pair.free();
    }
  }

  /** `true` when the signature verifies for the public key; else throws `INVALID_SIGNATURE`. */
  verify(publicKey, signature) {
    this.#inner.verify(keyBytes(publicKey, 'public key'), keyBytes(signature, 'signature'));
    return true;
  }

  /** Whether `other` (a Catalog) has the same entries, namespace and version. */
  equals(other) {
    return this.#inner.equals(same((o) => #inner in o, (o) => o.#inner, other, 'Catalog'));
  }

  /** Frees the catalog's WebAssembly memory now (otherwise the garbage collector does). */
  free() {
    this.#inner.free();
  }

  [INSPECT]() {
    return `Catalog(${this.#inner.len()} entries${this.namespace === null ? '' : `, namespace ${this.namespace}`})`;
  }
}

/** Verifies a detached Ed25519 signature over any bytes (`INVALID_SIGNATURE`). */
export function verifyBytes(bytes, publicKey, signature) {
  raw.catalog_verify_bytes(keyBytes(bytes, 'bytes'), keyBytes(publicKey, 'public key'), keyBytes(signature, 'signature'));
  return true;
}

/**
 * Every group of two or more distinct codes sharing one compact ID, sorted by ID:
 * `[{id, codes}]` (codes normalized and sorted). Fails on the first invalid code.
 */
export function collisions(codes) {
  const list = stringList(codes, 'codes');
  return Array.from(raw.catalog_collisions(list), (g) => ({ id: g[0], codes: g[1] }));
}

/** The birthday-bound expected number of colliding pairs among `n` random codes. */
export function expectedCollisions(n) {
  return raw.catalog_collision_odds(u64(n, 'n'))[0];
}

/** The probability of at least one collision among `n` random codes. */
export function collisionProbability(n) {
  return raw.catalog_collision_odds(u64(n, 'n'))[1];
}

/** Lower-case hex of bytes. */
export function toHex(bytes) {
  return raw.catalog_hex(keyBytes(bytes, 'bytes'));
}

/** The bytes of hex text (`INVALID_LENGTH` for an odd length, `INVALID_CHARACTER`). */
export function fromHex(text) {
  return bytesOut(raw.catalog_from_hex(string(text)));
}
