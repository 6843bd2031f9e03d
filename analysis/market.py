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

N_SLOTS = 6
REMOVAL_FLAMES = ("upkeep removal", "effect removal")
MARKET_SUMS = ("stays", "stay_rounds", "taken_stays", "taken_rounds", "took", "took_wins", "passed", "passed_wins")


STAY_COLUMNS = ["game", "card_id", "reveal_round", "reveal_turn", "end_round", "end_turn", "taker", "known_end", "n"]


def stays(events: pd.DataFrame, games: pd.DataFrame) -> pd.DataFrame:
    """One row per stay: game, card_id, reveal round and turn, end round and turn, taker seat (-1
    if not taken), and whether its end is known from the log (else the latest possible turn)."""
    cols = market_events(events, games)
    # A (game, card) group in which no reveal directly follows another has at most one stay open
    # at a time: each stay ends at the group's next event, or was removed if there is none. Those
    # (most) are paired at once; the others one event at a time.
    new_group = np.ones(len(cols["game"]), bool)
    new_group[1:] = (np.diff(cols["game"]) != 0) | (np.diff(cols["card_id"]) != 0)
    group = np.cumsum(new_group) - 1
    rr = (cols["what"][:-1] == 0) & (cols["what"][1:] == 0) & ~new_group[1:]
    tangled = np.isin(group, group[:-1][rr])
    parts = [_single_stays({c: v[~tangled] for c, v in cols.items()}, new_group[~tangled]),
             _paired_stays({c: v[tangled] for c, v in cols.items()})]
    return _sorted_stays(pd.concat(parts, ignore_index=True))


def _sorted_stays(t: pd.DataFrame) -> pd.DataFrame:
    t = t.sort_values(["game", "card_id", "reveal_turn"], kind="stable")
    return t.astype({"game": "int64", "card_id": "int64", "taker": "int64", "known_end": bool}).reset_index(drop=True)


def market_events(events: pd.DataFrame, games: pd.DataFrame) -> dict:
    """The reveals (what 0), acquisitions from the field (1) and logged leavings (2) in log order
    within each (game, card), as int64 arrays: game, card_id, turn, round, seat, a, what, players,
    player_turns, and latest: the latest player-turn by which a card revealed then on slot a has
    left the field."""
    ev = events.reset_index(drop=True)
    kind = ev["kind"].astype(str)
    is_reveal = kind == "reveal"
    is_take = (kind == "acquire") & (ev["b"] >= 0)
    if (kind == "field_out").any():
        is_out = kind == "field_out"
    else:
        is_out = (kind == "flame") & ev["how"].astype(str).isin(REMOVAL_FLAMES)
    sel = ev.loc[is_reveal | is_take | is_out].copy()
    sel["what"] = np.where(is_reveal[sel.index], 0, np.where(is_take[sel.index], 1, 2))
    g = games[["game", "players", "player_turns"]].astype("int64").set_index("game")
    sel = sel.join(g, on="game")
    sel = sel.sort_values(["game", "card_id"], kind="stable")  # keeps the log order within a group
    cols = {c: sel[c].to_numpy().astype("int64") for c in ("game", "card_id", "turn", "round", "seat", "a", "what",
                                                         "players", "player_turns")}
    cols["latest"] = np.minimum(np.maximum(cols["turn"], 1) + N_SLOTS - 1 - cols["a"], cols["player_turns"])
    return cols


