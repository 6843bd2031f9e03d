"""The search policy: a main-phase decision weighed by playing the game on from each legal action.

When the heuristic does not settle a decision alone (the fight plan it follows goes on), each
distinct legal action is tried on spare copies of the state (state.spares, allocated with it).
Each copy is *determinized* first: what the deciding seat cannot see (the order of its own draw
pile, each opponent's hand and draw pile taken together, the order of the reserve) is dealt
again at random from what it could know (which cards those are), never from where they lie.
The copy then plays on, every seat answered by the heuristic with the deciding seat's weights,
to the game's end (an action is worth its mean win share and VP margin), or for `horizon` rounds
(its worth: the margin of the deck's value, as the heuristic values cards). The rollouts go by sequential halving: every action is played on `rollouts`
times, the better half `rollouts` times more, and so on until one is left. Each determinization is the same for every action
(common random numbers) and is seeded by the game, the decision and its number, not by the
game's random numbers: the policy is reproducible and changes nothing else in the game.
The other questions the rules ask are the heuristic's.

Games are played on by the classic mode's turn order and end (sim/engine/resolution/turn.py).
"""
import numpy as np

from sim.engine import enums as E
from sim.engine.jit import inline_kernel, kernel
from sim.engine.params import R_ROUND_CAP
from sim.engine.policies import heuristic
from sim.engine.policies.heuristic import PLAN_ACTION
from sim.engine.policies.weights import W_HORIZON, W_ROLLOUTS
from sim.engine.resolution.actions import apply_action
from sim.engine.resolution.turn import MAX_ACTIONS_PER_TURN, end_after_turn, epic_turn_program, upkeep
from sim.engine.rng import seed_game, shuffle_prefix
from sim.engine.rules.legal import A_ACQUIRE, A_CLOTH_FIGHT, A_END, A_HEAL, legal_actions
from sim.engine.rules.scoring import score_player, win_shares
from sim.engine.rules.zones import is_deck_zone
from sim.engine.state import (G_ACQ_CHECKED, G_ACTIONS, G_ACTIVE, G_CHECK, G_GAME, G_LOG_LEVEL, G_NPLAYERS, G_ROUND, G_SEED, G_TURN,
                              PL_ALGO)
from sim.engine.structs import copy_struct, struct_at

MEMORY = {}  # the heuristic's memory, and the spare states

MAX_CANDIDATES = 64  # distinct actions weighed per decision (the heuristic's first)
SEED_SALT = 0x5EA4C8  # keeps the rollouts' random numbers apart from the games'


# --- The questions: the heuristic's answers, but the main-phase action's -------------------------
prepare = heuristic.prepare
choose_keep = heuristic.choose_keep
pick_cards = heuristic.pick_cards
decide_pay = heuristic.decide_pay
decide_may = heuristic.decide_may
choose_player = heuristic.choose_player
choose_field_swap = heuristic.choose_field_swap
choose_buff_target = heuristic.choose_buff_target
choose_cost_cut = heuristic.choose_cost_cut
choose_option = heuristic.choose_option
choose_count = heuristic.choose_count
choose_field_removal = heuristic.choose_field_removal
choose_turn_order = heuristic.choose_turn_order


@inline_kernel
def choose_action(s, c, p, out):
    """Fill out = (kind, a, b) with p's next main-phase action."""
    if s.zone_n[p, E.Z_TO_PLAY] == 0 and heuristic.follow_plan(s, c, p, out):
        return
    heuristic.choose_action(s, c, p, out)
    cands = np.empty((MAX_CANDIDATES, 3), np.int64)
    n = candidate_actions(s, c, p, out, cands)
    if n <= 1:
        return
    best = best_candidate(s, c, p, cands, n)
    if best != 0:
        s.mind.plan[PLAN_ACTION] = -1  # the heuristic planned a fight for its own choice
        out[0] = cands[best, 0]
        out[1] = cands[best, 1]
        out[2] = cands[best, 2]


