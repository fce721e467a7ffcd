"""SQL engines with polyid loaded, for the tests and the matrix adapters.

Each engine runs one SQL statement with parameters and returns the first row, or raises
`SqlError` with the engine's message. The vectors of tests/vectors that an SQL function
covers become queries here (`vector_query`), one family at a time; the others are skipped
with the reason.
"""

import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SQL_OUT = os.path.join(ROOT, "target", "sql")
SQLITE_LIB = os.path.join(SQL_OUT, "polyid_sqlite.so")
DUCKDB_EXT = os.path.join(SQL_OUT, "polyid.duckdb_extension")
CODE = re.compile(r"\b([A-Z][A-Z0-9_]+): polyid_")


class SqlError(Exception):
    """An SQL error; `.code` is the polyid code its message starts with, if any."""

    def __init__(self, message):
        super().__init__(message)
        m = CODE.search(message)
        self.code = m.group(1) if m else None


def core_message(text):
    """The core's message in an engine's error text, `[engine prefix]CODE: polyid_f(args):
    message` (docs/sql.md). The arguments are skipped as a call's: a quoted one may hold any
    character, a backslash escaping the next. A text of another shape is given whole (its
    first line), so that the matrix finds it differs rather than leaving it uncompared."""
    whole = text.split("\n")[0]
    m = CODE.search(text)
    if not m:
        return whole
    start = text.find("(", m.end())
    depth, quoted, escaped = 0, False, False
    for k in range(start, len(text)):
        c = text[k]
        if quoted:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                quoted = False
        elif c == '"':
            quoted = True
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                rest = text[k + 1:]
                return rest[2:].split("\n")[0] if rest.startswith(": ") else whole
    return whole


class Sqlite:
    """The sqlite3 module of this Python (it must allow extensions: Debian's python3 does)."""

    name = "sqlite"

    def __init__(self, path=SQLITE_LIB):
        import sqlite3
        self.db = sqlite3.connect(":memory:")
        self.db.enable_load_extension(True)
        # The entry point follows from the file name (polyid_sqlite.so: sqlite3_polyidsqlite_init).
        self.db.load_extension(path)
        self.db.enable_load_extension(False)
        self.version = sqlite3.sqlite_version
        self.error = sqlite3.Error

    def row(self, sql, params=()):
        try:
            return self.db.execute(sql, params).fetchone()
        except self.error as e:
            raise SqlError(str(e)) from None

    def rows(self, sql, params=()):
        try:
            return self.db.execute(sql, params).fetchall()
        except self.error as e:
            raise SqlError(str(e)) from None

    def hex(self, expr):
        """The SQL of `expr`'s bytes as hex text."""
        return f"hex({expr})"

    def each(self, texts):
        """(SQL of a table of `texts`: position `i`, text `t`; its parameters)."""
        return "SELECT key AS i, value AS t FROM json_each(?)", [json.dumps(texts)]

    def uint(self, v):
        """An unsigned 64-bit value as SQLite holds it (its bits, as a signed integer)."""
        return v - (1 << 64) if v >= 1 << 63 else v

    def to_uint(self, v):
        return v + (1 << 64) if v < 0 else v


class Apsw(Sqlite):
    """apsw from PyPI, with the recent SQLite it bundles."""

    name = "sqlite-apsw"

    def __init__(self, path=SQLITE_LIB):
        import apsw
        self.db = apsw.Connection(":memory:")
        self.db.enable_load_extension(True)
        self.db.load_extension(path)
        self.version = apsw.sqlite_lib_version()
        self.error = apsw.Error

    def row(self, sql, params=()):
        try:
            return next(iter(self.db.execute(sql, params)), None)
        except self.error as e:
            raise SqlError(str(e)) from None

    def rows(self, sql, params=()):
        try:
            return list(self.db.execute(sql, params))
        except self.error as e:
            raise SqlError(str(e)) from None


