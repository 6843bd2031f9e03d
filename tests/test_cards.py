"""The base card file: facts, copy counts, and strict validation with clear errors."""
import re

import pytest

import sim
from sim.cards.cardsets import apply_overrides, load_card_records
from sim.cards.schema import CardFileError, parse_card_file

BASE = "cardsets/base.toml"


def test_base_box_has_every_card_and_copy():
    cards = sim.load_cards()
    assert len(cards) == 90 and sorted(cards["id"]) == list(range(1, 91))
    assert cards["copies"].sum() == 200
    hero_sets = cards[cards["id"] <= 15]
    assert hero_sets["copies"].sum() == 75
    assert cards[cards["start"] == "reserve"]["copies"].sum() == 125
    assert cards["effect_encoded"].all()


def test_numbers_match_the_card_facts():
    cards = sim.load_cards().set_index("name")
    assert tuple(cards.loc["Taurus Aldebaran", ["strength_cost", "cosmos_cost", "strength", "cosmos", "vp"]]) == (8, 6, 2, 1, 5)
    assert tuple(cards.loc["Athena", ["strength_cost", "cosmos_cost", "heal", "cosmos", "copies"]]) == (0, 4, 2, 1, 2)
    assert cards.loc["Gigas", "vp"] == -1 and cards.loc["Cassios", "strength_cost"] == 2
    assert cards["flame"].sum() == 12  # the 12 Gold Saints


def test_reserve_distribution_matches_the_published_counts():
    cards = sim.load_cards()
    reserve = cards[cards["start"] == "reserve"]
    by_cost = reserve.groupby("strength_cost")["copies"].sum().to_dict()
    assert {k: v for k, v in by_cost.items() if k} == {2: 14, 3: 26, 4: 16, 5: 12, 6: 28, 7: 4, 8: 5, 9: 3}


def _write(tmp_path, text):
    p = tmp_path / "mine.toml"
    p.write_text(text, encoding="utf-8")
    return p


def test_unknown_field_names_file_card_and_field(tmp_path):
    p = _write(tmp_path, 'box = "x"\n[[card]]\nid = 5\nname = "Bad"\nrank = ["rare"]\ncopies = 1\nstrenght = 3\n')
    with pytest.raises(CardFileError) as e:
        parse_card_file(p)
    msg = str(e.value)
    assert "mine.toml" in msg and "#5 'Bad'" in msg and "strenght" in msg and "unknown field" in msg


def test_bad_value_and_bad_op_are_named(tmp_path):
    p = _write(tmp_path, 'box = "x"\n[[card]]\nid = 7\nname = "Neg"\nrank = ["rare"]\ncopies = -1\n')
    with pytest.raises(CardFileError, match=r"#7 'Neg'.*copies"):
        parse_card_file(p)
    p = _write(tmp_path, 'box = "x"\n[[card]]\nid = 8\nname = "Op"\nrank = ["rare"]\ncopies = 1\n'
                         '[[card.effects]]\non = "engagement"\ndo = [{op = "teleport"}]\n')
    with pytest.raises(CardFileError, match=r"#8 'Op'.*effects.0.do.0.op"):
        parse_card_file(p)


def test_an_upgrade_goes_to_the_discard_pile_or_the_hand_only(tmp_path):
    p = _write(tmp_path, 'box = "x"\n[[card]]\nid = 9\nname = "Up"\nrank = ["common"]\ncopies = 1\n'
                         '[[card.effects]]\non = "discard_use"\ndo = [{op = "upgrade", to = "reserve"}]\n')
    with pytest.raises(CardFileError, match=r"#9 'Up'.*'upgrade'.*'discard'.*'hand'"):
        parse_card_file(p)


@pytest.mark.parametrize("ops, error", [
    ('[{op = "move", who = "each_player", from = "hand", to = "frozen", or = true}]', "other option"),
    ('[{op = "move", who = "each_player", from = "hand", to = "frozen", or = true}, '
     '{op = "draw", who = "that_player"}]', "other option"),
    ('[{op = "move", who = "each_player", from = "hand", to = "frozen", or = true}, '
     '{op = "move", who = "each_player", from = "hand", to = "discard"}]', "that_player"),
    ('[{op = "draw", or = true}]', "'or' joins two moves"),
    ('[{op = "move", from = "hand", to = "discard", n = "any", pay = true}]', "'any'"),
    ('[{op = "draw", n = "any"}]', "'any' is for a move"),
])
def test_or_and_any_are_checked(tmp_path, ops, error):
    """"X or Y" (`or`, ASG-21) joins a move to the move after it, of the same players; n = "any"
    is a move's."""
    p = _write(tmp_path, 'box = "x"\n[[card]]\nid = 9\nname = "Or"\nrank = ["rare"]\ncopies = 1\n'
                         f'[[card.effects]]\non = "exit"\ndo = {ops}\n')
    with pytest.raises(CardFileError, match=error):
        parse_card_file(p)


