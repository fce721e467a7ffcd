// Types of the ES module entry (index.mjs): the named exports of the CommonJS entry, and the
// same object as the default export.
import * as polyid from './index.js'

export * from './index.js'
export default polyid
