"""Counting decisions (sim/engine/decision_count.py), in child processes with the build that
counts them: a question asked inside an answer is part of it, and the client request turns
callgrind's collection on and off (natively, it does nothing)."""
import os
import platform
import shutil
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from sim.engine import decision_count
from sim.engine.state import N_G
from sim.perf.instructions import parse_callgrind


class State:
    def __init__(self):
        self.g = np.zeros(N_G, np.int64)


def child(code: str, tmp_path, prefix=(), **env) -> str:
    env = dict(os.environ, SEIYA_COUNT_DECISIONS="1", NUMBA_CACHE_DIR=str(tmp_path / "kernels"), **env)
    r = subprocess.run([*prefix, sys.executable, "-c", textwrap.dedent(code)], env=env, capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_a_plain_build_counts_nothing():
    assert not decision_count.COUNTING
    s = State()
    decision_count.decision_begins.py_func(s)
    decision_count.decision_ends.py_func(s)
    assert not s.g.any()


def test_a_question_inside_an_answer_is_part_of_it(tmp_path):
    out = child("""
        import numpy as np
        from sim.engine import decision_count as dc
        from sim.engine.state import G_DECIDING, G_DECISIONS, N_G
        class State:
            g = np.zeros(N_G, np.int64)
        toggles = []
        dc.toggle_collect = lambda: toggles.append(1)
        s = State()
        dc.decision_begins(s)
        dc.decision_begins(s)  # a question the rollouts of a search ask, on a copy of the state
        dc.decision_ends(s)
        print(len(toggles), s.g[G_DECISIONS], s.g[G_DECIDING])
        dc.decision_ends(s)
        print(len(toggles), s.g[G_DECISIONS], s.g[G_DECIDING])
    """, tmp_path, NUMBA_DISABLE_JIT="1")
    assert out.splitlines() == ["1 0 1", "2 1 0"]


LOOP = """
    from numba import njit
    from sim.engine.decision_count import toggle_collect

    @njit
    def work(n):
        total = 0
        for i in range(n):
            if i == 0:
                toggle_collect()
            total += i * i % 7
            if i == n - 1:
                toggle_collect()
        return total

    print(work(100000))
"""


@pytest.mark.skipif(shutil.which("valgrind") is None or platform.machine() != "x86_64",
                    reason="needs valgrind on an x86-64 machine")
def test_the_client_request_collects_only_between_its_two_toggles(tmp_path):
    expected = str(sum(i * i % 7 for i in range(100000)))
    assert child(LOOP, tmp_path).split() == [expected]  # natively, the request does nothing
    out = tmp_path / "callgrind.out"
    valgrind = (shutil.which("valgrind"), "--tool=callgrind", f"--callgrind-out-file={out}", "--collect-atstart=no")
    assert child(LOOP, tmp_path, prefix=valgrind).split() == [expected]
    # the loop's 100,000 rounds, a few instructions each: not Python, which runs for hundreds of millions
    assert 300_000 < parse_callgrind(out) < 3_000_000
