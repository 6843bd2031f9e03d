"""The estimated Hades cards: the method's files are reproducible, complete, flagged, true to the
facts of hades.txt, played by the engine (the Duel's material refused until it plays the Duel),
and flagged in every report and figure of a run that used them."""
import re
from collections import Counter

import pytest
from typer.testing import CliRunner

import sim
from sim.cards import hades_estimates as H
from sim.cards.cardsets import load_card_records
from sim.cards.compiler import unplayed_hades
from sim.cards.hades_check import CLASSIC_GROUPS, validate_hades
from sim.cards.describe import card_lines
from sim.cards.schema import Card, CardFileError, parse_card_file
from sim.cli.app import app
from sim.games import build_engine


@pytest.fixture(scope="module")
def cards():
    return {c.id: c for path in (H.CLASSIC_FILE, H.DUEL_FILE) for c in parse_card_file(path).card}


def test_the_files_are_what_the_method_gives(capsys):
    assert H.main(["--check"]) == 0
    assert H.build() == H.build()
    for path, data in H.build().items():
        assert path.read_text(encoding="utf-8") == H.render(path, data)


def test_an_edited_file_is_found_stale(tmp_path):
    assert H.main(["--out", str(tmp_path)]) == 0
    edited = tmp_path / H.CLASSIC_FILE.name
    edited.write_text(edited.read_text(encoding="utf-8").replace("grade = 3", "grade = 2", 1), encoding="utf-8")
    assert H.main(["--check", "--out", str(tmp_path)]) == 1


def test_the_file_carries_its_hash_and_flags():
    for path in (H.CLASSIC_FILE, H.DUEL_FILE):
        text = path.read_text(encoding="utf-8")
        assert f'content_hash = "{H.estimate_hash(path)}"' in text
        assert 'hades_data = "estimated"' in text and f'generator = "{H.GENERATOR}"' in text
        assert "ESTIMATED Hades cards" in text.splitlines()[0]


def test_every_card_is_an_estimate_with_its_source(cards):
    assert all(c.estimate and c.source for c in cards.values())
    # a fact of hades.txt is marked "H" in the source, so that fact and fill can be told apart
    assert "H: Charon Grade 3, 3 Souls" in cards[3051].source
    assert cards[3020].source.startswith("est")


def test_the_box_counts(cards):
    validate_hades(list(cards.values()))
    box = [c for c in cards.values() if c.id <= 3077]
    assert sum(c.copies for c in box) == 113
    assert Counter(c.start for c in box for _ in range(c.copies)) == {"setaside": 20, "reserve": 18, "styx": 75}
    assert sum(c.copies for c in cards.values() if c.start == "trial") == 19
    assert sum(c.copies for c in cards.values() if c.start == "ability") == 18
    assert sum(c.copies for c in cards.values() if c.start == "epic") == 9
    grades = Counter(c.grade for c in box for _ in range(c.copies) if c.start == "styx")
    assert grades == {1: 16, 2: 22, 3: 20, 4: 11, 5: 6}
    # every Styx card has a Shackle effect; the second effects split as the method's table says
    numbers, copies = Counter(), Counter()
    for c in box:
        if c.start == "styx":
            assert c.effects[0].on in ("shackle", "turn_end")
            second = c.effects[1].on if len(c.effects) > 1 else "none"
            numbers[second] += 1
            copies[second] += c.copies
    assert numbers == {"appearance": 8, "annihilated": 7, "underworld": 7, "exit": 7, "none": 17}
    assert copies == {"appearance": 12, "annihilated": 10, "underworld": 10, "exit": 9, "none": 34}


