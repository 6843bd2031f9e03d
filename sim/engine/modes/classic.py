"""The classic mode (2-5 players): its setup, its turn loop, its end and its scoring.

A mode module defines `play_game(s, c, game, seed, n_players, heroes, algorithms, weights,
log_level, check, shuffle_seats)`: play one game on the state, leaving each seat's VP in
s.pl[:, PL_VP] and its win share in `shares` (sim/engine/batch.py records the rest).
End (GEN-8, GEN-9, R8): the turn in which the last flame goes out is finished, then the game
ends; a game also ends when the field and the reserve are both empty, or after the round cap
(rules parameter `round_cap`). Scoring: VP of the deck zones (GEN-11); ties share the win (R7).
"""
import numpy as np
from sim.engine import enums as E
from sim.engine.allocation import refill_each_game
from sim.engine.jit import inline_kernel, kernel
from sim.engine.params import R_ROUND_CAP
from sim.engine.rules.epics import setup_epics
from sim.engine.rules.field import reveal
from sim.engine.rules.pillars import setaside_pillars
from sim.engine.rules.trials import setup_trials
from sim.engine.rules.underworld import setup_underworld
from sim.engine.policies.interface import prepare
from sim.engine.rng import randint, seed_game
from sim.engine.rules.scoring import final_shares, score_player
from sim.engine.state import (G_ACTIVE, G_END_REASON, G_ENERGY_ON, G_FIELD_END, G_FLAMES, G_GAME, G_RELICS_ON,
                    G_CHECK, G_LAST_FLAMES_SEEN, G_LOG_LEVEL, G_NPLAYERS,
                    G_ROUND, G_SEED, G_TURN, G_END_NOW, G_ATHENA, G_FACE_RULES_ON, G_GRANTS_ON, G_WOUND_CUTS_ON, G_FREEZES_ON, PL_ENTRY, PL_HERO, PL_VP)
from sim.engine.resolution.turn import HAND_SIZE, end_after_turn, main_phase, upkeep
from sim.engine.rules.zones import (draw_cards, has_field_rule, has_op, has_program, has_relics, log_event, shuffle_zone,
                                    uses_energy, zone_push)

PLAYERS = (2, 5)  # the fewest and most players (GEN-1)


@kernel
def same_policies(algorithms, weights, n_players):
    for p in range(1, n_players):
        if algorithms[p] != algorithms[0]:
            return False
        for k in range(weights.shape[1]):
            if weights[p, k] != weights[0, k]:
                return False
    return True


@kernel
def setup_game(s, c, game, seed, n_players, heroes, algorithms, weights, log_level, check,
               shuffle_seats):
    setup_players(s, c, game, seed, n_players, heroes, algorithms, weights, log_level, check, shuffle_seats)
    s.g[G_FIELD_END] = E.CLASSIC_SLOTS - 1
    for slot in range(E.CLASSIC_SLOTS):  # R5: no Arrival at setup
        reveal(s, c, slot, True, -1)
    setup_underworld(s, c, n_players)
    setup_trials(s, c)
    setup_epics(s, c)


