"""Round trips and field checks on 10,000 generated IDs per family."""

from __future__ import annotations

import datetime as dt
import random
import time

import pytest

import polyid
import pure_wdp

N = 10_000
UTC = dt.timezone.utc
EPOCH = dt.datetime(1970, 1, 1, tzinfo=UTC)
XID_EPOCH_MS = 1_321_009_871_111  # docs/spec 2: 2011-11-11T11:11:11.111Z
MASK64 = (1 << 64) - 1


def now_ms() -> int:
    return time.time_ns() // 1_000_000


def check_xid(x: polyid.Xid, lo_ms: int, hi_ms: int) -> None:
    text = str(x)
    assert len(text) == 11
    assert lo_ms <= x.unix_ms <= hi_ms
    assert 0 <= x.random < 1 << 22
    # docs/spec 2: value = (unix_ms - epoch) << 22 | random
    assert x.value == (x.unix_ms - XID_EPOCH_MS) << 22 | x.random
    assert polyid.Xid.parse(text) == x
    assert polyid.Xid(text) == x
    assert polyid.Xid.from_int(x.value) == x
    assert polyid.Xid.from_parts(x.unix_ms, x.random) == x
    assert polyid.uid11_decode(text) == x.value
    assert polyid.uid11_encode(x.value) == text
    assert x.datetime == EPOCH + dt.timedelta(milliseconds=x.unix_ms)
    assert polyid.Xid.from_datetime(x.datetime, x.random) == x
    prefix = polyid.xid_prefix_range(text[:6])
    assert prefix is not None and prefix[0] <= x.unix_ms <= prefix[1]


