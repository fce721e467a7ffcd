'use strict'
// The addon loaded twice in one thread (test runners and hot reload clear require.cache and
// require the package again, or code calls process.dlopen on the same file): each loaded copy
// keeps working with its own objects. The engine keeps no JavaScript state of its own (no
// cached constructors or references), so a copy needs nothing from the other.
const { test } = require('node:test')
const assert = require('node:assert/strict')
const path = require('node:path')

const pkg = path.resolve(__dirname, '..')

const exercise = (p) => {
  assert.equal(p.Tid.parse('3kxnlhr3gxq23').micros, 1721407246480310n)
  assert.equal(String(p.Tid.parse('3kxnlhr3gxq23')), '3kxnlhr3gxq23')
  const g = new p.TidGenerator(7)
  assert.ok(g.nextString() < g.nextString())
  assert.equal(new p.EuidGenerator(5).next().extension, 5)
  assert.deepEqual(p.compactIds(['E.AUTH.TOKEN.001']), ['V6a0B'])
  assert.ok(p.Xid.generate().unixMs > 0)
  assert.equal(p.Catalog.load(JSON.stringify({ V6a0B: ['E.AUTH.TOKEN.001', 'token'] })).size, 1)
}

test('addon loaded twice in one thread: both copies work', () => {
  const a = require(pkg)
  for (const k of Object.keys(require.cache)) delete require.cache[k]
  const b = require(pkg)
  assert.notEqual(a, b)
  for (const p of [a, b, a, b]) exercise(p)
  // Objects made before the second load keep working.
  const t = a.Tid.parse('3kxnlhr3gxq23')
  const c = require(pkg)
  assert.equal(t.micros, 1721407246480310n)
  exercise(c)
  // One copy called from inside a call of the other (an array element's getter).
  const codes = ['E.AUTH.TOKEN.001']
  Object.defineProperty(codes, 1, {
    enumerable: true,
    get() {
      assert.deepEqual(b.compactIds(['E.AUTH.TOKEN.001']), ['V6a0B'])
      assert.equal(String(b.Tid.parse('3kxnlhr3gxq23')), '3kxnlhr3gxq23')
      return 'E.AUTH.TOKEN.001'
    },
  })
  assert.deepEqual(a.compactIds(codes), ['V6a0B', 'V6a0B'])
})

test('the same .node loaded twice with process.dlopen: both copies work', () => {
  const file = require('node:fs')
    .readdirSync(pkg)
    .find((f) => /^polyid\..*\.node$/.test(f))
  assert.ok(file, 'a built addon')
  const one = { exports: {} }
  const two = { exports: {} }
  process.dlopen(one, path.join(pkg, file))
  process.dlopen(two, path.join(pkg, file))
  assert.notEqual(one.exports, two.exports)
  // The engine's own functions, on the contract's primitives (bindings-js/README.md).
  for (const raw of [one.exports, two.exports, one.exports]) {
    assert.equal(raw.compact_id('E.AUTH.TOKEN.001'), 'V6a0B') // docs/spec §1.2
    assert.equal(raw.tid_micros(raw.tid_parse('3kxnlhr3gxq23')), 1721407246480310n) // docs/spec §3
    const gen = raw.tid_gen_new(raw.clock_new(), 7, undefined, undefined, undefined, false, undefined)
    assert.ok(raw.tid_gen_next_string(gen) < raw.tid_gen_next_string(gen))
  }
})
