"""Integer constants shared by the card compiler, the numba engine and the Python layer.

Every name the card files use (classes, ranks, zones, triggers, opcodes, ...) maps to one of
these integers. The engine only ever sees the integers; the Python layer turns them back into
names for tables and traces. Numbers are stable: new boxes append, never renumber.
"""


import numpy as np


def named(prefix: str, exclude=()) -> dict:
    """{public name: value} of the constants PREFIX_NAME defined so far: the constant is the one
    declaration, its public name (card files, event kinds) is NAME in lower case."""
    return {k[len(prefix):].lower(): v for k, v in globals().items()
            if k.startswith(prefix) and k not in exclude and type(v) is int}

# --- Card classes (bitmask). GEN-19: a "Saint" is any class containing Saint/Chevalier;
# "Character" is everything but Cloths (and, later, Relics, Pillars, Houses, Epics). -------------
CLASS_HERO = 1 << 0
CLASS_BRONZE_SAINT = 1 << 1
CLASS_SILVER_SAINT = 1 << 2
CLASS_GOLD_SAINT = 1 << 3
CLASS_BLACK_SAINT = 1 << 4
CLASS_GHOST_SAINT = 1 << 5
CLASS_STEEL_SAINT = 1 << 6
CLASS_SAINT_NO_CONSTELLATION = 1 << 7
CLASS_BRONZE_CLOTH = 1 << 8
CLASS_GOLD_CLOTH = 1 << 9
# Reserved for the expansions (Asgard, Poseidon, Hades).
CLASS_GOD_WARRIOR = 1 << 10
CLASS_GOD_ROBE = 1 << 11
CLASS_GUARD = 1 << 12
CLASS_RELIC = 1 << 13
CLASS_MARINA_GENERAL = 1 << 14
CLASS_MARINA_SCALE = 1 << 15
CLASS_MARINA_SOLDIER = 1 << 16
CLASS_SPECTER = 1 << 17
CLASS_SURPLICE = 1 << 18
CLASS_TECHNIQUE = 1 << 19  # Asgard: a board technique (not a card of any deck, ASG-4)
CLASS_ODIN_ROBE = 1 << 20  # Asgard: the Robe of Odin, on every board once the statue flips (ASG-9)
CLASS_MARINA = 1 << 21       # Poseidon: a Marina (Thetis by her printed class; Generals and Soldiers by derivation)
CLASS_TRANSCENDED = 1 << 22  # Poseidon: a Transcended Hero (POS-15)
CLASS_PILLAR = 1 << 23       # Poseidon: a Pillar, never in a deck nor on the field (POS-10..12)
CLASS_EPIC = 1 << 28         # Poseidon: an Epic, a rule of the whole table for a while (POS-1..9)
CLASS_TRIAL = 1 << 29        # Hades: a Trial, claimed when its event happens (HAD-10)
CLASS_ABILITY = 1 << 30      # Hades: an Ability, a one-shot effect or a Talent's payment (HAD-11)
CLASS_HOUSE = 1 << 31        # Hades Duel: a House of the Sanctuary (DUEL-6, DUEL-19)
CLASS_ALTAR = 1 << 32        # Hades Duel: an Altar, a rule of the whole Duel (DUEL-9)
# Derived flags, set by the compiler from the classes above.
CLASS_SAINT = 1 << 24
CLASS_CLOTH = 1 << 25
CLASS_CHARACTER = 1 << 26
CLASS_WARRIOR = 1 << 27  # a Warrior (GEN-19): God Warriors and Guards by derivation, Bud by his printed class

CLASS_NAMES = named("CLASS_")
SAINT_CLASSES = (CLASS_BRONZE_SAINT | CLASS_SILVER_SAINT | CLASS_GOLD_SAINT | CLASS_BLACK_SAINT
                 | CLASS_GHOST_SAINT | CLASS_STEEL_SAINT | CLASS_SAINT_NO_CONSTELLATION)
CLOTH_CLASSES = CLASS_BRONZE_CLOTH | CLASS_GOLD_CLOTH | CLASS_GOD_ROBE | CLASS_MARINA_SCALE | CLASS_SURPLICE
NOT_CHARACTER_CLASSES = (CLOTH_CLASSES | CLASS_RELIC | CLASS_TECHNIQUE | CLASS_ODIN_ROBE | CLASS_PILLAR | CLASS_EPIC
                         | CLASS_TRIAL | CLASS_ABILITY | CLASS_HOUSE | CLASS_ALTAR)
WARRIOR_CLASSES = CLASS_GOD_WARRIOR | CLASS_GUARD
MARINA_CLASSES = CLASS_MARINA_GENERAL | CLASS_MARINA_SOLDIER  # "a Marina": every class that says Marina (POS-12)
BOARD_CLASSES = CLASS_TECHNIQUE | CLASS_ODIN_ROBE  # the cards of a player's board (start = "board")

# --- Ranks (bitmask: Asgard God Warriors carry two). -------------------------------------------
RANK_VERY_COMMON = 1 << 0  # ● green
RANK_COMMON = 1 << 1       # ▲ orange
RANK_UNCOMMON = 1 << 2     # ◆ grey
RANK_RARE = 1 << 3         # ★ gold
RANK_VERY_RARE = 1 << 4    # ✻ blue
RANK_NAMES = named("RANK_")
RANK_SYMBOLS = {RANK_VERY_COMMON: "●", RANK_COMMON: "▲", RANK_UNCOMMON: "◆", RANK_RARE: "★",
                RANK_VERY_RARE: "✻"}

# --- Icons (bitmask). ---------------------------------------------------------------------------
ICON_FLAME = 1 << 0
ICON_SAPPHIRE = 1 << 1  # Asgard
ICON_PILLAR = 1 << 2    # Poseidon
ICON_NAMES = named("ICON_")

# --- Heroes. -----------------------------------------------------------------------------------
HEROES = ("Seiya", "Shiryu", "Hyoga", "Shun", "Ikki")
N_HEROES = len(HEROES)

# --- The Hades Duel's sides (DUEL-1: the Renegades play first, in seat 0) and Constellations
# (DUEL-11: a Duel Hero's Talent is paid with the Ability of its Constellation). --------------------
SIDES = ("renegades", "gold_saints")  # as card files name them
SIDE_NAMES = ("Renegades", "Gold Saints")
SIDE_PLAYERS = ("the Renegade player", "the Gold Saint player")  # as hades.txt names them
CONSTELLATIONS = ("Aries", "Taurus", "Gemini", "Cancer", "Leo", "Virgo", "Libra", "Scorpio", "Sagittarius",
                  "Capricorn", "Aquarius", "Pisces")

