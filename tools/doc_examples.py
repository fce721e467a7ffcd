#!/usr/bin/env python3
"""Runs every fenced code example of the documentation, in its own runtime, and checks the
results the examples show.

Files: README.md, CONTRIBUTING.md, bindings-*/README.md, cli/README.md, the crates' READMEs
(core/, arrow/, sql/), release/README.md, docs/**/*.md.

Every fenced block needs a language tag. What happens to a block depends on it:

  python          run by the repo's .venv Python (the built `polyid` wheel)
  js              a browser module (headless Chromium, the web build of polyid-wasm) when it
                  imports polyid-wasm, else Node ESM when it has an import declaration, else
                  Node CommonJS when it calls require(), else Node ESM
  ts              type-checked by bindings-node's tsc (strict), then run as Node ESM
  html            a page in headless Chromium (`./pkg/...` is bindings-wasm/pkg)
  c               compiled against target/c (static libpolyid); wrapped in main() when it
                  has none
  rust            compiled against the polyid crate; wrapped in a main() returning Result
                  when it has none
  java            compiled by javac against target/jvm/polyid.jar and run with it; a block
                  without a class is the body of main() (its import lines go above)
  kotlin, scala   compiled by kotlinc / scalac against target/jvm/polyid.jar and run with it
                  (the jar unchanged: what a Kotlin or Scala user has); a block without
                  `fun main` / an object is the body of main() (its import lines go above);
                  `// -> LINE` on a print statement: the program prints LINE
  sh              bash -eo pipefail; a block of `make` commands only is checked against the
                  Makefile (every target exists), not run
  console         a transcript: `$ command` lines run by bash, the lines after each are its
                  output (stdout and stderr), compared line by line; when a transcript runs
                  psql, the PG* variables name a throwaway PostgreSQL cluster (started for the
                  run by postgres/tests/cluster.py, its public schema emptied, then stopped)
  text, abnf      not examples (listings, grammars, formulas): not run

Examples run in a scratch folder (target/doc-examples/work) holding tools/doc_fixtures/*
(catalog.json: the one-entry catalog of the README) and links to the repository's folders
(so `cli/tests/...` works), with target/release (the CLI) and .venv/bin first on PATH. Node resolves `polyid` to
bindings-node, `polyid-wasm` to bindings-wasm/pkg and `@electric-sql/pglite` to
postgres/pglite's.

Expected results (one convention for every language): a comment on an expression statement
(or on the comment lines right after it) that starts with a literal of the language, or that
holds `->`, states the statement's value:

  polyid.compact_id("E.Auth.Token.MISSING")   # 'V6a0B'           Python
  (x.random >> 12) & 0x3FF                    # 5 (bits 21-12)    the literal, then prose
  polyid.Tid.parse(t).datetime                # -> 2024-07-19 16:40:46.480310+00:00
  compactId('E.Auth.Token.MISSING');          // "V6a0B"          JavaScript, TypeScript
  t.toDate();                                 // -> 2024-07-19T16:40:46.480Z
  printf("%s\n", id);                         /* -> V6a0B */      C, Rust, Java (`// -> LINE`
                                                                   on a print statement): the
                                                                   program prints LINE
  String id = Wdp.compactId(code);           // "V6a0B"          Java: a statement or a local
                                                                   variable's declaration
  polyid compact E.Auth.Token.001             # -> V6a0B          sh: the command prints LINE

A literal (string, number, bigint, boolean, None/null, list/array, tuple, dict/object) must
equal the value (Python: equal repr; JavaScript: deep strict equality, so 5 is not 5n). Text
after `->` that is not a literal is compared with the value's str()/repr() (Python) or
String()/its one-line rendering (JavaScript); prose before `->` is ignored. A value may
continue on the next comment lines while its brackets are open. `...` matches any text (in a
console transcript, a line `...` matches any lines). Every value shown must be reached: a
check in an except block that never ran fails. C and Rust lines must be printed in that
order. Any other comment is prose, e.g. `// e.g. "3n2rt7zqvxj2w" (now)` for values that
change from run to run.

A block that cannot run alone is marked on the line before its fence with
`<!-- example: skip reason="..." -->`; the reason is printed.

Usage: tools/doc_examples.py [--only RUNTIME,...] [--list] [FILE ...]
Prints one line per failure, then a count per runtime; exits 1 on any failure.
"""

from __future__ import annotations

import argparse
import ast
import concurrent.futures
import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "target" / "doc-examples"
FIXTURES = ROOT / "tools" / "doc_fixtures"
# POLYID_DOC_VENV: another virtualenv with a built polyid (default: the repo's .venv)
VENV = Path(os.environ.get("POLYID_DOC_VENV", ROOT / ".venv"))
VENV_PY = VENV / "bin" / "python"
NODE_DIR = ROOT / "bindings-node"
# POLYID_DOC_WASM_PKG: another built polyid-wasm package folder (e.g. while bindings-wasm is
# being rebuilt)
WASM_PKG = Path(os.environ.get("POLYID_DOC_WASM_PKG", ROOT / "bindings-wasm" / "pkg"))
C_OUT = ROOT / "target" / "c"
C_LIBS_PRIVATE = ["-lgcc_s", "-lutil", "-lrt", "-lpthread", "-lm", "-ldl"]
JVM_JAR = ROOT / "target" / "jvm" / "polyid.jar"

