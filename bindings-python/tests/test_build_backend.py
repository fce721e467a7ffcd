"""The sdist's build backend (backend/polyid_backend.py): no silent Rust download."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

BACKEND = Path(__file__).resolve().parent.parent / "backend" / "polyid_backend.py"


def load_backend():
    # pip puts the backend's folder (pyproject's backend-path) on sys.path, for its imports.
    if str(BACKEND.parent) not in sys.path:
        sys.path.insert(0, str(BACKEND.parent))
    spec = importlib.util.spec_from_file_location("polyid_backend", BACKEND)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_rust_version_is_the_workspace_one():
    cargo_toml = (BACKEND.parent.parent.parent / "Cargo.toml").read_text()
    declared = re.search(r'^rust-version = "([0-9.]+)"$', cargo_toml, re.M)
    assert declared, "no rust-version in the workspace Cargo.toml"
    assert load_backend().RUST_VERSION == declared.group(1) == "1.88"


def test_without_cargo_the_build_stops_with_a_clear_message(monkeypatch, tmp_path):
    backend = load_backend()
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("POLYID_DOWNLOAD_RUST", raising=False)
    monkeypatch.delenv("MATURIN_NO_INSTALL_RUST", raising=False)
    for hook in (backend.get_requires_for_build_wheel, backend.get_requires_for_build_sdist):
        with pytest.raises(RuntimeError) as err:
            hook()
        message = str(err.value)
        assert "no prebuilt wheel matches this platform" in message
        assert "Rust 1.88 or newer" in message
        assert "https://rustup.rs" in message
        assert "POLYID_DOWNLOAD_RUST=1" in message
    with pytest.raises(RuntimeError, match="no `cargo` is on PATH"):
        backend.build_wheel(str(tmp_path))
    # maturin's own switch is set, so nothing downstream downloads a toolchain either.
    assert os.environ["MATURIN_NO_INSTALL_RUST"] == "1"


def test_with_cargo_the_hooks_are_maturins(monkeypatch, tmp_path):
    backend = load_backend()
    cargo = tmp_path / "cargo"
    cargo.write_text("#!/bin/sh\necho cargo 1.95.0\n")
    cargo.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("POLYID_DOWNLOAD_RUST", raising=False)
    requires = backend.get_requires_for_build_wheel()
    assert not any("puccinialin" in r for r in requires)


def test_opting_in_leaves_the_download_to_maturin(monkeypatch, tmp_path):
    backend = load_backend()
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setenv("POLYID_DOWNLOAD_RUST", "1")
    monkeypatch.delenv("MATURIN_NO_INSTALL_RUST", raising=False)
    assert any("puccinialin" in r for r in backend.get_requires_for_build_wheel())


@pytest.mark.skipif(shutil.which("cargo") is None, reason="building a wheel needs cargo")
def test_a_wheel_built_in_a_checkout_carries_the_sql_files(tmp_path):
    # `pip install ./bindings-python` builds through this backend: the wheel has the SQL
    # extensions and PostgreSQL's file, as the released wheels do (polyid_sql_files.py).
    # The build reuses the checkout's target/ (make python-build and make sql-build filled it).
    project = BACKEND.parent.parent
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
                    "--disable-pip-version-check", "-w", str(tmp_path), str(project)],
                   check=True, timeout=1800,
                   env={**os.environ, "PATH": os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"]})
    wheel = next(tmp_path.glob("polyid_rs-*.whl"))
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        sql = project.parent / "postgres" / "polyid--plpgsql.sql"
        assert z.read("polyid/_sql/polyid--plpgsql.sql") == sql.read_bytes()
    assert {"polyid/_sql/polyid_sqlite.so", "polyid/_sql/polyid.duckdb_extension"} <= names
