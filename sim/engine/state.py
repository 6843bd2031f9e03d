"""The game state: one NamedTuple of fixed-capacity arrays, reset between games.

Card instances: every physical card of the run has an index 0..I-1 (copies laid out in card-row
order, `CardTable.inst_card`). A zone is a stack of instance ids: `zone[row, z, :zone_n[row, z]]`,
where `row` is a seat 0..5 or COMMON (6) for the reserve, the battlefield discard and the pending
area. The top of a pile is its last element. The field is its own array of slots, 6 in classic
(a 7th, for the co-op's piles, stays empty; `G_FIELD_END` is the last space's index):

    reserve ─▶ [slot 1][slot 2][slot 3][slot 4][slot 5][slot 6] ─▶ battlefield discard
               first card (R1)                  last card, costs 1 less, removed at upkeep
    index:       0       1       2       3       4       5

Room for the expansions is reserved in the scalar rows (Energy, Freeze, VP tokens, ...), so the
layout does not change when they arrive. Each field is declared once (`STATE`): its size, its
value at the start of a game, its meaning. The policies keep their memory apart, in `s.mind`.
"""
from __future__ import annotations

import numpy as np

from sim.engine import enums as E
from sim.engine.declare import Declaration, Field
from sim.engine.params import N_RULES

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
G_NMARKS = 20         # Marked triggers waiting in `marks` (ASG-15)
G_CHECK = 21          # 1: check the invariants after every action (tests)
G_VIOLATIONS = 22     # invariant violations seen
G_FIRST_VIOLATION = 23
G_LAST_FLAMES_SEEN = 24
G_TURN_MARKS = 25     # 1 once a card got a buff, cost cut or flag this turn (cleared with them)
G_EFFECTS_RUN = 26    # card programs run and face costs paid so far: when it moves, a policy checks its plan
G_FIELD_CHANGES = 27  # cards put on or taken off the field so far (swaps and shifts change no card)
G_RULES_SEEN = 28     # G_FIELD_CHANGES when G_FIELD_RULES was last computed
G_FIELD_RULES = 29    # the `field_rules` bits of the field cards then (`fight.field_rules`)
G_SAPPHIRES = 30      # sapphires on the Odin statue (Asgard, ASG-10); flipped at SAPPHIRE_SPACES
G_ENERGY_ON = 31      # 1 if the run's cards use Energy (Asgard boards or an Energy effect): draws then give it (ASG-2)
G_SPARED = 32         # seat + 1 that the Exit now resolving spares (Benetnash Robe); 0: none
G_RELICS_ON = 33      # 1 if the run's cards include a Relic (Asgard, ASG-19): the rules and policies then look for them
G_LENT = 34           # cards a player plays that belong to another (Delta Robe): those with inst_owner >= 0
G_NO_CLOCK = 35       # 1 in a mode without the Clock (solo): Flames, flame removals and flame conditions do nothing (GEN-20)
G_HILDA = 36          # solo: Hilda's seat + 1 (0: no Hilda). She plays no turn; her zones are a seat's (SOLO-7)
G_MOVE_DST = 37       # register: where the move whose cards a policy now picks sends them (Hilda's priorities, SOLO-13)
G_DIE = 38            # solo: G_DIE + i, face i + 1 of Hilda's die this game: slot index * 8 + icon (SOLO-1); 6 faces
G_HEAL_HEARTS = 44    # hearts left by the heal action going on (ASG-14): the next heal may spend them; any other action loses them
G_WEAPONS = 45        # Poseidon: Balance Weapon tokens left in the supply (POS-13)
G_FREEZES_ON = 46     # 1 if a card of the run freezes its fellow fighters instead of their discard (Isaak, POS-22)
G_FACE_RULES_ON = 47  # 1 if a card of the run has a field rule on facing (`face_ban`, `face_cost_for`): can_face asks
G_EPIC = 48           # Poseidon: the current Epic's instance + 1 (0: none) (POS-1, POS-3)
G_HOURGLASSES = 49    # the hourglasses on the current Epic (POS-2)
G_HOURGLASSES_HELD = 50  # hourglasses added while the current Epic's end resolves: they go to the next Epic (POS-3.3)
G_DISCARD_WATCH = 51  # the current Epic puts out a flame whenever a card of `inst_watch` joins a discard pile:
                      # 1 a player's, 2 the field's, 3 either; 0 no such Epic (Epuisement d'Athéna, Fonte des glaces)
