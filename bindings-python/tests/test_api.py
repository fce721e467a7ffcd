"""The Python surface: errors, type errors, integer ranges, datetimes, dunder methods."""

from __future__ import annotations

import copy
import datetime as dt
import pickle
import re
import time
from pathlib import Path
from typing import Any, Callable

import pytest

import polyid

UTC = dt.timezone.utc
P = polyid.PolyIdError


def raises_code(code: str, fn: Callable[..., Any], *args: Any, **kw: Any) -> P:
    with pytest.raises(P) as info:
        fn(*args, **kw)
    assert info.value.code == code, info.value
    assert info.value.code in polyid.ERROR_CODES
    return info.value


# ---------------------------------------------------------------------------- errors


def test_error_class() -> None:
    assert issubclass(P, ValueError)
    e = raises_code("INVALID_CHARACTER", polyid.Tid.parse, "3KXNLHR3GXQ23")
    assert (e.index, e.character) == (1, "K")
    assert str(e) == e.message and "'K'" in e.message and "index 1" in e.message
    assert e.found is None and e.expected is None and e.item is None
    e = raises_code("INVALID_CHECKMOD", polyid.Euid.parse, "C8ZM14GR4JXG0MQXVY18S8TJNA7")
    assert (e.found, e.expected) == (71, 70)  # docs/spec 4
    e = raises_code("INVALID_LENGTH", polyid.uid11_decode, "1111111111")
    assert (e.found, e.expected, e.index) == (10, 11, None)
    e2 = pickle.loads(pickle.dumps(e))
    assert type(e2) is P and e2.code == "INVALID_LENGTH" and str(e2) == str(e)


def test_error_codes() -> None:
    # tests/vectors/README.md's table is written from the core's ErrorCode::ALL
    # (tools/error_codes.py, checked by `make test`): the same codes in the same order.
    readme = (Path(__file__).resolve().parents[2] / "tests" / "vectors" / "README.md").read_text()
    table = readme[readme.index("<!-- error-codes: table -->"):readme.index("<!-- /error-codes -->")]
    core = re.findall(r"^\| `([A-Z0-9_]+)` \|", table, re.M)
    assert isinstance(polyid.ERROR_CODES, tuple)
    assert len(core) == 34 and core[0] == "INVALID_FORMAT" and core[-1] == "CLOCK_BEHIND"
    assert list(polyid.ERROR_CODES) == core


def test_batch_error_names_the_item() -> None:
    e = raises_code("INVALID_SEQUENCE", polyid.compact_ids, ["E.A.B.001", "E.A.B.000"])
    assert e.item == 1
    with pytest.raises(TypeError):
        polyid.compact_ids(["E.A.B.001", 5])


def test_errors_quote_an_input_bounded_and_escaped() -> None:
    # Every message quotes at most 64 characters of an input, with its length, and escapes
    # control characters, so that no input can grow a message or start a line of a log.
    with pytest.raises(polyid.PolyIdError) as e:
        polyid.compact_id("Q" * 1_000_000 + ".A.B.001")
    assert e.value.code == "INVALID_SEVERITY"
    assert str(e.value) == f'WDP severity: invalid "{"Q" * 64}"... (1000000 bytes)'
    with pytest.raises(polyid.PolyIdError) as e:
        polyid.compact_id("W\nerror[OK]: forged.A.B.001")
    assert str(e.value) == 'WDP severity: invalid "W\\nerror[OK]: forged"'
    with pytest.raises(polyid.PolyIdError) as e:
        polyid.compact_id("E.A.B." + "x" * 200_000)
    assert len(str(e.value)) < 300 and str(e.value).endswith("... (200000 bytes)"), str(e.value)
    with pytest.raises(polyid.PolyIdError) as e:
        polyid.Xid.from_int(10 ** 5000)
    assert e.value.code == "OUT_OF_RANGE" and len(str(e.value)) < 300, str(e.value)
    assert e.value.found == 10 ** 5000  # the value itself is kept on the error
    with pytest.raises(polyid.PolyIdError) as e:
        polyid.Catalog.load('{"v":"1","wd":{"' + "\\n" * 50_000 + '":1}}')
    assert len(str(e.value)) < 400 and "\n" not in str(e.value), str(e.value)


