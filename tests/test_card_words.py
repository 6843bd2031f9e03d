"""`seiya cards show` tells a card in plain words: every op and trigger of the effect language has
words, and no internal name (op=..., select={...}, discard_use) reaches the reader."""
import re

import pytest

from sim.cards.cardsets import load_card_records
from sim.cards.describe import TRIGGERS, card_lines
from sim.cards.schema import Card
from sim.engine import enums as E

NEEDS = {"move": {"from": "hand", "to": "wounded"}, "shuffle": {"zone": "draw"},
         "swap_zones": {"from": "discard", "to": "destroyed", "other_select": {"class": "hero"}},
         "vp_per": {"count": "deck"}, "stat_per": {"count": "field"},
         "faced_cost_per": {"count": "alongside", "faced": {"class": "saint"}},
         "cost_if_fighter": {"fighter": {"name": "Seiya"}}, "alt_cost_fighter": {"fighter": {"name": "Hyoga"}},
         "cost_per_fighter": {"fighter": {"class": "marina"}, "strength": 1},
         "vp_token": {"from": "pillars_in_play", "n": "all", "bonus": -1},
         "freeze_alongside": {"alongside": {"class": "guard"}},
         "take_weapon": {"who": "chosen_opponent"},
         "stat_mult": {"alongside": {"name": "Shiryu"}, "factor": 2}, "protect": {"alongside": {"class": "saint"}},
         "cost_up": {"strength": 1}, "currency_ban": {"currency": "cosmos"},
         "play": {"from": "draw", "top": True},
         "take_vp_tokens": {"count": "field", "bonus": -1, "select": {"class": "guard"}},
         "vp_tokens_to_most": {"from": "discard", "bonus": 1, "n": 2, "select": {"class": "hero"}},
         "swap_marked": {"from": "destroyed", "other_select": {"rank": "very_common"}},
         "wound_for_same_rank": {"who": "each_player", "other_select": {"class": "character"}},
         "swap_same_rank": {"who": "chosen_opponent", "other_select": {"class": "character"}},
         "open_target": {"who": "chosen_opponent", "from": "marked"},
         "put_beneath": {"who": "chosen_opponent", "from": "discard"}, "win_back": {"cosmos": 4},
         "move_marker": {"toward": "elysion"}, "ban": {"what": "souls"}, "soul_cost": {"souls": -1},
         "gain_vp_token": {"bonus": -1}, "lose_souls": {"most": "void"}, "underworld_cut": {"strength": 2}}
INTERNALS = re.compile(r"op=|select=|\{|\}|_use\b|_saint\b|_cloth\b|\bNone\b|each_|chosen_|fighters_owner")


def _card(on: str, op: dict) -> Card:
    return Card.model_validate({"id": 99, "name": "Probe", "rank": ["rare"], "copies": 1, "hero": "Seiya",
                                "effects": [{"on": on, "do": [op]}]})


@pytest.mark.parametrize("op", sorted(E.OP_NAMES))
def test_every_op_has_words(op):
    lines = card_lines(_card("discard_use", {"op": op, **NEEDS.get(op, {})}))
    told = lines[-1]
    assert told.startswith("  Discard (used by discarding it): ") and told.endswith(".")
    assert not INTERNALS.search(told), told


def test_every_trigger_has_words():
    assert set(TRIGGERS) == set(E.TRIGGER_NAMES)


def test_every_base_card_reads_in_plain_words():
    for card in load_card_records(("base",)):
        text = "\n".join(card_lines(card))
        assert text.startswith(f"#{card.id} {card.name}") and f"Text: {card.text}" in text
        told = text.split("What the engine does:")[-1] if card.effects else ""
        assert not INTERNALS.search(told), (card.name, told)


def test_a_few_cards_as_a_reader_sees_them():
    cards = {c.name: c for c in load_card_records(("base",))}
    assert card_lines(cards["Taurus Aldebaran"]) == [
        "#31 Taurus Aldebaran (Aldébaran du Taureau)",
        "Gold Saint; ★ rare; 1 copy in the reserve",
        "Cost: 8 Strength or 6 Cosmos",
        "Gives: 2 Strength, 1 Cosmos; VP: 5",
        "Icons: flame",
        "Text: +2 Strength when he fights the first card of the field.",
        "What the engine does:",
        "  While it fights: If it faces the first card of the field, it gains +2 Strength.",
    ]
    misty = card_lines(cards["Lizard Misty"])
    assert misty[-2:] == [
        "  Discard (used by discarding it): You may destroy 1 Character from your wounded cards; if you do, "
        "you draw 2 cards.",
        "  Arrival (revealed on the field, not at setup): Each player destroys 1 Character from their wounded cards.",
    ]
    assert card_lines(cards["Athena"])[-1] == "  At the end of the game: +1 VP per full 10 cards in your deck."
