"""Causal card worth and the power–cost curve: the interventions (a gift outside the reserve, a
text-less card), the curve's fit and verdicts on made-up worths, and planted cost changes that the
tools must find and undo."""
import numpy as np
import pandas as pd
import pytest
from typer.testing import CliRunner

import sim
from analysis.worth import card_prices, fit_curve, fit_line, residual_by_rank
from sim.cards.cardsets import GIFT_ID
from sim.cards.schema import CardFileError
from sim.cli.app import app

# --- The interventions --------------------------------------------------------------------------


def test_a_blank_card_keeps_its_numbers_and_loses_its_text():
    base = sim.load_cards().set_index("name").loc["Virgo Shaka"]
    blank = sim.load_cards(overrides={"Virgo Shaka.blank": 1}).set_index("name").loc["Virgo Shaka"]
    assert blank["effect_text"] == "" and blank["triggers"] == "" and base["triggers"] != ""
    for f in ("strength_cost", "cosmos_cost", "strength", "cosmos", "vp", "copies"):
        assert blank[f] == base[f]


def test_a_gift_goes_to_one_seat_from_outside_the_reserve():
    frame = sim.load_cards(overrides={"Aquarius Camus.gift": 2})
    gift = frame.loc[frame["id"] == GIFT_ID["gift"] + 40].iloc[0]
    assert gift["name"] == "Aquarius Camus (gift)" and gift["start"] == "gift" and gift["copies"] == 2
    r = sim.play(6, overrides={"Aquarius Camus.gift": 2}, events="full")
    plays = r.events.loc[r.events["card_id"] == gift["id"]]
    assert set(plays["game"]) and all(set(g["seat"]) == {game % 2} for game, g in plays.groupby("game"))
    same = sim.play(6)  # the reserve and its first reveals are those of the game without the gift
    reveals = lambda res: res.events.loc[(res.events["kind"] == "reveal") & (res.events["round"] == 0),
                                         ["game", "card_id"]].reset_index(drop=True)
    pd.testing.assert_frame_equal(reveals(r), reveals(same))


@pytest.mark.parametrize("override, words", [({"Athena.blank": 2}, "blank is 0 or 1"),
                                             ({"Athena.gift": -1}, "a gift is 0 or more"),
                                             ({"Athena.shine": 1}, "FIELD one of")])
def test_bad_interventions_say_what_is_allowed(override, words):
    with pytest.raises(CardFileError, match=words):
        sim.load_cards(overrides=override)


# --- The curve, on made-up worths ---------------------------------------------------------------


def made_up(worth_of_card=lambda cost: 0.05 * cost - 0.1, planted=None, se=0.005, seed=0):
    """Priced cards on a known line with a little scatter; `planted` {name: worth} moves some."""
    rng = np.random.default_rng(seed)
    rows = [{"name": f"S{i}", "currency": "strength", "price": float(c), "worth": worth_of_card(c) + rng.normal(0, 0.01)}
            for i, c in enumerate([2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 6, 6, 7, 7, 8, 8, 9])]
    rows += [{"name": f"C{i}", "currency": "cosmos", "price": 5.0, "worth": 0.0 + rng.normal(0, 0.01)} for i in range(6)]
    rows += [{"name": "Pope", "currency": None, "price": np.nan, "worth": -0.1}]
    t = pd.DataFrame(rows).assign(worth_se=se)
    for name, w in (planted or {}).items():
        t.loc[t["name"] == name, "worth"] = w
    return t


def test_a_line_is_recovered():
    line = fit_line([1, 2, 3, 4], [0.1, 0.2, 0.3, 0.4], "strength")
    assert np.allclose(line.coef, [0.0, 0.1]) and line.sloped
    flat = fit_line([5, 5, 5], [0.1, 0.2, 0.3], "cosmos", slope=0.05)
    assert not flat.sloped and np.isclose(flat.at(5.0)[0], 0.2) and np.isclose(flat.at(6.0)[0], 0.25)


def test_the_verdicts_find_the_planted_cards_and_nothing_else():
    # S5 costs 4 but is worth a cost-8 card; S9 costs 6 but is worth a cost-2 card
    t = made_up(planted={"S5": 0.05 * 8 - 0.1, "S9": 0.05 * 2 - 0.1, "C2": 0.2})
    curve = fit_curve(t)
    assert np.isclose(curve.point, 0.05, atol=0.01)
    v = curve.verdicts(t).set_index("name")
    assert v.loc["S5", "verdict"] == "under-costed" and v.loc["S9", "verdict"] == "over-costed"
    assert v.loc["C2", "verdict"] == "under-costed"          # the Cosmos cards take the Strength slope
    assert v.loc["Pope", "verdict"] == "no price"
    assert (v.drop(["S5", "S9", "C2", "Pope"])["verdict"] == "fair").all()
    assert abs(v.loc["S5", "implied_cost"] - 8) < 1 and abs(v.loc["S9", "implied_cost"] - 2) < 1
    # each card is judged against the line fitted without it: the planted card does not pull it
    assert v.loc["S5", "fitted"] < 0.05 * 4 - 0.1 + 0.02
    assert (v["q"].dropna() >= v["p"].dropna()).all()


