'use strict'
// Generator options, node identity and clocks (docs/spec §6): XidGenerator, the options of
// TidGenerator and EuidGenerator, resume, manual clocks, the lead bound, and the process node
// (setNode, POLYID_NODE, POLYID_NODE_REQUIRED, the per-host claim), which is process-global
// state and is therefore tested in child processes. Expected values come from docs/spec.
const { test } = require('node:test')
const assert = require('node:assert/strict')
const path = require('node:path')
const { spawn, spawnSync } = require('node:child_process')

const p = require('..')
const { Xid, XidGenerator, Tid, TidGenerator, Euid, EuidGenerator } = p

const XID_EPOCH = 1321009871111n // docs/spec §2
const T0 = 1700000000000000n // a manual clock reading, microseconds
const PKG = path.resolve(__dirname, '..')

// The node the child processes below use. Nodes are claimed per host (docs/spec §6.1), and the
// test suites of the other bindings may run on the same host at the same time: each suite
// takes its own node so that they do not answer NODE_IN_USE to each other.
const NODE = 517

function throwsCode(fn, code, message) {
  let err
  try {
    fn()
  } catch (e) {
    err = e
  }
  assert.ok(err, `expected a throw with code ${code}`)
  assert.ok(err instanceof Error)
  assert.equal(err.code, code, err.message)
  if (message) assert.match(err.message, message)
  return err
}

const throwsType = (fn, message) => {
  const e = throwsCode(fn, 'INVALID_ARGUMENT', message)
  assert.ok(e instanceof TypeError, `a TypeError: ${e.message}`)
}

// ---------------------------------------------------------------------------------------------
test('options: types, ranges and policies (docs/spec §6.5, §6.6)', () => {
  // Defaults.
  const g = new XidGenerator({ clockMicros: T0 })
  assert.equal(g.maxLeadMs, 60000)
  assert.equal(g.onClockBehind, 'fail')
  assert.equal(g.leadMs, 0)
  for (const o of [undefined, null, {}, { node: null, seed: null, maxLeadMs: undefined }]) {
    assert.ok(new XidGenerator(o) instanceof XidGenerator)
  }
  const w = new TidGenerator(null, { maxLeadMs: 5, onClockBehind: 'wait', clockMicros: 0 })
  assert.deepEqual([w.maxLeadMs, w.onClockBehind], [5, 'wait'])
  assert.equal(new EuidGenerator(null, { maxLeadMs: 86400000 }).maxLeadMs, 86400000)
  // Ranges: from the core.
  for (const make of [
    (o) => new XidGenerator(o),
    (o) => new TidGenerator(null, o),
    (o) => XidGenerator.resume('4h1dcciS9ty', o),
  ]) {
    throwsCode(() => make({ node: 960 }), 'OUT_OF_RANGE', /node/)
    throwsCode(() => make({ node: -1 }), 'OUT_OF_RANGE', /node/)
    throwsCode(() => make({ maxLeadMs: 86400001 }), 'OUT_OF_RANGE', /max_lead_ms/)
    throwsCode(() => make({ onClockBehind: 'Wait' }), 'INVALID_ARGUMENT', /on_clock_behind/)
    throwsCode(() => make({ seed: -1 }), 'OUT_OF_RANGE', /seed/)
    throwsCode(() => make({ seed: 2n ** 64n }), 'OUT_OF_RANGE', /seed/)
    throwsCode(() => make({ clockMicros: 2n ** 63n }), 'OUT_OF_RANGE', /clock_micros/)
  }
  throwsCode(() => new EuidGenerator(null, { maxLeadMs: 86400001 }), 'OUT_OF_RANGE')
  throwsCode(() => new EuidGenerator(null, { onClockBehind: 'sleep' }), 'INVALID_ARGUMENT')
  // The largest seed and the ends of the clock are accepted.
  assert.ok(new XidGenerator({ seed: 2n ** 64n - 1n, clockMicros: T0 }).next() instanceof Xid)
  assert.ok(new TidGenerator(null, { clockMicros: -(2n ** 63n) }))
  assert.ok(new TidGenerator(null, { seed: Number.MAX_SAFE_INTEGER, clockMicros: 2n ** 63n - 1n }))
  // Wrong JavaScript types are TypeErrors with the shared code.
  throwsType(() => new XidGenerator(5), /options/)
  throwsType(() => new XidGenerator([]), /array/)
  throwsType(() => new XidGenerator({ nodes: 5 }), /unknown option "nodes"/)
  throwsType(() => new TidGenerator(null, { clockId: 5 }), /unknown option "clockId"/)
  throwsType(() => new XidGenerator({ node: '5' }), /node/)
  throwsType(() => new XidGenerator({ node: 1.5 }), /node/)
  throwsType(() => new XidGenerator({ seed: 2 ** 53 }), /seed: expected a safe integer/)
  throwsType(() => new XidGenerator({ maxLeadMs: NaN }), /maxLeadMs/)
  throwsType(() => new XidGenerator({ onClockBehind: 1 }), /onClockBehind/)
  throwsType(() => new XidGenerator({ clockMicros: '1' }), /clockMicros/)
  throwsType(() => new TidGenerator('1', {}))
  throwsType(() => new EuidGenerator(true, {}))
  throwsType(() => XidGenerator.resume(5, {}), /expected a Xid, a clone of one \(\{ type: "Xid", text \}\) or its text, got number/)
  throwsType(() => XidGenerator.resume(Tid.parse('3kxnlhr3gxq23')), /clone.type: expected "Xid", got "Tid"/)
  // A getter that throws propagates unchanged.
  const o = {}
  Object.defineProperty(o, 'seed', { enumerable: true, get: () => { throw new RangeError('seed boom') } })
  assert.throws(() => new XidGenerator(o), { name: 'RangeError', message: 'seed boom' })
  // Node and clock id together, a node for EUIDs: INVALID_ARGUMENT from the core.
  throwsCode(() => new TidGenerator(3, { node: 1 }), 'INVALID_ARGUMENT')
  throwsCode(() => TidGenerator.resume('3ke6kg3wk223d', 3, { node: 1 }), 'INVALID_ARGUMENT')
  throwsCode(() => new EuidGenerator(null, { node: 1 }), 'INVALID_ARGUMENT')
  throwsCode(() => new EuidGenerator(null, { node: 960 }), 'OUT_OF_RANGE')
  // The old positional forms still work.
  assert.equal(new TidGenerator(5).clockId, 5)
  assert.equal(new EuidGenerator(7).extension, 7)
  throwsCode(() => new TidGenerator(1024, {}), 'OUT_OF_RANGE')
  throwsCode(() => new EuidGenerator(32768, {}), 'OUT_OF_RANGE')
})

