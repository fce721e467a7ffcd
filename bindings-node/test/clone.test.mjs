// IDs through the structured clone algorithm (structuredClone, worker_threads postMessage,
// MessagePort, v8.serialize): the shared cases of bindings-js/test/clone-ops.mjs over the napi
// engine, then a round trip through a worker and a MessageChannel.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { deserialize, serialize } from 'node:v8';

import { CASES, answer, checkAnswer, roundTripIds } from '../../bindings-js/test/clone-ops.mjs';
import { workerRoundTrip } from '../../bindings-js/test/clone-node.mjs';

const PKG = join(dirname(fileURLToPath(import.meta.url)), '..');
const p = createRequire(import.meta.url)(PKG);

for (const [name, fn] of CASES) test(name, () => fn(p));

const uncloneables = () => [
  new p.XidGenerator({ node: 5, clockMicros: 1700000000000000n }),
  new p.TidGenerator(7),
  new p.EuidGenerator(3),
  p.Catalog.build([{ code: 'E.Auth.Token.001', message: 'token missing' }]),
];

test('worker_threads: IDs posted to a worker are rebuilt there with from() and come back equal', async () => {
  const ids = roundTripIds(p);
  const { reply, refusals } = await workerRoundTrip(PKG, ids, uncloneables());
  checkAnswer(p, ids, reply);
  // The generators and the catalog are refused at the post, each with its own explanation.
  const names = ['XidGenerator', 'TidGenerator', 'EuidGenerator', 'Catalog'];
  refusals.forEach((e, i) => {
    assert.equal(e.name, 'DataCloneError', `posting a ${names[i]}: ${JSON.stringify(e.posted ?? e.message)}`);
    assert.match(e.message, new RegExp(`a ${names[i]} holds engine`));
  });
});

test('MessageChannel and v8.serialize: the same clone, the same rebuild', async () => {
  const ids = roundTripIds(p);
  const { port1, port2 } = new MessageChannel();
  const received = new Promise((resolve) => port2.once('message', resolve));
  port1.postMessage({ ids });
  const message = await received;
  port1.close();
  checkAnswer(p, ids, answer(p, message));
  checkAnswer(p, ids, answer(p, deserialize(serialize({ ids }))));
  // v8.serialize throws a plain Error, with the same message.
  assert.throws(() => serialize(new p.TidGenerator(1)), { message: /a TidGenerator holds engine state/ });
});

test('deep equality compares IDs by value (their own properties are the clone)', () => {
  const x = p.Xid.fromBigInt(5n);
  assert.deepStrictEqual(x, p.Xid.parse(x.toString()));
  assert.notDeepStrictEqual(x, p.Xid.fromBigInt(6n));
  assert.notDeepStrictEqual(p.Tid.fromParts(5n, 1), p.Tid.fromParts(5n, 2));
  // A clone is a plain object, not the ID: deep equality tells them apart by prototype.
  assert.notDeepStrictEqual(structuredClone(x), x);
  assert.deepStrictEqual(structuredClone(x), { type: 'Xid', text: x.toString() });
});
