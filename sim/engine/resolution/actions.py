"""Resolution: the player actions of the main phase, acquisitions, and the pending stack.

Fight sequence (hades.txt, GEN-3.1): the acquired card is pending while its Defeated effect
resolves (GEN-18: also when acquired by an effect), then its Flame fires, then it is placed (hand
if won by Cosmos, else the discard pile), then the cards used in the fight are discarded.
"""
from sim.engine.jit import inline_kernel, kernel

from sim.engine import enums as E
from sim.engine.resolution.effects import destroy_or_discard, run_program
from sim.engine.rules.board import mark_board_use
from sim.engine.rules.epics import goes_to_reserve, mark_epic_use, replace_epic
from sim.engine.rules.cloth_exchange import exchange_armors
from sim.engine.rules.field import (detach_fighters, place_sapphire, push_pending, refill_step, remove_flames,
                                    return_to_reserve)
from sim.engine.rules.fight import (COSMOS, STRENGTH, acquisition_banned, can_acquire, checked_acquisition, count_character_fighters, face_cost_payable, face_discards_due, field_rules,
                                    healing_banned, printed_heal, relic_won)
from sim.engine.policies.interface import decide_may, pick_cards
from sim.engine.params import R_COOP_FOLLOW_MARKER, R_HADES_TALENT_KEEPS_VALUE
from sim.engine.rules.coop import N_PILES, faced_target, general_defeated, give, giftable, is_last_general, may_face, may_receive, reveal_for
from sim.engine.rules.senses import fight_costs_a_sense, lose_sense, spend_sense
from sim.engine.rules.trials import ability_open, claim, claimable, sense_reward_open, spend_ability
from sim.engine.rules.underworld import (annihilation_souls, annihilation_won, free_shackle_card, gain_souls, gate_card_shackles, grade_tokens,
                                         may_place, place_with_souls, shackle_won)
from sim.engine.rules.pillars import arm_hero, can_arm, destroy_pillar, general_acquired, pillar_won
from sim.engine.rules.houses import house_won, meet_condition, take_house
from sim.engine.rules.invariants import V_CHECKED, violation
from sim.engine.rules.legal import (A_ACQUIRE, A_CLOTH_FIGHT, A_DESTROY_HERO, A_END, A_EQUIP, A_GIFT, A_HEAL, A_MOVE, A_PLACE, A_PLAY, A_RELIC, A_SENSE, A_TALENT, A_USE,
                                    A_WEAPON, can_face, may_destroy_hero, pays_talent, sense_allowed,
                                    COUNT_ONLY, can_use, legal_to_play, open_won, use_trigger, won_back)
from sim.engine.state import (G_CHECK, G_DUEL, G_HADES, G_IN_MAIN, G_TRIALS_ON, G_POSEIDON, IF_LAST_GENERAL, PL_MARKER, G_ACTIVE, G_EPIC, G_EPIC_RULES, G_FLAMES_DUE, G_OPEN_SEAT, G_OPEN_TARGET, G_SPENT_TOKENS, G_EFFECTS_RUN, G_FIELD_CHANGES, G_HEAL_HEARTS, G_HILDA, G_ILLEGAL, G_LENT,
                              G_FREEZES_ON, G_NMARKS, G_NPEND, G_NPLAYERS, G_SPARED, G_TURN_MARKS, IF_COSMOS_DRAW, IF_CUT_PAID, IF_FACE_PAID, IF_TALENT_PAID, P_ACQUIRE,
                              P_ACQUIRE_TURNS, P_ARRIVAL, P_EPIC_ARRIVAL, P_EPIC_END, P_EPIC_NEXT, P_EXIT, P_PROGRAM, P_SHACKLE, P_TRIAL, P_FINISH_ACQUIRE, P_REFILL, PL_FIELD_WINS, PL_VP_TOKENS, PL_WON_FIGHTS)
from sim.engine.rules.zones import (cards_matching, discard_fighters, draw_cards, equip_locked, field_slot, fight_target,
                                    gain_energy, program_op, trial_event, zone_remove,
                                    freeze_fellow_fighters, hold,
                                    is_marked_zone, log_event, matches, move_to, place_token, relic_lock, zone_push)


@kernel
def acquire_field_card(s, c, inst, p, how, no_effects, into):
    """p acquires the field card inst (won by `how`, or by an effect: `into` says where it goes,
    E.INTO_*). The card is pending while its Defeated effect resolves completely (what it causes
    too); `finish_acquisition` follows."""
    slot = field_slot(s, inst)
    if slot < 0:
        return
    if is_last_general(s, inst):  # co-op: defeated, not won (COOP-5)
        s.inst_flags[inst] |= IF_LAST_GENERAL
    s.field[slot] = -1
    s.g[G_FIELD_CHANGES] += 1
    zone_push(s, E.COMMON, E.Z_PENDING, inst)  # pending: in no play zone while Defeated resolves
    if how == E.ACQ_EFFECT:
        detach_fighters(s, inst)  # GEN-18: "the cards used to fight him" are none
    log_event(s, c, E.EV_ACQUIRE, p, inst, how, slot)
    push_pending(s, P_FINISH_ACQUIRE, inst, p, how, into)
    if not no_effects:
        run_program(s, c, E.T_DEFEATED, inst, p, -1, slot)


