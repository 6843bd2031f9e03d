"""The heuristic policies: names, one-sentence descriptions, and their weights.

A policy is an algorithm of the engine (sim/engine/policies) plus a weight vector, which the
heuristic reads; a designer tunes a policy (or adds a variant) by giving other weights, without
touching the engine.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sim.engine.policies.weights import N_WEIGHTS, WEIGHT_NAMES, WEIGHTS  # noqa: F401  (names of the API)


@dataclass(frozen=True)
class Policy:
    name: str
    algorithm: str   # a module of sim/engine/policies (registry.ALGORITHMS)
    description: str
    weights: tuple   # one value per WEIGHTS entry (read by the heuristic)


def _w(**kw) -> tuple:
    w = np.zeros(N_WEIGHTS)
    for k, v in kw.items():
        w[WEIGHT_NAMES[k]] = v
    return tuple(float(x) for x in w)


POLICIES = {
    p.name: p for p in (
        Policy("random", "uniform",
               "Plays uniformly at random among the legal actions (play, equip, use, heal, "
               "acquire, end the turn) and makes every choice at random.",
               _w(vp=1.0)),
        Policy("greedy", "heuristic",
               "Greedy for VP now: each time it can, it acquires the card with the most VP it can "
               "afford, ignoring draw and effects.",
               _w(vp=1.0, strength=0.05, cosmos=0.05, heal=0.01, cost=0.01, keep=99, pay=0.5,
                  use=3.0, heal_min=1.0, harm=0.1, upgrade=1.0, plan=1.0)),
        Policy("value", "heuristic",
               "Value per cost: buys the card with the best value (VP, Strength, Cosmos, heal and "
               "above all draw) for its cost, plays its draw cards first, heals and upgrades its Heroes.",
               _w(vp=1.0, strength=0.6, cosmos=0.7, heal=0.3, draw=1.2, effect=0.3, cost=0.15,
                  keep=99, pay=1.0, use=1.0, heal_min=0.9, harm=0.4, upgrade=1.0, plan=1.0)),
        Policy("clock", "heuristic",
               "Clock-aware value player: like 'value', but races the flames (takes Gold Saints) "
               "when ahead on VP and stalls (leaves them) when behind.",
               _w(vp=1.0, strength=0.6, cosmos=0.7, heal=0.3, draw=1.2, effect=0.3, cost=0.15,
                  keep=99, pay=1.0, use=1.0, heal_min=0.9, harm=0.4, upgrade=1.0,
                  flame=2.0, clock_aware=1.0, plan=1.0)),
    )
}
DEFAULT_POLICY = "value"


def policy_by_name(name: str) -> Policy:
    if name in ("<default>", "default"):
        name = DEFAULT_POLICY
    if name not in POLICIES:
        raise ValueError(f"unknown policy '{name}'; allowed: {', '.join(POLICIES)}")
    return POLICIES[name]


def variant(base: str, name: str, description: str = "", **weights: float) -> Policy:
    """Register a new named policy: `base` with some weights changed, e.g.
    `variant("value", "value_draw2", draw=2.0)`; then use its name like any other policy."""
    b = policy_by_name(base)
    w = list(b.weights)
    for key, value in weights.items():
        if key not in WEIGHT_NAMES:
            raise ValueError(f"unknown weight '{key}'; allowed: {', '.join(WEIGHT_NAMES)}")
        w[WEIGHT_NAMES[key]] = float(value)
    changed = ", ".join(f"{k}={v:g}" for k, v in weights.items())
    policy = Policy(name, b.algorithm, description or f"'{base}' with {changed}.", tuple(w))
    POLICIES[name] = policy
    return policy


def describe_policies() -> str:
    return "\n".join(f"{p.name}: {p.description}" for p in POLICIES.values())
