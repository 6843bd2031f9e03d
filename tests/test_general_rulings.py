"""General rulings that no single card pins: GEN-23 (cards with no printed class are Characters)."""
import sim
from sim.engine import enums as E
from sim.scenario import Scenario


def test_cards_with_no_printed_class_are_characters_not_saints():
    cards = sim.load_cards()
    for name in ("Athena", "Pope", "Cassios", "Gigas", "Phaeton", "Oko", "Jaki"):
        assert cards.loc[cards["name"] == name, "class"].iloc[0] == "(none)", name
    sc = Scenario()
    for name in ("Athena", "Pope", "Cassios", "Gigas", "Phaeton", "Oko", "Jaki"):
        bits = int(sc.t.classes[sc.by_name[name]])
        assert bits & E.CLASS_CHARACTER and not bits & E.CLASS_SAINT, name
