// Compiled with `tsc --noEmit` by tests/types.test.mjs: the declarations in js/polyid.d.ts
// describe the API as code uses it (values from docs/spec).
import init, {
  compactId, compactIds, normalizeCode, parseCode, namespaceHash, fullId, parseFullId,
  uid11Encode, uid11Decode, uid11PrefixRange, xidPrefixRange, tidPrefixRange,
  Xid, Tid, TidGenerator, Euid, EuidGenerator, ERROR_CODES, initSync,
  type ErrorCode, type PolyIdError, type ParsedCode, type FullIdParts, type XidTimeRange,
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