def test_unencodable_text() -> None:
    e = raises_code("INVALID_UTF8", polyid.compact_id, "E.A.B.\ud800")
    assert isinstance(e.__cause__, UnicodeEncodeError)


def test_exhausted() -> None:
    # docs/spec 4: next() in the same millisecond with the random high half at its maximum.
    for _ in range(1000):
        ms = time.time_ns() // 1_000_000
        e = polyid.Euid.from_parts(ms, None, 0, 0xFFFF_FFFF_0000_0000)
        try:
            n = e.next()
        except P as err:
            assert err.code == "EXHAUSTED"
            return
        assert n.unix_ms > ms  # the clock moved on: a fresh EUID
    pytest.fail("never called next() within the same millisecond")


# ------------------------------------------------------------------ Python type errors

BAD_TYPES = [
    (polyid.compact_id, (b"E.A.B.001",)),
    (polyid.compact_id, (None,)),
    (polyid.compact_id, ("E.A.B.001", [("RATE", 1)])),
    (polyid.compact_id, ("E.A.B.RATE", {"RATE": "1"})),
    (polyid.compact_ids, ("E.A.B.001",)),
    (polyid.compact_ids, (5,)),
    (polyid.normalize_code, (1,)),
    (polyid.parse_code, (1.5,)),
    (polyid.namespace_hash, (b"auth",)),
    (polyid.full_id, ("auth", 1)),
    (polyid.parse_full_id, (None,)),
    (polyid.uid11_encode, ("1",)),
    (polyid.uid11_encode, (1.0,)),
    (polyid.uid11_decode, (1,)),
    (polyid.uid11_prefix_range, (1,)),
    (polyid.xid_prefix_range, (None,)),
    (polyid.tid_prefix_range, (b"3k",)),
    (polyid.Xid.from_parts, ("1700000000000", 0)),
    (polyid.Xid.from_parts, (1700000000000, 0.5)),
    (polyid.Xid.from_int, ("5",)),
    (polyid.Xid.parse, (5,)),
    (polyid.Xid.from_datetime, ("2024-01-01",)),
    (polyid.Xid.from_datetime, (dt.date(2024, 1, 1),)),
    (polyid.Xid.generate_many, ("5",)),
    (polyid.Tid.from_parts, ("0",)),
    (polyid.Tid.from_parts, (0, "1")),
    (polyid.Tid.from_int, (1.0,)),
    (polyid.Tid.from_datetime, (0,)),
    (polyid.Tid, (0,)),
    (polyid.TidGenerator, ("1",)),
    (polyid.Euid.from_parts, (1.0,)),
    (polyid.Euid.from_int, ("1",)),
    (polyid.Euid.from_bytes, ("00" * 16,)),
    (polyid.Euid.from_bytes, ([0] * 16,)),
    (polyid.Euid.generate, ("7",)),
    (polyid.EuidGenerator, (1.5,)),
]


@pytest.mark.parametrize("fn,args", BAD_TYPES, ids=[f"{f.__name__}-{a!r}" for f, a in BAD_TYPES])
def test_wrong_python_type_is_type_error(fn: Callable[..., Any], args: tuple) -> None:
    with pytest.raises(TypeError):
        fn(*args)


