// The checks of the documentation's JavaScript examples (tools/doc_examples.py): an
// instrumented example calls check(id, value) where the documentation shows `// -> VALUE`, and
// done() at its end. Runs unchanged in Node and in the browser (no Node API).

let expected = {};
const seen = new Set();
let failure = null;

/** The example's expected values, `{id: {text, line}}` (set before it runs). */
export function expect(values) {
  expected = values;
}

/** True when `text` is a JavaScript literal: string, number, bigint, boolean, null, array, object. */
export function isLiteralText(t) {
  t = t.trim();
  if (/^-?\d+(\.\d+)?(e[+-]?\d+)?n?$/.test(t)) return true;
  if (/^(['"`])(?:\\.|(?!\1).)*\1$/.test(t)) return true;
  if (['true', 'false', 'null', 'undefined'].includes(t)) return true;
  return /^[[{][\s\S]*[\]}]$/.test(t) && !t.includes('...');
}

function literal(text) {
  if (!isLiteralText(text)) return [false];
  try {
    // eslint-disable-next-line no-new-func
    return [true, Function(`"use strict"; return (${text});`)()];
  } catch {
    return [false];
  }
}

/** Deep equality: primitives by Object.is (5 is not 5n), arrays element-wise, objects on the
 * expected object's keys (and no other own enumerable key in the actual one). */
export function deepEqual(a, e) {
  if (Object.is(a, e)) return true;
  if (typeof a !== 'object' || typeof e !== 'object' || a === null || e === null) return false;
  if (Array.isArray(e)) {
    return (Array.isArray(a) || ArrayBuffer.isView(a)) && a.length === e.length && e.every((x, i) => deepEqual(a[i], x));
  }
  const keys = Object.keys(e);
  if (Object.keys(a).some((k) => !keys.includes(k))) return false;
  return keys.every((k) => deepEqual(a[k], e[k]));
}

/** A one-line rendering of a value, close to how the documentation writes it. */
export function show(v, depth = 0) {
  if (typeof v === 'string') return depth ? `'${v}'` : v;
  if (typeof v === 'bigint') return `${v}n`;
  if (v === null || typeof v !== 'object') return String(v);
  if (typeof globalThis.Buffer === 'function' && globalThis.Buffer.isBuffer(v)) {
    return `<Buffer ${[...v].map((b) => b.toString(16).padStart(2, '0')).join(' ')}>`;
  }
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return `[${v.map((x) => show(x, depth + 1)).join(', ')}]`;
  const keys = Object.keys(v);
  if (!keys.length) return String(v);
  return `{ ${keys.map((k) => `${k}: ${show(v[k], depth + 1)}`).join(', ')} }`;
}

function wildcard(exp, act) {
  const n = (s) => s.trim().replace(/\s+/g, ' ');
  exp = n(exp);
  act = n(act);
  if (!exp.includes('...')) return exp === act;
  const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${exp.split('...').map(esc).join('[\\s\\S]*?')}$`).test(act);
}

/** True when `value` is what `text` shows (see tools/doc_examples.py). */
export function matches(text, value) {
  const [isLit, lit] = literal(text);
  if (isLit) return deepEqual(value, lit);
  const alt = [show(value)];
  try {
    alt.push(String(value));
  } catch {
    /* objects without toString */
  }
  if (value instanceof Date) alt.push(value.toString(), value.toISOString());
  return alt.some((a) => wildcard(text, a));
}

export function check(id, value) {
  const e = expected[id];
  seen.add(id);
  if (!matches(e.text, value)) {
    const msg = `line ${e.line}: expected ${e.text}, got ${show(value, 1)}`;
    failure ??= msg;
    throw new Error(msg);
  }
  return value;
}

/** The outcome: null when every expected value was reached and matched, else the message. */
export function outcome() {
  if (failure) return failure;
  const missed = Object.keys(expected).filter((id) => !seen.has(Number(id)) && !seen.has(id));
  if (missed.length) return `line ${expected[missed[0]].line}: the expected value was never reached`;
  return null;
}

export function done() {
  const problem = outcome();
  const result = { ok: problem === null, message: problem ?? '', checks: Object.keys(expected).length };
  if (typeof globalThis.__docReport === 'function') return globalThis.__docReport(result);
  if (problem) throw new Error(problem);
  return result;
}

export default { expect, check, done, matches, isLiteralText };
