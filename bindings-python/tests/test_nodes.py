"""Node identity and generator options (docs/spec 6): XidGenerator, the options of
TidGenerator and EuidGenerator, resume, lead and CLOCK_BEHIND, and the process node
(set_node / POLYID_NODE / POLYID_NODE_REQUIRED / one process per node), the last in child
interpreters because the process node is process-global state."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import textwrap
from typing import Any, Callable, Dict, List, Optional

import pytest

import polyid

P = polyid.PolyIdError
EPOCH_MS = 1321009871111
T0 = 1_700_000_000_000_000  # a manual clock reading, microseconds


def raises_code(code: str, fn: Callable[..., Any], *args: Any, **kw: Any) -> P:
    with pytest.raises(P) as info:
        fn(*args, **kw)
    assert info.value.code == code, info.value
    assert info.value.code in polyid.ERROR_CODES
    return info.value


def test_new_error_codes() -> None:
    for code in ["NODE_REQUIRED", "NODE_IN_USE", "CLOCK_BEHIND", "INVALID_ARGUMENT"]:
        assert code in polyid.ERROR_CODES
    assert len(polyid.ERROR_CODES) == 34


# ------------------------------------------------------------------ options validation

BAD_OPTIONS = [
    ("OUT_OF_RANGE", polyid.XidGenerator, (), {"node": 960}),
    ("OUT_OF_RANGE", polyid.XidGenerator, (), {"node": -1}),
    ("OUT_OF_RANGE", polyid.XidGenerator, (), {"node": 2**64}),
    ("OUT_OF_RANGE", polyid.XidGenerator, (), {"seed": -1}),
    ("OUT_OF_RANGE", polyid.XidGenerator, (), {"seed": 2**64}),
    ("OUT_OF_RANGE", polyid.XidGenerator, (), {"max_lead_ms": 86_400_001}),
    ("OUT_OF_RANGE", polyid.XidGenerator, (), {"max_lead_ms": -1}),
    ("OUT_OF_RANGE", polyid.XidGenerator, (), {"clock_micros": 2**63}),
    ("INVALID_ARGUMENT", polyid.XidGenerator, (), {"on_clock_behind": "Wait"}),
    ("INVALID_ARGUMENT", polyid.XidGenerator, (), {"on_clock_behind": ""}),
    ("OUT_OF_RANGE", polyid.TidGenerator, (), {"node": 1000}),
    ("OUT_OF_RANGE", polyid.TidGenerator, (1024,), {}),
    ("INVALID_ARGUMENT", polyid.TidGenerator, (3,), {"node": 1}),
    ("INVALID_ARGUMENT", polyid.TidGenerator, (), {"on_clock_behind": "later"}),
    ("OUT_OF_RANGE", polyid.TidGenerator, (), {"max_lead_ms": 2**64}),
    ("INVALID_ARGUMENT", polyid.EuidGenerator, (), {"node": 1}),
    ("OUT_OF_RANGE", polyid.EuidGenerator, (), {"node": 960}),
    ("OUT_OF_RANGE", polyid.EuidGenerator, (32768,), {"seed": 1}),
    ("INVALID_ARGUMENT", polyid.EuidGenerator, (), {"on_clock_behind": "sleep"}),
    ("OUT_OF_RANGE", polyid.EuidGenerator, (), {"max_lead_ms": 86_400_001}),
]


@pytest.mark.parametrize("code,cls,args,kw", BAD_OPTIONS,
                         ids=[f"{c.__name__}-{a}-{k}" for _, c, a, k in BAD_OPTIONS])
def test_bad_options(code: str, cls: Any, args: tuple, kw: Dict[str, Any]) -> None:
    raises_code(code, cls, *args, **kw)
    last = {
        polyid.XidGenerator: "4h1dcciSDYs",
        polyid.TidGenerator: "3ke6kg3wk223b",
        polyid.EuidGenerator: "1HF7YAT00C5J026AP3FZG4CZXAN",
    }[cls]
    raises_code(code, cls.resume, last, *args, **kw)


def test_option_messages_are_the_cores() -> None:
    e = raises_code("INVALID_ARGUMENT", polyid.XidGenerator, on_clock_behind="later")
    assert e.message == 'on_clock_behind: expected "fail" or "wait", found "later"'
    e = raises_code("OUT_OF_RANGE", polyid.XidGenerator, node=960)
    assert e.message == "node: 960 is out of range 0..=959" and e.found == 960
    e = raises_code("OUT_OF_RANGE", polyid.XidGenerator, node=-1)
    assert e.message == "node: -1 is out of range 0..=959" and e.found == -1
    e = raises_code("OUT_OF_RANGE", polyid.XidGenerator, max_lead_ms=86_400_001)
    assert "max_lead_ms" in e.message


def test_wrong_option_types() -> None:
    for kw in [{"node": "5"}, {"seed": 1.0}, {"max_lead_ms": "1"}, {"on_clock_behind": 0},
               {"clock_micros": 1.5}]:
        with pytest.raises(TypeError):
            polyid.XidGenerator(**kw)
    with pytest.raises(TypeError):
        polyid.XidGenerator(5)  # type: ignore[misc]  # keyword-only
    with pytest.raises(TypeError):
        polyid.XidGenerator.resume(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        polyid.TidGenerator.resume(polyid.Xid.from_int(1))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        polyid.EuidGenerator.resume(b"x")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        polyid.XidGenerator(clock_micros=T0).set_clock_micros("1")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        polyid.set_node("5")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        polyid.set_node_required(1)  # type: ignore[arg-type]
    raises_code("INVALID_LENGTH", polyid.XidGenerator.resume, "abc")
    raises_code("INVALID_CHARACTER", polyid.TidGenerator.resume, "3KE6KG3WK223B")


def test_defaults_and_properties() -> None:
    g = polyid.XidGenerator(node=1, clock_micros=T0)
    assert (g.max_lead_ms, g.on_clock_behind, g.lead_ms) == (60_000, "fail", 0)
    g = polyid.XidGenerator(node=1, max_lead_ms=0, on_clock_behind="wait", clock_micros=T0)
    assert (g.max_lead_ms, g.on_clock_behind) == (0, "wait")
    t = polyid.TidGenerator(5, max_lead_ms=86_400_000, clock_micros=T0)
    assert (t.clock_id, t.node, t.max_lead_ms, t.on_clock_behind) == (5, None, 86_400_000, "fail")
    e = polyid.EuidGenerator(7, seed=3, on_clock_behind="wait", clock_micros=T0)
    assert (e.extension, e.max_lead_ms, e.on_clock_behind, e.lead_ms) == (7, 60_000, "wait", 0)
    assert repr(polyid.XidGenerator(node=12, clock_micros=T0)) == "XidGenerator(node=12)"
    assert repr(polyid.XidGenerator(seed=1, clock_micros=T0)) == "XidGenerator()"
    assert repr(polyid.TidGenerator(node=7, clock_micros=T0)) == "TidGenerator(clock_id=39)"
    with pytest.raises(AttributeError):
        g.node = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        import pickle

        pickle.dumps(g)


# ------------------------------------------------------------------------ node layouts


def test_xid_node_layout() -> None:
    ms = 1_700_000_000_000
    g = polyid.XidGenerator(node=5, clock_micros=ms * 1000)
    assert (g.node, g.lane) == (5, 5 >> 4)
    xs = g.next_many(3) + [g.next()] + [polyid.Xid.parse(g.next_str())]
    xs += [polyid.Xid.parse(s) for s in g.next_many_str(2)]
    for counter, x in enumerate(xs):
        assert x.value == ((ms - EPOCH_MS) << 22) | 5 << 12 | counter
        assert x.unix_ms == ms and x.random >> 12 == 5
    g.set_clock_micros((ms + 1) * 1000 + 999)
    assert g.next().value == ((ms + 1 - EPOCH_MS) << 22) | 5 << 12 | 0
    # node 959 fills the 10 bits; a full millisecond (4,096) borrows the next one.
    g = polyid.XidGenerator(node=959, clock_micros=ms * 1000)
    xs = g.next_many(4097)
    assert xs[4095].value == ((ms - EPOCH_MS) << 22) | 959 << 12 | 4095
    assert xs[4096].value == ((ms + 1 - EPOCH_MS) << 22) | 959 << 12 | 0
    assert g.lead_ms == 1


def test_xid_without_node_uses_a_lane() -> None:
    g = polyid.XidGenerator(seed=42, clock_micros=T0)
    assert g.node is None and 0 <= g.lane < 64
    xs = g.next_many(100)
    assert {x.random >> 16 for x in xs} == {g.lane}
    assert all(a < b for a, b in zip(xs, xs[1:]))
    # The same seed and clock give the same xids (docs/spec 6.5).
    again = polyid.XidGenerator(seed=42, clock_micros=T0).next_many_str(100)
    assert again == [str(x) for x in xs]


def test_tid_node_is_clock_id_32_plus_node() -> None:
    g = polyid.TidGenerator(node=7, clock_micros=T0)
    assert (g.clock_id, g.node) == (39, 7)
    ts = g.next_many(3)
    assert [(t.micros, t.clock_id) for t in ts] == [(T0 + i, 39) for i in range(3)]
    assert str(ts[0]) == "3ke6kg3wk223b"
    assert polyid.TidGenerator(node=959, clock_micros=T0).clock_id == 991
    assert polyid.TidGenerator(node=0, clock_micros=T0).next().clock_id == 32
    # A seeded generator without a node draws its clock id from the seed, in 0-31.
    s = polyid.TidGenerator(seed=9, clock_micros=T0)
    assert s.node is None and 0 <= s.clock_id < 32
    assert s.clock_id == polyid.TidGenerator(seed=9, clock_micros=T0).clock_id


def test_euid_seeded_replay() -> None:
    a = polyid.EuidGenerator(seed=1, clock_micros=T0)
    b = polyid.EuidGenerator(seed=1, clock_micros=T0)
    # The same calls on the same clock readings give the same EUIDs (docs/spec 6.5).
    assert a.next_many(5) == b.next_many(5)
    assert [a.next() for _ in range(3)] == [b.next() for _ in range(3)]


# ------------------------------------------------------------------------------ clocks


@pytest.mark.parametrize("make", [
    lambda: polyid.XidGenerator(),
    lambda: polyid.XidGenerator(seed=1),
    lambda: polyid.TidGenerator(),
    lambda: polyid.TidGenerator(3),
    lambda: polyid.EuidGenerator(),
    lambda: polyid.EuidGenerator(5, seed=2),
], ids=["xid", "xid-seeded", "tid", "tid-clock-id", "euid", "euid-seeded"])
def test_set_clock_micros_on_the_real_clock(make: Callable[[], Any]) -> None:
    g = make()
    e = raises_code("INVALID_ARGUMENT", g.set_clock_micros, T0)
    assert "real clock" in e.message
    g.next()  # still usable
    raises_code("OUT_OF_RANGE", g.set_clock_micros, 2**63)


def test_clock_behind_fails_and_recovers() -> None:
    makers: List[Callable[[], Any]] = [
        lambda: polyid.XidGenerator(node=2, max_lead_ms=50, clock_micros=T0),
        lambda: polyid.TidGenerator(node=2, max_lead_ms=50, clock_micros=T0),
        lambda: polyid.EuidGenerator(seed=5, max_lead_ms=50, clock_micros=T0),
    ]
    for make in makers:
        g = make()
        first = g.next()
        g.set_clock_micros(T0 - 10_000)  # 10 ms back: within the lead
        inside = g.next_many(2)
        assert first < inside[0] < inside[1] and g.lead_ms == 10
        g.set_clock_micros(T0 - 100_000)  # 100 ms back: more than max_lead_ms
        e = raises_code("CLOCK_BEHIND", g.next)
        assert "ahead of the clock" in e.message
        raises_code("CLOCK_BEHIND", g.next_many, 3)
        g.set_clock_micros(T0)
        after = g.next()  # state unchanged by the failures
        assert after > inside[1]
    # "wait" on a clock that does not move cannot succeed: CLOCK_BEHIND, no hang.
    w = polyid.XidGenerator(node=3, max_lead_ms=0, on_clock_behind="wait", clock_micros=T0)
    w.next_many(4096)
    raises_code("CLOCK_BEHIND", w.next)


def test_wait_policy_sleeps_on_the_real_clock() -> None:
    # Seeded: a counter of its own (real-clock generators of one clock id share one, and
    # other tests of this process may have run that one ahead).
    g = polyid.TidGenerator(17, seed=1, max_lead_ms=1, on_clock_behind="wait")
    # Each batch needs 0.9 ms of lead; the second one needs about 1.8 ms: it sleeps.
    ts = g.next_many(900)
    more = g.next_many(900)
    assert ts[-1] < more[0] and all(a < b for a, b in zip(more, more[1:]))
    # One batch needing more than max_lead_ms fails under "wait" too.
    raises_code("CLOCK_BEHIND", g.next_many, 1002)


def test_batch_larger_than_the_lead() -> None:
    g = polyid.TidGenerator(node=4, max_lead_ms=1, clock_micros=T0)
    raises_code("CLOCK_BEHIND", g.next_many, 1002)
    assert str(g.next()) == "3ke6kg3wk2236"


def test_clock_outside_the_range() -> None:
    g = polyid.XidGenerator(node=1, clock_micros=(EPOCH_MS - 1) * 1000)
    raises_code("OUT_OF_RANGE", g.next)
    g.set_clock_micros(EPOCH_MS * 1000)
    assert str(g.next()) == "111111112Dd"


# ------------------------------------------------------------------------------ resume


def test_resume_never_reissues() -> None:
    ms = 1_700_000_000_000
    # xid: same node, lower and higher node, from an Xid or its text, clock behind or ahead.
    g = polyid.XidGenerator(node=7, clock_micros=ms * 1000)
    issued = g.next_many(10)
    for node in (6, 7, 8):
        for last in (issued[-1], str(issued[-1])):
            for clock in (ms - 20, ms, ms + 5):
                r = polyid.XidGenerator.resume(last, node=node, clock_micros=clock * 1000)
                nxt = r.next_many(5)
                assert nxt[0] > issued[-1] and all(a < b for a, b in zip(nxt, nxt[1:]))
                assert {x.random >> 12 for x in nxt} == {node}
    r = polyid.XidGenerator.resume(issued[-1], node=7, clock_micros=(ms - 20) * 1000)
    assert r.next().value == issued[-1].value + 1 and r.lead_ms == 20
    # A lead beyond max_lead_ms: the resumed generator fails rather than re-issue.
    r = polyid.XidGenerator.resume(issued[-1], node=7, max_lead_ms=5,
                                   clock_micros=(ms - 20) * 1000)
    raises_code("CLOCK_BEHIND", r.next)
    # TID
    t = polyid.TidGenerator(node=9, clock_micros=T0)
    last_tid = t.next_many(10)[-1]
    for last in (last_tid, str(last_tid)):
        r2 = polyid.TidGenerator.resume(last, node=9, clock_micros=T0 - 1_000_000)
        assert r2.next().micros == last_tid.micros + 1
    r2 = polyid.TidGenerator.resume(last_tid, 39, clock_micros=T0)
    assert r2.next() > last_tid and r2.clock_id == 39
    # EUID
    e = polyid.EuidGenerator(3, seed=1, clock_micros=T0)
    last_euid = e.next_many(10)[-1]
    for last in (last_euid, str(last_euid)):
        r3 = polyid.EuidGenerator.resume(last, 3, seed=2, clock_micros=T0 - 30_000_000)
        assert r3.next() > last_euid and r3.lead_ms == 30_000
    # Real clocks: resume after an ID from the future (within the lead).
    ahead = polyid.Xid.from_parts(polyid.Xid.generate().unix_ms + 30, 0)
    assert polyid.XidGenerator.resume(ahead, seed=4).next() > ahead
    # (Clock id 1001: no other test uses it, and this one leaves its counter 30 ms ahead.)
    tahead = polyid.Tid.from_parts(polyid.Tid.generate().micros + 30_000, 1001)
    assert polyid.TidGenerator.resume(tahead, 1001).next() > tahead


# --------------------------------------------------------------------- threads and fork


def test_shared_xid_generator_across_threads() -> None:
    import threading

    g = polyid.XidGenerator(node=11, clock_micros=T0)
    out: List[List[polyid.Xid]] = [[] for _ in range(8)]

    def work(i: int) -> None:
        for _ in range(500):
            out[i].append(g.next())
            out[i].extend(g.next_many(4))

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    every = [x for r in out for x in r]
    assert len(set(every)) == len(every) == 8 * 2500
    for r in out:
        assert all(a < b for a, b in zip(r, r[1:]))
    assert g.lead_ms == (8 * 2500 - 1) // 4096


@pytest.mark.skipif(not hasattr(os, "fork"), reason="os.fork() is POSIX only")
def test_forked_child_does_not_inherit_a_node() -> None:
    # A generator with a node built before fork() belongs to the parent: NODE_REQUIRED in the
    # child. A generator without one moves to the child's lane and keeps increasing.
    fixed = polyid.XidGenerator(node=5, clock_micros=T0)
    tfixed = polyid.TidGenerator(node=5, clock_micros=T0)
    lanes = polyid.XidGenerator()
    fixed.next()
    tfixed.next()
    before = lanes.next()
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            out = {}
            for name, fn in [("xid", fixed.next), ("tid", tfixed.next), ("node", lambda: fixed.node)]:
                try:
                    fn()
                    out[name] = "ok"
                except polyid.PolyIdError as e:
                    out[name] = e.code
            x = lanes.next()
            out["lanes"] = [str(x), lanes.lane, x > before]
            os.write(w, json.dumps(out).encode())
            code = 0
        finally:
            os._exit(code)
    os.close(w)
    with os.fdopen(r, "rb") as f:
        got = json.loads(f.read())
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
    assert (got["xid"], got["tid"], got["node"]) == ("NODE_REQUIRED",) * 3
    assert got["lanes"][2] is True
    assert fixed.next() > polyid.Xid.from_int(0)  # the parent's generators still work


# ------------------------------------------------- the process node, in child interpreters


def free_node(preferred: int, avoid: int = -1) -> int:
    """`preferred`, unless another process on this host holds it (other polyid test suites
    may run at the same time): the first free node from 900 then (never `avoid`)."""
    for n in [preferred, *range(900, 960)]:
        if n == avoid:
            continue
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            s.bind(f"\0polyid-node-{n}")
            return n
        except OSError:
            continue
        finally:
            s.close()
    pytest.skip("no free node on this host")
    raise AssertionError


def run_child(code: str, env: Optional[Dict[str, str]] = None) -> Dict[str, Any]:
    """Runs `code` in a fresh interpreter (environment: ours without the node variables
    POLYID_NODE*, plus `env`); the code's `out` dict comes back as JSON."""
    full = {k: v for k, v in os.environ.items() if not k.startswith("POLYID_NODE")}
    full.update(env or {})
    prelude = textwrap.dedent("""
        import json, sys
        import polyid
        out = {}
        def code_of(fn, *args):
            try:
                fn(*args)
                return "ok"
            except polyid.PolyIdError as e:
                return e.code
    """)
    script = prelude + textwrap.dedent(code) + "\nprint(json.dumps(out))\n"
    p = subprocess.run([sys.executable, "-c", script], env=full, capture_output=True,
                       text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout.strip().splitlines()[-1])


