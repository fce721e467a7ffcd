// What the structured clone algorithm makes of every object the JavaScript API hands out, and
// how an ID comes back from its clone (`Xid.from`, `Tid.from`, `Euid.from`). Both npm packages
// run these cases: `polyid` (bindings-node/test/clone.test.mjs) and `polyid-wasm` in Node and
// in headless Chromium (bindings-wasm/tests/clone.*.test.mjs), where the workers, ports and
// IndexedDB of each runtime are tested too. Plain ES module with no Node or browser API but
// `structuredClone`, so the same code runs in Node and in the page.
//
// `p` is the whole API in one object: for polyid-wasm its three entries together (IDs,
// polyid-wasm/catalog's `Catalog`, polyid-wasm/extuuid).

/** A failed check. */
function fail(message) {
  throw new Error(message);
}

function equal(actual, expected, what) {
  if (!Object.is(actual, expected)) fail(`${what}: expected ${show(expected)}, got ${show(actual)}`);
}

function show(v) {
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'symbol') return v.toString();
  try {
    return JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? `${x}n` : x)) ?? String(v);
  } catch {
    return String(v);
  }
}

/** `fn()` throws an error of class `name` whose other fields are `expected`'s. */
function throwsLike(fn, name, expected, what) {
  let error;
  try {
    fn();
  } catch (e) {
    error = e;
  }
  if (error === undefined) fail(`${what}: did not throw`);
  equal(error.name, name, `${what}: error name (${error.message})`);
  for (const [k, v] of Object.entries(expected)) {
    if (v instanceof RegExp) {
      if (!v.test(error[k])) fail(`${what}: error ${k} ${show(error[k])} does not match ${v}`);
    } else equal(error[k], v, `${what}: error ${k}`);
  }
  return error;
}

/**
 * Plain data equality, as the clone algorithm keeps it: primitives by `Object.is`, arrays and
 * plain objects by their elements and own keys (in order), byte arrays by their bytes (a Node
 * `Buffer` comes back as a `Uint8Array`), a `Map` by its entries.
 */
function sameData(a, b, what) {
  if (a instanceof Uint8Array || b instanceof Uint8Array) {
    if (!(a instanceof Uint8Array && b instanceof Uint8Array)) fail(`${what}: ${show(a)} vs ${show(b)}`);
    equal(Array.from(a).join(), Array.from(b).join(), `${what} (bytes)`);
    return;
  }
  if (a instanceof Map || b instanceof Map) {
    if (!(a instanceof Map && b instanceof Map)) fail(`${what}: not both a Map`);
    sameData([...a], [...b], `${what} (entries)`);
    return;
  }
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) {
    equal(b, a, what);
    return;
  }
  if (Array.isArray(a) !== Array.isArray(b)) fail(`${what}: array vs object`);
  equal(Object.keys(b).join(), Object.keys(a).join(), `${what} (keys)`);
  for (const k of Object.keys(a)) sameData(a[k], b[k], `${what}.${k}`);
}

/** IDs of every class, extremes of each range among them, with their canonical texts. */
function ids(p) {
  const { Xid, Tid, Euid } = p;
  const M53 = 2n ** 53n - 1n;
  return [
    // docs/spec uid11: 2^64-1 is the largest xid and `jpXCZedGfVQ` its text.
    [Xid.fromBigInt(2n ** 64n - 1n), 'jpXCZedGfVQ'],
    [Xid.fromBigInt(0n), '11111111111'],
    [Xid.fromParts(1321009871111 + 1234567, 0x3fffff), '1113M2EhCbG'],
    [Xid.generate(), null],
    // docs/spec §3: the TID of 1721407246480310 µs and clock id 1.
    [Tid.parse('3kxnlhr3gxq23'), '3kxnlhr3gxq23'],
    [Tid.fromParts(-M53, 1023), null],
    [Tid.fromParts(M53, 0), null],
    [Tid.fromParts(-1n, 0), null],
    [Tid.generate(), null],
    // docs/spec §4: an EUID with extension 255 and its text.
    [Euid.fromBigInt(0x623f40921824bb0052fddf828ca352aan), 'C8ZM14GR4JXG0MQXVY18S8TJNA6'],
    [Euid.fromBigInt(0n), '000000000000000000000000000'],
    [Euid.fromBigInt(2n ** 128n - 1n), null],
    [Euid.generate(7), null],
    [Euid.generate(), null],
  ];
}

