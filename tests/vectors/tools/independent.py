#!/usr/bin/env python3
"""Independent implementation of the polyid identifier families, written from
the specification (docs/spec/) and the original drafts (never from polyid's own code).

It is the generator and the checker of the shared vectors in ../*.json:

    python3 tools/independent.py            # same as --check
    python3 tools/independent.py --check    # verify every case in every JSON file
    python3 tools/independent.py --write    # regenerate the JSON files from the case
                                            # definitions at the bottom of this file
    python3 tools/independent.py --selftest # only assert the docs/spec vectors

Every mode first asserts that this implementation reproduces every vector quoted in
docs/spec sections 1-4 (see spec_selftest()). --check exits non-zero on any mismatch.

WDP needs the PyPI package `xxhash` (xxh3_64; `make vectors-check` runs this script from the
repo's .venv, where it installs tools/requirements.txt). If it is not importable, the script
re-executes itself with the interpreter named by $POLYID_VECTORS_PYTHON or, failing that,
/tmp/vecvenv/bin/python3 (python3 -m venv /tmp/vecvenv && /tmp/vecvenv/bin/pip install xxhash).
Only the standard library is needed otherwise.
"""

import argparse
import datetime
import json
import os
import re
import sys

# --------------------------------------------------------------------------------------
# xxhash import (re-exec into a venv that has it)
# --------------------------------------------------------------------------------------


def _load_xxhash():
    try:
        import xxhash  # noqa: F401

        return xxhash
    except ImportError:
        pass
    if not os.environ.get("POLYID_VECTORS_REEXEC"):
        candidates = [os.environ.get("POLYID_VECTORS_PYTHON"), "/tmp/vecvenv/bin/python3"]
        for py in candidates:
            if py and os.path.exists(py):
                os.environ["POLYID_VECTORS_REEXEC"] = "1"
                # The script that was run (this file, or one that imports it).
                os.execv(py, [py, os.path.abspath(sys.argv[0])] + sys.argv[1:])
    sys.exit(
        "independent.py: the PyPI package 'xxhash' is required for WDP. Install it, e.g.\n"
        "  python3 -m venv /tmp/vecvenv && /tmp/vecvenv/bin/pip install xxhash\n"
        "or point POLYID_VECTORS_PYTHON at an interpreter that has it."
    )


xxhash = _load_xxhash()

HERE = os.path.dirname(os.path.abspath(__file__))
VECTOR_DIR = os.path.dirname(HERE)
FAMILIES = ["wdp", "uid11", "xid", "tid", "euid"]

U64_MAX = (1 << 64) - 1
U128_MAX = (1 << 128) - 1


class VecError(Exception):
    """A stable error code plus optional detail fields."""

    def __init__(self, code, **detail):
        super().__init__(code, detail)
        self.code = code
        self.detail = detail


def out_of_range():
    return VecError("OUT_OF_RANGE")


def invalid_length(found, expected):
    return VecError("INVALID_LENGTH", found=found, expected=expected)


def invalid_character(index, character):
    return VecError("INVALID_CHARACTER", index=index, character=character)


def as_int(x, lo, hi):
    """A JSON integer input (number or decimal string) that must lie in [lo, hi]."""
    if isinstance(x, bool):
        raise out_of_range()
    if isinstance(x, str):
        if not re.fullmatch(r"-?[0-9]+", x):
            raise out_of_range()
        x = int(x)
    if not isinstance(x, int) or not lo <= x <= hi:
        raise out_of_range()
    return x


def utf8_len(s):
    return len(s.encode("utf-8"))


# --------------------------------------------------------------------------------------
# 1. WDP compact IDs (docs/spec §1)
# --------------------------------------------------------------------------------------

WDP_CODE_SEED = 0x000031762D706477  # "wdp-v1\0\0" little-endian
WDP_NAMESPACE_SEED = 0x31762D736E706477  # "wdpns-v1" little-endian
BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
ASCII_WS = " \t\n\x0b\x0c\r"  # exactly these six are trimmed

SEVERITIES = {
    "T": ("Trace", 0),
    "I": ("Info", 1),
    "K": ("Completed", 2),
    "S": ("Success", 3),
    "H": ("Help", 4),
    "W": ("Warning", 5),
    "C": ("Critical", 6),
    "B": ("Blocked", 7),
    "E": ("Error", 8),
}
BLOCKING = {"E", "B"}

STANDARD_SEQUENCES = {
    "MISSING": 1, "MISMATCH": 2, "INVALID": 3, "OVERFLOW": 4, "UNDERFLOW": 5,
    "OUT_OF_BOUNDS": 6, "DUPLICATE": 7, "DENIED": 8, "UNSUPPORTED": 9, "DEPRECATED": 10,
    "UNINITIALIZED": 11, "ALREADY_INIT": 12, "CLOSED": 13, "CANCELLED": 14,
    "IN_PROGRESS": 15, "NOT_READY": 16, "TIMEOUT": 17, "STALE": 18, "NOT_FOUND": 21,
    "ALREADY_EXISTS": 22, "CONFLICT": 23, "LOCKED": 24, "CORRUPTED": 25, "EXHAUSTED": 26,
    "UNAVAILABLE": 27, "UNREACHABLE": 28, "DISCONNECTED": 29, "PARTIAL": 998, "COMPLETE": 999,
}

IDENT_RE = re.compile(r"[A-Za-z][A-Za-z0-9]{0,15}")
SEQ_NAME_RE = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,31}")
NAMESPACE_RE = re.compile(r"[a-z][a-z0-9_]{0,15}")


def base62_5(v40):
    v = v40 % 62**5
    digits = []
    for _ in range(5):
        digits.append(BASE62[v % 62])
        v //= 62
    return "".join(reversed(digits))


def wdp_hash5(text, seed):
    h = xxhash.xxh3_64_intdigest(text.encode("utf-8"), seed=seed)
    return base62_5(h & 0xFF_FFFF_FFFF)  # LOW 40 bits (docs/spec §1.2 erratum)


def wdp_reject_non_ascii(s):
    for i, ch in enumerate(s):
        if ord(ch) > 0x7F:
            raise VecError("NON_ASCII", index=i, character=ch)


def ascii_trim(s):
    start, end = 0, len(s)
    while start < end and s[start] in ASCII_WS:
        start += 1
    while end > start and s[end - 1] in ASCII_WS:
        end -= 1
    return s[start:end]


def wdp_sequence_table(named_sequences):
    table = dict(STANDARD_SEQUENCES)
    for name, number in (named_sequences or {}).items():
        if not isinstance(name, str) or any(ord(c) > 0x7F for c in name) \
                or not SEQ_NAME_RE.fullmatch(name):
            raise VecError("INVALID_SEQUENCE")
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 999:
            raise VecError("INVALID_SEQUENCE")
        key = name.upper()
        if key in STANDARD_SEQUENCES and STANDARD_SEQUENCES[key] != number:
            raise VecError("INVALID_SEQUENCE")
        table[key] = number
    return table


def wdp_parse(code, named_sequences=None):
    # The caller's names are a table built before any code is read ("Caller names").
    table = wdp_sequence_table(named_sequences)
    wdp_reject_non_ascii(code)  # (1)
    fields = ascii_trim(code).split(".")  # (2), (3)
    if len(fields) != 4:
        raise VecError("INVALID_FORMAT")
    sev, comp, prim, seq = fields
    if len(sev) != 1 or sev.upper() not in SEVERITIES:  # (4)
        raise VecError("INVALID_SEVERITY")
    if not IDENT_RE.fullmatch(comp):  # (5)
        raise VecError("INVALID_COMPONENT")
    if not IDENT_RE.fullmatch(prim):  # (6)
        raise VecError("INVALID_PRIMARY")
    if seq[:1] in tuple("0123456789") and seq != "":  # (7) numeric
        if not re.fullmatch(r"[0-9]{3}", seq) or seq == "000":
            raise VecError("INVALID_SEQUENCE")
        number = int(seq)
    else:  # (7) named
        if not SEQ_NAME_RE.fullmatch(seq):
            raise VecError("INVALID_SEQUENCE")
        if seq.upper() not in table:
            raise VecError("UNKNOWN_NAMED_SEQUENCE")
        number = table[seq.upper()]
    sev = sev.upper()
    normalized = "%s.%s.%s.%03d" % (sev, comp.upper(), prim.upper(), number)
    meaning, priority = SEVERITIES[sev]
    return {
        "severity": sev,
        "meaning": meaning,
        "priority": priority,
        "blocking": sev in BLOCKING,
        "component": comp.upper(),
        "primary": prim.upper(),
        "sequence": number,
        "normalized": normalized,
        "compact_id": wdp_hash5(normalized, WDP_CODE_SEED),
    }


def wdp_namespace_hash(namespace):
    wdp_reject_non_ascii(namespace)
    if not NAMESPACE_RE.fullmatch(namespace):
        raise VecError("INVALID_NAMESPACE")
    return wdp_hash5(namespace, WDP_NAMESPACE_SEED)


def wdp_parse_full_id(full_id):
    n = utf8_len(full_id)
    if n != 11:
        raise invalid_length(n, 11)
    for i, ch in enumerate(full_id):
        ok = ch == "-" if i == 5 else ch in BASE62
        if not ok:
            raise invalid_character(i, ch)
    return {"namespace_hash": full_id[:5], "compact_id": full_id[6:]}


def op_compact_id(inp):
    return wdp_parse(inp["code"], inp.get("named_sequences"))["compact_id"]


def op_normalize_code(inp):
    return wdp_parse(inp["code"], inp.get("named_sequences"))["normalized"]


def op_parse_code(inp):
    return wdp_parse(inp["code"], inp.get("named_sequences"))


def op_namespace_hash(inp):
    return wdp_namespace_hash(inp["namespace"])


def op_full_id(inp):
    wdp_sequence_table(inp.get("named_sequences"))  # the caller's table, before either text
    ns = wdp_namespace_hash(inp["namespace"])
    return ns + "-" + wdp_parse(inp["code"], inp.get("named_sequences"))["compact_id"]


def op_parse_full_id(inp):
    return wdp_parse_full_id(inp["id"])


# --------------------------------------------------------------------------------------
# 2. uid11 and xid (docs/spec §2)
# --------------------------------------------------------------------------------------

BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
XID_EPOCH_MS = 1321009871111  # 2011-11-11T11:11:11.111Z


def uid11_encode(value):
    v = value
    out = []
    for _ in range(11):
        out.append(BASE58[v % 58])
        v //= 58
    assert v == 0
    return "".join(reversed(out))


def base58_symbols(text):
    v = 0
    for i, ch in enumerate(text):
        if ch not in BASE58:
            raise invalid_character(i, ch)
        v = v * 58 + BASE58.index(ch)
    return v


def uid11_decode(text):
    n = utf8_len(text)
    if n != 11:
        raise invalid_length(n, 11)
    v = base58_symbols(text)
    if v > U64_MAX:
        raise VecError("OVERFLOW")
    return v


def uid11_prefix_range(prefix):
    n = utf8_len(prefix)
    if n > 11:
        raise invalid_length(n, 11)
    v = base58_symbols(prefix)
    scale = 58 ** (11 - len(prefix))
    lo = v * scale
    if lo > U64_MAX:
        return None
    return lo, min(lo + scale - 1, U64_MAX)


def xid_output(value):
    return {
        "text": uid11_encode(value),
        "value": str(value),
        "unix_ms": (value >> 22) + XID_EPOCH_MS,
        "random": value & ((1 << 22) - 1),
    }


def op_uid11_encode(inp):
    return uid11_encode(as_int(inp["value"], 0, U64_MAX))


def op_uid11_decode(inp):
    return str(uid11_decode(inp["text"]))


