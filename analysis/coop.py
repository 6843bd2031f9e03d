"""Co-op runs (Poseidon): the players together against Poseidon.

The team wins when the 7th Pillar is destroyed, or at submersion with strictly more VP together
than Poseidon (COOP-15). A game's margin is the team's VP minus Poseidon's. The win rate's CI is
Wilson's interval over games; the margin's quantiles come from its histogram (the coop.margin
counter of a run folder, the games' `poseidon_vp` of an in-memory result).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from analysis._data import as_run, counters_of
from analysis.stats import hist_moments, hist_quantile, wilson
from sim.runs.counters import COOP_MARGIN, COOP_PILLARS
from sim.runs.tally import coop_outcome

N_PILLARS = 7


def is_coop(run) -> bool:
    """True for a run of the co-op mode: its config says so, or its games were scored against Poseidon."""
    run = as_run(run)
    mode = ((getattr(run, "manifest", None) or {}).get("config") or {}).get("mode")
    if mode is not None:
        return mode == "coop"
    counters = counters_of(run)
    if counters is not None:
        return len(counters.table(COOP_MARGIN)) > 0
    return "poseidon_vp" in run.games


def _outcomes(run) -> pd.DataFrame:
    """(margin, won, games) rows of a co-op run."""
    run = as_run(run)
    if not is_coop(run):
        raise ValueError("not a co-op run: its games have no Poseidon score (simulate with mode coop)")
    counters = counters_of(run)
    if counters is not None:
        t = counters.table(COOP_MARGIN)
        return pd.DataFrame({"margin": t["i0"].to_numpy("int64"), "won": t["i1"].to_numpy() > 0,
                             "games": t["value"].to_numpy("int64")})
    out = coop_outcome(run.games, run.players).groupby(["margin", "won"]).size().rename("games").reset_index()
    return out


def _pillars_left(run) -> tuple[np.ndarray, np.ndarray]:
    run = as_run(run)
    counters = counters_of(run)
    if counters is not None:
        return counters.histogram(COOP_PILLARS)
    h = run.games["pillars_left"].astype("int64").value_counts().sort_index()
    return h.index.to_numpy("int64"), h.to_numpy("int64")


def coop_summary(run, confidence: float = 0.95) -> pd.DataFrame:
    """One row: games, the team's wins (and how many by destroying every Pillar), the win rate with
    its Wilson CI (lo, hi), the margin (team VP − Poseidon VP) mean, median and quartiles, and the
    mean number of Pillars destroyed."""
    o = _outcomes(run)
    n = int(o["games"].sum())
    wins = int(o.loc[o["won"], "games"].sum())
    margins, games = o.groupby("margin")["games"].sum().index.to_numpy(), o.groupby("margin")["games"].sum().to_numpy()
    left, per = _pillars_left(run)
    by_pillars = int(per[left == 0].sum())
    lo, hi = wilson(wins, n, confidence)
    return pd.DataFrame([{
        "games": n, "wins": wins, "wins_by_pillars": by_pillars, "win_rate": wins / n if n else float("nan"),
        "lo": float(lo), "hi": float(hi),
        "mean_margin": hist_moments(margins, games)[1], "median_margin": hist_quantile(margins, games, 0.5),
        "margin_q1": hist_quantile(margins, games, 0.25), "margin_q3": hist_quantile(margins, games, 0.75),
        "pillars_destroyed": float(((N_PILLARS - left) * per).sum() / max(int(per.sum()), 1))}])


def pillars_destroyed(run) -> pd.DataFrame:
    """One row per number of Pillars destroyed by the end (0-7): games and share of games."""
    left, per = _pillars_left(run)
    t = pd.DataFrame({"pillars_destroyed": N_PILLARS - left, "games": per})
    t["share"] = t["games"] / max(int(per.sum()), 1)
    return t.sort_values("pillars_destroyed").reset_index(drop=True)
