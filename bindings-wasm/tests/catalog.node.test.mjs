// API behaviour of the `polyid-wasm/catalog` entry in Node: module formats, JS types, errors,
// the three forms, fields, key pairs and signatures, collisions, and that no input makes the
// module trap. Expected values come from docs/spec (compact and full IDs), RFC 8032 §7.1 TEST 1
// (the Ed25519 key and signature) and tests/vectors/README.md (colliding pairs), never from
// this package.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { inspect } from 'node:util';

import { nodeBuild, WASM_DIR } from './helpers.mjs';

const c = nodeBuild('catalog');
const { Catalog } = c;

function throwsCode(fn, code) {
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
  return err;
}

const throwsType = (fn) => assert.ok(throwsCode(fn, 'INVALID_ARGUMENT') instanceof TypeError);

const hex = (bytes) => Buffer.from(bytes).toString('hex');
const unhex = (text) => new Uint8Array(Buffer.from(text, 'hex'));

// RFC 8032 §7.1 TEST 1.
const RFC_SECRET = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60';
const RFC_PUBLIC = 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a';
const RFC_SIGNATURE_OF_EMPTY =
  'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b';

// docs/spec §1: E.Auth.Token.001 -> V6a0B, W.DATABASE.CONNECTION.027 -> KF52S,
// T.PROFILER.TIMER.999 -> fnOQk; auth_lib -> 05o5h.
const FULL = JSON.stringify({
  version: '1',
  generated: '2026-11-21T00:00:00Z',
  diags: {
    V6a0B: {
      code: 'E.AUTH.TOKEN.001',
      severity: 'Error',
      message: 'token missing for {{user}} from {{ ip }}',
      description: 'No bearer token.',
      hints: ['send a token'],
      tags: ['auth'],
      docs_url: 'https://example.com/V6a0B',
    },
    KF52S: { code: 'W.DATABASE.CONNECTION.027', severity: 'Warning', message: 'slow connection' },
    fnOQk: { code: 'T.PROFILER.TIMER.999', severity: 'Trace', message: 'timer {{name}} took {{ms}} ms' },
  },
});

test('catalog module: require, import and "exports" give one API; the web build works in Node', async () => {
  const esm = await import(join(WASM_DIR, 'pkg', 'node', 'catalog.mjs'));
  for (const k of Object.keys(c).filter((k) => k !== 'default')) assert.equal(esm[k], c[k], `ESM export ${k}`);
  const req = createRequire(join(WASM_DIR, 'pkg', 'package.json'));
  assert.equal(req.resolve('polyid-wasm/catalog'), join(WASM_DIR, 'pkg', 'node', 'catalog.cjs'));
  assert.deepEqual([...c.ERROR_CODES], [...nodeBuild().ERROR_CODES]);

  const web = await import(join(WASM_DIR, 'pkg', 'web', 'catalog.js'));
  await web.default({ module_or_path: readFileSync(join(WASM_DIR, 'pkg', 'web', 'polyid_catalog_bg.wasm')) });
  const a = web.Catalog.load(FULL);
  assert.equal(a.expand('KF52S').message, 'slow connection');
  assert.ok(a.canonicalBytes() instanceof Uint8Array);
  assert.ok(c.Catalog.load(FULL).canonicalBytes() instanceof Buffer, 'Node build: a Buffer');
});

