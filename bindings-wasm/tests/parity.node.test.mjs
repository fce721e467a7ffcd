// Same behaviour as the native Node package (bindings-node, npm `polyid`), when it is built:
// every shared vector case and a list of argument errors give the same results, the same error
// classes and codes, and the same messages (this binding writes the core's messages in
// JavaScript, see src/error.rs; this test keeps them identical).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import { nodeAll, nodeBuild, readVectors, ROOT } from './helpers.mjs';
import { casesOf, run } from '../../bindings-js/test/vector-ops.mjs';

// The entries: IDs with profiles (polyid-wasm/profiles: the ID-only entry's API and the
// profile option), catalog, EXTUUID.
const wasm = { ...nodeAll(), ...nodeBuild('profiles') };
let native = null;
let why = '';
try {
  native = createRequire(import.meta.url)(join(ROOT, 'bindings-node'));
} catch (e) {
  why = `the native Node package is not built (make node-build): ${e.message.split('\n')[0]}`;
}

const big = (_k, v) => (typeof v === 'bigint' ? `${v}n` : v instanceof Uint8Array ? Buffer.from(v).toString('hex') : v);

/** What a call did: its JSON result, or the thrown error's class, code, message and details. */
function outcome(f) {
  try {
    return JSON.stringify(f(), big);
  } catch (e) {
    const { name, code, message, index, character, found, expected, min, max, item } = e;
    return JSON.stringify({ name, code, message, index, character, found, expected, min, max, item }, big);
  }
}

