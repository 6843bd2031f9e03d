"""--events full|summary|none decides which events table a run writes; the engine always logs the
summary the counters need, so a run without events table still has every report table."""
import pandas as pd
import pytest
from typer.testing import CliRunner

import analysis
import sim
from sim.config import RunConfig
from sim.runs import runner
from sim.cli.app import app

GAMES = 30


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("events")
    return {level: sim.simulate(GAMES, players=2, seed=5, workers=1, batch_size=10, events=level,
                                out=root / level) for level in ("summary", "none", "full")}


def test_no_events_writes_no_events_table(runs):
    none, summary = runs["none"], runs["summary"]
    assert none.config["events"] == "none" and not (none.folder / "events").exists()
    assert len(none.events) == 0 and list(none.events.columns) == list(summary.events.columns)
    for table in ("games", "players", "decks", "held"):
        pd.testing.assert_frame_equal(getattr(none, table), getattr(summary, table))
    assert len(none.hero_table()) and len(none.clock_table()) and none.summary()["games"] == str(GAMES)


def test_full_events_hold_the_summary_events_and_more(runs):
    full, summary = runs["full"], runs["summary"]
    pd.testing.assert_frame_equal(full.players, summary.players)
    assert len(full.events) > len(summary.events)
    assert set(summary.events["kind"].astype(str)) <= set(full.events["kind"].astype(str))


def test_a_run_without_events_table_has_every_table(runs):
    none, summary = runs["none"], runs["summary"]
    assert analysis.has_events(none) and analysis.has_events(summary)
    for table in ("card_table", "flames_by_round", "flame_removals", "hero_table"):
        pd.testing.assert_frame_equal(getattr(none, table)(), getattr(summary, table)())


@pytest.mark.parametrize("table, words", [("card_table", "no card table"), ("flames_by_round", "no flames-by-round"),
                                          ("flame_removals", "no flame-removals")])
def test_tables_that_need_events_say_an_in_memory_result_has_none(table, words):
    res = sim.play(3, events="none")
    with pytest.raises(analysis.NoEventsError, match=f"recorded no events.*{words}"):
        getattr(analysis, table)(res)
    assert not analysis.has_events(res) and analysis.has_events(sim.play(3))


def test_report_of_a_run_without_events_table(runs, tmp_path):
    path = runs["none"].report(tmp_path / "rep")
    md = (tmp_path / "rep" / "report.md").read_text()
    assert path.exists() and "Not available" not in md
    assert "**Events**: none\n" in md
    assert (tmp_path / "rep" / "figures" / "card_forest.png").exists()
    assert (tmp_path / "rep" / "tables" / "cards.csv").exists()
    summary = runs["summary"].report(tmp_path / "rep-summary").parent
    for name in ("cards", "flames_by_round", "flame_removals"):
        assert (tmp_path / "rep" / "tables" / f"{name}.csv").read_text() == (summary / "tables" / f"{name}.csv").read_text()


def test_cli_events_option(tmp_path):
    out = tmp_path / "run"
    r = CliRunner().invoke(app, ["simulate", "--games", 20, "--workers", 1, "--events", "none", "--out", str(out),
                                 "--report", "--worth-games", 0])
    assert r.exit_code == 0, r.output
    assert "Win share by seat" in r.stdout and (out / "report.html").exists()
    r = CliRunner().invoke(app, ["simulate", "--games", 20, "--events", "some", "--out", str(tmp_path / "x")])
    assert r.exit_code == 2 and "--events must be summary, full or none" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and not (tmp_path / "x").exists()


def test_resume_a_run_without_events(tmp_path, runs):
    def stop(done):
        raise KeyboardInterrupt

    config = RunConfig.build(games=GAMES, players=2, seed=5, events="none")
    with pytest.raises(KeyboardInterrupt):
        runner.simulate_to_folder(config, tmp_path / "cut", workers=1, batch_size=10, on_progress=stop)
    run = sim.resume(tmp_path / "cut", workers=1)
    assert run.manifest["status"] == "complete"
    pd.testing.assert_frame_equal(run.players, runs["none"].players)
