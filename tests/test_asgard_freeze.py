"""Freeze and Marked, the Asgard rules ASG-11..15, on the base box plus a few test cards.

Freeze (asgard.txt "Frozen Card", ASG-11..14): a card's Freeze use spends it by freezing it; a
frozen card goes to its owner's marked area with one Freeze token on side 2, stays there through
upkeeps, is never drawn nor played, scores, and is healed by 2 hearts (the first turns the token
to side 1). Marked (ASG-15): a card's Marked program fires, for its owner, each time a Wound or a
Freeze token is placed on it. The Asgard cards that use them have their own tests
(tests/test_asgard_cards.py); here test cards isolate each rule.
"""
import pytest

import sim
from sim.engine import enums as E
from sim.engine.rules.invariants import V_TOKENS, check_invariants
from sim.engine.state import G_FIRST_VIOLATION, G_VIOLATIONS
from sim.scenario import Scenario

# The test cards: (id, name, copies, VP, text, {trigger: ops}). All are ● Bronze Saints costing 3
# Strength with 1 Strength, but the Robe: a ◆ God Robe costing 3 Cosmos with 1 Cosmos.
DRAW_1 = '[{op = "draw", n = 1}]'
CARDS = (
    (9801, "Frost Tester", 2, 2, "Freeze: draw 1 card.", {"freeze_use": DRAW_1}),
    (9802, "Mark Tester", 3, 1, "Marked: draw 1 card.", {"marked": DRAW_1}),
    (9803, "Frost Caller", 2, 0, "Discard: each opponent freezes a card of their hand of your choice.",
     {"discard_use": '[{op = "move", who = "each_opponent", from = "hand", to = "frozen", n = 1, by = "self"}]'}),
    (9804, "Wound Caller", 2, 0, "Discard: each opponent wounds a Character of their hand.",
     {"discard_use": '[{op = "move", who = "each_opponent", from = "hand", to = "wounded", '
                     'select = {class = "character"}, n = 1}]'}),
    (9805, "Frost Robe", 1, 0, "Freeze: draw 1 card.", {"freeze_use": DRAW_1}),
    (9806, "Twice Tester", 1, 0, "Freeze: draw 1 card. Marked: draw 1 card.",
     {"freeze_use": DRAW_1, "marked": DRAW_1}),
)


def _card_file():
    lines = ['box = "asgard"']
    for cid, name, copies, vp, text, programs in CARDS:
        robe = name == "Frost Robe"
        lines += ["", "[[card]]", f"id = {cid}", f'name = "{name}"',
                  'classes = ["god_robe"]' if robe else 'classes = ["bronze_saint"]',
                  'rank = ["uncommon"]' if robe else 'rank = ["very_common"]', f"copies = {copies}",
                  "cosmos_cost = 3\ncosmos = 1" if robe else "strength_cost = 3\nstrength = 1", f"vp = {vp}",
                  f'text = "{text}"']
        for trigger, ops in programs.items():
            lines += ["", "[[card.effects]]", f'on = "{trigger}"', f"do = {ops}"]
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def cardset(tmp_path_factory):
    path = tmp_path_factory.mktemp("freeze") / "freeze-test.toml"
    path.write_text(_card_file(), encoding="utf-8")
    return path


def _scenario(cardset, players=2, **kw):
    return Scenario(players=players, cardset=cardset, **kw)


FILLER = "Phoenix Ikki (civilian)"  # 9 copies: a draw pile's cards


def _draw_pile(sc, seat, n=4):
    for _ in range(n):
        sc.put(seat, "draw", FILLER)


# --- ASG-11: the Freeze use ------------------------------------------------------------------
def test_a_freeze_use_applies_its_effect_and_freezes_the_card_on_side_2(cardset):
    sc = _scenario(cardset)
    _draw_pile(sc, 0)
    card = sc.hand(0, "Frost Tester")
    sc.field(5, "Cassios")
    legal = sc.legal_actions(0)
    assert ("use", card, E.T_FREEZE_USE) in legal and ("play", card, 5) in legal  # optional: it may fight instead
    sc.use(0, card)
    assert sc.zone_of(card) == (0, "frozen") and sc.freeze_side(card) == 2
    assert sc.names(0, "hand") == [FILLER]  # its effect: draw 1


def test_a_frozen_card_cannot_be_used_again(cardset):
    """'Only once': frozen, it is out of hand and play until healed."""
    sc = _scenario(cardset)
    _draw_pile(sc, 0)
    card = sc.hand(0, "Frost Tester")
    sc.use(0, card)
    assert not [a for a in sc.legal_actions(0) if a[1] == card]
    with pytest.raises(AssertionError):
        sc.use(0, card)