# --- Zones. Seat zones are indexed [seat, zone]; common zones live in the extra row COMMON
# (= MAX_SEATS). ---------------------------------------------------------------------------------
Z_DRAW = 0        # draw pile; top is the last element
Z_HAND = 1
Z_DISCARD = 2
Z_PLAY = 3        # cards played this turn (fighting, or waiting to be discarded at upkeep)
Z_CLOTH = 4       # the equipped Cloth (at most one)
Z_WOUNDED = 5     # wounded (marked) cards: stay in play until healed
Z_DESTROYED = 6   # under the Hero marker, out of the game (count for Jaki)
Z_SETASIDE = 7    # the 5 armoured Hero copies (upgrade stock)
Z_REVEALED = 8    # cards revealed by an effect, pending (Cancer Cloth)
# Reserved for the expansions (no base card uses them yet; the state has room for them):
Z_RELICS = 9      # Asgard/Poseidon Relics in play
Z_PILLARS = 10    # Poseidon: Pillars destroyed (scored)
Z_VOID = 11       # Hades: annihilated Characters (scored)
Z_SHACKLE = 12    # Hades: Shackle pile (scored negatively)
Z_ABILITIES = 13  # Hades: the Abilities the player holds, at most 3 (HAD-11)
Z_HOUSES = 14     # Hades duel
Z_FROZEN = 15     # Asgard: frozen (marked) cards, one Freeze token each (ASG-12): stay in play until healed
Z_BOARD = 16      # Asgard: the techniques of the player's board (ASG-4); never part of the deck
Z_TO_PLAY = 17    # cards an effect lets the player play now, one after the other, before any other action
                  # (Gamma and Delta Robes, `play`); empty between actions once none of them can be played
Z_GRAAD = 18      # Poseidon, Epic 2901: the player's Graad cards, in play with a +1 VP token each, not marked (POS-7)
N_PLAYER_ZONES = 19
# Common zones (row COMMON)
Z_RESERVE = 0     # face-down reserve; top is the last element
Z_BF_DISCARD = 1  # the battlefield's common discard pile
Z_PENDING = 2     # a field card being acquired while its Defeated effect resolves
Z_EPICS = 3       # Poseidon: the Epic pile, face down; its top is revealed next (POS-1..3)
Z_PILLAR_ROW = 4  # Poseidon Pillars in play (reserved)
Z_STYX = 5        # Hades: the Styx, face down; top is the last element (HAD-2, HAD-4)
Z_ABYSSES = 7     # Poseidon co-op (reserved)
Z_PILLARS_ASIDE = 8  # Poseidon: the Pillars not revealed yet (POS-10)
Z_EPICS_REVEALED = 9  # Poseidon: the Epics revealed this game, in reveal order; the top one is current while one is (POS-3, POS-5)
Z_BENEATH = 10    # Poseidon: the cards beneath a card (Athena's Urn, POS-24); `inst_under` says which
Z_OUT = 11        # out of the game: a card an effect removes from it (Sagittarius Seiya, promo #9001)
Z_PILE = 19       # co-op: Z_PILE + i, the face-down cards of pile i (0..6, clockwise), its General at the bottom;
                  # numbered past the seat zones, whose numbers some rules read without the row (Z_FROZEN)
Z_TRIAL_PILE = 26  # Hades: the Trials face down; top is the last element (HAD-10)
Z_TRIALS = 27      # Hades: the revealed Trials, at most 3 (HAD-10)
Z_TRIAL_DISCARD = 28  # Hades: the Trials claimed, shuffled into a new pile when it runs out (HAD-10)
Z_ABILITY_PILE = 29  # Hades: the Abilities face down; top is the last element, a used one goes under it (HAD-11);
                     # in the Duel each side has its own, in its seat's row (DUEL-11)
Z_HOUSE_PILE = 30  # Hades Duel: the Houses; the top (last element) is the revealed one (DUEL-7)
Z_ALTAR = 31       # Hades Duel: the Altar of Athena chosen for the game, at most one (DUEL-9)
N_COMMON_ZONES = 32
Z_BATTLEFIELD = 99  # pseudo-zone: the 6 field slots (own array)
Z_UNDERWORLD = 98   # pseudo-zone: Hades's 5 Underworld spaces (own array, `under`)
LOC_COMMON = 100    # in events, where a card was: a player zone, Z_BATTLEFIELD, or LOC_COMMON + a common zone

MAX_PLAYERS = 5
MAX_SEATS = MAX_PLAYERS + 1  # the players' seats, then room for an opponent who is no player (Poseidon in co-op)
BASE_BOX_MAX_ID = 999  # printed numbers: the base box's are below 1000 (Asgard 1001+, Poseidon 2001+)
HADES_FIRST_ID, HADES_LAST_ID = 3001, 3999  # the Hades box's cards: 3000 + the printed number, and its mini-cards
COMMON = MAX_SEATS
N_SLOTS = 7  # the field's room: 6 spaces in classic and solo (CLASSIC_SLOTS), the co-op's 7 piles
CLASSIC_SLOTS = 6
PILLAR_AT = 2 * N_SLOTS + 8  # a fight's "slot" from here on is a revealed Pillar: PILLAR_AT + its place in the row
OPEN_AT = PILLAR_AT + 8      # the fight's "slot" of the card off the field an effect opens to a player this turn (POS-23)
URN_AT = OPEN_AT + 1         # the fight's "slot" of a Relic of another player's that a player may face to win it back (POS-24)
HOUSE_AT = URN_AT + 1        # Hades Duel: the fight's "slot" of the revealed House (DUEL-19)
UNDER_AT = HOUSE_AT + 1      # Hades: the fight's "slot" of the card on Underworld space i is UNDER_AT + i (HAD-5)
SHACKLE_AT = UNDER_AT + 5    # Hades: that of the j-th card from the bottom of the player's Shackle pile (HAD-17)
# Where a card starts (a card's `start`): the code the compiler gives each.
START_NAMES = {"reserve": 0, "deck": 1, "setaside": 2, "gift": 3, "board": 4, "pillar": 5, "epic": 6,
               "styx": 7, "trial": 8, "ability": 9, "duel": 10, "house": 11, "altar": 12}
START_PILLAR = START_NAMES["pillar"]
START_EPIC = START_NAMES["epic"]
START_STYX = START_NAMES["styx"]
START_TRIAL = START_NAMES["trial"]
START_ABILITY = START_NAMES["ability"]
START_DUEL = START_NAMES["duel"]
START_HOUSE = START_NAMES["house"]
START_ALTAR = START_NAMES["altar"]
DUEL_STARTS = ("duel", "house", "altar")  # the Duel's material: no other mode has it
# Hades's Underworld (HAD-2): its spaces left to right, Elysion (space 1) first, the Gate (space 5) last
UNDER_SPACES = 5
ELYSION = 0
GATE = UNDER_SPACES - 1
# The bonuses of an Underworld space (HAD-6), chosen when a fight annihilates its card: A_ACQUIRE's b
BONUS_NONE = 0
BONUS_STRENGTH = 1   # -1 to the fight's Strength cost (at least 1)
BONUS_SOUL = 2       # +1 Soul
BONUS_VP = 3         # +1 VP token
BONUS_ENERGY = 4     # +1 Energy
BONUS_DRAW = 5       # draw 1 card
N_BONUSES = 6
BONUS_NAMES = ("no bonus", "-1 Strength", "+1 Soul", "+1 VP token", "+1 Energy", "draw 1")
N_WEAPONS = 6  # Poseidon: the Balance Weapon tokens of the supply (POS-13)
WEAPON_STRENGTH = 4  # a Balance Weapon token spent on a Hero facing a Pillar: +4 Strength (POS-11)
N_FLAMES = 12
SAPPHIRE_SPACES = 7  # the Odin statue's spaces (Asgard): the 7th sapphire flips it

