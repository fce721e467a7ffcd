#!/usr/bin/env python3
"""Prints the C-ABI and direct-Rust timings side by side (make c-bench)."""
import sys


def read(path):
    with open(path) as f:
        return dict((name, float(ns)) for name, ns in (line.split() for line in f if line.strip()))


c, rust = read(sys.argv[1]), read(sys.argv[2])
print(f"{'operation':<26}{'C ABI ns/call':>15}{'Rust ns/call':>15}{'C / Rust':>10}")
for name, ns in c.items():
    r = rust.get(name)
    ratio = f"{ns / r:.2f}x" if r else "-"
    print(f"{name:<26}{ns:>15.1f}{(r or 0):>15.1f}{ratio:>10}")
