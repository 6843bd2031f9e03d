"""Every card with an effect has a scenario test named test_<id>_... in tests/cards/."""
import re
from pathlib import Path

from sim.cards.schema import parse_card_file

ROOT = Path(__file__).resolve().parent.parent


def _tested_ids():
    ids = set()
    for path in (ROOT / "tests" / "cards").glob("test_*.py"):
        ids |= {int(m) for m in re.findall(r"^def test_(\d+)_", path.read_text(), re.M)}
    return ids


def test_every_base_card_with_an_effect_has_a_scenario_test():
    cards = parse_card_file(ROOT / "cardsets" / "base.toml").card
    with_effect = {c.id for c in cards if c.effects}
    missing = sorted(with_effect - _tested_ids())
    assert not missing, f"cards with an effect but no scenario test: {missing}"


def test_cards_without_effects_are_declared_plain():
    cards = parse_card_file(ROOT / "cardsets" / "base.toml").card
    assert sorted(c.id for c in cards if not c.effects) == [1, 2, 3, 4, 5]
    assert all(c.plain for c in cards if not c.effects)
