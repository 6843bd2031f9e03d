"""The estimated Hades cards: built by a fixed method from the real cards of the other boxes.

No public list of the Hades cards exists. hades.txt gives the box counts, the number ranges and a
few cards (Charon, Pharaoh, Aphrodite, Thanatos, the Rosary, three Houses, an Altar); the method
of docs/hades.md fills the rest:
- numbers: each card copies the whole profile (costs, values, VP) of a real Reserve card of its
  rank, picked evenly from the copy-weighted pool of base, Asgard and Poseidon Reserve cards;
- effects: templates in our effect language, given round-robin in number order, so that every
  Hades mechanic is on at least two cards (`check_coverage`).

`build()` with no seed is the method itself (no randomness); a seed draws the pool picks at random
and starts every template cycle at a random place: the same method, other cards, for checking
which conclusions depend on the estimate. `python -m sim.cards.hades_estimates` writes the files;
`--check` says whether the files in cardsets/ are what the method gives.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from dataclasses import dataclass
from functools import lru_cache
from math import ceil
from pathlib import Path

import numpy as np

from sim.cards.cardsets import CARDSET_DIR, DUEL_FILE
from sim.cards.hades_check import ABILITY_IDS, EPIC_IDS, TRIAL_IDS
from sim.cards.schema import Card, CardFileError, parse_card_file

GENERATOR = "sim.cards.hades_estimates 1"
CLASSIC_FILE = CARDSET_DIR / "hades-estimated.toml"  # the box's 113 cards, its Trials, Abilities and Epics
ID_BASE = 3000  # printed number n is id 3000 + n (Asgard 1001+, Poseidon 2001+)

HEROES = (("Seiya", "Pegasus"), ("Shiryu", "Dragon"), ("Hyoga", "Cygnus"), ("Shun", "Andromeda"),
          ("Ikki", "Phoenix"))
RANK_POOLS = ("very_common", "common", "uncommon", "rare", "very_rare")
# A variable VP counts as the leading number of its text.
VARIABLE_VP = {16: 1, 90: 1, 71: 1, 69: 2, 70: 2, 1014: 2}
TRIDENT = 2027  # the Rosary's fixed profile


def n_of(grade: int) -> int:
    """A template's {n}: 1 for Grades 1-2, 2 for 3-4, 3 for 5."""
    return 1 if grade <= 2 else 2 if grade <= 4 else 3


# --- Templates: (text, ops). `{n}` and `{n2}` (twice n) scale with the Grade. -------------------
SHACKLE = [  # a penalty on the pile's owner, while the card is on top; the 10th is Grade 5's
    ("Shackle: your hand refills to {hand} cards.", "shackle", [{"op": "hand_size", "n": "{hand}"}]),
    ("Shackle: the field cards you acquire with Cosmos cost 1 Cosmos more.", "shackle",
     [{"op": "cost_up", "cosmos": 1, "select": {"cosmos_cost": "has"}}]),
    ("Shackle: the field cards cost you {n} Strength more.", "shackle", [{"op": "cost_up", "strength": "{n}"}]),
    ("Shackle: at the end of your turn, discard {n} card(s).", "turn_end",
     [{"op": "move", "from": "hand", "to": "discard", "n": "{n}", "by": "owner"}]),
    ("Shackle: you cannot gain Souls.", "shackle", [{"op": "ban", "what": "souls"}]),
    ("Shackle: your highest Sense cannot be used.", "shackle", [{"op": "ban", "what": "highest_sense"}]),
    ("Shackle: you cannot claim Trials.", "shackle", [{"op": "ban", "what": "trials"}]),
    ("Shackle: you cannot draw Abilities.", "shackle", [{"op": "ban", "what": "abilities"}]),
    ("Shackle: your marker cannot move toward Elysion.", "shackle", [{"op": "ban", "what": "marker_to_elysion"}]),
    ("Shackle: at the end of your turn, take a -1 VP token.", "turn_end",
     [{"op": "gain_vp_token", "n": 1, "bonus": -1}]),
]
CHARON_SHACKLE = 4  # "you cannot gain Souls"
MOST = ("souls", "void", "abilities")  # the alternatives of "THE player with the most ...", in turn
MOST_TEXT = {"souls": "Souls", "void": "cards in their Void", "abilities": "Abilities"}
APPEARANCE = [
    ("Appearance: each player loses {n} Souls.", [{"op": "lose_souls", "who": "each_player", "n": "{n}"}]),
    ("Appearance: THE player with the most {most_text} loses {n} Souls.",
     [{"op": "lose_souls", "who": "each_player", "most": "{most}", "n": "{n}"}]),
    ("Appearance: freeze a card from your hand.",
     [{"op": "move", "who": "active", "from": "hand", "to": "frozen", "n": 1}]),
    ("Appearance: add {n} Gate token(s).", [{"op": "gate_tokens", "n": "{n}"}]),
    ("Appearance: move your marker 1 space toward the Gate.",
     [{"op": "move_marker", "who": "active", "toward": "gate", "n": 1}]),
    ("Appearance: each player draws 1 card.", [{"op": "draw", "who": "each_player", "n": 1}]),
]
ANNIHILATED = [
    ("Annihilated: draw {n} card(s).", [{"op": "draw", "who": "active", "n": "{n}"}]),
    ("Annihilated: gain 1 Energy.", [{"op": "gain_energy", "who": "active", "n": 1}]),
    ("Annihilated: move your marker 1 space toward Elysion.",
     [{"op": "move_marker", "who": "active", "toward": "elysion", "n": 1}]),
    ("Annihilated: take a +1 VP token.", [{"op": "gain_vp_token", "who": "active", "n": 1, "bonus": 1}]),
    ("Annihilated: put any card of your Shackle pile under the Styx, without gaining its Souls.",
     [{"op": "free_shackle", "who": "active", "n": 1}]),
    ("Annihilated: recharge one of your inactive Senses.", [{"op": "recharge_sense", "who": "active", "n": 1}]),
]
UNDERWORLD = [
    ("Underworld: the field cards' Cosmos costs are 1 higher.", [{"op": "cost_up", "cosmos": 1}]),
    ("Underworld: the other Underworld cards' Soul costs are 1 lower.", [{"op": "soul_cost", "souls": -1}]),
    ("Underworld: a card leaving the Underworld adds 1 more Gate token.", [{"op": "extra_gate_tokens", "n": 1}]),
    ("Underworld: no player can gain Energy.", [{"op": "ban", "what": "energy"}]),
    ("Underworld: annihilating a Character gains 1 more Soul.", [{"op": "annihilate_souls", "n": 1}]),
]
EXIT = [
    ("Exit: the active player wounds {n} Character(s) from their hand.",
     [{"op": "move", "who": "active", "from": "hand", "to": "wounded", "select": {"class": "character"}, "n": "{n}"}]),
    ("Exit: the active player loses {n2} Souls.", [{"op": "lose_souls", "who": "active", "n": "{n2}"}]),
    ("Exit: the active player discards their highest Sense.", [{"op": "lose_sense", "who": "active", "n": 1}]),
    ("Exit: add {n} Gate token(s).", [{"op": "gate_tokens", "n": "{n}"}]),
]
SECOND = {"appearance": APPEARANCE, "annihilated": ANNIHILATED, "underworld": UNDERWORLD, "exit": EXIT}
SECOND_CYCLE = ("annihilated", "underworld", "appearance", "exit")

