"""The heuristic policy: every decision weighed by card values and a few weights.

Each seat's weights (sim/engine/policies/weights.py; the named policies of sim/policy_catalog.py
are weight vectors) give each card a static value (`prepare`). `choose_action` picks the next
main-phase action: end a won fight, equip, upgrade, heal (wounds and freezes), use, then the best fight the hand can
win, committing the card that best closes the gap; when nothing is left worth doing, it spends the
cards leaving play or hand for their uses (`spend_leaving_card`). With the `plan` weight, the first card it
commits to a fight its hand (and equipped Cloth) wins comes with a plan for the rest of it
(`plan_fight`), which the next decisions follow while it holds (`follow_plan`). The other
questions the rules ask (sim/engine/policies/interface.py) are answered by value too.
It never copies the state and only proposes legal actions (the rules check and count).
"""
import numpy as np

from sim.engine import enums as E
from sim.engine.declare import Field
from sim.engine.jit import inline_kernel, kernel
from sim.engine.policies.weights import (W_CLOCK_AWARE, W_COSMOS, W_COST, W_DRAW, W_EFFECT, W_FLAME, W_HARM,
                                         W_HEAL, W_HEAL_MIN, W_KEEP, W_PAY, W_PLAN, W_SPEND, W_STRENGTH, W_UPGRADE,
                                         W_USE, W_VP)
from sim.engine.rules.fight import (COSMOS, STRENGTH, acquirable, acquisition_banned, aided, bans_on_field, cond_holds,
                                    costs_for, count_alongside, count_character_fighters, draw_count, effective_cost,
                                    face_cost_payable, face_discards_due, fight_total, fight_totals, fighter_bound,
                                    healing_banned, min_fighters, note_acquirable, relic_won, values_against)
from sim.engine.rules.coop import N_PILES, giftable, is_last_general, may_receive, pile_size, pos_of
from sim.engine.params import R_DUEL_HOUSE_VP
from sim.engine.rules.houses import house_won, revealed_house
from sim.engine.rules.legal import (A_ACQUIRE, A_CLOTH_FIGHT, A_DESTROY_HERO, A_END, A_EQUIP, A_GIFT, A_HEAL, A_MOVE, A_PLACE, A_PLAY, A_RELIC, A_SENSE,
                                    A_TALENT, A_USE, A_WEAPON, can_face, sense_allowed, can_use, first_op_feasible, legal_to_play, open_won,
                                    may_destroy_hero, pays_talent, talent_ready, upgrade_possible,
                                    win_back_cost, won_back, wound_cut_open)
from sim.engine.rules.board import technique_ready
from sim.engine.rules.pillars import can_arm, fighter_bonus, pillar_need, pillar_won
from sim.engine.rules.scoring import card_vp
from sim.engine.rules.senses import N_SENSES, SE_COSMOS, SE_MOVE, SE_STRENGTH, sense_effect, sense_ready
from sim.engine.rules.underworld import (annihilation_need, annihilation_won, bonus_offered, shackle_card, shackle_won,
                                         soul_cost)
from sim.engine.rules.zones import (buff_times, cards_matching, count_alongside_any, equip_locked, field_slot, fight_target, matches, program_op,
                                    relic_lock, rival_relic, underworld_reach)
from sim.engine.state import (G_ACTIONS, G_ACTIVE, G_DUEL, G_HADES, PL_HOUSE_COUNTER, G_MAY_RELIC, G_PILE_PILLAR, G_POSEIDON, PL_MARKER, G_EFFECTS_RUN, G_EPIC, G_FLAMES, G_HEAL_HEARTS, G_MOVE_DST,
                              G_NPLAYERS, G_OPEN_SEAT, G_OPEN_TARGET, G_RELICS_ON, G_TURN, G_WOUND_CUTS_ON, PL_ALT_FILTER, PL_HERO, PL_PLACE, PL_SENSES_SPENT, PL_SOULS, PL_SPACE,
                              PL_WEAPONS)

# slot_memo[slot, ...]: what one main-phase decision of the policy learnt about the card of a slot
M_FIGHTERS = 0     # the deciding seat's cards facing it
M_TOTAL_STR = 1    # their fight totals
M_TOTAL_COS = 2
M_COSTS_KNOWN = 3  # 1 once M_COST_* are filled
M_COST_STR = 4     # effective costs (0: not buyable that way)
M_COST_COS = 5
M_HAND_KNOWN = 6   # 1 once M_HAND_* are filled
M_HAND_STR = 7     # what the hand would add against it
M_HAND_COS = 8
M_HAND_CHARS = 9   # and how many Characters count
M_WIDTH = 10
# Co-op (COOP-5, COOP-15): a Pillar destroyed takes 5 VP from Poseidon and lowers the water; a last
# General defeated opens its Pillar. What they are worth beyond their own VP, in VP.
COOP_PILLAR_SWING = 6.0
COOP_GENERAL_BONUS = 3.0
COOP_UNSEEN = 1.0  # a pile's face-down top, as a move would reveal it
COOP_POOL = 0.5  # of the value of the cards p could give a teammate who plays later this round

# reach[...]: the most p's hand, equipped Cloth and best helper could add to a fight against a card
# p has no fighter facing (an upper bound, per currency)
R_KNOWN = 0        # 1 once R_STR and R_COS are filled
R_STR = 1
R_COS = 2

# plan[...]: the rest of the fight a policy's decision planned (the cards to commit, then the win)
PLAN_ACTION = 0    # the main-phase action (G_ACTIONS) it was planned with; -1: no plan
PLAN_EFFECTS = 1   # G_EFFECTS_RUN then
PLAN_SLOT = 2      # the fight: its slot and field card
PLAN_TARGET = 3
PLAN_N = 4         # cards planned, in plan[PLAN_CARDS:]
PLAN_NEXT = 5      # the next one to commit
PLAN_WINS = 6      # 1 if plan_wins says when the fight is won (while no effect runs), else 0
PLAN_TURN = 7      # the player-turn (G_TURN) it was planned in
PLAN_CARDS = 8


# The heuristic's memory (s.mind): its values of the cards, and what one decision learns
MEMORY = dict(
    weights=Field(np.float64, (E.MAX_SEATS, "weights"), 0.0, "", "each seat's weights (W_*)"),
    value=Field(np.float64, (E.MAX_SEATS, "cards"), 0.0, "", "each seat's static value of each card"),
    values_for=Field(np.int64, (E.MAX_SEATS,), -1, "batch", "the seat entry whose weights `value` is for (-1: none)"),
    use_first=Field(np.bool_, (E.MAX_SEATS, "cards"), False, "", "whether a card's plain use is worth more than its fight"),
    value_top=Field(np.float64, (E.MAX_SEATS,), 0.0, "", "the most `card_value` gives for any card"),
    picks=Field(np.int64, ("instances",), 0, "", "a list of candidates to weigh"),
    slot_memo=Field(np.int64, (E.N_SLOTS, M_WIDTH), 0, "", "a decision's facts per field slot (M_*)"),
    helpers=Field(np.int64, ("instances+1",), 0, "", "a decision's usable fight helpers (helpers[0] = count)"),
    cand_score=Field(np.float64, (2 * E.N_SLOTS,), 0.0, "", "a decision's fights to weigh: their score"),
    cand_at=Field(np.int64, (2 * E.N_SLOTS,), 0, "", "and 2 * slot + currency (-1 - slot: a bound)"),
    reach=Field(np.int64, (3,), 0, "", "a decision's bound on what its hand and helpers add (R_*)"),
    hand_values=Field(np.int64, ("instances", 2), 0, "", "what each hand Character adds against hand_values_of[0]"),
    hand_values_of=Field(np.int64, (1,), -1, "", "the field card of those values in this decision, -1 none"),
    commit_cands=Field(np.int64, ("instances", 2), 0, "", "a commit step's candidates: (instance, what it adds)"),
    plan=Field(np.int64, ("plan",), -1, "game", "the fight it planned (PLAN_*)"),
    spent_turn=Field(np.int64, ("instances",), -1, "game", "the player-turn (G_TURN) step 10 last spent each card in"),
    plan_wins=Field(np.int64, ("instances+1",), -1, "", "its win after each commitment: the currency, -1 not yet"),
    relic_aim=Field(np.int64, (E.MAX_SEATS,), -1, "game", "the card a Relic's use it chose aims at (Balmung), "
                    "for the questions its use then asks; -1 none"),
)

@kernel
def variable_vp_estimate(c, k):
    start, n = c.prog[k, E.T_SCORE, 0], c.prog[k, E.T_SCORE, 1]
    est = 0.0
    for i in range(start, start + n):
        op = c.ops[i]
        if op[E.F_OP] == E.OP_VP_PER:
            est += 2.0 if op[E.F_C] == E.CNT_DECK else 1.0
        else:
            est += 0.5 * op[E.F_A]
    return est


@kernel
def init_values(s, c, p):
    """Each card's static worth to seat p's policy (the flame term is added per decision)."""
    w = s.mind.weights[p]
    top = -1e18
    for k in range(c.card_id.shape[0]):
        counts = c.prog_counts[k]
        d1, o1, h1 = counts[E.T_ENGAGEMENT, 0], counts[E.T_ENGAGEMENT, 1], counts[E.T_ENGAGEMENT, 2]
        ut = c.use_trig[k]
        d2, o2, h2 = (0, 0, 0) if ut < 0 else (counts[ut, 0], counts[ut, 1], counts[ut, 2])
        s.mind.value[p, k] = (w[W_VP] * (c.vp[k] + variable_vp_estimate(c, k)) + w[W_STRENGTH] * c.strength[k]
                         + w[W_COSMOS] * c.cosmos[k] + w[W_HEAL] * c.heal[k]
                         + w[W_DRAW] * max(d1, d2) + w[W_EFFECT] * (o1 + o2) + w[W_HARM] * (h1 + h2))
        own = w[W_STRENGTH] * c.strength[k] + w[W_COSMOS] * c.cosmos[k]
        # step 5 of `decide_afresh`: a plain use (draws, attacks, recursion) worth more than the
        # card's own fight value
        s.mind.use_first[p, k] = ut >= 0 and c.use_kind[k] == E.USE_PLAIN and \
            w[W_DRAW] * d2 + w[W_EFFECT] * o2 + w[W_HARM] * h2 > w[W_USE] * own
        top = max(top, s.mind.value[p, k])
    s.mind.value_top[p] = top + abs(w[W_FLAME])  # at least `card_value` of any card


@kernel
def printed_vp(s, c, p):
    zone = s.zone
    zone_n = s.zone_n
    vp = c.vp
    inst_card = c.inst_card
    total = 0
    for z in range(E.N_PLAYER_ZONES):
        if z == E.Z_DESTROYED or z == E.Z_SETASIDE:
            continue
        sign = -1 if z == E.Z_SHACKLE else 1  # HAD-30: a Shackle pile's VP are lost
        for j in range(zone_n[p, z]):
            total += sign * vp[inst_card[zone[p, z, j]]]
    return total


@kernel
def vp_lead(s, c, p):
    mine = printed_vp(s, c, p)
    best = -1000
    for q in range(s.g[G_NPLAYERS]):
        if q != p:
            best = max(best, printed_vp(s, c, q))
    return mine - best


@kernel
def decision_lead(s, c, p):
    """The VP lead for `card_value`, which reads it only for clock-aware policies (0 otherwise)."""
    if s.mind.weights[p, W_CLOCK_AWARE] > 0:
        return vp_lead(s, c, p)
    return 0


@kernel
def card_value(s, c, p, inst, lead):
    k = c.inst_card[inst]
    v = s.mind.value[p, k]
    if c.icons[k] & E.ICON_FLAME:
        w = s.mind.weights[p]
        if w[W_CLOCK_AWARE] > 0:
            v += w[W_FLAME] if lead >= 0 else -w[W_FLAME]
        else:
            v += w[W_FLAME]
    return v


@kernel
def pick_cards(s, c, chooser, buf, n_cand, n, best_first):
    """Reorder buf[:n_cand] so that its first n entries are the chooser's picks (the card its Relic
    use aims at first, `relic_aim`)."""
    if n >= n_cand:
        return
    if s.g[G_RELICS_ON] and s.mind.relic_aim[chooser] >= 0 and aim_first(s, chooser, buf, n_cand):
        return
    for i in range(n):
        best = i
        for j in range(i + 1, n_cand):
            vj = s.mind.value[chooser, c.inst_card[buf[j]]]
            vb = s.mind.value[chooser, c.inst_card[buf[best]]]
            if (vj > vb) if best_first else (vj < vb):
                best = j
        tmp = buf[i]
        buf[i] = buf[best]
        buf[best] = tmp


@kernel
def aim_first(s, p, buf, n_cand):
    """Put the card p's Relic use aims at first in buf[:n_cand], if it is there (True)."""
    aim = s.mind.relic_aim[p]
    for j in range(n_cand):
        if buf[j] == aim:
            buf[j] = buf[0]
            buf[0] = aim
            s.mind.relic_aim[p] = -1
            return True
    return False


@kernel
def decide_pay(s, c, payer, buf, n_cand, n):
    """Pay an optional cost with the n cheapest candidates? (candidates already exist)."""
    pick_cards(s, c, payer, buf, n_cand, n, False)
    worst = 0.0
    for i in range(n):
        worst = max(worst, s.mind.value[payer, c.inst_card[buf[i]]])
    return worst <= s.mind.weights[payer, W_PAY]


@kernel
def decide_may(s, c, p):
    """Do what a "you may" step offers? Yes; but a -1 VP token on a Relic (Poseidon's Trident) only
    while its use would have a target on the field: a token is a VP lost unless the use returns it."""
    relic = s.g[G_MAY_RELIC] - 1
    return relic < 0 or use_has_field_target(s, c, relic)


@kernel
def use_has_field_target(s, c, inst):
    """Does a cost cut of inst's use find a field card to cut (the Trident: a Marina)?"""
    k = c.inst_card[inst]
    ut = c.use_trig[k]
    if ut < 0:
        return False
    start, n = c.prog[k, ut, 0], c.prog[k, ut, 1]
    for j in range(start, start + n):
        if c.ops[j, E.F_OP] == E.OP_COST_CUT:
            for slot in range(E.N_SLOTS):
                t = s.field[slot]
                if t >= 0 and matches(c, t, c.ops[j, E.F_FILTER]):
                    return True
    return False


@kernel
def choose_player(s, c, p, op, opponents_only, help, has_target):
    """Whom the effect step `op` of p's targets. has_target[q] says whether q may have a card it
    can hit. A step destroying a card p can see (Babel: a wounded Character) targets whom
    it serves best (`removal_target`); another, p itself when it helps, else the opponent with the
    most printed VP (the Ring of the Nibelungen goes to the leader). A Relic's use it chose aims at
    one card (`relic_aim`): its owner."""
    if s.g[G_RELICS_ON] and s.mind.relic_aim[p] >= 0:
        owner = s.inst_row[s.mind.relic_aim[p]]
        if 0 <= owner < E.MAX_SEATS and has_target[owner] and not (opponents_only and owner == p):
            return owner
    if op[E.F_OP] == E.OP_MOVE and op[E.F_TO] == E.Z_DESTROYED and op[E.F_ZONE] < E.N_PLAYER_ZONES \
            and op[E.F_ZONE] != E.Z_HAND and op[E.F_ZONE] != E.Z_DRAW:
        return removal_target(s, c, p, op, opponents_only, has_target)
    n = s.g[G_NPLAYERS]
    if help and not opponents_only and has_target[p]:
        return p
    best = -1
    best_vp = -100000
    for q in range(n):
        if q != p and has_target[q]:
            v = printed_vp(s, c, q)
            if v > best_vp:
                best_vp = v
                best = q
    if best < 0 and not opponents_only and has_target[p]:
        return p
    return best


@kernel
def removal_target(s, c, p, op, opponents_only, has_target):
    """The player whose card, of an open zone, destroying serves p best: an opponent's best card
    above the mean card of their deck (destroying a worse one only thins their deck for them), or
    p's own worst below the mean card of its own; the least harmful when none serves. Which cards
    a deck holds is public (every card enters one in the open), not how its hand and draw pile
    share them."""
    lead = decision_lead(s, c, p)
    best = -1
    best_score = -1e18
    for q in range(s.g[G_NPLAYERS]):
        if not has_target[q] or (opponents_only and q == p):
            continue
        mean = mean_value(s, c, p, q, lead, PLAYING_DECK)
        score = -1e18
        for j in range(s.zone_n[q, op[E.F_ZONE]]):
            x = s.zone[q, op[E.F_ZONE], j]
            if matches(c, x, op[E.F_FILTER]):
                v = card_value(s, c, p, x, lead)
                score = max(score, v - mean if q != p else mean - v)
        if score > best_score:
            best_score = score
            best = q
        elif best < 0:  # its cards are in the other option of an "or" (Balmung): the first such player
            best = q
    return best


@kernel
def choose_field_swap(s, c, p):
    """Jamian: two slots to swap (-1, -1 if fewer than 2 cards)."""
    n = 0
    for k in range(E.N_SLOTS):
        if s.field[k] >= 0:
            n += 1
    if n < 2:
        return -1, -1
    # Bring the card p values most to the last slot (it costs 1 less there)
    lead = decision_lead(s, c, p)
    best = -1
    bv = -1e9
    last = -1
    for k in range(E.N_SLOTS):
        inst = s.field[k]
        if inst >= 0:
            last = k
            v = card_value(s, c, p, inst, lead)
            if v > bv:
                bv = v
                best = k
    if best != last:
        return best, last
    for k in range(E.N_SLOTS):
        if s.field[k] >= 0 and k != last:
            return k, last
    return -1, -1


@kernel
def choose_keep(s, c, p, keep):
    """Upkeep: mark keep[i] for the hand cards p keeps: those worth W_KEEP more than the mean
    card a draw would bring instead (`draw_mean_value`)."""
    nh = s.zone_n[p, E.Z_HAND]
    lead = decision_lead(s, c, p)
    bar = s.mind.weights[p, W_KEEP] + draw_mean_value(s, c, p, lead)
    for i in range(nh):
        keep[i] = card_value(s, c, p, s.zone[p, E.Z_HAND, i], lead) >= bar


@kernel
def draw_mean_value(s, c, p, lead):
    """The mean `card_value` of the cards p's next draws come from (which cards they are, not
    their order, is known): its draw pile, or when empty its discard pile (GEN-2)."""
    return mean_value(s, c, p, p, lead, 1 << (E.Z_DRAW if s.zone_n[p, E.Z_DRAW] > 0 else E.Z_DISCARD))


