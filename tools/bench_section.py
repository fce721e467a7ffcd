#!/usr/bin/env python3
"""Benchmark and leak-check figures in the documentation: written by the run that measures
them, checked in `make test`.

A benchmark's results (and a leak check's: `make node-leaks-write`, `make python-leaks-write`
work the same way) live in its README between two marker comments,

    <!-- bench:NAME begin -->
    Measured by `make X-bench-write` on YYYY-MM-DD: CPU, cores, OS, load average; runtimes
    ...the Markdown the benchmark wrote...
    <!-- bench:NAME end -->

and nowhere else. `make X-bench-write` runs

    tools/bench_section.py write NAME [--runtime R ...] -- COMMAND...

which runs COMMAND (the same make target as `make X-bench`) with the environment variable
BENCH_MD naming an empty file; the benchmark appends its tables (Markdown) to that file. When
COMMAND succeeds, the section NAME of its README is replaced by the provenance line and that
Markdown. The provenance line is made here: the date, the CPU model, the cores, the OS, the
load average at the start, and the versions of the runtimes named by --runtime (rust, node,
python=INTERPRETER, gcc, hyperfine).

    tools/bench_section.py check

(also run by tools/doc_figures.py --check, `make docs-figures`) fails when
  - a section of SECTIONS is missing, unpaired, or lacks its provenance line with the date,
    the machine and the command that writes it;
  - a table or fenced block that holds benchmark figures (ns, µs, ms per operation, M/s,
    k/s, IDs/s) is outside every bench section;
  - prose outside the bench sections quotes a timing (ns, µs) or a ratio (1.5x) that is not a
    target (a figure after <=, >=, <, >, "within", "under" or "target"), in the benchmark
    chapters named in PROSE_CHAPTERS or anywhere for timings.
"""

from __future__ import annotations

import argparse
import datetime
import glob
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# name -> (README, the command that writes it). Every section must exist, once.
SECTIONS = {
    "core": ("README.md", "make bench-write"),
    "core-catalog": ("README.md", "make bench-catalog-write"),
    "node": ("bindings-node/README.md", "make node-bench-write"),
    "wasm": ("bindings-wasm/README.md", "make wasm-bench-write"),
    "wasm-catalog": ("bindings-wasm/README.md", "make wasm-bench-catalog-write"),
    "python": ("bindings-python/README.md", "make python-bench-write"),
    "python-paths": ("bindings-python/README.md", "make python-bench-paths-write"),
    "python-arrow": ("docs/data-engines.md", "make arrow-bench-write"),
    "engines": ("docs/data-engines.md", "make engines-write"),
    "c": ("bindings-c/README.md", "make c-bench-write"),
    "cli": ("cli/README.md", "make cli-bench-write"),
    "node-leaks": ("bindings-node/README.md", "make node-leaks-write"),
    "python-leaks": ("bindings-python/README.md", "make python-leaks-write"),
    "sql": ("docs/sql.md", "make sql-bench-write"),
    "pg": ("docs/sql.md", "make pg-bench-write"),
    "pg-sql": ("docs/sql.md", "make pg-sql-bench-write"),
}

# Headings (any level) of the chapters about benchmarks, where prose must not quote a ratio.
PROSE_CHAPTERS = re.compile(r"^#+ (Performance|Benchmarks?|Catalog scaling)\b")

BEGIN = re.compile(r"^<!-- bench:([\w-]+) begin -->$")
END = re.compile(r"^<!-- bench:([\w-]+) end -->$")
PROVENANCE = re.compile(
    r"^Measured by `(?P<cmd>make [\w-]+)` on (?P<date>\d{4}-\d{2}-\d{2}): (?P<machine>.+, \d+ cores, .+)$")
# A benchmark figure: a time per operation or a rate.
FIGURE = re.compile(r"\d+\.\d+\s?(ns|µs|us|ms)\b|\d\s?[MkG]/s\b|\bns/\w|\bns per\b")
# Prose: a timing, or a ratio, not introduced as a target.
TARGET_BEFORE = re.compile(r"(<=|>=|(?<!-)[<>]|[≤≥]|within|under|target( of)?|budget( of)?)\s*~?$")
PROSE_TIME = re.compile(r"(?<![\w.])\d+(\.\d+)?\s?ns\b")
PROSE_CHAPTER_FIGURE = re.compile(r"(?<![\w.])\d+(\.\d+)?\s?(µs|ms|[MkG]/s)(?!\w)")
PROSE_RATIO = re.compile(r"(?<![\w.])\d+(\.\d+)?(-\d+(\.\d+)?)?x\b")


