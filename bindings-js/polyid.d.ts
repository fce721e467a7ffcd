// Types of polyid's JavaScript API (the ID families): the same declarations for the npm
// packages `polyid` (napi engine) and `polyid-wasm` (WebAssembly engine).

/** A stable polyid error code (the same string in every polyid runtime). */
export type ErrorCode =
  // error-codes: ts-union
  | 'INVALID_FORMAT'
  | 'NON_ASCII'
  | 'INVALID_SEVERITY'
  | 'INVALID_COMPONENT'
  | 'INVALID_PRIMARY'
  | 'INVALID_SEQUENCE'
  | 'UNKNOWN_NAMED_SEQUENCE'
  | 'INVALID_NAMESPACE'
  | 'INVALID_LENGTH'
  | 'INVALID_CHARACTER'
  | 'OVERFLOW'
  | 'OUT_OF_RANGE'
  | 'INVALID_CHECKMOD'
  | 'EXHAUSTED'
  | 'NULL_POINTER'
  | 'BUFFER_TOO_SMALL'
  | 'INVALID_UTF8'
  | 'INVALID_ARGUMENT'
  | 'INTERNAL_ERROR'
  | 'NOT_FOUND'
  | 'MISSING_FIELD'
  | 'COLLISION'
  | 'DUPLICATE_CODE'
  | 'INVALID_CATALOG'
  | 'TAMPERED'
  | 'INVALID_SIGNATURE'
  | 'NOT_UUID_V8'
  | 'RESERVED_TYPE'
  | 'RESERVED_BITS'
  | 'UNSUPPORTED_SCHEME'
  | 'INVALID_UNIT'
  | 'NODE_REQUIRED'
  | 'NODE_IN_USE'
  | 'CLOCK_BEHIND'
  // /error-codes

/**
 * Every stable error code (a frozen array, from the core). In polyid-wasm's web build it is
 * empty until `init()` has resolved.
 */
export declare const ERROR_CODES: readonly ErrorCode[]

/**
 * A profile: another ecosystem's reading of the same text (docs/spec §1.5, §3.5, §4.4).
 * `polyid` is polyid's own; `atproto` reads TIDs as the AT Protocol does, `euid` EUIDs as the
 * `euid` crate does, `waddling` WDP codes as `waddling-errors-hash` does. A profile asked for
 * a family it does not define throws `INVALID_ARGUMENT`.
 */
export type Profile = 'polyid' | 'atproto' | 'euid' | 'waddling'

/** The options of the calls that take a profile. */
export interface ProfileOptions {
  /** The reading to apply; `null` or absent: `polyid`. */
  profile?: Profile | null
}

/**
 * Bytes polyid returns: a `Buffer` in the `polyid` package (Node), a `Uint8Array` in
 * `polyid-wasm` (a `Buffer` is a `Uint8Array` too).
 */
export type Bytes = Uint8Array

/**
 * What polyid throws: an `Error` (a `TypeError` with code `INVALID_ARGUMENT` for an argument of
 * the wrong JavaScript type) whose `code` is the stable code and whose `message` says what was
 * wrong and where.
 */
export interface PolyIdError extends Error {
  /** The stable code, the same in every polyid runtime (e.g. `INVALID_CHARACTER`). */
  code: ErrorCode
  /** Index (in characters) of the first offending character, for `INVALID_CHARACTER`/`NON_ASCII`. */
  index?: number
  /** The first offending character. */
  character?: string
  /**
   * Found length or check value, for `INVALID_LENGTH`/`INVALID_CHECKMOD`; for `OUT_OF_RANGE`,
   * the number given (a `bigint` beyond `Number.MAX_SAFE_INTEGER`).
   */
  found?: number | bigint
  /** Expected length or check value. */
  expected?: number
  /** `OUT_OF_RANGE`: the smallest and largest accepted values (a `bigint` beyond 2^53-1). */
  min?: number | bigint
  max?: number | bigint
  /** `compactIds`: the position of the failing element in the input array. */
  item?: number
}

/**
 * What the structured clone algorithm makes of an ID object (`structuredClone`, `postMessage`
 * to a worker or a port, IndexedDB, `BroadcastChannel`, `history.pushState`): a plain object
 * with the ID's two own properties, the class name and the canonical text. The class's `from`
 * rebuilds the ID from it, e.g. `Tid.from(event.data)`.
 */
