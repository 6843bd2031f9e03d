"""Scenario tests for the base cards #6-#35: Bronze Cloths, armoured Heroes, Athena, the Pope,
the Gold Cloths and the first six Gold Saints.

Each test builds a small hand-made state, applies the card the way a player does (equip, play,
use, acquire, or reveal it for its Arrival) and checks the exact outcome. Rules: shared/rules
(README R1-R10, general-rulings GEN-1..23, hades.txt Fight Sequence / Turn Summary) and the card
readings of shared/carddata (card-facts §3.1, effect-inventory Appendix A).
"""
import pytest

from sim.engine.policies.weights import W_PAY
from sim.scenario import Scenario

CIV = {
    "Seiya": "Pegasus Seiya (civilian)",
    "Shiryu": "Dragon Shiryu (civilian)",
    "Hyoga": "Cygnus Hyoga (civilian)",
    "Shun": "Andromeda Shun (civilian)",
    "Ikki": "Phoenix Ikki (civilian)",
}
ARMOURED = {
    "Seiya": "Pegasus Seiya",
    "Shiryu": "Dragon Shiryu",
    "Hyoga": "Cygnus Hyoga",
    "Shun": "Andromeda Shun",
    "Ikki": "Phoenix Ikki",
}
BRONZE_CLOTH = {
    "Seiya": "Pegasus Cloth",
    "Shiryu": "Dragon Cloth",
    "Hyoga": "Cygnus Cloth",
    "Shun": "Andromeda Cloth",
    "Ikki": "Phoenix Cloth",
}


def try_use(sc, seat, inst):
    """Use a card; return False if the engine refuses the use (as it does for an effect with
    nothing to act on). Tests of the "condition not met" side accept either convention and check
    that the effect did not happen."""
    try:
        sc.use(seat, inst)
    except AssertionError:
        return False
    return True


# --- #6-#10 Bronze Cloths: the upgrade -------------------------------------------------------
def check_bronze_cloth_upgrade(hero, other):
    """Discard use: destroy 2 identical copies of the Hero from hand, put the next rank (the
    armoured copy) from the set-aside cards into the discard pile; the Cloth is discarded."""
    sc = Scenario(heroes=(hero, other))
    civ = CIV[hero]
    cloth = sc.hand(0, BRONZE_CLOTH[hero])
    sc.hand(0, civ, civ, civ)
    sc.put(0, "setaside", ARMOURED[hero])
    sc.put(0, "setaside", ARMOURED[hero])
    sc.equip(0, cloth)
    assert sc.names(0, "cloth") == [BRONZE_CLOTH[hero]]
    sc.use(0, cloth)
    assert sc.names(0, "destroyed") == [civ, civ]
    assert sc.names(0, "hand") == [civ]
    assert sc.names(0, "discard") == sorted([ARMOURED[hero], BRONZE_CLOTH[hero]])
    assert sc.names(0, "setaside") == [ARMOURED[hero]]
    assert sc.names(0, "cloth") == []


def check_bronze_cloth_needs_an_identical_pair_of_its_hero(hero, other):
    """No pair of identical copies of this Cloth's Hero in hand (one civilian + one armoured copy,
    and a pair of another Hero's civilians): no upgrade happens."""
    sc = Scenario(heroes=(hero, other))
    cloth = sc.hand(0, BRONZE_CLOTH[hero])
    sc.hand(0, CIV[hero], ARMOURED[hero], CIV[other], CIV[other])
    sc.put(0, "setaside", ARMOURED[hero])
    sc.equip(0, cloth)
    try_use(sc, 0, cloth)
    assert sc.names(0, "destroyed") == []
    assert sc.names(0, "hand") == sorted([CIV[hero], ARMOURED[hero], CIV[other], CIV[other]])
    assert sc.names(0, "setaside") == [ARMOURED[hero]]


def check_bronze_cloth_needs_the_next_rank_set_aside(hero, other):
    """A pair of civilians but no armoured copy left set aside: the pair is not destroyed."""
    sc = Scenario(heroes=(hero, other))
    cloth = sc.hand(0, BRONZE_CLOTH[hero])
    sc.hand(0, CIV[hero], CIV[hero])
    sc.equip(0, cloth)
    try_use(sc, 0, cloth)
    assert sc.names(0, "destroyed") == []
    assert sc.names(0, "hand") == [CIV[hero], CIV[hero]]


def test_6_pegasus_cloth_upgrade():
    check_bronze_cloth_upgrade("Seiya", "Shiryu")
    check_bronze_cloth_needs_an_identical_pair_of_its_hero("Seiya", "Shiryu")
    check_bronze_cloth_needs_the_next_rank_set_aside("Seiya", "Shiryu")


def test_7_dragon_cloth_upgrade():
    check_bronze_cloth_upgrade("Shiryu", "Hyoga")
    check_bronze_cloth_needs_an_identical_pair_of_its_hero("Shiryu", "Seiya")
    check_bronze_cloth_needs_the_next_rank_set_aside("Shiryu", "Hyoga")


def test_8_cygnus_cloth_upgrade():
    check_bronze_cloth_upgrade("Hyoga", "Shun")
    check_bronze_cloth_needs_an_identical_pair_of_its_hero("Hyoga", "Ikki")
    check_bronze_cloth_needs_the_next_rank_set_aside("Hyoga", "Shun")


def test_9_andromeda_cloth_upgrade():
    check_bronze_cloth_upgrade("Shun", "Ikki")
    check_bronze_cloth_needs_an_identical_pair_of_its_hero("Shun", "Seiya")
    check_bronze_cloth_needs_the_next_rank_set_aside("Shun", "Ikki")


def test_10_phoenix_cloth_upgrade():
    check_bronze_cloth_upgrade("Ikki", "Seiya")
    check_bronze_cloth_needs_an_identical_pair_of_its_hero("Ikki", "Shiryu")
    check_bronze_cloth_needs_the_next_rank_set_aside("Ikki", "Seiya")


def test_6_pegasus_cloth_upgrade_of_an_armoured_pair_needs_a_third_rank():
    """A pair of armoured (▲) Seiya has no next rank in the base box: no upgrade, nothing lost."""
    sc = Scenario()
    cloth = sc.hand(0, "Pegasus Cloth")
    sc.hand(0, "Pegasus Seiya", "Pegasus Seiya")
    sc.put(0, "setaside", "Pegasus Seiya")
    sc.equip(0, cloth)
    try_use(sc, 0, cloth)
    assert sc.names(0, "hand") == ["Pegasus Seiya", "Pegasus Seiya"]
    assert sc.names(0, "destroyed") == []
    assert sc.names(0, "setaside") == ["Pegasus Seiya"]


