#!/usr/bin/env python3
"""Makes `polyid.duckdb_extension` from the built library: the library's bytes, then the
512-byte metadata footer that DuckDB reads before loading an extension (the layout DuckDB's
extension tools write): a WebAssembly custom-section header (so that the same footer keeps a
wasm module valid), eight 32-byte fields written last-first (unused x3, ABI type, extension
version, DuckDB or C API version, platform, the magic "4"), and 256 bytes of signature (zeros:
unsigned).

    python3 sql/tools/duckdb_extension.py LIBRARY OUT --platform linux_amd64 \
        --c-api v1.2.0 --version 0.1.0
"""

import argparse
import shutil


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


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("library")
    p.add_argument("out")
    p.add_argument("--platform", required=True)
    p.add_argument("--c-api", required=True)
    p.add_argument("--version", required=True)
    a = p.parse_args()
    tmp = a.out + ".tmp"
    shutil.copyfile(a.library, tmp)
    with open(tmp, "ab") as f:
        f.write(footer(a.platform, a.c_api, a.version))
    shutil.move(tmp, a.out)


if __name__ == "__main__":
    main()
