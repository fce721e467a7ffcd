"""Runs the mypy sample (tests/typing/sample.py) so its annotations meet real values."""

import os
import runpy


def test_typing_sample_runs() -> None:
    path = os.path.join(os.path.dirname(__file__), "typing", "sample.py")
    ns = runpy.run_path(path)
    assert ns["main"]() > 50