PLAYER_ZONE_NAMES = {
    "draw": Z_DRAW, "hand": Z_HAND, "discard": Z_DISCARD, "play": Z_PLAY, "cloth": Z_CLOTH,
    "wounded": Z_WOUNDED, "destroyed": Z_DESTROYED, "setaside": Z_SETASIDE, "revealed": Z_REVEALED,
    "frozen": Z_FROZEN, "board": Z_BOARD, "relics": Z_RELICS, "to_play": Z_TO_PLAY, "pillars": Z_PILLARS,
    "graad": Z_GRAAD, "void": Z_VOID, "shackle": Z_SHACKLE, "abilities": Z_ABILITIES, "houses": Z_HOUSES,
}
CARD_FILE_ZONES = {k: v for k, v in PLAYER_ZONE_NAMES.items()  # what card files may name
                   if v not in (Z_TO_PLAY, Z_VOID, Z_SHACKLE, Z_ABILITIES, Z_HOUSES)}

# --- Triggers: the hooks a card's programs attach to. ------------------------------------------
T_ENGAGEMENT = 0    # Engagement (Mise en jeu): when played to face a card (GEN-21)
T_DEFEATED = 1      # Defeated (Vaincu): when acquired from the battlefield
T_ARRIVAL = 2       # Arrival (Arrivée): when revealed on the battlefield (not at setup, R5)
T_EXIT = 3          # Exit (Sortie, Asgard): when it goes to the battlefield discard
T_DISCARD_USE = 4   # Discard use (Défausser): spend the played card by discarding it
T_WOUND_USE = 5     # Wound use (Blesser): spend the played card by wounding it
T_DESTROY_USE = 6   # Destroy use (Détruire): spend the played card by destroying it
T_FREEZE_USE = 7    # Freeze use (Geler, Asgard)
T_MARKED = 8        # Marked (Marqué, Asgard/Poseidon): a Wound or Freeze token placed on it (ASG-15)
T_FIGHTING = 9      # continuous, while fighting: value modifiers and protections
T_COST = 10         # continuous, on the battlefield: modifiers of its own cost
T_FIELD = 11        # continuous, while on the battlefield: rules it imposes on everyone
T_SCORE = 12        # end of game: variable VP
T_TECHNIQUE = 13    # a board technique used in the main phase, once per turn (Asgard, ASG-4)
T_IN_PLAY = 14      # continuous, while in its holder's play area: a Relic's ongoing text (ASG-19; off once marked, ASG-16)
T_TURN_START = 15   # an Epic: at the start of each turn, before any main-phase action (POS-8)
T_TURN_END = 16     # an Epic: at the end of each turn, after the upkeep's field refill (POS-8); a Styx card on
                    # top of a Shackle pile: at the end of its owner's turns, after the Epic's (HAD-19)
T_EPIC_END = 17     # an Epic: once its hourglasses reach its duration, before the next Epic is revealed (POS-3)
T_CARD_ARRIVAL = 18  # an Epic: a card is revealed on the field (not at setup); the program's target is that card (POS-8)
T_EPIC_ACTION = 19  # an Epic: a main-phase action of the active player's, `uses_per_turn` times a turn (POS-8)
T_GRANTED_EXIT = 20  # while on the field, the Exit effect it gives every other field card (Marina Soldier #2024)
# Hades (hades.txt; the engine does not play them yet, see HADES_TRIGGERS):
T_APPEARANCE = 21   # an Underworld card revealed on its space
T_UNDERWORLD = 22   # continuous, while face up in the Underworld: rules it imposes on everyone
T_ANNIHILATED = 23  # when a player annihilates it (puts it into their Void)
T_SHACKLE = 24      # continuous, while on top of a Shackle pile: rules it imposes on the pile's owner
T_TALENT = 25       # a "Discard / Talent" use: paid by discarding the card or by returning an Ability (HAD-12)
T_ABILITY = 26      # an Ability used for its own effect in the main phase (HAD-11)
T_ALTAR = 27        # a Duel Altar: rules and scoring of the whole Duel (DUEL-9)
N_TRIGGERS = 28
TRIGGER_NAMES = named("T_")
HADES_TRIGGERS = (T_APPEARANCE, T_UNDERWORLD, T_ANNIHILATED, T_SHACKLE, T_TALENT, T_ABILITY, T_ALTAR)

# What a card's use does (CardTable.use_kind, set by the compiler from its program)
USE_PLAIN = 0    # anything else: draws, attacks, recursion
USE_HELPER = 1   # a fight helper: a buff or a cost cut
USE_UPGRADE = 2  # an upgrade (a Bronze Cloth, a Knight technique)

# --- Effect opcodes. One row of the op table: OP_WIDTH int64 fields, named by the F_ offsets. ----
# One-shot actions
OP_MOVE = 1           # move cards matching a filter from a zone to a zone (discard, wound, destroy, heal, take...)
OP_DRAW = 2           # draw n cards (n may be the count moved by the previous op)
OP_SHUFFLE = 3        # shuffle a zone of the player
OP_REMOVE_FLAME = 4   # remove flames from the Clock
OP_ACQUIRE = 5        # acquire a field card (free) by effect
OP_FIELD_REMOVE = 6   # remove field cards to the battlefield discard
OP_FIELD_REFILL = 7   # refill empty field slots (Arrival applies)
OP_FIELD_SWAP = 8     # swap the positions of two field cards (Jamian)
OP_BUFF = 9           # a card in play gains Strength/Cosmos this turn
OP_TURN_BUFF = 10     # all your Characters gain Strength this turn, later ones included (Libra Cloth)
OP_COST_CUT = 11      # a field card costs less this turn (Capella, Cassios)
OP_ALT_COST_TURN = 12 # field cards of a class may be bought with Strength at their Cosmos cost (Algethi)
OP_UPGRADE = 13       # Bronze Cloth: destroy 2 identical Heroes to take the next rank from set-aside
OP_SWAP_CLOTH = 14    # swap this Cloth with an opponent's equipped Gold Cloth (Gemini Cloth)
OP_RETURN_TO_RESERVE = 15  # shuffle this card into the reserve (Sagittarius Cloth, Pope)
OP_GIVE_SELF = 16     # put this field card into a chosen player's discard pile (Gigas)
OP_SWAP_ZONES = 17    # swap a card of one zone with a card of another zone of the same player (Geki)
OP_COSMOS_DRAW = 18  # deferred: draw when this card's Cosmos acquires a field Character (Shun)
OP_GAIN_ENERGY = 19  # the controller gains n Energy, up to 3 (Asgard, ASG-2/3)
OP_GAIN_WEAPON = 20  # the controller gains a Balance Weapon token, if the supply has one (Kiki, POS-13)
OP_TAKE_WEAPON = 22  # take a Balance Weapon token from the player the op reaches (Marina Soldier #2021)
OP_FACE_COST_FOR = 23  # field rule: to face a field card of a kind, discard n cards from hand (Marina Soldier #2021)
OP_FIELD_ARRIVAL = 24  # apply the Arrival effect of a field card of the controller's choice (Lymnades Scale)
OP_FIELD_EXITS = 25    # apply the Exit effect of every field card, from the last to the first (Lymnades Scale)
OP_VP_TOKEN = 21     # put a VP token of value F_A (+1 or -1) on each of n cards of a source (Kanon, POS-14)
OP_TAKE_VP_TOKENS = 27  # the player the op reaches takes F_A VP tokens (+1 or -1) per counted card (Prise d'otages)
OP_MARKED_TO_RESERVE = 28  # an Epic's field rule: a card of a kind that is or becomes marked is shuffled into the reserve (Encerclés)
OP_FLAME_WHEN_DISCARDED = 31  # an Epic's field rule: a flame goes out whenever a card of a kind joins a discard pile
                              # (F_C: 1 a player's, 2 the field's, 3 either) (Epuisement d'Athéna, Fonte des glaces)