G_FLAMES_DUE = 52     # flames those discards put out, once the move that made them is over
G_EPIC_RULES = 53     # the current Epic's `field_rules` bits (0: no Epic): the rules look for its rules only when set
G_END_NOW = 54        # 1 once an effect ended the game at once (Graad Foundation Attack, POS-7): no more action
G_GRANTS_ON = 55      # 1 if a card of the run gives the other field cards an Exit (`granted_exit`, Soldier #2024)
G_SPENT_TOKENS = 56   # register: the VP tokens the card just spent for its use carried (a `per_token` cut, the Trident)
G_WOUND_CUTS_ON = 57  # 1 if a card of the run may have its cost bought down by wounding (`wound_cut`, Baian)
G_OPEN_TARGET = 58    # a card off the field an effect opened to a player this turn, its instance + 1 (0: none) (POS-23)
G_OPEN_SEAT = 59      # that player's seat + 1: it may face the card (action index OPEN_AT) and acquire it
G_BENEATH = 60        # cards beneath another now (Athena's Urn): a card moved is looked at for one only then
G_FIELD_END = 61      # the last field space's index: CLASSIC_SLOTS - 1, or N_SLOTS - 1 with the co-op's 7 piles
G_MAY_RELIC = 62      # register: the Relic + 1 whose `token_each_turn` token a policy's decide_may now weighs (0: another "may")
G_POSEIDON = 63       # co-op: Poseidon's seat + 1, the seat after the players' (0: not the co-op mode) (COOP-19)
G_GAP = 64            # co-op: the gap the Submersion marker stands in, 0..6 (0: the starting gap) (COOP-6)
G_WATER = 65          # co-op: the water level in the Main Breadwinner (COOP-1, COOP-2)
G_LAST_PLAYER = 66    # co-op: the seat of the last player who played (COOP-3)
G_PILE_PILLAR = 67    # co-op: G_PILE_PILLAR + i, the Pillar + 1 under pile i; 7 piles
G_DECIDING = 74      # questions being answered now, one inside another (sim/engine/decision_count.py)
G_DECISIONS = 75     # questions answered this game, counted only by a build that counts them
G_HADES = 76         # 1 if the run has Styx cards: the Underworld is in play (HAD-2)
G_GATE_TOKENS = 77   # Hades: the tokens on the Gate (HAD-2, HAD-3)
G_SOUL_POOL = 78     # Hades: the Souls left in the shared pool; -1 unlimited (HAD-16)
G_TRIALS_ON = 79     # Hades: 1 if the run has Trials: the events of their conditions are looked for (HAD-10)
G_IN_MAIN = 80       # 1 while a main phase runs (a Trial's condition is met only then, `hades_trial_window`)
G_DUEL = 81          # 1 in the Hades Duel: Houses, a side's own Abilities, Athena at Elysion (DUEL-1..19)
G_ATHENA = 82        # Duel: Athena, Divine Warrior + 1 while she is set aside (0: taken, or none) (DUEL-10)
G_DUEL_OVER = 83     # Duel: 1 once the House that ends the Duel is acquired; the turn is finished (DUEL-8)
G_ACQ_CHECKED = 84   # the acquisition a policy proposed having found it legal (`note_acquirable`), keyed on the decision; 0 none
N_G = 85

# pl[seat, ...]: per-player scalars (int64)
PL_HERO = 0
PL_ALGO = 1            # the seat's policy algorithm (an index of sim/engine/policies/registry.py)
PL_TURN_STRENGTH = 2   # +Strength for all your Characters this turn (Libra Cloth)
PL_ALT_FILTER = 3      # filter row + 1 of field cards buyable with Strength at their Cosmos cost (Algethi); 0 none
PL_VP = 4
PL_ENERGY = 5          # Asgard: Energy on the player's board, 0..3 (ASG-1..3)
PL_VP_TOKENS = 6       # Poseidon: the VP tokens the player took (POS-14)
PL_SOULS = 7           # Hades: the player's Souls (HAD-16)
PL_WON_FIGHTS = 8
PL_ENTRY = 9           # which of the run's given policies plays this seat (R9)
PL_TECHNIQUE_TURN = 10  # Asgard: the turn (G_TURN) in which the player last used a board technique (ASG-4)
PL_ODIN_TURN = 11      # Asgard: the turn in which the player last used the Robe of Odin (ASG-9)
PL_WEAPONS = 12        # Poseidon: the player's Balance Weapon tokens (POS-13)
PL_EPIC_TURN = 13      # Poseidon: the turn (G_TURN) in which the player last used the current Epic's action
PL_EPIC_USES = 14      # how many times they used it then (an Epic's `uses_per_turn`, POS-8)
PL_ELIMINATED = 15     # 1 once an effect eliminated the player: they cannot win (GEN-10; Graad Foundation Attack)
PL_MARKER = 16         # co-op: the pile the player's Hero marker faces, 0..6 (COOP-4)
PL_GIFTS = 17          # co-op: the seats the player gave a card to this turn from an adjacent pile, one bit each (COOP-7)
PL_PLACE = 18         # co-op: the player's place in this Player phase's turn order, 0 first (COOP-3)
PL_SPACE = 19          # Hades: the Underworld space of the player's Hero marker, ELYSION .. GATE (HAD-5, HAD-23)
PL_SENSES = 20         # Hades: the player's Sense tokens, 0..4: the 5th Sense, then the 6th, 7th and 8th (HAD-7, HAD-8)
PL_SENSES_SPENT = 21   # Hades: bit i: the (5 + i)th Sense is inactive until upkeep step 6 (HAD-9)
PL_AWAKENING = 22      # Hades: 1 while the player's Awakening token is active (HAD-8)
PL_FIELD_WINS = 23     # field cards the player acquired this turn (the Trial "acquire two field cards")
PL_HOUSE_COUNTER = 24  # Duel: the Strength the player needs to acquire the revealed House, 1..12 (DUEL-6)
N_PL = 25