def test_the_facts_of_hades_txt(cards):
    charon, pharaoh, aphrodite, thanatos = cards[3051], cards[3052], cards[3061], cards[3072]
    assert (charon.name, charon.grade, charon.soul_gain) == ("Charon", 3, 3)
    assert [o.what for e in charon.effects if e.on == "shackle" for o in e.do] == ["souls"]
    assert (pharaoh.grade, aphrodite.grade) == (3, 4)
    assert any(o.most == "souls" for e in pharaoh.effects if e.on == "appearance" for o in e.do)
    exit_ops = [o for e in thanatos.effects if e.on == "exit" for o in e.do]
    assert {o.to for o in exit_ops} == {"destroyed"} and exit_ops[0].select.rank == ["rare"]
    rosary = cards[3030]
    assert rosary.classes == ["relic"] and rosary.effects[0].do[0].op == "annihilate_souls"
    assert cards[3025].effects[0].on == "destroy_use"  # the Hades Shaka Thanatos can destroy
    assert (cards[3201].name_fr, cards[3201].event) == ("Froid", "freeze_own")
    houses = {c.name: (c.event, c.reduction) for c in cards.values() if c.start == "house"}
    assert houses["House of Aries"] == ("acquire_armor", 3)
    assert houses["House of Leo"] == ("gain_energy", 2)
    assert houses["House of Sagittarius"] == ("destroy_hero_in_hand", 5)
    assert cards[3125].effects[0].do[0].op == "end_at_houses" and cards[3125].effects[0].do[0].n == 7
    doko = next(c for c in cards.values() if c.name.startswith("Libra Dōko"))
    assert doko.effects[0].do[0].from_ == "this"
    assert cards[3097].name.startswith("Psychokinesis") and cards[3097].symbol == cards[3078].symbol == "Aries"


def test_the_numbers_come_from_the_pools(cards):
    real = {c.id: c for c in H.reserve_cards()}
    assert sum(c.copies for c in real.values()) == 196
    # the pools of docs/hades.md, read from our card files
    very_common = H.pool(list(real.values()), lambda c: c.rank[0] == "very_common")
    assert Counter(p.strength_cost for p in very_common) == {2: 9, 3: 9, 0: 6}
    assert Counter(p.vp for p in very_common) == {1: 20, -1: 2, 0: 2}
    athena = real[2011]
    assert (cards[3031].cosmos_cost, cards[3031].vp, cards[3031].heal) == (athena.cosmos_cost, athena.vp, athena.heal)
    trident = real[H.TRIDENT]
    assert (cards[3030].cosmos_cost, cards[3030].vp) == (trident.cosmos_cost, trident.vp) == (4, 1)
    for c in cards.values():
        if c.start == "styx":
            assert (c.soul_gain, c.soul_cost) == (c.grade, 2 * c.grade)
    assert [(cards[i].strength_cost, cards[i].vp) for i in (3072, 3073)] == [(10, 5), (9, 6)]
    # an even pick: the k-th of n takes entry floor((k + 0.5) |P| / n)
    assert H.Picker(None).pick(list(range(10)), 0, 2) == 2 and H.Picker(None).pick(list(range(10)), 1, 2) == 7


def test_every_mechanic_is_on_two_cards_and_the_check_fails_without(cards):
    data = [c for d in H.build().values() for c in d["card"]]
    H.check_coverage(data)
    without_marker = [c for c in data if "marker" not in H.mechanics_of(c)]
    with pytest.raises(CardFileError, match="marker"):
        H.check_coverage(without_marker)


def test_a_seed_gives_another_valid_estimate():
    canonical, seeded, again = H.build(), H.build(seed=7), H.build(seed=7)
    assert seeded == again and seeded != canonical
    cards = [Card.model_validate(c) for d in seeded.values() for c in d["card"]]
    validate_hades(cards)
    H.check_coverage([c for d in seeded.values() for c in d["card"]])


def test_a_seeded_build_needs_its_own_folder(tmp_path, capsys):
    with pytest.raises(SystemExit):
        H.main(["--seed", "3"])
    assert "--out" in capsys.readouterr().err
    assert H.main(["--seed", "3", "--out", str(tmp_path)]) == 0
    assert (tmp_path / H.CLASSIC_FILE.name).read_text(encoding="utf-8") != H.CLASSIC_FILE.read_text(encoding="utf-8")


def test_validation_names_the_card_and_the_field(cards):
    def changed(cid, **fields):
        c = cards[cid].model_copy(update=fields)
        return [c if x.id == cid else x for x in cards.values()]
    with pytest.raises(CardFileError, match=r"#3051 'Charon': field 'grade': hades.txt gives 3"):
        validate_hades(changed(3051, grade=2))
    validate_hades(changed(3051, grade=2, override_h=True))  # a designer departs knowingly
    with pytest.raises(CardFileError, match=r"Styx #32-77: 74 copies, the box has 75"):
        validate_hades(changed(3077, copies=0))
    with pytest.raises(CardFileError, match="field 'id'"):
        validate_hades(list(cards.values()) + [cards[3001].model_copy(update={"id": 3093})])


