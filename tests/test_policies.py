"""Policies are chosen by name; their weights are a parameter a designer can change."""
import pytest

import sim
from sim.policy_catalog import POLICIES, W_DRAW, policy_by_name, variant


def test_every_policy_has_a_description_and_distinct_weights():
    assert set(POLICIES) >= {"random", "greedy", "value", "clock"}
    assert all(len(p.description) > 20 for p in POLICIES.values())
    assert len({p.weights for p in POLICIES.values()}) == len(POLICIES)
    assert policy_by_name("<default>").name == "value"
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
