// The ESM entry (`import` resolves to index.mjs, typed by index.d.mts).
import polyid, { compactId, Tid, type PolyIdError } from 'polyid'

const a: string = compactId('E.Auth.Token.001')
const b: string = polyid.compactId('E.Auth.Token.001')
const t: Tid = polyid.Tid.parse('3kxnlhr3gxq23')
const c: bigint = Tid.parse('3kxnlhr3gxq23').micros
export type { PolyIdError }