test('catalog: load, the entry fields, size/has/ids/get and the namespace', () => {
  const cat = Catalog.load(FULL);
  assert.equal(cat.size, 3);
  assert.deepEqual(cat.ids(), ['KF52S', 'V6a0B', 'fnOQk']);
  assert.equal(cat.has('V6a0B'), true);
  assert.equal(cat.has('35Jkp'), false); // E.AUTH.TOKEN.002, not in the catalog
  assert.equal(cat.get('35Jkp'), null);
  assert.deepEqual(cat.get('V6a0B'), {
    id: 'V6a0B',
    code: 'E.AUTH.TOKEN.001',
    severity: 'E',
    message: 'token missing for {{user}} from {{ ip }}',
    description: 'No bearer token.',
    hints: ['send a token'],
    tags: ['auth'],
    fields: ['user', 'ip'],
    docsUrl: 'https://example.com/V6a0B',
  });
  assert.deepEqual(cat.get('KF52S'), {
    id: 'KF52S',
    code: 'W.DATABASE.CONNECTION.027',
    severity: 'W',
    message: 'slow connection',
    hints: [],
    tags: [],
    fields: [],
  });
  assert.equal(cat.version, '1');
  assert.equal(cat.generated, '2026-11-21T00:00:00Z');
  assert.equal(cat.namespace, null);
  assert.equal(cat.namespaceHash, null);
  assert.equal(inspect(cat), 'Catalog(3 entries)');

  const ns = Catalog.load({ v: '1', ns: 'auth_lib', nsh: '05o5h', wd: { '05o5h-V6a0B': { c: 'E.Auth.Token.001', s: 'E', m: 'm' } } });
  assert.equal(ns.namespace, 'auth_lib');
  assert.equal(ns.namespaceHash, '05o5h');
  assert.deepEqual(ns.ids(), ['05o5h-V6a0B']);
  assert.equal(ns.expand('V6a0B').id, '05o5h-V6a0B', 'the bare compact ID expands to the full ID');
});

test('catalog: the three forms read back equal; load takes text or the parsed object', () => {
  const cat = Catalog.load(FULL);
  assert.deepEqual(Catalog.load(JSON.parse(FULL)).canonicalBytes(), cat.canonicalBytes());
  for (const form of ['full', 'compact', 'minimal']) {
    const again = Catalog.load(cat.toJson(form));
    assert.deepEqual(again.ids(), cat.ids(), form);
    assert.equal(again.expand('KF52S').message, 'slow connection', form);
  }
  assert.equal(cat.toJson(), cat.toJson('full'), 'full is the default form');
  assert.equal(cat.toJson(null), cat.toJson('full'));
  // Signatures cover the canonical bytes, which every form keeps (README "Catalogs").
  assert.deepEqual(Catalog.load(cat.toJson('compact')).canonicalBytes(), cat.canonicalBytes());
  assert.equal(throwsCode(() => cat.toJson('xml'), 'INVALID_ARGUMENT').message, "catalog form: \"xml\" is not 'full', 'compact' or 'minimal'");
  throwsType(() => cat.toJson(1));
});

