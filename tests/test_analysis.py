"""The analysis tables on a tiny hand-made run whose every number is computable by hand.

The run: 3 cards, 2 games of 2 players, 4 flames on the Clock.
  game 0 (3 rounds): seat 0 (Seiya) wins alone (VP 10 vs 6); flames out: card 2 by upkeep removal
      in round 1, card 1 by acquisition in round 3.
  game 1 (2 rounds): seats 0 (Ikki) and 1 (Shun) tie at 8 VP (win share 1/2 each); card 2 puts a
      flame out by upkeep removal in round 2.
  Card 1 is revealed 3 times and acquired 3 times: by (game 0, seat 0) from slot 0 in round 1 and by
  an effect in round 3 (b = -1), by (game 1, seat 1) from slot 2 in round 2. Card 2 is revealed
  twice, never acquired. Card 3 is a starting card: never offered, 5 copies in every final deck.
"""
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

import analysis
from analysis.balance import first_player_advantage, margin
from analysis.compare import game_arrays, overall_metrics
from analysis.stats import wilson
from sim.runs.counters import Counters, make_counters


def tiny_run():
    cards = pd.DataFrame({"id": [1, 2, 3], "name": ["Alpha", "Beta", "Gamma"], "box": "base",
                          "start": ["reserve", "reserve", "deck"], "strength_cost": [3, 5, 0],
                          "cosmos_cost": [0, 4, 0], "vp": [1, 2, 0], "copies": [2, 2, 5]})
    games = pd.DataFrame({"game": [0, 1], "seed": 0, "players": 2, "rounds": [3, 2], "player_turns": [6, 4],
                          "end_reason": pd.Categorical(["clock", "clock"], ["clock", "reserve exhausted", "turn cap"]),
                          "flames_removed": [2, 1], "flames_left": [2, 3]})
    players = pd.DataFrame({"game": [0, 0, 1, 1], "seat": [0, 1, 0, 1],
                            "hero": ["Seiya", "Ikki", "Ikki", "Shun"], "policy": "value",
                            "vp": [10, 6, 8, 8], "win_share": [1.0, 0.0, 0.5, 0.5]})
    ev = [  # game, round, seat, kind, card_id, how, a, b
        (0, 0, -1, "reveal", 1, "", 0, 1), (0, 0, -1, "reveal", 2, "", 1, 1), (1, 0, -1, "reveal", 1, "", 0, 1),
        (0, 1, 0, "acquire", 1, "strength", 0, 0), (0, 1, 0, "reveal", 1, "", 0, 0),
        (0, 1, 1, "flame", 2, "upkeep removal", 1, 3), (1, 1, 0, "reveal", 2, "", 2, 0),
        (0, 3, 0, "acquire", 1, "effect", 2, -1), (0, 3, 0, "flame", 1, "acquired", 0, 2),
        (1, 2, 1, "acquire", 1, "strength", 0, 2), (1, 2, 1, "flame", 2, "upkeep removal", 1, 3),
    ]
    events = pd.DataFrame(ev, columns=["game", "round", "seat", "kind", "card_id", "how", "a", "b"])
    events.insert(1, "turn", 0)
    decks = pd.DataFrame({"game": [0, 0, 1, 1, 0, 1], "seat": [0, 1, 0, 1, 0, 1],
                          "card_id": [3, 3, 3, 3, 1, 1], "copies": [5, 5, 5, 5, 2, 1]})
    return SimpleNamespace(cards=cards, games=games, players=players, events=events, decks=decks)


@pytest.fixture(scope="module")
def cards():
    return analysis.card_table(tiny_run()).set_index("name")


def test_offers_and_acquisitions(cards):
    a = cards.loc["Alpha"]
    assert (a.offered, a.acquired, a.acquired_from_field) == (3, 3, 2)
    assert a.acquisition_rate == pytest.approx(2 / 3)
    assert a.mean_acquire_round == pytest.approx((1 + 3 + 2) / 3)
    b = cards.loc["Beta"]
    assert (b.offered, b.acquired, b.acquisition_rate) == (2, 0, 0.0)
    assert np.isnan(cards.loc["Gamma", "acquisition_rate"])  # never offered


def test_acquirer_win_share_and_its_intervals(cards):
    a = cards.loc["Alpha"]
    assert a.acquirers == 2 and a.acquired_share == 0.5
    # acquirers: (0,0) won, (1,1) tied -> 1.5 of 2; the others: (0,1) lost, (1,0) tied -> 0.5 of 2
    assert a.win_share_acq == 0.75 and a.win_share_not == 0.25
    # two acquirers and two others, far below MIN_COUNT: no verdict, each interval is its whole range
    assert a.win_share_diff == pytest.approx(0.5) and a.too_few and (a.diff_lo, a.diff_hi) == (-1, 1)
    assert (a.win_share_acq_lo, a.win_share_acq_hi) == (0, 1)
    b = cards.loc["Beta"]
    assert np.isnan(b.win_share_acq) and b.win_share_not == 0.5 and np.isnan(b.win_share_diff)


