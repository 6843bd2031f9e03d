"""Boards on which the heuristic once made a plain mistake: each test sets one up and checks that
the default policy ('tuned') and its start ('value') no longer make it."""
import pytest

from sim.engine import enums as E
from sim.scenario import Scenario

POLICIES = ("tuned", "value")
CIVILIAN = "Pegasus Seiya (civilian)"  # Strength 1, no program
FILLER = "Andromeda Shun (civilian)"   # what a draw brings


def board(policy, field, hand, cloth=None, draw=3, slot=0, boxes=("base",)):
    """Seat 0 of `policy` facing one field card, with a hand, an equipped Cloth and a draw pile."""
    sc = Scenario(policies=(policy,), boxes=boxes)
    sc.field(slot, field)
    sc.hand(0, *hand)
    if cloth:
        sc.put(0, "cloth", cloth)
    for _ in range(draw):
        sc.put(0, "draw", FILLER)
    return sc


def main_phase(sc, cap=30):
    """Seat 0's main phase, action by action as its policy chooses them; the actions taken."""
    taken = []
    for _ in range(cap):
        taken.append(sc.step(0))
        if taken[-1][0] == "end":
            return taken
    raise AssertionError(f"no end after {cap} actions: {taken}")


def won(sc, name):
    return name in sc.names(0, "discard") + sc.names(0, "hand")


@pytest.mark.parametrize("policy", POLICIES)
def test_dolphin_is_faced_only_when_the_hand_wins_after_its_discard(policy):
    """Dolphin (3 Strength) asks for a discard to be faced: three Strength-1 cards add 3, but
    only 2 once one is discarded, so the fight is lost before it starts. It used to be faced
    anyway (a card discarded, one committed, nothing bought)."""
    sc = board(policy, "Dolphin", [CIVILIAN] * 3)
    main_phase(sc)
    assert sc.names(0, "play") == [] and sc.names(0, "hand") == [CIVILIAN] * 3
    # with one more Strength in hand the fight is still won after the discard
    sc = board(policy, "Dolphin", [CIVILIAN, CIVILIAN, "Aries Mu"])
    main_phase(sc)
    assert won(sc, "Dolphin") and sc.names(0, "play") == []


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("hand, cloth", [
    (["Cassios"] + [CIVILIAN] * 4, None),
    (["Bear Geki", "Wolf Nachi", "Unicorn Jabu", "Cassios", "Phoenix Ikki"], None),
    (["Aries Mu", "Lizard Misty", CIVILIAN, CIVILIAN], "Libra Cloth"),
])
def test_no_cards_are_committed_to_a_fight_the_hand_and_helpers_cannot_win(policy, hand, cloth):
    """Pisces Aphrodite (7 Strength) against a hand whose helper is paid with a card of that hand:
    Cassios himself (four Strength-1 cards and his cut of 2 make 6: destroyed, he does not fight
    too), or the Character the Libra Cloth's cost discards. The spent card was counted both as a
    fighter and for the use, and the policy committed its cards (four of them) to a fight it then
    could not win, buying nothing. Now it wins the fight or commits nothing to it: a card may still
    be played for its own Engagement effect (Phoenix Ikki's draw), which costs nothing."""
    sc = board(policy, "Pisces Aphrodite", hand, cloth)
    main_phase(sc)
    fighters = [name for name in sc.names(0, "play") if not sc.t.prog[sc.by_name[name], E.T_ENGAGEMENT, 1]]
    assert fighters == []  # every card committed went to the discard pile with her


@pytest.mark.parametrize("policy", POLICIES)
def test_cassios_either_fights_or_cuts_the_cost(policy):
    """Flame Saint (3 Strength) against a civilian and Cassios: the civilian fights and Cassios'
    cut (2, to a minimum of 1) wins it. Cassios was counted both as a fighter and as the cut, and
    was committed as a fighter: 2 against 3, the fight lost."""
    sc = board(policy, "Flame Saint", [CIVILIAN, "Cassios"])
    main_phase(sc)
    assert won(sc, "Flame Saint") and sc.names(0, "destroyed") == ["Cassios"]


