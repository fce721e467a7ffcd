// The Web Worker of tests/clone.browser.test.mjs (a module worker, not a test itself): loads
// the web build's ID entry, rebuilds the IDs it receives with `from` and sends them back with
// what it read from them (bindings-js/test/clone-ops.mjs, `answer`).
import init, * as p from '/pkg/web/index.js';
import { answer } from '/js-tests/clone-ops.mjs';

const ready = init();

self.onmessage = async (event) => {
  await ready;
  try {
    self.postMessage({ ok: true, reply: answer(p, event.data) });
  } catch (e) {
    self.postMessage({ ok: false, error: `${e.name}: ${e.message}` });
  }
};
