"""The Poseidon card file: its cards, Pillars and Epics against the raw card data, the Epic pools,
the three boxes together, and the engine playing them (a card without its effect is refused by name).

Rules: shared/rules/poseidon.txt, poseidon-rulings (POS-1..24), general-rulings GEN-1 and GEN-19;
card data: shared/carddata (cards-fr.json for the numbers, copies-fr.csv for the copies, card-facts
§3.3-3.4 and its errata §3.6).
"""
import re
from pathlib import Path

import pytest

import sim
from sim.cards.cardsets import load_card_records
from sim.cards.compiler import compile_cards
from sim.cards.describe import card_lines
from sim.cards.epics import POOL_FILE, epic_pool
from sim.cards.schema import CardFileError, parse_card_file
from sim.engine import enums as E
from tests.test_asgard_cards import RANKS, _n, _raw_cards, _raw_copies, needs_raw
from tests.test_card_words import INTERNALS

ROOT = Path(__file__).resolve().parents[1]
POSEIDON = ROOT / "cardsets" / "poseidon.toml"
CARDS = list(range(2001, 2038))
PILLARS = list(range(2038, 2045))
EPICS = list(range(2901, 2920))
# The raw class words, in the project's classes ("Armure" is a Scale in this box).
CLASSES = {"Héros - Chevalier de Bronze": {"hero", "bronze_saint"},
           "Héros Transcendé - Chevalier de Bronze": {"hero", "transcended", "bronze_saint"},
           "Général Marina": {"marina_general"}, "Marina": {"marina"}, "Garde - Marina": {"guard", "marina_soldier"},
           "Relique": {"relic"}, "Armure": {"marina_scale"}, "Pilier": {"pillar"}, "Epopée": {"epic"}, "": set()}
# card-facts §3.3: each General's printed Pillar code, and the ocean each code names.
GENERAL_CODES = {2013: "AN", 2014: "AS", 2015: "Ar", 2016: "An", 2017: "In", 2018: "PS", 2019: "PN"}
OCEANS = {"AN": "Atlantique Nord", "AS": "Atlantique Sud", "Ar": "Arctique", "An": "Antarctique", "In": "Indien",
          "PS": "Pacifique Sud", "PN": "Pacifique Nord"}


def _poseidon():
    return {c.id: c for c in parse_card_file(POSEIDON).card}


# --- The numbers -------------------------------------------------------------------------------
def test_the_file_holds_every_poseidon_card_pillar_and_epic():
    cards = _poseidon()
    assert sorted(cards) == CARDS + PILLARS + EPICS
    assert sum(cards[i].copies for i in CARDS) == 51
    assert [cards[i].start for i in PILLARS] == ["pillar"] * 7
    assert [cards[i].start for i in EPICS] == ["epic"] * 19


@needs_raw
def test_numbers_and_copies_match_the_raw_data():
    raw, copies, cards = _raw_cards(), _raw_copies(), _poseidon()
    for i in CARDS + PILLARS:
        r, c = raw[i], cards[i]
        vp = r["points"] if isinstance(r["points"], int) else 2 if i in PILLARS else 0  # "2 + 1 par ...": the fixed part
        assert (c.strength_cost, c.cosmos_cost, c.strength, c.heal, c.cosmos, c.vp) == (
            _n(r["cout force"]), _n(r["cout cosmos"]), _n(r["force"]), _n(r["vie"]), _n(r["cosmos"]), vp), c.name
        assert c.rank == ([RANKS[r["rang"]]] if r["rang"] else []), c.name
    for i in CARDS + PILLARS + EPICS:
        r, c = raw[i], cards[i]
        assert c.copies == copies[i], c.name
        assert set(c.classes) == CLASSES[r["classe"]], c.name
        assert c.name_fr == ("Inflexible" if i == 2912 else r["nom"]), c.name
    for i in EPICS:
        assert f"Sablier {cards[i].hourglasses} tours" == raw[i]["objet"], cards[i].name


def test_the_errata_of_the_raw_data_are_applied():
    """card-facts §3.6: Soldier #2022 makes Guards cost +1 (not 1) Strength; Epic #2912 is
    'Inflexible', not a second 'Encerclés'; the Trident's Arrival is whole; a Pillar's 10 is the
    Strength that destroys it."""
    cards = _poseidon()
    assert "Guards cost +1 Strength" in cards[2022].text
    assert cards[2912].name_fr == "Inflexible" and cards[2907].name_fr == "Encerclés"
    assert "discards their hand and draws as many cards" in cards[2027].text
    assert all(cards[i].strength_cost == 10 and cards[i].start == "pillar" for i in PILLARS)


