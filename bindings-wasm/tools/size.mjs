// The size of the optimized modules against the budget: <= 60 KB and <= 30 KB gzipped, taken
// in the strict sense (60,000 and 30,000 bytes, so that it holds whichever "KB" one reads).
// Prints both; `--check` exits non-zero above budget (tests/size.test.mjs does the same).
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { gzipSync, constants } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BUDGET = { raw: 60_000, gzip: 30_000 };

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Raw and gzip -9 sizes of the web and Node modules. */
export function sizes() {
  return ['web', 'node'].map((build) => {
    const bytes = readFileSync(join(root, 'pkg', build, 'polyid_wasm_bg.wasm'));
    const gzip = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length;
    return { build, raw: bytes.length, gzip };
  });
}

const kb = (n) => `${(n / 1000).toFixed(1)} kB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let over = false;
  const lines = sizes().map(({ build, raw, gzip }) => {
    const ok = raw <= BUDGET.raw && gzip <= BUDGET.gzip;
    over ||= !ok;
    return (
      `wasm size (${build}): ${raw} bytes = ${kb(raw)} (budget ${kb(BUDGET.raw)}), ` +
      `gzip -9 ${gzip} bytes = ${kb(gzip)} (budget ${kb(BUDGET.gzip)}) ${ok ? 'OK' : 'OVER BUDGET'}`
    );
  });
  for (const line of lines) console.log(line);
  const out = join(root, '..', 'target', 'wasm');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'sizes.txt'), lines.join('\n') + '\n');
  if (over && process.argv.includes('--check')) process.exit(1);
}