def test_xid_generate() -> None:
    lo = now_ms()
    xs = [polyid.Xid.generate() for _ in range(N // 2)] + polyid.Xid.generate_many(N // 2)
    hi = now_ms()
    assert len(xs) == N
    for x in xs:
        # Under bursts (> 32,768 xids in a millisecond) the generator borrows the next
        # milliseconds: a few ms of tolerance.
        check_xid(x, lo, hi + 5)
    # One process never repeats an xid: the process-wide generator counts up from a random
    # start each millisecond, so its xids also come out in increasing order.
    assert all(a < b for a, b in zip(xs, xs[1:]))
    # (The random parts themselves may repeat across milliseconds: each millisecond's run
    # counts up from its own random start.)
    # The process lane ((pid + host salt) mod 64, docs/spec 6.2) is in the top 6 of the 22
    # random bits (with a process node, POLYID_NODE: the node in the top 10).
    g = polyid.XidGenerator()
    if g.node is None:
        assert {x.random >> 16 for x in xs} == {g.lane}
    else:
        assert {x.random >> 12 for x in xs} == {g.node}


def check_tid(t: polyid.Tid, clock_id: int, lo_us: int, hi_us: int) -> None:
    text = str(t)
    assert len(text) == 13
    assert t.clock_id == clock_id
    assert lo_us <= t.micros <= hi_us + N  # next_many reserves consecutive microseconds
    assert t.value == t.micros << 10 | t.clock_id
    display = t.display()
    assert display == f"{text[:4]}-{text[4:7]}-{text[7:11]}-{text[11:]}"
    assert polyid.Tid.parse(text) == t
    assert polyid.Tid.parse(display) == t
    assert polyid.Tid(text) == t
    assert polyid.Tid.from_int(t.value) == t
    assert polyid.Tid.from_parts(t.micros, t.clock_id) == t
    assert t.datetime == EPOCH + dt.timedelta(microseconds=t.micros)
    assert polyid.Tid.from_datetime(t.datetime, t.clock_id) == t
    r = polyid.tid_prefix_range(text[:7])
    assert r is not None and r[0] <= t.micros <= r[1]


def test_tid_generator() -> None:
    g = polyid.TidGenerator()
    assert 0 <= g.clock_id <= 31
    # Generators of one clock id share one counter, and another test of this process may
    # have run this random id's counter ahead of the clock: its TIDs start that far ahead
    # (the lead, docs/spec 6.4).
    ahead_us = (g.lead_ms + 1) * 1000
    lo = time.time_ns() // 1000
    ts = [g.next() for _ in range(N // 4)]
    ts += g.next_many(N // 4)
    ts += [polyid.Tid.parse(g.next_str()) for _ in range(N // 4)]
    ts += [polyid.Tid.parse(s) for s in g.next_many_str(N // 4)]
    hi = time.time_ns() // 1000
    assert len(ts) == N
    assert all(a < b for a, b in zip(ts, ts[1:])), "TIDs of one generator strictly increase"
    assert all(a.micros < b.micros for a, b in zip(ts, ts[1:]))
    assert sorted(str(t) for t in ts) == [str(t) for t in ts], "text order is time order"
    for t in ts:
        check_tid(t, g.clock_id, lo, hi + ahead_us)


def test_tid_generator_clock_id() -> None:
    g = polyid.TidGenerator(clock_id=1000)
    assert g.clock_id == 1000
    ts = g.next_many(N)
    assert {t.clock_id for t in ts} == {1000}
    assert len(set(ts)) == N


def test_tid_generate_default() -> None:
    ts = [polyid.Tid.generate() for _ in range(N)]
    assert all(a < b for a, b in zip(ts, ts[1:]))
    assert len({t.clock_id for t in ts}) == 1


def check_euid(e: polyid.Euid, extension: int | None, lo_ms: int, hi_ms: int) -> None:
    text = str(e)
    assert len(text) == 27 and text == text.upper()
    assert e.extension == extension
    assert lo_ms <= e.unix_ms <= hi_ms + 2  # a spent high half moves to the next ms
    b = e.bytes
    assert isinstance(b, bytes) and len(b) == 16
    assert int.from_bytes(b, "big") == e.value
    assert bytes(e) == b
    assert e.value >> 83 == e.unix_ms  # docs/spec 4: bits 127..83
    assert e.checkmod == e.value % 127
    assert polyid.Euid.parse(text) == e
    assert polyid.Euid.parse(text.lower()) == e
    assert polyid.Euid.parse(e.encode(False)) == e
    assert e.encode(True) == text
    assert polyid.Euid(text) == e
    assert polyid.Euid.from_bytes(b) == e
    assert polyid.Euid.from_bytes(bytearray(b)) == e
    assert polyid.Euid.from_int(e.value) == e
    assert polyid.Euid.from_parts(e.unix_ms, e.extension, e.padding, e.value & MASK64) == e
    assert e.datetime == EPOCH + dt.timedelta(milliseconds=e.unix_ms)


@pytest.mark.parametrize("extension", [None, 0, 7, 32767])
def test_euid_generator(extension: int | None) -> None:
    g = polyid.EuidGenerator(extension)
    assert g.extension == extension
    lo = now_ms()
    es = [g.next() for _ in range(N // 2)] + g.next_many(N // 2)
    hi = now_ms()
    assert all(a < b for a, b in zip(es, es[1:])), "a generator's EUIDs strictly increase"
    assert sorted(str(e) for e in es) == [str(e) for e in es]
    for e in es:
        check_euid(e, extension, lo, hi)


def test_euid_generate_random_extensions() -> None:
    rng = random.Random(7)
    lo = now_ms()
    exts = [rng.choice([None, rng.randrange(32768)]) for _ in range(N)]
    es = [polyid.Euid.generate(x) for x in exts]
    hi = now_ms()
    assert len(set(es)) == N
    for e, x in zip(es, exts):
        check_euid(e, x, lo, hi)
    nxt = [e.next() for e in es[:100]]
    for a, b in zip(es, nxt):
        assert b.extension == a.extension


def random_code(rng: random.Random) -> str:
    def ident() -> str:
        first = rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        rest = "".join(
            rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
            for _ in range(rng.randrange(16))
        )
        return first + rest

    sev = rng.choice("EWCBSKITHewcbskith")
    if rng.random() < 0.2:
        seq = rng.choice(list(pure_wdp.NAMES))
        seq = seq if rng.random() < 0.5 else seq.lower()
    else:
        seq = f"{rng.randrange(1, 1000):03d}"
    pad = rng.choice(["", " ", "\t", "\n "])
    return f"{pad}{sev}.{ident()}.{ident()}.{seq}{pad[::-1]}"


def test_wdp_random_codes() -> None:
    rng = random.Random(42)
    codes = [random_code(rng) for _ in range(N)]
    batch = polyid.compact_ids(codes)
    assert polyid.compact_ids(tuple(codes)) == batch
    assert polyid.compact_ids(iter(codes)) == batch
    namespaces = ["auth_lib", "user_service", "payment_lib", "a", "x_1"]
    for code, cid in zip(codes, batch):
        assert polyid.compact_id(code) == cid
        assert cid == pure_wdp.compact_id(code), code  # the independent oracle
        norm = polyid.normalize_code(code)
        assert norm == pure_wdp.normalize(code)
        assert polyid.compact_id(norm) == cid
        parsed = polyid.parse_code(code)
        assert parsed.compact_id == cid and parsed.normalized == norm
        assert str(parsed) == norm
        assert f"{parsed.severity}.{parsed.component}.{parsed.primary}.{parsed.sequence:03d}" == norm
        ns = namespaces[len(code) % len(namespaces)]
        full = polyid.full_id(ns, code)
        assert full == f"{pure_wdp.namespace_hash(ns)}-{cid}"
        assert polyid.parse_full_id(full) == (polyid.namespace_hash(ns), cid)
