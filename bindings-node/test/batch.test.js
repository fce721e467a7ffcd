'use strict'
// The batch transport (bindings-js/api.js): compactIds reads each element once, sends the
// codes to the engine as one NUL-joined string and cuts the IDs out of one string; the
// nextManyStrings methods cut fixed-width texts the same way. These checks hold the transport
// to the single-code results, positions and errors.
const { test } = require('node:test')
const assert = require('node:assert/strict')
const path = require('node:path')

const p = require('..')

const vectors = require(path.resolve(__dirname, '..', '..', 'tests', 'vectors', 'wdp.json'))
const compactCases = vectors.cases.filter((c) => c.op === 'compact_id')
const good = compactCases.filter((c) => 'output' in c)
const bad = compactCases.filter((c) => 'error' in c)

function thrown(fn) {
  try {
    fn()
  } catch (e) {
    return e
  }
  assert.fail('expected a throw')
}

// The cases grouped by their named-sequence table (most have none), one batch per group.
const groups = new Map()
for (const c of compactCases) {
  const key = JSON.stringify(c.input.named_sequences ?? null)
  if (!groups.has(key)) groups.set(key, [])
  groups.get(key).push(c)
}
const plain = 'E.AUTH.TOKEN.001' // -> V6a0B, docs/spec §1.2

test(`batch: every valid compact_id vector in one compactIds call per table`, () => {
  assert.ok(good.length >= 40)
  for (const [key, cs] of groups) {
    const names = JSON.parse(key) ?? undefined
    const ok = cs.filter((c) => 'output' in c)
    if (ok.length === 0) continue // a table that is itself invalid
    const codes = ok.map((c) => c.input.code)
    assert.deepEqual(p.compactIds(codes, names), ok.map((c) => c.output), key)
    // Twice over, reversed, so no position or length is special.
    const twice = [...codes, ...codes].reverse()
    assert.deepEqual(p.compactIds(twice, names), [...ok, ...ok].reverse().map((c) => c.output), key)
  }
})

test(`batch: every invalid compact_id vector fails with its code and position`, () => {
  assert.ok(bad.length >= 60)
  for (const c of bad) {
    const names = c.input.named_sequences
    const codes = [plain, plain, c.input.code, plain]
    const e = thrown(() => p.compactIds(codes, names))
    assert.equal(e.code, c.error, `${c.name}: ${JSON.stringify(c.input.code)}`)
    // A bad named-sequence table fails before any code (no item).
    const tableError = (() => {
      try {
        p.compactIds([], names)
      } catch {
        return true
      }
      return false
    })()
    assert.equal(e.item, tableError ? undefined : 2, c.name)
    for (const [k, v] of Object.entries(c.detail ?? {})) assert.deepEqual(e[k], v, `${c.name}.${k}`)
  }
})

test(`batch: element types, holes, getters`, () => {
  assert.deepEqual(p.compactIds([]), [])
  assert.match(thrown(() => p.compactIds(['E.A.B.001', 7])).message, /codes\[1\]: expected a string/)
  assert.ok(thrown(() => p.compactIds(['E.A.B.001', , 'E.A.B.001'])) instanceof TypeError) // eslint-disable-line no-sparse-arrays
  assert.ok(thrown(() => p.compactIds([new String('E.A.B.001')])) instanceof TypeError)
  // An element getter: its value is used, read exactly once.
  let reads = 0
  const a = ['E.AUTH.TOKEN.001', 'x']
  Object.defineProperty(a, 1, { get: () => (reads++, 'W.DATABASE.CONNECTION.027'), enumerable: true })
  assert.deepEqual(p.compactIds(a), ['V6a0B', 'KF52S']) // docs/spec §1.2
  assert.equal(reads, 1)
  // A getter that throws: that exception, untouched.
  const boom = ['E.A.B.001']
  Object.defineProperty(boom, 0, { get: () => { throw new RangeError('boom') } })
  assert.throws(() => p.compactIds(boom), { name: 'RangeError', message: 'boom' })
  // A getter that changes the array while it is read: the result is a full, correct array
  // or an error, never a shorter array or an ID for another code.
  const shifty = ['E.AUTH.TOKEN.001', 'x', 'B.API.RATELIMIT.007']
  let flip = 0
  Object.defineProperty(shifty, 1, {
    get: () => {
      shifty[2] = flip++ % 2 ? 'B.API.RATELIMIT.007' : 17
      return 'W.DATABASE.CONNECTION.027'
    },
  })
  let got
  try {
    got = p.compactIds(shifty)
  } catch (e) {
    got = e
  }
  if (Array.isArray(got)) assert.deepEqual(got, ['V6a0B', 'KF52S', '00BVL'])
  else assert.ok(got instanceof Error)
})

