'use strict'
// API behaviour of the Node package: JS types, errors, Dates, bytes, generators, module
// formats. Expected values come from docs/spec (sections cited), never from this package.
const { test } = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const path = require('node:path')

const p = require('..')
const { Xid, XidGenerator, Tid, TidGenerator, Euid, EuidGenerator } = p

const XID_EPOCH = 1321009871111 // docs/spec §2

/** Asserts that `fn` throws a polyid error with `code` (and the given extra fields). */
function throwsCode(fn, code, fields = {}) {
  let err
  try {
    fn()
  } catch (e) {
    err = e
  }
  assert.ok(err, `expected a throw with code ${code}`)
  assert.ok(err instanceof Error, 'an Error')
  assert.equal(err.code, code, err.message)
  assert.equal(typeof err.message, 'string')
  assert.ok(err.message.length > 0)
  for (const [k, v] of Object.entries(fields)) assert.deepEqual(err[k], v, k)
  return err
}

function throwsType(fn) {
  const err = throwsCode(fn, 'INVALID_ARGUMENT')
  assert.ok(err instanceof TypeError, `a TypeError: ${err.message}`)
  return err
}

// ---------------------------------------------------------------------------------------------
test('module: require and import give the same API; ESM exports every CJS export', async () => {
  const esm = await import('../index.mjs')
  const byName = await import('polyid') // self-reference through package.json "exports"
  const cjsKeys = Object.keys(p).filter((k) => k !== '__napiBindingTarget').sort()
  for (const k of cjsKeys) {
    assert.equal(esm[k], p[k], `ESM export ${k}`)
    assert.equal(byName[k], p[k], `import('polyid').${k}`)
  }
  assert.equal(esm.default, p)
  assert.equal(require('polyid'), p)
  for (const name of [
    'compactId', 'compactIds', 'compactIdsJoined', 'compactIdsInto', 'normalizeCode', 'parseCode', 'namespaceHash', 'fullId',
    'parseFullId', 'uid11Encode', 'uid11Decode', 'uid11PrefixRange', 'xidPrefixRange',
    'tidPrefixRange', 'Xid', 'XidGenerator', 'Tid', 'TidGenerator', 'Euid', 'EuidGenerator',
    'setNode', 'node', 'setNodeRequired', 'nodeRequired',
  ]) {
    assert.equal(typeof p[name], 'function', name)
  }
})

