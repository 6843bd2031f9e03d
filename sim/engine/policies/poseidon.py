"""Poseidon, the co-operative mode's opponent (COOP-12): not a player's policy but its fixed
choices, for the questions the rules ask of its seat.

It plays no turn: its phase (sim/engine/modes/coop.py) applies the cards it collects, and the
players' effects reach it as their only opponent. Its own cards to give up (discard, mark,
destroy): the fewest printed VP ("*" counts 0), then the lowest Strength + Cosmos, then the one
highest in the Main Breadwinner. The players' cards it picks: the most printed VP, then the
highest Strength + Cosmos. The player it picks: the one with the most VP now, then seat order from
the last player who played. Any other choice: none ("may" steps declined, no cost paid, the first
option), which never helps the players.
"""
from sim.engine.jit import kernel
# the questions it answers as Hilda does: no turn, no hand kept, never pay nor accept a "may", no
# swap, buff, cut or count, the first of two options, no turn order of its own
from sim.engine.policies.hilda import (choose_action, choose_buff_target, choose_cost_cut, choose_count,  # noqa: F401
                                       choose_field_removal, choose_field_swap, choose_keep, choose_option,
                                       choose_turn_order, decide_may, decide_pay, prepare)
from sim.engine.rules.scoring import score_player
from sim.engine.state import G_LAST_PLAYER, G_NPLAYERS

MEMORY = {}  # it remembers nothing


@kernel
def give_up_first(c, inst):
    """Smaller first: the card of its own it gives up first."""
    k = c.inst_card[inst]
    return max(c.vp[k], 0) * 1000 + c.strength[k] + c.cosmos[k]


@kernel
def pick_cards(s, c, chooser, buf, n_cand, n, best_first):
    """Its own cards: the one it gives up first leads (ties: the highest in the Breadwinner, the
    later in its zone); a player's: the most VP leads."""
    own = n_cand > 0 and s.inst_row[buf[0]] == chooser
    for i in range(1, n_cand):  # a stable insertion sort
        x = buf[i]
        key = give_up_first(c, x) if own else -give_up_first(c, x)
        j = i - 1
        while j >= 0 and (give_up_first(c, buf[j]) if own else -give_up_first(c, buf[j])) >= key:
            buf[j + 1] = buf[j]
            j -= 1
        buf[j + 1] = x


@kernel
def choose_player(s, c, p, op, opponents_only, help, has_target):
    """The player with the most VP now among those it can reach; ties: seat order from the last
    player who played."""
    n = s.g[G_NPLAYERS]
    best = -1
    best_vp = -100000
    for r in range(n):
        q = (s.g[G_LAST_PLAYER] + r) % n
        if has_target[q]:
            v = score_player(s, c, q)
            if v > best_vp:
                best_vp = v
                best = q
    return best
