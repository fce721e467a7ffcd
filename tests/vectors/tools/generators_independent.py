#!/usr/bin/env python3
"""Independent model of polyid's generators with a node or a fixed clock id (docs/spec §6),
written from the specification, and the writer/checker of ../generators.json.

    python3 tools/generators_independent.py --check   # every case agrees with the model (default)
    python3 tools/generators_independent.py --check --dir DIR   # the generators.json in DIR
    python3 tools/generators_independent.py --write   # regenerate ../generators.json

Only deterministic generators are modelled: xids with a node (no random bits), TIDs with a
node or an explicit clock id. Seeded generators draw from ChaCha12, which this model does not
reimplement; the matrix compares their sequences across runtimes instead
(tests/matrix/replay.json).
"""

import argparse
import json
import os
import sys

import independent
import vectorcheck

HERE = os.path.dirname(os.path.abspath(__file__))
BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
BASE32LEX = "234567abcdefghijklmnopqrstuvwxyz"


def uid11_encode(value):
    """docs/spec §2.1: 11 Base58 symbols, most significant first, zero-padded."""
    out = []
    for _ in range(11):
        value, r = divmod(value, 58)
        out.append(BASE58[r])
    assert value == 0
    return "".join(reversed(out))


def b32lex(value, width):
    """docs/spec §3.2: base32lex, most significant symbol first."""
    return "".join(BASE32LEX[(value >> (5 * (width - 1 - i))) & 31] for i in range(width))

VECTOR_PATH = os.path.join(os.path.dirname(HERE), "generators.json")

XID_EPOCH_MS = 1_321_009_871_111
XID_MAX_DELTA = (1 << 42) - 1
TID_MAX = (1 << 53) - 1
MAX_NODE = 959
MAX_LEAD = 86_400_000
DEFAULT_LEAD = 60_000


class Fail(Exception):
    def __init__(self, code):
        super().__init__(code)
        self.code = code


def options(o):
    node = o.get("node")
    if node is not None and not 0 <= node <= MAX_NODE:
        raise Fail("OUT_OF_RANGE")
    lead = o.get("max_lead_ms", DEFAULT_LEAD)
    if not 0 <= lead <= MAX_LEAD:
        raise Fail("OUT_OF_RANGE")
    if o.get("on_clock_behind", "fail") not in ("fail", "wait"):
        raise Fail("INVALID_ARGUMENT")
    return node, lead


def xid_text(ms_delta, low22):
    return uid11_encode((ms_delta << 22) | low22)


def xid_sequence(inp):
    """Node mode only (docs/spec §6.2): bits 21-12 node, 11-0 counter from 0."""
    o = inp["options"]
    # The last ID first, then the options (docs/spec §6.5).
    resume = read_resume(independent.uid11_decode, inp)
    node, lead_max = options(o)
    assert node is not None and o.get("on_clock_behind", "fail") == "fail"
    clock = int(o["clock_micros"])
    last = None  # position (delta_ms << 12 | counter)
    if resume is not None:
        ms, low = resume >> 22, resume & 0x3FFFFF
        theirs, counter = low >> 12, low & 0xFFF
        if theirs == node:
            last = (ms << 12) | counter
        elif theirs < node:
            last = (ms << 12) - 1 if ms > 0 else None
        else:
            last = (ms << 12) | 0xFFF
    out = []
    for step in inp["steps"]:
        if "clock_micros" in step:
            clock = int(step["clock_micros"])
        now_ms = clock // 1000
        if not XID_EPOCH_MS <= now_ms <= XID_EPOCH_MS + XID_MAX_DELTA:
            out.append({"error": "OUT_OF_RANGE"})
            continue
        now_delta = now_ms - XID_EPOCH_MS
        now_pos = now_delta << 12
        first = now_pos if last is None or last < now_pos else last + 1
        end = first + step["count"] - 1
        if (end >> 12) > XID_MAX_DELTA:
            out.append({"error": "OUT_OF_RANGE"})
            continue
        if (end >> 12) - now_delta > lead_max:
            out.append({"error": "CLOCK_BEHIND"})
            continue
        last = end
        out.append([xid_text(p >> 12, (node << 12) | (p & 0xFFF)) for p in range(first, end + 1)])
    return out


def read_resume(parse, inp):
    """The value of the case's `resume` text read by the family's parser (None without
    one); a text it refuses fails the case with the parser's error code."""
    if not inp.get("resume"):
        return None
    try:
        return parse(inp["resume"])
    except independent.VecError as e:
        raise Fail(e.code) from None


def tid_text(micros, clock_id):
    return b32lex(micros & ((1 << 55) - 1), 11) + b32lex(clock_id, 2)


