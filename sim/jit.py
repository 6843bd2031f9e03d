"""The engine's jit decorator: numba, cached, without the GIL, one version per argument type.

By default numba compiles a callee again for every pattern of constant arguments at its call
sites (`f(x, -1)` and `f(x, 0)` become two versions). In an engine of many small kernels that
multiplied compile time. This dispatcher compiles one version per argument *type*, like a C
function would be.
"""
import numpy as np
from numba import njit, types
from numba.core import config
from numba.core.registry import CPUDispatcher


if config.DISABLE_JIT:
    np.seterr(over="ignore")  # the RNG relies on uint64 wrap-around, silent under numba


class _TypeDispatcher(CPUDispatcher):
    def get_call_template(self, args, kws):
        args = tuple(types.unliteral(a) for a in args)
        kws = {k: types.unliteral(v) for k, v in kws.items()}
        return super().get_call_template(args, kws)


def kernel(func):
    """Decorate an engine function (see the module docstring)."""
    disp = njit(cache=True, nogil=True)(func)
    if not config.DISABLE_JIT:
        disp.__class__ = _TypeDispatcher
    return disp
