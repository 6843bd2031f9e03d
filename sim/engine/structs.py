"""Pass the card table and the game state to numba by reference, without reference counting.

Numba flattens a NamedTuple argument into one argument per array field at every call, which made
each call of the engine carry hundreds of values and its compilation take minutes. Here a struct
is one pointer, to a block of array descriptors (data address, shape, strides of each field):
the kernels read the same fields (`s.zone`, `c.ops`, ...) through it.

Why not numba's StructRef: it is reference counted, and every kernel call that passes it (and
every field read) paid an atomic increment and decrement, about 30% of the engine's time. The
arrays seen through this view carry no reference count either, and numba counts no references to
them (`EngineArrayModel`). Python keeps the NamedTuple of the same arrays alive (the view holds
it), so both share memory.

The inner dimensions of most arrays are fixed by the engine (`ops[i, F_WIDTH]`, `prog[k, trig,
2]`, ...): they are constants of the struct's type, so that an index into them compiles to
constant multiplications, as in C (about 4% more games/s). The leading dimension, and the inner
ones that grow with the card set (`RUN_SIZED`), stay values read at run time: one compiled
engine serves every card set.

A field may itself be a struct (the state's `mind`, the policies' memory): one word, its address.

The arrays seen through a struct are `EngineArray`s: indexed by integers they address as C does,
without numba's wrap-around of a negative index (three instructions per index, in an engine that
indexes arrays by card instances read from other arrays everywhere: about a third of its
instructions). The engine never indexes with a negative value at run time; tests/test_bounds.py
plays games with numba's bounds checks on to hold it to that.
"""
import hashlib
import operator

import numpy as np
from llvmlite import ir
from numba import typeof
from numba.core import cgutils, config, types
from numba.core.extending import (NativeValue, infer_getattr, intrinsic, lower_getattr_generic, models, overload,
                                  register_model, typeof_impl, unbox)
from numba.core.imputils import impl_ret_untracked, lower_builtin
from numba.core.typing.templates import AttributeTemplate
from numba.np import arrayobj
from numba.np.arrayobj import make_array, populate_array

# The inner dimensions whose size depends on the card set, per field: (name, dimension)
RUN_SIZED = {("zone", 2), ("held", 1), ("value", 1), ("use_first", 1), ("passes", 1)}


class EngineArray(types.Array):
    """An array of a struct (see the module docstring); its views are engine arrays too."""

    def __init__(self, dtype, ndim, layout, readonly=False, aligned=True):
        super().__init__(dtype, ndim, layout, readonly=readonly, aligned=aligned,
                         name=f"engine array({dtype}, {ndim}d, {layout})")

    def copy(self, dtype=None, ndim=None, layout=None, readonly=None):
        return EngineArray(self.dtype if dtype is None else dtype, self.ndim if ndim is None else ndim,
                           self.layout if layout is None else layout,
                           not self.mutable if readonly is None else readonly, self.aligned)


@register_model(EngineArray)
class EngineArrayModel(models.ArrayModel):
    """An array model with no reference to count: an engine array's memory is a struct's, which
    Python keeps alive, and its meminfo is null; numba cannot allocate one (tests/test_memory.py).
    With numba's model, a kernel that takes an engine array (a policy's `out`, say) called numba's
    runtime to count a reference to it on entry and again on return, where numba's pruning of
    such pairs left them."""

    def traverse(self, builder):
        return []


def _integer_index(builder, idxty, idx):
    """(types, values) of an index made of integers only, else (None, None)."""
    if isinstance(idxty, types.Integer):
        return (idxty,), (idx,)
    if isinstance(idxty, types.BaseTuple) and all(isinstance(t, types.Integer) for t in idxty.types):
        return idxty.types, cgutils.unpack_tuple(builder, idx, count=len(idxty))
    return None, None


def _item_pointer(context, builder, aryty, ary, index_types, indices):
    """The address of ary[indices] (integers, at most one per dimension) and the shapes and strides
    of the dimensions left, addressed as C does."""
    shapes = cgutils.unpack_tuple(builder, ary.shape, aryty.ndim)
    strides = cgutils.unpack_tuple(builder, ary.strides, aryty.ndim)
    inds = [context.cast(builder, i, t, types.intp) for t, i in zip(index_types, indices)]
    if context.enable_boundscheck:
        for axis, ind in enumerate(inds):
            cgutils.do_boundscheck(context, builder, ind, shapes[axis], axis)
    n = len(inds)
    zeros = [context.get_constant(types.intp, 0)] * (aryty.ndim - n)
    ptr = cgutils.get_item_pointer2(context, builder, ary.data, shapes, strides, aryty.layout, inds + zeros)
    return ptr, shapes[n:], strides[n:]


@lower_builtin(operator.getitem, EngineArray, types.Integer)
@lower_builtin(operator.getitem, EngineArray, types.BaseTuple)
def _engine_getitem(context, builder, sig, args):
    aryty, idxty = sig.args
    index_types, indices = _integer_index(builder, idxty, args[1])
    if index_types is None:  # slices and the like: numba's own indexing
        numba_getitem = arrayobj.getitem_array_tuple if isinstance(idxty, types.BaseTuple) \
            else arrayobj.getitem_arraynd_intp
        return numba_getitem(context, builder, sig, args)
    ary = make_array(aryty)(context, builder, args[0])
    ptr, shapes, strides = _item_pointer(context, builder, aryty, ary, index_types, indices)
    if isinstance(sig.return_type, types.Buffer):
        view = arrayobj.make_view(context, builder, aryty, ary, sig.return_type, ptr, shapes, strides)
        return impl_ret_untracked(context, builder, sig.return_type, view._getvalue())
    return arrayobj.load_item(context, builder, aryty, ptr)


