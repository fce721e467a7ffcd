#!/usr/bin/env python3
"""Writes or checks every list of polyid's error codes against the core's `ErrorCode`.

The core (`core/src/error.rs`: `ErrorCode::ALL`, `as_str`, `description`, `MESSAGE_FORMS`)
is the only source. Its table comes from `cargo run -p polyid --example error_codes` (JSON:
the codes with their one-line descriptions in `ALL` order, and the message forms of the core's
`Display`). Every other place that lists the codes marks the list with a begin and an end
comment:

    <!-- error-codes: KIND [omit=CODE,CODE] [order=any] -->  ...  <!-- /error-codes -->   Markdown
    // error-codes: KIND                                     ...  // /error-codes         TS, Rust

KIND says what the block holds:

    table     Markdown table `| code | description |`: the rows are written from the core
    codes     Markdown table whose first column names codes (one or several per row): the
              codes, in the core's order unless order=any, are every code but the omitted ones
    mentions  prose: every code but the omitted ones is named, and no other SCREAMING name is
    c-table   the C README's status table `| value | POLYID_X | X | meaning |`: values and names
              are the C numbering (below)
    ts-union  TypeScript `| 'CODE'` lines of a union type: written from the core
    c-strings Rust `(POLYID_CODE, c"CODE"),` lines (bindings-c CODES: statuses 1..): written
    c-enum    Rust `POLYID_X = N,` members of polyid_status: checked against the C numbering
              (bindings-c/include/polyid.h, written by cbindgen, is checked the same way
              without markers)
    js-messages  JavaScript entries of `MESSAGES` in bindings-js/common.js, one function per
              message form of the core (the WebAssembly engine hands the JavaScript layer an
              error's parts, and the layer writes the message with these): written

The C numbering: `POLYID_OK = 0`, the codes in `ALL` order without INTERNAL_ERROR from 1, and
`POLYID_INTERNAL_ERROR = 99` (the values are ABI: a new code is appended to `ALL`).

    python3 tools/error_codes.py --check    exit 1 and list every difference
    python3 tools/error_codes.py --write    rewrite the written kinds, then check
    python3 tools/error_codes.py --json     print the core's table
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The cbindgen header keeps no plain comments: its `polyid_status` enum is checked as a whole.
C_HEADER = "bindings-c/include/polyid.h"

# Every other file that lists error codes; each must hold at least one marked block.
FILES = [
    "README.md",
    "docs/spec/README.md",
    "tests/vectors/README.md",
    "bindings-c/README.md",
    "bindings-c/src/ffi.rs",
    "bindings-node/README.md",
    "bindings-python/README.md",
    "bindings-wasm/README.md",
    "bindings-js/polyid.d.ts",
    "bindings-js/common.js",
]

BEGIN = re.compile(r"^\s*(?:<!--|//)\s*error-codes:\s*(?P<args>[^>]*?)\s*(?:-->)?\s*$")
END = re.compile(r"^\s*(?:<!--|//)\s*/error-codes\s*(?:-->)?\s*$")
CODE = re.compile(r"`([A-Z][A-Z0-9_]*)`")
C_INTERNAL = 99


def core_output() -> dict:
    cargo = os.environ.get("CARGO", "cargo")
    out = subprocess.run(
        # The profile of `make core-test`, which has built the example by then.
        [cargo, "run", "-q", "--locked", "--profile", "release-tests", "-p", "polyid",
         "--example", "error_codes"],
        cwd=ROOT, check=True, stdout=subprocess.PIPE, text=True,
    ).stdout
    core = json.loads(out)
    table, forms = core["codes"], core["messages"]
    assert table and all(set(row) == {"code", "description"} for row in table), out
    assert forms and all(set(f) == {"kind", "code", "fields", "form"} for f in forms), out
    return core


FIELD = re.compile(r"\{([a-z]+)(:\?)?\}")


def js_message(form: dict) -> str:
    """A message form as a JavaScript arrow function of the detail's fields: `{x}` is the
    value as text, `{x:?}` Rust's debug quoting (`debugChar` for a character, `debugStr` for a
    text, both in common.js)."""
    def field(m: re.Match) -> str:
        name, debug = m.group(1), m.group(2)
        if name not in form["fields"]:
            raise SystemExit(f"message form {form['form']!r} names {name!r}, not one of its fields")
        if not debug:
            return "${" + name + "}"
        if form["kind"] == "char":
            return "${" + f"debugChar({name})" + "}"
        # A text comes as its kept characters and, when cut, the input's length in bytes.
        length = ", len" if "len" in form["fields"] else ""
        return "${" + f"debugStr({name}{length})" + "}"
    body = FIELD.sub(field, form["form"].replace("\\", "\\\\").replace("`", "\\`"))
    key = form["kind"] + (f" {form['code']}" if form["code"] else "")
    return f"'{key}': ({', '.join(form['fields'])}) => `{body}`,"


def c_numbering(codes: list[str]) -> list[tuple[str, int]]:
    shared = [c for c in codes if c != "INTERNAL_ERROR"]
    assert len(shared) < C_INTERNAL
    return [("OK", 0)] + [(c, i + 1) for i, c in enumerate(shared)] + [("INTERNAL_ERROR", C_INTERNAL)]


def parse_args(text: str) -> tuple[str, dict[str, str]]:
    kind, *rest = text.split()
    opts = {}
    for item in rest:
        key, _, value = item.partition("=")
        opts[key] = value
    return kind, opts


def blocks(lines: list[str]):
    """(begin index, end index, kind, options) of every marked block."""
    i = 0
    while i < len(lines):
        m = BEGIN.match(lines[i])
        if m:
            j = i + 1
            while j < len(lines) and not END.match(lines[j]):
                if BEGIN.match(lines[j]):
                    raise SystemExit(f"line {j + 1}: error-codes block opened inside another")
                j += 1
            if j == len(lines):
                raise SystemExit(f"line {i + 1}: error-codes block without its end marker")
            kind, opts = parse_args(m.group("args"))
            yield i, j, kind, opts
            i = j
        i += 1


def first_cells(body: list[str]) -> list[str]:
    """The codes named in the first column of a Markdown table's rows (header skipped)."""
    rows = [line for line in body if line.startswith("|")][2:]
    found = []
    for row in rows:
        cells = row.split("|")
        found += CODE.findall(cells[1])
    return found


