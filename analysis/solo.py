"""Solo runs (Asgard): one player against Hilda, the automated opponent.

The player wins only with strictly more VP than Hilda; a tie is a loss, counted apart (SOLO-5).
A game's margin is the player's VP minus Hilda's: above 0 a win, 0 a tie, below 0 a loss. The
win rate's CI is Wilson's interval over games; the margin's quantiles come from its histogram
(the solo.margin counter of a run folder, the games' `hilda_vp` of an in-memory result).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from analysis._data import as_run, counters_of
from analysis.stats import hist_moments, hist_quantile, wilson
from sim.runs.counters import SOLO_MARGIN
from sim.runs.tally import solo_margin


def is_solo(run) -> bool:
    """True for a run of the solo mode: its config says so, or its games were scored against Hilda."""
    run = as_run(run)
    mode = ((getattr(run, "manifest", None) or {}).get("config") or {}).get("mode")
    if mode is not None:
        return mode == "solo"
    counters = counters_of(run)
    if counters is not None:
        return len(counters.table(SOLO_MARGIN)) > 0
    return "hilda_vp" in run.games


def margin_histogram(run) -> tuple[np.ndarray, np.ndarray]:
    """(margins, games) of a solo run, by margin."""
    run = as_run(run)
    if not is_solo(run):
        raise ValueError("not a solo run: its games have no Hilda score (simulate with mode solo)")
    counters = counters_of(run)
    if counters is not None:
        return counters.histogram(SOLO_MARGIN)
    counts = solo_margin(run.games, run.players).value_counts().sort_index()
    return counts.index.to_numpy("int64"), counts.to_numpy("int64")


def outcome(margin) -> np.ndarray:
    """'win', 'tie' or 'loss' for each margin (a tie is also a loss: SOLO-5)."""
    m = np.asarray(margin)
    return np.where(m > 0, "win", np.where(m == 0, "tie", "loss"))


def margin_distribution(run) -> pd.DataFrame:
    """One row per margin (player VP − Hilda VP) that occurred: games, share of games, outcome."""
    margins, games = margin_histogram(run)
    return pd.DataFrame({"margin": margins, "games": games, "share": games / max(int(games.sum()), 1),
                         "outcome": outcome(margins)})


def solo_summary(run, confidence: float = 0.95) -> pd.DataFrame:
    """One row: games, wins, ties, losses (ties excluded), the win rate with its Wilson CI (lo, hi),
    the tie rate, and the margin's mean, median and quartiles."""
    margins, games = margin_histogram(run)
    n = int(games.sum())
    wins, ties = int(games[margins > 0].sum()), int(games[margins == 0].sum())
    lo, hi = wilson(wins, n, confidence)
    share = (lambda k: k / n) if n else (lambda k: float("nan"))
    return pd.DataFrame([{
        "games": n, "wins": wins, "ties": ties, "losses": n - wins - ties,
        "win_rate": share(wins), "lo": float(lo), "hi": float(hi), "tie_rate": share(ties),
        "mean_margin": hist_moments(margins, games)[1], "median_margin": hist_quantile(margins, games, 0.5),
        "margin_q1": hist_quantile(margins, games, 0.25), "margin_q3": hist_quantile(margins, games, 0.75)}])
