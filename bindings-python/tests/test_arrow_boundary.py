"""polyid.arrow at the Arrow C Data Interface boundary: a producer's malformed structs are a
``PolyIdError`` with code ``INVALID_ARGUMENT`` and the path of the field at fault (never a
``PanicException``, which ``except Exception`` does not catch), and the structs polyid exports
may be released twice.

The producers here are ctypes structs wrapped in capsules, so that each test breaks exactly
one field of an otherwise valid column. Expected values: "E.Auth.Token.MISSING" -> "V6a0B"
(docs/spec §1.2).
"""

from __future__ import annotations

import ctypes as C
from typing import Any, Iterator

import pytest

import polyid
import polyid.arrow as ids


class ArrowSchema(C.Structure):
    pass


class ArrowArray(C.Structure):
    pass


class ArrowArrayStream(C.Structure):
    pass


SCHEMA_RELEASE = C.CFUNCTYPE(None, C.POINTER(ArrowSchema))
ARRAY_RELEASE = C.CFUNCTYPE(None, C.POINTER(ArrowArray))
GET_SCHEMA = C.CFUNCTYPE(C.c_int, C.POINTER(ArrowArrayStream), C.POINTER(ArrowSchema))
GET_NEXT = C.CFUNCTYPE(C.c_int, C.POINTER(ArrowArrayStream), C.POINTER(ArrowArray))
GET_LAST_ERROR = C.CFUNCTYPE(C.c_char_p, C.POINTER(ArrowArrayStream))
STREAM_RELEASE = C.CFUNCTYPE(None, C.POINTER(ArrowArrayStream))

ArrowSchema._fields_ = [
    ("format", C.c_char_p),
    ("name", C.c_char_p),
    ("metadata", C.c_char_p),
    ("flags", C.c_int64),
    ("n_children", C.c_int64),
    ("children", C.POINTER(C.POINTER(ArrowSchema))),
    ("dictionary", C.POINTER(ArrowSchema)),
    ("release", SCHEMA_RELEASE),
    ("private_data", C.c_void_p),
]
ArrowArray._fields_ = [
    ("length", C.c_int64),
    ("null_count", C.c_int64),
    ("offset", C.c_int64),
    ("n_buffers", C.c_int64),
    ("n_children", C.c_int64),
    ("buffers", C.POINTER(C.c_void_p)),
    ("children", C.POINTER(C.POINTER(ArrowArray))),
    ("dictionary", C.POINTER(ArrowArray)),
    ("release", ARRAY_RELEASE),
    ("private_data", C.c_void_p),
]
ArrowArrayStream._fields_ = [
    ("get_schema", GET_SCHEMA),
    ("get_next", GET_NEXT),
    ("get_last_error", GET_LAST_ERROR),
    ("release", STREAM_RELEASE),
    ("private_data", C.c_void_p),
]

_capsule_new = C.pythonapi.PyCapsule_New
_capsule_new.restype = C.py_object
_capsule_new.argtypes = [C.c_void_p, C.c_char_p, C.c_void_p]
_capsule_pointer = C.pythonapi.PyCapsule_GetPointer
_capsule_pointer.restype = C.c_void_p
_capsule_pointer.argtypes = [C.py_object, C.c_char_p]

# How many times polyid called the release callback of a struct made here.
releases = {"schema": 0, "array": 0, "stream": 0}


@SCHEMA_RELEASE
def _release_schema(s: Any) -> None:
    releases["schema"] += 1
    s.contents.release = SCHEMA_RELEASE()


@ARRAY_RELEASE
def _release_array(a: Any) -> None:
    releases["array"] += 1
    a.contents.release = ARRAY_RELEASE()


def _capsule(struct: C.Structure, name: bytes) -> object:
    return _capsule_new(C.addressof(struct), name, None)


def _schema(fmt: bytes | None) -> ArrowSchema:
    return ArrowSchema(format=fmt, name=b"", flags=2, release=_release_schema)