# --- #11-#15 armoured Heroes: Engagement draws ------------------------------------------------
def test_11_pegasus_seiya_draws_if_a_seiya_is_in_the_discard_pile():
    """Engagement: if your discard pile holds at least 1 Seiya, draw 1 card."""
    sc = Scenario()
    sc.field(0, "Cassios")
    sc.put(0, "discard", "Pegasus Seiya (civilian)")
    sc.put(0, "draw", "Oko")
    sc.play(0, sc.hand(0, "Pegasus Seiya"), 0)
    assert sc.names(0, "hand") == ["Oko"]
    assert sc.names(0, "play") == ["Pegasus Seiya"]
    assert sc.count(0, "draw") == 0


def test_11_pegasus_seiya_no_seiya_in_discard_no_draw():
    """Condition not met (only a non-Seiya card in the discard pile): no draw."""
    sc = Scenario()
    sc.field(0, "Cassios")
    sc.put(0, "discard", "Dragon Shiryu (civilian)")
    sc.put(0, "draw", "Oko")
    sc.play(0, sc.hand(0, "Pegasus Seiya"), 0)
    assert sc.names(0, "hand") == []
    assert sc.names(0, "draw") == ["Oko"]


def test_11_pegasus_seiya_the_pegasus_cloth_is_not_a_seiya():
    """'A Seiya' is a Seiya card (a Character, hades.txt Clarifications / GEN-19), not the
    Pegasus Cloth: with only the Cloth in the discard pile, no draw."""
    sc = Scenario()
    sc.field(0, "Cassios")
    sc.put(0, "discard", "Pegasus Cloth")
    sc.put(0, "draw", "Oko")
    sc.play(0, sc.hand(0, "Pegasus Seiya"), 0)
    assert sc.names(0, "hand") == []
    assert sc.names(0, "draw") == ["Oko"]


def test_12_dragon_shiryu_wounds_a_shiryu_in_hand_to_draw_1():
    """Engagement: wound 1 Shiryu in your hand to draw 1 card (the civilian is the payment)."""
    sc = Scenario(heroes=("Shiryu", "Seiya"))
    sc.field(0, "Cassios")
    sc.put(0, "draw", "Oko")
    shiryu, _ = sc.hand(0, "Dragon Shiryu", "Dragon Shiryu (civilian)")
    sc.play(0, shiryu, 0)
    assert sc.names(0, "wounded") == ["Dragon Shiryu (civilian)"]
    assert sc.names(0, "hand") == ["Oko"]
    assert sc.names(0, "play") == ["Dragon Shiryu"]


def test_12_dragon_shiryu_without_another_shiryu_in_hand_no_draw():
    """No Shiryu left in hand to pay (only a Seiya): nothing is wounded and nothing drawn."""
    sc = Scenario(heroes=("Shiryu", "Seiya"))
    sc.field(0, "Cassios")
    sc.put(0, "draw", "Oko")
    shiryu, _ = sc.hand(0, "Dragon Shiryu", "Pegasus Seiya (civilian)")
    sc.play(0, shiryu, 0)
    assert sc.names(0, "wounded") == []
    assert sc.names(0, "hand") == ["Pegasus Seiya (civilian)"]
    assert sc.names(0, "draw") == ["Oko"]


def test_12_dragon_shiryu_cannot_wound_the_dragon_cloth():
    """The Dragon Cloth is not a Shiryu (and a Cloth is not a Character, it cannot be wounded):
    with only the Cloth in hand, nothing is wounded and nothing drawn."""
    sc = Scenario(heroes=("Shiryu", "Seiya"))
    sc.field(0, "Cassios")
    sc.put(0, "draw", "Oko")
    shiryu, _ = sc.hand(0, "Dragon Shiryu", "Dragon Cloth")
    sc.play(0, shiryu, 0)
    assert sc.names(0, "wounded") == []
    assert sc.names(0, "hand") == ["Dragon Cloth"]


def test_13_cygnus_hyoga_draws_if_another_hyoga_fights_alongside():
    """Engagement: if at least 1 other Hyoga fights alongside him (same field card), draw 1."""
    sc = Scenario(heroes=("Hyoga", "Seiya"))
    sc.field(0, "Cassios")
    sc.put(0, "draw", "Oko")
    civ, hyoga = sc.hand(0, "Cygnus Hyoga (civilian)", "Cygnus Hyoga")
    sc.play(0, civ, 0)
    assert sc.names(0, "hand") == ["Cygnus Hyoga"]
    sc.play(0, hyoga, 0)
    assert sc.names(0, "hand") == ["Oko"]


def test_13_cygnus_hyoga_other_hyoga_in_another_fight_no_draw():
    """The other Hyoga faces a different field card: he is not alongside, no draw."""
    sc = Scenario(heroes=("Hyoga", "Seiya"))
    sc.field(0, "Cassios")
    sc.field(1, "Oko")
    sc.put(0, "draw", "Jaki")
    civ, hyoga = sc.hand(0, "Cygnus Hyoga (civilian)", "Cygnus Hyoga")
    sc.play(0, civ, 1)
    sc.play(0, hyoga, 0)
    assert sc.names(0, "hand") == []
    assert sc.names(0, "draw") == ["Jaki"]


def test_13_cygnus_hyoga_the_cygnus_cloth_is_not_another_hyoga():
    """The equipped Cygnus Cloth fighting the same card is not "another Hyoga": no draw."""
    sc = Scenario(heroes=("Hyoga", "Seiya"))
    sc.field(0, "Cassios")
    sc.put(0, "draw", "Oko")
    sc.put(0, "cloth", "Cygnus Cloth")
    sc.cloth_fights(0, 0)
    sc.play(0, sc.hand(0, "Cygnus Hyoga"), 0)
    assert sc.names(0, "hand") == []
    assert sc.names(0, "draw") == ["Oko"]