test('xid layout with a node: ((ms - epoch) << 22) | node << 12 | counter (docs/spec §6.2)', () => {
  const ms = 1700000000123n
  const g = new XidGenerator({ node: 5, clockMicros: ms * 1000n + 456n })
  assert.equal(g.node, 5)
  assert.equal(g.lane, 5 >> 4)
  const xs = g.nextMany(3)
  xs.push(g.next(), Xid.parse(g.nextString()), ...g.nextManyStrings(2).map(Xid.parse))
  xs.forEach((x, counter) => {
    assert.equal(x.value, ((ms - XID_EPOCH) << 22n) | (5n << 12n) | BigInt(counter))
    assert.equal(x.unixMs, Number(ms))
  })
  // Node 959 and node 0 at the top and bottom of bits 21-12.
  assert.equal(new XidGenerator({ node: 959, clockMicros: T0 }).next().random, 959 << 12)
  assert.equal(new XidGenerator({ node: 0, clockMicros: T0 }).next().random, 0)
  // A full millisecond (4,096 xids) borrows the next one.
  const full = new XidGenerator({ node: 9, clockMicros: T0 }).nextMany(4097)
  assert.equal(full[4095].random, (9 << 12) | 4095)
  assert.equal(full[4096].unixMs, full[0].unixMs + 1)
  assert.equal(full[4096].random, 9 << 12)
  // Without a node (seeded: no process node): a lane in bits 21-16.
  const s = new XidGenerator({ seed: 42n, clockMicros: T0 })
  assert.equal(s.node, null)
  assert.ok(s.lane >= 0 && s.lane < 64)
  assert.equal(s.next().random >> 16, s.lane)
})

