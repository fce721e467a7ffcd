"""The shared vectors (tests/vectors/*.json) through polyid.arrow, with pyarrow columns.

The cases of one operation (and one set of scalar arguments) form one column, after a null
row, run with on_error="null"; the string inputs take the three layouts in turn (string,
large_string, string_view). Each failing case runs again alone with on_error="raise", whose
PolyIdError must name row 0 and carry the vector's code and detail. Used by
tests/test_arrow.py and by the matrix adapter tests/arrow_adapter.py; every value is computed
by polyid, this module only builds columns and shapes JSON.
"""

from __future__ import annotations

import json
from typing import Any, Dict, Iterator, List, Optional, Tuple

import pyarrow as pa

import polyid
import polyid.arrow as pa_ids
from vector_ops import VECTORS, load_cases

LAYOUTS = [pa.string(), pa.large_string(), pa.string_view()]

# Operations with a column kernel; the others are reported as skipped.
OPS = {
    "compact_id", "normalize_code", "namespace_hash", "full_id", "uid11_encode",
    "uid11_decode", "xid_parse", "xid_from_parts", "tid_parse", "tid_from_parts",
    "euid_parse", "euid_from_bytes", "euid_from_parts", "euid_encode",
}


class NotRepresentable(Exception):
    """An input no Arrow column of the parameter's type holds."""


def _int(v: Any) -> Optional[int]:
    return None if v is None else int(v)


def int_column(values: List[Optional[int]]) -> pa.Array:
    """int64 when every value fits, else uint64; no Arrow integer holds the others."""
    present = [v for v in values if v is not None]
    if all(-(2**63) <= v < 2**63 for v in present):
        return pa.array(values, pa.int64())
    if all(0 <= v < 2**64 for v in present):
        return pa.array(values, pa.uint64())
    raise NotRepresentable("no Arrow integer column holds this input")


def _column(r: Any) -> pa.Array:
    return pa.array(r)


def _values(out: pa.StructArray) -> Tuple[List[Any], List[Optional[str]]]:
    return out.field("value").to_pylist(), out.field("error").to_pylist()


def _run(op: str, cases: List[Dict[str, Any]], layout: int) -> List[Any]:
    """Per case: ("ok", output) or ("error", code)."""
    n = len(cases)
    mode = "null"

    def text(field: str) -> pa.Array:
        return pa.array([None] + [c["input"][field] for c in cases], LAYOUTS[layout % 3])

    def ints(field: str) -> pa.Array:
        return int_column([None] + [_int(c["input"][field]) for c in cases])

    names = cases[0]["input"].get("named_sequences")

    def plain(out: Any) -> List[Any]:
        values, errors = _values(_column(out))
        assert values[0] is None and errors[0] is None, "a null row stays null"
        return [("error", e) if e is not None else ("ok", v) for v, e in zip(values[1:], errors[1:])]

    try:
        if op == "compact_id":
            return plain(pa_ids.compact_ids(text("code"), names, on_error=mode))
        if op == "normalize_code":
            return plain(pa_ids.normalize_codes(text("code"), names, on_error=mode))
        if op == "namespace_hash":
            return plain(pa_ids.namespace_hashes(text("namespace"), on_error=mode))
        if op == "full_id":
            ns = cases[0]["input"]["namespace"]
            return plain(pa_ids.full_ids(ns, text("code"), names, on_error=mode))
        if op == "uid11_encode":
            return plain(pa_ids.uid11_encode(ints("value"), on_error=mode))
        if op == "uid11_decode":
            return [(k, str(v) if k == "ok" else v)
                    for k, v in plain(pa_ids.uid11_decode(text("text"), on_error=mode))]
        if op == "xid_parse":
            return _xid(text("text"), pa_ids.xid_parse(text("text"), on_error=mode))
        if op == "xid_from_parts":
            out = pa_ids.xid_from_parts(ints("unix_ms"), ints("random"), on_error=mode)
            return _xid(_column(out).field("value"), out)
        if op == "tid_parse":
            return _tid(text("text"), pa_ids.tid_parse(text("text"), on_error=mode))
        if op == "tid_from_parts":
            out = pa_ids.tid_from_parts(ints("micros"), ints("clock_id"), on_error=mode)
            return _tid(_column(out).field("value"), out)
        if op == "euid_parse":
            return _euid(text("text"), pa_ids.euid_parse(text("text"), on_error=mode))
        if op == "euid_from_bytes":
            raw = [bytes.fromhex(c["input"]["hex"]) for c in cases]
            if any(len(b) != 16 for b in raw):
                raise NotRepresentable("fixed_size_binary(16) holds only 16 bytes")
            col = pa.array([None] + raw, pa.binary(16))
            return _euid(col, pa_ids.euid_parse(col, on_error=mode))
        if op == "euid_from_parts":
            out = pa_ids.euid_from_parts(
                ints("unix_ms"), ints("random"), extensions=ints("extension"),
                paddings=ints("padding"), on_error=mode)
            return _euid(_column(out).field("value"), out)
        if op == "euid_encode":
            vals = [int(c["input"]["value"]) for c in cases]
            if any(not 0 <= v < 2**128 for v in vals):
                raise NotRepresentable("fixed_size_binary(16) holds 128 bits")
            col = pa.array([None] + [v.to_bytes(16, "big") for v in vals], pa.binary(16))
            return plain(pa_ids.euid_encode(col, checkmod=cases[0]["input"]["checkmod"],
                                            on_error=mode))
    except polyid.PolyIdError as e:
        if e.item is None:  # a scalar argument's error (namespace, sequence table): every row
            return [("error", e.code)] * n
        raise
    raise AssertionError(op)


