"""Scenario tests for the base cards #36-63 (Gold Saints Dohko to Aphrodite, the Silver Saints,
Guilty, Docrates, Crystal Saint and Geist): one card effect per test, on a hand-built state.

Each test applies the card the way a player would (plays, uses or acquires it, or reveals it on
the field for its Arrival) and checks the exact outcome, including the "nothing happens" side of
conditions and costs. Choices are forced (one legal candidate) wherever a policy could choose.
Rules: shared/rules/README.md (R1-R10), general-rulings.md (GEN-1..23), hades.txt (Fight
Sequence), card texts in shared/carddata/card-facts.md §3.1.
"""
import pytest

from sim.scenario import Scenario

CIVILIANS = ("Pegasus Seiya (civilian)", "Dragon Shiryu (civilian)", "Cygnus Hyoga (civilian)",
             "Andromeda Shun (civilian)", "Phoenix Ikki (civilian)")


def fight(sc, seat, slot, *names):
    """Put each named card in `seat`'s hand and play it against the card in `slot`."""
    insts = []
    for name in names:
        inst = sc.hand(seat, name)
        sc.play(seat, inst, slot)
        insts.append(inst)
    return insts


def win_with_strength(sc, seat, slot):
    """Play effect-free civilian Heroes (1 Strength each) against `slot` until its Strength cost is
    reached, then acquire the card. Returns the civilians played."""
    played = []
    while sc.total(seat, slot) < sc.cost(seat, slot):
        for name in CIVILIANS:
            try:
                inst = sc.hand(seat, name)
            except ValueError:
                continue
            break
        sc.play(seat, inst, slot)
        played.append(inst)
    sc.acquire(seat, slot)
    return played


def slot_of(sc, inst):
    return [int(x) for x in sc.st.field].index(inst)


# --- 36 Libra Dohko ---------------------------------------------------------------------------
def test_36_dohko_doubles_shiryu():
    """Shiryu played alongside Dohko doubles his Strength and Cosmos; other Heroes are not doubled."""
    sc = Scenario(heroes=("Shiryu", "Seiya"))
    sc.field(0, "Eagle Marin")
    fight(sc, 0, 0, "Dragon Shiryu")  # armoured: 1 Strength, 1 Cosmos
    assert (sc.total(0, 0), sc.total(0, 0, "cosmos")) == (1, 1)
    fight(sc, 0, 0, "Libra Dohko")  # 3 Strength, 2 Cosmos; Shiryu now counts 2 and 2
    assert (sc.total(0, 0), sc.total(0, 0, "cosmos")) == (5, 4)
    fight(sc, 0, 0, "Dragon Shiryu (civilian)")  # 1 Strength doubled
    assert (sc.total(0, 0), sc.total(0, 0, "cosmos")) == (7, 4)
    fight(sc, 0, 0, "Pegasus Seiya (civilian)")  # not a Shiryu: 1 Strength, not doubled
    assert (sc.total(0, 0), sc.total(0, 0, "cosmos")) == (8, 4)


def test_36_dohko_does_not_double_shiryu_fighting_another_card():
    """The doubling needs Shiryu alongside Dohko: a Shiryu facing another card keeps his values."""
    sc = Scenario(heroes=("Shiryu", "Seiya"))
    sc.field(0, "Eagle Marin")
    sc.field(1, "Whale Moses")
    fight(sc, 0, 0, "Libra Dohko")
    fight(sc, 0, 1, "Dragon Shiryu")
    assert (sc.total(0, 1), sc.total(0, 1, "cosmos")) == (1, 1)
    assert (sc.total(0, 0), sc.total(0, 0, "cosmos")) == (3, 2)


def test_36_dohko_arrival_each_player_may_take_a_hero_from_discard():
    """Arrival: each player may take a Hero from their discard pile into hand (non-Heroes stay;
    a player with no Hero in the discard pile takes nothing)."""
    sc = Scenario(players=3, heroes=("Shiryu", "Seiya", "Hyoga"))
    sc.put(0, "discard", "Dragon Shiryu (civilian)")
    sc.put(0, "discard", "Cassios")
    sc.put(1, "discard", "Pegasus Seiya")
    sc.put(2, "discard", "Oko")
    sc.arrive(2, "Libra Dohko")
    assert sc.names(0, "hand") == ["Dragon Shiryu (civilian)"]
    assert sc.names(0, "discard") == ["Cassios"]
    assert sc.names(1, "hand") == ["Pegasus Seiya"]
    assert sc.names(1, "discard") == []
    assert sc.names(2, "hand") == []
    assert sc.names(2, "discard") == ["Oko"]
    assert sc.field_names()[2] == "Libra Dohko"


def test_36_dohko_flame_goes_out_when_acquired():
    """Flame icon: acquiring Dohko (9 Strength) puts out one flame; he goes to the discard pile."""
    sc = Scenario()
    dohko = sc.field(1, "Libra Dohko")
    played = win_with_strength(sc, 0, 1)
    assert len(played) == 9
    assert sc.flames == 11
    assert sc.zone_of(dohko) == (0, "discard")
    assert sc.field_names()[1] is None


# --- 37 Scorpio Milo --------------------------------------------------------------------------
def test_37_milo_engagement_an_opponent_discards_a_card():
    """Engagement: an opponent (one who has a card) discards 1 card from hand."""
    sc = Scenario(players=3)
    sc.field(0, "Whale Moses")
    sc.hand(2, "Cassios")
    fight(sc, 0, 0, "Scorpio Milo")
    assert sc.names(2, "hand") == []
    assert sc.names(2, "discard") == ["Cassios"]
    assert sc.names(1, "discard") == []
    assert sc.names(0, "play") == ["Scorpio Milo"]
    assert (sc.total(0, 0), sc.total(0, 0, "cosmos")) == (1, 2)


