#!/usr/bin/env node
'use strict'
// Leak check: calls every entry point of the package CALLS times (default 1,000,000) — every
// function, class static, constructor, method and getter, and the error path of every one
// that can throw — and prints the RSS growth of each and in total, after a full GC, split into
// the V8 heap's capacity and the rest ("native"), with the growth of the live JS heap
// ("used"). Fails (exit 1) when the native or used growth of one entry point or of their sum
// exceeds LEAK_LIMIT_MB (default 5). RSS growth that is V8 reserving heap pages (it raises its
// heap capacity in steps under allocation pressure, and keeps it) is shown, not failed: with
// the live heap flat it holds no leaked object.
//
// Every entry point is first warmed up (see `main`); the growth is measured over the CALLS
// calls that follow. An entry point whose growth is over the limit is measured again over a
// second round of CALLS calls, and that second round decides (see `measure`). Calls run in
// chunks of CHUNK with a turn of the event loop in between, so that Node runs the finalizers
// of the objects they dropped, and a full GC every GC_EVERY calls.
//
//   node --expose-gc tools/leaks.js            # make node-leaks
//   LEAK_CALLS=100000 node --expose-gc tools/leaks.js
//   node --expose-gc tools/leaks.js '^Catalog'  # only the entry points whose name matches
//
// With BENCH_MD set (`make node-leaks-write`, tools/bench_section.py), the result is also
// appended to that file as Markdown: the section `bench:node-leaks` of the README.
//
// Nothing is computed here: the inputs are fixed values from docs/spec and the vectors.

const p = require('..')
const { Catalog, Xid, XidGenerator, Tid, TidGenerator, Euid, EuidGenerator } = p

const INSPECT = Symbol.for('nodejs.util.inspect.custom')

// ---------------------------------------------------------------------------------------------
// Inputs

const CODES = Array.from({ length: 100 }, (_, i) => `E.AUTH.TOKEN.${String(i + 1).padStart(3, '0')}`)
const CODES_JOINED = CODES.join('\n')
const OUT = Buffer.alloc(5 * CODES.length)
const NAMES = { RATE_LIMITED: 42 }
const xid = Xid.fromParts(1700000000000, 4660)
const tid = Tid.fromParts(1721407246480310n, 1)
const euid = Euid.fromParts(1700000000000, 255, 0, 0x0123456789abcdefn)
const date = new Date(1700000000000)
const euidBytes = euid.bytes
const tidGen = new TidGenerator(5)
const euidGen = new EuidGenerator(42)
// Generators on manual clocks (a node on the real clock would be claimed on the host). The
// clocks stand at the current time: the calls move them forward, under the lead bound.
const NOW_US = BigInt(Date.now()) * 1000n
const xidGen = new XidGenerator({ node: 5, clockMicros: NOW_US })
const manualTidGen = new TidGenerator(null, { node: 7, clockMicros: NOW_US })
const manualEuidGen = new EuidGenerator(null, { seed: 1, clockMicros: NOW_US })
// Monotonic clock readings for setClockMicros (each call moves the clock on a microsecond).
let clockStep = NOW_US
const nextMicros = () => (clockStep += 1n)
const ENTRIES = [
  {
    code: 'E.Auth.Token.001',
    message: 'token missing for {{user}} ({{n}})',
    description: 'd',
    hints: ['h'],
    tags: ['t'],
    docsUrl: 'https://example.invalid',
  },
  { code: 'W.DATABASE.CONNECTION.027', message: 'slow connection' },
]
const catalog = Catalog.build(ENTRIES, 'auth_lib')
const catalogJson = catalog.toJson('compact')
const SECRET = Buffer.from('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60', 'hex')
const PUBLIC = Catalog.keyPairFromSecret(SECRET).publicKey
const SIGNATURE = catalog.sign(SECRET)
const BAD_SIGNATURE = Buffer.from(SIGNATURE)
BAD_SIGNATURE[0] ^= 1
const FIELDS = { user: 'ada', n: 12 }

// ---------------------------------------------------------------------------------------------
// Cases: [name, fn, throws]. Names: `fn`, `Class.static`, `new Class`, `Class#member`;
// error paths end in ` !throws`.

