"""The engine's jit decorators, on numba's public extension API only.

`kernel`: a function of the engine. Called from another kernel, numba compiles it into that
caller once per argument *types* (numba's overload mechanism, which tries non-literal types
first): `f(x, -1)` and `f(x, 0)` share one version. Plain njit functions would get one version
per constant argument, which nearly doubled the engine's compile time and its cache. Called from
Python (a test, say), it goes through an entry point made for it (`python_entry`), cached on disk
with everything it calls.

`entry`: an entry point Python calls (`play_batch`), whose body is a call to a kernel.

`inline_kernel`: a small kernel numba copies into each caller (for the few that the policy calls
for every field card inside its largest function).

`by_index(name, modules)`: a kernel `f(which, *args)` that calls `modules[which].<name>(*args)`,
for what is chosen at run time among modules of the same kernels (policy algorithms, modes),
copied into each caller like an `inline_kernel`.

With NUMBA_DISABLE_JIT=1 every kernel is the plain Python function: the same games, slowly.
"""
from __future__ import annotations

import functools
import inspect

import numpy as np
from numba import njit
from numba.core import config
from numba.extending import overload

if config.DISABLE_JIT:
    np.seterr(over="ignore")  # the RNG relies on uint64 wrap-around, silent under numba

_OPTIONS = dict(nogil=True, no_cfunc_wrapper=True)


class Kernel:
    """A kernel (see the module docstring): an overload for jitted callers, and an entry point,
    made when first called, for Python callers (`python_entry`)."""

    def __init__(self, func):
        functools.update_wrapper(self, func)
        self.py_func = func
        self._dispatcher = None
        overload(self, jit_options=_OPTIONS, strict=False)(lambda *args: func)

    @property
    def dispatcher(self):
        if self._dispatcher is None:
            self._dispatcher = python_entry(self)
        return self._dispatcher

    def __call__(self, *args):
        return self.dispatcher(*args)

    def __hash__(self):
        return id(self)

    def __repr__(self):
        return f"<kernel {self.__module__}.{self.__qualname__}>"


def kernel(func):
    return func if config.DISABLE_JIT else Kernel(func)


def entry(func):
    """An entry point Python calls (cached on disk) whose body calls a kernel. numba keys each
    kernel's compiled version on its caller's compile flags too, and those of a function Python
    calls differ from a kernel's: every kernel called both from an entry point and from another
    kernel was compiled twice, so an entry point's body is only a call to a kernel."""
    return func if config.DISABLE_JIT else njit(cache=True, **_OPTIONS)(func)


def python_entry(k: Kernel):
    """The `entry` through which Python calls kernel k, with k's parameters. Compiled as itself, a
    kernel Python called was a second version of it and of the kernels it calls, beside those the
    engine's entry points use (`entry`). The entry's source is this file's as far as numba's cache
    can tell, and its name is k's module and name, which keep its cache files apart from the other
    entries' (the same code)."""
    signature = inspect.signature(k.py_func)
    source = f"def {k.__name__}{signature}:\n    return KERNEL({', '.join(signature.parameters)})\n"
    namespace = {"KERNEL": k, "__name__": __name__}  # the module numba imports to load it from its cache
    exec(compile(source, __file__, "exec"), namespace)
    func = namespace[k.__name__]
    func.__qualname__ = f"{k.__module__}.{k.__qualname__}"
    return njit(cache=True, **_OPTIONS)(func)


def inline_kernel(func):
    return func if config.DISABLE_JIT else njit(inline="always", cache=True, **_OPTIONS)(func)


def by_index(name: str, modules: tuple):
    """A kernel `f(which, *args)` calling `modules[which].<name>(*args)` (the last module for an
    index out of range). Numba copies its code into each caller before typing (njit
    `inline="always"`), so that the call goes straight to the chosen module's kernel, with the
    arguments named as that kernel names them (a `*args` tuple cost about 50 instructions per
    call). An overload inlined after typing would do the same at run time, but numba compiles it
    whole first, to type it, and every module's kernel a second time: the engine twice over."""
    targets = [getattr(m, name) for m in modules]
    if not targets:
        raise RuntimeError(f"no modules for '{name}'")
    params = ", ".join(inspect.signature(getattr(targets[0], "py_func", targets[0])).parameters)
    lines = [f"def {name}_by_index(which, {params}):"]
    for i in range(len(targets) - 1):
        lines.append(f"    if which == {i}:\n        return f{i}({params})")
    lines.append(f"    return f{len(targets) - 1}({params})")
    glob = {f"f{i}": t for i, t in enumerate(targets)}
    exec("\n".join(lines), glob)
    func = glob[f"{name}_by_index"]
    return func if config.DISABLE_JIT else njit(inline="always", **_OPTIONS)(func)  # no file to cache
