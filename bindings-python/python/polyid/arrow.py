"""polyid.arrow: polyid over Arrow columns, a column in and a column out.

Every function takes any object that exports the Arrow PyCapsule interface: an array
(``__arrow_c_array__``: pyarrow, arro3, nanoarrow, pandas Arrow-backed data through pyarrow)
gives an array back; a stream (``__arrow_c_stream__`` only: a pyarrow ChunkedArray, a Polars
Series, a DuckDB result column) gives a chunked array back, one output chunk per input
chunk. The results (``Array``, ``ChunkedArray``) export the same interface, so
``pyarrow.array(r)``, ``pyarrow.chunked_array(r)``, ``polars.Series(r)`` and DuckDB read them
without a copy.

Text inputs may be ``string``, ``large_string`` or ``string_view``, or dictionary-encoded
text (a Polars ``Categorical``, ``pyarrow.DictionaryArray``); text outputs are ``string``.
Nulls stay null. With ``on_error="raise"`` (the default) the first invalid row raises
``polyid.PolyIdError`` naming the row (``.item``), its input (``.input``) and the stable
``.code``; with ``on_error="null"`` the result is a struct column ``{value, error}``:
the values with null for invalid rows, and each invalid row's error code.

This module imports no dataframe library: the columns cross through the capsules only.
"""

from ._polyid import Array, ChunkedArray
from ._polyid import arrow as _columns

# The extension module keeps the column functions in a module object of their own (named
# "polyid.arrow"), so that they carry these names.
catalog_lookup = _columns.catalog_lookup
compact_ids = _columns.compact_ids
euid_encode = _columns.euid_encode
euid_extensions = _columns.euid_extensions
euid_from_parts = _columns.euid_from_parts
euid_generate = _columns.euid_generate
euid_parse = _columns.euid_parse
euid_timestamps = _columns.euid_timestamps
full_ids = _columns.full_ids
namespace_hashes = _columns.namespace_hashes
normalize_codes = _columns.normalize_codes
tid_clock_ids = _columns.tid_clock_ids
tid_encode = _columns.tid_encode
tid_from_parts = _columns.tid_from_parts
tid_generate = _columns.tid_generate
tid_parse = _columns.tid_parse
tid_timestamps = _columns.tid_timestamps
uid11_decode = _columns.uid11_decode
uid11_encode = _columns.uid11_encode
validate_codes = _columns.validate_codes
xid_encode = _columns.xid_encode
xid_from_parts = _columns.xid_from_parts
xid_generate = _columns.xid_generate
xid_parse = _columns.xid_parse
xid_randoms = _columns.xid_randoms
xid_timestamps = _columns.xid_timestamps

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
