"""Hades's Underworld board: setup (HAD-16, HAD-20, HAD-25), the upkeep's preparation in cases A, B
and C (HAD-2, HAD-4), reveals (HAD-5), Gate tokens (HAD-3), the Shackle pile's order (HAD-17), case C
(HAD-18) and scoring (HAD-30), on scenarios built on the estimated Hades cards. Two Styx cards are
given plain draw programs here (a designer's file), so that their Appearance and Exit can be seen
to resolve while the Hades ops are not played yet."""
import pytest

from sim.engine import enums as E
from sim.engine.state import PL_SPACE, PL_VP_TOKENS
from sim.scenario import Scenario

DRAWING_SHADES = '''box = "hades"
hades_data = "designer"
[[card]]
id = 3034
name = "Herald Shade"
classes = ["specter"]
copies = 2
start = "styx"
strength_cost = 2
vp = 1
grade = 1
soul_cost = 2
soul_gain = 1
text = "Appearance: draw 1 card."
source = "designer: test"
[[card.effects]]
on = "appearance"
do = [{op = "draw", n = 1}]
[[card]]
id = 3035
name = "Parting Shade"
classes = ["specter"]
copies = 2
start = "styx"
strength_cost = 2
vp = 2
grade = 1
soul_cost = 2
soul_gain = 1
text = "Exit: draw 2 cards."
source = "designer: test"
[[card.effects]]
on = "exit"
do = [{op = "draw", n = 2}]
'''
GRADE_1, GRADE_2, GRADE_3, GRADE_4 = "Underworld Specter #36", "Queen", "Charon", "Aphrodite"


@pytest.fixture(scope="module")
def shades(tmp_path_factory):
    path = tmp_path_factory.mktemp("hades") / "shades.toml"
    path.write_text(DRAWING_SHADES, encoding="utf-8")
    return path


def board(shades, players=2, rules=None, **kw) -> Scenario:
    return Scenario(players=players, boxes=("base", "hades"), cardset=shades, rules=rules, partial_hades=True, **kw)


def deck(sc, seat, n=6):
    for _ in range(n):
        sc.put(seat, "draw", "Pegasus Seiya (civilian)")


def test_setup_deals_four_face_down_cards_and_the_gate_tokens(shades):
    sc = board(shades, players=3, rules={"hades_gate_tokens_per_player": 3, "hades_clock_flames": 8}, empty=False)
    assert [n is not None and n.startswith("[") for n in sc.underworld_names()] == [True] * 4 + [False]
    assert sc.gate_tokens == 9 and sc.flames == 8
    assert [sc.souls(p) for p in range(3)] == [0, 1, 2] and sc.souls("common") == 70 - 3  # HAD-16
    assert sc.count("common", "styx") == 75 - 4
    assert all(int(sc.st.pl[p, PL_SPACE]) == E.GATE for p in range(3))  # every marker on the Gate


def test_case_a_slides_the_cards_right_and_completes_from_the_styx_right_to_left(shades):
    sc = board(shades)
    sc.styx(GRADE_2, GRADE_3)                        # Charon on top: dealt first, to the right-most space
    sc.underworld(0, GRADE_1)
    sc.underworld(2, GRADE_4)
    sc.gate_tokens = 2                               # a Gate with tokens takes no card
    sc.prepare_underworld(0)
    assert sc.underworld_names() == [f"[{GRADE_2}]", f"[{GRADE_3}]", f"[{GRADE_1}]", f"[{GRADE_4}]", None]
    assert sc.gate_tokens == 2


def test_case_a_fills_the_gate_once_it_holds_no_token(shades):
    sc = board(shades)
    sc.underworld(3, GRADE_1)
    sc.gate_tokens = 0
    sc.prepare_underworld(0)
    # HAD-4: the Styx is empty; the markers stand on the Gate, so its card turns face up (HAD-5)
    assert sc.underworld_names() == [None, None, None, None, GRADE_1]


