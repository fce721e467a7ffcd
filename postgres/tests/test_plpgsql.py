"""polyid's functions in PostgreSQL, as both tiers declare them (the pure-SQL file
postgres/polyid--plpgsql.sql, and the native extension's functions of the same names and
types): the shared vectors as queries, the function set against the SQLite/DuckDB table,
NULLs, errors (code, SQLSTATE, bounded message), volatility (generated columns, expression
indexes), unsigned values past 2^63, generators (monotonic in a session, unique across
connections). The native extension's own types and guarantees: test_native.py.

    POLYID_PG_ENGINE=server|pglite|native python3 -m unittest postgres/tests/test_plpgsql.py

`server` starts a throwaway cluster of Debian's PostgreSQL under target/pg (cluster.py) and
stops it at the end, and loads the pure-SQL file; `native` does the same with the extension
(`make pg-install` first); `pglite` runs the pure-SQL file in PGlite in Node
(postgres/pglite, `npm ci` first).
"""

import concurrent.futures
import datetime as dt
import os
import re
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pg_engines  # noqa: E402  (puts sql/tests on the path)
import cluster  # noqa: E402
import engines  # noqa: E402

KIND = os.environ.get("POLYID_PG_ENGINE", "server")
VECTORS = os.path.join(engines.ROOT, "tests", "vectors")
FUNCTIONS_RS = os.path.join(engines.ROOT, "sql", "functions", "src", "lib.rs")
UTC = dt.timezone.utc
PG = None
# The pure-SQL tier's functions that are inlined SQL expressions (not STRICT, see
# test_the_function_set_is_the_sql_extensions).
PURE_INLINED = frozenset({
    "polyid_compact_id", "polyid_normalize_code", "polyid_validate_code", "polyid_namespace_hash",
    "polyid_full_id", "polyid_uid11_encode", "polyid_uid11_decode", "polyid_xid_parse", "polyid_xid_format",
    "polyid_xid_from_parts", "polyid_xid_unix_ms", "polyid_xid_random", "polyid_xid_timestamp", "polyid_tid_parse",
    "polyid_tid_format", "polyid_tid_from_parts", "polyid_tid_micros", "polyid_tid_clock_id", "polyid_tid_timestamp",
    "polyid_euid_parse", "polyid_euid_format", "polyid_euid_unix_ms", "polyid_euid_timestamp",
    "polyid_euid_extension"})


def setUpModule():
    global PG
    if KIND in ("server", "native"):
        PG = cluster.Cluster("test")
        PG.start()
        unittest.addModuleCleanup(PG.stop)


def open_engine():
    if KIND == "native":
        return pg_engines.PgNative(PG)
    return pg_engines.PgServer(PG) if KIND == "server" else pg_engines.PgLite()


def failure(engine, sql, params=()):
    """(polyid code, SQLSTATE, message) of a query that must fail."""
    try:
        engine.row(sql, params)
    except pg_engines.PgError as e:
        return e.code, e.sqlstate, str(e)
    raise AssertionError(f"{sql} did not fail")


def first_message(engine, family, case):
    """The first line of the error message of a vector case's query, or None when the case is
    not covered or does not fail."""
    try:
        engines.vector_query(engine, family, case)
    except engines.SqlError as e:
        return str(e).split("\n")[0]
    return None


