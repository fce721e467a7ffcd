// API behaviour of the `polyid-wasm/extuuid` entry in Node: module formats, the JavaScript
// types of `extuuidInspect` (integers always bigint, floats number, flags boolean, lists
// arrays), errors, and that no input makes the module trap. Expected values are the
// tests/matrix/PROTOCOL.md demo row and tests/vectors/extuuid.json (written by an independent
// packer), never this package's output.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import { nodeBuild, readVectors, WASM_DIR } from './helpers.mjs';

const x = nodeBuild('extuuid');

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
  assert.ok(err.message.length > 0);
  return err;
}

test('extuuid module: require, import and "exports" give one API; the web build works in Node', async () => {
  const esm = await import(join(WASM_DIR, 'pkg', 'node', 'extuuid.mjs'));
  for (const k of Object.keys(x).filter((k) => k !== 'default')) assert.equal(esm[k], x[k], `ESM export ${k}`);
  const req = createRequire(join(WASM_DIR, 'pkg', 'package.json'));
  assert.equal(req.resolve('polyid-wasm/extuuid'), join(WASM_DIR, 'pkg', 'node', 'extuuid.cjs'));
  const web = await import(join(WASM_DIR, 'pkg', 'web', 'extuuid.js'));
  web.initSync({ module: readFileSync(join(WASM_DIR, 'pkg', 'web', 'polyid_extuuid_bg.wasm')) });
  assert.equal(web.extuuidEncode('fixedB4:GBP$:222.31'), '49083027-d200-8000-8000-00000021ebfc');
  assert.deepEqual([...web.ERROR_CODES], [...nodeBuild().ERROR_CODES]);
});

test('extuuid: encode and decode (the PROTOCOL.md demo value)', () => {
  const uuid = x.extuuidEncode('fixedB4:GBP$:222.31');
  assert.equal(uuid, '49083027-d200-8000-8000-00000021ebfc');
  assert.equal(x.extuuidEncode('extuuid:fixedB4:GBP$:222.31'), uuid, 'the prefix is optional');
  assert.equal(x.extuuidDecode(uuid), 'extuuid:fixedB4:GBP$:222.31');
  assert.equal(x.extuuidDecode(uuid.toUpperCase()), 'extuuid:fixedB4:GBP$:222.31');
});

// The JavaScript type of every inspect field, per kind (docs/extuuid.md, "Inspect").
const INTS = {
  serial: ['number'],
  fixed: ['places', 'amount'],
  int: ['value'],
  quant: ['context'],
  float: ['mantissa', 'exponent'],
  time: ['seconds', 'bits', 'fraction'],
  int_vector: ['bits', 'context'],
  generic_float_vector: ['n', 'bits', 'exponentBits', 'context'],
  x87: ['pattern'],
};
const INT_LISTS = { int_vector: ['values'], generic_float_vector: ['elements'] };
const FLOATS = { quant: ['value'] };
const FLOAT_LISTS = { float_vector: ['values'] };
const BOOLS = { float: ['negative'], int_vector: ['signed'] };

test('extuuid: inspect gives bigints, numbers, booleans and arrays (every inspect vector)', () => {
  const cases = readVectors()['extuuid.json'].cases.filter((c) => c.op === 'extuuid_inspect' && 'output' in c);
  const kinds = new Set();
  for (const c of cases) {
    const r = x.extuuidInspect(c.input.input);
    const want = c.output;
    const where = `${c.name} (${want.kind})`;
    kinds.add(r.kind);
    const camel = (k) => k.replace(/_([a-z])/g, (_m, ch) => ch.toUpperCase());
    assert.deepEqual(Object.keys(r).sort(), Object.keys(want).map(camel).sort(), where);
    for (const [key, v] of Object.entries(want)) {
      const k = camel(key);
      const got = r[k];
      if ((INTS[want.kind] ?? []).includes(k) || (want.kind === 'float_vector' && k === 'context' && typeof got !== 'string')) {
        assert.equal(typeof got, 'bigint', `${where}.${k}`);
        assert.equal(got, BigInt(v), `${where}.${k}`);
      } else if ((INT_LISTS[want.kind] ?? []).includes(k)) {
        assert.ok(got.every((e) => typeof e === 'bigint'), `${where}.${k}`);
        assert.deepEqual(got, v.map(BigInt), `${where}.${k}`);
      } else if ((FLOATS[want.kind] ?? []).includes(k)) {
        assert.equal(typeof got, 'number', `${where}.${k}`);
        assert.equal(got, v, `${where}.${k}`);
      } else if ((FLOAT_LISTS[want.kind] ?? []).includes(k)) {
        assert.ok(got.every((e) => typeof e === 'number'), `${where}.${k}`);
        assert.deepEqual(got, v, `${where}.${k}`);
      } else if ((BOOLS[want.kind] ?? []).includes(k)) {
        assert.equal(typeof got, 'boolean', `${where}.${k}`);
        assert.equal(got, v, `${where}.${k}`);
      } else {
        assert.equal(typeof got, 'string', `${where}.${k}`);
        assert.equal(got, v, `${where}.${k}`);
      }
    }
  }
  assert.ok(kinds.size >= 10, `kinds covered: ${[...kinds].join(' ')}`);
});

test('extuuid: float_vector context is a bigint for f32x3 and f16x6, text otherwise', () => {
  const three = x.extuuidInspect('f32x3:7:1.5,-2.25,0.1');
  assert.equal(three.context, 7n);
  assert.deepEqual(three.values, [1.5, -2.25, 0.10000000149011612]);
  assert.equal(x.extuuidInspect('f64:GRAVITY.:9.80665').context, 'GRAVITY.');
});

test('extuuid: errors carry their codes; wrong JS types are TypeErrors', () => {
  throwsCode(() => x.extuuidDecode('49083027-d200-7000-8000-00000021ebfc'), 'NOT_UUID_V8');
  throwsCode(() => x.extuuidDecode('49083027-d200-8000'), 'INVALID_LENGTH');
  throwsCode(() => x.extuuidEncode('quant:1*furlong'), 'INVALID_UNIT');
  throwsCode(() => x.extuuidEncode(''), 'INVALID_FORMAT');
  for (const f of [x.extuuidEncode, x.extuuidDecode, x.extuuidInspect]) {
    for (const bad of [1, null, undefined, 1n, {}]) {
      assert.ok(throwsCode(() => f(bad), 'INVALID_ARGUMENT') instanceof TypeError);
    }
  }
});

test('extuuid: no input makes the module trap (every failure is a polyid error)', () => {
  const hostile = [
    '\u0000',
    '😀'.repeat(40),
    'int:' + '9'.repeat(5000),
    'quant:1e999999999*m',
    't:99999999999-01-01',
    'f:' + '1'.repeat(3000),
    'uint/999*999:1:1',
    'fixedB4:GBP$:' + '9'.repeat(200),
    'x'.repeat(100000),
    'ffffffff-ffff-8fff-bfff-ffffffffffff',
    '00000000-0000-8000-8000-000000000000',
  ];
  for (const s of hostile) {
    for (const f of [x.extuuidEncode, x.extuuidDecode, x.extuuidInspect]) {
      try {
        f(s);
      } catch (e) {
        assert.equal(typeof e.code, 'string', `${f.name}(${JSON.stringify(s).slice(0, 30)}): ${e}`);
      }
    }
  }
  assert.equal(x.extuuidEncode('fixedB4:GBP$:222.31'), '49083027-d200-8000-8000-00000021ebfc');
});
