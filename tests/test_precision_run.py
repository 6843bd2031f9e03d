"""`seiya simulate --precision`: batches are added on the next game indices until the metric's CI
half-width reaches the target or --max-games is played; the summary and the manifest say which."""
import json

import pandas as pd
from typer.testing import CliRunner

import sim
from analysis.balance import run_summary
from analysis.precision import run_half_widths
from sim.cli.app import app
from sim.config import RunConfig
from sim.runs.runner import extend_run, simulate_to_folder

runner = CliRunner()


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


def test_a_loose_target_is_reached(tmp_path):
    out = tmp_path / "run"
    r = invoke("simulate", "-n", 40, "--batch-size", 20, "-w", 1, "-o", out, "--precision", 0.2,
               "--metric", "first_player_advantage", "--max-games", 400)
    assert r.exit_code == 0, r.output
    m = json.loads((out / "manifest.json").read_text())["precision"]
    assert m["reached"] and m["stopped_by"] == "target" and m["half_width"] <= 0.2
    assert "precision target ±0.2 reached after" in r.stdout


def test_an_impossible_target_stops_at_the_budget_and_equals_one_run(tmp_path):
    out = tmp_path / "run"
    r = invoke("simulate", "-n", 30, "--batch-size", 20, "-w", 1, "-o", out, "--seed", 4, "--precision", 0.0001,
               "--metric", "rounds", "--max-games", 90)
    assert r.exit_code == 0, r.output
    man = json.loads((out / "manifest.json").read_text())
    assert man["precision"]["reached"] is False and man["precision"]["stopped_by"] == "max_games"
    assert man["games_done"] == man["config"]["games"] == 90 and man["status"] == "complete"
    assert "game budget of 90 reached" in r.stdout
    assert "not reached (budget 90)" in run_summary(sim.Run(out))["precision"]
    run = sim.Run(out)
    assert run.games["game"].tolist() == list(range(90))
    one = sim.play(90, seed=4).games
    pd.testing.assert_frame_equal(run.games.reset_index(drop=True)[["game", "rounds", "player_turns"]],
                                  one[["game", "rounds", "player_turns"]], check_dtype=False)
    assert set(run_half_widths(run, ["rounds", "tie_rate", "first_player_advantage"])) == \
        {"rounds", "tie_rate", "first_player_advantage"}


def test_extend_run_then_resume_keeps_the_plan(tmp_path):
    folder = simulate_to_folder(RunConfig(games=25, seed=2), tmp_path / "r", workers=1, batch_size=10)
    extend_run(folder, 12, workers=1)
    m = json.loads((folder / "manifest.json").read_text())
    assert m["plan"] == [[0, 0, 10], [1, 10, 10], [2, 20, 5], [3, 25, 10], [4, 35, 2]]
    assert m["games_done"] == 37 and m["status"] == "complete"


def test_bad_precision_options_are_one_line_errors():
    for args in (["--precision", 0.01, "--metric", "colour"], ["--precision", 2, "--metric", "tie_rate"],
                 ["--precision", 0], ["--max-games", 10], ["-n", 50, "--precision", 0.1, "--max-games", 10]):
        r = invoke("simulate", *args)
        assert r.exit_code == 2 and r.output.startswith("Error: ") and len(r.output.strip().splitlines()) == 1, r.output


def test_manifest_config_keeps_seats(tmp_path):
    from sim.runs.folder import config_from_manifest, read_manifest
    folder = simulate_to_folder(RunConfig(games=4, seed=1, policies=("value", "greedy"), seats="fixed"),
                                tmp_path / "r", workers=1)
    assert config_from_manifest(read_manifest(folder)).seats == "fixed"
