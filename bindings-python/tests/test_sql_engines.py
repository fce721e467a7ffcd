"""polyid.sqlite and polyid.duckdb: the SQL engine extensions that the wheel carries, found and
loaded through the package (the extensions themselves are tested in sql/tests)."""

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

import polyid
import polyid.duckdb
import polyid.postgres
import polyid.sqlite

VECTORS = Path(__file__).resolve().parents[2] / "tests" / "vectors"
COMPACT = [c for c in json.loads((VECTORS / "wdp.json").read_text())["cases"]
           if c["op"] == "compact_id" and "output" in c and set(c["input"]) == {"code"}][:40]
XID_PARSE = [c for c in json.loads((VECTORS / "xid.json").read_text())["cases"]
             if c["op"] == "xid_parse" and "output" in c][:20]
ELF = b"\x7fELF"


def test_both_files_are_in_the_installed_package():
    package = Path(polyid.__file__).parent
    for found in (polyid.sqlite.path(), polyid.duckdb.path()):
        assert Path(found).parent == package / "_sql"
        assert Path(found).read_bytes()[:4] == ELF
    # The DuckDB file is the SQLite one with DuckDB's 512-byte footer after it.
    sqlite_bytes = Path(polyid.sqlite.path()).read_bytes()
    duckdb_bytes = Path(polyid.duckdb.path()).read_bytes()
    assert duckdb_bytes[: len(sqlite_bytes)] == sqlite_bytes
    assert len(duckdb_bytes) - len(sqlite_bytes) == 534  # section header (22) + footer (512)


def test_the_postgres_file_is_the_repositorys():
    found = Path(polyid.postgres.sql_path())
    assert found.parent == Path(polyid.__file__).parent / "_sql"
    assert found.read_bytes() == (VECTORS.parents[1] / "postgres" / "polyid--plpgsql.sql").read_bytes()


def test_apsw_loads_the_extension_and_computes_the_vectors():
    apsw = pytest.importorskip("apsw")
    conn = apsw.Connection(":memory:")
    polyid.sqlite.load(conn)
    for case in COMPACT:
        got = conn.execute("SELECT polyid_compact_id(?)", (case["input"]["code"],)).fetchone()[0]
        assert got == case["output"], case["name"]
    # Extension loading is off again once load() returns.
    with pytest.raises(apsw.Error):
        conn.execute("SELECT load_extension(?)", (polyid.sqlite.path(),)).fetchall()


def test_stdlib_sqlite3_loads_it_or_says_why_not():
    conn = sqlite3.connect(":memory:")
    if not hasattr(conn, "enable_load_extension"):
        with pytest.raises(NotImplementedError, match="built without extension loading"):
            polyid.sqlite.load(conn)
        return
    polyid.sqlite.load(conn)
    case = COMPACT[0]
    assert conn.execute("SELECT polyid_compact_id(?)", (case["input"]["code"],)).fetchone()[0] == case["output"]


DEBIAN_PYTHON = "/usr/bin/python3"


@pytest.mark.skipif(not os.access(DEBIAN_PYTHON, os.X_OK), reason="no system python3 at /usr/bin/python3")
def test_a_python_whose_sqlite3_loads_extensions():
    # The installed package (abi3) imported by the system's CPython, whose sqlite3 module is
    # built with extension loading: polyid.sqlite.load with the standard library's Connection.
    code = """
import json, sqlite3, sys
import polyid.sqlite
if not hasattr(sqlite3.Connection, "enable_load_extension"):
    sys.exit(77)
conn = sqlite3.connect(":memory:")
polyid.sqlite.load(conn)
print(json.dumps([conn.execute("SELECT polyid_compact_id(?)", (c,)).fetchone()[0] for c in sys.argv[1:]]))
try:
    conn.execute("SELECT load_extension('x')")
except sqlite3.OperationalError as e:
    print("refused:", e)
"""
    site = str(Path(polyid.__file__).parent.parent)
    done = subprocess.run([DEBIAN_PYTHON, "-c", code, *[c["input"]["code"] for c in COMPACT]],
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": site}, cwd="/")
    if done.returncode == 77:
        pytest.skip("the system python3's sqlite3 cannot load extensions")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert json.loads(lines[0]) == [c["output"] for c in COMPACT]
    assert lines[1] == "refused: not authorized"


def test_duckdb_connect_loads_the_extension_and_computes_the_vectors():
    pytest.importorskip("duckdb")
    con = polyid.duckdb.connect()
    for case in XID_PARSE:
        got = con.execute("SELECT polyid_xid_parse(?)", [case["input"]["text"]]).fetchone()[0]
        assert str(got) == case["output"]["value"], case["name"]
    distinct = con.execute("SELECT count(DISTINCT polyid_tid_generate()) FROM range(100000)").fetchone()[0]
    assert distinct == 100000


def test_duckdb_load_names_the_setting_an_unsigned_extension_needs():
    duckdb = pytest.importorskip("duckdb")
    with pytest.raises(ValueError, match="does not allow unsigned extensions"):
        polyid.duckdb.load(duckdb.connect())
    con = duckdb.connect(config=polyid.duckdb.CONFIG)
    polyid.duckdb.load(con)
    case = COMPACT[0]
    assert con.execute("SELECT polyid_compact_id(?)", [case["input"]["code"]]).fetchone()[0] == case["output"]


def test_a_package_without_the_files_says_where_they_come_from(tmp_path, monkeypatch):
    monkeypatch.setattr(polyid._extensions, "_DIR", str(tmp_path))
    with pytest.raises(FileNotFoundError, match="has no SQLite extension"):
        polyid.sqlite.path()
    with pytest.raises(FileNotFoundError, match="has no DuckDB extension"):
        polyid.duckdb.path()
    with pytest.raises(FileNotFoundError, match="has no PostgreSQL pure-SQL file"):
        polyid.postgres.sql_path()


def test_the_build_backend_adds_them_to_a_wheel(tmp_path):
    # polyid_sql_files.add, as make dist and the build backend use it: a wheel whose RECORD
    # lists the new files with their hashes, which pip then installs.
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))
    try:
        import polyid_sql_files
    finally:
        sys.path.pop(0)
    import zipfile

    wheel = tmp_path / "demo-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as z:
        z.writestr("demo/__init__.py", "")
        z.writestr("demo-1.0.dist-info/RECORD", "demo/__init__.py,,\ndemo-1.0.dist-info/RECORD,,\n")
    wheel.chmod(0o644)
    lib = tmp_path / "lib.so"
    lib.write_bytes(b"\x7fELF" + bytes(range(256)))
    polyid_sql_files.add(str(wheel), {polyid_sql_files.SQLITE: str(lib)})
    assert wheel.stat().st_mode & 0o777 == 0o644
    with zipfile.ZipFile(wheel) as z:
        assert z.read(polyid_sql_files.SQLITE) == lib.read_bytes()
        record = z.read("demo-1.0.dist-info/RECORD").decode().splitlines()
        assert z.getinfo(polyid_sql_files.SQLITE).external_attr >> 16 == 0o755
    assert record[-1] == "demo-1.0.dist-info/RECORD,,"
    assert f"{polyid_sql_files.SQLITE},sha256=" in "\n".join(record)
    assert "demo/__init__.py,sha256=47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU,0" in record
    # Adding again replaces the entry (make python-build runs on a fresh wheel, dist on each).
    polyid_sql_files.add(str(wheel), {polyid_sql_files.SQLITE: str(lib)})
    with zipfile.ZipFile(wheel) as z:
        assert z.namelist().count(polyid_sql_files.SQLITE) == 1