test('catalog: expand fills fields (objects or Maps; numbers, bigints, booleans as JSON text)', () => {
  const cat = Catalog.load(FULL);
  assert.deepEqual(cat.expand('V6a0B', { user: 'ada', ip: '10.0.0.1' }), {
    id: 'V6a0B',
    code: 'E.AUTH.TOKEN.001',
    severity: 'E',
    message: 'token missing for ada from 10.0.0.1',
  });
  assert.equal(cat.expand('V6a0B', new Map([['user', 'bo'], ['ip', 'x']])).message, 'token missing for bo from x');
  assert.equal(cat.expand('fnOQk', { name: 'db', ms: 12 }).message, 'timer db took 12 ms');
  assert.equal(cat.expand('fnOQk', { name: true, ms: 2n ** 64n - 1n }).message, 'timer true took 18446744073709551615 ms');
  // A bigint is a JSON integer wherever it is (Python's int gives the same text), and one
  // beyond 64 bits is OUT_OF_RANGE, as in Python.
  assert.equal(cat.expand('fnOQk', { name: { n: 2n ** 60n }, ms: [-(2n ** 63n)] }).message,
    'timer {"n":1152921504606846976} took [-9223372036854775808] ms');
  const e = throwsCode(() => cat.expand('fnOQk', { name: 'db', ms: 2n ** 70n }), 'OUT_OF_RANGE');
  assert.equal(e.message, 'field value: 1180591620717411303424 is out of range -9223372036854775808..=18446744073709551615');
  assert.deepEqual([e.found, e.min, e.max], [2n ** 70n, -(2n ** 63n), 2n ** 64n - 1n]);
  // What JSON.stringify would turn into null or leave out is refused, as in Python.
  for (const [bad, shown] of [[NaN, 'NaN'], [Infinity, 'inf'], [-Infinity, '-inf']]) {
    const err = throwsCode(() => cat.expand('fnOQk', { name: 'db', ms: [{ x: bad }] }), 'INVALID_ARGUMENT');
    assert.equal(err.message, `field value: ${shown} has no JSON form`);
  }
  throwsType(() => cat.expand('fnOQk', { name: 'db', ms: () => 1 }));
  // A Map is an object at any level; a Set and a Map key that is not a string are TypeErrors.
  assert.equal(cat.expand('fnOQk', { name: new Map([['b', 1], ['a', [2n]]]), ms: 1 }).message,
    'timer {"a":[2],"b":1} took 1 ms');
  throwsType(() => cat.expand('fnOQk', { name: new Set([1]), ms: 1 }));
  throwsType(() => cat.expand('fnOQk', new Map([['name', 'a'], [1, 'b']])));
  throwsType(() => cat.expand('fnOQk', { name: Symbol('s'), ms: 1 }));
  // A field value nests at most 64 levels (docs/spec §1.4); 100,000 levels are
  // INVALID_ARGUMENT, not a RangeError.
  const nest = (n, x) => { for (let i = 0; i < n; i++) x = [x]; return x; };
  for (const deep of [nest(65, 1), nest(100000, 1)]) {
    const err = throwsCode(() => cat.expand('fnOQk', { name: deep, ms: 1 }), 'INVALID_ARGUMENT');
    assert.equal(err.message, 'field value: nested more than 64 levels');
    throwsCode(() => cat.expandPayload({ fnOQk: { f: { name: deep, ms: 1 } } }), 'INVALID_ARGUMENT');
  }
  throwsCode(() => Catalog.load({ v: '1', wd: nest(100000, 1) }), 'INVALID_ARGUMENT');
  // A string that holds the layer's stand-in for a bigint stays as it is.
  const mark = '\u0000polyid bigint\u0000';
  assert.equal(cat.expand('fnOQk', { name: { [mark]: mark }, ms: 5n }).message,
    `timer {"\\u0000polyid bigint\\u0000":"\\u0000polyid bigint\\u0000"} took 5 ms`);
  assert.equal(cat.expand('fnOQk', { name: [mark, '\u0000\u0000polyid bigint', 6n], ms: 5n }).message,
    `timer ["\\u0000polyid bigint\\u0000","\\u0000\\u0000polyid bigint",6] took 5 ms`);
  assert.equal(cat.expand('fnOQk', { name: null, ms: 1.5 }).message, 'timer null took 1.5 ms');
  assert.equal(cat.expand('KF52S', {}).message, 'slow connection');
  assert.match(throwsCode(() => cat.expand('V6a0B', { user: 'ada' }), 'MISSING_FIELD').message, /ip/);
  throwsCode(() => cat.expand('V6a0B'), 'MISSING_FIELD');
  throwsCode(() => cat.expand('35Jkp'), 'NOT_FOUND');
  throwsCode(() => cat.expand('not an id'), 'NOT_FOUND');
  throwsType(() => cat.expand(5));
  throwsType(() => cat.expand('V6a0B', 'user=ada'));
  throwsType(() => cat.expand('V6a0B', ['ada']));
});

test('catalog: expandPayload takes text or an object', () => {
  const cat = Catalog.load(FULL);
  const byCode = (list) => list.map((e) => `${e.id} ${e.message}`).sort();
  const payload = { fnOQk: { f: { name: 'db', ms: 12 } }, KF52S: {} };
  assert.deepEqual(byCode(cat.expandPayload(payload)), ['KF52S slow connection', 'fnOQk timer db took 12 ms']);
  assert.deepEqual(byCode(cat.expandPayload(JSON.stringify(payload))), byCode(cat.expandPayload(payload)));
  throwsCode(() => cat.expandPayload('[]'), 'INVALID_ARGUMENT');
  throwsCode(() => cat.expandPayload({ KF52S: 1 }), 'INVALID_ARGUMENT');
  throwsCode(() => cat.expandPayload({ '35Jkp': {} }), 'NOT_FOUND');
  throwsType(() => cat.expandPayload([]));
  throwsType(() => cat.expandPayload(7));
});