def test_37_milo_engagement_with_empty_opponent_hands_does_nothing():
    """No opponent holds a card: nothing is discarded, the controller's own hand is untouched."""
    sc = Scenario()
    sc.field(0, "Whale Moses")
    mine = sc.hand(0, "Cassios")
    fight(sc, 0, 0, "Scorpio Milo")
    assert sc.zone_of(mine) == (0, "hand")
    assert sc.count(1, "discard") == 0 and sc.count(0, "discard") == 0


def test_37_milo_flame_goes_out_when_acquired():
    """Flame icon: acquiring Milo in the sixth slot (8 - 1 = 7 Strength) puts out a flame."""
    sc = Scenario()
    milo = sc.field(5, "Scorpio Milo")
    assert sc.cost(0, 5) == 7
    played = win_with_strength(sc, 0, 5)
    assert len(played) == 7
    assert sc.flames == 11
    assert sc.zone_of(milo) == (0, "discard")


# --- 38 Sagittarius Aiolos --------------------------------------------------------------------
def test_38_aiolos_gains_1_cosmos_per_gold_saint_on_the_field():
    """+1 Cosmos per Gold Saint on the field (the card he faces included); Strength unchanged."""
    sc = Scenario()
    sc.field(0, "Scorpio Milo")
    sc.field(1, "Capricorn Shura")
    sc.field(2, "Whale Moses")
    sc.field(3, "Aries Cloth")  # a Gold Cloth is not a Gold Saint
    fight(sc, 0, 2, "Sagittarius Aiolos")
    assert sc.total(0, 2, "cosmos") == 2 + 2
    assert sc.total(0, 2) == 2


def test_38_aiolos_without_gold_saints_on_the_field_has_his_printed_cosmos():
    sc = Scenario()
    sc.field(2, "Whale Moses")
    fight(sc, 0, 2, "Sagittarius Aiolos")
    assert sc.total(0, 2, "cosmos") == 2


def test_38_aiolos_arrival_removes_a_flame_if_another_gold_saint_is_on_the_field():
    """Arrival: with another Gold Saint on the field, 1 flame goes out."""
    sc = Scenario()
    sc.field(0, "Scorpio Milo")
    sc.arrive(3, "Sagittarius Aiolos")
    assert sc.flames == 11


def test_38_aiolos_arrival_alone_removes_no_flame():
    """Arrival: Aiolos himself does not count; a Gold Cloth is not a Gold Saint."""
    sc = Scenario()
    sc.field(0, "Aries Cloth")
    sc.field(1, "Whale Moses")
    sc.arrive(3, "Sagittarius Aiolos")
    assert sc.flames == 12


def test_38_aiolos_flame_goes_out_when_acquired():
    """Flame icon: acquiring Aiolos with 6 Cosmos puts out a flame; won by Cosmos he goes to hand."""
    sc = Scenario()
    aiolos = sc.field(1, "Sagittarius Aiolos")
    fight(sc, 0, 1, "Peacock Shiva", "Lotus Aghora")  # 3 + 3 Cosmos
    assert sc.cost(0, 1, "cosmos") == 6 and sc.total(0, 1, "cosmos") == 6
    sc.acquire(0, 1, "cosmos")
    assert sc.flames == 11
    assert sc.zone_of(aiolos) == (0, "hand")
    assert sc.names(0, "discard") == ["Lotus Aghora", "Peacock Shiva"]


# --- 39 Capricorn Shura -----------------------------------------------------------------------
def test_39_shura_defeated_acquires_the_adjacent_character_for_free():
    """Defeated: acquire for free a Character adjacent to Shura (to the discard pile). The other
    neighbour is a Cloth (not a Character) and the Character two slots away is not adjacent.
    The free Gold Saint's Flame goes out too (R2/GEN-4), as does Shura's."""
    sc = Scenario()
    cassios = sc.field(0, "Cassios")
    cloth = sc.field(1, "Aries Cloth")
    shura = sc.field(2, "Capricorn Shura")
    milo = sc.field(3, "Scorpio Milo")
    assert sc.cost(0, 2) == 9
    win_with_strength(sc, 0, 2)
    assert sc.zone_of(shura) == (0, "discard")
    assert sc.zone_of(milo) == (0, "discard")
    assert sc.field_names() == ["Cassios", "Aries Cloth", None, None, None, None]
    assert sc.zone_of(cassios) == ("common", "field") and sc.zone_of(cloth) == ("common", "field")
    assert sc.flames == 10
    assert sc.count(0, "hand") == 0


def test_39_shura_defeated_with_no_adjacent_character_acquires_nothing():
    """Both neighbours are Cloths: Shura's Defeated finds nothing; a farther Character stays."""
    sc = Scenario()
    sc.field(0, "Cassios")
    sc.field(1, "Aries Cloth")
    sc.field(2, "Capricorn Shura")
    sc.field(3, "Taurus Cloth")
    win_with_strength(sc, 0, 2)
    assert sc.field_names() == ["Cassios", "Aries Cloth", None, "Taurus Cloth", None, None]
    assert sc.names(0, "discard").count("Capricorn Shura") == 1
    assert len(sc.names(0, "discard")) == 1 + 9  # Shura and the 9 civilians
    assert sc.flames == 11


def test_39_shura_free_acquisition_of_algol_wounds_no_fighters():
    """GEN-18: a field card acquired by an effect applies its Defeated effect, but parts that
    refer to 'the cards used to fight him' find no cards. A Seiya facing Algol when Shura's
    Defeated takes Algol is not wounded."""
    sc = Scenario()
    sc.field(1, "Aries Cloth")
    sc.field(2, "Capricorn Shura")
    algol = sc.field(3, "Perseus Algol")
    seiya = fight(sc, 0, 3, "Pegasus Seiya (civilian)")[0]
    fight(sc, 0, 2, "Libra Dohko", "Whale Moses", "Musca Dio", "Canis Major Sirius")  # 9 Strength
    sc.acquire(0, 2)
    assert sc.zone_of(algol) == (0, "discard")
    assert sc.names(0, "wounded") == []
    assert sc.zone_of(seiya) != (0, "wounded")


