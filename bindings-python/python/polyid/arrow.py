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

from ._polyid import (
    Array,
    ChunkedArray,
    arrow_catalog_lookup as catalog_lookup,
    arrow_compact_ids as compact_ids,
    arrow_euid_encode as euid_encode,
    arrow_euid_extensions as euid_extensions,
    arrow_euid_from_parts as euid_from_parts,
    arrow_euid_generate as euid_generate,
    arrow_euid_parse as euid_parse,
    arrow_euid_timestamps as euid_timestamps,
    arrow_full_ids as full_ids,
    arrow_namespace_hashes as namespace_hashes,
    arrow_normalize_codes as normalize_codes,
    arrow_tid_clock_ids as tid_clock_ids,
    arrow_tid_encode as tid_encode,
    arrow_tid_from_parts as tid_from_parts,
    arrow_tid_generate as tid_generate,
    arrow_tid_parse as tid_parse,
    arrow_tid_timestamps as tid_timestamps,
    arrow_uid11_decode as uid11_decode,
    arrow_uid11_encode as uid11_encode,
    arrow_validate_codes as validate_codes,
    arrow_xid_encode as xid_encode,
    arrow_xid_from_parts as xid_from_parts,
    arrow_xid_generate as xid_generate,
    arrow_xid_parse as xid_parse,
    arrow_xid_randoms as xid_randoms,
    arrow_xid_timestamps as xid_timestamps,
)

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