@kernel
def mean_value(s, c, p, q, lead, zones):
    """The mean `card_value` (p's) of q's cards in the zones whose bits `zones` sets (0 if none)."""
    total = 0.0
    n = 0
    for z in range(E.N_PLAYER_ZONES):
        if zones & (1 << z):
            for j in range(s.zone_n[q, z]):
                total += card_value(s, c, p, s.zone[q, z, j], lead)
                n += 1
    return total / n if n > 0 else 0.0


@kernel
def play_value(s, c, p, inst):
    """What card inst brings p when drawn: its value without its VP (a wounded card keeps its VP,
    GEN-11; the flame term is for taking it)."""
    k = c.inst_card[inst]
    return s.mind.value[p, k] - s.mind.weights[p, W_VP] * (c.vp[k] + variable_vp_estimate(c, k))


@kernel
def mean_play_value(s, c, p, zones):
    """The mean `play_value` of p's cards in the zones whose bits `zones` sets (0 if none)."""
    total = 0.0
    n = 0
    for z in range(E.N_PLAYER_ZONES):
        if zones & (1 << z):
            for j in range(s.zone_n[p, z]):
                total += play_value(s, c, p, s.zone[p, z, j])
                n += 1
    return total / n if n > 0 else 0.0


@kernel
def cost_picks(s, c, p, inst, trig):
    """For a program of inst that starts with a cost paid from p's own cards: the cards p would pay
    it with (its cheapest candidates, as `decide_pay` takes them), noted in s.mind.picks; their
    count (0: no such cost; -1: too few candidates)."""
    k = c.inst_card[inst]
    start = c.prog[k, trig, 0]
    op = c.ops[start]
    if not (op[E.F_FLAGS] & E.OPF_PAY) or op[E.F_WHO] != E.W_SELF or op[E.F_ZONE] >= E.N_PLAYER_ZONES:
        return 0
    need = op[E.F_N] if op[E.F_N] > 0 else 1
    # the `need` least valuable candidates
    buf = s.mind.picks
    m = 0
    for j in range(s.zone_n[p, op[E.F_ZONE]]):
        x = s.zone[p, op[E.F_ZONE], j]
        if x != inst and matches(c, x, op[E.F_FILTER]):
            buf[m] = x
            m += 1
    if m < need:
        return -1
    pick_cards(s, c, p, buf, m, need, False)
    return need


@kernel
def willing_to_pay(s, c, p, inst, trig):
    """For a program that starts with a cost: is p's policy willing to pay it with its cheapest
    candidates? (so that a policy never spends a card and then declines its cost)"""
    need = cost_picks(s, c, p, inst, trig)
    if need <= 0:
        return need == 0
    worst = 0.0
    for j in range(need):
        worst = max(worst, s.mind.value[p, c.inst_card[s.mind.picks[j]]])
    return worst <= s.mind.weights[p, W_PAY]


@kernel
def engage_draws(s, c, p, inst, target):
    """Cards the Engagement of inst would draw if played against target now."""
    k = c.inst_card[inst]
    start, n = c.prog[k, E.T_ENGAGEMENT, 0], c.prog[k, E.T_ENGAGEMENT, 1]
    if c.prog_counts[k, E.T_ENGAGEMENT, 0] == 0:
        return 0  # no draw step
    if not first_op_feasible(s, c, p, inst, E.T_ENGAGEMENT, target):
        return 0
    if not willing_to_pay(s, c, p, inst, E.T_ENGAGEMENT):
        return 0  # its cost would be declined (Phaeton with only valued Characters to destroy)
    draws = 0
    for i in range(start, start + n):
        op = c.ops[i]
        if op[E.F_OP] == E.OP_DRAW and cond_holds(s, c, op[E.F_COND], inst, target, p):
            draws += draw_count(s, c, op, inst, p, target)
    return draws


@kernel
def draw_enabler(s, c, p, inst, target):
    """A hand card whose play against target would make the Engagement of inst (in hand) draw more:
    where the draw asks for one more card alongside and this card is one (Cygnus Hyoga ▲ and another
    Hyoga), or draws one card per card alongside and this card counts (Cygnus Hyoga ◆); -1 if none."""
    k = c.inst_card[inst]
    if not willing_to_pay(s, c, p, inst, E.T_ENGAGEMENT):
        return -1
    start, n = c.prog[k, E.T_ENGAGEMENT, 0], c.prog[k, E.T_ENGAGEMENT, 1]
    for i in range(start, start + n):
        q = c.ops[i, E.F_COND]
        if c.ops[i, E.F_OP] != E.OP_DRAW:
            continue
        if c.ops[i, E.F_C] == E.CNT_ALONGSIDE:
            f = c.ops[i, E.F_FILTER]
        elif q >= 0 and c.conds[q, 0] == E.C_COUNT_AT_LEAST and c.conds[q, 1] == E.CNT_ALONGSIDE \
                and count_alongside(s, c, p, target, c.conds[q, 3], inst) + 1 == c.conds[q, 4]:
            f = c.conds[q, 3]
        else:
            continue
        for j in range(s.zone_n[p, E.Z_HAND]):
            x = s.zone[p, E.Z_HAND, j]
            if x != inst and matches(c, x, f) and can_face(s, c, p, x, target):
                return x
    return -1


@kernel
def face_discards(s, c, p, t):
    """Dolphin: the hand cards p would discard to face t, its least valuable (as the rules have
    its policy pick them), noted in s.mind.picks; their count."""
    n = face_discards_due(s, c, t)
    m = s.zone_n[p, E.Z_HAND]
    for j in range(m):
        s.mind.picks[j] = s.zone[p, E.Z_HAND, j]
    pick_cards(s, c, p, s.mind.picks, m, n, False)
    return min(n, m)


@kernel
def face_discards_value(s, c, p, t):
    """What the hand cards `face_discards` takes would have added against t (Strength, Cosmos),
    and how many of them are Characters."""
    lost_str = lost_cos = chars = 0
    is_aided = aided(s, c, p, t)
    for j in range(face_discards(s, c, p, t)):
        x = s.mind.picks[j]
        if c.classes[c.inst_card[x]] & E.CLASS_CHARACTER:
            v_str, v_cos = values_against(s, c, x, t, p, is_aided)
            lost_str += v_str
            lost_cos += v_cos
            chars += 1
    return lost_str, lost_cos, chars


@kernel
def spent_on_helper(s, c, p, helper, t):
    """The cards that using the fight helper would spend, noted in s.mind.picks: those its cost
    takes (`cost_picks`), then itself. What those in hand (Characters) or equipped would have added
    against t (Strength, Cosmos), how many of them are hand Characters, and their count."""
    n = max(cost_picks(s, c, p, helper, c.use_trig[c.inst_card[helper]]), 0)
    s.mind.picks[n] = helper
    lost_str = lost_cos = chars = 0
    is_aided = aided(s, c, p, t)
    for j in range(n + 1):
        x = s.mind.picks[j]
        in_hand = s.inst_zone[x] == E.Z_HAND and (c.classes[c.inst_card[x]] & E.CLASS_CHARACTER) != 0
        if in_hand or s.inst_zone[x] == E.Z_CLOTH:
            v_str, v_cos = values_against(s, c, x, t, p, is_aided)
            lost_str += v_str
            lost_cos += v_cos
            if in_hand:
                chars += 1
    return lost_str, lost_cos, chars, n + 1


@kernel
def held_back(s, c, p, t, helper, inst):
    """Is the hand card inst kept out of the fight against t: one discarded to face it, or one
    spent to use the helper (-1: none) the fight counts on?"""
    for j in range(face_discards(s, c, p, t)):
        if s.mind.picks[j] == inst:
            return True
    if helper >= 0:
        for j in range(spent_on_helper(s, c, p, helper, t)[3]):
            if s.mind.picks[j] == inst:
                return True
    return False


# The zones of p's deck that fight for it: all but the marked (wounded, frozen) cards (`mean_value`'s bits)
PLAYING_DECK = (1 << E.Z_DRAW) | (1 << E.Z_HAND) | (1 << E.Z_DISCARD) | (1 << E.Z_PLAY) | (1 << E.Z_CLOTH)

# Which of the cards `hand_resources` counts: all, or those without / with a `fighting` program
HAND_ALL = 0
HAND_PLAIN = 1
HAND_FIGHTING = 2


@kernel
def has_fighting_cards(s, c, p):
    """Has p a Character in hand, or the equipped Cloth, with a `fighting` program?"""
    for i in range(s.zone_n[p, E.Z_HAND]):
        k = c.inst_card[s.zone[p, E.Z_HAND, i]]
        if (c.classes[k] & E.CLASS_CHARACTER) and c.prog[k, E.T_FIGHTING, 1] > 0:
            return True
    return s.zone_n[p, E.Z_CLOTH] > 0 and c.prog[c.inst_card[s.zone[p, E.Z_CLOTH, 0]], E.T_FIGHTING, 1] > 0


@inline_kernel
def hand_resources(s, c, p, target, part):
    """What p's hand Characters (and the equipped Cloth) would add against target (Strength,
    Cosmos), and how many Characters count: all the cards, or only those without (HAND_PLAIN) or
    with (HAND_FIGHTING) a `fighting` program. Each counted Character's values are noted in
    s.mind.hand_values (by hand position) for the commit step of the decision; with all the cards they
    are those against target (s.mind.hand_values_of), else the caller says which field card they fit."""
    total_str = total_cos = 0
    chars = 0
    zone = s.zone
    classes = c.classes
    inst_card = c.inst_card
    prog = c.prog
    is_aided = aided(s, c, p, target)
    for i in range(s.zone_n[p, E.Z_HAND]):
        inst = zone[p, E.Z_HAND, i]
        k = inst_card[inst]
        if (classes[k] & E.CLASS_CHARACTER) and \
                (part == HAND_ALL or (prog[k, E.T_FIGHTING, 1] > 0) == (part == HAND_FIGHTING)):
            v_str, v_cos = values_against(s, c, inst, target, p, is_aided)
            total_str += v_str
            total_cos += v_cos
            chars += 1
            s.mind.hand_values[i, 0] = v_str
            s.mind.hand_values[i, 1] = v_cos
    s.mind.hand_values_of[0] = target if part == HAND_ALL else -1
    if s.zone_n[p, E.Z_CLOTH] > 0:
        cl = zone[p, E.Z_CLOTH, 0]
        if part == HAND_ALL or (prog[inst_card[cl], E.T_FIGHTING, 1] > 0) == (part == HAND_FIGHTING):
            v_str, v_cos = values_against(s, c, cl, target, p, is_aided)
            total_str += v_str
            total_cos += v_cos
    return total_str, total_cos, chars


@kernel
def find_helpers(s, c, p):
    """Note in s.mind.helpers the fight-helper cards (in hand, then the equipped Cloth, then the
    board's techniques, then the Relics in play) p could and would use now: whether a helper is
    usable does not depend on the fight."""
    n = 0
    nh = s.zone_n[p, E.Z_HAND]
    nc = s.zone_n[p, E.Z_CLOTH]
    nb = s.zone_n[p, E.Z_BOARD]
    for i in range(nh + nc + nb + s.zone_n[p, E.Z_RELICS]):
        inst = s.zone[p, E.Z_HAND, i] if i < nh else s.zone[p, E.Z_CLOTH, 0] if i < nh + nc \
            else s.zone[p, E.Z_BOARD, i - nh - nc] if i < nh + nc + nb else s.zone[p, E.Z_RELICS, i - nh - nc - nb]
        k = c.inst_card[inst]
        ut = c.use_trig[k]
        if ut >= 0 and c.use_kind[k] == E.USE_HELPER and can_use(s, c, p, inst, ut) \
                and willing_to_pay(s, c, p, inst, ut):
            s.mind.helpers[1 + n] = inst
            n += 1
    s.mind.helpers[0] = n


@kernel
def helper_bonus(s, c, p, target, cur):
    """The most one of the helpers noted by `find_helpers` could add (buff) or cut (cost) against
    target, and that helper (the first of the best)."""
    best = 0
    best_inst = -1
    for i in range(s.mind.helpers[0]):
        inst = s.mind.helpers[1 + i]
        k = c.inst_card[inst]
        ut = c.use_trig[k]
        start, n = c.prog[k, ut, 0], c.prog[k, ut, 1]
        gain = 0
        for j in range(start, start + n):
            op = c.ops[j]
            code = op[E.F_OP]
            amount = op[E.F_A] if cur == STRENGTH else op[E.F_B]
            if op[E.F_FLAGS] & E.OPF_PER_TOKEN:  # the Trident: so much per token on it
                amount *= abs(s.inst_vp[inst])
            if code == E.OP_COST_CUT and matches(c, target, op[E.F_FILTER]):
                gain += amount
            elif code == E.OP_BUFF and count_alongside_any(s, c, p, op[E.F_FILTER]) > 0:
                gain += amount * buff_times(s, c, op)
            elif code == E.OP_TURN_BUFF and cur == STRENGTH:
                gain += amount * max(1, count_alongside_any(s, c, p, -1))
        if gain > best:
            best = gain
            best_inst = inst
    return best, best_inst


@inline_kernel
def hand_reach(s, c, p):
    """An upper bound, per currency, of what p's hand Characters and equipped Cloth (each valued by
    `fighter_bound`) and the best of its helper cards (usable or not) could add to a fight against
    a card p has no fighter facing: a fight costing more cannot be won this turn. Computed once
    per decision."""
    reach = s.mind.reach
    if reach[R_KNOWN] == 0:
        total_str = total_cos = 0
        nh = s.zone_n[p, E.Z_HAND]
        best_str = best_cos = 0
        for i in range(nh + s.zone_n[p, E.Z_CLOTH]):
            inst = s.zone[p, E.Z_HAND, i] if i < nh else s.zone[p, E.Z_CLOTH, 0]
            k = c.inst_card[inst]
            if i >= nh or c.classes[k] & E.CLASS_CHARACTER:
                v_str, v_cos = fighter_bound(s, c, inst, p)
                total_str += v_str
                total_cos += v_cos
            if c.use_kind[k] == E.USE_HELPER and c.use_trig[k] >= 0:  # a helper: as `helper_bonus` weighs it
                gain_str, gain_cos = helper_bound(s, c, p, k)
                best_str = max(best_str, gain_str)
                best_cos = max(best_cos, gain_cos)
        for i in range(s.zone_n[p, E.Z_BOARD]):  # a technique p can pay for
            inst = s.zone[p, E.Z_BOARD, i]
            if c.use_kind[c.inst_card[inst]] == E.USE_HELPER and technique_ready(s, c, p, inst):
                gain_str, gain_cos = helper_bound(s, c, p, c.inst_card[inst])
                best_str = max(best_str, gain_str)
                best_cos = max(best_cos, gain_cos)
        reach[R_STR] = total_str + best_str
        reach[R_COS] = total_cos + best_cos
        reach[R_KNOWN] = 1
    return reach[R_STR], reach[R_COS]


@kernel
def helper_bound(s, c, p, k):
    """The most the helper card k could add (buff) or cut (cost) in a fight, per currency, as
    `helper_bonus` counts it, its cost cuts taken as matching."""
    ut = c.use_trig[k]
    start, n = c.prog[k, ut, 0], c.prog[k, ut, 1]
    gain_str = gain_cos = 0
    for j in range(start, start + n):
        op = c.ops[j]
        code = op[E.F_OP]
        if code == E.OP_COST_CUT or code == E.OP_BUFF:
            times = buff_times(s, c, op) if code == E.OP_BUFF else 1
            gain_str += max(op[E.F_A], 0) * times
            gain_cos += max(op[E.F_B], 0) * times
        elif code == E.OP_TURN_BUFF:
            gain_str += max(op[E.F_A] * max(1, count_alongside_any(s, c, p, -1)), 0)
    return gain_str, gain_cos


@inline_kernel
def note_slots(s, c, p):
    """Fill s.mind.slot_memo with p's fighters and fight totals against each field card (its costs
    are filled when first asked, by `slot_costs`); return the bits of the slots where p has
    started a fight (cards facing it, with a total above 0)."""
    started = 0
    memo = s.mind.slot_memo
    for slot in range(E.N_SLOTS):
        memo[slot, M_FIGHTERS] = 0
        memo[slot, M_COSTS_KNOWN] = 0
        memo[slot, M_HAND_KNOWN] = 0
        memo[slot, M_TOTAL_STR] = 0
        memo[slot, M_TOTAL_COS] = 0
    s.mind.reach[R_KNOWN] = 0
    s.mind.hand_values_of[0] = -1
    play = s.zone[p, E.Z_PLAY]
    for j in range(s.zone_n[p, E.Z_PLAY]):  # one look at each card in play, not one per slot
        t = s.inst_facing[play[j]]
        slot = field_slot(s, t) if t >= 0 else -1
        if slot >= 0:
            memo[slot, M_FIGHTERS] += 1
    for slot in range(E.N_SLOTS):
        if memo[slot, M_FIGHTERS] > 0:
            total_str, total_cos = fight_totals(s, c, s.field[slot], p)
            if total_str + total_cos > 0:
                started |= 1 << slot
            memo[slot, M_TOTAL_STR] = total_str
            memo[slot, M_TOTAL_COS] = total_cos
    return started


@inline_kernel
def slot_costs(s, c, p, slot):
    """The effective costs of the card of `slot` for p (`costs_for`), computed once per decision."""
    memo = s.mind.slot_memo
    if memo[slot, M_COSTS_KNOWN] == 0:
        str_cost, cos_cost = costs_for(s, c, s.field[slot], p, memo[slot, M_FIGHTERS] > 0)
        memo[slot, M_COST_STR] = str_cost
        memo[slot, M_COST_COS] = cos_cost
        memo[slot, M_COSTS_KNOWN] = 1
    return memo[slot, M_COST_STR], memo[slot, M_COST_COS]


@kernel
def candidate_order(at):
    """Where a candidate of `pick_fight` stands among equal scores: slot order, Cosmos first
    (at = 2 * slot + currency, or -1 - slot for a slot's bound, which comes before its fights)."""
    if at < 0:
        return 2 * (-1 - at)
    return (at & ~1) + (0 if (at & 1) == COSMOS else 1)


