"""Card sets: which boxes exist, loading them, designer overrides, and the card DataFrame."""
from __future__ import annotations

import hashlib
from pathlib import Path

from pydantic import ValidationError

from sim.cards.schema import Card, CardFileError, parse_card_file
from sim.spelling import did_you_mean

CARDSET_DIR = Path(__file__).resolve().parents[2] / "cardsets"
BOXES = ("base", "asgard", "poseidon", "hades")
# Numeric fields a designer may override with "CARD.FIELD=VALUE".
NUMERIC_FIELDS = ("copies", "strength_cost", "cosmos_cost", "strength", "heal", "cosmos", "vp")


def box_path(box: str) -> Path:
    if box not in BOXES:
        raise CardFileError(f"unknown box '{box}'{did_you_mean(box, BOXES)}; allowed: {', '.join(BOXES)}")
    path = CARDSET_DIR / f"{box}.toml"
    if not path.exists():
        raise CardFileError(f"box '{box}' has no card file yet ({path.name}); available: "
                            + ", ".join(b for b in BOXES if (CARDSET_DIR / f'{b}.toml').exists()))
    return path


def load_card_records(boxes=("base",), cardset: str | Path | None = None) -> list[Card]:
    """Validated cards of the given boxes; a designer's `cardset` file replaces cards with the
    same id and adds new ones."""
    if isinstance(boxes, str):
        boxes = (boxes,)
    cards: dict[int, Card] = {}
    for box in boxes:
        for c in parse_card_file(box_path(box)).card:
            cards[c.id] = c
    if cardset is not None:
        for c in parse_card_file(cardset).card:
            cards[c.id] = c
    return list(cards.values())


def find_card(cards: list[Card], key: str) -> int:
    """Index of the card named `key` (case-insensitive) or numbered `key`."""
    k = key.strip()
    for i, c in enumerate(cards):
        if c.name.lower() == k.lower() or (k.isdigit() and c.id == int(k)):
            return i
    raise CardFileError(f"unknown card '{key}'{did_you_mean(k, [c.name for c in cards])}; use a name as in "
                        "`seiya cards list` or a card number")


def apply_overrides(cards: list[Card], overrides: dict[str, int] | None) -> list[Card]:
    """Return cards with `{"Taurus Aldebaran.strength_cost": 7, ...}` applied (re-validated)."""
    if not overrides:
        return cards
    cards = list(cards)
    for key, value in overrides.items():
        name, _, field = key.rpartition(".")
        if not name or field not in NUMERIC_FIELDS:
            raise CardFileError(f"bad override '{key}': use CARD.FIELD with FIELD one of {', '.join(NUMERIC_FIELDS)}")
        i = find_card(cards, name)
        try:
            value = int(value)
        except (TypeError, ValueError):
            raise CardFileError(f"bad override '{key}={value}': the value must be a whole number") from None
        data = cards[i].model_dump(by_alias=True)
        data[field] = value
        try:
            cards[i] = Card.model_validate(data)
        except ValidationError as err:  # pydantic's message names the constraint
            raise CardFileError(f"bad override '{key}={value}': {err.errors()[0]['msg']}") from None
    return cards


def cardset_hash(cards: list[Card]) -> str:
    """A short content hash of the cards of a run (numbers and programs)."""
    h = hashlib.sha256()
    for c in sorted(cards, key=lambda c: c.id):
        h.update(c.model_dump_json().encode())
    return h.hexdigest()[:16]
