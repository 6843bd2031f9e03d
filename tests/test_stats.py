"""Wilson and Newcombe intervals against published values and hand computation."""
import math

import numpy as np
import pytest

from analysis.stats import wilson, z_value


def test_z_value_is_the_normal_quantile():
    assert z_value(0.95) == pytest.approx(1.959964, abs=1e-6)


def test_wilson_matches_the_formula_by_hand():
    z = z_value(0.95)
    x, n = 8, 10
    p = x / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    lo, hi = wilson(x, n)
    assert lo == pytest.approx(centre - half) and hi == pytest.approx(centre + half)


def test_wilson_matches_newcombe_1998_table():
    # Newcombe (1998), Stat Med 17:857, examples 56/70 and 48/80
    assert np.allclose(wilson(56, 70), (0.6918, 0.8770), atol=1e-4)
    assert np.allclose(wilson(48, 80), (0.4905, 0.7004), atol=1e-4)


def test_wilson_edges_and_vectors():
    lo, hi = wilson([0, 10, 5], [10, 10, 10])
    assert lo[0] == 0.0 and hi[1] == 1.0 and lo[2] < 0.5 < hi[2]
    assert hi[2] - 0.5 == pytest.approx(0.5 - lo[2])  # symmetric at p = 1/2
    lo, hi = wilson(0, 0)
    assert math.isnan(lo) and math.isnan(hi)


def test_wilson_accepts_fractional_successes_from_ties():
    lo, hi = wilson(1.5, 3)
    assert 0 < lo < 0.5 < hi < 1