def test_wrong_types_on_methods() -> None:
    g = polyid.TidGenerator()
    with pytest.raises(TypeError):
        g.next_many("5")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        polyid.EuidGenerator().next_many(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        polyid.Euid.parse("C8ZM14GR4JXG0MQXVY18S8TJNA6").encode(checkmod="yes")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        polyid.Tid.from_parts(0) < polyid.Xid.from_int(0)  # type: ignore[operator]


# ----------------------------------------------------- integers outside the Rust type

OUT_OF_RANGE = [
    (polyid.uid11_encode, (-1,)),
    (polyid.uid11_encode, (2**64,)),
    (polyid.uid11_encode, (2**200,)),
    (polyid.Xid.from_int, (2**64,)),
    (polyid.Xid.from_parts, (-1, 0)),
    (polyid.Xid.from_parts, (2**64, 0)),
    (polyid.Xid.from_parts, (1700000000000, -1)),
    (polyid.Xid.from_parts, (1700000000000, 2**32)),
    (polyid.Xid.generate_many, (-1,)),
    (polyid.Tid.from_parts, (2**63, 0)),
    (polyid.Tid.from_parts, (-(2**63) - 1, 0)),
    (polyid.Tid.from_parts, (0, -1)),
    (polyid.Tid.from_parts, (0, 2**16)),
    (polyid.Tid.from_int, (2**63,)),
    (polyid.TidGenerator, (-1,)),
    (polyid.TidGenerator, (1024,)),
    (polyid.TidGenerator, (2**16,)),
    (polyid.Euid.from_int, (-1,)),
    (polyid.Euid.from_int, (2**128,)),
    (polyid.Euid.from_parts, (-1,)),
    (polyid.Euid.from_parts, (0, 2**16)),
    (polyid.Euid.from_parts, (0, None, -1)),
    (polyid.Euid.from_parts, (0, None, 0, 2**64)),
    (polyid.Euid.generate, (32768,)),
    (polyid.Euid.generate, (-1,)),
    (polyid.EuidGenerator, (32768,)),
    (polyid.EuidGenerator, (2**70,)),
    (polyid.compact_id, ("E.A.B.RATE", {"RATE": 2**64})),
]


@pytest.mark.parametrize("fn,args", OUT_OF_RANGE,
                         ids=[f"{f.__name__}-{a!r}" for f, a in OUT_OF_RANGE])
def test_int_out_of_range(fn: Callable[..., Any], args: tuple) -> None:
    e = raises_code("OUT_OF_RANGE", fn, *args)
    assert "out of range" in e.message


# A part outside its valid values, whether or not it fits the binding's integer type, gets
# the message the core gives (docs/spec: the parts' ranges), as in C, Node and SQL.
PART_RANGES = [
    (polyid.Tid.from_parts, "TID clock_id", "0..=1023", lambda v: (0, v), [1024, 65535, -1, 2**16]),
    (polyid.Tid.from_parts, "TID micros", "-9007199254740991..=9007199254740991", lambda v: (v, 0),
     [2**53, -2**53, 2**63, -2**63 - 1]),
    (polyid.Xid.from_parts, "xid unix_ms", "1321009871111..=5719056382214", lambda v: (v, 0),
     [0, 5719056382215, -1, 2**64]),
    (polyid.Xid.from_parts, "xid random", "0..=4194303", lambda v: (1700000000000, v),
     [2**22, -1, 2**32]),
    (polyid.Euid.from_parts, "EUID unix_ms", "0..=35184372088831", lambda v: (v, None, 0, 0),
     [2**45, -1, 2**64]),
    (polyid.Euid.from_parts, "EUID extension", "0..=32767", lambda v: (0, v, 0, 0), [32768, -1, 2**16]),
    (polyid.Euid.generate, "EUID extension", "0..=32767", lambda v: (v,), [32768, -1, 2**16]),
    (polyid.compact_id, "named sequence", "1..=999", lambda v: ("E.A.B.RATE", {"RATE": v}),
     [0, 1000, -1, 2**16]),
    (polyid.Xid.generate_many, "count", "0..=10000000", lambda v: (v,), [10_000_001, -1, 2**64]),
    (lambda v: polyid.TidGenerator(max_lead_ms=v), "max_lead_ms", "0..=86400000", lambda v: (v,),
     [86_400_001, -1, 2**64]),
    (lambda v: polyid.XidGenerator(node=v), "node", "0..=959", lambda v: (v,), [960, -1, 2**64]),
    (polyid.TidGenerator().next_many, "count", "0..=10000000", lambda v: (v,), [10_000_001, -1, 2**64]),
]


@pytest.mark.parametrize("fn,context,valid,args,values", PART_RANGES,
                         ids=[f"{getattr(f, '__name__', 'f')}-{c}" for f, c, *_ in PART_RANGES])
def test_a_part_out_of_range_names_its_valid_values(
        fn: Callable[..., Any], context: str, valid: str, args: Callable[[int], tuple],
        values: list[int]) -> None:
    for v in values:
        with pytest.raises(polyid.PolyIdError) as info:
            fn(*args(v))
        assert info.value.message == f"{context}: {v} is out of range {valid}", v


# Several parts out of range: the first in the order of the parameters is named, whatever
# Python int each holds (as in every runtime).
MICROS_OUT = "TID micros: 9007199254740992 is out of range -9007199254740991..=9007199254740991"
FIRST_PART_OUT = [
    (polyid.Tid.from_parts, (2**53, -1), MICROS_OUT),
    (polyid.Tid.from_parts, (2**53, 5000), MICROS_OUT),
    (polyid.Tid.from_datetime, (dt.datetime(9999, 1, 1, tzinfo=dt.timezone.utc), -1),
     "TID micros: 253370764800000000 is out of range -9007199254740991..=9007199254740991"),
    (polyid.Xid.from_parts, (0, -1), "xid unix_ms: 0 is out of range 1321009871111..=5719056382214"),
    (polyid.Xid.from_datetime, (dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc), 2**32),
     "xid unix_ms: 0 is out of range 1321009871111..=5719056382214"),
    (polyid.Euid.from_parts, (2**45, None, 0, 2**64),
     "EUID unix_ms: 35184372088832 is out of range 0..=35184372088831"),
    (polyid.Euid.from_parts, (0, 5, 40000, -1), "EUID padding: 40000 is out of range 0..=4095"),
    (polyid.Euid.from_parts, (0, 5, 2**16, 0), "EUID padding: 65536 is out of range 0..=4095"),
]


