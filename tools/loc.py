#!/usr/bin/env python3
"""Non-test Rust lines of the core and of each binding crate, and each binding's ratio to the
core (`make loc`).

What is counted, per crate: `wc -l` of every `*.rs` file under the crate's `src/` (so not
`build.rs`, `tests/`, `benches/`, `examples/`, nor generated files such as the C header),
minus test code:
- files named `tests.rs` and files under a `tests/` folder of `src/`;
- every item marked `#[cfg(test)]`: from that attribute's line through the item's last line
  (its closing brace at the attribute's indentation, as rustfmt writes it; `make lint` checks
  the formatting), or through the item's line when it ends with `;` (`mod tests;`).
Blank lines and comments count, as `wc -l` counts them.

    python3 tools/loc.py            # the table
    python3 tools/loc.py --markdown # the same as a Markdown table (docs/architecture.md)
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORE = ("core", "core/src")
BINDINGS = [
    ("c", "bindings-c/src"),
    ("python", "bindings-python/src"),
    ("node", "bindings-node/src"),
    ("wasm", "bindings-wasm/src"),
    ("arrow", "arrow/src"),
    ("jvm", "bindings-jvm/src"),
    ("sql", "sql/src"),
    ("sql-functions", "sql/functions/src"),
    ("postgres", "postgres/src"),
    ("cli", "cli/src"),
]


def is_test_file(rel):
    parts = rel.split(os.sep)
    return parts[-1] == "tests.rs" or "tests" in parts[:-1]


def test_lines(lines):
    """How many of `lines` belong to items marked #[cfg(test)]."""
    skipped = 0
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.strip() != "#[cfg(test)]":
            i += 1
            continue
        indent = line[: len(line) - len(line.lstrip())]
        j = i + 1
        # Further attributes and doc comments of the same item.
        while j < len(lines) and lines[j].startswith((indent + "#", indent + "///")):
            j += 1
        if j < len(lines) and lines[j].rstrip().endswith(";") and "{" not in lines[j]:
            end = j
        else:
            end = j
            while end < len(lines) and lines[end].rstrip() not in (indent + "}", indent + "};"):
                end += 1
        skipped += end - i + 1
        i = end + 1
    return skipped


def count(src):
    total = 0
    for folder, _, files in os.walk(os.path.join(ROOT, src)):
        for name in files:
            if not name.endswith(".rs"):
                continue
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, os.path.join(ROOT, src))
            if is_test_file(rel):
                continue
            with open(path, encoding="utf-8") as f:
                lines = f.read().split("\n")
            if lines and lines[-1] == "":
                lines.pop()  # wc -l counts newlines
            total += len(lines) - test_lines(lines)
    return total


def main():
    markdown = "--markdown" in sys.argv
    core = count(CORE[1])
    rows = [(CORE[0], CORE[1], core)] + [(n, s, count(s)) for n, s in BINDINGS]
    if markdown:
        print("| crate | counted | non-test lines | of the core |")
        print("|---|---|---:|---:|")
        for name, src, n in rows:
            ratio = round(100 * n / core)
            print("| %s | `%s/**/*.rs` | %s | %d%% |" % (name, src, format(n, ","), ratio))
        return 0
    print("%-13s %-28s %14s %12s" % ("crate", "counted", "non-test lines", "of the core"))
    for name, src, n in rows:
        print("%-13s %-28s %14s %11d%%" % (name, src + "/**/*.rs", format(n, ","), round(100 * n / core)))
    print("(tools/loc.py: wc -l of src/**/*.rs without tests.rs, src/**/tests/ and #[cfg(test)] items)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