def test_a_frozen_cloth_is_no_longer_equipped(cardset):
    """ASG-16: the frozen Armor leaves the Armor slot; another can be equipped."""
    sc = _scenario(cardset)
    _draw_pile(sc, 0)
    robe = sc.hand(0, "Frost Robe")
    other = sc.hand(0, "Pegasus Cloth")
    sc.equip(0, robe)
    sc.use(0, robe)
    assert sc.names(0, "cloth") == [] and sc.zone_of(robe) == (0, "frozen")
    sc.equip(0, other)
    assert sc.names(0, "cloth") == ["Pegasus Cloth"]


# --- ASG-12: freezing by an effect -----------------------------------------------------------
def test_an_effect_freezes_the_opponents_card_its_user_picks(cardset):
    """The card is frozen from the hand into its owner's marked area; the user picks the
    opponent's best card (its policy's value)."""
    sc = _scenario(cardset)
    caller = sc.hand(0, "Frost Caller")
    cassios = sc.hand(1, "Cassios")
    gold = sc.hand(1, "Taurus Aldebaran")
    sc.use(0, caller)
    assert sc.zone_of(gold) == (1, "frozen") and sc.freeze_side(gold) == 2
    assert sc.zone_of(cassios) == (1, "hand")
    assert "freeze" in sc.log_kinds() and "is frozen (from hand)" in sc.trace()


# --- ASG-13: frozen cards over time ----------------------------------------------------------
def test_frozen_cards_stay_through_upkeep_are_never_drawn_and_score(cardset):
    sc = _scenario(cardset)
    card = sc.put(0, "frozen", "Frost Tester")  # 2 VP
    sc.hand(0, "Cassios")
    sc.put(0, "discard", "Cassios")
    sc.upkeep(0)
    assert sc.zone_of(card) == (0, "frozen") and sc.freeze_side(card) == 2
    assert sc.count(0, "hand") == 2 and sc.count(0, "draw") == 0  # the whole deck drawn, not the frozen card
    cassios_vp = int(sim.load_cards().set_index("name").loc["Cassios", "vp"])
    assert sc.score(0) == 2 + 2 * cassios_vp  # GEN-11: the frozen card scores its 2 VP


# --- ASG-14: healing a frozen card -----------------------------------------------------------
def test_the_rulebook_example_two_hearts_heal_a_frozen_card(cardset):
    """asgard.txt: "A frozen card can be healed by using 2 hearts. The first heart used turns the
    token over to side 1; the second heart used removes the token." One heart at a time: the
    first healer turns the token and the card stays frozen, through the upkeep; the second heals
    it, to its owner's discard pile. Each healer goes to the discard pile."""
    sc = _scenario(cardset)
    frozen = sc.put(0, "frozen", "Frost Tester")
    first = sc.hand(0, "Pegasus Seiya (civilian)")  # 1 heart
    sc.heal(0, first, frozen)
    assert sc.zone_of(frozen) == (0, "frozen") and sc.freeze_side(frozen) == 1
    assert sc.zone_of(first) == (0, "discard")
    assert "turns the Freeze token of Frost Tester to side 1" in sc.trace()
    sc.upkeep(0)  # a side-1 token stays on side 1
    assert sc.zone_of(frozen) == (0, "frozen") and sc.freeze_side(frozen) == 1
    second = sc.hand(0, "Pegasus Seiya (civilian)")
    sc.heal(0, second, frozen)
    assert sc.zone_of(frozen) == (0, "discard") and sc.freeze_side(frozen) == 0
    assert sc.zone_of(second) == (0, "discard")
    assert "heals Frost Tester with Pegasus Seiya (civilian)" in sc.trace()


def test_a_two_heart_healer_heals_a_frozen_card_at_once(cardset):
    sc = _scenario(cardset)
    frozen = sc.put(0, "frozen", "Frost Tester")
    athena = sc.hand(0, "Athena")  # 2 hearts
    sc.heal(0, athena, frozen)
    assert sc.zone_of(frozen) == (0, "discard") and sc.zone_of(athena) == (0, "discard")


