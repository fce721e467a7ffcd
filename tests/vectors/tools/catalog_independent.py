#!/usr/bin/env python3
"""Independent implementation of WDP catalogs (tests/vectors/catalog.json),
written from the catalog rules in tests/vectors/README.md ("Catalogs") and polyid's
documented canonical form, never from polyid's output. Compact IDs, normalization and
namespace hashes come from independent.py (docs/spec); Ed25519 from the PyPI package
`cryptography`.

    python3 tools/catalog_independent.py --check   # verify every case (default)
    python3 tools/catalog_independent.py --check --dir DIR   # the catalog.json in DIR
    python3 tools/catalog_independent.py --write   # regenerate catalog.json

Needs `xxhash` and `cryptography` (tools/requirements.txt, which `make vectors-check` installs
into the repo's .venv; or e.g. /tmp/vecvenv: pip install xxhash cryptography);
re-executes itself with $POLYID_VECTORS_PYTHON or /tmp/vecvenv/bin/python3 when they are
missing.
"""

import json
import os
import sys
from decimal import Decimal

HERE = os.path.dirname(os.path.abspath(__file__))


def _ensure_modules():
    try:
        import xxhash  # noqa: F401
        import cryptography  # noqa: F401

        return
    except ImportError:
        pass
    if not os.environ.get("POLYID_CATALOG_REEXEC"):
        for py in [os.environ.get("POLYID_VECTORS_PYTHON"), "/tmp/vecvenv/bin/python3"]:
            if py and os.path.exists(py):
                os.environ["POLYID_CATALOG_REEXEC"] = "1"
                # The script that was run (this file, or one that imports it).
                os.execv(py, [py, os.path.abspath(sys.argv[0])] + sys.argv[1:])
    sys.exit("catalog_independent.py needs the PyPI packages xxhash and cryptography")


_ensure_modules()
sys.path.insert(0, HERE)
import independent as ind  # noqa: E402
import vectorcheck  # noqa: E402
from cryptography.hazmat.primitives.asymmetric.ed25519 import (  # noqa: E402
    Ed25519PrivateKey,
    Ed25519PublicKey,
)
from cryptography.exceptions import InvalidSignature  # noqa: E402

OUT = os.path.join(os.path.dirname(HERE), "catalog.json")
VecError = ind.VecError
MEANINGS = {"E": "Error", "W": "Warning", "C": "Critical", "B": "Blocked", "S": "Success",
            "K": "Completed", "I": "Info", "T": "Trace", "H": "Help"}


def placeholders(template):
    """Names of {{ name }} (stripped), first use order; an unterminated {{ is text."""
    names, rest = [], template
    while "{{" in rest:
        after = rest[rest.index("{{") + 2:]
        if "}}" not in after:
            break
        name = after[: after.index("}}")].strip()
        if name not in names:
            names.append(name)
        rest = after[after.index("}}") + 2:]
    return names


def es_number(x):
    """ECMA-262 Number::toString of a finite double (what JSON.stringify writes): the
    shortest digits that read back as x (Python's repr finds them), as an integer below 10^21,
    a decimal down to 10^-6, else with an exponent; zero (and -0) is 0."""
    if x == 0:
        return "0"
    sign, digits, exp = Decimal(repr(abs(x))).as_tuple()
    s = "".join(map(str, digits)).rstrip("0") or "0"
    k = len(s)
    n = exp + len(digits)  # x = 0.s x 10^n
    sign = "-" if x < 0 else ""
    if k <= n <= 21:
        return sign + s + "0" * (n - k)
    if 0 < n <= 21:
        return sign + s[:n] + "." + s[n:]
    if -6 < n <= 0:
        return sign + "0." + "0" * -n + s
    e = n - 1
    return "%s%s%s%se%s%d" % (sign, s[0], "." if k > 1 else "", s[1:], "-" if e < 0 else "+", abs(e))


def json_text(v):
    """A field value's compact JSON text (docs/spec §1.4): no white space, non-ASCII as is,
    members in the order of their names, numbers as ECMAScript writes them."""
    if isinstance(v, int) and not isinstance(v, bool) and not -(1 << 63) <= v < 1 << 64:
        return es_number(float(v))  # beyond the 64-bit integers a number is read as a double
    if isinstance(v, bool) or v is None or isinstance(v, (int, str)):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, float):
        return es_number(v)
    if isinstance(v, list):
        return "[" + ",".join(json_text(x) for x in v) + "]"
    return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + json_text(v[k])
                          for k in sorted(v)) + "}"


def fill(template, fields):
    out, missing, rest = [], [], template
    while "{{" in rest:
        i = rest.index("{{")
        after = rest[i + 2:]
        if "}}" not in after:
            break
        out.append(rest[:i])
        name = after[: after.index("}}")].strip()
        if name in fields:
            v = fields[name]
            out.append(v if isinstance(v, str) else json_text(v))
        elif name not in missing:
            missing.append(name)
        rest = after[after.index("}}") + 2:]
    out.append(rest)
    if missing:
        raise VecError("MISSING_FIELD")
    return "".join(out)


