"""The engine never indexes an array out of its bounds, negative indices included.

The state's arrays (EngineArray, sim/engine/structs.py) index without numba's wrap-around of negative indices, so a
negative index there would read outside the array instead of from its end. Here a fresh process
compiles the engine with numba's bounds checks on (NUMBA_BOUNDSCHECK=1, in a cache of its own)
and plays games of every player count and policy, and Duels, with the full log and the invariant checks:
any index outside [0, size) raises IndexError and fails the test.
"""
import os
import subprocess
import sys

GAMES = """
import sim
for players, policies in [(2, "value"), (2, ["random", "greedy"]), (3, ["clock", "value", "random"]),
                          (4, ["value", "greedy", "clock", "random"]), (5, "value"), (5, "random")]:
    r = sim.play(60, players=players, seed=11, policies=policies, events="full", check_invariants=True)
    assert r.games["violations"].sum() == 0 and r.games["illegal_actions"].sum() == 0
    sim.trace(seed=11, game=3, players=players, policies=policies)
for policies in ("tuned", "random"):  # the Hades Duel, with the four boxes
    r = sim.play(40, config=sim.game_config(mode="duel", seed=11, policies=(policies,)), events="full",
                 check_invariants=True)
    assert r.games["violations"].sum() == 0 and r.games["illegal_actions"].sum() == 0
print("ok")
"""


def test_engine_indices_stay_in_bounds(tmp_path):
    env = dict(os.environ, NUMBA_BOUNDSCHECK="1", SEIYA_CACHE_DIR=str(tmp_path / "cache"))
    env.pop("NUMBA_CACHE_DIR", None)
    env.pop("NUMBA_DISABLE_JIT", None)
    r = subprocess.run([sys.executable, "-c", GAMES], env=env, capture_output=True, text=True, timeout=900)
    assert r.returncode == 0 and r.stdout.strip().endswith("ok"), r.stderr[-3000:]
