// Throughput of polyid-wasm (`make wasm-bench`; not part of `make test`).
//
// Node: the wasm package (Node build) against the native Node package `polyid` (napi-rs, when
// built: `make node-build`) and, for generation, the pure-JS npm `ulid` (monotonic factory).
// Chromium: the same operations on the web build in headless Debian Chromium.
// Each operation runs for ~0.4 s after a warm-up; the figure is the median of 5 runs.
// With BENCH_MD set to a file (make wasm-bench-write, tools/bench_section.py), one Markdown
// table of both is appended to it.
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import { inBrowser, nodeAll, ROOT } from '../tests/helpers.mjs';

const require = createRequire(import.meta.url);

/**
 * The operations, for an API object `p` (both packages have the same API; for polyid-wasm,
 * its three entries together: IDs, catalog, EXTUUID).
 */
function ops(p) {
  // The timed loop outruns one TID per microsecond: the largest lead bound keeps it on the
  // success path (past the default bound a generator fails with CLOCK_BEHIND).
  const g = new p.TidGenerator(1023, { maxLeadMs: 86_400_000 });
  const eg = new p.EuidGenerator();
  const catalogText = JSON.stringify({
    V6a0B: ['E.AUTH.TOKEN.001', 'token missing for {{user}}'],
    KF52S: ['W.DATABASE.CONNECTION.027', 'slow connection'],
    l3i4I: ['E.A.B.001', 'a b'],
  });
  const catalog = p.Catalog.load(catalogText);
  const fields = { user: 'ada' };
  return {
    'compactId("E.Auth.Token.MISSING")': () => p.compactId('E.Auth.Token.MISSING'),
    'fullId("auth_lib", code)': () => p.fullId('auth_lib', 'E.Auth.Token.001'),
    'uid11Encode(2^64-1)': () => p.uid11Encode(18446744073709551615n),
    'Xid.generateString()': () => p.Xid.generateString(),
    'Tid.parse(text).micros': () => p.Tid.parse('3kxnlhr3gxq23').micros,
    'TidGenerator.nextString()': () => g.nextString(),
    'Euid.parse(text).value': () => p.Euid.parse('C8ZM14GR4JXG0MQXVY18S8TJNA6').value,
    'EuidGenerator.nextString()': () => eg.nextString(),
    'Catalog.expand("V6a0B", {user})': () => catalog.expand('V6a0B', fields).message,
    'Catalog.expand("KF52S")': () => catalog.expand('KF52S').message,
    'Catalog.load(3 entries).size': () => p.Catalog.load(catalogText).size,
    'extuuidEncode("fixedB4:GBP$:222.31")': () => p.extuuidEncode('fixedB4:GBP$:222.31'),
    'extuuidDecode(uuid)': () => p.extuuidDecode('49083027-d200-8000-8000-00000021ebfc'),
  };
}

/** Median ops/s of `f` over 5 runs of ~`ms` each (runs where `performance` exists). */
function measure(f, ms = 400) {
  for (let i = 0; i < 2000; i++) f();
  const rates = [];
  for (let r = 0; r < 5; r++) {
    let n = 0;
    const t0 = performance.now();
    let t = t0;
    while (t - t0 < ms / 5) {
      for (let i = 0; i < 200; i++) f();
      n += 200;
      t = performance.now();
    }
    rates.push((n * 1000) / (t - t0));
  }
  return rates.sort((a, b) => a - b)[2];
}

const fmt = (r) => (r >= 1e6 ? `${(r / 1e6).toFixed(2)} M/s` : `${(r / 1e3).toFixed(0)} k/s`);
const pad = (s, n) => String(s).padEnd(n);

const wasm = nodeAll();
let native = null;
try {
  native = require(join(ROOT, 'bindings-node'));
} catch {
  console.log('(native polyid not built: `make node-build` to compare with it)');
}
const { monotonicFactory } = require('ulid');
const ulid = monotonicFactory();

console.log(`Node ${process.version}, ${process.arch}`);
console.log(`${pad('operation', 40)}${pad('polyid-wasm', 14)}${pad('polyid (native)', 17)}wasm/native`);
const wasmOps = ops(wasm);
const nativeOps = native ? ops(native) : {};
const results = [];
for (const [name, f] of Object.entries(wasmOps)) {
  const w = measure(f);
  const n = native ? measure(nativeOps[name]) : null;
  results.push({ name, w, n });
  console.log(`${pad(name, 40)}${pad(fmt(w), 14)}${pad(n ? fmt(n) : '-', 17)}${n ? (w / n).toFixed(2) : '-'}`);
}
const u = measure(() => ulid());
const e = measure(wasmOps['EuidGenerator.nextString()']);
results.push({ name: 'ulid() monotonic (pure JS peer)', w: u, n: null, note: `EuidGenerator.nextString / ulid: ${(e / u).toFixed(2)}` });
console.log(`${pad('ulid() monotonic (pure JS peer)', 40)}${pad(fmt(u), 14)}EuidGenerator.nextString / ulid: ${(e / u).toFixed(2)}`);

const browser = await inBrowser(
  (p, [], src) => {
    const ops = new Function(`return ${src.ops}`)()(p);
    const measure = new Function(`return ${src.measure}`)();
    const out = { ua: navigator.userAgent };
    for (const [name, f] of Object.entries(ops)) out[name] = measure(f);
    return out;
  },
  { ops: ops.toString(), measure: measure.toString() },
);
console.log(`\nChromium (headless, web build): ${browser.ua.match(/Chrome\/[\d.]+/)?.[0] ?? browser.ua}`);
for (const [name, rate] of Object.entries(browser)) {
  if (name !== 'ua') console.log(`${pad(name, 40)}${fmt(rate)}`);
}

if (process.env.BENCH_MD) {
  const chrome = browser.ua.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium';
  const md = [
    `Operations per second, median of 5 runs of ~0.4 s: polyid-wasm (Node build) and the native package in Node ${process.version} (${process.arch}), and polyid-wasm (web build) in headless ${chrome}:`,
    '',
    '| operation | polyid-wasm, Node | polyid (native), Node | wasm/native | polyid-wasm, Chromium |',
    '|---|---:|---:|---:|---:|',
    ...results.map((r) => `| \`${r.name}\` | ${fmt(r.w)} | ${r.n ? fmt(r.n) : ''} | ${r.n ? (r.w / r.n).toFixed(2) : r.note ?? ''} | ${browser[r.name] ? fmt(browser[r.name]) : ''} |`),
    '',
  ];
  appendFileSync(process.env.BENCH_MD, md.join('\n'));
}
