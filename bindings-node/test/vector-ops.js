'use strict'
// Runs one case of the shared vectors (tests/vectors/*.json) through the polyid package.
// Shared by test/vectors.test.js and the matrix adapter (tests/matrix/adapters/node).
// Only type translation happens here: JSON inputs become JS values (decimal strings -> bigint,
// hex -> Buffer) and results become the vectors' JSON shapes (bigint -> decimal string).

const fs = require('node:fs')
const path = require('node:path')

const FAMILIES = ['wdp', 'uid11', 'xid', 'tid', 'euid', 'catalog', 'extuuid', 'generators']

/** JSON integer input: a number stays a number, a decimal string becomes a bigint. */
function int(v) {
  return typeof v === 'string' ? BigInt(v) : v
}

function xidOut(x) {
  return { text: x.toString(), value: String(x.value), unix_ms: x.unixMs, random: x.random }
}

function tidOut(t) {
  return {
    text: t.toString(),
    display: t.display(),
    value: String(t.value),
    micros: String(t.micros),
    clock_id: t.clockId,
  }
}

function euidOut(e) {
  return {
    value: String(e.value),
    hex: e.bytes.toString('hex'),
    text: e.toString(),
    text_nocheck: e.encode(false),
    unix_ms: e.unixMs,
    extension: e.extension,
  }
}

/** A catalog entry of the vectors (snake_case keys) as the package's entry object. */
function entryIn(e) {
  const out = { code: e.code, message: e.message }
  if ('description' in e) out.description = e.description
  if ('hints' in e) out.hints = e.hints
  if ('tags' in e) out.tags = e.tags
  if ('docs_url' in e) out.docsUrl = e.docs_url
  return out
}

function expansionOut(e) {
  return { code: e.code, severity: e.severity, message: e.message }
}

/** Hex text of the vectors as bytes (the vectors' hex is well-formed; checked anyway). */
function hexIn(s) {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(s)) throw new Error(`test input is not hex: ${s}`)
  return Buffer.from(s, 'hex')
}

/** An `extuuidInspect` result in the vectors' JSON shape: bigint -> decimal string,
 * camelCase keys -> the core's snake_case names. */
function inspectionOut(r) {
  const out = {}
  for (const [k, v] of Object.entries(r)) {
    const key = k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
    if (typeof v === 'bigint') out[key] = String(v)
    else if (Array.isArray(v)) out[key] = v.map((x) => (typeof x === 'bigint' ? String(x) : x))
    else out[key] = v
  }
  return out
}

/** The generator options of a `*_sequence` case (docs/spec §6.5) as the package's object. */
function optionsIn(o) {
  const out = {}
  if (o.node !== undefined) out.node = o.node
  if (o.seed !== undefined) out.seed = int(o.seed)
  if (o.max_lead_ms !== undefined) out.maxLeadMs = o.max_lead_ms
  if (o.on_clock_behind !== undefined) out.onClockBehind = o.on_clock_behind
  if (o.clock_micros !== undefined) out.clockMicros = int(o.clock_micros)
  return out
}

/** A thrown polyid error as `{ error: CODE }`; anything else is thrown on. */
function errorOut(e) {
  if (e instanceof Error && typeof e.code === 'string' && e.code) return { error: e.code }
  throw e
}

/**
 * A `xid_sequence`, `tid_sequence` or `euid_sequence` case (tests/vectors/generators.json,
 * tests/matrix/replay.json): builds the generator (a construction error is thrown), then per
 * step sets the manual clock if the step gives a time and takes `nextMany(count)`: the list of
 * canonical texts, or `{ error: CODE }`.
 */
function sequence(p, op, i) {
  const options = optionsIn(i.options ?? {})
  let g
  switch (op) {
    case 'xid_sequence':
      g = i.resume !== undefined ? p.XidGenerator.resume(i.resume, options) : new p.XidGenerator(options)
      break
    case 'tid_sequence':
      g =
        i.resume !== undefined
          ? p.TidGenerator.resume(i.resume, i.clock_id, options)
          : new p.TidGenerator(i.clock_id, options)
      break
    case 'euid_sequence':
      g =
        i.resume !== undefined
          ? p.EuidGenerator.resume(i.resume, i.extension, options)
          : new p.EuidGenerator(i.extension, options)
      break
    default:
      throw new Error(`unknown op ${op}`)
  }
  return i.steps.map((step) => {
    try {
      if (step.clock_micros !== undefined) g.setClockMicros(int(step.clock_micros))
      return g.nextMany(step.count).map(String)
    } catch (e) {
      return errorOut(e)
    }
  })
}

/**
 * `ADAPTER replay FILE` (tests/matrix/PROTOCOL.md): `{ <case name>: output or { error } }`
 * for every case of the file.
 */
function replay(p, file) {
  const doc = JSON.parse(fs.readFileSync(file, 'utf8'))
  const out = {}
  for (const c of doc.cases) {
    try {
      out[c.name] = sequence(p, c.op, c.input)
    } catch (e) {
      out[c.name] = errorOut(e)
    }
  }
  return out
}

function range(r) {
  return r === null ? null : [String(r[0]), String(r[1])]
}

