#!/usr/bin/env python3
"""Independent EXTUUID packer: builds tests/vectors/extuuid.json from the bit layout
in docs/extuuid.md, without polyid. Typed fields go in; UUIDs come out of the packing below.
The canonical texts are written by hand.

    python3 tools/extuuid_independent.py --check             # every case agrees (default)
    python3 tools/extuuid_independent.py --check --dir DIR   # the extuuid.json in DIR
    python3 tools/extuuid_independent.py --write > extuuid.json
"""
import json
import math
import struct
import sys
from datetime import datetime, timezone
from fractions import Fraction

A = "ABCDEFGHIJKLMNOPQRSTUVWXYZ._0123456789abcdefghijklmnopqrstuvwxyz"
B = "ABCDEFGHIJKLMNOPQRSTUVWXYZ._0123456789!@#$%^&+-*/\\~,'`<=>?|\x00[]()"
C = "ABCDEFGHIJKLMNOPQRSTUVWXYZ._+-*/"
SCHEME_CODE = {"A": 0, "B": 1, "C": 2, "D": 3, "E": 4, "F": 5}


class Bits:
    """A 122-bit payload written field by field, most significant first."""

    def __init__(self):
        self.bits = ""

    def put(self, width, value):
        assert 0 <= value < (1 << width) or width == 0 and value == 0, (width, value)
        if width:
            self.bits += format(value, "0%db" % width)
        return self

    def uuid(self):
        assert len(self.bits) == 122, len(self.bits)
        b = self.bits
        # 48 payload bits, version 1000, 12 bits, variant 10, 62 bits
        u = b[:48] + "1000" + b[48:60] + "10" + b[60:]
        h = format(int(u, 2), "032x")
        return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def sym_bits(scheme, name):
    """(width, value) of a symbol."""
    if scheme in "AB":
        table = A if scheme == "A" else B
        return 6 * len(name), int("".join(format(table.index(c), "06b") for c in name) or "0", 2)
    if scheme == "C":
        return 5 * len(name), int("".join(format(C.index(c), "05b") for c in name) or "0", 2)
    base, table = (26, C[:26]) if scheme == "D" else (38, A[:38])
    width = (base ** len(name) - 1).bit_length()
    v = 0
    for c in name:
        v = v * base + table.index(c)
    return width, v


def symserial(scheme, name, q):
    w, s = sym_bits(scheme, name)
    return Bits().put(2, 0).put(3, SCHEME_CODE[scheme]).put(5, len(name)).put(w, s).put(112 - w, q).uuid()


def fixed(scheme, name, e, q):
    w, s = sym_bits(scheme, name)
    qw = 107 - w
    return (Bits().put(2, 1).put(3, SCHEME_CODE[scheme]).put(5, len(name)).put(5, e)
            .put(w, s).put(qw, q % (1 << qw) if qw else 0).uuid())


def int_(v):
    return Bits().put(2, 2).put(3, 0).put(1, int(v < 0)).put(116, abs(v)).uuid()


UNITS = ["m", "kg", "s", "A", "K", "cd", "mol"]


def exp_field(p):
    if p == 0:
        return 0
    p = Fraction(p)
    return (int(p < 0) << 6) | (abs(p.numerator) << 3) | p.denominator


def quant(value, units=None, context=0, fields=None):
    if fields is None:
        fields = [exp_field((units or {}).get(u, 0)) for u in UNITS]
    b = Bits().put(2, 2).put(3, 1).put(4, context)
    for f in fields:
        b.put(7, f)
    (bits,) = struct.unpack(">Q", struct.pack(">d", value))
    return b.put(64, bits).uuid()


def float_(neg, m, e):
    """Subtype 010 with the mantissa normalized to odd (or all zero)."""
    if m == 0:
        neg, e = 0, 0
    while m and m % 2 == 0:
        m //= 2
        e += 1
    return Bits().put(2, 2).put(3, 2).put(1, int(neg)).put(100, m).put(16, e % (1 << 16)).uuid()


def float_of(x):
    """Exact (neg, m, e) of a Python float."""
    n, d = abs(x).as_integer_ratio()
    return int(x < 0), n, -(d.bit_length() - 1)


def intvec(signed, l, z, values):
    n = len(values)
    b = Bits().put(2, 2).put(3, 4 if signed else 5).put(7, n).put(7, l).put(103 - n * l, z)
    for v in values:
        b.put(l, ((int(v < 0) << (l - 1)) | abs(v)) if signed else v)
    return b.uuid()


def fbits(fmt, x):
    return int.from_bytes(struct.pack(">" + fmt, x), "big")


def chars(scheme, text):
    return sym_bits(scheme, text)


def stdvec(code, z, values):
    """Subtype 111: format code, context, elements (decimal strings, via binary64)."""
    b = Bits().put(2, 2).put(3, 7).put(3, code)
    xs = [float(v) for v in values]
    if code == 1:
        b.put(*chars("C", z)).put(64, fbits("d", xs[0]))
    elif code == 2:
        b.put(8, z)
        for x in xs:
            b.put(32, fbits("f", x))
    elif code == 3:
        b.put(*chars("C", z))
        for x in xs:
            b.put(32, fbits("f", x))
    elif code == 4:
        b.put(*chars("B", z)).put(32, fbits("f", xs[0]))
    elif code == 5:
        b.put(8, z)
        for x in xs:
            b.put(16, fbits("e", x))
    elif code == 6:
        n = len(xs)
        b.put(2, n - 1)
        for x in xs:
            b.put(16, fbits("e", x))
        w, v = chars("B", z)
        assert len(z) == (102 - 16 * n) // 6
        b.put(w, v).put(102 - 16 * n - w, 0)
        return b.put(10, 0).uuid()
    return b.put(10, 0).uuid()


