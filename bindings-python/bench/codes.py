"""Seeded columns of WDP codes that cover the whole valid space, for the benchmarks.

A code is `SEVERITY.COMPONENT.PRIMARY.SEQUENCE`: the severity one of nine letters in either
case; the component and the primary 1 to 16 letters and digits (a letter first), in upper,
lower, capitalized or mixed case; the sequence three digits (001-999) or a standard name in
any case; a share of the codes padded with white space at either end. `invalid` is the share
of rows whose code is invalid (each of the ways a code can be wrong), for `on_error="null"`.

- `repeated(rows, distinct)`: `distinct` such codes (a service's catalog), each row one of
  them at random;
- `all_distinct(rows)`: `rows` codes no two of which have the same bytes (no row can be
  answered from an earlier one).
"""

from __future__ import annotations

import random

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

# docs/spec/wdp.md, the standard named sequences.
NAMES = (
    "MISSING MISMATCH INVALID OVERFLOW UNDERFLOW OUT_OF_BOUNDS DUPLICATE DENIED UNSUPPORTED "
    "DEPRECATED UNINITIALIZED ALREADY_INIT CLOSED CANCELLED IN_PROGRESS NOT_READY TIMEOUT STALE "
    "NOT_FOUND ALREADY_EXISTS CONFLICT LOCKED CORRUPTED EXHAUSTED UNAVAILABLE UNREACHABLE "
    "DISCONNECTED PARTIAL COMPLETE"
).split()
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ALNUM = LETTERS + "0123456789"
SPACES = (" ", "  ", "\t", "\n", " \r\n")
# Ways a code is invalid, each a change of a valid one.
BROKEN = (
    lambda r, c: "X" + c[1:],                      # unknown severity
    lambda r, c: c.rsplit(".", 1)[0] + ".000",     # reserved sequence
    lambda r, c: c.rsplit(".", 1)[0] + ".NOPE",    # unknown name
    lambda r, c: c.replace(".", "..", 1),          # five fields
    lambda r, c: c.rsplit(".", 1)[0],              # three fields
    lambda r, c: c[:2] + "A" * 17 + c[c.index(".", 2):],  # component too long
    lambda r, c: c[:2] + "1" + c[2:],              # component starts with a digit
    lambda r, c: c[:2] + "\u00e9" + c[2:],         # non-ASCII
    lambda r, c: "",                               # empty
)


def _case(r: random.Random, word: str) -> str:
    pick = r.random()
    if pick < 0.4:
        return word
    if pick < 0.6:
        return word.lower()
    if pick < 0.9:
        return word.capitalize()
    return "".join(ch.lower() if r.random() < 0.5 else ch for ch in word)


def _field(r: random.Random) -> str:
    # Lengths 1-16, most between 5 and 12 (median about 8).
    n = min(16, max(1, round(r.gauss(8.5, 3.5))))
    return _case(r, r.choice(LETTERS) + "".join(r.choices(ALNUM, k=n - 1)))


def _stem(r: random.Random) -> str:
    """Severity, component and primary, with the dot that follows them."""
    return f"{_case(r, r.choice('EWCBSKITH'))}.{_field(r)}.{_field(r)}."


def _sequence(r: random.Random) -> str:
    if r.random() < 0.3:
        return _case(r, r.choice(NAMES))
    return f"{r.randrange(1, 1000):03d}"


def _pad(r: random.Random, code: str, share: float = 0.1, before: bool = True,
         after: bool = True) -> str:
    """`code`, in a `share` of the calls with white space before or after it."""
    if r.random() < share:
        if before and (not after or r.random() < 0.5):
            return r.choice(SPACES) + code
        if after:
            return code + r.choice(SPACES)
    return code


def _codes(r: random.Random, n: int, invalid: float) -> list[str]:
    out = []
    for _ in range(n):
        code = _stem(r) + _sequence(r)
        if r.random() < invalid:
            code = r.choice(BROKEN)(r, code)
        out.append(_pad(r, code))
    return out


def repeated(rows: int, distinct: int = 2_000, invalid: float = 0.0, seed: int = 38) -> pa.Array:
    r = random.Random(seed)
    pool = pa.array(_codes(r, distinct, invalid))
    picks = np.random.default_rng(seed).integers(0, distinct, rows, dtype=np.int32)
    return pool.take(pa.array(picks))


def all_distinct(rows: int, invalid: float = 0.0, seed: int = 38) -> pa.Array:
    """`rows` codes with different bytes: each of `stems` distinct stems (severity,
    component, primary, padding before) takes a different sequence in each of its rows
    (its row number among the stem's rows, offset by the stem, picks from the sequences)."""
    r = random.Random(seed)
    stems_n = min(rows, 250_000)
    stems: list[str] = []
    seen: set[str] = set()
    while len(stems) < stems_n:
        stem = _stem(r)
        if stem not in seen:
            seen.add(stem)
            stems.append(_pad(r, stem, 0.05, after=False))
    sequences = sorted({f"{i:03d}" for i in range(1, 1000)} | {n for n in NAMES}
                       | {n.lower() for n in NAMES} | {n.capitalize() for n in NAMES})
    r.shuffle(sequences)
    rounds = -(-rows // stems_n)
    if rounds > len(sequences):
        raise ValueError(f"at most {stems_n * len(sequences):,} distinct rows")
    tails = [_pad(r, s, 0.05, before=False) for s in sequences]
    i = np.arange(rows, dtype=np.int64)
    stem_of = i % stems_n
    offset = np.random.default_rng(seed).integers(0, len(tails), stems_n)
    tail_of = (i // stems_n + offset[stem_of]) % len(tails)
    column = pc.binary_join_element_wise(
        pa.array(stems).take(pa.array(stem_of)), pa.array(tails).take(pa.array(tail_of)), ""
    )
    if invalid:
        bad = np.random.default_rng(seed + 1).random(rows) < invalid
        broken = [r.choice(BROKEN)(r, c) + f"#{k}" for k, c in
                  enumerate(column.filter(pa.array(bad)).to_pylist())]
        column = pc.replace_with_mask(column, pa.array(bad), pa.array(broken, pa.string()))
    return column