needs_linux = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                 reason="node claims are Linux-only")


def test_no_node_in_the_environment() -> None:
    got = run_child("""
        out["node"] = polyid.node()
        out["required"] = polyid.node_required()
        x = polyid.Xid.generate()
        out["xid_node"] = polyid.XidGenerator().node
        out["tid_clock"] = polyid.TidGenerator().clock_id
    """)
    assert got["node"] is None and got["required"] is False and got["xid_node"] is None
    assert 0 <= got["tid_clock"] < 32


def test_polyid_node_from_the_environment() -> None:
    n = free_node(5)
    got = run_child("""
        out["node"] = polyid.node()
        x = polyid.Xid.generate()
        out["xid_random"] = x.random
        out["many"] = [y.random >> 12 for y in polyid.Xid.generate_many(3)]
        out["tid_clock"] = polyid.Tid.generate().clock_id
        g = polyid.XidGenerator()
        out["gen"] = [g.node, g.next().random >> 12]
        t = polyid.TidGenerator()
        out["tgen"] = [t.node, t.clock_id]
        out["seeded_node"] = polyid.XidGenerator(seed=1).node
        out["other"] = polyid.XidGenerator(node=3, clock_micros=1700000000000000).node
    """, {"POLYID_NODE": str(n)})
    assert got["node"] == n
    assert (got["xid_random"] >> 12) & 0x3FF == n  # bits 21-12 of the xid
    assert got["many"] == [n, n, n]
    assert got["tid_clock"] == 32 + n
    assert got["gen"] == [n, n] and got["tgen"] == [n, 32 + n]
    assert got["seeded_node"] is None and got["other"] == 3
    # leading zeros are allowed
    assert run_child('out["node"] = polyid.node()', {"POLYID_NODE": "007"})["node"] == 7