/** Calls the operation of case `c` and returns its result in the vectors' JSON shape. */
function run(p, c) {
  const i = c.input
  const names = i.named_sequences
  switch (c.op) {
    case 'compact_id':
      return p.compactId(i.code, names)
    case 'normalize_code':
      return p.normalizeCode(i.code, names)
    case 'parse_code': {
      const r = p.parseCode(i.code, names)
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
      }
    }
    case 'namespace_hash':
      return p.namespaceHash(i.namespace)
    case 'full_id':
      return p.fullId(i.namespace, i.code, names)
    case 'parse_full_id': {
      const r = p.parseFullId(i.id)
      return { namespace_hash: r.namespaceHash, compact_id: r.compactId }
    }
    case 'uid11_encode':
      return p.uid11Encode(int(i.value))
    case 'uid11_decode':
      return String(p.uid11Decode(i.text))
    case 'uid11_prefix_range':
      return range(p.uid11PrefixRange(i.prefix))
    case 'xid_from_parts':
      return xidOut(p.Xid.fromParts(int(i.unix_ms), int(i.random)))
    case 'xid_parse':
      return xidOut(p.Xid.parse(i.text))
    case 'xid_prefix_range': {
      const r = p.xidPrefixRange(i.prefix)
      return r === null ? null : { min_unix_ms: r.minUnixMs, max_unix_ms: r.maxUnixMs }
    }
    case 'tid_from_parts':
      return tidOut(p.Tid.fromParts(int(i.micros), int(i.clock_id)))
    case 'tid_parse':
      return tidOut(p.Tid.parse(i.text))
    case 'tid_prefix_range':
      return range(p.tidPrefixRange(i.prefix))
    case 'euid_from_parts':
      return euidOut(
        p.Euid.fromParts(int(i.unix_ms), int(i.extension), int(i.padding), int(i.random)),
      )
    case 'euid_encode':
      return p.Euid.fromBigInt(int(i.value)).encode(i.checkmod)
    case 'euid_parse':
      return euidOut(p.Euid.parse(i.text))
    case 'euid_from_bytes':
      return euidOut(p.Euid.fromBytes(Buffer.from(i.hex, 'hex')))
    case 'catalog_build': {
      const cat = p.Catalog.build(i.entries.map(entryIn), i.namespace)
      return { ids: cat.ids() }
    }
    case 'catalog_load': {
      const cat = p.Catalog.load(i.json)
      const out = { count: cat.size, ids: cat.ids() }
      if (cat.namespaceHash !== null) out.namespace_hash = cat.namespaceHash
      return out
    }
    case 'catalog_expand':
      return expansionOut(p.Catalog.load(i.json).expand(i.id, i.fields))
    case 'catalog_expand_payload':
      // The order of a payload's expansions is not specified: compared sorted by code.
      return p.Catalog.load(i.json)
        .expandPayload(i.payload)
        .map(expansionOut)
        .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
    case 'catalog_canonical':
      return p.Catalog.load(i.json).canonicalBytes().toString('utf8')
    case 'catalog_sign': {
      const cat = p.Catalog.load(i.json)
      const secret = hexIn(i.secret_key)
      return {
        public_key: p.Catalog.keyPairFromSecret(secret).publicKey.toString('hex'),
        signature: cat.sign(secret).toString('hex'),
      }
    }
    case 'catalog_verify':
      p.Catalog.load(i.json).verify(hexIn(i.public_key), hexIn(i.signature))
      return true
    case 'extuuid_encode': {
      const uuid = p.extuuidEncode(i.text)
      const text = p.extuuidDecode(uuid)
      // The canonical text must read back to the same UUID.
      const again = p.extuuidEncode(text)
      if (again !== uuid) return { uuid, text, reencoded: again }
      return { uuid, text }
    }
    case 'extuuid_decode':
      return { text: p.extuuidDecode(i.uuid) }
    case 'extuuid_inspect':
      return inspectionOut(p.extuuidInspect(i.input))
    case 'xid_sequence':
    case 'tid_sequence':
    case 'euid_sequence':
      return sequence(p, c.op, i)
    default:
      throw new Error(`unknown op ${c.op}`)
  }
}

function canonical(v) {
  return JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? `${x}n` : x))
}

/**
 * Runs case `c` and compares: `{ pass: true }` or `{ pass: false, expected, got }`.
 * An error case passes when the thrown error is an `Error` with the expected `code` and the
 * `detail` fields (`index`, `character`, `found`, `expected`).
 */
function check(p, c) {
  let got
  try {
    got = run(p, c)
  } catch (e) {
    if (!(e instanceof Error) || typeof e.code !== 'string' || !e.code) {
      return { pass: false, expected: c.error ?? c.output, got: `non-polyid throw: ${e}` }
    }
    const gotErr = { error: e.code }
    if (c.detail) {
      gotErr.detail = {}
      for (const k of Object.keys(c.detail)) gotErr.detail[k] = e[k]
    }
    const expErr = { error: c.error }
    if (c.detail) expErr.detail = c.detail
    if ('error' in c && canonical(gotErr) === canonical(expErr)) return { pass: true }
    return { pass: false, expected: 'error' in c ? expErr : c.output, got: { ...gotErr, message: e.message } }
  }
  if ('error' in c) return { pass: false, expected: { error: c.error }, got }
  if (canonical(got) === canonical(c.output)) return { pass: true }
  return { pass: false, expected: c.output, got }
}

/** The cases of every `DIR/*.json` file, as `[family, case]` pairs in file order. */
function loadCases(dir) {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort((a, b) => {
      const ia = FAMILIES.indexOf(a.slice(0, -5))
      const ib = FAMILIES.indexOf(b.slice(0, -5))
      return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || a.localeCompare(b)
    })
  const out = []
  for (const f of files) {
    const doc = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'))
    const family = doc.family ?? f.slice(0, -5)
    for (const c of doc.cases) out.push([family, c])
  }
  return out
}

module.exports = { run, check, loadCases, canonical, replay }
