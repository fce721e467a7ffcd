// Every case of every shared vector file (tests/vectors/*.json) against the Node build (the
// three entries: IDs, catalog, EXTUUID), each its own test named `node/<family>/<name>`:
// outputs, error codes and error details.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { nodeAll, readVectors } from './helpers.mjs';
import { casesOf, check } from '../../bindings-js/test/vector-ops.mjs';

const p = nodeAll();
const cases = casesOf(readVectors());
const big = (_k, v) => (typeof v === 'bigint' ? String(v) : v);

test('node: the vector files are present', () => {
  assert.ok(cases.length > 500, `only ${cases.length} cases`);
});

for (const [family, c] of cases) {
  test(`node/${family}/${c.name}`, () => {
    const r = check(p, c);
    if (!r.pass) {
      assert.fail(`${c.op} ${JSON.stringify(c.input)}\n  expected: ${JSON.stringify(r.expected, big)}\n  got:      ${JSON.stringify(r.got, big)}`);
    }
  });
}