export interface IdClone<T extends 'Xid' | 'Tid' | 'Euid'> {
  /** The class: `'Xid'`, `'Tid'` or `'Euid'`. */
  type: T
  /** The canonical text, which parses back to the same value. */
  text: string
}

/** The clone of a `Xid`: `{ type: 'Xid', text }`. */
export type XidClone = IdClone<'Xid'>
/** The clone of a `Tid`: `{ type: 'Tid', text }`. */
export type TidClone = IdClone<'Tid'>
/** The clone of a `Euid`: `{ type: 'Euid', text }`. */
export type EuidClone = IdClone<'Euid'>

/**
 * An EUID: a 128-bit value (45-bit Unix milliseconds, an optional 0-32767 extension, random
 * bits) written as 27 symbols with a check symbol (`1HF7YAT0007ZG0938NKRKAYDXXB`).
 *
 * Create one with `Euid.generate()`, `new EuidGenerator().next()`, `Euid.fromParts()`,
 * `Euid.fromDate()`, `Euid.parse()`, `Euid.fromBigInt()`, `Euid.fromBytes()` or `Euid.from()`;
 * `new Euid()` is not available.
 */
export declare class Euid {
  private constructor()
  /** `'Euid'`: with `text`, the object's own properties, which are its clone (`EuidClone`). */
  readonly type: 'Euid'
  /** The canonical text, the 27-symbol text with its check symbol (what `toString()` returns). */
  readonly text: string
  /**
   * The Euid of `value`: a `Euid` (returned as it is), its clone `{ type: 'Euid', text }`
   * (what `structuredClone`, `postMessage` and IndexedDB make of a `Euid`; an instance from
   * another copy of the package reads the same) or its text (as `Euid.parse` reads it).
   *
   * Throws a `TypeError` (code `INVALID_ARGUMENT`) for anything else: another type (`clone.type`),
   * another key, a `text` that is not a string; and what `Euid.parse` throws for the text.
   */
  static from(value: Euid | EuidClone | string): Euid
  /** A new EUID for the current time with fresh random bits, carrying `extension` (0-32767) if given. Throws `OUT_OF_RANGE`. */
  static generate(extension?: number | null): Euid
  /** The text of a new EUID. */
  static generateString(extension?: number | null): string
  /**
   * The EUID of its fields: Unix milliseconds (0 to 2^45-1), extension (0-32767 or
   * `null`/omitted for none), padding (the random bits above the extension: `15 - L` bits,
   * 15 without extension; default 0) and the low 64 random bits (default `0n`).
   *
   * Throws `OUT_OF_RANGE`.
   */
  static fromParts(unixMs: number, extension?: number | null, padding?: number, random?: bigint | number): Euid
  /** The EUID of a `Date`, with fresh random bits and `extension` if given. Throws `OUT_OF_RANGE`. */
  static fromDate(date: Date, extension?: number | null): Euid
  /**
   * Parses the 27-symbol text (case-insensitive; `I`/`L` read as 1, `O` as 0).
   *
   * Throws `INVALID_LENGTH`, `INVALID_CHARACTER` or `INVALID_CHECKMOD` (with `found` and `expected`).
   */
  static parse(text: string, options?: ProfileOptions | null): Euid
  /** The EUID of a 128-bit value (every value in `0..2^128-1` is one). Throws `OUT_OF_RANGE`. */
  static fromBigInt(value: bigint | number): Euid
  /** The EUID of its 16 big-endian bytes (`Uint8Array`, `Buffer` or `ArrayBuffer`). Throws `INVALID_LENGTH`. */
  static fromBytes(bytes: Uint8Array | ArrayBuffer): Euid
  /** The 128-bit value. */
  get value(): bigint
  /** The 16 big-endian bytes (a new `Bytes` on every access). */
  get bytes(): Bytes
  /** Unix time in milliseconds. */
  get unixMs(): number
  /** The extension (0-32767), or `null` when the EUID has none. */
  get extension(): number | null
  /** The random padding bits above the extension. */
  get padding(): number
  /** The check value, `value mod 127`. */
  get checkmod(): number
  /** The 27-symbol text, with the check symbol (default) or with check value 127 ("no check") when `checkmod` is `false`. */
  encode(checkmod?: boolean): string
  /**
   * The next EUID after this one: in the same millisecond the random high half plus one and a
   * fresh low half, otherwise a fresh EUID (same extension).
   *
   * Throws `EXHAUSTED` when the high half is at its maximum in the same millisecond.
   */
  next(): Euid
  /** The time as a `Date`. */
  toDate(): Date
  /** Whether `other` holds the same value. Throws a `TypeError` when `other` is not an `Euid`. */
  equals(other: Euid): boolean
  /**
   * -1, 0 or 1 as this value is less than, equal to or greater than `other`'s (the order of
   * time), e.g. `ids.sort((a, b) => a.compare(b))`. Throws a `TypeError` when `other` is not
   * an `Euid`.
   */
  compare(other: Euid): number
  /** The 27-symbol text with its check symbol. */
  toString(): string
  /** The 27-symbol text (so that `JSON.stringify` writes the text). */
  toJSON(): string
}

