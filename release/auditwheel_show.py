"""`auditwheel show` for wheels of another C library than the build machine's.

A musllinux wheel linked by zig names musl's C library `libc.so` (musl's dynamic linker
answers to that name itself, and the musllinux policy allows it). Looking for it, auditwheel
also searches this glibc machine's library folders, opens glibc's `libc.so`, which is a text
linker script, and stops with ELFError. Here the search skips files that are not ELF objects,
as a loader would; everything else is auditwheel's own `show`.

    python release/auditwheel_show.py WHEEL
"""

from __future__ import annotations

import sys

from elftools.common.exceptions import ELFError

import auditwheel.lddtree as lddtree
from auditwheel.main import main

_find_lib = lddtree.find_lib


def find_lib_skipping_non_elf(platform, lib, ldpaths, root="/"):  # type: ignore[no-untyped-def]
    for ldpath in ldpaths:
        try:
            found = _find_lib(platform, lib, [ldpath], root)
        except ELFError:
            continue
        if found[0] is not None:
            return found
    return None, None


lddtree.find_lib = find_lib_skipping_non_elf
sys.argv = ["auditwheel", *[a for a in sys.argv[1:] if a == "-v"], "show", *[a for a in sys.argv[1:] if a != "-v"]]
sys.exit(main())
