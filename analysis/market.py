"""The market row: how long each card stays on the battlefield, and who took it or passed it.

A *stay* starts with a "reveal" event (a = slot) and ends with the card's acquisition from the
field (an "acquire" event with b = slot >= 0) or with its leaving the field otherwise. Stays and
their ends are paired per game and card in order (a card can be revealed again, e.g. after the
Pope reshuffles the Gold Saints, and several copies can be on the field).

When a stay that was not taken ended: the leaving is logged in full logs ("field_out") and, in
summary logs, only for Gold Saints (their "upkeep removal" / "effect removal" flames). Otherwise
the latest possible turn is used: at each upkeep the card on the last slot leaves and the others
move right, so a card revealed on slot k (0-5) has left by the upkeep of the (6-k)-th player-turn
counting from the turn it was revealed in (setup reveals: from turn 1), and by the game's end.

The players who *passed* a stay are those who had a turn while it was on the field (player-turn t
is seat (t-1) mod players: turns 1..end of the stay, from the reveal's turn) and did not take it
in that stay; its taker *took* it. Each (stay, player) pair counts once.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

import sim  # noqa: F401  (points numba at the project's kernel cache before numba loads)
from numba import njit

N_SLOTS = 6
SEATS = 8  # above the largest seat number: game * SEATS + seat is a unique player-game key
REMOVAL_FLAMES = ("upkeep removal", "effect removal")
MARKET_SUMS = ("stays", "stay_rounds", "taken_stays", "taken_rounds", "took", "took_wins", "passed", "passed_wins")


STAY_COLUMNS = ["game", "card_id", "reveal_round", "reveal_turn", "end_round", "end_turn", "taker", "known_end", "n"]
STAY_WIDTH = len(STAY_COLUMNS)


def stays(events: pd.DataFrame, games: pd.DataFrame) -> pd.DataFrame:
    """One row per stay: game, card_id, reveal round and turn, end round and turn, taker seat (-1
    if not taken), and whether its end is known from the log (else the latest possible turn).
    Sorted by game, card and reveal turn."""
    c = market_events(events, games)
    out = _pair_in_order(*(c[k] for k in ("game", "card_id", "turn", "round", "seat", "latest", "what", "players")))
    out = out[np.lexsort((out[:, 3], out[:, 1], out[:, 0]))]  # stable
    t = pd.DataFrame(out, columns=STAY_COLUMNS)
    return t.astype({"known_end": bool})


def market_events(events: pd.DataFrame, games: pd.DataFrame) -> dict:
    """The reveals (what 0), acquisitions from the field (1) and logged leavings (2) in log order
    within each (game, card), as int64 arrays: game, card_id, turn, round, seat, a, what, players,
    player_turns, and latest: the latest player-turn by which a card revealed then on slot a has
    left the field."""
    kind = events["kind"]  # compared as is: a categorical column converted to str is slow
    is_reveal = (kind == "reveal").to_numpy()
    is_take = ((kind == "acquire") & (events["b"] >= 0)).to_numpy()
    if (kind == "field_out").any():
        is_out = (kind == "field_out").to_numpy()
    else:
        is_out = ((kind == "flame") & events["how"].isin(REMOVAL_FLAMES)).to_numpy()
    rows = np.flatnonzero(is_reveal | is_take | is_out)
    cols = {c: events[c].to_numpy()[rows].astype("int64") for c in ("game", "card_id", "turn", "round", "seat", "a")}
    cols["what"] = np.where(is_reveal[rows], 0, np.where(is_take[rows], 1, 2))
    order = np.lexsort((cols["card_id"], cols["game"]))  # stable: keeps the log order within a group
    cols = {c: v[order] for c, v in cols.items()}
    game_ids = games["game"].to_numpy().astype("int64")
    by_id = np.argsort(game_ids)
    at = by_id[np.searchsorted(game_ids, cols["game"], sorter=by_id)]
    for c in ("players", "player_turns"):
        cols[c] = games[c].to_numpy().astype("int64")[at]
    cols["latest"] = np.minimum(np.maximum(cols["turn"], 1) + N_SLOTS - 1 - cols["a"], cols["player_turns"])
    return cols


@njit(cache=True)
def _pair_in_order(game, card, turn, rnd, seat, latest, what, players):
    """Pair reveals and ends in log order within each (game, card) group of the market events (int64
    arrays): an end closes the oldest open stay, after closing as removed the older ones that must
    have left before its turn; a stay still open at the group's end left by its latest turn.
    Returns rows of STAY_COLUMNS in the order the stays end."""
    out = np.empty((int((what == 0).sum()), STAY_WIDTH), np.int64)
    queue = np.empty(len(game), np.int64)  # the open stays (their reveal rows), oldest first
    head = tail = n_out = 0
    for i in range(len(game) + 1):
        new_group = i == len(game) or i == 0 or game[i] != game[i - 1] or card[i] != card[i - 1]
        if new_group:  # the stays still open left by their latest turn
            while head < tail:
                n_out = _close(out, n_out, queue[head], game, card, rnd, turn, latest, players,
                               (latest[queue[head]] - 1) // players[queue[head]] + 1, latest[queue[head]], -1, 0)
                head += 1
            head = tail = 0
            if i == len(game):
                break
        if what[i] == 0:
            queue[tail] = i
            tail += 1
        elif head < tail:
            while tail - head > 1 and latest[queue[head]] < turn[i]:  # must have left before this turn
                r = queue[head]
                n_out = _close(out, n_out, r, game, card, rnd, turn, latest, players,
                               (latest[r] - 1) // players[r] + 1, latest[r], -1, 0)
                head += 1
            n_out = _close(out, n_out, queue[head], game, card, rnd, turn, latest, players,
                           rnd[i], turn[i], seat[i] if what[i] == 1 else -1, 1)
            head += 1
    return out[:n_out]


@njit(cache=True)
def _close(out, n_out, r, game, card, rnd, turn, latest, players, end_round, end_turn, taker, known):
    row = out[n_out]
    row[0], row[1], row[2], row[3] = game[r], card[r], rnd[r], turn[r]
    row[4], row[5], row[6], row[7], row[8] = end_round, end_turn, taker, known, players[r]
    return n_out + 1


def looker_pairs(st: pd.DataFrame) -> tuple[np.ndarray, np.ndarray]:
    """(stay, seat) of each player who had a turn during a stay or took it, once per stay."""
    first = np.maximum(st["reveal_turn"].to_numpy(), 1)
    n = st["n"].to_numpy()
    length = np.clip(np.minimum(st["end_turn"].to_numpy(), first + n - 1) - first + 1, 0, None)
    stay = np.repeat(np.arange(len(st)), length)
    offset = np.arange(len(stay)) - np.repeat(np.cumsum(length) - length, length)
    seat = (first[stay] + offset - 1) % n[stay]
    taker = st["taker"].to_numpy()
    # a taker who had no turn during the stay counts too
    extra = np.flatnonzero((taker >= 0) & ((taker - first + 1) % n >= length))
    return np.concatenate([stay, extra]), np.concatenate([seat, taker[extra]])


def market_sums(events: pd.DataFrame, games: pd.DataFrame, players: pd.DataFrame) -> pd.DataFrame:
    """Per card, sums over its stays (additive over games, so over batches): stays and
    stay_rounds (rounds from reveal to leaving), taken_stays and taken_rounds (the stays that
    ended with an acquisition), took and passed (stay-player pairs), took_wins and passed_wins
    (the summed win shares of those pairs)."""
    st = stays(events, games)
    ids, card = np.unique(st["card_id"].to_numpy(), return_inverse=True)

    def per_card(at, weights=None):
        return np.bincount(card[at], weights, minlength=len(ids))

    rounds = (st["end_round"] - st["reveal_round"]).to_numpy()
    taker = st["taker"].to_numpy()
    taken = taker >= 0
    stay, seat = looker_pairs(st)
    player_key = players["game"].to_numpy().astype("int64") * SEATS + players["seat"].to_numpy()
    by_key = np.argsort(player_key)
    looker_key = st["game"].to_numpy()[stay] * SEATS + seat
    wins = players["win_share"].to_numpy(dtype=float)[by_key[np.searchsorted(player_key, looker_key, sorter=by_key)]]
    took = seat == taker[stay]
    t = pd.DataFrame({"stays": per_card(slice(None)), "stay_rounds": per_card(slice(None), rounds),
                      "taken_stays": per_card(taken), "taken_rounds": per_card(taken, rounds[taken]),
                      "took": per_card(stay[took]), "took_wins": per_card(stay[took], wins[took]),
                      "passed": per_card(stay[~took]), "passed_wins": per_card(stay[~took], wins[~took])},
                     index=pd.Index(ids, name="card_id"))
    return t.reindex(columns=list(MARKET_SUMS))


def finish_market(sums: pd.DataFrame) -> pd.DataFrame:
    """The market columns from `market_sums` (summed over any number of batches): rounds_on_field,
    rounds_to_take, took, passed, take_rate_seen, win_share_took, win_share_passed, took_vs_passed."""
    s = sums
    t = pd.DataFrame({"rounds_on_field": s["stay_rounds"] / s["stays"].where(s["stays"] > 0),
                      "rounds_to_take": s["taken_rounds"] / s["taken_stays"].where(s["taken_stays"] > 0),
                      "took": s["took"].astype("int64"), "passed": s["passed"].astype("int64")},
                     index=s.index)
    seen = t["took"] + t["passed"]
    t["take_rate_seen"] = t["took"] / seen.where(seen > 0)
    t["win_share_took"] = s["took_wins"] / t["took"].where(t["took"] > 0)
    t["win_share_passed"] = s["passed_wins"] / t["passed"].where(t["passed"] > 0)
    t["took_vs_passed"] = t["win_share_took"] - t["win_share_passed"]
    return t


def market_table(events: pd.DataFrame, games: pd.DataFrame, players: pd.DataFrame) -> pd.DataFrame:
    """Per card: rounds_on_field, rounds_to_take, took, passed, take_rate_seen, win_share_took,
    win_share_passed, took_vs_passed (see the module docstring and README "Metrics")."""
    return finish_market(market_sums(events, games, players))
