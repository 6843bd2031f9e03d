"""The five Asgard Guards (#1031-1035): their Marked effects and the rules they impose while on the
field, which every way of buying a card sees (the rules, the legal actions, the policies).

Rules: GEN-15 (an increase adds to the other modifiers before the floor of 1, and never creates a
currency the card lacks), GEN-16 (field targets only), GEN-19 (Warriors), ASG-14/15 (heals, Marked),
ASG-22 (a God Warrior is ◆ and ★), COOP-6 ("left" is toward the first slot); our readings where the
rulings are silent: docs/rulings.md, "The Asgard Guards".
"""
import pytest

import sim
from sim.engine import enums as E
from sim.engine.state import G_ACTIVE
from tests.test_asgard_cards import FILLER, _scenario, write_encoded_cardset

WARRIORS = "Asgard Guard (Warriors +1)"   # 1031
LEFT = "Asgard Guard (left +1)"           # 1032
ADJACENT = "Asgard Guard (adjacent +1)"   # 1033
NO_COSMOS = "Asgard Guard (no Cosmos)"    # 1034
ONLY = "Asgard Guard (very common only)"  # 1035


@pytest.fixture(scope="module")
def cards(tmp_path_factory):
    return write_encoded_cardset(tmp_path_factory.mktemp("guards"))


def _costs(sc, seat=0):
    """(Strength, Cosmos) cost of each field slot for seat, None for an empty slot."""
    return [None if sc.st.field[k] < 0 else (sc.cost(seat, k), sc.cost(seat, k, "cosmos"))
            for k in range(E.CLASSIC_SLOTS)]


def _freeze_in_hand(sc, seat, name):
    """`name` is the only card of seat's hand; the other seat's Epsilon Robe freezes it there, so
    its Marked fires for seat, on the other seat's turn."""
    guard = sc.hand(seat, name)
    robe = sc.hand(1 - seat, "God Robe Epsilon (Alioth)")
    sc.st.g[G_ACTIVE] = 1 - seat
    sc.equip(1 - seat, robe)
    sc.use(1 - seat, robe)
    assert sc.zone_of(guard) == (seat, "frozen")
    return guard


def _fights_for_last_slot(cards, card, hand, guard=None, guard_slot=0):
    """Does the default policy's first step play a card of `hand` against `card` in the last slot,
    with the Guard `guard` on the field (none: without it)?"""
    sc = _scenario(cards, policies=("tuned",))
    sc.field(5, card)
    if guard:
        sc.field(guard_slot, guard)
    sc.hand(0, *hand)
    kind, a, b = sc.step(0)
    return kind == "play" and b == 5


# --- #1031: Warriors cost +1 Strength; Marked: heal a frozen Character ---------------------------
def test_1031_warriors_cost_1_strength_more_the_guard_itself_included(cards):
    """Every Warrior of the field, the Guard itself (a Warrior, GEN-19) among them, costs +1
    Strength; its Cosmos cost and the other cards stay; the last slot's -1 still applies (GEN-15)."""
    sc = _scenario(cards)
    sc.field(0, "Siegfried of Dubhe")  # 9 Strength or 7 Cosmos
    sc.field(1, "Cassios")
    sc.field(2, WARRIORS)
    sc.field(5, "Hagen of Merak")      # 7 Strength, last slot
    assert _costs(sc) == [(10, 7), (2, 0), (3, 0), None, None, (7, 0)]


def test_1031_leaving_the_field_its_rule_goes_with_it(cards):
    sc = _scenario(cards)
    sc.field(0, "Siegfried of Dubhe")
    guard = sc.field(3, WARRIORS)
    assert sc.cost(0, 0) == 10
    sc.play(0, sc.hand(0, "Taurus Aldebaran"), 3)
    sc.play(0, sc.hand(0, "Cassios"), 3)
    sc.acquire(0, 3)
    assert sc.zone_of(guard) == (0, "discard") and sc.cost(0, 0) == 9


