"""The policy ladder: the Bradley-Terry math against hand-derived answers and its monotonicity,
the paired CIs, the seatings on real games, the saved ratings in the run report, the command."""
import json
import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import assume, given, settings, strategies as st
from typer.testing import CliRunner

import sim
from analysis.ratings import bradley_terry, ladder_ratings, paired_share, pairing_table, to_elo, win_matrix
from reports.render import policy_ratings
from sim.cli.app import app
from sim import policy_catalog as C
from sim.policy_catalog import policy_by_name
from sim.policy_files import PolicyFileError, read_ratings
from sim.tools import ladder as L
from sim.tools.duel import play_duel, seatings


# --- Bradley-Terry --------------------------------------------------------------------------------
def test_three_policies_with_hand_derived_strengths():
    """Strengths 4 : 2 : 1 give P(A beats B) = 4/6, P(A beats C) = 4/5, P(B beats C) = 2/3. With 30
    A-B games (A wins 20), 50 A-C games (A wins 40) and 30 B-C games (B wins 20) every policy's wins
    equal their expectation under 4 : 2 : 1 (A: 20 + 40 = 60 = 30*4/6 + 50*4/5), which is the
    likelihood equation, so 4 : 2 : 1 is the maximum: on the Elo scale, C = 1500, B = 1500 + 400
    log10 2 = 1620.41, A = 1500 + 400 log10 4 = 1740.82."""
    wins = np.array([[0, 20, 40], [10, 0, 20], [10, 10, 0]], float)
    theta = bradley_terry(wins)
    assert np.allclose(np.exp(theta - theta[2]), [4, 2, 1], atol=1e-8)
    assert np.allclose(to_elo(theta, anchor=2), [1500 + 400 * math.log10(4), 1500 + 400 * math.log10(2), 1500])
    assert np.isclose(to_elo(theta).mean(), 1500)


def test_a_tie_counts_half():
    """A-B: 18 wins, 4 ties, 8 losses is A's 20 of 30 as above: the same ratings."""
    a_b = 18 + 4 / 2
    wins = np.array([[0, a_b, 40], [30 - a_b, 0, 20], [10, 10, 0]], float)
    assert np.allclose(np.exp(bradley_terry(wins) - bradley_terry(wins)[2]), [4, 2, 1], atol=1e-8)


def test_a_clean_sweep_needs_the_prior():
    wins = np.array([[0, 10], [0, 0]], float)
    with pytest.raises(ValueError, match="do not exist"):
        bradley_terry(wins)
    theta = bradley_terry(wins, prior=1.0)  # 10.5 : 0.5 with one virtual drawn game
    assert np.isclose(theta[0] - theta[1], math.log(10.5 / 0.5))


@settings(max_examples=60, deadline=None)
@given(k=st.integers(3, 5), data=st.data())
def test_a_policy_rises_with_a_win(k, data):
    """One of j's wins over i turned into i's win raises i's rating and lowers j's (whatever the rest)."""
    wins = np.zeros((k, k))
    for a in range(k):
        for b in range(a + 1, k):
            n = data.draw(st.integers(1, 20))
            wins[a, b] = data.draw(st.integers(0, n))
            wins[b, a] = n - wins[a, b]
    i, j = data.draw(st.permutations(range(k)))[:2]
    assume(wins[j, i] >= 1)
    before = to_elo(bradley_terry(wins, prior=1.0))
    wins[j, i] -= 1
    wins[i, j] += 1
    after = to_elo(bradley_terry(wins, prior=1.0))
    assert after[i] > before[i] + 1e-6 and after[j] < before[j] - 1e-6


# --- Pairings and the bootstrap ------------------------------------------------------------------
def test_paired_share_uses_the_seeds_spread_and_wilson_for_a_sweep():
    m, lo, hi = paired_share([1, 0.5, 0.5, 0])
    assert m == 0.5 and np.isclose(hi - m, 1.959964 * np.std([1, 0.5, 0.5, 0], ddof=1) / 2, atol=1e-6)
    m, lo, hi = paired_share(np.ones(100))
    assert m == 1 and hi == 1 and 0.95 < lo < 0.97   # Wilson: 100 of 100 -> [0.963, 1]


def duels_frame(shares: dict, seeds: int, rng) -> pd.DataFrame:
    """Planted duels: per pairing, A's score in each game drawn with the given win probability."""
    rows = []
    for (a, b), p in shares.items():
        first, second = (rng.random(seeds) < p).astype(float), (rng.random(seeds) < p).astype(float)
        rows.append(pd.DataFrame({"a": a, "b": b, "game": range(seeds), "first": first, "second": second}))
    return pd.concat(rows, ignore_index=True)