def test_subprocess_sqlite_cli_loads_the_installed_file():
    cli = shutil.which("sqlite3")
    if cli is None:
        pytest.skip("no sqlite3 CLI")
    case = COMPACT[1]
    out = subprocess.run([cli, ":memory:", f".load {polyid.sqlite.path()}",
                          f"SELECT polyid_compact_id('{case['input']['code']}');"],
                         capture_output=True, text=True, check=True).stdout
    assert out.strip() == case["output"]


def _both_copies(code, node=None):
    """Runs `code` in a new process with this module and the SQL extension (apsw) loaded,
    with POLYID_NODE set to `node` (or unset)."""
    pytest.importorskip("apsw")
    env = {k: v for k, v in os.environ.items() if not k.startswith("POLYID_NODE")}
    if node is not None:
        env["POLYID_NODE"] = str(node)
    code = "import apsw, json, polyid, polyid.sqlite\ndb = apsw.Connection(':memory:')\n" \
           "polyid.sqlite.load(db)\n" + code
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


# xids from the module, then from the extension: its error.
XID_IN_BOTH = """
polyid.Xid.generate()
try:
    db.execute("SELECT polyid_xid_generate()").fetchall()
except apsw.Error as e:
    print(e)
"""


def test_a_node_held_by_the_module_is_named_in_the_extensions_error():
    # Two copies of the core in one process (this module, the SQL extension): with
    # POLYID_NODE set, the second to generate gets NODE_IN_USE naming this process.
    for node in range(940, 960):
        out = _both_copies(XID_IN_BOTH, node)
        if "another process" not in out:  # a node another process on this host holds
            break
    assert out.startswith(f"NODE_IN_USE: polyid_xid_generate(): node: node {node} is held "
                          "by another copy of polyid in this process"), out


def test_without_a_node_the_xid_lane_is_one_copys():
    # Without a node, xids of one process share its lane: the second copy of the core to
    # generate them refuses instead of counting the lane a second time.
    out = _both_copies(XID_IN_BOTH)
    assert out.startswith(
        "NODE_IN_USE: polyid_xid_generate(): node: xids without a node are generated by "
        "another copy of polyid in this process"), out


def test_without_a_node_two_copies_never_share_a_tid_clock_id():
    # The module's generators take 31 of the 32 random clock ids; the extension's generator
    # must get the one left (drawn independently, it would match with odds 1 in 32).
    out = _both_copies("""
mine, keep = set(), []
while len(mine) < 31:
    g = polyid.TidGenerator()
    g.next()
    if g.clock_id < 32 and g.clock_id not in mine:
        mine.add(g.clock_id)
        keep.append(g)
rows = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50) "
tids = [polyid.Tid(t) for (t,) in db.execute(rows + "SELECT polyid_tid_generate() FROM n")]
print(json.dumps([sorted({t.clock_id for t in tids}), sorted(set(range(32)) - mine)]))
""")
    theirs, left = json.loads(out)
    assert len(left) == 1 and theirs == left, out
