"""The SQL functions against each engine's own, on the same 1,000,000-row column, in one run:
prints milliseconds (best of 5) and the ratios the targets of docs/sql.md name.

    python3 sql/bench.py sqlite|duckdb     (make sql-bench runs both)
"""

import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "tests"))
import engines  # noqa: E402

ROWS = 1_000_000


def best(run, setup=None, n=5):
    times = []
    for _ in range(n):
        if setup:
            setup()
        t0 = time.perf_counter()
        run()
        times.append(time.perf_counter() - t0)
    return min(times) * 1e3


def duckdb_bench():
    e = engines.Duck()
    db = e.db
    db.execute(f"""CREATE TABLE c AS SELECT
        'E.AUTH.TOKEN.' || lpad(((i % 999) + 1)::VARCHAR, 3, '0') AS code,
        polyid_tid_generate() AS tid, polyid_xid_generate() AS xid,
        (i * 7919)::VARCHAR AS num FROM range({ROWS}) t(i)""")
    q = lambda sql: (lambda: db.execute(sql).fetchall())  # noqa: E731
    rows = {
        "compact_id": q("SELECT sum(length(polyid_compact_id(code))) FROM c"),
        "md5 (built-in)": q("SELECT sum(length(md5(code))) FROM c"),
        "tid_parse": q("SELECT sum(polyid_tid_parse(tid) % 7) FROM c"),
        "xid_parse": q("SELECT sum(polyid_xid_parse(xid) % 7) FROM c"),
        "CAST(text AS BIGINT) (built-in)": q("SELECT sum(CAST(num AS BIGINT) % 7) FROM c"),
    }
    ms = {k: best(v) for k, v in rows.items()}
    def insert(select, column):
        return best(lambda: db.execute(f"INSERT INTO g {select}"),
                    lambda: db.execute(f"CREATE OR REPLACE TABLE g (id {column})"))

    ms["INSERT polyid_tid_generate() (VARCHAR)"] = insert(f"SELECT polyid_tid_generate() FROM range({ROWS})", "VARCHAR")
    ms["INSERT polyid_tid_generate_value() (BIGINT)"] = insert(
        f"SELECT polyid_tid_generate_value() FROM range({ROWS})", "BIGINT")
    ms["INSERT uuid() (built-in, UUID)"] = insert(f"SELECT uuid() FROM range({ROWS})", "UUID")
    ms["INSERT uuid()::VARCHAR (built-in)"] = insert(f"SELECT uuid()::VARCHAR FROM range({ROWS})", "VARCHAR")
    # What storing 13-character text costs by itself: the TIDs of the column above, copied.
    ms["INSERT the stored TIDs (VARCHAR copy)"] = insert("SELECT tid FROM c", "VARCHAR")
    try:
        import pyarrow as pa
        import polyid.arrow
        from duckdb.sqltypes import VARCHAR

        def udf(codes: pa.Array) -> pa.Array:
            return pa.chunked_array(polyid.arrow.compact_ids(codes))

        db.create_function("py_compact_id", udf, [VARCHAR], VARCHAR, type="arrow")
        ms["polyid.arrow as an Arrow UDF"] = best(
            q("SELECT sum(length(py_compact_id(code))) FROM c"))
    except ImportError as err:
        print(f"(no Arrow UDF row: {err})")
    report("duckdb " + e.version, ms, [
        ("compact_id / md5", "compact_id", "md5 (built-in)", 2.0),
        ("tid_parse / CAST", "tid_parse", "CAST(text AS BIGINT) (built-in)", 2.0),
        ("xid_parse / CAST", "xid_parse", "CAST(text AS BIGINT) (built-in)", 2.0),
        ("Arrow UDF / native", "polyid.arrow as an Arrow UDF", "compact_id", None),
        ("TID value INSERT / uuid() INSERT", "INSERT polyid_tid_generate_value() (BIGINT)",
         "INSERT uuid() (built-in, UUID)", 1.0),
        ("TID text INSERT / uuid()::VARCHAR INSERT", "INSERT polyid_tid_generate() (VARCHAR)",
         "INSERT uuid()::VARCHAR (built-in)", 1.0),
        ("TID text INSERT / uuid() INSERT", "INSERT polyid_tid_generate() (VARCHAR)",
         "INSERT uuid() (built-in, UUID)", None),
        ("stored-text copy / uuid() INSERT", "INSERT the stored TIDs (VARCHAR copy)",
         "INSERT uuid() (built-in, UUID)", None),
    ])


