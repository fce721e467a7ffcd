"""polyid's native PostgreSQL extension (postgres/: CREATE EXTENSION polyid), what the pure-SQL
tier has not: the types polyid_uid11, polyid_xid, polyid_tid and polyid_euid (text and binary
I/O, order equal to the value's and the text's, btree and hash indexes, casts), time bounds
that an index range scan uses, parallel plans, generators unique across 8 concurrent
connections, the polyid.node setting, and a backend that survives every invalid vector and
random input. The functions both tiers share run in test_plpgsql.py (POLYID_PG_ENGINE=native).

    make pg-install && python3 -m unittest postgres/tests/test_native.py

A throwaway cluster of Debian's PostgreSQL under target/pg (cluster.py), stopped at the end.
"""

import concurrent.futures
import datetime as dt
import os
import random
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pg_engines  # noqa: E402  (puts sql/tests on the path)
import cluster  # noqa: E402
import engines  # noqa: E402

VECTORS = os.path.join(engines.ROOT, "tests", "vectors")
UTC = dt.timezone.utc
XID_EPOCH_MS = 1_321_009_871_111
PG = None


def setUpModule():
    global PG
    PG = cluster.Cluster("native")
    PG.start()
    unittest.addModuleCleanup(PG.stop)


def failure(engine, sql, params=()):
    """(polyid code, SQLSTATE, message) of a query that must fail."""
    try:
        engine.row(sql, params)
    except pg_engines.PgError as e:
        return e.code, e.sqlstate, str(e)
    raise AssertionError(f"{sql} did not fail")


def unix_ms(ts):
    return int(ts.timestamp() * 1000)