def test_case_b_removes_a_token_and_shifts_only_with_the_last_one(shades):
    sc = board(shades)
    sc.styx(GRADE_4)
    names = [GRADE_1, GRADE_2, GRADE_3, "Herald Shade"]
    for space, name in enumerate(names):
        sc.underworld(space, name)
    sc.gate_tokens = 2
    sc.prepare_underworld(0)
    assert sc.gate_tokens == 1 and sc.underworld_names() == [f"[{n}]" for n in names] + [None]
    sc.prepare_underworld(0)
    assert sc.gate_tokens == 0
    assert sc.underworld_names() == [f"[{GRADE_4}]"] + [f"[{n}]" for n in names[:3]] + ["Herald Shade"]


def test_the_rulebook_queen_example_reveals_the_card_that_slides_to_the_marker(shades):
    """H, Hero Spaces: Shun's marker revealed Queen (Zelos to her right). At the end of the turn a
    Gate token goes, the cards shift, the card left of Queen slides opposite Shun and is revealed,
    and the Styx's top goes face down on Elysion."""
    sc = board(shades, players=2)
    deck(sc, 0)
    sc.styx(GRADE_4)
    sc.underworld(0, GRADE_1)
    sc.underworld(1, "Herald Shade")
    sc.underworld(2, "Queen", face_up=True)
    sc.underworld(3, "Zelos", face_up=True)
    sc.gate_tokens = 1
    sc.hero_space(0, 2)
    sc.hero_space(1, E.GATE)
    sc.prepare_underworld(0)
    assert sc.gate_tokens == 0
    assert sc.underworld_names() == [f"[{GRADE_4}]", f"[{GRADE_1}]", "Herald Shade", "Queen", "Zelos"]
    assert sc.count(0, "hand") == 1  # Herald Shade's Appearance resolved for the active player (HAD-5)
    assert "under_up" in sc.log_kinds()


def test_case_c_resolves_the_exit_then_shackles_the_active_player_then_adds_the_grade(shades):
    sc = board(shades)
    deck(sc, 1)
    for space, name in enumerate([GRADE_1, GRADE_2, GRADE_3, GRADE_4, "Parting Shade"]):
        sc.underworld(space, name)
    sc.gate_tokens = 0
    sc.prepare_underworld(1)
    assert sc.names(1, "shackle") == ["Parting Shade"] and sc.count(0, "shackle") == 0
    assert sc.count(1, "hand") == 2             # its Exit: the active player draws 2
    assert sc.gate_tokens == 1                  # its Grade, once it left (HAD-3)
    assert sc.underworld_names()[:4] == [f"[{n}]" for n in (GRADE_1, GRADE_2, GRADE_3, GRADE_4)]
    kinds = sc.log_kinds()
    assert kinds.index("draw") < kinds.index("shackled") < kinds.index("gate")
    sc.prepare_underworld(0)                    # now case B: the token goes, the cards shift
    assert sc.gate_tokens == 0 and sc.underworld_names()[4] == GRADE_4


@pytest.mark.parametrize("on", ["any_departure", "gate_only", "case_c_only"])
def test_case_c_adds_the_grade_under_every_grade_tokens_setting(shades, on):
    sc = board(shades, rules={"hades_grade_tokens_on": on})
    for space, name in enumerate([GRADE_1, GRADE_1, GRADE_2, GRADE_2, GRADE_3]):
        sc.underworld(space, name)
    sc.gate_tokens = 0
    sc.prepare_underworld(0)
    assert sc.gate_tokens == 3 and sc.names(0, "shackle") == [GRADE_3]


def test_the_rulebook_shackle_example_puts_pharaoh_between_aphrodite_and_charon(shades):
    """H, The Shackle: Pharaoh of the Sphinx (Grade 3) joins a pile with Charon (3) under Aphrodite
    (4): it goes above Charon, below Aphrodite. The highest Grade stays on top."""
    from sim.engine.rules.underworld import shackle
    sc = board(shades)
    for name in (GRADE_1, GRADE_3, GRADE_4, "Pharaoh of the Sphinx"):
        inst = sc._push_common(E.Z_OUT, name)  # anywhere: `shackle` takes it from where it is
        shackle(sc.s, sc.c, inst, 0, E.SHACKLE_PLACED)
    assert [sc.name_of(i) for i in sc.insts(0, "shackle")] == [GRADE_1, GRADE_3, "Pharaoh of the Sphinx", GRADE_4]


