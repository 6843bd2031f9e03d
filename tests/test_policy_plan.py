"""A policy with W_PLAN plans the rest of a fight when it commits its first card: the next
decisions commit the planned cards (or the equipped Cloth), then end the won fight, without
weighing the whole board again, as long as the plan holds (the previous action followed it, and
after an effect the fight is still the only one open and the planned cards are still there)."""
import numpy as np

from sim.engine.policies.heuristic import CLOTH, PLAN_ACTION, PLAN_CARDS, PLAN_N, PLAN_NEXT, choose_action
from sim.engine.rules.legal import A_ACQUIRE, A_CLOTH_FIGHT, A_PLAY
from sim.policy_catalog import variant
from sim.engine.resolution.actions import apply_action
from sim.engine.rules.fight import COSMOS, STRENGTH, checked_acquisition, note_acquirable
from sim.engine.rules.invariants import V_CHECKED
from sim.engine.state import G_ACQ_CHECKED, G_ACTIONS, G_CHECK, G_EFFECTS_RUN, G_FIRST_VIOLATION, G_ILLEGAL, G_VIOLATIONS
from sim.engine.rules.zones import move_to
from sim.engine import enums as E

from sim.scenario import Scenario

CIVILIAN = "Pegasus Seiya (civilian)"  # Strength 1, no program


def board(policies=("value",)):
    """Seat 0 holds three plain Strength-1 cards; the only field card costs 3 Strength."""
    sc = Scenario(policies=policies)
    sc.field(0, "Flame Saint")
    sc.hand(0, CIVILIAN, CIVILIAN, CIVILIAN)
    return sc


def decide(sc, replan=False):
    """The next main-phase action of seat 0; replan: weigh the board as if there were no plan
    (the plan is left as it was)."""
    st = sc.st
    kept = st.mind.plan.copy(), st.mind.plan_wins.copy()
    if replan:
        st.mind.plan[PLAN_ACTION] = -1
    else:
        st.g[G_ACTIONS] += 1
    out = np.zeros(3, np.int64)
    choose_action(sc.s, sc.c, 0, out)
    if replan:
        st.mind.plan[:], st.mind.plan_wins[:] = kept
    return tuple(int(x) for x in out)


def follow_to_the_end(sc, currency):
    """Take seat 0's decisions until it ends the fight, checking each against a fresh decision;
    return the kinds of the actions taken."""
    followed = []
    while True:
        fresh = decide(sc, replan=True)
        action = decide(sc)
        assert action == fresh  # nothing new to see on this board: the same choice
        followed.append(action[0])
        if action[0] == A_ACQUIRE:
            sc.acquire(0, action[1], currency)
            return followed
        if action[0] == A_CLOTH_FIGHT:
            sc.cloth_fights(0, action[2])
        else:
            sc.play(0, action[1], action[2])


def test_the_planned_cards_are_those_a_new_decision_would_play_then_the_fight_ends():
    sc = board()
    kind, first, slot = decide(sc)
    assert (kind, slot) == (A_PLAY, 0)
    assert sc.st.mind.plan[PLAN_ACTION] == sc.st.g[G_ACTIONS] and sc.st.mind.plan[PLAN_N] == 2
    sc.play(0, first, slot)
    assert follow_to_the_end(sc, "strength") == [A_PLAY, A_PLAY, A_ACQUIRE]
    assert sc.st.mind.plan[PLAN_NEXT] == 2 and sc.st.mind.plan[PLAN_ACTION] == -1  # followed to its end
    assert sc.names(0, "discard") == ["Flame Saint"] + [CIVILIAN] * 3


def test_the_equipped_cloth_is_planned_where_a_new_decision_commits_it():
    sc = Scenario()
    sc.field(0, "Unicorn Jabu")  # 3 Cosmos: the two Heroes add 2, the Cloth the third
    sc.hand(0, "Pegasus Seiya", "Cygnus Hyoga")
    sc.put(0, "cloth", "Dragon Cloth")
    kind, first, slot = decide(sc)
    assert (kind, slot) == (A_PLAY, 0)
    assert sc.st.mind.plan[PLAN_N] == 2 and sc.st.mind.plan[PLAN_CARDS + 1] == CLOTH
    sc.play(0, first, slot)
    assert follow_to_the_end(sc, "cosmos") == [A_PLAY, A_CLOTH_FIGHT, A_ACQUIRE]
    assert sc.names(0, "hand") == ["Unicorn Jabu"]  # won by Cosmos: to the hand


def test_an_effect_that_leaves_the_plan_whole_does_not_end_it():
    sc = board()
    kind, first, slot = decide(sc)
    sc.play(0, first, slot)
    runs = sc.st.g[G_EFFECTS_RUN]
    sc.trigger("engagement", sc.hand(0, "Pegasus Seiya"))  # a card program runs (its Engagement)
    assert sc.st.g[G_EFFECTS_RUN] == runs + 1
    planned = int(sc.st.mind.plan[PLAN_CARDS])
    assert decide(sc) == (A_PLAY, planned, slot) and sc.st.mind.plan[PLAN_NEXT] == 1


