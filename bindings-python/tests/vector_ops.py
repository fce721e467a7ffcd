"""Runs one shared vector case (tests/vectors/*.json) through the polyid Python API.

Used by the pytest suite (tests/test_vectors.py) and by the matrix adapter
(tests/matrix_adapter.py). It only translates types: decimal strings to int, hex to bytes,
results back to the vectors' JSON shapes. Every identifier is computed by polyid.
"""

from __future__ import annotations

import json
import os
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple

import polyid

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
VECTORS = os.path.join(ROOT, "tests", "vectors")


def load_cases(directory: str = VECTORS) -> Iterator[Tuple[str, Dict[str, Any]]]:
    """Yields ("<family>/<name>", case) for every case of every *.json file, in order."""
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".json"):
            continue
        with open(os.path.join(directory, name), encoding="utf-8") as f:
            doc = json.load(f)
        for case in doc["cases"]:
            yield f"{doc['family']}/{case['name']}", case


def _int(v: Any) -> int:
    """A vector integer (JSON number or decimal string) as a Python int."""
    return int(v) if isinstance(v, str) else v


def _opt_int(v: Any) -> Optional[int]:
    return None if v is None else _int(v)


def xid_view(x: polyid.Xid) -> Dict[str, Any]:
    return {"text": str(x), "value": str(x.value), "unix_ms": x.unix_ms, "random": x.random}


def tid_view(t: polyid.Tid) -> Dict[str, Any]:
    return {
        "text": str(t),
        "display": t.display(),
        "value": str(t.value),
        "micros": str(t.micros),
        "clock_id": t.clock_id,
    }


def euid_view(e: polyid.Euid) -> Dict[str, Any]:
    return {
        "value": str(e.value),
        "hex": e.bytes.hex(),
        "text": str(e),
        "text_nocheck": e.encode(False),
        "unix_ms": e.unix_ms,
        "extension": e.extension,
    }


def _parse_code(i: Dict[str, Any]) -> Dict[str, Any]:
    c = polyid.parse_code(i["code"], i.get("named_sequences"))
    return {
        "severity": c.severity,
        "meaning": c.meaning,
        "priority": c.priority,
        "blocking": c.blocking,
        "component": c.component,
        "primary": c.primary,
        "sequence": c.sequence,
        "normalized": c.normalized,
        "compact_id": c.compact_id,
    }


def _pair(r: Optional[Tuple[int, int]]) -> Optional[List[str]]:
    return None if r is None else [str(r[0]), str(r[1])]


def _xid_range(r: Optional[Tuple[int, int]]) -> Optional[Dict[str, int]]:
    return None if r is None else {"min_unix_ms": r[0], "max_unix_ms": r[1]}


def _full(i: Dict[str, Any]) -> Dict[str, str]:
    ns, cid = polyid.parse_full_id(i["id"])
    return {"namespace_hash": ns, "compact_id": cid}


def _expansion(e: polyid.Expansion) -> Dict[str, str]:
    return {"code": e.code, "severity": e.severity, "message": e.message}


def _catalog_build(i: Dict[str, Any]) -> Dict[str, Any]:
    return {"ids": polyid.Catalog.build(i["entries"], i.get("namespace")).ids()}


def _catalog_load(i: Dict[str, Any]) -> Dict[str, Any]:
    c = polyid.Catalog.load(i["json"])
    out: Dict[str, Any] = {"count": len(c), "ids": c.ids()}
    if c.namespace_hash is not None:
        out["namespace_hash"] = c.namespace_hash
    return out


def _catalog_expand_payload(i: Dict[str, Any]) -> List[Dict[str, str]]:
    # The order of a payload's expansions is not specified: the vectors compare by code.
    out = [_expansion(e) for e in polyid.Catalog.load(i["json"]).expand_payload(i["payload"])]
    return sorted(out, key=lambda e: e["code"])


def _catalog_sign(i: Dict[str, Any]) -> Dict[str, str]:
    secret = bytes.fromhex(i["secret_key"])
    key = polyid.KeyPair(secret)
    sig = polyid.Catalog.load(i["json"]).sign(secret)
    assert polyid.Catalog.load(i["json"]).sign(key) == sig
    return {"public_key": key.public_key.hex(), "signature": sig.hex()}


def _catalog_verify(i: Dict[str, Any]) -> bool:
    c = polyid.Catalog.load(i["json"])
    c.verify(bytes.fromhex(i["public_key"]), bytes.fromhex(i["signature"]))
    return True


def _extuuid_encode(i: Dict[str, Any]) -> Dict[str, str]:
    uuid = polyid.extuuid_encode(i["text"])
    text = polyid.extuuid_decode(uuid)
    # The vectors' extra rule: the canonical text reads back to the same UUID.
    again = polyid.extuuid_encode(text)
    if again != uuid:
        return {"uuid": uuid, "text": text, "canonical_text_reads_back_to": again}
    return {"uuid": uuid, "text": text}


def _vector_json(v: Any) -> Any:
    """extuuid_inspect's vector convention: integers as decimal strings (they reach 2^116)."""
    if isinstance(v, bool) or not isinstance(v, (int, list)):
        return v
    if isinstance(v, int):
        return str(v)
    return [_vector_json(x) for x in v]


def _extuuid_inspect(i: Dict[str, Any]) -> Dict[str, Any]:
    return {k: _vector_json(v) for k, v in polyid.extuuid_inspect(i["input"]).items()}


def _gen_options(i: Dict[str, Any]) -> Dict[str, Any]:
    """A generator case's options (docs/spec 6.5) as the constructors' keyword arguments."""
    o = i["options"]
    kw: Dict[str, Any] = {}
    for key in ("node", "seed", "max_lead_ms", "clock_micros"):
        if o.get(key) is not None:
            kw[key] = _int(o[key])
    if "on_clock_behind" in o:
        kw["on_clock_behind"] = o["on_clock_behind"]
    return kw


