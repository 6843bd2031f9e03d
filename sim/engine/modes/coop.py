"""The co-operative mode (Poseidon, 2-5 players against Poseidon): its setup, its rounds, its end
and its scoring. Rulings COOP-1..20 (../shared/rules/poseidon-rulings.md); the board and
Poseidon's cards are sim/engine/rules/coop.py.

Setup (COOP-5, COOP-10): the players as in the classic mode; Pope, Hilda, Poseidon and the Relics
stay out; the 7 Pillars around the board, one General of each name on them (at random, or each on
its own Pillar: `coop_general_placement`), a pile of `coop_pile_size` reserve cards on each; the
rest is the reserve. The Submersion marker on the starting gap, the water at 5 - players (3 to 0),
each Hero marker at its own pile (`start_pile`: the last seat's at pile 0, the others' round it),
the faced tops revealed without Arrival, an Epic revealed (COOP-20).

A round: each player takes a turn, in seat order or in the order the team's policy chooses
(`coop_turn_order`, COOP-3): a main phase in which they fight at their pile, move and give cards,
then the upkeep's discard and draw, with no field step (COOP-17). Then
Poseidon's phase (COOP-11..13): the Submersion marker moves one gap at a time, as many as there are
players, and on while Poseidon has neither collected a card nor put a token on a General, at most
7 in the phase; at each pile it passes Poseidon collects (a-d). Reaching the starting gap raises
the water, then adds an hourglass. At the end of the phase the faced tops are revealed clockwise
from the marker; their Arrivals aim at the last player who played.

End: the 7th Pillar destroyed: the players win at once. The water at `coop_water_height`: scoring
(COOP-15), the players win with strictly more VP together than Poseidon. The round cap (GEN-9):
scored as a submersion. No Clock (COOP-16): Flames do nothing.
"""
import numpy as np

from sim.engine import enums as E
from sim.engine.jit import inline_kernel, kernel
from sim.engine.modes.classic import play_turn, setup_players
from sim.engine.params import (GENERALS_MATCHING, R_COOP_GENERAL_PLACEMENT, R_COOP_PILE_SIZE, R_COOP_TURN_ORDER,
                               R_COOP_WATER_HEIGHT, R_ROUND_CAP, TURN_ORDER_POLICY)
from sim.engine.policies.interface import choose_turn_order
from sim.engine.policies.registry import POSEIDON
from sim.engine.resolution.actions import drain
from sim.engine.resolution.effects import run_program
from sim.engine.rng import shuffle_prefix
from sim.engine.rules.coop import (N_PILES, START_GAP, pile_at, pile_size, pillars_left, poseidon_gains, poseidon_seat,
                                   reveal_faced_tops, tidy_poseidon, turn_board, turn_top_up)
from sim.engine.rules.epics import add_hourglass, setup_epics
from sim.engine.rules.field import statue_flipped, take_off_field
from sim.engine.rules.scoring import card_vp, score_player
from sim.engine.rules.zones import field_slot, log_event, move_to, push_pending, zone_push
from sim.engine.state import (G_ACTIVE, G_END_NOW, G_END_REASON, G_FIELD_END, G_GAP, G_LAST_PLAYER, G_NO_CLOCK,
                              G_PILE_PILLAR, G_POSEIDON, G_ROUND, G_WATER, P_EXIT, PL_ALGO, PL_HERO,
                              PL_MARKER, PL_PLACE, PL_VP)

PLAYERS = (2, 5)
DEFAULT_BOXES = ("base", "asgard", "poseidon")  # GEN-1: Asgard's cards and boards by default
NEEDS_BOXES = ("base", "poseidon")
DEFAULT_POLICY = "coop"  # the policy fitted for the team (sim/policies/coop.json), when none is given
REMOVED_CARDS = ("Pope", "Hilda", "Poseidon", "Ring of the Nibelungen", "Balmung", "Poseidon's Trident",
                 "Athena's Urn")  # not in a co-op game (COOP-10)
START_WATER = 5  # the water starts at 5 - players: 3, 2, 1, 0 for 2 to 5 players (COOP-1)