OP_ELIMINATED_UNLESS = 32     # an Epic's end-of-game effect: under its condition, a player without such a card in their
                              # deck is eliminated: they cannot win (GEN-10; Fonte des glaces)
OP_SET_VALUES = 33            # an Epic's field rule: cards of a kind have exactly F_A Strength and F_C Heal (Tournoi galactique)
OP_VP_TOKENS_TO_MOST = 34     # the player with strictly the most such cards in zone F_ZONE takes n VP tokens of F_A each
OP_DISCARD_INSTEAD = 35       # an Epic's field rule: a card of a kind that would be destroyed may be discarded instead (Inflexible)
OP_MUST_HEAL = 36             # an Epic's field rule: while you have a marked card, a card of a kind from your hand may only heal
OP_UPGRADE_SKIPS = 37         # an Epic's field rule: an upgrade that would give a card of a kind gives the next rank (Septième sens)
OP_SWAP_MARKED = 38           # n of the player's marked cards of a kind swap places with cards of another kind (F_A) of
                              # a zone (F_ZONE): each takes the marked place and tokens, with no Marked trigger
OP_NAME_HERO_DISCARD = 39     # the controller names the Hero of a card it has in play: each player discards a card
                              # of that Hero from hand if they can; that card gains +F_A Strength per discard (Amitié)
OP_GRAAD_END = 64             # Epic 2901's end: with at least n Graad cards in all, each goes to its owner's discard pile;
                              # else the game ends at once and a player with fewer than F_A is eliminated (POS-7)
OP_DISCARD_ENGAGEMENT = 66    # the Engagement effect of a card of the controller's discard pile, its pick, applies
OP_TRADE_MARKED = 67          # this marked card swaps places (and tokens) with a marked card of a kind of another player,
                              # the controller's pick, without Marked triggers (Marina Soldier #2023)
OP_COST_TO_COSMOS = 68        # field rule: the Strength cost of the field cards of a kind next to it becomes a Cosmos cost
OP_TOKEN_EACH_TURN = 69       # in play (a Relic): at the start of its holder's turn, they may put a VP token of F_A on it,
                              # up to n tokens (Poseidon's Trident)
OP_WOUND_CUT = 70             # cost: a player may wound a Character of a kind from hand: this card costs F_A Strength less
                              # this turn (once a turn; the action A_USE of the field card, trigger T_COST) (Baian)
OP_WOUND_FOR_SAME_RANK = 71   # the player may wound a card of a kind (F_A) from hand to take a card of the op's kind and of
                              # the same rank from their discard pile into their hand (Siren Scale's Arrival)
OP_SWAP_SAME_RANK = 72        # the controller may swap a card of the op's kind of the player's hand for a card of another
                              # kind (F_A) of the same rank of its own hand (Siren Scale's Discard)
OP_OPEN_TARGET = 73           # the controller may face, this turn, a card of the player's zone (F_ZONE; `top`: its top
                              # card; else its pick) and acquire it by its printed costs (Krishna, Sea Dragon Scale)
OP_PUT_BENEATH = 74           # a card of the player's zone (F_ZONE), the controller's pick, goes beneath this one, an
                              # acquisition of the controller's; that player may win both back (Athena's Urn, POS-24)
OP_WIN_BACK = 75              # in play (a Relic with a card beneath): the player the card came from may face it with F_A
                              # Strength or F_B Cosmos to take both into their discard pile (Athena's Urn, POS-24)
OP_ACQUIRED_FROZEN = 65       # field rule: every other field card acquired into a discard pile is frozen instead (POS-22)
OP_SAPPHIRE_IF_ACQUIRED = 30  # an Epic's field rule: a card of a kind places its sapphire only when acquired (Fuite)
OP_PLAY = 26         # cards of a zone become the controller's to play now, one after the other (Gamma, Delta Robes)
OP_REPLACE_FROM_RESERVE = 29  # mill the reserve until a matching card takes this card's slot (Hilda, ASG-20)
# Continuous modifiers (read by the fight and cost rules, never executed)
OP_STAT = 40          # +Strength/+Cosmos to this card or to named cards alongside, under a condition
OP_STAT_MULT = 41     # multiply the values of named cards alongside (Dohko)
OP_STAT_PER = 42      # +Strength/+Cosmos per counted thing (Aiolos, Ushio)
OP_PROTECT = 43       # Saints fighting alongside cannot be wounded (Sho)
OP_COST_IF_FIGHTER = 44   # this card costs less if a named card fights it (Black Saints)
OP_ALT_COST_FIGHTER = 45  # this card may be bought in another currency by a named fighter (Camus)
OP_FACED_COST_PER = 46    # the card this one faces costs less per counted fighter (Daichi)
OP_MIN_FIGHTERS = 47      # this card can only be fought by at least n Characters (Sea Serpent)
OP_FACE_COST = 48         # discard n cards from hand to fight this card (Dolphin)
OP_ACQUIRE_BAN = 49       # while on the field: no other card of a class can be acquired (Kuraggu)
OP_HEAL_BAN = 50          # while on the field: no Character can be healed (June)
OP_COST_UP = 51           # while on the field: field cards of a kind cost more, anywhere, left of it or next to a kind (Guards)
OP_CURRENCY_BAN = 52      # while on the field: no field card of a kind can be acquired with one currency (Guard #1034)
OP_ACQUIRE_ONLY = 53      # while on the field: only field cards of one of two kinds can be acquired (Guard #1035)
OP_FACE_BAN = 59          # while on the field: cards of a kind face no other field Character (Thetis, Soldier #2025)
OP_FACED_ALT_COST = 58    # fighting: the card this one faces may be bought with Cosmos at its Strength cost (Athena, Asgard)
OP_EQUIP_LOCK = 55        # in play (a Relic): its holder cannot equip a Cloth, until they face it with F_A Strength
                          # to put it into their discard pile (the Ring of the Nibelungen, ASG-19)
