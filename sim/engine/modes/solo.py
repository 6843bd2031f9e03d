"""The solo mode (Asgard, 1 player against Hilda): its setup, Hilda's steps, its end and scoring.

Rulings SOLO-1..19 (../shared/rules/asgard-rulings.md). The player is seat 0; Hilda holds seat 1's
zones (sim/engine/rules/hilda.py) and plays no turn: each turn she rolls her die, takes the card
in the rolled slot for free, applies the rolled icon, then the player plays a main phase and an
upkeep that removes the last field card wherever it is (GEN-14). No Clock: Flames do nothing
(GEN-20). A God Warrior leaving the field other than by the player's acquisition joins Hilda's
hand (sim/engine/rules/field.py). The game ends after the upkeep of turn `solo_turns`, or at once
when the field and the reserve are both empty. The player wins with strictly more VP than Hilda;
she scores her counted zones minus 1 per marked Character (SOLO-5/6). Her set-aside pile is her
draw-pile zone, so "*" cards count it as her deck.
Not played: Epics in solo (SOLO-19, rules `solo.epics`, off by default: a Poseidon component).
"""
import numpy as np

from sim.engine import enums as E
from sim.engine.jit import inline_kernel, kernel
from sim.engine.modes.classic import log_table, setup_game
from sim.engine.params import DIE_FILE, R_HILDA_DIE, R_SOLO_TURNS, R_UPKEEP_REMOVE_LAST_CARD
from sim.engine.policies.interface import pick_cards, prepare
from sim.engine.policies.registry import HILDA
from sim.engine.resolution.actions import drain
from sim.engine.resolution.turn import main_phase, upkeep
from sim.engine.rng import randint
from sim.engine.rules.cloth_exchange import exchange_armors
from sim.engine.rules.field import discard_from_field, field_is_empty, push_pending, take_off_field
from sim.engine.rules.fight import acquisition_banned, costs_for, healing_banned, min_fighters, own_rule
from sim.engine.rules.hilda import hand_limit, hilda_gains
from sim.engine.rules.scoring import score_player
from sim.engine.rules.zones import field_slot, log_event, move_all, move_to, place_token, take_top
from sim.engine.state import (G_ACTIVE, G_DIE, G_END_REASON, G_FIELD_REVEALS, G_FLAMES, G_HILDA, G_LAST_FLAMES_SEEN,
                              G_MOVE_DST, G_NO_CLOCK, G_NPLAYERS, G_ROUND, G_TURN, P_REFILL, PL_HERO, PL_VP)

PLAYERS = (1, 1)  # the player; Hilda is no player's seat of the run (SOLO-3)
BOXES = ("base", "asgard")  # SOLO-3
REMOVED_CARDS = ("Ring of the Nibelungen", "Balmung", "Hilda", "Pope")  # not in a solo reserve (SOLO-3)
HILDA_SEAT = 1
INDEPENDENT = 1  # kernel value of hilda_die = "independent"


@kernel
def setup_die(s):
    """SOLO-1: each face's slot and icon for this game: a random pairing of the six icons with
    faces 1-6 (the default), or a die file's; 'independent' rolls both apart (`roll`)."""
    how = s.rules[R_HILDA_DIE]
    if how >= DIE_FILE:
        code = how - DIE_FILE
        for face in range(6):
            v = code % 36
            code //= 36
            s.g[G_DIE + face] = (v % 6) * 8 + v // 6
        return
    icons = np.arange(6)
    for i in range(5, 0, -1):
        j = randint(s.rng, i + 1)
        tmp = icons[i]
        icons[i] = icons[j]
        icons[j] = tmp
    for face in range(6):
        s.g[G_DIE + face] = face * 8 + icons[face]


@kernel
def roll(s):
    """Hilda's roll: (slot index 0-5, icon)."""
    if s.rules[R_HILDA_DIE] == INDEPENDENT:
        return randint(s.rng, 6), randint(s.rng, 6)
    v = s.g[G_DIE + randint(s.rng, 6)]
    return v // 8, v % 8


@kernel
def hilda_takes(s, c, inst, how):
    """Hilda acquires the field card inst (SOLO-8): no card effect; its Sapphire still counts and a
    base Gold Saint opens the player's V2 exchange (ASG-18)."""
    log_event(s, c, E.EV_FIELD_OUT, s.g[G_ACTIVE], inst, field_slot(s, inst), E.OUT_HILDA)
    take_off_field(s, c, inst, E.FLAME_ACQUIRED, HILDA_SEAT)
    hilda_gains(s, c, inst, how, True)
    exchange_armors(s, c, c.inst_card[inst])


@kernel
def face_discard(s, c):
    """SOLO-11: one card of the player's hand, at random, to their discard pile."""
    n = s.zone_n[0, E.Z_HAND]
    if n > 0:
        inst = s.zone[0, E.Z_HAND, randint(s.rng, n)]
        move_to(s, inst, 0, E.Z_DISCARD)
        log_event(s, c, E.EV_DISCARD, 0, inst, E.Z_HAND, 0)


