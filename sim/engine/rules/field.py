"""The field (6 slots), the reserve and the Clock.

Rulings: R2 / GEN-4 (a Flame fires whenever a face-up card stops being on a field slot, by any
means; not for moves within the field), GEN-8 (the Clock never goes below 0), R5 (no Arrival at
setup), R8 (empty reserve: slots stay empty), GEN-3.3 (refill right to left, each Arrival
resolved completely before the next reveal: the pending stack does that), GEN-14 (upkeep with an
empty slot 6 removes nothing).
"""
from sim.engine.jit import kernel

from sim.engine import enums as E
from sim.engine.params import R_ODIN_STATUE
from sim.engine.rules.hilda import hilda_gains
from sim.engine.rules.epics import add_hourglass, rule_reaches
from sim.engine.rules.coop import complete_faced
from sim.engine.state import (G_POSEIDON, G_FIELD_END, G_FIELD_REVEALS, G_FLAMES, G_FLAMES_REMOVED, G_HILDA, G_LAST_FLAME, G_NO_CLOCK,
                              G_EPIC, G_GRANTS_ON, G_SAPPHIRES, P_ARRIVAL, P_EPIC_ARRIVAL, P_EXIT, P_PROGRAM, P_REFILL)
from sim.engine.rules.zones import (detach_fighters, field_slot, log_event, matches, place_on_field, push_pending,
                                    shuffle_zone, take_top, zone_push, zone_remove)

MAX_REVEALS_PER_REFILL = 40  # R8 safety: the Pope could otherwise return and reappear forever


@kernel
def remove_flames(s, c, n, how, inst, seat):
    """Put out up to n flames; the game will end after this turn once none is left (GEN-8).
    Without the Clock (solo) Flames and flame removals do nothing (GEN-20)."""
    if s.g[G_NO_CLOCK]:
        return
    for _ in range(n):
        if s.g[G_FLAMES] <= 0:
            return
        s.g[G_FLAMES] -= 1
        s.g[G_FLAMES_REMOVED] += 1
        log_event(s, c, E.EV_FLAME, seat, inst, how, s.g[G_FLAMES])
        if s.g[G_FLAMES] == 0:
            s.g[G_LAST_FLAME] = 1
        add_hourglass(s, c)  # the last flame too (POS-3.4)


@kernel
def place_sapphire(s, c, inst, seat, acquired):
    """ASG-10: a card with the sapphire icon (a God Warrior) leaving a field space puts a sapphire
    on the Odin statue; past the 7th, sapphires do nothing. Under Fuite, only when acquired (POS-9)."""
    if (c.icons[c.inst_card[inst]] & E.ICON_SAPPHIRE) and s.rules[R_ODIN_STATUE] \
            and s.g[G_SAPPHIRES] < E.SAPPHIRE_SPACES \
            and (acquired or not rule_reaches(s, c, E.OP_SAPPHIRE_IF_ACQUIRED, inst)):
        s.g[G_SAPPHIRES] += 1
        log_event(s, c, E.EV_SAPPHIRE, seat, inst, s.g[G_SAPPHIRES], 0)


@kernel
def statue_flipped(s):
    """ASG-8: once the 7th sapphire is placed the statue has flipped (the Robe of Odin)."""
    return s.g[G_SAPPHIRES] >= E.SAPPHIRE_SPACES


@kernel
def take_off_field(s, c, inst, flame_how, seat):
    """A face-up card stops being on the field: fighters let go, then its Flame fires (R2), then
    its Sapphire (GEN-4)."""
    zone_remove(s, inst)
    detach_fighters(s, inst)
    if c.icons[c.inst_card[inst]] & E.ICON_FLAME:
        remove_flames(s, c, 1, flame_how, inst, seat)
    place_sapphire(s, c, inst, seat, False)


@kernel
def discard_from_field(s, c, inst, flame_how, out_why, seat, spared):
    """A field card goes to the battlefield discard (upkeep or an effect): Exit, then Flame, then
    Sapphire (GEN-3.2). Once the statue has flipped every Exit applies twice in a row (ASG-8); the
    card whose Sapphire flips it had its Exit counted before, so once. `spared`: a seat its Exit
    leaves out (Benetnash Robe: only the opponents of the player removing it suffer it), or -1.
    Solo: a God Warrior goes to Hilda's hand instead (SOLO-16), after its Exit, for the player only."""
    slot = field_slot(s, inst)
    log_event(s, c, E.EV_FIELD_OUT, seat, inst, slot, out_why)
    k = c.inst_card[inst]
    if c.prog[k, E.T_EXIT, 1] > 0:
        push_pending(s, P_EXIT, inst, seat, spared + 1, 0)
        if statue_flipped(s):
            push_pending(s, P_EXIT, inst, seat, spared + 1, 0)
    if s.g[G_GRANTS_ON]:  # the Exit other field cards give it (Marina Soldier #2024)
        for other in range(E.N_SLOTS):
            giver = s.field[other]
            if giver >= 0 and giver != inst and c.prog[c.inst_card[giver], E.T_GRANTED_EXIT, 1] > 0:
                push_pending(s, P_PROGRAM, giver, E.T_GRANTED_EXIT, 0, 0)
                if statue_flipped(s):
                    push_pending(s, P_PROGRAM, giver, E.T_GRANTED_EXIT, 0, 0)
    take_off_field(s, c, inst, flame_how, seat)
    if s.g[G_HILDA] and (c.classes[k] & E.CLASS_GOD_WARRIOR):
        hilda_gains(s, c, inst, E.HILDA_LEFT_FIELD, True)
    else:
        zone_push(s, E.COMMON, E.Z_BF_DISCARD, inst)


