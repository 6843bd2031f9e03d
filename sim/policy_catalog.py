"""The named policies: each an algorithm of the engine with its weights, and one sentence.

A policy is an algorithm of the engine (sim/engine/policies/registry.py) plus a weight vector,
which the heuristic reads (sim/engine/policies/weights.py); a designer tunes a policy, or adds a
variant, by giving other weights, without touching the engine. A Policy carries its weights
whole, so a game config that names one plays it the same in any process.

Besides the built-in policies below, every policy file of the package (sim/policies/NAME.json,
e.g. one `seiya tune --save` fitted) is loaded at import; a file that cannot be read is named,
with the field at fault, when its policy is asked for (and by `seiya policies`).
"""
from __future__ import annotations

import numpy as np
from pydantic import field_validator

from sim.engine.policies.weights import N_WEIGHTS, WEIGHT_NAMES, WEIGHTS  # noqa: F401  (names of the API)
from sim.policy_files import POLICY_DIR, PolicyBase, PolicyFileError, policy_files, read_policy_file
from sim.spelling import did_you_mean


class Policy(PolicyBase):
    weights: tuple[float, ...]  # one value per WEIGHTS entry (read by the heuristic)

    @field_validator("weights")
    @classmethod
    def _weights(cls, v):
        if len(v) != N_WEIGHTS:
            raise ValueError(f"a policy has {N_WEIGHTS} weights ({', '.join(WEIGHT_NAMES)}), not {len(v)}")
        return v

    def weight(self, name: str) -> float:
        return self.weights[WEIGHT_NAMES[name]]


def _w(**kw) -> tuple:
    w = np.zeros(N_WEIGHTS)
    for k, v in kw.items():
        w[WEIGHT_NAMES[k]] = v
    return tuple(float(x) for x in w)


POLICIES = {
    p.name: p for p in (
        Policy(name="random", algorithm="uniform", description=
               "Plays uniformly at random among the legal actions (play, equip, use, heal, "
               "acquire, end the turn) and makes every choice at random.",
               weights=_w(vp=1.0)),
        Policy(name="greedy", algorithm="heuristic", description=
               "Greedy for VP now: each time it can, it acquires the card with the most VP it can "
               "afford, ignoring draw and effects.",
               weights=_w(vp=1.0, strength=0.05, cosmos=0.05, heal=0.01, cost=0.01, keep=99, pay=0.5,
                          use=3.0, heal_min=1.0, harm=0.1, upgrade=1.0, plan=1.0)),
        Policy(name="value", algorithm="heuristic", description=
               "Value per cost: buys the card with the best value (VP, Strength, Cosmos, heal and "
               "above all draw) for its cost, plays its draw cards first, heals and upgrades its Heroes.",
               weights=_w(vp=1.0, strength=0.6, cosmos=0.7, heal=0.3, draw=1.2, effect=0.3, cost=0.15,
                          keep=5.0, pay=1.0, use=1.0, heal_min=0.9, harm=0.4, upgrade=1.0, plan=1.0)),
        Policy(name="clock", algorithm="heuristic", description=
               "Clock-aware value player: like 'value', but races the flames (takes Gold Saints) "
               "when ahead on VP and stalls (leaves them) when behind.",
               weights=_w(vp=1.0, strength=0.6, cosmos=0.7, heal=0.3, draw=1.2, effect=0.3, cost=0.15,
                          keep=5.0, pay=1.0, use=1.0, heal_min=0.9, harm=0.4, upgrade=1.0,
                          flame=2.0, clock_aware=1.0, plan=1.0)),
    )
}
DEFAULT_POLICY = "tuned"  # the shipped fit (sim/policies/tuned.json); "value" is its start
SEARCH_BUDGET = dict(rollouts=4.0, horizon=1.0)  # the search's default budget (weights.py)
BUILT_IN = tuple(POLICIES) + ("search",)  # search: made below, on the default's weights
BROKEN: dict[str, str] = {}  # a policy file's name (without .json) -> why it could not be loaded


def load_policy_files(folder=POLICY_DIR) -> list[Policy]:
    """Register the policy of every policy file in `folder` (the package's sim/policies/ at
    import); a file that cannot be read goes to BROKEN with its one-line reason instead."""
    loaded = []
    for path in policy_files(folder):
        try:
            f = read_policy_file(path)
            if f.name != path.stem:  # so that a broken file is found by the name asked for
                raise PolicyFileError(f"{path}: field 'name': '{f.name}' is not the file's name; "
                                      f"name the file {f.name}.json")
            if f.name in BUILT_IN:
                raise PolicyFileError(f"{path}: field 'name': '{f.name}' is a built-in policy; choose another name")
        except PolicyFileError as e:
            BROKEN[path.stem] = str(e)
            continue
        BROKEN.pop(path.stem, None)
        POLICIES[f.name] = Policy(name=f.name, algorithm=f.algorithm, weights=f.weight_vector(),
                                  description=f.description or f"Weights from the policy file {path.name}.")
        loaded.append(POLICIES[f.name])
    return loaded


def search_policy(base: Policy) -> Policy:
    """The reference player: the search algorithm with `base`'s weights (its rollouts and its
    answers to the other questions) and the default budget."""
    w = list(base.weights)
    for key, value in SEARCH_BUDGET.items():
        w[WEIGHT_NAMES[key]] = value
    return Policy(name="search", algorithm="search", weights=tuple(w), description=
                  f"Plays each legal action on, for a round, in games it deals again from what it can see "
                  f"(never from the hidden cards), '{base.name}' playing every seat, and takes the best: "
                  f"the reference player, over a thousand times slower than the others.")


load_policy_files()
POLICIES["search"] = search_policy(POLICIES.get(DEFAULT_POLICY, POLICIES["value"]))


def policy_by_name(name: str) -> Policy:
    if name in ("<default>", "default"):
        name = DEFAULT_POLICY
    if name not in POLICIES:
        if name in BROKEN:
            raise PolicyFileError(f"policy '{name}' cannot be loaded: {BROKEN[name]}")
        raise ValueError(f"unknown policy '{name}'{did_you_mean(name, POLICIES)}; allowed: {', '.join(POLICIES)}")
    return POLICIES[name]


def variant(base: str, name: str, description: str = "", **weights: float) -> Policy:
    """A new named policy: `base` with some weights changed, e.g. `variant("value", "value_draw2",
    draw=2.0)`. It is registered under its name for this process, and carries its weights, so a
    game config made with it (or with its name, here) plays it in every worker and on resume."""
    b = policy_by_name(base)
    w = list(b.weights)
    for key, value in weights.items():
        if key not in WEIGHT_NAMES:
            raise ValueError(f"unknown weight '{key}'{did_you_mean(key, WEIGHT_NAMES)}; allowed: {', '.join(WEIGHT_NAMES)}")
        w[WEIGHT_NAMES[key]] = float(value)
    changed = ", ".join(f"{k}={v:g}" for k, v in weights.items())
    policy = Policy(name=name, algorithm=b.algorithm, description=description or f"'{base}' with {changed}.",
                    weights=tuple(w))
    POLICIES[name] = policy
    return policy


def describe_policies() -> str:
    return "\n".join(f"{p.name}: {p.description}" for p in POLICIES.values())