def gelem(l, E, x):
    """Bits of one generic float element (exponent, sign, mantissa), x a Fraction or float,
    rounded to nearest, ties to even."""
    M = l - E - 1
    bias = (1 << (E - 1)) - 1
    x = Fraction(x)
    neg = int(x < 0)
    a = abs(x)
    if a == 0:
        return neg << M
    emin = 1 - bias
    top = math.floor(math.log2(a))
    while Fraction(2) ** top > a:
        top -= 1
    while Fraction(2) ** (top + 1) <= a:
        top += 1
    q = (emin if top < emin else top) - M
    n = round(a / Fraction(2) ** q)  # half to even
    if top >= emin and n == 1 << (M + 1):
        n, top = n >> 1, top + 1
    if top < emin:
        field = n
    else:
        field = ((top + bias) << M) | (n - (1 << M))
    ef = field >> M
    assert ef < (1 << E) - 1, "overflow"
    return (ef << (M + 1)) | (neg << M) | (field & ((1 << M) - 1))


def genvec(l, E, z, xs):
    n = len(xs)
    b = Bits().put(2, 2).put(3, 6).put(7, n).put(7, l).put(5, E).put(98 - n * l, z)
    for x in xs:
        b.put(l, gelem(l, E, x))
    return b.uuid()


def x87(x):
    """80-bit x87 pattern of a Fraction, rounded to 64 significant bits, ties to even."""
    x = Fraction(x)
    sign = int(x < 0)
    a = abs(x)
    if a == 0:
        return sign << 79
    top = 0
    while Fraction(2) ** top > a:
        top -= 1
    while Fraction(2) ** (top + 1) <= a:
        top += 1
    if top < -16382:  # denormal: quantum 2^(-16382-63)
        sig = round(a / Fraction(2) ** (-16382 - 63))
        ef = 1 if sig >> 63 else 0
    else:
        sig = round(a / Fraction(2) ** (top - 63))
        if sig >> 64:
            sig, top = sig >> 1, top + 1
        ef = top + 16383
    assert ef < 0x7fff
    return (sign << 79) | (ef << 64) | sig


def f80(z, x):
    w, v = chars("B", z)
    return Bits().put(2, 2).put(3, 7).put(3, 0).put(w, v).put(80, x87(x)).put(10, 0).uuid()


EPOCH = datetime(1582, 10, 15, tzinfo=timezone.utc)


def time_(l, seconds, fraction, sign=None):
    """seconds is the floor of the instant (may be negative)."""
    if sign is None:
        sign = int(seconds < 0)
    return (Bits().put(2, 2).put(3, 3).put(7, l).put(1, sign).put(109 - l, abs(seconds))
            .put(l, fraction).uuid())


def since_epoch(y, mo, d, h=0, mi=0, s=0):
    return int((datetime(y, mo, d, h, mi, s, tzinfo=timezone.utc) - EPOCH).total_seconds())


def round_frac(dec, l):
    """Round a decimal fraction string to l bits, ties to even."""
    x = Fraction(int(dec), 10 ** len(dec)) * (1 << l)
    return round(x)  # Fraction rounds half to even


cases = []


def ok(name, text, uuid, canonical, source="docs/extuuid.md (independent.py)"):
    cases.append({"name": name, "op": "extuuid_encode", "source": source,
                  "input": {"text": text}, "output": {"uuid": uuid, "text": canonical}})
    # every valid encode also decodes back to the canonical text
    cases.append({"name": name + "-decode", "op": "extuuid_decode", "source": source,
                  "input": {"uuid": uuid}, "output": {"text": canonical}})


def bad_text(name, text, code, source="docs/extuuid.md"):
    cases.append({"name": name, "op": "extuuid_encode", "source": source,
                  "input": {"text": text}, "error": code})


def bad_uuid(name, uuid, code, source="docs/extuuid.md"):
    cases.append({"name": name, "op": "extuuid_decode", "source": source,
                  "input": {"uuid": uuid}, "error": code})


DRAFT = "extuuid-draft.txt"

# --- symbols and serials -------------------------------------------------------------
ok("sym-a", "sym:Hello", symserial("A", "Hello", 0), "extuuid:symA:Hello", DRAFT + " §3.7.2")
ok("sym-a-explicit", "extuuid:symA:M31", symserial("A", "M31", 0), "extuuid:symA:M31")
ok("sym-empty", "extuuid:symA:", symserial("A", "", 0), "extuuid:symA:")
ok("sym-b-auto", "sym:GBP$", symserial("B", "GBP$", 0), "extuuid:symB:GBP$")
ok("sym-b-fold", "symB:gbp$", symserial("B", "GBP$", 0), "extuuid:symB:GBP$")
ok("sym-b-punct", "symB:[A(B)]", symserial("B", "[A(B)]", 0), "extuuid:symB:[A(B)]")
ok("sym-c", "symC:ISSN-X", symserial("C", "ISSN-X", 0), "extuuid:symC:ISSN-X")
ok("sym-c-auto-long", "sym:ABCDEFGHIJKLMNOPQRST", symserial("C", "ABCDEFGHIJKLMNOPQRST", 0),
   "extuuid:symC:ABCDEFGHIJKLMNOPQRST")
ok("sym-c-22", "symC:ABCDEFGHIJKLMNOPQRSTUV", symserial("C", "ABCDEFGHIJKLMNOPQRSTUV", 0),
   "extuuid:symC:ABCDEFGHIJKLMNOPQRSTUV")
ok("sym-d", "symD:Messier", symserial("D", "MESSIER", 0), "extuuid:symD:MESSIER")
ok("sym-d-23", "symD:ZZZZZZZZZZZZZZZZZZZZZZZ", symserial("D", "Z" * 23, 0), "extuuid:symD:" + "Z" * 23)
ok("sym-f", "symF:ISSN.2049_3630", symserial("F", "ISSN.2049_3630", 0),
   "extuuid:symF:ISSN.2049_3630")
ok("sym-a-18", "sym:abcdefghijklmnopqr", symserial("A", "abcdefghijklmnopqr", 0),
   "extuuid:symA:abcdefghijklmnopqr")
