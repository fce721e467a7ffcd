// The ID-only module stays inside its budget: <= 60 KB and <= 30 KB gzipped (gzip -9). The
// catalog and EXTUUID modules are separate entries (no budget): their sizes are reported.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { BUDGET, sizes } from '../tools/size.mjs';

for (const { module, entry, budgeted, build, raw, gzip } of sizes()) {
  if (!budgeted) {
    test(`size: ${build} ${module}_bg.wasm (${entry}) ${raw} bytes, gzipped ${gzip} bytes (no budget)`, () => {
      assert.ok(raw > 0);
    });
    continue;
  }
  test(`size: ${build} ${module}_bg.wasm ${raw} bytes <= ${BUDGET.raw}`, () => {
    assert.ok(raw <= BUDGET.raw, `${raw} bytes is over the ${BUDGET.raw}-byte budget`);
  });
  test(`size: ${build} ${module}_bg.wasm gzipped ${gzip} bytes <= ${BUDGET.gzip}`, () => {
    assert.ok(gzip <= BUDGET.gzip, `${gzip} gzipped bytes is over the ${BUDGET.gzip}-byte budget`);
  });
}
