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

import numpy as np
import pandas as pd

import sim  # noqa: F401  (points numba at the project's kernel cache before numba loads)
from numba import njit

from analysis._data import as_run, counters_of, require_events
from analysis.market import MARKET_SUMS, finish_market, game_order, market_sums
from analysis.stats import newcombe_diff, wilson


def _per_card(card: np.ndarray, n: int, weights=None) -> np.ndarray:
    """Per card id 0 .. n-1: how many entries of `card` (or the sum of their weights)."""
    return np.bincount(card, weights=weights, minlength=n).astype(float)


# The columns of `card_sums`; those holding summed win shares are WIN_SUMS. The first six come
# from the reveals and acquisitions (`_count_events`, in that order).
SUMS = ("offered", "acquired", "acquired_from_field", "acquire_rounds", "acquirers", "acquirer_wins",
        "holders", "final_copies") + MARKET_SUMS
WIN_SUMS = ("acquirer_wins", "took_wins", "passed_wins")
REVEAL, ACQUIRE = 1, 2  # `_count_events`' event codes (0: any other event)


def card_sums(games: pd.DataFrame, players: pd.DataFrame, events: pd.DataFrame,
              decks: pd.DataFrame) -> pd.DataFrame:
    """Per card (index card_id: the cards with a sum above 0), the sums SUMS over the given games:
    each is a sum over games, so the sums of several batches add up to those of the whole run.
    offered: reveals; acquired (from_field: from a slot, b >= 0), acquire_rounds: acquisitions and
    the sum of their rounds; acquirers, acquirer_wins: the player-games that acquired the card at
    least once and the sum of their win shares; holders, final_copies: player-games holding the
    card at the end and their copies; then MARKET_SUMS."""
    card = events["card_id"].to_numpy("int64")
    deck_card = decks["card_id"].to_numpy()
    n = 1 + max(card.max(initial=-1), deck_card.max(initial=-1), 0)
    by_game = game_order(events, games, players)
    order = by_game.order
    kind = events["kind"]  # compared as is: a categorical column converted to str is slow
    code = REVEAL * (kind == "reveal").to_numpy(np.int8) + ACQUIRE * (kind == "acquire").to_numpy(np.int8)
    counted = np.zeros((n, 6))
    _count_events(by_game.game_row, events["seat"].to_numpy("int64")[order], card[order],
                  events["round"].to_numpy("int64")[order], events["b"].to_numpy("int64")[order], code[order],
                  by_game.wins, counted)
    cols = dict(zip(SUMS[:6], counted.T))
    held = np.flatnonzero(decks["copies"].to_numpy() > 0)
    cols["holders"] = _per_card(deck_card[held], n)
    cols["final_copies"] = _per_card(deck_card[held], n, decks["copies"].to_numpy()[held].astype(float))
    market = market_sums(events, games, players, by_game)
    for col in MARKET_SUMS:
        cols[col] = np.zeros(n)
        cols[col][market.index.to_numpy()] = market[col].to_numpy(dtype=float)
    t = pd.DataFrame(cols, index=pd.RangeIndex(n, name="card_id"))[list(SUMS)]
    seen = (t.to_numpy() != 0).any(axis=1)
    return t.loc[seen]


@njit(cache=True)
def _count_events(game_row, seat, card, rnd, b, code, wins, sums):
    """Add the reveals and acquisitions (code REVEAL, ACQUIRE) to the first six SUMS (columns of
    sums, rows: card ids), in one pass over the events (integer arrays, each game's events together;
    game_row: the game's row in wins). A player-game counts once among a card's acquirers: at its
    first acquisition of the card in the game (`last`: per seat and card, the game row it was
    last counted in); an acquirer who is not a player of the games given counts in neither."""
    last = np.full((wins.shape[1], len(sums)), -1)
    for i in range(len(card)):
        k = card[i]
        if code[i] == REVEAL:
            sums[k, 0] += 1
        elif code[i] == ACQUIRE:
            sums[k, 1] += 1
            if b[i] >= 0:
                sums[k, 2] += 1
            sums[k, 3] += rnd[i]
            g, s = game_row[i], seat[i]
            if last[s, k] != g and not np.isnan(wins[g, s]):
                last[s, k] = g
                sums[k, 4] += 1
                sums[k, 5] += wins[g, s]


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
