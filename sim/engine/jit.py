"""The engine's jit decorator: numba, cached, without the GIL, one version per argument type.

By default numba compiles a callee again for every pattern of constant arguments at its call
sites (`f(x, -1)` and `f(x, 0)` become two versions). In an engine of many small kernels that
multiplied compile time. This dispatcher compiles one version per argument *type*, like a C
function would be.

It also compiles the engine's array indexing without numba's wrap-around of negative indices
(see `_engine_index`), lets LLVM inline larger callees (see `INLINE_THRESHOLD`; numba inlines a
few more, `inline_kernel`), and optimizes the rules' kernels once, in the entry that plays the
games, rather than in every caller (see `QUICK_MODULES`).
"""
import numpy as np
from llvmlite import binding as llvm
from llvmlite import ir
from numba import njit, types
from numba.core import codegen, config
from numba.core.registry import CPUDispatcher
from numba.np import arrayobj


if config.DISABLE_JIT:
    np.seterr(over="ignore")  # the RNG relies on uint64 wrap-around, silent under numba


# A numba call passes every argument and a status word through memory and tests the status on
# return; the engine's mid-sized kernels (what the hand adds to a fight, a card's costs, ...) are
# called in the policy's inner loops, above LLVM's default threshold (250). 1000: about 5% more
# games/s for about 10 s more of cold compile (39 -> 50 s); higher thresholds compile much longer
# for no more speed. The option is LLVM's, so it holds for whatever numba compiles in this process.
INLINE_THRESHOLD = 1000
llvm.set_option("", f"-inline-threshold={INLINE_THRESHOLD}")


# numba optimizes each kernel's module at -O3 with its callees linked in, so a kernel deep in the
# call graph is optimized again in every caller up to `play_batch`. That repetition makes the
# policies faster (their kernels stay on the full path), not the rules: the kernels of the rules'
# modules (QUICK_MODULES) get only numba's first, cheap pass in their own module and are optimized
# at -O3 once, inside `play_batch` (ENTRY), whose code plays the games. Same games at the same
# speed (interleaved A/B runs), about 11 s less of cold compile (51 -> 40 s). A kernel of those
# modules called directly from Python (the tests do) runs less optimized code.
QUICK_MODULES = ("effects", "field", "classic", "invariants", "actions", "scoring", "turn")
ENTRY = "play_batch"
_quick = {}  # library name (the kernel's qualified name) -> the start of its mangled symbol
_numba_optimize_final_module = getattr(codegen.CPUCodeLibrary, "_optimize_final_module", None)


def _note_quick(func):
    module = func.__module__.rsplit(".", 1)[-1]
    if module in QUICK_MODULES and func.__name__ != ENTRY:
        parts = (*func.__module__.split("."), func.__name__)
        _quick[func.__qualname__] = "_ZN" + "".join(f"{len(part)}{part}" for part in parts)


def _is_quick(library):
    prefix = _quick.get(library.name)  # another function of the same name is not one of ours
    return prefix is not None and any(f.name.startswith(prefix) for f in library._final_module.functions)


def _optimize_final_module(self):
    try:
        pm, pb = self._codegen._module_pass_manager(loop_vectorize=self._codegen._loopvect, slp_vectorize=False,
                                                   opt=self._codegen._opt_level, cost="cheap") \
            if _is_quick(self) else (None, None)
    except (AttributeError, TypeError, ValueError):  # numba's internals of another version: its own passes
        pm = None
    if pm is None:
        _numba_optimize_final_module(self)
    else:
        pm.run(self._final_module, pb)


if _numba_optimize_final_module is not None:
    codegen.CPUCodeLibrary._optimize_final_module = _optimize_final_module


class _TypeDispatcher(CPUDispatcher):
    def get_call_template(self, args, kws):
        args = tuple(types.unliteral(a) for a in args)
        kws = {k: types.unliteral(v) for k, v in kws.items()}
        return super().get_call_template(args, kws)


_ENGINE_PREFIX = "_ZN3sim"  # how numba mangles the names of functions of the sim package
_fix_integer_index = arrayobj.fix_integer_index


def _engine_index(context, builder, idxty, idx, size):
    """numba turns a negative index into one from the end (a[-1] is the last item): three more
    instructions per index, in an engine that indexes arrays by card instances read from other
    arrays everywhere (16% of its time). The engine never indexes with a negative value at run
    time (tests/test_bounds.py plays games with numba's bounds checks on to hold it to that), so
    its kernels index as C does; a negative constant (a[-1]) still counts from the end, and code
    outside the sim package is untouched."""
    if idxty.signed and not isinstance(idx, ir.Constant) and builder.function.name.startswith(_ENGINE_PREFIX):
        return context.cast(builder, idx, idxty, types.intp)
    return _fix_integer_index(context, builder, idxty, idx, size)


arrayobj.fix_integer_index = _engine_index


# numba gives every compiled function a C-callable wrapper, for passing it as a first-class
# function or taking its address; the engine does neither (kernels call kernels, Python calls
# them through their dispatcher). Without those wrappers a cold compile takes about 3 s less.
_OPTIONS = dict(cache=True, nogil=True, no_cfunc_wrapper=True)


def kernel(func):
    """Decorate an engine function (see the module docstring)."""
    disp = njit(**_OPTIONS)(func)
    if not config.DISABLE_JIT:
        disp.__class__ = _TypeDispatcher
        _note_quick(func)
    return disp


def inline_kernel(func):
    """A kernel that numba copies into each of its callers. For the small kernels that the policy
    calls for every field card from inside its largest function, which LLVM does not inline into:
    each call saved registers and read the struct descriptors again (about 2% more games/s for
    two of them; more of them made the engine slower)."""
    disp = njit(inline="always", **_OPTIONS)(func)
    if not config.DISABLE_JIT:
        disp.__class__ = _TypeDispatcher
    return disp