def test_a_card_slides_face_up_once_revealed_and_face_down_cards_stay_down(shades):
    sc = board(shades)
    sc.underworld(1, GRADE_1, face_up=True)  # revealed earlier by a marker that moved back since
    sc.underworld(2, GRADE_2)
    sc.gate_tokens = 1
    sc.prepare_underworld(0)
    assert sc.underworld_names() == [None, None, GRADE_1, f"[{GRADE_2}]", None]


def test_scoring_adds_the_void_and_takes_off_the_shackle_pile(shades):
    sc = board(shades)
    base = sc.score(0)
    sc.put(0, "void", GRADE_3)           # Charon: 2 VP
    sc.put(0, "shackle", "Parting Shade")  # 2 VP
    sc.put(0, "shackle", GRADE_4)
    vp = {c.name: c.vp for c in sc.engine.cards}
    assert sc.score(0) == base + vp[GRADE_3] - vp["Parting Shade"] - vp[GRADE_4]


def test_the_soul_pool_caps_gains(shades):
    from sim.engine.rules.underworld import gain_souls
    sc = board(shades, rules={"hades_soul_pool": 3})
    assert sc.souls("common") == 3 - 1  # seat 1 took its 1 Soul at setup
    assert gain_souls(sc.s, sc.c, 0, 5) == 2 and sc.souls(0) == 2 and sc.souls("common") == 0
    unlimited = board(shades, rules={"hades_soul_pool": 0})
    assert gain_souls(unlimited.s, unlimited.c, 0, 500) == 500 and unlimited.souls("common") == -1


@pytest.mark.parametrize("policy", ["value", "random"])
def test_turns_with_the_underworld_keep_the_invariants_and_use_it(shades, policy):
    """Whole turns by a policy on a real setup: the field and the Underworld move together, every
    card stays in one place, Souls are neither made nor lost, no action is illegal, and the
    heuristic annihilates, places and frees cards, and claims Trials."""
    from sim.engine.state import G_CHECK, G_ILLEGAL, G_VIOLATIONS
    sc = board(shades, players=3, empty=False, policies=(policy,))
    sc.st.g[G_CHECK] = 1
    for turn in range(60):
        sc.turn(turn % 3)
    assert int(sc.st.g[G_VIOLATIONS]) == 0 and int(sc.st.g[G_ILLEGAL]) == 0
    used = {"annihilate", "place", "freed", "trial"} if policy == "value" else set()  # the random policy: by chance
    assert {"gate", "shackled"} | used <= set(sc.log_kinds())


CIVILIAN = "Pegasus Seiya (civilian)"  # 1 Strength


def fighters(sc, seat, n):
    return [sc.hand(seat, CIVILIAN) for _ in range(n)]


def test_annihilating_a_card_gives_its_souls_the_bonus_the_void_and_the_grade(shades):
    """HAD-26, HAD-6: Charon (4 Strength, Grade 3, 3 Souls) on space 3, where seat 0's marker
    stands: that space offers -1 Strength, a Soul or a VP token."""
    sc = board(shades)
    sc.underworld(2, GRADE_3, face_up=True)
    sc.hero_space(0, 2)
    sc.gate_tokens = 0
    for card in fighters(sc, 0, 4):
        sc.play(0, card, sc.under_slot(2))
    offered = {b for kind, at, b in sc.legal_actions(0) if kind == "acquire" and at == sc.under_slot(2)}
    assert offered == {E.BONUS_NONE, E.BONUS_STRENGTH, E.BONUS_SOUL, E.BONUS_VP}
    souls, pool = sc.souls(0), sc.souls("common")
    sc.annihilate(0, 2, "+1 VP token")
    assert sc.names(0, "void") == [GRADE_3] and sc.underworld_names()[2] is None
    assert sc.souls(0) == souls + 3 and sc.souls("common") == pool - 3
    assert int(sc.st.pl[0, PL_VP_TOKENS]) == 1
    assert sc.gate_tokens == 3 and sc.count(0, "play") == 0 and sc.count(0, "discard") == 4