@kernel
def finish_acquisition(s, c, inst, p, how, into):
    """After Defeated: the Flame fires, the card is placed, the fighters are discarded (GEN-3.1). A
    pile's last General (co-op) goes to the Abysses instead and its Pillar is revealed (COOP-5)."""
    k = c.inst_card[inst]
    if s.inst_flags[inst] & IF_LAST_GENERAL:
        s.inst_flags[inst] &= ~IF_LAST_GENERAL
        general_defeated(s, c, inst, p)
        discard_fighters(s, c, p, inst)
        return
    if c.icons[k] & E.ICON_FLAME:
        remove_flames(s, c, 1, E.FLAME_ACQUIRED, inst, p)
    place_sapphire(s, c, inst, p, True)  # Defeated, then Flame, then Sapphire (GEN-4)
    if s.g[G_HADES] and how == E.ACQ_STRENGTH and c.classes[k] & E.CLASS_CHARACTER and fight_costs_a_sense(s, True):
        lose_sense(s, c, p)  # HAD-7, once the Defeated effect resolved
    if s.g[G_TRIALS_ON]:
        acquisition_events(s, c, inst, p, how)
    if s.inst_row[inst] == E.COMMON and s.inst_zone[inst] == E.Z_PENDING:
        if how == E.ACQ_COSMOS or into == E.INTO_HAND:
            move_to(s, inst, p, E.Z_HAND)
            hold(s, c, p, inst)
        elif into == E.INTO_FROZEN or field_rules(s, c) & E.FIELD_BIT[E.OP_ACQUIRED_FROZEN]:  # Poseidon's Scale (POS-22)
            place_token(s, c, inst, p, E.Z_FROZEN)
            log_event(s, c, E.EV_FREEZE, p, inst, E.Z_BATTLEFIELD, 0)
        else:
            move_to(s, inst, p, E.Z_DISCARD)
    exchange_armors(s, c, k)  # ASG-18, HAD-15, once the card is placed
    general_acquired(s, c, inst, p)  # a Marina General: a Balance Weapon, its Pillar revealed (POS-10, POS-13)
    # Shun ▲: his Cosmos helped acquire a field Character
    if how == E.ACQ_COSMOS and (c.classes[k] & E.CLASS_CHARACTER):
        for j in range(s.zone_n[p, E.Z_PLAY]):
            f = s.zone[p, E.Z_PLAY, j]
            if s.inst_facing[f] == inst and (s.inst_flags[f] & IF_COSMOS_DRAW) and c.cosmos[c.inst_card[f]] > 0:
                draw_cards(s, c, p, 1)
    if s.g[G_FREEZES_ON]:
        freeze_fellow_fighters(s, c, p, inst)  # Isaak (POS-22)
    j = 0
    while j < s.zone_n[p, E.Z_PLAY]:
        f = s.zone[p, E.Z_PLAY, j]
        if s.inst_facing[f] == inst and s.g[G_LENT] > 0 and s.inst_owner[f] >= 0:
            s.inst_facing[f] = -1  # another seat's card (Delta Robe) stays in play until the end of the turn
            j += 1
        elif s.inst_facing[f] == inst:
            move_to(s, f, p, E.Z_DISCARD)
        else:
            j += 1


@kernel
def acquire_in_turn(s, c, f, p, flags, into):
    """Seat p acquires a field card passing filter f, its pick, and the next seat follows once that
    acquisition (its Defeated too) is over, until no such card is left (Aquarius Hyoga, #9003). It
    ends: each step takes a card off the field for good."""
    buf = s.scratch
    nc = 0
    for k in range(E.N_SLOTS):
        inst = s.field[k]
        if inst >= 0 and matches(c, inst, f) and not acquisition_banned(s, c, inst) and not is_last_general(s, inst):
            buf[nc] = inst
            nc += 1
    if nc == 0:
        return
    push_pending(s, P_ACQUIRE_TURNS, f, (p + 1) % s.g[G_NPLAYERS], flags, into)
    pick_cards(s, c, p, buf, nc, 1, True)
    push_pending(s, P_ACQUIRE, buf[0], p, flags, into)


@inline_kernel
def drain(s, c):
    """Resolve the waiting Marked triggers and the pending events, each completely (GEN-3). Copied
    into its callers: most actions leave nothing pending."""
    if s.g[G_NPEND] > 0 or s.g[G_NMARKS] > 0 or s.g[G_FLAMES_DUE] > 0:
        resolve_pending(s, c)


@kernel
def fire_next_mark(s, c):
    """The oldest waiting Marked trigger fires: its card's owner runs its Marked program (ASG-15),
    wherever the card is by now (the token was placed)."""
    inst, owner = s.marks[0, 0], s.marks[0, 1]
    n = s.g[G_NMARKS] - 1
    for j in range(n):
        s.marks[j, 0] = s.marks[j + 1, 0]
        s.marks[j, 1] = s.marks[j + 1, 1]
    s.g[G_NMARKS] = n
    if owner != s.g[G_HILDA] - 1:  # solo: Hilda ignores her cards' Marked effects (SOLO-13)
        run_program(s, c, E.T_MARKED, inst, owner, -1, -1)
    if goes_to_reserve(s, c, inst):  # Encerclés: once its Marked effect is over
        to_reserve(s, c, inst, owner)