test('TID with node 7 has clock id 39; seeded and explicit clock ids (docs/spec §6.3)', () => {
  const g = new TidGenerator(null, { node: 7, clockMicros: T0 })
  assert.deepEqual([g.clockId, g.node], [39, 7])
  const ts = [g.next(), Tid.parse(g.nextString()), ...g.nextMany(2)]
  ts.forEach((t, i) => {
    assert.equal(t.clockId, 39)
    assert.equal(t.micros, T0 + BigInt(i))
  })
  assert.equal(new TidGenerator(null, { node: 959, clockMicros: T0 }).clockId, 991)
  const s = new TidGenerator(null, { seed: 7, clockMicros: T0 })
  assert.ok(s.clockId <= 31)
  assert.equal(s.node, null)
  const e = new TidGenerator(1023, { clockMicros: T0 })
  assert.deepEqual([e.clockId, e.node], [1023, null])
  // Seeded: the same seed, options and clock readings give the same IDs.
  const a = new XidGenerator({ seed: 99n, clockMicros: T0 }).nextManyStrings(5)
  assert.deepEqual(new XidGenerator({ seed: 99, clockMicros: T0 }).nextManyStrings(5), a)
  assert.notDeepEqual(new XidGenerator({ seed: 98, clockMicros: T0 }).nextManyStrings(5), a)
  const b = new EuidGenerator(3, { seed: 1, clockMicros: T0 }).nextManyStrings(3)
  assert.deepEqual(new EuidGenerator(3, { seed: 1n, clockMicros: T0 }).nextManyStrings(3), b)
})

test('setClockMicros: moves a manual clock; INVALID_ARGUMENT on the real clock', () => {
  for (const g of [new XidGenerator(), new TidGenerator(), new TidGenerator(5), new EuidGenerator(), new EuidGenerator(1, {})]) {
    throwsCode(() => g.setClockMicros(T0), 'INVALID_ARGUMENT', /real clock/)
    assert.equal(g.leadMs, 0)
  }
  const x = new XidGenerator({ node: 1, clockMicros: T0 })
  x.next()
  x.setClockMicros(T0 + 5000n)
  assert.equal(x.next().unixMs, Number(T0 / 1000n) + 5)
  x.setClockMicros(Number(T0) + 7000) // a safe-integer number
  assert.equal(x.next().unixMs, Number(T0 / 1000n) + 7)
  const t = new TidGenerator(null, { node: 1, clockMicros: T0 })
  t.setClockMicros(T0 + 10n)
  assert.equal(t.next().micros, T0 + 10n)
  const e = new EuidGenerator(null, { clockMicros: T0 })
  e.setClockMicros(T0 + 3000n)
  assert.equal(e.next().unixMs, Number(T0 / 1000n) + 3)
  throwsType(() => x.setClockMicros('5'))
  throwsType(() => x.setClockMicros())
  throwsCode(() => x.setClockMicros(2n ** 63n), 'OUT_OF_RANGE')
})

test('lead: CLOCK_BEHIND after a step back larger than maxLeadMs (docs/spec §6.4)', () => {
  const makers = {
    xid: (o) => new XidGenerator({ node: 2, ...o }),
    tid: (o) => new TidGenerator(null, { node: 2, ...o }),
    euid: (o) => new EuidGenerator(null, o),
  }
  for (const [family, make] of Object.entries(makers)) {
    const g = make({ maxLeadMs: 50, clockMicros: T0 })
    const first = g.nextString()
    // Back 40 ms: within the bound, the IDs keep increasing and the lead shows it.
    g.setClockMicros(T0 - 40000n)
    const second = g.nextString()
    assert.ok(second > first, family)
    assert.ok(g.leadMs >= 39 && g.leadMs <= 41, `${family} lead ${g.leadMs}`)
    // Back 100 ms: the next ID would be 100 ms ahead: CLOCK_BEHIND, state unchanged.
    g.setClockMicros(T0 - 100000n)
    throwsCode(() => g.next(), 'CLOCK_BEHIND', /ahead of the clock/)
    throwsCode(() => g.nextMany(3), 'CLOCK_BEHIND')
    throwsCode(() => g.nextString(), 'CLOCK_BEHIND')
    // The clock back where it was: the generator goes on after its last ID.
    g.setClockMicros(T0)
    const third = g.nextString()
    assert.ok(third > second, family)
    // 'wait' on a manual clock that does not move fails too (docs/spec §6.4).
    const w = make({ maxLeadMs: 0, onClockBehind: 'wait', clockMicros: T0 })
    w.next()
    w.setClockMicros(T0 - 5000n)
    throwsCode(() => w.next(), 'CLOCK_BEHIND')
  }
  // A batch that alone needs more lead than allowed fails without taking anything.
  const t = new TidGenerator(null, { node: 4, maxLeadMs: 1, clockMicros: T0 })
  throwsCode(() => t.nextManyStrings(1002), 'CLOCK_BEHIND')
  assert.equal(t.next().micros, T0)
})

