"""Fights: what a fighter is worth, what a field card costs, and whether it can be acquired.

Rulings applied here: R1 (slot 6 costs 1 less), R3 (one currency per fight), GEN-15 (conversions
first, then all modifiers, then a floor of 1; an increase never creates a missing currency),
GEN-16 (field rules only concern field cards), and the continuous effects of the cards
(`fighting`, `cost` and `field` programs), which are read here and never executed. The current
Epic's `field` rules are read with the field cards' (POS-1; its `cost_up` reaches the whole field).
"""
from sim.engine.jit import inline_kernel, kernel

from sim.engine import enums as E
from sim.engine.rules.epics import epic_rule, rule_reaches
from sim.engine.params import R_COOP_LAST_SPACE_DISCOUNT
from sim.engine.rules.coop import is_last_general, may_face
from sim.engine.state import (G_ACQ_CHECKED, G_ACTIONS, G_POSEIDON, G_ACTIVE, G_EPIC, G_HADES, G_EPIC_RULES, G_FACE_RULES_ON, G_FIELD_CHANGES, G_FIELD_END, G_HOURGLASSES, G_FIELD_RULES, G_FLAMES, G_NO_CLOCK, G_LAST_MOVED, G_RULES_SEEN, G_SAPPHIRES, IF_FACE_PAID,
                    G_TURN, PL_ALT_FILTER, PL_TURN_STRENGTH)
from sim.engine.rules.zones import (count_in_deck, count_in_zone, count_on_field, field_slot, matches, program_op,
                                    relic_lock,
                                    rule_total)

STRENGTH = 0
COSMOS = 1
# the `field` rules that change what a field card costs, and those that forbid acquiring one
COST_RULES = int(E.FIELD_BIT[E.OP_COST_UP] | E.FIELD_BIT[E.OP_CURRENCY_BAN])
BAN_RULES = int(E.FIELD_BIT[E.OP_ACQUIRE_BAN] | E.FIELD_BIT[E.OP_ACQUIRE_ONLY])


@kernel
def first_slot(s):
    """R1 / hades.txt: the first card is the one closest to the reserve (skipping empty slots)."""
    for k in range(E.N_SLOTS):
        if s.field[k] >= 0:
            return k
    return -1


@kernel
def last_slot(s):
    for k in range(E.N_SLOTS - 1, -1, -1):
        if s.field[k] >= 0:
            return k
    return -1


@kernel
def fighters(s, p, target, out):
    """Fill out[] with p's cards in play facing the field card `target`; return how many."""
    n = 0
    for k in range(s.zone_n[p, E.Z_PLAY]):
        inst = s.zone[p, E.Z_PLAY, k]
        if s.inst_facing[inst] == target:
            out[n] = inst
            n += 1
    return n


@kernel
def count_alongside(s, c, p, target, f, exclude):
    """p's cards facing `target`, other than `exclude`, that pass filter f."""
    if target < 0:
        return 0
    n = 0
    for k in range(s.zone_n[p, E.Z_PLAY]):
        inst = s.zone[p, E.Z_PLAY, k]
        if inst != exclude and s.inst_facing[inst] == target and matches(c, inst, f):
            n += 1
    return n


@kernel
def draw_count(s, c, op, src_inst, p, target):
    """How many cards a draw op takes: its n, the cards the previous op moved (n = "last"), one
    per other card of p's matching its filter that faces the same card (count = "alongside"), or
    one per such card in p's discard pile (count = "discard", counted before the draw)."""
    if op[E.F_C] == E.CNT_ALONGSIDE:
        return count_alongside(s, c, p, target, op[E.F_FILTER], src_inst)
    if op[E.F_C] == E.CNT_ZONE:
        return count_in_zone(s, c, p, op[E.F_ZONE], op[E.F_FILTER], -1)
    if op[E.F_C] == E.CNT_FIELD:
        return count_on_field(s, c, op[E.F_FILTER], -1)
    return s.g[G_LAST_MOVED] if op[E.F_N] == E.N_LAST else op[E.F_N]


@kernel
def cond_holds(s, c, q, inst, target, p):
    """Condition row q (-1: none) for the card `inst` of seat p, which faces the field card
    `target`. Small, so that its callers skip the call for the many ops without a condition."""
    return q < 0 or cond_row_holds(s, c, q, inst, target, p)


