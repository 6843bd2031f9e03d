"""Determinism at scale: the same seed gives byte-identical tables with 1 or 2 worker processes, any
batch size, and on a Dask cluster (an existing one, given by its scheduler address, or a
LocalCluster started for the run). Dask is optional: the default path never imports it."""
import importlib.util
from sim.runs import folder as run_folder
import subprocess
import sys

import pandas as pd
import pytest
from typer.testing import CliRunner

from sim.runs.counters import run_counters
from sim.config import RunConfig
from sim.runs import runner
from sim.cli.app import app

GAMES = 60
SORT = {"games": ["game"], "players": ["game", "seat"], "events": ["game"], "decks": ["game", "seat", "card_id"],
        "held": ["game", "seat", "card_id"]}


def _config():
    return RunConfig.build(games=GAMES, players=3, seed=21)


def canonical(folder) -> dict:
    """Each table: every batch file of the folder concatenated, sorted by game (and seat), as
    Parquet bytes. Events keep their order within a game (a stable sort). And the run's counters."""
    out = {}
    for table, keys in SORT.items():
        parts = [pd.read_parquet(p) for p in sorted((folder / table).glob("batch-*.parquet"))]
        df = pd.concat(parts, ignore_index=True).sort_values(keys, kind="stable").reset_index(drop=True)
        out[table] = run_folder.parquet_bytes(df)
    out["counters"] = run_folder.parquet_bytes(run_counters(folder).frame)  # summed over the batches
    return out


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """Local process pool, 2 workers, 3 batches of 20."""
    folder = runner.simulate_to_folder(_config(), tmp_path_factory.mktemp("ref") / "run", workers=2, batch_size=20)
    return canonical(folder)


@pytest.mark.parametrize("workers, batch_size", [(1, 7), (1, 25), (2, 7), (2, 25)])
def test_same_seed_same_bytes_for_any_workers_and_batch_size(tmp_path, reference, workers, batch_size):
    folder = runner.simulate_to_folder(_config(), tmp_path / "run", workers=workers, batch_size=batch_size)
    assert run_folder.read_manifest(folder)["batches_planned"] == -(-GAMES // batch_size)
    assert canonical(folder) == reference


needs_dask = pytest.mark.skipif(importlib.util.find_spec("distributed") is None,
                                reason="Dask is not installed (pip install '.[dask]')")


@pytest.fixture(scope="module")
def dask_cluster():
    import logging

    import distributed
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None, silence_logs=logging.ERROR)
    yield cluster.scheduler_address
    cluster.close()


@needs_dask
@pytest.mark.parametrize("batch_size", [7, 20])
def test_dask_scheduler_gives_the_same_bytes(tmp_path, reference, dask_cluster, batch_size):
    folder = runner.simulate_to_folder(_config(), tmp_path / "run", batch_size=batch_size, scheduler=dask_cluster)
    m = run_folder.read_manifest(folder)
    assert m["status"] == "complete" and m["games_done"] == GAMES
    assert m["executor"] == {"kind": "dask", "workers": 2, "scheduler": dask_cluster}
    assert canonical(folder) == reference
    assert not list(folder.rglob(".*.tmp"))


@needs_dask
def test_interrupted_dask_run_resumes_on_dask(tmp_path, reference, dask_cluster):
    def stop(done):
        raise KeyboardInterrupt

    folder = tmp_path / "run"
    with pytest.raises(KeyboardInterrupt):
        runner.simulate_to_folder(_config(), folder, batch_size=10, scheduler=dask_cluster, on_progress=stop)
    m = run_folder.read_manifest(folder)
    assert m["status"] == "interrupted" and 1 <= m["batches_done"] < 6
    runner.resume_run(folder, scheduler=dask_cluster)
    assert run_folder.read_manifest(folder)["status"] == "complete" and canonical(folder) == reference


@needs_dask
def test_dask_scheduler_from_the_environment(tmp_path, reference, dask_cluster, monkeypatch):
    monkeypatch.setenv("DASK_SCHEDULER_ADDRESS", dask_cluster)
    folder = runner.simulate_to_folder(_config(), tmp_path / "run", batch_size=20)
    assert run_folder.read_manifest(folder)["executor"]["kind"] == "dask"
    assert canonical(folder) == reference


@needs_dask
def test_cli_cluster_local_gives_the_same_bytes(tmp_path, reference):
    out = tmp_path / "run"
    r = CliRunner().invoke(app, ["simulate", "--games", GAMES, "--players", 3, "--seed", 21, "--batch-size", 20,
                                 "--cluster", "local", "--workers", 2, "--out", str(out), "--quiet"])
    assert r.exit_code == 0, r.output
    m = run_folder.read_manifest(out)
    assert m["executor"] == {"kind": "dask", "workers": 2, "scheduler": "local cluster"}
    assert canonical(out) == reference


def test_dask_missing_is_a_one_line_error(tmp_path, monkeypatch):
    for name in [m for m in sys.modules if m == "distributed" or m.startswith("distributed.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` now fails
    for args in (["--cluster", "local"], ["--scheduler", "tcp://127.0.0.1:8786"]):
        r = CliRunner().invoke(app, ["simulate", "--games", 10, "--out", str(tmp_path / "run"), *args])
        assert r.exit_code == 2, r.output
        assert "Dask is not installed" in r.stderr and "pip install" in r.stderr
        assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.output
        assert not (tmp_path / "run").exists()


def test_bad_cluster_options(tmp_path):
    for args, words in ((["--cluster", "kubernetes"], "--cluster must be 'local'"),
                        (["--cluster", "local", "--scheduler", "tcp://h:1"], "not both")):
        r = CliRunner().invoke(app, ["simulate", "--games", 10, "--out", str(tmp_path / "run"), *args])
        assert r.exit_code == 2 and words in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_default_path_imports_no_dask():
    code = ("import sys, sim, sim.cli, sim.runs.runner, sim.runs.executors; "
            "sys.exit(any(m.split('.')[0] in ('dask', 'distributed') for m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0
