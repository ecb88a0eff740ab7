"""Every rules case under tests/cases/ is a test."""

from pathlib import Path

import pytest

from pbem.cases import collect, run_case

CASES = collect([Path(__file__).parent / "cases"])


@pytest.mark.parametrize(
    "path", CASES, ids=[str(p.relative_to(Path(__file__).parent / "cases")) for p in CASES]
)
def test_case(path):
    result = run_case(path)
    assert result.ok, result.text()