test('catalog: key pairs (RFC 8032 TEST 1), sign and verify (INVALID_SIGNATURE)', () => {
  const rfc = Catalog.keyPairFromSecret(unhex(RFC_SECRET));
  assert.equal(hex(rfc.publicKey), RFC_PUBLIC);
  assert.equal(hex(rfc.secretKey), RFC_SECRET);
  assert.ok(rfc.publicKey instanceof Buffer, 'Node build: Buffers');
  assert.deepEqual(Catalog.keyPairFromSecret(unhex(RFC_SECRET).buffer), rfc, 'an ArrayBuffer works too');

  const cat = Catalog.load(FULL);
  const key = Catalog.generateKeyPair();
  assert.equal(key.publicKey.length, 32);
  assert.equal(key.secretKey.length, 32);
  assert.notEqual(hex(key.secretKey), hex(Catalog.generateKeyPair().secretKey), 'fresh keys differ');
  assert.deepEqual(Catalog.keyPairFromSecret(key.secretKey), key);
  const sig = cat.sign(key.secretKey);
  assert.equal(sig.length, 64);
  assert.equal(cat.verify(key.publicKey, sig), undefined);
  assert.deepEqual(cat.sign(key.secretKey), sig, 'Ed25519 is deterministic');
  // The signature covers the canonical bytes, which the compact form keeps.
  Catalog.load(cat.toJson('compact')).verify(key.publicKey, sig);
  throwsCode(() => cat.verify(rfc.publicKey, sig), 'INVALID_SIGNATURE');
  const flipped = new Uint8Array(sig);
  flipped[0] ^= 1;
  throwsCode(() => cat.verify(key.publicKey, flipped), 'INVALID_SIGNATURE');
  throwsCode(() => cat.verify(key.publicKey, sig.subarray(0, 63)), 'INVALID_SIGNATURE');
  throwsCode(() => cat.verify(new Uint8Array(31), sig), 'INVALID_SIGNATURE');
  const changed = Catalog.load(FULL.replace('slow connection', 'fast connection'));
  throwsCode(() => changed.verify(key.publicKey, sig), 'INVALID_SIGNATURE');
  throwsCode(() => Catalog.keyPairFromSecret(new Uint8Array(31)), 'INVALID_LENGTH');
  throwsCode(() => cat.sign(new Uint8Array(33)), 'INVALID_LENGTH');
  throwsType(() => cat.sign('secret'));
  throwsType(() => cat.sign(key));
  throwsType(() => cat.verify('00', sig));
  throwsType(() => new Catalog());
});

test('catalog: collisions (tests/vectors/README.md pairs) and the birthday bound', () => {
  assert.deepEqual(Catalog.collisions(['C.AUTH.READ.974', 'E.A.B.001', 'S.AUTH.READ.898', 'B.AUTH.TIMEOUT.757', 'T.AUTH.KEY.288']), [
    { id: 'xv0cV', codes: ['C.AUTH.READ.974', 'S.AUTH.READ.898'] },
    { id: 'yrmLL', codes: ['B.AUTH.TIMEOUT.757', 'T.AUTH.KEY.288'] },
  ]);
  assert.deepEqual(Catalog.collisions(['E.Auth.Token.001', 'e.auth.token.001']), [], 'one code given twice is no collision');
  assert.deepEqual(Catalog.collisions([]), []);
  throwsCode(() => Catalog.collisions(['E.AUTH.TOKEN']), 'INVALID_FORMAT');
  throwsType(() => Catalog.collisions('E.A.B.001'));
  throwsType(() => Catalog.collisions([1]));
  // n(n-1) / (2 * 62^5) and 1 - exp(-that).
  const expected = (1000 * 999) / (2 * 62 ** 5);
  assert.ok(Math.abs(Catalog.expectedCollisions(1000) - expected) < 1e-15);
  assert.ok(Math.abs(Catalog.collisionProbability(1000n) - (1 - Math.exp(-expected))) < 1e-12);
  throwsCode(() => Catalog.expectedCollisions(-1), 'OUT_OF_RANGE');
});

