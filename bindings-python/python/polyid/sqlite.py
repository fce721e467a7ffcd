"""polyid's functions inside SQLite: the loadable extension that this wheel carries.

    import sqlite3, polyid.sqlite
    db = sqlite3.connect(":memory:")
    polyid.sqlite.load(db)
    db.execute("SELECT polyid_compact_id('E.AUTH.TOKEN.001')").fetchone()  # ('V6a0B',)

``load`` takes a ``sqlite3.Connection`` or an ``apsw.Connection``. The functions are listed
in docs/sql.md; they are computed by the same core as this package, in the extension's own
copy of it (see "Generators" there for what that means for POLYID_NODE).
"""

from typing import Any

from . import _extensions

__all__ = ["path", "load"]


def path() -> str:
    """The file of the SQLite extension: what ``sqlite3 -cmd '.load PATH'``,
    ``Connection.load_extension`` or any other SQLite host loads (its entry point,
    ``sqlite3_polyidsqlite_init``, follows from the file name)."""
    return _extensions.path("polyid_sqlite.so", "SQLite extension")


def load(conn: Any) -> None:
    """Loads the extension into ``conn`` (``sqlite3.Connection`` or ``apsw.Connection``).

    Extension loading is switched on for the call and off again afterwards, so SQL cannot
    load further libraries through ``load_extension()``. Raises ``NotImplementedError`` when
    the SQLite module was built without extension loading (pyenv and python.org Pythons often
    are: use ``apsw`` from PyPI, or a distribution's Python), and the engine's own error when
    SQLite refuses the file.
    """
    enable = getattr(conn, "enable_load_extension", None)
    if enable is None or not hasattr(conn, "load_extension"):
        raise NotImplementedError(
            f"polyid.sqlite.load: {type(conn).__module__}.{type(conn).__qualname__} cannot load "
            "extensions: this Python's sqlite3 module was built without extension loading "
            "(SQLITE_OMIT_LOAD_EXTENSION). Use apsw (pip install apsw) or a Python built with "
            "it (e.g. a Linux distribution's); polyid.sqlite.path() is the file to load."
        )
    enable(True)
    try:
        conn.load_extension(path())
    finally:
        enable(False)