const cases = []
const ok = (name, fn) => cases.push({ name, fn, throws: false })
const bad = (name, fn) => cases.push({ name: `${name} !throws`, fn, throws: true })

// WDP
ok('compactId', () => p.compactId('E.Auth.Token.001'))
bad('compactId', () => p.compactId('E.Auth.Token'))
ok('compactIds', () => p.compactIds(CODES))
bad('compactIds', () => p.compactIds(['E.A.B.001', 'E.A.B']))
ok('compactIdsJoined', () => p.compactIdsJoined(CODES_JOINED))
bad('compactIdsJoined', () => p.compactIdsJoined('E.A.B.001\nE.A.B'))
ok('compactIdsInto', () => p.compactIdsInto(CODES, OUT))
bad('compactIdsInto', () => p.compactIdsInto(CODES, OUT.subarray(1)))
ok('normalizeCode', () => p.normalizeCode(' e.api.quota.RATE_LIMITED ', NAMES))
bad('normalizeCode', () => p.normalizeCode('E.A.B.RATE_LIMITED'))
ok('parseCode', () => p.parseCode('E.Auth.Token.001'))
bad('parseCode', () => p.parseCode('X.Auth.Token.001'))
ok('namespaceHash', () => p.namespaceHash('auth_lib'))
bad('namespaceHash', () => p.namespaceHash('Auth'))
ok('fullId', () => p.fullId('auth_lib', 'E.Auth.Token.001'))
bad('fullId', () => p.fullId('auth_lib', 'E.Auth'))
ok('parseFullId', () => p.parseFullId('05o5h-V6a0B'))
bad('parseFullId', () => p.parseFullId('05o5h_V6a0B'))
// uid11
ok('uid11Encode', () => p.uid11Encode(18446744073709551615n))
bad('uid11Encode', () => p.uid11Encode(-1))
ok('uid11Decode', () => p.uid11Decode('jpXCZedGfVQ'))
bad('uid11Decode', () => p.uid11Decode('jpXCZedGfVR'))
ok('uid11PrefixRange', () => p.uid11PrefixRange('i'))
bad('uid11PrefixRange', () => p.uid11PrefixRange('0'))
// xid
ok('Xid.generate', () => Xid.generate())
ok('Xid.generateMany', () => Xid.generateMany(10))
bad('Xid.generateMany', () => Xid.generateMany(-1))
ok('Xid.generateString', () => Xid.generateString())
ok('Xid.fromParts', () => Xid.fromParts(1700000000000, 4660))
bad('Xid.fromParts', () => Xid.fromParts(0, 0))
ok('Xid.fromDate', () => Xid.fromDate(date, 1))
bad('Xid.fromDate', () => Xid.fromDate(new Date(0)))
ok('Xid.parse', () => Xid.parse('4h1dcciS8r7'))
bad('Xid.parse', () => Xid.parse('4h1dcciS8r'))
ok('Xid.fromBigInt', () => Xid.fromBigInt(5n))
bad('Xid.fromBigInt', () => Xid.fromBigInt(-5n))
ok('Xid.from', () => Xid.from({ type: 'Xid', text: '4h1dcciS8r7' }))
bad('Xid.from', () => Xid.from({ type: 'Xid', text: '4h1dcciS8r' }))
ok('Xid#value', () => xid.value)
ok('Xid#unixMs', () => xid.unixMs)
ok('Xid#random', () => xid.random)
ok('Xid#toDate', () => xid.toDate())
ok('Xid#equals', () => xid.equals(xid))
bad('Xid#equals', () => xid.equals(tid))
ok('Xid#compare', () => xid.compare(xid))
bad('Xid#compare', () => xid.compare(null))
ok('Xid#toString', () => xid.toString())
ok('Xid#toJSON', () => xid.toJSON())
ok('Xid#[inspect]', () => xid[INSPECT]())
ok('new XidGenerator', () => new XidGenerator({ seed: 3n, clockMicros: NOW_US }))
bad('new XidGenerator', () => new XidGenerator({ node: 960 }))
ok('XidGenerator.resume', () => XidGenerator.resume(xid, { node: 5, clockMicros: NOW_US }))
bad('XidGenerator.resume', () => XidGenerator.resume('4h1dcciS8r', { node: 5, clockMicros: NOW_US }))
ok('XidGenerator#node', () => xidGen.node)
ok('XidGenerator#lane', () => xidGen.lane)
ok('XidGenerator#leadMs', () => xidGen.leadMs)
ok('XidGenerator#maxLeadMs', () => xidGen.maxLeadMs)
ok('XidGenerator#onClockBehind', () => xidGen.onClockBehind)
ok('XidGenerator#setClockMicros', () => xidGen.setClockMicros(nextMicros()))
bad('XidGenerator#setClockMicros', () => xidGen.setClockMicros(2n ** 63n))
ok('XidGenerator#next', () => xidGen.next())
ok('XidGenerator#nextString', () => xidGen.nextString())
ok('XidGenerator#nextMany', () => xidGen.nextMany(10))
bad('XidGenerator#nextMany', () => xidGen.nextMany(-1))
ok('XidGenerator#nextManyStrings', () => xidGen.nextManyStrings(10))
bad('XidGenerator#nextManyStrings', () => xidGen.nextManyStrings(1.5))
ok('xidPrefixRange', () => p.xidPrefixRange('113'))
bad('xidPrefixRange', () => p.xidPrefixRange('0'))
// TID
ok('Tid.generate', () => Tid.generate())
ok('Tid.generateString', () => Tid.generateString())
ok('Tid.fromParts', () => Tid.fromParts(1721407246480310n, 1))
bad('Tid.fromParts', () => Tid.fromParts(1n, 1024))
ok('Tid.fromDate', () => Tid.fromDate(date, 3))
bad('Tid.fromDate', () => Tid.fromDate(date, -1))
ok('Tid.parse', () => Tid.parse('3kxn-lhr-3gxq-23'))
bad('Tid.parse', () => Tid.parse('3kxn-lhr-3gxq-2!'))
ok('Tid.fromBigInt', () => Tid.fromBigInt(5n))
bad('Tid.fromBigInt', () => Tid.fromBigInt(2n ** 64n))
ok('Tid.from', () => Tid.from({ type: 'Tid', text: '3kxnlhr3gxq23' }))
bad('Tid.from', () => Tid.from({ type: 'Tid', text: '3kxnlhr3gxq2' }))
ok('Tid#micros', () => tid.micros)
ok('Tid#clockId', () => tid.clockId)
ok('Tid#value', () => tid.value)
ok('Tid#display', () => tid.display())
ok('Tid#toDate', () => tid.toDate())
ok('Tid#equals', () => tid.equals(tid))
bad('Tid#equals', () => tid.equals(xid))
ok('Tid#compare', () => tid.compare(tid))
bad('Tid#compare', () => tid.compare({}))
ok('Tid#toString', () => tid.toString())
ok('Tid#toJSON', () => tid.toJSON())
ok('Tid#[inspect]', () => tid[INSPECT]())
ok('tidPrefixRange', () => p.tidPrefixRange('3kxn'))
bad('tidPrefixRange', () => p.tidPrefixRange('3kxn!'))
ok('new TidGenerator', () => new TidGenerator())
bad('new TidGenerator', () => new TidGenerator(1024))
ok('TidGenerator.resume', () => TidGenerator.resume(tid, 1, { clockMicros: NOW_US }))
bad('TidGenerator.resume', () => TidGenerator.resume(tid, 1, { node: 1 }))
ok('TidGenerator#clockId', () => tidGen.clockId)
ok('TidGenerator#node', () => manualTidGen.node)
ok('TidGenerator#leadMs', () => manualTidGen.leadMs)
ok('TidGenerator#maxLeadMs', () => manualTidGen.maxLeadMs)
ok('TidGenerator#onClockBehind', () => manualTidGen.onClockBehind)
ok('TidGenerator#setClockMicros', () => manualTidGen.setClockMicros(nextMicros()))
bad('TidGenerator#setClockMicros', () => tidGen.setClockMicros(0))
ok('TidGenerator#next', () => tidGen.next())
ok('TidGenerator#nextString', () => tidGen.nextString())
ok('TidGenerator#nextMany', () => tidGen.nextMany(10))
bad('TidGenerator#nextMany', () => tidGen.nextMany(-1))
ok('TidGenerator#nextManyStrings', () => tidGen.nextManyStrings(10))
bad('TidGenerator#nextManyStrings', () => tidGen.nextManyStrings(1.5))
// EUID
ok('Euid.generate', () => Euid.generate(7))
bad('Euid.generate', () => Euid.generate(32768))
ok('Euid.generateString', () => Euid.generateString())
bad('Euid.generateString', () => Euid.generateString(-1))
ok('Euid.fromParts', () => Euid.fromParts(1700000000000, 255, 0, 0x0123456789abcdefn))
bad('Euid.fromParts', () => Euid.fromParts(2 ** 45, null))
ok('Euid.fromDate', () => Euid.fromDate(date, 3))
bad('Euid.fromDate', () => Euid.fromDate(date, 40000))
ok('Euid.parse', () => Euid.parse('1HF7YAT0007ZG0938NKRKAYDXXB'))
bad('Euid.parse', () => Euid.parse('1HF7YAT0007ZG0938NKRKAYDXXC'))
ok('Euid.fromBigInt', () => Euid.fromBigInt(0x623f40921824bb0052fddf828ca352aan))
bad('Euid.fromBigInt', () => Euid.fromBigInt(2n ** 128n))
ok('Euid.fromBytes', () => Euid.fromBytes(euidBytes))
bad('Euid.fromBytes', () => Euid.fromBytes(euidBytes.subarray(1)))
ok('Euid.from', () => Euid.from({ type: 'Euid', text: '1HF7YAT0007ZG0938NKRKAYDXXB' }))
bad('Euid.from', () => Euid.from({ type: 'Euid', text: '1HF7YAT0007ZG0938NKRKAYDXXC' }))
ok('Euid#value', () => euid.value)
ok('Euid#bytes', () => euid.bytes)
ok('Euid#unixMs', () => euid.unixMs)
ok('Euid#extension', () => euid.extension)
ok('Euid#padding', () => euid.padding)
ok('Euid#checkmod', () => euid.checkmod)
ok('Euid#encode', () => euid.encode(false))
bad('Euid#encode', () => euid.encode('yes'))
ok('Euid#next', () => euid.next())
ok('Euid#toDate', () => euid.toDate())
ok('Euid#equals', () => euid.equals(euid))
bad('Euid#equals', () => euid.equals(xid))
ok('Euid#compare', () => euid.compare(euid))
bad('Euid#compare', () => euid.compare(1))
ok('Euid#toString', () => euid.toString())
ok('Euid#toJSON', () => euid.toJSON())
ok('Euid#[inspect]', () => euid[INSPECT]())
ok('new EuidGenerator', () => new EuidGenerator(42))
bad('new EuidGenerator', () => new EuidGenerator(32768))
ok('EuidGenerator.resume', () => EuidGenerator.resume(euid, 255, { clockMicros: NOW_US }))
bad('EuidGenerator.resume', () => EuidGenerator.resume(euid, null, { onClockBehind: 'later' }))
ok('EuidGenerator#extension', () => euidGen.extension)
ok('EuidGenerator#leadMs', () => manualEuidGen.leadMs)
ok('EuidGenerator#maxLeadMs', () => manualEuidGen.maxLeadMs)
ok('EuidGenerator#onClockBehind', () => manualEuidGen.onClockBehind)
ok('EuidGenerator#setClockMicros', () => manualEuidGen.setClockMicros(nextMicros()))
bad('EuidGenerator#setClockMicros', () => euidGen.setClockMicros(0))
ok('EuidGenerator#next', () => euidGen.next())
ok('EuidGenerator#nextString', () => euidGen.nextString())
ok('EuidGenerator#nextMany', () => euidGen.nextMany(10))
bad('EuidGenerator#nextMany', () => euidGen.nextMany(-1))
ok('EuidGenerator#nextManyStrings', () => euidGen.nextManyStrings(10))
bad('EuidGenerator#nextManyStrings', () => euidGen.nextManyStrings('10'))
// The process node (set to the value it has, which no generator of this process contradicts)
ok('setNode', () => p.setNode(p.node()))
bad('setNode', () => p.setNode(960))
ok('node', () => p.node())
ok('setNodeRequired', () => p.setNodeRequired(false))
ok('nodeRequired', () => p.nodeRequired())
// EXTUUID
ok('extuuidEncode', () => p.extuuidEncode('fixedB4:GBP$:222.31'))
bad('extuuidEncode', () => p.extuuidEncode('extuuid:money:GBP'))
ok('extuuidDecode', () => p.extuuidDecode('49083027-d200-8000-8000-00000021ebfc'))
bad('extuuidDecode', () => p.extuuidDecode('0147ab1c-7400-4000-8000-000000000000'))
ok('extuuidInspect', () => p.extuuidInspect('f/2*8*4:12345:1.5,-0.125'))
bad('extuuidInspect', () => p.extuuidInspect('c0000000-0000-8000-8000-000000000000'))
// The SQL engine extensions' paths (a file lookup; make sql-build or the platform package)
ok('sqlitePath', () => p.sqlitePath())
ok('duckdbPath', () => p.duckdbPath())
ok('postgresSqlPath', () => p.postgresSqlPath())
// Catalogs
ok('Catalog.build', () => Catalog.build(ENTRIES, 'auth_lib'))
bad('Catalog.build', () =>
  Catalog.build([{ code: 'C.AUTH.READ.974', message: 'm' }, { code: 'S.AUTH.READ.898', message: 'm' }]),
)
ok('Catalog.load', () => Catalog.load(catalogJson))
bad('Catalog.load', () => Catalog.load('{"V6a0B": ["E.AUTH.TOKEN.002", "m"]}'))
ok('Catalog.collisions', () => Catalog.collisions(['C.AUTH.READ.974', 'S.AUTH.READ.898', 'E.A.B.001']))
bad('Catalog.collisions', () => Catalog.collisions(['E.A.B']))
ok('Catalog.expectedCollisions', () => Catalog.expectedCollisions(1000))
bad('Catalog.expectedCollisions', () => Catalog.expectedCollisions(-1))
ok('Catalog.collisionProbability', () => Catalog.collisionProbability(1000n))
bad('Catalog.collisionProbability', () => Catalog.collisionProbability(-1n))
ok('Catalog.generateKeyPair', () => Catalog.generateKeyPair())
ok('Catalog.keyPairFromSecret', () => Catalog.keyPairFromSecret(SECRET))
bad('Catalog.keyPairFromSecret', () => Catalog.keyPairFromSecret(SECRET.subarray(1)))
ok('Catalog#size', () => catalog.size)
ok('Catalog#version', () => catalog.version)
ok('Catalog#generated', () => catalog.generated)
ok('Catalog#namespace', () => catalog.namespace)
ok('Catalog#namespaceHash', () => catalog.namespaceHash)
ok('Catalog#has', () => catalog.has('V6a0B'))
ok('Catalog#ids', () => catalog.ids())
ok('Catalog#free', () => Catalog.load(JSON.stringify({ V6a0B: ['E.AUTH.TOKEN.001', 'token'] })).free())
ok('Catalog#get', () => catalog.get('05o5h-V6a0B'))
ok('Catalog#expand', () => catalog.expand('V6a0B', FIELDS))
bad('Catalog#expand', () => catalog.expand('V6a0B', { user: 'ada' }))
ok('Catalog#expandPayload', () => catalog.expandPayload('{"V6a0B": {"f": {"user": "a", "n": 1}}, "KF52S": {}}'))
bad('Catalog#expandPayload', () => catalog.expandPayload('{"35Jkp": {}}'))
ok('Catalog#toJson', () => catalog.toJson('full'))
bad('Catalog#toJson', () => catalog.toJson('pretty'))
ok('Catalog#canonicalBytes', () => catalog.canonicalBytes())
ok('Catalog#sign', () => catalog.sign(SECRET))
bad('Catalog#sign', () => catalog.sign(SECRET.subarray(1)))
ok('Catalog#verify', () => catalog.verify(PUBLIC, SIGNATURE))
bad('Catalog#verify', () => catalog.verify(PUBLIC, BAD_SIGNATURE))
ok('Catalog#[inspect]', () => catalog[INSPECT]())