ok("serial-messier", "serialA:Messier:31", symserial("A", "Messier", 31), "extuuid:serialA:Messier:31",
   DRAFT + " §3.3")
ok("serial-auto", "serial:ISSN:2049-3630", symserial("A", "ISSN", 20493630), "extuuid:serialA:ISSN:20493630",
   DRAFT + " §3.7.3")
ok("serial-underscores", "extuuid:serialC:PMID:12_345_678", symserial("C", "PMID", 12345678),
   "extuuid:serialC:PMID:12345678")
ok("serial-zero-is-sym", "serialA:X:0", symserial("A", "X", 0), "extuuid:symA:X")
ok("serial-max-c1", "serialC:A:" + str((1 << 107) - 1), symserial("C", "A", (1 << 107) - 1),
   "extuuid:serialC:A:" + str((1 << 107) - 1))
ok("serial-empty-name", "serialA::7", symserial("A", "", 7), "extuuid:serialA::7")
ok("serial-d", "serialD:ngc:224", symserial("D", "NGC", 224), "extuuid:serialD:NGC:224")
ok("serial-f", "serialF:MAC:256", symserial("F", "MAC", 256), "extuuid:serialF:MAC:256")

# --- fixed ---------------------------------------------------------------------------
ok("fixed-gbp", "extuuid:fixedB4:GBP$:222.31", fixed("B", "GBP$", 4, 2223100),
   "extuuid:fixedB4:GBP$:222.31", DRAFT + " §4.1.1")
ok("fixed-auto-places", "fixed:USD$:19.990", fixed("B", "USD$", 2, 1999), "extuuid:fixedB2:USD$:19.99")
ok("fixed-negative", "fixedB4:EUR$:-0.5", fixed("B", "EUR$", 4, -5000), "extuuid:fixedB4:EUR$:-0.5")
ok("fixed-integer", "fixedA:kg:12", fixed("A", "kg", 0, 12), "extuuid:fixedA0:kg:12")
ok("fixed-zero-places-kept", "fixedA3:x:7", fixed("A", "x", 3, 7000), "extuuid:fixedA3:x:7")
ok("fixed-small", "fixedC31:EPS:0.0000000000000000000000000000001",
   fixed("C", "EPS", 31, 1), "extuuid:fixedC31:EPS:0.0000000000000000000000000000001")
ok("fixed-min-b4", "fixedB0:GBP$:-" + str(1 << 82), fixed("B", "GBP$", 0, -(1 << 82)),
   "extuuid:fixedB0:GBP$:-" + str(1 << 82))
ok("fixed-d", "fixedD2:chf:-1.25", fixed("D", "CHF", 2, -125), "extuuid:fixedD2:CHF:-1.25")
ok("fixed-f", "fixedF1:T1:3", fixed("F", "T1", 1, 30), "extuuid:fixedF1:T1:3")

# --- int -----------------------------------------------------------------------------
ok("int-draft", "extuuid:int:212323232423", int_(212323232423), "extuuid:int:212323232423",
   DRAFT + " §3.7")
ok("int-zero", "int:0", int_(0), "extuuid:int:0")
ok("int-minus-zero", "int:-0", int_(0), "extuuid:int:0")
ok("int-negative", "int:-42", int_(-42), "extuuid:int:-42")
ok("int-underscores", "int:1_000_000", int_(1000000), "extuuid:int:1000000")
ok("int-max", "int:" + str((1 << 116) - 1), int_((1 << 116) - 1), "extuuid:int:" + str((1 << 116) - 1))
ok("int-min", "int:-" + str((1 << 116) - 1), int_(-((1 << 116) - 1)), "extuuid:int:-" + str((1 << 116) - 1))

# --- quant ---------------------------------------------------------------------------
ok("quant-draft-m3", "extuuid:quant:22.4*m3", quant(22.4, {"m": 3}), "extuuid:quant:22.4*m3", DRAFT + " §3.7")
ok("quant-joule", "q:1*kg*m2/s2", quant(1.0, fields=[0b0010001, 0b0001001, 0b1010001, 0, 0, 0, 0]),
   "extuuid:quant:1*m2*kg/s2", DRAFT + " §3.5 (joule)")
ok("quant-watt", "quant:1*m2*kg/s3", quant(1.0, fields=[0b0010001, 0b0001001, 0b1011001, 0, 0, 0, 0]),
   "extuuid:quant:1*m2*kg/s3", DRAFT + " §3.5 (watt)")
ok("quant-draft-root", "quant:2/m1/2", quant(2.0, fields=[0b1001010, 0, 0, 0, 0, 0, 0]),
   "extuuid:quant:2/m1/2", DRAFT + " §3.5 (x0 = 1001010)")
ok("quant-accel", "quant:9.81*m/s2", quant(9.81, {"m": 1, "s": -2}), "extuuid:quant:9.81*m/s2")
ok("quant-dimensionless", "quant:0.5", quant(0.5), "extuuid:quant:0.5")
ok("quant-context", "quant7:-1.5e-10*A/K", quant(-1.5e-10, {"A": 1, "K": -1}, context=7),
   "extuuid:quant7:-1.5e-10*A/K")
ok("quant-all-units", "quant:6.02214076e23*mol*cd*K*A*s*kg*m",
   quant(6.02214076e23, {u: 1 for u in UNITS}), "extuuid:quant:6.02214076e23*m*kg*s*A*K*cd*mol")
ok("quant-fraction-reduced", "quant:3*kg2/4/s3/2", quant(3.0, {"kg": Fraction(1, 2), "s": Fraction(-3, 2)}),
   "extuuid:quant:3*kg1/2/s3/2")
ok("quant-neg-zero", "quant:-0", quant(-0.0), "extuuid:quant:-0")
ok("quant-big", "quant:1E21*m", quant(1e21, {"m": 1}), "extuuid:quant:1e21*m")

