"""The matrix columns of PostgreSQL's pure-SQL tier (tests/matrix/adapters/postgres-sql and
pglite): the SQL engines' adapter (sql/tests/matrix_adapter.py) with one change, `read`,
which reads each family's IDs in one query over an array instead of one query per ID (the
matrix hands every runtime tens of thousands of IDs). A batch with an ID that fails is read
again one ID at a time, so that each failure is reported at its place.
"""

import json
import sys

import pg_engines  # noqa: F401  (puts sql/tests on the path)
import engines  # noqa: E402
import matrix_adapter  # noqa: E402

QUERIES = {
    "xid": "SELECT polyid_xid_format(polyid_xid_parse(t)), polyid_xid_parse(t), polyid_xid_unix_ms(t), "
           "polyid_xid_random(t) FROM unnest(?::text[]) WITH ORDINALITY AS u(t, i) ORDER BY i",
    "tid": "SELECT polyid_tid_format(polyid_tid_parse(t)), polyid_tid_parse(t), polyid_tid_micros(t), "
           "polyid_tid_clock_id(t) FROM unnest(?::text[]) WITH ORDINALITY AS u(t, i) ORDER BY i",
    "euid": "SELECT polyid_euid_format(polyid_euid_parse(t)), encode(polyid_euid_parse(t), 'hex'), "
            "polyid_euid_unix_ms(t), polyid_euid_extension(t) "
            "FROM unnest(?::text[]) WITH ORDINALITY AS u(t, i) ORDER BY i",
    "wdp": "SELECT polyid_compact_id(t) FROM unnest(?::text[]) WITH ORDINALITY AS u(t, i) ORDER BY i",
}


def reading(e, fam, r):
    if fam == "xid":
        return {"text": r[0], "value": str(e.to_uint(r[1])), "unix_ms": r[2], "random": r[3]}
    if fam == "tid":
        return {"text": r[0], "value": str(r[1]), "micros": str(r[2]), "clock_id": r[3]}
    if fam == "euid":
        return {"text": r[0], "value": str(int(r[1], 16)), "unix_ms": r[2], "extension": r[3]}
    return r[0]


def read(e, batch):
    out = {}
    for fam in ("xid", "tid", "euid", "wdp"):
        texts = batch.get(fam, [])
        try:
            out[fam] = [reading(e, fam, r) for r in e.rows(QUERIES[fam], [texts])] if texts else []
        except engines.SqlError:
            out[fam] = matrix_adapter.read(e, {fam: texts})[fam]
    return out


def serve(open_engine, args):
    if args[:1] == ["read"]:
        print(json.dumps(read(open_engine(), json.load(sys.stdin))))
    else:
        matrix_adapter.serve(open_engine, args)