@pytest.mark.parametrize("fn,args,message", FIRST_PART_OUT)
def test_the_first_part_out_of_range_is_named(fn: Callable[..., Any], args: tuple,
                                              message: str) -> None:
    with pytest.raises(polyid.PolyIdError) as info:
        fn(*args)
    assert (info.value.code, info.value.message) == ("OUT_OF_RANGE", message)


def test_out_of_range_keeps_the_value() -> None:
    e = raises_code("OUT_OF_RANGE", polyid.uid11_encode, 2**64)
    assert e.found == 2**64 and str(2**64) in e.message
    assert (e.min, e.max, e.expected) == (0, 2**64 - 1, None)
    e = raises_code("OUT_OF_RANGE", polyid.Tid.from_parts, 0, 1024)  # the core's range
    assert (e.found, e.min, e.max) == (1024, 0, 1023)
    e = raises_code("OUT_OF_RANGE", polyid.XidGenerator, node=960)
    assert (e.found, e.min, e.max) == (960, 0, 959)
    assert raises_code("INVALID_LENGTH", polyid.uid11_decode, "1").min is None
    g = polyid.TidGenerator()
    raises_code("OUT_OF_RANGE", g.next_many, -1)
    raises_code("OUT_OF_RANGE", polyid.EuidGenerator().next_many, 2**64)


def test_index_objects_are_ints() -> None:
    class Index:
        def __index__(self) -> int:
            return 5

    assert polyid.uid11_encode(Index()) == polyid.uid11_encode(5)  # type: ignore[arg-type]


# ------------------------------------------------------------------------- datetimes