def tid_sequence(inp):
    """Node (clock id 32 + node) or explicit clock id (docs/spec §6.3): max(now, last + 1)."""
    o = inp["options"]
    # The last ID, the options, then the clock id, then how they combine (docs/spec §6.5).
    resume = read_resume(independent.tid_parse, inp)
    node, lead_max = options(o)
    clock_id = inp.get("clock_id")
    if clock_id is not None and not 0 <= clock_id <= 1023:
        raise Fail("OUT_OF_RANGE")
    if clock_id is not None and node is not None:
        raise Fail("INVALID_ARGUMENT")
    assert (clock_id is None) != (node is None)
    cid = clock_id if clock_id is not None else 32 + node
    clock = int(o["clock_micros"])
    last = None if resume is None else int(resume["micros"])
    out = []
    for step in inp["steps"]:
        if "clock_micros" in step:
            clock = int(step["clock_micros"])
        if not -TID_MAX <= clock <= TID_MAX:
            out.append({"error": "OUT_OF_RANGE"})
            continue
        first = clock if last is None else max(clock, last + 1)
        end = first + step["count"] - 1
        if end > TID_MAX:
            out.append({"error": "OUT_OF_RANGE"})
            continue
        if end - clock > lead_max * 1000:
            out.append({"error": "CLOCK_BEHIND"})
            continue
        last = end
        out.append([tid_text(m, cid) for m in range(first, end + 1)])
    return out


def euid_sequence(inp):
    """Only the option errors are deterministic for EUIDs (docs/spec §6.5)."""
    o = inp["options"]
    # The options, then the extension, then how they combine (docs/spec §6.5).
    options(o)
    ext = inp.get("extension")
    if ext is not None and not 0 <= ext <= 32767:
        raise Fail("OUT_OF_RANGE")
    if o.get("node") is not None:
        raise Fail("INVALID_ARGUMENT")
    raise AssertionError("EUID sequences are random: only option errors are modelled")


OPS = {"xid_sequence": xid_sequence, "tid_sequence": tid_sequence, "euid_sequence": euid_sequence}

T0 = 1_700_000_000_000_000  # 2023-11-14T22:13:20Z in microseconds


def s(n):
    return str(n)


