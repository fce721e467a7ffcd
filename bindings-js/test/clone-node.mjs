// The worker_threads round trip of the clone tests (bindings-js/test/clone-ops.mjs), for the
// Node tests of both npm packages: a worker loads the package, receives IDs by postMessage,
// rebuilds them with `from` (`answer`) and sends them back.
import { Worker } from 'node:worker_threads';

const OPS = new URL('./clone-ops.mjs', import.meta.url).href;

// The worker: CommonJS (an eval worker), the package by `require`, the shared `answer` by
// `import()`.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const p = require(workerData.entry);
parentPort.once('message', async (message) => {
  const { answer } = await import(workerData.ops);
  parentPort.postMessage(answer(p, message));
});
`;

/**
 * Posts each of `refused` to a new worker (each post must throw: the errors are returned, or
 * what was posted instead), then `{ ids }`, and resolves to `{ reply, refusals }`, the worker's
 * reply being `answer(p, { ids })`. `entry` is what the worker requires (the package).
 */
export function workerRoundTrip(entry, ids, refused = []) {
  const worker = new Worker(WORKER, { eval: true, workerData: { entry, ops: OPS } });
  const refusals = refused.map((o) => {
    try {
      worker.postMessage(o);
      return { posted: o };
    } catch (e) {
      return e;
    }
  });
  return new Promise((resolve, reject) => {
    worker.once('message', (reply) => {
      resolve({ reply, refusals });
      worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the worker exited (code ${code}) without an answer`)));
    worker.postMessage({ ids });
  });
}
