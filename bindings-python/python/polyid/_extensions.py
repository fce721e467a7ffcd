"""Where this package keeps the SQL engine files: ``polyid/_sql/`` in the wheel (added by
backend/polyid_sql_files.py). Shared by ``polyid.sqlite``, ``polyid.duckdb`` and
``polyid.postgres``."""

import os
import sys

_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_sql")


def path(filename: str, what: str) -> str:
    found = os.path.join(_DIR, filename)
    if os.path.isfile(found):
        return found
    raise FileNotFoundError(
        f"polyid: this installation of polyid-rs has no {what} ({found} does not exist). "
        "The Linux wheels on PyPI carry it (x86_64 and aarch64, glibc and musl); "
        f"{'a wheel built from the sdist does not' if sys.platform.startswith('linux') else 'other platforms do not yet'}. "
        "A checkout builds it with `make sql-build`, or `pip install ./bindings-python` "
        "(which needs libsqlite3-dev)."
    )
