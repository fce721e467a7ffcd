// Types of polyid's WDP catalogs: `polyid` (napi engine, in the package's one entry) and
// `polyid-wasm/catalog` (a WebAssembly module of its own; in browsers call its `init()` first).

import type { Bytes, ErrorCode } from './polyid.js'

export type { ErrorCode, PolyIdError } from './polyid.js'

/** The JSON forms of a catalog. */
export type CatalogForm = 'full' | 'compact' | 'minimal'

/** One entry given to `Catalog.build`. */
export interface CatalogEntryInput {
  /** The structured code, e.g. `'E.Auth.Token.001'` (normalized in the catalog). */
  code: string
  /** The message template, with `{{field}}` placeholders. */
  message: string
  /** A longer description. */
  description?: string | null
  /** Hints for the reader. */
  hints?: readonly string[] | null
  /** Free-form tags. */
  tags?: readonly string[] | null
  /** The documentation URL. */
  docsUrl?: string | null
}

/** One entry of a catalog (`Catalog.get`). */
export interface CatalogEntry {
  /** The ID: compact (`"V6a0B"`), or full (`"05o5h-V6a0B"`) in a namespaced catalog. */
  id: string
  /** The normalized structured code, e.g. `"E.AUTH.TOKEN.001"`. */
  code: string
  /** The severity letter, e.g. `"E"` (like `parseCode().severity`). */
  severity: string
  /** The message template, with `{{field}}` placeholders. */
  message: string
  /** The description, if any (absent otherwise). */
  description?: string
  /** The hints (possibly empty). */
  hints: string[]
  /** The tags (possibly empty). */
  tags: string[]
  /** The placeholder names of the message, in order of first use. */
  fields: string[]
  /** The documentation URL, if any (absent otherwise). */
  docsUrl?: string
}

/** The result of `Catalog.expand` (and each element of `Catalog.expandPayload`). */
export interface CatalogExpansion {
  /** The catalog's ID of the entry (a full ID in a namespaced catalog, also when the bare compact ID was asked for). */
  id: string
  /** The normalized structured code, e.g. `'E.AUTH.TOKEN.001'`. */
  code: string
  /** The severity letter, e.g. `'E'`. */
  severity: string
  /** The message with every `{{field}}` replaced. */
  message: string
}

/** An Ed25519 key pair for signing catalogs (`Buffer`s in the Node build). */
export interface CatalogKeyPair {
  /** The 32-byte secret key (the seed). Keep it secret. */
  secretKey: Bytes
  /** The 32-byte public key. */
  publicKey: Bytes
}

/** Codes that share one compact ID (`Catalog.collisions`). */
export interface CollisionGroup {
  /** The shared compact ID. */
  id: string
  /** The normalized codes, sorted. */
  codes: string[]
}

/**
 * A WDP catalog: diagnostics (code, message template, description, hints, tags, docs URL)
 * keyed by compact ID, or by full ID `<namespace hash>-<compact id>` with a namespace.
 *
 * Create one with `Catalog.build()` or `Catalog.load()`; `new Catalog()` is not available.
 */
