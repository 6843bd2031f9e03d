"""A cold compile on two cores: parts of the engine compiled side by side.

numba compiles a kernel's callees one after another before the kernel, in one process: a cold
compile kept one core of two busy for one to two minutes. Each part below is a subtree of the call
graph (the policy's decision, the rules' actions, ...). The process about to play compiles the
first part while a fresh interpreter compiles the other into the cache; `play_batch`, compiled
after them, takes the first from memory and loads the other from the cache instead of compiling
it again (numba looks in its cache for every callee it has not compiled yet). The same kernels
are compiled, once each, into the same cache.

A part's signature must be the one its caller uses, or `play_batch` compiles the kernel again (no
harm but the time): tests/test_precompile.py checks that each part kernel is cached once, with
its signature. The types of the state and the card table are the same for every card set (the
sizes that grow with it are run-time values, sim/structs.py), so the parts use the base game's.
"""
from __future__ import annotations

import os
import subprocess
import sys

from sim.engine.cache import ENGINE_DIR


def parts(state_type, card_type):
    """The parts, each a tuple of (kernel, argument types), of about equal compile times."""
    from numba import types as T

    from sim.engine.modes.classic import setup_game
    from sim.engine.policies.heuristic import choose_action
    from sim.engine.resolution.actions import apply_action
    from sim.engine.resolution.turn import upkeep
    i64 = T.int64
    ints = T.Array(T.int64, 1, "C")
    s, c = state_type, card_type
    return (
        ((choose_action, (s, c, i64, ints)),  # every policy's decision, the random one's included
         (setup_game, (s, c, i64, i64, i64, ints, ints, T.Array(T.float64, 2, "C"), i64, i64, i64, i64))),
        ((apply_action, (s, c, i64, i64, i64, i64)),
         (upkeep, (s, c, i64, T.Array(T.bool_, 1, "C")))),
    )


def engine_types():
    """The numba types of the game state and card table that `play_batch` gets."""
    from numba import typeof

    from sim.games import get_engine, new_state
    from sim.engine.structs import card_ref, state_ref
    table = get_engine().table
    return typeof(state_ref(new_state(table))), typeof(card_ref(table))


def compile_part(index: int):
    """Compile part `index` into the cache (what each child interpreter runs)."""
    for kernel, signature in parts(*engine_types())[index]:
        kernel.compile(signature)


def in_fresh_interpreter(code: str, quiet: bool = True) -> subprocess.Popen:
    """Start `python -c code` with this checkout on its path and this process's kernel cache
    (nothing of the caller's main module runs again there, unlike a spawned multiprocessing child)."""
    path = os.pathsep.join(filter(None, [str(ENGINE_DIR.parents[1]), os.environ.get("PYTHONPATH")]))
    out = subprocess.DEVNULL if quiet else None
    return subprocess.Popen([sys.executable, "-c", code], env=dict(os.environ, PYTHONPATH=path),
                            stdin=subprocess.DEVNULL, stdout=out, stderr=out)


def wait_all(children: list[subprocess.Popen]) -> list[int]:
    """Their exit codes; on an interruption, none is left running."""
    try:
        return [child.wait() for child in children]
    finally:
        for child in children:
            if child.poll() is None:
                child.kill()


def compile_parts() -> list[int]:
    """Compile the parts side by side into this process's kernel cache: the first here, the others
    each in a fresh interpreter; return those children's exit codes. Nothing is done on one core,
    or without numba's JIT. A part that fails in a child is compiled again where it is needed
    (which reports the error, if it is one); the children's memory (about 1 GB each while
    compiling) goes with them."""
    from numba.core import config
    if (os.cpu_count() or 1) < 2 or config.DISABLE_JIT:
        return []
    children = [in_fresh_interpreter(f"from sim.engine.precompile import compile_part; compile_part({i})")
                for i in range(1, len(parts(None, None)))]
    try:
        compile_part(0)
    finally:
        codes = wait_all(children)
    return codes