@pytest.mark.parametrize("policy", POLICIES)
def test_the_other_hyoga_is_played_first_so_cygnus_hyoga_draws(policy):
    """Cygnus Hyoga draws a card when another Hyoga already fights alongside him: with a second
    Hyoga in hand for the same fight, that one goes first. Cygnus Hyoga used to be played first,
    and his draw never came."""
    sc = board(policy, "Flame Saint", ["Cygnus Hyoga", "Cygnus Hyoga (civilian)", CIVILIAN])
    main_phase(sc)
    assert won(sc, "Flame Saint")
    assert sc.count(0, "draw") == 2 and sc.names(0, "hand") == [FILLER]


@pytest.mark.parametrize("policy", POLICIES)
def test_phaeton_is_played_for_its_draw_only_when_its_cost_is_paid(policy):
    """Phaeton's Engagement draws 2 if a Character of the hand is destroyed. With only Saints
    (worth keeping) beside him, he was played for his draw, then the cost declined: nothing
    destroyed, nothing drawn, a card spent."""
    sc = board(policy, "Flame Saint", ["Phaeton", "Aries Mu", "Pegasus Seiya"])  # 2 + 1 win it
    taken = main_phase(sc)
    assert sc.name_of(taken[0][1]) != "Phaeton"  # not played ahead of the fight for his draw
    assert won(sc, "Flame Saint") and sc.names(0, "destroyed") == [] and sc.count(0, "draw") == 3
    # with a civilian to give up, he is played for his draw and his cost paid
    sc = board(policy, "Flame Saint", ["Phaeton", "Aries Mu", "Pegasus Seiya", CIVILIAN])
    main_phase(sc)
    assert won(sc, "Flame Saint") and sc.names(0, "destroyed") == [CIVILIAN] and sc.count(0, "draw") == 1


def babel_defeated(policy, mine, theirs):
    """Seat 0 defeats Centaurus Babel ("destroy a wounded Character (of any player)") with these
    wounded cards on each side; the destroyed cards of each seat."""
    sc = Scenario(policies=(policy,))
    for name in mine:
        sc.put(0, "wounded", name)
    for name in theirs:
        sc.put(1, "wounded", name)
    sc.trigger("defeated", sc.put(0, "play", "Centaurus Babel"), 0)
    return sc.names(0, "destroyed"), sc.names(1, "destroyed")


@pytest.mark.parametrize("policy", POLICIES)
def test_babel_destroys_a_wounded_card_worth_something_to_an_opponent_else_one_s_own(policy):
    """Babel's Defeated destroys a wounded Character of a player of one's choice. Destroying an
    opponent's wounded civilian only thins their deck for them, yet it is the target: an
    opponent's wounded card should be chosen only when it is worth something to them (a Saint
    with VP), else one's own weakest, else the least harmful."""
    assert babel_defeated(policy, ["Dragon Shiryu (civilian)"], [CIVILIAN]) == (["Dragon Shiryu (civilian)"], [])
    assert babel_defeated(policy, ["Dragon Shiryu (civilian)"], ["Taurus Aldebaran", CIVILIAN]) == \
        ([], ["Taurus Aldebaran"])  # 5 VP lost to them


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("hand_1", [["Pegasus Cloth"], ["Taurus Aldebaran"]])
def test_the_opponent_whose_hand_asterion_looks_at_is_chosen_without_seeing_the_hands(policy, hand_1):
    """Hound Asterion: "look at an opponent's hand, then wound a Character in it". The opponent is
    chosen before the look: seat 1 (ahead on VP) whatever its hand holds, even when only seat 2's
    hand has a Character to wound."""
    sc = Scenario(players=3, policies=(policy,))
    sc.put(1, "discard", "Pisces Aphrodite")
    sc.hand(1, *hand_1)
    sc.hand(2, "Pegasus Seiya")
    sc.trigger("discard_use", sc.put(0, "play", "Hound Asterion"), 0)
    assert sc.names(2, "wounded") == []
    assert sc.names(1, "wounded") == [name for name in hand_1 if name == "Taurus Aldebaran"]