test(`batch: non-ASCII text and NUL inside elements`, () => {
  // One non-ASCII element makes the whole text wide: the error names it and its position.
  let e = thrown(() => p.compactIds(['E.AUTH.TOKEN.001', 'E.\u00c4.B.001', 'B.API.RATELIMIT.007']))
  assert.deepEqual([e.code, e.item, e.index, e.character], ['NON_ASCII', 1, 2, '\u00c4'])
  e = thrown(() => p.compactIds(['E.AUTH.TOKEN.001', 'B.API.RATELIMIT.007', 'E.A.\u{1F600}.001']))
  assert.deepEqual([e.code, e.item, e.index, e.character], ['NON_ASCII', 2, 4, '\u{1F600}'])
  // An unpaired surrogate reads as U+FFFD, as in every string argument.
  e = thrown(() => p.compactIds(['E.AUTH.TOKEN.001', 'E.\ud800.B.001']))
  assert.deepEqual([e.code, e.item, e.character], ['NON_ASCII', 1, '\ufffd'])
  // NUL is an invalid character of its element, never a separator.
  e = thrown(() => p.compactIds(['E.A.B.001', 'E.A.B.001\0E.A.B.002', 'E.A.B.003']))
  assert.deepEqual([e.code, e.item], ['INVALID_FORMAT', 1])
  e = thrown(() => p.compactIds(['E.A.B.001\0', 'E.A.B.001']))
  assert.deepEqual([e.code, e.item], ['INVALID_SEQUENCE', 0])
})

test(`batch: large arrays and named sequences`, () => {
  const three = ['E.AUTH.TOKEN.001', 'W.DATABASE.CONNECTION.027', 'B.API.RATELIMIT.007']
  const ids = ['V6a0B', 'KF52S', '00BVL'] // docs/spec §1.2
  const big = Array.from({ length: 30000 }, (_, i) => three[i % 3])
  const got = p.compactIds(big)
  assert.equal(got.length, big.length)
  got.forEach((id, i) => assert.equal(id, ids[i % 3]))
  big[29999] = 'E.A.B.000'
  assert.equal(thrown(() => p.compactIds(big)).item, 29999)
  assert.deepEqual(p.compactIds(['E.Api.Quota.RATE_LIMITED', 'e.api.quota.042'], { RATE_LIMITED: 42 }), [
    p.compactId('E.API.QUOTA.042'),
    p.compactId('E.API.QUOTA.042'),
  ])
})

test(`batch: nextManyStrings of TIDs and EUIDs`, () => {
  for (const n of [0, 1, 2, 1000]) {
    const tids = new p.TidGenerator().nextManyStrings(n)
    assert.equal(tids.length, n)
    for (const t of tids) assert.equal(p.Tid.parse(t).toString(), t)
    for (let i = 1; i < n; i++) assert.ok(tids[i - 1] < tids[i], 'TIDs ascend')
    const euids = new p.EuidGenerator().nextManyStrings(n)
    assert.equal(euids.length, n)
    for (const t of euids) assert.equal(p.Euid.parse(t).toString(), t)
    for (let i = 1; i < n; i++) assert.ok(euids[i - 1] < euids[i], 'EUIDs ascend')
  }
})