class PlPgSql(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.e = open_engine()

    @classmethod
    def tearDownClass(cls):
        cls.e.close()

    def test_vectors(self):
        counts, failures = engines.count_vectors(self.e, VECTORS)
        print(f"\n{KIND} {self.e.version.split(' on ')[0]}: vectors {counts['pass']} passed, "
              f"{counts['fail']} failed, {counts['skip']} not covered by an SQL function",
              file=sys.stderr)
        self.assertEqual(failures[:5], [])
        self.assertGreater(counts["pass"], 350)

    def test_the_function_set_is_the_sql_extensions(self):
        """The pure-SQL tier: the table less EXTUUID, nothing else public. The native tier: the
        whole table (and its own typed functions beside it, test_native.py)."""
        with open(FUNCTIONS_RS, encoding="utf-8") as f:
            table = set(re.findall(r'name: "(polyid_[a-z0-9_]+)"', f.read()))
        self.assertEqual(len(table), 33)
        # The counts docs/sql.md gives for each tier.
        with open(os.path.join(engines.ROOT, "docs", "sql.md"), encoding="utf-8") as f:
            doc = f.read()
        self.assertIn(f"({len(table)} in all)", doc)
        self.assertIn(f"is here ({len(table - set(pg_engines.MISSING_FUNCTIONS))} functions)", doc)
        got = {r[0]: r[1:] for r in self.e.rows(
            "SELECT proname, provolatile, proparallel, proisstrict FROM pg_proc "
            "WHERE proname LIKE 'polyid\\_%' AND proname NOT LIKE 'polyid\\_\\_%' "
            "AND prorettype IN ('text'::regtype, 'bigint'::regtype, 'bytea'::regtype, 'timestamptz'::regtype) "
            "AND NOT proargtypes::oid[] && ARRAY['polyid_uid11', 'polyid_xid', 'polyid_tid', "
            "'polyid_euid']::text[]::regtype[]::oid[]" if KIND == "native" else
            "SELECT proname, provolatile, proparallel, proisstrict FROM pg_proc "
            "WHERE proname LIKE 'polyid\\_%' AND proname NOT LIKE 'polyid\\_\\_%'")}
        want = table if KIND == "native" else table - set(pg_engines.MISSING_FUNCTIONS)
        self.assertEqual(set(got) & table, want)
        if KIND != "native":
            self.assertEqual(set(got), want)
        for name, (volatile, parallel, strict) in got.items():
            if name.endswith(("_generate", "_generate_value")):
                self.assertEqual((volatile, parallel), ("v", "u"), name)
            else:
                # The pure-SQL tier's parse and format functions are single expressions that
                # the planner inlines, which it does only for a function not declared STRICT
                # when the expression has a CASE; they still give NULL for NULL
                # (test_null_in_null_out).
                inlined = KIND != "native" and name in PURE_INLINED
                # A NULL extension is an EUID without one: not STRICT in either tier.
                strict_ = not inlined and name != "polyid_euid_from_parts"
                self.assertEqual((volatile, parallel, strict), ("i", "s", strict_), name)

    def test_field_lengths_at_the_limit(self):
        # Component and primary of 1 to 17 letters, in mixed case (§1.1: at most 16): the
        # pure-SQL tier checks the limit apart from its pattern, for codes of 24 bytes and more.
        e = self.e
        for comp in (1, 7, 15, 16, 17):
            for prim in (1, 7, 15, 16, 17):
                code = "e." + ("Ab" * 9)[:comp] + "." + ("Cd" * 9)[:prim] + ".042"
                if comp <= 16 and prim <= 16:
                    self.assertEqual(e.row("SELECT polyid_validate_code(?), polyid_normalize_code(?)",
                                           [code, code]), (None, code.upper()), code)
                else:
                    want = "INVALID_COMPONENT" if comp > 16 else "INVALID_PRIMARY"
                    self.assertEqual(e.row("SELECT polyid_validate_code(?)", [code])[0], want, code)
                    self.assertEqual(failure(e, "SELECT polyid_normalize_code(?)", [code])[0], want, code)

    def test_spec_values(self):
        e = self.e
        self.assertEqual(e.row("SELECT polyid_compact_id('E.AUTH.TOKEN.001')")[0], "V6a0B")
        self.assertEqual(e.row("SELECT polyid_full_id('auth_lib', 'E.Auth.Token.001')")[0],
                         "05o5h-V6a0B")
        self.assertEqual(e.row("SELECT polyid_normalize_code(?)", ["  E.Auth.Token.MISSING\t"])[0],
                         "E.AUTH.TOKEN.001")
        self.assertEqual(e.row("SELECT polyid_tid_micros('3kxn-lhr-3gxq-23')")[0], 1721407246480310)
        self.assertEqual(e.row("SELECT polyid_tid_clock_id('3jzfcijpj2z2a')")[0], 6)
        self.assertEqual(e.row("SELECT polyid_uid11_encode(57)")[0], "1111111111z")
        self.assertEqual(e.row("SELECT polyid_euid_extension('C8EE934SR007G5Q94QKKXFRFV8B')")[0], 7)
        self.assertEqual(e.row("SELECT polyid_euid_unix_ms('1HF7YAT0000000938NKRKAYDXZT'), "
                               "polyid_euid_extension('1HF7YAT0000000938NKRKAYDXZT'), "
                               "polyid_euid_extension('1HF7YAT0000020938NKRKAYDXZW')"),
                         (1700000000000, None, 0))
        self.assertEqual(e.row("SELECT polyid_xid_unix_ms('1113M2EhCbG'), polyid_xid_random('1113M2EhCbG')"),
                         (1321009871111 + 1234567, 0x3FFFFF))

    def test_timestamps(self):
        e = self.e
        self.assertEqual(e.row("SELECT polyid_tid_timestamp('3jzfcijpj2z2a')")[0],
                         dt.datetime(2023, 6, 30, 15, 3, 1, 887007, tzinfo=UTC))
        self.assertEqual(e.row("SELECT polyid_xid_timestamp('11111111111')")[0],
                         dt.datetime(2011, 11, 11, 11, 11, 11, 111000, tzinfo=UTC))
        self.assertEqual(e.row("SELECT polyid_xid_timestamp('jpXCZedGfVQ')")[0],
                         dt.datetime(2151, 3, 25, 18, 46, 22, 214000, tzinfo=UTC))
        # The extremes of the TID range (docs/spec §3.1), to the microsecond.
        self.assertEqual(e.row("SELECT polyid_tid_timestamp('bzzzzzzzzzzzz')")[0],
                         dt.datetime(2255, 6, 5, 23, 47, 34, 740991, tzinfo=UTC))
        self.assertEqual(e.row("SELECT polyid_tid_timestamp('s222222222322')")[0].isoformat(),
                         "1684-07-28T00:12:25.259009+00:00")
        self.assertEqual(e.row("SELECT polyid_euid_timestamp('1HF7YAT0000000938NKRKAYDXZT')")[0],
                         dt.datetime(2023, 11, 14, 22, 13, 20, tzinfo=UTC))

    def test_null_in_null_out(self):
        for name, nargs in self.e.rows(
                "SELECT proname, pronargs FROM pg_proc WHERE proname LIKE 'polyid\\_%' "
                "AND proname NOT LIKE 'polyid\\_\\_%' AND pronargs > 0 "
                "AND NOT proargtypes::oid[] && ARRAY['internal'::regtype, 'cstring'::regtype]::oid[]"):
            args = ", ".join(["NULL"] * nargs)
            self.assertIsNone(self.e.row(f"SELECT {name}({args})")[0], name)
        self.assertIsNone(self.e.row("SELECT polyid_full_id('auth_lib', NULL)")[0])
        # An EUID's extension is the one argument whose NULL means "none", not a NULL result.
        for args in ("NULL, 255, 0, 1", "1700000000000, 255, NULL, 1", "1700000000000, 255, 0, NULL"):
            self.assertIsNone(self.e.row(f"SELECT polyid_euid_from_parts({args})")[0], args)
        for ext, text in [("NULL", "1HF7YAT0000000938NKRKAYDXZT"), ("255", "1HF7YAT0007ZG0938NKRKAYDXXB")]:
            got = self.e.row("SELECT polyid_euid_format(polyid_euid_from_parts(1700000000000, "
                             f"{ext}, 0, 81985529216486895))")[0]
            self.assertEqual(got, text, ext)  # docs/spec §4
        rows = self.e.rows("SELECT polyid_compact_id(c) FROM (VALUES ('E.A.B.001'), (NULL), "
                           "('W.X.Y.002')) t(c) ORDER BY 1 NULLS FIRST")
        self.assertEqual([r[0] for r in rows], [None, "1t8uH", "l3i4I"])

    def test_errors_name_the_code_and_the_input(self):
        e = self.e
        code, state, message = failure(e, "SELECT polyid_compact_id('E.A.B.000')")
        self.assertEqual((code, state), ("INVALID_SEQUENCE", "22P02"))
        self.assertTrue(message.startswith(
            'INVALID_SEQUENCE: polyid_compact_id("E.A.B.000"): WDP sequence: 000 is reserved'), message)
        self.assertEqual(e.row("SELECT polyid_validate_code('Q.A.B.001')")[0], "INVALID_SEVERITY")
        self.assertIsNone(e.row("SELECT polyid_validate_code('E.A.B.001')")[0])
        self.assertEqual(e.row("SELECT polyid_validate_code('E.A.B.NOPE')")[0], "UNKNOWN_NAMED_SEQUENCE")
        # A 1 MB argument: refused with a bounded message.
        huge = "Q" * (1 << 20) + ".A.B.001"
        code, state, message = failure(e, "SELECT polyid_compact_id(?)", [huge])
        self.assertEqual((code, state), ("INVALID_SEVERITY", "22P02"))
        self.assertLess(len(message), 400)
        self.assertIn(f"({len(huge)} bytes)", message)
        code, _, message = failure(e, "SELECT polyid_tid_parse(?)", ["2" * (1 << 20)])
        self.assertEqual(code, "INVALID_LENGTH")
        self.assertLess(len(message), 400)
        # A control character cannot start a line of the message.
        code, _, message = failure(e, "SELECT polyid_compact_id(?)", ["W\nerror[OK]: forged.A.B.001"])
        self.assertEqual(code, "INVALID_SEVERITY")
        self.assertNotIn("\n", message)
        for sql, params, want in [
                ("SELECT polyid_tid_parse('x')", [], ("INVALID_LENGTH", "22P02")),
                ("SELECT polyid_tid_parse('3kxn-lhr-3gxq_23')", [], ("INVALID_CHARACTER", "22P02")),
                ("SELECT polyid_uid11_decode('jpXCZedGfVR')", [], ("OVERFLOW", "22P02")),
                ("SELECT polyid_xid_parse('jpXCZedGfV0')", [], ("INVALID_CHARACTER", "22P02")),
                ("SELECT polyid_euid_parse('C8ZM14GR4JXG0MQXVY18S8TJNA7')", [], ("INVALID_CHECKMOD", "22P02")),
                ("SELECT polyid_euid_format(?)", [b"\x01\x02"], ("INVALID_LENGTH", "22023")),
                ("SELECT polyid_tid_format(-9223372036854775808)", [], ("OUT_OF_RANGE", "22023")),
                ("SELECT polyid_full_id('Auth', 'E.A.B.001')", [], ("INVALID_NAMESPACE", "22P02")),
                ("SELECT polyid_namespace_hash('aé')", [], ("NON_ASCII", "22P02"))]:
            code, state, message = failure(e, sql, params)
            self.assertEqual((code, state), want, message)
        _, _, message = failure(e, "SELECT polyid_euid_parse('C8ZM14GR4JXG0MQXVY18S8TJNA7')")
        self.assertIn("check value 71 does not match the value (expected 70)", message)

    @unittest.skipUnless(os.path.exists(engines.SQLITE_LIB) or os.environ.get("POLYID_PG_COMPARE_SQLITE"),
                         "the SQLite extension is not built (make sql-build)")
    def test_error_messages_are_the_sqlite_extensions(self):
        """Every error vector fails with the same message, byte for byte, as in the SQLite
        extension (the core's message): code, function, quoted arguments, reason."""
        lite = engines.Sqlite()
        compared = 0
        for family, case in engines.vector_cases(VECTORS):
            if "error" not in case:
                continue
            got = [first_message(e, family, case) for e in (lite, self.e)]
            if got[1] is None:
                continue  # not covered here
            compared += 1
            self.assertEqual(got[1], got[0], case["name"])
        self.assertGreater(compared, 150)

    @unittest.skipUnless(os.path.exists(engines.SQLITE_LIB) or os.environ.get("POLYID_PG_COMPARE_SQLITE"),
                         "the SQLite extension is not built (make sql-build)")
    def test_euids_from_parts_are_the_sqlite_extensions(self):
        # Every extension length (none, 1 to 15 bits), the padding at both ends of its range
        # and one past it, milliseconds whose shift reaches the sign bit or leave the range,
        # and random bits with the sign bit set: the 16 bytes, or the message, are SQLite's.
        def outcome(engine, args):
            try:
                call = engine.hex("polyid_euid_from_parts(?, ?, ?, ?)")
                return engine.row(f"SELECT {call}", args)[0].lower()
            except engines.SqlError as e:
                return str(e).split("\n")[0]

        lite = engines.Sqlite()
        compared = 0
        for ms in (0, 1700000000000, (1 << 44) - 1, 1 << 44, (1 << 45) - 1, 1 << 45, -1):
            for ext in [None, 0, 256, 16384] + [(1 << n) - 1 for n in range(1, 16)]:
                top = 32767 if ext is None else (1 << (15 - max(1, ext.bit_length()))) - 1
                for pad in (0, top, top + 1):
                    for rnd in (0, 1, -1, -(1 << 63)):
                        args = [ms, ext, pad, rnd]
                        self.assertEqual(outcome(self.e, args), outcome(lite, args), args)
                        compared += 1
        self.assertEqual(compared, 7 * 19 * 3 * 4)

    @unittest.skipUnless(os.path.exists(engines.SQLITE_LIB) or os.environ.get("POLYID_PG_COMPARE_SQLITE"),
                         "the SQLite extension is not built (make sql-build)")
    def test_hashes_of_every_length_are_the_sqlite_extensions(self):
        # Codes of every normalized length (9 to 39 bytes: components and primaries of 1 to
        # 16) and namespaces of 1 to 16 bytes reach each of xxh3's branches; the SQLite
        # extension computes them with the Rust core.
        lite = engines.Sqlite()
        letters = "QwErTyUiOpAsDfGhJkLzXcVbNm"
        queries = []
        for comp in range(1, 17):
            for prim in range(1, 17):
                code = (f"{'EWCIT'[comp % 5]}.{letters[comp:] + letters[:comp]}"[:2 + comp]
                        + "." + (letters[prim * 3 % 26:] + letters)[:prim] + f".{comp * 16 + prim:03d}")
                queries.append(("SELECT polyid_compact_id(?)", code))
        for size in range(1, 17):
            queries.append(("SELECT polyid_namespace_hash(?)", ("ns_" + "ab0c1d2e3f4g5h6i")[:size]))
        for sql, arg in queries:
            self.assertEqual(self.e.row(sql, [arg])[0], lite.row(sql, [arg])[0], arg)

    @unittest.skipUnless(os.path.exists(engines.SQLITE_LIB) or os.environ.get("POLYID_PG_COMPARE_SQLITE"),
                         "the SQLite extension is not built (make sql-build)")
    def test_named_sequences_and_white_space_are_the_sqlite_extensions(self):
        # Every standard name in three cases, after fields of 1 to 17 letters (the limit is
        # checked apart for longer fields), and names that are not standard: near misses,
        # digits and underscores, 32 and 33 characters, a reserved or short number; codes with
        # white space around them. Each function's value, or its error code, is the SQLite
        # extension's.
        lite = engines.Sqlite()
        names = ["MISSING", "MISMATCH", "INVALID", "OVERFLOW", "UNDERFLOW", "OUT_OF_BOUNDS",
                 "DUPLICATE", "DENIED", "UNSUPPORTED", "DEPRECATED", "UNINITIALIZED", "ALREADY_INIT",
                 "CLOSED", "CANCELLED", "IN_PROGRESS", "NOT_READY", "TIMEOUT", "STALE", "NOT_FOUND",
                 "ALREADY_EXISTS", "CONFLICT", "LOCKED", "CORRUPTED", "EXHAUSTED", "UNAVAILABLE",
                 "UNREACHABLE", "DISCONNECTED", "PARTIAL", "COMPLETE"]
        sequences = [v for n in names for v in (n, n.lower(), n[:1] + n[1:].lower())]
        sequences += ["MISSINGX", "MISSIN", "MISS_ING", "Missing2", "X" * 32, "X" * 33, "_MISSING",
                      "00", "000", "0001", "1ocked"]
        codes = []
        for i, seq in enumerate(sequences):
            comp, prim = (1, 7, 15, 16, 17)[i % 5], (16, 1, 17, 15, 7)[i // 5 % 5]
            codes.append("Ew"[i % 2] + "." + ("Ab" * 9)[:comp] + "." + ("Cd" * 9)[:prim] + "." + seq)
        codes += ["E.A.B." + n for n in names] + ["e.Auth.Token." + n.lower() for n in names]
        # White space around a code (each of the six characters trimmed, and others that are
        # not), inside it, around a reserved number, a named sequence, fields at the limit.
        for i, code in enumerate(["E.Auth.Token.001", "e.a.b.999", "E.A.B.000", "E.A.B.MISSING",
                                  "W." + "Ab" * 8 + "." + "Cd" * 8 + ".042", "W." + "Ab" * 8 + "A.B.042",
                                  "E.A.B. 001", "E .A.B.001", "E.A.B.01"]):
            for ws in (" ", "\t", "\n", "\x0b", "\x0c", "\r", " \t\r\n", "\xa0", "\u3000", "\x1c"):
                codes += [ws + code, code + ws, ws + code + ws if i % 2 else ws * 2 + code + ws * 3]
        codes += [" ", "\t\n", " E.A.B.001 x", "x E.A.B.001 "]

        def outcome(engine, sql, code):
            try:
                return engine.row(sql, [code])[0]
            except engines.SqlError as err:
                return err.code

        for code in codes:
            for sql in ("SELECT polyid_normalize_code(?)", "SELECT polyid_validate_code(?)",
                        "SELECT polyid_compact_id(?)"):
                self.assertEqual(outcome(self.e, sql, code), outcome(lite, sql, code), f"{sql} {code}")

    def test_generated_column_and_expression_index(self):
        e = self.e
        e.row("DROP TABLE IF EXISTS logs")
        e.row("CREATE TABLE logs (code text, cid text GENERATED ALWAYS AS (polyid_compact_id(code)) STORED)")
        e.row("INSERT INTO logs (code) SELECT 'E.AUTH.TOKEN.' || lpad(i::text, 3, '0') "
              "FROM generate_series(1, 999) i")
        e.row("INSERT INTO logs (code) VALUES ('W.DATABASE.CONNECTION.027')")
        self.assertEqual(e.rows("SELECT cid FROM logs WHERE code IN ('E.AUTH.TOKEN.001', "
                                "'W.DATABASE.CONNECTION.027') ORDER BY cid"), [("KF52S",), ("V6a0B",)])
        e.row("CREATE INDEX logs_tid ON logs (polyid_compact_id(code))")
        e.row("ANALYZE logs")
        plan = " ".join(r[0] for r in e.rows(
            "EXPLAIN SELECT code FROM logs WHERE polyid_compact_id(code) = 'V6a0B'"))
        self.assertIn("logs_tid", plan)
        self.assertEqual(e.rows("SELECT code FROM logs WHERE polyid_compact_id(code) = 'V6a0B'"),
                         [("E.AUTH.TOKEN.001",)])
        code, state, _ = failure(e, "CREATE INDEX bad ON logs ((polyid_tid_generate()))")
        self.assertEqual(state, "42P17")  # functions in index expression must be IMMUTABLE
        e.row("DROP TABLE logs")

    def test_unsigned_values_past_2_63(self):
        e = self.e
        values = [0, 1, (1 << 63) - 1, 1 << 63, (1 << 63) + 1, (1 << 64) - 2, (1 << 64) - 1]
        texts = [e.row("SELECT polyid_uid11_encode(?::bigint)", [e.uint(v)])[0] for v in values]
        self.assertEqual(texts[-1], "jpXCZedGfVQ")
        self.assertEqual(texts[0], "11111111111")
        self.assertEqual(texts, sorted(texts))  # text order is the unsigned order
        for v, t in zip(values, texts):
            self.assertEqual(e.to_uint(e.row("SELECT polyid_uid11_decode(?)", [t])[0]), v)
            self.assertEqual(e.row("SELECT polyid_xid_format(polyid_xid_parse(?))", [t])[0], t)
        e.row("DROP TABLE IF EXISTS u")
        e.row("CREATE TABLE u (v bigint)")
        for v in reversed(values):
            e.row("INSERT INTO u VALUES (?::bigint)", [e.uint(v)])
        # A bigint column sorts the top half first; the sign bit flipped restores the order.
        by_bigint = [e.to_uint(r[0]) for r in e.rows("SELECT v FROM u ORDER BY v")]
        self.assertEqual(by_bigint, values[3:] + values[:3])
        e.row("CREATE INDEX u_order ON u ((v # -9223372036854775808))")
        by_key = [e.to_uint(r[0]) for r in e.rows("SELECT v FROM u ORDER BY v # -9223372036854775808")]
        self.assertEqual(by_key, values)
        by_text = [e.to_uint(r[0]) for r in e.rows("SELECT v FROM u ORDER BY polyid_uid11_encode(v)")]
        self.assertEqual(by_text, values)
        e.row("DROP TABLE u")

    @unittest.skipIf(KIND == "native", "the pure-SQL tier's own functions")
    def test_inlined_ways_agree_with_the_plpgsql_ways(self):
        # 20,000 pseudo-random values of every bit width (md5 of the row number, shifted), and
        # the edges: the inlined expressions against the PL/pgSQL functions they stand in for.
        e = self.e
        values = ("SELECT (('x' || md5(i::text))::bit(64)::bigint) >> (i % 64) AS v, "
                  "decode(md5(i::text), 'hex') AS b FROM generate_series(1, 20000) i "
                  "UNION ALL SELECT unnest(ARRAY[0, 1, -1, 9223372036854775807, "
                  "-9223372036854775807 - 1 + 1024, -9223372036854774785]::bigint[]), "
                  "'\\x00000000000000000000000000000000'::bytea")
        differ = e.row(f"""SELECT count(*) FILTER (WHERE polyid_tid_format(v) <> polyid__tid_format_slow(v)),
                                  count(*) FILTER (WHERE polyid_tid_parse(polyid_tid_format(v)) <> v),
                                  count(*) FILTER (WHERE polyid_euid_format(b) <> polyid__euid_format_slow(b)),
                                  count(*) FILTER (WHERE polyid__euid_fast(polyid__euid_bytes(polyid_euid_format(b)))
                                                   <> polyid__euid_parse(polyid_euid_format(b), 'test')),
                                  count(*)
                           FROM ({values}) s WHERE v >> 10 <> -9007199254740992""")
        self.assertEqual(differ[:4], (0, 0, 0, 0))
        self.assertGreater(differ[4], 20000)

    @unittest.skipIf(KIND == "native", "the pure-SQL tier's own functions")
    def test_the_public_functions_are_inlined(self):
        # The planner inlines the public functions and their SQL helpers into the calling
        # query, so that over valid input the only polyid functions called as functions are
        # the PL/pgSQL readers and the hash. A helper that stopped inlining (a STABLE call in
        # its body, an expensive argument used twice) would run through the SQL-function
        # executor, many times slower, and be counted here (track_functions, this
        # transaction's counts).
        e = self.e
        e.row("DROP TABLE IF EXISTS inline_input")
        e.row("CREATE TABLE inline_input AS SELECT c, n, polyid_uid11_encode(n * 987654321) AS x, "
              "polyid_tid_format(n << 20) AS t, polyid_euid_format(decode(md5(n::text), 'hex')) AS u, "
              "decode(md5(n::text), 'hex') AS ub FROM generate_series(1::bigint, 30) n, "
              "unnest(ARRAY['E.Auth.Token.001', 'e.a.b.MISSING', ' E.AUTH.TOKEN.002 ']) c")
        e.row("BEGIN")
        try:
            e.row("SET LOCAL track_functions = 'all'")
            counts = e.row(
                "SELECT count(polyid_compact_id(c)), count(polyid_normalize_code(c)), "
                "count(polyid_validate_code(c)), count(polyid_full_id('ns_' || n, c)), "
                "count(polyid_namespace_hash('ns_' || n)), count(polyid_uid11_encode(n)), "
                "count(polyid_uid11_decode(x)), count(polyid_xid_parse(x)), count(polyid_xid_format(n)), "
                "count(polyid_xid_timestamp(x)), count(polyid_tid_parse(t)), count(polyid_tid_format(n)), "
                "count(polyid_tid_timestamp(t)), count(polyid_euid_parse(u)), "
                "count(polyid_euid_format(ub)), count(polyid_euid_timestamp(u)), "
                "count(polyid_euid_extension(u) IS NULL) FROM inline_input")
            called = {r[0] for r in e.rows("SELECT funcname FROM pg_stat_xact_user_functions WHERE calls > 0")}
        finally:
            e.row("COMMIT")
        self.assertEqual(counts[0], 90)
        self.assertEqual(called, {"polyid__hash_id", "polyid__uid11_fast", "polyid__tid_fast",
                                  "polyid__euid_fast", "polyid__euid_hi_fast", "polyid__euid_extension_fast"})
        e.row("DROP TABLE inline_input")

    @unittest.skipIf(KIND == "native", "the pure-SQL tier's own functions")
    def test_base62_of_a_hash(self):
        # §1.2: the low 40 bits, mod 62^5, as five base62 digits; written here digit by digit.
        alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

        def base62(h):
            v = (h & (2 ** 40 - 1)) % 62 ** 5
            return "".join(alphabet[v // 62 ** k % 62] for k in range(4, -1, -1))

        values = [0, 1, 61, 62, 62 ** 5 - 1, 62 ** 5, 2 ** 40 - 1, 2 ** 40, -1, -2 ** 63, 2 ** 63 - 1]
        state = 0x2545F4914F6CDD1D
        for _ in range(2000):
            state = (state * 6364136223846793005 + 1442695040888963407) % 2 ** 64
            values.append(state - 2 ** 64 if state >= 2 ** 63 else state)
        got = self.e.rows("SELECT polyid__base62(v) FROM unnest(?::text[]::bigint[]) WITH ORDINALITY AS t(v, i) "
                          "ORDER BY i", [[str(v) for v in values]])
        self.assertEqual([r[0] for r in got], [base62(v) for v in values])

    @unittest.skipIf(KIND == "native", "the pure-SQL tier's own functions")
    def test_the_fast_euid_reader_reads_what_the_exact_one_reads(self):
        # Every symbol of 40 EUIDs, and of 20 without a check (check symbols reading 127),
        # replaced by each byte that borders the alphabet's ranges, the aliases, lowercase, a
        # backslash, a space and non-ASCII text: each fast reader (the value, its high half,
        # its extension) gives the exact reader's value, or NULL where the exact one raises.
        e = self.e
        e.row("""CREATE OR REPLACE FUNCTION pg_temp.euid_or_null(t text) RETURNS bytea
                 LANGUAGE plpgsql AS $$
                 BEGIN RETURN polyid__euid_parse(t, 'test');
                 EXCEPTION WHEN invalid_text_representation THEN RETURN NULL; END $$""")
        alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
        texts = [r[0] for r in e.rows("SELECT polyid_euid_format(decode(md5(i::text), 'hex')) "
                                      "FROM generate_series(1, 60) i")]
        # Symbol 26 keeps its top three bits (the value's last three) and gets 11 below them,
        # symbol 27 is 31: the check 127, none.
        texts[40:] = [t[:25] + alphabet[alphabet.index(t[25]) | 3] + "Z" for t in texts[40:]]
        swaps = ["/", "0", "9", ":", "@", "A", "H", "I", "i", "J", "L", "l", "O", "o", "U", "u",
                 "V", "Z", "[", "`", "a", "z", "{", "\\", " ", "\u00e9", "\u20ac", "\x7f"]
        counts = e.row("""SELECT count(*) FILTER (WHERE polyid__euid_fast(b) IS DISTINCT FROM x),
                                 count(*) FILTER (WHERE polyid__euid_hi_fast(b) IS DISTINCT FROM
                                                  ('x' || encode(substr(x, 1, 8), 'hex'))::bit(64)::bigint),
                                 count(*) FILTER (WHERE (polyid__euid_extension_fast(b) IS NULL) <> (x IS NULL)),
                                 count(*) FILTER (WHERE x IS NOT NULL), count(*) FILTER (WHERE x IS NULL), count(*)
                          FROM unnest(?::text[]) t, generate_series(1, 27) k, unnest(?::text[]) s,
                               LATERAL (SELECT overlay(t PLACING s FROM k FOR 1) AS m) y,
                               LATERAL (SELECT polyid__euid_bytes(m) AS b, pg_temp.euid_or_null(m) AS x) z""",
                       [texts, swaps])
        self.assertEqual(counts[:3], (0, 0, 0))
        # Valid: a swap that keeps the digit (the symbol, its lowercase, an alias), or a new
        # digit that the check still accepts (1 in 127, and every digit without a check); the
        # rest fail.
        self.assertGreater(counts[3], 300 + 20 * 25 * 14)
        self.assertGreater(counts[4], 25000)
        self.assertEqual(counts[5], 60 * 27 * len(swaps))
        # Whole texts in lowercase, with O for 0 and I and L for 1, read as in canonical form.
        same = e.row("""SELECT count(*) FILTER (WHERE polyid__euid_fast(polyid__euid_bytes(translate(lower(t), '01', 'oi')))
                                               IS DISTINCT FROM b),
                               count(*) FILTER (WHERE polyid__euid_fast(polyid__euid_bytes(translate(t, '01', 'OL')))
                                               IS DISTINCT FROM b)
                        FROM (SELECT b, polyid_euid_format(b) AS t
                              FROM (SELECT decode(md5(i::text), 'hex') AS b FROM generate_series(1, 500) i) r) v""")
        self.assertEqual(same, (0, 0))

    @unittest.skipIf(KIND == "native", "the pure-SQL tier's own functions")
    def test_the_xid_and_tid_readers_read_what_the_exact_parsers_read(self):
        # As above for uid11/xid and TID (plain and display forms), through the public parse
        # functions, which use the reader and fall back to the exact parser: each mutated text
        # gives the exact parser's value, or an error where the exact parser raises one.
        e = self.e
        swaps = ["/", "0", "1", "2", "7", "9", ":", "@", "A", "I", "l", "O", "Z", "[", "`", "a",
                 "b", "c", "r", "s", "t", "z", "{", "-", "\\", " ", "\u00e9", "\x7f"]
        families = [
            ("xid", "polyid_xid_parse(t)", "polyid__uid11_decode(t, 'xid', 'test')",
             "polyid_uid11_encode((('x' || md5(i::text))::bit(64)::bigint) >> (i % 64))", 11),
            ("tid", "polyid_tid_parse(t)", "polyid__tid_parse(t, 'test')",
             "polyid_tid_format((('x' || md5(i::text))::bit(64)::bigint) >> (i % 10))", 13),
            ("tid display", "polyid_tid_parse(t)", "polyid__tid_parse(t, 'test')",
             "regexp_replace(polyid_tid_format((('x' || md5(i::text))::bit(64)::bigint) >> (i % 10)),"
             " '(....)(...)(....)(..)', '\\1-\\2-\\3-\\4')", 16),
        ]
        for name, fast, exact, sample, length in families:
            with self.subTest(name):
                for fn, body in (("fast_or_null", fast), ("exact_or_null", exact)):
                    e.row(f"""CREATE OR REPLACE FUNCTION pg_temp.{fn}(t text) RETURNS bigint LANGUAGE plpgsql AS $$
                              BEGIN RETURN {body};
                              EXCEPTION WHEN invalid_text_representation OR invalid_parameter_value
                                  THEN RETURN NULL; END $$""")
                counts = e.row(f"""SELECT count(*) FILTER (WHERE pg_temp.fast_or_null(m)
                                                          IS DISTINCT FROM pg_temp.exact_or_null(m)),
                                          count(*) FILTER (WHERE pg_temp.exact_or_null(m) IS NOT NULL), count(*)
                                   FROM (SELECT {sample} AS t FROM generate_series(1, 40) i) v,
                                        generate_series(1, {length}) k, unnest(?::text[]) s,
                                        LATERAL (SELECT overlay(t PLACING s FROM k FOR 1) AS m) x""", [swaps])
                self.assertEqual(counts[0], 0)
                self.assertGreater(counts[1], 40 * length)  # the swaps that keep a symbol valid
                self.assertEqual(counts[2], 40 * length * len(swaps))

    def test_generators_increase_within_a_session(self):
        e = self.e
        second_of = {}
        for fam, parse in [("tid", "polyid_tid_parse(id)"), ("xid", "polyid_uid11_encode(polyid_xid_parse(id))"),
                           ("euid", "polyid_euid_format(polyid_euid_parse(id))")]:
            first = [r[0] for r in e.rows(f"SELECT polyid_{fam}_generate() FROM generate_series(1, 5000)")]
            second = [r[0] for r in e.rows(f"SELECT polyid_{fam}_generate() FROM generate_series(1, 5000)")]
            ids = first + second
            second_of[fam] = ids[-1]
            self.assertEqual(ids, sorted(set(ids)), fam)  # strictly increasing, as text
            # Every one reads back (the text is canonical).
            back = e.rows(f"SELECT {parse} FROM unnest(?::text[]) id", [ids[:50]])
            if fam != "tid":
                self.assertEqual([r[0] for r in back], ids[:50])
        tids = [r[0] for r in e.rows("SELECT polyid_tid_parse(polyid_tid_generate()) FROM generate_series(1, 1000)")]
        self.assertEqual(tids, sorted(set(tids)))
        # The value generators continue the same sequences: after the text IDs above, each
        # value is greater than the last text's, and they increase.
        for fam, last in [("tid", f"polyid_tid_parse('{second_of['tid']}')"),
                          ("xid", f"polyid_xid_parse('{second_of['xid']}') # -9223372036854775808"),
                          ("euid", f"polyid_euid_parse('{second_of['euid']}')")]:
            key = "v # -9223372036854775808" if fam == "xid" else "v"
            rows = e.rows(f"SELECT {key} > ({last}) FROM (SELECT polyid_{fam}_generate_value() v "
                          f"FROM generate_series(1, 500)) t")
            self.assertTrue(all(r[0] for r in rows), fam)
            values = [r[0] for r in e.rows(f"SELECT {key} FROM (SELECT polyid_{fam}_generate_value() v "
                                           f"FROM generate_series(1, 500)) t")]
            self.assertEqual(values, sorted(set(values)), fam)
        clock = e.row("SELECT polyid_tid_clock_id(polyid_tid_generate()), pg_backend_pid()")
        if KIND == "native":
            self.assertTrue(32 <= clock[0] < 32 + 960, clock)  # the node this backend claimed
        else:
            self.assertEqual(clock[0], 32 + clock[1] % 960)
        # Generated now: the timestamps are today's.
        now = dt.datetime.now(UTC)
        for fam in ("tid", "xid", "euid"):
            ts = e.row(f"SELECT polyid_{fam}_timestamp(polyid_{fam}_generate())")[0]
            self.assertLess(abs((ts - now).total_seconds()), 60, fam)

    @unittest.skipIf(KIND == "native", "the native generators keep their state in the backend "
                     "(the core's tests cover a clock behind them)")
    def test_generators_run_ahead_of_a_clock_behind_them_for_a_minute_at_most(self):
        e = self.e
        now_us = e.row("SELECT (extract(epoch FROM clock_timestamp()) * 1000000)::bigint")[0]
        # A session whose last TID is 10 s ahead (the clock stepped back): the next follows it.
        e.row("SELECT set_config('polyid.tid_last', ?, false)", [str(now_us + 10_000_000)])
        self.assertEqual(e.row("SELECT polyid_tid_micros(polyid_tid_generate())")[0], now_us + 10_000_001)
        # 2 minutes ahead: refused, and the state is kept.
        e.row("SELECT set_config('polyid.tid_last', ?, false)", [str(now_us + 120_000_000)])
        code, state, message = failure(e, "SELECT polyid_tid_generate()")
        self.assertEqual((code, state), ("CLOCK_BEHIND", "22023"), message)
        self.assertIn("more than the allowed lead of 60000000 us", message)
        self.assertEqual(e.row("SELECT current_setting('polyid.tid_last')")[0], str(now_us + 120_000_000))
        # The value generators share the state, and their errors name them.
        for fam in ("tid", "xid", "euid"):
            if fam != "tid":
                e.row(f"SELECT set_config('polyid.{fam}_last', ?, false)",
                      [str((now_us // 1000 + 120_000 - 1321009871111) << 16) if fam == "xid"
                       else f"{(now_us // 1000 + 120_000) << 19} 0"])
            code, state, message = failure(e, f"SELECT polyid_{fam}_generate_value()")
            self.assertEqual((code, state), ("CLOCK_BEHIND", "22023"), message)
            self.assertIn(f"polyid_{fam}_generate_value()", message)
        ms = now_us // 1000
        xid_pos = (ms + 120_000 - 1321009871111) << 16
        e.row("SELECT set_config('polyid.xid_last', ?, false)", [str(xid_pos)])
        self.assertEqual(failure(e, "SELECT polyid_xid_generate()")[0], "CLOCK_BEHIND")
        e.row("SELECT set_config('polyid.xid_last', ?, false)", [str(xid_pos - (90_000 << 16))])
        self.assertEqual(e.row("SELECT polyid_xid_unix_ms(polyid_xid_generate())")[0], ms + 30_000)
        hi = (ms + 120_000) << 19
        e.row("SELECT set_config('polyid.euid_last', ?, false)", [f"{hi} 0"])
        self.assertEqual(failure(e, "SELECT polyid_euid_generate()")[0], "CLOCK_BEHIND")
        # The high half spent: the next millisecond after the last one.
        hi = (ms + 5_000) << 19
        e.row("SELECT set_config('polyid.euid_last', ?, false)", [f"{hi} -1"])
        self.assertEqual(e.row("SELECT polyid_euid_unix_ms(polyid_euid_generate())")[0], ms + 5_001)
        for fam in ("tid", "xid", "euid"):
            e.row(f"RESET polyid.{fam}_last")

    @unittest.skipIf(KIND != "server", "the pure-SQL file on a server (PGlite has one role)")
    def test_a_role_without_privileges_loads_it_in_its_schema_and_again(self):
        # As on a managed server: no superuser, only a schema of one's own.
        self.e.row("DROP SCHEMA IF EXISTS app CASCADE")
        self.e.row("DROP ROLE IF EXISTS app")
        self.e.row("CREATE ROLE app LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE")
        self.e.row("CREATE SCHEMA app AUTHORIZATION app")
        psycopg = cluster.import_psycopg()
        with psycopg.connect(PG.dsn.replace("user=postgres", "user=app"), autocommit=True) as db:
            db.execute("SET search_path = app")
            with open(cluster.PLPGSQL_FILE, encoding="utf-8") as f:
                sql = f.read()
            db.execute(sql)
            db.execute(sql)  # loading again replaces the functions
            self.assertEqual(db.execute("SELECT polyid_compact_id('E.AUTH.TOKEN.001')").fetchone()[0], "V6a0B")
            # Called from a session whose search path does not name the schema: the inlined
            # functions' common cases, and the PL/pgSQL ways for the other inputs and errors.
            db.execute("SET search_path = pg_catalog")  # no schema that has the file
            self.assertEqual(db.execute("SELECT app.polyid_full_id('auth_lib', 'E.Auth.Token.001'), "
                                        "app.polyid_tid_micros(app.polyid_tid_format(1024))").fetchone(),
                             ("05o5h-V6a0B", 1))
            self.assertEqual(db.execute(
                "SELECT app.polyid_compact_id('E.Auth.Token.001'), app.polyid_compact_id(' e.auth.token.MISSING'), "
                "app.polyid_normalize_code('e.auth.token.001'), app.polyid_validate_code('E.A.B.000'), "
                "app.polyid_namespace_hash('auth_lib'), app.polyid_full_id('auth_lib', 'E.Auth.Token.MISSING'), "
                "app.polyid_xid_parse('11111111112'), app.polyid_tid_parse('2222222222222'), "
                "app.polyid_euid_unix_ms(app.polyid_euid_format(app.polyid_euid_parse('000000000000000000000000000')))"
            ).fetchone(), ("V6a0B", "V6a0B", "E.AUTH.TOKEN.001", "INVALID_SEQUENCE", "05o5h", "05o5h-V6a0B", 1, 0, 0))
            # The generators, which call the file's other functions by their schema: a text, a
            # value and a text, in that order.
            for fam in ("tid", "xid", "euid"):
                self.assertTrue(db.execute(
                    f"SELECT app.polyid_{fam}_parse(a) < v AND v < app.polyid_{fam}_parse(b) FROM (SELECT "
                    f"app.polyid_{fam}_generate() a, app.polyid_{fam}_generate_value() v, "
                    f"app.polyid_{fam}_generate() b) t").fetchone()[0], fam)
            for bad in ("SELECT app.polyid_compact_id('E.A.B.000')", "SELECT app.polyid_euid_parse('0')",
                        "SELECT app.polyid_xid_parse('0')", "SELECT app.polyid_tid_parse('0')"):
                with self.assertRaises(psycopg.errors.InvalidTextRepresentation, msg=bad):
                    db.execute(bad)
        self.e.row("DROP SCHEMA app CASCADE")
        self.e.row("DROP ROLE app")

    @unittest.skipIf(KIND == "pglite", "PGlite is one connection")
    def test_generators_unique_across_connections(self):
        # Connections whose xid lanes (backend pid mod 64) differ, as the guarantee states.
        conns, lanes = [], set()
        while len(conns) < 4:
            c = (pg_engines.PgNative if KIND == "native" else pg_engines.PgServer)(PG, load=False)
            lane = c.row("SELECT pg_backend_pid() % 64")[0]
            if lane in lanes:
                continue
            lanes.add(lane)
            conns.append(c)
        n = 25000

        def draw(c):
            return [r for r in c.rows(
                f"SELECT polyid_tid_generate(), polyid_xid_generate(), polyid_euid_generate() "
                f"FROM generate_series(1, {n})")]

        with concurrent.futures.ThreadPoolExecutor(len(conns)) as pool:
            results = list(pool.map(draw, conns))
        for i, fam in enumerate(("tid", "xid", "euid")):
            ids = [r[i] for rows in results for r in rows]
            self.assertEqual(len(ids), 4 * n)
            self.assertEqual(len(set(ids)), len(ids), f"{fam}: duplicates across connections")
        for c in conns:
            c.close()


if __name__ == "__main__":
    unittest.main()