def test_1031_an_increase_never_creates_a_strength_cost(cards):
    """GEN-15 step 3: a Warrior that only costs Cosmos (a designer's Hagen) stays out of reach of
    Strength."""
    sc = sim.scenario.Scenario(cardset=cards, overrides={"Hagen of Merak.strength_cost": 0,
                                                         "Hagen of Merak.cosmos_cost": 5})
    sc.field(0, "Hagen of Merak")
    sc.field(1, WARRIORS)
    assert _costs(sc)[0] == (0, 5)


def test_1031_the_policy_fights_only_for_a_warrior_it_can_still_reach(cards):
    """Hagen in the last slot costs 6; three plain cards in hand bring 6 Strength: the policy
    fights for him without the Guard, not with it (he costs 7 then)."""
    hand = ("Whale Moses", "Cancer Deathmask", "Black Pegasus")
    assert _fights_for_last_slot(cards, "Hagen of Merak", hand)
    assert not _fights_for_last_slot(cards, "Hagen of Merak", hand, WARRIORS)


def test_1031_marked_heals_the_best_frozen_character_of_its_owner(cards):
    """Frozen on seat 0's turn, seat 1's Guard heals one of seat 1's frozen Characters, the one its
    policy values most (the Gold Saint): its token goes, it joins the discard pile. A frozen Cloth
    is no Character, seat 0's frozen cards are not seat 1's, and the Guard does not heal itself."""
    sc = _scenario(cards)
    gold = sc.put(1, "frozen", "Taurus Aldebaran")
    cassios = sc.put(1, "frozen", "Cassios")
    cloth = sc.put(1, "frozen", "Aries Cloth")
    theirs = sc.put(0, "frozen", "Leo Aiolia")
    guard = _freeze_in_hand(sc, 1, WARRIORS)
    assert sc.zone_of(gold) == (1, "discard") and sc.freeze_side(gold) == 0
    assert sc.zone_of(cassios) == (1, "frozen") and sc.zone_of(cloth) == (1, "frozen")
    assert sc.zone_of(theirs) == (0, "frozen") and sc.zone_of(guard) == (1, "frozen")
    assert "heal" in sc.log_kinds()


def test_1031_marked_with_no_other_frozen_character_heals_nothing(cards):
    sc = _scenario(cards)
    cloth = sc.put(1, "frozen", "Aries Cloth")
    guard = _freeze_in_hand(sc, 1, WARRIORS)
    assert sc.zone_of(guard) == (1, "frozen") and sc.zone_of(cloth) == (1, "frozen")
    assert sc.count(1, "discard") == 0


def test_1031_marked_heals_nothing_under_june(cards):
    """ASG-14 / June: no Character can be healed while she is on the field, by an effect either."""
    sc = _scenario(cards)
    sc.field(2, "Chameleon June")
    gold = sc.put(1, "frozen", "Taurus Aldebaran")
    _freeze_in_hand(sc, 1, WARRIORS)
    assert sc.zone_of(gold) == (1, "frozen")


# --- #1032: Characters to its left cost +1 Strength; Marked: draw 2, discard 1 of them --------
def test_1032_characters_to_its_left_cost_1_strength_more(cards):
    """Left is toward the first slot (COOP-6): every Character there, across an empty slot too; not
    a Cloth, not the Guard itself, not the cards to its right."""
    sc = _scenario(cards)
    sc.field(0, "Oko")                 # 3
    sc.field(2, "Unicorn Jabu")        # 3 or 3
    sc.field(3, "Aries Cloth")         # 5 Cosmos
    sc.field(4, LEFT)                  # 2
    sc.field(5, "Cassios")             # 2, last slot: 1
    assert _costs(sc) == [(4, 0), None, (4, 3), (0, 5), (2, 0), (1, 0)]


def test_1032_in_the_first_slot_nothing_is_to_its_left(cards):
    sc = _scenario(cards)
    sc.field(0, LEFT)
    sc.field(1, "Oko")
    sc.field(2, "Siegfried of Dubhe")
    assert _costs(sc)[:3] == [(2, 0), (3, 0), (9, 7)]


