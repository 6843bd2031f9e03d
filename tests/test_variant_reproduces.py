"""A worker process started with spawn, a local Dask cluster and `--resume` all reproduce the games
of a run made with a custom policy variant.

A variant (`sim.policy_catalog.variant`) is registered by name only in the process that made it;
the game config carries its weights whole, so a process that never saw it (a spawned worker, a
Dask worker, a resume in a fresh interpreter) must play it from the config alone.
"""
import functools
import importlib.util
import io
import json
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest
from pandas.testing import assert_frame_equal

from sim.config import RunConfig
from sim.games import play
from sim.policy_catalog import POLICIES, policy_by_name, variant
from sim.runs import executors, runner
from sim.runs import folder as run_folder

GAMES, BATCH = 60, 20  # 3 batches
NAME = "value_test_variant"  # registered in no other process
SORT = {"games": ["game"], "players": ["game", "seat"]}

needs_dask = pytest.mark.skipif(importlib.util.find_spec("distributed") is None,
                                reason="Dask is not installed (pip install '.[dask]')")


@pytest.fixture(scope="module")
def the_variant():
    """'value' with clearly other weights: VP only, no draw, no Strength or Cosmos, cost ignored."""
    p = variant("value", NAME, vp=3.0, strength=0.0, cosmos=0.0, draw=0.0, cost=0.0)
    yield p
    POLICIES.pop(NAME, None)


@pytest.fixture(scope="module")
def config(the_variant):
    return RunConfig.build(games=GAMES, players=2, seed=5, policies=(the_variant,))


def canonical(df: pd.DataFrame, table: str) -> pd.DataFrame:
    """A table as a run folder stores and reads it (Parquet: categoricals come back as strings),
    sorted by game (and seat)."""
    df = pd.read_parquet(io.BytesIO(run_folder.parquet_bytes(df)))
    return df.sort_values(SORT[table], kind="stable").reset_index(drop=True)


def folder_tables(folder) -> dict:
    return {t: canonical(run_folder.read_table(folder, t), t) for t in SORT}


@pytest.fixture(scope="module")
def reference(config) -> dict:
    """The games played in this process (sim.play), where the variant is registered."""
    res = play(GAMES, config=config.game())
    return {t: canonical(getattr(res, t), t) for t in SORT}


def assert_same_tables(tables, reference):
    for t in SORT:
        assert len(tables[t]) == len(reference[t]) > 0, t
        assert_frame_equal(tables[t], reference[t], obj=f"the {t} table")


def test_the_variant_plays_other_games_than_its_base(config, reference, the_variant):
    base = policy_by_name("value")
    assert the_variant.algorithm == base.algorithm and the_variant.weights != base.weights
    base_res = play(GAMES, config=config.game().with_changes(policies=(base,)))
    base_games = canonical(base_res.games, "games")
    assert list(base_games.columns) == list(reference["games"].columns)
    assert not base_games.equals(reference["games"])  # else the checks below could not fail
    assert set(reference["players"]["policy"]) == {NAME}


def test_the_manifest_stores_the_variants_full_weights(tmp_path, config, the_variant):
    folder = runner.simulate_to_folder(config.with_changes(games=BATCH), tmp_path / "run", workers=1)
    stored = json.loads((folder / run_folder.MANIFEST).read_text())["config"]["policies"]
    assert stored == [the_variant.model_dump(mode="json")]
    assert tuple(stored[0]["weights"]) == the_variant.weights and stored[0]["name"] == NAME
    assert run_folder.config_from_manifest(run_folder.read_manifest(folder)) == config.with_changes(games=BATCH)


def test_a_spawned_worker_process_reproduces_the_games(tmp_path, monkeypatch, config, reference):
    monkeypatch.setattr(executors, "make_executor",
                        functools.partial(executors.make_executor, start_method="spawn"))
    folder = runner.simulate_to_folder(config, tmp_path / "run", workers=2, batch_size=BATCH)
    m = run_folder.read_manifest(folder)
    assert m["status"] == "complete" and m["games_done"] == GAMES
    assert m["executor"] == {"kind": "processes", "workers": 2, "start_method": "spawn"}
    assert_same_tables(folder_tables(folder), reference)


def test_an_unknown_start_method_is_a_one_line_error():
    with pytest.raises(executors.ExecutorError, match="unknown start method 'thread'; allowed: .*spawn"):
        executors.make_executor(2, start_method="thread")


@needs_dask
def test_a_local_dask_cluster_reproduces_the_games(tmp_path, config, reference):
    folder = runner.simulate_to_folder(config, tmp_path / "run", batch_size=BATCH, cluster="local", workers=2)
    m = run_folder.read_manifest(folder)
    assert m["status"] == "complete" and m["executor"]["kind"] == "dask"
    assert_same_tables(folder_tables(folder), reference)


def test_resume_in_a_fresh_process_reproduces_the_games(tmp_path, config, reference):
    def stop(done):
        raise KeyboardInterrupt

    folder = tmp_path / "run"
    with pytest.raises(KeyboardInterrupt):
        runner.simulate_to_folder(config, folder, workers=1, batch_size=BATCH, on_progress=stop)
    m = run_folder.read_manifest(folder)
    assert m["status"] == "interrupted" and [b["index"] for b in m["batches"]] == [0]
    # A fresh interpreter: the variant is registered nowhere there; the manifest alone says what to play.
    code = ("import sys; from sim.policy_catalog import POLICIES; from sim.runs.runner import resume_run; "
            f"assert {NAME!r} not in POLICIES; resume_run(sys.argv[1], workers=1)")
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run([sys.executable, "-c", code, str(folder)], cwd=root, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    m = run_folder.read_manifest(folder)
    assert m["status"] == "complete" and [b["index"] for b in m["batches"]] == [0, 1, 2] and len(m["resumed"]) == 1
    assert_same_tables(folder_tables(folder), reference)