# The Reserve's Hades hooks, in number order from #16; the last is static (it scores).
HOOKS = [
    ("gain 2 Souls", [{"op": "gain_souls", "n": 2}]),
    ("move your marker 1 space either way", [{"op": "move_marker", "toward": "either", "n": 1}]),
    ("draw an Ability", [{"op": "draw_ability", "n": 1}]),
    ("recharge one of your inactive Senses", [{"op": "recharge_sense", "n": 1}]),
    ("fill one empty Trial space now", [{"op": "refill_trial", "n": 1}]),
    ("put the top card of your Shackle pile under the Styx, without gaining its Souls",
     [{"op": "free_shackle", "n": 1, "top": True}]),
    ("add or remove 1 Gate token", [{"op": "gate_tokens", "n": 1, "either": True}]),
    ("+1 VP per 3 cards in your Void at the end of the game", [{"op": "vp_per", "count": "void", "per": 3}]),
]
# Reserve keywords, in number order over the cards other than the Shaka and the Rosary.
KEYWORDS = ([("arrival", "Arrival")] * 2 + [("engagement", "Engagement")] * 3 + [("exit", "Exit")] * 2
            + [("marked", "Marked")] * 2 + [("discard_use", "Discard")] * 2 + [("defeated", "Defeated")]
            + [("freeze_use", "Freeze")] * 2)
KEYWORD_WHO = {"arrival": "active", "exit": "active"}  # who the hook reaches: the controller otherwise

ABILITIES = [  # (text, ops, cap on copies)
    ("draw 1 card", [{"op": "draw", "n": 1}], None),
    ("a Character in play gets +2 {stat} this turn",
     [{"op": "buff", "{stat_key}": 2, "select": {"class": "character"}}], None),
    ("gain 2 Souls", [{"op": "gain_souls", "n": 2}], None),
    ("move your marker 1 space either way", [{"op": "move_marker", "toward": "either", "n": 1}], None),
    ("recharge one of your inactive Senses", [{"op": "recharge_sense", "n": 1}], None),
    ("heal one of your cards", [{"op": "move", "from": "marked", "to": "discard", "n": 1}], None),
    ("an Underworld card costs you 2 Strength less this turn", [{"op": "underworld_cut", "strength": 2}], None),
    ("look at the top 2 Styx cards and put them back in any order", [{"op": "styx_look", "n": 2}], None),
    ("take a +1 VP token", [{"op": "gain_vp_token", "n": 1, "bonus": 1}], 1),
]
STATS = (("Strength", "strength"), ("Cosmos", "cosmos"))  # the +2 template's alternatives, in turn

TRIALS = [  # (event, difficulty, text); the first is FROID
    ("freeze_own", "easy", "Freeze one of your cards."),
    ("acquire_with_cosmos", "easy", "Acquire a Character with Cosmos."),
    ("three_in_a_fight", "easy", "Play 3 Characters in one fight."),
    ("heal", "easy", "Heal a card."),
    ("gain_souls", "easy", "Gain Souls."),
    ("draw_last", "easy", "Draw the last card of your draw pile."),
    ("discard_use", "easy", "Use a Discard effect."),
    ("annihilate", "medium", "Annihilate a Character."),
    ("acquire_armor", "medium", "Acquire an Armor."),
    ("wound_own", "medium", "Wound one of your cards."),
    ("acquire_uncommon", "medium", "Acquire a ◆ Character."),
    ("free_shackle", "medium", "Free a card of your Shackle pile."),
    ("move_marker", "medium", "Move your marker."),
    ("destroy", "medium", "Destroy a card."),
    ("place_with_souls", "hard", "Place a Character with Souls."),
    ("acquire_rare", "hard", "Acquire a ★ Character."),
    ("acquire_two_field", "hard", "Acquire 2 field cards in one turn."),
    ("destroy_pillar", "hard", "Destroy a Pillar."),
    ("annihilate_grade_3", "hard", "Annihilate a Character of Grade 3 or more."),
]
# A House's reduction by its condition: 2 an ordinary action, 3 a particular card or a choice, 4 a cost.
HOUSE_REDUCTION = {"freeze_own": 4, "acquire_with_cosmos": 2, "three_in_a_fight": 3, "heal": 3, "gain_souls": 2,
                   "draw_last": 2, "discard_use": 4, "annihilate": 2, "acquire_armor": 3}
