"""What a batch counts from its tables, in one pass each: per card, its reveals, acquisitions and
takers (`card_sums`); its stays on the battlefield (`market_sums`); how often its use and its
optional cost were used, and in how many player-games it was in hand (`use_sums`); the flames
left after each round (`flames_left`); in a solo game, the player's score margin over Hilda
(`solo_margin`). The counters of a batch (sim/runs/counters.py) are made of
these; analysis turns them into tables.

The market row: A *stay* starts with a "reveal" event (a = slot) and ends with the card's acquisition from the
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

from typing import NamedTuple

import numpy as np
import pandas as pd
from numba import njit

import sim.engine  # noqa: F401  (points numba at the project's kernel cache before numba loads)

N_SLOTS = 6
SEATS = 8  # more than the largest seat number
REMOVAL_FLAMES = ("upkeep removal", "effect removal")
MARKET_SUMS = ("stays", "stay_rounds", "taken_stays", "taken_rounds", "took", "took_wins", "passed", "passed_wins")
STAYS, STAY_ROUNDS, TAKEN_STAYS, TAKEN_ROUNDS, TOOK, TOOK_WINS, PASSED, PASSED_WINS = range(len(MARKET_SUMS))


STAY_COLUMNS = ["game", "card_id", "reveal_round", "reveal_turn", "end_round", "end_turn", "taker", "known_end", "n"]
STAY_WIDTH = len(STAY_COLUMNS)


def game_rows(game: np.ndarray, games: pd.DataFrame) -> np.ndarray:
    """The row in `games` of each game id in `game` (fastest with each game's entries together)."""
    game_ids = games["game"].to_numpy("int64")
    by_id = np.argsort(game_ids)
    first = np.flatnonzero(np.diff(game, prepend=game[:1] - 1))  # where a run of one game's entries starts
    at = by_id[np.searchsorted(game_ids, game[first], sorter=by_id)]
    return np.repeat(at, np.diff(np.append(first, len(game))))


def _per_card(card: np.ndarray, n: int, weights=None) -> np.ndarray:
    """Per card id 0 .. n-1: how many entries of `card` (or the sum of their weights)."""
    return np.bincount(card, weights=weights, minlength=n).astype(float)


# The columns of `card_sums`; those holding summed win shares are WIN_SUMS, and WIN_SQ_SUMS their
# squares. The first nine come from the reveals and acquisitions (`_count_events`, in that order);
# MOMENT_SUMS are the per-game second moments of the acquirers (b_g: player-games of game g that
# acquired the card, a_g: their summed win share): sum_g b_g^2, sum_g a_g^2, sum_g a_g * b_g, from
# which a game-clustered standard error of the win shares follows (analysis.cards).
MOMENT_SUMS = ("acquirers_sq", "acquirer_wins_sq", "acquirer_wins_acquirers")
SUMS = ("offered", "acquired", "acquired_from_field", "acquire_rounds", "acquirers", "acquirer_wins",
        *MOMENT_SUMS, "holders", "final_copies") + MARKET_SUMS
WIN_SUMS = ("acquirer_wins", "acquirer_wins_acquirers", "took_wins", "passed_wins")
WIN_SQ_SUMS = ("acquirer_wins_sq",)
N_COUNTED = 9  # SUMS[:N_COUNTED] come from `_count_events`
REVEAL, ACQUIRE = 1, 2  # `_count_events`' event codes (0: any other event)


def card_sums(games: pd.DataFrame, players: pd.DataFrame, events: pd.DataFrame,
              decks: pd.DataFrame) -> pd.DataFrame:
    """Per card (index card_id: the cards with a sum above 0), the sums SUMS over the given games:
    each is a sum over games, so the sums of several batches add up to those of the whole run.
    offered: reveals; acquired (from_field: from a slot, b >= 0), acquire_rounds: acquisitions and
    the sum of their rounds; acquirers, acquirer_wins: the player-games that acquired the card at
    least once and the sum of their win shares; MOMENT_SUMS: their per-game second moments;
    holders, final_copies: player-games holding the card at the end and their copies; then
    MARKET_SUMS."""
    card = events["card_id"].to_numpy("int64")
    deck_card = decks["card_id"].to_numpy()
    n = 1 + max(card.max(initial=-1), deck_card.max(initial=-1), 0)
    by_game = game_order(events, games, players)
    order = by_game.order
    kind = events["kind"]  # compared as is: a categorical column converted to str is slow
    code = REVEAL * (kind == "reveal").to_numpy(np.int8) + ACQUIRE * (kind == "acquire").to_numpy(np.int8)
    counted = np.zeros((n, N_COUNTED))
    _count_events(by_game.game_row, events["seat"].to_numpy("int64")[order], card[order],
                  events["round"].to_numpy("int64")[order], events["b"].to_numpy("int64")[order], code[order],
                  by_game.wins, counted)
    cols = dict(zip(SUMS[:N_COUNTED], counted.T))
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


# The columns of `use_sums`.
USE_SUMS = ("held", "uses", "pay_offered", "pay_paid")


def use_sums(events: pd.DataFrame, held: pd.DataFrame) -> pd.DataFrame:
    """Per card (index card_id: the cards with a sum above 0), sums over the given games that add
    up over batches: held, the player-games that had the card in hand at some point (`held`: one
    row per game, seat and card so held, as `sim.play` makes it); uses, its use ability spent
    ("use" events); pay_offered / pay_paid, its optional cost asked of a player / paid ("pay"
    events, a = 1 paid)."""
    card = events["card_id"].to_numpy("int64")
    held_card = held["card_id"].to_numpy("int64")
    n = 1 + max(card.max(initial=-1), held_card.max(initial=-1), 0)
    kind = events["kind"]  # compared as is: a categorical column converted to str is slow
    is_pay = (kind == "pay").to_numpy(bool)
    paid = is_pay & (events["a"].to_numpy() == 1)
    cols = {"held": _per_card(held_card, n), "uses": _per_card(card[(kind == "use").to_numpy(bool)], n),
            "pay_offered": _per_card(card[is_pay], n), "pay_paid": _per_card(card[paid], n)}
    t = pd.DataFrame(cols, index=pd.RangeIndex(n, name="card_id")).astype("int64")
    return t.loc[(t.to_numpy() != 0).any(axis=1)]


@njit(cache=True)
def _count_events(game_row, seat, card, rnd, b, code, wins, sums):
    """Add the reveals and acquisitions (code REVEAL, ACQUIRE) to the first N_COUNTED SUMS (columns
    of sums, rows: card ids), in one pass over the events (integer arrays, each game's events
    together; game_row: the game's row in wins). A player-game counts once among a card's
    acquirers: at its first acquisition of the card in the game (`last`: per seat and card, the
    game row it was last counted in); an acquirer who is not a player of the games given counts in
    neither. A card's acquirers in its current game (`game_b`, `game_a`: count, win share) are
    added to the MOMENT_SUMS when its next game with acquirers starts, and at the end."""
    last = np.full((wins.shape[1], len(sums)), -1)
    game_of = np.full(len(sums), -1)
    game_b, game_a = np.zeros(len(sums)), np.zeros(len(sums))
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
                if game_of[k] != g:
                    _add_moments(sums, k, game_b[k], game_a[k])
                    game_of[k], game_b[k], game_a[k] = g, 0.0, 0.0
                game_b[k] += 1
                game_a[k] += wins[g, s]
    for k in range(len(sums)):
        _add_moments(sums, k, game_b[k], game_a[k])


@njit(cache=True)
def _add_moments(sums, k, b, a):
    sums[k, 6] += b * b
    sums[k, 7] += a * a
    sums[k, 8] += a * b


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
    what = _what(events)
    rows = np.flatnonzero(what >= 0)
    cols = {c: events[c].to_numpy()[rows].astype("int64") for c in ("game", "card_id", "turn", "round", "seat", "a")}
    cols["what"] = what[rows]
    order = np.lexsort((cols["card_id"], cols["game"]))  # stable: keeps the log order within a group
    cols = {c: v[order] for c, v in cols.items()}
    game_ids = games["game"].to_numpy().astype("int64")
    by_id = np.argsort(game_ids)
    at = by_id[np.searchsorted(game_ids, cols["game"], sorter=by_id)]
    for c in ("players", "player_turns"):
        cols[c] = games[c].to_numpy().astype("int64")[at]
    cols["latest"] = np.minimum(np.maximum(cols["turn"], 1) + N_SLOTS - 1 - cols["a"], cols["player_turns"])
    return cols


def _what(events: pd.DataFrame) -> np.ndarray:
    """Per event (int8): 0 a reveal, 1 an acquisition from the field, 2 a logged leaving of the
    field (see the module docstring), -1 any other event."""
    kind = events["kind"]  # compared as is: a categorical column converted to str is slow
    is_reveal = (kind == "reveal").to_numpy()
    is_take = (kind == "acquire").to_numpy() & (events["b"].to_numpy() >= 0)
    if (kind == "field_out").any():
        is_out = (kind == "field_out").to_numpy()
    else:  # one == per name: faster than isin on a categorical column
        is_out = (kind == "flame").to_numpy() & np.logical_or.reduce([(events["how"] == how).to_numpy()
                                                                      for how in REMOVAL_FLAMES])
    # the three are exclusive; summed as int8 (as bools numpy would make int64s, 3 times slower)
    return is_reveal.view(np.int8) + 2 * is_take.view(np.int8) + 3 * is_out.view(np.int8) - 1


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


class GameOrder(NamedTuple):
    """What the per-game passes over events need: `order`, each game's events together in log
    order (as a batch or a run logs them, else sorted so); `game_row`, the row in games of each
    event so ordered; `wins`, the win share by row of games and seat (NaN: no such player)."""
    order: slice | np.ndarray
    game_row: np.ndarray
    wins: np.ndarray


def game_order(events: pd.DataFrame, games: pd.DataFrame, players: pd.DataFrame) -> GameOrder:
    game = events["game"].to_numpy("int64")
    order = slice(None) if (np.diff(game) >= 0).all() else np.argsort(game, kind="stable")
    wins = np.full((len(games), SEATS), np.nan)
    wins[game_rows(players["game"].to_numpy("int64"), games), players["seat"].to_numpy()] = \
        players["win_share"].to_numpy(dtype=float)
    return GameOrder(order, game_rows(game[order], games), wins)


def market_sums(events: pd.DataFrame, games: pd.DataFrame, players: pd.DataFrame,
                by_game: GameOrder | None = None) -> pd.DataFrame:
    """Per card, sums over its stays (additive over games, so over batches): stays and
    stay_rounds (rounds from reveal to leaving), taken_stays and taken_rounds (the stays that
    ended with an acquisition), took and passed (stay-player pairs), took_wins and passed_wins
    (the summed win shares of those pairs). `by_game`: `game_order` of these, if known."""
    order, game_row, wins = by_game or game_order(events, games, players)
    card, turn, rnd, seat, a = (events[c].to_numpy()[order] for c in ("card_id", "turn", "round", "seat", "a"))
    lo, hi = (int(card.min()), int(card.max())) if len(card) else (0, -1)
    sums = np.zeros((hi - lo + 1, len(MARKET_SUMS)))  # by card_id - lo
    _sum_stays(game_row, card, turn, rnd, seat, a, _what(events)[order],
               games["players"].to_numpy("int64"), games["player_turns"].to_numpy("int64"), wins, lo, sums)
    has_stays = sums[:, STAYS] > 0
    t = pd.DataFrame(sums[has_stays], columns=list(MARKET_SUMS),
                     index=pd.Index(np.flatnonzero(has_stays) + lo, name="card_id"))
    return t.astype({col: "int64" for col in ("stays", "taken_stays", "took", "passed")})


@njit(cache=True)
def _sum_stays(game_row, card, turn, rnd, seat, a, what, players, player_turns, wins, lo, sums):
    """Pair the stays as `_pair_in_order` does, in one pass over the events (integer arrays, each
    game's events together in log order; what: see `_what`; game_row: the game's row in players,
    player_turns and wins), and add each to the sums (rows: card_id - lo; columns: MARKET_SUMS) as
    it ends. A card's open stays in the current game form a queue, oldest first."""
    head = np.full(len(sums), -1)  # per card: its oldest open stay (a reveal's row)
    last = np.full(len(sums), -1)  # and its newest
    n_open = np.zeros(len(sums), np.int64)
    after = np.empty(len(card), np.int64)  # per open stay: the one revealed next (-1: none)
    latest = np.empty(len(card), np.int64)  # per reveal: the latest player-turn by which it has left
    cards_open = np.empty(len(card), np.int64)  # the cards that had open stays in this game
    n_cards_open = 0
    for i in range(len(card) + 1):
        if i == len(card) or (i > 0 and game_row[i] != game_row[i - 1]):  # a game's open stays left by their latest turn
            for c in cards_open[:n_cards_open]:
                g = game_row[i - 1]
                while n_open[c] > 0:
                    r = head[c]
                    head[c], n_open[c] = after[r], n_open[c] - 1
                    _add_stay(sums, c, rnd[r], turn[r], (latest[r] - 1) // players[g] + 1, latest[r], -1,
                              players[g], wins, g)
            n_cards_open = 0
            if i == len(card):
                break
        if what[i] < 0:
            continue
        g, c = game_row[i], card[i] - lo
        if what[i] == 0:
            latest[i] = min(max(turn[i], 1) + N_SLOTS - 1 - a[i], player_turns[g])
            after[i] = -1
            if n_open[c] == 0:
                head[c] = i
                cards_open[n_cards_open] = c
                n_cards_open += 1
            else:
                after[last[c]] = i
            last[c] = i
            n_open[c] += 1
        elif n_open[c] > 0:
            while n_open[c] > 1 and latest[head[c]] < turn[i]:  # must have left before this turn
                r = head[c]
                head[c], n_open[c] = after[r], n_open[c] - 1
                _add_stay(sums, c, rnd[r], turn[r], (latest[r] - 1) // players[g] + 1, latest[r], -1,
                          players[g], wins, g)
            r = head[c]
            head[c], n_open[c] = after[r], n_open[c] - 1
            _add_stay(sums, c, rnd[r], turn[r], rnd[i], turn[i], seat[i] if what[i] == 1 else -1,
                      players[g], wins, g)


@njit(cache=True)
def _add_stay(sums, c, reveal_round, reveal_turn, end_round, end_turn, taker, n, wins, g):
    """Add a stay of card row c to the sums: its lookers are the players who had a turn during it
    (player-turn t is seat (t - 1) mod n) and a taker who had none; wins[g, seat]: their win shares."""
    rounds = end_round - reveal_round
    sums[c, STAYS] += 1
    sums[c, STAY_ROUNDS] += rounds
    if taker >= 0:
        sums[c, TAKEN_STAYS] += 1
        sums[c, TAKEN_ROUNDS] += rounds
    first = max(reveal_turn, 1)
    length = max(min(end_turn, first + n - 1) - first + 1, 0)  # at most one turn per seat
    for t in range(first, first + length):
        seat = (t - 1) % n
        if seat == taker:
            sums[c, TOOK] += 1
            sums[c, TOOK_WINS] += wins[g, seat]
        else:
            sums[c, PASSED] += 1
            sums[c, PASSED_WINS] += wins[g, seat]
    if taker >= 0 and (taker - first + 1) % n >= length:
        sums[c, TOOK] += 1
        sums[c, TOOK_WINS] += wins[g, taker]


def flames_left(games: pd.DataFrame, events: pd.DataFrame) -> pd.DataFrame:
    """Games x rounds (0 .. longest game): flames left after each round, NaN once a game is over."""
    played = games["rounds"].to_numpy("int64")
    rounds = np.arange(0, (int(played.max()) if len(games) else 0) + 1)
    flame = np.flatnonzero((events["kind"] == "flame").to_numpy(bool))
    cell = game_rows(events["game"].to_numpy("int64")[flame], games) * len(rounds) + \
        events["round"].to_numpy("int64")[flame]
    removed = np.bincount(cell, minlength=len(games) * len(rounds)).reshape(len(games), len(rounds))
    initial = games["flames_left"].to_numpy("int64") + games["flames_removed"].to_numpy("int64")
    left = (initial[:, None] - removed.cumsum(axis=1)).astype(float)
    left[played[:, None] < rounds[None, :]] = np.nan
    return pd.DataFrame(left, index=games["game"].to_numpy(), columns=rounds)


def coop_outcome(games: pd.DataFrame, players: pd.DataFrame) -> pd.DataFrame:
    """Per co-op game (games with a `poseidon_vp`): the team's VP minus Poseidon's (`margin`) and
    whether the team won (`won`: every Pillar destroyed, or a strictly greater sum, COOP-15)."""
    p = players.astype({"game": "int64"})
    team = p.groupby("game")["vp"].sum()
    won = p.groupby("game")["win_share"].sum() > 0
    game = games["game"].to_numpy("int64")
    return pd.DataFrame({"margin": team.reindex(game).to_numpy("int64") - games["poseidon_vp"].to_numpy("int64"),
                         "won": won.reindex(game).to_numpy(bool)}, index=pd.Index(game, name="game"))


def solo_margin(games: pd.DataFrame, players: pd.DataFrame) -> pd.Series:
    """Per solo game (games with a `hilda_vp`, one player each): the player's VP minus Hilda's.
    Above 0 a win; 0 a tie, which is a loss (SOLO-5)."""
    vp = players.astype({"game": "int64"}).set_index("game")["vp"]
    game = games["game"].to_numpy("int64")
    margin = vp.reindex(game).to_numpy("int64") - games["hilda_vp"].to_numpy("int64")
    return pd.Series(margin, index=pd.Index(game, name="game"), name="margin")
