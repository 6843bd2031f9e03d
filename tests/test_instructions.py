"""`seiya bench --instructions` (sim/perf/instructions.py), without running valgrind: the parser on
a callgrind out file, the environment of the child processes, the printed lines, the errors."""
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sim.cli.app import app
from sim.policy_catalog import DEFAULT_POLICY
from sim.perf import instructions as ins

# The layout of a real callgrind 3.19 out file (200 games, 2 players, value), cut short.
CALLGRIND_OUT = """\
# callgrind format
version: 1
creator: callgrind-3.19.0
pid: 9643
cmd:  .venv/bin/python -c import sim; r = sim.play(200, players=2, seed=12345, policies=('value',), events='none')
part: 1


desc: I1 cache: 
desc: D1 cache: 
desc: LL cache: 

desc: Timerange: Basic block 0 - 1027047181
desc: Trigger: Program termination

positions: line
events: Ir
summary: 157957905


ob=(124) /x/numba/_dispatcher.cpython-311-x86_64-linux-gnu.so
fl=(864) /io/numba/_dispatcher.cpp
fn=(154966) compile_and_invoke(Dispatcher*, _object*, _object*, _object*)
cfn=(174652) call_cfunc(Dispatcher*, _object*, _object*, _object*, _object*)
calls=1 560 
1222 157957905

fn=(174652)
560 12
+1 293

totals: 157957905
"""


def test_the_parser_reads_the_totals(tmp_path):
    path = tmp_path / "callgrind.out"
    path.write_text(CALLGRIND_OUT)
    assert ins.parse_callgrind(path) == 157957905


def test_the_parser_takes_the_ir_column_and_falls_back_on_the_summary(tmp_path):
    path = tmp_path / "callgrind.out"
    path.write_text("events: Dr Ir Dw\nsummary: 5 1234 7\nfn=(1) f\n1 5 1234 7\n")
    assert ins.parse_callgrind(path) == 1234
    path.write_text("events: Ir\nfn=(1) f\n")
    with pytest.raises(ins.InstructionsError, match="no totals"):
        ins.parse_callgrind(path)


@pytest.fixture
def fake_children(monkeypatch):
    """subprocess.run records each child (command, environment) and answers like the real one:
    under valgrind it writes CALLGRIND_OUT where asked and prints 8976 player-turns (and, counting
    decisions, 40,000 decisions before them)."""
    calls = []

    def run(cmd, env=None, **kwargs):
        calls.append((cmd, env))
        out = [a.split("=", 1)[1] for a in cmd if a.startswith("--callgrind-out-file=")]
        if out:
            Path(out[0]).write_text(CALLGRIND_OUT)
        counted = "40000 " if "GM_DECISIONS" in cmd[-1] else ""
        return subprocess.CompletedProcess(cmd, 0, stdout=f"{counted}8976\n" if out else "", stderr="")

    monkeypatch.setattr(ins.shutil, "which", lambda name: f"/usr/bin/{name}")
    monkeypatch.setattr(ins.subprocess, "run", run)
    return calls


def test_every_child_runs_with_the_pinned_target(fake_children, monkeypatch):
    monkeypatch.setenv("NUMBA_CPU_NAME", "znver5")  # the host's own name must not reach the children
    monkeypatch.setenv("SEIYA_SOMETHING", "kept")
    ins.warm_cache()
    assert ins.measure(2, "random", 200) == (157957905, 8976, 200)
    (warm, warm_env), (measured, measured_env) = fake_children
    for env in (warm_env, measured_env):
        assert env["NUMBA_CPU_NAME"] == "haswell" and env["SEIYA_SOMETHING"] == "kept"
        assert env["NUMBA_CACHE_DIR"] == os.environ["NUMBA_CACHE_DIR"] + "-haswell"  # not the host's folder
        assert env["NUMBA_CPU_FEATURES"] == ins.PINNED_TARGET["NUMBA_CPU_FEATURES"]
        assert "-avx512f" in env["NUMBA_CPU_FEATURES"].split(",")
    assert "valgrind" not in warm[0] and measured[0] == "/usr/bin/valgrind"
    assert "--collect-atstart=no" in measured and "--toggle-collect=*call_cfunc*" in measured
    code = measured[-1]
    assert "sim.play(200, players=2, seed=12345, policies=('random',), events='none')" in code
    out_file = next(a for a in measured if a.startswith("--callgrind-out-file=")).split("=", 1)[1]
    assert not Path(out_file).parent.exists()  # the temporary directory is removed


