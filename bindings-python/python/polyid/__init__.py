"""polyid: compact identifiers computed by one Rust core, identical in every language.

Families: WDP compact IDs (``compact_id``), uid11 and xid (``uid11_encode``, ``Xid``,
``XidGenerator``), TID (``Tid``, ``TidGenerator``), EUID (``Euid``, ``EuidGenerator``), WDP
catalogs (``Catalog``) and EXTUUID (``extuuid_encode``, ``extuuid_decode``,
``extuuid_inspect``). The process node of the generators: ``set_node``, ``node``,
``set_node_required``, ``node_required``.
Every value is computed by the Rust core (``polyid._polyid``); this package only
re-exports it.

The distribution on PyPI is ``polyid-rs`` (``pip install polyid-rs``). The PyPI project named
``polyid`` is an unrelated package that installs a top-level ``polyid`` package too; when both
are in one environment, this import warns with ``ImportClashWarning``.
"""

import os as _os
import sys as _sys
import warnings as _warnings


class ImportClashWarning(RuntimeWarning):
    """Issued at ``import polyid`` when the unrelated PyPI distribution ``polyid`` is installed
    in the same environment as ``polyid-rs``: both write a top-level package ``polyid``, so
    the one installed last overwrites the other's files."""


def _installed():
    """``{name: [(version, folder), ...]}`` of the distributions ``polyid`` and ``polyid_rs``:
    every ``NAME-*.dist-info`` or ``.egg-info`` folder on ``sys.path``.

    These are the folders ``importlib.metadata.distribution(name)`` finds, read from the
    listings of the ``sys.path`` folders only: no distribution's metadata is read, and
    ``importlib.metadata``, whose import costs more than this whole package's, is not loaded.
    """
    found = {"polyid": [], "polyid_rs": []}
    for entry in _sys.path:
        try:
            listing = _os.listdir(entry or ".")
        except (OSError, TypeError, ValueError):
            continue
        for folder in listing:
            low = folder.lower()
            if low.startswith("polyid") and low.endswith((".dist-info", ".egg-info")):
                dist, _, version = low.rpartition(".")[0].partition("-")
                dist = dist.replace(".", "_")
                if dist in found:
                    found[dist].append((version.partition("-")[0] or "?", _os.path.join(entry or ".", folder)))
    return found


def _warn_on_clash():
    found = _installed()
    if not found["polyid"]:
        return
    version, where = found["polyid"][0]
    ours = found["polyid_rs"]
    _warnings.warn(
        f"polyid: the PyPI distribution 'polyid' {version} ({where}) is installed in this "
        "environment. It is an unrelated project, not polyid-rs, and it installs a top-level "
        "package named 'polyid' as polyid-rs does: the two cannot share an environment (the one "
        "installed last overwrites the other's files; uninstalling either breaks the other). "
        f"This import loaded polyid-rs{' ' + ours[0][0] if ours else ''} from "
        f"{_os.path.dirname(__file__)}. Fix: pip uninstall polyid polyid-rs && pip install polyid-rs "
        "(or give the other project a virtual environment of its own).",
        ImportClashWarning,
        stacklevel=3,
    )


_warn_on_clash()

from ._polyid import (
    Catalog,
    CatalogEntry,
    CollisionGroup,
    ERROR_CODES,
    Entry,
    Euid,
    EuidGenerator,
    Expansion,
    KeyPair,
    PolyIdError,
    StructuredCode,
    Tid,
    TidGenerator,
    Xid,
    XidGenerator,
    __version__,
    collision_probability,
    collisions,
    compact_id,
    compact_ids,
    expected_collisions,
    extuuid_decode,
    extuuid_encode,
    extuuid_inspect,
    full_id,
    generate_keypair,
    namespace_hash,
    node,
    node_required,
    normalize_code,
    parse_code,
    parse_full_id,
    set_node,
    set_node_required,
    tid_prefix_range,
    uid11_decode,
    uid11_encode,
    uid11_prefix_range,
    xid_prefix_range,
)

__all__ = [
    "Catalog",
    "CatalogEntry",
    "CollisionGroup",
    "ERROR_CODES",
    "Entry",
    "Euid",
    "EuidGenerator",
    "Expansion",
    "ImportClashWarning",
    "KeyPair",
    "PolyIdError",
    "StructuredCode",
    "Tid",
    "TidGenerator",
    "Xid",
    "XidGenerator",
    "__version__",
    "collision_probability",
    "collisions",
    "compact_id",
    "compact_ids",
    "expected_collisions",
    "extuuid_decode",
    "extuuid_encode",
    "extuuid_inspect",
    "full_id",
    "generate_keypair",
    "namespace_hash",
    "node",
    "node_required",
    "normalize_code",
    "parse_code",
    "parse_full_id",
    "set_node",
    "set_node_required",
    "tid_prefix_range",
    "uid11_decode",
    "uid11_encode",
    "uid11_prefix_range",
    "xid_prefix_range",
]
