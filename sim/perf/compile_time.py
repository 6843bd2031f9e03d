"""Where a compile's time goes, from numba's event API (`numba.core.event`).

LLVM's share is the time numba holds LLVM's lock: optimizing each compiled kernel's module, which
numba links with everything that kernel calls, and generating its machine code. The rest is
numba's own passes (typing, rewriting, lowering to LLVM IR). `kernels` counts the versions numba
compiled (a kernel compiled for two argument types counts twice).
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass

from numba.core import event


@dataclass
class CompileWork:
    llvm_seconds: float = 0.0
    kernels: int = 0

    def add_llvm(self, seconds: float) -> None:
        self.llvm_seconds += seconds


class _Counter(event.Listener):
    def __init__(self):
        self.count = 0

    def on_start(self, ev):
        pass

    def on_end(self, ev):
        self.count += 1


@contextmanager
def watching_compiles():
    """`with watching_compiles() as work:` what numba compiles inside; `work` is filled on exit."""
    work = CompileWork()
    counter = _Counter()
    with event.install_listener("numba:compile", counter):
        with event.install_timer("numba:llvm_lock", work.add_llvm):
            yield work
    work.kernels = counter.count
