"""The effect interpreter: runs a card's program (rows of the op table) on the state.

A program is a list of ops. An op scoped to `each_player`/`each_opponent` (turn order from the
active player, R6 / GEN-3.5) or to a chosen player forms a block with the `that_player` ops right
after it, run once per player. A `pay` op that cannot (or, by the payer's choice, does not) move
all its cards ends its block; for the controller's own ops that ends the program.
Ops never call back into resolution: acquisitions and refills they cause are pushed on the
pending stack (sim/resolve.py) and resolve right after the program, each completely.
"""
import numpy as np
from sim.engine.jit import inline_kernel, kernel

from sim.engine import enums as E
from sim.engine.rules.field import (discard_from_field, push_pending, remove_flames, replace_from_reserve,
                                    return_to_reserve, statue_flipped, take_off_field)
from sim.engine.rules.cloth_exchange import exchange_armors
from sim.engine.rules.fight import acquisition_banned, cond_holds, draw_count, healing_banned, is_protected
from sim.engine.policies.interface import (choose_buff_target, choose_cost_cut, choose_count, choose_field_removal,
                                           choose_field_swap, choose_option, choose_player, decide_may, decide_pay,
                                           pick_cards)
from sim.engine.rng import shuffle_prefix
from sim.engine.params import INFLEXIBLE_FORCED_ONLY, R_EPIC_INFLEXIBLE_SCOPE
from sim.engine.rules.epics import rule_reaches, upgrade_copy
from sim.engine.state import (G_DUEL, PL_HOUSE_COUNTER, G_POSEIDON, G_ACTIVE, G_GATE_TOKENS, G_BENEATH, G_EFFECTS_RUN, G_END_NOW, G_EPIC_RULES, G_OPEN_SEAT, G_OPEN_TARGET,
                              G_SPENT_TOKENS, G_HILDA, G_MOVE_DST, G_FIELD_REVEALS, G_LAST_MOVED, G_LAST_SLOT, G_NPLAYERS, G_SPARED,
                    G_TURN_MARKS, IF_COSMOS_DRAW, P_ACQUIRE, P_ACQUIRE_TURNS, P_ARRIVAL, P_EXIT, P_PROGRAM, P_REFILL, PL_ALT_FILTER, PL_HERO, PL_TURN_STRENGTH,
                    PL_ELIMINATED, PL_VP_TOKENS, PL_WEAPONS)
from sim.engine.rules.coop import is_last_general, release_moved_fighters
from sim.engine.rules.hilda import hilda_seat
from sim.engine.rules.houses import set_counter
from sim.engine.rules.pillars import gain_weapon, take_weapon
from sim.engine.rules.senses import lose_sense, recharge_one
from sim.engine.rules.trials import draw_ability, refill_trials
from sim.engine.rules.underworld import (free_one, gain_souls, gate_tokens, has_the_most, lose_souls, move_marker,
                                         restack_styx, styx_top)
from sim.engine.rules.board import knight_cloth, knight_pick, upgrade_destination
from sim.engine.rules.zones import (buff_times, collect_count, count_in_zone, detach_fighters, first_hero_in_play, draw_cards, equip_locked, field_slot, gain_energy,
                                    hold, is_marked_zone, lend, location, log_event, matches, move_to,
                                    place_token, reshuffle_discard, shuffle_zone, top_of_draw, trial_event, underworld_reach,
                                    zone_push, zone_remove)


@kernel
def is_beneficial(src, dst):
    """Does a move help the player whose card it is? (guides which cards get picked)"""
    if dst == E.Z_HAND or dst == E.Z_DST_DRAW_TOP or dst == E.Z_CLOTH or dst == E.Z_DST_SELF_HAND:
        return True
    if dst == E.Z_DRAW and (src == E.Z_DISCARD or src == E.Z_SETASIDE):  # cards back into the draws
        return True
    if dst == E.Z_DISCARD and (is_marked_zone(src) or src == E.Z_SRC_MARKED or src == E.Z_DESTROYED
                               or src == E.Z_SETASIDE):
        return True
    return False


@kernel
def collect(s, c, src, f, q, src_inst, exclude_self, buf):
    """Candidates for a move from `src` of player q into buf; returns how many."""
    n = 0
    if src == E.Z_SRC_FIGHTERS:
        for k in range(s.zone_n[q, E.Z_PLAY]):
            inst = s.zone[q, E.Z_PLAY, k]
            if s.inst_facing[inst] == src_inst and matches(c, inst, f):
                buf[n] = inst
                n += 1
    elif src == E.Z_SRC_THIS:
        buf[0] = src_inst
        n = 1
    elif src == E.Z_SRC_ARMOR:
        for k in range(s.zone_n[q, E.Z_HAND]):
            inst = s.zone[q, E.Z_HAND, k]
            if c.classes[c.inst_card[inst]] & E.CLASS_CLOTH and matches(c, inst, f):
                buf[n] = inst
                n += 1
        if s.zone_n[q, E.Z_CLOTH] > 0 and matches(c, s.zone[q, E.Z_CLOTH, 0], f):
            buf[n] = s.zone[q, E.Z_CLOTH, 0]
            n += 1
    elif src == E.Z_SRC_BF_DISCARD:
        for k in range(s.zone_n[E.COMMON, E.Z_BF_DISCARD]):
            inst = s.zone[E.COMMON, E.Z_BF_DISCARD, k]
            if matches(c, inst, f):
                buf[n] = inst
                n += 1
    elif src == E.Z_SRC_FIELD:
        for k in range(E.N_SLOTS):
            inst = s.field[k]
            if inst >= 0 and inst != src_inst and matches(c, inst, f) and not is_last_general(s, inst):
                buf[n] = inst
                n += 1
    elif q >= 0 and src < E.N_PLAYER_ZONES:
        n = collect_zone(s, c, q, src, f, src_inst, exclude_self, buf, n)
    elif q >= 0 and src == E.Z_SRC_DRAWN:  # the top of the hand: the cards the previous op drew
        nh = s.zone_n[q, E.Z_HAND]
        for k in range(max(nh - s.g[G_LAST_MOVED], 0), nh):
            inst = s.zone[q, E.Z_HAND, k]
            if matches(c, inst, f):
                buf[n] = inst
                n += 1
    elif q >= 0 and src == E.Z_SRC_MARKED:  # wounded and frozen cards
        for z in (E.Z_WOUNDED, E.Z_FROZEN):
            n = collect_zone(s, c, q, z, f, src_inst, exclude_self, buf, n)
    elif q >= 0 and src == E.Z_SRC_IN_PLAY:  # GEN-11: everything in play, marked cards included
        for z in (E.Z_PLAY, E.Z_CLOTH, E.Z_RELICS, E.Z_WOUNDED, E.Z_FROZEN):
            n = collect_zone(s, c, q, z, f, src_inst, exclude_self, buf, n)
    elif src == E.Z_SRC_PILLAR_ROW:
        n = collect_zone(s, c, E.COMMON, E.Z_PILLAR_ROW, f, src_inst, exclude_self, buf, n)
    elif src == E.Z_SRC_HERO_SETASIDE:  # the set-aside cards of the seat playing this card's hero (POS-15)
        hero = c.hero[c.inst_card[src_inst]]
        for seat in range(s.g[G_NPLAYERS]):
            if hero >= 0 and s.pl[seat, PL_HERO] == hero:
                n = collect_zone(s, c, seat, E.Z_SETASIDE, f, src_inst, exclude_self, buf, n)
    return n


@kernel
def collect_zone(s, c, q, z, f, src_inst, exclude_self, buf, n):
    """`collect` from one zone of player q, after the n candidates already in buf."""
    for k in range(s.zone_n[q, z]):
        inst = s.zone[q, z, k]
        if (not exclude_self or inst != src_inst) and matches(c, inst, f):
            buf[n] = inst
            n += 1
    return n