def _fields(main: Any, parts: Dict[str, Any]) -> List[Any]:
    values, errors = _values(_column(main))
    cols = {k: _column(v).field("value").to_pylist() for k, v in parts.items()}
    out = []
    for i in range(1, len(values)):
        if errors[i] is not None:
            out.append(("error", errors[i]))
        else:
            out.append(("ok", {k: v[i] for k, v in cols.items()} | {"__value": values[i]}))
    return out


def _xid(col: pa.Array, main: Any) -> List[Any]:
    rows = _fields(main, {
        "text": pa_ids.xid_encode(col, on_error="null"),
        "unix_ms": pa_ids.xid_timestamps(col, on_error="null"),
        "random": pa_ids.xid_randoms(col, on_error="null"),
    })
    return [(k, v if k == "error" else {
        "text": v["text"], "value": str(v["__value"]),
        "unix_ms": _ms(v["unix_ms"]), "random": v["random"]}) for k, v in rows]


def _ms(t: Any) -> int:
    """A timestamp[ms, UTC] cell as Unix milliseconds."""
    return int(pa.scalar(t, pa.timestamp("ms", "UTC")).cast(pa.int64()).as_py())


def _us(t: Any) -> int:
    return int(pa.scalar(t, pa.timestamp("us", "UTC")).cast(pa.int64()).as_py())


def _tid(col: pa.Array, main: Any) -> List[Any]:
    rows = _fields(main, {
        "text": pa_ids.tid_encode(col, on_error="null"),
        "display": pa_ids.tid_encode(col, display=True, on_error="null"),
        "micros": pa_ids.tid_timestamps(col, on_error="null"),
        "clock_id": pa_ids.tid_clock_ids(col, on_error="null"),
    })
    return [(k, v if k == "error" else {
        "text": v["text"], "display": v["display"], "value": str(v["__value"]),
        "micros": str(_us(v["micros"])), "clock_id": v["clock_id"]}) for k, v in rows]


def _euid(col: pa.Array, main: Any) -> List[Any]:
    rows = _fields(main, {
        "text": pa_ids.euid_encode(col, on_error="null"),
        "text_nocheck": pa_ids.euid_encode(col, checkmod=False, on_error="null"),
        "unix_ms": pa_ids.euid_timestamps(col, on_error="null"),
        "extension": pa_ids.euid_extensions(col, on_error="null"),
    })
    return [(k, v if k == "error" else {
        "value": str(int.from_bytes(v["__value"], "big")), "hex": v["__value"].hex(),
        "text": v["text"], "text_nocheck": v["text_nocheck"],
        "unix_ms": _ms(v["unix_ms"]), "extension": v["extension"]}) for k, v in rows]


