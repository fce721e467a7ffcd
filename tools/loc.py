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
Blank lines and comments count, as `wc -l` counts them. A second count, "code", leaves out
blank lines and comment lines (`//`, `///`, `//!`) as well: for a binding whose API
documentation is written as doc comments (the C header is generated from them), it tells
the code from its documentation.

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


def without_tests(lines):
    """`lines` without the items marked #[cfg(test)]."""
    kept = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.strip() != "#[cfg(test)]":
            kept.append(line)
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
        i = end + 1
    return kept


def is_code(line):
    stripped = line.strip()
    return bool(stripped) and not stripped.startswith("//")


def count(src):
    """(non-test lines, non-test code lines) of the crate whose sources are `src`."""
    total = code = 0
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
            kept = without_tests(lines)
            total += len(kept)
            code += sum(1 for line in kept if is_code(line))
    return total, code


def main():
    markdown = "--markdown" in sys.argv
    core, core_code = count(CORE[1])
    rows = [(CORE[0], CORE[1], core, core_code)] + [(n, s, *count(s)) for n, s in BINDINGS]
    if markdown:
        print("| crate | counted | non-test lines | of the core | code lines | of the core's |")
        print("|---|---|---:|---:|---:|---:|")
        for name, src, n, c in rows:
            print("| %s | `%s/**/*.rs` | %s | %.1f%% | %s | %.1f%% |" % (
                name, src, format(n, ","), 100 * n / core, format(c, ","),
                100 * c / core_code))
        return 0
    print("%-13s %-28s %14s %12s %11s %14s" % ("crate", "counted", "non-test lines", "of the core",
                                             "code lines", "of the core's"))
    for name, src, n, c in rows:
        # One decimal: a bar such as "at most 30%" is not met by 30.4%, which rounds to 30.
        print("%-13s %-28s %14s %11.1f%% %11s %13.1f%%" % (
            name, src + "/**/*.rs", format(n, ","), 100 * n / core, format(c, ","),
            100 * c / core_code))
    print("(tools/loc.py: wc -l of src/**/*.rs without tests.rs, src/**/tests/ and #[cfg(test)] "
          "items; code lines: also without blank and comment lines)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
