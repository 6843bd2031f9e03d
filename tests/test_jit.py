"""sim/jit.py: the rules' kernels get numba's cheap pass in their own module (they are optimized
once, inside play_batch); every other library keeps numba's own passes."""
from types import SimpleNamespace

import pytest
from numba.core import config

import sim.engine.modes.classic  # noqa: F401  (importing a module decorates, and notes, its kernels)
import sim.engine.policies.heuristic  # noqa: F401
import sim.engine.resolution.actions  # noqa: F401
from sim.engine import jit

pytestmark = pytest.mark.skipif(config.DISABLE_JIT, reason="nothing is compiled without numba's JIT")


class PassManager:
    def __init__(self):
        self.ran = []

    def run(self, module, builder):
        self.ran.append(module)


def library(name, symbol, codegen):
    module = SimpleNamespace(functions=[SimpleNamespace(name=symbol)])
    return SimpleNamespace(name=name, _final_module=module, _codegen=codegen)


def codegen_with(pm):
    def module_pass_manager(**options):
        assert options["cost"] == "cheap"
        return pm, object()
    return SimpleNamespace(_module_pass_manager=module_pass_manager, _loopvect=False, _opt_level=0)


def optimized_by_numba(monkeypatch, lib):
    own = []
    monkeypatch.setattr(jit, "_numba_optimize_final_module", own.append)
    jit._optimize_final_module(lib)
    return own == [lib]


def test_the_rules_kernels_are_quick_the_policies_and_the_entry_are_not():
    assert jit._quick["drain"] == "_ZN3sim6engine10resolution7actions5drain"
    assert jit._quick["main_phase"] == "_ZN3sim6engine10resolution4turn10main_phase"
    assert "play_batch" not in jit._quick and "choose_action" not in jit._quick


def test_a_rules_kernel_gets_the_cheap_pass_only(monkeypatch):
    pm = PassManager()
    lib = library("drain", "_ZN3sim6engine10resolution7actions5drainB2v4B40c8tJTIeFIjx", codegen_with(pm))
    assert not optimized_by_numba(monkeypatch, lib)
    assert pm.ran == [lib._final_module]


def test_other_libraries_keep_numbas_passes(monkeypatch):
    pm = PassManager()
    for name, symbol in (("drain", "_ZN8__main__5drainB2v1"),  # someone else's function named drain
                         ("choose_action", "_ZN3sim8policies13choose_actionB3v89"),
                         ("play_batch", "_ZN3sim4game10play_batchB4v201")):
        assert optimized_by_numba(monkeypatch, library(name, symbol, codegen_with(pm)))
    assert pm.ran == []


def test_numbas_passes_when_its_internals_differ(monkeypatch):
    def old_numba(**options):
        return PassManager()  # one object, not (pass manager, pass builder)
    codegen = SimpleNamespace(_module_pass_manager=old_numba, _loopvect=False, _opt_level=0)
    assert optimized_by_numba(monkeypatch, library("drain", "_ZN3sim6engine10resolution7actions5drainB2v4", codegen))
    assert optimized_by_numba(monkeypatch, library("drain", "_ZN3sim6engine10resolution7actions5drainB2v4", SimpleNamespace()))
