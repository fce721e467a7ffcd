// TypeScript check of the whole API (`tsc --noEmit -p test/tsconfig.json`): every export is
// used with its declared types, so a wrong declaration in index.d.ts fails the build.
import {
  ERROR_CODES,
  Catalog,
  Euid,
  EuidGenerator,
  Tid,
  TidGenerator,
  Xid,
  XidGenerator,
  type XidClone,
  type TidClone,
  type EuidClone,
  type IdClone,
  compactId,
  compactIds,
  compactIdsInto,
  compactIdsJoined,
  extuuidDecode,
  extuuidEncode,
  extuuidInspect,
  fullId,
  namespaceHash,
  node,
  nodeRequired,
  normalizeCode,
  parseCode,
  parseFullId,
  setNode,
  setNodeRequired,
  tidPrefixRange,
  uid11Decode,
  uid11Encode,
  uid11PrefixRange,
  xidPrefixRange,
  type CatalogEntry,
  type CatalogEntryInput,
  type CatalogExpansion,
  type CatalogKeyPair,
  type CollisionGroup,
  type ErrorCode,
  type EuidGeneratorOptions,
  type GeneratorOptions,
  type ExtuuidInspection,
  type FullIdParts,
  type ParsedCode,
  type PolyIdError,
  type XidTimeRange,
} from 'polyid'

// WDP
const id: string = compactId('E.Auth.Token.001')
const id2: string = compactId('E.Api.Quota.RATE_LIMITED', { RATE_LIMITED: 42 })
const ids: string[] = compactIds(['E.A.B.001', 'E.A.B.002'], null)
const idsJoined: string = compactIdsJoined('E.A.B.001\nE.A.B.002', { X: 5 })
const idsWritten: number = compactIdsInto(['E.A.B.001'], Buffer.alloc(5)) + compactIdsInto([], new Uint8Array(0), null)
const norm: string = normalizeCode(' e.auth.token.MISSING ', { X: 5 })
const parsed: ParsedCode = parseCode('E.Auth.Token.001')
const fields: [string, string, number, boolean, string, string, number, string, string] = [
  parsed.severity, parsed.meaning, parsed.priority, parsed.blocking, parsed.component,
  parsed.primary, parsed.sequence, parsed.normalized, parsed.compactId,
]
const nsh: string = namespaceHash('auth_lib')
const full: string = fullId('auth_lib', 'E.Auth.Token.001')
const full2: string = fullId('auth_lib', 'E.Auth.Token.X', { X: 7 })
const parts: FullIdParts = parseFullId(full)
const halves: string = parts.namespaceHash + parts.compactId

// uid11
const u: string = uid11Encode(2n ** 64n - 1n)
const u2: string = uid11Encode(58)
const uv: bigint = uid11Decode(u)
const ur: [bigint, bigint] | null = uid11PrefixRange('i')

// xid
const x: Xid = Xid.generate()
const xs: Xid[] = Xid.generateMany(3)
const xstr: string = Xid.generateString()
const x2: Xid = Xid.fromParts(1700000000000, 4660)
const x3: Xid = Xid.fromDate(new Date(), 1)
const x4: Xid = Xid.fromDate(new Date())
const x5: Xid = Xid.parse(xstr)
const x6: Xid = Xid.fromBigInt(5n)
const xv: bigint = x.value
const xms: number = x.unixMs
const xr: number = x.random
const xd: Date = x.toDate()
const xt: string = x.toString() + x.toJSON()
const xeq: boolean = x.equals(x2)
const xcmp: number = x.compare(x2)
const xrange: XidTimeRange | null = xidPrefixRange('113')
const xmin: number | undefined = xrange?.minUnixMs
const xmax: number | undefined = xrange?.maxUnixMs

// TID
const t: Tid = Tid.generate()
const tstr: string = Tid.generateString()
const t2: Tid = Tid.fromParts(1721407246480310n, 1)
const t3: Tid = Tid.fromParts(5n)
const t4: Tid = Tid.fromDate(new Date(), 3)
const t5: Tid = Tid.parse('3kxn-lhr-3gxq-23')
const t6: Tid = Tid.fromBigInt(t2.value)
const tus: bigint = t.micros
const tcid: number = t.clockId
const tval: bigint = t.value
const tdisp: string = t.display()
const td: Date = t.toDate()
const tt: string = t.toString() + t.toJSON()
const teq: boolean = t.equals(t2)
const tcmp: number = t.compare(t2)
const tr: [bigint, bigint] | null = tidPrefixRange('3kxn')
const tg: TidGenerator = new TidGenerator()
const tg2: TidGenerator = new TidGenerator(5)
const tgc: number = tg.clockId
const tn: Tid = tg.next()
const tns: string = tg.nextString()
const tnm: Tid[] = tg.nextMany(10)
const tnms: string[] = tg2.nextManyStrings(10)