@inline_kernel
def face_freeze(s, c):
    """SOLO-11: the player freezes a card of their choice from their hand; its Marked effect fires."""
    n = s.zone_n[0, E.Z_HAND]
    if n == 0:
        return
    buf = s.scratch
    for j in range(n):
        buf[j] = s.zone[0, E.Z_HAND, j]
    s.g[G_MOVE_DST] = E.Z_FROZEN
    pick_cards(s, c, 0, buf, n, 1, False)
    place_token(s, c, buf[0], 0, E.Z_FROZEN)
    log_event(s, c, E.EV_FREEZE, 0, buf[0], E.Z_HAND, 0)
    drain(s, c)


@kernel
def face_draw(s, c):
    """SOLO-9: the top of Hilda's discard pile to her hand, the rest of it face down to her
    set-aside pile, then her hand's limit."""
    n = s.zone_n[HILDA_SEAT, E.Z_DISCARD]
    if n == 0:
        return
    top = s.zone[HILDA_SEAT, E.Z_DISCARD, n - 1]
    take_top(s, HILDA_SEAT, E.Z_DISCARD)
    s.inst_row[top] = -1
    s.inst_zone[top] = -1
    hilda_gains(s, c, top, E.HILDA_DRAW, False)
    move_all(s, HILDA_SEAT, E.Z_DISCARD, E.Z_DRAW)
    hand_limit(s, c)


@kernel
def heal_priority(c, inst):
    k = c.inst_card[inst]
    return max(c.vp[k], 0) * 1000 + c.strength[k] + c.cosmos[k]


@inline_kernel
def face_purify(s, c):
    """SOLO-10: every field card leaves, last slot first (Exits hit the player; God Warriors join
    Hilda's hand); the field refills with Arrivals; then Hilda heals her marked cards with 1 heart
    plus her hand's and Armor's Heal, the most printed VP first, then the highest Strength +
    Cosmos (a Wound takes 1 heart, a Freeze token 2, or 1 on side 1; a last lone heart turns it)."""
    for slot in range(E.N_SLOTS - 1, -1, -1):
        inst = s.field[slot]
        if inst >= 0:
            discard_from_field(s, c, inst, E.FLAME_EFFECT, E.OUT_EFFECT, s.g[G_ACTIVE], -1)
            drain(s, c)
    s.g[G_FIELD_REVEALS] = 0
    push_pending(s, P_REFILL, -1, 0, 0, 0)
    drain(s, c)
    if healing_banned(s, c):
        return
    hearts = 1
    for z in (E.Z_HAND, E.Z_CLOTH):
        for j in range(s.zone_n[HILDA_SEAT, z]):
            hearts += c.heal[c.inst_card[s.zone[HILDA_SEAT, z, j]]]
    while hearts > 0:
        best = -1
        for z in (E.Z_WOUNDED, E.Z_FROZEN):
            for j in range(s.zone_n[HILDA_SEAT, z]):
                inst = s.zone[HILDA_SEAT, z, j]
                if best < 0 or heal_priority(c, inst) > heal_priority(c, best):
                    best = inst
        if best < 0:
            return
        cost = s.inst_freeze[best] if s.inst_zone[best] == E.Z_FROZEN else 1
        if hearts < cost:
            s.inst_freeze[best] -= hearts
            log_event(s, c, E.EV_HEAL, HILDA_SEAT, best, -1, 1)
            return
        hearts -= cost
        move_to(s, best, HILDA_SEAT, E.Z_DISCARD)
        log_event(s, c, E.EV_HEAL, HILDA_SEAT, best, -1, 0)


@kernel
def buy_priority(c, inst, slot):
    k = c.inst_card[inst]
    return (max(c.vp[k], 0) * 100 + c.strength[k] + c.cosmos[k]) * 8 + slot


@inline_kernel
def face_buy(s, c, by_cosmos):
    """SOLO-12: Hilda discards her Armor, then her hand cards from left to right, that have
    Strength (Cosmos), and spends their sum on field cards, the most printed VP first, then the
    highest Strength + Cosmos, then the closest to slot 6, until nothing is affordable. Costs
    carry every field modifier; bans apply; a card needing n fighting Characters needs n among
    the cards she discarded; one asking for a discard to fight it (Dolphin) cannot be bought."""
    pool = 0
    chars = 0
    for z in (E.Z_CLOTH, E.Z_HAND):
        j = 0
        while j < s.zone_n[HILDA_SEAT, z]:
            inst = s.zone[HILDA_SEAT, z, j]
            k = c.inst_card[inst]
            value = c.cosmos[k] if by_cosmos else c.strength[k]
            if value >= 1:
                pool += value
                if c.classes[k] & E.CLASS_CHARACTER:
                    chars += 1
                move_to(s, inst, HILDA_SEAT, E.Z_DISCARD)
                log_event(s, c, E.EV_DISCARD, HILDA_SEAT, inst, z, 0)
            else:
                j += 1
    while True:
        best = -1
        best_key = -1
        best_cost = 0
        for slot in range(E.N_SLOTS):
            inst = s.field[slot]
            if inst < 0:
                continue
            str_cost, cos_cost = costs_for(s, c, inst, HILDA_SEAT, False)
            cost = cos_cost if by_cosmos else str_cost
            if cost <= 0 or cost > pool or acquisition_banned(s, c, inst) or chars < min_fighters(c, inst) \
                    or own_rule(c, inst, E.OP_FACE_COST) >= 0:
                continue
            if best < 0 or buy_priority(c, inst, slot) > best_key:
                best = inst
                best_key = buy_priority(c, inst, slot)
                best_cost = cost
        if best < 0:
            return
        pool -= best_cost
        hilda_takes(s, c, best, E.HILDA_COSMOS if by_cosmos else E.HILDA_STRENGTH)
        drain(s, c)


