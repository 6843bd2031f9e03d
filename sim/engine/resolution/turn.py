"""A player's turn: the main phase (policy actions until it ends) and the upkeep.

Upkeep (hades.txt Turn Summary, card-facts §1.5): 1. discard the cards in play and the hand cards
not kept (wounded cards and the equipped Cloth stay); 2. draw up to 5 (GEN-2 reshuffle);
3. the slot-6 card goes to the battlefield discard (Exit, Flame; nothing if slot 6 is empty,
GEN-14, unless the rules parameter `upkeep_remove_last_card` takes the last card instead), the
others shift right, and the field refills right to left with Arrival effects; 4. with Hades, the
Underworld is prepared (HAD-2, sim/engine/rules/underworld.py).
The current Epic's turn programs run before the first action and after the refill (POS-8); its
`hand_size` rule changes the 5 of step 2.
"""
from sim.engine.jit import inline_kernel, kernel

from sim.engine import enums as E
from sim.engine.params import R_UPKEEP_REMOVE_LAST_CARD
from sim.engine.rules.field import discard_from_field, field_is_empty, push_pending, shift_right
from sim.engine.policies.interface import choose_action, choose_keep, decide_may
from sim.engine.resolution.actions import apply_action, drain, end_of_turn_returns
from sim.engine.resolution.effects import run_program
from sim.engine.rules.epics import epic_rule
from sim.engine.rules.fight import cond_holds
from sim.engine.rules.invariants import V_LENT, check_invariants, violation
from sim.engine.rules.coop import reveal_for, tidy_poseidon
from sim.engine.rules.senses import recharge_senses
from sim.engine.rules.trials import TRIAL_SPACES, refill_trials
from sim.engine.rules.underworld import prepare_underworld, shackle_top
from sim.engine.state import (G_ACQ_CHECKED, G_ACTIONS, G_CHECK, G_FIELD_END, G_HADES, G_IN_MAIN, G_TRIALS_ON, PL_FIELD_WINS, G_MAY_RELIC, G_POSEIDON, G_END_NOW, G_EPIC, G_OPEN_SEAT, G_OPEN_TARGET, G_RELICS_ON, G_FIELD_REVEALS, G_FREEZES_ON, G_HEAL_HEARTS, G_LAST_FLAME, G_LENT,
                              G_NPLAYERS, G_TURN_MARKS, P_REFILL, PL_ALT_FILTER, PL_GIFTS, PL_TURN_STRENGTH)
from sim.engine.rules.zones import draw_cards, freeze_fellow_fighters, log_event, move_all, move_all_but, program_op

HAND_SIZE = 5
MAX_ACTIONS_PER_TURN = 300  # safety only: a turn never needs this many actions


@inline_kernel
def epic_turn_program(s, c, p, trig):
    """The current Epic's program at the start or the end of p's turn (T_TURN_START, T_TURN_END).
    Copied into its callers: without an Epic it costs no call."""
    if s.g[G_EPIC] > 0:
        run_epic_program(s, c, p, trig)


@kernel
def run_epic_program(s, c, p, trig):
    run_program(s, c, trig, s.g[G_EPIC] - 1, p, -1, -1)
    drain(s, c)


@kernel
def hand_size(s, c, p):
    """The cards p draws up to at upkeep: 5, or what the `hand_size` rule says of the Shackle
    effect of the top card of p's Shackle pile (Hades, HAD-17), or else of the current Epic while
    its condition holds (Soutien télépathique: 6 with a marked card)."""
    if s.g[G_HADES] and s.zone_n[p, E.Z_SHACKLE] > 0:
        row = program_op(c, shackle_top(s, p), E.T_SHACKLE, E.OP_HAND_SIZE)
        if row >= 0:
            return c.ops[row, E.F_N]
    i = epic_rule(s, c, E.OP_HAND_SIZE)
    if i >= 0 and cond_holds(s, c, c.ops[i, E.F_COND], s.g[G_EPIC] - 1, -1, p):
        return c.ops[i, E.F_N]
    return HAND_SIZE


@kernel
def relic_tokens(s, c, p):
    """At the start of p's turn, p may put a VP token on each of its Relics that takes one a turn,
    up to its most (`token_each_turn`: Poseidon's Trident, POS-16)."""
    for j in range(s.zone_n[p, E.Z_RELICS]):
        relic = s.zone[p, E.Z_RELICS, j]
        k = c.inst_card[relic]
        start, n = c.prog[k, E.T_IN_PLAY, 0], c.prog[k, E.T_IN_PLAY, 1]
        for i in range(start, start + n):
            op = c.ops[i]
            if op[E.F_OP] == E.OP_TOKEN_EACH_TURN and abs(s.inst_vp[relic]) < op[E.F_N]:
                s.g[G_MAY_RELIC] = relic + 1
                if decide_may(s, c, p):
                    s.inst_vp[relic] += op[E.F_A]
                    log_event(s, c, E.EV_VP_TOKEN, p, relic, op[E.F_A], s.inst_vp[relic])
                s.g[G_MAY_RELIC] = 0


