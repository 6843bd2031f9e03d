"""A cold compile split into parts compiled side by side (sim.engine.precompile)."""
import pytest

import sim  # first: sim points numba at the kernel cache before numba loads
from numba.core import config  # noqa: E402
from sim.engine.precompile import compile_parts, engine_types, parts

pytestmark = pytest.mark.skipif(config.DISABLE_JIT, reason="nothing is compiled without numba's JIT")


def test_each_part_kernel_is_cached_once_with_its_signature():
    """The signature a part compiles is the one the engine's callers use: whether the cache was
    filled by the parts or by one process compiling everything, each part kernel has one entry,
    that signature (a wrong one would leave none, or two once `play_batch` compiled its own)."""
    sim.play(1)  # the session's kernels are in the cache
    for part in parts(*engine_types()):
        for kernel, signature in part:
            cached = [key[0] for key in kernel._cache._cache_file._load_index()]
            assert cached == [tuple(signature)], kernel.py_func.__name__


def test_the_parts_compile_in_fresh_interpreters(monkeypatch):
    """The parts after the first run in child interpreters that find this checkout and its cache
    (here the kernels are cached, so they load); on one core nothing is started."""
    sim.play(1)
    assert compile_parts() == [0] * (len(parts(None, None)) - 1)
    monkeypatch.setattr("os.cpu_count", lambda: 1)
    assert compile_parts() == []
