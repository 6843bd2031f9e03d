"""Estimates with per-game influence values: paired differences, CIs and false-discovery control.

Every balance metric here is a ratio of sums over games (a win share is summed win shares over
player-games, an acquisition rate is acquisitions over offers, a mean length is rounds over
games). Linearising a ratio R = sum(num) / sum(den) gives each game an influence value
    infl_g = (num_g - R * den_g) / mean(den)
whose mean is 0 and whose variance / n estimates the variance of R (the delta method). The game,
not the player-game, is the independent unit, so the players of one game (whose win shares sum to
1) are handled correctly.

Two card sets played on the same (seed, game index) share their random numbers. The difference of
a metric between arm A and arm B then has the per-game influence difference infl_B - infl_A, and
its standard error sd(infl_B - infl_A) / sqrt(n) is much smaller than the unpaired
sqrt(var(infl_A) / n + var(infl_B) / n) whenever the two arms' games stay alike: that is what
pairing (common random numbers) buys.

Arrays are (games,) or (games, k): every function is vectorised over the k columns.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from analysis.stats import z_value


@dataclass
class Est:
    """A metric's value (k,) and the per-game influence values (games, k) behind its uncertainty."""
    value: np.ndarray
    infl: np.ndarray

    @property
    def n(self) -> int:
        return self.infl.shape[0]

    def se(self) -> np.ndarray:
        return _sd(self.infl) / math.sqrt(max(self.n, 1))

    def ci(self, confidence: float = 0.95):
        """(lo, hi): value -/+ z * se."""
        h = z_value(confidence) * self.se()
        return self.value - h, self.value + h

    def __sub__(self, other: "Est") -> "Est":
        return Est(self.value - other.value, self.infl - other.infl)


def _sd(x: np.ndarray) -> np.ndarray:
    n = x.shape[0]
    if n < 2:
        return np.full(x.shape[1:], np.nan) if x.ndim > 1 else np.nan
    return np.std(x, axis=0, ddof=1)


def ratio(num, den) -> Est:
    """R = sum(num) / sum(den) over games, with its linearised per-game influence (NaN where the
    denominator sums to 0, e.g. a card never offered)."""
    num = np.asarray(num, dtype=float)
    den = np.asarray(den, dtype=float)
    sden = den.sum(axis=0)
    with np.errstate(divide="ignore", invalid="ignore"):
        r = np.where(sden > 0, num.sum(axis=0) / sden, np.nan)
        infl = (num - r * den) / (sden / max(den.shape[0], 1))
    return Est(np.asarray(r), np.asarray(infl))


def mean(x) -> Est:
    """The mean over games (a ratio with denominator 1)."""
    x = np.asarray(x, dtype=float)
    return ratio(x, np.ones_like(x))


def normal_p(z) -> np.ndarray:
    """Two-sided p-value of a z statistic (0 for an infinite z, NaN for NaN)."""
    f = np.vectorize(lambda v: math.erfc(abs(v) / math.sqrt(2)) if not math.isnan(v) else math.nan,
                     otypes=[float])
    return f(np.asarray(z, dtype=float))


@dataclass
class Diff:
    """B - A for each of k metrics: the difference, its paired CI, p-value, and the unpaired se
    (what the CI would be without common random numbers) for comparison."""
    a: np.ndarray
    b: np.ndarray
    delta: np.ndarray
    se: np.ndarray
    lo: np.ndarray
    hi: np.ndarray
    p: np.ndarray
    se_unpaired: np.ndarray


def diff(a: Est, b: Est, paired: bool = True, confidence: float = 0.95) -> Diff:
    """B - A with a normal interval. paired: a and b hold the same game indices in the same order,
    so the per-game influence differences are used; else the two variances add."""
    se_u = np.sqrt(_sd(a.infl) ** 2 / a.n + _sd(b.infl) ** 2 / b.n)
    se = _sd(b.infl - a.infl) / math.sqrt(a.n) if paired else se_u
    d = b.value - a.value
    h = z_value(confidence) * se
    with np.errstate(divide="ignore", invalid="ignore"):
        z = np.where(se > 0, d / se, np.where(d == 0, 0.0, np.inf))
    p = np.where(np.isnan(d), np.nan, normal_p(z))
    return Diff(a.value, b.value, d, se, d - h, d + h, p, se_u)


def bh_qvalues(p) -> np.ndarray:
    """Benjamini-Hochberg adjusted p-values (q-values); NaN p-values are left out of the family
    and stay NaN. A change 'holds' at false-discovery rate alpha when q <= alpha."""
    p = np.asarray(p, dtype=float)
    q = np.full(p.shape, np.nan)
    ok = np.flatnonzero(~np.isnan(p))
    m = len(ok)
    if m == 0:
        return q
    order = ok[np.argsort(p[ok], kind="stable")]
    ranked = p[order] * (m / np.arange(1, m + 1))  # a factor >= 1: never below p, even in floating point
    q[order] = np.minimum(1.0, np.minimum.accumulate(ranked[::-1])[::-1])
    return q