# inst_flags bits
IF_COSMOS_DRAW = 1      # Shun ▲: draw when his Cosmos acquires a field Character
IF_FACE_PAID = 2        # Dolphin: the face cost was paid this turn
IF_ARMED = 4            # a Hero facing a Pillar got its Balance Weapon (one per Hero card, POS-11)
IF_CUT_PAID = 8         # a field card's cost was bought down by wounding this turn (Baian's `wound_cut`)
IF_LAST_GENERAL = 16    # co-op: the last General of its pile, being acquired: it is defeated, not won (COOP-5)
IF_TALENT_PAID = 32     # Hades: this card's Talent was paid with an Ability this turn (HAD-12)

LEGAL_ROWS = 128  # the legal actions a listing notes for a policy (sim/engine/rules/legal.py)

PEND_WIDTH = 5  # kind, a, b, c, d
PEND_CAP = 256
# Pending event kinds (a LIFO stack: each resolves completely before the one below it)
P_REFILL = 1      # a = 0 all empty slots, 1 only slot b
P_ARRIVAL = 2     # a = instance
P_ACQUIRE = 3     # a = instance, b = acquiring seat, c = flags (OPF_NO_EFFECTS), d = where it goes (INTO_*)
P_EXIT = 4        # a = instance (Asgard), c = seat + 1 it spares (0: none)
P_FINISH_ACQUIRE = 5  # a = instance, b = acquiring seat, c = how, d = INTO_*: Flame, placement, fighters discarded
P_EPIC_END = 6    # a = the Epic whose hourglasses reached its duration: its end-of-Epic effect (POS-3)
P_EPIC_NEXT = 7   # a = that Epic, once what its end caused is resolved: the next Epic is revealed
P_EPIC_ARRIVAL = 8  # a = a card revealed on the field: the current Epic's card_arrival program, once its Arrival resolved
P_PROGRAM = 9     # a = instance, b = trigger: another card's program an effect applies (for the active player)
P_ACQUIRE_TURNS = 10  # a = filter row, b = the seat to acquire next, c = flags, d = INTO_*: each player in turn acquires
                      # a field card passing the filter, until none is left (Aquarius Hyoga, promo #9003)
P_SHACKLE = 11    # a = the Gate card, b = the active seat: case C once its Exit resolved (HAD-18)
P_TRIAL = 12      # a = an event (EVT_*) of seat b's that meets a revealed Trial's condition: b may claim it (HAD-10)

# Marked triggers (ASG-15) wait in a queue of their own, first placed first resolved, ahead of the
# pending stack: a Marked effect resolves as soon as the program or action that placed its token
# is over (the interpreter does not run a program inside another).
MARK_CAP = 64


ROWS = E.MAX_SEATS + 1                            # zone rows: the seats, then COMMON
ZONES = max(E.N_PLAYER_ZONES, E.N_COMMON_ZONES)

