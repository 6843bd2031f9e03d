"""The engine's jit decorator: numba, cached, without the GIL, one version per argument type.

By default numba compiles a callee again for every pattern of constant arguments at its call
sites (`f(x, -1)` and `f(x, 0)` become two versions). In an engine of many small kernels that
multiplied compile time. This dispatcher compiles one version per argument *type*, like a C
function would be.

It also compiles the engine's array indexing without numba's wrap-around of negative indices
(see `_engine_index`), and lets LLVM inline larger callees (see `INLINE_THRESHOLD`; numba inlines
a few more, `inline_kernel`).
"""
import numpy as np
from llvmlite import binding as llvm
from llvmlite import ir
from numba import njit, types
from numba.core import config
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


def kernel(func):
    """Decorate an engine function (see the module docstring)."""
    disp = njit(cache=True, nogil=True)(func)
    if not config.DISABLE_JIT:
        disp.__class__ = _TypeDispatcher
    return disp


def inline_kernel(func):
    """A kernel that numba copies into each of its callers. For the small kernels that the policy
    calls for every field card from inside its largest function, which LLVM does not inline into:
    each call saved registers and read the struct descriptors again (about 2% more games/s for
    two of them; more of them made the engine slower)."""
    disp = njit(cache=True, nogil=True, inline="always")(func)
    if not config.DISABLE_JIT:
        disp.__class__ = _TypeDispatcher
    return disp