@kernel
def add_candidate(s, n_cand, score, at):
    """Insert a fight (or a bound) into s.mind.cand_score/cand_at[:n_cand], which are kept from the
    worst to the best (the highest score; among equals, the first in `candidate_order`) so that
    the best is taken from the end; return the new count."""
    cand_score = s.mind.cand_score
    cand_at = s.mind.cand_at
    order = candidate_order(at)
    j = n_cand
    while j > 0 and (cand_score[j - 1] > score
                     or (cand_score[j - 1] == score and candidate_order(cand_at[j - 1]) < order)):
        cand_score[j] = cand_score[j - 1]
        cand_at[j] = cand_at[j - 1]
        j -= 1
    cand_score[j] = score
    cand_at[j] = at
    return n_cand + 1


@kernel
def take_best_candidate(s, n_cand):
    """Take the best candidate out; return (its at, its score, the new count)."""
    n_cand -= 1
    return s.mind.cand_at[n_cand], s.mind.cand_score[n_cand], n_cand


@inline_kernel
def out_of_reach(s, c, p, slot):
    """A quick look before weighing the card of `slot`, faced by none of p's cards: does each of
    its costs, with every cut `costs_for` could give it (the last slot's included), stay above
    `hand_reach`? Then `add_fights` would add none of its fights."""
    if s.mind.slot_memo[slot, M_FIGHTERS] > 0 or s.pl[p, PL_ALT_FILTER] > 0:
        return False
    t = s.field[slot]
    k = c.inst_card[t]
    reach_str, reach_cos = hand_reach(s, c, p)
    str_cost = c.strength_cost[k]
    cos_cost = c.cosmos_cost[k]
    return (str_cost <= 0 or max(str_cost - 1 - s.inst_cut_str[t], 1) > reach_str) and \
        (cos_cost <= 0 or max(cos_cost - 1 - s.inst_cut_cos[t], 1) > reach_cos)


@inline_kernel
def add_fights(s, c, p, slot, value, started, n_cand):
    """Add the fights against the card of `slot` that p could win (one per currency it can be
    bought with and, if p has no fighter facing it, costing no more than `hand_reach`), scored by
    its value minus a price per cost point."""
    costs = slot_costs(s, c, p, slot)
    w = s.mind.weights[p]
    unfaced = s.mind.slot_memo[slot, M_FIGHTERS] == 0
    for cur in (COSMOS, STRENGTH):
        if costs[cur] <= 0 or (unfaced and costs[cur] > hand_reach(s, c, p)[cur]):
            continue
        score = value - w[W_COST] * costs[cur]
        if cur == COSMOS:
            score += 0.05
        if started & (1 << slot):
            score += 100.0  # finish what was started
        n_cand = add_candidate(s, n_cand, score, 2 * slot + cur)
    return n_cand


CLOTH = -2  # `commit_choice`: the equipped Cloth


@inline_kernel
def commit_choice(cands, n, need, enough_fighters, cloth_v):
    """Step 8 of `decide_afresh`: which of the candidates cands[:n] (instance, what it adds; an
    instance of -1 is already committed) to commit to close the gap `need`: the smallest that
    suffices, else the largest. Its index, CLOTH for the equipped Cloth (what it adds: cloth_v, 0
    if it cannot fight there), or -1 for none (the fight needs no more cards, or none adds any)."""
    pick = -1
    pick_v = 0
    small = -1
    small_v = 1 << 30
    for j in range(n):
        v = cands[j, 1]
        if cands[j, 0] < 0 or (v <= 0 and enough_fighters):
            continue
        if v >= need and v < small_v:
            small_v = v
            small = j
        if v > pick_v or pick < 0:
            pick_v = v
            pick = j
    if cloth_v > 0 and (small < 0 or cloth_v < small_v) and (cloth_v >= need or pick < 0 or cloth_v > pick_v):
        return CLOTH
    if small >= 0 and need > 0:
        pick = small
    if pick >= 0 and (need > 0 or not enough_fighters):
        return pick
    return -1


@kernel
def after_commit(cands, j, need, fighters, cloth_v):
    """(need, fighters, cloth_v) once cands[j] (CLOTH: the Cloth) is committed, which is marked."""
    if j == CLOTH:
        return need - cloth_v, fighters + 1, 0
    need -= cands[j, 1]
    cands[j, 0] = -1
    return need, fighters + 1, cloth_v


@kernel
def plan_fight(s, c, p, slot, t, cands, n, j, need, fighters, cloth_v):
    """After committing cands[j] (or the Cloth) to the fight against t (in slot), plan the rest for
    a policy with W_PLAN: the cards (CLOTH: the equipped Cloth) the commit step would commit next,
    in order, each valued as it is now, then the win (`follow_plan`). Only when no other fight is
    open and the hand cards and the Cloth win this one without a helper."""
    plan = s.mind.plan
    plan[PLAN_ACTION] = -1
    if s.mind.weights[p, W_PLAN] <= 0:
        return
    for other in range(E.N_SLOTS):
        if other != slot and s.mind.slot_memo[other, M_FIGHTERS] > 0:
            return
    first = CLOTH if j == CLOTH else cands[j, 0]
    need_fighters = min_fighters(c, t)
    need, fighters, cloth_v = after_commit(cands, j, need, fighters, cloth_v)  # committed now
    m = 0
    while need > 0 or fighters < need_fighters:
        j = commit_choice(cands, n, need, fighters >= need_fighters, cloth_v)
        if j == -1:
            return  # the hand and the Cloth do not win it (a helper may): decide again
        plan[PLAN_CARDS + m] = CLOTH if j == CLOTH else cands[j, 0]
        m += 1
        need, fighters, cloth_v = after_commit(cands, j, need, fighters, cloth_v)
    plan[PLAN_ACTION] = s.g[G_ACTIONS]
    plan[PLAN_TURN] = s.g[G_TURN]
    plan[PLAN_EFFECTS] = s.g[G_EFFECTS_RUN]
    plan[PLAN_SLOT] = slot
    plan[PLAN_TARGET] = t
    plan[PLAN_N] = m
    plan[PLAN_NEXT] = 0
    plan[PLAN_WINS] = note_wins(s, c, p, slot, t, first, m)


@inline_kernel
def plan_fighter(s, p, i, first):
    """The card of a plan's commitment i (0: the first, made by the deciding action)."""
    inst = first if i == 0 else s.mind.plan[PLAN_CARDS + i - 1]
    return s.zone[p, E.Z_CLOTH, 0] if inst == CLOTH else inst


@inline_kernel
def note_wins(s, c, p, slot, t, first, m):
    """When neither t nor a card facing it or planned against it has a program that reads the
    fight (t's `cost`, a fighter's `fighting`), what each adds and what t costs stay as this
    decision found them until an effect runs: note in s.mind.plan_wins, after each commitment, in which
    currency `acquirable` would end the fight then (Cosmos first, as `follow_plan` takes it; -1:
    not yet), so that `follow_plan` need not weigh the fight again. False (nothing noted)
    otherwise. (The fight was chosen, so no acquisition ban stops it.)"""
    prog = c.prog
    inst_card = c.inst_card
    if prog[inst_card[t], E.T_COST, 1] > 0:
        return False
    need = min_fighters(c, t)
    chars = 0
    memo = s.mind.slot_memo
    if memo[slot, M_FIGHTERS] > 0:
        play = s.zone[p, E.Z_PLAY]
        for j in range(s.zone_n[p, E.Z_PLAY]):
            f = play[j]
            if s.inst_facing[f] == t:
                if prog[inst_card[f], E.T_FIGHTING, 1] > 0:
                    return False
                if c.classes[inst_card[f]] & E.CLASS_CHARACTER:
                    chars += 1
    str_cost, cos_cost = memo[slot, M_COST_STR], memo[slot, M_COST_COS]
    total_str, total_cos = memo[slot, M_TOTAL_STR], memo[slot, M_TOTAL_COS]
    for i in range(m + 1):
        inst = plan_fighter(s, p, i, first)
        if prog[inst_card[inst], E.T_FIGHTING, 1] > 0:
            return False  # (what was noted before is not read)
        v_str, v_cos = values_against(s, c, inst, t, p, False)
        total_str += v_str
        total_cos += v_cos
        if c.classes[inst_card[inst]] & E.CLASS_CHARACTER:
            chars += 1
        won = -1
        if need <= 0 or chars >= need:
            if cos_cost > 0 and total_cos >= cos_cost:
                won = COSMOS
            elif str_cost > 0 and total_str >= str_cost:
                won = STRENGTH
        s.mind.plan_wins[i] = won
    return True


@kernel
def plan_holds(s, c, p, slot, t):
    """After an effect: is the planned fight still the only one p has open, against the same card
    in the same slot, with the cards still to commit still in p's hand and the Cloth still equipped
    (the next card able to face the field card)?"""
    if s.field[slot] != t:
        return False
    play = s.zone[p, E.Z_PLAY]
    for j in range(s.zone_n[p, E.Z_PLAY]):
        f = s.inst_facing[play[j]]
        if f >= 0 and f != t:
            return False
    plan = s.mind.plan
    for i in range(plan[PLAN_NEXT], plan[PLAN_N]):
        inst = plan[PLAN_CARDS + i]
        if inst == CLOTH:
            if s.zone_n[p, E.Z_CLOTH] == 0:
                return False
        elif s.inst_row[inst] != p or s.inst_zone[inst] != E.Z_HAND:
            return False
    nxt = plan[PLAN_NEXT]
    if nxt >= plan[PLAN_N] or plan[PLAN_CARDS + nxt] == CLOTH:
        return True
    return can_face(s, c, p, plan[PLAN_CARDS + nxt], t)


@inline_kernel
def follow_plan(s, c, p, out):
    """The next action of the fight planned by `plan_fight`, if the plan holds (the previous action
    followed it and, if an effect ran since, `plan_holds`): end the fight if it is won (as step 1
    of `decide_afresh` would, Cosmos first; while no effect has run, as `note_wins` noted), else
    commit the next planned card or the Cloth.
    False: no plan, or it is over. Effects (an Engagement's draw, a buff) are not weighed again
    until the fight ends: about as strong as deciding afresh, at a quarter of the cost."""
    plan = s.mind.plan
    if plan[PLAN_ACTION] != s.g[G_ACTIONS] - 1 or plan[PLAN_TURN] != s.g[G_TURN]:
        return False  # (the common case: copied into `choose_action`, it costs no call)
    return next_in_plan(s, c, p, out)


@kernel
def next_in_plan(s, c, p, out):
    """`follow_plan` once the previous action followed the plan."""
    plan = s.mind.plan
    plan[PLAN_ACTION] = -1
    slot = plan[PLAN_SLOT]
    t = plan[PLAN_TARGET]
    i = plan[PLAN_NEXT]
    if plan[PLAN_EFFECTS] == s.g[G_EFFECTS_RUN] and plan[PLAN_WINS]:
        won = s.mind.plan_wins[i]
    else:
        if plan[PLAN_EFFECTS] != s.g[G_EFFECTS_RUN] and not plan_holds(s, c, p, slot, t):
            return False
        by_str, by_cos = acquirable(s, c, t, p)
        won = COSMOS if by_cos else (STRENGTH if by_str else -1)
    if won >= 0:
        note_acquirable(s, slot, won)
        out[0] = A_ACQUIRE
        out[1] = slot
        out[2] = won
        return True
    if i >= plan[PLAN_N]:
        return False
    inst = plan[PLAN_CARDS + i]
    if inst == CLOTH:
        if not face_cost_payable(s, c, p, t, -1):
            return False
        out[0] = A_CLOTH_FIGHT
    else:
        out[0] = A_PLAY
        out[1] = inst
    out[2] = slot
    plan[PLAN_NEXT] = i + 1
    plan[PLAN_ACTION] = s.g[G_ACTIONS]
    return True


@kernel
def choose_action(s, c, p, out):
    """Fill out = (kind, a, b) with p's next main-phase action: the plays of cards an effect has it
    play, the next step of a planned fight (`follow_plan`), else a decision made afresh
    (`decide_afresh`). The quick answers come first, outside that large function: a function
    zeroes on every entry a stack slot for each call it makes (see `apply_action`)."""
    out[0] = A_END
    out[1] = -1
    out[2] = -1
    if s.g[G_RELICS_ON]:
        s.mind.relic_aim[p] = -1
    if s.zone_n[p, E.Z_TO_PLAY] > 0:  # cards an effect has it play now, before anything else
        choose_to_play(s, c, p, out)
        return
    if follow_plan(s, c, p, out):
        return
    decide_afresh(s, c, p, out)


@kernel
def decide_afresh(s, c, p, out):
    """`choose_action` without a plan to follow: its steps, in order, the first that acts decides."""
    w = s.mind.weights[p]
    lead = decision_lead(s, c, p)
    nh = s.zone_n[p, E.Z_HAND]
    memo = s.mind.slot_memo
    started = note_slots(s, c, p)
    # 0. The hearts a heal left are lost with any other action (ASG-14): heal with them first
    if s.g[G_HEAL_HEARTS] > 0 and not healing_banned(s, c) and choose_heal(s, c, p, lead, out):
        return
    # 0b. A cost bought down by wounding a Character (Baian), when the cut brings the card within reach
    if s.g[G_WOUND_CUTS_ON] and wound_cut_worth(s, c, p, out):
        return
    # 1. End any fight already won (Cosmos first: the card then goes to hand), as `acquirable`
    # would find it: its checks, on the totals and costs of this decision's memo (so the
    # acquisition is noted as checked)
    for slot in range(E.N_SLOTS):
        t = s.field[slot]
        if not started & (1 << slot):
            continue
        costs = slot_costs(s, c, p, slot)
        for cur in (COSMOS, STRENGTH):
            if costs[cur] > 0 and memo[slot, M_TOTAL_STR + cur] >= costs[cur]:
                need = min_fighters(c, t)
                if acquisition_banned(s, c, t) or (need > 0 and count_character_fighters(s, c, p, t) < need):
                    break  # the fight cannot end in either currency
                note_acquirable(s, slot, cur)
                out[0] = A_ACQUIRE
                out[1] = slot
                out[2] = cur
                return
    # 1b-1e. The expansions' material: Relics, Pillars, the Duel, Hades, co-op (`box_steps`)
    if (s.g[G_RELICS_ON] or s.zone_n[E.COMMON, E.Z_PILLAR_ROW] > 0 or s.g[G_DUEL] or s.g[G_HADES]
            or s.g[G_OPEN_SEAT] == p + 1 or s.g[G_POSEIDON]) and box_steps(s, c, p, lead, started, out):
        return
    if nh == 0 and s.zone_n[p, E.Z_CLOTH] == 0:
        leaving(s, c, p, out)  # no card left to equip, heal with or commit
        return
    # 2. Equip a Cloth: the hero's own Bronze Cloth while it has upgrades to make (`bronze_first`),
    # else the best
    if w[W_UPGRADE] > 0 and s.zone_n[p, E.Z_CLOTH] > 0 and make_room_for_bronze(s, c, p, lead, out):
        return
    if equip_best_cloth(s, c, p, E.Z_HAND, lead, out):
        return
    # 3. Upgrade Heroes: with a Knight technique first (the Cloth stays equipped), then the Bronze Cloth
    if w[W_UPGRADE] > 0 and techniques_open(s, p) and knight_technique(s, c, p, out):
        return
    if w[W_UPGRADE] > 0 and s.zone_n[p, E.Z_CLOTH] > 0:
        cl = s.zone[p, E.Z_CLOTH, 0]
        ut = c.use_trig[c.inst_card[cl]]
        if ut >= 0 and c.use_kind[c.inst_card[cl]] == E.USE_UPGRADE and can_use(s, c, p, cl, ut):
            out[0] = A_USE
            out[1] = cl
            out[2] = ut
            return
    # 4. Heal the most valuable marked card with the least valuable healer (`choose_heal`)
    if (s.zone_n[p, E.Z_WOUNDED] > 0 or s.zone_n[p, E.Z_FROZEN] > 0) and not healing_banned(s, c):
        if choose_heal(s, c, p, lead, out):
            return
    # 5. Plain uses worth more than the card's own fight value (draws, attacks, recursion); a
    # Freeze use, which keeps the card out of play until healed, when what it gains now
    # (`freeze_gain`) beats that value
    for zone in (E.Z_CLOTH, E.Z_HAND):
        for i in range(s.zone_n[p, zone]):
            inst = s.zone[p, zone, i]
            k = c.inst_card[inst]
            ut = c.use_trig[k]
            use_now = s.mind.use_first[p, k] if ut != E.T_FREEZE_USE else freeze_now(s, c, p, inst, ut, lead)
            if use_now and can_use(s, c, p, inst, ut) and willing_to_pay(s, c, p, inst, ut) \
                    and not draws_itself(s, c, p, k, ut):
                out[0] = A_USE
                out[1] = inst
                out[2] = ut
                return
    if techniques_open(s, p) and best_technique(s, c, p, lead, out, True):
        return
    # 6. Pick the fight (`pick_fight`)
    best_t, best_slot, best_cur, best_score, best_need, best_helper, best_bonus, helpers_found = \
        pick_fight(s, c, p, lead, started)
    # 6b, 6c. The expansions' fights worth more than the best field fight (`box_fights`)
    if not started and (s.zone_n[E.COMMON, E.Z_PILLAR_ROW] > 0 or s.g[G_DUEL] or s.g[G_HADES]
                        or s.g[G_OPEN_SEAT] == p + 1) and box_fights(s, c, p, lead, best_score, out):
        return
    # 7. Draw first: play Engagement draw cards against the chosen card (or any card)
    face_t = best_t
    face_slot = best_slot
    if face_t < 0:
        for slot in range(E.N_SLOTS - 1, -1, -1):
            if s.field[slot] >= 0 and face_discards_due(s, c, s.field[slot]) == 0:  # no discard for a draw
                face_t = s.field[slot]
                face_slot = slot
                break
    if face_t >= 0:
        holding = face_discards_due(s, c, face_t) > 0 or best_helper >= 0
        for i in range(nh):
            inst = s.zone[p, E.Z_HAND, i]
            if c.prog_counts[c.inst_card[inst], E.T_ENGAGEMENT, 0] == 0:
                continue  # no draw step (checked here: most cards have none)
            if engage_draws(s, c, p, inst, face_t) > 0 and can_face(s, c, p, inst, face_t) and \
                    not (holding and held_back(s, c, p, face_t, best_helper, inst)):
                out[0] = A_PLAY
                out[1] = inst
                out[2] = face_slot
                return
        # a draw that needs one more card alongside: play that card first, then the draw comes true
        for i in range(nh):
            inst = s.zone[p, E.Z_HAND, i]
            if c.prog_counts[c.inst_card[inst], E.T_ENGAGEMENT, 0] == 0 or not can_face(s, c, p, inst, face_t) \
                    or (holding and held_back(s, c, p, face_t, best_helper, inst)):
                continue
            first = draw_enabler(s, c, p, inst, face_t)
            if first >= 0 and not (holding and held_back(s, c, p, face_t, best_helper, first)):
                out[0] = A_PLAY
                out[1] = first
                out[2] = face_slot
                return
    if best_t < 0 or best_score <= 0:
        leaving(s, c, p, out)
        return
    # 8. Commit the card that best closes the gap (the smallest that suffices, else the largest),
    # and plan the rest of the fight
    cands = s.mind.commit_cands
    n = 0
    is_aided = aided(s, c, p, best_t)
    noted = s.mind.hand_values_of[0] == best_t  # in step 6
    holding = face_discards_due(s, c, best_t) > 0 or best_helper >= 0
    for i in range(nh):
        inst = s.zone[p, E.Z_HAND, i]
        if can_face(s, c, p, inst, best_t) and not (holding and held_back(s, c, p, best_t, best_helper, inst)):
            cands[n, 0] = inst
            cands[n, 1] = s.mind.hand_values[i, best_cur] if noted else \
                values_against(s, c, inst, best_t, p, is_aided)[best_cur]
            n += 1
    # The equipped Cloth fights in either currency (ASG-17: its Strength and Cosmos count), as
    # `hand_resources` counted it: an Armor with Strength (a V2 Cloth, a God Robe) was left out
    # of Strength fights, and one without Cosmos (Robe Alpha, Alcor) never left the slot. Not
    # when the helper spends it: itself (Taurus Cloth), or its cost (the Robe of Odin discards it)
    cloth_v = 0
    if s.zone_n[p, E.Z_CLOTH] > 0 and face_cost_payable(s, c, p, best_t, -1) \
            and not (best_helper >= 0 and held_back(s, c, p, best_t, best_helper, s.zone[p, E.Z_CLOTH, 0])):
        cloth_v = values_against(s, c, s.zone[p, E.Z_CLOTH, 0], best_t, p, is_aided)[best_cur]
    fighters = memo[best_slot, M_FIGHTERS]
    commit_need = best_need
    if best_helper >= 0:  # the helper closes the rest of the gap (step 9), once a card fights
        commit_need = max(best_need - best_bonus, 1 if fighters == 0 else 0)
    j = commit_choice(cands, n, commit_need, fighters >= min_fighters(c, best_t), cloth_v)
    if j != -1:
        if j == CLOTH:
            out[0] = A_CLOTH_FIGHT
        else:
            out[0] = A_PLAY
            out[1] = cands[j, 0]
        out[2] = best_slot
        plan_fight(s, c, p, best_slot, best_t, cands, n, j, best_need, fighters, cloth_v)
        return
    # 9. Close the last gap with a helper (buff or cost cut)
    if not helpers_found:
        find_helpers(s, c, p)
    bonus, helper = helper_bonus(s, c, p, best_t, best_cur)
    if helper >= 0 and bonus >= best_need:
        k = c.inst_card[helper]
        out[0] = A_USE
        out[1] = helper
        out[2] = c.use_trig[k]
        return
    leaving(s, c, p, out)


