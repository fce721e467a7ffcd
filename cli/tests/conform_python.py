#!/usr/bin/env python3
"""Reference adapter of the conform protocol (tests/vectors/README.md, "Conformance
protocol") for the Python package ``polyid``.

    polyid conform -- python3 cli/tests/conform_python.py

Reads one JSON request per line on stdin, ``{"id": ..., "op": ..., "input": {...}}``, and
writes one JSON response per line on stdout, in order: ``{"output": ...}``,
``{"error": CODE, "message": ..., "detail": {...}}`` or ``{"skip": reason}``. It only
translates types (decimal strings to int, hex to bytes, results to the vectors' JSON shapes);
every identifier is computed by the ``polyid`` package. Copy it as the template of an adapter
for your own implementation: replace the calls in ``OPS``.
"""

import json
import sys

import polyid


def _int(v):
    """A vector integer (JSON number or decimal string) as a Python int."""
    return int(v) if isinstance(v, str) else v


def _xid(x):
    return {"text": str(x), "value": str(x.value), "unix_ms": x.unix_ms, "random": x.random}


def _tid(t):
    return {"text": str(t), "display": t.display(), "value": str(t.value),
            "micros": str(t.micros), "clock_id": t.clock_id}


def _euid(e):
    return {"value": str(e.value), "hex": e.bytes.hex(), "text": str(e),
            "text_nocheck": e.encode(False), "unix_ms": e.unix_ms, "extension": e.extension}


def _parse_code(i):
    c = polyid.parse_code(i["code"], i.get("named_sequences"))
    return {"severity": c.severity, "meaning": c.meaning, "priority": c.priority,
            "blocking": c.blocking, "component": c.component, "primary": c.primary,
            "sequence": c.sequence, "normalized": c.normalized, "compact_id": c.compact_id}


def _full_id(i):
    namespace_hash, compact_id = polyid.parse_full_id(i["id"])
    return {"namespace_hash": namespace_hash, "compact_id": compact_id}


def _pair(r):
    return None if r is None else [str(r[0]), str(r[1])]


def _xid_range(r):
    return None if r is None else {"min_unix_ms": r[0], "max_unix_ms": r[1]}


def _expansion(e):
    return {"code": e.code, "severity": e.severity, "message": e.message}


def _catalog_load(i):
    c = polyid.Catalog.load(i["json"])
    out = {"count": len(c), "ids": c.ids()}
    if c.namespace_hash is not None:
        out["namespace_hash"] = c.namespace_hash
    return out


def _catalog_sign(i):
    key = polyid.KeyPair(bytes.fromhex(i["secret_key"]))
    sig = polyid.Catalog.load(i["json"]).sign(key)
    return {"public_key": key.public_key.hex(), "signature": sig.hex()}


def _catalog_verify(i):
    c = polyid.Catalog.load(i["json"])
    c.verify(bytes.fromhex(i["public_key"]), bytes.fromhex(i["signature"]))
    return True


def _vector_json(v):
    """extuuid_inspect's vector convention: integers as decimal strings."""
    if isinstance(v, bool) or not isinstance(v, (int, list)):
        return v
    if isinstance(v, int):
        return str(v)
    return [_vector_json(x) for x in v]