OP_NO_REDUCTION = 54      # cost: nothing lowers this card's costs (Sorento); what raises them still does
OP_SAPPHIRE_CUT = 56      # cost: this card costs F_A Strength / F_B Cosmos less per sapphire on the Odin statue (Balmung)
OP_HAND_SIZE = 39         # an Epic's field rule: the upkeep draws up to F_N cards, under its condition (Soutien télépathique)
OP_COST_PER_FIGHTER = 57  # cost: this card costs F_A Strength / F_B Cosmos less per named card facing it (the Pillars)
# Scoring
OP_VP_PER = 60        # VP = count // div (Athena, Jaki, Jango)
OP_VP_IF_MOST = 61    # +bonus VP (F_B = 1: per player; 2: per such card in the field discard) if you have strictly the most
                      # of something in F_C (Marin, Shaina; Death Queen Island)
OP_FREEZE_ALONGSIDE = 63  # fighting: the cards of a kind facing the same card are frozen, not discarded, after the fight (Isaak)
OP_VP_IF_OWN = 62     # +bonus VP if you own at least F_N named cards in F_C (Reda, Spica)
# Hades (the engine does not play them yet, see HADES_OPS)
OP_GAIN_SOULS = 76        # the player gains n Souls (HAD-16)
OP_LOSE_SOULS = 77        # the player loses n Souls; with F_C (a `most` count) only THE player with the most, if any
OP_GATE_TOKENS = 78       # n Gate tokens go onto the Gate (F_A = 1: the controller may remove them instead)
OP_MOVE_MARKER = 79       # the player's Hero marker moves n spaces (F_A: toward Elysion, the Gate or either)
OP_RECHARGE_SENSE = 80    # one of the player's inactive Senses turns active again
OP_LOSE_SENSE = 81        # the player loses their highest Sense
OP_REFILL_TRIAL = 82      # an empty Trial space is filled now
OP_DRAW_ABILITY = 83      # the player draws the top Ability (at most 3 held, HAD-11)
OP_FREE_SHACKLE = 84      # a card of the player's Shackle pile (`top`: its top card) goes under the Styx, no Souls gained
OP_BAN = 85               # a rule: the player (a Shackle: its pile's owner; else everyone) cannot do F_A (BAN_*)
OP_SOUL_COST = 86         # a rule: the Soul cost of the other Underworld cards changes by F_A
OP_EXTRA_GATE_TOKENS = 87  # a rule: a card leaving the Underworld adds n more Gate tokens (HAD-3)
OP_ANNIHILATE_SOULS = 88  # a rule: each annihilation gains its player n more Souls (Shaka's Rosary)
OP_GAIN_VP_TOKEN = 89     # the player takes n VP tokens of value F_A (+1 or -1)
OP_HOUSE_COUNTER = 90     # Duel: the player's House counter drops by n (floor 1, DUEL-6)
OP_COUNTER_STEP = 91      # Duel Altar: the end-of-turn House counter reduction is n
OP_COUNTER_RESET = 92     # Duel Altar: House counters reset to n + the Houses their player owns
OP_END_AT_HOUSES = 93     # Duel Altar: the Duel ends when a player owns n Houses
OP_STYX_LOOK = 94         # the controller looks at the top n Styx cards and puts them back in any order
OP_UNDERWORLD_CUT = 95    # an Underworld card of the controller's choice costs F_A Strength less this turn

OP_NAMES = named("OP_", exclude=("OP_WIDTH",))
HADES_OPS = tuple(range(OP_GAIN_SOULS, OP_UNDERWORLD_CUT + 1))
# What an OP_BAN forbids (F_A)
BAN_SOULS = 0          # gaining Souls
BAN_HIGHEST_SENSE = 1  # using the highest Sense
BAN_TRIALS = 2         # claiming Trials
BAN_ABILITIES = 3      # drawing Abilities
BAN_MARKER_TO_ELYSION = 4  # moving the Hero marker toward Elysion
BAN_ENERGY = 5         # gaining Energy
BAN_NAMES = named("BAN_")
# The Trials' conditions (HAD-10): an event of the active player's main phase; `event` in a card file
EVT_FREEZE_OWN = 1             # one of their cards is frozen (by any source)
EVT_ACQUIRE_WITH_COSMOS = 2    # they acquire a Character with Cosmos
EVT_THREE_IN_A_FIGHT = 3       # a third Character of theirs faces a card
EVT_HEAL = 4                   # they heal a card
EVT_GAIN_SOULS = 5             # they gain Souls
EVT_DRAW_LAST = 6              # a draw of theirs takes the last card of their draw pile
EVT_DISCARD_USE = 7            # they spend a card for its Discard use
EVT_ANNIHILATE = 8             # they annihilate an Underworld card
EVT_ACQUIRE_ARMOR = 9          # they acquire an Armor (a Cloth)
EVT_WOUND_OWN = 10             # one of their cards is wounded
EVT_ACQUIRE_UNCOMMON = 11      # they acquire a ◆ card
EVT_FREE_SHACKLE = 12          # a card leaves their Shackle pile for the Styx
EVT_MOVE_MARKER = 13           # their Hero marker moves
EVT_DESTROY = 14               # one of their cards is destroyed
EVT_PLACE_WITH_SOULS = 15      # they place an Underworld card with Souls
EVT_ACQUIRE_RARE = 16          # they acquire a ★ card
EVT_ACQUIRE_TWO_FIELD = 17     # they acquire their second field card of the turn
EVT_DESTROY_PILLAR = 18        # they destroy a Pillar
EVT_ANNIHILATE_GRADE_3 = 19    # they annihilate an Underworld card of Grade 3 or more
EVT_GAIN_ENERGY = 20           # they gain Energy
EVT_DESTROY_HERO_IN_HAND = 21  # they destroy a Hero from their hand
EVT_NAMES = named("EVT_")
TOWARD_ELYSION = 0     # move_marker: which way the marker goes (F_A)
TOWARD_GATE = 1
TOWARD_EITHER = 2      # the controller's choice (`decide_may`: toward Elysion?)
TOWARD_NAMES = named("TOWARD_")
MOST_SOULS = 1         # lose_souls: only THE player with the most Souls, Void cards or Abilities (F_C; 0: anyone)
MOST_VOID = 2
MOST_ABILITIES = 3
MOST_NAMES = named("MOST_")
# The ops a `field` program may hold: rules read while their card is on the field (or their Epic is
# current), never executed. Each has its bit of a card's `field_rules` mask, FIELD_BIT[code] (0 for
# any other op), so that the rules of the field are known in one look.
FIELD_RULE_OPS = (OP_MIN_FIGHTERS, OP_FACE_COST, OP_ACQUIRE_BAN, OP_HEAL_BAN, OP_COST_UP, OP_CURRENCY_BAN,
                  OP_ACQUIRE_ONLY, OP_FACE_BAN, OP_FACE_COST_FOR, OP_HAND_SIZE, OP_MARKED_TO_RESERVE,
                  OP_SAPPHIRE_IF_ACQUIRED, OP_FLAME_WHEN_DISCARDED, OP_SET_VALUES, OP_DISCARD_INSTEAD, OP_MUST_HEAL,
                  OP_UPGRADE_SKIPS, OP_ACQUIRED_FROZEN, OP_COST_TO_COSMOS, OP_BAN, OP_EXTRA_GATE_TOKENS)
