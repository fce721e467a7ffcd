"""The switch that forces the portable path (POLYID_PYTHON_PORTABLE, read once at import).

`make python-test` runs the suite twice: as installed (the fast paths) and with
POLYID_PYTHON_PORTABLE=1; the first test checks that the running interpreter took the switch
as the environment says. The others start child interpreters with each value of the switch
and compare their results with this process's.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from typing import Any, Dict

import pytest

import polyid
import polyid._polyid as native

ALL = ("ascii", "alloc")


def test_this_process_follows_the_environment() -> None:
    value = os.environ.get("POLYID_PYTHON_PORTABLE", "")
    expected = {"": (), "0": (), "1": ALL, "all": ALL}[value]
    assert native._portable_paths == expected


# A few results of every path the switch turns off: compact_id (text result), batch texts and
# batch objects, and the argument errors of compact_id.
PROBE = """
import json, sys
import polyid, polyid._polyid as native
out = {"paths": list(native._portable_paths)}
codes = ["E.AUTH.TOKEN.001", "W.Cache.Data.018", "E.Api.Quota.RATE_LIMITED"]
out["compact_id"] = [polyid.compact_id(c, {"RATE_LIMITED": 42}) for c in codes]
out["compact_id_kw"] = polyid.compact_id(code="e.auth.token.001", named_sequences=None)
out["compact_ids"] = polyid.compact_ids(codes, {"RATE_LIMITED": 42})
g = polyid.TidGenerator(clock_micros=1_700_000_000_000_000, clock_id=7)
out["tid_str"] = g.next_many_str(3)
tids = g.next_many(3)
out["tids"] = [[type(t).__name__, str(t), t.micros, t.clock_id] for t in tids]
x = polyid.XidGenerator(node=5, clock_micros=1_700_000_000_000_000).next_many(2)
out["xids"] = [[type(v).__name__, str(v), v.unix_ms] for v in x]
e = polyid.EuidGenerator(extension=7, seed=1, clock_micros=1_700_000_000_000_000).next_many(2)
out["euids"] = [[type(v).__name__, str(v), v.extension] for v in e]
out["equal"] = tids[0] == polyid.Tid.parse(str(tids[0])) and hash(tids[0]) == hash(
    polyid.Tid.parse(str(tids[0])))
errors = []
for args, kw in [((), {}), (("a", "b", "c"), {}), ((3,), {}), (("x",), {"foo": 1}),
                 (("x",), {"code": "y"}), (("E.AUTH.TOKEN.\\ud800",), {})]:
    try:
        polyid.compact_id(*args, **kw)
        errors.append("ok")
    except polyid.PolyIdError as err:
        errors.append(err.code)
    except TypeError as err:
        errors.append("TypeError: " + str(err))
out["errors"] = errors
out["doc"] = [polyid.compact_id.__doc__, polyid.compact_id.__text_signature__]
print(json.dumps(out))
"""


def run(value: str) -> Dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if k != "POLYID_PYTHON_PORTABLE"}
    env["POLYID_PYTHON_PORTABLE"] = value
    p = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True,
                       timeout=60)
    assert p.returncode == 0, p.stderr
    result: Dict[str, Any] = json.loads(p.stdout)
    return result


def test_every_value_gives_the_same_results() -> None:
    fast = run("0")
    assert fast["paths"] == []
    assert fast["compact_id"] == ["V6a0B", "0yRgf", fast["compact_ids"][2]]
    assert fast["compact_ids"] == fast["compact_id"]
    assert fast["compact_id_kw"] == "V6a0B"
    assert [t[0] for t in fast["tids"]] == ["Tid"] * 3
    assert [x[0] for x in fast["xids"]] == ["Xid"] * 2
    assert [e[0] for e in fast["euids"]] == ["Euid"] * 2
    assert fast["equal"] is True
    assert fast["errors"] == [
        "TypeError: compact_id() missing 1 required positional argument: 'code'",
        "TypeError: compact_id() takes from 1 to 2 positional arguments but 3 were given",
        "TypeError: expected str, got int",
        "TypeError: compact_id() got an unexpected keyword argument 'foo'",
        "TypeError: compact_id() got multiple values for argument 'code'",
        "INVALID_UTF8",
    ]
    assert fast["doc"][1] == "(code, named_sequences=None, *, profile=None)"
    for value, paths in [("1", ALL), ("all", ALL), ("ascii", ["ascii"]),
                         ("ascii,alloc", ["ascii", "alloc"]), (" alloc ", ["alloc"]),
                         ("", [])]:
        got = run(value)
        assert got.pop("paths") == list(paths), value
        assert got == {k: v for k, v in fast.items() if k != "paths"}, value


@pytest.mark.parametrize("value", ["2", "yes", "list", "fastcall", "ascii,", "ASCII"])
def test_an_unknown_value_stops_the_import(value: str) -> None:
    env = {**os.environ, "POLYID_PYTHON_PORTABLE": value}
    p = subprocess.run([sys.executable, "-c", "import polyid"], env=env, capture_output=True,
                       text=True, timeout=60)
    assert p.returncode == 1
    assert "ValueError: POLYID_PYTHON_PORTABLE: unknown value" in p.stderr, p.stderr


def test_the_switch_is_read_once_at_import() -> None:
    code = textwrap.dedent("""
        import os, polyid, polyid._polyid as native
        os.environ["POLYID_PYTHON_PORTABLE"] = "1"
        print(list(native._portable_paths), polyid.compact_ids(["E.AUTH.TOKEN.001"]))
    """)
    env = {k: v for k, v in os.environ.items() if k != "POLYID_PYTHON_PORTABLE"}
    p = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                       timeout=60)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "[] ['V6a0B']"