@lower_builtin(operator.setitem, EngineArray, types.Any, types.Any)
def _engine_setitem(context, builder, sig, args):
    aryty, idxty, valty = sig.args
    index_types, indices = _integer_index(builder, idxty, args[1])
    if index_types is None or len(index_types) != aryty.ndim:  # a slice or a view: numba's own
        return arrayobj.setitem_array(context, builder, sig, args)
    ary = make_array(aryty)(context, builder, args[0])
    ptr, _, _ = _item_pointer(context, builder, aryty, ary, index_types, indices)
    arrayobj.store_item(context, builder, aryty, context.cast(builder, args[2], valty, aryty.dtype), ptr)
    return context.get_dummy_value()


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
            at += 1 if isinstance(ty, StructType) else 1 + 2 * ty.ndim  # address; or data address, shapes, strides
        self.offsets = offsets
        shown = (f"{n}: {t}{list(self.dim_dict[n])}" for n, t in self.fields)
        super().__init__(name=f"{kind}({', '.join(shown)})")

    @property
    def key(self):
        return self.kind, self.fields, self.dims

    @property
    def mangling_args(self):
        """The type in the kernels' symbol names: its kind and a digest of its layout. Its full name
        (every field and its array type) made each kernel's symbol about 7 KB long."""
        return f"{self.kind}_{hashlib.sha256(self.name.encode()).hexdigest()[:16]}", ()


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

    if isinstance(arrty, StructType):
        return builder.inttoptr(word(0), context.get_value_type(arrty))

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
        self.parts = []     # and the views of its struct fields
        fields = []
        dims = []
        words = []
        for name, arr in zip(table._fields, table):
            if isinstance(arr, tuple):  # a struct field
                part = StructView(type(arr).__name__, arr)
                self.parts.append(part)
                fields.append((name, part.numba_type))
                dims.append((name, ()))
                words.append(part.address)
                continue
            if not arr.flags.c_contiguous:
                raise ValueError(f"{kind}.{name} must be a C-contiguous array")
            t = typeof(arr)
            fields.append((name, EngineArray(t.dtype, t.ndim, t.layout)))
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


# --- Spare structs: a state a kernel plays ahead on ------------------------------------------
_BY_ADDRESS = {}  # with numba disabled: the structs `struct_address` gave out


def struct_address(view) -> int:
    """An address `struct_at` turns back into the struct (keep the view alive meanwhile)."""
    if config.DISABLE_JIT:
        _BY_ADDRESS[id(view)] = view
        return id(view)
    return view.address


@intrinsic
def _struct_at(typingctx, address, like):
    if not isinstance(like, StructType) or not isinstance(address, types.Integer):
        return None

    def codegen(context, builder, sig, args):
        return builder.inttoptr(args[0], context.get_value_type(sig.return_type))

    return like(address, like), codegen


def struct_at(address, like):
    """The struct at `address` (from `struct_address`), of the type of `like`."""
    return _BY_ADDRESS[int(address)]


if not config.DISABLE_JIT:
    struct_at = _struct_at  # noqa: F811


def copy_struct(dst, src):
    """Copy each array of src (and of its struct fields) into dst, a struct of the same type,
    where their shapes agree (a spare state's log is smaller, and it has no spares itself)."""
    for name, value in zip(src._fields, src):
        if isinstance(value, tuple):
            copy_struct(getattr(dst, name), value)
        elif getattr(dst, name).shape == value.shape:
            getattr(dst, name)[...] = value


@intrinsic
def _copy_items(typingctx, dst, src):
    """Copy src's items into dst, two C-contiguous arrays of one type and shape, as one block of
    memory: numba's `dst[...] = src` broadcasts item by item, about a kilobyte of machine code
    for each of the state's arrays."""
    if not (isinstance(src, types.Array) and src.layout == "C" and dst == src):
        return None

    def codegen(context, builder, sig, args):
        to, of = (make_array(ty)(context, builder, a) for ty, a in zip(sig.args, args))
        itemsize = context.get_abi_sizeof(context.get_data_type(src.dtype))
        cgutils.raw_memcpy(builder, to.data, of.data, of.nitems, itemsize)
        return context.get_dummy_value()

    return types.none(dst, src), codegen


@overload(copy_struct, jit_options=dict(nogil=True), strict=False)
def _copy_struct(dst, src):
    lines = ["def impl(dst, src):"]

    def walk(ty, path):
        for name, fty in ty.fields:
            if isinstance(fty, StructType):
                walk(fty, f"{path}.{name}")
            else:
                lines.append(f"    if dst{path}.{name}.shape == src{path}.{name}.shape:")
                lines.append(f"        copy_items(dst{path}.{name}, src{path}.{name})")

    walk(src, "")
    lines.append("    return")
    glob = {"copy_items": _copy_items}
    exec("\n".join(lines), glob)
    return glob["impl"]