def test_where_each_card_starts():
    """Poseidon setup: each player's two Poseidon ◆ Heroes and their Transcended Hero are set aside;
    the 36 other cards are shuffled into the reserve; the Pillars and Epics stay out of it."""
    cards = _poseidon()
    setaside = {i for i in CARDS if cards[i].start == "setaside"}
    assert setaside == set(range(2001, 2011))
    for k, hero in enumerate(E.HEROES):
        assert cards[2001 + k].hero == cards[2006 + k].hero == hero
        assert cards[2001 + k].copies == 2 and cards[2006 + k].copies == 1
    assert sum(cards[i].copies for i in CARDS if cards[i].start == "reserve") == 36


def test_each_general_protects_the_pillar_of_its_printed_code():
    cards = _poseidon()
    generals = [i for i in CARDS if "marina_general" in cards[i].classes]
    assert generals == sorted(GENERAL_CODES)
    for i, code in GENERAL_CODES.items():
        assert cards[i].pillar in PILLARS and OCEANS[code] in cards[cards[i].pillar].name_fr, cards[i].name
    assert sorted(cards[i].pillar for i in generals) == PILLARS


def test_marinas_guards_and_characters_by_derivation():
    """GEN-19 and POS-12: "a Marina" is every class that says Marina (the Generals, Thetis, the
    Soldiers); the Soldiers are Guards, hence Warriors; Pillars, Epics, Scales and Relics are not
    Characters."""
    records = [c for c in load_card_records(("poseidon",))]
    table = compile_cards(records)
    bits = {c.id: b for c, b in zip(records, table.classes)}
    assert {i for i, b in bits.items() if b & E.CLASS_MARINA} == set(range(2013, 2026))
    assert {i for i, b in bits.items() if b & E.CLASS_GUARD} == set(range(2021, 2026))
    assert {i for i, b in bits.items() if b & E.CLASS_WARRIOR} == set(range(2021, 2026))
    not_characters = {i for i, b in bits.items() if not b & E.CLASS_CHARACTER}
    assert not_characters == {2027, 2028} | set(range(2029, 2038)) | set(PILLARS) | set(EPICS)
    assert {i for i, b in bits.items() if b & E.CLASS_SAINT} == set(range(2001, 2011))


# --- The Epic pools (POS-4, POS-6) ---------------------------------------------------------------
def test_the_shipped_epic_pools_are_those_of_the_rulings():
    def pool(mode, with_asgard=True):
        return set(epic_pool(mode, EPICS, with_asgard))
    assert pool("classic") == set(EPICS)
    assert pool("classic", False) == set(EPICS) - {2902, 2909, 2911}
    assert pool("solo") == set(EPICS) - {2901, 2904, 2908, 2909}
    assert pool("coop") == set(EPICS) - {2901, 2908, 2909}
    assert pool("coop", False) == set(EPICS) - {2901, 2908, 2909, 2902, 2911}
    assert pool("duel") == set(EPICS) - {2915, 2908, 2909}  # DUEL-12
    assert "estimate = true" in POOL_FILE.read_text(encoding="utf-8")


def test_a_pool_lasts_longer_than_any_game():
    """POS-4: running out takes 49 hourglasses (all 19), 37 (solo), 40 (co-op)."""
    cards = _poseidon()
    assert [sum(cards[i].hourglasses for i in epic_pool(mode, EPICS)) for mode in ("classic", "solo", "coop")] \
        == [49, 37, 40]


def test_a_bad_pool_file_names_the_file_the_mode_and_the_field(tmp_path):
    path = tmp_path / "pools.toml"
    path.write_text("[classic]\nepics = [2901, 3000]\nwithout_asgard = []\n", encoding="utf-8")
    with pytest.raises(CardFileError, match=r"pools.toml: \[classic\] field 'epics': no Epic numbered 3000"):
        epic_pool("classic", EPICS, path=path)
    with pytest.raises(CardFileError, match=r"\[coop\] needs exactly two lists"):
        epic_pool("coop", EPICS, path=path)
    with pytest.raises(CardFileError, match="unknown mode 'coop2'.*allowed: classic, solo, coop"):
        epic_pool("coop2", EPICS)


# --- The schema of Pillars, Epics and Generals -------------------------------------------------
@pytest.mark.parametrize("fields, message", [
    ('classes = ["pillar"]\ncopies = 1\nstart = "reserve"\nrank = ["rare"]', "a Pillar has start"),
    ('classes = ["pillar"]\ncopies = 2\nstart = "pillar"', "no rank and 1 copy"),
    ('classes = ["epic"]\ncopies = 1\nstart = "epic"', "only an Epic, has a duration"),
    ('classes = ["marina_general"]\ncopies = 1\nrank = ["rare"]', "names the Pillar it protects"),
    ('classes = ["marina"]\ncopies = 1\nrank = ["rare"]\npillar = 2038', "names the Pillar it protects"),
])
def test_a_malformed_pillar_epic_or_general_is_refused_by_name(tmp_path, fields, message):
    path = tmp_path / "mine.toml"
    path.write_text(f'box = "poseidon"\n\n[[card]]\nid = 2999\nname = "Mine"\n{fields}\n', encoding="utf-8")
    with pytest.raises(CardFileError, match=rf"mine.toml: card #2999 'Mine'.*{re.escape(message)}"):
        parse_card_file(path)


