// IDs through the browser's structured clone algorithm, in headless Debian Chromium with the
// web build: the shared cases (bindings-js/test/clone-ops.mjs: structuredClone, `from`, the
// refusals), then a Web Worker round trip (tests/clone-worker.mjs), an IndexedDB put and get
// across two connections, a BroadcastChannel and history.pushState; the generators and
// catalogs are refused by each. Every check runs in the page; each is reported here as its
// own test named `chromium/<check>`.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { inBrowser } from './helpers.mjs';
import { CASES } from '../../bindings-js/test/clone-ops.mjs';

const rows = await inBrowser(async (p, [ops]) => {
  const rows = ops.runAll(p);
  /** Runs `fn` as the check `name`: a row with its result. */
  const check = async (name, fn) => {
    try {
      await fn();
      rows.push({ name, pass: true });
    } catch (e) {
      rows.push({ name, pass: false, message: `${e.name}: ${e.message}` });
    }
  };
  const uncloneables = () => [
    ['XidGenerator', new p.XidGenerator({ node: 5, clockMicros: 1700000000000000n })],
    ['TidGenerator', new p.TidGenerator(7)],
    ['EuidGenerator', new p.EuidGenerator(3)],
    ['Catalog', p.Catalog.build([{ code: 'E.Auth.Token.001', message: 'token missing' }])],
  ];
  /** `post(o)` must throw the DataCloneError that names `name`, for each generator and catalog. */
  const refuses = (how, post) => {
    for (const [name, o] of uncloneables()) {
      let error;
      try {
        post(o);
      } catch (e) {
        error = e;
      }
      if (error?.name !== 'DataCloneError' || !error.message.includes(`a ${name} holds engine`)) {
        throw new Error(`${how} of a ${name}: expected a DataCloneError naming it, got ${error ? `${error.name}: ${error.message}` : 'no error'}`);
      }
    }
  };
  const ids = ops.roundTripIds(p);

  await check('Web Worker: IDs posted to a worker are rebuilt there with from() and come back equal', async () => {
    const worker = new Worker('/tests/clone-worker.mjs', { type: 'module' });
    try {
      const answer = await new Promise((resolve, reject) => {
        worker.onmessage = (event) => resolve(event.data);
        worker.onerror = (event) => reject(new Error(`worker: ${event.message}`));
        worker.postMessage({ ids });
      });
      if (!answer.ok) throw new Error(`in the worker: ${answer.error}`);
      ops.checkAnswer(p, ids, answer.reply);
      refuses('worker.postMessage', (o) => worker.postMessage(o));
    } finally {
      worker.terminate();
    }
  });

  await check('IndexedDB: IDs put in a store and read back through a new connection are rebuilt equal', async () => {
    const done = (request) =>
      new Promise((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const open = () => {
      const request = indexedDB.open('polyid-clone-test', 1);
      request.onupgradeneeded = () => request.result.createObjectStore('ids');
      return done(request);
    };
    const db = await open();
    // The key is an ID's text (an object cannot be a key); the record holds the IDs.
    const key = ids[0].text;
    await done(db.transaction('ids', 'readwrite').objectStore('ids').put({ ids }, key));
    const store = db.transaction('ids', 'readwrite').objectStore('ids');
    refuses('IDBObjectStore.put', (o) => store.put({ o }, 'refused'));
    db.close();
    const again = await open();
    const record = await done(again.transaction('ids').objectStore('ids').get(key));
    again.close();
    if (record === undefined) throw new Error(`no record under ${key}`);
    ops.checkAnswer(p, ids, ops.answer(p, record));
  });

  await check('BroadcastChannel: IDs broadcast to another channel of the name are rebuilt equal', async () => {
    const [a, b] = [new BroadcastChannel('polyid-clone-test'), new BroadcastChannel('polyid-clone-test')];
    try {
      const received = new Promise((resolve) => {
        b.onmessage = (event) => resolve(event.data);
      });
      a.postMessage({ ids });
      ops.checkAnswer(p, ids, ops.answer(p, await received));
      refuses('BroadcastChannel.postMessage', (o) => a.postMessage(o));
    } finally {
      a.close();
      b.close();
    }
  });

  await check('history.pushState: IDs in the state are rebuilt equal from history.state', async () => {
    history.pushState({ ids }, '');
    ops.checkAnswer(p, ids, ops.answer(p, history.state));
    refuses('history.pushState', (o) => history.pushState({ o }, ''));
  });

  await check('another entry: an ID of polyid-wasm/profiles (another module instance) is rebuilt by the ID entry', async () => {
    const profiles = await import('/pkg/web/profiles.js');
    await profiles.default();
    const other = profiles.Tid.parse('3kxnlhr3gxq23', { profile: 'atproto' });
    const mine = p.Tid.from(other);
    if (!(mine instanceof p.Tid) || mine.value !== other.value) throw new Error(`Tid.from(profiles Tid): ${mine}`);
    if (p.Xid.from(structuredClone(profiles.Xid.fromBigInt(5n))).value !== 5n) throw new Error('Xid.from(profiles clone)');
  });
  return rows;
}, undefined, ['/js-tests/clone-ops.mjs']);

const byName = new Map(rows.map((r) => [r.name, r]));

test('chromium: every shared case ran in the page', () => {
  for (const [name] of CASES) assert.ok(byName.has(name), `not run: ${name}`);
});

for (const r of rows) {
  test(`chromium/${r.name}`, () => {
    if (!r.pass) assert.fail(r.message);
  });
}
