// Types of polyid's EXTUUID, typed values in version 8 UUIDs: `polyid` (napi engine, in the package's one entry) and
// `polyid-wasm/extuuid` (a WebAssembly module of its own; in browsers call its `init()` first).

import type { ErrorCode } from './polyid.js'

export type { ErrorCode, PolyIdError } from './polyid.js'

/**
 * The `8-4-4-4-12` lower-case UUID of a printed form such as `"fixedB4:GBP$:222.31"` (the
 * `extuuid:` prefix is optional).
 *
 * Throws `INVALID_FORMAT`, `INVALID_CHARACTER`, `OUT_OF_RANGE`, `RESERVED_BITS`,
 * `UNSUPPORTED_SCHEME`, `INVALID_UNIT`.
 */
export declare function extuuidEncode(text: string): string

/**
 * The canonical printed form (`extuuid:...`) of a UUID (`8-4-4-4-12`, either case).
 *
 * Throws `INVALID_LENGTH`, `INVALID_FORMAT`, `INVALID_CHARACTER`, `NOT_UUID_V8`,
 * `RESERVED_TYPE`, `RESERVED_BITS`, `UNSUPPORTED_SCHEME`, `INVALID_UNIT`.
 */
export declare function extuuidDecode(uuid: string): string

/** What every `extuuidInspect` result holds, whatever the value's type. */
export interface ExtuuidInspectionBase {
  /** `8-4-4-4-12`, lower case. */
  uuid: string
  /** The canonical printed form (`extuuid:...`). */
  text: string
}

/** What `extuuidInspect` returns, per kind (the fields of docs/extuuid.md, "Inspect", in camelCase). */
export type ExtuuidInspection =
  | (ExtuuidInspectionBase & { kind: 'symbol'; scheme: string; name: string })
  | (ExtuuidInspectionBase & { kind: 'serial'; scheme: string; name: string; number: bigint })
  | (ExtuuidInspectionBase & { kind: 'fixed'; scheme: string; name: string; places: bigint; amount: bigint })
  | (ExtuuidInspectionBase & { kind: 'int'; value: bigint })
  | (ExtuuidInspectionBase & { kind: 'quant'; context: bigint; value: number; unit: string })
  | (ExtuuidInspectionBase & { kind: 'float'; negative: boolean; mantissa: bigint; exponent: bigint })
  | (ExtuuidInspectionBase & { kind: 'time'; seconds: bigint; bits: bigint; fraction: bigint })
  | (ExtuuidInspectionBase & { kind: 'int_vector'; signed: boolean; bits: bigint; context: bigint; values: bigint[] })
  | (ExtuuidInspectionBase & {
      kind: 'generic_float_vector'
      n: bigint
      bits: bigint
      exponentBits: bigint
      context: bigint
      elements: bigint[]
    })
  | (ExtuuidInspectionBase & { kind: 'x87'; context: string; pattern: bigint })
  | (ExtuuidInspectionBase & {
      kind: 'float_vector'
      format: 'f64' | 'f32x3' | 'f32x2' | 'f32' | 'f16x6' | 'f16'
      /** A bigint for `f32x3` and `f16x6`, else text. */
      context: bigint | string
      values: number[]
    })

/**
 * The typed fields of an EXTUUID given as a UUID (36 characters, dashes at 8, 13, 18, 23) or
 * a printed form. Integers are bigints (exact: up to 116 bits), floats numbers, flags
 * booleans, lists arrays. Throws the errors of `extuuidDecode` (UUID input) or
 * `extuuidEncode` (printed form).
 */
export declare function extuuidInspect(input: string): ExtuuidInspection
