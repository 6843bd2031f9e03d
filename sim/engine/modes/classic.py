"""A whole game (classic mode, 2-5 players) and a batch of games, as numba kernels.

A game's randomness comes only from (seed, game index) (sim/rng.py), so a batch is just a range
of game indices: the same game gives the same result alone, in any batch, on any worker.
End (GEN-8, GEN-9, R8): the turn in which the last flame goes out is finished, then the game
ends; a game also ends when the field and the reserve are both empty, or after the round cap.
"""
import numpy as np
from sim.engine.jit import kernel

from sim.engine import enums as E
from sim.engine.rules.field import field_is_empty, reveal
from sim.engine.policies.heuristic import init_values
from sim.engine.rng import randint, seed_game
from sim.engine.rules.scoring import score_player, win_shares
from sim.engine.state import (G_ACTIVE, G_CAP_ROUNDS, G_END_REASON, G_FLAMES, G_FLAMES_REMOVED, G_GAME,
                    G_CHECK, G_ILLEGAL, G_LAST_FLAME, G_LAST_FLAMES_SEEN, G_LOG_LEVEL, G_LOG_N, G_LOG_OVERFLOW, G_NPLAYERS,
                    G_ROUND, G_SEED, G_TURN, G_VIOLATIONS, PL_ENTRY, PL_HERO, PL_POLICY, PL_VP, PL_WON_FIGHTS)
from sim.engine.resolution.turn import HAND_SIZE, main_phase, upkeep
from sim.engine.rules.zones import count_in_deck, draw_cards, is_deck_zone, log_event, shuffle_zone, zone_push

# games record columns
GM_GAME, GM_ROUNDS, GM_TURNS, GM_END, GM_FLAMES_REMOVED, GM_FLAMES_LEFT, GM_ILLEGAL, GM_LOG_LOST, GM_VIOLATIONS = range(9)
GAME_WIDTH = 9
# players record columns
PR_HERO, PR_POLICY, PR_VP, PR_DECK, PR_DESTROYED, PR_WOUNDED, PR_FIGHTS, PR_ENTRY = range(8)
PLAYER_WIDTH = 8


@kernel
def reset_state(s):
    s.g[:] = 0
    s.pl[:, :] = 0
    s.zone_n[:, :] = 0
    s.field[:] = -1
    s.inst_row[:] = -1
    s.inst_zone[:] = -1
    s.inst_facing[:] = -1
    s.inst_buff_str[:] = 0
    s.inst_buff_cos[:] = 0
    s.inst_cut_str[:] = 0
    s.inst_cut_cos[:] = 0
    s.inst_flags[:] = 0
    s.inst_wounds[:] = 0


@kernel
def same_policies(policy_ids, weights, n_players):
    for p in range(1, n_players):
        if policy_ids[p] != policy_ids[0]:
            return False
        for k in range(weights.shape[1]):
            if weights[p, k] != weights[0, k]:
                return False
    return True


@kernel
def setup_game(s, c, game, seed, n_players, heroes, policy_ids, weights, log_level, cap_rounds, check,
               shuffle_seats):
    reset_state(s)
    seed_game(s.rng, seed, game)
    s.g[G_GAME] = game
    s.g[G_SEED] = seed
    s.g[G_NPLAYERS] = n_players
    s.g[G_LOG_LEVEL] = log_level
    s.g[G_FLAMES] = E.N_FLAMES
    s.g[G_END_REASON] = -1
    s.g[G_CAP_ROUNDS] = cap_rounds
    s.g[G_CHECK] = check
    s.g[G_LAST_FLAMES_SEEN] = E.N_FLAMES
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
    if shuffle_seats and not same_policies(policy_ids, weights, n_players):
        for i in range(n_players - 1, 0, -1):
            j = randint(s.rng, i + 1)
            tmp = entry[i]
            entry[i] = entry[j]
            entry[j] = tmp
    for p in range(n_players):
        s.pl[p, PL_ENTRY] = entry[p]
        s.pl[p, PL_POLICY] = policy_ids[entry[p]]
        s.weights[p, :] = weights[entry[p], :]
    # Starting decks (9 civilians + Bronze Cloth), set-aside armoured Heroes, the reserve
    for inst in range(c.inst_card.shape[0]):
        kc = c.inst_card[inst]
        if c.start[kc] == 0:
            zone_push(s, E.COMMON, E.Z_RESERVE, inst)
        elif c.hero[kc] >= 0 and seat_of_hero[c.hero[kc]] >= 0:
            p = seat_of_hero[c.hero[kc]]
            zone_push(s, p, E.Z_DRAW if c.start[kc] == 1 else E.Z_SETASIDE, inst)
    shuffle_zone(s, E.COMMON, E.Z_RESERVE)
    for p in range(n_players):
        shuffle_zone(s, p, E.Z_DRAW)
        draw_cards(s, c, p, HAND_SIZE)
        if s.values_for[p] != entry[p]:  # else the seat's values are those of the last game
            init_values(s, c, p)
            s.values_for[p] = entry[p]
    for slot in range(E.N_SLOTS):  # R5: no Arrival at setup
        reveal(s, c, slot, True, -1)