@kernel
def move_candidates(s, c, op, src_inst, q, buf):
    """The cards a move `op` may take from player q (the controller's own for `this`) into buf;
    returns how many: its filter's, less the cards Sho protects from a wound and, under June,
    the cards a heal would take."""
    src = op[E.F_ZONE]
    dst = op[E.F_TO]
    nc = collect(s, c, src, op[E.F_FILTER], q, src_inst, True, buf)
    if dst == E.Z_WOUNDED:  # Sho: Saints fighting alongside him cannot be wounded
        m = 0
        for j in range(nc):
            if not is_protected(s, c, buf[j]):
                buf[m] = buf[j]
                m += 1
        nc = m
    if src == E.Z_WOUNDED and dst != E.Z_DESTROYED and healing_banned(s, c):
        nc = 0  # June: no Character can be healed
    if (src == E.Z_FROZEN or src == E.Z_SRC_MARKED) and dst == E.Z_DISCARD and healing_banned(s, c):
        nc = 0  # only a heal: taking a frozen card back into hand is not one (ASG-6)
    return nc


@kernel
def apply_field_arrival(s, c, p):
    """The Arrival effect of a field card that has one, p's pick, applies as if it had just been
    revealed (the active player's, R6); the card stays where it is."""
    buf = s.scratch
    n = 0
    for slot in range(E.N_SLOTS):
        inst = s.field[slot]
        if inst >= 0 and c.prog[c.inst_card[inst], E.T_ARRIVAL, 1] > 0:
            buf[n] = inst
            n += 1
    if n > 0:
        pick_cards(s, c, p, buf, n, 1, True)
        push_pending(s, P_ARRIVAL, buf[0], 0, 0, 0)


@kernel
def put_beneath(s, c, op, inst, p, q):
    """A card of q's zone F_ZONE of the op's kind, p's pick, goes beneath inst, an acquisition of
    p's; q may face inst to win both back (Athena's Urn, POS-24)."""
    buf = s.scratch
    n = collect(s, c, op[E.F_ZONE], op[E.F_FILTER], q, inst, True, buf)
    if n == 0 or s.inst_under[inst] >= 0:
        return
    pick_cards(s, c, p, buf, n, 1, True)
    move_to(s, buf[0], E.COMMON, E.Z_BENEATH)
    s.inst_under[inst] = buf[0]
    s.inst_rival[inst] = q
    s.g[G_BENEATH] += 1
    log_event(s, c, E.EV_ACQUIRE, p, buf[0], E.ACQ_EFFECT, -1)


@kernel
def open_target(s, c, op, p, q):
    """p may face, this turn, a card of q's zone F_ZONE (the top one with `top`, else p's best) and
    acquire it by its printed costs (Krishna: a marked card; Sea Dragon Scale: the card discarded;
    POS-23). One such card at a time."""
    buf = s.scratch
    if op[E.F_FLAGS] & E.OPF_TOP:
        n = s.zone_n[q, op[E.F_ZONE]]
        if n == 0:
            return
        buf[0] = s.zone[q, op[E.F_ZONE], n - 1]
    else:
        n = collect(s, c, op[E.F_ZONE], op[E.F_FILTER], q, -1, False, buf)
        if n == 0:
            return
        pick_cards(s, c, p, buf, n, 1, True)
    if c.strength_cost[c.inst_card[buf[0]]] <= 0 and c.cosmos_cost[c.inst_card[buf[0]]] <= 0:
        return  # a card without a cost cannot be won
    s.g[G_OPEN_TARGET] = buf[0] + 1
    s.g[G_OPEN_SEAT] = p + 1
    log_event(s, c, E.EV_OPEN, p, buf[0], 0, 0)


@kernel
def same_rank_in(s, c, q, z, f, ranks, buf):
    """q's cards of zone z passing filter f that share a rank with `ranks`, into buf; how many."""
    n = 0
    for j in range(s.zone_n[q, z]):
        x = s.zone[q, z, j]
        if matches(c, x, f) and c.ranks[c.inst_card[x]] & ranks:
            buf[n] = x
            n += 1
    return n


