"""A pure-Python WDP compact ID on PyPI ``xxhash``, written from docs/spec section 1.

Not part of polyid: an independent oracle for the tests and the "pure Python" peer of the
benchmark. Only the common path is implemented (valid codes; named sequences from the
standard table); it raises ValueError for anything else.
"""

from __future__ import annotations

import re

import xxhash

CODE_SEED = 0x000031762D706477
NAMESPACE_SEED = 0x31762D736E706477
BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
NAMES = {
    "MISSING": 1, "MISMATCH": 2, "INVALID": 3, "OVERFLOW": 4, "UNDERFLOW": 5,
    "OUT_OF_BOUNDS": 6, "DUPLICATE": 7, "DENIED": 8, "UNSUPPORTED": 9, "DEPRECATED": 10,
    "UNINITIALIZED": 11, "ALREADY_INIT": 12, "CLOSED": 13, "CANCELLED": 14,
    "IN_PROGRESS": 15, "NOT_READY": 16, "TIMEOUT": 17, "STALE": 18, "NOT_FOUND": 21,
    "ALREADY_EXISTS": 22, "CONFLICT": 23, "LOCKED": 24, "CORRUPTED": 25, "EXHAUSTED": 26,
    "UNAVAILABLE": 27, "UNREACHABLE": 28, "DISCONNECTED": 29, "PARTIAL": 998, "COMPLETE": 999,
}
_CODE = re.compile(
    r"([EWCBSKITH])\.([A-Z][A-Z0-9]{0,15})\.([A-Z][A-Z0-9]{0,15})\.(\d{3}|[A-Z][A-Z0-9_]{0,31})"
)


def _base62(h: int) -> str:
    v = (h & 0xFF_FFFF_FFFF) % 62**5
    out = []
    for _ in range(5):
        v, d = divmod(v, 62)
        out.append(BASE62[d])
    return "".join(reversed(out))


def normalize(code: str) -> str:
    if not code.isascii():
        raise ValueError("non-ASCII")
    m = _CODE.fullmatch(code.strip(" \t\n\v\f\r").upper())
    if m is None:
        raise ValueError("invalid code")
    sev, comp, prim, seq = m.groups()
    n = int(seq) if seq.isdigit() else NAMES.get(seq, 0)
    if not 1 <= n <= 999:
        raise ValueError("invalid sequence")
    return f"{sev}.{comp}.{prim}.{n:03d}"


def compact_id(code: str) -> str:
    return _base62(xxhash.xxh3_64_intdigest(normalize(code).encode(), seed=CODE_SEED))


def namespace_hash(namespace: str) -> str:
    if re.fullmatch(r"[a-z][a-z0-9_]{0,15}", namespace) is None:
        raise ValueError("invalid namespace")
    return _base62(xxhash.xxh3_64_intdigest(namespace.encode(), seed=NAMESPACE_SEED))
