"""Every effect of every estimated Hades card, in a scenario: one generated test per card and program.

A program that acts runs where its card stands (an Ability held, a Styx card on the Underworld or on
top of a Shackle pile, an Epic current, a Reserve card on the field or in play, a Hero in play) on a
board that gives it something to act on, and must change the game with the invariants holding. A
rule (`shackle`, `underworld`, `field`, `in_play`, `score`) must be read by the engine where its card
stands, and only for whom it reaches.
"""
import numpy as np
import pytest

from sim.cards import hades_estimates as H
from sim.cards.schema import parse_card_file
from sim.engine import enums as E
from sim.engine.policies.weights import W_PAY
from sim.engine.rules.invariants import check_invariants
from sim.engine.rules.scoring import score_player
from sim.engine.rules.underworld import annihilation_souls
from sim.engine.rules.zones import banned, hades_rules
from sim.engine.state import G_GATE_TOKENS, G_SOUL_POOL, G_VIOLATIONS
from sim.scenario import Scenario

BOXES = ("base", "asgard", "poseidon", "hades")
CARDS = {c.name: c for c in parse_card_file(H.CLASSIC_FILE).card}
PROGRAMS = [(c.name, e.on) for c in CARDS.values() for e in c.effects]
RULES = ("shackle", "underworld", "field", "in_play", "score")
LOOKS = {n for n, c in CARDS.items() for e in c.effects for o in e.do if o.op == "styx_look"}
FIELD = ("Eagle Marin", "Cassios", "Lizard Misty", "Jango", "Geist")  # slot 5 stays free; Marin has a Cosmos cost
HAND = ("Pegasus Seiya (civilian)", "Pegasus Seiya", "Cerberus Dante")
DISCARD = ("Perseus Algol", "Crow Jamian", "Pegasus Seiya (civilian)", "Virgo Shaka")  # Shaka: a ★ Character
DRAW = ("Pegasus Seiya (civilian)", "Dragon Shiryu (civilian)", "Pegasus Seiya (civilian)", "Sagitta Ptolemy",
        "Dragon Shiryu (civilian)", "Hound Asterion")
STYX = [n for n, c in CARDS.items() if c.start == "styx" and c.copies == 2]
ABILITIES = [n for n, c in CARDS.items() if c.start == "ability"]
TRIANGLE = {"Seiya": "Pegasus Seiya", "Shiryu": "Dragon Shiryu", "Hyoga": "Cygnus Hyoga", "Shun": "Andromeda Shun",
            "Ikki": "Phoenix Ikki"}  # each Hero's ▲ card


def rich_board(avoid: str = "") -> Scenario:
    """Two players in the middle of a game, none of whose cards is `avoid`: cards in every zone,
    the field full but slot 6, the Underworld full but space 4 and face up, the Styx, Souls (seat 1
    has the most, seat 0 a card in its Void), a Grade-1 card under seat 0's Shackle pile, 2 Trials
    revealed and one to come, Abilities to draw, a Sense spent; seat 0 pays every optional cost."""
    sc = Scenario(players=2, boxes=BOXES, heroes=("Seiya", "Shiryu"))
    styx = iter(n for n in STYX if n != avoid and n != "Underworld Specter #35")
    for slot, name in enumerate(FIELD):
        sc.field(slot, name)
    for space in (0, 1, 2, 4):
        sc.underworld(space, next(styx), face_up=True)
    sc.styx(next(styx), next(styx), next(styx))
    sc.gate_tokens = 2
    sc.trials("Trial: Heal a card", "Trial: Gain Souls")
    sc._push_common(E.Z_TRIAL_PILE, "Trial: Move your marker")
    sc.ability_pile(*[n for n in ABILITIES if n != avoid][:3])
    for seat in (0, 1):
        for name in DRAW:
            sc.put(seat, "draw", name)
        for name in DISCARD[:3]:
            sc.put(seat, "discard", name)
        sc.put(seat, "wounded", "Dragon Shiryu (civilian)")
        sc.set_souls(seat, 6 + seat)
        sc.hero_space(seat, 2)
        sc.set_senses(seat, 2, spent=1)
    sc.put(0, "discard", DISCARD[3])
    sc.put(0, "shackle", "Underworld Specter #35")  # Grade 1, "at the end of your turn, discard 1 card"
    sc.put(1, "shackle", next(styx))
    sc.put(0, "void", next(styx))
    for name in HAND:
        sc.hand(0, name)
    sc.play(0, sc.hand(0, "Dragon Shiryu (civilian)"), 0)
    sc.st.mind.weights[0, W_PAY] = 99.0  # seat 0 pays any optional cost: each effect acts
    return sc


def snapshot(sc) -> list:
    st = sc.st
    return [st.zone.copy(), st.zone_n.copy(), st.pl.copy(), st.under.copy(), st.under_up.copy(), st.inst_vp.copy(),
            st.inst_buff_str.copy(), st.inst_buff_cos.copy(), st.inst_cut_str.copy(), st.inst_freeze.copy(),
            st.g[[G_GATE_TOKENS, G_SOUL_POOL]].copy()]


