// Every case of every shared vector file (tests/vectors/*.json) is its own test, named
// `<family>/<name>`: outputs, error codes and error details. The runner is the one both npm
// packages share (bindings-js/test/vector-ops.mjs), here over the napi engine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

import { casesOf, check } from '../../bindings-js/test/vector-ops.mjs';
import { readVectors, VECTORS_DIR } from '../../bindings-js/test/vector-files.mjs';

const p = createRequire(import.meta.url)('..');
const cases = casesOf(readVectors());

test('vectors: files are present', () => {
  assert.ok(cases.length > 0, `no cases in ${VECTORS_DIR}`);
});

const big = (_k, v) => (typeof v === 'bigint' ? String(v) : v);
for (const [family, c] of cases) {
  test(`${family}/${c.name}`, () => {
    const r = check(p, c);
    if (!r.pass) {
      assert.fail(
        `${c.op} ${JSON.stringify(c.input)}\n  expected: ${JSON.stringify(r.expected, big)}\n  got:      ${JSON.stringify(r.got, big)}`,
      );
    }
  });
}
