#!/usr/bin/env python3
"""Makes `polyid.duckdb_extension` from the built library: the library's bytes, then the
512-byte metadata footer that DuckDB reads before loading an extension (the layout DuckDB's
extension tools write): a WebAssembly custom-section header (so that the same footer keeps a
wasm module valid), eight 32-byte fields written last-first (unused x3, ABI type, extension
version, DuckDB or C API version, platform, the magic "4"), and 256 bytes of signature (zeros:
unsigned).

    python3 sql/tools/duckdb_extension.py LIBRARY OUT --version 0.1.0 \
        [--target aarch64-unknown-linux-musl | --platform linux_arm64_musl] [--c-api v1.2.0]

`make sql-build`, `make dist` and the Python package's build backend call it (the backend
imports `write`).
"""

import argparse
import platform as _platform
import shutil

# The stable C API version the extension asks DuckDB for (sql/src/duckdb.rs requests the same
# and reads only what it has): every DuckDB since 1.2 serves it.
C_API = "v1.2.0"

_ARCH = {"x86_64": "amd64", "aarch64": "arm64"}


def platform_of(target=None) -> str:
    """DuckDB's platform name (linux_amd64, linux_arm64_musl, ...) of a Rust target triple, or
    of this machine when there is none."""
    if target is None:
        machine = _platform.machine()
        libc = "musl" if _platform.libc_ver()[0] != "glibc" else "gnu"
        target = f"{machine}-unknown-linux-{libc}"
    arch, _, rest = target.partition("-")
    if arch not in _ARCH or "-linux-" not in target:
        raise SystemExit(f"no DuckDB platform name known for target {target!r}")
    return f"linux_{_ARCH[arch]}" + ("_musl" if rest.endswith("musl") else "")


def field(text: str) -> bytes:
    data = text.encode("ascii")
    if len(data) > 32:
        raise SystemExit(f"metadata field {text!r} is longer than 32 bytes")
    return data.ljust(32, b"\0")


def footer(platform: str, c_api: str, version: str) -> bytes:
    # Custom section 0, payload length 531 (LEB128 0x93 0x04), name "duckdb_signature",
    # then the 512-byte content length (LEB128 0x80 0x04).
    head = bytes([0, 0x93, 0x04, 16]) + b"duckdb_signature" + bytes([0x80, 0x04])
    fields = [field(""), field(""), field(""), field("C_STRUCT"), field(version),
              field(c_api), field(platform), field("4")]
    return head + b"".join(fields) + b"\0" * 256


def write(library: str, out: str, version: str, platform: str, c_api: str = C_API) -> None:
    tmp = out + ".tmp"
    shutil.copyfile(library, tmp)
    with open(tmp, "ab") as f:
        f.write(footer(platform, c_api, version))
    shutil.move(tmp, out)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("library")
    p.add_argument("out")
    p.add_argument("--version", required=True)
    where = p.add_mutually_exclusive_group()
    where.add_argument("--platform", help="DuckDB's platform name, e.g. linux_amd64")
    where.add_argument("--target", help="the Rust target the library was built for")
    p.add_argument("--c-api", default=C_API)
    a = p.parse_args()
    write(a.library, a.out, a.version, a.platform or platform_of(a.target), a.c_api)


if __name__ == "__main__":
    main()
