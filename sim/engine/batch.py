"""A batch of games as one kernel: the entry point Python calls to play.

A game's randomness comes only from (seed, game index) (sim/engine/rng.py), so a batch is just a
range of game indices: the same game gives the same result alone, in any batch, on any worker.
The mode (sim/engine/modes) plays each game; this module records what the tables need.
"""
import numpy as np

from sim.engine import enums as E
from sim.engine.allocation import refill_each_batch
from sim.engine.jit import by_index, entry, kernel
from sim.engine.modes import MODES
from sim.engine.rules.zones import count_in_deck, is_deck_zone
from sim.engine.rules.coop import pillars_left
from sim.engine.rules.scoring import zone_vp
from sim.engine.state import (G_POSEIDON, G_WATER, G_END_REASON, G_FLAMES, G_HILDA, G_FLAMES_REMOVED, G_ILLEGAL, G_LOG_N, G_LOG_OVERFLOW, G_ROUND,
                              G_DECISIONS, G_TURN, G_VIOLATIONS, PL_ALGO, PL_ENTRY, PL_HERO, PL_VP, PL_WON_FIGHTS, PL_SENSES, PL_SOULS)

play_game = by_index("play_game", MODES)

# games record columns
GM_GAME, GM_ROUNDS, GM_TURNS, GM_END, GM_FLAMES_REMOVED, GM_FLAMES_LEFT, GM_ILLEGAL, GM_LOG_LOST, GM_VIOLATIONS, \
    GM_OPPONENT_VP, GM_WATER, GM_PILLARS_LEFT, GM_DECISIONS, GM_ALTAR = range(14)
GAME_WIDTH = 14
# players record columns
PR_HERO, PR_ALGO, PR_VP, PR_DECK, PR_DESTROYED, PR_WOUNDED, PR_FIGHTS, PR_ENTRY, PR_SOULS, PR_VOID, PR_VOID_VP, \
    PR_SHACKLE, PR_SHACKLE_VP, PR_SENSES, PR_HOUSES = range(15)  # from PR_SOULS: Hades's, at the end
PLAYER_WIDTH = 15


@entry
def play_batch(c, s, mode, rules, first_game, n_games, seed, n_players, heroes, algorithms, weights, log_level,
               check, shuffle_seats):
    """The engine's entry point: `play_games` (see `entry`)."""
    return play_games(c, s, mode, rules, first_game, n_games, seed, n_players, heroes, algorithms, weights,
                      log_level, check, shuffle_seats)


@kernel
def play_games(c, s, mode, rules, first_game, n_games, seed, n_players, heroes, algorithms, weights, log_level,
               check, shuffle_seats):
    """Play games first_game .. first_game + n_games - 1 of `mode` (an index of MODES) under the
    rules parameters `rules`, seat entries of these policy algorithms and weights; return record arrays:
    games int64[n, GAME_WIDTH], players int64[n, P, PLAYER_WIDTH], shares float64[n, P],
    decks int16[n, P, C] (final deck composition), events int32[1 + EVENT_WIDTH, m] (a row per column:
    the game, then the log's; the tables are made column by column), held bool[n, P, C] (the cards
    each seat had in hand during the game)."""
    n_cards = c.card_id.shape[0]
    games = np.empty((n_games, GAME_WIDTH), np.int64)
    players = np.empty((n_games, n_players, PLAYER_WIDTH), np.int64)
    shares = np.empty((n_games, n_players), np.float64)
    decks = np.zeros((n_games, n_players, n_cards), np.int16)
    held = np.zeros((n_games, n_players, n_cards), np.bool_)
    cap = 256 * n_games if log_level == E.LOG_SUMMARY else (4096 if log_level == E.LOG_FULL else 1)
    events = np.empty((1 + E.EVENT_WIDTH, cap), np.int32)
    n_ev = 0
    s.rules[:] = rules
    refill_each_batch(s)
    for gi in range(n_games):
        game = first_game + gi
        play_game(mode, s, c, game, seed, n_players, heroes, algorithms, weights, log_level, check,
                  shuffle_seats, shares[gi])
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
        # the opponent who is no player: Hilda (solo), Poseidon (co-op), and the co-op's water and Pillars
        opponent = s.g[G_HILDA] - 1 if s.g[G_HILDA] else s.g[G_POSEIDON] - 1
        row[GM_OPPONENT_VP] = s.pl[opponent, PL_VP] if opponent >= 0 else 0
        row[GM_WATER] = s.g[G_WATER]
        row[GM_PILLARS_LEFT] = pillars_left(s) if s.g[G_POSEIDON] else 0
        row[GM_DECISIONS] = s.g[G_DECISIONS]  # 0 unless the build counts them (sim/engine/decision_count.py)
        row[GM_ALTAR] = c.card_id[c.inst_card[s.zone[E.COMMON, E.Z_ALTAR, 0]]] if s.zone_n[E.COMMON, E.Z_ALTAR] else 0
        for p in range(n_players):
            pr = players[gi, p]
            pr[PR_HERO] = s.pl[p, PL_HERO]
            pr[PR_ALGO] = s.pl[p, PL_ALGO]
            pr[PR_VP] = s.pl[p, PL_VP]
            pr[PR_DECK] = count_in_deck(s, c, p, -1)
            pr[PR_DESTROYED] = s.zone_n[p, E.Z_DESTROYED]
            pr[PR_WOUNDED] = s.zone_n[p, E.Z_WOUNDED]
            pr[PR_FIGHTS] = s.pl[p, PL_WON_FIGHTS]
            pr[PR_ENTRY] = s.pl[p, PL_ENTRY]
            pr[PR_SOULS] = s.pl[p, PL_SOULS]
            pr[PR_VOID] = s.zone_n[p, E.Z_VOID]
            pr[PR_VOID_VP] = zone_vp(s, c, p, E.Z_VOID)
            pr[PR_SHACKLE] = s.zone_n[p, E.Z_SHACKLE]
            pr[PR_SHACKLE_VP] = zone_vp(s, c, p, E.Z_SHACKLE)
            pr[PR_SENSES] = s.pl[p, PL_SENSES]
            pr[PR_HOUSES] = s.zone_n[p, E.Z_HOUSES]
            held[gi, p] = s.held[p]
            for z in range(E.N_PLAYER_ZONES):
                if is_deck_zone(z):
                    for j in range(s.zone_n[p, z]):
                        decks[gi, p, c.inst_card[s.zone[p, z, j]]] += 1
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
    return games, players, shares, decks, events[:, :n_ev], held
