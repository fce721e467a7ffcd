"""polyid over Arrow columns (see polyid/arrow.py and bindings-python/README.md)."""

from typing import Literal, final, Mapping, Optional, Protocol, Tuple, Union

from . import Catalog, EuidGenerator, TidGenerator, XidGenerator

class _ArrowArrayExportable(Protocol):
    """An object with ``__arrow_c_array__`` (the Arrow PyCapsule interface)."""

    def __arrow_c_array__(self, requested_schema: Optional[object] = None) -> Tuple[object, object]: ...

class _ArrowStreamExportable(Protocol):
    """An object with ``__arrow_c_stream__`` (the Arrow PyCapsule interface)."""

    def __arrow_c_stream__(self, requested_schema: Optional[object] = None) -> object: ...

#: Any Arrow column: an array, or a chunked array / stream.
_Column = Union[_ArrowArrayExportable, _ArrowStreamExportable]

@final
class Array:
    """An Arrow array computed by polyid. It exports the Arrow PyCapsule interface
    (`__arrow_c_array__`, `__arrow_c_schema__`, and `__arrow_c_stream__` as one chunk): read
    it with `pyarrow.array(a)`, `polars.Series(a)` or any other consumer, without a copy."""

    def __arrow_c_array__(self, requested_schema: Optional[object] = None) -> Tuple[object, object]: ...
    def __arrow_c_schema__(self) -> object: ...
    def __arrow_c_stream__(self, requested_schema: Optional[object] = None) -> object: ...
    def __len__(self) -> int: ...

@final
class ChunkedArray:
    """A chunked Arrow array computed by polyid, one chunk per input chunk. It exports the Arrow
    PyCapsule interface (`__arrow_c_stream__`, `__arrow_c_schema__`): read it with
    `pyarrow.chunked_array(c)`, `polars.Series(c)` or any other consumer, without a copy."""

    def __arrow_c_stream__(self, requested_schema: Optional[object] = None) -> object: ...
    def __arrow_c_schema__(self) -> object: ...
    def __len__(self) -> int: ...
    @property
    def num_chunks(self) -> int:
        """The number of chunks."""

#: A result: an Array (for an array input) or a ChunkedArray (for a stream input); both
#: export the Arrow PyCapsule interface for any Arrow consumer.
_Result = Union[Array, ChunkedArray]

__all__ = [
    "Array",
    "ChunkedArray",
    "catalog_lookup",
    "compact_ids",
    "euid_encode",
    "euid_extensions",
    "euid_from_parts",
    "euid_generate",
    "euid_parse",
    "euid_timestamps",
    "full_ids",
    "namespace_hashes",
    "normalize_codes",
    "tid_clock_ids",
    "tid_encode",
    "tid_from_parts",
    "tid_generate",
    "tid_parse",
    "tid_timestamps",
    "uid11_decode",
    "uid11_encode",
    "validate_codes",
    "xid_encode",
    "xid_from_parts",
    "xid_generate",
    "xid_parse",
    "xid_randoms",
    "xid_timestamps",
]

_OnError = Literal["raise", "null"]
_Profile = Optional[Literal["polyid", "atproto", "euid", "waddling"]]
_NamedSequences = Optional[Mapping[str, int]]

def compact_ids(
    codes: _Column,
    named_sequences: _NamedSequences = None,
    *,
    profile: _Profile = None,
    on_error: _OnError = "raise",
) -> _Result:
    """The compact ID of every code: a string column of 5-character IDs."""

def namespace_hashes(
    namespaces: _Column, *, profile: _Profile = None, on_error: _OnError = "raise"
) -> _Result:
    """The namespace hash of every namespace: a string column of 5-character hashes."""

def full_ids(
    namespace: Union[str, _Column],
    codes: _Column,
    named_sequences: _NamedSequences = None,
    *,
    profile: _Profile = None,
    on_error: _OnError = "raise",
) -> _Result:
    """The full ID "<namespace hash>-<compact id>" of every code: in one namespace (a str),
    or in the namespace of its row (a text column of the same length)."""

