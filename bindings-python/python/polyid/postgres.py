"""polyid's functions in PostgreSQL without an extension: the pure-SQL file this wheel
carries, `polyid--plpgsql.sql` (PL/pgSQL and SQL over built-in types, for managed servers
and PGlite; docs/sql.md, "PostgreSQL: the pure-SQL tier").

    psql -f "$(python -c 'import polyid.postgres; print(polyid.postgres.sql_path())')"
"""

from . import _extensions

__all__ = ["sql_path"]


def sql_path() -> str:
    """The file to load with ``psql -f`` (or to execute as one script): it creates or replaces
    the ``polyid_*`` functions in the current schema."""
    return _extensions.path("polyid--plpgsql.sql", "PostgreSQL pure-SQL file")