def build(inp):
    ns = inp.get("namespace")
    nsh = ind.wdp_namespace_hash(ns) if ns is not None else None
    seen, by_id = set(), {}
    parsed = [ind.wdp_parse(e["code"]) for e in inp["entries"]]
    for p in parsed:
        if p["normalized"] in seen:
            raise VecError("DUPLICATE_CODE")
        seen.add(p["normalized"])
    for p in parsed:
        if p["compact_id"] in by_id:
            raise VecError("COLLISION")
        by_id[p["compact_id"]] = p
    ids = [(nsh + "-" + c) if nsh else c for c in by_id]
    return {"ids": sorted(ids)}


class Repeated(ValueError):
    """An object of the text has a member twice."""


def no_repeats(pairs):
    out = {}
    for key, value in pairs:
        if key in out:
            raise Repeated(key)
        out[key] = value
    return out


def no_constant(name):
    """Python's reader takes NaN and Infinity, which are not JSON (RFC 8259)."""
    raise ValueError("not JSON: " + name)


def json_int(digits):
    """An integer of the text; `-0` is the number negative zero, as a reader of JSON numbers
    as doubles has it (so it is no integer version)."""
    return -0.0 if digits == "-0" else int(digits)


def unicode_text(value):
    """Whether every string (and member name) of a read value is Unicode text: JSON lets a
    string escape a lone surrogate (`\\ud800`), which is no character."""
    if isinstance(value, str):
        return not any(0xD800 <= ord(c) <= 0xDFFF for c in value)
    if isinstance(value, list):
        return all(unicode_text(v) for v in value)
    if isinstance(value, dict):
        return all(unicode_text(k) and unicode_text(v) for k, v in value.items())
    return True


def strict_json(text):
    """JSON text read with one meaning: a member repeated in one object is refused, and so are
    NaN, Infinity and escaped lone surrogates."""
    value = json.loads(text, object_pairs_hook=no_repeats, parse_constant=no_constant,
                       parse_int=json_int)
    if not unicode_text(value):
        raise ValueError("a string is not Unicode text")
    return value


def version_text(v):
    """A catalog's version: a string, or an integer (no fraction, no exponent) of 64 bits
    read as its decimal text; anything else is INVALID_CATALOG."""
    if isinstance(v, str):
        return v
    if isinstance(v, int) and not isinstance(v, bool) and -(1 << 63) <= v < (1 << 64):
        return str(v)
    raise VecError("INVALID_CATALOG")


