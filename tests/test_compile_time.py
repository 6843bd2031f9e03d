"""Where a compile's time goes (sim/perf/compile_time.py), as `seiya bench` prints it for a cold compile."""
import json

from numba import njit

import sim

from sim.cli import bench
from sim.perf.compile_time import watching_compiles


def test_a_compile_counts_its_kernels_and_llvm_time():
    def twice(x):
        return 2 * x

    with watching_compiles() as work:
        assert njit(twice)(3) == 6
    assert work.kernels == 1 and work.llvm_seconds > 0
    with watching_compiles() as nothing:
        pass
    assert nothing.kernels == 0 and nothing.llvm_seconds == 0


def test_the_cold_compile_child_reports_its_work():
    """The child `seiya bench` runs on an empty cache, here on the warm one: it plays, loads the
    kernels rather than compiling them, and prints what it compiled."""
    sim.play(1, players=2)  # the kernels cached, if this test runs first
    wall, cpu, printed = bench._child_seconds(bench._cache_dir(), bench._COLD_CHILD)
    work = json.loads(printed.splitlines()[-1])
    assert work["kernels"] == 0 and work["llvm_seconds"] >= 0
    assert wall > 0 and cpu > 0
