// Same behaviour as the native Node package (bindings-node, npm `polyid`), when it is built:
// every shared vector case and a list of argument errors give the same results, the same error
// classes and codes, and the same messages (this binding writes the core's messages in
// JavaScript, see src/error.rs; this test keeps them identical).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import { nodeAll, readVectors, ROOT } from './helpers.mjs';
import { casesOf, run } from './vector-ops.mjs';

const wasm = nodeAll(); // the three entries: IDs, catalog, EXTUUID
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
    const { name, code, message, index, character, found, expected, item } = e;
    return JSON.stringify({ name, code, message, index, character, found, expected, item });
  }
}

const EXTRA = {
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