def load(text):
    """-> (nsh or None, namespace or None, version, {id: entry}, generated) with entry keys
    code/severity/message/description/hints/tags/fields/docs_url."""
    try:
        doc = strict_json(text)
    except ValueError:
        raise VecError("INVALID_CATALOG")
    if not isinstance(doc, dict):
        raise VecError("INVALID_CATALOG")
    if "diags" in doc or "wd" in doc:
        full = "diags" in doc
        k = (["version", "namespace", "namespace_hash", "diags", "code", "severity",
              "message", "description", "hints", "tags", "fields", "docs_url"] if full else
             ["v", "ns", "nsh", "wd", "c", "s", "m", "d", "h", "t", "f", "u"])
        gen_key = "generated" if full else "g"
        # A member the form does not define is refused (nothing unverified rides along).
        if set(doc) - set(k[:4] + [gen_key]):
            raise VecError("INVALID_CATALOG")
        if k[0] not in doc:
            raise VecError("INVALID_CATALOG")
        version = version_text(doc[k[0]])
        generated, ns, nsh_given = doc.get(gen_key), doc.get(k[1]), doc.get(k[2])
        # Each a string; null is the member absent.
        if any(v is not None and not isinstance(v, str) for v in (generated, ns, nsh_given)):
            raise VecError("INVALID_CATALOG")
        diags = doc[k[3]]
        if not isinstance(diags, dict):
            raise VecError("INVALID_CATALOG")
        raw = {}
        for id_, e in diags.items():
            if not isinstance(e, dict) or set(e) - set(k[4:]):
                raise VecError("INVALID_CATALOG")
            r = {}
            for name, key in zip(["code", "severity", "message", "description", "hints",
                                  "tags", "fields", "docs_url"], k[4:]):
                v = e.get(key)
                lst = name in ("hints", "tags", "fields")
                if v is not None and (not isinstance(v, list) if lst else not isinstance(v, str)):
                    raise VecError("INVALID_CATALOG")
                if lst and v is not None and not all(isinstance(x, str) for x in v):
                    raise VecError("INVALID_CATALOG")
                r[name] = v
            if r["code"] is None or r["message"] is None:
                raise VecError("INVALID_CATALOG")
            raw[id_] = r
    else:
        version, ns, nsh_given, raw, generated = "1", None, None, {}, None
        # The IDs in the order of their UTF-8 bytes: the first of 11 bytes whose first five
        # bytes are whole characters gives the namespace hash.
        for id_, v in sorted(doc.items(), key=lambda item: item[0].encode("utf-8")):
            if not (isinstance(v, list) and len(v) == 2 and all(isinstance(x, str) for x in v)):
                raise VecError("INVALID_CATALOG")
            b = id_.encode("utf-8")
            if len(b) == 11 and nsh_given is None:
                try:
                    nsh_given = b[:5].decode("utf-8")
                except UnicodeDecodeError:
                    pass
            raw[id_] = {"code": v[0], "severity": None, "message": v[1], "description": None,
                        "hints": None, "tags": None, "fields": None, "docs_url": None}
    tampered = False
    if ns is not None:
        try:
            computed = ind.wdp_namespace_hash(ns)
        except VecError:
            raise VecError("INVALID_CATALOG")
        tampered |= nsh_given is not None and nsh_given != computed
        nsh = computed
    else:
        # A namespace hash without its namespace must at least be one: five ASCII letters
        # or digits.
        if nsh_given is not None and not (len(nsh_given) == 5 and all(
                c.isascii() and c.isalnum() for c in nsh_given)):
            raise VecError("INVALID_CATALOG")
        nsh = nsh_given
    entries = {}
    for id_, r in raw.items():
        try:
            p = ind.wdp_parse(r["code"])
        except VecError:
            raise VecError("INVALID_CATALOG")
        want = (nsh + "-" + p["compact_id"]) if nsh else p["compact_id"]
        s = r["severity"]
        sev_ok = s is None or (len(s) == 1 and s.upper() == p["severity"]) or \
            s.lower() == MEANINGS[p["severity"]].lower()
        if id_ != want or not sev_ok:
            tampered = True
            continue
        e = dict(r)
        e["code"], e["severity"] = p["normalized"], p["severity"]
        if e["fields"] is None:
            e["fields"] = placeholders(e["message"])
        entries[id_] = e
    if tampered:
        raise VecError("TAMPERED")
    return nsh, ns, version, entries, generated or ""


def lookup(cat, id_):
    nsh, _, _, entries, _ = cat
    if nsh and len(id_) == 5:
        id_ = nsh + "-" + id_
    if id_ not in entries:
        raise VecError("NOT_FOUND")
    return entries[id_]


def expansion(e, fields):
    return {"code": e["code"], "severity": e["severity"], "message": fill(e["message"], fields)}


def levels(v):
    """How far below `v` its deepest part lies (docs/spec §1.4: at most 64)."""
    parts = v.values() if isinstance(v, dict) else v if isinstance(v, list) else ()
    return max((1 + levels(x) for x in parts), default=0)


def read_fields(fields):
    """The fields, read before the ID is looked up: a value nested too deep is refused."""
    if any(levels(v) > 64 for v in fields.values()):
        raise VecError("INVALID_ARGUMENT")
    return fields


def canonical(cat):
    nsh, ns, version, entries, generated = cat
    doc = {"v": version, "wd": {}}
    if generated:
        doc["g"] = generated
    if ns is not None:
        doc["ns"] = ns
    if nsh is not None:
        doc["nsh"] = nsh
    for id_, e in entries.items():
        o = {"c": e["code"], "s": e["severity"], "m": e["message"]}
        for name, key in [("description", "d"), ("docs_url", "u")]:
            if e[name] is not None:
                o[key] = e[name]
        for name, key in [("hints", "h"), ("tags", "t"), ("fields", "f")]:
            if e[name]:
                o[key] = e[name]
        doc["wd"][id_] = o
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def op(case):
    inp, name = case["input"], case["op"]
    if name == "catalog_build":
        return build(inp)
    cat = load(inp["json"])
    if name == "catalog_load":
        out = {"count": len(cat[3]), "ids": sorted(cat[3])}
        if cat[0]:
            out["namespace_hash"] = cat[0]
        return out
    if name == "catalog_expand":
        fields = read_fields(inp.get("fields") or {})
        return expansion(lookup(cat, inp["id"]), fields)
    if name == "catalog_expand_payload":
        try:
            payload = strict_json(inp["payload"])
        except ValueError:
            raise VecError("INVALID_ARGUMENT")
        if not isinstance(payload, dict):
            raise VecError("INVALID_ARGUMENT")
        out = []
        for id_, body in payload.items():
            if not isinstance(body, dict) or set(body) - {"f"}:
                raise VecError("INVALID_ARGUMENT")
            f = body.get("f")
            if f is not None and not isinstance(f, dict):
                raise VecError("INVALID_ARGUMENT")
            f = read_fields(f or {})
            out.append(expansion(lookup(cat, id_), f))
        return sorted(out, key=lambda x: x["code"])
    if name == "catalog_canonical":
        return canonical(cat)
    data = canonical(cat).encode("utf-8")
    if name == "catalog_sign":
        key = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(inp["secret_key"]))
        pub = key.public_key().public_bytes_raw()
        return {"public_key": pub.hex(), "signature": key.sign(data).hex()}
    if name == "catalog_verify":
        pub, sig = bytes.fromhex(inp["public_key"]), bytes.fromhex(inp["signature"])
        if len(pub) != 32 or len(sig) != 64:
            raise VecError("INVALID_SIGNATURE")
        try:
            Ed25519PublicKey.from_public_bytes(pub).verify(sig, data)
        except (InvalidSignature, ValueError):
            raise VecError("INVALID_SIGNATURE")
        return True
    raise SystemExit("unknown op " + name)