@kernel
def cond_row_holds(s, c, q, inst, target, p):
    row = c.conds[q]
    kind = row[0]
    if kind == E.C_FLAMES_EVEN:  # false without the Clock (GEN-20)
        return s.g[G_FLAMES] % 2 == 0 and not s.g[G_NO_CLOCK]
    if kind == E.C_FLAMES_ODD:
        return s.g[G_FLAMES] % 2 == 1 and not s.g[G_NO_CLOCK]
    if kind == E.C_FACING_FIRST:
        return target >= 0 and field_slot(s, target) == first_slot(s)
    if kind == E.C_FACING_LAST:
        return target >= 0 and field_slot(s, target) == last_slot(s)
    if kind == E.C_FACING_COSMOS_COST:
        return target >= 0 and c.cosmos_cost[c.inst_card[target]] > 0
    if kind == E.C_RULE_IS:
        return s.rules[row[1]] == row[4]
    if kind == E.C_HOURGLASSES:
        return s.g[G_EPIC] > 0 and s.g[G_HOURGLASSES] == row[4]
    if kind == E.C_ARRIVING:
        return target >= 0 and matches(c, target, row[3])
    # C_COUNT_AT_LEAST, C_COUNT_AT_MOST
    src, zone, f, bound, other = row[1], row[2], row[3], row[4], row[5]
    exclude = inst if other else -1
    if src == E.CNT_FIELD:
        n = count_on_field(s, c, f, exclude)
    elif src == E.CNT_ALONGSIDE:
        n = count_alongside(s, c, p, target, f, inst)
    elif src == E.CNT_DECK:
        n = count_in_deck(s, c, p, f)
    elif src == E.CNT_FIELD_DISCARD:
        n = count_in_zone(s, c, E.COMMON, E.Z_BF_DISCARD, f, exclude)
    elif src == E.CNT_MARKED:
        n = count_in_zone(s, c, p, E.Z_WOUNDED, f, exclude) + count_in_zone(s, c, p, E.Z_FROZEN, f, exclude)
    else:
        n = count_in_zone(s, c, p, zone, f, exclude)
    return n <= bound if kind == E.C_COUNT_AT_MOST else n >= bound


@inline_kernel
def printed_strength(s, c, inst):
    """inst's printed Strength, or what the current Epic sets it to (Tournoi galactique). Copied
    into its callers: without such an Epic, one look at a flag."""
    if s.g[G_EPIC_RULES] and rule_reaches(s, c, E.OP_SET_VALUES, inst):
        return c.ops[epic_rule(s, c, E.OP_SET_VALUES), E.F_A]
    return c.strength[c.inst_card[inst]]


@inline_kernel
def printed_heal(s, c, inst):
    """inst's printed Heal, or what the current Epic sets it to (Tournoi galactique). Copied into
    its callers, as `printed_strength`."""
    if s.g[G_EPIC_RULES] and rule_reaches(s, c, E.OP_SET_VALUES, inst):
        return c.ops[epic_rule(s, c, E.OP_SET_VALUES), E.F_C]
    return c.heal[c.inst_card[inst]]


@kernel
def fighter_values(s, c, inst, target, p, is_aided):
    """What `inst` (of seat p) adds to a fight against `target`, as (Strength, Cosmos): its
    printed values, this turn's buffs, its own `fighting` modifiers, and those of the other cards
    facing the same target (a card in hand is valued as if played there), which are looked at only
    if `aided(target)` (is_aided)."""
    k = c.inst_card[inst]
    v_str = printed_strength(s, c, inst) + s.inst_buff_str[inst]
    if c.classes[k] & E.CLASS_CHARACTER:
        v_str += s.pl[p, PL_TURN_STRENGTH]
    v_cos = c.cosmos[k] + s.inst_buff_cos[inst]
    prog = c.prog
    ops = c.ops
    start, n = prog[k, E.T_FIGHTING, 0], prog[k, E.T_FIGHTING, 1]
    for i in range(start, start + n):
        op = ops[i]
        if op[E.F_A] == 0 and op[E.F_B] == 0:
            continue
        if op[E.F_OP] == E.OP_STAT and op[E.F_C] == 0:
            if cond_holds(s, c, op[E.F_COND], inst, target, p):
                v_str += op[E.F_A]
                v_cos += op[E.F_B]
        elif op[E.F_OP] == E.OP_STAT_PER:
            if op[E.F_C] == E.CNT_FIELD:
                count = count_on_field(s, c, op[E.F_FILTER], -1)
            elif op[E.F_C] == E.CNT_ZONE:  # Kasa: in the player's discard pile
                count = count_in_zone(s, c, p, op[E.F_ZONE], op[E.F_FILTER], -1)
            else:
                count = count_alongside(s, c, p, target, op[E.F_FILTER], inst)
            v_str += op[E.F_A] * count
            v_cos += op[E.F_B] * count
    factor = 1
    n_play = s.zone_n[p, E.Z_PLAY]
    if is_aided and n_play > 0:
        play = s.zone[p, E.Z_PLAY]
        facing = s.inst_facing
        inst_card = c.inst_card
        aids = c.aids_fighters
        for j in range(n_play):
            other = play[j]
            if other == inst or facing[other] != target or not aids[inst_card[other]]:
                continue
            ko = inst_card[other]
            start, n = prog[ko, E.T_FIGHTING, 0], prog[ko, E.T_FIGHTING, 1]
            for i in range(start, start + n):
                op = ops[i]
                if op[E.F_OP] == E.OP_STAT and op[E.F_C] == 1 and matches(c, inst, op[E.F_FILTER]):
                    v_str += op[E.F_A]
                    v_cos += op[E.F_B]
                elif op[E.F_OP] == E.OP_STAT_MULT and matches(c, inst, op[E.F_FILTER]):
                    factor *= op[E.F_A]
    return max(v_str, 0) * factor, max(v_cos, 0) * factor


