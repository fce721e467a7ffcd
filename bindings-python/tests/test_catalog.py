"""polyid.Catalog and friends: the Python surface beyond the shared vectors (argument types,
error codes, the three forms, signatures). Expected IDs come from docs/spec and from
tests/vectors/catalog.json (written by tools/catalog_independent.py), never from polyid."""

from __future__ import annotations

import json
import math
from collections import OrderedDict
from typing import Any, Dict

import pytest

import polyid
from polyid import Catalog, Entry, PolyIdError

# RFC 8032 section 7.1, TEST 1.
SECRET = bytes.fromhex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
PUBLIC = bytes.fromhex("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")

ENTRIES = [
    {"code": "E.Auth.Token.001", "message": "token missing for {{user}}",
     "hints": ["log in again"], "tags": ["auth"], "docs_url": "https://example.invalid/t"},
    Entry("W.Database.Connection.027", "slow connection", description="over 1 s"),
]


def code_of(e: PolyIdError) -> str:
    return e.code


@pytest.fixture
def cat() -> Catalog:
    return Catalog.build(ENTRIES)


def test_build_ids_and_lookup(cat: Catalog) -> None:
    # docs/spec: "E.Auth.Token.001" -> "V6a0B"; W.Database.Connection.027 -> "KF52S".
    assert cat.ids() == ["KF52S", "V6a0B"]
    assert list(cat) == ["KF52S", "V6a0B"]
    assert len(cat) == 2
    assert "V6a0B" in cat and "KF52S" in cat
    assert "V6a0C" not in cat and 42 not in cat and "" not in cat
    assert cat.version == "1"
    assert cat.namespace is None and cat.namespace_hash is None
    assert len(cat.generated) == 20 and cat.generated.endswith("Z")
    e = cat.get("V6a0B")
    assert e is not None
    assert (e.id, e.code, e.severity, e.meaning) == ("V6a0B", "E.AUTH.TOKEN.001", "E", "Error")
    assert e.message == "token missing for {{user}}"
    assert e.fields == ("user",)
    assert e.hints == ("log in again",) and e.tags == ("auth",)
    assert e.docs_url == "https://example.invalid/t" and e.description is None
    w = cat.get("KF52S")
    assert w is not None and w.description == "over 1 s" and w.severity == "W"
    assert w.meaning == "Warning"
    assert cat.get("nope!") is None
    assert [x.id for x in cat.entries()] == ["KF52S", "V6a0B"]


def test_expand(cat: Catalog) -> None:
    x = cat.expand("V6a0B", {"user": "ada"})
    assert (x.id, x.code, x.severity, x.meaning, x.message) == (
        "V6a0B", "E.AUTH.TOKEN.001", "E", "Error", "token missing for ada")
    assert cat.expand("KF52S").message == "slow connection"
    assert cat.expand("KF52S", None) == cat.expand("KF52S", {})
    # Any mapping, not only dict.
    assert cat.expand("V6a0B", OrderedDict(user="bob")).message == "token missing for bob"
    with pytest.raises(PolyIdError) as ei:
        cat.expand("V6a0B")
    assert ei.value.code == "MISSING_FIELD" and "user" in ei.value.message
    with pytest.raises(PolyIdError) as ei:
        cat.expand("zzzzz")
    assert ei.value.code == "NOT_FOUND"
    with pytest.raises(TypeError):
        cat.expand("V6a0B", ["user", "ada"])  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        cat.expand("V6a0B", {1: "ada"})  # type: ignore[dict-item]
    with pytest.raises(TypeError):
        cat.expand(5)  # type: ignore[arg-type]


@pytest.mark.parametrize("value, text", [
    (12, "12"), (-3, "-3"), (2**64 - 1, "18446744073709551615"), (True, "true"),
    (False, "false"), (None, "null"), (1.5, "1.5"), ([1, "a"], '[1,"a"]'),
    ({"k": [True]}, '{"k":[true]}'), ("é", "é"),
    # Numbers as JSON.stringify writes them and members by name (docs/spec §1.4): what a
    # JavaScript caller passing the same values gets.
    (1.0, "1"), (-0.0, "0"), (1e21, "1e+21"), (1e-7, "1e-7"), (2.0**-24, "5.960464477539063e-8"),
    ({"b": 1.0, "a": [0.5]}, '{"a":[0.5],"b":1}'),
])
def test_expand_non_string_fields_as_json_text(value: Any, text: str) -> None:
    # tests/vectors/README.md: non-string values are substituted as their JSON text.
    c = Catalog.load('{"V6a0B": ["E.AUTH.TOKEN.001", "<{{v}}>"]}')
    assert c.expand("V6a0B", {"v": value}).message == f"<{text}>"


def test_expand_bad_field_values() -> None:
    c = Catalog.load('{"V6a0B": ["E.AUTH.TOKEN.001", "<{{v}}>"]}')
    with pytest.raises(PolyIdError) as ei:
        c.expand("V6a0B", {"v": 2**64})
    assert ei.value.code == "OUT_OF_RANGE"
    with pytest.raises(PolyIdError) as ei:
        c.expand("V6a0B", {"v": float("nan")})
    assert ei.value.code == "INVALID_ARGUMENT"
    with pytest.raises(TypeError):
        c.expand("V6a0B", {"v": object()})
    with pytest.raises(TypeError):
        c.expand("V6a0B", {"v": b"bytes"})


