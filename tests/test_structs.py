"""The kernel views of the card table and the game state: one compiled engine for every card set."""
from numba import typeof

from sim.cards.cardsets import load_card_records
from sim.cards.compiler import compile_cards
from sim.engine.allocation import allocate_state, sizes
from sim.engine.policies.memory import MEMORY
from sim.engine.state import STATE
from sim.engine.structs import card_ref, state_ref


def test_kernel_types_do_not_depend_on_the_card_sets_size():
    cards = load_card_records(("base",))
    full, half = compile_cards(cards), compile_cards(cards[: len(cards) // 2])
    assert len(half.inst_card) < len(full.inst_card) and len(half.ops) < len(full.ops)
    assert typeof(card_ref(full)) == typeof(card_ref(half))
    big = allocate_state(len(full.inst_card), len(full.card_id), 60000)
    small = allocate_state(len(half.inst_card), len(half.card_id), 4096)
    assert typeof(state_ref(big)) == typeof(state_ref(small))


def test_fixed_inner_dimensions_are_part_of_the_type():
    a = allocate_state(200, 90, 4096)
    run = dict(sizes(200, 90, 4096), weights=sizes(200, 90, 4096)["weights"] + 1)  # another width of the weights
    b = STATE.allocate(run, mind=MEMORY.allocate(run))
    assert typeof(state_ref(a)) != typeof(state_ref(b))


def test_a_state_is_checked_against_its_declaration():
    import numpy as np
    import pytest
    from sim.engine.allocation import check_state
    state = allocate_state(200, 90, 4096)
    check_state(state, 200, 90, 4096)
    with pytest.raises(ValueError, match=r"GameState.field must be int64\[7\], not int64\[6\]"):
        check_state(state._replace(field=np.zeros(6, np.int64)), 200, 90, 4096)
    with pytest.raises(ValueError, match=r"PolicyMemory.value must be float64\[6, 90\]"):
        check_state(state._replace(mind=state.mind._replace(value=np.zeros((6, 91)))), 200, 90, 4096)


def test_a_state_copies_into_a_spare_array_by_array_where_shapes_agree():
    import numpy as np
    from numba import njit
    from sim.engine.structs import copy_struct

    @njit
    def copy(dst, src):
        copy_struct(dst, src)

    src, spare = allocate_state(200, 90, 4096), allocate_state(200, 90, 64)  # a spare's log is smaller
    rng = np.random.default_rng(1)

    def arrays(state):
        for name, value in zip(state._fields, state):
            yield from arrays(value) if isinstance(value, tuple) else [(name, value)]

    for _, a in arrays(src):
        a[...] = rng.integers(0, 100, a.shape) if a.dtype.kind in "iu" else rng.random(a.shape) < 0.5 \
            if a.dtype.kind == "b" else rng.random(a.shape)
    copy(state_ref(spare), state_ref(src))
    pairs = list(zip(arrays(src), arrays(spare)))
    assert any(a.shape != b.shape for (_, a), (_, b) in pairs)
    for (name, a), (_, b) in pairs:
        if a.shape == b.shape:
            assert np.array_equal(a, b), name
        else:
            assert not b.any(), name  # left as it was
