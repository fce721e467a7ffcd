'use strict'
// sqlitePath() and duckdbPath(): the SQL engine extensions beside the addon (docs/sql.md),
// found the way an installed package finds them, loaded by a real SQLite, and the error where
// they are missing. The extensions themselves are tested in sql/tests.
const { test } = require('node:test')
const assert = require('node:assert/strict')
const { spawnSync } = require('node:child_process')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')

const { sqlitePath, duckdbPath } = require('..')
const cases = require('../../tests/vectors/wdp.json').cases.filter(
  (c) => c.op === 'compact_id' && 'output' in c && Object.keys(c.input).join() === 'code',
)

test('sql: both paths name files that exist', () => {
  for (const p of [sqlitePath(), duckdbPath()]) {
    assert.ok(path.isAbsolute(p), p)
    assert.deepEqual([...fs.readFileSync(p).subarray(0, 4)], [0x7f, 0x45, 0x4c, 0x46]) // ELF
  }
  // The DuckDB file is the SQLite library with DuckDB's metadata footer after it.
  const lib = fs.readFileSync(sqlitePath())
  const ext = fs.readFileSync(duckdbPath())
  assert.ok(ext.subarray(0, lib.length).equals(lib))
  assert.equal(ext.length - lib.length, 534)
})

test('sql: the sqlite3 CLI loads sqlitePath() and computes the shared vectors', (t) => {
  if (spawnSync('sqlite3', ['-version']).status !== 0) return t.skip('no sqlite3 CLI')
  const some = cases.filter((c) => !c.input.code.includes("'")).slice(0, 30)
  const sql = some.map((c) => `SELECT polyid_compact_id('${c.input.code}');`)
  const r = spawnSync('sqlite3', [':memory:', `.load ${sqlitePath()}`, ...sql], { encoding: 'utf8' })
  assert.equal(r.status, 0, r.stderr)
  assert.deepEqual(r.stdout.trim().split('\n'), some.map((c) => c.output))
})

test('sql: without the files, the error names the platform and where it looked', () => {
  // The loader alone, copied where no extension lies beside it and no platform package is
  // installed: what a platform without extensions sees.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'polyid-sql-'))
  try {
    for (const f of ['loader.js', 'package.json']) fs.copyFileSync(path.join(__dirname, '..', f), path.join(dir, f))
    const script = `try { require(${JSON.stringify(path.join(dir, 'loader.js'))}).extensionPath('duckdb') }
      catch (e) { console.log(JSON.stringify({ code: e.code, platform: e.platform, message: e.message })) }`
    const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', cwd: dir })
    const err = JSON.parse(r.stdout)
    assert.equal(err.code, 'ERR_POLYID_SQL_EXTENSION')
    assert.equal(err.platform, require('../loader.js').platformKey())
    assert.match(err.message, /^polyid: no DuckDB extension for linux-/)
    assert.match(err.message, /@polyid\/linux-x64-gnu, @polyid\/linux-x64-musl/)
    assert.ok(err.message.includes(path.join(dir, 'polyid.duckdb_extension')), err.message)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test('sql: postgresSqlPath() is the pure-SQL file, in the package or in a checkout', () => {
  const { postgresSqlPath } = require('..')
  const repo = path.join(__dirname, '..', '..', 'postgres', 'polyid--plpgsql.sql')
  assert.equal(fs.readFileSync(postgresSqlPath(), 'utf8'), fs.readFileSync(repo, 'utf8'))
  // An installed package has the file beside its loader (release/npm-packages.mjs copies it).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'polyid-pg-'))
  try {
    for (const f of ['loader.js', 'package.json']) fs.copyFileSync(path.join(__dirname, '..', f), path.join(dir, f))
    const script = `const l = require(${JSON.stringify(path.join(dir, 'loader.js'))})
      try { l.plpgsqlPath(); console.log('found?') } catch (e) { console.log(e.code) }
      require('node:fs').writeFileSync(${JSON.stringify(path.join(dir, 'polyid--plpgsql.sql'))}, '-- x')
      console.log(l.plpgsqlPath())`
    const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' })
    assert.deepEqual(r.stdout.trim().split('\n'), ['ERR_POLYID_SQL_EXTENSION', path.join(dir, 'polyid--plpgsql.sql')])
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