def test_the_strength_bonus_lowers_the_cost_and_other_spaces_offer_none(shades):
    sc = board(shades)
    sc.underworld(2, GRADE_3, face_up=True)
    sc.underworld(4, GRADE_1, face_up=True)   # right of the marker: within reach, but not its space
    sc.hero_space(0, 2)
    for card in fighters(sc, 0, 3):
        sc.play(0, card, sc.under_slot(2))
    acquires = {(at, b) for kind, at, b in sc.legal_actions(0) if kind == "acquire"}
    assert acquires == {(sc.under_slot(2), E.BONUS_STRENGTH)}  # 3 Strength reach Charon's 4 only with the bonus
    for card in fighters(sc, 0, 3):
        sc.play(0, card, sc.under_slot(4))
    with pytest.raises(AssertionError, match="illegal"):
        sc.annihilate(0, 4, "-1 Strength")  # the Gate is not the marker's space
    sc.annihilate(0, 4)
    assert sc.names(0, "void") == [GRADE_1]


def test_only_face_up_cards_at_or_right_of_the_marker_are_within_reach(shades):
    sc = board(shades)
    sc.underworld(1, GRADE_1, face_up=True)   # left of the marker
    sc.underworld(3, GRADE_2)                 # face down
    sc.hero_space(0, 2)
    sc.set_souls(0, 10)
    card = sc.hand(0, CIVILIAN)
    targets = {b for kind, a, b in sc.legal_actions(0) if kind == "play"}
    assert sc.under_slot(1) not in targets and sc.under_slot(3) not in targets
    assert not [a for a in sc.legal_actions(0) if a[0] == "place"]
    with pytest.raises(AssertionError, match="illegal"):
        sc.play(0, card, sc.under_slot(1))


def test_placing_with_souls_shackles_an_opponent_and_adds_the_grade(shades):
    """HAD-27: Queen (Soul cost 4, Grade 2) onto seat 1's pile; no effect, no bonus."""
    sc = board(shades)
    sc.underworld(3, "Queen", face_up=True)
    sc.hero_space(0, 3)
    sc.gate_tokens = 0
    sc.set_souls(0, 3)
    assert not [a for a in sc.legal_actions(0) if a[0] == "place"]  # 3 Souls do not pay 4
    sc.set_souls(0, 5)
    pool = sc.souls("common")
    assert ("place", 3, 1) in sc.legal_actions(0) and ("place", 3, 0) not in sc.legal_actions(0)
    sc.place(0, 3, 1)
    assert sc.names(1, "shackle") == ["Queen"] and sc.souls(0) == 1 and sc.souls("common") == pool + 4
    assert sc.gate_tokens == 2 and sc.underworld_names()[3] is None


def test_freeing_a_shackle_card_sends_it_under_the_styx_with_its_souls(shades):
    """HAD-17: any card of the pile may be faced; the Souls are gained, then it goes face down
    under the Styx; no Grade tokens."""
    sc = board(shades)
    sc.styx(GRADE_3)
    low = sc.put(0, "shackle", GRADE_1)
    sc.put(0, "shackle", GRADE_2)  # Queen on top: her Shackle effect bans no Soul gain
    sc.gate_tokens = 0
    souls = sc.souls(0)
    for card in fighters(sc, 0, 3):
        sc.play(0, card, sc.shackle_slot(0, low))
    sc.free(0, low)
    assert sc.names(0, "shackle") == [GRADE_2] and sc.souls(0) == souls + 1
    assert [sc.name_of(i) for i in sc.insts("common", "styx")] == [GRADE_1, GRADE_3]  # at the bottom
    assert sc.gate_tokens == 0 and sc.count(0, "discard") == 3


def test_the_rulebook_charon_example_frees_him_without_his_souls(shades):
    """H, Clarifications: Charon (Shackle: you cannot gain Souls) faced on top of the pile; his
    effect ends only once he is under the Styx, so his 3 Souls are not gained (HAD-17)."""
    sc = board(shades)
    sc.put(0, "shackle", GRADE_1)
    charon = sc.put(0, "shackle", GRADE_3)
    souls = sc.souls(0)
    for card in fighters(sc, 0, 4):
        sc.play(0, card, sc.shackle_slot(0, charon))
    sc.free(0, charon, take_souls=True)
    assert sc.souls(0) == souls and sc.names("common", "styx") == [GRADE_3]