def test_14_andromeda_shun_draws_when_his_cosmos_acquires_a_field_character():
    """Engagement: if Shun's Cosmos is used to acquire a field Character, draw 1 card.
    Sho (2 Cosmos) in the last slot costs 1: Shun's 1 Cosmos buys it, Sho goes to hand."""
    sc = Scenario(heroes=("Shun", "Seiya"))
    sc.field(5, "Sky Cloth Sho")
    sc.put(0, "draw", "Oko")
    sc.play(0, sc.hand(0, "Andromeda Shun"), 5)
    assert sc.names(0, "hand") == []  # nothing drawn before the fight is won
    assert sc.cost(0, 5, "cosmos") == 1
    sc.acquire(0, 5, "cosmos")
    assert sc.names(0, "hand") == ["Oko", "Sky Cloth Sho"]
    assert sc.names(0, "discard") == ["Andromeda Shun"]


def test_14_andromeda_shun_no_draw_when_won_with_strength():
    """The same fight won with Strength: Shun's Cosmos was not used, no draw."""
    sc = Scenario(heroes=("Shun", "Seiya"))
    sc.field(5, "Sky Cloth Sho")
    sc.put(0, "draw", "Oko")
    sc.play(0, sc.hand(0, "Andromeda Shun"), 5)
    sc.acquire(0, 5, "strength")
    assert sc.names(0, "hand") == []
    assert sc.names(0, "draw") == ["Oko"]
    assert sc.names(0, "discard") == ["Andromeda Shun", "Sky Cloth Sho"]


def test_14_andromeda_shun_no_draw_when_his_cosmos_acquires_a_cloth():
    """A Cloth is not a Character: Shuns' Cosmos buying Virgo Cloth (5, 4 in the last slot)
    draws nothing."""
    sc = Scenario(heroes=("Shun", "Seiya"))
    sc.field(5, "Virgo Cloth")
    for name in ("Oko", "Jaki", "Cassios", "Phaeton"):
        sc.put(0, "draw", name)
    for _ in range(4):
        sc.play(0, sc.hand(0, "Andromeda Shun"), 5)
    sc.acquire(0, 5, "cosmos")
    assert sc.names(0, "hand") == ["Virgo Cloth"]
    assert sc.count(0, "draw") == 4


def test_15_phoenix_ikki_destroys_a_character_from_discard_to_draw_1():
    """Engagement: destroy 1 Character from your discard pile to draw 1 card."""
    sc = Scenario(heroes=("Ikki", "Seiya"))
    sc.field(0, "Cassios")
    sc.put(0, "discard", "Phoenix Ikki (civilian)")
    sc.put(0, "draw", "Oko")
    sc.play(0, sc.hand(0, "Phoenix Ikki"), 0)
    assert sc.names(0, "destroyed") == ["Phoenix Ikki (civilian)"]
    assert sc.names(0, "discard") == []
    assert sc.names(0, "hand") == ["Oko"]


def test_15_phoenix_ikki_no_character_in_discard_no_draw():
    """Only a Cloth (not a Character) in the discard pile: nothing destroyed, no draw."""
    sc = Scenario(heroes=("Ikki", "Seiya"))
    sc.field(0, "Cassios")
    sc.put(0, "discard", "Phoenix Cloth")
    sc.put(0, "draw", "Oko")
    sc.play(0, sc.hand(0, "Phoenix Ikki"), 0)
    assert sc.names(0, "destroyed") == []
    assert sc.names(0, "discard") == ["Phoenix Cloth"]
    assert sc.names(0, "hand") == []


# --- #16 Athena, #17 Pope ---------------------------------------------------------------------
def test_16_athena_arrival_draw_and_heal():
    """Arrival: every player draws 1 card, then heals all their wounded Characters (they go to
    the discard pile)."""
    sc = Scenario(heroes=("Seiya", "Shiryu"), active=1)
    sc.put(0, "draw", "Oko")
    sc.put(0, "wounded", "Pegasus Seiya")
    sc.put(0, "wounded", "Pegasus Seiya (civilian)")
    sc.put(1, "draw", "Jaki")
    sc.put(1, "wounded", "Dragon Shiryu")
    athena = sc.arrive(0, "Athena")
    assert sc.names(0, "hand") == ["Oko"]
    assert sc.names(0, "wounded") == []
    assert sc.names(0, "discard") == ["Pegasus Seiya", "Pegasus Seiya (civilian)"]
    assert sc.names(1, "hand") == ["Jaki"]
    assert sc.names(1, "wounded") == []
    assert sc.names(1, "discard") == ["Dragon Shiryu"]
    assert sc.zone_of(athena) == ("common", "field")


def test_16_athena_a_player_who_cannot_draw_does_not_heal():
    """GEN-22: "draws 1 card, then heals": a player with no card to draw heals nothing."""
    sc = Scenario(heroes=("Seiya", "Shiryu"), active=1)
    sc.put(0, "wounded", "Pegasus Seiya")
    sc.put(1, "draw", "Jaki")
    sc.put(1, "wounded", "Dragon Shiryu")
    sc.arrive(0, "Athena")
    assert sc.names(0, "wounded") == ["Pegasus Seiya"]
    assert sc.names(1, "discard") == ["Dragon Shiryu"]


def test_16_athena_vp_one_per_full_ten_cards_in_deck():
    """VP: 1 per full 10 cards in your deck (hand, draw, discard, in play, Cloth, wounded);
    destroyed and set-aside cards are not in the deck (GEN-11)."""
    sc = Scenario()
    sc.hand(0, "Athena")
    for _ in range(8):
        sc.put(0, "draw", "Pegasus Seiya (civilian)")
    sc.put(0, "destroyed", "Dragon Shiryu (civilian)")
    sc.put(0, "setaside", "Pegasus Cloth")
    assert sc.score(0) == 0  # 9 cards
    sc.put(0, "wounded", "Cygnus Hyoga (civilian)")
    assert sc.score(0) == 1  # 10 cards
    for _ in range(9):
        sc.put(0, "discard", "Andromeda Shun (civilian)")
    assert sc.score(0) == 1  # 19 cards
    sc.put(0, "cloth", "Phoenix Cloth")
    assert sc.score(0) == 2  # 20 cards


