"""Market-row metrics (analysis.market) on a hand-made event log whose answers are computed by hand.

Two players. Game 0 (6 player-turns, 3 rounds): seat 0 wins (1.0), seat 1 loses (0.0). Game 1
(4 player-turns, 2 rounds): a tie (0.5 each). Player-turn t is seat (t - 1) % 2.
Stays (reveal turn/round/slot -> end):
  Alpha g0 #1: setup, slot 0 -> taken by seat 1 in turn 2 (round 1): 1 round; seat 0 passed (turn 1).
  Alpha g0 #2: turn 2 (round 1) -> taken by seat 0 in turn 5 (round 3): 2 rounds; seat 1 passed.
  Alpha g1 #1: setup, slot 5 -> not taken; latest end: turn 1 + 5 - 5 = 1 (round 1): 1 round; seat 0 passed.
  Alpha g1 #2: turn 2 (round 1), slot 3 -> taken by seat 0 in turn 3 (round 2): 1 round (the
      acquisition is paired with #2: #1 had left by turn 1); seat 1 passed.
  Beta g0: setup, slot 5 -> its Gold Saint flame "upkeep removal" in turn 1 (round 1): 1 round; seat 0 passed.
  Gamma g0: setup, slot 4 -> latest turn 1 + 5 - 4 = 2 (round 1): 1 round; seats 0 and 1 passed.
      (its acquisition by an effect, b = -1, is not from the field and ends no stay)
  Gamma g1 #1: setup, slot 5 -> turn 1 (round 1): 1 round; seat 0 passed.
  Gamma g1 #2: turn 3 (round 2), slot 2 -> latest min(3 + 3, 4) = 4 (round 2): 0 rounds; seats 0, 1 passed.
"""
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

import analysis
from analysis.market import market_table
from sim.runs.tally import market_sums, stays


def tiny():
    games = pd.DataFrame({"game": [0, 1], "players": 2, "rounds": [3, 2], "player_turns": [6, 4]})
    players = pd.DataFrame({"game": [0, 0, 1, 1], "seat": [0, 1, 0, 1], "win_share": [1.0, 0.0, 0.5, 0.5],
                            "hero": ["Seiya", "Ikki", "Ikki", "Shun"], "policy": "value", "vp": [9, 5, 7, 7]})
    ev = [  # game, turn, round, seat, kind, card_id, how, a, b
        (0, 0, 0, -1, "reveal", 1, "", 0, 1), (0, 0, 0, -1, "reveal", 2, "", 5, 1),
        (0, 0, 0, -1, "reveal", 3, "", 4, 1),
        (0, 1, 1, 0, "flame", 2, "upkeep removal", 1, 3),
        (0, 2, 1, 1, "acquire", 1, "strength", 0, 3), (0, 2, 1, 1, "reveal", 1, "", 0, 0),
        (0, 3, 2, 0, "acquire", 3, "effect", 2, -1),
        (0, 5, 3, 0, "acquire", 1, "cosmos", 1, 2),
        (1, 0, 0, -1, "reveal", 1, "", 5, 1), (1, 0, 0, -1, "reveal", 3, "", 5, 1),
        (1, 2, 1, 1, "reveal", 1, "", 3, 0),
        (1, 3, 2, 0, "acquire", 1, "strength", 0, 3), (1, 3, 2, 0, "reveal", 3, "", 2, 0),
    ]
    events = pd.DataFrame(ev, columns=["game", "turn", "round", "seat", "kind", "card_id", "how", "a", "b"])
    return games, players, events


def test_stays_pairing_and_ends():
    games, _, events = tiny()
    st = stays(events, games)
    alpha = st.loc[st["card_id"] == 1].sort_values(["game", "reveal_turn"])
    assert alpha["taker"].tolist() == [1, 0, -1, 0]
    assert alpha["end_turn"].tolist() == [2, 5, 1, 3]
    assert alpha["known_end"].tolist() == [True, True, False, True]
    gamma = st.loc[st["card_id"] == 3].sort_values(["game", "reveal_turn"])
    assert gamma["end_turn"].tolist() == [2, 1, 4] and gamma["end_round"].tolist() == [1, 1, 2]
    assert len(st) == 8


def test_market_table():
    games, players, events = tiny()
    t = market_table(events, games, players)
    a, b, c = t.loc[1], t.loc[2], t.loc[3]
    assert a.rounds_on_field == pytest.approx(5 / 4) and a.rounds_to_take == pytest.approx(4 / 3)
    assert (a.took, a.passed) == (3, 4) and a.take_rate_seen == pytest.approx(3 / 7)
    assert a.win_share_took == pytest.approx(1.5 / 3) and a.win_share_passed == pytest.approx(2 / 4)
    assert a.took_vs_passed == pytest.approx(0.0)
    assert b.rounds_on_field == 1 and np.isnan(b.rounds_to_take)
    assert (b.took, b.passed, b.take_rate_seen, b.win_share_passed) == (0, 1, 0.0, 1.0)
    assert np.isnan(b.win_share_took) and np.isnan(b.took_vs_passed)
    assert c.rounds_on_field == pytest.approx(2 / 3)
    assert (c.took, c.passed) == (0, 5) and c.win_share_passed == pytest.approx(2.5 / 5)


def test_full_log_uses_field_out_events():
    games, players, events = tiny()
    out = pd.DataFrame([(0, 1, 1, 0, "field_out", 3, "", 4, 0)], columns=events.columns)
    st = stays(pd.concat([events, out], ignore_index=True), games)
    gamma0 = st.loc[(st["card_id"] == 3) & (st["game"] == 0)].iloc[0]
    assert gamma0.end_turn == 1 and gamma0.known_end
    beta = st.loc[st["card_id"] == 2].iloc[0]  # flames are ignored when field_out is logged
    assert not beta.known_end and beta.end_turn == 1