test('resume: never re-issues the last ID (docs/spec §6.4)', () => {
  // xid: same node, other nodes above and below, with the clock behind the last xid.
  const last = new XidGenerator({ node: 7, clockMicros: T0 }).nextMany(10)[9]
  for (const node of [6, 7, 8]) {
    const fromObj = XidGenerator.resume(last, { node, clockMicros: T0 - 20000n })
    const fromText = XidGenerator.resume(last.toString(), { node, clockMicros: T0 - 20000n })
    assert.ok(fromObj instanceof XidGenerator)
    const a = fromObj.nextMany(3)
    assert.ok(a[0].compare(last) > 0, `node ${node}`)
    assert.equal(fromObj.leadMs, node === 6 ? 21 : 20) // node 6 sorts below 7: the next ms
    assert.deepEqual(fromText.nextManyStrings(3), a.map(String))
  }
  throwsCode(() => XidGenerator.resume('4h1dcciS9t', { node: 1 }), 'INVALID_LENGTH')
  // TID: by explicit clock id or by node, object or text.
  const lt = new TidGenerator(null, { node: 9, clockMicros: T0 }).nextMany(5)[4]
  const rt = TidGenerator.resume(lt, null, { node: 9, clockMicros: T0 - 1000000n })
  assert.ok(rt instanceof TidGenerator)
  assert.equal(rt.next().micros, lt.micros + 1n)
  assert.equal(rt.leadMs, 1000)
  const rc = TidGenerator.resume(lt.toString(), 41, { clockMicros: T0 })
  assert.deepEqual([rc.next().micros, rc.clockId], [lt.micros + 1n, 41])
  throwsCode(() => TidGenerator.resume('3kxn-lhr-3gxq-2!', 1), 'INVALID_CHARACTER')
  // EUID: the next is greater, with the extension given.
  const le = new EuidGenerator(5, { seed: 4, clockMicros: T0 }).nextMany(3)[2]
  const re = EuidGenerator.resume(le, 5, { clockMicros: T0 - 5000n })
  assert.ok(re instanceof EuidGenerator)
  const ne = re.next()
  assert.ok(ne.compare(le) > 0)
  assert.equal(ne.extension, 5)
  assert.ok(EuidGenerator.resume(le.toString(), 5, { clockMicros: T0 }).next().compare(le) > 0)
  throwsCode(() => EuidGenerator.resume(le.toString().slice(1)), 'INVALID_LENGTH')
  // On the real clock: resuming from the last ID of a generator never repeats it.
  const real = new XidGenerator({ seed: 5 })
  const lr = real.nextMany(100)[99]
  assert.ok(XidGenerator.resume(lr, { seed: 5 }).next().compare(lr) > 0)
  const tr = new TidGenerator(40)
  const ltr = tr.next()
  assert.ok(TidGenerator.resume(ltr, 40).next().compare(ltr) > 0)
})

/** A property's descriptor on `proto` or a prototype it inherits from. */
function descriptor(proto, name) {
  for (let p = proto; p !== null; p = Object.getPrototypeOf(p)) {
    const d = Object.getOwnPropertyDescriptor(p, name)
    if (d) return d
  }
  return undefined
}

test('generator objects: members, statics and their receivers', () => {
  const g = new XidGenerator({ node: 3, clockMicros: T0 })
  assert.deepEqual(Object.keys(g), ['uncloneable'])
  for (const name of ['node', 'lane', 'leadMs', 'maxLeadMs', 'onClockBehind']) {
    const d = descriptor(XidGenerator.prototype, name)
    assert.equal(typeof d.get, 'function', name)
  }
  for (const Gen of [TidGenerator, EuidGenerator]) {
    for (const name of ['leadMs', 'maxLeadMs', 'onClockBehind']) {
      assert.equal(typeof descriptor(Gen.prototype, name).get, 'function')
    }
    assert.equal(typeof Gen.prototype.setClockMicros, 'function')
    assert.equal(typeof Gen.resume, 'function')
  }
  assert.equal(typeof Object.getOwnPropertyDescriptor(TidGenerator.prototype, 'node').get, 'function')
  // A resumed generator is a full generator object.
  const r = XidGenerator.resume(g.next(), { node: 3, clockMicros: T0 })
  assert.equal(Object.getPrototypeOf(r), XidGenerator.prototype)
  assert.equal(r.node, 3)
  // The members the three generators share refuse anything that is not a generator; the
  // family's own getters refuse the other families' generators.
  assert.throws(() => XidGenerator.prototype.next.call({}), TypeError)
  assert.throws(() => TidGenerator.prototype.setClockMicros.call(Object.create(TidGenerator.prototype), T0), TypeError)
  assert.throws(() => descriptor(XidGenerator.prototype, 'lane').get.call(new TidGenerator(1)), TypeError)
})

