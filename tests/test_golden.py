"""Seeded games told in full must match the stored golden traces (see tests/golden)."""
import difflib

import pytest

from tests.golden import CASES, HERE, render


@pytest.mark.parametrize("name", sorted(CASES))
def test_trace_matches_golden(name):
    expected = (HERE / name).read_text(encoding="utf-8")
    got = render(name)
    if got != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), got.splitlines(True), "golden", "now", n=2))
        pytest.fail(f"trace {name} changed (run `make golden` if intended):\n{diff[:4000]}")
