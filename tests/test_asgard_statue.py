"""The Odin statue (ASG-8, ASG-10): sapphires, the flip, every Exit twice after it.

The God Warriors carry the sapphire icon but their texts need mechanics still missing, so these
tests use a designer's card with the icon and a plain Exit (draw 1) on top of the base box.
"""
import pytest

from sim.engine import enums as E
from sim.engine.state import G_SAPPHIRES
from sim.scenario import Scenario

CARDS = '''box = "asgard"

[[card]]
id = 1901
name = "Test Warrior"
classes = ["god_warrior"]
rank = ["uncommon", "rare"]
copies = 3
strength_cost = 3
strength = 1
icons = ["sapphire"]
text = "Exit: draw 1 card."

[[card.effects]]
on = "exit"
do = [{op = "draw", n = 1}]

[[card]]
id = 1902
name = "Test Guard"
classes = ["guard"]
rank = ["uncommon"]
copies = 1
strength_cost = 3
strength = 1
text = "Exit: draw 1 card."

[[card.effects]]
on = "exit"
do = [{op = "draw", n = 1}]
'''


@pytest.fixture(scope="module")
def cardset(tmp_path_factory):
    path = tmp_path_factory.mktemp("statue") / "statue.toml"
    path.write_text(CARDS, encoding="utf-8")
    return path


def _scenario(cardset, sapphires=0, **kw):
    sc = Scenario(cardset=cardset, **kw)
    sc.st.g[G_SAPPHIRES] = sapphires
    for _ in range(9):
        sc.put(0, "draw", "Pegasus Seiya (civilian)")
    return sc


def _exits(sc):
    ev = sc.events()
    return int(((ev["kind"] == "effect") & (ev["a"] == E.T_EXIT)).sum())


def _leaves_at_upkeep(sc, name):
    """`name` on the last slot leaves for the field discard at upkeep: how many times its Exit
    applied."""
    sc.field(5, name)
    before = _exits(sc)
    sc.upkeep(0)
    return _exits(sc) - before


def _sapphire_events(sc):
    ev = sc.events()
    return list(ev.loc[ev["kind"] == "sapphire", "a"])


def test_a_god_warrior_leaving_the_field_puts_a_sapphire_on_the_statue(cardset):
    sc = _scenario(cardset)
    assert _leaves_at_upkeep(sc, "Test Warrior") == 1
    assert sc.st.g[G_SAPPHIRES] == 1 and _sapphire_events(sc) == [1]


def test_an_acquired_god_warrior_puts_a_sapphire_and_fires_no_exit(cardset):
    sc = _scenario(cardset)
    sc.field(2, "Test Warrior")
    for _ in range(sc.cost(0, 2)):
        sc.play(0, sc.hand(0, "Dragon Shiryu (civilian)"), 2)
    sc.acquire(0, 2)
    assert sc.st.g[G_SAPPHIRES] == 1 and _exits(sc) == 0


def test_the_seventh_sapphire_flips_the_statue_and_then_every_exit_applies_twice(cardset):
    sc = _scenario(cardset, sapphires=6)
    assert _leaves_at_upkeep(sc, "Test Warrior") == 1   # the flipping card's Exit: once
    assert sc.st.g[G_SAPPHIRES] == 7 and _sapphire_events(sc) == [7]
    assert _leaves_at_upkeep(sc, "Test Guard") == 2      # no sapphire, but its Exit twice
    assert _leaves_at_upkeep(sc, "Test Warrior") == 2
    assert sc.st.g[G_SAPPHIRES] == 7 and _sapphire_events(sc) == [7]  # past the 7th: nothing


def test_a_card_without_the_icon_gives_no_sapphire(cardset):
    sc = _scenario(cardset)
    assert _leaves_at_upkeep(sc, "Test Guard") == 1
    assert sc.st.g[G_SAPPHIRES] == 0


def test_without_the_statue_no_sapphire_and_exits_once(cardset):
    sc = _scenario(cardset, rules={"odin_statue": False})
    assert _leaves_at_upkeep(sc, "Test Warrior") == 1
    assert sc.st.g[G_SAPPHIRES] == 0 and _sapphire_events(sc) == []