class Duck:
    """duckdb from PyPI (unsigned extensions allowed)."""

    name = "duckdb"

    def __init__(self, path=DUCKDB_EXT):
        import duckdb
        self.duckdb = duckdb
        self.db = duckdb.connect(config={"allow_unsigned_extensions": "true"})
        self.db.execute(f"LOAD '{path}'")
        self.version = duckdb.__version__

    def row(self, sql, params=()):
        return (self.rows(sql, params) or [None])[0]

    def rows(self, sql, params=()):
        try:
            return self.db.execute(sql, list(params)).fetchall()
        except self.duckdb.Error as e:
            raise SqlError(str(e)) from None

    def hex(self, expr):
        return f"hex({expr})"

    def each(self, texts):
        return ("SELECT generate_subscripts(l, 1) AS i, unnest(l) AS t "
                "FROM (SELECT ?::VARCHAR[] AS l) AS list"), [list(texts)]

    def uint(self, v):
        return v

    def to_uint(self, v):
        return v


def cast_uint(engine):
    return "CAST(? AS UBIGINT)" if engine.name == "duckdb" else "?"


def vector_query(engine, family, case):
    """(output, or an error code) of one vector case, or None when no SQL function covers
    it. Only the fields an SQL function gives are compared (the caller is told which)."""
    op, inp = case["op"], case.get("input", {})
    if op in getattr(engine, "missing_ops", ()):
        return None  # an engine without the function (the PostgreSQL pure-SQL tier: EXTUUID)
    if getattr(engine, "text_without_nul", False) and any(
            isinstance(v, str) and "\0" in v for v in inp.values()):
        return None  # PostgreSQL's text cannot hold the NUL character: no SQL input has one
    if set(inp) - {"code", "namespace", "value", "text", "uuid", "hex", "checkmod", "unix_ms",
                   "random", "micros", "clock_id", "extension", "padding"}:
        return None  # named sequences, profiles, options: no SQL form
    e = engine
    if op == "compact_id":
        return e.row("SELECT polyid_compact_id(?)", [inp["code"]])[0]
    if op == "normalize_code":
        return e.row("SELECT polyid_normalize_code(?)", [inp["code"]])[0]
    if op == "namespace_hash":
        return e.row("SELECT polyid_namespace_hash(?)", [inp["namespace"]])[0]
    if op == "full_id":
        return e.row("SELECT polyid_full_id(?, ?)", [inp["namespace"], inp["code"]])[0]
    if op == "uid11_encode":
        v = int(inp["value"])
        if not 0 <= v < 1 << 64:
            return None  # out of the SQL type's range: the engine refuses it itself
        return e.row(f"SELECT polyid_uid11_encode({cast_uint(e)})", [e.uint(v)])[0]
    if op == "uid11_decode":
        return str(e.to_uint(e.row("SELECT polyid_uid11_decode(?)", [inp["text"]])[0]))
    if op == "xid_parse":
        r = e.row("SELECT polyid_xid_format(polyid_xid_parse(?)), polyid_xid_parse(?), "
                  "polyid_xid_unix_ms(?), polyid_xid_random(?)", [inp["text"]] * 4)
        return {"text": r[0], "value": str(e.to_uint(r[1])), "unix_ms": r[2], "random": r[3]}
    if op in ("xid_from_parts", "tid_from_parts"):
        fam, first, second = op[:3], *(("unix_ms", "random") if op[0] == "x" else ("micros", "clock_id"))
        parts = [int(inp[first]), int(inp[second])]
        if not all(-1 << 63 <= v < 1 << 63 for v in parts):
            return None  # out of the SQL integer's range: the engine refuses it itself
        r = e.row(f"SELECT polyid_{op}(?, ?), polyid_{fam}_format(polyid_{op}(?, ?))", parts * 2)
        return {"value": str(e.to_uint(r[0]) if fam == "xid" else r[0]), "text": r[1]}
    if op == "tid_parse":
        r = e.row("SELECT polyid_tid_format(polyid_tid_parse(?)), polyid_tid_parse(?), "
                  "polyid_tid_micros(?), polyid_tid_clock_id(?)", [inp["text"]] * 4)
        return {"text": r[0], "value": str(r[1]), "micros": str(r[2]), "clock_id": r[3]}
    if op == "euid_parse":
        r = e.row(f"SELECT {e.hex('polyid_euid_parse(?)')}, polyid_euid_format(polyid_euid_parse(?))",
                  [inp["text"]] * 2)
        return {"hex": r[0].lower(), "value": str(int(r[0], 16)), "text": r[1]}
    if op == "euid_from_parts":
        parts = [int(inp["unix_ms"]), inp["extension"], int(inp["padding"])]
        random = int(inp["random"])
        if not (all(v is None or -1 << 63 <= v < 1 << 63 for v in parts) and 0 <= random < 1 << 64):
            return None  # out of the SQL integer's range: the engine refuses it itself
        call = f"polyid_euid_from_parts(?, ?, ?, {cast_uint(e)})"
        args = parts + [e.uint(random)]
        r = e.row(f"SELECT {e.hex(call)}, polyid_euid_format({call})", args * 2)
        t = r[1]
        f = e.row("SELECT polyid_euid_unix_ms(?), polyid_euid_extension(?)", [t, t])
        return {"hex": r[0].lower(), "value": str(int(r[0], 16)), "text": t, "unix_ms": f[0],
                "extension": f[1]}
    if op == "euid_from_bytes":
        r = e.row("SELECT polyid_euid_format(?)", [bytes.fromhex(inp["hex"])])
        return {"text": r[0]}
    if op == "euid_encode":
        if not inp.get("checkmod", True) or not 0 <= int(inp["value"]) < 1 << 128:
            return None
        return e.row("SELECT polyid_euid_format(?)", [int(inp["value"]).to_bytes(16, "big")])[0]
    if op == "extuuid_encode":
        r = e.row("SELECT polyid_extuuid_encode(?), polyid_extuuid_decode(polyid_extuuid_encode(?))",
                  [inp["text"]] * 2)
        return {"uuid": r[0], "text": r[1]}
    if op == "extuuid_decode":
        return {"text": e.row("SELECT polyid_extuuid_decode(?)", [inp["uuid"]])[0]}
    return None


