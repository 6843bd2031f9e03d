"""Asgard's player boards: when a technique may be used, and the first technique's upgrade.

A board holds its hero's techniques (cards of class `technique`, in the player's `board` zone);
one may be used per turn, in the main phase, for its Energy cost (ASG-4). It also holds the Robe
of Odin, usable once a turn, apart, once the Odin statue has flipped (ASG-9). Energy itself is a
counter gained by draws (`zones.gain_energy`, ASG-1..3). The first technique, <Armor> Knight,
applies the equipped Bronze Cloth's upgrade destroying one copy instead of two (ASG-5).
"""
from sim.engine import enums as E
from sim.engine.jit import kernel
from sim.engine.params import KNIGHT_ANY_RANK, R_KNIGHT_RANKS
from sim.engine.state import G_TURN, PL_ENERGY, PL_ODIN_TURN, PL_TECHNIQUE_TURN
from sim.engine.rules.field import statue_flipped
from sim.engine.rules.epics import upgrade_copy
from sim.engine.rules.zones import gain_energy


@kernel
def technique_ready(s, c, p, inst):
    """Is inst a card of p's board that p may use now: a technique (none used this turn, Energy
    enough) or the Robe of Odin (the statue flipped, not used this turn)?"""
    if s.inst_row[inst] != p or s.inst_zone[inst] != E.Z_BOARD:
        return False
    k = c.inst_card[inst]
    if c.classes[k] & E.CLASS_ODIN_ROBE:
        return statue_flipped(s) and s.pl[p, PL_ODIN_TURN] != s.g[G_TURN]
    return s.pl[p, PL_TECHNIQUE_TURN] != s.g[G_TURN] and s.pl[p, PL_ENERGY] >= c.energy[k]


@kernel
def mark_board_use(s, c, p, inst):
    """p uses the board card inst: the turn's technique, paid with its Energy, or the Robe of Odin."""
    k = c.inst_card[inst]
    if c.classes[k] & E.CLASS_ODIN_ROBE:
        s.pl[p, PL_ODIN_TURN] = s.g[G_TURN]
    else:
        s.pl[p, PL_TECHNIQUE_TURN] = s.g[G_TURN]
        gain_energy(s, c, p, -c.energy[k])


@kernel
def knight_cloth(s, c, p, hero):
    """The equipped Cloth a Knight technique applies: a Bronze Cloth of p's hero (-1: none)."""
    if s.zone_n[p, E.Z_CLOTH] == 0:
        return -1
    cl = s.zone[p, E.Z_CLOTH, 0]
    k = c.inst_card[cl]
    if c.hero[k] != hero or not (c.classes[k] & E.CLASS_BRONZE_CLOTH) or upgrade_destination(c, k) < 0:
        return -1
    return cl


@kernel
def upgrade_destination(c, k):
    """Where card k's upgrade puts the next rank (its use program's upgrade op), -1 if it has none."""
    ut = c.use_trig[k]
    if ut < 0:
        return -1
    start, n = c.prog[k, ut, 0], c.prog[k, ut, 1]
    for r in range(start, start + n):
        if c.ops[r, E.F_OP] == E.OP_UPGRADE:
            return c.ops[r, E.F_TO]
    return -1


@kernel
def knight_pick(s, c, p, hero):
    """The hand copy of `hero` a Knight technique destroys: a ● copy (rules parameter knight_ranks
    "civilian"), or with "any" the highest rank whose next rank is left; -1 if none."""
    best = -1
    best_rank = 0
    for i in range(s.zone_n[p, E.Z_HAND]):
        inst = s.zone[p, E.Z_HAND, i]
        k = c.inst_card[inst]
        if c.hero[k] != hero or not (c.classes[k] & E.CLASS_CHARACTER):
            continue
        if s.rules[R_KNIGHT_RANKS] != KNIGHT_ANY_RANK and not (c.ranks[k] & E.RANK_VERY_COMMON):
            continue
        if c.ranks[k] > best_rank and upgrade_copy(s, c, p, hero, c.ranks[k]) >= 0:
            best = inst
            best_rank = c.ranks[k]
    return best
