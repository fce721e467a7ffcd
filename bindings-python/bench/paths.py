"""What each fast path of the wheel buys: bench/bench.py run with POLYID_PYTHON_PORTABLE set
to each value in turn (fast paths, each path off alone, all off), round after round, so that
load on the machine hits them alike; a figure is the median over the rounds of bench.py's
fastest sample.

    make python-bench-paths      # or: .venv/bin/python bindings-python/bench/paths.py

PATHS_ROUNDS (default 3) and PATHS_SAMPLES (default 1000, bench.py's --samples) set the size.
With BENCH_MD set to a file (make python-bench-paths-write, tools/bench_section.py), the table
is appended to it as Markdown.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
OUT = os.path.join(ROOT, "target", "bench", "paths")

# The POLYID_PYTHON_PORTABLE values, and their column headings.
VALUES = [("0", "fast paths"), ("ascii", "`ascii` off"), ("alloc", "`alloc` off"),
          ("1", "all off (`1`)")]
# The rows: the call, and bench.py's candidate that times it.
ROWS = [
    ("`compact_id(code)`", "polyid.compact_id(code)"),
    ("`TidGenerator.next_str()`", "TidGenerator.next_str()"),
    ("`compact_ids(codes)` per code", "polyid.compact_ids(codes) [per code]"),
    ("`TidGenerator.next_many_str(1000)` per ID", "TidGenerator.next_many_str(1000) [per ID]"),
    ("`TidGenerator.next_many(1000)` per ID", "TidGenerator.next_many(1000) [per ID]"),
    ("`Xid.generate_many(1000)` per ID", "Xid.generate_many(1000) [per ID]"),
    ("`EuidGenerator.next_many(1000)` per ID", "EuidGenerator.next_many(1000) [per ID]"),
    ("`TidGenerator.next_many(1000)` + release", "TidGenerator.next_many(1000) + release"),
    ("`EuidGenerator.next_many(1000)` + release", "EuidGenerator.next_many(1000) + release"),
]


def main() -> int:
    rounds = int(os.environ.get("PATHS_ROUNDS", "3"))
    samples = os.environ.get("PATHS_SAMPLES", "1000")
    best: dict[str, list[dict[str, float]]] = {v: [] for v, _ in VALUES}
    os.makedirs(OUT, exist_ok=True)
    env = {k: v for k, v in os.environ.items() if k != "BENCH_MD"}
    for r in range(1, rounds + 1):
        for value, _ in VALUES:
            path = os.path.join(OUT, f"{value}-{r}.json")
            print(f"round {r}/{rounds}: POLYID_PYTHON_PORTABLE={value}", flush=True)
            subprocess.run([sys.executable, os.path.join(HERE, "bench.py"), "--samples", samples,
                            "--json", path], env=dict(env, POLYID_PYTHON_PORTABLE=value),
                           check=True, stdout=subprocess.DEVNULL)
            with open(path) as f:
                best[value].append(json.load(f)["best_ns"])
    med = {v: {cand: statistics.median(run[cand] for run in best[v]) for _, cand in ROWS}
           for v, _ in VALUES}
    md = [f"Median of {rounds} rounds of `bench/bench.py --samples {samples}` (fastest sample of "
          f"1,000 calls each); in brackets, the share of that configuration's time the fast "
          f"paths save:", "",
          "| call (ns per call or item) | " + " | ".join(h for _, h in VALUES) + " |",
          "|---|" + "---:|" * len(VALUES)]
    for label, cand in ROWS:
        fast = med["0"][cand]
        cells = [f"{fast:.1f}"]
        for v, _ in VALUES[1:]:
            off = med[v][cand]
            cells.append(f"{off:.1f} ({round((off - fast) / off * 100) + 0}%)")
        md.append(f"| {label} | " + " | ".join(cells) + " |")
    print("\n".join(md))
    if os.environ.get("BENCH_MD"):
        with open(os.environ["BENCH_MD"], "a") as f:
            f.write("\n".join(md) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