@kernel
def box_steps(s, c, p, lead, started, out):
    """Steps 1b-1e of `decide_afresh`, for the expansions' material; True once one decides. A
    kernel of their own, called only when some is in play: a function zeroes on every entry a
    stack slot for each call it makes (see `apply_action`)."""
    # 1b. Relics (ASG-19): play them, go on with a fight against one, use one
    if s.g[G_RELICS_ON] and relic_step(s, c, p, lead, out):
        return True
    # 1c. Pillars (POS-11): go on with a fight against one
    if s.zone_n[E.COMMON, E.Z_PILLAR_ROW] > 0 and pillar_step(s, c, p, lead, out):
        return True
    # 1c''. The Duel: go on with a fight against the revealed House
    if s.g[G_DUEL] and house_step(s, c, p, lead, out):
        return True
    # 1c'. Hades: go on with a fight in the Underworld or the Shackle pile; place a card with Souls
    if s.g[G_HADES] and (hades_fight_step(s, c, p, lead, out) or place_step(s, c, p, out)
                         or sense_step(s, c, p, out) or ability_step(s, c, p, out) or talent_step(s, c, p, out)):
        return True
    # 1d. A card off the field opened to p (POS-23), or a Relic it may win back (POS-24): go on with
    # a fight against it
    if s.g[G_OPEN_SEAT] == p + 1 and open_step(s, c, p, lead, out):
        return True
    if s.g[G_RELICS_ON] and win_back_step(s, c, p, lead, out):
        return True
    # 1e. Co-op: move to a neighbouring pile that offers more (COOP-18)
    if s.g[G_POSEIDON] and not started and coop_move(s, c, p, lead, out):
        return True
    return False


@kernel
def box_fights(s, c, p, lead, best_score, out):
    """Steps 6b and 6c of `decide_afresh` (p has started no fight): a fight against the
    expansions' material worth more than best_score, the best field fight's; True once one
    decides."""
    # 6b. A revealed Pillar worth more than the best field fight (POS-11)
    if s.zone_n[E.COMMON, E.Z_PILLAR_ROW] > 0 and start_pillar_fight(s, c, p, lead, best_score, out):
        return True
    # 6b''. The Duel: the revealed House, worth more than the best field fight
    if s.g[G_DUEL] and start_house_fight(s, c, p, lead, best_score, out):
        return True
    # 6b'. Hades: an Underworld card to annihilate, or a Shackle card to free, worth more than the best field fight
    if s.g[G_HADES] and start_hades_fight(s, c, p, lead, best_score, out):
        return True
    # 6c. A card off the field opened to p, worth more than the best field fight (POS-23)
    if s.g[G_OPEN_SEAT] == p + 1 and start_open_fight(s, c, p, lead, best_score, out):
        return True
    return False

@kernel
def pick_fight(s, c, p, lead, started):
    """Step 6 of `decide_afresh`: the best card p can afford (value minus a price per cost point). The
    candidates (card, currency) are taken from the best score down (equals in slot order, Cosmos
    first), so that the first one p can afford is the choice and the others are not checked.
    Without a started fight most slots come up: their fights enter at once, except those costing
    more than `hand_reach`. With one (it comes first and is most often the choice), the other
    slots wait (`deferred`), each with a bound on its scores (a cost is at least 1): the bounds
    enter once the best score left could be below one (`deferred_best`, from the top of the
    policy's card values: entering sooner than needed changes no order), and a slot's costs
    are computed only when its bound comes up.
    Returns (its card, slot, currency, score, the total it still needs, the helper it counts on
    and what that adds, whether `find_helpers` has run); the card -1 and the score -1e9 for none."""
    w = s.mind.weights[p]
    memo = s.mind.slot_memo
    n_cand = 0
    deferred = 0
    for slot in range(E.N_SLOTS):
        t = s.field[slot]
        if t < 0:
            continue
        if not started or memo[slot, M_COSTS_KNOWN] or started & (1 << slot) or w[W_COST] < 0:
            if not started and out_of_reach(s, c, p, slot):
                continue  # no fight `add_fights` would add
            n_cand = add_fights(s, c, p, slot, card_value(s, c, p, t, lead), started, n_cand)
        else:
            deferred |= 1 << slot
    deferred_best = s.mind.value_top[p] - w[W_COST] + 0.05
    best_t = -1
    best_slot = -1
    best_cur = -1
    best_score = -1e9
    best_need = 0
    # A card without a `fighting` program adds the same (its printed value and buffs) to every
    # fight p has not started: those cards are summed once, when first needed.
    plain_str = plain_cos = 0
    plain_chars = -1  # not summed yet
    plain_fighting = False  # are there cards with a `fighting` program among them?
    plain_noted = False  # are their values those noted in s.mind.hand_values?
    bans = bans_on_field(s, c)  # Kuraggu or Guard #1035 is on the field
    helpers_found = False
    best_helper = -1  # the helper the chosen fight counts on, and what it adds
    best_bonus = 0
    while n_cand > 0 or deferred:
        if deferred and (n_cand == 0 or s.mind.cand_score[n_cand - 1] <= deferred_best):
            for slot in range(E.N_SLOTS):
                if deferred & (1 << slot):
                    bound = card_value(s, c, p, s.field[slot], lead) - w[W_COST] + 0.05
                    n_cand = add_candidate(s, n_cand, bound, -1 - slot)
            deferred = 0
            continue
        at, score, n_cand = take_best_candidate(s, n_cand)
        if at < 0:  # a bound: weigh that slot's fights now
            slot = -1 - at
            n_cand = add_fights(s, c, p, slot, card_value(s, c, p, s.field[slot], lead), started, n_cand)
            continue
        slot = at >> 1
        cur = at & 1
        t = s.field[slot]
        cost = slot_costs(s, c, p, slot)[cur]
        if bans and acquisition_banned(s, c, t):
            continue
        fighters = memo[slot, M_FIGHTERS]
        if memo[slot, M_HAND_KNOWN] == 0:  # what the hand adds against t, for both currencies
            if fighters > 0:
                hand_str, hand_cos, chars = hand_resources(s, c, p, t, HAND_ALL)
                plain_noted = False  # the plain cards' values noted now are those against t
            else:
                if plain_chars < 0:
                    plain_str, plain_cos, plain_chars = hand_resources(s, c, p, -1, HAND_PLAIN)
                    plain_fighting = has_fighting_cards(s, c, p)
                    plain_noted = True
                hand_str, hand_cos, chars = plain_str, plain_cos, plain_chars
                if plain_fighting:
                    more_str, more_cos, more_chars = hand_resources(s, c, p, t, HAND_FIGHTING)
                    hand_str += more_str
                    hand_cos += more_cos
                    chars += more_chars
                if plain_noted:  # a plain card adds the same to every fight no card aids
                    s.mind.hand_values_of[0] = t
            if face_discards_due(s, c, t) > 0:  # Dolphin: the cards discarded to face t add nothing to it
                lost_str, lost_cos, lost_chars = face_discards_value(s, c, p, t)
                hand_str -= lost_str
                hand_cos -= lost_cos
                chars -= lost_chars
            memo[slot, M_HAND_STR] = hand_str
            memo[slot, M_HAND_COS] = hand_cos
            memo[slot, M_HAND_CHARS] = chars
            memo[slot, M_HAND_KNOWN] = 1
        res = memo[slot, M_HAND_STR + cur]
        chars = memo[slot, M_HAND_CHARS]
        total = memo[slot, M_TOTAL_STR + cur]
        have = total + res
        bonus = 0
        helper = -1
        if have < cost:  # a helper card might close the gap (it adds 0 or more)
            if not helpers_found:
                find_helpers(s, c, p)
                helpers_found = True
            bonus, helper = helper_bonus(s, c, p, t, cur)
            if helper >= 0:  # a card spent to use it (Cassios himself, a card its cost takes) does not fight too
                lost_str, lost_cos, lost_chars, _ = spent_on_helper(s, c, p, helper, t)
                have += bonus - (lost_cos if cur == COSMOS else lost_str)
                chars -= lost_chars
        if have < cost or fighters + chars < min_fighters(c, t):
            continue
        best_helper = helper
        best_bonus = bonus
        best_score = score
        best_t = t
        best_slot = slot
        best_cur = cur
        best_need = cost - total
        break
    return best_t, best_slot, best_cur, best_score, best_need, best_helper, best_bonus, helpers_found


@kernel
def leaving(s, c, p, out):
    """The main phase would end: spend a card (`spend_leaving_card`); in co-op, else give one."""
    spend_leaving_card(s, c, p, out)
    if out[0] == A_END and s.g[G_POSEIDON]:
        coop_gift(s, c, p, out)


@kernel
def coop_gift(s, c, p, out):
    """Co-op (COOP-7), when nothing else is left to do: give a card of the hand to the teammate who
    plays soonest, at p's pile (any number) or at a neighbouring one (one a turn): it joins their
    hand for their turn. To a teammate who plays later this round any card goes (p draws back to 5
    at upkeep, and the team's cards pooled in one hand buy what no single hand reaches); to one
    who plays next round, only the cards p would not keep. The card worth most to the team goes
    first."""
    n_players = s.g[G_POSEIDON] - 1
    receiver = -1
    soonest = n_players
    for q in range(n_players):
        wait = (s.pl[q, PL_PLACE] - s.pl[p, PL_PLACE]) % n_players  # places until q's turn
        if may_receive(s, p, q) and wait < soonest:
            receiver = q
            soonest = wait
    if receiver < 0:
        return
    this_round = s.pl[receiver, PL_PLACE] > s.pl[p, PL_PLACE]
    if not this_round:
        choose_keep(s, c, p, s.keep)
    best = -1
    best_v = 0.0
    for i in range(s.zone_n[p, E.Z_HAND]):
        x = s.zone[p, E.Z_HAND, i]
        if giftable(s, c, x) and (this_round or not s.keep[i]):
            v = s.mind.value[receiver, c.inst_card[x]]
            if v > best_v:
                best_v = v
                best = x
    if best >= 0:
        out[0] = A_GIFT
        out[1] = best
        out[2] = receiver


@kernel
def relic_step(s, c, p, lead, out):
    """Step 1b, Relics (ASG-19). Play every Relic from hand: the Ring goes to the opponent with the
    most printed VP (`choose_player`: 2 VP off them and their Armor slot locked; kept, it would
    score -2 for p), Balmung into p's play area, where its use waits for a target. Go on with a
    fight against a Relic of p's (the Ring), started when the main phase would end
    (`start_relic_fight`): end it once won, else commit the next card of `relic_commit`. Make a
    Relic's Freeze use on the target worth most (`relic_aim_gain`), if any is worth it."""
    for i in range(s.zone_n[p, E.Z_HAND]):
        inst = s.zone[p, E.Z_HAND, i]
        if c.classes[c.inst_card[inst]] & E.CLASS_RELIC:
            out[0] = A_RELIC
            out[1] = inst
            return True
    for j in range(s.zone_n[p, E.Z_RELICS]):
        r = s.zone[p, E.Z_RELICS, j]
        if relic_lock(c, r) > 0 and started_fight(s, p, r):
            if relic_won(s, c, r, p):
                out[0] = A_ACQUIRE
                out[1] = E.N_SLOTS + j
                out[2] = STRENGTH
                return True
            first, _, enough = relic_commit(s, c, p, r, lead)
            if enough:
                out[0] = A_PLAY
                out[1] = first
                out[2] = E.N_SLOTS + j
                return True
    for j in range(s.zone_n[p, E.Z_RELICS]):
        r = s.zone[p, E.Z_RELICS, j]
        ut = c.use_trig[c.inst_card[r]]
        if ut == E.T_FREEZE_USE and can_use(s, c, p, r, ut):
            aim, gain = relic_aim_gain(s, c, p, r, lead)
            if aim >= 0 and gain > 0:
                s.mind.relic_aim[p] = aim
                out[0] = A_USE
                out[1] = r
                out[2] = ut
                return True
    return False


@kernel
def relic_commit(s, c, p, r, lead):
    """The cards p would commit to beat its Relic r (the Ring: its Strength, R3): `commit_cards`."""
    return commit_cards(s, c, p, r, relic_lock(c, r) - fight_totals(s, c, r, p)[0], 0, lead, STRENGTH)


@kernel
def commit_cards(s, c, p, r, need, weapons, lead, cur):
    """The cards p would commit to reach `need` more Strength (or Cosmos, `cur`) against r, a card
    off the field (a Relic, a Pillar, a card opened to p), the first of them, what they cost, and whether they are
    enough: the hand Characters with Strength that p would not keep first (they are discarded at
    upkeep anyway: free), the strongest first, then those it would keep, the least valuable first,
    at their value. A card counts its Strength against r and what r's `cost_per_fighter` rule gives
    it (a Pillar's named Characters); a Hero, 4 more while p has `weapons` Balance Weapons to
    spend on it (POS-11)."""
    bar = s.mind.weights[p, W_KEEP] + draw_mean_value(s, c, p, lead)
    first = -1
    cost = 0.0
    used = s.mind.picks
    n_used = 0
    while need > 0:
        best = -1
        best_key = 1e18
        best_str = 0
        for i in range(s.zone_n[p, E.Z_HAND]):
            inst = s.zone[p, E.Z_HAND, i]
            if not can_face(s, c, p, inst, r):
                continue
            taken = False
            for u in range(n_used):
                if used[u] == inst:
                    taken = True
            if taken:
                continue
            v_str = values_against(s, c, inst, r, p, False)[cur] + (fighter_bonus(c, r, inst) if cur == STRENGTH else 0)
            if weapons > 0 and c.classes[c.inst_card[inst]] & E.CLASS_HERO:
                v_str += E.WEAPON_STRENGTH
            if v_str <= 0:
                continue
            v = card_value(s, c, p, inst, lead)
            key = v if v >= bar else -1e9 - v_str  # free cards first, the strongest first
            if key < best_key:
                best_key = key
                best = inst
                best_str = v_str
        if best < 0:
            return first, cost, False
        if first < 0:
            first = best
        v = card_value(s, c, p, best, lead)
        if v >= bar:
            cost += v
        used[n_used] = best
        n_used += 1
        need -= best_str
        if weapons > 0 and c.classes[c.inst_card[best]] & E.CLASS_HERO:
            weapons -= 1
    return first, cost, True


@kernel
def unlock_value(s, c, p, lead):
    """What p gains when its Armor slot is unlocked (ASG-19): with no Cloth equipped, the best Cloth
    of its hand, or half the best of its draw and discard piles; 0 with one equipped (it stays)."""
    if s.zone_n[p, E.Z_CLOTH] > 0:
        return 0.0
    best = 0.0
    for z in (E.Z_HAND, E.Z_DRAW, E.Z_DISCARD):
        for j in range(s.zone_n[p, z]):
            x = s.zone[p, z, j]
            if c.classes[c.inst_card[x]] & E.CLASS_CLOTH:
                v = card_value(s, c, p, x, lead)
                best = max(best, v if z == E.Z_HAND else 0.5 * v)
    return best