# --- 40 Aquarius Camus ------------------------------------------------------------------------
def test_40_camus_defeated_joins_the_deck_wounded():
    """Defeated: Camus is wounded (he joins the acquirer's wounded cards, not the discard pile);
    his Flame goes out; the fighters are discarded."""
    sc = Scenario()
    camus = sc.field(0, "Aquarius Camus")
    assert sc.cost(0, 0) == 8
    played = win_with_strength(sc, 0, 0)
    assert sc.zone_of(camus) == (0, "wounded")
    assert sc.names(0, "wounded") == ["Aquarius Camus"]
    assert sorted(sc.insts(0, "discard")) == sorted(played)
    assert sc.flames == 11


def test_40_camus_can_be_bought_with_8_cosmos_only_by_a_hyoga():
    """A Hyoga may acquire Camus for 8 Cosmos (he has no Cosmos cost otherwise); won by Cosmos he
    is still wounded by his Defeated effect instead of going to hand."""
    sc = Scenario(heroes=("Hyoga", "Seiya"))
    camus = sc.field(0, "Aquarius Camus")
    fight(sc, 0, 0, "Peacock Shiva", "Lotus Aghora", "Perseus Algol")  # 3 + 3 + 2 Cosmos
    assert sc.total(0, 0, "cosmos") == 8
    assert sc.cost(0, 0, "cosmos") == 0 and not sc.can_acquire(0, 0, "cosmos")
    fight(sc, 0, 0, "Pegasus Seiya (civilian)")  # not a Hyoga
    assert sc.cost(0, 0, "cosmos") == 0 and not sc.can_acquire(0, 0, "cosmos")
    fight(sc, 0, 0, "Cygnus Hyoga (civilian)")  # a Hyoga fights: 8 Cosmos
    assert sc.cost(0, 0, "cosmos") == 8 and sc.can_acquire(0, 0, "cosmos")
    sc.acquire(0, 0, "cosmos")
    assert sc.zone_of(camus) == (0, "wounded")
    assert sc.count(0, "hand") == 0
    assert sc.flames == 11


# --- 41 Pisces Aphrodite ----------------------------------------------------------------------
def test_41_aphrodite_defeated_each_opponent_wounds_2_characters_in_hand():
    """Defeated: each opponent wounds 2 Characters in hand (Cloths are not Characters; an opponent
    with a single Character wounds it; the acquirer's hand is untouched). Flame goes out."""
    sc = Scenario(players=3)
    aphro = sc.field(5, "Pisces Aphrodite")
    mine = sc.hand(0, "Oko")
    sc.hand(1, "Dragon Shiryu (civilian)", "Cassios", "Aries Cloth")
    sc.hand(2, "Jaki", "Taurus Cloth")
    assert sc.cost(0, 5) == 6
    win_with_strength(sc, 0, 5)
    assert sc.zone_of(aphro) == (0, "discard")
    assert sc.names(1, "wounded") == ["Cassios", "Dragon Shiryu (civilian)"]
    assert sc.names(1, "hand") == ["Aries Cloth"]
    assert sc.names(2, "wounded") == ["Jaki"]
    assert sc.names(2, "hand") == ["Taurus Cloth"]
    assert sc.zone_of(mine) == (0, "hand") and sc.count(0, "wounded") == 0
    assert sc.flames == 11


# --- 42 Eagle Marin ---------------------------------------------------------------------------
def test_42_marin_gives_seiya_1_cosmos():
    """Every Seiya played alongside Marin gains +1 Cosmos; other Heroes do not."""
    sc = Scenario()
    sc.field(0, "Whale Moses")
    fight(sc, 0, 0, "Pegasus Seiya")
    assert sc.total(0, 0, "cosmos") == 1
    fight(sc, 0, 0, "Eagle Marin")
    assert sc.total(0, 0, "cosmos") == 1 + (1 + 1)
    fight(sc, 0, 0, "Pegasus Seiya (civilian)")  # 0 printed Cosmos, +1
    assert sc.total(0, 0, "cosmos") == 4
    fight(sc, 0, 0, "Dragon Shiryu")  # 1 Cosmos, no bonus
    assert sc.total(0, 0, "cosmos") == 5
    assert sc.total(0, 0) == 1 + 1 + 1 + 1  # Strength is not boosted


def test_42_marin_scores_3_plus_1_with_strictly_the_most_heroes():
    """VP: 3, +1 if you have the most Heroes (a tie gives nothing)."""
    sc = Scenario()
    sc.put(0, "discard", "Eagle Marin")
    sc.put(0, "draw", "Pegasus Seiya (civilian)")
    sc.put(0, "hand", "Pegasus Seiya (civilian)")
    sc.put(1, "discard", "Dragon Shiryu (civilian)")
    assert sc.score(0) == 4
    sc.put(1, "hand", "Dragon Shiryu (civilian)")  # 2 Heroes each
    assert sc.score(0) == 3
    sc.put(1, "wounded", "Dragon Shiryu (civilian)")  # opponent ahead
    assert sc.score(0) == 3


# --- 43 Ophiuchus Shaina ----------------------------------------------------------------------
def test_43_shaina_arrival_every_player_discards_their_cloth_in_play():
    """Arrival: each player's equipped Cloth goes to their discard pile; Cloths in hand stay."""
    sc = Scenario()
    sc.put(0, "cloth", "Pegasus Cloth")
    sc.put(1, "cloth", "Dragon Cloth")
    sc.hand(1, "Aries Cloth")
    sc.arrive(0, "Ophiuchus Shaina")
    assert sc.names(0, "cloth") == [] and sc.names(0, "discard") == ["Pegasus Cloth"]
    assert sc.names(1, "cloth") == [] and sc.names(1, "discard") == ["Dragon Cloth"]
    assert sc.names(1, "hand") == ["Aries Cloth"]