// ---------------------------------------------------------------------------------------------
// Coverage: every export, static, prototype member and inspect hook has a case.

/** The package's entry points, named like the cases. */
function entryPoints() {
  const names = []
  for (const k of Object.keys(p)) {
    const v = p[k]
    if (typeof v !== 'function') continue
    if (!/^[A-Z]/.test(k)) {
      names.push(k)
      continue
    }
    const statics = Object.getOwnPropertyNames(v).filter(
      (n) => !['length', 'name', 'prototype', 'arguments', 'caller'].includes(n),
    )
    for (const s of statics) names.push(`${k}.${s}`)
    if (/Generator$/.test(k)) names.push(`new ${k}`)
    // Members of the class and of what it inherits (the generators share a base class).
    const members = new Set()
    for (let proto = v.prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
      for (const m of Object.getOwnPropertyNames(proto)) if (m !== 'constructor') members.add(m)
    }
    for (const m of members) names.push(`${k}#${m}`)
    if (Object.getOwnPropertySymbols(v.prototype).includes(INSPECT)) names.push(`${k}#[inspect]`)
  }
  return names
}

/** Entry points with no case. */
function missing() {
  const have = new Set(cases.map((c) => c.name.replace(/ !throws$/, '')))
  return entryPoints().filter((n) => !have.has(n))
}

