'use strict'
// The leak check (tools/leaks.js, `make node-leaks`) must call every entry point of the
// package, and the error path of each: checked here so that a new export cannot be missed.
const { test } = require('node:test')
const assert = require('node:assert/strict')

const { cases, entryPoints, missing } = require('../tools/leaks.js')

test('leaks: every entry point has a case', () => {
  assert.deepEqual(missing(), [])
})

test('leaks: every case names an entry point; error cases throw polyid errors', () => {
  const names = new Set(entryPoints())
  for (const c of cases) {
    const name = c.name.replace(/ !throws$/, '')
    assert.ok(names.has(name), `case ${c.name} names no entry point`)
    if (c.throws) {
      assert.throws(c.fn, (e) => e instanceof Error && typeof e.code === 'string', c.name)
    } else {
      c.fn()
    }
  }
})
