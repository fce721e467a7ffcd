'use strict'
// Profiles (docs/spec §1.5, §3.5, §4.4): the same parse and hash calls read as another
// ecosystem reads them. Expected values come from docs/spec and, for the waddling readings,
// from xxh3 over the text waddling-errors-hash hashes (its trim().to_uppercase()), the same
// values the Python and C tests assert.
const { test } = require('node:test')
const assert = require('node:assert/strict')

const p = require('..')

function thrown(fn) {
  try {
    fn()
  } catch (e) {
    return e
  }
  assert.fail('expected a throw')
}

test('profiles: TIDs as the AT Protocol reads them', () => {
  const t = p.Tid.parse('3kxnlhr3gxq23', { profile: 'atproto' })
  assert.deepEqual([t.micros, t.clockId], [1721407246480310n, 1])
  assert.ok(p.Tid.parse('3kxn-lhr-3gxq-23', { profile: 'polyid' }).equals(t))
  assert.ok(p.Tid.parse('3kxn-lhr-3gxq-23', { profile: null }).equals(t))
  let e = thrown(() => p.Tid.parse('3kxn-lhr-3gxq-23', { profile: 'atproto' }))
  assert.deepEqual([e.code, e.found, e.expected], ['INVALID_LENGTH', 16, 13])
  e = thrown(() => p.Tid.parse('skxnlhr3gxq23', { profile: 'atproto' }))
  assert.deepEqual([e.code, e.index, e.character], ['INVALID_CHARACTER', 0, 's'])
  assert.equal(thrown(() => p.Tid.parse('ckxnlhr3gxq23', { profile: 'atproto' })).code, 'OUT_OF_RANGE')
  // A line ending is not part of a TID in any reading.
  e = thrown(() => p.Tid.parse('3kxnlhr3gxq23\n', { profile: 'atproto' }))
  assert.deepEqual([e.code, e.found, e.expected], ['INVALID_LENGTH', 14, 13])
})

test('profiles: EUIDs as the euid crate reads them', () => {
  const e = p.Euid.parse('C8ZMi4GR4JXGoMQXVYl8S8TJNA6', { profile: 'euid' }) // docs/spec §4.2
  assert.equal(e.value, 0x623f40921824bb0052fddf828ca352aan)
  const err = thrown(() => p.Euid.parse('C8ZM14GR4JXG0MQXVY18S8TJNA7', { profile: 'euid' }))
  assert.deepEqual([err.code, err.found, err.expected], ['INVALID_CHECKMOD', 71, 70])
})

test('profiles: WDP codes as waddling-errors-hash reads them', () => {
  const w = { profile: 'waddling' }
  assert.equal(p.compactId('  e.auth.token.001\t', null, w), 'V6a0B')
  assert.equal(p.compactId('E.Auth.Token.MISSING', null, w), 'hPdQW')
  assert.equal(p.compactId('E.AUTH.TOKEN.000', undefined, w), 'Uo8Uh')
  assert.equal(p.namespaceHash('Auth-Lib', w), 'C6uO5')
  assert.equal(p.fullId('auth_lib', 'E.Auth.Token.001', null, w), '05o5h-V6a0B')
  assert.deepEqual(p.parseFullId('V6a0B', w), { namespaceHash: null, compactId: 'V6a0B' })
  assert.deepEqual(p.parseFullId('05o5h-V6a0B', w), { namespaceHash: '05o5h', compactId: 'V6a0B' })
  const e = thrown(() => p.parseFullId('V6a0', w))
  assert.deepEqual([e.code, e.found, e.expected], ['INVALID_LENGTH', 4, 11])
  // polyid's own reading of the same inputs.
  assert.equal(p.compactId('E.Auth.Token.MISSING'), 'V6a0B')
  assert.equal(thrown(() => p.compactId('E.AUTH.TOKEN.000')).code, 'INVALID_SEQUENCE')
  assert.equal(thrown(() => p.parseFullId('V6a0B')).code, 'INVALID_LENGTH')
  // Caller names exist only in polyid's reading.
  const n = thrown(() => p.compactId('E.A.B.RATE', { RATE: 9 }, w))
  assert.equal(n.code, 'INVALID_ARGUMENT')
  assert.match(n.message, /no caller names/)
  assert.equal(p.compactId('E.A.B.RATE', { RATE: 9 }, { profile: 'polyid' }), p.compactId('E.A.B.009'))
  assert.equal(p.fullId('auth_lib', 'E.A.B.RATE', { RATE: 9 }, { profile: 'polyid' }), p.fullId('auth_lib', 'E.A.B.009'))
})

test('profiles: outside their family, unknown names, option types', () => {
  let e = thrown(() => p.Tid.parse('3kxnlhr3gxq23', { profile: 'euid' }))
  assert.equal(e.code, 'INVALID_ARGUMENT')
  assert.match(e.message, /does not define TIDs/)
  assert.equal(thrown(() => p.Euid.parse('C8ZM14GR4JXG0MQXVY18S8TJNA6', { profile: 'atproto' })).code, 'INVALID_ARGUMENT')
  assert.equal(thrown(() => p.compactId('E.A.B.001', null, { profile: 'atproto' })).code, 'INVALID_ARGUMENT')
  e = thrown(() => p.Tid.parse('3kxnlhr3gxq23', { profile: 'bluesky' }))
  assert.equal(e.code, 'INVALID_ARGUMENT')
  assert.match(e.message, /bluesky/)
  for (const bad of [{ profile: 1 }, { profil: 'atproto' }, 'atproto', ['atproto']]) {
    e = thrown(() => p.Tid.parse('3kxnlhr3gxq23', bad))
    assert.ok(e instanceof TypeError, JSON.stringify(bad))
    assert.equal(e.code, 'INVALID_ARGUMENT')
  }
})