def doc_files() -> list[Path]:
    files = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", ROOT / "cli" / "README.md"]
    files += sorted(Path(p) for p in glob.glob(str(ROOT / "bindings-*" / "README.md")))
    files += sorted(Path(p) for p in glob.glob(str(ROOT / "docs" / "**" / "*.md"), recursive=True))
    return [f for f in files if f.exists()]


# ---------------------------------------------------------------------------------------------
# write


def first_line(cmd: list[str]) -> str:
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return (out.stdout or out.stderr).strip().splitlines()[0] if (out.stdout or out.stderr).strip() else ""


def runtime(spec: str) -> str:
    name, _, prog = spec.partition("=")
    if name == "rust":
        m = re.search(r"rustc (\S+)", first_line([prog or "rustc", "--version"]))
        return f"Rust {m.group(1)}" if m else ""
    if name == "node":
        return f"Node {first_line([prog or 'node', '--version'])}"
    if name == "python":
        v = first_line([prog or "python3", "-c",
                        "import platform; print(platform.python_implementation(), platform.python_version())"])
        return v
    if name == "gcc":
        return f"gcc {first_line([prog or 'gcc', '-dumpfullversion'])}"
    if name == "hyperfine":
        return first_line([prog or "hyperfine", "--version"])
    raise SystemExit(f"unknown runtime {spec!r} (rust, node, python=INTERPRETER, gcc, hyperfine)")


def machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = re.sub(r"\s+", " ", line.split(":", 1)[1].strip())
                break
    except OSError:
        pass
    osname = os.uname().sysname
    try:
        m = re.search(r'^PRETTY_NAME="?([^"\n]+)"?', Path("/etc/os-release").read_text(), re.M)
        if m:
            osname = m.group(1)
    except OSError:
        pass
    load = os.getloadavg()[0]
    return f"{cpu}, {os.cpu_count()} cores, {osname} ({os.uname().machine}), load average {load:.2f} at the start"


def replace_section(text: str, name: str, body: str, file: str) -> str:
    """The section NAME of `text` with `body` inside, indented like its markers."""
    n = re.escape(name)
    pattern = re.compile(rf"^([ \t]*)<!-- bench:{n} begin -->\n.*?^[ \t]*<!-- bench:{n} end -->$", re.M | re.S)
    found = pattern.findall(text)
    if len(found) != 1:
        raise SystemExit(f"{file}: expected one pair of <!-- bench:{name} begin/end --> markers")
    indent = found[0]
    lines = [f"<!-- bench:{name} begin -->", *body.rstrip().splitlines(), f"<!-- bench:{name} end -->"]
    new = "\n".join(indent + line if line.strip() else "" for line in lines)
    return pattern.sub(lambda _: new, text)


def write(args: argparse.Namespace) -> int:
    if args.name not in SECTIONS:
        raise SystemExit(f"unknown section {args.name!r}: add it to SECTIONS in tools/bench_section.py")
    file, command = SECTIONS[args.name]
    cmd = args.command
    if not cmd:
        raise SystemExit("no benchmark command after --")
    date = datetime.date.today().isoformat()
    where = machine()
    fd, md_path = tempfile.mkstemp(prefix=f"bench-{args.name}-", suffix=".md")
    os.close(fd)
    try:
        env = dict(os.environ, BENCH_MD=md_path)
        rc = subprocess.run(cmd, env=env).returncode
        if rc != 0:
            print(f"bench_section: {' '.join(cmd)} failed ({rc}); {file} left as it was", file=sys.stderr)
            return rc
        md = Path(md_path).read_text(encoding="utf-8").strip()
        runtimes = [r for r in (runtime(s) for s in args.runtime) if r]  # after: tools it installed
    finally:
        os.unlink(md_path)
    if not md:
        raise SystemExit(f"{' '.join(cmd)} wrote nothing to $BENCH_MD; {file} left as it was")
    line = f"Measured by `{command}` on {date}: {where}"
    if runtimes:
        line += "; " + ", ".join(runtimes)
    path = ROOT / file
    text = path.read_text(encoding="utf-8")
    path.write_text(replace_section(text, args.name, f"{line}.\n\n{md}", file), encoding="utf-8")
    print(f"wrote the section bench:{args.name} of {file}")
    return 0


# ---------------------------------------------------------------------------------------------
# check


