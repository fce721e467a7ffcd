// ES module entry of polyid: the same objects as the CommonJS entry (index.js, which loads the
// native addon). Nothing is computed here.
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const binding = require('./index.js')

export const {
  ERROR_CODES,
  Catalog,
  Euid,
  EuidGenerator,
  Tid,
  TidGenerator,
  Xid,
  XidGenerator,
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
} = binding

export default binding