class Column:
    """A utf8 column ("u") in ctypes memory, with its validity, offsets and text buffers."""

    def __init__(self, codes: list[str | None]) -> None:
        n = len(codes)
        offsets, text, valid = [0], b"", 0
        for i, code in enumerate(codes):
            if code is not None:
                text += code.encode()
                valid |= 1 << i
            offsets.append(len(text))
        self.validity = (C.c_uint8 * 8).from_buffer_copy(valid.to_bytes(8, "little"))
        self.offsets = (C.c_int32 * (n + 1))(*offsets)
        self.text = C.create_string_buffer(text or b"\0")
        self.buffers = (C.c_void_p * 3)(
            C.addressof(self.validity), C.addressof(self.offsets), C.addressof(self.text)
        )
        self.schema = _schema(b"u")
        self.array = ArrowArray(
            length=n,
            null_count=codes.count(None),
            n_buffers=3,
            buffers=self.buffers,
            release=_release_array,
        )

    def __arrow_c_array__(self, requested_schema: object = None) -> tuple[object, object]:
        return (_capsule(self.schema, b"arrow_schema"), _capsule(self.array, b"arrow_array"))


class Record:
    """A struct column {code: utf8} over a Column (its one child)."""

    def __init__(self, codes: list[str | None]) -> None:
        self.code = Column(codes)
        self.code.schema.name = b"code"
        self.schema = _schema(b"+s")
        self.schema_children = (C.POINTER(ArrowSchema) * 1)(C.pointer(self.code.schema))
        self.schema.n_children = 1
        self.schema.children = self.schema_children
        self.buffers = (C.c_void_p * 1)(None)
        self.array_children = (C.POINTER(ArrowArray) * 1)(C.pointer(self.code.array))
        self.array = ArrowArray(
            length=len(codes),
            null_count=0,
            n_buffers=1,
            buffers=self.buffers,
            n_children=1,
            children=self.array_children,
            release=_release_array,
        )

    def __arrow_c_array__(self, requested_schema: object = None) -> tuple[object, object]:
        return (_capsule(self.schema, b"arrow_schema"), _capsule(self.array, b"arrow_array"))