@inline_kernel
def hilda_step(s, c):
    """Hilda's two steps, before the player's main phase (SOLO-2, SOLO-8..12)."""
    slot, icon = roll(s)
    hilda_face(s, c, slot, icon)


@inline_kernel
def hilda_face(s, c, slot, icon):
    """Hilda's steps for a roll of this slot (index 0-5) and icon."""
    log_event(s, c, E.EV_HILDA_ROLL, HILDA_SEAT, -1, slot + 1, icon)
    inst = s.field[slot]
    if inst >= 0:  # an empty slot: nothing to take, the icon still applies (SOLO-2)
        hilda_takes(s, c, inst, E.HILDA_ROLL)
        drain(s, c)
    if icon == E.DIE_DISCARD:
        face_discard(s, c)
    elif icon == E.DIE_DRAW:
        face_draw(s, c)
    elif icon == E.DIE_PURIFY:
        face_purify(s, c)
    elif icon == E.DIE_FREEZE:
        face_freeze(s, c)
    else:
        face_buy(s, c, icon == E.DIE_COSMOS)


@kernel
def hilda_vp(s, c):
    """SOLO-6: her counted zones' VP, minus 1 per marked Character."""
    marked = 0
    for z in (E.Z_WOUNDED, E.Z_FROZEN):
        for j in range(s.zone_n[HILDA_SEAT, z]):
            if c.classes[c.inst_card[s.zone[HILDA_SEAT, z, j]]] & E.CLASS_CHARACTER:
                marked += 1
    return score_player(s, c, HILDA_SEAT) - marked


@inline_kernel
def play_game(s, c, game, seed, n_players, heroes, algorithms, weights, log_level, check,
              shuffle_seats, shares):
    setup_game(s, c, game, seed, n_players, heroes, algorithms, weights, log_level, check, shuffle_seats)
    s.rules[R_UPKEEP_REMOVE_LAST_CARD] = 1  # forced on in solo (GEN-14)
    s.g[G_NO_CLOCK] = 1
    s.g[G_FLAMES] = 0
    s.g[G_LAST_FLAMES_SEEN] = 0
    s.g[G_HILDA] = HILDA_SEAT + 1
    s.g[G_NPLAYERS] = 2
    s.pl[HILDA_SEAT, PL_HERO] = -1
    prepare(s, c, HILDA_SEAT, HILDA, weights[0], 0)
    setup_die(s)
    action = s.action
    keep = s.keep
    end = E.END_TURNS_PLAYED
    for turn in range(1, s.rules[R_SOLO_TURNS] + 1):
        s.g[G_ROUND] = turn
        s.g[G_ACTIVE] = 0
        s.g[G_TURN] += 1
        log_event(s, c, E.EV_TURN, 0, -1, turn, 0)
        hilda_step(s, c)
        if field_is_empty(s) and s.zone_n[E.COMMON, E.Z_RESERVE] == 0:
            end = E.END_RESERVE_EXHAUSTED
            break
        if log_level == E.LOG_FULL:
            log_table(s, c, 0)
        main_phase(s, c, 0, action)
        hand_limit(s, c)
        upkeep(s, c, 0, keep)
        hand_limit(s, c)
        if field_is_empty(s) and s.zone_n[E.COMMON, E.Z_RESERVE] == 0:
            end = E.END_RESERVE_EXHAUSTED
            break
    s.g[G_END_REASON] = end
    log_event(s, c, E.EV_END, -1, -1, end, 0)
    s.pl[0, PL_VP] = score_player(s, c, 0)
    s.pl[HILDA_SEAT, PL_VP] = hilda_vp(s, c)
    log_event(s, c, E.EV_SCORE, 0, -1, s.pl[0, PL_VP], 0)
    log_event(s, c, E.EV_SCORE, HILDA_SEAT, -1, s.pl[HILDA_SEAT, PL_VP], 0)
    shares[0] = 1.0 if s.pl[0, PL_VP] > s.pl[HILDA_SEAT, PL_VP] else 0.0  # a tie is a loss (SOLO-5)
