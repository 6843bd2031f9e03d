"""Invariants of a game in progress, checked after every action when a test asks for it.

Each violated invariant adds 1 to g[G_VIOLATIONS] (and the first one's code goes to
g[G_FIRST_VIOLATION]); playing with checks off costs one branch per action.
"""
from sim.engine import enums as E
from sim.engine.jit import kernel
from sim.engine.params import R_HADES_SOUL_POOL
from sim.engine.state import (G_ATHENA, G_DUEL, G_GATE_TOKENS, G_HADES, PL_HOUSE_COUNTER, G_SOUL_POOL, PL_AWAKENING, PL_SENSES, PL_SENSES_SPENT, PL_SOULS, G_EPIC, G_FLAMES_DUE, G_OPEN_SEAT, G_OPEN_TARGET, G_FIELD_CHANGES, G_HOURGLASSES, G_FIELD_RULES, G_FIRST_VIOLATION, G_FLAMES, G_LAST_FLAMES_SEEN, G_LENT,
                              G_NMARKS, G_RULES_SEEN, G_VIOLATIONS, G_WEAPONS, PL_WEAPONS)

V_ZONE_MISMATCH = 1    # an instance's recorded place does not hold it (or holds it twice)
V_NEGATIVE = 2         # a negative counter
V_CLOCK_UP = 3         # the Clock went up, or out of 0..12
V_FACING = 4           # a card faces something while not in play, or faces a card neither on the field, nor a
                       # Relic of its own player's play area (ASG-19), nor a revealed Pillar (POS-11), nor in the
                       # Underworld or its own player's Shackle pile (HAD-5, HAD-17)
V_TWO_CLOTHS = 5       # more than one equipped Cloth
V_LOST_CARD = 6        # a card that was in the game is nowhere
V_FIELD_RULES = 7      # the field rules noted for the field as it is are not those of its cards
V_TOKENS = 8           # a card's tokens disagree with its zone: a wounded card without its Wound token,
                       # a frozen card without one Freeze token on side 1 or 2 (ASG-12..14), or tokens elsewhere
V_MARKS_LEFT = 9       # Marked triggers or flames due still waiting once an action is over (each resolves before it ends)
V_LENT = 10            # a card another seat plays (Delta Robe) out of that seat's play, or not counted, or cards
                       # lent or left to play once the turn is over
V_WEAPONS = 11         # Balance Weapon tokens created or lost: the supply and the players' hold all 6, or none (POS-13)
V_EPIC = 12            # the current Epic is not the last one revealed, or carries more hourglasses than its duration (POS-3)
V_UNDERWORLD = 13      # Hades: an Underworld card not recorded on its space, a face-up empty space, Gate tokens or Souls
                       # below 0, Souls created or lost (the players' and the pool's), a Shackle pile out of Grade
                       # order, a Senses board out of shape (0-4 Senses, only those spent, an Awakening 0 or 1), or
                       # more than 3 Trials revealed or Abilities held
V_HOUSES = 14          # Duel: a House counter out of 1..12, a House owned outside the Houses, or Athena both set
                       # aside and taken
V_CHECKED = 15         # an acquisition a policy proposed as checked (`note_acquirable`) that `acquirable` does not allow


@kernel
def violation(s, code):
    if s.g[G_VIOLATIONS] == 0:
        s.g[G_FIRST_VIOLATION] = code
    s.g[G_VIOLATIONS] += 1


@kernel
def check_houses(s, c, n_players):
    """V_HOUSES's checks."""
    for p in range(n_players):
        if not 1 <= s.pl[p, PL_HOUSE_COUNTER] <= 12:
            violation(s, V_HOUSES)
        for j in range(s.zone_n[p, E.Z_HOUSES]):
            if not c.classes[c.inst_card[s.zone[p, E.Z_HOUSES, j]]] & E.CLASS_HOUSE:
                violation(s, V_HOUSES)
    athena = s.g[G_ATHENA] - 1
    if athena >= 0 and not (s.inst_row[athena] == E.COMMON and s.inst_zone[athena] == E.Z_OUT):
        violation(s, V_HOUSES)


@kernel
def check_underworld(s, c, n_players, seen):
    """V_UNDERWORLD's checks; counts the Underworld's cards in `seen`."""
    for space in range(E.UNDER_SPACES):
        inst = s.under[space]
        if inst >= 0:
            seen[inst] += 1
            if s.inst_zone[inst] != E.Z_UNDERWORLD or s.inst_row[inst] != E.COMMON:
                violation(s, V_ZONE_MISMATCH)
        elif s.under_up[space]:
            violation(s, V_UNDERWORLD)
    souls = s.g[G_SOUL_POOL]
    for p in range(n_players):
        souls += s.pl[p, PL_SOULS]
        if s.pl[p, PL_SOULS] < 0 or not 0 <= s.pl[p, PL_SENSES] <= 4 \
                or s.pl[p, PL_SENSES_SPENT] >> s.pl[p, PL_SENSES] != 0 or not 0 <= s.pl[p, PL_AWAKENING] <= 1:
            violation(s, V_UNDERWORLD)
        for j in range(1, s.zone_n[p, E.Z_SHACKLE]):
            if c.grade[c.inst_card[s.zone[p, E.Z_SHACKLE, j - 1]]] > c.grade[c.inst_card[s.zone[p, E.Z_SHACKLE, j]]]:
                violation(s, V_UNDERWORLD)
    for p in range(n_players):
        if s.zone_n[p, E.Z_ABILITIES] > 3:
            violation(s, V_UNDERWORLD)
    if s.zone_n[E.COMMON, E.Z_TRIALS] > 3 or s.g[G_GATE_TOKENS] < 0 or (s.g[G_SOUL_POOL] >= 0 and souls != s.rules[R_HADES_SOUL_POOL]):
        violation(s, V_UNDERWORLD)


