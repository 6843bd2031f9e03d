"""The whole state of a game: the rules' fields (sim/engine/state.py) with the policies' memory
(sim/engine/policies/memory.py) as its `mind`; allocated for a card table, refilled by kernels
written from the two declarations."""
from sim.engine.declare import refill_kernel
from sim.engine.policies.heuristic import PLAN_CARDS
from sim.engine.policies.memory import MEMORY
from sim.engine.policies.weights import N_WEIGHTS
from sim.engine.state import STATE
from sim.engine.structs import StructView, state_ref, struct_address

N_SPARES = 2  # the spare states a game's state carries (sim/engine/policies/search.py plays on them)

DECLARATIONS = {"": STATE, "mind": MEMORY}
refill_each_game = refill_kernel("game", DECLARATIONS)
refill_each_batch = refill_kernel("batch", DECLARATIONS)


def sizes(n_instances: int, n_cards: int, log_capacity: int, spares: int = N_SPARES) -> dict:
    """The run's sizes that the declared shapes name."""
    return {"instances": n_instances, "instances+1": n_instances + 1, "cards": n_cards, "weights": N_WEIGHTS,
            "log": max(log_capacity, 1), "plan": PLAN_CARDS + n_instances, "spares": spares}


def allocate_state(n_instances: int, n_cards: int, log_capacity: int, spares: int = N_SPARES):
    """A GameState for a card set of n_instances physical and n_cards distinct cards."""
    run = sizes(n_instances, n_cards, log_capacity, spares)
    return STATE.allocate(run, mind=MEMORY.allocate(run))


def state_view(state):
    """The kernel argument for a state (`structs.state_ref`), with its spare states (no log, no
    spares of their own) allocated, their addresses in state.spares, kept alive by the view."""
    n_instances, n_cards = len(state.inst_row), state.mind.value.shape[1]
    spares = [state_ref(allocate_state(n_instances, n_cards, 1, spares=0)) for _ in state.spares]
    state.spares[:] = [struct_address(v) for v in spares]
    view = state_ref(state)
    if isinstance(view, StructView):
        view.parts.extend(spares)
    return view


def check_state(state, n_instances: int, n_cards: int, log_capacity: int):
    """Raise ValueError naming the first field of state (or of its mind) that does not fit."""
    run = sizes(n_instances, n_cards, log_capacity, len(state.spares))
    STATE.check(state, run)
    MEMORY.check(state.mind, run)
