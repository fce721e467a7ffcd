"""Uses the whole polyid API with precise types; `mypy --strict` must accept it.

Run: mypy --strict bindings-python/tests/typing/sample.py (make python-test does).
It is also executed by tests/test_typing_sample.py, so the annotations are checked against
what the module really returns.
"""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Dict, List, Optional, Tuple, Union

import polyid
from polyid import (
    ERROR_CODES,
    Euid,
    EuidGenerator,
    PolyIdError,
    StructuredCode,
    Tid,
    TidGenerator,
    Xid,
    XidGenerator,
)


def wdp() -> List[str]:
    out: List[str] = []
    cid: str = polyid.compact_id("E.Auth.Token.001")
    cid2: str = polyid.compact_id("E.Api.Quota.RATE_LIMITED", {"RATE_LIMITED": 42})
    cid3: str = polyid.compact_id(code="E.A.B.001", named_sequences=None)
    ids: List[str] = polyid.compact_ids(["E.A.B.001", "W.C.D.002"])
    ids2: List[str] = polyid.compact_ids(("E.A.B.001",), {"X": 5})
    norm: str = polyid.normalize_code("e.auth.token.missing")
    code: StructuredCode = polyid.parse_code("E.Auth.Token.001")
    code2 = StructuredCode("W.Cache.Data.STALE", named_sequences={"OTHER": 77})
    sev: str = code.severity
    meaning: str = code.meaning
    priority: int = code.priority
    blocking: bool = code.blocking
    name: Optional[str] = code2.sequence_name
    parts: Tuple[str, str, int, str, str] = (
        code.component, code.primary, code.sequence, code.normalized, code.compact_id)
    ns: str = polyid.namespace_hash("auth_lib")
    full: str = polyid.full_id("auth_lib", "E.Auth.Token.001")
    full2: str = polyid.full_id("api", "E.A.B.RATE", {"RATE": 9})
    halves: Tuple[str, str] = polyid.parse_full_id(full)
    bare: Tuple[Optional[str], str] = polyid.parse_full_id("V6a0B", profile="waddling")
    cid4: str = polyid.compact_id("E.Auth.Token.MISSING", profile="waddling")
    ns2: str = polyid.namespace_hash("Auth-Lib", profile="waddling")
    at: polyid.Tid = polyid.Tid.parse("3kxnlhr3gxq23", profile="atproto")
    eu: polyid.Euid = polyid.Euid.parse("C8ZM14GR4JXG0MQXVY18S8TJNA6", profile="euid")
    out += [str(bare), cid4, ns2, str(at), str(eu)]
    out += [cid, cid2, cid3, *ids, *ids2, norm, sev, meaning, str(priority), str(blocking)]
    out += [str(name), *map(str, parts), ns, full, full2, *halves, str(code)]
    return out


def uid11_and_xid() -> List[object]:
    text: str = polyid.uid11_encode(2**64 - 1)
    value: int = polyid.uid11_decode(text)
    rng: Optional[Tuple[int, int]] = polyid.uid11_prefix_range("j")
    x: Xid = Xid.generate()
    xs: List[Xid] = Xid.generate_many(3)
    x2: Xid = Xid.from_parts(1_700_000_000_000, 4660)
    x3: Xid = Xid.from_datetime(dt.datetime.now(dt.timezone.utc))
    x4: Xid = Xid.from_datetime(dt.datetime.now(dt.timezone.utc), random=5)
    x5: Xid = Xid.parse(str(x2))
    x6: Xid = Xid.from_int(x2.value)
    x7 = Xid(str(x))
    fields: Tuple[int, int, int] = (x.value, x.unix_ms, x.random)
    when: dt.datetime = x.datetime
    trange: Optional[Tuple[int, int]] = polyid.xid_prefix_range("113")
    ordered: bool = x2 < x and x <= x and x > x2 and x >= x2 and x == x7
    return [text, value, rng, xs, x3, x4, x5, x6, fields, when, trange, ordered, int(x), hash(x)]


