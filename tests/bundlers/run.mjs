// The polyid-wasm package in the three bundlers its README names, each used exactly as the
// README's "Bundlers" section says: Vite and webpack with no configuration, esbuild with the
// `.wasm` files imported through its `file` loader (and, for a single file, its `binary`
// loader and initSync). Each app imports the three entries
// (polyid-wasm, polyid-wasm/catalog, polyid-wasm/extuuid), is built by the bundler's own API
// into target/bundlers/<bundler>/dist, and the built page is loaded in headless Debian
// Chromium; it reports the values it computed, compared here with docs/spec's. The page must
// also have fetched each of the three .wasm modules from the bundle's output.
//
// Usage: node tests/bundlers/run.mjs [--pkg DIR]   (default bindings-wasm/pkg)
// The bundlers come from tests/bundlers/package-lock.json, installed into target/bundlers by
// `make bundlers-test` (npm ci).
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { ERROR_HOOK, loadPage } from '../../tools/headless_chromium.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..', '..');
const SCRATCH = join(ROOT, 'target', 'bundlers');
const args = process.argv.slice(2);
const PKG = resolve(args.includes('--pkg') ? args[args.indexOf('--pkg') + 1] : join(ROOT, 'bindings-wasm', 'pkg'));
const require = createRequire(join(SCRATCH, 'package.json'));

// What every app computes, and the values docs/spec gives for them.
const EXPECTED = {
  compactId: 'V6a0B', // docs/spec §1: E.Auth.Token.MISSING = E.AUTH.TOKEN.001
  tid: '2024-07-19T16:40:46.480Z', // docs/spec §3: 3kxn-lhr-3gxq-23
  xid: '2011-11-11T11:31:45.678Z', // docs/spec §2: 1113M2EhCbG
  expanded: 'token missing for ada',
  extuuid: '49083027-d200-8000-8000-00000021ebfc', // tests/vectors/extuuid.json
};

const BODY = `
const catalog = Catalog.load('{"V6a0B": ["E.AUTH.TOKEN.001", "token missing for {{user}}"]}');
globalThis.__docReport({
  ok: true,
  values: {
    compactId: compactId('E.Auth.Token.MISSING'),
    tid: Tid.parse('3kxn-lhr-3gxq-23').toDate().toISOString(),
    xid: Xid.parse('1113M2EhCbG').toDate().toISOString(),
    expanded: catalog.expand('V6a0B', { user: 'ada' }).message,
    extuuid: extuuidEncode('fixedB4:GBP$:222.31'),
  },
});
`;

// Vite and webpack: the README's browser code, nothing else.
const PLAIN = `import init, { compactId, Tid, Xid } from 'polyid-wasm';
import initCatalog, { Catalog } from 'polyid-wasm/catalog';
import initExtuuid, { extuuidEncode } from 'polyid-wasm/extuuid';

await Promise.all([init(), initCatalog(), initExtuuid()]);
${BODY}`;

// esbuild: the README's recipe (file loader for .wasm, the URLs passed to init).
const ESBUILD = `import init, { compactId, Tid, Xid } from 'polyid-wasm';
import initCatalog, { Catalog } from 'polyid-wasm/catalog';
import initExtuuid, { extuuidEncode } from 'polyid-wasm/extuuid';
import idsWasm from 'polyid-wasm/polyid_wasm_bg.wasm';
import catalogWasm from 'polyid-wasm/polyid_catalog_bg.wasm';
import extuuidWasm from 'polyid-wasm/polyid_extuuid_bg.wasm';

const url = (file) => new URL(file, import.meta.url);
await Promise.all([
  init({ module_or_path: url(idsWasm) }),
  initCatalog({ module_or_path: url(catalogWasm) }),
  initExtuuid({ module_or_path: url(extuuidWasm) }),
]);
${BODY}`;

// esbuild, one file: the modules inlined as bytes (binary loader) and instantiated with initSync.
const ESBUILD_INLINE = `import { initSync, compactId, Tid, Xid } from 'polyid-wasm';
import { initSync as initCatalogSync, Catalog } from 'polyid-wasm/catalog';
import { initSync as initExtuuidSync, extuuidEncode } from 'polyid-wasm/extuuid';
import idsBytes from 'polyid-wasm/polyid_wasm_bg.wasm';
import catalogBytes from 'polyid-wasm/polyid_catalog_bg.wasm';
import extuuidBytes from 'polyid-wasm/polyid_extuuid_bg.wasm';

initSync({ module: idsBytes });
initCatalogSync({ module: catalogBytes });
initExtuuidSync({ module: extuuidBytes });
${BODY}`;

