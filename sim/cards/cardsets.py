"""Card sets: which boxes exist, loading them, designer overrides, and the card DataFrame."""
from __future__ import annotations

import hashlib
from pathlib import Path

from pydantic import ValidationError

from sim.cards.hades_check import CLASSIC_GROUPS, GROUPS, HADES_IDS, validate_hades
from sim.cards.schema import Card, CardFileError, parse_card_file
from sim.spelling import did_you_mean

CARDSET_DIR = Path(__file__).resolve().parents[2] / "cardsets"
BOXES = ("base", "asgard", "poseidon", "hades", "promos")
TECHNIQUES = CARDSET_DIR / "asgard-techniques.toml"  # the estimated board techniques (ASG-4)
STATUE = CARDSET_DIR / "asgard-statue.toml"  # the Robe of Odin (ASG-9)
# Numeric fields a designer may override with "CARD.FIELD=VALUE".
NUMERIC_FIELDS = ("copies", "strength_cost", "cosmos_cost", "strength", "heal", "cosmos", "vp")
# Interventions, overridden the same way (how `sim.worth` measures a card):
#   blank=1       every copy loses its text (its numbers stay);
#   gift=K        K more copies, outside the reserve, shuffled into one seat's starting deck;
#   gift_blank=K  the same with copies that have no text.
# The gift goes to seat (game index mod players), so every seat receives it equally often and
# the reserve is the same as without it.
INTERVENTION_FIELDS = ("blank", "gift", "gift_blank")
OVERRIDE_FIELDS = NUMERIC_FIELDS + INTERVENTION_FIELDS
GIFT_ID = {"gift": 10_000, "gift_blank": 20_000}  # added to the card's number: the gift card's (ids below 10,000)


BOX_FILES = {"hades": "hades-estimated.toml"}  # no public list of the Hades cards: the estimate (HAD-1)
DUEL_FILE = CARDSET_DIR / "hades-duel-estimated.toml"  # the Duel's Heroes, Athena, Abilities, Houses and Altars


def box_path(box: str) -> Path:
    if box not in BOXES:
        raise CardFileError(f"unknown box '{box}'{did_you_mean(box, BOXES)}; allowed: {', '.join(BOXES)}")
    path = CARDSET_DIR / BOX_FILES.get(box, f"{box}.toml")
    if not path.exists():
        raise CardFileError(f"box '{box}' has no card file yet ({path.name}); available: "
                            + ", ".join(b for b in BOXES if (CARDSET_DIR / BOX_FILES.get(b, f'{b}.toml')).exists()))
    return path


def load_card_records(boxes=("base",), cardset: str | Path | None = None, techniques: str = "estimated",
                      duel: bool = False) -> list[Card]:
    """Validated cards of the given boxes, with the Asgard boards' techniques (`technique_set`,
    ASG-4) and Robe of Odin (ASG-9) when the Asgard box is in, and the Duel's material for a Duel
    (the Hades box's second file); a designer's `cardset` file replaces cards with the same id and
    adds new ones."""
    if isinstance(boxes, str):
        boxes = (boxes,)
    cards: dict[int, Card] = {}
    for box in boxes:
        for c in parse_card_file(box_path(box)).card:
            cards[c.id] = c
    if "asgard" in boxes:
        for c in parse_card_file(STATUE).card + load_techniques(techniques):
            cards[c.id] = c
    if duel:
        for c in parse_card_file(DUEL_FILE).card:
            cards[c.id] = c
    if cardset is not None:
        for c in parse_card_file(cardset).card:
            cards[c.id] = c
    if "hades" in boxes:
        where = f"{box_path('hades')}" + (f" with {cardset}" if cardset is not None else "")
        validate_hades([c for c in cards.values() if c.id in HADES_IDS], GROUPS if duel else CLASSIC_GROUPS, where)
    return list(cards.values())


def load_techniques(technique_set: str = "estimated") -> list[Card]:
    """The board techniques of a `technique_set` (rules parameter, ASG-4): the estimated file's four
    per hero, their first alone, none, or the techniques of a file of the designer's."""
    if technique_set == "none":
        return []
    path = TECHNIQUES if technique_set in ("estimated", "first_only") else Path(technique_set)
    techniques = parse_card_file(path).card
    for c in techniques:
        if c.classes != ["technique"]:
            raise CardFileError(f"{path}: card #{c.id} '{c.name}': field 'start': a technique file holds board "
                                "techniques only (start = \"board\", classes = [\"technique\"])")
    return [c for c in techniques if technique_set != "first_only" or c.technique == 1]


def find_card(cards: list[Card], key: str) -> int:
    """Index of the card named `key` (case-insensitive) or numbered `key`."""
    k = key.strip()
    for i, c in enumerate(cards):
        if c.name.lower() == k.lower() or (k.isdigit() and c.id == int(k)):
            return i
    raise CardFileError(f"unknown card '{key}'{did_you_mean(k, [c.name for c in cards])}; use a name as in "
                        "`seiya cards list` or a card number")


def apply_overrides(cards: list[Card], overrides: dict[str, int] | None) -> list[Card]:
    """Return cards with `{"Taurus Aldebaran.strength_cost": 7, ...}` applied (re-validated); the
    intervention fields (INTERVENTION_FIELDS) after the numbers, so a gift has the changed numbers."""
    if not overrides:
        return cards
    cards = list(cards)
    items = sorted(overrides.items(), key=lambda kv: kv[0].rpartition(".")[2] in INTERVENTION_FIELDS)
    for key, value in items:
        name, _, field = key.rpartition(".")
        if not name or field not in OVERRIDE_FIELDS:
            raise CardFileError(f"bad override '{key}': use CARD.FIELD with FIELD one of {', '.join(OVERRIDE_FIELDS)}")
        i = find_card(cards, name)
        try:
            value = int(value)
        except (TypeError, ValueError):
            raise CardFileError(f"bad override '{key}={value}': the value must be a whole number") from None
        data = cards[i].model_dump(by_alias=True, exclude_unset=True)  # re-validated as written: defaults stay unset
        if field == "blank":
            if value not in (0, 1):
                raise CardFileError(f"bad override '{key}={value}': blank is 0 or 1")
            data.update(blanked(data) if value else {})
        elif field in GIFT_ID:
            if value < 0:
                raise CardFileError(f"bad override '{key}={value}': a gift is 0 or more copies")
            if value:
                cards.append(Card.model_validate(gift_of(data, field, value)))
            continue
        else:
            data[field] = value
        try:
            changed = Card.model_validate(data)
        except ValidationError as err:  # pydantic's message names the constraint
            raise CardFileError(f"bad override '{key}={value}': {err.errors()[0]['msg']}") from None
        changed._file = cards[i]._file
        cards[i] = changed
    return cards


def blanked(data: dict) -> dict:
    """The fields that make a card text-less: no effect, no printed text."""
    return {"effects": [], "plain": True, "text": ""}


def gift_of(data: dict, field: str, copies: int) -> dict:
    """A card's gift twin: its own number and name, `copies` copies given at setup (start "gift"),
    without text for a blank gift."""
    blank = field == "gift_blank"
    return {**data, **(blanked(data) if blank else {}), "id": GIFT_ID[field] + data["id"],
            "name": f"{data['name']} ({'blank ' if blank else ''}gift)", "start": "gift", "copies": copies}


def cardset_hash(cards: list[Card]) -> str:
    """A short content hash of the cards of a run (numbers and programs)."""
    h = hashlib.sha256()
    for c in sorted(cards, key=lambda c: c.id):
        h.update(c.model_dump_json().encode())
    return h.hexdigest()[:16]
