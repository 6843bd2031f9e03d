"""Long runs: Ctrl-C or a failing batch keeps every finished batch, the manifest says what is done,
a failed batch is retried once, and resuming gives exactly the tables of an uninterrupted run."""
import json
from sim.runs import folder as run_folder
import os

import pytest
from typer.testing import CliRunner

import sim
from sim.config import RunConfig
from sim.runs import batches, runner
from sim.cli.app import app

GAMES, BATCH = 80, 20  # 4 batches


def _config():
    return RunConfig.build(games=GAMES, players=2, seed=11)


def batch_bytes(folder) -> dict:
    """Every batch file of every table and of the counters, as bytes (the run's data, byte for byte)."""
    return {str(p.relative_to(folder)): p.read_bytes()
            for t in run_folder.TABLES + (run_folder.COUNTERS,) for p in sorted((folder / t).glob("batch-*.parquet"))}


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    return runner.simulate_to_folder(_config(), tmp_path_factory.mktemp("ref") / "run", workers=1, batch_size=BATCH)


def assert_same_run(folder, reference):
    m = run_folder.read_manifest(folder)
    assert m["status"] == "complete" and m["games_done"] == GAMES and m["batches_done"] == 4
    assert [b["index"] for b in m["batches"]] == [0, 1, 2, 3]
    assert batch_bytes(folder) == batch_bytes(reference)
    for table in run_folder.TABLES:
        assert run_folder.read_table(folder, table).equals(run_folder.read_table(reference, table))
    assert not list(folder.rglob(".*.tmp"))


def test_resume_after_ctrl_c_plays_only_the_missing_batches(tmp_path, reference):
    def stop_after_two(done):
        if done >= 2 * BATCH:
            raise KeyboardInterrupt

    folder = tmp_path / "cut"
    with pytest.raises(KeyboardInterrupt):
        runner.simulate_to_folder(_config(), folder, workers=1, batch_size=BATCH, on_progress=stop_after_two)
    m = run_folder.read_manifest(folder)
    assert m["status"] == "interrupted" and m["games_done"] == 2 * BATCH
    assert [b["index"] for b in m["batches"]] == [0, 1] and m["batches_planned"] == 4
    played, started = [], []
    runner.resume_run(folder, workers=2, on_progress=played.append, on_start=started.append)
    assert started == [2 * BATCH]  # the play began from the games already done
    assert played == [3 * BATCH, 4 * BATCH]  # two batches played, not four
    assert_same_run(folder, reference)
    assert len(run_folder.read_manifest(folder)["resumed"]) == 1


def test_resume_replays_a_batch_missing_from_the_manifest(tmp_path, reference):
    folder = runner.simulate_to_folder(_config(), tmp_path / "run", workers=1, batch_size=BATCH)
    m = run_folder.read_manifest(folder)
    m["batches"] = [b for b in m["batches"] if b["index"] != 2]
    m["games_done"] -= BATCH
    m["status"] = "interrupted"
    (folder / "manifest.json").write_text(json.dumps(m))
    (folder / "games" / run_folder.batch_name(2)).unlink()  # as if it was never written
    (folder / "players" / ".batch-00002.parquet.tmp").write_bytes(b"half-written")
    run = sim.resume(folder, workers=1)
    assert_same_run(folder, reference)
    assert len(run.games) == GAMES and run.games["game"].tolist() == list(range(GAMES))


def test_resume_of_a_complete_run_changes_nothing(reference):
    before = batch_bytes(reference)
    runner.resume_run(reference)
    assert batch_bytes(reference) == before and run_folder.read_manifest(reference)["status"] == "complete"


def _fail_once(marker_dir, index, crash=False):
    """A _before_batch hook: batch `index` fails (or its worker dies) the first time only. The
    marker file makes 'first time' hold across worker processes."""
    def hook(i):
        marker = marker_dir / f"failed-{i}"
        if i == index and not marker.exists():
            marker.write_text("")
            if crash:
                os._exit(3)
            raise RuntimeError("injected failure")
    return hook


@pytest.mark.parametrize("workers", [1, 2])
def test_a_batch_that_fails_once_is_retried(tmp_path, reference, monkeypatch, workers):
    monkeypatch.setattr(batches, "_before_batch", _fail_once(tmp_path, 1))
    notices = []
    folder = runner.simulate_to_folder(_config(), tmp_path / "run", workers=workers, batch_size=BATCH,
                                       notice=notices.append)
    assert (tmp_path / "failed-1").exists()
    assert notices == ["batch 1 (games 20-39) failed (RuntimeError: injected failure); retrying it once"]
    assert_same_run(folder, reference)


def test_a_dead_worker_process_is_replaced_and_its_batch_retried(tmp_path, reference, monkeypatch):
    monkeypatch.setattr(batches, "_before_batch", _fail_once(tmp_path, 2, crash=True))
    notices = []
    folder = runner.simulate_to_folder(_config(), tmp_path / "run", workers=2, batch_size=BATCH,
                                       notice=notices.append)
    assert any("batch 2 (games 40-59) failed (BrokenProcessPool" in n for n in notices)
    assert_same_run(folder, reference)


