"""The Python Arrow column of the cross-language matrix (tests/matrix/PROTOCOL.md): the
same wheel's polyid.arrow functions over pyarrow columns.

    arrow_adapter.py vectors DIR | generate N | read | demo | replay FILE

Run through tests/matrix/adapters/python-arrow. Every identifier is computed by
polyid.arrow (a column in, a column out); this script only builds columns and shapes JSON.
"""

from __future__ import annotations

import json
import os
import random
import sys
from typing import Any, Dict, List

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import pyarrow as pa  # noqa: E402

import polyid  # noqa: E402
import polyid.arrow as pa_ids  # noqa: E402
from arrow_vectors import _ms, _us, results  # noqa: E402
from matrix_adapter import random_code  # noqa: E402
from vector_ops import _gen_options, _int, _opt_int  # noqa: E402


def out(doc: Any) -> None:
    json.dump(doc, sys.stdout)
    sys.stdout.write("\n")


def cmd_vectors(directory: str) -> None:
    for line in results(directory):
        sys.stdout.write(json.dumps(line) + "\n")


def texts(r: Any) -> List[str]:
    return pa.array(r).to_pylist()


def cmd_generate(n: int) -> None:
    rng = random.Random()
    codes = [random_code(rng) for _ in range(n)]
    ext = [texts(pa_ids.euid_generate(1, polyid.EuidGenerator(rng.randrange(32768))))[0]
           for _ in range(n)]
    out({
        "xid": texts(pa_ids.xid_generate(n)),
        "tid": texts(pa_ids.tid_generate(n)),
        "euid": texts(pa_ids.euid_generate(n)),
        "euid_ext": ext,
        "wdp": [[c, i] for c, i in zip(codes, texts(pa_ids.compact_ids(pa.array(codes))))],
    })


def _rows(values: Dict[str, Any], errors: List[Any]) -> List[Any]:
    cols = {k: pa.array(v).field("value").to_pylist() for k, v in values.items()}
    rows: List[Any] = []
    for i, e in enumerate(errors):
        rows.append({"error": e} if e is not None else {k: c[i] for k, c in cols.items()})
    return rows


def cmd_read() -> None:
    doc = json.load(sys.stdin)
    null = "null"
    x = pa.array(doc.get("xid", []), pa.string())
    xe = pa.array(pa_ids.xid_parse(x, on_error=null)).field("error").to_pylist()
    xr = _rows({"text": pa_ids.xid_encode(x, on_error=null),
                "value": pa_ids.xid_parse(x, on_error=null),
                "unix_ms": pa_ids.xid_timestamps(x, on_error=null),
                "random": pa_ids.xid_randoms(x, on_error=null)}, xe)
    for r in xr:
        if "error" not in r:
            r["value"], r["unix_ms"] = str(r["value"]), _ms(r["unix_ms"])
    t = pa.array(doc.get("tid", []), pa.string())
    te = pa.array(pa_ids.tid_parse(t, on_error=null)).field("error").to_pylist()
    tr = _rows({"text": pa_ids.tid_encode(t, on_error=null),
                "display": pa_ids.tid_encode(t, display=True, on_error=null),
                "value": pa_ids.tid_parse(t, on_error=null),
                "micros": pa_ids.tid_timestamps(t, on_error=null),
                "clock_id": pa_ids.tid_clock_ids(t, on_error=null)}, te)
    for r in tr:
        if "error" not in r:
            r["value"], r["micros"] = str(r["value"]), str(_us(r["micros"]))
    e = pa.array(doc.get("euid", []), pa.string())
    ee = pa.array(pa_ids.euid_parse(e, on_error=null)).field("error").to_pylist()
    er = _rows({"text": pa_ids.euid_encode(e, on_error=null),
                "value": pa_ids.euid_parse(e, on_error=null),
                "unix_ms": pa_ids.euid_timestamps(e, on_error=null),
                "extension": pa_ids.euid_extensions(e, on_error=null)}, ee)
    for r in er:
        if "error" not in r:
            r["value"], r["unix_ms"] = str(int.from_bytes(r["value"], "big")), _ms(r["unix_ms"])
    w = pa.array(pa_ids.compact_ids(pa.array(doc.get("wdp", []), pa.string()), on_error=null))
    wdp = [v if err is None else {"error": err}
           for v, err in zip(w.field("value").to_pylist(), w.field("error").to_pylist())]
    out({"xid": xr, "tid": tr, "euid": er, "wdp": wdp})


