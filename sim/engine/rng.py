"""Counter-seeded random numbers for the engine: xoshiro256** seeded through splitmix64.

A game's randomness comes only from (master seed, game index): `seed_game` mixes both into a
fresh 256-bit state, so a game is the same whether it is played alone, in a batch, or on another
worker. Never the global `np.random`.
"""
import numpy as np
from numba import uint64

from sim.engine.jit import kernel

MASK64 = 0xFFFFFFFFFFFFFFFF


@kernel
def _rotl(x, k):
    return (x << uint64(k)) | (x >> uint64(64 - k))


@kernel
def splitmix64_next(x):
    """Return (next state, output) of splitmix64."""
    x = x + uint64(0x9E3779B97F4A7C15)
    z = x
    z = (z ^ (z >> uint64(30))) * uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> uint64(27))) * uint64(0x94D049BB133111EB)
    return x, z ^ (z >> uint64(31))


@kernel
def seed_game(state, master_seed, game_index):
    """Fill the 4-word xoshiro state from (master seed, game index)."""
    x = uint64(master_seed)
    x, a = splitmix64_next(x)
    x = a ^ uint64(game_index) * uint64(0xD1B54A32D192ED03)
    for i in range(4):
        x, z = splitmix64_next(x)
        state[i] = z


@kernel
def next_u64(s):
    result = _rotl(s[1] * uint64(5), 7) * uint64(9)
    t = s[1] << uint64(17)
    s[2] ^= s[0]
    s[3] ^= s[1]
    s[1] ^= s[2]
    s[0] ^= s[3]
    s[2] ^= t
    s[3] = _rotl(s[3], 45)
    return result


@kernel
def randint(s, n):
    """Uniform integer in [0, n) (n >= 1), by rejection so there is no modulo bias."""
    if n <= 1:
        return 0
    un = uint64(n)
    while True:
        r = next_u64(s)
        # r is kept if below the largest multiple of n: always the case below 2**64 - n, so the
        # costly exact limit is needed only for the rare r above that
        if r <= uint64(MASK64) - un or r < uint64(MASK64) - (uint64(MASK64) % un):
            return np.int64(r % un)


@kernel
def random01(s):
    """Uniform float in [0, 1) with 53 random bits."""
    return (next_u64(s) >> uint64(11)) * (1.0 / 9007199254740992.0)


@kernel
def shuffle_prefix(s, arr, n):
    """Fisher-Yates shuffle of arr[:n] in place."""
    for i in range(n - 1, 0, -1):
        j = randint(s, i + 1)
        tmp = arr[i]
        arr[i] = arr[j]
        arr[j] = tmp


def new_state():
    return np.zeros(4, dtype=np.uint64)


# --- A slow, obvious reference in plain Python, for the known-answer tests. ----------------------
def reference_splitmix64(x):
    x = (x + 0x9E3779B97F4A7C15) & MASK64
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return x, z ^ (z >> 31)


def reference_stream(master_seed, game_index, count):
    def rotl(v, k):
        return ((v << k) | (v >> (64 - k))) & MASK64

    x, a = reference_splitmix64(master_seed & MASK64)
    x = a ^ ((game_index * 0xD1B54A32D192ED03) & MASK64)
    s = []
    for _ in range(4):
        x, z = reference_splitmix64(x)
        s.append(z)
    out = []
    for _ in range(count):
        out.append(rotl((s[1] * 5) & MASK64, 7) * 9 & MASK64)
        t = (s[1] << 17) & MASK64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
    return out
