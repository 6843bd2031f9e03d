"""Hilda's cards in the solo mode (SOLO-7): how a card joins them, and her hand's limit.

Hilda holds a seat's zones: her hand (oldest card first, at most 5), her Armor (the Cloth zone),
her ordered discard pile, her marked area (the wounded and frozen zones), her destroyed pile, and
her face-down set-aside pile, kept in the draw-pile zone: she never draws, and those cards score
for her at the end as her deck's do (SOLO-6). The mode (sim/engine/modes/solo.py) plays her steps.
"""
from sim.engine import enums as E
from sim.engine.jit import kernel
from sim.engine.rules.zones import log_event, move_to, zone_push
from sim.engine.state import G_HILDA


@kernel
def hilda_seat(s):
    """Hilda's seat, or -1 outside the solo mode."""
    return s.g[G_HILDA] - 1


@kernel
def hilda_gains(s, c, inst, how, limit_now):
    """inst, off wherever it was, joins Hilda's cards (SOLO-7/8): an Armor is equipped, the one it
    replaces goes to her discard pile; any other card goes to the right end of her hand, and the
    hand's limit applies now unless the caller checks it later (her Draw face, SOLO-9)."""
    h = hilda_seat(s)
    if c.classes[c.inst_card[inst]] & E.CLASS_CLOTH:
        if s.zone_n[h, E.Z_CLOTH] > 0:
            move_to(s, s.zone[h, E.Z_CLOTH, 0], h, E.Z_DISCARD)
        zone_push(s, h, E.Z_CLOTH, inst)
        log_event(s, c, E.EV_HILDA_GAINS, h, inst, how, E.Z_CLOTH)
        return
    zone_push(s, h, E.Z_HAND, inst)
    log_event(s, c, E.EV_HILDA_GAINS, h, inst, how, E.Z_HAND)
    if limit_now:
        hand_limit(s, c)


@kernel
def hand_limit(s, c):
    """SOLO-7: while Hilda holds more than 5 cards, her oldest goes to her discard pile."""
    h = hilda_seat(s)
    while s.zone_n[h, E.Z_HAND] > E.HILDA_HAND_LIMIT:
        oldest = s.zone[h, E.Z_HAND, 0]
        move_to(s, oldest, h, E.Z_DISCARD)
        log_event(s, c, E.EV_DISCARD, h, oldest, E.Z_HAND, 0)
