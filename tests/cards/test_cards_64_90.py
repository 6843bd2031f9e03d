"""Scenario tests for the base cards #64-90 (Ghost, Black, Steel and secondary Bronze Saints,
Reda/Spica, and the unaffiliated ● cards).

Each test builds a small state by hand (tests/scenario.py), applies the card the way a player
does (play it, use it, acquire it, or reveal it on the field) and checks the exact outcome.
Choices are forced (a single legal candidate) wherever the result could depend on a policy.
"""
import pytest

from sim.scenario import Scenario

SEIYA_CIV = "Pegasus Seiya (civilian)"
SHIRYU_CIV = "Dragon Shiryu (civilian)"
HYOGA_CIV = "Cygnus Hyoga (civilian)"
SHUN_CIV = "Andromeda Shun (civilian)"
IKKI_CIV = "Phoenix Ikki (civilian)"


# --- #64 Sea Serpent: can only be fought by at least 3 Characters --------------------------------
def test_64_sea_serpent_needs_three_fighters():
    """Sea Serpent (3 Strength) cannot be acquired by 2 Characters, even with enough Strength."""
    sc = Scenario()
    sc.field(2, "Sea Serpent")
    sc.play(0, sc.hand(0, "Black Pegasus"), 2)
    sc.play(0, sc.hand(0, "Cassios"), 2)
    assert sc.total(0, 2) == 3 and sc.cost(0, 2) == 3
    assert not sc.can_acquire(0, 2)
    sc.play(0, sc.hand(0, SEIYA_CIV), 2)
    assert sc.can_acquire(0, 2)
    sc.acquire(0, 2)
    assert sc.field_names()[2] is None
    assert sc.names(0, "discard") == sorted(["Sea Serpent", "Black Pegasus", "Cassios", SEIYA_CIV])


def test_64_sea_serpent_cloth_is_not_a_character():
    """GEN-19: a Cloth is not a Character, so 2 Characters + the Cloth are not enough."""
    sc = Scenario()
    sc.field(2, "Sea Serpent")
    sc.play(0, sc.hand(0, "Black Pegasus"), 2)
    sc.play(0, sc.hand(0, "Cassios"), 2)
    sc.equip(0, sc.hand(0, "Pegasus Cloth"))
    sc.cloth_fights(0, 2)
    assert sc.total(0, 2) == 3
    assert not sc.can_acquire(0, 2)


# --- #65 Dolphin: you must discard a card from your hand to fight it -----------------------------
def test_65_dolphin_costs_a_discard_to_fight():
    """Facing Dolphin discards one other hand card, once per fight; with no other card in hand
    Dolphin cannot be faced."""
    sc = Scenario()
    sc.field(2, "Dolphin")
    sc.field(3, "Oko")
    lone = sc.hand(0, SEIYA_CIV)
    with pytest.raises(AssertionError, match="illegal"):
        sc.play(0, lone, 2)          # nothing else in hand to discard
    assert sc.names(0, "hand") == [SEIYA_CIV]
    sc.play(0, lone, 3)              # other field cards need no discard
    assert sc.names(0, "hand") == [] and sc.names(0, "discard") == []

    sc = Scenario()
    sc.field(2, "Dolphin")
    first, cassios = sc.hand(0, SEIYA_CIV, "Cassios")
    sc.play(0, first, 2)
    assert sc.zone_of(cassios) == (0, "discard")
    assert sc.names(0, "hand") == []
    second = sc.hand(0, SHIRYU_CIV, "Oko")[0]
    sc.play(0, second, 2)                    # the second fighter pays nothing more
    assert sc.names(0, "hand") == ["Oko"] and sc.names(0, "discard") == ["Cassios"]
    assert sc.total(0, 2) == 2 and not sc.can_acquire(0, 2)
    sc.play(0, sc.hand(0, "Black Pegasus"), 2)
    sc.acquire(0, 2)
    assert sc.names(0, "discard") == sorted(["Cassios", "Dolphin", SEIYA_CIV, SHIRYU_CIV, "Black Pegasus"])
    assert sc.names(0, "hand") == ["Oko"]


def test_65_dolphin_cloth_facing_it_also_pays_the_discard():
    """Fight sequence step 1: the condition to face a card applies to the equipped Cloth too."""
    sc = Scenario()
    sc.field(2, "Dolphin")
    sc.hand(0, "Cassios")
    sc.put(0, "cloth", "Pegasus Cloth")
    sc.cloth_fights(0, 2)
    assert sc.names(0, "hand") == []
    assert sc.names(0, "discard") == ["Cassios"]


