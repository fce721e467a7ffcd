"""polyid.arrow on a large string column: prints the ratios the Arrow API is held to.

    arrow_bench.py [--rows N] [--loop-rows N]

- compact IDs of N codes (a pyarrow string column, 1,000 distinct codes repeated) with
  polyid.arrow.compact_ids, against a Python loop over polyid.compact_id (timed on
  --loop-rows of the same codes, rated per row) and against Polars' own Series.hash() on
  the same column; then N codes that are all different (no row's code seen before);
- compact IDs of N realistic codes (`codes.py`: a seeded generator over the whole valid space,
  every field length, mixed case, named sequences, white space, 2% invalid rows computed with
  on_error="null"), 2,000 and 10,000 distinct codes repeated and then all different, against
  Polars' Series.hash() on the same column; and their normalized forms with
  polyid.arrow.normalize_codes, against Polars' trim and uppercase (which resolve no names);
- TID, xid and EUID parse of N texts through polyid.arrow (the core's per-ID loop, and the
  parse and encode kernels beside it, are timed by
  `cargo run --release -p polyid-arrow --example parse_bench`);
- the realistic columns again in a child process whose kernels and Polars run on one thread
  each (POLYID_ARROW_THREADS=1, POLARS_MAX_THREADS=1): Series.hash() runs on one thread,
  polyid.arrow on every CPU, so the ratios above compare the whole machine with one core and
  these the work per row;
- peak RSS of a child process that maps the column from an Arrow IPC file (written here)
  and computes the IDs, against the bytes of the input and output columns.

With BENCH_MD set to a file (make arrow-bench-write, tools/bench_section.py), the figures are
appended to it as a Markdown table.
"""

from __future__ import annotations

import os

# numpy (used only to build the input) would otherwise start OpenBLAS threads that compete
# with the kernels' threads for the CPUs while the kernels are timed.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import resource
import subprocess
import sys
import time
from typing import Any, Callable

import numpy as np
import polars as pl
import pyarrow as pa
import pyarrow.compute as pc

import polyid
import polyid.arrow as ids

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import codes  # noqa: E402  (the generator beside this file)


def best(f: Callable[[], Any], runs: int = 3) -> float:
    t = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        f()
        t = min(t, time.perf_counter() - t0)
    return t


def best_pair(f: Callable[[], Any], g: Callable[[], Any], runs: int = 5) -> tuple[float, float]:
    """The best times of `f` and of its peer `g`, run in turns: a ratio of the two then
    compares calls made in the same seconds, whatever else the machine was doing."""
    tf = tg = float("inf")
    for _ in range(runs):
        tf = min(tf, best(f, 1))
        tg = min(tg, best(g, 1))
    return tf, tg


def codes_column(rows: int) -> pa.Array:
    import random

    rng = random.Random(7)
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    distinct = [
        f"{rng.choice('EWCBSKITH')}.{''.join(rng.choices(letters, k=rng.randrange(3, 9)))}"
        f".{''.join(rng.choices(letters, k=rng.randrange(3, 9)))}.{rng.randrange(1, 1000):03d}"
        for _ in range(1000)
    ]
    import numpy as np

    picks = np.random.default_rng(7).integers(0, len(distinct), rows, dtype=np.int32)
    return pa.array(distinct).take(pa.array(picks))


def distinct_codes_column(rows: int) -> pa.Array:
    """N different codes (no code repeats, so no row is recognized as seen before)."""
    return pa.array(
        f"E.C{i % 99_991}.P{i // 99_991}.{i % 999 + 1:03d}" for i in range(rows)
    )


