"""The native extension's per-row cost on one server, beside the built-ins doing comparable
work on the same rows (md5(text) for hashing text, to_timestamp(text, format) for reading an
instant from text, gen_random_uuid() for a new ID), the pure-SQL tier's cost of the same
functions (same server, another database), and the storage of a keyed table against bigint
and uuid keys.

    python3 postgres/tests/bench_native.py [ROWS]      (make pg-bench; default 1000000)

Each query aggregates the function's result over a table of inputs, so that the time is the
function's and the scan's, not the transfer's; the bare scan is timed and subtracted; best of
three. The pure-SQL tier runs on a tenth of the rows (it is slower by design), per row.
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cluster  # noqa: E402
import pg_engines  # noqa: E402

ROWS = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000

# (name, expression over the table's columns, the built-in it is compared with, target)
CASES = [
    ("md5(text)", "md5(code)", None, None),
    ("to_timestamp(text)", "to_timestamp(ts, 'YYYY-MM-DD HH24:MI:SS.US')", None, None),
    ("gen_random_uuid()", "gen_random_uuid()", None, None),
    ("polyid_compact_id", "polyid_compact_id(code)", "md5(text)", 1.5),
    ("polyid_full_id", "polyid_full_id(ns, code)", "md5(text)", None),
    ("polyid_tid_parse", "polyid_tid_parse(tid)", "to_timestamp(text)", 2.0),
    ("polyid_xid_parse", "polyid_xid_parse(xid)", "to_timestamp(text)", 2.0),
    ("text::polyid_tid::timestamptz", "tid::polyid_tid::timestamptz", "to_timestamp(text)", 2.0),
    ("text::polyid_xid::timestamptz", "xid::polyid_xid::timestamptz", "to_timestamp(text)", 2.0),
    ("polyid_tid_timestamp(text)", "polyid_tid_timestamp(tid)", "to_timestamp(text)", 2.0),
    ("polyid_euid_parse", "polyid_euid_parse(euid)", "to_timestamp(text)", None),
    ("polyid_tid_format", "polyid_tid_format(n)", "md5(text)", None),
    ("polyid_xid_format", "polyid_xid_format(n)", "md5(text)", None),
    ("polyid_uid11_encode", "polyid_uid11_encode(n)", "md5(text)", None),
    ("polyid_euid_format", "polyid_euid_format(eb)", "md5(text)", None),
    ("polyid_tid_new()", "polyid_tid_new()", "gen_random_uuid()", 1.0),
    ("polyid_tid_generate()", "polyid_tid_generate()", "gen_random_uuid()", 1.0),
    ("polyid_xid_new()", "polyid_xid_new()", "gen_random_uuid()", None),
    ("polyid_euid_new()", "polyid_euid_new()", "gen_random_uuid()", None),
]
# The functions both tiers have, compared per row (target: parse and format within 20x).
TIERS = [("polyid_compact_id", None), ("polyid_tid_parse", 20), ("polyid_xid_parse", 20),
         ("polyid_euid_parse", 20), ("polyid_tid_format", 20), ("polyid_xid_format", 20),
         ("polyid_uid11_encode", 20), ("polyid_euid_format", 20), ("polyid_tid_timestamp(text)", None),
         ("polyid_tid_generate()", None)]


def fill(e, rows):
    e.row("SET max_parallel_workers_per_gather = 0")  # one core: per-row cost, not parallelism
    e.row("DROP TABLE IF EXISTS bench")
    e.row(f"""CREATE TABLE bench AS SELECT i AS n,
              'E.AUTH.TOKEN' || (i % 97) || '.' || lpad((i % 999 + 1)::text, 3, '0') AS code,
              'ns_' || (i % 1000) AS ns,
              to_char(to_timestamp(1700000000 + i * 0.001234), 'YYYY-MM-DD HH24:MI:SS.US') AS ts,
              polyid_xid_format(((1700000000000 + i - 1321009871111) << 22) + i % 4194304) AS xid,
              polyid_tid_format(((1700000000000000 + i * 1234) << 10) + 40) AS tid,
              polyid_euid_format(decode(lpad(to_hex((1700000000000 + i)::bigint), 12, '0')
                  || lpad(to_hex(i), 20, '0'), 'hex')) AS euid
              FROM generate_series(1, {rows}) i""")
    e.row("ALTER TABLE bench ADD COLUMN eb bytea")
    e.row("UPDATE bench SET eb = polyid_euid_parse(euid)")
    e.row("VACUUM ANALYZE bench")


def timer(e, rows):
    def timed(expr):
        best = None
        for _ in range(3):
            t0 = time.perf_counter()
            e.row(f"SELECT count({expr}) FROM bench")
            t = time.perf_counter() - t0
            best = t if best is None else min(best, t)
        return best

    base = timed("n")
    return base / rows * 1e6, lambda expr: max(timed(expr) - base, 0) / rows * 1e6


def storage(e, rows):
    out = []
    for key, source, ref in [("polyid_tid", "polyid_tid_new()", "bigint"),
                             ("polyid_xid", "polyid_xid_new()", "bigint"),
                             ("polyid_euid", "polyid_euid_new()", "uuid")]:
        sizes = {}
        for ty, expr in [(key, source), (ref, None)]:
            e.row(f"DROP TABLE IF EXISTS s_{ty}")
            e.row(f"CREATE TABLE s_{ty} (id {ty} PRIMARY KEY)")
            if expr:
                e.row(f"INSERT INTO s_{ty} SELECT {expr} FROM generate_series(1, {rows})")
            else:
                # The same values in the reference type: bigint bits, uuid bytes.
                e.row(f"INSERT INTO s_{ty} SELECT id::{ref} FROM s_{key}")
            e.row(f"VACUUM s_{ty}")
            sizes[ty] = e.row(f"SELECT pg_table_size('s_{ty}'), pg_indexes_size('s_{ty}')")
        (kt, ki), (rt, ri) = sizes[key], sizes[ref]
        met = "met" if kt + ki <= rt + ri else "NOT met"
        out.append(f"| `{key}` / `{ref}` | {kt / 1e6:.1f} + {ki / 1e6:.1f} | {rt / 1e6:.1f} + {ri / 1e6:.1f} "
                   f"| {(kt + ki) / (rt + ri):.2f}x | <= 1.0x {met} |")
        for ty in (key, ref):
            e.row(f"DROP TABLE s_{ty}")
    return out


def main():
    with cluster.Cluster("bench") as pg:
        native = pg_engines.PgNative(pg)
        fill(native, ROWS)
        base, cost = timer(native, ROWS)
        lines = [f"PostgreSQL {native.version}, {ROWS:,} rows, one core, microseconds per row (the bare "
                 f"scan, {base:.2f} us/row, subtracted; best of 3):", "",
                 "| native function | us/row | ratio to the built-in | target |", "|---|---|---|---|"]
        per_row = {}
        for name, expr, ref, target in CASES:
            per_row[name] = cost(expr)
            ratio = f"{per_row[name] / per_row[ref]:.2f}x `{ref}`" if ref and per_row[ref] > 0 else ""
            goal = ""
            if target is not None and per_row[ref] > 0:
                met = per_row[name] / per_row[ref] <= target
                goal = f"<= {target}x {'met' if met else 'NOT met'}"
            lines.append(f"| `{name}` | {per_row[name]:.3f} | {ratio} | {goal} |")

        small = max(ROWS // 10, 1000)
        pure = pg_engines.PgServer(pg)
        fill(pure, small)
        _, pure_cost = timer(pure, small)
        lines += ["", f"The pure-SQL tier on {small:,} rows of the same data (same server), per row:", "",
                  "| function | pure SQL us/row | native us/row | pure / native | target |", "|---|---|---|---|---|"]
        for name, target in TIERS:
            expr = next(x for n, x, _, _ in CASES if n == name)
            p = pure_cost(expr)
            ratio = p / per_row[name] if per_row[name] > 0 else float("inf")
            goal = f"<= {target}x {'met' if ratio <= target else 'NOT met'}" if target else ""
            lines.append(f"| `{name}` | {p:.3f} | {per_row[name]:.3f} | {ratio:.0f}x | {goal} |")
        pure.close()

        lines += ["", f"Storage of {ROWS:,} generated keys with their primary-key btree (table + index, MB):", "",
                  "| key / reference | key | reference | ratio | target |", "|---|---|---|---|---|"]
        lines += storage(native, ROWS)
        native.close()
        print("\n".join(lines))
        # make pg-bench-write: the tables go into docs/sql.md (tools/bench_section.py).
        if os.environ.get("BENCH_MD"):
            with open(os.environ["BENCH_MD"], "a") as f:
                f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