# --- f (one float) --------------------------------------------------------------------
ok("f-one-half", "f:1.5", float_(0, 3, -1), "extuuid:f:1.5")
ok("f-decimal", "f:-22.4", float_(*float_of(-22.4)), "extuuid:f:-22.4")
ok("f-exact-form", "f:3p-1", float_(0, 3, -1), "extuuid:f:1.5")
ok("f-even-mantissa", "f:12p0", float_(0, 3, 2), "extuuid:f:12")
ok("f-zero", "f:0", float_(0, 0, 0), "extuuid:f:0")
ok("f-minus-zero", "f:-0", float_(0, 0, 0), "extuuid:f:0")
ok("f-wide", "f:-%dp-5" % ((1 << 99) + 1), float_(1, (1 << 99) + 1, -5), "extuuid:f:-%dp-5" % ((1 << 99) + 1))
ok("f-huge-exponent", "f:1p30000", float_(0, 1, 30000), "extuuid:f:1p30000")
ok("f-tiny", "f:5e-324", float_(0, 1, -1074), "extuuid:f:5e-324")
bad_text("text-f-mantissa-101-bits", "f:%dp0" % ((1 << 100) + 1), "OUT_OF_RANGE")
bad_text("text-f-exponent", "f:1p40000", "OUT_OF_RANGE")
bad_text("text-f-bad", "f:1.5q", "INVALID_FORMAT")
bad_uuid("uuid-f-even", Bits().put(2, 2).put(3, 2).put(1, 0).put(100, 2).put(16, 0).uuid(), "RESERVED_BITS")
bad_uuid("uuid-f-signed-zero", Bits().put(2, 2).put(3, 2).put(1, 1).put(100, 0).put(16, 0).uuid(), "RESERVED_BITS")

# --- int and uint vectors -------------------------------------------------------------
ok("ivec-list", "int:1,-2,3", intvec(True, 3, 0, [1, -2, 3]), "extuuid:int/3*3:0:1,-2,3", DRAFT + " §3.7.5")
ok("ivec-dims", "extuuid:int/3*8:1,-2,3", intvec(True, 8, 0, [1, -2, 3]), "extuuid:int/3*8:0:1,-2,3")
ok("ivec-context", "int/2*16:42:-32767,32767", intvec(True, 16, 42, [-32767, 32767]),
   "extuuid:int/2*16:42:-32767,32767")
ok("ivec-one", "int/1:5", intvec(True, 4, 0, [5]), "extuuid:int/1*4:0:5")
ok("ivec-full", "int/1*103:" + str((1 << 102) - 1), intvec(True, 103, 0, [(1 << 102) - 1]),
   "extuuid:int/1*103:0:" + str((1 << 102) - 1))
ok("ivec-max-context", "int/1*1:%d:0" % ((1 << 102) - 1), intvec(True, 1, (1 << 102) - 1, [0]),
   "extuuid:int/1*1:%d:0" % ((1 << 102) - 1))
ok("uvec-rgb", "uint/3*8:7:255,128,0", intvec(False, 8, 7, [255, 128, 0]), "extuuid:uint/3*8:7:255,128,0")
ok("uvec-min-width", "uint:1,2,3,4", intvec(False, 3, 0, [1, 2, 3, 4]), "extuuid:uint/4*3:0:1,2,3,4")
ok("uvec-bits", "uint/8*1:0:1,0,1,1,0,0,1,0", intvec(False, 1, 0, [1, 0, 1, 1, 0, 0, 1, 0]),
   "extuuid:uint/8*1:0:1,0,1,1,0,0,1,0")
ok("uvec-zero", "uint:0", intvec(False, 1, 0, [0]), "extuuid:uint/1*1:0:0")
bad_text("text-ivec-element-too-big", "int/2*8:128,1", "OUT_OF_RANGE")
bad_text("text-ivec-too-many-bits", "int/2*52:1,1", "OUT_OF_RANGE")
bad_text("text-ivec-count", "int/3*8:1,2", "INVALID_FORMAT")
bad_text("text-uvec-negative", "uint:1,-1", "OUT_OF_RANGE")
bad_text("text-uvec-context", "uint/1*100:8:1", "OUT_OF_RANGE")
bad_text("text-uvec-empty-element", "uint:1,,2", "INVALID_FORMAT")
bad_uuid("uuid-ivec-n-zero", Bits().put(2, 2).put(3, 4).put(7, 0).put(7, 8).put(103, 0).uuid(), "OUT_OF_RANGE")
bad_uuid("uuid-uvec-too-wide", Bits().put(2, 2).put(3, 5).put(7, 2).put(7, 52).put(103, 0).uuid(), "OUT_OF_RANGE")
bad_uuid("uuid-ivec-neg-zero", Bits().put(2, 2).put(3, 4).put(7, 1).put(7, 8).put(95, 0).put(8, 0x80).uuid(),
         "RESERVED_BITS")

# --- standard float vectors ------------------------------------------------------------
ok("sfv-f64", "f64:GRAVITY.:9.80665", stdvec(1, "GRAVITY.", ["9.80665"]), "extuuid:f64:GRAVITY.:9.80665")
ok("sfv-f64-fold", "f64:abcdefgh:-1e300", stdvec(1, "ABCDEFGH", ["-1e300"]), "extuuid:f64:ABCDEFGH:-1e300")
ok("sfv-f32x3-xyz", "f32x3:7:1.5,-2.25,0.1", stdvec(2, 7, ["1.5", "-2.25", "0.1"]),
   "extuuid:f32x3:7:1.5,-2.25,0.1")
ok("sfv-f32x2", "f32x2:LAT/LON.:45.75,21.25", stdvec(3, "LAT/LON.", ["45.75", "21.25"]),
   "extuuid:f32x2:LAT/LON.:45.75,21.25")
ok("sfv-f32", "f32:TEMPERATURE$:36.6", stdvec(4, "TEMPERATURE$", ["36.6"]), "extuuid:f32:TEMPERATURE$:36.6")
ok("sfv-f32-rounded", "f32:ABCDEFGHIJKL:0.100000001", stdvec(4, "ABCDEFGHIJKL", ["0.100000001"]),
   "extuuid:f32:ABCDEFGHIJKL:0.1")
