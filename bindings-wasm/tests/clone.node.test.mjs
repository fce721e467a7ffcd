// IDs through the structured clone algorithm in the Node build: the shared cases
// (bindings-js/test/clone-ops.mjs) over the three entries, a worker_threads round trip, and IDs
// that cross between module instances and packages: polyid-wasm/profiles and the ID entry, and
// the native `polyid` package when it is built (a clone made by one is rebuilt by the other).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import { nodeAll, nodeBuild, ROOT, WASM_DIR } from './helpers.mjs';
import { CASES, checkAnswer, roundTripIds } from '../../bindings-js/test/clone-ops.mjs';
import { workerRoundTrip } from '../../bindings-js/test/clone-node.mjs';

const p = nodeAll();

for (const [name, fn] of CASES) test(`node/${name}`, () => fn(p));

test('node: worker_threads round trip through the Node build', async () => {
  const ids = roundTripIds(p);
  const gen = new p.TidGenerator(7);
  const { reply, refusals } = await workerRoundTrip(join(WASM_DIR, 'pkg', 'node', 'index.cjs'), ids, [gen]);
  checkAnswer(p, ids, reply);
  assert.equal(refusals[0].name, 'DataCloneError');
  assert.match(refusals[0].message, /a TidGenerator holds engine state/);
});

test('node: an ID of polyid-wasm/profiles (another module instance) is rebuilt by the ID entry', () => {
  const profiles = nodeBuild('profiles');
  const other = profiles.Euid.fromBigInt(0x623f40921824bb0052fddf828ca352aan);
  assert.notEqual(profiles.Euid, p.Euid);
  for (const v of [other, structuredClone(other)]) {
    const mine = p.Euid.from(v);
    assert.ok(mine instanceof p.Euid);
    assert.equal(mine.value, other.value);
    assert.equal(mine.toString(), 'C8ZM14GR4JXG0MQXVY18S8TJNA6'); // docs/spec §4
  }
});

let native = null;
try {
  native = createRequire(import.meta.url)(join(ROOT, 'bindings-node'));
} catch {
  // not built: the test below says so
}

test('node: clones cross between polyid-wasm and the native polyid package', { skip: native === null && 'the native Node package is not built (make node-build)' }, () => {
  for (const [from, to] of [[native, p], [p, native]]) {
    for (const id of roundTripIds(from)) {
      const back = to[id.type].from(structuredClone(id));
      assert.ok(back instanceof to[id.type]);
      assert.equal(back.value, id.value);
      assert.equal(back.toString(), id.toString());
    }
  }
});
