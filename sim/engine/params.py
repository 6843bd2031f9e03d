"""The rules parameters: the settings our rulings name (../shared/rules/*-rulings.md), declared once.

Each has a name, a type, a default, the ruling that names it and what it does. A run's values
travel to the kernels as one int64 array (`s.rules`, indexed by the R_* constants below, derived
from this declaration; a choice travels as its index, `kernel_value`); `seiya rules` lists them,
`--rule NAME=VALUE` sets one and a sweep can vary it like a card number. A box or mode adds its
parameters here.
"""
from __future__ import annotations

from typing import NamedTuple


class Param(NamedTuple):
    name: str
    type: type       # int, bool or str (one of `choices`, or a file path when `path_ok`)
    default: int | str
    ruling: str
    doc: str
    low: int = 0     # the smallest value allowed (int parameters)
    choices: tuple = ()  # the names a str parameter takes
    path_ok: bool = False  # a str parameter may also name a file (read when the engine is built)
    high: int | None = None  # the largest value allowed (int parameters), if any


PARAMS = (
    Param("round_cap", int, 40, "GEN-9",
          "Classic mode: a game still going after this many rounds ends (reason 'turn cap') and is scored.", 1),
    Param("upkeep_remove_last_card", bool, False, "GEN-14",
          "At upkeep, discard the last card of the field even when slot 6 is empty (Asgard's variant; "
          "off in classic by default, always on in solo)."),
    Param("odin_statue", bool, True, "GEN-1, ASG-8, ASG-10",
          "Asgard: the Odin statue. A God Warrior leaving a field space puts a sapphire on it; the 7th "
          "flips it, and from then on every Exit applies twice (no effect without Asgard cards)."),
    Param("technique_set", str, "estimated", "ASG-4",
          "Asgard: the board techniques. 'estimated': the four of cardsets/asgard-techniques.toml (ESTIMATE: "
          "most texts are not public); 'first_only': the first (<Armor> Knight) alone; 'none': no technique "
          "(Energy is still gained); or the path of a technique file of your own.",
          choices=("estimated", "first_only", "none"), path_ok=True),
    Param("knight_ranks", str, "civilian", "ASG-5",
          "Asgard: the ranks the first technique (<Armor> Knight) upgrades from: 'civilian' (a ● copy) or "
          "'any' (any rank with a next rank left).", choices=("civilian", "any")),
    Param("solo_turns", int, 24, "SOLO-4",
          "Solo mode: the turns a game lasts (the rule is 24).", 1),
    Param("hilda_die", str, "random_pairing", "SOLO-1",
          "Solo mode: which slot and icon each face of Hilda's die shows (ESTIMATE: the pairing is not public). "
          "'random_pairing': the six icons on faces 1-6 in a random order drawn for each game; 'independent': "
          "slot and icon rolled apart; or the path of a die file (cardsets/hilda-die.toml is the rulebook's "
          "listing order).", choices=("random_pairing", "independent"), path_ok=True),
    Param("south_atlantic_vp", str, "distinct_common_saints", "POS-12",
          "Poseidon: what the South Atlantic Pillar counts, +1 VP each: 'distinct_common_saints', the differently "
          "named ▲ Saints of your deck (the raw text, 'chevalier de commun différent'); 'distinct_bronze_saints', "
          "the differently named Bronze Saints (the Saints its fight bonus names).",
          choices=("distinct_common_saints", "distinct_bronze_saints")),
    Param("epics", bool, True, "POS-1",
          "Poseidon: play with the Epics (classic mode). One is revealed at setup; each flame removed adds an "
          "hourglass to it, and at its duration its end-of-Epic effect resolves and the next one is revealed."),
    Param("epic_pools", str, "estimated", "POS-6",
          "Poseidon: which Epics each mode shuffles into its pile. 'estimated': cardsets/epic-pools.toml "
          "(ESTIMATE: the mode symbols on the Epics are not public); or the path of a pool file of your own.",
          choices=("estimated",), path_ok=True),
    Param("epic_endgame_scope", str, "all_revealed", "POS-5",
          "Poseidon: whose end-of-game effects count at scoring: 'all_revealed', every Epic revealed during the "
          "game, once each; 'current_only', the Epic showing at the end.", choices=("all_revealed", "current_only")),
    Param("epic_inflexible_scope", str, "any_destroy", "POS-9",
          "Poseidon, Epic Unyielding (Inflexible): which destroys of a Hero card its owner may turn into a discard: "
          "'any_destroy', every one, those paid as costs too (upgrades, Destroy uses); 'forced_only', those "
          "another player's card imposes.", choices=("any_destroy", "forced_only")),
    Param("coop_water_height", int, 5, "COOP-1",
          "Co-op mode: the water level at which the Main Breadwinner is submerged and the game is scored (ESTIMATE: "
          "the printed height is not public; 5 gives every player count the same 7 rounds of water). 4 to 8.", 4,
          high=8),
    Param("coop_pile_size", int, 11, "COOP-10",
          "Co-op mode: the cards of each of the 7 piles, on their General (11; fewer is harder). 1 to 11.", 1,
          high=11),
    Param("coop_general_placement", str, "random", "COOP-5",
          "Co-op mode: 'random', the 7 Generals go on the Pillars at random; 'matching', each on the Pillar it "
          "guards.", choices=("random", "matching")),
    Param("coop_turn_order", str, "seat", "COOP-3",
          "Co-op mode: the order of the players' turns in each Player phase. 'seat': seat order; 'policy': the "
          "team's policy (the first seat's) orders them at the start of each phase.", choices=("seat", "policy")),
    Param("coop_last_space_discount", bool, True, "COOP-6",
          "Co-op mode: a face-up card on the last field space (the pile Poseidon reaches next) costs 1 less, as "
          "slot 6 does in the classic mode."),
    Param("coop_played_cards_follow_marker", bool, True, "COOP-18",
          "Co-op mode: when a player moves their Hero marker, their played cards not yet spent in a won fight face "
          "the card (or Pillar) of the new pile; off, they stay with the old one."),
    Param("coop_gift_rule", str, "literal", "COOP-7",
          "Co-op mode: which cards may not be given. 'literal': every ★ and ◆ card, every ▲ Hero card and ▲ Armor; "
          "'hero_cards': only ★, ◆ and ▲ Hero cards and the Bronze Armors; 'strict': the literal list and every "
          "● Hero.", choices=("literal", "hero_cards", "strict")),
    Param("hades_clock_flames", int, 12, "HAD-20",
          "Hades: the flames on the Clock at setup in a classic game with the Underworld (fewer: a shorter game). "
          "6 to 12.", 6, high=12),
    Param("hades_gate_tokens_per_player", int, 2, "HAD-25",
          "Hades: the tokens put on the Gate at setup, per player. 1 to 3.", 1, high=3),
    Param("hades_grade_tokens_on", str, "any_departure", "HAD-3",
          "Hades: when a Character leaving the Underworld puts its Grade in tokens on the Gate: 'any_departure' "
          "(annihilated, placed with Souls, or shackled from the Gate), 'gate_only' (only when it leaves the Gate), "
          "'case_c_only' (only when the Gate card shackles the active player).",
          choices=("any_departure", "gate_only", "case_c_only")),
    Param("hades_space_bonuses", str, "grow_to_elysion_soul_first", "HAD-6",
          "Hades: the bonuses of the Underworld spaces (ESTIMATE: the rulebook lists five but not where each one is), "
          "one of which a player may take when annihilating the card on their marker's space: "
          "'grow_to_elysion_soul_first' (the Gate -1 Strength; space 4 adds +1 Soul; space 3 +1 VP token; space 2 +1 "
          "Energy; Elysion draw 1), 'grow_to_elysion_vp_first' (the VP token before the Soul), 'grow_to_gate' (the "
          "ladder the other way), 'none'.",
          choices=("grow_to_elysion_soul_first", "grow_to_elysion_vp_first", "grow_to_gate", "none")),
    Param("hades_shackle_free_any", bool, True, "HAD-17",
          "Hades: a player may face any card of their Shackle pile to free it; off, only its top card."),
    Param("hades_sense_loss_on", str, "field_strength", "HAD-7",
          "Hades: which fights cost the winner their highest Sense: 'field_strength' (a field Character acquired "
          "with Strength), 'any_strength_vs_character' (also annihilating an Underworld card and freeing a Shackle "
          "card), 'none'.", choices=("field_strength", "any_strength_vs_character", "none")),
    Param("hades_sense5", str, "str+1", "HAD-9",
          "Hades: what the 5th Sense does (ESTIMATE: the rulebook does not say): 'str+1' (one of your Characters in "
          "play gets +1 Strength this turn), 'cos+1', 'draw1', 'soul+1', 'none'.",
          choices=("none", "str+1", "cos+1", "draw1", "soul+1")),
    Param("hades_sense7", str, "cos+2", "HAD-9",
          "Hades: what the 7th Sense does (ESTIMATE): 'cos+2' (one of your Characters in play gets +2 Cosmos this "
          "turn), 'cos+1', 'str+2', 'draw1', 'none'.", choices=("none", "cos+1", "cos+2", "str+2", "draw1")),
    Param("hades_sense8_steps", str, "1", "HAD-9",
          "Hades: how far the 8th Sense moves your Hero marker, toward Elysion or the Gate: '1', '2' or 'any' "
          "(as far as you like).", choices=("1", "2", "any")),
    Param("hades_trial_window", str, "main_phase", "HAD-10",
          "Hades: when the active player meets a Trial's condition and may claim it: 'main_phase' or "
          "'whole_turn' (the upkeep too).", choices=("main_phase", "whole_turn")),
    Param("hades_talent_keeps_value", bool, True, "HAD-12",
          "Hades: a Talent paid with an Ability leaves its card in play, still giving its Strength, Cosmos or Heal; "
          "off, the card is discarded as well (paying with a Discard always uses the card up)."),
    Param("hades_talent_uses_per_card", str, "1", "HAD-12",
          "Hades: how often one card's Talent may be paid with an Ability in a turn: '1' or 'unlimited'.",
          choices=("1", "unlimited")),
    Param("hades_elysion_card", str, "hades_diamond", "HAD-13",
          "Hades: what a player's marker reaching Elysion puts into their hand: 'hades_diamond' (a set-aside copy "
          "of their Hades ◆ Hero) or 'any_diamond' (any set-aside ◆ copy of their Hero).",
          choices=("hades_diamond", "any_diamond")),
    Param("hades_star_entry", str, "armor_upgrade", "HAD-14",
          "Hades: how a Hades ★ Hero enters play (ESTIMATE: the rulebook gives no route): 'armor_upgrade' (a Bronze "
          "Armor's upgrade of 2 identical ◆ copies gives it) or 'none' (the ★ Heroes stay out of the game).",
          choices=("armor_upgrade", "none")),
    Param("hades_armor_exchange_trigger", str, "any_character", "HAD-15",
          "Hades: which acquisitions let each player swap their Bronze Armor (equipped or in hand) for their Hades "
          "Armor: 'any_character', 'star_or_triangle_character' (a ★ or ▲ Character) or 'gold_saint'.",
          choices=("any_character", "star_or_triangle_character", "gold_saint")),
    Param("hades_epics", bool, True, "HAD-29",
          "Hades: the 9 Hades Epics join the classic game's Epic pile (beside the Poseidon Epics of `epic_pools`); "
          "off, they stay in the box. No effect with `epics` off."),
    Param("hades_soul_pool", int, 70, "HAD-16",
          "Hades: the Souls of the shared pool (ESTIMATE: the split of the 30 tokens into 1, 3 and 5 is not "
          "public; 70 is 15x1 + 10x3 + 5x5). A gain above what is left gives what is left; 0: unlimited.", 0,
          high=100),
    Param("duel_house_vp", int, 3, "DUEL-5",
          "Hades Duel: the VP of each House a player owns at the end (ESTIMATE: the rulebook counts the Houses in "
          "the VP but prints no value on them; 0 makes the Houses a timer only).", 0, high=5),
    Param("duel_houses", int, 12, "DUEL-7",
          "Hades Duel: how many Houses the pile holds; fewer than 12 removes the others at random at setup and "
          "shortens the Duel.", 6, high=12),
    Param("duel_house_order", str, "sorted", "DUEL-7",
          "Hades Duel: the House pile's order: 'sorted' (Aries on top down to Pisces) or 'shuffled'.",
          choices=("sorted", "shuffled")),
    Param("duel_altar", str, "random", "DUEL-9",
          "Hades Duel: the Altar of Athena of each game: 'random' (one of #121-125), one number ('121' .. '125'), "
          "or 'none'.", choices=("random", "121", "122", "123", "124", "125", "none")),
    Param("duel_epics", bool, True, "DUEL-12",
          "Hades Duel: the Epics (the Duel's pool of Poseidon Epics, with the Hades Epics under `hades_epics`); "
          "an hourglass per House acquired."),
    Param("duel_board_techniques", str, "none", "DUEL-14",
          "Hades Duel: the techniques of the Duel boards. Only 'none' is offered: no Duel technique text is known "
          "and none is estimated yet (Energy is still gained, as in Asgard).", choices=("none",)),
    Param("duel_side_assignment", str, "random", "DUEL-1",
          "Hades Duel: 'random' gives the two sides to the two policies at random each game; 'fixed': the first "
          "policy plays the Renegades (who play first), the second the Gold Saints.", choices=("random", "fixed")),
    Param("duel_round_cap", int, 60, "GEN-9, DUEL-16",
          "Hades Duel: a Duel still going after this many rounds ends (reason 'turn cap') and is scored.", 1),
)