# --- #66 Jellyfish Kuraggu: no other Saint can be acquired while it is on the field --------------
def test_66_kuraggu_forbids_acquiring_other_saints():
    """Other Saints are blocked, non-Saints are not, Kuraggu itself can be acquired, and the ban
    ends when it leaves the field."""
    sc = Scenario()
    sc.field(0, "Jellyfish Kuraggu")
    sc.field(2, "Black Pegasus")
    sc.field(3, "Phaeton")
    for name in ("Black Pegasus", "Cassios", "Sea Serpent"):
        sc.play(0, sc.hand(0, name), 2)      # 5 Strength against Black Pegasus (cost 4)
    assert sc.total(0, 2) == 5 and sc.cost(0, 2) == 4
    assert not sc.can_acquire(0, 2)
    sc.play(0, sc.hand(0, "Black Dragon"), 3)
    assert sc.can_acquire(0, 3)              # Phaeton is not a Saint
    sc.acquire(0, 3)
    assert "Phaeton" in sc.names(0, "discard")
    for name in ("Black Cygnus", "Dolphin"):
        sc.play(0, sc.hand(0, name), 0)      # 4 Strength against Kuraggu (cost 3)
    assert sc.can_acquire(0, 0)
    sc.acquire(0, 0)
    assert "Jellyfish Kuraggu" in sc.names(0, "discard")
    assert sc.can_acquire(0, 2)              # the ban is gone with Kuraggu
    sc.acquire(0, 2)
    assert sc.field_names() == [None] * 6


def test_66_kuraggu_ban_concerns_field_cards_only():
    """GEN-16: Jango taking a Black Saint from an opponent's discard pile is not blocked."""
    sc = Scenario()
    sc.field(0, "Jellyfish Kuraggu")
    sc.put(1, "discard", "Black Dragon")
    sc.use(0, sc.hand(0, "Jango"))
    assert sc.names(0, "discard") == ["Black Dragon", "Jango"]


def test_66_kuraggu_also_forbids_acquiring_a_saint_by_effect():
    """GEN-5: an acquisition by effect is an acquisition; Geist may only take Kuraggu itself."""
    sc = Scenario()
    sc.field(0, "Jellyfish Kuraggu")
    sc.field(1, "Sea Serpent")
    sc.use(0, sc.hand(0, "Geist"))
    assert sc.field_names()[1] == "Sea Serpent"
    assert "Sea Serpent" not in sc.names(0, "discard")


# --- #67 Flame Saint: Engagement: a player puts one of their destroyed ● Heroes on their draw pile -
def test_67_flame_saint_returns_a_destroyed_civilian_to_the_draw_top():
    """The chosen player's destroyed ● Hero goes on top of their draw pile."""
    sc = Scenario()
    sc.field(0, "Oko")
    sc.put(0, "draw", "Cassios")
    seiya = sc.put(0, "destroyed", SEIYA_CIV)
    sc.put(0, "destroyed", "Pegasus Seiya")   # ▲: not eligible
    sc.play(0, sc.hand(0, "Flame Saint"), 0)
    assert sc.insts(0, "draw")[-1] == seiya
    assert sc.names(0, "draw") == ["Cassios", SEIYA_CIV]
    assert sc.names(0, "destroyed") == ["Pegasus Seiya"]


def test_67_flame_saint_can_target_an_opponent():
    """Only seat 1 has a destroyed ● Hero: it goes on top of seat 1's draw pile."""
    sc = Scenario()
    sc.field(0, "Oko")
    sc.put(1, "draw", "Jaki")
    shiryu = sc.put(1, "destroyed", SHIRYU_CIV)
    sc.play(0, sc.hand(0, "Flame Saint"), 0)
    assert sc.insts(1, "draw")[-1] == shiryu
    assert sc.names(1, "destroyed") == []
    assert sc.names(0, "draw") == []


def test_67_flame_saint_without_destroyed_civilian_does_nothing():
    """A destroyed ▲ Hero or a ● non-Hero (Cassios) is not a destroyed ● Hero: nothing moves."""
    sc = Scenario()
    sc.field(0, "Oko")
    sc.put(0, "destroyed", "Pegasus Seiya")
    sc.put(1, "destroyed", "Cassios")
    sc.play(0, sc.hand(0, "Flame Saint"), 0)
    assert sc.names(0, "destroyed") == ["Pegasus Seiya"]
    assert sc.names(1, "destroyed") == ["Cassios"]
    assert sc.count(0, "draw") == 0 and sc.count(1, "draw") == 0


# --- #68 Spartan: Arrival: each player may wound a Character in hand to draw 1 --------------------
def test_68_spartan_arrival_wound_a_hand_character_to_draw():
    """Each player with a Character in hand may wound it to draw 1 (the 'value' policy pays with a
    civilian Hero); a player with no Character in hand neither wounds nor draws."""
    sc = Scenario(players=3)
    sc.hand(0, SEIYA_CIV)
    sc.put(0, "draw", "Cassios")
    sc.hand(1, SHIRYU_CIV)
    sc.put(1, "draw", "Oko")
    sc.hand(2, "Cygnus Cloth")                # a Cloth is not a Character
    sc.put(2, "draw", "Jaki")
    sc.arrive(1, "Spartan")
    assert sc.names(0, "wounded") == [SEIYA_CIV] and sc.names(0, "hand") == ["Cassios"]
    assert sc.names(1, "wounded") == [SHIRYU_CIV] and sc.names(1, "hand") == ["Oko"]
    assert sc.names(2, "wounded") == [] and sc.names(2, "hand") == ["Cygnus Cloth"]
    assert sc.names(2, "draw") == ["Jaki"]
    assert sc.field_names()[1] == "Spartan"


