// A `polyid conform` adapter over the AT Protocol's own TID code: @atproto/syntax
// (ensureValidTid: the protocol's validation) and @atproto/common-web (the TID class: decoding
// and encoding). Nothing here computes a TID itself: it turns requests into library calls and
// the library's answers into the protocol's shapes (tests/vectors/README.md, "Conformance
// protocol"). Copy it as the template for an adapter over your own code.
//
//   polyid conform --profile atproto --errors reject -- node interop/atproto-node/adapter.mjs
import { createInterface } from 'node:readline';
import { TID } from '@atproto/common-web';
import { ensureValidTid } from '@atproto/syntax';

// The display form is polyid's (STTT-TTT-TTTT-CC); the library has none, so it is spelled out
// from the library's text.
const display = (t) => `${t.slice(0, 4)}-${t.slice(4, 7)}-${t.slice(7, 11)}-${t.slice(11)}`;

function reading(tid) {
  const text = tid.toString();
  const micros = tid.timestamp();
  const clock = tid.clockid();
  return {
    text,
    display: display(text),
    value: ((BigInt(micros) << 10n) | BigInt(clock)).toString(),
    micros: String(micros),
    clock_id: clock,
  };
}

const OPS = {
  tid_parse({ text }) {
    ensureValidTid(text); // throws InvalidTidError
    return reading(TID.fromStr(text));
  },
  tid_from_parts({ micros, clock_id: clock }) {
    const m = Number(micros);
    if (!Number.isSafeInteger(m)) return { skip: 'a timestamp beyond 2^53 is not a JavaScript number' };
    // TID.fromTime does not check its clock id, and with a negative one it does not return:
    // such inputs are outside what the library can be asked.
    if (!Number.isInteger(clock) || clock < 0 || clock > 1023) {
      return { skip: 'TID.fromTime does not check clock ids (with -1 it does not return)' };
    }
    const tid = TID.fromTime(m, clock);
    ensureValidTid(tid.toString());
    return reading(tid);
  },
};

function respond(request) {
  const op = OPS[request.op];
  if (!op) return { skip: `@atproto has no ${request.op}` };
  try {
    const out = op(request.input ?? {});
    return out && out.skip ? out : { output: out };
  } catch (e) {
    // The library's own vocabulary: its error class, and its message.
    return { error: e?.constructor?.name ?? 'Error', message: String(e?.message ?? e) };
  }
}

const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of rl) {
  if (!line.trim()) continue;
  process.stdout.write(JSON.stringify(respond(JSON.parse(line))) + '\n');
}
