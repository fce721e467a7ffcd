"""The README's examples run as written."""

import json
import os
import socket
import subprocess
import sys

import pytest

README = os.path.join(os.path.dirname(__file__), "..", "README.md")


def block(opening: str) -> str:
    """The code of the README block that starts with ```python and then `opening`."""
    with open(README, encoding="utf-8") as f:
        text = f.read()
    start = text.index("```python\n" + opening)
    end = text.index("```", start + 3)
    return text[start + len("```python\n"):end]


def test_readme_quick_start() -> None:
    code = block("import datetime")
    exec(compile(code, "README.md quick start", "exec"), {})


# Runs a block statement by statement; an expression statement whose line ends with a comment
# that is a Python literal (`# 5`, `# 'NODE_IN_USE'`, `# 5 (bits 21-12)` -> 5) must evaluate
# to that literal.
CHECKER = r'''
import ast, json, sys
code = sys.stdin.read()
lines = code.splitlines()
ns = {}
checked = 0

def expected_of(comment):
    comment = comment.strip()
    for end in range(len(comment), 0, -1):
        try:
            return True, ast.literal_eval(comment[:end].strip())
        except Exception:
            continue
    return False, None

def run(stmts):
    global checked
    for stmt in stmts:
        if isinstance(stmt, ast.Try):
            try:
                run(stmt.body)
            except Exception as e:
                for h in stmt.handlers:
                    ns["__exc"] = e
                    kind = eval(compile(ast.Expression(h.type), "<readme>", "eval"), ns)
                    if isinstance(e, kind):
                        if h.name:
                            ns[h.name] = e
                        run(h.body)
                        break
                else:
                    raise
            continue
        line = lines[stmt.end_lineno - 1]
        if isinstance(stmt, ast.Expr) and "#" in line:
            value = eval(compile(ast.Expression(stmt.value), "<readme>", "eval"), ns)
            ok, want = expected_of(line.split("#", 1)[1])
            if ok:
                assert value == want, f"line {stmt.end_lineno}: {value!r} != {want!r}"
                checked += 1
        else:
            exec(compile(ast.Module([stmt], []), "<readme>", "exec"), ns)

run(ast.parse(code).body)
print(json.dumps({"checked": checked}))
'''


def node_is_free(n: int) -> bool:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        s.bind(f"\0polyid-node-{n}")
        return True
    except OSError:
        return False
    finally:
        s.close()


def checked(opening: str, env: "dict[str, str] | None" = None) -> int:
    """Runs the README block that starts with `opening` in a child interpreter under CHECKER:
    the number of values its comments state, each checked."""
    p = subprocess.run([sys.executable, "-c", CHECKER], input=block(opening), env=env,
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    return int(json.loads(p.stdout)["checked"])


def test_readme_nodes_block() -> None:
    """The node example sets the process node: it runs without the node variables
    POLYID_NODE*."""
    if sys.platform.startswith("linux") and not node_is_free(5):
        pytest.skip("node 5 is held by another process on this host")
    env = {k: v for k, v in os.environ.items() if not k.startswith("POLYID_NODE")}
    assert checked("import polyid\n\n# The process node", env) == 14


def test_readme_profiles_block() -> None:
    assert checked("import polyid\npolyid.Tid.parse(") == 4


def test_readme_sql_engines_block() -> None:
    """The SQL engines example: the extensions the wheel carries, loaded and queried."""
    assert checked("import apsw, polyid.sqlite") == 2
