"""One interval estimator per metric: the card table's game-clustered CIs (from summed per-game
moments) equal the per-game delta method of `compare`; run folder equals memory; intervals stay
within the metric's range; too few units give no verdict; one false-discovery family per
comparison; the share of null comparisons that flag anything stays near the stated level."""
import math
import shutil

import numpy as np
import pandas as pd
import pytest

import analysis
import sim
from analysis.compare import TESTED_CARD_METRICS, card_metrics, game_arrays
from analysis.paired import MIN_COUNT, Est, bh_qvalues, by_qvalues, diff, ratio, ratio_moments, se_moments
from sim.runs.counters import run_counters
from sim.tools.compare import compare_runs
from tests.null_calibration import null_comparisons

GAMES = 300
ALDEBARAN = "Taurus Aldebaran"


@pytest.fixture(scope="module")
def run():
    return sim.play(GAMES, players=3, seed=21)


# --- The estimator -------------------------------------------------------------------------------
def test_moments_give_the_per_game_standard_error():
    """`ratio_moments` + `se_moments` from sum x x' equal `ratio` from the per-game arrays, for a
    ratio and for the difference of two ratios on the same games (their covariance included)."""
    rng = np.random.default_rng(4)
    b = rng.integers(0, 3, 500).astype(float)
    a = rng.uniform(0, 1, 500) * (b > 0)
    x = np.stack([np.ones(500), a, b], 1)
    gram = x.T @ x
    r1, h1 = ratio_moments(gram, np.array([0.0, 1, 0]), np.array([0.0, 0, 1]))
    r2, h2 = ratio_moments(gram, np.array([1.0, -1, 0]), np.array([3.0, 0, -1]))
    e1, e2 = ratio(a, b), ratio(1 - a, 3 - b)
    assert (r1, r2) == (pytest.approx(e1.value), pytest.approx(e2.value))
    assert se_moments(h1, gram) == pytest.approx(e1.se(), rel=1e-9)
    assert se_moments(h1 - h2, gram) == pytest.approx((e1 - e2).se(), rel=1e-9)
    assert (e1 - e2).se() > math.hypot(e1.se(), e2.se())  # the two sides move against each other


def test_card_table_cis_equal_the_per_game_delta_method(run):
    """Same run: the card table (from summed moments) and compare's card metrics (per-game arrays)
    give the same CIs; the run has ties, whose win shares still sum to 1 per game."""
    assert (run.players["win_share"] % 1 != 0).any()
    assert np.allclose(run.players.groupby("game")["win_share"].sum(), 1)
    t = analysis.card_table(run).set_index("id")
    x = game_arrays(run)
    cm = card_metrics(x)
    for metric, lo, hi in (("win_share_acq", "win_share_acq_lo", "win_share_acq_hi"),
                           ("win_share_not", "win_share_not_lo", "win_share_not_hi"),
                           ("win_share_diff", "diff_lo", "diff_hi")):
        want_lo, want_hi = cm[metric].ci()
        got = t.reindex(x.card_ids)
        np.testing.assert_allclose(got[metric], cm[metric].value, rtol=0, atol=1e-12, err_msg=metric)
        np.testing.assert_allclose(got[lo], want_lo, rtol=0, atol=1e-9, err_msg=lo)
        np.testing.assert_allclose(got[hi], want_hi, rtol=0, atol=1e-9, err_msg=hi)
    tested = t.loc[~t["too_few"]]
    assert len(tested) > 20 and (tested["diff_hi"] - tested["diff_lo"] > 0.01).all()


def test_the_card_table_of_a_run_folder_equals_the_one_in_memory(run, tmp_path):
    folder = sim.simulate(GAMES, players=3, seed=21, workers=1, batch_size=70, out=tmp_path / "r")
    cols = ["win_share_acq_lo", "win_share_acq_hi", "win_share_not_lo", "win_share_not_hi", "diff_lo",
            "diff_hi", "too_few"]
    ours, mem = folder.card_table(), analysis.card_table(run)
    pd.testing.assert_frame_equal(ours[cols], mem[cols], check_exact=False, rtol=1e-9)
    assert "note" not in ours.attrs


def test_an_older_run_folder_without_the_moments_reports_blank_cis(tmp_path):
    """Counters files written before the moments were counted: the card table still comes, its
    win-share CIs blank (or the whole range for too few), with a note."""
    folder = sim.simulate(120, seed=2, workers=1, out=tmp_path / "old").folder
    for f in (folder / "counters").glob("batch-*.parquet"):
        c = pd.read_parquet(f)
        old = c["counter"].isin(["moments_counted", "card.acquirers_sq", "card.acquirer_wins_sq",
                                 "card.acquirer_wins_acquirers"])
        assert old.any()
        c.loc[~old].to_parquet(f, index=False)
    assert run_counters(folder).scalar("moments_counted") == 0
    t = sim.Run(folder).card_table()
    assert "older version" in t.attrs["note"]
    assert t["win_share_acq"].notna().any()
    assert t.loc[~t["too_few"], ["diff_lo", "diff_hi", "win_share_acq_lo"]].isna().all(axis=None)
    shutil.rmtree(folder / "counters")  # with no counters files, they are recounted: CIs again
    assert "note" not in sim.Run(folder).card_table().attrs


