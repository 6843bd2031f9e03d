"""The promo cards #9001-9003 (box "promos"): their known numbers against the raw card data, their
estimated ones marked as such, and each effect played.

Card data: shared/carddata (cards-fr.json, copies-fr.csv; card-facts §3.5 and §3.6 note 5: the
values are unknown). Rulings: GEN-18 (Defeated on an acquisition by effect), GEN-20.
"""
from pathlib import Path

import pytest

import sim

from sim.cards.cardsets import load_card_records
from sim.cards.schema import parse_card_file
from sim.scenario import Scenario
from tests.test_asgard_cards import RANKS, _n, _raw_cards, _raw_copies, needs_raw

PROMOS = Path(__file__).resolve().parents[1] / "cardsets" / "promos.toml"
IDS = [9001, 9002, 9003]
FILLER = "Phoenix Ikki (civilian)"


def _promos():
    return {c.id: c for c in parse_card_file(PROMOS).card}


def _scenario(players=2, boxes=("base", "asgard", "promos")):
    return Scenario(players=players, boxes=boxes)


# --- The numbers -------------------------------------------------------------------------------
def test_the_file_holds_the_three_promos_each_an_estimate():
    cards = _promos()
    assert sorted(cards) == IDS
    assert all(c.estimate and c.copies == 1 and c.start == "reserve" for c in cards.values())


@needs_raw
def test_known_numbers_match_the_raw_data():
    """Costs, rank and copies are public; Strength, Heal, Cosmos and VP are blank there (§3.6, 5)."""
    raw, copies, cards = _raw_cards(), _raw_copies(), _promos()
    for i in IDS:
        r, c = raw[i], cards[i]
        assert (c.strength_cost, c.cosmos_cost) == (_n(r["cout force"]), _n(r["cout cosmos"])), c.name
        assert c.rank == [RANKS[r["rang"]]] and c.copies == copies[i] and c.name_fr == r["nom"], c.name
        assert (r["force"], r["vie"], r["cosmos"], r["points"]) == ("", "", "", "")


def test_the_promos_join_any_boxes_reserve():
    ids = {c.id for c in load_card_records(("base", "promos"))}
    assert set(IDS) <= ids and 1 in ids
    assert not set(IDS) & {c.id for c in load_card_records(("base", "asgard", "poseidon"))}


# --- #9001 Sagittarius Seiya ---------------------------------------------------------------------
def test_9001_arrival_puts_out_a_flame_with_a_silver_saint_on_the_field():
    sc = _scenario()
    sc.field(0, "Eagle Marin")
    sc.arrive(1, "Sagittarius Seiya")
    assert sc.flames == 11


def test_9001_arrival_without_a_silver_saint_does_nothing():
    sc = _scenario()
    sc.field(0, "Cassios")
    sc.arrive(1, "Sagittarius Seiya")
    assert sc.flames == 12


def test_9001_defeated_leaves_the_game_and_brings_a_field_discard_card_to_hand():
    sc = _scenario()
    seiya = sc.field(5, "Sagittarius Seiya")  # 7 Cosmos, 6 on the last space
    sc.field_discard("Scorpio Milo")
    for name in ("Pegasus Seiya", "Dragon Shiryu") * 3:  # 1 Cosmos each
        sc.play(0, sc.hand(0, name), 5)
    sc.acquire(0, 5, "cosmos")
    assert sc.zone_of(seiya) == ("common", "out")
    assert sc.names(0, "hand") == ["Scorpio Milo"] and "Sagittarius Seiya" not in sc.names(0, "discard")
    assert sc.names("common", "field_discard") == []


# --- #9002 Libra Shiryu --------------------------------------------------------------------------
def test_9002_destroyed_a_hero_in_play_gains_1_and_1_per_wounded_hero_of_every_player():
    sc = _scenario()
    sc.field(0, "Cassios")
    sc.put(0, "wounded", "Pegasus Seiya (civilian)")
    sc.put(1, "wounded", "Dragon Shiryu (civilian)")
    sc.put(1, "wounded", "Cassios")  # not a Hero
    sc.play(0, sc.hand(0, "Pegasus Seiya (civilian)"), 0)
    before = (sc.total(0, 0), sc.total(0, 0, "cosmos"))
    sc.use(0, sc.hand(0, "Libra Shiryu"))
    assert sc.names(0, "destroyed") == ["Libra Shiryu"]
    assert (sc.total(0, 0), sc.total(0, 0, "cosmos")) == (before[0] + 2, before[1] + 2)