def run(case):
    try:
        return {"output": op(case)}
    except VecError as e:
        return {"error": e.code}


# --------------------------------------------------------------------------------------
# Case definitions (inputs only; outputs are computed above)
# --------------------------------------------------------------------------------------

SRC = "tools/catalog_independent.py; IDs per docs/spec §1.2/§1.3"
COLLIDE = "pair found by a birthday search with tools/catalog_independent.py's hash (python xxhash)"
SECRET = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"  # RFC 8032 T1
OTHER_PUB = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511b"


def E(code, message="m", **kw):
    e = {"code": code, "message": message}
    e.update(kw)
    return e


def nest(levels, inner):
    """`inner` inside `levels` arrays."""
    for _ in range(levels):
        inner = [inner]
    return inner


def J(obj):
    return json.dumps(obj, ensure_ascii=False)


FULL = J({"version": "1", "generated": "2026-11-21T00:00:00Z", "diags": {
    "V6a0B": {"code": "E.AUTH.TOKEN.001", "severity": "Error",
              "message": "token missing for {{user}} from {{ ip }}",
              "description": "No bearer token.", "hints": ["send a token"],
              "tags": ["auth"], "fields": ["user", "ip"],
              "docs_url": "https://example.com/V6a0B"},
    "KF52S": {"code": "W.DATABASE.CONNECTION.027", "severity": "Warning",
              "message": "slow connection"},
    "fnOQk": {"code": "T.PROFILER.TIMER.999", "severity": "Trace",
              "message": "timer {{name}} took {{ms}} ms; {{name}} again; {{ unterminated"}}})
COMPACT = J({"v": "2", "wd": {
    "l3i4I": {"c": "E.A.B.001", "s": "E", "m": "minimal é \"q\"\n{{x}}", "t": ["z", "a"]},
    "00BVL": {"c": "B.API.RATELIMIT.007", "s": "B", "m": "rate limited"}}})
MINIMAL = J({"AcAGP": ["E.AUTH.TOKEN.003", "third"], "0yRgf": ["W.CACHE.DATA.018", "cache"]})
NS_COMPACT = J({"v": "1", "ns": "auth_lib", "nsh": "05o5h", "wd": {
    "05o5h-V6a0B": {"c": "E.Auth.Token.001", "s": "E", "m": "token {{x}}"}}})
NS_MINIMAL = J({"oFN7q-gjyGQ": ["E.Database.Connection.021", "db down"]})