@inline_kernel
def fighter_bound(s, c, inst, p):
    """The most `inst` (of seat p) could add, as (Strength, Cosmos), to a fight against a card p
    has no other fighter facing: `fighter_values` with every condition of its own `fighting`
    modifiers taken as holding (the cards it counts alongside it are then none)."""
    k = c.inst_card[inst]
    v_str = printed_strength(s, c, inst) + s.inst_buff_str[inst]
    if c.classes[k] & E.CLASS_CHARACTER:
        v_str += s.pl[p, PL_TURN_STRENGTH]
    v_cos = c.cosmos[k] + s.inst_buff_cos[inst]
    start, n = c.prog[k, E.T_FIGHTING, 0], c.prog[k, E.T_FIGHTING, 1]
    for i in range(start, start + n):
        op = c.ops[i]
        if op[E.F_OP] == E.OP_STAT and op[E.F_C] == 0:
            v_str += max(op[E.F_A], 0)
            v_cos += max(op[E.F_B], 0)
        elif op[E.F_OP] == E.OP_STAT_PER and op[E.F_C] != E.CNT_ALONGSIDE:
            if op[E.F_C] == E.CNT_FIELD:
                count = count_on_field(s, c, op[E.F_FILTER], -1)
            else:
                count = count_in_zone(s, c, p, op[E.F_ZONE], op[E.F_FILTER], -1)
            v_str += op[E.F_A] * count
            v_cos += op[E.F_B] * count
    return max(v_str, 0), max(v_cos, 0)


@kernel
def aided(s, c, p, target):
    """Does one of p's cards facing `target` change what the others add (`aids_fighters`)?"""
    if target < 0:
        return False
    play = s.zone[p, E.Z_PLAY]
    for j in range(s.zone_n[p, E.Z_PLAY]):
        if s.inst_facing[play[j]] == target and c.aids_fighters[c.inst_card[play[j]]]:
            return True
    return False


@inline_kernel
def values_against(s, c, inst, target, p, is_aided):
    """`fighter_values`, told whether `aided(target)`: a card without a `fighting` program against
    a target no card aids adds its printed values and this turn's buffs (no need to look at the
    other fighters). Copied into its callers: most cards take that short way."""
    k = c.inst_card[inst]
    if is_aided or c.prog[k, E.T_FIGHTING, 1] > 0:
        return fighter_values(s, c, inst, target, p, is_aided)
    v_str = printed_strength(s, c, inst) + s.inst_buff_str[inst]
    if c.classes[k] & E.CLASS_CHARACTER:
        v_str += s.pl[p, PL_TURN_STRENGTH]
    return max(v_str, 0), max(c.cosmos[k] + s.inst_buff_cos[inst], 0)


@kernel
def fight_totals(s, c, target, p):
    """(Strength, Cosmos) totals of p's cards facing `target`."""
    return totals_against(s, c, target, p, aided(s, c, p, target))


@kernel
def totals_against(s, c, target, p, is_aided):
    """`fight_totals`, told whether `aided(target)`."""
    total_str = total_cos = 0
    n_play = s.zone_n[p, E.Z_PLAY]
    play = s.zone[p, E.Z_PLAY]
    facing = s.inst_facing
    for k in range(n_play):
        inst = play[k]
        if facing[inst] == target:
            v_str, v_cos = values_against(s, c, inst, target, p, is_aided)
            total_str += v_str
            total_cos += v_cos
    return total_str, total_cos


@kernel
def fight_total(s, c, target, cur, p):
    return fight_totals(s, c, target, p)[cur]


@kernel
def any_fighter_matches(s, c, p, target, f):
    return count_alongside(s, c, p, target, f, -1) > 0


