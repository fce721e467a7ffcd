// Generator options, node identity and clocks (docs/spec §6) in polyid-wasm: XidGenerator,
// the options of TidGenerator and EuidGenerator, resume, manual clocks, the lead bound, and
// the module instance's node (setNode; WebAssembly has no environment, so POLYID_NODE is not
// read), which is per-instance state and is therefore tested in child processes (one module
// instance each) and in Chromium. Expected values come from docs/spec.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

import { chromiumPath, inBrowser, nodeBuild, WASM_DIR } from './helpers.mjs';

const p = nodeBuild();
const { Xid, XidGenerator, Tid, TidGenerator, EuidGenerator } = p;
const XID_EPOCH = 1321009871111n; // docs/spec §2
const T0 = 1700000000000000n; // a manual clock reading, microseconds

function throwsCode(fn, code, message) {
  let err;
  try {
    fn();
  } catch (e) {
    err = e;
  }
  assert.ok(err, `expected a throw with code ${code}`);
  assert.ok(err instanceof Error, `an Error: ${err}`);
  assert.equal(err.code, code, err.message);
  if (message) assert.match(err.message, message);
  return err;
}

const throwsType = (fn, message) => {
  const e = throwsCode(fn, 'INVALID_ARGUMENT', message);
  assert.ok(e instanceof TypeError, `a TypeError: ${e.message}`);
};

test('options: types, ranges and policies (docs/spec §6.5, §6.6)', () => {
  const g = new XidGenerator({ clockMicros: T0 });
  assert.deepEqual([g.maxLeadMs, g.onClockBehind, g.leadMs], [60000, 'fail', 0]);
  for (const o of [undefined, null, {}, { node: null, seed: null, maxLeadMs: undefined }]) {
    assert.ok(new XidGenerator(o) instanceof XidGenerator);
  }
  const w = new TidGenerator(null, { maxLeadMs: 5, onClockBehind: 'wait', clockMicros: 0 });
  assert.deepEqual([w.maxLeadMs, w.onClockBehind], [5, 'wait']);
  assert.equal(new EuidGenerator(null, { maxLeadMs: 86400000 }).maxLeadMs, 86400000);
  for (const make of [
    (o) => new XidGenerator(o),
    (o) => new TidGenerator(null, o),
    (o) => XidGenerator.resume('4h1dcciS9ty', o),
  ]) {
    throwsCode(() => make({ node: 960 }), 'OUT_OF_RANGE', /node/);
    throwsCode(() => make({ node: -1 }), 'OUT_OF_RANGE', /node/);
    throwsCode(() => make({ maxLeadMs: 86400001 }), 'OUT_OF_RANGE', /max_lead_ms/);
    throwsCode(() => make({ onClockBehind: 'Wait' }), 'INVALID_ARGUMENT', /on_clock_behind/);
    throwsCode(() => make({ seed: -1 }), 'OUT_OF_RANGE', /seed/);
    throwsCode(() => make({ seed: 2n ** 64n }), 'OUT_OF_RANGE', /seed/);
    throwsCode(() => make({ clockMicros: 2n ** 63n }), 'OUT_OF_RANGE', /clock_micros/);
  }
  throwsCode(() => new EuidGenerator(null, { maxLeadMs: 86400001 }), 'OUT_OF_RANGE');
  throwsCode(() => new EuidGenerator(null, { onClockBehind: 'sleep' }), 'INVALID_ARGUMENT');
  assert.ok(new XidGenerator({ seed: 2n ** 64n - 1n, clockMicros: T0 }).next() instanceof Xid);
  assert.ok(new TidGenerator(null, { clockMicros: -(2n ** 63n) }));
  throwsType(() => new XidGenerator(5), /options/);
  throwsType(() => new XidGenerator([]), /array/);
  throwsType(() => new XidGenerator({ nodes: 5 }), /unknown option "nodes"/);
  throwsType(() => new TidGenerator(null, { clockId: 5 }), /unknown option "clockId"/);
  throwsType(() => new XidGenerator({ node: '5' }), /node/);
  throwsType(() => new XidGenerator({ seed: 2 ** 53 }), /seed: expected a safe integer/);
  throwsType(() => new XidGenerator({ onClockBehind: 1 }), /onClockBehind/);
  throwsType(() => new XidGenerator({ clockMicros: '1' }), /clockMicros/);
  throwsType(() => XidGenerator.resume(5, {}), /expected a Xid, a clone of one \(\{ type: "Xid", text \}\) or its text, got number/);
  throwsCode(() => new TidGenerator(3, { node: 1 }), 'INVALID_ARGUMENT');
  throwsCode(() => new EuidGenerator(null, { node: 1 }), 'INVALID_ARGUMENT');
  // The old positional forms still work.
  assert.equal(new TidGenerator(5).clockId, 5);
  assert.equal(new EuidGenerator(7).extension, 7);
  throwsCode(() => new TidGenerator(1024, {}), 'OUT_OF_RANGE');
});