ok("sfv-f16x6", "f16x6:255:1,-2,0.5,65504,0.0000000596,-0", stdvec(5, 255, ["1", "-2", "0.5", "65504", "5.96e-8", "-0"]),
   "extuuid:f16x6:255:1,-2,0.5,65500,6e-8,-0")  # 65500 is the shortest decimal that rounds to 65504
ok("sfv-f16-one", "f16:ABCDEFGHIJKLMN:0.3333", stdvec(6, "ABCDEFGHIJKLMN", ["0.3333"]),
   "extuuid:f16:ABCDEFGHIJKLMN:0.3333")
ok("sfv-f16-two", "f16:RGB(A)[2]$,:1,2", stdvec(6, "RGB(A)[2]$,", ["1", "2"]), "extuuid:f16:RGB(A)[2]$,:1,2")
ok("sfv-f16-three", "f16:ABCDEFGHI:1,2,3", stdvec(6, "ABCDEFGHI", ["1", "2", "3"]), "extuuid:f16:ABCDEFGHI:1,2,3")
ok("sfv-f16-four", "f16:XYZW..:0.1,0.2,0.3,0.4", stdvec(6, "XYZW..", ["0.1", "0.2", "0.3", "0.4"]),
   "extuuid:f16:XYZW..:0.1,0.2,0.3,0.4")
bad_text("text-sfv-context-length", "f64:ABC:1", "INVALID_LENGTH")
bad_text("text-sfv-count", "f32x3:0:1,2", "INVALID_FORMAT")
bad_text("text-sfv-f16-overflow", "f16x6:0:1,1,1,1,1,65520", "OUT_OF_RANGE")
bad_text("text-sfv-f32-overflow", "f32:ABCDEFGHIJKL:1e39", "OUT_OF_RANGE")
bad_text("text-sfv-context-256", "f32x3:256:1,2,3", "OUT_OF_RANGE")
bad_text("text-sfv-f16-five", "f16:AB:1,2,3,4,5", "INVALID_FORMAT")
bad_uuid("uuid-sfv-reserved-format", Bits().put(2, 2).put(3, 7).put(3, 7).put(114, 0).uuid(), "RESERVED_TYPE")
bad_uuid("uuid-sfv-reserved-bits", Bits().put(2, 2).put(3, 7).put(3, 1).put(104, 0).put(10, 1).uuid(), "RESERVED_BITS")
bad_uuid("uuid-sfv-f16-leftover", Bits().put(2, 2).put(3, 7).put(3, 6).put(2, 0).put(16, 0).put(84, 0).put(2, 1).put(10, 0).uuid(),
         "RESERVED_BITS")
bad_uuid("uuid-sfv-nan", Bits().put(2, 2).put(3, 7).put(3, 4).put(72, 0).put(32, 0x7fc00000).put(10, 0).uuid(), "OUT_OF_RANGE")

# --- generic float vectors -------------------------------------------------------------
ok("gfv-half-like", "f/3*16*5:0:1,-2,0.5", genvec(16, 5, 0, [1, -2, 0.5]), "extuuid:f/3*16*5:0:1,-2,0.5")
ok("gfv-context", "f/2*8*4:12345:1.5,-0.125", genvec(8, 4, 12345, [1.5, -0.125]), "extuuid:f/2*8*4:12345:1.5,-0.125")
ok("gfv-rounds", "f/1*8*4:0:0.1", genvec(8, 4, 0, [0.1]), "extuuid:f/1*8*4:0:0.1")
ok("gfv-subnormal", "f/1*8*4:0:0.001953125", genvec(8, 4, 0, [Fraction(1, 512)]), "extuuid:f/1*8*4:0:0.002")
ok("gfv-minus-zero", "f/1*8*4:0:-0", Bits().put(2, 2).put(3, 6).put(7, 1).put(7, 8)
   .put(5, 4).put(90, 0).put(8, 0b00001000).uuid(), "extuuid:f/1*8*4:0:-0")
ok("gfv-wide", "f/1*81*20:0:%dp0" % ((1 << 60) + 1), genvec(81, 20, 0, [(1 << 60) + 1]),
   "extuuid:f/1*81*20:0:%dp0" % ((1 << 60) + 1))
ok("gfv-double-like", "f/1*64*11:7:0.1", genvec(64, 11, 7, [0.1]), "extuuid:f/1*64*11:7:0.1")
ok("gfv-exact-input", "f/1*8*4:0:3p-1", genvec(8, 4, 0, [Fraction(3, 2)]), "extuuid:f/1*8*4:0:1.5")
bad_text("text-gfv-overflow", "f/1*8*4:0:1000", "OUT_OF_RANGE")
bad_text("text-gfv-shape", "f/1*8*7:0:1", "OUT_OF_RANGE")
bad_text("text-gfv-too-wide", "f/2*50*8:0:1,1", "OUT_OF_RANGE")
bad_text("text-gfv-no-dims", "f/2*16:0:1,1", "INVALID_FORMAT")
bad_uuid("uuid-gfv-inf", Bits().put(2, 2).put(3, 6).put(7, 1).put(7, 8).put(5, 4).put(90, 0).put(8, 0b11110000).uuid(),
         "OUT_OF_RANGE")
bad_uuid("uuid-gfv-e-too-small", Bits().put(2, 2).put(3, 6).put(7, 1).put(7, 8).put(5, 1).put(98, 0).uuid(), "OUT_OF_RANGE")

