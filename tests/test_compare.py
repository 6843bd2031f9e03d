"""Paired comparisons: the statistics by hand, planted cases (a card made far too cheap or worth far
too many VP tops the comparison), the null (a card set against itself finds nothing), the gain
of pairing, precision on demand, and `seiya compare` in both forms."""
import math

import numpy as np
import pytest
from typer.testing import CliRunner

from sim.tools.compare import compare_runs
import sim
from analysis.paired import Est, bh_qvalues, by_qvalues, diff, mean, ratio
from sim.cli.app import app

GAMES = 400
POLICY = ("value",)  # the comparison's mechanics, on the policy these expectations were set with
ALDEBARAN = "Taurus Aldebaran"


def invoke(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


# --- Statistics by hand -------------------------------------------------------------------------
def test_bh_qvalues_match_a_hand_computation():
    p = np.array([0.01, 0.04, 0.03, 0.20, np.nan])
    # sorted 0.01, 0.03, 0.04, 0.20 (m = 4): 0.04, 0.06, 0.0533, 0.20 -> step-up minimum from the top
    q = bh_qvalues(p)
    assert q[:4] == pytest.approx([0.04, 0.0533333, 0.0533333, 0.20])
    assert np.isnan(q[4])


def test_by_qvalues_are_the_bh_ones_times_the_harmonic_sum():
    p = np.array([0.01, 0.04, 0.03, 0.20, np.nan])
    # m = 4 tests: 1 + 1/2 + 1/3 + 1/4 = 25/12 times the BH q-values; never above 1
    q = by_qvalues(p)
    assert q[:4] == pytest.approx([0.04 * 25 / 12, 0.0533333 * 25 / 12, 0.0533333 * 25 / 12, 0.20 * 25 / 12])
    assert np.isnan(q[4])
    assert by_qvalues([0.9, 0.95])[1] == 1.0


def test_ratio_influence_gives_the_delta_method_standard_error():
    rng = np.random.default_rng(1)
    den = rng.integers(1, 5, 2000).astype(float)
    num = rng.binomial(den.astype(int), 0.3).astype(float)
    r = ratio(num, den)
    assert r.value == pytest.approx(num.sum() / den.sum())
    assert r.infl.mean() == pytest.approx(0, abs=1e-12)
    se_binomial = math.sqrt(0.3 * 0.7 / den.sum())  # the cluster-robust se is close to the binomial one here
    assert r.se() == pytest.approx(se_binomial, rel=0.1)
    m = mean(num)
    assert m.se() == pytest.approx(num.std(ddof=1) / math.sqrt(len(num)))


def test_pairing_narrows_the_interval_of_correlated_arms():
    rng = np.random.default_rng(2)
    shared = rng.normal(size=5000)
    a = mean(shared + 0.1 * rng.normal(size=5000))
    b = mean(shared + 0.1 * rng.normal(size=5000) + 0.05)
    d = diff(a, b)
    assert d.se < 0.2 * d.se_unpaired
    assert d.lo < 0.05 < d.hi and d.p < 1e-6
    u = diff(a, b, paired=False)
    assert u.se == pytest.approx(d.se_unpaired)


def test_identical_arms_differ_by_exactly_zero():
    e = Est(np.array([0.5, 0.2]), np.random.default_rng(3).normal(size=(50, 2)))
    d = diff(e, e)
    assert np.all(d.delta == 0) and np.all(d.p == 1)


# --- Planted cases on real games --------------------------------------------------------------------
@pytest.fixture(scope="module")
def base():
    return sim.play(GAMES, seed=11, policies=POLICY)


def test_a_card_worth_far_too_many_vp_tops_the_comparison(base):
    b = sim.play(GAMES, seed=11, policies=POLICY, overrides={f"{ALDEBARAN}.vp": 30})
    cmp = compare_runs(base, b)
    top = cmp.card_summary().iloc[0]
    assert cmp.paired and top["name"] == ALDEBARAN and top["changed"] == "vp 5→30"
    assert top["significant_win_share_diff"] and top["delta_win_share_diff"] > 0.15
    assert cmp.ci_ratio().set_index("metric").loc["win_share_diff", "ratio"] < 1


def test_a_card_made_far_too_cheap_tops_the_comparison(base):
    b = sim.play(GAMES, seed=11, policies=POLICY, overrides={f"{ALDEBARAN}.strength_cost": 1})
    cmp = compare_runs(base, b, label_a="base", label_b="cheap")
    top = cmp.card_summary().iloc[0]
    assert top["name"] == ALDEBARAN and top["significant_acquisition_rate"]
    assert top["delta_acquisition_rate"] > 0.3
    sig = cmp.significant()
    assert (sig["name"] == ALDEBARAN).any()
    # pairing: the game-length interval is much narrower than if the arms were independent
    rounds = cmp.overall.set_index("metric").loc["rounds"]
    assert rounds["se"] < 0.8 * rounds["se_unpaired"]


def test_a_card_set_against_itself_finds_nothing(base):
    cmp = compare_runs(base, base)
    assert cmp.cards["significant"].sum() == 0 and not cmp.overall["significant"].any()
    assert (cmp.cards["delta"].dropna() == 0).all()


def test_the_same_cards_on_other_seeds_find_nothing_after_fdr(base):
    """Unpaired null: same card set, different seed: with ~3 x 90 tests, the false-discovery family
    keeps the false discoveries away."""
    other = sim.play(GAMES, seed=12, policies=POLICY)
    cmp = compare_runs(base, other)
    assert not cmp.paired
    assert cmp.cards["significant"].sum() == 0


def test_comparing_different_player_counts_is_refused(base):
    with pytest.raises(ValueError, match="players"):
        compare_runs(base, sim.play(20, players=3, seed=11))


# --- Playing both arms, precision on demand ------------------------------------------------------
def test_sim_compare_plays_both_arms_and_reaches_a_precision_target():
    cmp = sim.compare(200, seed=5, overrides={f"{ALDEBARAN}.strength_cost": 6}, precision=0.05,
                      precision_metrics=("acquisition_rate",), max_games=1500)
    assert cmp.precision is not None and cmp.precision.reached
    assert cmp.precision.half_widths["acquisition_rate"] <= 0.05
    assert cmp.games == cmp.precision.games == len(cmp.run_a.games) == len(cmp.run_b.games)
    assert sorted(cmp.run_a.games["game"]) == list(range(cmp.games))
    assert "reached" in str(cmp.precision)


def test_precision_stops_at_the_game_budget():
    cmp = sim.compare(100, seed=5, overrides={f"{ALDEBARAN}.vp": 6}, precision=0.001, max_games=250)
    assert not cmp.precision.reached and cmp.games == 250
    assert "budget" in str(cmp.precision)


# --- The command line -----------------------------------------------------------------------------
def test_compare_command_plays_two_arms_and_writes_a_report(tmp_path):
    r = invoke("compare", "--set", f"{ALDEBARAN}.vp=30", "--games", 300, "--workers", 1, "--seed", 11,
               "--top", 5, "--out", tmp_path / "c")
    assert r.exit_code == 0, r.output
    assert ALDEBARAN in r.stdout and "paired" in r.stdout and "Paired / unpaired CI width" in r.stdout
    for f in ("report.html", "report.md", "tables/compare_cards.csv", "tables/compare_overall.csv",
              "figures/compare_forest.png"):
        assert (tmp_path / "c" / f).exists()
    assert "name='viewport'" in (tmp_path / "c" / "report.html").read_text()


def test_compare_command_on_two_runs(tmp_path):
    a = sim.simulate(150, seed=4, workers=1, out=tmp_path / "a")
    b = sim.simulate(150, seed=4, workers=1, out=tmp_path / "b", overrides={f"{ALDEBARAN}.vp": 30})
    r = invoke("compare", a.folder, b.folder, "--out", tmp_path / "c", "--top", 3)
    assert r.exit_code == 0, r.output
    assert "paired" in r.stdout and ALDEBARAN in r.stdout


def test_a_comparison_says_what_the_round_cap_did(tmp_path):
    cmp = sim.compare(40, seed=5, overrides={f"{ALDEBARAN}.vp": 6}, rules={"round_cap": 6})
    assert cmp.capped.startswith("Some games (100.0% of arm A (base), 100.0% of arm B (changed)) reached the "
                                 "6-round cap (`round_cap`")
    assert "> **Round cap.**" in (cmp.report(tmp_path / "c").parent / "report.md").read_text()
    assert sim.compare(40, seed=5, overrides={f"{ALDEBARAN}.vp": 6}).capped is None
    # two run folders: the cap is read from the first one's manifest
    a = sim.simulate(30, seed=4, workers=1, out=tmp_path / "a", rules={"round_cap": 7})
    b = sim.simulate(30, seed=4, workers=1, out=tmp_path / "b", rules={"round_cap": 7}, overrides={f"{ALDEBARAN}.vp": 30})
    r = invoke("compare", a.folder, b.folder, "--out", tmp_path / "ab", "--top", 3)
    assert r.exit_code == 0, r.output
    assert "reached the 7-round cap" in " ".join(r.stdout.split())


@pytest.mark.parametrize("args, words", [
    ((), "nothing to compare"),
    (("onlyone",), "two run folders"),
    (("--set", "Nobody.vp=3"), "unknown card"),
    (("--set", f"{ALDEBARAN}.vp=3", "--precision", 2), "--precision"),
    (("--set", f"{ALDEBARAN}.vp=3", "--metric", "colour"), "unknown --metric"),
    (("a", "b", "--set", f"{ALDEBARAN}.vp=3"), "give none of them"),
])
def test_compare_bad_input_is_one_line_with_exit_code_2(args, words, tmp_path):
    r = invoke("compare", *args, "--out", tmp_path / "x")
    assert r.exit_code == 2 and words in r.output and len(r.output.strip().splitlines()) == 1
    assert not (tmp_path / "x").exists()