def test_17_pope_arrival_returns_itself_and_gold_saints_to_the_reserve():
    """Arrival: the Pope and every Gold Saint in the battlefield discard are shuffled back into
    the reserve; other cards stay in the battlefield discard; no flame goes out."""
    sc = Scenario()
    sc.reserve("Oko")
    sc.field_discard("Taurus Aldebaran", "Cassios", "Aries Mu", "Virgo Cloth")
    sc.field(0, "Leo Aiolia")  # on the field, not in the battlefield discard: stays
    pope = sc.arrive(2, "Pope")
    assert sc.names("common", "reserve") == ["Aries Mu", "Oko", "Pope", "Taurus Aldebaran"]
    assert sc.names("common", "field_discard") == ["Cassios", "Virgo Cloth"]
    assert sc.zone_of(pope) == ("common", "reserve")
    assert sc.field_names() == ["Leo Aiolia", None, None, None, None, None]
    assert sc.flames == 12


def test_17_pope_revealed_during_the_refill_is_replaced():
    """Revealed by the upkeep refill, the Pope goes back (with the discarded Gold Saint) and the
    refill goes on until a card stays on the slot."""
    sc = Scenario()
    for slot in range(6):
        sc.field(slot, ["Cassios", "Oko", "Jaki", "Phaeton", "Sky Cloth Sho", "Reda"][slot])
    sc.field_discard("Leo Aiolia")
    sc.reserve("Pope")
    sc.upkeep(0)
    assert sc.field_names() == ["Leo Aiolia", "Cassios", "Oko", "Jaki", "Phaeton", "Sky Cloth Sho"]
    assert sc.names("common", "reserve") == ["Pope"]
    assert sc.names("common", "field_discard") == ["Reda"]
    assert sc.flames == 12


# --- #18-#29 Gold Cloths ------------------------------------------------------------------------
def test_18_aries_cloth_takes_a_character_from_the_draw_pile():
    """Discard: take 1 Character from your draw pile into your hand, then shuffle the draw pile.
    The only Character sits under a Cloth: it is searched for, not drawn."""
    sc = Scenario()
    cloth = sc.hand(0, "Aries Cloth")
    sc.put(0, "draw", "Cassios")
    sc.put(0, "draw", "Pegasus Cloth")
    sc.put(0, "draw", "Dragon Cloth")
    sc.equip(0, cloth)
    sc.use(0, cloth)
    assert sc.names(0, "hand") == ["Cassios"]
    assert sc.names(0, "draw") == ["Dragon Cloth", "Pegasus Cloth"]
    assert sc.names(0, "discard") == ["Aries Cloth"]
    assert sc.names(0, "cloth") == []


def test_18_aries_cloth_reshuffles_an_empty_draw_pile_first():
    """GEN-2: a card taken from an empty draw pile makes the discard pile the new draw pile
    first; the only Character of the discard pile then comes to hand."""
    sc = Scenario()
    cloth = sc.hand(0, "Aries Cloth")
    sc.put(0, "discard", "Cassios")
    sc.put(0, "discard", "Dragon Cloth")
    sc.equip(0, cloth)
    sc.use(0, cloth)
    assert sc.names(0, "hand") == ["Cassios"]
    assert "Dragon Cloth" in sc.names(0, "draw")


def test_19_taurus_cloth_gives_2_strength_to_a_common_character_in_play():
    """Discard: one ● or ▲ Character in play gains +2 Strength; a ◆ fighter gets nothing."""
    sc = Scenario()
    sc.field(0, "Unicorn Jabu")     # 3 Strength
    sc.field(1, "Perseus Algol")    # 5 Strength
    cloth = sc.hand(0, "Taurus Cloth")
    sc.play(0, sc.hand(0, "Pegasus Seiya (civilian)"), 0)
    sc.play(0, sc.hand(0, "Lizard Misty"), 1)  # ◆
    assert (sc.total(0, 0), sc.total(0, 1)) == (1, 2)
    sc.equip(0, cloth)
    sc.use(0, cloth)
    assert (sc.total(0, 0), sc.total(0, 1)) == (3, 2)
    assert sc.names(0, "discard") == ["Taurus Cloth"]
    sc.acquire(0, 0)
    assert sc.names(0, "discard") == ["Pegasus Seiya (civilian)", "Taurus Cloth", "Unicorn Jabu"]


def test_19_taurus_cloth_no_common_character_in_play_no_buff():
    """Only a ◆ Character in play: nobody gains Strength."""
    sc = Scenario()
    sc.field(1, "Perseus Algol")
    cloth = sc.hand(0, "Taurus Cloth")
    sc.play(0, sc.hand(0, "Lizard Misty"), 1)
    sc.equip(0, cloth)
    try_use(sc, 0, cloth)
    assert sc.total(0, 1) == 2


def test_20_gemini_cloth_swaps_with_an_opponents_gold_cloth_when_sent_into_a_fight():
    """Engagement: swap this Cloth with a Gold Cloth an opponent has in play; the Cloth gained
    is equipped. Engagement fires when the Cloth is sent into a fight, not when it is equipped
    (GEN-21)."""
    sc = Scenario()
    sc.field(0, "Cassios")
    sc.put(1, "cloth", "Virgo Cloth")
    gemini = sc.hand(0, "Gemini Cloth")
    sc.equip(0, gemini)
    assert sc.names(0, "cloth") == ["Gemini Cloth"] and sc.names(1, "cloth") == ["Virgo Cloth"]
    sc.cloth_fights(0, 0)
    assert sc.names(0, "cloth") == ["Virgo Cloth"]
    assert sc.names(1, "cloth") == ["Gemini Cloth"]
    assert sc.names(0, "hand") == [] and sc.names(1, "hand") == []


def test_20_gemini_cloth_does_not_take_a_bronze_cloth():
    """The opponent's Cloth is a Bronze Cloth: no swap, Gemini stays in the fight."""
    sc = Scenario()
    sc.field(0, "Cassios")
    sc.put(1, "cloth", "Dragon Cloth")
    gemini = sc.hand(0, "Gemini Cloth")
    sc.equip(0, gemini)
    sc.cloth_fights(0, 0)
    assert sc.zone_of(gemini) == (0, "play")
    assert sc.names(1, "cloth") == ["Dragon Cloth"]