def test_a_rank_above_the_line_shows_in_its_mean_residual():
    t = made_up().assign(rank="▲")
    gold = t["name"].isin(["S2", "S7", "S12", "S14"])
    t.loc[gold, "rank"] = "★"
    t.loc[gold, "worth"] += 0.06                      # every card of the rank worth about a cost point more
    r = residual_by_rank(fit_curve(t).verdicts(t)).set_index("rank")
    assert r.loc["★", "mean_residual_lo"] > 0 and r.loc["★", "cards"] == 4
    assert r.loc["▲", "mean_residual"] < r.loc["★", "mean_residual"]


def test_a_wide_interval_is_no_verdict():
    t = made_up(planted={"S5": 0.05 * 6 - 0.1}, se=0.2)
    assert (fit_curve(t).verdicts(t)["verdict"].isin(("fair", "no price"))).all()


# --- Planted costs, played --------------------------------------------------------------------
PLANTED = {"Taurus Aldebaran.strength_cost": 4,    # printed 8: 4 cheaper
           "Whale Moses.strength_cost": 4,         # printed 6: 2 cheaper
           "Perseus Algol.strength_cost": 8}       # printed 5: 3 dearer
PRINTED = {"Taurus Aldebaran": 8, "Whale Moses": 6, "Perseus Algol": 5}
GAMES = 3000


@pytest.fixture(scope="module")
def planted():
    return sim.suggest(list(PRINTED), games=GAMES, overrides=PLANTED, workers=2)


def test_cheaper_cards_are_under_costed_and_a_dearer_one_over_costed(planted):
    v = planted.flagged.set_index("name")["verdict"]
    assert v["Taurus Aldebaran"] == "under-costed" and v["Whale Moses"] == "under-costed"
    assert v["Perseus Algol"] == "over-costed"


def test_suggest_brings_the_planted_costs_back_and_verifies_them(planted):
    t = planted.table.set_index("card")
    for name, printed in PRINTED.items():
        r = t.loc[name]
        assert abs(r["suggested"] - printed) <= 1, (name, r["suggested"])
        assert r["fair_after"] and r["toward_target"], name
        assert r["residual_after_lo"] <= r["residual_after"] <= r["residual_after_hi"]


def test_two_cards_with_the_same_numbers_are_told_apart():
    w = sim.worth(["Sagittarius Cloth", "Aries Cloth"], games=GAMES, workers=2)
    d = w.difference("Sagittarius Cloth", "Aries Cloth")   # same costs and values; the text differs
    assert d["difference_lo"] > 0


def test_the_worth_command_and_report(tmp_path):
    r = CliRunner().invoke(app, ["worth", "--games", "40", "--no-text", "--workers", "1", "--out", str(tmp_path / "w")])
    assert r.exit_code == 0, r.output
    assert "Curve: strength: worth =" in r.stdout and (tmp_path / "w" / "tables" / "worth.csv").exists()
    assert (tmp_path / "w" / "figures" / "power_cost.png").exists()
    table = pd.read_csv(tmp_path / "w" / "tables" / "worth.csv")
    assert len(table) == len(card_prices(sim.load_cards())) and {"worth", "residual", "verdict"} <= set(table)


def test_too_few_named_cards_for_a_curve_still_get_their_worth_and_a_report(tmp_path):
    r = CliRunner().invoke(app, ["worth", "--cards", "Lizard Misty,Taurus Aldebaran", "--games", "30", "--no-text",
                                 "--workers", "1", "--out", str(tmp_path / "w")])
    assert r.exit_code == 0, r.output
    assert "Curve: none: a line needs 4 or more measured cards" in " ".join(r.stdout.split())
    assert "the cards measured" in r.stdout and "Lizard Misty" in r.stdout and "Taurus Aldebaran" in r.stdout
    assert (tmp_path / "w" / "report.md").exists()


@pytest.mark.parametrize("args, words", [(("--copies", "0"), "--copies"), (("--games", "1"), "--games"),
                                         (("--card", "Nobody"), "unknown card"), (("--fdr", "2"), "--fdr")])
def test_worth_bad_input_is_one_line_with_exit_code_2(args, words, tmp_path):
    r = CliRunner().invoke(app, ["worth", *args, "--out", str(tmp_path / "x")])
    assert r.exit_code == 2 and words in r.output and len(r.output.strip().splitlines()) == 1, r.output
