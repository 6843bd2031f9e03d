"""The whole state of a game: the rules' fields (sim/engine/state.py) with the policies' memory
(sim/engine/policies/memory.py) as its `mind`; allocated for a card table, refilled by kernels
written from the two declarations."""
from sim.engine.declare import refill_kernel
from sim.engine.policies.heuristic import PLAN_CARDS
from sim.engine.policies.memory import MEMORY
from sim.engine.policies.weights import N_WEIGHTS
from sim.engine.state import STATE

DECLARATIONS = {"": STATE, "mind": MEMORY}
refill_each_game = refill_kernel("game", DECLARATIONS)
refill_each_batch = refill_kernel("batch", DECLARATIONS)


def sizes(n_instances: int, n_cards: int, log_capacity: int) -> dict:
    """The run's sizes that the declared shapes name."""
    return {"instances": n_instances, "instances+1": n_instances + 1, "cards": n_cards, "weights": N_WEIGHTS,
            "log": max(log_capacity, 1), "plan": PLAN_CARDS + n_instances}


def allocate_state(n_instances: int, n_cards: int, log_capacity: int):
    """A GameState for a card set of n_instances physical and n_cards distinct cards."""
    run = sizes(n_instances, n_cards, log_capacity)
    return STATE.allocate(run, mind=MEMORY.allocate(run))


def check_state(state, n_instances: int, n_cards: int, log_capacity: int):
    """Raise ValueError naming the first field of state (or of its mind) that does not fit."""
    run = sizes(n_instances, n_cards, log_capacity)
    STATE.check(state, run)
    MEMORY.check(state.mind, run)
