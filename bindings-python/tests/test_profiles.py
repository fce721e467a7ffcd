"""Profiles (docs/spec §1.5, §3.5, §4.4): the same parse and hash calls read as another
ecosystem reads them. Expected values come from docs/spec and, for the waddling readings,
from Python's xxhash over the text the waddling-errors-hash crate hashes (its
`trim().to_uppercase()`), not from polyid."""

import pytest

import polyid

PolyIdError = polyid.PolyIdError


def code_of(call):
    with pytest.raises(PolyIdError) as e:
        call()
    return e.value


def test_tid_atproto():
    # docs/spec §3.5: 13 symbols only, first symbol 2-7 / a-b, c-j out of range.
    t = polyid.Tid.parse("3kxnlhr3gxq23", profile="atproto")
    assert (t.micros, t.clock_id) == (1721407246480310, 1)
    assert polyid.Tid.parse("3kxn-lhr-3gxq-23", profile="polyid") == t
    assert polyid.Tid.parse("3kxn-lhr-3gxq-23", profile=None) == t
    e = code_of(lambda: polyid.Tid.parse("3kxn-lhr-3gxq-23", profile="atproto"))
    assert (e.code, e.found, e.expected) == ("INVALID_LENGTH", 16, 13)
    e = code_of(lambda: polyid.Tid.parse("skxnlhr3gxq23", profile="atproto"))
    assert (e.code, e.index, e.character) == ("INVALID_CHARACTER", 0, "s")
    assert code_of(lambda: polyid.Tid.parse("ckxnlhr3gxq23", profile="atproto")).code == "OUT_OF_RANGE"


def test_euid_profile_reads_as_polyid():
    # docs/spec §4.2.
    e = polyid.Euid.parse("C8ZMi4GR4JXGoMQXVYl8S8TJNA6", profile="euid")
    assert e.value == 0x623F40921824BB0052FDDF828CA352AA
    err = code_of(lambda: polyid.Euid.parse("C8ZM14GR4JXG0MQXVY18S8TJNA7", profile="euid"))
    assert (err.code, err.found, err.expected) == ("INVALID_CHECKMOD", 71, 70)


def test_waddling():
    w = "waddling"
    # docs/spec §1.2 vectors agree for codes without names.
    assert polyid.compact_id("  e.auth.token.001\t", profile=w) == "V6a0B"
    assert polyid.compact_id("E.Auth.Token.MISSING", profile=w) == "hPdQW"
    assert polyid.compact_id("E.AUTH.TOKEN.000", profile=w) == "Uo8Uh"
    assert polyid.namespace_hash("Auth-Lib", profile=w) == "C6uO5"
    assert polyid.full_id("auth_lib", "E.Auth.Token.001", profile=w) == "05o5h-V6a0B"
    assert polyid.parse_full_id("V6a0B", profile=w) == (None, "V6a0B")
    assert polyid.parse_full_id("05o5h-V6a0B", profile=w) == ("05o5h", "V6a0B")
    e = code_of(lambda: polyid.parse_full_id("V6a0", profile=w))
    assert (e.code, e.found, e.expected) == ("INVALID_LENGTH", 4, 11)
    # polyid's own reading of the same inputs.
    assert polyid.compact_id("E.Auth.Token.MISSING") == "V6a0B"
    assert code_of(lambda: polyid.compact_id("E.AUTH.TOKEN.000")).code == "INVALID_SEQUENCE"
    assert code_of(lambda: polyid.parse_full_id("V6a0B")).code == "INVALID_LENGTH"
    # Caller names exist only in polyid's reading.
    e = code_of(lambda: polyid.compact_id("E.A.B.RATE", {"RATE": 9}, profile=w))
    assert e.code == "INVALID_ARGUMENT" and "no caller names" in e.message
    assert polyid.compact_id("E.A.B.RATE", {"RATE": 9}, profile="polyid") == polyid.compact_id("E.A.B.009")


def test_profiles_outside_their_family_and_bad_names():
    e = code_of(lambda: polyid.Tid.parse("3kxnlhr3gxq23", profile="euid"))
    assert e.code == "INVALID_ARGUMENT" and "does not define TIDs" in e.message
    assert code_of(lambda: polyid.Euid.parse("C8ZM14GR4JXG0MQXVY18S8TJNA6", profile="atproto")).code == "INVALID_ARGUMENT"
    assert code_of(lambda: polyid.compact_id("E.A.B.001", profile="atproto")).code == "INVALID_ARGUMENT"
    e = code_of(lambda: polyid.Tid.parse("3kxnlhr3gxq23", profile="bluesky"))
    assert e.code == "INVALID_ARGUMENT" and "bluesky" in e.message
    with pytest.raises(TypeError):
        polyid.Tid.parse("3kxnlhr3gxq23", profile=1)
    with pytest.raises(TypeError):
        polyid.compact_id("E.A.B.001", None, "waddling")  # profile is keyword-only
    with pytest.raises(TypeError):
        polyid.compact_id("E.A.B.001", profil="waddling")


def test_columns_refuse_a_profile_outside_their_family_before_any_row():
    # The profile is the call's argument: refused once, in both modes, whatever the column
    # holds (TID values have no reading), not reported as every row's error.
    pa = pytest.importorskip("pyarrow")
    from polyid import arrow

    texts = pa.array(["3kxnlhr3gxq23", None])
    values = pa.array([(1721407246480310 << 10) | 1], pa.int64())
    for column in (texts, values):
        for on_error in ("raise", "null"):
            e = code_of(lambda: arrow.tid_timestamps(column, profile="waddling", on_error=on_error))
            assert e.code == "INVALID_ARGUMENT" and e.item is None
            assert "does not define TIDs" in e.message
    codes = pa.array(["E.AUTH.TOKEN.001"])
    e = code_of(lambda: arrow.validate_codes(codes, profile="atproto"))
    assert e.code == "INVALID_ARGUMENT" and "does not define WDP codes" in e.message
    names = {"RATE_LIMITED": 31}
    e = code_of(lambda: arrow.compact_ids(codes, names, profile="waddling", on_error="null"))
    assert e.code == "INVALID_ARGUMENT" and e.item is None
    # docs/spec §3.5: a profile with TIDs reads the column.
    assert pa.array(arrow.tid_parse(texts, profile="atproto")).to_pylist() == [
        (1721407246480310 << 10) | 1,
        None,
    ]
