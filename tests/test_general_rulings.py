"""General rulings that no single card pins: GEN-21 (which plays fire Engagement), GEN-23 (cards
with no printed class are Characters)."""
import sim
from sim.engine import enums as E
from sim.scenario import Scenario

# A designer's card with an Engagement and a Discard use (no base card has both).
BOTH = """
box = "base"

[[card]]
id = 900
name = "Test Herald"
classes = ["silver_saint"]
rank = ["uncommon"]
copies = 1
start = "reserve"
strength_cost = 3
cosmos_cost = 0
strength = 1
heal = 1
cosmos = 0
vp = 1
text = "Engagement: draw 1 card. Discard: remove 1 flame from the Clock."

[[card.effects]]
on = "engagement"
do = [{op = "draw", n = 1}]

[[card.effects]]
on = "discard_use"
do = [{op = "remove_flame", n = 1}]
"""


def scenario(tmp_path):
    path = tmp_path / "herald.toml"
    path.write_text(BOTH)
    return Scenario(cardset=path)


def test_engagement_fires_when_a_card_is_played_to_face_a_card(tmp_path):
    sc = scenario(tmp_path)
    sc.field(0, "Cassios")
    sc.put(0, "draw", "Oko")
    sc.play(0, sc.hand(0, "Test Herald"), 0)
    assert sc.names(0, "hand") == ["Oko"]


def test_a_card_spent_from_hand_for_its_use_does_not_fire_its_engagement(tmp_path):
    sc = scenario(tmp_path)
    sc.put(0, "draw", "Oko")
    herald = sc.hand(0, "Test Herald")
    flames = sc.flames
    sc.use(0, herald)
    assert sc.flames == flames - 1 and sc.zone_of(herald) == (0, "discard")
    assert sc.names(0, "hand") == [] and sc.names(0, "draw") == ["Oko"]


def test_a_card_played_to_heal_does_not_fire_its_engagement(tmp_path):
    sc = scenario(tmp_path)
    sc.put(0, "draw", "Oko")
    wounded = sc.put(0, "wounded", "Cassios")
    herald = sc.hand(0, "Test Herald")
    sc.heal(0, herald, wounded)
    assert sorted(sc.names(0, "discard")) == ["Cassios", "Test Herald"]
    assert sc.names(0, "hand") == [] and sc.names(0, "draw") == ["Oko"]


def test_cards_with_no_printed_class_are_characters_not_saints():
    cards = sim.load_cards()
    for name in ("Athena", "Pope", "Cassios", "Gigas", "Phaeton", "Oko", "Jaki"):
        assert cards.loc[cards["name"] == name, "class"].iloc[0] == "(none)", name
    sc = Scenario()
    for name in ("Athena", "Pope", "Cassios", "Gigas", "Phaeton", "Oko", "Jaki"):
        bits = int(sc.t.classes[sc.by_name[name]])
        assert bits & E.CLASS_CHARACTER and not bits & E.CLASS_SAINT, name