HOUSES = ("Aries", "Taurus", "Gemini", "Cancer", "Leo", "Virgo", "Libra", "Scorpio", "Sagittarius", "Capricorn",
          "Aquarius", "Pisces")
KNOWN_HOUSES = {"Aries": ("acquire_armor", 3, "When you acquire an Armor."),  # hades.txt
                "Leo": ("gain_energy", 2, "Gain 1 Energy."),
                "Sagittarius": ("destroy_hero_in_hand", 5, "You may destroy a Hero in your hand.")}
DUEL_SIDES = {
    "gold_saints": [("Mu", "Aries"), ("Aldebaran", "Taurus"), ("Aiolia", "Leo"), ("Milo", "Scorpio"),
                    ("Shaka", "Virgo"), ("Dōko", "Libra")],
    "renegades": [("Shion", "Aries"), ("Saga", "Gemini"), ("Deathmask", "Cancer"), ("Shura", "Capricorn"),
                  ("Camus", "Aquarius"), ("Aphrodite", "Pisces")],
}
TALENTS = [  # the Duel Heroes' Talents, in number order per side; the last, "this card", is Dōko's
    ("draw 1 card", [{"op": "draw", "n": 1}]),
    ("gain 2 Souls", [{"op": "gain_souls", "n": 2}]),
    ("move your marker 1 space either way", [{"op": "move_marker", "toward": "either", "n": 1}]),
    ("reduce your House counter by 1", [{"op": "house_counter", "n": 1}]),
    ("recharge one of your inactive Senses", [{"op": "recharge_sense", "n": 1}]),
    ("this card gets +1 Strength", [{"op": "buff", "strength": 1, "from": "this"}]),
]
ALTARS = [  # (name, text, ops, known)
    ("Altar of Glory", "Each player scores 1 VP per House they own.",
     [{"op": "vp_per", "count": "houses", "per": 1}], False),
    ("Altar of Supremacy", "THE player with the most Houses scores 4 VP.",
     [{"op": "vp_if_most", "count": "houses", "bonus": 4}], False),
    ("Altar of Haste", "At the end of each turn, House counters drop by 2.", [{"op": "counter_step", "n": 2}], False),
    ("Altar of Renewal", "A House counter resets to 5 plus the Houses its player owns.",
     [{"op": "counter_reset", "n": 5}], False),
    ("Altar of Athena", "The Duel ends when a player owns their 7th House.", [{"op": "end_at_houses", "n": 7}], True),
]
EPICS = [  # (name, hook, trigger, text, ops); durations 2, 3, 2, ...
    ("Harvest of Souls", "souls", "turn_end", "At the end of each turn, the active player gains 1 Soul.",
     [{"op": "gain_souls", "who": "active", "n": 1}]),
    ("The Gate Narrows", "gate", "turn_end", "At the end of each turn, add 1 Gate token.",
     [{"op": "gate_tokens", "n": 1}]),
    ("Awakening", "senses", "epic_end", "When this Epic ends, each player recharges one inactive Sense.",
     [{"op": "recharge_sense", "who": "each_player", "n": 1}]),
    ("Trials of the Underworld", "trials", "turn_end", "At the end of each turn, fill one empty Trial space.",
     [{"op": "refill_trial", "n": 1}]),
    ("Broken Chains", "shackle", "turn_end",
     "At the end of each turn, the active player puts the top card of their Shackle pile under the Styx.",
     [{"op": "free_shackle", "who": "active", "n": 1, "top": True}]),
    ("Toll of the Ferryman", "souls", "epic_end",
     "When this Epic ends, THE player with the most cards in their Void loses 3 Souls.",
     [{"op": "lose_souls", "who": "each_player", "most": "void", "n": 3}]),
    ("Crowded Gate", "gate", "field", "A card leaving the Underworld adds 1 more Gate token.",
     [{"op": "extra_gate_tokens", "n": 1}]),
    ("Numbed Senses", "senses", "field", "No player can use their highest Sense.",
     [{"op": "ban", "what": "highest_sense"}]),
    ("Closed Trials", "trials", "field", "No player can claim Trials.", [{"op": "ban", "what": "trials"}]),
]
STYX_GRADES = ((1, range(32, 40), 2), (2, range(40, 51), 2), (3, range(51, 61), 2), (4, range(61, 72), 1),
               (5, range(72, 78), 1))
STYX_NAMED = {32: "Zelos", 40: "Queen", 41: "Rock of the Golem", 51: "Charon", 52: "Pharaoh of the Sphinx",
              61: "Aphrodite", 72: "Thanatos"}