# --- #69 Reda and #70 Spica: +1 Strength together; 2 VP only if you also own the other ---------
def test_69_reda_strength_bonus_alongside_spica():
    """Reda fights for 1, or 2 when Spica faces the same card (and Spica gets +1 too)."""
    sc = Scenario()
    sc.field(0, "Oko")
    sc.field(1, "Jaki")
    sc.play(0, sc.hand(0, "Reda"), 0)
    assert sc.total(0, 0) == 1
    sc.play(0, sc.hand(0, "Spica"), 1)       # Spica on another fight: no bonus
    assert sc.total(0, 0) == 1 and sc.total(0, 1) == 1
    sc.play(0, sc.hand(0, "Spica"), 0)
    assert sc.total(0, 0) == 4
    assert sc.can_acquire(0, 0)               # Oko costs 3


def test_69_reda_scores_2_only_with_a_spica():
    """Reda is worth 0 VP alone, 2 if its owner also owns a Spica (an opponent's does not count)."""
    sc = Scenario()
    sc.put(0, "discard", "Reda")
    sc.put(1, "hand", "Spica")
    assert sc.score(0) == 0
    assert sc.score(1) == 0
    sc.put(0, "wounded", "Spica")
    assert sc.score(0) == 4                   # Reda 2 + Spica 2
    sc.put(0, "draw", "Reda")
    assert sc.score(0) == 6


def test_70_spica_strength_bonus_alongside_reda():
    """Spica fights for 1, or 2 when Reda faces the same card."""
    sc = Scenario()
    sc.field(0, "Oko")
    sc.field(1, "Jaki")
    sc.play(0, sc.hand(0, "Spica"), 1)
    sc.play(0, sc.hand(0, "Reda"), 0)
    assert sc.total(0, 1) == 1
    sc.play(0, sc.hand(0, "Cassios"), 1)
    assert sc.total(0, 1) == 2
    sc.play(0, sc.hand(0, "Reda"), 1)
    assert sc.total(0, 1) == 5                # Spica 2 + Cassios 1 + Reda 2


def test_70_spica_scores_2_only_with_a_reda():
    """Spica is worth 0 VP alone, 2 if its owner also owns a Reda; destroyed cards are not owned."""
    sc = Scenario()
    sc.put(0, "hand", "Spica")
    sc.put(0, "destroyed", "Reda")
    assert sc.score(0) == 0
    sc.put(0, "discard", "Reda")
    assert sc.score(0) == 4


# --- #71 Jango ------------------------------------------------------------------------------------
def test_71_jango_discard_takes_a_black_saint_from_an_opponent():
    """Jango's Discard moves a Black Saint other than Jango from the opponent's discard pile into
    the user's discard pile; Jango itself goes to the discard pile."""
    sc = Scenario()
    sc.put(1, "discard", "Jango")
    dragon = sc.put(1, "discard", "Black Dragon")
    sc.put(1, "discard", "Sky Cloth Sho")
    sc.put(0, "discard", "Black Cygnus")      # already the user's own: stays put
    sc.use(0, sc.hand(0, "Jango"))
    assert sc.zone_of(dragon) == (0, "discard")
    assert sc.names(0, "discard") == ["Black Cygnus", "Black Dragon", "Jango"]
    assert sc.names(1, "discard") == ["Jango", "Sky Cloth Sho"]


def test_71_jango_discard_finds_no_black_saint_other_than_jango():
    """An opponent's Jango cannot be taken (not Jango), nor a non-Black Saint: nothing moves."""
    sc = Scenario()
    sc.put(1, "discard", "Jango")
    sc.put(1, "discard", "Sky Cloth Sho")
    jango = sc.hand(0, "Jango")
    sc.use(0, jango)
    assert sc.names(0, "discard") == ["Jango"]
    assert sc.names(1, "discard") == ["Jango", "Sky Cloth Sho"]


def test_71_jango_scores_1_per_differently_named_black_saint():
    """Jango counts distinct Black Saint names in its owner's deck (itself included; copies and
    destroyed cards do not add)."""
    sc = Scenario()
    sc.put(0, "discard", "Jango")
    assert sc.score(0) == 1
    sc.put(0, "hand", "Black Pegasus")
    sc.put(0, "draw", "Black Pegasus")
    sc.put(0, "wounded", "Black Dragon")
    sc.put(0, "destroyed", "Black Cygnus")
    sc.put(0, "discard", "Sky Cloth Sho")    # a Steel Saint: its own 1 VP only
    assert sc.score(0) == 3 + 1
    sc.put(1, "discard", "Black Andromeda")  # the opponent's cards do not count
    assert sc.score(0) == 4


