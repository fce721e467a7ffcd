'use strict'
// CommonJS entry of polyid: the native addon of this platform, found by loader.js (a release's
// platform package, or a local build from source). Nothing is computed here.
module.exports = require('./loader.js').load()