def test_a_failed_child_is_one_line_with_its_last_error(monkeypatch):
    monkeypatch.setattr(ins.subprocess, "run", lambda cmd, **kw: subprocess.CompletedProcess(
        cmd, 1, stdout="", stderr="Traceback ...\nValueError: unknown policy"))
    with pytest.raises(ins.InstructionsError, match="warm-up child failed: ValueError: unknown policy"):
        ins.warm_cache()


def invoke(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


def test_the_cli_prints_a_line_per_case(fake_children):
    r = invoke("bench", "--instructions", "--games", 200)
    assert r.exit_code == 0, r.output
    assert "instructions (callgrind, haswell target, 200 games each, seed 12345):" in r.stdout
    lines = [line for line in r.stdout.splitlines() if "per game" in line]
    default = DEFAULT_POLICY
    assert [re.match(r"\s+(\d players, \w+)", line).group(1) for line in lines] == [
        f"2 players, {default}", "2 players, random", f"4 players, {default}", "4 players, random"]
    assert lines[0] == f"  2 players, {default:<5}        17,598 per player-turn     789,790 per game"
    decided = [line for line in r.stdout.splitlines() if "per decision" in line and "players" in line]
    assert [re.match(r"\s+(\d players, \w+)", line).group(1) for line in decided] == [
        f"2 players, {default}", "2 players, random", "2 players, search",
        f"4 players, {default}", "4 players, random", "4 players, search"]
    # 157,957,905 instructions collected / 40,000 decisions; 40,000 / 8,976 player-turns; the
    # decisions' instructions are all the player-turn's here, as the fake counts the same
    assert decided[0] == f"  2 players, {default:<5}         3,949 per decision   4.5 decisions per player-turn  100% of the player-turn"
    assert decided[2].endswith("per player-turn")  # the search policy has no figure per player-turn to compare
    assert len(fake_children) == 12  # a warm-up, a valgrind run per case; the same counting decisions
    assert "games each, search 1):" in r.stdout  # the search policy plays 1/200 of the games


def test_decisions_are_counted_by_their_own_build_in_its_own_folder(fake_children):
    ins.warm_cache(decisions=True)
    assert ins.measure_decisions(4, "search", 10) == (157957905, 40000, 8976)
    (warm, warm_env), (measured, measured_env) = fake_children
    for env in (warm_env, measured_env):
        assert env["SEIYA_COUNT_DECISIONS"] == "1" and env["NUMBA_CPU_NAME"] == "haswell"
        assert env["NUMBA_CACHE_DIR"] == os.environ["NUMBA_CACHE_DIR"] + "-haswell-decisions"
    assert "--collect-atstart=no" in measured and not any(a.startswith("--toggle-collect") for a in measured)
    assert "game_config(players=4, seed=12345, policies=('search',))" in measured[-1]
    assert "c, 0, 10, LOG_NONE" in measured[-1]
    ins.warm_cache()
    assert fake_children[-1][1]["SEIYA_COUNT_DECISIONS"] == "0"  # a user's setting does not reach the plain build


def test_the_cli_defaults_to_200_games_for_instructions(fake_children):
    r = invoke("bench", "--instructions")
    assert r.exit_code == 0, r.output
    assert "200 games each" in r.stdout and "sim.play(200," in fake_children[4][0][-1]


def test_without_valgrind_the_cli_says_so_in_one_line_and_exits_2(monkeypatch):
    real_which = shutil.which
    monkeypatch.setattr(shutil, "which", lambda name, *a, **kw: None if name == "valgrind" else real_which(name, *a, **kw))
    monkeypatch.setattr(ins.subprocess, "run", lambda *a, **kw: pytest.fail("no child without valgrind"))
    r = invoke("bench", "--instructions")
    assert r.exit_code == 2
    assert "valgrind" in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr


def test_profile_and_instructions_together_are_refused():
    r = invoke("bench", "--instructions", "--profile")
    assert r.exit_code == 2 and "give one of them" in r.stderr