def test_43_shaina_arrival_with_no_cloth_in_play_does_nothing():
    sc = Scenario()
    sc.hand(0, "Aries Cloth")
    sc.arrive(0, "Ophiuchus Shaina")
    assert sc.names(0, "hand") == ["Aries Cloth"]
    assert sc.count(0, "discard") == 0 and sc.count(1, "discard") == 0


def test_43_shaina_scores_3_plus_1_with_strictly_the_most_silver_saints():
    """VP: 3, +1 if you have the most Silver Saints (Shaina counts; Guilty is no Silver Saint)."""
    sc = Scenario()
    sc.put(0, "discard", "Ophiuchus Shaina")
    sc.put(1, "discard", "Guilty")
    assert sc.score(0) == 4
    sc.put(1, "hand", "Lizard Misty")  # 1 Silver Saint each: a tie
    assert sc.score(0) == 3


# --- 44 Lizard Misty --------------------------------------------------------------------------
def test_44_misty_discard_use_destroys_a_wounded_character_to_draw_2():
    """Discard: destroy one of your wounded Characters to draw 2 cards."""
    sc = Scenario()
    misty = sc.hand(0, "Lizard Misty")
    sc.put(0, "wounded", "Pegasus Seiya (civilian)")
    sc.put(0, "draw", "Jaki")
    sc.put(0, "draw", "Cassios")
    sc.put(0, "draw", "Oko")
    sc.use(0, misty)
    assert sc.names(0, "destroyed") == ["Pegasus Seiya (civilian)"]
    assert sc.names(0, "wounded") == []
    assert sc.names(0, "hand") == ["Cassios", "Oko"]
    assert sc.names(0, "draw") == ["Jaki"]
    assert sc.zone_of(misty) == (0, "discard")


def test_44_misty_discard_use_needs_a_wounded_character():
    """Without a wounded Character the cost cannot be paid: the use is refused, nothing is drawn."""
    sc = Scenario()
    misty = sc.hand(0, "Lizard Misty")
    sc.put(0, "draw", "Oko")
    with pytest.raises(AssertionError, match="illegal"):
        sc.use(0, misty)
    assert sc.zone_of(misty) == (0, "hand")
    assert sc.names(0, "draw") == ["Oko"]


def test_44_misty_arrival_each_player_destroys_a_wounded_character():
    """Arrival: each player destroys one of their wounded Characters (one only; a player with no
    wounded card loses nothing)."""
    sc = Scenario(players=3)
    sc.put(0, "wounded", "Pegasus Seiya (civilian)")
    sc.put(1, "wounded", "Dragon Shiryu (civilian)")
    sc.put(2, "hand", "Cygnus Hyoga (civilian)")
    sc.arrive(1, "Lizard Misty")
    assert sc.names(0, "destroyed") == ["Pegasus Seiya (civilian)"] and sc.count(0, "wounded") == 0
    assert sc.names(1, "destroyed") == ["Dragon Shiryu (civilian)"] and sc.count(1, "wounded") == 0
    assert sc.count(2, "destroyed") == 0 and sc.names(2, "hand") == ["Cygnus Hyoga (civilian)"]


# --- 45 Perseus Algol -------------------------------------------------------------------------
def test_45_algol_defeated_wounds_every_very_common_or_common_fighter():
    """Defeated: every ● or ▲ Character used to fight him is wounded; a ◆ Character and a Cloth
    (▲ but not a Character) that fought him are discarded as usual."""
    sc = Scenario()
    algol = sc.field(2, "Perseus Algol")
    sc.put(0, "cloth", "Pegasus Cloth")
    fight(sc, 0, 2, "Pegasus Seiya", "Pegasus Seiya (civilian)", "Cassios", "Whale Moses")
    sc.cloth_fights(0, 2)
    assert sc.total(0, 2) == 5 and sc.cost(0, 2) == 5
    sc.acquire(0, 2)
    assert sc.names(0, "wounded") == ["Cassios", "Pegasus Seiya", "Pegasus Seiya (civilian)"]
    assert sc.names(0, "discard") == ["Pegasus Cloth", "Perseus Algol", "Whale Moses"]
    assert sc.zone_of(algol) == (0, "discard")


# --- 46 Crow Jamian ---------------------------------------------------------------------------
def test_46_jamian_engagement_swaps_two_field_cards():
    """Engagement: swap the positions of 2 field cards (only two on the field: the swap is forced)."""
    sc = Scenario()
    cassios = sc.field(0, "Cassios")
    marin = sc.field(3, "Eagle Marin")
    jamian = fight(sc, 0, 0, "Crow Jamian")[0]
    assert sc.field_names() == ["Eagle Marin", None, None, "Cassios", None, None]
    assert slot_of(sc, cassios) == 3 and slot_of(sc, marin) == 0
    assert sc.zone_of(jamian) == (0, "play")
    assert sc.flames == 12  # a move within the field is no departure (GEN-4)


def test_46_jamian_with_a_single_field_card_swaps_nothing():
    sc = Scenario()
    sc.field(2, "Cassios")
    fight(sc, 0, 2, "Crow Jamian")
    assert sc.field_names() == [None, None, "Cassios", None, None, None]


# --- 47 Centaurus Babel -----------------------------------------------------------------------
def test_47_babel_defeated_destroys_an_opponents_wounded_character():
    """Defeated: destroy a wounded Character of any player (here only the opponent has one)."""
    sc = Scenario()
    sc.field(0, "Centaurus Babel")
    sc.put(1, "wounded", "Dragon Shiryu (civilian)")
    win_with_strength(sc, 0, 0)
    assert sc.names(1, "destroyed") == ["Dragon Shiryu (civilian)"]
    assert sc.count(1, "wounded") == 0
    assert "Centaurus Babel" in sc.names(0, "discard")


