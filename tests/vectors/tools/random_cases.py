#!/usr/bin/env python3
"""Seeded random cases for the five ID families and for catalogs, their outcomes computed by
independent.py and catalog_independent.py.

The shared vectors hold the cases someone thought of. These are the ones nobody picked: each
starts from an input of the shared vectors (or a fresh valid one) and is mutated at random
(characters replaced, inserted, dropped or doubled, case flipped, white space added, cut
short) with the family's own symbols, ASCII and the Unicode a text path most often gets
wrong (NUL, case mappings that change length, non-breaking and zero-width spaces,
full-width digits, emoji). Integer parts are drawn around every bound. A catalog's JSON is
changed as a document (a member dropped, repeated, renamed or given another type, a code's
case or a severity changed, escapes and spacing that leave the canonical form alone) and
as text (a character replaced, inserted or dropped); a signed catalog keeps its signature,
so that every change must fail to load or to verify unless the canonical bytes are the
same. The outcome of each case (its output, or its error code and detail) is
independent.py's or catalog_independent.py's, never polyid's.

    python3 tools/random_cases.py --out DIR [--seed S] [--per-op N]

writes DIR/<family>.json (and DIR/catalog.json) in the shared vectors' format, which every matrix adapter runs
(`ADAPTER vectors DIR`); tests/matrix/run does so with seed 1 unless told another.
The same seed writes the same cases.
"""

import argparse
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import independent as ind  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
VECTORS = os.path.dirname(HERE)

# Characters every text path must refuse or handle exactly: ASCII white space (trimmed in WDP
# codes), NUL and DEL, letters whose case mapping changes their length or leaves ASCII
# ('ß' -> "SS", 'ı'/'İ', the Kelvin sign, the 'ﬀ' ligature), Unicode white space that is
# not trimmed, a full-width digit, a byte-order mark and a character outside the BMP.
HOSTILE = [" ", "\t", "\n", "\r", "\x0b", "\x0c", "\x00", "\x7f", "\u00e9", "\u00df",
           "\u0131", "\u0130", "\u212a", "\ufb00", "\u00a0", "\u2028", "\u200b", "\uff11",
           "\ufeff", "\U0001f600", "-", "_", ".", "~", "/", "+", "="]

WDP_SYMBOLS = "ABCDEHIKSTWXYZabcdehikstwxyz0123456789._"
NAMESPACE_SYMBOLS = "abcdxyz0189_ABC-"
BASE58 = ind.BASE58
BASE32LEX = ind.BASE32LEX
CROCKFORD = ind.CROCKFORD + "abcxyzIiLlOoUu"

# The alphabet each text input is mutated with, by (op, field).
SYMBOLS = {
    ("compact_id", "code"): WDP_SYMBOLS,
    ("normalize_code", "code"): WDP_SYMBOLS,
    ("parse_code", "code"): WDP_SYMBOLS,
    ("full_id", "code"): WDP_SYMBOLS,
    ("namespace_hash", "namespace"): NAMESPACE_SYMBOLS,
    ("full_id", "namespace"): NAMESPACE_SYMBOLS,
    ("parse_full_id", "id"): ind.BASE62 + "-",
    ("uid11_decode", "text"): BASE58,
    ("uid11_prefix_range", "prefix"): BASE58,
    ("xid_parse", "text"): BASE58,
    ("xid_prefix_range", "prefix"): BASE58,
    ("tid_parse", "text"): BASE32LEX + "-",
    ("tid_prefix_range", "prefix"): BASE32LEX + "-",
    ("euid_parse", "text"): CROCKFORD,
}

# The ops that read a form of one length (or two, for TID).
FIXED = {"parse_full_id", "uid11_decode", "xid_parse", "tid_parse", "euid_parse"}

U64 = (1 << 64) - 1
U128 = (1 << 128) - 1
XID_MS = (ind.XID_EPOCH_MS, ind.XID_EPOCH_MS + (1 << 42) - 1)
TID_US = (-ind.TID_MAX_MICROS, ind.TID_MAX_MICROS)


def around(r, lo, hi, wide):
    """An integer near a bound of [lo, hi] (inside or one past), inside at random, or one of
    `wide` (values far outside, or at the edges of the parameter types)."""
    pick = r.random()
    if pick < 0.6:
        return r.randint(lo, hi)
    if pick < 0.93:
        return r.choice([lo, lo + 1, hi - 1, hi, lo - 1, hi + 1])
    return r.choice(wide)


