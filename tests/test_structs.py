"""The kernel views of the card table and the game state: one compiled engine for every card set."""
from numba import typeof

from sim.cards.cardsets import load_card_records
from sim.cards.compiler import compile_cards
from sim.policy_catalog import N_WEIGHTS
from sim.engine.state import allocate_state
from sim.engine.structs import card_ref, state_ref


def test_kernel_types_do_not_depend_on_the_card_sets_size():
    cards = load_card_records(("base",))
    full, half = compile_cards(cards), compile_cards(cards[: len(cards) // 2])
    assert len(half.inst_card) < len(full.inst_card) and len(half.ops) < len(full.ops)
    assert typeof(card_ref(full)) == typeof(card_ref(half))
    big = allocate_state(len(full.inst_card), len(full.card_id), N_WEIGHTS, 60000)
    small = allocate_state(len(half.inst_card), len(half.card_id), N_WEIGHTS, 4096)
    assert typeof(state_ref(big)) == typeof(state_ref(small))


def test_fixed_inner_dimensions_are_part_of_the_type():
    a = allocate_state(200, 90, N_WEIGHTS, 4096)
    b = allocate_state(200, 90, N_WEIGHTS + 1, 4096)  # another width of the weights
    assert typeof(state_ref(a)) != typeof(state_ref(b))