# --- The candidates --------------------------------------------------------------------------------
@kernel
def action_key(s, c, action):
    """What tells two actions apart: the same card (not copy) played the same way is one action."""
    kind, a, b = action[0], action[1], action[2]
    if kind == A_ACQUIRE or kind == A_END or kind == A_CLOTH_FIGHT:
        return kind, a, b
    key_a = c.inst_card[a] * 32 + s.inst_zone[a] if a >= 0 else -1  # a use from hand and from play differ (zones < 32)
    key_b = c.inst_card[b] if kind == A_HEAL else b  # the card healed
    return kind, key_a, key_b


@kernel
def candidate_actions(s, c, p, first, cands):
    """The distinct legal actions of p in cands (first: the heuristic's choice); their count."""
    keys = np.empty((MAX_CANDIDATES, 3), np.int64)
    cands[0, :] = first
    keys[0, :] = action_key(s, c, first)
    n = 1
    rows = s.legal
    n_legal = legal_actions(s, c, p, 0, rows)
    for i in range(n_legal):
        if n == MAX_CANDIDATES:
            break
        if i % rows.shape[0] == 0 and i > 0:  # past the rows noted: list the next ones
            legal_actions(s, c, p, i, rows)
        action = rows[i % rows.shape[0]]
        k0, k1, k2 = action_key(s, c, action)
        seen = False
        for j in range(n):
            if keys[j, 0] == k0 and keys[j, 1] == k1 and keys[j, 2] == k2:
                seen = True
                break
        if not seen:
            cands[n, :] = action
            keys[n, 0] = k0
            keys[n, 1] = k1
            keys[n, 2] = k2
            n += 1
    return n


# --- Sequential halving -----------------------------------------------------------------------------
@inline_kernel
def best_candidate(s, c, p, cands, n):
    """The index of the candidate with the best mean outcome over its rollouts (among equals, the
    earlier: the heuristic's choice unless another does better)."""
    base = struct_at(s.spares[0], s)
    work = struct_at(s.spares[1], s)
    start_playing_on(s, c, p, base)
    per = max(int(s.mind.weights[p, W_ROLLOUTS]), 1)
    horizon = int(s.mind.weights[p, W_HORIZON])
    alive = np.arange(n)
    total = np.zeros(n)  # every action still in the running has had as many rollouts
    n_alive = n
    next_seed = 0
    while n_alive > 1:
        for r in range(next_seed, next_seed + per):
            for j in range(n_alive):
                i = alive[j]
                total[i] += rollout(base, work, c, p, cands[i], r, horizon)
        next_seed += per
        # best first; among equals, the earlier (a stable sort of the candidates in their order)
        still = np.sort(alive[:n_alive])
        order = np.argsort(-total[still], kind="mergesort")
        alive[:n_alive] = still[order]
        n_alive = (n_alive + 1) // 2
    return alive[0]


# --- Playing on ---------------------------------------------------------------------------------------
@inline_kernel
def start_playing_on(s, c, p, base):
    """base: s as the rollouts start from it, every seat played by the heuristic with p's weights,
    nothing logged or checked."""
    copy_struct(base, s)
    base.g[G_LOG_LEVEL] = E.LOG_NONE
    base.g[G_CHECK] = 0
    for q in range(s.g[G_NPLAYERS]):
        base.pl[q, PL_ALGO] = s.pl[p, PL_ALGO]  # its questions are the heuristic's
        base.mind.weights[q, :] = s.mind.weights[p, :]
        heuristic.init_values(base, c, q)
        base.mind.values_for[q] = -1
    base.mind.plan[PLAN_ACTION] = -1  # planned for the heuristic's choice, which may not be played


@inline_kernel
def rollout(base, work, c, p, action, r, horizon):
    """How p fares in one game played on from base after `action`, on determinization r
    (`outcome`)."""
    copy_struct(work, base)
    seed_game(work.rng, work.g[G_SEED] ^ SEED_SALT,
              ((work.g[G_GAME] * 4096 + work.g[G_TURN]) * 512 + work.g[G_ACTIONS]) * 1024 + r)
    determinize(work, c, p)
    work.g[G_ACQ_CHECKED] = 0  # the candidate is applied to another deal: any acquisition it makes is checked
    if apply_action(work, c, p, action[0], action[1], action[2]):
        heuristic_main_phase(work, c, p)
    upkeep(work, c, p, work.keep)
    return play_on(work, c, p, horizon)