/**
 * The options of `new XidGenerator()`, `new TidGenerator()` and their `resume` (docs/spec
 * §6.5). Every option is optional; `undefined` and `null` mean the default. Any other key is
 * a `TypeError`.
 */
export interface GeneratorOptions {
  /** This generator's node, 0-959. Default: the module instance's node (`setNode`), if any. */
  node?: number | null
  /**
   * A seed (unsigned 64-bit: a bigint, or a non-negative safe integer) for a random source of
   * the generator's own: the same seed, options and clock readings give the same IDs in every
   * polyid runtime. For replays and tests, not for production IDs. Default: none.
   */
  seed?: bigint | number | null
  /** The bound on the lead over the clock, 0-86400000 ms (docs/spec §6.4). Default 60000. */
  maxLeadMs?: number | null
  /**
   * Beyond the bound: `'fail'` (throw `CLOCK_BEHIND`; the default) or `'wait'` (which cannot
   * sleep in WebAssembly: it throws `CLOCK_BEHIND` too).
   */
  onClockBehind?: 'fail' | 'wait' | null
  /**
   * Microseconds since 1970 (a bigint or a safe integer): the generator runs on a manual clock
   * standing there, moved with `setClockMicros`. Default: the real clock.
   */
  clockMicros?: bigint | number | null
}

/**
 * The options of `new EuidGenerator()` and `EuidGenerator.resume`: those of the other
 * generators without `node` (EUIDs take no node; passing one throws `INVALID_ARGUMENT`).
 */
export type EuidGeneratorOptions = Omit<GeneratorOptions, 'node'>

/**
 * Assigns this module instance's node (0-959), or withdraws it (`null`). WebAssembly has no
 * environment (`POLYID_NODE`): this is the only way to give the default generators a node. Call
 * it before the first ID of a generator that uses it (`Xid.generate()`, `Tid.generate()`,
 * generators built without a `node`): afterwards another value throws `NODE_IN_USE`.
 *
 * Throws `OUT_OF_RANGE` or `NODE_IN_USE`.
 */
export declare function setNode(node: number | null): void

/** This module instance's node, or `null` when there is none. */
export declare function node(): number | null

/**
 * Makes a node required (or not) for every xid and TID generator of this module instance: a
 * generator that would have none throws `NODE_REQUIRED`.
 */
export declare function setNodeRequired(required: boolean): void

/** Whether xid and TID generators without a node throw `NODE_REQUIRED`. */
export declare function nodeRequired(): boolean

/** What every generator reports about its lead over the clock, and its clock. */
export interface GeneratorClock {
  /** How far the last ID issued is ahead of the clock, in milliseconds (docs/spec §6.4). */
  get leadMs(): number
  /** The bound on `leadMs`. */
  get maxLeadMs(): number
  /** What the generator does beyond the bound. */
  get onClockBehind(): 'fail' | 'wait'
  /**
   * Moves the generator's manual clock (one built with `clockMicros`) to `micros`. Throws
   * `INVALID_ARGUMENT` on a generator that reads the real clock.
   */
  setClockMicros(micros: bigint | number): void
}

/**
 * A monotonic xid generator (docs/spec §6.2): every xid it returns is greater than the one
 * before. With a node (its own, or the module instance's), its xids carry the node in bits
 * 21-12 and a counter from 0 below it; without one, a lane in bits 21-16 and a counter from a
 * random start.
 */
