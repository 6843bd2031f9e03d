"""What a player may do: the main-phase actions and when each is legal.

An action is (kind, a, b). The rules list the legal ones (`legal_actions`) and apply them
(sim.engine.resolution.actions, which refuses and counts an illegal one); a policy only chooses.

A listing counts every legal action in one walk and notes actions first, first + 1, ... into
the rows it is given (the state's `legal`), as many as fit: one walk both counts the actions and
writes the one a policy draws, unless it lies past the rows (then a second walk from it).
"""
from sim.engine import enums as E
from sim.engine.jit import inline_kernel, kernel
from sim.engine.state import G_POSEIDON, G_EPIC, G_EPIC_RULES, G_FACE_RULES_ON, G_OPEN_SEAT, G_RELICS_ON, G_WOUND_CUTS_ON, IF_CUT_PAID, G_HEAL_HEARTS, G_NPLAYERS, G_WEAPONS, G_HADES, G_DUEL, IF_TALENT_PAID, PL_SPACE
from sim.engine.params import R_HADES_TALENT_USES, TALENT_UNLIMITED
from sim.engine.rules.epics import epic_action_ready, rule_reaches, upgrade_copy
from sim.engine.rules.fight import (COSMOS, STRENGTH, any_fighter_matches, cond_holds, effective_cost,
                                    face_banned, face_cost_payable, face_discards_due, fight_total, fight_totals, fight_won,
                                    healing_banned, printed_heal, relic_won)
from sim.engine.rules.board import knight_cloth, knight_pick, technique_ready
from sim.engine.rules.coop import giftable, may_face, may_receive
from sim.engine.rules.houses import house_won, revealed_house
from sim.engine.rules.pillars import can_arm, pillar_won
from sim.engine.rules.senses import N_SENSES, SE_COSMOS, SE_MOVE, SE_STRENGTH, sense_effect, sense_ready
from sim.engine.rules.underworld import annihilation_won, may_place, shackle_card, shackle_won
from sim.engine.rules.zones import (collect_count, count_alongside_any, count_in_play, count_in_zone, count_on_field,
                                    equip_locked, field_slot, fight_target, first_hero_in_play, program_op,
                                    banned, underworld_reach,
                                    relic_lock)

# Main-phase actions: (kind, a, b)
A_END = 0
A_EQUIP = 1        # a = Cloth in hand
A_PLAY = 2         # a = Character in hand, b = slot it faces
A_CLOTH_FIGHT = 3  # b = slot the equipped Cloth faces
A_USE = 4          # a = card (hand, play or Cloth) or board technique, b = trigger
A_HEAL = 5         # a = healer in hand or the equipped Cloth (ASG-17), or -1: the hearts the heal action has
                   # left (ASG-14); b = marked card (wounded or frozen)
A_ACQUIRE = 6      # a = slot, b = currency
A_RELIC = 7        # a = Relic in hand, played into the player's play area (ASG-19)
A_WEAPON = 8       # a = a Hero of the player's play facing a Pillar: a Balance Weapon spent on it (POS-11)
A_MOVE = 9         # co-op: a = the card of the hand discarded, b = +1 or -1: the Hero marker to the next pile clockwise
                   # or counterclockwise (COOP-18)
A_GIFT = 10        # co-op: a = a card of the hand, given to seat b (COOP-7)
A_PLACE = 11       # Hades: the card of Underworld space a placed onto seat b's Shackle pile with Souls (HAD-27)
A_SENSE = 12       # Hades: Sense number a used (0: the 5th .. 3: the 8th), on b: a Character of the player's in
                   # play (+Strength, +Cosmos), the marker's move in spaces (the 8th; negative: toward Elysion), or -1
A_TALENT = 13      # Hades: the Talent of card a (in play) paid with the Ability b, which goes under its pile (HAD-12)
A_DESTROY_HERO = 14  # Duel: a = a Hero of the hand destroyed to meet the revealed House's condition (DUEL-17)
# A fight's "slot" from N_SLOTS on is a Relic of the player's play area (the Ring, faced to be beaten,
# ASG-19): N_SLOTS + its index there (`zones.fight_target`); from PILLAR_AT on, a revealed Pillar (POS-11):
# PILLAR_AT + its place in the Pillar row; from UNDER_AT on, an Underworld space; from SHACKLE_AT on, a card
# of the player's Shackle pile (Hades). A_PLAY, A_CLOTH_FIGHT and A_ACQUIRE take them. A_ACQUIRE's b is
# the currency, but the bonus chosen (BONUS_*) against an Underworld card, and 1 (its Souls taken) or
# 0 against a Shackle card.


