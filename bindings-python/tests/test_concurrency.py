"""One generator shared by many threads, and generators across real os.fork() calls."""

from __future__ import annotations

import json
import os
import sys
import threading
from typing import Any, Callable, Dict, List

import pytest

import polyid

THREADS = 8
PER_THREAD = 5_000


def run_threads(work: Callable[[], List[Any]]) -> List[List[Any]]:
    results: List[List[Any]] = [[] for _ in range(THREADS)]
    barrier = threading.Barrier(THREADS)

    def body(i: int) -> None:
        barrier.wait()
        results[i] = work()

    threads = [threading.Thread(target=body, args=(i,)) for i in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def test_shared_tid_generator() -> None:
    g = polyid.TidGenerator()

    def work() -> List[Any]:
        out: List[Any] = []
        for i in range(PER_THREAD // 10):
            out.extend(g.next() for _ in range(5))
            out.extend(g.next_many(5))
        return out

    results = run_threads(work)
    every = [t for r in results for t in r]
    assert len(every) == THREADS * PER_THREAD
    assert len(set(every)) == len(every), "no TID issued twice"
    for r in results:
        assert all(a < b for a, b in zip(r, r[1:])), "each thread sees increasing TIDs"
    assert {t.clock_id for t in every} == {g.clock_id}


def test_tid_generators_with_one_clock_id_never_meet() -> None:
    # Two generators with the same clock id, used alternately (mostly within one
    # microsecond) and from several threads: the core gives them one counter.
    a, b = polyid.TidGenerator(clock_id=9), polyid.TidGenerator(clock_id=9)
    alternating = [g.next_str() for _ in range(20_000) for g in (a, b)]
    assert len(set(alternating)) == len(alternating)

    def work() -> List[Any]:
        out: List[Any] = []
        for _ in range(PER_THREAD // 10):
            out.extend(a.next_many_str(5))
            out.extend(b.next_many_str(5))
        return out

    every = [t for r in run_threads(work) for t in r]
    assert len(set(every)) == len(every), "no TID issued twice"


def test_shared_xid_generator() -> None:
    g = polyid.XidGenerator()

    def work() -> List[Any]:
        out: List[Any] = []
        for i in range(PER_THREAD // 10):
            out.extend(g.next() for _ in range(5))
            out.extend(g.next_many(5))
        return out

    results = run_threads(work)
    every = [x for r in results for x in r]
    assert len(every) == THREADS * PER_THREAD
    assert len(set(every)) == len(every), "no xid issued twice"
    for r in results:
        assert all(a < b for a, b in zip(r, r[1:])), "each thread sees increasing xids"
    if g.node is None:
        assert {x.random >> 16 for x in every} == {g.lane}


def test_shared_euid_generator() -> None:
    g = polyid.EuidGenerator(extension=3)

    def work() -> List[Any]:
        out: List[Any] = []
        for i in range(PER_THREAD // 10):
            out.extend(g.next() for _ in range(5))
            out.extend(g.next_many(5))
        return out

    results = run_threads(work)
    every = [e for r in results for e in r]
    assert len(set(every)) == len(every)
    for r in results:
        assert all(a < b for a, b in zip(r, r[1:]))
    assert {e.extension for e in every} == {3}


def test_shared_immutable_ids() -> None:
    tid = polyid.Tid.from_parts(1_721_407_246_480_310, 1)
    euid = polyid.Euid.parse("C8ZM14GR4JXG0MQXVY18S8TJNA6")

    def work() -> List[Any]:
        return [(str(tid), tid.datetime, euid.value, str(euid)) for _ in range(1000)]

    results = run_threads(work)
    assert {x for r in results for x in r} == {
        ("3kxnlhr3gxq23", tid.datetime, 0x623F40921824BB0052FDDF828CA352AA,
         "C8ZM14GR4JXG0MQXVY18S8TJNA6")
    }
    with pytest.raises(AttributeError):
        tid.micros = 5  # type: ignore[misc]


CHILDREN = 4
PER_PROCESS = 2_000


def sample(tgen: polyid.TidGenerator, egen: polyid.EuidGenerator,
           xgen: polyid.XidGenerator) -> Dict[str, Any]:
    return {
        "xid_lane": xgen.lane,
        "xids": xgen.next_many_str(PER_PROCESS) + [xgen.next_str() for _ in range(PER_PROCESS)],
        "tid_clock": tgen.clock_id,
        "tids": [str(t) for t in tgen.next_many(PER_PROCESS)]
        + [str(tgen.next()) for _ in range(PER_PROCESS)],
        "default_tids": [str(polyid.Tid.generate()) for _ in range(PER_PROCESS)],
        "euids": [str(e) for e in egen.next_many(PER_PROCESS)]
        + [str(egen.next()) for _ in range(PER_PROCESS)]
        + [str(polyid.Euid.generate()) for _ in range(PER_PROCESS)],
        "xid_random": [x.random for x in polyid.Xid.generate_many(PER_PROCESS)],
    }


@pytest.mark.skipif(not hasattr(os, "fork"), reason="os.fork() is POSIX only")
def test_fork_children_do_not_repeat_the_parent() -> None:
    tgen = polyid.TidGenerator()
    egen = polyid.EuidGenerator()
    xgen = polyid.XidGenerator()
    # Use every generator (and the thread's RNG) before forking, so the children inherit
    # warm state.
    tgen.next_many(10)
    egen.next_many(10)
    xgen.next_many(10)
    polyid.Tid.generate()
    polyid.Xid.generate_many(10)
    parent_clock = tgen.clock_id

    pids = []
    readers = []
    for _ in range(CHILDREN):
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:  # child
            code = 0
            try:
                os.close(r)
                data = json.dumps(sample(tgen, egen, xgen)).encode()
                with os.fdopen(w, "wb") as f:
                    f.write(data)
            except BaseException:
                code = 1
            finally:
                os._exit(code)
        os.close(w)
        pids.append(pid)
        readers.append(r)

    mine = sample(tgen, egen, xgen)
    kids = []
    for pid, r in zip(pids, readers):
        with os.fdopen(r, "rb") as f:
            kids.append(json.loads(f.read()))
        _, status = os.waitpid(pid, 0)
        assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0

    assert mine["tid_clock"] == parent_clock
    for kid in kids:
        assert kid["tid_clock"] != parent_clock, "a forked child re-picks its clock id"
        assert not set(kid["tids"]) & set(mine["tids"])
        assert not set(kid["default_tids"]) & set(mine["default_tids"])
        # xid: 22 random bits; with copied RNG state the sequences would be identical.
        assert kid["xid_random"] != mine["xid_random"]
        # A child whose pid is the parent's mod 64 shares its lane (docs/uniqueness.md: lanes
        # are distinct for distinct pids mod 64), and then their counters may overlap.
        if kid["xid_lane"] != mine["xid_lane"]:
            assert not set(kid["xid_random"]) & set(mine["xid_random"])
    # The core moves a forked child's random clock id to 32 + pid mod 960: children do not
    # share clock ids (nor TIDs) with each other either.
    assert len({k["tid_clock"] for k in kids}) == len(kids)
    every_tid = mine["tids"] + [t for k in kids for t in k["tids"]]
    assert len(set(every_tid)) == len(every_tid), "no TID shared by any two processes"
    every_euid = mine["euids"] + [e for k in kids for e in k["euids"]]
    assert len(set(every_euid)) == len(every_euid), "no EUID shared by any two processes"
    # XidGenerator: a forked child moves to its own lane ((pid + host salt) mod 64), so
    # processes with distinct lanes never share an xid.
    procs = kids + [mine]
    for i, a in enumerate(procs):
        for b in procs[i + 1:]:
            if a["xid_lane"] != b["xid_lane"]:
                assert not set(a["xids"]) & set(b["xids"])
    assert len({k["xid_lane"] for k in kids}) > 1
    # Children between themselves: different random streams as well.
    streams = [tuple(k["xid_random"]) for k in kids] + [tuple(mine["xid_random"])]
    assert len(set(streams)) == len(streams)