@kernel
def setup_board(s, c, n_players):
    """The Pillars, their Generals and the piles; the markers, the water; the faced tops revealed."""
    h = n_players  # Poseidon's seat: the one after the players'
    s.g[G_POSEIDON] = h + 1
    s.pl[h, PL_ALGO] = POSEIDON
    s.pl[h, PL_HERO] = -1
    s.g[G_NO_CLOCK] = 1
    s.g[G_FIELD_END] = N_PILES - 1
    s.g[G_GAP] = START_GAP
    s.g[G_WATER] = START_WATER - n_players
    # the Pillars, set aside at setup (`setaside_pillars`), go round the board in a random order
    n = min(s.zone_n[E.COMMON, E.Z_PILLARS_ASIDE], N_PILES)
    pillars = np.empty(N_PILES, np.int64)
    for i in range(n):
        pillars[i] = s.zone[E.COMMON, E.Z_PILLARS_ASIDE, i]
    shuffle_prefix(s.rng, pillars, n)
    for pile in range(N_PILES):
        s.g[G_PILE_PILLAR + pile] = pillars[pile] + 1 if pile < n else 0
    # one General of each Pillar, on it (matching) or on the piles at random
    generals = np.full(N_PILES, -1, np.int64)
    k = 0
    j = s.zone_n[E.COMMON, E.Z_RESERVE] - 1
    while j >= 0:
        inst = s.zone[E.COMMON, E.Z_RESERVE, j]
        pillar_card = c.pillar_of[c.inst_card[inst]]
        if pillar_card >= 0 and k < N_PILES:
            taken = False
            for i in range(k):
                if c.pillar_of[c.inst_card[generals[i]]] == pillar_card:
                    taken = True
            if not taken:
                generals[k] = inst
                k += 1
        j -= 1
    if s.rules[R_COOP_GENERAL_PLACEMENT] != GENERALS_MATCHING:
        shuffle_prefix(s.rng, generals, k)
    for pile in range(N_PILES):
        general = -1
        if s.rules[R_COOP_GENERAL_PLACEMENT] == GENERALS_MATCHING:
            for i in range(k):
                if pile < n and c.pillar_of[c.inst_card[generals[i]]] == c.inst_card[pillars[pile]]:
                    general = generals[i]
        elif pile < k:
            general = generals[pile]
        if general >= 0:
            move_to(s, general, E.COMMON, E.Z_PILE + pile)
    # the piles: `coop_pile_size` reserve cards each, face down on the Generals
    for pile in range(N_PILES):
        for _ in range(s.rules[R_COOP_PILE_SIZE]):
            m = s.zone_n[E.COMMON, E.Z_RESERVE]
            if m == 0:
                break
            inst = s.zone[E.COMMON, E.Z_RESERVE, m - 1]
            move_to(s, inst, E.COMMON, E.Z_PILE + pile)
    for p in range(n_players):
        s.pl[p, PL_MARKER] = start_pile(p, n_players)
    reveal_faced_tops(s, c, False)


@kernel
def start_pile(p, n_players):
    """The pile the players choose for p's marker (P: "a different pile for each player"): the last
    seat's at pile 0, the others' around it, nearest first (1, 6, 2, 5), so that the players who
    play before it stand a move away from the one who plays last (gifts, COOP-7)."""
    if p == n_players - 1:
        return 0
    k = p // 2 + 1
    return k if p % 2 == 0 else N_PILES - k


@kernel
def setup_game(s, c, game, seed, n_players, heroes, algorithms, weights, log_level, check, shuffle_seats):
    setup_players(s, c, game, seed, n_players, heroes, algorithms, weights, log_level, check, shuffle_seats)
    setup_board(s, c, n_players)
    setup_epics(s, c)


@inline_kernel
def poseidon_applies(s, c, t):
    """COOP-11 b: Poseidon takes the face-up card t off the last space; its Discard, Wound, Freeze
    or Destroy use, then its Marked and Defeated effects apply as Poseidon's (the players are its
    opponents), then its Exit, on the players only (twice once the statue has flipped); then it
    goes face up on top of the Main Breadwinner. Its Sapphire counts; there is no Flame."""
    h = poseidon_seat(s)
    log_event(s, c, E.EV_FIELD_OUT, s.g[G_LAST_PLAYER], t, field_slot(s, t), E.OUT_POSEIDON)
    take_off_field(s, c, t, E.FLAME_EFFECT, h)
    zone_push(s, E.COMMON, E.Z_PENDING, t)
    k = c.inst_card[t]
    for trig in (c.use_trig[k], E.T_MARKED, E.T_DEFEATED):
        if trig >= 0 and trig != E.T_TECHNIQUE and c.prog[k, trig, 1] > 0:
            run_program(s, c, trig, t, h, -1, -1)
            drain(s, c)
    if c.prog[k, E.T_EXIT, 1] > 0:
        for _ in range(2 if statue_flipped(s) else 1):
            push_pending(s, P_EXIT, t, h, h + 1, 0)
        drain(s, c)
    if s.inst_row[t] == E.COMMON and s.inst_zone[t] == E.Z_PENDING:
        poseidon_gains(s, c, t)