def place(sc, name: str, on: str) -> int:
    """The card where its program `on` applies, with what a condition of its program asks for;
    its instance."""
    card = CARDS[name]
    if card.start == "ability":
        return sc.put(0, "abilities", name)
    if card.start == "epic":
        return sc.epic(name)
    if card.start == "styx":
        if on in ("shackle", "turn_end"):
            return sc.put(0, "shackle", name)  # on top of seat 0's pile
        return sc.underworld(3, name, face_up=True)
    if on in ("arrival", "defeated", "exit"):  # a Reserve card on the field
        return sc.field(5, name)
    if card.hero in TRIANGLE and on == "talent" and "bronze_cloth" in card.classes:  # an upgrade: a pair, the next rank
        sc.hand(0, TRIANGLE[card.hero], TRIANGLE[card.hero])
        sc.put(0, "setaside", f"{TRIANGLE[card.hero]} (Asgard)")
        return sc.put(0, "cloth", name)
    if name == "Cygnus Hyoga (Hades)":  # "per other Hyoga fighting alongside him"
        other = sc.put(0, "play", "Cygnus Hyoga (civilian)")
        sc.st.inst_facing[other] = sc.st.field[0]
    inst = sc.put(0, "play", name)  # in play, facing the first field card
    sc.st.inst_facing[inst] = sc.st.field[0]
    return inst


def run(sc, name: str, on: str, inst: int):
    target, slot = (inst, 5) if on in ("arrival", "defeated", "exit") and CARDS[name].start != "styx" \
        else (int(sc.st.field[0]), 0)
    sc.trigger(on, inst, 0, target, slot)


@pytest.mark.parametrize("name, on", [p for p in PROGRAMS if p[1] not in RULES and p[0] not in LOOKS],
                         ids=lambda x: str(x))
def test_each_program_acts_where_its_card_stands(name, on):
    sc = rich_board(name)
    inst = place(sc, name, on)
    before = snapshot(sc)
    run(sc, name, on, inst)
    assert any(not np.array_equal(a, b) for a, b in zip(before, snapshot(sc))), f"{name}: its {on} program did nothing"
    check_invariants(sc.s, sc.c, 2)
    assert sc.st.g[G_VIOLATIONS] == 0


@pytest.mark.parametrize("name", sorted(LOOKS))
def test_a_look_at_the_styx_stacks_its_top_cards_in_the_policys_order(name):
    orders = []
    for first, second in (("Underworld Specter #33", "Thanatos"), ("Thanatos", "Underworld Specter #33")):
        sc = rich_board(name)
        sc.styx(first, second)
        inst = place(sc, name, "ability")
        run(sc, name, "ability", inst)
        n = int(sc.st.zone_n[E.COMMON, E.Z_STYX])
        orders.append([sc.name_of(i) for i in sc.st.zone[E.COMMON, E.Z_STYX, n - 2:n]])
    assert orders[0] == orders[1] and sorted(orders[0]) == ["Thanatos", "Underworld Specter #33"]


def rule_codes(name: str, on: str) -> list[tuple[int, int]]:
    """(op code, what) of each op of the card's `on` program."""
    effect = next(e for e in CARDS[name].effects if e.on == on)
    return [(E.OP_NAMES[o.op], E.BAN_NAMES[o.what] if o.op == "ban" else -1) for o in effect.do]


@pytest.mark.parametrize("name, on", [p for p in PROGRAMS if p[1] in ("shackle", "underworld", "field")],
                         ids=lambda x: str(x))
def test_each_rule_is_read_where_its_card_stands(name, on):
    sc = rich_board(name)
    codes = rule_codes(name, on)
    seen = [[hades_rules(sc.s, sc.c, p, code, what, -1, -1) for p in (0, 1)] for code, what in codes]
    costs = sc.cost(0, 0) + sc.cost(0, 0, "cosmos")  # Eagle Marin: both costs
    place(sc, name, on)
    for (code, what), (was, was_1) in zip(codes, seen):
        assert hades_rules(sc.s, sc.c, 0, code, what, -1, -1) > was, (name, code)
        if on == "shackle":  # its pile's owner alone
            assert hades_rules(sc.s, sc.c, 1, code, what, -1, -1) == was_1
        if code == E.OP_BAN:
            assert banned(sc.s, sc.c, 0, what)
        if code == E.OP_COST_UP:
            assert sc.cost(0, 0) + sc.cost(0, 0, "cosmos") > costs


def test_a_relics_annihilation_souls_and_a_score_rule_apply():
    """Shaka's Rosary (in play: more Souls per annihilation) and the Reserve card whose VP count the
    Void."""
    rosary = next(n for n, c in CARDS.items() if any(e.on == "in_play" for e in c.effects))
    scorer = next(n for n, c in CARDS.items() if any(e.on == "score" for e in c.effects))
    sc = rich_board(rosary)
    queen = int(sc.st.under[2])
    souls = annihilation_souls(sc.s, sc.c, 0, queen)
    sc.put(0, "relics", rosary)
    assert annihilation_souls(sc.s, sc.c, 0, queen) > souls
    for name in ("Charon", "Thanatos"):  # 3 in the Void with the board's
        sc.put(0, "void", name)
    score = score_player(sc.s, sc.c, 0)
    sc.put(0, "discard", scorer)
    assert score_player(sc.s, sc.c, 0) == score + CARDS[scorer].vp + 1  # 3 Void cards: +1


def test_every_program_of_the_estimate_is_generated_a_test():
    acted = {p for p in PROGRAMS if p[1] not in RULES}  # the looks among them
    read = {p for p in PROGRAMS if p[1] in ("shackle", "underworld", "field")}
    special = {p for p in PROGRAMS if p[1] in ("in_play", "score")}
    assert acted | read | special == set(PROGRAMS) and len(special) == 2
