// EXTUUID (the core's `polyid::extuuid`): typed values in version 8 UUIDs — encode a printed
// form, decode a UUID, inspect the typed fields. In `polyid` part of the one entry; in
// `polyid-wasm` the `polyid-wasm/extuuid` entry over a WebAssembly module of its own
// (bindings-wasm/src/extuuid.rs), since the EXTUUID grammar and its float printing are larger
// than the ID-only module's whole size budget (bindings-wasm/README.md, "Size"). Nothing
// about EXTUUIDs is computed here.

/** The `8-4-4-4-12` lower-case UUID of a printed form (`extuuid:` prefix optional). */
export function extuuidEncode(text) {
  return raw.extuuid_encode(string(text));
}

/** The canonical printed form (`extuuid:...`) of a UUID (`8-4-4-4-12`, either case). */
export function extuuidDecode(uuid) {
  return raw.extuuid_decode(string(uuid));
}

const camel = (name) => name.replace(/_([a-z])/g, (_m, c) => c.toUpperCase());

/**
 * The typed fields of an EXTUUID given as a UUID or a printed form:
 * `{kind, uuid, text, ...fields}` in the core's field order (docs/extuuid.md, "Inspect"; names in
 * camelCase: `exponentBits`).
 * Integers are bigints, floats numbers, flags booleans, lists arrays.
 */
export function extuuidInspect(input) {
  const [uuid, text, kind, fields] = raw.extuuid_inspect(string(input));
  const out = { kind, uuid, text };
  // The core's field names in camelCase, as JavaScript names are (`exponent_bits` ->
  // `exponentBits`; the native Node package does the same).
  for (let i = 0; i < fields.length; i += 2) out[camel(fields[i])] = fields[i + 1];
  return out;
}