@kernel
def effective_costs(s, c, target, p):
    """The (Strength, Cosmos) costs p must reach to acquire `target` now; 0 where it cannot be
    bought that way. Both at once: the policies weigh both currencies of every field card."""
    return costs_for(s, c, target, p, True)


@inline_kernel
def costs_for(s, c, target, p, faced):
    """`effective_costs`, told whether p may have a card facing target: the policies know when it
    has none, and then the modifiers that depend on its fighters are not looked for. Copied into
    its callers: what is left then costs no call."""
    k = c.inst_card[target]
    rules = field_rules(s, c)
    # GEN-15 step 1: currency conversions
    str_cost = c.strength_cost[k]
    cos_cost = c.cosmos_cost[k]
    alt = s.pl[p, PL_ALT_FILTER]
    if alt > 0 and cos_cost > 0 and matches(c, target, alt - 1):
        str_cost = cos_cost  # Algethi: Strength at a cost equal to the Cosmos cost
    if str_cost > 0 and rules & E.FIELD_BIT[E.OP_COST_TO_COSMOS] and cosmos_next_to(s, c, target):
        cos_cost = str_cost if cos_cost <= 0 else min(cos_cost, str_cost)  # Marina Soldier #2023
        str_cost = 0
    if faced and c.prog[k, E.T_COST, 1] > 0:
        str_cost, cos_cost = fighter_conversions(s, c, target, p, str_cost, cos_cost)
    more_str = more_cos = 0
    if faced:
        more_str, more_cos, by_cosmos = fighter_cuts(s, c, target, p)
        if by_cosmos and str_cost > 0 and (cos_cost <= 0 or str_cost < cos_cost):
            cos_cost = str_cost  # Athena (Asgard): Cosmos at the Strength cost
    if str_cost <= 0 and cos_cost <= 0:
        return 0, 0
    # then all modifiers, then a floor of 1
    cut = 1 if s.field[s.g[G_FIELD_END]] == target else 0  # R1: the last slot costs 1 less
    if s.g[G_POSEIDON]:  # co-op: the discount is a rules parameter (COOP-6); a General's tokens raise its costs (COOP-14)
        if not s.rules[R_COOP_LAST_SPACE_DISCOUNT]:
            cut = 0
        if is_last_general(s, target):
            cut -= max(s.inst_vp[target], 0)
    cut_str = cut + s.inst_cut_str[target]
    cut_cos = cut + s.inst_cut_cos[target]
    if rules & COST_RULES:  # the Guards: costs raised, a currency banned
        up_str, up_cos, ban_str, ban_cos = field_cost_rules(s, c, target)
        cut_str -= up_str
        cut_cos -= up_cos
        if ban_str:
            str_cost = 0
        if ban_cos:
            cos_cost = 0
    if s.g[G_HADES]:  # the Underworld's and p's Shackle pile's rules (HAD-5, HAD-17)
        up_str, up_cos = hades_cost_up(s, c, target, p)
        cut_str -= up_str
        cut_cos -= up_cos
    cut_str += more_str  # what p's fighters cut
    cut_cos += more_cos
    if s.g[G_SAPPHIRES] > 0 and c.prog[k, E.T_COST, 1] > 0:  # Balmung: nothing to look at before a sapphire
        by_str, by_cos = sapphire_cuts(s, c, k)
        cut_str += by_str
        cut_cos += by_cos
    if c.cost_fixed[k]:  # Sorento: what lowers his costs does nothing, what raises them still does
        cut_str = min(cut_str, 0)
        cut_cos = min(cut_cos, 0)
    str_cost = max(str_cost - cut_str, 1) if str_cost > 0 else 0
    cos_cost = max(cos_cost - cut_cos, 1) if cos_cost > 0 else 0
    return str_cost, cos_cost


@kernel
def cosmos_next_to(s, c, target):
    """Is the field card target next to a card whose `cost_to_cosmos` rule reaches it (its Strength
    cost becomes a Cosmos cost, Marina Soldier #2023)?"""
    at = field_slot(s, target)
    if at < 0:
        return False
    for slot in (at - 1, at + 1):
        if 0 <= slot < E.N_SLOTS and s.field[slot] >= 0:
            rule = own_rule(c, s.field[slot], E.OP_COST_TO_COSMOS)
            if rule >= 0 and matches(c, target, c.ops[rule, E.F_FILTER]):
                return True
    return False


@kernel
def next_to(s, c, slot, f):
    """Does a slot next to `slot` hold a card passing filter f? (An empty slot has no card.)"""
    left = s.field[slot - 1] if slot > 0 else -1
    right = s.field[slot + 1] if slot < s.g[G_FIELD_END] else -1
    return (left >= 0 and matches(c, left, f)) or (right >= 0 and matches(c, right, f))