test('xid layout with a node: ((ms - epoch) << 22) | node << 12 | counter (docs/spec §6.2)', () => {
  const ms = 1700000000123n;
  const g = new XidGenerator({ node: 5, clockMicros: ms * 1000n + 456n });
  assert.deepEqual([g.node, g.lane], [5, 0]);
  const xs = [...g.nextMany(3), g.next(), Xid.parse(g.nextString()), ...g.nextManyStrings(2).map((s) => Xid.parse(s))];
  xs.forEach((x, counter) => {
    assert.equal(x.value, ((ms - XID_EPOCH) << 22n) | (5n << 12n) | BigInt(counter));
  });
  assert.equal(new XidGenerator({ node: 959, clockMicros: T0 }).next().random, 959 << 12);
  const full = new XidGenerator({ node: 9, clockMicros: T0 }).nextMany(4097);
  assert.equal(full[4096].unixMs, full[0].unixMs + 1);
  assert.equal(full[4096].random, 9 << 12);
  const s = new XidGenerator({ seed: 42n, clockMicros: T0 });
  assert.equal(s.node, null);
  assert.equal(s.next().random >> 16, s.lane);
});

test('TID with node 7 has clock id 39 (docs/spec §6.3)', () => {
  const g = new TidGenerator(null, { node: 7, clockMicros: T0 });
  assert.deepEqual([g.clockId, g.node], [39, 7]);
  const ts = [g.next(), Tid.parse(g.nextString()), ...g.nextMany(2)];
  ts.forEach((t, i) => assert.deepEqual([t.clockId, t.micros], [39, T0 + BigInt(i)]));
  assert.equal(new TidGenerator(null, { node: 959, clockMicros: T0 }).clockId, 991);
  const e = new TidGenerator(1023, { clockMicros: T0 });
  assert.deepEqual([e.clockId, e.node], [1023, null]);
});

test('setClockMicros: moves a manual clock; INVALID_ARGUMENT on the real clock', () => {
  for (const g of [new XidGenerator(), new TidGenerator(), new TidGenerator(5), new EuidGenerator(1, {})]) {
    throwsCode(() => g.setClockMicros(T0), 'INVALID_ARGUMENT', /real clock/);
  }
  const x = new XidGenerator({ node: 1, clockMicros: T0 });
  x.next();
  x.setClockMicros(T0 + 5000n);
  assert.equal(x.next().unixMs, Number(T0 / 1000n) + 5);
  x.setClockMicros(Number(T0) + 7000);
  assert.equal(x.next().unixMs, Number(T0 / 1000n) + 7);
  throwsType(() => x.setClockMicros('5'));
  throwsCode(() => x.setClockMicros(2n ** 63n), 'OUT_OF_RANGE');
});