STYX_FACTS = {51: "H: Charon Grade 3, 3 Souls", 52: "H: Pharaoh Grade 3", 61: "H: Aphrodite Grade 4"}
KNOWN_SECOND = {  # (text, ops) of Pharaoh and Thanatos; Queen's Appearance is known to exist, its text is a template
    52: ("Appearance: THE player with the most Souls loses {n} Souls.",
         [{"op": "lose_souls", "who": "each_player", "most": "souls", "n": "{n}"}]),
    72: ("Exit: the active player destroys a ★ Character from their hand, draw pile or discard pile.",
         [{"op": "move", "who": "active", "from": "hand", "to": "destroyed",
           "select": {"class": "character", "rank": "rare"}, "n": 1, "or": True},
          {"op": "move", "who": "that_player", "from": "discard", "to": "destroyed",
           "select": {"class": "character", "rank": "rare"}, "n": 1}]),
}
# Mechanics every estimate covers on at least two cards (the coverage check).
MECHANICS = ("soul_gain", "soul_loss", "shackle", "underworld", "appearance", "annihilated", "exit",
             "gate_tokens", "marker", "void", "shackle_pile", "sense_recharge", "sense_lock_or_loss",
             "trial_refill", "ability_draw", "talent", "the_most", "freeze", "energy", "vp_tokens",
             "house_counter")


@dataclass
class Profile:
    """A real card's numbers, as an estimated card borrows them."""
    id: int
    strength_cost: int
    cosmos_cost: int
    strength: int
    heal: int
    cosmos: int
    vp: int
    kind: str  # character, cloth or relic


def profile_of(card: Card) -> Profile:
    kind = "relic" if "relic" in card.classes else "cloth" if any(c.endswith("cloth") or c in (
        "god_robe", "marina_scale", "surplice") for c in card.classes) else "character"
    return Profile(card.id, card.strength_cost, card.cosmos_cost, card.strength, card.heal, card.cosmos,
                   VARIABLE_VP.get(card.id, card.vp), kind)


def reserve_cards() -> list[Card]:
    """The real Reserve cards the pools come from: #16-90, #1011-1036, #2011-2037."""
    cards = [c for box in ("base", "asgard", "poseidon") for c in parse_card_file(CARDSET_DIR / f"{box}.toml").card]
    return [c for c in cards if 16 <= c.id <= 90 or 1011 <= c.id <= 1036 or 2011 <= c.id <= 2037]


def pool(cards: list[Card], keep=lambda c: True) -> list[Profile]:
    """The copy-weighted pool: one entry per copy, sorted by (Str cost, Cos cost, VP, id), a missing
    cost last."""
    entries = [profile_of(c) for c in cards if keep(c) for _ in range(c.copies)]
    return sorted(entries, key=lambda p: (p.strength_cost or 99, p.cosmos_cost or 99, p.vp, p.id))


class Picker:
    """The k-th of n cards takes entry floor((k + 0.5) |P| / n); with a seed, a random entry."""

    def __init__(self, seed: int | None):
        self.rng = None if seed is None else np.random.default_rng(seed)

    def pick(self, entries: list, k: int, n: int):
        if self.rng is None:
            return entries[int((k + 0.5) * len(entries) / n)]
        return entries[int(self.rng.integers(len(entries)))]

    def start(self, length: int) -> int:
        """Where a template cycle starts: its first template, or a random one."""
        return 0 if self.rng is None else int(self.rng.integers(length))


def plural(text: str) -> str:
    """'1 card(s)' -> '1 card', '2 card(s)' -> '2 cards', '1 Souls' -> '1 Soul'."""
    text = re.sub(r"\b1 (\w+)\(s\)", r"1 \1", text)
    return re.sub(r"\b1 Souls\b", "1 Soul", text.replace("(s)", "s"))


def fill(ops: list[dict], **values) -> list[dict]:
    """The ops with their {placeholders} (values and keys) replaced; a whole-value placeholder keeps
    its type."""
    def sub(x):
        if isinstance(x, dict):
            return {sub(k): sub(v) for k, v in x.items()}
        if isinstance(x, list):
            return [sub(v) for v in x]
        if isinstance(x, str) and x.startswith("{") and x.endswith("}") and x[1:-1] in values:
            return values[x[1:-1]]
        return x
    return sub(ops)


def card(cid: int, name: str, **fields) -> dict:
    return {"id": cid, "name": name, "estimate": True, **fields}


def numbers(p: Profile) -> dict:
    return {"strength_cost": p.strength_cost, "cosmos_cost": p.cosmos_cost, "strength": p.strength,
            "heal": p.heal, "cosmos": p.cosmos, "vp": p.vp}


def build(seed: int | None = None) -> dict[Path, dict]:
    """The estimated card files: {path: {"box": ..., "card": [card dicts]}}."""
    picker = Picker(seed)
    real = reserve_cards()
    by_id = {c.id: c for c in real}
    asgard = {c.id: c for c in parse_card_file(CARDSET_DIR / "asgard.toml").card}
    method = "the method" if seed is None else f"the method, seed {seed}"
    classic = heroes(asgard) + reserve(real, by_id, picker, method) + styx(real, picker, method)
    classic += trials() + abilities(picker) + epics()
    return {CLASSIC_FILE: {"box": "hades", "card": classic}, DUEL_FILE: {"box": "hades", "card": duel()}}