@inline_kernel
def heuristic_main_phase(s, c, p):
    """The rest of p's main phase, every action the heuristic's (sim/engine/resolution/turn.py
    `main_phase`, which asks the seat's policy instead)."""
    action = s.action
    while s.g[G_ACTIONS] < MAX_ACTIONS_PER_TURN:
        s.g[G_ACTIONS] += 1
        heuristic.choose_action(s, c, p, action)
        if not apply_action(s, c, p, action[0], action[1], action[2]):
            break


@inline_kernel
def play_on(s, c, p, horizon):
    """Play the turns after p's (the classic mode's order) until the game ends or `horizon`
    rounds have passed (0: no limit); how p fares then (`outcome`)."""
    n = s.g[G_NPLAYERS]
    last_round = s.g[G_ROUND] + horizon if horizon > 0 else 1 << 40
    q = p
    end = end_after_turn(s, c)
    while end < 0:
        q = (q + 1) % n
        if q == 0:
            if s.g[G_ROUND] >= s.rules[R_ROUND_CAP] or s.g[G_ROUND] >= last_round:
                break
            s.g[G_ROUND] += 1
        s.g[G_ACTIVE] = q
        s.g[G_TURN] += 1
        epic_turn_program(s, c, q, E.T_TURN_START)
        heuristic_main_phase(s, c, q)
        upkeep(s, c, q, s.keep)
        end = end_after_turn(s, c)
    return outcome(s, c, p, end >= 0)


@kernel
def outcome(s, c, p, over):
    """How p fares: once the game is over, 100 times its win share plus its VP margin over the best
    other seat; before, the margin of its deck's worth (the heuristic's value of each card in
    it) over the best other seat's."""
    n = s.g[G_NPLAYERS]
    worth = np.empty(n, np.float64)
    for q in range(n):
        worth[q] = score_player(s, c, q) if over else deck_worth(s, c, p, q)
    best_other = -1e18
    for q in range(n):
        if q != p:
            best_other = max(best_other, worth[q])
    if not over:
        return worth[p] - best_other
    vps = np.empty(n, np.int64)
    for q in range(n):
        vps[q] = worth[q]
    shares = np.empty(n, np.float64)
    win_shares(vps, n, shares)
    return 100.0 * shares[p] + worth[p] - best_other


@kernel
def deck_worth(s, c, p, q):
    """The sum of p's values of q's deck cards (sim/engine/rules/zones.py `is_deck_zone`)."""
    total = 0.0
    for z in range(E.N_PLAYER_ZONES):
        if is_deck_zone(z):
            for j in range(s.zone_n[q, z]):
                total += s.mind.value[p, c.inst_card[s.zone[q, z, j]]]
    return total


@kernel
def determinize(s, c, p):
    """Deal again what p cannot see, from the cards it knows are there (sorted first, so that the
    deal does not depend on where they lay)."""
    redeal(s, p, E.Z_DRAW, E.Z_DRAW)
    for q in range(s.g[G_NPLAYERS]):
        if q != p:
            redeal(s, q, E.Z_HAND, E.Z_DRAW)
    redeal(s, E.COMMON, E.Z_RESERVE, E.Z_RESERVE)


@kernel
def redeal(s, row, first, second):
    """Pool the cards of zones `first` and `second` of `row` (the same zone: one pile), sort them,
    shuffle them, and deal each zone as many as it had."""
    buf = s.scratch
    n_first = s.zone_n[row, first]
    m = 0
    for z in (first, second):
        for j in range(s.zone_n[row, z]):
            buf[m] = s.zone[row, z, j]
            m += 1
        if second == first:
            break
    buf[:m].sort()
    shuffle_prefix(s.rng, buf, m)
    for j in range(m):
        z = first if j < n_first else second
        at = j if j < n_first else j - n_first
        s.zone[row, z, at] = buf[j]
        s.inst_zone[buf[j]] = z