// ---------------------------------------------------------------------------------------------
// The process node, in child processes (process-global state).

/** Runs `script` (CommonJS, `p` is the package) in a child with `env` added to (or, for
 * `undefined` values, removed from) this environment; returns its JSON output. */
function child(script, env = {}) {
  const full = { ...process.env }
  delete full.POLYID_NODE
  delete full.POLYID_NODE_REQUIRED
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete full[k]
    else full[k] = v
  }
  const src = `const p = require(${JSON.stringify(PKG)});
const tryCode = (f) => { try { return f() } catch (e) { return { error: e.code } } };
process.stdout.write(JSON.stringify((() => { ${script} })()))`
  const r = spawnSync(process.execPath, ['-e', src], { env: full, encoding: 'utf8' })
  assert.equal(r.status, 0, r.stderr)
  return JSON.parse(r.stdout)
}

test('process node: POLYID_NODE, setNode/node round trip (docs/spec §6.1)', () => {
  // Without POLYID_NODE: no node; xids without one; TIDs with a random clock id 0-31.
  assert.deepEqual(
    child(`return [p.node(), p.nodeRequired(), new p.XidGenerator().node, p.Tid.generate().clockId <= 31]`),
    [null, false, null, true],
  )
  // With POLYID_NODE: node() reads it; Xid.generate() carries it in bits 21-12; Tid.generate()
  // has clock id 32 + node; generators without their own node take it.
  const withNode = child(
    `const x = p.Xid.generate(); const t = p.Tid.generate();
     const g = new p.XidGenerator(); const tg = new p.TidGenerator();
     return [p.node(), x.random >> 12, t.clockId, g.node, g.next().random >> 12, tg.node, tg.clockId,
             p.Xid.generateMany(3).map((y) => y.random >> 12)]`,
    { POLYID_NODE: String(NODE) },
  )
  assert.deepEqual(withNode, [NODE, NODE, 32 + NODE, NODE, NODE, NODE, 32 + NODE, [NODE, NODE, NODE]])
  // Leading zeros are allowed.
  assert.deepEqual(child(`return p.node()`, { POLYID_NODE: `00${NODE}` }), NODE)
  // setNode in code overrides the environment; node() reads it back; null withdraws it.
  const set = child(
    `const out = [p.node()];
     p.setNode(${NODE}); out.push(p.node());
     p.setNode(null); out.push(p.node());
     p.setNode(${NODE}); out.push(p.node(), p.Xid.generate().random >> 12);
     out.push(tryCode(() => p.setNode(${NODE + 1})));          // generators use the node now
     out.push(tryCode(() => p.setNode(${NODE})) ?? 'same');     // the same value is fine
     out.push(tryCode(() => p.setNode(960)), tryCode(() => p.setNode(-1)), tryCode(() => p.setNode('1')));
     p.setNodeRequired(true); out.push(p.nodeRequired());
     p.setNodeRequired(false); out.push(p.nodeRequired());
     return out`,
    { POLYID_NODE: '3' },
  )
  assert.deepEqual(set, [
    3, NODE, null, NODE, NODE,
    { error: 'NODE_IN_USE' }, 'same',
    { error: 'OUT_OF_RANGE' }, { error: 'OUT_OF_RANGE' }, { error: 'INVALID_ARGUMENT' },
    true, false,
  ])
  // A generator's own node wins over the process node.
  assert.deepEqual(
    child(`return new p.XidGenerator({ node: 12, clockMicros: ${T0} }).next().random >> 12`, { POLYID_NODE: String(NODE) }),
    12,
  )
})

