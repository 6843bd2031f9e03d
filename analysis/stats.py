"""Confidence intervals for shares: Wilson's score interval and Newcombe's difference interval.

Both are vectorised over numpy arrays. Successes may be fractional: a win share counts a k-way
tie as 1/k of a win, so "successes" is the sum of win shares over n player-games.

Wilson (1927): the set of p not rejected by the score test; unlike p +/- z*se it stays inside
[0, 1] and behaves at small n and extreme p.
Newcombe (1998, method 10, "hybrid score"): the interval for p1 - p2 built from the two
Wilson intervals; it is the standard recommendation for a difference of independent shares.
"""
from __future__ import annotations

from statistics import NormalDist

import numpy as np


def z_value(confidence: float = 0.95) -> float:
    """The two-sided normal quantile (1.959964 for 95%)."""
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson(successes, n, confidence: float = 0.95):
    """Wilson score interval (lo, hi) for successes/n; NaN where n == 0."""
    x = np.asarray(successes, dtype=float)
    n = np.asarray(n, dtype=float)
    z = z_value(confidence)
    with np.errstate(divide="ignore", invalid="ignore"):
        p = x / n
        denom = 1 + z * z / n
        centre = (p + z * z / (2 * n)) / denom
        half = z / denom * np.sqrt(np.clip(p * (1 - p), 0, None) / n + z * z / (4 * n * n))
        lo = np.where(x <= 0, 0.0, np.clip(centre - half, 0, 1))  # exact ends at 0 and n successes
        hi = np.where(x >= n, 1.0, np.clip(centre + half, 0, 1))
        lo = np.where(n > 0, lo, np.nan)
        hi = np.where(n > 0, hi, np.nan)
    return lo, hi


def newcombe_diff(x1, n1, x2, n2, confidence: float = 0.95):
    """Difference p1 - p2 and its Newcombe hybrid-score interval: (diff, lo, hi)."""
    x1, n1, x2, n2 = (np.asarray(v, dtype=float) for v in (x1, n1, x2, n2))
    with np.errstate(divide="ignore", invalid="ignore"):
        p1 = np.where(n1 > 0, x1 / n1, np.nan)
        p2 = np.where(n2 > 0, x2 / n2, np.nan)
    l1, u1 = wilson(x1, n1, confidence)
    l2, u2 = wilson(x2, n2, confidence)
    d = p1 - p2
    lo = d - np.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    hi = d + np.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return d, lo, hi