def heroes(asgard: dict[int, Card]) -> list[dict]:
    out = []
    for i, (hero, constellation) in enumerate(HEROES):
        src = asgard[1001 + i]
        engagement = next(e for e in src.model_dump(by_alias=True, exclude_unset=True)["effects"]
                          if e["on"] == "engagement")
        eng_text = src.text.split(" Marked:")[0]
        out.append(card(ID_BASE + 1 + i, f"{constellation} {hero} (Hades)", hero=hero,
                        classes=["hero", "bronze_saint"], rank=["uncommon"], copies=2, start="setaside",
                        strength=2, heal=1, cosmos=2, vp=3, text=f"{eng_text} Marked: gain 2 Souls.",
                        source=f"est: profile=Poseidon ◆ hero; Engagement=#{src.id}; Marked=template",
                        effects=[engagement, {"on": "marked", "do": [{"op": "gain_souls", "n": 2}]}]))
    for i, (hero, constellation) in enumerate(HEROES):
        if hero in ("Seiya", "Shun"):
            text, ops = "move your marker 1 space toward Elysion and draw 1 card", [
                {"op": "move_marker", "toward": "elysion", "n": 1}, {"op": "draw", "n": 1}]
        else:
            text, ops = "this card gets +2 Strength", [{"op": "buff", "strength": 2, "from": "this"}]
        out.append(card(ID_BASE + 6 + i, f"{constellation} {hero} (Hades ★)", hero=hero,
                        classes=["hero", "bronze_saint"], rank=["rare"], copies=1, start="setaside",
                        strength=3, cosmos=3, vp=3, text=f"Discard / Talent: {text}.",
                        source="est: profile=Transcended Hero, VP 3; Talent=template",
                        effects=[{"on": "talent", "do": ops}]))
    for i, (hero, constellation) in enumerate(HEROES):
        out.append(card(ID_BASE + 11 + i, f"{constellation} Armor (Hades)", hero=hero,
                        classes=["bronze_cloth"], rank=["common", "rare"], copies=1, start="setaside",
                        strength=1, cosmos=1, vp=0,
                        text=f"Discard / Talent: destroy 2 identical {hero} from your hand to put 1 {hero} of "
                             "the next rank from your set-aside cards into your hand.",
                        source="est: profile=V2 Cloth; Talent=V2 upgrade; H: heading Armor ★/▲",
                        effects=[{"on": "talent", "do": [{"op": "upgrade", "to": "hand"}]}]))
    return out


def reserve(real: list[Card], by_id: dict[int, Card], picker: Picker, method: str) -> list[dict]:
    """#16-31: ● #16-17 (2 copies each), ◆ #18-24, ★ #25-29 (#25 the Shaka), ✻ #30 (the Rosary) and #31."""
    groups = [("very_common", range(16, 18)), ("uncommon", range(18, 25)), ("rare", range(25, 30))]
    profiles: dict[int, tuple[Profile, str]] = {}
    for rank, nums in groups:
        entries = pool(real, lambda c, rank=rank: c.rank[0] == rank)
        for k, num in enumerate(nums):
            profiles[num] = (picker.pick(entries, k, len(nums)), f"{rank} pool, k={k}/{len(nums)}")
    profiles[30] = (profile_of(by_id[TRIDENT]), "fixed: the Trident")
    not_relic = pool(real, lambda c: c.rank[0] == "very_rare" and "relic" not in c.classes)
    profiles[31] = (picker.pick(not_relic, 0, 1), "very_rare non-Relic pool, k=0/1")
    rank_of = {n: r for r, nums in groups for n in nums} | {30: "very_rare", 31: "very_rare"}

    others = [n for n in range(16, 32) if n not in (25, 30)]
    hook_at = picker.start(len(HOOKS))
    out = []
    for num in range(16, 32):
        p, where = profiles[num]
        kind = {"character": "specter", "cloth": "surplice", "relic": "relic"}[p.kind]
        fields = dict(classes=[kind], rank=[rank_of[num]], copies=2 if num in (16, 17) else 1, **numbers(p))
        note = f"est ({method}): profile=#{p.id} ({where})"
        if num == 25:
            name, fields["classes"] = "Virgo Shaka (Hades)", ["gold_saint"]
            text = "Destroy: wound a Character from the discard pile of a player of your choice."
            effects = [{"on": "destroy_use", "do": [{"op": "move", "who": "chosen_player", "from": "discard",
                                                     "to": "wounded", "select": {"class": "character"}, "n": 1,
                                                     "by": "self"}]}]
            note += "; H: a Hades Shaka with a Destroy use; Destroy=base Shaka #35's Engagement"
        elif num == 30:
            name = "Shaka's Rosary"
            text = "While in play: you gain 1 more Soul each time you annihilate a Character."
            effects = [{"on": "in_play", "do": [{"op": "annihilate_souls", "n": 1}]}]
            note += "; H: Shaka's Rosary, +1 Soul per annihilation"
        else:
            i = others.index(num)
            hook_text, hook_ops = HOOKS[(hook_at + i) % len(HOOKS)]
            name = f"Hades {kind.capitalize()} #{num}"
            if hook_ops[0]["op"] == "vp_per":
                text, effects = f"{hook_text[0].upper()}{hook_text[1:]}.", [{"on": "score", "do": hook_ops}]
                note += "; keyword=static (the Void hook scores)"
            else:
                trigger, word = KEYWORDS[i]
                who = KEYWORD_WHO.get(trigger)
                ops = [dict(o, who=who) if who else o for o in hook_ops]
                whose = " (the active player)" if who else ""
                text, effects = f"{word}{whose}: {hook_text}.", [{"on": trigger, "do": ops}]
                note += f"; keyword={word}; hook={(hook_at + i) % len(HOOKS) + 1}"
        out.append(card(ID_BASE + num, name, **fields, text=text, source=note, effects=effects))
    return out