def sqlite_bench():
    e = engines.Sqlite()
    db = e.db
    db.execute("CREATE TABLE c (code TEXT, tid TEXT, xid TEXT, num TEXT)")
    db.execute(f"""WITH RECURSIVE r(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM r WHERE i < {ROWS - 1})
        INSERT INTO c SELECT 'E.AUTH.TOKEN.' || substr('00' || ((i % 999) + 1), -3),
        polyid_tid_generate(), polyid_xid_generate(), CAST(i * 7919 AS TEXT) FROM r""")
    q = lambda sql: (lambda: db.execute(sql).fetchall())  # noqa: E731
    rows = {
        "compact_id": q("SELECT sum(length(polyid_compact_id(code))) FROM c"),
        "hex (built-in)": q("SELECT sum(length(hex(code))) FROM c"),
        "tid_parse": q("SELECT sum(polyid_tid_parse(tid) % 7) FROM c"),
        "xid_parse": q("SELECT sum(polyid_xid_parse(xid) % 7) FROM c"),
        "CAST(text AS INTEGER) (built-in)": q("SELECT sum(CAST(num AS INTEGER) % 7) FROM c"),
    }
    ms = {k: best(v) for k, v in rows.items()}

    def insert(select, column):
        return best(lambda: db.execute(f"WITH RECURSIVE r(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM r "
                                       f"WHERE i < {ROWS - 1}) INSERT INTO g {select} FROM r"),
                    lambda: (db.execute("DROP TABLE IF EXISTS g"), db.execute(f"CREATE TABLE g (id {column})")))

    # SQLite has no UUID function: randomblob(16) is its own random 16 bytes.
    ms["INSERT polyid_tid_generate() (TEXT)"] = insert("SELECT polyid_tid_generate()", "TEXT")
    ms["INSERT polyid_tid_generate_value() (INTEGER)"] = insert("SELECT polyid_tid_generate_value()", "INTEGER")
    ms["INSERT randomblob(16) (built-in)"] = insert("SELECT randomblob(16)", "BLOB")
    report("sqlite " + e.version, ms, [
        ("TID value INSERT / randomblob(16) INSERT", "INSERT polyid_tid_generate_value() (INTEGER)",
         "INSERT randomblob(16) (built-in)", 1.0),
        ("TID text INSERT / randomblob(16) INSERT", "INSERT polyid_tid_generate() (TEXT)",
         "INSERT randomblob(16) (built-in)", 1.0),
        ("compact_id / hex", "compact_id", "hex (built-in)", 2.0),
        ("tid_parse / CAST", "tid_parse", "CAST(text AS INTEGER) (built-in)", 2.0),
        ("xid_parse / CAST", "xid_parse", "CAST(text AS INTEGER) (built-in)", 2.0),
    ])


def report(title, ms, ratios):
    lines = [f"\n{title}, {ROWS:,} rows (best of 5):\n", "| row | ms |", "|---|---|"]
    lines += [f"| {k} | {v:.1f} |" for k, v in ms.items()]
    lines += ["", "| ratio | value | target |", "|---|---|---|"]
    for name, a, b, target in ratios:
        if a in ms and b in ms:
            r = ms[a] / ms[b]
            goal = "" if target is None else (f"<= {target}x " + ("met" if r <= target else "MISSED"))
            if name.startswith("Arrow UDF"):
                goal = ">= 2x " + ("met" if r >= 2 else "MISSED")
            lines.append(f"| {name} | {r:.2f}x | {goal} |")
    print("\n".join(lines))
    # make sql-bench-write: the tables go into docs/sql.md (tools/bench_section.py).
    if os.environ.get("BENCH_MD"):
        with open(os.environ["BENCH_MD"], "a") as f:
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    {"sqlite": sqlite_bench, "duckdb": duckdb_bench}[sys.argv[1]]()
