// `require` of the package in Node (module NodeNext): the CommonJS types.
import polyid = require('polyid-wasm');

const id: string = polyid.compactId('E.Auth.Token.MISSING');
const t: polyid.Tid = polyid.Tid.parse('3kxnlhr3gxq23');
console.log(id, t.display());

import catalog = require('polyid-wasm/catalog');
import extuuid = require('polyid-wasm/extuuid');

const sig: Uint8Array = catalog.Catalog.load('{}').sign(catalog.Catalog.generateKeyPair().secretKey);
const uuid: string = extuuid.extuuidEncode('int:212323232423');
console.log(sig.length, uuid);
