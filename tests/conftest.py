"""Before the first test: compile the engine into the kernel cache as a run does (on the cores,
in child processes) when it is not cached yet, so that the tests load it instead of compiling it
in one process."""
from sim.cache import kernels_cached  # first: sim points numba at the kernel cache before numba loads
from numba.core import config as numba_config  # noqa: E402


def pytest_configure(config):
    if not numba_config.DISABLE_JIT and not kernels_cached():
        from sim.runner import warm_up
        warm_up({"players": 2})
