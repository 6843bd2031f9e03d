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

from ._data import as_run, counters_of, require_events
from .market import MARKET_SUMS, SEATS, finish_market, market_sums
from .stats import newcombe_diff, wilson

KEY = ["game", "seat"]


def offers(events: pd.DataFrame) -> pd.Series:
    """Reveals on the battlefield per card."""
    return events.loc[events["kind"] == "reveal", ["card_id"]].groupby("card_id").size()  # one column taken, not all


def acquisitions(events: pd.DataFrame) -> pd.DataFrame:
    """Per card: acquisitions, those from a field slot, and the sum of their rounds."""
    acq = events.loc[events["kind"] == "acquire", ["card_id", "round", "b"]]
    g = acq.groupby("card_id")
    return pd.DataFrame({
        "acquired": g.size(),
        "acquired_from_field": acq.loc[acq["b"] >= 0].groupby("card_id").size(),
        "acquire_rounds": g["round"].sum(),
    })


def acquirer_wins(events: pd.DataFrame, players: pd.DataFrame) -> pd.DataFrame:
    """Per card: player-games that acquired it at least once, and the sum of their win shares."""
    acq = events.loc[events["kind"] == "acquire", KEY + ["card_id"]]
    # one number per player-game (seats below SEATS) and per (player-game, card) (card ids 16-bit):
    # faster to deduplicate and merge on than the columns
    player = acq["game"].to_numpy("int64") * SEATS + acq["seat"].to_numpy()
    first = ~pd.Series(player * 2**16 + acq["card_id"].to_numpy()).duplicated().to_numpy()
    acq = pd.DataFrame({"player": player[first], "card_id": acq["card_id"].to_numpy()[first]})
    pl = pd.DataFrame({"player": players["game"].to_numpy("int64") * SEATS + players["seat"].to_numpy(),
                       "win_share": players["win_share"].to_numpy()})
    g = acq.merge(pl, on="player", how="inner").groupby("card_id")
    return pd.DataFrame({"acquirers": g.size(), "acquirer_wins": g["win_share"].sum()})


def final_decks(decks: pd.DataFrame) -> pd.DataFrame:
    """Per card: player-games holding it at the end, and the copies they hold."""
    g = decks.loc[decks["copies"] > 0].groupby("card_id")
    return pd.DataFrame({"holders": g.size(), "final_copies": g["copies"].sum()})


# The columns of `card_sums`; those holding summed win shares are WIN_SUMS.
SUMS = ("offered", "acquired", "acquired_from_field", "acquire_rounds", "acquirers", "acquirer_wins",
        "holders", "final_copies") + MARKET_SUMS
WIN_SUMS = ("acquirer_wins", "took_wins", "passed_wins")


def card_sums(games: pd.DataFrame, players: pd.DataFrame, events: pd.DataFrame,
              decks: pd.DataFrame) -> pd.DataFrame:
    """Per card (index card_id), the sums SUMS over the given games: each is a sum over games,
    so the sums of several batches add up to those of the whole run."""
    t = pd.DataFrame({"offered": offers(events)})
    for part in (acquisitions(events), acquirer_wins(events, players), final_decks(decks),
                 market_sums(events, games, players)):
        t = t.join(part, how="outer")
    t = t.reindex(columns=list(SUMS)).fillna(0)
    t.index = t.index.astype("int64").rename("card_id")
    return t


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