def styx(real: list[Card], picker: Picker, method: str) -> list[dict]:
    """#32-77: Grades 1-5, a Shackle effect each, a second effect from Grade 3 up and on Queen and the Rock."""
    grade_pool = {g: pool(real, lambda c, r=r: c.rank[0] == r and c.strength_cost > 0 and profile_of(c).kind ==
                          "character") for g, r in zip((1, 2, 3, 4), RANK_POOLS)}
    grade_of = {num: (g, copies) for g, nums, copies in STYX_GRADES for num in nums}
    # The second effects: Grades 3-5 and #40-41; the known keep theirs, the rest cycle.
    seconds = {40: "appearance", 52: "appearance", 72: "exit"}
    order = [*range(73, 78), *range(61, 72), 51, *range(53, 61), 41]
    start = picker.start(len(SECOND_CYCLE))
    for i, num in enumerate(order):
        seconds[num] = SECOND_CYCLE[(start + i) % len(SECOND_CYCLE)]
    template_at = {t: picker.start(len(SECOND[t])) for t in SECOND}
    shackle_at, most_at, out = picker.start(len(SHACKLE) - 1), picker.start(len(MOST)), []
    for num in range(32, 78):
        g, copies = grade_of[num]
        n = n_of(g)
        if g == 5:
            (cost, vp), where = (10, 5) if num % 2 == 0 else (9, 6), "Grade 5: fixed, alternating"
        else:
            nums = next(ns for gg, ns, _ in STYX_GRADES if gg == g)
            k = nums.index(num)
            p = picker.pick(grade_pool[g], k, len(nums))
            cost, vp, where = p.strength_cost, p.vp, f"#{p.id} (Grade {g} pool, k={k}/{len(nums)})"
        note = [f"est ({method}): Str cost and VP={where}; Soul gain=Grade; Soul cost=2 x Grade"]
        if num in STYX_FACTS:
            note.append(STYX_FACTS[num])
        if g == 5:
            t = 9
        elif num == 51:
            t = CHARON_SHACKLE
        else:
            t, shackle_at = shackle_at % (len(SHACKLE) - 1), shackle_at + 1
        s_text, s_trigger, s_ops = SHACKLE[t]
        values = dict(n=n, n2=2 * n, hand=5 - ceil(n / 2))
        texts = [plural(s_text.format(**values))]
        effects = [{"on": s_trigger, "do": fill(s_ops, **values)}]
        note.append(f"shackle=T{t + 1}")
        if num in seconds:
            trigger = seconds[num]
            if num in KNOWN_SECOND:
                text, ops = KNOWN_SECOND[num]
                note.append(f"{trigger}=H" if num == 72 else f"{trigger}=H (inferred text)")
            else:
                templates = SECOND[trigger]
                j = template_at[trigger] % len(templates)
                template_at[trigger] += 1
                text, ops = templates[j]
                if "{most}" in json.dumps(ops):
                    values["most"] = MOST[most_at % len(MOST)]
                    values["most_text"] = MOST_TEXT[values["most"]]
                    most_at += 1
                note.append(f"{trigger}=T{j + 1}")
            texts.append(plural(text.format(**values)))
            effects.append({"on": trigger, "do": fill(ops, **values)})
        out.append(card(ID_BASE + num, STYX_NAMED.get(num, f"Underworld Specter #{num}"),
                        classes=["specter"], copies=copies, start="styx", strength_cost=cost, vp=vp, grade=g,
                        soul_cost=2 * g, soul_gain=g, text=" ".join(texts), source="; ".join(note),
                        effects=effects))
    return out


def trials() -> list[dict]:
    out = []
    for cid, (event, difficulty, text) in zip(TRIAL_IDS, TRIALS):
        name = "Trial: Cold" if event == "freeze_own" else f"Trial: {text.rstrip('.')}"
        out.append(card(cid, name, **({"name_fr": "Froid"} if event == "freeze_own" else {}),
                        classes=["trial"], copies=1, start="trial", event=event, difficulty=difficulty, text=text,
                        plain=True, source="H: the Cold Trial (FROID)" if event == "freeze_own" else
                        "est: the method's Trial list"))
    return out


def abilities(picker: Picker) -> list[dict]:
    out, used, at, stat_at = [], {}, picker.start(len(ABILITIES)), 0
    for k, cid in enumerate(ABILITY_IDS):
        while True:  # round-robin, skipping a template at its cap
            j = at % len(ABILITIES)
            at += 1
            text, ops, cap = ABILITIES[j]
            if cap is None or used.get(j, 0) < cap:
                break
        used[j] = used.get(j, 0) + 1
        if "{stat}" in text:
            stat, key = STATS[stat_at % 2]
            stat_at += 1
            text, ops = text.format(stat=stat), fill(ops, stat_key=key)
        out.append(card(cid, f"Ability #{k + 1}", classes=["ability"], copies=1, start="ability",
                        text=f"{text[0].upper()}{text[1:]}.", source=f"est: ability template {j + 1}",
                        effects=[{"on": "ability", "do": ops}]))
    return out


def epics() -> list[dict]:
    return [card(cid, f"Epic: {name}", classes=["epic"], copies=1, start="epic", hourglasses=2 + k % 2,
                 text=text, source=f"est: Hades Epic, hook={hook}", effects=[{"on": trigger, "do": ops}])
            for k, (cid, (name, hook, trigger, text, ops)) in enumerate(zip(EPIC_IDS, EPICS))]