def compare(want, got):
    """Whether `got` (the SQL fields) agrees with the expected output: every field SQL gives
    equals the expected one."""
    if isinstance(want, dict) and isinstance(got, dict):
        return all(k in want and want[k] == v for k, v in got.items())
    return want == got


def vector_cases(vectors_dir):
    """Yields (family, case) for every case of every vectors file."""
    for name in sorted(os.listdir(vectors_dir)):
        if not name.endswith(".json"):
            continue
        with open(os.path.join(vectors_dir, name), encoding="utf-8") as f:
            doc = json.load(f)
        for case in doc["cases"]:
            yield doc["family"], case


def count_vectors(engine, vectors_dir):
    """({"pass": n, "fail": n, "skip": n}, [the failed lines]) of run_vectors."""
    counts = {"pass": 0, "fail": 0, "skip": 0}
    failures = []
    for line in run_vectors(engine, vectors_dir):
        counts[line["status"]] += 1
        if line["status"] == "fail":
            failures.append(line)
    return counts, failures


def run_vectors(engine, vectors_dir):
    """Yields one matrix line per case (docs: tests/matrix/PROTOCOL.md)."""
    for family, case in vector_cases(vectors_dir):
        key = f"{family}/{case['name']}"
        line = {"case": key, "op": case["op"]}
        try:
            got = vector_query(engine, family, case)
            if got is None:
                line.update(status="skip", reason="no SQL function covers this op or input")
            elif "error" in case:
                line.update(status="fail", expected=case["error"], got=got)
            else:
                ok = compare(case["output"], got)
                line.update(status="pass" if ok else "fail")
                if not ok:
                    line.update(expected=case["output"], got=got)
        except SqlError as err:
            if "error" in case and err.code == case["error"]:
                line.update(status="pass", message=core_message(str(err)))
            else:
                line.update(status="fail", expected=case.get("error", case.get("output")),
                            got=str(err)[:300])
        yield line


def open_engine(kind, installed=False):
    """The engine `kind` with the extension of this checkout (target/sql), or with the one the
    installed polyid-rs package carries (`installed`: make dist-test)."""
    engine = {"sqlite": Sqlite, "sqlite-apsw": Apsw, "duckdb": Duck}[kind]
    if not installed:
        return engine()
    import polyid.duckdb
    import polyid.sqlite
    return engine(polyid.duckdb.path() if kind == "duckdb" else polyid.sqlite.path())


if __name__ == "__main__":
    # python3 engines.py KIND VECTORS_DIR [--installed]: the vector lines of one engine.
    engine = open_engine(sys.argv[1], installed="--installed" in sys.argv[3:])
    for line in run_vectors(engine, sys.argv[2]):
        print(json.dumps(line))
