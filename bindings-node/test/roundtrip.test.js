'use strict'
// Round trips on 10,000 generated IDs per family, and interoperability of TIDs with the
// AT Protocol libraries (@atproto/syntax isValidTid, @atproto/common-web TID).
const { test } = require('node:test')
const assert = require('node:assert/strict')

const p = require('..')
const { Xid, Tid, TidGenerator, Euid, EuidGenerator } = p
const { isValidTid } = require('@atproto/syntax')
const { TID } = require('@atproto/common-web')

const N = 10000
const U64 = (1n << 64n) - 1n

test(`uid11: ${N} random 64-bit values round-trip`, () => {
  const { randomBytes } = require('node:crypto')
  const buf = randomBytes(8 * N)
  for (let i = 0; i < N; i++) {
    const v = buf.readBigUInt64BE(8 * i) >> BigInt(i % 64) // all magnitudes
    const s = p.uid11Encode(v)
    assert.equal(s.length, 11)
    assert.equal(p.uid11Decode(s), v)
    const [lo, hi] = p.uid11PrefixRange(s)
    assert.equal(lo, v)
    assert.equal(hi, v)
  }
})

test(`xid: ${N} generated round-trip (text, value, parts)`, () => {
  const xs = Xid.generateMany(N)
  assert.equal(xs.length, N)
  const seen = new Set()
  for (const x of xs) {
    const s = x.toString()
    seen.add(s)
    const back = Xid.parse(s)
    assert.equal(back.value, x.value)
    assert.equal(Xid.fromBigInt(x.value).toString(), s)
    assert.equal(Xid.fromParts(x.unixMs, x.random).value, x.value)
    assert.equal(Xid.fromDate(x.toDate(), x.random).toString(), s)
    const r = p.xidPrefixRange(s)
    assert.deepEqual(r, { minUnixMs: x.unixMs, maxUnixMs: x.unixMs })
  }
  assert.equal(seen.size, N, 'one generateMany call never repeats an xid')
})

test(`tid: ${N} generated round-trip (text, display, value, parts)`, () => {
  const g = new TidGenerator()
  const ts = g.nextMany(N / 2).concat(Array.from({ length: N / 2 }, () => Tid.parse(g.nextString())))
  let prev = ''
  for (const t of ts) {
    const s = t.toString()
    assert.ok(s > prev)
    prev = s
    assert.equal(Tid.parse(s).value, t.value)
    assert.equal(Tid.parse(t.display()).value, t.value)
    assert.equal(Tid.fromBigInt(t.value).toString(), s)
    assert.equal(Tid.fromParts(t.micros, t.clockId).toString(), s)
    assert.equal(t.value, (t.micros << 10n) | BigInt(t.clockId))
    const [lo, hi] = p.tidPrefixRange(s.slice(0, 11))
    assert.equal(lo, t.micros)
    assert.equal(hi, t.micros)
  }
})

test(`euid: ${N} generated round-trip (text, bytes, value, parts), with and without extension`, () => {
  const plain = new EuidGenerator().nextMany(N / 2)
  const ext = Array.from({ length: N / 2 }, (_, i) => Euid.generate(i % 32768))
  for (const e of plain.concat(ext)) {
    const s = e.toString()
    assert.equal(Euid.parse(s).value, e.value)
    assert.equal(Euid.parse(s.toLowerCase()).value, e.value)
    assert.equal(Euid.parse(e.encode(false)).value, e.value)
    assert.equal(Euid.fromBytes(e.bytes).value, e.value)
    assert.equal(Euid.fromBigInt(e.value).toString(), s)
    const rebuilt = Euid.fromParts(e.unixMs, e.extension, e.padding, e.value & U64)
    assert.equal(rebuilt.value, e.value)
  }
  ext.forEach((e, i) => assert.equal(e.extension, i % 32768))
})

test(`wdp: ${N} random valid codes (single, batch, normalized, parsed agree)`, () => {
  const letters = 'EWCBSKITHewcbskith'
  const alpha = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
  const alnum = alpha + '0123456789'
  let seed = 12345
  const rnd = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed % n
  }
  const field = () => {
    let s = alpha[rnd(alpha.length)]
    const len = rnd(16)
    for (let i = 0; i < len; i++) s += alnum[rnd(alnum.length)]
    return s
  }
  const codes = []
  for (let i = 0; i < N; i++) {
    const seq = String(1 + rnd(999)).padStart(3, '0')
    codes.push(`${letters[rnd(letters.length)]}.${field()}.${field()}.${seq}`)
  }
  const batch = p.compactIds(codes)
  assert.equal(batch.length, N)
  codes.forEach((code, i) => {
    const id = p.compactId(code)
    assert.match(id, /^[0-9A-Za-z]{5}$/)
    assert.equal(batch[i], id)
    const norm = p.normalizeCode(code)
    assert.equal(norm, code.toUpperCase())
    assert.equal(p.compactId(norm), id)
    assert.equal(p.parseCode(code).compactId, id)
  })
})

test(`atproto: ${N} TIDs generated here validate with @atproto/syntax and parse identically with @atproto/common-web`, () => {
  const g = new TidGenerator()
  const texts = g.nextManyStrings(N / 2).concat(Array.from({ length: N / 2 }, () => Tid.generateString()))
  for (const s of texts) {
    assert.ok(isValidTid(s), `isValidTid(${s})`)
    assert.ok(TID.is(s))
    const theirs = TID.fromStr(s)
    const ours = Tid.parse(s)
    assert.equal(BigInt(theirs.timestamp()), ours.micros)
    assert.equal(theirs.clockid(), ours.clockId)
    assert.equal(theirs.toString(), ours.toString())
    assert.equal(theirs.formatted(), ours.display())
  }
})

test(`atproto: ${N} TIDs made by @atproto/common-web parse here to the same timestamp and clock id`, () => {
  const fromNext = Array.from({ length: N / 2 }, () => TID.nextStr())
  const fromTime = Array.from({ length: N / 2 }, (_, i) => {
    const us = 1700000000000000 + i * 7919 * 1000003
    return TID.fromTime(us, i % 1024).toString()
  })
  for (const s of fromNext.concat(fromTime)) {
    const theirs = TID.fromStr(s)
    const ours = Tid.parse(s)
    assert.equal(ours.micros, BigInt(theirs.timestamp()))
    assert.equal(ours.clockId, theirs.clockid())
    assert.equal(ours.toString(), s)
    assert.equal(Tid.fromParts(BigInt(theirs.timestamp()), theirs.clockid()).toString(), s)
  }
})
