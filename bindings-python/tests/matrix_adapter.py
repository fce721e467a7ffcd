"""The Python column of the cross-language matrix (tests/matrix/PROTOCOL.md).

    matrix_adapter.py vectors DIR | generate N | read | demo | replay FILE

Run through tests/matrix/adapters/python, which uses the repo's .venv. Every identifier is
computed by polyid; this script only shapes JSON.
"""

from __future__ import annotations

import json
import os
import random
import sys
from typing import Any, Callable, Dict, List

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import polyid  # noqa: E402
from vector_ops import OPS, Unsupported, load_cases, run_case  # noqa: E402


def cmd_vectors(directory: str) -> None:
    out = sys.stdout
    for key, case in load_cases(directory):
        line: Dict[str, Any] = {"case": key, "op": case["op"]}
        try:
            ok, expected, got = run_case(case)
        except Unsupported as e:
            line.update(status="skip", reason=str(e))
        except Exception as e:  # a crash in one case is that case's failure
            line.update(status="fail", expected=case.get("output", case.get("error")),
                        got=f"{type(e).__name__}: {e}")
        else:
            line["status"] = "pass" if ok else "fail"
            if not ok:
                line.update(expected=expected, got=got)
            elif isinstance(got, dict) and "message" in got:
                line["message"] = got["message"]
        out.write(json.dumps(line) + "\n")


def random_code(rng: random.Random) -> str:
    """A random valid structured code: test input, not an identifier computation."""
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

    def ident() -> str:
        n = rng.randrange(16)
        return rng.choice(letters) + "".join(rng.choice(letters + "0123456789") for _ in range(n))

    seq = rng.choice([f"{rng.randrange(1, 1000):03d}", "MISSING", "timeout", "Not_Found"])
    return f"{rng.choice('EWCBSKITHewcbskith')}.{ident()}.{ident()}.{seq}"


def cmd_generate(n: int) -> None:
    rng = random.Random()
    tgen = polyid.TidGenerator()
    egen = polyid.EuidGenerator()
    codes = [random_code(rng) for _ in range(n)]
    doc = {
        "xid": [str(polyid.Xid.generate()) for _ in range(n)],
        "tid": [str(tgen.next()) for _ in range(n)],
        "euid": [str(egen.next()) for _ in range(n)],
        "euid_ext": [str(polyid.Euid.generate(rng.randrange(32768))) for _ in range(n)],
        "wdp": [[c, i] for c, i in zip(codes, polyid.compact_ids(codes))],
    }
    json.dump(doc, sys.stdout)
    sys.stdout.write("\n")


def _read(fn: Callable[[str], Any], view: Callable[[Any], Any], texts: List[str]) -> List[Any]:
    out = []
    for t in texts:
        try:
            out.append(view(fn(t)))
        except polyid.PolyIdError as e:
            out.append({"error": e.code})
    return out


def cmd_read() -> None:
    doc = json.load(sys.stdin)
    result = {
        "xid": _read(polyid.Xid.parse, lambda x: {
            "text": str(x), "value": str(x.value), "unix_ms": x.unix_ms, "random": x.random,
        }, doc.get("xid", [])),
        "tid": _read(polyid.Tid.parse, lambda t: {
            "text": str(t), "display": t.display(), "value": str(t.value),
            "micros": str(t.micros), "clock_id": t.clock_id,
        }, doc.get("tid", [])),
        "euid": _read(polyid.Euid.parse, lambda e: {
            "text": str(e), "value": str(e.value), "unix_ms": e.unix_ms,
            "extension": e.extension,
        }, doc.get("euid", [])),
        "wdp": _read(polyid.compact_id, lambda c: c, doc.get("wdp", [])),
    }
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")


def cmd_demo() -> None:
    doc = {
        "compact_id": polyid.compact_id("E.Auth.Token.MISSING"),
        "full_id": polyid.full_id("auth_lib", "E.Auth.Token.001"),
        "uid11": polyid.uid11_encode(18446744073709551615),
        "xid": str(polyid.Xid.from_parts(1700000000000, 4660)),
        "tid": polyid.Tid.from_parts(1721407246480310, 1).display(),
        "euid": str(polyid.Euid.from_parts(1700000000000, 255, 0, 0x0123456789ABCDEF)),
        "euid_nocheck": polyid.Euid.from_parts(1700000000000, None, 0, 0x0123456789ABCDEF)
        .encode(False),
        "extuuid": polyid.extuuid_encode("fixedB4:GBP$:222.31"),
        "catalog": polyid.Catalog.load(
            '{"V6a0B": ["E.AUTH.TOKEN.001", "token missing for {{user}}"]}'
        ).expand("V6a0B", {"user": "ada"}).message,
    }
    json.dump(doc, sys.stdout)
    sys.stdout.write("\n")


def cmd_replay(path: str) -> None:
    """Every seeded generator case of FILE (tests/matrix/replay.json): {name: output}, where
    output is the per-step list (texts or {"error": CODE}) or {"error": CODE} when the
    generator cannot be built. The runner compares it with the Rust adapter's."""
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    result: Dict[str, Any] = {}
    for case in doc["cases"]:
        try:
            result[case["name"]] = OPS[case["op"]](case["input"])
        except polyid.PolyIdError as e:
            result[case["name"]] = {"error": e.code}
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")


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
