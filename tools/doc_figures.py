#!/usr/bin/env python3
"""Figures the documentation takes from a build or a file, checked against their source
(--check, in `make test`) or written from it (--write).

Sources:
  wasm module sizes   target/wasm/sizes.txt, the size report every `make wasm-build` writes
                      (bindings-wasm/tools/size.mjs: raw and gzip -9 bytes of each module,
                      web build); the budget from size.mjs's BUDGET
  vector case counts  the `cases` of each tests/vectors/*.json, and the count
                      `polyid conform` runs against the core (`conform-serve`), which must
                      agree with the files

Every place a figure appears is listed in FIGURES below (file, pattern); a pattern that no
longer matches its file is an error too, so a reworded sentence cannot drop its check.

Benchmark and leak-check figures are written by the runs themselves (`make X-bench-write`,
`make node-leaks-write`, `make python-leaks-write`, between <!-- bench:NAME begin/end -->
markers); --check also runs tools/bench_section.py's check: every section of its SECTIONS is
in its README with its provenance line (date, machine, command), and no table, block or prose
outside a section quotes a benchmark figure. It runs no benchmark and no leak check.

Usage: tools/doc_figures.py --check|--write [--cli target/release/polyid] [--sizes FILE]
                             [--only sizes|cases]
"""

from __future__ import annotations

import argparse
import glob
import json
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_section  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
N = r"[\d,]+"

# (file, pattern): every named group is a figure; `name__2` is the figure `name` again.
FIGURES = [
    ("bindings-wasm/README.md",
     rf"\| `polyid_wasm_bg\.wasm` \| (?P<ids_raw>{N}) B \| (?P<ids_gzip>{N}) B "
     rf"\(budget (?P<budget_raw>{N}) / (?P<budget_gzip>{N}) B"),
    ("bindings-wasm/README.md",
     rf"\| `polyid_profiles_bg\.wasm` \| (?P<profiles_raw>{N}) B \| (?P<profiles_gzip>{N}) B"),
    ("bindings-wasm/README.md",
     rf"\| `polyid_profiles` \(entry `polyid-wasm/profiles`, IDs with profiles\) \| (?P<profiles_raw>{N}) B "
     rf"\| (?P<profiles_gzip>{N}) B"),
    ("bindings-wasm/README.md",
     rf"\| `polyid_catalog_bg\.wasm` \| (?P<catalog_raw>{N}) B \| (?P<catalog_gzip>{N}) B"),
    ("bindings-wasm/README.md",
     rf"\| `polyid_extuuid_bg\.wasm` \| (?P<extuuid_raw>{N}) B \| (?P<extuuid_gzip>{N}) B"),
    ("bindings-wasm/README.md",
     rf"\| `polyid_wasm` \(entry `polyid-wasm`, IDs\) \| (?P<ids_raw>{N}) B \| (?P<ids_gzip>{N}) B"),
    ("bindings-wasm/README.md",
     rf"\| budget of the ID-only module \| (?P<budget_raw>{N}) B \| (?P<budget_gzip>{N}) B"),
    ("bindings-wasm/README.md",
     rf"\| `polyid_catalog` \(entry `polyid-wasm/catalog`, std's allocator\) \| (?P<catalog_raw>{N}) B "
     rf"\| (?P<catalog_gzip>{N}) B"),
    ("bindings-wasm/README.md",
     rf"\| `polyid_extuuid` \(entry `polyid-wasm/extuuid`, std's allocator\) \| (?P<extuuid_raw>{N}) B "
     rf"\| (?P<extuuid_gzip>{N}) B"),
    ("bindings-wasm/README.md",
     rf"<= (?P<budget_raw>{N}) B and <= (?P<budget_gzip>{N}) B gzipped"),
    ("bindings-wasm/README.md",
     rf"\((?P<cases_total>{N}): wdp, uid11, xid, tid, euid, catalog (?P<cases_catalog>{N}), "
     rf"extuuid (?P<cases_extuuid>{N}), generators (?P<cases_generators>{N})\)"),
    ("bindings-wasm/README.md", rf"the same (?P<cases_total>{N}) cases in headless"),
    ("README.md", rf"`tests/vectors/catalog\.json` \((?P<cases_catalog>{N}),"),
    ("cli/README.md", rf"`tests/vectors/\*\.json`, (?P<cases_total>{N}) cases"),
    ("cli/README.md", rf"conform: python: (?P<cases_total>{N}) cases from vectors"),
    ("cli/README.md", rf"`conform-serve` \((?P<cases_total>{N})/(?P<cases_total__2>{N}),"),
    ("cli/README.md", rf"`conform_python\.py` \((?P<cases_total>{N})/(?P<cases_total__2>{N});"),
    ("bindings-c/README.md", rf"vectors \(static, [\d.]+\): (?P<cases_total>{N}) passed"),
]