export declare class XidGenerator implements GeneratorClock {
  /**
   * A symbol, which makes `structuredClone`, `postMessage` and IndexedDB throw a
   * `DataCloneError` for the generator (its state is the engine's): make a generator where the
   * IDs are needed.
   */
  readonly uncloneable: symbol
  /**
   * A generator built from `options`. Throws `OUT_OF_RANGE`, `INVALID_ARGUMENT` or
   * `NODE_REQUIRED`.
   */
  constructor(options?: GeneratorOptions | null)
  /**
   * A generator that continues after `last` (an xid issued before, e.g. persisted; what
   * `Xid.from` takes): every xid it returns is greater than `last`. Throws what the constructor
   * throws, and what `Xid.parse` throws for the text.
   */
  static resume(last: Xid | XidClone | string, options?: GeneratorOptions | null): XidGenerator
  /** The node in this generator's xids (bits 21-12), or `null` when it has none (a lane). */
  get node(): number | null
  /** The top 6 of the 22 low bits: the lane without a node (`node >> 4` with one). */
  get lane(): number
  get leadMs(): number
  get maxLeadMs(): number
  get onClockBehind(): 'fail' | 'wait'
  setClockMicros(micros: bigint | number): void
  /** The next xid. Throws `OUT_OF_RANGE` or `CLOCK_BEHIND`. */
  next(): Xid
  /** The text of the next xid. */
  nextString(): string
  /** The next `count` xids (consecutive, one clock read). */
  nextMany(count: number): Array<Xid>
  /** The texts of the next `count` xids. */
  nextManyStrings(count: number): string[]
}

/** A strictly monotonic EUID generator: every EUID it returns is greater than the one before, also when the clock steps back (by at most `maxLeadMs`). */
export declare class EuidGenerator implements GeneratorClock {
  /**
   * A symbol, which makes `structuredClone`, `postMessage` and IndexedDB throw a
   * `DataCloneError` for the generator (its state is the engine's): make a generator where the
   * IDs are needed.
   */
  readonly uncloneable: symbol
  /**
   * A generator whose EUIDs carry `extension` (0-32767), or none; `options` as for
   * `XidGenerator` without `node`. Throws `OUT_OF_RANGE` or `INVALID_ARGUMENT`.
   */
  constructor(extension?: number | null, options?: EuidGeneratorOptions | null)
  /**
   * A generator that continues after `last` (what `Euid.from` takes): everything it returns is
   * greater than `last`. Throws what the constructor throws, and what `Euid.parse` throws.
   */
  static resume(last: Euid | EuidClone | string, extension?: number | null, options?: EuidGeneratorOptions | null): EuidGenerator
  /** The extension of the EUIDs this generator makes, or `null`. */
  get extension(): number | null
  get leadMs(): number
  get maxLeadMs(): number
  get onClockBehind(): 'fail' | 'wait'
  setClockMicros(micros: bigint | number): void
  /** The next EUID. */
  next(): Euid
  /** The text of the next EUID. */
  nextString(): string
  /** The next `count` EUIDs. */
  nextMany(count: number): Array<Euid>
  /** The texts of the next `count` EUIDs. */
  nextManyStrings(count: number): string[]
}

/**
 * A TID (AT Protocol timestamp identifier): a signed 64-bit value
 * `microseconds since 1970 << 10 | clockId`, written as 13 symbols (`3kxnlhr3gxq23`).
 *
 * Create one with `Tid.generate()`, `new TidGenerator().next()`, `Tid.fromParts()`,
 * `Tid.fromDate()`, `Tid.parse()`, `Tid.fromBigInt()` or `Tid.from()`; `new Tid()` is not
 * available.
 */
