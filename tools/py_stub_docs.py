#!/usr/bin/env python3
"""Keeps the docstrings of the Python stubs equal to the installed module's own docs.

The extension module's docs are the Rust doc comments of bindings-python/src (PyO3 makes
them `__doc__`, which `help()` and notebooks show); editors read the stubs
(bindings-python/python/polyid/*.pyi). One text serves both: the stubs' docstrings are
written from the module, never by hand.

For every function, class, method and property a stub declares, the module's object must
have a non-empty `__doc__`, and the stub's docstring must be that text (`inspect.cleandoc`).
An overloaded name keeps a docstring per overload, written by hand; only its `__doc__` is
checked.

    python tools/py_stub_docs.py --check    exit 1 and list every difference
    python tools/py_stub_docs.py --write    rewrite the stubs' docstrings, then check

Run it with the Python that has the built package installed (make python-test does).
"""

from __future__ import annotations

import argparse
import ast
import importlib
import inspect
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STUBS = {
    "polyid": ROOT / "bindings-python/python/polyid/__init__.pyi",
    "polyid.arrow": ROOT / "bindings-python/python/polyid/arrow.pyi",
}


def declarations(tree: ast.Module):
    """(qualified name, node, overloaded) of every public def and class of a stub."""

    def overloaded(node: ast.AST) -> bool:
        return any(
            isinstance(d, ast.Name) and d.id == "overload"
            for d in getattr(node, "decorator_list", [])
        )

    def walk(body, prefix):
        for node in body:
            if not isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                continue
            if node.name.startswith("_"):
                continue
            name = prefix + node.name
            yield name, node, overloaded(node)
            if isinstance(node, ast.ClassDef):
                yield from walk(node.body, name + ".")

    yield from walk(tree.body, "")


def runtime_doc(module, name: str) -> str | None:
    obj = module
    for part in name.split("."):
        obj = inspect.getattr_static(obj, part, None)
        if obj is None:
            return None
        if isinstance(obj, (staticmethod, classmethod)):
            obj = obj.__func__
    doc = getattr(obj, "__doc__", None)
    return inspect.cleandoc(doc) if doc else ""


def docstring_node(node) -> ast.Constant | None:
    if node.body and isinstance(node.body[0], ast.Expr):
        value = node.body[0].value
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            return value
    return None


def quoted(doc: str, indent: str) -> str:
    """`doc` as a triple-quoted docstring, its later lines indented as the stub's body."""
    doc = doc.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    if doc.endswith('"'):
        doc = doc[:-1] + '\\"'
    lines = doc.split("\n")
    body = "\n".join([lines[0]] + [indent + line if line else "" for line in lines[1:]])
    return f'"""{body}"""'


def process(module_name: str, path: Path, write: bool) -> list[str]:
    module = importlib.import_module(module_name)
    text = path.read_text()
    tree = ast.parse(text)
    problems = []
    edits = []  # (start offset, end offset, new text)
    lines = text.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))

    def at(lineno: int, col: int) -> int:
        """A string offset from ast's position (its column counts UTF-8 bytes)."""
        return offsets[lineno - 1] + len(lines[lineno - 1].encode()[:col].decode())

    for name, node, overloaded in declarations(tree):
        doc = runtime_doc(module, name)
        where = f"{path.relative_to(ROOT)}:{node.lineno}: {name}"
        if doc is None:
            continue  # a stub-only helper (stubtest checks that stubs match the module)
        if not doc:
            problems.append(f"{where}: the module's object has no __doc__")
            continue
        if overloaded:
            continue
        current = docstring_node(node)
        if current is not None and inspect.cleandoc(current.value) == doc:
            continue
        problems.append(f"{where}: the stub's docstring differs from the module's __doc__")
        indent = " " * (node.col_offset + 4)
        first = node.body[0]
        begin = at(first.lineno, first.col_offset)
        if current is not None:
            edits.append((begin, at(current.end_lineno, current.end_col_offset),
                          quoted(doc, indent)))
        elif not (isinstance(first, ast.Expr) and getattr(first.value, "value", None) is ...):
            edits.append((begin, begin, quoted(doc, indent) + "\n" + indent))
        elif text[offsets[first.lineno - 1]:begin].strip():
            # `def f(...) -> T: ...`: the docstring replaces the `...`, on a line of its own.
            end = at(first.end_lineno, first.end_col_offset)
            while text[begin - 1] == " ":
                begin -= 1
            edits.append((begin, end, "\n" + indent + quoted(doc, indent)))
        else:
            edits.append((begin, at(first.end_lineno, first.end_col_offset), quoted(doc, indent)))
    if write and edits:
        for start, end, new in sorted(edits, reverse=True):
            text = text[:start] + new + text[end:]
        path.write_text(text)
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true")
    mode.add_argument("--write", action="store_true")
    args = parser.parse_args()
    if args.write:
        for module_name, path in STUBS.items():
            process(module_name, path, write=True)
    problems = []
    for module_name, path in STUBS.items():
        problems += process(module_name, path, write=False)
    for p in problems:
        print(p)
    checked = sum(1 for p in STUBS.values() for _ in declarations(ast.parse(p.read_text())))
    print(f"py_stub_docs: {checked} declarations, {len(problems)} differences")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