// ---------------------------------------------------------------------------------------------
// Measuring

const tick = () => new Promise((resolve) => setImmediate(resolve))
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Full GCs, with turns of the event loop between them so that finalizers run, and a pause for
 * V8's background threads to sweep and unmap the pages that the GCs freed.
 */
async function collect() {
  for (let i = 0; i < 3; i++) {
    global.gc()
    await tick()
  }
  await sleep(50)
  global.gc()
  await sleep(50)
}

const CHUNK = 1000
const GC_EVERY = 10_000

/**
 * `n` calls of case `c`, in chunks with a turn of the event loop between them, so that
 * finalizers that Node defers (napi_wrap'd objects) run as they would in an application
 * (with larger chunks, the native memory of 10,000 dropped catalogs waiting for their
 * finalizers made the allocator's high-water mark, not a leak, show as growth).
 */
async function runCalls(c, n) {
  const fn = c.fn
  for (let done = 0; done < n; ) {
    const m = Math.min(CHUNK, n - done)
    if (c.throws) {
      for (let i = 0; i < m; i++) {
        try {
          fn()
        } catch {}
      }
    } else {
      for (let i = 0; i < m; i++) fn()
    }
    done += m
    // A full GC every GC_EVERY calls: the native memory of dropped objects (catalogs) is freed
    // by finalizers after a major GC, which V8 otherwise starts only when the external memory
    // it was told about has grown by far more than the limit. Without it, how much is waiting
    // at the moment of measuring would vary from run to run by more than the limit, with no
    // leak (twice the calls do not grow twice as much).
    if (done % GC_EVERY === 0) global.gc()
    await tick()
  }
}