def nodes_and_generators() -> List[object]:
    current: Optional[int] = polyid.node()
    polyid.set_node(current)  # the same node again: always allowed
    required: bool = polyid.node_required()
    polyid.set_node_required(required)
    t0 = 1_700_000_000_000_000
    g = XidGenerator(node=5, clock_micros=t0)
    g2 = XidGenerator()
    g3 = XidGenerator(seed=7, max_lead_ms=1000, on_clock_behind="wait", clock_micros=t0)
    x: Xid = g.next()
    xs: List[Xid] = g.next_many(3)
    s: str = g.next_str()
    ss: List[str] = g3.next_many_str(2)
    node: Optional[int] = g.node
    lane: int = g.lane
    lead: Tuple[int, int] = (g.lead_ms, g.max_lead_ms)
    policy: str = g.on_clock_behind
    g.set_clock_micros(t0 + 1000)
    r: XidGenerator = XidGenerator.resume(x, node=5, clock_micros=t0)
    r2 = XidGenerator.resume(str(x), seed=1)
    tg = TidGenerator(node=7, clock_micros=t0)
    tg2 = TidGenerator(3, seed=5, max_lead_ms=10, on_clock_behind="fail")
    tr: TidGenerator = TidGenerator.resume(tg.next(), node=7, clock_micros=t0)
    tr2 = TidGenerator.resume("3ke6kg3wk223b", 39)
    tnode: Optional[int] = tg.node
    tg.set_clock_micros(t0 + 5)
    eg = EuidGenerator(3, seed=1, clock_micros=t0)
    eg2 = EuidGenerator(max_lead_ms=5, on_clock_behind="wait")
    er: EuidGenerator = EuidGenerator.resume(eg.next(), 3, seed=2, clock_micros=t0)
    er2 = EuidGenerator.resume(str(eg2.next()))
    eg.set_clock_micros(t0 + 1000)
    more: Tuple[int, int, str] = (tg.lead_ms + eg.lead_ms, tg.max_lead_ms + eg.max_lead_ms,
                                  tg.on_clock_behind + eg.on_clock_behind)
    try:
        g2.set_clock_micros(0)
    except PolyIdError as e:
        policy += e.code
    return [current, xs, s, ss, node, lane, lead, policy, r.next(), r2.next(), tg2.next(),
            tr.next(), tr2.next(), tnode, er.next(), er2.next(), more]


def tid() -> List[object]:
    t: Tid = Tid.from_parts(1_721_407_246_480_310, 1)
    t0: Tid = Tid.from_parts(0)
    t2: Tid = Tid.from_datetime(dt.datetime.now(dt.timezone.utc), clock_id=3)
    t3: Tid = Tid.parse("3kxn-lhr-3gxq-23")
    t4: Tid = Tid.from_int(t.value)
    t5: Tid = Tid.generate()
    t6 = Tid(str(t))
    fields: Tuple[int, int, int] = (t.value, t.micros, t.clock_id)
    shown: str = t.display()
    when: dt.datetime = t.datetime
    rng: Optional[Tuple[int, int]] = polyid.tid_prefix_range("3kxn-lhr")
    g = TidGenerator()
    g2 = TidGenerator(clock_id=1000)
    nxt: Tid = g.next()
    many: List[Tid] = g.next_many(10)
    s: str = g.next_str()
    ss: List[str] = g2.next_many_str(2)
    cid: int = g.clock_id
    return [t0, t2, t3, t4, t5, t6 == t, fields, shown, when, rng, nxt, many, s, ss, cid]


def euid() -> List[object]:
    e: Euid = Euid.generate()
    e2: Euid = Euid.generate(extension=7)
    e3: Euid = Euid.from_parts(1_700_000_000_000, 255, 0, 0x0123456789ABCDEF)
    e4: Euid = Euid.from_parts(1_700_000_000_000)
    e5: Euid = Euid.from_datetime(dt.datetime.now(dt.timezone.utc), 3)
    e6: Euid = Euid.parse(str(e3))
    e7: Euid = Euid.from_int(e3.value)
    e8: Euid = Euid.from_bytes(e3.bytes)
    e9: Euid = Euid.from_bytes(bytearray(e3.bytes))
    e10 = Euid(str(e3))
    raw: bytes = e3.bytes
    raw2: bytes = bytes(e3)
    ext: Optional[int] = e3.extension
    fields: Tuple[int, int, int, int] = (e3.value, e3.unix_ms, e3.padding, e3.checkmod)
    when: dt.datetime = e3.datetime
    texts: Tuple[str, str, str] = (e3.encode(), e3.encode(False), e3.encode(checkmod=True))
    g = EuidGenerator()
    g2 = EuidGenerator(extension=5)
    nxt: Euid = g.next()
    many: List[Euid] = g2.next_many(3)
    gext: Optional[int] = g2.extension
    try:
        after: Optional[Euid] = e.next()
    except PolyIdError:
        after = None
    return [e2, e4, e5, e6, e7, e8, e9, e10, raw, raw2, ext, fields, when, texts, nxt, many,
            gext, after, e < e2]


