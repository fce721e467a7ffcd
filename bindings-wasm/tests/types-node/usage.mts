// Compiled with `tsc --noEmit` (module NodeNext) by tests/types.test.mjs: `import` of the
// package in Node resolves through package.json "exports" to the ES module types.
import init, { compactId, Tid, Euid } from 'polyid-wasm';

await init();
const id: string = compactId('E.Auth.Token.MISSING');
const micros: bigint = Tid.parse('3kxnlhr3gxq23').micros;
const bytes: Uint8Array = Euid.fromBigInt(1n).bytes;
console.log(id, micros, bytes);

// The other entries through "exports": polyid-wasm/catalog and polyid-wasm/extuuid.
import { Catalog } from 'polyid-wasm/catalog';
import { extuuidInspect } from 'polyid-wasm/extuuid';

const message: string = Catalog.load('{"V6a0B": ["E.AUTH.TOKEN.001", "m"]}').expand('V6a0B').message;
const kind: string = extuuidInspect('int:212323232423').kind;
console.log(message, kind);
