"""Keep the memory a batch frees for the next batch, instead of giving it back to the system.

A batch's record arrays are large (the event rows alone take about 6 KB a game, 30 MB for 5,000
games), and glibc's malloc gives blocks that large back to the system when they are freed (they
were mapped for themselves, or the heap is trimmed). The next batch then gets fresh pages, which
the system must fault in and zero: about 9,000 page faults for a `sim.play` of 2,000 games, 14,000
for 5,000, 2-3% of the time the games take. With higher thresholds, freed blocks up to
`KEEP_BYTES` stay in the heap, and the next batch writes to pages it already has. A process then
keeps its largest batch's memory between batches (the run's memory figures include it).
"""
from __future__ import annotations

import ctypes
import ctypes.util
import functools

M_TRIM_THRESHOLD = -1  # glibc mallopt parameters (malloc.h)
M_MMAP_THRESHOLD = -3
KEEP_BYTES = 256 << 20  # blocks up to this size come from the heap, which keeps this much free


@functools.cache
def reuse_freed_memory() -> bool:
    """Raise glibc's thresholds once per process; False where the C library is not glibc."""
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name)
        mallopt = libc.mallopt
    except (OSError, AttributeError, TypeError):
        return False
    return bool(mallopt(M_MMAP_THRESHOLD, KEEP_BYTES)) and bool(mallopt(M_TRIM_THRESHOLD, KEEP_BYTES))
