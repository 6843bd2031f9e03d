"""Hades runs: each player's Underworld at the end of a game.

Per player-game: the Souls left, the cards in the Void (each one annihilated) and their VP (added,
HAD-30), the cards of the Shackle pile and their VP (subtracted), and the Senses held. Each is
summed over the run as a histogram of (value, whether the player won) (the `hades.*` counters of a
run folder, the players table of an in-memory result), so the table gives the mean with its normal
CI, and the means of the winners and of the others: an association (players ahead annihilate more),
not an effect.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from analysis._data import as_run, counters_of
from analysis.stats import hist_moments, z_value
from sim.runs.counters import HADES_END, hades_histogram

WORDS = {"souls": "Souls left", "void_cards": "cards in the Void (annihilated)", "void_vp": "VP of the Void (added)",
         "shackle_cards": "cards in the Shackle pile", "shackle_vp": "VP of the Shackle pile (subtracted)",
         "senses": "Senses held"}


def is_hades(run) -> bool:
    """True for a run whose players have an Underworld (the Hades box was in)."""
    run = as_run(run)
    counters = counters_of(run)
    if counters is not None:
        return len(counters.table(f"hades.{HADES_END[0]}")) > 0
    return HADES_END[0] in run.players


def _histogram(run, col: str) -> pd.DataFrame:
    """(value, won, count) rows of one quantity."""
    counters = counters_of(run)
    if counters is not None:
        t = counters.table(f"hades.{col}")
        return pd.DataFrame({"value": t["i0"].to_numpy("int64"), "won": t["i1"].to_numpy("int64"),
                             "count": t["value"].to_numpy("int64")})
    return hades_histogram(run.players, col)


def hades_summary(run, confidence: float = 0.95) -> pd.DataFrame:
    """One row per quantity: its mean per player-game with its CI (lo, hi), the winners' mean and
    the others' mean."""
    run = as_run(run)
    if not is_hades(run):
        raise ValueError("not a Hades run: its players have no Underworld (simulate with --boxes ...,hades)")
    z = z_value(confidence)
    rows = []
    for col in HADES_END:
        h = _histogram(run, col)
        n, mean, sd = hist_moments(h["value"].to_numpy(), h["count"].to_numpy())
        side = {w: hist_moments(g["value"].to_numpy(), g["count"].to_numpy())[1] for w, g in h.groupby("won")}
        half = z * sd / np.sqrt(n) if n > 1 else float("nan")
        rows.append({"quantity": WORDS[col], "mean": mean, "lo": mean - half, "hi": mean + half,
                     "winners": side.get(1, float("nan")), "others": side.get(0, float("nan")), "player_games": n})
    return pd.DataFrame(rows)