# --- x87 80-bit (standard float format 000) ---------------------------------------------
ok("f80-one", "f80:PI$$:1", f80("PI$$", 1), "extuuid:f80:PI$$:1")
ok("f80-decimal", "f80:abcd:-2.5", f80("ABCD", Fraction(-5, 2)), "extuuid:f80:ABCD:-2.5")
ok("f80-tenth", "f80:ABCD:0.1", f80("ABCD", 0.1), "extuuid:f80:ABCD:0.1")
ok("f80-wide", "f80:ABCD:%dp0" % ((1 << 63) + 1), f80("ABCD", (1 << 63) + 1), "extuuid:f80:ABCD:%dp0" % ((1 << 63) + 1))
ok("f80-denormal", "f80:ABCD:1p-16445", f80("ABCD", Fraction(1, 2 ** 16445)), "extuuid:f80:ABCD:1p-16445")
ok("f80-big", "f80:ABCD:3p16000", f80("ABCD", 3 * 2 ** 16000), "extuuid:f80:ABCD:3p16000")
bad_text("text-f80-context", "f80:ABC:1", "INVALID_LENGTH")
bad_text("text-f80-overflow", "f80:ABCD:1p16384", "OUT_OF_RANGE")
bad_uuid("uuid-f80-unnormal", Bits().put(2, 2).put(3, 7).put(3, 0).put(24, 0).put(80, 0x3fff << 64).put(10, 0).uuid(),
         "RESERVED_BITS")
bad_uuid("uuid-f80-inf", Bits().put(2, 2).put(3, 7).put(3, 0).put(24, 0).put(80, (0x7fff << 64) | (1 << 63)).put(10, 0).uuid(),
         "OUT_OF_RANGE")
bad_uuid("uuid-f80-reserved", Bits().put(2, 2).put(3, 7).put(3, 0).put(24, 0).put(80, 0).put(10, 512).uuid(), "RESERVED_BITS")

# --- time ----------------------------------------------------------------------------
ok("time-epoch", "t:1582-10-15T00:00:00Z", time_(0, 0, 0), "extuuid:t:1582-10-15T00:00:00Z",
   DRAFT + " §3.5 (t)")
ok("time-unix-epoch", "t:1970-01-01", time_(0, 12219292800, 0), "extuuid:t:1970-01-01T00:00:00Z")
s24 = since_epoch(2024, 2, 29, 12, 34, 56)
ok("time-draft-form", "t:2024/02/29;12:34:56.5", time_(4, s24, 8), "extuuid:t/4:2024-02-29T12:34:56.5Z",
   DRAFT + " §3.7.5")
ok("time-rfc3339", "t/30:2024-02-29T12:34:56.123456789Z", time_(30, s24, round_frac("123456789", 30)),
   "extuuid:t/30:2024-02-29T12:34:56.123456789Z")
ok("time-default-bits", "t:2024-02-29T12:34:56.123Z", time_(10, s24, round_frac("123", 10)),
   "extuuid:t/10:2024-02-29T12:34:56.123Z")
ok("time-tie-even", "t/1:2024-02-29T12:34:56.25", time_(1, s24, 0), "extuuid:t/1:2024-02-29T12:34:56Z")
ok("time-carry", "t/1:2024-02-29T12:34:56.75", time_(1, s24 + 1, 0), "extuuid:t/1:2024-02-29T12:34:57Z")
ok("time-before", "t:1582-10-14T23:59:59.5Z", time_(4, -1, 8), "extuuid:t/4:1582-10-14T23:59:59.5Z")
ok("time-64bits", "t/64:2000-01-01T00:00:00Z", time_(64, since_epoch(2000, 1, 1), 0),
   "extuuid:t/64:2000-01-01T00:00:00Z")
ok("time-date-only", "t:2000-01", time_(0, since_epoch(2000, 1, 1), 0), "extuuid:t:2000-01-01T00:00:00Z")

# --- invalid text --------------------------------------------------------------------
bad_text("text-no-kind", "extuuid:42", "INVALID_FORMAT")
bad_text("text-unknown-kind", "extuuid:money:GBP", "INVALID_FORMAT")
bad_text("text-scheme-e", "symE:ABC", "UNSUPPORTED_SCHEME")
bad_text("text-bad-char-a", "symA:a-b", "INVALID_CHARACTER")
bad_text("text-bad-char-auto", "sym:a b", "INVALID_CHARACTER")
bad_text("text-non-ascii", "sym:é", "INVALID_CHARACTER")
bad_text("text-sym-too-long", "symA:abcdefghijklmnopqrs", "OUT_OF_RANGE")
bad_text("text-serial-too-big", "serialA:abcdefghijklmnopqr:16", "OUT_OF_RANGE")
bad_text("text-serial-not-number", "serialA:ISSN:12a", "INVALID_FORMAT")
bad_text("text-fixed-too-many-places", "fixedB2:GBP$:1.234", "OUT_OF_RANGE")
bad_text("text-fixed-places-32", "fixedB32:GBP$:1", "OUT_OF_RANGE")
bad_text("text-fixed-overflow", "fixedB0:GBP$:" + str(1 << 82), "OUT_OF_RANGE")
bad_text("text-fixed-bad-number", "fixedB2:GBP$:1.", "INVALID_FORMAT")
bad_text("text-int-too-big", "int:" + str(1 << 116), "OUT_OF_RANGE")
bad_text("text-int-bad-underscore", "int:1__0", "INVALID_FORMAT")
bad_text("text-int-trailing-underscore", "int:10_", "INVALID_FORMAT")
bad_text("text-quant-unknown-unit", "quant:1*g", "INVALID_UNIT")
bad_text("text-quant-power-8", "quant:1*m8", "INVALID_UNIT")
bad_text("text-quant-twice", "quant:1*m/m", "INVALID_UNIT")
bad_text("text-quant-inf", "quant:1e999", "OUT_OF_RANGE")
bad_text("text-quant-nan", "quant:NaN", "INVALID_FORMAT")
bad_text("text-quant-context-16", "quant16:1", "OUT_OF_RANGE")
bad_text("text-time-bad-day", "t:2023-02-29", "OUT_OF_RANGE")
bad_text("text-time-bits-110", "t/110:2023-01-01", "OUT_OF_RANGE")
bad_text("text-time-no-room", "t/80:2023-01-01", "OUT_OF_RANGE")
bad_text("text-time-garbage", "t:yesterday", "INVALID_FORMAT")
bad_text("text-too-long", "sym:" + "a" * 1100, "INVALID_LENGTH")

