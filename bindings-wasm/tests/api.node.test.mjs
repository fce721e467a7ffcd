// API behaviour of polyid-wasm in Node: module formats, JS types, errors, Dates, bytes,
// generators, and that no input makes the module trap. Expected values come from docs/spec
// (sections cited), never from this package.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { inspect } from 'node:util';

import { nodeBuild, ROOT, WASM_DIR } from './helpers.mjs';

const p = nodeBuild();
const { Xid, Tid, TidGenerator, Euid, EuidGenerator } = p;
const XID_EPOCH = 1321009871111; // docs/spec §2

function throwsCode(fn, code, fields = {}) {
  let err;
  try {
    fn();
  } catch (e) {
    err = e;
  }
  assert.ok(err, `expected a throw with code ${code}`);
  assert.ok(err instanceof Error, `an Error: ${err}`);
  assert.equal(err.code, code, err.message);
  assert.ok(typeof err.message === 'string' && err.message.length > 0);
  for (const [k, v] of Object.entries(fields)) assert.deepEqual(err[k], v, k);
  return err;
}

function throwsType(fn) {
  const err = throwsCode(fn, 'INVALID_ARGUMENT');
  assert.ok(err instanceof TypeError, `a TypeError: ${err.message}`);
  return err;
}

test('errors quote an input bounded and escaped (docs/spec: error messages)', () => {
  const huge = 'Q'.repeat(1_000_000);
  let e = throwsCode(() => p.compactId(`${huge}.A.B.001`), 'INVALID_SEVERITY');
  assert.equal(e.message, `WDP severity: invalid "${'Q'.repeat(64)}"... (1000000 bytes)`);
  e = throwsCode(() => p.compactId('W\nerror[OK]: forged.A.B.001'), 'INVALID_SEVERITY');
  assert.equal(e.message, 'WDP severity: invalid "W\\nerror[OK]: forged"');
  e = throwsCode(() => p.compactId(`E.A.B.${'\u00e9'.repeat(200_000)}`), 'NON_ASCII');
  assert.ok(e.message.length < 300, e.message);
  e = throwsCode(() => p.compactId(`E.A.B.${'x'.repeat(200_000)}`), 'INVALID_SEQUENCE');
  assert.ok(e.message.length < 300 && e.message.endsWith('... (200000 bytes)'), e.message);
});

test('module: require, import and the package exports give one API', async () => {
  const esm = await import(join(WASM_DIR, 'pkg', 'node', 'index.mjs'));
  const cjsKeys = Object.keys(p).filter((k) => k !== 'default').sort();
  for (const k of cjsKeys) assert.equal(esm[k], p[k], `ESM export ${k}`);
  assert.equal(typeof esm.default, 'function');
  await esm.default(); // init() is a no-op in Node
  // package.json "exports": every target exists.
  const pkg = JSON.parse(readFileSync(join(WASM_DIR, 'pkg', 'package.json'), 'utf8'));
  const targets = [];
  const walk = (v) => (typeof v === 'string' ? targets.push(v) : Object.values(v).forEach(walk));
  walk(pkg.exports);
  assert.ok(targets.length > 8);
  for (const t of targets) assert.ok(existsSync(join(WASM_DIR, 'pkg', t)), `${t} exists`);
  // Resolving the package by name picks the Node build (require) and the Node ESM (import).
  const req = createRequire(join(WASM_DIR, 'pkg', 'package.json'));
  assert.equal(req.resolve('polyid-wasm'), join(WASM_DIR, 'pkg', 'node', 'index.cjs'));
});