def check_file(path: Path, found: dict[str, list[str]]) -> list[str]:
    rel = path.relative_to(ROOT).as_posix()
    problems = []
    lines = path.read_text(encoding="utf-8").splitlines()
    section = None  # the open bench section
    section_start = 0
    fence = None  # the open fence's marker, when inside one
    fence_start = 0
    fence_lines: list[str] = []
    table: list[str] = []
    table_start = 0
    chapter = ""
    chapter_level = 0

    def flush_table() -> None:
        nonlocal table
        if table and section is None and any(FIGURE.search(t) for t in table):
            problems.append(f"{rel}:{table_start}: a table of benchmark figures outside "
                            "<!-- bench:NAME begin/end --> markers (written by a *-bench-write target)")
        table = []

    for i, line in enumerate(lines, 1):
        stripped = line.strip()
        # Fences.
        m = re.match(r"^\s*(```+|~~~+)", line)
        if fence is not None:
            if m and stripped.startswith(fence) and stripped.strip("`~") == "":
                if section is None and any(FIGURE.search(t) for t in fence_lines):
                    problems.append(f"{rel}:{fence_start}: a block of benchmark figures outside "
                                    "<!-- bench:NAME begin/end --> markers")
                fence = None
            else:
                fence_lines.append(line)
            continue
        if m:
            flush_table()
            fence, fence_start, fence_lines = m.group(1), i, []
            continue
        # Markers.
        mb, me = BEGIN.match(stripped), END.match(stripped)
        if mb:
            flush_table()
            if section is not None:
                problems.append(f"{rel}:{i}: bench:{mb.group(1)} begins inside bench:{section}")
            section, section_start = mb.group(1), i
            found.setdefault(section, []).append(rel)
            body = [l for l in lines[i:i + 3] if l.strip()]
            pm = PROVENANCE.match(body[0].strip()) if body else None
            if not pm:
                problems.append(f"{rel}:{i}: bench:{section} does not start with its provenance line "
                                "(`Measured by `make ...-write` on YYYY-MM-DD: CPU, N cores, OS...`)")
            elif section in SECTIONS and pm.group("cmd") != SECTIONS[section][1]:
                problems.append(f"{rel}:{i}: bench:{section} says it was written by `{pm.group('cmd')}`, "
                                f"expected `{SECTIONS[section][1]}`")
            continue
        if me:
            flush_table()
            if me.group(1) != section:
                problems.append(f"{rel}:{i}: bench:{me.group(1)} ends but bench:{section} is open")
            section = None
            continue
        # Tables.
        if stripped.startswith("|"):
            if not table:
                table_start = i
            table.append(line)
            continue
        flush_table()
        # Headings and prose.
        h = re.match(r"^(#+) ", line)
        if h:
            level = len(h.group(1))
            if PROSE_CHAPTERS.match(line):
                chapter, chapter_level = line, level
            elif chapter and level <= chapter_level:
                chapter = ""
            continue
        if section is not None or stripped.startswith("<!--"):
            continue
        for rx, where in ((PROSE_TIME, "timing"), (PROSE_CHAPTER_FIGURE, "figure"),
                          (PROSE_RATIO, "ratio")):
            if rx is not PROSE_TIME and not chapter:
                continue
            for fm in rx.finditer(line):
                if TARGET_BEFORE.search(line[:fm.start()].rstrip()) or TARGET_BEFORE.search(line[:fm.start()]):
                    continue
                problems.append(f"{rel}:{i}: prose quotes the {where} {fm.group(0)!r}, which no "
                                "benchmark wrote: point to the table (or state it as a target, `<= ...`)")
    flush_table()
    if section is not None:
        problems.append(f"{rel}:{section_start}: bench:{section} is never closed")
    if fence is not None:
        problems.append(f"{rel}:{fence_start}: unclosed fence")
    return problems


def check(quiet: bool = False) -> list[str]:
    problems: list[str] = []
    found: dict[str, list[str]] = {}
    for f in doc_files():
        problems += check_file(f, found)
    for name, (file, _) in SECTIONS.items():
        where = found.get(name, [])
        if where != [file]:
            problems.append(f"bench:{name} must appear once, in {file}; found in {where or 'no file'}")
    for name in found:
        if name not in SECTIONS:
            problems.append(f"bench:{name} ({', '.join(found[name])}) is not in SECTIONS of tools/bench_section.py")
    if not quiet:
        for p in problems:
            print(p)
        print(f"bench sections: {len(SECTIONS)} expected, {len(found)} found, {len(problems)} problems")
    return problems


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="mode", required=True)
    w = sub.add_parser("write", help="run a benchmark (the command after --) and write its README section")
    w.add_argument("name", help="the section, a key of SECTIONS")
    w.add_argument("--runtime", action="append", default=[],
                   help="a runtime whose version goes in the provenance line: rust, node, "
                        "python=INTERPRETER, gcc, hyperfine (repeatable)")
    sub.add_parser("check", help="check every bench section and look for figures outside them")
    argv = sys.argv[1:]
    command = argv[argv.index("--") + 1:] if "--" in argv else []
    args = ap.parse_args(argv[:argv.index("--")] if "--" in argv else argv)
    args.command = command
    if args.mode == "write":
        return write(args)
    return 1 if check() else 0


if __name__ == "__main__":
    sys.exit(main())
