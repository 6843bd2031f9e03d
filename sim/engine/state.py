"""The game state: one NamedTuple of fixed-capacity arrays, reset between games.

Card instances: every physical card of the run has an index 0..I-1 (copies laid out in card-row
order, `CardTable.inst_card`). A zone is a stack of instance ids: `zone[row, z, :zone_n[row, z]]`,
where `row` is a seat 0..4 or COMMON (5) for the reserve, the battlefield discard and the pending
area. The top of a pile is its last element. The field is its own array of 6 slots:

    reserve ─▶ [slot 1][slot 2][slot 3][slot 4][slot 5][slot 6] ─▶ battlefield discard
               first card (R1)                  last card, costs 1 less, removed at upkeep
    index:       0       1       2       3       4       5

Room for the expansions is reserved in the scalar rows (Energy, Freeze, VP tokens, ...), so the
layout does not change when they arrive.
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np

from sim.engine import enums as E

# g[]: game scalars (int64)
G_GAME = 0            # game index
G_NPLAYERS = 1
G_ACTIVE = 2          # seat whose turn it is
G_TURN = 3            # player-turns started so far (1-based once play begins)
G_ROUND = 4           # rounds started (1-based)
G_FLAMES = 5          # flames left on the Clock (12 .. 0)
G_FLAMES_REMOVED = 6
G_LAST_FLAME = 7      # 1 once the last flame went out: the turn is finished, then the game ends
G_END_REASON = 8      # END_* (-1 while playing)
G_LOG_LEVEL = 9
G_LOG_N = 10          # events written to log
G_LOG_OVERFLOW = 11   # events that did not fit
G_LAST_MOVED = 12     # register: cards moved by the previous op (n = "last")
G_LAST_SLOT = 13      # register: slot emptied by the previous field op
G_NPEND = 14          # pending events on the stack
G_ILLEGAL = 15        # illegal actions a policy proposed (must stay 0)
G_ACTIONS = 16        # main-phase actions this turn (safety cap)
G_SEED = 17
G_FIELD_REVEALS = 18  # reveals during the current refill (safety cap against the Pope loop)
G_BOUND = 19          # player bound by the last each_/chosen_ op of the running program
G_CAP_ROUNDS = 20     # turn cap (GEN-9)
G_CHECK = 21          # 1: check the invariants after every action (tests)
G_VIOLATIONS = 22     # invariant violations seen
G_FIRST_VIOLATION = 23
G_LAST_FLAMES_SEEN = 24
G_TURN_MARKS = 25     # 1 once a card got a buff, cost cut or flag this turn (cleared with them)
G_EFFECTS_RUN = 26    # card programs run and face costs paid so far: when it moves, a policy checks its plan
G_FIELD_CHANGES = 27  # cards put on or taken off the field so far (swaps and shifts change no card)
G_RULES_SEEN = 28     # G_FIELD_CHANGES when G_FIELD_RULES was last computed
G_FIELD_RULES = 29    # the `field_rules` bits of the field cards then (`fight.field_rules`)
N_G = 30

# pl[seat, ...]: per-player scalars (int64)
PL_HERO = 0
PL_POLICY = 1
PL_TURN_STRENGTH = 2   # +Strength for all your Characters this turn (Libra Cloth)
PL_ALT_FILTER = 3      # filter row + 1 of field cards buyable with Strength at their Cosmos cost (Algethi); 0 none
PL_VP = 4
PL_ENERGY = 5          # Asgard (reserved)
PL_VP_TOKENS = 6       # Poseidon (reserved)
PL_SOULS = 7           # Hades (reserved)
PL_WON_FIGHTS = 8
PL_ENTRY = 9           # which of the run's given policies plays this seat (R9)
N_PL = 12

# inst_flags bits
IF_COSMOS_DRAW = 1      # Shun ▲: draw when his Cosmos acquires a field Character
IF_FACE_PAID = 2        # Dolphin: the face cost was paid this turn

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
PLAN_CARDS = 7

PEND_WIDTH = 5  # kind, a, b, c, d
PEND_CAP = 256
# Pending event kinds (a LIFO stack: each resolves completely before the one below it)
P_REFILL = 1      # a = 0 all empty slots, 1 only slot b
P_ARRIVAL = 2     # a = instance
P_ACQUIRE = 3     # a = instance, b = acquiring seat, c = flags (OPF_NO_EFFECTS), d = from reserve top
P_EXIT = 4        # a = instance (Asgard)
P_FINISH_ACQUIRE = 5  # a = instance, b = acquiring seat, c = how: Flame, placement, fighters discarded


class GameState(NamedTuple):
    g: np.ndarray             # int64[N_G] game scalars (G_*)
    pl: np.ndarray            # int64[MAX_PLAYERS, N_PL] per-player scalars (PL_*)
    zone: np.ndarray          # int64[MAX_PLAYERS + 1, max(N_PLAYER_ZONES, N_COMMON_ZONES), I] stacks
    zone_n: np.ndarray        # int64[MAX_PLAYERS + 1, max zones] stack heights
    field: np.ndarray         # int64[N_SLOTS] instance in each slot, -1 empty
    inst_row: np.ndarray      # int64[I] zone row (seat or COMMON), -1 out of the game
    inst_zone: np.ndarray     # int64[I] zone id within the row; Z_BATTLEFIELD on the field
    inst_facing: np.ndarray   # int64[I] field instance a fighter faces, -1 none
    inst_buff_str: np.ndarray  # int64[I] Strength gained this turn (Taurus/Leo Cloth)
    inst_buff_cos: np.ndarray  # int64[I] Cosmos gained this turn
    inst_cut_str: np.ndarray   # int64[I] field card: Strength cost cut this turn (Capella, Cassios)
    inst_cut_cos: np.ndarray   # int64[I] field card: Cosmos cost cut this turn
    inst_flags: np.ndarray     # int64[I] IF_* bits, cleared at the end of each turn
    inst_wounds: np.ndarray    # int64[I] wound tokens on the card
    pend: np.ndarray           # int64[PEND_CAP, PEND_WIDTH] pending events (P_*)
    rng: np.ndarray            # uint64[4] xoshiro256** state
    log: np.ndarray            # int32[L, EVENT_WIDTH] event log of the current game
    value: np.ndarray          # float64[MAX_PLAYERS, C] each seat's policy value of each card
    values_for: np.ndarray     # int64[P] the entry of play_batch whose weights value[p] is for (-1: none)
    use_first: np.ndarray      # bool[MAX_PLAYERS, C] whether its plain use is worth more to that policy than its fight
    value_top: np.ndarray      # float64[MAX_PLAYERS] the most `card_value` gives for any card, to that policy
    weights: np.ndarray        # float64[MAX_PLAYERS, W] each seat's policy weights
    scratch: np.ndarray        # int64[I] scratch list for choices
    slot_memo: np.ndarray      # int64[N_SLOTS, M_WIDTH] a policy decision's facts per field slot (M_*)
    helpers: np.ndarray        # int64[I] a policy decision's usable fight helpers (helpers[0] = count)
    cand_score: np.ndarray     # float64[2 * N_SLOTS] a policy decision's fights to weigh: their score
    cand_at: np.ndarray        # int64[2 * N_SLOTS] and 2 * slot + currency (-1 - slot: a bound)
    reach: np.ndarray          # int64[3] a policy decision's bound on what its hand and helpers add (R_*)
    hand_values: np.ndarray    # int64[I, 2] what each hand Character adds against hand_values_of[0] (Strength, Cosmos)
    hand_values_of: np.ndarray  # int64[1] the field card of those values in this decision, -1 none
    commit_cands: np.ndarray   # int64[I, 2] a commit step's candidates: (instance, what it adds)
    plan: np.ndarray           # int64[PLAN_CARDS + I] the fight a policy planned (PLAN_*)
    plan_wins: np.ndarray      # int64[I + 1] its win after each commitment: the currency, -1 not yet
    action: np.ndarray         # int64[3] the main-phase action a policy chose (kind, a, b)
    keep: np.ndarray           # bool[I] upkeep: the hand cards the policy keeps (by hand position)


def allocate_state(n_instances: int, n_cards: int, n_weights: int, log_capacity: int) -> GameState:
    zmax = max(E.N_PLAYER_ZONES, E.N_COMMON_ZONES)
    return GameState(
        g=np.zeros(N_G, np.int64),
        pl=np.zeros((E.MAX_PLAYERS, N_PL), np.int64),
        zone=np.full((E.MAX_PLAYERS + 1, zmax, n_instances), -1, np.int64),
        zone_n=np.zeros((E.MAX_PLAYERS + 1, zmax), np.int64),
        field=np.full(E.N_SLOTS, -1, np.int64),
        inst_row=np.full(n_instances, -1, np.int64),
        inst_zone=np.full(n_instances, -1, np.int64),
        inst_facing=np.full(n_instances, -1, np.int64),
        inst_buff_str=np.zeros(n_instances, np.int64),
        inst_buff_cos=np.zeros(n_instances, np.int64),
        inst_cut_str=np.zeros(n_instances, np.int64),
        inst_cut_cos=np.zeros(n_instances, np.int64),
        inst_flags=np.zeros(n_instances, np.int64),
        inst_wounds=np.zeros(n_instances, np.int64),
        pend=np.zeros((PEND_CAP, PEND_WIDTH), np.int64),
        rng=np.zeros(4, np.uint64),
        log=np.zeros((max(log_capacity, 1), E.EVENT_WIDTH), np.int32),
        value=np.zeros((E.MAX_PLAYERS, n_cards), np.float64),
        values_for=np.full(E.MAX_PLAYERS, -1, np.int64),
        use_first=np.zeros((E.MAX_PLAYERS, n_cards), np.bool_),
        value_top=np.zeros(E.MAX_PLAYERS, np.float64),
        weights=np.zeros((E.MAX_PLAYERS, max(n_weights, 1)), np.float64),
        scratch=np.zeros(n_instances, np.int64),
        slot_memo=np.zeros((E.N_SLOTS, M_WIDTH), np.int64),
        helpers=np.zeros(n_instances + 1, np.int64),
        cand_score=np.zeros(2 * E.N_SLOTS, np.float64),
        cand_at=np.zeros(2 * E.N_SLOTS, np.int64),
        reach=np.zeros(3, np.int64),
        hand_values=np.zeros((n_instances, 2), np.int64),
        hand_values_of=np.full(1, -1, np.int64),
        commit_cands=np.zeros((n_instances, 2), np.int64),
        plan=np.full(PLAN_CARDS + n_instances, -1, np.int64),
        plan_wins=np.full(n_instances + 1, -1, np.int64),
        action=np.zeros(3, np.int64),
        keep=np.zeros(n_instances, np.bool_),
    )
