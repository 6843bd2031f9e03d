"""Estimates with per-game influence values: paired differences, CIs and false-discovery control.

Every balance metric here is a ratio of sums over games (a win share is summed win shares over
player-games, an acquisition rate is acquisitions over offers, a mean length is rounds over
games). Linearising a ratio R = sum(num) / sum(den) gives each game an influence value
    infl_g = (num_g - R * den_g) / mean(den)
whose mean is 0 and whose variance / n estimates the variance of R (the delta method). The game,
not the player-game, is the independent unit, so the players of one game (whose win shares sum to
1) are handled correctly.

When only sums over games are kept (a big run's counters), the same standard error follows from
the per-game second moments: with per-game vectors x_g whose first entry is 1 and num_g, den_g
linear in x_g, infl_g = h . x_g, so sum(infl_g^2) = h' G h with G = sum_g x_g x_g' (`ratio_moments`).

Two card sets played on the same (seed, game index) share their random numbers. The difference of
a metric between arm A and arm B then has the per-game influence difference infl_B - infl_A, and
its standard error sd(infl_B - infl_A) / sqrt(n) is much smaller than the unpaired
sqrt(var(infl_A) / n + var(infl_B) / n) whenever the two arms' games stay alike: that is what
pairing (common random numbers) buys.

Every interval is clipped to the metric's range (`bounds`: a share lies in [0, 1], a difference of
two shares in [-1, 1]). Below MIN_COUNT units behind a value (player-games, offers or games; for a
difference, on its smaller side) the normal approximation means nothing: the interval is then the
whole range and there is no test (p is NaN, `too_few` is True).

Arrays are (games,) or (games, k): every function is vectorised over the k columns.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from analysis.stats import z_value

MIN_COUNT = 30  # units behind a value (per side of a difference, per arm) before it gets a CI or a test
ANY = (-math.inf, math.inf)  # the bounds of an unbounded metric (a game length)
SHARE = (0.0, 1.0)


def spread(bounds) -> tuple[float, float]:
    """The range of the difference of two values each within bounds."""
    lo, hi = bounds
    return lo - hi, hi - lo


def interval(value, se, count, bounds=ANY, confidence: float = 0.95):
    """(lo, hi): value -/+ z * se clipped to bounds; the whole range where count < MIN_COUNT (NaN
    for an unbounded end)."""
    value, se = np.asarray(value, dtype=float), np.asarray(se, dtype=float)
    h = z_value(confidence) * se
    few = np.asarray(count) < MIN_COUNT
    whole = np.where(np.isfinite(bounds), bounds, np.nan)
    lo = np.where(few, whole[0], np.clip(value - h, *bounds))
    hi = np.where(few, whole[1], np.clip(value + h, *bounds))
    nan = np.isnan(value)
    return np.where(nan, np.nan, lo), np.where(nan, np.nan, hi)


def z_test(value, se, count, null=0.0) -> np.ndarray:
    """Two-sided p-value of value != null; NaN where count < MIN_COUNT (too few to test)."""
    value, se = np.asarray(value, dtype=float), np.asarray(se, dtype=float)
    d = value - null
    with np.errstate(divide="ignore", invalid="ignore"):
        z = np.where(se > 0, d / se, np.where(d == 0, 0.0, np.inf))
    return np.where(np.isnan(d) | (np.asarray(count) < MIN_COUNT), np.nan, normal_p(z))


@dataclass
class Est:
    """A metric's value (k,), the per-game influence values (games, k) behind its uncertainty, the
    units behind the value (k,; default the games) and the metric's range."""
    value: np.ndarray
    infl: np.ndarray
    count: np.ndarray | float | None = None
    bounds: tuple = ANY

    def __post_init__(self):
        if self.count is None:
            self.count = float(self.n)

    @property
    def n(self) -> int:
        return self.infl.shape[0]

    @property
    def too_few(self) -> np.ndarray:
        return np.asarray(self.count) < MIN_COUNT

    def se(self) -> np.ndarray:
        return _sd(self.infl) / math.sqrt(max(self.n, 1))

    def ci(self, confidence: float = 0.95):
        """(lo, hi): value -/+ z * se within the metric's range (see `interval`)."""
        return interval(self.value, self.se(), self.count, self.bounds, confidence)

    def p(self, null: float = 0.0) -> np.ndarray:
        return z_test(self.value, self.se(), self.count, null)

    def column(self, i: int) -> "Est":
        """The estimate of column i alone."""
        return Est(self.value[i], self.infl[:, i], np.asarray(self.count)[i], self.bounds)

    def __sub__(self, other: "Est") -> "Est":
        """self - other on the same games (e.g. the buyers' win share minus the others')."""
        bounds = (self.bounds[0] - other.bounds[1], self.bounds[1] - other.bounds[0])
        return Est(self.value - other.value, self.infl - other.infl, np.minimum(self.count, other.count), bounds)


