"""The engine never indexes an array out of its bounds, negative indices included.

The state's arrays (EngineArray, sim/engine/structs.py) index without numba's wrap-around of negative indices, so a
negative index there would read outside the array instead of from its end. Here a fresh process
compiles the engine with numba's bounds checks on (NUMBA_BOUNDSCHECK=1, in a cache of its own)
and plays games of every player count and policy, and Duels, with the full log and the invariant checks:
any index outside [0, size) raises IndexError and fails the test.
"""
import os

from tests import background

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


TEST = f"{__name__}.test_engine_indices_stay_in_bounds"


@background.child_of(TEST)  # a compile of minutes: it starts with the session (tests/conftest.py)
def bounds_checked_games(folder: str) -> tuple[str, dict]:
    env = dict(os.environ, NUMBA_BOUNDSCHECK="1", SEIYA_CACHE_DIR=os.path.join(folder, "cache"))
    env.pop("NUMBA_CACHE_DIR", None)
    env.pop("NUMBA_DISABLE_JIT", None)
    return GAMES, env


def test_engine_indices_stay_in_bounds():
    r = background.result(TEST, timeout=900)
    assert r.returncode == 0 and r.stdout.strip().endswith("ok"), r.stderr[-3000:]
