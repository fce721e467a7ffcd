"""PostgreSQL engines with polyid loaded, in the interface of sql/tests/engines.py (`row`,
`rows`, `uint`, `to_uint`, `hex`), so that the shared vectors run through the same queries as
in SQLite and DuckDB (both tiers declare the same functions with the same types):

    PgServer(cluster)   a server of cluster.py with the pure-SQL file, through psycopg (one
                        connection per engine)
    PgNative(cluster)   the same server with the native extension (CREATE EXTENSION polyid,
                        installed by `make pg-install`), in a database of its own
    PgLite()            PGlite in Node (postgres/pglite/serve.mjs), one database per engine

Queries are written with `?` placeholders, as for SQLite; each engine rewrites them.
"""

import datetime as dt
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "sql", "tests"))
import cluster  # noqa: E402
import engines  # noqa: E402

PGLITE_DIR = os.path.join(os.path.dirname(HERE), "pglite")
EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)
# The functions of the SQLite/DuckDB extensions that the pure-SQL tier leaves out
# (docs/sql.md says why), and the vector operations that need them.
MISSING_FUNCTIONS = ("polyid_extuuid_encode", "polyid_extuuid_decode")
MISSING_OPS = frozenset({"extuuid_encode", "extuuid_decode"})


class PgError(engines.SqlError):
    """An SQL error with its SQLSTATE (`.sqlstate`)."""

    def __init__(self, message, sqlstate):
        super().__init__(message)
        self.sqlstate = sqlstate


class _Pg:
    missing_ops = MISSING_OPS
    text_without_nul = True

    def uint(self, v):
        """An unsigned 64-bit value as the tier holds it: its bits in a bigint."""
        return v - (1 << 64) if v >= 1 << 63 else v

    def to_uint(self, v):
        return v + (1 << 64) if v < 0 else v

    def hex(self, expr):
        return f"encode({expr}, 'hex')"

    def row(self, sql, params=()):
        return (self.rows(sql, params) or [None])[0]


class PgServer(_Pg):
    name = "postgres-sql"

    def __init__(self, pg, load=True):
        self.pg = pg
        self.psycopg = cluster.import_psycopg()
        self.db = pg.connect()
        self.version = self.db.execute("SHOW server_version").fetchone()[0]
        if load:
            self.load()

    def load(self):
        with open(cluster.PLPGSQL_FILE, encoding="utf-8") as f:
            self.db.execute(f.read())

    def rows(self, sql, params=()):
        try:
            cur = self.db.execute(sql.replace("%", "%%").replace("?", "%s"), list(params),
                                  prepare=False)
            return [tuple(r) for r in cur.fetchall()] if cur.description else []
        except self.psycopg.Error as e:
            raise PgError(e.diag.message_primary or str(e), e.sqlstate) from None

    def close(self):
        self.db.close()


class PgNative(PgServer):
    name = "postgres"
    missing_ops = frozenset()
    # Both tiers declare the same functions: the extension lives in a database of its own.
    DATABASE = "polyid_native"

    def __init__(self, pg, load=True):
        admin = pg.connect()
        if not admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", [self.DATABASE]).fetchone():
            admin.execute(f"CREATE DATABASE {self.DATABASE}")
        admin.close()
        self.pg = pg
        self.psycopg = cluster.import_psycopg()
        self.db = self.psycopg.connect(pg.dsn.replace("dbname=postgres", f"dbname={self.DATABASE}"),
                                       autocommit=True)
        self.version = self.db.execute("SHOW server_version").fetchone()[0]
        if load:
            self.load()

    def load(self):
        # Created anew: a cluster kept from an earlier run may hold an older script's functions
        # under the same version.
        self.db.execute("DROP EXTENSION IF EXISTS polyid CASCADE")
        self.db.execute("CREATE EXTENSION polyid")


class PgLite(_Pg):
    name = "pglite"

    def __init__(self):
        node = os.environ.get("NODE", "node")
        self.proc = subprocess.Popen(
            [node, os.path.join(PGLITE_DIR, "serve.mjs"), cluster.PLPGSQL_FILE],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=PGLITE_DIR)
        self.version = self.row("SELECT version()")[0]

    @staticmethod
    def _param(p):
        if isinstance(p, (bytes, bytearray)):
            return {"$bytes": bytes(p).hex()}
        if isinstance(p, list):  # an array of text: its literal, every element quoted
            return "{" + ",".join('"' + x.replace("\\", "\\\\").replace('"', '\\"') + '"'
                                  for x in p) + "}"
        return p if p is None or isinstance(p, str) else str(p)

    @staticmethod
    def _value(v):
        if isinstance(v, dict):
            if "$int" in v:
                return int(v["$int"])
            if "$bytes" in v:
                return bytes.fromhex(v["$bytes"])
            if "$ts" in v:
                return EPOCH + dt.timedelta(microseconds=int(v["$ts"]))
        return v

    def rows(self, sql, params=()):
        n = iter(range(1, 1 << 30))
        text = re.sub(r"\?", lambda _: f"${next(n)}", sql)
        self.proc.stdin.write(json.dumps({"sql": text, "params": [self._param(p) for p in params]}) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("PGlite's Node process ended")
        answer = json.loads(line)
        if "error" in answer:
            raise PgError(answer["error"], answer["code"])
        return [tuple(self._value(v) for v in r) for r in answer["rows"]]

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=30)