def parts(r, op):
    """The input of a `*_from_parts` or encode op, each part in the JSON form the shared vectors
    use for it (decimal strings for what may exceed 2^53)."""
    if op == "uid11_encode":
        return {"value": str(around(r, 0, U64, [-1, U128, 1 << 63, 10**30]))}
    if op == "xid_from_parts":
        return {"unix_ms": around(r, *XID_MS, [0, -1, 2**53 - 1, -(2**53 - 1)]),
                "random": around(r, 0, (1 << 22) - 1, [-(2**31), 2**31, 2**53 - 1])}
    if op == "tid_from_parts":
        return {"micros": str(around(r, *TID_US, [-(1 << 63), (1 << 63) - 1, 1 << 63, 10**20])),
                "clock_id": around(r, 0, 1023, [65535, 65536, -(2**31), 2**53 - 1])}
    if op == "euid_from_parts":
        ext = None if r.random() < 0.3 else around(r, 0, 32767, [65535, -(2**31), 2**53 - 1])
        return {"unix_ms": around(r, 0, (1 << 45) - 1, [-(2**53 - 1), 2**53 - 1]),
                "extension": ext,
                "padding": around(r, 0, 32767, [65535, 2**31, -(2**31)]),
                "random": str(around(r, 0, U64, [-(1 << 63), U128, 10**30]))}
    if op == "euid_from_bytes":  # bytes (as hex: the adapters decode it), mostly 16 of them
        n = 16 if r.random() < 0.6 else r.randrange(33)
        return {"hex": "".join("%02x" % r.randrange(256) for _ in range(n))}
    if op == "euid_encode":
        return {"value": str(around(r, 0, U128, [U64, -1, 1 << 128, 10**45])),
                "checkmod": r.random() < 0.7}
    raise KeyError(op)


def mutate(r, text, symbols, fixed):
    """`text` with 0-3 random edits; for a `fixed`-length form, mostly edits that keep its
    length, so that the checks after the length check are reached."""
    s = list(text)
    for _ in range(r.choice([0, 1, 1, 2, 2, 3])):
        pool = symbols if r.random() < (0.8 if fixed else 0.6) else HOSTILE
        kind = r.choice([0, 0, 0, 3, 3, 1, 2, 4, 5, 6] if fixed else range(7))
        i = r.randrange(len(s) + 1)
        if kind == 0 and s:  # replace
            s[min(i, len(s) - 1)] = r.choice(pool)
        elif kind == 1:  # insert
            s.insert(i, r.choice(pool))
        elif kind == 2 and s:  # drop
            del s[min(i, len(s) - 1)]
        elif kind == 3 and s:  # flip the case of one character
            j = min(i, len(s) - 1)
            s[j] = s[j].swapcase()
        elif kind == 4:  # white space around
            s = [r.choice(" \t\n\u00a0")] + s + [r.choice(" \r\n\x0b")]
        elif kind == 5:  # cut short
            s = s[:i]
        else:  # double a stretch
            j = r.randrange(len(s) + 1)
            s[i:i] = s[min(i, j):max(i, j)]
    return "".join(s)


def fresh(r, op):
    """A valid input of a text op, made from random parts."""
    if op in ("compact_id", "normalize_code", "parse_code", "full_id"):
        field = lambda: r.choice("ABCxyz") + "".join(  # noqa: E731
            r.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
            for _ in range(r.randrange(16)))
        seq = (r.choice(sorted(ind.STANDARD_SEQUENCES)) if r.random() < 0.3
               else "%03d" % r.randint(1, 999))
        code = "%s.%s.%s.%s" % (r.choice("EWCBSKITHewcbskith"), field(), field(), seq)
        return {"code": code} if op != "full_id" else {"namespace": "ns_" + str(r.randrange(99)),
                                                       "code": code}
    if op == "namespace_hash":
        return {"namespace": r.choice("abcz") + "".join(
            r.choice("abz09_") for _ in range(r.randrange(16)))}
    if op == "parse_full_id":
        return {"id": "".join(r.choice(ind.BASE62) for _ in range(5)) + "-" +
                "".join(r.choice(ind.BASE62) for _ in range(5))}
    if op in ("uid11_decode", "xid_parse"):
        return {"text": ind.uid11_encode(r.randint(0, U64))}
    if op in ("uid11_prefix_range", "xid_prefix_range"):
        return {"prefix": ind.uid11_encode(r.randint(0, U64))[:r.randrange(12)]}
    if op == "tid_parse":
        out = ind.tid_output(r.randint(*TID_US), r.randint(0, 1023))
        return {"text": out["display"] if r.random() < 0.3 else out["text"]}
    if op == "tid_prefix_range":
        out = ind.tid_output(r.randint(*TID_US), r.randint(0, 1023))
        return {"prefix": (out["display"] if r.random() < 0.3 else out["text"])[:r.randrange(14)]}
    if op == "euid_parse":
        value = r.randint(0, U128)
        return {"text": ind.euid_encode(value, r.random() < 0.8)}
    raise KeyError(op)