def test_a_compile_error_names_the_card_file(tmp_path):
    """The checks made when the cards are compiled (after each file is read) name the file too."""
    p = _write(tmp_path, 'box = "x"\n[[card]]\nid = 9\nname = "Twice"\nrank = ["rare"]\ncopies = 1\n'
                         '[[card.effects]]\non = "exit"\ndo = [{op = "draw"}]\n'
                         '[[card.effects]]\non = "exit"\ndo = [{op = "draw"}]\n')
    from sim.cards.compiler import compile_cards
    with pytest.raises(CardFileError, match=re.escape(f"{p}: card #9 'Twice': two 'exit' programs")):
        compile_cards(parse_card_file(p).card)
    overridden = apply_overrides(parse_card_file(p).card, {"Twice.vp": 2})
    with pytest.raises(CardFileError, match=re.escape(f"{p}: card #9 'Twice'")):
        compile_cards(overridden)
    q = _write(tmp_path, 'box = "x"\n[[card]]\nid = 8\nname = "Up"\nrank = ["rare"]\ncopies = 1\n'
                         '[[card.effects]]\non = "discard_use"\ndo = [{op = "upgrade", from = "hand"}]\n')
    with pytest.raises(CardFileError, match=re.escape(f"{q}: card #8 'Up': upgrade applies the equipped Cloth's")):
        compile_cards(parse_card_file(q).card)


def test_overrides_change_a_number_and_reject_nonsense():
    cards = load_card_records()
    changed = apply_overrides(cards, {"Taurus Aldebaran.strength_cost": 7, "31.vp": 9})
    by_name = {c.name: c for c in changed}
    assert by_name["Taurus Aldebaran"].strength_cost == 7 and by_name["Taurus Aldebaran"].vp == 9
    with pytest.raises(CardFileError, match="unknown card"):
        apply_overrides(cards, {"Nobody.vp": 1})
    with pytest.raises(CardFileError, match="FIELD one of"):
        apply_overrides(cards, {"Cassios.speed": 1})
    with pytest.raises(CardFileError, match="greater than or equal to 0"):
        apply_overrides(cards, {"Cassios.copies": -2})


@pytest.mark.parametrize("field", ["vp", "gift", "gift_blank", "blank"])
def test_every_card_takes_every_override(field):
    """Each card, re-validated after an override, keeps its program as written (Hilda's condition
    gives at_most alone: its default at_least must not come back as set). Board cards take numbers
    only."""
    cards = load_card_records(("base", "asgard"))
    for card in cards if field == "vp" else [c for c in cards if c.start != "board"]:
        changed = apply_overrides(cards, {f"{card.id}.{field}": 1})
        assert len(changed) == len(cards) + (field.startswith("gift"))


def test_every_filter_row_passes_the_cards_its_constraints_describe():
    from sim.engine import enums as E
    from sim.cards.compiler import compile_cards
    t = compile_cards(load_card_records(("base",)))
    assert t.passes.shape == (len(t.filters), len(t.inst_card))

    def passes(row, k):  # the constraints of a filter row, one by one (sim/enums.py FL_*)
        return ((row[E.FL_CLASS_ANY] == 0 or t.classes[k] & row[E.FL_CLASS_ANY] != 0)
                and (row[E.FL_RANK_ANY] == 0 or t.ranks[k] & row[E.FL_RANK_ANY] != 0)
                and (row[E.FL_NAME] < 0 or t.name_id[k] == row[E.FL_NAME])
                and (row[E.FL_NOT_NAME] < 0 or t.name_id[k] != row[E.FL_NOT_NAME])
                and (row[E.FL_COSMOS] != 1 or t.cosmos[k] > 0)
                and (row[E.FL_COSMOS] != 2 or t.cosmos[k] <= 0))
    for f, row in enumerate(t.filters):
        for inst, k in enumerate(t.inst_card):
            assert bool(t.passes[f, inst]) == passes(row, k), (f, inst)
    # each of the base game's filters lets some cards through and keeps others out
    assert t.passes.any(axis=1).all() and not t.passes.all(axis=1).any()