@pytest.mark.parametrize("value,code", [("abc", "INVALID_CHARACTER"), ("", "INVALID_LENGTH"),
                                        ("960", "OUT_OF_RANGE"), (" 5", "INVALID_CHARACTER")])
def test_bad_polyid_node(value: str, code: str) -> None:
    got = run_child("""
        out["generate"] = code_of(polyid.Xid.generate)
        out["tid"] = code_of(polyid.Tid.generate)
        out["node"] = code_of(polyid.node)
        out["gen"] = code_of(polyid.XidGenerator)
        out["tgen"] = code_of(polyid.TidGenerator)
        # a generator with its own node, a seeded one, an explicit clock id: not affected
        out["own"] = code_of(lambda: polyid.XidGenerator(node=1, clock_micros=1700000000000000).next())
        out["seeded"] = code_of(lambda: polyid.XidGenerator(seed=1).next())
        out["clock_id"] = code_of(lambda: polyid.TidGenerator(4).next())
        polyid.set_node(None)  # set in code: overrides the variable
        out["after"] = code_of(polyid.Xid.generate)
    """, {"POLYID_NODE": value})
    assert got == {"generate": code, "tid": code, "node": code, "gen": code, "tgen": code,
                   "own": "ok", "seeded": "ok", "clock_id": "ok", "after": "ok"}