def test_tid_datetime_exact() -> None:
    # docs/spec 3 erratum: 3kxn-lhr-3gxq is 2024-07-19T16:40:46.480310Z.
    t = polyid.Tid.parse("3kxn-lhr-3gxq-23")
    d = t.datetime
    assert d == dt.datetime(2024, 7, 19, 16, 40, 46, 480310, tzinfo=UTC)
    assert d.tzinfo is not None and d.utcoffset() == dt.timedelta(0)
    assert polyid.Tid.from_datetime(d, 1) == t
    # any timezone: the same instant
    tokyo = dt.timezone(dt.timedelta(hours=9))
    assert polyid.Tid.from_datetime(d.astimezone(tokyo), 1) == t
    # the ends of the TID range (1684 and 2255) and negative timestamps
    lo = polyid.Tid.from_parts(-(2**53 - 1), 0)
    hi = polyid.Tid.from_parts(2**53 - 1, 1023)
    assert lo.datetime == dt.datetime(1684, 7, 28, 0, 12, 25, 259009, tzinfo=UTC)
    assert hi.datetime == dt.datetime(2255, 6, 5, 23, 47, 34, 740991, tzinfo=UTC)
    assert polyid.Tid.from_datetime(lo.datetime) == lo
    minus = polyid.Tid.from_parts(-1, 0)
    assert minus.datetime == dt.datetime(1969, 12, 31, 23, 59, 59, 999999, tzinfo=UTC)


def test_datetime_out_of_family_range() -> None:
    raises_code("OUT_OF_RANGE", polyid.Tid.from_datetime, dt.datetime(1, 1, 1, tzinfo=UTC))
    raises_code("OUT_OF_RANGE", polyid.Xid.from_datetime, dt.datetime(2000, 1, 1, tzinfo=UTC))
    raises_code("OUT_OF_RANGE", polyid.Euid.from_datetime, dt.datetime(1969, 1, 1, tzinfo=UTC))


def test_naive_datetime_is_refused() -> None:
    e = raises_code("INVALID_ARGUMENT", polyid.Tid.from_datetime, dt.datetime(2024, 1, 1))
    assert "naive" in e.message
    raises_code("INVALID_ARGUMENT", polyid.Xid.from_datetime, dt.datetime(2024, 1, 1))
    raises_code("INVALID_ARGUMENT", polyid.Euid.from_datetime, dt.datetime(2024, 1, 1))


def test_ms_datetimes() -> None:
    d = dt.datetime(2023, 11, 14, 22, 13, 20, 999, tzinfo=UTC)  # 1700000000000 ms + 999 us
    x = polyid.Xid.from_datetime(d, 4660)
    assert x == polyid.Xid.from_parts(1_700_000_000_000, 4660)  # floored to the ms
    assert x.datetime == d.replace(microsecond=0)
    r = polyid.Xid.from_datetime(d)
    assert r.unix_ms == 1_700_000_000_000
    e = polyid.Euid.from_datetime(d, 255)
    assert e.unix_ms == 1_700_000_000_000 and e.extension == 255
    assert e.datetime == d.replace(microsecond=0)
    assert polyid.Euid.from_datetime(d).extension is None


# ------------------------------------------------------------- values and dunders


def test_spec_values() -> None:
    assert polyid.compact_id("E.Auth.Token.MISSING") == "V6a0B"
    assert polyid.full_id("auth_lib", "E.Auth.Token.001") == "05o5h-V6a0B"
    assert polyid.uid11_encode(2**64 - 1) == "jpXCZedGfVQ"
    assert polyid.uid11_prefix_range("k") is None
    assert polyid.uid11_prefix_range("") == (0, 2**64 - 1)
    assert str(polyid.Xid.from_parts(1_321_009_871_111 + 1_234_567, 0x3FFFFF)) == "1113M2EhCbG"
    assert polyid.Tid.from_parts(1_721_407_246_480_310, 1).display() == "3kxn-lhr-3gxq-23"
    e = polyid.Euid.from_parts(1_700_000_000_000, 255, 0, 0x0123456789ABCDEF)
    assert str(e) == "1HF7YAT0007ZG0938NKRKAYDXXB" and e.extension == 255
    assert e.value == 0x0C5E7F2B40000FF80123456789ABCDEF
    assert e.bytes == bytes.fromhex("0c5e7f2b40000ff80123456789abcdef")
    big = polyid.Euid.from_int(2**128 - 1)
    assert str(big) == "ZZZZZZZZZZZZZZZZZZZZZZZZZW3" and big.value == 2**128 - 1