COUNT_ONLY = 1 << 62  # `first` for a listing that only counts


@inline_kernel
def listed(rows, first, n, kind, a, b):
    """Action number n of a listing, (kind, a, b): noted in rows[n - first] when it is a row of
    them; n + 1."""
    i = n - first
    if 0 <= i < rows.shape[0]:
        rows[i, 0] = kind
        rows[i, 1] = a
        rows[i, 2] = b
    return n + 1


@kernel
def use_trigger(c, k):
    """The trigger of card k's use program (T_*_USE), -1 if it has none."""
    return c.use_trig[k]


@kernel
def upgrade_possible(s, c, p, hero):
    """Bronze Cloth: a pair of identical cards of `hero` in hand with the next rank set aside."""
    nh = s.zone_n[p, E.Z_HAND]
    for i in range(nh):
        ki = c.inst_card[s.zone[p, E.Z_HAND, i]]
        if c.hero[ki] != hero:
            continue
        pair = False
        for j in range(i + 1, nh):
            if c.inst_card[s.zone[p, E.Z_HAND, j]] == ki:
                pair = True
        if pair and upgrade_copy(s, c, p, hero, c.ranks[ki]) >= 0:
            return True
    return False


@kernel
def in_scope(who, p, q):
    """Can an op of p's with player scope `who` reach player q?"""
    if who == E.W_SELF:
        return q == p
    if who == E.W_EACH_OPPONENT or who == E.W_CHOSEN_OPPONENT:
        return q != p
    return True


@kernel
def op_feasible(s, c, p, inst, row, target):
    """Would op `row` of inst's program do something now? (a quick check)"""
    op = c.ops[row]
    code = op[E.F_OP]
    if not cond_holds(s, c, op[E.F_COND], inst, target, p):
        return False
    if code == E.OP_UPGRADE:
        hero = c.hero[c.inst_card[inst]]
        if op[E.F_ZONE] == E.Z_CLOTH:  # a Knight technique (ASG-5): the copy, and a card for its cost
            return knight_cloth(s, c, p, hero) >= 0 and knight_pick(s, c, p, hero) >= 0 \
                and s.zone_n[p, E.Z_HAND] >= 2
        return upgrade_possible(s, c, p, hero)
    if code == E.OP_MOVE and op[E.F_ZONE] == E.Z_SRC_ARMOR:
        if s.zone_n[p, E.Z_CLOTH] > 0:
            return True
        for i in range(s.zone_n[p, E.Z_HAND]):
            if c.classes[c.inst_card[s.zone[p, E.Z_HAND, i]]] & E.CLASS_CLOTH:
                return True
        return False
    if code == E.OP_MOVE and (op[E.F_FLAGS] & E.OPF_OR) and (op[E.F_WHO] == E.W_CHOSEN_PLAYER
                                                           or op[E.F_WHO] == E.W_CHOSEN_OPPONENT):
        return or_move_has_target(s, c, p, inst, row)
    if code == E.OP_MOVE and op[E.F_WHO] == E.W_SELF and op[E.F_ZONE] < E.N_PLAYER_ZONES:
        need = op[E.F_N] if op[E.F_N] > 0 else (0 if op[E.F_N] == E.N_ANY else 1)  # any: none is a number
        zone = op[E.F_ZONE]
        if zone == E.Z_DRAW and s.zone_n[p, E.Z_DRAW] == 0:
            zone = E.Z_DISCARD  # GEN-2: it would be reshuffled first
        return count_in_zone(s, c, p, zone, op[E.F_FILTER], inst) >= need
    if code == E.OP_MOVE and op[E.F_ZONE] == E.Z_SRC_IN_PLAY:  # Bud: a player in reach has such a card in play
        for q in range(s.g[G_NPLAYERS]):
            if in_scope(op[E.F_WHO], p, q) and count_in_play(s, c, q, op[E.F_FILTER]) > 0:
                return True
        return False
    if code == E.OP_ACQUIRE and op[E.F_ZONE] == E.Z_SRC_FIELD:
        return count_on_field(s, c, op[E.F_FILTER], -1) > 0
    if code == E.OP_COST_CUT:  # a card to cut, and a cut: the Trident's needs tokens
        return count_on_field(s, c, op[E.F_FILTER], -1) > 0 and (not op[E.F_FLAGS] & E.OPF_PER_TOKEN
                                                                    or s.inst_vp[inst] != 0)
    if code == E.OP_BUFF:
        if op[E.F_ZONE] == E.Z_SRC_THIS:  # the card itself: only while it faces a card (a Talent, HAD-12)
            return s.inst_zone[inst] == E.Z_PLAY and s.inst_facing[inst] >= 0
        return count_alongside_any(s, c, p, op[E.F_FILTER]) > 0
    if code == E.OP_PLAY:
        return play_feasible(s, c, p, op)
    if code == E.OP_GAIN_WEAPON:
        return s.g[G_WEAPONS] > 0  # none left: the gain would be lost (POS-13)
    if code == E.OP_NAME_HERO_DISCARD:  # a card of the Hero to name, in play
        return first_hero_in_play(s, c, p) >= 0
    if code == E.OP_FIELD_ARRIVAL:  # a field card with an Arrival effect to apply
        for slot in range(E.N_SLOTS):
            if s.field[slot] >= 0 and c.prog[c.inst_card[s.field[slot]], E.T_ARRIVAL, 1] > 0:
                return True
        return False
    return True


