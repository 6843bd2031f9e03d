"""Step 10 of the heuristic: when its main phase would end, it spends the cards leaving play or
hand anyway for their Discard uses (free), when the use does something it can see; a use that
takes its own card back is not repeated, and a draw use that could only draw its own card back
is not made. At upkeep, a card is kept when it is worth more than the draw that would replace it."""
import pytest

from sim.policy_catalog import variant
from sim.scenario import Scenario

SPENDER = variant("value", "value_spend", "value, spending the cards leaving play or hand", spend=1.0)
CIVILIAN = "Pegasus Seiya (civilian)"


def board(policy=SPENDER):
    """Seat 0's fight is over: nothing on the field it can win (Aphrodite costs 7 Strength)."""
    sc = Scenario(policies=(policy,))
    sc.field(0, "Pisces Aphrodite")
    for _ in range(5):
        sc.put(0, "draw", CIVILIAN)
    return sc


def main_phase(sc, limit=20):
    """Seat 0's actions until it ends its main phase."""
    actions = []
    while len(actions) < limit:
        action = sc.step(0)
        if action[0] == "end":
            return actions
        actions.append(action)
    raise AssertionError(f"no end after {limit} actions: {actions}")


@pytest.mark.parametrize("policy, spent", [(SPENDER, True), ("value", False)])
def test_a_card_in_play_is_spent_for_its_discard_use_before_the_phase_ends(policy, spent):
    sc = board(policy)
    jabu = sc.put(0, "play", "Unicorn Jabu")  # Discard: each opponent discards a Hero from hand
    sc.hand(1, "Pegasus Seiya")
    assert main_phase(sc) == ([("use", jabu, sc.t.use_trig[sc.t.inst_card[jabu]])] if spent else [])
    assert sc.names(1, "hand") == ([] if spent else ["Pegasus Seiya"])


@pytest.mark.parametrize("opponent_cloth, spent", [(False, False), (True, True)])
def test_a_use_on_an_open_zone_with_nothing_to_hit_is_not_made(opponent_cloth, spent):
    sc = board()
    nachi = sc.put(0, "play", "Wolf Nachi")  # Discard: each opponent discards their Cloth in play
    if opponent_cloth:
        sc.put(1, "cloth", "Dragon Cloth")
    assert [a[1] for a in main_phase(sc)] == ([nachi] if spent else [])


def test_a_use_that_takes_its_own_card_back_is_made_once_a_turn():
    sc = board()
    sc.put(0, "play", "Cepheus Albiore")  # Discard: take a Character from your discard pile
    sc.put(0, "discard", CIVILIAN)
    actions = main_phase(sc)
    assert [sc.name_of(a[1]) for a in actions] == ["Cepheus Albiore"]


def test_a_draw_use_that_could_draw_only_itself_is_not_made():
    sc = Scenario(policies=("value",))  # value plays Virgo Cloth for its draw as soon as it can
    sc.field(0, "Pisces Aphrodite")
    sc.hand(0, "Virgo Cloth")  # Discard: draw 2 cards; the draw and discard piles are empty
    actions = main_phase(sc)
    assert [a[0] for a in actions] == ["equip"]
    assert sc.names(0, "cloth") == ["Virgo Cloth"]


@pytest.mark.parametrize("draws, kept", [(CIVILIAN, True), ("Pegasus Seiya", False)])
def test_a_card_is_kept_when_it_is_worth_more_than_the_draw_that_would_replace_it(draws, kept):
    """Keeping is weighed against the draw pile (its cards are known, not their order): a Bronze
    Saint is kept over a draw of civilians, not over a draw of Bronze Saints like it."""
    sc = Scenario(policies=(variant("value", "value_keep1", "value, keeping a card worth 1 more than a draw", keep=1.0),))
    sc.hand(0, "Pegasus Seiya", CIVILIAN)
    for _ in range(4):
        sc.put(0, "draw", draws)
    sc.upkeep(0)
    assert sc.log_kinds().count("keep") == (1 if kept else 0)


@pytest.mark.parametrize("policy", [SPENDER, "tuned"])
@pytest.mark.parametrize("equipped, spent", [(None, True), ("Dragon Cloth", False)])
def test_aries_mu_is_wounded_to_take_back_a_cloth_to_equip(policy, equipped, spent):
    """Aries Mu's Wound use takes a Cloth of the discard pile into the hand: worth it when no
    Cloth is equipped (it is equipped for good, Mu keeps his VP); with one equipped, the other
    Cloth could only be held."""
    sc = board(policy)
    mu = sc.put(0, "play", "Aries Mu")
    sc.put(0, "discard", "Sagittarius Cloth")
    if equipped:
        sc.put(0, "cloth", equipped)
    actions = main_phase(sc)
    assert [a[1] for a in actions[:1]] == ([mu] if spent else [])
    if spent:
        assert [a[0] for a in actions] == ["use", "equip"]
        assert sc.names(0, "cloth") == ["Sagittarius Cloth"]
        assert sc.names(0, "wounded") == ["Aries Mu"]