@kernel
def to_reserve(s, c, inst, p):
    """A marked card an Epic shuffles into the reserve, its tokens removed (Encerclés, POS-9)."""
    log_event(s, c, E.EV_MOVE, s.inst_row[inst], inst, s.inst_zone[inst], E.Z_DST_RESERVE)
    return_to_reserve(s, c, inst, p)


@kernel
def new_epic(s, c, epic):
    """The next Epic after `epic` (-1: none was current); the marked cards it shuffles into the
    reserve go at once."""
    replace_epic(s, c, epic)
    for p in range(E.MAX_SEATS):
        for z in (E.Z_WOUNDED, E.Z_FROZEN):
            j = 0
            while j < s.zone_n[p, z]:
                inst = s.zone[p, z, j]
                if goes_to_reserve(s, c, inst):
                    to_reserve(s, c, inst, s.g[G_ACTIVE])
                else:
                    j += 1


@kernel
def resolve_pending(s, c):
    """Marked triggers first, in the order their tokens were placed (GEN-3.4: a Marked effect
    resolves at once; the interpreter, which never runs a program inside another, runs it as soon
    as the program or action that placed the token is over); then the pending events, last pushed
    first."""
    while s.g[G_NPEND] > 0 or s.g[G_NMARKS] > 0 or s.g[G_FLAMES_DUE] > 0:
        if s.g[G_NMARKS] > 0:
            fire_next_mark(s, c)
            continue
        if s.g[G_FLAMES_DUE] > 0:  # discards an Epic watches (Epuisement d'Athéna, Fonte des glaces)
            due = s.g[G_FLAMES_DUE]
            s.g[G_FLAMES_DUE] = 0
            remove_flames(s, c, due, E.FLAME_TEXT, -1, s.g[G_ACTIVE])
            continue
        n = s.g[G_NPEND] - 1
        kind, a, b, cc, d = s.pend[n, 0], s.pend[n, 1], s.pend[n, 2], s.pend[n, 3], s.pend[n, 4]
        s.g[G_NPEND] = n
        active = s.g[G_ACTIVE]
        if kind == P_REFILL:
            refill_step(s, c, a, active)
        elif kind == P_ARRIVAL:
            if field_slot(s, a) >= 0:
                run_program(s, c, E.T_ARRIVAL, a, active, a, field_slot(s, a))
        elif kind == P_ACQUIRE:
            acquire_field_card(s, c, a, b, E.ACQ_EFFECT, (cc & E.OPF_NO_EFFECTS) != 0, d)
        elif kind == P_ACQUIRE_TURNS:
            acquire_in_turn(s, c, a, b, cc, d)
        elif kind == P_FINISH_ACQUIRE:
            finish_acquisition(s, c, a, b, cc, d)
        elif kind == P_EXIT:
            s.g[G_SPARED] = cc
            run_program(s, c, E.T_EXIT, a, active, -1, -1)
            s.g[G_SPARED] = 0
        elif kind == P_EPIC_END:  # the end-of-Epic effect resolves completely, then the next Epic (POS-3)
            push_pending(s, P_EPIC_NEXT, a, 0, 0, 0)
            run_program(s, c, E.T_EPIC_END, a, active, -1, -1)
        elif kind == P_EPIC_NEXT:
            new_epic(s, c, a)
        elif kind == P_PROGRAM:
            run_program(s, c, b, a, active, -1, -1)
        elif kind == P_SHACKLE:
            gate_card_shackles(s, c, a, b)
        elif kind == P_TRIAL:
            claim_trials(s, c, a, b, cc)
        elif kind == P_EPIC_ARRIVAL:
            if s.g[G_EPIC] > 0:
                run_program(s, c, E.T_CARD_ARRIVAL, s.g[G_EPIC] - 1, active, a, field_slot(s, a))


@kernel
def illegal(s):
    s.g[G_ILLEGAL] += 1
    return False


@inline_kernel
def pay_face_cost(s, c, p, inst, target):
    """Dolphin: discard cards from hand (other than the one played) to fight it. Copied into its
    callers: most field cards ask for nothing."""
    n = face_discards_due(s, c, target)
    if n > 0:
        discard_to_face(s, c, p, inst, target, n)


@kernel
def discard_to_face(s, c, p, inst, target, n):
    """`pay_face_cost` of a card that asks for n cards, not yet paid this turn."""
    s.g[G_EFFECTS_RUN] += 1
    buf = s.scratch
    m = 0
    for j in range(s.zone_n[p, E.Z_HAND]):
        h = s.zone[p, E.Z_HAND, j]
        if h != inst:
            buf[m] = h
            m += 1
    pick_cards(s, c, p, buf, m, n, False)
    for j in range(min(n, m)):
        move_to(s, buf[j], p, E.Z_DISCARD)
        log_event(s, c, E.EV_DISCARD, p, buf[j], E.Z_HAND, 0)
    s.inst_flags[target] |= IF_FACE_PAID
    s.g[G_TURN_MARKS] = 1


