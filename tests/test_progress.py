"""What a run shows while it works: the compile only when the kernels are not cached, then a
progress bar whose rate and time left are the play's own (not the compile's, not an earlier
session's)."""
import io

import pytest
import typer
from rich.console import Console
from typer.testing import CliRunner

import sim
from sim.cli import progress
from sim.cli.app import app
from sim.config import GameConfig


class Clock:
    def __init__(self):
        self.t = 1000.0

    def __call__(self):
        return self.t


def _progress(monkeypatch, cached: bool, total: int, done: int = 0, terminal: bool = True):
    clock = Clock()
    monkeypatch.setattr(progress, "monotonic", clock)
    monkeypatch.setattr(progress, "engine_cached", lambda: cached)
    out = io.StringIO()
    console = Console(file=out, force_terminal=terminal, width=120)
    return progress.RunProgress(console, total, done), clock, out


def test_the_rate_and_time_left_leave_out_the_compile_and_an_earlier_sessions_games(monkeypatch):
    p, clock, _ = _progress(monkeypatch, cached=False, total=10_000, done=4_000)  # a resumed run
    assert p.compiling and "Compiling the engine" in p.waiting.what
    clock.t += 90  # compiling
    p.started(4_000)
    assert p.rate() is None and p.left() is None  # nothing played yet in this session
    clock.t += 2
    p.advance(5_000)
    assert p.rate() == 500 and p.left() == 10
    clock.t += 4  # between batches the time left counts down; the rate holds
    assert p.rate() == 500 and p.left() == 6
    clock.t += 2
    p.advance(6_000)
    assert p.rate() == 250 and p.left() == 16


def test_a_warm_start_says_nothing_of_compiling(monkeypatch):
    p, clock, out = _progress(monkeypatch, cached=True, total=100)
    assert not p.compiling and p.waiting.what == progress.STARTING
    p.started(0)
    p.advance(100)
    assert "ompil" not in out.getvalue()


def test_plain_lines_when_stderr_is_not_a_terminal(monkeypatch):
    p, clock, out = _progress(monkeypatch, cached=False, total=300, terminal=False)
    clock.t += 60
    p.started(0)
    clock.t += 1
    p.advance(100)   # under 10 s since the last line: no line
    clock.t += 10
    p.advance(200)
    clock.t += 1
    p.advance(300)   # the last one always
    lines = out.getvalue().splitlines()
    assert lines[0] == "Engine compiled in 60 s (cached: later runs start in seconds)"
    assert lines[1:] == ["Simulating: 0/300 games, – games/s, 0:00:00, left –",
                         "Simulating: 200/300 games, 18 games/s, 0:00:11, left 0:00:05",
                         "Simulating: 300/300 games, 25 games/s, 0:00:12, left 0:00:00"]


def test_seiya_simulate_shows_its_progress_and_no_compiling_once_cached(tmp_path):
    sim.play(1)  # the kernels are cached
    r = CliRunner().invoke(app, ["simulate", "--games", "60", "--workers", "1", "--out", str(tmp_path / "run")])
    assert r.exit_code == 0, r.output
    assert "Simulating: 60/60 games" in r.stderr and "ompil" not in r.stderr


def test_a_tool_shows_the_compile_in_plain_lines_off_a_terminal(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(progress, "monotonic", clock)
    out = io.StringIO()
    with progress.working("Compiling the engine", Console(file=out, force_terminal=False)):
        clock.t += 75
    assert out.getvalue().splitlines() == ["Compiling the engine...", "Compiling the engine: done in 75 s"]


def test_a_tool_says_nothing_when_the_kernels_are_cached(monkeypatch):
    monkeypatch.setattr(progress, "engine_cached", lambda: True)
    out = io.StringIO()
    progress.compile_engine(GameConfig(), Console(file=out))
    assert out.getvalue() == ""


def test_a_card_set_the_engine_cannot_play_is_refused_in_one_line_before_the_compile(monkeypatch, capsys, tmp_path):
    """A designer's card with a printed effect and no program."""
    monkeypatch.setattr(progress, "engine_cached", lambda: False)
    monkeypatch.setattr(progress, "working", None)  # reaching the compile would fail differently
    mine = tmp_path / "mine.toml"
    mine.write_text('box = "base"\n\n[[card]]\nid = 900\nname = "Unplayed"\nclasses = ["silver_saint"]\nrank = ["uncommon"]\n'
                    'copies = 1\nstart = "reserve"\nstrength_cost = 3\ncosmos_cost = 0\nstrength = 1\nheal = 0\n'
                    'cosmos = 0\nvp = 1\ntext = "Engagement: draw 1."\n', encoding="utf-8")
    with pytest.raises(typer.Exit):
        progress.compile_engine(GameConfig(cardset=str(mine)), Console(file=io.StringIO()))
    err = capsys.readouterr().err
    assert err.startswith("Error: cards whose effect the engine does not apply: ") and err.count("\n") == 1
