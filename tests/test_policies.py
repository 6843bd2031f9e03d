"""Policies are chosen by name; their weights are a parameter a designer can change."""
import pytest

import sim
from sim.engine.policies.weights import W_DRAW
from sim.policy_catalog import POLICIES, policy_by_name, variant


def test_every_policy_has_a_description_and_distinct_weights():
    assert set(POLICIES) >= {"random", "greedy", "value", "clock"}
    assert all(len(p.description) > 20 for p in POLICIES.values())
    assert len({p.weights for p in POLICIES.values()}) == len(POLICIES)
    assert policy_by_name("<default>").name == "tuned"
    with pytest.raises(ValueError, match="allowed: random, greedy, value, clock"):
        policy_by_name("nope")


def test_a_variant_changes_weights_and_play():
    v = variant("value", "value_no_draw", draw=0.0)
    assert v.weights[W_DRAW] == 0.0 and POLICIES["value"].weights[W_DRAW] > 0
    with pytest.raises(ValueError, match="unknown weight"):
        variant("value", "bad", speed=3)
    a = sim.play(30, players=2, seed=3, policies=("value",))
    b = sim.play(30, players=2, seed=3, policies=("value_no_draw",))
    assert (a.players["vp"].to_numpy() != b.players["vp"].to_numpy()).any()
    assert set(b.players["policy"]) == {"value_no_draw"}


def test_mixed_policies_take_the_seats_in_random_order_unless_fixed():
    """R9: with different policies, each plays first in some games; seats='fixed' keeps order."""
    res = sim.play(60, players=2, seed=4, policies=("value", "greedy"))
    first = res.players[res.players.seat == 0]["policy"].astype(str)
    assert set(first) == {"value", "greedy"}
    assert 10 < (first == "value").sum() < 50
    fixed = sim.play(20, players=2, seed=4, policies=("value", "greedy"), seats="fixed")
    assert set(fixed.players[fixed.players.seat == 0]["policy"].astype(str)) == {"value"}
    with pytest.raises(ValueError, match="'random' or 'fixed'"):
        sim.play(1, seats="sometimes")


def test_every_algorithm_answers_every_question_with_the_same_arguments():
    import inspect
    from sim.engine.policies import interface
    from sim.engine.policies.registry import ALGORITHMS
    for question in interface.QUESTIONS:
        asked = list(inspect.signature(getattr(interface, question).py_func).parameters)
        for algorithm in ALGORITHMS:
            answer = getattr(algorithm, question)
            params = list(inspect.signature(getattr(answer, "py_func", answer)).parameters)
            if question == "prepare":
                asked_here = [a for a in asked if a != "algorithm"]
            else:
                asked_here = asked
            assert params == asked_here, (algorithm.__name__, question)


def test_the_weight_constants_follow_the_declared_order():
    from sim.engine.policies import weights
    for i, (name, _) in enumerate(weights.WEIGHTS):
        assert getattr(weights, "W_" + name.upper()) == i


def test_the_random_policy_draws_among_every_legal_action_past_the_rows_one_listing_notes():
    """A listing notes LEGAL_ROWS actions for the policy; a draw past them is listed again from it.
    36 Characters in hand facing 6 field cards: over 200 legal actions, every draw one of them, the
    last ones drawn too."""
    from sim.engine.policies.interface import choose_action
    from sim.engine.state import LEGAL_ROWS
    from sim.scenario import ACTION_NAMES, Scenario
    sc = Scenario(policies=("random",), seed=4)
    for slot, name in enumerate(("Eagle Marin", "Perseus Algol", "Crow Jamian", "Centaurus Babel",
                                 "Hound Asterion", "Whale Moses")):
        sc.field(slot, name)
    for hero in ("Pegasus Seiya", "Dragon Shiryu", "Cygnus Hyoga", "Andromeda Shun"):
        sc.hand(0, *[f"{hero} (civilian)"] * 9)
    legal = sc.legal_actions(0)
    assert len(legal) > LEGAL_ROWS + 50 and len(set(legal)) == len(legal)
    drawn = []
    for _ in range(600):
        choose_action(sc.s, sc.c, 0, sc.st.action)
        kind, a, b = (int(x) for x in sc.st.action)
        drawn.append(legal.index((ACTION_NAMES[kind], a, b)))  # ValueError: not a legal action
    assert max(drawn) >= LEGAL_ROWS + 40 and min(drawn) < 20