def test_a_huge_polyid_node_is_quoted_as_given() -> None:
    digits = "9" * 20
    got = run_child("""
        try:
            polyid.Xid.generate()
        except polyid.PolyIdError as e:
            out["code"], out["message"] = e.code, str(e)
    """, {"POLYID_NODE": digits})
    assert got == {"code": "OUT_OF_RANGE",
                   "message": f'POLYID_NODE: "{digits}" is out of range 0..=959'}
    got = run_child("""
        try:
            polyid.Xid.generate()
        except polyid.PolyIdError as e:
            out["message"] = str(e)
    """, {"POLYID_NODE": "9" * 100_000})
    assert got["message"] == f'POLYID_NODE: "{"9" * 64}"... (100000 bytes) is out of range 0..=959'


@needs_linux
def test_a_forked_child_does_not_keep_the_parents_node_claim() -> None:
    # A service claims its node, forks a worker and exits (a restart); the worker lives on.
    # The restarted service must get the node: the worker never held it.
    n = free_node(7)
    service = subprocess.run([sys.executable, "-c", textwrap.dedent("""
        import os, time, polyid
        polyid.Xid.generate()                    # claims POLYID_NODE
        pid = os.fork()
        if pid == 0:                             # the worker: outlives its parent
            os.closerange(0, 3)                  # (the test waits for the pipes' end)
            time.sleep(60)
            os._exit(0)
        print(pid, flush=True)
    """)], env={**{k: v for k, v in os.environ.items() if not k.startswith("POLYID_NODE")},
                "POLYID_NODE": str(n)}, capture_output=True, text=True, timeout=60)
    assert service.returncode == 0, service.stderr
    worker = int(service.stdout.strip())
    try:
        os.kill(worker, 0)  # the worker is alive
        got = run_child('out["generate"] = code_of(polyid.Xid.generate)', {"POLYID_NODE": str(n)})
        assert got == {"generate": "ok"}
    finally:
        os.kill(worker, signal.SIGKILL)