NOT_EXAMPLES = {"text", "abnf"}
MARKER = re.compile(r"^<!--\s*example:\s*(.*?)\s*-->\s*$")
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([^\s`]*)\s*$")


@dataclass
class Block:
    file: str
    line: int  # line of the opening fence (1-based)
    lang: str
    code: str
    marker: dict = field(default_factory=dict)
    runtime: str = ""
    id: str = ""

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}"


def doc_files() -> list[Path]:
    files = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", ROOT / "cli" / "README.md",
             ROOT / "core" / "README.md", ROOT / "arrow" / "README.md", ROOT / "release" / "README.md",
             ROOT / "sql" / "README.md"]
    files += sorted(ROOT.glob("bindings-*/README.md"))
    files += sorted((ROOT / "docs").rglob("*.md"))
    return [f for f in files if f.exists()]


def parse_marker(text: str) -> dict:
    out = {}
    for m in re.finditer(r'(\w+)(?:="([^"]*)")?', text):
        out[m.group(1)] = m.group(2) if m.group(2) is not None else True
    return out


def blocks_of(path: Path) -> list[Block]:
    lines = path.read_text(encoding="utf-8").split("\n")
    rel = str(path.relative_to(ROOT))
    out = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence, lang = m.group(1), m.group(2), m.group(3)
        start = i
        j = i + 1
        body = []
        while j < len(lines):
            if lines[j].strip().startswith(fence[0] * len(fence)) and lines[j].strip().strip(fence[0]) == "":
                break
            body.append(lines[j][len(indent):] if lines[j].startswith(indent) else lines[j].lstrip())
            j += 1
        marker = {}
        k = start - 1
        while k >= 0 and lines[k].strip() == "":
            k -= 1
        if k >= 0:
            mm = MARKER.match(lines[k].strip())
            if mm:
                marker = parse_marker(mm.group(1))
        out.append(Block(rel, start + 1, lang, "\n".join(body) + "\n", marker))
        i = j + 1
    return out


# --- expected values -------------------------------------------------------------------

def balanced(text: str) -> bool:
    depth = 0
    quote = None
    esc = False
    for ch in text:
        if quote:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == quote:
                quote = None
            continue
        if ch in "'\"`":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
    return depth <= 0


def wildcard_match(expected: str, actual: str) -> bool:
    norm = lambda s: re.sub(r"\s+", " ", s.strip())
    exp, act = norm(expected), norm(actual)
    if "..." not in exp:
        return exp == act
    parts = [re.escape(p) for p in exp.split("...")]
    return re.fullmatch(".*?".join(parts), act, re.S) is not None


def python_literal(text: str):
    try:
        return True, ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return False, None


# --- Python ----------------------------------------------------------------------------

def comment_of(line: str) -> str | None:
    """The text of a Python line's trailing comment (tokenize-free: the last ` #` outside
    quotes)."""
    quote = None
    for i, ch in enumerate(line):
        if quote:
            if ch == "\\":
                continue
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "#":
            return line[i + 1:].strip()
    return None


def expected_after(lines: list[str], idx: int, marker: str, first: str) -> tuple[str, int]:
    """The expected text starting with `first` (after `->`), continued on the following
    comment lines while its brackets are open. Returns (text, last line index)."""
    text = first
    j = idx
    while not balanced(text) and j + 1 < len(lines) and lines[j + 1].strip().startswith(marker):
        j += 1
        text += " " + lines[j].strip()[len(marker):].strip()
    return text, j


def literal_prefix(text: str, lang: str) -> str | None:
    """The longest start of `text` that is a literal of the language (the rest is prose),
    or None."""
    t = text.strip()
    for end in range(len(t), 0, -1):
        head = t[:end].strip()
        if end < len(t) and t[end] not in " ,;:(=":
            continue
        if lang == "python":
            ok, _ = python_literal(head)
            if ok and not re.fullmatch(r"[A-Za-z_]\w*", head):
                return head
        elif js_literal_text(head):
            return head
    return None


def expected_in_comment(c: str, lang: str) -> str | None:
    """The expected value a comment states: the text after `->`, else a literal at its start."""
    if c.startswith("->") or " -> " in c:
        return c.split("->", 1)[1].strip()
    return literal_prefix(c, lang)


def js_literal_text(t: str) -> bool:
    if re.fullmatch(r"-?\d+(\.\d+)?(e[+-]?\d+)?n?", t):
        return True
    if re.fullmatch(r"""(['"`])(?:\\.|(?!\1).)*\1""", t):
        return True
    if t in ("true", "false", "null", "undefined"):
        return True
    return bool(re.fullmatch(r"[\[{].*[\]}]", t)) and balanced(t) and "..." not in t


PY_HELPER = r'''
import sys as __sys, ast as __ast, re as __re, json as __json
__doc_expected = __json.loads(__sys.argv[1])
__doc_seen = set()
def __doc_match(exp, act):
    n = lambda s: __re.sub(r"\s+", " ", s.strip())
    e, a = n(exp), n(act)
    if "..." not in e:
        return e == a
    return __re.fullmatch(".*?".join(__re.escape(p) for p in e.split("...")), a, __re.S) is not None
def __doc_check(i, value):
    exp = __doc_expected[str(i)]["text"]
    __doc_seen.add(i)
    try:
        lit = __ast.literal_eval(exp); is_lit = True
    except Exception:
        is_lit = False
    if is_lit:
        ok = repr(value) == repr(lit)
    else:
        ok = __doc_match(exp, repr(value)) or __doc_match(exp, str(value))
    if not ok:
        raise AssertionError("line %d: expected %s, got %r" % (__doc_expected[str(i)]["line"], exp, value))
    return value
'''


def python_instrument(block: Block) -> tuple[str, dict, list[str]]:
    lines = block.code.split("\n")
    problems = []
    ends: dict[int, tuple[str, int]] = {}
    consumed = set()
    for idx, line in enumerate(lines):
        if idx in consumed:
            continue
        c = comment_of(line)
        if c is None:
            continue
        first = c.split("->", 1)[1].strip() if (c.startswith("->") or " -> " in c) else c
        if first[:1] in "([{" and not balanced(first):
            text, last = expected_after(lines, idx, "#", first)
            c = c[: len(c) - len(first)] + text
        else:
            last = idx
        text = expected_in_comment(c, "python")
        if text is None:
            continue
        consumed.update(range(idx + 1, last + 1))
        if line.strip().startswith("#"):
            # a value on its own comment line belongs to the statement above it
            k = idx - 1
            while k >= 0 and (not lines[k].strip() or lines[k].strip().startswith("#")):
                k -= 1
            if k < 0:
                continue
            ends.setdefault(k + 1, (text, idx + 1))
        else:
            ends.setdefault(idx + 1, (text, idx + 1))
    tree = ast.parse(block.code)
    expected = {}
    counter = [0]

    class T(ast.NodeTransformer):
        def visit_Expr(self, node):
            if node.end_lineno in ends:
                text, _ = ends.pop(node.end_lineno)
                counter[0] += 1
                expected[str(counter[0])] = {"text": text, "line": block.line + node.end_lineno}
                call = ast.Call(ast.Name("__doc_check", ast.Load()),
                                [ast.Constant(counter[0]), node.value], [])
                return ast.copy_location(ast.Expr(call), node)
            return node

    tree = T().visit(tree)
    for ln, (text, at) in ends.items():
        if text is not None and "->" in lines[at - 1]:
            problems.append(f"line {block.line + at}: `-> {text}` does not follow an expression statement")
    ast.fix_missing_locations(tree)
    tail = ("\nfor __i in __doc_expected:\n    if int(__i) not in __doc_seen:\n"
            "        raise AssertionError('line %d: the expected value was never reached' % __doc_expected[__i]['line'])\n")
    src = PY_HELPER + "\n" + ast.unparse(tree) + "\n" + tail
    return src, expected, problems


def run_python(blocks: list[Block], report) -> None:
    for b in blocks:
        try:
            src, expected, problems = python_instrument(b)
        except SyntaxError as e:
            report(b, False, f"syntax error: {e}")
            continue
        if problems:
            report(b, False, "; ".join(problems))
            continue
        path = WORK / "work" / f"{b.id}.py"
        path.write_text(src)
        r = run([str(VENV_PY), str(path), json.dumps(expected)], cwd=WORK / "work")
        report(b, r.returncode == 0, tail_of(r), checks=len(expected))


# --- helpers ---------------------------------------------------------------------------

def env() -> dict:
    e = dict(os.environ)
    e["PATH"] = f"{ROOT / 'target' / 'release'}:{VENV / 'bin'}:{e['PATH']}"
    e["POLYID_DOC_ROOT"] = str(ROOT)
    for k in ("POLYID_NODE", "POLYID_NODE_REQUIRED"):
        e.pop(k, None)
    return e


def run(cmd, cwd, input=None, timeout=120, shell=False):
    try:
        return subprocess.run(cmd, cwd=cwd, env=env(), input=input, capture_output=True,
                              text=True, timeout=timeout, shell=shell)
    except subprocess.TimeoutExpired as e:
        return subprocess.CompletedProcess(cmd, 124, e.stdout or "", f"timed out after {timeout} s")


def tail_of(r, n=12) -> str:
    text = ((r.stdout or "") + (r.stderr or "")).strip().split("\n")
    return "\n".join(text[-n:])


def c_like_expected(code: str, marker_re: str) -> tuple[list[str], list[str]]:
    """Expected lines (`/* -> LINE */` or `// -> LINE`) in order, and literal-looking
    comments without an arrow."""
    exp = []
    for m in re.finditer(marker_re, code):
        exp.append(m.group(1).strip())
    return exp, []


def lines_in_order(expected: list[str], output: str) -> str | None:
    out = output.split("\n")
    pos = 0
    for e in expected:
        while pos < len(out) and not wildcard_match(e, out[pos]):
            pos += 1
        if pos == len(out):
            return f"expected line not printed (in order): {e!r}; output:\n{output.strip()}"
        pos += 1
    return None


# --- C ---------------------------------------------------------------------------------

def run_c(blocks: list[Block], report) -> None:
    lib = C_OUT / "lib" / "libpolyid.a"
    for b in blocks:
        if not lib.exists():
            report(b, False, "target/c/lib/libpolyid.a is missing (make c-build)")
            continue
        code = b.code
        if not re.search(r"\bint\s+main\s*\(", code):
            code = ("#include <polyid.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n"
                    "int main(void) {\n" + code + "return 0;\n}\n")
        expected, _ = c_like_expected(code, r"/\*\s*->\s*(.*?)\s*\*/")
        src = WORK / "work" / f"{b.id}.c"
        exe = WORK / "work" / b.id
        src.write_text(code)
        r = run(["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-Wno-unused-variable",
                 "-Wno-unused-but-set-variable", f"-I{C_OUT / 'include'}", "-o", str(exe), str(src),
                 str(lib), *C_LIBS_PRIVATE], cwd=WORK / "work")
        if r.returncode != 0:
            report(b, False, "does not compile:\n" + tail_of(r))
            continue
        r = run([str(exe)], cwd=WORK / "work")
        if r.returncode != 0:
            report(b, False, f"exit {r.returncode}:\n" + tail_of(r))
            continue
        problem = lines_in_order(expected, r.stdout)
        report(b, problem is None, problem or "", checks=len(expected))


# --- Java ------------------------------------------------------------------------------

JAVA_HELPER = r"""
final class DocCheck {
    static final java.util.Set<Integer> SEEN = new java.util.TreeSet<>();

    static <T> T check(int id, int line, T v, String kind, String want) {
        SEEN.add(id);
        boolean ok = switch (kind) {
            case "str" -> (v instanceof CharSequence || v instanceof Character) && v.toString().equals(want);
            case "num" -> v instanceof Number
                    && new java.math.BigDecimal(v.toString()).compareTo(new java.math.BigDecimal(want)) == 0;
            case "lit" -> String.valueOf(v).equals(want);
            default -> matches(want, String.valueOf(v));
        };
        if (!ok) {
            throw new AssertionError("line " + line + ": expected " + want + ", got " + v);
        }
        return v;
    }

    static boolean matches(String want, String got) {
        String w = want.strip().replaceAll("\\s+", " ");
        String g = got.strip().replaceAll("\\s+", " ");
        if (!w.contains("...")) {
            return w.equals(g);
        }
        StringBuilder re = new StringBuilder();
        String[] parts = w.split("\\.\\.\\.", -1);
        for (int i = 0; i < parts.length; i++) {
            re.append(i > 0 ? "(?s:.*?)" : "").append(java.util.regex.Pattern.quote(parts[i]));
        }
        return g.matches(re.toString());
    }
}
"""


def java_split(line: str) -> tuple[str, str | None]:
    """A Java line's code and its trailing `//` comment (outside string and char literals)."""
    quote = None
    esc = False
    for i, ch in enumerate(line):
        if quote:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif line.startswith("//", i):
            return line[:i], line[i + 2:].strip()
    return line, None


def java_instrument(b: Block) -> tuple[str, list[str], int, list[str]]:
    """The block as a Java source file: (source, printed lines expected in order, number of
    value checks, problems)."""
    imports, body, printed, problems = [], [], [], []
    checks = 0
    for n, line in enumerate(b.code.split("\n")):
        where = b.line + 1 + n
        if re.match(r"\s*import\s+[\w.*]+\s*;\s*$", line):
            imports.append(line.strip())
            continue
        code, c = java_split(line)
        want = expected_in_comment(c, "js") if c else None
        if want is None:
            body.append(line)
            continue
        stmt = code.strip()
        arrow = c.startswith("->") or " -> " in c
        if re.match(r"System\.out\.print(ln)?\(", stmt) and arrow:
            printed.append(want)
            body.append(code)
            continue
        if not stmt.endswith(";"):
            problems.append(f"line {where}: a value comment on a line that is not a whole statement")
            continue
        if arrow:
            kind, lit = "text", json.dumps(want)
        elif want.startswith('"'):
            kind, lit = "str", want
        elif re.fullmatch(r"-?\d+(\.\d+)?", want):
            kind, lit = "num", json.dumps(want)
        else:
            kind, lit = "lit", json.dumps(want)
        decl = re.match(r"(?:final\s+)?[\w.<>\[\], ?]+?\s+(\w+)\s*=\s*.+;$", stmt)
        if decl and not stmt.startswith("return"):
            body.append(code)
            body.append(f"DocCheck.check({checks}, {where}, {decl.group(1)}, \"{kind}\", {lit});")
        else:
            body.append(f"DocCheck.check({checks}, {where}, {stmt[:-1]}, \"{kind}\", {lit});")
        checks += 1
    if re.search(r"\bclass\s+\w+", b.code):
        src = b.code + "\n" + JAVA_HELPER
    else:
        src = ("\n".join(imports) + f"\n\npublic class {b.id} {{\n"
               "    public static void main(String[] args) throws Exception {\n"
               + "\n".join(body) + "\n"
               '        System.out.println("__doc_seen " + DocCheck.SEEN.size());\n    }\n}\n' + JAVA_HELPER)
    return src, printed, checks, problems


def run_java(blocks: list[Block], report) -> None:
    for b in blocks:
        if not JVM_JAR.exists():
            report(b, False, "target/jvm/polyid.jar is missing (make jvm-build)")
            continue
        src, printed, checks, problems = java_instrument(b)
        if problems:
            report(b, False, "\n".join(problems))
            continue
        out = WORK / "work" / f"java-{b.id}"
        out.mkdir(parents=True, exist_ok=True)
        cls = re.search(r"public\s+class\s+(\w+)", src)
        name = cls.group(1) if cls else b.id
        (out / f"{name}.java").write_text(src)
        r = run(["javac", "--release", "17", "-encoding", "UTF-8", "-Xlint:all", "-Werror", "-cp", str(JVM_JAR),
                 "-d", str(out), str(out / f"{name}.java")], cwd=out)
        if r.returncode != 0:
            report(b, False, "does not compile:\n" + tail_of(r))
            continue
        r = run(["java", "-cp", f"{JVM_JAR}:{out}", name], cwd=WORK / "work")
        if r.returncode != 0:
            report(b, False, f"exit {r.returncode}:\n" + tail_of(r))
            continue
        lines = [ln for ln in r.stdout.split("\n") if not ln.startswith("__doc_seen ")]
        problem = lines_in_order(printed, "\n".join(lines))
        seen = re.search(r"(?m)^__doc_seen (\d+)$", r.stdout)
        if problem is None and checks and (not seen or int(seen.group(1)) != checks):
            problem = f"{checks} values shown, {seen.group(1) if seen else 0} reached"
        report(b, problem is None, problem or "", checks=checks + len(printed))


# --- Kotlin and Scala ------------------------------------------------------------------

def jvm_language_program(b: Block) -> tuple[str, str]:
    """(source, main class) of a Kotlin or Scala block: as written when it has its own main,
    else its lines wrapped in one, its import lines first."""
    lines = b.code.split("\n")
    imports = [ln for ln in lines if re.match(r"\s*import\s", ln)]
    body = "\n".join(ln for ln in lines if ln not in imports)
    if b.lang == "kotlin":
        cls = "Ex" + b.id[2:] + "Kt"  # kotlinc names a file's class after the file
        if re.search(r"\bfun\s+main\s*\(", b.code):
            return b.code, cls
        return "\n".join(imports) + "\n\nfun main() {\n" + body + "\n}\n", cls
    m = re.search(r"\bobject\s+(\w+)", b.code)
    if m:
        return b.code, m.group(1)
    return ("\n".join(imports) + f"\n\nobject {b.id} {{\n  def main(args: Array[String]): Unit = {{\n"
            + body + "\n  }\n}\n"), b.id


def run_jvm_language(blocks: list[Block], report) -> None:
    for b in blocks:
        compiler = "kotlinc" if b.lang == "kotlin" else "scalac"
        if not JVM_JAR.exists():
            report(b, False, "target/jvm/polyid.jar is missing (make jvm-build)")
            continue
        if not shutil.which(compiler):
            report(b, False, f"no {compiler} on PATH (make jvm-deps installs Debian's)")
            continue
        src, cls = jvm_language_program(b)
        expected, _ = c_like_expected(b.code, r"(?m)//\s*->\s*(.*?)\s*$")
        out = WORK / "work" / f"{b.lang}-{b.id}"
        out.mkdir(parents=True, exist_ok=True)
        if b.lang == "kotlin":
            f = out / ("Ex" + b.id[2:] + ".kt")
            f.write_text(src)
            # the program's jar carries the Kotlin runtime, as a Kotlin application's does
            r = run([compiler, "-nowarn", "-cp", str(JVM_JAR), str(f), "-include-runtime",
                     "-d", str(out / "app.jar")], cwd=out, timeout=300)
            cp, runner = f"{JVM_JAR}:{out / 'app.jar'}", ["java"]
        else:
            f = out / f"{cls}.scala"
            f.write_text(src)
            r = run([compiler, "-cp", str(JVM_JAR), "-d", str(out), str(f)], cwd=out, timeout=300)
            cp, runner = f"{JVM_JAR}:{out}", ["scala"]
        if r.returncode != 0 or re.search(r"(?m)^(error|.*: error:)", r.stderr or ""):
            report(b, False, "does not compile:\n" + tail_of(r))
            continue
        r = run([*runner, "-cp", cp, cls], cwd=WORK / "work")
        if r.returncode != 0:
            report(b, False, f"exit {r.returncode}:\n" + tail_of(r))
            continue
        if not expected:
            report(b, False, "shows no printed line (`// -> LINE`): nothing would be checked")
            continue
        problem = lines_in_order(expected, r.stdout)
        report(b, problem is None, problem or "", checks=len(expected))


# --- Rust ------------------------------------------------------------------------------

def polyid_rlib() -> tuple[Path | None, str]:
    cargo = os.environ.get("CARGO", "cargo")
    r = subprocess.run([cargo, "build", "--locked", "--release", "-p", "polyid",
                        "--message-format=json-render-diagnostics"],
                       cwd=ROOT, capture_output=True, text=True)
    if r.returncode != 0:
        return None, r.stderr[-2000:]
    for line in r.stdout.splitlines():
        try:
            msg = json.loads(line)
        except json.JSONDecodeError:
            continue
        if msg.get("reason") == "compiler-artifact" and msg["target"]["name"] == "polyid" \
                and "lib" in msg["target"]["kind"]:
            for f in msg["filenames"]:
                if f.endswith(".rlib"):
                    return Path(f), ""
    return None, "no polyid rlib in cargo's output"


def run_rust(blocks: list[Block], report) -> None:
    if not blocks:
        return
    rlib, err = polyid_rlib()
    for b in blocks:
        if rlib is None:
            report(b, False, "cargo build -p polyid failed: " + err)
            continue
        code = b.code
        if not re.search(r"\bfn\s+main\s*\(", code):
            uses = "".join(l + "\n" for l in code.split("\n") if l.startswith("use "))
            rest = "".join(l + "\n" for l in code.split("\n") if not l.startswith("use "))
            code = (uses + "fn main() -> Result<(), Box<dyn std::error::Error>> {\n" + rest
                    + "Ok(())\n}\n")
        expected, _ = c_like_expected(code, r"//\s*->\s*(.*)")
        src = WORK / "work" / f"{b.id}.rs"
        exe = WORK / "work" / b.id
        src.write_text(code)
        r = run(["rustc", "--edition", "2021", "-O", "-o", str(exe), str(src),
                 "--extern", f"polyid={rlib}", "-L", f"dependency={rlib.parent / 'deps'}"], cwd=WORK / "work")
        if r.returncode != 0:
            report(b, False, "does not compile:\n" + tail_of(r, 30))
            continue
        r = run([str(exe)], cwd=WORK / "work")
        problem = None if r.returncode == 0 else f"exit {r.returncode}:\n" + tail_of(r)
        problem = problem or lines_in_order(expected, r.stdout)
        asserts = len(re.findall(r"\bassert(?:_eq|_ne)?!", code))
        report(b, problem is None, problem or "", checks=len(expected) + asserts)


# --- shell -----------------------------------------------------------------------------

_make_targets: set[str] | None = None


def make_targets() -> set[str]:
    global _make_targets
    if _make_targets is None:
        r = subprocess.run(["make", "-pRrq", "-f", "Makefile", ":"], cwd=ROOT,
                           capture_output=True, text=True, env={**os.environ, "MAKEFLAGS": ""})
        names = set()
        for line in r.stdout.splitlines():
            m = re.match(r"^([A-Za-z0-9_.-]+):(?!=)", line)
            if m:
                names.add(m.group(1))
        _make_targets = names
    return _make_targets


def shell_commands(code: str) -> list[str]:
    cmds = []
    for line in code.split("\n"):
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        cmds.append(s)
    return cmds


def is_make_block(code: str) -> bool:
    cmds = shell_commands(code)
    return bool(cmds) and all(re.match(r"^(\w+=\S*\s+)*make(\s|$)", c) for c in cmds)


def run_make_block(b: Block, report) -> None:
    missing = []
    n = 0
    for c in shell_commands(b.code):
        c = c.split(" #")[0]
        words = c.split()
        words = words[words.index("make") + 1:]
        for w in words:
            if "=" in w or w.startswith("-"):
                continue
            n += 1
            if w not in make_targets():
                missing.append(w)
    report(b, not missing, f"no make target {', '.join(missing)}" if missing else "", checks=n)


def run_sh(b: Block, report) -> None:
    lines = b.code.split("\n")
    expected = []
    script = ["set -eo pipefail", f'__out="{WORK / "work" / (b.id + ".out")}"', ': > "$__out"']
    for line in lines:
        m = re.match(r"^(.*?\S)\s+#\s(.*)$", line)
        c = m.group(2).strip() if m else ""
        if m and not line.strip().startswith("#") and (c.startswith("->") or " -> " in c):
            expected.append(c.split("->", 1)[1].strip())
            n = len(expected)
            script.append(f'__o=$({m.group(1)}); printf "%s\\0" "$__o" >> "$__out"  # check {n}')
        else:
            script.append(line)
    r = run(["bash", "-c", "\n".join(script)], cwd=WORK / "work")
    if r.returncode != 0:
        report(b, False, f"exit {r.returncode}:\n" + tail_of(r))
        return
    got = (WORK / "work" / (b.id + ".out")).read_text().split("\0")[:-1]
    for e, g in zip(expected, got):
        if not wildcard_match(e, g):
            report(b, False, f"expected {e!r}, got {g!r}")
            return
    report(b, len(got) == len(expected), "" if len(got) == len(expected) else "a checked command did not run",
           checks=len(expected))


def run_console(b: Block, report) -> None:
    steps: list[tuple[str, list[str]]] = []
    for line in b.code.rstrip("\n").split("\n"):
        if line.startswith("$ "):
            steps.append((line[2:], []))
        elif steps:
            steps[-1][1].append(line)
        else:
            report(b, False, "a console block must start with `$ command`")
            return
    for cmd, out in steps:
        r = run(["bash", "-c", "set -o pipefail; " + cmd + " 2>&1"], cwd=WORK / "work")
        actual = r.stdout.rstrip("\n").split("\n") if r.stdout.strip() else []
        problem = transcript_mismatch(out, actual)
        if problem:
            report(b, False, f"$ {cmd}\n{problem}")
            return
    report(b, True, "", checks=len(steps))


def transcript_mismatch(expected: list[str], actual: list[str]) -> str | None:
    parts = []
    for e in expected:
        if e.strip() == "...":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            parts.append(".*?".join(re.escape(p) for p in e.split("...")) + r"\n")
    if re.fullmatch("".join(parts), "".join(a + "\n" for a in actual)):
        return None
    cut = lambda ls: "\n".join(ls[:25] + (["... (%d more lines)" % (len(ls) - 25)] if len(ls) > 25 else []))
    return "expected:\n" + cut(expected) + "\ngot:\n" + cut(actual)


# --- JavaScript, TypeScript, html: tools/doc_examples_js.mjs ----------------------------

def js_runtime(b: Block) -> str:
    if b.lang == "html":
        return "browser"
    if b.lang == "ts":
        return "ts"
    code = re.sub(r"(?m)^\s*//.*$", "", b.code)
    if re.search(r"""\bfrom\s+['"]polyid-wasm""", code) or re.search(r"""import\(\s*['"]polyid-wasm""", code):
        return "browser"
    # An import declaration makes a module, also when a string in it holds CommonJS code (a
    # worker's source).
    if re.search(r"(?m)^import\s+[\w{*'\"]", code):
        return "node-esm"
    if re.search(r"\brequire\(", code):
        return "node-cjs"
    return "node-esm"


def run_js(blocks: list[Block], report) -> None:
    if not blocks:
        return
    jobs = [{"id": b.id, "where": b.where, "line": b.line, "lang": b.lang, "runtime": b.runtime,
             "code": b.code} for b in blocks]
    job_file = WORK / "js-jobs.json"
    job_file.write_text(json.dumps(jobs))
    r = run(["node", str(ROOT / "tools" / "doc_examples_js.mjs"), str(job_file)], cwd=WORK / "work",
            timeout=600)
    results = {}
    for line in r.stdout.splitlines():
        if line.startswith("{"):
            try:
                msg = json.loads(line)
                results[msg["id"]] = msg
            except json.JSONDecodeError:
                pass
    for b in blocks:
        msg = results.get(b.id)
        if msg is None:
            report(b, False, "no result from tools/doc_examples_js.mjs:\n" + tail_of(r, 20))
        else:
            report(b, msg["ok"], msg.get("message", ""), checks=msg.get("checks", 0))


# --- main ------------------------------------------------------------------------------

def prepare_work() -> None:
    w = WORK / "work"
    if w.exists():
        shutil.rmtree(w)
    w.mkdir(parents=True)
    for f in FIXTURES.iterdir():
        shutil.copy(f, w / f.name)
    nm = w / "node_modules"
    nm.mkdir()
    (nm / "polyid").symlink_to(NODE_DIR)
    (nm / "polyid-wasm").symlink_to(WASM_PKG)
    # the SQL engines' extensions (make sql-build), as a user has them beside their work
    for name in ("polyid_sqlite.so", "polyid.duckdb_extension"):
        built = ROOT / "target" / "sql" / name
        if built.exists():
            (w / name).symlink_to(built)
    # PGlite (make pg-deps), for the PostgreSQL page's browser and edge example
    pglite = ROOT / "postgres" / "pglite" / "node_modules" / "@electric-sql" / "pglite"
    if pglite.exists():
        (nm / "@electric-sql").mkdir()
        (nm / "@electric-sql" / "pglite").symlink_to(pglite)
    # the repository's folders, for commands that name files in it (cli/tests/..., docs/...)
    for d in ROOT.iterdir():
        if d.is_dir() and not d.name.startswith(".") and d.name not in ("target", "node_modules") \
                and not (w / d.name).exists():
            (w / d.name).symlink_to(d)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="*")
    ap.add_argument("--only", default="", help="comma-separated runtimes")
    ap.add_argument("--list", action="store_true", help="list the blocks and their runtimes")
    args = ap.parse_args()

    files = [Path(f).resolve() for f in args.files] or doc_files()
    blocks = [b for f in files for b in blocks_of(f)]
    for n, b in enumerate(blocks):
        b.id = f"ex{n:03d}"
        if "skip" in b.marker:
            b.runtime = "skipped"
        elif b.lang in NOT_EXAMPLES:
            b.runtime = "not an example"
        elif b.lang == "python":
            b.runtime = "python"
        elif b.lang in ("js", "ts", "html"):
            b.runtime = js_runtime(b)
        elif b.lang == "c":
            b.runtime = "c"
        elif b.lang == "rust":
            b.runtime = "rust"
        elif b.lang == "java":
            b.runtime = "java"
        elif b.lang in ("kotlin", "scala"):
            b.runtime = b.lang
        elif b.lang == "sh":
            b.runtime = "make" if is_make_block(b.code) else "shell"
        elif b.lang == "console":
            b.runtime = "console"
        else:
            b.runtime = "unknown"
    only = set(filter(None, args.only.split(",")))
    if only:
        blocks = [b for b in blocks if b.runtime in only]
    if args.list:
        for b in blocks:
            print(f"{b.where:40} {b.lang or '(none)':8} {b.runtime}")
        return 0

    prepare_work()
    counts: dict[str, list[int]] = {}
    failures = []
    t0 = time.monotonic()

    lock = threading.Lock()

    def report(b: Block, ok: bool, message: str = "", checks: int = 0) -> None:
        with lock:
            record(b, ok, message, checks)

    def record(b: Block, ok: bool, message: str, checks: int) -> None:
        c = counts.setdefault(b.runtime, [0, 0, 0])
        c[0 if ok else 1] += 1
        c[2] += checks
        if not ok:
            failures.append(b)
            print(f"FAIL {b.where} [{b.lang}, {b.runtime}]\n  " + message.replace("\n", "\n  "), flush=True)

    skipped = []
    for b in blocks:
        if b.runtime == "skipped":
            reason = b.marker.get("reason")
            if not reason or reason is True:
                report(b, False, 'a skip marker needs reason="..."')
            else:
                skipped.append(b)
                print(f"skip {b.where} [{b.lang}]: {reason}")
        elif b.runtime == "unknown":
            report(b, False, f"no runtime for the tag {b.lang!r}: tag it (text for listings) or mark it "
                             '<!-- example: skip reason="..." -->' if b.lang else
                             "untagged block: give it a language tag (text for listings)")
    with postgres_for([b for b in blocks if b.runtime == "console"]):
        run_blocks(blocks, report)

    not_examples = sum(1 for b in blocks if b.runtime == "not an example")
    print("doc examples by runtime (examples passed / failed, values and lines checked):")
    for rt in sorted(counts):
        p, f, c = counts[rt]
        print(f"  {rt:10} {p:3} passed {f:3} failed {c:4} checks")
    print(f"  {len(skipped)} skipped (marked), {not_examples} blocks that are not examples (text)")
    total_p = sum(c[0] for c in counts.values())
    print(f"doc examples: {total_p} passed, {len(failures)} failed, {len(skipped)} skipped "
          f"({time.monotonic() - t0:.1f} s)")
    return 1 if failures else 0


def run_blocks(blocks: list[Block], report) -> None:
    """Runs each runtime's blocks; the runtimes run side by side (their examples are
    processes that wait on compilers and interpreters), each in its own order."""
    def of(*runtimes):
        return [b for b in blocks if b.runtime in runtimes]

    def rest():
        for b in blocks:
            if b.runtime == "make":
                run_make_block(b, report)
            elif b.runtime == "shell":
                run_sh(b, report)
            elif b.runtime == "console":
                run_console(b, report)

    jobs = [lambda: run_python(of("python"), report),
            lambda: run_js(of("node-cjs", "node-esm", "ts", "browser"), report),
            lambda: run_c(of("c"), report),
            lambda: run_rust(of("rust"), report),
            lambda: run_java(of("java"), report),
            lambda: run_jvm_language(of("kotlin", "scala"), report),
            rest]
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        for job in [pool.submit(j) for j in jobs]:
            job.result()


@contextlib.contextmanager
def postgres_for(console_blocks: list[Block]):
    """A throwaway PostgreSQL cluster (postgres/tests/cluster.py) for the console examples
    that run psql, reached through the PG* variables; stopped when they are done."""
    if not any(re.search(r"(?m)^\$ psql ", b.code) for b in console_blocks):
        yield
        return
    sys.path.insert(0, str(ROOT / "postgres" / "tests"))
    import cluster  # noqa: PLC0415
    with cluster.Cluster("doc-examples") as pg:
        pg.psql(sql="DROP SCHEMA public CASCADE; CREATE SCHEMA public")
        saved = {k: os.environ.get(k) for k in pg.env}
        os.environ.update(pg.env)
        try:
            yield
        finally:
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v


if __name__ == "__main__":
    sys.exit(main())