CASES = [
    # build
    ("build-spec-ids", "catalog_build", {"entries": [
        E("E.Auth.Token.001"), E("W.DATABASE.CONNECTION.027"), E("E.A.B.001"),
        E("T.PROFILER.TIMER.999"), E("B.API.RATELIMIT.007"), E("E.AUTH.TOKEN.003"),
        E("W.CACHE.DATA.018", "m", description="d", hints=["h"], tags=["t"],
          docs_url="https://example.com")]}, SRC),
    ("build-named-sequence", "catalog_build", {"entries": [E("E.AUTH.TOKEN.MISSING")]}, SRC),
    ("build-namespace-auth-lib", "catalog_build",
     {"namespace": "auth_lib", "entries": [E("E.Auth.Token.001")]}, SRC),
    ("build-namespace-user-service", "catalog_build",
     {"namespace": "user_service", "entries": [E("E.Database.Connection.021")]}, SRC),
    ("build-empty", "catalog_build", {"entries": []}, SRC),
    ("build-collision-xv0cV", "catalog_build", {"entries": [
        E("C.AUTH.READ.974"), E("E.A.B.001"), E("S.AUTH.READ.898")]}, COLLIDE),
    ("build-collision-yrmLL", "catalog_build", {"entries": [
        E("B.AUTH.TIMEOUT.757"), E("T.AUTH.KEY.288")]}, COLLIDE),
    ("build-collision-namespaced", "catalog_build", {"namespace": "a", "entries": [
        E("C.AUTH.LIMIT.596"), E("T.USER.TOKEN.684")]}, COLLIDE),
    ("build-duplicate-case", "catalog_build", {"entries": [
        E("E.Auth.Token.001"), E("e.auth.token.001")]}, SRC),
    ("build-duplicate-named", "catalog_build", {"entries": [
        E("E.AUTH.TOKEN.001"), E("E.AUTH.TOKEN.MISSING")]}, SRC),
    ("build-invalid-code", "catalog_build", {"entries": [E("E.AUTH.TOKEN")]}, SRC),
    ("build-invalid-namespace", "catalog_build",
     {"namespace": "Bad", "entries": [E("E.A.B.001")]}, SRC),
    # load
    ("load-full", "catalog_load", {"json": FULL}, SRC),
    ("load-compact", "catalog_load", {"json": COMPACT}, SRC),
    ("load-minimal", "catalog_load", {"json": MINIMAL}, SRC),
    ("load-namespaced-compact", "catalog_load", {"json": NS_COMPACT}, SRC),
    ("load-namespaced-minimal", "catalog_load", {"json": NS_MINIMAL}, SRC),
    ("load-empty", "catalog_load", {"json": "{}"}, SRC),
    ("load-tampered-id", "catalog_load",
     {"json": J({"V6a0B": ["E.AUTH.TOKEN.002", "m"], "l3i4I": ["E.A.B.001", "ok"]})}, SRC),
    ("load-tampered-stale-code", "catalog_load", {"json": J({"v": "1", "wd": {
        "V6a0B": {"c": "E.AUTH.TOKEN.003", "s": "E", "m": "m"}}})}, SRC),
    ("load-tampered-severity", "catalog_load", {"json": J({"v": "1", "wd": {
        "V6a0B": {"c": "E.AUTH.TOKEN.001", "s": "W", "m": "m"}}})}, SRC),
    ("load-tampered-namespace-hash", "catalog_load", {"json": J({"v": "1", "ns": "auth_lib",
        "nsh": "oFN7q", "wd": {"oFN7q-V6a0B": {"c": "E.AUTH.TOKEN.001", "s": "E", "m": "m"}}})},
     SRC),
    ("load-tampered-full-id", "catalog_load",
     {"json": J({"oFN7q-V6a0B": ["E.AUTH.TOKEN.002", "m"]})}, SRC),
    ("load-not-json", "catalog_load", {"json": "{"}, SRC),
    ("load-not-object", "catalog_load", {"json": "[]"}, SRC),
    ("load-minimal-not-pair", "catalog_load", {"json": J({"V6a0B": ["E.AUTH.TOKEN.001"]})}, SRC),
    ("load-compact-no-message", "catalog_load", {"json": J({"v": "1", "wd": {
        "V6a0B": {"c": "E.AUTH.TOKEN.001", "s": "E"}}})}, SRC),
    ("load-full-no-version", "catalog_load", {"json": J({"diags": {}})}, SRC),
    ("load-invalid-code", "catalog_load", {"json": J({"V6a0B": ["E.AUTH.TOKEN", "m"]})}, SRC),
    # one reading only: repeated members and members a form does not define
    ("load-repeated-message", "catalog_load", {"json":
        '{"v":"1","wd":{"V6a0B":{"c":"E.AUTH.TOKEN.001","s":"E","m":"EVIL","m":"ok"}}}'}, SRC),
    ("load-repeated-message-full", "catalog_load", {"json":
        '{"version":"1","diags":{"V6a0B":{"code":"E.AUTH.TOKEN.001","message":"ok",'
        '"message":"EVIL"}}}'}, SRC),
    ("load-repeated-id", "catalog_load", {"json":
        '{"v":"1","wd":{"V6a0B":{"c":"E.AUTH.TOKEN.001","s":"E","m":"EVIL"},'
        '"V6a0B":{"c":"E.AUTH.TOKEN.001","s":"E","m":"ok"}}}'}, SRC),
    ("load-repeated-id-minimal", "catalog_load", {"json":
        '{"V6a0B":["E.AUTH.TOKEN.001","EVIL"],"V6a0B":["E.AUTH.TOKEN.001","ok"]}'}, SRC),
    ("load-repeated-wd", "catalog_load", {"json":
        '{"v":"1","wd":{"V6a0B":{"c":"E.AUTH.TOKEN.001","m":"EVIL"}},'
        '"wd":{"V6a0B":{"c":"E.AUTH.TOKEN.001","m":"ok"}}}'}, SRC),
    ("load-repeated-v", "catalog_load", {"json":
        '{"v":"1","v":"2","wd":{"V6a0B":{"c":"E.AUTH.TOKEN.001","m":"ok"}}}'}, SRC),
    ("load-repeated-ns", "catalog_load", {"json":
        '{"v":"1","wd":{},"ns":"a","ns":"b"}'}, SRC),
    ("load-unknown-entry-member", "catalog_load", {"json": J({"v": "1", "wd": {
        "V6a0B": {"c": "E.AUTH.TOKEN.001", "s": "E", "m": "ok", "x": "unsigned"}}})}, SRC),
    ("load-unknown-entry-member-full", "catalog_load", {"json": J({"version": "1", "diags": {
        "V6a0B": {"code": "E.AUTH.TOKEN.001", "message": "ok", "m": "EVIL"}}})}, SRC),
    ("load-unknown-top-member", "catalog_load", {"json": J({"version": "1", "diags": {},
                                                           "signer": "trusted"})}, SRC),
    ("load-unknown-top-member-compact", "catalog_load", {"json": J({"v": "1", "wd": {},
        "generated": "2026-11-21T00:00:00Z"})}, SRC),
    ("load-both-forms", "catalog_load", {"json": J({"version": "1", "diags": {}, "wd": {}})},
     SRC),
    ("load-compact-generated", "catalog_load", {"json": J({"v": "1", "g": "2026-11-21T00:00:00Z",
        "wd": {"V6a0B": {"c": "E.AUTH.TOKEN.001", "m": "ok"}}})}, SRC),
    # a version is a string or a 64-bit integer; JSON is RFC 8259's; a namespace hash
    # without its namespace must be one (found by tools/random_cases.py)
    ("load-version-integer", "catalog_load", {"json":
        '{"v":18446744073709551615,"wd":{"V6a0B":{"c":"E.AUTH.TOKEN.001","m":"ok"}}}'}, SRC),
    ("load-version-fraction", "catalog_load", {"json":
        '{"v":1.5,"wd":{"V6a0B":{"c":"E.AUTH.TOKEN.001","m":"ok"}}}'}, SRC),
    ("load-version-exponent", "catalog_load", {"json":
        '{"v":1e2,"wd":{"V6a0B":{"c":"E.AUTH.TOKEN.001","m":"ok"}}}'}, SRC),
    ("load-version-wider-than-64-bits", "catalog_load", {"json":
        '{"v":18446744073709551616,"wd":{"V6a0B":{"c":"E.AUTH.TOKEN.001","m":"ok"}}}'}, SRC),
    ("load-version-negative-zero", "catalog_load", {"json":
        '{"v":-0,"wd":{"V6a0B":{"c":"E.AUTH.TOKEN.001","m":"ok"}}}'}, SRC),
    ("load-version-true", "catalog_load", {"json":
        '{"v":true,"wd":{"V6a0B":{"c":"E.AUTH.TOKEN.001","m":"ok"}}}'}, SRC),
    ("load-nan", "catalog_load", {"json":
        '{"v":"1","wd":{"V6a0B":{"c":"E.AUTH.TOKEN.001","m":"ok","d":NaN}}}'}, SRC),
    ("load-lone-surrogate", "catalog_load", {"json":
        '{"v":"1","wd":{"V6a0B":{"c":"E.AUTH.TOKEN.001","m":"ok \\ud800"}}}'}, SRC),
    ("load-namespace-hash-not-a-hash", "catalog_load", {"json":
        '{"v":"1","nsh":"X","wd":{"V6a0B":{"c":"E.AUTH.TOKEN.001","m":"ok"}}}'}, SRC),
    ("load-namespace-hash-not-a-string", "catalog_load", {"json":
        '{"v":"1","ns":"auth_lib","nsh":5,"wd":{}}'}, SRC),
    ("load-namespace-null", "catalog_load", {"json":
        '{"v":"1","ns":null,"nsh":null,"g":null,"wd":{"V6a0B":{"c":"E.AUTH.TOKEN.001",'
        '"m":"ok"}}}'}, SRC),
    # expand
    ("expand-no-fields", "catalog_expand", {"json": FULL, "id": "KF52S"}, SRC),
    ("expand-fields-of-other-types", "catalog_expand", {"json": FULL, "id": "V6a0B",
     "fields": {"user": [1, "\u00e9"], "ip": {"k": None}}}, SRC),
    ("expand-fields", "catalog_expand", {"json": FULL, "id": "V6a0B",
                                         "fields": {"user": "ada", "ip": "10.0.0.1"}}, SRC),
    ("expand-repeated-and-unterminated", "catalog_expand",
     {"json": FULL, "id": "fnOQk", "fields": {"name": "db", "ms": 12}}, SRC),
    ("expand-numbers", "catalog_expand", {"json": FULL, "id": "fnOQk", "fields": {
        "name": [1.0, 100.5, 1e20, 1e21, 1e-6, 1e-7, 2.0 ** -24, -0.0, 0.1 + 0.2, 5e-324],
        "ms": 1.7976931348623157e308}}, SRC),
    ("expand-members-sorted", "catalog_expand", {"json": FULL, "id": "V6a0B", "fields": {
        "user": {"b": 1, "a": [2, {"d": None, "c": True}], "\u00e9": 3, "B": 4},
        "ip": -(1 << 53) + 1}}, SRC),
    ("expand-missing-field", "catalog_expand",
     {"json": FULL, "id": "V6a0B", "fields": {"user": "ada"}}, SRC),
    ("expand-missing-all-fields", "catalog_expand", {"json": FULL, "id": "fnOQk"}, SRC),
    ("expand-field-nested-64-levels", "catalog_expand", {"json": FULL, "id": "fnOQk",
     "fields": {"name": nest(64, 7), "ms": 1}}, SRC),
    ("expand-field-nested-65-arrays-innermost-empty", "catalog_expand", {"json": FULL,
     "id": "fnOQk", "fields": {"name": nest(64, []), "ms": 1}}, SRC),
    ("expand-field-nested-65-levels", "catalog_expand", {"json": FULL, "id": "fnOQk",
     "fields": {"name": "db", "ms": nest(65, 7)}}, SRC),
    ("expand-field-nested-65-levels-unknown-id", "catalog_expand", {"json": FULL,
     "id": "35Jkp", "fields": {"name": nest(64, {"k": 1})}}, SRC),
    ("expand-unknown-id", "catalog_expand", {"json": FULL, "id": "35Jkp"}, SRC),
    ("expand-malformed-id", "catalog_expand", {"json": FULL, "id": "V6a0"}, SRC),
    ("expand-escapes-and-unicode", "catalog_expand",
     {"json": COMPACT, "id": "l3i4I", "fields": {"x": "✓"}}, SRC),
    ("expand-minimal", "catalog_expand", {"json": MINIMAL, "id": "0yRgf"}, SRC),
    ("expand-full-id", "catalog_expand",
     {"json": NS_COMPACT, "id": "05o5h-V6a0B", "fields": {"x": "1"}}, SRC),
    ("expand-full-id-bare-compact", "catalog_expand",
     {"json": NS_COMPACT, "id": "V6a0B", "fields": {"x": "1"}}, SRC),
    ("expand-full-id-other-namespace", "catalog_expand",
     {"json": NS_COMPACT, "id": "oFN7q-V6a0B", "fields": {"x": "1"}}, SRC),
    ("expand-namespaced-minimal", "catalog_expand",
     {"json": NS_MINIMAL, "id": "oFN7q-gjyGQ"}, SRC),
    ("expand-repeated-message", "catalog_expand", {"json":
        '{"V6a0B":["E.AUTH.TOKEN.001","EVIL"],"V6a0B":["E.AUTH.TOKEN.001","ok"]}',
        "id": "V6a0B"}, SRC),
    # payloads
    ("payload-two-ids", "catalog_expand_payload", {"json": FULL, "payload": J(
        {"fnOQk": {"f": {"name": "db", "ms": 12}}, "KF52S": {}})}, SRC),
    ("payload-numbers", "catalog_expand_payload", {"json": FULL, "payload":
        '{"fnOQk":{"f":{"name":[1.0,1E2,1e21,5.960464477539063e-8,-0.0,0.000001,'
        '18446744073709551615,18446744073709551616],"ms":-9223372036854775809}}}'}, SRC),
    ("payload-unknown-id", "catalog_expand_payload",
     {"json": FULL, "payload": J({"35Jkp": {}})}, SRC),
    ("payload-missing-field", "catalog_expand_payload",
     {"json": FULL, "payload": J({"V6a0B": {"f": {"user": "ada"}}})}, SRC),
    ("payload-field-nested-65-levels", "catalog_expand_payload",
     {"json": FULL, "payload": J({"fnOQk": {"f": {"name": nest(65, 7), "ms": 1}}})}, SRC),
    ("payload-not-object", "catalog_expand_payload", {"json": FULL, "payload": "[]"}, SRC),
    ("payload-body-not-object", "catalog_expand_payload",
     {"json": FULL, "payload": J({"KF52S": 1})}, SRC),
    ("payload-f-not-object", "catalog_expand_payload",
     {"json": FULL, "payload": J({"KF52S": {"f": 2}})}, SRC),
    ("payload-repeated-id", "catalog_expand_payload",
     {"json": FULL, "payload": '{"KF52S":{},"KF52S":{}}'}, SRC),
    ("payload-repeated-field", "catalog_expand_payload",
     {"json": FULL, "payload": '{"V6a0B":{"f":{"user":"ada","ip":"a","user":"eve"}}}'}, SRC),
    ("payload-unknown-member", "catalog_expand_payload",
     {"json": FULL, "payload": J({"V6a0B": {"fields": {"user": "ada", "ip": "a"}}})}, SRC),
    # canonical bytes and signatures
    ("canonical-full", "catalog_canonical", {"json": FULL}, SRC),
    ("canonical-compact", "catalog_canonical", {"json": COMPACT}, SRC),
    ("canonical-minimal", "catalog_canonical", {"json": MINIMAL}, SRC),
    ("canonical-namespaced", "catalog_canonical", {"json": NS_COMPACT}, SRC),
    ("canonical-compact-generated", "catalog_canonical", {"json": J({"v": "1",
        "g": "2026-11-21T00:00:00Z", "wd": {"V6a0B": {"c": "E.AUTH.TOKEN.001", "m": "ok"}}})},
     SRC),
    ("sign-rfc8032-key", "catalog_sign", {"json": FULL, "secret_key": SECRET},
     "Ed25519 by python cryptography over the canonical bytes; key: RFC 8032 §7.1 TEST 1"),
]