def _texts(result: Any) -> list[str | None]:
    """The rows of a utf8 column polyid returned, read through its exported capsules."""
    _, array_capsule = result.__arrow_c_array__()
    a = ArrowArray.from_address(_capsule_pointer(array_capsule, b"arrow_array"))
    offsets = C.cast(a.buffers[1], C.POINTER(C.c_int32))
    text = C.cast(a.buffers[2], C.POINTER(C.c_char))
    validity = C.cast(a.buffers[0], C.POINTER(C.c_uint8)) if a.buffers[0] else None
    out: list[str | None] = []
    for i in range(a.offset, a.offset + a.length):
        if validity is not None and not (validity[i // 8] >> (i % 8)) & 1:
            out.append(None)
        else:
            out.append(text[offsets[i]:offsets[i + 1]].decode())
    return out


def _refused(producer: object, message: str) -> None:
    """compact_ids(producer) raises PolyIdError INVALID_ARGUMENT with exactly `message`."""
    with pytest.raises(polyid.PolyIdError) as e:
        ids.compact_ids(producer)
    assert e.value.code == "INVALID_ARGUMENT"
    assert str(e.value) == "Arrow column: " + message


CODES = ["E.Auth.Token.MISSING", None]


def test_the_columns_built_here_are_valid() -> None:
    before = dict(releases)
    assert _texts(ids.compact_ids(Column(CODES))) == ["V6a0B", None]
    # Read in place, then released by polyid, once each.
    assert (releases["array"] - before["array"], releases["schema"] - before["schema"]) == (1, 0)
    # The struct itself is read: the kernel refuses its type.
    with pytest.raises(polyid.PolyIdError) as e:
        ids.compact_ids(Record(CODES))
    assert (e.value.code, str(e.value)[:21]) == ("INVALID_ARGUMENT", "WDP codes: expected a")


def test_a_malformed_schema_is_refused() -> None:
    c = Column(CODES)
    c.schema.format = None
    _refused(c, "schema.format is NULL")
    c = Column(CODES)
    c.schema.format = b"w:-1"  # a negative width: arrow-rs panics on its layout
    _refused(c, 'schema.format "w:-1" is not an Arrow format')
    c = Column(CODES)
    c.schema.format = b"x" * 200  # quoted, but only its first 32 bytes
    _refused(c, 'schema.format "' + "x" * 32 + '"... is not an Arrow format')
    c = Column(CODES)
    c.schema.format = b"\xff"  # arrow-rs panics on a format that is not UTF-8
    _refused(c, "schema.format is not UTF-8")
    c = Column(CODES)
    c.schema.name = b"\xc3("
    _refused(c, "schema.name is not UTF-8")
    c = Column(CODES)
    c.schema.metadata = b"\xff\xff\xff\xff"  # -1 entries
    _refused(c, "schema.metadata has a negative number of entries (-1)")
    r = Record(CODES)
    r.schema.children = None
    _refused(r, "schema.children is NULL (n_children = 1)")
    r = Record(CODES)
    r.schema_children[0] = None
    _refused(r, "schema.children[0] is NULL")
    r = Record(CODES)
    r.code.schema.release = SCHEMA_RELEASE()
    _refused(r, "schema.children[0] is released")
    r = Record(CODES)
    r.code.schema.format = None
    _refused(r, "schema.children[0].format is NULL")
    r = Record(CODES)
    r.schema.format, r.schema.n_children = b"+l", 0  # arrow-rs panics on a list without child
    _refused(r, 'schema: format "+l" takes 1 child, found n_children = 0')


def test_a_malformed_array_is_refused() -> None:
    c = Column(CODES)
    c.array.buffers = None
    _refused(c, "array.buffers is NULL (n_buffers = 3)")
    c = Column(CODES)
    c.buffers[1] = None
    _refused(c, "array.buffers[1] is NULL")
    for n in (2, 4):
        c = Column(CODES)
        c.array.n_buffers = n
        _refused(c, f"array: an array of type Utf8 has 3 buffers, found n_buffers = {n}")
    c = Column(CODES)
    c.buffers[0] = None  # no validity buffer, yet one null
    _refused(c, "array.buffers[0] (validity) is NULL, but null_count is 1")
    for bad in (3, -2):
        c = Column(CODES)
        c.array.null_count = bad
        _refused(c, f"array.null_count is {bad}: it must be -1 (not computed) or 0 to the length (2)")
    c = Column(CODES)
    c.array.null_count = -1  # not computed: counted from the bitmap
    assert _texts(ids.compact_ids(c)) == ["V6a0B", None]
    c = Column(CODES)
    c.array.length = -1
    _refused(c, "array.length is negative (-1)")
    c = Column(CODES)
    c.array.offset = 2**63 - 1
    _refused(c, f"array: offset + length overflows ({2**63 - 1} + 2)")
    c = Column(CODES)
    c.array.length = 2**62  # its offsets would take 4 * (2^62 + 1) bytes
    _refused(c, f"array: offset + length ({2**62}) is too large for an array of type Utf8: "
                "its buffers would not fit in memory")
    r = Record(CODES)
    r.array.children = None
    _refused(r, "array.children is NULL (n_children = 1)")
    r = Record(CODES)
    r.array_children[0] = None
    _refused(r, "array.children[0] is NULL")
    r = Record(CODES)
    r.code.array.release = ARRAY_RELEASE()
    _refused(r, "array.children[0] is released")
    r = Record(CODES)
    r.code.array.buffers = None
    _refused(r, "array.children[0].buffers is NULL (n_buffers = 3)")


class Dictionary:
    """int8 keys {1, 1} into the utf8 values {"E.AUTH.TOKEN.000", "E.Auth.Token.MISSING"}."""

    def __init__(self) -> None:
        self.values = Column(["E.AUTH.TOKEN.000", "E.Auth.Token.MISSING"])
        self.keys = (C.c_int8 * 2)(1, 1)
        self.buffers = (C.c_void_p * 2)(None, C.addressof(self.keys))
        self.schema = _schema(b"c")
        self.schema.dictionary = C.pointer(self.values.schema)
        self.array = ArrowArray(
            length=2, n_buffers=2, buffers=self.buffers, release=_release_array,
            dictionary=C.pointer(self.values.array),
        )

    def __arrow_c_array__(self, requested_schema: object = None) -> tuple[object, object]:
        return (_capsule(self.schema, b"arrow_schema"), _capsule(self.array, b"arrow_array"))


def test_dictionaries_and_hostile_nesting_are_refused() -> None:
    assert _texts(ids.compact_ids(Dictionary())) == ["V6a0B", "V6a0B"]
    d = Dictionary()
    d.values.array.release = ARRAY_RELEASE()
    _refused(d, "array.dictionary is released")
    d = Dictionary()
    d.values.schema.release = SCHEMA_RELEASE()
    _refused(d, "schema.dictionary is released")
    d = Dictionary()
    d.array.dictionary = None
    _refused(d, "array.dictionary is NULL, but the type is dictionary-encoded")
    d = Dictionary()
    d.schema.format = b"u"
    _refused(d, 'schema: a dictionary\'s index type must be an integer, not format "u"')
    # A list type that is its own child: refused at the depth limit, its path shortened.
    loop = _schema(b"+l")
    loop.n_children = 1
    loop_children = (C.POINTER(ArrowSchema) * 1)(C.pointer(loop))
    loop.children = loop_children
    c = Column(CODES)
    c.schema = loop
    with pytest.raises(polyid.PolyIdError) as e:
        ids.compact_ids(c)
    assert e.value.code == "INVALID_ARGUMENT"
    assert str(e.value) == (
        "Arrow column: schema.children[0].children[0].children[0](...59 levels...)"
        ".children[0].children[0].children[0]: types nest deeper than 64 levels"
    )


class Stream:
    """A stream of utf8 chunks from ctypes callbacks; `fmt` is the stream's format."""

    def __init__(self, fmt: bytes | None, chunks: list[Column]) -> None:
        self.fmt, self.chunks, self.next = fmt, chunks, 0
        self.get_schema = GET_SCHEMA(self._get_schema)
        self.get_next = GET_NEXT(self._get_next)
        self.release = STREAM_RELEASE(self._release)

    def _get_schema(self, _: Any, out: Any) -> int:
        self.schema = _schema(self.fmt)
        C.memmove(out, C.addressof(self.schema), C.sizeof(ArrowSchema))
        return 0

    def _get_next(self, _: Any, out: Any) -> int:
        if self.next == len(self.chunks):
            C.memset(out, 0, C.sizeof(ArrowArray))
        else:
            C.memmove(out, C.addressof(self.chunks[self.next].array), C.sizeof(ArrowArray))
            self.next += 1
        return 0

    def _release(self, s: Any) -> None:
        releases["stream"] += 1
        s.contents.release = STREAM_RELEASE()

    def __arrow_c_stream__(self, requested_schema: object = None) -> object:
        self.struct = ArrowArrayStream(
            get_schema=self.get_schema, get_next=self.get_next, release=self.release
        )
        return _capsule(self.struct, b"arrow_array_stream")


def test_a_stream_schema_and_chunks_get_the_same_checks() -> None:
    good = ids.compact_ids(Stream(b"u", [Column(CODES)]))
    assert type(good).__name__ == "ChunkedArray" and good.num_chunks == 1
    _refused(Stream(None, []), "schema.format is NULL")
    bad = Column(CODES)
    bad.array.null_count = 7
    _refused(Stream(b"u", [Column(CODES), bad]), "array.null_count is 7: it must be -1 (not computed) or 0 to the length (2)")
    bad = Column(CODES)
    bad.array.buffers = None
    _refused(Stream(b"u", [bad]), "array.buffers is NULL (n_buffers = 3)")


class Generated:
    """A utf8 stream whose chunks a generator makes when they are pulled. At each pull it
    records how many of the chunks it handed out polyid has released; pull `fail_at` (counted
    from 1) fails with EIO and a last error."""

    def __init__(self, chunks: Iterator[Column], fail_at: int | None = None) -> None:
        self.chunks, self.fail_at, self.made = chunks, fail_at, []
        self.released_at_pull: list[int] = []
        self.base = releases["array"]
        self.message = C.create_string_buffer(b"the source went away")
        self.get_schema = GET_SCHEMA(self._get_schema)
        self.get_next = GET_NEXT(self._get_next)
        self.last_error = C.CFUNCTYPE(C.c_void_p, C.POINTER(ArrowArrayStream))(
            lambda _: C.addressof(self.message)
        )
        self.release = STREAM_RELEASE(self._release)

    def _get_schema(self, _: Any, out: Any) -> int:
        self.schema = _schema(b"u")
        C.memmove(out, C.addressof(self.schema), C.sizeof(ArrowSchema))
        return 0

    def _get_next(self, _: Any, out: Any) -> int:
        self.released_at_pull.append(releases["array"] - self.base)
        if len(self.released_at_pull) == self.fail_at:
            return 5
        chunk = next(self.chunks, None)
        if chunk is None:
            C.memset(out, 0, C.sizeof(ArrowArray))
        else:
            self.made.append(chunk)
            C.memmove(out, C.addressof(chunk.array), C.sizeof(ArrowArray))
        return 0

    def _release(self, s: Any) -> None:
        s.contents.release = STREAM_RELEASE()

    def __arrow_c_stream__(self, requested_schema: object = None) -> object:
        self.struct = ArrowArrayStream(
            get_schema=self.get_schema,
            get_next=self.get_next,
            get_last_error=C.cast(self.last_error, GET_LAST_ERROR),
            release=self.release,
        )
        return _capsule(self.struct, b"arrow_array_stream")


def test_a_stream_is_read_a_chunk_at_a_time() -> None:
    # Every chunk is computed and released before the next one is pulled, so a stream of any
    # length is never held whole: at pull k, the k - 1 chunks before it are released.
    stream = Generated(Column(CODES) for _ in range(4))
    out = ids.compact_ids(stream)
    assert (len(out), out.num_chunks) == (8, 4)
    assert stream.released_at_pull == [0, 1, 2, 3, 4]  # four chunks, then the end
    # A pull that fails after chunks were computed: the stream's error, and the chunks
    # before it were already released.
    stream = Generated((Column(CODES) for _ in range(4)), fail_at=3)
    with pytest.raises(polyid.PolyIdError) as e:
        ids.compact_ids(stream)
    assert (e.value.code, str(e.value)) == (
        "INVALID_ARGUMENT",
        "Arrow stream: error 5: the source went away",
    )
    assert stream.released_at_pull == [0, 1, 2]
    # Streams given to a function of several columns are read in step, a chunk of each at a
    # time, as one stream is.
    namespaces = Generated(Column(["auth_lib", "auth_lib"]) for _ in range(4))
    codes = Generated(Column(CODES) for _ in range(4))
    out = ids.full_ids(namespaces, codes)
    assert (len(out), out.num_chunks) == (8, 4)
    # The counts are of both streams' chunks: at the k-th pull of the namespaces, the k - 1
    # chunks of them before it are released and k - 2 of the codes (the codes' chunk k - 1
    # is let go at their own next pull, which comes after).
    assert namespaces.released_at_pull == [0, 1, 3, 5, 7]
    assert codes.released_at_pull == [0, 2, 4, 6, 8]


def _saved(callback: Any) -> Any:
    """A copy of a callback field's pointer (reading the field gives a view of the struct's
    memory, which the callback itself sets to NULL)."""
    return type(callback)(C.cast(callback, C.c_void_p).value)


def _release_twice(struct: Any, pointer_type: Any) -> None:
    assert struct.release
    release = _saved(struct.release)
    release(C.cast(C.addressof(struct), pointer_type))
    assert not struct.release
    release(C.cast(C.addressof(struct), pointer_type))  # the second call does nothing
    assert not struct.release


def test_exported_structs_may_be_released_twice() -> None:
    result = ids.compact_ids(Column(["E.Auth.Token.MISSING", "bad"]), on_error="null")
    for _ in range(2):
        schema_capsule, array_capsule = result.__arrow_c_array__()
        schema = ArrowSchema.from_address(_capsule_pointer(schema_capsule, b"arrow_schema"))
        array = ArrowArray.from_address(_capsule_pointer(array_capsule, b"arrow_array"))
        assert (schema.format, schema.n_children, array.n_children) == (b"+s", 2, 2)
        # A child released twice in place, then the parent (which skips it), twice.
        _release_twice(array.children[0].contents, C.POINTER(ArrowArray))
        _release_twice(schema.children[1].contents, C.POINTER(ArrowSchema))
        _release_twice(array, C.POINTER(ArrowArray))
        _release_twice(schema, C.POINTER(ArrowSchema))
        del schema, array, schema_capsule, array_capsule  # the destructors find them released
    # The stream's schema, chunks and the stream itself.
    stream_capsule = ids.compact_ids(Column(CODES)).__arrow_c_stream__()
    stream = ArrowArrayStream.from_address(_capsule_pointer(stream_capsule, b"arrow_array_stream"))
    p = C.cast(C.addressof(stream), C.POINTER(ArrowArrayStream))
    schema, chunk = ArrowSchema(), ArrowArray()
    assert stream.get_schema(p, C.pointer(schema)) == 0 and schema.format == b"u"
    _release_twice(schema, C.POINTER(ArrowSchema))
    assert stream.get_next(p, C.pointer(chunk)) == 0 and chunk.length == 2
    _release_twice(chunk, C.POINTER(ArrowArray))
    get_next = _saved(stream.get_next)
    _release_twice(stream, C.POINTER(ArrowArrayStream))
    # A callback kept past the release fails (EINVAL) instead of reading freed memory.
    assert get_next(p, C.pointer(chunk)) == 22
    del stream, stream_capsule
