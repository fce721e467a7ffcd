// The sizes of the optimized modules. The ID-only module (polyid_wasm, the package's main
// entry) has a budget: <= 60 KB and <= 30 KB gzipped, taken in the strict sense (60,000 and
// 30,000 bytes, so that it holds whichever "KB" one reads). The catalog and EXTUUID modules
// (entries polyid-wasm/catalog and polyid-wasm/extuuid) are loaded only by code that imports
// them; their sizes are printed, with no budget. `--check` exits non-zero when the ID-only
// module is above budget (tests/size.test.mjs does the same).
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { gzipSync, constants } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BUDGET = { raw: 60_000, gzip: 30_000 };

/** The modules: [module, package entry, budgeted?]. */
export const MODULES = [
  ['polyid_wasm', 'polyid-wasm', true],
  ['polyid_profiles', 'polyid-wasm/profiles', false],
  ['polyid_catalog', 'polyid-wasm/catalog', false],
  ['polyid_extuuid', 'polyid-wasm/extuuid', false],
];

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Raw and gzip -9 sizes of each module's web and Node builds. */
export function sizes() {
  const out = [];
  for (const [module, entry, budgeted] of MODULES) {
    for (const build of ['web', 'node']) {
      const bytes = readFileSync(join(root, 'pkg', build, `${module}_bg.wasm`));
      const gzip = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length;
      out.push({ module, entry, budgeted, build, raw: bytes.length, gzip });
    }
  }
  return out;
}

const kb = (n) => `${(n / 1000).toFixed(1)} kB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let over = false;
  const lines = sizes().map(({ module, entry, budgeted, build, raw, gzip }) => {
    const head = `wasm size ${entry} (${module}, ${build}): ${raw} bytes = ${kb(raw)}`;
    if (!budgeted) return `${head}, gzip -9 ${gzip} bytes = ${kb(gzip)} (separate entry, no budget)`;
    const ok = raw <= BUDGET.raw && gzip <= BUDGET.gzip;
    over ||= !ok;
    return (
      `${head} (budget ${kb(BUDGET.raw)}), gzip -9 ${gzip} bytes = ${kb(gzip)} ` +
      `(budget ${kb(BUDGET.gzip)}) ${ok ? 'OK' : 'OVER BUDGET'}`
    );
  });
  for (const line of lines) console.log(line);
  const out = join(root, '..', 'target', 'wasm');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'sizes.txt'), lines.join('\n') + '\n');
  if (over && process.argv.includes('--check')) process.exit(1);
}
