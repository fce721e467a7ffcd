#!/usr/bin/env python3
"""Prints the C-ABI and direct-Rust timings side by side (make c-bench); with BENCH_MD set to
a file (make c-bench-write, tools/bench_section.py), the table is appended to it as Markdown.

Usage: compare.py C_TIMINGS RUST_TIMINGS (lines of `name ns_per_call`)."""
import os
import sys


def read(path):
    with open(path) as f:
        return dict((name, float(ns)) for name, ns in (line.split() for line in f if line.strip()))


c, rust = read(sys.argv[1]), read(sys.argv[2])
print(f"{'operation':<26}{'C ABI ns/call':>15}{'Rust ns/call':>15}{'C / Rust':>10}")
md = ["| operation | C ABI ns/call | Rust ns/call | C / Rust |", "|---|---:|---:|---:|"]
for name, ns in c.items():
    r = rust.get(name)
    ratio = f"{ns / r:.2f}x" if r else "-"
    print(f"{name:<26}{ns:>15.1f}{(r or 0):>15.1f}{ratio:>10}")
    md.append(f"| `{name}` | {ns:.1f} | {r:.1f} | {ratio} |" if r else f"| `{name}` | {ns:.1f} | | |")
if os.environ.get("BENCH_MD"):
    with open(os.environ["BENCH_MD"], "a") as f:
        f.write("\n".join(md) + "\n")
