'use strict'
// Finds and loads the native addon of this platform.
//
// A release of `polyid` ships its addon in one npm package per platform, all under the scope
// `@polyid` (`@polyid/linux-x64-gnu`, ...), listed in its optionalDependencies: npm installs
// the one whose os/cpu/libc fields match the machine. A build from source leaves
// `polyid.<platform>.node` next to this file instead. When neither is there, the error names
// the platform, what was looked for and how to get an addon, rather than failing later with a
// bare "Cannot find module".

const { existsSync, readFileSync } = require('node:fs')
const { dirname, join } = require('node:path')

// The npm scope of the platform packages, `@polyid/<platform>`: one scope, held by the
// project, so that no one else can publish a package by a future platform's name.
// release/npm-packages.mjs names the packages with platformPackage() below.
const PLATFORM_SCOPE = '@polyid'

// The platforms a release ships packages for (the same list as package.json `napi.targets`;
// test/loader.test.js keeps the two equal).
const PLATFORMS = [
  'linux-x64-gnu',
  'linux-x64-musl',
  'linux-arm64-gnu',
  'linux-arm64-musl',
  'darwin-x64',
  'darwin-arm64',
  'win32-x64-msvc',
]

function isMusl() {
  // The C library of the running Node: glibc reports its version in the diagnostic report;
  // musl does not. /usr/bin/ldd is read first because it is cheaper than a report.
  try {
    const ldd = readFileSync('/usr/bin/ldd', 'latin1')
    if (ldd.includes('musl')) return true
    if (ldd.includes('GNU C Library') || ldd.includes('GLIBC')) return false
  } catch {
    // no ldd: ask Node itself
  }
  if (process.report && typeof process.report.getReport === 'function') {
    const report = process.report.getReport()
    if (report && report.header && report.header.glibcVersionRuntime) return false
    return Array.isArray(report && report.sharedObjects) && report.sharedObjects.some((f) => /musl/.test(f))
  }
  return false
}

/** The platform key of this process, e.g. `linux-x64-gnu`, `darwin-arm64`, `win32-x64-msvc`. */
function platformKey() {
  const base = `${process.platform}-${process.arch}`
  if (process.platform === 'linux') return `${base}-${isMusl() ? 'musl' : 'gnu'}`
  if (process.platform === 'win32') return `${base}-msvc`
  return base
}

/** The npm package that holds the addon of platform `key`, e.g. `@polyid/linux-x64-gnu`. */
function platformPackage(key) {
  return `${PLATFORM_SCOPE}/${key}`
}

function failure(message, key, tried) {
  const err = new Error(message + '\n' + tried.map((t) => `  - ${t}`).join('\n'))
  err.code = 'ERR_POLYID_NATIVE_ADDON'
  err.platform = key
  return err
}

/** Loads the addon: POLYID_NATIVE_LIBRARY_PATH, then a local build, then the platform package. */
function load() {
  const { version, repository } = require('./package.json')
  const repo = String((repository && repository.url) || '').replace(/^git\+/, '').replace(/\.git$/, '')
  const key = platformKey()
  const pkg = platformPackage(key)
  const tried = []

  const explicit = process.env.POLYID_NATIVE_LIBRARY_PATH
  if (explicit) {
    try {
      return require(explicit)
    } catch (e) {
      throw failure(`polyid: POLYID_NATIVE_LIBRARY_PATH=${explicit} could not be loaded: ${e.message}`, key, [])
    }
  }

  const local = join(__dirname, `polyid.${key}.node`)
  if (existsSync(local)) {
    try {
      return require(local)
    } catch (e) {
      tried.push(`${local}: ${e.message}`)
    }
  } else {
    tried.push(`${local}: no such file (only a build from source writes it)`)
  }

  let installed = null
  try {
    installed = require(`${pkg}/package.json`).version
  } catch {
    tried.push(`the package ${pkg}: not installed`)
  }
  if (installed !== null) {
    if (installed !== version) {
      tried.push(`the package ${pkg}: version ${installed} installed, polyid ${version} needs ${version}`)
    } else {
      try {
        return require(pkg)
      } catch (e) {
        tried.push(`the package ${pkg}: ${e.message}`)
      }
    }
  }

  const fromSource =
    `To build the addon from source (needs Rust and a C linker): clone ${repo || 'the polyid repository'}, ` +
    'run `npm ci && npm run build` in bindings-node/, then either install that folder ' +
    '(`npm install /path/to/polyid/bindings-node`) or set POLYID_NATIVE_LIBRARY_PATH to the ' +
    `polyid.${key}.node it wrote. polyid-wasm (npm install polyid-wasm) runs on every platform without an addon.`
  if (PLATFORMS.includes(key)) {
    throw failure(
      `polyid: the native addon for ${key} is missing. polyid ${version} ships it in the package ` +
        `${pkg}@${version}, an optional dependency that npm installs on this platform; it was ` +
        'left out (installed with --omit=optional or --no-optional, or from a package-lock.json ' +
        `written on another platform). Fix: npm install ${pkg}@${version}. ${fromSource}\nLooked for:`,
      key,
      tried,
    )
  }
  throw failure(
    `polyid: no prebuilt native addon for this platform (${key}, Node ${process.version}). ` +
      `polyid ${version} ships addons for ${PLATFORMS.join(', ')}. ${fromSource}\nLooked for:`,
    key,
    tried,
  )
}

// The SQL engine extensions (docs/sql.md) ship beside the addon: in each Linux platform
// package of a release, and next to this file in a checkout (`make sql-build` copies them).
const SQL_EXTENSIONS = {
  sqlite: { file: 'polyid_sqlite.so', engine: 'SQLite' },
  duckdb: { file: 'polyid.duckdb_extension', engine: 'DuckDB' },
}

/** The path of this platform's SQL extension for `engine` ('sqlite' or 'duckdb'). */
function extensionPath(engine) {
  const { file, engine: name } = SQL_EXTENSIONS[engine]
  const key = platformKey()
  const pkg = platformPackage(key)
  const tried = []
  const local = join(__dirname, file)
  if (existsSync(local)) return local
  tried.push(`${local}: no such file (in a checkout, make sql-build writes it)`)
  let dir = null
  try {
    dir = dirname(require.resolve(`${pkg}/package.json`))
  } catch {
    tried.push(`the package ${pkg}: not installed`)
  }
  if (dir !== null) {
    const found = join(dir, file)
    if (existsSync(found)) return found
    tried.push(`${found}: no such file`)
  }
  const linux = PLATFORMS.filter((p) => p.startsWith('linux-')).map(platformPackage)
  const err = failure(
    `polyid: no ${name} extension for ${key}: the packages ${linux.join(', ')} carry one ` +
      '(the other platforms do not yet).\nLooked for:',
    key,
    tried,
  )
  err.code = 'ERR_POLYID_SQL_EXTENSION'
  throw err
}

/** The path of PostgreSQL's pure-SQL tier (`polyid--plpgsql.sql`): in this package, or in a
 * checkout's postgres/ folder. */
function plpgsqlPath() {
  const file = 'polyid--plpgsql.sql'
  const tried = [join(__dirname, file), join(__dirname, '..', 'postgres', file)]
  const found = tried.find((p) => existsSync(p))
  if (found) return found
  const err = failure(`polyid: no ${file} in this installation of polyid.\nLooked for:`, platformKey(), tried)
  err.code = 'ERR_POLYID_SQL_EXTENSION'
  throw err
}

module.exports = { extensionPath, load, plpgsqlPath, platformKey, platformPackage, PLATFORMS, PLATFORM_SCOPE }