const EXTRA = {
  // Profiles (docs/spec §1.5, §3.5, §4.4): results and errors of both engines agree.
  'Tid.parse atproto': (p) => p.Tid.parse('3kxnlhr3gxq23', { profile: 'atproto' }).micros,
  'Tid.parse atproto display': (p) => p.Tid.parse('3kxn-lhr-3gxq-23', { profile: 'atproto' }),
  'Tid.parse atproto c': (p) => p.Tid.parse('ckxnlhr3gxq23', { profile: 'atproto' }),
  'Tid.parse euid profile': (p) => p.Tid.parse('3kxnlhr3gxq23', { profile: 'euid' }),
  'Tid.parse unknown profile': (p) => p.Tid.parse('3kxnlhr3gxq23', { profile: 'bluesky' }),
  'Tid.parse profile 1': (p) => p.Tid.parse('3kxnlhr3gxq23', { profile: 1 }),
  'Euid.parse euid': (p) => p.Euid.parse('C8ZMi4GR4JXGoMQXVYl8S8TJNA6', { profile: 'euid' }).value,
  'Euid.parse euid checkmod': (p) => p.Euid.parse('C8ZM14GR4JXG0MQXVY18S8TJNA7', { profile: 'euid' }),
  'compactId waddling': (p) => p.compactId('E.Auth.Token.MISSING', null, { profile: 'waddling' }),
  'compactId waddling names': (p) => p.compactId('E.A.B.RATE', { RATE: 9 }, { profile: 'waddling' }),
  'compactId polyid names': (p) => p.compactId('E.A.B.RATE', { RATE: 9 }, { profile: 'polyid' }),
  'namespaceHash waddling': (p) => p.namespaceHash('Auth-Lib', { profile: 'waddling' }),
  'fullId waddling': (p) => p.fullId('auth_lib', 'E.Auth.Token.001', null, { profile: 'waddling' }),
  'parseFullId waddling bare': (p) => p.parseFullId('V6a0B', { profile: 'waddling' }),
  'parseFullId waddling short': (p) => p.parseFullId('V6a0', { profile: 'waddling' }),
  'compactId(5)': (p) => p.compactId(5),
  'compactId(null)': (p) => p.compactId(null),
  'compactId(code, [])': (p) => p.compactId('E.A.B.001', []),
  'compactId(code, {X: "1"})': (p) => p.compactId('E.A.B.X', { X: '1' }),
  'compactId(code, {X: 70000})': (p) => p.compactId('E.A.B.X', { X: 70000 }),
  'compactId(code, {"a\\tb": 5})': (p) => p.compactId('E.A.B.001', { 'a\tb': 5 }),
  'compactId(control char)': (p) => p.compactId('E.A\u0001.B.001'),
  'compactId(combining mark)': (p) => p.compactId('E.A.B\u0301.001'),
  'compactId(emoji)': (p) => p.compactId('E.\u{1F600}.B.001'),
  'compactId(zero width joiner)': (p) => p.compactId('E.A\u200d.B.001'),
  'compactId(name with quote)': (p) => p.compactId('E.A.B.X"Y'),
  'compactIds(["E.A.B.001", 7])': (p) => p.compactIds(['E.A.B.001', 7]),
  'compactIds(["E.A.B.001", "Q.A.B.001"])': (p) => p.compactIds(['E.A.B.001', 'Q.A.B.001']),
  'uid11Encode(1.5)': (p) => p.uid11Encode(1.5),
  'uid11Encode(NaN)': (p) => p.uid11Encode(NaN),
  'uid11Encode(Infinity)': (p) => p.uid11Encode(-Infinity),
  'uid11Encode(1e-7)': (p) => p.uid11Encode(1e-7),
  'uid11Encode(2**60)': (p) => p.uid11Encode(2 ** 60),
  'uid11Encode(1e21)': (p) => p.uid11Encode(1e21),
  'uid11Encode(-1n)': (p) => p.uid11Encode(-1n),
  'uid11Encode(2n**130n)': (p) => p.uid11Encode(2n ** 130n),
  'uid11Encode(2n**127n)': (p) => p.uid11Encode(2n ** 127n),
  'uid11Encode("5")': (p) => p.uid11Encode('5'),
  'Xid.fromParts(0, 0)': (p) => p.Xid.fromParts(0, 0),
  'Xid.fromParts(2n**64n, 0)': (p) => p.Xid.fromParts(2n ** 64n, 0),
  'Xid.fromParts(epoch, 2**32)': (p) => p.Xid.fromParts(1321009871111, 2 ** 32),
  'Xid.fromDate(invalid)': (p) => p.Xid.fromDate(new Date(NaN)),
  'Xid.fromDate("x")': (p) => p.Xid.fromDate('x'),
  'Tid.fromParts(2n**63n, 0)': (p) => p.Tid.fromParts(2n ** 63n, 0),
  'Tid.fromParts(0, 70000)': (p) => p.Tid.fromParts(0, 70000),
  'Tid.fromParts(0, -1)': (p) => p.Tid.fromParts(0, -1),
  'Tid.fromBigInt(2n**63n)': (p) => p.Tid.fromBigInt(2n ** 63n),
  'Tid.fromBigInt(-1n)': (p) => p.Tid.fromBigInt(-1n),
  'new TidGenerator(1024)': (p) => new p.TidGenerator(1024),
  'new TidGenerator("1")': (p) => new p.TidGenerator('1'),
  'Euid.fromParts(2n**45n)': (p) => p.Euid.fromParts(2n ** 45n),
  'Euid.fromParts(2n**64n)': (p) => p.Euid.fromParts(2n ** 64n),
  'Euid.fromParts(0, 70000)': (p) => p.Euid.fromParts(0, 70000),
  'Euid.fromParts(0, null, 70000)': (p) => p.Euid.fromParts(0, null, 70000),
  'Euid.fromParts(0, null, 0, -1)': (p) => p.Euid.fromParts(0, null, 0, -1),
  'Euid.fromBigInt(-1n)': (p) => p.Euid.fromBigInt(-1n),
  'Euid.fromBytes([1])': (p) => p.Euid.fromBytes([1]),
  'Euid.fromBytes(Uint16Array)': (p) => p.Euid.fromBytes(new Uint16Array(8)),
  'Euid.fromBytes(ArrayBuffer(16))': (p) => p.Euid.fromBytes(new ArrayBuffer(16)),
  'Euid.encode(1)': (p) => p.Euid.fromBigInt(1n).encode(1),
  'new EuidGenerator(-1)': (p) => new p.EuidGenerator(-1),
  'Tid.equals(Xid)': (p) => p.Tid.fromParts(0).equals(p.Xid.fromBigInt(0n)),
  'Xid.compare({})': (p) => p.Xid.fromBigInt(0n).compare({}),
  'xidPrefixRange(5)': (p) => p.xidPrefixRange(5),
  // Generators: options, resume, manual clocks (docs/spec §6.5); the process node's errors
  // (no call here assigns a node: that is per-process state, tested in api.node.test.mjs).
  'new XidGenerator(5)': (p) => new p.XidGenerator(5),
  'new XidGenerator([])': (p) => new p.XidGenerator([]),
  'new XidGenerator({nodes: 5})': (p) => new p.XidGenerator({ nodes: 5 }),
  'new XidGenerator({"a\tb": 5})': (p) => new p.XidGenerator({ 'a\tb': 5 }),
  'new XidGenerator({node: "5"})': (p) => new p.XidGenerator({ node: '5' }),
  'new XidGenerator({node: 1.5})': (p) => new p.XidGenerator({ node: 1.5 }),
  'new XidGenerator({node: -1})': (p) => new p.XidGenerator({ node: -1 }),
  'new XidGenerator({node: 960})': (p) => new p.XidGenerator({ node: 960 }),
  'new XidGenerator({node: 2n**64n})': (p) => new p.XidGenerator({ node: 2n ** 64n }),
  'new XidGenerator({node: 2n**200n})': (p) => new p.XidGenerator({ node: 2n ** 200n }),
  'new XidGenerator({seed: -1})': (p) => new p.XidGenerator({ seed: -1 }),
  'new XidGenerator({seed: 2**53})': (p) => new p.XidGenerator({ seed: 2 ** 53 }),
  'new XidGenerator({seed: 2n**64n})': (p) => new p.XidGenerator({ seed: 2n ** 64n }),
  'new XidGenerator({maxLeadMs: 86400001})': (p) => new p.XidGenerator({ maxLeadMs: 86400001 }),
  'new XidGenerator({maxLeadMs: NaN})': (p) => new p.XidGenerator({ maxLeadMs: NaN }),
  'new XidGenerator({onClockBehind: "Wait"})': (p) => new p.XidGenerator({ onClockBehind: 'Wait' }),
  'new XidGenerator({onClockBehind: "a\"b\t\u0301"})': (p) => new p.XidGenerator({ onClockBehind: 'a"b\t\u0301' }),
  'new XidGenerator({onClockBehind: 1})': (p) => new p.XidGenerator({ onClockBehind: 1 }),
  'new XidGenerator({clockMicros: "1"})': (p) => new p.XidGenerator({ clockMicros: '1' }),
  'new XidGenerator({clockMicros: 2n**63n})': (p) => new p.XidGenerator({ clockMicros: 2n ** 63n }),
  'new TidGenerator(3, {node: 1})': (p) => new p.TidGenerator(3, { node: 1 }),
  'new TidGenerator(null, {clockId: 5})': (p) => new p.TidGenerator(null, { clockId: 5 }),
  'new TidGenerator(null, {node: 1000})': (p) => new p.TidGenerator(null, { node: 1000 }),
  'new EuidGenerator(null, {node: 1})': (p) => new p.EuidGenerator(null, { node: 1 }),
  'new EuidGenerator(null, {onClockBehind: "sleep"})': (p) => new p.EuidGenerator(null, { onClockBehind: 'sleep' }),
  'XidGenerator.resume(5)': (p) => p.XidGenerator.resume(5),
  'XidGenerator.resume(Tid)': (p) => p.XidGenerator.resume(p.Tid.fromParts(0)),
  'XidGenerator.resume("abc", {node: 1})': (p) => p.XidGenerator.resume('abc', { node: 1 }),
  'TidGenerator.resume("3kxn-lhr-3gxq-2!")': (p) => p.TidGenerator.resume('3kxn-lhr-3gxq-2!'),
  'TidGenerator.resume(tid, 1024)': (p) => p.TidGenerator.resume('3kxnlhr3gxq23', 1024),
  'EuidGenerator.resume("x")': (p) => p.EuidGenerator.resume('x'),
  'setClockMicros on the real clock': (p) => new p.XidGenerator({ seed: 1 }).setClockMicros(5),
  'setClockMicros("5")': (p) => new p.TidGenerator(null, { clockMicros: 0 }).setClockMicros('5'),
  'setClockMicros(2n**63n)': (p) => new p.EuidGenerator(null, { clockMicros: 0 }).setClockMicros(2n ** 63n),
  'seeded generators and their getters': (p) => {
    const x = new p.XidGenerator({ seed: 7n, clockMicros: 1700000000000000n });
    const t = new p.TidGenerator(null, { seed: 7, maxLeadMs: 5, onClockBehind: 'wait', clockMicros: 1700000000000000n });
    const e = new p.EuidGenerator(9, { seed: 7, clockMicros: 1700000000000000n });
    const out = [x.nextManyStrings(3), x.nextString(), x.next().toString(), x.node, x.lane, x.leadMs, x.maxLeadMs, x.onClockBehind];
    out.push(t.nextManyStrings(2), t.clockId, t.node, t.maxLeadMs, t.onClockBehind);
    out.push(e.nextManyStrings(2), e.nextString(), e.extension, e.leadMs);
    e.setClockMicros(1699999999990000n);
    out.push(e.next().toString(), e.leadMs);
    return out;
  },
  'CLOCK_BEHIND (fail)': (p) => {
    const g = new p.XidGenerator({ node: 1, maxLeadMs: 0, clockMicros: 1700000000000000n });
    g.next();
    g.setClockMicros(1699999999995000n);
    return g.next();
  },
  'CLOCK_BEHIND (wait, on a manual clock)': (p) => {
    const g = new p.TidGenerator(null, { node: 1, maxLeadMs: 1, onClockBehind: 'wait', clockMicros: 1700000000000000n });
    g.next();
    g.setClockMicros(1699999999995000n);
    return g.next();
  },
  'setNode(960)': (p) => p.setNode(960),
  'setNode(-1)': (p) => p.setNode(-1),
  'setNode("1")': (p) => p.setNode('1'),
  'setNodeRequired(1)': (p) => p.setNodeRequired(1),
  'nodeRequired()': (p) => p.nodeRequired(),
  // A bad catalog form: the core's FromStr error, code and message.
  'Catalog.toJson("xml")': (p) => p.Catalog.build([]).toJson('xml'),
  'Catalog.toJson("a\"b\t\u0301")': (p) => p.Catalog.build([]).toJson('a"b\t\u0301'),
  // Clones: what the algorithm keeps, what it refuses, and `from` on good and bad clones.
  'structuredClone(Tid)': (p) => structuredClone(p.Tid.parse('3kxnlhr3gxq23')),
  'structuredClone(Euid)': (p) => structuredClone(p.Euid.fromBigInt(0x623f40921824bb0052fddf828ca352aan)),
  'structuredClone(TidGenerator)': (p) => structuredClone(new p.TidGenerator(1)),
  'structuredClone(Catalog)': (p) => structuredClone(p.Catalog.build([])),
  'Xid.from(clone)': (p) => p.Xid.from({ type: 'Xid', text: '4h1dcciS8r7' }).value,
  'Xid.from(clone, 10 symbols)': (p) => p.Xid.from({ type: 'Xid', text: '4h1dcciS8r' }),
  'Tid.from(clone, bad character)': (p) => p.Tid.from({ type: 'Tid', text: '3kxnlhr3gxq2\u0301' }),
  'Euid.from(clone, check symbol)': (p) => p.Euid.from({ type: 'Euid', text: 'C8ZM14GR4JXG0MQXVY18S8TJNA7' }),
  'Tid.from(clone of a Xid)': (p) => p.Tid.from({ type: 'Xid', text: '4h1dcciS8r7' }),
  'Xid.from(clone, another key)': (p) => p.Xid.from({ type: 'Xid', text: '4h1dcciS8r7', at: 1 }),
  'Euid.from(5)': (p) => p.Euid.from(5),
  'TidGenerator.resume(clone of a Euid)': (p) => p.TidGenerator.resume({ type: 'Euid', text: 'x' }),
};

if (!native) {
  test('parity with the native Node package', { skip: why }, () => {});
} else {
  const byFamily = {};
  for (const [family, c] of casesOf(readVectors())) (byFamily[family] ??= []).push(c);
  for (const [family, cases] of Object.entries(byFamily)) {
    test(`parity: ${family} vectors (${cases.length} cases) give what the native package gives`, () => {
      const diffs = cases
        .map((c) => [c.name, outcome(() => run(wasm, c)), outcome(() => run(native, c))])
        .filter(([, a, b]) => a !== b);
      assert.deepEqual(diffs, []);
    });
  }
  test(`parity: argument errors (${Object.keys(EXTRA).length} calls) match the native package`, () => {
    const diffs = Object.entries(EXTRA)
      .map(([name, f]) => [name, outcome(() => f(wasm)), outcome(() => f(native))])
      .filter(([, a, b]) => a !== b);
    assert.deepEqual(diffs, []);
  });
}