def test_1032_marked_draws_2_and_discards_the_worse_of_those_2(cards):
    """The two top cards are drawn; the policy discards the one it values less (Cassios rather
    than the Gold Saint); the card already in hand (Gigas, worth less still) is not one of them."""
    sc = _scenario(cards)
    sc.put(1, "draw", FILLER)
    gold = sc.put(1, "draw", "Taurus Aldebaran")
    cassios = sc.put(1, "draw", "Cassios")
    gigas = sc.put(1, "discard", "Gigas")
    guard = _freeze_in_hand(sc, 1, LEFT)
    assert sc.zone_of(gold) == (1, "hand") and sc.zone_of(cassios) == (1, "discard")
    assert sc.names(1, "draw") == [FILLER] and sc.zone_of(gigas) == (1, "discard")
    assert sc.zone_of(guard) == (1, "frozen")


def test_1032_marked_never_discards_a_card_it_did_not_draw(cards):
    sc = _scenario(cards)
    sc.put(1, "draw", "Taurus Aldebaran")
    sc.put(1, "draw", "Leo Aiolia")
    guard = sc.put(1, "frozen", LEFT)
    gigas = sc.hand(1, "Gigas")  # in hand before the draw, the worst card there
    sc.trigger("marked", guard, 1)
    assert sc.zone_of(gigas) == (1, "hand") and sc.count(1, "hand") == 2 and sc.count(1, "discard") == 1


def test_1032_marked_with_one_card_to_draw_discards_it(cards):
    """Draw pile and discard pile hold one card between them: it is drawn, then discarded."""
    sc = _scenario(cards)
    only = sc.put(1, "draw", "Taurus Aldebaran")
    guard = sc.put(1, "frozen", LEFT)
    sc.hand(1, "Cassios")
    sc.trigger("marked", guard, 1)
    assert sc.zone_of(only) == (1, "discard") and sc.names(1, "hand") == ["Cassios"]


def test_1032_the_random_policy_discards_either_drawn_card(cards):
    seen = set()
    for seed in range(12):
        sc = _scenario(cards, seed=seed, policies=("random",))
        a = sc.put(1, "draw", "Taurus Aldebaran")
        b = sc.put(1, "draw", "Cassios")
        kept = sc.hand(1, "Oko")
        guard = sc.put(1, "frozen", LEFT)
        sc.trigger("marked", guard, 1)
        assert sc.zone_of(kept) == (1, "hand") and sc.count(1, "discard") == 1
        seen.add(sc.name_of(a if sc.zone_of(a) == (1, "discard") else b))
    assert seen == {"Taurus Aldebaran", "Cassios"}


# --- #1033: Characters adjacent to Guards cost +1 Strength; Marked: a ◆ Character back --------
def test_1033_characters_next_to_a_guard_cost_1_strength_more(cards):
    """The neighbours of any Guard on the field, at the end of the field too; a Cloth next to one
    does not; an empty slot between them breaks the adjacency; a Guard next to no Guard pays
    nothing more."""
    sc = _scenario(cards)
    sc.field(0, "Oko")                 # next to #1033: 3 + 1
    sc.field(1, ADJACENT)              # next to Oko and a Cloth, no Guard: 2
    sc.field(2, "Aries Cloth")         # next to a Guard, but a Cloth: 5 Cosmos
    sc.field(3, "Unicorn Jabu")        # next to a Cloth and an empty slot: 3
    sc.field(5, ONLY)                  # a Guard with no rule on costs, alone: 2 - 1 (last slot)
    assert _costs(sc) == [(4, 0), (2, 0), (0, 5), (3, 3), None, (1, 0)]


def test_1033_guards_next_to_each_other_both_cost_more_and_a_card_between_two_guards_once(cards):
    sc = _scenario(cards)
    sc.field(0, ONLY)                  # next to the Jabu only
    sc.field(1, "Unicorn Jabu")        # between two Guards: +1 once
    sc.field(2, ADJACENT)              # next to the Jabu and a Guard
    sc.field(3, NO_COSMOS)             # next to #1033
    assert _costs(sc)[:4] == [(2, 0), (4, 0), (3, 0), (3, 0)]