def sign_of(text):
    return run({"op": "catalog_sign", "input": {"json": text, "secret_key": SECRET}})["output"]


def verify_cases():
    good = sign_of(FULL)
    flipped = good["signature"][:-2] + ("00" if good["signature"][-2:] != "00" else "01")
    changed = FULL.replace("slow connection", "fast connection")
    regenerated = FULL.replace("2026-11-21T00:00:00Z", "2030-01-01T00:00:00Z")
    # The signed text with a member repeated: the first copy is what another reader sees.
    repeated = FULL.replace('"message": "slow connection"',
                            '"message": "EVIL", "message": "slow connection"')
    assert repeated != FULL
    extra = FULL.replace('"message": "slow connection"',
                         '"message": "slow connection", "note": "unsigned"')
    short = {"description": "d", "hints": "h", "tags": "t", "fields": "f", "docs_url": "u"}
    as_compact = J({"v": "1", "g": "2026-11-21T00:00:00Z", "wd": {
        id_: {"c": e["code"], "s": e["severity"][0], "m": e["message"],
              **{short[k]: v for k, v in e.items() if k in short}}
        for id_, e in json.loads(FULL)["diags"].items()}})
    src = "signature by python cryptography (RFC 8032 TEST 1 key) over the canonical bytes"
    return [
        ("verify-good", {"json": FULL, **good}, src),
        ("verify-good-after-reformatting", {"json": J(json.loads(FULL)), **good}, src),
        ("verify-flipped-signature", {"json": FULL, "public_key": good["public_key"],
                                      "signature": flipped}, src),
        ("verify-other-key", {"json": FULL, "public_key": OTHER_PUB,
                              "signature": good["signature"]}, src),
        ("verify-changed-message", {"json": changed, **good}, src),
        ("verify-changed-generated", {"json": regenerated, **good}, src),
        ("verify-same-catalog-compact-form", {"json": as_compact, **good}, src),
        ("verify-repeated-member", {"json": repeated, **good}, src),
        ("verify-unknown-member", {"json": extra, **good}, src),
        ("verify-short-signature", {"json": FULL, "public_key": good["public_key"],
                                    "signature": good["signature"][:-2]}, src),
    ]