@kernel
def start_relic_fight(s, c, p, lead, out):
    """Step 10, before spending cards for their uses: face a Relic of p's that locks its Armor slot
    (the Ring) when the cards it takes are worth less than beating it: the Armor slot unlocked
    (`unlock_value`), and the Ring back in p's deck, to be drawn while flames are left and played
    at an opponent, its VP with it (W_VP per VP, in full with 6 flames or more left, in
    proportion below)."""
    for j in range(s.zone_n[p, E.Z_RELICS]):
        r = s.zone[p, E.Z_RELICS, j]
        if relic_lock(c, r) == 0:
            continue
        first, cost, enough = relic_commit(s, c, p, r, lead)
        if not enough:
            continue
        gain = unlock_value(s, c, p, lead) + s.mind.weights[p, W_VP] * max(-c.vp[c.inst_card[r]], 0) \
            * min(s.g[G_FLAMES], 6) / 6.0
        if gain > cost:
            out[0] = A_PLAY
            out[1] = first
            out[2] = E.N_SLOTS + j
            return True
    return False


@kernel
def pillar_step(s, c, p, lead, out):
    """Step 1c, a fight against a Pillar under way (started by `start_pillar_fight`): destroy it once
    won; else spend a Balance Weapon on a Hero facing it; else commit the next card of
    `commit_cards`."""
    for j in range(s.zone_n[E.COMMON, E.Z_PILLAR_ROW]):
        pillar = s.zone[E.COMMON, E.Z_PILLAR_ROW, j]
        if not started_fight(s, p, pillar):
            continue
        if pillar_won(s, c, pillar, p):
            out[0] = A_ACQUIRE
            out[1] = E.PILLAR_AT + j
            out[2] = STRENGTH
            return True
        for i in range(s.zone_n[p, E.Z_PLAY]):
            hero = s.zone[p, E.Z_PLAY, i]
            if s.inst_facing[hero] == pillar and can_arm(s, c, p, hero):
                out[0] = A_WEAPON
                out[1] = hero
                return True
        first, _, enough = commit_cards(s, c, p, pillar, pillar_short(s, c, pillar, p), s.pl[p, PL_WEAPONS], lead,
                                        STRENGTH)
        if enough:
            out[0] = A_PLAY
            out[1] = first
            out[2] = E.PILLAR_AT + j
            return True
    return False


@kernel
def start_pillar_fight(s, c, p, lead, floor, out):
    """Step 6b, against the score of the best field fight (`floor`), and step 10, before spending
    cards for their uses (floor 0): face the revealed Pillar whose VP for p (`card_vp`, as if p
    held it now) are worth most over the cards its destruction takes (`commit_cards`, the Balance
    Weapons counted), if that beats the floor."""
    best_gain = floor
    for j in range(s.zone_n[E.COMMON, E.Z_PILLAR_ROW]):
        pillar = s.zone[E.COMMON, E.Z_PILLAR_ROW, j]
        first, cost, enough = commit_cards(s, c, p, pillar, pillar_short(s, c, pillar, p), s.pl[p, PL_WEAPONS],
                                           lead, STRENGTH)
        if not enough:
            continue
        gain = s.mind.weights[p, W_VP] * (card_vp(s, c, p, c.inst_card[pillar]) + s.inst_vp[pillar]
                                          + (COOP_PILLAR_SWING if s.g[G_POSEIDON] else 0)) - cost
        if gain > best_gain:
            best_gain = gain
            out[0] = A_PLAY
            out[1] = first
            out[2] = E.PILLAR_AT + j
    return best_gain > floor


SOUL_VP = 0.5  # what 1 Soul is worth in VP while Souls only pay placements: a Styx card's Soul cost is
               # about twice its Grade, and its VP, lost by the opponent it shackles, about its Grade


@kernel
def bonus_value(s, p, bonus):
    """What an Underworld space's bonus is worth to p (HAD-6); -1 Strength is worth its cut of the fight."""
    w = s.mind.weights[p]
    if bonus == E.BONUS_SOUL:
        return SOUL_VP * w[W_VP]
    if bonus == E.BONUS_VP:
        return w[W_VP]
    if bonus == E.BONUS_ENERGY:
        return w[W_EFFECT]
    if bonus == E.BONUS_DRAW:
        return w[W_DRAW]
    return 0.0


@kernel
def best_bonus(s, c, p, space):
    """The bonus with which p ends its fight against the card on `space` (-1: not won yet): the
    most valuable one its fighters' Strength allows (-1 Strength only when nothing else does)."""
    best = -1
    best_v = -1.0
    for b in range(E.N_BONUSES):
        if annihilation_won(s, c, p, space, b) and bonus_value(s, p, b) > best_v:
            best = b
            best_v = bonus_value(s, p, b)
    return best


@kernel
def hades_target_gain(s, c, p, t, space):
    """What p gains by ending a fight against t (HAD-26, HAD-17): its VP into the Void, or out of
    p's Shackle pile (space -1), its Souls, and the best bonus of its space other than -1 Strength."""
    w = s.mind.weights[p]
    k = c.inst_card[t]
    gain = w[W_VP] * c.vp[k] + SOUL_VP * w[W_VP] * c.soul_gain[k]
    if space >= 0:
        extra = 0.0
        for b in range(E.BONUS_SOUL, E.N_BONUSES):
            if bonus_offered(s, p, space, b):
                extra = max(extra, bonus_value(s, p, b))
        gain += extra
    else:
        gain += w[W_EFFECT]  # its Shackle effect, if it was the top card, ends
    return gain


@kernel
def hades_need(s, c, p, t, space):
    """The Strength p's fighters facing t still lack (the -1 Strength bonus counted where offered)."""
    if space < 0:
        need = max(c.strength_cost[c.inst_card[t]], 1)
    else:
        need = annihilation_need(s, c, t, E.BONUS_STRENGTH if bonus_offered(s, p, space, E.BONUS_STRENGTH) else E.BONUS_NONE)
    return need - fight_totals(s, c, t, p)[0]


@kernel
def hades_fight_step(s, c, p, lead, out):
    """Step 1c', a fight against an Underworld card or a card of p's Shackle pile under way
    (started by `start_hades_fight`): end it once won (the best bonus; the Souls taken), else
    commit the next card of `commit_cards`."""
    for j in range(E.UNDER_SPACES + s.zone_n[p, E.Z_SHACKLE]):  # the spaces, then the pile (SHACKLE_AT follows them)
        space = j if j < E.UNDER_SPACES else -1
        at = E.UNDER_AT + j
        t = fight_target(s, p, at)
        if t < 0 or not started_fight(s, p, t):
            continue
        won = best_bonus(s, c, p, space) if space >= 0 else (1 if shackle_won(s, c, p, j - E.UNDER_SPACES) else -1)
        if won >= 0:
            out[0] = A_ACQUIRE
            out[1] = at
            out[2] = won
            return True
        first, _, enough = commit_cards(s, c, p, t, hades_need(s, c, p, t, space), 0, lead, STRENGTH)
        if enough:
            out[0] = A_PLAY
            out[1] = first
            out[2] = at
            return True
    return False


@kernel
def start_hades_fight(s, c, p, lead, floor, out):
    """Step 6b', against the score of the best field fight (`floor`), and step 10 (floor 0): face
    the Underworld card within reach, or the card of p's Shackle pile, whose `hades_target_gain`
    is worth most over the cards the fight takes (`commit_cards`), if that beats the floor."""
    best_gain = floor
    for j in range(E.UNDER_SPACES + s.zone_n[p, E.Z_SHACKLE]):
        space = j if j < E.UNDER_SPACES else -1
        at = E.UNDER_AT + j
        t = fight_target(s, p, at)
        if t < 0 or (space < 0 and shackle_card(s, p, j - E.UNDER_SPACES) < 0):
            continue
        first, cost, enough = commit_cards(s, c, p, t, hades_need(s, c, p, t, space), 0, lead, STRENGTH)
        if not enough:
            continue
        gain = hades_target_gain(s, c, p, t, space) - cost
        if gain > best_gain:
            best_gain = gain
            out[0] = A_PLAY
            out[1] = first
            out[2] = at
    return best_gain > floor


@kernel
def sense_step(s, c, p, out):
    """Step 1c, Senses (HAD-9): use those that give a card, a Soul or a look at the draw pile at
    once; the 8th to move the marker toward Elysion, as far as it goes (more cards within reach,
    more bonuses, the Hades Hero); a Strength or Cosmos Sense on a fighter of a fight it completes."""
    for sense in range(N_SENSES):
        if not sense_ready(s, c, p, sense):
            continue
        what, n = sense_effect(s, sense)
        b = -1
        if what == SE_MOVE:
            b = -min(n, s.pl[p, PL_SPACE])
        elif what == SE_STRENGTH or what == SE_COSMOS:
            b = completing_fighter(s, c, p, STRENGTH if what == SE_STRENGTH else COSMOS, n)
        if sense_allowed(s, c, p, sense, b):
            out[0] = A_SENSE
            out[1] = sense
            out[2] = b
            return True
    return False


@kernel
def ability_step(s, c, p, out):
    """Step 1c, Abilities (HAD-11): use a held Ability for its effect: a buff when it wins a fight
    (on the fighter `choose_buff_target` picks), a Sense recharged when one is spent, a cut of an
    Underworld card's cost when p fights one, any other at once (a card, Souls, a VP token, a
    heal, a look at the Styx, the marker moved)."""
    for i in range(s.zone_n[p, E.Z_ABILITIES]):
        a = s.zone[p, E.Z_ABILITIES, i]
        if not can_use(s, c, p, a, E.T_ABILITY):
            continue
        row = program_op(c, a, E.T_ABILITY, E.OP_BUFF)
        if row >= 0:
            by_str = c.ops[row, E.F_A]
            if completing_fighter(s, c, p, STRENGTH if by_str > 0 else COSMOS, max(by_str, c.ops[row, E.F_B])) < 0:
                continue
        elif program_op(c, a, E.T_ABILITY, E.OP_RECHARGE_SENSE) >= 0 and s.pl[p, PL_SENSES_SPENT] == 0:
            continue
        elif program_op(c, a, E.T_ABILITY, E.OP_UNDERWORLD_CUT) >= 0 and not fights_underworld(s, p):
            continue
        out[0] = A_USE
        out[1] = a
        out[2] = E.T_ABILITY
        return True
    return False


@kernel
def fights_underworld(s, p):
    """Does a card of p's in play face an Underworld card?"""
    for j in range(s.zone_n[p, E.Z_PLAY]):
        t = s.inst_facing[s.zone[p, E.Z_PLAY, j]]
        if t >= 0 and s.inst_zone[t] == E.Z_UNDERWORLD:
            return True
    return False


@kernel
def completing_fighter(s, c, p, cur, n):
    """A Character of p's in play whose +n in `cur` would win the fight it is in (a field card,
    an Underworld or Shackle card, with Strength), or -1."""
    for j in range(s.zone_n[p, E.Z_PLAY]):
        f = s.zone[p, E.Z_PLAY, j]
        if c.classes[c.inst_card[f]] & E.CLASS_CHARACTER and completes(s, c, p, f, cur, n):
            return f
    return -1


@kernel
def completes(s, c, p, f, cur, n):
    """Would +n in `cur` on f, a card of p's in play, win the fight it is in?"""
    t = s.inst_facing[f]
    if t < 0:
        return False
    if s.inst_zone[t] == E.Z_BATTLEFIELD:
        cost = effective_cost(s, c, t, cur, p)
        total = fight_total(s, c, t, cur, p)
        return cost > 0 and total < cost <= total + n
    if cur == STRENGTH and (s.inst_zone[t] == E.Z_UNDERWORLD or s.inst_zone[t] == E.Z_SHACKLE):
        space = -1
        for k in range(E.UNDER_SPACES):
            if s.under[k] == t:
                space = k
        return 0 < hades_need(s, c, p, t, space) <= n
    return False


@kernel
def talent_step(s, c, p, out):
    """Step 1c, Talents (HAD-12), once `ability_step` wants none of p's Abilities for its own effect:
    pay a Talent of a card in play with the first Ability held, the card kept in play. A buff of the
    card itself when it wins the card's fight; any other Talent (a card, the marker moved, an
    upgrade) at once."""
    if s.zone_n[p, E.Z_ABILITIES] == 0:
        return False
    for zone in (E.Z_PLAY, E.Z_CLOTH):
        for i in range(s.zone_n[p, zone]):
            inst = s.zone[p, zone, i]
            if not talent_ready(s, c, p, inst):
                continue
            row = program_op(c, inst, E.T_TALENT, E.OP_BUFF)
            if row >= 0 and c.ops[row, E.F_ZONE] == E.Z_SRC_THIS:
                by_str = c.ops[row, E.F_A]
                if not completes(s, c, p, inst, STRENGTH if by_str > 0 else COSMOS, max(by_str, c.ops[row, E.F_B])):
                    continue
            for j in range(s.zone_n[p, E.Z_ABILITIES]):
                if pays_talent(s, c, p, inst, s.zone[p, E.Z_ABILITIES, j]):  # the Duel: its Constellation's
                    out[0] = A_TALENT
                    out[1] = inst
                    out[2] = s.zone[p, E.Z_ABILITIES, j]
                    return True
    return False


HOUSE_TEMPO = 1.0  # what acquiring a House is worth beyond its VP, in VP: the Duel's end comes closer and the
                   # opponent's counter resets


@kernel
def house_gain(s, c, p):
    """What the revealed House is worth to p: `duel_house_vp`, the Altar's VP per House and HOUSE_TEMPO."""
    return s.mind.weights[p, W_VP] * (s.rules[R_DUEL_HOUSE_VP] + altar_house_vp(s, c) + HOUSE_TEMPO)


@kernel
def altar_house_vp(s, c):
    """The VP the Altar gives per House owned (the Altar of Glory), 0 without such an Altar."""
    if s.zone_n[E.COMMON, E.Z_ALTAR] == 0:
        return 0.0
    row = program_op(c, s.zone[E.COMMON, E.Z_ALTAR, 0], E.T_ALTAR, E.OP_VP_PER)
    return c.ops[row, E.F_B] / max(c.ops[row, E.F_A], 1) if row >= 0 else 0.0


@kernel
def house_step(s, c, p, lead, out):
    """Step 1c, a fight against the revealed House under way (DUEL-19): take it once won; else commit
    the next card of `commit_cards`."""
    house = revealed_house(s)
    if house < 0 or not started_fight(s, p, house):
        return False
    if house_won(s, c, p):
        out[0] = A_ACQUIRE
        out[1] = E.HOUSE_AT
        out[2] = STRENGTH
        return True
    short = s.pl[p, PL_HOUSE_COUNTER] - fight_totals(s, c, house, p)[0]
    first, _, enough = commit_cards(s, c, p, house, short, 0, lead, STRENGTH)
    if enough:
        out[0] = A_PLAY
        out[1] = first
        out[2] = E.HOUSE_AT
        return True
    return False


@kernel
def start_house_fight(s, c, p, lead, floor, out):
    """Step 6b'', against the score of the best field fight (`floor`), and step 10 (floor 0): face the
    revealed House if the cards its counter takes (`commit_cards`) cost less than it is worth
    (`house_gain`). First, if the House asks to destroy a Hero of the hand and the fight is out of
    reach without it but in reach with it, the weakest Hero is destroyed (DUEL-17)."""
    house = revealed_house(s)
    if house < 0:
        return False
    need = s.pl[p, PL_HOUSE_COUNTER]
    first, cost, enough = commit_cards(s, c, p, house, need, 0, lead, STRENGTH)
    if not enough and c.event[c.inst_card[house]] == E.EVT_DESTROY_HERO_IN_HAND and need > 1:
        weakest = -1
        for i in range(s.zone_n[p, E.Z_HAND]):
            x = s.zone[p, E.Z_HAND, i]
            if may_destroy_hero(s, c, p, x) and (weakest < 0 or card_value(s, c, p, x, lead)
                                                 < card_value(s, c, p, weakest, lead)):
                weakest = x
        if weakest >= 0:
            after = max(need - c.reduction[c.inst_card[house]], 1) + c.strength[c.inst_card[weakest]]
            if commit_cards(s, c, p, house, after, 0, lead, STRENGTH)[2]:
                out[0] = A_DESTROY_HERO
                out[1] = weakest
                out[2] = -1
                return True
    if enough and house_gain(s, c, p) - cost > floor:
        out[0] = A_PLAY
        out[1] = first
        out[2] = E.HOUSE_AT
        return True
    return False


@kernel
def place_step(s, c, p, out):
    """Step 1c'': place with Souls (HAD-27) the card within reach with the most VP that p can pay
    for, onto the opponent with the most VP now (`printed_vp`): it loses them at the end."""
    best_space = -1
    best_vp = 0
    for space in range(E.UNDER_SPACES):
        t = underworld_reach(s, p, space)
        if t >= 0 and c.vp[c.inst_card[t]] > best_vp and s.pl[p, PL_SOULS] >= soul_cost(s, c, t):
            best_space = space
            best_vp = c.vp[c.inst_card[t]]
    if best_space < 0:
        return False
    target = -1
    most = -1000
    for q in range(s.g[G_NPLAYERS]):
        if q != p and printed_vp(s, c, q) > most:
            target = q
            most = printed_vp(s, c, q)
    out[0] = A_PLACE
    out[1] = best_space
    out[2] = target
    return True


@kernel
def pile_prospect(s, c, p, pile, lead, reach):
    """Co-op: what p could win at `pile` this turn, as far as its hand's `reach` (per currency)
    tells: its face-up top's value if within reach (a last General's more: it opens its Pillar),
    or its revealed Pillar's if the hand's Strength reaches 10; a face-down top, unseen, as a modest
    card (COOP_UNSEEN); nothing, 0."""
    t = s.field[pos_of(s, pile)]
    if t >= 0:
        costs = costs_for(s, c, t, p, False)
        if (costs[STRENGTH] > 0 and reach[STRENGTH] >= costs[STRENGTH]) or \
                (costs[COSMOS] > 0 and reach[COSMOS] >= costs[COSMOS]):
            return card_value(s, c, p, t, lead) + (COOP_GENERAL_BONUS if is_last_general(s, t) else 0.0)
        return 0.0
    if pile_size(s, pile) > 0:
        return COOP_UNSEEN
    pillar = s.g[G_PILE_PILLAR + pile] - 1
    if pillar >= 0 and s.inst_zone[pillar] == E.Z_PILLAR_ROW and \
            reach[STRENGTH] + E.WEAPON_STRENGTH * s.pl[p, PL_WEAPONS] >= c.strength_cost[c.inst_card[pillar]]:
        return s.mind.weights[p, W_VP] * (card_vp(s, c, p, c.inst_card[pillar]) + COOP_PILLAR_SWING)
    return 0.0


