// polyid-wasm only: loading the WebAssembly module. tools/package.mjs appends this to the
// declarations of the `polyid-wasm` entry (the catalog and EXTUUID entries get their own).

/** What `init()` accepts: where to load the `.wasm` from, or its bytes or compiled module. */
export type InitInput =
  | RequestInfo
  | URL
  | Response
  | BufferSource
  | WebAssembly.Module

/**
 * Loads and instantiates the WebAssembly module (web build; resolves at once in the Node
 * build). By default the `.wasm` next to the module is fetched; pass
 * `{ module_or_path: ... }` to load it from elsewhere.
 */
export default function init(
  options?: { module_or_path?: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>,
): Promise<void>

/** Instantiates the module synchronously from its bytes or a compiled module (web build). */
export declare function initSync(options?: { module: BufferSource | WebAssembly.Module } | BufferSource | WebAssembly.Module): void
