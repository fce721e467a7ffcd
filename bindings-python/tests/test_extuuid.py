"""EXTUUID through polyid: Python types of extuuid_inspect's fields, uuid.UUID inputs and
errors. Expected values come from tests/vectors/extuuid.json and docs/extuuid.md (the
draft's own examples), never from polyid."""

from __future__ import annotations

import uuid

import pytest

import polyid
from polyid import PolyIdError

GBP = "49083027-d200-8000-8000-00000021ebfc"  # docs/extuuid.md: fixedB4:GBP$:222.31


def test_encode_decode() -> None:
    assert polyid.extuuid_encode("fixedB4:GBP$:222.31") == GBP
    assert polyid.extuuid_encode("extuuid:fixedB4:GBP$:222.31") == GBP
    assert polyid.extuuid_decode(GBP) == "extuuid:fixedB4:GBP$:222.31"
    assert polyid.extuuid_decode(GBP.upper()) == "extuuid:fixedB4:GBP$:222.31"
    assert polyid.extuuid_decode(uuid.UUID(GBP)) == "extuuid:fixedB4:GBP$:222.31"
    assert polyid.extuuid_encode("sym:Hello") == "0147ab1c-7400-8000-8000-000000000000"


@pytest.mark.parametrize("call, arg, code", [
    (polyid.extuuid_encode, "extuuid:money:GBP", "INVALID_FORMAT"),
    (polyid.extuuid_decode, "0147ab1c-7400-4000-8000-000000000000", "NOT_UUID_V8"),
    (polyid.extuuid_decode, uuid.UUID("0147ab1c-7400-4000-8000-000000000000"), "NOT_UUID_V8"),
    (polyid.extuuid_decode, "c0000000-0000-8000-8000-000000000000", "RESERVED_TYPE"),
    (polyid.extuuid_inspect, "c0000000-0000-8000-8000-000000000000", "RESERVED_TYPE"),
    (polyid.extuuid_inspect, uuid.UUID("c0000000-0000-8000-8000-000000000000"),
     "RESERVED_TYPE"),
    (polyid.extuuid_decode, "not a uuid", "INVALID_LENGTH"),
])
def test_errors(call: object, arg: object, code: str) -> None:
    with pytest.raises(PolyIdError) as ei:
        call(arg)  # type: ignore[operator]
    assert ei.value.code == code and ei.value.message


def test_type_errors() -> None:
    for call in (polyid.extuuid_encode, polyid.extuuid_decode, polyid.extuuid_inspect):
        with pytest.raises(TypeError):
            call(42)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            call(uuid.UUID(GBP).bytes)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        polyid.extuuid_encode(uuid.UUID(GBP))  # type: ignore[arg-type]


def test_inspect_types() -> None:
    # tests/vectors/extuuid.json, with the vectors' decimal strings as Python ints.
    assert polyid.extuuid_inspect("extuuid:fixedB4:GBP$:222.31") == {
        "kind": "fixed", "uuid": GBP, "text": "extuuid:fixedB4:GBP$:222.31",
        "scheme": "B", "name": "GBP$", "places": 4, "amount": 2223100,
    }
    assert polyid.extuuid_inspect(uuid.UUID(GBP)) == polyid.extuuid_inspect(GBP)
    big = polyid.extuuid_inspect("serialC:A:162259276829213363391578010288127")
    assert big["number"] == 162259276829213363391578010288127
    assert type(big["number"]) is int
    q = polyid.extuuid_inspect("quant:9.81*m/s2")
    assert q == {"kind": "quant", "uuid": "88090144-0000-8001-8023-9eb851eb851f",
                 "text": "extuuid:quant:9.81*m/s2", "context": 0, "value": 9.81, "unit": "m/s2"}
    assert type(q["value"]) is float
    f = polyid.extuuid_inspect("f:-12")
    assert (f["negative"], f["mantissa"], f["exponent"]) == (True, 3, 2)
    assert type(f["negative"]) is bool
    v = polyid.extuuid_inspect("int/2*16:42:-32767,32767")
    assert v["values"] == [-32767, 32767] and v["signed"] is True and v["bits"] == 16
    fv = polyid.extuuid_inspect("f32x3:7:1.5,-2.25,0.1")
    assert fv["values"] == [1.5, -2.25, 0.10000000149011612] and fv["context"] == 7
    assert polyid.extuuid_inspect("f64:GRAVITY.:9.80665")["context"] == "GRAVITY."
    x = polyid.extuuid_inspect("f80:PI$$:1")
    assert x["pattern"] == 302222231531620438900736 and x["context"] == "PI$$"
    # Keys in the documented order: kind, uuid, text, then the kind's fields.
    assert list(polyid.extuuid_inspect("t:2024/02/29;12:34:56.5")) == [
        "kind", "uuid", "text", "seconds", "bits", "fraction"]
