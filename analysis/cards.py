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

from analysis._data import as_run, counters_of, require_events
from analysis.market import finish_market
from analysis.stats import newcombe_diff, wilson
from sim.runs.tally import MARKET_SUMS, SUMS, WIN_SUMS, card_sums  # noqa: F401  (SUMS, WIN_SUMS: names of the table)

def card_table(run, confidence: float = 0.95) -> pd.DataFrame:
    """One row per card of the run's card set (see the module docstring for each column)."""
    run = as_run(run)
    require_events(run, "card table (offers, acquisitions, win share of the takers)")
    counters = counters_of(run)
    if counters is not None:
        return finish_card_table(run.cards, counters.card_sums(), counters.player_games(), counters.wins(),
                                 confidence)
    players = run.players
    return finish_card_table(run.cards, card_sums(run.games, players, run.events, run.decks), len(players),
                             float(players["win_share"].sum()), confidence)


def finish_card_table(cards: pd.DataFrame, sums: pd.DataFrame, n_pg: int, total_wins: float,
                      confidence: float = 0.95) -> pd.DataFrame:
    """The card table from the card set, the card sums (`card_sums`, or their total over batches),
    the number of player-games and their summed win shares."""
    t = cards[["id", "name", "box", "start", "strength_cost", "cosmos_cost", "vp", "copies"]].set_index("id")
    t = t.join(sums.reindex(t.index).fillna(0))
    counts = ["offered", "acquired", "acquired_from_field", "acquirers"]
    t[counts] = t[counts].astype("int64")
    t["mean_acquire_round"] = t["acquire_rounds"] / t["acquired"].where(t["acquired"] > 0)
    t["in_final_deck"] = t["holders"] / n_pg
    t["mean_final_copies"] = t["final_copies"] / n_pg
    market = finish_market(t[list(MARKET_SUMS)])
    t[list(market.columns)] = market
    t["acquisition_rate"] = t["acquired_from_field"] / t["offered"].where(t["offered"] > 0)
    t["acquired_share"] = t["acquirers"] / n_pg
    acq_n, acq_w = t["acquirers"], t["acquirer_wins"]
    not_n, not_w = n_pg - acq_n, total_wins - acq_w
    t["win_share_acq"] = acq_w / acq_n.where(acq_n > 0)
    t["win_share_acq_lo"], t["win_share_acq_hi"] = wilson(acq_w, acq_n, confidence)
    t["win_share_not"] = not_w / not_n.where(not_n > 0)
    t["win_share_not_lo"], t["win_share_not_hi"] = wilson(not_w, not_n, confidence)
    t["win_share_diff"], t["diff_lo"], t["diff_hi"] = newcombe_diff(acq_w, acq_n, not_w, not_n, confidence)
    t = t.reset_index().rename(columns={"index": "id"})
    return t[["id", "name", "box", "start", "strength_cost", "cosmos_cost", "vp", "copies", "offered",
              "acquired", "acquired_from_field", "acquisition_rate", "mean_acquire_round",
              "acquirers", "acquired_share", "win_share_acq", "win_share_acq_lo", "win_share_acq_hi",
              "win_share_not", "win_share_not_lo", "win_share_not_hi", "win_share_diff", "diff_lo",
              "diff_hi", "in_final_deck", "mean_final_copies", "rounds_on_field", "rounds_to_take",
              "took", "passed", "take_rate_seen", "win_share_took", "win_share_passed", "took_vs_passed"]]