@kernel
def or_move_has_target(s, c, p, inst, row):
    """"X or Y" on a chosen player (Balmung, ASG-21): has some player (an opponent, for a chosen
    opponent) a card for either move, in an open zone? Its hand or draw pile: any card."""
    for q in range(s.g[G_NPLAYERS]):
        if q == p and c.ops[row, E.F_WHO] == E.W_CHOSEN_OPPONENT:
            continue
        if collect_count(s, c, c.ops[row], q, inst) > 0 or collect_count(s, c, c.ops[row + 1], q, inst) > 0:
            return True
    return False


@kernel
def play_feasible(s, c, p, op):
    """Has a `play` op a card to take: from p's draw pile (or the discard pile it would reshuffle,
    GEN-2), or from the hand of an opponent (of p's choice, or each)."""
    zone = op[E.F_ZONE]
    who = op[E.F_WHO]
    if who == E.W_SELF:
        if zone == E.Z_DRAW:
            return s.zone_n[p, E.Z_DRAW] + s.zone_n[p, E.Z_DISCARD] > 0
        return count_in_zone(s, c, p, zone, op[E.F_FILTER], -1) > 0
    for q in range(s.g[G_NPLAYERS]):
        if q != p and count_in_zone(s, c, q, zone, op[E.F_FILTER], -1) > 0:
            return True
    return False


@inline_kernel
def first_op_feasible(s, c, p, inst, trig, target):
    """Would the program do something now? Its first step must be able to run and, when that
    step is a cost, so must the step it pays for."""
    k = c.inst_card[inst]
    start, n = c.prog[k, trig, 0], c.prog[k, trig, 1]
    if n == 0 or not op_feasible(s, c, p, inst, start, target):
        return False
    if (c.ops[start, E.F_FLAGS] & E.OPF_PAY) and n > 1:
        return op_feasible(s, c, p, inst, start + 1, target)
    return True


@kernel
def program_feasible(s, c, p, inst, trig):
    """Would a board technique or an Epic's action do something now? Each of its costs, and each
    step the rest depends on (`then`), can be done, and one of its other steps would act (a step
    whose condition does not hold is skipped)."""
    k = c.inst_card[inst]
    start, n = c.prog[k, trig, 0], c.prog[k, trig, 1]
    acts = False
    for row in range(start, start + n):
        if not cond_holds(s, c, c.ops[row, E.F_COND], inst, -1, p):
            continue
        feasible = op_feasible(s, c, p, inst, row, -1)
        if c.ops[row, E.F_FLAGS] & (E.OPF_PAY | E.OPF_THEN):
            if not feasible:
                return False
        elif feasible:
            acts = True
    return acts


@inline_kernel
def can_use(s, c, p, inst, trig):
    """May p spend inst for its use now? A Cloth in hand must be equipped to be used, so not
    while another Cloth is equipped (one Cloth in play), nor under the Ring (ASG-19). A board technique: once a turn, for its
    Energy (ASG-4)."""
    if trig == E.T_TECHNIQUE:
        return technique_ready(s, c, p, inst) and program_feasible(s, c, p, inst, trig)
    if trig == E.T_EPIC_ACTION:
        return epic_action_ready(s, c, p, inst) and program_feasible(s, c, p, inst, trig)
    if trig == E.T_COST:
        return wound_cut_open(s, c, p, inst)
    if trig == E.T_ABILITY:  # an Ability p holds (HAD-11)
        return s.inst_row[inst] == p and s.inst_zone[inst] == E.Z_ABILITIES and first_op_feasible(s, c, p, inst, trig, -1)
    zone = s.inst_zone[inst]
    k = c.inst_card[inst]
    if (zone == E.Z_HAND or zone == E.Z_TO_PLAY) and (c.classes[k] & (E.CLASS_CLOTH | E.CLASS_RELIC)) \
            and (s.zone_n[p, E.Z_CLOTH] > 0 or (c.classes[k] & E.CLASS_RELIC) or equip_locked(s, c, p)):
        return False  # a Relic in hand must be played first (ASG-19: its uses are a Relic's in play)
    return first_op_feasible(s, c, p, inst, trig, -1)


