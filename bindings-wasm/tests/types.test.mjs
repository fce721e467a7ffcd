// The package's types (bindings-js/polyid.d.ts, copied into pkg/ as polyid.d.ts and polyid.d.mts)
// compile against code that uses the API: `tsc --noEmit` for a bundler/browser project
// (tests/types) and for Node's `import` and `require` through package.json "exports"
// (tests/types-node, which sees pkg/ as node_modules/polyid-wasm).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';

import { WASM_DIR } from './helpers.mjs';

function tsc(project) {
  const bin = join(WASM_DIR, 'node_modules', 'typescript', 'bin', 'tsc');
  try {
    execFileSync(process.execPath, [bin, '-p', project], { encoding: 'utf8' });
  } catch (e) {
    assert.fail(`tsc -p ${project} failed:\n${e.stdout}${e.stderr}`);
  }
}

test('types: tsc --noEmit, bundler resolution (tests/types/usage.ts)', () => {
  tsc(join(WASM_DIR, 'tests', 'types'));
});

test('types: tsc --noEmit, Node import and require through "exports" (tests/types-node)', () => {
  const dir = join(WASM_DIR, 'tests', 'types-node', 'node_modules');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
  symlinkSync(join(WASM_DIR, 'pkg'), join(dir, 'polyid-wasm'), 'dir');
  try {
    tsc(join(WASM_DIR, 'tests', 'types-node'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