# --- #72-76 the Black Saints: cost 2 Strength less if their Hero fights them -----------------------
def _black_saint_discount(black, hero_civ, other_civ):
    sc = Scenario()
    sc.field(2, black)
    assert sc.cost(0, 2) == 4 and sc.cost(0, 2, "cosmos") == 0
    sc.play(0, sc.hand(0, other_civ), 2)
    assert sc.cost(0, 2) == 4 and not sc.can_acquire(0, 2)
    sc.play(0, sc.hand(0, hero_civ), 2)
    assert sc.cost(0, 2) == 2 and sc.total(0, 2) == 2
    sc.acquire(0, 2)
    assert sc.names(0, "discard") == sorted([black, hero_civ, other_civ])
    # in the last slot the discounts add up, down to 1
    sc = Scenario()
    sc.field(5, black)
    sc.play(0, sc.hand(0, hero_civ), 5)
    assert sc.cost(0, 5) == 1 and sc.can_acquire(0, 5)


def test_72_black_pegasus_discount_when_any_seiya_fights():
    """Black Pegasus costs 4, or 2 with a Seiya among the fighters (the ▲ Seiya too)."""
    _black_saint_discount("Black Pegasus", SEIYA_CIV, SHIRYU_CIV)
    sc = Scenario()
    sc.field(0, "Black Pegasus")
    sc.play(0, sc.hand(0, "Pegasus Seiya"), 0)
    assert sc.cost(0, 0) == 2


def test_72_black_pegasus_not_discounted_by_the_pegasus_cloth():
    """GEN-19: the Pegasus Cloth is not a Character, so it is not Seiya: no discount."""
    sc = Scenario()
    sc.field(2, "Black Pegasus")
    sc.play(0, sc.hand(0, SHIRYU_CIV), 2)
    sc.put(0, "cloth", "Pegasus Cloth")
    sc.cloth_fights(0, 2)
    assert sc.cost(0, 2) == 4


def test_73_black_dragon_discount_when_shiryu_fights():
    """Black Dragon costs 4, or 2 with Shiryu among the fighters."""
    _black_saint_discount("Black Dragon", SHIRYU_CIV, HYOGA_CIV)


def test_74_black_cygnus_discount_when_hyoga_fights():
    """Black Cygnus costs 4, or 2 with Hyoga among the fighters."""
    _black_saint_discount("Black Cygnus", HYOGA_CIV, SHUN_CIV)


def test_75_black_andromeda_discount_when_shun_fights():
    """Black Andromeda costs 4, or 2 with Shun among the fighters."""
    _black_saint_discount("Black Andromeda", SHUN_CIV, IKKI_CIV)


def test_76_black_phoenix_discount_when_ikki_fights():
    """Black Phoenix costs 4, or 2 with Ikki among the fighters."""
    _black_saint_discount("Black Phoenix", IKKI_CIV, SEIYA_CIV)


# --- #77 Sky Cloth Sho: Saints fighting alongside Sho cannot be wounded -----------------------------
def test_77_sho_protects_saints_alongside_him_from_wounds():
    """Algol's Defeated wounds every ● or ▲ Character that fought him: with Sho, the Saints beside
    him (Black Pegasus, the ▲ Seiya) are not wounded; the ● Hero (not a Saint) and Sho himself are."""
    sc = Scenario()
    sc.field(5, "Perseus Algol")                       # 5 - 1 = 4 Strength
    for name in ("Sky Cloth Sho", "Black Pegasus", "Pegasus Seiya", SEIYA_CIV):
        sc.play(0, sc.hand(0, name), 5)
    assert sc.total(0, 5) == 5
    sc.acquire(0, 5)
    assert sc.names(0, "wounded") == sorted([SEIYA_CIV, "Sky Cloth Sho"])
    assert sc.names(0, "discard") == sorted(["Perseus Algol", "Black Pegasus", "Pegasus Seiya"])


def test_77_without_sho_the_saints_are_wounded():
    """The same fight without Sho: every ● or ▲ fighter is wounded."""
    sc = Scenario()
    sc.field(5, "Perseus Algol")
    for name in ("Cassios", "Black Pegasus", "Pegasus Seiya"):
        sc.play(0, sc.hand(0, name), 5)
    sc.acquire(0, 5)
    assert sc.names(0, "wounded") == sorted(["Cassios", "Black Pegasus", "Pegasus Seiya"])
    assert sc.names(0, "discard") == ["Perseus Algol"]


# --- #78 Marine Cloth Ushio: +1 Strength per ▲ Hero fighting alongside him ------------------------
def test_78_ushio_gains_strength_per_armoured_hero_alongside():
    """Ushio: 1 Strength, +1 per ▲ Hero beside him (● Heroes and ▲ non-Heroes do not count)."""
    sc = Scenario()
    sc.field(0, "Aries Mu")
    sc.field(1, "Oko")
    sc.play(0, sc.hand(0, "Marine Cloth Ushio"), 0)
    assert sc.total(0, 0) == 1
    sc.play(0, sc.hand(0, SEIYA_CIV), 0)
    sc.play(0, sc.hand(0, "Black Pegasus"), 0)
    assert sc.total(0, 0) == 1 + 1 + 2
    sc.play(0, sc.hand(0, "Pegasus Seiya"), 1)          # a ▲ Hero in another fight
    assert sc.total(0, 0) == 4
    sc.play(0, sc.hand(0, "Pegasus Seiya"), 0)
    sc.play(0, sc.hand(0, "Cygnus Hyoga"), 0)
    assert sc.total(0, 0) == (1 + 2) + 1 + 2 + 1 + 1