def cases():
    out = []
    for name, op_, inp, src in CASES:
        out.append({"name": name, "op": op_, "source": src, "input": inp})
    for name, inp, src in verify_cases():
        out.append({"name": name, "op": "catalog_verify", "source": src, "input": inp})
    for c in out:
        c.update(run(c))
    return out


def main():
    ind.spec_selftest()
    mode = "--write" if "--write" in sys.argv else "--check"
    generated = cases()
    if mode == "--write":
        os.makedirs(os.path.dirname(OUT), exist_ok=True)
        with open(OUT, "w", encoding="utf-8") as f:
            json.dump({"family": "catalog", "schema": 1, "cases": generated}, f,
                      ensure_ascii=False, indent=1)
            f.write("\n")
        print(f"wrote {len(generated)} cases to {OUT}")
        return
    path = os.path.join(vectorcheck.vector_dir(sys.argv, os.path.dirname(OUT)), "catalog.json")
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    bad = 0
    for c in doc["cases"]:
        got = run(c)
        want = {k: c[k] for k in ("output", "error") if k in c}
        if got != want:
            bad += 1
            print(f"MISMATCH catalog/{c['name']}: file {want} independent {got}")
    # Every case the definitions above make must be in the file, with the same input.
    on_disk = {c["name"]: c.get("input") for c in doc["cases"]}
    for c in generated:
        if on_disk.get(c["name"]) != c["input"]:
            bad += 1
            print(f"MISMATCH catalog/{c['name']}: missing from the file or its input differs")
    print(f"catalog vectors: {len(doc['cases'])} checked, {bad} differ")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
