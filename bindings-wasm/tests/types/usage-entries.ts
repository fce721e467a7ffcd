// Compiled with `tsc --noEmit` by tests/types.test.mjs: the declarations of the catalog and
// EXTUUID entries (js/catalog.d.ts, js/extuuid.d.ts) describe them as code uses them.
import initCatalog, {
  Catalog, ERROR_CODES,
  type CatalogEntry, type CatalogEntryInput, type CatalogExpansion, type CatalogKeyPair, type CollisionGroup,
  type PolyIdError,
} from 'polyid-wasm/catalog';
import initExtuuid, { extuuidEncode, extuuidDecode, extuuidInspect, type ExtuuidInspection } from 'polyid-wasm/extuuid';

async function main(): Promise<void> {
  await initCatalog();
  await initExtuuid({ module_or_path: new URL('https://example.invalid/polyid_extuuid_bg.wasm') });
  const entries: CatalogEntryInput[] = [{ code: 'E.Auth.Token.001', message: 'token missing for {{user}}', hints: ['log in'] }];
  const built: Catalog = Catalog.build(entries, 'auth_lib');
  const c: Catalog = Catalog.load('{"V6a0B": ["E.AUTH.TOKEN.001", "token missing for {{user}}"]}');
  const again: Catalog = Catalog.load({ V6a0B: ['E.AUTH.TOKEN.001', 'm'] });
  const e: CatalogExpansion = c.expand('V6a0B', { user: 'ada', n: 12, big: 1n });
  const m: string = c.expand('V6a0B', new Map([['user', 'ada']])).message;
  const list: CatalogExpansion[] = c.expandPayload('{"V6a0B": {"f": {"user": "ada"}}}');
  const entry: CatalogEntry | null = c.get('V6a0B');
  const docs: string | undefined = entry?.docsUrl;
  const size: number = c.size + again.size;
  const ids: string[] = c.ids();
  const text: string = c.toJson('compact');
  const bytes: Uint8Array = c.canonicalBytes();
  const key: CatalogKeyPair = Catalog.generateKeyPair();
  const rfc: CatalogKeyPair = Catalog.keyPairFromSecret(new Uint8Array(32));
  const sig: Uint8Array = c.sign(key.secretKey);
  c.verify(key.publicKey, sig);
  const groups: CollisionGroup[] = Catalog.collisions(['C.AUTH.READ.974', 'S.AUTH.READ.898']);
  const odds: number = Catalog.expectedCollisions(1000) + Catalog.collisionProbability(1000n);
  const ns: string | null = built.namespaceHash;
  built.free();
  try {
    c.expand('35Jkp');
  } catch (err) {
    const code: string = (err as PolyIdError).code;
    console.log(code, ERROR_CODES.length);
  }
  const uuid: string = extuuidEncode('fixedB4:GBP$:222.31');
  const printed: string = extuuidDecode(uuid);
  const i: ExtuuidInspection = extuuidInspect(uuid);
  if (i.kind === 'fixed') {
    const amount: bigint = i.amount;
    console.log(amount);
  } else if (i.kind === 'float_vector') {
    const values: number[] = i.values;
    console.log(values);
  }
  console.log(e, m, list, docs, size, ids, text, bytes, rfc, groups, odds, ns, printed);
}

void main();