def test_without_free_any_only_the_top_shackle_card_can_be_faced(shades):
    sc = board(shades, rules={"hades_shackle_free_any": False})
    low = sc.put(0, "shackle", GRADE_1)
    top = sc.put(0, "shackle", GRADE_3)
    sc.hand(0, CIVILIAN)
    targets = {b for kind, a, b in sc.legal_actions(0) if kind == "play"}
    assert sc.shackle_slot(0, top) in targets and sc.shackle_slot(0, low) not in targets


# --- The Hades ops of the estimated cards ------------------------------------------------------

def test_queen_appearance_takes_a_soul_from_each_player_back_to_the_pool(shades):
    sc = board(shades)
    sc.set_souls(0, 2)
    sc.set_souls(1, 0)
    pool = sc.souls("common")
    sc.trigger("appearance", sc.underworld(3, "Queen", face_up=True), 0)
    assert (sc.souls(0), sc.souls(1), sc.souls("common")) == (1, 0, pool + 1)


@pytest.mark.parametrize("souls, lost", [((3, 5), (0, 2)), ((4, 4), (0, 0))])
def test_pharaoh_hits_only_the_player_with_the_most_souls(shades, souls, lost):
    """H, Clarifications: a tie for "THE player who has the most" targets nobody (HAD-28)."""
    sc = board(shades)
    for seat, n in enumerate(souls):
        sc.set_souls(seat, n)
    sc.trigger("appearance", sc.underworld(3, "Pharaoh of the Sphinx", face_up=True), 0)
    assert [souls[q] - sc.souls(q) for q in range(2)] == list(lost)


def test_marker_moves_reveal_and_elysion_gives_the_hades_hero(shades):
    sc = board(shades, heroes=("Seiya", "Shiryu"))
    sc.put(0, "setaside", "Pegasus Seiya (Hades)")
    sc.underworld(0, GRADE_2)
    sc.hero_space(0, 1)
    sc.trigger("annihilated", sc.underworld(2, "Underworld Specter #60", face_up=True), 0)  # the active player: 1 toward Elysion
    assert int(sc.st.pl[0, PL_SPACE]) == E.ELYSION and sc.underworld_names()[0] == "Queen"  # revealed on arrival
    assert sc.names(0, "hand") == ["Pegasus Seiya (Hades)"] and sc.count(0, "setaside") == 0  # HAD-13
    sc.trigger("appearance", sc.underworld(3, "Underworld Specter #66", face_up=True), 0)  # 1 toward the Gate
    assert int(sc.st.pl[0, PL_SPACE]) == 1


def test_gate_tokens_vp_tokens_and_freeing_by_effect(shades):
    sc = board(shades)
    sc.gate_tokens = 1
    sc.trigger("appearance", sc.underworld(3, "Underworld Specter #62", face_up=True), 0)
    assert sc.gate_tokens == 3
    sc.trigger("annihilated", sc.underworld(2, "Underworld Specter #64", face_up=True), 0)
    assert int(sc.st.pl[0, PL_VP_TOKENS]) == 1
    sc.put(0, "shackle", GRADE_1)
    sc.put(0, "shackle", GRADE_4)   # Aphrodite, 4 VP: the card that costs most, though not on top
    sc.put(0, "shackle", GRADE_3)
    sc.trigger("annihilated", sc.underworld(1, "Underworld Specter #68", face_up=True), 0)
    assert sc.names(0, "shackle") == sorted([GRADE_1, GRADE_3]) and sc.names("common", "styx") == [GRADE_4]


def test_underworld_rules_change_soul_costs_gate_tokens_and_annihilation_souls(shades):
    sc = board(shades)
    sc.underworld(3, "Queen", face_up=True)              # Soul cost 4, Grade 2
    sc.underworld(1, "Underworld Specter #53", face_up=True)  # the other cards' Soul costs -1
    sc.underworld(0, "Underworld Specter #57", face_up=True)  # 1 more Gate token per departure
    sc.hero_space(0, 3)
    sc.set_souls(0, 3)
    sc.gate_tokens = 0
    sc.place(0, 3, 1)
    assert sc.souls(0) == 0 and sc.gate_tokens == 3
    sc.underworld(2, GRADE_3, face_up=True)
    sc.underworld(4, "Underworld Specter #65", face_up=True)  # each annihilation: 1 more Soul
    sc.hero_space(0, 2)
    for card in fighters(sc, 0, 4):
        sc.play(0, card, sc.under_slot(2))
    sc.annihilate(0, 2)
    assert sc.souls(0) == 3 + 1


