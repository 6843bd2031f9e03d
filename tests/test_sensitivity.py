"""Estimate sensitivity: the same games on several Hades estimates, each conclusion compared."""

import numpy as np
import pytest
from typer.testing import CliRunner

import sim
from sim.cards import hades_estimates as H
from sim.cli.app import app
from sim.tools import sensitivity as S

BOXES = ("base", "asgard", "poseidon", "hades")


@pytest.fixture(scope="module")
def sens(tmp_path_factory):
    return sim.sensitivity(seeds=(2,), games=80, boxes=BOXES, estimates_dir=tmp_path_factory.mktemp("estimates"))


def test_every_conclusion_is_compared_on_the_same_games(sens):
    t = sens.conclusions.set_index("metric")
    assert list(t.index) == list(S.METRICS["classic"] + S.HADES_METRICS)
    assert set(t["verdict"]) <= {"holds", "moves"} and list(sens.estimates) == ["method", "seed 2"]
    method, other = sens.runs["method"], sens.runs["seed 2"]
    assert list(method.games["game"]) == list(other.games["game"])  # the same game indices
    assert t.loc["rounds", "method"] == pytest.approx(method.games["rounds"].mean())
    assert t.loc["rounds", "seed 2"] == pytest.approx(other.games["rounds"].mean())
    souls = method.players.groupby("game")["souls"].mean().mean()
    assert t.loc["souls", "method"] == pytest.approx(souls)
    c = sens.changes.set_index("metric")
    assert c.loc["rounds", "delta"] == pytest.approx(other.games["rounds"].mean() - method.games["rounds"].mean())
    assert (c["lo"] <= c["delta"]).all() and (c["delta"] <= c["hi"]).all()
    assert t.loc["rounds", "relative_change"] == pytest.approx(c.loc["rounds", "delta"] / t.loc["rounds", "method"])
    assert np.isnan(t.loc["clock_end_share", "relative_change"])  # a share's change is said in points


def test_the_estimates_are_the_methods_files(sens):
    path, digest = sens.estimates["seed 2"]
    assert digest == H.estimate_hash(path) and digest != sens.estimates["method"][1]
    assert path.read_text(encoding="utf-8") == H.render(H.CLASSIC_FILE, H.build(2)[H.CLASSIC_FILE], 2)


def test_the_card_verdicts_mark_the_estimated_cards(sens):
    t = sens.cards.table.set_index("name")
    assert t.loc["Taurus Aldebaran", "estimated"] == False  # noqa: E712 (a numpy bool)
    assert t["estimated"].sum() > 100 and {"verdict:method", "verdict:seed 2", "robustness"} <= set(t.columns)
    summary = sens.card_summary().set_index("cards")
    assert summary.to_numpy().sum() == len(t) and set(summary.index) == {"estimated", "real"}


def test_a_real_change_moves_and_no_change_holds():
    none = sim.play(150, seed=3, boxes=BOXES)
    capped = sim.play(150, seed=3, boxes=BOXES, rules={"round_cap": 12})
    same, _ = S.compare_estimates({S.METHOD: none, "seed 9": none}, "classic")
    assert (same["verdict"] == "holds").all() and np.allclose(same["largest_change"], 0)
    moved, changes = S.compare_estimates({S.METHOD: none, "seed 9": capped}, "classic")
    row = moved.set_index("metric").loc["rounds"]
    assert row["verdict"] == "moves" and row["largest_change"] < -10 and row["on"] == "seed 9"
    assert changes.set_index("metric").loc["rounds", "q"] <= 0.05


@pytest.mark.parametrize("kwargs, words", [
    ({"seeds": (2,), "boxes": ("base", "asgard")}, "needs the Hades box"),
    ({"seeds": (2, 2)}, "different estimate seeds"),
    ({"seeds": (2,), "mode": "coop"}, "classic game and the Duel"),
    ({"seeds": (2,), "config": sim.GameConfig.build(boxes=BOXES, cardset="cardsets/hades-estimated.toml")},
     "card file of your own"),
])
def test_what_it_refuses(kwargs, words):
    with pytest.raises(ValueError, match=words):
        sim.sensitivity(games=2, **kwargs)


def test_the_duel(tmp_path):
    sens = sim.sensitivity(seeds=(3,), games=60, mode="duel", boxes=BOXES, estimates_dir=tmp_path)
    assert list(sens.conclusions["metric"]) == list(S.METRICS["duel"] + S.HADES_METRICS)
    assert (sens.runs["seed 3"].games["altar"].notna()).all()
    players = sens.runs["method"].players
    edge = (players.loc[players["hero"] == "Renegades", "win_share"].sum()
            - players.loc[players["hero"] == "Gold Saints", "win_share"].sum()) / 60
    assert sens.conclusions.set_index("metric").loc["seat_edge", "method"] == pytest.approx(edge)


def test_the_command_writes_its_report_and_the_estimates(tmp_path):
    out = tmp_path / "s"
    r = CliRunner().invoke(app, ["sensitivity", "--estimates", "2", "--games", "60", "--workers", "1", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "Sensitivity(method, seed 2" in r.stdout and "Card verdicts on every estimate" in r.stdout
    for name in ("report.html", "report.md", "tables/conclusions.csv", "tables/changes.csv", "tables/card_verdicts.csv",
                 "figures/conclusions.png", "figures/cards.png", "estimates/seed-2/hades-estimated.toml"):
        assert (out / name).exists(), name
    md = (out / "report.md").read_text(encoding="utf-8")
    assert "ESTIMATED HADES CARDS" in md and H.estimate_hash(out / "estimates/seed-2/hades-estimated.toml") in md


@pytest.mark.parametrize("args, words", [
    (["--estimates", "x"], "--estimates takes seeds"),
    (["--estimates", "1"], "seed 1"),  # the method refuses that seed's estimate
    (["--boxes", "base,asgard"], "--boxes must include hades"),
    (["--mode", "solo"], "--mode must be classic or duel"),
])
def test_the_command_says_what_is_wrong_and_writes_nothing(tmp_path, args, words):
    out = tmp_path / "s"
    r = CliRunner().invoke(app, ["sensitivity", *args, "--games", "5", "--out", str(out)])
    assert r.exit_code == 2 and words in r.output and not out.exists()