def test_a_planned_card_taken_from_the_hand_ends_the_plan():
    sc = board()
    kind, first, slot = decide(sc)
    sc.play(0, first, slot)
    planned = int(sc.st.mind.plan[PLAN_CARDS])
    move_to(sc.s, planned, 0, E.Z_DESTROYED)  # as an effect that destroys a hand card would
    sc.trigger("engagement", sc.hand(0, "Pegasus Seiya"))
    kind, card, _ = decide(sc)
    assert kind == A_PLAY and card in sc.insts(0, "hand")  # a new decision, with a new plan
    assert sc.st.mind.plan[PLAN_ACTION] == sc.st.g[G_ACTIONS] and sc.st.mind.plan[PLAN_NEXT] == 0


def test_a_plain_play_runs_no_effect():
    sc = board()
    runs = sc.st.g[G_EFFECTS_RUN]
    sc.play(0, sc.insts(0, "hand")[0], 0)
    assert sc.st.g[G_EFFECTS_RUN] == runs


def test_without_w_plan_no_plan_is_made_and_the_choices_are_the_same():
    variant("value", "value_no_plan", "'value' deciding afresh before each card it commits.", plan=0.0)
    planning, replanning = board(), board(("value_no_plan",))
    for _ in range(3):
        action = decide(planning)
        assert decide(replanning) == action
        assert replanning.st.mind.plan[PLAN_ACTION] == -1
        if action[0] != A_PLAY:
            break
        for sc in (planning, replanning):
            sc.play(0, action[1], action[2])


def test_no_plan_for_a_fight_the_hand_alone_does_not_win():
    sc = Scenario()
    sc.field(0, "Flame Saint")  # 3 Strength: the two cards add 2, Cassios' cost cut closes the gap
    sc.hand(0, CIVILIAN, "Cassios")
    kind, _, slot = decide(sc)
    assert (kind, slot) == (A_PLAY, 0)
    assert sc.st.mind.plan[PLAN_ACTION] == -1


def test_the_acquisition_the_plan_found_won_is_taken_as_checked_once():
    """After an effect the plan asks `acquirable` whether the fight is won; the acquisition it then
    proposes is noted, and the rules take it as checked instead of working it out again. The note
    is cleared once the action is taken."""
    sc = board()
    kind, first, slot = decide(sc)
    sc.play(0, first, slot)
    while True:
        sc.st.g[G_EFFECTS_RUN] += 1  # as after an effect: the plan looks at the fight again
        action = decide(sc)
        if action[0] == A_ACQUIRE:
            break
        sc.play(0, action[1], action[2])
    assert sc.st.g[G_ACQ_CHECKED] != 0
    sc.acquire(0, action[1], "strength")
    assert sc.st.g[G_ACQ_CHECKED] == 0
    assert sc.names(0, "discard") == ["Flame Saint"] + [CIVILIAN] * 3


def test_a_noted_acquisition_counts_only_for_the_action_that_follows_it():
    """A note names its decision (the turn and its action count), the slot and the currency: any
    other acquisition is checked as usual, and one the fight does not allow is refused."""
    sc = board()
    st = sc.st
    sc.play(0, sc.insts(0, "hand")[0], 0)  # Strength 1 against a cost of 3: not won
    st.g[G_ACTIONS] = 4
    note_acquirable(sc.s, 0, STRENGTH)
    assert checked_acquisition(sc.s, 0, STRENGTH) and not checked_acquisition(sc.s, 0, STRENGTH)
    for later, currency in ((1, STRENGTH), (0, COSMOS)):
        note_acquirable(sc.s, 0, STRENGTH)
        st.g[G_ACTIONS] += later
        illegal = st.g[G_ILLEGAL]
        assert not apply_action(sc.s, sc.c, 0, A_ACQUIRE, 0, currency)
        assert st.g[G_ILLEGAL] == illegal + 1 and st.g[G_ACQ_CHECKED] == 0
    assert sc.names(0, "discard") == []


def test_a_wrong_note_is_a_violation_when_the_invariants_are_checked():
    """In games played with the invariants checked (the tests'), a noted acquisition is worked out
    again: one `acquirable` does not allow counts as a violation."""
    sc = board()
    st = sc.st
    sc.play(0, sc.insts(0, "hand")[0], 0)  # Strength 1 against a cost of 3: not won
    st.g[G_CHECK] = 1
    note_acquirable(sc.s, 0, STRENGTH)
    apply_action(sc.s, sc.c, 0, A_ACQUIRE, 0, STRENGTH)
    assert st.g[G_VIOLATIONS] == 1 and st.g[G_FIRST_VIOLATION] == V_CHECKED