@inline_kernel
def can_face(s, c, p, inst, target):
    """May p play inst (in hand) against target? Dolphin asks for a discard first."""
    if target < 0 or (c.classes[c.inst_card[inst]] & E.CLASS_CHARACTER) == 0:
        return False
    return fighter_may_face(s, c, p, inst, target) and face_cost_payable(s, c, p, target, inst)


@inline_kernel
def fighter_may_face(s, c, p, inst, target):
    """`can_face`'s rules on the Character inst itself: the field's bans, the Epic's heal."""
    if s.g[G_FACE_RULES_ON] and face_banned(s, c, inst, target):  # Thetis, Soldier #2025
        return False
    return not (s.g[G_EPIC_RULES] and must_heal(s, c, p, inst))  # Ne jamais abandonner


@kernel
def faceable_slots(s, c, p):
    """The field slots p may face, as bits: (those that ask no discard, those that ask some).
    A listing finds them once for all its hand cards."""
    free = costly = 0
    for slot in range(E.N_SLOTS):
        t = s.field[slot]
        if t < 0 or (s.g[G_POSEIDON] and not may_face(s, c, p, t)):
            continue
        if face_discards_due(s, c, t) == 0:
            free |= 1 << slot
        else:
            costly |= 1 << slot
    return free, costly


@kernel
def fought_slots(s, c, p):
    """The field slots a card of p's in play faces, and those where one of them aids the others
    (`aids_fighters`), as bits: the listing asks `fight_won` only of the first (without a
    fighter, a fight's total is 0, below any cost), told which are the second."""
    fought = aided_slots = 0
    play = s.zone[p, E.Z_PLAY]
    for j in range(s.zone_n[p, E.Z_PLAY]):
        t = s.inst_facing[play[j]]
        if t >= 0:
            slot = field_slot(s, t)
            if slot >= 0:
                fought |= 1 << slot
                if c.aids_fighters[c.inst_card[play[j]]]:
                    aided_slots |= 1 << slot
    return fought, aided_slots


@kernel
def wound_cut_open(s, c, p, t):
    """May p buy down the cost of the field card t by wounding a Character from hand (its `wound_cut`,
    once a turn: Baian)?"""
    if field_slot(s, t) < 0 or s.inst_flags[t] & IF_CUT_PAID:
        return False
    row = program_op(c, t, E.T_COST, E.OP_WOUND_CUT)
    return row >= 0 and count_in_zone(s, c, p, E.Z_HAND, c.ops[row, E.F_FILTER], -1) > 0


@kernel
def must_heal(s, c, p, inst):
    """May inst, a card of p's hand with Heal, only heal: does the current Epic say so while p has a
    marked card it may heal (Ne jamais abandonner, POS-9)?"""
    return rule_reaches(s, c, E.OP_MUST_HEAL, inst) and printed_heal(s, c, inst) > 0 and heals_open(s, c, p)


@inline_kernel
def heals_open(s, c, p):
    """May p heal now: has it a marked card, and does no field card forbid healing? A listing
    asks once, and lists no heal (nor looks for healers) without one."""
    return s.zone_n[p, E.Z_WOUNDED] + s.zone_n[p, E.Z_FROZEN] > 0 and not healing_banned(s, c)


@kernel
def card_plays(s, c, p, inst, first, rows, n, can_equip, heal_ok, free, costly):
    """The ways p may play inst, a card of its hand (or one it is to play, as from its hand): a
    Cloth is equipped (when it can be), a Relic played (any number, ASG-19); another card faces a
    field card (of the slots `faceable_slots` found), is spent for its use, or heals a marked card.
    Counted from n and noted as `listed` does; returns the new count."""
    k = c.inst_card[inst]
    if c.classes[k] & (E.CLASS_CLOTH | E.CLASS_RELIC):
        if can_equip or (c.classes[k] & E.CLASS_RELIC):
            n = listed(rows, first, n, A_RELIC if c.classes[k] & E.CLASS_RELIC else A_EQUIP, inst, -1)
        return n
    if c.classes[k] & E.CLASS_CHARACTER:
        for slot in range(E.N_SLOTS):
            bit = 1 << slot
            if (free | costly) & bit and fighter_may_face(s, c, p, inst, s.field[slot]) \
                    and (free & bit or face_cost_payable(s, c, p, s.field[slot], inst)):
                n = listed(rows, first, n, A_PLAY, inst, slot)
    ut = c.use_trig[k]
    if ut >= 0 and can_use(s, c, p, inst, ut):
        n = listed(rows, first, n, A_USE, inst, ut)
    if heal_ok and printed_heal(s, c, inst) > 0:
        n = heals(s, p, inst, first, rows, n)
    return n