def test_9002_defeated_wounds_the_characters_that_beat_him_and_draws_as_many():
    sc = _scenario()
    sc.put(0, "cloth", "Pegasus Cloth")
    sc.field(5, "Libra Shiryu")  # 7 Strength, 6 on the last space
    for _ in range(6):
        sc.play(0, sc.hand(0, "Pegasus Seiya (civilian)"), 5)
    for _ in range(8):
        sc.put(0, "draw", FILLER)
    sc.cloth_fights(0, 5)
    sc.acquire(0, 5)
    assert sc.names(0, "wounded") == ["Pegasus Seiya (civilian)"] * 6
    assert len(sc.names(0, "hand")) == 6 and sc.names(0, "discard") == ["Libra Shiryu", "Pegasus Cloth"]


def test_9002_acquired_by_an_effect_wounds_nobody_and_draws_nothing():
    """GEN-18: "the Characters used to beat him" are none."""
    sc = _scenario()
    shiryu = sc.field(0, "Libra Shiryu")
    sc.put(0, "draw", FILLER)
    sc.trigger("defeated", shiryu, 0, shiryu, 0)
    assert sc.names(0, "wounded") == [] and sc.names(0, "hand") == []


# --- #9003 Aquarius Hyoga ------------------------------------------------------------------------
def test_9003_destroyed_every_frozen_character_of_every_player_is_destroyed():
    sc = _scenario()
    sc.put(0, "frozen", "Cassios")
    sc.put(1, "frozen", "Eagle Marin")
    sc.put(1, "frozen", "Aries Cloth")  # a Cloth is no Character
    sc.put(1, "wounded", "Lionet Ban")  # wounded, not frozen
    sc.use(0, sc.hand(0, "Aquarius Hyoga"))
    assert sc.names(0, "destroyed") == ["Aquarius Hyoga", "Cassios"]
    assert sc.names(1, "destroyed") == ["Eagle Marin"]
    assert sc.names(1, "frozen") == ["Aries Cloth"] and sc.names(1, "wounded") == ["Lionet Ban"]


def test_9003_defeated_each_player_in_turn_acquires_and_freezes_until_the_field_is_empty():
    """From the active player, one card each in turn (each acquisition applies its Defeated,
    GEN-18: these four have none); Hyoga lands once they are all frozen."""
    sc = _scenario(players=3)
    sc.field(5, "Aquarius Hyoga")  # 7 Strength, 6 on the last space
    for slot, name in ((0, "Cassios"), (1, "Oko"), (2, "Jaki"), (3, "Phaeton")):
        sc.field(slot, name)
    for _ in range(6):
        sc.play(0, sc.hand(0, FILLER), 5)
    sc.acquire(0, 5)
    assert sc.names(0, "discard").count("Aquarius Hyoga") == 1
    sizes = [len(sc.names(seat, "frozen")) for seat in range(3)]
    assert sizes == [2, 1, 1]
    assert sorted(n for seat in range(3) for n in sc.names(seat, "frozen")) == ["Cassios", "Jaki", "Oko", "Phaeton"]
    assert sc.field_names() == [None] * 6


def test_9003_defeated_with_nothing_else_on_the_field_does_nothing():
    sc = _scenario()
    hyoga = sc.field(0, "Aquarius Hyoga")
    sc.trigger("defeated", hyoga, 0, hyoga, 0)
    assert sc.names(0, "frozen") == [] and sc.names(1, "frozen") == []


@pytest.mark.parametrize("players", [2, 4])
def test_games_with_many_promos_keep_every_invariant(players):
    """Six copies of each promo, so that every game plays them: acquired, used, and their Arrival,
    Defeated and Destroy effects applied."""
    overrides = {f"{i}.copies": 6 for i in IDS}
    res = sim.play(8, players=players, boxes=("base", "asgard", "poseidon", "promos"), seed=9,
                   overrides=overrides, check_invariants=True)
    g = res.games
    assert (g["violations"] == 0).all() and (g["illegal_actions"] == 0).all()
    acquired = set(res.events.loc[res.events.kind == "acquire", "card_id"])
    assert set(IDS) <= acquired
