"""The Clock: how long games last, how the flames go out, and why games end.

The Clock starts with a number of flames (12 in the base game); a game's initial flames are
flames_left + flames_removed. "Flames left after round r" counts, for each game that reached round
r, the flames still burning once every flame event of rounds <= r has happened (a game that ended
during round r counts with its final number).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from ._data import as_run, card_names, require_events


def _spread(values: pd.Series) -> dict:
    return {"mean": values.mean(), "median": values.median(), "p10": values.quantile(0.1),
            "p90": values.quantile(0.9), "min": values.min(), "max": values.max()}


def length_summary(run) -> pd.DataFrame:
    """Game length in rounds and in player-turns: mean, median, p10, p90, min, max."""
    games = as_run(run).games
    return pd.DataFrame({m: _spread(games[m].astype(float)) for m in ("rounds", "player_turns")}).T \
        .rename_axis("length")


def length_distribution(run) -> pd.DataFrame:
    """Games and share of games by length in rounds."""
    games = as_run(run).games
    counts = games["rounds"].astype(int).value_counts().sort_index()
    return pd.DataFrame({"rounds": counts.index, "games": counts.values,
                         "share": counts.values / len(games)})


def flames_left_matrix(run) -> pd.DataFrame:
    """Games x rounds (0 .. longest game): flames left after each round, NaN once a game is over."""
    run = as_run(run)
    require_events(run, "flames-by-round table (flames left after each round)")
    games, events = run.games, run.events
    last = int(games["rounds"].max()) if len(games) else 0
    rounds = np.arange(0, last + 1)
    fl = events.loc[events["kind"] == "flame"]
    removed = fl.groupby(["game", "round"]).size().unstack(fill_value=0)
    removed = removed.reindex(index=games["game"].values, columns=rounds, fill_value=0)
    initial = (games["flames_left"].astype(int) + games["flames_removed"].astype(int)).values
    left = pd.DataFrame(initial[:, None] - removed.cumsum(axis=1).values, index=games["game"].values,
                        columns=rounds)
    reached = games["rounds"].astype(int).values[:, None] >= rounds[None, :]
    return left.where(reached)


def flames_by_round(run) -> pd.DataFrame:
    """Per round: games still running, mean flames left after the round, and its p10-p90 band."""
    left = flames_left_matrix(run)
    return pd.DataFrame({
        "round": left.columns.astype(int),
        "games": left.notna().sum().values,
        "mean_flames_left": left.mean().values,
        "p10": left.quantile(0.1).values,
        "p90": left.quantile(0.9).values,
    })


def flame_removals(run) -> pd.DataFrame:
    """Which cards put flames out and how: one row per (card, how), most removals first, with the
    mean per game and the share of all removals."""
    run = as_run(run)
    require_events(run, "flame-removals table (which card put each flame out)")
    fl = run.events.loc[run.events["kind"] == "flame"]
    counts = fl.groupby(["card_id", "how"], observed=True).size().rename("removals").reset_index()
    counts["how"] = counts["how"].astype(str)
    counts.insert(1, "name", counts["card_id"].map(card_names(run)))
    counts["per_game"] = counts["removals"] / max(len(run.games), 1)
    counts["share"] = counts["removals"] / max(len(fl), 1)
    return counts.sort_values(["removals", "card_id"], ascending=[False, True]).reset_index(drop=True)


def end_reasons(run) -> pd.DataFrame:
    """Why games ended (clock, reserve exhausted, turn cap): games and share, every reason listed."""
    games = as_run(run).games
    reason = games["end_reason"]
    cats = list(reason.cat.categories) if hasattr(reason, "cat") else sorted(reason.unique())
    counts = reason.astype(str).value_counts().reindex(cats, fill_value=0)
    return pd.DataFrame({"end_reason": cats, "games": counts.values,
                         "share": counts.values / max(len(games), 1)})