@kernel
def check_invariants(s, c, n_players):
    seen = s.scratch
    seen[:] = 0
    for row in range(E.MAX_SEATS + 1):
        for z in range(s.zone_n.shape[1]):  # a seat's zones, and in the Duel its own Ability pile
            n = s.zone_n[row, z]
            if n < 0:
                violation(s, V_NEGATIVE)
            for k in range(n):
                inst = s.zone[row, z, k]
                seen[inst] += 1
                if s.inst_row[inst] != row or s.inst_zone[inst] != z:
                    violation(s, V_ZONE_MISMATCH)
    rules = 0
    for slot in range(E.N_SLOTS):
        inst = s.field[slot]
        if inst >= 0:
            seen[inst] += 1
            rules |= c.field_rules[c.inst_card[inst]]
            if s.inst_zone[inst] != E.Z_BATTLEFIELD:
                violation(s, V_ZONE_MISMATCH)
    epic = s.g[G_EPIC] - 1
    if epic >= 0:
        rules |= c.field_rules[c.inst_card[epic]]
        revealed = s.zone_n[E.COMMON, E.Z_EPICS_REVEALED]
        if revealed == 0 or s.zone[E.COMMON, E.Z_EPICS_REVEALED, revealed - 1] != epic \
                or not 0 <= s.g[G_HOURGLASSES] <= c.hourglasses[c.inst_card[epic]]:
            violation(s, V_EPIC)
    if s.g[G_HADES]:
        check_underworld(s, c, n_players, seen)
    if s.g[G_DUEL]:
        check_houses(s, c, n_players)
    if s.g[G_RULES_SEEN] == s.g[G_FIELD_CHANGES] and s.g[G_FIELD_RULES] != rules:
        violation(s, V_FIELD_RULES)
    for inst in range(c.inst_card.shape[0]):
        placed = s.inst_row[inst] >= 0
        if (placed and seen[inst] != 1) or (not placed and seen[inst] != 0):
            violation(s, V_ZONE_MISMATCH if seen[inst] > 1 or not placed else V_LOST_CARD)
        t = s.inst_facing[inst]
        if t >= 0 and (s.inst_zone[inst] != E.Z_PLAY or not (s.inst_zone[t] == E.Z_BATTLEFIELD or (
                s.inst_zone[t] == E.Z_RELICS and (s.inst_row[t] == s.inst_row[inst] or s.inst_rival[t] == s.inst_row[inst]))
                or ((s.inst_zone[t] == E.Z_PILLAR_ROW or s.inst_zone[t] == E.Z_HOUSE_PILE) and s.inst_row[t] == E.COMMON)
                or s.inst_zone[t] == E.Z_UNDERWORLD or (s.inst_zone[t] == E.Z_SHACKLE and s.inst_row[t] == s.inst_row[inst])
                or (t == s.g[G_OPEN_TARGET] - 1 and s.g[G_OPEN_SEAT] == s.inst_row[inst] + 1))):
            violation(s, V_FACING)
        if s.inst_wounds[inst] < 0 or s.inst_cut_str[inst] < 0 or s.inst_cut_cos[inst] < 0:
            violation(s, V_NEGATIVE)
        mine = 0 <= s.inst_row[inst] < E.MAX_SEATS  # a seat's zone, not a common one
        wounded = mine and s.inst_zone[inst] == E.Z_WOUNDED
        frozen = mine and s.inst_zone[inst] == E.Z_FROZEN
        if wounded != (s.inst_wounds[inst] >= 1) or frozen != (s.inst_freeze[inst] == 1 or s.inst_freeze[inst] == 2) \
                or (not frozen and s.inst_freeze[inst] != 0):
            violation(s, V_TOKENS)
    if s.g[G_NMARKS] != 0 or s.g[G_FLAMES_DUE] != 0:
        violation(s, V_MARKS_LEFT)
    lent = 0
    for inst in range(c.inst_card.shape[0]):
        owner = s.inst_owner[inst]
        if owner >= 0:
            lent += 1
            row, z = s.inst_row[inst], s.inst_zone[inst]
            played = z == E.Z_PLAY or z == E.Z_CLOTH or z == E.Z_TO_PLAY
            if not (0 <= row < E.MAX_SEATS and row != owner and played):
                violation(s, V_LENT)
    if lent != s.g[G_LENT]:
        violation(s, V_LENT)
    weapons = s.g[G_WEAPONS]
    for p in range(E.MAX_SEATS):  # the players', and an opponent's who is none (Poseidon, co-op)
        if s.zone_n[p, E.Z_CLOTH] > 1:
            violation(s, V_TWO_CLOTHS)
        weapons += s.pl[p, PL_WEAPONS]
        if s.pl[p, PL_WEAPONS] < 0:
            violation(s, V_NEGATIVE)
    if weapons != 0 and weapons != E.N_WEAPONS:
        violation(s, V_WEAPONS)
    flames = s.g[G_FLAMES]
    if flames < 0 or flames > E.N_FLAMES or flames > s.g[G_LAST_FLAMES_SEEN]:
        violation(s, V_CLOCK_UP)
    s.g[G_LAST_FLAMES_SEEN] = flames
    seen[:] = 0
