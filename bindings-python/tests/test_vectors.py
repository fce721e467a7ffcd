"""Every case of every tests/vectors/*.json file, each as its own test named
``<family>/<name>``: outputs and error codes (and error details where the case names them)."""

import pytest

from vector_ops import Unsupported, load_cases, run_case

CASES = list(load_cases())


def test_vectors_present() -> None:
    families = {key.split("/")[0] for key, _ in CASES}
    assert families == {"wdp", "uid11", "xid", "tid", "euid", "catalog", "extuuid",
                        "generators"}
    assert len(CASES) > 900


@pytest.mark.parametrize("case", [c for _, c in CASES], ids=[k for k, _ in CASES])
def test_vector(case: dict) -> None:
    try:
        ok, expected, got = run_case(case)
    except Unsupported as e:
        pytest.skip(str(e))
    assert ok, f"expected {expected!r}, got {got!r}"
