"""Cost sweeps: raising a cost lowers the acquisition rate; the table, the best value, the figure,
the report and `seiya sweep` (including its one-line errors)."""
import pytest
from typer.testing import CliRunner

import sim
from sim.tools.sweep import parse_target, parse_values
from sim.cli.app import app

CARD = "Lizard Misty"   # strength cost 5, no Cosmos cost: the sweep is the only way to buy it


def invoke(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


def test_parse_values_and_targets():
    assert parse_values("4..7") == [4, 5, 6, 7]
    assert parse_values("2..8..3") == [2, 5, 8]
    assert parse_values("3, 5,8") == [3, 5, 8]
    for bad in ("", "a..b", "9..4", "1..5..0"):
        with pytest.raises(ValueError, match="bad values"):
            parse_values(bad)
    assert parse_target("acquisition_rate=0.5") == ("acquisition_rate", 0.5)
    with pytest.raises(ValueError, match="bad target"):
        parse_target("colour=1")


@pytest.fixture(scope="module")
def swept():
    return sim.sweep(CARD, "strength_cost", "2..8..3", games=300, seed=3)


def test_raising_a_cost_lowers_the_acquisition_rate(swept):
    t = swept.table.set_index("value")
    assert list(t.index) == [2, 5, 8] and t.loc[5, "current"] and (t["games"] == 300).all()
    rate = t["acquisition_rate"]
    assert rate[2] > rate[5] > rate[8]
    assert t.loc[8, "delta_acquisition_rate_hi"] < 0 < t.loc[2, "delta_acquisition_rate_lo"]  # paired, vs current
    assert t.loc[5, "delta_rounds"] == 0
    for m in ("residual", "worth", "acquisition_rate", "win_share_diff", "rounds", "first_player_advantage",
              "hero_imbalance"):
        assert (t[f"{m}_lo"] <= t[m]).all() and (t[m] <= t[f"{m}_hi"]).all()
    # the worth of a copy given does not depend on its cost; the curve at a dearer cost is higher
    assert t.loc[2, "residual"] > t.loc[5, "residual"] > t.loc[8, "residual"]
    assert t.loc[8, "delta_residual_hi"] < 0 < t.loc[2, "delta_residual_lo"]


def test_the_best_value_is_the_closest_to_the_target(swept):
    best = swept.best.iloc[0]
    t = swept.table
    closest = t.loc[(t["residual"]).abs().idxmin(), "value"]
    assert best["card"] == CARD and best["best_value"] == closest and best["current"] == 5


def test_the_sweep_figure_and_report(swept, tmp_path):
    fig = swept.figure()
    assert len(fig.axes) == 4
    path = swept.report(tmp_path / "sw")
    assert path.exists() and (tmp_path / "sw" / "tables" / "sweep.csv").exists()
    assert (tmp_path / "sw" / "figures" / "sweep_lizard_misty.png").stat().st_size > 1000


def test_sweep_command_with_two_cards_and_precision(tmp_path):
    r = invoke("sweep", "--cards", f"{CARD},Taurus Aldebaran", "--field", "vp", "--values", "1,6", "--games", 100,
               "--workers", 1, "--precision", 0.5, "--metric", "acquisition_rate", "--max-games", 200,
               "--out", tmp_path / "s")
    assert r.exit_code == 0, r.output
    assert "comes closest to residual=0" in r.stdout and "precision target" in r.stdout
    assert (tmp_path / "s" / "report.md").exists()


def test_a_sweep_says_which_values_the_round_cap_cut_short(tmp_path):
    # at round_cap=8 no base game reaches the Clock; at the current 40 every one does
    sw = sim.sweep(None, "round_cap", [8], games=40, seed=2)
    t = sw.table.set_index("value")
    assert t.loc[8, "capped_share"] == 1.0 and t.loc[40, "capped_share"] == 0.0
    assert sw.capped.startswith("Some games (100.0% at round_cap = 8) reached the round cap (`round_cap`")
    assert "(current)" not in sw.capped  # the cap is what is swept: no one number to name
    md = (sw.report(tmp_path / "sw").parent / "report.md").read_text()
    assert "> **Round cap.** Some games (100.0% at round_cap = 8)" in md and "games capped" in md
    # a card sweep under a cap that stops every game names each value, the current one marked
    card = sim.sweep(CARD, "vp", [3], games=30, seed=2, rules={"round_cap": 6})
    assert "reached the 6-round cap" in card.capped
    assert f"at {CARD} vp = 1 (current)" in card.capped and f"at {CARD} vp = 3" in card.capped
    # and no warning where the games end by the rules
    assert sim.sweep(None, "round_cap", [60], games=30, seed=2).capped is None


def test_sweep_command_says_what_the_round_cap_did(tmp_path):
    r = invoke("sweep", "--field", "round_cap", "--values", "8", "--games", 30, "--workers", 1, "--out", tmp_path / "s")
    assert r.exit_code == 0, r.output
    assert "games capped" in r.stdout and "Some games (100.0% at round_cap = 8)" in " ".join(r.stdout.split())


@pytest.mark.parametrize("args, words", [
    (("--field", "vp", "--values", "1..3"), "--card"),
    (("--card", CARD, "--field", "colour", "--values", "1..3"), "unknown --field"),
    (("--card", CARD, "--field", "vp", "--values", "x"), "bad values"),
    (("--card", "Nobody", "--field", "vp", "--values", "1..3"), "unknown card"),
    (("--card", CARD, "--field", "strength_cost", "--values", "-3..1"), "bad override"),
    (("--card", CARD, "--field", "vp", "--values", "1..3", "--target", "x=1"), "bad target"),
    (("--card", CARD, "--field", "vp", "--values", "1..3", "--target", "win_rate=0.5"), "a card sweep measures"),
    (("--field", "round_cap", "--values", "30,40", "--target", "team_win_rate=0.5"), "a rules sweep in classic mode"),
    (("--field", "round_cap", "--values", "30,40", "--metric", "win_share_diff"), "--metric win_share_diff"),
])
def test_sweep_bad_input_is_one_line_with_exit_code_2(args, words, tmp_path):
    r = invoke("sweep", *args, "--out", tmp_path / "x")
    assert r.exit_code == 2 and words in r.output and len(r.output.strip().splitlines()) == 1, r.output
    assert not (tmp_path / "x").exists()