BY_NAME = {p.name: p for p in PARAMS}
R_ROUND_CAP = PARAMS.index(BY_NAME["round_cap"])
R_UPKEEP_REMOVE_LAST_CARD = PARAMS.index(BY_NAME["upkeep_remove_last_card"])
R_ODIN_STATUE = PARAMS.index(BY_NAME["odin_statue"])
R_KNIGHT_RANKS = PARAMS.index(BY_NAME["knight_ranks"])
R_SOLO_TURNS = PARAMS.index(BY_NAME["solo_turns"])
R_HILDA_DIE = PARAMS.index(BY_NAME["hilda_die"])
R_EPIC_ENDGAME_SCOPE = PARAMS.index(BY_NAME["epic_endgame_scope"])
R_EPIC_INFLEXIBLE_SCOPE = PARAMS.index(BY_NAME["epic_inflexible_scope"])
R_COOP_WATER_HEIGHT = PARAMS.index(BY_NAME["coop_water_height"])
R_COOP_PILE_SIZE = PARAMS.index(BY_NAME["coop_pile_size"])
R_COOP_GENERAL_PLACEMENT = PARAMS.index(BY_NAME["coop_general_placement"])
R_COOP_TURN_ORDER = PARAMS.index(BY_NAME["coop_turn_order"])
R_COOP_LAST_SPACE_DISCOUNT = PARAMS.index(BY_NAME["coop_last_space_discount"])
R_COOP_FOLLOW_MARKER = PARAMS.index(BY_NAME["coop_played_cards_follow_marker"])
R_COOP_GIFT_RULE = PARAMS.index(BY_NAME["coop_gift_rule"])
R_HADES_CLOCK_FLAMES = PARAMS.index(BY_NAME["hades_clock_flames"])
R_HADES_GATE_TOKENS = PARAMS.index(BY_NAME["hades_gate_tokens_per_player"])
R_HADES_GRADE_TOKENS_ON = PARAMS.index(BY_NAME["hades_grade_tokens_on"])
R_HADES_SOUL_POOL = PARAMS.index(BY_NAME["hades_soul_pool"])
R_HADES_SPACE_BONUSES = PARAMS.index(BY_NAME["hades_space_bonuses"])
R_HADES_SENSE_LOSS_ON = PARAMS.index(BY_NAME["hades_sense_loss_on"])
R_HADES_TRIAL_WINDOW = PARAMS.index(BY_NAME["hades_trial_window"])
R_HADES_SENSE5 = PARAMS.index(BY_NAME["hades_sense5"])
R_HADES_SENSE7 = PARAMS.index(BY_NAME["hades_sense7"])
R_HADES_SENSE8_STEPS = PARAMS.index(BY_NAME["hades_sense8_steps"])
R_HADES_SHACKLE_FREE_ANY = PARAMS.index(BY_NAME["hades_shackle_free_any"])
R_HADES_TALENT_KEEPS_VALUE = PARAMS.index(BY_NAME["hades_talent_keeps_value"])
R_HADES_TALENT_USES = PARAMS.index(BY_NAME["hades_talent_uses_per_card"])
R_HADES_ELYSION_CARD = PARAMS.index(BY_NAME["hades_elysion_card"])
R_HADES_STAR_ENTRY = PARAMS.index(BY_NAME["hades_star_entry"])
R_HADES_ARMOR_EXCHANGE = PARAMS.index(BY_NAME["hades_armor_exchange_trigger"])
R_DUEL_HOUSE_VP = PARAMS.index(BY_NAME["duel_house_vp"])
R_DUEL_HOUSES = PARAMS.index(BY_NAME["duel_houses"])
R_DUEL_HOUSE_ORDER = PARAMS.index(BY_NAME["duel_house_order"])
R_DUEL_ALTAR = PARAMS.index(BY_NAME["duel_altar"])
R_DUEL_SIDE_ASSIGNMENT = PARAMS.index(BY_NAME["duel_side_assignment"])
R_DUEL_ROUND_CAP = PARAMS.index(BY_NAME["duel_round_cap"])
N_RULES = len(PARAMS)
DIE_FILE = 2  # kernel values of hilda_die from here on are die files: DIE_FILE + `sim.cards.die.die_code`