# --- invalid UUIDs -------------------------------------------------------------------
bad_uuid("uuid-v4", "6ba7b810-9dad-41d1-80b4-00c04fd430c8", "NOT_UUID_V8")
bad_uuid("uuid-v8-bad-variant", "00000000-0000-8000-c000-000000000000", "NOT_UUID_V8")
bad_uuid("uuid-nil", "00000000-0000-0000-0000-000000000000", "NOT_UUID_V8")
bad_uuid("uuid-short", "00000000-0000-8000-8000-00000000000", "INVALID_LENGTH")
bad_uuid("uuid-bad-hex", "0000000g-0000-8000-8000-000000000000", "INVALID_CHARACTER")
bad_uuid("uuid-type-11", Bits().put(2, 3).put(120, 0).uuid(), "RESERVED_TYPE")
bad_uuid("uuid-scheme-e", Bits().put(2, 0).put(3, 4).put(117, 0).uuid(), "UNSUPPORTED_SCHEME")
bad_uuid("uuid-scheme-6", Bits().put(2, 0).put(3, 6).put(117, 0).uuid(), "RESERVED_TYPE")
bad_uuid("uuid-fixed-scheme-7", Bits().put(2, 1).put(3, 7).put(117, 0).uuid(), "RESERVED_TYPE")
bad_uuid("uuid-sym-too-long", Bits().put(2, 0).put(3, 0).put(5, 19).put(112, 0).uuid(), "OUT_OF_RANGE")
bad_uuid("uuid-b-value-59", Bits().put(2, 0).put(3, 1).put(5, 1).put(6, 59).put(106, 0).uuid(), "RESERVED_BITS")
bad_uuid("uuid-d-overflow", Bits().put(2, 0).put(3, 3).put(5, 1).put(5, 26).put(107, 0).uuid(), "RESERVED_BITS")
bad_uuid("uuid-int-neg-zero", Bits().put(2, 2).put(3, 0).put(1, 1).put(116, 0).uuid(), "RESERVED_BITS")
bad_uuid("uuid-quant-den-zero", quant(1.0, fields=[0b0001000, 0, 0, 0, 0, 0, 0]), "INVALID_UNIT")
bad_uuid("uuid-quant-unreduced", quant(1.0, fields=[0b0010010, 0, 0, 0, 0, 0, 0]), "INVALID_UNIT")
bad_uuid("uuid-quant-neg-zero-exp", quant(1.0, fields=[0b1000000, 0, 0, 0, 0, 0, 0]), "INVALID_UNIT")
bad_uuid("uuid-quant-nan", Bits().put(2, 2).put(3, 1).put(4, 0).put(49, 0).put(64, 0x7ff8000000000000).uuid(),
         "OUT_OF_RANGE")
bad_uuid("uuid-time-bits-110", Bits().put(2, 2).put(3, 3).put(7, 110).put(110, 0).uuid(), "OUT_OF_RANGE")
bad_uuid("uuid-time-neg-zero", Bits().put(2, 2).put(3, 3).put(7, 0).put(1, 1).put(109, 0).uuid(), "RESERVED_BITS")

# --- hand-checked: one derivation written out in full ----------------------------------
# int 212323232423: payload = 10 000 0 <116-bit magnitude>; 212323232423 = 0x31_6f73_6aa7.
# payload bits 0..47 = 1000 0000 ... 0 -> 0x800000000000; bits 48..59 = 0; bits 60..121 end
# with 0x316f736aa7 -> 80000000-0000-8000-8000-00316f736aa7.
assert int_(212323232423) == "80000000-0000-8000-8000-00316f736aa7"
assert Bits().put(122, 0).uuid() == "00000000-0000-8000-8000-000000000000"
assert Bits().put(122, (1 << 122) - 1).uuid() == "ffffffff-ffff-8fff-bfff-ffffffffffff"

# --- inspect: the typed fields, written by hand from each value's meaning --------------
def jsonish(v):
    """The vectors' convention: integers as decimal strings, floats as numbers."""
    if isinstance(v, bool) or isinstance(v, float) or isinstance(v, str):
        return v
    if isinstance(v, int):
        return str(v)
    return [jsonish(x) for x in v]


def insp(name, given, uuid, canonical, kind, fields, source="docs/extuuid.md (inspect)"):
    out = {"kind": kind, "uuid": uuid, "text": canonical}
    out.update({k: jsonish(v) for k, v in fields})
    cases.append({"name": name, "op": "extuuid_inspect", "source": source,
                  "input": {"input": given}, "output": out})


def f32(x):
    return struct.unpack(">f", struct.pack(">f", x))[0]


u = symserial("A", "Hello", 0)
insp("inspect-symbol", "sym:Hello", u, "extuuid:symA:Hello", "symbol", [("scheme", "A"), ("name", "Hello")])
insp("inspect-symbol-by-uuid", u, u, "extuuid:symA:Hello", "symbol", [("scheme", "A"), ("name", "Hello")])
insp("inspect-serial", "serialA:Messier:31", symserial("A", "Messier", 31), "extuuid:serialA:Messier:31",
     "serial", [("scheme", "A"), ("name", "Messier"), ("number", 31)])
insp("inspect-serial-max", "serialC:A:" + str((1 << 107) - 1), symserial("C", "A", (1 << 107) - 1),
     "extuuid:serialC:A:" + str((1 << 107) - 1), "serial",
     [("scheme", "C"), ("name", "A"), ("number", (1 << 107) - 1)])
insp("inspect-fixed", "extuuid:fixedB4:GBP$:222.31", fixed("B", "GBP$", 4, 2223100),
     "extuuid:fixedB4:GBP$:222.31", "fixed",
     [("scheme", "B"), ("name", "GBP$"), ("places", 4), ("amount", 2223100)], DRAFT + " §4.1.1")
