"""The Hades Duel (2 players: the Renegades against the Gold Saints): its setup, its turns, its end
and its scoring. Rulings DUEL-1..19 (../shared/rules/hades-rulings.md); the Houses and the Altar
are sim/engine/rules/houses.py.

Setup (DUEL-2, DUEL-3, DUEL-7, DUEL-9): the classic setup without the Clock, the classic Abilities
or any Bronze Hero's material (the run's cards leave them out, `sim.games`). Each side's 12 Heroes
are its deck and its 6 Abilities its own pile; Athena, Divine Warrior is set aside. The Houses are
stacked, Aries on top (`duel_house_order`, `duel_houses`), an Altar is chosen (`duel_altar`), and
the first House is revealed: both counters at 6.
Turns: the Renegades (seat 0) first, then in turn (DUEL-1). A turn is the classic main phase, where
the revealed House is one more card to fight, and the classic upkeep; then the active player's
House counter drops (DUEL-6).
End: the turn in which the last House (or the Altar's count of a player's Houses) is acquired is
finished (DUEL-8); a Duel still going after `duel_round_cap` rounds ends as "turn cap" (GEN-9).
Scoring: the classic VP, `duel_house_vp` per House and the Altar's VP (DUEL-5, DUEL-9); ties share
the win (R7).
"""
import numpy as np

from sim.engine import enums as E
from sim.engine.jit import inline_kernel, kernel
from sim.engine.modes.classic import play_turn, score_game, setup_players
from sim.engine.params import (ALTAR_NONE, ALTAR_RANDOM, HOUSES_SHUFFLED, R_DUEL_ALTAR, R_DUEL_HOUSE_ORDER,
                               R_DUEL_HOUSES, R_DUEL_ROUND_CAP, R_DUEL_SIDE_ASSIGNMENT, SIDES_FIXED)
from sim.engine.resolution.turn import end_after_turn
from sim.engine.rng import randint
from sim.engine.rules.epics import setup_epics
from sim.engine.rules.field import reveal
from sim.engine.rules.houses import reveal_house, turn_end_step
from sim.engine.rules.trials import setup_trials
from sim.engine.rules.underworld import setup_underworld
from sim.engine.rules.zones import log_event, move_to, shuffle_zone
from sim.engine.state import (G_DUEL, G_DUEL_OVER, G_END_NOW, G_ENERGY_ON, G_FIELD_END, G_NO_CLOCK, G_ROUND,
                              PL_HOUSE_COUNTER)

PLAYERS = (2, 2)
DEFAULT_BOXES = ("base", "asgard", "poseidon", "hades")  # DUEL-2: the Reserve of all four boxes
DEFAULT_POLICY = "duel"  # the policy fitted for the Duel (sim/policies/duel.json), when none is given
NEEDS_BOXES = ("base", "hades")
ALTAR_FIRST_ID = 3121  # Altar #121; `duel_altar` = k (1..5) picks #120 + k


@kernel
def stack_houses(s, c):
    """The House pile: sorted by number, Aries (#109) on top and Pisces at the bottom, or shuffled
    (`duel_house_order`); with `duel_houses` below 12, the others removed at random first (DUEL-7)."""
    n = s.zone_n[E.COMMON, E.Z_HOUSE_PILE]
    houses = s.zone[E.COMMON, E.Z_HOUSE_PILE]
    for i in range(1, n):  # the highest number at the bottom
        j = i
        while j > 0 and c.card_id[c.inst_card[houses[j]]] > c.card_id[c.inst_card[houses[j - 1]]]:
            tmp = houses[j]
            houses[j] = houses[j - 1]
            houses[j - 1] = tmp
            j -= 1
    for _ in range(n - min(s.rules[R_DUEL_HOUSES], n)):
        move_to(s, s.zone[E.COMMON, E.Z_HOUSE_PILE, randint(s.rng, s.zone_n[E.COMMON, E.Z_HOUSE_PILE])],
                E.COMMON, E.Z_OUT)
    if s.rules[R_DUEL_HOUSE_ORDER] == HOUSES_SHUFFLED:
        shuffle_zone(s, E.COMMON, E.Z_HOUSE_PILE)


@kernel
def choose_altar(s, c):
    """The Altar of Athena of this Duel, among the set-aside ones: at random, a given number, or
    none (`duel_altar`, DUEL-9)."""
    pick = s.rules[R_DUEL_ALTAR]
    if pick == ALTAR_NONE:
        return
    altars = np.empty(s.zone_n[E.COMMON, E.Z_OUT], np.int64)
    m = 0
    for j in range(s.zone_n[E.COMMON, E.Z_OUT]):
        x = s.zone[E.COMMON, E.Z_OUT, j]
        if c.start[c.inst_card[x]] == E.START_ALTAR \
                and (pick == ALTAR_RANDOM or c.card_id[c.inst_card[x]] == ALTAR_FIRST_ID + pick - 1):
            altars[m] = x
            m += 1
    if m > 0:
        altar = altars[randint(s.rng, m)]
        move_to(s, altar, E.COMMON, E.Z_ALTAR)
        log_event(s, c, E.EV_HOUSE, -1, altar, 2, 0)


@kernel
def setup_game(s, c, game, seed, n_players, heroes, algorithms, weights, log_level, check, shuffle_seats):
    """The Duel's setup (n_players is 2: the config allows no other)."""
    setup_players(s, c, game, seed, n_players, heroes, algorithms, weights, log_level, check,
                  shuffle_seats and s.rules[R_DUEL_SIDE_ASSIGNMENT] != SIDES_FIXED)
    s.g[G_DUEL] = 1
    s.g[G_NO_CLOCK] = 1    # DUEL-13
    s.g[G_ENERGY_ON] = 1   # DUEL-14: Energy as in Asgard (the House of Leo's condition)
    s.g[G_FIELD_END] = E.CLASSIC_SLOTS - 1
    for slot in range(E.CLASSIC_SLOTS):  # R5: no Arrival at setup
        reveal(s, c, slot, True, -1)
    setup_underworld(s, c, 2)  # Souls: the Renegades 0, the Gold Saints 1 (HAD-16)
    setup_trials(s, c)
    setup_epics(s, c)
    stack_houses(s, c)
    choose_altar(s, c)
    reveal_house(s, c)


@inline_kernel
def play_game(s, c, game, seed, n_players, heroes, algorithms, weights, log_level, check,
              shuffle_seats, shares):
    setup_game(s, c, game, seed, n_players, heroes, algorithms, weights, log_level, check, shuffle_seats)
    action = s.action
    keep = s.keep
    end = -1
    while end < 0:
        for p in range(2):
            if p == 0:
                if s.g[G_ROUND] >= s.rules[R_DUEL_ROUND_CAP]:
                    end = E.END_TURN_CAP
                    break
                s.g[G_ROUND] += 1
            if play_turn(s, c, p, s.pl[p, PL_HOUSE_COUNTER], log_level, action, keep):
                turn_end_step(s, c, p)
            end = E.END_HOUSES if s.g[G_DUEL_OVER] and not s.g[G_END_NOW] else end_after_turn(s, c)
            if end == E.END_RESERVE_EXHAUSTED:  # DUEL-8: the Houses end a Duel, not the Reserve
                end = -1
            if end >= 0:
                break
    score_game(s, c, end, 2, shares)