@kernel
def heals(s, p, healer, first, rows, n):
    """The heals of p's marked cards by healer (-1: the hearts the heal action has left), counted
    from n as in `card_plays`."""
    for zone in (E.Z_WOUNDED, E.Z_FROZEN):
        for j in range(s.zone_n[p, zone]):
            n = listed(rows, first, n, A_HEAL, healer, s.zone[p, zone, j])
    return n


@kernel
def legal_to_play(s, c, p, first, rows):
    """`legal_actions` while p has cards to play (Gamma, Delta Robes): only their plays, each as
    from the hand, in any order; none if none of them can be played."""
    n = 0
    can_equip = s.zone_n[p, E.Z_CLOTH] == 0 and not equip_locked(s, c, p)
    heal_ok = heals_open(s, c, p)
    free, costly = faceable_slots(s, c, p)
    for i in range(s.zone_n[p, E.Z_TO_PLAY]):
        n = card_plays(s, c, p, s.zone[p, E.Z_TO_PLAY, i], first, rows, n, can_equip, heal_ok, free, costly)
    return n


@kernel
def legal_actions(s, c, p, first, rows):
    """Count p's legal actions, noting actions first, first + 1, ... into rows (`listed`). While p
    has cards to play (an effect's, Gamma and Delta Robes), their plays are the only legal actions."""
    if s.zone_n[p, E.Z_TO_PLAY] > 0:
        return legal_to_play(s, c, p, first, rows)
    nh = s.zone_n[p, E.Z_HAND]
    n = listed(rows, first, 0, A_END, -1, -1)  # end the main phase
    cloth_on = s.zone_n[p, E.Z_CLOTH] > 0
    can_equip = not cloth_on and not equip_locked(s, c, p)
    heal_ok = heals_open(s, c, p)
    free, costly = faceable_slots(s, c, p)
    for i in range(nh):
        n = card_plays(s, c, p, s.zone[p, E.Z_HAND, i], first, rows, n, can_equip, heal_ok, free, costly)
    if cloth_on and heal_ok and printed_heal(s, c, s.zone[p, E.Z_CLOTH, 0]) > 0:  # ASG-17: an equipped Armor heals
        n = heals(s, p, s.zone[p, E.Z_CLOTH, 0], first, rows, n)
    if heal_ok and s.g[G_HEAL_HEARTS] > 0:  # the heal action goes on with its hearts left (ASG-14)
        n = heals(s, p, -1, first, rows, n)
    for zone in (E.Z_PLAY, E.Z_CLOTH, E.Z_BOARD, E.Z_RELICS):
        for i in range(s.zone_n[p, zone]):
            inst = s.zone[p, zone, i]
            ut = c.use_trig[c.inst_card[inst]]
            if ut >= 0 and can_use(s, c, p, inst, ut):
                n = listed(rows, first, n, A_USE, inst, ut)
    if s.g[G_EPIC] > 0 and can_use(s, c, p, s.g[G_EPIC] - 1, E.T_EPIC_ACTION):  # the current Epic's action
        n = listed(rows, first, n, A_USE, s.g[G_EPIC] - 1, E.T_EPIC_ACTION)
    wound_cuts = s.g[G_WOUND_CUTS_ON]
    fought, aided_slots = fought_slots(s, c, p)
    for slot in range(E.N_SLOTS):
        bit = 1 << slot
        if not (free | costly) & bit:
            continue
        t = s.field[slot]
        if cloth_on and (free & bit or face_cost_payable(s, c, p, t, -1)):
            n = listed(rows, first, n, A_CLOTH_FIGHT, -1, slot)
        if wound_cuts and wound_cut_open(s, c, p, t):  # Baian: a cost bought down by wounding
            n = listed(rows, first, n, A_USE, t, E.T_COST)
        if fought & bit:
            by = fight_won(s, c, t, p, (aided_slots & bit) != 0)
            for cur in (STRENGTH, COSMOS):
                if by[cur]:
                    n = listed(rows, first, n, A_ACQUIRE, slot, cur)
    if s.zone_n[p, E.Z_RELICS] > 0 or s.zone_n[E.COMMON, E.Z_PILLAR_ROW] > 0 or s.g[G_POSEIDON] or s.g[G_DUEL] \
            or s.g[G_HADES] or s.zone_n[p, E.Z_ABILITIES] > 0 or s.g[G_RELICS_ON] or s.g[G_OPEN_SEAT] == p + 1:
        n = box_actions(s, c, p, first, rows, n, cloth_on)
    return n