def test_structured_code() -> None:
    c = polyid.parse_code(" B.Api.Quota.RATE_LIMITED\n", {"RATE_LIMITED": 42})
    assert (c.severity, c.meaning, c.priority, c.blocking) == ("B", "Blocked", 7, True)
    assert (c.component, c.primary, c.sequence, c.sequence_name) == ("API", "QUOTA", 42, None)
    assert c.normalized == "B.API.QUOTA.042" and c.compact_id == polyid.compact_id(c.normalized)
    w = polyid.StructuredCode("w.cache.data.stale")
    assert (w.severity, w.priority, w.blocking, w.sequence, w.sequence_name) == (
        "W", 5, False, 18, "STALE")
    assert w == polyid.parse_code("W.CACHE.DATA.018") and hash(w) == hash(
        polyid.parse_code("W.CACHE.DATA.018"))
    assert repr(w) == "StructuredCode('W.CACHE.DATA.018')"
    assert pickle.loads(pickle.dumps(w)) == w


def test_compact_id_keywords() -> None:
    table = {"RATE_LIMITED": 42}
    a = polyid.compact_id("E.Api.Quota.RATE_LIMITED", table)
    assert a == polyid.compact_id(code="E.Api.Quota.RATE_LIMITED", named_sequences=table)
    assert a == polyid.compact_id("E.Api.Quota.RATE_LIMITED", named_sequences=table)
    assert a == polyid.compact_id("E.API.QUOTA.042")
    assert polyid.compact_ids(["E.Api.Quota.rate_limited"], table) == [a]
    from types import MappingProxyType

    assert polyid.compact_id("E.Api.Quota.RATE_LIMITED", MappingProxyType(table)) == a
    for args, kw in [((), {}), (("a", None, 1), {}), (("a",), {"code": "b"}), ((), {"x": 1})]:
        with pytest.raises(TypeError):
            polyid.compact_id(*args, **kw)
    assert polyid.compact_id.__doc__ and polyid.compact_id.__name__ == "compact_id"


@pytest.mark.parametrize(
    "make",
    [
        lambda: polyid.Xid.generate(),
        lambda: polyid.Tid.generate(),
        lambda: polyid.Euid.generate(9),
    ],
    ids=["xid", "tid", "euid"],
)
def test_dunders(make: Callable[[], Any]) -> None:
    a = make()
    time.sleep(0.002)
    b = make()
    cls = type(a)
    assert a < b and b > a and a <= a and a >= a and a != b
    assert sorted([b, a]) == [a, b]
    assert cls.parse(str(a)) == a and hash(cls.parse(str(a))) == hash(a)
    assert {a, b, cls.parse(str(a))} == {a, b}
    assert repr(a) == f"{cls.__name__}('{a}')"
    assert int(a) == a.value
    assert a != a.value and a != str(a)
    assert pickle.loads(pickle.dumps(a)) == a
    assert copy.copy(a) is a and copy.deepcopy(a) is a
    with pytest.raises(AttributeError):
        a.value = 1
    with pytest.raises((AttributeError, TypeError)):
        a.extra = 1


def test_generators_repr_and_pickle() -> None:
    g = polyid.TidGenerator(clock_id=7)
    assert repr(g) == "TidGenerator(clock_id=7)" and g.clock_id == 7
    assert repr(polyid.EuidGenerator(5)) == "EuidGenerator(extension=5)"
    assert repr(polyid.EuidGenerator()) == "EuidGenerator()"
    with pytest.raises(TypeError):
        pickle.dumps(g)
    assert polyid.__version__


