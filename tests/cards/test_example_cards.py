"""Scenario tests: one card effect each, on a hand-built state."""
from tests.scenario import Scenario


def test_44_lizard_misty_discard_use_destroys_a_wounded_character_to_draw_2():
    sc = Scenario()
    misty = sc.hand(0, "Lizard Misty")
    sc.put(0, "wounded", "Pegasus Seiya (civilian)")
    sc.put(0, "draw", "Cassios")
    sc.put(0, "draw", "Oko")
    sc.use(0, misty)
    assert sc.names(0, "destroyed") == ["Pegasus Seiya (civilian)"]
    assert sc.names(0, "hand") == ["Cassios", "Oko"]
    assert sc.names(0, "discard") == ["Lizard Misty"]


def test_72_black_pegasus_costs_2_less_when_seiya_fights_it():
    sc = Scenario()
    sc.field(2, "Black Pegasus")
    assert sc.cost(0, 2) == 4
    seiya = sc.hand(0, "Pegasus Seiya (civilian)")
    sc.play(0, seiya, 2)
    assert sc.cost(0, 2) == 2
    assert not sc.can_acquire(0, 2)
    sc.play(0, sc.hand(0, "Pegasus Seiya (civilian)"), 2)
    sc.acquire(0, 2)
    assert sc.names(0, "discard") == ["Black Pegasus", "Pegasus Seiya (civilian)", "Pegasus Seiya (civilian)"]