def test_47_babel_defeated_may_hit_the_acquirers_own_wounded_character():
    """'Of any player': when only the acquirer has a wounded Character, that one is destroyed."""
    sc = Scenario()
    sc.field(0, "Centaurus Babel")
    sc.put(0, "wounded", "Pegasus Seiya (civilian)")
    win_with_strength(sc, 0, 0)
    assert sc.names(0, "destroyed") == ["Pegasus Seiya (civilian)"]
    assert sc.count(0, "wounded") == 0


def test_47_babel_defeated_with_no_wounded_character_does_nothing():
    sc = Scenario()
    sc.field(0, "Centaurus Babel")
    sc.hand(1, "Cassios")
    win_with_strength(sc, 0, 0)
    assert sc.count(0, "destroyed") == 0 and sc.count(1, "destroyed") == 0
    assert sc.names(1, "hand") == ["Cassios"]


# --- 48 Hound Asterion ------------------------------------------------------------------------
def test_48_asterion_discard_use_wounds_a_character_in_an_opponents_hand():
    """Discard: look at an opponent's hand, then wound a Character in it (the only opponent with a
    Character in hand is the one hit; Cloths are not Characters)."""
    sc = Scenario(players=3)
    asterion = sc.hand(0, "Hound Asterion")
    sc.hand(1, "Aries Cloth")
    sc.hand(2, "Cassios", "Taurus Cloth")
    sc.use(0, asterion)
    assert sc.zone_of(asterion) == (0, "discard")
    assert sc.names(2, "wounded") == ["Cassios"]
    assert sc.names(2, "hand") == ["Taurus Cloth"]
    assert sc.names(1, "hand") == ["Aries Cloth"] and sc.count(1, "wounded") == 0


def test_48_asterion_discard_use_without_characters_in_opposing_hands_wounds_nothing():
    sc = Scenario()
    asterion = sc.hand(0, "Hound Asterion")
    mine = sc.hand(0, "Cassios")
    sc.hand(1, "Aries Cloth")
    sc.use(0, asterion)
    assert sc.zone_of(asterion) == (0, "discard")
    assert sc.names(1, "hand") == ["Aries Cloth"]
    assert sc.count(0, "wounded") == 0 and sc.count(1, "wounded") == 0
    assert sc.zone_of(mine) == (0, "hand")


# --- 49 Whale Moses ---------------------------------------------------------------------------
def test_49_moses_defeated_clears_common_cards_and_refills_the_field():
    """Defeated: every ●, ▲ and ◆ field card goes to the battlefield discard (★ cards stay), then
    the empty slots are refilled right to left from the reserve."""
    sc = Scenario()
    sc.field(0, "Cassios")           # ●
    sc.field(1, "Libra Cloth")       # ★ Gold Cloth
    sc.field(2, "Geist")             # ▲
    sc.field(3, "Lizard Misty")      # ◆
    sc.field(4, "Scorpio Milo")      # ★ Gold Saint
    moses = sc.field(5, "Whale Moses")
    sc.reserve("Oko", "Jaki", "Phaeton", "Cassios")  # Cassios on top
    assert sc.cost(0, 5) == 5
    win_with_strength(sc, 0, 5)
    assert sc.zone_of(moses) == (0, "discard")
    assert sc.names("common", "field_discard") == ["Cassios", "Geist", "Lizard Misty"]
    assert sc.field_names() == ["Oko", "Libra Cloth", "Jaki", "Phaeton", "Scorpio Milo", "Cassios"]
    assert sc.count("common", "reserve") == 0
    assert sc.flames == 12  # no Gold Saint left the field


def test_49_moses_refill_happens_while_the_fighters_are_still_in_play():
    """Fight sequence (hades.txt): the Defeated effect, here including its refill and the Arrival
    of each revealed card (GEN-3.3), resolves while Moses is pending, before the cards used in
    the fight are discarded. Dohko revealed by the refill finds no Hero in the discard pile."""
    sc = Scenario()
    sc.field(5, "Whale Moses")
    sc.reserve("Libra Dohko")
    fight(sc, 0, 5, *["Pegasus Seiya (civilian)"] * 5)
    sc.acquire(0, 5)
    assert sc.field_names()[5] == "Libra Dohko"
    assert sc.count(0, "hand") == 0
    assert sc.names(0, "discard") == ["Pegasus Seiya (civilian)"] * 5 + ["Whale Moses"]


# --- 50 Auriga Capella ------------------------------------------------------------------------
def test_50_capella_destroy_use_cuts_a_field_characters_strength_cost_by_3():
    """Destroy: a field Character costs 3 Strength less this turn (Cosmos cost unchanged; a Cloth
    is no Character). The cut ends with the turn."""
    sc = Scenario()
    marin = sc.field(0, "Eagle Marin")  # 6 Strength / 4 Cosmos
    sc.field(1, "Aries Cloth")
    capella = sc.hand(0, "Auriga Capella")
    sc.use(0, capella)
    assert sc.zone_of(capella) == (0, "destroyed")
    assert sc.cost(0, 0) == 3
    assert sc.cost(0, 0, "cosmos") == 4
    assert sc.cost(0, 1, "cosmos") == 5
    sc.upkeep(0)  # the field shifts right: Marin to slot 4, the Cloth to slot 5
    assert slot_of(sc, marin) == 4
    assert sc.cost(0, 4) == 6


def test_50_capella_cost_never_drops_below_1():
    sc = Scenario()
    sc.field(0, "Unicorn Jabu")  # 3 Strength / 3 Cosmos
    sc.use(0, sc.hand(0, "Auriga Capella"))
    assert sc.cost(0, 0) == 1
    assert sc.cost(0, 0, "cosmos") == 3


def test_50_capella_with_no_field_character_cannot_be_used():
    sc = Scenario()
    sc.field(0, "Aries Cloth")
    capella = sc.hand(0, "Auriga Capella")
    with pytest.raises(AssertionError, match="illegal"):
        sc.use(0, capella)
    assert sc.zone_of(capella) == (0, "hand")


