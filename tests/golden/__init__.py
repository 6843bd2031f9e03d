"""Golden traces: a few seeded games told in full, stored as text and diffed by the tests.

Regenerate after an intended rule or policy change with `make golden` (python -m tests.golden
--regenerate), then read the diff: every rule change shows up there.
"""
from pathlib import Path

import sim

HERE = Path(__file__).resolve().parent
CASES = {  # file name: arguments of sim.trace
    "base_2p_value_seed1.txt": dict(seed=1, game=0, players=2, policies=("value",)),
    "base_3p_clock_seed2.txt": dict(seed=2, game=3, players=3, policies=("clock",)),
    "base_4p_mixed_seed3.txt": dict(seed=3, game=1, players=4, policies=("value", "greedy", "clock", "random")),
    "asgard_2p_tuned_seed1.txt": dict(seed=1, game=0, players=2, boxes=("base", "asgard"), policies=("tuned",)),
    "asgard_3p_mixed_seed4.txt": dict(seed=4, game=2, players=3, boxes=("base", "asgard"),
                                      policies=("tuned", "random", "value")),
    "solo_tuned_seed1.txt": dict(seed=1, game=0, config=sim.game_config(mode="solo", seed=1, policies=("tuned",))),
    "poseidon_3p_tuned_seed5.txt": dict(seed=5, game=0, players=3, boxes=("base", "asgard", "poseidon"),
                                        policies=("tuned",)),
    "hades_3p_tuned_seed6.txt": dict(seed=6, game=0, players=3, boxes=("base", "asgard", "poseidon", "hades"),
                                     policies=("tuned",)),
    "coop_3p_tuned_seed2.txt": dict(seed=2, game=0, config=sim.game_config(mode="coop", players=3, seed=2,
                                                                           policies=("tuned",))),
    "duel_tuned_value_seed7.txt": dict(seed=7, game=0, config=sim.game_config(mode="duel", seed=7,
                                                                             policies=("tuned", "value"))),
}


def render(name: str) -> str:
    return sim.trace(**CASES[name])


def regenerate():
    for name in CASES:
        (HERE / name).write_text(render(name), encoding="utf-8")
        print("wrote", HERE / name)