insp("inspect-fixed-negative", "fixedD2:chf:-1.25", fixed("D", "CHF", 2, -125), "extuuid:fixedD2:CHF:-1.25",
     "fixed", [("scheme", "D"), ("name", "CHF"), ("places", 2), ("amount", -125)])
insp("inspect-int", "int:-42", int_(-42), "extuuid:int:-42", "int", [("value", -42)])
insp("inspect-int-max", int_((1 << 116) - 1), int_((1 << 116) - 1), "extuuid:int:" + str((1 << 116) - 1),
     "int", [("value", (1 << 116) - 1)])
insp("inspect-quant", "quant:9.81*m/s2", quant(9.81, {"m": 1, "s": -2}), "extuuid:quant:9.81*m/s2",
     "quant", [("context", 0), ("value", 9.81), ("unit", "m/s2")])
insp("inspect-quant-joule", "q:1*kg*m2/s2", quant(1.0, {"m": 2, "kg": 1, "s": -2}), "extuuid:quant:1*m2*kg/s2",
     "quant", [("context", 0), ("value", 1.0), ("unit", "m2*kg/s2")], DRAFT + " §3.5 (joule)")
insp("inspect-quant-context", "quant7:-1.5e-10*A/K", quant(-1.5e-10, {"A": 1, "K": -1}, context=7),
     "extuuid:quant7:-1.5e-10*A/K", "quant", [("context", 7), ("value", -1.5e-10), ("unit", "A/K")])
insp("inspect-quant-root", "quant:2/m1/2", quant(2.0, fields=[0b1001010, 0, 0, 0, 0, 0, 0]),
     "extuuid:quant:2/m1/2", "quant", [("context", 0), ("value", 2.0), ("unit", "/m1/2")])
insp("inspect-quant-big", "quant:1E21*m", quant(1e21, {"m": 1}), "extuuid:quant:1e21*m",
     "quant", [("context", 0), ("value", 1e21), ("unit", "m")])
insp("inspect-float", "f:1.5", float_(0, 3, -1), "extuuid:f:1.5", "float",
     [("negative", False), ("mantissa", 3), ("exponent", -1)])
insp("inspect-float-negative", "f:-12", float_(1, 3, 2), "extuuid:f:-12", "float",
     [("negative", True), ("mantissa", 3), ("exponent", 2)])
insp("inspect-time", "t:2024/02/29;12:34:56.5", time_(4, s24, 8), "extuuid:t/4:2024-02-29T12:34:56.5Z",
     "time", [("seconds", s24), ("bits", 4), ("fraction", 8)])
insp("inspect-time-before", "t:1582-10-14T23:59:59.5Z", time_(4, -1, 8), "extuuid:t/4:1582-10-14T23:59:59.5Z",
     "time", [("seconds", -1), ("bits", 4), ("fraction", 8)])
insp("inspect-int-vector", "int/2*16:42:-32767,32767", intvec(True, 16, 42, [-32767, 32767]),
     "extuuid:int/2*16:42:-32767,32767", "int_vector",
     [("signed", True), ("bits", 16), ("context", 42), ("values", [-32767, 32767])])
insp("inspect-uint-vector", "uint/3*8:7:255,128,0", intvec(False, 8, 7, [255, 128, 0]),
     "extuuid:uint/3*8:7:255,128,0", "int_vector",
     [("signed", False), ("bits", 8), ("context", 7), ("values", [255, 128, 0])])
insp("inspect-generic-float-vector", "f/2*8*4:12345:1.5,-0.125", genvec(8, 4, 12345, [1.5, -0.125]),
     "extuuid:f/2*8*4:12345:1.5,-0.125", "generic_float_vector",
     [("n", 2), ("bits", 8), ("exponent_bits", 4), ("context", 12345),
      ("elements", [gelem(8, 4, 1.5), gelem(8, 4, -0.125)])])
insp("inspect-x87", "f80:PI$$:1", f80("PI$$", 1), "extuuid:f80:PI$$:1", "x87",
     [("context", "PI$$"), ("pattern", (0x3fff << 64) | (1 << 63))])
insp("inspect-float-vector-number", "f32x3:7:1.5,-2.25,0.1", stdvec(2, 7, ["1.5", "-2.25", "0.1"]),
     "extuuid:f32x3:7:1.5,-2.25,0.1", "float_vector",
     [("format", "f32x3"), ("context", 7), ("values", [1.5, -2.25, f32(0.1)])])
insp("inspect-float-vector-text", "f64:GRAVITY.:9.80665", stdvec(1, "GRAVITY.", ["9.80665"]),
     "extuuid:f64:GRAVITY.:9.80665", "float_vector",
     [("format", "f64"), ("context", "GRAVITY."), ("values", [9.80665])])
cases.append({"name": "inspect-bad-text", "op": "extuuid_inspect", "source": "docs/extuuid.md",
              "input": {"input": "extuuid:money:GBP"}, "error": "INVALID_FORMAT"})
cases.append({"name": "inspect-not-v8", "op": "extuuid_inspect", "source": "RFC 9562 (a v4 UUID)",
              "input": {"input": "0147ab1c-7400-4000-8000-000000000000"}, "error": "NOT_UUID_V8"})
cases.append({"name": "inspect-reserved-type", "op": "extuuid_inspect", "source": "docs/extuuid.md",
              "input": {"input": Bits().put(2, 3).put(120, 0).uuid()}, "error": "RESERVED_TYPE"})

names = [c["name"] for c in cases]
assert len(names) == len(set(names)), "duplicate names"
doc = {"family": "extuuid", "schema": 1, "cases": cases}
if "--write" in sys.argv or "--stdout" in sys.argv:
    json.dump(doc, sys.stdout, indent=1, ensure_ascii=False)
    sys.stdout.write("\n")
else:
    import os
    import vectorcheck
    here = os.path.dirname(os.path.abspath(__file__))
    folder = vectorcheck.vector_dir(sys.argv, os.path.dirname(here))
    sys.exit(vectorcheck.check_file(os.path.join(folder, "extuuid.json"), doc))
