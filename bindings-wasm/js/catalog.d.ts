// Types of polyid-wasm/catalog: WDP catalogs (a separate WebAssembly module from the ID-only
// package entry). In browsers call `init()` first; in Node the entry is ready on import.

import type { ErrorCode, InitInput } from './polyid.js'

export type { ErrorCode, PolyIdError, InitInput } from './polyid.js'

/** Every stable error code (a frozen array, from the core; empty in the web build until `init()`). */
export declare const ERROR_CODES: readonly ErrorCode[]

/** Loads and instantiates the catalog module (web build; resolves at once in Node). */
export default function init(
  options?: { module_or_path?: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>,
): Promise<void>
export { init }

/** Instantiates the catalog module synchronously from its bytes or a compiled module (web build). */
export declare function initSync(options?: { module: BufferSource | WebAssembly.Module } | BufferSource | WebAssembly.Module): void

/** A severity letter: `E W C B S K I T H`. */
export type SeverityLetter = 'E' | 'W' | 'C' | 'B' | 'S' | 'K' | 'I' | 'T' | 'H'

/** The JSON forms of a catalog. */
export type CatalogForm = 'full' | 'compact' | 'minimal'

/** One diagnostic to put in a catalog (the input of `Catalog.build`). */
export interface CatalogEntryInput {
  /** The structured code, e.g. `E.Auth.Token.001` (normalized when the catalog is built). */
  code: string
  /** The message template, with `{{field}}` placeholders. */
  message: string
  description?: string | null
  hints?: readonly string[] | null
  tags?: readonly string[] | null
  docsUrl?: string | null
}

/** One diagnostic of a built or loaded catalog. */
export interface CatalogEntry {
  /** The ID: a compact ID, or a full ID `<namespace hash>-<compact id>` in a namespaced catalog. */
  id: string
  /** The normalized structured code. */
  code: string
  /** The severity letter. */
  severity: SeverityLetter
  /** The severity's meaning (`"Error"`, `"Warning"`, ...). */
  meaning: string
  /** The message template. */
  message: string
  description: string | null
  hints: string[]
  tags: string[]
  /** The placeholder names of the message, in order of first use. */
  fields: string[]
  docsUrl: string | null
}

/** The result of an expansion. */
export interface Expansion {
  /** The catalog's ID of the entry (the full ID in a namespaced catalog, also when the bare compact ID was asked for). */
  id: string
  /** The normalized structured code. */
  code: string
  severity: SeverityLetter
  meaning: string
  /** The message with every `{{field}}` replaced. */
  message: string
}

/** Values for `{{field}}` placeholders: strings as their text, anything else as its JSON text. */
export type Fields = Record<string, unknown> | Map<string, unknown>

/** Bytes accepted as keys, signatures and data. */
export type Bytes = Uint8Array | ArrayBuffer

/** A group of codes that share one compact ID. */
export interface CollisionGroup {
  /** The shared compact ID. */
  id: string
  /** The normalized codes, sorted. */
  codes: string[]
}

/** An Ed25519 key pair for signing catalogs. `new KeyPair()` is not available. */
export declare class KeyPair {
  private constructor()
  /** A new key pair (randomness from `crypto.getRandomValues`). */
  static generate(): KeyPair
  /** The key pair of a 32-byte secret key. Throws `INVALID_LENGTH`. */
  static fromSecret(secretKey: Bytes): KeyPair
  /** The 32-byte public key (a new array on every access; a `Buffer` in Node). */
  get publicKey(): Uint8Array
  /** The 32-byte secret key (a new array on every access; a `Buffer` in Node). */
  get secretKey(): Uint8Array
  /** The detached Ed25519 signature (64 bytes) of any bytes. */
  signBytes(bytes: Bytes): Uint8Array
  /** Frees the key's WebAssembly memory now (otherwise the garbage collector does). */
  free(): void
}

/** A new Ed25519 key pair (`KeyPair.generate()`). */
export declare function generateKeyPair(): KeyPair

/**
 * A WDP catalog: ID -> structured code, severity and message template, so that a receiver can
 * expand compact IDs offline. `new Catalog()` is not available: use `Catalog.build()` or
 * `Catalog.load()`.
 */
export declare class Catalog implements Iterable<CatalogEntry> {
  private constructor()
  /**
   * Builds a catalog (with a namespace its IDs are full IDs).
   *
   * Throws `DUPLICATE_CODE`, `COLLISION`, or the WDP error of an invalid code or namespace
   * (`INVALID_FORMAT`, `INVALID_NAMESPACE`, ...).
   */
  static build(entries: readonly CatalogEntryInput[], namespace?: string | null): Catalog
  /**
   * Loads a catalog in any of the three JSON forms (detected by shape), as text or as the
   * parsed object, verifying every entry. Throws `INVALID_CATALOG` or `TAMPERED`.
   */
  static load(json: string | object): Catalog
  /** Loads catalog JSON text (any form). Throws `INVALID_CATALOG` or `TAMPERED`. */
  static fromJson(text: string): Catalog
  /** The catalog as JSON text (default `"full"`). Throws `INVALID_ARGUMENT` for another form name. */
  toJson(form?: CatalogForm): string
  /** The bytes a signature covers (the compact form with sorted keys, UTF-8; a `Buffer` in Node). */
  canonicalBytes(): Uint8Array
  /**
   * Expands an ID (a namespaced catalog also takes the bare compact ID), filling every
   * `{{field}}`. Throws `NOT_FOUND` or `MISSING_FIELD`.
   */
  expand(id: string, fields?: Fields | null): Expansion
  /**
   * Expands a wire payload `{"<id>": {"f": {...}}, ...}` (text or object); the order of the
   * results is not specified. Throws `NOT_FOUND`, `MISSING_FIELD`, `INVALID_ARGUMENT`.
   */
  expandPayload(payload: string | object): Expansion[]
  /** The number of entries. */
  get size(): number
  /** Whether the catalog has the ID. */
  has(id: string): boolean
  /** The IDs, sorted. */
  ids(): string[]
  /** The entry of an ID, or `null`. */
  get(id: string): CatalogEntry | null
  /** Every entry, sorted by ID. */
  entries(): CatalogEntry[]
  [Symbol.iterator](): Iterator<CatalogEntry>
  /** The catalog version (`"1"` for a built catalog). */
  get version(): string
  /** When the catalog was generated (as read; empty when the text had none). */
  get generated(): string
  get namespace(): string | null
  get namespaceHash(): string | null
  /** The detached Ed25519 signature (64 bytes) of the canonical bytes. Throws `INVALID_LENGTH` for a secret key that is not 32 bytes. */
  sign(key: KeyPair | Bytes): Uint8Array
  /** `true` when the signature verifies; throws `INVALID_SIGNATURE` otherwise (also for a malformed key or signature). */
  verify(publicKey: Bytes, signature: Bytes): true
  /** Whether `other` has the same entries, namespace and version. */
  equals(other: Catalog): boolean
  /** Frees the catalog's WebAssembly memory now (otherwise the garbage collector does). */
  free(): void
}

/** Verifies a detached Ed25519 signature over any bytes. Throws `INVALID_SIGNATURE`. */
export declare function verifyBytes(bytes: Bytes, publicKey: Bytes, signature: Bytes): true
/** Every group of two or more distinct codes with one compact ID, sorted by ID. Throws the first invalid code's WDP error. */
export declare function collisions(codes: readonly string[]): CollisionGroup[]
/** The birthday-bound expected number of colliding pairs among `n` random codes: n(n-1) / (2 * 62^5). */
export declare function expectedCollisions(n: number | bigint): number
/** The probability of at least one collision among `n` random codes. */
export declare function collisionProbability(n: number | bigint): number
/** Lower-case hex of bytes. */
export declare function toHex(bytes: Bytes): string
/** The bytes of hex text. Throws `INVALID_LENGTH` (odd length) or `INVALID_CHARACTER`. */
export declare function fromHex(text: string): Uint8Array
