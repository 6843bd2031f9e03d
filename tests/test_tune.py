"""Fitting the heuristic's weights: the search space, common random numbers, reproducibility on
any number of workers, the policy file and its loading into the catalog, the command."""
import json

import numpy as np
import pytest
from typer.testing import CliRunner

import sim
from sim import policy_catalog as C
from sim.cli.app import app
from sim.engine.policies.weights import WEIGHT_NAMES
from sim.policy_catalog import policy_by_name
from sim.policy_files import PolicyFileError, policy_files, read_policy_file
from sim.tools import tune as T

TINY = dict(generations=2, population=4, games=10, validation_games=20)


@pytest.fixture
def catalog(monkeypatch):
    """The catalog as it is, restored after the test (policy files loaded in it are forgotten)."""
    monkeypatch.setattr(C, "POLICIES", dict(C.POLICIES))
    monkeypatch.setattr(C, "BROKEN", {})
    return C


def without_date(record: dict) -> str:
    record = json.loads(json.dumps(record))
    record["fitted"].pop("date")
    return json.dumps(record, sort_keys=True)


def test_the_search_starts_at_the_start_policy_and_leaves_the_switches():
    start = policy_by_name("clock")
    space = T.search_space(start)
    assert T.candidate(start, "c", np.zeros(len(T.TUNED)), space).weights == start.weights
    moved = T.candidate(start, "c", np.ones(len(T.TUNED)), space)
    kept = ("clock_aware", "upgrade", "plan", "rollouts", "horizon")  # switches, and the search's budget
    for name in kept:
        assert moved.weight(name) == start.weight(name)
    assert moved.weight("flame") == 2.0 + 2.0 and moved.weight("cost") == 0.15 + T.SCALE_FLOOR
    assert set(T.TUNED) | set(kept) == set(WEIGHT_NAMES)


def test_every_candidate_of_a_generation_plays_the_same_fresh_seeds(monkeypatch):
    calls = []
    real = T.play_matches

    def spy(config, matches, seeds, first_game, *args, **kw):
        calls.append((len(matches), seeds, first_game))
        return real(config, matches, seeds, first_game, *args, **kw)

    monkeypatch.setattr(T, "play_matches", spy)
    T.tune(panel=("value", "greedy"), **TINY)
    # one call per generation (4 candidates x 2 members on the same seeds), then the validation
    assert calls == [(8, 10, 0), (8, 10, 10), (2, 20, 20)]


def test_a_candidate_equal_to_a_panel_member_scores_one_half():
    """Both seats on the same deal: a policy against itself wins exactly half of every seed."""
    value = policy_by_name("value")
    s, capped = T.win_shares(sim.GameConfig.build(), [value], [value], 30, 0, None, None)
    assert s.shape == (1, 1, 30) and np.allclose(s, 0.5) and capped == 0.0


def test_a_fit_on_games_the_round_cap_stopped_says_so():
    fit = T.tune(config=sim.GameConfig.build(rules={"round_cap": 6}), **TINY)
    assert fit.capped.startswith("Some games (100.0% of the validation games) reached the 6-round cap")
    assert fit.record["fitted"]["objective"]["validation_capped_share"] == 1.0
    assert T.tune(**TINY).capped is None


def test_the_same_seed_gives_the_same_weights_bit_for_bit_on_any_number_of_workers():
    one = T.tune(seed=5, **TINY)
    again = T.tune(seed=5, **TINY)
    two = T.tune(seed=5, workers=2, **TINY)
    assert without_date(one.record) == without_date(again.record) == without_date(two.record)
    other = T.tune(seed=6, **TINY)
    assert other.policy.weights != one.policy.weights
    f = one.record["fitted"]
    assert f["start"] == "value" and f["panel"] == ["value", "greedy", "clock"] and f["population"] == 4
    assert f["optimizer"]["name"] == "CMA-ES" and f["version"] == sim.__version__ and len(f["history"]) == 2
    v = one.validation.set_index("opponent")
    assert list(v.index) == ["value", "greedy", "clock", "panel"] and (v["games"] == 40).all()
    assert (v["lo"] <= v["win_share"]).all() and (v["win_share"] <= v["hi"]).all()


def test_a_written_policy_file_loads_into_the_catalog_and_plays_by_name(tmp_path, catalog):
    fit = T.tune(name="mine", **TINY)
    path = fit.save(tmp_path)
    assert path.name == "mine.json" and read_policy_file(path).weight_vector() == fit.policy.weights
    catalog.load_policy_files(tmp_path)
    assert policy_by_name("mine").weights == fit.policy.weights and "mine" in catalog.describe_policies()
    res = sim.play(20, policies=("mine", "value"), seats="fixed")
    assert set(res.players["policy"].astype(str)) == {"mine", "value"}


def test_the_shipped_policy_files_load_and_beat_value_on_their_own_validation():
    files = policy_files()
    assert C.BROKEN == {} and all(f.stem in C.POLICIES for f in files)
    for f in files:
        fitted = read_policy_file(f).fitted
        if fitted and fitted.get("mode") == "coop":  # a team fit ships only if it raised the margin (CI above 0)
            v = {row["policy"]: row for row in fitted["objective"]["validation"]}
            assert v["change"]["margin_lo"] > 0
        elif fitted:  # a fit ships only if it beat value with a CI above 1/2
            v = {row["opponent"]: row for row in fitted["objective"]["validation"]}
            assert v["value"]["lo"] > 0.5


def good_file(**changes) -> dict:
    weights = dict(zip(WEIGHT_NAMES, policy_by_name("value").weights))
    return {"name": "broken", "description": "a test policy", "weights": weights, **changes}


