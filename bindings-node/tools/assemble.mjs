// Writes the package's entry files from the shared JavaScript layer (bindings-js/) over this
// package's engine, the napi addon found by loader.js:
//   index.js     CommonJS: the addon, then common.js + api.js + catalog.js + extuuid.js
//   index.mjs    ES module re-export of index.js (one instance for import and require)
//   index.d.ts   the layer's three declaration files as one module; index.d.mts the same
// `npm run build` runs it after building the addon; the files are not committed.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { banner, cjs, declarations, exportsOf, layer } from '../../bindings-js/assemble.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const BODIES = [['api.js', 10], ['catalog.js', 1], ['extuuid.js', 3]];
const sources = ['common.js', ...BODIES.map(([b]) => b)];
const head = banner('polyid', sources);

const bodies = BODIES.map(([name, min]) => ({ name, text: layer(name), names: exportsOf(layer(name), name, min) }));
// Node only: the paths of the SQL engine files that ship with the package.
const NODE_ONLY = ['duckdbPath', 'postgresSqlPath', 'sqlitePath'];
const names = ['ERROR_CODES', ...NODE_ONLY, ...bodies.flatMap((b) => b.names)].sort();

writeFileSync(
  join(root, 'index.js'),
  `${head}'use strict';
const raw = require('./loader.js').load();

/** Bytes out: the engine returns Buffers already. */
const asBytes = (bytes) => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
/** A new array the engine fills completely: a Buffer from Node's pool. */
const newBytes = (n) => Buffer.allocUnsafe(n);
/** An ID object's text is written when it is made: an N-API string costs less than an accessor. */
const TEXT_WHEN_MADE = true;

${layer('common.js')}
${bodies.map((b) => `// ---- ${b.name}\n${cjs(b.text)}`).join('\n')}
const ERROR_CODES = readyEngine();
readyIds();

const { extensionPath } = require('./loader.js');
/** The SQLite loadable extension of this platform (docs/sql.md), for \`db.loadExtension()\`. */
function sqlitePath() {
  return extensionPath('sqlite');
}
/** The DuckDB extension of this platform (docs/sql.md), for \`LOAD '...'\`. */
function duckdbPath() {
  return extensionPath('duckdb');
}
/** PostgreSQL's pure-SQL tier (docs/sql.md), for \`psql -f\` or PGlite's \`exec()\`. */
function postgresSqlPath() {
  return require('./loader.js').plpgsqlPath();
}

module.exports = { ${names.join(', ')} };
`,
);

writeFileSync(
  join(root, 'index.mjs'),
  `${head}import api from './index.js';

export const { ${names.join(', ')} } = api;
export default api;
`,
);

// One module: the cross-file imports of the layer's declarations fall away; bytes out are
// Buffers here.
const dts = declarations()
  .map(({ types, text }) =>
    `// ---- bindings-js/${types}.d.ts\n` +
    text
      .split('\n')
      .filter((line) => !/^(import type|export type) \{[^}]*\} from '\.\/polyid\.js'$/.test(line))
      .join('\n')
      .replace('export type Bytes = Uint8Array', 'export type Bytes = Buffer'),
  )
  .join('\n');
const nodeOnly = `
// ---- Node only: the SQL engine extensions beside the addon (docs/sql.md)
/** The path of this platform's SQLite loadable extension, for \`db.loadExtension()\` (better-sqlite3,
 * node:sqlite) or \`.load\` in the sqlite3 CLI. Throws an Error with code ERR_POLYID_SQL_EXTENSION where
 * the platform package carries none. */
export declare function sqlitePath(): string
/** The path of this platform's DuckDB extension, for \`LOAD '...'\` in a database that allows
 * unsigned extensions. Throws like sqlitePath(). */
export declare function duckdbPath(): string
/** The path of PostgreSQL's pure-SQL tier, \`polyid--plpgsql.sql\` (every platform): for \`psql -f\`,
 * or its text for PGlite's \`exec()\`. */
export declare function postgresSqlPath(): string
`;
writeFileSync(join(root, 'index.d.ts'), `${head}${dts}${nodeOnly}`);
console.log(`polyid: index.js, index.mjs, index.d.ts: ${names.length} exports`);
