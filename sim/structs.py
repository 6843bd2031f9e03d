"""Pass the card table and the game state to numba by reference.

Numba flattens a NamedTuple argument into one argument per array field at every call, which made
each call of the engine carry hundreds of values and its compilation take minutes. A StructRef is
one pointer: the kernels read the same fields (`s.zone`, `c.ops`, ...) through it. Python keeps
the NamedTuple of the same arrays, so both views share memory.
"""
from numba.core import config, types
from numba.experimental import structref


class _Struct(types.StructRef):
    def preprocess_fields(self, fields):
        return tuple((name, types.unliteral(typ)) for name, typ in fields)


@structref.register
class CardTableType(_Struct):
    pass


@structref.register
class GameStateType(_Struct):
    pass


class CardTableRef(structref.StructRefProxy):
    pass


class GameStateRef(structref.StructRefProxy):
    pass


def _define(proxy, typeclass, namedtuple_cls):
    structref.define_proxy(proxy, typeclass, list(namedtuple_cls._fields))


def card_ref(table):
    """The kernel view of a CardTable (the NamedTuple itself when numba is disabled)."""
    return table if config.DISABLE_JIT else CardTableRef(*table)


def state_ref(state):
    """The kernel view of a GameState (the NamedTuple itself when numba is disabled)."""
    return state if config.DISABLE_JIT else GameStateRef(*state)


def _register():
    from .compiler import CardTable
    from .state import GameState
    _define(CardTableRef, CardTableType, CardTable)
    _define(GameStateRef, GameStateType, GameState)


_register()
