'use strict'
// The addon loaded twice in one thread (test runners and hot reload clear require.cache and
// require the package again): each loaded copy must keep working, with its own objects.
//
// Known defect, kept as a `todo` test that runs and reports: the ID classes' symbols, makers
// and constructors and the batch helpers are cached once per thread (src/object.rs,
// src/batch.rs) and the constructors come from napi-rs's per-thread class registry, so the
// second copy replaces what the first one's objects rely on. Each copy needs its own state
// (one per napi_env) for this test to pass.
const { test } = require('node:test')
const assert = require('node:assert/strict')
const path = require('node:path')

const pkg = path.resolve(__dirname, '..')

test('addon loaded twice in one thread: both copies work', { todo: 'per-thread caches in object.rs and batch.rs' }, () => {
  const a = require(pkg)
  for (const k of Object.keys(require.cache)) delete require.cache[k]
  const b = require(pkg)
  assert.notEqual(a, b)
  for (const p of [a, b, a]) {
    assert.equal(p.Tid.parse('3kxnlhr3gxq23').micros, 1721407246480310n)
    assert.equal(new p.TidGenerator(7).nextString().length, 13)
    assert.deepEqual(p.compactIds(['E.AUTH.TOKEN.001']), ['V6a0B'])
    assert.ok(p.Xid.generate().unixMs > 0)
  }
})