def test_21_cancer_cloth_reveals_3_opponent_wounds_a_character_rest_to_hand():
    """Discard: reveal the top 3 cards of your draw pile; an opponent wounds 1 revealed
    Character; take the others into your hand. The 4th card stays in the draw pile."""
    sc = Scenario()
    cloth = sc.hand(0, "Cancer Cloth")
    sc.put(0, "draw", "Oko")  # bottom: not revealed
    sc.put(0, "draw", "Pegasus Cloth")
    sc.put(0, "draw", "Cassios")
    sc.put(0, "draw", "Dragon Cloth")  # top
    sc.equip(0, cloth)
    sc.use(0, cloth)
    assert sc.names(0, "wounded") == ["Cassios"]
    assert sc.names(0, "hand") == ["Dragon Cloth", "Pegasus Cloth"]
    assert sc.names(0, "draw") == ["Oko"]
    assert sc.names(0, "revealed") == []
    assert sc.names(0, "discard") == ["Cancer Cloth"]
    assert sc.names(1, "wounded") == []


def test_21_cancer_cloth_wounds_only_one_of_several_characters():
    """Two revealed Characters: exactly one is wounded, the other goes to hand."""
    sc = Scenario()
    cloth = sc.hand(0, "Cancer Cloth")
    sc.put(0, "draw", "Pegasus Seiya (civilian)")
    sc.put(0, "draw", "Pegasus Cloth")
    sc.put(0, "draw", "Pegasus Seiya (civilian)")
    sc.equip(0, cloth)
    sc.use(0, cloth)
    assert sc.names(0, "wounded") == ["Pegasus Seiya (civilian)"]
    assert sc.names(0, "hand") == ["Pegasus Cloth", "Pegasus Seiya (civilian)"]


def test_22_leo_cloth_wounds_a_saint_in_hand_for_4_strength():
    """Discard: wound 1 of your Saints in hand, then a Saint in play gains +4 Strength.
    (The seat is set to pay any cost: the 'value' policy never pays with a Saint, see report.)"""
    sc = Scenario()
    sc.st.mind.weights[0, W_PAY] = 99.0
    sc.field(2, "Perseus Algol")  # 5 Strength
    cloth = sc.hand(0, "Leo Cloth")
    sc.play(0, sc.hand(0, "Pegasus Seiya"), 2)
    sc.hand(0, "Pegasus Seiya")
    assert sc.total(0, 2) == 1
    sc.equip(0, cloth)
    sc.use(0, cloth)
    assert sc.names(0, "wounded") == ["Pegasus Seiya"]
    assert sc.names(0, "hand") == []
    assert sc.total(0, 2) == 5
    assert sc.can_acquire(0, 2)


def test_22_leo_cloth_without_a_saint_in_hand_no_buff():
    """Only a civilian Hero (not a Saint, GEN-19) in hand: nothing is wounded, no Strength."""
    sc = Scenario()
    sc.st.mind.weights[0, W_PAY] = 99.0
    sc.field(2, "Perseus Algol")
    cloth = sc.hand(0, "Leo Cloth")
    sc.play(0, sc.hand(0, "Pegasus Seiya"), 2)
    sc.hand(0, "Pegasus Seiya (civilian)")
    sc.equip(0, cloth)
    try_use(sc, 0, cloth)
    assert sc.names(0, "wounded") == []
    assert sc.names(0, "hand") == ["Pegasus Seiya (civilian)"]
    assert sc.total(0, 2) == 1


def test_23_virgo_cloth_draws_2():
    """Discard: draw 2 cards (the top two)."""
    sc = Scenario()
    cloth = sc.hand(0, "Virgo Cloth")
    sc.put(0, "draw", "Oko")
    sc.put(0, "draw", "Jaki")
    sc.put(0, "draw", "Cassios")
    sc.equip(0, cloth)
    sc.use(0, cloth)
    assert sc.names(0, "hand") == ["Cassios", "Jaki"]
    assert sc.names(0, "draw") == ["Oko"]
    assert sc.names(0, "discard") == ["Virgo Cloth"]


def test_23_virgo_cloth_cannot_be_spent_from_hand_while_another_cloth_is_equipped():
    """Only one Cloth may be in play at a time and a Cloth's effect is used from play (rules
    summary: "qu'une armure à la fois sur le terrain... peut être utilisée pour ... son effet"):
    with the Pegasus Cloth equipped, the Virgo Cloth in hand can be neither equipped nor spent."""
    sc = Scenario()
    sc.put(0, "cloth", "Pegasus Cloth")
    virgo = sc.hand(0, "Virgo Cloth")
    sc.put(0, "draw", "Oko")
    sc.put(0, "draw", "Jaki")
    with pytest.raises(AssertionError):
        sc.equip(0, virgo)
    with pytest.raises(AssertionError):
        sc.use(0, virgo)
    assert sc.names(0, "hand") == ["Virgo Cloth"]
    assert sc.names(0, "draw") == ["Jaki", "Oko"]


def test_24_libra_cloth_discards_a_character_for_plus_1_strength_all_turn():
    """Discard: discard 1 Character from your hand; all your Characters gain +1 Strength this
    turn, also those played later. The civilian is the payment; Mu, played after, gains too."""
    sc = Scenario()
    sc.field(0, "Unicorn Jabu")
    sc.field(1, "Perseus Algol")
    cloth = sc.hand(0, "Libra Cloth")
    sc.play(0, sc.hand(0, "Pegasus Seiya (civilian)"), 0)
    mu, _ = sc.hand(0, "Aries Mu", "Dragon Shiryu (civilian)")
    sc.equip(0, cloth)
    sc.use(0, cloth)
    assert sc.names(0, "discard") == ["Dragon Shiryu (civilian)", "Libra Cloth"]
    assert sc.names(0, "hand") == ["Aries Mu"]
    assert sc.total(0, 0) == 2
    sc.play(0, mu, 1)
    assert sc.total(0, 1) == 3


def test_24_libra_cloth_bonus_reaches_zero_strength_characters_and_ends_with_the_turn():
    """Fan FAQ: the +1 also goes to Characters that print no Strength (Asterion: 0). The bonus
    lasts this turn only: after the upkeep a civilian is back to 1 Strength."""
    sc = Scenario()
    sc.field(0, "Unicorn Jabu")
    cloth = sc.hand(0, "Libra Cloth")
    asterion, _ = sc.hand(0, "Hound Asterion", "Pegasus Seiya (civilian)")
    sc.equip(0, cloth)
    sc.use(0, cloth)
    assert sc.names(0, "discard") == ["Libra Cloth", "Pegasus Seiya (civilian)"]
    sc.play(0, asterion, 0)
    assert sc.total(0, 0) == 1
    sc.upkeep(0)
    assert sc.field_names()[5] == "Unicorn Jabu"
    sc.play(0, sc.hand(0, "Dragon Shiryu (civilian)"), 5)
    assert sc.total(0, 5) == 1