@kernel
def setup_players(s, c, game, seed, n_players, heroes, algorithms, weights, log_level, check,
                  shuffle_seats):
    """What every mode with players sets up: the game's counters and rules, the Heroes and seats,
    each player's deck, hand, set-aside cards and board, the reserve shuffled, the Pillars and
    the Epics set aside."""
    refill_each_game(s)
    seed_game(s.rng, seed, game)
    s.g[G_GAME] = game
    s.g[G_SEED] = seed
    s.g[G_NPLAYERS] = n_players
    s.g[G_LOG_LEVEL] = log_level
    s.g[G_FLAMES] = E.N_FLAMES
    s.g[G_END_REASON] = -1
    s.g[G_CHECK] = check
    s.g[G_LAST_FLAMES_SEEN] = E.N_FLAMES
    s.g[G_ENERGY_ON] = uses_energy(c)
    s.g[G_RELICS_ON] = has_relics(c)
    s.g[G_FREEZES_ON] = has_op(c, E.T_FIGHTING, E.OP_FREEZE_ALONGSIDE)
    s.g[G_WOUND_CUTS_ON] = has_op(c, E.T_COST, E.OP_WOUND_CUT)
    s.g[G_GRANTS_ON] = has_program(c, E.T_GRANTED_EXIT)
    s.g[G_FACE_RULES_ON] = has_field_rule(c, E.FIELD_BIT[E.OP_FACE_BAN] | E.FIELD_BIT[E.OP_FACE_COST_FOR])
    # R9: distinct Heroes, dealt at random unless fixed
    order = np.arange(E.N_HEROES)
    for i in range(E.N_HEROES - 1, 0, -1):
        j = randint(s.rng, i + 1)
        tmp = order[i]
        order[i] = order[j]
        order[j] = tmp
    seat_of_hero = np.full(E.N_HEROES, -1, np.int64)
    used = np.zeros(E.N_HEROES, np.bool_)
    for p in range(n_players):
        if heroes[p] >= 0:
            used[heroes[p]] = True
    k = 0
    for p in range(n_players):
        h = heroes[p]
        if h < 0:
            while used[order[k]]:
                k += 1
            h = order[k]
            used[h] = True
        s.pl[p, PL_HERO] = h
        seat_of_hero[h] = p
    # R9: the given policies take the seats in a random order each game, unless seats are fixed
    # (when every seat plays the same policy there is nothing to assign)
    entry = np.arange(n_players)
    if shuffle_seats and not same_policies(algorithms, weights, n_players):
        for i in range(n_players - 1, 0, -1):
            j = randint(s.rng, i + 1)
            tmp = entry[i]
            entry[i] = entry[j]
            entry[j] = tmp
    for p in range(n_players):
        s.pl[p, PL_ENTRY] = entry[p]
    # Starting decks (9 civilians + Bronze Cloth), set-aside armoured Heroes, the reserve
    board_copy = 0  # a board card of no hero (the Robe of Odin): copy i goes to seat i
    for inst in range(c.inst_card.shape[0]):
        kc = c.inst_card[inst]
        board_copy = board_copy + 1 if inst > 0 and c.inst_card[inst - 1] == kc else 0
        if c.start[kc] == 4 and c.hero[kc] < 0:
            if board_copy < n_players:
                zone_push(s, board_copy, E.Z_BOARD, inst)
        elif c.start[kc] == 0:
            zone_push(s, E.COMMON, E.Z_RESERVE, inst)
        elif c.start[kc] == E.START_PILLAR:
            setaside_pillars(s, c, inst)
        elif c.start[kc] == E.START_EPIC:
            zone_push(s, E.COMMON, E.Z_EPICS, inst)
        elif c.start[kc] == E.START_STYX:
            zone_push(s, E.COMMON, E.Z_STYX, inst)
        elif c.start[kc] == E.START_TRIAL:
            zone_push(s, E.COMMON, E.Z_TRIAL_PILE, inst)
        elif c.start[kc] == E.START_ABILITY:
            zone_push(s, E.COMMON, E.Z_ABILITY_PILE, inst)
        elif c.start[kc] == E.START_DUEL:  # a side's Heroes and Abilities; Athena, Divine Warrior set aside (DUEL-3, DUEL-10)
            side = c.side[kc]
            zone_push(s, side if side >= 0 else E.COMMON,
                      E.Z_ABILITY_PILE if c.classes[kc] & E.CLASS_ABILITY else E.Z_DRAW if side >= 0 else E.Z_OUT, inst)
            if side < 0:
                s.g[G_ATHENA] = inst + 1
        elif c.start[kc] == E.START_HOUSE:
            zone_push(s, E.COMMON, E.Z_HOUSE_PILE, inst)
        elif c.start[kc] == E.START_ALTAR:  # the Duel's setup picks one (DUEL-9)
            zone_push(s, E.COMMON, E.Z_OUT, inst)
        elif c.start[kc] == 3:  # a gift (sim.worth): the starting deck of seat game mod players
            zone_push(s, game % n_players, E.Z_DRAW, inst)
        elif c.hero[kc] >= 0 and seat_of_hero[c.hero[kc]] >= 0:
            p = seat_of_hero[c.hero[kc]]
            zone_push(s, p, E.Z_DRAW if c.start[kc] == 1 else E.Z_BOARD if c.start[kc] == 4 else E.Z_SETASIDE, inst)
            if c.classes[kc] & E.CLASS_TRANSCENDED:
                s.inst_home[inst] = p  # it comes back here (POS-15)
    shuffle_zone(s, E.COMMON, E.Z_RESERVE)
    for p in range(n_players):
        shuffle_zone(s, p, E.Z_DRAW)
        draw_cards(s, c, p, HAND_SIZE)
        prepare(s, c, p, algorithms[entry[p]], weights[entry[p]], entry[p])


@kernel
def log_table(s, c, p):
    """Full log only: what the active player sees at the start of the turn."""
    for slot in range(E.N_SLOTS):
        if s.field[slot] >= 0:
            log_event(s, c, E.EV_FIELD, p, s.field[slot], slot, 0)
    for j in range(s.zone_n[p, E.Z_HAND]):
        log_event(s, c, E.EV_HAND, p, s.zone[p, E.Z_HAND, j], s.zone_n[p, E.Z_DRAW], s.zone_n[p, E.Z_DISCARD])


@kernel
def play_turn(s, c, p, shown, log_level, action, keep):
    """Seat p's turn in the classic, co-op and Duel modes: logged with the round and `shown` (the
    flames, the water or the House counter), the main phase, then the upkeep unless an effect ended
    the game at once (POS-7). True if the upkeep was played."""
    s.g[G_ACTIVE] = p
    s.g[G_TURN] += 1
    log_event(s, c, E.EV_TURN, p, -1, s.g[G_ROUND], shown)
    if log_level == E.LOG_FULL:
        log_table(s, c, p)
    main_phase(s, c, p, action)
    if s.g[G_END_NOW]:
        return False
    upkeep(s, c, p, keep)
    return True


@inline_kernel
def play_game(s, c, game, seed, n_players, heroes, algorithms, weights, log_level, check,
              shuffle_seats, shares):
    setup_game(s, c, game, seed, n_players, heroes, algorithms, weights, log_level, check,
               shuffle_seats)
    action = s.action  # arrays of the state: passing them costs no reference counting
    keep = s.keep
    end = -1
    while end < 0:
        for p in range(n_players):
            if p == 0:
                if s.g[G_ROUND] >= s.rules[R_ROUND_CAP]:
                    end = E.END_TURN_CAP
                    break
                s.g[G_ROUND] += 1
            play_turn(s, c, p, s.g[G_FLAMES], log_level, action, keep)
            end = end_after_turn(s, c)
            if end >= 0:
                break
    score_game(s, c, end, n_players, shares)


@kernel
def score_game(s, c, end, n_players, shares):
    """The game ended (END_*): each seat's VP, and the win shares (R7)."""
    s.g[G_END_REASON] = end
    log_event(s, c, E.EV_END, -1, -1, end, 0)
    for p in range(n_players):
        s.pl[p, PL_VP] = score_player(s, c, p)
        log_event(s, c, E.EV_SCORE, p, -1, s.pl[p, PL_VP], 0)
    vps = np.empty(n_players, np.int64)
    for p in range(n_players):
        vps[p] = s.pl[p, PL_VP]
    final_shares(s, c, vps, n_players, shares)