test('module: the web build (ES module + init) works in Node too, same results', async () => {
  const web = await import(join(WASM_DIR, 'pkg', 'web', 'index.js'));
  assert.deepEqual(web.ERROR_CODES, []); // filled by init()
  await web.default({ module_or_path: readFileSync(join(WASM_DIR, 'pkg', 'web', 'polyid_wasm_bg.wasm')) });
  assert.deepEqual([...web.ERROR_CODES], [...p.ERROR_CODES]);
  assert.equal(web.compactId('E.Auth.Token.MISSING'), 'V6a0B');
  assert.ok(web.Euid.fromBigInt(1n).bytes instanceof Uint8Array);
  assert.deepEqual(Object.keys(web).filter((k) => !['default', 'init', 'initSync'].includes(k)).sort(),
    Object.keys(p).filter((k) => !['default', 'init', 'initSync'].includes(k)).sort());
});

test('ERROR_CODES: frozen, the core\'s codes in its order, the same as the ErrorCode type', () => {
  assert.ok(Object.isFrozen(p.ERROR_CODES));
  // tests/vectors/README.md's table is written from the core's ErrorCode::ALL
  // (tools/error_codes.py, checked by `make test`).
  const readme = readFileSync(join(ROOT, 'tests', 'vectors', 'README.md'), 'utf8');
  const table = readme.slice(readme.indexOf('<!-- error-codes: table -->'), readme.indexOf('<!-- /error-codes -->'));
  const core = [...table.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((m) => m[1]);
  assert.equal(core.length, 34);
  assert.deepEqual([...p.ERROR_CODES], core);
  const dts = readFileSync(join(WASM_DIR, '..', 'bindings-js', 'polyid.d.ts'), 'utf8');
  const union = dts.slice(dts.indexOf('export type ErrorCode'), dts.indexOf('export declare const ERROR_CODES'));
  assert.deepEqual([...union.matchAll(/'([A-Z0-9_]+)'/g)].map((m) => m[1]), core);
});

test('wdp: docs/spec §1 vectors and fields', () => {
  for (const code of ['E.AUTH.TOKEN.001', 'E.Auth.Token.001', 'e.auth.token.001', 'E.Auth.Token.MISSING', '  E.Auth.Token.001\t']) {
    assert.equal(p.compactId(code), 'V6a0B');
  }
  assert.equal(p.compactId('B.API.RATELIMIT.007'), '00BVL');
  assert.equal(p.namespaceHash('auth_lib'), '05o5h');
  assert.equal(p.fullId('user_service', 'E.Database.Connection.021'), 'oFN7q-gjyGQ');
  assert.deepEqual(p.parseFullId('05o5h-V6a0B'), { namespaceHash: '05o5h', compactId: 'V6a0B' });
  assert.deepEqual(p.parseCode('b.api.quota.locked'), {
    severity: 'B', meaning: 'Blocked', priority: 7, blocking: true, component: 'API',
    primary: 'QUOTA', sequence: 24, normalized: 'B.API.QUOTA.024', compactId: p.compactId('B.API.QUOTA.024'),
  });
  assert.equal(p.compactId('E.Api.Quota.RATE_LIMITED', { RATE_LIMITED: 42 }), p.compactId('E.API.QUOTA.042'));
  assert.equal(p.normalizeCode('e.a.b.rate_limited', { rate_limited: 42n }), 'E.A.B.042');
  assert.deepEqual(p.compactIds(['E.A.B.001', 'W.CACHE.DATA.018']), ['l3i4I', '0yRgf']);
  throwsCode(() => p.compactIds(['E.A.B.001', 'X.A.B.001']), 'INVALID_SEVERITY', { item: 1 });
  // The batch transport: codes end to end with their lengths (docs/spec §1.2 IDs), across the
  // JavaScript layer's concat chunks; a NUL, a line break or an empty code stays one code; a
  // batch whose text is not all ASCII goes code by code and still names the first bad code.
  const three = ['E.AUTH.TOKEN.001', 'W.DATABASE.CONNECTION.027', 'B.API.RATELIMIT.007'];
  const big = Array.from({ length: 20000 }, (_, i) => three[i % 3]);
  const ids = p.compactIds(big);
  assert.equal(ids.length, 20000);
  ids.forEach((id, i) => assert.equal(id, ['V6a0B', 'KF52S', '00BVL'][i % 3]));
  throwsCode(() => p.compactIds([...big.slice(0, 17000), 'E.A.B.000']), 'INVALID_SEQUENCE', { item: 17000 });
  throwsCode(() => p.compactIds(['E.A.B.001', 'E.A.B.001\0E.A.B.002']), 'INVALID_FORMAT', { item: 1 });
  throwsCode(() => p.compactIds(['E.A.B.001\nE.A.B.002', 'E.A.B.001']), 'INVALID_FORMAT', { item: 0 });
  throwsCode(() => p.compactIds(['E.A.B.001', '', 'E.A.B.001']), 'INVALID_FORMAT', { item: 1 });
  throwsCode(() => p.compactIds(['E.A.B.00', '1']), 'INVALID_SEQUENCE', { item: 0 });
  throwsCode(() => p.compactIds(['nope', 'E.\u00c4.B.001']), 'INVALID_FORMAT', { item: 0 });
  throwsCode(() => p.compactIds(['E.A.B.001', 'E.\u0141.B.001', 'nope']), 'NON_ASCII', { item: 1, index: 2 });
  throwsCode(() => p.compactIds(['E.A.B.001', 'E.A.B.001\ud800']), 'NON_ASCII', { item: 1, index: 9 });
  throwsCode(() => p.compactId('E.Ä.B.001'), 'NON_ASCII', { index: 2, character: 'Ä' });
  const e = throwsCode(() => p.compactId('E.A.B.NOPE'), 'UNKNOWN_NAMED_SEQUENCE');
  assert.equal(e.message, 'WDP sequence: unknown named sequence "NOPE"');
  throwsCode(() => p.compactId('E.A.B.X', { X: 1000 }), 'INVALID_SEQUENCE');
  assert.equal(throwsCode(() => p.compactId('E.A.B.X', { X: 70000 }), 'INVALID_SEQUENCE').message,
    'named sequence: 70000 is out of range 1..=999');
});

test('uid11 and xid: docs/spec §2 vectors, bigint in and out, Dates', () => {
  assert.equal(p.uid11Encode(2n ** 64n - 1n), 'jpXCZedGfVQ');
  assert.equal(p.uid11Encode(58), '11111111121');
  assert.equal(p.uid11Decode('jpXCZedGfVQ'), 2n ** 64n - 1n);
  assert.equal(typeof p.uid11Decode('11111111112'), 'bigint');
  throwsCode(() => p.uid11Decode('jpXCZedGfVR'), 'OVERFLOW');
  assert.deepEqual(p.uid11PrefixRange('i'), [17662972482875638784n, 18093776689775044607n]);
  assert.equal(p.uid11PrefixRange('k'), null);
  const x = Xid.fromParts(XID_EPOCH + 1234567, 0x3fffff);
  assert.equal(x.toString(), '1113M2EhCbG');
  assert.equal(x.unixMs, XID_EPOCH + 1234567);
  assert.equal(x.random, 0x3fffff);
  assert.equal(typeof x.value, 'bigint');
  assert.ok(x.toDate() instanceof Date);
  assert.equal(x.toDate().getTime(), XID_EPOCH + 1234567);
  assert.equal(Xid.fromBigInt(0n).toDate().toISOString(), '2011-11-11T11:11:11.111Z');
  assert.equal(Xid.fromBigInt(2n ** 64n - 1n).toDate().toISOString(), '2151-03-25T18:46:22.214Z');
  assert.equal(JSON.stringify({ x }), '{"x":"1113M2EhCbG"}');
  assert.equal(Xid.fromDate(new Date(XID_EPOCH + 1234567), 0x3fffff).toString(), '1113M2EhCbG');
  assert.equal(Xid.fromDate(new Date(XID_EPOCH)).unixMs, XID_EPOCH);
  throwsCode(() => Xid.fromDate(new Date(NaN)), 'OUT_OF_RANGE');
  assert.deepEqual(p.xidPrefixRange(''), { minUnixMs: XID_EPOCH, maxUnixMs: XID_EPOCH + 2 ** 42 - 1 });
});

test('tid: docs/spec §3 vectors, fields and Dates', () => {
  const t = Tid.fromParts(1721407246480310n, 1);
  assert.equal(t.toString(), '3kxnlhr3gxq23');
  assert.equal(t.display(), '3kxn-lhr-3gxq-23');
  assert.equal(t.micros, 1721407246480310n);
  assert.equal(t.clockId, 1);
  assert.equal(t.value, (1721407246480310n << 10n) | 1n);
  assert.equal(t.toDate().toISOString(), '2024-07-19T16:40:46.480Z');
  assert.ok(Tid.parse('3kxn-lhr-3gxq-23').equals(t));
  assert.equal(Tid.fromParts(-1n, 0).toString(), 'zzzzzzzzzzz22');
  assert.equal(Tid.fromParts(-1n, 0).toDate().getTime(), -1); // floored, not truncated
  assert.equal(Tid.fromParts(2n ** 53n - 1n, 1023).toString(), 'bzzzzzzzzzzzz');
  assert.equal(Tid.fromParts(-(2n ** 53n - 1n), 0).toString(), 's222222222322');
  assert.equal(Tid.fromDate(new Date('2024-07-19T16:40:46.480Z'), 1).micros, 1721407246480000n);
  throwsCode(() => Tid.parse('c222222222222'), 'OUT_OF_RANGE');
  throwsCode(() => Tid.parse('3KXNLHR3GXQ23'), 'INVALID_CHARACTER', { index: 1, character: 'K' });
  assert.equal(throwsCode(() => Tid.fromParts(2n ** 63n, 0), 'OUT_OF_RANGE').message,
    'TID micros: 9223372036854775808 is out of range -9007199254740991..=9007199254740991');
  assert.equal(throwsCode(() => Tid.fromParts(0, 70000), 'OUT_OF_RANGE').message,
    'TID clock_id: 70000 is out of range 0..=1023');
  assert.equal(throwsCode(() => Tid.fromParts(0, 1024), 'OUT_OF_RANGE').message,
    'TID clock_id: 1024 is out of range 0..=1023');
  // The range's details: numbers where they are safe integers, else bigints (docs: Errors).
  throwsCode(() => Tid.fromParts(0, 1024), 'OUT_OF_RANGE', { found: 1024, min: 0, max: 1023 });
  throwsCode(() => Tid.fromParts(0, 70000), 'OUT_OF_RANGE', { found: 70000, min: 0, max: 1023 });
  throwsCode(() => Tid.fromParts(2n ** 63n, 0), 'OUT_OF_RANGE',
    { found: 2n ** 63n, min: -(2 ** 53 - 1), max: 2 ** 53 - 1 });
  throwsCode(() => p.uid11Encode(2n ** 64n), 'OUT_OF_RANGE', { found: 2n ** 64n, min: 0, max: 2n ** 64n - 1n });
  throwsCode(() => new TidGenerator(undefined, { node: 960 }), 'OUT_OF_RANGE', { found: 960, min: 0, max: 959 });
  assert.deepEqual(p.tidPrefixRange('bzzz-zzz-zzzz'), [2n ** 53n - 1n, 2n ** 53n - 1n]);
});

test('euid: docs/spec §4 vectors, bytes and Dates', () => {
  const e = Euid.fromParts(1700000000000, 255, 0, 0x0123456789abcdefn);
  assert.equal(e.toString(), '1HF7YAT0007ZG0938NKRKAYDXXB');
  assert.equal(e.value, 0x0c5e7f2b40000ff80123456789abcdefn);
  assert.equal(e.extension, 255);
  assert.equal(e.unixMs, 1700000000000);
  assert.equal(e.toDate().toISOString(), '2023-11-14T22:13:20.000Z');
  assert.ok(Buffer.isBuffer(e.bytes)); // the Node build returns a Buffer like the native package
  assert.equal(e.bytes.toString('hex'), '0c5e7f2b40000ff80123456789abcdef');
  assert.ok(Euid.fromBytes(new Uint8Array(e.bytes)).equals(e));
  assert.ok(Euid.fromBytes(e.bytes.buffer.slice(e.bytes.byteOffset, e.bytes.byteOffset + 16)).equals(e));
  assert.equal(Euid.fromParts(1700000000000, null, 0, 0x0123456789abcdefn).encode(false), '1HF7YAT0000000938NKRKAYDXZZ');
  assert.equal(Euid.fromParts(1700000000000, 0).extension, 0); // ext 0 is L=1, not "none"
  assert.equal(Euid.fromBigInt(0x623f40921824bb0052fddf828ca352aan).toString(), 'C8ZM14GR4JXG0MQXVY18S8TJNA6');
  assert.equal(Euid.parse('C8ZMi4GR4JXGoMQXVYl8S8TJNA6').value, 0x623f40921824bb0052fddf828ca352aan);
  throwsCode(() => Euid.parse('C8ZM14GR4JXG0MQXVY18S8TJNA7'), 'INVALID_CHECKMOD', { found: 71, expected: 70 });
  throwsCode(() => Euid.fromBytes(new Uint8Array(15)), 'INVALID_LENGTH', { found: 15, expected: 16 });
  assert.equal(Euid.fromBigInt(2n ** 128n - 1n).toString(), 'ZZZZZZZZZZZZZZZZZZZZZZZZZW3');
  assert.equal(throwsCode(() => Euid.fromBigInt(2n ** 128n), 'OUT_OF_RANGE').message,
    'EUID value: 340282366920938463463374607431768211456 is out of range 0..=340282366920938463463374607431768211455');
  assert.equal(throwsCode(() => Euid.generate(40000), 'OUT_OF_RANGE').message, 'EUID extension: 40000 is out of range 0..=32767');
  assert.equal(throwsCode(() => Euid.generate(70000), 'OUT_OF_RANGE').message, 'EUID extension: 70000 is out of range 0..=32767');
});

test('wrong JS types throw TypeError (INVALID_ARGUMENT); huge integers OUT_OF_RANGE', () => {
  throwsType(() => p.compactId(5));
  throwsType(() => p.compactId('E.A.B.001', [1]));
  throwsType(() => p.compactId('E.A.B.001', { X: '5' }));
  throwsType(() => p.uid11Encode('5'));
  throwsType(() => p.uid11Encode(1.5));
  throwsType(() => p.uid11Encode(2 ** 60)); // not a safe integer: pass a bigint
  throwsType(() => Tid.fromParts(NaN, 0));
  throwsType(() => Euid.fromBytes([1, 2, 3]));
  throwsType(() => Euid.fromBytes(new Uint16Array(8)));
  throwsType(() => Euid.fromBigInt(1n).encode('yes'));
  throwsType(() => Xid.fromDate('2024-01-01'));
  throwsType(() => Tid.parse('3kxnlhr3gxq23').equals('3kxnlhr3gxq23'));
  assert.throws(() => new Tid(), TypeError);
  assert.throws(() => Tid.prototype.display.call(Xid.fromBigInt(1n)), TypeError);
  // As Python shows an int of any size: one of more than 64 digits quoted, then its length.
  assert.equal(throwsCode(() => p.uid11Encode(2n ** 200n), 'OUT_OF_RANGE').message,
    'uid11 value: 1606938044258990275541962092341162602522202993782792835301376 is out of range 0..=18446744073709551615');
  assert.equal(throwsCode(() => p.uid11Encode(10n ** 70n), 'OUT_OF_RANGE').message,
    `uid11 value: "1${'0'.repeat(63)}"... (71 bytes) is out of range 0..=18446744073709551615`);
  assert.equal(throwsCode(() => p.uid11Encode(-1), 'OUT_OF_RANGE').message,
    'uid11 value: -1 is out of range 0..=18446744073709551615');
});

test('generators: monotonic TIDs and EUIDs for the current time', () => {
  const before = BigInt(Date.now()) * 1000n;
  const g = new TidGenerator(5);
  assert.equal(g.clockId, 5);
  let prev = g.next();
  for (let i = 0; i < 5000; i++) {
    const t = i % 2 ? g.next() : Tid.parse(g.nextString());
    assert.equal(t.compare(prev), 1);
    assert.equal(t.clockId, 5);
    prev = t;
  }
  assert.ok(prev.micros >= before && prev.micros < before + 60_000_000n);
  const many = g.nextMany(100);
  for (let i = 1; i < many.length; i++) assert.equal(many[i].micros, many[i - 1].micros + 1n);
  assert.ok(new TidGenerator().clockId <= 31);
  assert.ok(Tid.generate().clockId <= 31);
  // Atproto TID syntax: first symbol 2-j, 13 base32-sortable symbols.
  assert.match(Tid.generateString(), /^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/);
  // Microseconds come from performance, not only Date.now() * 1000.
  const subMs = new Set(Array.from({ length: 20 }, () => new TidGenerator().next().micros % 1000n));
  assert.ok(subMs.size > 1, 'sub-millisecond part varies');

  const eg = new EuidGenerator(7);
  assert.equal(eg.extension, 7);
  let last = eg.next();
  for (const e of eg.nextMany(5000)) {
    assert.equal(e.compare(last), 1);
    assert.equal(e.extension, 7);
    last = e;
  }
  assert.ok(Math.abs(last.unixMs - Date.now()) < 60_000);
  assert.equal(new EuidGenerator().extension, null);
  const e = Euid.generate(300);
  assert.equal(e.extension, 300);
  assert.equal(e.next().extension, 300);
  assert.equal(e.next().compare(e), 1);
  const x = Xid.generate();
  assert.ok(Math.abs(x.unixMs - Date.now()) < 60_000);
  assert.ok(new Set(Xid.generateMany(50).map((y) => y.random)).size > 40, 'random bits vary');
});

test('xid: 10,000 xids from one batch are distinct and increasing, each Xid.generate() after the last', () => {
  const batch = Xid.generateMany(10_000);
  assert.equal(batch.length, 10_000);
  assert.equal(new Set(batch.map((x) => x.value)).size, 10_000, 'distinct');
  for (let i = 1; i < batch.length; i++) assert.equal(batch[i].compare(batch[i - 1]), 1, 'increasing');
  // A burst may borrow a few milliseconds ahead of the clock (session brief: small tolerance).
  assert.ok(Math.abs(batch[9_999].unixMs - Date.now()) < 60_000);
  let prev = batch[9_999];
  for (let i = 0; i < 1000; i++) {
    const x = Xid.generate();
    assert.equal(x.compare(prev), 1);
    prev = x;
  }
});

test('equals, compare and util.inspect', () => {
  const ts = [5n, -5n, 0n, -(2n ** 53n - 1n), 2n ** 53n - 1n].map((us) => Tid.fromParts(us));
  ts.sort((a, b) => a.compare(b));
  assert.deepEqual(ts.map((t) => t.micros), [-(2n ** 53n - 1n), -5n, 0n, 5n, 2n ** 53n - 1n]);
  assert.equal(inspect(Tid.parse('3kxnlhr3gxq23')), 'Tid(3kxnlhr3gxq23)');
  assert.equal(inspect(Euid.fromBigInt(1n)), 'Euid(000000000000000000000000041)');
  assert.equal(inspect(Xid.fromBigInt(58n)), 'Xid(11111111121)');
  // Generators show their getters, not the property that refuses cloning.
  assert.equal(inspect(new p.EuidGenerator(7)), "EuidGenerator { extension: 7, leadMs: 0, maxLeadMs: 60000, onClockBehind: 'fail' }");
});

test('no input makes the module trap: every failure is a polyid error', () => {
  const alphabet = 'aZ09.-_ \t\u00e9\u0301\u{1F600}\u0000\\"\'lIoOuU' + '23456789abcdefghjkmnpqrstvwxyz';
  let seed = 12345;
  const rnd = (n) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
  const parsers = [p.compactId, p.normalizeCode, p.namespaceHash, p.parseFullId, p.uid11Decode,
    p.uid11PrefixRange, p.xidPrefixRange, p.tidPrefixRange, Xid.parse, Tid.parse, Euid.parse];
  const chars = Array.from(alphabet);
  for (let i = 0; i < 3000; i++) {
    const len = rnd(32);
    let s = '';
    for (let j = 0; j < len; j++) s += chars[rnd(chars.length)];
    for (const f of parsers) {
      try {
        f(s);
      } catch (e) {
        assert.ok(e instanceof Error && typeof e.code === 'string' && !(e instanceof WebAssembly.RuntimeError),
          `${f.name}(${JSON.stringify(s)}): ${e}`);
      }
    }
  }
  // The module still works afterwards.
  assert.equal(p.compactId('E.Auth.Token.MISSING'), 'V6a0B');
});

test('generators: a clock reading that is not a finite time is OUT_OF_RANGE, never a 1970 ID', () => {
  const realNow = Date.now;
  try {
    for (const reading of [NaN, Infinity, -Infinity, 1e300, -1e300]) {
      Date.now = () => reading;
      throwsCode(() => new TidGenerator().next(), 'OUT_OF_RANGE');
      throwsCode(() => new TidGenerator(7).nextString(), 'OUT_OF_RANGE');
      throwsCode(() => new EuidGenerator().next(), 'OUT_OF_RANGE');
    }
  } finally {
    Date.now = realNow;
  }
  // The real clock works again, and its TIDs are from now, not 1970.
  const t = new TidGenerator().next();
  assert.ok(Math.abs(t.toDate().getTime() - Date.now()) < 60_000, `${t} dated ${t.toDate().toISOString()}`);
});

test('batches: a count above the core limit (10,000,000) is OUT_OF_RANGE, never a trap', () => {
  const calls = [
    (n) => Xid.generateMany(n),
    (n) => new TidGenerator().nextMany(n),
    (n) => new TidGenerator().nextManyStrings(n),
    (n) => new EuidGenerator().nextMany(n),
    (n) => new EuidGenerator().nextManyStrings(n),
  ];
  for (const call of calls) {
    for (const n of [10_000_001, 1e8, 2 ** 31, 2 ** 32 - 1]) {
      const e = throwsCode(() => call(n), 'OUT_OF_RANGE');
      assert.match(e.message, /10000000/);
    }
    throwsCode(() => call(2 ** 40), 'OUT_OF_RANGE');
    assert.equal(call(3).length, 3);
  }
});

test('profiles: the ID-only entry says where they are; polyid-wasm/profiles has them (docs/spec §1.5, §3.5)', () => {
  const ids = nodeBuild('index');
  const withProfiles = nodeBuild('profiles');
  assert.throws(() => ids.Tid.parse('3kxnlhr3gxq23', { profile: 'atproto' }), {
    code: 'INVALID_ARGUMENT',
    message: /polyid-wasm\/profiles/,
  });
  assert.equal(ids.Tid.parse('3kxnlhr3gxq23').micros, 1721407246480310n);
  assert.equal(withProfiles.Tid.parse('3kxnlhr3gxq23', { profile: 'atproto' }).micros, 1721407246480310n);
  assert.equal(withProfiles.compactId('E.Auth.Token.MISSING', null, { profile: 'waddling' }), 'hPdQW');
  assert.deepEqual(withProfiles.parseFullId('V6a0B', { profile: 'waddling' }), { namespaceHash: null, compactId: 'V6a0B' });
  assert.throws(() => withProfiles.Tid.parse('3kxn-lhr-3gxq-23', { profile: 'atproto' }), { code: 'INVALID_LENGTH' });
});
