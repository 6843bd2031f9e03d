"""The Clock: how long games last, how the flames go out, and why games end.

The Clock starts with a number of flames (12 in the base game); a game's initial flames are
flames_left + flames_removed. "Flames left after round r" counts, for each game that reached round
r, the flames still burning once every flame event of rounds <= r has happened (a game that ended
during round r counts with its final number).
"""
from __future__ import annotations

import pandas as pd

from analysis._data import as_run, card_names, counters_of, require_events
from sim.runs.tally import flames_left
from analysis.stats import hist_moments, hist_quantile, hist_spread


LENGTHS = ("rounds", "player_turns")

def _spread(values: pd.Series) -> dict:
    return {"mean": values.mean(), "median": values.median(), "p10": values.quantile(0.1),
            "p90": values.quantile(0.9), "min": values.min(), "max": values.max()}


def length_summary(run) -> pd.DataFrame:
    """Game length in rounds and in player-turns: mean, median, p10, p90, min, max."""
    run = as_run(run)
    counters = counters_of(run)
    if counters is not None:
        spread = {m: hist_spread(*counters.histogram(m)) for m in LENGTHS}
    else:
        spread = {m: _spread(run.games[m].astype(float)) for m in LENGTHS}
    return pd.DataFrame(spread).T.rename_axis("length")


def length_moments(run, length: str = "rounds") -> tuple[int, float, float]:
    """(games, mean, sample standard deviation) of the game length in rounds or player-turns."""
    run = as_run(run)
    counters = counters_of(run)
    if counters is not None:
        return hist_moments(*counters.histogram(length))
    values = run.games[length].astype(float)
    return len(values), float(values.mean()), float(values.std())


def length_distribution(run) -> pd.DataFrame:
    """Games and share of games by length in rounds."""
    run = as_run(run)
    counters = counters_of(run)
    if counters is not None:
        rounds, games = counters.histogram("rounds")
    else:
        counts = run.games["rounds"].astype(int).value_counts().sort_index()
        rounds, games = counts.index.to_numpy(), counts.to_numpy()
    return pd.DataFrame({"rounds": rounds.astype("int64"), "games": games.astype("int64"),
                         "share": games / games.sum()})


def flames_left_matrix(run) -> pd.DataFrame:
    """`flames_left` of a run's games."""
    run = as_run(run)
    require_events(run, "flames-by-round table (flames left after each round)")
    return flames_left(run.games, run.events)


def flames_by_round(run) -> pd.DataFrame:
    """Per round: games still running, mean flames left after the round, and its p10-p90 band."""
    run = as_run(run)
    counters = counters_of(run)
    if counters is None:
        left = flames_left_matrix(run)
        return pd.DataFrame({
            "round": left.columns.astype(int),
            "games": left.notna().sum().values,
            "mean_flames_left": left.mean().values,
            "p10": left.quantile(0.1).values,
            "p90": left.quantile(0.9).values,
        })
    require_events(run, "flames-by-round table (flames left after each round)")
    rows = []
    for rnd, h in counters.table("flames_left").groupby("i0", sort=True):
        n, mean, _ = hist_moments(h["i1"], h["value"])
        rows.append((rnd, n, mean, hist_quantile(h["i1"], h["value"], 0.1), hist_quantile(h["i1"], h["value"], 0.9)))
    return pd.DataFrame(rows, columns=["round", "games", "mean_flames_left", "p10", "p90"]) \
        .astype({"round": "int64", "games": "int64", "mean_flames_left": float, "p10": float, "p90": float})


def flame_removals(run) -> pd.DataFrame:
    """Which cards put flames out and how: one row per (card, how), most removals first, with the
    mean per game and the share of all removals."""
    run = as_run(run)
    require_events(run, "flame-removals table (which card put each flame out)")
    counters = counters_of(run)
    if counters is not None:
        t = counters.table("flame")
        counts, n_games = pd.DataFrame({"card_id": t["i0"], "how": t["key"], "removals": t["value"]}), counters.games
    else:
        fl = run.events.loc[run.events["kind"] == "flame"]
        counts = fl.groupby(["card_id", "how"], observed=True).size().rename("removals").reset_index()
        n_games = len(run.games)
    counts = counts.astype({"card_id": "int64", "how": str, "removals": "int64"})
    counts.insert(1, "name", counts["card_id"].map(card_names(run)))
    counts["per_game"] = counts["removals"] / max(n_games, 1)
    counts["share"] = counts["removals"] / max(int(counts["removals"].sum()), 1)
    return counts.sort_values(["removals", "card_id", "how"], ascending=[False, True, True]).reset_index(drop=True)


def end_reasons(run) -> pd.DataFrame:
    """Why games ended (clock, reserve exhausted, turn cap; solo: turns played): games and share, every
    reason listed."""
    from sim.engine.enums import END_REASONS
    run = as_run(run)
    counters = counters_of(run)
    if counters is not None:
        t = counters.table("end_reason")
        counts = pd.Series(t["value"].to_numpy(), index=t["key"].to_numpy())
        cats = list(END_REASONS) + sorted(set(counts.index) - set(END_REASONS))  # a mode's own (solo: turns played)
    else:
        reason = run.games["end_reason"]
        cats = list(reason.cat.categories) if hasattr(reason, "cat") else sorted(reason.unique())
        counts = reason.astype(str).value_counts()
    counts = counts.reindex(cats, fill_value=0).astype("int64")
    return pd.DataFrame({"end_reason": cats, "games": counts.values,
                         "share": counts.values / max(int(counts.sum()), 1)})


def capped_share(run) -> float:
    """The share of a run's games that the round cap stopped (GEN-9's "turn cap")."""
    shares = end_reasons(run).set_index("end_reason")["share"]
    return float(shares.get("turn cap", 0.0))
