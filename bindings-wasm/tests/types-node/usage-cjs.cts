// `require` of the package in Node (module NodeNext): the CommonJS types.
import polyid = require('polyid-wasm');

const id: string = polyid.compactId('E.Auth.Token.MISSING');
const t: polyid.Tid = polyid.Tid.parse('3kxnlhr3gxq23');
console.log(id, t.display());