@kernel
def return_to_reserve(s, c, inst, seat):
    """Shuffle a card into the reserve (Pope, Sagittarius Cloth, Ptolemy's Athena)."""
    if field_slot(s, inst) >= 0:
        take_off_field(s, c, inst, E.FLAME_EFFECT, seat)
    else:
        zone_remove(s, inst)
    zone_push(s, E.COMMON, E.Z_RESERVE, inst)
    shuffle_zone(s, E.COMMON, E.Z_RESERVE)


@kernel
def reveal(s, c, slot, at_setup, seat):
    """Reveal the top reserve card on an empty slot; its Arrival is pending unless at setup (R5)."""
    n = s.zone_n[E.COMMON, E.Z_RESERVE]
    if n == 0:
        return -1
    inst = s.zone[E.COMMON, E.Z_RESERVE, n - 1]
    take_top(s, E.COMMON, E.Z_RESERVE)
    place_on_field(s, inst, slot)
    log_event(s, c, E.EV_REVEAL, seat, inst, slot, 1 if at_setup else 0)
    epic = s.g[G_EPIC] - 1  # the Epic's card_arrival program, after the card's own Arrival (POS-8)
    if not at_setup and epic >= 0 and c.prog[c.inst_card[epic], E.T_CARD_ARRIVAL, 1] > 0:
        push_pending(s, P_EPIC_ARRIVAL, inst, seat, 0, 0)
    if not at_setup and c.prog[c.inst_card[inst], E.T_ARRIVAL, 1] > 0:
        push_pending(s, P_ARRIVAL, inst, seat, 0, 0)
    return inst


@kernel
def refill_step(s, c, only_slot, seat):
    """One step of a refill: reveal a card on the rightmost empty slot (or on `only_slot`), and
    leave the rest of the refill pending below its Arrival. In co-op, the faced piles are completed
    instead (COOP-9)."""
    if s.g[G_POSEIDON]:
        complete_faced(s, c, seat)
        return
    slot = -1
    if only_slot >= 0:
        if s.field[only_slot] < 0:
            slot = only_slot
    else:
        for k in range(s.g[G_FIELD_END], -1, -1):
            if s.field[k] < 0:
                slot = k
                break
    if slot < 0 or s.zone_n[E.COMMON, E.Z_RESERVE] == 0:
        return
    if s.g[G_FIELD_REVEALS] >= MAX_REVEALS_PER_REFILL:
        return
    s.g[G_FIELD_REVEALS] += 1
    if only_slot < 0:
        push_pending(s, P_REFILL, -1, 0, 0, 0)  # continue after this card's Arrival
    reveal(s, c, slot, False, seat)


@kernel
def replace_from_reserve(s, c, inst, f, seat):
    """Hilda's Arrival (ASG-20): reserve cards are revealed one by one into the battlefield discard
    (they never stood on the field: no Exit, Flame or Sapphire, GEN-4) until one passes filter f;
    it takes inst's slot and its Arrival applies, and inst is shuffled into the reserve (no Exit).
    If the reserve runs out first, the slot stays empty, inst still goes into the reserve, and the
    refill in progress ends: all it could reveal is inst again."""
    slot = field_slot(s, inst)
    if slot < 0:
        return
    while s.zone_n[E.COMMON, E.Z_RESERVE] > 0:
        top = s.zone[E.COMMON, E.Z_RESERVE, s.zone_n[E.COMMON, E.Z_RESERVE] - 1]
        take_top(s, E.COMMON, E.Z_RESERVE)
        if matches(c, top, f):
            return_to_reserve(s, c, inst, seat)
            place_on_field(s, top, slot)
            log_event(s, c, E.EV_REVEAL, seat, top, slot, 0)
            if c.prog[c.inst_card[top], E.T_ARRIVAL, 1] > 0:
                push_pending(s, P_ARRIVAL, top, seat, 0, 0)
            return
        zone_push(s, E.COMMON, E.Z_BF_DISCARD, top)
        log_event(s, c, E.EV_MOVE, seat, top, E.LOC_COMMON + E.Z_RESERVE, E.LOC_COMMON + E.Z_BF_DISCARD)
    return_to_reserve(s, c, inst, seat)
    s.g[G_FIELD_REVEALS] = MAX_REVEALS_PER_REFILL


@kernel
def shift_right(s):
    """Upkeep: the remaining cards move toward slot 6, keeping their order."""
    write = s.g[G_FIELD_END]
    for k in range(write, -1, -1):
        inst = s.field[k]
        if inst >= 0:
            s.field[k] = -1
            s.field[write] = inst
            write -= 1


@kernel
def field_is_empty(s):
    for k in range(E.N_SLOTS):
        if s.field[k] >= 0:
            return False
    return True