def test_hearts_left_over_heal_another_card_in_the_same_heal_action(cardset):
    """ASG-14: one heal action pools its healers' hearts over any of your marked cards. A 2-heart
    healer on a wounded card heals it; its other heart heals a second wounded card."""
    sc = _scenario(cardset)
    wounded = sc.put(0, "wounded", "Cassios")
    other = sc.put(0, "wounded", "Cassios")
    athena = sc.hand(0, "Athena")
    sc.heal(0, athena, wounded)
    assert sc.zone_of(wounded) == (0, "discard") and sc.hearts_left() == 1
    assert [a for a in sc.legal_actions(0) if a[0] == "heal"] == [("heal", -1, other)]
    sc.heal(0, None, other)
    assert sc.zone_of(other) == (0, "discard") and sc.hearts_left() == 0
    assert "heals Cassios with the hearts left" in sc.trace()
    assert not [a for a in sc.legal_actions(0) if a[0] == "heal"]


def test_a_heart_left_over_turns_a_freeze_token(cardset):
    sc = _scenario(cardset)
    wounded = sc.put(0, "wounded", "Cassios")
    frozen = sc.put(0, "frozen", "Frost Tester")
    sc.heal(0, sc.hand(0, "Athena"), wounded)
    sc.heal(0, None, frozen)
    assert sc.zone_of(frozen) == (0, "frozen") and sc.freeze_side(frozen) == 1 and sc.hearts_left() == 0


def test_hearts_left_over_are_lost_when_the_heal_action_ends(cardset):
    """Any other action ends the heal action: its hearts left cannot heal later."""
    sc = _scenario(cardset)
    wounded = sc.put(0, "wounded", "Cassios")
    other = sc.put(0, "wounded", "Cassios")
    cloth = sc.hand(0, "Pegasus Cloth")
    sc.heal(0, sc.hand(0, "Athena"), wounded)
    sc.equip(0, cloth)
    assert sc.hearts_left() == 0
    with pytest.raises(AssertionError):
        sc.heal(0, None, other)
    assert sc.zone_of(other) == (0, "wounded")


def test_no_heal_spends_hearts_that_were_never_brought(cardset):
    sc = _scenario(cardset)
    wounded = sc.put(0, "wounded", "Cassios")
    with pytest.raises(AssertionError):
        sc.heal(0, None, wounded)
    assert sc.zone_of(wounded) == (0, "wounded")


def test_june_forbids_healing_a_frozen_card(cardset):
    sc = _scenario(cardset)
    sc.field(0, "Chameleon June")
    frozen = sc.put(0, "frozen", "Frost Tester")
    healer = sc.hand(0, "Athena")
    assert not [a for a in sc.legal_actions(0) if a[0] == "heal"]
    with pytest.raises(AssertionError):
        sc.heal(0, healer, frozen)
    assert sc.zone_of(frozen) == (0, "frozen")


def test_the_heal_actions_offer_wounded_and_frozen_cards(cardset):
    sc = _scenario(cardset)
    frozen = sc.put(0, "frozen", "Frost Tester")
    wounded = sc.put(0, "wounded", "Cassios")
    healer = sc.hand(0, "Pegasus Seiya (civilian)")
    heals = [a for a in sc.legal_actions(0) if a[0] == "heal"]
    assert sorted(heals) == sorted([("heal", healer, frozen), ("heal", healer, wounded)])


# --- The policy's heals ----------------------------------------------------------------------
def test_the_policy_heals_a_valuable_frozen_card_with_a_healer_of_enough_hearts():
    """Its least valuable healer with the 2 hearts the token needs, over a 1-heart one."""
    sc = Scenario()
    frozen = sc.put(0, "frozen", "Taurus Aldebaran")
    athena = sc.hand(0, "Athena")
    sc.hand(0, "Cygnus Hyoga")  # 1 heart
    assert sc.step(0) == ("heal", athena, frozen)
    assert sc.zone_of(frozen) == (0, "discard")


def test_the_policy_spends_the_hearts_left_on_its_next_marked_card():
    """Athena's 2 hearts heal two valuable wounded cards in one heal action (ASG-14)."""
    sc = Scenario()
    first = sc.put(0, "wounded", "Taurus Aldebaran")
    second = sc.put(0, "wounded", "Leo Aiolia")
    athena = sc.hand(0, "Athena")
    kind, healer, healed = sc.step(0)
    assert (kind, healer) == ("heal", athena) and healed in (first, second)
    assert sc.step(0) == ("heal", -1, second if healed == first else first)
    assert sc.zone_of(first) == sc.zone_of(second) == (0, "discard")


def test_the_policy_turns_the_token_of_a_valuable_frozen_card_with_a_single_heart():
    sc = Scenario()
    frozen = sc.put(0, "frozen", "Taurus Aldebaran")
    healer = sc.hand(0, "Pegasus Seiya (civilian)")
    assert sc.step(0) == ("heal", healer, frozen)
    assert sc.freeze_side(frozen) == 1