@pytest.mark.parametrize("policy", POLICIES)
def test_the_bronze_cloth_is_equipped_first_when_it_can_upgrade_a_pair_in_hand(policy):
    """It equipped a Gold Cloth from hand instead, and the pair waited: the upgrade runs through
    the equipped Bronze Cloth (a gifted Gold Cloth cost its holder win share in base + Asgard)."""
    sc = board(policy, "Taurus Aldebaran", ["Aries Cloth", "Pegasus Cloth", CIVILIAN, CIVILIAN])
    sc.put(0, "setaside", "Pegasus Seiya")  # the next rank
    assert sc.step(0)[0] == "equip"
    assert sc.names(0, "cloth") == ["Pegasus Cloth"]


@pytest.mark.parametrize("policy", POLICIES)
def test_the_bronze_cloth_is_equipped_before_an_armor_while_the_knight_can_upgrade(policy):
    """With a Knight technique (ASG-5) on its board the hero's Bronze Cloth upgrades one copy a
    turn, but only while it is equipped: it equipped a Gold Cloth from hand instead (its VP and
    Cosmos are worth more), the ● copy waited, and the ◆ Heroes came rounds later (a gifted Armor
    cost its holder win share in base + Asgard)."""
    sc = Scenario(policies=(policy,), boxes=("base", "asgard"))
    sc.field(0, "Taurus Aldebaran")
    sc.hand(0, "Aries Cloth", "Pegasus Cloth", CIVILIAN, FILLER)
    sc.put(0, "board", "Pegasus Knight")
    sc.put(0, "setaside", "Pegasus Seiya")  # the next rank of the ● copy
    for _ in range(3):
        sc.put(0, "draw", FILLER)
    assert sc.step(0)[0] == "equip"
    assert sc.names(0, "cloth") == ["Pegasus Cloth"]
    kind, inst, _ = sc.step(0)
    assert (kind, sc.name_of(inst)) == ("use", "Pegasus Knight")
    assert "Pegasus Seiya" in sc.names(0, "discard") + sc.names(0, "hand")


@pytest.mark.parametrize("policy", POLICIES)
def test_an_armor_without_a_discard_use_leaves_the_slot_for_the_bronze_cloth(policy):
    """The Aquarius Cloth's Discard use needs a wounded Saint: without one, the equipped Armor
    stayed in the slot while the Bronze Cloth waited in hand and the Knight could not upgrade (a
    gifted Armor cost its holder win share in base + Asgard). It is sent into a fight to make room."""
    sc = Scenario(policies=(policy,), boxes=("base", "asgard"))
    sc.field(0, "Taurus Aldebaran")  # too dear to win this turn
    sc.put(0, "cloth", "Aquarius Cloth")
    sc.hand(0, "Pegasus Cloth", CIVILIAN, FILLER)
    sc.put(0, "board", "Pegasus Knight")
    sc.put(0, "setaside", "Pegasus Seiya")
    for _ in range(3):
        sc.put(0, "draw", FILLER)
    taken = main_phase(sc)
    kinds = [kind for kind, *_ in taken]
    assert kinds[:2] == ["cloth_fights", "equip"], taken
    assert "Aquarius Cloth" in sc.names(0, "play") and sc.names(0, "cloth") == ["Pegasus Cloth"]
    assert "Pegasus Seiya" in sc.names(0, "discard") + sc.names(0, "hand")  # the Knight upgraded


@pytest.mark.parametrize("policy", POLICIES)
def test_an_equipped_armor_fights_for_its_strength(policy):
    """An equipped Armor fights in either currency (ASG-17): the fight was chosen counting the God
    Robe's Strength, but the Cloth was sent only into Cosmos fights, so two cards were committed
    and nothing bought; and a Robe without Cosmos stayed in the Armor slot for good."""
    sc = board(policy, "Spartan", [CIVILIAN, CIVILIAN], cloth="God Robe Alpha (Dubhe)",
               boxes=("base", "asgard"))  # 3 Strength to reach
    main_phase(sc)
    assert won(sc, "Spartan") and sc.names(0, "cloth") == []  # the Robe fought (then discarded)
