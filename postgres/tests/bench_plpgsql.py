"""Per-row cost of each function of the pure-SQL tier on one server, beside built-ins doing
comparable work on the same rows (md5(text) for a hash of text, to_timestamp of a text and a
format for reading a timestamp from text, gen_random_uuid for a new ID), printed as
microseconds per row and as a ratio to the built-in.

    python3 postgres/tests/bench_plpgsql.py [ROWS]      (make pg-sql-bench; default 100000)

Each query aggregates the function's result over a table of inputs, so that the time is the
function's and the scan's, not the transfer's; the table's bare scan is timed and subtracted.
The best of three runs counts.
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cluster  # noqa: E402
import pg_engines  # noqa: E402

ROWS = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000

# (name, expression over the table's columns, the built-in it is compared with)
CASES = [
    ("md5(text)", "md5(code)", None),
    ("to_timestamp(float)", "to_timestamp(n::double precision)", None),
    ("to_timestamp(text)", "to_timestamp(ts, 'YYYY-MM-DD HH24:MI:SS.US')", None),
    ("gen_random_uuid", "gen_random_uuid()", None),
    ("polyid_compact_id", "polyid_compact_id(code)", "md5(text)"),
    ("polyid_compact_id (named sequence)", "polyid_compact_id(named)", "md5(text)"),
    ("polyid_compact_id (white space)", "polyid_compact_id(padded)", "md5(text)"),
    ("polyid_normalize_code", "polyid_normalize_code(code)", "md5(text)"),
    ("polyid_normalize_code (named sequence)", "polyid_normalize_code(named)", "md5(text)"),
    ("polyid_validate_code", "polyid_validate_code(code)", "md5(text)"),
    ("polyid_namespace_hash", "polyid_namespace_hash(ns)", "md5(text)"),
    ("polyid_full_id", "polyid_full_id(ns, code)", "md5(text)"),
    ("polyid_uid11_encode", "polyid_uid11_encode(n)", "md5(text)"),
    ("polyid_uid11_decode", "polyid_uid11_decode(uid)", "md5(text)"),
    ("polyid_xid_parse", "polyid_xid_parse(xid)", "md5(text)"),
    ("polyid_xid_format", "polyid_xid_format(n)", "md5(text)"),
    ("polyid_xid_timestamp", "polyid_xid_timestamp(xid)", "to_timestamp(text)"),
    ("polyid_tid_parse", "polyid_tid_parse(tid)", "md5(text)"),
    ("polyid_tid_format", "polyid_tid_format(n)", "md5(text)"),
    ("polyid_tid_timestamp", "polyid_tid_timestamp(tid)", "to_timestamp(text)"),
    ("polyid_euid_parse", "polyid_euid_parse(euid)", "md5(text)"),
    ("polyid_euid_format", "polyid_euid_format(eb)", "md5(text)"),
    ("polyid_euid_timestamp", "polyid_euid_timestamp(euid)", "to_timestamp(text)"),
    ("polyid_tid_generate", "polyid_tid_generate()", "gen_random_uuid"),
    ("polyid_xid_generate", "polyid_xid_generate()", "gen_random_uuid"),
    ("polyid_euid_generate", "polyid_euid_generate()", "gen_random_uuid"),
    ("polyid_tid_generate_value", "polyid_tid_generate_value()", "gen_random_uuid"),
    ("polyid_xid_generate_value", "polyid_xid_generate_value()", "gen_random_uuid"),
    ("polyid_euid_generate_value", "polyid_euid_generate_value()", "gen_random_uuid"),
]


def main():
    with cluster.Cluster("bench") as pg:
        e = pg_engines.PgServer(pg)
        e.row("SET max_parallel_workers_per_gather = 0")  # one core, as the tier's generators run
        e.row("DROP TABLE IF EXISTS bench")
        # Codes of every field length, valid, in mixed case (the fast path of normalization).
        e.row(f"""CREATE TABLE bench AS SELECT i AS n,
                  'E.Auth' || substr(md5(i::text), 1, i % 10) || '.Token' || (i % 97) || '.'
                      || lpad((i % 999 + 1)::text, 3, '0') AS code,
                  'ns_' || (i % 1000) AS ns,
                  to_char(to_timestamp(1700000000 + i * 0.001234), 'YYYY-MM-DD HH24:MI:SS.US') AS ts
                  FROM generate_series(1, {ROWS}) i""")
        # The same codes with a named sequence, and with white space around them.
        e.row("ALTER TABLE bench ADD COLUMN named text, ADD COLUMN padded text")
        e.row("UPDATE bench SET named = left(code, -3) || (ARRAY['MISSING', 'timeout', 'Locked', "
              "'NOT_FOUND'])[n % 4 + 1], padded = ' ' || code || E'\\t'")
        e.row("ALTER TABLE bench ADD COLUMN uid text, ADD COLUMN xid text, ADD COLUMN tid text, "
              "ADD COLUMN euid text, ADD COLUMN eb bytea")
        e.row("UPDATE bench SET uid = polyid_uid11_encode(n * 123456789012), xid = polyid_xid_generate(), "
              "tid = polyid_tid_generate(), euid = polyid_euid_generate()")
        e.row("UPDATE bench SET eb = polyid_euid_parse(euid)")
        e.row("VACUUM ANALYZE bench")

        def timed(expr):
            best = None
            for _ in range(3):
                t0 = time.perf_counter()
                e.row(f"SELECT count({expr}) FROM bench")
                t = time.perf_counter() - t0
                best = t if best is None else min(best, t)
            return best

        base = timed("n")
        lines = [f"PostgreSQL {e.version}, {ROWS:,} rows, microseconds per row (the bare scan, "
                 f"{base / ROWS * 1e6:.2f} us/row, subtracted; best of 3):", "",
                 "| function | us/row | ratio to the built-in |", "|---|---|---|"]
        per_row = {}
        for name, expr, ref in CASES:
            per_row[name] = max(timed(expr) - base, 0) / ROWS * 1e6
            r = per_row[name] / per_row[ref] if ref and per_row.get(ref, 0) > 0.005 else None
            ratio = f"{r:.1f}x `{ref}`" if r is not None and r < 10 else f"{r:.0f}x `{ref}`" if r else ""
            lines.append(f"| `{name}` | {per_row[name]:.3f} | {ratio} |")
        print("\n".join(lines))
        # make pg-sql-bench-write: the table goes into docs/sql.md (tools/bench_section.py).
        if os.environ.get("BENCH_MD"):
            with open(os.environ["BENCH_MD"], "a") as f:
                f.write("\n".join(lines) + "\n")
        e.close()


if __name__ == "__main__":
    main()