def _sd(x: np.ndarray) -> np.ndarray:
    n = x.shape[0]
    if n < 2:
        return np.full(x.shape[1:], np.nan) if x.ndim > 1 else np.nan
    return np.std(x, axis=0, ddof=1)


def ratio(num, den, bounds=ANY) -> Est:
    """R = sum(num) / sum(den) over games, with its linearised per-game influence (NaN where the
    denominator sums to 0, e.g. a card never offered); its count is sum(den)."""
    num = np.asarray(num, dtype=float)
    den = np.asarray(den, dtype=float)
    sden = den.sum(axis=0)
    with np.errstate(divide="ignore", invalid="ignore"):
        r = np.where(sden > 0, num.sum(axis=0) / sden, np.nan)
        infl = (num - r * den) / (sden / max(den.shape[0], 1))
    return Est(np.asarray(r), np.asarray(infl), sden, bounds)


def mean(x, bounds=ANY) -> Est:
    """The mean over games (a ratio with denominator 1)."""
    x = np.asarray(x, dtype=float)
    return ratio(x, np.ones_like(x), bounds)


def ratio_moments(gram, num, den):
    """`ratio` from sums only. gram (..., m, m): sum over games of x_g x_g' for per-game vectors
    x_g (m,) whose first entry is 1 (so gram[..., 0, :] holds the games and the sums of x_g);
    num, den (..., m): num_g = num . x_g, den_g = den . x_g. Returns R and h (..., m), the
    influence infl_g = h . x_g of game g (NaN where den sums to 0)."""
    gram = np.asarray(gram, dtype=float)
    sums, n = gram[..., 0, :], gram[..., 0, 0]
    s_num, s_den = (sums * num).sum(-1), (sums * den).sum(-1)
    with np.errstate(divide="ignore", invalid="ignore"):
        r = np.where(s_den > 0, s_num / s_den, np.nan)
        h = (num - r[..., None] * den) / (s_den / n)[..., None]
    return r, h


def se_moments(h, gram) -> np.ndarray:
    """The standard error sd(infl) / sqrt(n) of an influence infl_g = h . x_g whose mean is 0
    (any ratio's, or a difference of them), from gram alone (see `ratio_moments`)."""
    gram = np.asarray(gram, dtype=float)
    n = gram[..., 0, 0]
    ss = np.einsum("...i,...ij,...j->...", h, gram, h)  # sum of infl_g^2
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(n > 1, np.sqrt(np.clip(ss, 0, None) / (n * (n - 1))), np.nan)


def normal_p(z) -> np.ndarray:
    """Two-sided p-value of a z statistic (0 for an infinite z, NaN for NaN)."""
    f = np.vectorize(lambda v: math.erfc(abs(v) / math.sqrt(2)) if not math.isnan(v) else math.nan,
                     otypes=[float])
    return f(np.asarray(z, dtype=float))


@dataclass
class Diff:
    """B - A for each of k metrics: the difference, its paired CI, p-value, and the unpaired se
    (what the CI would be without common random numbers) for comparison; too_few: fewer than
    MIN_COUNT units in either arm (the CI is then the whole range and p is NaN)."""
    a: np.ndarray
    b: np.ndarray
    delta: np.ndarray
    se: np.ndarray
    lo: np.ndarray
    hi: np.ndarray
    p: np.ndarray
    se_unpaired: np.ndarray
    too_few: np.ndarray


def diff(a: Est, b: Est, paired: bool = True, confidence: float = 0.95) -> Diff:
    """B - A with a normal interval within the range of a change of the metric. paired: a and b
    hold the same game indices in the same order, so the per-game influence differences are used;
    else the two variances add."""
    se_u = np.sqrt(_sd(a.infl) ** 2 / a.n + _sd(b.infl) ** 2 / b.n)
    se = _sd(b.infl - a.infl) / math.sqrt(a.n) if paired else se_u
    d = b.value - a.value
    count = np.minimum(a.count, b.count)
    lo, hi = interval(d, se, count, spread(a.bounds), confidence)
    return Diff(a.value, b.value, d, se, lo, hi, z_test(d, se, count), se_u, np.asarray(count) < MIN_COUNT)


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


def by_qvalues(p) -> np.ndarray:
    """Benjamini-Yekutieli q-values: the Benjamini-Hochberg ones times 1 + 1/2 + ... + 1/m, which
    control the false-discovery rate whatever the dependence between the m tests (BH needs them
    independent or positively dependent). NaN p-values are left out, as in `bh_qvalues`."""
    q = bh_qvalues(p)
    m = int(np.count_nonzero(~np.isnan(q)))
    return np.minimum(1.0, q * np.sum(1.0 / np.arange(1, m + 1)))
