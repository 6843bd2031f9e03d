"""Policy robustness: verdicts side by side, flips flagged, on planted tables and on real games."""

import numpy as np
import pandas as pd
import pytest
from typer.testing import CliRunner

import sim
from sim.cli.app import app

from sim.tools import robustness as R


def fake_verdicts(values):
    def f(run, fdr=0.05):
        v = np.array(values[run])
        return pd.DataFrame({"id": [1, 2, 3], "name": ["A", "B", "C"], "win_share_diff": v, "lo": v, "hi": v,
                             "q": 0.0, "verdict": np.where(v > 0, "above", np.where(v < 0, "below", "–")),
                             "acquisition_rate": 0.5})
    return f


def test_flips_differs_and_consistent(monkeypatch):
    monkeypatch.setattr(R, "card_verdicts", fake_verdicts({"p": [0.1, 0.1, 0.1], "q": [-0.1, 0.0, 0.2]}))
    rob = R.robustness_of({"p": "p", "q": "q"})
    assert dict(zip(rob.table["name"], rob.table["robustness"])) == {"A": "flips", "B": "differs", "C": "consistent"}
    assert list(rob.flagged()["name"]) == ["A", "B"]


def test_a_planted_card_is_above_under_every_policy():
    runs = {p: sim.play(300, seed=6, policies=p, overrides={"Taurus Aldebaran.vp": 30}) for p in ("value", "greedy")}
    rob = R.robustness_of(runs)
    row = rob.table.set_index("name").loc["Taurus Aldebaran"]
    assert row["verdict:value"] == "above" and row["verdict:greedy"] == "above" and row["robustness"] == "consistent"
    assert len(rob.figure().axes) == 1


def test_robustness_command(tmp_path):
    r = CliRunner().invoke(app, ["robustness", "--policies", "value,greedy", "--games", "150", "--workers", "1",
                                 "--out", str(tmp_path / "r")])
    assert r.exit_code == 0, r.output
    assert "Robustness(value, greedy" in r.stdout and (tmp_path / "r" / "tables" / "robustness.csv").exists()


@pytest.mark.parametrize("pols, words", [("value", "at least two"), ("value,nobody", "nobody")])
def test_robustness_bad_input(pols, words, tmp_path):
    r = CliRunner().invoke(app, ["robustness", "--policies", pols, "--out", str(tmp_path / "x")])
    assert r.exit_code == 2 and words in r.output and len(r.output.strip().splitlines()) == 1, r.output