/** `b`, rebuilt, is the same ID as `a`: class, value, text, equals, compare. */
function sameId(p, a, b, what) {
  const cls = p[a.type];
  if (!(b instanceof cls)) fail(`${what}: not a ${a.type} (${show(b)})`);
  equal(b.value, a.value, `${what}: value`);
  equal(b.text, a.text, `${what}: text`);
  equal(b.toString(), a.toString(), `${what}: toString()`);
  equal(b.compare(a), 0, `${what}: compare`);
  equal(a.equals(b), true, `${what}: equals`);
}

/** The generators and catalogs: each holds engine handles (the first element names it). */
function handles(p) {
  return [
    ['XidGenerator', () => new p.XidGenerator({ node: 5, clockMicros: 1700000000000000n })],
    ['TidGenerator', () => new p.TidGenerator(7)],
    ['EuidGenerator', () => new p.EuidGenerator(3)],
    ['Catalog', () => p.Catalog.build([{ code: 'E.Auth.Token.001', message: 'token {{id}} missing' }])],
  ];
}

/** An error that says the clone algorithm refused the object (it names the class). */
const isDataCloneError = (e, name) =>
  e !== undefined && e.name === 'DataCloneError' && e.message.includes(`a ${name} holds engine`);

/**
 * The cases: `[name, fn]`, each `fn(p)` returning normally or throwing an Error that says what
 * differed.
 */