@kernel
def win_back(s, c, p, r, cur):
    """p beat r, another player's Relic it may win back: r and the card beneath it go to p's discard
    pile, an acquisition of p's (Athena's Urn, POS-24); the fighters are discarded."""
    under = s.inst_under[r]
    discard_fighters(s, c, p, r)
    move_to(s, r, p, E.Z_DISCARD)  # the card beneath goes with it (`zones.carry_beneath`)
    how = E.ACQ_COSMOS if cur == COSMOS else E.ACQ_STRENGTH
    log_event(s, c, E.EV_ACQUIRE, p, r, how, E.URN_AT)
    if under >= 0:
        log_event(s, c, E.EV_ACQUIRE, p, under, how, E.URN_AT)
    s.pl[p, PL_WON_FIGHTS] += 1


@kernel
def take_open_target(s, c, p, t, cur):
    """p acquires t, the card off the field opened to it, won in `cur`: its tokens are removed and it
    goes to p's discard pile (Strength) or hand (Cosmos); no Defeated, no Flame (POS-23). The
    fighters are discarded."""
    s.g[G_OPEN_TARGET] = s.g[G_OPEN_SEAT] = 0
    s.inst_vp[t] = 0
    discard_fighters(s, c, p, t)
    if cur == COSMOS:
        move_to(s, t, p, E.Z_HAND)
        hold(s, c, p, t)
    else:
        move_to(s, t, p, E.Z_DISCARD)
    log_event(s, c, E.EV_ACQUIRE, p, t, E.ACQ_COSMOS if cur == COSMOS else E.ACQ_STRENGTH, E.OPEN_AT)
    s.pl[p, PL_WON_FIGHTS] += 1


@kernel
def wound_cut(s, c, p, t):
    """p wounds a Character of its hand (the least valuable of the kind `wound_cut` names; its Marked
    fires): the field card t costs so much less Strength this turn (Baian)."""
    row = program_op(c, t, E.T_COST, E.OP_WOUND_CUT)
    buf = s.scratch
    pick_cards(s, c, p, buf, cards_matching(s, c, p, E.Z_HAND, c.ops[row, E.F_FILTER], buf), 1, False)
    place_token(s, c, buf[0], p, E.Z_WOUNDED)
    log_event(s, c, E.EV_WOUND, p, buf[0], E.Z_HAND, 0)
    s.inst_cut_str[t] += c.ops[row, E.F_A]
    s.inst_flags[t] |= IF_CUT_PAID
    s.g[G_TURN_MARKS] = 1
    s.g[G_EFFECTS_RUN] += 1  # a cost paid: a policy's plan is checked again
    log_event(s, c, E.EV_COST_CUT, p, t, c.ops[row, E.F_A], 0)


@kernel
def use_destination(trig):
    """Where a card spent for its use goes: Discard, Wound, Destroy or Freeze (R4, ASG-11)."""
    if trig == E.T_DISCARD_USE:
        return E.Z_DISCARD
    if trig == E.T_WOUND_USE:
        return E.Z_WOUNDED
    if trig == E.T_FREEZE_USE:
        return E.Z_FROZEN
    return E.Z_DESTROYED


@kernel
def heal_with(s, c, p, healer, marked):
    """p heals its marked card (ASG-14) with the hearts of a healer it plays (from hand, or the
    equipped Cloth: ASG-17; it goes to the discard pile) pooled with those its heal action has
    left (healer -1: those alone). A Wound token takes 1 heart, a Freeze token 2 (the first turns
    it to side 1), or 1 once on side 1. The card is healed, to the discard pile, when its token
    goes; a heart short leaves it frozen on side 1. Hearts left over stay for the action's next
    heal and are lost with any other action (`apply_action`)."""
    hearts = s.g[G_HEAL_HEARTS]
    healer_id = 0  # (logged: no card has id 0)
    if healer >= 0:
        hearts += printed_heal(s, c, healer)
        healer_id = c.card_id[c.inst_card[healer]]
        move_to(s, healer, p, E.Z_DISCARD)
    need = s.inst_freeze[marked] if s.inst_zone[marked] == E.Z_FROZEN else 1
    if hearts < need:
        s.inst_freeze[marked] -= hearts
        s.g[G_HEAL_HEARTS] = 0
        log_event(s, c, E.EV_HEAL, p, marked, healer_id, 1)
        return
    s.g[G_HEAL_HEARTS] = hearts - need
    move_to(s, marked, p, E.Z_DISCARD)
    log_event(s, c, E.EV_HEAL, p, marked, healer_id, 0)
    trial_event(s, p, E.EVT_HEAL, marked)


@kernel
def beat_relic(s, c, p, relic):
    """p's fighters beat the Relic of its play area they face (the Ring, R3: with Strength): it
    goes into p's discard pile, to be drawn and played again (ASG-19); not an acquisition, it was
    p's already. Its fighters are discarded, as after a fight."""
    discard_fighters(s, c, p, relic)
    move_to(s, relic, p, E.Z_DISCARD)
    log_event(s, c, E.EV_RELIC_WON, p, relic, 0, 0)


