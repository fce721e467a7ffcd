// Assembles a package's entry files from the JavaScript layer: `common.js` followed by the
// bodies (`api.js`, `catalog.js`, `extuuid.js`), behind the import of an engine. Used by
// bindings-node/tools/assemble.mjs (one entry over the napi addon) and
// bindings-wasm/tools/package.mjs (three entries, one WebAssembly module each).
//
// Nothing is generated from the identifiers here: this is text assembly. The bodies are
// written as ES modules; `cjs()` turns their `export` declarations into plain ones for the
// CommonJS builds, which list the exports in `module.exports`.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const HERE = dirname(fileURLToPath(import.meta.url));

/** The text of a file of the layer. */
export const layer = (name) => readFileSync(join(HERE, name), 'utf8');

/** The names a body exports (`export function|class|const NAME`), at least `min` of them. */
export function exportsOf(body, name, min = 1) {
  const names = [...body.matchAll(/^export (?:function|class|const) (\w+)/gm)].map((m) => m[1]);
  if (names.length < min) throw new Error(`bindings-js/${name}: only ${names.length} exports found`);
  return names;
}

/** A body without its `export` keywords (CommonJS builds). */
export const cjs = (body) => body.replace(/^export (function|class|const) /gm, '$1 ');

/** The banner of a generated file. */
export const banner = (pkg, sources) =>
  `// ${pkg}: generated from bindings-js/${sources.join(', bindings-js/')} by bindings-js/assemble.mjs (do not edit).\n`;

/**
 * The type declarations of the layer for one package: `polyid.d.ts`, `catalog.d.ts`,
 * `extuuid.d.ts` as they are (the same API in both packages), `extra` appended to each (the
 * WebAssembly package's `init()` declarations).
 */
export function declarations(extra = () => '') {
  return ['polyid', 'catalog', 'extuuid'].map((types) => ({ types, text: layer(`${types}.d.ts`) + extra(types) }));
}