@kernel
def pool_value(s, c, p, pile, skip):
    """Co-op: what p's hand (less `skip`) would add to a teammate who plays later this round and
    stands at `pile`, where p may give it any number of cards (COOP-7): COOP_POOL of the value of
    p's giftable cards; 0 with no such teammate."""
    later = False
    for q in range(s.g[G_POSEIDON] - 1):
        if s.pl[q, PL_MARKER] == pile and s.pl[q, PL_PLACE] > s.pl[p, PL_PLACE]:
            later = True
    if not later:
        return 0.0
    v = 0.0
    for i in range(s.zone_n[p, E.Z_HAND]):
        x = s.zone[p, E.Z_HAND, i]
        if x != skip and giftable(s, c, x):
            v += max(s.mind.value[p, c.inst_card[x]], 0.0)
    return COOP_POOL * v


@kernel
def coop_move(s, c, p, lead, out):
    """Step 1e, co-op (COOP-18), before any fight of the turn: move one pile either way when what
    p could win there (`pile_prospect`, with what the hand reaches less the discarded card) beats
    what it could win at its own pile by more than the card the move discards (its least valuable,
    which must not be its last)."""
    nh = s.zone_n[p, E.Z_HAND]
    if nh < 2:
        return False
    cheapest = -1
    cheapest_v = 1e18
    for i in range(nh):
        x = s.zone[p, E.Z_HAND, i]
        v = s.mind.value[p, c.inst_card[x]]
        if v < cheapest_v:
            cheapest_v = v
            cheapest = x
    pile = s.pl[p, PL_MARKER]
    reach_str, reach_cos = hand_reach(s, c, p)
    reach = np.array([reach_str, reach_cos])  # indexed by STRENGTH, COSMOS
    best = pile_prospect(s, c, p, pile, lead, reach) + pool_value(s, c, p, pile, -1) + max(cheapest_v, 0.0)
    if c.classes[c.inst_card[cheapest]] & E.CLASS_CHARACTER:
        less_str, less_cos = fighter_bound(s, c, cheapest, p)
        reach[STRENGTH] -= less_str
        reach[COSMOS] -= less_cos
    best_way = 0
    for way in (1, -1):
        to = (pile + way) % N_PILES
        v = pile_prospect(s, c, p, to, lead, reach) + pool_value(s, c, p, to, cheapest)
        if v > best:
            best = v
            best_way = way
    if best_way == 0:
        return False
    out[0] = A_MOVE
    out[1] = cheapest
    out[2] = best_way
    return True


@kernel
def open_step(s, c, p, lead, out):
    """Step 1d, a fight under way against the card off the field opened to p (started by
    `start_open_fight`, POS-23): take it once won; else commit the next card of `commit_cards`."""
    t = s.g[G_OPEN_TARGET] - 1
    if not started_fight(s, p, t):
        return False
    for cur in (COSMOS, STRENGTH):
        if open_won(s, c, t, cur, p):
            out[0] = A_ACQUIRE
            out[1] = E.OPEN_AT
            out[2] = cur
            return True
    first, _, enough = commit_cards(s, c, p, t, open_short(s, c, t, p), 0, lead, STRENGTH)
    if enough:
        out[0] = A_PLAY
        out[1] = first
        out[2] = E.OPEN_AT
        return True
    return False


@kernel
def start_open_fight(s, c, p, lead, floor, out):
    """Steps 6c and 10: face the card off the field opened to p if its value over the cards the
    fight takes (`commit_cards`, its Strength cost) beats the floor."""
    t = s.g[G_OPEN_TARGET] - 1
    if effective_cost(s, c, t, STRENGTH, p) <= 0:
        return False
    first, cost, enough = commit_cards(s, c, p, t, open_short(s, c, t, p), 0, lead, STRENGTH)
    if not enough or card_value(s, c, p, t, lead) - cost <= floor:
        return False
    out[0] = A_PLAY
    out[1] = first
    out[2] = E.OPEN_AT
    return True


@kernel
def win_back_step(s, c, p, lead, out):
    """A fight under way against another player's Relic p may win back (Athena's Urn): take it back
    once won; else commit the next card."""
    r = rival_relic(s, p)
    if r < 0 or not started_fight(s, p, r):
        return False
    for cur in (COSMOS, STRENGTH):
        if won_back(s, c, r, cur, p):
            out[0] = A_ACQUIRE
            out[1] = E.URN_AT
            out[2] = cur
            return True
    return start_win_back(s, c, p, lead, -1e18, out)


@kernel
def start_win_back(s, c, p, lead, floor, out):
    """Face another player's Relic p may win back (Athena's Urn) if it and the card beneath are worth
    more than the cards its Cosmos (or Strength) takes (`commit_cards`), over the floor."""
    r = rival_relic(s, p)
    if r < 0:
        return False
    costs = win_back_cost(c, r)
    cur = COSMOS if costs[COSMOS] > 0 else STRENGTH
    first, cost, enough = commit_cards(s, c, p, r, costs[cur] - fight_totals(s, c, r, p)[cur], 0, lead, cur)
    worth = card_value(s, c, p, r, lead) + (card_value(s, c, p, s.inst_under[r], lead) if s.inst_under[r] >= 0 else 0.0)
    if not enough or worth - cost <= floor:
        return False
    out[0] = A_PLAY
    out[1] = first
    out[2] = E.URN_AT
    return True


@kernel
def open_short(s, c, t, p):
    """The Strength p's fighters facing t, a card off the field opened to p, still lack to take it."""
    return effective_cost(s, c, t, STRENGTH, p) - fight_totals(s, c, t, p)[0]


@kernel
def pillar_short(s, c, pillar, p):
    """The Strength p's fighters facing `pillar` still lack to destroy it."""
    return pillar_need(s, c, pillar, p) - fight_totals(s, c, pillar, p)[0]


@kernel
def relic_aim_gain(s, c, p, r, lead):
    """The card p's Relic r's Freeze use would best destroy (Balmung, ASG-19: a Relic in play or a
    ★ Cloth in a discard pile, the two moves of its "or"), and what p gains: an opponent's card,
    its value (a Relic locking the Armor slot, the Ring: its VP, which the opponent gets back);
    p's own, the VP of a locking Relic and its Armor slot unlocked, or its value lost. If r then
    goes to the owner of that card (a `give_self` step), an opponent's card also costs p the
    value of r and gives them its VP. (-1, 0) if there is none."""
    k = c.inst_card[r]
    start, n = c.prog[k, E.T_FREEZE_USE, 0], c.prog[k, E.T_FREEZE_USE, 1]
    row = -1
    moves_itself = False
    for i in range(start, start + n):
        if row < 0 and (c.ops[i, E.F_FLAGS] & E.OPF_OR) and i + 1 < start + n:
            row = i
        if c.ops[i, E.F_OP] == E.OP_GIVE_SELF:
            moves_itself = True
    if row < 0:
        return -1, 0.0
    w_vp = s.mind.weights[p, W_VP]
    opponents_only = c.ops[row, E.F_WHO] == E.W_CHOSEN_OPPONENT
    best = -1
    best_gain = -1e18
    own_unlock = -1.0
    for q in range(s.g[G_NPLAYERS]):
        if opponents_only and q == p:
            continue
        for o in range(2):
            op = c.ops[row + o]
            z = op[E.F_ZONE]
            if z >= E.N_PLAYER_ZONES or z == E.Z_HAND or z == E.Z_DRAW:
                continue
            for j in range(s.zone_n[q, z]):
                x = s.zone[q, z, j]
                if x == r or not matches(c, x, op[E.F_FILTER]):
                    continue
                locks = relic_lock(c, x) > 0
                if q == p:
                    if locks:
                        if own_unlock < 0:
                            own_unlock = unlock_value(s, c, p, lead)
                        g = w_vp * -c.vp[c.inst_card[x]] + own_unlock
                    else:
                        g = -card_value(s, c, p, x, lead)
                else:
                    g = w_vp * c.vp[c.inst_card[x]] if locks else card_value(s, c, p, x, lead)
                    if moves_itself:
                        g -= card_value(s, c, p, r, lead) + w_vp * c.vp[k]
                if g > best_gain:
                    best_gain = g
                    best = x
    return best, best_gain


@kernel
def least_valuable_healer(s, c, p, lead, hearts):
    """p's least valuable hand card, or equipped Cloth (ASG-17), with at least `hearts` hearts, and
    its value (-1, 1e9: none)."""
    healer = -1
    hv = 1e9
    nh = s.zone_n[p, E.Z_HAND]
    for i in range(nh + s.zone_n[p, E.Z_CLOTH]):
        inst = s.zone[p, E.Z_HAND, i] if i < nh else s.zone[p, E.Z_CLOTH, 0]
        if c.heal[c.inst_card[inst]] >= hearts:
            v = card_value(s, c, p, inst, lead)
            if v < hv:
                hv = v
                healer = inst
    return healer, hv


@kernel
def choose_heal(s, c, p, lead, out):
    """Step 4: heal the most valuable marked card with the least valuable healer, when the card is
    worth W_HEAL_MIN and the healer. The hearts the heal action has left (ASG-14) are a healer
    worth nothing, lost unless spent now. A wounded card takes any healer. A frozen card takes the
    least valuable healer with the hearts its token still needs; lacking one, a single heart turns
    its token (progress that stays), worth half the card. A frozen card comes first only when
    worth strictly more than the best wounded one."""
    w = s.mind.weights[p]
    pooled = s.g[G_HEAL_HEARTS]
    if pooled > 0:
        healer, hv = -1, 0.0
    else:
        healer, hv = least_valuable_healer(s, c, p, lead, 1)
        if healer < 0:
            return False
    best = -1
    bv = -1e9
    for j in range(s.zone_n[p, E.Z_WOUNDED]):
        inst = s.zone[p, E.Z_WOUNDED, j]
        v = card_value(s, c, p, inst, lead)
        if v > bv:
            bv = v
            best = inst
    best_healer, best_hv = healer, hv
    if s.zone_n[p, E.Z_FROZEN] > 0:
        if pooled >= 2:
            full, fv = -1, 0.0
        else:
            full, fv = least_valuable_healer(s, c, p, lead, 2)
        for j in range(s.zone_n[p, E.Z_FROZEN]):
            inst = s.zone[p, E.Z_FROZEN, j]
            v = card_value(s, c, p, inst, lead)
            h, h_v = healer, hv
            if s.inst_freeze[inst] >= 2:
                if full >= 0 or pooled >= 2:
                    h, h_v = full, fv
                else:
                    v *= 0.5  # one heart of the two
            if v > bv:
                bv = v
                best = inst
                best_healer, best_hv = h, h_v
    if best >= 0 and bv >= w[W_HEAL_MIN] and bv >= best_hv:
        out[0] = A_HEAL
        out[1] = best_healer
        out[2] = best
        return True
    return False


@kernel
def spend_leaving_card(s, c, p, out):
    """10. The main phase would end: spend the card whose use gains the most over what spending
    it costs (`use_gain`), if anything. A card in play, or in hand and not kept, goes to the
    discard pile at upkeep anyway: its Discard use costs nothing. The equipped Cloth (it stays)
    and a kept card cost their value. A Wound or Freeze use takes the card out of the draws until healed,
    its VP kept: it costs what the card brings when drawn above the deck's mean card, whose draws
    it leaves to the others; a Destroy use takes it for good: it costs what the card is worth
    above the deck's mean card. The main phase then goes on: what the use brought (cards
    drawn, a new field card, a cheaper Cloth) may start a fight. A card is spent so at most once a
    turn: a use that takes its own card back (from the discard pile) is not repeated. First, a
    board technique not yet used this turn (`best_technique`)."""
    w = s.mind.weights[p]
    if techniques_open(s, p) and best_technique(s, c, p, decision_lead(s, c, p), out, False):
        return
    if s.zone_n[p, E.Z_RELICS] > 0 and start_relic_fight(s, c, p, decision_lead(s, c, p), out):
        return
    if s.zone_n[E.COMMON, E.Z_PILLAR_ROW] > 0 and start_pillar_fight(s, c, p, decision_lead(s, c, p), 0.0, out):
        return
    if s.g[G_HADES] and start_hades_fight(s, c, p, decision_lead(s, c, p), 0.0, out):
        return
    if s.g[G_DUEL] and start_house_fight(s, c, p, decision_lead(s, c, p), 0.0, out):
        return
    if s.g[G_OPEN_SEAT] == p + 1 and start_open_fight(s, c, p, decision_lead(s, c, p), 0.0, out):
        return
    if s.g[G_RELICS_ON] and start_win_back(s, c, p, decision_lead(s, c, p), 0.0, out):
        return
    if w[W_SPEND] <= 0:
        return
    lead = decision_lead(s, c, p)
    best = -1
    best_net = 0.0
    mean = -1e18  # the deck's mean card value, once needed
    play_mean = -1e18  # and without the VP, once needed
    keep_bar = -1e18  # what a hand card must be worth to be kept, once needed
    for zone in (E.Z_PLAY, E.Z_HAND, E.Z_CLOTH):
        for i in range(s.zone_n[p, zone]):
            inst = s.zone[p, zone, i]
            k = c.inst_card[inst]
            ut = c.use_trig[k]
            if ut < 0 or c.use_kind[k] != E.USE_PLAIN or s.mind.spent_turn[inst] == s.g[G_TURN] \
                    or not can_use(s, c, p, inst, ut) or not willing_to_pay(s, c, p, inst, ut):
                continue
            worth = card_value(s, c, p, inst, lead)
            if ut == E.T_DISCARD_USE:
                if zone == E.Z_HAND and keep_bar == -1e18:
                    keep_bar = w[W_KEEP] + draw_mean_value(s, c, p, lead)
                stays = zone == E.Z_CLOTH or (zone == E.Z_HAND and worth >= keep_bar)
                cost = worth if stays else 0.0
            elif ut == E.T_WOUND_USE or ut == E.T_FREEZE_USE:  # out of the draws until healed, its VP kept
                if play_mean == -1e18:
                    play_mean = mean_play_value(s, c, p, PLAYING_DECK)
                cost = max(play_value(s, c, p, inst) - play_mean, 0.0)
            else:
                if mean == -1e18:
                    mean = mean_value(s, c, p, p, lead, PLAYING_DECK)
                cost = max(worth - mean, 0.0)
            if plays_cards(c, k, ut):  # Gamma, Delta: what the cards played win now, its own cost counted
                net = play_use_net(s, c, p, inst, ut, lead)
            else:
                net = use_gain(s, c, p, inst, ut) - cost
            if net > best_net:
                best_net = net
                best = inst
    if best >= 0:
        s.mind.spent_turn[best] = s.g[G_TURN]
        out[0] = A_USE
        out[1] = best
        out[2] = c.use_trig[c.inst_card[best]]


@kernel
def freeze_now(s, c, p, inst, trig, lead):
    """Step 5: make inst's Freeze use now? A use that plays cards (Gamma, Delta Robes) when what they
    win now beats what it costs (`play_use_net`); another when what it gains now (`freeze_gain`)
    beats the card's own fight value."""
    w = s.mind.weights[p]
    k = c.inst_card[inst]
    if plays_cards(c, k, trig):
        return can_use(s, c, p, inst, trig) and play_use_net(s, c, p, inst, trig, lead) > 0.0
    return freeze_gain(s, c, p, inst, trig) > w[W_USE] * (w[W_STRENGTH] * c.strength[k] + w[W_COSMOS] * c.cosmos[k])


@kernel
def plays_cards(c, k, trig):
    """Does card k's `trig` program play cards (a `play` step: Gamma, Delta Robes)?"""
    start, n = c.prog[k, trig, 0], c.prog[k, trig, 1]
    for row in range(start, start + n):
        if c.ops[row, E.F_OP] == E.OP_PLAY:
            return True
    return False


@kernel
def play_use_net(s, c, p, inst, trig, lead):
    """What p expects of inst's use that plays cards (Gamma, Delta Robes), net of what it costs. The
    cards played fight now: the best fight p's hand, Cloth and best helper (`hand_reach`) would
    then reach with their expected Strength and Cosmos (`expected_play`) over the best it reaches
    without them (`reachable_best`), both without the card used (it is frozen: the equipped Cloth
    fights no more) and without the hand card a step discards (its least valuable); W_DRAW per
    card their Engagements are expected to draw; for another seat's card, the play value that
    seat loses for its turn. Less what the use costs beyond this turn: frozen, the card leaves the
    draws until healed (its play value above the deck's mean card, as step 10 weighs it)."""
    w = s.mind.weights[p]
    k = c.inst_card[inst]
    start, n = c.prog[k, trig, 0], c.prog[k, trig, 1]
    reach_str, reach_cos = hand_reach(s, c, p)
    lose_str = lose_cos = 0
    if s.inst_zone[inst] == E.Z_CLOTH:
        lose_str, lose_cos = fighter_bound(s, c, inst, p)
    add_str = add_cos = 0.0
    gain = 0.0
    for row in range(start, start + n):
        op = c.ops[row]
        code = op[E.F_OP]
        if code == E.OP_MOVE and op[E.F_WHO] == E.W_SELF and op[E.F_ZONE] == E.Z_HAND and op[E.F_TO] == E.Z_DISCARD:
            x = least_valuable_other(s, c, p, inst, op[E.F_FILTER])
            if x < 0:
                return -1.0  # nothing to discard: nothing played (GEN-22)
            if c.classes[c.inst_card[x]] & E.CLASS_CHARACTER:
                v_str, v_cos = fighter_bound(s, c, x, p)
                lose_str += v_str
                lose_cos += v_cos
        elif code == E.OP_PLAY:
            e_str, e_cos, e_draws, e_harm = expected_play(s, c, p, op, lead)
            m = op[E.F_N]
            add_str += m * e_str
            add_cos += m * e_cos
            gain += m * (w[W_DRAW] * e_draws + e_harm)
    base_str = reach_str - lose_str
    base_cos = reach_cos - lose_cos
    gain += reachable_best(s, c, p, lead, base_str + add_str, base_cos + add_cos) \
        - reachable_best(s, c, p, lead, float(base_str), float(base_cos))  # one compiled version
    leave = max(play_value(s, c, p, inst) - mean_play_value(s, c, p, PLAYING_DECK), 0.0)
    return gain - leave


