"""Runs on disk: same data whatever the worker count and batch size, atomic files, honest manifest."""
import json
from sim.runs import folder as run_folder

import numpy as np
import pandas as pd
import pytest

import analysis
import sim
from sim.config import RunConfig
from sim.runs import runner
from sim.tools.run import Run

GAMES = 90


def _config(**kw):
    return RunConfig.build(games=GAMES, players=3, seed=4, **kw)


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("runs")
    pooled = runner.simulate_to_folder(_config(), root / "pooled", workers=2, batch_size=25)
    single = runner.simulate_to_folder(_config(), root / "single", workers=1, batch_size=GAMES)
    return Run(pooled), Run(single)


def _plain(df):
    return df.astype({c: str for c in df.columns if str(df[c].dtype) == "category"}).reset_index(drop=True)


def test_worker_count_and_batch_size_do_not_change_the_data(runs):
    pooled, single = runs
    direct = sim.play(GAMES, players=3, seed=4)
    for table in ("games", "players", "events", "decks"):
        pd.testing.assert_frame_equal(_plain(getattr(pooled, table)), _plain(getattr(single, table)))
        pd.testing.assert_frame_equal(_plain(getattr(pooled, table)), _plain(getattr(direct, table)),
                                      check_dtype=False)


def test_batch_files_read_back_as_played_with_plain_strings(runs):
    """Categorical columns are written as dictionaries but read back, batch after batch, as plain
    strings with every other column's dtype kept."""
    pooled, _ = runs
    direct = sim.play(GAMES, players=3, seed=4)
    for table in ("games", "players", "events", "decks"):
        back = run_folder.read_table(pooled.folder, table)
        assert not any(isinstance(t, pd.CategoricalDtype) for t in back.dtypes), table
        pd.testing.assert_frame_equal(back.reset_index(drop=True), _plain(getattr(direct, table)))


def test_parquet_columns_are_required_unless_they_have_missing_values(tmp_path):
    """A column without missing values is written as required (cheaper to write), one with them
    as optional; the integer columns of DELTA_COLUMNS are delta-encoded, the others dictionaries;
    all read back as they were."""
    import pyarrow.parquet as pq
    df = pd.DataFrame({"game": [0, 1, 2], "full": ["a", "b", "c"], "gaps": ["a", None, "c"],
                       "x": [1.0, float("nan"), 2.0], "kind": pd.Categorical(["p", "q", "p"]),
                       "a": np.array([3, -1, 2], np.int32), "b": ["not", "an", "int"]})
    path = tmp_path / "t.parquet"
    run_folder.write_parquet_atomic(df, path)
    schema = pq.read_schema(path)
    assert {f.name: f.nullable for f in schema} == {"game": False, "full": False, "gaps": True, "x": True,
                                                     "kind": False, "a": False, "b": False}
    group = pq.ParquetFile(path).metadata.row_group(0)
    delta = {group.column(i).path_in_schema for i in range(group.num_columns)
             if "DELTA_BINARY_PACKED" in group.column(i).encodings}
    assert delta == {"game", "a"}
    back = pd.read_parquet(path)
    pd.testing.assert_frame_equal(back, df.astype({"full": "str", "gaps": "str", "kind": "str", "b": "str"}))


def test_manifest_records_config_progress_and_engine(runs):
    pooled, _ = runs
    m = json.loads((pooled.folder / "manifest.json").read_text())
    assert m["status"] == "complete" and m["games_done"] == GAMES and m["games_planned"] == GAMES
    assert len(m["batches"]) == m["batches_planned"] == 4 and m["batch_size"] == 25
    assert m["config"]["players"] == 3 and m["config"]["seed"] == 4 and m["config"]["boxes"] == ["base"]
    assert m["cardset_hash"] == sim.games.get_engine().hash and m["engine"]["version"] == sim.__version__
    assert not list(pooled.folder.rglob(".*.tmp"))  # every file renamed into place
    assert len(list((pooled.folder / "events").glob("batch-*.parquet"))) == 4


def test_run_object_gives_tables_and_html(runs):
    pooled, _ = runs
    assert len(pooled.card_table()) == 90 and pooled.clock_table().loc["rounds", "median"] > 0
    assert set(pooled.hero_table()["hero"]) <= {"Seiya", "Shiryu", "Hyoga", "Shun", "Ikki"}
    assert pooled.seat_table()["player_games"].tolist() == [GAMES] * 3
    assert "tie rate" in pooled._repr_html_() and "90 of 90" in repr(pooled)
    pd.testing.assert_frame_equal(analysis.card_table(str(pooled.folder)), pooled.card_table())


def test_interrupted_run_keeps_finished_batches_only(tmp_path):
    def stop(done):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        runner.simulate_to_folder(_config(), tmp_path / "cut", workers=1, batch_size=30, on_progress=stop)
    run = Run(tmp_path / "cut")
    assert run.manifest["status"] == "interrupted" and run.manifest["games_done"] == 30
    assert run.games["game"].tolist() == list(range(30)) and set(run.players["game"]) == set(range(30))


def test_bad_config_leaves_no_folder(tmp_path):
    from sim.config import ConfigError
    for bad in (dict(players=7), dict(policies=("nope",)), dict(overrides={"Nobody.vp": 1}),
                dict(boxes=("atlantis",))):
        with pytest.raises(ConfigError):  # the config, or the run, refuses it
            runner.simulate_to_folder(RunConfig.build(games=10, **{"players": 2, **bad}), tmp_path / "never")
        assert not (tmp_path / "never").exists()


def test_output_folder_must_be_new_or_empty(tmp_path):
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "x").write_text("")
    with pytest.raises(run_folder.RunConfigError, match="not empty"):
        run_folder.prepare_folder(tmp_path / "full")


def test_simulate_api_returns_a_run(tmp_path):
    run = sim.simulate(40, players=2, seed=1, workers=1, out=tmp_path / "api",
                       overrides={"Taurus Aldebaran.strength_cost": 7})
    assert len(run.games) == 40 and run.config["overrides"] == {"Taurus Aldebaran.strength_cost": 7}
    assert run.cards.set_index("name").loc["Taurus Aldebaran", "strength_cost"] == 7