# --- 51 Cepheus Albiore -----------------------------------------------------------------------
def test_51_albiore_gives_shun_1_cosmos():
    """Every Shun played alongside Albiore gains +1 Cosmos; other Heroes do not."""
    sc = Scenario(heroes=("Shun", "Seiya"))
    sc.field(0, "Whale Moses")
    fight(sc, 0, 0, "Cepheus Albiore")
    assert sc.total(0, 0, "cosmos") == 2
    fight(sc, 0, 0, "Andromeda Shun")
    assert sc.total(0, 0, "cosmos") == 2 + (1 + 1)
    fight(sc, 0, 0, "Andromeda Shun (civilian)")
    assert sc.total(0, 0, "cosmos") == 5
    fight(sc, 0, 0, "Pegasus Seiya")
    assert sc.total(0, 0, "cosmos") == 6


def test_51_albiore_discard_use_takes_a_character_from_the_discard_pile():
    """Discard: take a Character from your discard pile into hand (a Cloth is no Character)."""
    sc = Scenario()
    albiore = sc.hand(0, "Cepheus Albiore")
    sc.put(0, "discard", "Cassios")
    sc.put(0, "discard", "Aries Cloth")
    sc.use(0, albiore)
    assert sc.names(0, "hand") == ["Cassios"]
    assert sc.names(0, "discard") == ["Aries Cloth", "Cepheus Albiore"]


def test_51_albiore_discard_use_needs_a_character_in_the_discard_pile():
    """Only a Cloth in the discard pile (Albiore cannot take himself back): the use is refused."""
    sc = Scenario()
    albiore = sc.hand(0, "Cepheus Albiore")
    sc.put(0, "discard", "Aries Cloth")
    with pytest.raises(AssertionError, match="illegal"):
        sc.use(0, albiore)
    assert sc.zone_of(albiore) == (0, "hand")
    assert sc.names(0, "discard") == ["Aries Cloth"]


# --- 52 Sagitta Ptolemy -----------------------------------------------------------------------
def test_52_ptolemy_wound_use_each_opponent_shuffles_an_athena_into_the_reserve():
    """Wound: each opponent shuffles 1 Athena from hand into the reserve (opponents without one
    lose nothing; the controller's own Athena stays). Ptolemy ends wounded."""
    sc = Scenario(players=3)
    ptolemy = sc.hand(0, "Sagitta Ptolemy")
    my_athena = sc.hand(0, "Athena")
    athena = sc.hand(1, "Athena")
    sc.hand(1, "Cassios")
    sc.hand(2, "Oko")
    sc.use(0, ptolemy)
    assert sc.zone_of(ptolemy) == (0, "wounded")
    assert sc.zone_of(athena) == ("common", "reserve")
    assert sc.names(1, "hand") == ["Cassios"]
    assert sc.names(2, "hand") == ["Oko"]
    assert sc.zone_of(my_athena) == (0, "hand")
    assert sc.count("common", "reserve") == 1


def test_52_ptolemy_arrival_removes_a_flame():
    """Arrival: remove 1 flame from the Clock."""
    sc = Scenario()
    sc.arrive(0, "Sagitta Ptolemy")
    assert sc.flames == 11
    sc.set_flames(1)
    sc.arrive(1, "Sagitta Ptolemy")
    assert sc.flames == 0
    assert sc.field_names()[:2] == ["Sagitta Ptolemy", "Sagitta Ptolemy"]


# --- 53 Canis Major Sirius --------------------------------------------------------------------
def test_53_sirius_wound_use_trades_a_civilian_hero_for_an_armoured_one():
    """Wound: destroy one of your ● Heroes in hand to put one of your (set-aside) ▲ Heroes into
    your discard pile. Sirius ends wounded."""
    sc = Scenario()
    sirius = sc.hand(0, "Canis Major Sirius")
    civ = sc.hand(0, "Pegasus Seiya (civilian)")
    armoured = sc.put(0, "setaside", "Pegasus Seiya")
    sc.use(0, sirius)
    assert sc.zone_of(sirius) == (0, "wounded")
    assert sc.zone_of(civ) == (0, "destroyed")
    assert sc.zone_of(armoured) == (0, "discard")
    assert sc.count(0, "setaside") == 0 and sc.count(0, "hand") == 0


def test_53_sirius_wound_use_needs_a_civilian_hero_in_hand():
    """Cassios (● but no Hero) and an armoured Hero (▲) cannot pay: the use is refused."""
    sc = Scenario()
    sirius = sc.hand(0, "Canis Major Sirius")
    sc.hand(0, "Cassios", "Pegasus Seiya")
    sc.put(0, "setaside", "Pegasus Seiya")
    with pytest.raises(AssertionError, match="illegal"):
        sc.use(0, sirius)
    assert sc.zone_of(sirius) == (0, "hand")
    assert sc.names(0, "setaside") == ["Pegasus Seiya"] and sc.count(0, "destroyed") == 0


# --- 54 Heracles Algethi ----------------------------------------------------------------------
def test_54_algethi_discard_use_lets_strength_buy_cloths_at_their_cosmos_cost():
    """Discard: this turn, field Cloths may be acquired with your Strength at a cost equal to
    their Cosmos cost (other cards keep their costs); bought with Strength, the Cloth goes to the
    discard pile. The rule ends with the turn."""
    sc = Scenario()
    sc.field(0, "Taurus Cloth")
    aries = sc.field(2, "Aries Cloth")
    sc.field(3, "Eagle Marin")
    assert sc.cost(0, 2) == 0 and not sc.can_acquire(0, 2)
    algethi = sc.hand(0, "Heracles Algethi")
    sc.use(0, algethi)
    assert sc.zone_of(algethi) == (0, "discard")
    assert sc.cost(0, 2) == 5
    assert sc.cost(1, 2) == 0  # only for the player who used Algethi
    assert sc.cost(0, 3) == 6
    played = win_with_strength(sc, 0, 2)
    assert len(played) == 5
    assert sc.zone_of(aries) == (0, "discard")
    sc.upkeep(0)
    taurus_slot = sc.field_names().index("Taurus Cloth")
    assert sc.cost(0, taurus_slot) == 0