def _single_stays(c: dict, new_group: np.ndarray) -> pd.DataFrame:
    """Stays of groups with at most one open stay: a reveal ends with the group's next event (an
    acquisition from the field or a logged leaving), else it left by its latest turn."""
    r = np.flatnonzero(c["what"] == 0)
    nxt = np.minimum(r + 1, max(len(new_group) - 1, 0))
    closed = (r + 1 < len(new_group)) & ~new_group[nxt]
    latest = c["latest"][r]
    n = c["players"][r]
    return pd.DataFrame({
        "game": c["game"][r], "card_id": c["card_id"][r], "reveal_round": c["round"][r], "reveal_turn": c["turn"][r],
        "end_round": np.where(closed, c["round"][nxt], (latest - 1) // n + 1),
        "end_turn": np.where(closed, c["turn"][nxt], latest),
        "taker": np.where(closed & (c["what"][nxt] == 1), c["seat"][nxt], -1), "known_end": closed, "n": n})


def _paired_stays(c: dict) -> pd.DataFrame:
    """Stays of any groups, pairing reveals and ends in log order: an end closes the oldest open
    stay, after closing as removed the older ones that must have left before its turn."""
    cols = [c[k].tolist() for k in ("game", "card_id", "turn", "round", "seat", "latest", "what", "players")]
    out: list = []   # [game, card_id, reveal_round, reveal_turn, end_round, end_turn, taker, known_end, n]
    open_: list = []  # the same, with the latest possible end turn in place of end_turn
    key = None

    def removed(s):  # a stay not taken, whose end is not logged: it left by its latest turn
        s[4] = (s[5] - 1) // s[8] + 1
        out.append(s)

    for game, card, turn, rnd, seat, latest, what, n in zip(*cols):
        if (game, card) != key:
            for s in open_:
                removed(s)
            open_, key = [], (game, card)
        if what == 0:
            open_.append([game, card, rnd, turn, -1, latest, -1, False, n])
        elif open_:
            while len(open_) > 1 and open_[0][5] < turn:  # must have left before this turn
                removed(open_.pop(0))
            s = open_.pop(0)
            s[4:8] = [rnd, turn, seat if what == 1 else -1, True]
            out.append(s)
    for s in open_:
        removed(s)
    return pd.DataFrame(out, columns=STAY_COLUMNS).astype({c: "int64" for c in STAY_COLUMNS if c != "known_end"})


def lookers(st: pd.DataFrame) -> pd.DataFrame:
    """One row per (stay, player who had a turn during it or took it): stay, game, card_id, seat, took."""
    first = np.maximum(st["reveal_turn"].to_numpy(), 1)
    n = st["n"].to_numpy()
    length = np.clip(np.minimum(st["end_turn"].to_numpy(), first + n - 1) - first + 1, 0, None)
    stay = np.repeat(np.arange(len(st)), length)
    offset = np.arange(len(stay)) - np.repeat(np.cumsum(length) - length, length)
    seat = (first[stay] + offset - 1) % n[stay]
    taker = st["taker"].to_numpy()
    took = np.flatnonzero(taker >= 0)
    stay, seat = np.concatenate([stay, took]), np.concatenate([seat, taker[took]])
    lk = pd.DataFrame({"stay": stay, "game": st["game"].to_numpy()[stay],
                       "card_id": st["card_id"].to_numpy()[stay], "seat": seat}).drop_duplicates(["stay", "seat"])
    lk["took"] = lk["seat"].to_numpy() == taker[lk["stay"].to_numpy()]
    return lk.sort_values(["stay", "seat"], ignore_index=True)


def market_sums(events: pd.DataFrame, games: pd.DataFrame, players: pd.DataFrame) -> pd.DataFrame:
    """Per card, sums over its stays (additive over games, so over batches): stays and
    stay_rounds (rounds from reveal to leaving), taken_stays and taken_rounds (the stays that
    ended with an acquisition), took and passed (stay-player pairs), took_wins and passed_wins
    (the summed win shares of those pairs)."""
    st = stays(events, games)
    st["rounds"] = st["end_round"] - st["reveal_round"]
    taken = st.loc[st["taker"] >= 0].groupby("card_id")["rounds"]
    t = pd.DataFrame({"stays": st.groupby("card_id").size(), "stay_rounds": st.groupby("card_id")["rounds"].sum(),
                      "taken_stays": taken.size(), "taken_rounds": taken.sum()})
    lk = lookers(st)
    pl = players[["game", "seat", "win_share"]].astype({"game": "int64", "seat": "int64"})
    lk = lk.astype({"game": "int64", "seat": "int64"}).merge(pl, on=["game", "seat"], how="left")
    took, passed = lk.loc[lk["took"]].groupby("card_id"), lk.loc[~lk["took"]].groupby("card_id")
    t = t.join(pd.DataFrame({"took": took.size(), "took_wins": took["win_share"].sum()}), how="outer")
    t = t.join(pd.DataFrame({"passed": passed.size(), "passed_wins": passed["win_share"].sum()}), how="outer")
    return t.reindex(columns=list(MARKET_SUMS)).fillna(0)


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