export declare class Tid {
  private constructor()
  /** `'Tid'`: with `text`, the object's own properties, which are its clone (`TidClone`). */
  readonly type: 'Tid'
  /** The canonical text, the 13-symbol text (what `toString()` returns). */
  readonly text: string
  /**
   * The Tid of `value`: a `Tid` (returned as it is), its clone `{ type: 'Tid', text }`
   * (what `structuredClone`, `postMessage` and IndexedDB make of a `Tid`; an instance from
   * another copy of the package reads the same) or its text (as `Tid.parse` reads it).
   *
   * Throws a `TypeError` (code `INVALID_ARGUMENT`) for anything else: another type (`clone.type`),
   * another key, a `text` that is not a string; and what `Tid.parse` throws for the text.
   */
  static from(value: Tid | TidClone | string): Tid
  /**
   * A new TID from the module's generator (monotonic; clock id `32 + node` with the node set
   * with `setNode`, else a random one in 0-31). Throws `NODE_REQUIRED`, `NODE_IN_USE`,
   * `CLOCK_BEHIND`.
   */
  static generate(): Tid
  /** The text of a new TID from the module's generator. */
  static generateString(): string
  /** The TID of microseconds since 1970 (`-(2^53-1)` to `2^53-1`) and a clock id (0-1023, default 0). Throws `OUT_OF_RANGE`. */
  static fromParts(micros: bigint | number, clockId?: number): Tid
  /** The TID of a `Date` (whole milliseconds) and a clock id (0-1023, default 0). Throws `OUT_OF_RANGE`. */
  static fromDate(date: Date, clockId?: number): Tid
  /** Parses the 13-symbol text or the dashed display form (`3kxn-lhr-3gxq-23`). Throws `INVALID_LENGTH`, `INVALID_CHARACTER` or `OUT_OF_RANGE`. */
  static parse(text: string, options?: ProfileOptions | null): Tid
  /** The TID of its signed 64-bit value. Throws `OUT_OF_RANGE`. */
  static fromBigInt(value: bigint | number): Tid
  /** Microseconds since 1970-01-01T00:00:00Z. */
  get micros(): bigint
  /** The clock id, 0-1023. */
  get clockId(): number
  /** The signed 64-bit value. */
  get value(): bigint
  /** The dashed display form, `3kxn-lhr-3gxq-23`. */
  display(): string
  /** The time as a `Date` (microseconds rounded down to the millisecond). */
  toDate(): Date
  /** Whether `other` holds the same value. Throws a `TypeError` when `other` is not a `Tid`. */
  equals(other: Tid): boolean
  /**
   * -1, 0 or 1 as this value is less than, equal to or greater than `other`'s (the order of
   * time), e.g. `ids.sort((a, b) => a.compare(b))`. Throws a `TypeError` when `other` is not
   * a `Tid`.
   */
  compare(other: Tid): number
  /** The 13-symbol text. */
  toString(): string
  /** The 13-symbol text (so that `JSON.stringify` writes the text). */
  toJSON(): string
}

/** A monotonic TID generator: every TID it returns is greater than the one before (`micros = max(now, last + 1)`), all with one clock id (docs/spec §6.3). */
export declare class TidGenerator implements GeneratorClock {
  /**
   * A symbol, which makes `structuredClone`, `postMessage` and IndexedDB throw a
   * `DataCloneError` for the generator (its state is the engine's): make a generator where the
   * IDs are needed.
   */
  readonly uncloneable: symbol
  /**
   * A generator with the given clock id (0-1023), or (`null`/omitted) `32 + node` (the `node`
   * option, else the module instance's node), else a random one in 0-31; `options` as for
   * `XidGenerator` (a clock id and a `node` together are `INVALID_ARGUMENT`). Throws
   * `OUT_OF_RANGE`, `INVALID_ARGUMENT` or `NODE_REQUIRED`.
   */
  constructor(clockId?: number | null, options?: GeneratorOptions | null)
  /**
   * A generator that continues after `last` (what `Tid.from` takes): every TID it returns is
   * greater than `last`; `clockId` and `options` as for the constructor.
   */
  static resume(last: Tid | TidClone | string, clockId?: number | null, options?: GeneratorOptions | null): TidGenerator
  /** The clock id of the TIDs this generator issues. */
  get clockId(): number
  /** The node behind the clock id (`clockId - 32`), or `null`. */
  get node(): number | null
  get leadMs(): number
  get maxLeadMs(): number
  get onClockBehind(): 'fail' | 'wait'
  setClockMicros(micros: bigint | number): void
  /** The next TID. */
  next(): Tid
  /** The text of the next TID. */
  nextString(): string
  /** The next `count` TIDs (consecutive microseconds, one clock read). */
  nextMany(count: number): Array<Tid>
  /** The texts of the next `count` TIDs. */
  nextManyStrings(count: number): string[]
}

/**
 * An xid: a 64-bit value whose top 42 bits are milliseconds since 2011-11-11T11:11:11.111Z
 * and whose low 22 bits are random, written as 11 Base58 symbols (uid11).
 *
 * Create one with `Xid.generate()`, `new XidGenerator().next()`, `Xid.fromParts()`,
 * `Xid.fromDate()`, `Xid.parse()`, `Xid.fromBigInt()` or `Xid.from()`; `new Xid()` is not
 * available.
 */
