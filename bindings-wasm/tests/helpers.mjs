// Node-side helpers of the tests and the matrix adapters: the shared vector files, the two
// builds, and headless Debian Chromium (driven by playwright-core through `executablePath`;
// no browser is ever downloaded).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { serve } from '../tools/serve.mjs';

export const WASM_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT = join(WASM_DIR, '..');
export { readVectors, VECTORS_DIR } from '../../bindings-js/test/vector-files.mjs';

const require = createRequire(import.meta.url);

/** The Node build (CommonJS entry of bindings-wasm/pkg), or one of its other entries. */
export function nodeBuild(entry = 'index') {
  return require(join(WASM_DIR, 'pkg', 'node', `${entry}.cjs`));
}

/** The three entries' APIs in one object (IDs, catalog, EXTUUID), for the vectors. */
export function nodeAll() {
  return { ...nodeBuild('extuuid'), ...nodeBuild('catalog'), ...nodeBuild('index') };
}

/** Debian's chromium, or null. */
export function chromiumPath() {
  try {
    return execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Serves bindings-wasm/ on localhost, starts headless Chromium with a fresh profile, opens
 * `path` and calls `fn(page, url)`. Everything is closed afterwards. Messages the page logs
 * to the console and its uncaught errors are collected in `page.polyidLog`.
 */
export async function withBrowser(path, fn) {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('chromium not found: run `make wasm-chromium` (apt-get install chromium)');
  const { chromium } = require('playwright-core');
  const { server, url } = await serve();
  const profile = mkdtempSync(join(tmpdir(), 'polyid-chromium-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1100, height: 900 },
    });
    const page = context.pages()[0] ?? (await context.newPage());
    page.polyidLog = [];
    page.on('console', (m) => page.polyidLog.push(`${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => page.polyidLog.push(`pageerror: ${e.message}`));
    await page.goto(`${url}${path}`);
    return await fn(page, url);
  } finally {
    await context?.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * Imports the web build's three entries (IDs, catalog, EXTUUID) and `modules` (URL paths on
 * the test server, e.g. /js-tests/vector-ops.mjs) in a blank page and evaluates `body(p, mods, arg)`, where `p` is the three
 * initialized entries' APIs in one object. Returns its (JSON) result.
 */
export async function inBrowser(body, arg, modules = []) {
  return withBrowser('/tests/blank.html', (page) =>
    page.evaluate(
      async ({ src, arg, modules }) => {
        const entries = await Promise.all(
          ['extuuid', 'catalog', 'index'].map((e) => import(`/pkg/web/${e}.js`)),
        );
        await Promise.all(entries.map((e) => e.default()));
        const p = Object.assign({}, ...entries);
        const mods = await Promise.all(modules.map((m) => import(m)));
        // eslint-disable-next-line no-new-func
        const f = new Function('p', 'mods', 'arg', `return (${src})(p, mods, arg);`);
        return await f(p, mods, arg);
      },
      { src: body.toString(), arg, modules },
    ),
  );
}