@kernel
def log_table(s, c, p):
    """Full log only: what the active player sees at the start of the turn."""
    for slot in range(E.N_SLOTS):
        if s.field[slot] >= 0:
            log_event(s, c, E.EV_FIELD, p, s.field[slot], slot, 0)
    for j in range(s.zone_n[p, E.Z_HAND]):
        log_event(s, c, E.EV_HAND, p, s.zone[p, E.Z_HAND, j], s.zone_n[p, E.Z_DRAW], s.zone_n[p, E.Z_DISCARD])


@kernel
def play_game(s, c, game, seed, n_players, heroes, policy_ids, weights, log_level, cap_rounds, check,
              shuffle_seats):
    setup_game(s, c, game, seed, n_players, heroes, policy_ids, weights, log_level, cap_rounds, check,
               shuffle_seats)
    action = s.action  # arrays of the state: passing them costs no reference counting
    keep = s.keep
    end = -1
    while end < 0:
        for p in range(n_players):
            if p == 0:
                if s.g[G_ROUND] >= cap_rounds:
                    end = E.END_TURN_CAP
                    break
                s.g[G_ROUND] += 1
            s.g[G_ACTIVE] = p
            s.g[G_TURN] += 1
            log_event(s, c, E.EV_TURN, p, -1, s.g[G_ROUND], s.g[G_FLAMES])
            if log_level == E.LOG_FULL:
                log_table(s, c, p)
            main_phase(s, c, p, action)
            upkeep(s, c, p, keep)
            if s.g[G_LAST_FLAME]:
                end = E.END_CLOCK
                break
            if field_is_empty(s) and s.zone_n[E.COMMON, E.Z_RESERVE] == 0:
                end = E.END_RESERVE_EXHAUSTED
                break
    s.g[G_END_REASON] = end
    log_event(s, c, E.EV_END, -1, -1, end, 0)
    for p in range(n_players):
        s.pl[p, PL_VP] = score_player(s, c, p)
        log_event(s, c, E.EV_SCORE, p, -1, s.pl[p, PL_VP], 0)


@kernel
def play_batch(c, s, first_game, n_games, seed, n_players, heroes, policy_ids, weights, log_level,
               cap_rounds, check, shuffle_seats):
    """Play games first_game .. first_game + n_games - 1; return record arrays:
    games int64[n, GAME_WIDTH], players int64[n, P, PLAYER_WIDTH], shares float64[n, P],
    decks int16[n, P, C] (final deck composition), events int32[1 + EVENT_WIDTH, m] (a row per column:
    the game, then the log's; the tables are made column by column)."""
    n_cards = c.card_id.shape[0]
    games = np.empty((n_games, GAME_WIDTH), np.int64)
    players = np.empty((n_games, n_players, PLAYER_WIDTH), np.int64)
    shares = np.empty((n_games, n_players), np.float64)
    decks = np.zeros((n_games, n_players, n_cards), np.int16)
    cap = 256 * n_games if log_level == E.LOG_SUMMARY else (4096 if log_level == E.LOG_FULL else 1)
    events = np.empty((1 + E.EVENT_WIDTH, cap), np.int32)
    n_ev = 0
    vps = np.empty(n_players, np.int64)
    s.values_for[:] = -1  # the policies' weights are those of this batch
    for gi in range(n_games):
        game = first_game + gi
        play_game(s, c, game, seed, n_players, heroes, policy_ids, weights, log_level, cap_rounds, check,
                  shuffle_seats)
        row = games[gi]
        row[GM_GAME] = game
        row[GM_ROUNDS] = s.g[G_ROUND]
        row[GM_TURNS] = s.g[G_TURN]
        row[GM_END] = s.g[G_END_REASON]
        row[GM_FLAMES_REMOVED] = s.g[G_FLAMES_REMOVED]
        row[GM_FLAMES_LEFT] = s.g[G_FLAMES]
        row[GM_ILLEGAL] = s.g[G_ILLEGAL]
        row[GM_LOG_LOST] = s.g[G_LOG_OVERFLOW]
        row[GM_VIOLATIONS] = s.g[G_VIOLATIONS]
        for p in range(n_players):
            pr = players[gi, p]
            pr[PR_HERO] = s.pl[p, PL_HERO]
            pr[PR_POLICY] = s.pl[p, PL_POLICY]
            pr[PR_VP] = s.pl[p, PL_VP]
            pr[PR_DECK] = count_in_deck(s, c, p, -1)
            pr[PR_DESTROYED] = s.zone_n[p, E.Z_DESTROYED]
            pr[PR_WOUNDED] = s.zone_n[p, E.Z_WOUNDED]
            pr[PR_FIGHTS] = s.pl[p, PL_WON_FIGHTS]
            pr[PR_ENTRY] = s.pl[p, PL_ENTRY]
            vps[p] = s.pl[p, PL_VP]
            for z in range(E.N_PLAYER_ZONES):
                if is_deck_zone(z):
                    for j in range(s.zone_n[p, z]):
                        decks[gi, p, c.inst_card[s.zone[p, z, j]]] += 1
        win_shares(vps, n_players, shares[gi])
        m = s.g[G_LOG_N]
        if n_ev + m > events.shape[1]:
            bigger = np.empty((1 + E.EVENT_WIDTH, max(2 * events.shape[1], n_ev + m)), np.int32)
            bigger[:, :n_ev] = events[:, :n_ev]
            events = bigger
        for j in range(m):
            events[0, n_ev + j] = game
            for k in range(E.EVENT_WIDTH):
                events[1 + k, n_ev + j] = s.log[j, k]
        n_ev += m
    return games, players, shares, decks, events[:, :n_ev]