FIELD_BIT = np.zeros(128, np.int64)
for _bit, _code in enumerate(FIELD_RULE_OPS):
    FIELD_BIT[_code] = 1 << _bit

# Op-row fields.
F_OP = 0
F_WHO = 1        # player scope (W_*)
F_ZONE = 2       # source zone (player zone, or a Z_SRC_* special source)
F_TO = 3         # destination zone
F_FILTER = 4     # row of the filter table (-1: any card)
F_N = 5          # how many (N_ALL: all; N_LAST: as many as the previous op moved)
F_BY = 6         # who picks (BY_*)
F_FLAGS = 7      # OPF_* bits
F_A = 8          # opcode-specific integer arguments
F_B = 9
F_C = 10
F_COND = 11      # row of the condition table (-1: none)
OP_WIDTH = 12
# cost_up (a `field` op): F_A/F_B the Strength/Cosmos added, F_C where the cards stand (CP_*),
# F_N the filter row of the neighbours for CP_NEXT_TO. currency_ban: F_A the currency (0 Strength,
# 1 Cosmos). acquire_only: F_FILTER and F_A the two kinds that may still be acquired.
CP_FIELD = 0     # anywhere on the field
CP_LEFT = 1      # to the left of the card imposing the rule (a lower slot: toward the first, COOP-6)
CP_NEXT_TO = 2   # in a slot next to a card passing the F_N filter (an empty slot between breaks it)

# Player scopes
W_SELF = 0            # the card's controller
W_EACH_OPPONENT = 1   # each opponent, in turn order from the active player
W_EACH_PLAYER = 2     # every player, in turn order from the active player (R6)
W_CHOSEN_OPPONENT = 3 # one opponent chosen by the controller
W_CHOSEN_PLAYER = 4   # any player (controller included) chosen by the controller
W_FIGHTERS_OWNER = 5        # the owner of the cards that fought this card (Defeated)
W_ACTIVE = 6          # the active player
W_COMMON = 7          # no player: common zones
W_THAT_PLAYER = 8     # the player bound by the last each_*/chosen_* op of the program
WHO_NAMES = named("W_")

# Special sources for OP_MOVE (beyond player zones)
Z_SRC_FIGHTERS = 20   # the cards that fought the card now being acquired
Z_SRC_THIS = 21       # the card whose program runs (e.g. Camus wounds himself)
Z_SRC_FIELD = 22      # the field slots
Z_SRC_RESERVE_TOP = 23
Z_SRC_BF_DISCARD = 24
Z_SRC_MARKED = 25     # the player's marked cards: wounded and frozen (Thor's Exit)
Z_SRC_IN_PLAY = 19    # the player's cards in play: played, equipped, Relics, wounded and frozen (GEN-11; Bud)
Z_SRC_ARMOR = 26      # the controller's Cloths: those in hand and the equipped one (Circle of Ice, ASG-6)
Z_SRC_DRAWN = 27      # the cards the previous op drew: the top of the player's hand (Guard #1032)
Z_SRC_HERO_SETASIDE = 28  # the set-aside cards of the seat playing this card's hero (a Poseidon ◆ Hero's Marked, POS-15)
Z_SRC_PILLAR_ROW = 29     # the revealed Pillars, not destroyed: "the Pillars in play" (POS-17)
SOURCE_NAMES = dict(CARD_FILE_ZONES, fighters=Z_SRC_FIGHTERS, this=Z_SRC_THIS,
                    field=Z_SRC_FIELD, reserve_top=Z_SRC_RESERVE_TOP, field_discard=Z_SRC_BF_DISCARD,
                    marked=Z_SRC_MARKED, armor=Z_SRC_ARMOR, in_play=Z_SRC_IN_PLAY, drawn=Z_SRC_DRAWN,
                    hero_setaside=Z_SRC_HERO_SETASIDE, pillars_in_play=Z_SRC_PILLAR_ROW)
# Special destinations
Z_DST_RESERVE = 30    # shuffled into the reserve
Z_DST_DRAW_TOP = 31   # on top of the draw pile
Z_DST_SELF_DISCARD = 32  # the controller's discard pile (taking from an opponent)
Z_DST_SELF_HAND = 33     # the controller's hand (taking from another player)
Z_DST_OTHER_DISCARD = 34  # the discard pile of another player than the card's, of its player's choice (an acquisition of theirs)
Z_DST_OUT = 35            # out of the game (common zone Z_OUT)
Z_DST_GIVEN = 200         # a move's destination once its receiver is chosen: Z_DST_GIVEN + the receiver's seat
DEST_NAMES = dict(CARD_FILE_ZONES, reserve=Z_DST_RESERVE, draw_top=Z_DST_DRAW_TOP,
                  own_discard=Z_DST_SELF_DISCARD, own_hand=Z_DST_SELF_HAND, other_discard=Z_DST_OTHER_DISCARD,
                  out=Z_DST_OUT)

N_ALL = -1
N_LAST = -2
N_ANY = -3   # move: any number of the candidates, the chooser's policy says how many (Mime)

BY_OWNER = 0     # the player whose cards are hit picks (default)
BY_SELF = 1      # the card's controller picks
BY_RANDOM = 2
BY_OPPONENT = 3  # an opponent of the owner picks (Cancer Cloth)
BY_NAMES = named("BY_")

OPF_PAY = 1 << 0    # the rest of the program runs only if this op moved exactly n cards
OPF_MAY = 1 << 1    # the chooser may decline (the rest then does not run if also PAY)
OPF_OTHER = 1 << 2  # the filter excludes the card whose program runs
OPF_FREE = 1 << 3   # acquisition without paying
OPF_NO_EFFECTS = 1 << 4  # the moved card applies no effects (Dante)
OPF_HELP = 1 << 5   # the op benefits its target player (guides whom a policy chooses)
OPF_TOP = 1 << 6    # take from the top of the pile rather than choose
OPF_ADJACENT = 1 << 7   # acquire: only a card adjacent to this one's slot
OPF_SAME_SLOT = 1 << 8  # field_refill: only the slot emptied by the previous op
OPF_THEN = 1 << 9   # the ops after it run only if it was done in full (GEN-22)
OPF_OR = 1 << 10    # this op and the next one are the two options of "X or Y" (ASG-21)
OPF_SPARE_SELF = 1 << 13  # field_remove: the Exits of the removed cards spare the controller (Benetnash Robe)
OPF_OTHERWISE = 1 << 14  # "if not, ...": the op runs only if the op before it (for this player) did nothing
OPF_BARE = 1 << 15  # vp_token: only on cards that carry no VP token (Victoire décisive)
OPF_PER_TOKEN = 1 << 16  # cost_cut: so much per VP token its card carried when spent; they go back to the supply (Trident)
# Where a card acquired by an effect goes (pending P_ACQUIRE's d)
INTO_DISCARD = 0
INTO_HAND = 1    # Poseidon's Defeated
INTO_FROZEN = 2  # frozen in its acquirer's marked area (Aquarius Hyoga, promo #9003)
OPF_IN_TURNS = 1 << 17   # acquire: each player in turn order from the active player acquires one, until none is left (Aquarius Hyoga)

