"""The SQL engines' columns of the cross-language matrix (tests/matrix/PROTOCOL.md): every ID
is made or read by an SQL function of the loaded extension, none by this script.

    python3 matrix_adapter.py ENGINE vectors DIR | generate N | read | demo | replay FILE

ENGINE is `sqlite` (the sqlite3 module of the Python running this) or `duckdb`. Parts of the
protocol with no SQL function behind them are left out: `generate` has no EUIDs with an
extension (`euid_ext`), `demo` only the inputs SQL functions take, and `replay` answers
`{"unsupported": ...}` (seeded generators are not exposed in SQL).
"""

import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import engines  # noqa: E402


def values(e, sql, n):
    rows = e.rows(f"SELECT {sql} FROM (WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL "
                  f"SELECT i + 1 FROM r WHERE i < {n}) SELECT i FROM r) AS seq ORDER BY i")
    return [r[0] for r in rows]


def random_codes(n):
    """Valid WDP codes of the grammar (docs/spec §1.1), as inputs; their IDs come from SQL."""
    rng = random.Random(20261127)
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    alnum = letters + "0123456789"

    def field():
        return rng.choice(letters) + "".join(rng.choice(alnum) for _ in range(rng.randrange(16)))

    return [f"{rng.choice('EWCBSKITH')}.{field()}.{field()}.{rng.randrange(1, 1000):03d}"
            for _ in range(n)]


def generate(e, n):
    codes = random_codes(n)
    ids = [e.row("SELECT polyid_compact_id(?)", [c])[0] for c in codes]
    return {
        "xid": values(e, "polyid_xid_generate()", n),
        "tid": values(e, "polyid_tid_generate()", n),
        "euid": values(e, "polyid_euid_generate()", n),
        "wdp": [[c, i] for c, i in zip(codes, ids)],
    }


def read_sql(e, fam):
    """The SQL select list that reads the ID text in column `t` (one family's fields)."""
    return {
        "xid": "polyid_xid_format(polyid_xid_parse(t)), polyid_xid_parse(t), "
               "polyid_xid_unix_ms(t), polyid_xid_random(t)",
        "tid": "polyid_tid_format(polyid_tid_parse(t)), polyid_tid_parse(t), "
               "polyid_tid_micros(t), polyid_tid_clock_id(t)",
        "euid": f"polyid_euid_format(polyid_euid_parse(t)), {e.hex('polyid_euid_parse(t)')}, "
                "polyid_euid_unix_ms(t), polyid_euid_extension(t)",
    }[fam]


def reading(e, fam, r):
    if fam == "xid":
        return {"text": r[0], "value": str(e.to_uint(r[1])), "unix_ms": r[2], "random": r[3]}
    if fam == "tid":
        return {"text": r[0], "value": str(r[1]), "micros": str(r[2]), "clock_id": r[3]}
    return {"text": r[0], "value": str(int(r[1], 16)), "unix_ms": r[2], "extension": r[3]}


def read_one(e, fam, text):
    try:
        return reading(e, fam, e.row(f"SELECT {read_sql(e, fam)} FROM (SELECT ? AS t) AS one", [text]))
    except engines.SqlError as err:
        return {"error": err.code or str(err)[:200]}


def read_all(e, fam, texts):
    """One query for the whole list (a query per ID costs DuckDB most of a minute); when
    any ID fails, each is read on its own so that the failure lands on its row."""
    if not texts:
        return []
    table, params = e.each(texts)
    try:
        rows = e.rows(f"SELECT {read_sql(e, fam)} FROM ({table}) AS ids ORDER BY i", params)
    except engines.SqlError:
        return [read_one(e, fam, t) for t in texts]
    return [reading(e, fam, r) for r in rows]


def read(e, batch):
    out = {fam: read_all(e, fam, batch.get(fam, [])) for fam in ("xid", "tid", "euid")}
    out["wdp"] = []
    codes = batch.get("wdp", [])
    if codes:
        table, params = e.each(codes)
        try:
            out["wdp"] = [r[0] for r in e.rows(
                f"SELECT polyid_compact_id(t) FROM ({table}) AS ids ORDER BY i", params)]
            return out
        except engines.SqlError:
            pass
    for code in codes:
        try:
            out["wdp"].append(e.row("SELECT polyid_compact_id(?)", [code])[0])
        except engines.SqlError as err:
            out["wdp"].append({"error": err.code})
    return out


def demo(e):
    r = e.row("SELECT polyid_compact_id('E.Auth.Token.MISSING'), "
              "polyid_full_id('auth_lib', 'E.Auth.Token.001'), "
              f"polyid_uid11_encode({engines.cast_uint(e)}), "
              "polyid_xid_format(polyid_xid_from_parts(1700000000000, 4660)), "
              "polyid_euid_format(polyid_euid_from_parts(1700000000000, 255, 0, 81985529216486895))",
              [e.uint((1 << 64) - 1)])
    out = {"compact_id": r[0], "full_id": r[1], "uid11": r[2], "xid": r[3], "euid": r[4]}
    if "extuuid_encode" not in getattr(e, "missing_ops", ()):
        out["extuuid"] = e.row("SELECT polyid_extuuid_encode('fixedB4:GBP$:222.31')")[0]
    return out


def main():
    serve(lambda: engines.open_engine(sys.argv[1]), sys.argv[2:])


def serve(open_engine, args):
    """Answers one command of the protocol with the engine `open_engine()` opens (not opened
    for `replay`, which no SQL engine supports)."""
    cmd = args[0]
    if cmd == "replay":
        print(json.dumps({"unsupported": "seeded generators are not exposed as SQL functions"}))
        return
    e = open_engine()
    if cmd == "vectors":
        for line in engines.run_vectors(e, args[1]):
            print(json.dumps(line))
    elif cmd == "generate":
        print(json.dumps(generate(e, int(args[1]))))
    elif cmd == "read":
        print(json.dumps(read(e, json.load(sys.stdin))))
    elif cmd == "demo":
        print(json.dumps(demo(e)))
    else:
        sys.exit(f"unknown command {cmd}")


if __name__ == "__main__":
    main()