def test_ratings_recover_planted_strengths_with_a_seeded_bootstrap():
    # strengths value 1, x 3, y 1/3: P(x beats value) = 3/4, P(value beats y) = 3/4, P(x beats y) = 9/10
    duels = duels_frame({("value", "x"): 1 / 4, ("value", "y"): 3 / 4, ("x", "y"): 9 / 10}, 3000,
                        np.random.default_rng(1))
    r = ladder_ratings(duels, bootstrap=300, seed=4).set_index("policy")
    assert list(r.index) == ["x", "value", "y"]
    gap = 400 * math.log10(3)
    assert (r.loc["value", ["rating", "lo", "hi"]] == 1500).all()   # the anchor
    for name, true in (("x", 1500 + gap), ("y", 1500 - gap)):
        assert r.loc[name, "lo"] < true < r.loc[name, "hi"] and r.loc[name, "hi"] - r.loc[name, "lo"] < 80
    again = ladder_ratings(duels, bootstrap=300, seed=4).set_index("policy")
    assert r.equals(again)
    t = pairing_table(duels).set_index(["a", "b"])
    assert t.loc[("value", "x"), "games"] == 6000 and t.loc[("value", "x"), "lo"] < 0.25 < t.loc[("value", "x"), "hi"]
    w = win_matrix(duels, ["value", "x", "y"])
    assert np.allclose(w + w.T, np.where(np.eye(3) == 1, 0, 6000))


def test_without_the_anchor_the_mean_is_1500():
    duels = duels_frame({("a", "b"): 0.6}, 200, np.random.default_rng(2))
    assert np.isclose(ladder_ratings(duels, bootstrap=50).rating.mean(), 1500)


# --- Real games -------------------------------------------------------------------------------------
def test_seatings_give_each_policy_every_seat_once():
    assert seatings(2) == ((0,), (1,))
    assert seatings(3) == ((0, 2), (1,))
    first, second = seatings(5)
    assert sorted(first + second) == list(range(5))


def test_a_duel_plays_the_seats_it_says_on_one_deal():
    config = sim.GameConfig.build(players=3, seed=7)
    value, greedy = policy_by_name("value"), policy_by_name("greedy")
    scores = play_duel(config, value, greedy, 10, 40)
    for k, order in enumerate((("value", "greedy", "value"), ("greedy", "value", "greedy"))):
        res = sim.play(40, players=3, seed=7, first_game=10, policies=order, seats="fixed")
        by_policy = res.players.loc[res.players["policy"] == "value"].groupby("game")["win_share"].sum()
        assert np.allclose(scores[:, k], by_policy.to_numpy())
        if k == 0:
            heroes = res.players["hero"].astype(str).to_numpy()
        else:  # the same deal: the same Heroes in the same seats, only the policies traded
            assert (res.players["hero"].astype(str).to_numpy() == heroes).all()


def test_self_play_is_exactly_even_on_every_seed():
    """A policy against itself: a seed's two games are the same game, so its score is 1/2 exactly."""
    value = policy_by_name("value")
    s = play_duel(sim.GameConfig.build(), value, value, 0, 60)
    assert np.allclose(s[:, :2].mean(axis=1), 0.5) and not s[:, 2:].any()  # and no game reached the round cap


def test_a_ladder_is_the_same_on_any_number_of_workers():
    one = sim.ladder(("value", "greedy", "random"), games=60, seed=3)
    two = sim.ladder(("value", "greedy", "random"), games=60, seed=3, workers=2)
    assert one.duels.equals(two.duels) and one.ratings.equals(two.ratings)
    assert len(one.pairings) == 3 and set(one.pairings["games"]) == {120}
    assert one.ratings.iloc[-1]["policy"] == "random" and len(one.notes()) == 2  # random never won
    with pytest.raises(ValueError, match="at least two different"):
        sim.ladder(("value", "value"), games=10)


def test_a_ladder_on_games_the_round_cap_stopped_says_so(tmp_path):
    lad = sim.ladder(("value", "greedy"), games=10, config=sim.GameConfig.build(rules={"round_cap": 6}))
    assert lad.capped.startswith("Some games (100.0% of the games played) reached the 6-round cap")
    assert "> **Round cap.** Some games" in lad.report(tmp_path / "lad").read_text()
    assert sim.ladder(("value", "greedy"), games=10).capped is None


