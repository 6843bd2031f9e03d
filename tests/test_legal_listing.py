"""Listing the legal actions once (sim/engine/rules/legal.py `legal_actions`, `listed_action`), as
the random and search policies do, gives every action in the order, and with the values, that
picking it alone gives; past what the list holds, the action is found by walking them again."""
import numpy as np

from sim.engine.rules.legal import LISTED, legal_action, legal_actions, listed_action
from sim.scenario import Scenario


def picked_one_by_one(sc, seat) -> list[tuple]:
    out = np.zeros(3, np.int64)
    found = []
    for i in range(legal_action(sc.s, sc.c, seat, -1, out)):
        legal_action(sc.s, sc.c, seat, i, out)
        found.append(tuple(int(x) for x in out))
    return found


def listed(sc, seat, room: int) -> tuple[int, list[tuple]]:
    """The count legal_actions gives with a list of `room` actions, and each action as
    listed_action reads it back."""
    buf = np.full(3 * room, -9, np.int64)
    n = legal_actions(sc.s, sc.c, seat, buf)
    out = np.zeros(3, np.int64)
    found = []
    for i in range(n):
        listed_action(sc.s, sc.c, seat, buf, i, out)
        found.append(tuple(int(x) for x in out))
    return n, found


def a_busy_turn() -> Scenario:
    """Six field cards, a hand of Characters, a Cloth and a Gold Saint, a wounded card a
    civilian may heal: plays, a use, heals, an equip and the end of the turn are legal."""
    sc = Scenario(players=2)
    for slot, name in enumerate(("Cassios", "Aries Mu", "Taurus Aldebaran", "Gemini Saga", "Leo Aiolia",
                                 "Virgo Shaka")):
        sc.field(slot, name)
    sc.hand(0, "Pegasus Seiya (civilian)", "Dragon Shiryu (civilian)", "Pegasus Cloth", "Cygnus Hyoga",
            "Andromeda Shun", "Phoenix Ikki (civilian)")
    sc.put(0, "wounded", "Dragon Shiryu")
    return sc


def test_the_list_holds_every_action_in_the_order_picking_gives():
    sc = a_busy_turn()
    expected = picked_one_by_one(sc, 0)
    kinds = {kind for kind, _, _ in expected}
    assert len(expected) > 10 and len(kinds) >= 4, expected  # plays, heals, an equip, the end
    assert listed(sc, 0, LISTED) == (len(expected), expected)


def test_past_what_the_list_holds_an_action_is_found_by_walking_again():
    sc = a_busy_turn()
    expected = picked_one_by_one(sc, 0)
    assert listed(sc, 0, 2) == (len(expected), expected)  # the count is whole; the 3rd on are walked to
    buf = np.full(12, -9, np.int64)
    legal_actions(sc.s, sc.c, 0, buf[:6])  # room for 2
    assert [tuple(int(x) for x in buf[i:i + 3]) for i in (0, 3)] == expected[:2]
    assert (buf[6:] == -9).all()  # nothing written past the list