def _raise_alone(op: str, case: Dict[str, Any]) -> Optional[polyid.PolyIdError]:
    """The case alone with on_error="raise": the PolyIdError it raises."""
    i = case["input"]
    names = i.get("named_sequences")
    text = lambda f: pa.array([i[f]], pa.string())  # noqa: E731
    ints = lambda f: int_column([_int(i[f])])  # noqa: E731
    calls = {
        "compact_id": lambda: pa_ids.compact_ids(text("code"), names),
        "normalize_code": lambda: pa_ids.normalize_codes(text("code"), names),
        "namespace_hash": lambda: pa_ids.namespace_hashes(text("namespace")),
        "full_id": lambda: pa_ids.full_ids(i["namespace"], text("code"), names),
        "uid11_encode": lambda: pa_ids.uid11_encode(ints("value")),
        "uid11_decode": lambda: pa_ids.uid11_decode(text("text")),
        "xid_parse": lambda: pa_ids.xid_parse(text("text")),
        "xid_from_parts": lambda: pa_ids.xid_from_parts(ints("unix_ms"), ints("random")),
        "tid_parse": lambda: pa_ids.tid_parse(text("text")),
        "tid_from_parts": lambda: pa_ids.tid_from_parts(ints("micros"), ints("clock_id")),
        "euid_parse": lambda: pa_ids.euid_parse(text("text")),
        "euid_from_parts": lambda: pa_ids.euid_from_parts(
            ints("unix_ms"), ints("random"), extensions=ints("extension"),
            paddings=ints("padding")),
    }
    if op not in calls:
        return None
    try:
        calls[op]()
    except polyid.PolyIdError as e:
        return e
    raise AssertionError("on_error='raise' did not raise")


def _without_row(e: polyid.PolyIdError) -> str:
    """The message of a column's error without the `row N ("input"): ` it starts with (the
    quoted input escapes its quotes, and may be followed by `... (N bytes)`)."""
    head = f'row {e.item} ("'
    if e.item is None or not e.message.startswith(head):
        return e.message
    k, escaped = len(head), False
    while k < len(e.message) and (escaped or e.message[k] != '"'):
        escaped = not escaped and e.message[k] == "\\"
        k += 1
    end = e.message.find("): ", k)
    return e.message if end < 0 else e.message[end + 3:]


def _check_raise(op: str, case: Dict[str, Any], code: str) -> Tuple[Optional[str], Optional[str]]:
    """(None, or what is wrong with the raise mode's error; its message without the row)."""
    try:
        e = _raise_alone(op, case)
    except NotRepresentable:
        return None, None
    if e is None:
        return None, None
    if e.code != code:
        return f"raise mode: {e.code}, null mode: {code}", None
    scalar = op == "full_id" or "named_sequences" in case["input"]
    if e.item is None and not scalar:
        return "raise mode names no row", None
    if e.item is not None:
        if e.item != 0:
            return f"raise mode names row {e.item}", None
        given = case["input"].get("text", case["input"].get("code"))
        if isinstance(given, str) and e.input != given:
            return f"raise mode names input {e.input!r}", None
    d = case.get("detail") or {}
    for field in ("index", "character", "found", "expected"):
        if field in d and getattr(e, field) != d[field]:
            return f"{field} {getattr(e, field)!r}, expected {d[field]!r}", None
    return None, _without_row(e)


def results(directory: str = VECTORS) -> Iterator[Dict[str, Any]]:
    """One matrix line per case (tests/matrix/PROTOCOL.md)."""
    cases = list(load_cases(directory))
    groups: Dict[Tuple[str, str], List[int]] = {}
    for idx, (_, c) in enumerate(cases):
        if c["op"] in OPS:
            i = c["input"]
            scalars = json.dumps([i.get("named_sequences"),
                                  i.get("namespace") if c["op"] == "full_id" else None,
                                  i.get("checkmod")], sort_keys=True)
            groups.setdefault((c["op"], scalars), []).append(idx)
    got: Dict[int, Any] = {}
    for layout, ((op, _), members) in enumerate(sorted(groups.items())):
        try:
            got.update(zip(members, _run(op, [cases[m][1] for m in members], layout)))
            continue
        except NotRepresentable:
            pass
        for m in members:
            try:
                got[m] = _run(op, [cases[m][1]], layout)[0]
            except NotRepresentable as e:
                got[m] = ("skip", str(e))
    for idx, (key, c) in enumerate(cases):
        line: Dict[str, Any] = {"case": key, "op": c["op"]}
        if c["op"] not in OPS:
            line.update(status="skip", reason="no column kernel for this operation")
            yield line
            continue
        kind, value = got[idx]
        if kind == "skip":
            line.update(status="skip", reason=value)
        elif kind == "ok":
            ok = "output" in c and c["output"] == value
            line["status"] = "pass" if ok else "fail"
            if not ok:
                line.update(expected=c.get("output", c.get("error")), got=value)
        else:
            problem = message = None
            if c.get("error") == value:
                problem, message = _check_raise(c["op"], c, value)
            ok = c.get("error") == value and problem is None
            line["status"] = "pass" if ok else "fail"
            if not ok:
                line.update(expected=c.get("output", c.get("error")),
                            got={"error": value, "problem": problem})
            elif message is not None:
                line["message"] = message
        yield line
