"""Poseidon's Pillars and Balance Weapons in the classic game (POS-10..13, POS-21), and the rulebook's
Pillar example (poseidon.txt: Isaak defeated for 7 Strength reveals the Arctic Pillar; destroyed
with 10 Strength it scores 2 VP, +1 per player for the player with the most marked cards).

The Pillars are played from `cardsets/poseidon.toml`. The Generals' own texts are not played yet
(docs/poseidon.md): the scenarios use Generals without their text, which a designer's card file may
declare, on top of the base box.
"""
import re
from pathlib import Path

import pytest

import sim
from sim.engine import enums as E
from sim.engine.rules.pillars import pillar_need
from sim.engine.state import G_FLAMES, G_WEAPONS, PL_WEAPONS
from sim.scenario import Scenario

POSEIDON = Path(__file__).resolve().parents[1] / "cardsets" / "poseidon.toml"
GENERALS = {2013: "Sea Dragon Kanon", 2015: "Kraken Isaak", 2017: "Chrysaor Krishna"}


def write_pillar_cardset(folder: Path) -> Path:
    """The 7 Pillars, and three Generals (their numbers, no text): a designer's Poseidon file."""
    blocks = ["[[card]]" + b for b in POSEIDON.read_text(encoding="utf-8").split("[[card]]")[1:]]
    pillars = [b for b in blocks if 'start = "pillar"' in b]
    generals = []
    for b in blocks:
        m = re.search(r"^id = (\d+)$", b, re.M)
        if m and int(m.group(1)) in GENERALS:
            b = re.sub(r'^text = .*$', 'text = ""\nplain = true', b.split("[[card.effects]]")[0], flags=re.M)
            generals.append(b)
    path = folder / "pillars.toml"
    path.write_text('box = "poseidon"\n\n' + "\n".join(pillars + generals), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def cardset(tmp_path_factory):
    return write_pillar_cardset(tmp_path_factory.mktemp("pillars"))


def _scenario(cardset, players=2, heroes=("Seiya", "Hyoga", "Shun", "Ikki", "Shiryu"), aside=True, rules=None):
    sc = Scenario(players=players, heroes=heroes, cardset=cardset, rules=rules)
    if aside:
        sc.pillars_aside()
    return sc


def _fight(sc, seat, at, *names):
    """Seat plays these cards from hand against the card of action index `at`; their instances."""
    cards = [sc.put(seat, "hand", n) for n in names]
    for card in cards:
        sc.play(seat, card, at)
    return cards


SEVEN = ("Black Pegasus", "Black Dragon", "Black Cygnus", "Lionet Ban")  # 2 + 2 + 2 + 1 Strength
TEN = ("Black Pegasus", "Black Pegasus", "Black Dragon", "Black Dragon", "Black Cygnus")


def test_acquiring_a_general_gives_a_weapon_and_reveals_its_pillar(cardset):
    """POS-10, POS-13, and the rulebook example's steps 1-2: Isaak defeated for 7 Strength reveals the
    Arctic Pillar; his acquirer takes a Balance Weapon from the supply."""
    sc = _scenario(cardset)
    assert sc.weapons("common") == E.N_WEAPONS
    sc.field(0, "Kraken Isaak")
    _fight(sc, 0, 0, *SEVEN)
    sc.acquire(0, 0)
    assert sc.names("common", "pillar_row") == ["Arctic Pillar"]
    assert "Arctic Pillar" not in sc.names("common", "pillars_aside")
    assert sc.weapons(0) == 1 and sc.weapons("common") == E.N_WEAPONS - 1
    assert "Kraken Isaak" in sc.names(0, "discard")


def test_a_second_general_of_a_revealed_pillar_reveals_nothing_more(cardset):
    sc = _scenario(cardset)
    sc.field(0, "Kraken Isaak")
    sc.field(1, "Kraken Isaak")
    _fight(sc, 0, 0, *SEVEN)
    sc.acquire(0, 0)
    _fight(sc, 0, 1, "Black Pegasus", "Black Dragon", "Black Andromeda", "Lionet Ban")
    sc.acquire(0, 1)
    assert sc.names("common", "pillar_row") == ["Arctic Pillar"] and sc.weapons(0) == 2


def test_with_the_supply_empty_a_general_gives_no_weapon(cardset):
    sc = _scenario(cardset)
    sc.st.g[G_WEAPONS] = 0
    sc.st.pl[1, PL_WEAPONS] = E.N_WEAPONS
    sc.field(0, "Sea Dragon Kanon")
    _fight(sc, 0, 0, *TEN)  # Kanon: 9 Strength
    sc.acquire(0, 0)
    assert sc.weapons(0) == 0 and sc.weapons(1) == E.N_WEAPONS
    assert sc.names("common", "pillar_row") == ["North Atlantic Pillar"]


def test_a_destroyed_pillar_is_not_revealed_again(cardset):
    sc = _scenario(cardset, aside=False)
    sc.pillars_aside("North Atlantic Pillar", "Indian Ocean Pillar")
    pillar = sc.reveal_pillar("Arctic Pillar")
    _fight(sc, 0, sc.pillar_slot(pillar), *TEN)
    sc.acquire(0, sc.pillar_slot(pillar))
    sc.field(0, "Kraken Isaak")
    _fight(sc, 1, 0, "Black Andromeda", "Black Andromeda", "Black Phoenix", "Lionet Ban")
    sc.acquire(1, 0)
    assert sc.names("common", "pillar_row") == [] and sc.names(0, "pillars") == ["Arctic Pillar"]
    assert sc.weapons(1) == 1


def test_destroying_a_pillar_takes_10_strength_and_is_no_field_fight(cardset):
    """POS-11: the Pillar goes face B to its destroyer's Pillar area; the fighters are discarded; no
    Flame, no Defeated, the field untouched. 8 Strength is not enough."""
    sc = _scenario(cardset, aside=False)
    pillar = sc.reveal_pillar("Arctic Pillar")
    at = sc.pillar_slot(pillar)
    _fight(sc, 0, at, *TEN[:4])
    with pytest.raises(AssertionError, match="illegal"):
        sc.acquire(0, at)
    _fight(sc, 0, at, TEN[4])
    flames = int(sc.st.g[G_FLAMES])
    sc.acquire(0, at)
    assert sc.names(0, "pillars") == ["Arctic Pillar"] and sc.names("common", "pillar_row") == []
    assert sc.names(0, "discard") == sorted(TEN)
    assert sc.names(0, "play") == [] and int(sc.st.g[G_FLAMES]) == flames


def test_a_balance_weapon_gives_a_hero_facing_a_pillar_4_strength_once(cardset):
    """POS-11: +4 Strength to one Hero card facing the Pillar, one token per Hero card; a token is
    spent back to the supply; a non-Hero, or a Hero facing a field card, takes none."""
    sc = _scenario(cardset, aside=False)
    sc.st.pl[0, PL_WEAPONS] = 2
    sc.st.g[G_WEAPONS] = E.N_WEAPONS - 2
    at = sc.pillar_slot(sc.reveal_pillar("South Pacific Pillar"))
    seiya, black = _fight(sc, 0, at, "Pegasus Seiya", "Black Dragon")
    with pytest.raises(AssertionError, match="illegal"):
        sc.arm(0, black)  # not a Hero
    sc.arm(0, seiya)
    assert sc.weapons(0) == 1 and sc.weapons("common") == E.N_WEAPONS - 1
    with pytest.raises(AssertionError, match="illegal"):
        sc.arm(0, seiya)  # one per Hero card
    _fight(sc, 0, at, "Black Cygnus")
    with pytest.raises(AssertionError, match="illegal"):  # Seiya 1 + 4, 2, 2: 9
        sc.acquire(0, at)
    _fight(sc, 0, at, "Lionet Ban")
    sc.acquire(0, at)
    assert sc.names(0, "pillars") == ["South Pacific Pillar"]
    sc.field(0, "Lizard Misty")
    (other,) = _fight(sc, 0, 0, "Pegasus Seiya")
    with pytest.raises(AssertionError, match="illegal"):
        sc.arm(0, other)  # facing a field card


def test_pillar_fights_are_legal_actions(cardset):
    sc = _scenario(cardset, aside=False)
    at = sc.pillar_slot(sc.reveal_pillar("North Pacific Pillar"))
    seiya = sc.hand(0, "Pegasus Seiya")
    sc.st.pl[0, PL_WEAPONS] = 1
    sc.st.g[G_WEAPONS] = E.N_WEAPONS - 1
    assert ("play", seiya, at) in sc.legal_actions(0)
    sc.play(0, seiya, at)
    assert ("arm", seiya, -1) in sc.legal_actions(0)
    _fight(sc, 0, at, *TEN[:4])  # Seiya +1 against the North Pacific: 2 + 8
    assert ("acquire", at, 0) in sc.legal_actions(0)


def _destroyed_by(sc, seat, name):
    """Put the Pillar `name` straight into seat's Pillar area."""
    sc._push(seat, E.Z_PILLARS, sc._free_copy(name))


@pytest.mark.parametrize("marked, expected", [((3, 1, 0), 2 + 3), ((2, 2, 0), 2)])
def test_2040_the_arctic_pillar_scores_per_player_for_the_most_marked_cards(cardset, marked, expected):
    """POS-12 and the rulebook example's step 3 (3 players): 2 VP, +1 per player for the most marked
    cards; a tie for "the most" gives nothing."""
    sc = _scenario(cardset, players=3, aside=False)
    for seat, n in enumerate(marked):
        for _ in range(n):
            sc.put(seat, "wounded", "Pegasus Seiya (civilian)")
    before = sc.score(0)
    _destroyed_by(sc, 0, "Arctic Pillar")
    assert sc.score(0) - before == expected


# --- Each Pillar: the fighters it names (+1 Strength each) and its VP (POS-11, POS-12) ----------
def _named_bonus(cardset, pillar, named, heroes=("Seiya", "Shiryu")):
    """The Strength the Pillar asks once the cards `named` (those it names) face it: 10 less 1 each;
    a card it does not name (Cassios) takes nothing off."""
    sc = _scenario(cardset, heroes=heroes, aside=False)
    inst = sc.reveal_pillar(pillar)
    _fight(sc, 0, sc.pillar_slot(inst), "Cassios", *named)
    return pillar_need(sc.s, sc.c, inst, 0)


def _vp(cardset, pillar, zone, cards, heroes=("Seiya", "Shiryu"), rules=None):
    """What the Pillar scores for seat 0 with these cards in one of its zones."""
    sc = _scenario(cardset, heroes=heroes, aside=False, rules=rules)
    for card in cards:
        sc.put(0, zone, card)
    before = sc.score(0)
    _destroyed_by(sc, 0, pillar)
    return sc.score(0) - before


def test_2038_north_atlantic_pillar_each_marina_and_marinas_in_the_deck(cardset):
    assert _named_bonus(cardset, "North Atlantic Pillar", ["Kraken Isaak"]) == 9
    assert _vp(cardset, "North Atlantic Pillar", "discard", ["Kraken Isaak", "Sea Dragon Kanon", "Cassios"]) == 2 + 2


@pytest.mark.parametrize("reading, vp", [(None, 2 + 3), ("distinct_common_saints", 2 + 3),
                                         ("distinct_bronze_saints", 2 + 2)])
def test_2039_south_atlantic_pillar_each_bronze_saint_and_distinct_saints(cardset, reading, vp):
    """POS-12, rules parameter south_atlantic_vp: +1 per differently named ▲ Saint (the default: the
    two Jabu count once, Black Pegasus is one, the ◆ Misty is not), or per differently named Bronze
    Saint (Jabu, Ban)."""
    assert _named_bonus(cardset, "South Atlantic Pillar", ["Unicorn Jabu", "Lionet Ban"]) == 8
    rules = {"south_atlantic_vp": reading} if reading else None
    assert _vp(cardset, "South Atlantic Pillar", "discard",
               ["Unicorn Jabu", "Unicorn Jabu", "Lionet Ban", "Black Pegasus", "Lizard Misty"], rules=rules) == vp


def test_2040_arctic_pillar_each_hyoga(cardset):
    assert _named_bonus(cardset, "Arctic Pillar", ["Cygnus Hyoga (civilian)", "Cygnus Hyoga"],
                        heroes=("Hyoga", "Seiya")) == 8


def test_2041_antarctic_pillar_each_ikki_and_your_destroyed_saints(cardset):
    """A ● civilian, or Cassios, is no Saint."""
    assert _named_bonus(cardset, "Antarctic Pillar", ["Phoenix Ikki (civilian)"], heroes=("Ikki", "Seiya")) == 9
    assert _vp(cardset, "Antarctic Pillar", "destroyed",
               ["Cassios", "Lizard Misty", "Black Pegasus", "Pegasus Seiya (civilian)"]) == 2 + 2


@pytest.mark.parametrize("marked, vp", [(4, 2), (5, 2 + 3)])
def test_2042_indian_ocean_pillar_each_shiryu_and_5_marked_characters(cardset, marked, vp):
    assert _named_bonus(cardset, "Indian Ocean Pillar", ["Dragon Shiryu (civilian)"], heroes=("Shiryu", "Seiya")) == 9
    assert _vp(cardset, "Indian Ocean Pillar", "wounded", ["Pegasus Seiya (civilian)"] * marked) == vp


def test_2043_south_pacific_pillar_each_shun_and_rare_cloths_in_the_deck(cardset):
    """+1 per ★ Cloth in the deck: the Gold Cloths; a Bronze Cloth (●) does not count."""
    assert _named_bonus(cardset, "South Pacific Pillar", ["Andromeda Shun (civilian)"], heroes=("Shun", "Seiya")) == 9
    assert _vp(cardset, "South Pacific Pillar", "discard", ["Aries Cloth", "Taurus Cloth", "Pegasus Cloth"]) == 2 + 2


def test_2044_north_pacific_pillar_each_seiya_and_very_rare_characters_in_the_deck(cardset):
    assert _named_bonus(cardset, "North Pacific Pillar", ["Pegasus Seiya (civilian)", "Pegasus Seiya"]) == 8
    assert _vp(cardset, "North Pacific Pillar", "discard", ["Athena", "Pope", "Cassios"]) == 2 + 2


def test_games_with_pillars_keep_the_invariants(cardset):
    """Base + the Pillars and three Generals, the tuned and random policies: the Balance Weapons are
    conserved, every facing card faces a field card, a Relic or a revealed Pillar; Pillars are
    revealed and destroyed, Balance Weapons gained and spent."""
    run = sim.play(60, players=3, cardset=cardset, policies=("tuned", "random", "tuned"), check_invariants=True,
                   events="full")
    assert (run.games["violations"] == 0).all() and (run.games["illegal_actions"] == 0).all()
    events = run.events[run.events["kind"].isin(["pillar", "weapon"])]
    assert set(zip(events["kind"].astype(str), events["a"])) == {("pillar", 0), ("pillar", 1), ("weapon", 1),
                                                                  ("weapon", -1)}