@kernel
def least_valuable_other(s, c, p, inst, f):
    """p's least valuable hand card other than inst, passing filter f (as a discard picks it); -1 if none."""
    best = -1
    bv = 1e18
    for j in range(s.zone_n[p, E.Z_HAND]):
        x = s.zone[p, E.Z_HAND, j]
        if x != inst and matches(c, x, f):
            v = s.mind.value[p, c.inst_card[x]]
            if v < bv:
                bv = v
                best = x
    return best


@kernel
def expected_play(s, c, p, op, lead):
    """What one card a `play` step of p's is expected to bring, as the mean over the cards it may
    be: (Strength, Cosmos) it adds to a fight (a Character's printed values and the step's bonus;
    a Cloth's, equipped, when none is), the cards its Engagement draws, and for another seat's card
    the play value that seat loses (0 for p's own). The top of p's draw pile is any card of it (of
    its discard pile too, when the step takes more than it holds: reshuffled, GEN-2); an
    opponent's hidden hand any card of its hand and draw pile, the opponent being the one p would
    choose (`choose_player`: the most printed VP, with a card in hand)."""
    q = p
    if op[E.F_WHO] != E.W_SELF:
        q = -1
        best_vp = -100000
        for r in range(s.g[G_NPLAYERS]):
            if r != p and s.zone_n[r, E.Z_HAND] > 0:
                v = printed_vp(s, c, r)
                if v > best_vp:
                    best_vp = v
                    q = r
        if q < 0:
            return 0.0, 0.0, 0.0, 0.0
    cloth_free = s.zone_n[p, E.Z_CLOTH] == 0
    tot_str = tot_cos = tot_draws = tot_harm = 0.0
    m = 0
    for z in (E.Z_HAND, E.Z_DRAW, E.Z_DISCARD):
        if q == p and z == E.Z_HAND:
            continue
        if z == E.Z_DISCARD and (q != p or s.zone_n[p, E.Z_DRAW] >= op[E.F_N]):
            continue
        for j in range(s.zone_n[q, z]):
            x = s.zone[q, z, j]
            k = c.inst_card[x]
            m += 1
            if c.classes[k] & E.CLASS_CHARACTER or cloth_free:
                bonus = matches(c, x, op[E.F_C]) and (c.classes[k] & E.CLASS_CHARACTER) != 0
                tot_str += c.strength[k] + (op[E.F_A] if bonus else 0)
                tot_cos += c.cosmos[k] + (op[E.F_B] if bonus else 0)
                tot_draws += c.prog_counts[k, E.T_ENGAGEMENT, 0]
            if q != p:
                tot_harm += play_value(s, c, p, x)
    if m == 0:
        return 0.0, 0.0, 0.0, 0.0
    return tot_str / m, tot_cos / m, tot_draws / m, tot_harm / m


@kernel
def reachable_best(s, c, p, lead, r_str, r_cos):
    """The best fight (`card_value` less W_COST per cost point, as step 6 scores it) p would win
    adding r_str Strength or r_cos Cosmos to its fighters in play; 0 if none (nothing acquired).
    Reads the decision's slot notes (`note_slots`)."""
    w = s.mind.weights[p]
    memo = s.mind.slot_memo
    best = 0.0
    for slot in range(E.N_SLOTS):
        t = s.field[slot]
        if t < 0 or acquisition_banned(s, c, t):
            continue
        costs = slot_costs(s, c, p, slot)
        for cur in (COSMOS, STRENGTH):
            cost = costs[cur]
            if cost > 0 and memo[slot, M_TOTAL_STR + cur] + (r_cos if cur == COSMOS else r_str) >= cost:
                best = max(best, card_value(s, c, p, t, lead) - w[W_COST] * cost)
    return best


@kernel
def choose_to_play(s, c, p, out):
    """The cards an effect has p play now, one after the other, as from its hand (Gamma, Delta
    Robes): a Relic is played (ASG-19); a Cloth is equipped when none is and the Ring allows it; a Character is spent for its use when that is worth
    more than its fight (as steps 5 would have it), else it fights where it helps most
    (`to_play_slot`), the one with the best fight first; a card that can do neither heals; else the
    first legal play. (Cards that cannot be played at all the rules discard.)"""
    started = note_slots(s, c, p)
    lead = decision_lead(s, c, p)
    n = s.zone_n[p, E.Z_TO_PLAY]
    for i in range(n):
        x = s.zone[p, E.Z_TO_PLAY, i]
        if c.classes[c.inst_card[x]] & E.CLASS_RELIC:
            out[0] = A_RELIC
            out[1] = x
            return
    if equip_best_cloth(s, c, p, E.Z_TO_PLAY, lead, out):
        return
    best = -1
    best_slot = -1
    best_score = -1e18
    for i in range(n):
        x = s.zone[p, E.Z_TO_PLAY, i]
        k = c.inst_card[x]
        if not c.classes[k] & E.CLASS_CHARACTER:
            continue
        ut = c.use_trig[k]
        if ut >= 0 and c.use_kind[k] == E.USE_PLAIN:
            use_now = s.mind.use_first[p, k] if ut != E.T_FREEZE_USE else freeze_now(s, c, p, x, ut, lead)
            if use_now and can_use(s, c, p, x, ut) and willing_to_pay(s, c, p, x, ut) \
                    and not draws_itself(s, c, p, k, ut):
                out[0] = A_USE
                out[1] = x
                out[2] = ut
                return
        slot, score = to_play_slot(s, c, p, x, lead, started)
        if slot >= 0 and score > best_score:
            best = x
            best_slot = slot
            best_score = score
    if best >= 0:
        out[0] = A_PLAY
        out[1] = best
        out[2] = best_slot
        return
    if not healing_banned(s, c):
        for i in range(n):
            x = s.zone[p, E.Z_TO_PLAY, i]
            if c.heal[c.inst_card[x]] > 0 and not c.classes[c.inst_card[x]] & E.CLASS_CLOTH:
                marked = most_valuable_marked(s, c, p, lead)
                if marked >= 0:
                    out[0] = A_HEAL
                    out[1] = x
                    out[2] = marked
                    return
    if legal_to_play(s, c, p, 0, s.legal) > 0:  # else none can be played: it ends (A_END)
        out[0] = s.legal[0, 0]
        out[1] = s.legal[0, 1]
        out[2] = s.legal[0, 2]


@kernel
def most_valuable_marked(s, c, p, lead):
    """p's most valuable wounded or frozen card, -1 if none."""
    best = -1
    bv = -1e18
    for zone in (E.Z_WOUNDED, E.Z_FROZEN):
        for j in range(s.zone_n[p, zone]):
            x = s.zone[p, zone, j]
            v = card_value(s, c, p, x, lead)
            if v > bv:
                bv = v
                best = x
    return best


@kernel
def to_play_slot(s, c, p, x, lead, started):
    """Where the card to play x fights, and how good that is: the fight it helps win with what p's
    hand, Cloth, best helper (`hand_reach`) and its other cards to play could add, scored as step 6
    scores a fight (a fight already started first), plus W_DRAW per card its Engagement would draw
    there; failing such a fight, the one it brings closest to its cost (it fights there anyway: it
    would be discarded at the end of the turn all the same). A card asking for discards to face it
    (Dolphin) only for a fight won. (-1, _): it can face no card."""
    w = s.mind.weights[p]
    memo = s.mind.slot_memo
    reach_str, reach_cos = hand_reach(s, c, p)
    for i in range(s.zone_n[p, E.Z_TO_PLAY]):
        y = s.zone[p, E.Z_TO_PLAY, i]
        if y != x and c.classes[c.inst_card[y]] & E.CLASS_CHARACTER:
            v_str, v_cos = fighter_bound(s, c, y, p)
            reach_str += v_str
            reach_cos += v_cos
    best_slot = -1
    best = -1e18
    for slot in range(E.N_SLOTS):
        t = s.field[slot]
        if t < 0 or not can_face(s, c, p, x, t):
            continue
        v_str, v_cos = values_against(s, c, x, t, p, aided(s, c, p, t))
        costs = slot_costs(s, c, p, slot)
        won = -1e18
        closest = -1e18
        for cur in (COSMOS, STRENGTH):
            cost = costs[cur]
            if cost <= 0:
                continue
            have = memo[slot, M_TOTAL_STR + cur] + (v_cos if cur == COSMOS else v_str)
            closest = max(closest, min(have / cost, 1.0))
            if have + (reach_cos if cur == COSMOS else reach_str) >= cost and not acquisition_banned(s, c, t):
                bonus = 100.0 if started & (1 << slot) else 0.0  # finish what was started
                won = max(won, card_value(s, c, p, t, lead) - w[W_COST] * cost + bonus)
        if won > -1e18:
            score = won
        elif face_discards_due(s, c, t) > 0:
            continue
        else:
            score = -1000.0 + max(closest, 0.0)
        if c.prog_counts[c.inst_card[x], E.T_ENGAGEMENT, 0] > 0:
            score += w[W_DRAW] * engage_draws(s, c, p, x, t)
        if score > best:
            best = score
            best_slot = slot
    return best_slot, best


@kernel
def equip_best_cloth(s, c, p, zone, lead, out):
    """With the Cloth slot free, equip the best Cloth of p's zone (hand, or cards to play): the
    hero's own Bronze Cloth while it has upgrades to make (`bronze_first`), else the most valuable.
    False if none can be equipped."""
    if s.zone_n[p, E.Z_CLOTH] > 0 or equip_locked(s, c, p):
        return False
    best = -1
    bv = -1e18
    keep_bronze = s.mind.weights[p][W_UPGRADE] > 0 and bronze_first(s, c, p)
    for i in range(s.zone_n[p, zone]):
        inst = s.zone[p, zone, i]
        k = c.inst_card[inst]
        if c.classes[k] & E.CLASS_CLOTH:
            v = card_value(s, c, p, inst, lead)
            if keep_bronze and (c.classes[k] & E.CLASS_BRONZE_CLOTH) and c.hero[k] == s.pl[p, PL_HERO]:
                v += 1e6
            if v > bv:
                bv = v
                best = inst
    if best < 0:
        return False
    out[0] = A_EQUIP
    out[1] = best
    return True


@kernel
def bronze_first(s, c, p):
    """Should p equip its hero's own Bronze Cloth before any other Cloth? When it can upgrade a pair
    in hand now (step 3; another Cloth may take its place after), and with a Knight technique on
    p's board (ASG-5) while the hero has a rank left set aside: the Knight upgrades one copy a
    turn, but only through the equipped Bronze Cloth, and another Armor equipped first stays until
    it fights or is spent. Valued by its card value alone, an Armor (a Gold Cloth's VP and Cosmos,
    a God Robe's) took the slot: a gifted Armor delayed its holder's ◆ Heroes by three rounds."""
    hero = s.pl[p, PL_HERO]
    if upgrade_possible(s, c, p, hero):
        return True
    for i in range(s.zone_n[p, E.Z_BOARD]):
        if c.use_kind[c.inst_card[s.zone[p, E.Z_BOARD, i]]] == E.USE_UPGRADE:
            for m in range(s.zone_n[p, E.Z_SETASIDE]):
                k = c.inst_card[s.zone[p, E.Z_SETASIDE, m]]
                if c.hero[k] == hero and (c.classes[k] & E.CLASS_CHARACTER):
                    return True
            return False
    return False


@kernel
def make_room_for_bronze(s, c, p, lead, out):
    """Step 2, another Armor equipped and the hero's own Bronze Cloth in hand: while the Bronze
    Cloth has upgrades to make (`bronze_first`), free the slot for it: spend the Armor for its
    Discard use (its gain is had, and it goes to the discard pile, not out of the deck), else send
    it into a fight (`armor_fight_slot`). An Armor that had no such use (God Robe Beta; the
    Aquarius Cloth with no wounded Saint) held the slot until a fight wanted it, and the Knight
    waited. False if not."""
    hero = s.pl[p, PL_HERO]
    cl = s.zone[p, E.Z_CLOTH, 0]
    kc = c.inst_card[cl]
    if (c.hero[kc] == hero and (c.classes[kc] & E.CLASS_BRONZE_CLOTH)) or equip_locked(s, c, p):
        return False
    bronze = False
    for i in range(s.zone_n[p, E.Z_HAND]):
        k = c.inst_card[s.zone[p, E.Z_HAND, i]]
        if c.hero[k] == hero and (c.classes[k] & E.CLASS_BRONZE_CLOTH):
            bronze = True
    if not bronze:
        return False
    if not bronze_first(s, c, p):
        return False
    if c.use_trig[kc] == E.T_DISCARD_USE and can_use(s, c, p, cl, E.T_DISCARD_USE):
        out[0] = A_USE
        out[1] = cl
        out[2] = E.T_DISCARD_USE
        return True
    slot = armor_fight_slot(s, c, p, cl, lead)
    if slot < 0:
        return False
    out[0] = A_CLOTH_FIGHT
    out[2] = slot
    return True


@kernel
def armor_fight_slot(s, c, p, cl, lead):
    """The field slot the equipped Armor cl faces to leave the Cloth slot (`make_room_for_bronze`):
    that of the most valuable card whose fight it could help win (what p committed to it, plus
    `hand_reach`, covers a cost), else the last card it can face (its fight is lost, as the
    Armor's use would be); -1 if it can face none."""
    reach_str, reach_cos = hand_reach(s, c, p)
    memo = s.mind.slot_memo
    best = -1
    best_v = -1e18
    for slot in range(E.N_SLOTS):
        t = s.field[slot]
        if t < 0 or not face_cost_payable(s, c, p, t, -1):
            continue
        cost_str, cost_cos = slot_costs(s, c, p, slot)
        if (0 < cost_str <= memo[slot, M_TOTAL_STR] + reach_str) or \
                (0 < cost_cos <= memo[slot, M_TOTAL_COS] + reach_cos):
            v = card_value(s, c, p, t, lead)
        else:
            v = -1e9 + slot
        if v > best_v:
            best_v = v
            best = slot
    return best


@inline_kernel
def techniques_open(s, p):
    """Has p a board of techniques (Asgard), or is there an Epic whose action p may use? Without
    either, `knight_technique` and `best_technique` have nothing to look at: asked first (copied
    into the caller), it spares their calls."""
    return s.zone_n[p, E.Z_BOARD] > 0 or s.g[G_EPIC] > 0


@kernel
def knight_technique(s, c, p, out):
    """A Knight technique (ASG-5) p can use: fill out; False if none."""
    for i in range(s.zone_n[p, E.Z_BOARD]):
        inst = s.zone[p, E.Z_BOARD, i]
        if c.use_kind[c.inst_card[inst]] == E.USE_UPGRADE and can_use(s, c, p, inst, E.T_TECHNIQUE):
            out[0] = A_USE
            out[1] = inst
            out[2] = E.T_TECHNIQUE
            return True
    return False


@kernel
def best_technique(s, c, p, lead, out, for_fights):
    """A board technique whose gain (`program_gain`, a card drawn worth the mean card a draw
    brings) is worth its Energy (as many such draws) and the Cloth it discards: the best such;
    False if none. The fight helpers (+Strength, +Cosmos) are weighed with the fights: while one
    is affordable, `for_fights` keeps this turn's technique for them (until the main phase would
    end)."""
    if for_fights:
        for i in range(s.zone_n[p, E.Z_BOARD]):
            inst = s.zone[p, E.Z_BOARD, i]
            k = c.inst_card[inst]
            if c.use_kind[k] == E.USE_HELPER and (c.classes[k] & E.CLASS_TECHNIQUE) and technique_ready(s, c, p, inst):
                return False
    best = -1
    best_net = 0.0
    draw_v = -1e18
    for i in range(s.zone_n[p, E.Z_BOARD]):
        inst = s.zone[p, E.Z_BOARD, i]
        k = c.inst_card[inst]
        if c.use_kind[k] != E.USE_PLAIN or not can_use(s, c, p, inst, E.T_TECHNIQUE):
            continue
        if draw_v == -1e18:
            draw_v = max(draw_mean_value(s, c, p, lead), 0.0)
        net = program_gain(s, c, p, inst, E.T_TECHNIQUE, draw_v) - c.energy[k] * draw_v \
            - armor_cost(s, c, p, inst, lead)
        if net >= best_net:
            best = inst
            best_net = net
    trig = E.T_TECHNIQUE
    epic = s.g[G_EPIC] - 1  # the current Epic's action, if its costs are ones p would pay (POS-8)
    if epic >= 0 and can_use(s, c, p, epic, E.T_EPIC_ACTION) and epic_costs_accepted(s, c, p, epic):
        if draw_v == -1e18:
            draw_v = max(draw_mean_value(s, c, p, lead), 0.0)
        net = program_gain(s, c, p, epic, E.T_EPIC_ACTION, draw_v)
        if net > best_net:
            best = epic
            trig = E.T_EPIC_ACTION
    if best < 0:
        return False
    out[0] = A_USE
    out[1] = best
    out[2] = trig
    return True


@kernel
def wound_cut_worth(s, c, p, out):
    """A field card whose Strength cost p may buy down by wounding a Character of its hand (Baian's
    `wound_cut`): worth it when p's hand cannot reach the cost but reaches it less the cut, and the
    Character is one p would pay with (`decide_pay`). Fills out; False if none."""
    reach_str, _ = hand_reach(s, c, p)
    buf = s.scratch
    for slot in range(E.N_SLOTS):
        t = s.field[slot]
        if t < 0 or not wound_cut_open(s, c, p, t):
            continue
        row = program_op(c, t, E.T_COST, E.OP_WOUND_CUT)
        cost = effective_cost(s, c, t, STRENGTH, p)
        if cost <= 0 or reach_str >= cost or reach_str < cost - c.ops[row, E.F_A]:
            continue
        if decide_pay(s, c, p, buf, cards_matching(s, c, p, E.Z_HAND, c.ops[row, E.F_FILTER], buf), 1):
            out[0] = A_USE
            out[1] = t
            out[2] = E.T_COST
            return True
    return False


