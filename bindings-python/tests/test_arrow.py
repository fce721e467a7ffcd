"""polyid.arrow with the real Arrow producers: pyarrow, Polars, pandas (Arrow dtypes), DuckDB.

Expected values are the docs/spec vectors (also in tests/vectors/*.json): "E.Auth.Token.MISSING"
-> "V6a0B" and full ID "05o5h-V6a0B" (§1), TID "3kxnlhr3gxq23" = 1721407246480310 µs, clock
id 1 (§3), xid "11111111111" = 1321009871111 ms, random 0 (§2), EUID
"1HF7YAT0007ZG0938NKRKAYDXXB" = 1700000000000 ms, extension 255 (§4).
"""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys
from typing import Any, Callable

import pytest

pa = pytest.importorskip("pyarrow")

import polyid  # noqa: E402
import polyid.arrow as ids  # noqa: E402
from arrow_vectors import results  # noqa: E402

UTC = dt.timezone.utc
TID_TEXT, TID_MICROS, TID_CLOCK = "3kxnlhr3gxq23", 1721407246480310, 1
EUID_TEXT = "1HF7YAT0007ZG0938NKRKAYDXXB"


def test_import_polyid_imports_no_dataframe_library() -> None:
    code = (
        "import sys, polyid, polyid.arrow\n"
        "bad = [m for m in ('pyarrow', 'polars', 'pandas', 'duckdb', 'numpy') if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


# Two column calls, then a pause longer than mimalloc's own default delay (one second) before
# it returns freed memory to the OS, then one more call: prints that call's page faults (its
# output column's pages, when they were returned during the pause).
_FAULTS_AFTER_A_PAUSE = """
import resource, time
import pyarrow as pa
import polyid.arrow as ids
col = pa.array(["E.AUTH.TOKEN.%03d" % i for i in range(1, 1000)] * 2000)
for _ in range(2):
    ids.compact_ids(col)
time.sleep(1.5)
before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
ids.compact_ids(col)
print(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="counts Linux page faults")
def test_freed_columns_are_kept() -> None:
    """The extension keeps a freed output column's memory ten seconds for the next call
    (src/alloc.rs), where mimalloc's own default returns it after one; `MIMALLOC_PURGE_DELAY`
    still decides when it is set."""

    def faults(delay: str | None) -> int:
        env = {k: v for k, v in os.environ.items()
               if k not in ("MIMALLOC_PURGE_DELAY", "MIMALLOC_RESET_DELAY")}
        if delay is not None:
            env["MIMALLOC_PURGE_DELAY"] = delay
        out = subprocess.run([sys.executable, "-c", _FAULTS_AFTER_A_PAUSE], env=env,
                             capture_output=True, text=True, check=True)
        return int(out.stdout)

    kept, returned = faults(None), faults("1000")
    # 2,000,000 five-byte IDs and their offsets: thousands of 4 KiB pages, or at least nine
    # of 2 MiB.
    assert returned >= 9, returned
    assert kept * 10 <= returned, (kept, returned)


def test_the_functions_carry_their_public_names() -> None:
    functions = [n for n in ids.__all__ if n not in ("Array", "ChunkedArray")]
    assert len(functions) == 26
    for name in functions:
        f = getattr(ids, name)
        assert (f.__name__, f.__module__) == (name, "polyid.arrow"), name
    assert (ids.compact_ids.__text_signature__ or "").startswith("(codes, named_sequences=None")


def test_shared_vectors_through_the_arrow_path() -> None:
    lines = list(results())
    failed = [l for l in lines if l["status"] == "fail"]
    assert failed == []
    passed = [l for l in lines if l["status"] == "pass"]
    # Every operation with a column kernel ran; the skips are operations without one or
    # inputs no Arrow column holds (a 2^64 for a u64 parameter).
    ops = {l["op"] for l in passed}
    assert {"compact_id", "full_id", "tid_parse", "tid_from_parts", "xid_parse",
            "euid_parse", "euid_from_parts", "uid11_decode"} <= ops
    reasons = {l["reason"] for l in lines if l["status"] == "skip"}
    assert reasons <= {"no column kernel for this operation",
                       "no Arrow integer column holds this input",
                       "fixed_size_binary(16) holds only 16 bytes",
                       "fixed_size_binary(16) holds 128 bits"}


def test_a_long_column_matches_the_scalar_function_row_by_row() -> None:
    # Long enough for several threads and, with its repeated codes, for the kernel's table of
    # codes already met; sliced, so that the input starts at an offset; and as two chunks.
    pool = ["E.Auth.Token.MISSING", "E.AUTH.TOKEN.000", "w.cache.data.018", None,
            "B.API.RATELIMIT.007", "not a code", "E.Auth.Token.001"]
    rows = [pool[(i * 7 + i // 5) % len(pool)] for i in range(200_003)]
    column = pa.array(["pad"] + rows).slice(1)
    out = pa.array(ids.compact_ids(column, on_error="null"))
    expected = []
    for code in rows:
        try:
            expected.append(None if code is None else (polyid.compact_id(code), None))
        except polyid.PolyIdError as e:
            expected.append((None, e.code))
    got = [None if v is None and e is None else (v, e)
           for v, e in zip(out.field("value").to_pylist(), out.field("error").to_pylist())]
    assert got == expected
    assert expected[0] == ("V6a0B", None)  # docs/spec §1.2
    chunked = pa.chunked_array([rows[:100_000], rows[100_000:]])
    assert pa.chunked_array(ids.compact_ids(chunked, on_error="null")).combine_chunks().equals(out)


@pytest.mark.parametrize("layout", [pa.string(), pa.large_string(), pa.string_view()])
def test_every_string_layout(layout: object) -> None:
    codes = pa.array(["E.Auth.Token.MISSING", None, "E.Auth.Token.001"], layout)
    assert pa.array(ids.compact_ids(codes)).to_pylist() == ["V6a0B", None, "V6a0B"]
    assert pa.array(ids.full_ids("auth_lib", codes)).to_pylist() == ["05o5h-V6a0B", None, "05o5h-V6a0B"]
    tids = pa.array([TID_TEXT, None], layout)
    assert pa.array(ids.tid_parse(tids)).to_pylist() == [(TID_MICROS << 10) | TID_CLOCK, None]


def test_output_types() -> None:
    t = pa.array([TID_TEXT])
    assert pa.array(ids.tid_encode(t)).type == pa.string()
    assert pa.array(ids.tid_parse(t)).type == pa.int64()
    ts = pa.array(ids.tid_timestamps(t))
    assert ts.type == pa.timestamp("us", "UTC")
    assert ts.to_pylist() == [dt.datetime(2024, 7, 19, 16, 40, 46, 480310, tzinfo=UTC)]
    assert pa.array(ids.tid_clock_ids(t)).to_pylist() == [TID_CLOCK]
    x = pa.array(["11111111111"])
    assert pa.array(ids.xid_parse(x)).to_pylist() == [0]
    assert pa.array(ids.xid_timestamps(x)).type == pa.timestamp("ms", "UTC")
    assert pa.array(ids.xid_timestamps(x)).cast(pa.int64()).to_pylist() == [1321009871111]
    e = pa.array([EUID_TEXT])
    v = pa.array(ids.euid_parse(e))
    assert v.type == pa.binary(16)
    assert pa.array(ids.euid_encode(v)).to_pylist() == [EUID_TEXT]
    assert pa.array(ids.euid_timestamps(e)).cast(pa.int64()).to_pylist() == [1700000000000]
    assert pa.array(ids.euid_extensions(e)).to_pylist() == [255]
    # EUID values are plain fixed_size_binary(16): an EUID is not a UUID (no version or
    # variant bits), so the result does not claim the arrow.uuid extension type. A column
    # of that type (a UUID column from Parquet or DuckDB) is read as its 16-byte storage.
    assert pa.DataType._import_from_c_capsule(ids.euid_parse(e).__arrow_c_schema__()) == pa.binary(16)
    uuids = pa.ExtensionArray.from_storage(pa.uuid(), v)
    assert pa.array(ids.euid_encode(uuids)).to_pylist() == [EUID_TEXT]


def test_values_columns_round_trip() -> None:
    values = pa.array([(TID_MICROS << 10) | TID_CLOCK, None], pa.int64())
    assert pa.array(ids.tid_encode(values)).to_pylist() == [TID_TEXT, None]
    assert pa.array(ids.tid_encode(values, display=True)).to_pylist() == ["3kxn-lhr-3gxq-23", None]
    micros = pa.array([TID_MICROS], pa.timestamp("us", "UTC"))
    parts = ids.tid_from_parts(micros, pa.array([TID_CLOCK], pa.uint16()))
    assert pa.array(ids.tid_encode(parts)).to_pylist() == [TID_TEXT]
    assert pa.array(ids.uid11_encode(pa.array([2**64 - 1], pa.uint64()))).to_pylist() == ["jpXCZedGfVQ"]


def test_nulls_in_nulls_out() -> None:
    nulls = pa.array([None, None], pa.string())
    for f in (ids.compact_ids, ids.tid_parse, ids.xid_parse, ids.euid_parse, ids.uid11_decode,
              ids.tid_timestamps, ids.euid_extensions):
        assert pa.array(f(nulls)).to_pylist() == [None, None], f
        r = pa.array(f(nulls, on_error="null"))
        assert r.field("value").to_pylist() == [None, None]
        assert r.field("error").to_pylist() == [None, None]


def test_raise_names_the_first_bad_row_its_input_and_code() -> None:
    codes = pa.array(["E.Auth.Token.001", None, "E.AUTH.TOKEN.000", "bad"])
    with pytest.raises(polyid.PolyIdError) as e:
        ids.compact_ids(codes)
    assert (e.value.code, e.value.item, e.value.input) == ("INVALID_SEQUENCE", 2, "E.AUTH.TOKEN.000")
    assert str(e.value).startswith('row 2 ("E.AUTH.TOKEN.000"): ')
    with pytest.raises(polyid.PolyIdError) as e:
        ids.tid_parse(pa.array([TID_TEXT, "3kxnlhr3gxq2!"]))
    # docs/spec §3: '!' is outside the alphabet, at index 12.
    assert (e.value.code, e.value.item, e.value.index, e.value.character) == (
        "INVALID_CHARACTER", 1, 12, "!")


def test_null_mode_gives_values_and_error_codes() -> None:
    r = pa.array(ids.euid_parse(pa.array([EUID_TEXT, "x", None]), on_error="null"))
    assert r.type.names == ["value", "error"]
    assert r.field("error").to_pylist() == [None, "INVALID_LENGTH", None]
    assert r.field("value").is_null().to_pylist() == [False, True, True]
    v = pa.array(ids.validate_codes(pa.array(["E.A.B.001", "E.A.B.000", None])))
    assert v.to_pylist() == [None, "INVALID_SEQUENCE", None]


def test_chunked_in_chunked_out_and_global_rows() -> None:
    chunked = pa.chunked_array([["E.Auth.Token.001", "E.Auth.Token.MISSING"], ["E.A.B.001"]])
    r = ids.compact_ids(chunked)
    assert hasattr(r, "__arrow_c_stream__")
    out = pa.chunked_array(r)
    assert out.num_chunks == 2
    assert out.to_pylist()[:2] == ["V6a0B", "V6a0B"]
    bad = pa.chunked_array([["E.A.B.001", "E.A.B.002"], ["E.A.B.003", "oops"]])
    with pytest.raises(polyid.PolyIdError) as e:
        ids.compact_ids(bad)
    assert (e.value.item, e.value.input) == (3, "oops")


def test_polars_series_and_map_batches() -> None:
    pl = pytest.importorskip("polars")
    s = pl.Series("code", ["E.Auth.Token.MISSING", None])
    assert pl.Series(ids.compact_ids(s)).to_list() == ["V6a0B", None]
    df = pl.DataFrame({"tid": [TID_TEXT, TID_TEXT]})
    out = df.with_columns(
        clock=pl.col("tid").map_batches(lambda c: pl.Series(ids.tid_clock_ids(c)),
                                        return_dtype=pl.UInt16))
    assert out["clock"].to_list() == [TID_CLOCK, TID_CLOCK]


def test_pandas_arrow_dtypes() -> None:
    pd = pytest.importorskip("pandas")
    s = pd.Series(["E.Auth.Token.MISSING", None], dtype=pd.ArrowDtype(pa.string()))
    r = ids.compact_ids(pa.array(s))
    back = pd.Series(pa.array(r), dtype=pd.ArrowDtype(pa.string()))
    assert back.tolist()[0] == "V6a0B"
    assert back.isna().tolist() == [False, True]


def test_duckdb_arrow_results_and_functions() -> None:
    duckdb = pytest.importorskip("duckdb")
    con = duckdb.connect()
    rel = con.sql("SELECT * FROM (VALUES ('E.Auth.Token.MISSING'), (NULL)) t(code)")
    col = rel.to_arrow_table().column("code")
    assert pa.chunked_array(ids.compact_ids(col)).to_pylist() == ["V6a0B", None]
    from duckdb.sqltypes import VARCHAR  # type: ignore[import-not-found]

    con.create_function("compact_id", lambda c: pa.chunked_array(ids.compact_ids(c)), [VARCHAR], VARCHAR,
                        type="arrow")
    got = con.sql("SELECT compact_id('E.Auth.Token.MISSING') AS id").fetchall()
    assert got == [("V6a0B",)]


def test_catalog_lookup() -> None:
    c = polyid.Catalog.load('{"V6a0B": ["E.AUTH.TOKEN.001", "token missing for {{user}}"]}')
    r = pa.array(ids.catalog_lookup(c, pa.array(["V6a0B", None])))
    assert r.to_pylist() == [{"code": "E.AUTH.TOKEN.001", "message": "token missing for {{user}}"}, None]
    with pytest.raises(polyid.PolyIdError) as e:
        ids.catalog_lookup(c, pa.array(["V6a0B", "zzzzz"]))
    assert (e.value.code, e.value.item) == ("NOT_FOUND", 1)


def test_generate() -> None:
    for f, width in ((ids.tid_generate, 13), (ids.xid_generate, 11), (ids.euid_generate, 27)):
        a = pa.array(f(1000)).to_pylist()
        assert len(a) == 1000 and all(len(t) == width for t in a)
    tids = pa.array(ids.tid_generate(1000)).to_pylist()
    assert tids == sorted(tids) and len(set(tids)) == 1000
    with pytest.raises(polyid.PolyIdError) as e:
        ids.xid_generate(10_000_001)  # one call makes at most 10,000,000 IDs (MAX_BATCH)
    assert e.value.code == "OUT_OF_RANGE"
    # Counts no unsigned integer holds: the same error as a count above the limit, and as the
    # scalar batches' (next_many).
    for f in (ids.tid_generate, ids.xid_generate, ids.euid_generate):
        for count in (-1, 2**70, 10_000_001):
            with pytest.raises(polyid.PolyIdError) as e:
                f(count)
            assert e.value.code == "OUT_OF_RANGE"
            assert str(e.value) == f"count: {count} is out of range 0..=10000000"
        with pytest.raises(TypeError):
            f("3")  # type: ignore[arg-type]


def test_bad_arguments_are_polyid_errors() -> None:
    with pytest.raises(polyid.PolyIdError) as e:
        ids.compact_ids(pa.array([1, 2]))
    assert e.value.code == "INVALID_ARGUMENT"
    with pytest.raises(polyid.PolyIdError) as e:
        ids.compact_ids(pa.array(["E.A.B.001"]), on_error="ignore")  # type: ignore[arg-type]
    assert e.value.code == "INVALID_ARGUMENT"
    with pytest.raises(polyid.PolyIdError) as e:
        ids.tid_from_parts(pa.array([1, 2]), pa.array([1]))
    assert e.value.code == "INVALID_ARGUMENT"
    with pytest.raises(ValueError):
        ids.compact_ids(["E.A.B.001"])  # type: ignore[arg-type]


# A row with parts out of range names the first in the order of the core's from_parts, with
# that part's own range, as the scalar functions do (not the bounds of the column's integer
# type): the message after the row's `row N ("..."): ` is the scalar call's.
ROW_PARTS_OUT = [
    (lambda: ids.tid_from_parts(pa.array([2**53]), pa.array([-1])),
     "TID micros: 9007199254740992 is out of range -9007199254740991..=9007199254740991"),
    (lambda: ids.tid_from_parts(pa.array([0]), pa.array([-1])),
     "TID clock_id: -1 is out of range 0..=1023"),
    (lambda: ids.xid_from_parts(pa.array([0]), pa.array([-1])),
     "xid unix_ms: 0 is out of range 1321009871111..=5719056382214"),
    (lambda: ids.xid_from_parts(pa.array([1321009871111]), pa.array([-1])),
     "xid random: -1 is out of range 0..=4194303"),
    (lambda: ids.euid_from_parts(pa.array([-1]), pa.array([0])),
     "EUID unix_ms: -1 is out of range 0..=35184372088831"),
    (lambda: ids.euid_from_parts(pa.array([0]), pa.array([0]), extensions=pa.array([-1])),
     "EUID extension: -1 is out of range 0..=32767"),
    (lambda: ids.euid_from_parts(pa.array([0]), pa.array([-1]), extensions=pa.array([5]),
                                 paddings=pa.array([40000])),
     "EUID padding: 40000 is out of range 0..=4095"),
]


@pytest.mark.parametrize("call,message", ROW_PARTS_OUT)
def test_a_row_names_its_first_part_out_of_that_parts_range(call: Callable[[], Any],
                                                              message: str) -> None:
    with pytest.raises(polyid.PolyIdError) as e:
        call()
    assert e.value.code == "OUT_OF_RANGE" and e.value.item == 0
    assert e.value.message.endswith(f'"): {message}'), e.value.message


def _text_array(offsets: list[int], values: bytes, kind: object = None) -> object:
    """A string array built from raw buffers: pyarrow checks only their sizes here."""
    kind = kind or pa.string()
    width = pa.int64() if kind == pa.large_string() else pa.int32()
    buf = pa.array(offsets, width).buffers()[1]
    return pa.Array.from_buffers(kind, len(offsets) - 1, [None, buf, pa.py_buffer(values)])


@pytest.mark.parametrize("kind", ["string", "large_string"])
def test_a_malformed_producer_array_is_refused_not_read(kind: str) -> None:
    """Offsets out of order and text that is not UTF-8 are the producer's defects: refused
    before any kernel slices the text (a kernel reading them would read outside the data)."""
    t = getattr(pa, kind)()
    good = b"E.AUTH.TOKEN.001E.A.B.001"
    assert pa.array(ids.compact_ids(_text_array([0, 16, 25], good, t))).to_pylist() == ["V6a0B", "l3i4I"]
    bad = [
        _text_array([0, 16, 4], good, t),  # backwards
        _text_array([0, 2**31 - 1, 25], good, t),  # a middle offset far past the text
        _text_array([0, 16, 25], b"E.AUTH.TOKEN.001E.A.\xff.001", t),  # not UTF-8
        _text_array([0, 16, 25], "E.AUTH.TOKEN.00\u00e9.A.B.001".encode(), t),  # inside a character
    ]
    # A long column, bad near its end: checked in parts on the kernel threads.
    rows = 200_003
    offsets = list(range(0, 16 * rows + 1, 16))
    offsets[-40] = offsets[-41] - 1
    bad.append(_text_array(offsets, good[:16] * rows, t))
    for array in bad:
        for kernel in (ids.compact_ids, ids.validate_codes, ids.tid_parse, ids.euid_timestamps):
            with pytest.raises(polyid.PolyIdError) as e:
                kernel(array)
            assert e.value.code == "INVALID_ARGUMENT"
            assert str(e.value).startswith("Arrow column: ")
        with pytest.raises(polyid.PolyIdError) as e:
            ids.compact_ids(pa.chunked_array([pa.array(["E.A.B.001"], t), array]))
        assert e.value.code == "INVALID_ARGUMENT"
        # After a chunk with an invalid row (E.A.B.000: INVALID_SEQUENCE), a malformed chunk
        # further on is still the error of the call.
        with pytest.raises(polyid.PolyIdError) as e:
            ids.compact_ids(pa.chunked_array([pa.array(["E.A.B.000"], t), array]))
        assert (e.value.code, str(e.value)[:14]) == ("INVALID_ARGUMENT", "Arrow column: ")
        # Chunks joined for a kernel of several columns are checked before they are joined.
        namespaces = pa.chunked_array([["auth_lib"], ["auth_lib"] * len(array)], t)
        with pytest.raises(polyid.PolyIdError) as e:
            ids.full_ids(namespaces, pa.chunked_array([pa.array(["E.A.B.001"], t), array]))
        assert (e.value.code, str(e.value)[:14]) == ("INVALID_ARGUMENT", "Arrow column: ")


class _ArrayOnly:
    """A producer with only ``__arrow_c_array__`` (any library's array, not pyarrow's type)."""

    def __init__(self, array: object) -> None:
        self._array = array

    def __arrow_c_array__(self, requested_schema: object = None) -> object:
        return self._array.__arrow_c_array__(requested_schema)  # type: ignore[attr-defined]


class _StreamOnly:
    """A producer with only ``__arrow_c_stream__``."""

    def __init__(self, stream: object) -> None:
        self._stream = stream

    def __arrow_c_stream__(self, requested_schema: object = None) -> object:
        return self._stream.__arrow_c_stream__(requested_schema)  # type: ignore[attr-defined]


def test_any_capsule_producer_and_the_result_objects() -> None:
    codes = pa.array(["E.Auth.Token.MISSING", None], pa.large_string())
    r = ids.compact_ids(_ArrayOnly(codes))
    assert type(r).__name__ == "Array" and len(r) == 2
    assert pa.array(r).to_pylist() == ["V6a0B", None]
    # The result exports a schema, an array (requested_schema=None or omitted) and a
    # one-chunk stream, each as the capsule the interface names.
    assert type(r.__arrow_c_schema__()).__name__ == "PyCapsule"
    assert pa.DataType._import_from_c_capsule(r.__arrow_c_schema__()) == pa.string()
    schema, array = r.__arrow_c_array__(None)
    assert pa.Array._import_from_c_capsule(schema, array).to_pylist() == ["V6a0B", None]
    assert pa.chunked_array(r).num_chunks == 1
    # Capsules never consumed are released by their destructors.
    for _ in range(3):
        r.__arrow_c_array__()
        r.__arrow_c_stream__()
    chunks = _StreamOnly(pa.chunked_array([[TID_TEXT], [], [TID_TEXT, None]]))
    c = ids.tid_clock_ids(chunks)
    assert type(c).__name__ == "ChunkedArray" and len(c) == 3 and c.num_chunks == 3
    out = pa.chunked_array(c)
    assert out.type == pa.uint16() and out.to_pylist() == [TID_CLOCK, TID_CLOCK, None]
    empty = pa.chunked_array(ids.compact_ids(pa.chunked_array([], pa.string())))
    assert (empty.type, len(empty)) == (pa.string(), 0)
    # Streams given to a kernel of several columns are read in step: one output chunk per
    # piece of rows that every input's chunk covers, cut where either input's chunk ends.
    micros = pa.chunked_array([[TID_MICROS], [TID_MICROS, TID_MICROS]], pa.timestamp("us", "UTC"))
    clocks = pa.chunked_array([[TID_CLOCK, TID_CLOCK], [TID_CLOCK]], pa.uint16())
    parts = pa.chunked_array(ids.tid_from_parts(micros, clocks))
    assert [len(c) for c in parts.chunks] == [1, 1, 1]
    assert pa.array(ids.tid_encode(parts.combine_chunks())).to_pylist() == [TID_TEXT] * 3
    # A stream beside an array, and streams of different lengths (the kernel's error).
    beside = pa.chunked_array(ids.tid_from_parts(micros, pa.array([TID_CLOCK] * 3, pa.uint16())))
    assert [len(c) for c in beside.chunks] == [1, 2]
    with pytest.raises(polyid.PolyIdError) as e:
        ids.tid_from_parts(micros, pa.chunked_array([[TID_CLOCK, TID_CLOCK]], pa.uint16()))
    assert e.value.code == "INVALID_ARGUMENT" and "different lengths" in str(e.value)


def test_objects_that_are_not_arrow_columns() -> None:
    class BadPair:
        def __arrow_c_array__(self, requested_schema: object = None) -> object:
            return ("not", "capsules")

    for bad in (["E.A.B.001"], BadPair(), 5):
        with pytest.raises(polyid.PolyIdError) as e:
            ids.compact_ids(bad)  # type: ignore[arg-type]
        assert e.value.code == "INVALID_ARGUMENT"
    # A capsule handed over twice is refused the second time (it was moved out).
    schema, array = pa.array(["E.Auth.Token.MISSING"]).__arrow_c_array__()

    class Twice:
        def __arrow_c_array__(self, requested_schema: object = None) -> object:
            return (schema, array)

    assert pa.array(ids.compact_ids(Twice())).to_pylist() == ["V6a0B"]
    with pytest.raises(polyid.PolyIdError) as e:
        ids.compact_ids(Twice())
    assert e.value.code == "INVALID_ARGUMENT"


def test_dictionary_encoded_text() -> None:
    codes = pa.array(["E.Auth.Token.MISSING", None, "E.Auth.Token.001", "E.Auth.Token.MISSING"])
    for layout in (pa.string(), pa.large_string(), pa.string_view()):
        d = codes.cast(layout).dictionary_encode()
        assert pa.array(ids.compact_ids(d)).to_pylist() == ["V6a0B", None, "V6a0B", "V6a0B"]
    # A null in the dictionary's values is a null row; the first bad row counts from 0.
    values = pa.array(["E.Auth.Token.MISSING", None, "E.AUTH.TOKEN.000"])
    d = pa.DictionaryArray.from_arrays(pa.array([0, 1, 2], pa.int8()), values)
    r = pa.array(ids.compact_ids(d, on_error="null"))
    assert r.field("value").to_pylist() == ["V6a0B", None, None]
    assert r.field("error").to_pylist() == [None, None, "INVALID_SEQUENCE"]
    chunked = pa.chunked_array([d.slice(0, 1), d.slice(1)])
    with pytest.raises(polyid.PolyIdError) as e:
        ids.compact_ids(chunked)
    assert (e.value.item, e.value.input) == (2, "E.AUTH.TOKEN.000")
    # An array is computed once per dictionary value, its rows taking their value's result:
    # the same rows and the same first bad row as the column it stands for.
    with pytest.raises(polyid.PolyIdError) as e:
        ids.compact_ids(d)
    assert (e.value.code, e.value.item, e.value.input) == ("INVALID_SEQUENCE", 2, "E.AUTH.TOKEN.000")
    big = pa.DictionaryArray.from_arrays(pa.array([2, 0, None, 0, 1, 0] * 50, pa.int16()), values)
    for kernel in (ids.compact_ids, ids.normalize_codes):
        assert pa.array(kernel(big, on_error="null")) == pa.array(
            kernel(big.dictionary_decode(), on_error="null"))
    with pytest.raises(polyid.PolyIdError) as e:
        ids.compact_ids(big.slice(1))
    assert (e.value.item, e.value.input) == (5, "E.AUTH.TOKEN.000")
    assert pa.chunked_array(ids.tid_parse(pa.chunked_array([], pa.dictionary(pa.int32(), pa.string())))).type == pa.int64()
    with pytest.raises(polyid.PolyIdError) as e:
        ids.compact_ids(pa.array([1, 2]).dictionary_encode())
    assert e.value.code == "INVALID_ARGUMENT"
    pl = pytest.importorskip("polars")
    cat = pl.Series("code", ["E.Auth.Token.MISSING", None], dtype=pl.Categorical)
    assert pl.Series(ids.compact_ids(cat)).to_list() == ["V6a0B", None]


def test_full_ids_with_a_namespace_column() -> None:
    # docs/spec §1: "auth_lib" hashes to "05o5h"; "Auth" is not a namespace (uppercase).
    namespaces = pa.array(["auth_lib", "auth_lib", None, "Auth"])
    codes = pa.array(["E.Auth.Token.MISSING", None, "E.Auth.Token.001", "E.Auth.Token.001"])
    r = pa.array(ids.full_ids(namespaces, codes, on_error="null"))
    assert r.field("value").to_pylist() == ["05o5h-V6a0B", None, None, None]
    assert r.field("error").to_pylist() == [None, None, None, "INVALID_NAMESPACE"]
    with pytest.raises(polyid.PolyIdError) as e:
        ids.full_ids(namespaces, codes)
    assert (e.value.code, e.value.item) == ("INVALID_NAMESPACE", 3)
    assert e.value.input == "namespace=Auth, code=E.Auth.Token.001"
    chunked = pa.chunked_array([namespaces.slice(0, 1), namespaces.slice(1, 1)]).dictionary_encode()
    out = pa.chunked_array(ids.full_ids(chunked, codes.slice(0, 2)))
    assert out.to_pylist() == ["05o5h-V6a0B", None]
    with pytest.raises(polyid.PolyIdError) as e:
        ids.full_ids(namespaces, codes.slice(0, 2))
    assert e.value.code == "INVALID_ARGUMENT"