export const CASES = [
  [
    'clone: every ID class keeps exactly { type, text }, the canonical text',
    (p) => {
      for (const [id, text] of ids(p)) {
        const c = structuredClone(id);
        const what = `${id.type} ${id.text}`;
        equal(Object.getPrototypeOf(c), Object.prototype, `${what}: the clone's prototype`);
        equal(Object.keys(c).join(), 'type,text', `${what}: the clone's keys`);
        equal(c.type, id.constructor.name, `${what}: clone.type`);
        equal(c.text, id.toString(), `${what}: clone.text`);
        if (text !== null) equal(c.text, text, `${what}: the canonical text`);
      }
    },
  ],
  [
    'ID objects: frozen, with exactly the own properties type and text, which cannot change',
    (p) => {
      for (const [id] of ids(p)) {
        const what = `${id.type} ${id.toString()}`;
        equal(Object.isFrozen(id), true, `${what}: frozen`);
        equal(Reflect.ownKeys(id).join(), 'type,text', `${what}: own keys`);
        for (const key of ['type', 'text']) {
          const d = Object.getOwnPropertyDescriptor(id, key);
          equal([d.enumerable, d.configurable, d.writable ?? false].join(), 'true,false,false', `${what}: ${key}'s descriptor`);
        }
        equal(id.type, id.constructor.name, `${what}: type`);
        equal(id.text, id.toString(), `${what}: text`);
        // Where the text is made on first read (polyid-wasm) it is an accessor: it refuses any
        // other object, as the class's getters do.
        const { get } = Object.getOwnPropertyDescriptor(id, 'text');
        if (get !== undefined) {
          throwsLike(() => get.call({ type: id.type, text: 'x' }), 'TypeError', { code: 'INVALID_ARGUMENT' }, `${what}: text getter on another object`);
        }
      }
    },
  ],
  [
    'clone: X.from(clone) rebuilds the same ID (value, text, equals, compare) for every class',
    (p) => {
      for (const [id] of ids(p)) {
        const c = structuredClone(id);
        sameId(p, id, p[c.type].from(c), `${id.type}.from(structuredClone(${id.text}))`);
        // A clone of the rebuilt ID is the same clone again.
        sameData(structuredClone(id), structuredClone(p[c.type].from(c)), `${id.type} clone of the rebuilt`);
      }
    },
  ],
  [
    'clone: IDs inside arrays, objects and Maps survive with their structure',
    (p) => {
      const [x, t, e] = [p.Xid.generate(), p.Tid.generate(), p.Euid.generate(9)];
      const c = structuredClone({ list: [x, t, e], byName: new Map([['x', x]]), nested: { t } });
      const back = c.list.map((v) => p[v.type].from(v));
      [x, t, e].forEach((id, i) => sameId(p, id, back[i], `list[${i}]`));
      sameId(p, x, p.Xid.from(c.byName.get('x')), 'Map value');
      sameId(p, t, p.Tid.from(c.nested.t), 'nested.t');
    },
  ],
  [
    'from: an instance comes back as it is, its text is parsed',
    (p) => {
      for (const [id] of ids(p)) {
        const cls = p[id.type];
        equal(cls.from(id), id, `${id.type}.from(instance)`);
        sameId(p, id, cls.from(id.toString()), `${id.type}.from(text)`);
      }
      sameId(p, p.Tid.parse('3kxnlhr3gxq23'), p.Tid.from('3kxn-lhr-3gxq-23'), 'Tid.from(display form)');
    },
  ],
  [
    'from: a clone of another class, or no clone at all, is a TypeError with code INVALID_ARGUMENT',
    (p) => {
      const samples = { Xid: p.Xid.generate(), Tid: p.Tid.generate(), Euid: p.Euid.generate() };
      for (const name of Object.keys(samples)) {
        const from = (v) => p[name].from(v);
        for (const [other, id] of Object.entries(samples)) {
          if (other === name) continue;
          throwsLike(() => from(structuredClone(id)), 'TypeError', {
            code: 'INVALID_ARGUMENT',
            message: `clone.type: expected "${name}", got "${other}"`,
          }, `${name}.from(clone of a ${other})`);
          throwsLike(() => from(id), 'TypeError', { code: 'INVALID_ARGUMENT' }, `${name}.from(a ${other})`);
        }
        // `{}` is what a clone was before IDs had own properties.
        throwsLike(() => from({}), 'TypeError', {
          code: 'INVALID_ARGUMENT',
          message: `clone.type: expected "${name}", got undefined`,
        }, `${name}.from({})`);
        const text = samples[name].toString();
        throwsLike(() => from({ type: name, text, value: 1n }), 'TypeError', {
          code: 'INVALID_ARGUMENT',
          message: `clone: unknown key "value" (a ${name}'s clone has type and text)`,
        }, `${name}.from(a clone with another key)`);
        throwsLike(() => from({ type: name, text: 5 }), 'TypeError', {
          code: 'INVALID_ARGUMENT',
          message: 'clone.text: expected a string, got number',
        }, `${name}.from(a clone whose text is a number)`);
        for (const v of [undefined, null, 5, 5n, true, Symbol('x')]) {
          throwsLike(() => from(v), 'TypeError', {
            code: 'INVALID_ARGUMENT',
            message: `expected a ${name}, a clone of one ({ type: "${name}", text }) or its text, got ${v === null ? 'null' : typeof v}`,
          }, `${name}.from(${show(v)})`);
        }
      }
    },
  ],
  [
    "from: a clone whose text is not the family's is the parse error",
    (p) => {
      throwsLike(() => p.Xid.from({ type: 'Xid', text: 'jpXCZedGfVQ1' }), 'Error', { code: 'INVALID_LENGTH' }, 'Xid');
      throwsLike(() => p.Xid.from({ type: 'Xid', text: 'jpXCZedGfVR' }), 'Error', { code: 'OVERFLOW' }, 'Xid');
      throwsLike(() => p.Tid.from({ type: 'Tid', text: '3kxnlhr3gxq2!' }), 'Error', { code: 'INVALID_CHARACTER' }, 'Tid');
      throwsLike(() => p.Euid.from({ type: 'Euid', text: 'C8ZM14GR4JXG0MQXVY18S8TJNA7' }), 'Error', { code: 'INVALID_CHECKMOD' }, 'Euid');
    },
  ],
  [
    'resume: a generator continues after the clone of its last ID',
    (p) => {
      const x = p.Xid.fromParts(1700000000000, 0x5000);
      const gx = p.XidGenerator.resume(structuredClone(x), { node: 5, clockMicros: 1700000000000000n });
      equal(gx.next().compare(x), 1, 'XidGenerator.resume(clone)');
      const t = p.Tid.fromParts(1700000000000000n, 7);
      equal(p.TidGenerator.resume(structuredClone(t), 7, { clockMicros: 1700000000000000n }).next().compare(t), 1, 'TidGenerator.resume(clone)');
      const e = p.Euid.fromParts(1700000000000, 3, 0, 5n);
      equal(p.EuidGenerator.resume(structuredClone(e), 3, { clockMicros: 1700000000000000n }).next().compare(e), 1, 'EuidGenerator.resume(clone)');
      throwsLike(() => p.XidGenerator.resume(structuredClone(t)), 'TypeError', {
        code: 'INVALID_ARGUMENT',
        message: 'clone.type: expected "Xid", got "Tid"',
      }, 'XidGenerator.resume(clone of a Tid)');
    },
  ],
  [
    'clone: generators and catalogs throw a DataCloneError, never give {}',
    (p) => {
      for (const [name, make] of handles(p)) {
        const o = make();
        for (const [how, value] of [['alone', o], ['in an object', { o }], ['in an array', [1, o]]]) {
          let error;
          let clone;
          try {
            clone = structuredClone(value);
          } catch (e) {
            error = e;
          }
          if (!isDataCloneError(error, name)) {
            fail(`structuredClone(${name} ${how}): expected a DataCloneError naming it, got ${error ? `${error.name}: ${error.message}` : show(clone)}`);
          }
        }
        const d = Object.getOwnPropertyDescriptor(o, 'uncloneable');
        equal(typeof d?.value, 'symbol', `${name}.uncloneable`);
        equal([d.enumerable, d.writable, d.configurable].join(), 'true,false,false', `${name}.uncloneable's descriptor`);
      }
      // The object still works after a refused clone.
      const g = new p.TidGenerator(7);
      try {
        structuredClone(g);
      } catch {
        // refused, as checked above
      }
      equal(g.next().clockId, 7, 'TidGenerator after a refused clone');
    },
  ],
  [
    'clone: the plain results of the API (parsed codes, ranges, catalog entries, EXTUUID fields, keys) clone whole',
    (p) => {
      const cat = p.Catalog.build(
        [{ code: 'E.Auth.Token.001', message: 'token {{id}} missing', hints: ['log in'], tags: ['auth'], docsUrl: 'https://x.test/a' }],
        'auth_lib',
      );
      const keys = p.Catalog.keyPairFromSecret(new Uint8Array(32).fill(7));
      const results = {
        parseCode: p.parseCode('E.Auth.Token.001'),
        parseFullId: p.parseFullId('05o5h-V6a0B'),
        xidPrefixRange: p.xidPrefixRange('4h1d'),
        uid11PrefixRange: p.uid11PrefixRange('jpX'),
        tidPrefixRange: p.tidPrefixRange('3kxn'),
        ERROR_CODES: p.ERROR_CODES,
        'Catalog#get': cat.get('05o5h-V6a0B'),
        'Catalog#expand': cat.expand('V6a0B', { id: 42n }),
        'Catalog#expandPayload': cat.expandPayload({ '05o5h-V6a0B': { f: { id: 'a' } } }),
        'Catalog.collisions': p.Catalog.collisions(['E.A.B.001', 'E.A.B.002']),
        'Catalog.keyPairFromSecret': keys,
        'Catalog#sign': cat.sign(keys.secretKey),
        extuuidInspect: p.extuuidInspect(p.extuuidEncode('fixedB4:GBP$:222.31')),
      };
      equal(results.ERROR_CODES.length > 0, true, 'ERROR_CODES is read');
      for (const [name, v] of Object.entries(results)) sameData(v, structuredClone(v), name);
      equal(results['Catalog#expand'].message, 'token 42 missing', 'Catalog#expand');
    },
  ],
];