def test_namespaced() -> None:
    c = Catalog.build([{"code": "E.Auth.Token.001", "message": "token {{x}}"}], "auth_lib")
    # docs/spec: namespace_hash("auth_lib") = "05o5h".
    assert c.ids() == ["05o5h-V6a0B"]
    assert c.namespace == "auth_lib" and c.namespace_hash == "05o5h"
    assert c.expand("05o5h-V6a0B", {"x": "1"}).id == "05o5h-V6a0B"
    assert c.expand("V6a0B", {"x": "1"}).id == "05o5h-V6a0B"
    assert "V6a0B" in c and "oFN7q-V6a0B" not in c
    with pytest.raises(PolyIdError) as ei:
        c.expand("oFN7q-V6a0B", {"x": "1"})
    assert ei.value.code == "NOT_FOUND"
    again = Catalog.load(c.to_json("minimal"))
    assert again.namespace_hash == "05o5h" and again.ids() == c.ids()


def test_forms_round_trip(cat: Catalog) -> None:
    full = json.loads(cat.to_json())
    assert set(full) >= {"version", "generated", "diags"}
    assert full["diags"]["V6a0B"]["severity"] == "Error"
    compact = json.loads(cat.to_json("compact"))
    assert compact["wd"]["V6a0B"]["s"] == "E" and compact["v"] == "1"
    minimal = json.loads(cat.to_json("minimal"))
    assert minimal == {"KF52S": ["W.DATABASE.CONNECTION.027", "slow connection"],
                       "V6a0B": ["E.AUTH.TOKEN.001", "token missing for {{user}}"]}
    for form in ("full", "compact"):
        again = Catalog.from_json(cat.to_json(form))  # type: ignore[arg-type]
        assert again.canonical_bytes() == cat.canonical_bytes()
        assert again == Catalog.load(cat.to_json(form))  # type: ignore[arg-type]
    assert Catalog.load(cat.to_json()) == cat
    with pytest.raises(PolyIdError) as ei:
        cat.to_json("xml")  # type: ignore[arg-type]
    assert ei.value.code == "INVALID_ARGUMENT"
    # The core's FromStr for Form: the same message in every runtime.
    assert ei.value.message == "catalog form: \"xml\" is not 'full', 'compact' or 'minimal'"


def test_canonical_bytes_equal_python_json(cat: Catalog) -> None:
    # tests/vectors/README.md: the canonical bytes are the compact form as
    # json.dumps(sort_keys=True, separators=(",", ":"), ensure_ascii=False).
    compact: Dict[str, Any] = json.loads(cat.to_json("compact"))
    want = json.dumps(compact, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False).encode()
    assert cat.canonical_bytes() == want
    assert isinstance(cat.canonical_bytes(), bytes)


def test_sign_and_verify(cat: Catalog) -> None:
    key = polyid.KeyPair(SECRET)
    assert key.public_key == PUBLIC and key.secret_key == SECRET
    assert "9d61" not in repr(key) and PUBLIC.hex() in repr(key)
    sig = cat.sign(SECRET)
    assert len(sig) == 64 and cat.sign(key) == sig == cat.sign(bytearray(SECRET))
    assert cat.verify(PUBLIC, sig) is None
    cat.verify(bytearray(PUBLIC), bytearray(sig))
    # Another form of the same catalog keeps the signature valid.
    Catalog.load(cat.to_json("compact")).verify(PUBLIC, sig)
    bad = bytes([sig[0] ^ 1]) + sig[1:]
    for pk, s in [(PUBLIC, bad), (PUBLIC, sig[:63]), (PUBLIC[:31], sig),
                  (polyid.generate_keypair().public_key, sig)]:
        with pytest.raises(PolyIdError) as ei:
            cat.verify(pk, s)
        assert ei.value.code == "INVALID_SIGNATURE"
    with pytest.raises(PolyIdError) as ei:
        cat.sign(SECRET[:31])
    assert ei.value.code == "INVALID_LENGTH"
    with pytest.raises(TypeError):
        cat.sign("secret")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        cat.verify(PUBLIC.hex(), sig)  # type: ignore[arg-type]
    k1, k2 = polyid.KeyPair.generate(), polyid.generate_keypair()
    assert k1.public_key != k2.public_key and len(k1.secret_key) == 32
    Catalog.build(ENTRIES).verify(k1.public_key, cat.sign(k1))
    assert polyid.KeyPair.from_secret(k1.secret_key).public_key == k1.public_key