def normalize_codes(
    codes: _Column, named_sequences: _NamedSequences = None, *, on_error: _OnError = "raise"
) -> _Result:
    """The normalized form of every code (uppercase, trimmed, named sequence resolved)."""

def validate_codes(
    codes: _Column, named_sequences: _NamedSequences = None, *, profile: _Profile = None
) -> _Result:
    """The error code of every code: null where the code is valid (or null)."""

def catalog_lookup(catalog: Catalog, ids: _Column, *, on_error: _OnError = "raise") -> _Result:
    """The catalog entry of every ID: a struct column {code, message} (message unexpanded)."""

def tid_encode(tids: _Column, *, display: bool = False, on_error: _OnError = "raise") -> _Result:
    """The text of every TID (13 symbols, or the dashed display form)."""

def tid_parse(tids: _Column, *, profile: _Profile = None, on_error: _OnError = "raise") -> _Result:
    """The value of every TID (int64)."""

def tid_timestamps(
    tids: _Column, *, profile: _Profile = None, on_error: _OnError = "raise"
) -> _Result:
    """The timestamp of every TID (timestamp[us, UTC])."""

def tid_clock_ids(
    tids: _Column, *, profile: _Profile = None, on_error: _OnError = "raise"
) -> _Result:
    """The clock id of every TID (uint16)."""

def tid_from_parts(micros: _Column, clock_ids: _Column, *, on_error: _OnError = "raise") -> _Result:
    """TID values (int64) from microseconds (integers or timestamp[us]) and clock ids."""

def tid_generate(count: int, generator: Optional[TidGenerator] = None) -> _Result:
    """count new TIDs as a string column, in increasing order."""

def xid_encode(xids: _Column, *, on_error: _OnError = "raise") -> _Result:
    """The text of every xid (11 symbols)."""

def xid_parse(xids: _Column, *, on_error: _OnError = "raise") -> _Result:
    """The value of every xid (uint64)."""

def xid_timestamps(xids: _Column, *, on_error: _OnError = "raise") -> _Result:
    """The timestamp of every xid (timestamp[ms, UTC])."""

def xid_randoms(xids: _Column, *, on_error: _OnError = "raise") -> _Result:
    """The 22 random bits of every xid (uint32)."""

def xid_from_parts(unix_ms: _Column, randoms: _Column, *, on_error: _OnError = "raise") -> _Result:
    """xid values (uint64) from Unix milliseconds (integers or timestamp[ms]) and random bits."""

def xid_generate(count: int, generator: Optional[XidGenerator] = None) -> _Result:
    """count new xids as a string column."""

def uid11_encode(values: _Column, *, on_error: _OnError = "raise") -> _Result:
    """The uid11 text of every integer (11 symbols)."""

def uid11_decode(texts: _Column, *, on_error: _OnError = "raise") -> _Result:
    """The value of every uid11 text (uint64)."""

def euid_encode(euids: _Column, *, checkmod: bool = True, on_error: _OnError = "raise") -> _Result:
    """The text of every EUID (27 symbols, with or without the check symbol)."""

def euid_parse(euids: _Column, *, profile: _Profile = None, on_error: _OnError = "raise") -> _Result:
    """The value of every EUID (fixed_size_binary(16), big-endian)."""

def euid_timestamps(
    euids: _Column, *, profile: _Profile = None, on_error: _OnError = "raise"
) -> _Result:
    """The timestamp of every EUID (timestamp[ms, UTC])."""

def euid_extensions(
    euids: _Column, *, profile: _Profile = None, on_error: _OnError = "raise"
) -> _Result:
    """The extension of every EUID (uint16, null when it has none)."""

def euid_from_parts(
    unix_ms: _Column,
    randoms: _Column,
    *,
    extensions: Optional[_Column] = None,
    paddings: Optional[_Column] = None,
    on_error: _OnError = "raise",
) -> _Result:
    """EUID values (fixed_size_binary(16)) from their fields; a null extension is none.

    A row's parts are checked in the order unix_ms, extension, padding, random (as every
    runtime checks an EUID's), the first one out of its range naming the row's error."""

def euid_generate(count: int, generator: Optional[EuidGenerator] = None) -> _Result:
    """count new EUIDs as a string column (with the check symbol), in increasing order."""
