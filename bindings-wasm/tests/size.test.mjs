// The optimized module stays inside its budget: <= 60 KB and <= 30 KB gzipped (gzip -9).
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { BUDGET, sizes } from '../tools/size.mjs';

for (const { build, raw, gzip } of sizes()) {
  test(`size: ${build} polyid_wasm_bg.wasm ${raw} bytes <= ${BUDGET.raw}`, () => {
    assert.ok(raw <= BUDGET.raw, `${raw} bytes is over the ${BUDGET.raw}-byte budget`);
  });
  test(`size: ${build} polyid_wasm_bg.wasm gzipped ${gzip} bytes <= ${BUDGET.gzip}`, () => {
    assert.ok(gzip <= BUDGET.gzip, `${gzip} gzipped bytes is over the ${BUDGET.gzip}-byte budget`);
  });
}