def duel() -> list[dict]:
    out = []
    for s, (side, heroes_) in enumerate(DUEL_SIDES.items()):
        for i, (name, constellation) in enumerate(heroes_):
            num = 78 + 6 * s + i
            text, ops = TALENTS[i]
            out.append(card(ID_BASE + num, f"{constellation} {name} (Duel)", classes=["hero", "gold_saint"],
                            copies=2, start="duel", side=side, symbol=constellation, strength=1, heal=1, cosmos=1,
                            vp=1, text=f"Discard / Talent: {text}.",
                            source="est: profile=▲ armoured hero; Talent=template (mirrored)"
                                   + ("; H: Dōko's Talent targets this card" if name == "Dōko" else ""),
                            effects=[{"on": "talent", "do": ops}]))
    out.append(card(ID_BASE + 90, "Athena, Divine Warrior", classes=["hero"], rank=["uncommon"], copies=1,
                    start="duel", strength=2, heal=1, cosmos=2, vp=3, plain=True,
                    text="(No known text: an estimate without effect.)",
                    source="est: profile=◆ hero; effect unknown; H: #90, ◆, 1 copy, taken at Elysion"))
    for s, (side, heroes_) in enumerate(DUEL_SIDES.items()):
        for i, (name, constellation) in enumerate(heroes_):
            num = 97 + 6 * s + i
            text, ops, _ = ABILITIES[i]
            if "{stat}" in text:
                text, ops = text.format(stat="Strength"), fill(ops, stat_key="strength")
            title = "Psychokinesis" if name == "Mu" else f"{constellation} Ability"
            out.append(card(ID_BASE + num, f"{title} ({name})", classes=["ability"], copies=1, start="duel",
                            side=side, symbol=constellation, text=f"{text[0].upper()}{text[1:]}.",
                            source="est: ability template" + ("; H: Mu's Ability is Psychokinesis"
                                                              if name == "Mu" else ""),
                            effects=[{"on": "ability", "do": ops}]))
    unknown = iter(TRIALS)
    for i, house in enumerate(HOUSES):
        num = 109 + i
        if house in KNOWN_HOUSES:
            event, reduction, text = KNOWN_HOUSES[house]
            note = f"H: {house}"
        else:
            event, _, text = next(unknown)
            reduction, note = HOUSE_REDUCTION[event], "est: the next Trial condition"
        out.append(card(ID_BASE + num, f"House of {house}", classes=["house"], copies=1, start="house",
                        event=event, reduction=reduction, text=f"{text} (−{reduction})", plain=True, source=note))
    for i, (name, text, ops, known) in enumerate(ALTARS):
        num = 121 + i
        out.append(card(ID_BASE + num, name, classes=["altar"], copies=1, start="altar", text=text,
                        source="H: Altar #125" if known else "est: Altar template"
                        + ("; H: #121 and #122 score" if num in (121, 122) else ""),
                        effects=[{"on": "altar", "do": ops}]))
    return out


# --- Writing the files. --------------------------------------------------------------------------
FIELD_ORDER = ("id", "name", "name_fr", "hero", "classes", "rank", "copies", "start", "strength_cost", "cosmos_cost",
               "strength", "heal", "cosmos", "vp", "grade", "soul_cost", "soul_gain", "event", "difficulty",
               "reduction", "side", "symbol", "hourglasses", "text", "plain", "estimate", "source")
HEADERS = {
    CLASSIC_FILE: "the Hades box: 113 cards (Heroes #1-15, Reserve #16-31, Styx #32-77), its 19 Trials, 18 "
                  "Abilities and 9 Epics",
    DUEL_FILE: "the Hades Duel: Heroes #78-89, Athena #90, Abilities #97-108, Houses #109-120, Altars #121-125",
}


def value(v) -> str:
    """A TOML value: strings as JSON writes them (valid TOML basic strings), tables inline."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, str)):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(value(x) for x in v) + "]"
    return "{" + ", ".join(f"{k} = {value(x)}" for k, x in v.items()) + "}"


def render_cards(cards: list[dict]) -> str:
    blocks = []
    for c in cards:
        unknown = set(c) - set(FIELD_ORDER) - {"effects"}
        assert not unknown, f"card #{c['id']}: fields {unknown} have no place in FIELD_ORDER"
        lines = ["[[card]]"] + [f"{k} = {value(c[k])}" for k in FIELD_ORDER if k in c]
        for e in c.get("effects", []):
            lines += ["", "[[card.effects]]", f"on = {value(e['on'])}", "do = ["]
            lines += [f"  {value(op)}," for op in e["do"]]
            lines.append("]")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


def content_hash(cards_text: str) -> str:
    return hashlib.sha256(cards_text.encode()).hexdigest()[:16]


def render(path: Path, data: dict, seed: int | None = None) -> str:
    body = render_cards(data["card"])
    method = "" if seed is None else f", seed {seed}"
    head = [f"# ESTIMATED Hades cards: {HEADERS.get(path, path.name)}.",
            "# No public list of the Hades cards exists: every card here is an estimate (estimate = true),",
            "# built from the real cards of the other boxes by the method of docs/hades.md; each",
            "# card's `source` says where each of its parts comes from (\"H\": a fact of hades.txt).",
            f"# Generated by `python -m sim.cards.hades_estimates{' --seed ' + str(seed) if seed is not None else ''}`"
            f"{method}; do not edit: a designer's own file replaces its cards (--cardset, docs/hades.md).",
            f"box = {value(data['box'])}", 'hades_data = "estimated"', f"generator = {value(GENERATOR)}",
            f"content_hash = {value(content_hash(body))}", ""]
    return "\n".join(head) + "\n" + body


def cards_text(text: str) -> str:
    """The cards part of a card file's text: from its first [[card]] on."""
    return text[text.index("[[card]]"):]