test('lead: CLOCK_BEHIND after a step back larger than maxLeadMs; "wait" cannot sleep here', () => {
  const makers = {
    xid: (o) => new XidGenerator({ node: 2, ...o }),
    tid: (o) => new TidGenerator(null, { node: 2, ...o }),
    euid: (o) => new EuidGenerator(null, o),
  };
  for (const [family, make] of Object.entries(makers)) {
    const g = make({ maxLeadMs: 50, clockMicros: T0 });
    const first = g.nextString();
    g.setClockMicros(T0 - 40000n);
    const second = g.nextString();
    assert.ok(second > first, family);
    assert.ok(g.leadMs >= 39 && g.leadMs <= 41, `${family} lead ${g.leadMs}`);
    g.setClockMicros(T0 - 100000n);
    throwsCode(() => g.next(), 'CLOCK_BEHIND', /ahead of the clock/);
    throwsCode(() => g.nextMany(3), 'CLOCK_BEHIND');
    g.setClockMicros(T0);
    assert.ok(g.nextString() > second, family);
    // WebAssembly cannot sleep: 'wait' fails as 'fail' does (docs/spec §6.4), on the real
    // clock too.
    const w = make({ maxLeadMs: 0, onClockBehind: 'wait', clockMicros: T0 });
    w.next();
    w.setClockMicros(T0 - 5000n);
    throwsCode(() => w.next(), 'CLOCK_BEHIND');
  }
  const real = new XidGenerator({ node: 3, maxLeadMs: 0, onClockBehind: 'wait' });
  throwsCode(() => real.nextMany(5000), 'CLOCK_BEHIND'); // more than a millisecond holds
  const t = new TidGenerator(null, { node: 4, maxLeadMs: 1, clockMicros: T0 });
  throwsCode(() => t.nextManyStrings(1002), 'CLOCK_BEHIND');
  assert.equal(t.next().micros, T0);
});

test('resume: never re-issues the last ID (docs/spec §6.4)', () => {
  const last = new XidGenerator({ node: 7, clockMicros: T0 }).nextMany(10)[9];
  for (const node of [6, 7, 8]) {
    const fromObj = XidGenerator.resume(last, { node, clockMicros: T0 - 20000n });
    const fromText = XidGenerator.resume(last.toString(), { node, clockMicros: T0 - 20000n });
    assert.ok(fromObj instanceof XidGenerator);
    const a = fromObj.nextMany(3);
    assert.ok(a[0].compare(last) > 0, `node ${node}`);
    assert.deepEqual(fromText.nextManyStrings(3), a.map(String));
  }
  throwsCode(() => XidGenerator.resume('4h1dcciS9t', { node: 1 }), 'INVALID_LENGTH');
  const lt = new TidGenerator(null, { node: 9, clockMicros: T0 }).nextMany(5)[4];
  const rt = TidGenerator.resume(lt, null, { node: 9, clockMicros: T0 - 1000000n });
  assert.ok(rt instanceof TidGenerator);
  assert.equal(rt.next().micros, lt.micros + 1n);
  assert.equal(rt.leadMs, 1000);
  const rc = TidGenerator.resume(lt.toString(), 41, { clockMicros: T0 });
  assert.deepEqual([rc.next().micros, rc.clockId], [lt.micros + 1n, 41]);
  const le = new EuidGenerator(5, { seed: 4, clockMicros: T0 }).nextMany(3)[2];
  const re = EuidGenerator.resume(le, 5, { clockMicros: T0 - 5000n });
  assert.ok(re instanceof EuidGenerator);
  const ne = re.next();
  assert.ok(ne.compare(le) > 0);
  assert.equal(ne.extension, 5);
  assert.ok(EuidGenerator.resume(le.toString(), 5, { clockMicros: T0 }).next().compare(le) > 0);
  const real = new XidGenerator({ seed: 5 });
  const lr = real.nextMany(100)[99];
  assert.ok(XidGenerator.resume(lr, { seed: 5 }).next().compare(lr) > 0);
});

// ---------------------------------------------------------------------------------------------
// The module instance's node: one module instance per child process.