# --- The three boxes together ------------------------------------------------------------------
def test_base_asgard_and_poseidon_load_together():
    """GEN-1: the Poseidon cards join the other two boxes: a reserve of 196 cards (poseidon-rulings,
    Flow 1); the base and Asgard cards are unchanged."""
    three = sim.load_cards(("base", "asgard", "poseidon"))
    two = sim.load_cards(("base", "asgard"))
    assert three[three["start"] == "reserve"]["copies"].sum() == 196
    assert three[three["box"] != "poseidon"].reset_index(drop=True).equals(two)
    pos = three[three["box"] == "poseidon"]
    assert sorted(pos["id"]) == CARDS + PILLARS + EPICS
    assert three["name"].is_unique


def test_the_engine_plays_every_card_of_the_poseidon_box():
    assert not [c.name for c in _poseidon().values() if not (c.effects or c.plain)]
    engine = sim.games.build_engine(("base", "asgard", "poseidon"))
    assert {c.id for c in engine.cards} >= set(CARDS + PILLARS + EPICS)


def test_a_poseidon_card_without_its_effect_is_refused_by_name(tmp_path):
    text = POSEIDON.read_text(encoding="utf-8")
    i = text.index("[[card]]\nid = 2028")
    block = text[i:text.index("[[card]]", i + 10)]
    stripped = block[:block.index("\n[[card.effects]]")] + "\n"
    mine = tmp_path / "urn.toml"
    mine.write_text('box = "poseidon"\n\n' + stripped, encoding="utf-8")
    with pytest.raises(NotImplementedError, match="Athena's Urn"):
        sim.games.build_engine(("base", "asgard", "poseidon"), cardset=mine)


def test_no_poseidon_card_is_plain_but_the_transcended_heroes():
    """Every Poseidon card, Pillar and Epic prints a text: none may be declared without an effect,
    but the Transcended Heroes, whose text is the rule of their class (POS-15)."""
    cards = _poseidon().values()
    assert not [c.name for c in cards if not c.text]
    assert sorted(c.id for c in cards if c.plain) == list(range(2006, 2011))
    assert all(c.classes == ["hero", "transcended", "bronze_saint"] for c in cards if c.plain)


def test_every_encoded_poseidon_card_has_a_scenario_test():
    text = "".join(p.read_text() for p in Path(__file__).parent.glob("test_poseidon_*.py"))
    tested = {int(m) for m in re.findall(r"^def test_(\d+)_", text, re.M)}
    encoded = {c.id for c in _poseidon().values() if c.effects or c.plain}
    assert encoded <= tested, sorted(encoded - tested)


def test_every_poseidon_card_reads_in_plain_words():
    for card in _poseidon().values():
        text = "\n".join(card_lines(card))
        assert text.startswith(f"#{card.id} {card.name}") and f"Text: {card.text}" in text
        if card.effects:
            assert not INTERNALS.search(text.split("What the engine does:")[-1]), card.name
        elif not card.plain:
            assert "not applied by the engine yet" in text, card.name
    pillar = "\n".join(card_lines(_poseidon()[2042]))
    assert "Destroyed by a fight with 10 Strength" in pillar and "Cost:" not in pillar
    assert "Duration: 4 hourglasses" in "\n".join(card_lines(_poseidon()[2901]))
    assert "Protects Pillar #2042" in "\n".join(card_lines(_poseidon()[2017]))


@pytest.mark.parametrize("when, message", [
    ('{rule = "south_atlantic", is = "distinct_bronze_saints"}', "no rules parameter with named values is called"),
    ('{rule = "south_atlantic_vp", is = "bronze"}', "is one of distinct_common_saints, distinct_bronze_saints"),
])
def test_a_step_under_an_unknown_reading_of_a_ruling_is_refused_by_name(tmp_path, when, message):
    path = tmp_path / "mine.toml"
    path.write_text('box = "poseidon"\n\n[[card]]\nid = 2999\nname = "Mine"\nrank = ["rare"]\ncopies = 1\n\n'
                    f'[[card.effects]]\non = "score"\ndo = [{{op = "vp_if_own", bonus = 1, when = {when}}}]\n',
                    encoding="utf-8")
    with pytest.raises(CardFileError, match=rf"mine.toml: card #2999 'Mine'.*{re.escape(message)}"):
        parse_card_file(path)