@kernel
def field_cost_rules(s, c, target):
    """What the `cost_up` and `currency_ban` rules of the field cards and of the current Epic do to
    the cost of the field card `target`, as (Strength added, Cosmos added, Strength banned, Cosmos
    banned). Each rule counts once, its own card included where it is of the kind it names (GEN-15:
    they add to the other modifiers before the floor; GEN-16: field cards only)."""
    more_str = more_cos = 0
    ban_str = ban_cos = False
    at = field_slot(s, target)
    if at < 0:
        return 0, 0, False, False
    field = s.field
    for slot in range(E.N_SLOTS + 1):  # the 6 slots, then the Epic
        inst = field[slot] if slot < E.N_SLOTS else s.g[G_EPIC] - 1
        if inst < 0 or not c.field_rules[c.inst_card[inst]] & COST_RULES:
            continue
        k = c.inst_card[inst]
        start, n = c.prog[k, E.T_FIELD, 0], c.prog[k, E.T_FIELD, 1]
        for i in range(start, start + n):
            op = c.ops[i]
            if not matches(c, target, op[E.F_FILTER]) or not cond_holds(s, c, op[E.F_COND], inst, target, s.g[G_ACTIVE]):
                continue
            if op[E.F_OP] == E.OP_COST_UP:
                where = op[E.F_C]
                if (where == E.CP_LEFT and at >= slot) or (where == E.CP_NEXT_TO and not next_to(s, c, at, op[E.F_N])):
                    continue
                more_str += op[E.F_A]
                more_cos += op[E.F_B]
            elif op[E.F_OP] == E.OP_CURRENCY_BAN:
                if op[E.F_A] == STRENGTH:
                    ban_str = True
                else:
                    ban_cos = True
    return more_str, more_cos, ban_str, ban_cos


@kernel
def program_cost_up(s, c, src, trig, target, p):
    """What the `cost_up` rules of src's `trig` program add to the costs of target for p, as
    (Strength, Cosmos)."""
    k = c.inst_card[src]
    up_str = up_cos = 0
    for i in range(c.prog[k, trig, 0], c.prog[k, trig, 0] + c.prog[k, trig, 1]):
        op = c.ops[i]
        if op[E.F_OP] == E.OP_COST_UP and matches(c, target, op[E.F_FILTER]) \
                and cond_holds(s, c, op[E.F_COND], src, target, p):
            up_str += op[E.F_A]
            up_cos += op[E.F_B]
    return up_str, up_cos


@kernel
def hades_cost_up(s, c, target, p):
    """What Hades's `cost_up` rules add to the costs of the field card target for p, as (Strength,
    Cosmos): the face-up Underworld cards' (HAD-5, for everyone) and the top card's of p's Shackle
    pile (HAD-17, for p)."""
    up_str = up_cos = 0
    for space in range(E.UNDER_SPACES):
        inst = s.under[space]
        if inst >= 0 and s.under_up[space] and c.prog[c.inst_card[inst], E.T_UNDERWORLD, 1] > 0:
            by_str, by_cos = program_cost_up(s, c, inst, E.T_UNDERWORLD, target, p)
            up_str += by_str
            up_cos += by_cos
    if s.zone_n[p, E.Z_SHACKLE] > 0:
        by_str, by_cos = program_cost_up(s, c, s.zone[p, E.Z_SHACKLE, s.zone_n[p, E.Z_SHACKLE] - 1], E.T_SHACKLE,
                                         target, p)
        up_str += by_str
        up_cos += by_cos
    return up_str, up_cos


@kernel
def sapphire_cuts(s, c, k):
    """Card k's own `sapphire_cut`s: so much less per sapphire on the Odin statue (Balmung, ASG-19)."""
    cut_str = cut_cos = 0
    start, n = c.prog[k, E.T_COST, 0], c.prog[k, E.T_COST, 1]
    for i in range(start, start + n):
        op = c.ops[i]
        if op[E.F_OP] == E.OP_SAPPHIRE_CUT:
            cut_str += op[E.F_A] * s.g[G_SAPPHIRES]
            cut_cos += op[E.F_B] * s.g[G_SAPPHIRES]
    return cut_str, cut_cos


@kernel
def relic_won(s, c, relic, p):
    """Has p beaten the Relic `relic` of its play area: its fighters' Strength reaches what its
    `equip_lock` asks (R3: Strength alone; no cost modifier concerns a card off the field, GEN-16)?"""
    need = relic_lock(c, relic)
    if need <= 0 or s.inst_row[relic] != p or s.inst_zone[relic] != E.Z_RELICS:
        return False
    return fight_totals(s, c, relic, p)[0] >= need