def op_uid11_prefix_range(inp):
    r = uid11_prefix_range(inp["prefix"])
    return None if r is None else [str(r[0]), str(r[1])]


def op_xid_from_parts(inp):
    unix_ms = as_int(inp["unix_ms"], XID_EPOCH_MS, XID_EPOCH_MS + (1 << 42) - 1)
    rnd = as_int(inp["random"], 0, (1 << 22) - 1)
    return xid_output(((unix_ms - XID_EPOCH_MS) << 22) | rnd)


def op_xid_parse(inp):
    return xid_output(uid11_decode(inp["text"]))


def op_xid_prefix_range(inp):
    r = uid11_prefix_range(inp["prefix"])
    if r is None:
        return None
    return {"min_unix_ms": (r[0] >> 22) + XID_EPOCH_MS, "max_unix_ms": (r[1] >> 22) + XID_EPOCH_MS}


# --------------------------------------------------------------------------------------
# 3. TID (docs/spec §3)
# --------------------------------------------------------------------------------------

BASE32LEX = "234567abcdefghijklmnopqrstuvwxyz"
TID_MAX_MICROS = (1 << 53) - 1
TID_DASHES = (4, 8, 13)  # STTT-TTT-TTTT-CC


def b32lex(v, width):
    out = []
    for _ in range(width):
        out.append(BASE32LEX[v & 31])
        v >>= 5
    assert v == 0
    return "".join(reversed(out))


def tid_output(micros, clock_id):
    text = b32lex(micros & ((1 << 55) - 1), 11) + b32lex(clock_id, 2)
    return {
        "text": text,
        "display": "%s-%s-%s-%s" % (text[0:4], text[4:7], text[7:11], text[11:13]),
        "value": str((micros << 10) | clock_id),
        "micros": str(micros),
        "clock_id": clock_id,
    }


def tid_first_symbol_ok(sym):
    i = BASE32LEX.index(sym)
    return i <= 7 or i >= 24  # '2'-'b' non-negative, 's'-'z' negative; 'c'-'r' invalid


def tid_parse(text):
    n = utf8_len(text)
    if n not in (13, 16):
        raise invalid_length(n, 13)
    syms = []
    for i, ch in enumerate(text):
        if n == 16 and i in TID_DASHES:
            if ch != "-":
                raise invalid_character(i, ch)
            continue
        if ch not in BASE32LEX:
            raise invalid_character(i, ch)
        syms.append(ch)
    assert len(syms) == 13
    if not tid_first_symbol_ok(syms[0]):
        raise out_of_range()
    ts = 0
    for ch in syms[:11]:
        ts = ts * 32 + BASE32LEX.index(ch)
    clock_id = BASE32LEX.index(syms[11]) * 32 + BASE32LEX.index(syms[12])
    micros = ts - (1 << 55) if ts >= (1 << 54) else ts
    if not -TID_MAX_MICROS <= micros <= TID_MAX_MICROS:
        raise out_of_range()
    return tid_output(micros, clock_id)


def tid_prefix_range(prefix):
    syms = []
    for i, ch in enumerate(prefix):
        if ch == "-" and i in (4, 8):
            continue
        if ch not in BASE32LEX:
            raise invalid_character(i, ch)
        syms.append(ch)
    if len(syms) > 11:
        raise invalid_length(len(syms), 11)
    if not syms:
        return -TID_MAX_MICROS, TID_MAX_MICROS
    if not tid_first_symbol_ok(syms[0]):
        return None
    v = 0
    for ch in syms:
        v = v * 32 + BASE32LEX.index(ch)
    shift = 5 * (11 - len(syms))
    lo, hi = v << shift, (v << shift) + (1 << shift) - 1
    if lo >= 1 << 54:  # negative half of the 55-bit two's complement space
        lo, hi = lo - (1 << 55), hi - (1 << 55)
    lo, hi = max(lo, -TID_MAX_MICROS), min(hi, TID_MAX_MICROS)
    return None if lo > hi else (lo, hi)


def op_tid_from_parts(inp):
    micros = as_int(inp["micros"], -TID_MAX_MICROS, TID_MAX_MICROS)
    clock_id = as_int(inp["clock_id"], 0, 1023)
    return tid_output(micros, clock_id)


def op_tid_parse(inp):
    return tid_parse(inp["text"])


def op_tid_prefix_range(inp):
    r = tid_prefix_range(inp["prefix"])
    return None if r is None else [str(r[0]), str(r[1])]


# --------------------------------------------------------------------------------------
# 4. EUID (docs/spec §4)
# --------------------------------------------------------------------------------------

CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
EUID_DECODE = {}
for _i, _c in enumerate(CROCKFORD):
    EUID_DECODE[_c] = _i
    EUID_DECODE[_c.lower()] = _i
for _c in "IiLl":
    EUID_DECODE[_c] = 1
for _c in "Oo":
    EUID_DECODE[_c] = 0


def euid_encode(value, checkmod):
    check = value % 127 if checkmod else 127
    n = (value << 7) | check  # 135 bits
    out = []
    for _ in range(27):
        out.append(CROCKFORD[n & 31])
        n >>= 5
    return "".join(reversed(out))


def euid_output(value):
    hi = value >> 64
    ext_len = hi & 0xF
    return {
        "value": str(value),
        "hex": "%032x" % value,
        "text": euid_encode(value, True),
        "text_nocheck": euid_encode(value, False),
        "unix_ms": hi >> 19,
        "extension": None if ext_len == 0 else (hi >> 4) & ((1 << ext_len) - 1),
    }


def euid_from_parts(unix_ms, extension, padding, rnd):
    if extension is None:
        ext_len, ext = 0, 0
    else:
        ext = as_int(extension, 0, 32767)
        ext_len = max(1, ext.bit_length())
    unix_ms = as_int(unix_ms, 0, (1 << 45) - 1)
    padding = as_int(padding, 0, (1 << (15 - ext_len)) - 1)
    rnd = as_int(rnd, 0, U64_MAX)
    field15 = (padding << ext_len) | ext
    hi = (unix_ms << 19) | (field15 << 4) | ext_len
    return (hi << 64) | rnd


def euid_parse(text):
    n = utf8_len(text)
    if n != 27:
        raise invalid_length(n, 27)
    acc = 0
    for i, ch in enumerate(text):
        if ch not in EUID_DECODE:
            raise invalid_character(i, ch)
        acc = (acc << 5) | EUID_DECODE[ch]
    value, check = acc >> 7, acc & 127
    if check != 127 and check != value % 127:
        raise VecError("INVALID_CHECKMOD", found=check, expected=value % 127)
    return value