@kernel
def annihilate(s, c, p, space, bonus):
    """HAD-26: p's fighters beat the card on `space`. It is pending while its Annihilated effect
    resolves; then the space's bonus (HAD-6), its Soul gain, the Void, its Grade in Gate tokens
    (HAD-3), and the fighters are discarded. An acquisition that costs no Sense (HAD-7)."""
    t = s.under[space]
    log_event(s, c, E.EV_ANNIHILATE, p, t, space, bonus)
    zone_remove(s, t)
    zone_push(s, E.COMMON, E.Z_PENDING, t)
    run_program(s, c, E.T_ANNIHILATED, t, p, -1, -1)
    drain(s, c)
    if bonus == E.BONUS_SOUL:
        gain_souls(s, c, p, 1)
    elif bonus == E.BONUS_VP:
        s.pl[p, PL_VP_TOKENS] += 1
        log_event(s, c, E.EV_VP_TAKEN, p, t, 1, s.pl[p, PL_VP_TOKENS])
    elif bonus == E.BONUS_ENERGY:
        gain_energy(s, c, p, 1)
    elif bonus == E.BONUS_DRAW:
        draw_cards(s, c, p, 1)
    gain_souls(s, c, p, annihilation_souls(s, c, p, t))
    move_to(s, t, p, E.Z_VOID)
    grade_tokens(s, c, t, space, False, p)
    exchange_armors(s, c, c.inst_card[t])  # HAD-15: an annihilation acquires a Character
    discard_fighters(s, c, p, t)
    s.pl[p, PL_WON_FIGHTS] += 1
    if fight_costs_a_sense(s, False):  # `any_strength_vs_character` (HAD-7)
        lose_sense(s, c, p)
    trial_event(s, p, E.EVT_ANNIHILATE, t)
    if c.grade[c.inst_card[t]] >= 3:
        trial_event(s, p, E.EVT_ANNIHILATE_GRADE_3, t)


@kernel
def acquisition_events(s, c, inst, p, how):
    """The Trials' conditions a field card p acquired may meet (HAD-10): with Cosmos, an Armor, a ◆
    or ★ card, p's second field card of the turn."""
    k = c.inst_card[inst]
    if how == E.ACQ_COSMOS and c.classes[k] & E.CLASS_CHARACTER:
        trial_event(s, p, E.EVT_ACQUIRE_WITH_COSMOS, inst)
    if c.classes[k] & E.CLASS_CLOTH:
        trial_event(s, p, E.EVT_ACQUIRE_ARMOR, inst)
    if c.ranks[k] & E.RANK_UNCOMMON:
        trial_event(s, p, E.EVT_ACQUIRE_UNCOMMON, inst)
    if c.ranks[k] & E.RANK_RARE:
        trial_event(s, p, E.EVT_ACQUIRE_RARE, inst)
    s.pl[p, PL_FIELD_WINS] += 1
    if s.pl[p, PL_FIELD_WINS] == 2:
        trial_event(s, p, E.EVT_ACQUIRE_TWO_FIELD, inst)


@kernel
def claim_trials(s, c, event, p, inst):
    """An event of p's (`zones.trial_event`): p claims each revealed Trial whose condition it meets,
    choosing its reward (`decide_may`: the Awakening, for a Sense?) where both are open (HAD-10)."""
    if event == E.EVT_DESTROY_HERO_IN_HAND and not c.classes[c.inst_card[inst]] & E.CLASS_HERO:
        return
    if s.g[G_DUEL] and s.g[G_IN_MAIN]:
        meet_condition(s, c, p, event)
    j = s.zone_n[E.COMMON, E.Z_TRIALS] - 1
    while j >= 0:
        trial = s.zone[E.COMMON, E.Z_TRIALS, j]
        if claimable(s, c, p, trial, event):
            sense = sense_reward_open(s, p)
            claim(s, c, p, trial, sense and (not ability_open(s, c, p) or decide_may(s, c, p)))
        j -= 1


@inline_kernel
def fightable(s, c, p, at):
    """The card p may fight by the action index `at` (`zones.fight_target`): a field card, a
    Relic of p's play area that asks to be faced, or a revealed Pillar; -1 none. Copied into its
    callers: a field slot outside co-op is the common case, and costs no call."""
    if 0 <= at < E.N_SLOTS and not s.g[G_POSEIDON]:
        return s.field[at]
    return fightable_other(s, c, p, at)


@kernel
def fightable_other(s, c, p, at):
    """`fightable` in co-op, or by an action index other than a field slot."""
    t = fight_target(s, p, at)
    if t >= 0 and E.N_SLOTS <= at < E.PILLAR_AT and relic_lock(c, t) == 0:
        return -1
    if t >= 0 and s.g[G_POSEIDON] and not may_face(s, c, p, t):  # co-op: only at the player's pile (COOP-4)
        return -1
    return t


@kernel
def to_play_action(s, c, p, kind, a):
    """While p has cards to play (Gamma, Delta Robes): is the action the play of one of them? (a
    card taken from the draw pile to be played gains its Warrior bonus only if it faces a card)"""
    if not (kind == A_PLAY or kind == A_EQUIP or kind == A_USE or kind == A_HEAL or kind == A_RELIC) or a < 0:
        return False
    if s.inst_row[a] != p or s.inst_zone[a] != E.Z_TO_PLAY:
        return False
    if kind != A_PLAY:
        s.inst_buff_str[a] = 0
        s.inst_buff_cos[a] = 0
    return True