@kernel
def fighter_conversions(s, c, target, p, str_cost, cos_cost):
    """target's own `cost` conversions that ask for one of p's fighters facing it."""
    k = c.inst_card[target]
    start, n = c.prog[k, E.T_COST, 0], c.prog[k, E.T_COST, 1]
    for i in range(start, start + n):
        op = c.ops[i]
        if op[E.F_OP] == E.OP_ALT_COST_FIGHTER and any_fighter_matches(s, c, p, target, op[E.F_FILTER]):
            if op[E.F_A] > 0:
                str_cost = op[E.F_A]
            if op[E.F_B] > 0:
                cos_cost = op[E.F_B]
    return str_cost, cos_cost


@kernel
def fighter_cuts(s, c, target, p):
    """What p's fighters facing target cut from its costs: target's own `cost` cuts that ask for a
    fighter, and the fighters that lower the cost of the card they face (Daichi); and whether one
    lets it be bought with Cosmos at its Strength cost (Asgard's Athena)."""
    k = c.inst_card[target]
    cut_str = cut_cos = 0
    by_cosmos = False
    start, n = c.prog[k, E.T_COST, 0], c.prog[k, E.T_COST, 1]
    for i in range(start, start + n):
        op = c.ops[i]
        if op[E.F_OP] == E.OP_COST_IF_FIGHTER and any_fighter_matches(s, c, p, target, op[E.F_FILTER]):
            cut_str += op[E.F_A]
            cut_cos += op[E.F_B]
        elif op[E.F_OP] == E.OP_COST_PER_FIGHTER:
            count = count_alongside(s, c, p, target, op[E.F_FILTER], -1)
            cut_str += op[E.F_A] * count
            cut_cos += op[E.F_B] * count
    play = s.zone[p, E.Z_PLAY]
    facing = s.inst_facing
    prog = c.prog
    ops = c.ops
    for j in range(s.zone_n[p, E.Z_PLAY]):
        inst = play[j]
        if facing[inst] != target or not c.changes_faced_cost[c.inst_card[inst]]:
            continue
        ki = c.inst_card[inst]
        start, n = prog[ki, E.T_FIGHTING, 0], prog[ki, E.T_FIGHTING, 1]
        for i in range(start, start + n):
            op = ops[i]
            if op[E.F_OP] == E.OP_FACED_COST_PER and matches(c, target, op[E.F_C]):
                count = count_alongside(s, c, p, target, op[E.F_FILTER], inst)
                cut_str += op[E.F_A] * count
                cut_cos += op[E.F_B] * count
            elif op[E.F_OP] == E.OP_FACED_ALT_COST and matches(c, target, op[E.F_FILTER]):
                by_cosmos = True
    return cut_str, cut_cos, by_cosmos


@kernel
def effective_cost(s, c, target, cur, p):
    """The cost p must reach in `cur` to acquire `target` now; 0 if it cannot be bought that way."""
    str_cost, cos_cost = effective_costs(s, c, target, p)
    return str_cost if cur == STRENGTH else cos_cost


@inline_kernel
def field_rules(s, c):
    """The `field_rules` bits of the cards on the field, computed again only once a card came or
    went (`note_field_rules`): the rules are asked about several times per decision, and few
    cards have any. Copied into its callers: most asks find them noted, and cost no call."""
    if s.g[G_RULES_SEEN] == s.g[G_FIELD_CHANGES]:
        return s.g[G_FIELD_RULES]
    return note_field_rules(s, c)


@kernel
def note_field_rules(s, c):
    """`field_rules` once a card came or went: note the bits again, and return them."""
    g = s.g
    rules = 0
    for slot in range(E.N_SLOTS):
        inst = s.field[slot]
        if inst >= 0:
            rules |= c.field_rules[c.inst_card[inst]]
    if g[G_EPIC] > 0:  # the current Epic's rules (a new Epic counts as a field change)
        rules |= c.field_rules[c.inst_card[g[G_EPIC] - 1]]
    g[G_FIELD_RULES] = rules
    g[G_RULES_SEEN] = g[G_FIELD_CHANGES]
    return rules


@inline_kernel
def field_rule_op(s, c, opcode, exclude):
    """First field card (other than `exclude`) with a `field` op of this code, as (instance, op row)."""
    if not field_rules(s, c) & E.FIELD_BIT[opcode]:
        return -1, -1
    field = s.field
    inst_card = c.inst_card
    for slot in range(E.N_SLOTS):
        inst = field[slot]
        if inst < 0 or inst == exclude or not c.field_rules[inst_card[inst]] & E.FIELD_BIT[opcode]:
            continue
        k = inst_card[inst]
        start, n = c.prog[k, E.T_FIELD, 0], c.prog[k, E.T_FIELD, 1]
        for i in range(start, start + n):
            if c.ops[i, E.F_OP] == opcode:
                return inst, i
    return -1, -1


