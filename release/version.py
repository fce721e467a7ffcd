#!/usr/bin/env python3
"""One version and one repository URL for every artifact.

The source of both is `[workspace.package]` in the root Cargo.toml. Every other manifest
either inherits it (the Rust crates, the Python package through maturin) or repeats it,
and this script keeps the repeats equal:

    release/version.py check [--cli BIN] [--python PY] [--node-package DIR]
        Fails (exit 1, one line per mismatch) unless every manifest agrees: Cargo.toml's
        [workspace.dependencies], Cargo.lock, pyproject.toml, both package.json files
        (and the platform packages' versions where a manifest lists them), the C header's
        POLYID_VERSION macros, CHANGELOG.md's newest entry and, when given, the CLI's
        --version, the installed Python package's __version__ and an npm package folder.
    release/version.py set X.Y.Z
        Writes X.Y.Z into every manifest above (regenerate the C header afterwards with
        `make c-header`, which takes the version from Cargo).
    release/version.py get [--repository]
        Prints the version (or the repository URL).

Only the standard library: it runs before any virtualenv exists.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEMVER = re.compile(r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?$")
WORKSPACE_PACKAGES = ("polyid", "polyid-c", "polyid-cli", "polyid-node", "polyid-python", "polyid-wasm")
MEMBER_MANIFESTS = ("core", "cli", "bindings-python", "bindings-node", "bindings-wasm", "bindings-c")
NPM_MANIFESTS = ("bindings-node/package.json", "bindings-wasm/js/package.json")


def source() -> tuple[str, str]:
    ws = tomllib.loads((ROOT / "Cargo.toml").read_text())["workspace"]["package"]
    return ws["version"], ws["repository"]


def problems(version: str, repo: str) -> tuple[int, list[str]]:
    out: list[str] = []
    checked = [0]

    def expect(what: str, got: object, want: object) -> None:
        checked[0] += 1
        if got != want:
            out.append(f"{what}: {got!r}, expected {want!r}")

    if not SEMVER.match(version):
        out.append(f"Cargo.toml: version {version!r} is not semver")
    if not repo.startswith("https://") or "example" in repo:
        out.append(f"Cargo.toml: repository {repo!r} is not a real https URL")
    cargo = tomllib.loads((ROOT / "Cargo.toml").read_text())
    expect("Cargo.toml [workspace.dependencies] polyid",
           cargo["workspace"]["dependencies"]["polyid"].get("version"), version)
    for member in MEMBER_MANIFESTS:
        pkg = tomllib.loads((ROOT / member / "Cargo.toml").read_text())["package"]
        expect(f"{member}/Cargo.toml version", pkg.get("version"), {"workspace": True})

    lock = tomllib.loads((ROOT / "Cargo.lock").read_text())
    locked = {p["name"]: p["version"] for p in lock["package"] if p["name"] in WORKSPACE_PACKAGES}
    for name in WORKSPACE_PACKAGES:
        expect(f"Cargo.lock {name}", locked.get(name), version)

    py = tomllib.loads((ROOT / "bindings-python/pyproject.toml").read_text())["project"]
    expect("bindings-python/pyproject.toml dynamic (version from Cargo)", "version" in py.get("dynamic", []), True)
    expect("bindings-python/pyproject.toml [project.urls] Repository", py.get("urls", {}).get("Repository"), repo)

    for rel in NPM_MANIFESTS:
        pkg = json.loads((ROOT / rel).read_text())
        expect(f"{rel} version", pkg.get("version"), version)
        expect(f"{rel} repository.url", (pkg.get("repository") or {}).get("url"), f"git+{repo}.git")
        for dep, v in (pkg.get("optionalDependencies") or {}).items():
            expect(f"{rel} optionalDependencies {dep}", v, version)

    header = (ROOT / "bindings-c/include/polyid.h").read_text()
    major, minor, patch = (SEMVER.match(version) or re.match(r"(\d+)\.(\d+)\.(\d+)", "0.0.0")).groups()[:3]
    for macro, value in (("POLYID_VERSION", f'"{version}"'), ("POLYID_VERSION_MAJOR", major),
                         ("POLYID_VERSION_MINOR", minor), ("POLYID_VERSION_PATCH", patch)):
        m = re.search(rf"^#define {macro} (.+)$", header, re.M)
        expect(f"bindings-c/include/polyid.h {macro}", m and m.group(1).strip(), value)

    # PostgreSQL's extension: its version is the release's, its script named after it (a new
    # version adds a script; an update path from the last one is polyid--<old>--<new>.sql).
    control = (ROOT / "postgres/polyid.control").read_text()
    m = re.search(r"^default_version = '([^']+)'$", control, re.M)
    expect("postgres/polyid.control default_version", m and m.group(1), version)
    expect(f"postgres/polyid--{version}.sql exists", (ROOT / f"postgres/polyid--{version}.sql").is_file(), True)
    makefile = (ROOT / "postgres/Makefile").read_text()
    expect("postgres/Makefile DATA names the script", f"polyid--{version}.sql" in makefile, True)

    changelog = (ROOT / "CHANGELOG.md").read_text()
    m = re.search(r"^## \[(\d[^\]]*)\]", changelog, re.M)
    expect("CHANGELOG.md newest entry", m and m.group(1), version)

    # Test data may use the reserved .invalid domain; what users read and install may not.
    tracked = subprocess.run(["git", "-C", str(ROOT), "grep", "-l", "-I", "-E", r"example\.(invalid|com)", "--",
                              "*.toml", "*package.json", "*.md", ":!release/*"],
                             capture_output=True, text=True).stdout.split()
    expect("placeholder URLs in manifests and docs", tracked, [])
    return checked[0], out


def check(argv: list[str]) -> int:
    version, repo = source()
    checked, out = problems(version, repo)
    opts = dict(zip(argv[::2], argv[1::2]))
    if "--cli" in opts:
        got = subprocess.run([opts["--cli"], "--version"], capture_output=True, text=True).stdout.strip()
        if got != f"polyid {version}":
            out.append(f"{opts['--cli']} --version: {got!r}, expected 'polyid {version}'")
    if "--python" in opts:
        got = subprocess.run([opts["--python"], "-c", "import polyid; print(polyid.__version__)"],
                             capture_output=True, text=True).stdout.strip()
        if got != version:
            out.append(f"python polyid.__version__: {got!r}, expected {version!r}")
    if "--node-package" in opts:
        got = json.loads((Path(opts["--node-package"]) / "package.json").read_text()).get("version")
        if got != version:
            out.append(f"{opts['--node-package']}/package.json: {got!r}, expected {version!r}")
    for line in out:
        print(f"version-check: {line}", file=sys.stderr)
    checked += len(opts)
    print(f"version-check: {version} ({repo}): {checked - len(out)} passed, {len(out)} failed")
    return 1 if out else 0


def set_version(new: str) -> int:
    if not SEMVER.match(new):
        print(f"version: {new!r} is not semver", file=sys.stderr)
        return 2
    old, _ = source()

    def sub(rel: str, pattern: str, repl: str, count: int = 0) -> None:
        path = ROOT / rel
        text, n = re.subn(pattern, repl, path.read_text(), count=count, flags=re.M)
        if n == 0:
            raise SystemExit(f"version: nothing to replace in {rel} ({pattern})")
        path.write_text(text)

    sub("Cargo.toml", r'^version = "[^"]+"', f'version = "{new}"', 1)
    sub("Cargo.toml", r'^(polyid = \{ path = "core", version = )"[^"]+"', rf'\g<1>"{new}"')
    lock = ROOT / "Cargo.lock"
    text = lock.read_text()
    for name in WORKSPACE_PACKAGES:
        text = re.sub(rf'(^name = "{re.escape(name)}"\nversion = )"[^"]+"', rf'\g<1>"{new}"', text, flags=re.M)
    lock.write_text(text)
    for rel in NPM_MANIFESTS:
        path = ROOT / rel
        pkg = json.loads(path.read_text())
        pkg["version"] = new
        for dep in pkg.get("optionalDependencies") or {}:
            pkg["optionalDependencies"][dep] = new
        path.write_text(json.dumps(pkg, indent=2) + "\n")
    changelog = ROOT / "CHANGELOG.md"
    text = changelog.read_text()
    if not re.search(rf"^## \[{re.escape(new)}\]", text, re.M):
        text = re.sub(r"^## \[Unreleased\]\n", f"## [Unreleased]\n\n## [{new}]\n", text, count=1, flags=re.M)
        changelog.write_text(text)
    print(f"version: {old} -> {new}; now run `make c-header` and `release/version.py check`")
    return 0


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if argv[0] == "check":
        return check(argv[1:])
    if argv[0] == "set" and len(argv) == 2:
        return set_version(argv[1])
    if argv[0] == "get":
        version, repo = source()
        print(repo if "--repository" in argv else version)
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