test('catalog: build errors come from the core (DUPLICATE_CODE, COLLISION, WDP errors)', () => {
  throwsCode(() => Catalog.build([{ code: 'E.Auth.Token.001', message: 'm' }, { code: 'e.auth.token.001', message: 'm' }]), 'DUPLICATE_CODE');
  throwsCode(() => Catalog.build([{ code: 'C.AUTH.READ.974', message: 'm' }, { code: 'S.AUTH.READ.898', message: 'm' }]), 'COLLISION');
  throwsCode(() => Catalog.build([{ code: 'E.AUTH.TOKEN', message: 'm' }]), 'INVALID_FORMAT');
  throwsCode(() => Catalog.build([{ code: 'E.A.B.001', message: 'm' }], 'Bad'), 'INVALID_NAMESPACE');
  throwsType(() => Catalog.build('E.A.B.001'));
  throwsType(() => Catalog.build([{ code: 1, message: 'm' }]));
  throwsType(() => Catalog.build([{ code: 'E.A.B.001' }]));
  throwsType(() => Catalog.build([{ code: 'E.A.B.001', message: 'm', hints: 'h' }]));
  throwsType(() => Catalog.build([{ code: 'E.A.B.001', message: 'm', tags: [1] }]));
  throwsType(() => Catalog.build([], 5));
});

test('catalog: build, then read back (docs/spec IDs)', () => {
  const cat = Catalog.build([
    { code: 'E.Auth.Token.001', message: 'token missing for {{user}}', hints: ['log in'], docsUrl: 'https://example.com' },
    { code: 'W.DATABASE.CONNECTION.027', message: 'slow connection' },
  ]);
  assert.deepEqual(cat.ids(), ['KF52S', 'V6a0B']);
  assert.equal(cat.expand('V6a0B', { user: 'ada' }).message, 'token missing for ada');
  assert.equal(cat.get('V6a0B').docsUrl, 'https://example.com');
  // `generated` is RFC 3339 UTC to the second, from the JavaScript clock.
  assert.match(cat.generated, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  assert.ok(Math.abs(Date.parse(cat.generated) - Date.now()) < 60_000, cat.generated);
  assert.deepEqual(Catalog.build([{ code: 'E.Auth.Token.001', message: 'm' }], 'auth_lib').ids(), ['05o5h-V6a0B']);
});

test('catalog: no input makes the module trap (every failure is a polyid error)', () => {
  const bad = ['', '{', '[]', 'null', '{"diags": 1}', '{"wd": {"x": 1}}', `${'['.repeat(5000)}${']'.repeat(5000)}`, '{"V6a0B": []}', '\u0000', '{"😀": ["E.A.B.001", "m"]}'];
  for (const text of bad) {
    let err;
    try {
      Catalog.load(text);
    } catch (e) {
      err = e;
    }
    assert.ok(err && typeof err.code === 'string', `load(${JSON.stringify(text).slice(0, 40)}): ${err}`);
  }
  const cat = Catalog.load(FULL);
  for (const id of ['', 'V6a0B-', '05o5h-V6a0B', '😀😀😀', 'x'.repeat(100000)]) {
    try {
      cat.expand(id, { user: 'a', ip: 'b' });
    } catch (e) {
      assert.equal(typeof e.code, 'string', `expand(${id.slice(0, 20)})`);
    }
  }
  // A catalog still works after all that.
  assert.equal(cat.expand('KF52S').message, 'slow connection');
});

test('catalog: many valid builds in a row leave the module sound', () => {
  for (let i = 0; i < 300; i++) {
    assert.deepEqual(Catalog.build([{ code: 'E.A.B.001', message: 'm' }]).ids(), ['l3i4I']); // docs/spec §1
  }
  const cat = Catalog.load(FULL);
  assert.equal(cat.expand('V6a0B', { user: 'ada', ip: 'x' }).message, 'token missing for ada from x');
  assert.equal(Catalog.collisions(['C.AUTH.READ.974', 'S.AUTH.READ.898']).length, 1);
});