def test_the_schema_refuses_bad_hades_cards(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('box = "hades"\n[[card]]\nid = 3040\nname = "Queen"\ncopies = 2\nstart = "styx"\n'
                    'rank = ["common"]\ngrade = 2\nsoul_cost = 4\nsoul_gain = 2\n', encoding="utf-8")
    with pytest.raises(CardFileError, match=r"#3040 'Queen'.*no rank"):
        parse_card_file(path)
    path.write_text('box = "hades"\n[[card]]\nid = 3201\nname = "Trial"\ncopies = 1\nstart = "trial"\n'
                    'classes = ["trial"]\ndifficulty = "easy"\nplain = true\n', encoding="utf-8")
    with pytest.raises(CardFileError, match="condition"):
        parse_card_file(path)


def test_a_designer_file_replaces_cards_by_number(tmp_path):
    own = tmp_path / "hades-cards.mine.toml"
    own.write_text('box = "hades"\nhades_data = "designer"\n[[card]]\nid = 3051\nname = "Charon"\ncopies = 2\n'
                   'start = "styx"\nclasses = ["specter"]\nstrength_cost = 5\nvp = 3\ngrade = 3\nsoul_cost = 5\n'
                   'soul_gain = 3\ntext = "Shackle: you cannot gain Souls."\nsource = "designer: test"\n'
                   '[[card.effects]]\non = "shackle"\ndo = [{op = "ban", what = "souls"}]\n', encoding="utf-8")
    cards = {c.id: c for c in load_card_records(("base", "hades"), cardset=own)}
    assert (cards[3051].strength_cost, cards[3051].estimate) == (5, False)
    assert cards[3052].estimate  # the rest still comes from the estimate
    validate_hades([c for c in cards.values() if 3000 < c.id < 4000], CLASSIC_GROUPS)


def test_loading_the_box_validates_it(tmp_path):
    own = tmp_path / "charon.toml"
    text = H.CLASSIC_FILE.read_text(encoding="utf-8")
    own.write_text('box = "hades"\n' + text[text.index("[[card]]\nid = 3051"):text.index("[[card]]\nid = 3052")]
                   .replace("grade = 3", "grade = 2").replace("soul_gain = 3", "soul_gain = 2"), encoding="utf-8")
    with pytest.raises(CardFileError, match=r"#3051 'Charon': field 'grade'"):
        load_card_records(("base", "hades"), cardset=own)


def test_the_engine_plays_the_classic_hades_cards_and_the_duels_in_the_duel():
    assert unplayed_hades(load_card_records(("base", "asgard", "poseidon", "hades"))) == {}
    assert any(c.name == "Charon" for c in build_engine(("base", "hades")).cards)
    assert unplayed_hades(list(parse_card_file(H.DUEL_FILE).card)) == {}
    assert any(c.name == "House of Leo" for c in build_engine(("base", "hades"), duel=True).cards)
    with pytest.raises(CardFileError, match="'Aries Mu \\(Duel\\)'.* only in the Duel \\(--mode duel\\)"):
        build_engine(("base", "hades"), H.DUEL_FILE)  # the Duel's material in a classic game


def test_the_cli_lists_shows_and_plays_hades_cards_and_flags_the_estimates(tmp_path):
    runner = CliRunner()
    listed = runner.invoke(app, ["cards", "list", "--boxes", "hades"])
    assert listed.exit_code == 0 and "Charon" in listed.output
    assert listed.output.startswith(f"ESTIMATED HADES CARDS (hades-estimated.toml, {H.estimate_hash(H.CLASSIC_FILE)})")
    assert "ESTIMATED" not in runner.invoke(app, ["cards", "list"]).output
    assert runner.invoke(app, ["cards", "hades-estimates", "--check"]).exit_code == 0
    refused = runner.invoke(app, ["cards", "hades-estimates", "--seed", "4"])
    assert refused.exit_code != 0 and "--out" in refused.output
    uncovered = runner.invoke(app, ["cards", "hades-estimates", "--seed", "1", "--out", str(tmp_path / "s1")])
    assert uncovered.exit_code == 2 and "seed 1" in uncovered.output and "try another seed" in uncovered.output
    assert "Traceback" not in uncovered.output and not (tmp_path / "s1").exists()
    shown = runner.invoke(app, ["cards", "show", "Charon", "--boxes", "hades"])
    assert shown.exit_code == 0 and "Grade 3" in shown.output and "does not play Hades" not in shown.output
    talent = runner.invoke(app, ["cards", "show", "Pegasus Seiya (Hades ★)", "--boxes", "hades"])  # its Talent
    assert talent.exit_code == 0 and "does not play Hades" not in talent.output
    played = runner.invoke(app, ["simulate", "--boxes", "base,hades", "--games", "4", "--workers", "1",
                                 "--out", str(tmp_path / "run")])
    assert played.exit_code == 0, played.output
    flag = H.estimate_flag()
    run = sim.Run(tmp_path / "run")
    run.report()
    md = (tmp_path / "run" / "report.md").read_text(encoding="utf-8").splitlines()
    assert md[2] == f"> **{flag}**" and "Hades cards built by a stated method" in md[4]
    assert "## Hades: the Underworld at the end" in md
    assert flag in (tmp_path / "run" / "report.html").read_text(encoding="utf-8")
    figure = run.figures.game_length()
    assert [t.get_text() for t in figure.texts] == [flag]


def test_the_cards_the_engine_cannot_play_yet_are_named():
    cards = {c.name: c for c in load_card_records(("base", "hades"))}
    assert unplayed_hades([cards["Charon"]]) == {}  # Shackle: you cannot gain Souls
    assert unplayed_hades([cards["Pegasus Seiya (Hades ★)"]]) == {}  # its Talent (HAD-12), its entry (HAD-14)
    assert unplayed_hades([cards["Pegasus Seiya (Hades)"]]) == {}  # the ◆ copy: into the hand at Elysion (HAD-13)
    duel = {c.name: c for c in parse_card_file(H.DUEL_FILE).card}
    assert unplayed_hades([duel["House of Leo"], duel["Altar of Haste"]]) == {}
    charon = cards["Charon"]
    at_start = charon.model_copy(update={"effects": [charon.effects[0].model_copy(update={"on": "turn_start"})]})
    assert unplayed_hades([at_start]) == {"'turn_start' programs of Styx cards": ["Charon"]}


def test_every_card_reads_in_plain_words(cards):
    internals = re.compile(r"op=|select=|\{|\}|_use\b|_saint\b|each_|chosen_")
    for c in cards.values():
        lines = card_lines(c)
        assert lines[0].startswith(f"#{c.id} ")
        # the card says so when it needs a Hades mechanic the engine does not play yet
        assert ("does not play Hades" in "\n".join(lines)) == bool(unplayed_hades([c])), c.name
        told = [line for line in lines if line.startswith("  ")]
        assert len(told) == len(c.effects) and not any(internals.search(line) for line in told), (c.name, told)



def test_the_hades_table_counts_each_players_underworld_at_the_end(tmp_path):
    """analysis.hades_summary: the same table from a run folder's counters as from the games in
    memory; a run without Hades has none."""
    import pandas as pd
    import analysis
    res = sim.play(30, players=3, seed=4, boxes=("base", "hades"))
    p = res.players
    assert (p["void_cards"] > 0).any() and (p["shackle_cards"] > 0).any() and (p["souls"] > 0).any()
    table = analysis.hades_summary(res).set_index("quantity")
    assert table.loc["Souls left", "mean"] == pytest.approx(p["souls"].mean())
    assert table.loc["VP of the Shackle pile (subtracted)", "winners"] == \
        pytest.approx(p.loc[p["win_share"] > 0, "shackle_vp"].mean())
    run = sim.simulate(30, players=3, seed=4, boxes=("base", "hades"), workers=1, out=tmp_path / "run")
    pd.testing.assert_frame_equal(analysis.hades_summary(run), analysis.hades_summary(res))
    assert not analysis.is_hades(sim.play(2, players=2, seed=1))