/** Runs `script` (`p` is the Node build) in a child process; returns its JSON output. */
function child(script, env = {}) {
  const src = `const p = require(${JSON.stringify(join(WASM_DIR, 'pkg', 'node', 'index.cjs'))});
const tryCode = (f) => { try { return f() } catch (e) { return { error: e.code } } };
process.stdout.write(JSON.stringify((() => { ${script} })()))`;
  const full = { ...process.env, ...env };
  const r = spawnSync(process.execPath, ['-e', src], { env: full, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

test('module node: setNode/node round trip; Xid.generate() and Tid.generate() carry it', () => {
  // No environment in WebAssembly: POLYID_NODE and POLYID_NODE_REQUIRED are not read.
  assert.deepEqual(
    child(`return [p.node(), p.nodeRequired(), p.Xid.generate().random >> 16 < 64, p.Tid.generate().clockId <= 31]`, {
      POLYID_NODE: '5',
      POLYID_NODE_REQUIRED: '1',
    }),
    [null, false, true, true],
  );
  assert.deepEqual(
    child(`const out = [p.node()];
      p.setNode(5); out.push(p.node());
      p.setNode(null); out.push(p.node());
      p.setNode(5); out.push(p.node());
      const x = p.Xid.generate(); const t = p.Tid.generate();
      out.push(x.random >> 12, t.clockId, p.Xid.generateMany(2).map((y) => y.random >> 12), p.Xid.generateString().length);
      out.push(new p.XidGenerator().node, new p.TidGenerator().clockId, new p.TidGenerator().node);
      out.push(tryCode(() => p.setNode(6)), tryCode(() => p.setNode(5)) ?? 'same');
      out.push(tryCode(() => p.setNode(960)), tryCode(() => p.setNode(-1)), tryCode(() => p.setNode('1')));
      // A generator's own node wins.
      out.push(new p.XidGenerator({ node: 12, clockMicros: ${T0} }).next().random >> 12);
      return out`),
    [
      null, 5, null, 5, 5, 37, [5, 5], 11, 5, 37, 5,
      { error: 'NODE_IN_USE' }, 'same',
      { error: 'OUT_OF_RANGE' }, { error: 'OUT_OF_RANGE' }, { error: 'INVALID_ARGUMENT' },
      12,
    ],
  );
});

test('module node: setNodeRequired(true) without a node gives NODE_REQUIRED', () => {
  assert.deepEqual(
    child(`p.setNodeRequired(true);
      const out = [p.nodeRequired(), tryCode(() => p.Xid.generate()), tryCode(() => p.Tid.generate()),
        tryCode(() => new p.XidGenerator()), tryCode(() => new p.TidGenerator()),
        // Exempt: seeded generators, explicit clock ids, EUIDs, a node of its own.
        new p.XidGenerator({ seed: 1 }).next().toString().length, new p.TidGenerator(5).next().clockId,
        p.Euid.generate().toString().length, new p.XidGenerator({ node: 4 }).node];
      p.setNode(8);
      out.push(p.Xid.generate().random >> 12);
      p.setNodeRequired(false);
      out.push(p.nodeRequired());
      return out`),
    [true, ...Array(4).fill({ error: 'NODE_REQUIRED' }), 11, 5, 27, 4, 8, false],
  );
});

test('module node in Chromium: setNode, Xid.generate(), "wait" cannot sleep', { skip: !chromiumPath() && 'no chromium' }, async () => {
  const r = await inBrowser((p) => {
    const tryCode = (f) => {
      try {
        return f();
      } catch (e) {
        return { error: e.code };
      }
    };
    const before = p.node();
    p.setNode(21);
    const g = new p.XidGenerator({ maxLeadMs: 0, onClockBehind: 'wait' });
    return [before, p.node(), p.Xid.generate().random >> 12, p.Tid.generate().clockId, g.node, tryCode(() => g.nextMany(5000))];
  });
  assert.deepEqual(r, [null, 21, 21, 53, 21, { error: 'CLOCK_BEHIND' }]);
});
