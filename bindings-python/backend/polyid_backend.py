"""The PEP 517 build backend of polyid-rs's sdist: maturin, with a clear stop when Rust is missing.

pip builds from the sdist only where no wheel fits (see the platform table in README.md).
That build needs cargo. maturin's own backend, finding no cargo, silently downloads a
temporary Rust toolchain of about 1 GB; this wrapper instead stops with a message that says
what is missing and how to proceed. POLYID_DOWNLOAD_RUST=1 restores maturin's download.
Every hook is maturin's; only the check runs first, and a wheel built in a checkout gets the
SQL engine extensions added (polyid_sql_files.py).
"""

from __future__ import annotations

import os
import shutil
import sysconfig
from pathlib import Path
from typing import Any, Dict, List, Optional

import maturin

import polyid_sql_files

# The workspace `rust-version` (Cargo.toml); tests/test_build_backend.py checks they agree.
RUST_VERSION = "1.88"


def _require_rust() -> None:
    if os.environ.get("POLYID_DOWNLOAD_RUST") == "1":
        return
    os.environ["MATURIN_NO_INSTALL_RUST"] = "1"
    if shutil.which("cargo") is None:
        raise RuntimeError(
            "polyid-rs: pip is building polyid-rs from source, because no prebuilt wheel matches this "
            f"platform ({sysconfig.get_platform()}), and that needs Rust {RUST_VERSION} or newer: "
            "no `cargo` is on PATH. Install Rust (https://rustup.rs) and run pip again, or set "
            "POLYID_DOWNLOAD_RUST=1 to let maturin download a temporary Rust toolchain (about 1 GB). "
            "Prebuilt wheels (CPython 3.10+) cover Linux x86_64/aarch64 (glibc 2.17+, musl 1.2+), "
            "macOS x86_64/arm64 and Windows x64."
        )


def get_requires_for_build_wheel(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    _require_rust()
    return list(maturin.get_requires_for_build_wheel(config_settings))


def get_requires_for_build_sdist(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    _require_rust()
    return list(maturin.get_requires_for_build_sdist(config_settings))


def prepare_metadata_for_build_wheel(metadata_directory: str, config_settings: Optional[Dict[str, Any]] = None) -> str:
    _require_rust()
    return str(maturin.prepare_metadata_for_build_wheel(metadata_directory, config_settings))


def build_wheel(wheel_directory: str, config_settings: Optional[Dict[str, Any]] = None,
                metadata_directory: Optional[str] = None) -> str:
    _require_rust()
    name = str(maturin.build_wheel(wheel_directory, config_settings, metadata_directory))
    polyid_sql_files.build_in_tree(os.path.join(wheel_directory, name), Path(__file__).parent)
    return name


def build_editable(wheel_directory: str, config_settings: Optional[Dict[str, Any]] = None,
                   metadata_directory: Optional[str] = None) -> str:
    _require_rust()
    return str(maturin.build_editable(wheel_directory, config_settings, metadata_directory))


def build_sdist(sdist_directory: str, config_settings: Optional[Dict[str, Any]] = None) -> str:
    _require_rust()
    return str(maturin.build_sdist(sdist_directory, config_settings))
