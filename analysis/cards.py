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
  CIs (95%): the delta method with the game as the unit (the seats of a game are not independent:
  their win shares sum to 1), computed from per-game second moments the tally keeps per card
  (sim.runs.tally.MOMENT_SUMS), the same estimator as `seiya compare` (analysis.paired); clipped
  to [0, 1] for a share and [-1, 1] for the difference. too_few: fewer than MIN_COUNT (30)
  player-games acquired the card or did not; its difference then has no verdict and its interval
  is the whole range. Blank for a run folder of an older version (without those moments).
- in_final_deck: share of player-games whose final deck holds at least one copy;
  mean_final_copies: mean copies per player-game at the end.
Market row (analysis.market: stays on the battlefield, from a reveal to the card's leaving):
- rounds_on_field: mean rounds from a reveal to the card's leaving (acquired or removed);
  rounds_to_take: the same over the stays that ended with an acquisition.
- took / passed: (stay, player) pairs where the player took the card / had a turn during the stay
  and did not take it; take_rate_seen = took / (took + passed).
- win_share_took / win_share_passed: mean win share over those pairs; took_vs_passed = took - passed.
Use columns (does the card's text get used?):
- held: player-games in which the card was in that player's hand at some point.
- uses: times its use ability (Discard, Wound or Destroy: spend the card for its effect) was used;
  use_rate = uses / held, blank for a card without a use ability.
- pay_offered / pay_paid: times its optional cost (an effect that asks a player to pay first, e.g.
  Leo Cloth's "wound 1 of your Saints in hand") was asked / paid; pay_share = paid / offered,
  blank where never asked.
All blank for a run folder of an older version, which did not count them.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from analysis._data import as_run, counters_of, require_events
from analysis.market import finish_market
from analysis.paired import MIN_COUNT, SHARE, interval, ratio_moments, se_moments, spread
from sim.runs.tally import MARKET_SUMS, MOMENT_SUMS, SUMS, USE_SUMS, WIN_SUMS, card_sums, use_sums  # noqa: F401  (SUMS, WIN_SUMS: names of the table)

USE_COLUMNS = ("held", "uses", "use_rate", "pay_offered", "pay_paid", "pay_share")
MIN_HELD = 20  # player-games in hand (or costs asked) before a card's unused text is flagged


def card_table(run, confidence: float = 0.95) -> pd.DataFrame:
    """One row per card of the run's card set (see the module docstring for each column)."""
    run = as_run(run)
    require_events(run, "card table (offers, acquisitions, win share of the takers)")
    counters = counters_of(run)
    if counters is not None:
        return finish_card_table(run.cards, counters.card_sums(), counters.player_games(), counters.wins(),
                                 confidence, counters.use_sums(), counters.games)
    players = run.players
    held = getattr(run, "held", None)
    return finish_card_table(run.cards, card_sums(run.games, players, run.events, run.decks), len(players),
                             float(players["win_share"].sum()), confidence,
                             None if held is None else use_sums(run.events, held), len(run.games))


def finish_card_table(cards: pd.DataFrame, sums: pd.DataFrame, n_pg: int, total_wins: float,
                      confidence: float = 0.95, uses: pd.DataFrame | None = None,
                      games: int | None = None) -> pd.DataFrame:
    """The card table from the card set, the card sums (`card_sums`, or their total over batches),
    the number of player-games and their summed win shares, the use sums (`use_sums`; None: not
    counted, the use columns are blank) and the number of games (None, or NaN moments in the sums:
    the win-share CIs are blank, and the table's attrs["note"] says why)."""
    t = cards[["id", "name", "box", "start", "strength_cost", "cosmos_cost", "vp", "copies"]].set_index("id")
    moments = games is not None and sums[list(MOMENT_SUMS)].notna().all(axis=None)  # else an older run folder
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
    t["win_share_not"] = not_w / not_n.where(not_n > 0)
    t["win_share_diff"] = t["win_share_acq"] - t["win_share_not"]
    se = win_share_se(t, games if moments else None, n_pg / games if moments and games else float("nan"))
    for col, lo, hi, count, bounds in (("win_share_acq", "win_share_acq_lo", "win_share_acq_hi", acq_n, SHARE),
                                       ("win_share_not", "win_share_not_lo", "win_share_not_hi", not_n, SHARE),
                                       ("win_share_diff", "diff_lo", "diff_hi", np.minimum(acq_n, not_n), spread(SHARE))):
        t[lo], t[hi] = interval(t[col], se[col], count, bounds, confidence)
    t["too_few"] = np.minimum(acq_n, not_n) < MIN_COUNT
    t[list(USE_COLUMNS)] = use_columns(cards.set_index("id"), uses)
    t = t.reset_index().rename(columns={"index": "id"})
    t = t[["id", "name", "box", "start", "strength_cost", "cosmos_cost", "vp", "copies", "offered",
           "acquired", "acquired_from_field", "acquisition_rate", "mean_acquire_round",
           "acquirers", "acquired_share", "win_share_acq", "win_share_acq_lo", "win_share_acq_hi",
           "win_share_not", "win_share_not_lo", "win_share_not_hi", "win_share_diff", "diff_lo",
           "diff_hi", "too_few", "in_final_deck", "mean_final_copies", "rounds_on_field", "rounds_to_take",
           "took", "passed", "take_rate_seen", "win_share_took", "win_share_passed", "took_vs_passed",
           *USE_COLUMNS]]
    if not moments:
        t.attrs["note"] = OLD_RUN
    return t


OLD_RUN = ("The win-share CIs are blank: this run folder was counted by an older version, without the "
           "per-game moments they need; simulate again to get them.")


def win_share_se(t: pd.DataFrame, games: int | None, players: float) -> dict:
    """Standard errors of win_share_acq, win_share_not and win_share_diff per card (rows of t, with
    its sums), clustered by game: `analysis.paired`'s delta method from the per-game vector
    x_g = (1, a_g, b_g), a_g the summed win share of the b_g seats that acquired the card in game
    g. The others' are c_g = 1 - a_g (a game's win shares sum to 1, ties included) over
    d_g = players - b_g; so the Gram matrix of x_g (from the card sums) gives every variance, the
    covariance of the two sides included. NaN without the moments or the games."""
    n = float(games or 0)
    sa, sb = t["acquirer_wins"].to_numpy(float), t["acquirers"].to_numpy(float)
    saa, sbb, sab = (t[c].to_numpy(float) for c in ("acquirer_wins_sq", "acquirers_sq", "acquirer_wins_acquirers"))
    gram = np.stack([np.stack([np.full(len(t), n), sa, sb], -1), np.stack([sa, saa, sab], -1),
                     np.stack([sb, sab, sbb], -1)], -2)
    _, h_acq = ratio_moments(gram, np.array([0.0, 1, 0]), np.array([0.0, 0, 1]))
    _, h_not = ratio_moments(gram, np.array([1.0, -1, 0]), np.array([players, 0, -1]))
    return {"win_share_acq": se_moments(h_acq, gram), "win_share_not": se_moments(h_not, gram),
            "win_share_diff": se_moments(h_acq - h_not, gram)}


def has_use(cards: pd.DataFrame) -> pd.Series:
    """Per card (the card set's rows): does it have a use ability (a Discard, Wound or Destroy
    program)?"""
    return cards["triggers"].str.contains("_use", regex=False)


def use_columns(cards: pd.DataFrame, uses: pd.DataFrame | None) -> pd.DataFrame:
    """USE_COLUMNS for the cards (indexed by id) from their use sums; all blank when None."""
    if uses is None:
        return pd.DataFrame(float("nan"), index=cards.index, columns=list(USE_COLUMNS))
    t = uses.reindex(cards.index).fillna(0).astype("int64")
    t["use_rate"] = (t["uses"] / t["held"]).where(has_use(cards) & (t["held"] > 0))
    t["pay_share"] = t["pay_paid"] / t["pay_offered"].where(t["pay_offered"] > 0)
    return t[list(USE_COLUMNS)]


def never_used(table: pd.DataFrame, cards: pd.DataFrame, min_held: int = MIN_HELD) -> pd.DataFrame:
    """The cards of a card table whose text the players never used although they could have: a
    use ability never used by a card in hand in at least `min_held` player-games, or an optional
    cost never paid although held or asked at least `min_held` times. One row per card: id, name,
    what ("use" or "cost"), held, pay_offered; empty when the uses were not counted."""
    t = table.set_index("id")
    if t["held"].isna().all():
        return pd.DataFrame(columns=["id", "name", "what", "held", "pay_offered"])
    c = cards.set_index("id").reindex(t.index)
    unused = has_use(c) & (t["held"] >= min_held) & (t["uses"] == 0)
    unpaid = c["optional_cost"] & ~unused & (t["pay_paid"] == 0) & \
        ((t["held"] >= min_held) | (t["pay_offered"] >= min_held))
    out = t.loc[unused | unpaid, ["name", "held", "pay_offered"]].astype({"held": "int64", "pay_offered": "int64"})
    out.insert(1, "what", ["use" if u else "cost" for u in unused[unused | unpaid]])
    return out.reset_index()