# --- ASG-15: Marked --------------------------------------------------------------------------
def _marked_seats(ev):
    """The seats whose Marked programs ran, in order (events as `sim.play` gives them)."""
    return list(ev[(ev.kind == "effect") & (ev.a == E.T_MARKED)].seat)


def test_marked_fires_for_its_owner_when_an_opponent_wounds_it(cardset):
    """On seat 0's turn, seat 1's card is wounded: seat 1 resolves its Marked (draws 1)."""
    sc = _scenario(cardset)
    _draw_pile(sc, 1)
    caller = sc.hand(0, "Wound Caller")
    _draw_pile(sc, 0)
    marked = sc.hand(1, "Mark Tester")
    sc.use(0, caller)
    assert sc.zone_of(marked) == (1, "wounded")
    assert sc.names(1, "hand") == [FILLER] and sc.count(0, "hand") == 0
    assert _marked_seats(sc.events()) == [1]


def test_marked_fires_when_the_card_is_frozen(cardset):
    sc = _scenario(cardset)
    _draw_pile(sc, 1)
    caller = sc.hand(0, "Frost Caller")
    marked = sc.hand(1, "Mark Tester")
    sc.use(0, caller)
    assert sc.zone_of(marked) == (1, "frozen")
    assert sc.names(1, "hand") == [FILLER]


def test_marked_fires_on_the_token_that_pays_for_the_cards_own_freeze(cardset):
    """ASG-15: including the token of its own Freeze use: it draws 1 for the use, 1 for Marked."""
    sc = _scenario(cardset)
    _draw_pile(sc, 0)
    card = sc.hand(0, "Twice Tester")
    sc.use(0, card)
    assert sc.count(0, "hand") == 2 and sc.zone_of(card) == (0, "frozen")


def test_marked_effects_of_several_players_fire_in_turn_order(cardset):
    """GEN-3.5: each opponent in turn order from the active player; each Marked fires for its own
    owner, the first token placed first."""
    sc = _scenario(cardset, players=3, active=1)
    caller = sc.hand(1, "Wound Caller")
    for seat in (2, 0):
        _draw_pile(sc, seat)
        sc.hand(seat, "Mark Tester")
    sc.use(1, caller)
    assert _marked_seats(sc.events()) == [2, 0]
    assert sc.count(2, "hand") == 1 and sc.count(0, "hand") == 1


def test_a_card_without_a_marked_program_fires_nothing(cardset):
    sc = _scenario(cardset)
    caller = sc.hand(0, "Wound Caller")
    sc.hand(1, "Cassios")
    sc.use(0, caller)
    assert sc.count(1, "wounded") == 1
    assert _marked_seats(sc.events()) == []


# --- Invariants ------------------------------------------------------------------------------
def test_the_checker_catches_a_frozen_card_without_its_token(cardset):
    sc = _scenario(cardset)
    card = sc.put(0, "frozen", "Frost Tester")
    check_invariants(sc.s, sc.c, 2)
    assert sc.st.g[G_VIOLATIONS] == 0
    sc.st.inst_freeze[card] = 0
    check_invariants(sc.s, sc.c, 2)
    assert sc.st.g[G_VIOLATIONS] > 0 and sc.st.g[G_FIRST_VIOLATION] == V_TOKENS


def test_the_checker_catches_a_freeze_token_on_a_card_in_hand(cardset):
    sc = _scenario(cardset)
    card = sc.hand(0, "Frost Tester")
    sc.st.inst_freeze[card] = 1
    check_invariants(sc.s, sc.c, 2)
    assert sc.st.g[G_VIOLATIONS] > 0 and sc.st.g[G_FIRST_VIOLATION] == V_TOKENS


@pytest.mark.parametrize("policy", list(sim.POLICIES))
def test_games_with_freezes_and_marks_keep_the_invariants(cardset, policy):
    """Every policy plays games where cards are frozen, healed and marked: legal moves only, no
    violation, every game ends."""
    games = 4 if policy == "search" else 30
    res = sim.play(games, players=3, seed=5, policies=(policy,), cardset=cardset, check_invariants=True,
                   events="full")
    g = res.games
    assert (g["violations"] == 0).all() and (g["illegal_actions"] == 0).all()
    assert g["end_reason"].notna().all()
    if policy == "random":  # the heuristic ones may judge a test card's Freeze not worth its card
        ev = res.events
        assert ((ev.kind == "use") & (ev.a == E.T_FREEZE_USE)).any()
        assert _marked_seats(ev)