// EUID
const e: Euid = Euid.generate()
const e1: Euid = Euid.generate(7)
const estr: string = Euid.generateString(null)
const e2: Euid = Euid.fromParts(1700000000000, 255, 0, 0x0123456789abcdefn)
const e3: Euid = Euid.fromParts(1700000000000)
const e4: Euid = Euid.fromBigInt(0x623f40921824bb0052fddf828ca352aan)
const e5: Euid = Euid.fromBytes(e2.bytes)
const e6: Euid = Euid.fromBytes(new Uint8Array(16))
const e7: Euid = Euid.fromDate(new Date(), 3)
const e8: Euid = Euid.parse('C8ZM14GR4JXG0MQXVY18S8TJNA6')
const ev: bigint = e.value
const eb: Buffer = e.bytes
const ems: number = e.unixMs
const eext: number | null = e.extension
const epad: number = e.padding
const ecm: number = e.checkmod
const eenc: string = e.encode() + e.encode(false)
const enext: Euid = e.next()
const ed: Date = e.toDate()
const et: string = e.toString() + e.toJSON()
const eeq: boolean = e.equals(e2)
const ecmp: number = e.compare(e2)
const eg: EuidGenerator = new EuidGenerator(42)
const egx: number | null = eg.extension
const en: Euid = eg.next()
const ens: string = eg.nextString()
const enm: Euid[] = eg.nextMany(10)
const enms: string[] = new EuidGenerator().nextManyStrings(10)

// Catalogs
const entries: CatalogEntryInput[] = [
  { code: 'E.Auth.Token.001', message: 'token missing for {{user}}', hints: ['h'], docsUrl: 'u' },
  { code: 'W.A.B.002', message: 'm', description: null, tags: ['t'] },
]
const cat: Catalog = Catalog.build(entries)
const catNs: Catalog = Catalog.build(entries, 'auth_lib')
const cat2: Catalog = Catalog.load(cat.toJson('compact'))
const catJson: string = cat.toJson() + cat.toJson('full') + cat.toJson('minimal')
const catBytes: Buffer = cat.canonicalBytes()
const catExp: CatalogExpansion = cat.expand('V6a0B', { user: 'ada', n: 1, big: 2n })
const catExp2: CatalogExpansion = cat.expand('KF52S')
const catExpFields: string = catExp.id + catExp.code + catExp.severity + catExp.message
const catPayload: CatalogExpansion[] = cat.expandPayload('{"KF52S": {}}')
const catSize: number = cat.size
const catHas: boolean = cat.has('V6a0B')
const catIds: string[] = cat.ids()
const catEntry: CatalogEntry | null = cat.get('V6a0B')
const catEntryDesc: string | undefined = catEntry?.description
const catEntryLists: string[] | undefined = catEntry?.hints.concat(catEntry.tags, catEntry.fields)
const kp: CatalogKeyPair = Catalog.generateKeyPair()
const kp2: CatalogKeyPair = Catalog.keyPairFromSecret(new Uint8Array(32))
const sig: Buffer = cat.sign(kp.secretKey)
const verified: void = cat.verify(kp.publicKey, sig)
const groups: CollisionGroup[] = Catalog.collisions(['E.A.B.001'])
const groupCodes: string[] = groups.length ? groups[0].codes.concat(groups[0].id) : []
const expected: number = Catalog.expectedCollisions(1000) + Catalog.collisionProbability(10n)
const catMeta: [string, string, string | null, string | null] = [
  cat.version, cat.generated, catNs.namespace, catNs.namespaceHash,
]
// @ts-expect-error an entry needs a message
Catalog.build([{ code: 'E.A.B.001' }])
// @ts-expect-error not a form
cat.toJson('pretty')

// EXTUUID
const uuid: string = extuuidEncode('fixedB4:GBP$:222.31')
const printed: string = extuuidDecode(uuid)
const insp: ExtuuidInspection = extuuidInspect(uuid)
const inspBase: string = insp.kind + insp.uuid + insp.text
if (insp.kind === 'fixed') {
  const amount: bigint = insp.amount
  const places: bigint = insp.places
} else if (insp.kind === 'quant') {
  const value: number = insp.value
  const ctx: bigint = insp.context
} else if (insp.kind === 'generic_float_vector') {
  const eb: bigint = insp.exponentBits
  const els: bigint[] = insp.elements
} else if (insp.kind === 'float_vector') {
  const vals: number[] = insp.values
  const ctx: bigint | string = insp.context
  // @ts-expect-error values are numbers, not bigints
  const wrong: bigint[] = insp.values
}