@kernel
def settle_to_play(s, c, p):
    """p's cards to play, once none of them can be played (no legal play left, or the turn ends):
    each goes where a played card goes at the end of the turn, its own discard pile (another seat's
    card: that seat's, Delta Robe), with no effect and without its bonus (docs/rulings.md)."""
    while s.zone_n[p, E.Z_TO_PLAY] > 0:
        x = s.zone[p, E.Z_TO_PLAY, 0]
        s.inst_buff_str[x] = 0
        s.inst_buff_cos[x] = 0
        move_to(s, x, p, E.Z_DISCARD)
        log_event(s, c, E.EV_DISCARD, s.inst_row[x], x, E.Z_TO_PLAY, 0)


@kernel
def end_of_turn_returns(s, c, p):
    """The end of p's turn: its cards to play left go to its discard pile (`settle_to_play`),
    and every card another seat lent it (Delta Robe) still in its play or equipped goes to its
    owner's discard pile."""
    if s.zone_n[p, E.Z_TO_PLAY] > 0:
        settle_to_play(s, c, p)
    for inst in range(s.inst_owner.shape[0]):
        if s.g[G_LENT] == 0:
            break
        if s.inst_owner[inst] >= 0:
            zone = s.inst_zone[inst]
            move_to(s, inst, p, E.Z_DISCARD)
            log_event(s, c, E.EV_DISCARD, s.inst_row[inst], inst, zone, 0)


@inline_kernel
def move_marker(s, c, p, way):
    """p's Hero marker moves to the next pile (way +1: clockwise, -1: counterclockwise); its top, if
    face down, is revealed at once (COOP-8); p's played cards that face the old pile's card face the
    new pile's, under `coop_played_cards_follow_marker` (COOP-18)."""
    old = faced_target(s, p)
    was = s.pl[p, PL_MARKER]
    s.pl[p, PL_MARKER] = (was + way) % N_PILES
    log_event(s, c, E.EV_MOVE_MARKER, p, -1, was, s.pl[p, PL_MARKER])
    reveal_for(s, c, p)
    drain(s, c)
    new = faced_target(s, p)
    if s.rules[R_COOP_FOLLOW_MARKER] and old >= 0 and new != old:
        for j in range(s.zone_n[p, E.Z_PLAY]):
            x = s.zone[p, E.Z_PLAY, j]
            if s.inst_facing[x] == old:
                s.inst_facing[x] = new


@kernel
def apply_action(s, c, p, kind, a, b):
    """Carry out one main-phase action; False if it ends the main phase (END or illegal). While p
    has cards to play (Gamma, Delta Robes), only their plays are legal, each as from the hand.
    The commonest kinds have kernels of their own, and the others one (`other_action`): on every
    entry, a function zeroes a stack slot for each call it makes, whichever it then makes, and one
    function holding every kind made about 240 such stores per action.
    """
    if kind != A_HEAL:
        s.g[G_HEAL_HEARTS] = 0  # the heal action is over: its hearts left are lost (ASG-14)
    if s.zone_n[p, E.Z_TO_PLAY] > 0 and not to_play_action(s, c, p, kind, a):
        return illegal(s)
    if kind == A_END:
        return False
    if kind == A_PLAY:
        done = play_card(s, c, p, a, b)
    elif kind == A_ACQUIRE and 0 <= a < E.N_SLOTS:
        done = acquire_from_field(s, c, p, a, b)
    elif kind == A_USE and b != E.T_COST and b != E.T_ABILITY and b != E.T_EPIC_ACTION:
        done = use_card(s, c, p, a, b)
    else:
        done = other_action(s, c, p, kind, a, b)
    if not done:
        return illegal(s)
    drain(s, c)
    if s.zone_n[p, E.Z_TO_PLAY] > 0 and legal_to_play(s, c, p, COUNT_ONLY, s.legal) == 0:
        settle_to_play(s, c, p)  # none of the cards to play can be played
    return True


@kernel
def play_card(s, c, p, a, b):
    """A_PLAY: p's card a (in hand) faces the card of slot b; False if illegal."""
    if b < 0 or s.inst_row[a] != p or not in_hand(s, a):
        return False
    t = fightable(s, c, p, b)
    if not can_face(s, c, p, a, t):
        return False
    pay_face_cost(s, c, p, a, t)
    move_to(s, a, p, E.Z_PLAY)
    s.inst_facing[a] = t
    log_event(s, c, E.EV_PLAY, p, a, b, c.card_id[c.inst_card[t]])
    if s.g[G_TRIALS_ON] and count_character_fighters(s, c, p, t) == 3:
        trial_event(s, p, E.EVT_THREE_IN_A_FIGHT, t)
    run_program(s, c, E.T_ENGAGEMENT, a, p, t, b if b < E.N_SLOTS else -1)
    return True


@kernel
def acquire_from_field(s, c, p, a, b):
    """A_ACQUIRE of the field card in slot a, won in currency b; False if illegal."""
    t = fightable(s, c, p, a)
    if t < 0:
        return False
    if checked_acquisition(s, a, b):  # the policy found it legal on this state: checked again only in tests
        if s.g[G_CHECK] and not can_acquire(s, c, t, b, p):
            violation(s, V_CHECKED)
    elif not can_acquire(s, c, t, b, p):
        return False
    acquire_field_card(s, c, t, p, E.ACQ_COSMOS if b == COSMOS else E.ACQ_STRENGTH, False, E.INTO_DISCARD)
    s.pl[p, PL_WON_FIGHTS] += 1
    return True