# --- Range and minimum count ---------------------------------------------------------------------
def test_intervals_stay_within_the_range_and_too_few_get_none(run):
    t = analysis.card_table(run)
    for col in ("win_share_acq", "win_share_not"):
        ok = t[f"{col}_lo"].notna()
        assert (t.loc[ok, f"{col}_lo"] >= 0).all() and (t.loc[ok, f"{col}_hi"] <= 1).all()
    ok = t["diff_lo"].notna()
    assert (t.loc[ok, "diff_lo"] >= -1).all() and (t.loc[ok, "diff_hi"] <= 1).all()
    few = t.loc[t["too_few"] & t["win_share_diff"].notna()]
    assert len(few) and (few["acquirers"] < MIN_COUNT).all()
    assert (few["diff_lo"] == -1).all() and (few["diff_hi"] == 1).all()  # no information claimed


def test_a_rare_card_that_always_loses_gets_no_verdict():
    """The Pope case: 5 acquirers, all lost: the value is -0.5 with se about 0, but too few to say."""
    n = 400
    b = np.zeros(n)
    b[:5] = 1
    a = np.zeros(n)
    acq = ratio(a, b, (0, 1))
    not_ = ratio(1 - a, 2 - b, (0, 1))
    d = acq - not_
    assert d.value == pytest.approx(-0.5, abs=0.01) and d.too_few and np.isnan(d.p())
    assert d.ci() == (-1, 1)
    change = diff(d, Est(d.value + 0.6, d.infl, d.count, d.bounds), paired=False)
    assert change.too_few and np.isnan(change.p) and (change.lo, change.hi) == (-2, 2)
    big = Est(np.array(0.9), np.full(n, 3.0) * np.resize([1, -1], n), 1000.0, (0, 1))
    assert big.ci()[1] == 1.0 and big.ci()[0] < 0.9 and big.p() < 0.05


# --- One false-discovery family, changed cards first --------------------------------------------
def test_compare_uses_one_family_and_lists_the_changed_cards_first(run):
    b = sim.play(GAMES, players=3, seed=21, overrides={f"{ALDEBARAN}.strength_cost": 7})
    cmp = compare_runs(run, b)
    tested = cmp.cards["metric"].isin(TESTED_CARD_METRICS)
    assert cmp.cards.loc[~tested, "q"].isna().all()   # the two sides of win_share_diff: not tested apart
    p = np.concatenate([cmp.cards["p"].where(tested), cmp.overall["p"]])
    q = by_qvalues(p)  # Benjamini-Yekutieli: above Benjamini-Hochberg's, valid under any dependence
    np.testing.assert_array_equal(np.concatenate([cmp.cards["q"], cmp.overall["q"]]), q)
    assert (q[np.isfinite(q)] > bh_qvalues(p)[np.isfinite(q)]).any()
    assert (cmp.cards["significant"] == (cmp.cards["q"] <= cmp.fdr)).all()
    assert (cmp.overall["significant"] == (cmp.overall["q"] <= cmp.fdr)).all()
    assert cmp.cards.loc[cmp.cards["too_few"], "p"].isna().all() and cmp.cards["too_few"].any()
    assert cmp.tests == int(np.isfinite(p).sum()) and f"one family of {cmp.tests} tests" in repr(cmp)
    s = cmp.card_summary()
    assert s.iloc[0]["name"] == ALDEBARAN and s.iloc[0]["role"] == "changed"
    assert (s["role"].iloc[1:] == "knock-on").all()
    ok = cmp.cards["lo"].notna()
    assert (cmp.cards.loc[ok, "lo"] >= -2).all() and (cmp.cards.loc[ok, "hi"] <= 2).all()


# --- Null calibration ----------------------------------------------------------------------------
def test_null_comparisons_rarely_flag_anything():
    """100 comparisons of equal card sets (independent games, unpaired; over 100 tests each): at
    most 5 may flag a change, the stated level. One Benjamini-Yekutieli family per comparison keeps
    P(any change holds) well under 0.05 whatever the dependence between the tests (1 of these 100;
    Benjamini-Hochberg flags 4, and 7 of 100 at 2,000 games a comparison): a procedure that flags
    at twice the stated rate would pass about 6% of the time, one without family control never."""
    t = null_comparisons(100, 150, seed=3)
    assert t["tests"].min() > 100
    assert t["flagged"].sum() <= 5, t["flagged"].sum()