// Generators, options and the process node
const opts: GeneratorOptions = { node: 5, seed: 42n, maxLeadMs: 1000, onClockBehind: 'wait', clockMicros: 1700000000000000n }
const opts2: GeneratorOptions = { seed: 42, clockMicros: 1700000000000000, node: null }
const eopts: EuidGeneratorOptions = { seed: 1, maxLeadMs: 5, onClockBehind: 'fail', clockMicros: 0n }
// @ts-expect-error EUIDs take no node
const eoptsBad: EuidGeneratorOptions = { node: 1 }
// @ts-expect-error the policy is 'fail' or 'wait'
const optsBad: GeneratorOptions = { onClockBehind: 'sleep' }
const xg: XidGenerator = new XidGenerator(opts)
const xg2: XidGenerator = new XidGenerator()
const xg3: XidGenerator = XidGenerator.resume(xg.next(), opts2)
const xg4: XidGenerator = XidGenerator.resume('4h1dcciS9ty')
const xgn: number | null = xg.node
const xgl: number = xg.lane + xg.leadMs + xg.maxLeadMs
const xgp: 'fail' | 'wait' = xg.onClockBehind
xg.setClockMicros(1700000000001000n)
xg.setClockMicros(1700000000002000)
const xgx: Xid = xg.next()
const xgs: string = xg.nextString()
const xgm: Xid[] = xg.nextMany(3)
const xgms: string[] = xg.nextManyStrings(3)
const tgo: TidGenerator = new TidGenerator(null, opts2)
const tgo2: TidGenerator = new TidGenerator(5, { clockMicros: 0 })
const tgr: TidGenerator = TidGenerator.resume(tgo.next(), null, opts2)
const tgr2: TidGenerator = TidGenerator.resume('3kxnlhr3gxq23', 7)
const tgn: number | null = tgo.node
const tgl: number = tgo.leadMs + tgo.maxLeadMs
const tgp: 'fail' | 'wait' = tgo.onClockBehind
tgo.setClockMicros(5n)
const ego: EuidGenerator = new EuidGenerator(null, eopts)
const egr: EuidGenerator = EuidGenerator.resume(ego.next(), 3, eopts)
const egr2: EuidGenerator = EuidGenerator.resume('C8ZM14GR4JXG0MQXVY18S8TJNA6')
const egl: number = ego.leadMs + ego.maxLeadMs
const egp: 'fail' | 'wait' = ego.onClockBehind
ego.setClockMicros(5)
setNode(5)
setNode(null)
setNodeRequired(true)
const pn: number | null = node()
const pr: boolean = nodeRequired()
// @ts-expect-error a node is a number
setNode('5')

// Cloning: the own properties, `from` and the clone types
const xc: XidClone = structuredClone(x)
const xcType: 'Xid' = xc.type
const xcText: string = x.text + xc.text
const tc: TidClone = { type: t.type, text: t.text }
const ec: EuidClone = structuredClone(Euid.generate())
const idc: IdClone<'Xid' | 'Tid' | 'Euid'> = ec
const xf: Xid = Xid.from(xc)
const xf2: Xid = Xid.from(x)
const xf3: Xid = Xid.from('4h1dcciS8r7')
const tf: Tid = Tid.from(tc)
const ef: Euid = Euid.from(ec)
const xgr: XidGenerator = XidGenerator.resume(xc)
const tgResumed: TidGenerator = TidGenerator.resume(tc, 7)
const egResumed: EuidGenerator = EuidGenerator.resume(ec)
const gu: symbol = new TidGenerator().uncloneable
const cu: symbol = Catalog.build([]).uncloneable
// @ts-expect-error a Tid's clone is not a Xid's
Xid.from(tc)
// @ts-expect-error a Tid is not a Xid (their `type`s differ)
const notXid: Xid = t
// @ts-expect-error a clone has a text
Tid.from({ type: 'Tid' })

// Errors
const codes: readonly ErrorCode[] = ERROR_CODES
try {
  compactId('nope')
} catch (err) {
  const e = err as PolyIdError
  const code: ErrorCode = e.code
  const isNodeCode: boolean = code === 'NODE_REQUIRED' || code === 'NODE_IN_USE' || code === 'CLOCK_BEHIND'
  const msg: string = e.message
  const index: number | undefined = e.index
  const ch: string | undefined = e.character
  const found: number | bigint | undefined = e.found
  const expected: number | undefined = e.expected
  const range: [number | bigint | undefined, number | bigint | undefined] = [e.min, e.max]
  const item: number | undefined = e.item
}

// @ts-expect-error a number is not a valid code
compactId(5)
// @ts-expect-error micros must be a bigint or number, not a string
Tid.fromParts('1')

export {}
