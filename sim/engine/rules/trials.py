"""Hades's Trials and Abilities (HAD-8, HAD-10, HAD-11).

Three Trials lie revealed (Z_TRIALS). When an event of the active player's main phase meets one's
condition (`zones.trial_event`, an EVT_* noted where it happens), a pending P_TRIAL lets the player
claim it at once: the Trial is discarded and the player takes its reward, the Awakening for their
next Sense, or the top Ability. Empty Trial spaces fill at upkeep step 5, from the pile, then from
the discards shuffled. A player holds at most 3 Abilities (Z_ABILITIES) and uses one in the main
phase for its `ability` program; it then goes under the Ability pile. In the Duel each side has its
own Ability pile, in its seat's row (`ability_row`, DUEL-11).
"""
from sim.engine import enums as E
from sim.engine.jit import kernel
from sim.engine.rules.zones import (banned, log_event, move_all, move_to, shuffle_zone, take_top, zone_insert, zone_push,
                                    zone_remove)
from sim.engine.state import G_DUEL, G_NPLAYERS, G_TRIALS_ON, PL_AWAKENING, PL_SENSES

TRIAL_SPACES = 3
MAX_ABILITIES = 3


@kernel
def setup_trials(s, c):
    """HAD-25: the Trials shuffled and 3 revealed, the Abilities shuffled into their pile."""
    if s.zone_n[E.COMMON, E.Z_TRIAL_PILE] > 0:
        s.g[G_TRIALS_ON] = 1
        shuffle_zone(s, E.COMMON, E.Z_TRIAL_PILE)
        refill_trials(s, c, TRIAL_SPACES)
    if s.g[G_DUEL]:
        for p in range(s.g[G_NPLAYERS]):
            shuffle_zone(s, p, E.Z_ABILITY_PILE)
    else:
        shuffle_zone(s, E.COMMON, E.Z_ABILITY_PILE)


@kernel
def ability_row(s, p):
    """The row of the Ability pile p draws from: the common one, or in the Duel its side's own (DUEL-11)."""
    return p if s.g[G_DUEL] else E.COMMON


@kernel
def refill_trials(s, c, n):
    """Up to n empty Trial spaces fill from the pile; an empty pile takes the discards, shuffled
    (HAD-10); with too few, spaces stay empty."""
    while n > 0 and s.zone_n[E.COMMON, E.Z_TRIALS] < TRIAL_SPACES:
        if s.zone_n[E.COMMON, E.Z_TRIAL_PILE] == 0:
            if s.zone_n[E.COMMON, E.Z_TRIAL_DISCARD] == 0:
                return
            move_all(s, E.COMMON, E.Z_TRIAL_DISCARD, E.Z_TRIAL_PILE)
            shuffle_zone(s, E.COMMON, E.Z_TRIAL_PILE)
        top = s.zone[E.COMMON, E.Z_TRIAL_PILE, s.zone_n[E.COMMON, E.Z_TRIAL_PILE] - 1]
        take_top(s, E.COMMON, E.Z_TRIAL_PILE)
        zone_push(s, E.COMMON, E.Z_TRIALS, top)
        n -= 1


@kernel
def sense_reward_open(s, p):
    """May p take a Trial's Awakening reward: its Awakening active and fewer than 4 Senses (HAD-8)?"""
    return s.pl[p, PL_AWAKENING] == 1 and s.pl[p, PL_SENSES] < 4


@kernel
def ability_open(s, c, p):
    """May p draw an Ability: fewer than 3 held, one in the pile, no ban (HAD-11)?"""
    return s.zone_n[p, E.Z_ABILITIES] < MAX_ABILITIES and s.zone_n[ability_row(s, p), E.Z_ABILITY_PILE] > 0 \
        and not banned(s, c, p, E.BAN_ABILITIES)


@kernel
def claimable(s, c, p, trial, event):
    """May p claim this revealed Trial for this event: its condition, no ban, a reward open?"""
    return c.event[c.inst_card[trial]] == event and not banned(s, c, p, E.BAN_TRIALS) \
        and (sense_reward_open(s, p) or ability_open(s, c, p))


@kernel
def claim(s, c, p, trial, take_sense):
    """p claims the Trial: it is discarded; then p's Awakening gives it its next Sense, active
    (HAD-8), or p draws the top Ability (HAD-11)."""
    move_to(s, trial, E.COMMON, E.Z_TRIAL_DISCARD)
    log_event(s, c, E.EV_TRIAL, p, trial, 1 if take_sense else 0, 0)
    if take_sense:
        s.pl[p, PL_AWAKENING] = 0
        s.pl[p, PL_SENSES] += 1
    else:
        draw_ability(s, c, p)


@kernel
def draw_ability(s, c, p):
    """p draws the top Ability, if it may (`ability_open`): an acquisition, worth no VP (GEN-5, GEN-11)."""
    if not ability_open(s, c, p):
        return False
    row = ability_row(s, p)
    top = s.zone[row, E.Z_ABILITY_PILE, s.zone_n[row, E.Z_ABILITY_PILE] - 1]
    take_top(s, row, E.Z_ABILITY_PILE)
    zone_push(s, p, E.Z_ABILITIES, top)
    log_event(s, c, E.EV_ABILITY, p, top, 1, 0)
    return True


@kernel
def spend_ability(s, c, p, inst):
    """p used the Ability inst: it goes face down under the Ability pile (HAD-11)."""
    log_event(s, c, E.EV_ABILITY, p, inst, 0, 0)
    zone_remove(s, inst)
    zone_insert(s, ability_row(s, p), E.Z_ABILITY_PILE, 0, inst)