# --- Saved ratings and the run report ---------------------------------------------------------------
def test_saved_ratings_rate_a_runs_policies_with_the_weights_played(tmp_path):
    lad = sim.ladder(("value", "greedy"), games=20, seed=1)
    path = lad.save(tmp_path / "ratings.json")
    saved = read_ratings(path)
    assert saved.players == 2 and saved.games_per_pairing == 20 and {r.policy for r in saved.ratings} == {"value", "greedy"}
    manifest_policies = [json.loads(policy_by_name(p).model_dump_json()) for p in ("value", "greedy", "clock")]
    line = policy_ratings(manifest_policies, path)
    greedy_rating = saved.of("greedy").rating
    assert line.startswith("value 1500 [95% CI 1500 to 1500], greedy " + f"{greedy_rating:.0f}")
    assert "clock not rated (Bradley-Terry, Elo scale: 2-player ladder of" in line
    greedy = policy_by_name("greedy")
    changed = json.loads(greedy.model_copy(update={"weights": (2.0,) + greedy.weights[1:]}).model_dump_json())
    assert policy_ratings([changed], path) == "greedy not rated"   # same name, other weights
    assert policy_ratings(["value"], tmp_path / "none.json") == "value not rated"
    (tmp_path / "bad.json").write_text(json.dumps({**json.loads(path.read_text()), "players": "two"}))
    with pytest.raises(PolicyFileError, match=r"bad.json: field 'players'"):
        read_ratings(tmp_path / "bad.json")
    assert policy_ratings(["value"], tmp_path / "bad.json").startswith("not available: ")


def test_the_shipped_ratings_are_valid_and_rate_the_catalogs_policies():
    saved = read_ratings()
    if saved is None:
        pytest.skip("no ratings saved in the package")
    for r in saved.ratings:
        assert r.lo <= r.rating <= r.hi
        if r.policy in C.POLICIES:  # rated with the weights it has now
            assert saved.of(r.policy, C.POLICIES[r.policy].weights) is r


def test_a_run_report_names_its_policies_ratings(tmp_path, monkeypatch):
    import sim.policy_files
    lad = sim.ladder(("value", "greedy"), games=20, seed=1)
    monkeypatch.setattr(sim.policy_files, "RATINGS_FILE", lad.save(tmp_path / "ratings.json"))
    run = sim.simulate(40, policies=("value", "clock"), workers=1, out=tmp_path / "run")
    md = run.report().with_name("report.md").read_text()
    assert "- **Policy ratings**: value 1500 [95% CI 1500 to 1500], clock not rated (Bradley-Terry" in md


# --- The command -----------------------------------------------------------------------------------
def test_ladder_command_prints_writes_and_saves(tmp_path, monkeypatch):
    monkeypatch.setattr(L, "RATINGS_FILE", tmp_path / "saved.json")
    r = CliRunner().invoke(app, ["ladder", "--policies", "value,greedy,random", "--games", "30", "--workers", "1",
                                 "--out", str(tmp_path / "lad"), "--save"])
    assert r.exit_code == 0, r.output
    for words in ("Ratings: Bradley-Terry, value = 1500", "Pairings", "value", "greedy", "random",
                  "won all 60 games against random", "Report:", "Ratings saved:"):
        assert words in r.stdout
    assert max(len(line) for line in r.stdout.split("Report:")[0].splitlines()) <= 100
    assert set(pd.read_csv(tmp_path / "lad" / "ladder.csv")["policy"]) == {"value", "greedy", "random"}
    assert len(pd.read_csv(tmp_path / "lad" / "pairings.csv")) == 3
    assert "## Ratings" in (tmp_path / "lad" / "ladder.md").read_text()
    assert read_ratings(tmp_path / "saved.json").games_per_pairing == 30


@pytest.mark.parametrize("args, message", [
    (["--policies", "value,valeu"], "unknown policy 'valeu' (did you mean 'value'?); allowed:"),
    (["--policies", "value"], "--policies needs at least two different policies"),
    (["--games", "1"], "--games must be at least 2, not 1"),
    (["--players", "6"], "--players must be 2 to 5, not 6"),
    (["--seed", "-1"], "--seed must be 0 or more"),
])
def test_ladder_command_refuses_bad_input_in_one_line(args, message):
    r = CliRunner().invoke(app, ["ladder", *args])
    assert r.exit_code == 2 and message in r.stderr and len(r.stderr.strip().splitlines()) == 1
