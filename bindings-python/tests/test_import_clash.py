"""`import polyid` beside the unrelated PyPI distribution `polyid` (same import name).

Each case runs a fresh interpreter whose sys.path also holds a folder with a fake
`polyid-*.dist-info` (or `.egg-info`): the installed polyid-rs package is imported as usual,
and only the other distribution's metadata is faked. No network, nothing installed.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

FIX = "pip uninstall polyid polyid-rs && pip install polyid-rs"


def run(code: str, extra: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Runs CODE in a child interpreter, with EXTRA appended to sys.path before it runs."""
    prelude = "import sys\n" + (f"sys.path.append({str(extra)!r})\n" if extra else "")
    return subprocess.run([sys.executable, "-c", prelude + code], capture_output=True, text=True,
                          timeout=60, cwd=str(Path(__file__).parent))


def fake_dist(tmp_path: Path, folder: str) -> Path:
    site = tmp_path / "site"
    meta = site / folder
    meta.mkdir(parents=True)
    name, version = folder.split("-")[0], folder.split("-")[1].split(".dist")[0].split(".egg")[0]
    (meta / ("METADATA" if folder.endswith(".dist-info") else "PKG-INFO")).write_text(
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    return site


RECORD = """
import json, warnings
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    import polyid
print(json.dumps([[w.category.__name__, str(w.message), w.filename] for w in caught
                  if issubclass(w.category, polyid.ImportClashWarning)]))
"""


def test_no_warning_without_the_other_distribution(tmp_path):
    # polyid-rs's own dist-info (polyid_rs-*) is not the other project.
    site = fake_dist(tmp_path, "polyid_rs-9.9.9.dist-info")
    out = run(RECORD, site)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == []


@pytest.mark.parametrize("folder", ["polyid-0.1.2.4.dist-info", "PolyID-0.1.2.4.dist-info",
                                    "polyid-0.1.2.4-py3.9.egg-info"])
def test_the_other_distribution_is_named_with_the_fix(tmp_path, folder):
    site = fake_dist(tmp_path, folder)
    # What the warning stands for: importlib.metadata finds a distribution "polyid" there.
    seen = run("import importlib.metadata as m; print(m.distribution('polyid').version)", site)
    assert seen.stdout.strip() == "0.1.2.4", seen.stderr
    out = run(RECORD, site)
    assert out.returncode == 0, out.stderr
    caught = json.loads(out.stdout)
    assert len(caught) == 1, caught
    category, message, filename = caught[0]
    assert category == "ImportClashWarning"
    assert "the PyPI distribution 'polyid' 0.1.2.4" in message
    assert str(site / folder) in message
    assert "unrelated project, not polyid-rs" in message
    assert "cannot share an environment" in message
    assert FIX in message
    # The warning points at the line that imported polyid, not at polyid itself.
    assert filename == "<string>", filename


def test_shown_by_default_on_stderr(tmp_path):
    site = fake_dist(tmp_path, "polyid-0.1.2.4.dist-info")
    out = run("import polyid\nprint(polyid.compact_id('E.Auth.Token.MISSING'))", site)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "V6a0B"  # polyid-rs still works; the warning only informs
    assert "ImportClashWarning" in out.stderr and FIX in out.stderr, out.stderr
    assert issubclass(__import__("polyid").ImportClashWarning, RuntimeWarning)


def test_the_check_does_not_load_importlib_metadata():
    # Importing importlib.metadata costs more than the whole package: the check reads the
    # folders of sys.path only.
    out = run("before = 'importlib.metadata' in sys.modules\nimport polyid\n"
              "print(before, 'importlib.metadata' in sys.modules)")
    assert out.returncode == 0, out.stderr
    before, after = out.stdout.split()
    assert after == before, out.stdout
