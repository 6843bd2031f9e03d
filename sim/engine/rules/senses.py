"""Hades's Senses boards: each player's Sense tokens (the 5th, then the 6th, 7th and 8th: a run
from the 5th, `PL_SENSES` of them) and Awakening token (HAD-7..9).

A Sense is used once in the main phase (action A_SENSE), then inactive until upkeep step 6, which
recharges the Senses and the Awakening. A Strength fight won against a field Character costs the
winner their highest Sense (HAD-7, `hades_sense_loss_on`). A Sense is gained only by a Trial's
reward (HAD-8).
"""
from sim.engine import enums as E
from sim.engine.jit import kernel
from sim.engine.params import (R_HADES_SENSE5, R_HADES_SENSE7, R_HADES_SENSE8_STEPS, R_HADES_SENSE_LOSS_ON,
                               SENSE8_ANY, SENSE_LOSS_ANY_STRENGTH, SENSE_LOSS_NONE)
from sim.engine.rules.underworld import gain_souls, move_marker
from sim.engine.rules.zones import banned, draw_cards, hold, log_event, move_to, top_of_draw
from sim.engine.state import G_TURN_MARKS, PL_AWAKENING, PL_SENSES, PL_SENSES_SPENT

N_SENSES = 4  # the 5th to the 8th (HAD-8)
# What a Sense does (`sense_effect`)
SE_NONE = 0
SE_STRENGTH = 1  # one of your Characters in play gets +n Strength this turn
SE_COSMOS = 2    # ... +n Cosmos
SE_DRAW = 3      # draw n cards
SE_SOUL = 4      # gain n Souls
SE_REVEAL = 5    # the 6th: reveal the top of your draw pile; a Hero goes to your hand, else your Awakening goes out
SE_MOVE = 6      # the 8th: your marker moves up to n spaces either way
SENSE5 = ((SE_NONE, 0), (SE_STRENGTH, 1), (SE_COSMOS, 1), (SE_DRAW, 1), (SE_SOUL, 1))  # by `hades_sense5`
SENSE7 = ((SE_NONE, 0), (SE_COSMOS, 1), (SE_COSMOS, 2), (SE_STRENGTH, 2), (SE_DRAW, 1))  # by `hades_sense7`


@kernel
def sense_effect(s, sense):
    """What Sense number `sense` (0: the 5th .. 3: the 8th) does, as (SE_*, n) (HAD-9)."""
    if sense == 0:
        return SENSE5[s.rules[R_HADES_SENSE5]]
    if sense == 1:
        return SE_REVEAL, 1
    if sense == 2:
        return SENSE7[s.rules[R_HADES_SENSE7]]
    steps = s.rules[R_HADES_SENSE8_STEPS]
    return SE_MOVE, steps + 1 if steps < SENSE8_ANY else E.GATE


@kernel
def sense_ready(s, c, p, sense):
    """May p use Sense number `sense` now: it has it, it is active, it does something, and no rule
    bans p's highest Sense?"""
    if sense >= s.pl[p, PL_SENSES] or s.pl[p, PL_SENSES_SPENT] & (1 << sense):
        return False
    if sense_effect(s, sense)[0] == SE_NONE:
        return False
    return not (sense == s.pl[p, PL_SENSES] - 1 and banned(s, c, p, E.BAN_HIGHEST_SENSE))


@kernel
def spend_sense(s, c, p, sense, b):
    """p's Sense turns inactive; its effect, with b its target (a Character of p's in play) or the
    marker's move in spaces (negative: toward Elysion). The 6th Sense's Hero goes to p's hand (not an acquisition); a card that is no
    Hero goes back on top, and p's Awakening goes out."""
    s.pl[p, PL_SENSES_SPENT] |= 1 << sense
    what, n = sense_effect(s, sense)
    log_event(s, c, E.EV_SENSE, p, b if what == SE_STRENGTH or what == SE_COSMOS else -1, sense, b)
    if what == SE_STRENGTH:
        s.inst_buff_str[b] += n
        s.g[G_TURN_MARKS] = 1
    elif what == SE_COSMOS:
        s.inst_buff_cos[b] += n
        s.g[G_TURN_MARKS] = 1
    elif what == SE_DRAW:
        draw_cards(s, c, p, n)
    elif what == SE_SOUL:
        gain_souls(s, c, p, n)
    elif what == SE_MOVE:
        move_marker(s, c, p, b)
    elif what == SE_REVEAL:
        top = top_of_draw(s, c, p)
        if top >= 0 and c.classes[c.inst_card[top]] & E.CLASS_HERO:
            move_to(s, top, p, E.Z_HAND)
            hold(s, c, p, top)
            log_event(s, c, E.EV_MOVE, p, top, E.Z_DRAW, E.Z_HAND)
        else:
            s.pl[p, PL_AWAKENING] = 0


@kernel
def lose_sense(s, c, p):
    """p loses its highest Sense, whichever side it shows (HAD-7); the Awakening stays."""
    n = s.pl[p, PL_SENSES]
    if n > 0:
        s.pl[p, PL_SENSES] = n - 1
        s.pl[p, PL_SENSES_SPENT] &= ~(1 << (n - 1))
        log_event(s, c, E.EV_SENSE_LOST, p, -1, n - 1, 0)


@kernel
def fight_costs_a_sense(s, strength_fight_on_field):
    """Does a won Strength fight cost the winner a Sense (`hades_sense_loss_on`, HAD-7)? Against a
    field Character (True), or an Underworld or Shackle card (False)."""
    on = s.rules[R_HADES_SENSE_LOSS_ON]
    return on != SENSE_LOSS_NONE and (strength_fight_on_field or on == SENSE_LOSS_ANY_STRENGTH)


@kernel
def recharge_one(s, p):
    """One of p's inactive Senses, the highest, turns active (`recharge_sense`)."""
    for sense in range(N_SENSES - 1, -1, -1):
        if s.pl[p, PL_SENSES_SPENT] & (1 << sense):
            s.pl[p, PL_SENSES_SPENT] &= ~(1 << sense)
            return


@kernel
def recharge_senses(s, p):
    """Upkeep step 6: p's Senses and Awakening turn active."""
    s.pl[p, PL_SENSES_SPENT] = 0
    s.pl[p, PL_AWAKENING] = 1