export declare class Xid {
  private constructor()
  /** `'Xid'`: with `text`, the object's own properties, which are its clone (`XidClone`). */
  readonly type: 'Xid'
  /** The canonical text, the 11-symbol text (what `toString()` returns). */
  readonly text: string
  /**
   * The Xid of `value`: a `Xid` (returned as it is), its clone `{ type: 'Xid', text }`
   * (what `structuredClone`, `postMessage` and IndexedDB make of a `Xid`; an instance from
   * another copy of the package reads the same) or its text (as `Xid.parse` reads it).
   *
   * Throws a `TypeError` (code `INVALID_ARGUMENT`) for anything else: another type (`clone.type`),
   * another key, a `text` that is not a string; and what `Xid.parse` throws for the text.
   */
  static from(value: Xid | XidClone | string): Xid
  /**
   * A new xid from this module's monotonic generator: the current time, after every xid it
   * made before; it carries the node set with `setNode`, if any. Throws `NODE_REQUIRED`,
   * `NODE_IN_USE`, `CLOCK_BEHIND`.
   */
  static generate(): Xid
  /** `count` new xids of the module's generator, increasing. */
  static generateMany(count: number): Array<Xid>
  /** The text of a new xid of the module's generator. */
  static generateString(): string
  /** The xid of a Unix time in milliseconds (2011-11-11T11:11:11.111Z to 2151-03-25T18:46:22.214Z) and 22 random bits (0 to 4194303). Throws `OUT_OF_RANGE`. */
  static fromParts(unixMs: number, random: number): Xid
  /** The xid of a `Date`, with the given random bits or fresh ones. Throws `OUT_OF_RANGE`. */
  static fromDate(date: Date, random?: number): Xid
  /** Parses the 11-symbol text. Throws `INVALID_LENGTH`, `INVALID_CHARACTER` or `OVERFLOW`. */
  static parse(text: string): Xid
  /** The xid of a 64-bit value (every value in `0..2^64-1` is one). Throws `OUT_OF_RANGE`. */
  static fromBigInt(value: bigint | number): Xid
  /** The 64-bit value. */
  get value(): bigint
  /** Unix time in milliseconds. */
  get unixMs(): number
  /** The 22 random bits. */
  get random(): number
  /** The time as a `Date`. */
  toDate(): Date
  /** Whether `other` holds the same value. Throws a `TypeError` when `other` is not an `Xid`. */
  equals(other: Xid): boolean
  /**
   * -1, 0 or 1 as this value is less than, equal to or greater than `other`'s (the order of
   * time), e.g. `ids.sort((a, b) => a.compare(b))`. Throws a `TypeError` when `other` is not
   * an `Xid`.
   */
  compare(other: Xid): number
  /** The 11-symbol text. */
  toString(): string
  /** The 11-symbol text (so that `JSON.stringify` writes the text). */
  toJSON(): string
}

/** Sequence names added to the standard table: `{ RATE_LIMITED: 42 }` or a `Map` of the same. */
export type NamedSequenceTable = Record<string, number | bigint> | Map<string, number | bigint>

/**
 * The 5-character compact ID of a structured code `SEVERITY.COMPONENT.PRIMARY.SEQUENCE`,
 * e.g. `compactId("E.Auth.Token.001") === "V6a0B"`.
 *
 * `namedSequences` adds sequence names to the standard table, e.g. `{ RATE_LIMITED: 42 }`.
 * Throws `INVALID_FORMAT`, `NON_ASCII`, `INVALID_SEVERITY`, `INVALID_COMPONENT`,
 * `INVALID_PRIMARY`, `INVALID_SEQUENCE` or `UNKNOWN_NAMED_SEQUENCE`.
 */
export declare function compactId(code: string, namedSequences?: NamedSequenceTable | null, options?: ProfileOptions | null): string

/** The compact IDs of many codes; throws the error of the first invalid code with `item` set to its position. */
export declare function compactIds(codes: string[], namedSequences?: NamedSequenceTable | null): string[]

/**
 * Writes the compact IDs of `codes` into `out` (5 ASCII bytes each, back to back, from
 * offset 0) and returns the number of codes; no JS string is kept for the IDs.
 * `out.subarray(5 * i, 5 * i + 5)` is the ID of `codes[i]`.
 *
 * Throws like `compactIds`, and `BUFFER_TOO_SMALL` (`found`: `out.length`, `expected`:
 * `5 * codes.length`) before computing anything when `out` is too short.
 */
export declare function compactIdsInto(codes: string[], out: Uint8Array, namedSequences?: NamedSequenceTable | null): number