def one(r: Any) -> Any:
    return pa.array(r).to_pylist()[0]


def cmd_demo() -> None:
    euid = pa_ids.euid_from_parts(pa.array([1700000000000]), pa.array([0x0123456789ABCDEF], pa.uint64()),
                                  extensions=pa.array([255]))
    nocheck = pa_ids.euid_from_parts(pa.array([1700000000000]),
                                     pa.array([0x0123456789ABCDEF], pa.uint64()))
    catalog = polyid.Catalog.load('{"V6a0B": ["E.AUTH.TOKEN.001", "token missing for {{user}}"]}')
    out({
        "compact_id": one(pa_ids.compact_ids(pa.array(["E.Auth.Token.MISSING"]))),
        "full_id": one(pa_ids.full_ids("auth_lib", pa.array(["E.Auth.Token.001"]))),
        "uid11": one(pa_ids.uid11_encode(pa.array([18446744073709551615], pa.uint64()))),
        "xid": one(pa_ids.xid_encode(pa_ids.xid_from_parts(pa.array([1700000000000]),
                                                           pa.array([4660])))),
        "tid": one(pa_ids.tid_encode(pa_ids.tid_from_parts(pa.array([1721407246480310]),
                                                           pa.array([1])), display=True)),
        "euid": one(pa_ids.euid_encode(euid)),
        "euid_nocheck": one(pa_ids.euid_encode(nocheck, checkmod=False)),
        # No column kernels for these two: the same wheel's scalar API.
        "extuuid": polyid.extuuid_encode("fixedB4:GBP$:222.31"),
        "catalog": catalog.expand("V6a0B", {"user": "ada"}).message,
    })


def cmd_replay(path: str) -> None:
    """The seeded generator runs of FILE, each step's IDs made by the *_generate column
    functions with the case's generator."""
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    result: Dict[str, Any] = {}
    for case in doc["cases"]:
        i = case["input"]
        kind = case["op"].split("_")[0]
        try:
            kw = _gen_options(i)
            cls: Any = {"xid": polyid.XidGenerator, "tid": polyid.TidGenerator,
                        "euid": polyid.EuidGenerator}[kind]
            pre: List[Any] = [] if kind == "xid" else [
                _opt_int(i.get("clock_id" if kind == "tid" else "extension"))]
            g = cls.resume(i["resume"], *pre, **kw) if i.get("resume") is not None \
                else cls(*pre, **kw)
        except polyid.PolyIdError as e:
            result[case["name"]] = {"error": e.code}
            continue
        make = {"xid": pa_ids.xid_generate, "tid": pa_ids.tid_generate,
                "euid": pa_ids.euid_generate}[kind]
        steps: List[Any] = []
        for step in i["steps"]:
            if step.get("clock_micros") is not None:
                g.set_clock_micros(_int(step["clock_micros"]))
            try:
                steps.append(texts(make(step["count"], g)))
            except polyid.PolyIdError as e:
                steps.append({"error": e.code})
        result[case["name"]] = steps
    out(result)


def main(argv: List[str]) -> int:
    if len(argv) >= 2 and argv[0] == "vectors":
        cmd_vectors(argv[1])
    elif len(argv) >= 2 and argv[0] == "generate":
        cmd_generate(int(argv[1]))
    elif argv[:1] == ["read"]:
        cmd_read()
    elif argv[:1] == ["demo"]:
        cmd_demo()
    elif len(argv) >= 2 and argv[0] == "replay":
        cmd_replay(argv[1])
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