@kernel
def box_actions(s, c, p, first, rows, n, cloth_on):
    """`legal_actions`'s actions of the expansions' material (Relics, Pillars, co-op, the Duel,
    Hades), listed on from n. A kernel of their own, called only when some is in play: a function
    zeroes on every entry a stack slot for each call it makes (see `apply_action`)."""
    if s.zone_n[p, E.Z_RELICS] > 0:
        n = relic_fights(s, c, p, first, rows, n, cloth_on)
    if s.zone_n[E.COMMON, E.Z_PILLAR_ROW] > 0:
        n = pillar_fights(s, c, p, first, rows, n, cloth_on)
    if s.g[G_POSEIDON]:
        n = coop_actions(s, c, p, first, rows, n)
    if s.g[G_DUEL]:
        n = house_actions(s, c, p, first, rows, n, cloth_on)
    if s.g[G_HADES]:
        n = underworld_actions(s, c, p, first, rows, n, cloth_on)
        n = sense_actions(s, c, p, first, rows, n)
    for i in range(s.zone_n[p, E.Z_ABILITIES]):  # Hades: an Ability used for its effect (HAD-11)
        if can_use(s, c, p, s.zone[p, E.Z_ABILITIES, i], E.T_ABILITY):
            n = listed(rows, first, n, A_USE, s.zone[p, E.Z_ABILITIES, i], E.T_ABILITY)
    if s.zone_n[p, E.Z_ABILITIES] > 0:
        n = talent_actions(s, c, p, first, rows, n)
    if s.g[G_RELICS_ON] or s.g[G_OPEN_SEAT] == p + 1:
        # a Relic of another player's p may win back (Athena's Urn, POS-24), a card off the field an
        # effect opened to p (POS-23)
        for at in (E.URN_AT, E.OPEN_AT):
            t = fight_target(s, p, at)
            if t < 0:
                continue
            n = faces_off_field(s, c, p, t, at, first, rows, n, cloth_on)
            for cur in (STRENGTH, COSMOS):
                if won_back(s, c, t, cur, p) if at == E.URN_AT else open_won(s, c, t, cur, p):
                    n = listed(rows, first, n, A_ACQUIRE, at, cur)
    return n


@kernel
def underworld_actions(s, c, p, first, rows, n, cloth_on):
    """`legal_actions`'s Hades actions: facing an Underworld card within p's reach, annihilating it
    with each bonus its space offers p (HAD-6, HAD-26), placing it onto an opponent's Shackle pile
    with Souls (HAD-27); facing a card of p's own Shackle pile and freeing it (HAD-17)."""
    for space in range(E.UNDER_SPACES):
        t = underworld_reach(s, p, space)
        if t < 0:
            continue
        at = E.UNDER_AT + space
        n = faces_off_field(s, c, p, t, at, first, rows, n, cloth_on)
        for bonus in range(E.N_BONUSES):
            if annihilation_won(s, c, p, space, bonus):
                n = listed(rows, first, n, A_ACQUIRE, at, bonus)
        for q in range(s.g[G_NPLAYERS]):
            if may_place(s, c, p, space, q):
                n = listed(rows, first, n, A_PLACE, space, q)
    for j in range(s.zone_n[p, E.Z_SHACKLE]):
        t = shackle_card(s, p, j)
        if t < 0:
            continue
        at = E.SHACKLE_AT + j
        n = faces_off_field(s, c, p, t, at, first, rows, n, cloth_on)
        if shackle_won(s, c, p, j):
            for take_souls in (1, 0):
                n = listed(rows, first, n, A_ACQUIRE, at, take_souls)
    return n