/** Checks once that an error case throws a polyid error (or a TypeError) and an ok case does not. */
function checkCase(c) {
  if (!c.throws) {
    c.fn()
    return
  }
  try {
    c.fn()
  } catch (e) {
    if (!(e instanceof Error) || typeof e.code !== 'string') {
      throw new Error(`${c.name}: threw a non-polyid error: ${e}`)
    }
    return
  }
  throw new Error(`${c.name}: did not throw`)
}

const MB = 1024 * 1024
const fmt = (bytes) => `${bytes >= 0 ? '+' : ''}${(bytes / MB).toFixed(2)}`
const KEYS = ['rss', 'capacity', 'native', 'used']

/** The growth of one round of `n` calls of case `c`, from a collected heap to a collected heap. */
async function round(c, n) {
  await collect()
  const before = process.memoryUsage()
  const t0 = process.hrtime.bigint()
  await runCalls(c, n)
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9
  await collect()
  return { seconds, ...growth(before, process.memoryUsage()) }
}

/**
 * The growth of case `c` over `calls` calls: one round, or two when the first is over the
 * limit, the second deciding. An entry point that allocates and frees a lot (Catalog.load
 * parses and builds a catalog per call) can move the allocator's working set: malloc keeps
 * the pages that fragmentation left partly used, so RSS rises over the first round after the
 * warm-up and then stays flat however many more calls follow. A leak keeps what each call
 * allocated, so it grows the same in every round of the same size: a second equal round
 * tells them apart, and a real leak fails in both. The first round is kept in the row
 * (`first`) and printed.
 */
