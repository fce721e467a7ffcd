'use strict'
// The addon loader (loader.js): its platform list matches the release targets, and where no
// addon fits, the error names the platform, the package looked for and the way to build one.
// Other platforms are faked in a child process by redefining process.arch / process.platform
// before the package is required.
const { test } = require('node:test')
const assert = require('node:assert/strict')
const { spawnSync } = require('node:child_process')
const path = require('node:path')

const pkgDir = path.resolve(__dirname, '..')
const { PLATFORMS, platformKey, platformPackage } = require('../loader.js')
const { version, napi } = require('../package.json')

/** Requires the package in a child whose process.platform/arch are `platform`/`arch`. */
function requireAs(platform, arch, env = {}) {
  const script = `
    Object.defineProperty(process, 'platform', { value: ${JSON.stringify(platform)} })
    Object.defineProperty(process, 'arch', { value: ${JSON.stringify(arch)} })
    try { require(${JSON.stringify(pkgDir)}); console.log(JSON.stringify({ loaded: true })) }
    catch (e) { console.log(JSON.stringify({ code: e.code, platform: e.platform, message: e.message })) }`
  // The caller's own override would answer for every platform: only `env` sets it here.
  const { POLYID_NATIVE_LIBRARY_PATH: _, ...inherited } = process.env
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', env: { ...inherited, ...env } })
  assert.equal(r.status, 0, r.stderr)
  return JSON.parse(r.stdout)
}

test('loader: the platform list is package.json napi.targets', () => {
  const key = (triple) => {
    const [arch, , os, abi] = triple.split('-')
    const a = { x86_64: 'x64', aarch64: 'arm64' }[arch]
    if (os === 'linux') return `linux-${a}-${abi}`
    if (os === 'darwin') return `darwin-${a}`
    return `win32-${a}-msvc`
  }
  assert.deepEqual([...PLATFORMS].sort(), napi.targets.map(key).sort())
})

test('loader: every platform package is under the one scope @polyid', () => {
  assert.deepEqual(PLATFORMS.map(platformPackage), PLATFORMS.map((k) => `@polyid/${k}`))
})

test('loader: this machine is linux-x64-gnu and loads the local build', () => {
  assert.equal(platformKey(), 'linux-x64-gnu')
  assert.equal(requireAs('linux', 'x64').loaded, true)
})

test('loader: a platform with no prebuilt addon gets an error naming it and the source build', () => {
  const e = requireAs('linux', 'riscv64')
  assert.equal(e.code, 'ERR_POLYID_NATIVE_ADDON')
  assert.equal(e.platform, 'linux-riscv64-gnu')
  assert.match(e.message, /no prebuilt native addon for this platform \(linux-riscv64-gnu, Node v/)
  assert.match(e.message, /the package @polyid\/linux-riscv64-gnu: not installed/)
  assert.match(e.message, /polyid\.linux-riscv64-gnu\.node: no such file/)
  assert.match(e.message, /To build the addon from source \(needs Rust and a C linker\): clone https:\/\/github\.com\//)
  assert.match(e.message, /npm ci && npm run build/)
  assert.match(e.message, /POLYID_NATIVE_LIBRARY_PATH/)
  assert.match(e.message, /polyid-wasm/)
  assert.doesNotMatch(e.message, /npm has a bug/)
})

test('loader: a released platform whose package npm left out gets the install command', () => {
  const e = requireAs('linux', 'arm64')
  assert.equal(e.platform, 'linux-arm64-gnu')
  assert.match(e.message, /the native addon for linux-arm64-gnu is missing/)
  assert.match(e.message, new RegExp(`npm install @polyid/linux-arm64-gnu@${version.replaceAll('.', '\\.')}`))
  const mac = requireAs('darwin', 'arm64')
  assert.equal(mac.platform, 'darwin-arm64')
  assert.match(mac.message, /@polyid\/darwin-arm64@/)
  const win = requireAs('win32', 'x64')
  assert.equal(win.platform, 'win32-x64-msvc')
})

test('loader: POLYID_NATIVE_LIBRARY_PATH is used, and a bad one is a clear error', () => {
  const own = path.join(pkgDir, `polyid.${platformKey()}.node`)
  assert.equal(requireAs('linux', 'x64', { POLYID_NATIVE_LIBRARY_PATH: own }).loaded, true)
  const e = requireAs('linux', 'x64', { POLYID_NATIVE_LIBRARY_PATH: '/nonexistent/polyid.node' })
  assert.equal(e.code, 'ERR_POLYID_NATIVE_ADDON')
  assert.match(e.message, /POLYID_NATIVE_LIBRARY_PATH=\/nonexistent\/polyid\.node could not be loaded/)
})