@kernel
def epic_costs_accepted(s, c, p, epic):
    """Would p pay each cost of the Epic's action that applies now (its hand cards, `decide_pay`)?"""
    k = c.inst_card[epic]
    start, n = c.prog[k, E.T_EPIC_ACTION, 0], c.prog[k, E.T_EPIC_ACTION, 1]
    buf = s.scratch
    for row in range(start, start + n):
        op = c.ops[row]
        if not op[E.F_FLAGS] & E.OPF_PAY or not cond_holds(s, c, op[E.F_COND], epic, -1, p):
            continue
        m = cards_matching(s, c, p, E.Z_HAND, op[E.F_FILTER], buf)
        if m < op[E.F_N] or not decide_pay(s, c, p, buf, m, op[E.F_N]):
            return False
    return True


@kernel
def armor_cost(s, c, p, inst, lead):
    """What a technique's Cloth discard costs p: its least valuable Cloth (in hand or equipped)."""
    k = c.inst_card[inst]
    start, n = c.prog[k, E.T_TECHNIQUE, 0], c.prog[k, E.T_TECHNIQUE, 1]
    for row in range(start, start + n):
        if c.ops[row, E.F_OP] == E.OP_MOVE and c.ops[row, E.F_ZONE] == E.Z_SRC_ARMOR:
            cheapest = 1e18
            for j in range(s.zone_n[p, E.Z_HAND]):
                x = s.zone[p, E.Z_HAND, j]
                if c.classes[c.inst_card[x]] & E.CLASS_CLOTH:
                    cheapest = min(cheapest, card_value(s, c, p, x, lead))
            if s.zone_n[p, E.Z_CLOTH] > 0:
                cheapest = min(cheapest, card_value(s, c, p, s.zone[p, E.Z_CLOTH, 0], lead))
            return cheapest if cheapest < 1e18 else 0.0
    return 0.0


@kernel
def use_gain(s, c, p, inst, trig):
    """`program_gain` with W_SPEND for each card drawn and each other step."""
    return program_gain(s, c, p, inst, trig, s.mind.weights[p, W_SPEND])


@kernel
def program_gain(s, c, p, inst, trig, w):
    """What p's policy expects of inst's use program, its price (a paid step) aside: the value of
    the best card an acquisition would take; for a step on a zone p can see that is not in its
    draws (an opponent's open zones, its own marked, destroyed or set-aside cards), the value of
    the card it would move (all of them: their sum), what that opponent loses or p gets back; for
    a card of its discard pile taken into its hand, `discard_pick_gain`; and w for each card
    drawn and each other step. A step p can see would do nothing (no card to draw, none of the
    kind to move) gains nothing; an opponent's hand and draw pile are hidden, so a step on them
    counts w. An acquisition of every such field card gains them all; a draw by the opponents a
    step hurts (Alberich) gains nothing."""
    k = c.inst_card[inst]
    start, n = c.prog[k, trig, 0], c.prog[k, trig, 1]
    lead = decision_lead(s, c, p)
    gain = 0.0
    scope = E.W_SELF
    for row in range(start, start + n):
        op = c.ops[row]
        code = op[E.F_OP]
        zone = op[E.F_ZONE]
        if op[E.F_WHO] != E.W_THAT_PLAYER:
            scope = op[E.F_WHO]
        if op[E.F_FLAGS] & E.OPF_PAY or code == E.OP_SHUFFLE or code == E.OP_FIELD_REFILL:
            continue  # a price, or the end of the step before
        if code == E.OP_ACQUIRE:
            best = 0.0
            for slot in range(E.N_SLOTS):
                t = s.field[slot]
                if t >= 0 and matches(c, t, op[E.F_FILTER]):
                    v = card_value(s, c, p, t, lead)
                    best = best + v if op[E.F_N] == E.N_ALL else max(best, v)
            gain += best
        elif (code == E.OP_DRAW or code == E.OP_COSMOS_DRAW) and (
                scope == E.W_EACH_OPPONENT or scope == E.W_CHOSEN_OPPONENT):
            continue
        elif code == E.OP_DRAW or code == E.OP_COSMOS_DRAW:
            if s.zone_n[p, E.Z_DRAW] + s.zone_n[p, E.Z_DISCARD] > 0:
                gain += w * (op[E.F_N] if op[E.F_N] > 0 else 1)
        elif code == E.OP_MOVE and op[E.F_WHO] == E.W_SELF and zone == E.Z_DISCARD and op[E.F_TO] == E.Z_HAND:
            gain += discard_pick_gain(s, c, p, op, lead)
        elif code == E.OP_MOVE and zone < E.N_PLAYER_ZONES and zone != E.Z_HAND and zone != E.Z_DRAW and (
                op[E.F_WHO] != E.W_SELF or zone == E.Z_WOUNDED or zone == E.Z_FROZEN or zone == E.Z_DESTROYED
                or zone == E.Z_SETASIDE):
            gain += open_cards_value(s, c, p, op, lead)
        else:
            gain += w
    return gain


@kernel
def freeze_gain(s, c, p, inst, trig):
    """What p's policy expects of inst's Freeze use now, step by step (its price aside): an
    acquisition, the cards of a zone p can see and a card of its discard pile into its hand as in
    `use_gain`; W_DRAW per card p draws (none for a draw by the opponents a step hurts); a step on
    the opponents' hidden hands, the cards it is expected to take (`hidden_hand_value`); W_EFFECT
    for any other step."""
    w = s.mind.weights[p]
    k = c.inst_card[inst]
    start, n = c.prog[k, trig, 0], c.prog[k, trig, 1]
    lead = decision_lead(s, c, p)
    gain = 0.0
    scope = E.W_SELF
    for row in range(start, start + n):
        op = c.ops[row]
        code = op[E.F_OP]
        zone = op[E.F_ZONE]
        if op[E.F_WHO] != E.W_THAT_PLAYER:
            scope = op[E.F_WHO]
        opponents = scope == E.W_EACH_OPPONENT or scope == E.W_CHOSEN_OPPONENT
        if op[E.F_FLAGS] & E.OPF_PAY or code == E.OP_SHUFFLE or code == E.OP_FIELD_REFILL:
            continue
        if code == E.OP_DRAW or code == E.OP_COSMOS_DRAW:
            if not opponents and s.zone_n[p, E.Z_DRAW] + s.zone_n[p, E.Z_DISCARD] > 0:
                gain += w[W_DRAW] * (op[E.F_N] if op[E.F_N] > 0 else 1)
        elif code == E.OP_MOVE and opponents and zone == E.Z_HAND:
            gain += hidden_hand_value(s, c, p, op, lead)
        elif code == E.OP_ACQUIRE or (code == E.OP_MOVE and zone < E.N_PLAYER_ZONES and zone != E.Z_HAND
                                      and zone != E.Z_DRAW):
            gain += use_gain_step(s, c, p, op, lead, w[W_EFFECT])
        else:
            gain += w[W_EFFECT]
    return gain


@kernel
def use_gain_step(s, c, p, op, lead, other):
    """`use_gain`'s value of one acquisition or move step on a zone p can see (`other` for a move
    it does not value so)."""
    code = op[E.F_OP]
    zone = op[E.F_ZONE]
    if code == E.OP_ACQUIRE:
        best = 0.0
        for slot in range(E.N_SLOTS):
            t = s.field[slot]
            if t >= 0 and matches(c, t, op[E.F_FILTER]):
                v = card_value(s, c, p, t, lead)
                best = best + v if op[E.F_N] == E.N_ALL else max(best, v)
        return best
    if op[E.F_WHO] == E.W_SELF and zone == E.Z_DISCARD and op[E.F_TO] == E.Z_HAND:
        return discard_pick_gain(s, c, p, op, lead)
    if op[E.F_WHO] != E.W_SELF or zone == E.Z_WOUNDED or zone == E.Z_FROZEN or zone == E.Z_DESTROYED \
            or zone == E.Z_SETASIDE:
        return open_cards_value(s, c, p, op, lead)
    return other


@kernel
def hidden_hand_value(s, c, p, op, lead):
    """The value of the cards a move `op` is expected to take from an opponent's hidden hand: the
    hand is dealt from their hand and draw pile together, whose cards are public (every card enters
    a deck in the open): the matching cards' values times the hand's share of those cards (for n =
    "all"; else at most n cards at their mean value). The opponent it hurts most."""
    best = 0.0
    for q in range(s.g[G_NPLAYERS]):
        nh = s.zone_n[q, E.Z_HAND]
        if q == p or nh == 0:
            continue
        total = 0.0
        m = 0
        for z in (E.Z_HAND, E.Z_DRAW):
            for j in range(s.zone_n[q, z]):
                x = s.zone[q, z, j]
                if matches(c, x, op[E.F_FILTER]):
                    total += card_value(s, c, p, x, lead)
                    m += 1
        if m == 0:
            continue
        share = nh / (nh + s.zone_n[q, E.Z_DRAW])
        v = total * share if op[E.F_N] < 0 else min(float(op[E.F_N]), m * share) * total / m
        best = max(best, v)
    return best


@kernel
def discard_pick_gain(s, c, p, op, lead):
    """What p gains taking a card of its discard pile into its hand (move `op`): a Cloth, when none
    is equipped, is equipped for good (the best such card's value); another card is a draw
    (W_SPEND); a Cloth beside the equipped one could only be held: nothing."""
    best_cloth = 0.0
    other = False
    for j in range(s.zone_n[p, E.Z_DISCARD]):
        x = s.zone[p, E.Z_DISCARD, j]
        if matches(c, x, op[E.F_FILTER]):
            if not c.classes[c.inst_card[x]] & E.CLASS_CLOTH:
                other = True
            elif s.zone_n[p, E.Z_CLOTH] == 0:
                best_cloth = max(best_cloth, card_value(s, c, p, x, lead))
    return max(best_cloth, s.mind.weights[p, W_SPEND] if other else 0.0)


@kernel
def open_cards_value(s, c, p, op, lead):
    """The value of the cards a move `op` would take from a zone p can see: p's own (who: self),
    else the opponent's it hurts most; the best card, or the sum of all when it moves them all."""
    best = 0.0
    for q in range(s.g[G_NPLAYERS]):
        if (q == p) != (op[E.F_WHO] == E.W_SELF):
            continue
        total = 0.0
        for j in range(s.zone_n[q, op[E.F_ZONE]]):
            x = s.zone[q, op[E.F_ZONE], j]
            if matches(c, x, op[E.F_FILTER]):
                v = card_value(s, c, p, x, lead)
                total = total + v if op[E.F_N] == E.N_ALL else max(total, v)
        best = max(best, total)
    return best


@kernel
def draws_itself(s, c, p, k, trig):
    """Would card k's use draw only itself back? (a draw use with no other card in the draw and
    discard piles: the card is discarded, reshuffled and drawn again)"""
    return c.prog_counts[k, trig, 0] > 0 and s.zone_n[p, E.Z_DRAW] + s.zone_n[p, E.Z_DISCARD] == 0


@kernel
def option_loss(s, c, p, op, buf, n, lead, mean, play_mean):
    """What p loses if the move `op` takes its picks among its own cards buf[:n] (the least
    valuable, or the best when they come to it): a card leaving its hand loses its `play_value`
    now; frozen or wounded, it leaves the draws too (its `play_value` above the deck's mean,
    `play_mean`, its VP kept); destroyed, its value above the deck's mean (`mean`), or its VP from
    the marked area (already out of the draws); a discard loses no more. Negative: a gain (a card
    into its hand, a worse card out of its draws)."""
    src = op[E.F_ZONE]
    dst = op[E.F_TO]
    want = n if op[E.F_N] < 0 else min(op[E.F_N], n)
    gain = dst == E.Z_HAND or dst == E.Z_DST_DRAW_TOP or dst == E.Z_CLOTH
    pick_cards(s, c, p, buf, n, want, gain)
    marked = src == E.Z_WOUNDED or src == E.Z_FROZEN or src == E.Z_SRC_MARKED
    loss = 0.0
    for j in range(want):
        x = buf[j]
        v = card_value(s, c, p, x, lead)
        if gain:
            loss -= v
            continue
        pv = play_value(s, c, p, x)
        if src == E.Z_HAND:
            loss += pv
        if dst == E.Z_DESTROYED:
            loss += v - pv if marked else v - mean
        elif (dst == E.Z_FROZEN or dst == E.Z_WOUNDED) and not marked:
            loss += pv - play_mean
    return loss


@kernel
def choose_option(s, c, p, op_a, op_b, buf, n_a, n_b):
    """"X or Y" (ASG-21) on p's own cards, both possible: the option that loses p the least
    (`option_loss`), X on a tie. A Relic's use it chose (Balmung): the option holding its aim."""
    if s.g[G_RELICS_ON] and s.mind.relic_aim[p] >= 0:
        for j in range(n_a + n_b):
            if buf[j] == s.mind.relic_aim[p]:
                return 0 if j < n_a else 1
    lead = decision_lead(s, c, p)
    mean = mean_value(s, c, p, p, lead, PLAYING_DECK)
    play_mean = mean_play_value(s, c, p, PLAYING_DECK)
    loss_a = option_loss(s, c, p, op_a, buf[:n_a], n_a, lead, mean, play_mean)
    loss_b = option_loss(s, c, p, op_b, buf[n_a:n_a + n_b], n_b, lead, mean, play_mean)
    return 0 if loss_a <= loss_b else 1


@kernel
def choose_count(s, c, chooser, buf, n_cand, best_first):
    """"Any number" of the candidates (Mime: discard any number of cards, then draw as many and
    one more): all when the chooser gains by them; else those worth less than the mean card a draw
    brings (`draw_mean_value`), least valuable first."""
    if best_first:
        return n_cand
    lead = decision_lead(s, c, chooser)
    pick_cards(s, c, chooser, buf, n_cand, n_cand - 1, False)  # sorted, least valuable first
    bar = draw_mean_value(s, c, chooser, lead)
    k = 0
    while k < n_cand and card_value(s, c, chooser, buf[k], lead) < bar:
        k += 1
    if s.g[G_MOVE_DST] == E.Z_GRAAD:  # Graad cards: never fewer than the end asks to stay in (POS-7)
        k = max(k, min(n_cand, graad_needed(s, c) - s.zone_n[chooser, E.Z_GRAAD]))
    return k


@kernel
def graad_needed(s, c):
    """The Graad cards a player needs not to be eliminated at the current Epic's end (`graad_end`)."""
    if s.g[G_EPIC] == 0:
        return 0
    k = c.inst_card[s.g[G_EPIC] - 1]
    start, n = c.prog[k, E.T_EPIC_END, 0], c.prog[k, E.T_EPIC_END, 1]
    for i in range(start, start + n):
        if c.ops[i, E.F_OP] == E.OP_GRAAD_END:
            return c.ops[i, E.F_A]
    return 0


@kernel
def choose_buff_target(s, c, p, f):
    """Taurus/Leo Cloth: the matching fighter in the fight closest to being won."""
    best = -1
    best_gap = 1 << 30
    for k in range(s.zone_n[p, E.Z_PLAY]):
        inst = s.zone[p, E.Z_PLAY, k]
        t = s.inst_facing[inst]
        if t < 0 or not matches(c, inst, f):
            continue
        gap = effective_cost(s, c, t, STRENGTH, p) - fight_total(s, c, t, STRENGTH, p)
        if best < 0 or (gap > 0 and gap < best_gap):
            best = inst
            best_gap = gap if gap > 0 else best_gap
    return best


@kernel
def prepare(s, c, p, weights, entry):
    """A game starts: seat p plays the run's policy `entry` with these weights."""
    m = s.mind
    m.weights[p, :] = weights
    if m.values_for[p] != entry:  # else the seat's values are those of the last game
        init_values(s, c, p)
        m.values_for[p] = entry


@kernel
def started_fight(s, p, t):
    for k in range(s.zone_n[p, E.Z_PLAY]):
        if s.inst_facing[s.zone[p, E.Z_PLAY, k]] == t:
            return True
    return False


@kernel
def choose_cost_cut(s, c, p, buf, n_cand):
    """Capella, Cassios: which of the field cards buf[:n_cand] gets the cut (its index): the card p
    already fights, else the one it values most."""
    for j in range(n_cand):
        if started_fight(s, p, buf[j]):
            return j
    pick_cards(s, c, p, buf, n_cand, 1, True)
    return 0


@kernel
def removal_score(s, c, p, t, lead):
    """How much p gains by taking the field card t away until the next refill: what it is worth
    to whoever buys it first (p's values stand for theirs), more if the active opponent has
    started that fight, nothing if p has (on its own turn p keeps what it fights for)."""
    if started_fight(s, p, t):
        return -1e9
    v = card_value(s, c, p, t, lead)
    active = s.g[G_ACTIVE]
    if active != p and started_fight(s, active, t):
        v += 1e6
    return v


@kernel
def choose_field_removal(s, c, p, buf, n_cand, n, refilled):
    """Field cards p removes. Refilled at once (Gigas): its least valuable, for a card from the
    reserve in its place. Else the slots stay empty until an upkeep: the cards `removal_score`
    says it gains most by taking away."""
    if refilled:
        pick_cards(s, c, p, buf, n_cand, n, False)
        return
    lead = decision_lead(s, c, p)
    for i in range(n):
        best = i
        best_score = removal_score(s, c, p, buf[i], lead)
        for j in range(i + 1, n_cand):
            score = removal_score(s, c, p, buf[j], lead)
            if score > best_score:
                best = j
                best_score = score
        tmp = buf[i]
        buf[i] = buf[best]
        buf[best] = tmp


@kernel
def choose_turn_order(s, c, p, order):
    """Co-op (COOP-3): the players most teammates can give to (at their pile or a neighbouring one)
    play last, so that the cards the others give away (`coop_gift`) reach them; among as many, the
    weakest hand first and the strongest last. A hand's strength: what it reaches in a fight
    (`hand_reach`), both currencies; ties in seat order."""
    n = s.g[G_POSEIDON] - 1
    reach = s.mind.reach
    last = np.empty(n, np.int64)  # the larger, the later q plays
    for q in range(n):
        reach[R_KNOWN] = 0
        reach_str, reach_cos = hand_reach(s, c, q)
        givers = 0
        for r in range(n):
            gap = (s.pl[q, PL_MARKER] - s.pl[r, PL_MARKER]) % N_PILES
            if r != q and (gap == 0 or gap == 1 or gap == N_PILES - 1):
                givers += 1
        last[q] = givers * 10000 + reach_str + reach_cos
        order[q] = q
    reach[R_KNOWN] = 0
    for i in range(1, n):  # a stable insertion sort
        q = order[i]
        j = i - 1
        while j >= 0 and last[order[j]] > last[q]:
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = q