def test_1033_without_it_a_guards_neighbours_cost_nothing_more(cards):
    sc = _scenario(cards)
    sc.field(0, "Oko")
    sc.field(1, ONLY)
    assert _costs(sc)[:2] == [(3, 0), (2, 0)]


def test_1033_its_rules_add_up_with_the_other_guards(cards):
    """GEN-15: the increases add up. Siegfried (9), a Warrior left of #1032 and next to #1033
    (a Guard), costs 9 + 3; each Guard is a Warrior (#1031) too."""
    sc = _scenario(cards)
    sc.field(0, WARRIORS)              # Warrior, left of #1032; next to no Guard: 2 + 2
    sc.field(1, "Siegfried of Dubhe")  # Warrior, left of #1032, next to #1033: 9 + 3
    sc.field(2, ADJACENT)              # Warrior, left of #1032, next to #1032: 2 + 3
    sc.field(3, LEFT)                  # Warrior, next to #1033: 2 + 2
    assert _costs(sc)[:4] == [(4, 0), (12, 7), (5, 0), (4, 0)]


def test_1033_marked_takes_the_best_uncommon_character_a_god_warrior_among_them(cards):
    """A God Warrior is ◆ (and ★, ASG-22): it qualifies, and the policy takes it before a Silver
    Saint; a ◆ God Robe is no Character, a ● Character no ◆."""
    sc = _scenario(cards)
    misty = sc.put(1, "discard", "Lizard Misty")
    gw = sc.put(1, "discard", "Siegfried of Dubhe")
    robe = sc.put(1, "discard", "God Robe Alpha (Dubhe)")
    cassios = sc.put(1, "discard", "Cassios")
    _freeze_in_hand(sc, 1, ADJACENT)
    assert sc.zone_of(gw) == (1, "hand")
    assert all(sc.zone_of(x) == (1, "discard") for x in (misty, robe, cassios))


def test_1033_marked_with_no_uncommon_character_takes_nothing(cards):
    sc = _scenario(cards)
    sc.put(1, "discard", "God Robe Alpha (Dubhe)")
    sc.put(1, "discard", "Cassios")
    _freeze_in_hand(sc, 1, ADJACENT)
    assert sc.count(1, "hand") == 0 and sc.count(1, "discard") == 2


# --- #1034: nothing can be acquired with Cosmos; Marked: remove 2 field cards ----------------
def test_1034_no_field_card_can_be_acquired_with_cosmos(cards):
    """Cosmos costs are gone (a Cosmos-only card cannot be bought at all), Strength costs stay; a
    fight won in Cosmos cannot be ended, in the rules' legal actions either."""
    sc = _scenario(cards)
    sc.field(0, "Unicorn Jabu")
    sc.field(1, "Aries Cloth")
    sc.field(2, NO_COSMOS)
    assert _costs(sc)[:3] == [(3, 0), (0, 0), (2, 0)]
    sc.play(0, sc.hand(0, "Pegasus Seiya"), 0)   # 1 Strength, 1 Cosmos
    sc.play(0, sc.hand(0, "Dragon Shiryu"), 0)
    sc.play(0, sc.hand(0, "Cygnus Hyoga"), 0)    # 3 Cosmos against Jabu's 3
    assert not sc.can_acquire(0, 0, "cosmos") and sc.can_acquire(0, 0, "strength")
    assert ("acquire", 0, 1) not in sc.legal_actions(0) and ("acquire", 0, 0) in sc.legal_actions(0)