def render(kind: str, body: list[str], table: list[dict[str, str]], forms: list[dict]) -> list[str] | None:
    """The block's new body for the written kinds; None for the checked ones."""
    if kind == "js-messages":
        indent = re.match(r"\s*", body[0]).group(0) if body else "  "
        return [indent + js_message(f) for f in forms]
    if kind == "table":
        header = [line for line in body if line.startswith("|")][:2]
        if len(header) != 2:
            raise ValueError("a `table` block starts with the table's header and separator lines")
        return header + [f"| `{r['code']}` | {r['description']} |" for r in table]
    if kind == "ts-union":
        indent = re.match(r"\s*", body[0]).group(0) if body else "  "
        return [f"{indent}| '{r['code']}'" for r in table]
    if kind == "c-strings":
        indent = re.match(r"\s*", body[0]).group(0) if body else "    "
        return [
            f'{indent}(POLYID_{c}, c"{c}"),'
            for c, n in c_numbering([r["code"] for r in table])
            if 0 < n < C_INTERNAL
        ]
    return None


def check(kind: str, opts: dict[str, str], body: list[str], codes: list[str]) -> list[str]:
    """Differences between a checked block and the core."""
    omit = [c for c in opts.get("omit", "").split(",") if c]
    problems = [f"omit={c} is not a core code" for c in omit if c not in codes]
    want = [c for c in codes if c not in omit]
    if kind == "codes":
        got = first_cells(body)
        if opts.get("order") == "any":
            got, want = sorted(got), sorted(want)
        if got != want:
            problems.append(f"codes {describe(got, want)}")
    elif kind == "mentions":
        got = CODE.findall("\n".join(body))
        unknown = sorted({c for c in got if c not in codes and not c.startswith("POLYID")})
        missing = [c for c in want if c not in got]
        if unknown:
            problems.append(f"names codes the core does not have: {', '.join(unknown)}")
        if missing:
            problems.append(f"does not name {', '.join(missing)}")
    elif kind == "c-table":
        got = []
        for row in [line for line in body if line.startswith("|")][2:]:
            cells = [c.strip() for c in row.split("|")[1:4]]
            got.append((cells[0], cells[1], cells[2]))
        want_rows = [(str(n), f"`POLYID_{c}`", f"`{c}`") for c, n in c_numbering(codes)]
        if got != want_rows:
            problems.append(f"rows {describe(got, want_rows)}")
    elif kind == "c-enum":
        got = re.findall(r"\b(POLYID_[A-Z0-9_]+)\s*=\s*(\d+)\s*,", "\n".join(body))
        want_rows = [(f"POLYID_{c}", str(n)) for c, n in c_numbering(codes)]
        if got != want_rows:
            problems.append(f"members {describe(got, want_rows)}")
    else:
        problems.append(f"unknown kind {kind!r}")
    return problems


