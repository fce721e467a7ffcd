// PGlite (PostgreSQL in WebAssembly) with polyid's pure-SQL file loaded, the way a browser or
// edge app uses it: one in-process database, the file run once with exec(). Serves the tests:
// one JSON request per stdin line, {"sql": ..., "params": [...]}, one JSON answer per line,
// {"rows": [[...], ...]} or {"error": message, "code": SQLSTATE}.
//
// Values that JSON cannot carry exactly travel tagged: a parameter {"$bytes": hex} is a
// bytea, any other parameter is sent as text (the server infers its type, so a bigint past
// 2^53 keeps every digit); in answers, int8 and numeric come back as {"$int": "digits"},
// bytea as {"$bytes": hex}, timestamptz as {"$ts": microseconds since 1970} (a JS Date
// would keep milliseconds only).
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { PGlite, types } from '@electric-sql/pglite';

const sqlFile = process.argv[2];
const intText = (v) => ({ $int: v });
const tsText = (v) => ({ $ts: v });
const db = await PGlite.create({
  parsers: {
    [types.INT8]: intText,
    [types.NUMERIC]: intText,
    // Text of the server's timestamptz; turned into microseconds below, in UTC.
    [types.TIMESTAMPTZ]: tsText,
  },
});
await db.exec("SET TIME ZONE 'UTC'");
await db.exec(readFileSync(sqlFile, 'utf8'));

function micros(text) {
  // "2023-06-30 15:03:01.887007+00" (the session is UTC)
  const m = /^(\d{4,})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d+))?\+00$/.exec(text);
  if (!m) return text;
  const ms = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
  return (BigInt(ms) * 1000n + BigInt((m[7] || '').padEnd(6, '0'))).toString();
}

function out(v) {
  if (v instanceof Uint8Array) return { $bytes: Buffer.from(v).toString('hex') };
  if (v && typeof v === 'object' && '$ts' in v) return { $ts: micros(v.$ts) };
  return v;
}

function param(p) {
  if (p && typeof p === 'object' && '$bytes' in p) return Buffer.from(p.$bytes, 'hex');
  return p === null ? null : String(p);
}

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line.trim()) continue;
  const req = JSON.parse(line);
  let answer;
  try {
    const res = await db.query(req.sql, (req.params || []).map(param), { rowMode: 'array' });
    answer = { rows: res.rows.map((r) => r.map(out)) };
  } catch (e) {
    answer = { error: String(e.message), code: e.code || null };
  }
  process.stdout.write(JSON.stringify(answer) + '\n');
}
await db.close();