@kernel
def healing_banned(s, c):
    inst, _ = field_rule_op(s, c, E.OP_HEAL_BAN, -1)
    return inst >= 0


@kernel
def face_banned(s, c, inst, target):
    """May `inst` not face the field card `target`: is another field card's `face_ban` rule on
    cards like inst (Thetis: a Hero faces no other Character)? Only field Characters are barred:
    a Cloth, a Relic or a Pillar may still be faced (POS-21)."""
    if not field_rules(s, c) & E.FIELD_BIT[E.OP_FACE_BAN] or not (c.classes[c.inst_card[target]] & E.CLASS_CHARACTER) \
            or s.inst_zone[target] != E.Z_BATTLEFIELD:
        return False
    for slot in range(E.N_SLOTS):
        rule_card = s.field[slot]
        if rule_card >= 0 and rule_card != target \
                and rule_total(c, c.inst_card[rule_card], E.T_FIELD, E.OP_FACE_BAN, inst, -1) > 0:
            return True
    return False


@inline_kernel
def bans_on_field(s, c):
    """Is a card forbidding some acquisitions on the field (`acquisition_banned` may say yes)?"""
    return (field_rules(s, c) & BAN_RULES) != 0


@inline_kernel
def acquisition_banned(s, c, target):
    """Can `target` not be acquired, by any means, because of another field card: Kuraggu (no
    other card of its kind), Guard #1035 (only cards of its two kinds)? Copied into its callers:
    most fields forbid nothing, and cost no call."""
    return bans_on_field(s, c) and banned_by_field(s, c, target)


@kernel
def banned_by_field(s, c, target):
    """`acquisition_banned` once a card forbidding some acquisitions is on the field."""
    field = s.field
    inst_card = c.inst_card
    prog = c.prog
    ops = c.ops
    for slot in range(E.N_SLOTS):
        inst = field[slot]
        if inst < 0 or inst == target or not c.field_rules[inst_card[inst]] & BAN_RULES:
            continue
        k = inst_card[inst]
        start, n = prog[k, E.T_FIELD, 0], prog[k, E.T_FIELD, 1]
        for i in range(start, start + n):
            code = ops[i, E.F_OP]
            if code == E.OP_ACQUIRE_BAN and matches(c, target, ops[i, E.F_FILTER]):
                return True
            if code == E.OP_ACQUIRE_ONLY and not (matches(c, target, ops[i, E.F_FILTER])
                                                  or matches(c, target, ops[i, E.F_A])):
                return True
    return False


@kernel
def own_rule(c, target, opcode):
    """The row of target's own `field` op with this code, or -1."""
    return program_op(c, target, E.T_FIELD, opcode)


@inline_kernel
def min_fighters(c, target):
    """The Characters a fight against target needs (its `min_fighters` rule), 0 if none; copied
    into its callers."""
    return c.fighters_needed[c.inst_card[target]]


@kernel
def acquirable(s, c, target, p):
    """(by Strength, by Cosmos): can p end the fight against `target` now, winning it in that
    currency? Both at once: the checks other than the totals are shared, and one look at p's cards
    in play finds its fighters and whether one aids the others (`fight_won`)."""
    if target < 0 or field_slot(s, target) < 0:
        return False, False
    fighting = is_aided = False
    play = s.zone[p, E.Z_PLAY]
    facing = s.inst_facing
    for j in range(s.zone_n[p, E.Z_PLAY]):
        f = play[j]
        if facing[f] == target:
            fighting = True
            if c.aids_fighters[c.inst_card[f]]:
                is_aided = True
    if not fighting:
        return False, False  # without a fighter the fight total is 0, below any cost (at least 1)
    return fight_won(s, c, target, p, is_aided)


@kernel
def fight_won(s, c, target, p, is_aided):
    """`acquirable`, once p is known to have a card facing target (a field card), and whether one
    aids the others: a listing of the legal actions finds both for every slot in one look."""
    str_cost, cos_cost = costs_for(s, c, target, p, True)
    if (str_cost <= 0 and cos_cost <= 0) or acquisition_banned(s, c, target):
        return False, False
    need = min_fighters(c, target)
    if need > 0 and count_character_fighters(s, c, p, target) < need:
        return False, False
    total_str, total_cos = totals_against(s, c, target, p, is_aided)
    return str_cost > 0 and total_str >= str_cost, cos_cost > 0 and total_cos >= cos_cost


