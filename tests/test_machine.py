"""The machine's speed reference printed by `seiya bench` (sim/machine.py)."""
import numpy as np

from sim.perf.machine import WALK_BYTES, describe, multiply_add_chain, pointer_walk, random_cycle


def test_a_random_cycle_visits_every_index_once_before_coming_back():
    for n in (1, 2, 7, 1000):
        following = random_cycle(n, seed=n)
        at, seen = 0, []
        for _ in range(n):
            seen.append(at)
            at = following[at]
        assert at == 0 and sorted(seen) == list(range(n))


def test_the_kernels_compute_what_they_time():
    x, a, b = 1, 6364136223846793005, 1442695040888963407
    for _ in range(5):
        x = (x * a + b) % 2**64
    assert multiply_add_chain(5) == np.uint64(x)
    following = random_cycle(50, seed=1)
    assert pointer_walk(following, 3) == following[following[following[0]]]


def test_the_line_names_the_clock_and_each_size():
    ref = {"chain_ns": 1.6, "load_ns": {size: 3.0 for size in WALK_BYTES}}
    assert describe(ref) == ("multiply-add chain 1.60 ns a step (about 2.5 GHz); dependent loads 3.0 ns (32 KB), "
                             "3.0 ns (512 KB), 3.0 ns (8 MB)")
