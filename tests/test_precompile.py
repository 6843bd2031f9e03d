"""A cold compile split into parts compiled side by side (sim.precompile)."""
import os

import pytest

import sim
from numba.core import config
from sim.precompile import compile_in_children, engine_types, parts


@pytest.mark.skipif(config.DISABLE_JIT, reason="nothing is compiled without numba's JIT")
def test_each_part_kernel_is_cached_once_with_its_signature():
    """The signature a part compiles is the one the engine's callers use: whether the cache was
    filled by the parts or by one process compiling everything, each part kernel has one entry,
    that signature (a wrong one would leave none, or two once the entry compiled its own)."""
    sim.play(1)  # the session's kernels are in the cache
    for part in parts(*engine_types()):
        for kernel, signature in part:
            cached = [key[0] for key in kernel._cache._cache_file._load_index()]
            assert cached == [tuple(signature)], kernel.py_func.__name__


def _note_pid(kwargs):
    with open(kwargs["note"], "w") as f:
        f.write(str(os.getpid()))


def _fail(kwargs):
    raise ValueError("the finishing step failed")


def test_the_finishing_step_runs_in_a_child_after_the_parts(tmp_path):
    note = tmp_path / "pid"
    compile_in_children(_note_pid, {"note": str(note)})
    assert int(note.read_text()) != os.getpid()


def test_an_error_of_the_finishing_step_reaches_the_caller():
    with pytest.raises(ValueError, match="finishing step failed"):
        compile_in_children(_fail, {})