def cases():
    src = "docs/spec §6.2"
    yield "xid", "node-counts-from-zero", src, {
        "options": {"node": 5, "clock_micros": s(T0)},
        "steps": [{"count": 3}, {"count": 2}, {"clock_micros": s(T0 + 1000), "count": 1}],
    }
    yield "xid", "node-zero-and-max", src, {
        "options": {"node": 0, "clock_micros": s(T0 + 999)},
        "steps": [{"count": 2}],
    }
    yield "xid", "node-959", src, {
        "options": {"node": 959, "clock_micros": s(T0)},
        "steps": [{"count": 2}],
    }
    yield "xid", "full-millisecond-borrows-the-next", "docs/spec §6.2, §6.7", {
        "options": {"node": 3, "clock_micros": s(T0)},
        "resume": xid_text((T0 // 1000 - XID_EPOCH_MS), (3 << 12) | 4093),
        "steps": [{"count": 4}],
    }
    yield "xid", "lead-bound-fails-then-recovers", "docs/spec §6.4", {
        "options": {"node": 1, "max_lead_ms": 0, "clock_micros": s(T0)},
        "resume": xid_text((T0 // 1000 - XID_EPOCH_MS), (1 << 12) | 4094),
        "steps": [{"count": 1}, {"count": 1}, {"clock_micros": s(T0 + 1000), "count": 2}],
    }
    yield "xid", "clock-steps-back-within-the-lead", "docs/spec §6.4", {
        "options": {"node": 2, "max_lead_ms": 50, "clock_micros": s(T0)},
        "steps": [{"count": 1}, {"clock_micros": s(T0 - 10_000), "count": 2},
                  {"clock_micros": s(T0 - 100_000), "count": 1},
                  {"clock_micros": s(T0), "count": 1}],
    }
    yield "xid", "resume-same-node", "docs/spec §6.4", {
        "options": {"node": 7, "clock_micros": s(T0 - 20_000)},
        "resume": xid_text((T0 // 1000 - XID_EPOCH_MS), (7 << 12) | 9),
        "steps": [{"count": 2}],
    }
    yield "xid", "resume-lower-node", "docs/spec §6.4", {
        "options": {"node": 8, "clock_micros": s(T0 - 20_000)},
        "resume": xid_text((T0 // 1000 - XID_EPOCH_MS), (7 << 12) | 9),
        "steps": [{"count": 1}],
    }
    yield "xid", "resume-higher-node", "docs/spec §6.4", {
        "options": {"node": 6, "clock_micros": s(T0 - 20_000)},
        "resume": xid_text((T0 // 1000 - XID_EPOCH_MS), (7 << 12) | 9),
        "steps": [{"count": 1}],
    }
    yield "xid", "clock-before-the-epoch", "docs/spec §2.2", {
        "options": {"node": 1, "clock_micros": s((XID_EPOCH_MS - 1) * 1000)},
        "steps": [{"count": 1}, {"clock_micros": s(XID_EPOCH_MS * 1000), "count": 1}],
    }
    yield "xid", "bad-node", "docs/spec §6.1", {
        "options": {"node": 960, "clock_micros": s(T0)}, "steps": [{"count": 1}],
    }, "OUT_OF_RANGE"
    yield "xid", "bad-max-lead", "docs/spec §6.4", {
        "options": {"node": 1, "max_lead_ms": MAX_LEAD + 1, "clock_micros": s(T0)},
        "steps": [{"count": 1}],
    }, "OUT_OF_RANGE"
    yield "xid", "bad-policy", "docs/spec §6.4", {
        "options": {"node": 1, "on_clock_behind": "later", "clock_micros": s(T0)},
        "steps": [{"count": 1}],
    }, "INVALID_ARGUMENT"

    src = "docs/spec §6.3"
    yield "tid", "node-is-clock-id-32-plus-node", src, {
        "options": {"node": 7, "clock_micros": s(T0)},
        "steps": [{"count": 3}, {"count": 1}, {"clock_micros": s(T0 + 10), "count": 1}],
    }
    yield "tid", "node-959-is-clock-id-991", src, {
        "options": {"node": 959, "clock_micros": s(T0)}, "steps": [{"count": 1}],
    }
    yield "tid", "explicit-clock-id", src, {
        "options": {"clock_micros": s(T0)}, "clock_id": 1023, "steps": [{"count": 2}],
    }
    yield "tid", "negative-time", src, {
        "options": {"node": 0, "clock_micros": "-5"}, "steps": [{"count": 3}],
    }
    yield "tid", "clock-steps-back-within-the-lead", "docs/spec §6.4", {
        "options": {"node": 4, "max_lead_ms": 1, "clock_micros": s(T0)},
        "steps": [{"count": 1}, {"clock_micros": s(T0 - 500), "count": 2},
                  {"clock_micros": s(T0 - 5000), "count": 1}, {"clock_micros": s(T0 + 3), "count": 1}],
    }
    yield "tid", "batch-larger-than-the-lead", "docs/spec §6.4", {
        "options": {"node": 4, "max_lead_ms": 1, "clock_micros": s(T0)},
        "steps": [{"count": 1002}, {"count": 1}],
    }
    yield "tid", "resume-ahead-of-the-clock", "docs/spec §6.4", {
        "options": {"node": 9, "clock_micros": s(T0 - 1_000_000)},
        "resume": tid_text(T0, 41), "steps": [{"count": 2}],
    }
    yield "tid", "clock-beyond-the-range", "docs/spec §3.1", {
        "options": {"node": 1, "clock_micros": s(TID_MAX)},
        "steps": [{"count": 1}, {"count": 1}, {"clock_micros": s(TID_MAX + 1), "count": 1}],
    }
    yield "tid", "node-and-clock-id", "docs/spec §6.5", {
        "options": {"node": 1, "clock_micros": s(T0)}, "clock_id": 3, "steps": [{"count": 1}],
    }, "INVALID_ARGUMENT"
    yield "tid", "bad-clock-id", "docs/spec §3.1", {
        "options": {"clock_micros": s(T0)}, "clock_id": 1024, "steps": [{"count": 1}],
    }, "OUT_OF_RANGE"
    yield "tid", "bad-node", "docs/spec §6.1", {
        "options": {"node": 1000, "clock_micros": s(T0)}, "steps": [{"count": 1}],
    }, "OUT_OF_RANGE"
    # Several faults: the first in the order of docs/spec §6.5 (options, clock id, both given).
    src = "docs/spec §6.5 (order of the checks)"
    yield "tid", "bad-clock-id-with-a-node", src, {
        "options": {"node": 1, "clock_micros": s(T0)}, "clock_id": 1024, "steps": [{"count": 1}],
    }, "OUT_OF_RANGE"
    yield "tid", "bad-max-lead-and-clock-id", src, {
        "options": {"max_lead_ms": MAX_LEAD + 1, "clock_micros": s(T0)}, "clock_id": 1024,
        "steps": [{"count": 1}],
    }, "OUT_OF_RANGE"
    yield "tid", "bad-node-with-a-clock-id", src, {
        "options": {"node": 960, "clock_micros": s(T0)}, "clock_id": 3, "steps": [{"count": 1}],
    }, "OUT_OF_RANGE"
    yield "xid", "bad-node-and-policy", src, {
        "options": {"node": 960, "on_clock_behind": "later", "clock_micros": s(T0)},
        "steps": [{"count": 1}],
    }, "OUT_OF_RANGE"
    yield "tid", "bad-max-lead-and-policy", src, {
        "options": {"max_lead_ms": MAX_LEAD + 1, "on_clock_behind": "later",
                    "clock_micros": s(T0)},
        "clock_id": 3, "steps": [{"count": 1}],
    }, "OUT_OF_RANGE"
    yield "tid", "bad-policy-and-clock-id", src, {
        "options": {"on_clock_behind": "later", "clock_micros": s(T0)}, "clock_id": 3000,
        "steps": [{"count": 1}],
    }, "INVALID_ARGUMENT"
    yield "xid", "node-minus-one", src, {
        "options": {"node": -1, "max_lead_ms": MAX_LEAD + 1, "clock_micros": s(T0)},
        "steps": [{"count": 1}],
    }, "OUT_OF_RANGE"
    # The last ID to resume after is read first (a runtime that takes the ID itself has read
    # it before the call).
    yield "xid", "resume-read-before-the-options", src, {
        "options": {"node": 960, "clock_micros": s(T0)},
        "resume": xid_text(T0 // 1000 - XID_EPOCH_MS, 0)[1:], "steps": [{"count": 1}],
    }, "INVALID_LENGTH"
    yield "xid", "resume-overflow", src, {
        "options": {"node": 1, "clock_micros": s(T0)}, "resume": "z" * 11, "steps": [{"count": 1}],
    }, "OVERFLOW"
    yield "tid", "resume-read-before-the-clock-id", src, {
        "options": {"max_lead_ms": MAX_LEAD + 1, "clock_micros": s(T0)}, "clock_id": 1024,
        "resume": tid_text(T0, 3)[:12] + "O", "steps": [{"count": 1}],
    }, "INVALID_CHARACTER"
    yield "tid", "resume-display-form", "docs/spec §3.2, §6.4", {
        "options": {"clock_micros": s(T0)}, "clock_id": 4,
        "resume": "%s-%s-%s-%s" % ((t := tid_text(T0 + 5, 9))[:4], t[4:7], t[7:11], t[11:]),
        "steps": [{"count": 2}],
    }

    yield "euid", "no-node", "docs/spec §6.5", {
        "options": {"node": 1, "seed": "1", "clock_micros": s(T0)}, "steps": [{"count": 1}],
    }, "INVALID_ARGUMENT"
    yield "euid", "bad-extension", "docs/spec §4", {
        "options": {"seed": "1", "clock_micros": s(T0)}, "extension": 32768, "steps": [{"count": 1}],
    }, "OUT_OF_RANGE"
    yield "euid", "node-out-of-range", "docs/spec §6.5 (order of the checks)", {
        "options": {"node": 960, "seed": "1", "clock_micros": s(T0)}, "steps": [{"count": 1}],
    }, "OUT_OF_RANGE"
    yield "euid", "bad-extension-with-a-node", "docs/spec §6.5 (order of the checks)", {
        "options": {"node": 1, "seed": "1", "clock_micros": s(T0)}, "extension": 40000,
        "steps": [{"count": 1}],
    }, "OUT_OF_RANGE"
    yield "euid", "bad-policy", "docs/spec §6.4", {
        "options": {"seed": "1", "on_clock_behind": "sleep", "clock_micros": s(T0)},
        "steps": [{"count": 1}],
    }, "INVALID_ARGUMENT"


def build():
    out = []
    for c in cases():
        family, name, source, inp = c[:4]
        expect_error = c[4] if len(c) > 4 else None
        op = family + "_sequence"
        d = {"name": "%s-%s" % (family, name), "op": op, "source": source, "input": inp}
        try:
            d["output"] = OPS[op](inp)
            assert expect_error is None, (name, "expected", expect_error)
        except Fail as e:
            assert e.code == expect_error, (name, e.code, expect_error)
            d["error"] = e.code
        out.append(d)
    return {"family": "generators", "schema": 1, "cases": out}


def main():
    ap = argparse.ArgumentParser()
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--check", action="store_true", help="compare every case with the model (default)")
    g.add_argument("--write", action="store_true", help="regenerate ../generators.json")
    ap.add_argument("--dir", default=os.path.dirname(VECTOR_PATH),
                    help="directory holding generators.json (for --check)")
    args = ap.parse_args()
    doc = build()
    if args.write:
        with open(VECTOR_PATH, "w", encoding="utf-8", newline="\n") as f:
            f.write(json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
        print("wrote %s: %d cases" % (VECTOR_PATH, len(doc["cases"])))
        return 0
    return vectorcheck.check_file(os.path.join(args.dir, "generators.json"), doc)


if __name__ == "__main__":
    sys.exit(main())