def test_a_batch_that_fails_twice_fails_the_run_and_resume_finishes_it(tmp_path, reference, monkeypatch):
    def always(i):
        if i == 3:
            raise ValueError("broken batch\nsecond line")

    monkeypatch.setattr(batches, "_before_batch", always)
    folder = tmp_path / "run"
    with pytest.raises(runner.RunFailed) as err:
        runner.simulate_to_folder(_config(), folder, workers=1, batch_size=BATCH)
    assert "\n" not in str(err.value)
    assert str(err.value).startswith("batch 3 (games 60-79) failed twice (ValueError: broken batch)")
    m = run_folder.read_manifest(folder)
    assert m["status"] == "failed" and m["error"] == str(err.value)
    assert [b["index"] for b in m["batches"]] == [0, 1, 2] and m["games_done"] == 3 * BATCH
    monkeypatch.setattr(batches, "_before_batch", None)
    runner.resume_run(folder, workers=1)
    assert_same_run(folder, reference)
    assert run_folder.read_manifest(folder)["error"] is None


def test_resume_refuses_a_changed_card_set(tmp_path, reference):
    folder = runner.simulate_to_folder(_config(), tmp_path / "run", workers=1, batch_size=GAMES)
    m = run_folder.read_manifest(folder)
    m["cardset_hash"] = "0" * 12
    m["status"] = "interrupted"
    (folder / "manifest.json").write_text(json.dumps(m))
    with pytest.raises(run_folder.RunConfigError, match="the cards changed since the run began"):
        runner.resume_run(folder)


# --- The command line ----------------------------------------------------------------------------
cli = CliRunner()


def invoke(*args):
    return cli.invoke(app, [str(a) for a in args])


def test_cli_resume_finishes_an_interrupted_run(tmp_path, reference):
    folder = tmp_path / "cut"
    with pytest.raises(KeyboardInterrupt):
        runner.simulate_to_folder(_config(), folder, workers=1, batch_size=BATCH,
                                  on_progress=lambda done: (_ for _ in ()).throw(KeyboardInterrupt()))
    r = invoke("simulate", "--resume", folder, "--workers", 1, "--quiet")
    assert r.exit_code == 0, r.output
    assert f"Run folder: {folder}" in r.stdout
    assert_same_run(folder, reference)


def test_cli_resume_refuses_game_options_and_non_runs(tmp_path, reference):
    r = invoke("simulate", "--resume", reference, "--games", 5, "--seed", 2)
    assert r.exit_code == 2 and "drop --games, --seed" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    r = invoke("simulate", "--resume", tmp_path)
    assert r.exit_code == 2 and "not a run folder" in r.stderr and "Traceback" not in r.output


def test_cli_failed_run_is_one_line_exit_2(tmp_path, monkeypatch):
    def always(i):
        if i == 1:
            raise RuntimeError("boom")

    monkeypatch.setattr(batches, "_before_batch", always)
    folder = tmp_path / "run"
    r = invoke("simulate", "--games", 40, "--batch-size", 20, "--workers", 1, "--out", folder, "--quiet")
    assert r.exit_code == 2, r.output
    assert "batch 1 (games 20-39) failed twice (RuntimeError: boom)" in r.stderr
    assert f"--resume {folder}" in r.stderr and "Traceback" not in r.output
    errors = [line for line in r.stderr.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and run_folder.read_manifest(folder)["status"] == "failed"


@pytest.mark.parametrize("sig", ["SIGINT", "SIGTERM"])
def test_a_real_ctrl_c_or_sigterm_stops_the_pool_and_keeps_finished_batches(tmp_path, sig):
    """`seiya simulate` with 2 worker processes, stopped by a signal once some batches are done."""
    import signal
    import subprocess
    import sys
    import time
    out = tmp_path / "run"
    cmd = [sys.executable, "-m", "sim.cli.app", "simulate", "--games", "50000", "--batch-size", "100",
           "--workers", "2", "--out", str(out), "--quiet"]
    p = subprocess.Popen(cmd, start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.time() + 120
    while time.time() < deadline and p.poll() is None:
        try:
            if run_folder.read_manifest(out)["batches_done"] >= 2:
                break
        except (run_folder.RunConfigError, ValueError):  # not written yet
            pass
        time.sleep(0.2)
    os.killpg(p.pid, getattr(signal, sig))
    _, err = p.communicate(timeout=60)
    assert p.returncode == 130, err
    assert "Interrupted: the finished batches are kept" in err and f"--resume {out}" in err
    assert "Traceback" not in err
    m = run_folder.read_manifest(out)
    assert m["status"] == "interrupted" and 2 <= m["batches_done"] < m["batches_planned"] == 500
    assert m["games_done"] == 100 * m["batches_done"]
    for t in run_folder.TABLES:
        assert len(run_folder.read_table(out, t)) > 0
    assert sorted(run_folder.read_table(out, "games")["game"]) == sorted(
        g for b in m["batches"] for g in range(b["first_game"], b["first_game"] + b["games"]))


def test_resume_refuses_a_run_still_being_played(tmp_path, reference):
    import subprocess
    import sys
    folder = runner.simulate_to_folder(_config(), tmp_path / "run", workers=1, batch_size=GAMES)
    m = run_folder.read_manifest(folder)
    assert m["pid"] and m["host"]
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        m.update(status="running", pid=other.pid)
        (folder / "manifest.json").write_text(json.dumps(m))
        with pytest.raises(run_folder.RunConfigError, match="still being played"):
            runner.resume_run(folder)
    finally:
        other.kill()
        other.wait()
    runner.resume_run(folder)  # the process is gone: a crashed run, resumable
    assert run_folder.read_manifest(folder)["status"] == "complete"