@pytest.mark.parametrize("content, message", [
    ("{not json", "not valid JSON (line 1, column 2"),
    (good_file(weights={"vp": 1.0}), "field 'weights': weight 'strength' is missing"),
    (good_file(weights={**good_file()["weights"], "drw": 1.0}), "field 'weights': unknown weight 'drw' (did you mean 'draw'?)"),
    (good_file(weights={**good_file()["weights"], "vp": "lots"}), "field 'weights.vp': Input should be a valid number"),
    (good_file(algorithm="neural"), "field 'algorithm': unknown policy algorithm 'neural'; allowed: uniform, heuristic"),
    (good_file(colour="red"), "field 'colour': Extra inputs are not permitted"),
    (good_file(name="other"), "field 'name': 'other' is not the file's name; name the file other.json"),
])
def test_a_malformed_policy_file_is_named_with_its_field(tmp_path, catalog, content, message):
    path = tmp_path / "broken.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content))
    catalog.load_policy_files(tmp_path)
    with pytest.raises(PolicyFileError) as e:
        policy_by_name("broken")
    assert str(e.value).startswith(f"policy 'broken' cannot be loaded: {path}: ") and message in str(e.value)
    assert "broken" not in catalog.POLICIES


def test_a_policy_file_cannot_take_a_built_in_name(tmp_path, catalog):
    (tmp_path / "value.json").write_text(json.dumps(good_file(name="value")))
    catalog.load_policy_files(tmp_path)
    assert "is a built-in policy" in catalog.BROKEN["value"] and policy_by_name("value") is C.POLICIES["value"]


def test_the_commands_name_a_broken_policy_file_in_one_line(tmp_path, catalog):
    (tmp_path / "broken.json").write_text(json.dumps(good_file(weights={"vp": 1.0})))
    catalog.load_policy_files(tmp_path)
    r = CliRunner().invoke(app, ["simulate", "--policy", "broken", "--games", "10"])
    assert r.exit_code == 2 and len(r.stderr.strip().splitlines()) == 1
    assert "broken.json: field 'weights': weight 'strength' is missing" in r.stderr
    r = CliRunner().invoke(app, ["policies"])
    assert r.exit_code == 2 and "tuned (default)" in r.stdout and "broken.json: field 'weights'" in r.stderr


@pytest.mark.parametrize("kw, message", [
    (dict(start="random"), "has no weights to tune"),
    (dict(panel=()), "the panel needs at least one policy"),
    (dict(generations=0), "generations must be at least 1"),
    (dict(games=1), "games must be at least 2"),
    (dict(population=1), "the population must be at least 2"),
    (dict(name="clock"), "cannot name the fitted policy"),
    (dict(name="9lives"), "cannot name the fitted policy"),
])
def test_tune_refuses_bad_settings(kw, message):
    with pytest.raises(ValueError, match=message):
        T.tune(**{**TINY, **kw})


def test_tune_command_fits_writes_and_saves(tmp_path, monkeypatch, catalog):
    monkeypatch.setattr(T, "POLICY_DIR", tmp_path / "policies")
    out = tmp_path / "fit.json"
    r = CliRunner().invoke(app, ["tune", "--generations", "1", "--population", "3", "--games", "4",
                                 "--validation-games", "6", "--panel", "value,greedy", "--name", "t1",
                                 "--workers", "1", "--out", str(out), "--save"])
    assert r.exit_code == 0, r.output
    for words in ("Tuned(t1 from value", "Validation on fresh seeds", "panel", "Weights", "keep",
                  f"Policy file: {out}", "play it with --policy t1"):
        assert words in r.stdout
    assert read_policy_file(out).weights == read_policy_file(tmp_path / "policies" / "t1.json").weights
    r = CliRunner().invoke(app, ["tune", "--out", str(out)])
    assert r.exit_code == 2 and "already exists" in r.stderr


def test_a_coop_fit_raises_the_teams_margin_the_same_on_any_number_of_workers():
    cfg = sim.GameConfig.build(mode="coop", players=2, seed=3, boxes=("base", "asgard", "poseidon"))
    one = T.tune(start="tuned", config=cfg, name="team", **TINY)
    two = T.tune(start="tuned", config=cfg, name="team", workers=2, **TINY)
    assert without_date(one.record) == without_date(two.record)
    f = one.record["fitted"]
    assert f["mode"] == "coop" and f["panel"] == [] and "margin over Poseidon" in f["objective"]["what"]
    v = one.validation.set_index("policy")
    assert list(v.index) == ["start", "fitted", "change"] and list(v["name"]) == ["tuned", "team", ""]
    assert (v["games"] == 20).all() and (v["margin_lo"] <= v["margin"]).all() and (v["margin"] <= v["margin_hi"]).all()
    assert "margin" in repr(one)
    with pytest.raises(ValueError, match="co-op has no panel"):
        T.tune(start="tuned", panel=("value",), config=cfg, **TINY)


@pytest.mark.parametrize("args, message", [
    (["--mode", "coop", "--panel", "value"], "co-op has no --panel"),
    (["--start", "valeu"], "unknown policy 'valeu' (did you mean 'value'?)"),
    (["--panel", "value,nope"], "unknown policy 'nope'"),
    (["--start", "random"], "has no weights to tune"),
    (["--generations", "0"], "generations must be at least 1"),
    (["--players", "1"], "--players must be 2 to 5"),
])
def test_tune_command_refuses_bad_input_in_one_line(args, message):
    r = CliRunner().invoke(app, ["tune", *args])
    assert r.exit_code == 2 and message in r.stderr and len(r.stderr.strip().splitlines()) == 1
