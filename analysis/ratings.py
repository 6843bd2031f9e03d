"""Ratings of policies from a round robin on paired seeds: per-pairing win shares and
Bradley-Terry ratings on an Elo-like scale.

A ladder's data (`duels`) has one row per pairing (a, b) and game seed: `first`, A's score in the
game where A took the first seat (A, B, A, ...) and `second`, its score in the same seed's game
with the seats swapped (B, A, B, ...). A score is A's seats' summed win share: 1 for a win, 1/2
for a two-way tie (ties count half), 0 for a loss. The two games of a seed share their deal,
Heroes and shuffles, so they are one paired unit: the seed's score is their mean.

Bradley-Terry: policy i has a strength p_i and beats j with probability p_i / (p_i + p_j). The
strengths are fitted by maximum likelihood with Hunter's MM algorithm (2004), and put on the
Elo scale, rating_i = 400 log10(p_i) + constant, so a 400-point gap means 10 to 1 odds; the
constant puts the anchor policy at 1500 (or, without one, the mean rating at 1500). A `prior` of
virtual drawn games per pairing keeps the ratings finite when a policy wins (or loses) every
game against another, where the likelihood has no maximum. The 95% CIs come from a bootstrap
over game seeds: the same resampled seeds in every pairing (they played the same seeds), each
seed with both its games.
"""
from __future__ import annotations

import math

import numpy as np
import pandas as pd

from analysis.stats import wilson, z_value

ELO = 400 / math.log(10)   # rating points per unit of natural log strength
BASE = 1500.0


# --- Pairings -------------------------------------------------------------------------------------
def paired_share(seed_scores, confidence: float = 0.95) -> tuple[float, float, float]:
    """(mean, lo, hi) of per-seed scores in [0, 1]: a normal interval with the seeds' own spread,
    clipped to [0, 1]; where every seed scored the same (a clean sweep, say) that spread is 0 and
    Wilson's interval over the seeds is used instead, so a sweep still gets an honest width."""
    x = np.asarray(seed_scores, dtype=float)
    n = len(x)
    m = float(x.mean())
    sd = float(x.std(ddof=1)) if n > 1 else 0.0
    if sd == 0:
        lo, hi = wilson(m * n, n, confidence)
        return m, float(lo), float(hi)
    h = z_value(confidence) * sd / math.sqrt(n)
    return m, max(0.0, m - h), min(1.0, m + h)


def pairing_table(duels: pd.DataFrame, confidence: float = 0.95) -> pd.DataFrame:
    """One row per pairing: seeds, games, A's win share over B with its paired CI, and A's win
    share in each seating (A seated first, B seated first)."""
    rows = []
    for (a, b), g in duels.groupby(["a", "b"], sort=False):
        share, lo, hi = paired_share((g["first"] + g["second"]) / 2, confidence)
        rows.append({"a": a, "b": b, "seeds": len(g), "games": 2 * len(g), "win_share": share, "lo": lo, "hi": hi,
                     "a_seated_first": g["first"].mean(), "b_seated_first": g["second"].mean()})
    return pd.DataFrame(rows)


# --- Bradley-Terry --------------------------------------------------------------------------------
def bradley_terry(wins, prior: float = 0.0, tol: float = 1e-10, max_iter: int = 100_000) -> np.ndarray:
    """Log strengths (mean 0) fitted by maximum likelihood. wins[i, j]: i's score against j (a tie
    counts half to each), so wins[i, j] + wins[j, i] is the games they played; a stack of such
    matrices (..., k, k) is fitted at once. prior: virtual drawn games added to every pair that
    played. ValueError when the maximum does not exist (without a prior: some group of policies
    never won a game against the others)."""
    w = np.asarray(wins, dtype=float)
    games = w + np.swapaxes(w, -1, -2)
    played = games > 0
    w = w + np.where(played, prior / 2, 0.0)
    games = games + np.where(played, prior, 0.0)
    _check_exists(w)
    won = w.sum(axis=-1)
    theta = np.zeros(won.shape)
    for _ in range(max_iter):  # Hunter's MM step: p_i = W_i / sum_j n_ij / (p_i + p_j)
        p = np.exp(theta)
        denom = (games / (p[..., :, None] + p[..., None, :])).sum(axis=-1)
        new = np.log(won / denom)
        new -= new.mean(axis=-1, keepdims=True)
        done = np.max(np.abs(new - theta)) < tol
        theta = new
        if done:
            return theta
    raise RuntimeError(f"Bradley-Terry did not converge in {max_iter} iterations")


