// Runs the shared vectors (tests/vectors/*.json) through the JavaScript API, whichever engine
// is under it: the `polyid` package (napi addon) and `polyid-wasm` (Node and web builds) run
// this one file. Plain ES module with no Node or browser API, so the same code runs in Node
// and in Chromium. Only type translation happens here: JSON inputs become JS values (decimal
// strings -> bigint, hex -> Uint8Array) and results become the vectors' JSON shapes.
//
// `p` is the whole API in one object: for polyid-wasm its three entries together (IDs,
// polyid-wasm/catalog's `Catalog`, polyid-wasm/extuuid).

export const FAMILIES = ['wdp', 'uid11', 'xid', 'tid', 'euid', 'catalog', 'extuuid', 'generators'];

/** JSON integer input: a number stays a number, a decimal string becomes a bigint. */
const int = (v) => (typeof v === 'string' ? BigInt(v) : v);

function hexToBytes(hex) {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

const bytesToHex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

const xidOut = (x) => ({ text: x.toString(), value: String(x.value), unix_ms: x.unixMs, random: x.random });

const tidOut = (t) => ({
  text: t.toString(),
  display: t.display(),
  value: String(t.value),
  micros: String(t.micros),
  clock_id: t.clockId,
});

const euidOut = (e) => ({
  value: String(e.value),
  hex: bytesToHex(e.bytes),
  text: e.toString(),
  text_nocheck: e.encode(false),
  unix_ms: e.unixMs,
  extension: e.extension,
});

const range = (r) => (r === null ? null : [String(r[0]), String(r[1])]);

/** A vector's catalog entry as the package's entry object (`docs_url` -> `docsUrl`). */
const entryIn = (e) => ({
  code: e.code,
  message: e.message,
  description: e.description,
  hints: e.hints,
  tags: e.tags,
  docsUrl: e.docs_url,
});

const expansionOut = (e) => ({ code: e.code, severity: e.severity, message: e.message });

/**
 * An inspection in the vectors' JSON convention: integers (bigints) as decimal strings, field
 * names in snake_case (`exponentBits` -> `exponent_bits`).
 */
function inspectionOut(r) {
  const out = {};
  for (const [k, v] of Object.entries(r)) {
    out[k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] = Array.isArray(v)
      ? v.map((x) => (typeof x === 'bigint' ? String(x) : x))
      : typeof v === 'bigint'
        ? String(v)
        : v;
  }
  return out;
}

/** The catalog ops: every op but `catalog_build` loads `json` first. */
function catalogOp(p, op, i) {
  if (op === 'catalog_build') {
    return { ids: p.Catalog.build(i.entries.map(entryIn), i.namespace).ids() };
  }
  const c = p.Catalog.load(i.json);
  try {
    switch (op) {
      case 'catalog_load': {
        const out = { count: c.size, ids: c.ids() };
        if (c.namespaceHash !== null) out.namespace_hash = c.namespaceHash;
        return out;
      }
      case 'catalog_expand':
        return expansionOut(c.expand(i.id, i.fields));
      case 'catalog_expand_payload':
        // The order of a payload's expansions is not specified: compare sorted by code.
        return c
          .expandPayload(i.payload)
          .map(expansionOut)
          .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
      case 'catalog_canonical':
        return new TextDecoder().decode(c.canonicalBytes());
      case 'catalog_sign': {
        const secret = hexToBytes(i.secret_key);
        const key = p.Catalog.keyPairFromSecret(secret);
        return { public_key: bytesToHex(key.publicKey), signature: bytesToHex(c.sign(secret)) };
      }
      case 'catalog_verify':
        c.verify(hexToBytes(i.public_key), hexToBytes(i.signature));
        return true;
      default:
        throw new Error(`unknown op ${op}`);
    }
  } finally {
    c.free?.(); // wasm memory now (the native package has no free)
  }
}

/** The generator options of a `*_sequence` case (docs/spec §6.5) as the package's object. */
function optionsIn(o) {
  const out = {};
  if (o.node !== undefined) out.node = o.node;
  if (o.seed !== undefined) out.seed = int(o.seed);
  if (o.max_lead_ms !== undefined) out.maxLeadMs = o.max_lead_ms;
  if (o.on_clock_behind !== undefined) out.onClockBehind = o.on_clock_behind;
  if (o.clock_micros !== undefined) out.clockMicros = int(o.clock_micros);
  return out;
}

/** A thrown polyid error as `{ error: CODE }`; anything else is thrown on. */
function errorOut(e) {
  if (e instanceof Error && typeof e.code === 'string' && e.code) return { error: e.code };
  throw e;
}

/**
 * A `xid_sequence`, `tid_sequence` or `euid_sequence` case (tests/vectors/generators.json,
 * tests/matrix/replay.json): builds the generator (a construction error is thrown), then per
 * step sets the manual clock if the step gives a time and takes `nextMany(count)`: the list of
 * canonical texts, or `{ error: CODE }`.
 */
export function sequence(p, op, i) {
  const options = optionsIn(i.options ?? {});
  const resume = i.resume !== undefined;
  let g;
  if (op === 'xid_sequence') {
    g = resume ? p.XidGenerator.resume(i.resume, options) : new p.XidGenerator(options);
  } else if (op === 'tid_sequence') {
    g = resume ? p.TidGenerator.resume(i.resume, i.clock_id, options) : new p.TidGenerator(i.clock_id, options);
  } else if (op === 'euid_sequence') {
    g = resume ? p.EuidGenerator.resume(i.resume, i.extension, options) : new p.EuidGenerator(i.extension, options);
  } else {
    throw new Error(`unknown op ${op}`);
  }
  return i.steps.map((step) => {
    try {
      if (step.clock_micros !== undefined) g.setClockMicros(int(step.clock_micros));
      return g.nextMany(step.count).map(String);
    } catch (e) {
      return errorOut(e);
    }
  });
}

/**
 * `ADAPTER replay FILE` (tests/matrix/PROTOCOL.md) for the parsed file: `{ <case name>:
 * output or { error } }`.
 */
export function replay(p, doc) {
  const out = {};
  for (const c of doc.cases) {
    try {
      out[c.name] = sequence(p, c.op, c.input);
    } catch (e) {
      out[c.name] = errorOut(e);
    }
  }
  return out;
}

/** Calls the operation of case `c` and returns its result in the vectors' JSON shape. */
export function run(p, c) {
  const i = c.input;
  const names = i.named_sequences;
  switch (c.op) {
    case 'compact_id':
      return p.compactId(i.code, names);
    case 'normalize_code':
      return p.normalizeCode(i.code, names);
    case 'parse_code': {
      const r = p.parseCode(i.code, names);
      return {
        severity: r.severity,
        meaning: r.meaning,
        priority: r.priority,
        blocking: r.blocking,
        component: r.component,
        primary: r.primary,
        sequence: r.sequence,
        normalized: r.normalized,
        compact_id: r.compactId,
      };
    }
    case 'namespace_hash':
      return p.namespaceHash(i.namespace);
    case 'full_id':
      return p.fullId(i.namespace, i.code, names);
    case 'parse_full_id': {
      const r = p.parseFullId(i.id);
      return { namespace_hash: r.namespaceHash, compact_id: r.compactId };
    }
    case 'uid11_encode':
      return p.uid11Encode(int(i.value));
    case 'uid11_decode':
      return String(p.uid11Decode(i.text));
    case 'uid11_prefix_range':
      return range(p.uid11PrefixRange(i.prefix));
    case 'xid_from_parts':
      return xidOut(p.Xid.fromParts(int(i.unix_ms), int(i.random)));
    case 'xid_parse':
      return xidOut(p.Xid.parse(i.text));
    case 'xid_prefix_range': {
      const r = p.xidPrefixRange(i.prefix);
      return r === null ? null : { min_unix_ms: r.minUnixMs, max_unix_ms: r.maxUnixMs };
    }
    case 'tid_from_parts':
      return tidOut(p.Tid.fromParts(int(i.micros), int(i.clock_id)));
    case 'tid_parse':
      return tidOut(p.Tid.parse(i.text));
    case 'tid_prefix_range':
      return range(p.tidPrefixRange(i.prefix));
    case 'euid_from_parts':
      return euidOut(p.Euid.fromParts(int(i.unix_ms), int(i.extension), int(i.padding), int(i.random)));
    case 'euid_encode':
      return p.Euid.fromBigInt(int(i.value)).encode(i.checkmod);
    case 'euid_parse':
      return euidOut(p.Euid.parse(i.text));
    case 'euid_from_bytes':
      return euidOut(p.Euid.fromBytes(hexToBytes(i.hex)));
    case 'extuuid_encode': {
      const uuid = p.extuuidEncode(i.text);
      const text = p.extuuidDecode(uuid);
      // The canonical text reads back to the same UUID (tests/vectors/README.md, "EXTUUID").
      const again = p.extuuidEncode(text);
      return again === uuid ? { uuid, text } : { uuid, text, canonical_text_encodes_to: again };
    }
    case 'extuuid_decode':
      return { text: p.extuuidDecode(i.uuid) };
    case 'extuuid_inspect':
      return inspectionOut(p.extuuidInspect(i.input));
    case 'xid_sequence':
    case 'tid_sequence':
    case 'euid_sequence':
      return sequence(p, c.op, i);
    default:
      if (c.op.startsWith('catalog_')) return catalogOp(p, c.op, i);
      throw new Error(`unknown op ${c.op}`);
  }
}

/** JSON text with object keys sorted (field order is not compared) and bigints marked. */
export const canonical = (v) =>
  JSON.stringify(v, (_k, x) => {
    if (typeof x === 'bigint') return `${x}n`;
    if (typeof x !== 'object' || x === null || Array.isArray(x)) return x;
    return Object.fromEntries(Object.keys(x).sort().map((k) => [k, x[k]]));
  });

/**
 * Runs case `c` and compares: `{ pass: true }` or `{ pass: false, expected, got }`.
 * An error case passes when the thrown value is an `Error` with the expected `code` and the
 * `detail` fields (`index`, `character`, `found`, `expected`).
 */
export function check(p, c) {
  let got;
  try {
    got = run(p, c);
  } catch (e) {
    if (!(e instanceof Error) || typeof e.code !== 'string' || !e.code) {
      return { pass: false, expected: c.error ?? c.output, got: `non-polyid throw: ${e}` };
    }
    const gotErr = { error: e.code };
    if (c.detail) {
      gotErr.detail = {};
      for (const k of Object.keys(c.detail)) gotErr.detail[k] = e[k];
    }
    const expErr = { error: c.error };
    if (c.detail) expErr.detail = c.detail;
    if ('error' in c && canonical(gotErr) === canonical(expErr)) return { pass: true, message: e.message };
    return { pass: false, expected: 'error' in c ? expErr : c.output, got: { ...gotErr, message: e.message } };
  }
  if ('error' in c) return { pass: false, expected: { error: c.error }, got };
  if (canonical(got) === canonical(c.output)) return { pass: true };
  return { pass: false, expected: c.output, got };
}

/** `[family, case]` pairs of parsed vector files `{name: json}`, families in the usual order. */
export function casesOf(files) {
  const rank = (f) => {
    const i = FAMILIES.indexOf(f.replace(/\.json$/, ''));
    return i < 0 ? 99 : i;
  };
  const out = [];
  for (const f of Object.keys(files).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))) {
    const doc = files[f];
    const family = doc.family ?? f.replace(/\.json$/, '');
    for (const c of doc.cases) out.push([family, c]);
  }
  return out;
}

/** Every case checked: `[{ id, op, pass, expected?, got? }]` (JSON-safe, for the browser). */
export function checkAll(p, files) {
  const big = (_k, v) => (typeof v === 'bigint' ? String(v) : v);
  return casesOf(files).map(([family, c]) => {
    const r = check(p, c);
    const row = { id: `${family}/${c.name}`, op: c.op, pass: r.pass };
    if (!r.pass) Object.assign(row, JSON.parse(JSON.stringify({ expected: r.expected, got: r.got }, big)));
    return row;
  });
}