@kernel
def collect(s, c):
    """COOP-11: Poseidon passes the last space's pile, then the marker stands in the next gap. Did
    it collect a card (a, b) or put a token on a General (c)?"""
    pos = N_PILES - 1
    pile = pile_at(s, pos)
    t = s.field[pos]
    acted = True
    if t >= 0 and pile_size(s, pile) == 0:  # c: the last General, face up: a +1 VP token (COOP-14)
        s.inst_vp[t] += 1
        log_event(s, c, E.EV_VP_TOKEN, poseidon_seat(s), t, 1, s.inst_vp[t])
    elif t >= 0:  # b
        poseidon_applies(s, c, t)
    elif pile_size(s, pile) == 1:  # c: the last General, face down: turned face up
        turn_top_up(s, c, pos, -1)
        acted = False
    elif pile_size(s, pile) > 1:  # a: the face-down top, face up into the Breadwinner, no effect
        inst = s.zone[E.COMMON, E.Z_PILE + pile, pile_size(s, pile) - 1]
        move_to(s, inst, poseidon_seat(s), E.Z_HAND)
        log_event(s, c, E.EV_MB, poseidon_seat(s), inst, 1, 0)
        tidy_poseidon(s, c)
    else:  # d: an empty pile (its Pillar, if any): nothing
        acted = False
    turn_board(s)
    return acted


@kernel
def poseidon_score(s, c):
    """COOP-15: the Main Breadwinner's and Poseidon's marked cards (as its deck: "*" cards with it
    as their owner), the face-up cards on the piles, each with its VP tokens, and 5 per Pillar not
    destroyed (the tokens on the Pillars do not count)."""
    h = poseidon_seat(s)
    total = score_player(s, c, h)
    for pos in range(N_PILES):
        t = s.field[pos]
        if t >= 0:
            total += card_vp(s, c, h, c.inst_card[t]) + s.inst_vp[t]
    return total + 5 * pillars_left(s)


@inline_kernel
def poseidon_phase(s, c, n_players):
    """COOP-11..13: the marker's moves and what Poseidon collects; the reason the game ends, or -1."""
    s.g[G_ACTIVE] = s.g[G_LAST_PLAYER]  # "the active player" in this phase (COOP-20)
    log_event(s, c, E.EV_POSEIDON_PHASE, poseidon_seat(s), -1, s.g[G_ROUND], s.g[G_WATER])
    acted = False
    moved = 0
    while moved < n_players or (not acted and moved < N_PILES):
        if collect(s, c):
            acted = True
        tidy_poseidon(s, c)
        moved += 1
        if s.g[G_GAP] == START_GAP:  # passing or stopping on the starting gap (COOP-2)
            s.g[G_WATER] += 1
            log_event(s, c, E.EV_WATER, -1, -1, s.g[G_WATER], 1)
            if s.g[G_WATER] >= s.rules[R_COOP_WATER_HEIGHT]:
                return E.END_SUBMERGED
            add_hourglass(s, c)
            drain(s, c)
            tidy_poseidon(s, c)
    reveal_faced_tops(s, c, True)
    drain(s, c)
    tidy_poseidon(s, c)
    return -1


@inline_kernel
def play_game(s, c, game, seed, n_players, heroes, algorithms, weights, log_level, check,
              shuffle_seats, shares):
    setup_game(s, c, game, seed, n_players, heroes, algorithms, weights, log_level, check, shuffle_seats)
    action = s.action
    keep = s.keep
    order = np.arange(n_players)  # the seats in this Player phase's turn order (COOP-3)
    end = -1
    while end < 0:
        if s.g[G_ROUND] >= s.rules[R_ROUND_CAP]:
            end = E.END_TURN_CAP
            break
        s.g[G_ROUND] += 1
        if s.rules[R_COOP_TURN_ORDER] == TURN_ORDER_POLICY:
            choose_turn_order(s, c, 0, order)
        for place in range(n_players):
            s.pl[order[place], PL_PLACE] = place
        for place in range(n_players):
            p = order[place]
            play_turn(s, c, p, s.g[G_WATER], log_level, action, keep)
            s.g[G_LAST_PLAYER] = p
            if pillars_left(s) == 0:
                end = E.END_PILLARS
                break
            if s.g[G_END_NOW]:
                end = E.END_EPIC
                break
        if end < 0:
            end = poseidon_phase(s, c, n_players)
    s.g[G_END_REASON] = end
    log_event(s, c, E.EV_END, -1, -1, end, 0)
    team = 0
    for p in range(n_players):
        s.pl[p, PL_VP] = score_player(s, c, p)
        team += s.pl[p, PL_VP]
        log_event(s, c, E.EV_SCORE, p, -1, s.pl[p, PL_VP], 0)
    h = n_players
    s.pl[h, PL_VP] = poseidon_score(s, c)
    log_event(s, c, E.EV_SCORE, h, -1, s.pl[h, PL_VP], 0)
    won = end == E.END_PILLARS or (end != E.END_EPIC and team > s.pl[h, PL_VP])
    for p in range(n_players):
        shares[p] = 1.0 / n_players if won else 0.0