# Filter table columns
FL_CLASS_ANY = 0   # card must have at least one of these class bits (0: no constraint)
FL_RANK_ANY = 1    # card must have one of these rank bits (0: no constraint)
FL_NAME = 2        # card's name id must equal this (-1: any)
FL_NOT_NAME = 3    # card's name id must differ (-1: no constraint)
FL_COSMOS = 4      # 0 any, 1 has printed Cosmos, 2 has none
FL_MIN_STRENGTH = 5  # printed Strength at least this (-1: no constraint)
FL_MAX_STRENGTH = 6  # printed Strength at most this (-1: no constraint)
FL_MIN_COSMOS = 7    # printed Cosmos at least this (-1: no constraint)
FL_COSMOS_COST = 8   # 0 any, 1 has a Cosmos cost, 2 has none
FL_NAME_SET = 9      # the card's name id is one of a set of names (the compiler's set number; -1: no constraint)
FL_NOT_CLASS = 10    # card must have none of these class bits (0: no constraint)
FILTER_WIDTH = 11

# Conditions (cond table columns: kind, count source, zone, filter, bound, exclude this card)
C_COUNT_AT_LEAST = 1   # count of (who, zone, filter) >= n
C_FLAMES_EVEN = 2
C_FLAMES_ODD = 3
C_FACING_FIRST = 4     # this card faces the first card of the field
C_FACING_LAST = 5      # this card faces the last card of the field
C_ALONGSIDE = 6        # at least n other fighters matching filter fight alongside
C_FACING_COSMOS_COST = 7  # this card faces a field card with a Cosmos cost (Andromeda Shun ◆)
C_COUNT_AT_MOST = 8    # count of (who, zone, filter) <= n (Hilda: no Warrior on the field)
C_RULE_IS = 9          # the rules parameter number row[1] has the kernel value row[4] (a reading a ruling leaves open)
C_HOURGLASSES = 10     # the current Epic carries row[4] hourglasses (an evolving Epic, POS-9)
C_ARRIVING = 11        # the card arriving on the field passes filter row[3] (an Epic's card_arrival program)
COND_WIDTH = 6
# Count sources for conditions and per-counts
CNT_ZONE = 1           # a zone of the controller
CNT_FIELD = 2          # field cards
CNT_ALONGSIDE = 3      # other cards fighting the same card
CNT_DECK = 4           # the controller's deck (GEN-11)
CNT_DECK_NAMES = 5     # distinct names in the controller's deck
CNT_DESTROYED = 6      # the controller's destroyed cards
CNT_MARKED = 7         # the controller's marked cards: wounded and frozen (Arctic and Indian Pillars)
CNT_FIELD_DISCARD = 8  # the field discard pile
CNT_VOID = 9           # Hades: the Characters under the controller's Void token
CNT_HOUSES = 10        # Hades Duel: the controller's Houses

# --- End reasons. ------------------------------------------------------------------------------
END_CLOCK = 0
END_RESERVE_EXHAUSTED = 1
END_TURN_CAP = 2
END_TURNS_PLAYED = 3  # solo: the turn counter's last turn is over (SOLO-4)
END_EPIC = 4          # an Epic's end ended the game at once (Graad Foundation Attack, POS-7)
END_PILLARS = 5       # co-op: the 7th Pillar destroyed; the players win (COOP-5)
END_SUBMERGED = 6     # co-op: the water reached the top of the Main Breadwinner; scored (COOP-15)
END_HOUSES = 7        # Duel: the last House acquired, or a player's Houses reached the Altar's count (DUEL-8)
END_REASONS = ("clock", "reserve exhausted", "turn cap", "turns played", "epic", "pillars", "submerged", "houses")

# --- Solo mode (Asgard): Hilda's die icons (SOLO-1) and how a card reaches her. ---------------
DIE_DISCARD, DIE_DRAW, DIE_PURIFY, DIE_FREEZE, DIE_STRENGTH, DIE_COSMOS = range(6)
DIE_ICONS = ("discard", "draw", "purify", "freeze", "strength", "cosmos")
HILDA_ROLL, HILDA_STRENGTH, HILDA_COSMOS, HILDA_LEFT_FIELD, HILDA_DRAW = range(5)
HILDA_HAND_LIMIT = 5  # SOLO-7

# --- Events (the log). -------------------------------------------------------------------------
EV_TURN = 1        # a player's turn starts (a = round)
EV_REVEAL = 2      # a card is revealed on the field (a = slot, b = 1 at setup)
EV_ACQUIRE = 3     # a = how (ACQ_*), b = slot
EV_FLAME = 4       # a flame goes out (a = how (FL_*), b = flames left)
EV_PLAY = 5        # a card is played facing a field card (a = slot, b = faced card id)
EV_EQUIP = 6       # a Cloth is equipped
EV_USE = 7         # a card's Discard/Wound/Destroy use (a = trigger)
EV_HEAL = 8        # healer heals card (a = healer card id, 0: the hearts the heal action had left, -1: an effect;
                   # b = 1: a heart only turned its Freeze token to side 1)
