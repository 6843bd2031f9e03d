"""The Poseidon ◆ Heroes (#2001-2005) and the Transcended Heroes (#2006-2010), POS-15 and POS-18.

The ◆ Heroes' Engagement is the Asgard ◆ Heroes'; marked, one fetches the Transcended Hero from
the set-aside area of the Hero's player into the hand of the player who marked it. A Transcended
Hero goes back to its player's set-aside area whenever it would be discarded, marked or
destroyed. Played from a designer's card file of the Poseidon cards the engine plays, on top of
base + Asgard (the whole box is still refused, docs/poseidon.md).
"""
from pathlib import Path

import pytest

from sim.engine import enums as E
from sim.engine.rules.zones import move_to
from sim.scenario import Scenario
from tests.test_asgard_cards import _paying

POSEIDON = Path(__file__).resolve().parents[1] / "cardsets" / "poseidon.toml"
HEROES = ("Seiya", "Shiryu", "Hyoga", "Shun", "Ikki")


def write_encoded_poseidon(folder: Path) -> Path:
    """The Poseidon cards the engine plays (those with a program or `plain`): a designer's file."""
    blocks = ["[[card]]" + b for b in POSEIDON.read_text(encoding="utf-8").split("[[card]]")[1:]]
    played = [b for b in blocks if "[[card.effects]]" in b or "\nplain = true" in b]
    path = folder / "encoded.toml"
    path.write_text('box = "poseidon"\n\n' + "\n".join(played), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def cardset(tmp_path_factory):
    return write_encoded_poseidon(tmp_path_factory.mktemp("poseidon"))


def _scenario(cardset, heroes=HEROES, players=2):
    return Scenario(players=players, heroes=heroes, boxes=("base", "asgard"), cardset=cardset)


def _wound_from_hand(sc, user):
    """`user` spends Hound Asterion: they wound a Character of an opponent's hand (seat 1 and 0)."""
    sc.use(user, sc.hand(user, "Hound Asterion"))


# --- Marked: the Transcended Hero (POS-15, POS-18) ------------------------------------------
def test_2001_seiya_marked_brings_transcended_seiya_into_his_players_hand(cardset):
    sc = _scenario(cardset)
    sc.put(0, "setaside", "Transcended Pegasus Seiya")
    sc.hand(0, "Pegasus Seiya (Poseidon)")
    _wound_from_hand(sc, 1)
    assert sc.names(0, "wounded") == ["Pegasus Seiya (Poseidon)"]
    assert sc.names(0, "hand") == ["Transcended Pegasus Seiya"] and sc.names(0, "setaside") == []


def test_2002_shiryu_marked_in_an_opponents_hands_brings_them_his_transcended_card(cardset):
    """POS-15: an opponent who holds your ◆ Hero and marks it takes your Transcended Hero."""
    sc = _scenario(cardset)
    sc.put(1, "setaside", "Transcended Dragon Shiryu")
    sc.hand(0, "Dragon Shiryu (Poseidon)")  # seat 0 plays Seiya, seat 1 Shiryu
    _wound_from_hand(sc, 1)
    assert sc.names(0, "hand") == ["Transcended Dragon Shiryu"] and sc.names(1, "setaside") == []


def test_2003_hyoga_marked_without_his_transcended_card_set_aside_brings_nothing(cardset):
    """POS-18: only the set-aside copy comes."""
    sc = _scenario(cardset, heroes=("Hyoga", "Seiya"))
    sc.put(0, "draw", "Transcended Cygnus Hyoga")
    sc.hand(0, "Cygnus Hyoga (Poseidon)")
    _wound_from_hand(sc, 1)
    assert sc.names(0, "hand") == [] and sc.names(0, "draw") == ["Transcended Cygnus Hyoga"]


# --- Engagement: as the Asgard ◆ Heroes -------------------------------------------------------
def test_2001_seiya_engagement_draws_one_per_seiya_in_the_discard_pile(cardset):
    sc = _scenario(cardset)
    sc.field(0, "Cassios")
    for name in ("Pegasus Seiya (civilian)", "Pegasus Seiya", "Cassios"):
        sc.put(0, "discard", name)
    sc.put(0, "draw", "Lionet Ban")
    sc.put(0, "draw", "Unicorn Jabu")
    sc.put(0, "draw", "Lizard Misty")
    sc.play(0, sc.hand(0, "Pegasus Seiya (Poseidon)"), 0)
    assert sc.names(0, "hand") == ["Lizard Misty", "Unicorn Jabu"]


def test_2002_shiryu_engagement_wounds_a_common_character_to_draw_2(cardset):
    sc = _paying(_scenario(cardset, heroes=("Shiryu", "Seiya")), 0)
    sc.field(0, "Cassios")
    shiryu, jabu = sc.hand(0, "Dragon Shiryu (Poseidon)", "Unicorn Jabu")
    sc.put(0, "draw", "Lionet Ban")
    sc.put(0, "draw", "Lizard Misty")
    sc.play(0, shiryu, 0)
    assert sc.names(0, "wounded") == ["Unicorn Jabu"]
    assert sc.names(0, "hand") == ["Lionet Ban", "Lizard Misty"]


def test_2003_hyoga_engagement_draws_one_per_other_hyoga_alongside(cardset):
    sc = _scenario(cardset, heroes=("Hyoga", "Seiya"))
    sc.field(0, "Cassios")
    sc.play(0, sc.hand(0, "Cygnus Hyoga (civilian)"), 0)
    sc.play(0, sc.hand(0, "Cygnus Hyoga"), 0)
    sc.put(0, "draw", "Lionet Ban")
    sc.put(0, "draw", "Lizard Misty")
    sc.put(0, "draw", "Unicorn Jabu")
    sc.play(0, sc.hand(0, "Cygnus Hyoga (Poseidon)"), 0)
    assert sc.names(0, "hand") == ["Lizard Misty", "Unicorn Jabu"]


@pytest.mark.parametrize("faced, drawn", [("Lizard Misty", 0), ("Unicorn Jabu", 1)])
def test_2004_shun_engagement_draws_1_facing_a_card_with_a_cosmos_cost(cardset, faced, drawn):
    sc = _scenario(cardset, heroes=("Shun", "Seiya"))
    sc.field(0, faced)
    sc.put(0, "draw", "Lionet Ban")
    sc.play(0, sc.hand(0, "Andromeda Shun (Poseidon)"), 0)
    assert len(sc.names(0, "hand")) == drawn


def test_2005_ikki_engagement_destroys_a_discarded_character_to_draw_2(cardset):
    sc = _paying(_scenario(cardset, heroes=("Ikki", "Seiya")), 0)
    sc.field(0, "Cassios")
    sc.put(0, "discard", "Cassios")
    sc.put(0, "draw", "Lionet Ban")
    sc.put(0, "draw", "Lizard Misty")
    sc.play(0, sc.hand(0, "Phoenix Ikki (Poseidon)"), 0)
    assert sc.names(0, "destroyed") == ["Cassios"] and sc.names(0, "hand") == ["Lionet Ban", "Lizard Misty"]


# --- The Transcended Heroes: back to the set-aside area ---------------------------------------
def test_2006_transcended_seiya_played_goes_back_to_the_set_aside_area_at_upkeep(cardset):
    sc = _scenario(cardset)
    sc.field(0, "Lizard Misty")
    sc.play(0, sc.hand(0, "Transcended Pegasus Seiya"), 0)
    sc.upkeep(0)
    assert sc.names(0, "setaside") == ["Transcended Pegasus Seiya"] and sc.names(0, "discard") == []


def test_2007_transcended_shiryu_wounded_goes_back_without_a_token_or_marked_effect(cardset):
    sc = _scenario(cardset, heroes=("Shiryu", "Seiya"))
    shiryu = sc.hand(0, "Transcended Dragon Shiryu")
    _wound_from_hand(sc, 1)
    assert sc.names(0, "setaside") == ["Transcended Dragon Shiryu"] and sc.names(0, "wounded") == []
    assert sc.st.inst_wounds[shiryu] == 0


def test_2008_transcended_hyoga_played_by_an_opponent_goes_back_to_his_players_set_aside_area(cardset):
    """Taken by seat 1 (a ◆ Hyoga it marked), played, discarded at upkeep: back to seat 0."""
    sc = _scenario(cardset, heroes=("Hyoga", "Seiya"))
    sc.field(0, "Cassios")
    sc.play(1, sc.hand(1, "Transcended Cygnus Hyoga"), 0)
    sc.upkeep(1)
    assert sc.names(0, "setaside") == ["Transcended Cygnus Hyoga"] and sc.names(1, "discard") == []


def test_2009_transcended_shun_comes_by_an_upgrade_of_two_identical_uncommon_shun(cardset):
    """GEN-6: a pair of identical ◆ cards upgrades to the Transcended Hero, into the discard pile,
    where it stays (it enters: it is not discarded)."""
    sc = _scenario(cardset, heroes=("Shun", "Seiya"))
    sc.put(0, "setaside", "Transcended Andromeda Shun")
    cloth = sc.hand(0, "Andromeda Cloth")
    sc.hand(0, "Andromeda Shun (Poseidon)", "Andromeda Shun (Poseidon)")
    sc.equip(0, cloth)
    sc.use(0, cloth)
    assert sc.names(0, "discard") == sorted(["Andromeda Cloth", "Transcended Andromeda Shun"])
    assert sc.names(0, "destroyed") == ["Andromeda Shun (Poseidon)", "Andromeda Shun (Poseidon)"]


def test_2010_transcended_ikki_destroyed_goes_back(cardset):
    sc = _scenario(cardset, heroes=("Ikki", "Seiya"))
    ikki = sc.hand(0, "Transcended Phoenix Ikki")
    move_to(sc.s, ikki, 0, E.Z_DESTROYED)  # whatever destroys it
    assert sc.names(0, "setaside") == ["Transcended Phoenix Ikki"] and sc.names(0, "destroyed") == []


# --- Athena (Poseidon) ---------------------------------------------------------------------------
def test_2011_athena_marked_takes_a_marked_hero_of_an_opponent_into_hand(cardset):
    """Athena wounded in seat 0's hand (seat 1's Hound Asterion): seat 0 takes seat 1's wounded Hero
    into its hand (an acquisition: it is healed); a wounded non-Hero stays."""
    sc = _scenario(cardset)
    sc.hand(0, "Athena (Poseidon)")
    sc.put(1, "wounded", "Dragon Shiryu")
    sc.put(1, "wounded", "Cassios")
    _wound_from_hand(sc, 1)
    assert sc.names(0, "wounded") == ["Athena (Poseidon)"] and sc.names(0, "hand") == ["Dragon Shiryu"]
    assert sc.names(1, "wounded") == ["Cassios"]


def test_2011_athena_arrival_each_player_shuffles_the_discard_pile_and_transcended_hero_into_the_draw_pile(cardset):
    sc = _scenario(cardset)
    sc.put(0, "setaside", "Transcended Pegasus Seiya")
    sc.put(0, "draw", "Cassios")
    sc.put(0, "discard", "Lionet Ban")
    sc.put(0, "discard", "Unicorn Jabu")
    sc.put(1, "discard", "Lizard Misty")
    sc.arrive(0, "Athena (Poseidon)")
    assert sc.names(0, "draw") == ["Cassios", "Lionet Ban", "Transcended Pegasus Seiya", "Unicorn Jabu"]
    assert sc.names(0, "discard") == [] and sc.names(0, "setaside") == []
    assert sc.names(1, "draw") == ["Lizard Misty"] and sc.names(1, "discard") == []