def test_a_shackle_ban_stops_soul_gains_of_the_piles_owner_only(shades):
    sc = board(shades)
    from sim.engine.rules.underworld import gain_souls
    sc.put(1, "shackle", GRADE_1)  # #36, Shackle: you cannot gain Souls
    assert gain_souls(sc.s, sc.c, 1, 2) == 0 and gain_souls(sc.s, sc.c, 0, 2) == 2


# --- Shackle effects: the top card of a pile, for its owner (HAD-17) ---------------------------

def test_a_shackle_cost_up_raises_the_field_costs_of_the_piles_owner_only(shades):
    sc = board(shades)
    sc.field(5, "Cassios")
    sc.field(2, "Taurus Aldebaran")
    before = [(sc.cost(q, 2, "strength"), sc.cost(q, 5, "strength")) for q in range(2)]
    sc.put(0, "shackle", "Underworld Specter #43")  # the field cards cost you 1 Strength more
    assert [(sc.cost(q, 2, "strength"), sc.cost(q, 5, "strength")) for q in range(2)] == \
        [(before[0][0] + 1, before[0][1] + 1), before[1]]
    sc.put(0, "shackle", GRADE_4)  # a Grade 4 card on top: #43's effect no longer applies
    assert sc.cost(0, 2, "strength") == before[0][0]


def test_an_underworld_cost_up_reaches_everyone_while_face_up(shades):
    sc = board(shades)
    sc.field(2, "Taurus Aldebaran")
    before = sc.cost(1, 2, "cosmos")
    sc.underworld(3, "Rock of the Golem")
    assert sc.cost(1, 2, "cosmos") == before  # face down: no effect (HAD-5)
    sc.st.under_up[3] = True
    assert sc.cost(1, 2, "cosmos") == before + 1 and sc.cost(0, 2, "cosmos") == before + 1


def test_a_shackle_hand_size_and_end_of_turn_discard(shades):
    sc = board(shades)
    for _ in range(8):
        sc.put(0, "draw", CIVILIAN)
    sc.put(0, "shackle", "Zelos")  # your hand refills to 4 cards
    sc.upkeep(0)
    assert sc.count(0, "hand") == 4
    sc.put(1, "shackle", "Underworld Specter #44")  # at the end of your turn, discard 1 card
    for _ in range(8):
        sc.put(1, "draw", "Dragon Shiryu (civilian)")
    sc.upkeep(1)
    assert sc.count(1, "hand") == 4 and sc.count(1, "discard") == 1


# --- Senses (HAD-7..9) ---------------------------------------------------------------------------

def test_setup_gives_each_player_the_5th_sense_and_the_awakening(shades):
    sc = board(shades, players=3, empty=False)
    assert [sc.senses(q) for q in range(3)] == [(1, 0, 1)] * 3


@pytest.mark.parametrize("currency, lost", [("strength", True), ("cosmos", False)])
def test_a_strength_win_over_a_field_character_costs_the_highest_sense(shades, currency, lost):
    sc = board(shades)
    sc.set_senses(0, 3)
    sc.field(5, "Cassios" if currency == "strength" else "Taurus Aldebaran")
    if currency == "strength":
        sc.play(0, sc.hand(0, CIVILIAN), 5)
    else:
        for _ in range(5):
            sc.play(0, sc.hand(0, "Pegasus Seiya"), 5)
    sc.acquire(0, 5, currency)
    assert sc.senses(0)[0] == (2 if lost else 3)


@pytest.mark.parametrize("on, lost", [("field_strength", 0), ("any_strength_vs_character", 1), ("none", 0)])
def test_annihilating_costs_a_sense_only_under_any_strength(shades, on, lost):
    sc = board(shades, rules={"hades_sense_loss_on": on})
    sc.set_senses(0, 2)
    sc.underworld(4, GRADE_2, face_up=True)
    for card in fighters(sc, 0, 2):
        sc.play(0, card, sc.under_slot(4))
    sc.annihilate(0, 4)
    assert sc.senses(0)[0] == 2 - lost


