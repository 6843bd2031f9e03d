"""Duel runs (Hades): the Renegades (seat 0, who play first) against the Gold Saints (seat 1).

A Duel's players table names each player's side in its `hero` column, so the Hero and seat tables
of a report are the sides'. This module adds what only a Duel has: the Houses each side took, each
House's fate (taken by whom, after how many rounds revealed), and the results under each Altar of
Athena (DUEL-9). Counted per batch (the `duel.houses` and
`duel.altar` counters of a run folder; the games and players tables of an in-memory result). Win
rates carry Wilson's CI over games; a shared win counts half, a Duel nobody won (both players
eliminated, POS-7) counts for neither.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from analysis._data import as_run, card_names, counters_of, require_events
from analysis.stats import hist_moments, hist_quantile, wilson
from sim.engine.enums import SIDE_NAMES
from sim.runs.counters import DUEL_ALTAR, DUEL_HOUSE, DUEL_HOUSES, TAKERS, duel_rows, house_holds, win_units


def is_duel(run) -> bool:
    """True for a run of the Hades Duel: its config says so, or its games have an Altar column."""
    run = as_run(run)
    mode = ((getattr(run, "manifest", None) or {}).get("config") or {}).get("mode")
    if mode is not None:
        return mode == "duel"
    counters = counters_of(run)
    if counters is not None:
        return len(counters.table(DUEL_ALTAR)) > 0
    return "altar" in run.games


def _tables(run) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(houses: side, houses, won, count; altars: altar, winner, rounds, count) of a Duel run."""
    run = as_run(run)
    if not is_duel(run):
        raise ValueError("not a Duel run: its games have no Altar (simulate with --mode duel)")
    counters = counters_of(run)
    if counters is not None:
        h, a = counters.table(DUEL_HOUSES), counters.table(DUEL_ALTAR)
    else:
        rows = duel_rows(run.games, run.players, win_units(run.players["win_share"]))
        h, a = (pd.DataFrame(r) for r in rows)
    houses = pd.DataFrame({"side": h["key"].astype(str), "houses": h["i0"].to_numpy("int64"),
                           "won": h["i1"].to_numpy("int64"), "count": h["value"].to_numpy("int64")})
    altars = pd.DataFrame({"altar": a["key"].astype(str), "winner": a["i0"].to_numpy("int64"),
                           "rounds": a["i1"].to_numpy("int64"), "count": a["value"].to_numpy("int64")})
    return houses, altars


def duel_sides(run, confidence: float = 0.95) -> pd.DataFrame:
    """One row per side: the games, its win rate (a shared win counts half) with its CI, and the
    Houses it took per game: the mean, and the means in the games it won and lost."""
    houses, altars = _tables(run)
    games = int(altars["count"].sum())
    rows = []
    for seat, side in enumerate(SIDE_NAMES):
        h = houses[houses["side"] == side]
        wins = altars.loc[altars["winner"] == seat, "count"].sum() + altars.loc[altars["winner"] == 2, "count"].sum() / 2
        lo, hi = (float(x) for x in wilson(wins, games, confidence))
        mean = lambda part: hist_moments(part["houses"].to_numpy(), part["count"].to_numpy())[1]
        rows.append({"side": side, "seat": seat, "games": games, "win_rate": wins / games if games else np.nan,
                     "lo": lo, "hi": hi, "houses": mean(h), "houses_when_won": mean(h[h["won"] == 1]),
                     "houses_when_lost": mean(h[h["won"] == 0])})
    return pd.DataFrame(rows)


def duel_altars(run, confidence: float = 0.95) -> pd.DataFrame:
    """One row per Altar of Athena: its games, the Renegades' win rate (a shared win counts half)
    with its CI, and the mean length in rounds. The Altar of each game is drawn at random under
    `duel_altar = random`, so the rows compare like with like."""
    _, altars = _tables(run)
    rows = []
    for altar, a in altars.groupby("altar"):
        n = int(a["count"].sum())
        wins = a.loc[a["winner"] == 0, "count"].sum() + a.loc[a["winner"] == 2, "count"].sum() / 2
        lo, hi = (float(x) for x in wilson(wins, n, confidence))
        rows.append({"altar": altar, "games": n, "renegades_win_rate": wins / n, "lo": lo, "hi": hi,
                     "rounds": hist_moments(a["rounds"].to_numpy(), a["count"].to_numpy())[1]})
    return pd.DataFrame(rows)


def duel_houses(run) -> pd.DataFrame:
    """One row per House, in pile order: the Duels in which it was revealed, the share of them in
    which it was taken, the Renegades' share of its takers, and the rounds it held (from its reveal
    until taken: mean and 90th percentile). Needs the event log."""
    run = as_run(run)
    if not is_duel(run):
        raise ValueError("not a Duel run: its games have no Altar (simulate with --mode duel)")
    counters = counters_of(run)
    if counters is not None:
        require_events(run, "House table")
        t = counters.table(DUEL_HOUSE)
        h = pd.DataFrame({"taker": t["key"].astype(str), "house": t["i0"].to_numpy("int64"),
                          "rounds": t["i1"].to_numpy("int64"), "count": t["value"].to_numpy("int64")})
    else:
        require_events(run, "House table")
        h = house_holds(run.games, run.events).groupby(["taker", "house", "rounds"]).size().rename("count").reset_index()
    names = card_names(run)
    rows = []
    for house, g in h.groupby("house"):
        taken = g[g["taker"] != TAKERS[2]]
        n, n_taken = int(g["count"].sum()), int(taken["count"].sum())
        values, counts = taken["rounds"].to_numpy(), taken["count"].to_numpy()
        rows.append({"house": names.get(house, str(house)), "id": house, "revealed": n,
                     "taken": n_taken / n if n else np.nan,
                     "by_renegades": taken.loc[taken["taker"] == TAKERS[0], "count"].sum() / n_taken if n_taken else np.nan,
                     "rounds_held": hist_moments(values, counts)[1] if n_taken else np.nan,
                     "rounds_held_p90": hist_quantile(values, counts, 0.9)})
    return pd.DataFrame(rows).sort_values("id").reset_index(drop=True)
