"""How fast this machine runs simple code right now: a reference for the engine's figures.

On a shared machine the same engine, built from the same commit, has played 2 players `value` at
6,258 games/s one day and 1,815 another: a figure of `seiya bench` says little without the speed
of the machine at that hour. This measures two things the engine's time depends on, with code that
never changes: the core's speed (a chain of dependent 64-bit multiply-adds, about 4 cycles a step
on x86-64) and the latency of the caches and memory (dependent loads along one random cycle
through arrays of 32 KB, 512 KB and 8 MB, about the sizes of a core's L1 and L2 caches and a
shared L3).
"""
from __future__ import annotations

import statistics
import time

import numpy as np
from numba import njit

CHAIN_STEPS = 50_000_000
CYCLES_PER_STEP = 4  # a dependent 64-bit multiply (3 cycles) and add (1) on current x86-64 cores
WALK_STEPS = 4_000_000
WALK_BYTES = (32 * 1024, 512 * 1024, 8 * 1024 * 1024)


@njit(cache=True, nogil=True)
def multiply_add_chain(steps):
    """steps dependent multiply-adds (a 64-bit LCG): each waits for the one before."""
    x = np.uint64(1)
    a = np.uint64(6364136223846793005)
    b = np.uint64(1442695040888963407)
    for _ in range(steps):
        x = x * a + b
    return x


@njit(cache=True, nogil=True)
def pointer_walk(following, steps):
    """steps dependent loads: each index is read from the previous one's entry."""
    at = 0
    for _ in range(steps):
        at = following[at]
    return at


def random_cycle(n: int, seed: int = 0) -> np.ndarray:
    """following[i]: the next index after i on one random cycle through all of 0..n-1 (so that a
    walk touches every entry, in an order no prefetcher can guess)."""
    order = np.random.default_rng(seed).permutation(n)
    following = np.empty(n, np.int64)
    following[order] = np.roll(order, -1)
    return following


def _median_seconds(run, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        run()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def speed_reference(repeats: int = 3) -> dict:
    """Medians of `repeats` timed runs after a warm-up: ns per multiply-add step, and ns per
    dependent load for each size of WALK_BYTES ({bytes: ns})."""
    multiply_add_chain(10)
    chain_ns = _median_seconds(lambda: multiply_add_chain(CHAIN_STEPS), repeats) / CHAIN_STEPS * 1e9
    load_ns = {}
    for size in WALK_BYTES:
        following = random_cycle(size // 8)
        pointer_walk(following, len(following))  # compiles, and brings the array in
        load_ns[size] = _median_seconds(lambda: pointer_walk(following, WALK_STEPS), repeats) / WALK_STEPS * 1e9
    return {"chain_ns": chain_ns, "load_ns": load_ns}


def describe(ref: dict) -> str:
    """One line for a report: the chain, the clock it implies (at CYCLES_PER_STEP cycles a step)
    and the load latencies."""
    loads = ", ".join(f"{ns:.1f} ns ({_size(size)})" for size, ns in ref["load_ns"].items())
    return (f"multiply-add chain {ref['chain_ns']:.2f} ns a step (about {CYCLES_PER_STEP / ref['chain_ns']:.1f} GHz); "
            f"dependent loads {loads}")


def _size(n: int) -> str:
    return f"{n // (1024 * 1024)} MB" if n >= 1024 * 1024 else f"{n // 1024} KB"