def test_24_libra_cloth_without_a_character_in_hand_no_buff():
    """No Character in hand to discard (only a Cloth): no Strength bonus."""
    sc = Scenario()
    sc.field(0, "Unicorn Jabu")
    cloth = sc.hand(0, "Libra Cloth")
    sc.play(0, sc.hand(0, "Pegasus Seiya (civilian)"), 0)
    sc.hand(0, "Pegasus Cloth")
    sc.equip(0, cloth)
    try_use(sc, 0, cloth)
    assert sc.names(0, "hand") == ["Pegasus Cloth"]
    assert sc.total(0, 0) == 1


def test_25_scorpio_cloth_destroys_a_wounded_character_of_any_player():
    """Discard: destroy 1 wounded Character of any player: an opponent's, or your own."""
    sc = Scenario()
    cloth = sc.hand(0, "Scorpio Cloth")
    sc.put(1, "wounded", "Dragon Shiryu")
    sc.equip(0, cloth)
    sc.use(0, cloth)
    assert sc.names(1, "destroyed") == ["Dragon Shiryu"]
    assert sc.names(1, "wounded") == []

    sc = Scenario()
    cloth = sc.hand(0, "Scorpio Cloth")
    sc.put(0, "wounded", "Pegasus Seiya (civilian)")
    sc.equip(0, cloth)
    sc.use(0, cloth)
    assert sc.names(0, "destroyed") == ["Pegasus Seiya (civilian)"]
    assert sc.names(0, "wounded") == []


def test_26_sagittarius_cloth_acquires_a_field_character_then_returns_to_reserve():
    """Engagement: destroy a Character from your hand to put a field Character into your discard
    pile (an acquisition: the Gold Saint's Flame goes out), then this Cloth is shuffled into the
    reserve. The Cloth on the field is not a Character."""
    sc = Scenario()
    sc.field(1, "Virgo Cloth")
    sc.field(3, "Virgo Shaka")
    cloth, _ = sc.hand(0, "Sagittarius Cloth", "Pegasus Seiya (civilian)")
    sc.equip(0, cloth)
    assert sc.names(0, "cloth") == ["Sagittarius Cloth"]  # equipping fires nothing (GEN-21)
    sc.cloth_fights(0, 1)
    assert sc.names(0, "destroyed") == ["Pegasus Seiya (civilian)"]
    assert sc.names(0, "discard") == ["Virgo Shaka"]
    assert sc.zone_of(cloth) == ("common", "reserve")
    assert sc.names(0, "cloth") == []
    assert sc.field_names()[1] == "Virgo Cloth" and sc.field_names()[3] is None
    assert sc.flames == 11


def test_26_sagittarius_cloth_without_a_character_in_hand_does_nothing():
    """No Character in hand to destroy: no acquisition, the Cloth stays in the fight."""
    sc = Scenario()
    sc.field(3, "Virgo Shaka")
    sc.field(1, "Cassios")
    cloth, _ = sc.hand(0, "Sagittarius Cloth", "Pegasus Cloth")
    sc.equip(0, cloth)
    sc.cloth_fights(0, 1)
    assert sc.zone_of(cloth) == (0, "play")
    assert sc.names(0, "hand") == ["Pegasus Cloth"]
    assert sc.field_names()[3] == "Virgo Shaka"
    assert sc.flames == 12


def test_27_capricorn_cloth_clears_common_cards_and_refills():
    """Discard: every ●, ▲ and ◆ field card goes to the battlefield discard, then the field is
    refilled right to left; ★ and ✻ cards stay where they are."""
    sc = Scenario()
    for slot, name in enumerate(["Cassios", "Unicorn Jabu", "Lizard Misty", "Taurus Aldebaran",
                                 "Athena", "Black Pegasus"]):
        sc.field(slot, name)
    sc.reserve("Jaki", "Land Cloth Daichi", "Marine Cloth Ushio", "Sky Cloth Sho", "Oko")
    cloth = sc.hand(0, "Capricorn Cloth")
    sc.equip(0, cloth)
    sc.use(0, cloth)
    assert sc.names("common", "field_discard") == ["Black Pegasus", "Cassios", "Lizard Misty",
                                                   "Unicorn Jabu"]
    assert sc.field_names() == ["Land Cloth Daichi", "Marine Cloth Ushio", "Sky Cloth Sho",
                                "Taurus Aldebaran", "Athena", "Oko"]
    assert sc.names("common", "reserve") == ["Jaki"]
    assert sc.flames == 12


def test_27_capricorn_cloth_refill_applies_arrival_effects():
    """The refill reveals cards during play: their Arrival applies (Athena: every player draws)."""
    sc = Scenario()
    sc.field(5, "Cassios")
    sc.reserve("Athena")
    sc.put(0, "draw", "Oko")
    sc.put(1, "draw", "Jaki")
    cloth = sc.hand(0, "Capricorn Cloth")
    sc.equip(0, cloth)
    sc.use(0, cloth)
    assert sc.field_names() == [None, None, None, None, None, "Athena"]
    assert sc.names(0, "hand") == ["Oko"]
    assert sc.names(1, "hand") == ["Jaki"]


def test_28_aquarius_cloth_heals_all_your_wounded_saints():
    """Discard: heal all your wounded Saints; a wounded civilian Hero (not a Saint) and the
    opponent's wounded Saint stay wounded."""
    sc = Scenario()
    cloth = sc.hand(0, "Aquarius Cloth")
    sc.put(0, "wounded", "Pegasus Seiya")
    sc.put(0, "wounded", "Lizard Misty")
    sc.put(0, "wounded", "Pegasus Seiya (civilian)")
    sc.put(1, "wounded", "Dragon Shiryu")
    sc.equip(0, cloth)
    sc.use(0, cloth)
    assert sc.names(0, "discard") == ["Aquarius Cloth", "Lizard Misty", "Pegasus Seiya"]
    assert sc.names(0, "wounded") == ["Pegasus Seiya (civilian)"]
    assert sc.names(1, "wounded") == ["Dragon Shiryu"]