/**
 * The compact IDs of many codes given as one string, joined by `"\n"`, returned the same
 * way: `compactIdsJoined("E.A.B.001\nE.Auth.Token.001") === "l3i4I\nV6a0B"`. `""` is no codes
 * (and gives `""`); a trailing `"\n"` is an empty last code (`INVALID_FORMAT`). Whitespace
 * around a code, including a `"\r"` of CRLF text, is trimmed like everywhere else.
 *
 * Throws the error of the first invalid code with `item` set to its line (0-based).
 */
export declare function compactIdsJoined(codes: string, namedSequences?: NamedSequenceTable | null): string

/** The full ID `<namespace hash>-<compact id>`, e.g. `fullId("auth_lib", "E.Auth.Token.001") === "05o5h-V6a0B"`. */
export declare function fullId(namespace: string, code: string, namedSequences?: NamedSequenceTable | null, options?: ProfileOptions | null): string

/** The two halves of a full ID. */
export interface FullIdParts {
  /** The namespace hash (5 characters). */
  namespaceHash: string
  /** The compact ID (5 characters). */
  compactId: string
}

/** The 5-character hash of a namespace (`[a-z][a-z0-9_]{0,15}`), e.g. `"auth_lib"` -> `"05o5h"`. Throws `INVALID_NAMESPACE` or `NON_ASCII`. */
export declare function namespaceHash(namespace: string, options?: ProfileOptions | null): string

/** The normalized code: trimmed, uppercase, named sequence resolved (`" e.auth.token.MISSING "` -> `"E.AUTH.TOKEN.001"`). */
export declare function normalizeCode(code: string, namedSequences?: NamedSequenceTable | null): string

/** Parses a structured code into its fields. Throws like `compactId`. */
export declare function parseCode(code: string, namedSequences?: NamedSequenceTable | null): ParsedCode

/** A parsed structured code. */
export interface ParsedCode {
  /** Severity letter, uppercase: one of `E W C B S K I T H`. */
  severity: string
  /** Severity meaning, e.g. `"Error"`. */
  meaning: string
  /** Severity priority, 0 (Trace) to 8 (Error). */
  priority: number
  /** Whether the severity blocks (`E` and `B`). */
  blocking: boolean
  /** Component, uppercase. */
  component: string
  /** Primary, uppercase. */
  primary: string
  /** Sequence number, 1-999. */
  sequence: number
  /** Normalized code, e.g. `"E.AUTH.TOKEN.001"`. */
  normalized: string
  /** Compact ID, e.g. `"V6a0B"`. */
  compactId: string
}

/** Splits a full ID `XXXXX-YYYYY` into its namespace hash and compact ID. Throws `INVALID_LENGTH` or `INVALID_CHARACTER`. */
export declare function parseFullId(id: string): FullIdParts
/** With a profile: `waddling` also accepts a bare compact ID, whose `namespaceHash` is `null`. */
export declare function parseFullId(id: string, options: ProfileOptions | null | undefined): { namespaceHash: string | null; compactId: string }

/** The inclusive microsecond range `[min, max]` of the TIDs whose text starts with `prefix`, or `null` when no TID does. */
export declare function tidPrefixRange(prefix: string): [bigint, bigint] | null

/** Decodes 11 Base58 symbols to their 64-bit value. Throws `INVALID_LENGTH`, `INVALID_CHARACTER` or `OVERFLOW`. */
export declare function uid11Decode(text: string): bigint

/** Encodes a 64-bit value as 11 Base58 symbols, e.g. `2n ** 64n - 1n` -> `"jpXCZedGfVQ"`. Outside `0..2^64-1`: `OUT_OF_RANGE`. */
export declare function uid11Encode(value: bigint | number): string

/** The inclusive range `[lo, hi]` of the values whose text starts with `prefix` (0-11 symbols), or `null` when none does (e.g. `"k"`). */
export declare function uid11PrefixRange(prefix: string): [bigint, bigint] | null

/** The inclusive Unix-millisecond range of the xids whose text starts with `prefix` (0-11 symbols), or `null` when no xid does. */
export declare function xidPrefixRange(prefix: string): XidTimeRange | null

/** The time range of an xid prefix. */
export interface XidTimeRange {
  /** Earliest Unix millisecond of an xid with the prefix. */
  minUnixMs: number
  /** Latest Unix millisecond of an xid with the prefix. */
  maxUnixMs: number
}