# --- #79 Land Cloth Daichi: the Saint he faces costs 1 Cosmos less per Hero alongside -------------
def test_79_daichi_cuts_the_cosmos_cost_of_the_saint_he_faces():
    """Unicorn Jabu (3/3): -1 Cosmos per Hero beside Daichi, never below 1; Strength unchanged;
    non-Heroes do not count; a faced non-Saint (a Gold Cloth) gets no cut."""
    sc = Scenario()
    sc.field(1, "Unicorn Jabu")
    sc.field(2, "Aries Cloth")
    sc.play(0, sc.hand(0, "Land Cloth Daichi"), 1)
    assert sc.cost(0, 1, "cosmos") == 3
    sc.play(0, sc.hand(0, "Black Pegasus"), 1)         # not a Hero
    assert sc.cost(0, 1, "cosmos") == 3
    sc.play(0, sc.hand(0, "Pegasus Seiya"), 1)
    assert sc.cost(0, 1, "cosmos") == 2 and sc.cost(0, 1) == 3
    sc.play(0, sc.hand(0, SEIYA_CIV), 1)
    sc.play(0, sc.hand(0, "Cygnus Hyoga"), 1)
    assert sc.cost(0, 1, "cosmos") == 1                # 3 - 3, minimum 1
    sc.play(0, sc.hand(0, SHIRYU_CIV), 1)
    assert sc.cost(0, 1, "cosmos") == 1
    assert sc.total(0, 1, "cosmos") == 3
    sc.acquire(0, 1, "cosmos")
    assert sc.names(0, "hand") == ["Unicorn Jabu"]     # won with Cosmos: to the hand
    # a Gold Cloth is not a Saint
    sc.play(0, sc.hand(0, "Land Cloth Daichi"), 2)
    sc.play(0, sc.hand(0, "Pegasus Seiya"), 2)
    assert sc.cost(0, 2, "cosmos") == 5


# --- #80 Unicorn Jabu: Discard: each opponent discards 1 Hero from their hand ----------------------
def test_80_jabu_discard_each_opponent_discards_a_hero():
    """Each opponent with a Hero in hand discards one; an opponent without one keeps their hand; the
    user's own Hero is untouched."""
    sc = Scenario(players=3)
    sc.hand(0, SEIYA_CIV)
    sc.hand(1, SHIRYU_CIV, "Cassios")
    sc.hand(2, "Oko", "Black Cygnus")                 # no Hero in hand
    sc.use(0, sc.hand(0, "Unicorn Jabu"))
    assert sc.names(0, "hand") == [SEIYA_CIV] and sc.names(0, "discard") == ["Unicorn Jabu"]
    assert sc.names(1, "hand") == ["Cassios"] and sc.names(1, "discard") == [SHIRYU_CIV]
    assert sc.names(2, "hand") == ["Black Cygnus", "Oko"] and sc.names(2, "discard") == []


# --- #81 Hydra Ichi: Discard: each opponent wounds every ▲ Hero in their discard pile -------------
def test_81_ichi_discard_wounds_armoured_heroes_in_opponents_discard():
    """Every ▲ Hero in each opponent's discard pile is wounded; ● Heroes, ▲ non-Heroes and the user's
    own ▲ Hero stay in the discard piles."""
    sc = Scenario(players=3)
    sc.put(0, "discard", "Pegasus Seiya")
    for name in ("Dragon Shiryu", "Dragon Shiryu", SHIRYU_CIV, "Black Dragon"):
        sc.put(1, "discard", name)
    sc.put(2, "discard", HYOGA_CIV)
    sc.use(0, sc.hand(0, "Hydra Ichi"))
    assert sc.names(1, "wounded") == ["Dragon Shiryu", "Dragon Shiryu"]
    assert sc.names(1, "discard") == ["Black Dragon", SHIRYU_CIV]
    assert sc.names(2, "wounded") == [] and sc.names(2, "discard") == [HYOGA_CIV]
    assert sc.names(0, "wounded") == []
    assert sc.names(0, "discard") == ["Hydra Ichi", "Pegasus Seiya"]


# --- #82 Wolf Nachi: Discard: each opponent discards their Cloth in play ---------------------------
def test_82_nachi_discard_strips_opponents_cloths():
    """Each opponent's equipped Cloth goes to their discard pile; the user's Cloth and a Cloth in hand
    are untouched."""
    sc = Scenario(players=3)
    sc.put(0, "cloth", "Pegasus Cloth")
    sc.put(1, "cloth", "Dragon Cloth")
    sc.hand(2, "Cygnus Cloth")                       # in hand, not in play: kept
    sc.use(0, sc.hand(0, "Wolf Nachi"))
    assert sc.names(0, "cloth") == ["Pegasus Cloth"]
    assert sc.names(0, "discard") == ["Wolf Nachi"]
    assert sc.names(1, "cloth") == [] and sc.names(1, "discard") == ["Dragon Cloth"]
    assert sc.names(2, "hand") == ["Cygnus Cloth"] and sc.names(2, "discard") == []