OPS = {
    "compact_id": lambda i: polyid.compact_id(i["code"], i.get("named_sequences")),
    "normalize_code": lambda i: polyid.normalize_code(i["code"], i.get("named_sequences")),
    "parse_code": _parse_code,
    "namespace_hash": lambda i: polyid.namespace_hash(i["namespace"]),
    "full_id": lambda i: polyid.full_id(i["namespace"], i["code"], i.get("named_sequences")),
    "parse_full_id": _full_id,
    "uid11_encode": lambda i: polyid.uid11_encode(_int(i["value"])),
    "uid11_decode": lambda i: str(polyid.uid11_decode(i["text"])),
    "uid11_prefix_range": lambda i: _pair(polyid.uid11_prefix_range(i["prefix"])),
    "xid_from_parts": lambda i: _xid(polyid.Xid.from_parts(_int(i["unix_ms"]),
                                                            _int(i["random"]))),
    "xid_parse": lambda i: _xid(polyid.Xid.parse(i["text"])),
    "xid_prefix_range": lambda i: _xid_range(polyid.xid_prefix_range(i["prefix"])),
    "tid_from_parts": lambda i: _tid(polyid.Tid.from_parts(_int(i["micros"]),
                                                            _int(i["clock_id"]))),
    "tid_parse": lambda i: _tid(polyid.Tid.parse(i["text"])),
    "tid_prefix_range": lambda i: _pair(polyid.tid_prefix_range(i["prefix"])),
    "euid_from_parts": lambda i: _euid(polyid.Euid.from_parts(
        _int(i["unix_ms"]), None if i["extension"] is None else _int(i["extension"]),
        _int(i["padding"]), _int(i["random"]))),
    "euid_encode": lambda i: polyid.Euid.from_int(_int(i["value"])).encode(i["checkmod"]),
    "euid_parse": lambda i: _euid(polyid.Euid.parse(i["text"])),
    "euid_from_bytes": lambda i: _euid(polyid.Euid.from_bytes(bytes.fromhex(i["hex"]))),
    "catalog_build": lambda i: {"ids": polyid.Catalog.build(i["entries"], i.get("namespace")).ids()},
    "catalog_load": _catalog_load,
    "catalog_expand": lambda i: _expansion(
        polyid.Catalog.load(i["json"]).expand(i["id"], i.get("fields"))),
    # the order of a payload's expansions is not specified: the vectors compare by code
    "catalog_expand_payload": lambda i: sorted(
        (_expansion(e) for e in polyid.Catalog.load(i["json"]).expand_payload(i["payload"])),
        key=lambda e: e["code"]),
    "catalog_canonical": lambda i: polyid.Catalog.load(i["json"]).canonical_bytes().decode(),
    "catalog_sign": _catalog_sign,
    "catalog_verify": _catalog_verify,
    "extuuid_encode": lambda i: {"uuid": polyid.extuuid_encode(i["text"]),
                                 "text": polyid.extuuid_decode(polyid.extuuid_encode(i["text"]))},
    "extuuid_decode": lambda i: {"text": polyid.extuuid_decode(i["uuid"])},
    "extuuid_inspect": lambda i: {k: _vector_json(v)
                                  for k, v in polyid.extuuid_inspect(i["input"]).items()},
}


def _sequence(cls, extra_key=None):
    """The generator cases (docs/spec 6.5): build from the options on a manual clock (or
    resume after `resume`), then `next_many(count)` per step; a failing step is {"error"}."""

    def run(i):
        o = i["options"]
        kw = {k: int(o[k]) for k in ("node", "seed", "max_lead_ms", "clock_micros")
              if o.get(k) is not None}
        if "on_clock_behind" in o:
            kw["on_clock_behind"] = o["on_clock_behind"]
        pre = [] if extra_key is None else [i.get(extra_key)]
        g = cls.resume(i["resume"], *pre, **kw) if i.get("resume") else cls(*pre, **kw)
        out = []
        for step in i["steps"]:
            if "clock_micros" in step:
                g.set_clock_micros(int(step["clock_micros"]))
            try:
                out.append([str(x) for x in g.next_many(step["count"])])
            except polyid.PolyIdError as e:
                out.append({"error": e.code})
        return out

    return run


# A request's "profile" (docs/spec §1.5, §3.5, §4.4) goes to the package's profile= option.
PROFILED = {
    "tid_parse": lambda i, p: _tid(polyid.Tid.parse(i["text"], profile=p)),
    "euid_parse": lambda i, p: _euid(polyid.Euid.parse(i["text"], profile=p)),
    "compact_id": lambda i, p: polyid.compact_id(i["code"], i.get("named_sequences"), profile=p),
    "namespace_hash": lambda i, p: polyid.namespace_hash(i["namespace"], profile=p),
    "full_id": lambda i, p: polyid.full_id(i["namespace"], i["code"], i.get("named_sequences"),
                                           profile=p),
    "parse_full_id": lambda i, p: dict(zip(("namespace_hash", "compact_id"),
                                           polyid.parse_full_id(i["id"], profile=p))),
}

OPS["xid_sequence"] = _sequence(polyid.XidGenerator)
OPS["tid_sequence"] = _sequence(polyid.TidGenerator, "clock_id")
OPS["euid_sequence"] = _sequence(polyid.EuidGenerator, "extension")


def respond(request):
    op = OPS.get(request.get("op"))
    profile = request.get("profile")
    if profile is not None and request.get("op") in PROFILED:
        op = lambda i: PROFILED[request["op"]](i, profile)  # noqa: E731
    if op is None:
        return {"skip": f"op {request.get('op')!r} is not implemented by this adapter"}
    try:
        return {"output": op(request.get("input") or {})}
    except polyid.PolyIdError as e:
        detail = {k: getattr(e, k) for k in ("index", "character", "found", "expected")
                  if getattr(e, k, None) is not None}
        response = {"error": e.code, "message": e.message}
        if detail:
            response["detail"] = detail
        return response


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        response = respond(request)
        if "id" in request:
            response["id"] = request["id"]
        sys.stdout.write(json.dumps(response) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