test('ERROR_CODES: frozen, the core\'s codes in its order, the ErrorCode type', () => {
  assert.ok(Object.isFrozen(p.ERROR_CODES))
  // tests/vectors/README.md's table is written from the core's ErrorCode::ALL
  // (tools/error_codes.py, checked by `make test`).
  const readme = fs.readFileSync(path.join(__dirname, '..', '..', 'tests', 'vectors', 'README.md'), 'utf8')
  const table = readme.slice(readme.indexOf('<!-- error-codes: table -->'), readme.indexOf('<!-- /error-codes -->'))
  const core = [...table.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((m) => m[1])
  assert.equal(core.length, 34)
  assert.deepEqual([...p.ERROR_CODES], core)
  const dts = fs.readFileSync(path.join(__dirname, '..', 'index.d.ts'), 'utf8')
  const union = dts.slice(dts.indexOf('export type ErrorCode'), dts.indexOf('export declare const ERROR_CODES'))
  assert.deepEqual([...union.matchAll(/'([A-Z0-9_]+)'/g)].map((m) => m[1]), core)
})

// ---------------------------------------------------------------------------------------------
test('wdp: docs/spec §1.2 and §1.3 vectors', () => {
  const spec = {
    'E.AUTH.TOKEN.001': 'V6a0B',
    'E.Auth.Token.001': 'V6a0B',
    'e.auth.token.001': 'V6a0B',
    'E.Auth.Token.MISSING': 'V6a0B',
    '  E.Auth.Token.001\t': 'V6a0B',
    'W.DATABASE.CONNECTION.027': 'KF52S',
    'E.A.B.001': 'l3i4I',
    'T.PROFILER.TIMER.999': 'fnOQk',
    'E.AUTH.TOKEN.002': '35Jkp',
    'I.HTTP2SERVER.REQUEST.001': 'Unzd9',
    'E.Database.Connection.021': 'gjyGQ',
    'B.API.RATELIMIT.007': '00BVL',
    'E.AUTH.TOKEN.003': 'AcAGP',
    'W.CACHE.DATA.018': '0yRgf',
  }
  for (const [code, id] of Object.entries(spec)) assert.equal(p.compactId(code), id, code)
  assert.deepEqual(p.compactIds(Object.keys(spec)), Object.values(spec))
  assert.deepEqual(p.compactIds([]), [])
  assert.equal(p.normalizeCode('  E.Auth.Token.MISSING  '), 'E.AUTH.TOKEN.001')
  assert.equal(p.namespaceHash('auth_lib'), '05o5h')
  assert.equal(p.namespaceHash('user_service'), 'oFN7q')
  assert.equal(p.namespaceHash('payment_lib'), 'MVYh6')
  assert.equal(p.namespaceHash('a'), 'ECjXV')
  assert.equal(p.fullId('auth_lib', 'E.Auth.Token.001'), '05o5h-V6a0B')
  assert.equal(p.fullId('user_service', 'E.Database.Connection.021'), 'oFN7q-gjyGQ')
  assert.deepEqual(p.parseFullId('05o5h-V6a0B'), { namespaceHash: '05o5h', compactId: 'V6a0B' })
})

test('wdp: parseCode fields (docs/spec §1.1)', () => {
  assert.deepEqual(p.parseCode(' w.Database.Connection.UNAVAILABLE '), {
    severity: 'W',
    meaning: 'Warning',
    priority: 5,
    blocking: false,
    component: 'DATABASE',
    primary: 'CONNECTION',
    sequence: 27,
    normalized: 'W.DATABASE.CONNECTION.027',
    compactId: 'KF52S',
  })
  const e = p.parseCode('E.AUTH.TOKEN.001')
  assert.equal(e.blocking, true)
  assert.equal(e.priority, 8)
})

test('wdp: named sequences', () => {
  const names = { RATE_LIMITED: 42 }
  assert.equal(p.compactId('E.Api.Quota.RATE_LIMITED', names), p.compactId('E.API.QUOTA.042'))
  assert.equal(p.normalizeCode('e.api.quota.rate_limited', names), 'E.API.QUOTA.042')
  assert.deepEqual(p.compactIds(['E.Api.Quota.RATE_LIMITED'], names), [p.compactId('E.API.QUOTA.042')])
  assert.equal(p.compactId('E.A.B.001', null), 'l3i4I')
  throwsCode(() => p.compactId('E.Api.Quota.RATE_LIMITED'), 'UNKNOWN_NAMED_SEQUENCE')
  throwsCode(() => p.compactId('E.A.B.MISSING', { MISSING: 5 }), 'INVALID_SEQUENCE')
  throwsCode(() => p.compactId('E.A.B.X', { X: 70000 }), 'INVALID_SEQUENCE')
  throwsCode(() => p.compactId('E.A.B.X', { X: 2n ** 63n }), 'OUT_OF_RANGE')
  throwsType(() => p.compactId('E.A.B.X', { X: '42' }))
  throwsType(() => p.compactId('E.A.B.X', [42]))
  throwsType(() => p.compactId('E.A.B.X', 42))
  // A Map is a table too (as Python takes any mapping); a Set, or a key that is not a string,
  // is a TypeError rather than an empty table.
  assert.equal(p.compactId('E.Api.Quota.RATE_LIMITED', new Map([['RATE_LIMITED', 42n]])), p.compactId('E.API.QUOTA.042'))
  throwsType(() => p.compactId('E.A.B.X', new Set(['X'])))
  throwsType(() => p.compactId('E.A.B.X', new Map([[1, 42]])))
})

test('errors quote an input bounded and escaped (docs/spec: error messages)', () => {
  const huge = 'Q'.repeat(1_000_000)
  let e = throwsCode(() => p.compactId(`${huge}.A.B.001`), 'INVALID_SEVERITY')
  assert.equal(e.message, `WDP severity: invalid "${'Q'.repeat(64)}"... (1000000 bytes)`)
  e = throwsCode(() => p.compactId('W\nerror[OK]: forged.A.B.001'), 'INVALID_SEVERITY')
  assert.equal(e.message, 'WDP severity: invalid "W\\nerror[OK]: forged"')
  e = throwsCode(() => p.compactId(`E.A.B.${'x'.repeat(200_000)}`), 'INVALID_SEQUENCE')
  assert.ok(e.message.length < 300 && e.message.endsWith('... (200000 bytes)'), e.message)
  e = throwsType(() => new p.XidGenerator({ ['k'.repeat(100_000)]: 1 }))
  assert.ok(e.message.length < 300 && e.message.includes('... (100000 bytes)'), e.message)
})

test('wdp: errors carry code, message, index and character', () => {
  throwsCode(() => p.compactId('E.AUTH.TOKEN'), 'INVALID_FORMAT')
  throwsCode(() => p.compactId('Q.A.B.001'), 'INVALID_SEVERITY')
  throwsCode(() => p.compactId('E.1A.B.001'), 'INVALID_COMPONENT')
  throwsCode(() => p.compactId('E.A.B1-.001'), 'INVALID_PRIMARY')
  throwsCode(() => p.compactId('E.A.B.000'), 'INVALID_SEQUENCE')
  throwsCode(() => p.compactId('E.A.B.NOPE'), 'UNKNOWN_NAMED_SEQUENCE')
  throwsCode(() => p.compactId('E.\u00c4.B.001'), 'NON_ASCII', { index: 2, character: '\u00c4' })
  throwsCode(() => p.compactId('E.A.\u{1F600}.001'), 'NON_ASCII', { index: 4, character: '\u{1F600}' })
  throwsCode(() => p.namespaceHash('Auth'), 'INVALID_NAMESPACE')
  throwsCode(() => p.parseFullId('V6a0B'), 'INVALID_LENGTH', { found: 5, expected: 11 })
  const e = throwsCode(() => p.compactIds(['E.A.B.001', 'E.A.B.002', 'nope']), 'INVALID_FORMAT')
  assert.equal(e.item, 2)
})

test('wdp: compactIds on large, odd and failing arrays', () => {
  const one = ['E.AUTH.TOKEN.001', 'W.DATABASE.CONNECTION.027', 'B.API.RATELIMIT.007']
  const ids = ['V6a0B', 'KF52S', '00BVL'] // docs/spec §1.2
  const big = Array.from({ length: 20000 }, (_, i) => one[i % 3])
  const got = p.compactIds(big)
  assert.equal(got.length, 20000)
  got.forEach((id, i) => assert.equal(id, ids[i % 3]))
  const bad = big.slice()
  bad[15000] = 'E.A.B.000'
  assert.equal(throwsCode(() => p.compactIds(bad), 'INVALID_SEQUENCE').item, 15000)
  bad[15000] = 15000
  assert.match(throwsType(() => p.compactIds(bad)).message, /codes\[15000\]/)
  // The codes travel end to end with their lengths: a NUL or a line break inside one, an empty
  // one, or one that would read as valid with its neighbour's text never shifts the others.
  assert.equal(throwsCode(() => p.compactIds(['E.A.B.001', 'E.A.B.001\0E.A.B.002']), 'INVALID_FORMAT').item, 1)
  assert.equal(throwsCode(() => p.compactIds(['E.A.B.001\0', 'E.A.B.001']), 'INVALID_SEQUENCE').item, 0)
  assert.equal(throwsCode(() => p.compactIds(['E.A.B.001', 'E.A.B.001\nE.A.B.002']), 'INVALID_FORMAT').item, 1)
  assert.equal(throwsCode(() => p.compactIds(['E.A.B.001', '', 'E.A.B.001']), 'INVALID_FORMAT').item, 1)
  assert.equal(throwsCode(() => p.compactIds(['E.A.B.00', '1', 'E.A.B.001']), 'INVALID_SEQUENCE').item, 0)
  // A batch with a non-ASCII code goes code by code: still the first invalid code's error.
  assert.equal(throwsCode(() => p.compactIds(['nope', 'E.\u00c4.B.001']), 'INVALID_FORMAT').item, 0)
  assert.deepEqual(throwsCode(() => p.compactIds([...big.slice(0, 9000), 'E.\u00c4.B.001', 'nope']), 'NON_ASCII').item, 9000)
  // Holes and non-string look-alikes are type errors.
  throwsType(() => p.compactIds([, 'E.A.B.001'])) // eslint-disable-line no-sparse-arrays
  throwsType(() => p.compactIds([new String('E.A.B.001')]))
  throwsType(() => p.compactIds([['E.A.B.001']]))
  throwsType(() => p.compactIds([{ toString: () => 'E.A.B.001' }]))
  assert.deepEqual(p.compactIds(['E.\u00c4.B.001'].slice(1)), [])
  assert.equal(throwsCode(() => p.compactIds(['E.A.B.001', 'E.\u00c4.B.001']), 'NON_ASCII', { index: 2 }).item, 1)
  // Characters whose low byte is a valid code character (U+0141 'Ł' -> 0x41 'A', U+0130 'İ'
  // -> 0x30 '0'), and a lone surrogate: never read as that byte.
  assert.equal(throwsCode(() => p.compactIds(['E.A.B.001', 'E.\u0141.B.001']), 'NON_ASCII', { index: 2 }).item, 1)
  assert.equal(throwsCode(() => p.compactIdsJoined('E.A.B.001\nE.A.B.00\u0130'), 'NON_ASCII', { index: 8 }).item, 1)
  assert.equal(throwsCode(() => p.compactIds(['E.A.B.001\ud800']), 'NON_ASCII', { index: 9 }).item, 0)
})

test('wdp: compactIdsJoined (codes and IDs as one "\\n"-joined string)', () => {
  // docs/spec §1.2
  assert.equal(p.compactIdsJoined('E.AUTH.TOKEN.001\nW.DATABASE.CONNECTION.027\nB.API.RATELIMIT.007'), 'V6a0B\nKF52S\n00BVL')
  assert.equal(p.compactIdsJoined('E.A.B.001'), 'l3i4I')
  assert.equal(p.compactIdsJoined(''), '')
  assert.equal(p.compactIdsJoined(' e.auth.token.MISSING\r\nE.A.B.001\r'), 'V6a0B\nl3i4I')
  assert.equal(p.compactIdsJoined('E.Api.Quota.RATE_LIMITED', { RATE_LIMITED: 42 }), p.compactId('E.API.QUOTA.042'))
  const big = Array.from({ length: 20000 }, (_, i) => ['E.AUTH.TOKEN.001', 'W.DATABASE.CONNECTION.027', 'B.API.RATELIMIT.007'][i % 3])
  assert.deepEqual(p.compactIdsJoined(big.join('\n')).split('\n'), p.compactIds(big))
  big[15000] = 'E.A.B.000'
  assert.equal(throwsCode(() => p.compactIdsJoined(big.join('\n')), 'INVALID_SEQUENCE').item, 15000)
  assert.equal(throwsCode(() => p.compactIdsJoined('E.A.B.001\n'), 'INVALID_FORMAT').item, 1)
  assert.equal(throwsCode(() => p.compactIdsJoined('E.A.B.001\nE.\u00c4.B.001'), 'NON_ASCII', { index: 2 }).item, 1)
  throwsType(() => p.compactIdsJoined(['E.A.B.001']))
})

test('wdp: compactIdsInto (IDs written into a caller buffer)', () => {
  const codes = ['E.AUTH.TOKEN.001', 'W.DATABASE.CONNECTION.027', 'B.API.RATELIMIT.007']
  const out = Buffer.alloc(20, 0x2e)
  assert.equal(p.compactIdsInto(codes, out), 3)
  assert.equal(out.toString('latin1'), 'V6a0BKF52S00BVL.....') // docs/spec §1.2; the rest untouched
  const u8 = new Uint8Array(5)
  assert.equal(p.compactIdsInto(['E.Api.Quota.RATE_LIMITED'], u8, { RATE_LIMITED: 42 }), 1)
  assert.equal(Buffer.from(u8).toString('latin1'), p.compactId('E.API.QUOTA.042'))
  assert.equal(p.compactIdsInto([], new Uint8Array(0)), 0)
  const big = Array.from({ length: 20000 }, (_, i) => codes[i % 3])
  const bigOut = Buffer.alloc(5 * big.length)
  p.compactIdsInto(big, bigOut)
  assert.equal(bigOut.toString('latin1', 5 * 19999, 5 * 20000), 'KF52S') // 19999 % 3 === 1
  assert.equal(bigOut.toString('latin1', 5 * 15000, 5 * 15001), 'V6a0B')
  throwsCode(() => p.compactIdsInto(codes, Buffer.alloc(14)), 'BUFFER_TOO_SMALL', { found: 14, expected: 15 })
  assert.equal(throwsCode(() => p.compactIdsInto(['E.A.B.001', 'nope'], Buffer.alloc(10)), 'INVALID_FORMAT').item, 1)
  throwsType(() => p.compactIdsInto(codes, new Uint16Array(20)))
  throwsType(() => p.compactIdsInto(codes, [0, 0, 0]))
  throwsType(() => p.compactIdsInto([1], Buffer.alloc(5)))
})

test('wdp: long input is read in full', () => {
  const pad = ' '.repeat(300)
  assert.equal(p.compactId(pad + 'E.AUTH.TOKEN.001' + pad), 'V6a0B')
  assert.deepEqual(p.compactIds([pad + 'E.AUTH.TOKEN.001' + pad]), ['V6a0B'])
  throwsCode(() => p.compactId('E.' + 'A'.repeat(100) + '.B.001'), 'INVALID_COMPONENT')
})

test('wrong argument types throw TypeError with code INVALID_ARGUMENT', () => {
  throwsType(() => p.compactId(5))
  throwsType(() => p.compactId())
  throwsType(() => p.compactId(null))
  throwsType(() => p.compactIds('E.A.B.001'))
  throwsType(() => p.compactIds(['E.A.B.001', 5]))
  throwsType(() => p.compactIds(['E.A.B.001', null]))
  throwsType(() => p.uid11Encode('5'))
  throwsType(() => p.uid11Encode(1.5))
  throwsType(() => p.uid11Encode(2 ** 53)) // not a safe integer: use a bigint
  throwsType(() => p.uid11Encode(NaN))
  throwsType(() => p.uid11Decode(11111111111))
  throwsType(() => Xid.fromParts('1321009871111', 0))
  throwsType(() => Tid.fromParts(0n, '1'))
  throwsType(() => Tid.fromDate(1721407246480))
  throwsType(() => Euid.fromBytes('00000000000000000000000000000000'))
  throwsType(() => Euid.fromBytes(new Uint16Array(8)))
  throwsType(() => Euid.fromBytes([0, 1, 2]))
  throwsType(() => Euid.fromBigInt(0n).encode('yes'))
  throwsType(() => new TidGenerator('1'))
  throwsType(() => new EuidGenerator(true))
})

// ---------------------------------------------------------------------------------------------
test('uid11: docs/spec §2 vectors, bigint in and out', () => {
  const spec = [
    [0n, '11111111111'],
    [1n, '11111111112'],
    [57n, '1111111111z'],
    [58n, '11111111121'],
    [4194304n, '1111111NVpb'],
    [362387865600000n, '113q8KFkAEs'],
    [2n ** 64n - 1n, 'jpXCZedGfVQ'],
  ]
  for (const [v, s] of spec) {
    assert.equal(p.uid11Encode(v), s)
    assert.equal(p.uid11Decode(s), v)
    assert.equal(typeof p.uid11Decode(s), 'bigint')
  }
  assert.equal(p.uid11Encode(58), '11111111121') // a safe-integer number is accepted
  throwsCode(() => p.uid11Decode('jpXCZedGfVR'), 'OVERFLOW')
  throwsCode(() => p.uid11Decode('1111111111'), 'INVALID_LENGTH', { found: 10, expected: 11 })
  throwsCode(() => p.uid11Decode('1111111111l'), 'INVALID_CHARACTER', { index: 10, character: 'l' })
  throwsCode(() => p.uid11Encode(-1n), 'OUT_OF_RANGE')
  throwsCode(() => p.uid11Encode(-1), 'OUT_OF_RANGE')
  throwsCode(() => p.uid11Encode(2n ** 64n), 'OUT_OF_RANGE', { found: 2n ** 64n, min: 0, max: 2n ** 64n - 1n })
  // The core's range details: numbers where they are safe integers, else bigints.
  throwsCode(() => p.Tid.fromParts(0, 1024), 'OUT_OF_RANGE', { found: 1024, min: 0, max: 1023 })
  throwsCode(() => p.Tid.fromParts(2n ** 63n, 0), 'OUT_OF_RANGE',
    { found: 2n ** 63n, min: -(2 ** 53 - 1), max: 2 ** 53 - 1 })
  throwsCode(() => new p.TidGenerator(undefined, { node: 960 }), 'OUT_OF_RANGE', { found: 960, min: 0, max: 959 })
  throwsCode(() => p.uid11Encode(2n ** 200n), 'OUT_OF_RANGE')
  assert.deepEqual(p.uid11PrefixRange(''), [0n, 2n ** 64n - 1n])
  assert.deepEqual(p.uid11PrefixRange('i'), [17662972482875638784n, 18093776689775044607n])
  assert.deepEqual(p.uid11PrefixRange('j'), [18093776689775044608n, 18446744073709551615n])
  assert.equal(p.uid11PrefixRange('k'), null)
})

test('xid: docs/spec §2 vectors, fields and Dates', () => {
  const x = Xid.fromParts(XID_EPOCH + 1234567, 0x3fffff)
  assert.equal(x.toString(), '1113M2EhCbG')
  assert.equal(x.unixMs, XID_EPOCH + 1234567)
  assert.equal(x.random, 0x3fffff)
  assert.equal(typeof x.value, 'bigint')
  assert.equal(x.value, (1234567n << 22n) | 0x3fffffn)
  assert.equal(Xid.fromParts(XID_EPOCH + 1, 0).toString(), '1111111NVpb')
  assert.equal(Xid.fromParts(XID_EPOCH + 86400000, 0).toString(), '113q8KFkAEs')
  assert.equal(Xid.parse('1113M2EhCbG').value, x.value)
  assert.equal(Xid.fromBigInt(x.value).toString(), '1113M2EhCbG')
  assert.equal(`${x}`, '1113M2EhCbG')
  assert.equal(JSON.stringify({ x }), '{"x":"1113M2EhCbG"}')
  assert.equal(x.toDate().getTime(), XID_EPOCH + 1234567)
  assert.ok(x.toDate() instanceof Date)
  assert.ok(x instanceof Xid)
  // The last representable instant is 2151-03-25T18:46:22.214Z (docs/spec §2).
  const last = new Date('2151-03-25T18:46:22.214Z')
  assert.equal(Xid.fromDate(last, 0).unixMs, last.getTime())
  throwsCode(() => Xid.fromDate(new Date(last.getTime() + 1), 0), 'OUT_OF_RANGE')
  throwsCode(() => Xid.fromDate(new Date('2011-11-11T11:11:11.110Z')), 'OUT_OF_RANGE')
  throwsCode(() => Xid.fromDate(new Date(NaN)), 'OUT_OF_RANGE')
  const d = new Date('2024-07-19T16:40:46.480Z')
  assert.equal(Xid.fromDate(d).unixMs, d.getTime())
  assert.equal(Xid.fromDate(d, 5).random, 5)
  throwsCode(() => Xid.fromParts(XID_EPOCH, 0x400000), 'OUT_OF_RANGE')
  // Several parts out of range: the first in the order of the parameters is named, as in
  // every runtime, whatever the engine's type for each.
  const micros = 'TID micros: 9007199254740992 is out of range -9007199254740991..=9007199254740991'
  for (const clock of [-1, 5000]) {
    assert.equal(throwsCode(() => Tid.fromParts(2n ** 53n, clock), 'OUT_OF_RANGE').message, micros)
  }
  assert.equal(throwsCode(() => Tid.fromDate(new Date(8.64e15), -1), 'OUT_OF_RANGE').message,
    'TID micros: 8640000000000000000 is out of range -9007199254740991..=9007199254740991')
  assert.equal(throwsCode(() => Xid.fromParts(0, -1), 'OUT_OF_RANGE').message,
    'xid unix_ms: 0 is out of range 1321009871111..=5719056382214')
  for (const padding of [-1, 65536, 4096]) {
    assert.equal(throwsCode(() => Euid.fromParts(0, 5, padding, -1n), 'OUT_OF_RANGE').message,
      `EUID padding: ${padding} is out of range 0..=4095`)
  }
  assert.equal(Euid.fromParts(0, 5, 4095, 0).extension, 5) // the largest padding beside 5
  assert.throws(() => new Xid(), Error)
  assert.deepEqual(p.xidPrefixRange(''), { minUnixMs: XID_EPOCH, maxUnixMs: last.getTime() })
  assert.equal(p.xidPrefixRange('k'), null)
  const r = p.xidPrefixRange('113q8KFkAEs')
  assert.deepEqual(r, { minUnixMs: XID_EPOCH + 86400000, maxUnixMs: XID_EPOCH + 86400000 })
})

test('xid: generation', () => {
  const before = Date.now()
  const x = Xid.generate()
  const after = Date.now()
  // The generator may run a few ms ahead of the clock under bursts (> 32,768 per ms).
  assert.ok(x.unixMs >= before && x.unixMs <= after + 10)
  const s = Xid.generateString()
  assert.equal(typeof s, 'string')
  assert.equal(Xid.parse(s).toString(), s)
  const many = Xid.generateMany(100)
  assert.equal(many.length, 100)
  assert.ok(many.every((m) => m instanceof Xid))
  assert.deepEqual(Xid.generateMany(0), [])
  throwsCode(() => Xid.generateMany(-1), 'OUT_OF_RANGE')
})

test('xid: 10,000 from one generateMany call are distinct and increasing; generate never repeats', () => {
  const xs = Xid.generateMany(10000)
  assert.equal(xs.length, 10000)
  assert.equal(new Set(xs.map((x) => x.value)).size, 10000)
  for (let i = 1; i < xs.length; i++) assert.ok(xs[i - 1].value < xs[i].value, `at ${i}`)
  // The process-wide generator is shared: what follows is greater still.
  const next = Xid.generate()
  assert.ok(next.value > xs[xs.length - 1].value)
  assert.ok(Xid.parse(Xid.generateString()).value > next.value)
  const singles = Array.from({ length: 10000 }, () => Xid.generateString())
  assert.equal(new Set(singles).size, 10000)
})

// ---------------------------------------------------------------------------------------------
test('tid: docs/spec §3 vectors, fields and Dates', () => {
  const spec = [
    [0n, 0, '2222222222222'],
    [0n, 1, '2222222222223'],
    [2n ** 52n, 0, '6222222222222'],
    [70921738076545n, 776, '242k52k4kg3sc'],
    [1688137381887007n, 6, '3jzfcijpj2z2a'],
    [1696134411208655n, 21, '3kao2cl6lyj2p'],
    [1645557742000000n, 0, '3iso34eqpw222'],
    [1721407246480310n, 1, '3kxnlhr3gxq23'],
    [2n ** 53n - 1n, 1023, 'bzzzzzzzzzzzz'],
    [-1n, 0, 'zzzzzzzzzzz22'],
    [-(2n ** 53n - 1n), 0, 's222222222322'],
  ]
  for (const [us, clock, text] of spec) {
    const t = Tid.fromParts(us, clock)
    assert.equal(t.toString(), text)
    assert.equal(t.micros, us)
    assert.equal(t.clockId, clock)
    assert.equal(t.value, (us << 10n) | BigInt(clock))
    const back = Tid.parse(text)
    assert.equal(back.micros, us)
    assert.equal(back.clockId, clock)
    assert.equal(Tid.fromBigInt(t.value).toString(), text)
  }
  const t = Tid.fromParts(1721407246480310n, 1)
  assert.equal(t.display(), '3kxn-lhr-3gxq-23')
  assert.equal(Tid.parse('3kxn-lhr-3gxq-23').toString(), '3kxnlhr3gxq23')
  assert.equal(t.toDate().toISOString(), '2024-07-19T16:40:46.480Z')
  assert.equal(Tid.fromParts(-1n).toDate().getTime(), -1) // rounds down
  assert.equal(Tid.fromParts(5).micros, 5n) // number input, clock id 0 by default
  assert.equal(JSON.stringify([t]), '["3kxnlhr3gxq23"]')
  const d = new Date('2024-07-19T16:40:46.480Z')
  const fd = Tid.fromDate(d, 7)
  assert.equal(fd.micros, 1721407246480000n)
  assert.equal(fd.clockId, 7)
  assert.equal(Tid.fromDate(d).clockId, 0)
  throwsCode(() => Tid.parse('c222222222222'), 'OUT_OF_RANGE')
  throwsCode(() => Tid.parse('3KXNLHR3GXQ23'), 'INVALID_CHARACTER', { index: 1, character: 'K' })
  throwsCode(() => Tid.fromParts(2n ** 53n, 0), 'OUT_OF_RANGE')
  throwsCode(() => Tid.fromParts(0n, 1024), 'OUT_OF_RANGE')
  throwsCode(() => Tid.fromParts(2n ** 63n, 0), 'OUT_OF_RANGE')
  throwsCode(() => Tid.fromBigInt(2n ** 63n), 'OUT_OF_RANGE')
  assert.deepEqual(p.tidPrefixRange('s222-222-2222'), null)
  const [lo, hi] = p.tidPrefixRange('3kxn')
  assert.equal(typeof lo, 'bigint')
  assert.ok(lo <= 1721407246480310n && 1721407246480310n <= hi)
})

test('tid: generators', () => {
  const g = new TidGenerator(5)
  assert.equal(g.clockId, 5)
  let prev = ''
  for (let i = 0; i < 2000; i++) {
    const s = i % 2 ? g.nextString() : g.next().toString()
    assert.ok(s > prev, 'strictly increasing')
    assert.equal(Tid.parse(s).clockId, 5)
    prev = s
  }
  const many = g.nextMany(50)
  for (let i = 1; i < many.length; i++) assert.equal(many[i].micros, many[i - 1].micros + 1n)
  assert.ok(many[0].toString() > prev)
  const strs = g.nextManyStrings(10)
  assert.ok(strs[0] > many[49].toString())
  const r = new TidGenerator()
  assert.ok(r.clockId >= 0 && r.clockId <= 31)
  assert.ok(new TidGenerator(null).clockId <= 31)
  throwsCode(() => new TidGenerator(1024), 'OUT_OF_RANGE')
  throwsCode(() => new TidGenerator(-1), 'OUT_OF_RANGE')
  const now = BigInt(Date.now()) * 1000n
  const t = Tid.generate()
  assert.ok(t.micros >= now - 1000n)
  assert.ok(Tid.generateString() > t.toString())
})

// ---------------------------------------------------------------------------------------------
test('euid: docs/spec §4 vectors', () => {
  assert.equal(Euid.fromBigInt(0n).toString(), '000000000000000000000000000')
  assert.equal(Euid.fromBigInt(0n).encode(false), '00000000000000000000000003Z')
  assert.equal(Euid.fromBigInt(1n).toString(), '000000000000000000000000041')
  assert.equal(Euid.fromBigInt(2n ** 128n - 1n).toString(), 'ZZZZZZZZZZZZZZZZZZZZZZZZZW3')
  const v = 0x623f40921824bb0052fddf828ca352aan
  assert.equal(Euid.fromBigInt(v).toString(), 'C8ZM14GR4JXG0MQXVY18S8TJNA6')
  assert.equal(Euid.fromBigInt(v).encode(true), 'C8ZM14GR4JXG0MQXVY18S8TJNA6')
  assert.equal(Euid.fromBigInt(v).encode(false), 'C8ZM14GR4JXG0MQXVY18S8TJNBZ')
  assert.equal(Euid.parse('c8zm14gr4jxg0mqxvy18s8tjna6').value, v)
  assert.equal(Euid.parse('C8ZMi4GR4JXGoMQXVYl8S8TJNA6').value, v)
  const e7 = Euid.fromBigInt(0x621ce48c99c0007816e925e73ebf0fdan)
  assert.equal(e7.toString(), 'C8EE934SR007G5Q94QKKXFRFV8B')
  assert.equal(e7.extension, 7)
  const rnd = 0x0123456789abcdefn
  const table = [
    [null, 0, '0c5e7f2b400000000123456789abcdef', '1HF7YAT0000000938NKRKAYDXZT'],
    [null, 0x7fff, '0c5e7f2b4007fff00123456789abcdef', '1HF7YAT00ZZZ00938NKRKAYDXWV'],
    [0, 0, '0c5e7f2b400000010123456789abcdef', '1HF7YAT0000020938NKRKAYDXZW'],
    [1, 0, '0c5e7f2b400000110123456789abcdef', '1HF7YAT0000120938NKRKAYDXWX'],
    [255, 0, '0c5e7f2b40000ff80123456789abcdef', '1HF7YAT0007ZG0938NKRKAYDXXB'],
    [256, 0x3f, '0c5e7f2b4007f0090123456789abcdef', '1HF7YAT00ZR0J0938NKRKAYDXWD'],
    [32767, 0, '0c5e7f2b4007ffff0123456789abcdef', '1HF7YAT00ZZZY0938NKRKAYDXXS'],
  ]
  for (const [ext, pad, hex, text] of table) {
    const e = Euid.fromParts(1700000000000, ext, pad, rnd)
    assert.equal(e.toString(), text)
    assert.equal(e.value, BigInt('0x' + hex))
    assert.equal(e.bytes.toString('hex'), hex)
    assert.equal(e.unixMs, 1700000000000)
    assert.equal(e.extension, ext)
    assert.equal(e.padding, pad)
    assert.equal(e.checkmod, Number(e.value % 127n))
    assert.equal(Euid.fromBytes(Buffer.from(hex, 'hex')).toString(), text)
  }
  throwsCode(() => Euid.parse('C8ZM14GR4JXG0MQXVY18S8TJNA7'), 'INVALID_CHECKMOD', {
    found: 71,
    expected: 70,
  })
  throwsCode(() => Euid.parse('C8EE934SR007G5Q94QKKXFRFV8U'), 'INVALID_CHARACTER', {
    index: 26,
    character: 'U',
  })
  throwsCode(() => Euid.parse('C8ZM14GR4JXG0MQXVY18S8TJNA'), 'INVALID_LENGTH', { found: 26, expected: 27 })
  throwsCode(() => Euid.parse('C8ZM14GR4JXG0MQXVY18S8TJNA66'), 'INVALID_LENGTH', { found: 28, expected: 27 })
})

test('euid: JS types, bytes and Dates', () => {
  const e = Euid.fromParts(1700000000000, 255, 0, 0x0123456789abcdefn)
  assert.equal(typeof e.value, 'bigint')
  assert.ok(Buffer.isBuffer(e.bytes))
  assert.equal(e.bytes.length, 16)
  assert.equal(Euid.fromBytes(new Uint8Array(e.bytes)).value, e.value)
  const ab = new Uint8Array(e.bytes).buffer
  assert.equal(Euid.fromBytes(ab).value, e.value)
  const padded = Buffer.concat([Buffer.from([9, 9]), e.bytes, Buffer.from([9])])
  assert.equal(Euid.fromBytes(padded.subarray(2, 18)).value, e.value) // honours byteOffset
  throwsCode(() => Euid.fromBytes(new Uint8Array(15)), 'INVALID_LENGTH', { found: 15, expected: 16 })
  assert.equal(e.toDate().getTime(), 1700000000000)
  assert.equal(JSON.stringify(e), '"1HF7YAT0007ZG0938NKRKAYDXXB"')
  assert.equal(String(e), '1HF7YAT0007ZG0938NKRKAYDXXB')
  assert.equal(e.encode(), '1HF7YAT0007ZG0938NKRKAYDXXB')
  const d = new Date('2024-01-02T03:04:05.678Z')
  const fd = Euid.fromDate(d, 9)
  assert.equal(fd.unixMs, d.getTime())
  assert.equal(fd.extension, 9)
  assert.equal(Euid.fromDate(d).extension, null)
  assert.equal(Euid.fromParts(0).value, 0n) // defaults: no extension, padding 0, random 0
  throwsCode(() => Euid.fromParts(2 ** 45, null, 0, 0n), 'OUT_OF_RANGE')
  throwsCode(() => Euid.fromParts(0, 32768), 'OUT_OF_RANGE')
  throwsCode(() => Euid.fromParts(0, 255, 128), 'OUT_OF_RANGE')
  throwsCode(() => Euid.fromParts(0, null, 0, 2n ** 64n), 'OUT_OF_RANGE')
  throwsCode(() => Euid.fromBigInt(2n ** 128n), 'OUT_OF_RANGE')
  throwsCode(() => Euid.fromBigInt(-1n), 'OUT_OF_RANGE')
  throwsCode(() => Euid.generate(-1), 'OUT_OF_RANGE')
  throwsCode(() => Euid.generate(32768), 'OUT_OF_RANGE')
  assert.throws(() => new Euid(), Error)
})

test('euid: next() and generators', () => {
  // next(): the same millisecond -> random high half + 1, rest unchanged (docs/spec §4).
  let sameMs = 0
  for (let i = 0; i < 100 && sameMs < 5; i++) {
    const e = Euid.fromParts(Date.now(), 3, 1, 5n << 32n)
    const n = e.next()
    if (n.unixMs !== e.unixMs) continue
    sameMs++
    assert.equal(n.value >> 32n, (e.value >> 32n) + 1n)
    assert.equal(n.extension, 3)
    assert.equal(n.padding, 1)
  }
  assert.ok(sameMs > 0, 'next() in the same millisecond')
  let exhausted = 0
  for (let i = 0; i < 100 && !exhausted; i++) {
    try {
      Euid.fromParts(Date.now(), null, 0, 0xffffffffn << 32n).next()
    } catch (err) {
      assert.equal(err.code, 'EXHAUSTED')
      exhausted++
    }
  }
  assert.equal(exhausted, 1, 'EXHAUSTED at the maximum high half')
  const old = Euid.fromParts(1700000000000, 3)
  const fresh = old.next() // another millisecond: a fresh EUID with the same extension
  assert.ok(fresh.unixMs > 1700000000000)
  assert.equal(fresh.extension, 3)

  const g = new EuidGenerator(42)
  assert.equal(g.extension, 42)
  let prev = 0n
  for (let i = 0; i < 2000; i++) {
    const x = i % 2 ? Euid.parse(g.nextString()) : g.next()
    assert.ok(x.value > prev, 'strictly increasing')
    assert.equal(x.extension, 42)
    prev = x.value
  }
  const many = g.nextMany(100)
  for (const m of many) {
    assert.ok(m.value > prev)
    prev = m.value
  }
  const strs = g.nextManyStrings(10)
  assert.ok(Euid.parse(strs[0]).value > prev)
  assert.equal(new EuidGenerator().extension, null)
  assert.equal(new EuidGenerator().next().extension, null)
  throwsCode(() => new EuidGenerator(32768), 'OUT_OF_RANGE')
  assert.equal(Euid.generate().extension, null)
  assert.equal(Euid.generate(0).extension, 0)
  assert.equal(Euid.parse(Euid.generateString(77)).extension, 77)
})

test('receivers: getters and methods called on another class throw TypeError', () => {
  const objs = {
    Xid: Xid.fromBigInt(5n),
    Tid: Tid.parse('3kxnlhr3gxq23'),
    Euid: Euid.fromBigInt(0x623f40921824bb0052fddf828ca352aan),
    TidGenerator: new TidGenerator(3),
    EuidGenerator: new EuidGenerator(7),
    XidGenerator: new XidGenerator({ node: 3, clockMicros: 1700000000000000n }),
  }
  for (const [name, cls] of Object.entries({ Xid, Tid, Euid, TidGenerator, EuidGenerator, XidGenerator })) {
    for (const [key, desc] of Object.entries(Object.getOwnPropertyDescriptors(cls.prototype))) {
      if (key === 'constructor') continue
      const fn = desc.get ?? desc.value
      if (typeof fn !== 'function') continue
      for (const [other, obj] of Object.entries(objs)) {
        if (other === name) continue
        assert.throws(() => fn.call(obj), TypeError, `${name}.prototype.${key} on a ${other}`)
      }
      assert.throws(() => fn.call({}), TypeError, `${name}.prototype.${key} on {}`)
      assert.throws(() => fn.call(Object.create(cls.prototype)), TypeError, `${name}.prototype.${key} on a bare prototype object`)
    }
  }
  // The right receiver still works.
  assert.equal(objs.Xid.value, 5n)
  assert.equal(objs.TidGenerator.clockId, 3)
  assert.equal(objs.EuidGenerator.extension, 7)
  assert.equal(objs.XidGenerator.node, 3)
})

test('ID objects: own properties type and text (the clone), the value private', () => {
  const x = Xid.fromBigInt(2n ** 64n - 1n)
  const t = Tid.parse('3kxnlhr3gxq23')
  const e = Euid.fromBigInt(0x623f40921824bb0052fddf828ca352aan)
  for (const [obj, cls] of [[x, Xid], [t, Tid], [e, Euid]]) {
    assert.ok(obj instanceof cls)
    assert.deepEqual(Reflect.ownKeys(obj), ['type', 'text'])
    for (const [key, value] of [['type', cls.name], ['text', obj.toString()]]) {
      const d = Object.getOwnPropertyDescriptor(obj, key)
      assert.deepEqual([d.value, d.writable, d.enumerable, d.configurable], [value, false, true, false], key)
    }
    // Immutable: frozen, so neither the text nor new properties can be set.
    assert.ok(Object.isFrozen(obj))
    assert.throws(() => { 'use strict'; obj.text = 'x' }, TypeError)
    assert.throws(() => { 'use strict'; obj.label = 'x' }, TypeError)
    assert.equal(JSON.stringify({ id: obj }), `{"id":"${obj.toString()}"}`)
    // The methods are the prototype's, not enumerable, like class methods.
    const m = Object.getOwnPropertyDescriptor(cls.prototype, 'toString')
    assert.deepEqual([typeof m.value, m.enumerable, m.writable, m.configurable], ['function', false, true, true])
  }
  assert.equal(x.toString(), 'jpXCZedGfVQ') // docs/spec uid11: 2^64-1
  assert.equal(t.display(), '3kxn-lhr-3gxq-23')
  assert.equal(e.toString(), 'C8ZM14GR4JXG0MQXVY18S8TJNA6') // docs/spec §4
  // `bytes`: a new 16-byte Buffer on every read, big-endian.
  assert.equal(e.bytes.toString('hex'), '623f40921824bb0052fddf828ca352aa')
  assert.ok(Buffer.isBuffer(e.bytes) && e.bytes !== e.bytes && e.bytes.length === 16)
  const mine = e.bytes
  mine[0] = 0
  assert.equal(e.bytes[0], 0x62, 'changing a returned Buffer does not change the EUID')
  // Deep equality compares the values (through their canonical texts).
  assert.deepStrictEqual(Xid.fromBigInt(5n), Xid.parse(Xid.fromBigInt(5n).toString()))
  assert.notDeepStrictEqual(Xid.fromBigInt(5n), Xid.fromBigInt(6n))
  assert.notDeepStrictEqual(Tid.fromParts(5n, 1), Tid.fromParts(5n, 2))
  // An object with the same own properties is not an ID: the accessors refuse it (TypeError,
  // code INVALID_ARGUMENT), never read a value no instance holds.
  const get = (cls, key) => Object.getOwnPropertyDescriptor(cls.prototype, key).get
  for (const [cls, obj] of [[Xid, x], [Tid, t], [Euid, e]]) {
    const copy = { ...obj }
    assert.deepEqual(copy, { type: cls.name, text: obj.toString() })
    assert.throws(() => get(cls, 'value').call(copy), { name: 'TypeError', code: 'INVALID_ARGUMENT' })
    assert.throws(() => cls.prototype.toString.call(Object.setPrototypeOf(copy, cls.prototype)), TypeError)
  }
  // Wrong argument types.
  assert.throws(() => x.equals(t), TypeError)
  assert.throws(() => x.compare(5n), TypeError)
  assert.throws(() => e.encode('yes'), TypeError)
  assert.equal(e.encode(undefined), e.toString())
  assert.equal(e.encode(false).length, 27)
  // A method's errors carry the shared code.
  assert.throws(() => Xid.prototype.toJSON.call(t), { name: 'TypeError', code: 'INVALID_ARGUMENT' })
  assert.throws(() => x.equals({}), { name: 'TypeError', code: 'INVALID_ARGUMENT', message: 'expected a Xid' })
})

test('equals, compare and util.inspect', () => {
  const { inspect } = require('node:util')
  const a = Tid.parse('3kxnlhr3gxq23')
  assert.equal(a.equals(Tid.fromParts(1721407246480310n, 1)), true)
  assert.equal(a.equals(Tid.fromParts(1721407246480310n, 2)), false)
  // Time order, also for negative timestamps (whose text sorts after the positive ones).
  const ts = [5n, -5n, 0n, -(2n ** 53n - 1n), 2n ** 53n - 1n].map((us) => Tid.fromParts(us))
  ts.sort((x, y) => x.compare(y))
  assert.deepEqual(ts.map((t) => t.micros), [-(2n ** 53n - 1n), -5n, 0n, 5n, 2n ** 53n - 1n])
  assert.equal(Xid.fromBigInt(1n).compare(Xid.fromBigInt(2n)), -1)
  assert.equal(Xid.fromBigInt(2n).compare(Xid.fromBigInt(2n)), 0)
  assert.equal(Euid.fromBigInt(2n ** 127n).compare(Euid.fromBigInt(1n)), 1)
  assert.equal(Euid.fromBigInt(7n).equals(Euid.fromBytes(Euid.fromBigInt(7n).bytes)), true)
  throwsType(() => a.equals(Xid.fromBigInt(1n)))
  throwsType(() => a.compare('3kxnlhr3gxq23'))
  throwsType(() => Xid.fromBigInt(1n).equals({}))
  assert.equal(inspect(a), 'Tid(3kxnlhr3gxq23)')
  assert.equal(inspect(Xid.fromParts(1321009871111 + 1234567, 0x3fffff)), 'Xid(1113M2EhCbG)')
  assert.equal(inspect(Euid.fromBigInt(1n)), 'Euid(000000000000000000000000041)')
  assert.equal(inspect({ t: a }), '{ t: Tid(3kxnlhr3gxq23) }')
  // Generators show their getters, not the property that refuses cloning.
  assert.equal(inspect(new EuidGenerator(7)), "EuidGenerator { extension: 7, leadMs: 0, maxLeadMs: 60000, onClockBehind: 'fail' }")
  assert.match(inspect(new XidGenerator({ node: 5, clockMicros: 1700000000000000n })), /^XidGenerator \{\s+node: 5,\s+lane: 0,\s+leadMs: 0,/)
  assert.doesNotMatch(inspect(new TidGenerator(3)), /uncloneable/)
})

test('generators: their state is private (one own key, which refuses cloning); each class refuses the others', () => {
  for (const [Gen, arg] of [[TidGenerator, 7], [EuidGenerator, 5], [XidGenerator, { node: 5, clockMicros: 1700000000000000n }]]) {
    const g = new Gen(arg)
    assert.deepEqual(Reflect.ownKeys(g), ['uncloneable'])
    assert.equal(typeof g.uncloneable, 'symbol')
    // Two generators of a class keep their own state.
    const h = new Gen(arg)
    const a = g.nextString()
    const b = g.nextString()
    assert.ok(a < b)
    assert.equal(typeof h.nextString(), 'string')
    assert.throws(() => Gen.prototype.nextString.call({}), { name: 'TypeError', code: 'INVALID_ARGUMENT' })
    assert.throws(() => Gen.prototype.nextString.call(Object.create(Gen.prototype)), TypeError)
  }
  const own = (cls, key) => Object.getOwnPropertyDescriptor(cls.prototype, key).get
  assert.throws(() => own(TidGenerator, 'clockId').call(new EuidGenerator()), { name: 'TypeError', code: 'INVALID_ARGUMENT' })
  assert.throws(() => own(XidGenerator, 'lane').call(new TidGenerator(1)), TypeError)
})

test('worker threads: the addon loads and works in several workers at once', async () => {
  const { Worker } = require('node:worker_threads')
  const src = `
    const { parentPort } = require('node:worker_threads')
    const p = require(${JSON.stringify(path.resolve(__dirname, '..'))})
    const t = new p.TidGenerator(7).next()
    parentPort.postMessage([
      p.compactIds(['E.AUTH.TOKEN.001', 'B.API.RATELIMIT.007']),
      String(p.Xid.fromParts(1321009871111 + 1234567, 0x3fffff)),
      t.clockId,
      p.Euid.generate(3).extension,
      require('node:util').inspect(p.Tid.parse('3kxnlhr3gxq23')),
    ])`
  const results = await Promise.all(
    [0, 1, 2].map(
      () =>
        new Promise((resolve, reject) => {
          const w = new Worker(src, { eval: true })
          w.once('message', resolve)
          w.once('error', reject)
        }),
    ),
  )
  for (const r of results) {
    assert.deepEqual(r, [['V6a0B', '00BVL'], '1113M2EhCbG', 7, 3, 'Tid(3kxnlhr3gxq23)'])
  }
  assert.deepEqual(p.compactIds(['E.AUTH.TOKEN.001']), ['V6a0B']) // the main thread still works
})

test('exceptions thrown by getters of the arguments propagate unchanged', () => {
  const names = {}
  Object.defineProperty(names, 'X', { enumerable: true, get: () => { throw new RangeError('names boom') } })
  assert.throws(() => p.compactId('E.A.B.X', names), { name: 'RangeError', message: 'names boom' })
  const arr = new Array(20000).fill('E.A.B.001')
  Object.defineProperty(arr, 19999, { get: () => { throw new RangeError('element boom') } })
  assert.throws(() => p.compactIds(arr), { name: 'RangeError', message: 'element boom' })
  assert.deepEqual(p.compactIds(['E.AUTH.TOKEN.001']), ['V6a0B'])
})

test('batches: a count above the core limit (10,000,000) is OUT_OF_RANGE, never an abort', () => {
  const calls = [
    (n) => p.Xid.generateMany(n),
    (n) => new p.XidGenerator().nextMany(n),
    (n) => new p.XidGenerator().nextManyStrings(n),
    (n) => new p.TidGenerator().nextMany(n),
    (n) => new p.TidGenerator().nextManyStrings(n),
    (n) => new p.EuidGenerator().nextMany(n),
    (n) => new p.EuidGenerator().nextManyStrings(n),
  ]
  for (const call of calls) {
    for (const n of [10_000_001, 1e8, 2 ** 31, 2 ** 40]) {
      const e = throwsCode(() => call(n), 'OUT_OF_RANGE')
      assert.match(e.message, /10000000/)
    }
    assert.equal(call(3).length, 3)
  }
})
