// The matrix adapter protocol (tests/matrix/PROTOCOL.md) over the JavaScript API, whichever
// engine is under it. Plain ES module: the same code runs in Node (adapters node and
// wasm-node) and in Chromium (adapter wasm-browser, web build). Results are JSON-ready (bigints as decimal strings, as the
// protocol says); every identifier is computed by the package. `p` is the three package
// entries' APIs in one object (IDs, catalog, EXTUUID).
import { check, casesOf, replay as replayCases } from './vector-ops.mjs';

/** `ADAPTER vectors DIR`: one protocol line per case of the parsed vector files. */
export function vectors(p, files) {
  const big = (_k, v) => (typeof v === 'bigint' ? String(v) : v);
  return casesOf(files).map(([family, c]) => {
    const r = check(p, c);
    const line = { case: `${family}/${c.name}`, op: c.op, status: r.pass ? 'pass' : 'fail' };
    if (!r.pass) Object.assign(line, JSON.parse(JSON.stringify({ expected: r.expected, got: r.got }, big)));
    else if (r.message !== undefined) line.message = r.message;
    return line;
  });
}

/** A uniform random integer in 0..n-1 (test input only). */
function randomInt(n) {
  const buf = new Uint32Array(1);
  const limit = Math.floor(2 ** 32 / n) * n;
  do crypto.getRandomValues(buf);
  while (buf[0] >= limit);
  return buf[0] % n;
}

/** `n` random valid structured codes (test input; their IDs come from the package). */
function randomCodes(n) {
  const sev = 'EWCBSKITH';
  const alpha = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  const alnum = `${alpha}0123456789`;
  const field = () => {
    let s = alpha[randomInt(alpha.length)];
    for (let i = randomInt(16); i > 0; i--) s += alnum[randomInt(alnum.length)];
    return s;
  };
  return Array.from({ length: n }, () => {
    const seq = String(1 + randomInt(999)).padStart(3, '0');
    return `${sev[randomInt(sev.length)]}.${field()}.${field()}.${seq}`;
  });
}

/** `ADAPTER generate N`. */
export function generate(p, n) {
  const codes = randomCodes(n);
  const ids = p.compactIds(codes);
  return {
    xid: Array.from({ length: n }, () => p.Xid.generateString()),
    tid: new p.TidGenerator().nextManyStrings(n),
    euid: new p.EuidGenerator().nextManyStrings(n),
    euid_ext: Array.from({ length: n }, () => p.Euid.generateString(randomInt(32768))),
    wdp: codes.map((c, i) => [c, ids[i]]),
  };
}

/** `ADAPTER read`: the readings of the given texts. */
export function read(p, input) {
  return {
    xid: (input.xid ?? []).map((s) => {
      const x = p.Xid.parse(s);
      return { text: x.toString(), value: String(x.value), unix_ms: x.unixMs, random: x.random };
    }),
    tid: (input.tid ?? []).map((s) => {
      const t = p.Tid.parse(s);
      return { text: t.toString(), display: t.display(), value: String(t.value), micros: String(t.micros), clock_id: t.clockId };
    }),
    euid: (input.euid ?? []).map((s) => {
      const e = p.Euid.parse(s);
      return { text: e.toString(), value: String(e.value), unix_ms: e.unixMs, extension: e.extension };
    }),
    wdp: p.compactIds(input.wdp ?? []),
  };
}

/**
 * `ADAPTER replay FILE`: `{ <case name>: output or { error } }` for the parsed replay file
 * (seeded generators on manual clocks: the runner compares every runtime's object with the
 * Rust adapter's).
 */
export function replay(p, doc) {
  return replayCases(p, doc);
}

/** `ADAPTER demo`: the side-by-side of `make demo`, from fixed inputs. */
export function demo(p) {
  return {
    compact_id: p.compactId('E.Auth.Token.MISSING'),
    full_id: p.fullId('auth_lib', 'E.Auth.Token.001'),
    uid11: p.uid11Encode(18446744073709551615n),
    xid: p.Xid.fromParts(1700000000000, 4660).toString(),
    tid: p.Tid.fromParts(1721407246480310n, 1).display(),
    euid: p.Euid.fromParts(1700000000000, 255, 0, 0x0123456789abcdefn).toString(),
    euid_nocheck: p.Euid.fromParts(1700000000000, null, 0, 0x0123456789abcdefn).encode(false),
    extuuid: p.extuuidEncode('fixedB4:GBP$:222.31'),
    catalog: p.Catalog.load('{"V6a0B": ["E.AUTH.TOKEN.001", "token missing for {{user}}"]}').expand('V6a0B', {
      user: 'ada',
    }).message,
  };
}