def _sequence(kind: str) -> Callable[[Dict[str, Any]], List[Any]]:
    """The `*_sequence` ops (tests/vectors/generators.json): build the generator from the
    options (or resume after `resume`), then per step set the manual clock if given and take
    `next_many(count)`: the canonical texts, or {"error": CODE} for a step that fails. A
    construction error raises (the case's error)."""

    def run(i: Dict[str, Any]) -> List[Any]:
        kw = _gen_options(i)
        g: Any
        if kind == "xid":
            cls: Any = polyid.XidGenerator
            pre: List[Any] = []
        elif kind == "tid":
            cls, pre = polyid.TidGenerator, [_opt_int(i.get("clock_id"))]
        else:
            cls, pre = polyid.EuidGenerator, [_opt_int(i.get("extension"))]
        if i.get("resume") is not None:
            g = cls.resume(i["resume"], *pre, **kw)
        else:
            g = cls(*pre, **kw)
        out: List[Any] = []
        for step in i["steps"]:
            if step.get("clock_micros") is not None:
                g.set_clock_micros(_int(step["clock_micros"]))
            try:
                out.append([str(x) for x in g.next_many(step["count"])])
            except polyid.PolyIdError as e:
                out.append({"error": e.code})
        return out

    return run


OPS: Dict[str, Callable[[Dict[str, Any]], Any]] = {
    # wdp
    "compact_id": lambda i: polyid.compact_id(i["code"], i.get("named_sequences")),
    "normalize_code": lambda i: polyid.normalize_code(i["code"], i.get("named_sequences")),
    "parse_code": _parse_code,
    "namespace_hash": lambda i: polyid.namespace_hash(i["namespace"]),
    "full_id": lambda i: polyid.full_id(i["namespace"], i["code"], i.get("named_sequences")),
    "parse_full_id": _full,
    # uid11
    "uid11_encode": lambda i: polyid.uid11_encode(_int(i["value"])),
    "uid11_decode": lambda i: str(polyid.uid11_decode(i["text"])),
    "uid11_prefix_range": lambda i: _pair(polyid.uid11_prefix_range(i["prefix"])),
    # xid
    "xid_from_parts": lambda i: xid_view(
        polyid.Xid.from_parts(_int(i["unix_ms"]), _int(i["random"]))
    ),
    "xid_parse": lambda i: xid_view(polyid.Xid.parse(i["text"])),
    "xid_prefix_range": lambda i: _xid_range(polyid.xid_prefix_range(i["prefix"])),
    # tid
    "tid_from_parts": lambda i: tid_view(
        polyid.Tid.from_parts(_int(i["micros"]), _int(i["clock_id"]))
    ),
    "tid_parse": lambda i: tid_view(polyid.Tid.parse(i["text"])),
    "tid_prefix_range": lambda i: _pair(polyid.tid_prefix_range(i["prefix"])),
    # euid
    "euid_from_parts": lambda i: euid_view(
        polyid.Euid.from_parts(
            _int(i["unix_ms"]),
            _opt_int(i["extension"]),
            _int(i["padding"]),
            _int(i["random"]),
        )
    ),
    "euid_encode": lambda i: polyid.Euid.from_int(_int(i["value"])).encode(i["checkmod"]),
    "euid_parse": lambda i: euid_view(polyid.Euid.parse(i["text"])),
    "euid_from_bytes": lambda i: euid_view(polyid.Euid.from_bytes(bytes.fromhex(i["hex"]))),
    # catalog
    "catalog_build": _catalog_build,
    "catalog_load": _catalog_load,
    "catalog_expand": lambda i: _expansion(
        polyid.Catalog.load(i["json"]).expand(i["id"], i.get("fields"))
    ),
    "catalog_expand_payload": _catalog_expand_payload,
    "catalog_canonical": lambda i: polyid.Catalog.load(i["json"]).canonical_bytes().decode(),
    "catalog_sign": _catalog_sign,
    "catalog_verify": _catalog_verify,
    # extuuid
    "extuuid_encode": _extuuid_encode,
    "extuuid_decode": lambda i: {"text": polyid.extuuid_decode(i["uuid"])},
    "extuuid_inspect": _extuuid_inspect,
    # generators
    "xid_sequence": _sequence("xid"),
    "tid_sequence": _sequence("tid"),
    "euid_sequence": _sequence("euid"),
}


def same(a: Any, b: Any) -> bool:
    """Equality that also tells bool from int and int from str (``True == 1`` in Python)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


class Unsupported(Exception):
    """A case whose op this runtime does not know (reported as a skip, by name)."""


def run_case(case: Dict[str, Any]) -> Tuple[bool, Any, Any]:
    """Runs a case: (passed, expected, got). Raises Unsupported for an unknown op."""
    op = OPS.get(case["op"])
    if op is None:
        raise Unsupported(f"op {case['op']!r} is not implemented by the Python adapter")
    try:
        got_value = op(case["input"])
    except polyid.PolyIdError as e:
        got_err: Dict[str, Any] = {"error": e.code}
        detail = case.get("detail") or {}
        for key in detail:
            got_err[key] = getattr(e, key, None)
        if "error" in case:
            expected = {"error": case["error"], **detail}
            return same(got_err, expected), expected, {**got_err, "message": e.message}
        return False, case.get("output"), {**got_err, "message": e.message}
    if "error" in case:
        return False, {"error": case["error"], **(case.get("detail") or {})}, got_value
    return same(got_value, case["output"]), case["output"], got_value