def test_batch_objects_are_ordinary_objects() -> None:
    """The batch calls make their objects with tp_alloc and PyO3's checked layout
    (args.rs, Maker): they must be indistinguishable from objects PyO3 makes."""
    import copy
    import gc
    import pickle

    cases = [
        (polyid.Xid.generate_many(50), polyid.Xid.parse),
        (polyid.TidGenerator(3).next_many(50), polyid.Tid.parse),
        (polyid.EuidGenerator(9).next_many(50), polyid.Euid.parse),
    ]
    for batch, parse in cases:
        for obj in batch:
            again = parse(str(obj))
            assert type(obj) is type(again)
            assert obj == again and hash(obj) == hash(again) and obj.value == again.value
            assert int(obj) == obj.value and repr(obj) == repr(again)
            assert pickle.loads(pickle.dumps(obj)) == obj
            assert copy.deepcopy(obj) is obj
            assert not gc.is_tracked(obj)
            with pytest.raises(AttributeError):
                obj.value = 1  # type: ignore[misc]
        assert all(a < b for a, b in zip(batch, batch[1:]))
        assert len({id(o) for o in batch}) == len(batch)
    assert {e.extension for e in cases[2][0]} == {9}
    assert {t.clock_id for t in cases[1][0]} == {3}
    del cases, batch
    gc.collect()


def test_strings_are_ordinary_str() -> None:
    """Texts are written straight into new compact ASCII strings (args.rs, ascii): they must
    behave like any other str."""
    import sys

    for s, want in [
        (polyid.compact_id("E.Auth.Token.001"), "V6a0B"),
        (polyid.compact_ids(["E.Auth.Token.001"])[0], "V6a0B"),
        (polyid.Tid.from_parts(1_721_407_246_480_310, 1).display(), "3kxn-lhr-3gxq-23"),
        (polyid.TidGenerator(1).next_many_str(1)[0][:0], ""),
        (polyid.uid11_encode(2**64 - 1), "jpXCZedGfVQ"),
    ]:
        assert type(s) is str and s == want and s.isascii()
        assert hash(s) == hash(want) and {want: 1}[s] == 1
        assert sys.getsizeof(s) == sys.getsizeof(want)
        assert s.encode() == want.encode() and s[::-1] == want[::-1]
        assert (s + "!").upper() == (want + "!").upper()


def test_batch_counts_above_the_limit_are_out_of_range() -> None:
    """A huge count is OUT_OF_RANGE (the core's MAX_BATCH, 10,000,000) before anything is allocated."""
    calls = [
        lambda n: polyid.Xid.generate_many(n),
        lambda n: polyid.TidGenerator().next_many(n),
        lambda n: polyid.TidGenerator().next_many_str(n),
        lambda n: polyid.EuidGenerator().next_many(n),
    ]
    for call in calls:
        for n in (10_000_001, 2**31, 2**40, 2**64 - 1):
            with pytest.raises(polyid.PolyIdError) as err:
                call(n)
            assert err.value.code == "OUT_OF_RANGE", (n, err.value)
            assert "10000000" in str(err.value)
        assert len(call(3)) == 3


def test_a_collection_during_a_batch_never_shows_a_half_built_list() -> None:
    """A gc callback that walks every tracked object during a batch call sees no list with
    empty slots (touching one crashed the interpreter). Run in a child interpreter, so that a
    crash fails this test instead of the whole run."""
    import subprocess
    import sys

    script = """
import gc, polyid
seen = 0
def walk(phase, info):
    global seen
    if phase == "start":
        for o in gc.get_objects():
            if type(o) is list:
                for item in o:  # a NULL slot here is a crash
                    seen += item is None
gc.callbacks.append(walk)
gc.set_threshold(50)
tg, eg = polyid.TidGenerator(), polyid.EuidGenerator()
for _ in range(3):
    assert len(tg.next_many(5000)) == 5000
    assert len(tg.next_many_str(5000)) == 5000
    assert len(eg.next_many(5000)) == 5000
    assert len(polyid.Xid.generate_many(5000)) == 5000
    assert len(polyid.compact_ids(["E.Auth.Token.001"] * 5000)) == 5000
print("ok")
"""
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and r.stdout.strip() == "ok", (r.returncode, r.stdout, r.stderr[-2000:])


def test_compact_ids_type_errors_name_the_item() -> None:
    for codes in (["E.Auth.Token.001", 5], ("E.Auth.Token.001", "E.Auth.Token.002", b"x"), iter(["E.Auth.Token.001", None])):
        with pytest.raises(TypeError) as err:
            polyid.compact_ids(codes)
        assert err.value.item == (2 if isinstance(codes, tuple) else 1)  # type: ignore[attr-defined]
