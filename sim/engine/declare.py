"""Structs of arrays declared once: each field's dtype, shape, fill value, when it is refilled,
and what it means.

A `Declaration` makes the struct's NamedTuple type, allocates its arrays for a run's sizes,
checks a struct against it, and writes the kernels that refill its fields at the start of each
game or batch, so that a new field is sized, reset and checked by declaring it, nowhere else.

Shapes are tuples of integers and of the names of a run's sizes: "instances" (physical cards),
"cards" (distinct cards), "weights" (a policy's weight vector), "log" (events kept per game).
An inner dimension given by name is a run-time value of the kernels' types (one compiled engine
serves every card set); one given as an integer is a constant of the type (sim/engine/structs.py).
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba.core import config
from numba.extending import overload

WHEN = ("game", "batch")


class Field(NamedTuple):
    dtype: type
    shape: tuple
    fill: object = 0
    refill: str = ""  # "game", "batch" or "" (never: set before it is read)
    doc: str = ""


class Declaration:
    """A struct: its fields, and its parts (fields that are structs of their own declaration)."""

    def __init__(self, name: str, fields: dict[str, Field], parts: tuple[str, ...] = (), module: str = __name__):
        for field_name, f in fields.items():
            if f.refill not in ("",) + WHEN:
                raise ValueError(f"{name}.{field_name}: refill must be one of {WHEN} or empty")
        self.name = name
        self.fields = fields
        self.parts = parts
        self.type = NamedTuple(name, [(n, np.ndarray) for n in fields] + [(p, tuple) for p in parts])
        self.type.__module__ = module
        self.type.RUN_SIZED = frozenset((n, d) for n, f in fields.items() for d, x in enumerate(f.shape)
                                        if d > 0 and isinstance(x, str))

    def shape(self, field: str, sizes: dict) -> tuple:
        return tuple(sizes[x] if isinstance(x, str) else x for x in self.fields[field].shape)

    def allocate(self, sizes: dict, **parts):
        arrays = {n: np.full(self.shape(n, sizes), f.fill, f.dtype) for n, f in self.fields.items()}
        return self.type(**arrays, **parts)

    def check(self, struct, sizes: dict):
        """Raise ValueError naming the first field whose array does not fit the declaration."""
        for n, f in self.fields.items():
            a = getattr(struct, n)
            want = self.shape(n, sizes)
            if not isinstance(a, np.ndarray) or a.dtype != np.dtype(f.dtype) or a.shape != want:
                got = f"{a.dtype}{list(a.shape)}" if isinstance(a, np.ndarray) else type(a).__name__
                raise ValueError(f"{self.name}.{n} must be {np.dtype(f.dtype)}{list(want)}, not {got}")

    def refill_lines(self, when: str, path: str) -> list[str]:
        return [f"    {path}.{n}[{', '.join([':'] * len(f.shape))}] = {f.fill!r}"
                for n, f in self.fields.items() if f.refill == when]


def refill_kernel(when: str, declarations: dict[str, Declaration]):
    """A kernel `f(s)` refilling, at the start of a `when` ("game" or "batch"), the fields of s
    (declarations[""]) and of its parts (declarations[part]) declared so."""

    def refill(s):
        for path, d in declarations.items():
            struct = getattr(s, path) if path else s
            for n, f in d.fields.items():
                if f.refill == when:
                    getattr(struct, n)[...] = f.fill

    refill.__name__ = refill.__qualname__ = f"refill_each_{when}"
    if config.DISABLE_JIT:
        return refill
    lines = ["def impl(s):"]
    for path, d in declarations.items():
        lines += d.refill_lines(when, "s." + path if path else "s")
    lines.append("    return")
    glob = {}
    exec("\n".join(lines), glob)
    overload(refill, jit_options=dict(nogil=True), strict=False)(lambda s: glob["impl"])
    return refill
