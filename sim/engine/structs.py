"""Pass the card table and the game state to numba by reference, without reference counting.

Numba flattens a NamedTuple argument into one argument per array field at every call, which made
each call of the engine carry hundreds of values and its compilation take minutes. Here a struct
is one pointer, to a block of array descriptors (data address, shape, strides of each field):
the kernels read the same fields (`s.zone`, `c.ops`, ...) through it.

Why not numba's StructRef: it is reference counted, and every kernel call that passes it (and
every field read) paid an atomic increment and decrement, about 30% of the engine's time. The
arrays seen through this view carry no reference count either. Python keeps the NamedTuple of
the same arrays alive (the view holds it), so both share memory.

The inner dimensions of most arrays are fixed by the engine (`ops[i, F_WIDTH]`, `prog[k, trig,
2]`, ...): they are constants of the struct's type, so that an index into them compiles to
constant multiplications, as in C (about 4% more games/s). The leading dimension, and the inner
ones that grow with the card set (`RUN_SIZED`), stay values read at run time: one compiled
engine serves every card set.
"""
import numpy as np
from llvmlite import ir
from numba import typeof
from numba.core import cgutils, config, types
from numba.core.extending import (NativeValue, infer_getattr, lower_getattr_generic, models,
                                  register_model, typeof_impl, unbox)
from numba.core.imputils import impl_ret_untracked
from numba.core.typing.templates import AttributeTemplate
from numba.np.arrayobj import make_array, populate_array

# The inner dimensions whose size depends on the card set, per field: (name, dimension)
RUN_SIZED = {("zone", 2), ("value", 1), ("use_first", 1), ("passes", 1)}


class StructType(types.Type):
    """A pointer to the descriptors of named arrays (`fields`: ((name, array type), ...)), with the
    constant sizes of their inner dimensions (`dims`: (name, (size or None per inner dimension))
    per field)."""

    def __init__(self, kind, fields, dims):
        self.kind = kind
        self.fields = tuple(fields)
        self.dims = tuple(dims)
        self.field_dict = dict(self.fields)
        self.dim_dict = dict(self.dims)
        offsets = {}
        at = 0
        for name, ty in self.fields:
            offsets[name] = at
            at += 1 + 2 * ty.ndim  # data address, shape, strides
        self.offsets = offsets
        shown = (f"{n}: {t}{list(self.dim_dict[n])}" for n, t in self.fields)
        super().__init__(name=f"{kind}({', '.join(shown)})")

    @property
    def key(self):
        return self.kind, self.fields, self.dims


register_model(StructType)(models.OpaqueModel)


@infer_getattr
class _StructAttrs(AttributeTemplate):
    key = StructType

    def generic_resolve(self, typ, attr):
        return typ.field_dict.get(attr)


@lower_getattr_generic(StructType)
def _struct_getattr(context, builder, typ, val, attr):
    arrty = typ.field_dict[attr]
    words = builder.bitcast(val, ir.IntType(64).as_pointer())
    at = typ.offsets[attr]

    invariant = builder.module.add_metadata([])

    i64 = ir.IntType(64)

    def word(i):
        # The descriptors never change while kernels run: marked invariant, their loads can be
        # shared and hoisted even across the stores into the arrays they describe.
        load = builder.load(builder.gep(words, [ir.Constant(ir.IntType(32), at + i)]))
        load.set_metadata("invariant.load", invariant)
        return load

    ary = make_array(arrty)(context, builder)
    nd = arrty.ndim
    itemsize = context.get_abi_sizeof(context.get_data_type(arrty.dtype))
    inner = typ.dim_dict[attr]
    shape = [word(1)] + [word(1 + d) if inner[d - 1] is None else ir.Constant(i64, inner[d - 1])
                         for d in range(1, nd)]
    strides = [word(1 + nd + d) for d in range(nd)]
    populate_array(ary, data=builder.inttoptr(word(0), ary.data.type),
                   shape=cgutils.pack_array(builder, shape),
                   strides=cgutils.pack_array(builder, strides),
                   itemsize=context.get_constant(types.intp, itemsize), meminfo=None)
    return impl_ret_untracked(context, builder, arrty, ary._getvalue())


class StructView:
    """The kernel argument for a NamedTuple of arrays: the descriptors of its fields."""

    def __init__(self, kind, table):
        self.table = table  # keeps the arrays alive
        fields = []
        dims = []
        words = []
        for name, arr in zip(table._fields, table):
            if not arr.flags.c_contiguous:
                raise ValueError(f"{kind}.{name} must be a C-contiguous array")
            fields.append((name, typeof(arr)))
            dims.append((name, tuple(None if (name, d) in RUN_SIZED else arr.shape[d] for d in range(1, arr.ndim))))
            words += [arr.ctypes.data, *arr.shape, *arr.strides]
        self.numba_type = StructType(kind, fields, dims)
        self.words = np.array(words, dtype=np.int64)
        self.address = self.words.ctypes.data


@typeof_impl.register(StructView)
def _typeof_view(val, c):
    return val.numba_type


@unbox(StructType)
def _unbox_view(typ, obj, c):
    addr = c.pyapi.object_getattr_string(obj, "address")
    ptr = c.pyapi.long_as_voidptr(addr)
    c.pyapi.decref(addr)
    return NativeValue(ptr)


def card_ref(table):
    """The kernel view of a CardTable (the NamedTuple itself when numba is disabled)."""
    return table if config.DISABLE_JIT else StructView("CardTable", table)


def state_ref(state):
    """The kernel view of a GameState (the NamedTuple itself when numba is disabled)."""
    return state if config.DISABLE_JIT else StructView("GameState", state)
