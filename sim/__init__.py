"""Saint Seiya: Deckbuilding balance simulator.

Python API (DataFrames in, DataFrames out):
    sim.load_cards(boxes=("base",))          one row per distinct card
    sim.play(games, players=2, seed=0, ...)   play games in this process -> PlayResult
    sim.trace(seed, game=0, players=2, ...)   one game told turn by turn
    sim.simulate(games, ..., workers=None)    like `seiya simulate`: a run folder and a Run object
    sim.resume(folder)                        finish an interrupted or failed run folder
    sim.compare(games, overrides=...)         two card sets on the same seeds: paired differences
    sim.sweep(card, field, "4..10")           one card's number at several values, same seeds
    sim.impact(cards=None)                    each card removed: change in length and balance
    sim.suggest(cards=None)                   smallest cost changes bringing outliers back, verified
"""
from sim.engine.cache import configure as _configure_cache

_configure_cache()  # before numba is imported anywhere

from sim.games import PlayResult, load_cards, play, trace, trace_events  # noqa: E402
from sim.policy_catalog import POLICIES, describe_policies  # noqa: E402
from sim.tools.run import Run, resume_run, simulate  # noqa: E402
from sim.tools.tuning import compare, impact, suggest, sweep  # noqa: E402
resume = resume_run

__all__ = ["load_cards", "play", "trace", "trace_events", "simulate", "resume", "compare", "sweep", "impact", "suggest",
           "Run", "PlayResult", "POLICIES", "describe_policies"]
__version__ = "0.1.0"