async function measure(c, calls, limit) {
  const first = await round(c, calls)
  if (first.native <= limit && first.used <= limit) return { name: c.name, ...first }
  const second = await round(c, calls)
  return { name: c.name, ...second, seconds: first.seconds + second.seconds, first }
}

async function main() {
  if (typeof global.gc !== 'function') {
    console.error('run with node --expose-gc')
    process.exit(2)
  }
  const calls = Number(process.env.LEAK_CALLS ?? 1_000_000)
  const limitMb = Number(process.env.LEAK_LIMIT_MB ?? 5)
  const filter = process.argv[2]
  const gaps = missing()
  if (gaps.length) {
    console.error(`entry points without a leak case: ${gaps.join(', ')}`)
    process.exit(1)
  }
  const re = filter ? new RegExp(filter) : null
  const selected = re ? cases.filter((c) => re.test(c.name)) : cases
  for (const c of selected) checkCase(c)
  // Errors are thrown without a captured stack (the native path is the same; V8's stack
  // capture would only make the run several times longer). LEAK_STACK=1 keeps stacks.
  if (process.env.LEAK_STACK !== '1') Error.stackTraceLimit = 0
  // Warm-up, a share of the calls of every entry point, then as many again right before it is
  // measured: code, caches, the V8 heap and malloc's arenas reach their steady state, so that
  // the growth measured is what the calls keep, not a high-water mark.
  const started = process.hrtime.bigint()
  const warm = Math.max(1, Math.floor(calls / 20))
  for (const c of selected) await runCalls(c, warm)
  await collect()
  const start = process.memoryUsage()
  const rows = []
  const limit = limitMb * MB
  for (const c of selected) {
    await runCalls(c, warm)
    const row = await measure(c, calls, limit)
    rows.push(row)
    if (row.first) console.log(line({ ...row.first, name: `${c.name} (first round)` }))
    console.log(line(row))
  }
  await collect()
  // The total: the sum over the entry points of what their measured calls kept (the deciding
  // round of each). The end-to-end figure (from after the first warm-up to the end, so also
  // over the warm-ups, first rounds and GCs between the measurements) is printed too.
  const total = { name: 'total (sum)', rss: 0, capacity: 0, native: 0, used: 0 }
  for (const r of rows) for (const k of KEYS) total[k] += r[k]
  const endToEnd = { name: 'end to end', ...growth(start, process.memoryUsage()) }
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9
  const bad = (r) => r.native > limit || r.used > limit
  const over = rows.filter(bad)
  const pass = over.length === 0 && !bad(total)
  const most = (key) => rows.reduce((a, b) => (b[key] > a[key] ? b : a))
  const rssMax = most('rss')
  const nativeMax = most('native')
  const again = rows.filter((r) => r.first)
  console.log(line(total))
  console.log(line(endToEnd))
  console.log(
    `leaks: ${pass ? 'PASS' : 'FAIL'}: ${rows.length} entry points x ${calls.toLocaleString('en-US')} calls; ` +
      `RSS growth total ${fmt(total.rss)} MB (V8 heap capacity ${fmt(total.capacity)}, native ${fmt(total.native)}, ` +
      `V8 heap used ${fmt(total.used)}); largest RSS growth ${rssMax.name} ${fmt(rssMax.rss)} MB, ` +
      `largest native ${nativeMax.name} ${fmt(nativeMax.native)} MB; end to end RSS ${fmt(endToEnd.rss)} MB; ` +
      `${again.length} measured twice; limit ${limitMb} MB native and used; ${elapsed.toFixed(1)} s`,
  )
  if (!pass) for (const r of over) console.log(`  over the limit: ${line(r)}`)
  if (process.env.BENCH_MD) {
    const md = markdown({ rows, total, endToEnd, again, over, pass, calls, limitMb, elapsed, filter })
    require('node:fs').appendFileSync(process.env.BENCH_MD, md)
  }
  if (!pass) process.exit(1)
}

