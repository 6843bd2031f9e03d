"""A policy with W_PLAN plans the rest of a fight when it commits its first card: the next
decisions commit the planned cards (or the equipped Cloth), then end the won fight, without
weighing the whole board again, as long as the plan holds (the previous action followed it, and
after an effect the fight is still the only one open and the planned cards are still there)."""
import numpy as np

from sim.engine.policies.heuristic import CLOTH, PLAN_ACTION, PLAN_CARDS, PLAN_N, PLAN_NEXT, choose_action
from sim.engine.rules.legal import A_ACQUIRE, A_CLOTH_FIGHT, A_PLAY
from sim.policy_catalog import variant
from sim.engine.state import G_ACTIONS, G_EFFECTS_RUN
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