def errors() -> List[object]:
    out: List[object] = [polyid.__version__]
    codes: Tuple[str, ...] = ERROR_CODES
    try:
        polyid.compact_id("E.A.B.000")
    except PolyIdError as e:
        code: str = e.code
        message: str = e.message
        index: Optional[int] = e.index
        character: Optional[str] = e.character
        found: Optional[int] = e.found
        expected: Optional[int] = e.expected
        item: Optional[int] = e.item
        out += [code, message, index, character, found, expected, item]
    except ValueError:
        raise
    return out + list(codes)


def catalogs() -> List[object]:
    entries: List[Union[polyid.Entry, Dict[str, object]]] = [
        polyid.Entry("E.Auth.Token.001", "token missing for {{user}}", hints=["log in"]),
        {"code": "W.Database.Connection.027", "message": "slow", "tags": ["db"]},
    ]
    cat: polyid.Catalog = polyid.Catalog.build(entries)
    ns_cat = polyid.Catalog.build(cat.entries(), namespace="auth_lib")
    again = polyid.Catalog.load(cat.to_json("compact"))
    also = polyid.Catalog.from_json(cat.to_json())
    ids: List[str] = cat.ids()
    n: int = len(cat)
    has: bool = "V6a0B" in cat
    listed: List[str] = list(cat)
    x: polyid.Expansion = cat.expand("V6a0B", {"user": "ada", "n": 3, "ok": True})
    parts: Tuple[str, str, str, str, str] = (x.id, x.code, x.severity, x.meaning, x.message)
    plain = cat.expand("KF52S")
    payload: List[polyid.Expansion] = cat.expand_payload('{"KF52S": {}}')
    entry: Optional[polyid.CatalogEntry] = cat.get("V6a0B")
    if entry is not None:
        more: Tuple[str, ...] = entry.hints + entry.tags + entry.fields
        extra: Tuple[Optional[str], Optional[str]] = (entry.description, entry.docs_url)
    canonical: bytes = cat.canonical_bytes()
    key: polyid.KeyPair = polyid.generate_keypair()
    key2 = polyid.KeyPair(key.secret_key)
    key3 = polyid.KeyPair.from_secret(bytearray(key.secret_key))
    sig: bytes = cat.sign(key)
    sig2: bytes = cat.sign(key2.secret_key)
    cat.verify(key3.public_key, sig)
    meta: Tuple[str, str, Optional[str], Optional[str]] = (
        ns_cat.version, ns_cat.generated, ns_cat.namespace, ns_cat.namespace_hash)
    groups: List[polyid.CollisionGroup] = polyid.collisions(["C.AUTH.READ.974", "S.AUTH.READ.898"])
    first: Tuple[str, List[str]] = (groups[0].id, groups[0].codes)
    odds: float = polyid.expected_collisions(1000) + polyid.collision_probability(1000)
    return [again == also, ids, n, has, listed, parts, plain, payload, canonical, sig, sig2,
            meta, first, odds, polyid.KeyPair.generate()]


def extuuids() -> List[object]:
    u: str = polyid.extuuid_encode("fixedB4:GBP$:222.31")
    t: str = polyid.extuuid_decode(u)
    t2: str = polyid.extuuid_decode(uuid.UUID(u))
    fields = polyid.extuuid_inspect(u)
    kind = fields["kind"]
    fields2 = polyid.extuuid_inspect(uuid.UUID(u))
    return [u, t, t2, kind, fields2]


def sql_engines() -> List[object]:
    import polyid.duckdb
    import polyid.sqlite

    sqlite_file: str = polyid.sqlite.path()
    duckdb_file: str = polyid.duckdb.path()
    config: Dict[str, str] = polyid.duckdb.CONFIG
    con = polyid.duckdb.connect()
    row = con.execute("SELECT polyid_compact_id('E.Auth.Token.001')").fetchone()
    return [sqlite_file, duckdb_file, config, row]


def main() -> int:
    total = len(wdp()) + len(uid11_and_xid()) + len(tid()) + len(euid()) + len(errors())
    total += len(nodes_and_generators())
    total += len(catalogs()) + len(extuuids()) + len(sql_engines())
    return total


if __name__ == "__main__":
    print(main())
