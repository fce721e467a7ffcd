// Loads a page in headless Debian Chromium (/usr/bin/chromium, fresh profile, no network
// besides 127.0.0.1) from a local static server and returns what the page POSTs to
// /__result. No browser driver: the page reports by itself (ERROR_HOOK reports load and
// uncaught errors). Used by tools/doc_examples_js.mjs and tests/bundlers/run.mjs.
import { spawn } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.map': 'application/json',
};

/** A classic script for the top of a page: uncaught errors, failed loads (capture phase) and
 * unhandled rejections are reported as failures; `globalThis.__docReport(result)` reports. */
export const ERROR_HOOK = `<script>
(() => {
  let sent = false;
  const post = (r) => {
    if (sent) return;
    sent = true;
    fetch('/__result', { method: 'POST', body: JSON.stringify(r) });
  };
  const why = (x) => (x && (x.stack || x.message)) || String(x);
  addEventListener('error', (e) => {
    const t = e.target && e.target !== window ? ' loading ' + (e.target.src || e.target.href || e.target.tagName) : '';
    post({ ok: false, message: 'page error' + t + ': ' + (e.error ? why(e.error) : e.message || '') });
  }, true);
  addEventListener('unhandledrejection', (e) => post({ ok: false, message: 'unhandled rejection: ' + why(e.reason) }));
  globalThis.__docReport = post;
})();
</script>`;

/**
 * Serves files (`resolve(pathname)` -> absolute file path or null) on 127.0.0.1, opens
 * `path` in headless Chromium and resolves with the JSON the page POSTs to /__result, or
 * `{ok: false}` after `timeoutMs`. Chromium and the server are stopped before returning.
 */
export async function loadPage(resolve, path, { timeoutMs = 30000 } = {}) {
  let finish;
  const result = new Promise((r) => (finish = r));
  const served = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (req.method === 'POST' && url.pathname === '/__result') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        res.end('ok');
        try {
          finish(JSON.parse(body));
        } catch {
          finish({ ok: false, message: `bad result: ${body}` });
        }
      });
      return;
    }
    const file = resolve(decodeURIComponent(url.pathname));
    let ok = false;
    try {
      ok = file && statSync(file).isFile();
    } catch {
      ok = false;
    }
    served.push(`${ok ? 200 : 404} ${url.pathname}`);
    if (!ok) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    createReadStream(file).pipe(res);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const port = server.address().port;
  const profile = mkdtempSync(join(tmpdir(), 'polyid-chromium-'));
  const child = spawn(CHROMIUM, [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`, `http://127.0.0.1:${port}${path}`], {
    stdio: 'ignore',
    detached: true,
  });
  let exited = null;
  child.on('exit', (code) => {
    exited = code;
  });
  const timer = setTimeout(
    () => finish({ ok: false, message: `no result after ${timeoutMs} ms (chromium ${exited === null ? 'running' : `exited ${exited}`}); requests: ${served.join(', ')}` }),
    timeoutMs,
  );
  child.on('error', (e) => finish({ ok: false, message: `cannot start ${CHROMIUM}: ${e.message}` }));
  const r = await result;
  clearTimeout(timer);
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
  await new Promise((res) => (exited !== null ? res() : child.once('exit', res)));
  server.close();
  rmSync(profile, { recursive: true, force: true });
  r.requests = served;
  return r;
}