def test_1034_acquisitions_by_effect_are_not_with_cosmos(cards):
    """Thor's Freeze acquires every ● field Character for free: not with Cosmos, so allowed."""
    sc = _scenario(cards)
    cassios = sc.field(0, "Cassios")
    sc.field(1, NO_COSMOS)
    thor = sc.hand(0, "Thor of Phecda")
    sc.use(0, thor)
    assert sc.zone_of(cassios) == (0, "discard")
    assert sc.names(0, "discard") == ["Asgard Guard (no Cosmos)", "Cassios"]


def test_1034_the_policy_does_not_fight_for_a_cosmos_buy(cards):
    """The hand's 4 Cosmos buy the Aries Cloth (5 Cosmos, 4 in the last slot): the policy goes
    for it without the Guard, not with it."""
    hand = ("Pegasus Seiya", "Dragon Shiryu", "Cygnus Hyoga", "Andromeda Shun")
    assert _fights_for_last_slot(cards, "Aries Cloth", hand)
    assert not _fights_for_last_slot(cards, "Aries Cloth", hand, NO_COSMOS, 4)


def test_1034_marked_removes_the_cards_it_gains_most_by_taking_away(cards):
    """Frozen on seat 0's turn, seat 1 removes 2 field cards: first the card seat 0 is fighting
    (its fighter stops facing it), then the one seat 1 values most; they go to the battlefield
    discard and their slots stay empty."""
    sc = _scenario(cards)
    sc.field(0, "Cassios")
    oko = sc.field(1, "Oko")
    gold = sc.field(2, "Taurus Aldebaran")
    sc.field(3, "Unicorn Jabu")
    seiya = sc.hand(0, "Pegasus Seiya")
    sc.play(0, seiya, 1)
    _freeze_in_hand(sc, 1, NO_COSMOS)
    assert sc.zone_of(oko) == ("common", "field_discard") and sc.zone_of(gold) == ("common", "field_discard")
    assert sc.field_names()[:4] == ["Cassios", None, None, "Unicorn Jabu"]
    assert sc.st.inst_facing[seiya] == -1


def test_1034_marked_on_its_owners_turn_spares_the_card_the_owner_fights(cards):
    sc = _scenario(cards)
    sc.field(0, "Cassios")
    gold = sc.field(1, "Taurus Aldebaran")
    sc.field(2, "Unicorn Jabu")
    sc.field(3, "Oko")
    sc.play(0, sc.hand(0, "Pegasus Seiya"), 1)
    guard = sc.put(0, "frozen", NO_COSMOS)
    sc.trigger("marked", guard, 0)
    assert sc.zone_of(gold) == ("common", "field")
    assert sc.count("common", "field_discard") == 2


def test_1034_marked_with_one_field_card_removes_it(cards):
    sc = _scenario(cards)
    only = sc.field(3, "Oko")
    guard = sc.put(0, "frozen", NO_COSMOS)
    sc.trigger("marked", guard, 0)
    assert sc.zone_of(only) == ("common", "field_discard") and sc.field_names() == [None] * 6


def test_1034_the_random_policy_removes_any_2(cards):
    removed = set()
    for seed in range(10):
        sc = _scenario(cards, seed=seed, policies=("random",))
        for slot, name in enumerate(("Cassios", "Oko", "Unicorn Jabu", "Lizard Misty")):
            sc.field(slot, name)
        guard = sc.put(0, "frozen", NO_COSMOS)
        sc.trigger("marked", guard, 0)
        out = frozenset(n for n in ("Cassios", "Oko", "Unicorn Jabu", "Lizard Misty") if n not in sc.field_names())
        assert len(out) == 2
        removed.add(out)
    assert len(removed) >= 3