@kernel
def sense_allowed(s, c, p, sense, b):
    """May p use Sense number `sense` on b (`A_SENSE`, HAD-9)?"""
    if not (0 <= sense < N_SENSES and sense_ready(s, c, p, sense)):
        return False
    what, n = sense_effect(s, sense)
    if what == SE_STRENGTH or what == SE_COSMOS:
        return 0 <= b < s.inst_row.shape[0] and s.inst_row[b] == p and s.inst_zone[b] == E.Z_PLAY \
            and (c.classes[c.inst_card[b]] & E.CLASS_CHARACTER) != 0
    if what == SE_MOVE:
        to = s.pl[p, PL_SPACE] + b
        return b != 0 and abs(b) <= n and E.ELYSION <= to <= E.GATE \
            and not (b < 0 and banned(s, c, p, E.BAN_MARKER_TO_ELYSION))
    return b == -1


@kernel
def sense_actions(s, c, p, first, rows, n):
    """`legal_actions`'s uses of p's Senses: each Sense ready, on each target it allows."""
    for sense in range(N_SENSES):
        if not sense_ready(s, c, p, sense):
            continue
        what, most = sense_effect(s, sense)
        lo, hi = -1, -1  # the b values to try
        if what == SE_STRENGTH or what == SE_COSMOS:
            lo, hi = 0, s.zone_n[p, E.Z_PLAY] - 1
        elif what == SE_MOVE:
            lo, hi = -most, most
        for x in range(lo, hi + 1):
            b = s.zone[p, E.Z_PLAY, x] if what == SE_STRENGTH or what == SE_COSMOS else x
            if sense_allowed(s, c, p, sense, b):
                n = listed(rows, first, n, A_SENSE, sense, b)
    return n


@kernel
def talent_ready(s, c, p, inst):
    """May p pay the Talent of inst with an Ability (HAD-12)? inst is p's and in play (its play area
    or its equipped Armor), its Talent not yet so paid this turn (`hades_talent_uses_per_card`), and
    its effect would act."""
    z = s.inst_zone[inst]
    if s.inst_row[inst] != p or not (z == E.Z_PLAY or z == E.Z_CLOTH) or c.prog[c.inst_card[inst], E.T_TALENT, 1] == 0:
        return False
    if s.inst_flags[inst] & IF_TALENT_PAID and s.rules[R_HADES_TALENT_USES] != TALENT_UNLIMITED:
        return False
    return first_op_feasible(s, c, p, inst, E.T_TALENT, -1)


@kernel
def pays_talent(s, c, p, inst, ability):
    """May p pay the Talent of inst with its Ability `ability`? In the classic game, any Ability of
    p's can (HAD-12); in the Duel, only the Ability of the card's Constellation (DUEL-11)."""
    return s.inst_row[ability] == p and s.inst_zone[ability] == E.Z_ABILITIES and talent_ready(s, c, p, inst) \
        and (not s.g[G_DUEL] or c.symbol[c.inst_card[ability]] == c.symbol[c.inst_card[inst]])


@kernel
def talent_actions(s, c, p, first, rows, n):
    """`legal_actions`'s Talents paid with an Ability: each card of p's in play whose Talent is
    ready, with each Ability p holds."""
    for zone in (E.Z_PLAY, E.Z_CLOTH):
        for i in range(s.zone_n[p, zone]):
            inst = s.zone[p, zone, i]
            if not talent_ready(s, c, p, inst):
                continue
            for j in range(s.zone_n[p, E.Z_ABILITIES]):
                if not pays_talent(s, c, p, inst, s.zone[p, E.Z_ABILITIES, j]):
                    continue
                n = listed(rows, first, n, A_TALENT, inst, s.zone[p, E.Z_ABILITIES, j])
    return n


@kernel
def may_destroy_hero(s, c, p, inst):
    """May p destroy inst, a Hero of its hand, for the revealed House's condition "you may destroy a
    Hero in your hand" (DUEL-17)?"""
    house = revealed_house(s)
    return house >= 0 and c.event[c.inst_card[house]] == E.EVT_DESTROY_HERO_IN_HAND and s.inst_row[inst] == p \
        and s.inst_zone[inst] == E.Z_HAND and (c.classes[c.inst_card[inst]] & E.CLASS_HERO) != 0


@kernel
def house_actions(s, c, p, first, rows, n, cloth_on):
    """`legal_actions`'s Duel actions: a card facing the revealed House, the end of a fight that
    reaches p's counter (DUEL-19), a Hero of the hand destroyed for the House's condition (DUEL-17)."""
    house = revealed_house(s)
    if house < 0:
        return n
    n = faces_off_field(s, c, p, house, E.HOUSE_AT, first, rows, n, cloth_on)
    if house_won(s, c, p):
        n = listed(rows, first, n, A_ACQUIRE, E.HOUSE_AT, STRENGTH)
    for i in range(s.zone_n[p, E.Z_HAND]):
        if may_destroy_hero(s, c, p, s.zone[p, E.Z_HAND, i]):
            n = listed(rows, first, n, A_DESTROY_HERO, s.zone[p, E.Z_HAND, i], -1)
    return n