# --- 55 Cerberus Dante ------------------------------------------------------------------------
def test_55_dante_defeated_takes_the_top_reserve_card_without_its_effects():
    """Defeated: the top reserve card goes to the acquirer's discard pile with no effect: a Gold
    Saint there puts out no flame, a Ptolemy applies no Arrival."""
    sc = Scenario()
    sc.field(0, "Cerberus Dante")
    sc.field(1, "Cerberus Dante")
    ptolemy, milo = sc.reserve("Sagitta Ptolemy", "Scorpio Milo")  # Milo on top
    win_with_strength(sc, 0, 0)
    assert sc.zone_of(milo) == (0, "discard")
    assert sc.insts("common", "reserve") == [ptolemy]
    assert sc.flames == 12
    win_with_strength(sc, 0, 1)
    assert sc.zone_of(ptolemy) == (0, "discard")
    assert sc.count("common", "reserve") == 0
    assert sc.flames == 12
    assert sc.field_names() == [None] * 6


def test_55_dante_defeated_with_an_empty_reserve_takes_nothing():
    sc = Scenario()
    dante = sc.field(0, "Cerberus Dante")
    played = win_with_strength(sc, 0, 0)
    assert sorted(sc.insts(0, "discard")) == sorted(played + [dante])


# --- 56 Musca Dio -----------------------------------------------------------------------------
def test_56_dio_destroy_use_acquires_a_field_cloth():
    """Destroy: acquire 1 Cloth from the field (it goes to the discard pile). Dio is destroyed."""
    sc = Scenario()
    sc.field(1, "Eagle Marin")
    cloth = sc.field(2, "Aries Cloth")
    dio = sc.hand(0, "Musca Dio")
    sc.use(0, dio)
    assert sc.zone_of(dio) == (0, "destroyed")
    assert sc.zone_of(cloth) == (0, "discard")
    assert sc.field_names() == [None, "Eagle Marin", None, None, None, None]


def test_56_dio_with_no_cloth_on_the_field_cannot_be_used():
    sc = Scenario()
    sc.field(1, "Eagle Marin")
    dio = sc.hand(0, "Musca Dio")
    with pytest.raises(AssertionError, match="illegal"):
        sc.use(0, dio)
    assert sc.zone_of(dio) == (0, "hand")


# --- 57 Peacock Shiva -------------------------------------------------------------------------
def test_57_shiva_defeated_wounds_every_fighter_with_cosmos():
    """Defeated: every Character with Cosmos used to fight him is wounded; Characters without
    Cosmos and the Cloth (not a Character) are discarded as usual."""
    sc = Scenario()
    shiva = sc.field(0, "Peacock Shiva")
    sc.put(0, "cloth", "Pegasus Cloth")
    fight(sc, 0, 0, "Pegasus Seiya", "Pegasus Seiya (civilian)", "Whale Moses", "Musca Dio")
    sc.cloth_fights(0, 0)
    assert sc.total(0, 0) == 6 == sc.cost(0, 0)
    sc.acquire(0, 0)
    assert sc.names(0, "wounded") == ["Pegasus Seiya"]
    assert sc.names(0, "discard") == ["Musca Dio", "Peacock Shiva", "Pegasus Cloth",
                                      "Pegasus Seiya (civilian)", "Whale Moses"]
    assert sc.zone_of(shiva) == (0, "discard")


# --- 58 Lotus Aghora --------------------------------------------------------------------------
def test_58_aghora_defeated_wounds_every_fighter_without_cosmos():
    """Defeated: every Character without Cosmos used to fight him is wounded; a Character with
    Cosmos and the Cloth are discarded as usual."""
    sc = Scenario()
    aghora = sc.field(0, "Lotus Aghora")
    sc.put(0, "cloth", "Pegasus Cloth")
    fight(sc, 0, 0, "Pegasus Seiya", "Pegasus Seiya (civilian)", "Whale Moses", "Musca Dio")
    sc.cloth_fights(0, 0)
    assert sc.total(0, 0) == 6 == sc.cost(0, 0)
    sc.acquire(0, 0)
    assert sc.names(0, "wounded") == ["Musca Dio", "Pegasus Seiya (civilian)", "Whale Moses"]
    assert sc.names(0, "discard") == ["Lotus Aghora", "Pegasus Cloth", "Pegasus Seiya"]
    assert sc.zone_of(aghora) == (0, "discard")


# --- 59 Tarantula Arachne ---------------------------------------------------------------------
def test_59_arachne_defeated_opponents_discard_every_cloth_in_hand():
    """Defeated: each opponent discards every Cloth in hand; their other cards, their equipped
    Cloth and the acquirer's own Cloths stay."""
    sc = Scenario()
    sc.field(0, "Tarantula Arachne")
    mine = sc.hand(0, "Pegasus Cloth")
    sc.hand(1, "Aries Cloth", "Dragon Cloth", "Cassios")
    sc.put(1, "cloth", "Taurus Cloth")
    win_with_strength(sc, 0, 0)
    assert sc.names(1, "discard") == ["Aries Cloth", "Dragon Cloth"]
    assert sc.names(1, "hand") == ["Cassios"]
    assert sc.names(1, "cloth") == ["Taurus Cloth"]
    assert sc.zone_of(mine) == (0, "hand")