def describe(got: list, want: list) -> str:
    extra = [x for x in got if x not in want]
    missing = [x for x in want if x not in got]
    if extra or missing:
        return f"differ from the core: missing {missing}, not in the core {extra}"
    return f"are in another order than the core's: {got} (core: {want})"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true")
    mode.add_argument("--write", action="store_true")
    mode.add_argument("--json", action="store_true")
    args = ap.parse_args()

    core = core_output()
    table, forms = core["codes"], core["messages"]
    if args.json:
        print(json.dumps(core, indent=2))
        return 0
    codes = [r["code"] for r in table]
    failures = []
    count = 0
    for name in FILES:
        path = ROOT / name
        text = path.read_text(encoding="utf-8")
        lines = text.split("\n")
        found = list(blocks(lines))
        if not found:
            failures.append(f"{name}: no error-codes block")
        # Replace from the last block up, so earlier indices stay valid.
        for begin, end, kind, opts in reversed(found):
            count += 1
            where = f"{name}:{begin + 1}: {kind}"
            body = lines[begin + 1:end]
            try:
                new = render(kind, body, table, forms)
            except ValueError as e:
                failures.append(f"{where}: {e}")
                continue
            if new is not None:
                if new != body:
                    if args.write:
                        lines[begin + 1:end] = new
                        print(f"wrote {where}")
                    else:
                        failures.append(f"{where}: differs from the core (run tools/error_codes.py --write)")
            else:
                failures += [f"{where}: {p}" for p in check(kind, opts, body, codes)]
        new_text = "\n".join(lines)
        if args.write and new_text != text:
            path.write_text(new_text, encoding="utf-8")
    header = (ROOT / C_HEADER).read_text(encoding="utf-8")
    m = re.search(r"typedef enum polyid_status \{(.*?)\} polyid_status;", header, re.S)
    if not m:
        failures.append(f"{C_HEADER}: no `typedef enum polyid_status {{ ... }} polyid_status;`")
    else:
        count += 1
        failures += [f"{C_HEADER}: polyid_status: {p}" for p in check("c-enum", {}, [m.group(1)], codes)]
    for f in failures:
        print(f"error-codes: {f}", file=sys.stderr)
    if failures:
        print(f"error-codes: {len(failures)} difference(s) from the core", file=sys.stderr)
    else:
        print(f"error-codes: {len(codes)} codes; {count} blocks in {len(FILES) + 1} files agree with the core")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