@kernel
def coop_actions(s, c, p, first, rows, n):
    """`legal_actions`'s co-op actions: discard a card of the hand to move to the next pile either
    way (COOP-18), give a card of the hand to a player who may receive it (COOP-7)."""
    for i in range(s.zone_n[p, E.Z_HAND]):
        inst = s.zone[p, E.Z_HAND, i]
        for way in (1, -1):
            n = listed(rows, first, n, A_MOVE, inst, way)
        if giftable(s, c, inst):
            for q in range(s.g[G_POSEIDON] - 1):
                if may_receive(s, p, q):
                    n = listed(rows, first, n, A_GIFT, inst, q)
    return n


@kernel
def win_back_cost(c, r):
    """What facing the Relic r wins it back (its `win_back`: Athena's Urn), as (Strength, Cosmos)."""
    row = program_op(c, r, E.T_IN_PLAY, E.OP_WIN_BACK)
    return (c.ops[row, E.F_A], c.ops[row, E.F_B]) if row >= 0 else (0, 0)


@kernel
def won_back(s, c, r, cur, p):
    """Do p's fighters facing r, another player's Relic it may win back, reach its `win_back` in
    `cur` (a fight, R3)?"""
    cost = win_back_cost(c, r)[cur]
    return cost > 0 and any_fighter_matches(s, c, p, r, -1) and fight_totals(s, c, r, p)[cur] >= cost


@kernel
def open_won(s, c, t, cur, p):
    """Do p's fighters facing t, the card off the field opened to p, reach its cost in `cur` (its
    printed costs and its own cost rules: no field modifier reaches it, GEN-16; R3)?"""
    cost = effective_cost(s, c, t, cur, p)
    return cost > 0 and any_fighter_matches(s, c, p, t, -1) and fight_total(s, c, t, cur, p) >= cost


@kernel
def faces_off_field(s, c, p, target, at, first, rows, n, cloth_on):
    """The ways p may face `target`, a card off the field of action index `at` (a Relic, a
    Pillar): a Character from hand, or the equipped Cloth. Counted from n as `legal_actions` does."""
    for i in range(s.zone_n[p, E.Z_HAND]):
        inst = s.zone[p, E.Z_HAND, i]
        if can_face(s, c, p, inst, target):
            n = listed(rows, first, n, A_PLAY, inst, at)
    if cloth_on and (not s.g[G_POSEIDON] or may_face(s, c, p, target)):
        n = listed(rows, first, n, A_CLOTH_FIGHT, -1, at)
    return n


@kernel
def pillar_fights(s, c, p, first, rows, n, cloth_on):
    """`legal_actions`'s fights against the revealed Pillars (POS-11): a Character from hand or the
    equipped Cloth facing one, a Balance Weapon spent on a Hero facing one, and the destruction
    of one whose fighters reach its Strength."""
    for j in range(s.zone_n[E.COMMON, E.Z_PILLAR_ROW]):
        pillar = s.zone[E.COMMON, E.Z_PILLAR_ROW, j]
        at = E.PILLAR_AT + j
        n = faces_off_field(s, c, p, pillar, at, first, rows, n, cloth_on)
        for i in range(s.zone_n[p, E.Z_PLAY]):
            hero = s.zone[p, E.Z_PLAY, i]
            if s.inst_facing[hero] == pillar and can_arm(s, c, p, hero):
                n = listed(rows, first, n, A_WEAPON, hero, -1)
        if pillar_won(s, c, pillar, p):
            n = listed(rows, first, n, A_ACQUIRE, at, STRENGTH)
    return n


@kernel
def relic_fights(s, c, p, first, rows, n, cloth_on):
    """`legal_actions`'s fights against the Relics of p's play area that ask to be faced (the Ring,
    ASG-19): a Character from hand or the equipped Cloth facing one, and the end of a fight won
    with its Strength. Their "slot" is N_SLOTS + the Relic's index in the play area."""
    for j in range(s.zone_n[p, E.Z_RELICS]):
        r = s.zone[p, E.Z_RELICS, j]
        if relic_lock(c, r) == 0:
            continue
        at = E.N_SLOTS + j
        n = faces_off_field(s, c, p, r, at, first, rows, n, cloth_on)
        if relic_won(s, c, r, p):
            n = listed(rows, first, n, A_ACQUIRE, at, STRENGTH)
    return n
