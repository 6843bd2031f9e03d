"""The Asgard card file: its numbers against the raw card data, the two boxes together, the engine
refusing the cards it cannot play yet, and the effects it does play, card by card (Freeze and
Marked themselves: tests/test_asgard_freeze.py).

Rules: shared/rules/asgard.txt, asgard-rulings (ASG-1..23), general-rulings GEN-1 and GEN-19;
card data: shared/carddata (cards-fr.json for the numbers, copies-fr.csv for the copies, card-facts
§3.2 and its errata §3.6).
"""
import csv
import json
import os
import re
from pathlib import Path

import pytest

import sim
from sim.cards.cardsets import STATUE, TECHNIQUES, load_card_records
from sim.cards.compiler import compile_cards
from sim.cards.describe import card_lines
from sim.cards.schema import parse_card_file
from sim.engine import enums as E
from sim.scenario import Scenario
from tests.test_card_words import INTERNALS

ROOT = Path(__file__).resolve().parents[1]
ASGARD = ROOT / "cardsets" / "asgard.toml"
IDS = list(range(1001, 1037))
ENCODED = tuple(range(1001, 1037))  # the cards the engine plays: every Asgard card (docs/asgard.md)
RAW = Path(os.environ.get("SEIYA_CARDDATA", ROOT.parent / "shared" / "carddata"))
needs_raw = pytest.mark.skipif(not (RAW / "cards-fr.json").exists(), reason=f"no raw card data in {RAW}")

RANKS = {"Très Commun": "very_common", "Commun": "common", "Peu Commun": "uncommon", "Rare": "rare",
         "Très Rare": "very_rare"}
# The raw class words, in the project's classes. "Guerrier" (Bud) is a Warrior but not a God Warrior (GEN-19).
CLASSES = {"Héros - Chevalier de Bronze": {"hero", "bronze_saint"}, "Armure de Bronze": {"bronze_cloth"},
           "Relique": {"relic"}, "Armure": {"god_robe"}, "Guerrier Divin": {"god_warrior"}, "Guerrier": {"warrior"},
           "Guerrier - Garde": {"guard"}, "": set()}


def _asgard():
    return {c.id: c for c in parse_card_file(ASGARD).card}


def _raw_cards():
    return {c["id"]: c for c in json.loads((RAW / "cards-fr.json").read_text(encoding="utf-8-sig"))}


def _raw_copies():
    """copies-fr.csv: the name column reads 'Nom#1001(x2)Classe...'. (Its cost columns lost their
    currency icons, so the numbers come from the JSON.)"""
    out = {}
    with open(RAW / "copies-fr.csv", encoding="utf-8-sig", newline="") as f:
        for row in csv.reader(f):
            m = re.search(r"#(\d{4})\(x(\d+)\)", row[1]) if len(row) > 1 else None
            if m:
                out[int(m.group(1))] = int(m.group(2))
    return out


def _n(v):
    """A raw number: empty means none (0)."""
    return v if isinstance(v, int) else 0


# --- The numbers -------------------------------------------------------------------------------
def test_the_file_holds_every_asgard_card_and_50_copies():
    cards = _asgard()
    assert sorted(cards) == IDS
    assert sum(c.copies for c in cards.values()) == 50


@needs_raw
def test_numbers_and_copies_match_the_raw_data():
    raw, copies, cards = _raw_cards(), _raw_copies(), _asgard()
    for i in IDS:
        r, c = raw[i], cards[i]
        vp = r["points"] if isinstance(r["points"], int) else 0  # "2 par robe divine": no fixed part
        assert (c.strength_cost, c.cosmos_cost, c.strength, c.heal, c.cosmos, c.vp) == (
            _n(r["cout force"]), _n(r["cout cosmos"]), _n(r["force"]), _n(r["vie"]), _n(r["cosmos"]), vp), c.name
        assert c.copies == copies[i], c.name
        assert c.name_fr == r["nom"], c.name
        assert set(c.classes) == CLASSES[r["classe"]], c.name
        assert ("sapphire" in c.icons) == (r["objet"] == "Saphir"), c.name


@needs_raw
def test_ranks_are_the_raw_rank_plus_the_god_warriors_second_rank():
    """ASG-22: the 7 God Warriors (the sapphire cards) are ◆ and ★; every other card has its one rank."""
    raw, cards = _raw_cards(), _asgard()
    for i in IDS:
        extra = ["rare"] if "sapphire" in cards[i].icons else []
        assert cards[i].rank == [RANKS[raw[i]["rang"]]] + extra, cards[i].name
    assert [i for i in IDS if len(cards[i].rank) == 2] == list(range(1023, 1030))


def test_where_each_card_starts():
    """Asgard setup: the ◆ Heroes and the V2 Bronze Cloths are set aside with the ▲ copies; the 35
    other cards are shuffled into the reserve."""
    cards = _asgard()
    setaside = {i for i, c in cards.items() if c.start == "setaside"}
    assert setaside == set(range(1001, 1011))
    assert {cards[i].hero for i in setaside} == set(E.HEROES)
    assert sum(c.copies for c in cards.values() if c.start == "reserve") == 35
    for hero_id in range(1001, 1006):  # each Hero's ◆ version and V2 Cloth name the same Hero
        assert cards[hero_id].hero == cards[hero_id + 5].hero
    assert not any(c.start == "deck" for c in cards.values())


def test_the_guards_read_plus_one_strength():
    """card-facts §3.6 erratum 1: the raw card list has Guard #1031 make Warriors "cost 1
    Strength"; the printed card (and the copy table) say +1, as Guards #1032 and #1033 do."""
    cards = _asgard()
    assert "Warriors cost +1 Strength" in cards[1031].text
    assert sum("cost +1 Strength" in cards[i].text for i in range(1031, 1036)) == 3


def test_warriors_are_the_god_warriors_bud_and_the_guards():
    """GEN-19: "Warrior" means the 14 God Warriors, Bud and the Guards; "God Warrior" only the first."""
    records = [c for c in load_card_records(("asgard",)) if c.id < 1100]
    table = compile_cards(records)
    warriors = {c.id for c, bits in zip(records, table.classes) if bits & E.CLASS_WARRIOR}
    assert warriors == set(range(1023, 1036))
    assert not any(bits & E.CLASS_GOD_WARRIOR for c, bits in zip(records, table.classes) if c.id == 1030)


# --- The two boxes together ------------------------------------------------------------------
def test_base_and_asgard_load_together():
    """GEN-1: Asgard's cards join the base box, and its boards' cards (ASG-4, ASG-9; never in a
    deck); the base cards are unchanged."""
    both = sim.load_cards(("base", "asgard"))
    base = sim.load_cards(("base",))
    board = both[both["start"] == "board"]  # 20 techniques and the Robe of Odin (ASG-9)
    assert sorted(board["class"].value_counts().items()) == [("odin_robe", 1), ("technique", 20)]
    assert (board["box"] == "asgard").all()
    both = both[both["start"] != "board"]
    assert len(both) == 126 and both["copies"].sum() == 250
    asg = both[both["box"] == "asgard"]
    assert sorted(asg["id"]) == IDS
    assert both[both["start"] == "reserve"]["copies"].sum() == 160  # 125 + 35 (asgard-rulings, Flow 1)
    assert both[both["box"] == "base"].reset_index(drop=True).equals(base)
    assert both["name"].is_unique


def test_every_asgard_card_is_encoded_and_the_box_builds():
    """Every Asgard card has a program: the engine builds base + Asgard, its boards included."""
    assert not [c.name for c in _asgard().values() if not c.effects]
    assert sorted(ENCODED) == IDS
    engine = sim.games.build_engine(("base", "asgard"))
    assert {c.id for c in engine.cards} >= set(IDS) | {1100}


def test_a_card_without_a_program_is_still_refused_by_name(tmp_path):
    """A designer's file that declares a printed effect without encoding it is refused, naming the card."""
    text = ASGARD.read_text(encoding="utf-8")
    block = "[[card]]" + text.split("[[card]]")[1].split("[[card.effects]]")[0]
    path = tmp_path / "mine.toml"
    path.write_text('box = "asgard"\n\n' + block, encoding="utf-8")
    with pytest.raises(NotImplementedError) as err:
        sim.games.build_engine(("base",), path)
    assert _asgard()[1001].name in str(err.value)


def test_no_asgard_card_is_plain():
    """Every Asgard card prints an effect: none may be declared without one."""
    assert not [c.name for c in _asgard().values() if c.plain]


def test_every_asgard_card_reads_in_plain_words():
    for card in _asgard().values():
        text = "\n".join(card_lines(card))
        assert text.startswith(f"#{card.id} {card.name}") and f"Text: {card.text}" in text
        if card.effects:
            assert not INTERNALS.search(text.split("What the engine does:")[-1]), card.name
        else:
            assert "not applied by the engine yet" in text, card.name


def test_every_encoded_asgard_card_has_a_scenario_test():
    text = "".join(p.read_text() for p in Path(__file__).parent.glob("test_asgard_*.py"))
    tested = {int(m) for m in re.findall(r"^def test_(\d+)_", text, re.M)}
    encoded = {c.id for c in _asgard().values() if c.effects}
    assert encoded <= tested, sorted(encoded - tested)