# --- #83 Lionet Ban: Wound: each opponent wounds a Saint in their hand ----------------------------
def test_83_ban_wound_each_opponent_wounds_a_hand_saint():
    """Each opponent wounds a Saint from hand (the ▲ Hero is a Bronze Saint, the ● one is not); Ban
    pays by being wounded."""
    sc = Scenario(players=3)
    sc.hand(0, "Pegasus Seiya")
    sc.hand(1, "Dragon Shiryu", SHIRYU_CIV)
    sc.hand(2, HYOGA_CIV, "Cassios")                 # no Saint in hand
    ban = sc.hand(0, "Lionet Ban")
    sc.use(0, ban)
    assert sc.zone_of(ban) == (0, "wounded")          # the Wound use wounds Ban himself
    assert sc.names(0, "hand") == ["Pegasus Seiya"]
    assert sc.names(1, "wounded") == ["Dragon Shiryu"] and sc.names(1, "hand") == [SHIRYU_CIV]
    assert sc.names(2, "wounded") == [] and sc.count(2, "hand") == 2


# --- #84 Bear Geki: Discard: swap a ▲ Hero in a player's discard with a destroyed ● Hero -----------
def test_84_geki_swaps_a_discarded_armoured_hero_with_a_destroyed_civilian():
    """Only seat 1 has both a ▲ Hero in its discard pile and a destroyed ● Hero."""
    sc = Scenario(players=3)
    sc.put(0, "discard", "Pegasus Seiya")            # no destroyed ● Hero
    armoured = sc.put(1, "discard", "Dragon Shiryu")
    civ = sc.put(1, "destroyed", SHIRYU_CIV)
    sc.put(2, "destroyed", HYOGA_CIV)                # no ▲ Hero in the discard pile
    sc.use(0, sc.hand(0, "Bear Geki"))
    assert sc.zone_of(armoured) == (1, "destroyed")
    assert sc.zone_of(civ) == (1, "discard")
    assert sc.names(0, "discard") == ["Bear Geki", "Pegasus Seiya"]
    assert sc.names(2, "destroyed") == [HYOGA_CIV]


def test_84_geki_can_swap_for_its_own_player():
    """Only the user qualifies: the swap happens in the user's own piles."""
    sc = Scenario()
    armoured = sc.put(0, "discard", "Pegasus Seiya")
    civ = sc.put(0, "destroyed", SEIYA_CIV)
    sc.put(1, "discard", "Dragon Shiryu")
    sc.use(0, sc.hand(0, "Bear Geki"))
    assert sc.zone_of(armoured) == (0, "destroyed")
    assert sc.zone_of(civ) == (0, "discard")
    assert sc.names(1, "discard") == ["Dragon Shiryu"]


def test_84_geki_without_a_complete_pair_does_nothing():
    """No player has both a ▲ Hero in the discard pile and a destroyed ● Hero: nothing moves."""
    sc = Scenario()
    sc.put(0, "discard", "Pegasus Seiya")
    sc.put(1, "destroyed", SHIRYU_CIV)
    sc.use(0, sc.hand(0, "Bear Geki"))
    assert sc.names(0, "discard") == ["Bear Geki", "Pegasus Seiya"]
    assert sc.names(0, "destroyed") == []
    assert sc.names(1, "destroyed") == [SHIRYU_CIV] and sc.names(1, "discard") == []


# --- #85 Chameleon June ---------------------------------------------------------------------------
def test_85_june_engagement_heals_one_wounded_character():
    """Played from hand, June heals one of her player's wounded Characters (one only)."""
    sc = Scenario()
    sc.field(0, "Oko")
    sc.put(0, "wounded", SEIYA_CIV)
    sc.put(0, "wounded", SEIYA_CIV)
    sc.put(1, "wounded", SHIRYU_CIV)
    sc.play(0, sc.hand(0, "Chameleon June"), 0)
    assert sc.names(0, "wounded") == [SEIYA_CIV]
    assert sc.names(0, "discard") == [SEIYA_CIV]
    assert sc.names(1, "wounded") == [SHIRYU_CIV]
    assert sc.names(0, "play") == ["Chameleon June"]


def test_85_june_on_the_field_forbids_every_heal():
    """With June on the field: no heal action, no Engagement heal (even the other June's), no
    Arrival heal (Athena); the heal action works again once she is gone."""
    sc = Scenario()
    june = sc.field(0, "Chameleon June")
    sc.field(1, "Oko")
    wounded = sc.put(0, "wounded", SEIYA_CIV)
    healer = sc.hand(0, SEIYA_CIV)
    with pytest.raises(AssertionError, match="illegal"):
        sc.heal(0, healer, wounded)
    sc.play(0, sc.hand(0, "Chameleon June"), 1)
    assert sc.zone_of(wounded) == (0, "wounded")
    sc.put(1, "draw", "Cassios")
    sc.put(1, "wounded", SHIRYU_CIV)
    sc.arrive(2, "Athena")                            # draws happen, heals do not
    assert sc.names(1, "hand") == ["Cassios"]
    assert sc.names(1, "wounded") == [SHIRYU_CIV]
    assert sc.zone_of(wounded) == (0, "wounded")
    # June is acquired (she leaves the field): healing is allowed again
    sc.play(0, sc.hand(0, "Black Pegasus"), 0)
    sc.play(0, sc.hand(0, "Cassios"), 0)
    sc.acquire(0, 0)
    assert sc.zone_of(june) == (0, "discard")
    sc.heal(0, healer, wounded)
    assert sc.names(0, "wounded") == []
    assert sc.zone_of(wounded) == (0, "discard") and sc.zone_of(healer) == (0, "discard")


