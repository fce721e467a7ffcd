'use strict'
// Every case of every shared vector file (tests/vectors/*.json) is its own test,
// named `<family>/<name>`: outputs, error codes and error details.
const { test } = require('node:test')
const assert = require('node:assert/strict')
const path = require('node:path')

const p = require('..')
const { check, loadCases } = require('./vector-ops.js')

const dir = path.resolve(__dirname, '..', '..', 'tests', 'vectors')
const cases = loadCases(dir)

test('vectors: files are present', () => {
  assert.ok(cases.length > 0, `no cases in ${dir}`)
})

for (const [family, c] of cases) {
  test(`${family}/${c.name}`, () => {
    const r = check(p, c)
    if (!r.pass) {
      assert.fail(
        `${c.op} ${JSON.stringify(c.input)}\n  expected: ${JSON.stringify(r.expected)}\n  got:      ${JSON.stringify(r.got, (_k, v) => (typeof v === 'bigint' ? String(v) : v))}`,
      )
    }
  })
}