# --- #1035: only ● Characters and Cloths can be acquired; Marked: the opponent discards -------
def test_1035_only_very_common_characters_and_cloths_can_be_acquired(cards):
    """A ● Character and a Cloth (any rank) can; a ▲ Saint and a God Warrior (◆★) cannot, with
    enough in hand, and no legal action acquires them. Their costs do not change."""
    sc = _scenario(cards)
    sc.field(0, "Cassios")
    sc.field(1, "Unicorn Jabu")
    sc.field(2, "Hagen of Merak")
    sc.field(3, ONLY)
    sc.field(5, "Aries Cloth")
    assert _costs(sc) == [(2, 0), (3, 3), (7, 0), (2, 0), None, (0, 4)]
    for slot in (0, 1, 5):
        for name in ("Pegasus Seiya", "Dragon Shiryu", "Cygnus Hyoga", "Andromeda Shun"):
            sc.play(0, sc.hand(0, name), slot)
    assert sc.can_acquire(0, 0) and not sc.can_acquire(0, 1) and not sc.can_acquire(0, 1, "cosmos")
    assert sc.can_acquire(0, 5, "cosmos")
    acquisitions = [b for kind, b, _ in sc.legal_actions(0) if kind == "acquire"]
    assert sorted(set(acquisitions)) == [0, 5]


def test_1035_bans_acquisitions_by_effect_too(cards):
    """GEN-5: an acquisition by effect is one, as under Kuraggu: Geist's Discard takes no ▲ Ghost
    Saint; Thor's Freeze still takes the ● Characters."""
    sc = _scenario(cards)
    serpent = sc.field(0, "Sea Serpent")
    cassios = sc.field(1, "Cassios")
    sc.field(2, ONLY)
    sc.use(0, sc.hand(0, "Geist"))
    assert sc.zone_of(serpent) == ("common", "field")
    sc.use(0, sc.hand(0, "Thor of Phecda"))
    assert sc.zone_of(cassios) == (0, "discard") and sc.zone_of(serpent) == ("common", "field")


def test_1035_the_policy_does_not_fight_for_a_banned_card(cards):
    """The hand's 3 Strength buy the ▲ Jabu (3, 2 in the last slot): not under #1035."""
    hand = ("Pegasus Seiya", "Dragon Shiryu", "Cygnus Hyoga")
    assert _fights_for_last_slot(cards, "Unicorn Jabu", hand)
    assert not _fights_for_last_slot(cards, "Unicorn Jabu", hand, ONLY, 4)


def test_1035_marked_the_opponent_discards_the_card_the_guards_owner_picks(cards):
    """Frozen on seat 1's turn, seat 0's Guard: seat 0 looks at seat 1's hand and seat 1 discards
    the card seat 0 values most (the Gold Saint)."""
    sc = _scenario(cards)
    gold = sc.hand(1, "Taurus Aldebaran")
    sc.hand(1, "Cassios", "Oko")
    _freeze_in_hand(sc, 0, ONLY)
    assert sc.zone_of(gold) == (1, "discard") and sorted(sc.names(1, "hand")) == ["Cassios", "Oko"]


def test_1035_marked_picks_an_opponent_with_cards_in_hand(cards):
    """3 players: seat 2's hand is empty, so seat 1 is the one who discards."""
    sc = _scenario(cards, players=3)
    sc.hand(1, "Cassios")
    sc.put(2, "discard", "Taurus Aldebaran")
    guard = sc.put(0, "frozen", ONLY)
    sc.trigger("marked", guard, 0)
    assert sc.names(1, "discard") == ["Cassios"] and sc.names(2, "discard") == ["Taurus Aldebaran"]


# --- In games -----------------------------------------------------------------------------------
@pytest.mark.parametrize("policy", ["random", "tuned"])
def test_games_with_the_guards_keep_the_invariants_and_use_them(cards, policy):
    """Games of base + the encoded Asgard cards: no violation, no illegal action; the Guards are
    acquired and their Marked effects fire."""
    res = sim.play(150, players=2, seed=5, policies=(policy,), cardset=cards, check_invariants=True, events="full")
    g, ev = res.games, res.events
    assert (g["violations"] == 0).all() and (g["illegal_actions"] == 0).all()
    guards = ev[ev["card_id"].between(1031, 1035)]
    assert set(guards.loc[guards["kind"] == "acquire", "card_id"]) == set(range(1031, 1036))
    marked = guards[(guards["kind"] == "effect") & (guards["a"] == E.T_MARKED)]
    assert len(marked) > 0
