// Every case of every shared vector file (tests/vectors/*.json) against the Node build (the
// three entries: IDs, catalog, EXTUUID), each its own test named `node/<family>/<name>`:
// outputs, error codes and error details. A case `pending()` names (a core limitation on
// wasm32) runs as a todo test: reported, not failing the run.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { nodeAll, readVectors } from './helpers.mjs';
import { casesOf, check, pending } from './vector-ops.mjs';

const p = nodeAll();
const cases = casesOf(readVectors());
const big = (_k, v) => (typeof v === 'bigint' ? String(v) : v);

test('node: the vector files are present', () => {
  assert.ok(cases.length > 500, `only ${cases.length} cases`);
});

for (const [family, c] of cases) {
  const why = pending(c);
  test(`node/${family}/${c.name}`, why ? { todo: why } : {}, () => {
    const r = check(p, c);
    if (!r.pass) {
      assert.fail(`${c.op} ${JSON.stringify(c.input)}\n  expected: ${JSON.stringify(r.expected, big)}\n  got:      ${JSON.stringify(r.got, big)}`);
    }
  });
}
