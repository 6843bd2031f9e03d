"""The value policy skips weighing a fight that costs more than `hand_reach`: that must be an
upper bound of what the hand, the equipped Cloth and the best helper really add to any fight the
player has not started, or the policy would pass over fights it can win.

Random boards of base-game cards (hands of every kind of card, Cloths, fighters facing other
field cards, any Clock) compare the bound with `hand_resources` plus the best `helper_bonus`. The
same boards check the hand values that the fight search notes for the commit step, the quick
look (`out_of_reach`) that skips a field card before its costs are computed, and the wins a fight
plan notes for the steps that follow it.
"""
import numpy as np

from sim.engine import enums as E
from sim.engine.rules.fight import COSMOS, STRENGTH, acquirable, aided, costs_for, values_against
from sim.engine.policies.heuristic import (CLOTH, HAND_ALL, HAND_FIGHTING, HAND_PLAIN, PLAN_ACTION, PLAN_CARDS,
                                          PLAN_N, PLAN_SLOT, PLAN_TARGET, PLAN_WINS, R_KNOWN, choose_action,
                                          find_helpers, hand_reach, hand_resources, helper_bonus, note_slots,
                                          out_of_reach)
from sim.engine.rules.legal import A_PLAY
from sim.engine.state import G_ACTIONS, G_EFFECTS_RUN

from sim.scenario import Scenario

BOARDS = 300


def place(sc, rng, names, where):
    """Place a random card of `names` by `where(name)`; None when no copy is left."""
    for _ in range(20):
        name = names[rng.integers(len(names))]
        try:
            return where(name)
        except ValueError:
            continue
    return None


def random_boards():
    """BOARDS scenarios: seat 0 with a random hand, maybe a Cloth, fighters facing the first of
    the field cards; yields (scenario, the field slots in use)."""
    rng = np.random.default_rng(5)
    sc0 = Scenario()
    cards = sc0.engine.cards
    t = sc0.t
    characters = [c.name for i, c in enumerate(cards) if t.classes[i] & E.CLASS_CHARACTER]
    cloths = [c.name for i, c in enumerate(cards) if t.classes[i] & E.CLASS_CLOTH]
    field_cards = [c.name for i, c in enumerate(cards) if t.strength_cost[i] > 0 or t.cosmos_cost[i] > 0]
    anything = [c.name for c in cards]
    for board in range(BOARDS):
        sc = Scenario(seed=board)
        sc.set_flames(int(rng.integers(1, 13)))
        slots = rng.permutation(E.CLASSIC_SLOTS)[:rng.integers(2, E.CLASSIC_SLOTS + 1)]
        for slot in slots:
            place(sc, rng, field_cards, lambda n, slot=slot: sc.field(int(slot), n))
        for _ in range(rng.integers(1, 8)):
            place(sc, rng, characters if rng.random() < 0.7 else anything, lambda n: sc.put(0, "hand", n))
        if rng.random() < 0.5:
            place(sc, rng, cloths, lambda n: sc.put(0, "cloth", n))
        # fighters facing the first field card: the others are fights seat 0 has not started
        faced = sc.st.field[slots[0]]
        for _ in range(rng.integers(0, 3)):
            inst = place(sc, rng, characters, lambda n: sc.put(0, "play", n))
            if inst is not None:
                sc.st.inst_facing[inst] = faced
        for _ in range(rng.integers(0, 4)):
            place(sc, rng, anything, lambda n: sc.put(0, rng.choice(["discard", "draw", "setaside"]), n))
        yield sc, slots


def test_hand_reach_bounds_every_unstarted_fight():
    checked = 0
    for sc, slots in random_boards():
        s, c = sc.s, sc.c
        sc.st.mind.reach[R_KNOWN] = 0
        reach_str, reach_cos = hand_reach(s, c, 0)
        find_helpers(s, c, 0)
        for slot in slots[1:]:
            target = sc.st.field[slot]
            if target < 0:
                continue
            hand_str, hand_cos, _ = hand_resources(s, c, 0, target, HAND_ALL)
            assert hand_str + helper_bonus(s, c, 0, target, STRENGTH)[0] <= reach_str
            assert hand_cos + helper_bonus(s, c, 0, target, COSMOS)[0] <= reach_cos
            checked += 1
    assert checked > 2 * BOARDS


def test_a_card_out_of_reach_has_no_cost_within_reach():
    skipped = kept = 0
    rng = np.random.default_rng(9)
    for sc, slots in random_boards():
        s, c = sc.s, sc.c
        for slot in slots:  # this turn's cost cuts, on some cards
            target = sc.st.field[slot]
            if target >= 0 and rng.random() < 0.3:
                sc.st.inst_cut_str[target], sc.st.inst_cut_cos[target] = rng.integers(0, 3, 2)
        note_slots(s, c, 0)
        reach = hand_reach(s, c, 0)
        for slot in slots:
            if sc.st.field[slot] < 0:
                continue
            if out_of_reach(s, c, 0, slot):
                costs = costs_for(s, c, sc.st.field[slot], 0, False)
                assert all(cost <= 0 or cost > r for cost, r in zip(costs, reach))
                skipped += 1
            else:
                kept += 1
    assert skipped > BOARDS // 2 and kept > BOARDS // 2  # both answers are checked often


