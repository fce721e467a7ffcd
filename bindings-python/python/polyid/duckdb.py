"""polyid's functions inside DuckDB: the extension that this wheel carries, on DuckDB's stable
C extension API (DuckDB 1.2 and every later release).

    import polyid.duckdb
    con = polyid.duckdb.connect()          # or duckdb.connect(config=polyid.duckdb.CONFIG)
    con.sql("SELECT polyid_compact_id('E.AUTH.TOKEN.001')").fetchall()  # [('V6a0B',)]

The extension is not signed by DuckDB, so the database must allow unsigned extensions: a
setting fixed when the database opens (``CONFIG``). The functions are listed in docs/sql.md.
"""

from typing import Any, Dict, Optional

from . import _extensions

__all__ = ["CONFIG", "path", "load", "connect"]

#: The database setting an unsigned extension needs (``duckdb.connect(config=CONFIG)``).
CONFIG: Dict[str, str] = {"allow_unsigned_extensions": "true"}


def path() -> str:
    """The file of the DuckDB extension: what ``LOAD 'PATH'`` loads."""
    return _extensions.path("polyid.duckdb_extension", "DuckDB extension")


def load(con: Any) -> None:
    """Loads the extension into the DuckDB connection ``con`` (and so into its database).

    Raises ``ValueError`` when the database does not allow unsigned extensions (open it with
    ``config=polyid.duckdb.CONFIG``), and DuckDB's own error when DuckDB refuses the file.
    """
    allowed = con.execute("SELECT current_setting('allow_unsigned_extensions')").fetchone()
    if not allowed or str(allowed[0]).lower() not in ("true", "1"):
        raise ValueError(
            "polyid.duckdb.load: this database does not allow unsigned extensions, and polyid's is "
            "not signed by DuckDB. Open it with duckdb.connect(..., config=polyid.duckdb.CONFIG) "
            "(the setting cannot change once the database is open), or use polyid.duckdb.connect()."
        )
    escaped = path().replace("'", "''")
    con.execute(f"LOAD '{escaped}'")


def connect(database: str = ":memory:", read_only: bool = False, config: Optional[Dict[str, Any]] = None) -> Any:
    """``duckdb.connect(database, read_only, config)`` with unsigned extensions allowed and
    polyid's extension loaded: a connection ready for the ``polyid_*`` functions."""
    import duckdb

    con = duckdb.connect(database, read_only=read_only, config={**(config or {}), **CONFIG})
    load(con)
    return con