STATE = Declaration("GameState", dict(
    g=Field(np.int64, (N_G,), 0, "game", "game scalars (G_*)"),
    pl=Field(np.int64, (E.MAX_SEATS, N_PL), 0, "game", "per-player scalars (PL_*)"),
    zone=Field(np.int64, (ROWS, ZONES, "instances"), -1, "", "zone stacks: zone[row, z, :zone_n[row, z]]"),
    zone_n=Field(np.int64, (ROWS, ZONES), 0, "game", "zone stack heights"),
    field=Field(np.int64, (E.N_SLOTS,), -1, "game", "the instance in each field slot, -1 empty"),
    under=Field(np.int64, (E.UNDER_SPACES,), -1, "game", "Hades: the card on each Underworld space, Elysion first, "
                "-1 empty"),
    under_up=Field(np.bool_, (E.UNDER_SPACES,), False, "game", "Hades: whether the card on each space is face up"),
    inst_row=Field(np.int64, ("instances",), -1, "game", "each instance's zone row (seat or COMMON), -1 out of the game"),
    inst_zone=Field(np.int64, ("instances",), -1, "game", "its zone within the row; Z_BATTLEFIELD on the field"),
    inst_facing=Field(np.int64, ("instances",), -1, "game", "the field instance a fighter faces, -1 none"),
    inst_buff_str=Field(np.int64, ("instances",), 0, "game", "Strength gained this turn (Taurus/Leo Cloth)"),
    inst_buff_cos=Field(np.int64, ("instances",), 0, "game", "Cosmos gained this turn"),
    inst_cut_str=Field(np.int64, ("instances",), 0, "game", "a field card's Strength cost cut this turn (Capella, Cassios)"),
    inst_cut_cos=Field(np.int64, ("instances",), 0, "game", "a field card's Cosmos cost cut this turn"),
    inst_flags=Field(np.int64, ("instances",), 0, "game", "IF_* bits, cleared at the end of each turn"),
    inst_wounds=Field(np.int64, ("instances",), 0, "game", "wound tokens on the card"),
    inst_owner=Field(np.int64, ("instances",), -1, "game", "the seat a card belongs to while another player "
                     "plays it (Delta Robe), -1 otherwise: it goes back to that seat's zones when it leaves the "
                     "player's play, and to its discard pile at the end of the turn"),
    inst_vp=Field(np.int64, ("instances",), 0, "game", "the VP tokens on the card, +1 or -1 each (POS-14)"),
    inst_home=Field(np.int64, ("instances",), -1, "game", "a Transcended Hero's seat: the card goes back to its "
                    "set-aside area whenever it would be discarded, marked or destroyed (POS-15); -1 any other card"),
    inst_watch=Field(np.bool_, ("instances",), False, "game", "the cards whose discard puts out a flame under the "
                     "current Epic (G_DISCARD_WATCH)"),
    inst_under=Field(np.int64, ("instances",), -1, "game", "the card beneath this one, -1 none: it undergoes whatever "
                     "this one undergoes (Athena's Urn, POS-24)"),
    inst_rival=Field(np.int64, ("instances",), -1, "game", "the seat that may face this card to win it and the card "
                     "beneath back, -1 none (Athena's Urn)"),
    inst_freeze=Field(np.int64, ("instances",), 0, "game", "the side of a frozen card's Freeze token: "
                      "2 as placed, 1 once a heart turned it (ASG-14), 0 not frozen"),
    held=Field(np.bool_, (E.MAX_SEATS, "cards"), False, "game", "whether a seat had the card in hand this game"),
    pend=Field(np.int64, (PEND_CAP, PEND_WIDTH), 0, "", "pending events (P_*), a stack of g[G_NPEND]"),
    marks=Field(np.int64, (MARK_CAP, 2), 0, "", "Marked triggers waiting, oldest first: (instance, owner), "
                "g[G_NMARKS] of them"),
    rng=Field(np.uint64, (4,), 0, "", "xoshiro256** state, seeded per game"),
    log=Field(np.int32, ("log", E.EVENT_WIDTH), 0, "", "the current game's event log, g[G_LOG_N] rows"),
    rules=Field(np.int64, (N_RULES,), 0, "", "the run's rules parameters (sim/engine/params.py)"),
    scratch=Field(np.int64, ("instances",), 0, "", "a list the rules build to ask a choice"),
    action=Field(np.int64, (3,), 0, "", "the main-phase action a policy chose (kind, a, b)"),
    legal=Field(np.int64, (LEGAL_ROWS, 3), 0, "", "legal main-phase actions listed for a policy (kind, a, b)"),
    keep=Field(np.bool_, ("instances",), False, "", "upkeep: the hand cards a policy keeps (by hand position)"),
    spares=Field(np.int64, ("spares",), 0, "", "the addresses of spare states of the same layout, which a "
                 "policy that plays ahead plays on (sim/engine/policies/search.py); a spare has none"),
), parts=("mind",), module=__name__)  # mind: the seats' policies' memory (sim/engine/policies/memory.py)
GameState = STATE.type