def check_noted_values(sc):
    """If s.hand_values_of names a field card, s.hand_values hold what each hand Character adds
    against it; return that card (-1: none named)."""
    s, c, st = sc.s, sc.c, sc.st
    target = int(st.mind.hand_values_of[0])
    if target >= 0:
        is_aided = aided(s, c, 0, target)
        for i in range(st.zone_n[0, E.Z_HAND]):
            inst = st.zone[0, E.Z_HAND, i]
            if sc.t.classes[sc.t.inst_card[inst]] & E.CLASS_CHARACTER:
                assert tuple(st.mind.hand_values[i]) == values_against(s, c, inst, target, 0, is_aided)
    return target


def test_noted_hand_values_are_those_against_their_card():
    """What the commit step reads (s.hand_values, against the card s.hand_values_of names) is what
    each hand Character adds against that card: after the hand is summed against a card, after
    parts of it are summed against others, and after whole decisions."""
    aided_boards = faced_noted = unfaced_noted = 0
    for sc, slots in random_boards():
        s, c, st = sc.s, sc.c, sc.st
        faced = st.field[slots[0]]
        if faced < 0:
            continue
        hand_resources(s, c, 0, faced, HAND_ALL)
        assert check_noted_values(sc) == faced
        aided_boards += aided(s, c, 0, faced)
        hand_resources(s, c, 0, -1, HAND_PLAIN)
        hand_resources(s, c, 0, st.field[slots[1]], HAND_FIGHTING)
        assert check_noted_values(sc) == -1  # parts of the hand: the caller names the card
        st.mind.plan[PLAN_ACTION] = -1
        choose_action(s, c, 0, np.zeros(3, np.int64))
        noted = check_noted_values(sc)
        if noted >= 0:
            faced_noted += noted == faced
            unfaced_noted += noted != faced
    assert aided_boards > 0  # boards where the fighters change what the others add
    assert faced_noted > 10 and unfaced_noted > 10  # decisions that noted either kind of card


def follow_noted_wins(sc, seen):
    """Let seat 0 decide; if it plans a fight and notes its wins, commit the planned cards while no
    effect runs, checking each noted win against `acquirable` (counted in seen by currency, -1:
    not yet). Returns whether a plan was made and whether it noted its wins."""
    s, c, st = sc.s, sc.c, sc.st
    st.mind.plan[PLAN_ACTION] = -1
    st.g[G_ACTIONS] = 1
    out = np.zeros(3, np.int64)
    choose_action(s, c, 0, out)
    if st.mind.plan[PLAN_ACTION] < 0 or not st.mind.plan[PLAN_WINS]:
        return st.mind.plan[PLAN_ACTION] >= 0, False
    slot, target, effects = st.mind.plan[PLAN_SLOT], st.mind.plan[PLAN_TARGET], st.g[G_EFFECTS_RUN]
    planned = list(st.mind.plan[PLAN_CARDS:PLAN_CARDS + st.mind.plan[PLAN_N]])
    for i, inst in enumerate([int(out[1]) if out[0] == A_PLAY else CLOTH] + planned):
        if inst == CLOTH:
            sc.cloth_fights(0, slot)
        else:
            sc.play(0, inst, slot)
        if st.g[G_EFFECTS_RUN] != effects:
            break  # the plan weighs the fight again from here
        by_str, by_cos = acquirable(s, c, target, 0)
        won = COSMOS if by_cos else STRENGTH if by_str else -1
        assert st.mind.plan_wins[i] == won
        seen[won] += 1
    return True, True


def test_noted_wins_are_those_acquirable_finds():
    """A plan that notes its wins (PLAN_WINS) is followed without weighing the fight again: after
    each commitment, as long as no effect has run, the win it noted must be the currency in which
    `acquirable` ends the fight (Cosmos first), or none."""
    plans = noted = 0
    seen = {COSMOS: 0, STRENGTH: 0, -1: 0}
    for sc, _ in random_boards():
        planned, wins = follow_noted_wins(sc, seen)
        plans += planned
        noted += wins
    assert noted > 20 and plans > noted  # plans of both kinds
    assert min(seen.values()) > 5  # fights won in either currency, and fights not yet won


def test_noted_wins_count_the_characters_a_card_asks_for():
    """Sea Serpent needs 3 Characters: its 3 Strength from one card do not win it yet."""
    sc = Scenario()
    sc.field(0, "Sea Serpent")
    sc.hand(0, "Dragon Shiryu (civilian)", "Pegasus Seiya (civilian)", "Cygnus Hyoga (civilian)")
    sc.st.inst_buff_str[sc.st.zone[0, E.Z_HAND, 0]] = 2  # Shiryu adds 3
    seen = {COSMOS: 0, STRENGTH: 0, -1: 0}
    assert follow_noted_wins(sc, seen) == (True, True)
    assert seen == {COSMOS: 0, STRENGTH: 1, -1: 2}


def test_no_wins_are_noted_against_a_card_whose_cost_reads_its_fighters():
    """Black Pegasus costs 2 less once Seiya fights it: the plan weighs that fight at each step."""
    sc = Scenario()
    sc.field(0, "Black Pegasus")
    sc.hand(0, "Pegasus Seiya (civilian)", "Dragon Shiryu (civilian)", "Cygnus Hyoga (civilian)",
            "Andromeda Shun (civilian)")
    seen = {COSMOS: 0, STRENGTH: 0, -1: 0}
    assert follow_noted_wins(sc, seen) == (True, False)