def test_the_5th_sense_gives_a_fighter_1_strength_once(shades):
    sc = board(shades)
    sc.field(2, "Cassios")
    f = sc.hand(0, CIVILIAN)
    sc.play(0, f, 2)
    assert not sc.can_acquire(0, 2)
    sc.sense(0, 5, f)
    assert sc.can_acquire(0, 2) and sc.senses(0) == (1, 1, 1)
    assert not [a for a in sc.legal_actions(0) if a[0] == "sense"]  # spent until upkeep step 6
    sc.acquire(0, 2)
    sc.upkeep(0)
    assert sc.senses(0) == (0, 0, 1)  # the Strength win took the 5th Sense; upkeep recharged the rest


@pytest.mark.parametrize("top, hero", [("Pegasus Seiya (civilian)", True), ("Cassios", False)])
def test_the_6th_sense_takes_a_hero_or_puts_out_the_awakening(shades, top, hero):
    sc = board(shades)
    sc.set_senses(0, 2)
    card = sc.put(0, "draw", top)
    sc.sense(0, 6)
    assert (sc.insts(0, "hand") == [card]) == hero and (sc.insts(0, "draw") == [card]) != hero
    assert sc.senses(0) == (2, 2, 0 if not hero else 1)


def test_the_8th_sense_moves_the_marker_and_a_ban_keeps_it_from_elysion(shades):
    sc = board(shades, rules={"hades_sense8_steps": "2"})
    sc.set_senses(0, 4)
    sc.underworld(2, GRADE_2)
    moves = sorted(b for kind, a, b in sc.legal_actions(0) if kind == "sense" and a == 3)
    assert moves == [-2, -1]  # on the Gate: toward Elysion only
    sc.sense(0, 8, -2)
    assert int(sc.st.pl[0, PL_SPACE]) == 2 and sc.underworld_names()[2] == "Queen"  # revealed
    sc.set_senses(0, 4)
    sc.put(0, "shackle", GRADE_2)  # Queen: your marker cannot move toward Elysion
    assert sorted(b for kind, a, b in sc.legal_actions(0) if kind == "sense" and a == 3) == [1, 2]


def test_a_ban_on_the_highest_sense(shades):
    sc = board(shades)
    sc.set_senses(0, 2)
    sc.put(0, "draw", CIVILIAN)
    sc.put(0, "shackle", "Underworld Specter #37")  # you cannot use your highest Sense
    assert not [a for a in sc.legal_actions(0) if a[0] == "sense" and a[1] == 1]
    with pytest.raises(AssertionError, match="illegal"):
        sc.sense(0, 6)


def test_the_heuristic_uses_its_senses(shades):
    sc = board(shades)
    sc.set_senses(0, 4)
    sc.put(0, "draw", CIVILIAN)
    sc.field(2, "Cassios")
    fighter = sc.hand(0, CIVILIAN)
    sc.play(0, fighter, 2)                      # 1 Strength against Cassios's 2
    steps = [sc.step(0) for _ in range(3)]
    # the 5th Sense wins the fight, which ends (and costs the 8th Sense, HAD-7); the 6th looks
    assert steps == [("sense", 0, fighter), ("acquire", 2, 0), ("sense", 1, -1)] and sc.senses(0)[0] == 3
    sc.set_senses(0, 4, spent=0b0011)
    assert sc.step(0) == ("sense", 3, -1) and int(sc.st.pl[0, PL_SPACE]) == E.GATE - 1  # the 8th: toward Elysion


# --- Trials and Abilities (HAD-8, HAD-10, HAD-11) ----------------------------------------------

def freeze(sc, seat, inst):
    """A game effect freezes a card of the seat's (as an Exit would), then what it caused resolves."""
    from sim.engine.resolution.actions import drain
    from sim.engine.rules.zones import place_token
    place_token(sc.s, sc.c, inst, seat, E.Z_FROZEN)
    drain(sc.s, sc.c)


def test_setup_reveals_three_trials_and_shuffles_the_abilities(shades):
    sc = board(shades, empty=False)
    assert sc.count("common", "trials") == 3 and sc.count("common", "trial_pile") == 19 - 3
    assert sc.count("common", "ability_pile") == 18