# --- The encoded effects, on base + the encoded Asgard cards ---------------------------------
def write_encoded_cardset(folder: Path) -> Path:
    """A designer's card file holding only the Asgard cards that have a program, and the boards'
    techniques and Robe of Odin: the engine builds it on top of the base box (the whole Asgard box it refuses)."""
    text = ASGARD.read_text(encoding="utf-8")
    blocks = ["[[card]]" + b for b in text.split("[[card]]")[1:] if "[[card.effects]]" in b]
    for board in (TECHNIQUES, STATUE):
        blocks += ["[[card]]" + b for b in board.read_text(encoding="utf-8").split("[[card]]")[1:]]
    path = folder / "encoded.toml"
    path.write_text('box = "asgard"\n\n' + "\n".join(blocks), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def encoded_cardset(tmp_path_factory):
    return write_encoded_cardset(tmp_path_factory.mktemp("asgard"))


def _scenario(cardset, players=2, seed=0, policies=("value",)):
    return Scenario(players=players, cardset=cardset, seed=seed, policies=policies)


def _try_use(sc, seat, inst):
    try:
        sc.use(seat, inst)
    except AssertionError:  # the engine refuses a use with nothing to act on
        return False
    return True


def test_1015_alpha_robe_takes_a_bronze_cloth_from_the_discard_pile(encoded_cardset):
    """Discard: take a Bronze Cloth from your discard pile into your hand; other Cloths stay."""
    sc = _scenario(encoded_cardset)
    robe = sc.hand(0, "God Robe Alpha (Dubhe)")
    sc.put(0, "discard", "Aries Cloth")
    sc.put(0, "discard", "Pegasus Cloth")
    sc.put(0, "discard", "Cassios")
    sc.equip(0, robe)
    sc.use(0, robe)
    assert sc.names(0, "hand") == ["Pegasus Cloth"]
    assert sorted(sc.names(0, "discard")) == ["Aries Cloth", "Cassios", "God Robe Alpha (Dubhe)"]
    assert sc.names(0, "cloth") == []


def test_1015_alpha_robe_without_a_bronze_cloth_takes_nothing(encoded_cardset):
    sc = _scenario(encoded_cardset)
    robe = sc.hand(0, "God Robe Alpha (Dubhe)")
    sc.put(0, "discard", "Aries Cloth")
    sc.equip(0, robe)
    _try_use(sc, 0, robe)
    assert sc.names(0, "hand") == []
    assert "Aries Cloth" in sc.names(0, "discard")


def test_1021_mizar_robe_each_opponent_wounds_one_uncommon_character(encoded_cardset):
    """Discard: each opponent wounds one ◆ Character of their hand (they pick it); ● and ▲
    Characters, a ◆ Cloth (not a Character, GEN-19) and the user's own hand are untouched."""
    sc = _scenario(encoded_cardset, players=3)
    robe = sc.hand(0, "God Robe Zeta (Mizar)")
    sc.hand(0, "Lizard Misty")
    sc.hand(1, "Lizard Misty", "Perseus Algol", "Cassios", "Pegasus Seiya")
    sc.hand(2, "God Robe Alpha (Dubhe)", "Cassios")
    sc.equip(0, robe)
    sc.use(0, robe)
    assert len(sc.names(1, "wounded")) == 1 and sc.names(1, "wounded")[0] in ("Lizard Misty", "Perseus Algol")
    assert sorted(sc.names(1, "hand")) == sorted(
        {"Lizard Misty", "Perseus Algol"} - set(sc.names(1, "wounded")) | {"Cassios", "Pegasus Seiya"})
    assert sc.names(2, "wounded") == [] and sorted(sc.names(2, "hand")) == ["Cassios", "God Robe Alpha (Dubhe)"]
    assert sc.names(0, "hand") == ["Lizard Misty"] and sc.names(0, "wounded") == []
    assert sc.names(0, "discard") == ["God Robe Zeta (Mizar)"]


# --- The V2 Bronze Cloths and their exchange (ASG-18) ----------------------------------------
V2 = {"Seiya": ("Pegasus Cloth", "Pegasus Cloth V2", "Pegasus Seiya (civilian)", "Pegasus Seiya"),
      "Shiryu": ("Dragon Cloth", "Dragon Cloth V2", "Dragon Shiryu (civilian)", "Dragon Shiryu"),
      "Hyoga": ("Cygnus Cloth", "Cygnus Cloth V2", "Cygnus Hyoga (civilian)", "Cygnus Hyoga"),
      "Shun": ("Andromeda Cloth", "Andromeda Cloth V2", "Andromeda Shun (civilian)", "Andromeda Shun"),
      "Ikki": ("Phoenix Cloth", "Phoenix Cloth V2", "Phoenix Ikki (civilian)", "Phoenix Ikki")}


def _check_v2_upgrade(cardset, hero):
    """Discard: destroy 2 identical civilians from hand, the armoured copy goes into the hand (the
    base Cloth puts it into the discard pile)."""
    _, v2, civ, armoured = V2[hero]
    sc = Scenario(heroes=(hero,) + tuple(h for h in V2 if h != hero)[:1], cardset=cardset)
    cloth = sc.hand(0, v2)
    sc.hand(0, civ, civ, civ)
    sc.put(0, "setaside", armoured)
    sc.equip(0, cloth)
    sc.use(0, cloth)
    assert sc.names(0, "destroyed") == [civ, civ]
    assert sorted(sc.names(0, "hand")) == sorted([civ, armoured])
    assert sc.names(0, "discard") == [v2] and sc.names(0, "setaside") == []


def test_1006_pegasus_cloth_v2_upgrades_into_the_hand(encoded_cardset):
    _check_v2_upgrade(encoded_cardset, "Seiya")


def test_1007_dragon_cloth_v2_upgrades_into_the_hand(encoded_cardset):
    _check_v2_upgrade(encoded_cardset, "Shiryu")


def test_1008_cygnus_cloth_v2_upgrades_into_the_hand(encoded_cardset):
    _check_v2_upgrade(encoded_cardset, "Hyoga")


def test_1009_andromeda_cloth_v2_upgrades_into_the_hand(encoded_cardset):
    _check_v2_upgrade(encoded_cardset, "Shun")


def test_1010_phoenix_cloth_v2_upgrades_into_the_hand(encoded_cardset):
    _check_v2_upgrade(encoded_cardset, "Ikki")


def test_a_set_aside_v2_cloth_is_never_the_next_rank(encoded_cardset):
    """The upgrade stock offers Characters only: a pair of civilians with only the V2 Cloth set
    aside is no upgrade."""
    sc = Scenario(cardset=encoded_cardset)
    cloth = sc.hand(0, "Pegasus Cloth")
    sc.hand(0, "Pegasus Seiya (civilian)", "Pegasus Seiya (civilian)")
    sc.put(0, "setaside", "Pegasus Cloth V2")
    sc.equip(0, cloth)
    _try_use(sc, 0, cloth)
    assert sc.names(0, "destroyed") == [] and sc.names(0, "setaside") == ["Pegasus Cloth V2"]


def _win(sc, seat, slot, name, civilian="Pegasus Seiya (civilian)"):
    """seat fights `name` in `slot` with civilians (1 Strength each) and acquires it with Strength."""
    sc.field(slot, name)
    for _ in range(sc.cost(seat, slot)):
        sc.play(seat, sc.hand(seat, civilian), slot)
    sc.acquire(seat, slot)


def _exchanges(sc):
    ev = sc.events()
    return ev[ev["kind"] == "exchange"]


def test_acquiring_a_base_gold_saint_swaps_every_base_bronze_cloth_equipped_or_in_hand(encoded_cardset):
    """The rulebook's exchange: Seiya's player wins Taurus Aldebaran; his equipped Pegasus Cloth
    becomes the V2, equipped; Shiryu's Dragon Cloth in hand becomes the V2, in hand; Hyoga's Cloth,
    in his discard pile, stays. The base Cloths leave the game (set aside)."""
    sc = Scenario(players=3, cardset=encoded_cardset)
    for seat, hero in enumerate(("Seiya", "Shiryu", "Hyoga")):
        sc.put(seat, "setaside", V2[hero][1])
    sc.equip(0, sc.hand(0, "Pegasus Cloth"))
    sc.hand(1, "Dragon Cloth")
    sc.put(2, "discard", "Cygnus Cloth")
    _win(sc, 0, 5, "Taurus Aldebaran")
    assert sc.names(0, "cloth") == ["Pegasus Cloth V2"] and sc.names(0, "setaside") == ["Pegasus Cloth"]
    assert sc.names(1, "hand") == ["Dragon Cloth V2"] and sc.names(1, "setaside") == ["Dragon Cloth"]
    assert sc.names(2, "discard") == ["Cygnus Cloth"] and sc.names(2, "setaside") == ["Cygnus Cloth V2"]
    assert list(_exchanges(sc)["seat"]) == [0, 1]


def test_the_exchange_goes_from_the_active_player_in_seat_order_and_only_once(encoded_cardset):
    sc = Scenario(players=3, active=1, cardset=encoded_cardset)
    for seat, hero in enumerate(("Seiya", "Shiryu", "Hyoga")):
        sc.put(seat, "setaside", V2[hero][1])
        sc.hand(seat, V2[hero][0])
    _win(sc, 1, 5, "Taurus Aldebaran")
    assert list(_exchanges(sc)["seat"]) == [1, 2, 0]
    _win(sc, 1, 5, "Gemini Saga", "Dragon Shiryu (civilian)")  # a second one: no V2 is left to take
    assert len(_exchanges(sc)) == 3
    assert sc.names(0, "hand") == ["Pegasus Cloth V2"]


def test_no_exchange_for_a_gold_cloth_or_another_saint(encoded_cardset):
    sc = Scenario(cardset=encoded_cardset)
    sc.put(0, "setaside", "Pegasus Cloth V2")
    sc.hand(0, "Pegasus Cloth")
    _win(sc, 0, 5, "Perseus Algol")
    sc.field(4, "Taurus Cloth")  # 5 Cosmos
    for shiva in sc.hand(0, "Peacock Shiva", "Peacock Shiva"):  # 3 Cosmos each
        sc.play(0, shiva, 4)
    sc.acquire(0, 4, "cosmos")
    assert sc.names(0, "hand") == ["Pegasus Cloth", "Taurus Cloth"]
    assert len(_exchanges(sc)) == 0 and sc.names(0, "setaside") == ["Pegasus Cloth V2"]


# --- Freeze and Marked (ASG-11..15) ----------------------------------------------------------
FILLER = "Phoenix Ikki (civilian)"  # 9 copies: a draw pile's cards


def _paying(sc, seat):
    """The seat pays any optional cost (the 'value' policy keeps its good cards from costs)."""
    from sim.engine.policies.weights import W_PAY
    sc.st.mind.weights[seat, W_PAY] = 99.0
    return sc


def _mizar(sc, seat):
    """Seat spends an equipped Mizar Robe (1021): each opponent wounds a ◆ Character of their hand."""
    robe = sc.hand(seat, "God Robe Zeta (Mizar)")
    sc.equip(seat, robe)
    sc.use(seat, robe)


def test_1002_shiryu_engagement_wounds_a_common_character_in_hand_to_draw_2(encoded_cardset):
    """Engagement: wound a ▲ Character of your hand to draw 2; a ● card is not one."""
    sc = _paying(_scenario(encoded_cardset), 0)
    sc.field(5, "Cassios")
    for _ in range(3):
        sc.put(0, "draw", FILLER)
    shiryu = sc.hand(0, "Dragon Shiryu (Asgard)")
    sc.hand(0, "Pegasus Seiya", "Cassios")
    sc.play(0, shiryu, 5)
    assert sc.names(0, "wounded") == ["Pegasus Seiya"]
    assert sc.names(0, "hand") == sorted(["Cassios", FILLER, FILLER])


def test_1002_shiryu_engagement_without_a_common_character_draws_nothing(encoded_cardset):
    sc = _paying(_scenario(encoded_cardset), 0)
    sc.field(5, "Cassios")
    sc.put(0, "draw", FILLER)
    shiryu = sc.hand(0, "Dragon Shiryu (Asgard)")
    sc.hand(0, "Cassios")
    sc.play(0, shiryu, 5)
    assert sc.names(0, "wounded") == [] and sc.names(0, "hand") == ["Cassios"]


def test_1002_shiryu_marked_takes_another_wounded_shiryu_back_into_hand(encoded_cardset):
    """Wounded on seat 0's turn (Mizar Robe), seat 1's ◆ Shiryu fires its Marked: seat 1 takes its
    other wounded Shiryu (the ▲ copy) into hand; the ◆ one stays wounded, other wounded cards too."""
    sc = _scenario(encoded_cardset)
    old = sc.put(1, "wounded", "Dragon Shiryu")
    sc.put(1, "wounded", "Cassios")
    shiryu = sc.hand(1, "Dragon Shiryu (Asgard)")
    _mizar(sc, 0)
    assert sc.zone_of(shiryu) == (1, "wounded") and sc.zone_of(old) == (1, "hand")
    assert sc.names(1, "wounded") == ["Cassios", "Dragon Shiryu (Asgard)"]


def test_1002_shiryu_marked_never_takes_itself_back(encoded_cardset):
    sc = _scenario(encoded_cardset)
    shiryu = sc.hand(1, "Dragon Shiryu (Asgard)")
    _mizar(sc, 0)
    assert sc.zone_of(shiryu) == (1, "wounded") and sc.names(1, "hand") == []


def test_1003_hyoga_engagement_draws_one_card_per_other_hyoga_alongside(encoded_cardset):
    """Engagement: draw 1 card per other Hyoga facing the same card (2 here); Hyogas facing another
    card and other Heroes alongside do not count."""
    sc = _scenario(encoded_cardset)
    sc.field(5, "Cassios")
    sc.field(4, "Unicorn Jabu")
    for _ in range(4):
        sc.put(0, "draw", FILLER)
    for name in ("Cygnus Hyoga (civilian)", "Cygnus Hyoga", "Pegasus Seiya (civilian)"):
        sc.play(0, sc.hand(0, name), 5)
    sc.play(0, sc.hand(0, "Cygnus Hyoga (civilian)"), 4)
    before = sc.count(0, "draw")  # (the ▲ Hyoga drew 1 when played beside the civilian)
    sc.play(0, sc.hand(0, "Cygnus Hyoga (Asgard)"), 5)
    assert before - sc.count(0, "draw") == 2


def test_1003_hyoga_engagement_alone_draws_nothing(encoded_cardset):
    sc = _scenario(encoded_cardset)
    sc.field(5, "Cassios")
    sc.put(0, "draw", FILLER)
    sc.play(0, sc.hand(0, "Cygnus Hyoga (Asgard)"), 5)
    assert sc.names(0, "hand") == []


def test_1003_hyoga_marked_takes_a_hyoga_from_the_discard_pile(encoded_cardset):
    """Wounded on seat 0's turn (Mizar Robe), seat 1's ◆ Hyoga takes a Hyoga of its discard pile
    into hand; other cards stay."""
    sc = _scenario(encoded_cardset)
    sc.put(1, "discard", "Cassios")
    old = sc.put(1, "discard", "Cygnus Hyoga")
    hyoga = sc.hand(1, "Cygnus Hyoga (Asgard)")
    _mizar(sc, 0)
    assert sc.zone_of(hyoga) == (1, "wounded") and sc.zone_of(old) == (1, "hand")
    assert sc.names(1, "discard") == ["Cassios"]


def test_1003_the_policy_plays_the_other_hyogas_first(encoded_cardset):
    """With ◆ Hyoga and a civilian Hyoga in hand against one card, the default policy plays the
    civilian first, so the ◆ one draws (the other order draws nothing)."""
    sc = _scenario(encoded_cardset, policies=("tuned",))
    sc.field(5, "Cassios")
    for _ in range(3):
        sc.put(0, "draw", FILLER)
    other = sc.hand(0, "Cygnus Hyoga (civilian)")
    sc.hand(0, "Cygnus Hyoga (Asgard)")
    kind, a, b = sc.step(0)
    assert (a, b) == (other, 5), (kind, a, b)


@pytest.mark.parametrize("faced, drawn", [("Unicorn Jabu", 1), ("Taurus Cloth", 1), ("Cassios", 0)])
def test_1004_shun_engagement_draws_when_the_faced_card_has_a_cosmos_cost(encoded_cardset, faced, drawn):
    """Unicorn Jabu (3 Strength or 3 Cosmos) and Taurus Cloth (5 Cosmos) have a Cosmos cost;
    Cassios (Strength only) has none."""
    sc = _scenario(encoded_cardset)
    sc.field(5, faced)
    sc.put(0, "draw", FILLER)
    sc.play(0, sc.hand(0, "Andromeda Shun (Asgard)"), 5)
    assert sc.count(0, "hand") == drawn


def test_1004_shun_marked_equips_a_common_or_uncommon_cloth_from_the_discard_pile(encoded_cardset):
    """Wounded (Mizar Robe), seat 1's ◆ Shun puts the ▲ Pegasus Cloth of its discard pile into
    play, not the ★ Aries Cloth; the Cloth it had equipped goes to the discard pile (ASG-23)."""
    sc = _scenario(encoded_cardset)
    sc.put(1, "discard", "Pegasus Cloth")
    sc.put(1, "discard", "Aries Cloth")
    sc.put(1, "cloth", "Dragon Cloth")
    shun = sc.hand(1, "Andromeda Shun (Asgard)")
    _mizar(sc, 0)
    assert sc.zone_of(shun) == (1, "wounded")
    assert sc.names(1, "cloth") == ["Pegasus Cloth"]
    assert sc.names(1, "discard") == ["Aries Cloth", "Dragon Cloth"]


def test_1005_ikki_engagement_destroys_a_character_of_the_discard_pile_to_draw_2(encoded_cardset):
    sc = _paying(_scenario(encoded_cardset), 0)
    sc.field(5, "Cassios")
    for _ in range(3):
        sc.put(0, "draw", FILLER)
    sc.put(0, "discard", "Pegasus Cloth")  # a Cloth is not a Character
    sc.put(0, "discard", "Cassios")
    ikki = sc.hand(0, "Phoenix Ikki (Asgard)")
    sc.play(0, ikki, 5)
    assert sc.names(0, "destroyed") == ["Cassios"] and sc.names(0, "discard") == ["Pegasus Cloth"]
    assert sc.names(0, "hand") == [FILLER, FILLER]


def test_1005_ikki_engagement_without_a_character_in_the_discard_pile_draws_nothing(encoded_cardset):
    sc = _paying(_scenario(encoded_cardset), 0)
    sc.field(5, "Cassios")
    sc.put(0, "draw", FILLER)
    sc.put(0, "discard", "Pegasus Cloth")
    ikki = sc.hand(0, "Phoenix Ikki (Asgard)")
    sc.play(0, ikki, 5)
    assert sc.names(0, "destroyed") == [] and sc.names(0, "hand") == []


def test_1005_ikki_marked_puts_a_destroyed_very_common_character_into_the_discard_pile(encoded_cardset):
    """Wounded by an opponent's Mizar Robe, seat 1's ◆ Ikki brings one of its destroyed ●
    Characters back to its discard pile; a destroyed ▲ Character stays destroyed."""
    sc = _scenario(encoded_cardset)
    civ = sc.put(1, "destroyed", "Pegasus Seiya (civilian)")
    armoured = sc.put(1, "destroyed", "Pegasus Seiya")
    ikki = sc.hand(1, "Phoenix Ikki (Asgard)")
    _mizar(sc, 0)
    assert sc.zone_of(ikki) == (1, "wounded")
    assert sc.zone_of(civ) == (1, "discard") and sc.zone_of(armoured) == (1, "destroyed")


def test_1005_ikki_marked_fires_when_he_is_frozen_too(encoded_cardset):
    """ASG-15: a Freeze token fires Marked as a Wound token does (Epsilon Robe freezes him)."""
    sc = _scenario(encoded_cardset)
    civ = sc.put(1, "destroyed", "Cassios")
    ikki = sc.hand(1, "Phoenix Ikki (Asgard)")
    robe = sc.hand(0, "God Robe Epsilon (Alioth)")
    sc.equip(0, robe)
    sc.use(0, robe)
    assert sc.zone_of(ikki) == (1, "frozen") and sc.zone_of(civ) == (1, "discard")


def test_1016_beta_robe_freezes_itself_to_take_back_a_frozen_character(encoded_cardset):
    """Freeze: take one of your frozen Characters into your hand (its token goes); a frozen Cloth
    is not a Character; the Robe ends frozen, out of the Cloth slot."""
    sc = _scenario(encoded_cardset)
    cassios = sc.put(0, "frozen", "Cassios")
    cloth = sc.put(0, "frozen", "Pegasus Cloth")
    robe = sc.hand(0, "God Robe Beta (Merak)")
    sc.equip(0, robe)
    sc.use(0, robe)
    assert sc.zone_of(cassios) == (0, "hand") and sc.freeze_side(cassios) == 0
    assert sc.zone_of(cloth) == (0, "frozen")
    assert sc.zone_of(robe) == (0, "frozen") and sc.freeze_side(robe) == 2 and sc.names(0, "cloth") == []


def test_1016_beta_robe_without_a_frozen_character_cannot_be_used(encoded_cardset):
    sc = _scenario(encoded_cardset)
    sc.put(0, "frozen", "Pegasus Cloth")
    sc.put(0, "wounded", "Cassios")  # wounded, not frozen
    robe = sc.hand(0, "God Robe Beta (Merak)")
    sc.equip(0, robe)
    assert not _try_use(sc, 0, robe)
    assert sc.names(0, "cloth") == ["God Robe Beta (Merak)"]


def test_1019_epsilon_robe_freezes_a_random_card_of_an_opponents_hand(encoded_cardset):
    """Discard: one card of the opponent's hand, at random, goes to their marked area frozen (side
    2); the Robe goes to the discard pile. Over seeds, different cards are hit."""
    hit = set()
    for seed in range(8):
        sc = _scenario(encoded_cardset, seed=seed)
        hand = sc.hand(1, "Cassios", "Pegasus Cloth", "Taurus Aldebaran")
        robe = sc.hand(0, "God Robe Epsilon (Alioth)")
        sc.equip(0, robe)
        sc.use(0, robe)
        frozen = sc.insts(1, "frozen")
        assert len(frozen) == 1 and frozen[0] in hand and sc.freeze_side(frozen[0]) == 2
        assert sc.count(1, "hand") == 2 and sc.names(0, "discard") == ["God Robe Epsilon (Alioth)"]
        hit.add(sc.name_of(frozen[0]))
    assert len(hit) >= 2


def test_1019_epsilon_robe_against_an_empty_hand_freezes_nothing(encoded_cardset):
    sc = _scenario(encoded_cardset)
    sc.put(1, "discard", "Cassios")
    robe = sc.hand(0, "God Robe Epsilon (Alioth)")
    sc.equip(0, robe)
    _try_use(sc, 0, robe)
    assert sc.count(1, "frozen") == 0 and sc.names(1, "discard") == ["Cassios"]


def test_1022_alcor_robe_destroys_a_frozen_rare_cloth(encoded_cardset):
    """Freeze: destroy a frozen ★ Cloth (an opponent's: the user picks); a frozen ◆ Robe and a
    frozen ★ Character are not ★ Cloths. The Alcor Robe ends frozen."""
    sc = _scenario(encoded_cardset)
    aries = sc.put(1, "frozen", "Aries Cloth")
    robe_b = sc.put(1, "frozen", "God Robe Beta (Merak)")
    gold = sc.put(1, "frozen", "Taurus Aldebaran")
    alcor = sc.hand(0, "God Robe Zeta (Alcor)")
    sc.equip(0, alcor)
    sc.use(0, alcor)
    assert sc.zone_of(aries) == (1, "destroyed")
    assert sc.zone_of(robe_b) == (1, "frozen") and sc.zone_of(gold) == (1, "frozen")
    assert sc.zone_of(alcor) == (0, "frozen")


def test_1022_alcor_robe_with_no_frozen_rare_cloth_is_not_spent_by_the_policy(encoded_cardset):
    """Its use would freeze it for nothing: the policy ends its turn instead (ASG-21: nothing to
    act on, nothing happens)."""
    sc = _scenario(encoded_cardset)
    sc.put(1, "frozen", "Pegasus Cloth")
    alcor = sc.hand(0, "God Robe Zeta (Alcor)")
    sc.equip(0, alcor)
    assert sc.step(0) == ("end", -1, -1)
    assert sc.names(0, "cloth") == ["God Robe Zeta (Alcor)"]


@pytest.mark.parametrize("policy", list(sim.POLICIES))
def test_games_with_the_encoded_asgard_cards_keep_the_invariants(encoded_cardset, policy):
    """Base + the encoded Asgard cards, every policy: legal moves only, no violation (cards
    conserved, tokens matching zones, no Marked trigger left waiting), every game ends."""
    games = 4 if policy == "search" else 40
    res = sim.play(games, players=3, seed=7, policies=(policy,), cardset=encoded_cardset, check_invariants=True)
    g = res.games
    assert (g["violations"] == 0).all() and (g["illegal_actions"] == 0).all()
    assert g["end_reason"].notna().all()


# --- The God Warriors (#1023-1029): Freeze uses and Exits ("X or Y": ASG-21) ------------------
def _freeze_use(sc, seat, name):
    """Seat plays the God Warrior `name` from its hand for its Freeze use: it ends frozen."""
    gw = sc.hand(seat, name)
    sc.use(seat, gw)
    assert sc.zone_of(gw) == (seat, "frozen") and sc.freeze_side(gw) == 2
    return gw


def _exit(sc, name, active=0):
    """The God Warrior `name` leaves the field (not acquired): its Exit, the active player's."""
    gw = sc.field(5, name)
    sc.trigger("exit", gw, active)
    return gw


def _zones(sc, seat, *zones):
    return tuple(sc.names(seat, z) for z in zones)


def test_1023_siegfried_freeze_each_opponent_freezes_every_god_robe_in_hand_discard_and_play(encoded_cardset):
    """Every God Robe of each opponent's hand, discard pile and play (cards played, the equipped
    Cloth) is frozen; their other cards and the user's own Robes stay."""
    sc = _scenario(encoded_cardset, players=3)
    sc.hand(0, "God Robe Zeta (Alcor)")
    sc.hand(1, "God Robe Alpha (Dubhe)", "Cassios")
    sc.put(1, "discard", "God Robe Beta (Merak)")
    sc.put(1, "discard", "Pegasus Cloth")
    sc.put(1, "cloth", "God Robe Zeta (Mizar)")
    sc.put(2, "play", "God Robe Epsilon (Alioth)")
    sc.put(2, "discard", "Aries Cloth")
    _freeze_use(sc, 0, "Siegfried of Dubhe")
    assert sc.names(1, "frozen") == ["God Robe Alpha (Dubhe)", "God Robe Beta (Merak)", "God Robe Zeta (Mizar)"]
    assert _zones(sc, 1, "hand", "discard", "cloth") == (["Cassios"], ["Pegasus Cloth"], [])
    assert sc.names(2, "frozen") == ["God Robe Epsilon (Alioth)"]
    assert _zones(sc, 2, "play", "discard") == ([], ["Aries Cloth"])
    assert sc.names(0, "hand") == ["God Robe Zeta (Alcor)"] and sc.names(0, "frozen") == ["Siegfried of Dubhe"]


def test_1023_siegfried_exit_each_player_freezes_the_top_card_of_their_draw_pile(encoded_cardset):
    """The top card, not a draw; an empty draw pile takes the reshuffled discard pile first
    (GEN-2); with both empty, nothing."""
    sc = _scenario(encoded_cardset, players=3)
    sc.put(0, "draw", "Cassios")
    top = sc.put(0, "draw", "Taurus Aldebaran")
    only = sc.put(1, "discard", "Pegasus Cloth")
    _exit(sc, "Siegfried of Dubhe")
    assert sc.zone_of(top) == (0, "frozen") and sc.names(0, "draw") == ["Cassios"]
    assert sc.zone_of(only) == (1, "frozen") and sc.count(1, "draw") == 0
    assert sc.count(2, "frozen") == 0 and sc.count(0, "hand") == 0


def test_1024_hagen_freeze_destroys_a_frozen_character(encoded_cardset):
    """Any player's frozen Character, the user's choice: the opponent's Gold Saint; a frozen Cloth
    is not a Character."""
    sc = _scenario(encoded_cardset)
    gold = sc.put(1, "frozen", "Taurus Aldebaran")
    cloth = sc.put(1, "frozen", "Aries Cloth")
    _freeze_use(sc, 0, "Hagen of Merak")
    assert sc.zone_of(gold) == (1, "destroyed") and sc.zone_of(cloth) == (1, "frozen")


def test_1024_hagen_with_no_frozen_character_is_not_spent_by_the_policy(encoded_cardset):
    sc = _scenario(encoded_cardset)
    sc.put(1, "frozen", "Aries Cloth")
    hagen = sc.hand(0, "Hagen of Merak")
    assert sc.step(0) == ("end", -1, -1) and sc.zone_of(hagen) == (0, "hand")


def test_1024_hagen_exit_each_player_destroys_a_frozen_card_or_discards_a_hyoga(encoded_cardset):
    """ASG-21, seat by seat: only a frozen card (any card: a Cloth) -> destroyed; only a Hyoga ->
    discarded; neither -> nothing; both -> the policy's choice: a frozen Gigas (-1 VP) is
    destroyed rather than a Hyoga discarded, a Hyoga discarded rather than a frozen Gold Saint."""
    sc = _scenario(encoded_cardset, players=5)
    cloth = sc.put(0, "frozen", "Aries Cloth")
    sc.hand(0, "Cassios")
    hyoga = sc.hand(1, "Cygnus Hyoga (civilian)")
    sc.put(2, "wounded", "Cassios")  # wounded, not frozen
    sc.hand(2, "Pegasus Seiya (civilian)")
    gigas = sc.put(3, "frozen", "Gigas")
    keep3 = sc.hand(3, "Cygnus Hyoga (civilian)")
    gold = sc.put(4, "frozen", "Taurus Aldebaran")
    hyoga4 = sc.hand(4, "Cygnus Hyoga")
    _exit(sc, "Hagen of Merak")
    assert sc.zone_of(cloth) == (0, "destroyed") and sc.names(0, "hand") == ["Cassios"]
    assert sc.zone_of(hyoga) == (1, "discard")
    assert _zones(sc, 2, "wounded", "hand", "destroyed", "discard") == (["Cassios"], ["Pegasus Seiya (civilian)"], [], [])
    assert sc.zone_of(gigas) == (3, "destroyed") and sc.zone_of(keep3) == (3, "hand")
    assert sc.zone_of(hyoga4) == (4, "discard") and sc.zone_of(gold) == (4, "frozen")


def test_1025_thor_freeze_acquires_every_very_common_field_character(encoded_cardset):
    """Every ● Character of the field goes to the user's discard pile, an acquisition by effect
    (GEN-5), from the last slot to the first (GEN-3); ◆ Characters and Cloths stay."""
    sc = _scenario(encoded_cardset)
    cassios = sc.field(1, "Cassios")
    sc.field(3, "Eagle Marin")
    oko = sc.field(4, "Oko")
    sc.field(5, "Aries Cloth")
    _freeze_use(sc, 0, "Thor of Phecda")
    assert sc.names(0, "discard") == ["Cassios", "Oko"]
    assert sc.field_names() == [None, None, None, "Eagle Marin", None, "Aries Cloth"]
    ev = sc.events()
    acq = ev[ev["kind"] == "acquire"]
    assert list(acq["card_id"]) == [sc.id_of["Oko"], sc.id_of["Cassios"]]
    assert sc.zone_of(cassios) == (0, "discard") and sc.zone_of(oko) == (0, "discard")


def test_1025_thor_with_no_very_common_field_character_cannot_be_used(encoded_cardset):
    sc = _scenario(encoded_cardset)
    sc.field(3, "Eagle Marin")
    thor = sc.hand(0, "Thor of Phecda")
    assert not _try_use(sc, 0, thor) and sc.zone_of(thor) == (0, "hand")


def test_1025_thor_exit_each_player_destroys_a_marked_character_or_discards_a_seiya(encoded_cardset):
    """ASG-21 with the marked cards (wounded or frozen): only a frozen Character -> destroyed; only
    a Seiya (a frozen Cloth is no Character) -> discarded; neither -> nothing; both -> the
    policy's choice: the wounded Gigas (-1 VP) is destroyed, not the Seiya discarded."""
    sc = _scenario(encoded_cardset, players=4)
    gigas = sc.put(0, "wounded", "Gigas")
    seiya0 = sc.hand(0, "Pegasus Seiya (civilian)")
    gold = sc.put(1, "frozen", "Taurus Aldebaran")
    sc.hand(1, "Cassios")
    sc.put(2, "frozen", "Aries Cloth")
    seiya2 = sc.hand(2, "Pegasus Seiya")
    sc.hand(3, "Cassios")
    sc.put(3, "frozen", "Pegasus Cloth")
    _exit(sc, "Thor of Phecda")
    assert sc.zone_of(gigas) == (0, "destroyed") and sc.zone_of(seiya0) == (0, "hand")
    assert sc.zone_of(gold) == (1, "destroyed") and sc.names(1, "hand") == ["Cassios"]
    assert sc.zone_of(seiya2) == (2, "discard") and sc.names(2, "frozen") == ["Aries Cloth"]
    assert _zones(sc, 3, "hand", "frozen", "destroyed") == (["Cassios"], ["Pegasus Cloth"], [])


def test_1026_alberich_freeze_each_opponent_freezes_every_hero_in_hand_then_draws_1(encoded_cardset):
    """Every Hero (civilian and ▲) of each opponent's hand is frozen, then they draw 1; an
    opponent without a Hero draws 1 too; the user's Heroes stay."""
    sc = _scenario(encoded_cardset, players=3)
    sc.hand(0, "Pegasus Seiya (civilian)")
    sc.hand(1, "Pegasus Seiya (civilian)", "Dragon Shiryu", "Cassios")
    sc.put(1, "draw", "Oko")
    sc.hand(2, "Cassios")
    sc.put(2, "draw", "Oko")
    _freeze_use(sc, 0, "Alberich of Megrez")
    assert sc.names(1, "frozen") == ["Dragon Shiryu", "Pegasus Seiya (civilian)"]
    assert sc.names(1, "hand") == ["Cassios", "Oko"]
    assert sc.names(2, "hand") == ["Cassios", "Oko"] and sc.names(2, "frozen") == []
    assert sc.names(0, "hand") == ["Pegasus Seiya (civilian)"]


def test_1026_alberich_exit_each_player_freezes_a_rare_or_very_rare_card_from_hand(encoded_cardset):
    """A ★ card (a Gold Saint), a ✻ card (Athena), a God Warrior (◆ and ★, ASG-22); nothing
    without one (◆ Marin stays)."""
    sc = _scenario(encoded_cardset, players=4)
    gold = sc.hand(0, "Taurus Aldebaran")
    sc.hand(0, "Cassios")
    athena = sc.hand(1, "Athena")
    gw = sc.hand(2, "Fenrir of Alioth")
    sc.hand(3, "Eagle Marin")
    _exit(sc, "Alberich of Megrez")
    assert sc.zone_of(gold) == (0, "frozen") and sc.names(0, "hand") == ["Cassios"]
    assert sc.zone_of(athena) == (1, "frozen") and sc.zone_of(gw) == (2, "frozen")
    assert sc.names(3, "hand") == ["Eagle Marin"] and sc.count(3, "frozen") == 0


def test_1027_fenrir_freeze_freezes_a_card_of_each_opponents_discard_pile(encoded_cardset):
    """The user picks, in each opponent's discard pile: their best card; an empty pile, nothing;
    the user's own pile is untouched."""
    sc = _scenario(encoded_cardset, players=3)
    sc.put(0, "discard", "Cassios")
    sc.put(1, "discard", "Cassios")
    gold = sc.put(1, "discard", "Taurus Aldebaran")
    _freeze_use(sc, 0, "Fenrir of Alioth")
    assert sc.zone_of(gold) == (1, "frozen") and sc.names(1, "discard") == ["Cassios"]
    assert sc.count(2, "frozen") == 0 and sc.names(0, "discard") == ["Cassios"]


def test_1027_fenrir_exit_each_player_freezes_a_card_from_hand_or_discards_a_shiryu(encoded_cardset):
    """ASG-21: no Shiryu -> one card frozen (the least valuable); an empty hand -> nothing; a
    Shiryu and another card -> the policy's choice (`option_loss`): freezing loses the card from
    the hand and from the draws (its play value above the deck's mean card), a discard from the
    hand only. Seat 0's ▲ Shiryu and Misty are above its deck's mean (civilians): the Shiryu is
    discarded. Seat 3's civilian Shiryu is below its deck's mean (Misty): it is frozen, out of
    the draws."""
    sc = _scenario(encoded_cardset, players=4)
    shiryu = sc.hand(0, "Dragon Shiryu", "Lizard Misty")[0]
    for _ in range(5):
        sc.put(0, "draw", "Pegasus Seiya (civilian)")
    cassios = sc.hand(1, "Cassios")
    sc.hand(1, "Taurus Aldebaran")
    civilian = sc.hand(3, "Dragon Shiryu (civilian)", "Lizard Misty")[0]
    _exit(sc, "Fenrir of Alioth")
    assert sc.zone_of(shiryu) == (0, "discard") and _zones(sc, 0, "hand", "frozen") == (["Lizard Misty"], [])
    assert sc.zone_of(cassios) == (1, "frozen") and sc.names(1, "hand") == ["Taurus Aldebaran"]
    assert sc.count(2, "frozen") == 0 and sc.count(2, "discard") == 0
    assert sc.zone_of(civilian) == (3, "frozen") and _zones(sc, 3, "hand", "discard") == (["Lizard Misty"], [])


def test_1028_mime_freeze_discards_any_number_then_draws_that_many_plus_1(encoded_cardset):
    """The policy discards the hand cards worth less than the mean card of its draw pile (the two
    civilians, not the Gold Saint), then draws 2 + 1."""
    sc = _scenario(encoded_cardset)
    for name in ("Eagle Marin", "Eagle Marin", "Lizard Misty", "Lizard Misty"):
        sc.put(0, "draw", name)
    sc.hand(0, "Pegasus Seiya (civilian)", "Dragon Shiryu (civilian)", "Taurus Aldebaran")
    _freeze_use(sc, 0, "Mime of Benetnash")
    assert sc.names(0, "discard") == ["Dragon Shiryu (civilian)", "Pegasus Seiya (civilian)"]
    assert sc.count(0, "hand") == 4 and "Taurus Aldebaran" in sc.names(0, "hand") and sc.count(0, "draw") == 1


def test_1028_mime_freeze_with_an_empty_hand_draws_1(encoded_cardset):
    sc = _scenario(encoded_cardset)
    sc.put(0, "draw", "Cassios")
    sc.put(0, "draw", "Oko")
    _freeze_use(sc, 0, "Mime of Benetnash")
    assert sc.names(0, "hand") == ["Oko"] and sc.names(0, "discard") == []


def test_1028_mime_exit_each_player_freezes_a_cloth_in_hand_or_discards_an_ikki(encoded_cardset):
    """ASG-21: only a Cloth -> frozen; only an Ikki -> discarded; neither -> nothing; both -> the
    policy discards the civilian Ikki rather than freeze the Gold Cloth."""
    sc = _scenario(encoded_cardset, players=4)
    ikki0 = sc.hand(0, "Phoenix Ikki (civilian)")
    cloth0 = sc.hand(0, "Aries Cloth")
    cloth1 = sc.hand(1, "Pegasus Cloth")
    sc.hand(1, "Cassios")
    ikki2 = sc.hand(2, "Phoenix Ikki")
    sc.hand(3, "Cassios")
    _exit(sc, "Mime of Benetnash")
    assert sc.zone_of(ikki0) == (0, "discard") and sc.zone_of(cloth0) == (0, "hand")
    assert sc.zone_of(cloth1) == (1, "frozen") and sc.names(1, "hand") == ["Cassios"]
    assert sc.zone_of(ikki2) == (2, "discard")
    assert _zones(sc, 3, "hand", "frozen", "discard") == (["Cassios"], [], [])


def test_1029_syd_freeze_each_opponent_freezes_every_rare_cloth_in_their_discard_pile(encoded_cardset):
    """★ Cloths only: not the ▲ Bronze Cloth, the ◆ God Robe nor the ★ Character; the user's
    own pile is untouched."""
    sc = _scenario(encoded_cardset)
    sc.put(0, "discard", "Taurus Cloth")
    aries = sc.put(1, "discard", "Aries Cloth")
    libra = sc.put(1, "discard", "Libra Cloth")
    for name in ("Pegasus Cloth", "God Robe Alpha (Dubhe)", "Taurus Aldebaran"):
        sc.put(1, "discard", name)
    _freeze_use(sc, 0, "Syd of Mizar")
    assert sc.zone_of(aries) == (1, "frozen") and sc.zone_of(libra) == (1, "frozen")
    assert sc.names(1, "discard") == ["God Robe Alpha (Dubhe)", "Pegasus Cloth", "Taurus Aldebaran"]
    assert sc.names(0, "discard") == ["Taurus Cloth"]


def test_1029_syd_exit_each_player_freezes_every_rare_character_in_their_discard_pile_or_discards_a_shun(
        encoded_cardset):
    """ASG-21: only ★ Characters (a God Warrior is one, ASG-22) -> all frozen; only a Shun ->
    discarded; neither (a ★ Cloth is no Character) -> nothing; both -> the policy's choice
    (`option_loss`): seat 0 discards its civilian Shun rather than freeze two Gold Saints out of
    a deck of civilians; seat 4 freezes its one Gold Saint rather than discard its ▲ Shun."""
    sc = _scenario(encoded_cardset, players=5)
    golds0 = [sc.put(0, "discard", "Taurus Aldebaran"), sc.put(0, "discard", "Virgo Shaka")]
    for _ in range(5):
        sc.put(0, "draw", "Pegasus Seiya (civilian)")
    shun0 = sc.hand(0, "Andromeda Shun (civilian)")
    gold1 = sc.put(1, "discard", "Leo Aiolia")
    gw1 = sc.put(1, "discard", "Siegfried of Dubhe")
    sc.put(1, "discard", "Cassios")
    shun2 = sc.hand(2, "Andromeda Shun")
    sc.put(3, "discard", "Aries Cloth")
    gold4 = sc.put(4, "discard", "Scorpio Milo")
    shun4 = sc.hand(4, "Andromeda Shun")
    _exit(sc, "Syd of Mizar")
    assert sc.zone_of(shun0) == (0, "discard") and all(sc.zone_of(g) == (0, "discard") for g in golds0)
    assert sc.zone_of(gold1) == (1, "frozen") and sc.zone_of(gw1) == (1, "frozen")
    assert sc.names(1, "discard") == ["Cassios"]
    assert sc.zone_of(shun2) == (2, "discard")
    assert _zones(sc, 3, "discard", "frozen") == (["Aries Cloth"], [])
    assert sc.zone_of(gold4) == (4, "frozen") and sc.zone_of(shun4) == (4, "hand")


def test_the_or_choice_is_the_uniform_policys_too(encoded_cardset):
    """Both options possible: the random policy takes either, over seeds (ASG-21)."""
    seen = set()
    for seed in range(12):
        sc = _scenario(encoded_cardset, seed=seed, policies=("random",))
        sc.hand(0, "Dragon Shiryu (civilian)")
        _exit(sc, "Fenrir of Alioth")
        seen.add("frozen" if sc.count(0, "frozen") else "discard")
    assert seen == {"frozen", "discard"}


def test_the_god_warriors_are_used_and_leave_the_field_in_games_keeping_the_invariants(encoded_cardset):
    """200 games of the 'value' policy: no violation, no illegal action, and each God Warrior's
    Freeze use and Exit happen (the policy spends one when what it gains beats its fight value,
    `freeze_gain`; the other policies play them in the games above)."""
    res = sim.play(200, players=3, seed=11, policies=("value",), cardset=encoded_cardset, check_invariants=True,
                   events="full")
    g, ev = res.games, res.events
    assert (g["violations"] == 0).all() and (g["illegal_actions"] == 0).all()
    effects = ev[(ev["kind"] == "effect") & ev["card_id"].between(1023, 1029)]
    for trigger in (E.T_FREEZE_USE, E.T_EXIT):
        assert set(effects.loc[effects["a"] == trigger, "card_id"]) == set(range(1023, 1030)), trigger


def test_1028_mime_the_random_policy_discards_any_number(encoded_cardset):
    """`choose_count` of the random policy: over seeds, different numbers of cards discarded,
    always that many + 1 drawn."""
    counts = set()
    for seed in range(12):
        sc = _scenario(encoded_cardset, seed=seed, policies=("random",))
        for _ in range(6):
            sc.put(0, "draw", "Andromeda Shun (civilian)")
        sc.hand(0, "Pegasus Seiya (civilian)", "Dragon Shiryu (civilian)")
        _freeze_use(sc, 0, "Mime of Benetnash")
        discarded = sc.count(0, "discard")
        assert sc.count(0, "hand") == 3 and sc.count(0, "draw") == 6 - (discarded + 1)  # the 2 kept or replaced, + 1
        counts.add(discarded)
    assert counts == {0, 1, 2}


# --- Athena, Hilda, the Benetnash Robe and Bud -------------------------------------------------
def test_1013_athena_lets_the_saint_she_faces_be_bought_with_cosmos_at_its_strength_cost(encoded_cardset):
    """GEN-15 step 1: Jango (a Black Saint, 4 Strength, no Cosmos cost) faced by Athena costs 4
    Cosmos; without her it cannot be bought with Cosmos. Eagle Marin keeps its cheaper Cosmos cost
    (4, not its Strength cost 6); Cassios, no Saint, gets no Cosmos cost."""
    sc = _scenario(encoded_cardset)
    sc.field(1, "Jango")
    sc.field(2, "Eagle Marin")
    assert sc.cost(0, 1, "cosmos") == 0
    athena = sc.hand(0, "Athena (Asgard)")
    sc.play(0, athena, 1)
    assert sc.cost(0, 1, "cosmos") == 4 and sc.cost(0, 1, "strength") == 4
    assert sc.cost(0, 2, "cosmos") == 4

    sc = _scenario(encoded_cardset)
    sc.field(1, "Cassios")
    athena = sc.hand(0, "Athena (Asgard)")
    sc.play(0, athena, 1)
    assert sc.cost(0, 1, "cosmos") == 0


def test_1013_athena_arrival_every_player_takes_back_their_marked_heroes(encoded_cardset):
    """Wounded and frozen Heroes of every player go back to hand; other marked cards stay."""
    sc = _scenario(encoded_cardset, players=3)
    seiya = sc.put(0, "wounded", "Pegasus Seiya")
    shiryu = sc.put(1, "frozen", "Dragon Shiryu")
    cassios = sc.put(1, "wounded", "Cassios")
    cloth = sc.put(2, "frozen", "Pegasus Cloth")
    sc.arrive(2, "Athena (Asgard)")
    assert sc.zone_of(seiya) == (0, "hand") and sc.zone_of(shiryu) == (1, "hand")
    assert sc.zone_of(cassios) == (1, "wounded") and sc.zone_of(cloth) == (2, "frozen")


def test_1014_hilda_arrival_mills_the_reserve_until_a_rare_character_replaces_her(encoded_cardset):
    """ASG-20: Oko and the Aries Cloth (a ★ Cloth, no Character) go to the battlefield discard, never
    on the field; Taurus Aldebaran takes Hilda's slot; Hilda is shuffled into the reserve."""
    sc = _scenario(encoded_cardset)
    sc.reserve("Cassios", "Taurus Aldebaran", "Aries Cloth", "Oko")
    hilda = sc.arrive(3, "Hilda")
    assert sc.field_names()[3] == "Taurus Aldebaran"
    assert sc.names("common", "field_discard") == ["Aries Cloth", "Oko"]
    assert sc.zone_of(hilda) == ("common", "reserve") and sc.names("common", "reserve") == ["Cassios", "Hilda"]
    assert "field_out" not in sc.log_kinds() and "flame" not in sc.log_kinds()


def test_1014_hilda_arrival_does_nothing_while_a_warrior_is_on_the_field(encoded_cardset):
    sc = _scenario(encoded_cardset)
    sc.field(0, "Siegfried of Dubhe")
    sc.reserve("Taurus Aldebaran", "Oko")
    sc.arrive(3, "Hilda")
    assert sc.field_names()[3] == "Hilda" and sc.names("common", "reserve") == ["Oko", "Taurus Aldebaran"]


def test_1014_hilda_with_no_rare_character_left_empties_the_reserve_and_leaves_her_slot_empty(encoded_cardset):
    """ASG-20: the slot stays empty and Hilda goes into the (empty) reserve."""
    sc = _scenario(encoded_cardset)
    sc.reserve("Cassios", "Oko")
    sc.arrive(3, "Hilda")
    assert sc.field_names()[3] is None
    assert sc.names("common", "reserve") == ["Hilda"] and sc.names("common", "field_discard") == ["Cassios", "Oko"]


def test_1014_hilda_scores_2_vp_per_god_robe_in_her_owners_deck(encoded_cardset):
    sc = _scenario(encoded_cardset)
    sc.put(0, "discard", "God Robe Alpha (Dubhe)")
    sc.put(0, "frozen", "God Robe Beta (Merak)")
    before = sc.score(0)
    sc.put(0, "hand", "Hilda")
    assert sc.score(0) - before == 4


def test_1020_benetnash_robe_removes_every_field_card_sparing_its_user_the_exits(encoded_cardset):
    """Every field card goes to the battlefield discard, Siegfried with his sapphire; his Exit
    (each player freezes the top card of their draw pile) hits both opponents, not the user."""
    sc = _scenario(encoded_cardset, players=3)
    sc.field(1, "Cassios")
    sc.field(4, "Siegfried of Dubhe")
    tops = [sc.put(seat, "draw", name) for seat, name in enumerate(("Oko", "Cassios", "Gigas"))]
    eta = sc.hand(0, "God Robe Eta (Benetnash)")
    sc.equip(0, eta)
    sc.use(0, eta)
    assert sc.field_names() == [None] * 6
    assert sc.names("common", "field_discard") == ["Cassios", "Siegfried of Dubhe"]
    assert sc.zone_of(tops[0]) == (0, "draw")
    assert sc.zone_of(tops[1]) == (1, "frozen") and sc.zone_of(tops[2]) == (2, "frozen")
    assert sc.zone_of(eta) == (0, "frozen") and "sapphire" in sc.log_kinds()


def test_1030_bud_freeze_takes_an_opponents_god_robe_in_play(encoded_cardset):
    """An equipped Robe, or a frozen one (marked cards are in play, GEN-11), goes into the user's
    discard pile; a Robe in the opponent's hand is out of reach."""
    sc = _scenario(encoded_cardset)
    robe = sc.put(1, "cloth", "God Robe Alpha (Dubhe)")
    _freeze_use(sc, 0, "Bud of Alcor")
    assert sc.zone_of(robe) == (0, "discard")

    sc = _scenario(encoded_cardset)
    robe = sc.put(1, "frozen", "God Robe Beta (Merak)")
    _freeze_use(sc, 0, "Bud of Alcor")
    assert sc.zone_of(robe) == (0, "discard") and sc.freeze_side(robe) == 0

    sc = _scenario(encoded_cardset)
    sc.hand(1, "God Robe Alpha (Dubhe)")
    bud = sc.hand(0, "Bud of Alcor")
    assert not _try_use(sc, 0, bud) and sc.zone_of(bud) == (0, "hand")


def test_1030_bud_exit_each_player_destroys_their_marked_god_warriors(encoded_cardset):
    sc = _scenario(encoded_cardset)
    siegfried = sc.put(0, "wounded", "Siegfried of Dubhe")
    thor = sc.put(1, "frozen", "Thor of Phecda")
    cassios = sc.put(1, "wounded", "Cassios")
    held = sc.hand(1, "Alberich of Megrez")
    _exit(sc, "Bud of Alcor")
    assert sc.zone_of(siegfried) == (0, "destroyed") and sc.zone_of(thor) == (1, "destroyed")
    assert sc.zone_of(cassios) == (1, "wounded") and sc.zone_of(held) == (1, "hand")


def test_1013_athenas_conversion_comes_before_guard_1034s_cosmos_ban(encoded_cardset):
    """GEN-15: the conversion is step 1, the ban applies after it: no Cosmos buy under #1034."""
    sc = _scenario(encoded_cardset)
    sc.field(1, "Jango")
    sc.field(4, "Asgard Guard (no Cosmos)")
    athena = sc.hand(0, "Athena (Asgard)")
    sc.play(0, athena, 1)
    assert sc.cost(0, 1, "cosmos") == 0 and sc.cost(0, 1, "strength") == 4
# --- Playing cards from the draw pile or an opponent's hand (#1017 Gamma, #1018 Delta) -----------
# The cards an effect plays go to the player's `to_play` zone; until each is played (as from the
# hand: a Character faces a field card and its Engagement fires, a Cloth is equipped, or it is
# spent for its use or heals), their plays are the only legal actions; one that cannot be played
# at all goes to its owner's discard pile (docs/rulings.md).
def _robe(sc, seat, name):
    """Seat equips the God Robe `name` and spends it for its Freeze use: it ends frozen."""
    robe = sc.hand(seat, name)
    sc.equip(seat, robe)
    sc.use(seat, robe)
    assert sc.zone_of(robe) == (seat, "frozen") and sc.freeze_side(robe) == 2
    return robe


def _kinds(sc, seat):
    return {(kind, a) for kind, a, _ in sc.legal_actions(seat)}


def test_1017_gamma_robe_discards_then_plays_the_top_two_cards(encoded_cardset):
    """Freeze: the least valuable hand card is discarded, then the 2 top cards of the draw pile
    are to be played, before anything else (ending the turn is not legal); a Warrior played so
    fights with +2 Strength for the turn (Syd: 2 + 2 wins the 4-Strength Misty alone); the hand
    cards wait."""
    sc = _scenario(encoded_cardset)
    sc.field(5, "Lizard Misty")  # 5 Strength, 1 less in the last slot
    sc.put(0, "draw", "Cassios")
    sc.put(0, "draw", "Oko")
    syd = sc.put(0, "draw", "Syd of Mizar")
    cassios = sc.put(0, "draw", "Cassios")
    civ, gold = sc.hand(0, "Pegasus Seiya (civilian)", "Taurus Aldebaran")
    _robe(sc, 0, "God Robe Gamma (Phecda)")
    assert sc.zone_of(civ) == (0, "discard") and sc.zone_of(gold) == (0, "hand")
    assert sorted(sc.insts(0, "to_play")) == sorted([syd, cassios]) and sc.count(0, "draw") == 2
    assert {a for _, a in _kinds(sc, 0)} == {syd, cassios} and ("end", -1) not in _kinds(sc, 0)
    with pytest.raises(AssertionError):
        sc.play(0, gold, 5)  # a hand card waits for the cards to play
    sc.play(0, syd, 5)
    assert sc.total(0, 5) == 4 and sc.can_acquire(0, 5)
    sc.play(0, cassios, 5)
    assert sc.insts(0, "to_play") == [] and ("end", -1) in _kinds(sc, 0)
    sc.acquire(0, 5)
    sc.upkeep(0)
    assert sc.st.inst_buff_str[syd] == 0  # this turn only


def test_1017_gamma_robe_the_player_picks_the_order_and_each_card_plays_as_from_the_hand(encoded_cardset):
    """Either card may be played first; a Character faces a field card (its Engagement fires:
    Freya draws 1) or is spent for its use, as from the hand; a Cloth is equipped."""
    sc = _scenario(encoded_cardset)
    sc.field(5, "Cassios")
    sc.put(0, "draw", "Oko")
    cloth = sc.put(0, "draw", "Pegasus Cloth")
    freya = sc.put(0, "draw", "Freya")
    sc.hand(0, "Pegasus Seiya (civilian)")
    _robe(sc, 0, "God Robe Gamma (Phecda)")
    legal = sc.legal_actions(0)
    assert ("equip", cloth, -1) in legal and ("play", freya, 5) in legal
    sc.play(0, freya, 5)
    assert sc.names(0, "hand") == ["Oko"]  # her Engagement's draw: not one of the cards to play
    assert sc.legal_actions(0) == [("equip", cloth, -1)]
    sc.equip(0, cloth)
    assert sc.names(0, "cloth") == ["Pegasus Cloth"]


def test_1017_gamma_robe_takes_the_top_cards_without_a_draw_and_reshuffles_when_needed(encoded_cardset):
    """Taking the last card of the draw pile is no draw (ASG-2: no Energy); the second card comes
    from the discard pile reshuffled (GEN-2), the card just discarded included."""
    sc = _scenario(encoded_cardset)
    sc.field(5, "Cassios")
    top = sc.put(0, "draw", "Oko")
    civ = sc.hand(0, "Pegasus Seiya (civilian)")
    _robe(sc, 0, "God Robe Gamma (Phecda)")
    assert sorted(sc.insts(0, "to_play")) == sorted([top, civ]) and sc.energy(0) == 0
    assert sc.count(0, "discard") == 0 and sc.count(0, "draw") == 0


def test_1017_gamma_robe_with_an_empty_hand_plays_nothing(encoded_cardset):
    """GEN-22: "discard 1 card, then ...": no card to discard, no card played; the use is not
    legal (the Robe would be frozen for nothing) and the policy does not make it."""
    sc = _scenario(encoded_cardset)
    sc.field(5, "Cassios")
    sc.put(0, "draw", "Syd of Mizar")
    robe = sc.hand(0, "God Robe Gamma (Phecda)")
    sc.equip(0, robe)
    assert not _try_use(sc, 0, robe)
    assert sc.names(0, "cloth") == ["God Robe Gamma (Phecda)"] and sc.count(0, "to_play") == 0


def test_1017_gamma_robe_a_card_that_cannot_be_played_goes_to_the_discard_pile(encoded_cardset):
    """Two Cloths: one is equipped, then the other cannot be (one Cloth in play): it goes to the
    discard pile, and the turn goes on. A Character with no field card to face, no use it can
    make and nothing to heal cannot be played at all: discarded at once, without its bonus."""
    sc = _scenario(encoded_cardset)
    sc.field(5, "Cassios")
    aries = sc.put(0, "draw", "Aries Cloth")
    pegasus = sc.put(0, "draw", "Pegasus Cloth")
    sc.hand(0, "Pegasus Seiya (civilian)")
    _robe(sc, 0, "God Robe Gamma (Phecda)")
    sc.equip(0, pegasus)
    assert sc.zone_of(aries) == (0, "discard") and sc.count(0, "to_play") == 0
    assert ("end", -1, -1) in sc.legal_actions(0)

    # An empty field: Thor's Freeze use has no ● field Character to take, Misty's Discard use no
    # wounded card to destroy, neither heals (a civilian would: the frozen Robe)
    sc = _scenario(encoded_cardset)
    sc.put(0, "draw", "Lizard Misty")
    thor = sc.put(0, "draw", "Thor of Phecda")
    sc.hand(0, "Pegasus Seiya (civilian)")
    _robe(sc, 0, "God Robe Gamma (Phecda)")
    assert sc.zone_of(thor) == (0, "discard") and sc.st.inst_buff_str[thor] == 0
    assert sc.count(0, "to_play") == 0 and sc.names(0, "discard") == sorted(
        ["Lizard Misty", "Pegasus Seiya (civilian)", "Thor of Phecda"])


def test_1017_gamma_robe_cards_left_to_play_go_to_the_discard_pile_at_the_end_of_the_turn(encoded_cardset):
    """Should the main phase end with cards still to play (it cannot, by a legal action), the
    upkeep discards them, and nothing is left to play after it."""
    sc = _scenario(encoded_cardset)
    sc.field(5, "Cassios")
    sc.put(0, "draw", "Oko")
    sc.put(0, "draw", "Cassios")
    sc.hand(0, "Pegasus Seiya (civilian)")
    _robe(sc, 0, "God Robe Gamma (Phecda)")
    assert sc.count(0, "to_play") == 2
    sc.upkeep(0)
    assert sc.count(0, "to_play") == 0 and sorted(sc.names(0, "hand")) == [
        "Cassios", "Oko", "Pegasus Seiya (civilian)"]  # discarded, then drawn again (reshuffled)


def test_1017_the_policy_uses_gamma_when_the_cards_played_win_a_fight_and_plays_them_there(encoded_cardset):
    """The default policy: a hand that wins nothing (a civilian, 1 Strength) and a draw pile of
    2-Strength Warriors (+2 each when played so): it discards the civilian, plays both cards to
    the Gold Saint they win together (8 Strength, 7 in the last slot), and acquires it."""
    sc = _scenario(encoded_cardset, policies=("tuned",))
    gold = sc.field(5, "Taurus Aldebaran")
    for name in ("Syd of Mizar", "Siegfried of Dubhe", "Syd of Mizar", "Siegfried of Dubhe"):
        sc.put(0, "draw", name)
    sc.hand(0, "Pegasus Seiya (civilian)")
    robe = sc.hand(0, "God Robe Gamma (Phecda)")
    assert sc.step(0) == ("equip", robe, -1)
    assert sc.step(0)[:2] == ("use", robe)
    assert sc.count(0, "to_play") == 2
    for _ in range(2):
        kind, a, b = sc.step(0)
        assert kind == "play" and b == 5
    assert sc.step(0) == ("acquire", 5, 0) and sc.zone_of(gold) == (0, "discard")


def test_1017_the_policy_keeps_gamma_when_the_cards_played_would_win_nothing(encoded_cardset):
    """A draw pile of civilians adds nothing the field asks for (a Gold Saint): the Robe stays."""
    sc = _scenario(encoded_cardset, policies=("tuned",))
    sc.field(5, "Taurus Aldebaran")
    for _ in range(4):
        sc.put(0, "draw", "Phoenix Ikki (civilian)")
    sc.hand(0, "Pegasus Seiya (civilian)")
    robe = sc.hand(0, "God Robe Gamma (Phecda)")
    sc.equip(0, robe)
    kind, a, _ = sc.step(0)
    assert (kind, a) != ("use", robe) and sc.names(0, "cloth") == ["God Robe Gamma (Phecda)"]


def test_1018_delta_robe_plays_an_opponents_card_which_fights_for_the_user(encoded_cardset):
    """Freeze: a random card of the opponent's hand is the user's to play now, as from its hand;
    it fights for the user; once the fight is won it stays in the user's play, and at the end of
    the turn it goes to its owner's discard pile, not the user's."""
    sc = _scenario(encoded_cardset)
    sc.field(5, "Cassios")  # 2 Strength, 1 in the last slot
    taken = sc.hand(1, "Lizard Misty")
    _robe(sc, 0, "God Robe Delta (Megrez)")
    assert sc.insts(0, "to_play") == [taken] and sc.count(1, "hand") == 0
    assert sc.legal_actions(0) == [("play", taken, 5)]
    sc.play(0, taken, 5)
    assert sc.can_acquire(0, 5)
    sc.acquire(0, 5)
    assert sc.zone_of(taken) == (0, "play") and sc.names(0, "discard") == ["Cassios"]
    sc.upkeep(0)
    assert sc.zone_of(taken) == (1, "discard") and sc.names(0, "hand") == ["Cassios"]


def test_1018_delta_robe_takes_a_random_card_of_the_chosen_opponent(encoded_cardset):
    """Over seeds, different cards of the opponent's hand; with 3 players, an opponent with a
    card in hand (the other's is empty)."""
    taken = set()
    for seed in range(8):
        sc = _scenario(encoded_cardset, players=3, seed=seed)
        sc.field(5, "Taurus Aldebaran")
        hand = sc.hand(2, "Cassios", "Lizard Misty", "Oko")
        _robe(sc, 0, "God Robe Delta (Megrez)")
        (x,) = sc.insts(0, "to_play")
        assert x in hand and sc.count(2, "hand") == 2
        taken.add(sc.name_of(x))
    assert len(taken) >= 2


def test_1018_delta_robe_against_empty_hands_cannot_be_used(encoded_cardset):
    sc = _scenario(encoded_cardset)
    sc.field(5, "Cassios")
    sc.put(1, "draw", "Cassios")
    robe = sc.hand(0, "God Robe Delta (Megrez)")
    sc.equip(0, robe)
    assert not _try_use(sc, 0, robe) and sc.names(0, "cloth") == ["God Robe Delta (Megrez)"]


def test_1018_an_opponents_card_spent_wounded_or_frozen_goes_to_its_owners_zones(encoded_cardset):
    """Spent for its use by the user, the opponent's card goes to its owner's zones at once: Aries
    Mu wounded (its effect the user's: a Cloth of the user's discard pile into the user's hand),
    Auriga Capella destroyed (the cut is the user's), Mime frozen (the user discards and draws);
    its Marked, if any, would be its owner's (ASG-15)."""
    sc = _scenario(encoded_cardset)
    sc.field(5, "Cassios")
    mu = sc.hand(1, "Aries Mu")
    cloth = sc.put(0, "discard", "Pegasus Cloth")
    _robe(sc, 0, "God Robe Delta (Megrez)")
    sc.use(0, mu)
    assert sc.zone_of(mu) == (1, "wounded") and sc.zone_of(cloth) == (0, "hand")

    sc = _scenario(encoded_cardset)
    sc.field(5, "Lizard Misty")
    capella = sc.hand(1, "Auriga Capella")
    _robe(sc, 0, "God Robe Delta (Megrez)")
    sc.use(0, capella)
    assert sc.zone_of(capella) == (1, "destroyed") and sc.cost(0, 5) == 1

    sc = _scenario(encoded_cardset)
    sc.field(5, "Cassios")
    sc.put(0, "draw", "Oko")
    mime = sc.hand(1, "Mime of Benetnash")
    _robe(sc, 0, "God Robe Delta (Megrez)")
    sc.use(0, mime)
    assert sc.zone_of(mime) == (1, "frozen") and sc.freeze_side(mime) == 2 and sc.names(0, "hand") == ["Oko"]


def test_1018_an_opponents_cloth_is_equipped_until_the_end_of_the_turn(encoded_cardset):
    """Played as from the user's hand, the opponent's Cloth is equipped (the Robe, frozen, left
    the slot); it may be used like the user's own; at the end of the turn it goes to its owner's
    discard pile."""
    sc = _scenario(encoded_cardset)
    sc.field(5, "Cassios")
    aries = sc.hand(1, "Aries Cloth")
    _robe(sc, 0, "God Robe Delta (Megrez)")
    sc.equip(0, aries)
    assert sc.names(0, "cloth") == ["Aries Cloth"]
    sc.upkeep(0)
    assert sc.zone_of(aries) == (1, "discard") and sc.names(0, "cloth") == []


def test_1018_an_opponents_gemini_cloth_swapped_back_to_its_owner_is_theirs_again(encoded_cardset):
    """The user equips the opponent's Gemini Cloth and sends it into a fight: its Engagement swaps
    it with the opponent's equipped Aries Cloth. Back in its owner's Cloth slot, it is theirs again
    and stays there at the end of the turn; the Aries Cloth is the user's (an acquisition, GEN-5)."""
    from sim.engine.state import G_LENT
    sc = _scenario(encoded_cardset)
    sc.field(5, "Cassios")
    gemini = sc.hand(1, "Gemini Cloth")
    aries = sc.put(1, "cloth", "Aries Cloth")
    _robe(sc, 0, "God Robe Delta (Megrez)")
    sc.equip(0, gemini)
    sc.cloth_fights(0, 5)
    assert sc.zone_of(gemini) == (1, "cloth") and sc.zone_of(aries) == (0, "cloth") and sc.st.g[G_LENT] == 0
    sc.upkeep(0)
    assert sc.zone_of(gemini) == (1, "cloth") and sc.zone_of(aries) == (0, "cloth")


def test_1018_an_opponents_card_that_cannot_be_played_goes_to_its_owners_discard_pile(encoded_cardset):
    """No field card to face, no use it can make (Misty's asks for a wounded card), no heal."""
    sc = _scenario(encoded_cardset)
    misty = sc.hand(1, "Lizard Misty")
    _robe(sc, 0, "God Robe Delta (Megrez)")
    assert sc.zone_of(misty) == (1, "discard") and sc.count(0, "to_play") == 0


def test_1018_the_policy_uses_delta_when_the_card_taken_wins_a_fight(encoded_cardset):
    """The default policy: its hand and Robe are 1 Strength short of Misty (4 in the last slot);
    the opponent's hand holds 2-Strength Saints: it takes one, plays it against Misty and
    acquires her."""
    sc = _scenario(encoded_cardset, policies=("tuned",))
    misty = sc.field(5, "Lizard Misty")
    sc.hand(1, "Taurus Aldebaran", "Lizard Misty")
    sc.hand(0, "Perseus Algol", "Pegasus Seiya (civilian)")  # 1 Strength each
    robe = sc.hand(0, "God Robe Delta (Megrez)")
    assert sc.step(0) == ("equip", robe, -1)
    assert sc.step(0)[:2] == ("use", robe)
    kind, a, b = sc.step(0)
    assert kind == "play" and b == 5 and sc.zone_of(a) == (0, "play")
    for _ in range(4):
        if sc.zone_of(misty) != ("common", "field"):
            break
        sc.step(0)
    assert sc.zone_of(misty) == (0, "discard")


def test_gamma_and_delta_are_used_in_games_keeping_the_invariants(encoded_cardset):
    """Games of the default policy with both Robes: their Freeze uses happen, the cards played
    come from the draw pile or another seat's hand, no invariant breaks (cards conserved, lent
    cards back with their owner after the turn, nothing left to play) and no action is illegal.
    (Every policy plays them in `test_games_with_the_encoded_asgard_cards_keep_the_invariants`.)"""
    res = sim.play(150, players=3, seed=5, policies=("tuned",), cardset=encoded_cardset, check_invariants=True,
                   events="full")
    g, ev = res.games, res.events
    assert (g["violations"] == 0).all() and (g["illegal_actions"] == 0).all()
    used = ev[(ev["kind"] == "effect") & (ev["a"] == E.T_FREEZE_USE)]
    assert {1017, 1018} <= set(used["card_id"])
    played = ev[(ev["kind"] == "move") & (ev["b"] == E.Z_TO_PLAY)]
    assert set(played["a"]) == {E.Z_DRAW, E.Z_HAND}


@pytest.mark.parametrize("robe", ["God Robe Gamma (Phecda)", "God Robe Delta (Megrez)"])
def test_the_random_policy_uses_gamma_and_delta_and_plays_the_cards_legally(encoded_cardset, robe):
    """Whole turns of the random policy with the Robe equipped: over seeds it makes the Freeze use
    (and not always), then plays the cards as the rules allow: no illegal action, no invariant
    broken, nothing left to play or lent after the turn."""
    from sim.engine.state import G_CHECK, G_ILLEGAL, G_LENT, G_VIOLATIONS
    used = set()
    for seed in range(16):
        sc = _scenario(encoded_cardset, seed=seed, policies=("random",))
        sc.st.g[G_CHECK] = 1
        sc.field(5, "Cassios")
        sc.field(4, "Lizard Misty")
        for name in ("Oko", "Syd of Mizar", "Pegasus Cloth", "Dragon Shiryu (civilian)"):
            sc.put(0, "draw", name)
        sc.hand(0, "Pegasus Seiya (civilian)", "Auriga Capella")
        sc.hand(1, "Aries Mu", "Aries Cloth", "Cassios")
        r = sc.hand(0, robe)
        sc.equip(0, r)
        sc.turn(0)
        assert sc.st.g[G_ILLEGAL] == 0 and sc.st.g[G_VIOLATIONS] == 0, seed
        assert sc.count(0, "to_play") == 0 and sc.st.g[G_LENT] == 0
        used.add(sc.zone_of(r)[1] == "frozen")
    assert used == {True, False}
