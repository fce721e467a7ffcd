#!/usr/bin/env python3
"""The core benchmark of two commits in one command, run in turns: old and new builds of
`core/benches/ids.rs` alternate round after round, so that both see the same machine.

    tools/bench_paired.py BASE [--rounds N] [--filter REGEX]     (make bench-paired BASE=rev)
    tools/bench_paired.py BASE --arrow [--rounds N] [--rows N]   (make bench-paired-arrow BASE=rev)

With --arrow, the Arrow kernels instead: `arrow/examples/column_bench.rs` of the working tree
(copied into the base tree with the seeded codes it includes, so that both builds time the
same columns through the public API) built against each commit's crates.

BASE is any git revision; it is checked out (detached) under target/paired/base and its bench
built there, the working tree's beside it. Each round runs every benchmark of both builds
with a short criterion measurement; the table gives each row's median over the rounds, old
and new, and new / old. A row of the new build more than 10% slower than the old is marked.
Rows present in one build only are listed with that build's time.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAIRED = os.path.join(ROOT, "target", "paired")
TIME = re.compile(r"^(.*?)\s*time:\s+\[\S+ \S+ (\S+) (\S+) \S+ \S+\]")
UNITS = {"ps": 1e-3, "ns": 1.0, "µs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}


def executable(tree: str, name: str, cargo: list[str]) -> str:
    """The path of the executable `name` that `cargo ... --message-format=json` builds in
    `tree`."""
    out = subprocess.run(["cargo", *cargo, "--locked", "--message-format=json"],
                         cwd=tree, check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        msg = json.loads(line)
        if msg.get("reason") == "compiler-artifact" and msg["target"]["name"] == name \
                and msg.get("executable"):
            return msg["executable"]
    sys.exit(f"bench_paired: no {name} executable built in {tree}")


def build(tree: str) -> str:
    """The path of the `ids` bench executable built in `tree`."""
    return executable(tree, "ids", ["bench", "--no-run", "-p", "polyid", "--bench", "ids"])


def build_arrow(tree: str) -> str:
    """The path of the Arrow kernels' column bench built in `tree` (the working tree's files)."""
    if tree != ROOT:
        # The example and the seeded codes it includes by path.
        for part in (("arrow", "examples", "column_bench.rs"),
                     ("core", "benches", "support", "codes.rs")):
            path = os.path.join(*part)
            os.makedirs(os.path.dirname(os.path.join(tree, path)), exist_ok=True)
            with open(os.path.join(ROOT, path)) as src, open(os.path.join(tree, path), "w") as dst:
                dst.write(src.read())
    return executable(tree, "column_bench",
                      ["build", "--release", "-p", "polyid-arrow", "--example", "column_bench"])


def run_arrow(exe: str, tree: str, rows: int) -> dict[str, float]:
    """ns per row of each column the bench prints (`NAME: X ns/row`)."""
    out = subprocess.run([exe, str(rows)], cwd=tree, check=True, capture_output=True,
                         text=True).stdout
    times = {}
    for line in out.splitlines():
        m = re.match(r"^(.*): ([0-9.]+) ns/row$", line)
        if m:
            times[m.group(1)] = float(m.group(2))
    return times


def checkout(rev: str) -> str:
    # Resolved here: a name such as HEAD or a branch means this tree's, not the base tree's.
    rev = subprocess.run(["git", "rev-parse", "--verify", rev + "^{commit}"], cwd=ROOT,
                         check=True, capture_output=True, text=True).stdout.strip()
    tree = os.path.join(PAIRED, "base")
    if not os.path.isdir(tree):
        os.makedirs(PAIRED, exist_ok=True)
        subprocess.run(["git", "worktree", "add", "--detach", tree, rev], cwd=ROOT, check=True,
                       capture_output=True)
    # The base tree is the tool's own: what an earlier run copied into it gives way.
    subprocess.run(["git", "checkout", "--force", "--detach", "-q", rev], cwd=tree, check=True)
    return tree


def run(exe: str, tree: str, pattern: str) -> dict[str, float]:
    """Mean nanoseconds of each benchmark matching `pattern`, one short criterion run."""
    out = subprocess.run(
        [exe, "--bench", pattern, "--warm-up-time", "0.3", "--measurement-time", "1",
         "--noplot"],
        cwd=tree, check=True, capture_output=True, text=True,
        env={k: v for k, v in os.environ.items() if k != "BENCH_MD"},
    ).stdout
    times, name = {}, None
    for line in out.splitlines():
        m = TIME.match(line)
        if m:
            # `group/name  time: [...]`, or the time on the line after a long name.
            name = m.group(1).strip() or name
            if name:
                times[name] = float(m.group(2)) * UNITS[m.group(3)]
        elif re.match(r"^[a-z0-9]+/\S", line):
            name = line.strip()
    return times


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("base")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--filter", default=".")
    ap.add_argument("--arrow", action="store_true", help="the Arrow kernels' column bench")
    ap.add_argument("--rows", type=int, default=1_000_000, help="rows per column (--arrow)")
    a = ap.parse_args()
    base_tree = checkout(a.base)
    rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=base_tree,
                         capture_output=True, text=True).stdout.strip()
    what = "Arrow column bench" if a.arrow else "ids bench"
    print(f"bench_paired: building the {what} of {a.base} ({rev}) and of the working tree")
    builder = build_arrow if a.arrow else build
    exes = {"old": (builder(base_tree), base_tree), "new": (builder(ROOT), ROOT)}
    runs: dict[str, dict[str, list[float]]] = {"old": {}, "new": {}}
    for r in range(a.rounds):
        for side in ("old", "new"):
            exe, tree = exes[side]
            timed = run_arrow(exe, tree, a.rows) if a.arrow else run(exe, tree, a.filter)
            for name, t in timed.items():
                runs[side].setdefault(name, []).append(t)
        print(f"bench_paired: round {r + 1} of {a.rounds} done", flush=True)
    names = sorted(set(runs["old"]) | set(runs["new"]))
    print(f"\n| benchmark | old ({rev}) | new | new / old |")
    print("|---|---:|---:|---:|")
    slower = 0
    for name in names:
        old = runs["old"].get(name)
        new = runs["new"].get(name)
        unit = "ns/row" if a.arrow else "ns"
        o = f"{statistics.median(old):.1f} {unit}" if old else ""
        n = f"{statistics.median(new):.1f} {unit}" if new else ""
        ratio = ""
        if old and new:
            q = statistics.median(new) / statistics.median(old)
            ratio = f"{q:.2f}x" + (" **slower**" if q > 1.1 else "")
            slower += q > 1.1
        print(f"| {name} | {o} | {n} | {ratio} |")
    both = sum(1 for n in names if n in runs["old"] and n in runs["new"])
    print(f"\nbench_paired: {both} rows in both builds, {slower} more than 10% slower in the new "
          f"one (median of {a.rounds} alternating rounds)")


if __name__ == "__main__":
    main()