/** The result as Markdown, for the README section that `make node-leaks-write` writes. */
function markdown({ rows, total, endToEnd, again, over, pass, calls, limitMb, elapsed, filter }) {
  const mb = (bytes) => fmt(bytes)
  const row = (label, r) => `| ${label} | ${mb(r.rss)} | ${mb(r.capacity)} | ${mb(r.native)} | ${mb(r.used)} |`
  const top = (key, n) => [...rows].sort((a, b) => b[key] - a[key]).slice(0, n)
  const env = calls === 1_000_000 ? '' : `LEAK_CALLS=${calls} `
  const out = [
    `\`${env}node --expose-gc tools/leaks.js${filter ? ` '${filter}'` : ''}\`: ` +
      `${rows.length} entry points x ${calls.toLocaleString('en-US')} calls, ` +
      `limit ${limitMb} MB of native or V8 heap used growth per entry point and in their sum: ` +
      `**${pass ? 'PASS' : 'FAIL'}** (${elapsed.toFixed(0)} s).`,
    '',
    '| growth after a full GC, MB | RSS | V8 heap capacity | native | V8 heap used |',
    '|---|--:|--:|--:|--:|',
    row('total (sum over the entry points)', total),
    row('end to end (warm-ups included)', endToEnd),
    ...top('native', 5).map((r) => row(`largest native: \`${r.name}\``, r)),
    ...top('used', 3).map((r) => row(`largest V8 heap used: \`${r.name}\``, r)),
    ...top('rss', 1).map((r) => row(`largest RSS: \`${r.name}\``, r)),
  ]
  out.push('')
  if (again.length) {
    out.push(
      'Measured twice (first round over the limit; the second round decides): ' +
        again.map((r) => `\`${r.name}\` native ${mb(r.first.native)} then ${mb(r.native)} MB, ` +
          `V8 heap used ${mb(r.first.used)} then ${mb(r.used)} MB`).join('; ') + '.',
    )
  } else {
    out.push('Measured twice: none (no first round over the limit).')
  }
  if (over.length) {
    out.push('', 'Over the limit: ' + over.map((r) => `\`${r.name}\``).join(', ') + '.')
  }
  return out.join('\n') + '\n'
}

/**
 * Growth between two `process.memoryUsage()` readings: `rss`; `capacity`, the V8 heap's
 * reserved size (`heapTotal`), which V8 raises in steps under allocation pressure and keeps;
 * `native`, RSS growth not explained by that (native memory: a Rust or napi leak shows
 * here); `used`, live JS objects after a full GC (objects kept alive by leaked references).
 */
function growth(a, b) {
  const rss = b.rss - a.rss
  const capacity = b.heapTotal - a.heapTotal
  return { rss, capacity, native: rss - capacity, used: b.heapUsed - a.heapUsed }
}

function line(r) {
  const t = r.seconds === undefined ? '' : `${r.seconds.toFixed(2).padStart(7)} s`
  return (
    `${r.name.padEnd(38)} RSS ${fmt(r.rss).padStart(7)} MB  native ${fmt(r.native).padStart(7)}  ` +
    `V8 capacity ${fmt(r.capacity).padStart(7)}  used ${fmt(r.used).padStart(6)}  ${t}`
  )
}

module.exports = { cases, entryPoints, missing }

if (require.main === module) {
  main().catch((e) => {
    console.error(e)
    process.exit(1)
  })
}