# --- #86 Cassios: Destroy: a field Saint costs 2 Strength and 2 Cosmos less this turn -------------
def test_86_cassios_destroy_cuts_a_field_saints_costs_this_turn():
    """The only field Saint (Jabu 3/3) drops to 1/1 (minimum 1); a non-Saint keeps its cost;
    Cassios is destroyed; the cut ends with the turn."""
    sc = Scenario()
    sc.field(3, "Unicorn Jabu")
    sc.field(4, "Phaeton")
    sc.field(5, "Oko")
    cassios = sc.hand(0, "Cassios")
    sc.use(0, cassios)
    assert sc.zone_of(cassios) == (0, "destroyed")
    assert sc.names(0, "play") == [] and sc.names(0, "hand") == []
    assert (sc.cost(0, 3), sc.cost(0, 3, "cosmos")) == (1, 1)
    assert sc.cost(0, 4) == 2 and sc.cost(0, 5) == 2
    sc.upkeep(0)                                       # Oko leaves, Jabu -> slot 4
    assert sc.field_names()[4] == "Unicorn Jabu"
    assert (sc.cost(0, 4), sc.cost(0, 4, "cosmos")) == (3, 3)


def test_86_cassios_cut_lets_the_saint_be_acquired():
    """Sho (2/2) drops to 1/1, never 0; one Cosmos then wins him, into the hand."""
    sc = Scenario()
    sc.field(2, "Sky Cloth Sho")                       # 2/2 -> 1/1 (not 0)
    sc.use(0, sc.hand(0, "Cassios"))
    assert (sc.cost(0, 2), sc.cost(0, 2, "cosmos")) == (1, 1)
    sc.play(0, sc.hand(0, "Pegasus Seiya"), 2)
    sc.acquire(0, 2, "cosmos")
    assert sc.names(0, "hand") == ["Sky Cloth Sho"]


def test_86_cassios_cut_adds_to_other_discounts_and_creates_no_cosmos_cost():
    """GEN-15: Black Pegasus in the last slot, fought by Seiya, after Cassios: 4-1-2-2 -> 1;
    it has no Cosmos cost and the cut does not give it one."""
    sc = Scenario()
    sc.field(5, "Black Pegasus")
    sc.use(0, sc.hand(0, "Cassios"))
    assert sc.cost(0, 5) == 1 and sc.cost(0, 5, "cosmos") == 0
    sc.play(0, sc.hand(0, SEIYA_CIV), 5)
    assert sc.cost(0, 5) == 1
    assert not sc.can_acquire(0, 5, "cosmos")
    sc.acquire(0, 5)
    assert sc.names(0, "discard") == ["Black Pegasus", SEIYA_CIV]


# --- #87 Gigas ------------------------------------------------------------------------------------
def test_87_gigas_arrival_curses_a_player():
    """Arrival: the active player gives Gigas (-1 VP) to a player's discard pile (an opponent);
    Gigas leaves the field and cannot be bought."""
    sc = Scenario()
    sc.field(2, "Gigas")
    assert not sc.can_acquire(0, 2) and not sc.can_acquire(0, 2, "cosmos")
    sc = Scenario()
    gigas = sc.arrive(3, "Gigas")
    assert sc.zone_of(gigas) == (1, "discard")
    assert sc.field_names()[3] is None
    assert sc.score(1) == -1 and sc.score(0) == 0


def test_87_gigas_arrival_during_upkeep_refill_then_slot_refills():
    """Revealed in the upkeep refill, Gigas goes to the opponent and its slot is refilled."""
    sc = Scenario()
    for k, name in enumerate(("Oko", "Jaki", "Cassios", "Phaeton", "Spica", "Reda")):
        sc.field(k, name)
    sc.reserve("Dolphin", "Gigas")                    # Gigas on top
    sc.upkeep(0)
    assert sc.names("common", "field_discard") == ["Reda"]
    assert sc.field_names() == ["Dolphin", "Oko", "Jaki", "Cassios", "Phaeton", "Spica"]
    assert sc.names(1, "discard") == ["Gigas"]
    assert sc.count("common", "reserve") == 0


