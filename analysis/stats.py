"""Confidence intervals for shares (Wilson's score interval) and statistics of histograms.

Vectorised over numpy arrays. Successes may be fractional: a win share counts a k-way
tie as 1/k of a win, so "successes" is the sum of win shares over n player-games.

Wilson (1927): the set of p not rejected by the score test; unlike p +/- z*se it stays inside
[0, 1] and behaves at small n and extreme p.
(A card's win shares are not independent draws, as the seats of one game share it: their
intervals are the game-clustered delta method of analysis.paired.)
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


# --- Statistics of a histogram (distinct values and how many times each occurs) ----------------
def _sorted_hist(values, counts):
    values, counts = np.asarray(values, dtype=float), np.asarray(counts, dtype=np.int64)
    order = np.argsort(values, kind="stable")
    keep = counts[order] > 0
    return values[order][keep], counts[order][keep]


def hist_quantile(values, counts, q: float) -> float:
    """The q-quantile of the data the histogram counts, with numpy's (and pandas') default
    'linear' definition: position q * (n - 1) in the sorted data, interpolated between the two
    neighbouring order statistics. NaN for no data."""
    v, c = _sorted_hist(values, counts)
    n = int(c.sum())
    if n == 0:
        return float("nan")
    h = q * (n - 1)
    i = int(np.floor(h))
    t = h - i
    cum = np.cumsum(c)
    a, b = v[np.searchsorted(cum, i, side="right")], v[np.searchsorted(cum, min(i + 1, n - 1), side="right")]
    return float(b - (b - a) * (1 - t) if t >= 0.5 else a + (b - a) * t)  # numpy's lerp


def hist_moments(values, counts) -> tuple[int, float, float]:
    """(n, mean, sample standard deviation with n - 1) of the data the histogram counts."""
    v, c = _sorted_hist(values, counts)
    n = int(c.sum())
    mean = float((v * c).sum() / n) if n else float("nan")
    sd = float(np.sqrt((c * (v - mean) ** 2).sum() / (n - 1))) if n > 1 else float("nan")
    return n, mean, sd


def hist_spread(values, counts) -> dict:
    """mean, median, p10, p90, min and max of the data the histogram counts."""
    v, c = _sorted_hist(values, counts)
    _, mean, _ = hist_moments(v, c)
    return {"mean": mean, "median": hist_quantile(v, c, 0.5), "p10": hist_quantile(v, c, 0.1),
            "p90": hist_quantile(v, c, 0.9), "min": float(v[0]) if len(v) else float("nan"),
            "max": float(v[-1]) if len(v) else float("nan")}
