#!/usr/bin/env python3
"""Writes (--write) or checks (--check) the odds table of docs/uniqueness.md from
`polyid simulate` (closed form; the Monte Carlo lines are checked by the same command in
`make test`). Usage: uniqueness_table.py --write|--check [--cli target/release/polyid]"""

import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOC = os.path.join(ROOT, "docs", "uniqueness.md")
BEGIN = "<!-- table: polyid simulate (docs/tools/uniqueness_table.py --write) -->"
END = "<!-- end of table -->"

ROWS = [
    ("tid", "none"), ("xid", "none"), ("tid", "assigned"), ("xid", "assigned"), ("euid", "none"),
]
HOSTS = [2, 10, 100, 1000]
RATES = [0.1, 100, 10_000]


def simulate(cli, family, node, hosts, rate):
    out = subprocess.run([cli, "--json", "simulate", "--family", family, "--node", node,
                          "--hosts", str(hosts), "--rate", str(rate), "--years", "1",
                          "--trials", "0"], check=True, capture_output=True, text=True).stdout
    return json.loads(out)["probability"]


def fmt(p):
    if p == 0:
        return "0"
    if p >= 0.9995:
        return "1"
    if p >= 0.001:
        return f"{p:.3f}"
    return f"{p:.1e}"


def table(cli):
    head = "| family | node | IDs/s per process | " + " | ".join(f"{h} processes" for h in HOSTS) + " |"
    lines = [head, "|" + "---|" * (3 + len(HOSTS))]
    for family, node in ROWS:
        for rate in RATES:
            cells = [fmt(simulate(cli, family, node, h, rate)) for h in HOSTS]
            label = {"none": "none" if family != "euid" else "(none needed)",
                     "assigned": "distinct nodes"}[node]
            name = {"tid": "TID", "xid": "xid", "euid": "EUID"}[family]
            lines.append(f"| {name} | {label} | {rate:,} | "
                         + " | ".join(cells) + " |")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser()
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--write", action="store_true")
    g.add_argument("--check", action="store_true")
    ap.add_argument("--cli", default=os.path.join(ROOT, "target", "release", "polyid"))
    args = ap.parse_args()
    with open(DOC, encoding="utf-8") as f:
        text = f.read()
    a, b = text.index(BEGIN) + len(BEGIN), text.index(END)
    fresh = "\n" + table(args.cli) + "\n"
    if args.write:
        with open(DOC, "w", encoding="utf-8") as f:
            f.write(text[:a] + fresh + text[b:])
        print("docs/uniqueness.md: table written")
        return 0
    if text[a:b] != fresh:
        print("FAIL docs/uniqueness.md: the odds table differs from `polyid simulate`; run "
              "docs/tools/uniqueness_table.py --write")
        return 1
    print("docs/uniqueness.md: the odds table matches `polyid simulate`")
    return 0


if __name__ == "__main__":
    sys.exit(main())
