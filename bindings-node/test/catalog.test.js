'use strict'
// Catalog and EXTUUID API: JS types, errors and TypeErrors. Expected values come from docs/spec
// (compact IDs and namespace hashes), tests/vectors/README.md (the colliding pairs, the
// canonical form), RFC 8032 §7.1 TEST 1 (the Ed25519 key) and docs/extuuid.md (the demo).
const { test } = require('node:test')
const assert = require('node:assert/strict')

const p = require('..')
const { Catalog } = p

function throwsCode(fn, code, type = Error) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof type, `expected a ${type.name}, got ${e}`)
    assert.equal(e.code, code, e.message)
    assert.ok(e.message.length > 0)
    return true
  })
}

const ENTRIES = [
  {
    code: 'E.Auth.Token.001',
    message: 'token missing for {{user}} from {{ ip }}',
    description: 'The request had no token.',
    hints: ['log in again'],
    tags: ['auth', 'token'],
    docsUrl: 'https://example.invalid/V6a0B',
  },
  { code: 'W.DATABASE.CONNECTION.027', message: 'slow connection' },
]

// RFC 8032 §7.1 TEST 1.
const SECRET = Buffer.from('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60', 'hex')
const PUBLIC = 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a'

test('catalog: build, getters, ids, has, get', () => {
  const c = Catalog.build(ENTRIES)
  assert.ok(c instanceof Catalog)
  assert.equal(c.size, 2)
  assert.deepEqual(c.ids(), ['KF52S', 'V6a0B']) // docs/spec: W.DATABASE.CONNECTION.027, E.AUTH.TOKEN.001
  assert.equal(c.version, '1')
  assert.match(c.generated, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
  assert.equal(c.namespace, null)
  assert.equal(c.namespaceHash, null)
  assert.equal(c.has('V6a0B'), true)
  assert.equal(c.has('V6a0C'), false)
  assert.equal(c.has('not an id'), false)
  assert.deepEqual(c.get('V6a0B'), {
    id: 'V6a0B',
    code: 'E.AUTH.TOKEN.001',
    severity: 'E',
    message: 'token missing for {{user}} from {{ ip }}',
    description: 'The request had no token.',
    hints: ['log in again'],
    tags: ['auth', 'token'],
    fields: ['user', 'ip'],
    docsUrl: 'https://example.invalid/V6a0B',
  })
  const slow = c.get('KF52S')
  assert.equal(slow.description, undefined)
  assert.deepEqual([slow.hints, slow.tags, slow.fields], [[], [], []])
  assert.equal(c.get('35Jkp'), null)
  assert.equal(Catalog.build([]).size, 0)
  assert.deepEqual(Catalog.build([]).ids(), [])
})

test('catalog: namespaced', () => {
  const c = Catalog.build(ENTRIES, 'auth_lib')
  assert.equal(c.namespace, 'auth_lib')
  assert.equal(c.namespaceHash, '05o5h')
  assert.deepEqual(c.ids(), ['05o5h-KF52S', '05o5h-V6a0B'])
  assert.equal(c.has('05o5h-V6a0B'), true)
  assert.equal(c.has('V6a0B'), true) // the bare compact ID
  assert.equal(c.has('oFN7q-V6a0B'), false)
  assert.equal(c.expand('V6a0B', { user: 'a', ip: 'b' }).id, '05o5h-V6a0B')
  assert.deepEqual(Catalog.build(ENTRIES, null).ids(), ['KF52S', 'V6a0B'])
  throwsCode(() => Catalog.build(ENTRIES, 'Bad'), 'INVALID_NAMESPACE')
})

test('catalog: expand and field values', () => {
  const c = Catalog.build(ENTRIES)
  assert.deepEqual(c.expand('V6a0B', { user: 'ada', ip: '10.0.0.1' }), {
    id: 'V6a0B',
    code: 'E.AUTH.TOKEN.001',
    severity: 'E',
    message: 'token missing for ada from 10.0.0.1',
  })
  assert.equal(c.expand('KF52S').message, 'slow connection')
  assert.equal(c.expand('KF52S', null).message, 'slow connection')
  // Non-string values: their JSON text; a bigint is a JSON integer, also inside a list or an
  // object (Python's int gives the same text), and OUT_OF_RANGE beyond 64 bits, as in Python.
  const m = (f) => c.expand('V6a0B', f).message
  assert.equal(m({ user: 12, ip: true }), 'token missing for 12 from true')
  assert.equal(m({ user: null, ip: 2n ** 64n - 1n }), 'token missing for null from 18446744073709551615')
  assert.equal(m({ user: { n: 2n ** 60n }, ip: [-(2n ** 63n)] }),
    'token missing for {"n":1152921504606846976} from [-9223372036854775808]')
  throwsCode(() => m({ user: 'a', ip: 2n ** 70n }), 'OUT_OF_RANGE')
  let e
  try { m({ user: 'a', ip: 2n ** 70n }) } catch (x) { e = x }
  assert.equal(e.message, 'field value: 1180591620717411303424 is out of range -9223372036854775808..=18446744073709551615')
  assert.deepEqual([e.found, e.min, e.max], [2n ** 70n, -(2n ** 63n), 2n ** 64n - 1n])
  // A payload or catalog object: the same integers.
  assert.equal(c.expandPayload({ V6a0B: { f: { user: 3n, ip: { a: 2n ** 63n } } } })[0].message,
    'token missing for 3 from {"a":9223372036854775808}')
  // What JSON.stringify would turn into null or leave out is refused, as in Python: NaN and
  // the infinities (INVALID_ARGUMENT, Python's message), functions and symbols (TypeError).
  for (const [bad, shown] of [[NaN, 'NaN'], [Infinity, 'inf'], [-Infinity, '-inf']]) {
    for (const f of [{ user: bad, ip: 1 }, { user: 'a', ip: [1, { x: bad }] }]) {
      let err
      try { m(f) } catch (x) { err = x }
      assert.equal(err?.code, 'INVALID_ARGUMENT')
      assert.equal(err.message, `field value: ${shown} has no JSON form`)
    }
  }
  // A Map is an object at any level (as a Python mapping is a dict); a Set, which
  // JSON.stringify writes as {}, and a Map key that is not a string are TypeErrors.
  assert.equal(m({ user: new Map([['b', 1], ['a', new Map([['c', 2n]])]]), ip: 1 }),
    'token missing for {"a":{"c":2},"b":1} from 1')
  throwsCode(() => m({ user: new Set([1]), ip: 1 }), 'INVALID_ARGUMENT', TypeError)
  throwsCode(() => m({ user: new Map([[1, 'a']]), ip: 1 }), 'INVALID_ARGUMENT', TypeError)
  throwsCode(() => m(new Map([['user', 'a'], [2, 'b']])), 'INVALID_ARGUMENT', TypeError)
  throwsCode(() => m({ user: 'a', ip: [() => 1] }), 'INVALID_ARGUMENT', TypeError)
  throwsCode(() => m({ user: 'a', ip: Symbol('s') }), 'INVALID_ARGUMENT', TypeError)
  throwsCode(() => c.expandPayload({ V6a0B: { f: { user: NaN, ip: 1 } } }), 'INVALID_ARGUMENT')
  // A field value nests at most 64 levels (docs/spec §1.4), checked before JSON.stringify
  // goes deeper: 100,000 levels are INVALID_ARGUMENT, not a RangeError.
  const nest = (n, x) => { for (let i = 0; i < n; i++) x = [x]; return x }
  assert.equal(m({ user: nest(64, []), ip: 1 }), `token missing for ${'['.repeat(65)}${']'.repeat(65)} from 1`)
  for (const deep of [nest(65, 1), nest(64, { k: 1 }), nest(100000, 1)]) {
    let err
    try { m({ user: deep, ip: 1 }) } catch (x) { err = x }
    assert.equal(err?.code, 'INVALID_ARGUMENT')
    assert.equal(err.message, 'field value: nested more than 64 levels')
  }
  throwsCode(() => c.expandPayload({ V6a0B: { f: { user: nest(65, 1), ip: 1 } } }), 'INVALID_ARGUMENT')
  throwsCode(() => c.expandPayload({ V6a0B: { f: { user: nest(100000, 1), ip: 1 } } }), 'INVALID_ARGUMENT')
  throwsCode(() => Catalog.load({ v: '1', wd: nest(100000, 1) }), 'INVALID_ARGUMENT')
  // A string or key that holds the layer's stand-in for a bigint stays as it is.
  // The second stand-in starts with a longer run of U+0000 than any string holds.
  const mark = '\u0000polyid bigint\u0000'
  assert.equal(m({ user: { [mark]: mark }, ip: 5n }),
    `token missing for {"\\u0000polyid bigint\\u0000":"\\u0000polyid bigint\\u0000"} from 5`)
  assert.equal(m({ user: [mark, '\u0000\u0000polyid bigint', 6n], ip: 5n }),
    `token missing for ["\\u0000polyid bigint\\u0000","\\u0000\\u0000polyid bigint",6] from 5`)
  assert.equal(m({ user: { a: [1, 'x'] }, ip: 1.5 }), 'token missing for {"a":[1,"x"]} from 1.5')
  throwsCode(() => c.expand('V6a0B', { user: 'ada' }), 'MISSING_FIELD')
  throwsCode(() => c.expand('V6a0B', { user: 'ada', ip: undefined }), 'MISSING_FIELD')
  throwsCode(() => c.expand('V6a0B'), 'MISSING_FIELD')
  throwsCode(() => c.expand('35Jkp'), 'NOT_FOUND')
  throwsCode(() => c.expand('V6a0'), 'NOT_FOUND')
  throwsCode(() => c.expand('V6a0B', ['ada']), 'INVALID_ARGUMENT', TypeError)
  throwsCode(() => c.expand('V6a0B', 'user=ada'), 'INVALID_ARGUMENT', TypeError)
  throwsCode(() => c.expand(5), 'INVALID_ARGUMENT', TypeError)
  // A throwing getter propagates as it is.
  const bad = { user: 'a', get ip() { throw new RangeError('boom') } }
  assert.throws(() => c.expand('V6a0B', bad), RangeError)
})

test('catalog: expandPayload', () => {
  const c = Catalog.build(ENTRIES)
  const out = c.expandPayload('{"V6a0B": {"f": {"user": "ada", "ip": 7}}, "KF52S": {}}')
  out.sort((a, b) => (a.id < b.id ? -1 : 1))
  assert.deepEqual(out, [
    { id: 'KF52S', code: 'W.DATABASE.CONNECTION.027', severity: 'W', message: 'slow connection' },
    { id: 'V6a0B', code: 'E.AUTH.TOKEN.001', severity: 'E', message: 'token missing for ada from 7' },
  ])
  assert.deepEqual(c.expandPayload('{}'), [])
  throwsCode(() => c.expandPayload('[]'), 'INVALID_ARGUMENT')
  throwsCode(() => c.expandPayload('{"KF52S": {"f": 2}}'), 'INVALID_ARGUMENT')
  throwsCode(() => c.expandPayload('{"35Jkp": {}}'), 'NOT_FOUND')
  throwsCode(() => c.expandPayload('{"V6a0B": {}}'), 'MISSING_FIELD')
})

test('catalog: JSON forms round-trip; canonical bytes', () => {
  const c = Catalog.build(ENTRIES, 'auth_lib')
  for (const form of ['full', 'compact', 'minimal']) {
    const back = Catalog.load(c.toJson(form))
    assert.deepEqual(back.ids(), c.ids(), form)
    assert.equal(back.namespaceHash, '05o5h', form)
  }
  assert.equal(c.toJson(), c.toJson('full'))
  assert.ok('diags' in JSON.parse(c.toJson('full')))
  assert.ok('wd' in JSON.parse(c.toJson('compact')))
  // Full and compact keep everything the signature covers.
  assert.deepEqual(Catalog.load(c.toJson('compact')).canonicalBytes(), c.canonicalBytes())
  assert.deepEqual(Catalog.load(c.toJson('full')).canonicalBytes(), c.canonicalBytes())
  // The core's FromStr for Form: the same message in every runtime.
  throwsCode(() => c.toJson('pretty'), 'INVALID_ARGUMENT')
  assert.throws(() => c.toJson('pretty'), {
    code: 'INVALID_ARGUMENT',
    message: "catalog form: \"pretty\" is not 'full', 'compact' or 'minimal'",
  })
  throwsCode(() => c.toJson(1), 'INVALID_ARGUMENT', TypeError)
  // tests/vectors/README.md: sorted keys, no whitespace, `g` only for a generation time.
  const min = Catalog.load('{"AcAGP": ["E.AUTH.TOKEN.003", "third"], "0yRgf": ["W.CACHE.DATA.018", "cache"]}')
  const bytes = min.canonicalBytes()
  assert.ok(Buffer.isBuffer(bytes))
  assert.equal(
    bytes.toString('utf8'),
    '{"v":"1","wd":{"0yRgf":{"c":"W.CACHE.DATA.018","m":"cache","s":"W"},"AcAGP":{"c":"E.AUTH.TOKEN.003","m":"third","s":"E"}}}',
  )
  assert.equal(min.generated, '')
})

test('catalog: load errors', () => {
  throwsCode(() => Catalog.load('{'), 'INVALID_CATALOG')
  throwsCode(() => Catalog.load('[]'), 'INVALID_CATALOG')
  throwsCode(() => Catalog.load('{"V6a0B": ["E.AUTH.TOKEN"]}'), 'INVALID_CATALOG')
  throwsCode(() => Catalog.load('{"V6a0B": ["E.AUTH.TOKEN.002", "m"]}'), 'TAMPERED')
  throwsCode(() => Catalog.load(null), 'INVALID_ARGUMENT', TypeError)
})

test('catalog: build errors', () => {
  throwsCode(
    () => Catalog.build([{ code: 'E.Auth.Token.001', message: 'm' }, { code: 'e.auth.token.001', message: 'm' }]),
    'DUPLICATE_CODE',
  )
  // tests/vectors/README.md: C.AUTH.READ.974 and S.AUTH.READ.898 share xv0cV.
  assert.throws(
    () => Catalog.build([{ code: 'C.AUTH.READ.974', message: 'm' }, { code: 'S.AUTH.READ.898', message: 'm' }]),
    (e) => e.code === 'COLLISION' && e.message.includes('xv0cV'),
  )
  throwsCode(() => Catalog.build([{ code: 'E.AUTH.TOKEN', message: 'm' }]), 'INVALID_FORMAT')
  throwsCode(() => Catalog.build('x'), 'INVALID_ARGUMENT', TypeError)
  throwsCode(() => Catalog.build([null]), 'INVALID_ARGUMENT', TypeError)
  throwsCode(() => Catalog.build([{ code: 'E.A.B.001' }]), 'INVALID_ARGUMENT', TypeError)
  throwsCode(() => Catalog.build([{ code: 1, message: 'm' }]), 'INVALID_ARGUMENT', TypeError)
  throwsCode(() => Catalog.build([{ code: 'E.A.B.001', message: 'm', hints: 'h' }]), 'INVALID_ARGUMENT', TypeError)
  throwsCode(() => Catalog.build([{ code: 'E.A.B.001', message: 'm', tags: [1] }]), 'INVALID_ARGUMENT', TypeError)
  throwsCode(() => Catalog.build([{ code: 'E.A.B.001', message: 'm', docsUrl: 1 }]), 'INVALID_ARGUMENT', TypeError)
  throwsCode(() => Catalog.build(ENTRIES, 5), 'INVALID_ARGUMENT', TypeError)
})

test('catalog: collisions and the birthday bound', () => {
  assert.deepEqual(
    Catalog.collisions(['C.AUTH.READ.974', 'E.A.B.001', 'S.AUTH.READ.898', 'c.auth.read.974']),
    [{ id: 'xv0cV', codes: ['C.AUTH.READ.974', 'S.AUTH.READ.898'] }],
  )
  assert.deepEqual(Catalog.collisions([]), [])
  throwsCode(() => Catalog.collisions(['E.A.B']), 'INVALID_FORMAT')
  throwsCode(() => Catalog.collisions(['E.A.B.001', 5]), 'INVALID_ARGUMENT', TypeError)
  assert.equal(Catalog.expectedCollisions(2), 1 / 916132832)
  assert.ok(Catalog.expectedCollisions(0n) === 0)
  assert.ok(Catalog.collisionProbability(0) === 0)
  assert.ok(Math.abs(Catalog.collisionProbability(35640) - 0.5) < 0.01)
  throwsCode(() => Catalog.expectedCollisions(-1), 'OUT_OF_RANGE')
})

test('catalog: Ed25519 signatures (RFC 8032 key)', () => {
  const c = Catalog.build(ENTRIES)
  const kp = Catalog.keyPairFromSecret(SECRET)
  assert.equal(kp.publicKey.toString('hex'), PUBLIC)
  assert.deepEqual(kp.secretKey, SECRET)
  const sig = c.sign(SECRET)
  assert.ok(Buffer.isBuffer(sig))
  assert.equal(sig.length, 64)
  assert.deepEqual(c.sign(new Uint8Array(SECRET)), sig) // deterministic; any Uint8Array
  assert.equal(c.verify(kp.publicKey, sig), undefined)
  // Reformatting keeps the signature valid; a changed message does not.
  Catalog.load(JSON.stringify(JSON.parse(c.toJson('compact')), null, 2)).verify(kp.publicKey, sig)
  Catalog.load(c.toJson('full')).verify(kp.publicKey, sig)
  const changed = Catalog.build([{ ...ENTRIES[0], message: 'other' }, ENTRIES[1]])
  throwsCode(() => changed.verify(kp.publicKey, sig), 'INVALID_SIGNATURE')
  const flipped = Buffer.from(sig)
  flipped[0] ^= 1
  throwsCode(() => c.verify(kp.publicKey, flipped), 'INVALID_SIGNATURE')
  throwsCode(() => c.verify(kp.publicKey, sig.subarray(0, 63)), 'INVALID_SIGNATURE')
  throwsCode(() => c.verify(Buffer.alloc(31), sig), 'INVALID_SIGNATURE')
  throwsCode(() => c.sign(Buffer.alloc(31)), 'INVALID_LENGTH')
  throwsCode(() => Catalog.keyPairFromSecret(Buffer.alloc(33)), 'INVALID_LENGTH')
  throwsCode(() => c.sign('secret'), 'INVALID_ARGUMENT', TypeError)
  const fresh = Catalog.generateKeyPair()
  assert.equal(fresh.secretKey.length, 32)
  assert.equal(fresh.publicKey.length, 32)
  assert.notDeepEqual(fresh.secretKey, Catalog.generateKeyPair().secretKey)
  assert.deepEqual(Catalog.keyPairFromSecret(fresh.secretKey).publicKey, fresh.publicKey)
  c.verify(fresh.publicKey, c.sign(fresh.secretKey))
})

test('catalog: no constructor; receivers are checked', () => {
  assert.throws(() => new Catalog())
  const get = Object.getOwnPropertyDescriptor(Catalog.prototype, 'size').get
  assert.throws(() => get.call(p.Xid.fromParts(1700000000000, 1)), TypeError)
  assert.throws(() => Catalog.prototype.ids.call({}))
})

// ---------------------------------------------------------------------------------------------
test('extuuid: encode, decode (docs/extuuid.md demo)', () => {
  assert.equal(p.extuuidEncode('fixedB4:GBP$:222.31'), '49083027-d200-8000-8000-00000021ebfc')
  assert.equal(p.extuuidEncode('extuuid:fixedB4:GBP$:222.31'), '49083027-d200-8000-8000-00000021ebfc')
  assert.equal(p.extuuidDecode('49083027-D200-8000-8000-00000021EBFC'), 'extuuid:fixedB4:GBP$:222.31')
  throwsCode(() => p.extuuidEncode('extuuid:money:GBP'), 'INVALID_FORMAT')
  throwsCode(() => p.extuuidDecode('0147ab1c-7400-4000-8000-000000000000'), 'NOT_UUID_V8')
  throwsCode(() => p.extuuidDecode('c0000000-0000-8000-8000-000000000000'), 'RESERVED_TYPE')
  throwsCode(() => p.extuuidEncode(42), 'INVALID_ARGUMENT', TypeError)
  throwsCode(() => p.extuuidDecode(undefined), 'INVALID_ARGUMENT', TypeError)
})

test('extuuid: inspect types (integers bigint, floats number)', () => {
  assert.deepEqual(p.extuuidInspect('extuuid:fixedB4:GBP$:222.31'), {
    kind: 'fixed',
    uuid: '49083027-d200-8000-8000-00000021ebfc',
    text: 'extuuid:fixedB4:GBP$:222.31',
    scheme: 'B',
    name: 'GBP$',
    places: 4n,
    amount: 2223100n,
  })
  // A float that is an integer stays a number; an integer field is a bigint even when small.
  const q = p.extuuidInspect('q:1*kg*m2/s2')
  assert.equal(typeof q.value, 'number')
  assert.equal(q.value, 1)
  assert.equal(q.context, 0n)
  assert.equal(q.unit, 'm2*kg/s2')
  assert.deepEqual(p.extuuidInspect('f:-12'), {
    kind: 'float',
    uuid: '94000000-0000-8000-8000-000000030002',
    text: 'extuuid:f:-12',
    negative: true,
    mantissa: 3n,
    exponent: 2n,
  })
  const v = p.extuuidInspect('int/2*16:42:-32767,32767')
  assert.deepEqual([v.signed, v.bits, v.context, v.values], [true, 16n, 42n, [-32767n, 32767n]])
  const g = p.extuuidInspect('f/2*8*4:12345:1.5,-0.125')
  assert.deepEqual([g.n, g.bits, g.exponentBits, g.context, g.elements], [2n, 8n, 4n, 12345n, [116n, 72n]])
  assert.equal(p.extuuidInspect('f80:PI$$:1').pattern, 302222231531620438900736n)
  const f = p.extuuidInspect('f32x3:7:1.5,-2.25,0.1')
  assert.deepEqual([f.format, f.context, f.values], ['f32x3', 7n, [1.5, -2.25, 0.10000000149011612]])
  assert.equal(p.extuuidInspect('f64:GRAVITY.:9.80665').context, 'GRAVITY.')
  assert.equal(
    p.extuuidInspect('83ffffff-ffff-8fff-bfff-ffffffffffff').value,
    83076749736557242056487941267521535n,
  )
  assert.equal(p.extuuidInspect('int:-42').value, -42n)
  throwsCode(() => p.extuuidInspect('0147ab1c-7400-4000-8000-000000000000'), 'NOT_UUID_V8')
  throwsCode(() => p.extuuidInspect({}), 'INVALID_ARGUMENT', TypeError)
})

test('ESM entry exports Catalog and the extuuid functions', async () => {
  const m = await import('../index.mjs')
  assert.equal(m.Catalog, Catalog)
  assert.equal(m.extuuidEncode, p.extuuidEncode)
  assert.equal(m.extuuidDecode, p.extuuidDecode)
  assert.equal(m.extuuidInspect, p.extuuidInspect)
})

test('ERROR_CODES: the catalog and EXTUUID codes; the ErrorCode type lists exactly ERROR_CODES', () => {
  for (const c of [
    'NOT_FOUND', 'MISSING_FIELD', 'COLLISION', 'DUPLICATE_CODE', 'INVALID_CATALOG', 'TAMPERED',
    'INVALID_SIGNATURE', 'NOT_UUID_V8', 'RESERVED_TYPE', 'RESERVED_BITS', 'UNSUPPORTED_SCHEME',
    'INVALID_UNIT',
  ]) {
    assert.ok(p.ERROR_CODES.includes(c), c)
  }
  const dts = require('node:fs').readFileSync(require.resolve('../index.d.ts'), 'utf8')
  const union = dts.match(/export type ErrorCode =([^;]*?)\n\n/)[1]
  const declared = [...union.matchAll(/'([A-Z0-9_]+)'/g)].map((m) => m[1])
  assert.deepEqual([...declared].sort(), [...p.ERROR_CODES].sort())
})
