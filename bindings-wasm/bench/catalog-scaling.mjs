// Catalog scaling (`make wasm-bench-catalog`; not part of `make test`): loading and expanding
// catalogs of 1,000 to 100,000 entries in polyid-wasm (Node build) and in the native Node
// package, one row per size, with the wasm/native ratios: load (the compact JSON form),
// expand every ID with one field, sign and verify the whole catalog (Ed25519), and the time of
// a 1-entry load while the large catalog is alive in the same module. With BENCH_MD set to a
// file (make wasm-bench-catalog-write, tools/bench_section.py), the rows are appended to it as
// a Markdown table.
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import { nodeAll, ROOT } from '../tests/helpers.mjs';

const require = createRequire(import.meta.url);
const wasm = nodeAll();
const native = require(join(ROOT, 'bindings-node'));

const SIZES = (process.env.SIZES ?? '1000,10000,100000').split(',').map(Number);

/** `n` entries with distinct compact IDs, in the compact JSON form (IDs from the package). */
function catalogText(n) {
  const entries = {};
  let count = 0;
  for (let i = 0; count < n; i++) {
    const code = `E.Svc${i.toString(36)}.Token.${String(1 + (i % 999)).padStart(3, '0')}`;
    const id = native.compactId(code);
    if (id in entries) continue; // a collision of two codes: skip the second
    entries[id] = [code, `failure ${i} for {{user}}`];
    count++;
  }
  return JSON.stringify(entries);
}

/** Median milliseconds of `f` over `runs` runs. */
function ms(f, runs = 5) {
  const t = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    f();
    t.push(performance.now() - t0);
  }
  return t.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

const pad = (s, n) => String(s).padEnd(n);
const num = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
console.log(`Node ${process.version}, ${process.arch}; median of 5 runs`);
console.log(
  `${pad('entries', 9)}${pad('load wasm ms', 14)}${pad('load native ms', 16)}${pad('ratio', 8)}` +
    `${pad('expand wasm ns/ID', 19)}${pad('expand native ns/ID', 21)}${pad('ratio', 8)}` +
    `${pad('sign+verify wasm ms', 21)}${pad('native ms', 11)}${pad('ratio', 8)}small load beside it, wasm µs`,
);
const md = [
  `Node ${process.version} (${process.arch}), median of 5 runs (sign+verify: 3):`,
  '',
  '| entries | load wasm | load native | ratio | expand wasm | expand native | ratio | sign+verify wasm | native | ratio | 1-entry load beside it (wasm) |',
  '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
];
const int = (x) => Math.round(x).toLocaleString('en-US');
const msText = (x) => `${num(x)} ms`;
for (const n of SIZES) {
  const text = catalogText(n);
  const ids = Object.keys(JSON.parse(text));
  const fields = { user: 'ada' };
  const row = [];
  for (const p of [wasm, native]) {
    const load = ms(() => p.Catalog.load(text).free?.());
    const cat = p.Catalog.load(text);
    const expand = ms(() => {
      for (const id of ids) cat.expand(id, fields);
    });
    const key = p.Catalog.generateKeyPair();
    const sign = ms(() => cat.verify(key.publicKey, cat.sign(key.secretKey)), 3);
    const small = JSON.stringify({ V6a0B: ['E.AUTH.TOKEN.001', 'token missing'] });
    const smallUs = ms(() => {
      for (let i = 0; i < 100; i++) p.Catalog.load(small).free?.();
    }) * 10;
    cat.free?.();
    row.push({ load, expand: (expand * 1e6) / ids.length, sign, smallUs });
  }
  const [w, nat] = row;
  console.log(
    `${pad(n, 9)}${pad(num(w.load), 14)}${pad(num(nat.load), 16)}${pad((w.load / nat.load).toFixed(2), 8)}` +
      `${pad(num(w.expand), 19)}${pad(num(nat.expand), 21)}${pad((w.expand / nat.expand).toFixed(2), 8)}` +
      `${pad(num(w.sign), 21)}${pad(num(nat.sign), 11)}${pad((w.sign / nat.sign).toFixed(2), 8)}${num(w.smallUs)}`,
  );
  md.push(
    `| ${n.toLocaleString('en-US')} | ${msText(w.load)} | ${msText(nat.load)} | ${(w.load / nat.load).toFixed(2)} ` +
      `| ${int(w.expand)} ns/ID | ${int(nat.expand)} ns/ID | ${(w.expand / nat.expand).toFixed(2)} ` +
      `| ${msText(w.sign)} | ${msText(nat.sign)} | ${(w.sign / nat.sign).toFixed(2)} | ${num(w.smallUs)} µs |`,
  );
}
if (process.env.BENCH_MD) appendFileSync(process.env.BENCH_MD, `${md.join('\n')}\n`);
