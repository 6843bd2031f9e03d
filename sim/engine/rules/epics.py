"""Poseidon's Epics (POS-1..5): the pile, the current Epic, its hourglasses and its replacement.

The run's Epics (its mode's pool, `sim.cards.epics`) wait face down in the pile (common zone
Z_EPICS). One is revealed at setup, with no effect (POS-1). Revealed Epics pile up in
Z_EPICS_REVEALED in reveal order, the current one on top (g[G_EPIC] = its instance + 1). Each
flame removed adds an hourglass to the current Epic (POS-2). At its duration its end-of-Epic
effect is pending (P_EPIC_END: it runs as a program of its own, `resolution.actions.end_epic`),
then the next Epic is revealed and applies at once; an hourglass added meanwhile goes to that next
Epic (POS-3.3). With the pile empty, play goes on with no Epic (POS-4).

Where the current Epic acts: its `field` rules are read with the field cards' (`fight.field_rules`),
its turn programs run at the turn's start and end (`resolution.turn`), and the end-of-game effects
of the revealed Epics count at scoring (`scoring.epic_vp`, POS-5).
"""
from sim.engine import enums as E
from sim.engine.jit import kernel
from sim.engine.state import (G_DISCARD_WATCH, G_EPIC, G_EPIC_RULES, G_FIELD_CHANGES, G_HOURGLASSES, G_HOURGLASSES_HELD,
                              G_TURN, P_EPIC_END, PL_EPIC_TURN, PL_EPIC_USES)
from sim.engine.rules.zones import (is_marked_zone, log_event, matches, move_to, next_rank_copy, program_op,
                                    push_pending, shuffle_zone)


@kernel
def setup_epics(s, c):
    """Shuffle the Epic pile and reveal its first Epic (nothing happens then, POS-1)."""
    if s.zone_n[E.COMMON, E.Z_EPICS] > 0:
        shuffle_zone(s, E.COMMON, E.Z_EPICS)
        reveal_epic(s, c, 1)


@kernel
def reveal_epic(s, c, at_setup):
    """The pile's top Epic becomes the current one, with no hourglass; none once the pile is empty."""
    s.g[G_HOURGLASSES] = 0
    s.g[G_FIELD_CHANGES] += 1  # the field rules are read again, with the new Epic's
    n = s.zone_n[E.COMMON, E.Z_EPICS]
    if n == 0:
        s.g[G_EPIC] = s.g[G_EPIC_RULES] = s.g[G_DISCARD_WATCH] = 0
        return
    epic = s.zone[E.COMMON, E.Z_EPICS, n - 1]
    move_to(s, epic, E.COMMON, E.Z_EPICS_REVEALED)
    s.g[G_EPIC] = epic + 1
    s.g[G_EPIC_RULES] = c.field_rules[c.inst_card[epic]]
    log_event(s, c, E.EV_EPIC, -1, epic, 0, at_setup)
    watch_discards(s, c)


@kernel
def watch_discards(s, c):
    """Note the cards whose discard puts out a flame under the current Epic (`zones.zone_push`)."""
    i = epic_rule(s, c, E.OP_FLAME_WHEN_DISCARDED)
    s.g[G_DISCARD_WATCH] = c.ops[i, E.F_C] if i >= 0 else 0
    if i >= 0:
        for inst in range(c.inst_card.shape[0]):
            s.inst_watch[inst] = matches(c, inst, c.ops[i, E.F_FILTER])


@kernel
def add_hourglass(s, c):
    """A flame went out: an hourglass on the current Epic. At its duration, its end is pending;
    until the next Epic is revealed, hourglasses wait for it."""
    epic = s.g[G_EPIC] - 1
    if epic < 0:
        return
    duration = c.hourglasses[c.inst_card[epic]]
    if s.g[G_HOURGLASSES] >= duration:
        s.g[G_HOURGLASSES_HELD] += 1
        return
    s.g[G_HOURGLASSES] += 1
    log_event(s, c, E.EV_HOURGLASS, -1, epic, s.g[G_HOURGLASSES], duration)
    if s.g[G_HOURGLASSES] == duration:
        push_pending(s, P_EPIC_END, epic, 0, 0, 0)


@kernel
def epic_rule(s, c, opcode):
    """The op row of the current Epic's `field` op of this code, or -1."""
    if not s.g[G_EPIC_RULES] & E.FIELD_BIT[opcode]:
        return -1
    return program_op(c, s.g[G_EPIC] - 1, E.T_FIELD, opcode)


@kernel
def rule_reaches(s, c, opcode, inst):
    """Does the current Epic's `field` op of this code reach the card inst (its `select`)?"""
    i = epic_rule(s, c, opcode)
    return i >= 0 and matches(c, inst, c.ops[i, E.F_FILTER])


@kernel
def goes_to_reserve(s, c, inst):
    """Is inst a marked card that the current Epic shuffles into the reserve (Encerclés)?"""
    return 0 <= s.inst_row[inst] < E.MAX_SEATS and is_marked_zone(s.inst_zone[inst]) \
        and rule_reaches(s, c, E.OP_MARKED_TO_RESERVE, inst)


@kernel
def epic_action_ready(s, c, p, inst):
    """Is inst the current Epic, with an action p has not used up this turn (`uses_per_turn`)?"""
    if inst < 0 or inst != s.g[G_EPIC] - 1:
        return False
    k = c.inst_card[inst]
    if c.prog[k, E.T_EPIC_ACTION, 1] == 0:
        return False
    used = s.pl[p, PL_EPIC_USES] if s.pl[p, PL_EPIC_TURN] == s.g[G_TURN] else 0
    return c.uses_per_turn[k] == 0 or used < c.uses_per_turn[k]


@kernel
def mark_epic_use(s, p):
    if s.pl[p, PL_EPIC_TURN] != s.g[G_TURN]:
        s.pl[p, PL_EPIC_TURN] = s.g[G_TURN]
        s.pl[p, PL_EPIC_USES] = 0
    s.pl[p, PL_EPIC_USES] += 1


@kernel
def upgrade_copy(s, c, p, hero, rank):
    """The set-aside copy an upgrade from `rank` gives p: the next rank's (`zones.next_rank_copy`),
    or the one above it if the current Epic skips that kind and p has it (Septième sens: a ▲ Hero
    gives the ◆ Hero instead); -1 if none."""
    up = next_rank_copy(s, c, p, hero, rank)
    if up >= 0 and s.g[G_EPIC_RULES] and rule_reaches(s, c, E.OP_UPGRADE_SKIPS, up):
        beyond = next_rank_copy(s, c, p, hero, c.ranks[c.inst_card[up]])
        if beyond >= 0:
            return beyond
    return up


@kernel
def replace_epic(s, c, epic):
    """After `epic`'s end-of-Epic effect (-1: none current), the next Epic, then the hourglasses
    that waited for it."""
    if epic >= 0:
        log_event(s, c, E.EV_EPIC, -1, epic, 1, 0)
    reveal_epic(s, c, 0)
    held = s.g[G_HOURGLASSES_HELD]
    s.g[G_HOURGLASSES_HELD] = 0
    for _ in range(held):
        add_hourglass(s, c)