def test_final_decks(cards):
    assert cards.loc["Alpha", "in_final_deck"] == 0.5 and cards.loc["Alpha", "mean_final_copies"] == 0.75
    assert cards.loc["Gamma", "in_final_deck"] == 1.0 and cards.loc["Gamma", "mean_final_copies"] == 5.0
    assert cards.loc["Beta", "in_final_deck"] == 0.0


def test_game_length():
    s = analysis.length_summary(tiny_run())
    assert s.loc["rounds", "mean"] == 2.5 and s.loc["rounds", "median"] == 2.5
    assert s.loc["rounds", "p10"] == pytest.approx(2.1) and s.loc["rounds", "p90"] == pytest.approx(2.9)
    assert s.loc["player_turns", "mean"] == 5 and s.loc["player_turns", "max"] == 6
    d = analysis.length_distribution(tiny_run())
    assert d.to_dict("list") == {"rounds": [2, 3], "games": [1, 1], "share": [0.5, 0.5]}


def test_flames_by_round():
    f = analysis.flames_by_round(tiny_run())
    assert f["round"].tolist() == [0, 1, 2, 3]
    assert f["games"].tolist() == [2, 2, 2, 1]  # game 1 ended in round 2
    assert f["mean_flames_left"].tolist() == [4.0, 3.5, 3.0, 2.0]
    assert f.loc[1, "p10"] == pytest.approx(3.1) and f.loc[1, "p90"] == pytest.approx(3.9)


def test_a_game_nobody_wins_counts_against_no_seat():
    """Epic 2901 can eliminate every player: such a game lowers the fair share, not seat 0's
    advantage, from the raw tables, the counters and the paired metrics alike."""
    run = tiny_run()
    run.games = pd.concat([run.games, run.games.iloc[[0]].assign(game=2)], ignore_index=True)
    run.players = pd.concat([run.players, pd.DataFrame({"game": [2, 2], "seat": [0, 1], "hero": ["Shun", "Seiya"],
                                                        "policy": "value", "vp": [3, 3], "win_share": [0.0, 0.0]})],
                            ignore_index=True)
    run.decks = pd.concat([run.decks, run.decks[run.decks["game"] == 0].assign(game=2)], ignore_index=True)
    counted = SimpleNamespace(counters=Counters(make_counters(run.games, run.players, run.events, run.decks)))
    for source in (run, counted):
        s = analysis.win_share_by(source, "seat").set_index("seat")
        assert s.loc[0, "win_share"] == pytest.approx(0.5) and s.loc[0, "fair"] == pytest.approx(1 / 3)
        assert first_player_advantage(source)["advantage"] == pytest.approx(1 / 6)
    assert overall_metrics(game_arrays(run))["first_player_advantage"].value == pytest.approx(1 / 6)


def test_flame_removals_and_end_reasons():
    r = analysis.flame_removals(tiny_run())
    assert r[["name", "how", "removals"]].values.tolist() == [["Beta", "upkeep removal", 2], ["Alpha", "acquired", 1]]
    assert r["per_game"].tolist() == [1.0, 0.5] and r["share"].tolist() == pytest.approx([2 / 3, 1 / 3])
    e = analysis.end_reasons(tiny_run())
    assert e["games"].tolist() == [2, 0, 0] and e["end_reason"].tolist() == ["clock", "reserve exhausted", "turn cap"]


def test_seat_and_hero_win_share():
    s = analysis.win_share_by(tiny_run(), "seat").set_index("seat")
    assert s.loc[0, "win_share"] == 0.75 and s.loc[1, "win_share"] == 0.25
    assert s.loc[0, "fair"] == 0.5 and s.loc[0, "advantage"] == 0.25
    assert (s.loc[0, "lo"], s.loc[0, "hi"]) == tuple(pytest.approx(v) for v in wilson(1.5, 2))
    h = analysis.win_share_by(tiny_run(), "hero").set_index("hero")
    assert h.loc["Ikki", "player_games"] == 2 and h.loc["Ikki", "win_share"] == 0.25
    assert h.loc["Seiya", "win_share"] == 1.0 and h.loc["Shun", "mean_vp"] == 8
    fpa = first_player_advantage(tiny_run())
    assert fpa["advantage"] == 0.25 and fpa["lo"] == pytest.approx(wilson(1.5, 2)[0] - 0.5)


def test_ties_vp_and_margin():
    assert analysis.tie_rate(tiny_run()) == 0.5
    v = analysis.vp_distribution(tiny_run(), "seat").set_index("seat")
    assert v.loc[0, "mean"] == 9 and v.loc[1, "winner_mean"] == 8  # seat 1 won only game 1 (tied, 8 VP)
    assert margin(tiny_run()).tolist() == [4, 0]


def test_unknown_grouping_is_refused():
    with pytest.raises(ValueError, match="hero, seat or policy|one of"):
        analysis.win_share_by(tiny_run(), "colour")
