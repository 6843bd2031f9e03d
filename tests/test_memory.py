"""A batch reuses the memory the previous one freed (sim/memory.py) instead of faulting in new pages."""
import json
import subprocess
import sys

import pytest

from sim.memory import reuse_freed_memory

_CHILD = """
import json, resource
import sim
def faults():
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    sim.play(2000, players=2, seed=3)
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before
sim.play(2, players=2)
print(json.dumps([faults() for _ in range(3)]))
"""


def test_a_batch_writes_to_pages_an_earlier_batch_freed():
    if not reuse_freed_memory():
        pytest.skip("the C library is not glibc: its malloc keeps its own thresholds")
    out = subprocess.run([sys.executable, "-c", _CHILD], capture_output=True, text=True, check=True).stdout
    first, *later = json.loads(out.strip().splitlines()[-1])
    assert first > 1000  # 2,000 games write about 12 MB of event rows, then tables, to new pages
    assert min(later) < first / 4