@kernel
def use_card(s, c, p, a, b):
    """A_USE: p spends its card a for its use program (trigger b); False if illegal."""
    zone = s.inst_zone[a]
    if s.inst_row[a] != p or not (zone == E.Z_HAND or zone == E.Z_PLAY or zone == E.Z_CLOTH
                                  or zone == E.Z_BOARD or zone == E.Z_RELICS or zone == E.Z_TO_PLAY):
        return False
    if use_trigger(c, c.inst_card[a]) != b or not can_use(s, c, p, a, b):
        return False
    # spent from hand, it faces nothing: no Engagement (GEN-21)
    if c.spends_tokens[c.inst_card[a]]:  # its tokens pay for its use, back to the supply (the Trident)
        s.g[G_SPENT_TOKENS] = abs(s.inst_vp[a])
        s.inst_vp[a] = 0
    dest = use_destination(b)
    if dest == E.Z_DESTROYED and s.g[G_EPIC_RULES]:  # Inflexible: a cost the owner may discard instead
        dest = destroy_or_discard(s, c, a, p, False)
    if zone == E.Z_RELICS:
        detach_fighters(s, a)  # a Relic being faced leaves its play area
    if b == E.T_TECHNIQUE:  # a board card stays on the board (ASG-4, ASG-9)
        mark_board_use(s, c, p, a)
    elif is_marked_zone(dest):  # its token pays for the use: its Marked fires too (ASG-11, ASG-15)
        place_token(s, c, a, p, dest)
    else:
        move_to(s, a, p, dest)
    if b != E.T_TECHNIQUE:
        hold(s, c, p, a)  # a Cloth taken by a swap is used without having been in hand
    log_event(s, c, E.EV_USE, p, a, b, 0)
    if b == E.T_DISCARD_USE:
        trial_event(s, p, E.EVT_DISCARD_USE, a)
    run_program(s, c, b, a, p, -1, -1)
    return True


