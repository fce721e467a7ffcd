"""polyid (Python) against its peers, side by side in one run on the same inputs.

    make python-bench            # or: .venv/bin/python bindings-python/bench/bench.py

Peers (bindings-python/requirements-bench.txt): PyPI ``xxhash`` (xxh3_64_intdigest alone,
and a pure-Python compact ID built on it, tests/pure_wdp.py), ``uuid-utils`` (uuid7),
the standard library's ``uuid.uuid4`` and ``python-ulid``.

Method: every candidate runs over the same 1,000 inputs (or 1,000 calls) per sample; the
candidates take turns, sample after sample, so that load on the machine hits them alike.
A figure is the fastest sample's time per call (ns), which is the least disturbed one; the
median sample is printed next to it. Loop overhead (a bare ``for`` over the inputs) is
included in every per-call figure alike and printed on its own line. A batch figure is the
call's time per item with the returned list released after the clock stops (what the call
costs); the "+ release" lines include releasing the 1,000 results as well.

The figures go to target/bench/python.json and .md; with BENCH_MD set to a file (make
python-bench-write, tools/bench_section.py) the Markdown is appended to it too.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
import uuid
from typing import Any, Callable, Dict, List, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests"))

import polyid  # noqa: E402
import pure_wdp  # noqa: E402
import ulid  # noqa: E402  (python-ulid)
import uuid_utils  # noqa: E402
import xxhash  # noqa: E402

N = 1000
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))


def make_codes(n: int) -> List[str]:
    """1,000 valid codes, mostly in normalized form as they appear in source code, some in
    mixed case or with a named sequence."""
    rng = random.Random(2024)
    comps = ["AUTH", "DATABASE", "HTTP2SERVER", "CACHE", "API", "PAYMENT", "QUEUE", "USER"]
    prims = ["TOKEN", "CONNECTION", "REQUEST", "DATA", "RATELIMIT", "TIMER", "SESSION"]
    names = ["MISSING", "INVALID", "TIMEOUT", "NOT_FOUND", "DENIED"]
    out = []
    for i in range(n):
        sev = rng.choice("EWCBSKITH")
        code = f"{sev}.{rng.choice(comps)}.{rng.choice(prims)}.{rng.randrange(1, 1000):03d}"
        if i % 10 == 0:
            code = code.title()
        if i % 10 == 1:
            code = code.rsplit(".", 1)[0] + "." + rng.choice(names)
        out.append(code)
    return out


CODES = make_codes(N)
RANGE = range(N)
SEED = pure_wdp.CODE_SEED


def per_code(f: Callable[[str], Any]) -> Callable[[], None]:
    def run() -> None:
        for c in CODES:
            f(c)
    return run


def per_call(f: Callable[[], Any]) -> Callable[[], None]:
    def run() -> None:
        for _ in RANGE:
            f()
    return run


def xxh3_alone() -> None:
    xxh = xxhash.xxh3_64_intdigest
    for c in CODES:
        xxh(c.encode(), seed=SEED)


def loop_only() -> None:
    for c in CODES:
        pass


def dropped(result: Any) -> None:
    """Releases a batch result inside the timed call."""
    del result


# The timed loops outrun one TID per microsecond: the largest lead bound keeps the generator on
# the success path (past the default bound it fails with CLOCK_BEHIND).
TG = polyid.TidGenerator(1023, max_lead_ms=86_400_000)
EG = polyid.EuidGenerator()

CANDIDATES: Dict[str, Callable[[], Any]] = {
    # WDP
    "loop overhead (for c in codes: pass)": loop_only,
    "xxhash.xxh3_64_intdigest(code.encode(), seed=)": xxh3_alone,
    "polyid.compact_id(code)": per_code(polyid.compact_id),
    "pure Python compact_id on xxhash": per_code(pure_wdp.compact_id),
    # generation, one per call
    "uuid_utils.uuid7()": per_call(uuid_utils.uuid7),
    "uuid.uuid4()": per_call(uuid.uuid4),
    "ulid.ULID() (python-ulid)": per_call(ulid.ULID),
    "TidGenerator.next()": per_call(TG.next),
    "TidGenerator.next_str()": per_call(TG.next_str),
    "Tid.generate()": per_call(polyid.Tid.generate),
    "Xid.generate()": per_call(polyid.Xid.generate),
    "EuidGenerator.next()": per_call(EG.next),
    "Euid.generate()": per_call(polyid.Euid.generate),
    # batches of 1,000: the call (the list it returns is released after the clock stops) ...
    "polyid.compact_ids(codes) [per code]": lambda: polyid.compact_ids(CODES),
    "TidGenerator.next_many(1000) [per ID]": lambda: TG.next_many(N),
    "Xid.generate_many(1000) [per ID]": lambda: polyid.Xid.generate_many(N),
    "EuidGenerator.next_many(1000) [per ID]": lambda: EG.next_many(N),
    "TidGenerator.next_many_str(1000) [per ID]": lambda: TG.next_many_str(N),
    # ... and the call plus releasing the 1,000 results
    "compact_ids(codes) + release [per code]": lambda: dropped(polyid.compact_ids(CODES)),
    "TidGenerator.next_many(1000) + release": lambda: dropped(TG.next_many(N)),
    "Xid.generate_many(1000) + release": lambda: dropped(polyid.Xid.generate_many(N)),
    "EuidGenerator.next_many(1000) + release": lambda: dropped(EG.next_many(N)),
}

# (candidate, reference or None, limit, kind): kind "ratio<=" compares candidate/reference
# with limit, "speedup>=" reference/candidate with limit, "ns<=" the candidate alone.
TARGETS: List[Tuple[str, Any, float, str]] = [
    ("polyid.compact_id(code)", "xxhash.xxh3_64_intdigest(code.encode(), seed=)", 1.2, "ratio<="),
    ("polyid.compact_id(code)", "pure Python compact_id on xxhash", 10, "speedup>="),
    ("polyid.compact_ids(codes) [per code]", None, 40, "ns<="),
    ("TidGenerator.next()", "uuid_utils.uuid7()", 1.0, "ratio<="),
    ("Xid.generate()", "uuid_utils.uuid7()", 1.0, "ratio<="),
    ("EuidGenerator.next()", "uuid_utils.uuid7()", 1.0, "ratio<="),
    ("TidGenerator.next()", "uuid.uuid4()", 10, "speedup>="),
    ("Xid.generate()", "uuid.uuid4()", 10, "speedup>="),
    ("EuidGenerator.next()", "uuid.uuid4()", 10, "speedup>="),
    ("TidGenerator.next()", "ulid.ULID() (python-ulid)", 10, "speedup>="),
    ("Xid.generate()", "ulid.ULID() (python-ulid)", 10, "speedup>="),
    ("EuidGenerator.next()", "ulid.ULID() (python-ulid)", 10, "speedup>="),
    ("TidGenerator.next_many(1000) [per ID]", None, 30, "ns<="),
    ("Xid.generate_many(1000) [per ID]", None, 30, "ns<="),
    ("EuidGenerator.next_many(1000) [per ID]", None, 30, "ns<="),
]


def measure(samples: int, budget_s: float) -> Dict[str, List[float]]:
    times: Dict[str, List[float]] = {k: [] for k in CANDIDATES}
    for f in CANDIDATES.values():  # warm-up
        f()
    deadline = time.perf_counter() + budget_s
    for i in range(samples):
        for name, f in CANDIDATES.items():
            t0 = time.perf_counter_ns()
            result = f()
            times[name].append((time.perf_counter_ns() - t0) / N)
            del result
        if i >= 20 and time.perf_counter() > deadline:
            break
    return times


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", type=int, default=400)
    ap.add_argument("--seconds", type=float, default=60.0, help="stop sampling after this")
    ap.add_argument("--json", default=os.path.join(ROOT, "target", "bench", "python.json"))
    args = ap.parse_args()

    # Sanity: polyid and the pure-Python oracle agree on every input.
    assert polyid.compact_ids(CODES) == [pure_wdp.compact_id(c) for c in CODES]

    times = measure(args.samples, args.seconds)
    best = {k: min(v) for k, v in times.items()}
    median = {k: statistics.median(v) for k, v in times.items()}
    cpu = "?"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if "model name" in line)
    except (OSError, StopIteration):
        pass
    load = os.getloadavg() if hasattr(os, "getloadavg") else ()
    print(f"polyid {polyid.__version__} on CPython {platform.python_version()}, {cpu}, "
          f"{os.cpu_count()} CPUs, load {' '.join(f'{x:.2f}' for x in load)}")
    print(f"{len(times['TidGenerator.next()'])} samples of {N} calls each, interleaved\n")
    width = max(map(len, CANDIDATES))
    print(f"{'candidate':<{width}}  {'ns/call':>8}  {'median':>8}")
    for name in CANDIDATES:
        print(f"{name:<{width}}  {best[name]:8.1f}  {median[name]:8.1f}")

    print("\ntargets (fastest samples):")
    ok_all = True
    results = []
    for cand, ref, limit, kind in TARGETS:
        if kind == "ns<=":
            value = best[cand]
            ok = value <= limit
            text = f"{cand}: {value:.1f} ns (target <= {limit:g} ns)"
        elif kind == "ratio<=":
            value = best[cand] / best[ref]
            ok = value <= limit
            text = f"{cand} / {ref}: {value:.2f}x (target <= {limit:g}x)"
        else:
            value = best[ref] / best[cand]
            ok = value >= limit
            text = f"{cand} is {value:.1f}x faster than {ref} (target >= {limit:g}x)"
        ok_all &= ok
        results.append({"candidate": cand, "reference": ref, "kind": kind, "limit": limit,
                        "value": round(value, 3), "ok": ok})
        print(f"  {'PASS' if ok else 'MISS'}  {text}")
    from importlib.metadata import version

    peers = ", ".join(f"{p} {version(p)}" for p in ("xxhash", "uuid-utils", "python-ulid"))
    md = [f"polyid {polyid.__version__}, CPython {platform.python_version()} (peers: {peers}), "
          f"{len(times['TidGenerator.next()'])} samples of {N} calls each, interleaved; the loop "
          f"overhead is in every per-call figure:",
          "",
          "| candidate | ns per call or item (fastest sample) | median sample |",
          "|---|---:|---:|"]
    md += [f"| `{name}` | {best[name]:.1f} | {median[name]:.1f} |" for name in CANDIDATES]
    md += ["", "| target | measured | |", "|---|---:|---|"]
    for r in results:
        if r["kind"] == "ns<=":
            what, val = f"`{r['candidate']}` <= {r['limit']:g} ns", f"{r['value']:.1f} ns"
        elif r["kind"] == "ratio<=":
            what = f"`{r['candidate']}` <= {r['limit']:g} x `{r['reference']}`"
            val = f"{r['value']:.2f}x"
        else:
            what = f"`{r['candidate']}` >= {r['limit']:g}x faster than `{r['reference']}`"
            val = f"{r['value']:.1f}x"
        md.append(f"| {what} | {val} | {'met' if r['ok'] else '**missed**'} |")
    os.makedirs(os.path.dirname(args.json), exist_ok=True)
    with open(os.path.splitext(args.json)[0] + ".md", "w") as f:
        f.write("\n".join(md) + "\n")
    if os.environ.get("BENCH_MD"):  # make python-bench-write (tools/bench_section.py)
        with open(os.environ["BENCH_MD"], "a") as f:
            f.write("\n".join(md) + "\n")
    with open(args.json, "w") as f:
        json.dump({"python": platform.python_version(), "cpu": cpu, "load": load,
                   "best_ns": best, "median_ns": median, "targets": results}, f, indent=2)
    print(f"\n{sum(r['ok'] for r in results)} of {len(results)} targets met "
          f"(figures in {os.path.relpath(args.json, ROOT)} and .md)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
