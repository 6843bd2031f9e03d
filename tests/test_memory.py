"""A batch reuses the memory the previous one freed (sim/memory.py) instead of faulting in new pages."""
import json
import os
import subprocess
import sys

import pytest

from sim.memory import reuse_freed_memory

_CHILD = """
import json, resource
import sim
def faults():
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    sim.play(2000, players=2, seed=3)
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before
sim.play(2, players=2)
print(json.dumps([faults() for _ in range(3)]))
"""


def test_a_batch_writes_to_pages_an_earlier_batch_freed():
    if not reuse_freed_memory():
        pytest.skip("the C library is not glibc: its malloc keeps its own thresholds")
    out = subprocess.run([sys.executable, "-c", _CHILD], capture_output=True, text=True, check=True).stdout
    first, *later = json.loads(out.strip().splitlines()[-1])
    assert first > 1000  # 2,000 games write about 12 MB of event rows, then tables, to new pages
    assert min(later) < first / 4


def test_an_engine_array_cannot_own_memory():
    """Why engine arrays need no reference counting (sim/engine/structs.py, `EngineArrayModel`):
    numba cannot allocate one, so a kernel that would make one (a copy, say) does not compile."""
    from numba import njit
    from numba.core.errors import TypingError
    from sim.engine.allocation import allocate_state
    from sim.engine.structs import state_ref

    @njit
    def copy_of_field(s):
        return s.field.copy().sum()

    with pytest.raises(TypingError, match="_allocate"):
        copy_of_field(state_ref(allocate_state(200, 90, 4096)))


_LEAK_CHILD = """
import gc, json
from numba.core.runtime import rtsys
from sim.engine.enums import LOG_FULL
from sim.games import engine_for, game_config, run_kernel
runs = [game_config(players=2, seed=1), game_config(players=3, boxes=("base", "asgard", "poseidon", "hades"), seed=2),
        game_config(mode="solo", players=1, boxes=("base", "asgard"), seed=3),
        game_config(mode="coop", players=3, boxes=("base", "asgard", "poseidon"), seed=4),
        game_config(mode="duel", seed=5), game_config(players=2, policies=("search",), seed=6)]
def held():
    gc.collect()
    st = rtsys.get_allocation_stats()
    return st.alloc - st.free, st.mi_alloc - st.mi_free
for config in runs:
    run_kernel(engine_for(config), config, 0, 1, LOG_FULL)  # the first game loads the kernels
leaks = []
for config in runs:
    before = held()
    run_kernel(engine_for(config), config, 1, 2 if "search" in config.policies else 20, LOG_FULL)
    leaks.append([a - b for a, b in zip(held(), before)])
print(json.dumps(leaks))
"""


def test_every_allocation_of_the_engine_is_freed():
    """numba's allocation counts over games of every mode: whatever the engine allocates (its own
    numpy arrays, the tables it returns) is freed once they are dropped."""
    env = dict(os.environ, NUMBA_NRT_STATS="1")
    out = subprocess.run([sys.executable, "-c", _LEAK_CHILD], capture_output=True, text=True, env=env, check=True).stdout
    assert json.loads(out.strip().splitlines()[-1]) == [[0, 0]] * 6