/** A scratch app: src/main.js and node_modules/polyid-wasm (a copy of the package, as npm
 * would install it). */
function app(name, source, html) {
  const dir = join(SCRATCH, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'src'), { recursive: true });
  cpSync(PKG, join(dir, 'node_modules', 'polyid-wasm'), { recursive: true, dereference: true });
  writeFileSync(join(dir, 'src', 'main.js'), source);
  if (html) writeFileSync(join(dir, 'index.html'), html);
  return dir;
}

const page = (script) =>
  `<!doctype html><html><head><meta charset="utf-8">${ERROR_HOOK}</head><body>${script}</body></html>\n`;

/** An app built by esbuild with the given loader for `.wasm` files. */
async function esbuildApp(name, source, wasmLoader) {
  const dir = app(name, source);
  const esbuild = require('esbuild');
  await esbuild.build({
    entryPoints: [join(dir, 'src', 'main.js')],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    loader: { '.wasm': wasmLoader },
    outdir: join(dir, 'dist'),
    absWorkingDir: dir,
    logLevel: 'warning',
  });
  writeFileSync(join(dir, 'dist', 'index.html'), page('<script type="module" src="./main.js"></script>'));
  return { dist: join(dir, 'dist'), entry: '/index.html', inline: wasmLoader === 'binary' };
}

const BUNDLERS = {
  async vite() {
    const dir = app('vite', PLAIN, page('<script type="module" src="/src/main.js"></script>'));
    const { build } = await import(require.resolve('vite'));
    await build({ root: dir, logLevel: 'warn', configFile: false, build: { outDir: 'dist', target: 'es2022' } });
    return { dist: join(dir, 'dist'), entry: '/index.html' };
  },
  // The two esbuild recipes of the wasm README: the `.wasm` as a file, or inlined.
  esbuild: () => esbuildApp('esbuild', ESBUILD, 'file'),
  'esbuild-inline': () => esbuildApp('esbuild-inline', ESBUILD_INLINE, 'binary'),
  async webpack() {
    const dir = app('webpack', PLAIN);
    const webpack = require('webpack');
    const stats = await new Promise((res, rej) =>
      webpack(
        {
          mode: 'production',
          context: dir,
          entry: './src/main.js',
          output: { path: join(dir, 'dist'), filename: 'main.js', publicPath: 'auto', clean: true },
          target: 'web',
        },
        (err, s) => (err ? rej(err) : res(s)),
      ),
    );
    if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true }));
    writeFileSync(join(dir, 'dist', 'index.html'), page('<script src="./main.js"></script>'));
    return { dist: join(dir, 'dist'), entry: '/index.html' };
  },
};

let failed = 0;
const only = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--pkg');
for (const [name, make] of Object.entries(BUNDLERS)) {
  if (only.length && !only.includes(name)) continue;
  const t0 = Date.now();
  let problem = null;
  let detail = '';
  try {
    const { dist, entry, inline } = await make();
    const r = await loadPage((p) => (p.includes('..') ? null : join(dist, p)), entry);
    if (!r.ok) {
      problem = r.message;
    } else {
      for (const [k, v] of Object.entries(EXPECTED)) {
        if (r.values?.[k] !== v) problem ??= `${k}: expected ${v}, got ${r.values?.[k]}`;
      }
      const wasm = r.requests.filter((q) => q.startsWith('200 ') && q.endsWith('.wasm'));
      const files = readdirSync(dist, { recursive: true }).filter((f) => String(f).endsWith('.wasm'));
      if (inline) {
        if (wasm.length || files.length) problem ??= `expected no .wasm file, got: ${files.join(', ')}`;
        detail = 'the modules inlined, no .wasm fetched';
      } else {
        if (wasm.length !== 3) problem ??= `expected the 3 .wasm modules fetched from the bundle, got: ${r.requests.join(', ')}`;
        detail = `${wasm.length} .wasm fetched (${files.join(', ')})`;
      }
    }
  } catch (e) {
    problem = e.stack ?? String(e);
  }
  const took = ((Date.now() - t0) / 1000).toFixed(1);
  if (problem) {
    failed++;
    console.log(`FAIL ${name} (${took} s): ${problem}`);
  } else {
    console.log(`ok   ${name} (${took} s): built, loaded in Chromium, ${Object.keys(EXPECTED).length} values as docs/spec; ${detail}`);
  }
}
const n = only.length || Object.keys(BUNDLERS).length;
console.log(`bundlers: ${n - failed} passed, ${failed} failed (${PKG})`);
process.exit(failed ? 1 : 0);