KNIGHT_ANY_RANK = 1  # kernel value of knight_ranks = "any"
EPICS_CURRENT_ONLY = 1  # kernel value of epic_endgame_scope = "current_only"
INFLEXIBLE_FORCED_ONLY = 1  # kernel value of epic_inflexible_scope = "forced_only"
GENERALS_MATCHING = 1  # kernel value of coop_general_placement = "matching"
GIFT_HERO_CARDS, GIFT_STRICT = 1, 2  # kernel values of coop_gift_rule
TURN_ORDER_POLICY = 1  # kernel value of coop_turn_order = "policy"
GRADE_TOKENS_GATE_ONLY, GRADE_TOKENS_CASE_C_ONLY = 1, 2  # kernel values of hades_grade_tokens_on
BONUSES_VP_FIRST, BONUSES_TO_GATE, BONUSES_NONE = 1, 2, 3  # kernel values of hades_space_bonuses
SENSE_LOSS_ANY_STRENGTH, SENSE_LOSS_NONE = 1, 2  # kernel values of hades_sense_loss_on
SENSE8_ANY = 2  # kernel value of hades_sense8_steps = "any" (0: 1 step, 1: 2 steps)
TALENT_UNLIMITED = 1  # kernel value of hades_talent_uses_per_card = "unlimited"
ELYSION_ANY_DIAMOND = 1  # kernel value of hades_elysion_card = "any_diamond"
STAR_ENTRY_NONE = 1  # kernel value of hades_star_entry = "none"
EXCHANGE_STAR_OR_TRIANGLE, EXCHANGE_GOLD_SAINT = 1, 2  # kernel values of hades_armor_exchange_trigger
HOUSES_SHUFFLED = 1  # kernel value of duel_house_order = "shuffled"
ALTAR_RANDOM, ALTAR_NONE = 0, 6  # kernel values of duel_altar; 1..5: Altar #121..#125
SIDES_FIXED = 1  # kernel value of duel_side_assignment = "fixed"


def defaults() -> dict:
    return {p.name: p.default for p in PARAMS}


def kernel_value(p: Param, value) -> int:
    """The int the kernels read: the number, or a choice's index (a file path: len(choices))."""
    if p.type is str:
        return p.choices.index(value) if value in p.choices else len(p.choices)
    return int(value)
