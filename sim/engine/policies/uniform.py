"""The random policy: uniformly at random among the legal actions, and every choice at random.

Two answers are not random: the card a buff goes to (the fight closest to being won, as the
heuristic picks it) and, for a cost cut, a card it already fights before any other.
"""
from sim.engine import enums as E
from sim.engine.jit import kernel
from sim.engine.policies import heuristic
from sim.engine.rng import randint, random01, shuffle_prefix
from sim.engine.rules.legal import legal_actions
from sim.engine.state import G_NPLAYERS

MEMORY = {}  # it remembers nothing


@kernel
def prepare(s, c, p, weights, entry):
    pass


@kernel
def choose_action(s, c, p, out):
    rows = s.legal
    i = randint(s.rng, legal_actions(s, c, p, 0, rows))
    if i >= rows.shape[0]:  # past the rows noted: list again from it
        legal_actions(s, c, p, i, rows)
        i = 0
    out[0] = rows[i, 0]
    out[1] = rows[i, 1]
    out[2] = rows[i, 2]


@kernel
def choose_keep(s, c, p, keep):
    for i in range(s.zone_n[p, E.Z_HAND]):
        keep[i] = random01(s.rng) < 0.5


@kernel
def pick_cards(s, c, chooser, buf, n_cand, n, best_first):
    if n < n_cand:
        shuffle_prefix(s.rng, buf, n_cand)


@kernel
def decide_pay(s, c, payer, buf, n_cand, n):
    return random01(s.rng) < 0.5


@kernel
def decide_may(s, c, p):
    return random01(s.rng) < 0.5


@kernel
def choose_player(s, c, p, op, opponents_only, help, has_target):
    n = s.g[G_NPLAYERS]
    cnt = 0
    for q in range(n):
        if not (opponents_only and q == p) and has_target[q]:
            cnt += 1
    if cnt == 0:
        return -1
    r = randint(s.rng, cnt)
    for q in range(n):
        if not (opponents_only and q == p) and has_target[q]:
            if r == 0:
                return q
            r -= 1
    return -1


@kernel
def choose_field_swap(s, c, p):
    n = 0
    for k in range(E.N_SLOTS):
        if s.field[k] >= 0:
            n += 1
    if n < 2:
        return -1, -1
    a = randint(s.rng, n)
    b = randint(s.rng, n - 1)
    if b >= a:
        b += 1
    sa = -1
    sb = -1
    i = 0
    for k in range(E.N_SLOTS):
        if s.field[k] >= 0:
            if i == a:
                sa = k
            if i == b:
                sb = k
            i += 1
    return sa, sb


@kernel
def choose_buff_target(s, c, p, f):
    return heuristic.choose_buff_target(s, c, p, f)


@kernel
def choose_cost_cut(s, c, p, buf, n_cand):
    for j in range(n_cand):
        if heuristic.started_fight(s, p, buf[j]):
            return j
    pick_cards(s, c, p, buf, n_cand, 1, True)
    return 0


@kernel
def choose_option(s, c, p, op_a, op_b, buf, n_a, n_b):
    return 0 if random01(s.rng) < 0.5 else 1


@kernel
def choose_count(s, c, chooser, buf, n_cand, best_first):
    shuffle_prefix(s.rng, buf, n_cand)
    return randint(s.rng, n_cand + 1)


@kernel
def choose_field_removal(s, c, p, buf, n_cand, n, refilled):
    pick_cards(s, c, p, buf, n_cand, n, False)


@kernel
def choose_turn_order(s, c, p, order):
    n = s.g[G_NPLAYERS]
    for q in range(n):
        order[q] = q
    shuffle_prefix(s.rng, order, n)
