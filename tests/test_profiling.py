"""`seiya bench --profile`: perf samples laid onto the engine's functions."""
import shutil
import subprocess
import tempfile

import pytest
from typer.testing import CliRunner

from sim.perf import profiling
from sim.cli.app import app


def test_engine_symbols_are_named_by_module_and_function():
    sym = "_ZN3sim6engine8policies9heuristic13choose_actionB3v89B40c8tJTIeFIjxB2IKSgI4CrvQClQZ6FcpCShpgEU0AE1227GameState"
    assert profiling.engine_function(sym) == ("heuristic", "choose_action")
    assert profiling.engine_function("_ZN7cpython3sim6engine5modes7classic10play_batchB2v1B40c8t") == ("classic", "play_batch")
    assert profiling.engine_function("_ZN8analysis6market5stays") is None
    assert profiling.engine_function("[unknown]") is None
    assert profiling.category("zones", "log_event") == "event logging"
    assert profiling.category("zones", "move_to") == "moving and drawing cards"
    assert profiling.category("rng", "randint") == "shuffles and random numbers"


def _perf_samples() -> bool:
    if shutil.which("perf") is None or shutil.which("nm") is None:
        return False
    with tempfile.TemporaryDirectory() as tmp:
        r = subprocess.run(["perf", "record", "-q", "-e", "cpu-clock", "-o", f"{tmp}/perf.data", "--", "true"],
                           capture_output=True)
    return r.returncode == 0


@pytest.mark.skipif(not _perf_samples(), reason="Linux perf cannot sample on this machine")
def test_profile_attributes_the_games_to_the_engine():
    functions, categories, info = profiling.profile(2, "value", 2000)
    assert info["games"] == 2000 and info["player_turns"] > 2000 * 20
    shares = dict(zip(categories["category"], categories["share"]))
    assert abs(sum(shares.values()) - 1) < 1e-9
    assert shares[profiling.DECISIONS] > 0.3  # the default policy weighs every fight at each action
    assert "pick_fight" in set(functions["function"].head(5))  # the policy choosing its fight


def test_profile_without_perf_is_a_one_line_error(monkeypatch):
    monkeypatch.setattr(profiling.shutil, "which", lambda tool: None)
    r = CliRunner().invoke(app, ["bench", "--profile"])
    assert r.exit_code == 2 and "needs `perf`" in r.output
