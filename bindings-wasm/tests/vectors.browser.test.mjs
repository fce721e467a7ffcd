// Every case of every shared vector file against the web build in headless Debian Chromium:
// the page imports bindings-wasm/pkg/web (the three entries: IDs, catalog, EXTUUID), awaits
// their init() and runs bindings-js/test/vector-ops.mjs there. Each case is reported as its own test named
// `chromium/<family>/<name>`.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { inBrowser, readVectors } from './helpers.mjs';
import { casesOf } from '../../bindings-js/test/vector-ops.mjs';

const files = readVectors();
const expected = casesOf(files).map(([family, c]) => `${family}/${c.name}`);
const rows = await inBrowser((p, [ops], files) => ops.checkAll(p, files), files, ['/js-tests/vector-ops.mjs']);
const byId = new Map(rows.map((r) => [r.id, r]));

test('chromium: every case ran in the page', () => {
  assert.equal(rows.length, expected.length);
});

for (const id of expected) {
  const r = byId.get(id);
  test(`chromium/${id}`, () => {
    assert.ok(r, 'not run in the page');
    if (!r.pass) assert.fail(`${r.op}\n  expected: ${JSON.stringify(r.expected)}\n  got:      ${JSON.stringify(r.got)}`);
  });
}