def test_29_pisces_cloth_a_player_wounds_hand_characters_and_draws_as_many():
    """Discard: a player of your choice wounds every Character in their hand, then draws as many
    cards. Only the opponent has Characters in hand, so the choice is forced."""
    sc = Scenario()
    cloth = sc.hand(0, "Pisces Cloth")
    sc.hand(1, "Dragon Shiryu (civilian)", "Dragon Shiryu", "Dragon Cloth")
    for name in ("Oko", "Jaki", "Cassios"):
        sc.put(1, "draw", name)
    sc.equip(0, cloth)
    sc.use(0, cloth)
    assert sc.names(1, "wounded") == ["Dragon Shiryu", "Dragon Shiryu (civilian)"]
    assert sc.names(1, "hand") == ["Cassios", "Dragon Cloth", "Jaki"]
    assert sc.names(1, "draw") == ["Oko"]
    assert sc.names(0, "wounded") == []


def test_29_pisces_cloth_on_yourself():
    """Only you have Characters in hand: you wound them and draw as many."""
    sc = Scenario()
    cloth = sc.hand(0, "Pisces Cloth")
    sc.hand(0, "Pegasus Seiya (civilian)")
    sc.hand(1, "Dragon Cloth")
    sc.put(0, "draw", "Oko")
    sc.put(0, "draw", "Jaki")
    sc.equip(0, cloth)
    sc.use(0, cloth)
    assert sc.names(0, "wounded") == ["Pegasus Seiya (civilian)"]
    assert sc.names(0, "hand") == ["Jaki"]
    assert sc.names(0, "draw") == ["Oko"]
    assert sc.names(1, "hand") == ["Dragon Cloth"]


# --- #30-#35 Gold Saints (Flame icon) -----------------------------------------------------------
def test_30_aries_mu_wound_takes_a_cloth_from_discard():
    """Wound: take 1 Cloth from your discard pile into your hand; Mu is spent wounded."""
    sc = Scenario()
    mu = sc.hand(0, "Aries Mu")
    sc.put(0, "discard", "Pegasus Seiya (civilian)")
    sc.put(0, "discard", "Pegasus Cloth")
    sc.use(0, mu)
    assert sc.names(0, "hand") == ["Pegasus Cloth"]
    assert sc.names(0, "wounded") == ["Aries Mu"]
    assert sc.names(0, "discard") == ["Pegasus Seiya (civilian)"]


def test_30_aries_mu_without_a_cloth_in_discard_takes_nothing():
    """No Cloth in the discard pile: nothing comes back to hand."""
    sc = Scenario()
    mu = sc.hand(0, "Aries Mu")
    sc.put(0, "discard", "Pegasus Seiya (civilian)")
    try_use(sc, 0, mu)
    assert sc.names(0, "discard") == ["Pegasus Seiya (civilian)"]
    assert "Pegasus Seiya (civilian)" not in sc.names(0, "hand")


def test_30_aries_mu_flame_goes_out_when_removed_at_upkeep():
    """Flame icon: removed from the last slot at upkeep, Mu puts out a flame (R2)."""
    sc = Scenario()
    sc.field(5, "Aries Mu")
    sc.upkeep(0)
    assert sc.flames == 11
    assert sc.names("common", "field_discard") == ["Aries Mu"]


def test_31_taurus_aldebaran_plus_2_strength_against_the_first_card():
    """+2 Strength when he fights the first card of the field (slot 1, nearest the reserve);
    nothing against another slot, and never extra Cosmos."""
    sc = Scenario()
    sc.field(0, "Cassios")
    sc.field(3, "Unicorn Jabu")
    sc.play(0, sc.hand(0, "Taurus Aldebaran"), 0)
    assert sc.total(0, 0) == 4
    assert sc.total(0, 0, "cosmos") == 1

    sc = Scenario()
    sc.field(0, "Cassios")
    sc.field(3, "Unicorn Jabu")
    sc.play(0, sc.hand(0, "Taurus Aldebaran"), 3)
    assert sc.total(0, 3) == 2


def test_31_taurus_aldebaran_first_card_skips_an_empty_first_slot():
    """hades.txt: if the first space is empty, the first card is the one on the second space."""
    sc = Scenario()
    sc.field(1, "Cassios")
    sc.field(3, "Unicorn Jabu")
    sc.play(0, sc.hand(0, "Taurus Aldebaran"), 1)
    assert sc.total(0, 1) == 4


def test_31_taurus_aldebaran_flame_goes_out_when_acquired():
    """Flame icon: acquired with Strength (8, 7 in the last slot), he puts out a flame and goes to
    the discard pile with the fighters."""
    sc = Scenario()
    sc.field(5, "Taurus Aldebaran")
    assert sc.cost(0, 5) == 7
    for _ in range(7):
        sc.play(0, sc.hand(0, "Pegasus Seiya (civilian)"), 5)
    sc.acquire(0, 5)
    assert sc.flames == 11
    assert sc.names(0, "discard") == ["Pegasus Seiya (civilian)"] * 7 + ["Taurus Aldebaran"]


def test_32_gemini_saga_bonus_follows_the_parity_of_the_clock():
    """+2 Strength if the Clock shows an even number of flames, +2 Cosmos if odd."""
    sc = Scenario()
    sc.field(0, "Cassios")
    sc.play(0, sc.hand(0, "Gemini Saga"), 0)
    assert sc.flames == 12
    assert (sc.total(0, 0), sc.total(0, 0, "cosmos")) == (3, 1)
    sc.set_flames(11)
    assert (sc.total(0, 0), sc.total(0, 0, "cosmos")) == (1, 3)


def test_32_gemini_saga_defeated_wounds_every_character_that_fought_him():
    """Defeated: wound every Character used to fight him (the Cloth, not a Character, is just
    discarded); his Flame goes out and he goes to the discard pile."""
    sc = Scenario()
    sc.put(0, "cloth", "Pegasus Cloth")
    sc.field(5, "Gemini Saga")  # 8 Strength, 7 in the last slot
    for _ in range(7):
        sc.play(0, sc.hand(0, "Pegasus Seiya (civilian)"), 5)
    sc.cloth_fights(0, 5)
    sc.acquire(0, 5)
    assert sc.names(0, "wounded") == ["Pegasus Seiya (civilian)"] * 7
    assert sc.names(0, "discard") == ["Gemini Saga", "Pegasus Cloth"]
    assert sc.names(0, "play") == []
    assert sc.flames == 11




