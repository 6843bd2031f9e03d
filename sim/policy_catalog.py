"""The heuristic policies: names, one-sentence descriptions, and their weights.

A policy is an integer id inside the engine plus a weight vector; the numba code in
`sim/policies.py` reads the weights, so a designer can tune a policy (or add a variant) by
passing other weights, without touching the engine.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

# Weight indices (the numba code reads these positions)
W_VP = 0          # value of 1 VP on a card
W_STRENGTH = 1    # value of 1 printed Strength
W_COSMOS = 2      # value of 1 printed Cosmos
W_HEAL = 3        # value of 1 Heal
W_DRAW = 4        # value of drawing 1 card (Engagement or use)
W_EFFECT = 5      # value of any other effect step
W_FLAME = 6       # value of taking a Flame card (a Gold Saint) at the Clock's expense
W_CLOCK_AWARE = 7  # 1: the flame value follows the VP lead (+ when ahead, - when behind)
W_COST = 8        # penalty per cost point paid ("value per cost")
W_KEEP = 9        # keep a hand card at upkeep if its value is at least this
W_PAY = 10        # pay an optional cost with a card worth at most this
W_USE = 11        # use a card's Discard/Wound/Destroy effect if its gain beats its fight value times this
W_HEAL_MIN = 12   # heal a wounded card worth at least this
W_HARM = 13       # value of an effect that hurts opponents
W_UPGRADE = 14    # 1: upgrade Heroes with the Bronze Cloth when possible
W_PLAN = 15       # 1: once it commits to a fight, play the cards it planned for it without weighing the
                  # whole board again before each (until the fight is won or the plan no longer holds)
N_WEIGHTS = 16


@dataclass(frozen=True)
class Policy:
    id: int
    name: str
    description: str
    weights: tuple


def _w(**kw) -> tuple:
    w = np.zeros(N_WEIGHTS)
    for k, v in kw.items():
        w[globals()["W_" + k.upper()]] = v
    return tuple(float(x) for x in w)


POLICIES = {
    p.name: p for p in (
        Policy(0, "random",
               "Plays uniformly at random among the legal actions (play, equip, use, heal, "
               "acquire, end the turn) and makes every choice at random.",
               _w(vp=1.0)),
        Policy(1, "greedy",
               "Greedy for VP now: each time it can, it acquires the card with the most VP it can "
               "afford, ignoring draw and effects.",
               _w(vp=1.0, strength=0.05, cosmos=0.05, heal=0.01, cost=0.01, keep=99, pay=0.5,
                  use=3.0, heal_min=1.0, harm=0.1, upgrade=1.0, plan=1.0)),
        Policy(2, "value",
               "Value per cost: buys the card with the best value (VP, Strength, Cosmos, heal and "
               "above all draw) for its cost, plays its draw cards first, heals and upgrades its Heroes.",
               _w(vp=1.0, strength=0.6, cosmos=0.7, heal=0.3, draw=1.2, effect=0.3, cost=0.15,
                  keep=99, pay=1.0, use=1.0, heal_min=0.9, harm=0.4, upgrade=1.0, plan=1.0)),
        Policy(3, "clock",
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


WEIGHT_NAMES = {k[2:].lower(): v for k, v in dict(globals()).items() if k.startswith("W_")}


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
    policy = Policy(b.id, name, description or f"'{base}' with {changed}.", tuple(w))
    POLICIES[name] = policy
    return policy


def describe_policies() -> str:
    return "\n".join(f"{p.name}: {p.description}" for p in POLICIES.values())