def test_87_gigas_discard_replaces_a_field_character():
    """Discard: the only field Character goes to the battlefield discard and the top reserve card
    takes its slot; the Cloth (not a Character) stays."""
    sc = Scenario()
    sc.field(1, "Cassios")
    sc.field(3, "Aries Cloth")
    sc.reserve("Phaeton", "Oko")
    gigas = sc.hand(0, "Gigas")
    sc.use(0, gigas)
    assert sc.zone_of(gigas) == (0, "discard")
    assert sc.names("common", "field_discard") == ["Cassios"]
    assert sc.field_names() == [None, "Oko", None, "Aries Cloth", None, None]
    assert sc.names("common", "reserve") == ["Phaeton"]


def test_87_gigas_discard_removing_a_gold_saint_puts_out_a_flame():
    """R2: a Flame card removed by an effect puts out a flame; the revealed card's Arrival applies."""
    sc = Scenario()
    sc.set_flames(12)
    sc.field(4, "Aries Mu")
    sc.reserve("Gigas")
    sc.use(0, sc.hand(0, "Gigas"))
    assert sc.flames == 11
    assert sc.names("common", "field_discard") == ["Aries Mu"]
    assert sc.field_names()[4] is None                 # the revealed Gigas was given away
    assert sc.names(1, "discard") == ["Gigas"]
    assert sc.names(0, "discard") == ["Gigas"]


# --- #88 Phaeton: Engagement: destroy a Character from your hand to draw 2 -------------------------
def test_88_phaeton_destroys_a_hand_character_to_draw_2():
    """The 'value' policy pays with a civilian Hero: it is destroyed and the top 2 cards are drawn;
    Phaeton still fights for 1."""
    sc = Scenario()
    sc.field(0, "Oko")
    sc.hand(0, SEIYA_CIV)
    sc.put(0, "draw", "Cassios")
    sc.put(0, "draw", "Jaki")
    sc.put(0, "draw", "Spica")
    sc.play(0, sc.hand(0, "Phaeton"), 0)
    assert sc.names(0, "destroyed") == [SEIYA_CIV]
    assert sc.names(0, "hand") == ["Jaki", "Spica"]
    assert sc.names(0, "draw") == ["Cassios"]
    assert sc.total(0, 0) == 1


def test_88_phaeton_without_a_character_to_destroy_draws_nothing():
    """With no Character in hand the cost cannot be paid: nothing is destroyed and nothing drawn."""
    sc = Scenario()
    sc.field(0, "Oko")
    sc.hand(0, "Pegasus Cloth")                       # a Cloth is not a Character
    sc.put(0, "draw", "Cassios")
    sc.put(0, "draw", "Jaki")
    sc.play(0, sc.hand(0, "Phaeton"), 0)
    assert sc.names(0, "destroyed") == []
    assert sc.names(0, "hand") == ["Pegasus Cloth"]
    assert sc.count(0, "draw") == 2


# --- #89 Oko: Destroy: each opponent destroys 1 Saint from their hand ------------------------------
def test_89_oko_destroy_each_opponent_destroys_a_hand_saint():
    """Each opponent destroys a Saint from hand; one without a Saint loses nothing; the user's own Saint
    stays; Oko pays by being destroyed."""
    sc = Scenario(players=3)
    sc.hand(0, "Pegasus Seiya")
    sc.hand(1, "Dragon Shiryu", SHIRYU_CIV)
    sc.hand(2, HYOGA_CIV, "Cassios")                 # no Saint in hand
    oko = sc.hand(0, "Oko")
    sc.use(0, oko)
    assert sc.zone_of(oko) == (0, "destroyed")
    assert sc.names(0, "hand") == ["Pegasus Seiya"]
    assert sc.names(1, "destroyed") == ["Dragon Shiryu"] and sc.names(1, "hand") == [SHIRYU_CIV]
    assert sc.names(2, "destroyed") == [] and sc.count(2, "hand") == 2


# --- #90 Jaki ---------------------------------------------------------------------------------------
def test_90_jaki_destroy_returns_a_destroyed_card_to_the_discard():
    """Jaki is destroyed and one of its player's destroyed cards (the Gold Saint, the obvious pick)
    comes back to the discard pile; the opponent's destroyed cards are untouched."""
    sc = Scenario()
    mu = sc.put(0, "destroyed", "Aries Mu")
    sc.put(1, "destroyed", "Cassios")
    jaki = sc.hand(0, "Jaki")
    sc.use(0, jaki)
    assert sc.zone_of(jaki) == (0, "destroyed")
    assert sc.zone_of(mu) == (0, "discard")
    assert sc.names(1, "destroyed") == ["Cassios"] and sc.names(0, "discard") == ["Aries Mu"]


def test_90_jaki_scores_1_per_5_destroyed_cards():
    """Jaki in the deck: 1 VP per full 5 destroyed cards of its owner (destroyed cards score
    nothing themselves)."""
    sc = Scenario()
    sc.put(0, "discard", "Jaki")
    for _ in range(4):
        sc.put(0, "destroyed", SEIYA_CIV)
    assert sc.score(0) == 0
    sc.put(0, "destroyed", "Cassios")
    assert sc.score(0) == 1
    for _ in range(5):
        sc.put(0, "destroyed", SHIRYU_CIV)
    assert sc.score(0) == 2
    sc.put(1, "destroyed", HYOGA_CIV)
    assert sc.score(0) == 2