def euid_from_bytes(hexstr):
    if len(hexstr) != 32:
        raise invalid_length(len(hexstr) // 2, 16)
    for i, ch in enumerate(hexstr):
        if ch not in "0123456789abcdefABCDEF":
            raise invalid_character(i, ch)  # not exercised by the vectors
    return int(hexstr, 16)


def op_euid_from_parts(inp):
    return euid_output(euid_from_parts(inp["unix_ms"], inp["extension"], inp["padding"], inp["random"]))


def op_euid_encode(inp):
    return euid_encode(as_int(inp["value"], 0, U128_MAX), bool(inp["checkmod"]))


def op_euid_parse(inp):
    return euid_output(euid_parse(inp["text"]))


def op_euid_from_bytes(inp):
    return euid_output(euid_from_bytes(inp["hex"]))


OPS = {
    "wdp": {
        "compact_id": op_compact_id,
        "normalize_code": op_normalize_code,
        "parse_code": op_parse_code,
        "namespace_hash": op_namespace_hash,
        "full_id": op_full_id,
        "parse_full_id": op_parse_full_id,
    },
    "uid11": {
        "uid11_encode": op_uid11_encode,
        "uid11_decode": op_uid11_decode,
        "uid11_prefix_range": op_uid11_prefix_range,
    },
    "xid": {
        "xid_from_parts": op_xid_from_parts,
        "xid_parse": op_xid_parse,
        "xid_prefix_range": op_xid_prefix_range,
    },
    "tid": {
        "tid_from_parts": op_tid_from_parts,
        "tid_parse": op_tid_parse,
        "tid_prefix_range": op_tid_prefix_range,
    },
    "euid": {
        "euid_from_parts": op_euid_from_parts,
        "euid_encode": op_euid_encode,
        "euid_parse": op_euid_parse,
        "euid_from_bytes": op_euid_from_bytes,
    },
}

DETAIL_FIELDS = {
    "INVALID_CHARACTER": ("index", "character"),
    "NON_ASCII": ("index", "character"),
    "INVALID_LENGTH": ("found", "expected"),
    "INVALID_CHECKMOD": ("found", "expected"),
}


def run(family, op, inp):
    """("output", value) or ("error", code, detail)."""
    try:
        return ("output", OPS[family][op](inp))
    except VecError as e:
        return ("error", e.code, e.detail)


# --------------------------------------------------------------------------------------
# docs/spec self-test: every vector quoted in sections 1-4
# --------------------------------------------------------------------------------------


def utc_micros(iso):
    t = datetime.datetime.fromisoformat(iso.replace("Z", "+00:00"))
    delta = t - datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
    return (delta.days * 86400 + delta.seconds) * 1_000_000 + delta.microseconds


SPEC_WDP_CODES = [
    ("E.AUTH.TOKEN.001", "V6a0B"), ("E.Auth.Token.001", "V6a0B"), ("e.auth.token.001", "V6a0B"),
    ("E.Auth.Token.MISSING", "V6a0B"), ("  E.Auth.Token.001\t", "V6a0B"),
    ("W.DATABASE.CONNECTION.027", "KF52S"), ("E.A.B.001", "l3i4I"),
    ("T.PROFILER.TIMER.999", "fnOQk"), ("E.AUTH.TOKEN.002", "35Jkp"),
    ("I.HTTP2SERVER.REQUEST.001", "Unzd9"), ("E.Database.Connection.021", "gjyGQ"),
    ("B.API.RATELIMIT.007", "00BVL"), ("E.AUTH.TOKEN.003", "AcAGP"),
    ("W.CACHE.DATA.018", "0yRgf"),
]
SPEC_WDP_NAMESPACES = [("auth_lib", "05o5h"), ("user_service", "oFN7q"),
                       ("payment_lib", "MVYh6"), ("a", "ECjXV")]
SPEC_WDP_FULL = [("auth_lib", "E.Auth.Token.001", "05o5h-V6a0B"),
                 ("user_service", "E.Database.Connection.021", "oFN7q-gjyGQ")]

SPEC_UID11 = [(0, "11111111111"), (1, "11111111112"), (57, "1111111111z"), (58, "11111111121"),
              (4194304, "1111111NVpb"), (362387865600000, "113q8KFkAEs"), (U64_MAX, "jpXCZedGfVQ")]
SPEC_UID11_PREFIX = [("", (0, U64_MAX)),
                     ("i", (17662972482875638784, 18093776689775044607)),
                     ("j", (18093776689775044608, 18446744073709551615)),
                     ("k", None)]
SPEC_XID = [  # (delta ms, random, text)
    (0, 0, "11111111111"), (1, 0, "1111111NVpb"), (86_400_000, 0, "113q8KFkAEs"),
    (1234567, 0x3FFFFF, "1113M2EhCbG"), ((1 << 42) - 1, (1 << 22) - 1, "jpXCZedGfVQ"),
]

SPEC_TID = [  # (micros, clock_id, text)
    (0, 0, "2222222222222"), (0, 1, "2222222222223"), (1 << 52, 0, "6222222222222"),
    (70921738076545, 776, "242k52k4kg3sc"), (1688137381887007, 6, "3jzfcijpj2z2a"),
    (1696134411208655, 21, "3kao2cl6lyj2p"), (1645557742000000, 0, "3iso34eqpw222"),
    (1721407246480310, 1, "3kxnlhr3gxq23"), (TID_MAX_MICROS, 1023, "bzzzzzzzzzzzz"),
    (-1, 0, "zzzzzzzzzzz22"), (-TID_MAX_MICROS, 0, "s222222222322"),
]
# tid-draft.txt Table 3, corrected from US Pacific (UTC-7) to UTC: (prefix, start, end)
TID_PREFIX_TABLE = [
    ("3kxn-lhr-3gxq", "2024-07-19T16:40:46.480310Z", "2024-07-19T16:40:46.480310Z"),
    ("3kxn-lhr", "2024-07-19T16:40:46.434304Z", "2024-07-19T16:40:47.482879Z"),
    ("3kxn", "2024-07-19T11:28:52.498432Z", "2024-07-19T21:01:32.236799Z"),
    ("3k", "2023-07-08T20:57:40.263936Z", "2024-08-19T02:23:52.352767Z"),
]
TID_SEED_PACIFIC_TABLE = [
    ("3kxn-lhr-3gxq", "2024-07-19T09:40:46.480310", "2024-07-19T09:40:46.480310"),
    ("3kxn-lhr", "2024-07-19T09:40:46.434304", "2024-07-19T09:40:47.482879"),
    ("3kxn", "2024-07-19T04:28:52.498432", "2024-07-19T14:01:32.236799"),
    ("3k", "2023-07-08T13:57:40.263936", "2024-08-18T19:23:52.352767"),
]

EUID_TS = 1700000000000
EUID_RND = 0x0123456789ABCDEF
SPEC_EUID_VALUES = [  # (value, text, text_nocheck or None)
    (0, "000000000000000000000000000", "00000000000000000000000003Z"),
    (1, "000000000000000000000000041", None),
    (U128_MAX, "ZZZZZZZZZZZZZZZZZZZZZZZZZW3", None),
    (0x623F40921824BB0052FDDF828CA352AA, "C8ZM14GR4JXG0MQXVY18S8TJNA6", "C8ZM14GR4JXG0MQXVY18S8TJNBZ"),
    (0x621CE48C99C0007816E925E73EBF0FDA, "C8EE934SR007G5Q94QKKXFRFV8B", None),
]
SPEC_EUID_PARTS = [  # (extension, padding, hex, text)
    (None, 0, "0c5e7f2b400000000123456789abcdef", "1HF7YAT0000000938NKRKAYDXZT"),
    (None, (1 << 15) - 1, "0c5e7f2b4007fff00123456789abcdef", "1HF7YAT00ZZZ00938NKRKAYDXWV"),
    (0, 0, "0c5e7f2b400000010123456789abcdef", "1HF7YAT0000020938NKRKAYDXZW"),
    (1, 0, "0c5e7f2b400000110123456789abcdef", "1HF7YAT0000120938NKRKAYDXWX"),
    (255, 0, "0c5e7f2b40000ff80123456789abcdef", "1HF7YAT0007ZG0938NKRKAYDXXB"),
    (256, (1 << 6) - 1, "0c5e7f2b4007f0090123456789abcdef", "1HF7YAT00ZR0J0938NKRKAYDXWD"),
    (32767, 0, "0c5e7f2b4007ffff0123456789abcdef", "1HF7YAT00ZZZY0938NKRKAYDXXS"),
]


def spec_selftest():
    # §1
    for code, cid in SPEC_WDP_CODES:
        assert op_compact_id({"code": code}) == cid, code
    for ns, h in SPEC_WDP_NAMESPACES:
        assert wdp_namespace_hash(ns) == h, ns
    for ns, code, fid in SPEC_WDP_FULL:
        assert op_full_id({"namespace": ns, "code": code}) == fid, (ns, code)
    assert wdp_parse("E.AUTH.TOKEN.001") == {
        "severity": "E", "meaning": "Error", "priority": 8, "blocking": True,
        "component": "AUTH", "primary": "TOKEN", "sequence": 1,
        "normalized": "E.AUTH.TOKEN.001", "compact_id": "V6a0B"}
    # §2
    for v, text in SPEC_UID11:
        assert uid11_encode(v) == text and uid11_decode(text) == v, v
    assert run("uid11", "uid11_decode", {"text": "jpXCZedGfVR"})[1] == "OVERFLOW"
    assert re.fullmatch(r"[1-9A-HJ-NP-Za-km-z]{11}", "jpXCZedGfVR")
    for p, r in SPEC_UID11_PREFIX:
        assert uid11_prefix_range(p) == r, p
    for delta, rnd, text in SPEC_XID:
        assert op_xid_from_parts({"unix_ms": XID_EPOCH_MS + delta, "random": rnd})["text"] == text
    assert utc_micros("2011-11-11T11:11:11.111Z") == XID_EPOCH_MS * 1000
    assert utc_micros("2151-03-25T18:46:22.214Z") == (XID_EPOCH_MS + (1 << 42) - 1) * 1000
    # §3
    for micros, clock, text in SPEC_TID:
        out = tid_output(micros, clock)
        assert out["text"] == text, (micros, clock)
        assert tid_parse(text) == out and tid_parse(out["display"]) == out
    assert utc_micros("2024-07-19T16:40:46.480310Z") == 1721407246480310
    assert tid_output(1721382046481000, 0)["display"].startswith("3kxm-tyq-iinc")
    assert tid_output(1721407246480310, 1)["display"] == "3kxn-lhr-3gxq-23"
    assert tid_prefix_range("s222-222-2222") is None  # -2^53
    assert tid_output(-TID_MAX_MICROS, 0)["display"].startswith("s222-222-2223")
    assert run("tid", "tid_parse", {"text": "s222222222222"})[1] == "OUT_OF_RANGE"
    assert utc_micros("2022-02-22T19:22:22Z") == 1645557742000000
    for ch in "cdefghij":
        assert run("tid", "tid_parse", {"text": ch + "222222222222"})[1] == "OUT_OF_RANGE"
    for (p, start, end), (p2, s_pac, e_pac) in zip(TID_PREFIX_TABLE, TID_SEED_PACIFIC_TABLE):
        assert p == p2
        assert tid_prefix_range(p) == (utc_micros(start), utc_micros(end)), p
        seven_h = 7 * 3600 * 1_000_000
        assert utc_micros(start) - utc_micros(s_pac + "Z") == seven_h
        assert utc_micros(end) - utc_micros(e_pac + "Z") == seven_h
    # §4
    for v, text, nocheck in SPEC_EUID_VALUES:
        assert euid_encode(v, True) == text and euid_parse(text) == v, hex(v)
        if nocheck:
            assert euid_encode(v, False) == nocheck and euid_parse(nocheck) == v
    assert euid_output(0x621CE48C99C0007816E925E73EBF0FDA)["extension"] == 7
    assert (0x621CE48C99C0007816E925E73EBF0FDA >> 64) & 0xF == 8
    for ext, pad, hx, text in SPEC_EUID_PARTS:
        out = euid_output(euid_from_parts(EUID_TS, ext, pad, EUID_RND))
        assert out["hex"] == hx and out["text"] == text, (ext, pad)
        assert out["extension"] == ext and out["unix_ms"] == EUID_TS
    for t in ("c8zm14gr4jxg0mqxvy18s8tjna6", "C8ZMi4GR4JXGoMQXVYl8S8TJNA6"):
        assert euid_parse(t) == 0x623F40921824BB0052FDDF828CA352AA
    e = run("euid", "euid_parse", {"text": "C8ZM14GR4JXG0MQXVY18S8TJNA7"})
    assert e == ("error", "INVALID_CHECKMOD", {"found": 71, "expected": 70}), e
    e = run("euid", "euid_parse", {"text": "C8EE934SR007G5Q94QKKXFRFV8U"})
    assert e == ("error", "INVALID_CHARACTER", {"index": 26, "character": "U"}), e
    for t in ("C8ZM14GR4JXG0MQXVY18S8TJNA", "C8ZM14GR4JXG0MQXVY18S8TJNA66"):
        assert run("euid", "euid_parse", {"text": t})[1] == "INVALID_LENGTH"


# --------------------------------------------------------------------------------------
# Case definitions (inputs, intended errors, sources). --write computes the outputs.
# --------------------------------------------------------------------------------------

IND = "independent.py"
REF_WDP = "reference crate waddling-errors-hash 0.7.3"
REF_EUID = "reference crate euid 0.1.7"


def S(n):
    return "docs/spec \u00a7%d" % n


NO_EXPECT = object()


class Case:
    def __init__(self, name, op, inp, source=IND, error=None, detail=None, expect=NO_EXPECT,
                 no_detail=False):
        self.name, self.op, self.inp, self.source = name, op, inp, source
        self.error, self.detail, self.expect, self.no_detail = error, detail, expect, no_detail


def ok(name, op, inp, source=IND, expect=NO_EXPECT):
    """A valid case. `expect` (optional): the value quoted by the source (whole output, or a
    dict of some output fields) that the computed output must agree with."""
    return Case(name, op, inp, source, expect=expect)


def bad(name, op, inp, error, detail=None, source=IND, no_detail=False):
    """An invalid case with the intended error (and detail, which is otherwise derived)."""
    return Case(name, op, inp, source, error=error, detail=detail, no_detail=no_detail)


def NA(i, c):
    return {"index": i, "character": c}


def LEN(found, expected):
    return {"found": found, "expected": expected}


def wdp_cases():
    cs = []
    # ---- compact_id
    for i, (code, cid) in enumerate(SPEC_WDP_CODES):
        nm = "spec-" + re.sub(r"[^a-z0-9]+", "-", code.strip().lower()).strip("-")
        if code != code.strip():
            nm += "-whitespace"
        elif code != code.upper() and code != code.lower():
            nm += "-mixed-case"
        elif code == code.lower():
            nm += "-lowercase"
        cs.append(ok(nm, "compact_id", {"code": code}, S(1), cid))
    valid = [
        ("lower-severity-s", "s.Db.Pool.001"),
        ("lower-severity-k", "k.Job.Run.500"),
        ("lower-severity-h", "h.Cli.Usage.010"),
        ("severity-c", "C.Disk.Space.100"),
        ("reserved-unnamed-019", "E.A.B.019"),
        ("reserved-unnamed-020", "E.A.B.020"),
        ("reserved-unnamed-030", "E.A.B.030"),
        ("component-16-chars", "E.ABCDEFGHIJKLMNOP.B.001"),
        ("primary-16-chars", "E.A.ABCDEFGHIJKLMNOP.001"),
        ("both-16-chars-max-length", "W.Abcdefghijklmnop.Qrstuvwxyz012345.999"),
        ("digits-after-letter", "E.A1.B2C3.123"),
        ("mixed-case-fields", "E.aUtH.tOkEn.001"),
        ("named-lowercase", "E.Auth.Token.missing"),
        ("named-mixed-case", "E.AUTH.TOKEN.Missing"),
        ("named-not-found", "E.User.Lookup.NOT_FOUND"),
        ("named-partial-998", "I.Batch.Upload.PARTIAL"),
        ("named-complete-999", "K.Batch.Upload.complete"),
        ("named-out-of-bounds-mixed", "e.Array.Index.Out_Of_Bounds"),
        ("trim-vertical-tab-form-feed", "\x0bE.A.B.001\x0c"),
        ("trim-crlf", "\r\nE.A.B.001\r\n"),
        ("trim-all-six-ascii-ws", " \t\n\x0b\x0c\rE.A.B.001 \t\n\x0b\x0c\r"),
        ("trim-named", "  E.Auth.Token.MISSING  "),
        ("sequence-100", "E.A.B.100"),
        ("sequence-010", "E.A.B.010"),
    ]
    for nm, code in valid:
        cs.append(ok(nm, "compact_id", {"code": code}))
    extras = [
        ("extra-name", "E.Api.Quota.RATE_LIMITED", {"RATE_LIMITED": 42}),
        ("extra-name-case-insensitive", "E.Api.Quota.Rate_Limited", {"rate_limited": 42}),
        ("extra-name-999", "W.Api.Quota.LAST_ONE", {"LAST_ONE": 999}),
        ("extra-name-1", "W.Api.Quota.FIRST", {"FIRST": 1}),
        ("extra-name-32-chars", "E.A.B.ABCDEFGHIJKLMNOPQRSTUVWXYZ_12345",
         {"ABCDEFGHIJKLMNOPQRSTUVWXYZ_12345": 77}),
        ("extra-same-number-as-standard", "E.A.B.MISSING", {"MISSING": 1}),
        ("extra-standard-name-still-works", "E.A.B.TIMEOUT", {"RATE_LIMITED": 42}),
        ("extra-with-numeric-code", "E.A.B.042", {"RATE_LIMITED": 42}),
        ("extra-empty-table", "E.A.B.003", {}),
    ]
    for nm, code, ns in extras:
        cs.append(ok(nm, "compact_id", {"code": code, "named_sequences": ns}))
    inv = [
        ("non-ascii-component", "E.\u00c4.B.001", "NON_ASCII", NA(2, "\u00c4")),
        ("non-ascii-first", "\u00c9.A.B.001", "NON_ASCII", NA(0, "\u00c9")),
        ("non-ascii-seed-example", "E.\u30c6\u30b9\u30c8.TOKEN.001", "NON_ASCII", NA(2, "\u30c6")),
        ("non-ascii-nbsp-not-trimmed", "\u00a0E.A.B.001", "NON_ASCII", NA(0, "\u00a0")),
        ("non-ascii-ideographic-space-end", "E.A.B.001\u3000", "NON_ASCII", NA(9, "\u3000")),
        ("non-ascii-nel-end", "E.A.B.001\u0085", "NON_ASCII", NA(9, "\u0085")),
        ("non-ascii-fullwidth-digits", "E.A.B.\uff10\uff10\uff11", "NON_ASCII", NA(6, "\uff10")),
        ("non-ascii-index-counts-leading-ws", "  E.\u00c4.B.001", "NON_ASCII", NA(4, "\u00c4")),
        ("non-ascii-astral", "E.A.B\U0001F600.001", "NON_ASCII", NA(5, "\U0001F600")),
        ("non-ascii-before-format", "\u00e9", "NON_ASCII", NA(0, "\u00e9")),
        ("non-ascii-beats-bad-severity", "X.A.\u00df.001", "NON_ASCII", NA(4, "\u00df")),
        ("format-empty", "", "INVALID_FORMAT", None),
        ("format-only-whitespace", " \t\r\n", "INVALID_FORMAT", None),
        ("format-three-fields", "E.A.B", "INVALID_FORMAT", None),
        ("format-five-fields", "E.A.B.001.X", "INVALID_FORMAT", None),
        ("format-trailing-dot", "E.A.B.001.", "INVALID_FORMAT", None),
        ("format-double-dot", "E..A.B.001", "INVALID_FORMAT", None),
        ("format-no-dots", "EAUTHTOKEN001", "INVALID_FORMAT", None),
        ("format-colons", "E:A:B:001", "INVALID_FORMAT", None),
        ("severity-unknown", "X.A.B.001", "INVALID_SEVERITY", None),
        ("severity-two-letters", "EE.A.B.001", "INVALID_SEVERITY", None),
        ("severity-word", "Error.A.B.001", "INVALID_SEVERITY", None),
        ("severity-empty", ".A.B.001", "INVALID_SEVERITY", None),
        ("severity-all-empty-fields", "...", "INVALID_SEVERITY", None),
        ("severity-digit", "1.A.B.001", "INVALID_SEVERITY", None),
        ("severity-inner-space", "E .A.B.001", "INVALID_SEVERITY", None),
        ("severity-unit-separator-not-trimmed", "\x1fE.A.B.001", "INVALID_SEVERITY", None),
        ("severity-nul-not-trimmed", "\x00E.A.B.001", "INVALID_SEVERITY", None),
        ("component-leading-digit", "E.1AUTH.B.001", "INVALID_COMPONENT", None),
        ("component-empty", "E..B.001", "INVALID_COMPONENT", None),
        ("component-underscore", "E.AUTH_LIB.B.001", "INVALID_COMPONENT", None),
        ("component-hyphen", "E.AUTH-LIB.B.001", "INVALID_COMPONENT", None),
        ("component-17-chars", "E.ABCDEFGHIJKLMNOPQ.B.001", "INVALID_COMPONENT", None),
        ("component-inner-space", "E. AUTH.B.001", "INVALID_COMPONENT", None),
        ("component-before-primary", "E.1A.1B.001", "INVALID_COMPONENT", None),
        ("primary-empty", "E.A..001", "INVALID_PRIMARY", None),
        ("primary-leading-digit", "E.A.9B.001", "INVALID_PRIMARY", None),
        ("primary-space", "E.A.B C.001", "INVALID_PRIMARY", None),
        ("primary-17-chars", "E.A.ABCDEFGHIJKLMNOPQ.001", "INVALID_PRIMARY", None),
        ("primary-underscore", "E.A.B_C.MISSING", "INVALID_PRIMARY", None),
        ("primary-before-sequence", "E.A._.000", "INVALID_PRIMARY", None),
        ("sequence-000-reserved", "E.A.B.000", "INVALID_SEQUENCE", None),
        ("sequence-two-digits", "E.A.B.01", "INVALID_SEQUENCE", None),
        ("sequence-one-digit", "E.A.B.1", "INVALID_SEQUENCE", None),
        ("sequence-four-digits", "E.A.B.1000", "INVALID_SEQUENCE", None),
        ("sequence-four-digits-leading-zero", "E.A.B.0001", "INVALID_SEQUENCE", None),
        ("sequence-digit-letter-digit", "E.A.B.0a1", "INVALID_SEQUENCE", None),
        ("sequence-digit-then-name", "E.A.B.1ST", "INVALID_SEQUENCE", None),
        ("sequence-empty", "E.A.B.", "INVALID_SEQUENCE", None),
        ("sequence-leading-underscore", "E.A.B._MISSING", "INVALID_SEQUENCE", None),
        ("sequence-hyphen", "E.A.B.MISS-ING", "INVALID_SEQUENCE", None),
        ("sequence-inner-space", "E.A.B.MISS ING", "INVALID_SEQUENCE", None),
        ("sequence-name-33-chars", "E.A.B.ABCDEFGHIJKLMNOPQRSTUVWXYZ_123456", "INVALID_SEQUENCE", None),
        ("sequence-signed", "E.A.B.+01", "INVALID_SEQUENCE", None),
        ("unknown-name", "E.A.B.FOO", "UNKNOWN_NAMED_SEQUENCE", None),
        ("unknown-name-near-miss", "E.A.B.MISSINGX", "UNKNOWN_NAMED_SEQUENCE", None),
        ("unknown-name-trailing-underscore", "E.A.B.MISSING_", "UNKNOWN_NAMED_SEQUENCE", None),
        ("unknown-name-single-letter", "E.A.B.a", "UNKNOWN_NAMED_SEQUENCE", None),
        ("unknown-name-32-chars", "E.A.B.ABCDEFGHIJKLMNOPQRSTUVWXYZ_12345", "UNKNOWN_NAMED_SEQUENCE", None),
        ("unknown-name-without-extras", "E.Api.Quota.RATE_LIMITED", "UNKNOWN_NAMED_SEQUENCE", None),
        ("unknown-reserved-number-has-no-name", "E.A.B.RESERVED_019", "UNKNOWN_NAMED_SEQUENCE", None),
    ]
    for nm, code, err, det in inv:
        cs.append(bad(nm, "compact_id", {"code": code}, err, det))
    extra_bad = [
        ("extra-unknown-other-name", "E.Api.Quota.RATE_LIMITED", {"OTHER": 5}, "UNKNOWN_NAMED_SEQUENCE"),
        ("extra-number-zero", "E.Api.Quota.RATE_LIMITED", {"RATE_LIMITED": 0}, "INVALID_SEQUENCE"),
        ("extra-number-1000", "E.Api.Quota.RATE_LIMITED", {"RATE_LIMITED": 1000}, "INVALID_SEQUENCE"),
        ("extra-number-negative", "E.Api.Quota.RATE_LIMITED", {"RATE_LIMITED": -1}, "INVALID_SEQUENCE"),
        ("extra-number-2-pow-16", "E.Api.Quota.RATE_LIMITED", {"RATE_LIMITED": 65536}, "INVALID_SEQUENCE"),
        ("extra-redefines-standard", "E.A.B.MISSING", {"MISSING": 5}, "INVALID_SEQUENCE"),
        ("extra-redefines-standard-lowercase", "E.A.B.missing", {"missing": 5}, "INVALID_SEQUENCE"),
        ("extra-malformed-name", "E.A.B.RATE-LIMITED", {"RATE-LIMITED": 5}, "INVALID_SEQUENCE"),
    ]
    for nm, code, ns, err in extra_bad:
        cs.append(bad(nm, "compact_id", {"code": code, "named_sequences": ns}, err))

    # ---- normalize_code
    cs.append(ok("spec-normalize-missing", "normalize_code", {"code": "  E.Auth.Token.MISSING  "},
                 S(1), "E.AUTH.TOKEN.001"))
    cs.append(ok("normalize-lowercase", "normalize_code", {"code": "w.database.connection.027"}))
    cs.append(ok("normalize-keeps-digits", "normalize_code", {"code": "i.Http2Server.Request.001"}))
    cs.append(ok("normalize-extra-name", "normalize_code",
                 {"code": "e.api.quota.rate_limited", "named_sequences": {"RATE_LIMITED": 42}}))
    cs.append(ok("normalize-extra-name-999", "normalize_code",
                 {"code": "E.A.B.LAST", "named_sequences": {"Last": 999}}))
    for name in STANDARD_SEQUENCES:
        cs.append(ok("normalize-standard-" + name.lower().replace("_", "-"), "normalize_code",
                     {"code": "e.Svc.Op." + name}))
    cs.append(bad("normalize-unknown-name", "normalize_code", {"code": "E.A.B.NOPE"},
                  "UNKNOWN_NAMED_SEQUENCE"))
    cs.append(bad("normalize-non-ascii", "normalize_code", {"code": "E.A.B.00\u0661"}, "NON_ASCII",
                  NA(8, "\u0661")))
    cs.append(bad("normalize-000", "normalize_code", {"code": "e.a.b.000"}, "INVALID_SEQUENCE"))

    # ---- parse_code
    cs.append(ok("parse-e-auth-token-001", "parse_code", {"code": "E.Auth.Token.001"}, IND))
    for sev, code in [("t", "t.Profiler.Timer.999"), ("i", "i.Http.Request.001"),
                      ("k", "K.Job.Run.COMPLETE"), ("s", "S.Db.Pool.002"),
                      ("h", "H.Cli.Usage.010"), ("w", "w.Cache.Data.STALE"),
                      ("c", "C.Disk.Space.100"), ("b", "b.Api.RateLimit.007"),
                      ("e", "e.database.connection.not_found")]:
        cs.append(ok("parse-severity-" + sev, "parse_code", {"code": code}))
    cs.append(ok("parse-extra-name", "parse_code",
                 {"code": " B.Api.Quota.RATE_LIMITED\n", "named_sequences": {"RATE_LIMITED": 42}}))
    cs.append(bad("parse-bad-severity", "parse_code", {"code": "Q.A.B.001"}, "INVALID_SEVERITY"))
    cs.append(bad("parse-format", "parse_code", {"code": "E.A.B.C.001"}, "INVALID_FORMAT"))

    # ---- namespace_hash
    for ns, h in SPEC_WDP_NAMESPACES:
        cs.append(ok("spec-namespace-" + ns.replace("_", "-"), "namespace_hash", {"namespace": ns}, S(1), h))
    for nm, ns in [("namespace-z", "z"), ("namespace-trailing-underscore", "a_"),
                   ("namespace-16-chars", "abcdefghijklmnop"), ("namespace-digits", "x9"),
                   ("namespace-mixed", "a1_2_b3"), ("namespace-double-underscore", "my__lib")]:
        cs.append(ok(nm, "namespace_hash", {"namespace": ns}))
    for nm, ns, err, det in [
        ("namespace-empty", "", "INVALID_NAMESPACE", None),
        ("namespace-uppercase-first", "Auth_lib", "INVALID_NAMESPACE", None),
        ("namespace-all-uppercase", "AUTH", "INVALID_NAMESPACE", None),
        ("namespace-leading-digit", "1auth", "INVALID_NAMESPACE", None),
        ("namespace-leading-underscore", "_auth", "INVALID_NAMESPACE", None),
        ("namespace-hyphen", "auth-lib", "INVALID_NAMESPACE", None),
        ("namespace-dot", "auth.lib", "INVALID_NAMESPACE", None),
        ("namespace-leading-space-not-trimmed", " auth_lib", "INVALID_NAMESPACE", None),
        ("namespace-trailing-newline-not-trimmed", "auth_lib\n", "INVALID_NAMESPACE", None),
        ("namespace-17-chars", "abcdefghijklmnopq", "INVALID_NAMESPACE", None),
        ("namespace-non-ascii", "auth\u00e9", "NON_ASCII", NA(4, "\u00e9")),
        ("namespace-non-ascii-first", "\u00f1", "NON_ASCII", NA(0, "\u00f1")),
        ("namespace-non-ascii-before-pattern", "AUTH \u00c9", "NON_ASCII", NA(5, "\u00c9")),
    ]:
        cs.append(bad(nm, "namespace_hash", {"namespace": ns}, err, det))

    # ---- full_id
    for i, (ns, code, fid) in enumerate(SPEC_WDP_FULL):
        cs.append(ok("spec-full-" + ns.replace("_", "-"), "full_id", {"namespace": ns, "code": code}, S(1), fid))
    cs.append(ok("full-a-named-lowercase", "full_id", {"namespace": "a", "code": "e.a.b.missing"}))
    cs.append(ok("full-trimmed-code", "full_id", {"namespace": "payment_lib", "code": "\tW.Cache.Data.018 "}))
    cs.append(ok("full-extra-name", "full_id", {"namespace": "api_gateway", "code": "E.Api.Quota.RATE_LIMITED",
                                                "named_sequences": {"RATE_LIMITED": 42}}))
    cs.append(bad("full-bad-namespace", "full_id", {"namespace": "Auth", "code": "E.A.B.001"}, "INVALID_NAMESPACE"))
    cs.append(bad("full-bad-code", "full_id", {"namespace": "auth_lib", "code": "E.A.B.000"}, "INVALID_SEQUENCE"))
    cs.append(bad("full-non-ascii-code", "full_id", {"namespace": "auth_lib", "code": "E.\u00c5.B.001"},
                  "NON_ASCII", NA(2, "\u00c5")))

    # ---- parse_full_id
    for nm, fid in [("parse-full-spec-auth-lib", "05o5h-V6a0B"), ("parse-full-spec-user-service", "oFN7q-gjyGQ"),
                    ("parse-full-zeros", "00000-00000"), ("parse-full-max-symbols", "zzzzz-ZZZZZ")]:
        cs.append(ok(nm, "parse_full_id", {"id": fid}))
    for nm, fid, err, det in [
        ("parse-full-legacy-5-chars", "V6a0B", "INVALID_LENGTH", LEN(5, 11)),
        ("parse-full-empty", "", "INVALID_LENGTH", LEN(0, 11)),
        ("parse-full-10", "05o5hV6a0B", "INVALID_LENGTH", LEN(10, 11)),
        ("parse-full-12", "05o5h-V6a0B0", "INVALID_LENGTH", LEN(12, 11)),
        ("parse-full-trailing-newline", "05o5h-V6a0B\n", "INVALID_LENGTH", LEN(12, 11)),
        ("parse-full-11-chars-12-bytes", "05o5h-V6a0\u00e9", "INVALID_LENGTH", LEN(12, 11)),
        ("parse-full-non-ascii-11-bytes", "05o5h-V6a\u00e9", "INVALID_CHARACTER", NA(9, "\u00e9")),
        ("parse-full-underscore-separator", "05o5h_V6a0B", "INVALID_CHARACTER", NA(5, "_")),
        ("parse-full-space-separator", "05o5h V6a0B", "INVALID_CHARACTER", NA(5, " ")),
        ("parse-full-dash-elsewhere", "05o5h-V6a-B", "INVALID_CHARACTER", NA(9, "-")),
        ("parse-full-double-dash", "05o5--V6a0B", "INVALID_CHARACTER", NA(4, "-")),
        ("parse-full-leading-space", " 5o5h-V6a0B", "INVALID_CHARACTER", NA(0, " ")),
        ("parse-full-dash-at-10", "05o5h-V6a0-", "INVALID_CHARACTER", NA(10, "-")),
    ]:
        cs.append(bad(nm, "parse_full_id", {"id": fid}, err, det))
    return cs


def uid11_cases():
    cs = []
    spec_names = {0: "zero", 1: "one", 57: "57", 58: "58", 4194304: "xid-1ms",
                  362387865600000: "xid-1day", U64_MAX: "max"}
    extra_values = [
        ("58-pow-10-minus-1", 58**10 - 1), ("58-pow-10", 58**10), ("58-pow-2-minus-1", 58**2 - 1),
        ("2-pow-32", 1 << 32), ("2-pow-53", 1 << 53), ("2-pow-63-minus-1", (1 << 63) - 1),
        ("2-pow-63", 1 << 63), ("max-minus-1", U64_MAX - 1), ("decimal-pattern", 12345678901234567890),
    ]
    for v, text in SPEC_UID11:
        cs.append(ok("spec-encode-" + spec_names[v], "uid11_encode", {"value": str(v)}, S(2), text))
    for nm, v in extra_values:
        cs.append(ok("encode-" + nm, "uid11_encode", {"value": str(v)}))
    for nm, v in [("encode-2-pow-64", "18446744073709551616"), ("encode-negative", "-1"),
                  ("encode-2-pow-128-minus-1", str(U128_MAX))]:
        cs.append(bad(nm, "uid11_encode", {"value": v}, "OUT_OF_RANGE"))

    for v, text in SPEC_UID11:
        cs.append(ok("spec-decode-" + spec_names[v], "uid11_decode", {"text": text}, S(2), str(v)))
    for nm, v in extra_values:
        cs.append(ok("decode-" + nm, "uid11_decode", {"text": uid11_encode(v)}))
    for nm, text, err, det, *src in [
        ("decode-spec-overflow", "jpXCZedGfVR", "OVERFLOW", None, S(2)),
        ("decode-overflow-all-z", "zzzzzzzzzzz", "OVERFLOW", None),
        ("decode-overflow-k", "k1111111111", "OVERFLOW", None),
        ("decode-overflow-jq", "jq111111111", "OVERFLOW", None),
        ("decode-empty", "", "INVALID_LENGTH", LEN(0, 11)),
        ("decode-10", "1111111111", "INVALID_LENGTH", LEN(10, 11)),
        ("decode-12", "111111111111", "INVALID_LENGTH", LEN(12, 11)),
        ("decode-leading-space", " 11111111111", "INVALID_LENGTH", LEN(12, 11)),
        ("decode-11-chars-12-bytes", "1111111111\u00e9", "INVALID_LENGTH", LEN(12, 11)),
        ("decode-length-before-character", "0000000000", "INVALID_LENGTH", LEN(10, 11)),
        ("decode-zero-digit", "1111111111" + "0", "INVALID_CHARACTER", NA(10, "0")),
        ("decode-capital-o", "O1111111111", "INVALID_CHARACTER", NA(0, "O")),
        ("decode-capital-i", "1I111111111", "INVALID_CHARACTER", NA(1, "I")),
        ("decode-lowercase-l", "11l11111111", "INVALID_CHARACTER", NA(2, "l")),
        ("decode-dash", "11111-11111", "INVALID_CHARACTER", NA(5, "-")),
        ("decode-plus", "+1111111111", "INVALID_CHARACTER", NA(0, "+")),
        ("decode-inner-space", "11111 11111", "INVALID_CHARACTER", NA(5, " ")),
        ("decode-non-ascii-11-bytes", "111111111\u00e9", "INVALID_CHARACTER", NA(9, "\u00e9")),
        ("decode-astral-11-bytes", "1111111\U0001F600", "INVALID_CHARACTER", NA(7, "\U0001F600")),
        ("decode-character-before-overflow", "zzzzzzzzzz0", "INVALID_CHARACTER", NA(10, "0")),
    ]:
        cs.append(bad(nm, "uid11_decode", {"text": text}, err, det, *src))

    for p, r in SPEC_UID11_PREFIX:
        cs.append(ok("spec-prefix-" + (p or "empty"), "uid11_prefix_range", {"prefix": p}, S(2),
                     None if r is None else [str(r[0]), str(r[1])]))
    for nm, p in [("prefix-1", "1"), ("prefix-2", "2"), ("prefix-z-is-null", "z"),
                  ("prefix-jp", "jp"), ("prefix-jq-is-null", "jq"), ("prefix-10-below-max", "jpXCZedGfV"),
                  ("prefix-full-max", "jpXCZedGfVQ"), ("prefix-full-overflow-is-null", "jpXCZedGfVR"),
                  ("prefix-full-zero", "11111111111"), ("prefix-full-xid-1day", "113q8KFkAEs"),
                  ("prefix-xid-1day-7", "113q8KF"), ("prefix-all-z-is-null", "zzzzzzzzzzz"),
                  ("prefix-h", "h"), ("prefix-10-ones", "1111111111")]:
        cs.append(ok(nm, "uid11_prefix_range", {"prefix": p}))
    for nm, p, err, det in [
        ("prefix-12", "111111111111", "INVALID_LENGTH", LEN(12, 11)),
        ("prefix-11-chars-12-bytes", "1111111111\u00e9", "INVALID_LENGTH", LEN(12, 11)),
        ("prefix-zero-digit", "10", "INVALID_CHARACTER", NA(1, "0")),
        ("prefix-lowercase-l", "l", "INVALID_CHARACTER", NA(0, "l")),
        ("prefix-space", "11 ", "INVALID_CHARACTER", NA(2, " ")),
        ("prefix-non-ascii", "\u00e9", "INVALID_CHARACTER", NA(0, "\u00e9")),
    ]:
        cs.append(bad(nm, "uid11_prefix_range", {"prefix": p}, err, det))
    return cs


def xid_cases():
    cs = []
    E = XID_EPOCH_MS
    names = {0: "zero", 1: "1ms", 86_400_000: "1day", 1234567: "delta-1234567-random-max",
             (1 << 42) - 1: "last-instant-max"}
    for delta, rnd, text in SPEC_XID:
        cs.append(ok("spec-from-parts-" + names[delta], "xid_from_parts", {"unix_ms": E + delta, "random": rnd},
                     S(2), {"text": text}))
    for nm, ms, rnd in [("epoch-random-max", E, (1 << 22) - 1), ("epoch-random-1", E, 1),
                        ("last-instant-random-0", E + (1 << 42) - 1, 0),
                        ("2023-11-14", 1700000000000, 12345), ("2024-07-19", 1721407246480, 1),
                        ("delta-2-pow-41", E + (1 << 41), 2097152)]:
        cs.append(ok("from-parts-" + nm, "xid_from_parts", {"unix_ms": ms, "random": rnd}))
    for nm, ms, rnd in [("before-epoch", E - 1, 0), ("unix-zero", 0, 0), ("negative-ms", -1, 0),
                        ("delta-2-pow-42", E + (1 << 42), 0), ("random-2-pow-22", E, 1 << 22),
                        ("random-negative", E, -1), ("delta-2-pow-42-plus-1000", E + (1 << 42) + 1000, 0),
                        ("both-out-of-range", E - 1, 1 << 22), ("both-out-of-range-random-negative", 0, -1)]:
        cs.append(bad("from-parts-" + nm, "xid_from_parts", {"unix_ms": ms, "random": rnd}, "OUT_OF_RANGE"))

    for delta, rnd, text in SPEC_XID:
        cs.append(ok("spec-parse-" + names[delta], "xid_parse", {"text": text}, S(2),
                     {"unix_ms": E + delta, "random": rnd}))
    for nm, text in [("one", "11111111112"), ("57", "1111111111z"), ("58", "11111111121"),
                     ("2-pow-63", uid11_encode(1 << 63)), ("max-minus-1", "jpXCZedGfVP")]:
        cs.append(ok("parse-" + nm, "xid_parse", {"text": text}))
    for nm, text, err, det, *src in [
        ("parse-spec-overflow", "jpXCZedGfVR", "OVERFLOW", None, S(2)),
        ("parse-overflow-z", "zzzzzzzzzzz", "OVERFLOW", None),
        ("parse-empty", "", "INVALID_LENGTH", LEN(0, 11)),
        ("parse-12", "113q8KFkAEs1", "INVALID_LENGTH", LEN(12, 11)),
        ("parse-10", "13q8KFkAEs", "INVALID_LENGTH", LEN(10, 11)),
        ("parse-capital-o", "113q8KFkAEO", "INVALID_CHARACTER", NA(10, "O")),
        ("parse-lowercase-l", "l13q8KFkAEs", "INVALID_CHARACTER", NA(0, "l")),
        ("parse-zero", "1130q8KFkAE", "INVALID_CHARACTER", NA(3, "0")),
        ("parse-non-ascii", "113q8KFkA\u00c9", "INVALID_CHARACTER", NA(9, "\u00c9")),
        ("parse-overflow-k", "k1111111111", "OVERFLOW", None),
        ("parse-overflow-just-above-max", "jpXCZedGfVS", "OVERFLOW", None),
        ("parse-leading-space", " 113q8KFkAEs", "INVALID_LENGTH", LEN(12, 11)),
        ("parse-11-chars-12-bytes", "113q8KFkAE\u00e9", "INVALID_LENGTH", LEN(12, 11)),
        ("parse-capital-i", "113q8KFkAIs", "INVALID_CHARACTER", NA(9, "I")),
        ("parse-astral-11-bytes", "113q8KF\U0001F600", "INVALID_CHARACTER", NA(7, "\U0001F600")),
        ("parse-character-before-overflow", "zzzzzzzzzzl", "INVALID_CHARACTER", NA(10, "l")),
    ]:
        cs.append(bad(nm, "xid_parse", {"text": text}, err, det, *src))

    for nm, p in [("empty", ""), ("1", "1"), ("2", "2"), ("j", "j"), ("k-is-null", "k"),
                  ("i", "i"), ("jpXCZedGfV", "jpXCZedGfV"), ("full-max", "jpXCZedGfVQ"),
                  ("full-overflow-is-null", "jpXCZedGfVR"), ("1day-10", "113q8KFkAE"),
                  ("1day-7", "113q8KF"), ("1day-6", "113q8K"), ("1day-full", "113q8KFkAEs"),
                  ("zeros-8", "11111111")]:
        cs.append(ok("prefix-" + nm, "xid_prefix_range", {"prefix": p}))
    for nm, p, err, det in [
        ("prefix-12", "113q8KFkAEs1", "INVALID_LENGTH", LEN(12, 11)),
        ("prefix-bad-char", "113q0", "INVALID_CHARACTER", NA(4, "0")),
        ("prefix-dash", "113-q", "INVALID_CHARACTER", NA(3, "-")),
        ("prefix-11-chars-12-bytes", "113q8KFkAE\u00e9", "INVALID_LENGTH", LEN(12, 11)),
        ("prefix-lowercase-l", "l", "INVALID_CHARACTER", NA(0, "l")),
        ("prefix-trailing-space", "113q ", "INVALID_CHARACTER", NA(4, " ")),
        ("prefix-non-ascii", "\u00c5", "INVALID_CHARACTER", NA(0, "\u00c5")),
    ]:
        cs.append(bad(nm, "xid_prefix_range", {"prefix": p}, err, det))
    return cs


def tid_cases():
    cs = []
    M = TID_MAX_MICROS
    spec_names = {(0, 0): "zero", (0, 1): "zero-clock-1", (1 << 52, 0): "2-pow-52",
                  (70921738076545, 776): "1972-clock-776", (1688137381887007, 6): "2023-06-30",
                  (1696134411208655, 21): "2023-10-01", (1645557742000000, 0): "2022-02-22",
                  (1721407246480310, 1): "2024-07-19", (M, 1023): "max",
                  (-1, 0): "minus-one", (-M, 0): "min"}
    for micros, clock, text in SPEC_TID:
        cs.append(ok("spec-from-parts-" + spec_names[(micros, clock)], "tid_from_parts",
                     {"micros": str(micros), "clock_id": clock}, S(3), {"text": text}))
    cs.append(ok("spec-from-parts-seed-example-pacific-micros", "tid_from_parts",
                 {"micros": "1721382046481000", "clock_id": 1}, S(3) + " (erratum: 3kxm-tyq-iinc)",
                 {"display": "3kxm-tyq-iinc-23"}))
    for nm, micros, clock in [
        ("clock-1023", 0, 1023), ("clock-31", 1, 31), ("clock-32", 1, 32), ("clock-991", 1, 991),
        ("clock-992", 1, 992), ("micros-1", 1, 0), ("micros-2-pow-50", 1 << 50, 0),
        ("micros-2-pow-53-minus-2", M - 1, 0), ("minus-2", -2, 5), ("minus-1000000", -1000000, 0),
        ("minus-2-pow-50", -(1 << 50), 0), ("min-plus-1", -M + 1, 1023), ("min-clock-1023", -M, 1023),
        ("1969-07-20", -14182940000000, 992), ("1684-07-28", -9007199254740990, 0),
        ("2024-07-19-clock-0", 1721407246480310, 0),
    ]:
        cs.append(ok("from-parts-" + nm, "tid_from_parts", {"micros": str(micros), "clock_id": clock}))
    for nm, micros, clock in [
        ("micros-2-pow-53", str(1 << 53), 0), ("micros-minus-2-pow-53", str(-(1 << 53)), 0),
        ("micros-2-pow-63", str(1 << 63), 0), ("clock-1024", "0", 1024), ("clock-negative", "0", -1),
        ("micros-i64-min", str(-(1 << 63)), 0),
        # Both parts out of range (the micros are the first parameter, named first).
        ("both-out-of-range", str(1 << 53), 1024), ("both-out-of-range-clock-negative", str(1 << 53), -1),
    ]:
        cs.append(bad("from-parts-" + nm, "tid_from_parts", {"micros": micros, "clock_id": clock}, "OUT_OF_RANGE"))

    for micros, clock, text in SPEC_TID:
        nm = spec_names[(micros, clock)]
        cs.append(ok("spec-parse-" + nm, "tid_parse", {"text": text}, S(3),
                     {"micros": str(micros), "clock_id": clock}))
        cs.append(ok("spec-parse-display-" + nm, "tid_parse", {"text": tid_output(micros, clock)["display"]},
                     S(3), {"micros": str(micros), "clock_id": clock}))
    for nm, text in [("clock-zz", "22222222222zz"), ("negative-clock-zz", "zzzzzzzzzzzzz"),
                     ("first-symbol-b", "b222222222222"), ("first-symbol-s", "s222222222422"),
                     ("display-2024", "3kxn-lhr-3gxq-2a")]:
        cs.append(ok("parse-" + nm, "tid_parse", {"text": text}))
    for nm, text, err, det, *src in [
        ("parse-empty", "", "INVALID_LENGTH", LEN(0, 13)),
        ("parse-12", "3kxnlhr3gxq2", "INVALID_LENGTH", LEN(12, 13)),
        ("parse-14", "3kxnlhr3gxq232", "INVALID_LENGTH", LEN(14, 13)),
        ("parse-15-half-dashed", "3kxn-lhr-3gxq23", "INVALID_LENGTH", LEN(15, 13)),
        ("parse-17", "3kxn-lhr-3gxq-23-", "INVALID_LENGTH", LEN(17, 13)),
        ("parse-trailing-space", "3kxnlhr3gxq23 ", "INVALID_LENGTH", LEN(14, 13)),
        # A regular expression ending in `$` matches before a final newline in Python and
        # other engines: the length must be checked on the text as given.
        ("parse-trailing-newline", "3kxnlhr3gxq23\n", "INVALID_LENGTH", LEN(14, 13)),
        ("parse-13-chars-14-bytes", "222222222222\u00e9", "INVALID_LENGTH", LEN(14, 13)),
        ("parse-uppercase", "3KXNLHR3GXQ23", "INVALID_CHARACTER", NA(1, "K"), S(3)),
        ("parse-uppercase-display", "3KXN-LHR-3GXQ-23", "INVALID_CHARACTER", NA(1, "K")),
        ("parse-digit-1", "1222222222222", "INVALID_CHARACTER", NA(0, "1")),
        ("parse-digit-0", "2222222222220", "INVALID_CHARACTER", NA(12, "0")),
        ("parse-digit-8", "2222282222222", "INVALID_CHARACTER", NA(5, "8")),
        ("parse-digit-9", "2222222292222", "INVALID_CHARACTER", NA(8, "9")),
        ("parse-dash-in-13-form", "3kxn-lhr3gxq2", "INVALID_CHARACTER", NA(4, "-")),
        ("parse-16-without-dashes", "3kxnlhr3gxq23222", "INVALID_CHARACTER", NA(4, "l")),
        ("parse-display-underscore", "3kxn_lhr-3gxq-23", "INVALID_CHARACTER", NA(4, "_")),
        ("parse-display-space-at-8", "3kxn-lhr 3gxq-23", "INVALID_CHARACTER", NA(8, " ")),
        ("parse-display-wrong-last-separator", "3kxn-lhr-3gxq_23", "INVALID_CHARACTER", NA(13, "_")),
        ("parse-display-dash-misplaced", "3kx--lhr-3gxq-23", "INVALID_CHARACTER", NA(3, "-")),
        ("parse-display-dash-at-15", "3kxn-lhr-3gxq-2-", "INVALID_CHARACTER", NA(15, "-")),
        ("parse-display-dash-shifted", "3kxnl-hr-3gxq-23", "INVALID_CHARACTER", NA(4, "l")),
        ("parse-non-ascii-13-bytes", "22222222222\u00e9", "INVALID_CHARACTER", NA(11, "\u00e9")),
        ("parse-character-before-range", "c222222222ZZZ", "INVALID_CHARACTER", NA(10, "Z")),
        ("parse-display-non-ascii-16-bytes", "3kxn-lhr-3gxq-\u00e9", "INVALID_CHARACTER", NA(14, "\u00e9")),
        ("parse-first-c", "c222222222222", "OUT_OF_RANGE", None, S(3)),
        ("parse-first-j-atproto-regex", "jzzzzzzzzzzzz", "OUT_OF_RANGE", None, S(3)),
        ("parse-first-k", "k222222222222", "OUT_OF_RANGE", None),
        ("parse-first-r", "rzzzzzzzzzz22", "OUT_OF_RANGE", None),
        ("parse-minus-2-pow-53", "s222222222222", "OUT_OF_RANGE", None, S(3)),
        ("parse-minus-2-pow-53-clock-zz", "s2222222222zz", "OUT_OF_RANGE", None),
        ("parse-minus-2-pow-53-display", "s222-222-2222-22", "OUT_OF_RANGE", None, S(3)),
        ("parse-first-c-display", "c222-222-2222-22", "OUT_OF_RANGE", None),
    ]:
        cs.append(bad(nm, "tid_parse", {"text": text}, err, det, *src))

    cs.append(ok("spec-prefix-minus-2-pow-53-is-null", "tid_prefix_range", {"prefix": "s222-222-2222"}, S(3), None))
    cs.append(ok("prefix-full-minus-2-pow-53-is-null", "tid_prefix_range", {"prefix": "s2222222222"}, S(3), None))
    erratum = S(3) + " (erratum: tid-draft.txt Table 3 is US Pacific; rows corrected to UTC)"
    for p, start, end in TID_PREFIX_TABLE:
        cs.append(ok("spec-prefix-table-" + p, "tid_prefix_range", {"prefix": p}, erratum,
                     [str(utc_micros(start)), str(utc_micros(end))]))
    for nm, p in [("empty", ""), ("2", "2"), ("b", "b"), ("s-clamped", "s"), ("z", "z"),
                  ("c-is-null", "c"), ("r-is-null", "r"), ("full-max", "bzzzzzzzzzz"),
                  ("full-min", "s2222222223"), ("full-min-display", "s222-222-2223"),
                  ("s222222222-clamped", "s222222222"),
                  ("full-minus-one", "zzzzzzzzzzz"), ("full-zero", "22222222222"), ("3kxnlhr-no-dashes", "3kxnlhr"),
                  ("3kxn-lhr3gxq-first-dash-only", "3kxn-lhr3gxq"), ("3kxn-trailing-dash", "3kxn-"),
                  ("3kxn-lhr-trailing-dash", "3kxn-lhr-"), ("10-symbols", "3kxnlhr3gx")]:
        cs.append(ok("prefix-" + nm, "tid_prefix_range", {"prefix": p}))
    for nm, p, err, det, nd in [
        ("prefix-12-symbols", "222222222222", "INVALID_LENGTH", LEN(12, 11), False),
        ("prefix-12-symbols-dashed", "3kxn-lhr-3gxq2", "INVALID_LENGTH", None, True),
        ("prefix-uppercase", "3KXN", "INVALID_CHARACTER", NA(1, "K"), False),
        ("prefix-dash-at-3", "3kx-n", "INVALID_CHARACTER", NA(3, "-"), False),
        ("prefix-dash-at-7", "3kxnlhr-3gxq", "INVALID_CHARACTER", NA(7, "-"), False),
        ("prefix-leading-dash", "-3kxn", "INVALID_CHARACTER", NA(0, "-"), False),
        ("prefix-digit-1", "31", "INVALID_CHARACTER", NA(1, "1"), False),
        ("prefix-non-ascii", "3k\u00e9", "INVALID_CHARACTER", NA(2, "\u00e9"), False),
    ]:
        cs.append(bad(nm, "tid_prefix_range", {"prefix": p}, err, det, no_detail=nd))
    return cs


def euid_cases():
    cs = []
    spec_val_names = {0: "zero", 1: "one", U128_MAX: "max", 0x623F40921824BB0052FDDF828CA352AA: "reference",
                      0x621CE48C99C0007816E925E73EBF0FDA: "ext-7-len-8"}
    s4 = S(4)
    # ---- from_parts
    for ext, pad, hx, text in SPEC_EUID_PARTS:
        nm = "spec-from-parts-ext-%s-pad-%s" % ("none" if ext is None else ext, "0" if pad == 0 else "ones")
        cs.append(ok(nm, "euid_from_parts", {"unix_ms": EUID_TS, "extension": ext, "padding": pad,
                                              "random": str(EUID_RND)}, s4, {"hex": hx, "text": text}))
    for nm, ms, ext, pad, rnd in [
        ("all-zero-no-ext", 0, None, 0, 0),
        ("max-everything-no-ext", (1 << 45) - 1, None, (1 << 15) - 1, U64_MAX),
        ("ext-0-pad-max", EUID_TS, 0, (1 << 14) - 1, EUID_RND),
        ("ext-1-pad-max", EUID_TS, 1, (1 << 14) - 1, EUID_RND),
        ("ext-2-len-2", EUID_TS, 2, 0, EUID_RND),
        ("ext-3-len-2-pad-max", EUID_TS, 3, (1 << 13) - 1, EUID_RND),
        ("ext-255-pad-max", EUID_TS, 255, (1 << 7) - 1, EUID_RND),
        ("ext-256-pad-0", EUID_TS, 256, 0, EUID_RND),
        ("ext-16383-len-14-pad-1", EUID_TS, 16383, 1, EUID_RND),
        ("ext-16384-len-15", EUID_TS, 16384, 0, EUID_RND),
        ("ext-32767-max-ts", (1 << 45) - 1, 32767, 0, U64_MAX),
        ("ext-none-pad-12345", 1721407246480, None, 12345, 0xFEDCBA9876543210),
        ("ts-1", 1, None, 0, 1),
        ("random-2-pow-63", EUID_TS, None, 0, 1 << 63),
    ]:
        cs.append(ok("from-parts-" + nm, "euid_from_parts",
                     {"unix_ms": ms, "extension": ext, "padding": pad, "random": str(rnd)}))
    for nm, ms, ext, pad, rnd in [
        ("ts-2-pow-45", 1 << 45, None, 0, "0"),
        ("ts-negative", -1, None, 0, "0"),
        ("ext-32768", EUID_TS, 32768, 0, "0"),
        ("ext-negative", EUID_TS, -1, 0, "0"),
        ("pad-2-pow-15-no-ext", EUID_TS, None, 1 << 15, "0"),
        ("pad-2-pow-14-ext-0", EUID_TS, 0, 1 << 14, "0"),
        ("pad-2-pow-14-ext-1", EUID_TS, 1, 1 << 14, "0"),
        ("pad-2-pow-7-ext-255", EUID_TS, 255, 1 << 7, "0"),
        ("pad-2-pow-6-ext-256", EUID_TS, 256, 1 << 6, "0"),
        ("pad-1-ext-32767", EUID_TS, 32767, 1, "0"),
        ("pad-negative", EUID_TS, None, -1, "0"),
        ("random-2-pow-64", EUID_TS, None, 0, "18446744073709551616"),
        ("random-negative", EUID_TS, None, 0, "-1"),
        ("pad-40000-ext-5", EUID_TS, 5, 40000, "0"),
        ("pad-negative-ext-5", EUID_TS, 5, -1, "0"),
        # Several parts out of range (reported in the order of the parameters).
        ("ts-2-pow-45-random-2-pow-64", 1 << 45, None, 0, "18446744073709551616"),
        ("pad-40000-ext-5-random-negative", EUID_TS, 5, 40000, "-1"),
    ]:
        cs.append(bad("from-parts-" + nm, "euid_from_parts",
                      {"unix_ms": ms, "extension": ext, "padding": pad, "random": rnd}, "OUT_OF_RANGE"))
    # ---- encode
    for v, text, nocheck in SPEC_EUID_VALUES:
        nm = spec_val_names[v]
        cs.append(ok("spec-encode-" + nm, "euid_encode", {"value": str(v), "checkmod": True}, s4, text))
        if nocheck:
            cs.append(ok("spec-encode-nocheck-" + nm, "euid_encode", {"value": str(v), "checkmod": False},
                         s4, nocheck))
    for nm, v in [("126", 126), ("127", 127), ("128", 128), ("2-pow-64", 1 << 64),
                  ("2-pow-64-minus-1", U64_MAX), ("2-pow-127", 1 << 127), ("max-minus-1", U128_MAX - 1)]:
        cs.append(ok("encode-" + nm, "euid_encode", {"value": str(v), "checkmod": True}))
        cs.append(ok("encode-nocheck-" + nm, "euid_encode", {"value": str(v), "checkmod": False}))
    for nm, v in [("2-pow-128", str(1 << 128)), ("negative", "-1")]:
        cs.append(bad("encode-" + nm, "euid_encode", {"value": v, "checkmod": True}, "OUT_OF_RANGE"))
    # ---- parse
    for v, text, nocheck in SPEC_EUID_VALUES:
        nm = spec_val_names[v]
        cs.append(ok("spec-parse-" + nm, "euid_parse", {"text": text}, s4, {"value": str(v)}))
        if nocheck:
            cs.append(ok("spec-parse-nocheck-" + nm, "euid_parse", {"text": nocheck}, s4, {"value": str(v)}))
    ref = str(0x623F40921824BB0052FDDF828CA352AA)
    cs.append(ok("spec-parse-lowercase", "euid_parse", {"text": "c8zm14gr4jxg0mqxvy18s8tjna6"}, s4, {"value": ref}))
    cs.append(ok("spec-parse-aliases-i-o-l", "euid_parse", {"text": "C8ZMi4GR4JXGoMQXVYl8S8TJNA6"}, s4, {"value": ref}))
    for ext, pad, hx, text in SPEC_EUID_PARTS:
        nm = "spec-parse-from-parts-ext-%s-pad-%s" % ("none" if ext is None else ext, "0" if pad == 0 else "ones")
        cs.append(ok(nm, "euid_parse", {"text": text}, s4, {"hex": hx, "extension": ext}))
    for nm, text in [
        ("aliases-uppercase-i-l-o", "C8ZMI4GR4JXGOMQXVYL8S8TJNA6"),
        ("mixed-case", "C8zm14Gr4JxG0mQxVy18S8tJnA6"),
        ("lowercase-nocheck", "c8zm14gr4jxg0mqxvy18s8tjnbz"),
        ("all-o-is-zero", "OOOOOOOOOOOOOOOOOOOOOOOOOOO"),
        ("all-lowercase-o-is-zero", "ooooooooooooooooooooooooooo"),
        ("alias-in-check-symbol", "00000000000000000000000004l"),
        ("max-lowercase", "zzzzzzzzzzzzzzzzzzzzzzzzzw3"),
        ("max-nocheck", "ZZZZZZZZZZZZZZZZZZZZZZZZZZZ"),
        ("ext-3-lowercase", euid_encode(euid_from_parts(EUID_TS, 3, 8191, EUID_RND), True).lower()),
        ("ext-16384-len-15", euid_encode(euid_from_parts(EUID_TS, 16384, 0, EUID_RND), True)),
        ("ext-len-15-read-back", "1HF7YAT00ZZZY0938NKRKAYDXXS"),
        ("check-value-126", euid_encode(126 * 128 + 0, True)),
    ]:
        cs.append(ok("parse-" + nm, "euid_parse", {"text": text}))
    good = "C8ZM14GR4JXG0MQXVY18S8TJNA6"
    for nm, text, err, det, src in [
        ("spec-parse-bad-checkmod", "C8ZM14GR4JXG0MQXVY18S8TJNA7", "INVALID_CHECKMOD", LEN(71, 70), s4),
        ("spec-parse-bad-character-u", "C8EE934SR007G5Q94QKKXFRFV8U", "INVALID_CHARACTER", NA(26, "U"), s4),
        ("spec-parse-26-symbols", good[:26], "INVALID_LENGTH", LEN(26, 27), s4),
        ("spec-parse-28-symbols", good + "0", "INVALID_LENGTH", LEN(28, 27), s4),
        ("parse-empty", "", "INVALID_LENGTH", LEN(0, 27), IND),
        ("parse-dashed-uuid-like", "C8ZM14GR4-JXG0MQXVY-18S8TJNA6", "INVALID_LENGTH", LEN(29, 27), IND),
        ("parse-27-chars-28-bytes", good[:26] + "\u00e9", "INVALID_LENGTH", LEN(28, 27), IND),
        ("parse-27-chars-30-bytes-astral", good[:26] + "\U0001F600", "INVALID_LENGTH", LEN(30, 27), IND),
        ("parse-trailing-newline", good + "\n", "INVALID_LENGTH", LEN(28, 27), IND),
        ("parse-lowercase-u", "c8ee934sr007g5q94qkkxfrfv8u", "INVALID_CHARACTER", NA(26, "u"), IND),
        ("parse-u-first", "U8ZM14GR4JXG0MQXVY18S8TJNA6", "INVALID_CHARACTER", NA(0, "U"), IND),
        ("parse-brace", "C8EE934SR007G5Q94QKKXFRFV8}", "INVALID_CHARACTER", NA(26, "}"), IND),
        ("parse-at-sign", "C8EE934SR007G5Q94QKKXFRFV8@", "INVALID_CHARACTER", NA(26, "@"), IND),
        ("parse-open-brace-123", "C8ZM14GR4JXG{MQXVY18S8TJNA6", "INVALID_CHARACTER", NA(12, "{"), IND),
        ("parse-tilde", "~8ZM14GR4JXG0MQXVY18S8TJNA6", "INVALID_CHARACTER", NA(0, "~"), IND),
        ("parse-dash", "C8ZM14GR4-XG0MQXVY18S8TJNA6", "INVALID_CHARACTER", NA(9, "-"), IND),
        # Without a check symbol nothing but the symbols themselves can reject a bad one.
        ("parse-bad-character-nocheck", "ZZZZZ!ZZZZZZZZZZZZZZZZZZZZZ", "INVALID_CHARACTER", NA(5, "!"), IND),
        ("parse-lowercase-u-nocheck", "ZZZZZZZZZZuZZZZZZZZZZZZZZZZ", "INVALID_CHARACTER", NA(10, "u"), IND),
        ("parse-bad-character-low-half-nocheck", "0000000000000000000#000003Z", "INVALID_CHARACTER",
         NA(19, "#"), IND),
        ("parse-space", "C8ZM14GR4JXG0MQXVY18S8TJNA ", "INVALID_CHARACTER", NA(26, " "), IND),
        ("parse-nul", "C8ZM14GR4JXG0MQ\x00VY18S8TJNA6", "INVALID_CHARACTER", NA(15, "\x00"), IND),
        ("parse-non-ascii-27-bytes", good[:25] + "\u00e9", "INVALID_CHARACTER", NA(25, "\u00e9"), IND),
        ("parse-first-bad-character", "C8ZM14GR4JXG0MQXVY18S8TJN!U", "INVALID_CHARACTER", NA(25, "!"), IND),
        ("parse-character-before-checkmod", "U8ZM14GR4JXG0MQXVY18S8TJNA7", "INVALID_CHARACTER", NA(0, "U"), IND),
        ("parse-checkmod-typo", "C8ZM14GR4JXG0MQXVY18S8TJMA6", "INVALID_CHECKMOD", None, IND),
        ("parse-checkmod-swap", "8CZM14GR4JXG0MQXVY18S8TJNA6", "INVALID_CHECKMOD", None, IND),
        ("parse-checkmod-zero-value", "000000000000000000000000001", "INVALID_CHECKMOD", LEN(1, 0), IND),
        ("parse-checkmod-126-on-zero", "00000000000000000000000003Y", "INVALID_CHECKMOD", LEN(126, 0), IND),
        ("parse-checkmod-max-wrong", "ZZZZZZZZZZZZZZZZZZZZZZZZZW2", "INVALID_CHECKMOD", LEN(2, 3), IND),
        ("parse-checkmod-lowercase", "c8zm14gr4jxg0mqxvy18s8tjna7", "INVALID_CHECKMOD", LEN(71, 70), IND),
    ]:
        cs.append(bad(nm, "euid_parse", {"text": text}, err, det, source=src))
    # ---- from_bytes
    for v, text, nocheck in SPEC_EUID_VALUES:
        cs.append(ok("spec-from-bytes-" + spec_val_names[v], "euid_from_bytes", {"hex": "%032x" % v}, s4,
                     {"text": text}))
    for ext, pad, hx, text in SPEC_EUID_PARTS[:3]:
        nm = "spec-from-bytes-ext-%s-pad-%s" % ("none" if ext is None else ext, "0" if pad == 0 else "ones")
        cs.append(ok(nm, "euid_from_bytes", {"hex": hx}, s4, {"text": text}))
    cs.append(ok("from-bytes-2-pow-64", "euid_from_bytes", {"hex": "%032x" % (1 << 64)}))
    cs.append(ok("from-bytes-ext-len-3-value-5", "euid_from_bytes", {"hex": "0c5e7f2b400000530123456789abcdef"}))
    for nm, hx, det in [("from-bytes-empty", "", LEN(0, 16)), ("from-bytes-15", "00" * 15, LEN(15, 16)),
                        ("from-bytes-17", "00" * 17, LEN(17, 16)), ("from-bytes-8", "0123456789abcdef", LEN(8, 16))]:
        cs.append(bad(nm, "euid_from_bytes", {"hex": hx}, "INVALID_LENGTH", det))
    return cs


CASE_BUILDERS = {"wdp": wdp_cases, "uid11": uid11_cases, "xid": xid_cases, "tid": tid_cases, "euid": euid_cases}


def reference_note(family, case):
    """Which cases the reference crates were run on (see README 'Regenerating and checking')."""
    if family == "wdp" and case.error is None and case.op != "normalize_code":
        return REF_WDP
    if family == "euid" and (case.error is None or case.op == "euid_parse"):
        return REF_EUID
    return None


def expect_matches(expect, output):
    if isinstance(expect, dict) and isinstance(output, dict) and not (set(expect) >= set(output)):
        return all(output.get(k) == v for k, v in expect.items())
    return expect == output


def build_family(family):
    cases = CASE_BUILDERS[family]()
    by_op = {}
    names = set()
    for c in cases:
        assert c.name not in names, "duplicate name %s/%s" % (family, c.name)
        names.add(c.name)
        assert c.op in OPS[family], c.op
        res = run(family, c.op, c.inp)
        src = c.source
        ref = reference_note(family, c)
        if ref:
            src = src + "; " + ref
        d = {"name": c.name, "op": c.op, "source": src, "input": c.inp}
        if c.error is None:
            assert res[0] == "output", "%s/%s: expected success, got %r" % (family, c.name, res)
            if c.expect is not NO_EXPECT:
                assert expect_matches(c.expect, res[1]), "%s/%s: %r != %r" % (family, c.name, res[1], c.expect)
            d["output"] = res[1]
        else:
            assert res[0] == "error" and res[1] == c.error, "%s/%s: expected %s, got %r" % (
                family, c.name, c.error, res)
            if c.detail is not None:
                assert res[2] == c.detail, "%s/%s: detail %r != %r" % (family, c.name, res[2], c.detail)
            d["error"] = c.error
            if c.error in DETAIL_FIELDS and not c.no_detail:
                assert set(res[2]) == set(DETAIL_FIELDS[c.error]), (family, c.name, res)
                d["detail"] = res[2]
        by_op.setdefault(c.op, []).append(d)
    ordered = [d for op in OPS[family] for d in by_op.get(op, [])]
    return {"family": family, "schema": 1, "cases": ordered}


def write_all():
    for family in FAMILIES:
        doc = build_family(family)
        path = os.path.join(VECTOR_DIR, family + ".json")
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            # ASCII-escaped (so invisible test characters stay visible), except the section sign
            text = json.dumps(doc, indent=2, ensure_ascii=True).replace("\\u00a7", "\u00a7")
            f.write(text + "\n")
        nv = sum(1 for c in doc["cases"] if "output" in c)
        print("wrote %s: %d cases (%d valid, %d invalid)" % (path, len(doc["cases"]), nv, len(doc["cases"]) - nv))


# --------------------------------------------------------------------------------------
# --check: verify the JSON files as they are on disk
# --------------------------------------------------------------------------------------


def check_all(vector_dir, verbose=False):
    failures = 0
    totals = []

    def fail(msg):
        nonlocal failures
        failures += 1
        print("FAIL " + msg)

    for family in FAMILIES:
        path = os.path.join(vector_dir, family + ".json")
        try:
            with open(path, encoding="utf-8") as f:
                doc = json.load(f)
        except (OSError, ValueError) as e:
            fail("%s: cannot read: %s" % (path, e))
            continue
        if doc.get("family") != family or doc.get("schema") != 1:
            fail("%s: bad family/schema header" % path)
        names = set()
        seen_ops = []
        nv = ni = 0
        for c in doc.get("cases", []):
            tag = "%s/%s" % (family, c.get("name"))
            if c.get("name") in names:
                fail(tag + ": duplicate name")
            names.add(c.get("name"))
            op = c.get("op")
            if op not in OPS[family]:
                fail(tag + ": unknown op %r" % op)
                continue
            if seen_ops and seen_ops[-1] != op:
                if op in seen_ops:
                    fail(tag + ": cases of op %s are not grouped together" % op)
            if not seen_ops or seen_ops[-1] != op:
                seen_ops.append(op)
            if not c.get("source"):
                fail(tag + ": missing source")
            if ("output" in c) == ("error" in c):
                fail(tag + ": needs exactly one of output/error")
                continue
            res = run(family, op, c["input"])
            if "output" in c:
                nv += 1
                if res != ("output", c["output"]):
                    fail("%s: expected output %s, independent.py gives %r" % (tag, json.dumps(c["output"]), res))
                elif verbose:
                    print("ok   " + tag)
            else:
                ni += 1
                if res[0] != "error" or res[1] != c["error"]:
                    fail("%s: expected error %s, independent.py gives %r" % (tag, c["error"], res))
                    continue
                if c["error"] not in DETAIL_FIELDS and "detail" in c:
                    fail(tag + ": detail given for an error that has none")
                for k, v in (c.get("detail") or {}).items():
                    if res[2].get(k) != v:
                        fail("%s: detail %s=%r, independent.py gives %r" % (tag, k, v, res[2].get(k)))
                if verbose:
                    print("ok   " + tag)
        totals.append((family, nv, ni))
        if doc != build_family(family):
            print("note %s: differs from what --write would generate from the case definitions" % path)
    for family, nv, ni in totals:
        print("%-6s %4d valid %4d invalid" % (family, nv, ni))
    if failures:
        print("%d FAILURE(S)" % failures)
        return 1
    print("all vectors agree with independent.py")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--check", action="store_true", help="verify every case in ../*.json (default)")
    g.add_argument("--write", action="store_true", help="regenerate ../*.json from the case definitions")
    g.add_argument("--selftest", action="store_true", help="only assert the docs/spec vectors")
    ap.add_argument("--dir", default=VECTOR_DIR, help="directory holding the JSON files (for --check)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    spec_selftest()
    print("docs/spec sections 1-4: every quoted vector reproduced")
    if args.selftest:
        return 0
    if args.write:
        write_all()
        return 0
    return check_all(args.dir, args.verbose)


if __name__ == "__main__":
    sys.exit(main())