def test_node_required() -> None:
    code = """
        out["required"] = polyid.node_required()
        out["generate"] = code_of(polyid.Xid.generate)
        out["tid"] = code_of(polyid.Tid.generate)
        out["gen"] = code_of(polyid.XidGenerator)
        out["tgen"] = code_of(polyid.TidGenerator)
        out["seeded"] = code_of(lambda: polyid.XidGenerator(seed=1).next())
        out["tseeded"] = code_of(lambda: polyid.TidGenerator(seed=1).next())
        out["clock_id"] = code_of(lambda: polyid.TidGenerator(4).next())
        out["own"] = code_of(lambda: polyid.XidGenerator(node=1, clock_micros=1700000000000000).next())
        out["euid"] = code_of(lambda: polyid.EuidGenerator().next())
    """
    expected = {"required": True, "generate": "NODE_REQUIRED", "tid": "NODE_REQUIRED",
                "gen": "NODE_REQUIRED", "tgen": "NODE_REQUIRED", "seeded": "ok",
                "tseeded": "ok", "clock_id": "ok", "own": "ok", "euid": "ok"}
    for value in ("1", "true", "yes"):
        assert run_child(code, {"POLYID_NODE_REQUIRED": value}) == expected
    assert run_child('out["r"] = polyid.node_required()',
                     {"POLYID_NODE_REQUIRED": "0"}) == {"r": False}
    # set in code, then satisfied in code
    n = free_node(5)
    got = run_child(f"""
        polyid.set_node_required(True)
        out["required"] = polyid.node_required()
        out["before"] = code_of(polyid.Xid.generate)
        polyid.set_node({n})
        out["after"] = polyid.Xid.generate().random >> 12
        polyid.set_node_required(False)
        out["off"] = polyid.node_required()
    """)
    assert got == {"required": True, "before": "NODE_REQUIRED", "after": n, "off": False}