def _check_exists(w: np.ndarray):
    """The maximum exists when every policy can reach every other through 'beat at least once'
    (the win graph is strongly connected)."""
    beat = (w > 0).reshape(-1, w.shape[-1], w.shape[-1])
    k = beat.shape[-1]
    reach = beat | np.eye(k, dtype=bool)
    for _ in range(k):
        reach = reach | (reach.astype(np.int64) @ reach.astype(np.int64) > 0)
    if not reach.all():
        raise ValueError("the Bradley-Terry ratings do not exist: some policies never won a game against "
                         "others (give a prior of virtual drawn games)")


def to_elo(theta: np.ndarray, anchor: int | None = None) -> np.ndarray:
    """Elo-like ratings of log strengths: the anchor (an index) at 1500, or the mean at 1500."""
    ref = theta[..., anchor:anchor + 1] if anchor is not None else theta.mean(axis=-1, keepdims=True)
    return BASE + ELO * (theta - ref)


def win_matrix(duels: pd.DataFrame, policies: list[str]) -> np.ndarray:
    """wins[i, j]: policy i's summed score against j over all their games."""
    idx = {p: i for i, p in enumerate(policies)}
    w = np.zeros((len(policies), len(policies)))
    for (a, b), g in duels.groupby(["a", "b"], sort=False):
        s = float((g["first"] + g["second"]).sum())
        w[idx[a], idx[b]] += s
        w[idx[b], idx[a]] += 2 * len(g) - s
    return w


def ladder_ratings(duels: pd.DataFrame, anchor: str | None = "value", prior: float = 1.0, bootstrap: int = 1000,
                   seed: int = 0, confidence: float = 0.95) -> pd.DataFrame:
    """One row per policy (best first): its rating with a bootstrap CI over game seeds, its games
    and its win share over all of them. anchor: the policy rated 1500 (if it played; otherwise
    the mean rating is 1500)."""
    policies = list(dict.fromkeys(list(duels["a"]) + list(duels["b"])))
    at = policies.index(anchor) if anchor in policies else None
    wins = win_matrix(duels, policies)
    rating = to_elo(bradley_terry(wins, prior), at)
    lo, hi = _bootstrap(duels, policies, prior, bootstrap, seed, confidence, at)
    games = wins + wins.T
    out = pd.DataFrame({"policy": policies, "rating": rating, "lo": lo, "hi": hi, "games": games.sum(axis=1),
                        "win_share": wins.sum(axis=1) / games.sum(axis=1)})
    return out.sort_values("rating", ascending=False, kind="stable").reset_index(drop=True)


def _bootstrap(duels, policies, prior, replicates, seed, confidence, at):
    """Percentile CIs: the seeds drawn with replacement, the same draw for every pairing."""
    seeds = np.sort(duels["game"].unique())
    pairs = list(duels.groupby(["a", "b"], sort=False))
    score = np.zeros((len(pairs), len(seeds)))   # A's score out of the seed's 2 games, per pairing
    for r, (_, g) in enumerate(pairs):
        if len(g) != len(seeds) or not np.array_equal(np.sort(g["game"].to_numpy()), seeds):
            raise ValueError("every pairing must play the same game seeds")
        score[r] = (g.sort_values("game")[["first", "second"]].sum(axis=1)).to_numpy()
    rng = np.random.default_rng(seed)
    counts = rng.multinomial(len(seeds), np.full(len(seeds), 1 / len(seeds)), size=replicates)
    a_wins = counts @ score.T                    # (replicates, pairings)
    idx = {p: i for i, p in enumerate(policies)}
    w = np.zeros((replicates, len(policies), len(policies)))
    for r, ((a, b), _) in enumerate(pairs):
        w[:, idx[a], idx[b]] += a_wins[:, r]
        w[:, idx[b], idx[a]] += 2 * len(seeds) - a_wins[:, r]
    ratings = to_elo(bradley_terry(w, prior), at)
    tail = (1 - confidence) / 2
    return np.quantile(ratings, tail, axis=0), np.quantile(ratings, 1 - tail, axis=0)