export declare class Catalog {
  private constructor()
  /**
   * A symbol, which makes `structuredClone`, `postMessage` and IndexedDB throw a
   * `DataCloneError` for the catalog (its entries are the engine's): send `toJson()` and
   * `Catalog.load` it on the other side.
   */
  readonly uncloneable: symbol
  /**
   * Builds a catalog from entries; with a `namespace` its IDs are full IDs (`"05o5h-V6a0B"`).
   *
   * Throws `DUPLICATE_CODE` (two entries normalize to one code), `COLLISION` (two codes have
   * one ID; the message names both), the WDP error of an invalid code (`INVALID_FORMAT`, ...)
   * or namespace (`INVALID_NAMESPACE`), and a `TypeError` for an entry that is not such an
   * object. Its `generated` time (full JSON form) comes from `Date.now()`.
   */
  static build(entries: readonly CatalogEntryInput[], namespace?: string | null): Catalog
  /**
   * Reads a catalog in any of its three JSON forms (full, compact, minimal; detected by
   * shape), as text or as the parsed object.
   *
   * Throws `INVALID_CATALOG` (not JSON, not a catalog, an invalid code) or `TAMPERED` (an ID
   * that is not its code's, a severity that is not its code's, a namespace hash that is not
   * the namespace's).
   */
  static load(json: string | object): Catalog
  /**
   * Every group of two or more distinct codes with the same compact ID, sorted by ID (codes
   * that normalize to the same text count once). Throws the WDP error of the first invalid
   * code, and a `TypeError` for a non-string.
   */
  static collisions(codes: readonly string[]): CollisionGroup[]
  /** The expected number of colliding pairs among `n` random codes: n(n-1) / (2 * 62^5). Throws `OUT_OF_RANGE` for a negative `n`. */
  static expectedCollisions(n: number | bigint): number
  /** The probability of at least one collision among `n` random codes. Throws `OUT_OF_RANGE` for a negative `n`. */
  static collisionProbability(n: number | bigint): number
  /** A new Ed25519 key pair (randomness from `crypto.getRandomValues`). */
  static generateKeyPair(): CatalogKeyPair
  /** The key pair of a 32-byte secret key. Throws `INVALID_LENGTH` when it is not 32 bytes. */
  static keyPairFromSecret(secretKey: Uint8Array | ArrayBuffer): CatalogKeyPair
  /** The number of entries. */
  get size(): number
  /** The catalog version (`"1"` for a built catalog). */
  get version(): string
  /** When the catalog was generated: as read for a loaded one (`""` when the text had none). */
  get generated(): string
  /** The namespace, or `null`. */
  get namespace(): string | null
  /** The namespace hash (the first half of every full ID), or `null` for compact IDs. */
  get namespaceHash(): string | null
  /** Whether the catalog has an entry for `id` (a namespaced catalog also accepts the bare compact ID). */
  has(id: string): boolean
  /** The IDs, sorted. */
  ids(): string[]
  /** The entry for `id`, or `null` when the catalog has none. */
  get(id: string): CatalogEntry | null
  /**
   * Expands an ID: every `{{field}}` of the message replaced by `fields[field]` (strings as
   * they are, other JSON values as their JSON text; a `bigint`, also inside a list or an
   * object, is a JSON integer).
   *
   * Throws `NOT_FOUND` (an ID the catalog does not have, or not an ID), `MISSING_FIELD` (a
   * placeholder without a value; the message names every missing field), `OUT_OF_RANGE` (a
   * `bigint` outside -2^63..2^64-1) or `INVALID_ARGUMENT` (`NaN` or an infinity, a value
   * nested more than 64 levels; a TypeError for a function, a symbol, a `Set` or a `Map` key
   * that is not a string). A `Map` is an object at any level.
   */
  expand(id: string, fields?: Record<string, unknown> | Map<string, unknown> | null): CatalogExpansion
  /**
   * Expands a wire payload `{"<id>": {"f": {...}}, ...}` (text or object; `"f"` optional): one
   * expansion per ID, in no specified order (match them by `id`).
   *
   * Throws `INVALID_ARGUMENT` (not such an object), `NOT_FOUND` or `MISSING_FIELD`.
   */
  expandPayload(payload: string | object): CatalogExpansion[]
  /** The catalog as JSON text (default `'full'`). Throws `INVALID_ARGUMENT` for another form name. */
  toJson(form?: CatalogForm | null): string
  /** The canonical bytes (what a signature covers): the compact form with sorted keys, no whitespace, UTF-8. */
  canonicalBytes(): Bytes
  /** The detached Ed25519 signature (64 bytes) of the canonical bytes. Throws `INVALID_LENGTH` when `secretKey` is not 32 bytes. */
  sign(secretKey: Uint8Array | ArrayBuffer): Bytes
  /** Verifies a detached signature of the canonical bytes. Throws `INVALID_SIGNATURE` (malformed, or does not verify). */
  verify(publicKey: Uint8Array | ArrayBuffer, signature: Uint8Array | ArrayBuffer): void
  /** Frees the catalog's WebAssembly memory now (otherwise the garbage collector does). */
  free(): void
}