/** Runs every case: `[{ name, pass, message }]` (for the page, where `node:test` is not). */
export function runAll(p) {
  return CASES.map(([name, fn]) => {
    try {
      fn(p);
      return { name, pass: true };
    } catch (e) {
      return { name, pass: false, message: `${e.name}: ${e.message}` };
    }
  });
}

/**
 * The round trip of a worker (or any other realm that receives a message): rebuilds every ID
 * of `message.ids` with its class's `from`, and answers `{ ids, facts }`: the rebuilt IDs
 * (cloned again on their way back) and what the receiver read from them, so that the sender
 * can check the receiver had real IDs. The worker scripts of both packages call it.
 */
export function answer(p, message) {
  const rebuilt = message.ids.map((c) => p[c.type].from(c));
  const facts = rebuilt.map((id) => ({ type: id.type, value: id.value, text: id.toString(), json: JSON.stringify(id) }));
  return { ids: rebuilt, facts };
}

/** The sender's check of `answer`'s reply to `{ ids: sent }`. */
export function checkAnswer(p, sent, reply) {
  equal(reply.ids.length, sent.length, 'IDs sent back');
  sent.forEach((id, i) => {
    const f = reply.facts[i];
    equal(f.type, id.type, `the receiver's ids[${i}].type`);
    equal(f.value, id.value, `the receiver's ids[${i}].value`);
    equal(f.text, id.toString(), `the receiver's ids[${i}].toString()`);
    equal(f.json, JSON.stringify(id), `the receiver's JSON of ids[${i}]`);
    sameId(p, id, p[reply.ids[i].type].from(reply.ids[i]), `ids[${i}] back from the receiver`);
  });
}

/** The IDs a round trip sends: one or more of every class, extremes among them. */
export const roundTripIds = (p) => ids(p).map(([id]) => id);