@inline_kernel
def main_phase(s, c, p, action):
    s.g[G_ACTIONS] = 0
    s.g[G_ACQ_CHECKED] = 0  # a checked acquisition is one of this main phase's (a new game's turns count again)
    s.g[G_IN_MAIN] = 1
    s.g[G_HEAL_HEARTS] = 0
    if s.g[G_RELICS_ON] and s.zone_n[p, E.Z_RELICS] > 0:
        relic_tokens(s, c, p)
    epic_turn_program(s, c, p, E.T_TURN_START)
    while s.g[G_ACTIONS] < MAX_ACTIONS_PER_TURN:
        s.g[G_ACTIONS] += 1
        choose_action(s, c, p, action)
        go_on = apply_action(s, c, p, action[0], action[1], action[2])
        if s.g[G_POSEIDON]:  # co-op: the pile the player faces shows its top at once (COOP-8)
            reveal_for(s, c, p)
            drain(s, c)
            tidy_poseidon(s, c)
        if s.g[G_CHECK]:
            check_invariants(s, c, s.g[G_NPLAYERS])
        if not go_on or s.g[G_END_NOW]:
            break
    s.g[G_IN_MAIN] = 0


@kernel
def end_after_turn(s, c):
    """Why the game ends once the turn just played is over (END_*), or -1: an effect ended it at
    once (POS-7), the last flame went out (GEN-8, R8), or the field and the reserve are both empty."""
    if s.g[G_END_NOW]:
        return E.END_EPIC
    if s.g[G_LAST_FLAME]:
        return E.END_CLOCK
    if field_is_empty(s) and s.zone_n[E.COMMON, E.Z_RESERVE] == 0:
        return E.END_RESERVE_EXHAUSTED
    return -1


@kernel
def upkeep(s, c, p, keep):
    # 1. discard cards in play and the hand cards not kept (the cards of another seat's it played
    # go to their owner's discard pile, Delta Robe; cards left to play, to its own)
    if s.zone_n[p, E.Z_TO_PLAY] > 0 or s.g[G_LENT] > 0:
        end_of_turn_returns(s, c, p)
    if s.g[G_FREEZES_ON]:  # Isaak: his fellow Guards are frozen, not discarded (POS-22)
        freeze_fellow_fighters(s, c, p, -1)
        drain(s, c)
    move_all(s, p, E.Z_PLAY, E.Z_DISCARD)
    choose_keep(s, c, p, keep)
    for i in range(s.zone_n[p, E.Z_HAND]):
        if keep[i]:
            log_event(s, c, E.EV_KEEP, p, s.zone[p, E.Z_HAND, i], 0, 0)
    move_all_but(s, p, E.Z_HAND, E.Z_DISCARD, keep)
    # 2. draw up to 5
    need = hand_size(s, c, p) - s.zone_n[p, E.Z_HAND]
    if need > 0:
        draw_cards(s, c, p, need)
    if s.g[G_POSEIDON]:  # co-op: no field step (COOP-17)
        epic_turn_program(s, c, p, E.T_TURN_END)
        end_turn_reset(s, p)
        return
    # 3. the field
    last = s.field[s.g[G_FIELD_END]]
    if last < 0 and s.rules[R_UPKEEP_REMOVE_LAST_CARD]:  # GEN-14's variant: the last card, wherever it is
        for k in range(s.g[G_FIELD_END] - 1, -1, -1):
            if s.field[k] >= 0:
                last = s.field[k]
                break
    if last >= 0:
        discard_from_field(s, c, last, E.FLAME_UPKEEP, E.OUT_UPKEEP, p, -1)
        drain(s, c)
    shift_right(s)
    s.g[G_FIELD_REVEALS] = 0
    push_pending(s, P_REFILL, -1, 0, 0, 0)
    drain(s, c)
    # 4. the Underworld (Hades, HAD-2); 5. the Trials (HAD-10); 6. the Senses and the Awakening recharge (HAD-9)
    if s.g[G_HADES]:
        prepare_underworld(s, c, p)
        drain(s, c)
    if s.g[G_TRIALS_ON]:
        refill_trials(s, c, TRIAL_SPACES)
    if s.g[G_HADES]:
        recharge_senses(s, p)
    epic_turn_program(s, c, p, E.T_TURN_END)
    if s.g[G_HADES] and s.zone_n[p, E.Z_SHACKLE] > 0:  # the Shackle effect "at the end of your turn" (HAD-19)
        run_program(s, c, E.T_TURN_END, shackle_top(s, p), p, -1, -1)
        drain(s, c)
    end_turn_reset(s, p)
    if s.g[G_CHECK]:
        check_invariants(s, c, s.g[G_NPLAYERS])
        if s.g[G_LENT] != 0 or s.zone_n[p, E.Z_TO_PLAY] != 0:
            violation(s, V_LENT)  # the turn is over: nothing lent or left to play


@kernel
def end_turn_reset(s, p):
    """Effects that last "this turn" end."""
    if s.g[G_TURN_MARKS]:
        s.inst_buff_str[:] = 0
        s.inst_buff_cos[:] = 0
        s.inst_cut_str[:] = 0
        s.inst_cut_cos[:] = 0
        s.inst_flags[:] = 0
        s.g[G_TURN_MARKS] = 0
    s.pl[p, PL_TURN_STRENGTH] = 0
    s.pl[p, PL_ALT_FILTER] = 0
    s.g[G_OPEN_TARGET] = s.g[G_OPEN_SEAT] = 0  # a card opened to a fight "this turn" (POS-23)
    s.pl[p, PL_GIFTS] = 0  # co-op: the gifts to adjacent piles of this turn (COOP-7)
    s.pl[p, PL_FIELD_WINS] = 0
