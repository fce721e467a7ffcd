"""Puts polyid's SQL engine extensions (the repository's sql/, crate polyid-sql) into a built
polyid-rs wheel, where ``polyid.sqlite.path()`` and ``polyid.duckdb.path()`` find them:

    polyid/_sql/polyid_sqlite.so            the SQLite loadable extension
    polyid/_sql/polyid.duckdb_extension     the same library with DuckDB's metadata footer
    polyid/_sql/polyid--plpgsql.sql         PostgreSQL's pure-SQL tier (polyid.postgres)

maturin builds one crate per wheel, so the extensions are built on their own and added here:
by ``make python-build``, by ``make dist`` (one pair per target) and by the build backend for
``pip install ./bindings-python`` (``build_in_tree``). A wheel built from the sdist alone has
no sql/ to build from and carries no extensions.

    python polyid_sql_files.py add WHEEL SQLITE_LIBRARY DUCKDB_EXTENSION PLPGSQL_FILE
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Dict, Optional

SQLITE = "polyid/_sql/polyid_sqlite.so"
DUCKDB = "polyid/_sql/polyid.duckdb_extension"
POSTGRES = "polyid/_sql/polyid--plpgsql.sql"


def _record_hash(data: bytes) -> str:
    digest = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def add(wheel: str, files: Dict[str, str]) -> None:
    """Adds ``{name in the wheel: file}`` to ``wheel`` in place (replacing entries of the same
    name), with RECORD rewritten to list them (PEP 376 hashes)."""
    fd, tmp = tempfile.mkstemp(suffix=".whl", dir=os.path.dirname(os.path.abspath(wheel)))
    os.close(fd)
    try:
        with zipfile.ZipFile(wheel) as src, zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as dst:
            record_name = next(n for n in src.namelist() if n.endswith(".dist-info/RECORD"))
            rows = []
            for info in src.infolist():
                if info.filename == record_name or info.filename in files:
                    continue
                data = src.read(info)
                dst.writestr(info, data)
                rows.append(f"{info.filename},{_record_hash(data)},{len(data)}")
            for name, path in sorted(files.items()):
                data = Path(path).read_bytes()
                info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
                info.external_attr = (0o644 if name.endswith(".sql") else 0o755) << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                dst.writestr(info, data)
                rows.append(f"{name},{_record_hash(data)},{len(data)}")
            rows.append(f"{record_name},,")
            dst.writestr(src.getinfo(record_name), "\n".join(rows) + "\n")
        # mkstemp made the new file private; the wheel keeps the mode it had.
        os.chmod(tmp, os.stat(wheel).st_mode & 0o777)
        os.replace(tmp, wheel)
    except BaseException:
        os.unlink(tmp)
        raise


def _repository(backend_dir: Path) -> Optional[Path]:
    """The repository root when the backend runs in a checkout (not from an sdist)."""
    root = backend_dir.resolve().parent.parent
    if (root / "sql" / "Cargo.toml").is_file() and (root / "sql" / "tools" / "duckdb_extension.py").is_file() \
            and (root / "postgres" / "polyid--plpgsql.sql").is_file():
        return root
    return None


def build_in_tree(wheel: str, backend_dir: Path) -> None:
    """Builds the SQL extensions for this machine with cargo and adds them to ``wheel``: the
    wheel that ``pip install ./bindings-python`` builds carries them as the released ones do.
    Nothing happens outside a checkout, off Linux (the extensions are built for Linux only so
    far), or when POLYID_PYTHON_NO_SQL=1."""
    root = _repository(backend_dir)
    if root is None or not sys.platform.startswith("linux") or os.environ.get("POLYID_PYTHON_NO_SQL") == "1":
        return
    target_dir = Path(os.environ.get("CARGO_TARGET_DIR", root / "target"))
    cmd = ["cargo", "build", "--profile", "sql-release", "--locked", "-p", "polyid-sql", "--target-dir", str(target_dir)]
    done = subprocess.run(cmd, cwd=root, stdout=sys.stderr)
    if done.returncode != 0:
        raise RuntimeError(
            "polyid-rs: building the SQL engine extensions (crate polyid-sql, for polyid.sqlite and "
            "polyid.duckdb) failed: see cargo's output above. They need a C compiler and SQLite's "
            "sqlite3ext.h (Debian: apt install libsqlite3-dev). POLYID_PYTHON_NO_SQL=1 builds the "
            "wheel without them."
        )
    spec = importlib.util.spec_from_file_location("duckdb_extension", root / "sql" / "tools" / "duckdb_extension.py")
    assert spec is not None and spec.loader is not None
    duckdb_extension = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(duckdb_extension)
    version = Path(wheel).name.split("-")[1]
    with tempfile.TemporaryDirectory() as tmp:
        sqlite = os.path.join(tmp, "polyid_sqlite.so")
        shutil.copyfile(target_dir / "sql-release" / "libpolyid_sql.so", sqlite)
        strip = shutil.which("strip")
        if strip:
            subprocess.run([strip, sqlite], check=True)
        duckdb = os.path.join(tmp, "polyid.duckdb_extension")
        duckdb_extension.write(sqlite, duckdb, version, duckdb_extension.platform_of())
        add(wheel, {SQLITE: sqlite, DUCKDB: duckdb, POSTGRES: str(root / "postgres" / "polyid--plpgsql.sql")})


def main() -> None:
    if len(sys.argv) != 6 or sys.argv[1] != "add":
        raise SystemExit("usage: polyid_sql_files.py add WHEEL SQLITE_LIBRARY DUCKDB_EXTENSION PLPGSQL_FILE")
    add(sys.argv[2], {SQLITE: sys.argv[3], DUCKDB: sys.argv[4], POSTGRES: sys.argv[5]})


if __name__ == "__main__":
    main()
