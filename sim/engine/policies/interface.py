"""The questions the rules ask a seat's policy, one kernel each, and nothing else.

Each is answered by the algorithm of the seat that decides (s.pl[seat, PL_ALGO], an index of
sim/engine/policies/registry.py), whose module defines a kernel of the same name and arguments.
The rules say what is legal (sim/engine/rules/legal.py); a policy only chooses among it.
Numba copies these kernels into their callers: a question costs one call, into the policy. Each
counts itself in a build that counts decisions (sim/engine/decision_count.py).

The algorithms are bound here by sim/engine/policies/registry.py, not imported: an algorithm may
play the rules ahead (sim/engine/policies/search.py), and the rules ask these questions.
"""
from sim.engine.decision_count import decision_begins, decision_ends
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
    decision_begins(s)
    _choose_action(s.pl[p, PL_ALGO], s, c, p, out)
    decision_ends(s)


@inline_kernel
def choose_keep(s, c, p, keep):
    """Upkeep: mark keep[i] for the hand cards (by position) p keeps."""
    decision_begins(s)
    _choose_keep(s.pl[p, PL_ALGO], s, c, p, keep)
    decision_ends(s)


@inline_kernel
def pick_cards(s, c, chooser, buf, n_cand, n, best_first):
    """Reorder buf[:n_cand] so that its first n entries are the chooser's picks (best_first: the
    chooser gains by the cards it picks, so it picks its best)."""
    decision_begins(s)
    _pick_cards(s.pl[chooser, PL_ALGO], s, c, chooser, buf, n_cand, n, best_first)
    decision_ends(s)


@inline_kernel
def decide_pay(s, c, payer, buf, n_cand, n):
    """Pay an optional cost with n of the candidates buf[:n_cand] (there are enough)? If so, the
    first n entries are the cards paid."""
    decision_begins(s)
    answer = _decide_pay(s.pl[payer, PL_ALGO], s, c, payer, buf, n_cand, n)
    decision_ends(s)
    return answer


@inline_kernel
def decide_may(s, c, p):
    """Do what a "you may" step offers?"""
    decision_begins(s)
    answer = _decide_may(s.pl[p, PL_ALGO], s, c, p)
    decision_ends(s)
    return answer


@inline_kernel
def choose_player(s, c, p, op, opponents_only, help, has_target):
    """Whom the effect step `op` (its row of c.ops) of p's targets (-1: none): has_target[q] says
    whether, as far as p can see, q has a card it can hit; help: the effect benefits its target."""
    decision_begins(s)
    answer = _choose_player(s.pl[p, PL_ALGO], s, c, p, op, opponents_only, help, has_target)
    decision_ends(s)
    return answer


@inline_kernel
def choose_field_swap(s, c, p):
    """Jamian: two field slots to swap ((-1, -1) with fewer than 2 cards on the field)."""
    decision_begins(s)
    answer = _choose_field_swap(s.pl[p, PL_ALGO], s, c, p)
    decision_ends(s)
    return answer


@inline_kernel
def choose_buff_target(s, c, p, f):
    """Taurus/Leo Cloth: the card of p's in play, passing filter f, that gains the buff (-1: none)."""
    decision_begins(s)
    answer = _choose_buff_target(s.pl[p, PL_ALGO], s, c, p, f)
    decision_ends(s)
    return answer


@inline_kernel
def choose_cost_cut(s, c, p, buf, n_cand):
    """Capella, Cassios: which of the field cards buf[:n_cand] (at least one) gets the cost cut
    (its index)."""
    decision_begins(s)
    answer = _choose_cost_cut(s.pl[p, PL_ALGO], s, c, p, buf, n_cand)
    decision_ends(s)
    return answer


@inline_kernel
def choose_option(s, c, p, op_a, op_b, buf, n_a, n_b):
    """"X or Y" (ASG-21), both possible: 0 for the move op_a (its candidates, p's own cards,
    buf[:n_a]), 1 for op_b (buf[n_a:n_a + n_b])."""
    decision_begins(s)
    answer = _choose_option(s.pl[p, PL_ALGO], s, c, p, op_a, op_b, buf, n_a, n_b)
    decision_ends(s)
    return answer


@inline_kernel
def choose_count(s, c, chooser, buf, n_cand, best_first):
    """A move of "any number" of the candidates buf[:n_cand] (Mime): how many (0..n_cand), the
    chooser's picks first in buf (best_first as for `pick_cards`)."""
    decision_begins(s)
    answer = _choose_count(s.pl[chooser, PL_ALGO], s, c, chooser, buf, n_cand, best_first)
    decision_ends(s)
    return answer


@inline_kernel
def choose_field_removal(s, c, p, buf, n_cand, n, refilled):
    """p removes n of the field cards buf[:n_cand] (fewer than there are) to the battlefield
    discard: reorder buf so that its first n entries are those. refilled: the emptied slots are
    refilled at once (Gigas), else they stay empty until the upkeep (Guard #1034)."""
    decision_begins(s)
    _choose_field_removal(s.pl[p, PL_ALGO], s, c, p, buf, n_cand, n, refilled)
    decision_ends(s)


@inline_kernel
def choose_turn_order(s, c, p, order):
    """Co-op, a Player phase starts (COOP-3, `coop_turn_order = "policy"`): p, for the team, fills
    order[:n] with the n players' seats in the order they take their turns."""
    decision_begins(s)
    _choose_turn_order(s.pl[p, PL_ALGO], s, c, p, order)
    decision_ends(s)