def test_card_table_has_the_market_columns():
    games, players, events = tiny()
    cards = pd.DataFrame({"id": [1, 2, 3], "name": ["Alpha", "Beta", "Gamma"], "box": "base",
                          "start": "reserve", "strength_cost": [3, 5, 2], "cosmos_cost": 0, "vp": 1,
                          "copies": 2})
    decks = pd.DataFrame({"game": [0], "seat": [0], "card_id": [1], "copies": [1]})
    run = SimpleNamespace(cards=cards, games=games, players=players, events=events, decks=decks)
    t = analysis.card_table(run).set_index("name")
    assert t.loc["Alpha", "took"] == 3 and t.loc["Gamma", "passed"] == 5
    assert t.loc["Alpha", "offered"] == 4 and t.loc["Alpha", "acquired_from_field"] == 3
    assert t.loc["Beta", "rounds_on_field"] == 1


def reference_stays(events, games) -> pd.DataFrame:
    """The pairing rule written plainly, one event at a time: an end closes the oldest open stay,
    after closing as removed the older ones that must have left before its turn."""
    from sim.runs.tally import STAY_COLUMNS, market_events
    c = market_events(events, games)
    out, open_, key = [], [], None

    def removed(s):  # [game, card, reveal_round, reveal_turn, end_round, latest, taker, known, n]
        s[4] = (s[5] - 1) // s[8] + 1
        out.append(s)

    for game, card, turn, rnd, seat, latest, what, n in zip(*(c[k].tolist() for k in (
            "game", "card_id", "turn", "round", "seat", "latest", "what", "players"))):
        if (game, card) != key:
            for s in open_:
                removed(s)
            open_, key = [], (game, card)
        if what == 0:
            open_.append([game, card, rnd, turn, -1, latest, -1, False, n])
        elif open_:
            while len(open_) > 1 and open_[0][5] < turn:
                removed(open_.pop(0))
            s = open_.pop(0)
            s[4:8] = [rnd, turn, seat if what == 1 else -1, True]
            out.append(s)
    for s in open_:
        removed(s)
    t = pd.DataFrame(out, columns=STAY_COLUMNS).sort_values(["game", "card_id", "reveal_turn"], kind="stable")
    return t.astype({col: "int64" for col in STAY_COLUMNS if col != "known_end"}).reset_index(drop=True)


def test_compiled_pairing_equals_the_rule_applied_one_event_at_a_time():
    import sim
    for players, events in ((2, "summary"), (5, "summary"), (3, "full")):
        res = sim.play(150, players=players, seed=2, events=events)
        pd.testing.assert_frame_equal(stays(res.events, res.games), reference_stays(res.events, res.games))


def reference_market_sums(events, games, players) -> pd.DataFrame:
    """market_sums from every stay and every (stay, looker) pair listed, summed per card with np.bincount."""
    st = stays(events, games)
    first, n, taker = np.maximum(st["reveal_turn"].to_numpy(), 1), st["n"].to_numpy(), st["taker"].to_numpy()
    length = np.clip(np.minimum(st["end_turn"].to_numpy(), first + n - 1) - first + 1, 0, None)
    stay = np.repeat(np.arange(len(st)), length)  # the players who had a turn during the stay
    seat = (first[stay] + np.arange(len(stay)) - np.repeat(np.cumsum(length) - length, length) - 1) % n[stay]
    extra = np.flatnonzero((taker >= 0) & ((taker - first + 1) % n >= length))  # and a taker who had none
    stay, seat = np.concatenate([stay, extra]), np.concatenate([seat, taker[extra]])
    win = players.set_index(["game", "seat"])["win_share"]
    wins = win.reindex(pd.MultiIndex.from_arrays([st["game"].to_numpy()[stay], seat])).to_numpy(dtype=float)
    ids, card = np.unique(st["card_id"].to_numpy(), return_inverse=True)

    def per_card(at, weights=None):
        return np.bincount(card[at], weights, minlength=len(ids))

    rounds = (st["end_round"] - st["reveal_round"]).to_numpy()
    taken, took = taker >= 0, seat == taker[stay]
    return pd.DataFrame({"stays": per_card(slice(None)), "stay_rounds": per_card(slice(None), rounds),
                         "taken_stays": per_card(taken), "taken_rounds": per_card(taken, rounds[taken]),
                         "took": per_card(stay[took]), "took_wins": per_card(stay[took], wins[took]),
                         "passed": per_card(stay[~took]), "passed_wins": per_card(stay[~took], wins[~took])},
                        index=pd.Index(ids, name="card_id"))


@pytest.mark.parametrize("players, events", [(2, "summary"), (3, "summary"), (5, "summary"),
                                             (2, "full"), (3, "full"), (5, "full")])
def test_market_sums_equal_the_sums_over_the_listed_stays(players, events):
    import sim
    res = sim.play(150, players=players, seed=4, events=events)
    pd.testing.assert_frame_equal(market_sums(res.events, res.games, res.players),
                                  reference_market_sums(res.events, res.games, res.players), check_exact=True)


def test_market_sums_of_games_logged_in_another_order():
    import sim
    res = sim.play(100, players=3, seed=4)
    backwards = res.events.sort_values("game", ascending=False, kind="stable")  # each game's log order kept
    pd.testing.assert_frame_equal(market_sums(backwards, res.games[::-1], res.players.sample(frac=1, random_state=0)),
                                  market_sums(res.events, res.games, res.players), check_exact=True)
    games, players, events = tiny()
    pd.testing.assert_frame_equal(market_sums(events, games, players), reference_market_sums(events, games, players),
                                  check_exact=True)
