"""One interval estimator per metric: the delta method from summed per-game moments equals the
one from per-game arrays; intervals stay within the metric's range; too few units give no verdict."""
import math

import numpy as np
import pytest

from analysis.paired import Est, diff, ratio, ratio_moments, se_moments


# --- The estimator -------------------------------------------------------------------------------
def test_moments_give_the_per_game_standard_error():
    """`ratio_moments` + `se_moments` from sum x x' equal `ratio` from the per-game arrays, for a
    ratio and for the difference of two ratios on the same games (their covariance included)."""
    rng = np.random.default_rng(4)
    b = rng.integers(0, 3, 500).astype(float)
    a = rng.uniform(0, 1, 500) * (b > 0)
    x = np.stack([np.ones(500), a, b], 1)
    gram = x.T @ x
    r1, h1 = ratio_moments(gram, np.array([0.0, 1, 0]), np.array([0.0, 0, 1]))
    r2, h2 = ratio_moments(gram, np.array([1.0, -1, 0]), np.array([3.0, 0, -1]))
    e1, e2 = ratio(a, b), ratio(1 - a, 3 - b)
    assert (r1, r2) == (pytest.approx(e1.value), pytest.approx(e2.value))
    assert se_moments(h1, gram) == pytest.approx(e1.se(), rel=1e-9)
    assert se_moments(h1 - h2, gram) == pytest.approx((e1 - e2).se(), rel=1e-9)
    assert (e1 - e2).se() > math.hypot(e1.se(), e2.se())  # the two sides move against each other


# --- Range and minimum count ---------------------------------------------------------------------
def test_a_rare_card_that_always_loses_gets_no_verdict():
    """The Pope case: 5 acquirers, all lost: the value is -0.5 with se about 0, but too few to say."""
    n = 400
    b = np.zeros(n)
    b[:5] = 1
    a = np.zeros(n)
    acq = ratio(a, b, (0, 1))
    not_ = ratio(1 - a, 2 - b, (0, 1))
    d = acq - not_
    assert d.value == pytest.approx(-0.5, abs=0.01) and d.too_few and np.isnan(d.p())
    assert d.ci() == (-1, 1)
    change = diff(d, Est(d.value + 0.6, d.infl, d.count, d.bounds), paired=False)
    assert change.too_few and np.isnan(change.p) and (change.lo, change.hi) == (-2, 2)
    big = Est(np.array(0.9), np.full(n, 3.0) * np.resize([1, -1], n), 1000.0, (0, 1))
    assert big.ci()[1] == 1.0 and big.ci()[0] < 0.9 and big.p() < 0.05
