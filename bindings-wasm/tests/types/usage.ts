// Compiled with `tsc --noEmit` by tests/types.test.mjs: the declarations in js/polyid.d.ts
// describe the API as code uses it (values from docs/spec).
import init, {
  compactId, compactIds, normalizeCode, parseCode, namespaceHash, fullId, parseFullId,
  uid11Encode, uid11Decode, uid11PrefixRange, xidPrefixRange, tidPrefixRange,
  Xid, Tid, TidGenerator, Euid, EuidGenerator, ERROR_CODES, initSync,
  XidGenerator, setNode, node, setNodeRequired, nodeRequired,
  type ErrorCode, type PolyIdError, type ParsedCode, type FullIdParts, type XidTimeRange,
  type GeneratorOptions, type EuidGeneratorOptions, type TidClone, type XidClone,
} from 'polyid-wasm';

async function main(): Promise<void> {
  await init();
  await init({ module_or_path: new URL('https://example.invalid/polyid_wasm_bg.wasm') });
  const id: string = compactId('E.Auth.Token.MISSING', { RATE_LIMITED: 42 });
  const ids: string[] = compactIds(['E.A.B.001'], null);
  const n: string = normalizeCode(' e.auth.token.001 ');
  const p: ParsedCode = parseCode('E.Auth.Token.001');
  const prio: number = p.priority;
  const blocking: boolean = p.blocking;
  const ns: string = namespaceHash('auth_lib');
  const full: string = fullId('auth_lib', 'E.Auth.Token.001');
  const parts: FullIdParts = parseFullId(full);
  const text: string = uid11Encode(2n ** 64n - 1n) + uid11Encode(58);
  const v: bigint = uid11Decode(text);
  const r: [bigint, bigint] | null = uid11PrefixRange('i');
  const xr: XidTimeRange | null = xidPrefixRange('');
  const tr: [bigint, bigint] | null = tidPrefixRange('3kxn');

  const x: Xid = Xid.fromParts(1321009871111, 0);
  const xd: Date = x.toDate();
  const xv: bigint = x.value;
  const t: Tid = Tid.fromParts(1721407246480310n, 1);
  const micros: bigint = t.micros;
  const clock: number = t.clockId;
  const disp: string = t.display();
  const tg = new TidGenerator();
  const many: Tid[] = tg.nextMany(3);
  const e: Euid = Euid.fromParts(1700000000000, 255, 0, 0x0123456789abcdefn);
  const ext: number | null = e.extension;
  const bytes: Uint8Array = e.bytes;
  const nocheck: string = e.encode(false);
  const eg = new EuidGenerator(7);
  const next: Euid = eg.next();
  const ord: number = next.compare(e);
  const codes: readonly ErrorCode[] = ERROR_CODES;
  // Clones: what structuredClone and postMessage keep, and `from`.
  const tc: TidClone = structuredClone(t);
  const tcText: string = tc.text + t.text;
  const tcType: 'Tid' = t.type;
  const tf: Tid = Tid.from(tc);
  const xf: Xid = Xid.from('4h1dcciS8r7');
  const ef: Euid = Euid.from({ type: 'Euid', text: e.text });
  const xcl: XidClone = { type: 'Xid', text: x.text };
  const tgr: TidGenerator = TidGenerator.resume(tc);
  const refused: symbol = tg.uncloneable;
  // @ts-expect-error: a Xid's clone is not a Tid's
  Tid.from(xcl);
  // Generators, options and the module instance's node (docs/spec §6).
  setNode(5);
  setNode(null);
  setNodeRequired(false);
  const pn: number | null = node();
  const req: boolean = nodeRequired();
  const opts: GeneratorOptions = { node: 5, seed: 42n, maxLeadMs: 1000, onClockBehind: 'fail', clockMicros: 1700000000000000n };
  const eopts: EuidGeneratorOptions = { seed: 1, clockMicros: 0 };
  // @ts-expect-error: EUIDs take no node
  const eoptsBad: EuidGeneratorOptions = { node: 1 };
  const xg = new XidGenerator(opts);
  const xg2: XidGenerator = XidGenerator.resume(xg.next(), { node: 5, clockMicros: 0n });
  const xg3: XidGenerator = XidGenerator.resume('4h1dcciS9ty');
  const xn: number | null = xg.node;
  const xl: number = xg.lane + xg.leadMs + xg.maxLeadMs;
  const xp: 'fail' | 'wait' = xg.onClockBehind;
  xg.setClockMicros(1700000000001000n);
  const xs: string[] = xg.nextManyStrings(2).concat(xg.nextString());
  const xm: Xid[] = xg.nextMany(2);
  const tg2: TidGenerator = new TidGenerator(null, { node: 7, clockMicros: 0 });
  const tg3: TidGenerator = TidGenerator.resume(tg2.next(), null, { node: 7 });
  const tn: number | null = tg2.node;
  const eg2: EuidGenerator = new EuidGenerator(null, eopts);
  const eg3: EuidGenerator = EuidGenerator.resume('C8ZM14GR4JXG0MQXVY18S8TJNA6', 3, eopts);
  eg2.setClockMicros(5);
  const el: number = eg2.leadMs + eg3.maxLeadMs;
  console.log(pn, req, xg2, xg3, xn, xl, xp, xs, xm, tg3, tn, el, eoptsBad);
  try {
    Tid.parse('3KXNLHR3GXQ23');
  } catch (err) {
    const pe = err as PolyIdError;
    const code: ErrorCode = pe.code;
    const index: number | undefined = pe.index;
    console.log(code, index);
  }
  console.log(id, ids, n, prio, blocking, ns, parts, v, r, xr, tr, xd, xv, micros, clock, disp, many, ext, bytes, nocheck, ord, codes);
  initSync(new Uint8Array(0));
  // @ts-expect-error: the classes have no public constructor
  new Tid();
  // @ts-expect-error: compactId takes a string
  compactId(5);
}
void main;
