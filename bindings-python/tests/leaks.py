"""Memory-leak check of every Python entry point of polyid.

    python tests/leaks.py [--calls N] [--limit-mb M] [--only SUBSTRING] [--self-test]
                          [--summary]

Calls every function, constructor, static method, method, property and special method of
the polyid module N times (default 1,000,000), the error paths too (bad input raising
PolyIdError or TypeError), and prints the growth of resident memory (RSS, from
/proc/self/statm) per entry point and in total. Fails (exit 1) when the total growth, or the
growth over any one entry point, exceeds M MB (default 5).

Method: every entry point first runs 20,000 times (or N, if smaller) (caches, interned strings and allocator
arenas settle), then the baseline RSS is taken; each entry point then runs N times, followed
by gc.collect(), and its growth is the RSS after minus the RSS before. Calls without an
expected error run in C loops (deque(starmap(fn, repeat(args, N)), 0)), so the loop itself
allocates nothing. The script checks that its table covers the whole public API (every name
in polyid.__all__, every public attribute and Rust-implemented special method of every
class), so a new entry point cannot be forgotten. --self-test adds an entry point that
really leaks (keeps every result) and checks that it is reported.

With BENCH_MD set (`make python-leaks-write`, tools/bench_section.py), the result of a run
that is not a self-test is also appended to that file as Markdown: the section
`bench:python-leaks` of the README.
"""

from __future__ import annotations

import argparse
import datetime as dt
import gc
import operator
import os
import sys
import time
import uuid
from collections import deque
from functools import partial
from itertools import repeat, starmap
from typing import Any, Callable, Dict, List, Optional, Tuple, Type

import polyid
from polyid import (
    Catalog,
    CatalogEntry,
    CollisionGroup,
    Entry,
    Euid,
    EuidGenerator,
    Expansion,
    KeyPair,
    PolyIdError,
    StructuredCode,
    Tid,
    TidGenerator,
    Xid,
    XidGenerator,
)

PAGE = os.sysconf("SC_PAGE_SIZE")


def rss() -> int:
    with open("/proc/self/statm", "rb") as f:
        return int(f.read().split()[1]) * PAGE


class Point:
    """One entry point: fn(*args, **kwargs), expected to raise `raises` (or nothing)."""

    def __init__(self, name: str, fn: Callable[..., Any], args: Tuple[Any, ...],
                 kwargs: Dict[str, Any], raises: Optional[Tuple[Type[BaseException], str]]):
        self.name, self.fn, self.args, self.kwargs, self.raises = name, fn, args, kwargs, raises

    def run(self, n: int) -> None:
        fn, args = self.fn, self.args
        if self.kwargs:
            fn, args = partial(fn, *args, **self.kwargs), ()
        if self.raises is None:
            deque(starmap(fn, repeat(args, n)), 0)
            return
        kind, code = self.raises
        for _ in repeat(None, n):
            try:
                fn(*args)
            except kind:
                pass
            else:
                raise AssertionError(f"{self.name}: expected {kind.__name__} {code}")

    def check(self) -> None:
        """One call, checking the expected outcome (error code) for real."""
        fn = partial(self.fn, **self.kwargs) if self.kwargs else self.fn
        if self.raises is None:
            fn(*self.args)
            return
        kind, code = self.raises
        try:
            fn(*self.args)
        except kind as e:
            if code and getattr(e, "code", None) != code:
                raise AssertionError(f"{self.name}: expected {code}, got {e!r}") from e
        else:
            raise AssertionError(f"{self.name}: expected {kind.__name__} {code}")


POINTS: List[Point] = []


