"""The Poseidon box's Epics and Pillars: how often each is revealed (a Pillar, destroyed), and what an
Epic does to the game.

    analysis.epic_table(run)     # one row per Epic of the run; None without Epics or events
    analysis.pillar_table(run)   # one row per Pillar; None without Pillars or events

The Epic revealed at setup is the top of a pile shuffled before any play: comparing the games it
opened with the games another Epic opened is a randomized comparison, so its difference (with its
CI) is the Epic's effect, while it lasts and after, on the game's length in rounds and on the share
of games the Clock ends. Later reveals depend on the game's pace: they are counted, not compared.
A Pillar's destroyer's win share against the other players of those games is an association.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from analysis._data import as_run, has_events
from analysis.boards import _difference
from analysis.stats import z_value


def epic_table(run, confidence: float = 0.95) -> pd.DataFrame | None:
    run = as_run(run)
    epics = run.cards.loc[run.cards["start"] == "epic"]
    if not len(epics) or not has_events(run):
        return None
    ev = run.events
    shown = ev.loc[(ev["kind"] == "epic") & (ev["a"] == 0)]
    ended = ev.loc[(ev["kind"] == "epic") & (ev["a"] == 1)]
    games = run.games.set_index("game")
    opener = shown.loc[shown["b"] == 1].set_index("game")["card_id"].reindex(games.index)
    rounds = games["rounds"].to_numpy(float)
    clock = (games["end_reason"] == "clock").to_numpy(float)
    last_ended = ended.groupby("game")["card_id"].last()
    by_epic = games["end_reason"].eq("epic")
    ended_game = last_ended.reindex(games.index[by_epic])
    z = z_value(confidence)
    n = len(games)
    rows = []
    for e in epics.itertuples(index=False):
        opened = (opener == e.id).to_numpy()
        d_rounds, h_rounds = _difference(rounds[opened], rounds[~opened], z)
        d_clock, h_clock = _difference(clock[opened], clock[~opened], z)
        rows.append({"id": e.id, "name": e.name,
                     "revealed_in": shown.loc[shown["card_id"] == e.id, "game"].nunique() / n,
                     "ended_in": ended.loc[ended["card_id"] == e.id, "game"].nunique() / n,
                     "opened": int(opened.sum()),
                     "rounds_diff": d_rounds, "rounds_lo": d_rounds - h_rounds, "rounds_hi": d_rounds + h_rounds,
                     "clock_diff": d_clock, "clock_lo": d_clock - h_clock, "clock_hi": d_clock + h_clock,
                     "ended_the_game": int((ended_game == e.id).sum())})
    return pd.DataFrame(rows)


def pillar_table(run, confidence: float = 0.95) -> pd.DataFrame | None:
    run = as_run(run)
    pillars = run.cards.loc[run.cards["start"] == "pillar"]
    if not len(pillars) or not has_events(run):
        return None
    ev = run.events.loc[run.events["kind"] == "pillar"]
    players = run.players[["game", "seat", "win_share"]]
    n = run.games["game"].nunique()
    z = z_value(confidence)
    rows = []
    for pl in pillars.itertuples(index=False):
        mine = ev.loc[ev["card_id"] == pl.id]
        destroyed = mine.loc[mine["a"] == 1, ["game", "seat", "round"]]
        in_games = players.loc[players["game"].isin(destroyed["game"])]
        by = in_games.merge(destroyed[["game", "seat"]], on=["game", "seat"], how="inner")["win_share"].to_numpy(float)
        others = in_games.merge(destroyed[["game", "seat"]], on=["game", "seat"], how="left", indicator=True)
        others = others.loc[others["_merge"] == "left_only", "win_share"].to_numpy(float)
        diff, half = _difference(by, others, z)
        rows.append({"id": pl.id, "name": pl.name,
                     "revealed_in": mine.loc[mine["a"] == 0, "game"].nunique() / n,
                     "destroyed_in": destroyed["game"].nunique() / n,
                     "mean_round_destroyed": destroyed["round"].mean() if len(destroyed) else np.nan,
                     "win_share_destroyer": by.mean() if len(by) else np.nan,
                     "win_share_others": others.mean() if len(others) else np.nan,
                     "diff": diff, "diff_lo": diff - half, "diff_hi": diff + half})
    return pd.DataFrame(rows)