EV_WOUND = 9       # a card is wounded (seat = owner)
EV_DESTROY = 10
EV_DISCARD = 11    # discarded by an effect
EV_DRAW = 12       # a = number drawn
EV_EFFECT = 13     # a card's program starts (a = trigger)
EV_FIELD_OUT = 14  # a field card goes to the battlefield discard (a = slot, b = why)
EV_KEEP = 15       # upkeep: a card kept in hand
EV_SCORE = 16      # end: a = VP
EV_MOVE = 17       # another move by an effect (a = from zone, b = to zone)
EV_SHUFFLE = 18    # a = zone (reshuffle of the discard pile into the draw pile: a = Z_DISCARD)
EV_UPGRADE = 19    # a Bronze Cloth upgrade (a = 1: the next rank went into the hand)
EV_CLOTH_FIGHTS = 20  # the equipped Cloth fights (a = slot)
EV_END = 21        # the game ends (a = end reason)
EV_COST_CUT = 22
EV_SWAP = 23
EV_BUFF = 24
EV_HAND = 25       # full log only: a card in the active player's hand at the start of the turn
EV_FIELD = 26      # full log only: a field card at the start of the turn (a = slot)
EV_PAY = 27        # an optional cost asked of its payer (seat; card: the card whose cost it is): a = 1 paid, 0 declined
EV_EXCHANGE = 28   # Asgard: a V2 Bronze Cloth replaces the base one (a = the zone it takes: hand or Cloth)
EV_SAPPHIRE = 29   # Asgard: a sapphire goes on the Odin statue (a = sapphires now; the statue flips at 7)
EV_FREEZE = 30     # a card is frozen (seat = owner, a = from zone)
EV_ENERGY = 31     # Asgard: a player's Energy changes (a = the change, b = Energy now)
EV_RELIC = 34      # a Relic is played from hand into its player's play area (ASG-19)
EV_RELIC_WON = 35  # a Relic faced and beaten goes to the discard pile of the player facing it (the Ring, ASG-19)
EV_HILDA_ROLL = 36  # solo: Hilda's die (a = the slot rolled, 1-6; b = the icon, DIE_*)
EV_HILDA_GAINS = 37  # solo: a card joins Hilda's cards (seat = hers; a = how, HILDA_*: b = the zone it joins)
EV_PILLAR = 38     # Poseidon: a Pillar revealed (a = 0; seat: the General's acquirer) or destroyed (a = 1) (POS-10/11)
EV_VP_TOKEN = 40   # Poseidon: a VP token put on a card (a = its value, b = the tokens' sum on it now) (POS-14)
EV_VP_TAKEN = 45   # a player takes VP tokens by an effect (card: the effect's; a = their sum, b = the player's sum now)
EV_EPIC = 41      # Poseidon: an Epic revealed (a = 0; b = 1 at setup) or ended (a = 1) (POS-1, POS-3)
EV_ELIMINATED = 43  # a player is eliminated at the end of the game: they cannot win (GEN-10, POS-9)
EV_OPEN = 44       # a card off the field is opened to the seat's fights this turn (POS-23)
EV_HOURGLASS = 42  # Poseidon: an hourglass on the current Epic (a = its hourglasses now, b = its duration) (POS-2)
EV_WEAPON = 39     # Poseidon: a Balance Weapon token gained (a = 1, b = the supply left) or spent on a Hero (a = -1) (POS-13)
EV_WATER = 46      # co-op: the water level changes (a = the level now, b = +1 or -1) (COOP-2)
EV_MB = 47         # co-op: a card joins the Main Breadwinner (a = 1: from a pile, face down; 0: collected face up
                   # or by an effect) (COOP-11)
EV_MOVE_MARKER = 48  # co-op: a player's Hero marker moves (a = the pile it leaves, b = the pile it faces now) (COOP-18)
EV_GIFT = 49       # co-op: a card given (seat = the giver, a = the receiver) (COOP-7)
EV_POSEIDON_PHASE = 50  # co-op: Poseidon's phase starts (a = the round, b = the water level) (COOP-11)
EV_UNDERWORLD = 51  # Hades: a Styx card goes onto an Underworld space (a = the space, 0 Elysion .. 4 the Gate;
                    # b = 1 face up) or moves right to it (b = 2 face down, 3 face up) (HAD-2)
EV_UNDER_UP = 52    # Hades: an Underworld card turns face up (a = its space) (HAD-5)
EV_GATE = 53        # Hades: Gate tokens added or removed (a = the change, b = the tokens now) (HAD-2, HAD-3)
EV_SHACKLED = 54    # Hades: a card joins the seat's Shackle pile (a = its place from the bottom, b = SHACKLE_*) (HAD-17)
EV_SOULS = 55       # Hades: the seat's Souls change (a = the change, b = the Souls now) (HAD-16)
EV_ANNIHILATE = 56  # Hades: the seat annihilates an Underworld card (a = its space, b = the bonus, BONUS_*) (HAD-26)
EV_FREED = 57       # Hades: a card of the seat's Shackle pile goes under the Styx (a = 1: its Souls taken; b = 1: by an
                    # effect, else freed by a fight) (HAD-17)
EV_PLACE = 58       # Hades: the seat places an Underworld card with Souls (a = its space, b = the seat shackled) (HAD-27)
EV_MARKER = 59      # Hades: the seat's Hero marker moves (a = the space it leaves, b = the space it stands on) (HAD-23)
EV_SENSE = 60       # Hades: the seat uses a Sense (a = 0 the 5th .. 3 the 8th; b = its target or the marker's move) (HAD-9)
EV_SENSE_LOST = 61  # Hades: the seat loses its highest Sense (a = 0 the 5th .. 3 the 8th) (HAD-7)
EV_TRIAL = 62       # Hades: the seat claims a Trial (a = 1: the Awakening for a Sense, 0: an Ability) (HAD-10)
EV_ABILITY = 63     # Hades: the seat draws an Ability (a = 1) or uses one, which goes under the pile (a = 0) (HAD-11)
EV_HOUSE = 64       # Duel: a House revealed (seat -1, a = 0), acquired by the seat (a = 1; b = its Houses now), or
                    # the Altar chosen at setup (seat -1, a = 2) (DUEL-6, DUEL-9, DUEL-19)
EV_HOUSE_COUNTER = 65  # Duel: the seat's House counter is now a (b: HC_RESET, HC_CONDITION or HC_TURN_END) (DUEL-6)
HC_RESET, HC_CONDITION, HC_TURN_END = 0, 1, 2
EV_NAMES = {value: name for name, value in named("EV_").items()}
EVENT_WIDTH = 8  # turn, round, seat, kind, card_id, a, b, instance
# Event columns
E_TURN, E_ROUND, E_SEAT, E_KIND, E_CARD, E_A, E_B, E_INST = range(EVENT_WIDTH)

# Log levels: what the engine records.
LOG_NONE = 0
LOG_SUMMARY = 1  # reveals, acquisitions, flames, uses, optional costs, Epics, Pillars, Houses (what the reports need)
LOG_FULL = 2     # everything (traces)

# How a card was acquired
ACQ_STRENGTH = 0
ACQ_COSMOS = 1
ACQ_EFFECT = 2
ACQ_GIFT = 3     # given by an effect (Gigas's Arrival)
ACQ_NAMES = tuple(named("ACQ_"))

# How a flame went out
FLAME_ACQUIRED = 0
FLAME_UPKEEP = 1     # removed from slot 6 at upkeep
FLAME_EFFECT = 2     # removed from the field by an effect
FLAME_TEXT = 3       # a card text removes a flame (Ptolemy, Aiolos)
FLAME_NAMES = ("acquired", "upkeep removal", "effect removal", "card text")

# Why a field card left to the battlefield discard
OUT_UPKEEP = 0
OUT_EFFECT = 1
OUT_HILDA = 2        # solo: Hilda takes it (her die, her Strength or Cosmos buys)
OUT_DEFEATED = 3     # co-op: a pile's last General, defeated, joins the Abysses (COOP-5)
OUT_POSEIDON = 4     # co-op: Poseidon collects it into the Main Breadwinner (COOP-11)
SHACKLE_GATE = 0     # Hades: how a card joins a Shackle pile: from the Gate, in case C (HAD-18)
SHACKLE_PLACED = 1   # placed on the pile with Souls (HAD-27)