def wasm_sizes(report: Path) -> dict[str, int]:
    if not report.exists():
        raise SystemExit(f"{report} is missing: run make wasm-build")
    out = {}
    names = {"polyid_wasm": "ids", "polyid_profiles": "profiles", "polyid_catalog": "catalog",
             "polyid_extuuid": "extuuid"}
    for line in report.read_text().splitlines():
        m = re.match(r"wasm size \S+ \((\w+), web\): (\d+) bytes.*gzip -9 (\d+) bytes", line)
        if m:
            out[f"{names[m.group(1)]}_raw"] = int(m.group(2))
            out[f"{names[m.group(1)]}_gzip"] = int(m.group(3))
    size_mjs = (ROOT / "bindings-wasm" / "tools" / "size.mjs").read_text()
    m = re.search(r"BUDGET = \{ raw: ([\d_]+), gzip: ([\d_]+) \}", size_mjs)
    if not m:
        raise SystemExit("bindings-wasm/tools/size.mjs: no `BUDGET = { raw: ..., gzip: ... }`")
    out["budget_raw"] = int(m.group(1).replace("_", ""))
    out["budget_gzip"] = int(m.group(2).replace("_", ""))
    if len(out) != 10:
        raise SystemExit(f"{report}: expected the web build of four modules, read {sorted(out)}")
    return out


def case_counts(cli: str | None) -> dict[str, int]:
    out = {}
    for f in sorted(glob.glob(str(ROOT / "tests" / "vectors" / "*.json"))):
        out[f"cases_{Path(f).stem}"] = len(json.loads(Path(f).read_text())["cases"])
    out["cases_total"] = sum(out.values())
    if cli:
        r = subprocess.run([cli, "conform", "--name", "core", "--", cli, "conform-serve"],
                           capture_output=True, text=True)
        m = re.search(r"^(\d+) passed, (\d+) failed", r.stdout, re.M)
        if not m or m.group(2) != "0":
            raise SystemExit(f"polyid conform against conform-serve: {r.stdout[-500:]}{r.stderr[-500:]}")
        if int(m.group(1)) != out["cases_total"]:
            raise SystemExit(f"polyid conform runs {m.group(1)} cases, tests/vectors/*.json hold "
                             f"{out['cases_total']}: rebuild the CLI (make cli-build)")
    return out


def fmt(value: int, like: str) -> str:
    return f"{value:,}" if "," in like or (value >= 10000 and "," in like) else str(value)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true")
    mode.add_argument("--write", action="store_true")
    ap.add_argument("--cli", help="the polyid binary, to compare its conform count with the files")
    ap.add_argument("--sizes", type=Path, default=ROOT / "target" / "wasm" / "sizes.txt",
                    help="the wasm build's size report (default target/wasm/sizes.txt)")
    ap.add_argument("--only", choices=["sizes", "cases"],
                    help="only the wasm sizes or only the case counts")
    args = ap.parse_args()

    values = {**wasm_sizes(args.sizes), **case_counts(args.cli)}
    problems = []
    texts: dict[str, str] = {}
    checked = 0
    for file, pattern in FIGURES:
        text = texts.setdefault(file, (ROOT / file).read_text(encoding="utf-8"))
        matches = list(re.finditer(pattern, text))
        if not matches:
            problems.append(f"{file}: no text matches {pattern!r} (reworded? update FIGURES in tools/doc_figures.py)")
            continue
        for m in reversed(matches):
            line = text.count("\n", 0, m.start()) + 1
            new = text
            for name in sorted(m.groupdict(), key=lambda g: -m.start(g)):
                key = name.split("__")[0]
                if args.only and (key.startswith("cases_") != (args.only == "cases")):
                    continue
                shown = m.group(name)
                want = values[key]
                checked += 1
                if int(shown.replace(",", "")) != want:
                    problems.append(f"{file}:{line}: {key} is {shown}, the source says {want:,}")
                    new = new[:m.start(name)] + fmt(want, shown) + new[m.end(name):]
            text = new
        texts[file] = text
    if args.write:
        for file, text in texts.items():
            if (ROOT / file).read_text(encoding="utf-8") != text:
                (ROOT / file).write_text(text, encoding="utf-8")
                print(f"wrote {file}")
        problems = [p for p in problems if "no text matches" in p]
    bench_problems = bench_section.check(quiet=True)
    problems += bench_problems
    for p in problems:
        print(p)
    print(f"doc figures: {checked} checked in {len(FIGURES)} places, {len(problems)} wrong "
          f"(sources: target/wasm/sizes.txt, bindings-wasm/tools/size.mjs, tests/vectors/*.json"
          f"{', polyid conform' if args.cli else ''}); bench sections: "
          f"{len(bench_section.SECTIONS)}, {len(bench_problems)} problems")
    if problems and args.check:
        print("run `make docs-figures-write` after a change that moves these figures, and "
              "`make X-bench-write` for a benchmark's section")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
