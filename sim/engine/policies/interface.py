"""The questions the rules ask a seat's policy, one kernel each, and nothing else.

Each is answered by the algorithm of the seat that decides (s.pl[seat, PL_ALGO], an index of
sim/engine/policies/registry.py), whose module defines a kernel of the same name and arguments.
The rules say what is legal (sim/engine/rules/legal.py); a policy only chooses among it.
Numba copies these kernels into their callers: a question costs one call, into the policy.

The algorithms are bound here by sim/engine/policies/registry.py, not imported: an algorithm may
play the rules ahead (sim/engine/policies/search.py), and the rules ask these questions.
"""
from sim.engine.jit import by_index, inline_kernel
from sim.engine.state import PL_ALGO

QUESTIONS = ("prepare", "choose_action", "choose_keep", "pick_cards", "decide_pay", "decide_may", "choose_player",
             "choose_field_swap", "choose_buff_target", "choose_cost_cut", "choose_option", "choose_count",
             "choose_field_removal", "choose_turn_order")

# Each question's dispatch to the algorithms' answers (`by_index`), made by bind(). The kernels
# below read these globals when a caller is compiled, by which time the registry has bound them.
_prepare = _choose_action = _choose_keep = _pick_cards = _decide_pay = _decide_may = _choose_player = None
_choose_field_swap = _choose_buff_target = _choose_cost_cut = _choose_option = _choose_count = None
_choose_field_removal = _choose_turn_order = None


def bind(algorithms: tuple):
    """The policy algorithms, in the order of their indices (s.pl[seat, PL_ALGO])."""
    globals().update({f"_{question}": by_index(question, algorithms) for question in QUESTIONS})


@inline_kernel
def prepare(s, c, p, algorithm, weights, entry):
    """A game starts: seat p plays the run's policy number `entry`, of this algorithm and weights."""
    s.pl[p, PL_ALGO] = algorithm
    _prepare(algorithm, s, c, p, weights, entry)


@inline_kernel
def choose_action(s, c, p, out):
    """Fill out = (kind, a, b) with p's next main-phase action (legal: sim/engine/rules/legal.py)."""
    _choose_action(s.pl[p, PL_ALGO], s, c, p, out)


@inline_kernel
def choose_keep(s, c, p, keep):
    """Upkeep: mark keep[i] for the hand cards (by position) p keeps."""
    _choose_keep(s.pl[p, PL_ALGO], s, c, p, keep)


@inline_kernel
def pick_cards(s, c, chooser, buf, n_cand, n, best_first):
    """Reorder buf[:n_cand] so that its first n entries are the chooser's picks (best_first: the
    chooser gains by the cards it picks, so it picks its best)."""
    _pick_cards(s.pl[chooser, PL_ALGO], s, c, chooser, buf, n_cand, n, best_first)


@inline_kernel
def decide_pay(s, c, payer, buf, n_cand, n):
    """Pay an optional cost with n of the candidates buf[:n_cand] (there are enough)? If so, the
    first n entries are the cards paid."""
    return _decide_pay(s.pl[payer, PL_ALGO], s, c, payer, buf, n_cand, n)


@inline_kernel
def decide_may(s, c, p):
    """Do what a "you may" step offers?"""
    return _decide_may(s.pl[p, PL_ALGO], s, c, p)


@inline_kernel
def choose_player(s, c, p, op, opponents_only, help, has_target):
    """Whom the effect step `op` (its row of c.ops) of p's targets (-1: none): has_target[q] says
    whether, as far as p can see, q has a card it can hit; help: the effect benefits its target."""
    return _choose_player(s.pl[p, PL_ALGO], s, c, p, op, opponents_only, help, has_target)


@inline_kernel
def choose_field_swap(s, c, p):
    """Jamian: two field slots to swap ((-1, -1) with fewer than 2 cards on the field)."""
    return _choose_field_swap(s.pl[p, PL_ALGO], s, c, p)


@inline_kernel
def choose_buff_target(s, c, p, f):
    """Taurus/Leo Cloth: the card of p's in play, passing filter f, that gains the buff (-1: none)."""
    return _choose_buff_target(s.pl[p, PL_ALGO], s, c, p, f)


@inline_kernel
def choose_cost_cut(s, c, p, buf, n_cand):
    """Capella, Cassios: which of the field cards buf[:n_cand] (at least one) gets the cost cut
    (its index)."""
    return _choose_cost_cut(s.pl[p, PL_ALGO], s, c, p, buf, n_cand)


@inline_kernel
def choose_option(s, c, p, op_a, op_b, buf, n_a, n_b):
    """"X or Y" (ASG-21), both possible: 0 for the move op_a (its candidates, p's own cards,
    buf[:n_a]), 1 for op_b (buf[n_a:n_a + n_b])."""
    return _choose_option(s.pl[p, PL_ALGO], s, c, p, op_a, op_b, buf, n_a, n_b)


@inline_kernel
def choose_count(s, c, chooser, buf, n_cand, best_first):
    """A move of "any number" of the candidates buf[:n_cand] (Mime): how many (0..n_cand), the
    chooser's picks first in buf (best_first as for `pick_cards`)."""
    return _choose_count(s.pl[chooser, PL_ALGO], s, c, chooser, buf, n_cand, best_first)


@inline_kernel
def choose_field_removal(s, c, p, buf, n_cand, n, refilled):
    """p removes n of the field cards buf[:n_cand] (fewer than there are) to the battlefield
    discard: reorder buf so that its first n entries are those. refilled: the emptied slots are
    refilled at once (Gigas), else they stay empty until the upkeep (Guard #1034)."""
    _choose_field_removal(s.pl[p, PL_ALGO], s, c, p, buf, n_cand, n, refilled)


@inline_kernel
def choose_turn_order(s, c, p, order):
    """Co-op, a Player phase starts (COOP-3, `coop_turn_order = "policy"`): p, for the team, fills
    order[:n] with the n players' seats in the order they take their turns."""
    _choose_turn_order(s.pl[p, PL_ALGO], s, c, p, order)