# --- 60 Guilty --------------------------------------------------------------------------------
def test_60_guilty_gives_ikki_1_cosmos():
    """Every Ikki played alongside Guilty gains +1 Cosmos; other Heroes do not."""
    sc = Scenario(heroes=("Ikki", "Seiya"))
    sc.field(0, "Whale Moses")
    fight(sc, 0, 0, "Guilty")
    assert sc.total(0, 0, "cosmos") == 1
    fight(sc, 0, 0, "Phoenix Ikki (civilian)")
    assert sc.total(0, 0, "cosmos") == 1 + (0 + 1)
    fight(sc, 0, 0, "Phoenix Ikki")  # 1 Cosmos, +1 (empty discard pile: its Engagement is idle)
    assert sc.total(0, 0, "cosmos") == 4
    fight(sc, 0, 0, "Pegasus Seiya")
    assert sc.total(0, 0, "cosmos") == 5


def test_60_guilty_engagement_shuffles_the_discard_pile_into_the_draw_pile():
    """Engagement: your discard pile goes into your draw pile, which is shuffled."""
    sc = Scenario()
    sc.field(0, "Whale Moses")
    sc.put(0, "discard", "Cassios")
    sc.put(0, "discard", "Oko")
    sc.put(0, "draw", "Jaki")
    sc.put(1, "discard", "Phaeton")
    guilty = fight(sc, 0, 0, "Guilty")[0]
    assert sc.names(0, "draw") == ["Cassios", "Jaki", "Oko"]
    assert sc.count(0, "discard") == 0
    assert sc.names(1, "discard") == ["Phaeton"]
    assert sc.zone_of(guilty) == (0, "play")


# --- 61 Docrates ------------------------------------------------------------------------------
def test_61_docrates_discard_use_clears_very_common_and_common_cards_then_refills():
    """Discard: every ● and ▲ field card goes to the battlefield discard (◆ and ★ stay), then the
    empty slots are refilled right to left; an empty reserve leaves the last slots empty (R8)."""
    sc = Scenario()
    sc.field(0, "Cassios")        # ●
    sc.field(1, "Geist")          # ▲
    sc.field(2, "Lizard Misty")   # ◆
    sc.field(3, "Scorpio Milo")   # ★
    sc.field(4, "Aries Cloth")    # ★
    sc.reserve("Jaki", "Oko")     # Oko on top
    docrates = sc.hand(0, "Docrates")
    sc.use(0, docrates)
    assert sc.zone_of(docrates) == (0, "discard")
    assert sc.names("common", "field_discard") == ["Cassios", "Geist"]
    assert sc.field_names() == [None, "Jaki", "Lizard Misty", "Scorpio Milo", "Aries Cloth", "Oko"]
    assert sc.flames == 12


# --- 62 Crystal Saint -------------------------------------------------------------------------
def test_62_crystal_saint_gives_hyoga_1_cosmos():
    """Every Hyoga played alongside Crystal Saint gains +1 Cosmos; other Heroes do not."""
    sc = Scenario(heroes=("Hyoga", "Seiya"))
    sc.field(0, "Whale Moses")
    fight(sc, 0, 0, "Crystal Saint")  # nothing to draw or discard
    assert sc.total(0, 0, "cosmos") == 1
    fight(sc, 0, 0, "Cygnus Hyoga (civilian)")
    assert sc.total(0, 0, "cosmos") == 2
    fight(sc, 0, 0, "Cygnus Hyoga")
    assert sc.total(0, 0, "cosmos") == 4
    fight(sc, 0, 0, "Pegasus Seiya")
    assert sc.total(0, 0, "cosmos") == 5


def test_62_crystal_saint_engagement_draws_1_then_discards_1():
    """Engagement: draw 1 card, then discard 1 card from hand (the drawn card is the only one)."""
    sc = Scenario()
    sc.field(0, "Whale Moses")
    sc.put(0, "draw", "Oko")
    sc.put(0, "draw", "Cassios")  # top
    crystal = fight(sc, 0, 0, "Crystal Saint")[0]
    assert sc.names(0, "hand") == []
    assert sc.names(0, "discard") == ["Cassios"]
    assert sc.names(0, "draw") == ["Oko"]
    assert sc.zone_of(crystal) == (0, "play")


def test_62_crystal_saint_with_nothing_to_draw_discards_nothing():
    """GEN-22: "draw 1 card, then discard 1 card": no card to draw, no discard."""
    sc = Scenario()
    sc.field(0, "Whale Moses")
    oko = sc.hand(0, "Oko")
    fight(sc, 0, 0, "Crystal Saint")
    assert sc.zone_of(oko) == (0, "hand") and sc.names(0, "discard") == []


# --- 63 Geist ---------------------------------------------------------------------------------
def test_63_geist_discard_use_acquires_a_ghost_saint_from_the_field():
    """Discard: acquire for free 1 Ghost Saint on the field (it goes to the discard pile)."""
    sc = Scenario()
    sc.field(1, "Cassios")
    serpent = sc.field(2, "Sea Serpent")
    geist = sc.hand(0, "Geist")
    sc.use(0, geist)
    assert sc.zone_of(serpent) == (0, "discard")
    assert sc.zone_of(geist) == (0, "discard")
    assert sc.field_names() == [None, "Cassios", None, None, None, None]


def test_63_geist_with_no_ghost_saint_on_the_field_cannot_be_used():
    sc = Scenario()
    sc.field(1, "Cassios")
    geist = sc.hand(0, "Geist")
    with pytest.raises(AssertionError, match="illegal"):
        sc.use(0, geist)
    assert sc.zone_of(geist) == (0, "hand")


def test_63_geist_arrival_each_player_destroys_a_character_in_hand():
    """Arrival: each player destroys a Character in hand (a Cloth is none; one card only)."""
    sc = Scenario(players=3)
    sc.hand(0, "Cassios", "Aries Cloth")
    sc.hand(1, "Oko")
    sc.hand(2, "Taurus Cloth")
    sc.arrive(4, "Geist")
    assert sc.names(0, "destroyed") == ["Cassios"] and sc.names(0, "hand") == ["Aries Cloth"]
    assert sc.names(1, "destroyed") == ["Oko"] and sc.names(1, "hand") == []
    assert sc.names(2, "destroyed") == [] and sc.names(2, "hand") == ["Taurus Cloth"]