def hwm() -> int:
    """This process's peak RSS in bytes (VmHWM: unlike ru_maxrss, not inherited from the
    parent that forked it)."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def rss_child(path: str) -> None:
    """Runs in a child: maps the column from the Arrow IPC file `path` (its bytes are the
    file's pages, with nothing left over from building it), computes its compact IDs, and
    compares the peak RSS above the baseline with the input and output bytes."""
    import pyarrow.ipc as ipc

    base = hwm()
    with pa.memory_map(path) as source:
        table = ipc.open_file(source).read_all()
        assert table.column("code").num_chunks == 1
        col = table.column("code").chunk(0)
        out = pa.array(ids.compact_ids(col))
        peak = hwm()
    rows = len(col)
    data = col.nbytes + out.nbytes
    print(f"memory, {rows:,} rows: input {col.nbytes / 1e6:.0f} MB (mapped from an Arrow IPC "
          f"file) + output {out.nbytes / 1e6:.0f} MB = {data / 1e6:.0f} MB; peak RSS above the "
          f"interpreter {(peak - base) / 1e6:.0f} MB ({(peak - base) / data:.2f}x)")
    ratio = (peak - base) / data
    markdown(f"| peak RSS of a process mapping the column from an Arrow IPC file and computing "
             f"its compact IDs, above the interpreter | {(peak - base) / 1e6:.0f} MB for "
             f"{col.nbytes / 1e6:.0f} MB input + {out.nbytes / 1e6:.0f} MB output: "
             f"{ratio:.2f}x | <= 1.2x: {'met' if ratio <= 1.2 else '**not met**'} |")


def realistic_columns(n: int) -> tuple:
    """The realistic columns (label, column, target ratio or None), as `codes.py` makes them:
    a service's catalog repeated, a catalog larger than the kernels' blocks of rows, and no
    code twice."""
    return (
        ("2,000 distinct realistic codes repeated", codes.repeated(n, invalid=0.02), 1.0),
        ("10,000 distinct realistic codes repeated",
         codes.repeated(n, distinct=10_000, invalid=0.02), None),
        ("all-distinct realistic codes", codes.all_distinct(n, invalid=0.02), 1.5),
    )


def one_thread_child(n: int) -> None:
    """Runs in a child started with one thread for the kernels and for Polars: the realistic
    columns' compact IDs against Series.hash(), per row."""
    for label, column, _ in realistic_columns(n):
        realistic = pl.Series(column)
        t, h = best_pair(lambda: ids.compact_ids(column, on_error="null"),
                         lambda: realistic.hash())
        del realistic
        print(f"  one thread each, {label}: polyid.arrow.compact_ids {t / n * 1e9:.1f} ns/row, "
              f"Polars Series.hash() {h / n * 1e9:.1f} ns/row -> {t / h:.2f}x")
        markdown(f"| `polyid.arrow.compact_ids`, {label}, one thread (`POLYID_ARROW_THREADS=1`; "
                 f"Polars `POLARS_MAX_THREADS=1`) | {t / n * 1e9:.1f} ns/row; Polars "
                 f"`Series.hash()` {h / n * 1e9:.1f} ns/row: {t / h:.2f}x | |")


def markdown(line: str) -> None:
    """Appends a line to the Markdown file BENCH_MD names, when it is set."""
    if os.environ.get("BENCH_MD"):
        with open(os.environ["BENCH_MD"], "a") as f:
            f.write(line + "\n")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=10_000_000)
    ap.add_argument("--loop-rows", type=int, default=1_000_000)
    ap.add_argument("--rss-child", metavar="IPC_FILE")
    ap.add_argument("--one-thread-child", action="store_true")
    a = ap.parse_args()
    if a.rss_child:
        rss_child(a.rss_child)
        return
    if a.one_thread_child:
        one_thread_child(a.rows)
        return
    n = a.rows
    col = codes_column(n)
    series = pl.Series(col)
    t_arrow, t_hash = best_pair(lambda: ids.compact_ids(col), lambda: series.hash())
    sample = col.slice(0, a.loop_rows).to_pylist()
    cid = polyid.compact_id
    t_loop = best(lambda: [cid(c) for c in sample]) * n / len(sample)
    distinct = distinct_codes_column(n)
    distinct_series = pl.Series(distinct)
    t_distinct, t_distinct_hash = best_pair(lambda: ids.compact_ids(distinct),
                                            lambda: distinct_series.hash())
    del distinct, distinct_series
    print(f"compact IDs, {n:,} rows: polyid.arrow.compact_ids {t_arrow:.3f} s "
          f"({t_arrow / n * 1e9:.1f} ns/row)")
    print(f"  Python loop over polyid.compact_id: {t_loop:.3f} s (rated from "
          f"{len(sample):,} rows) -> arrow is {t_loop / t_arrow:.1f}x faster")
    print(f"  Polars Series.hash(): {t_hash:.3f} s -> arrow/hash {t_arrow / t_hash:.2f}x")
    print(f"  {n:,} distinct codes: polyid.arrow.compact_ids {t_distinct:.3f} s "
          f"({t_distinct / n * 1e9:.1f} ns/row), Polars Series.hash() {t_distinct_hash:.3f} s")
    speedup, vs_hash = t_loop / t_arrow, t_arrow / t_hash
    markdown(f"`polyid.arrow`, {n:,} rows, best of 3 (of 5 taken in turns with the peer, where a "
             "ratio to a peer is given):\n")
    markdown("| measure | figure | target |")
    markdown("|---|---|---|")
    markdown(f"| `polyid.arrow.compact_ids`, string column (1,000 distinct codes) | "
             f"{t_arrow:.3f} s, {t_arrow / n * 1e9:.1f} ns/row | |")
    markdown(f"| Python loop over `polyid.compact_id` (rated from {len(sample):,} rows) | "
             f"{t_loop:.3f} s: the column call is {speedup:.1f}x faster | >= 20x: "
             f"{'met' if speedup >= 20 else '**not met**'} |")
    markdown(f"| Polars `Series.hash()` on the same column | {t_hash:.3f} s: the column call "
             f"takes {vs_hash:.1f}x as long | <= 2x: {'met' if vs_hash <= 2 else '**not met**'} |")
    markdown(f"| `polyid.arrow.compact_ids`, {n:,} distinct codes (none seen before) | "
             f"{t_distinct:.3f} s, {t_distinct / n * 1e9:.1f} ns/row; Polars `Series.hash()` "
             f"{t_distinct_hash:.3f} s | |")
    columns = realistic_columns(n)
    for label, column, target in columns:
        realistic = pl.Series(column)
        t, h = best_pair(lambda: ids.compact_ids(column, on_error="null"),
                         lambda: realistic.hash())
        del realistic
        print(f"  {n:,} {label} (2% invalid, on_error='null'): polyid.arrow.compact_ids "
              f"{t:.3f} s ({t / n * 1e9:.1f} ns/row), Polars Series.hash() {h:.3f} s "
              f"({h / n * 1e9:.1f} ns/row) -> {t / h:.2f}x")
        markdown(f"| `polyid.arrow.compact_ids`, {label} (every field length, mixed case, "
                 f"named sequences, white space; 2% invalid, `on_error=\"null\"`) | "
                 f"{t:.3f} s, {t / n * 1e9:.1f} ns/row; Polars `Series.hash()` {h:.3f} s, "
                 f"{h / n * 1e9:.1f} ns/row: {t / h:.2f}x | "
                 + ("" if target is None else f"<= {target:.1f}x: "
                    f"{'met' if t / h <= target else '**not met**'}") + " |")
    # The 2,000-code column as a dictionary array (computed once per value, then taken by
    # key), and with one row in a hundred null (the runs between nulls looked up in batches).
    repeated = columns[0][1]
    variants = (
        ("dictionary-encoded (`pyarrow.DictionaryArray`)", repeated.dictionary_encode()),
        ("with one row in a hundred null",
         pc.if_else(pa.array(np.arange(n) % 100 == 37), pa.scalar(None, repeated.type),
                    repeated)),
    )
    for label, column in variants:
        t = best(lambda: ids.compact_ids(column, on_error="null"))
        print(f"  2,000 distinct realistic codes repeated, {label}: polyid.arrow.compact_ids "
              f"{t / n * 1e9:.1f} ns/row")
        markdown(f"| `polyid.arrow.compact_ids`, 2,000 distinct realistic codes repeated, {label} | "
                 f"{t:.3f} s, {t / n * 1e9:.1f} ns/row | |")
    del variants, repeated
    # Normalizing (trimmed, uppercase, a named sequence resolved) after every compact-ID row,
    # so that the text columns Polars makes here are not in the memory those rows see.
    # Polars' trim and uppercase (no names) is the text work alone.
    for label, column, _ in columns:
        realistic = pl.Series(column)
        t_norm, h_norm = best_pair(lambda: ids.normalize_codes(column, on_error="null"),
                                   lambda: realistic.str.strip_chars().str.to_uppercase())
        del realistic
        print(f"  {label}: polyid.arrow.normalize_codes {t_norm / n * 1e9:.1f} ns/row, Polars "
              f"str.strip_chars().str.to_uppercase() {h_norm / n * 1e9:.1f} ns/row")
        markdown(f"| `polyid.arrow.normalize_codes`, {label} (as above) | {t_norm:.3f} s, "
                 f"{t_norm / n * 1e9:.1f} ns/row; Polars `str.strip_chars().str.to_uppercase()` "
                 f"{h_norm:.3f} s, {h_norm / n * 1e9:.1f} ns/row: {t_norm / h_norm:.2f}x | |")
    del columns
    # The same columns with one thread each (a child: the thread counts are read once).
    one = dict(os.environ, POLYID_ARROW_THREADS="1", POLARS_MAX_THREADS="1")
    subprocess.run([sys.executable, __file__, "--one-thread-child", "--rows", str(n)], check=True,
                   env=one)
    for name, gen, parse in (
        ("TID", ids.tid_generate, ids.tid_parse),
        ("xid", ids.xid_generate, ids.xid_parse),
        ("EUID", ids.euid_generate, ids.euid_parse),
    ):
        texts = gen(min(n, 10_000_000))
        rows = len(pa.array(texts))
        t = best(lambda: parse(texts))
        print(f"{name} parse, {rows:,} rows: polyid.arrow {t:.3f} s ({t / rows * 1e9:.1f} ns/row)")
        markdown(f"| {name} parse through `polyid.arrow` | {t:.3f} s, {t / rows * 1e9:.1f} ns/row | |")
    import tempfile

    import pyarrow.ipc as ipc

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "codes.arrow")
        with pa.OSFile(path, "wb") as sink, ipc.new_file(sink, pa.schema([("code", col.type)])) as w:
            w.write_batch(pa.record_batch([col], names=["code"]))
        del col, series
        subprocess.run([sys.executable, __file__, "--rss-child", path], check=True)


if __name__ == "__main__":
    main()