def test_the_rulebook_cold_trial_is_claimed_when_an_effect_freezes_your_card(shades):
    """H, Trials: FROID, "Freeze one of your cards", is met when a game effect freezes one of the
    active player's cards in their main phase; the claim gives the Awakening's Sense (HAD-8)."""
    from sim.engine.state import G_IN_MAIN
    sc = board(shades)
    cold = sc.trials("Trial: Cold", "Trial: Heal a card")[0]
    sc.ability_pile("Ability #1")
    sc.st.g[G_IN_MAIN] = 1
    freeze(sc, 1, sc.put(1, "discard", CIVILIAN))  # not the active player's card: nothing
    assert sc.count("common", "trials") == 2
    freeze(sc, 0, sc.put(0, "discard", CIVILIAN))
    assert sc.insts("common", "trial_discard") == [cold] and sc.senses(0) == (2, 0, 0)
    assert "trial" in sc.log_kinds()


def test_a_trial_gives_an_ability_once_the_awakening_is_out_and_none_past_three(shades):
    from sim.engine.state import G_IN_MAIN
    sc = board(shades)
    sc.trials("Trial: Cold")
    sc.ability_pile("Ability #1", "Ability #3")
    sc.set_senses(0, 1, awakening=0)
    sc.st.g[G_IN_MAIN] = 1
    freeze(sc, 0, sc.put(0, "discard", CIVILIAN))
    assert sc.names(0, "abilities") == ["Ability #3"] and sc.count("common", "trials") == 0
    sc.trials("Trial: Gain Souls")
    for name in ("Ability #9", "Ability #12"):
        sc.put(0, "abilities", name)
    sc.trigger("arrival", sc.field(1, "Hades Specter #16"), 0)  # the active player gains 2 Souls
    assert sc.count("common", "trials") == 1  # 3 Abilities held, no Awakening: no reward, no claim


def test_events_outside_the_main_phase_meet_no_trial_unless_the_whole_turn_counts(shades):
    for window, claimed in (("main_phase", False), ("whole_turn", True)):
        sc = board(shades, rules={"hades_trial_window": window})
        sc.trials("Trial: Cold")
        freeze(sc, 0, sc.put(0, "discard", CIVILIAN))  # no action under way: as in the upkeep
        assert (sc.count("common", "trials") == 0) == claimed


def test_three_characters_in_one_fight_meet_their_trial(shades):
    sc = board(shades)
    sc.trials("Trial: Play 3 Characters in one fight")
    sc.field(0, "Taurus Aldebaran")
    for card in fighters(sc, 0, 3):
        assert sc.count("common", "trials") == 1
        sc.play(0, card, 0)
    assert sc.count("common", "trials") == 0 and sc.senses(0)[0] == 2


def test_a_ban_on_trials_stops_the_claim(shades):
    sc = board(shades)
    sc.trials("Trial: Gain Souls")
    sc.put(0, "shackle", "Underworld Specter #38")  # you cannot claim Trials
    sc.trigger("arrival", sc.field(1, "Hades Specter #16"), 0)  # the active player gains 2 Souls
    assert sc.count("common", "trials") == 1


def test_trials_refill_at_upkeep_from_their_shuffled_discards(shades):
    sc = board(shades)
    sc.trials("Trial: Cold")
    for name in ("Trial: Heal a card", "Trial: Gain Souls"):
        sc._push_common(E.Z_TRIAL_DISCARD, name)
    sc.upkeep(0)
    assert sc.count("common", "trials") == 3 and sc.count("common", "trial_discard") == 0


def test_an_ability_is_used_for_its_effect_then_goes_under_its_pile(shades):
    sc = board(shades)
    sc.ability_pile("Ability #1")
    souls = sc.put(0, "abilities", "Ability #3")  # gain 2 Souls
    before = sc.souls(0)
    assert ("use", souls, E.T_ABILITY) in sc.legal_actions(0)
    sc.use_ability(0, souls)
    assert sc.souls(0) == before + 2 and sc.insts("common", "ability_pile")[0] == souls


def test_the_heuristic_uses_its_abilities(shades):
    sc = board(shades)
    vp = sc.put(0, "abilities", "Ability #9")    # a +1 VP token: at once
    sc.put(0, "abilities", "Ability #5")         # recharge a Sense: none is spent, it waits
    assert sc.step(0) == ("use", vp, E.T_ABILITY)
    assert sc.step(0)[0] == "end"
