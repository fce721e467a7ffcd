"""polyid: compact identifiers computed by one Rust core, identical in every language.

Families: WDP compact IDs (``compact_id``), uid11 and xid (``uid11_encode``, ``Xid``),
TID (``Tid``, ``TidGenerator``) and EUID (``Euid``, ``EuidGenerator``). Every value is
computed by the Rust core (``polyid._polyid``); this package only re-exports it.
"""

from ._polyid import (
    ERROR_CODES,
    Euid,
    EuidGenerator,
    PolyIdError,
    StructuredCode,
    Tid,
    TidGenerator,
    Xid,
    __version__,
    compact_id,
    compact_ids,
    full_id,
    namespace_hash,
    normalize_code,
    parse_code,
    parse_full_id,
    tid_prefix_range,
    uid11_decode,
    uid11_encode,
    uid11_prefix_range,
    xid_prefix_range,
)

__all__ = [
    "ERROR_CODES",
    "Euid",
    "EuidGenerator",
    "PolyIdError",
    "StructuredCode",
    "Tid",
    "TidGenerator",
    "Xid",
    "__version__",
    "compact_id",
    "compact_ids",
    "full_id",
    "namespace_hash",
    "normalize_code",
    "parse_code",
    "parse_full_id",
    "tid_prefix_range",
    "uid11_decode",
    "uid11_encode",
    "uid11_prefix_range",
    "xid_prefix_range",
]
