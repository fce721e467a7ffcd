"""polyid inside SQL engines: the shared vectors as queries, NULLs, errors, determinism
(generated columns and expression indexes), generators (DEFAULT, uniqueness across threads
and connections, POLYID_NODE).

    POLYID_SQL_ENGINES=sqlite|sqlite-apsw|duckdb python3 -m unittest sql/tests/test_engines.py

The engine's module must be importable (`make sql-test` sets PYTHONPATH for apsw and each
DuckDB release); `sqlite` is the sqlite3 module of the Python that runs the tests, which
must allow extensions (Debian's python3 does).
"""

import concurrent.futures
import json
import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import engines  # noqa: E402

KIND = os.environ.get("POLYID_SQL_ENGINES", "sqlite")
VECTORS = os.path.join(engines.ROOT, "tests", "vectors")
XID_EPOCH_MS = 1321009871111


def code_of(engine, sql, params=()):
    try:
        engine.row(sql, params)
    except engines.SqlError as e:
        return e.code, str(e)
    return None, None


class Engine(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.e = engines.open_engine(KIND)

    def test_vectors(self):
        counts, failures = engines.count_vectors(self.e, VECTORS)
        print(f"\n{KIND} {self.e.version}: vectors {counts['pass']} passed, {counts['fail']} failed, "
              f"{counts['skip']} not covered by an SQL function", file=sys.stderr)
        self.assertEqual(failures[:5], [])
        # Every family an SQL function covers is exercised.
        self.assertGreater(counts["pass"], 500)

    def test_spec_values(self):
        e = self.e
        self.assertEqual(e.row("SELECT polyid_compact_id('E.AUTH.TOKEN.001')")[0], "V6a0B")
        self.assertEqual(e.row("SELECT polyid_full_id('auth_lib', 'E.Auth.Token.001')")[0],
                         "05o5h-V6a0B")
        self.assertEqual(e.row("SELECT polyid_normalize_code('  E.Auth.Token.MISSING  ')")[0],
                         "E.AUTH.TOKEN.001")
        self.assertEqual(e.row("SELECT polyid_tid_micros('3jzfcijpj2z2a')")[0], 1688137381887007)
        self.assertEqual(e.row("SELECT polyid_uid11_encode(0)")[0], "11111111111")
        # The largest uid11/xid value: the SQL integer holds its 64 bits.
        top = e.row("SELECT polyid_uid11_decode('jpXCZedGfVQ')")[0]
        self.assertEqual(e.to_uint(top), (1 << 64) - 1)
        self.assertEqual(e.row("SELECT polyid_xid_format(polyid_xid_parse('jpXCZedGfVQ'))")[0],
                         "jpXCZedGfVQ")

    def test_timestamps(self):
        ts = self.e.row("SELECT polyid_tid_timestamp('3jzfcijpj2z2a')")[0]
        if KIND == "duckdb":
            import datetime as dt
            self.assertEqual(ts, dt.datetime(2023, 6, 30, 15, 3, 1, 887007))
        else:
            self.assertEqual(ts, "2023-06-30 15:03:01.887007")
            # SQLite's date functions read it.
            self.assertEqual(
                self.e.row("SELECT strftime('%s', polyid_tid_timestamp('3jzfcijpj2z2a'))")[0],
                "1688137381")
        ts = self.e.row("SELECT polyid_xid_timestamp('11111111111')")[0]
        self.assertEqual(str(ts)[:23], "2011-11-11 11:11:11.111")

    def test_null_in_null_out(self):
        names = [r[0] for r in self.e.rows(
            "SELECT name FROM pragma_function_list WHERE name LIKE 'polyid_%'")] \
            if KIND != "duckdb" else [r[0] for r in self.e.rows(
                "SELECT DISTINCT function_name FROM duckdb_functions() WHERE function_name LIKE 'polyid_%'")]
        self.assertEqual(len(set(names)), 33, names)
        for name, n in [("polyid_compact_id", 1), ("polyid_full_id", 2), ("polyid_xid_parse", 1),
                        ("polyid_uid11_encode", 1), ("polyid_euid_format", 1),
                        ("polyid_tid_timestamp", 1), ("polyid_extuuid_encode", 1)]:
            args = ", ".join(["NULL"] * n)
            self.assertIsNone(self.e.row(f"SELECT {name}({args})")[0], name)
        for name in ("polyid_xid_from_parts", "polyid_tid_from_parts"):
            for args in ("NULL, 1", "1700000000000, NULL"):
                self.assertIsNone(self.e.row(f"SELECT {name}({args})")[0], name)
        # An EUID's extension is the one argument whose NULL means "none" (as
        # polyid_euid_extension gives it), not a NULL result.
        for args in ("NULL, 255, 0, 1", "1700000000000, 255, NULL, 1", "1700000000000, 255, 0, NULL",
                     "NULL, NULL, NULL, NULL"):
            self.assertIsNone(self.e.row(f"SELECT polyid_euid_from_parts({args})")[0], args)
        # docs/spec §4 (spec-from-parts-ext-none-pad-0, spec-from-parts-ext-255-pad-0).
        for ext, text in [("NULL", "1HF7YAT0000000938NKRKAYDXZT"), ("255", "1HF7YAT0007ZG0938NKRKAYDXXB")]:
            got = self.e.row(f"SELECT polyid_euid_format(polyid_euid_from_parts(1700000000000, {ext}, 0, "
                             "81985529216486895)), polyid_euid_extension(polyid_euid_format("
                             f"polyid_euid_from_parts(1700000000000, {ext}, 0, 81985529216486895)))")
            self.assertEqual(got, (text, None if ext == "NULL" else int(ext)), ext)
        # A column of extensions with NULLs in it: each row its own.
        rows = self.e.rows("SELECT polyid_euid_extension(polyid_euid_format(polyid_euid_from_parts("
                           "1700000000000, x, 0, 1))) FROM (SELECT 7 AS x UNION ALL SELECT NULL "
                           "UNION ALL SELECT 300) t ORDER BY 1 NULLS FIRST")
        self.assertEqual([r[0] for r in rows], [None, 7, 300])
        rows = self.e.rows("SELECT polyid_compact_id(c) FROM (SELECT 'E.A.B.001' AS c UNION ALL "
                           "SELECT NULL UNION ALL SELECT 'W.X.Y.002') t ORDER BY 1 NULLS FIRST")
        self.assertEqual([r[0] for r in rows], [None, "1t8uH", "l3i4I"])

    def test_errors_name_the_code_and_the_input(self):
        code, message = code_of(self.e, "SELECT polyid_compact_id('E.A.B.000')")
        self.assertEqual(code, "INVALID_SEQUENCE")
        self.assertIn('INVALID_SEQUENCE: polyid_compact_id("E.A.B.000"): WDP sequence:', message)
        self.assertEqual(self.e.row("SELECT polyid_validate_code('Q.A.B.001')")[0], "INVALID_SEVERITY")
        self.assertIsNone(self.e.row("SELECT polyid_validate_code('E.A.B.001')")[0])
        # A huge argument: refused with a bounded message.
        huge = "Q" * (100 << 20)
        code, message = code_of(self.e, "SELECT polyid_compact_id(?)", [huge + ".A.B.001"])
        self.assertEqual(code, "INVALID_SEVERITY")
        self.assertLess(len(message), 1000)
        self.assertIn("(104857608 bytes)", message)
        # A control character cannot start a line of the message.
        code, message = code_of(self.e, "SELECT polyid_compact_id(?)", ["W\nerror[OK]: forged.A.B.001"])
        self.assertNotIn("\n", message)
        # Several parts out of range: the first parameter's is named, as in every runtime.
        code, message = code_of(self.e, "SELECT polyid_tid_from_parts(9007199254740992, -1)")
        self.assertEqual(code, "OUT_OF_RANGE")
        self.assertIn("TID micros: 9007199254740992 is out of range", message)
        code, message = code_of(self.e, "SELECT polyid_euid_from_parts(0, NULL, 40000, 1)")
        self.assertEqual(code, "OUT_OF_RANGE")
        self.assertIn("polyid_euid_from_parts(0, NULL, 40000, 1): EUID padding: 40000 is out of "
                      "range 0..=32767", message)
        for sql, want in [("SELECT polyid_tid_parse('x')", "INVALID_LENGTH"),
                          ("SELECT polyid_euid_format(?)", "INVALID_LENGTH"),
                          ("SELECT polyid_extuuid_decode('not-a-uuid')", None)]:
            params = [b"\x01\x02"] if "?" in sql else []
            code, message = code_of(self.e, sql, params)
            self.assertIsNotNone(code, sql)
            if want:
                self.assertEqual(code, want, message)

    def test_wrong_argument_types(self):
        if KIND == "duckdb":
            # DuckDB's binder refuses a call with no matching signature before polyid runs.
            with self.assertRaises(engines.SqlError):
                self.e.row("SELECT polyid_euid_format(42)")
            return
        code, message = code_of(self.e, "SELECT polyid_compact_id(42)")
        self.assertEqual(code, "INVALID_ARGUMENT", message)
        self.assertIn("argument 1 of polyid_compact_id is an integer, expected text", message)
        code, _ = code_of(self.e, "SELECT polyid_uid11_encode('5')")
        self.assertEqual(code, "INVALID_ARGUMENT")
        code, _ = code_of(self.e, "SELECT polyid_compact_id(?)", [b"\xff\xfe"])
        self.assertEqual(code, "INVALID_ARGUMENT")
        code, _ = code_of(self.e, "SELECT polyid_compact_id(CAST(? AS TEXT))", [b"E.A.B.\xff"])
        self.assertEqual(code, "INVALID_UTF8")

    def test_generated_column_and_expression_index(self):
        e = self.e
        e.row("CREATE TABLE logs (code TEXT, cid TEXT GENERATED ALWAYS AS (polyid_compact_id(code)))")
        e.row("INSERT INTO logs (code) VALUES ('E.AUTH.TOKEN.001'), ('W.DATABASE.CONNECTION.027')")
        self.assertEqual(e.rows("SELECT cid FROM logs ORDER BY cid"), [("KF52S",), ("V6a0B",)])
        if KIND != "duckdb":
            e.row("CREATE INDEX logs_cid ON logs (polyid_compact_id(code))")
            plan = " ".join(str(r) for r in e.rows(
                "EXPLAIN QUERY PLAN SELECT code FROM logs WHERE polyid_compact_id(code) = 'V6a0B'"))
            self.assertIn("logs_cid", plan)
            code, message = code_of(e, "CREATE INDEX bad ON logs (polyid_tid_generate())")
            self.assertIsNotNone(message)
        e.row("DROP TABLE logs")

    def test_default_tid_and_time_ranges(self):
        e = self.e
        e.row("CREATE TABLE events (id TEXT DEFAULT (polyid_tid_generate()), n INTEGER)")
        for i in range(200):
            e.row("INSERT INTO events (n) VALUES (?)", [i])
        ids = [r[0] for r in e.rows("SELECT id FROM events ORDER BY n")]
        self.assertEqual(len(set(ids)), 200)
        self.assertEqual(ids, sorted(ids), "monotonic within a connection")
        n = e.row("SELECT count(*) FROM events WHERE polyid_tid_timestamp(id) >= '2020-01-01'")[0]
        self.assertEqual(n, 200)
        e.row("DROP TABLE events")

    def test_generators_are_unique_across_threads_and_connections(self):
        def batch(_):
            eng = engines.open_engine(KIND)
            return [r[0] for r in eng.rows(
                "SELECT polyid_xid_generate(), polyid_tid_generate(), polyid_euid_generate() "
                "FROM (WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < 5000) "
                "SELECT i FROM r)")]
        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            got = [x for b in pool.map(batch, range(8)) for x in b]
        self.assertEqual(len(got), 40000)
        self.assertEqual(len(set(got)), 40000)

    def test_texts_of_every_length_and_nulls_in_one_chunk(self):
        # Results longer than 12 bytes share one block of DuckDB's string heap per chunk, sized
        # at the first one's length: later, longer ones must still come out whole. The
        # expectation is the engine's own upper() (normalizing a code in mixed case).
        rows = self.e.rows(
            "SELECT c, polyid_normalize_code(c), upper(c) FROM (WITH RECURSIVE r(i) AS "
            "(SELECT 0 UNION ALL SELECT i + 1 FROM r WHERE i < 4999) SELECT CASE WHEN i % 7 = 3 "
            "THEN NULL ELSE 'e.' || substr('abcdefghijklmnop', 1, (i * 7) % 16 + 1) || '.' "
            "|| substr('qrstuvwxyz012345', 1, (i * 3) % 16 + 1) || '.' || substr('00' || (i % 999 + 1), -3) "
            "END AS c FROM r) t")
        self.assertEqual(len(rows), 5000)
        for code, got, want in rows:
            self.assertEqual(got, want, code)
        self.assertEqual(sum(1 for r in rows if r[0] is None), 714)

    def test_order_past_two_to_the_63(self):
        # uid11/xid values are unsigned 64-bit. Their text (fixed 11 symbols) sorts as the value
        # in both engines; DuckDB's UBIGINT too; SQLite's signed INTEGER puts the top half first.
        e = self.e
        values = [0, 1, (1 << 63) - 1, 1 << 63, (1 << 64) - 2, (1 << 64) - 1]
        e.row("CREATE TABLE u (t TEXT)")
        for v in reversed(values):
            e.row(f"INSERT INTO u SELECT polyid_uid11_encode({engines.cast_uint(e)})", [e.uint(v)])
        by_text = [e.to_uint(r[0]) for r in e.rows("SELECT polyid_uid11_decode(t) FROM u ORDER BY t")]
        self.assertEqual(by_text, values)
        by_int = [e.to_uint(r[0]) for r in e.rows(
            "SELECT polyid_uid11_decode(t) AS v FROM u ORDER BY v")]
        if KIND == "duckdb":
            self.assertEqual(by_int, values)
        else:
            self.assertEqual(by_int, values[3:] + values[:3])
        e.row("DROP TABLE u")

    def test_value_generators_share_the_text_ones_generators(self):
        # polyid_<family>_generate_value() gives what polyid_<family>_parse reads from the text
        # form, from the same generator: between two text IDs (monotonic), a value sorts
        # between them (an EUID's bytes compare as its value).
        e = self.e
        for fam, key, arg in [("xid", e.to_uint, engines.cast_uint(e)), ("tid", int, "?"), ("euid", bytes, "?")]:
            r = e.row(f"SELECT polyid_{fam}_generate(), polyid_{fam}_generate_value(), polyid_{fam}_generate()")
            if KIND == "duckdb":
                # DuckDB may evaluate the three calls of one row in any order: one per query.
                r = [e.row(f"SELECT polyid_{fam}_generate()")[0], e.row(f"SELECT polyid_{fam}_generate_value()")[0],
                     e.row(f"SELECT polyid_{fam}_generate()")[0]]
            first, value, last = key(e.row(f"SELECT polyid_{fam}_parse(?)", [r[0]])[0]), key(r[1]), \
                key(e.row(f"SELECT polyid_{fam}_parse(?)", [r[2]])[0])
            self.assertTrue(first < value < last, (fam, r))
            text = e.row(f"SELECT polyid_{fam}_format({arg})", [r[1]])[0]
            self.assertEqual(key(e.row(f"SELECT polyid_{fam}_parse(?)", [text])[0]), value)
        for fam, key in [("xid", e.to_uint), ("euid", bytes)]:
            values = [key(r[0]) for r in e.rows(
                f"SELECT polyid_{fam}_generate_value() FROM (WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL "
                "SELECT i + 1 FROM r WHERE i < 3000) SELECT i FROM r)")]
            self.assertEqual(len(set(values)), 3000)
            if KIND != "duckdb":
                self.assertEqual(values, sorted(values), f"{fam}: monotonic within a connection")

    @unittest.skipUnless(KIND == "duckdb", "DuckDB runs one query on many threads")
    def test_ten_million_ids_from_one_parallel_query(self):
        for fn in ["polyid_xid_generate", "polyid_tid_generate", "polyid_euid_generate",
                   "polyid_xid_generate_value", "polyid_tid_generate_value", "polyid_euid_generate_value"]:
            n, distinct = self.e.row(f"SELECT count(*), count(DISTINCT {fn}()) FROM range(10000000)")
            self.assertEqual((n, distinct), (10_000_000, 10_000_000), fn)

    def test_polyid_node_is_honoured(self):
        env = {k: v for k, v in os.environ.items() if not k.startswith("POLYID_NODE")}
        env["POLYID_NODE"] = "5"
        script = (f"import sys; sys.path.insert(0, {os.path.dirname(os.path.abspath(__file__))!r}); "
                  "import engines, json; e = engines.open_engine(sys.argv[1]); "
                  "x = e.row('SELECT polyid_xid_random(polyid_xid_generate())')[0]; "
                  "t = e.row('SELECT polyid_tid_clock_id(polyid_tid_generate())')[0]; "
                  "v = e.row('SELECT polyid_xid_generate_value()')[0]; "
                  "w = e.row('SELECT polyid_tid_clock_id(polyid_tid_format(polyid_tid_generate_value()))')[0]; "
                  "print(json.dumps([x >> 12 & 1023, t, v >> 12 & 1023, w]))")
        out = subprocess.run([sys.executable, "-c", script, KIND], env=env, capture_output=True,
                             text=True, timeout=120)
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertEqual(json.loads(out.stdout), [5, 37, 5, 37])
        env["POLYID_NODE"] = "960"
        script = script.replace("print(json.dumps([x >> 12 & 1023, t, v >> 12 & 1023, w]))", "")
        out = subprocess.run([sys.executable, "-c", script, KIND], env=env, capture_output=True,
                             text=True, timeout=120)
        self.assertNotEqual(out.returncode, 0)
        self.assertIn("OUT_OF_RANGE: polyid_xid_generate()", out.stderr)


if __name__ == "__main__":
    unittest.main()
