"""Hilda, the solo mode's opponent (SOLO-13): not a player's policy but her fixed priorities, for
the choices the rules leave to the seat whose cards an effect hits.

She plays no turn (sim/engine/modes/solo.py plays her steps), so only the victim's questions
reach her: which of her cards a discard, Wound, Freeze or Destroy takes. Destroy, Wound, Freeze:
the fewest printed VP ("*" cards count 0), then the lowest Strength + Cosmos; Discard: the lowest
Strength + Cosmos. Where a tie remains the player would choose (SOLO-14); the cards then all
score the same printed VP, and she takes the first in her zone's order. She never pays, never
accepts a "may", and takes the first of two options.
"""
from sim.engine import enums as E
from sim.engine.jit import kernel
from sim.engine.rules.legal import A_END
from sim.engine.state import G_MOVE_DST, G_NPLAYERS

MEMORY = {}  # she remembers nothing


@kernel
def priority(c, inst, discard):
    """Smaller first: the card her rules give up first."""
    k = c.inst_card[inst]
    values = c.strength[k] + c.cosmos[k]
    return values if discard else max(c.vp[k], 0) * 1000 + values


@kernel
def prepare(s, c, p, weights, entry):
    pass


@kernel
def choose_action(s, c, p, out):
    out[0] = A_END
    out[1] = -1
    out[2] = -1


@kernel
def choose_keep(s, c, p, keep):
    for i in range(s.zone_n[p, E.Z_HAND]):
        keep[i] = True


@kernel
def pick_cards(s, c, chooser, buf, n_cand, n, best_first):
    discard = s.g[G_MOVE_DST] == E.Z_DISCARD
    for i in range(1, n_cand):  # a stable insertion sort: ties keep her zone's order
        x = buf[i]
        key = priority(c, x, discard)
        j = i - 1
        while j >= 0 and priority(c, buf[j], discard) > key:
            buf[j + 1] = buf[j]
            j -= 1
        buf[j + 1] = x


@kernel
def decide_pay(s, c, payer, buf, n_cand, n):
    return False


@kernel
def decide_may(s, c, p):
    return False


@kernel
def choose_player(s, c, p, op, opponents_only, help, has_target):
    return -1


@kernel
def choose_field_swap(s, c, p):
    return -1, -1


@kernel
def choose_buff_target(s, c, p, f):
    return -1


@kernel
def choose_cost_cut(s, c, p, buf, n_cand):
    return 0


@kernel
def choose_option(s, c, p, op_a, op_b, buf, n_a, n_b):
    return 0


@kernel
def choose_count(s, c, chooser, buf, n_cand, best_first):
    return 0  # she gives up none of her cards: their order does not matter


@kernel
def choose_field_removal(s, c, p, buf, n_cand, n, refilled):
    pass


@kernel
def choose_turn_order(s, c, p, order):
    for q in range(s.g[G_NPLAYERS]):  # she plays no co-op game: seat order
        order[q] = q