def ok(name: str, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
    POINTS.append(Point(name, fn, args, kwargs, None))


def err(name: str, code: str, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
    """An error path: `code` is a PolyIdError code, or "TypeError"."""
    raises = (TypeError, "") if code == "TypeError" else (PolyIdError, code)
    POINTS.append(Point(f"{name} !{code}", fn, args, kwargs, raises))


def prop(cls: type, name: str, obj: Any) -> None:
    ok(f"{cls.__name__}.{name}", cls.__dict__[name].__get__, obj)


def meth(cls: type, name: str, obj: Any, *args: Any, **kwargs: Any) -> None:
    ok(f"{cls.__name__}.{name}", getattr(cls, name), obj, *args, **kwargs)


# ---------------------------------------------------------------------------------------
# The table

UTC = dt.timezone.utc
WHEN = dt.datetime(2024, 7, 19, 16, 40, 46, 480310, tzinfo=UTC)
NAIVE = dt.datetime(2024, 7, 19, 16, 40, 46)
CODES = ["E.Auth.Token.001", "W.Database.Connection.027", "E.Auth.Token.MISSING",
         "i.api.gateway.timeout", "C.AUTH.READ.974", "S.AUTH.READ.898", "T.USER.TOKEN.684",
         "B.AUTH.TIMEOUT.757", "K.JOB.QUEUE.042", "H.DOCS.LINK.999"]
NAMES = {"CUSTOM": 7}
T0 = 1_700_000_000_000_000  # a manual clock reading (microseconds)
SECRET = bytes.fromhex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
GBP = "49083027-d200-8000-8000-00000021ebfc"
MINIMAL = '{"V6a0B": ["E.AUTH.TOKEN.001", "token missing for {{user}}"]}'
ENTRIES: List[Any] = [
    {"code": "E.Auth.Token.001", "message": "token missing for {{user}}", "hints": ["h"],
     "tags": ["t"], "docs_url": "https://example.invalid/x", "description": "d"},
    Entry("W.Database.Connection.027", "slow connection"),
]


def build_table() -> None:
    # WDP
    ok("compact_id", polyid.compact_id, "E.Auth.Token.001")
    ok("compact_id named", polyid.compact_id, "E.A.B.CUSTOM", NAMES)
    err("compact_id", "INVALID_SEQUENCE", polyid.compact_id, "E.A.B.000")
    err("compact_id", "TypeError", polyid.compact_id, 42)
    ok("compact_ids", polyid.compact_ids, CODES)
    ok("compact_ids tuple", polyid.compact_ids, tuple(CODES))
    err("compact_ids", "INVALID_FORMAT", polyid.compact_ids, CODES[:5] + ["E.A"])
    ok("normalize_code", polyid.normalize_code, " e.auth.token.missing ")
    err("normalize_code", "UNKNOWN_NAMED_SEQUENCE", polyid.normalize_code, "E.A.B.NOPE")
    ok("parse_code", polyid.parse_code, "E.Auth.Token.001")
    err("parse_code", "INVALID_SEVERITY", polyid.parse_code, "X.A.B.001")
    ok("namespace_hash", polyid.namespace_hash, "auth_lib")
    err("namespace_hash", "INVALID_NAMESPACE", polyid.namespace_hash, "")
    ok("full_id", polyid.full_id, "auth_lib", "E.Auth.Token.001")
    err("full_id", "INVALID_FORMAT", polyid.full_id, "auth_lib", "E.Auth")
    ok("parse_full_id", polyid.parse_full_id, "05o5h-V6a0B")
    err("parse_full_id", "INVALID_LENGTH", polyid.parse_full_id, "05o5h-V6a0")
    code = StructuredCode("E.Auth.Token.001")
    other = StructuredCode("W.Database.Connection.027")
    ok("StructuredCode.__new__", StructuredCode, "E.Auth.Token.001")
    err("StructuredCode.__new__", "TypeError", StructuredCode, None)
    for p in ["severity", "meaning", "priority", "blocking", "component", "primary",
              "sequence", "sequence_name", "normalized", "compact_id"]:
        prop(StructuredCode, p, code)
    for m in ["__str__", "__repr__", "__hash__", "__reduce__", "__copy__"]:
        meth(StructuredCode, m, code)
    meth(StructuredCode, "__deepcopy__", code, {})
    ok("StructuredCode.__eq__", operator.eq, code, other)
    err("StructuredCode.__lt__", "TypeError", operator.lt, code, other)

    # uid11, xid
    ok("uid11_encode", polyid.uid11_encode, 2**64 - 1)
    err("uid11_encode", "OUT_OF_RANGE", polyid.uid11_encode, 2**64)
    err("uid11_encode", "TypeError", polyid.uid11_encode, "1")
    ok("uid11_decode", polyid.uid11_decode, "jpXCZedGfVQ")
    err("uid11_decode", "INVALID_CHARACTER", polyid.uid11_decode, "jpXCZedGfV0")
    ok("uid11_prefix_range", polyid.uid11_prefix_range, "jp")
    err("uid11_prefix_range", "INVALID_LENGTH", polyid.uid11_prefix_range, "jpXCZedGfVQQ")
    ok("xid_prefix_range", polyid.xid_prefix_range, "4h1d")
    err("xid_prefix_range", "INVALID_CHARACTER", polyid.xid_prefix_range, "4h1O")
    x = Xid.from_parts(1_700_000_000_000, 4660)
    x2 = Xid.from_parts(1_700_000_000_001, 1)
    ok("Xid.__new__", Xid, "4h1dcciS8r7")
    err("Xid.__new__", "INVALID_LENGTH", Xid, "4h1dcciS8r")
    ok("Xid.generate", Xid.generate)
    ok("Xid.generate_many", Xid.generate_many, 10)
    err("Xid.generate_many", "OUT_OF_RANGE", Xid.generate_many, -1)
    ok("Xid.from_parts", Xid.from_parts, 1_700_000_000_000, 4660)
    err("Xid.from_parts", "OUT_OF_RANGE", Xid.from_parts, 1_700_000_000_000, 1 << 22)
    ok("Xid.from_datetime", Xid.from_datetime, WHEN)
    ok("Xid.from_datetime random", Xid.from_datetime, WHEN, 5)
    err("Xid.from_datetime", "INVALID_ARGUMENT", Xid.from_datetime, NAIVE)
    ok("Xid.parse", Xid.parse, "4h1dcciS8r7")
    err("Xid.parse", "TypeError", Xid.parse, b"4h1dcciS8r7")
    ok("Xid.from_int", Xid.from_int, 2**64 - 1)
    err("Xid.from_int", "OUT_OF_RANGE", Xid.from_int, -1)
    for p in ["value", "unix_ms", "random", "datetime"]:
        prop(Xid, p, x)
    for m in ["__str__", "__repr__", "__int__", "__hash__", "__reduce__", "__copy__"]:
        meth(Xid, m, x)
    meth(Xid, "__deepcopy__", x, {})
    ok("Xid.__eq__", operator.eq, x, x2)
    ok("Xid.__lt__", operator.lt, x, x2)

    # The process node and generator options. No node on the real clock here: that would
    # claim the node on the host (tests/test_nodes.py runs those in child interpreters).
    ok("set_node", polyid.set_node, polyid.node())
    err("set_node", "OUT_OF_RANGE", polyid.set_node, 960)
    err("set_node", "TypeError", polyid.set_node, "5")
    ok("node", polyid.node)
    ok("set_node_required", polyid.set_node_required, polyid.node_required())
    err("set_node_required", "TypeError", polyid.set_node_required, 1)
    ok("node_required", polyid.node_required)
    xg = XidGenerator()
    xm = XidGenerator(node=5, clock_micros=T0)
    xfull = XidGenerator(node=1, max_lead_ms=0, clock_micros=T0)
    xfull.next_many(4096)
    ok("XidGenerator.__new__", XidGenerator)
    ok("XidGenerator.__new__ options", XidGenerator, node=5, seed=1, max_lead_ms=10,
       on_clock_behind="wait", clock_micros=T0)
    err("XidGenerator.__new__", "OUT_OF_RANGE", XidGenerator, node=960)
    err("XidGenerator.__new__", "INVALID_ARGUMENT", XidGenerator, on_clock_behind="later")
    err("XidGenerator.__new__", "TypeError", XidGenerator, node="5")
    ok("XidGenerator.resume", XidGenerator.resume, x, seed=1)
    ok("XidGenerator.resume text", XidGenerator.resume, "4h1dcciS8r7", node=3,
       clock_micros=T0)
    err("XidGenerator.resume", "INVALID_LENGTH", XidGenerator.resume, "4h1dcciS8r")
    err("XidGenerator.resume", "TypeError", XidGenerator.resume, 5)
    for m in ["next", "next_str", "__repr__"]:
        meth(XidGenerator, m, xg)
    meth(XidGenerator, "next_many", xg, 10)
    meth(XidGenerator, "next_many_str", xg, 10)
    ok("XidGenerator.next node", xm.next)
    err("XidGenerator.next", "CLOCK_BEHIND", xfull.next)
    err("XidGenerator.next_many", "CLOCK_BEHIND", xfull.next_many, 2)
    for p in ["node", "lane", "lead_ms", "max_lead_ms", "on_clock_behind"]:
        prop(XidGenerator, p, xm)
    meth(XidGenerator, "set_clock_micros", xfull, T0)
    err("XidGenerator.set_clock_micros", "INVALID_ARGUMENT", xg.set_clock_micros, T0)

    # TID
    ok("tid_prefix_range", polyid.tid_prefix_range, "3kxn-lhr")
    err("tid_prefix_range", "INVALID_CHARACTER", polyid.tid_prefix_range, "3kxn!")
    t = Tid.from_parts(1_721_407_246_480_310, 1)
    t2 = Tid.from_parts(1_721_407_246_480_311, 1)
    ok("Tid.__new__", Tid, "3kxnlhr3gxq23")
    err("Tid.__new__", "INVALID_LENGTH", Tid, "3kxnlhr3gxq2")
    ok("Tid.from_parts", Tid.from_parts, 1_721_407_246_480_310, 1)
    err("Tid.from_parts", "OUT_OF_RANGE", Tid.from_parts, 1, 1024)
    ok("Tid.from_datetime", Tid.from_datetime, WHEN, 3)
    err("Tid.from_datetime", "TypeError", Tid.from_datetime, "2024-07-19")
    ok("Tid.parse", Tid.parse, "3kxn-lhr-3gxq-23")
    err("Tid.parse", "INVALID_CHARACTER", Tid.parse, "3kxnlhr3gxq2!")
    ok("Tid.from_int", Tid.from_int, t.value)
    err("Tid.from_int", "OUT_OF_RANGE", Tid.from_int, 2**63)
    ok("Tid.generate", Tid.generate)
    for p in ["value", "micros", "clock_id", "datetime"]:
        prop(Tid, p, t)
    for m in ["display", "__str__", "__repr__", "__int__", "__hash__", "__reduce__",
              "__copy__"]:
        meth(Tid, m, t)
    meth(Tid, "__deepcopy__", t, {})
    ok("Tid.__eq__", operator.eq, t, t2)
    ok("Tid.__lt__", operator.lt, t, t2)
    tg = TidGenerator(5)
    ok("TidGenerator.__new__", TidGenerator)
    ok("TidGenerator.__new__ clock_id", TidGenerator, 7)
    err("TidGenerator.__new__", "OUT_OF_RANGE", TidGenerator, 1024)
    for m in ["next", "next_str", "__repr__"]:
        meth(TidGenerator, m, tg)
    meth(TidGenerator, "next_many", tg, 10)
    meth(TidGenerator, "next_many_str", tg, 10)
    err("TidGenerator.next_many", "TypeError", tg.next_many, "10")
    prop(TidGenerator, "clock_id", tg)
    tm = TidGenerator(node=7, clock_micros=T0)
    ok("TidGenerator.__new__ options", TidGenerator, node=7, seed=1, max_lead_ms=10,
       on_clock_behind="wait", clock_micros=T0)
    err("TidGenerator.__new__", "INVALID_ARGUMENT", TidGenerator, 3, node=1)
    ok("TidGenerator.resume", TidGenerator.resume, t, 5)
    ok("TidGenerator.resume text", TidGenerator.resume, "3kxnlhr3gxq23", node=7,
       clock_micros=T0)
    err("TidGenerator.resume", "INVALID_LENGTH", TidGenerator.resume, "3kxnlhr3gxq2")
    for p in ["node", "lead_ms", "max_lead_ms", "on_clock_behind"]:
        prop(TidGenerator, p, tm)
    meth(TidGenerator, "set_clock_micros", tm, T0)
    err("TidGenerator.set_clock_micros", "INVALID_ARGUMENT", tg.set_clock_micros, T0)

    # EUID
    e = Euid.from_parts(1_700_000_000_000, 255, 0, 0x0123456789ABCDEF)
    e2 = Euid.from_parts(1_700_000_000_001, 255, 0, 1)
    ok("Euid.__new__", Euid, "C8ZM14GR4JXG0MQXVY18S8TJNA6")
    err("Euid.__new__", "INVALID_CHECKMOD", Euid, "C8ZM14GR4JXG0MQXVY18S8TJNA7")
    ok("Euid.generate", Euid.generate)
    ok("Euid.generate ext", Euid.generate, 300)
    err("Euid.generate", "OUT_OF_RANGE", Euid.generate, 32768)
    ok("Euid.from_parts", Euid.from_parts, 1_700_000_000_000, 255, 0, 0x0123456789ABCDEF)
    err("Euid.from_parts", "OUT_OF_RANGE", Euid.from_parts, 2**45)
    ok("Euid.from_datetime", Euid.from_datetime, WHEN, 3)
    err("Euid.from_datetime", "INVALID_ARGUMENT", Euid.from_datetime, NAIVE)
    ok("Euid.parse", Euid.parse, "C8ZM14GR4JXG0MQXVY18S8TJNA6")
    err("Euid.parse", "INVALID_LENGTH", Euid.parse, "C8ZM14GR4JXG0MQXVY18S8TJNA")
    ok("Euid.from_int", Euid.from_int, 2**128 - 1)
    err("Euid.from_int", "OUT_OF_RANGE", Euid.from_int, 2**128)
    ok("Euid.from_bytes", Euid.from_bytes, e.bytes)
    ok("Euid.from_bytes bytearray", Euid.from_bytes, bytearray(e.bytes))
    err("Euid.from_bytes", "INVALID_LENGTH", Euid.from_bytes, b"\0" * 15)
    err("Euid.from_bytes", "TypeError", Euid.from_bytes, "0" * 16)
    for p in ["value", "bytes", "unix_ms", "extension", "padding", "checkmod", "datetime"]:
        prop(Euid, p, e)
    for m in ["encode", "next", "__str__", "__repr__", "__int__", "__bytes__", "__hash__",
              "__reduce__", "__copy__"]:
        meth(Euid, m, e)
    meth(Euid, "__deepcopy__", e, {})
    ok("Euid.encode nocheck", e.encode, False)
    ok("Euid.__eq__", operator.eq, e, e2)
    ok("Euid.__lt__", operator.lt, e, e2)
    eg = EuidGenerator(9)
    ok("EuidGenerator.__new__", EuidGenerator)
    ok("EuidGenerator.__new__ ext", EuidGenerator, 9)
    err("EuidGenerator.__new__", "OUT_OF_RANGE", EuidGenerator, -1)
    meth(EuidGenerator, "next", eg)
    meth(EuidGenerator, "__repr__", eg)
    meth(EuidGenerator, "next_many", eg, 10)
    err("EuidGenerator.next_many", "OUT_OF_RANGE", eg.next_many, -5)
    prop(EuidGenerator, "extension", eg)
    em = EuidGenerator(9, seed=1, clock_micros=T0)
    ok("EuidGenerator.__new__ options", EuidGenerator, 9, seed=1, max_lead_ms=10,
       on_clock_behind="wait", clock_micros=T0)
    err("EuidGenerator.__new__", "INVALID_ARGUMENT", EuidGenerator, node=1)
    ok("EuidGenerator.resume", EuidGenerator.resume, e)
    ok("EuidGenerator.resume text", EuidGenerator.resume, "C8ZM14GR4JXG0MQXVY18S8TJNA6", 255,
       seed=2, clock_micros=T0)
    err("EuidGenerator.resume", "INVALID_CHECKMOD", EuidGenerator.resume,
        "C8ZM14GR4JXG0MQXVY18S8TJNA7")
    for p in ["lead_ms", "max_lead_ms", "on_clock_behind"]:
        prop(EuidGenerator, p, em)
    meth(EuidGenerator, "set_clock_micros", em, T0)
    err("EuidGenerator.set_clock_micros", "INVALID_ARGUMENT", eg.set_clock_micros, T0)

    # Catalogs
    cat = Catalog.build(ENTRIES)
    nscat = Catalog.build(ENTRIES, "auth_lib")
    key = KeyPair(SECRET)
    sig = cat.sign(key)
    ok("Catalog.build", Catalog.build, ENTRIES)
    ok("Catalog.build namespaced", Catalog.build, ENTRIES, "auth_lib")
    err("Catalog.build", "COLLISION", Catalog.build,
        [{"code": "C.AUTH.READ.974", "message": "a"}, {"code": "S.AUTH.READ.898", "message": "b"}])
    err("Catalog.build", "TypeError", Catalog.build, [{"code": "E.A.B.001"}])
    ok("Catalog.load", Catalog.load, MINIMAL)
    ok("Catalog.load full", Catalog.load, cat.to_json())
    err("Catalog.load", "INVALID_CATALOG", Catalog.load, "[1]")
    err("Catalog.load", "TAMPERED", Catalog.load, '{"V6a0B": ["W.AUTH.TOKEN.001", "m"]}')
    ok("Catalog.from_json", Catalog.from_json, cat.to_json("compact"))
    ok("Catalog.to_json", Catalog.to_json, cat)
    ok("Catalog.to_json compact", Catalog.to_json, nscat, "compact")
    ok("Catalog.to_json minimal", Catalog.to_json, cat, "minimal")
    err("Catalog.to_json", "INVALID_ARGUMENT", Catalog.to_json, cat, "xml")
    meth(Catalog, "canonical_bytes", cat)
    ok("Catalog.expand", Catalog.expand, cat, "V6a0B", {"user": "ada"})
    ok("Catalog.expand json fields", Catalog.expand, cat, "V6a0B", {"user": [1, 2.5, None]})
    ok("Catalog.expand no fields", Catalog.expand, cat, "KF52S")
    ok("Catalog.expand full id", Catalog.expand, nscat, "05o5h-V6a0B", {"user": "ada"})
    err("Catalog.expand", "NOT_FOUND", Catalog.expand, cat, "zzzzz")
    err("Catalog.expand", "MISSING_FIELD", Catalog.expand, cat, "V6a0B")
    err("Catalog.expand", "OUT_OF_RANGE", Catalog.expand, cat, "V6a0B", {"user": 2**70})
    err("Catalog.expand", "TypeError", Catalog.expand, cat, "V6a0B", {"user": object})
    ok("Catalog.expand_payload", Catalog.expand_payload, cat,
       '{"V6a0B": {"f": {"user": "ada"}}, "KF52S": {}}')
    err("Catalog.expand_payload", "INVALID_ARGUMENT", Catalog.expand_payload, cat, "[]")
    ok("Catalog.get", Catalog.get, cat, "V6a0B")
    ok("Catalog.get missing", Catalog.get, cat, "zzzzz")
    err("Catalog.get", "TypeError", Catalog.get, cat, 5)
    for m in ["ids", "entries", "__len__", "__iter__", "__repr__"]:
        meth(Catalog, m, cat)
    ok("Catalog.__contains__", operator.contains, cat, "V6a0B")
    ok("Catalog.__contains__ other", operator.contains, cat, 5)
    ok("Catalog.sign", Catalog.sign, cat, SECRET)
    ok("Catalog.sign keypair", Catalog.sign, cat, key)
    err("Catalog.sign", "INVALID_LENGTH", Catalog.sign, cat, SECRET[:5])
    ok("Catalog.verify", Catalog.verify, cat, key.public_key, sig)
    err("Catalog.verify", "INVALID_SIGNATURE", Catalog.verify, cat, key.public_key,
        bytes(64))
    for p in ["version", "generated", "namespace", "namespace_hash"]:
        prop(Catalog, p, nscat)
    ok("Catalog.__eq__", operator.eq, cat, nscat)
    err("Catalog.__lt__", "TypeError", operator.lt, cat, nscat)
    err("Catalog.__new__", "TypeError", Catalog)

    entry = ENTRIES[1]
    ok("Entry.__new__", Entry, "E.A.B.001", "m", "d", ["h"], ["t"], "u")
    err("Entry.__new__", "TypeError", Entry, "E.A.B.001", 5)
    for p in ["code", "message", "description", "hints", "tags", "docs_url"]:
        prop(Entry, p, entry)
    meth(Entry, "__repr__", entry)
    ok("Entry.__eq__", operator.eq, entry, entry)
    err("Entry.__lt__", "TypeError", operator.lt, entry, entry)
    ce = cat.get("V6a0B")
    for p in ["id", "code", "severity", "meaning", "message", "description", "hints", "tags",
              "fields", "docs_url"]:
        prop(CatalogEntry, p, ce)
    meth(CatalogEntry, "__repr__", ce)
    ok("CatalogEntry.__eq__", operator.eq, ce, ce)
    err("CatalogEntry.__lt__", "TypeError", operator.lt, ce, ce)
    err("CatalogEntry.__new__", "TypeError", CatalogEntry)
    ex = cat.expand("V6a0B", {"user": "ada"})
    for p in ["id", "code", "severity", "meaning", "message"]:
        prop(Expansion, p, ex)
    meth(Expansion, "__repr__", ex)
    ok("Expansion.__eq__", operator.eq, ex, ex)
    err("Expansion.__lt__", "TypeError", operator.lt, ex, ex)
    err("Expansion.__new__", "TypeError", Expansion)
    ok("KeyPair.__new__", KeyPair, SECRET)
    err("KeyPair.__new__", "INVALID_LENGTH", KeyPair, b"short")
    ok("KeyPair.generate", KeyPair.generate)
    ok("KeyPair.from_secret", KeyPair.from_secret, bytearray(SECRET))
    err("KeyPair.from_secret", "TypeError", KeyPair.from_secret, SECRET.hex())
    for p in ["public_key", "secret_key"]:
        prop(KeyPair, p, key)
    meth(KeyPair, "__repr__", key)
    ok("generate_keypair", polyid.generate_keypair)
    pair = ["C.AUTH.READ.974", "S.AUTH.READ.898"]
    ok("collisions", polyid.collisions, pair + CODES[:2])
    err("collisions", "INVALID_FORMAT", polyid.collisions, pair + ["E.A"])
    err("collisions", "TypeError", polyid.collisions, "E.A.B.001")
    group = polyid.collisions(pair)[0]
    for p in ["id", "codes"]:
        prop(CollisionGroup, p, group)
    meth(CollisionGroup, "__repr__", group)
    ok("CollisionGroup.__eq__", operator.eq, group, group)
    err("CollisionGroup.__lt__", "TypeError", operator.lt, group, group)
    err("CollisionGroup.__new__", "TypeError", CollisionGroup)
    ok("expected_collisions", polyid.expected_collisions, 10_000)
    err("expected_collisions", "OUT_OF_RANGE", polyid.expected_collisions, -1)
    ok("collision_probability", polyid.collision_probability, 10_000)
    err("collision_probability", "TypeError", polyid.collision_probability, 1.5)

    # EXTUUID
    ok("extuuid_encode", polyid.extuuid_encode, "fixedB4:GBP$:222.31")
    err("extuuid_encode", "INVALID_FORMAT", polyid.extuuid_encode, "extuuid:money:GBP")
    ok("extuuid_decode", polyid.extuuid_decode, GBP)
    ok("extuuid_decode uuid.UUID", polyid.extuuid_decode, uuid.UUID(GBP))
    err("extuuid_decode", "NOT_UUID_V8", polyid.extuuid_decode,
        "0147ab1c-7400-4000-8000-000000000000")
    err("extuuid_decode", "TypeError", polyid.extuuid_decode, 5)
    ok("extuuid_inspect", polyid.extuuid_inspect, "f32x3:7:1.5,-2.25,0.1")
    ok("extuuid_inspect uuid", polyid.extuuid_inspect, GBP)
    ok("extuuid_inspect uuid.UUID", polyid.extuuid_inspect, uuid.UUID(GBP))
    err("extuuid_inspect", "RESERVED_TYPE", polyid.extuuid_inspect,
        "c0000000-0000-8000-8000-000000000000")


# Special methods a class may implement in Rust (the rest come from object).
SPECIAL = {"__new__", "__str__", "__repr__", "__int__", "__bytes__", "__len__",
           "__contains__", "__iter__", "__eq__", "__lt__", "__hash__", "__reduce__",
           "__copy__", "__deepcopy__"}


def public_api() -> List[str]:
    """Every entry point of the module, as "<function>" or "<Class>.<attribute>"."""
    out = []
    for name in polyid.__all__:
        obj = getattr(polyid, name)
        if isinstance(obj, type):
            if issubclass(obj, BaseException):
                continue  # PolyIdError: raised by the error paths
            for attr, value in vars(obj).items():
                if attr.startswith("_") and attr not in SPECIAL:
                    continue
                if value is None:  # __hash__ = None: unhashable
                    continue
                if attr == "__lt__" and not hasattr(value, "__call__"):
                    continue
                out.append(f"{obj.__name__}.{attr}")
        elif callable(obj):
            out.append(name)
    return sorted(out)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--calls", type=int, default=1_000_000)
    ap.add_argument("--limit-mb", type=float, default=5.0)
    ap.add_argument("--only", default="")
    ap.add_argument("--self-test", action="store_true")
    ap.add_argument("--summary", action="store_true",
                    help="print only the entry points over the limit and the totals")
    a = ap.parse_args()

    build_table()
    covered = {p.name.split(" ")[0] for p in POINTS}
    missing = sorted(set(public_api()) - covered)
    if missing:
        print(f"leaks: entry points without a leak check: {', '.join(missing)}")
        return 1
    for p in POINTS:
        p.check()
    points = [p for p in POINTS if a.only in p.name]
    if a.self_test:
        kept: List[object] = []
        points.append(Point("self-test: keeps every result", lambda: kept.append(bytes(100)),
                            (), {}, None))
    limit = int(a.limit_mb * 1024 * 1024)

    started = time.perf_counter()
    warm = min(20_000, a.calls)
    for p in points:
        p.run(warm)
    gc.collect()
    base = rss()
    print(f"leaks: {len(points)} entry points ({len(covered)} API names), "
          f"{a.calls:,} calls each; RSS after warm-up {base / 2**20:.1f} MB")
    rows = []
    for p in points:
        before = rss()
        t0 = time.perf_counter()
        p.run(a.calls)
        gc.collect()
        took = time.perf_counter() - t0
        grew = rss() - before
        rows.append((p.name, grew, took))
        flag = "  LEAK?" if grew > limit else ""
        if a.summary and not flag:
            continue
        print(f"  {p.name:<44} {grew / 1024:>9.0f} KB {took * 1e9 / a.calls:>8.0f} ns/call{flag}")
        sys.stdout.flush()
    total = rss() - base
    worst = max(rows, key=lambda r: r[1])
    elapsed = time.perf_counter() - started
    calls = a.calls * len(points)
    print(f"leaks: {calls:,} calls over {len(points)} entry points in {elapsed:.0f} s; "
          f"RSS growth total {total / 1024:.0f} KB (limit {a.limit_mb:g} MB), "
          f"largest {worst[1] / 1024:.0f} KB ({worst[0]})")
    bad = [r for r in rows if r[1] > limit]
    if os.environ.get("BENCH_MD") and not a.self_test:
        with open(os.environ["BENCH_MD"], "a", encoding="utf-8") as f:
            f.write(markdown(a, rows, len(covered), base, total, bad, elapsed))
    if a.self_test:
        if [r[0] for r in bad] != ["self-test: keeps every result"]:
            print("leaks: SELF-TEST FAILED: the leaking entry point was not the one flagged")
            return 1
        print("leaks: self-test passed (the deliberate leak was flagged, nothing else)")
        return 0
    if total > limit or bad:
        print("leaks: FAILED")
        return 1
    print("leaks: PASSED")
    return 0


def markdown(a: argparse.Namespace, rows: List[Tuple[str, int, float]], names: int, base: int,
             total: int, bad: List[Tuple[str, int, float]], elapsed: float) -> str:
    """The result as Markdown, for the README section that `make python-leaks-write` writes."""
    args = "".join(f" {flag} {value}" for flag, value, default in
                   (("--calls", a.calls, 1_000_000), ("--limit-mb", f"{a.limit_mb:g}", "5"),
                    ("--only", a.only, "")) if value != default)
    passed = total <= a.limit_mb * 2**20 and not bad
    kb = lambda b: f"{b / 1024:+,.0f}"  # noqa: E731
    zero = sum(1 for r in rows if r[1] <= 0)
    out = [
        f"`python tests/leaks.py{args}`: {len(rows)} entry points ({names} API names) x "
        f"{a.calls:,} calls, limit {a.limit_mb:g} MB of RSS growth per entry point and in "
        f"total: **{'PASS' if passed else 'FAIL'}** ({elapsed:.0f} s).",
        "",
        "| RSS growth after gc.collect() | KB |",
        "|---|--:|",
        f"| total, from after the warm-up (RSS then {base / 2**20:.1f} MB) to the end | {kb(total)} |",
        f"| entry points with no growth (0 KB or less) | {zero} of {len(rows)} |",
    ]
    for name, grew, _ in [r for r in sorted(rows, key=lambda r: -r[1]) if r[1] > 0][:5]:
        out.append(f"| largest: `{name}` | {kb(grew)} |")
    if bad:
        out += ["", "Over the limit: " + ", ".join(f"`{r[0]}`" for r in bad) + "."]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    sys.exit(main())
