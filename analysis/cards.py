"""The card table: one row per card, how often it was offered, taken, kept, and how its takers fared.

Definitions (also printed in the report):
- offered: times the card was revealed on the battlefield (setup reveals included).
- acquired: acquisitions of the card by any means (bought with Strength or Cosmos, taken by an
  effect, or received as a gift); acquired_from_field: those taken from a battlefield slot.
- acquisition_rate: acquired_from_field / offered, the chance an offered copy was taken.
- mean_acquire_round: the mean round of the card's acquisitions.
- acquired_share: share of player-games (one player in one game) that acquired it at least once.
- win_share_acq / win_share_not: mean win share of the player-games that acquired the card at
  least once / that did not. A win is 1, a k-way tie for first gives each tied winner 1/k, a loss
  0. The baseline is the other player-games of the same run (all seats, all games), so the
  difference win_share_diff = win_share_acq - win_share_not is 0 for a card that neither helps nor
  hurts (or that good players do not take more often: it is an association, not a cause).
  CIs: Wilson for each share, Newcombe's hybrid score interval for the difference, at 95%.
- in_final_deck: share of player-games whose final deck holds at least one copy;
  mean_final_copies: mean copies per player-game at the end.
Market row (analysis.market: stays on the battlefield, from a reveal to the card's leaving):
- rounds_on_field: mean rounds from a reveal to the card's leaving (acquired or removed);
  rounds_to_take: the same over the stays that ended with an acquisition.
- took / passed: (stay, player) pairs where the player took the card / had a turn during the stay
  and did not take it; take_rate_seen = took / (took + passed).
- win_share_took / win_share_passed: mean win share over those pairs; took_vs_passed = took - passed.
"""
from __future__ import annotations

import pandas as pd

from ._data import as_run, require_events
from .market import market_table
from .stats import newcombe_diff, wilson

KEY = ["game", "seat"]


def offers(events: pd.DataFrame) -> pd.Series:
    """Reveals on the battlefield per card."""
    return events.loc[events["kind"] == "reveal"].groupby("card_id").size()


def acquisitions(events: pd.DataFrame) -> pd.DataFrame:
    """Per card: acquisitions, those from a field slot, and their mean round."""
    acq = events.loc[events["kind"] == "acquire"]
    g = acq.groupby("card_id")
    return pd.DataFrame({
        "acquired": g.size(),
        "acquired_from_field": acq.loc[acq["b"] >= 0].groupby("card_id").size(),
        "mean_acquire_round": g["round"].mean(),
    })


def acquirer_wins(events: pd.DataFrame, players: pd.DataFrame) -> pd.DataFrame:
    """Per card: player-games that acquired it at least once, and the sum of their win shares."""
    acq = events.loc[events["kind"] == "acquire", KEY + ["card_id"]].drop_duplicates()
    acq = acq.astype({"game": "int64", "seat": "int64"})
    pl = players[KEY + ["win_share"]].astype({"game": "int64", "seat": "int64"})
    m = acq.merge(pl, on=KEY, how="inner")
    g = m.groupby("card_id")
    return pd.DataFrame({"acquirers": g.size(), "acquirer_wins": g["win_share"].sum()})


def final_decks(decks: pd.DataFrame, n_player_games: int) -> pd.DataFrame:
    """Per card: share of player-games holding it at the end, and mean copies held."""
    g = decks.loc[decks["copies"] > 0].groupby("card_id")
    return pd.DataFrame({"in_final_deck": g.size() / n_player_games,
                         "mean_final_copies": g["copies"].sum() / n_player_games})


def card_table(run, confidence: float = 0.95) -> pd.DataFrame:
    """One row per card of the run's card set (see the module docstring for each column)."""
    run = as_run(run)
    require_events(run, "card table (offers, acquisitions, win share of the takers)")
    players, events, cards = run.players, run.events, run.cards
    n_pg = len(players)
    total_wins = float(players["win_share"].sum())
    t = cards[["id", "name", "box", "start", "strength_cost", "cosmos_cost", "vp", "copies"]].set_index("id")
    t = t.join(offers(events).rename("offered")).join(acquisitions(events))
    t = t.join(acquirer_wins(events, players)).join(final_decks(run.decks, n_pg))
    t = t.join(market_table(events, run.games, players))
    counts = ["offered", "acquired", "acquired_from_field", "acquirers", "took", "passed"]
    t[counts] = t[counts].fillna(0).astype("int64")
    t[["acquirer_wins", "in_final_deck", "mean_final_copies"]] = \
        t[["acquirer_wins", "in_final_deck", "mean_final_copies"]].fillna(0.0)
    t["acquisition_rate"] = t["acquired_from_field"] / t["offered"].where(t["offered"] > 0)
    t["acquired_share"] = t["acquirers"] / n_pg
    acq_n, acq_w = t["acquirers"], t["acquirer_wins"]
    not_n, not_w = n_pg - acq_n, total_wins - acq_w
    t["win_share_acq"] = acq_w / acq_n.where(acq_n > 0)
    t["win_share_acq_lo"], t["win_share_acq_hi"] = wilson(acq_w, acq_n, confidence)
    t["win_share_not"] = not_w / not_n.where(not_n > 0)
    t["win_share_not_lo"], t["win_share_not_hi"] = wilson(not_w, not_n, confidence)
    t["win_share_diff"], t["diff_lo"], t["diff_hi"] = newcombe_diff(acq_w, acq_n, not_w, not_n, confidence)
    t = t.drop(columns="acquirer_wins").reset_index().rename(columns={"index": "id"})
    return t[["id", "name", "box", "start", "strength_cost", "cosmos_cost", "vp", "copies", "offered",
              "acquired", "acquired_from_field", "acquisition_rate", "mean_acquire_round",
              "acquirers", "acquired_share", "win_share_acq", "win_share_acq_lo", "win_share_acq_hi",
              "win_share_not", "win_share_not_lo", "win_share_not_hi", "win_share_diff", "diff_lo",
              "diff_hi", "in_final_deck", "mean_final_copies", "rounds_on_field", "rounds_to_take",
              "took", "passed", "take_rate_seen", "win_share_took", "win_share_passed", "took_vs_passed"]]