class Native(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.e = pg_engines.PgNative(PG)

    @classmethod
    def tearDownClass(cls):
        cls.e.close()

    def test_text_forms_round_trip_and_sort_as_the_values(self):
        e = self.e
        e.row("DROP TABLE IF EXISTS u")
        e.row("CREATE TABLE u (id polyid_uid11 PRIMARY KEY, x polyid_xid)")
        values = [0, 1, 57, (1 << 63) - 1, 1 << 63, (1 << 63) + 1, (1 << 64) - 2, (1 << 64) - 1]
        shuffled = random.Random(7).sample(values, len(values))
        for v in shuffled:
            e.row("INSERT INTO u VALUES (?::numeric::polyid_uid11, ?::numeric::polyid_xid)", [str(v), str(v)])
        # Unsigned: past 2^63 the order is the value's (a bigint's would put the top half first).
        got = [int(r[0]) for r in e.rows("SELECT id::numeric FROM u ORDER BY id")]
        self.assertEqual(got, values)
        self.assertEqual([int(r[0]) for r in e.rows("SELECT x::numeric FROM u ORDER BY x DESC")], values[::-1])
        texts = [r[0] for r in e.rows("SELECT id::text FROM u ORDER BY id")]
        self.assertEqual(texts, sorted(texts))
        self.assertEqual(texts[0], "11111111111")
        self.assertEqual(texts[-1], "jpXCZedGfVQ")
        self.assertEqual(e.row("SELECT polyid_uid11_encode(57)")[0], "1111111111z")
        # The index answers range predicates in the same order.
        e.row("SET enable_seqscan = off")
        try:
            plan = " ".join(r[0] for r in e.rows(
                "EXPLAIN SELECT id FROM u WHERE id > '9223372036854775807'::numeric::polyid_uid11"))
            self.assertIn("u_pkey", plan)
            got = [int(r[0]) for r in e.rows(
                "SELECT id::numeric FROM u WHERE id > '9223372036854775807'::numeric::polyid_uid11 ORDER BY id")]
            self.assertEqual(got, values[4:])
        finally:
            e.row("RESET enable_seqscan")
        for t in texts:
            self.assertEqual(e.row("SELECT ?::polyid_uid11::text, ?::polyid_xid::text", [t, t]), (t, t))
        e.row("DROP TABLE u")

    def test_tids_sort_by_time_and_euids_as_their_text(self):
        e = self.e
        r = random.Random(11)
        tids = [r.randrange(0, 1 << 63) for _ in range(300)] + [0, (1 << 63) - 1]
        texts = [e.row("SELECT polyid_tid_format(?)", [v])[0] for v in tids]
        got = [r[0] for r in e.rows("SELECT t::polyid_tid::bigint FROM unnest(?::text[]) t ORDER BY t::polyid_tid", [texts])]
        self.assertEqual(got, sorted(tids))
        by_text = [r[0] for r in e.rows("SELECT t::polyid_tid::text FROM unnest(?::text[]) t ORDER BY t::polyid_tid", [texts])]
        self.assertEqual(by_text, sorted(texts))  # non-negative TIDs: text order is time order
        # Before 1970 (polyid's negative TIDs, outside AT Protocol) the type sorts by time.
        got = [r[0] for r in e.rows(
            "SELECT v::text AS s FROM unnest(ARRAY['s222222222322', '2222222222222', '3kxnlhr3gxq23']::polyid_tid[]) "
            "AS u(v) ORDER BY v")]
        self.assertEqual(got, ["s222222222322", "2222222222222", "3kxnlhr3gxq23"])
        euids = [e.row("SELECT polyid_euid_format(?)", [r.randbytes(16)])[0] for _ in range(300)]
        got = [r[0] for r in e.rows("SELECT t::polyid_euid::text FROM unnest(?::text[]) t ORDER BY t::polyid_euid", [euids])]
        self.assertEqual(got, sorted(euids))
        # Lowercase input reads; output is canonical.
        self.assertEqual(e.row("SELECT '1hf7yat0007zg0938nkrkaydxxb'::polyid_euid::text")[0],
                         "1HF7YAT0007ZG0938NKRKAYDXXB")
        self.assertEqual(e.row("SELECT '3kxn-lhr-3gxq-23'::polyid_tid::text")[0], "3kxnlhr3gxq23")

    def test_casts(self):
        e = self.e
        top = "jpXCZedGfVQ"
        self.assertEqual(e.row(f"SELECT '{top}'::polyid_uid11::bigint, '{top}'::polyid_uid11::numeric, "
                               f"encode('{top}'::polyid_uid11::bytea, 'hex')"),
                         (-1, 18446744073709551615, "ffffffffffffffff"))
        self.assertEqual(e.row("SELECT (-1)::bigint::polyid_xid::text, 18446744073709551615::numeric::polyid_xid::text, "
                               "'\\xffffffffffffffff'::bytea::polyid_uid11::text, '57.000'::numeric::polyid_uid11::text"),
                         (top, top, top, "1111111111z"))
        self.assertEqual(e.row("SELECT '3kxnlhr3gxq23'::polyid_tid::bigint, "
                               "1762721020395837441::bigint::polyid_tid::text, "
                               "'3kxnlhr3gxq23'::polyid_tid::numeric, "
                               "encode('3kxnlhr3gxq23'::polyid_tid::bytea, 'hex')"),
                         (1762721020395837441, "3kxnlhr3gxq23", 1762721020395837441,
                          (1762721020395837441).to_bytes(8, "big").hex()))
        self.assertEqual(e.row("SELECT ('1113M2EhCbG'::polyid_xid::polyid_uid11)::text")[0], "1113M2EhCbG")
        u = e.row("SELECT '1HF7YAT0007ZG0938NKRKAYDXXB'::polyid_euid::uuid")[0]
        self.assertEqual(str(u), "0c5e7f2b-4000-0ff8-0123-456789abcdef")
        self.assertEqual(e.row("SELECT ?::uuid::polyid_euid::text, encode(?::uuid::polyid_euid::bytea, 'hex')",
                               [str(u), str(u)]),
                         ("1HF7YAT0007ZG0938NKRKAYDXXB", u.hex))
        self.assertEqual(e.row("SELECT ?::bytea::polyid_euid::text", [u.bytes])[0], "1HF7YAT0007ZG0938NKRKAYDXXB")
        # Timestamps (casts and functions agree).
        self.assertEqual(e.row("SELECT '3kxnlhr3gxq23'::polyid_tid::timestamptz, "
                               "polyid_tid_timestamp('3kxnlhr3gxq23'::polyid_tid)"),
                         (dt.datetime(2024, 7, 19, 16, 40, 46, 480310, tzinfo=UTC),) * 2)
        self.assertEqual(e.row("SELECT '1113M2EhCbG'::polyid_xid::timestamptz")[0],
                         dt.datetime.fromtimestamp((XID_EPOCH_MS + 1234567) / 1000, UTC))
        self.assertEqual(e.row("SELECT polyid_xid_unix_ms('1113M2EhCbG'::polyid_xid), "
                               "polyid_xid_random('1113M2EhCbG'::polyid_xid), "
                               "polyid_tid_micros('3kxnlhr3gxq23'::polyid_tid), "
                               "polyid_tid_clock_id('3kxnlhr3gxq23'::polyid_tid), "
                               "polyid_euid_unix_ms('1HF7YAT0007ZG0938NKRKAYDXXB'::polyid_euid), "
                               "polyid_euid_extension('1HF7YAT0007ZG0938NKRKAYDXXB'::polyid_euid), "
                               "polyid_euid_extension('1HF7YAT0000000938NKRKAYDXZT'::polyid_euid)"),
                         (XID_EPOCH_MS + 1234567, 0x3FFFFF, 1721407246480310, 1, 1700000000000, 255, None))
        for sql, params, want in [
                ("SELECT 'abc'::polyid_xid", [], ("INVALID_LENGTH", "22P02")),
                ("SELECT 'jpXCZedGfVR'::polyid_uid11", [], ("OVERFLOW", "22P02")),
                ("SELECT 'C8ZM14GR4JXG0MQXVY18S8TJNA7'::polyid_euid", [], ("INVALID_CHECKMOD", "22P02")),
                ("SELECT '3kxn-lhr-3gxq_23'::polyid_tid", [], ("INVALID_CHARACTER", "22P02")),
                ("SELECT (-1)::numeric::polyid_uid11", [], ("OUT_OF_RANGE", "22023")),
                ("SELECT 18446744073709551616::numeric::polyid_xid", [], ("OUT_OF_RANGE", "22023")),
                ("SELECT 1.5::numeric::polyid_uid11", [], ("INVALID_ARGUMENT", "22023")),
                ("SELECT 'NaN'::numeric::polyid_tid", [], ("INVALID_ARGUMENT", "22023")),
                ("SELECT (-9223372036854775808)::bigint::polyid_tid", [], ("OUT_OF_RANGE", "22023")),
                ("SELECT '\\x0102'::bytea::polyid_tid", [], ("INVALID_LENGTH", "22023")),
                ("SELECT '\\x0102'::bytea::polyid_euid", [], ("INVALID_LENGTH", "22023"))]:
            code, state, message = failure(e, sql, params)
            self.assertEqual((code, state), want, message)
        _, _, message = failure(e, "SELECT ?::polyid_xid", ["x" * (1 << 20)])
        self.assertLess(len(message), 400)
        self.assertTrue(message.startswith('INVALID_LENGTH: polyid_xid input "xxxx'), message)

    def test_binary_copy_round_trip(self):
        e = self.e
        e.row("DROP TABLE IF EXISTS b1, b2")
        e.row("CREATE TABLE b1 (u polyid_uid11, x polyid_xid, t polyid_tid, i polyid_euid)")
        e.row("INSERT INTO b1 SELECT (-i)::bigint::polyid_uid11, polyid_xid_new(), polyid_tid_new(), polyid_euid_new() "
              "FROM generate_series(1, 100) i")
        e.row("CREATE TABLE b2 (LIKE b1)")
        with e.db.cursor() as cur:
            with cur.copy("COPY b1 TO STDOUT (FORMAT binary)") as copy:
                data = b"".join(bytes(chunk) for chunk in copy)
            with cur.copy("COPY b2 FROM STDIN (FORMAT binary)") as copy:
                copy.write(data)
        self.assertEqual(e.row("SELECT count(*) FROM (SELECT * FROM b1 EXCEPT SELECT * FROM b2) d")[0], 0)
        self.assertEqual(e.row("SELECT count(*) FROM b2")[0], 100)
        # A TID's binary input is checked as its text is: a bigint with no TID is refused.
        bad = bytearray(data)
        t = e.row("SELECT t::bigint FROM b1 LIMIT 1")[0]
        at = bad.find(t.to_bytes(8, "big", signed=True))
        self.assertGreater(at, 0)
        bad[at:at + 8] = (-(1 << 63)).to_bytes(8, "big", signed=True)
        with self.assertRaises(cluster.import_psycopg().Error):
            with e.db.cursor() as cur, cur.copy("COPY b2 FROM STDIN (FORMAT binary)") as copy:
                copy.write(bytes(bad))
        e.row("DROP TABLE b1, b2")

    def test_time_bounds_drive_an_index_range_scan(self):
        e = self.e
        day = dt.datetime(2026, 3, 1, tzinfo=UTC)
        ms = unix_ms(day)
        self.assertEqual(e.row("SELECT polyid_xid_min(?)::bigint, polyid_xid_max(?)::bigint", [day, day]),
                         ((ms - XID_EPOCH_MS) << 22, ((ms - XID_EPOCH_MS) << 22) | 0x3FFFFF))
        us = ms * 1000 + 123
        at = day + dt.timedelta(microseconds=123)
        self.assertEqual(e.row("SELECT polyid_tid_min(?)::bigint, polyid_tid_max(?)::bigint", [at, at]),
                         (us << 10, (us << 10) | 1023))
        self.assertEqual(e.row("SELECT polyid_euid_min(?)::uuid::text, polyid_euid_max(?)::uuid::text", [day, day]),
                         (str(__import__("uuid").UUID(int=ms << 83)),
                          str(__import__("uuid").UUID(int=(ms << 83) | ((1 << 83) - 1)))))
        for sql, want in [("SELECT polyid_xid_min('2000-01-01'::timestamptz)", "OUT_OF_RANGE"),
                          ("SELECT polyid_tid_max('infinity'::timestamptz)", "OUT_OF_RANGE"),
                          ("SELECT polyid_euid_min('1969-12-31'::timestamptz)", "OUT_OF_RANGE"),
                          # Near PostgreSQL's last instant (Unix microseconds past 2^63).
                          ("SELECT polyid_tid_max('294276-12-31'::timestamptz)", "OUT_OF_RANGE"),
                          ("SELECT polyid_euid_max('4000-01-01'::timestamptz)", "OUT_OF_RANGE")]:
            code, state, message = failure(e, sql)
            self.assertEqual((code, state), (want, "22023"), message)
        _, _, message = failure(e, "SELECT polyid_xid_min('1969-12-31 23:59:59.999+00'::timestamptz)")
        self.assertIn("xid unix_ms: -1 is out of range 1321009871111..=5719056382214", message)
        _, _, message = failure(e, "SELECT polyid_tid_max('294276-12-31'::timestamptz)")
        self.assertEqual(message, "OUT_OF_RANGE: polyid_tid_max(): the instant is past the range of every polyid family")
        _, _, message = failure(e, "SELECT polyid_xid_min('2000-01-01 00:00:00+00'::timestamptz)")
        self.assertIn("polyid_xid_min(2000-01-01 00:00:00.000000+00)", message)
        e.row("DROP TABLE IF EXISTS events")
        e.row("CREATE TABLE events (id polyid_xid PRIMARY KEY, n int)")
        # One row a minute through March 2026, each at a random point of its minute.
        e.row("INSERT INTO events SELECT (polyid_xid_min('2026-03-01'::timestamptz + i * interval '1 minute')::bigint "
              "+ (i * 7919 % 60000)::bigint * 4194304 + i % 4194304)::polyid_xid, i FROM generate_series(0, 44639) i")
        e.row("ANALYZE events")
        where = ("id >= polyid_xid_min('2026-03-10'::timestamptz) "
                 "AND id <= polyid_xid_max('2026-03-10 23:59:59.999'::timestamptz)")
        plan = " ".join(r[0] for r in e.rows(f"EXPLAIN SELECT n FROM events WHERE {where}"))
        self.assertIn("events_pkey", plan)
        got = e.row(f"SELECT count(*), min(n), max(n) FROM events WHERE {where}")
        self.assertEqual(got, (1440, 9 * 1440, 10 * 1440 - 1))
        self.assertEqual(e.row("SELECT count(*) FROM events WHERE id::timestamptz >= '2026-03-10' "
                               "AND id::timestamptz < '2026-03-11'")[0], 1440)
        e.row("DROP TABLE events")

    def test_typed_generated_columns_defaults_and_parallel_plans(self):
        e = self.e
        e.row("DROP TABLE IF EXISTS log")
        e.row("CREATE TABLE log (id polyid_tid PRIMARY KEY DEFAULT polyid_tid_new(), code text, "
              "at timestamptz GENERATED ALWAYS AS (polyid_tid_timestamp(id)) STORED, "
              "cid text GENERATED ALWAYS AS (polyid_compact_id(code)) STORED)")
        e.row("INSERT INTO log (code) SELECT 'E.AUTH.TOKEN.' || lpad((i % 999 + 1)::text, 3, '0') "
              "FROM generate_series(1, 200000) i")
        now = dt.datetime.now(UTC)
        first, last, n = e.row("SELECT min(at), max(at), count(DISTINCT id) FROM log")
        self.assertEqual(n, 200000)
        self.assertLess(abs((first - now).total_seconds()), 120)
        self.assertLessEqual(first, last)
        e.row("ANALYZE log")
        for k, v in [("parallel_setup_cost", 0), ("parallel_tuple_cost", 0),
                     ("min_parallel_table_scan_size", 0), ("max_parallel_workers_per_gather", 2)]:
            e.row(f"SET {k} = {v}")
        sql = "SELECT count(*) FROM log WHERE polyid_compact_id(code) = 'V6a0B'"
        plan = " ".join(r[0] for r in e.rows("EXPLAIN " + sql))
        self.assertIn("Gather", plan)
        self.assertEqual(e.row(sql)[0], 200)
        # The generators are parallel unsafe: a plan that calls one runs it in the leader only.
        plan = " ".join(r[0] for r in e.rows("EXPLAIN SELECT polyid_tid_new() FROM log"))
        self.assertNotIn("Gather", plan)
        e.row("RESET ALL")
        e.row("DROP TABLE log")

    def test_storage_is_that_of_bigint_and_uuid(self):
        e = self.e
        e.row("DROP TABLE IF EXISTS s_tid, s_big, s_euid, s_uuid")
        n = 100000
        e.row("CREATE TABLE s_tid (id polyid_tid PRIMARY KEY)")
        e.row("CREATE TABLE s_big (id bigint PRIMARY KEY)")
        e.row("CREATE TABLE s_euid (id polyid_euid PRIMARY KEY)")
        e.row("CREATE TABLE s_uuid (id uuid PRIMARY KEY)")
        e.row(f"INSERT INTO s_tid SELECT polyid_tid_new() FROM generate_series(1, {n})")
        e.row("INSERT INTO s_big SELECT id::bigint FROM s_tid")
        e.row(f"INSERT INTO s_euid SELECT polyid_euid_new() FROM generate_series(1, {n})")
        e.row("INSERT INTO s_uuid SELECT id::uuid FROM s_euid")
        sizes = {t: e.row(f"SELECT pg_total_relation_size('{t}')")[0] for t in ("s_tid", "s_big", "s_euid", "s_uuid")}
        self.assertLessEqual(sizes["s_tid"], sizes["s_big"], sizes)
        self.assertLessEqual(sizes["s_euid"], sizes["s_uuid"], sizes)
        e.row("DROP TABLE s_tid, s_big, s_euid, s_uuid")

    def test_eight_connections_a_hundred_thousand_ids_each(self):
        conns = [pg_engines.PgNative(PG, load=False) for _ in range(8)]
        n = 100_000

        def draw(c):
            return c.rows(f"SELECT polyid_tid_new()::bigint, polyid_xid_new()::numeric, "
                          f"polyid_euid_new()::uuid, polyid_tid_generate() FROM generate_series(1, {n})")

        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            results = list(pool.map(draw, conns))
        clocks = set()
        for rows in results:
            for i in range(3):
                column = [r[i] for r in rows]
                # A boolean: a failing comparison of 100,000-element lists would diff them.
                self.assertTrue(column == sorted(set(column)), "increasing within a backend")
            # One clock id per backend: the node it claimed.
            clocks.add(frozenset(r[0] & 1023 for r in rows))
        self.assertEqual(len(clocks), 8)
        self.assertTrue(all(len(c) == 1 for c in clocks))
        for i, fam in enumerate(("tid", "xid", "euid", "tid text")):
            ids = [r[i] for rows in results for r in rows]
            self.assertEqual(len(ids), 8 * n)
            self.assertEqual(len(set(ids)), len(ids), f"{fam}: duplicates across connections")
        for c in conns:
            c.close()

    def test_node_setting(self):
        e = self.e
        db = pg_engines.PgNative.DATABASE
        e.row(f"ALTER DATABASE {db} SET polyid.node = '100-101'")
        try:
            a, b, c = (pg_engines.PgNative(PG, load=False) for _ in range(3))
            clocks = sorted(x.row("SELECT polyid_tid_clock_id(polyid_tid_new())")[0] for x in (a, b))
            self.assertEqual(clocks, [132, 133])
            node = a.row("SELECT polyid_xid_random(polyid_xid_new()) >> 12")[0]
            self.assertIn(node, (100, 101))
            code, state, message = failure(c, "SELECT polyid_xid_generate()")
            self.assertEqual((code, state), ("NODE_IN_USE", "22023"), message)
            self.assertIn("every node of 100-101 is held by another process", message)
            # The text functions never claim; a backend that ends frees its node.
            self.assertEqual(c.row("SELECT polyid_compact_id('E.AUTH.TOKEN.001')")[0], "V6a0B")
            a.close()
            d = pg_engines.PgNative(PG, load=False)
            self.assertIn(d.row("SELECT polyid_tid_clock_id(polyid_tid_new())")[0], (132, 133))
            for x in (b, c, d):
                x.close()
        finally:
            e.row(f"ALTER DATABASE {db} RESET polyid.node")
        psycopg = cluster.import_psycopg()
        # A value is checked once the library is loaded in the session (before, PostgreSQL
        # keeps it as a placeholder, checked, and refused with a warning, at the load).
        e.row("LOAD 'polyid'")
        for value, detail in [("5-x", 'INVALID_CHARACTER: node: invalid character \'x\' at index 0'),
                              ("960", "OUT_OF_RANGE: node: 960 is out of range 0..=959"),
                              ("9-3", 'INVALID_ARGUMENT: polyid.node: "9-3" is not a range')]:
            with self.assertRaises(psycopg.Error) as caught:
                e.db.execute(f"SET polyid.node = '{value}'")
            self.assertEqual(caught.exception.sqlstate, "22023")
            self.assertTrue(caught.exception.diag.message_detail.startswith(detail),
                            caught.exception.diag.message_detail)
        e.row("DROP ROLE IF EXISTS plain")
        e.row("CREATE ROLE plain LOGIN")
        try:
            with psycopg.connect(PG.dsn.replace("user=postgres", "user=plain").replace(
                    "dbname=postgres", f"dbname={db}"), autocommit=True) as conn:
                conn.execute("SELECT polyid_compact_id('E.AUTH.TOKEN.001')")  # loads the library
                with self.assertRaises(psycopg.errors.InsufficientPrivilege):
                    conn.execute("SET polyid.node = '7'")
                self.assertEqual(len(conn.execute("SELECT polyid_tid_generate()").fetchone()[0]), 13)
        finally:
            e.row("DROP ROLE plain")

    def test_the_backend_survives_every_invalid_vector_and_random_input(self):
        e = self.e
        started = e.row("SELECT pg_postmaster_start_time()")[0]
        failed = 0
        for family, case in engines.vector_cases(VECTORS):
            if "error" not in case:
                continue
            try:
                engines.vector_query(e, family, case)
            except engines.SqlError:
                failed += 1
        self.assertGreater(failed, 150)
        r = random.Random(2026)
        texts = ["", "\x00"[:0], "ü" * 40, "\u202e" * 5, "9" * 100_000]
        for _ in range(400):
            n = r.choice([1, 5, 11, 13, 16, 27, 40, 200])
            texts.append("".join(chr(r.choice([r.randrange(1, 128), r.randrange(128, 0xD800)]))
                                 for _ in range(n)))
        text_fns = [name for (name,) in e.rows(
            "SELECT DISTINCT proname FROM pg_proc WHERE proname LIKE 'polyid\\_%' AND pronargs = 1 "
            "AND proargtypes[0] = 'text'::regtype")]
        self.assertGreater(len(text_fns), 15)
        types = ["polyid_uid11", "polyid_xid", "polyid_tid", "polyid_euid"]
        for t in texts:
            for fn in text_fns:
                try:
                    e.row(f"SELECT {fn}(?)", [t])
                except engines.SqlError:
                    pass
            for ty in types:
                try:
                    e.row(f"SELECT ?::{ty}::text", [t])
                except engines.SqlError:
                    pass
        for _ in range(300):
            b = r.randbytes(r.choice([0, 1, 8, 15, 16, 17, 64]))
            v = r.randrange(-(1 << 63), 1 << 63)
            for sql, p in [("SELECT polyid_euid_format(?)", b), ("SELECT ?::bytea::polyid_euid::text", b),
                           ("SELECT ?::bytea::polyid_tid::text", b), ("SELECT polyid_tid_format(?)", v),
                           ("SELECT ?::bigint::polyid_tid::text", v), ("SELECT ?::bigint::polyid_xid::text", v),
                           ("SELECT ?::numeric::polyid_uid11::text", str(v) + "." + str(r.randrange(10)))]:
                try:
                    e.row(sql, [p])
                except engines.SqlError:
                    pass
        # Bytes that are not UTF-8, in a database that stores any (SQL_ASCII).
        admin = pg_engines.PgServer(PG, load=False)
        admin.row("DROP DATABASE IF EXISTS polyid_ascii")
        admin.row("CREATE DATABASE polyid_ascii ENCODING 'SQL_ASCII' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0")
        psycopg = cluster.import_psycopg()
        with psycopg.connect(PG.dsn.replace("dbname=postgres", "dbname=polyid_ascii"), autocommit=True) as db:
            db.execute("CREATE EXTENSION polyid")
            for sql in ["SELECT polyid_compact_id(convert_from('\\x452e41ff2e422e303031'::bytea, 'SQL_ASCII'))",
                        "SELECT convert_from('\\xff0a'::bytea, 'SQL_ASCII')::polyid_xid"]:
                with self.assertRaises(psycopg.Error) as caught:
                    db.execute(sql)
                self.assertTrue(caught.exception.diag.message_primary.startswith("INVALID_UTF8: "),
                                caught.exception.diag.message_primary)
        admin.row("DROP DATABASE polyid_ascii")
        admin.close()
        self.assertEqual(e.row("SELECT 1")[0], 1)
        self.assertEqual(e.row("SELECT pg_postmaster_start_time()")[0], started)
        with open(PG.log, encoding="utf-8", errors="replace") as f:
            log = f.read()
        self.assertNotIn("terminated by signal", log)
        self.assertNotIn("panicked", log)

    def test_drop_and_create_in_a_schema_of_its_own(self):
        e = self.e
        admin = pg_engines.PgServer(PG, load=False)
        admin.row("DROP DATABASE IF EXISTS polyid_schema")
        admin.row("CREATE DATABASE polyid_schema")
        psycopg = cluster.import_psycopg()
        with psycopg.connect(PG.dsn.replace("dbname=postgres", "dbname=polyid_schema"), autocommit=True) as db:
            db.execute("CREATE SCHEMA ids")
            db.execute("CREATE EXTENSION polyid SCHEMA ids")
            self.assertEqual(db.execute("SELECT ids.polyid_compact_id('E.AUTH.TOKEN.001'), "
                                        "'3kxnlhr3gxq23'::ids.polyid_tid::text").fetchone(),
                             ("V6a0B", "3kxnlhr3gxq23"))
            db.execute("DROP EXTENSION polyid")
            db.execute("CREATE EXTENSION polyid")
            self.assertEqual(db.execute("SELECT polyid_tid_clock_id(polyid_tid_new()) BETWEEN 32 AND 991")
                             .fetchone()[0], True)
        admin.row("DROP DATABASE polyid_schema")
        admin.close()


class ClusterScript(unittest.TestCase):
    def terminate_run(self, name, when):
        """Runs `cluster.py run --name NAME` with a command that would sleep, sends it SIGTERM
        as soon as `when(pid_file, ran)` holds (polled every 2 ms; `ran` is a file the command
        makes once the server is up), checks that it ends with 128 + 15, and returns whether the
        command ran and whether the server is still up half a second later."""
        import signal
        import subprocess
        import time
        pg = cluster.Cluster(name)
        pg._prepare()  # initdb now, so that the run below only starts the server
        pid_file = os.path.join(pg.data, "postmaster.pid")
        ran = os.path.join(os.path.dirname(pg.data), "command-ran")
        if os.path.exists(ran):
            os.remove(ran)
        run = subprocess.Popen([sys.executable, cluster.__file__, "run", "--name", name,
                                "--", "sh", "-c", f"touch {ran}; sleep 60"])
        try:
            deadline = time.monotonic() + 60
            while not when(pid_file, ran):
                self.assertIsNone(run.poll(), "the script ended before the signal")
                self.assertLess(time.monotonic(), deadline, "no server within 60 s")
                time.sleep(0.002)
            run.send_signal(signal.SIGTERM)
            self.assertEqual(run.wait(timeout=60), 128 + signal.SIGTERM)
            time.sleep(0.5)  # a postmaster left running would still have its pid file
            return os.path.exists(ran), os.path.exists(pid_file)
        finally:
            if run.poll() is None:
                run.kill()
            if os.path.exists(pid_file):
                pg.started = True
                pg.stop()

    def test_a_terminated_run_stops_its_server(self):
        # `cluster.py run` killed as a CI timeout kills it (SIGTERM) while its command runs
        # still stops the server it started.
        _, running = self.terminate_run("sigterm", lambda pid_file, ran: os.path.exists(ran))
        self.assertFalse(running, "the server still runs")

    def test_a_run_terminated_while_its_server_starts_stops_it(self):
        # SIGTERM after the server has written its pid file and before it accepts
        # connections (`pg_ctl start -w` still waiting): the script still stops it.
        ran, running = self.terminate_run("sigterm-start", lambda pid_file, ran: os.path.exists(pid_file))
        if ran:
            self.skipTest("the server was ready before the signal: the start was not interrupted")
        self.assertFalse(running, "the server still runs")


if __name__ == "__main__":
    unittest.main()