def seeds_of(family):
    """The inputs of the shared vectors of `family`, by op."""
    with open(os.path.join(VECTORS, family + ".json"), encoding="utf-8") as f:
        doc = json.load(f)
    out = {}
    for c in doc["cases"]:
        out.setdefault(c["op"], []).append(c["input"])
    return out


def unicode(inp):
    """Whether an input is Unicode text throughout: a catalog rewritten from a document that
    read an escaped lone surrogate would hold the surrogate itself, which no vector file
    (UTF-8 JSON) can carry."""
    try:
        json.dumps(inp, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def distinct(op, per_op, draw, outcome, seed, model):
    """Up to `per_op` cases of `op` with distinct inputs that are Unicode text: `draw()`
    makes an input, `outcome(input)` its `output` or `error` (and `detail`), by `model`."""
    cases, seen = [], set()
    for _ in range(per_op * 20):
        if len(seen) == per_op:
            break
        inp = draw()
        key = json.dumps(inp, sort_keys=True)
        if key in seen or not unicode(inp):
            continue
        seen.add(key)
        d = {"name": "random-%s-%d" % (op, len(seen)), "op": op,
             "source": "tests/vectors/tools/random_cases.py, seed %d; outcome by %s"
                       % (seed, model), "input": inp}
        d.update(outcome(inp))
        cases.append(d)
    return cases


def id_outcome(family, op, inp):
    """independent.py's outcome of an ID family's case."""
    res = ind.run(family, op, inp)
    if res[0] == "output":
        return {"output": res[1]}
    out = {"error": res[1]}
    if res[1] in ind.DETAIL_FIELDS:
        out["detail"] = res[2]
    return out


# ---------------------------------------------------------------------------------------
# Catalogs

JSON_TEXT = list('{}[]:,"\\ 0123456789eE.-+tfn') + ["\\u00e9", "\\ud800", "\\u0000", "NaN",
                                                   "\ufeff", "\u00e9", "//", "/*"]
CATALOG_OPS = ["catalog_load", "catalog_canonical", "catalog_expand", "catalog_verify"]


def dumps_like(r, obj):
    """`obj` as JSON text in one of the ways a producer may write it: spacing, member order,
    escaped or raw non-ASCII, escaped slashes. The canonical form is the same for each."""
    indent = r.choice([None, None, 1, "\t"])
    text = json.dumps(obj, ensure_ascii=r.random() < 0.5, indent=indent,
                      separators=r.choice([(",", ":"), (", ", ": ")]) if indent is None else None)
    if r.random() < 0.2:
        text = text.replace("/", "\\/")
    if r.random() < 0.2:
        text = r.choice([" ", "\n", "\r\n\t"]) + text + r.choice([" ", "\n"])
    return text


def shuffled(r, obj):
    """`obj` with the members of every object in another order."""
    if isinstance(obj, dict):
        items = list(obj.items())
        r.shuffle(items)
        return {k: shuffled(r, v) for k, v in items}
    if isinstance(obj, list):
        return [shuffled(r, v) for v in obj]
    return obj


def other_value(r, v):
    """A value of another type, or of the same type changed."""
    if isinstance(v, str) and v and r.random() < 0.6:
        i = r.randrange(len(v))
        c = v[i]
        return v[:i] + r.choice([c.swapcase(), c + c, "", r.choice(HOSTILE), "{{x}}"]) + v[i + 1:]
    return r.choice([None, 0, 1, -1, 2**64, 1.5, True, "", "E", [], {}, ["x"], {"c": "x"}])


def change_document(r, doc):
    """One change to a catalog document (a dict): a value, a member dropped or added, a
    severity or code changed, or the entries' members in another order."""
    doc = json.loads(json.dumps(doc))
    holders = [doc]
    for v in doc.values():
        if isinstance(v, dict):
            holders.append(v)
            holders += [e for e in v.values() if isinstance(e, (dict, list))]
    target = r.choice(holders)
    keys = list(target) if isinstance(target, dict) else list(range(len(target)))
    kind = r.randrange(4)
    if kind == 0 and keys:
        k = r.choice(keys)
        target[k] = other_value(r, target[k])
    elif kind == 1 and keys and isinstance(target, dict):
        del target[r.choice(keys)]
    elif kind == 2 and isinstance(target, dict):
        target[r.choice(["x", "signer", "s", "m", "c", "v", "g", "ns", "nsh", "f", "wd"])] = \
            other_value(r, "x")
    elif kind == 3 and keys and isinstance(target, dict):
        k = r.choice(keys)
        target[k.swapcase() if r.random() < 0.5 else k + "x"] = target.pop(k)
    return doc


def repeated_member(r, text):
    """`text` with one `"key": value` member of an object written twice, the copy changed."""
    at = [i for i in range(len(text)) if text.startswith('": "', i)]
    if not at:
        return text
    i = r.choice(at)
    start = text.rfind('"', 0, i)
    end = text.find('"', i + 4)
    if start < 0 or end < 0:
        return text
    member = text[start:end + 1]
    copy = member[:-1] + "EVIL" + member[-1:]
    return text[:end + 1] + ", " + (copy if r.random() < 0.5 else member) + text[end + 1:] \
        if r.random() < 0.5 else text[:start] + copy + ", " + text[start:]


def catalog_text(r, text):
    """A catalog's JSON text, changed."""
    try:
        doc = json.loads(text)
    except ValueError:
        doc = None
    pick = r.random()
    if isinstance(doc, dict) and pick < 0.25:  # the same document written another way
        return dumps_like(r, shuffled(r, doc))
    if isinstance(doc, dict) and pick < 0.6:
        for _ in range(r.choice([1, 1, 2])):
            doc = change_document(r, doc)
        return dumps_like(r, doc)
    if pick < 0.7:
        return repeated_member(r, text)
    return mutate(r, text, JSON_TEXT, False)


def catalog_case(r, seeds, op):
    """The input of one random catalog case of `op`."""
    base = dict(r.choice(seeds[op]))
    if op == "catalog_expand" and r.random() < 0.3:
        fields = dict(base.get("fields") or {})
        fields[r.choice(["user", "ip", "x", "", "{{user}}"])] = r.choice(
            ["ada", "", "{{ip}}", "\u00e9\U0001f600", "}}", 7, -1, 1.5, 2**53, None, True,
             [1, "a"], {"k": "v"}])
        base["fields"] = fields
        if r.random() < 0.3:
            base["id"] = mutate(r, base["id"], ind.BASE62 + "-", False)
        return base
    base["json"] = catalog_text(r, base["json"])
    return base


def catalog_cases(r, seed, per_op):
    """`per_op` distinct random cases of each catalog op, outcomes by catalog_independent.py."""
    import catalog_independent as cat  # noqa: E402  (needs cryptography; only here)

    seeds = seeds_of("catalog")
    cases = []
    for op in CATALOG_OPS:
        cases += distinct(op, per_op, lambda: catalog_case(r, seeds, op),
                          lambda inp: cat.run({"op": op, "input": inp}), seed,
                          "catalog_independent.py")
    return {"family": "catalog", "schema": 1, "cases": cases}


# ---------------------------------------------------------------------------------------
# Generators with a node or a clock id (deterministic)

GEN_OPS = ["xid_sequence", "tid_sequence"]


def step_clock(r, clock, lo, hi):
    """A manual clock's next reading (microseconds): the same, a little or far ahead or
    behind, or at an edge of the family's range."""
    pick = r.random()
    if pick < 0.3:
        return clock
    if pick < 0.85:
        return clock + r.choice([1, 999, 1000, 1001, 4096, 50_000, 10**6, 61 * 10**6]) * \
            r.choice([1, 1, -1])
    return r.choice([lo, hi, lo - 1, hi + 1, r.randint(lo, hi)])


def damaged_id(r, text):
    """An ID text to resume after, changed: a symbol dropped, replaced or added (whatever
    the family's parser makes of it), or a TID in its display form."""
    k = r.randrange(len(text))
    return r.choice([text[:k] + text[k + 1:], text[:k] + r.choice("0OIl!-\u00e9 ") + text[k + 1:],
                     text + "2", "%s-%s-%s-%s" % (text[:4], text[4:7], text[7:11], text[11:])])


def generator_case(r, op):
    """The input of a random sequence: options around their bounds, a clock that moves in
    steps (back too), counts that cross the xid counter's 4096 per millisecond, and at
    times an ID to resume after."""
    import generators_independent as gen  # noqa: E402

    if op == "xid_sequence":
        lo = gen.XID_EPOCH_MS * 1000
        hi = (gen.XID_EPOCH_MS + gen.XID_MAX_DELTA) * 1000 + 999
    else:
        lo, hi = -gen.TID_MAX, gen.TID_MAX
    clock = r.choice([gen.T0, gen.T0 + r.randrange(10**9), lo, hi, hi - 2000, lo + 5])
    options = {"clock_micros": str(clock)}
    inp = {"options": options}
    if op == "xid_sequence" or r.random() < 0.6:
        options["node"] = r.choice([0, 1, 7, 31, 958, 959, r.randrange(960)] +
                                   ([960, -1] if r.random() < 0.1 else []))
    else:
        inp["clock_id"] = r.choice([0, 1, 31, 32, 991, 1023] + ([1024] if r.random() < 0.1 else []))
    if r.random() < 0.5:
        options["max_lead_ms"] = r.choice([0, 1, 50, 1000, gen.DEFAULT_LEAD, gen.MAX_LEAD] +
                                          ([gen.MAX_LEAD + 1] if r.random() < 0.1 else []))
    if r.random() < 0.25:
        ms = r.randint(max(lo, clock - 2000), min(hi, clock + 2000)) // 1000
        if op == "xid_sequence" and lo // 1000 <= ms <= hi // 1000:
            own = options["node"] if 0 <= options["node"] <= 959 else r.randrange(960)
            node = r.choice([own, r.randrange(960)])
            inp["resume"] = gen.xid_text(ms - gen.XID_EPOCH_MS,
                                         (node << 12) | r.choice([0, 9, 4094, 4095]))
        elif op == "tid_sequence":
            inp["resume"] = gen.tid_text(r.randint(max(lo, clock - 5000), min(hi, clock + 5000)),
                                         r.randrange(1024))
        if "resume" in inp and r.random() < 0.2:
            inp["resume"] = damaged_id(r, inp["resume"])
    steps = []
    for _ in range(r.randint(1, 5)):
        step = {"count": r.choice([1, 1, 2, 3, 10]) if r.random() < 0.96 else
                r.choice([4095, 4096, 4097] if op == "xid_sequence" else [1001, 1002])}
        if steps and r.random() < 0.6:
            clock = step_clock(r, clock, lo, hi)
            step = {"clock_micros": str(clock), **step}
        steps.append(step)
    inp["steps"] = steps
    return inp


def generator_cases(r, seed, per_op):
    """`per_op` distinct random sequences of each deterministic generator op, outcomes by
    generators_independent.py."""
    import generators_independent as gen  # noqa: E402

    def outcome(op, inp):
        try:
            return {"output": gen.OPS[op](inp)}
        except gen.Fail as e:
            return {"error": e.code}

    cases = []
    for op in GEN_OPS:
        cases += distinct(op, per_op, lambda: generator_case(r, op),
                          lambda inp: outcome(op, inp), seed, "generators_independent.py")
    return {"family": "generators", "schema": 1, "cases": cases}


def id_input(r, seeds, op):
    """An input of an ID family's op: parts drawn around their bounds, or a text of the shared
    vectors (or a fresh valid one) mutated."""
    if op.endswith("_from_parts") or op in ("uid11_encode", "euid_encode", "euid_from_bytes"):
        return parts(r, op)
    shared = r.random() < (0.25 if op in FIXED else 0.5)
    base = dict(r.choice(seeds[op]) if shared else fresh(r, op))
    k = r.choice([k for k in base if (op, k) in SYMBOLS])
    base[k] = mutate(r, base[k], SYMBOLS[(op, k)], op in FIXED)
    return base


# ---------------------------------------------------------------------------------------
# EXTUUID: inputs only. No model reads EXTUUID text (extuuid_independent.py packs typed
# fields), so the matrix takes these cases' outcomes from the Rust adapter and holds every
# other runtime to them (tests/matrix/run).

HEX = "0123456789abcdef"


def extuuid_text_symbols(seeds):
    """The characters of the shared vectors' EXTUUID texts: the grammar's own symbols."""
    return "".join(sorted({ch for inp in seeds["extuuid_encode"] for ch in inp["text"]}))


def uuid_input(r, seeds):
    """A UUID text: a valid one with random hex digits changed (other payloads, most of them
    still version 8), or with its form changed."""
    u = list(r.choice(seeds["extuuid_decode"])["uuid"])
    for _ in range(r.choice([1, 1, 2, 4, 8])):
        i = r.randrange(len(u))
        if u[i] != "-":
            u[i] = r.choice(HEX)
    text = "".join(u)
    if r.random() < 0.3:
        text = mutate(r, text, HEX + HEX.upper() + "-{}", True)
    return text


def extuuid_input(r, seeds, symbols, op):
    if op == "extuuid_decode":
        return {"uuid": uuid_input(r, seeds)}
    if op == "extuuid_inspect":
        if r.random() < 0.5:
            return {"input": uuid_input(r, seeds)}
        return {"input": mutate(r, r.choice(seeds["extuuid_encode"])["text"], symbols, False)}
    return {"text": mutate(r, r.choice(seeds["extuuid_encode"])["text"], symbols, False)}


def extuuid_inputs(r, seed, per_op):
    seeds = seeds_of("extuuid")
    symbols = extuuid_text_symbols(seeds)
    cases = []
    for op in ("extuuid_encode", "extuuid_decode", "extuuid_inspect"):
        cases += distinct(op, per_op, lambda: extuuid_input(r, seeds, symbols, op),
                          lambda inp: {}, seed, "the Rust adapter (tests/matrix/run)")
    return {"family": "extuuid", "schema": 1, "cases": cases}


def build(seed, per_op):
    """{family: document} of `per_op` distinct cases per op."""
    r = random.Random(seed)
    docs = {}
    for family in ind.FAMILIES:
        seeds = seeds_of(family)
        cases = []
        for op in ind.OPS[family]:
            cases += distinct(op, per_op, lambda: id_input(r, seeds, op),
                              lambda inp: id_outcome(family, op, inp), seed, "independent.py")
        docs[family] = {"family": family, "schema": 1, "cases": cases}
    docs["catalog"] = catalog_cases(r, seed, per_op)
    docs["generators"] = generator_cases(r, seed, per_op)
    return docs


def build_unjudged(seed, per_op):
    """{family: document} of cases with inputs only, for the families no model reads."""
    return {"extuuid": extuuid_inputs(random.Random(seed), seed, per_op)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True, help="directory for <family>.json")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--per-op", type=int, default=40, help="cases per op")
    ap.add_argument("--unjudged", metavar="DIR",
                    help="also write EXTUUID cases without outcomes into DIR/extuuid.json")
    args = ap.parse_args()
    total = write_docs(args.out, build(args.seed, args.per_op))
    print("random_cases.py: %d cases, seed %d, in %s" % (total, args.seed, args.out))
    if args.unjudged:
        total = write_docs(args.unjudged, build_unjudged(args.seed, args.per_op))
        print("random_cases.py: %d cases without outcomes in %s" % (total, args.unjudged))
    return 0


def write_docs(out, docs):
    """Writes each document as OUT/<family>.json (the files of an earlier seed go first);
    returns the number of cases."""
    os.makedirs(out, exist_ok=True)
    for name in os.listdir(out):
        if name.endswith(".json"):
            os.remove(os.path.join(out, name))
    total = 0
    for family, doc in docs.items():
        with open(os.path.join(out, family + ".json"), "w", encoding="utf-8") as f:
            json.dump(doc, f, indent=1, ensure_ascii=True)
            f.write("\n")
        total += len(doc["cases"])
    return total


if __name__ == "__main__":
    sys.exit(main())