@needs_linux
def test_set_node_round_trip() -> None:
    n = free_node(5)
    m = (n + 1) % 960  # refused before any claim: it need not be free
    got = run_child(f"""
        out["start"] = polyid.node()
        polyid.set_node({n})
        out["set"] = polyid.node()
        polyid.set_node(None)
        out["withdrawn"] = polyid.node()
        polyid.set_node({n})
        out["bad"] = [code_of(polyid.set_node, 960), code_of(polyid.set_node, -1)]
        out["still"] = polyid.node()
        x = polyid.Xid.generate()          # the default generator takes the process node
        out["x"] = x.random >> 12
        out["change"] = code_of(polyid.set_node, {m})   # too late: NODE_IN_USE
        out["none"] = code_of(polyid.set_node, None)
        out["same"] = code_of(polyid.set_node, {n})     # the same node again is fine
        out["end"] = polyid.node()
    """)
    assert got == {"start": None, "set": n, "withdrawn": None, "bad": ["OUT_OF_RANGE"] * 2,
                   "still": n, "x": n, "change": "NODE_IN_USE", "none": "NODE_IN_USE",
                   "same": "ok", "end": n}


@needs_linux
def test_a_node_belongs_to_one_process() -> None:
    n = free_node(5)
    holder = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent("""
            import sys, polyid
            polyid.Xid.generate()          # takes and claims the node
            print("ready", flush=True)
            sys.stdin.read()               # hold it until the test closes stdin
        """)],
        env={**{k: v for k, v in os.environ.items() if not k.startswith("POLYID_NODE")},
             "POLYID_NODE": str(n)},
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
        second = """
            out["node"] = polyid.node()
            out["generate"] = code_of(polyid.Xid.generate)
            out["tid"] = code_of(polyid.TidGenerator)
            out["own"] = code_of(lambda: polyid.XidGenerator(node=%d).next())
            out["set"] = code_of(polyid.set_node, %d)
            out["manual"] = code_of(lambda: polyid.XidGenerator(node=%d, clock_micros=1700000000000000).next())
        """ % (n, n, n)
        got = run_child(second, {"POLYID_NODE": str(n)})
        assert got == {"node": n, "generate": "NODE_IN_USE", "tid": "NODE_IN_USE",
                       "own": "NODE_IN_USE", "set": "NODE_IN_USE", "manual": "ok"}
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=30)
    # Released when the holder exits.
    got = run_child('out["generate"] = code_of(polyid.Xid.generate)', {"POLYID_NODE": str(n)})
    assert got == {"generate": "ok"}


@needs_linux
def test_forked_child_sets_its_own_process_node() -> None:
    n = free_node(5)
    m = free_node(6, avoid=n)
    got = run_child(f"""
        import os
        polyid.set_node({n})
        polyid.Xid.generate()
        g = polyid.XidGenerator()
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            res = {{"before": code_of(polyid.Xid.generate), "gen": code_of(g.next),
                    "node": code_of(polyid.node)}}
            polyid.set_node({m})
            res["after"] = polyid.Xid.generate().random >> 12
            res["gen_after"] = g.next().random >> 12
            os.write(w, json.dumps(res).encode())
            os._exit(0)
        os.close(w)
        with os.fdopen(r) as f:
            out["child"] = json.loads(f.read())
        os.waitpid(pid, 0)
        out["parent"] = polyid.Xid.generate().random >> 12
    """)
    assert got["child"] == {"before": "NODE_REQUIRED", "gen": "NODE_REQUIRED",
                            "node": "NODE_REQUIRED", "after": m, "gen_after": m}
    assert got["parent"] == n