@kernel
def other_action(s, c, p, kind, a, b):
    """`apply_action`'s other kinds (Cloths, heals and the boxes' actions); False if illegal."""
    if kind == A_ACQUIRE and a == E.URN_AT:  # another player's Relic won back (Athena's Urn, POS-24)
        t = fightable(s, c, p, a)
        if t < 0 or not won_back(s, c, t, b, p):
            return False
        win_back(s, c, p, t, b)
    elif kind == A_ACQUIRE and a == E.OPEN_AT:  # the card off the field opened to p (POS-23)
        t = fightable(s, c, p, a)
        if t < 0 or not open_won(s, c, t, b, p):
            return False
        take_open_target(s, c, p, t, b)
    elif kind == A_ACQUIRE and a >= E.SHACKLE_AT:  # a card of p's Shackle pile freed; b = 1: its Souls taken (HAD-17)
        t = fightable(s, c, p, a)
        if t < 0 or not shackle_won(s, c, p, a - E.SHACKLE_AT) or not 0 <= b <= 1:
            return False
        free_shackle_card(s, c, p, t, b == 1)
        if fight_costs_a_sense(s, False):  # `any_strength_vs_character` (HAD-7)
            lose_sense(s, c, p)
    elif kind == A_ACQUIRE and a >= E.UNDER_AT:  # an Underworld card annihilated; b = the space's bonus (HAD-6, HAD-26)
        if not 0 <= b < E.N_BONUSES or not annihilation_won(s, c, p, a - E.UNDER_AT, b):
            return False
        annihilate(s, c, p, a - E.UNDER_AT, b)
    elif kind == A_SENSE:  # Sense number a (0: the 5th), on b: a Character of p's in play, or the marker's move (HAD-9)
        if not sense_allowed(s, c, p, a, b):
            return False
        spend_sense(s, c, p, a, b)
        drain(s, c)
    elif kind == A_PLACE:  # the card of Underworld space a placed onto seat b's Shackle pile with Souls (HAD-27)
        if not 0 <= a < E.UNDER_SPACES or not may_place(s, c, p, a, b):
            return False
        place_with_souls(s, c, p, a, b)
    elif kind == A_ACQUIRE and a == E.HOUSE_AT:  # the revealed House acquired (DUEL-19)
        if b != STRENGTH or not house_won(s, c, p):
            return False
        take_house(s, c, p)
        drain(s, c)
    elif kind == A_DESTROY_HERO:  # a Hero of the hand destroyed for the House's condition (DUEL-17)
        if not may_destroy_hero(s, c, p, a):
            return False
        move_to(s, a, p, E.Z_DESTROYED)
        log_event(s, c, E.EV_DESTROY, p, a, E.Z_HAND, 0)
        drain(s, c)
    elif kind == A_ACQUIRE and a >= E.PILLAR_AT:  # a Pillar destroyed (POS-11)
        t = fightable(s, c, p, a)
        if t < 0 or b != STRENGTH or not pillar_won(s, c, t, p):
            return False
        destroy_pillar(s, c, p, t)
    elif kind == A_ACQUIRE and a >= E.N_SLOTS:  # a Relic of p's beaten (ASG-19)
        t = fightable(s, c, p, a)
        if t < 0 or b != STRENGTH or not relic_won(s, c, t, p):
            return False
        beat_relic(s, c, p, t)
    elif kind == A_EQUIP:
        if s.inst_row[a] != p or not in_hand(s, a) or s.zone_n[p, E.Z_CLOTH] > 0 \
                or not (c.classes[c.inst_card[a]] & E.CLASS_CLOTH) or equip_locked(s, c, p):
            return False
        move_to(s, a, p, E.Z_CLOTH)  # equipping faces nothing: no Engagement (GEN-21)
        log_event(s, c, E.EV_EQUIP, p, a, 0, 0)
    elif kind == A_CLOTH_FIGHT:
        t = fightable(s, c, p, b)
        if s.zone_n[p, E.Z_CLOTH] == 0 or t < 0:
            return False
        if not face_cost_payable(s, c, p, t, -1):
            return False
        pay_face_cost(s, c, p, -1, t)
        cl = s.zone[p, E.Z_CLOTH, 0]
        move_to(s, cl, p, E.Z_PLAY)
        s.inst_facing[cl] = t
        log_event(s, c, E.EV_CLOTH_FIGHTS, p, cl, b, c.card_id[c.inst_card[t]])
        run_program(s, c, E.T_ENGAGEMENT, cl, p, t, b if b < E.N_SLOTS else -1)  # a Cloth sent into a fight is played (GEN-21)
    elif kind == A_MOVE:  # co-op: a card discarded to move to the next pile (COOP-18)
        if not s.g[G_POSEIDON] or s.inst_row[a] != p or not in_hand(s, a) or (b != 1 and b != -1):
            return False
        move_to(s, a, p, E.Z_DISCARD)
        log_event(s, c, E.EV_DISCARD, p, a, E.Z_HAND, 0)
        move_marker(s, c, p, b)
    elif kind == A_GIFT:  # co-op: a card given to a teammate (COOP-7)
        if not s.g[G_POSEIDON] or s.inst_row[a] != p or not in_hand(s, a) or not giftable(s, c, a) \
                or not may_receive(s, p, b):
            return False
        give(s, c, p, a, b)
    elif kind == A_RELIC:  # played from hand without facing a card; it stays in play (ASG-19)
        if s.inst_row[a] != p or not in_hand(s, a) or not (c.classes[c.inst_card[a]] & E.CLASS_RELIC):
            return False
        move_to(s, a, p, E.Z_RELICS)
        log_event(s, c, E.EV_RELIC, p, a, 0, 0)
        run_program(s, c, E.T_ENGAGEMENT, a, p, -1, -1)  # the Ring goes on to an opponent
    elif kind == A_USE and b == E.T_COST:  # a field card's cost bought down by wounding (Baian)
        if not can_use(s, c, p, a, b):
            return False
        wound_cut(s, c, p, a)
    elif kind == A_TALENT:  # card a's Talent paid with the Ability b: a stays in play (HAD-12)
        if not pays_talent(s, c, p, a, b):
            return False
        spend_ability(s, c, p, b)
        s.inst_flags[a] |= IF_TALENT_PAID
        s.g[G_TURN_MARKS] = 1
        if not s.rules[R_HADES_TALENT_KEEPS_VALUE]:
            move_to(s, a, p, E.Z_DISCARD)
        log_event(s, c, E.EV_USE, p, a, E.T_TALENT, c.card_id[c.inst_card[b]])
        run_program(s, c, E.T_TALENT, a, p, -1, -1)
    elif kind == A_USE and b == E.T_ABILITY:  # an Ability held, for its effect; then under the pile (HAD-11)
        if not can_use(s, c, p, a, b):
            return False
        spend_ability(s, c, p, a)
        log_event(s, c, E.EV_USE, p, a, b, 0)
        run_program(s, c, b, a, p, -1, -1)
    elif kind == A_USE and b == E.T_EPIC_ACTION:  # the current Epic's action: the Epic stays where it is
        if not can_use(s, c, p, a, b):
            return False
        mark_epic_use(s, p)
        log_event(s, c, E.EV_USE, p, a, b, 0)
        run_program(s, c, b, a, p, -1, -1)
    elif kind == A_WEAPON:
        if not can_arm(s, c, p, a):
            return False
        arm_hero(s, c, p, a)
    elif kind == A_HEAL:
        if a < 0:
            if s.g[G_HEAL_HEARTS] <= 0:
                return False
        elif s.inst_row[a] != p or not (in_hand(s, a) or s.inst_zone[a] == E.Z_CLOTH) \
                or printed_heal(s, c, a) <= 0:
            return False
        if s.inst_row[b] != p or not is_marked_zone(s.inst_zone[b]) or healing_banned(s, c):
            return False
        heal_with(s, c, p, a, b)
    else:
        return False
    return True


@inline_kernel
def in_hand(s, inst):
    """In its player's hand, or to be played as from it (Gamma, Delta Robes: only those are then
    played, `to_play_action`)."""
    return s.inst_zone[inst] == E.Z_HAND or s.inst_zone[inst] == E.Z_TO_PLAY