@kernel
def pairs_with(s, c, q, z, f, other, other_z, other_f, buf):
    """q's cards of zone z passing f for which `other` has a card of the same rank in its zone
    other_z passing other_f, into buf; how many."""
    n = 0
    tmp = s.scratch[s.scratch.shape[0] // 2:]
    for j in range(s.zone_n[q, z]):
        x = s.zone[q, z, j]
        if matches(c, x, f) and same_rank_in(s, c, other, other_z, other_f, c.ranks[c.inst_card[x]], tmp) > 0:
            buf[n] = x
            n += 1
    return n


@kernel
def same_rank_pair(s, c, chooser, q, z, f, r, other_f):
    """A card of q's zone z passing f, the chooser's best of those for which r's hand has a card
    passing other_f of the same rank, and r's least valuable such card, if the chooser takes the
    offer (`decide_may`); (-1, -1) if none or declined."""
    buf = s.scratch
    n = pairs_with(s, c, q, z, f, r, E.Z_HAND, other_f, buf)
    if n == 0 or not decide_may(s, c, chooser):
        return -1, -1
    pick_cards(s, c, chooser, buf, n, 1, True)
    first = buf[0]
    m = same_rank_in(s, c, r, E.Z_HAND, other_f, c.ranks[c.inst_card[first]], buf)
    pick_cards(s, c, chooser, buf, m, 1, False)
    return first, buf[0]


@kernel
def wound_for_same_rank(s, c, op, q):
    """Siren Scale's Arrival for q: q may wound a card of hand of the kind F_A to take back into its
    hand a card of the op's kind of the same rank from its discard pile. It takes its best such card,
    for the least valuable card of that rank (the Wound's Marked fires)."""
    back, wounded = same_rank_pair(s, c, q, q, E.Z_DISCARD, op[E.F_FILTER], q, op[E.F_A])
    if back < 0:
        return
    place_token(s, c, wounded, q, E.Z_WOUNDED)
    log_event(s, c, E.EV_WOUND, q, wounded, E.Z_HAND, 0)
    move_to(s, back, q, E.Z_HAND)
    hold(s, c, q, back)
    log_event(s, c, E.EV_MOVE, q, back, E.Z_DISCARD, E.Z_HAND)


@kernel
def swap_same_rank(s, c, op, p, q):
    """Siren Scale's Discard: p looks at q's hand and may swap one of q's cards of the op's kind for a
    card of its own hand of the kind F_A and of the same rank: it takes q's best such card for its
    least valuable card of that rank."""
    theirs, mine = same_rank_pair(s, c, p, q, E.Z_HAND, op[E.F_FILTER], p, op[E.F_A])
    if theirs < 0:
        return
    move_to(s, theirs, p, E.Z_HAND)
    hold(s, c, p, theirs)
    move_to(s, mine, q, E.Z_HAND)
    hold(s, c, q, mine)
    log_event(s, c, E.EV_MOVE, p, theirs, E.Z_HAND, E.Z_HAND)
    log_event(s, c, E.EV_MOVE, q, mine, E.Z_HAND, E.Z_HAND)


@kernel
def trade_marked(s, c, op, inst, p):
    """inst, a marked card of p's, swaps places with a marked card of the op's kind of another player,
    p's pick: each takes the other's place (its player, its marked area and token), without a
    Marked trigger (Marina Soldier #2023)."""
    if s.inst_row[inst] != p or not is_marked_zone(s.inst_zone[inst]):
        return
    buf = s.scratch
    n = 0
    for q in range(s.g[G_NPLAYERS]):
        if q != p:
            n = collect(s, c, E.Z_SRC_MARKED, op[E.F_FILTER], q, inst, True, buf[n:]) + n
    if n == 0:
        return
    pick_cards(s, c, p, buf, n, 1, True)
    other = buf[0]
    q, za, zb = s.inst_row[other], s.inst_zone[inst], s.inst_zone[other]
    wa, fa, va = s.inst_wounds[inst], s.inst_freeze[inst], s.inst_vp[inst]
    wb, fb, vb = s.inst_wounds[other], s.inst_freeze[other], s.inst_vp[other]
    s.inst_vp[inst] = s.inst_vp[other] = 0
    move_to(s, inst, q, zb)
    move_to(s, other, p, za)
    s.inst_wounds[inst], s.inst_freeze[inst], s.inst_vp[inst] = wb, fb, vb
    s.inst_wounds[other], s.inst_freeze[other], s.inst_vp[other] = wa, fa, va
    log_event(s, c, E.EV_MOVE, q, inst, za, zb)
    log_event(s, c, E.EV_MOVE, p, other, zb, za)


@kernel
def apply_discard_engagement(s, c, p):
    """The Engagement effect of a card of p's discard pile that has one, p's pick, applies; the
    card stays (Marina Soldier #2024). It runs once the program applying it is over."""
    buf = s.scratch
    n = 0
    for j in range(s.zone_n[p, E.Z_DISCARD]):
        inst = s.zone[p, E.Z_DISCARD, j]
        if c.prog[c.inst_card[inst], E.T_ENGAGEMENT, 1] > 0:
            buf[n] = inst
            n += 1
    if n > 0:
        pick_cards(s, c, p, buf, n, 1, True)
        push_pending(s, P_PROGRAM, buf[0], E.T_ENGAGEMENT, 0, 0)


@kernel
def apply_field_exits(s, c, p):
    """The Exit effect of every field card that has one applies, the last card's first (the pending
    stack resolves the last pushed first); the cards stay on the field. Twice each once the Odin
    statue has flipped (ASG-8)."""
    for slot in range(E.N_SLOTS):
        inst = s.field[slot]
        if inst >= 0 and c.prog[c.inst_card[inst], E.T_EXIT, 1] > 0:
            push_pending(s, P_EXIT, inst, p, 0, 0)
            if statue_flipped(s):
                push_pending(s, P_EXIT, inst, p, 0, 0)


@kernel
def receiver(s, c, op, giver):
    """The player, other than `giver`, whose discard pile a move to `other_discard` fills: the
    giver's policy picks among the others (as for an effect aimed at an opponent)."""
    anyone = np.zeros(E.MAX_SEATS, np.bool_)
    anyone[:s.g[G_NPLAYERS]] = True
    q = choose_player(s, c, giver, op, True, False, anyone)
    return q if q >= 0 else (giver + 1) % s.g[G_NPLAYERS]


@kernel
def op_vp_token(s, c, op, src_inst, p):
    """A VP token of value F_A on each of n cards of the source (all with n = "all"), picked by the
    controller: its best for a +1, an opponent's best for a -1 (POS-14); with `bare`, only cards
    that carry none."""
    buf = s.scratch
    nc = collect(s, c, op[E.F_ZONE], op[E.F_FILTER], p, src_inst, False, buf)
    if op[E.F_FLAGS] & E.OPF_BARE:
        kept = 0
        for j in range(nc):
            if s.inst_vp[buf[j]] == 0:
                buf[kept] = buf[j]
                kept += 1
        nc = kept
    want = nc if op[E.F_N] == E.N_ALL else min(op[E.F_N], nc)
    if want < nc:
        pick_cards(s, c, p, buf, nc, want, op[E.F_A] > 0)
    for j in range(want):
        inst = buf[j]
        s.inst_vp[inst] += op[E.F_A]
        log_event(s, c, E.EV_VP_TOKEN, p, inst, op[E.F_A], s.inst_vp[inst])


@kernel
def put(s, c, inst, dst, q, p):
    """Carry out one card's move to dst (q: the player whose card it is, p: the controller)."""
    row = s.inst_row[inst]
    if row < 0 or row >= E.MAX_SEATS:
        row = q if q >= 0 else p
    src_zone = location(s, inst)
    if src_zone == E.Z_RELICS:  # a Relic being faced (the Ring) leaves: its fighters let go
        detach_fighters(s, inst)
    if dst == E.Z_DESTROYED and s.g[G_EPIC_RULES]:
        dst = destroy_or_discard(s, c, inst, row, row != p)
    if dst >= E.Z_DST_GIVEN:  # another player's discard pile (`receiver`): an acquisition of theirs
        move_to(s, inst, dst - E.Z_DST_GIVEN, E.Z_DISCARD)
        log_event(s, c, E.EV_ACQUIRE, dst - E.Z_DST_GIVEN, inst, E.ACQ_GIFT, -1)
    elif dst == E.Z_DST_RESERVE:
        return_to_reserve(s, c, inst, p)
        log_event(s, c, E.EV_MOVE, row, inst, src_zone, dst)
    elif dst == E.Z_DST_OUT:
        move_to(s, inst, E.COMMON, E.Z_OUT)
        log_event(s, c, E.EV_MOVE, row, inst, src_zone, dst)
    elif dst == E.Z_DST_SELF_DISCARD:
        move_to(s, inst, p, E.Z_DISCARD)
        log_event(s, c, E.EV_ACQUIRE, p, inst, E.ACQ_EFFECT, -1)
    elif dst == E.Z_DST_SELF_HAND:
        move_to(s, inst, p, E.Z_HAND)
        hold(s, c, p, inst)
        if row == p:
            log_event(s, c, E.EV_MOVE, p, inst, src_zone, E.Z_HAND)
        else:
            log_event(s, c, E.EV_ACQUIRE, p, inst, E.ACQ_EFFECT, -1)
    elif dst == E.Z_GRAAD:  # a Graad card takes a +1 VP token (POS-7)
        move_to(s, inst, row, E.Z_GRAAD)
        s.inst_vp[inst] += 1
        log_event(s, c, E.EV_VP_TOKEN, row, inst, 1, s.inst_vp[inst])
    elif dst == E.Z_DST_DRAW_TOP:
        move_to(s, inst, row, E.Z_DRAW)
        log_event(s, c, E.EV_MOVE, row, inst, src_zone, dst)
    elif is_marked_zone(dst):
        place_token(s, c, inst, row, dst)
        log_event(s, c, E.EV_WOUND if dst == E.Z_WOUNDED else E.EV_FREEZE, row, inst, src_zone, 0)
    else:
        if dst == E.Z_CLOTH and equip_locked(s, c, row):  # ASG-23: under the Ring, equipping does nothing
            return
        if dst == E.Z_CLOTH and s.zone_n[row, E.Z_CLOTH] > 0:  # ASG-23: one Cloth; the old one is discarded
            old = s.zone[row, E.Z_CLOTH, 0]
            move_to(s, old, row, E.Z_DISCARD)
            log_event(s, c, E.EV_DISCARD, row, old, E.Z_CLOTH, 0)
        move_to(s, inst, row, dst)
        if dst == E.Z_HAND:
            hold(s, c, row, inst)
        if dst == E.Z_DESTROYED:
            log_event(s, c, E.EV_DESTROY, row, inst, src_zone, 0)
        elif dst == E.Z_DISCARD and is_marked_zone(src_zone):
            log_event(s, c, E.EV_HEAL, row, inst, -1, 0)
            if row == p:  # a heal by effect meets the Trial (HAD-10)
                trial_event(s, p, E.EVT_HEAL, inst)
        elif dst == E.Z_DISCARD and src_zone != E.Z_DESTROYED and src_zone != E.Z_SETASIDE:
            log_event(s, c, E.EV_DISCARD, row, inst, src_zone, 0)
        else:
            log_event(s, c, E.EV_MOVE, row, inst, src_zone, dst)


@kernel
def op_move(s, c, op, src_inst, p, q):
    src = op[E.F_ZONE]
    dst = op[E.F_TO]
    flags = op[E.F_FLAGS]
    n = op[E.F_N]
    if n == E.N_LAST:
        n = s.g[G_LAST_MOVED]
    if src == E.Z_SRC_THIS:
        q = p
    if src == E.Z_DRAW and s.zone_n[q, E.Z_DRAW] == 0:
        reshuffle_discard(s, c, q)  # GEN-2: taking from an empty draw pile reshuffles first
    if dst == E.Z_DST_OTHER_DISCARD:  # Mermaid Scale: its player picks the receiver
        dst = E.Z_DST_GIVEN + receiver(s, c, op, q if q >= 0 else p)
    if (flags & E.OPF_TOP) and src == E.Z_DRAW:
        moved = 0
        for _ in range(n):
            inst = top_of_draw(s, c, q)
            if inst < 0 or not matches(c, inst, op[E.F_FILTER]):
                break  # with a select, only a top card that matches it moves (Kraken Scale)
            put(s, c, inst, dst, q, p)
            moved += 1
        s.g[G_LAST_MOVED] = moved
        return True
    buf = s.scratch
    nc = move_candidates(s, c, op, src_inst, q, buf)
    want = nc if n == E.N_ALL else n
    payer = q if q >= 0 else p
    if flags & E.OPF_PAY:
        if nc < want or want <= 0:
            s.g[G_LAST_MOVED] = 0
            return False
        paid = decide_pay(s, c, payer, buf, nc, want)
        log_event(s, c, E.EV_PAY, payer, src_inst, int(paid), 0)
        if not paid:
            s.g[G_LAST_MOVED] = 0
            return False
    elif flags & E.OPF_MAY:  # a move that costs its player (Sorento's discard) is weighed as a cost
        if nc == 0 or not (decide_may(s, c, payer) if is_beneficial(src, dst)
                           else decide_pay(s, c, payer, buf, nc, min(want, nc))):
            s.g[G_LAST_MOVED] = 0
            return (flags & E.OPF_THEN) == 0  # declined: not done, so a `then` ends the player's block
    want = min(want, nc)
    by = op[E.F_BY]
    chooser = payer
    if by == E.BY_SELF:
        chooser = p
    elif by == E.BY_OPPONENT:
        chooser = (payer + 1) % s.g[G_NPLAYERS]  # an opponent chooses (Cancer Cloth): the next seat
    if n == E.N_ANY:  # Mime: the chooser says how many
        s.g[G_MOVE_DST] = dst
        want = choose_count(s, c, chooser, buf, nc, is_beneficial(src, dst) == (chooser == payer)) if nc > 0 else 0
    elif by == E.BY_RANDOM:
        shuffle_prefix(s.rng, buf, nc)
    else:
        s.g[G_MOVE_DST] = dst
        pick_cards(s, c, chooser, buf, nc, want, is_beneficial(src, dst) == (chooser == payer))
    for j in range(want):
        put(s, c, buf[j], dst, q, p)
    if dst == E.Z_DST_RESERVE and want > 0:
        shuffle_zone(s, E.COMMON, E.Z_RESERVE)
    s.g[G_LAST_MOVED] = want
    return True


@kernel
def op_play(s, c, op, src_inst, p, q):
    """`play`: n cards of player q's zone become p's to play now, one after the other, as from
    its hand (sim/engine/rules/legal.py `legal_to_play`): the top cards of q's draw pile (taken,
    not drawn: no Energy, ASG-2; GEN-2 reshuffles first), or cards of q's hand (at random, or
    picked). Each matching the op's bonus filter gains its Strength and Cosmos this turn (Gamma:
    Warriors +2 Strength). Another seat's card stays that seat's (Delta): `lend`."""
    n = op[E.F_N]
    moved = 0
    if op[E.F_ZONE] == E.Z_DRAW and (op[E.F_FLAGS] & E.OPF_TOP):
        for _ in range(n):
            inst = top_of_draw(s, c, q)
            if inst < 0 or not matches(c, inst, op[E.F_FILTER]):
                break  # with a select, only a top card that matches it moves (Kraken Scale)
            to_play(s, c, op, inst, p, q)
            moved += 1
    else:
        buf = s.scratch
        nc = collect(s, c, op[E.F_ZONE], op[E.F_FILTER], q, src_inst, True, buf)
        want = min(n, nc)
        if op[E.F_BY] == E.BY_RANDOM:
            shuffle_prefix(s.rng, buf, nc)
        else:
            pick_cards(s, c, p, buf, nc, want, True)
        for j in range(want):
            to_play(s, c, op, buf[j], p, q)
        moved = want
    s.g[G_LAST_MOVED] = moved


@kernel
def to_play(s, c, op, inst, p, q):
    """inst, a card of q's, becomes p's to play (`op_play`)."""
    src_zone = location(s, inst)
    move_to(s, inst, p, E.Z_TO_PLAY)
    if q != p:
        lend(s, inst, q)
    hold(s, c, p, inst)  # played as from p's hand
    if (op[E.F_A] != 0 or op[E.F_B] != 0) and matches(c, inst, op[E.F_C]):
        s.inst_buff_str[inst] += op[E.F_A]
        s.inst_buff_cos[inst] += op[E.F_B]
        s.g[G_TURN_MARKS] = 1
    log_event(s, c, E.EV_MOVE, p, inst, src_zone, E.Z_TO_PLAY)


@kernel
def op_acquire(s, c, op, src_inst, p, slot):
    if op[E.F_ZONE] == E.Z_SRC_RESERVE_TOP:  # Dante: the card was never on the field
        n = s.zone_n[E.COMMON, E.Z_RESERVE]
        if n > 0:
            inst = s.zone[E.COMMON, E.Z_RESERVE, n - 1]
            move_to(s, inst, p, E.Z_DISCARD)
            log_event(s, c, E.EV_ACQUIRE, p, inst, E.ACQ_EFFECT, -1)
            exchange_armors(s, c, c.inst_card[inst])
        return n > 0
    buf = s.scratch
    nc = 0
    for k in range(E.N_SLOTS):
        inst = s.field[k]
        if inst < 0 or inst == src_inst or not matches(c, inst, op[E.F_FILTER]):
            continue
        if (op[E.F_FLAGS] & E.OPF_ADJACENT) and not (k == slot - 1 or k == slot + 1):
            continue
        if acquisition_banned(s, c, inst) or is_last_general(s, inst):  # Kuraggu (GEN-5); co-op (COOP-5)
            continue
        buf[nc] = inst
        nc += 1
    if nc == 0:
        return False
    into = E.INTO_HAND if op[E.F_TO] == E.Z_HAND else E.INTO_FROZEN if op[E.F_TO] == E.Z_FROZEN else E.INTO_DISCARD
    if op[E.F_FLAGS] & E.OPF_IN_TURNS:  # Aquarius Hyoga: one each, in turn order, until none is left
        push_pending(s, P_ACQUIRE_TURNS, op[E.F_FILTER], s.g[G_ACTIVE], op[E.F_FLAGS], into)
        return True
    if op[E.F_N] == E.N_ALL:  # Thor: every such card; the pending stack takes the last slot first (GEN-3.3)
        for j in range(nc):
            push_pending(s, P_ACQUIRE, buf[j], p, op[E.F_FLAGS], into)
        return True
    pick_cards(s, c, p, buf, nc, 1, True)
    push_pending(s, P_ACQUIRE, buf[0], p, op[E.F_FLAGS], into)
    return True


@kernel
def refills_next(c, i):
    """Does the op after row i refill the slot a removal empties (Gigas)? A same-slot refill only
    follows a removal of its own program, so the next row is of the same program."""
    return i + 1 < c.ops.shape[0] and c.ops[i + 1, E.F_OP] == E.OP_FIELD_REFILL and \
        (c.ops[i + 1, E.F_FLAGS] & E.OPF_SAME_SLOT) != 0


@kernel
def op_field_remove(s, c, op, src_inst, p, refilled):
    buf = s.scratch
    nc = 0
    for k in range(E.N_SLOTS - 1, -1, -1):  # GEN-3.3: from the last slot to the first
        inst = s.field[k]
        if inst >= 0 and inst != src_inst and matches(c, inst, op[E.F_FILTER]) and not is_last_general(s, inst):
            buf[nc] = inst
            nc += 1
    want = nc if op[E.F_N] == E.N_ALL else min(op[E.F_N], nc)
    if want > 0 and op[E.F_FLAGS] & E.OPF_MAY and not decide_may(s, c, p):
        want = 0
    if 0 < want < nc:
        choose_field_removal(s, c, p, buf, nc, want, refilled)
    spared = p if op[E.F_FLAGS] & E.OPF_SPARE_SELF else -1
    for j in range(want):
        s.g[G_LAST_SLOT] = field_slot(s, buf[j])
        discard_from_field(s, c, buf[j], E.FLAME_EFFECT, E.OUT_EFFECT, p, spared)
    s.g[G_LAST_MOVED] = want


@kernel
def vp_tokens_to_most(s, c, op, src_inst):
    """The player with strictly the most cards of the op's kind in their zone F_ZONE takes n VP
    tokens of F_A each; on a tie nobody does (Tournoi galactique)."""
    best = -1
    most = -1
    tied = False
    for q in range(s.g[G_NPLAYERS]):
        n = count_in_zone(s, c, q, op[E.F_ZONE], op[E.F_FILTER], -1)
        if n > most:
            best, most, tied = q, n, False
        elif n == most:
            tied = True
    if best >= 0 and most > 0 and not tied:
        s.pl[best, PL_VP_TOKENS] += op[E.F_A] * op[E.F_N]
        log_event(s, c, E.EV_VP_TAKEN, best, src_inst, op[E.F_A] * op[E.F_N], s.pl[best, PL_VP_TOKENS])


@kernel
def graad_end(s, c, op):
    """The end of Graad Foundation Attack (POS-7): with at least n Graad cards in all, each goes to
    its owner's discard pile, who takes its token; with fewer, the game ends at once and a player
    with fewer than F_A Graad cards is eliminated (they cannot win); the others score."""
    n = s.g[G_NPLAYERS]
    total = 0
    for q in range(n):
        total += s.zone_n[q, E.Z_GRAAD]
    if total >= op[E.F_N]:
        for q in range(n):
            while s.zone_n[q, E.Z_GRAAD] > 0:
                put(s, c, s.zone[q, E.Z_GRAAD, 0], E.Z_DISCARD, q, q)
        return
    s.g[G_END_NOW] = 1
    for q in range(n):
        if s.zone_n[q, E.Z_GRAAD] < op[E.F_A]:
            s.pl[q, PL_ELIMINATED] = 1


@kernel
def name_hero_discard(s, c, op, p):
    """La force de l'amitié (POS-9): p names the Hero of the first card of a Hero it played (the one
    it fights with); each player, from the active one, holding a card of that Hero discards one of
    them (their pick); that card of p's gains F_A Strength per player who discarded."""
    played = first_hero_in_play(s, c, p)
    if played < 0:
        return
    hero = c.hero[c.inst_card[played]]
    buf = s.scratch
    discards = 0
    n = s.g[G_NPLAYERS]
    for r in range(n):
        q = (s.g[G_ACTIVE] + r) % n
        m = 0
        for j in range(s.zone_n[q, E.Z_HAND]):
            x = s.zone[q, E.Z_HAND, j]
            if c.hero[c.inst_card[x]] == hero and c.classes[c.inst_card[x]] & E.CLASS_CHARACTER:
                buf[m] = x
                m += 1
        if m > 0:
            pick_cards(s, c, q, buf, m, 1, False)
            put(s, c, buf[0], E.Z_DISCARD, q, p)
            discards += 1
    if discards > 0:
        s.inst_buff_str[played] += op[E.F_A] * discards
        s.g[G_TURN_MARKS] = 1
        log_event(s, c, E.EV_BUFF, p, played, op[E.F_A] * discards, 0)


@kernel
def swap_marked(s, c, op, q):
    """n (all: as many as can) of q's marked cards of the op's kind swap places, one for one, with
    q's cards of its other kind (F_A) in zone F_ZONE: that card takes the marked place with its
    tokens (Wound or Freeze, VP), without a Marked trigger; the marked card goes to F_ZONE. Into the
    discard pile q frees its best marked cards for its least valuable others (Poseidon's Scale); into
    the destroyed cards, its least valuable for its best (Septième sens)."""
    zone = op[E.F_ZONE]
    freeing = zone == E.Z_DISCARD or zone == E.Z_HAND
    want = op[E.F_N]
    done = 0
    buf = s.scratch
    while want == E.N_ALL or done < want:
        na = collect(s, c, E.Z_SRC_MARKED, op[E.F_FILTER], q, -1, False, buf)
        nb = collect_zone(s, c, q, zone, op[E.F_A], -1, False, buf, na) - na
        if na == 0 or nb == 0:
            return
        pick_cards(s, c, q, buf, na, 1, freeing)
        pick_cards(s, c, q, buf[na:], nb, 1, not freeing)
        a, b = buf[0], buf[na]
        z = s.inst_zone[a]
        wounds, side, vp = s.inst_wounds[a], s.inst_freeze[a], s.inst_vp[a]
        s.inst_vp[a] = 0
        move_to(s, a, q, zone)
        move_to(s, b, q, z)
        s.inst_wounds[b], s.inst_freeze[b], s.inst_vp[b] = wounds, side, vp
        log_event(s, c, E.EV_MOVE, q, a, z, zone)
        log_event(s, c, E.EV_MOVE, q, b, zone, z)
        done += 1


@kernel
def destroy_or_discard(s, c, inst, owner, forced):
    """Where a card of `owner`'s that would be destroyed goes: its destroyed cards, or its discard
    pile if the current Epic lets its owner discard it instead and they do (Inflexible, POS-9: a
    destroy another player's card imposes, `forced`, or with `epic_inflexible_scope = any_destroy`
    any destroy, costs included)."""
    if s.g[G_EPIC_RULES] and rule_reaches(s, c, E.OP_DISCARD_INSTEAD, inst) \
            and (forced or s.rules[R_EPIC_INFLEXIBLE_SCOPE] != INFLEXIBLE_FORCED_ONLY) and decide_may(s, c, owner):
        return E.Z_DISCARD
    return E.Z_DESTROYED


@kernel
def op_upgrade(s, c, op, src_inst, p):
    """Bronze Cloth: destroy 2 identical cards of its Hero from hand, put the next rank into the
    op's destination (the discard pile; the hand for a V2 Cloth). A Knight technique (from =
    "cloth", ASG-5) applies the equipped Cloth's upgrade destroying one copy (`knight_pick`)."""
    hero = c.hero[c.inst_card[src_inst]]
    if op[E.F_ZONE] == E.Z_CLOTH:
        cl = knight_cloth(s, c, p, hero)
        a = knight_pick(s, c, p, hero) if cl >= 0 else -1
        if a < 0:
            return False
        up = upgrade_copy(s, c, p, hero, c.ranks[c.inst_card[a]])
        move_to(s, a, p, destroy_or_discard(s, c, a, p, False))
        log_event(s, c, E.EV_DESTROY, p, a, E.Z_HAND, 0)
        take_upgrade(s, c, p, up, upgrade_destination(c, c.inst_card[cl]))
        return True
    nh = s.zone_n[p, E.Z_HAND]
    for i in range(nh):
        a = s.zone[p, E.Z_HAND, i]
        ka = c.inst_card[a]
        if c.hero[ka] != hero:
            continue
        for j in range(i + 1, nh):
            b = s.zone[p, E.Z_HAND, j]
            if c.inst_card[b] != ka:
                continue
            up = upgrade_copy(s, c, p, hero, c.ranks[ka])
            if up < 0:
                break  # no copy of the rank above a's: try another pair
            move_to(s, a, p, destroy_or_discard(s, c, a, p, False))
            log_event(s, c, E.EV_DESTROY, p, a, E.Z_HAND, 0)
            move_to(s, b, p, destroy_or_discard(s, c, b, p, False))
            log_event(s, c, E.EV_DESTROY, p, b, E.Z_HAND, 0)
            take_upgrade(s, c, p, up, op[E.F_TO])
            return True
    return False


@kernel
def take_upgrade(s, c, p, up, dst):
    """The set-aside copy `up` goes to dst (the discard pile or the hand). A Transcended Hero so
    put into the discard pile stays there: it enters by the upgrade, it is not discarded (POS-15)."""
    if s.inst_home[up] >= 0:
        zone_remove(s, up)
        zone_push(s, p, dst, up)
    else:
        move_to(s, up, p, dst)
    into_hand = dst == E.Z_HAND
    if into_hand:
        hold(s, c, p, up)
    log_event(s, c, E.EV_UPGRADE, p, up, 1 if into_hand else 0, 0)


@kernel
def give_self(s, c, inst, p, q, dst):
    """This card goes to q's zone dst (Gigas: from the field to a discard pile; the Ring: into an
    opponent's play area; Balmung: to the marked area of the owner of the card it destroyed,
    ASG-19). Off the field its Flame and Sapphire fire (GEN-4); a frozen card keeps its token
    as it is. Reaching another player, it is an acquisition of theirs (a gift)."""
    row = s.inst_row[inst]
    if row == q and s.inst_zone[inst] == dst:
        return
    if field_slot(s, inst) >= 0:
        take_off_field(s, c, inst, E.FLAME_EFFECT, p)
        zone_push(s, q, dst, inst)
    elif row >= 0:
        side = s.inst_freeze[inst]
        if s.inst_zone[inst] == E.Z_RELICS:
            detach_fighters(s, inst)
        move_to(s, inst, q, dst)
        if dst == E.Z_FROZEN and side > 0:
            s.inst_freeze[inst] = side
    else:
        return
    if row != q:
        log_event(s, c, E.EV_ACQUIRE, q, inst, E.ACQ_GIFT, -1)
    else:
        log_event(s, c, E.EV_MOVE, q, inst, -1, dst)


@kernel
def has_targets(s, c, row, p, src_inst):
    """For a chosen-player op of p's (op row `row`): which players have something it can act on,
    as far as p can see: in a hidden zone (another player's hand, any draw pile), any card at all.
    "X or Y" (ASG-21): something for either move."""
    out = np.zeros(E.MAX_SEATS, np.bool_)
    op = c.ops[row]
    code = op[E.F_OP]
    for q in range(s.g[G_NPLAYERS]):
        if code == E.OP_MOVE and (op[E.F_FLAGS] & E.OPF_OR):
            out[q] = collect_count(s, c, op, q, src_inst) > 0 or collect_count(s, c, c.ops[row + 1], q, src_inst) > 0
        elif code == E.OP_GIVE_SELF:
            out[q] = True
        elif code == E.OP_TAKE_WEAPON:
            out[q] = s.pl[q, PL_WEAPONS] > 0
        elif code == E.OP_SWAP_CLOTH:
            out[q] = s.zone_n[q, E.Z_CLOTH] > 0 and matches(c, s.zone[q, E.Z_CLOTH, 0], op[E.F_FILTER])
        elif code == E.OP_SWAP_ZONES:
            out[q] = (collect(s, c, op[E.F_ZONE], op[E.F_FILTER], q, src_inst, True, s.scratch) > 0
                      and collect(s, c, op[E.F_TO], op[E.F_A], q, src_inst, True, s.scratch) > 0)
        elif op[E.F_ZONE] == E.Z_DRAW or (op[E.F_ZONE] == E.Z_HAND and q != p):
            out[q] = s.zone_n[q, op[E.F_ZONE]] > 0
        elif op[E.F_ZONE] < E.N_PLAYER_ZONES or op[E.F_ZONE] == E.Z_SRC_MARKED or op[E.F_ZONE] == E.Z_SRC_IN_PLAY:
            out[q] = collect(s, c, op[E.F_ZONE], op[E.F_FILTER], q, src_inst, True, s.scratch) > 0
        else:
            out[q] = True
    return out


@kernel
def reaches_hilda(op):
    """SOLO-13: what Hilda suffers of the player's effects: her cards discarded, wounded, frozen,
    destroyed, or taken, swapped or given by the player. She ignores the rest: draws, heals,
    Energy, reshuffles, her set-aside pile (her draw-pile zone) and what has no procedure of hers."""
    code = op[E.F_OP]
    if code == E.OP_MOVE:
        src = op[E.F_ZONE]
        dst = op[E.F_TO]
        heal = (is_marked_zone(src) or src == E.Z_SRC_MARKED) and (dst == E.Z_DISCARD or dst == E.Z_HAND)
        return not heal and src != E.Z_DRAW and dst != E.Z_HAND and dst != E.Z_DRAW and dst != E.Z_DST_DRAW_TOP
    return code == E.OP_GIVE_SELF or code == E.OP_SWAP_CLOTH or code == E.OP_PLAY


@kernel
def run_op(s, c, i, src_inst, p, q, target, slot):
    """Run op row i for controller p on player q. False ends the block: an unpaid cost, or a
    `then` op not done in full (GEN-22: "X ; Y" gives Y only when X was done in full).
    Moves and draws, the commonest, are run here, the other ops by `run_other_op`: a function
    zeroes on every entry a stack slot for each call it makes (see `apply_action`)."""
    op = c.ops[i]
    if not cond_holds(s, c, op[E.F_COND], src_inst, target, p):
        return True
    if s.g[G_HILDA] and q == hilda_seat(s) and not reaches_hilda(op):
        return True
    code = op[E.F_OP]
    if (op[E.F_FLAGS] & E.OPF_OTHERWISE) and s.g[G_LAST_MOVED] > 0:
        return True  # "if not": the op before it did something
    then = (op[E.F_FLAGS] & E.OPF_THEN) != 0
    if code == E.OP_MOVE:
        done = op_move(s, c, op, src_inst, p, q)
        if then and op[E.F_N] != E.N_ALL and s.g[G_LAST_MOVED] < op[E.F_N]:
            return False
        return done
    if code == E.OP_DRAW:
        n = draw_count(s, c, op, src_inst, p, target)
        drawn = draw_cards(s, c, q, n)
        s.g[G_LAST_MOVED] = drawn  # the next op may take them (from = "drawn")
        if drawn < n and then:
            return False
        return True
    return run_other_op(s, c, i, op, src_inst, p, q, target, slot, then)


@kernel
def run_other_op(s, c, i, op, src_inst, p, q, target, slot, then):
    """`run_op` for the ops other than moves and draws (op: row i of the program table)."""
    code = op[E.F_OP]
    if code == E.OP_SHUFFLE:
        shuffle_zone(s, q, op[E.F_ZONE])
    elif code == E.OP_REMOVE_FLAME:
        remove_flames(s, c, op[E.F_N], E.FLAME_TEXT, src_inst, p)
    elif code == E.OP_ACQUIRE:
        if not op_acquire(s, c, op, src_inst, p, slot) and then:
            return False
    elif code == E.OP_FIELD_REMOVE:
        op_field_remove(s, c, op, src_inst, p, refills_next(c, i))
    elif code == E.OP_REPLACE_FROM_RESERVE:
        replace_from_reserve(s, c, src_inst, op[E.F_FILTER], p)
    elif code == E.OP_FIELD_REFILL:
        s.g[G_FIELD_REVEALS] = 0
        if op[E.F_FLAGS] & E.OPF_SAME_SLOT:
            if s.g[G_LAST_MOVED] > 0:
                push_pending(s, P_REFILL, s.g[G_LAST_SLOT], 0, 0, 0)
        else:
            push_pending(s, P_REFILL, -1, 0, 0, 0)
    elif code == E.OP_FIELD_SWAP:
        a, b = choose_field_swap(s, c, p)
        if a >= 0 and not (is_last_general(s, s.field[a]) or is_last_general(s, s.field[b])):
            tmp = s.field[a]
            s.field[a] = s.field[b]
            s.field[b] = tmp
            log_event(s, c, E.EV_SWAP, p, s.field[a], a, b)
            if s.g[G_POSEIDON]:  # co-op: the two cards changed piles
                release_moved_fighters(s)
    elif code == E.OP_BUFF:
        if op[E.F_ZONE] == E.Z_SRC_THIS:  # the card itself, while it faces a card (a Talent, HAD-12)
            t = src_inst if s.inst_zone[src_inst] == E.Z_PLAY and s.inst_facing[src_inst] >= 0 else -1
        else:
            t = choose_buff_target(s, c, p, op[E.F_FILTER])
        times = buff_times(s, c, op)
        if t >= 0 and times > 0:
            s.inst_buff_str[t] += op[E.F_A] * times
            s.inst_buff_cos[t] += op[E.F_B] * times
            s.g[G_TURN_MARKS] = 1
            log_event(s, c, E.EV_BUFF, p, t, op[E.F_A] * times, op[E.F_B] * times)
    elif code == E.OP_TURN_BUFF:
        s.pl[p, PL_TURN_STRENGTH] += op[E.F_A]
        log_event(s, c, E.EV_BUFF, p, -1, op[E.F_A], 0)
    elif code == E.OP_COST_CUT:
        buf = s.scratch
        nc = collect(s, c, E.Z_SRC_FIELD, op[E.F_FILTER], p, src_inst, True, buf)
        if nc > 0:
            best = choose_cost_cut(s, c, p, buf, nc)
            t = buf[best]
            times = s.g[G_SPENT_TOKENS] if op[E.F_FLAGS] & E.OPF_PER_TOKEN else 1
            s.inst_cut_str[t] += op[E.F_A] * times
            s.inst_cut_cos[t] += op[E.F_B] * times
            s.g[G_TURN_MARKS] = 1
            log_event(s, c, E.EV_COST_CUT, p, t, op[E.F_A] * times, op[E.F_B] * times)
    elif code == E.OP_ALT_COST_TURN:
        s.pl[p, PL_ALT_FILTER] = op[E.F_FILTER] + 1
    elif code == E.OP_UPGRADE:
        return op_upgrade(s, c, op, src_inst, p)
    elif code == E.OP_GAIN_ENERGY:
        gain_energy(s, c, p, op[E.F_N])
    elif code == E.OP_GAIN_WEAPON:
        gain_weapon(s, c, p, src_inst)
    elif code == E.OP_VP_TOKEN:
        op_vp_token(s, c, op, src_inst, p)
    elif code == E.OP_VP_TOKENS_TO_MOST:
        vp_tokens_to_most(s, c, op, src_inst)
    elif code == E.OP_GRAAD_END:
        graad_end(s, c, op)
    elif code == E.OP_NAME_HERO_DISCARD:
        name_hero_discard(s, c, op, p)
    elif code == E.OP_SWAP_MARKED:
        if q >= 0:
            swap_marked(s, c, op, q)
    elif code == E.OP_TAKE_VP_TOKENS:  # a bonus per counted card (Prise d'otages, POS-9)
        if q >= 0:
            taken = op[E.F_A] * draw_count(s, c, op, src_inst, q, target)
            s.pl[q, PL_VP_TOKENS] += taken
            log_event(s, c, E.EV_VP_TAKEN, q, src_inst, taken, s.pl[q, PL_VP_TOKENS])
    elif code == E.OP_TAKE_WEAPON:
        take_weapon(s, c, p, q, src_inst)
    elif code == E.OP_FIELD_ARRIVAL:
        apply_field_arrival(s, c, p)
    elif code == E.OP_PUT_BENEATH:
        if q >= 0:
            put_beneath(s, c, op, src_inst, p, q)
    elif code == E.OP_OPEN_TARGET:
        if q >= 0:
            open_target(s, c, op, p, q)
    elif code == E.OP_WOUND_FOR_SAME_RANK:
        if q >= 0:
            wound_for_same_rank(s, c, op, q)
    elif code == E.OP_SWAP_SAME_RANK:
        if q >= 0 and q != p:
            swap_same_rank(s, c, op, p, q)
    elif code == E.OP_TRADE_MARKED:
        trade_marked(s, c, op, src_inst, p)
    elif code == E.OP_DISCARD_ENGAGEMENT:
        apply_discard_engagement(s, c, p)
    elif code == E.OP_FIELD_EXITS:
        apply_field_exits(s, c, p)
    elif code == E.OP_PLAY:
        if q >= 0:
            op_play(s, c, op, src_inst, p, q)
            if then and s.g[G_LAST_MOVED] < op[E.F_N]:
                return False
    elif code == E.OP_SWAP_CLOTH:  # from the fight it was sent into (GEN-21) or equipped
        zone = s.inst_zone[src_inst]
        if (zone == E.Z_CLOTH or (zone == E.Z_PLAY and s.zone_n[p, E.Z_CLOTH] == 0)) and q >= 0 \
                and s.zone_n[q, E.Z_CLOTH] > 0 and not equip_locked(s, c, p) and not equip_locked(s, c, q):
            theirs = s.zone[q, E.Z_CLOTH, 0]
            move_to(s, src_inst, q, E.Z_CLOTH)
            move_to(s, theirs, p, E.Z_CLOTH)
            log_event(s, c, E.EV_ACQUIRE, p, theirs, E.ACQ_EFFECT, -1)
    elif code == E.OP_RETURN_TO_RESERVE:
        src_zone = location(s, src_inst)
        return_to_reserve(s, c, src_inst, p)
        log_event(s, c, E.EV_MOVE, p, src_inst, src_zone, E.Z_DST_RESERVE)
    elif code == E.OP_GIVE_SELF:
        if q >= 0:
            give_self(s, c, src_inst, p, q, op[E.F_TO])
    elif code == E.OP_SWAP_ZONES:
        a_buf = s.scratch
        na = collect(s, c, op[E.F_ZONE], op[E.F_FILTER], q, src_inst, True, a_buf)
        if na > 0:
            pick_cards(s, c, p, a_buf, na, 1, q != p)
            a = a_buf[0]
            nb = collect(s, c, op[E.F_TO], op[E.F_A], q, src_inst, True, a_buf)
            if nb > 0:
                pick_cards(s, c, p, a_buf, nb, 1, q == p)
                b = a_buf[0]
                put(s, c, a, op[E.F_TO], q, p)
                put(s, c, b, op[E.F_ZONE], q, p)
    elif code == E.OP_COSMOS_DRAW:
        s.inst_flags[src_inst] |= IF_COSMOS_DRAW
        s.g[G_TURN_MARKS] = 1
    elif code >= E.OP_GAIN_SOULS:
        return run_hades_op(s, c, op, p, q)
    return True


@kernel
def run_hades_op(s, c, op, p, q):
    """`run_op`'s Hades ops (sim/engine/rules/underworld.py), for controller p on player q."""
    code = op[E.F_OP]
    n = op[E.F_N]
    if code == E.OP_GAIN_SOULS:
        gain_souls(s, c, q, n)
    elif code == E.OP_LOSE_SOULS:
        if op[E.F_C] == 0 or has_the_most(s, q, op[E.F_C]):
            lose_souls(s, c, q, n)
    elif code == E.OP_GAIN_VP_TOKEN:
        s.pl[q, PL_VP_TOKENS] += n * op[E.F_A]
        log_event(s, c, E.EV_VP_TAKEN, q, -1, n * op[E.F_A], s.pl[q, PL_VP_TOKENS])
    elif code == E.OP_MOVE_MARKER:  # either way: the controller's "may" is toward Elysion
        to_elysion = op[E.F_A] == E.TOWARD_ELYSION or (op[E.F_A] == E.TOWARD_EITHER and decide_may(s, c, p))
        move_marker(s, c, q, -n if to_elysion else n)
    elif code == E.OP_GATE_TOKENS:  # `either`: the controller's "may" is to remove them instead
        if op[E.F_A] and decide_may(s, c, p):
            gate_tokens(s, c, -min(n, s.g[G_GATE_TOKENS]), p)
        else:
            gate_tokens(s, c, n, p)
    elif code == E.OP_FREE_SHACKLE:
        for _ in range(n):
            free_one(s, c, q, (op[E.F_FLAGS] & E.OPF_TOP) != 0)
    elif code == E.OP_DRAW_ABILITY:
        for _ in range(n):
            draw_ability(s, c, q)
    elif code == E.OP_REFILL_TRIAL:
        refill_trials(s, c, n)
    elif code == E.OP_RECHARGE_SENSE:
        recharge_one(s, q)
    elif code == E.OP_HOUSE_COUNTER:  # Duel: the player's House counter drops (DUEL-6)
        if s.g[G_DUEL]:
            set_counter(s, c, q, s.pl[q, PL_HOUSE_COUNTER] - n, E.HC_CONDITION)
    elif code == E.OP_LOSE_SENSE:
        lose_sense(s, c, q)
    elif code == E.OP_STYX_LOOK:  # the controller stacks them back, its best pick on top
        buf = s.scratch
        m = styx_top(s, n, buf)
        if m > 1:
            pick_cards(s, c, p, buf, m, m - 1, True)  # all in order: the last is the one left
            restack_styx(s, buf, m)
    elif code == E.OP_UNDERWORLD_CUT:  # an Underworld card within the controller's reach, its pick
        buf = s.scratch
        m = 0
        for space in range(E.UNDER_SPACES):
            t = underworld_reach(s, p, space)
            if t >= 0:
                buf[m] = t
                m += 1
        if m > 0:
            t = buf[choose_cost_cut(s, c, p, buf, m)]
            s.inst_cut_str[t] += op[E.F_A]
            s.g[G_TURN_MARKS] = 1
            log_event(s, c, E.EV_COST_CUT, p, t, op[E.F_A], 0)
    return True


@kernel
def pick_option(s, c, i, src_inst, p, q):
    """"X or Y" (ASG-21), the moves of op rows i and i + 1 for player q: the row to run, -1 for
    none. An option is possible if it has a card to move; if both are, q's policy picks."""
    buf = s.scratch
    na = move_candidates(s, c, c.ops[i], src_inst, q, buf)
    nb = move_candidates(s, c, c.ops[i + 1], src_inst, q, buf[na:])
    if na == 0:
        return i + 1 if nb > 0 else -1
    if nb == 0:
        return i
    chooser = p if c.ops[i, E.F_BY] == E.BY_SELF or q < 0 else q  # Balmung: its user picks
    return i if choose_option(s, c, chooser, c.ops[i], c.ops[i + 1], buf, na, nb) == 0 else i + 1


@kernel
def run_block(s, c, start, first, last, src_inst, p, q, target, slot):
    m = first
    while m < last:
        i = start + m
        if (c.ops[i, E.F_FLAGS] & E.OPF_OR) and m + 1 < last:
            m += 2
            pick = pick_option(s, c, i, src_inst, p, q)
            if pick >= 0 and not run_op(s, c, pick, src_inst, p, q, target, slot):
                return False
            continue
        if not run_op(s, c, i, src_inst, p, q, target, slot):
            return False
        m += 1
    return True


@inline_kernel
def run_program(s, c, trig, src_inst, p, target, slot):
    """Run the `trig` program of card instance src_inst for controller p.
    target: the field card src_inst faces (conditions); slot: the slot it was acquired from.
    Copied into its callers: most cards have no program for most triggers."""
    if c.prog[c.inst_card[src_inst], trig, 1] > 0:
        run_steps(s, c, trig, src_inst, p, target, slot)


@kernel
def run_steps(s, c, trig, src_inst, p, target, slot):
    """`run_program` of a card that has a `trig` program."""
    k = c.inst_card[src_inst]
    start, n = c.prog[k, trig, 0], c.prog[k, trig, 1]
    s.g[G_EFFECTS_RUN] += 1
    log_event(s, c, E.EV_EFFECT, p, src_inst, trig, 0)
    nplayers = s.g[G_NPLAYERS]
    active = s.g[G_ACTIVE]
    spared = s.g[G_SPARED] - 1  # a seat this Exit leaves out (Benetnash Robe), or -1
    immune = hilda_seat(s) if trig == E.T_EXIT and s.g[G_HILDA] else -1  # solo: Exits hit the player only (SOLO-13)
    i = 0
    while i < n:
        op = c.ops[start + i]
        who = op[E.F_WHO]
        j = i + 1
        while j < n and c.ops[start + j, E.F_WHO] == E.W_THAT_PLAYER:
            j += 1
        if s.g[G_POSEIDON] and p < nplayers and (who == E.W_EACH_OPPONENT or who == E.W_CHOSEN_OPPONENT):
            run_block(s, c, start, i, j, src_inst, p, s.g[G_POSEIDON] - 1, target, slot)  # co-op: Poseidon (COOP-19)
        elif who == E.W_EACH_PLAYER or who == E.W_EACH_OPPONENT:
            for r in range(nplayers):
                q = (active + r) % nplayers
                if (who == E.W_EACH_OPPONENT and q == p) or q == spared or q == immune:
                    continue
                run_block(s, c, start, i, j, src_inst, p, q, target, slot)
        elif who == E.W_CHOSEN_OPPONENT or who == E.W_CHOSEN_PLAYER:
            q = choose_player(s, c, p, op, who == E.W_CHOSEN_OPPONENT, (op[E.F_FLAGS] & E.OPF_HELP) != 0,
                              has_targets(s, c, start + i, p, src_inst))
            if q >= 0 and q != spared and q != immune:
                run_block(s, c, start, i, j, src_inst, p, q, target, slot)
        else:
            q = p
            if who == E.W_ACTIVE:
                q = active
            elif who == E.W_COMMON:
                q = -1
            if q >= 0 and (q == spared or q == immune):
                i = j
                continue
            if not run_block(s, c, start, i, j, src_inst, p, q, target, slot):
                return
        i = j
