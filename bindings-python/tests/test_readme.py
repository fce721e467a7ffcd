"""The README's quick start runs as written."""

import os


def test_readme_quick_start() -> None:
    path = os.path.join(os.path.dirname(__file__), "..", "README.md")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    start = text.index("```python\nimport datetime")
    end = text.index("```", start + 3)
    exec(compile(text[start + len("```python\n"):end], "README.md quick start", "exec"), {})