def estimate_hash(path: str | Path) -> str:
    """The hash of a generated file's cards, as reports print it next to "ESTIMATED HADES CARDS"."""
    return content_hash(cards_text(Path(path).read_text(encoding="utf-8")))


def estimate_flag(path: Path = CLASSIC_FILE) -> str:
    """What every table, report and figure showing estimated Hades cards says at its top (HAD-1)."""
    return f"ESTIMATED HADES CARDS ({path.name}, {estimate_hash(path)})"


@lru_cache(maxsize=None)
def estimated_names() -> dict[str, Path]:
    """Each card name of the estimated Hades files, with its file."""
    return {c.name: path for path in (CLASSIC_FILE, DUEL_FILE) for c in parse_card_file(path).card}


def estimate_flags(estimates) -> list[str]:
    """The flags of the estimated Hades files whose cards are among these estimated card names."""
    names = estimated_names()
    files = dict.fromkeys(names[e] for e in estimates if e in names)
    return [estimate_flag(path) for path in files]


# --- Checks. -------------------------------------------------------------------------------------
OP_MECHANIC = {"gain_souls": "soul_gain", "annihilate_souls": "soul_gain", "lose_souls": "soul_loss",
               "soul_cost": "soul_loss", "gate_tokens": "gate_tokens", "extra_gate_tokens": "gate_tokens",
               "move_marker": "marker", "free_shackle": "shackle_pile", "recharge_sense": "sense_recharge",
               "lose_sense": "sense_lock_or_loss", "refill_trial": "trial_refill", "draw_ability": "ability_draw",
               "gain_energy": "energy", "gain_vp_token": "vp_tokens", "house_counter": "house_counter",
               "counter_step": "house_counter", "counter_reset": "house_counter", "vp_if_most": "the_most"}


def mechanics_of(c: dict) -> set[str]:
    """The Hades mechanics a card's programs use (for the coverage check)."""
    found = set()
    for e in c.get("effects", []):
        on = e["on"]
        if on in ("shackle", "underworld", "appearance", "annihilated", "talent"):
            found.add(on)
        if c.get("start") == "styx" and on in ("turn_end", "exit"):
            found.add("shackle" if on == "turn_end" else "exit")
        if on == "freeze_use":
            found.add("freeze")
        for op in e["do"]:
            if op["op"] in OP_MECHANIC:
                found.add(OP_MECHANIC[op["op"]])
            if op.get("most"):
                found.add("the_most")
            if op.get("what") == "highest_sense":
                found.add("sense_lock_or_loss")
            if op.get("what") == "energy":
                found.add("energy")
            if op.get("to") == "frozen":
                found.add("freeze")
            if op.get("count") == "void" or op.get("most") == "void":
                found.add("void")
    return found


def check_coverage(cards: list[dict]) -> None:
    """Every Hades mechanic is on at least two distinct estimated cards; raise otherwise."""
    users = {m: [c["id"] for c in cards if m in mechanics_of(c)] for m in MECHANICS}
    thin = {m: ids for m, ids in users.items() if len(ids) < 2}
    if thin:
        raise CardFileError("the estimated Hades cards leave mechanics on fewer than 2 cards: "
                            + ", ".join(f"{m} ({len(ids)})" for m, ids in thin.items()))


def checked_build(seed: int | None = None) -> dict[Path, dict]:
    """`build(seed)`, refused (CardFileError) when it leaves a mechanic on fewer than two cards."""
    files = build(seed)
    try:
        check_coverage([c for data in files.values() for c in data["card"]])
    except CardFileError as e:
        if seed is None:
            raise
        raise CardFileError(f"seed {seed}: {e}; the method keeps only an estimate that puts every mechanic "
                            "on 2 cards at least: try another seed") from None
    return files


def write_estimate(seed: int, out: Path) -> Path:
    """Write the estimate of `seed` into the folder `out`; return its classic file (for --cardset)."""
    files = checked_build(seed)
    out.mkdir(parents=True, exist_ok=True)
    for path, data in files.items():
        (out / path.name).write_text(render(path, data, seed), encoding="utf-8")
    return out / CLASSIC_FILE.name


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m sim.cards.hades_estimates", description=(
        "Write the estimated Hades card files (cardsets/hades-estimated.toml, hades-duel-estimated.toml) "
        "from the real cards of the other boxes, by the method of docs/hades.md."))
    ap.add_argument("--check", action="store_true", help="only say whether the files are what the method gives")
    ap.add_argument("--seed", type=int, default=None, help="draw the picks and the template cycles' starts "
                    "(an alternative estimate, for a sensitivity sweep); writes into --out")
    ap.add_argument("--out", type=Path, default=None, help="the folder to write into (default: cardsets/)")
    args = ap.parse_args(argv)
    if args.seed is not None and args.out is None and not args.check:
        ap.error("--seed writes an alternative estimate: give --out FOLDER (cardsets/ keeps the method's own)")
    files = checked_build(args.seed)
    stale = []
    for path, data in files.items():
        text = render(path, data, args.seed)
        target = (args.out / path.name) if args.out else path
        if args.check:
            if not target.exists() or target.read_text(encoding="utf-8") != text:
                stale.append(target)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        print(f"wrote {target} ({len(data['card'])} cards)")
    if stale:
        print("not what the method gives (run `python -m sim.cards.hades_estimates`): "
              + ", ".join(map(str, stale)), file=sys.stderr)
        return 1
    if args.check:
        print("the estimated Hades card files are what the method gives")
    return 0


if __name__ == "__main__":
    sys.exit(main())