test('process node: POLYID_NODE that does not parse fails at the first ID', () => {
  assert.deepEqual(
    child(
      `return [tryCode(() => p.Xid.generate()), tryCode(() => p.Tid.generate()), tryCode(() => p.node()),
               tryCode(() => new p.XidGenerator()), tryCode(() => new p.TidGenerator()),
               String(new p.XidGenerator({ node: 1, clockMicros: ${T0} }).next()).length,
               new p.TidGenerator(5).clockId]`,
      { POLYID_NODE: 'abc' },
    ),
    [
      { error: 'INVALID_CHARACTER' }, { error: 'INVALID_CHARACTER' }, { error: 'INVALID_CHARACTER' },
      { error: 'INVALID_CHARACTER' }, { error: 'INVALID_CHARACTER' }, 11, 5,
    ],
  )
  assert.deepEqual(child(`return tryCode(() => p.Xid.generate())`, { POLYID_NODE: '960' }), { error: 'OUT_OF_RANGE' })
  assert.deepEqual(child(`return tryCode(() => p.Xid.generate())`, { POLYID_NODE: '' }), { error: 'INVALID_LENGTH' })
})

test('process node: POLYID_NODE_REQUIRED=1 without a node gives NODE_REQUIRED', () => {
  for (const value of ['1', 'true', 'yes']) {
    assert.deepEqual(
      child(
        `return [p.nodeRequired(), tryCode(() => p.Xid.generate()), tryCode(() => p.Tid.generate()),
                 tryCode(() => new p.XidGenerator()), tryCode(() => new p.TidGenerator()),
                 // Exempt: seeded generators, explicit clock ids, EUIDs, a node of its own.
                 new p.XidGenerator({ seed: 1 }).next().toString().length,
                 new p.TidGenerator(5).next().clockId,
                 new p.TidGenerator(null, { seed: 1 }).next().clockId <= 31,
                 p.Euid.generate().toString().length,
                 new p.XidGenerator({ node: 4, clockMicros: ${T0} }).node]`,
        { POLYID_NODE_REQUIRED: value },
      ),
      [true, ...Array(4).fill({ error: 'NODE_REQUIRED' }), 11, 5, true, 27, 4],
    )
  }
  // With a node it is satisfied; setNodeRequired(true) in code does the same as the variable.
  assert.deepEqual(
    child(`return p.Xid.generate().random >> 12`, { POLYID_NODE_REQUIRED: '1', POLYID_NODE: String(NODE) }),
    NODE,
  )
  assert.deepEqual(
    child(`p.setNodeRequired(true); return [tryCode(() => new p.XidGenerator()), tryCode(() => p.Tid.generate())]`),
    [{ error: 'NODE_REQUIRED' }, { error: 'NODE_REQUIRED' }],
  )
})

test('process node: a second process on the same node gets NODE_IN_USE while the first lives', async (t) => {
  if (process.platform !== 'linux') {
    t.skip('the per-host claim is Linux-only (docs/spec §6.1)')
    return
  }
  const env = { ...process.env, POLYID_NODE: String(NODE) }
  delete env.POLYID_NODE_REQUIRED
  // The first process takes the node, says so, and lives until its stdin closes.
  const holder = spawn(
    process.execPath,
    ['-e', `const p = require(${JSON.stringify(PKG)}); p.Xid.generate(); process.stdout.write('ready\\n'); process.stdin.resume(); process.stdin.on('end', () => process.exit(0))`],
    { env, stdio: ['pipe', 'pipe', 'inherit'] },
  )
  try {
    await new Promise((resolve, reject) => {
      holder.stdout.once('data', resolve)
      holder.once('exit', (code) => reject(new Error(`holder exited with ${code}`)))
    })
    const second = child(
      `return [tryCode(() => p.Xid.generate()), tryCode(() => p.Tid.generate()), tryCode(() => p.setNode(${NODE})),
               // Another node is free; so is this one on a manual clock (not claimed: a replay).
               tryCode(() => { p.setNode(${NODE + 1}); return p.Xid.generate().random >> 12 }),
               new p.XidGenerator({ node: ${NODE}, clockMicros: ${T0} }).next().random >> 12]`,
      { POLYID_NODE: String(NODE) },
    )
    assert.deepEqual(second, [{ error: 'NODE_IN_USE' }, { error: 'NODE_IN_USE' }, { error: 'NODE_IN_USE' }, NODE + 1, NODE])
    // A generator given the node on the real clock claims it as well.
    assert.deepEqual(child(`return tryCode(() => new p.XidGenerator({ node: ${NODE} }))`), { error: 'NODE_IN_USE' })
  } finally {
    holder.stdin.end()
    await new Promise((resolve) => (holder.exitCode !== null ? resolve() : holder.once('exit', resolve)))
  }
  // Released when the first process exits.
  assert.equal(child(`return p.Xid.generate().random >> 12`, { POLYID_NODE: String(NODE) }), NODE)
})