@kernel
def note_acquirable(s, slot, cur):
    """A policy proposes to end the fight in `slot` in currency `cur`, which it has found it can on
    this state (with `acquirable`, or the same checks): `acquire_from_field` takes it as checked
    (`checked_acquisition`) rather than work it out again. Games played with the invariants
    checked work it out anyway (`V_CHECKED`)."""
    s.g[G_ACQ_CHECKED] = acquisition_key(s, slot, cur)


@kernel
def checked_acquisition(s, slot, cur):
    """Is this the acquisition a policy proposed after checking it (`note_acquirable`)? The note
    is keyed on the decision (the turn and its action count) and cleared here: a proposal is taken
    once, and only by the action that follows it."""
    key = s.g[G_ACQ_CHECKED]
    s.g[G_ACQ_CHECKED] = 0
    return key == acquisition_key(s, slot, cur)


@inline_kernel
def acquisition_key(s, slot, cur):
    return ((s.g[G_TURN] * ACTIONS_SPAN + s.g[G_ACTIONS]) * E.N_SLOTS + slot) * 2 + cur + 1


ACTIONS_SPAN = 1024  # more than a turn's actions (MAX_ACTIONS_PER_TURN)


@kernel
def can_acquire(s, c, target, cur, p):
    """Can p end the fight against `target` now, winning it in currency `cur`?"""
    by_str, by_cos = acquirable(s, c, target, p)
    return by_str if cur == STRENGTH else by_cos


@kernel
def count_character_fighters(s, c, p, target):
    """Characters (not Cloths) of p facing target: Sea Serpent counts these."""
    n = 0
    for k in range(s.zone_n[p, E.Z_PLAY]):
        inst = s.zone[p, E.Z_PLAY, k]
        if s.inst_facing[inst] == target and (c.classes[c.inst_card[inst]] & E.CLASS_CHARACTER):
            n += 1
    return n


@inline_kernel
def face_discards_due(s, c, target):
    """The hand cards a player must discard to face target, not yet paid this turn: its own
    `face_cost` (Dolphin), and n per field card whose `face_cost_for` rule names it (Soldier #2021).
    Copied into its callers: most cards ask for nothing, and most runs have no such rule."""
    n = c.face_discards[c.inst_card[target]]  # 0 without the rule
    if s.g[G_FACE_RULES_ON]:
        n += field_face_discards(s, c, target)
    return 0 if n == 0 or s.inst_flags[target] & IF_FACE_PAID else n


@kernel
def field_face_discards(s, c, target):
    """The discards the field's `face_cost_for` rules ask to face target (Soldier #2021)."""
    n = 0
    if field_rules(s, c) & E.FIELD_BIT[E.OP_FACE_COST_FOR] and s.inst_zone[target] == E.Z_BATTLEFIELD:
        for slot in range(E.N_SLOTS):
            x = s.field[slot]
            if x >= 0:
                n += rule_total(c, c.inst_card[x], E.T_FIELD, E.OP_FACE_COST_FOR, target, E.F_N)
    return n


@inline_kernel
def face_cost_payable(s, c, p, target, exclude):
    """Dolphin, Soldier #2021: can p discard the cards asked to face target (other than `exclude`,
    when in hand)? In co-op, p faces only its pile's card or Pillar (COOP-4). Copied into its
    callers: outside co-op, most field cards ask for no discard, and cost no call."""
    if not s.g[G_POSEIDON] and face_discards_due(s, c, target) == 0:
        return True
    return discards_payable(s, c, p, target, exclude)


@kernel
def discards_payable(s, c, p, target, exclude):
    """`face_cost_payable` in co-op, or for a card that asks for discards."""
    if s.g[G_POSEIDON] and not may_face(s, c, p, target):
        return False
    need = face_discards_due(s, c, target)
    if need == 0:
        return True
    others = s.zone_n[p, E.Z_HAND] - (1 if exclude >= 0 and s.inst_zone[exclude] == E.Z_HAND else 0)
    return others >= need


@kernel
def is_protected(s, c, inst):
    """Sho: Saints fighting alongside him cannot be wounded."""
    target = s.inst_facing[inst]
    p = s.inst_row[inst]
    if target < 0 or s.inst_zone[inst] != E.Z_PLAY:
        return False
    for j in range(s.zone_n[p, E.Z_PLAY]):
        other = s.zone[p, E.Z_PLAY, j]
        if other == inst or s.inst_facing[other] != target:
            continue
        ko = c.inst_card[other]
        start, n = c.prog[ko, E.T_FIGHTING, 0], c.prog[ko, E.T_FIGHTING, 1]
        for i in range(start, start + n):
            if c.ops[i, E.F_OP] == E.OP_PROTECT and matches(c, inst, c.ops[i, E.F_FILTER]):
                return True
    return False