def acquire_by_sagittarius_cloth_while_3_civilians_face(name):
    """Three civilians face the Gold Saint in the last slot (the only field Character), then the
    Sagittarius Cloth, sent against the field's Cloth, acquires him by its effect (a civilian
    Hyoga is the payment)."""
    sc = Scenario()
    sc.field(0, "Virgo Cloth")
    sc.field(5, name)
    for _ in range(3):
        sc.play(0, sc.hand(0, "Pegasus Seiya (civilian)"), 5)
    cloth, _ = sc.hand(0, "Sagittarius Cloth", "Cygnus Hyoga (civilian)")
    sc.equip(0, cloth)
    sc.cloth_fights(0, 0)
    assert sc.names(0, "destroyed")[:1] == ["Cygnus Hyoga (civilian)"]
    assert sc.flames == 11
    return sc


def test_32_gemini_saga_acquired_by_an_effect_wounds_nobody():
    """GEN-18: Defeated applies to an acquisition by an effect, but "the cards used to fight
    him" finds no cards: the civilians facing Saga are not wounded."""
    sc = acquire_by_sagittarius_cloth_while_3_civilians_face("Gemini Saga")
    assert sc.names(0, "wounded") == []
    assert sorted(sc.names(0, "play") + sc.names(0, "discard")) == \
        ["Gemini Saga"] + ["Pegasus Seiya (civilian)"] * 3


def test_33_cancer_deathmask_defeated_destroys_one_fighter():
    """Defeated: destroy one Character used to fight him; the others are discarded; Flame."""
    sc = Scenario()
    sc.field(5, "Cancer Deathmask")  # 7 Strength, 6 in the last slot
    for _ in range(6):
        sc.play(0, sc.hand(0, "Pegasus Seiya (civilian)"), 5)
    sc.acquire(0, 5)
    assert sc.names(0, "destroyed") == ["Pegasus Seiya (civilian)"]
    assert sc.names(0, "discard") == ["Cancer Deathmask"] + ["Pegasus Seiya (civilian)"] * 5
    assert sc.flames == 11


def test_33_cancer_deathmask_acquired_by_an_effect_destroys_nobody():
    """GEN-18: acquired by the Sagittarius Cloth, Deathmask's Defeated finds no fighters: only
    the Cloth's payment is destroyed."""
    sc = acquire_by_sagittarius_cloth_while_3_civilians_face("Cancer Deathmask")
    assert sc.names(0, "destroyed") == ["Cygnus Hyoga (civilian)"]
    assert sorted(sc.names(0, "play") + sc.names(0, "discard")) == \
        ["Cancer Deathmask"] + ["Pegasus Seiya (civilian)"] * 3


def test_34_leo_aiolia_plus_1_and_1_against_the_last_card():
    """+1 Strength and +1 Cosmos when he faces the last card of the field (slot 6); nothing
    against the first card."""
    sc = Scenario()
    sc.field(0, "Unicorn Jabu")
    sc.field(5, "Cassios")
    sc.play(0, sc.hand(0, "Leo Aiolia"), 5)
    assert (sc.total(0, 5), sc.total(0, 5, "cosmos")) == (3, 3)

    sc = Scenario()
    sc.field(0, "Unicorn Jabu")
    sc.field(5, "Cassios")
    sc.play(0, sc.hand(0, "Leo Aiolia"), 0)
    assert (sc.total(0, 0), sc.total(0, 0, "cosmos")) == (2, 2)


def test_34_leo_aiolia_last_card_with_an_empty_last_slot():
    """hades.txt: the last card is the one closest to the field discard (slot 5 when slot 6 is
    empty)."""
    sc = Scenario()
    sc.field(0, "Unicorn Jabu")
    sc.field(4, "Cassios")
    sc.play(0, sc.hand(0, "Leo Aiolia"), 4)
    assert (sc.total(0, 4), sc.total(0, 4, "cosmos")) == (3, 3)


def test_34_leo_aiolia_flame_goes_out_when_acquired_with_cosmos():
    """Flame icon: bought with Cosmos (6, 5 in the last slot) he goes to hand, a flame goes out."""
    sc = Scenario()
    sc.field(5, "Leo Aiolia")
    for _ in range(5):
        sc.play(0, sc.hand(0, "Pegasus Seiya"), 5)
    sc.acquire(0, 5, "cosmos")
    assert sc.names(0, "hand") == ["Leo Aiolia"]
    assert sc.names(0, "discard") == ["Pegasus Seiya"] * 5
    assert sc.flames == 11


def test_35_virgo_shaka_wounds_a_character_in_a_discard_pile():
    """Engagement: wound a Character lying in a player's discard pile (the opponent's here: the
    only Character in any discard pile; the Cloth next to it is not a Character)."""
    sc = Scenario()
    sc.field(0, "Cassios")
    sc.put(1, "discard", "Dragon Shiryu (civilian)")
    sc.put(1, "discard", "Dragon Cloth")
    sc.put(0, "discard", "Pegasus Cloth")
    sc.play(0, sc.hand(0, "Virgo Shaka"), 0)
    assert sc.names(1, "wounded") == ["Dragon Shiryu (civilian)"]
    assert sc.names(1, "discard") == ["Dragon Cloth"]
    assert sc.names(0, "wounded") == [] and sc.names(0, "discard") == ["Pegasus Cloth"]


def test_35_virgo_shaka_no_character_in_any_discard_pile():
    """No Character in any discard pile: nothing is wounded."""
    sc = Scenario()
    sc.field(0, "Cassios")
    sc.put(1, "discard", "Dragon Cloth")
    sc.play(0, sc.hand(0, "Virgo Shaka"), 0)
    assert sc.names(0, "wounded") == [] and sc.names(1, "wounded") == []
    assert sc.names(1, "discard") == ["Dragon Cloth"]


def test_35_virgo_shaka_flame_goes_out_when_removed_at_upkeep():
    """Flame icon: removed from the last slot at upkeep, Shaka puts out a flame."""
    sc = Scenario()
    sc.field(5, "Virgo Shaka")
    sc.set_flames(5)
    sc.upkeep(0)
    assert sc.flames == 4
    assert sc.names("common", "field_discard") == ["Virgo Shaka"]
