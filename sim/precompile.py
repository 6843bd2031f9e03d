"""A cold compile on every core: child processes compile parts of the engine side by side.

numba compiles a kernel's callees one after another before the kernel, in one process: a cold
compile kept one core of two busy for one to two minutes. Each part below is a subtree of the call
graph (the policy's decision, the rules' actions, ...) that a child compiles into the cache, all
parts at once; the entry kernel, compiled after them, then loads them from the cache instead of
compiling them again (numba looks in its cache for every callee it has not compiled yet). The same
kernels are compiled, once each, into the same cache.

A part's signature must be the one its caller uses, or the entry compiles the kernel again (no
harm but the time): tests/test_precompile.py checks that no part is compiled twice.
"""
from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor, wait
from typing import Callable


def parts(state_type, card_type):
    """The parts, each a tuple of (kernel, argument types), of about equal compile times."""
    from numba import types as T

    from .game import setup_game
    from .policies import choose_action
    from .resolve import apply_action
    from .turn import upkeep
    i64 = T.int64
    ints = T.Array(T.int64, 1, "C")
    s, c = state_type, card_type
    return (
        ((choose_action, (s, c, i64, ints)),  # every policy's decision, the random one's included
         (setup_game, (s, c, i64, i64, i64, ints, ints, T.Array(T.float64, 2, "C"), i64, i64, i64, i64))),
        ((apply_action, (s, c, i64, i64, i64, i64)),
         (upkeep, (s, c, i64, T.Array(T.bool_, 1, "C")))),
    )


def engine_types(boxes=("base",), cardset=None, overrides=None):
    """The numba types of the game state and card table that `play_batch` gets for this card set."""
    from numba import typeof

    from .api import get_engine, new_state
    from .structs import card_ref, state_ref
    table = get_engine(boxes, cardset, overrides).table
    return typeof(state_ref(new_state(table))), typeof(card_ref(table))


def compile_part(index: int, kwargs: dict):
    """Compile part `index` into the cache (in a child process)."""
    state_type, card_type = engine_types(kwargs.get("boxes", ("base",)), kwargs.get("cardset"),
                                         kwargs.get("overrides"))
    for kernel, signature in parts(state_type, card_type)[index]:
        kernel.compile(signature)


def compile_in_children(finish: Callable[[dict], None], kwargs: dict):
    """Compile the parts in child processes (side by side, one per part, on 2 cores or more), then
    run `finish(kwargs)` (what compiles the rest) in one of them. The children's memory (about 1 GB
    each while compiling) goes with them. A part that fails is left to `finish`, which compiles
    it again (and reports the error, if it is one)."""
    from numba.core import config
    n_parts = len(parts(None, None))
    side_by_side = (os.cpu_count() or 1) > 1 and not config.DISABLE_JIT
    with ProcessPoolExecutor(max_workers=n_parts if side_by_side else 1,
                             mp_context=multiprocessing.get_context("spawn")) as pool:
        if side_by_side:
            wait([pool.submit(compile_part, i, kwargs) for i in range(n_parts)])
        pool.submit(finish, kwargs).result()