def test_build_errors() -> None:
    def build_code(entries: Any, ns: Any = None) -> str:
        with pytest.raises(PolyIdError) as ei:
            Catalog.build(entries, ns)
        return ei.value.code

    assert build_code([{"code": "E.A.B.001", "message": "a"},
                       {"code": " e.a.b.001", "message": "b"}]) == "DUPLICATE_CODE"
    # tests/vectors/README.md: C.AUTH.READ.974 and S.AUTH.READ.898 share xv0cV.
    assert build_code([{"code": "C.AUTH.READ.974", "message": "a"},
                       {"code": "S.AUTH.READ.898", "message": "b"}]) == "COLLISION"
    assert build_code([{"code": "E.Auth", "message": "a"}]) == "INVALID_FORMAT"
    assert build_code([{"code": "E.A.B.001", "message": "a"}], "") == "INVALID_NAMESPACE"
    for bad in ["E.A.B.001", {"code": "E.A.B.001"}, [{"message": "m"}],
                [{"code": "E.A.B.001", "message": "m", "hint": ["typo"]}],
                [{"code": "E.A.B.001", "message": 5}], [("E.A.B.001", "m")],
                [{"code": "E.A.B.001", "message": "m", "hints": "one"}]]:
        with pytest.raises(TypeError):
            Catalog.build(bad)
    with pytest.raises(TypeError):
        Entry("E.A.B.001", "m", hints="not a list")
    # An empty catalog is a catalog.
    assert len(Catalog.build([])) == 0


def test_build_from_entries_read_back(cat: Catalog) -> None:
    again = Catalog.build(cat.entries())
    assert again.canonical_bytes() == cat.canonical_bytes()
    e = Entry("E.A.B.001", "m", "d", ["h1", "h2"], ("t",), "u")
    assert (e.code, e.message, e.description, e.hints, e.tags, e.docs_url) == (
        "E.A.B.001", "m", "d", ("h1", "h2"), ("t",), "u")
    assert e == Entry("E.A.B.001", "m", "d", ["h1", "h2"], ["t"], "u")
    assert Catalog.build(x for x in [e]).ids() == [polyid.compact_id("E.A.B.001")]


def test_load_errors() -> None:
    def load_code(text: str) -> str:
        with pytest.raises(PolyIdError) as ei:
            Catalog.load(text)
        return ei.value.code

    assert load_code("not json") == "INVALID_CATALOG"
    assert load_code("[1, 2]") == "INVALID_CATALOG"
    # V6a0B is the ID of E.AUTH.TOKEN.001, not of W.AUTH.TOKEN.001.
    assert load_code('{"V6a0B": ["W.AUTH.TOKEN.001", "m"]}') == "TAMPERED"
    with pytest.raises(TypeError):
        Catalog.load(b"{}")  # type: ignore[arg-type]


def test_expand_payload(cat: Catalog) -> None:
    out = cat.expand_payload('{"V6a0B": {"f": {"user": "ada"}}, "KF52S": {}}')
    assert sorted((x.id, x.message) for x in out) == [
        ("KF52S", "slow connection"), ("V6a0B", "token missing for ada")]
    for bad in ["[]", "nope", '{"V6a0B": 1}']:
        with pytest.raises(PolyIdError) as ei:
            cat.expand_payload(bad)
        assert ei.value.code == "INVALID_ARGUMENT"
    with pytest.raises(PolyIdError) as ei:
        cat.expand_payload('{"zzzzz": {}}')
    assert ei.value.code == "NOT_FOUND"


def test_collisions() -> None:
    groups = polyid.collisions(["C.AUTH.READ.974", "S.AUTH.READ.898", "E.Auth.Token.001",
                                "c.auth.read.974", "B.AUTH.TIMEOUT.757", "T.AUTH.KEY.288"])
    assert [(g.id, g.codes) for g in groups] == [
        ("xv0cV", ["C.AUTH.READ.974", "S.AUTH.READ.898"]),
        ("yrmLL", ["B.AUTH.TIMEOUT.757", "T.AUTH.KEY.288"]),
    ]
    assert polyid.collisions([]) == []
    assert polyid.collisions(("E.A.B.001",)) == []
    with pytest.raises(PolyIdError) as ei:
        polyid.collisions(["E.A.B.001", "nope"])
    assert ei.value.code == "INVALID_FORMAT"
    with pytest.raises(TypeError):
        polyid.collisions("E.A.B.001")
    with pytest.raises(TypeError) as te:
        polyid.collisions(["E.A.B.001", 3])  # type: ignore[list-item]
    assert isinstance(te.value, TypeError)
    # Birthday bound over 62**5 IDs.
    assert polyid.expected_collisions(2) == 1 / 916_132_832
    assert polyid.expected_collisions(0) == 0.0
    assert polyid.collision_probability(30_000) == pytest.approx(
        1 - math.exp(-30_000 * 29_999 / (2 * 62**5)), rel=1e-12)
    with pytest.raises(PolyIdError) as ei:
        polyid.expected_collisions(-1)
    assert ei.value.code == "OUT_OF_RANGE"


def test_reprs(cat: Catalog) -> None:
    assert repr(cat) == "<polyid.Catalog of 2 entries>"
    assert "V6a0B" in repr(cat.expand("V6a0B", {"user": "a"}))
    assert "E.AUTH.TOKEN.001" in repr(cat.get("V6a0B"))
    assert "xv0cV" in repr(polyid.collisions(["C.AUTH.READ.974", "S.AUTH.READ.898"])[0])
