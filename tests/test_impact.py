"""Card impact: removing a card (copies = 0, same seeds) and its effect on length and balance."""
import pytest
from typer.testing import CliRunner

import sim
from sim.cli.app import app


def invoke(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


@pytest.fixture(scope="module")
def imp():
    return sim.impact(["Taurus Aldebaran", "Gemini Saga", "Lizard Misty"], games=300, seed=2)


def test_removing_a_flame_card_lengthens_the_game(imp):
    """Gold Saints carry the flames: without one, the Clock loses a way to burn down."""
    w = imp.wide().set_index("name")
    assert w.loc["Taurus Aldebaran", "delta_rounds"] > 0 and w.loc["Taurus Aldebaran", "lo_rounds"] > 0
    assert set(imp.table["metric"]) >= {"rounds", "first_player_advantage", "hero_imbalance"}
    t = imp.table
    assert (t["lo"] <= t["delta"]).all() and (t["delta"] <= t["hi"]).all()
    assert (t.groupby("metric")["with_card"].nunique() == 1).all()  # one baseline arm for every card


def test_impact_report_and_figure(imp, tmp_path):
    assert len(imp.figure("rounds").axes) == 1
    assert imp.report(tmp_path / "i").exists() and (tmp_path / "i" / "tables" / "impact.csv").exists()


def test_impact_command(tmp_path):
    r = invoke("impact", "--cards", "Lizard Misty", "--games", 120, "--workers", 1, "--out", tmp_path / "i")
    assert r.exit_code == 0, r.output
    assert "Lizard Misty" in r.stdout and (tmp_path / "i" / "report.html").exists()


@pytest.mark.parametrize("args, words", [
    (("--cards", "Nobody"), "unknown card"),
    (("--cards", "Pegasus Seiya (civilian)"), "not a reserve card"),
    (("--fdr", 2), "--fdr"),
])
def test_impact_bad_input(args, words, tmp_path):
    r = invoke("impact", *args, "--out", tmp_path / "x")
    assert r.exit_code == 2 and words in r.output and len(r.output.strip().splitlines()) == 1, r.output
    assert not (tmp_path / "x").exists()
